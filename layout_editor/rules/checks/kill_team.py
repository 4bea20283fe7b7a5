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



# -- Kill Team's own findings (rules/kill_team: the readings and the rules core's answers) --

def reading_findings(mission: Mission) -> list[Finding]:
    """Where the Kill Team rules leave a question open, the tool's reading
    (written out in rules/kill_team/__init__.py), said once per file."""
    if mission.game != KILL_TEAM:
        return []
    return [
        Finding("info", "kt-routes-reading",
                Phrase("routes, the drop zones' balance and who reaches a hatchway first take every hatchway as "
                       "open (operatives open them with Operate Hatch) and add 1\" for each access point "
                       "crossed; the actions spent opening them are not counted")),
        Finding("info", "kt-cover-reading",
                Phrase("cover as this tool reads the rules' corners and ends: a corner or end is the pillar or "
                       "wall end and 15 mm of its walls, and beside an open access point the last 15 mm of "
                       "the wall; the shooter has passed one only when its whole base is on the target's side "
                       "of the line of a wall the target stands alongside (a base across that line has not)")),
        Finding("info", "kt-moves-reading",
                Phrase("a move counted the rules' way (measure's move_in: each straight increment rounded up to "
                       "the inch, 1\" per access point) is the least over routes turning anywhere, found in layers "
                       "of 1\" hops with the edges near walls sampled every 2 mm (a knife's edge may count 1\" "
                       "high, never low); from a drop zone (the balance, first-turn reach, who reaches a hatchway "
                       "first) the count of a route turning at the corners or near them, exact where it meets the "
                       "tape's length rounded up, both said where they differ")),
        Finding("info", "kt-areas-reading",
                Phrase("distances to the drop zones and the killzone's centre are measured straight, walls "
                       "ignored; the drop zones' balance is the route an operative walks to each objective")),
    ]


def drop_zone_findings(mission: Mission, cat: Catalogue, base_mm: float = 32.0) -> list[Finding]:
    """The rules core's Kill Team answers as findings: drop zones in sight of
    each other, the balance between them, who reaches the hatchways first,
    hatchways without room for a Hatchway Fight."""
    from ..kill_team.metrics import BALANCE_PCT, kill_team_metrics
    from .entry_zones import _zone_cell_key, _zone_cell_near

    if mission.game != KILL_TEAM or not mission.boards:
        return []
    m = kill_team_metrics(mission, base_mm, cat=cat)
    findings: list[Finding] = []
    for (a, b, line), open_ in [(x, False) for x in m.in_sight_at_start] + [(x, True) for x in m.in_sight_all_open]:
        if open_ and any((a, b) == (x[0], x[1]) for x in m.in_sight_at_start):
            continue  # said already: they see each other from the start
        (x1, y1), (x2, y2) = line
        za, zb = _zone_cell_near(mission, a, line[0], cat), _zone_cell_near(mission, b, line[1], cat)
        cells = tuple(c for c in (_zone_cell_key(mission, a, line[0], cat), _zone_cell_key(mission, b, line[1], cat))
                      if c)
        if not open_:
            findings.append(Finding(
                "warning", "kt-drop-zones-in-sight",
                Phrase("the drop zones of player {n} and player {n2} can see into each other (hatchways as set): "
                       "a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm",
                       n=a, n2=b, start=za, end=zb, x1=x1, y1=y1, x2=x2, y2=y2),
                places=((x1, y1), (x2, y2)), cells=cells))
        else:
            findings.append(Finding(
                "info", "kt-drop-zones-in-sight-open",
                Phrase("the drop zones of player {n} and player {n2} see into each other once every hatchway is "
                       "open: a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm",
                       n=a, n2=b, start=za, end=zb, x1=x1, y1=y1, x2=x2, y2=y2),
                places=((x1, y1), (x2, y2)), cells=cells))
    pct = m.fairness.get("total_spread_pct")
    totals = m.fairness.get("totals_in", {})
    if pct is not None and pct > BALANCE_PCT and len(totals) >= 2:
        (pa, ta), (pb, tb) = sorted(totals.items(), key=lambda kv: kv[1])[:1] + \
            sorted(totals.items(), key=lambda kv: kv[1])[-1:]
        findings.append(Finding(
            "warning", "kt-unbalanced",
            Phrase("the drop zones' routes to the objectives differ by {pct:.1f} %: player {n} has {a:.1f}\" "
                   "to walk in all, player {n2} {b:.1f}\" (every hatchway open, +1\" per access point); "
                   "keep them within {limit:g} %", pct=pct, n=pa, a=ta, n2=pb, b=tb, limit=BALANCE_PCT)))
    if any(h.first for h in m.hatchways) and mission.players >= 2:
        counts = {str(p): sum(1 for h in m.hatchways if h.first == (str(p),)) for p in range(1, mission.players + 1)}
        tied = sum(1 for h in m.hatchways if len(h.first) > 1)
        findings.append(Finding(
            "info", "kt-hatchways-first",
            Phrase("hatchways reached first (moves of {move:g}\" to within 1\" of an access point): {firsts}; "
                   "{tied} in the same move by both",
                   move=m.move_in, tied=tied,
                   firsts=Listing([Phrase("player {n}: {k}", n=int(p), k=k) for p, k in counts.items()])),
            places=tuple(h.at for h in m.hatchways)))
    blocked = [h for h in m.fights if not h.allowed]
    if blocked:
        findings.append(Finding(
            "info", "kt-no-hatchway-fight",
            Phrase("no room for a Hatchway Fight at {pieces}: a {base:g} mm base cannot stand touching the access "
                   "point on both sides", pieces=Listing([h.name for h in blocked]), base=base_mm),
            pieces=tuple(h.piece for h in blocked), places=tuple(h.at for h in blocked)))
    return findings
