"""The timeline's data: what changes on the table during the battle, and the
marker kinds a mission adds (mission-format.md, "A table that changes",
version 2). Plain frozen dataclasses, like the rest of the model; what the
table is in a given round is worked out in timeline.py.

They live in their own module, below mission.py, so that Mission can hold
them while timeline.py (which works on a Mission) imports Mission: no
circle. timeline.py re-exports every name here.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Node = tuple[int, int]
Point = tuple[float, float]

# The phases of a battle round, in order (Boarding Actions; a Kill Team
# turning point's parts are said with the same words in the file). Events at
# `start` and `command` change the table before anyone moves.
PHASES = ("start", "command", "movement", "shooting", "charge", "fight", "end")
BEFORE_ANYONE_MOVES = ("start", "command")

HATCHWAY = "hatchway"
AREA = "area"
OBJECTIVE = "objective"
ENTRY_ZONE = "entry-zone"
TARGETS = (HATCHWAY, AREA, OBJECTIVE, ENTRY_ZONE)
# The key a change of each target has in the file (`entry_zone` with an
# underscore, as every key of the format is written).
TARGET_KEYS = {HATCHWAY: "hatchway", AREA: "area", OBJECTIVE: "objective", ENTRY_ZONE: "entry_zone"}

# What each target may become.
BECOMES: dict[str, tuple[str, ...]] = {
    HATCHWAY: ("open", "closed", "locked", "unlocked"),
    AREA: ("impassable", "dangerous", "dark", "clear", "removed"),
    OBJECTIVE: ("appears", "removed", "moves"),
    ENTRY_ZONE: ("opens", "closes"),
}
# A region's state at the start of the battle (`state:` on a region).
AREA_STATES = ("clear", "impassable", "dangerous", "dark")

# What a marker kind counts as: an objective marker, or nothing by itself.
COUNTS_AS = ("objective", "none")
DEFAULT_MARKER_KIND = "objective"


def _extras() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class HatchwayRef:
    """A hatchway named by its board and the two nodes its wall runs between;
    either order of the nodes names the same hatchway."""
    board: str
    from_node: Node
    to_node: Node

    def names(self, board: str, from_node: Node | None, to_node: Node | None) -> bool:
        """True when a wall on `board` from `from_node` to `to_node` is this
        hatchway's (in either direction)."""
        if board != self.board or from_node is None or to_node is None:
            return False
        return {from_node, to_node} == {self.from_node, self.to_node}


@dataclass(frozen=True)
class Change:
    """One thing that changes: `target` (HATCHWAY, AREA, OBJECTIVE,
    ENTRY_ZONE) named by `ref` (a HatchwayRef for a hatchway; the area's or
    entry zone's name, or the objective's id, otherwise) `becomes` one of
    BECOMES[target]; `to` is where an objective moves to (table mm)."""
    target: str
    ref: HatchwayRef | str
    becomes: str
    to: Point | None = None
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Event:
    """What happens at one moment of the battle: in battle round (or turning
    point) `round`, at `phase`; `trigger` and `text` are words the card
    prints (a condition beyond the round, what the players read)."""
    round: int
    phase: str = "start"
    trigger: str | None = None
    text: str | None = None
    changes: tuple[Change, ...] = ()
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class MarkerKind:
    """A kind of marker beyond the catalogue's (or replacing one of them):
    its printed name, its size (mm across, round) and what it counts as
    (COUNTS_AS)."""
    id: str
    name: str
    diameter: float
    counts_as: str = "objective"
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)
