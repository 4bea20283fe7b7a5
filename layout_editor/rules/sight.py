"""Sight: whether one base can see another, the visibility polygon of a
point, the longest sight line on the battlefield, and whether two areas
(entry zones) see into each other (all exact up to GRAZE_MM). The last two
have rooms of their own, rules/longest.py and rules/zone_sight.py (their
functions are imported here too); the notes below are the rules all three
follow.

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
The rays' first entries (rays x rectangles kept, ~1,200 x ~100 on two dense
boards) are the compiled kernel's (_compiled_longest.fan_first_entry, the
same floating-point steps as the numpy pass, which stands in until it has
loaded; tests/unit/test_sight_fast.py holds the two to the same polygons).

The longest sight line: its method is written at the top of rules/longest.py.
Areas in sight (entry zones): the argument that "not in sight" is never a
guess is written at the top of rules/zone_sight.py.

Boards laid apart: a sight line does not cross the table between them (the
battlefield is the boards, as for measuring); the rules name only walls,
hatchways and models as blocking sight, so this is our reading: a mission
that lays boards apart makes them separate spaces.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..model.mission import Mission, Point
from ..phrases import Phrase
from . import segments
from .obstacles import Battlefield, battlefield, check_hatches
from .paths import MeasureError, check_point
from .rects import GRAZE_MM, _polygons

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
    """Every corner of the free space (where a sight line can rest), from
    the battlefield's ring corners (no polygon of the free space asked for:
    issue 29), each once, in order (np.unique)."""
    got = bf.cache.get("sight-corners")
    if got is None:
        c = bf.free_ring_corners[0]
        got = np.unique(c, axis=0) if len(c) else np.zeros((0, 2))
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

def _chords(p: np.ndarray, u: np.ndarray, c: Point, r: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where lines p + s u (u unit) meet the disc (c, r): s-interval, and
    whether they meet it at all (a tangent line, within a hair, does)."""
    w = p - np.asarray(c)
    b = np.einsum("ij,ij->i", w, u)
    h2 = np.einsum("ij,ij->i", w, w) - b * b       # squared distance from the centre
    meets = h2 <= r * r + 1e-6
    half = np.sqrt(np.maximum(r * r - h2, 0.0))
    return -b - half, -b + half, meets


def _between(p: np.ndarray, u: np.ndarray, c1: Point, r1: float, c2: Point,
             r2: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For lines p + s u: the stretch from base 1 to base 2 (nearest ends of
    the two chords), and whether the line meets both bases."""
    a0, a1, m1 = _chords(p, u, c1, r1)
    b0, b1, m2 = _chords(p, u, c2, r2)
    s_from = np.where(a1 <= b0, a1, np.where(b1 <= a0, a0, np.maximum(a0, b0)))
    s_to = np.where(a1 <= b0, b0, np.where(b1 <= a0, b1, np.maximum(a0, b0)))
    start = p + s_from[:, None] * u
    end = p + s_to[:, None] * u
    return start, end, m1 & m2


def _pt(a: Sequence[float] | np.ndarray) -> Point:
    return (float(a[0]), float(a[1]))


def _unit(d: np.ndarray) -> np.ndarray:
    n = np.hypot(d[:, 0], d[:, 1])
    n[n == 0] = 1.0
    unit: np.ndarray = d / n[:, None]
    return unit


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
    own = np.concatenate(owner)
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
    seen[own[good]] = True
    proof[own[good][::-1]] = good[::-1]
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


def _base_rects(bf: Battlefield) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """The pieces' blocking rectangles of every board in one array, and the
    battlefield's box (kept with the battlefield's derived data)."""
    got: tuple[np.ndarray, tuple[float, float, float, float]] | None = bf.cache.get("base_rects")
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


def _visibility_polygon(bf: Battlefield, p: Point, within: tuple[float, float, float, float] | None = None) -> Polygon:
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
    never. Compiled when the kernels are loaded
    (_compiled_longest.fan_first_entry: the same steps, ray by ray)."""
    lk = segments.longest_kernels()
    if lk is not None:
        got: np.ndarray = lk.fan_first_entry(float(px), float(py), np.ascontiguousarray(u, dtype=float),
                                             np.ascontiguousarray(rects, dtype=float),
                                             np.ascontiguousarray(graze, dtype=float))
        return got
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
        first: np.ndarray = lo.min(axis=1)
        return first


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


# -- rays and the free wedge at each corner (the longest line and the areas use them)

def _area_bounds(bf: Battlefield) -> tuple[float, float, float, float]:
    """bf.area.bounds, worked out once per battlefield (shapely's bounds
    cost ~10 us a call, and an edit's longest line asks four times)."""
    got: tuple[float, float, float, float] | None = bf.cache.get("area-bounds")
    if got is None:
        got = bf.cache["area-bounds"] = tuple(bf.area.bounds)
    return got


# zeros for ray_free_grid's prefilter when every ray is followed (limit
# -inf): read only for the rays there are, so any long enough array will do
_NO_LENGTHS = np.zeros(4096)


