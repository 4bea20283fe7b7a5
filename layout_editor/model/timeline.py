"""The table in each battle round: a mission's timeline applied.

    mission_in_round(mission, r) -> Mission   the table as it is in round r
    rounds_with_changes(mission) -> (r, ...)  the rounds whose table differs
    battle_rounds(mission) -> int             how many rounds the battle has
    add_event / replace_event / remove_event  the editor's undo steps

Our choice of when a change shows (the format does not say more than
"round and phase"; the rules core judges one table per round): **the table
in round r** is the starting table with every event of an earlier round
applied, and the events of round r at the phases `start` and `command`
(before anyone moves). An event at a later phase of round r (movement,
shooting, charge, fight, end) shows from round r + 1: what happens during a
round is judged from the next one. The rules check says so (an info
finding) when a mission has such an event.

Starting states: a hatchway is as its piece says (`open`, `locked`); an
objective whose first event is `appears` is absent until then; a named
entry zone whose first event is `opens` is closed (absent) until then; a
region has its `state`. In one round, events apply in phase order, then in
the file's order. The table of a round is a plain Mission (its timeline
kept), so every rule, overlay and print works on it unchanged.
"""
from __future__ import annotations

from dataclasses import replace

from ..catalogue import Catalogue, default_catalogue
from ..games import GAMES, KILL_TEAM
from .mission import EntryZone, Mission, Objective, Piece, Region
from .timeline_data import (  # re-exported (__all__): the timeline's names live here
    AREA,
    AREA_STATES,
    BECOMES,
    BEFORE_ANYONE_MOVES,
    COUNTS_AS,
    DEFAULT_MARKER_KIND,
    ENTRY_ZONE,
    HATCHWAY,
    OBJECTIVE,
    PHASES,
    TARGET_KEYS,
    TARGETS,
    Change,
    Event,
    HatchwayRef,
    MarkerKind,
    Point,
)

__all__ = [
    "AREA",
    "AREA_STATES",
    "BECOMES",
    "BEFORE_ANYONE_MOVES",
    "COUNTS_AS",
    "DEFAULT_MARKER_KIND",
    "ENTRY_ZONE",
    "HATCHWAY",
    "OBJECTIVE",
    "PHASES",
    "TARGETS",
    "TARGET_KEYS",
    "Change",
    "Event",
    "HatchwayRef",
    "MarkerKind",
    "Point",
    "add_event",
    "after_last_round",
    "battle_rounds",
    "events_naming",
    "hatchway_ref",
    "in_order",
    "mission_in_round",
    "remove_event",
    "replace_event",
    "retarget_hatchway",
    "retarget_hatchways",
    "rounds_with_changes",
    "shows_in",
    "starts_absent",
    "starts_closed",
    "uses_timeline",
]


def marker_kind(mission: Mission, kind: str, catalogue: Catalogue | None = None) -> MarkerKind:
    """What a marker of `kind` is in this mission: the file's own kind, else
    the catalogue's (resources/catalogue/markers.yaml), else an objective
    marker (40 mm) by that name."""
    for k in mission.marker_kinds:
        if k.id == kind:
            return k
    cat = catalogue or default_catalogue()
    found = cat.markers.get(kind)
    if found is not None:
        return MarkerKind(id=found.id, name=found.name, diameter=found.diameter, counts_as=found.counts_as)
    return MarkerKind(id=kind, name=kind, diameter=40.0, counts_as="objective")


def battle_rounds(mission: Mission) -> int:
    """The battle's length: `battle_rounds` (Boarding Actions) or
    `turning_points` (Kill Team) of the mission texts, else the game's
    default (5 battle rounds; 4 turning points)."""
    text = mission.mission
    if mission.game == KILL_TEAM:
        given = text.turning_points or text.battle_rounds
    else:
        given = text.battle_rounds or text.turning_points
    if given:
        return given
    game = GAMES.get(mission.game)
    return game.turns_default if game is not None else 5


def shows_in(event: Event) -> int:
    """The first round whose table shows `event` (module notes)."""
    return event.round if event.phase in BEFORE_ANYONE_MOVES else event.round + 1


