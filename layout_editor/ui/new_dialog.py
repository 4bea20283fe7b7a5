"""File > New: which game the new mission is for. Boarding Actions starts on
two touching boards, Kill Team on one killzone board (four turning points).
The choice made last is offered first next time (settings.LAST_GAME); before
the first, the game of the mission that is open."""
from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QDialog, QDialogButtonBox, QLabel, QRadioButton, QVBoxLayout, QWidget

from . import settings
from .game import GAME_ORDER, game_description, game_name


class NewMissionDialog(QDialog):
    """Pick a game; `chosen()` is its id once the dialog is accepted."""

    def __init__(self, parent: QWidget | None = None, game: str | None = None, current: str | None = None):
        super().__init__(parent)
        self.setObjectName("newMissionDialog")
        self.setWindowTitle(self.tr("New Mission"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Which game is the mission for?")))
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        start = game if game in GAME_ORDER else settings.last_game(current if current in GAME_ORDER
                                                                   else GAME_ORDER[0])
        for gid in GAME_ORDER:
            button = QRadioButton(game_name(gid))
            button.setObjectName(f"game-{gid}")
            note = QLabel(game_description(gid))
            note.setWordWrap(True)
            note.setIndent(24)
            note.setBuddy(button)
            self.group.addButton(button)
            self.buttons[gid] = button
            layout.addWidget(button)
            layout.addWidget(note)
            button.setChecked(gid == start)
        if self.group.checkedButton() is None:
            self.buttons[GAME_ORDER[0]].setChecked(True)
        self.box = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.box.accepted.connect(self.accept)
        self.box.rejected.connect(self.reject)
        layout.addWidget(self.box)
        self.setMinimumWidth(440)

    def chosen(self) -> str:
        for gid, button in self.buttons.items():
            if button.isChecked():
                return gid
        return GAME_ORDER[0]

    def choose(self, game: str) -> None:
        self.buttons[game].setChecked(True)


def ask_game(parent: QWidget | None = None, current: str | None = None) -> str | None:
    """Ask which game (`current`: the open mission's); None when the player
    cancels. The answer is remembered for next time."""
    dialog = NewMissionDialog(parent, current=current)
    try:
        if dialog.exec() != QDialog.Accepted:
            return None
        game = dialog.chosen()
    finally:
        dialog.deleteLater()
    settings.set_last_game(game)
    return game
