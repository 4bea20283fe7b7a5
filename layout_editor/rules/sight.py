"""Sight: whether one base can see another, the visibility polygon of a
point, the longest sight line on the battlefield, and whether two areas
(entry zones) see into each other (all exact up to GRAZE_MM).

The rules (digest, "Sight"): a model is visible if a straight line can be
drawn from any part of the observer's base to any part of its base without
passing through a wall or a closed hatchway; fully visible if such a line can
be drawn to every part of its base. Open hatchways do not block. A line that
only touches a wall or grazes a corner is not blocked (obstacles.GRAZE_MM).
Layouts have no models, so models never block here.

A line of sight stays on the battlefield (see below for boards laid apart).
Bases stand where a legal move leaves them: wholly on the boards, and
overlapping no wall, pillar, wall end or closed hatchway (touching one is
allowed, up to GRAZE_MM). sight_between refuses any other base, naming it and
why, as measuring refuses a point inside a wall: the method below takes the
bases clear of what blocks, and a base hanging off the table could be called
fully visible while part of it is not on the battlefield at all. A base in an
open hatchway's doorway is not refused: in this view the doorway is free
space, and sight treats it so (reach.py keeps a move from ending there).

Visible (exact up to GRAZE_MM). If some line meets both bases and passes no
obstacle, it can be turned and shifted until it rests against two
"constraints": obstacle corners, or the rim of either base. So it is enough
to test the critical lines: centre to centre; the four common tangents of
the two rims; from each obstacle corner in the region between the bases, the
two tangents to each rim; and the line through each two such corners (when
it meets both bases). Each line is tested on its stretch between the bases.

Fully visible (exact up to GRAZE_MM). The parts of base 2 that no point of
base 1 sees are bounded by obstacle edges and by the critical lines above
(tangent to base 1 through a corner, or through two corners). A part of
base 2 hidden from base 1 reaches its rim (an umbra is attached to the piece
casting it, and the piece stands outside the base), so base 2 is fully
visible exactly when every point of its rim is seen. Along the rim, the
answer can change only where a critical line crosses it. The rim is cut at
every such crossing and at 64 fixed points, and the middle of each arc is
tested by the exact test whether a point sees a disc (the critical
directions from the point: the two tangents to base 1, the centre, and each
corner in between). So the answer is exact, the same however the bases are
numbered along the rim, and a base is never called fully visible while a
part of its rim is hidden; when one is, a blocked line (from base 1's centre
to that point) shows where. The crossing points themselves are not tested:
they lie on the edge of what is seen, where only a grazing line reaches.

The visibility polygon: rays are cast from the point at every corner of the
blocking rectangles (cut at the board edges, obstacles.rects_on_boards) and a
hair (RAY_EPS) either side of it; between two neighbouring corner directions
the nearest obstacle is one straight edge, so the hits in angle order are the
polygon's corners. Rectangles wholly in the shadow of a nearer one are left
out first. Checked in the tests against the segment test for random points.

The longest sight line rests on two corners of the free space; pairs of
corners are tried longest-possible first (their line across the battlefield's
box bounds them), each clear pair extended both ways until blocked. After a
small edit the previous longest lines still stand unless they pass a changed
piece, and any other clear line must pass one, so only those lines are
searched, and only those longer than a floor below which the kept lines are
not complete. The table of corner pairs is kept from one edit to the next,
with each pair's answer (clear or blocked) while its segment meets no changed
piece; long candidates are tried against the longest wall strips first.

Areas in sight (entry zones; exact up to GRAZE_MM). A clear line from
area a to area b can be cut down to a stretch J from a point of a's edge to a
point of b's edge, touching neither area in between. Shift it sideways, its
ends sliding along the two edges, until something stops it: an obstacle
corner touching J, or an end of J reaching a corner of a or b (where an
obstacle edge crosses an area's edge is a corner of that area, the areas
being cut to the free space); then turn it about that point until a second
one stops it. So if any line exists, one rests on two of these points, each
on J, and it is enough to test: (1) from each corner of a, its visibility
polygon against b, and (2) from each corner of b against a (every line with
an end of J at an area's corner); (3) the lines through two obstacle
corners, each a corner that J passes with free space on both sides (an
obstacle's corner, not a nook between two pieces) inside the convex hull of
the two areas, whose segment between the corners is clear and which,
extended both ways until blocked, meets both areas. Straight segments from
corner to corner of the areas are tried first, as a quick look. So "not in
sight" is never a guess: a line squeezing between two doorways in a row, or
through a hatchway at a grazing angle, is found however thin the band of
such lines (the tests compare it with a brute-force search); "in sight"
comes with a line checked by the segment test.

Boards laid apart: a sight line does not cross the table between them (the
battlefield is the boards, as for measuring); the rules name only walls,
hatchways and models as blocking sight, so this is our reading: a mission
that lays boards apart makes them separate spaces.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint, Polygon
from shapely.geometry.base import BaseGeometry

from ..model.mission import Mission, Point
from ..phrases import Phrase
from . import cache, segments
from .obstacles import (GRAZE_MM, Battlefield, _polygons, battlefield, changed_boxes, check_hatches,
                        segments_meet_boxes)
from .paths import MeasureError, check_point

Line = tuple[Point, Point]

RIM_SAMPLES = 64      # fixed test points around base 2's rim, besides the critical ones
MAX_PROOF_LINES = 12  # unblocked lines returned to show a fully visible base


@dataclass(frozen=True)
class SightResult:
    visible: bool
    fully_visible: bool
    lines: list[Line] = field(default_factory=list)    # unblocked lines that prove it
    blocked: list[Line] = field(default_factory=list)  # blocked lines (where it fails)


# -- corners ---------------------------------------------------------------

def _corners(bf: Battlefield) -> np.ndarray:
    """Every corner of the free space (where a sight line can rest)."""
    got = bf.cache.get("sight-corners")
    if got is None:
        coords = []
        for poly in _polygons(bf.free):
            for ring in [poly.exterior, *poly.interiors]:
                coords.append(np.asarray(ring.coords)[:-1])
        got = np.unique(np.concatenate(coords), axis=0) if coords else np.zeros((0, 2))
        bf.cache["sight-corners"] = got
    return got


def _corners_near(bf: Battlefield, region: BaseGeometry) -> np.ndarray:
    c = _corners(bf)
    if len(c) == 0:
        return c
    x0, y0, x1, y1 = region.bounds
    inbox = (c[:, 0] >= x0) & (c[:, 0] <= x1) & (c[:, 1] >= y0) & (c[:, 1] <= y1)
    c = c[inbox]
    if len(c) == 0:
        return c
    return c[shapely.intersects_xy(region, c[:, 0], c[:, 1])]


def _hull_of_discs(c1: Point, r1: float, c2: Point, r2: float, pad: float = 0.01) -> BaseGeometry:
    return shapely.convex_hull(shapely.union(ShapelyPoint(c1).buffer(r1 + pad, quad_segs=16),
                                             ShapelyPoint(c2).buffer(r2 + pad, quad_segs=16)))


# -- lines and discs -------------------------------------------------------

def _chords(p: np.ndarray, u: np.ndarray, c: Point, r: float):
    """Where lines p + s u (u unit) meet the disc (c, r): s-interval, and
    whether they meet it at all (a tangent line, within a hair, does)."""
    w = p - np.asarray(c)
    b = np.einsum("ij,ij->i", w, u)
    h2 = np.einsum("ij,ij->i", w, w) - b * b       # squared distance from the centre
    meets = h2 <= r * r + 1e-6
    half = np.sqrt(np.maximum(r * r - h2, 0.0))
    return -b - half, -b + half, meets


def _between(p: np.ndarray, u: np.ndarray, c1: Point, r1: float, c2: Point, r2: float):
    """For lines p + s u: the stretch from base 1 to base 2 (nearest ends of
    the two chords), and whether the line meets both bases."""
    a0, a1, m1 = _chords(p, u, c1, r1)
    b0, b1, m2 = _chords(p, u, c2, r2)
    s_from = np.where(a1 <= b0, a1, np.where(b1 <= a0, a0, np.maximum(a0, b0)))
    s_to = np.where(a1 <= b0, b0, np.where(b1 <= a0, b1, np.maximum(a0, b0)))
    start = p + s_from[:, None] * u
    end = p + s_to[:, None] * u
    return start, end, m1 & m2


def _pt(a) -> Point:
    return (float(a[0]), float(a[1]))


def _unit(d: np.ndarray) -> np.ndarray:
    n = np.hypot(d[:, 0], d[:, 1])
    n[n == 0] = 1.0
    return d / n[:, None]


def _tangent_dirs(p: np.ndarray, c: Point, r: float) -> np.ndarray:
    """From points p (outside the disc), the two tangent directions and the
    direction to the centre: shape (3 * len(p), 2) unit vectors, and for
    points inside the disc only the centre direction (thrice)."""
    d = np.asarray(c) - p
    dist = np.hypot(d[:, 0], d[:, 1])
    base = np.arctan2(d[:, 1], d[:, 0])
    half = np.where(dist > r, np.arcsin(np.clip(r / np.maximum(dist, 1e-12), 0, 1)), 0.0)
    angles = np.stack([base, base + half, base - half], axis=1).reshape(-1)
    return np.stack([np.cos(angles), np.sin(angles)], axis=1)


def _common_tangents(c1: Point, r1: float, c2: Point, r2: float) -> tuple[np.ndarray, np.ndarray]:
    """Points and unit directions of the (up to four) common tangent lines."""
    x1, y1 = c1
    x2, y2 = c2
    dx, dy = x2 - x1, y2 - y1
    d = math.hypot(dx, dy)
    pts, dirs = [], []
    if d == 0:
        return np.zeros((0, 2)), np.zeros((0, 2))
    for sign2 in (1, -1):          # outer (same side) and inner tangents
        rr = (r1 - sign2 * r2) / d
        if abs(rr) > 1:
            continue
        h = math.sqrt(max(0.0, 1 - rr * rr))
        for s in (1, -1):
            # unit normal n with n . (c2 - c1) = r1 - sign2 * r2: the line
            # through c1 + r1 n across n is r1 from c1 and r2 from c2
            nx = (dx * rr - s * h * dy) / d
            ny = (dy * rr + s * h * dx) / d
            px, py = x1 + r1 * nx, y1 + r1 * ny
            pts.append((px, py))
            dirs.append((-ny, nx))
    return np.array(pts, dtype=float).reshape(-1, 2), np.array(dirs, dtype=float).reshape(-1, 2)


# -- base to base ------------------------------------------------------------

def _visible_lines(bf: Battlefield, c1: Point, r1: float, c2: Point, r2: float,
                   corners: np.ndarray, stop_at_first: bool = True) -> tuple[list[Line], list[Line]]:
    """Critical lines between two discs: the clear ones (or the first clear
    one) and a few blocked ones for display."""
    p_parts, u_parts = [], []
    p_parts.append(np.array([c1], dtype=float))
    u_parts.append(_unit(np.array([c2], dtype=float) - np.array([c1], dtype=float)))
    tp, tu = _common_tangents(c1, r1, c2, r2)
    p_parts.append(tp)
    u_parts.append(tu)
    k = len(corners)
    if k:
        for c, r in ((c1, r1), (c2, r2)):
            dirs = _tangent_dirs(corners, c, r)
            p_parts.append(np.repeat(corners, 3, axis=0))
            u_parts.append(dirs)
    groups = [(np.concatenate(p_parts), np.concatenate(u_parts))]
    if k > 1:
        i, j = np.triu_indices(k, 1)
        groups.append((corners[i], _unit(corners[j] - corners[i])))
    clear_lines: list[Line] = []
    blocked: list[Line] = []
    for p, u in groups:
        # lines through two corners come in large numbers: batch them
        for s in range(0, len(p), 20000):
            start, end, meets = _between(p[s:s + 20000], u[s:s + 20000], c1, r1, c2, r2)
            idx = np.nonzero(meets)[0]
            if len(idx) == 0:
                continue
            ok = bf.clear(start[idx], end[idx])
            good = idx[ok]
            if len(good):
                for g in good[: (1 if stop_at_first else MAX_PROOF_LINES)]:
                    clear_lines.append((_pt(start[g]), _pt(end[g])))
                if stop_at_first:
                    return clear_lines, blocked
            bad = idx[~ok]
            if len(blocked) < 4:
                for b in bad[: 4 - len(blocked)]:
                    blocked.append((_pt(start[b]), _pt(end[b])))
    return clear_lines, blocked


def _points_see_disc(bf: Battlefield, q: np.ndarray, c: Point, r: float,
                     corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For points q: does some segment from q to the disc (c, r) pass clear?
    Exact: the directions from q that reach the disc form a cone; the clear
    ones are intervals whose ends are the cone's edges or directions to
    corners, so those are the ones tested. Returns seen (per point), the end
    on the disc of every tested direction, and per point the index of a
    direction that proves it (-1 if none)."""
    n = len(q)
    cand_q, cand_u, owner = [], [], []
    dirs = _tangent_dirs(q, c, r)
    cand_q.append(np.repeat(q, 3, axis=0))
    cand_u.append(dirs)
    owner.append(np.repeat(np.arange(n), 3))
    if len(corners):
        # corners inside each point's cone towards the disc, nearer than its far side
        d_c = corners[None, :, :] - q[:, None, :]
        dist_c = np.hypot(d_c[..., 0], d_c[..., 1])
        to_c = np.asarray(c) - q
        dist = np.hypot(to_c[:, 0], to_c[:, 1])
        cosang = (d_c[..., 0] * to_c[:, None, 0] + d_c[..., 1] * to_c[:, None, 1]) / np.maximum(
            dist_c * dist[:, None], 1e-12)
        half = np.arcsin(np.clip(r / np.maximum(dist, 1e-12), 0, 1))
        within = (cosang >= np.cos(half)[:, None] - 1e-9) & (dist_c <= (dist + r)[:, None]) & (dist_c > 1e-9)
        qi, ci = np.nonzero(within)
        if len(qi):
            cand_q.append(q[qi])
            cand_u.append(_unit(corners[ci] - q[qi]))
            owner.append(qi)
    P = np.concatenate(cand_q)
    U = np.concatenate(cand_u)
    O = np.concatenate(owner)
    a0, a1, meets = _chords(P, U, c, r)
    ahead = meets & (a1 >= 0)
    s_end = np.where(a0 > 0, a0, 0.0)  # nearest point of the disc along the line
    ends = P + s_end[:, None] * U
    ok = np.zeros(len(P), dtype=bool)
    idx = np.nonzero(ahead)[0]
    if len(idx):
        ok[idx] = bf.clear(P[idx], ends[idx])
    seen = np.zeros(n, dtype=bool)
    proof = np.full(n, -1)
    good = np.nonzero(ok)[0]
    seen[O[good]] = True
    proof[O[good][::-1]] = good[::-1]
    return seen, ends, proof


