"""The games a mission can be for, and the rule numbers that differ between
them, in one place (no Qt, no shapely): Warhammer 40,000 Boarding Actions
and Kill Team close quarters on the "Gallowdark" killzone (the same boards
and the same labelled pieces; shared/reference/terrain.md).

A mission names its game in the file (`game:`, default boarding-actions);
`game_of(mission)` gives its rules. The geometry core (rules/obstacles,
paths, sight) is shared and takes these numbers as arguments; what only one
game has (Kill Team's cover from wall corners and ends, the access point's
extra inch) lives in that game's own rules module.

Numbers (inches, as the rules print them):
- objective range: Boarding Actions 1" horizontally; Kill Team control
  range 1". Both measure to the 40 mm marker's nearest edge.
- across an open hatchway: Boarding Actions engagement range 2"; Kill Team's
  Hatchway Fight reaches 2" to the other side.
- access point: Kill Team adds 1" to a move for crossing an open hatchway's
  access point (Accessible); Boarding Actions adds nothing.
- a move: 6" in both (a Boarding Actions infantry model's common Move and a
  Kill Team operative's common Move); used for "turns to get there".
- first-turn reach (the editor's overlay, `analyze`'s first_turn, the
  designer's page), the bands a base's centre is measured against from its
  zone, for a move of move_in (first_turn_bands): Boarding Actions 6" (a
  Move), 9.5" (with an average Advance, 3.5") and 12" (with a Charge, 6").
  Kill Team, our reading: an operative's first activation is one Reposition
  of 6" and, for a second action point, a Dash of 3": bands 6" (Reposition)
  and 9" (Reposition and Dash). Charge and Fall Back are left out: neither
  goes farther than a Reposition and a Dash.
"""
from __future__ import annotations

from dataclasses import dataclass

BOARDING_ACTIONS = "boarding-actions"
KILL_TEAM = "kill-team"


@dataclass(frozen=True)
class Game:
    id: str
    boards: int | None                # boards the battlefield has; None: any
    players: tuple[int, ...]          # the player counts the game allows
    kit: str | None                   # catalogue kit the parts check counts
                                      #   against; None: a whole terrain set
    hatchways_start_closed: bool      # every hatchway closed when battle starts
    access_point_in: float            # added to a move that crosses an open hatchway
    objective_range_in: float         # range (control range) of an objective marker
    hatchway_fight_in: float          # engagement across an open hatchway
    move_in: float                    # one move, for "turns to get there"
    turns_default: int                # battle rounds / turning points of a new mission
    first_turn_bands_in: tuple[float, ...] = (6.0, 9.5, 12.0)
                                      # first-turn reach for a move of move_in, nearest first


GAMES: dict[str, Game] = {
    BOARDING_ACTIONS: Game(
        id=BOARDING_ACTIONS, boards=None, players=(2, 3, 4), kit=None,
        hatchways_start_closed=False, access_point_in=0.0,
        objective_range_in=1.0, hatchway_fight_in=2.0, move_in=6.0,
        turns_default=5, first_turn_bands_in=(6.0, 9.5, 12.0)),
    KILL_TEAM: Game(
        id=KILL_TEAM, boards=1, players=(2,), kit="killzone-gallowdark",
        hatchways_start_closed=True, access_point_in=1.0,
        objective_range_in=1.0, hatchway_fight_in=2.0, move_in=6.0,
        turns_default=4, first_turn_bands_in=(6.0, 9.0)),
}


def game(game_id: str) -> Game:
    """The rules of a game by its file name; KeyError for an unknown one
    (a loaded file never has one: io refuses it)."""
    return GAMES[game_id]


def game_of(mission) -> Game:
    """The rules of the game the mission is for."""
    return GAMES[mission.game]


def first_turn_bands(g: Game, move_in: float | None = None) -> tuple[float, ...]:
    """The game's first-turn bands for a move of move_in (default the game's
    own): each band keeps its distance past the move (Boarding Actions' 6"
    move gives 6, 9.5, 12; a 5" one 5, 8.5, 11)."""
    move = g.move_in if move_in is None else move_in
    return tuple(move + (b - g.move_in) for b in g.first_turn_bands_in)


def is_kill_team(mission) -> bool:
    return mission.game == KILL_TEAM
