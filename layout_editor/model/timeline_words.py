"""The timeline in players' words, for the card's round track, the
designer's page, the setup sheet and `analyze`: "Round 2, start: the
hatchway B2 on board A from C/2 to C/3 is unlocked". Every sentence is a
Phrase (phrases.py), one template per change, so it reads in German too.
"""
from __future__ import annotations

from collections.abc import Callable

from ..catalogue import Catalogue
from ..phrases import Phrase
from .mission import Mission
from .names import describe_piece, node_name
from .timeline_data import AREA, HATCHWAY, OBJECTIVE, Change, Event, HatchwayRef

# Each phase as the card prints it.
PHASE_WORDS: dict[str, Callable[[], Phrase]] = {
    "start": lambda: Phrase("start of the round"),
    "command": lambda: Phrase("Command phase"),
    "movement": lambda: Phrase("Movement phase"),
    "shooting": lambda: Phrase("Shooting phase"),
    "charge": lambda: Phrase("Charge phase"),
    "fight": lambda: Phrase("Fight phase"),
    "end": lambda: Phrase("end of the round"),
}

STATE_WORDS: dict[str, Callable[[], Phrase]] = {
    "clear": lambda: Phrase("clear"),
    "impassable": lambda: Phrase("impassable"),
    "dangerous": lambda: Phrase("dangerous"),
    "dark": lambda: Phrase("dark"),
}


def state_words(state: str) -> Phrase:
    """An area's state, as a word of the page."""
    said = STATE_WORDS.get(state)
    return said() if said else Phrase("{state}", state=state)


def phase_words(phase: str) -> Phrase:
    said = PHASE_WORDS.get(phase)
    return said() if said else Phrase("{phase}", phase=phase)


def when_words(event: Event, kill_team: bool = False) -> Phrase:
    """"Round 2, start of the round" (Kill Team: "Turning point 2, ...")."""
    if kill_team:
        return Phrase("Turning point {round}, {phase}", round=event.round, phase=phase_words(event.phase))
    return Phrase("Round {round}, {phase}", round=event.round, phase=phase_words(event.phase))


def hatchway_words(mission: Mission, ref: HatchwayRef, catalogue: Catalogue | None = None) -> Phrase:
    """The hatchway a change names, as the rules check names its piece."""
    for p in mission.pieces:
        if p.open is not None and ref.names(p.board, p.from_node, p.to_node):
            return describe_piece(p, catalogue)
    return Phrase("the hatchway on board {board} from {start} to {end}", board=ref.board,
                  start=node_name(ref.from_node), end=node_name(ref.to_node))


_HATCHWAY: dict[str, Callable[[Phrase], Phrase]] = {
    "open": lambda what: Phrase("{what} opens", what=what),
    "closed": lambda what: Phrase("{what} closes", what=what),
    "locked": lambda what: Phrase("{what} is locked", what=what),
    "unlocked": lambda what: Phrase("{what} is unlocked", what=what),
}
_AREA: dict[str, Callable[[str], Phrase]] = {
    "impassable": lambda name: Phrase("{name} becomes impassable", name=name),
    "dangerous": lambda name: Phrase("{name} becomes dangerous", name=name),
    "dark": lambda name: Phrase("{name} goes dark", name=name),
    "clear": lambda name: Phrase("{name} is clear again", name=name),
    "removed": lambda name: Phrase("{name} is removed", name=name),
}
_OBJECTIVE: dict[str, Callable[[str], Phrase]] = {
    "appears": lambda oid: Phrase("objective {id} appears", id=oid),
    "removed": lambda oid: Phrase("objective {id} is removed", id=oid),
    "moves": lambda oid: Phrase("objective {id} moves", id=oid),
}
_ZONE: dict[str, Callable[[str], Phrase]] = {
    "opens": lambda name: Phrase("entry zone {name} opens", name=name),
    "closes": lambda name: Phrase("entry zone {name} closes", name=name),
}


def change_words(mission: Mission, change: Change, catalogue: Catalogue | None = None) -> Phrase:
    """One change in a sentence: "A3 on board A from C/2 to C/4 is unlocked"."""
    ref = change.ref
    if change.target == HATCHWAY and isinstance(ref, HatchwayRef):
        what = hatchway_words(mission, ref, catalogue)
        hatchway = _HATCHWAY.get(change.becomes)
        return hatchway(what) if hatchway else Phrase("{what}: {becomes}", what=what, becomes=change.becomes)
    name = str(ref)
    if change.target == AREA:
        area = _AREA.get(change.becomes)
        return area(name) if area else Phrase("{name}: {becomes}", name=name, becomes=change.becomes)
    if change.target == OBJECTIVE:
        objective = _OBJECTIVE.get(change.becomes)
        return objective(name) if objective else Phrase("objective {id}: {becomes}", id=name, becomes=change.becomes)
    zone = _ZONE.get(change.becomes)
    return zone(name) if zone else Phrase("entry zone {name}: {becomes}", name=name, becomes=change.becomes)


def event_words(mission: Mission, event: Event, catalogue: Catalogue | None = None) -> list[Phrase]:
    """An event's lines: its trigger and text (as written), then each change."""
    lines: list[Phrase] = []
    if event.trigger:
        lines.append(Phrase("{text}", text=event.trigger))
    if event.text:
        lines.append(Phrase("{text}", text=event.text))
    lines += [change_words(mission, c, catalogue) for c in event.changes]
    return lines
