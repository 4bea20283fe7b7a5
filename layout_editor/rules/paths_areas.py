"""Measuring, its second part: distances from an area (an entry zone, a
drop zone) or a point to many targets. The area cut to the free space and
its rectangles, each corner's start from the area's nearest point, the
targets' last legs, and what an edit leaves standing of the answers before
it (_Routes.known, _start_reused).

paths.py's module notes say the method; paths.distances_from runs these.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, overload

import numpy as np
import shapely
from shapely.geometry import MultiPolygon
from shapely.geometry.base import BaseGeometry

from .. import memo
from ..model.mission import Point
from . import segments
from .obstacles import Battlefield
from .paths_doors import door_crossings
from .paths_graph import VisibilityGraph, _changed_boxes, route_kernels
from .rects import _is_rectilinear, polygon_rects, segments_meet_boxes, strips

# A target with no route that was not usable (inside a wall, off the table).
_UNUSABLE = "unusable"
# Boxes round the changed pieces are grown by this much (mm) before the
# bounds of _Routes.known are taken: rounding never makes a bound too high.
BOUND_PAD_MM = 0.01
# The legs a route may end on (_finish): with the compiled segment test, up
# to this many are tested all at once (two boards: a few hundred, one call
# costing less than the rounds' bookkeeping); more (8 boards: ~2,600, most
# of them longer than the best clear one) are tested best first in rounds,
# the best LEGS_FIRST_ROUND legs per target first, four times as many in
# each round after (8 boards: ~1,900 legs tested an edit, not ~3,800).
LEGS_AT_ONCE = 600
LEGS_FIRST_ROUND = 64
# nearest_points takes up to this many points in one pass of both axes
# (quicker for a few; slower than the pass per axis for hundreds)
NEAREST_AT_ONCE = 8


@dataclass
class _Routes:
    """What distances_from found from one source on one battlefield, kept
    for the next edit: the corners' starts, and each target's
    route length (inf: none) and, for those with none, the free area it
    stood in (homes: the number of its free part on bf, _UNUSABLE when it
    was not usable, None when unknown)."""
    bf: Battlefield
    area: BaseGeometry | None      # the source's free part (the same object while nothing near it changed)
    point: Point | None
    keys: np.ndarray               # the corners (_corner_keys)
    near: np.ndarray | None        # each corner's nearest point of the area
    start: np.ndarray              # each corner's straight distance from the source (inf: not in sight)
    values: dict[Point, float]     # each target's route length (inf: none)
    homes: dict[Point, int | str | None]
    rects: np.ndarray | None = None  # the area's rectangles (_free_part's second answer)

    def same_area(self, bf: Battlefield, source: BaseGeometry) -> tuple[BaseGeometry, np.ndarray | None] | None:
        """_free_part(bf, source) when it is the area found here (the same
        objects), None when that cannot be told: no box round what the edit
        changed comes within a millimetre of the source's bounds, so the
        source's cut to the free space is the same point set (what blocks in
        and at the source is the same). _free_part's own memo is keyed by the
        strips near the source, which change whenever an edit anywhere in the
        source's columns cuts them anew (an entry zone spans a board: 2 edits
        in 5 on the dense layouts); this asks only where the edit is."""
        if self.area is None or not (bf.rectilinear and self.bf.rectilinear and len(bf.vrects)):
            return None
        boxes = self.changes(bf)
        if boxes is None:
            return None
        if len(boxes):
            x0, y0, x1, y1 = source.bounds
            pad = 1.0
            if np.any((boxes[:, 0] <= x1 + pad) & (boxes[:, 2] >= x0 - pad)
                      & (boxes[:, 1] <= y1 + pad) & (boxes[:, 3] >= y0 - pad)):
                return None
        return self.area, self.rects

    def changes(self, bf: Battlefield) -> np.ndarray | None:
        """The boxes round what differs between this battlefield and bf
        (none: the same), None when too much differs to tell."""
        if bf is self.bf:
            return np.zeros((0, 4))
        boxes = _changed_boxes(self.bf, bf)
        return None if boxes is None else np.array(boxes, dtype=float).reshape(-1, 4)

    def known(self, bf: Battlefield, source: BaseGeometry | None, a: Point | None, area: BaseGeometry | None,
              targets: list[Point]) -> dict[int, float]:
        """The targets (index: length, inf for none) whose answer on bf is
        the one found here: those the edit cannot have changed.

        Every route (the straight leg from the source or a corner's start
        leg, edges between corners, a corner's leg to the target) that meets
        none of the boxes round the changed pieces is a route on both
        battlefields, of the same length to the last bit (the same legs,
        the same sums; a leg's clearance depends only on what it passes).
        So a target's answer can change only through a route meeting a box
        B, on either battlefield, which is at least as long as the straight
        line from the source to B and on to the target: `before[B] +
        after[B]`. A target whose length here is below that for every box
        keeps it, on bf too. (Counting the route up to B as the length
        found here to a corner plus the corner's distance to B gives no
        more: a corner is never nearer to the source by route than in a
        straight line.)
        A target with no route gets one on bf only by a route whose last
        leg meeting a box leaves it into the free area the target stood in
        here, whose legs from there on are routes here too: it keeps none
        when no box meets that area (nor, when it was not usable, holds
        it). An area source counts only while its free part is the same
        object (nothing near it changed: _free_part keeps it)."""
        if (area is not None) != (self.area is not None) or (area is not None and area is not self.area) \
                or (a is not None and a != self.point):
            return {}
        boxes = self.changes(bf)
        if boxes is None:
            return {}
        out: dict[int, float] = {}
        met: set[int] | None = None  # the free parts (of self.bf) a grown box meets
        if len(boxes) == 0:
            for k, t in enumerate(targets):
                got = self.values.get(t)
                if got is not None:
                    out[k] = got
            return out
        g = boxes + np.array([-1.0, -1.0, 1.0, 1.0]) * BOUND_PAD_MM
        if source is not None:
            src = shapely.distance(source, shapely.box(g[:, 0], g[:, 1], g[:, 2], g[:, 3]))
        else:
            src = _box_distance(np.asarray([a], dtype=float), g)[0]
        before = src
        ks = [k for k, t in enumerate(targets) if t in self.values]
        if not ks:
            return out
        pts = np.array([targets[k] for k in ks], dtype=float).reshape(-1, 2)
        after = _box_distance(pts, g)
        lengths = np.array([self.values[targets[k]] for k in ks])
        # (every target's bound at once: the same comparisons, row by row)
        with np.errstate(invalid="ignore"):
            far = np.all(before + after > lengths[:, None] + 1e-6, axis=1)
        finite = np.isfinite(lengths)
        for row, k in enumerate(ks):
            t = targets[k]
            length = self.values[t]
            if finite[row]:
                if far[row]:
                    out[k] = length
                continue
            home = self.homes.get(t)
            if home is None:
                continue
            if isinstance(home, str):  # (_UNUSABLE, the one str a home is)
                if np.all(after[row] > 0.0):
                    out[k] = length
            else:
                if met is None:
                    met = set()
                    for box in shapely.box(g[:, 0], g[:, 1], g[:, 2], g[:, 3]):
                        met.update(self.bf.free_parts_meeting(box).tolist())
                if home not in met:
                    out[k] = length
        return out


def _box_distance(pts: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Distance of each point (rows) to each box (columns), 0 inside."""
    dx = np.maximum(np.maximum(boxes[None, :, 0] - pts[:, 0:1], pts[:, 0:1] - boxes[None, :, 2]), 0.0)
    dy = np.maximum(np.maximum(boxes[None, :, 1] - pts[:, 1:2], pts[:, 1:2] - boxes[None, :, 3]), 0.0)
    d: np.ndarray = np.hypot(dx, dy)
    return d


# source (zone or point), boards, hatchway view -> _Routes: the answers of the last layout asked
_routes_from = memo.Memo("paths.routes_from", 16)


def _usable(bf: Battlefield, p: Point) -> bool:
    return (math.isfinite(p[0]) and math.isfinite(p[1]) and bf.on_battlefield(*p)
            and not bf.in_obstacle(*p))


def _free_part(bf: Battlefield, source: BaseGeometry,
               wkb: bytes | None = None) -> tuple[BaseGeometry, np.ndarray | None]:
    """The part of a source area (an entry zone) a route may start from:
    the area cut to the free space (closed sets: where a wall's face runs
    along the zone's edge the cut keeps that edge as a line), and the same
    as rectangles (_area_rects), None when it is not rectilinear. wkb: the
    source's shapely.to_wkb, when the caller has it."""
    key = None
    if bf.rectilinear and len(bf.vrects):
        # the cut depends only on what blocks at or near the area: remembered
        # by the area and those strips, so an edit elsewhere reuses it
        x0, y0, x1, y1 = source.bounds
        r = bf.vrects
        pad = 1.0
        near = r[(r[:, 0] <= x1 + pad) & (r[:, 2] >= x0 - pad) & (r[:, 1] <= y1 + pad) & (r[:, 3] >= y0 - pad)]
        near = near[np.lexsort(near.T[::-1])]
        key = (shapely.to_wkb(source) if wkb is None else wkb, near.tobytes(), bf.area.bounds)
        known: tuple[BaseGeometry, np.ndarray | None] | None = _zone_parts.get(key)
        if known is not None:
            return known
    area = source.intersection(_free_near(bf, source))
    got = (area, _area_rects(area))
    if key is not None:
        _zone_parts.put(key, got)
    return got


def _free_near(bf: Battlefield, source: BaseGeometry) -> BaseGeometry:
    """The free space where a source area is: the battlefield's free parts
    that meet it (their polygons, not the whole free space's), as one
    geometry (the parts are disjoint: their union is them side by side)."""
    parts = bf.free_parts_meeting(source)
    if len(parts) == 1:
        return bf.free_part(int(parts[0]))
    return MultiPolygon([bf.free_part(int(k)) for k in parts])


# an entry zone's free part and its rectangles, by the zone and what blocks near it
_zone_parts = memo.Memo("paths.zone_parts", 64)


def _area_rects(area: BaseGeometry) -> np.ndarray | None:
    """_area_rects_plain in a few vectorised passes (a zone's free part
    after an edit near it: ~30 parts, polygons, lines and points, each of
    which cost a pass of its own): every polygon part's strips at once
    (rects.polygon_rects, the rows strips() gives each), every line's
    segments at once, put together in the parts' order. An area with a
    part of several polygons (strips() pairs their edges together) is left
    to the plain way."""
    parts = np.asarray(shapely.get_parts(area) if area.geom_type == "GeometryCollection" else [area],
                       dtype=object)
    parts = parts[~shapely.is_empty(parts)] if len(parts) else parts
    if len(parts) == 0:
        return None
    kind = shapely.get_type_id(parts)
    # 0 point, 1 line, 2 ring, 3 polygon, 4 multipoint, 5 multiline
    if not np.isin(kind, (0, 1, 2, 3, 4, 5)).all():
        return _area_rects_plain(area)
    pieces: list[np.ndarray | None] = [None] * len(parts)
    poly = np.nonzero(kind == 3)[0]
    if len(poly):
        got, ok = polygon_rects(list(parts[poly]))
        if not ok.all():
            return None
        for k, r in zip(poly.tolist(), got):
            pieces[k] = r
    line = np.nonzero((kind == 1) | (kind == 2) | (kind == 5))[0]
    if len(line):
        lines, part_of = shapely.get_parts(parts[line], return_index=True)
        c, of = shapely.get_coordinates(lines, return_index=True)
        same = of[:-1] == of[1:]
        a, b, at = c[:-1][same], c[1:][same], line[part_of[of[:-1][same]]]
        if np.any((np.abs(a[:, 0] - b[:, 0]) > 1e-9) & (np.abs(a[:, 1] - b[:, 1]) > 1e-9)):
            return None
        rows = np.concatenate([np.minimum(a, b), np.maximum(a, b)], axis=1)
        cut = np.searchsorted(at, line, side="left").tolist() + [len(at)]
        for n, k in enumerate(line.tolist()):
            pieces[k] = rows[cut[n]:cut[n + 1]]
    point = np.nonzero((kind == 0) | (kind == 4))[0]
    for k in point.tolist():
        c = shapely.get_coordinates(parts[k])
        pieces[k] = np.concatenate([c, c], axis=1)
    out = [r for r in pieces if r is not None]
    return np.concatenate(out) if out else None


def _area_rects_plain(area: BaseGeometry) -> np.ndarray | None:
    """A rectilinear area as rectangles (x0, y0, x1, y1) whose union it is:
    its polygons cut into vertical strips, its lines (axis-parallel) and
    points as rectangles of no width. None when a part is not rectilinear."""
    out = []
    for part in getattr(area, "geoms", [area]):
        if part.is_empty:
            continue
        kind = part.geom_type
        if kind in ("Polygon", "MultiPolygon"):
            if not _is_rectilinear(part):
                return None
            out.append(strips(part, True))
        elif kind in ("LineString", "LinearRing", "MultiLineString"):
            for line in getattr(part, "geoms", [part]):
                c = np.asarray(line.coords)
                a, b = c[:-1], c[1:]
                if np.any((np.abs(a[:, 0] - b[:, 0]) > 1e-9) & (np.abs(a[:, 1] - b[:, 1]) > 1e-9)):
                    return None
                out.append(np.concatenate([np.minimum(a, b), np.maximum(a, b)], axis=1))
        elif kind in ("Point", "MultiPoint"):
            c = shapely.get_coordinates(part)
            out.append(np.concatenate([c, c], axis=1))
        else:
            return None
    return np.concatenate(out) if out else None


def nearest_points(area: BaseGeometry, rects: np.ndarray | None, pts: np.ndarray) -> np.ndarray:
    """The nearest point of the area to each point: each point clamped to
    each of the area's rectangles, the nearest kept (the area is their
    union); shapely.shortest_line where there are none (not rectilinear)."""
    pts = np.asarray(pts, dtype=float).reshape(-1, 2)
    if rects is None or len(rects) == 0 or len(pts) == 0:
        return shapely.get_coordinates(shapely.shortest_line(area, shapely.points(pts)))[0::2].reshape(-1, 2)
    k = route_kernels()
    if k is not None and np.isfinite(pts).all():
        # compiled: the same steps point by point, the same points to the bit
        # (_compiled_routes.nearest_in_rects; every corner of a zone's start
        # ~10 us instead of ~0.4 ms of numpy temporaries in place)
        near: np.ndarray = k.nearest_in_rects(np.ascontiguousarray(pts), np.ascontiguousarray(rects, dtype=float))
        return near
    if len(pts) <= NEAREST_AT_ONCE:
        # a few points (the targets, the corners an edit moved): both axes
        # in each step, the same numbers as below step for step (the
        # call's dozen numpy steps were most of its ~50 us after an edit)
        p = pts[:, None, :]
        c = np.minimum(np.maximum(p, rects[:, :2]), rects[:, 2:])
        d = c - p
        dx = d[:, :, 0]
        dy = d[:, :, 1]
        few: np.ndarray = c[np.arange(len(pts)), np.argmin(dx * dx + dy * dy, axis=1)]
        return few
    out = np.empty_like(pts)
    rows = max(1, 200_000 // len(rects))  # bounded temporaries
    for s in range(0, len(pts), rows):
        p = pts[s:s + rows]
        px, py = p[:, 0:1], p[:, 1:2]
        # (np.clip's own steps cost more than the work on a few points:
        # the same numbers, a rectangle's low side never above its high)
        cx = np.minimum(np.maximum(px, rects[:, 0]), rects[:, 2])
        cy = np.minimum(np.maximum(py, rects[:, 1]), rects[:, 3])
        dx = cx - px
        dy = cy - py
        d2 = dx * dx + dy * dy  # (x ** 2 is x * x: the same bits)
        k = np.argmin(d2, axis=1)
        r = np.arange(len(p))
        out[s:s + rows, 0] = cx[r, k]
        out[s:s + rows, 1] = cy[r, k]
    return out


@overload
def _start_from_area(bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                     rects: np.ndarray | None = None, with_near: Literal[False] = False) -> np.ndarray: ...
@overload
def _start_from_area(bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                     rects: np.ndarray | None, with_near: Literal[True]) -> tuple[np.ndarray, np.ndarray]: ...
def _start_from_area(bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                     rects: np.ndarray | None = None,
                     with_near: bool = False) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """Straight distance from an area to each corner: from the area's nearest
    point, when that point sees the corner (corners inside the area start at
    0). This is exact whenever the nearest point of the area is in sight of
    the route's first corner, which holds for entry zones (whole cells, walls
    on their edges); otherwise the route found may be longer than the
    shortest (never shorter). with_near: also return the nearest points."""
    n = len(g.v)
    start = np.full(n, np.inf)
    near = np.zeros((0, 2))
    if n:
        near = nearest_points(area, rects, g.v)
        start[:] = _start_legs(bf, g, near, g.v)
    return (start, near) if with_near else start


def _start_legs(bf: Battlefield, g: VisibilityGraph, near: np.ndarray, v: np.ndarray,
                clear: np.ndarray | None = None) -> np.ndarray:
    """_start_from_area for the corners v, from their nearest points near
    (each leg on its own: the same answer for any subset). clear: the legs'
    segment test, when the caller has made it (_pretest)."""
    start = np.full(len(v), np.inf)
    if len(v) == 0:
        return start
    d = np.hypot(*(v - near).T)
    inside = d <= 1e-9
    ok = inside | (bf.clear(near, v) if clear is None else clear)
    if g.door_cost:
        d = d + g.door_cost * door_crossings(bf, near, v)
    start[ok] = d[ok]
    return start


@overload
def _start_reused(memo: _Routes, bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                  rects: np.ndarray | None, defer: Literal[False] = False) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def _start_reused(memo: _Routes, bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                  rects: np.ndarray | None, defer: Literal[True]) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
def _start_reused(memo: _Routes, bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                  rects: np.ndarray | None,
                  defer: bool = False) -> tuple[np.ndarray, np.ndarray] | tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_start_from_area after an edit, from the starts found on the layout
    before (memo): a corner both layouts share, away from the changed boxes,
    whose leg from its nearest point meets none of them, starts as before
    (the same area, so the same nearest point, and the same clearance); the
    others are measured again. The same answer as _start_from_area.
    defer: the legs to measure again are not tested here; their corners
    (indices) are returned as well, their starts left to the caller
    (_start_legs on near and the corners, with the caller's segment test:
    distances_from tests them in one call with the last legs, _pretest)."""
    boxes = memo.changes(bf) if area is memo.area else None
    if boxes is None or memo.near is None or len(g.v) == 0:
        if defer:
            # (_start_from_area's nearest points; every leg left to the caller)
            n = len(g.v)
            near0 = nearest_points(area, rects, g.v) if n else np.zeros((0, 2))
            return np.full(n, np.inf), near0, np.arange(n)
        return _start_from_area(bf, g, area, rects, with_near=True)
    n = len(g.v)
    old = g.match(memo.keys)
    pad = 1e-6
    same = old >= 0
    if len(boxes):
        # (every box at once: the same comparisons)
        x, y = g.v[:, 0:1], g.v[:, 1:2]
        same &= ~((x >= boxes[:, 0] - pad) & (x <= boxes[:, 2] + pad)
                  & (y >= boxes[:, 1] - pad) & (y <= boxes[:, 3] + pad)).any(axis=1)
    near = np.empty((n, 2))
    near[same] = memo.near[old[same]]
    again = ~same
    if again.any():
        near[again] = nearest_points(area, rects, g.v[again])
    if len(boxes):
        k = np.nonzero(same)[0]
        cut = segments_meet_boxes(near[k], g.v[k], [tuple(b) for b in boxes])
        again[k[cut]] = True
        same[k[cut]] = False
    start = np.empty(n)
    start[same] = memo.start[old[same]]
    if defer:
        return start, near, np.nonzero(again)[0]
    start[again] = _start_legs(bf, g, near[again], g.v[again])
    return start, near


def _pretest(bf: Battlefield, g: VisibilityGraph, area: BaseGeometry, targets: np.ndarray,
             rects: np.ndarray | None, skip: np.ndarray, a: np.ndarray,
             b: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray] | None, np.ndarray]:
    """Before the search from an area, after an edit: the segments a -> b
    (the start legs _start_reused left, _start_legs' test) in one call of
    the segment test with the straight lines from the area to the targets
    not skipped and every last leg of theirs (_LastLegs; those recalled
    from the graph before are not tested), when _finish would test the
    legs at once (compiled, after an edit, at most LEGS_AT_ONCE: two
    boards). Every segment's answer is its own (the same answers as
    separate calls); a call costs ~0.1 ms in place before its first
    segment (two boards, pillar edit: 3 calls -> 2). A leg to a corner the
    search then does not reach is tested too (on two boards a handful;
    its answer is kept with the legs like any other). Returns the straight
    lines (the nearest points, inside the area, clear) for _finish's
    `straight`, None when not made here (only a -> b tested), and a -> b's
    answers."""
    m = len(targets)
    if m and len(g.v) and segments.kernel() is not None:
        legs = g.last_legs(targets)
        pre = np.nonzero(~skip[legs.r])[0]
        if legs.before is not None and len(pre) <= LEGS_AT_ONCE:
            k = np.nonzero(~skip)[0]
            t = targets[k]
            if len(k):
                src = nearest_points(area, rects, t)
                inside = shapely.intersects_xy(area, t[:, 0], t[:, 1])
            else:
                src, inside = np.zeros((0, 2)), np.zeros(0, dtype=bool)
            ok = legs.test(bf, g, pre, also=(np.concatenate([np.asarray(src, dtype=float), a]),
                                             np.concatenate([t, b])))
            return (src, inside, ok[:len(k)]), ok[len(k):]
    return None, bf.clear(a, b)


def _finish(bf: Battlefield, g: VisibilityGraph, reach: np.ndarray, area: BaseGeometry | None,
            a: Point | None, targets: np.ndarray, rects: np.ndarray | None = None,
            skip: np.ndarray | None = None,
            straight: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> list[float | None]:
    """The route length to each target: straight from the source when it is
    in sight, else through the corner the target sees that gives the
    shortest total. Every target's candidate corners are sorted by the total
    they would give and tested in rounds, a few per target per round, all
    targets in one batch, until each has its first clear one. skip: targets
    not to measure (known already; None is returned for them). straight:
    the straight lines to the targets not skipped, tested already with
    their legs (_pretest: the nearest points, inside the area, clear)."""
    m = len(targets)
    best = np.full(m, np.inf)
    if m == 0:
        return []
    skip = np.zeros(m, dtype=bool) if skip is None else np.asarray(skip, dtype=bool)
    legs = g.last_legs(targets)
    compiled = segments.kernel() is not None
    # straight from the source (the nearest point of an area)
    ok = skip.copy()
    k = np.nonzero(~skip)[0]
    if len(k) and straight is not None:
        src, inside, clear = straight
        direct = np.hypot(*(targets[k] - src).T)
        seen = inside | clear
        ok[k] = seen
        best[k[seen]] = np.where(inside[seen], 0.0, direct[seen])
    elif len(k):
        t = targets[k]
        if area is None:
            src = np.broadcast_to(np.asarray(a, dtype=float), t.shape)
            inside = np.zeros(len(k), dtype=bool)
        else:
            src = nearest_points(area, rects, t)
            inside = shapely.intersects_xy(area, t[:, 0], t[:, 1])
        direct = np.hypot(*(t - src).T)
        # compiled, when every leg below would be tested at once and they
        # are few (two boards): the straight lines and those legs (of every
        # target measured, those seen straight too: a few more segments) in
        # one call of the segment test, not two (each segment's answer is
        # its own). Not with more (8 boards, ~2,600 legs): the legs of
        # targets seen straight, never tested, would all be tested and then
        # recalled edit after edit (pillar 7.7 -> 8.0 ms). Nor on a first
        # analysis (no legs to recall: those extra legs cost more than the
        # call saved, 2 boards ~8.8 -> ~8.9 ms)
        pre = np.nonzero(~skip[legs.r] & np.isfinite(reach[legs.c]))[0]
        if compiled and legs.before is not None and len(pre) <= LEGS_AT_ONCE:
            clear = legs.test(bf, g, pre, also=(np.asarray(src, dtype=float), t))
        else:
            clear = bf.clear(src, t)
        seen = inside | clear
        ok[k] = seen
        best[k[seen]] = np.where(inside[seen], 0.0, direct[seen])
    # through the corners, best first: every (target, corner) pair the
    # route could end on (g.last_legs: a corner of the target's free area,
    # the line from the target tangent there), those reached, each
    # target's sorted by the total it would give
    pick = ~ok[legs.r] & np.isfinite(reach[legs.c])
    r, c, q = legs.r[pick], legs.c[pick], np.nonzero(pick)[0]
    # after an edit most legs were tested on the graph before it (recalled,
    # _LastLegs.recall: 8 boards ~85% of those asked): testing every leg
    # left at once is then quicker than the rounds (the same least totals),
    # and the next edit recalls them all
    many = len(r) > LEGS_AT_ONCE and legs.before is None
    if len(r) and compiled and not many:
        # compiled segment test: every leg at once (one call, a few hundred
        # legs on two boards) is quicker than the rounds below; each
        # target's least total of its clear legs, the same value they find
        legs.test(bf, g, q)
        total = reach[c] + legs.length[q]
        total[legs.clear[q] < 0] = np.inf
        found = np.full(m, np.inf)
        np.minimum.at(found, r, total)
        got = np.isfinite(found)
        best[got] = found[got]
        r = r[:0]
    if len(r):
        total = reach[c] + legs.length[q]
        order = np.lexsort((total, r))
        r, c, q, total = r[order], c[order], q[order], total[order]
        first = np.searchsorted(r, np.arange(m))
        count = np.searchsorted(r, np.arange(m), side="right") - first
        rank = np.arange(len(r)) - first[r]
        pos = np.zeros(m, dtype=np.int64)
        open_ = count > 0
        # (compiled: each round is one call of the segment test, whose
        # overhead is that of some hundred legs; fewer, bigger rounds)
        step = LEGS_FIRST_ROUND if compiled else 8
        # tested in rounds, a few per target at first, more each round,
        # until each has its first clear one (the least total of the clear);
        # a leg tested for another source is not tested again
        while open_.any():
            sel = np.nonzero(open_[r] & (rank >= pos[r]) & (rank < pos[r] + step))[0]
            legs.test(bf, g, q[sel])
            got = sel[legs.clear[q[sel]] > 0]
            rows, at = np.unique(r[got], return_index=True)
            best[rows] = total[got[at]]
            open_[rows] = False
            pos += step
            open_ &= pos < count
            step = min(step * 4, 2048 if compiled else 512)
    best[skip] = np.inf
    return [float(b) if math.isfinite(b) else None for b in best]


def _finish_costed(bf: Battlefield, g: VisibilityGraph, reach: np.ndarray, area: BaseGeometry | None,
                   a: Point | None, targets: np.ndarray, rects: np.ndarray | None = None,
                   skip: np.ndarray | None = None) -> list[float | None]:
    """_finish with door costs: the straight line from the source and every
    corner each target sees are weighed with the hatchways they cross, and
    the least total kept (no corner is left out as "farther")."""
    m = len(targets)
    best = np.full(m, np.inf)
    if m == 0:
        return []
    cost = g.door_cost
    if area is None:
        src = np.broadcast_to(np.asarray(a, dtype=float), targets.shape).copy()
        inside = np.zeros(m, dtype=bool)
    else:
        src = nearest_points(area, rects, targets)
        inside = shapely.intersects_xy(area, targets[:, 0], targets[:, 1])
    direct = np.hypot(*(targets - src).T) + cost * door_crossings(bf, src, targets)
    ok = inside | bf.clear(src, targets)
    best[ok] = np.where(inside[ok], 0.0, direct[ok])
    rows, cols = [], []
    for k in range(m):
        if inside[k]:
            continue
        ct = g.component_of((targets[k, 0], targets[k, 1]))
        if ct is None:
            continue
        cand = g.candidates((targets[k, 0], targets[k, 1]), ct)
        cand = cand[np.isfinite(reach[cand])]
        rows.append(np.full(len(cand), k))
        cols.append(cand)
    if rows:
        r = np.concatenate(rows)
        c = np.concatenate(cols)
        if len(r):
            seen = bf.clear(targets[r], g.v[c])
            r, c = r[seen], c[seen]
            tot = (reach[c] + np.hypot(*(g.v[c] - targets[r]).T)
                   + cost * door_crossings(bf, g.v[c], targets[r]))
            np.minimum.at(best, r, tot)
    return [float(x) if math.isfinite(x) else None for x in best]
