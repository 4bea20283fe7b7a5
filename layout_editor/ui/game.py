"""The game of the open file, as the editor speaks and behaves for it.

A mission file is for Boarding Actions (two boards or more, entry zones,
battle rounds and points) or for Kill Team close quarters on a Killzone
Gallowdark board (one board, drop zones, turning points and ops, every
hatchway closed when the battle starts): `layout_editor.games` says which
(`game_of`). The editor's parts ask here which game the mission is for, and
say their texts in that game's words: "drop zone", "access point",
"operative" and "turning point" for Kill Team.

The game never changes by an edit: only New, Open and the like bring
another mission (Document.reset, a Change with `everything`), so a part
re-reads the game when the whole mission changed.

Hatchways in Kill Team: the rules have them all closed at the start and an
operative opens one with the Operate Hatch action. So the editor does not
open one for the start of a Kill Team battle (Open Hatchway, the O key and a
double-click say why and point at the overlays' "all open" view); it still
closes one a file set open (a finding says so too).
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ..games import BOARDING_ACTIONS, GAMES, KILL_TEAM, game_of
from .i18n import Context

GameWords = Context("GameWords")

# The games as File > New and the library name them, and what each one is.
GAME_NAMES = {BOARDING_ACTIONS: QT_TRANSLATE_NOOP("GameWords", "Boarding Actions"),
              KILL_TEAM: QT_TRANSLATE_NOOP("GameWords", "Kill Team")}
GAME_DESCRIPTIONS = {
    BOARDING_ACTIONS: QT_TRANSLATE_NOOP(
        "GameWords", "Warhammer 40,000 Boarding Actions: two boards side by side (add more), "
        "entry zones, battle rounds and points; hatchways start as the map shows them."),
    KILL_TEAM: QT_TRANSLATE_NOOP(
        "GameWords", "Kill Team close quarters on one Killzone Gallowdark board: drop zones, "
        "turning points and ops, half a terrain set; every hatchway starts closed."),
}
GAME_ORDER = (BOARDING_ACTIONS, KILL_TEAM)


def game_id(mission) -> str:
    """The id of the mission's game ("boarding-actions" or "kill-team")."""
    return game_of(mission).id


def is_kill_team(mission) -> bool:
    return game_id(mission) == KILL_TEAM


def game_name(game: str) -> str:
    """A game's name in the interface's language."""
    return GameWords.tr(GAME_NAMES.get(game, GAME_NAMES[BOARDING_ACTIONS]))


def game_description(game: str) -> str:
    return GameWords.tr(GAME_DESCRIPTIONS.get(game, GAME_DESCRIPTIONS[BOARDING_ACTIONS]))


def players_allowed(mission) -> tuple[int, ...]:
    """The player counts the mission's game allows (Kill Team: two)."""
    return tuple(game_of(mission).players)


def one_board(mission) -> bool:
    """Whether the game is played on exactly one board (no Add Board)."""
    return game_of(mission).boards == 1


def opening_refused(mission) -> str | None:
    """Why a hatchway is not opened for the start of the battle (Kill Team:
    all start closed), or None where the game lets the map open one."""
    if not game_of(mission).hatchways_start_closed:
        return None
    return GameWords.tr("Kill Team: every hatchway starts the battle closed; an operative opens "
                        "one with the Operate Hatch action. To see the killzone with the doors "
                        "open, choose Hatchways: all open on the Overlays toolbar.")


__all__ = ["GAMES", "GAME_ORDER", "GameWords", "game_description", "game_id", "game_name",
           "is_kill_team", "one_board", "opening_refused", "players_allowed"]
