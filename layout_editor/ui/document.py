"""The open mission: a Document holds the current Mission, its file path and
its undo stack, and announces every change.

Missions are immutable; an edit replaces the Document's mission with a new
one through an undo command (commands.py), and `changed(Change)` tells the
views what to redraw. Nothing else sets the mission.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from ..model.edits import EVERYTHING, Change, Edit, EditRefused, changes_nothing
from ..model.mission import Mission
from .i18n import say


class Document(QObject):
    changed = Signal(object)        # Change: what the last edit, undo or redo changed
    message = Signal(str)           # something for the status bar (a refusal, a note)
    path_changed = Signal(object)   # Path | None: after open, save as, new
    modified_changed = Signal(bool)
    replaced = Signal()             # after reset: another mission (new, open, import, recover)

    def __init__(self, mission: Mission, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._mission = mission
        self._path = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        # A bound slot, not a lambda: Qt drops the connection when the
        # Document goes, so the stack's last cleanChanged while the window is
        # torn down (quit after Discard) reaches nobody instead of raising.
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- state ------------------------------------------------------------
    @property
    def mission(self) -> Mission:
        return self._mission

    @property
    def path(self) -> Path | None:
        return self._path

    def set_path(self, path: Path | None) -> None:
        self._path = Path(path) if path else None
        self.path_changed.emit(self._path)

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def mark_saved(self) -> None:
        self.undo_stack.setClean()

    def reset(self, mission: Mission, path: Path | None = None, modified: bool = False) -> None:
        """Start over with another mission (new, open, recover): the undo
        history belongs to the old one and goes."""
        self.undo_stack.clear()
        self._mission = mission
        self._path = Path(path) if path else None
        self.path_changed.emit(self._path)
        self.changed.emit(EVERYTHING)
        if modified:
            # A recovered or imported mission is not saved anywhere yet.
            self.undo_stack.resetClean()
        else:
            # clear() keeps a clean index reset by an earlier unsaved mission.
            self.undo_stack.setClean()
        self.modified_changed.emit(self.modified)
        self.replaced.emit()

    def _set_mission(self, mission: Mission, change: Change) -> None:
        """Only undo commands call this."""
        self._mission = mission
        self.changed.emit(change)

    # -- editing ----------------------------------------------------------
    def apply(self, text: str, edit: Callable[..., Edit], *args, merge_key=None, **kwargs) -> Edit | None:
        """Run a pure edit on the current mission and push it as one undo
        step named `text` (verb + noun, as the Edit menu shows it).

        A refused edit pushes nothing and says why on `message`. An edit that
        changes nothing (edits.changes_nothing: the same layout, perhaps in
        another order) pushes nothing and returns None. Pushes with the same
        `merge_key` in a row become one step (a drag, typing in one field)."""
        from .commands import EditCommand

        try:
            result = edit(self._mission, *args, **kwargs)
        except EditRefused as e:
            self.message.emit(f"{text}: {say(e.phrase)}")
            return None
        if changes_nothing(self._mission, result.mission):
            return None
        self.undo_stack.push(EditCommand(self, text, self._mission, result, merge_key))
        if result.note:
            self.message.emit(say(result.note))
        return result
