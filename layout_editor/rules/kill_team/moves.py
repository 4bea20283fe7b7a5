"""Kill Team moves counted the rules' way: "This must be done in one or more
straight-line increments, and increments are always rounded up to the
nearest inch" (Reposition; core rules, as quoted by jackmadethat/killteam's
rules pages and madarasz/kt-rules-bot extracted-rules/rules-4-killzones.md,
"if the operative moves 3.5" this is treated as 4""), and an access point
(Accessible terrain) "counts as an additional 1"". A route's move_in is the
sum, over its straight increments, of each length rounded up to the inch,
and 1" per access point crossed; the least of it over every route is what
this module finds. It is not always the shortest route's count: turning at
a point that is not a wall's corner can save an increment.

The search: an increment of n inches (rounded up) can be cut into n
increments of at most 1" each, so the places a move of at most n inches
reaches are those n hops of at most 1" reach, each hop a clear straight
segment (no wall or closed hatch), and a hop that crosses an access point's
middle line costing 1" more. Layer by layer: R(0) is the start point; R(n) is what one hop of at most 1" reaches from R(n - 1)
without crossing an access point, and what one hop that crosses one reaches
from R(n - 2). A hop leaves a region through its edge, so only the edge
counts: where no wall, hatch or access point is within 1" of the edge the
hop reaches the edge grown by 1"; elsewhere the edge is sampled every
SAMPLE_MM (and at its corners), and each sample reaches the 1" disc round it
less the shadows the walls (and, for a hop that may not cross them, the
access points' middle lines) cast from it. move_in is the first n whose
R(n) holds the end point (or comes within the asked distance of it). The
layers are only grown between two bounds: the shortest route's length
rounded up (access points at 1" each), which no route beats, and that
route's own count, which it reaches; most often the two agree.

What the search covers, and its limits (said in the kt-moves-reading info
finding): turning points anywhere on the floor, not only at wall corners;
the sampled edges near walls may miss a sliver narrower than about
SAMPLE_MM^2 / 200 mm, so a count can come out 1" high on a knife's edge, never
low; a hop crosses at most one access point (two access points' middle
lines are more than 1" apart on the Gallowdark lattice); the route is the
base's centre, as for the other routes (kill_team/routes.py). Checked
against a brute-force search over turning points on a fine grid on small
layouts (tests/unit/test_kill_team_moves.py).
"""
from __future__ import annotations

import math
import threading
from collections.abc import Callable

import numpy as np
import shapely
from shapely.geometry import LineString, box
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ... import memo
from ...model.mission import Mission, Point
from .. import paths
from ..obstacles import Battlefield, battlefield
from .game import MM_PER_INCH, ROUTE_HATCHES

HOP_MM = MM_PER_INCH          # one hop: an increment of at most 1"
SAMPLE_MM = 2.0               # the edge near walls is sampled this often
_GRID = 0.01                  # regions are kept on a 0.01 mm grid
_SLIT_MM = 0.05               # half the width of an access point's middle line, as a wall for a hop
# The most layers worked out (30" is more than any route across one board).
MAX_IN = 60