def _order(event: Event) -> tuple[int, int]:
    phase = PHASES.index(event.phase) if event.phase in PHASES else len(PHASES)
    return (event.round, phase)


def in_order(mission: Mission) -> tuple[Event, ...]:
    """The events in the order they happen (round, phase, then the file's order)."""
    return tuple(sorted(mission.timeline, key=_order))


def _first_becomes(mission: Mission, target: str, ref: str) -> str | None:
    for event in in_order(mission):
        for change in event.changes:
            if change.target == target and change.ref == ref:
                return change.becomes
    return None


def starts_absent(mission: Mission, objective_id: str) -> bool:
    """True when an objective is not on the table at the start (its first
    event makes it appear)."""
    return _first_becomes(mission, OBJECTIVE, objective_id) == "appears"


def starts_closed(mission: Mission, zone_name: str) -> bool:
    """True when a named entry zone is closed at the start (its first event
    opens it)."""
    return _first_becomes(mission, ENTRY_ZONE, zone_name) == "opens"


def _hatchway(piece: Piece, becomes: str) -> Piece:
    if becomes == "open":
        return replace(piece, open=True, locked=False)
    if becomes == "closed":
        return replace(piece, open=False)
    if becomes == "locked":
        return replace(piece, open=False, locked=True)
    return replace(piece, locked=False)  # unlocked: still closed, but it may be opened


def mission_in_round(mission: Mission, r: int) -> Mission:
    """The table in round `r` (module notes) as a plain Mission. A mission
    whose table never changes up to round r is returned itself (the rules
    core's caches then see the same mission)."""
    absent_objectives = {o.id for o in mission.objectives if starts_absent(mission, o.id)}
    closed_zones = {z.name for z in mission.entry_zones if z.name is not None and starts_closed(mission, z.name)}
    applied = [e for e in in_order(mission) if shows_in(e) <= r]
    if not applied and not absent_objectives and not closed_zones:
        return mission
    pieces = list(mission.pieces)
    moved: dict[str, Point] = {}
    area_states: dict[str, str] = {}
    for event in applied:
        for change in event.changes:
            if change.target == HATCHWAY and isinstance(change.ref, HatchwayRef):
                ref = change.ref
                for i, piece in enumerate(pieces):
                    if piece.open is not None and ref.names(piece.board, piece.from_node, piece.to_node):
                        pieces[i] = _hatchway(piece, change.becomes)
            elif change.target == AREA and isinstance(change.ref, str):
                area_states[change.ref] = change.becomes
            elif change.target == OBJECTIVE and isinstance(change.ref, str):
                if change.becomes == "removed":
                    absent_objectives.add(change.ref)
                else:
                    absent_objectives.discard(change.ref)
                    if change.becomes == "moves" and change.to is not None:
                        moved[change.ref] = change.to
            elif change.target == ENTRY_ZONE and isinstance(change.ref, str):
                if change.becomes == "closes":
                    closed_zones.add(change.ref)
                else:
                    closed_zones.discard(change.ref)
    objectives: list[Objective] = []
    for o in mission.objectives:
        if o.id in absent_objectives:
            continue
        objectives.append(replace(o, at=moved[o.id]) if o.id in moved else o)
    zones: list[EntryZone] = [z for z in mission.entry_zones if z.name not in closed_zones]
    regions: list[Region] = []
    for region in mission.regions:
        state = area_states.get(region.name, region.state)
        if state == "removed":
            continue
        regions.append(region if state == region.state else replace(region, state=state))
    # Pieces keep their uid: the editor's selection follows a piece from round to round.
    return replace(mission, pieces=tuple(pieces), objectives=tuple(objectives), entry_zones=tuple(zones),
                   regions=tuple(regions))


def rounds_with_changes(mission: Mission) -> tuple[int, ...]:
    """The rounds (1 up to the battle's length) whose table differs from the
    round before (round 1: from the table as set up, mission_in_round(m, 0)),
    in order. An event that changes nothing (it names what is not there, or
    sets what already is) makes no round."""
    last = battle_rounds(mission)
    candidates = sorted({shows_in(e) for e in mission.timeline if e.changes and 1 <= shows_in(e) <= last})
    rounds = []
    for r in candidates:
        if mission_in_round(mission, r) != mission_in_round(mission, r - 1):
            rounds.append(r)
    return tuple(rounds)


