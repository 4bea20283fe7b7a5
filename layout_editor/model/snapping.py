"""Snapping and placement rules for the editor, as pure functions over the
mission model: where a piece dropped at a table point lands, whether it may
stand there, and where a moved board comes to rest. No Qt here; the editor's
tools only decide which modifier keys turn snapping on or off.

Whether two pieces clash is decided on the lattice, not on the footprints:
the real pieces slot into each other (a panel's end sits inside the pillar at
its node), so footprints overlap by design where players build legally. Each
piece occupies "slots":
- a wall occupies every unit segment of zone line it runs along, and every
  node it passes over between its ends;
- a plain panel end only touches its node (a pillar or wall end may stand
  there: the panel slots into it);
- a moulded pillar end holds half a pillar on its node, on the side of the
  wall; two halves on one node fit only when their walls run in opposite
  directions (they make one whole pillar);
- a pillar or wall end holds its whole node.

Pillars on a board's edge (a choice the rules leave to us): a pillar is 28 mm
one way and 25 mm the other, and the border outside the outer zone lines is
12.5 mm, so on a left or right edge node only a turned pillar stays within
the board, and on a top or bottom edge only an unturned one. A pillar
dropped there is placed the way that fits, whichever way the player had
turned the one in hand, and the status bar says so; R turns it afterwards if
the player wants it sticking out. At a corner node neither way fits and the
pillar goes as it is held. We chose this over a finding with a fix because
the player never meant the overhang: a fix afterwards would be a chore for
every edge pillar.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import memo
from ..catalogue import Catalogue, PieceKind, default_catalogue
from ..phrases import Phrase
from .lattice import Placement, board_at
from .mission import Board, Mission, Node, Piece, Point
from .names import describe_piece  # noqa: F401  (the editor names pieces through here too)

INCH = 25.4


# -- where a piece lands ---------------------------------------------------

def board_under(mission: Mission, x: float, y: float, catalogue: Catalogue | None = None,
                reach: float = 0.0) -> Board | None:
    """The board under a table point; with `reach`, also the nearest board
    within that many mm (so a drop just off an edge still lands)."""
    b = board_at(mission, x, y, catalogue)
    if b is not None or reach <= 0:
        return b
    best, best_d = None, reach
    for board in mission.boards:
        x0, y0, x1, y1 = Placement.of(board, catalogue).bounds
        d = math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))
        if d <= best_d:
            best, best_d = board, d
    return best


def lattice_position(placement: Placement, x: float, y: float) -> Point:
    """A table point in zone-line units of the board: node (i, j) is at
    (i, j); fractional in between."""
    u, v = placement.to_local(x, y)
    b, p = placement.kind.border, placement.kind.pitch
    return ((u - b) / p, (v - b) / p)


def snap_node(placement: Placement, x: float, y: float) -> Node:
    return placement.nearest_node(x, y)[0]


def snap_wall(placement: Placement, x: float, y: float, span: int) -> tuple[Node, Node] | None:
    """The zone-line span of `span` zones nearest to a table point.

    The wall runs along whichever zone line (one across the board's x or its
    y) the point is nearer to, and is centred on the point as nearly as the
    lattice allows; it never leaves the grid. None when the grid is smaller
    than the span."""
    gu, gv = lattice_position(placement, x, y)
    nx, ny = placement.kind.nodes
    dist_h = abs(gv - min(max(round(gv), 0), ny - 1))  # to the nearest line along x
    dist_v = abs(gu - min(max(round(gu), 0), nx - 1))  # to the nearest line along y
    if dist_h <= dist_v and nx - 1 >= span:
        j = min(max(round(gv), 0), ny - 1)
        i0 = min(max(math.floor(gu - span / 2 + 0.5), 0), nx - 1 - span)
        return (i0, j), (i0 + span, j)
    if ny - 1 >= span:
        i = min(max(round(gu), 0), nx - 1)
        j0 = min(max(math.floor(gv - span / 2 + 0.5), 0), ny - 1 - span)
        return (i, j0), (i, j0 + span)
    return None


def snap_piece(mission: Mission, code: str, x: float, y: float, *, reverse: bool = False,
               turned: bool = False, facing: str = "right", open_: bool = False,
               catalogue: Catalogue | None = None, reach: float = 40.0) -> Piece | None:
    """A new piece of `code` snapped to the table point: walls to the nearest
    zone-line span, pillars and wall ends to the nearest node. None when the
    point is on no board. `reverse` runs a wall the other way round (which
    end of an asymmetric panel is where); a wall end caps the neighbouring
    node towards the point."""
    cat = catalogue or default_catalogue()
    kind = cat.piece(code)
    board = board_under(mission, x, y, cat, reach=reach)
    if board is None:
        return None
    pl = Placement.of(board, cat)
    if kind.is_wall:
        ends = snap_wall(pl, x, y, kind.span)
        if ends is None:
            return None
        a, b = ends
        if reverse:
            a, b = b, a
        hatch = kind.has_hatchway
        return Piece(code=code, board=board.id, from_node=a, to_node=b,
                     facing=facing if hatch else None, open=open_ if hatch else None)
    node = snap_node(pl, x, y)
    if kind.kind == "wall-end":
        return Piece(code=code, board=board.id, at=node, caps=_cap_towards(pl, node, x, y, reverse))
    if kind.kind == "pillar" and not pillar_fits(pl, kind, node, turned) and pillar_fits(pl, kind, node, not turned):
        turned = not turned  # the only way it stays on the board (see the module's notes)
    return Piece(code=code, board=board.id, at=node, turned=turned)


def pillar_fits(pl: Placement, kind: PieceKind, node: Node, turned: bool) -> bool:
    """True when a pillar's footprint on `node` lies within its board."""
    u, v = pl.node_local(node)
    eps = 1e-6
    for x0, y0, x1, y1 in kind.footprint:
        if turned:  # a quarter turn: the footprint's x and y extents swap
            x0, y0, x1, y1 = -y1, x0, -y0, x1
        if u + x0 < -eps or v + y0 < -eps or u + x1 > pl.kind.width + eps or v + y1 > pl.kind.height + eps:
            return False
    return True