def _rim_tests(c1: Point, r1: float, c2: Point, r2: float, corners: np.ndarray) -> np.ndarray:
    """Points on base 2's rim to test: a fixed ring, and the middle of every
    arc between crossings of critical lines (tangent to base 1 through a
    corner, or through two corners meeting base 1)."""
    angles = [np.linspace(0, 2 * np.pi, RIM_SAMPLES, endpoint=False)]
    k = len(corners)
    if k:
        p = [np.repeat(corners, 3, axis=0)]
        u = [_tangent_dirs(corners, c1, r1)]
        if k > 1:
            i, j = np.triu_indices(k, 1)
            pp, uu = corners[i], _unit(corners[j] - corners[i])
            _, _, m = _chords(pp, uu, c1, r1)
            p.append(pp[m])
            u.append(uu[m])
        P, U = np.concatenate(p), np.concatenate(u)
        s0, s1, m = _chords(P, U, c2, r2)
        hits = np.concatenate([P[m] + s0[m, None] * U[m], P[m] + s1[m, None] * U[m]])
        if len(hits):
            angles.append(np.arctan2(hits[:, 1] - c2[1], hits[:, 0] - c2[0]) % (2 * np.pi))
    a = np.unique(np.round(np.concatenate(angles), 12))
    # the middle of each arc; the crossings themselves lie on the edge of
    # what is seen, where the answer is "seen" but only by a grazing line
    test = (a + np.roll(a, -1) + np.where(np.arange(len(a)) == len(a) - 1, 2 * np.pi, 0)) / 2
    return np.stack([c2[0] + r2 * np.cos(test), c2[1] + r2 * np.sin(test)], axis=1)