def _strip_grids(bf: Battlefield) -> tuple[np.ndarray | float, ...] | None:
    """Both strip sets of bf with their grids, as the compiled tests take
    them (vertical strips, then horizontal), or None where Battlefield.clear
    and the rays do not use grids (a battlefield not rectilinear, fewer
    strips than segments.GRID_MIN_RECTS, no compiled tests)."""
    if segments.kernel() is None or not bf.rectilinear:
        return None
    sv, sh = bf._sorted_vrects, bf._sorted_hrects
    if min(len(sv.rects), len(sh.rects)) < segments.GRID_MIN_RECTS:
        return None
    gv, gh = sv.grid, sh.grid
    return (sv.rects, gv.start, gv.rects, gv.x0, gv.y0, gv.size, gv.nx, gv.ny,
            sh.rects, gh.start, gh.rects, gh.x0, gh.y0, gh.size, gh.nx, gh.ny)


def _ray_free_length(bf: Battlefield, p: np.ndarray, u: np.ndarray,
                     unless: tuple[np.ndarray, np.ndarray, float] | None = None) -> np.ndarray:
    """How far rays p + t u (u unit) go before they pass into something that
    blocks, or leave the battlefield's box. unless=(before, after, limit):
    only rays whose box exit t has (t + before) + after > limit are followed,
    the others' answer is t (a longest line's rays back: only lines that
    can beat the limit are wanted). Where both strip sets have grids, in
    one compiled call (_compiled_longest.ray_free_grid: the box exit by the
    numpy steps below, then the grid kernel each ray goes to below; a
    longest line's edit calls this twice, and the numpy glue, with the
    prefilter's, cost ~100 us on 2 boards)."""
    x0, y0, x1, y1 = _area_bounds(bf)
    lk = segments.longest_kernels()
    if lk is not None and len(p):
        grids = _strip_grids(bf)
        if grids is not None:
            before, after, limit = unless if unless is not None else (_NO_LENGTHS, _NO_LENGTHS, -np.inf)
            if unless is None and len(p) > len(_NO_LENGTHS):
                before = after = np.zeros(len(p))
            before = np.ascontiguousarray(before, dtype=float)
            after = np.ascontiguousarray(after, dtype=float)
            got: np.ndarray = lk.ray_free_grid(np.ascontiguousarray(p, dtype=float),
                                               np.ascontiguousarray(u, dtype=float), x0, y0, x1, y1, *grids,
                                               GRAZE_MM, segments.GRID_PAD_MM, before, after, float(limit))
            return got
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(u[:, 0] > 0, (x1 - p[:, 0]) / u[:, 0], np.where(u[:, 0] < 0, (x0 - p[:, 0]) / u[:, 0], np.inf))
        ty = np.where(u[:, 1] > 0, (y1 - p[:, 1]) / u[:, 1], np.where(u[:, 1] < 0, (y0 - p[:, 1]) / u[:, 1], np.inf))
    if unless is not None:
        # the rays that can give a line beating the limit, the others' box exit
        t_box = np.maximum(np.minimum(tx, ty), 0.0)
        before, after, limit = unless
        far = np.nonzero(t_box + before + after > limit)[0]
        if len(far):
            t_box[far] = _ray_free_length(bf, p.take(far, axis=0), u.take(far, axis=0))
        return t_box
    t_out = np.maximum(np.minimum(tx, ty), 0.0)
    end = p + t_out[:, None] * u
    vertical = np.abs(u[:, 0]) <= 1e-12
    k = segments.kernel()
    if k is not None and bf.rectilinear:
        # compiled (rules/segments.py): the same test, rectangle by rectangle
        n_vertical = np.count_nonzero(vertical)
        if n_vertical == 0 or n_vertical == len(p):
            # all one way (the rays of a longest line's round, mostly): no
            # masks, no gathers
            sorted_rects = bf._sorted_hrects if n_vertical else bf._sorted_vrects
            one: np.ndarray = sorted_rects.first_entry(k, p, end, u, t_out, GRAZE_MM)
            return one
        best: np.ndarray = t_out.copy()
        for mask, sorted_rects in ((~vertical, bf._sorted_vrects), (vertical, bf._sorted_hrects)):
            idx = np.nonzero(mask)[0]
            if len(idx):
                # (rows gathered by take: numpy's fancy index of 2-d rows is
                # ~15x slower)
                best[idx] = sorted_rects.first_entry(k, p.take(idx, axis=0), end.take(idx, axis=0),
                                                     u.take(idx, axis=0), t_out[idx], GRAZE_MM)
        return best
    best = t_out.copy()
    # an array of lines for an array of rays (the stubs cannot tell the shape)
    lines = cast(npt.NDArray[np.object_], shapely.linestrings(np.stack([p, end], axis=1)))
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


def _corner_wedges(bf: Battlefield) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every corner of the free space with its ring neighbours (free on the
    left of prev -> corner -> next): the battlefield's free_ring_corners
    (issue 29: no polygon of the free space asked for on an edit; their
    order is the battlefield's own, and corners on a straight stretch of a
    ring may or may not be among them: the users' answers depend on
    neither)."""
    c, prev, nxt, _ = bf.free_ring_corners
    return c, prev, nxt


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
    inside: np.ndarray = (rel <= width + 1e-9) | (rel >= 2 * np.pi - 1e-9)
    return inside


# The longest sight line and areas in sight live in their own rooms
# (rules/longest.py, rules/zone_sight.py); their functions are the sight
# module's too, looked up when first asked for: both modules import this one,
# so importing them here would fail when one of them is imported first.
_ROOMS = {"_longest": "longest", "longest_sight_line": "longest",
          "zones_see_each_other": "zone_sight", "_corner_pair_line": "zone_sight"}


def __getattr__(name: str) -> Any:
    room = _ROOMS.get(name)
    if room is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__package__}.{room}"), name)