class _Hops:
    """What one battlefield needs for hops: the free floor, the boxes that
    cast shadows (walls, closed hatches) and the access points' middle lines
    as thin boxes, each in an STRtree, and where a hop may meet any of them."""

    def __init__(self, bf: Battlefield):
        self.bf = bf
        self.free = bf.free
        walls = np.asarray(bf.vrects, dtype=float).reshape(-1, 4)
        self.walls = shapely.box(walls[:, 0], walls[:, 1], walls[:, 2], walls[:, 3]) if len(walls) else \
            np.array([], dtype=object)
        lines = paths.open_door_lines(bf)
        slits = []
        self.door_lines = []
        for axis, c, lo, hi in lines:
            if axis == 0:
                slits.append(box(lo, c - _SLIT_MM, hi, c + _SLIT_MM))
                self.door_lines.append(LineString([(lo, c), (hi, c)]))
            else:
                slits.append(box(c - _SLIT_MM, lo, c + _SLIT_MM, hi))
                self.door_lines.append(LineString([(c, lo), (c, hi)]))
        self.slits = np.array(slits, dtype=object)
        self.wall_tree = shapely.STRtree(self.walls)
        self.slit_tree = shapely.STRtree(self.slits) if len(slits) else None
        walls_edge = shapely.union_all(self.walls).boundary if len(self.walls) else shapely.LineString()
        doors = shapely.union_all(self.door_lines) if self.door_lines else shapely.LineString()
        pad = HOP_MM + 0.5
        self.near_walls = walls_edge.buffer(pad, quad_segs=4)
        self.near_doors = doors.buffer(pad, quad_segs=4) if self.door_lines else shapely.Polygon()
        # the floor the layers keep: not on an access point's middle line, so
        # that every point of a region is on one side of it
        self.floor = self.free.difference(shapely.union_all(slits)) if slits else self.free
        self.edge = self.floor.boundary.buffer(1e-6, quad_segs=2)       # no hop leaves here
        self.free_edge = self.free.boundary.buffer(1e-6, quad_segs=2)   # nor here, crossing a line

    def reach(self, p: Point, doors: bool) -> BaseGeometry:
        """Where one hop from p reaches: the 1" disc less the shadows cast
        from p (by the access points' lines too unless doors)."""
        disc = ShapelyPoint(p).buffer(HOP_MM, quad_segs=16)
        boxes = [self.walls[i] for i in self.wall_tree.query(disc)]
        if not doors and self.slit_tree is not None:
            boxes += [self.slits[i] for i in self.slit_tree.query(disc)]
        if not boxes:
            return disc
        shades = [_shadow(p, b) for b in boxes]
        return disc.difference(shapely.union_all(shades))

    def grow(self, region: BaseGeometry, doors: bool, only_near: BaseGeometry | None = None) -> list[BaseGeometry]:
        """What one hop from the region reaches (doors: hops that may cross
        an access point, only from the part of the edge in only_near)."""
        edge = region.boundary.difference(self.free_edge if doors else self.edge)
        if only_near is not None:
            edge = edge.intersection(only_near)
        if edge.is_empty:
            return []
        near = self.near_walls if doors else shapely.union(self.near_walls, self.near_doors)
        far_edge = edge.difference(near)
        out = []
        if not far_edge.is_empty:
            out.append(far_edge.buffer(HOP_MM, quad_segs=16))
        near_edge = edge.intersection(near)
        for p in _samples(near_edge):
            out.append(self.reach(p, doors))
        return out


def _shadow(p: Point, b: BaseGeometry) -> BaseGeometry:
    """The points a box hides from p within a hop (a convex hull of the box
    and the box pushed away from p)."""
    d = b.distance(ShapelyPoint(p))
    x0, y0, x1, y1 = b.bounds
    k = 1.0 + (HOP_MM + 2.0 + math.hypot(x1 - x0, y1 - y0)) / max(d, 0.05)
    far = shapely.affinity.scale(b, k, k, origin=(p[0], p[1]))
    return shapely.convex_hull(shapely.union(b, far))


def _polygonal(g: BaseGeometry) -> BaseGeometry:
    """Only the areas of a geometry (an intersection may leave lines)."""
    if g.geom_type in ("Polygon", "MultiPolygon"):
        return g
    polys = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon") and p.area > 0]
    return shapely.union_all(polys) if polys else shapely.Polygon()


def _samples(edge: BaseGeometry) -> list[Point]:
    pts: list[Point] = []
    for part in shapely.get_parts(edge):
        if part.is_empty or part.geom_type not in ("LineString", "LinearRing"):
            if part.geom_type == "Point":
                pts.append((part.x, part.y))
            continue
        n = max(1, int(math.ceil(part.length / SAMPLE_MM)))
        pts += [tuple(part.interpolate(k / n, normalized=True).coords[0]) for k in range(n + 1)]
        pts += [tuple(c) for c in part.coords]
    return pts


