"""The timeline checked: every event names something that is there and
happens within the battle, and the table of every round that changes
(model/timeline.py: mission_in_round) leaves every objective reachable, no
player sealed in, and reinforcements out of sight when they arrive.

Per round, reach is judged with every hatchway a player may open opened (all
but the locked ones) and impassable areas sealed (rules/round_areas.py), for
a base of `base_mm`. The readings this rests on (when a change shows, what
impassable, dangerous and dark mean) are said by info findings.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import unary_union

from ...catalogue import Catalogue
from ...games import KILL_TEAM
from ...model.lattice import Placement, node_name
from ...model.mission import EntryZone, Mission
from ...model.timeline import (
    AREA,
    BEFORE_ANYONE_MOVES,
    ENTRY_ZONE,
    HATCHWAY,
    OBJECTIVE,
    Change,
    Event,
    HatchwayRef,
    battle_rounds,
    marker_kind,
    mission_in_round,
    rounds_with_changes,
    shows_in,
)
from ...model.timeline_words import phase_words
from ...phrases import QT_TR_NOOP, Phrase
from .. import reach
from ..areas import MM_PER_INCH, cell_polygon, zones_in_sight
from ..round_areas import (
    DANGEROUS,
    DARK,
    DARK_SIGHT_IN,
    IMPASSABLE,
    movement_table,
    openable,
)
from .findings import Finding

# The states a region may have that the rules core reads (not "clear").
_READ_STATES = (IMPASSABLE, DANGEROUS, DARK)


def when(event: Event) -> Phrase:
    """"round 2, start" as the messages say it."""
    return Phrase("round {round}, {phase}", round=event.round, phase=phase_words(event.phase))


def name_of(change: Change) -> Phrase:
    """What a change names, in a message: "the hatchway on board A from C/2 to C/4"."""
    ref = change.ref
    if change.target == HATCHWAY and isinstance(ref, HatchwayRef):
        return Phrase("the hatchway on board {board} from {start} to {end}", board=ref.board,
                      start=node_name(ref.from_node), end=node_name(ref.to_node))
    if change.target == AREA:
        return Phrase("the area {name!r}", name=ref)
    if change.target == OBJECTIVE:
        return Phrase("objective {id!r}", id=ref)
    return Phrase("the entry zone {name!r}", name=ref)


def _there(mission: Mission, change: Change) -> bool:
    ref = change.ref
    if change.target == HATCHWAY:
        return isinstance(ref, HatchwayRef) and any(
            p.open is not None and ref.names(p.board, p.from_node, p.to_node) for p in mission.pieces)
    if change.target == AREA:
        return any(r.name == ref for r in mission.regions)
    if change.target == OBJECTIVE:
        return any(o.id == ref for o in mission.objectives)
    return any(z.name == ref for z in mission.entry_zones)


def event_findings(mission: Mission) -> list[Finding]:
    """Events naming what is not there, past the battle, or after the command
    phase (our reading), and the reading of the areas' states."""
    findings: list[Finding] = []
    last = battle_rounds(mission)
    late = False
    for event in mission.timeline:
        for change in event.changes:
            if not _there(mission, change):
                findings.append(Finding(
                    "warning", "timeline-target-missing",
                    Phrase("timeline, {when}: {what} is not on the table, so '{becomes}' changes nothing",
                           when=when(event), what=name_of(change), becomes=change.becomes),
                    objectives=(str(change.ref),) if change.target == OBJECTIVE else ()))
        if shows_in(event) > last:
            findings.append(Finding(
                "warning", "timeline-after-battle",
                Phrase("timeline, {when}: the battle has {last} rounds, so no table shows this event",
                       when=when(event), last=last)))
        if event.phase not in BEFORE_ANYONE_MOVES:
            late = True
    if late:
        findings.append(Finding(
            "info", "timeline-late-phase",
            Phrase("the checks judge one table per round: an event after the command phase shows from the "
                   "next round (the tool's reading)")))
    states = {r.state for r in mission.regions} | {
        c.becomes for e in mission.timeline for c in e.changes if c.target == AREA}
    if states & set(_READ_STATES):
        findings.append(Finding(
            "info", "areas-reading",
            Phrase("areas: impassable blocks movement like a wall but not sight; a route through a dangerous "
                   "area is flagged; a model in a dark area is seen only within {dark:g}\" (the tool's "
                   "reading)", dark=DARK_SIGHT_IN)))
    return findings


def _zone_geometry(zone: EntryZone, placements: dict[str, Placement]) -> Any:
    pl = placements.get(zone.board)
    if pl is None:
        return None
    cells = [cell_polygon(pl, c) for c in zone.cells if pl.has_cell(c)]
    return unary_union(cells) if cells else None


def _dark_geometry(table: Mission, placements: dict[str, Placement]) -> Any:
    cells = [cell_polygon(placements[r.board], c) for r in table.regions
             if r.state == DARK and r.board in placements for c in r.cells if placements[r.board].has_cell(c)]
    return unary_union(cells) if cells else None


