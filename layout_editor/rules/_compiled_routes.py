"""The compiled kernels of the route graph (rules/paths_graph.py; numba), at module
level so that numba caches their machine code on disk. Imported only by
the loader thread of rules/kernels.py (paths.route_kernels): importing this
module imports numba; like every kernel module it calls no function from
another file (kernels.py says why; its copies of _compiled's helpers are
held identical by tests/unit/test_kernels.py). Each answers exactly what the numpy code in paths.py (or
rects.pairs_meeting_boxes) answers, with the same floating-point steps; the
tests compare them (tests/unit/test_paths.py, test_route_fast_paths.py).
The search (dijkstra_from) is the one kernel with no numpy twin: scipy's
csgraph.dijkstra is its yardstick, the same distances to the last bit.
tangent_mask and pairs_through_boxes are no longer run by the program
(reuse_edges does their work): they stay as the tests' yardsticks of
tangent_pairs_through_boxes, and the loader does not compile them (each
kernel loaded holds its machine code: memory); pairs_through_boxes is
tangent_pairs_through_boxes with nothing to filter (one walk, not two
copies of it)."""
from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _tangent_at(vx, vy, ax, ay, bx, by, fx, fy):
    # paths.VisibilityGraph._tangent for one pair: the line from f to the
    # corner v does not cut into the piece there (a, b: the corner's edges,
    # prev - v and next - v), in the same steps as the numpy version
    dx = vx - fx
    dy = vy - fy
    s1 = dx * ay - dy * ax
    s2 = dx * by - dy * bx
    return s1 * s2 >= -1e-9


@njit(cache=True, nogil=True)
def _enters_one(px, py, qx, qy, rects, first, graze):
    # _compiled.blocked's test of the segment p -> q against each of rects
    # (the same steps: its box first, then the slab and the graze), rects[first]
    # first, rects sorted by their left side: the index of one the segment
    # enters, else -1
    dx = qx - px
    dy = qy - py
    sx0 = min(px, qx)
    sx1 = max(px, qx)
    sy0 = min(py, qy)
    sy1 = max(py, qy)
    length = np.hypot(dx, dy)
    for q in range(-1, rects.shape[0]):
        r = first if q < 0 else q
        if q == first:
            continue
        if q >= 0 and rects[q, 0] > sx1:
            break  # (sorted by their left side: none further on meets the segment's box)
        x0 = rects[r, 0]
        y0 = rects[r, 1]
        x1 = rects[r, 2]
        y1 = rects[r, 3]
        if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
            continue
        lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, False)
        if (hi - lo) * length > graze:
            return r
    return -1


@njit(cache=True, nogil=True)
def tangent_pairs(v, ea, eb, comp, rows, low_ok, vbig, hbig, graze):
    """The candidate edges of the route graph: for each corner i of `rows`
    (in that order) every corner j (ascending) with j != i, (low_ok[j] or
    i < j), in the same free area, the line tangent at both ends (what
    VisibilityGraph._join keeps before its segment test). ea, eb: each
    corner's prev - v and next - v. A build from scratch passes every
    corner as rows and no low_ok: the pairs i < j in np.triu_indices'
    order. Of those, a pair whose segment v[i] -> v[j] enters one of the
    blocking rectangles vbig (hbig for a vertical segment: |dx| <= 1e-12,
    as Battlefield.clear splits them) deeper than graze is left out: the
    segment test would find it blocked by that same rectangle (no rectangles:
    every tangent pair)."""
    n = v.shape[0]
    cap = 4096
    oi = np.empty(cap, dtype=np.int64)
    oj = np.empty(cap, dtype=np.int64)
    total = 0
    for r in range(rows.shape[0]):
        i = rows[r]
        vix = v[i, 0]
        viy = v[i, 1]
        ci = comp[i]
        last_v = 0
        last_h = 0
        for j in range(n):
            if j == i or not (low_ok[j] or i < j) or comp[j] != ci:
                continue
            vjx = v[j, 0]
            vjy = v[j, 1]
            # _tangent(v[i], j) & _tangent(v[j], i)
            if not _tangent_at(vjx, vjy, ea[j, 0], ea[j, 1], eb[j, 0], eb[j, 1], vix, viy):
                continue
            if not _tangent_at(vix, viy, ea[i, 0], ea[i, 1], eb[i, 0], eb[i, 1], vjx, vjy):
                continue
            # (the rectangle that blocked this row's last pair first)
            if abs(vjx - vix) <= 1e-12:
                if hbig.shape[0]:
                    hit = _enters_one(vix, viy, vjx, vjy, hbig, last_h, graze)
                    if hit >= 0:
                        last_h = hit
                        continue
            elif vbig.shape[0]:
                hit = _enters_one(vix, viy, vjx, vjy, vbig, last_v, graze)
                if hit >= 0:
                    last_v = hit
                    continue
            if total == cap:
                cap *= 2
                ni = np.empty(cap, dtype=np.int64)
                nj = np.empty(cap, dtype=np.int64)
                ni[:total] = oi[:total]
                nj[:total] = oj[:total]
                oi = ni
                oj = nj
            oi[total] = i
            oj[total] = j
            total += 1
    return oi[:total], oj[:total]


