"""Kill Team cover between two operatives: visible, in cover, obscured.
Only the corners and ends of Wall terrain intervene; the rules and the
readings are in the package's notes (kill_team/__init__.py, "Cover"), the
method here.

The corners and ends (cover_features):
- a node of the zone-line lattice where the walls standing on it run in
  exactly one direction (an end; a pillar standing alone counts as one),
  or in two directions at a right angle (a
  corner). Its shape is what blocks within NODE_BOX_MM of the node (the
  pillar or wall end and the first stretch of its walls);
- either side of an access point that is open in the view, the end of the
  wall there: what blocks within NODE_BOX_MM of the opening's edge, on the
  wall's side of it (the frame and the first stretch of the wall). The access
  point itself is Exposed terrain and never intervenes.

Intervening, from one point P of the shooter's base (its player chooses):
a corner or end intervenes when a straight line from P to some point of the
target's base crosses its shape. The points P from which a convex piece S of
the shape intervenes form S's shadow cast by the target's disc D,
{s + t (s - d) : s in S, d in D, t >= 0}, which is convex; it is the convex
hull of S and S scaled by 1 + T about D's centre and grown by T times D's
radius, for T large enough to reach past the shooter. The shapes are cut
into triangles. The shooter escapes a verdict when some point of its base
lies outside every shadow of the corners and ends that would give it.

Passed ("unless the active operative has passed it"): positional, as the
rulebook's diagram draws it and issue 28 reads it: a corner or end counts
for nothing when the shooter's whole base is on the far side of the line of
one of its walls that the target stands alongside (passed_by); a shooter
across that line has not passed it, and no point of its base escapes the
corner by being past the line. Said as the kt-cover-reading info finding;
`sight --json` lists the corners passed, and as across_line those that give
the verdict although the shooter's base lies across their wall's line (the
queries that depend on this reading).
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from ... import memo
from ...catalogue import default_catalogue
from ...model.lattice import Placement
from ...model.mirror import piece_ref
from ...model.mission import Board, Mission, Node, Piece, Point
from .. import sight
from ..obstacles import battlefield, board_obstacles, check_hatches, hatch_is_open, layout_key
from .game import CONTROL_RANGE_MM, NO_COVER_WITHIN_MM, SIGHT_HATCHES

# Half the side of the box round a node that is "the corner" or "the end":
# a pillar is 28 x 25 mm and a wall end 14 x 25 mm, centred on the node;
# hatchway openings start 23.5 mm from a node at the nearest. The same depth
# of wall is an open access point's end.
NODE_BOX_MM = 15.0
# Shadows are drawn out to this many mm from the target (past any table).
_REACH_MM = 5000.0
# A shooter's base counts as inside the shadows when less than this much of
# it (mm²) is left over (the discs are polygons of 64 segments a quarter).
_LEFT_MM2 = 1e-3


@dataclass(frozen=True)
class CoverFeature:
    board: str
    node: Node | None         # the lattice node of a corner or end; None beside an access point
    kind: str                 # "corner", "end" or "access point end"
    point: Point              # the node, or the middle of the opening's edge (table mm)
    shape: BaseGeometry = field(compare=False, repr=False)  # what blocks there (see the module notes)
    piece: int | None = None  # the hatchway's piece (uid) for an access point's end
    piece_ref: dict[str, Any] | None = field(default=None, compare=False)  # that piece as the file names it
    rays: tuple[tuple[float, float], ...] = field(default=(), compare=False, repr=False)  # unit directions its walls run from it

    def distance_to_base(self, c: Point, r: float) -> float:
        """From the edge of a base (centre c, radius r) to the corner or end."""
        return max(self.shape.distance(ShapelyPoint(c)) - r, 0.0)

    def across(self, c1: Point, r1: float, c2: Point) -> bool:
        """Does a shooter's base lie across the line of one of its walls the
        target stands alongside (part of it beyond, part not)? There the
        reading of "passed" decides (package notes): this tool's, wholly
        beyond, says not passed."""
        px, py = self.point
        for dx, dy in self.rays:
            if (c2[0] - px) * dx + (c2[1] - py) * dy <= 0:
                continue
            nx, ny = -dy, dx
            side = (c2[0] - px) * nx + (c2[1] - py) * ny
            if side == 0:
                continue
            beyond = math.copysign(1.0, side) * ((c1[0] - px) * nx + (c1[1] - py) * ny)
            if -r1 + 1e-9 < beyond < r1 - 1e-9:
                return True
        return False

    def passed_by(self, c1: Point, r1: float, c2: Point) -> bool:
        """Has a shooter's base (centre c1, radius r1) passed it, for a
        target centred at c2? When the whole base is on the target's side of
        the line of one of its walls that the target stands alongside
        (package notes: "wholly on the far side", the rulebook's diagram);
        a base across that line has not."""
        px, py = self.point
        for dx, dy in self.rays:
            if (c2[0] - px) * dx + (c2[1] - py) * dy <= 0:
                continue  # the target is not alongside this wall
            nx, ny = -dy, dx
            side = (c2[0] - px) * nx + (c2[1] - py) * ny
            if side == 0:
                continue
            beyond = math.copysign(1.0, side) * ((c1[0] - px) * nx + (c1[1] - py) * ny)
            if beyond >= r1 - 1e-9:
                return True
        return False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "board": self.board, "at": [round(self.point[0], 2), round(self.point[1], 2)]}
        if self.node is not None:
            out["node"] = list(self.node)
        if self.piece_ref is not None:
            out["piece"] = self.piece_ref
        return out


@dataclass(frozen=True)
class CoverResult:
    visible: bool
    in_cover: bool
    obscured: bool
    cover_by: tuple[CoverFeature, ...] = ()     # corners/ends within 1" of the target that intervene
    obscured_by: tuple[CoverFeature, ...] = ()  # corners/ends intervening more than 1" from both bases
    passed: tuple[CoverFeature, ...] = ()       # corners/ends between them the shooter has passed
    within_2in: bool = False                    # the bases are within 2": no cover
    sight: sight.SightResult | None = None
    # corners/ends that count although the shooter's base lies across their
    # wall's line: the verdict depends on reading "passed" as wholly beyond
    across_line: tuple[CoverFeature, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"visible": self.visible, "in_cover": self.in_cover, "obscured": self.obscured}

    def detail(self) -> dict[str, Any]:
        """to_dict with what decides it: the corners and ends, the 2" rule."""
        return dict(self.to_dict(), within_2in=self.within_2in,
                    cover_by=[f.to_dict() for f in self.cover_by],
                    obscured_by=[f.to_dict() for f in self.obscured_by],
                    passed=[f.to_dict() for f in self.passed],
                    across_line=[f.to_dict() for f in self.across_line])


def _directions(a: Node, b: Node) -> tuple[list[Node], tuple[int, int]]:
    """The nodes a wall from a to b covers, and its unit step."""
    di, dj = b[0] - a[0], b[1] - a[1]
    n = max(abs(di), abs(dj))
    if n == 0 or (di and dj):
        return [], (0, 0)
    step = (di // n, dj // n)
    return [(a[0] + k * step[0], a[1] + k * step[1]) for k in range(n + 1)], step


def _kind(dirs: set[tuple[int, int]]) -> str | None:
    if len(dirs) <= 1:
        return "end"
    if len(dirs) == 2:
        (a, b) = sorted(dirs)
        if a[0] == -b[0] and a[1] == -b[1]:
            return None  # straight through
        return "corner"
    return None  # a T or a cross: no outer corner


def _table_dir(pl: Placement, node: Node, step: tuple[int, int]) -> tuple[float, float]:
    """The unit direction on the table of a lattice step from a node."""
    x0, y0 = pl.to_table(0.0, 0.0)
    x1, y1 = pl.to_table(float(step[0]), float(step[1]))
    n = math.hypot(x1 - x0, y1 - y0) or 1.0
    return ((x1 - x0) / n, (y1 - y0) / n)


_memo: memo.Memo = memo.Memo("kill_team.cover_features", 16)  # (layout, view) -> the corners and ends


def cover_features(mission: Mission, hatches: str = SIGHT_HATCHES) -> list[CoverFeature]:
    """Every wall corner and wall end of the layout, and the ends of the
    walls beside each access point open in the view (see the module notes)."""
    check_hatches(hatches)
    key = (layout_key(mission), hatches, tuple(bool(p.open) for p in mission.pieces))
    got: list[CoverFeature] | None = _memo.get(key)
    if got is not None:
        return got
    cat = default_catalogue()
    bf = battlefield(mission, hatches)
    obstacles = bf.obstacles
    out: list[CoverFeature] = []
    for board in mission.boards:
        try:
            pl = Placement.of(board, cat)
        except KeyError:
            continue
        dirs: dict[Node, set[tuple[int, int]]] = defaultdict(set)
        standing: set[Node] = set()
        on_board = [p for p in mission.pieces if p.board == board.id]
        for p in on_board:
            if p.code not in cat.pieces:
                continue
            if p.from_node is not None and p.to_node is not None:
                nodes, step = _directions((p.from_node[0], p.from_node[1]), (p.to_node[0], p.to_node[1]))
                for k, node in enumerate(nodes):
                    if k > 0:
                        dirs[node].add((-step[0], -step[1]))
                    if k < len(nodes) - 1:
                        dirs[node].add(step)
            elif p.at is not None:
                standing.add((p.at[0], p.at[1]))
        for node in sorted(set(dirs) | standing):
            kind = _kind(dirs.get(node, set()))
            if kind is None or not pl.has_node(node):
                continue
            x, y = pl.node_table(node)
            shape = obstacles.intersection(box(x - NODE_BOX_MM, y - NODE_BOX_MM, x + NODE_BOX_MM, y + NODE_BOX_MM))
            if shape.is_empty:
                continue
            rays = tuple(_table_dir(pl, node, step) for step in sorted(dirs.get(node, set())))
            out.append(CoverFeature(board.id, node, kind, (float(x), float(y)), shape, rays=rays))
        out += _access_point_ends(mission, board, on_board, hatches, obstacles)
    _memo.put(key, out)
    return out


def _access_point_ends(mission: Mission, board: Board, on_board: list[Piece], hatches: str,
                       obstacles: BaseGeometry) -> list[CoverFeature]:
    """The two wall ends beside each hatchway open in the view."""
    try:
        bp = board_obstacles(mission, board, hatches).pieces
    except KeyError:
        return []
    out = []
    for door, n in zip(bp.doors, bp.door_pieces):
        piece = on_board[n]
        if not hatch_is_open(piece, hatches):
            continue
        x0, y0, x1, y1 = door.bounds
        if x1 - x0 >= y1 - y0:   # the wall runs along x
            cy = (y0 + y1) / 2
            ends = [((x0, cy), box(x0 - NODE_BOX_MM, cy - NODE_BOX_MM, x0, cy + NODE_BOX_MM), (-1.0, 0.0)),
                    ((x1, cy), box(x1, cy - NODE_BOX_MM, x1 + NODE_BOX_MM, cy + NODE_BOX_MM), (1.0, 0.0))]
        else:
            cx = (x0 + x1) / 2
            ends = [((cx, y0), box(cx - NODE_BOX_MM, y0 - NODE_BOX_MM, cx + NODE_BOX_MM, y0), (0.0, -1.0)),
                    ((cx, y1), box(cx - NODE_BOX_MM, y1, cx + NODE_BOX_MM, y1 + NODE_BOX_MM), (0.0, 1.0))]
        for point, where, ray in ends:
            shape = obstacles.intersection(where)
            if shape.is_empty or shape.area <= 0:
                continue
            out.append(CoverFeature(board.id, None, "access point end", (float(point[0]), float(point[1])),
                                    shape, piece.uid, piece_ref(piece), rays=(ray,)))
    return out


# -- intervening -----------------------------------------------------------------

def _triangles(shape: BaseGeometry) -> list[BaseGeometry]:
    """A shape cut into convex pieces (triangles)."""
    if shape.is_empty:
        return []
    tris = shapely.get_parts(shapely.constrained_delaunay_triangles(shape))
    return [t for t in tris if t.area > 1e-9]


def shadow(piece: BaseGeometry, c2: Point, r2: float) -> BaseGeometry:
    """The points from which some straight line to the disc (c2, r2)
    crosses the convex piece (see the module notes)."""
    d = max(piece.distance(ShapelyPoint(c2)), 1e-3)
    t = _REACH_MM / d
    far = shapely.affinity.scale(piece, 1 + t, 1 + t, origin=(c2[0], c2[1])).buffer(t * r2, quad_segs=64)
    return shapely.convex_hull(shapely.union(piece, far))


def _shadows(shape: BaseGeometry, c2: Point, r2: float) -> BaseGeometry:
    return shapely.union_all([shadow(t, c2, r2) for t in _triangles(shape)])


def _every_point_in(base: BaseGeometry, shadows: list[BaseGeometry]) -> bool:
    if not shadows:
        return False
    return base.difference(shapely.union_all(shadows)).area <= _LEFT_MM2


def intervenes_somewhere(base: BaseGeometry, shade: BaseGeometry) -> bool:
    """Does the corner or end intervene from some point of the base?"""
    return base.intersection(shade).area > _LEFT_MM2


def cover_between(mission: Mission, c1: Point, d1: float, c2: Point, d2: float,
                  hatches: str = SIGHT_HATCHES) -> CoverResult:
    """Kill Team sight between a shooter's base (diameter d1 at c1) and a
    target's (d2 at c2), table mm: visible, in cover, obscured (see the
    package's notes). Bad bases raise paths.MeasureError as sight does."""
    from .. import paths

    s = sight.sight_between(mission, c1, d1, c2, d2, hatches=hatches)
    if not s.visible:
        return CoverResult(False, False, False, sight=s)
    c1 = (float(c1[0]), float(c1[1]))
    c2 = (float(c2[0]), float(c2[1]))
    r1, r2 = float(d1) / 2, float(d2) / 2
    # "within 2" of the other operative": measured as distances are, round walls
    route = paths.measure(mission, c1, c2, hatches=hatches).distance_mm
    within_2in = route is not None and route - r1 - r2 <= NO_COVER_WITHIN_MM + 1e-9
    hull = sight._hull_of_discs(c1, r1, c2, r2, pad=1.0)
    near = [f for f in cover_features(mission, hatches) if f.shape.intersects(hull)]
    base = ShapelyPoint(c1).buffer(r1, quad_segs=64)
    # obscuring ignores only the part of Heavy terrain within 1" of either operative
    ignored = shapely.union(ShapelyPoint(c1).buffer(r1 + CONTROL_RANGE_MM, quad_segs=64),
                            ShapelyPoint(c2).buffer(r2 + CONTROL_RANGE_MM, quad_segs=64))
    cover_shades, obscure_shades, passed, across = [], [], [], []
    for f in near:
        shade = _shadows(f.shape, c2, r2)
        if not intervenes_somewhere(base, shade):
            continue
        if f.passed_by(c1, r1, c2):
            passed.append(f)   # the whole shooter is past it: it does not intervene
            continue
        if f.across(c1, r1, c2):
            across.append(f)   # it counts, by the reading of "passed" (wholly beyond)
        if not within_2in and f.distance_to_base(c2, r2) <= CONTROL_RANGE_MM + 1e-9:
            cover_shades.append((f, shade))
        far_part = f.shape.difference(ignored)
        if not far_part.is_empty and far_part.area > 1e-9:
            got = _shadows(far_part, c2, r2)
            if intervenes_somewhere(base, got):
                obscure_shades.append((f, got))
    in_cover = _every_point_in(base, [sh for _, sh in cover_shades])
    obscured = _every_point_in(base, [sh for _, sh in obscure_shades])
    cover_by = tuple(f for f, _ in cover_shades) if in_cover else ()
    obscured_by = tuple(f for f, _ in obscure_shades) if obscured else ()
    deciding = tuple(f for f in across if f in cover_by or f in obscured_by)
    return CoverResult(True, in_cover, obscured, cover_by, obscured_by, tuple(passed), within_2in, s, deciding)
