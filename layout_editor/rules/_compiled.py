"""The compiled kernels of rules/segments.py (numba), at module level so
that numba caches their machine code on disk. Imported only by
rules/kernels.py on its loader thread: importing this module imports numba.
_slab, _seg_meets_box and _cell are copied into the other kernel modules
that need them (kernels.py says why; tests/unit/test_kernels.py holds the
copies identical).
See segments.py for what each answers and why."""
from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _strip(lows, axis, width, sx0, sx1, sy0, sy1):
    """The rectangles (sorted by their low edge on `axis`, none wider than
    `width` along it) that can meet a segment with this box: [first, last)."""
    if axis == 0:
        return np.searchsorted(lows, sx0 - width, "left"), np.searchsorted(lows, sx1, "right")
    return np.searchsorted(lows, sy0 - width, "left"), np.searchsorted(lows, sy1, "right")


@njit(cache=True, nogil=True)
def _slab(px, py, dx, dy, x0, y0, x1, y1, lo, hi, closed):
    """The slab test: the stretch [lo, hi] of p + t d (t within the given
    lo, hi) inside the box, empty (lo > hi) when it misses. `closed` counts
    the box's edges as inside (touching); otherwise only its open inside."""
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
def blocked(a, b, rects, lows, width, axis, graze):
    """For each segment a[k] -> b[k]: True where it passes through the
    open inside of one of the rectangles (x0, y0, x1, y1) by more than
    `graze` (mm along the segment). rects sorted by their low edge on
    `axis` (lows, that column), none wider than `width` along it."""
    n = a.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        px = a[k, 0]
        py = a[k, 1]
        dx = b[k, 0] - px
        dy = b[k, 1] - py
        sx0 = min(px, b[k, 0])
        sx1 = max(px, b[k, 0])
        sy0 = min(py, b[k, 1])
        sy1 = max(py, b[k, 1])
        length = np.hypot(dx, dy)
        first, last = _strip(lows, axis, width, sx0, sx1, sy0, sy1)
        for r in range(first, last):
            x0 = rects[r, 0]
            y0 = rects[r, 1]
            x1 = rects[r, 2]
            y1 = rects[r, 3]
            if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
                continue
            lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, False)
            if (hi - lo) * length > graze:
                out[k] = True
                break
    return out

@njit(cache=True, nogil=True)
def first_entry(p, end, u, t_out, rects, lows, width, axis, graze):
    """For each ray p[k] + t u[k] (u unit) ending at end[k] (t_out[k]):
    the least t >= 0 at which it passes into one of the rectangles by
    more than `graze`, t_out[k] when it passes into none (the slab test
    of sight._ray_free_length, on the rectangles whose box meets the
    ray's)."""
    n = p.shape[0]
    best = t_out.copy()
    for k in range(n):
        px = p[k, 0]
        py = p[k, 1]
        ux = u[k, 0]
        uy = u[k, 1]
        sx0 = min(px, end[k, 0])
        sx1 = max(px, end[k, 0])
        sy0 = min(py, end[k, 1])
        sy1 = max(py, end[k, 1])
        first, last = _strip(lows, axis, width, sx0, sx1, sy0, sy1)
        for r in range(first, last):
            x0 = rects[r, 0]
            y0 = rects[r, 1]
            x1 = rects[r, 2]
            y1 = rects[r, 3]
            if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
                continue
            lo, hi = _slab(px, py, ux, uy, x0, y0, x1, y1, 0.0, np.inf, False)
            if hi - lo > graze:
                best[k] = min(best[k], max(lo, 0.0))
    return best

@njit(cache=True, nogil=True)
def meet_newer(a, b, boxes, box_epoch, tested, pad):
    """For each segment a[k] -> b[k]: True where it touches one of the
    closed boxes grown by pad whose epoch is later than tested[k]
    (obstacles.segments_meet_boxes, box by box in the same steps)."""
    n = a.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        px = a[k, 0]
        py = a[k, 1]
        dx = b[k, 0] - px
        dy = b[k, 1] - py
        sx0 = min(px, b[k, 0])
        sx1 = max(px, b[k, 0])
        sy0 = min(py, b[k, 1])
        sy1 = max(py, b[k, 1])
        for j in range(boxes.shape[0]):
            if box_epoch[j] <= tested[k]:
                continue
            x0 = boxes[j, 0] - pad
            y0 = boxes[j, 1] - pad
            x1 = boxes[j, 2] + pad
            y1 = boxes[j, 3] + pad
            if not (sx0 <= x1 and sx1 >= x0 and sy0 <= y1 and sy1 >= y0):
                continue
            lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, True)
            if lo <= hi:
                out[k] = True
                break
    return out

@njit(cache=True, nogil=True)
def _seg_meets_box(px, py, qx, qy, x0, y0, x1, y1):
    # segments_meet_boxes' test for one segment and one grown box
    if not (min(px, qx) <= x1 and max(px, qx) >= x0 and min(py, qy) <= y1 and max(py, qy) >= y0):
        return False
    dx = qx - px
    dy = qy - py
    lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, True)
    return lo <= hi