def _cap_towards(pl: Placement, node: Node, x: float, y: float, reverse: bool) -> Node:
    """The neighbouring node a wall end caps: the one in the direction the
    point lies from the node (the wall runs that way)."""
    gu, gv = lattice_position(pl, x, y)
    du, dv = gu - node[0], gv - node[1]
    if abs(du) >= abs(dv):
        step = (1 if du >= 0 else -1, 0)
    else:
        step = (0, 1 if dv >= 0 else -1)
    if reverse:
        step = (-step[0], -step[1])
    nx, ny = pl.kind.nodes
    cap = (node[0] + step[0], node[1] + step[1])
    if not (0 <= cap[0] < nx and 0 <= cap[1] < ny):
        cap = (node[0] - step[0], node[1] - step[1])
    return cap


# -- which pieces clash ----------------------------------------------------

def _unit_steps(a: Node, b: Node) -> list[Node]:
    """The nodes from a to b along one zone line, both ends included."""
    di = (b[0] > a[0]) - (b[0] < a[0])
    dj = (b[1] > a[1]) - (b[1] < a[1])
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + k * di, a[1] + k * dj) for k in range(n + 1)]


def slots(piece: Piece, catalogue: Catalogue | None = None) -> list[Slot]:
    """What a piece occupies on its board's lattice (see the module notes).

    ("seg", n1, n2)  a unit segment of zone line (n1 < n2)
    ("node", n)      the whole node
    ("half", n, d)   half a pillar on node n, on the side of direction d
    ("end", n)       a plain panel end resting in node n
    """
    cat = catalogue or default_catalogue()
    return list(_slots(piece.code, piece.from_node, piece.to_node, piece.at, cat))


# What a piece occupies: ("seg", n1, n2), ("node", n), ("half", n, d) or
# ("end", n) (see slots()).
Slot = tuple[Any, ...]


@memo.cached(8192)
def _slots(code: str, from_node: Node | None, to_node: Node | None, at: Node | None,
           cat: Catalogue) -> tuple[Slot, ...]:
    # Cached by value: an edit rebuilds the clash index from mostly the
    # same pieces.
    kind = cat.pieces.get(code)
    if kind is None:
        return ()
    if kind.is_wall:
        if from_node is None or to_node is None:
            return ()
        steps = _unit_steps(from_node, to_node)
        out: list[Slot] = []
        for n1, n2 in zip(steps, steps[1:]):
            out.append(("seg", min(n1, n2), max(n1, n2)))
        for n in steps[1:-1]:
            out.append(("node", n))
        a, b = steps[0], steps[-1]
        if kind.moulded_pillars:
            d = (b[0] - a[0], b[1] - a[1])
            d = ((d[0] > 0) - (d[0] < 0), (d[1] > 0) - (d[1] < 0))
            out.append(("half", a, d))
            out.append(("half", b, (-d[0], -d[1])))
        else:
            out.append(("end", a))
            out.append(("end", b))
        return tuple(out)
    if at is None:
        return ()
    return (("node", at),)