@njit(cache=True, nogil=True)
def tangent_mask(v, ea, eb, i, j):
    """_tangent(v[i], j) & _tangent(v[j], i) for the given pairs."""
    out = np.zeros(i.shape[0], dtype=np.bool_)
    for k in range(i.shape[0]):
        a = i[k]
        b = j[k]
        out[k] = (_tangent_at(v[b, 0], v[b, 1], ea[b, 0], ea[b, 1], eb[b, 0], eb[b, 1], v[a, 0], v[a, 1])
                  and _tangent_at(v[a, 0], v[a, 1], ea[a, 0], ea[a, 1], eb[a, 0], eb[a, 1], v[b, 0], v[b, 1]))
    return out


# -- pairs whose segment passes a box, found without testing every pair -------

@njit(cache=True, nogil=True)
def _slab(px, py, dx, dy, x0, y0, x1, y1, lo, hi, closed):
    # _compiled._slab, copied (numba's cache would not see a change there)
    if dx == 0.0:
        if not ((x0 <= px <= x1) if closed else (x0 < px < x1)):
            return np.inf, -np.inf
    else:
        t0 = (x0 - px) / dx
        t1 = (x1 - px) / dx
        lo = max(lo, min(t0, t1))
        hi = min(hi, max(t0, t1))
    if dy == 0.0:
        if not ((y0 <= py <= y1) if closed else (y0 < py < y1)):
            return np.inf, -np.inf
    else:
        t0 = (y0 - py) / dy
        t1 = (y1 - py) / dy
        lo = max(lo, min(t0, t1))
        hi = min(hi, max(t0, t1))
    return lo, hi


@njit(cache=True, nogil=True)
def _seg_meets_box(px, py, qx, qy, x0, y0, x1, y1):
    # _compiled._seg_meets_box, copied: segments_meet_boxes' test for one
    # segment and one grown box
    if not (min(px, qx) <= x1 and max(px, qx) >= x0 and min(py, qy) <= y1 and max(py, qy) >= y0):
        return False
    dx = qx - px
    dy = qy - py
    lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, True)
    return lo <= hi


LEAF = 8