@njit(cache=True, nogil=True)
def pairs_meet(pts, boxes, pad):
    """Every pair (a < b) of the points whose segment touches one of the
    boxes grown by pad (obstacles.pairs_meeting_boxes), in order."""
    m = pts.shape[0]
    nb = boxes.shape[0]
    codes = np.zeros((nb, m), dtype=np.int64)
    for q in range(nb):
        for a in range(m):
            x = pts[a, 0]
            y = pts[a, 1]
            codes[q, a] = ((x < boxes[q, 0] - pad) * 1 | (x > boxes[q, 2] + pad) * 2
                           | (y < boxes[q, 1] - pad) * 4 | (y > boxes[q, 3] + pad) * 8)
    total = 0
    cap = 1024
    pa = np.empty(cap, dtype=np.int64)
    pb = np.empty(cap, dtype=np.int64)
    for a in range(m):
        for b in range(a + 1, m):
            hit = False
            for q in range(nb):
                if codes[q, a] & codes[q, b]:
                    continue
                if _seg_meets_box(pts[a, 0], pts[a, 1], pts[b, 0], pts[b, 1], boxes[q, 0] - pad,
                                  boxes[q, 1] - pad, boxes[q, 2] + pad, boxes[q, 3] + pad):
                    hit = True
                    break
            if hit:
                if total == cap:
                    cap *= 2
                    na = np.empty(cap, dtype=np.int64)
                    nb2 = np.empty(cap, dtype=np.int64)
                    na[:total] = pa[:total]
                    nb2[:total] = pb[:total]
                    pa = na
                    pb = nb2
                pa[total] = a
                pb[total] = b
                total += 1
    return pa[:total], pb[:total]


@njit(cache=True, nogil=True)
def _cell(v, origin, size, count):
    c = int(np.floor((v - origin) / size))
    return min(max(c, 0), count - 1)


@njit(cache=True, nogil=True)
def blocked_grid(a, b, rects, cell_start, cell_rects, gx0, gy0, size, nx, ny, graze, pad):
    """blocked() with the rectangles found through a grid of square cells
    (each rectangle listed in every cell its closed box meets): a segment
    looks only at the cells its own stretch of each column of cells crosses
    (grown by pad), not at every rectangle in its x-window. A rectangle the
    segment enters holds a point of the segment inside its box, and that
    point's cell is among those looked at; each rectangle looked at gets the
    same slab test as in blocked(): the same answers (the tests compare)."""
    n = a.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        px = a[k, 0]
        py = a[k, 1]
        dx = b[k, 0] - px
        dy = b[k, 1] - py
        sx0 = min(px, b[k, 0])
        sx1 = max(px, b[k, 0])
        sy0 = min(py, b[k, 1])
        sy1 = max(py, b[k, 1])
        length = np.hypot(dx, dy)
        c0 = _cell(sx0 - pad, gx0, size, nx)
        c1 = _cell(sx1 + pad, gx0, size, nx)
        hit = False
        for c in range(c0, c1 + 1):
            if dx == 0.0:
                ya = sy0
                yb = sy1
            else:
                # (the column grown by pad: a point whose x falls in cell c
                # by the floor above lies within it, whatever the rounding)
                xa = max(sx0, gx0 + c * size - pad)
                xb = min(sx1, gx0 + (c + 1) * size + pad)
                ya = py + (xa - px) / dx * dy
                yb = py + (xb - px) / dx * dy
                if ya > yb:
                    ya, yb = yb, ya
                ya = max(ya, sy0)
                yb = min(yb, sy1)
            r0 = _cell(ya - pad, gy0, size, ny)
            r1 = _cell(yb + pad, gy0, size, ny)
            for r in range(r0, r1 + 1):
                cell = c * ny + r
                for q in range(cell_start[cell], cell_start[cell + 1]):
                    i = cell_rects[q]
                    x0 = rects[i, 0]
                    y0 = rects[i, 1]
                    x1 = rects[i, 2]
                    y1 = rects[i, 3]
                    if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
                        continue
                    lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, False)
                    if (hi - lo) * length > graze:
                        hit = True
                        break
                if hit:
                    break
            if hit:
                break
        out[k] = hit
    return out