def after_last_round(mission: Mission) -> tuple[Event, ...]:
    """Events that never show on a table: past the battle's last round (or
    at a late phase of the last round: they would show in the round after)."""
    last = battle_rounds(mission)
    return tuple(e for e in mission.timeline if shows_in(e) > last)


def uses_timeline(mission: Mission) -> bool:
    """True when the mission uses anything of format version 2 (the writer
    then writes `version: 2`; else version 1, as before)."""
    return bool(mission.timeline or mission.marker_kinds
                or any(p.locked for p in mission.pieces)
                or any(o.kind != DEFAULT_MARKER_KIND for o in mission.objectives)
                or any(r.state != "clear" for r in mission.regions))


# -- the editor's edits: each one an undo step, each a new mission ---------------------

def add_event(mission: Mission, event: Event) -> Mission:
    """`event` added where it happens: after every event of an earlier or the
    same moment, so the file reads in the order of the battle."""
    key = _order(event)
    events = list(mission.timeline)
    at = len(events)
    for i, other in enumerate(events):
        if _order(other) > key:
            at = i
            break
    events.insert(at, event)
    return replace(mission, timeline=tuple(events))


def replace_event(mission: Mission, index: int, event: Event) -> Mission:
    """The event at `index` of mission.timeline replaced by `event` (moved to
    where it now happens when its round or phase changed)."""
    old = mission.timeline[index]
    if _order(old) == _order(event):
        events = list(mission.timeline)
        events[index] = event
        return replace(mission, timeline=tuple(events))
    return add_event(remove_event(mission, index), event)


def remove_event(mission: Mission, index: int) -> Mission:
    """The mission without the event at `index` of mission.timeline."""
    events = list(mission.timeline)
    del events[index]
    return replace(mission, timeline=tuple(events))


def retarget_hatchway(mission: Mission, old: HatchwayRef, new: HatchwayRef) -> Mission:
    """Every change that names hatchway `old` named `new` instead (a hatchway
    piece moved or turned in the editor carries its timeline along)."""
    return retarget_hatchways(mission, [(old, new)])


def retarget_hatchways(mission: Mission, moves: list[tuple[HatchwayRef, HatchwayRef]]) -> Mission:
    """retarget_hatchway for several hatchways at once: each change is
    looked up among the old names only, so hatchways that swap places (a
    group turned) each keep their own events."""
    if not moves or not mission.timeline:
        return mission
    events = []
    touched = False
    for event in mission.timeline:
        changes = []
        for change in event.changes:
            if change.target == HATCHWAY and isinstance(change.ref, HatchwayRef):
                for old, new in moves:
                    if change.ref.names(old.board, old.from_node, old.to_node):
                        change = replace(change, ref=new)
                        touched = True
                        break
            changes.append(change)
        events.append(replace(event, changes=tuple(changes)))
    return replace(mission, timeline=tuple(events)) if touched else mission


def hatchway_ref(piece: Piece) -> HatchwayRef | None:
    """The name a hatchway piece has in the timeline; None for other pieces."""
    if piece.open is None or piece.from_node is None or piece.to_node is None:
        return None
    return HatchwayRef(board=piece.board, from_node=piece.from_node, to_node=piece.to_node)


def events_naming(mission: Mission, target: str, ref: HatchwayRef | str) -> tuple[int, ...]:
    """The indexes in mission.timeline of the events with a change of `target` `ref`."""
    def names(change: Change) -> bool:
        if change.target != target:
            return False
        if isinstance(ref, HatchwayRef) and isinstance(change.ref, HatchwayRef):
            return change.ref.names(ref.board, ref.from_node, ref.to_node)
        return change.ref == ref
    return tuple(i for i, e in enumerate(mission.timeline) if any(names(c) for c in e.changes))
