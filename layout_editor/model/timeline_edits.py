"""The editor's timeline edits as undo steps: each takes the mission as set
up and gives an `Edit` (the new mission and what changed), like every edit
in edits.py. The timeline's own arithmetic (where an event goes in the
file's order) is timeline.py's; this module makes it an editor step.

A timeline event changes no piece, marker or zone of the table as set up:
the step says the `timeline` changed and every view that
shows a round works its table out again.
"""
from __future__ import annotations

from dataclasses import replace

from ..phrases import Phrase
from . import timeline as tl
from .edits import Change, Edit, EditRefused
from .mission import Mission
from .timeline_data import Change as TimelineChange
from .timeline_data import Event, HatchwayRef

TIMELINE_CHANGE = Change(timeline=True)


def _index(mission: Mission, index: int) -> int:
    if not 0 <= index < len(mission.timeline):
        raise EditRefused(Phrase("the timeline has no event {n}", n=index + 1))
    return index


def _check_round(mission: Mission, event: Event) -> None:
    last = tl.battle_rounds(mission)
    if not 1 <= event.round <= last:
        raise EditRefused(Phrase("round {r} is not in the battle (rounds 1 to {last})", r=event.round, last=last))


def add_event(mission: Mission, event: Event) -> Edit:
    """Add Timeline Event."""
    _check_round(mission, event)
    return Edit(tl.add_event(mission, event), TIMELINE_CHANGE)


def replace_event(mission: Mission, index: int, event: Event) -> Edit:
    """Edit Timeline Event: the event at `index` of mission.timeline becomes `event`."""
    _check_round(mission, event)
    return Edit(tl.replace_event(mission, _index(mission, index), event), TIMELINE_CHANGE)


def remove_event(mission: Mission, index: int) -> Edit:
    """Remove Timeline Event."""
    return Edit(tl.remove_event(mission, _index(mission, index)), TIMELINE_CHANGE)


def changes_at_start_of(mission: Mission, changes: tuple[TimelineChange, ...], r: int) -> Edit:
    """`changes` at the start of round `r` ("the hatchway opens at the start
    of round 3"): put into that round's start event when it has one
    without a trigger (the card prints them together, and a trigger would
    make it conditional), replacing a change of the same thing there;
    else in a new event."""
    if not changes:
        raise EditRefused(Phrase("nothing to change"))
    index = next((i for i, e in enumerate(mission.timeline)
                  if e.round == r and e.phase == "start" and e.trigger is None), None)
    if index is None:
        return add_event(mission, Event(round=r, changes=changes))
    event = mission.timeline[index]
    kept = tuple(c for c in event.changes if not any(_same_thing(c, new) for new in changes))
    return replace_event(mission, index, replace(event, changes=kept + changes))


def _same_thing(a: TimelineChange, b: TimelineChange) -> bool:
    if a.target != b.target:
        return False
    if isinstance(a.ref, HatchwayRef) and isinstance(b.ref, HatchwayRef):
        return a.ref.names(b.ref.board, b.ref.from_node, b.ref.to_node)
    return bool(a.ref == b.ref)
