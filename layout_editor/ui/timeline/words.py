"""The timeline's words in the editor: phases, what a change does to what,
and an event as one line ("Round 3, start: hatchway A3 (board A) opens").

The file's words (`start`, `opens`, `impassable`...) are the format's
(docs/mission-format.md, "A table that changes"); these are what the player
reads, translated in the context "Timeline".
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ...model import timeline as tl
from ...model.mission import Mission
from ..game import is_kill_team
from ..i18n import Context, number

Timeline = Context("Timeline")

PHASES = {"start": QT_TRANSLATE_NOOP("Timeline", "start"),
          "command": QT_TRANSLATE_NOOP("Timeline", "Command phase"),
          "movement": QT_TRANSLATE_NOOP("Timeline", "Movement phase"),
          "shooting": QT_TRANSLATE_NOOP("Timeline", "Shooting phase"),
          "charge": QT_TRANSLATE_NOOP("Timeline", "Charge phase"),
          "fight": QT_TRANSLATE_NOOP("Timeline", "Fight phase"),
          "end": QT_TRANSLATE_NOOP("Timeline", "end")}

TARGETS = {"hatchway": QT_TRANSLATE_NOOP("Timeline", "Hatchway"),
           "area": QT_TRANSLATE_NOOP("Timeline", "Area"),
           "objective": QT_TRANSLATE_NOOP("Timeline", "Objective"),
           "entry-zone": QT_TRANSLATE_NOOP("Timeline", "Entry zone")}

# What each kind of thing can become, in the file's words, and as the
# editor offers the choice.
BECOMES = {
    "hatchway": {"open": QT_TRANSLATE_NOOP("Timeline", "opens"),
                 "closed": QT_TRANSLATE_NOOP("Timeline", "closes"),
                 "locked": QT_TRANSLATE_NOOP("Timeline", "is locked"),
                 "unlocked": QT_TRANSLATE_NOOP("Timeline", "is unlocked")},
    "area": {"impassable": QT_TRANSLATE_NOOP("Timeline", "becomes impassable"),
             "dangerous": QT_TRANSLATE_NOOP("Timeline", "becomes dangerous"),
             "dark": QT_TRANSLATE_NOOP("Timeline", "goes dark"),
             "clear": QT_TRANSLATE_NOOP("Timeline", "becomes clear"),
             "removed": QT_TRANSLATE_NOOP("Timeline", "is removed")},
    "objective": {"appears": QT_TRANSLATE_NOOP("Timeline", "appears"),
                  "removed": QT_TRANSLATE_NOOP("Timeline", "is removed"),
                  "moves": QT_TRANSLATE_NOOP("Timeline", "moves")},
    "entry-zone": {"opens": QT_TRANSLATE_NOOP("Timeline", "opens"),
                   "closes": QT_TRANSLATE_NOOP("Timeline", "closes")},
}

# An area's state as the map labels it.
AREA_STATES = {"impassable": QT_TRANSLATE_NOOP("Timeline", "impassable"),
               "dangerous": QT_TRANSLATE_NOOP("Timeline", "dangerous"),
               "dark": QT_TRANSLATE_NOOP("Timeline", "dark")}


def round_word(mission: Mission) -> str:
    """"Round" or, in Kill Team, "Turning point"."""
    return Timeline.tr("Turning point") if is_kill_team(mission) else Timeline.tr("Round")


def round_name(mission: Mission, r: int, capital: bool = False) -> str:
    """"round 3" in a sentence, "Round 3" first in a line ("turning point 3"
    in Kill Team)."""
    if is_kill_team(mission):
        return Timeline.tr("Turning point {0}").format(r) if capital else Timeline.tr("turning point {0}").format(r)
    return Timeline.tr("Round {0}").format(r) if capital else Timeline.tr("round {0}").format(r)


def phase_text(phase: str) -> str:
    return Timeline.tr(PHASES.get(phase, phase))


def when_text(mission: Mission, event: tl.Event) -> str:
    """"Round 3, start" / "Turning point 2, Shooting phase"."""
    return Timeline.tr("{0}, {1}").format(round_name(mission, event.round, True), phase_text(event.phase))


def hatchway_name(mission: Mission, ref: tl.HatchwayRef) -> str:
    """The hatchway as the map labels it: its piece code and board."""
    for p in mission.pieces:
        if p.board == ref.board and {p.from_node, p.to_node} == {ref.from_node, ref.to_node}:
            return Timeline.tr("hatchway {0} (board {1})").format(p.code, ref.board)
    return Timeline.tr("the hatchway at {0}-{1} on board {2} (not on the table)").format(
        ",".join(str(v) for v in ref.from_node), ",".join(str(v) for v in ref.to_node), ref.board)


def target_name(mission: Mission, change: tl.Change) -> str:
    if change.target == "hatchway":
        return hatchway_name(mission, change.ref)
    if change.target == "area":
        return Timeline.tr("area {0}").format(change.ref)
    if change.target == "objective":
        return Timeline.tr("objective {0}").format(change.ref)
    return Timeline.tr("entry zone {0}").format(change.ref)


def change_text(mission: Mission, change: tl.Change) -> str:
    """"hatchway A3 (board A) opens", "objective 2 moves to 600, 300 mm"."""
    verb = Timeline.tr(BECOMES.get(change.target, {}).get(change.becomes, change.becomes))
    text = Timeline.tr("{0} {1}").format(target_name(mission, change), verb)
    if change.becomes == "moves" and change.to is not None:
        text = Timeline.tr("{0} to {1}, {2} mm").format(text, number(change.to[0], ".0f"), number(change.to[1], ".0f"))
    return text


def event_text(mission: Mission, event: tl.Event) -> str:
    """What the event does, in one line (its card text first when it has one)."""
    parts = [change_text(mission, c) for c in event.changes]
    what = "; ".join(parts)
    if event.text:
        what = f"{event.text} ({what})" if what else event.text
    return what or Timeline.tr("(nothing changes yet)")
