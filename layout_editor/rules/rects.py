"""Rectangles and segments in numpy, for the battlefield (obstacles.py)
and the rules core that asks it: a rectilinear area cut into strips, the
slab test of a segment against rectangles, which segments (and which pairs
of points) meet a few boxes. Split from obstacles.py, whose notes explain
the strips and why segments are tested against them.
"""
from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from . import segments

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in table mm

# A segment may cut this far (mm) into a piece and still count as grazing it.
# Float arithmetic makes a line through a corner miss it or cut it by ~1e-13;
# the rules say grazing a corner does not block.
GRAZE_MM = 1e-6


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon) and not g.is_empty]


def _ring_edges(polys: list[Polygon]) -> tuple[np.ndarray, np.ndarray]:
    """Every edge of the polygons' rings (exterior, then holes, polygon by
    polygon) as start and end points, in one pass over their coordinates."""
    if not polys:
        return np.zeros((0, 2)), np.zeros((0, 2))
    rings = shapely.get_rings(np.array(polys, dtype=object))
    c, ring = shapely.get_coordinates(rings, return_index=True)
    same = ring[:-1] == ring[1:]
    return c[:-1][same], c[1:][same]


def ring_corners(polys: list[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every corner of the polygons' rings, oriented with the inside on the
    left (exterior counter-clockwise, holes clockwise), exterior then holes,
    polygon by polygon, each ring from its first coordinate: the corners, the
    corner before and the corner after each along its ring, and the index of
    its polygon. Rings of fewer than three corners are left out. One pass
    over the coordinates (it was a Python loop with two np.roll per ring)."""
    return ring_corners_of_rings(polys)[:4]


def ring_corners_of_rings(polys: list[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """ring_corners, with the index of each corner's ring (among all the
    polygons' rings) after the polygon's."""
    empty = np.zeros((0, 2))
    if not polys:
        return empty, empty, empty, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    oriented = shapely.orient_polygons(np.array(polys, dtype=object))
    rings, poly_of = shapely.get_rings(oriented, return_index=True)
    c, ring = shapely.get_coordinates(rings, return_index=True)
    # drop each ring's closing coordinate (the repeat of its first)
    last = np.ones(len(ring), dtype=bool)
    last[:-1] = ring[:-1] != ring[1:]
    c, ring = c[~last], ring[~last]
    keep = np.bincount(ring, minlength=len(rings))[ring] >= 3
    c, ring = c[keep], ring[keep]
    size_k = np.bincount(ring, minlength=len(rings))
    first = np.concatenate([[0], np.cumsum(size_k)[:-1]])
    pos = np.arange(len(ring)) - first[ring]
    n = size_k[ring]
    prev = c[first[ring] + (pos - 1) % n]
    nxt = c[first[ring] + (pos + 1) % n]
    return c, prev, nxt, poly_of[ring].astype(np.int64), ring.astype(np.int64)


def _is_rectilinear(geom: BaseGeometry) -> bool:
    a, b = _ring_edges(_polygons(geom))
    d = b - a
    return not np.any((np.abs(d[:, 0]) > 1e-9) & (np.abs(d[:, 1]) > 1e-9))


def strips(geom: BaseGeometry, vertical: bool) -> np.ndarray:
    """A rectilinear area cut into rectangles along every vertex x (vertical
    strips) or every vertex y (horizontal strips): rows of x0, y0, x1, y1.

    Within a strip the area's cross-section is fixed: the edges across the
    strip, sorted, pair up into inside intervals (even-odd rule)."""
    polys = _polygons(geom)
    if not polys:
        return np.zeros((0, 4))
    a, b = _ring_edges(polys)
    along, across = (0, 1) if vertical else (1, 0)
    # edges that run along the cutting direction's normal: for vertical
    # strips the horizontal edges (same y at both ends)
    flat = np.abs(a[:, across] - b[:, across]) <= 1e-9
    lo_e = np.minimum(a[flat, along], b[flat, along])
    hi_e = np.maximum(a[flat, along], b[flat, along])
    pos_e = a[flat, across]
    cuts = np.unique(np.concatenate([a[:, along], b[:, along]]))
    if len(cuts) < 2:
        return np.zeros((0, 4))
    mids = (cuts[:-1] + cuts[1:]) / 2
    spans = (lo_e[None, :] < mids[:, None]) & (hi_e[None, :] > mids[:, None])
    # per strip k the edges across it, sorted, paired up: (1st, 2nd), (3rd,
    # 4th)... (an odd one left over is dropped), all strips at once
    k, e = np.nonzero(spans)
    ys = pos_e[e]
    order = np.lexsort((ys, k))
    k, ys = k[order], ys[order]
    if len(k) < 2:
        return np.zeros((0, 4))
    first = np.r_[0, np.nonzero(np.diff(k))[0] + 1]
    start = np.repeat(first, np.diff(np.r_[first, len(k)]))
    pos = np.arange(len(k)) - start
    size = np.repeat(np.diff(np.r_[first, len(k)]), np.diff(np.r_[first, len(k)]))
    lo = np.nonzero((pos % 2 == 0) & (pos + 1 < size))[0]
    y0, y1, kk = ys[lo], ys[lo + 1], k[lo]
    wide = y1 - y0 > 1e-9
    y0, y1, kk = y0[wide], y1[wide], kk[wide]
    if len(kk) == 0:
        return np.zeros((0, 4))
    if vertical:
        rows = np.stack([cuts[kk], y0, cuts[kk + 1], y1], axis=1)
    else:
        rows = np.stack([y0, cuts[kk], y1, cuts[kk + 1]], axis=1)
    return _merge_strips(rows.astype(float), vertical)


def polygon_rects(polys: list[BaseGeometry]) -> tuple[list[np.ndarray | None], np.ndarray]:
    """Each area (a polygon or several) cut into vertical strips on its own
    (strips(area, True) for every one, in one vectorised pass over all of them: a board's
    pieces placed at once), with whether each is rectilinear; a polygon
    that is not gets None. The strips of one polygon are its area exactly,
    cut along its vertices' x and the other polygons' (joined again along
    each polygon by _merge_strips); what they are for is rect_strips, to
    which any rectangles covering the same area give the same rows."""
    n = len(polys)
    out: list[np.ndarray | None] = [None] * n
    ok = np.ones(n, dtype=bool)
    if n == 0:
        return out, ok
    parts, geom_of_part = shapely.get_parts(np.array(polys, dtype=object), return_index=True)
    polygon = shapely.get_type_id(parts) == 3
    ok[np.unique(geom_of_part[~polygon])] = False  # lines or points: not an area of rectangles
    parts, geom_of_part = parts[polygon], geom_of_part[polygon]
    rings, part_of_ring = shapely.get_rings(parts, return_index=True)
    c, ring = shapely.get_coordinates(rings, return_index=True)
    same = ring[:-1] == ring[1:]
    a, b, pid = c[:-1][same], c[1:][same], geom_of_part[part_of_ring[ring[:-1][same]]]
    d = b - a
    slanted = (np.abs(d[:, 0]) > 1e-9) & (np.abs(d[:, 1]) > 1e-9)
    ok[np.unique(pid[slanted])] = False
    # as strips(): the flat (horizontal) edges across each slab between cuts
    flat = (np.abs(a[:, 1] - b[:, 1]) <= 1e-9) & ok[pid]
    lo_e = np.minimum(a[flat, 0], b[flat, 0])
    hi_e = np.maximum(a[flat, 0], b[flat, 0])
    pos_e, pid_e = a[flat, 1], pid[flat]
    cuts = np.unique(np.concatenate([a[:, 0], b[:, 0]]))
    rows = np.zeros((0, 4))
    row_pid = np.zeros(0, dtype=np.int64)
    if len(cuts) >= 2 and len(pos_e):
        mids = (cuts[:-1] + cuts[1:]) / 2
        # the slabs each edge spans: mids strictly inside it (strips' test)
        s0 = np.searchsorted(mids, lo_e, "right")
        s1 = np.searchsorted(mids, hi_e, "left")
        count = np.maximum(s1 - s0, 0)
        e = np.repeat(np.arange(len(pos_e)), count)
        k = np.repeat(s0, count) + (np.arange(len(e)) - np.repeat(np.cumsum(count) - count, count))
        # per slab and polygon the edges across it, sorted, paired up
        order = np.lexsort((pos_e[e], pid_e[e], k))
        k, ys, pp = k[order], pos_e[e][order], pid_e[e][order]
        if len(k) >= 2:
            grp = np.ones(len(k), dtype=bool)
            grp[1:] = (k[1:] != k[:-1]) | (pp[1:] != pp[:-1])
            first = np.nonzero(grp)[0]
            sizes = np.diff(np.r_[first, len(k)])
            pos = np.arange(len(k)) - np.repeat(first, sizes)
            size = np.repeat(sizes, sizes)
            lo = np.nonzero((pos % 2 == 0) & (pos + 1 < size))[0]
            y0, y1, kk, p = ys[lo], ys[lo + 1], k[lo], pp[lo]
            wide = y1 - y0 > 1e-9
            y0, y1, kk, p = y0[wide], y1[wide], kk[wide], p[wide]
            rows = np.stack([cuts[kk], y0, cuts[kk + 1], y1], axis=1).astype(float)
            row_pid = p.astype(np.int64)
    # joined along each polygon (as _merge_strips, never across polygons)
    if len(rows) >= 2:
        order = np.lexsort((rows[:, 0], rows[:, 3], rows[:, 1], row_pid))
        r, rp = rows[order], row_pid[order]
        carries = np.zeros(len(r), dtype=bool)
        carries[1:] = ((rp[1:] == rp[:-1]) & (r[1:, 1] == r[:-1, 1]) & (r[1:, 3] == r[:-1, 3])
                       & (r[1:, 0] == r[:-1, 2]))
        starts = np.nonzero(~carries)[0]
        ends = np.r_[starts[1:], len(r)] - 1
        rows = r[starts].copy()
        rows[:, 2] = r[ends, 2]
        row_pid = rp[starts]
    split = np.searchsorted(row_pid, np.arange(n + 1)) if len(row_pid) else np.zeros(n + 1, dtype=np.int64)
    for i in range(n):
        if ok[i]:
            out[i] = rows[split[i]:split[i + 1]]
    return out, ok


def rect_strips(rects: np.ndarray, vertical: bool) -> np.ndarray:
    """strips() of the union of rectangles (rows x0, y0, x1, y1), made from
    the rectangles themselves: no polygon, no union (issue 29; what a
    board's blocking pieces are kept as, obstacles.BoardPieces).

    The same rows as strips(union of the rectangles), in the same order:
    strips() cuts the union at its vertices' x (vertical strips), pairs the
    edges across each cut into inside intervals and joins neighbouring
    strips with the same extent across (_merge_strips). Its rows are thus
    each inside interval of the union's cross-section, as far along as the
    cross-section keeps that very interval: a function of the area alone.
    Here the cuts are every rectangle's x (a superset of the union's vertex
    x, which only splits runs _merge_strips joins again); in each slab
    between cuts the intervals of the rectangles over it are united (sorted
    by their start, a new interval wherever one starts beyond the end of
    all before it: touching intervals join, as in the union of areas); then
    _merge_strips. Coordinates are only ever copied, never computed, so
    the rows are equal bit for bit (tests/unit/test_rect_strips.py holds
    them to strips(union) on every library mission and the dense layouts).

    Compiled once loaded (rules/_compiled.py rect_strips: the same rows,
    tested; a board's strips after an edit 0.26 -> 0.03 ms), numpy until
    then."""
    k = segments.kernel()
    if k is not None:
        out: np.ndarray = k.rect_strips(np.ascontiguousarray(rects, dtype=float).reshape(-1, 4), vertical)
        return out
    return _rect_strips_numpy(rects, vertical)


def _rect_strips_numpy(rects: np.ndarray, vertical: bool) -> np.ndarray:
    """rect_strips in numpy (while the compiled one loads, or without it)."""
    r = np.asarray(rects, dtype=float).reshape(-1, 4)
    al0, al1, ac0, ac1 = (0, 2, 1, 3) if vertical else (1, 3, 0, 2)
    r = r[(r[:, al1] > r[:, al0]) & (r[:, ac1] > r[:, ac0])]
    if len(r) == 0:
        return np.zeros((0, 4))
    cuts = np.unique(np.concatenate([r[:, al0], r[:, al1]]))
    i0 = np.searchsorted(cuts, r[:, al0])
    i1 = np.searchsorted(cuts, r[:, al1])
    # every (rectangle, slab it covers) pair at once
    count = i1 - i0
    rid = np.repeat(np.arange(len(r)), count)
    slab = np.repeat(i0, count) + (np.arange(len(rid)) - np.repeat(np.cumsum(count) - count, count))
    # the coordinates across as ranks (exact integer comparisons; the
    # values themselves are looked up again at the end, never computed)
    across = np.unique(np.concatenate([r[:, ac0], r[:, ac1]]))
    lo = np.searchsorted(across, r[rid, ac0])
    hi = np.searchsorted(across, r[rid, ac1])
    order = np.lexsort((lo, slab))
    slab, lo, hi = slab[order], lo[order], hi[order]
    # the furthest end so far within each slab: slabs weighted apart so
    # that one running maximum over all of them never carries across a slab
    m = np.int64(len(across) + 1)
    reach = np.maximum.accumulate(slab * m + hi) - slab * m
    new = np.ones(len(slab), dtype=bool)
    new[1:] = (slab[1:] != slab[:-1]) | (lo[1:] > reach[:-1])
    starts = np.nonzero(new)[0]
    ends = np.r_[starts[1:], len(slab)] - 1
    k, y0, y1 = slab[starts], across[lo[starts]], across[reach[ends]]
    wide = y1 - y0 > 1e-9
    k, y0, y1 = k[wide], y0[wide], y1[wide]
    if len(k) == 0:
        return np.zeros((0, 4))
    if vertical:
        rows = np.stack([cuts[k], y0, cuts[k + 1], y1], axis=1)
    else:
        rows = np.stack([y0, cuts[k], y1, cuts[k + 1]], axis=1)
    return _merge_strips(rows.astype(float), vertical)


def _merge_strips(rects: np.ndarray, vertical: bool) -> np.ndarray:
    """Join neighbouring strips with the same extent across (a long wall cut
    by every x of the board becomes one rectangle again). Seams left are all
    along the cutting direction, which is what the test relies on."""
    if len(rects) < 2:
        return rects
    # along: the axis the strips were cut on; across: the other one
    al0, al1, ac0, ac1 = (0, 2, 1, 3) if vertical else (1, 3, 0, 2)
    order = np.lexsort((rects[:, al0], rects[:, ac1], rects[:, ac0]))
    r = rects[order]
    # a strip carries on the one before it when it has the same extent
    # across and starts where that one ends (the run's end so far is the
    # previous strip's end); each run becomes one rectangle, from its first
    # strip's start to its last strip's end (vectorised: this was a Python
    # loop over every strip, on the edit path)
    carries = np.zeros(len(r), dtype=bool)
    carries[1:] = (r[1:, ac0] == r[:-1, ac0]) & (r[1:, ac1] == r[:-1, ac1]) & (r[1:, al0] == r[:-1, al1])
    starts = np.nonzero(~carries)[0]
    ends = np.r_[starts[1:], len(r)] - 1
    merged = r[starts].copy()
    merged[:, al1] = r[ends, al1]
    return np.asarray(merged)


def _slab_hits(a: np.ndarray, d: np.ndarray, rects: np.ndarray) -> np.ndarray:
    """Pairwise: does segment a[k] + t d[k] (0 <= t <= 1) pass through the
    open inside of rectangle rects[k] by more than GRAZE_MM?"""
    lo = np.zeros(len(a))
    hi = np.ones(len(a))
    with np.errstate(divide="ignore", invalid="ignore"):
        for axis in (0, 1):
            p = a[:, axis]
            q = d[:, axis]
            r0 = rects[:, axis]
            r1 = rects[:, axis + 2]
            t0 = (r0 - p) / q
            t1 = (r1 - p) / q
            tmin = np.minimum(t0, t1)
            tmax = np.maximum(t0, t1)
            # parallel to this axis: inside the open slab all along, or never
            par = q == 0
            if par.any():
                inside = (p > r0) & (p < r1)
                tmin = np.where(par, np.where(inside, -np.inf, np.inf), tmin)
                tmax = np.where(par, np.where(inside, np.inf, -np.inf), tmax)
            np.maximum(lo, tmin, out=lo)
            np.minimum(hi, tmax, out=hi)
        # a zero-length segment blocks nothing (inf * 0 is nan, and nan > x is False)
        blocked: np.ndarray = (hi - lo) * np.hypot(d[:, 0], d[:, 1]) > GRAZE_MM
        return blocked


def _slab_hits_any(a: np.ndarray, d: np.ndarray, rects: np.ndarray) -> np.ndarray:
    """Does segment a[k] + t d[k] pass through the open inside of any of
    the rectangles by more than GRAZE_MM? (_slab_hits for every segment with
    every rectangle, broadcast.)"""
    lo = np.zeros((len(a), len(rects)))
    hi = np.ones((len(a), len(rects)))
    with np.errstate(divide="ignore", invalid="ignore"):
        for axis in (0, 1):
            p = a[:, axis:axis + 1]
            q = d[:, axis:axis + 1]
            t0 = (rects[:, axis] - p) / q
            t1 = (rects[:, axis + 2] - p) / q
            tmin = np.minimum(t0, t1)
            tmax = np.maximum(t0, t1)
            par = (q == 0)[:, 0]
            if par.any():
                inside = (p > rects[:, axis]) & (p < rects[:, axis + 2])
                tmin[par] = np.where(inside[par], -np.inf, np.inf)
                tmax[par] = np.where(inside[par], np.inf, -np.inf)
            np.maximum(lo, tmin, out=lo)
            np.minimum(hi, tmax, out=hi)
        blocked: np.ndarray = ((hi - lo) * np.hypot(d[:, 0], d[:, 1])[:, None] > GRAZE_MM).any(axis=1)
        return blocked


def segments_meet_boxes(a: np.ndarray, b: np.ndarray, boxes: list[Box], pad: float = 1e-6) -> np.ndarray:
    """Which segments a[i]-b[i] touch any of the closed boxes (grown by pad)."""
    k = segments.kernel()
    if k is not None and len(a) > 64:
        return segments.meet_newer(k, a, b, np.asarray(boxes, dtype=float).reshape(-1, 4),
                                   np.ones(len(boxes), dtype=np.int64), np.zeros(len(a), dtype=np.int64), pad)
    return _segments_meet_boxes_numpy(a, b, boxes, pad)


def _segments_meet_boxes_numpy(a: np.ndarray, b: np.ndarray, boxes: list[Box], pad: float = 1e-6) -> np.ndarray:
    hit = np.zeros(len(a), dtype=bool)
    sx0, sx1 = np.minimum(a[:, 0], b[:, 0]), np.maximum(a[:, 0], b[:, 0])
    sy0, sy1 = np.minimum(a[:, 1], b[:, 1]), np.maximum(a[:, 1], b[:, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        for x0, y0, x1, y1 in boxes:
            x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
            # only segments whose own box meets this box can meet it
            k = np.nonzero((sx0 <= x1) & (sx1 >= x0) & (sy0 <= y1) & (sy1 >= y0) & ~hit)[0]
            if len(k) == 0:
                continue
            aa = a[k]
            d = b[k] - aa
            lo = np.zeros(len(k))
            hi = np.ones(len(k))
            for axis, r0, r1 in ((0, x0, x1), (1, y0, y1)):
                p, q = aa[:, axis], d[:, axis]
                t0 = (r0 - p) / q
                t1 = (r1 - p) / q
                par = q == 0
                inside = (p >= r0) & (p <= r1)
                tmin = np.where(par, np.where(inside, -np.inf, np.inf), np.minimum(t0, t1))
                tmax = np.where(par, np.where(inside, np.inf, -np.inf), np.maximum(t0, t1))
                lo = np.maximum(lo, tmin)
                hi = np.minimum(hi, tmax)
            hit[k[lo <= hi]] = True
    return hit


def pairs_meeting_boxes(v: np.ndarray, idx: np.ndarray, boxes: list[Box],
                        pad: float = 1e-6) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (i < j) of points v[idx] whose segment touches one of the
    closed boxes (grown by pad): segments_meet_boxes on every pair, without
    forming every pair. Per box the points are sorted by which side of it
    they lie on (left, right, below, above: Cohen-Sutherland outcodes); two
    points on one outer side of the box never meet it, so only the groups
    without a side in common are paired and tested."""
    idx = np.asarray(idx, dtype=np.int64)
    k = segments.kernel()
    if k is not None and len(boxes):
        # compiled: every pair looked at in place (the same tests), in order
        order = np.argsort(idx, kind="stable")
        pa, pb = k.pairs_meet(np.ascontiguousarray(v[idx[order]], dtype=float), np.array(boxes, dtype=float).reshape(-1, 4),
                      pad)
        i, j = idx[order][pa], idx[order][pb]
        keep = i != j
        return i[keep], j[keep]
    out_i, out_j = [], []
    x, y = v[idx, 0], v[idx, 1]
    for x0, y0, x1, y1 in boxes:
        bx = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        code = ((x < bx[0]) * 1 | (x > bx[2]) * 2 | (y < bx[1]) * 4 | (y > bx[3]) * 8).astype(np.int8)
        groups = {int(c): idx[code == c] for c in np.unique(code)}
        cs = sorted(groups)
        for ai, ca in enumerate(cs):
            for cb in cs[ai:]:
                if ca & cb:
                    continue
                ga, gb = groups[ca], groups[cb]
                if ca == cb:  # only the points inside the box (code 0)
                    ii, jj = np.triu_indices(len(ga), k=1)
                    pi, pj = ga[ii], ga[jj]
                else:
                    pi = np.repeat(ga, len(gb))
                    pj = np.tile(gb, len(ga))
                if len(pi) == 0:
                    continue
                hit = segments_meet_boxes(v[pi], v[pj], [(x0, y0, x1, y1)], pad)
                out_i.append(pi[hit])
                out_j.append(pj[hit])
    if not out_i:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    i = np.concatenate(out_i)
    j = np.concatenate(out_j)
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    keep = lo != hi
    pair = np.unique(lo[keep] * (len(v) + 1) + hi[keep])  # a pair through two boxes once
    return pair // (len(v) + 1), pair % (len(v) + 1)
