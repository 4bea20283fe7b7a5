"""Undo commands. One command per user action, named verb + noun as the Edit
menu shows it ("Place A3", "Turn Board B"). A command holds the mission
before and after: missions are immutable, so undo and redo are exact and
cheap, and the Change it carries tells the views what to redraw either way.

Commands with the same merge key in a row merge into one step: every mouse
move of a drag pushes one, and the whole gesture undoes at once; a drag that
ends where it began leaves no step at all.
"""
from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..model.edits import Change, Edit
from ..model.mission import Mission

MERGEABLE_ID = 3001


class EditCommand(QUndoCommand):
    def __init__(self, document, text: str, before: Mission, edit: Edit, merge_key=None):
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = edit.mission
        self.change: Change = edit.change
        self.merge_key = merge_key

    def redo(self) -> None:
        self.document._set_mission(self.after, self.change)

    def undo(self) -> None:
        self.document._set_mission(self.before, self.change)

    def id(self) -> int:
        return MERGEABLE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        self.change = self.change | other.change
        if self.after == self.before:
            self.setObsolete(True)
        return True