class Layers:
    """R(0), R(1), ... from a start (see the module notes), grown on demand."""

    def __init__(self, hops: _Hops, start: BaseGeometry,
                 cut: Callable[[int, BaseGeometry], BaseGeometry] | None = None):
        self.hops = hops
        self.regions: list[BaseGeometry] = [start]
        self.lock = threading.Lock()
        # cut(n, R(n)): the part of layer n worth growing (a search bounded
        # by what it looks for, zone_moves.py); None keeps all of it
        self.cut = cut

    def _next(self) -> BaseGeometry:
        n = len(self.regions)
        h = self.hops
        prev = self.regions[-1]
        parts = [prev]
        if n == 1 and prev.area == 0:
            # a point: its own hop
            for p in [(prev.x, prev.y)] if isinstance(prev, ShapelyPoint) else _samples(prev):
                parts.append(h.reach(p, doors=False))
        else:
            parts += h.grow(prev, doors=False)
        if n >= 2 and h.door_lines:
            before = self.regions[-2]
            if before.area == 0:
                pts = [(before.x, before.y)] if isinstance(before, ShapelyPoint) else _samples(before)
                parts += [h.reach(p, doors=True) for p in pts if h.near_doors.contains(ShapelyPoint(p))]
            else:
                parts += h.grow(before, doors=True, only_near=h.near_doors)
        got = shapely.union_all([g for g in parts if not g.is_empty and g.area > 0], grid_size=_GRID)
        got = _polygonal(got.intersection(h.floor, grid_size=_GRID))
        return got if self.cut is None else _polygonal(self.cut(n, got))

    def upto(self, n: int) -> BaseGeometry:
        with self.lock:
            while len(self.regions) <= n:
                self.regions.append(self._next())
            return self.regions[n]


_memo = memo.Memo("kill_team.moves", 32)


def _hops(mission: Mission, hatches: str) -> _Hops:
    bf = battlefield(mission, hatches)
    got = bf.cache.get("kill-team-hops")
    if got is None:
        got = _Hops(bf)
        bf.cache["kill-team-hops"] = got
    return got


def layers(mission: Mission, start: Point | BaseGeometry, hatches: str = ROUTE_HATCHES) -> Layers:
    """The layers from a start: a point (x, y) or an area (a drop zone),
    cut to the free floor. Kept for the layout and start (LRU)."""
    h = _hops(mission, hatches)
    key: tuple[int, bytes | Point]
    if isinstance(start, BaseGeometry):
        geom = _polygonal(start.intersection(h.floor))
        key = (id(h), start.wkb)
    else:
        geom = ShapelyPoint(float(start[0]), float(start[1]))
        key = (id(h), (float(start[0]), float(start[1])))
    got: Layers | None = _memo.get(key)
    if got is None or got.hops is not h:
        got = Layers(h, geom)
        _memo.put(key, got)
    return got


def increments_in(route: list[Point], mission: Mission, hatches: str = ROUTE_HATCHES) -> int:
    """A route's count the rules' way: each straight leg rounded up to the
    inch, 1" per access point crossed."""
    if len(route) < 2:
        return 0
    bf = battlefield(mission, hatches)
    pts = np.asarray(route, dtype=float)
    legs = np.hypot(*(pts[1:] - pts[:-1]).T) / MM_PER_INCH
    doors = int(paths.door_crossings(bf, pts[:-1], pts[1:]).sum())
    return int(sum(math.ceil(x - 1e-9) for x in legs)) + doors


def _cut_route(route: list[Point], short_mm: float) -> list[Point]:
    """The route less its last short_mm (stopping that far short of its end)."""
    if short_mm <= 0 or len(route) < 2:
        return list(route)
    pts: list[Point] = [(float(p[0]), float(p[1])) for p in route]
    left = short_mm
    while len(pts) >= 2:
        a, b = pts[-2], pts[-1]
        leg = math.dist(a, b)
        if leg > left:
            t = (leg - left) / leg
            pts[-1] = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            return pts
        left -= leg
        pts.pop()
    return pts[:1] * 2


def move_in(mission: Mission, p1: Point, p2: Point, hatches: str = ROUTE_HATCHES, within_mm: float = 0.0,
            limit: int = MAX_IN) -> int | None:
    """The fewest inches a move of a base's centre from p1 to within
    within_mm of p2 costs, counted the rules' way (None: no route). The
    shortest route (kill_team.measure) stopped within_mm short gives an
    upper bound (its own count) and a lower one (its length, access points
    at 1", rounded up); when they differ the layers decide."""
    from .routes import measure

    m = measure(mission, p1, p2, hatches=hatches)
    if m.distance_mm is None:
        return None
    route = _cut_route(m.route, within_mm)
    upper = increments_in(route, mission, hatches)
    lower = int(math.ceil(max(m.distance_mm - within_mm, 0.0) / MM_PER_INCH - 1e-9))
    if upper <= lower:
        return upper
    target = ShapelyPoint(float(p2[0]), float(p2[1]))
    lay = layers(mission, p1, hatches)
    for n in range(lower, min(upper, limit + 1)):
        if lay.upto(n).distance(target) <= within_mm + 1e-6:
            return n
    return upper
