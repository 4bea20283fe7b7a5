"""Board lattices: nodes, cells and zone lines, and where a board lies on the
table once turned and placed (mission-format.md, "Coordinates").

Board-local millimetres (u, v) are measured on the board before it is turned,
from its top-left corner. Table millimetres have their origin at the top-left
of the table, x to the right, y downwards.
"""
from __future__ import annotations

import math
import string
from dataclasses import dataclass

from ..catalogue import BoardKind, Catalogue, default_catalogue
from .mission import Board, Cell, Mission, Node, Point


@dataclass(frozen=True)
class Placement:
    """A board kind turned and placed on the table."""
    kind: BoardKind
    at: Point
    rotation: int

    @classmethod
    def of(cls, board: Board, catalogue: Catalogue | None = None) -> Placement:
        cat = catalogue or default_catalogue()
        return cls(cat.board(board.kind), (float(board.at[0]), float(board.at[1])), int(board.rotation))

    # -- size on the table ------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the footprint as laid on the table."""
        w, h = self.kind.width, self.kind.height
        return (h, w) if self.rotation in (90, 270) else (w, h)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        w, h = self.size
        return (self.at[0], self.at[1], self.at[0] + w, self.at[1] + h)

    # -- transforms -------------------------------------------------------
    def to_table(self, u: float, v: float) -> Point:
        w, h = self.kind.width, self.kind.height
        r = self.rotation
        if r == 0:
            x, y = u, v
        elif r == 90:
            x, y = h - v, u
        elif r == 180:
            x, y = w - u, h - v
        elif r == 270:
            x, y = v, w - u
        else:
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {r}")
        return (self.at[0] + x, self.at[1] + y)

    def to_local(self, x: float, y: float) -> Point:
        w, h = self.kind.width, self.kind.height
        x -= self.at[0]
        y -= self.at[1]
        r = self.rotation
        if r == 0:
            return (x, y)
        if r == 90:
            return (y, h - x)
        if r == 180:
            return (w - x, h - y)
        if r == 270:
            return (w - y, x)
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {r}")

    def direction_to_table(self, du: float, dv: float) -> Point:
        """Turn a board-local direction (no translation) onto the table."""
        r = self.rotation
        if r == 0:
            return (du, dv)
        if r == 90:
            return (-dv, du)
        if r == 180:
            return (-du, -dv)
        return (dv, -du)

    # -- the lattice --------------------------------------------------------
    def node_local(self, node: Node) -> Point:
        b, p = self.kind.border, self.kind.pitch
        return (b + node[0] * p, b + node[1] * p)

    def node_table(self, node: Node) -> Point:
        return self.to_table(*self.node_local(node))

    def has_node(self, node: Node) -> bool:
        nx, ny = self.kind.nodes
        return 0 <= node[0] < nx and 0 <= node[1] < ny

    def has_cell(self, cell: Cell) -> bool:
        zx, zy = self.kind.zones
        return 0 <= cell[0] < zx and 0 <= cell[1] < zy

    def nodes(self) -> list[Node]:
        nx, ny = self.kind.nodes
        return [(i, j) for j in range(ny) for i in range(nx)]

    def cells(self) -> list[Cell]:
        zx, zy = self.kind.zones
        return [(i, j) for j in range(zy) for i in range(zx)]

    def cell_corners_table(self, cell: Cell) -> list[Point]:
        """The four corners of a zone on the table, in drawing order."""
        i, j = cell
        return [self.node_table(n) for n in ((i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1))]

    def cell_centre_table(self, cell: Cell) -> Point:
        b, p = self.kind.border, self.kind.pitch
        return self.to_table(b + (cell[0] + 0.5) * p, b + (cell[1] + 0.5) * p)

    def outline_table(self) -> list[Point]:
        x0, y0, x1, y1 = self.bounds
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bounds
        return x0 <= x <= x1 and y0 <= y <= y1

    def nearest_node(self, x: float, y: float) -> tuple[Node, float]:
        """The lattice node nearest to a table point (clamped to the board),
        and its distance in mm."""
        u, v = self.to_local(x, y)
        b, p = self.kind.border, self.kind.pitch
        nx, ny = self.kind.nodes
        i = min(max(round((u - b) / p), 0), nx - 1)
        j = min(max(round((v - b) / p), 0), ny - 1)
        tx, ty = self.node_table((i, j))
        return (i, j), math.hypot(tx - x, ty - y)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The zone under a table point, or None outside the zone grid."""
        u, v = self.to_local(x, y)
        b, p = self.kind.border, self.kind.pitch
        i = math.floor((u - b) / p)
        j = math.floor((v - b) / p)
        return (i, j) if self.has_cell((i, j)) else None


def placements(mission: Mission, catalogue: Catalogue | None = None) -> dict[str, Placement]:
    return {b.id: Placement.of(b, catalogue) for b in mission.boards}


def board_at(mission: Mission, x: float, y: float, catalogue: Catalogue | None = None) -> Board | None:
    for b in mission.boards:
        if Placement.of(b, catalogue).contains(x, y):
            return b
    return None


def wall_span(from_node: Node, to_node: Node) -> int | None:
    """How many zones a wall between two nodes spans, or None when the nodes
    are not on one zone line (or are the same node)."""
    di = to_node[0] - from_node[0]
    dj = to_node[1] - from_node[1]
    if di == 0 and dj != 0:
        return abs(dj)
    if dj == 0 and di != 0:
        return abs(di)
    return None


def column_name(i: int) -> str:
    """Zone columns are called out by letter: A, B, ... Z, AA, AB ..."""
    if i < 0:
        # Off the lattice (a bad edit, a hand-written file): say the number.
        return f"[{i}]"
    letters = string.ascii_uppercase
    name = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = letters[rem] + name
    return name


def cell_name(cell: Cell) -> str:
    """How players call a zone out: column letter and row number, e.g. C4."""
    return f"{column_name(cell[0])}{cell[1] + 1}"


def node_name(node: Node) -> str:
    """A node named by the zone line crossing: e.g. 'C/4' is the top-left
    corner of zone C4."""
    return f"{column_name(node[0])}/{node[1] + 1}"