@njit(cache=True, nogil=True)
def rect_strips(rects, vertical):
    """rects.rect_strips compiled: the union of rectangles (rows x0, y0,
    x1, y1) cut into strips (vertical: along x), the same rows in the same
    order as the numpy version (see there). Every comparison is on the
    ranks of the coordinates among their sorted distinct values, and each
    row's coordinates are copied from those values, never computed."""
    if vertical:
        al0, al1, ac0, ac1 = 0, 2, 1, 3
    else:
        al0, al1, ac0, ac1 = 1, 3, 0, 2
    n0 = rects.shape[0]
    keep = np.zeros(n0, dtype=np.bool_)
    n = 0
    for i in range(n0):
        if rects[i, al1] > rects[i, al0] and rects[i, ac1] > rects[i, ac0]:
            keep[i] = True
            n += 1
    if n == 0:
        return np.zeros((0, 4))
    along = np.empty(2 * n)
    acr = np.empty(2 * n)
    j = 0
    for i in range(n0):
        if keep[i]:
            along[2 * j] = rects[i, al0]
            along[2 * j + 1] = rects[i, al1]
            acr[2 * j] = rects[i, ac0]
            acr[2 * j + 1] = rects[i, ac1]
            j += 1
    cuts = np.unique(along)
    across = np.unique(acr)
    m = np.int64(len(across) + 1)
    ns = np.int64(len(cuts) + 1)
    # every (rectangle, slab it covers) as one key: slab, start, end ranks
    total = 0
    for j in range(n):
        total += np.searchsorted(cuts, along[2 * j + 1]) - np.searchsorted(cuts, along[2 * j])
    keys = np.empty(total, dtype=np.int64)
    q = 0
    for j in range(n):
        i0 = np.searchsorted(cuts, along[2 * j])
        i1 = np.searchsorted(cuts, along[2 * j + 1])
        lo = np.int64(np.searchsorted(across, acr[2 * j]))
        hi = np.int64(np.searchsorted(across, acr[2 * j + 1]))
        for k in range(i0, i1):
            keys[q] = (np.int64(k) * m + lo) * m + hi
            q += 1
    keys.sort()
    # per slab the intervals united (touching ones join), each as one key
    # ordered as the rows are: start, end, then slab
    out = np.empty(total, dtype=np.int64)
    o = 0
    cur_k = np.int64(-1)
    cur_lo = np.int64(0)
    cur_hi = np.int64(0)
    for q in range(total):
        key = keys[q]
        hi = key % m
        lo = (key // m) % m
        k = key // (m * m)
        if k == cur_k and lo <= cur_hi:
            if hi > cur_hi:
                cur_hi = hi
            continue
        if cur_k >= 0 and across[cur_hi] - across[cur_lo] > 1e-9:
            out[o] = (cur_lo * m + cur_hi) * ns + cur_k
            o += 1
        cur_k, cur_lo, cur_hi = k, lo, hi
    if cur_k >= 0 and across[cur_hi] - across[cur_lo] > 1e-9:
        out[o] = (cur_lo * m + cur_hi) * ns + cur_k
        o += 1
    rows = out[:o]
    rows.sort()
    # neighbouring strips with the same extent across joined (_merge_strips)
    res = np.empty((o, 4))
    r = 0
    prev_lohi = np.int64(-1)
    prev_k = np.int64(-2)
    for q in range(o):
        key = rows[q]
        k = key % ns
        lohi = key // ns
        if lohi == prev_lohi and k == prev_k + 1:
            res[r - 1, al1] = cuts[k + 1]
        else:
            res[r, al0] = cuts[k]
            res[r, al1] = cuts[k + 1]
            res[r, ac0] = across[lohi // m]
            res[r, ac1] = across[lohi % m]
            r += 1
        prev_lohi = lohi
        prev_k = k
    return res[:r]


@njit(cache=True, nogil=True)
def grid_lists(rects, gx0, gy0, size, nx, ny):
    """segments._Grid's lists compiled: for each square cell (column by
    column) the rectangles whose closed box meets it, in rectangle order
    (a counting sort: the same lists as the numpy stable sort, tested);
    returns (start, rects) as CSR."""
    n = rects.shape[0]
    counts = np.zeros(nx * ny, dtype=np.int64)
    for i in range(n):
        cx0 = _cell(rects[i, 0], gx0, size, nx)
        cx1 = _cell(rects[i, 2], gx0, size, nx)
        cy0 = _cell(rects[i, 1], gy0, size, ny)
        cy1 = _cell(rects[i, 3], gy0, size, ny)
        for cx in range(cx0, cx1 + 1):
            for cy in range(cy0, cy1 + 1):
                counts[cx * ny + cy] += 1
    start = np.zeros(nx * ny + 1, dtype=np.int64)
    for c in range(nx * ny):
        start[c + 1] = start[c] + counts[c]
    fill = start[:-1].copy()
    ids = np.empty(start[nx * ny], dtype=np.int64)
    for i in range(n):
        cx0 = _cell(rects[i, 0], gx0, size, nx)
        cx1 = _cell(rects[i, 2], gx0, size, nx)
        cy0 = _cell(rects[i, 1], gy0, size, ny)
        cy1 = _cell(rects[i, 3], gy0, size, ny)
        for cx in range(cx0, cx1 + 1):
            for cy in range(cy0, cy1 + 1):
                c = cx * ny + cy
                ids[fill[c]] = i
                fill[c] += 1
    return start, ids