def _clash(s: Slot, t: Slot) -> bool:
    if s[0] == "seg" or t[0] == "seg":
        return s == t
    if s[1] != t[1]:
        return False  # different nodes
    kinds = {s[0], t[0]}
    if kinds == {"end"} or kinds == {"end", "node"} or kinds == {"end", "half"}:
        return False  # panels slot into pillars and into each other's ends
    if s[0] == "half" and t[0] == "half":
        return not (s[2][0] == -t[2][0] and s[2][1] == -t[2][1])
    return True


class Occupancy:
    """The slots of every piece of a mission, indexed for fast clash tests
    (built once per mission, then asked once per mouse move)."""

    def __init__(self, mission: Mission, catalogue: Catalogue | None = None):
        self.catalogue = catalogue or default_catalogue()
        self._by_key: dict[tuple[Any, ...], list[tuple[Slot, Piece]]] = {}
        for p in mission.pieces:
            for s in slots(p, self.catalogue):
                self._by_key.setdefault(self._key(p.board, s), []).append((s, p))

    @staticmethod
    def _key(board: str, s: Slot) -> tuple[Any, ...]:
        return (board, s[0] == "seg", s[1], s[2] if s[0] == "seg" else None)

    def clashes(self, piece: Piece, ignore: frozenset[int] | set[int] = frozenset()) -> list[Piece]:
        found: list[Piece] = []
        for s in slots(piece, self.catalogue):
            for t, other in self._by_key.get(self._key(piece.board, s), ()):
                if other.uid in ignore or other.uid == piece.uid or other in found:
                    continue
                if _clash(s, t):
                    found.append(other)
        return found


def placement_problem(mission: Mission, pieces: Iterable[Piece], ignore: Iterable[int] = (),
                      catalogue: Catalogue | None = None,
                      occupancy: Occupancy | None = None) -> Phrase | None:
    """Why these pieces may not stand where they are (None: they may).

    `ignore` names pieces of the mission that are being replaced (a move);
    the pieces are also checked against each other."""
    cat = catalogue or default_catalogue()
    pieces = list(pieces)
    ignore = frozenset(ignore) | {p.uid for p in pieces}
    boards = {b.id: b for b in mission.boards}
    for p in pieces:
        board = boards.get(p.board)
        if board is None:
            return Phrase("there is no board {board}", board=p.board)
        pl = Placement.of(board, cat)
        for n in p.nodes + ((p.caps,) if p.caps is not None else ()):
            if not pl.has_node(n):
                return Phrase("{label} would stand off board {board}", label=cat.piece(p.code).label, board=p.board)
    occ = occupancy or Occupancy(mission, cat)
    for p in pieces:
        hit = occ.clashes(p, ignore)
        if hit:
            return _would_overlap(p, hit[0], cat)
    # Among themselves (pasting or moving a group).
    if len(pieces) > 1:
        group = Occupancy(Mission(title="", boards=mission.boards, pieces=tuple(pieces)), cat)
        for p in pieces:
            hit = group.clashes(p)
            if hit:
                return _would_overlap(p, hit[0], cat)
    return None


def _would_overlap(piece: Piece, other: Piece, cat: Catalogue) -> Phrase:
    return Phrase("{label} would overlap {piece}", label=cat.piece(piece.code).label,
                  piece=describe_piece(other, cat))


# -- boards: flush or apart ------------------------------------------------

