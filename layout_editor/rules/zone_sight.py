"""Whether two areas (entry zones) see into each other (split from
sight.py, whose module notes are the rules this follows).

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
"""
from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt
import shapely
import shapely.ops  # nearest_points
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ..model.mission import Mission, Point
from .longest import PAIR_CHUNK
from .obstacles import Battlefield, battlefield, check_hatches
from .rects import _polygons
from .sight import Line, _corner_wedges, _in_wedge, _pt, _ray_free_length, _visibility_polygon, _wedge_angles


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
    gi, gj = np.meshgrid(np.arange(len(va)), np.arange(len(vb)), indexing="ij")
    i, j = gi.ravel(), gj.ravel()
    d = vb[j] - va[i]
    order = np.argsort(np.hypot(d[:, 0], d[:, 1]))[:QUICK_PAIRS]
    i, j = i[order], j[order]
    ok = bf.clear_long(va[i], vb[j])
    if ok.any():
        k = int(np.argmax(ok))
        return (_pt(va[i[k]]), _pt(vb[j[k]]))
    return None


def _vertices(polys: list[Polygon]) -> np.ndarray:
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
    for end in (i, j):
        ok &= _in_wedge(phi, start[end], width[end]) & _in_wedge(phi + np.pi, start[end], width[end])
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
    # an array of lines for an array of pairs (the stubs cannot tell the shape)
    lines = cast(npt.NDArray[np.object_], shapely.linestrings(np.stack([p1, p2], axis=1)))
    meets = shapely.intersects(lines, a) & shapely.intersects(lines, b)
    for k in np.nonzero(meets)[0]:
        line = _stretch_witness(bf, lines[k], a, b)
        if line is not None:
            return line
    return None


def _stretch_witness(bf: Battlefield, stretch: LineString, a: BaseGeometry, b: BaseGeometry) -> Line | None:
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
