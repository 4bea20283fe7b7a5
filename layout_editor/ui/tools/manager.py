"""The tool manager: the editor's tools and the one that is active, in the
shape of Tiled's ToolManager (one active tool, switching, events handed on).

The scene gives mouse events, the view keys, and the window its editing
actions (turn, flip, delete, the arrows, Esc) to the manager, which hands
them to the active tool; a tool answers True when it handled one. Switching
deactivates the old tool (it drops any half-done gesture) before the new one
activates. The window listens to `switched` to check the tool's button, set
the cursor and say the tool's hint; tools and panels switch tools through
`select(name)` like the toolbar does.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from .base import Tool


class ToolManager(QObject):
    switching = Signal(object)       # the tool about to activate (the old one is already deactivated)
    switched = Signal(object, bool)  # the active tool, and whether it changed

    def __init__(self, parent=None):
        super().__init__(parent)
        self.tools: dict[str, Tool] = {}
        self._active: Tool | None = None

    def register(self, tool: Tool) -> Tool:
        if tool.name in self.tools:
            raise ValueError(f"a tool named {tool.name!r} is already registered")
        tool.setParent(self)
        self.tools[tool.name] = tool
        return tool

    def tool(self, name: str) -> Tool:
        return self.tools[name]

    @property
    def active(self) -> Tool | None:
        return self._active

    def select(self, name: str) -> Tool:
        """Make the named tool the active one (again: the window re-checks its button)."""
        tool = self.tools[name]
        changed = tool is not self._active
        if changed:
            if self._active is not None:
                self._active.deactivate()
            self._active = tool
            self.switching.emit(tool)
            tool.activate()
        self.switched.emit(tool, changed)
        return tool

    # -- events, handed to the active tool ---------------------------------------------
    def mouse_press(self, ev) -> bool:
        return self._active is not None and bool(self._active.mouse_press(ev))

    def mouse_move(self, ev) -> bool:
        return self._active is not None and bool(self._active.mouse_move(ev))

    def mouse_release(self, ev) -> bool:
        return self._active is not None and bool(self._active.mouse_release(ev))

    def double_click(self, ev) -> bool:
        return self._active is not None and bool(self._active.double_click(ev))

    def key_press(self, ev) -> bool:
        return self._active is not None and bool(self._active.key_press(ev))

    def action(self, name: str) -> bool:
        return self._active is not None and bool(self._active.action(name))

    def dragging(self) -> bool:
        """Whether the active tool is in the middle of a drag (its ghost stays
        when the cursor leaves the table)."""
        return self._active is not None and self._active.dragging()
