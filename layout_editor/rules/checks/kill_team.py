"""The checks that differ by game: a Kill Team killzone (games.py) is one
board, two players, every hatchway closed when the battle starts; a file's
texts belong to its game (turning points and ops for Kill Team, battle
rounds and points for Boarding Actions).

Our readings, where the rules leave it open:
- a Kill Team file that sets a hatchway open is still checked as laid (its
  routes and sight use the door as the file has it), with a warning: the
  killzone's rules start every hatchway closed.
- the other game's texts are kept in the file and shown as info, not
  refused: a mission moved from one game to the other loses nothing.
"""
from __future__ import annotations

from ...catalogue import Catalogue
from ...games import KILL_TEAM, game_of
from ...model.mission import Mission
from ...model.names import describe_piece
from ...phrases import Listing, Phrase
from .findings import Finding


def game_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    game = game_of(mission)
    findings: list[Finding] = []
    if game.boards is not None and len(mission.boards) != game.boards:
        findings.append(Finding(
            "error", "kt-one-board",
            Phrase("a Kill Team killzone is one board, but this mission lays {n}", n=len(mission.boards))))
    if mission.players not in game.players:
        findings.append(Finding(
            "error", "kt-two-players",
            Phrase("Kill Team is played by two players, but this mission is for {n}", n=mission.players)))
    if game.hatchways_start_closed:
        opened = [p for p in mission.pieces if p.open]
        if opened:
            findings.append(Finding(
                "warning", "kt-hatchway-open",
                Phrase("in Kill Team every hatchway starts closed, but the mission sets {pieces} open; "
                       "routes and sight are worked out with it open as set",
                       pieces=Listing([describe_piece(p, cat) for p in opened])),
                pieces=tuple(p.uid for p in opened)))
    text = mission.mission
    if mission.game == KILL_TEAM:
        other = [key for key, value in (("battle_rounds", text.battle_rounds), ("points", text.points))
                 if value is not None]
        if other:
            findings.append(Finding(
                "info", "other-game-texts",
                Phrase("the mission's {keys} belong to Boarding Actions; a Kill Team card shows turning "
                       "points and ops instead, and keeps them only in the file", keys=", ".join(other))))
    else:
        other = [key for key, value in (("turning_points", text.turning_points), ("ops", text.ops)) if value]
        if other:
            findings.append(Finding(
                "info", "other-game-texts",
                Phrase("the mission's {keys} belong to Kill Team; a Boarding Actions card shows battle "
                       "rounds and points instead, and keeps them only in the file", keys=", ".join(other))))
    return findings

