"""The mission as plain data: boards, terrain pieces, objectives, entry zones,
regions and the card's texts, exactly as mission-format.md has them (version 2
adds the timeline and marker kinds: timeline_data.py, timeline.py, and
`locked`, `kind` and `state` on pieces, objectives and regions).
`game` says whose rules apply (games.py); a Kill Team mission's drop zones
are its entry zones (same data: a player's cells on a board).

Everything here is immutable (frozen dataclasses holding tuples), so a mission
can be hashed, compared and cached by value, and an edit is a new mission
(see edits.py). No Qt and no YAML here: io/ reads and writes files.

`extras` hold the `x-` keys of the file, written back untouched; they take part
in equality but not in hashing (their values are arbitrary YAML data).
`uid` gives pieces an identity for the editor's selection; it is not saved and
takes no part in equality.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..games import BOARDING_ACTIONS, GAMES, KILL_TEAM
from .timeline_data import Event, MarkerKind

if TYPE_CHECKING:
    from ..catalogue import Catalogue

Node = tuple[int, int]
Cell = tuple[int, int]
Point = tuple[float, float]

FORMAT_NAME = "boarding-actions-mission"
FORMAT_VERSION = 2          # the newest version this program reads and writes
FORMAT_VERSION_PLAIN = 1    # what a file without any version-2 part is written as

GAME_IDS = tuple(GAMES)  # the values of `game:` a file may have
FACINGS = ("left", "right")
ROTATIONS = (0, 90, 180, 270)
# The parts of a Kill Team mission's structure a card can explain (mission:
# structure): the current edition's three ops (Approved Ops 2025).
STRUCTURE_PARTS = ("crit-op", "tac-ops", "kill-op")

_uids = itertools.count(1)


def new_uid() -> int:
    return next(_uids)


def _extras() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class Board:
    id: str
    kind: str = "boarding-actions"
    at: Point = (0.0, 0.0)
    rotation: int = 0
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Piece:
    """One terrain piece on a board.

    Walls use `from_node`/`to_node` (and, with a hatchway, `facing`/`open`);
    pillars use `at` and `turned`; wall ends use `at` and `caps`.
    """
    code: str
    board: str
    from_node: Node | None = None
    to_node: Node | None = None
    at: Node | None = None
    facing: str | None = None  # "left"/"right": the face the door leaf is on
    open: bool | None = None   # hatchway state when the battle starts
    turned: bool = False       # pillars: False = the 28 mm side along board x
    caps: Node | None = None   # wall ends: the next node along the wall it ends
    locked: bool = False       # hatchways (version 2): closed, and nobody may open it
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)
    uid: int = field(default_factory=new_uid, compare=False, hash=False, repr=False)

    @property
    def is_wall(self) -> bool:
        return self.from_node is not None

    @property
    def nodes(self) -> tuple[Node, ...]:
        """The nodes this piece stands on or runs between."""
        if self.from_node is not None and self.to_node is not None:
            return (self.from_node, self.to_node)
        if self.at is not None:
            return (self.at,)
        return ()

    def with_new_uid(self) -> Piece:
        return replace(self, uid=new_uid())


@dataclass(frozen=True)
class Objective:
    id: str
    at: Point
    name: str | None = None
    kind: str = "objective"    # version 2: a marker kind (catalogue markers.yaml or the file's marker_kinds)
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class EntryZone:
    player: int
    board: str
    cells: tuple[Cell, ...]
    name: str | None = None
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Region:
    name: str
    board: str
    cells: tuple[Cell, ...]
    state: str = "clear"       # version 2: at the start: clear, impassable, dangerous or dark
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Territory:
    """Kill Team: one player's territory, a polygon in table millimetres
    (the official map cards give each player half the killzone, split on the
    centre line)."""
    player: int
    area: tuple[Point, ...]
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Equipment:
    """Kill Team: one item of equipment set up on the killzone before the
    battle (a barricade, razor wire, a mines marker): its kind in the
    catalogue (resources/catalogue/equipment.yaml), the player it belongs to,
    its centre in table millimetres and how far it is turned clockwise
    (degrees; 0: its width along the table's x)."""
    kind: str
    player: int
    at: Point
    rotation: float = 0.0
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)
    uid: int = field(default_factory=new_uid, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Section:
    title: str
    text: str
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Op:
    """Kill Team: one op of the mission (a way to score victory points), with
    the most victory points it scores (None: the text says)."""
    name: str
    text: str = ""
    vp: int | None = None
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class ObjectiveSpacing:
    between_in: float | None = None  # objectives at least this far apart
    edge_in: float | None = None     # and this far from a battlefield edge
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class MissionText:
    briefing: str | None = None
    sections: tuple[Section, ...] = ()
    victory: str | None = None
    battle_rounds: int | None = None
    points: int | None = None
    objective_spacing: ObjectiveSpacing | None = None
    turning_points: int | None = None  # Kill Team: the battle's length
    ops: tuple[Op, ...] = ()           # Kill Team: how victory points are scored
    structure: tuple[str, ...] = ()    # Kill Team: the edition's ops the card explains
                                       #   (STRUCTURE_PARTS: crit-op, tac-ops, kill-op)
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)