@dataclass(frozen=True)
class Gap:
    """The space between two boards laid apart, facing each other along one
    axis: `mm` wide, drawn from `start` to `end` (table mm)."""
    first: str
    second: str
    mm: float
    start: Point
    end: Point

    @property
    def inches(self) -> float:
        return self.mm / INCH

    def text(self) -> Phrase:
        return Phrase("{mm:.0f} mm ({inches:.1f}\")", mm=float(self.mm), inches=self.inches)


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def board_gaps(mission: Mission, catalogue: Catalogue | None = None) -> list[Gap]:
    """Gaps between boards that face each other across open table (their
    sides overlap along one axis and a space lies between them)."""
    cat = catalogue or default_catalogue()
    bounds = [(b.id, Placement.of(b, cat).bounds) for b in mission.boards]
    gaps: list[Gap] = []

    def open_between(gap: Gap) -> bool:
        # Open table only: on a table two boards deep (eight boards in two
        # columns) the first and the third face each other across the
        # second, and their "gap" was a dimension line over a whole board,
        # its label on the pieces (issue 24).
        (x0, y0), (x1, y1) = gap.start, gap.end
        for bid, (cx0, cy0, cx1, cy1) in bounds:
            if bid in (gap.first, gap.second):
                continue
            if x0 == x1 and cx0 < x0 < cx1 and _overlap(min(y0, y1), max(y0, y1), cy0, cy1) > 0.05:
                return False  # the line runs across this board
            if y0 == y1 and cy0 < y0 < cy1 and _overlap(min(x0, x1), max(x0, x1), cx0, cx1) > 0.05:
                return False
        return True

    for n, (ida, (ax0, ay0, ax1, ay1)) in enumerate(bounds):
        for idb, (bx0, by0, bx1, by1) in bounds[n + 1:]:
            oy = _overlap(ay0, ay1, by0, by1)
            ox = _overlap(ax0, ax1, bx0, bx1)
            if oy > 0:
                mid = (max(ay0, by0) + min(ay1, by1)) / 2
                if bx0 - ax1 > 0.05:
                    gaps.append(Gap(ida, idb, bx0 - ax1, (ax1, mid), (bx0, mid)))
                elif ax0 - bx1 > 0.05:
                    gaps.append(Gap(idb, ida, ax0 - bx1, (bx1, mid), (ax0, mid)))
            if ox > 0:
                mid = (max(ax0, bx0) + min(ax1, bx1)) / 2
                if by0 - ay1 > 0.05:
                    gaps.append(Gap(ida, idb, by0 - ay1, (mid, ay1), (mid, by0)))
                elif ay0 - by1 > 0.05:
                    gaps.append(Gap(idb, ida, ay0 - by1, (mid, by1), (mid, ay0)))
    return [g for g in gaps if open_between(g)]


def boards_overlap(mission: Mission, board_id: str, catalogue: Catalogue | None = None) -> str | None:
    """The id of a board that the given board lies on top of, if any."""
    cat = catalogue or default_catalogue()
    x0, y0, x1, y1 = Placement.of(mission.board(board_id), cat).bounds
    for b in mission.boards:
        if b.id == board_id:
            continue
        bx0, by0, bx1, by1 = Placement.of(b, cat).bounds
        if _overlap(x0, x1, bx0, bx1) > 0.05 and _overlap(y0, y1, by0, by1) > 0.05:
            return b.id
    return None


def snap_board(mission: Mission, board_id: str, at: Point, tolerance: float = 20.0,
               rotation: int | None = None, catalogue: Catalogue | None = None) -> Point:
    """Where a board dragged to `at` comes to rest: each of its edges that is
    within `tolerance` mm of being flush against another board's facing edge
    (or in line with one of its edges) snaps there; otherwise it stays where
    it was put, and may lie apart. Whole millimetres, so files stay tidy."""
    cat = catalogue or default_catalogue()
    board = mission.board(board_id)
    rot = board.rotation if rotation is None else rotation
    w, h = Placement(cat.board(board.kind), (0.0, 0.0), rot).size
    x, y = float(at[0]), float(at[1])
    best_x: tuple[float, float] | None = None
    best_y: tuple[float, float] | None = None
    for other in mission.boards:
        if other.id == board_id:
            continue
        ox0, oy0, ox1, oy1 = Placement.of(other, cat).bounds
        # x candidates: flush against a side, or in line with a side
        for cand in (ox1, ox0 - w, ox0, ox1 - w):
            d = abs(cand - x)
            if d <= tolerance and (best_x is None or d < best_x[0]):
                best_x = (d, cand)
        for cand in (oy1, oy0 - h, oy0, oy1 - h):
            d = abs(cand - y)
            if d <= tolerance and (best_y is None or d < best_y[0]):
                best_y = (d, cand)
    if best_x is not None:
        x = best_x[1]
    if best_y is not None:
        y = best_y[1]
    return (float(round(x)), float(round(y)))