@njit(cache=True, nogil=True)
def _select(order, pts, axis, lo, hi, k):
    """Reorder order[lo:hi] so that the point at k has no point before it
    further along `axis`, none after it less far (quickselect)."""
    hi -= 1
    while lo < hi:
        # the median of the first, middle and last (a middle one alone
        # is slow on a range a select before has left half ordered)
        a = pts[order[lo], axis]
        b = pts[order[(lo + hi) // 2], axis]
        c = pts[order[hi], axis]
        pivot = max(min(a, b), min(max(a, b), c))
        i = lo
        j = hi
        while i <= j:
            while pts[order[i], axis] < pivot:
                i += 1
            while pts[order[j], axis] > pivot:
                j -= 1
            if i <= j:
                t = order[i]
                order[i] = order[j]
                order[j] = t
                i += 1
                j -= 1
        if k <= j:
            hi = j
        elif k >= i:
            lo = i
        else:
            return


@njit(cache=True, nogil=True)
def _kd_tree(pts):
    """A k-d tree of the points: order (the points node by node), per node
    its range [start, end) in order, its children (-1: a leaf), the box of
    its points and the highest point index in it."""
    m = pts.shape[0]
    order = np.arange(m)
    cap = 2 * (m // LEAF + 1) * 2 + 1
    start = np.zeros(cap, dtype=np.int64)
    end = np.zeros(cap, dtype=np.int64)
    left = np.full(cap, -1, dtype=np.int64)
    right = np.full(cap, -1, dtype=np.int64)
    box = np.zeros((cap, 4))
    top = np.zeros(cap, dtype=np.int64)
    count = 1
    start[0] = 0
    end[0] = m
    stack = np.empty(cap, dtype=np.int64)
    sp = 0
    stack[sp] = 0
    sp += 1
    while sp:
        sp -= 1
        nd = stack[sp]
        s = start[nd]
        e = end[nd]
        x0 = np.inf
        y0 = np.inf
        x1 = -np.inf
        y1 = -np.inf
        hi = -1
        for k in range(s, e):
            p = order[k]
            x0 = min(x0, pts[p, 0])
            y0 = min(y0, pts[p, 1])
            x1 = max(x1, pts[p, 0])
            y1 = max(y1, pts[p, 1])
            hi = max(hi, p)
        box[nd, 0] = x0
        box[nd, 1] = y0
        box[nd, 2] = x1
        box[nd, 3] = y1
        top[nd] = hi
        if e - s <= LEAF or count + 2 > cap:
            continue
        axis = 0 if x1 - x0 >= y1 - y0 else 1
        mid = s + (e - s) // 2
        _select(order, pts, axis, s, e, mid)
        left[nd] = count
        right[nd] = count + 1
        start[count] = s
        end[count] = mid
        start[count + 1] = mid
        end[count + 1] = e
        stack[sp] = count
        stack[sp + 1] = count + 1
        sp += 2
        count += 2
    return order, start[:count], end[:count], left[:count], right[:count], box[:count], top[:count]


@njit(cache=True, nogil=True)
def _cross(ux, uy, vx, vy):
    return ux * vy - uy * vx


@njit(cache=True, nogil=True)
def pairs_through_boxes(pts, boxes, pad, margin):
    """Every pair (a < b) of the points whose segment touches one of the
    boxes grown by pad: the answer of _compiled.pairs_meet (the same test on
    each pair, in the same order), without looking at every pair. The points
    are kept in a k-d tree; from each point a, a node of it is passed over
    when no segment from a to a point in the node's box can reach the box
    (grown by a further `margin`, so that rounding never passes over a pair
    the test would keep): all of the node on the outer side of the box that
    a is on too, all of it nearer to a than the box, or all of it outside
    the wedge the box fills as seen from a. The pairs left are tested as
    pairs_meet tests them.

    The search is tangent_pairs_through_boxes' with nothing to filter: the
    points without edges (every line is tangent at a corner with none: its
    tangent test and its bound over a node are 0, never negative) and all
    of one free area (one body for both, not two copies of the walk)."""
    m = pts.shape[0]
    none = np.zeros((m, 2))
    return tangent_pairs_through_boxes(pts, none, none, np.zeros(m, dtype=np.int64), boxes, pad, margin)


# -- the graph after an edit, and a search on it -------------------------------

@njit(cache=True, nogil=True)
def reuse_edges(v, ea, eb, comp, old_idx, n_old, old_ei, old_ej, old_ew, boxes, pad, margin, vbig, hbig, graze):
    """paths_graph.VisibilityGraph._reuse's bookkeeping in one pass: the
    corners kept (in both layouts, in no changed box grown by pad), the old
    edges between kept corners whose segment meets no grown box (in this
    graph's numbering, lower corner first, with their old lengths), and the
    pairs to test again in the order the numpy steps give them: the tangent
    pairs of kept corners whose segment meets a box (pairs_through_boxes),
    then every tangent pair with a corner not kept (tangent_pairs). An old
    edge is tested from its lower corner, as pairs_through_boxes tests a
    pair, so that an edge is either kept or tested again, never both.
    Of the pairs to test again, those whose segment enters one of the
    blocking rectangles vbig (hbig for a vertical segment) deeper than
    graze are left out, as tangent_pairs leaves them out of a build from
    scratch: the segment test would find them blocked by that rectangle
    (none given: every pair; the numpy steps test them all and drop them
    then, so the edges found are the same, in the same order). After a
    pillar turned on two boards ~95% of the ~900 pairs through its box are
    blocked elsewhere, nearly all by the last rectangle that blocked the
    pair before: ~50 us here instead of ~200 us of the grid walk."""
    n = v.shape[0]
    nb = boxes.shape[0]
    kept = np.zeros(n, dtype=np.bool_)
    new_of_old = np.full(n_old, -1, dtype=np.int64)
    nk = 0
    for i in range(n):
        if old_idx[i] < 0:
            continue
        near = False
        for q in range(nb):
            if (v[i, 0] >= boxes[q, 0] - pad and v[i, 0] <= boxes[q, 2] + pad
                    and v[i, 1] >= boxes[q, 1] - pad and v[i, 1] <= boxes[q, 3] + pad):
                near = True
                break
        if not near:
            kept[i] = True
            new_of_old[old_idx[i]] = i
            nk += 1
    ki = np.empty(old_ei.shape[0], dtype=np.int64)
    kj = np.empty(old_ei.shape[0], dtype=np.int64)
    kw = np.empty(old_ei.shape[0])
    m = 0
    for e in range(old_ei.shape[0]):
        a = new_of_old[old_ei[e]]
        b = new_of_old[old_ej[e]]
        if a < 0 or b < 0:
            continue
        lo = min(a, b)
        hi = max(a, b)
        cut = False
        for q in range(nb):
            if _seg_meets_box(v[lo, 0], v[lo, 1], v[hi, 0], v[hi, 1], boxes[q, 0] - pad, boxes[q, 1] - pad,
                              boxes[q, 2] + pad, boxes[q, 3] + pad):
                cut = True
                break
        if cut:
            continue
        ki[m] = lo
        kj[m] = hi
        kw[m] = old_ew[e]
        m += 1
    k = np.empty(nk, dtype=np.int64)
    c = 0
    for i in range(n):
        if kept[i]:
            k[c] = i
            c += 1
    pts = np.empty((nk, 2))
    for r in range(nk):
        pts[r, 0] = v[k[r], 0]
        pts[r, 1] = v[k[r], 1]
    kea = np.empty((nk, 2))
    keb = np.empty((nk, 2))
    kcomp = np.empty(nk, dtype=np.int64)
    for r in range(nk):
        kea[r, 0] = ea[k[r], 0]
        kea[r, 1] = ea[k[r], 1]
        keb[r, 0] = eb[k[r], 0]
        keb[r, 1] = eb[k[r], 1]
        kcomp[r] = comp[k[r]]
    pa, pb = tangent_pairs_through_boxes(pts, kea, keb, kcomp, boxes, pad, margin)
    ri = np.empty(pa.shape[0], dtype=np.int64)
    rj = np.empty(pa.shape[0], dtype=np.int64)
    t = 0
    last_v = 0
    last_h = 0
    for r in range(pa.shape[0]):
        a = k[pa[r]]
        b = k[pb[r]]
        # (tangent_pairs' test with the largest rectangles, the one that
        # blocked the last pair first)
        if abs(v[b, 0] - v[a, 0]) <= 1e-12:
            if hbig.shape[0]:
                hit = _enters_one(v[a, 0], v[a, 1], v[b, 0], v[b, 1], hbig, last_h, graze)
                if hit >= 0:
                    last_h = hit
                    continue
        elif vbig.shape[0]:
            hit = _enters_one(v[a, 0], v[a, 1], v[b, 0], v[b, 1], vbig, last_v, graze)
            if hit >= 0:
                last_v = hit
                continue
        ri[t] = a
        rj[t] = b
        t += 1
    fresh = np.empty(n - nk, dtype=np.int64)
    c = 0
    for i in range(n):
        if not kept[i]:
            fresh[c] = i
            c += 1
    fi, fj = tangent_pairs(v, ea, eb, comp, fresh, kept, vbig, hbig, graze)
    ti = np.empty(t + fi.shape[0], dtype=np.int64)
    tj = np.empty(t + fi.shape[0], dtype=np.int64)
    ti[:t] = ri[:t]
    tj[:t] = rj[:t]
    ti[t:] = fi
    tj[t:] = fj
    return ki[:m], kj[:m], kw[:m], ti, tj


@njit(cache=True, nogil=True)
def last_legs(v, ea, eb, comp, targets, parts):
    """paths_graph._LastLegs' legs in one pass: the tangent test from each
    target at every corner (targets x corners, the steps of
    _LastLegs._tangent: the line from the target does not cut into the
    piece at the corner), and the legs, target by target and corner by
    corner ascending (np.nonzero's order): the tangent ones whose corner
    is in the target's free part (parts: each target's, -1 none). After
    an edit on two boards the numpy steps (~45, most of them on a few
    thousand numbers) were ~0.15 ms."""
    m = targets.shape[0]
    n = v.shape[0]
    tangent = np.zeros((m, n), dtype=np.bool_)
    count = 0
    for t in range(m):
        tx = targets[t, 0]
        ty = targets[t, 1]
        part = parts[t]
        for c in range(n):
            dx = v[c, 0] - tx
            dy = v[c, 1] - ty
            s1 = dx * ea[c, 1] - dy * ea[c, 0]
            s2 = dx * eb[c, 1] - dy * eb[c, 0]
            ok = s1 * s2 >= -1e-9
            tangent[t, c] = ok
            if ok and part >= 0 and comp[c] == part:
                count += 1
    r = np.empty(count, dtype=np.int64)
    cs = np.empty(count, dtype=np.int64)
    k = 0
    for t in range(m):
        part = parts[t]
        if part < 0:
            continue
        for c in range(n):
            if tangent[t, c] and comp[c] == part:
                r[k] = t
                cs[k] = c
                k += 1
    return tangent, r, cs


@njit(cache=True, nogil=True)
def nearest_in_rects(pts, rects):
    """paths_areas.nearest_points with rectangles: each point clamped to
    each rectangle (np.minimum(np.maximum(p, low), high), axis by axis, as
    numpy's maximum and minimum choose for equal values: the second), the
    first nearest kept (the squared distance dx * dx + dy * dy; numpy's
    argmin keeps the first least), the same floating-point steps, so the
    same points to the bit (finite points: the caller sees to it). A
    zone's start after an edit near it or on a first analysis clamps every
    corner to ~30 rectangles: the numpy passes' temporaries cost ~0.4 ms
    in place on two boards."""
    m = pts.shape[0]
    n = rects.shape[0]
    out = np.empty((m, 2))
    for i in range(m):
        px = pts[i, 0]
        py = pts[i, 1]
        best = np.inf
        bx = 0.0
        by = 0.0
        for r in range(n):
            lx = px if px > rects[r, 0] else rects[r, 0]
            cx = lx if lx < rects[r, 2] else rects[r, 2]
            ly = py if py > rects[r, 1] else rects[r, 1]
            cy = ly if ly < rects[r, 3] else rects[r, 3]
            dx = cx - px
            dy = cy - py
            d2 = dx * dx + dy * dy
            if r == 0 or d2 < best:
                best = d2
                bx = cx
                by = cy
        out[i, 0] = bx
        out[i, 1] = by
    return out


@njit(cache=True, nogil=True)
def match_keys(ko, kn):
    """paths_graph._match_keys: for each row of kn the index of the equal
    row of ko (-1: none), of equal rows the last (as a dict built in order
    keeps); rows equal as numbers (-0.0 is 0.0). An open-addressing table
    of ko's rows (the hash only spreads them: every match is the rows
    compared), ~10 us for a two-board graph's corners instead of the numpy
    steps' hash, sort and checks."""
    no = ko.shape[0]
    nn = kn.shape[0]
    w = ko.shape[1]
    out = np.full(nn, -1, dtype=np.int64)
    if no == 0 or nn == 0:
        return out
    size = 16
    while size < 2 * no:
        size *= 2
    mask = size - 1
    table = np.full(size, -1, dtype=np.int64)
    for i in range(no):
        h = _key_hash(ko, i, w) & mask
        while True:
            at = table[h]
            if at < 0:
                table[h] = i
                break
            if _same_row(ko, at, ko, i, w):
                table[h] = i  # (the last of equal rows)
                break
            h = (h + 1) & mask
    for j in range(nn):
        h = _key_hash(kn, j, w) & mask
        while True:
            at = table[h]
            if at < 0:
                break
            if _same_row(ko, at, kn, j, w):
                out[j] = at
                break
            h = (h + 1) & mask
    return out


@njit(cache=True, nogil=True)
def _same_row(a, i, b, j, w):
    """Whether row i of a and row j of b are equal as numbers, column by column."""
    for col in range(w):
        if a[i, col] != b[j, col]:
            return False
    return True


@njit(cache=True, nogil=True)
def _key_hash(keys, row, w):
    # equal rows (as numbers) hash alike: each value scaled and floored
    # (-0.0 and 0.0 both to 0), mixed by odd constants
    h = np.int64(0)
    for col in range(w):
        x = keys[row, col]
        q = np.int64(np.floor(x * 64.0)) if abs(x) < 1e15 else np.int64(0)
        h = (h ^ q) * np.int64(0x100000001B3) + np.int64(col + 1)
    h ^= h >> 29
    return h if h >= 0 else -h - 1


@njit(cache=True, nogil=True)
def adjacency(n, ei, ej, ew):
    """The graph's edges both ways as rows (indptr, indices, data, as a
    scipy CSR matrix keeps them, int32), each row's neighbours ascending and a
    pair listed twice summed into one entry, as scipy.sparse sums them."""
    count = np.zeros(n + 1, dtype=np.int64)
    for e in range(ei.shape[0]):
        count[ei[e] + 1] += 1
        count[ej[e] + 1] += 1
    for i in range(n):
        count[i + 1] += count[i]
    fill = count[:n].copy()
    idx = np.empty(2 * ei.shape[0], dtype=np.int32)
    w = np.empty(2 * ei.shape[0])
    for e in range(ei.shape[0]):
        a = ei[e]
        b = ej[e]
        idx[fill[a]] = b
        w[fill[a]] = ew[e]
        fill[a] += 1
        idx[fill[b]] = a
        w[fill[b]] = ew[e]
        fill[b] += 1
    indptr = np.zeros(n + 1, dtype=np.int32)
    out = 0
    for i in range(n):
        s = count[i]
        e = count[i + 1]
        # insertion sort of the row by (neighbour, length)
        for p in range(s + 1, e):
            x = idx[p]
            y = w[p]
            q = p - 1
            while q >= s and (idx[q] > x or (idx[q] == x and w[q] > y)):
                idx[q + 1] = idx[q]
                w[q + 1] = w[q]
                q -= 1
            idx[q + 1] = x
            w[q + 1] = y
        p = s
        while p < e:
            x = idx[p]
            y = w[p]
            p += 1
            while p < e and idx[p] == x:
                y += w[p]
                p += 1
            idx[out] = x
            w[out] = y
            out += 1
        indptr[i + 1] = out
    return indptr, idx[:out].copy(), w[:out].copy()


@njit(cache=True, nogil=True)
def dijkstra_from(indptr, indices, data, start):
    """The shortest distance to every corner from a source whose straight
    distance to each corner is start (inf: not in sight): Dijkstra with a
    binary heap. Each corner's distance is the least of its neighbours'
    final distances plus the edge, the same sums scipy's csgraph.dijkstra
    takes, so the same values to the last bit."""
    n = start.shape[0]
    dist = np.full(n, np.inf)
    cap = n + indices.shape[0] + 1
    hk = np.empty(cap)
    hv = np.empty(cap, dtype=np.int64)
    size = 0
    for i in range(n):
        if start[i] < np.inf:
            dist[i] = start[i]
            # push
            j = size
            size += 1
            while j > 0:
                parent = (j - 1) // 2
                if hk[parent] <= start[i]:
                    break
                hk[j] = hk[parent]
                hv[j] = hv[parent]
                j = parent
            hk[j] = start[i]
            hv[j] = i
    done = np.zeros(n, dtype=np.bool_)
    while size:
        d = hk[0]
        u = hv[0]
        # pop: the last entry sifted down from the top
        size -= 1
        lk = hk[size]
        lv = hv[size]
        j = 0
        while True:
            c = 2 * j + 1
            if c >= size:
                break
            if c + 1 < size and hk[c + 1] < hk[c]:
                c += 1
            if hk[c] >= lk:
                break
            hk[j] = hk[c]
            hv[j] = hv[c]
            j = c
        if size:
            hk[j] = lk
            hv[j] = lv
        if done[u] or d > dist[u]:
            continue
        done[u] = True
        for p in range(indptr[u], indptr[u + 1]):
            x = indices[p]
            nd = d + data[p]
            if nd < dist[x] and not done[x]:
                dist[x] = nd
                j = size
                size += 1
                while j > 0:
                    parent = (j - 1) // 2
                    if hk[parent] <= nd:
                        break
                    hk[j] = hk[parent]
                    hv[j] = hv[parent]
                    j = parent
                hk[j] = nd
                hv[j] = x
    return dist


@njit(cache=True, nogil=True)
def tangent_pairs_through_boxes(pts, ea, eb, comp, boxes, pad, margin):
    """Of pairs_through_boxes' pairs, those in one free area and tangent
    at both ends (_tangent_at both ways), in the same order: the same k-d
    tree and wedge search, a node also passed over when its corners are
    all of other free areas, or all where the line from a cuts into a's
    piece (a linear bound on the box with a margin far above rounding, so
    only pairs the tangent test would drop are passed over); each pair met
    is tested for area and tangency before the boxes."""
    m = pts.shape[0]
    nb = boxes.shape[0]
    cap = 1024
    pa = np.empty(cap, dtype=np.int64)
    pb = np.empty(cap, dtype=np.int64)
    total = 0
    if m < 2 or nb == 0:
        return pa[:0], pb[:0]
    order, start, end, left, right, nbox, top = _kd_tree(pts)
    nn = start.shape[0]
    cmin = np.empty(nn, dtype=np.int64)
    cmax = np.empty(nn, dtype=np.int64)
    for nd in range(nn):
        lo = comp[order[start[nd]]]
        hi = lo
        for q in range(start[nd], end[nd]):
            cq = comp[order[q]]
            lo = min(lo, cq)
            hi = max(hi, cq)
        cmin[nd] = lo
        cmax[nd] = hi
    bound = 1e-3
    seen = np.full(m, -1, dtype=np.int64)
    hits = np.empty(m, dtype=np.int64)
    stack = np.empty(nn + 1, dtype=np.int64)
    cx = np.empty(4)
    cy = np.empty(4)
    for a in range(m - 1):
        ax = pts[a, 0]
        ay = pts[a, 1]
        ca = comp[a]
        e1x = ea[a, 0]
        e1y = ea[a, 1]
        e2x = eb[a, 0]
        e2y = eb[a, 1]
        nh = 0
        for q in range(nb):
            bx0 = boxes[q, 0] - pad - margin
            by0 = boxes[q, 1] - pad - margin
            bx1 = boxes[q, 2] + pad + margin
            by1 = boxes[q, 3] + pad + margin
            inside = bx0 <= ax <= bx1 and by0 <= ay <= by1
            u1x = 0.0
            u1y = 0.0
            u2x = 0.0
            u2y = 0.0
            if not inside:
                cx[0] = bx0 - ax
                cy[0] = by0 - ay
                cx[1] = bx1 - ax
                cy[1] = by0 - ay
                cx[2] = bx1 - ax
                cy[2] = by1 - ay
                cx[3] = bx0 - ax
                cy[3] = by1 - ay
                for c in range(4):
                    ok = True
                    for d in range(4):
                        if _cross(cx[c], cy[c], cx[d], cy[d]) < 0.0:
                            ok = False
                            break
                    if ok:
                        u1x = cx[c]
                        u1y = cy[c]
                        break
                for c in range(4):
                    ok = True
                    for d in range(4):
                        if _cross(cx[d], cy[d], cx[c], cy[c]) < 0.0:
                            ok = False
                            break
                    if ok:
                        u2x = cx[c]
                        u2y = cy[c]
                        break
            ddx = max(bx0 - ax, ax - bx1, 0.0)
            ddy = max(by0 - ay, ay - by1, 0.0)
            near2 = ddx * ddx + ddy * ddy
            sp = 0
            stack[sp] = 0
            sp += 1
            while sp:
                sp -= 1
                nd = stack[sp]
                if top[nd] <= a or ca < cmin[nd] or ca > cmax[nd]:
                    continue
                rx0 = nbox[nd, 0]
                ry0 = nbox[nd, 1]
                rx1 = nbox[nd, 2]
                ry1 = nbox[nd, 3]
                # the tangent test at a, bounded over the node: s1, s2 of
                # _tangent_at(a, b) are linear in b, their extremes at the
                # node box's corners; of opposite signs throughout, every
                # pair fails it
                s1lo = np.inf
                s1hi = -np.inf
                s2lo = np.inf
                s2hi = -np.inf
                for corner in range(4):
                    px = rx0 if corner % 2 == 0 else rx1
                    py = ry0 if corner < 2 else ry1
                    dx = ax - px
                    dy = ay - py
                    s1 = dx * e1y - dy * e1x
                    s2 = dx * e2y - dy * e2x
                    s1lo = min(s1lo, s1)
                    s1hi = max(s1hi, s1)
                    s2lo = min(s2lo, s2)
                    s2hi = max(s2hi, s2)
                if (s1hi < -bound and s2lo > bound) or (s1lo > bound and s2hi < -bound):
                    continue
                if not inside:
                    if (ax < bx0 and rx1 < bx0) or (ax > bx1 and rx0 > bx1) \
                            or (ay < by0 and ry1 < by0) or (ay > by1 and ry0 > by1):
                        continue
                    fx = max(abs(rx0 - ax), abs(rx1 - ax))
                    fy = max(abs(ry0 - ay), abs(ry1 - ay))
                    if fx * fx + fy * fy < near2:
                        continue
                    if (_cross(u1x, u1y, rx0 - ax, ry0 - ay) < 0.0 and _cross(u1x, u1y, rx1 - ax, ry0 - ay) < 0.0
                            and _cross(u1x, u1y, rx0 - ax, ry1 - ay) < 0.0
                            and _cross(u1x, u1y, rx1 - ax, ry1 - ay) < 0.0):
                        continue
                    if (_cross(rx0 - ax, ry0 - ay, u2x, u2y) < 0.0 and _cross(rx1 - ax, ry0 - ay, u2x, u2y) < 0.0
                            and _cross(rx0 - ax, ry1 - ay, u2x, u2y) < 0.0
                            and _cross(rx1 - ax, ry1 - ay, u2x, u2y) < 0.0):
                        continue
                if left[nd] >= 0:
                    stack[sp] = left[nd]
                    stack[sp + 1] = right[nd]
                    sp += 2
                    continue
                for kk in range(start[nd], end[nd]):
                    b = order[kk]
                    if b <= a or seen[b] == a:
                        continue
                    seen[b] = a
                    if comp[b] != ca:
                        continue
                    if not (_tangent_at(pts[b, 0], pts[b, 1], ea[b, 0], ea[b, 1], eb[b, 0], eb[b, 1], ax, ay)
                            and _tangent_at(ax, ay, e1x, e1y, e2x, e2y, pts[b, 0], pts[b, 1])):
                        continue
                    for r in range(nb):
                        if _seg_meets_box(ax, ay, pts[b, 0], pts[b, 1], boxes[r, 0] - pad, boxes[r, 1] - pad,
                                          boxes[r, 2] + pad, boxes[r, 3] + pad):
                            hits[nh] = b
                            nh += 1
                            break
        if nh == 0:
            continue
        srt = np.sort(hits[:nh])
        if total + nh > cap:
            while total + nh > cap:
                cap *= 2
            na = np.empty(cap, dtype=np.int64)
            nb2 = np.empty(cap, dtype=np.int64)
            na[:total] = pa[:total]
            nb2[:total] = pb[:total]
            pa = na
            pb = nb2
        for r in range(nh):
            pa[total] = a
            pb[total] = srt[r]
            total += 1
    return pa[:total], pb[:total]