@dataclass(frozen=True)
class Mission:
    title: str
    author: str | None = None
    language: str | None = None
    game: str = BOARDING_ACTIONS  # games.py: whose rules the layout is checked by
    players: int = 2
    sets: int = 1
    boards: tuple[Board, ...] = ()
    pieces: tuple[Piece, ...] = ()
    objectives: tuple[Objective, ...] = ()
    entry_zones: tuple[EntryZone, ...] = ()
    regions: tuple[Region, ...] = ()
    territories: tuple[Territory, ...] = ()     # Kill Team: each player's territory
    centre_line: tuple[Point, Point] | None = None  # Kill Team: the killzone's centre line
    equipment: tuple[Equipment, ...] = ()       # Kill Team: equipment set up on the killzone
    mission: MissionText = field(default_factory=MissionText)
    timeline: tuple[Event, ...] = ()            # version 2: what changes during the battle (timeline.py)
    marker_kinds: tuple[MarkerKind, ...] = ()   # version 2: marker kinds beyond the catalogue's
    extras: Mapping[str, Any] = field(default_factory=_extras, hash=False, repr=False)

    def board(self, board_id: str) -> Board:
        for b in self.boards:
            if b.id == board_id:
                return b
        raise KeyError(board_id)

    def pieces_on(self, board_id: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.board == board_id)

    def piece_by_uid(self, uid: int) -> Piece:
        for p in self.pieces:
            if p.uid == uid:
                return p
        raise KeyError(uid)

    def entry_zones_of(self, player: int) -> tuple[EntryZone, ...]:
        return tuple(z for z in self.entry_zones if z.player == player)

    def territories_of(self, player: int) -> tuple[Territory, ...]:
        return tuple(t for t in self.territories if t.player == player)


def two_board_mission(title: str = "New mission", catalogue: Catalogue | None = None) -> Mission:
    """An empty mission on two touching Boarding Actions boards, side by side."""
    from ..catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    kind = cat.board("boarding-actions")
    return Mission(
        title=title,
        boards=(
            Board(id="A", kind=kind.kind, at=(0.0, 0.0), rotation=0),
            Board(id="B", kind=kind.kind, at=(kind.width, 0.0), rotation=0),
        ),
    )


def killzone_mission(title: str = "New killzone", catalogue: Catalogue | None = None) -> Mission:
    """An empty Kill Team mission: one board (the killzone), two players,
    four turning points."""
    from ..catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    kind = cat.board("boarding-actions")
    return Mission(
        title=title,
        game=KILL_TEAM,
        boards=(Board(id="A", kind=kind.kind, at=(0.0, 0.0), rotation=0),),
        mission=MissionText(turning_points=GAMES[KILL_TEAM].turns_default),
    )