def round_findings(mission: Mission, r: int, base_mm: float, cat: Catalogue) -> list[Finding]:
    """The checks of the table in round `r`."""
    table = mission_in_round(mission, r)
    kill_team = table.game == KILL_TEAM
    placements = {b.id: Placement.of(b, cat) for b in table.boards}
    findings: list[Finding] = []
    movable = movement_table(openable(table), cat)
    regions = reach.regions(movable, base_mm=base_mm, hatches="as-set") if table.boards else []
    kinds = {o.kind: marker_kind(table, o.kind, cat) for o in table.objectives}
    counts = [o for o in table.objectives if kinds[o.kind].counts_as == "objective"]
    # Reached when a base can touch the marker (as checks/reachable.py), by its kind's size.
    limit = {o.id: kinds[o.kind].diameter / 2 + base_mm / 2 + 0.5 for o in counts}
    reached_by: dict[int, set[str]] = {}
    players = sorted({z.player for z in table.entry_zones})
    for player in players:
        cells = {(z.board, c) for z in table.entry_zones_of(player) for c in z.cells}
        parts = [p for reg in regions if reg.cells & cells for p in reg.parts]
        reached: set[str] = set()
        if parts:
            every = unary_union(parts)
            reached = {o.id for o in counts if every.distance(ShapelyPoint(o.at)) <= limit[o.id]}
        reached_by[player] = reached
    anyone = set().union(*reached_by.values()) if reached_by else set()
    if players:
        for o in counts:
            if o.id not in anyone:
                findings.append(Finding(
                    "warning", "round-objective-unreachable",
                    Phrase(QT_TR_NOOP("turning point {round}: no operative on a {base:g} mm base from either drop "
                                      "zone can reach objective {id!r} (every hatchway that may be opened open, "
                                      "impassable areas closed)") if kill_team else
                           QT_TR_NOOP("round {round}: no {base:g} mm base from any entry zone can reach objective "
                                      "{id!r} (every hatchway that may be opened open, impassable areas closed)"),
                           round=r, base=base_mm, id=o.id), objectives=(o.id,), places=(o.at,)))
        for player in players:
            if counts and not reached_by[player]:
                findings.append(Finding(
                    "warning", "round-player-sealed",
                    Phrase(QT_TR_NOOP("turning point {round}: player {player} is sealed in: no operative on a "
                                      "{base:g} mm base from their drop zone can reach any objective") if kill_team
                           else QT_TR_NOOP("round {round}: player {player} is sealed in: no {base:g} mm base from "
                                           "their entry zones can reach any objective"),
                           round=r, player=player, base=base_mm)))
    findings += _arrivals_in_sight(mission, table, r, placements)
    return findings


def _arrivals_in_sight(mission: Mission, table: Mission, r: int,
                       placements: dict[str, Placement]) -> list[Finding]:
    """Entry zones that open in round r, in sight of another player's zone."""
    opening = {c.ref for e in mission.timeline if shows_in(e) == r for c in e.changes
               if c.target == ENTRY_ZONE and c.becomes == "opens"}
    if not opening:
        return []
    findings: list[Finding] = []
    dark = _dark_geometry(table, placements)
    seen_within = DARK_SIGHT_IN * MM_PER_INCH
    for zone in table.entry_zones:
        if zone.name not in opening:
            continue
        mine = _zone_geometry(zone, placements)
        if mine is None:
            continue
        for other in table.entry_zones:
            if other.player == zone.player:
                continue
            theirs = _zone_geometry(other, placements)
            if theirs is None:
                continue
            line = zones_in_sight(table, mine, theirs, hatches="as-set")
            if line is None:
                continue
            if dark is not None and (shapely.covers(dark, mine) or shapely.covers(dark, theirs)) \
                    and mine.distance(theirs) > seen_within:
                continue  # in the dark, and too far to be seen there
            (x1, y1), (x2, y2) = line
            findings.append(Finding(
                "warning", "round-reinforcements-in-sight",
                Phrase("round {round}: the entry zone {name!r} (player {player}) opens in sight of an entry "
                       "zone of player {other}: a line from ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) mm "
                       "is clear", round=r, name=zone.name, player=zone.player, other=other.player,
                       x1=x1, y1=y1, x2=x2, y2=y2),
                places=((x1, y1), (x2, y2))))
            break
    return findings


def timeline_stages(mission: Mission, base_mm: float, cat: Catalogue,
                    rules_core: bool = True) -> Iterator[list[Finding]]:
    """The timeline's findings a part at a time (the live check may stop
    between parts): its events, then each round whose table changes (round
    1 too when it differs from the file's table or holds a locked hatchway
    or an impassable area)."""
    if not mission.timeline and not any(p.locked for p in mission.pieces) \
            and not any(reg.state != "clear" for reg in mission.regions):
        return
    yield event_findings(mission)
    if not rules_core or not mission.boards:
        return
    rounds = set(rounds_with_changes(mission))
    first = mission_in_round(mission, 1)
    if first is not mission or any(p.locked for p in mission.pieces) \
            or any(reg.state == IMPASSABLE for reg in mission.regions):
        rounds.add(1)
    for r in sorted(rounds):
        yield round_findings(mission, r, float(base_mm), cat)


def timeline_findings(mission: Mission, base_mm: float, cat: Catalogue, rules_core: bool = True) -> list[Finding]:
    """Every finding of timeline_stages."""
    return [f for part in timeline_stages(mission, base_mm, cat, rules_core) for f in part]
