"""The tool interface. The scene sends mouse events, and the view keys, to the
tool manager (manager.py), which hands them to the one active tool; a tool
answers True when it handled the event.

A tool is made with the editor's services (services.py) and uses nothing
else: it edits the mission only through `self.document.apply(...)` (one undo
step per user action, see document.py), shows hints with `self.status(...)`,
switches tools with `self.services.tools.select(name)` and may put temporary
items on the scene (remove them in `deactivate`).

To add a tool: subclass Tool, set `name`, `shortcut` and `tip` (and, for
translation, `self.title = self.tr("...")` and `self.tip = self.tr("...")`
in __init__), and register it with `self.add_tool(MyTool(self.services))`
in MainWindow.__init__ (main_window.py); docs/architecture.md says more.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeyEvent

from ..i18n import tr

if TYPE_CHECKING:
    from ..services import EditorServices


class Tool(QObject):
    name = "Tool"        # the tool's id (ToolManager.tools[name]); the toolbar text unless `title` is set
    title = ""           # the toolbar text in the user's language (set in __init__ with self.tr)
    shortcut = ""        # a single key, e.g. "S"
    tip = ""             # the status tip and tooltip
    icon = None          # a QIcon, or None for text only
    cursor = None        # a Qt.CursorShape to show over the table while active

    def __init__(self, services: EditorServices):
        super().__init__()  # the tool manager owns it once registered
        self.services = services
        # A subclass may give its title and tip as class attributes marked
        # QT_TR_NOOP (lupdate files them in the shared context): said here
        # in the interface's language.
        self.title = tr(self.title) if self.title else ""
        self.tip = tr(self.tip) if self.tip else ""

    @property
    def document(self):
        return self.services.document

    @property
    def scene(self):
        return self.services.scene

    @property
    def view(self):
        return self.services.view

    @property
    def mission(self):
        return self.services.document.mission

    def status(self, text: str, ms: int = 6000) -> None:
        self.services.status(text, ms)

    def is_active(self) -> bool:
        return self.services.tools.active is self

    def dragging(self) -> bool:
        """True while a drag of this tool's is under way (the view keeps the
        scene's ghost when the cursor leaves the table)."""
        return False

    # -- life --------------------------------------------------------------
    def activate(self) -> None:
        """Called when the tool becomes the active one."""

    def deactivate(self) -> None:
        """Called when another tool takes over: drop any half-done gesture."""

    # -- events (table mm in ToolEvent) ---------------------------------------
    def mouse_press(self, ev) -> bool:
        return False

    def mouse_move(self, ev) -> bool:
        return False

    def mouse_release(self, ev) -> bool:
        return False

    def double_click(self, ev) -> bool:
        return False

    def key_press(self, ev: QKeyEvent) -> bool:
        return False

    def hint(self) -> str:
        """What to do with the tool, said when a panel switches to it."""
        return self.tip

    def action(self, name: str) -> bool:
        """The window's editing actions ("turn", "end_for_end", "flip",
        "open", "delete", "escape", and the arrow keys "left", "right", "up",
        "down") ask the active tool first: True means
        the tool did it (the boards tool turns a board, the place tool turns
        the piece about to be placed); False lets the window act on the
        selected pieces."""
        return False