def sight_between(mission: Mission, c1: Point, d1: float, c2: Point, d2: float,
                  hatches: str = "as-set") -> SightResult:
    """Can a base of diameter d1 at c1 see a base of diameter d2 at c2, and
    is it fully visible (table mm)? See the module's notes for the method."""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    c1 = check_point(bf, c1, "observer")
    c2 = check_point(bf, c2, "target")
    for d in (d1, d2):
        if not (isinstance(d, (int, float)) and math.isfinite(d) and d > 0):
            raise MeasureError(Phrase("a base diameter must be a positive number of mm, not {base!r}", base=d))
    r1, r2 = float(d1) / 2, float(d2) / 2
    _check_base_stands(bf, c1, r1, "observer")
    _check_base_stands(bf, c2, r2, "target")
    hull = _hull_of_discs(c1, r1, c2, r2)
    corners = _corners_near(bf, hull)
    lines, blocked = _visible_lines(bf, c1, r1, c2, r2, corners)
    if not lines:
        return SightResult(False, False, [], blocked)
    rim = _rim_tests(c1, r1, c2, r2, corners)
    # corners that matter for a rim point: those between it and base 1
    seen, ends, proof = _points_see_disc(bf, rim, c1, r1, corners)
    if not seen.all():
        hidden = rim[~seen]
        step = max(1, len(hidden) // 4)
        blocked = [(c1, _pt(h)) for h in hidden[::step][:4]]
        return SightResult(True, False, lines, blocked)
    step = max(1, len(rim) // MAX_PROOF_LINES)
    proofs = [((float(ends[proof[k], 0]), float(ends[proof[k], 1])), (float(rim[k, 0]), float(rim[k, 1])))
              for k in range(0, len(rim), step)][:MAX_PROOF_LINES]
    return SightResult(True, True, proofs, [])


def _check_base_stands(bf: Battlefield, c: Point, r: float, who: str) -> None:
    """Refuse a base that hangs off the battlefield or overlaps what blocks
    in this hatchway view (a wall, pillar, wall end or closed hatchway);
    touching is allowed. `who` is "observer" or "target"."""
    x, y = c
    d = 2 * r
    if _reaches_off_boards(bf, c, r):
        raise MeasureError(
            Phrase("the observer's {base:g} mm base at ({x:g}, {y:g}) hangs off the battlefield", base=d, x=x, y=y)
            if who == "observer" else
            Phrase("the target's {base:g} mm base at ({x:g}, {y:g}) hangs off the battlefield", base=d, x=x, y=y))
    if _overlaps_obstacle(bf, c, r):
        raise MeasureError(
            Phrase("the observer's {base:g} mm base at ({x:g}, {y:g}) overlaps a wall", base=d, x=x, y=y)
            if who == "observer" else
            Phrase("the target's {base:g} mm base at ({x:g}, {y:g}) overlaps a wall", base=d, x=x, y=y))


def _rect_distance(rects: np.ndarray, c: Point) -> float:
    """The distance from c to the nearest of the rectangles (inf if none)."""
    if len(rects) == 0:
        return math.inf
    dx = np.maximum(np.maximum(rects[:, 0] - c[0], c[0] - rects[:, 2]), 0.0)
    dy = np.maximum(np.maximum(rects[:, 1] - c[1], c[1] - rects[:, 3]), 0.0)
    return float(np.hypot(dx, dy).min())


def _base_rects(bf: Battlefield) -> tuple[np.ndarray, tuple]:
    """The pieces' blocking rectangles of every board in one array, and the
    battlefield's box (kept with the battlefield's derived data)."""
    got = bf.cache.get("base_rects")
    if got is None:
        got = (np.concatenate([bo.vrects for bo in bf.boards] + [np.zeros((0, 4))]), bf.area.bounds)
        bf.cache["base_rects"] = got
    return got


def _reaches_off_boards(bf: Battlefield, c: Point, r: float) -> bool:
    keep = r - GRAZE_MM
    if not bf.rectilinear:
        return bf.area.boundary.distance(ShapelyPoint(c)) < keep
    x0, y0, x1, y1 = _base_rects(bf)[1]
    if min(c[0] - x0, x1 - c[0], c[1] - y0, y1 - c[1]) < keep:
        return True
    return _rect_distance(bf.outside, c) < keep


def _overlaps_obstacle(bf: Battlefield, c: Point, r: float) -> bool:
    keep = r - GRAZE_MM
    if not bf.rectilinear:
        return bf.obstacles.distance(ShapelyPoint(c)) < keep
    return _rect_distance(_base_rects(bf)[0], c) < keep


# -- visibility polygon ------------------------------------------------------

def _far(bf: Battlefield) -> float:
    x0, y0, x1, y1 = bf.area.bounds
    return 2.0 * math.hypot(x1 - x0, y1 - y0) + 1.0


def visibility_polygon(mission: Mission, point: Point, hatches: str = "as-set") -> Polygon:
    """Everything on the battlefield a point sees (a line from the point to
    it passes no wall or closed hatchway)."""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    p = check_point(bf, point, "point")
    return _visibility_polygon(bf, p)


def _visibility_polygon(bf: Battlefield, p: Point, within: tuple | None = None) -> Polygon:
    """The visibility polygon of p; with `within` (a box x0, y0, x1, y1) it
    is right only inside that box (rectangles wholly outside it are left
    out, so what lies past them may show as seen)."""
    rects = bf.rects_on_boards
    if within is not None and len(rects) and bf.rectilinear:
        x0, y0, x1, y1 = within
        rects = rects[(rects[:, 0] <= x1) & (rects[:, 2] >= x0) & (rects[:, 1] <= y1) & (rects[:, 3] >= y0)]
    if len(rects) == 0:
        area = bf.area
        if not bf.rectilinear:
            return _visibility_polygon_shapely(bf, p)
        return _part_with(area, p)
    px, py = p
    cx = rects[:, [0, 2, 2, 0]] - px
    cy = rects[:, [1, 1, 3, 3]] - py
    mid = np.arctan2((rects[:, 1] + rects[:, 3]) / 2 - py, (rects[:, 0] + rects[:, 2]) / 2 - px)
    rel = (np.arctan2(cy, cx) - mid[:, None] + np.pi) % (2 * np.pi) - np.pi
    lo = rel.min(axis=1)
    hi = rel.max(axis=1)
    width = hi - lo
    far_c = np.hypot(cx, cy).max(axis=1)
    gx = np.maximum(np.maximum(rects[:, 0] - px, px - rects[:, 2]), 0)
    gy = np.maximum(np.maximum(rects[:, 1] - py, py - rects[:, 3]), 0)
    near = np.hypot(gx, gy)
    # Leave out rectangles wholly in the shadow of one of the pieces that
    # cover the widest angles (nearer all along, and covering its angles).
    alo = mid + lo
    k = min(24, len(rects))
    score = width / np.maximum(near, 1.0)
    big = np.argpartition(-score, k - 1)[:k] if k < len(rects) else np.arange(len(rects))
    dlo = (alo[None, :] - alo[big, None] + np.pi) % (2 * np.pi) - np.pi
    cover = (dlo >= 0) & (dlo + width[None, :] <= width[big, None]) & (near[None, :] >= far_c[big, None])
    cover[np.arange(len(big)), big] = False
    # a rectangle p stands against covers half a turn: its angles say
    # nothing about covering others, but it still blocks
    cover[width[big] >= np.pi - 1e-9, :] = False
    keep = ~cover.any(axis=0)
    return _cast_polygon(bf, p, rects[keep])


# Rays either side of each corner, this far round (radians): at 3 m that is
# a few millionths of a millimetre.
RAY_EPS = 1e-9


def _cast_polygon(bf: Battlefield, p: Point, rects: np.ndarray) -> Polygon:
    """The visibility polygon by casting rays at every corner of the
    rectangles that may block, and a hair either side of it: between two
    neighbouring corner directions the nearest obstacle is one straight edge,
    so the hits in angle order are the polygon's corners."""
    px, py = p
    x0, y0, x1, y1 = bf.area.bounds
    cx = np.concatenate([rects[:, [0, 2, 2, 0]].ravel(), [x0, x1, x1, x0]])
    cy = np.concatenate([rects[:, [1, 1, 3, 3]].ravel(), [y0, y0, y1, y1]])
    ang = np.arctan2(cy - py, cx - px)
    n_c = len(ang)
    ang = np.concatenate([ang - RAY_EPS, ang, ang + RAY_EPS])
    # The ray straight at a corner may graze it (allowed); the rays either
    # side must see the piece they pass into however shallowly, or the
    # shadow's edge would be lost.
    graze = np.concatenate([np.full(n_c, 1e-12), np.full(n_c, GRAZE_MM), np.full(n_c, 1e-12)])
    ang, first = np.unique(ang, return_index=True)
    graze = graze[first]
    u = np.stack([np.cos(ang), np.sin(ang)], axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        # where each ray leaves the battlefield's box
        tx = np.where(u[:, 0] > 0, (x1 - px) / u[:, 0], np.where(u[:, 0] < 0, (x0 - px) / u[:, 0], np.inf))
        ty = np.where(u[:, 1] > 0, (y1 - py) / u[:, 1], np.where(u[:, 1] < 0, (y0 - py) / u[:, 1], np.inf))
        t = np.maximum(np.minimum(tx, ty), 0.0)
        if len(rects):
            t = np.minimum(t, _first_entry(px, py, u, rects, graze))
    pts = np.stack([px + t * u[:, 0], py + t * u[:, 1]], axis=1)
    keep = np.ones(len(pts), dtype=bool)
    keep[1:] = np.any(np.abs(np.diff(pts, axis=0)) > 1e-9, axis=1)
    pts = pts[keep]
    if len(pts) < 3:
        return Polygon()
    poly = Polygon(pts)
    if not poly.is_valid:
        poly = _part_with(shapely.make_valid(poly), p)
    # the box is the battlefield's box: an L-shaped table's missing corner is
    # among the rectangles (off the table blocks), so nothing is left outside
    return poly


def _first_entry(px: float, py: float, u: np.ndarray, rects: np.ndarray, graze: np.ndarray) -> np.ndarray:
    """For rays from (px, py) along unit vectors u: how far each goes before
    it passes into one of the rectangles (by more than its graze), inf if
    never."""
    with np.errstate(divide="ignore", invalid="ignore"):
        lo = np.zeros((len(u), len(rects)))
        hi = np.full((len(u), len(rects)), np.inf)
        for axis, pp in ((0, px), (1, py)):
            q = u[:, axis]
            d0 = rects[:, axis] - pp
            d1 = rects[:, axis + 2] - pp
            par = q == 0
            inv = 1.0 / np.where(par, 1.0, q)
            t0 = np.multiply.outer(inv, d0)
            t1 = np.multiply.outer(inv, d1)
            tmin = np.minimum(t0, t1)
            tmax = np.maximum(t0, t1)
            if par.any():
                # parallel to this axis: inside the open slab all along, or never
                inside = (d0 < 0) & (d1 > 0)
                tmin[par] = np.where(inside, -np.inf, np.inf)
                tmax[par] = np.where(inside, np.inf, -np.inf)
            np.maximum(lo, tmin, out=lo)
            np.minimum(hi, tmax, out=hi)
        enters = (hi - lo) > graze[:, None]
        lo[~enters] = np.inf
        return lo.min(axis=1)


def _part_with(geom: BaseGeometry, p: Point) -> Polygon:
    polys = _polygons(geom)
    if not polys:
        return Polygon()
    pt = ShapelyPoint(p)
    for poly in polys:
        if poly.intersects(pt):
            return poly
    return min(polys, key=lambda q: q.distance(pt))


def _visibility_polygon_shapely(bf: Battlefield, p: Point) -> Polygon:
    """Fallback for layouts that are not rectilinear: shadows of every edge."""
    L = _far(bf)
    shadows = []
    for poly in _polygons(bf.obstacles):
        for ring in [poly.exterior, *poly.interiors]:
            c = np.asarray(ring.coords)
            for a, b in zip(c[:-1], c[1:]):
                fa = a + (a - p) / max(np.hypot(*(a - p)), 1e-12) * L
                fb = b + (b - p) / max(np.hypot(*(b - p)), 1e-12) * L
                shadows.append(shapely.convex_hull(shapely.multipoints([a, b, fa, fb])))
    seen = bf.area.difference(shapely.union_all(shadows)) if shadows else bf.area
    return _part_with(seen, p)


# -- longest sight line ------------------------------------------------------

def _ray_free_length(bf: Battlefield, p: np.ndarray, u: np.ndarray) -> np.ndarray:
    """How far rays p + t u (u unit) go before they pass into something that
    blocks, or leave the battlefield's box."""
    x0, y0, x1, y1 = bf.area.bounds
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(u[:, 0] > 0, (x1 - p[:, 0]) / u[:, 0], np.where(u[:, 0] < 0, (x0 - p[:, 0]) / u[:, 0], np.inf))
        ty = np.where(u[:, 1] > 0, (y1 - p[:, 1]) / u[:, 1], np.where(u[:, 1] < 0, (y0 - p[:, 1]) / u[:, 1], np.inf))
    t_out = np.maximum(np.minimum(tx, ty), 0.0)
    end = p + t_out[:, None] * u
    vertical = np.abs(u[:, 0]) <= 1e-12
    k = segments.kernel()
    if k is not None and bf.rectilinear:
        # compiled (rules/segments.py): the same test, rectangle by rectangle
        best = t_out.copy()
        for mask, rects in ((~vertical, bf._sorted_vrects), (vertical, bf._sorted_hrects)):
            idx = np.nonzero(mask)[0]
            if len(idx):
                best[idx] = rects.first_entry(k, p[idx], end[idx], u[idx], t_out[idx], GRAZE_MM)
        return best
    best = t_out.copy()
    lines = shapely.linestrings(np.stack([p, end], axis=1))
    for mask, rects, tree in ((~vertical, bf.vrects, bf.vtree), (vertical, bf.hrects, bf.htree)):
        idx = np.nonzero(mask)[0]
        if len(idx) == 0 or len(rects) == 0:
            continue
        seg, rect = tree.query(lines[idx])
        if len(seg) == 0:
            continue
        gi = idx[seg]
        r = rects[rect]
        lo = np.zeros(len(gi))
        hi = np.full(len(gi), np.inf)
        with np.errstate(divide="ignore", invalid="ignore"):
            for axis in (0, 1):
                pp = p[gi, axis]
                q = u[gi, axis]
                t0 = (r[:, axis] - pp) / q
                t1 = (r[:, axis + 2] - pp) / q
                tmin = np.minimum(t0, t1)
                tmax = np.maximum(t0, t1)
                par = q == 0
                inside = (pp > r[:, axis]) & (pp < r[:, axis + 2])
                tmin = np.where(par, np.where(inside, -np.inf, np.inf), tmin)
                tmax = np.where(par, np.where(inside, np.inf, -np.inf), tmax)
                lo = np.maximum(lo, tmin)
                hi = np.minimum(hi, tmax)
        enters = hi - lo > GRAZE_MM
        np.minimum.at(best, gi[enters], np.maximum(lo[enters], 0.0))
    return best


def longest_sight_line(mission: Mission, hatches: str = "as-set") -> tuple[float, Line]:
    """The longest straight line on the battlefield that passes no wall or
    closed hatchway: (length in mm, its two ends). Cached per battlefield."""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    got = bf.cache.get("longest-sight-line")
    if got is None:
        with _longest_lock:  # the pair table is shared from one layout to the next
            got = bf.cache["longest-sight-line"] = _longest_after_edit(bf)
    return got


_longest_lock = threading.RLock()
_last_longest: dict = cache.register({}, "sight.last_longest")  # boards -> (battlefield, its longest line), for the next edit


LONGEST_KEPT = 4  # longest distinct lines remembered, so that one edit rarely forces a full search
LINE_SLACK_MM = 0.01  # see _search_longest
PAIR_CHUNK = 100_000  # corner pairs worked on at once (bounds the memory on big battlefields)


def _longest_after_edit(bf: Battlefield) -> tuple[float, Line]:
    """After a small edit, a line of the layout before still stands if it
    does not pass where a piece changed (nor end there); any other line that
    is clear now passes there (elsewhere nothing changed). Kept from the
    search before: its longest lines and a floor, such that every clear,
    maximal line longer than the floor is among them. Then the kept lines
    still standing, with the lines through the changed places longer than
    the floor, are again every clear line longer than the floor: only those
    lines are searched, never one that cannot beat the floor. When none is
    left above it, the whole battlefield is searched again."""
    boards = tuple(b for b, _, _ in bf.key)
    before = _last_longest.get(boards)
    found = None
    if before is not None:
        old_bf, old_top, old_floor = before
        boxes = changed_boxes(old_bf, bf)
        if boxes is not None:
            standing = []
            if old_top:
                ends_a = np.array([ln[0] for _, ln in old_top])
                ends_b = np.array([ln[1] for _, ln in old_top])
                standing = [t for t, hit in zip(old_top, segments_meet_boxes(ends_a, ends_b, boxes))
                            if not hit]
            top, floor = _search_longest(bf, known=standing, boxes=boxes, floor=old_floor)
            if top:
                found = (top, floor)
    if found is None:
        found = _search_longest(bf)
    _last_longest[boards] = (bf, *found)
    while len(_last_longest) > 8:
        _last_longest.pop(next(iter(_last_longest)))
    top = found[0]
    return top[0] if top else (0.0, ((0.0, 0.0), (0.0, 0.0)))


def _corner_wedges(bf: Battlefield):
    """Every corner of the free space with its ring neighbours (free on the
    left of prev -> corner -> next)."""
    got = bf.cache.get("sight-wedges")
    if got is None:
        v, a, b = [], [], []
        for poly in _polygons(bf.free):
            poly = shapely.orient_polygons(poly)
            for ring in [poly.exterior, *poly.interiors]:
                c = np.asarray(ring.coords)[:-1]
                if len(c) < 3:
                    continue
                v.append(c)
                a.append(np.roll(c, 1, axis=0))
                b.append(np.roll(c, -1, axis=0))
        if v:
            got = (np.concatenate(v), np.concatenate(a), np.concatenate(b))
        else:
            got = (np.zeros((0, 2)),) * 3
        bf.cache["sight-wedges"] = got
    return got


def _wedge_angles(c: np.ndarray, prev: np.ndarray, nxt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The free wedge at each corner as a start direction (towards `nxt`) and
    the angle it opens counter-clockwise (round to `prev`)."""
    start = np.arctan2(nxt[:, 1] - c[:, 1], nxt[:, 0] - c[:, 0])
    end = np.arctan2(prev[:, 1] - c[:, 1], prev[:, 0] - c[:, 0])
    width = (end - start) % (2 * np.pi)
    width = np.where(width <= 1e-12, 2 * np.pi, width)
    return start, width


def _in_wedge(phi: np.ndarray, start: np.ndarray, width: np.ndarray) -> np.ndarray:
    """Is direction angle phi inside the wedge (start, width)?"""
    rel = (phi - start) % (2 * np.pi)
    return (rel <= width + 1e-9) | (rel >= 2 * np.pi - 1e-9)


class _PairTable:
    """Pairs of corners of the free space that a longest line could rest on
    (it leaves each corner into the free side), with the length of their
    line across the battlefield's box, kept from one edit to the next: a
    corner that did not change keeps its place, so only pairs with a new
    corner are worked out again."""

    def __init__(self, box: tuple):
        self.box = box
        self.index: dict = {}
        self.xy = np.zeros((0, 2))
        self.start = np.zeros(0)
        self.width = np.zeros(0)
        self.alive = np.zeros(0, dtype=bool)
        self.i = np.zeros(0, dtype=np.int32)
        self.j = np.zeros(0, dtype=np.int32)
        self.bound = np.zeros(0, dtype=np.float32)
        # each pair's line as unit normal and offset (n . x = rho), single
        # precision: which lines cross a changed box is asked of every pair
        self.line = np.zeros((0, 3), dtype=np.float32)
        self._room = 0  # pairs the arrays below have room for (see _append)
        # Whether each pair's corner-to-corner segment is clear (1) or
        # blocked (2), 0 when not known, tested at epoch `tested`. An edit
        # starts an epoch and remembers where it changed the pieces: an
        # answer stands while its segment meets none of the places changed
        # since (a segment's answer depends only on what it meets).
        self.status = np.zeros(0, dtype=np.int8)
        self.tested = np.zeros(0, dtype=np.int32)
        self.layout: Battlefield | None = None  # the battlefield of the current epoch
        self.now = 0
        self.valid_from = 0                     # answers older than this epoch are not trusted
        self.changes: dict[int, list] = {}      # epoch -> boxes changed since the epoch before

    EPOCHS_KEPT = 16

    def advance(self, bf: Battlefield) -> None:
        """Move the answers on to the battlefield bf."""
        if bf is self.layout:
            return
        boxes = changed_boxes(self.layout, bf) if self.layout is not None else None
        self.now += 1
        self.layout = bf
        if boxes is None:
            self.valid_from = self.now
            self.changes.clear()
            return
        self.changes[self.now] = boxes
        oldest = self.now - self.EPOCHS_KEPT
        if self.valid_from < oldest:
            self.valid_from = oldest
        for e in [e for e in self.changes if e <= self.valid_from]:
            del self.changes[e]

    def known(self, pairs: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Which of the pairs (indices) have an answer that still stands for
        their segments a[k]-b[k]."""
        ep = self.tested[pairs]
        ok = (self.status[pairs] != 0) & (ep >= self.valid_from)
        k = segments.kernel()
        if k is not None and self.changes:
            # compiled: each segment against the boxes changed after its answer
            boxes = [(e, bx) for e, bs in self.changes.items() for bx in bs]
            idx = np.nonzero(ok)[0]
            if len(idx) and boxes:
                hit = segments.meet_newer(k, a[idx], b[idx], np.array([bx for _, bx in boxes], dtype=float),
                                          np.array([e for e, _ in boxes], dtype=np.int64), ep[idx], 1e-6)
                ok[idx[hit]] = False
            return ok
        for e, boxes in self.changes.items():
            older = ok & (ep < e)
            if older.any():
                k = np.nonzero(older)[0]
                ok[k[segments_meet_boxes(a[k], b[k], boxes)]] = False
        return ok

    def clear(self, bf: Battlefield, pairs: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """bf.clear(a, b) for the pairs' segments, from the answers that
        still stand where it can; the others are tested and remembered."""
        known = self.known(pairs, a, b)
        out = np.empty(len(pairs), dtype=bool)
        out[known] = self.status[pairs[known]] == 1
        ask = np.nonzero(~known)[0]
        if len(ask):
            res = bf.clear_long(a[ask], b[ask])
            out[ask] = res
            self.status[pairs[ask]] = np.where(res, 1, 2)
            self.tested[pairs[ask]] = self.now
        return out

    def update(self, c: np.ndarray, prev: np.ndarray, nxt: np.ndarray) -> None:
        keys = np.concatenate([c, np.sign(prev - c), np.sign(nxt - c)], axis=1).tolist()
        start, width = _wedge_angles(c, prev, nxt)
        have = np.array([self.index.get(tuple(k), -1) for k in keys], dtype=np.int64)
        fresh = np.nonzero(have < 0)[0]
        base = len(self.xy)
        for n, f in enumerate(fresh.tolist()):
            self.index[tuple(keys[f])] = base + n
        self.xy = np.concatenate([self.xy, c[fresh]])
        self.start = np.concatenate([self.start, start[fresh]])
        self.width = np.concatenate([self.width, width[fresh]])
        have[fresh] = base + np.arange(len(fresh))
        self.alive = np.zeros(len(self.xy), dtype=bool)
        self.alive[have] = True
        if len(fresh):
            new = base + np.arange(len(fresh))
            every = np.nonzero(self.alive)[0]
            # a few new corners at a time, so big tables never need big temporaries
            rows = max(1, PAIR_CHUNK // max(len(every), 1))
            for s in range(0, len(new), rows):
                chunk = new[s:s + rows]
                ni = np.repeat(chunk, len(every))
                nj = np.tile(every, len(chunk))
                once = (nj < base) | (ni < nj)  # a new corner with an old one, or two new ones once
                self._append(*self._pairs(ni[once], nj[once]))

    _FIELDS = (("i", np.int32, ()), ("j", np.int32, ()), ("bound", np.float32, ()),
               ("line", np.float32, (3,)), ("status", np.int8, ()), ("tested", np.int32, ()))

    def _append(self, i: np.ndarray, j: np.ndarray, bound: np.ndarray, line: np.ndarray) -> None:
        """Add pairs (not yet tested). The arrays keep room to grow, so an
        edit's few thousand new pairs are not a copy of the whole table
        (on 8 boards: 1.4 million pairs, 40 MB)."""
        n, g = len(self.i), len(i)
        if g == 0:
            return
        if n + g > self._room:
            room = int((n + g) * 1.25) + 1024
            for name, dtype, shape in self._FIELDS:
                grown = np.zeros((room, *shape), dtype=dtype)
                grown[:n] = getattr(self, name)
                setattr(self, "_" + name, grown)
            self._room = room
        for name, values in (("i", i), ("j", j), ("bound", bound), ("line", line),
                             ("status", 0), ("tested", 0)):
            store = getattr(self, "_" + name)
            store[n:n + g] = values
            setattr(self, name, store[:n + g])

    def _pairs(self, i: np.ndarray, j: np.ndarray):
        """The pairs a line may rest on (it leaves both corners into the free
        side), as compact arrays, with the length of their line across the
        box (stored a hundredth of a mm long, in single precision, so that
        it never understates)."""
        d = self.xy[j] - self.xy[i]
        length = np.hypot(d[:, 0], d[:, 1])
        ok = length > 1e-9
        phi = np.arctan2(d[:, 1], d[:, 0])
        ok &= _in_wedge(phi, self.start[i], self.width[i]) & _in_wedge(phi + np.pi, self.start[j], self.width[j])
        i, j, d, length = i[ok], j[ok], d[ok], length[ok]
        u = d / length[:, None]
        x0, y0, x1, y1 = self.box
        with np.errstate(divide="ignore", invalid="ignore"):
            lo_t = np.full(len(i), -np.inf)
            hi_t = np.full(len(i), np.inf)
            for axis, lo_b, hi_b in ((0, x0, x1), (1, y0, y1)):
                ta = (lo_b - self.xy[i, axis]) / u[:, axis]
                tb = (hi_b - self.xy[i, axis]) / u[:, axis]
                par = u[:, axis] == 0
                lo_t = np.maximum(lo_t, np.where(par, -np.inf, np.minimum(ta, tb)))
                hi_t = np.minimum(hi_t, np.where(par, np.inf, np.maximum(ta, tb)))
        normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
        rho = np.einsum("ij,ij->i", normal, self.xy[i])
        line = np.concatenate([normal, rho[:, None]], axis=1).astype(np.float32)
        return i.astype(np.int32), j.astype(np.int32), (hi_t - lo_t + 0.01).astype(np.float32), line

    @property
    def stale(self) -> bool:
        return len(self.xy) > 64 and self.alive.sum() < 0.75 * len(self.xy)


_pair_tables: dict = cache.register({}, "sight.pair_tables")  # boards -> _PairTable


def _table_for(bf: Battlefield) -> _PairTable:
    boards = tuple(b for b, _, _ in bf.key)
    table = _pair_tables.get(boards)
    if table is None or table.stale or table.box != bf.area.bounds:
        table = _PairTable(bf.area.bounds)
        _pair_tables[boards] = table
        while len(_pair_tables) > 4:
            _pair_tables.pop(next(iter(_pair_tables)))
    table.update(*_corner_wedges(bf))
    table.advance(bf)
    return table


def _longest(bf: Battlefield) -> list:
    """The longest free segments of the battlefield, searched from scratch
    (up to LONGEST_KEPT distinct ones, longest first), every segment tested
    afresh (the tests compare the incremental search with this)."""
    return _search_longest(bf, remembered=False)[0]


def _search_longest(bf: Battlefield, known: list | None = None, boxes: list | None = None,
                    floor: float = 0.0, remembered: bool = True) -> tuple[list, float]:
    """The longest free segments (up to LONGEST_KEPT distinct ones, longest
    first), and the floor above which the list is complete: every clear,
    maximal line longer than it is in the list. A longest free segment
    rests on two corners of the free space (else it could be turned or
    shifted longer), leaving each corner into
    the free side. Candidates are such pairs of corners, longest possible
    first (their line across the battlefield's box bounds them); each clear
    pair is extended both ways until blocked. `known`: lines known to be
    clear and maximal; with `boxes` only lines through them are searched;
    `floor`: lines no longer than it are not wanted (the caller knows them
    all to be complete above it); `remembered`: segment answers of earlier
    searches that still stand are used (_PairTable.clear)."""
    top: list = []

    def offer(length: float, line: Line) -> None:
        key = tuple(round(v, 6) for pt in line for v in pt)
        rkey = key[2:] + key[:2]
        for ln, other in top:
            okey = tuple(round(v, 6) for pt in other for v in pt)
            if okey in (key, rkey):
                return
        top.append((length, line))
        top.sort(key=lambda t: -t[0])
        del top[LONGEST_KEPT:]

    for length, line in known or []:
        offer(length, line)

    def threshold() -> float:
        return max(floor, top[-1][0]) if len(top) >= LONGEST_KEPT else floor

    t = _table_for(bf)
    if len(t.i) == 0:
        return top, threshold()
    c = t.xy
    # candidates in chunks (big tables), each kept only if it could beat the
    # threshold and, after an edit, crosses a changed box
    picked = []
    floor0 = threshold()
    kern = segments.kernel()
    if kern is not None:
        # compiled: one pass over the pairs, no temporaries (the same tests)
        bx = np.array([((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + LINE_SLACK_MM, (y1 - y0) / 2 + LINE_SLACK_MM)
                       for x0, y0, x1, y1 in (boxes or [])], dtype=np.float32).reshape(-1, 4)
        picked.append(kern[3](t.bound, np.ascontiguousarray(t.line), t.i, t.j, t.alive, float(floor0), bx,
                              boxes is not None))
    for s in range(0, len(t.i) if kern is None else 0, PAIR_CHUNK):
        # the tests on the pairs' own data first (contiguous slices, no
        # gathers), the corners' liveness on what is left
        keep = t.bound[s:s + PAIR_CHUNK] > floor0
        if boxes is not None:
            ln = t.line[s:s + PAIR_CHUNK]
            meets = np.zeros(len(ln), dtype=bool)
            for bx0, by0, bx1, by1 in boxes:
                # the line meets the box (grown by a hair, and by LINE_SLACK_MM
                # for the single precision: more lines searched, never fewer)
                cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
                hw, hh = (bx1 - bx0) / 2 + LINE_SLACK_MM, (by1 - by0) / 2 + LINE_SLACK_MM
                meets |= (np.abs(ln[:, 0] * cx + ln[:, 1] * cy - ln[:, 2])
                          <= np.abs(ln[:, 0]) * hw + np.abs(ln[:, 1]) * hh)
            keep &= meets
        k = np.nonzero(keep)[0]
        k = k[t.alive[t.i[s + k]] & t.alive[t.j[s + k]]]
        picked.append(k + s)
    sel = np.concatenate(picked) if picked else np.zeros(0, dtype=np.int64)
    bound = t.bound[sel]
    order = np.argsort(-bound)
    batch = 2048
    for s in range(0, len(order), batch):
        pick = order[s:s + batch]
        limit = threshold()
        if bound[pick[0]] <= limit:
            break
        pick = pick[bound[pick] > limit]
        i, j = t.i[sel[pick]], t.j[sel[pick]]
        ok = t.clear(bf, sel[pick], c[i], c[j]) if remembered else bf.clear(c[i], c[j])
        i, j = i[ok], j[ok]
        if len(i) == 0:
            continue
        a, b = c[i], c[j]
        d = b - a
        length = np.hypot(d[:, 0], d[:, 1])
        uu = d / length[:, None]
        back = _ray_free_length(bf, a, -uu)
        fwd = _ray_free_length(bf, b, uu)
        total = back + length + fwd
        # every line longer than the threshold is offered (one line resting on
        # several corners comes once per pair of them: offer() keeps it once),
        # so the list stays complete above the threshold
        for k in np.argsort(-total):
            if total[k] <= threshold():
                break
            p1 = a[k] - back[k] * uu[k]
            p2 = b[k] + fwd[k] * uu[k]
            offer(float(total[k]), ((float(p1[0]), float(p1[1])), (float(p2[0]), float(p2[1]))))
    return top, threshold()


# -- areas -------------------------------------------------------------------

def zones_see_each_other(mission: Mission, zone_a: BaseGeometry, zone_b: BaseGeometry,
                         hatches: str = "as-set") -> Line | None:
    """A sight line from somewhere in area a to somewhere in area b (entry
    zones, as shapely geometry): ((x1, y1), (x2, y2)) with the first end in
    a, clear of every wall and closed hatchway; None when there is none
    (exact up to GRAZE_MM, see the module's notes on areas).

    Tried in turn, cheapest first, up to the first clear line: straight
    segments from corners of a to corners of b (nearest first, at most
    QUICK_PAIRS); from each corner of a (nearest to b first) its visibility
    polygon against b; from each corner of b its visibility polygon against
    a; the lines through two obstacle corners between the areas that meet
    both on their clear stretch. If none is clear, no line is (the module's
    notes say why), so None is an answer, not a guess. (It used to try
    points every 12 mm along a's edge, and missed lines squeezing between
    two of them; an area has far fewer corners than such points, so this is
    quicker as well.)"""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    a = zone_a.intersection(bf.free)
    b = zone_b.intersection(bf.free)
    if a.is_empty or b.is_empty:
        return None
    if a.intersects(b):
        q = a.intersection(b).representative_point()
        return ((q.x, q.y), (q.x, q.y))
    return _zone_line(bf, a, b)


def _zone_line(bf: Battlefield, a: BaseGeometry, b: BaseGeometry) -> Line | None:
    """zones_see_each_other for areas a, b in the free space that do not meet."""
    pa, pb = _polygons(a), _polygons(b)
    if not pa or not pb:
        return None
    a, b = shapely.union_all(pa), shapely.union_all(pb)
    shapely.prepare(a)
    shapely.prepare(b)
    va, vb = _vertices(pa), _vertices(pb)
    # first the quick look: straight from corner to corner (most areas that
    # see each other do so between two of their corners)
    line = _corner_to_corner(bf, va, vb)
    if line is not None:
        return line
    # (1) and (2): lines with an end at a corner of either area
    for here, there, flip in ((va, b, False), (vb, a, True)):
        order = np.argsort(shapely.distance(shapely.points(here), there))
        for k in order:
            line = _point_sees_area(bf, _pt(here[k]), there)
            if line is not None:
                return (line[1], line[0]) if flip else line
    # (3): lines resting on two obstacle corners
    return _corner_pair_line(bf, a, b)


QUICK_PAIRS = 256  # corner-to-corner segments tried first between two areas


def _corner_to_corner(bf: Battlefield, va: np.ndarray, vb: np.ndarray) -> Line | None:
    """A clear segment from a corner of one area to a corner of the other
    (nearest pairs first, at most QUICK_PAIRS of them), or None."""
    i, j = np.meshgrid(np.arange(len(va)), np.arange(len(vb)), indexing="ij")
    i, j = i.ravel(), j.ravel()
    d = vb[j] - va[i]
    order = np.argsort(np.hypot(d[:, 0], d[:, 1]))[:QUICK_PAIRS]
    i, j = i[order], j[order]
    ok = bf.clear_long(va[i], vb[j])
    if ok.any():
        k = int(np.argmax(ok))
        return (_pt(va[i[k]]), _pt(vb[j[k]]))
    return None


def _vertices(polys: list) -> np.ndarray:
    pts = []
    for poly in polys:
        for ring in [poly.exterior, *poly.interiors]:
            pts.append(np.asarray(ring.coords)[:-1])
    return np.unique(np.concatenate(pts), axis=0) if pts else np.zeros((0, 2))


def _point_sees_area(bf: Battlefield, p: Point, area: BaseGeometry) -> Line | None:
    """A clear segment from p to a point of area, or None: from p's
    visibility polygon, tested with the segment test (the polygon may meet
    the area only along a grazing line, where several points are tried)."""
    # a segment from p to the area stays in the box round both: only what
    # stands there can block it
    x0, y0, x1, y1 = area.bounds
    pad = 1e-6
    box_ = (min(x0, p[0]) - pad, min(y0, p[1]) - pad, max(x1, p[0]) + pad, max(y1, p[1]) + pad)
    vis = _visibility_polygon(bf, p, within=box_)
    if vis.is_empty or not vis.intersects(area):
        return None
    hit = vis.intersection(area)
    if hit.is_empty:
        return None
    cands = [shapely.ops.nearest_points(hit, ShapelyPoint(p))[0], hit.representative_point()]
    pts = [(c.x, c.y) for c in cands]
    coords = shapely.get_coordinates(hit)
    if len(coords):
        pts += [tuple(c) for c in coords[:: max(1, len(coords) // 16)]]
    ends = np.array(pts, dtype=float)
    ok = bf.clear(np.repeat(np.array([p], dtype=float), len(ends), axis=0), ends)
    if ok.any():
        q = ends[int(np.argmax(ok))]
        return (p, (float(q[0]), float(q[1])))
    return None


def _corner_pair_line(bf: Battlefield, a: BaseGeometry, b: BaseGeometry) -> Line | None:
    """A clear line from a to b through two obstacle corners, or None. A
    corner a sight line between the areas rests on lies on its clear stretch
    from a to b, so inside the convex hull of a and b, and the line passes
    it with free space on both sides (a corner of an obstacle, not a nook
    between two); the segment between the two corners is clear, and
    extended both ways until blocked it meets both areas."""
    hull = shapely.convex_hull(shapely.union(a, b)).buffer(0.01, join_style="mitre")
    c, prev, nxt = _corner_wedges(bf)
    if len(c) < 2:
        return None
    start, width = _wedge_angles(c, prev, nxt)
    keep = width > np.pi + 1e-9
    x0, y0, x1, y1 = hull.bounds
    keep &= (c[:, 0] >= x0) & (c[:, 0] <= x1) & (c[:, 1] >= y0) & (c[:, 1] <= y1)
    idx = np.nonzero(keep)[0]
    if len(idx) < 2:
        return None
    idx = idx[shapely.intersects_xy(hull, c[idx, 0], c[idx, 1])]
    if len(idx) < 2:
        return None
    c, start, width = c[idx], start[idx], width[idx]
    n = len(c)
    # a few corners at a time, so that a hull round many corners never
    # needs big temporaries
    rows = max(1, PAIR_CHUNK // n)
    for s in range(0, n - 1, rows):
        first = np.arange(s, min(s + rows, n - 1))
        i = np.repeat(first, n)
        j = np.tile(np.arange(n), len(first))
        once = j > i
        line = _pair_line(bf, c, start, width, i[once], j[once], a, b)
        if line is not None:
            return line
    return None


def _pair_line(bf: Battlefield, c: np.ndarray, start: np.ndarray, width: np.ndarray,
               i: np.ndarray, j: np.ndarray, a: BaseGeometry, b: BaseGeometry) -> Line | None:
    """_corner_pair_line for the pairs of corners (i, j)."""
    d = c[j] - c[i]
    length = np.hypot(d[:, 0], d[:, 1])
    ok = length > 1e-9
    phi = np.arctan2(d[:, 1], d[:, 0])
    # the line passes each corner with free space on both sides
    for k in (i, j):
        ok &= _in_wedge(phi, start[k], width[k]) & _in_wedge(phi + np.pi, start[k], width[k])
    i, j, d, length = i[ok], j[ok], d[ok], length[ok]
    if len(i) == 0:
        return None
    u = d / length[:, None]
    # the line meets both areas' boxes
    normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
    rho = np.einsum("ij,ij->i", normal, c[i])
    for g in (a, b):
        gx0, gy0, gx1, gy1 = g.bounds
        cx, cy = (gx0 + gx1) / 2, (gy0 + gy1) / 2
        hw, hh = (gx1 - gx0) / 2 + 0.01, (gy1 - gy0) / 2 + 0.01
        m = np.abs(normal[:, 0] * cx + normal[:, 1] * cy - rho) <= np.abs(normal[:, 0]) * hw + np.abs(normal[:, 1]) * hh
        i, j, u, normal, rho = i[m], j[m], u[m], normal[m], rho[m]
    if len(i) == 0:
        return None
    clear = bf.clear_long(c[i], c[j])  # long segments: the longest strips first
    i, j, u = i[clear], j[clear], u[clear]
    if len(i) == 0:
        return None
    back = _ray_free_length(bf, c[i], -u)
    fwd = _ray_free_length(bf, c[j], u)
    p1 = c[i] - back[:, None] * u
    p2 = c[j] + fwd[:, None] * u
    lines = shapely.linestrings(np.stack([p1, p2], axis=1))
    meets = shapely.intersects(lines, a) & shapely.intersects(lines, b)
    for k in np.nonzero(meets)[0]:
        line = _stretch_witness(bf, lines[k], a, b)
        if line is not None:
            return line
    return None


def _stretch_witness(bf: Battlefield, stretch, a: BaseGeometry, b: BaseGeometry) -> Line | None:
    """On a clear stretch that meets both areas: a segment from a point of a
    to a point of b along it (tested with the segment test)."""
    on_a, on_b = stretch.intersection(a), stretch.intersection(b)
    if on_a.is_empty or on_b.is_empty:
        return None
    pa, pb = shapely.ops.nearest_points(on_a, on_b)
    cands = [(pa, pb), (on_a.representative_point(), on_b.representative_point())]
    for p, q in cands:
        if bf.clear(np.array([(p.x, p.y)]), np.array([(q.x, q.y)]))[0]:
            return ((float(p.x), float(p.y)), (float(q.x), float(q.y)))
    return None


import shapely.ops  # noqa: E402  (nearest_points)
