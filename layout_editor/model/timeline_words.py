"""The timeline in players' words, for the card's round track, the
designer's page, the setup sheet and `analyze`: "Round 2, start: the
hatchway B2 on board A from C/2 to C/3 is unlocked". Every sentence is a
Phrase (phrases.py), one template per change, so it reads in German too.
"""
from __future__ import annotations

from ..catalogue import Catalogue
from ..phrases import QT_TR_NOOP, Phrase
from .mission import Mission
from .names import describe_piece, node_name
from .timeline_data import AREA, HATCHWAY, OBJECTIVE, Change, Event, HatchwayRef

# Each phase as the card prints it.
PHASE_WORDS = {
    "start": QT_TR_NOOP("start of the round"),
    "command": QT_TR_NOOP("Command phase"),
    "movement": QT_TR_NOOP("Movement phase"),
    "shooting": QT_TR_NOOP("Shooting phase"),
    "charge": QT_TR_NOOP("Charge phase"),
    "fight": QT_TR_NOOP("Fight phase"),
    "end": QT_TR_NOOP("end of the round"),
}


STATE_WORDS = {
    "clear": QT_TR_NOOP("clear"),
    "impassable": QT_TR_NOOP("impassable"),
    "dangerous": QT_TR_NOOP("dangerous"),
    "dark": QT_TR_NOOP("dark"),
}


def state_words(state: str) -> Phrase:
    """An area's state, as a word of the page."""
    return Phrase(STATE_WORDS.get(state, state))


def phase_words(phase: str) -> Phrase:
    return Phrase(PHASE_WORDS.get(phase, phase))


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


_HATCHWAY = {
    "open": QT_TR_NOOP("{what} opens"),
    "closed": QT_TR_NOOP("{what} closes"),
    "locked": QT_TR_NOOP("{what} is locked"),
    "unlocked": QT_TR_NOOP("{what} is unlocked"),
}
_AREA = {
    "impassable": QT_TR_NOOP("{name} becomes impassable"),
    "dangerous": QT_TR_NOOP("{name} becomes dangerous"),
    "dark": QT_TR_NOOP("{name} goes dark"),
    "clear": QT_TR_NOOP("{name} is clear again"),
    "removed": QT_TR_NOOP("{name} is removed"),
}
_OBJECTIVE = {
    "appears": QT_TR_NOOP("objective {id} appears"),
    "removed": QT_TR_NOOP("objective {id} is removed"),
    "moves": QT_TR_NOOP("objective {id} moves"),
}
_ZONE = {
    "opens": QT_TR_NOOP("entry zone {name} opens"),
    "closes": QT_TR_NOOP("entry zone {name} closes"),
}


def change_words(mission: Mission, change: Change, catalogue: Catalogue | None = None) -> Phrase:
    """One change in a sentence: "A3 on board A from C/2 to C/4 is unlocked"."""
    ref = change.ref
    if change.target == HATCHWAY and isinstance(ref, HatchwayRef):
        return Phrase(_HATCHWAY.get(change.becomes, "{what}: {becomes}"),
                      what=hatchway_words(mission, ref, catalogue), becomes=change.becomes)
    if change.target == AREA:
        return Phrase(_AREA.get(change.becomes, "{name}: {becomes}"), name=ref, becomes=change.becomes)
    if change.target == OBJECTIVE:
        return Phrase(_OBJECTIVE.get(change.becomes, "objective {id}: {becomes}"), id=ref, becomes=change.becomes)
    return Phrase(_ZONE.get(change.becomes, "entry zone {name}: {becomes}"), name=ref, becomes=change.becomes)


def event_words(mission: Mission, event: Event, catalogue: Catalogue | None = None) -> list[Phrase]:
    """An event's lines: its trigger and text (as written), then each change."""
    lines: list[Phrase] = []
    if event.trigger:
        lines.append(Phrase("{text}", text=event.trigger))
    if event.text:
        lines.append(Phrase("{text}", text=event.text))
    lines += [change_words(mission, c, catalogue) for c in event.changes]
    return lines
