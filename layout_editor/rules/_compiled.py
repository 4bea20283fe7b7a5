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
def _strip_window(old, lo, hi, al0, al1):
    """rect_strips_spliced: lo..hi widened to every old row meeting it."""
    wa = lo
    wb = hi
    for q in range(old.shape[0]):
        if old[q, al1] >= lo and old[q, al0] <= hi:
            if old[q, al0] < wa:
                wa = old[q, al0]
            if old[q, al1] > wb:
                wb = old[q, al1]
    return wa, wb


@njit(cache=True, nogil=True)
def _strips_made_in(rects, wa, wb, lo, hi, vertical, al0, al1, ac0, ac1):
    """rect_strips_spliced: the strips of the rectangles clipped to the
    window wa..wb (max/min: coordinates copied) that meet lo..hi."""
    nr = rects.shape[0]
    n = 0
    for i in range(nr):
        if rects[i, al1] > wa and rects[i, al0] < wb:
            n += 1
    clip = np.empty((n, 4))
    j = 0
    for i in range(nr):
        if rects[i, al1] > wa and rects[i, al0] < wb:
            clip[j, ac0] = rects[i, ac0]
            clip[j, ac1] = rects[i, ac1]
            clip[j, al0] = max(rects[i, al0], wa)
            clip[j, al1] = min(rects[i, al1], wb)
            j += 1
    made = rect_strips(clip, vertical)
    keep = np.zeros(made.shape[0], dtype=np.bool_)
    for m in range(made.shape[0]):
        keep[m] = made[m, al1] >= lo and made[m, al0] <= hi
    return made[keep]


@njit(cache=True, nogil=True)
def _strips_merged(a, b, al0, ac0, ac1):
    """Two lists of rows, each ordered as rect_strips orders its rows (start
    across, end across, start along), merged in that order."""
    na = a.shape[0]
    nb = b.shape[0]
    out = np.empty((na + nb, 4))
    i = 0
    j = 0
    for o in range(na + nb):
        take_a = j >= nb
        if i < na and j < nb:
            if a[i, ac0] != b[j, ac0]:
                take_a = a[i, ac0] < b[j, ac0]
            elif a[i, ac1] != b[j, ac1]:
                take_a = a[i, ac1] < b[j, ac1]
            else:
                take_a = a[i, al0] < b[j, al0]
        if take_a:
            out[o] = a[i]
            i += 1
        else:
            out[o] = b[j]
            j += 1
    return out


@njit(cache=True, nogil=True)
def rect_strips_spliced(rects, old, lo, hi, lo2, hi2, vertical):
    """rect_strips(rects, vertical) made from `old`, the strips of rects
    that differed from these only within lo..hi and lo2..hi2 along the
    strips' axis (x for vertical strips; lo2 > hi2: only lo..hi): the same
    rows in the same order (see obstacles._spliced_board_pieces for why).
    The rows are a function of the area alone, which is unchanged outside
    those stretches: the old rows meeting neither are rows still; the new
    rows meeting a stretch lie within its window (the stretch widened to
    every old row meeting it: a new row running on past the stretch does so
    through unchanged area, where an old row meeting the stretch runs as
    far), so rect_strips of the rectangles clipped to the window gives them
    (clipping copies coordinates: max/min, never computed). When the two
    windows meet, one window round both stretches (a new row could run
    from one into the other). Every list is ordered as rect_strips orders
    its rows (start across, end across, start along); they are merged in
    that order."""
    if vertical:
        al0, al1, ac0, ac1 = 0, 2, 1, 3
    else:
        al0, al1, ac0, ac1 = 1, 3, 0, 2
    two = lo2 <= hi2
    wa, wb = _strip_window(old, lo, hi, al0, al1)
    wa2, wb2 = lo2, hi2
    if two:
        wa2, wb2 = _strip_window(old, lo2, hi2, al0, al1)
        if wb >= wa2 and wb2 >= wa:
            lo = min(lo, lo2)
            hi = max(hi, hi2)
            wa, wb = _strip_window(old, lo, hi, al0, al1)
            two = False
    no = old.shape[0]
    keep = np.zeros(no, dtype=np.bool_)
    for q in range(no):
        meets = old[q, al1] >= lo and old[q, al0] <= hi
        if two and old[q, al1] >= lo2 and old[q, al0] <= hi2:
            meets = True
        keep[q] = not meets
    made = _strips_made_in(rects, wa, wb, lo, hi, vertical, al0, al1, ac0, ac1)
    if two:
        made = _strips_merged(made, _strips_made_in(rects, wa2, wb2, lo2, hi2, vertical, al0, al1, ac0, ac1),
                              al0, ac0, ac1)
    return _strips_merged(old[keep], made, al0, ac0, ac1)


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


@njit(cache=True, nogil=True)
def free_space(rects, cuts, boards):
    """obstacles.Battlefield's free space as data (free_ring_corners,
    free_part_at; see obstacles.py, "The free space as data"): the boards
    (rows x0, y0, x1, y1) less the blocking rectangles (each with a
    positive area, meeting the boards' span in x), cut into vertical strips
    at every x of a board or a rectangle within that span (`cuts`,
    ascending: numpy's sort, worked out by obstacles._free_space_data; a
    sort compiled here would cost this kernel megabytes of machine code),
    its parts, and the corners of its rings. Coordinates are only ever
    copied, never computed.

    Returns slab_start (each slab's first strip), the strips' y0, y1 and
    part (by slab, then y), the number of parts (numbered by their
    lowest-left point), and the corners: x, y, the direction of the edge
    coming in and of the one going out (0 east, 1 north, 2 west, 3 south),
    the index of the corner before and after along the ring (-1: none
    found, which never happens on a valid set), and the part (corners
    ordered by x, y, incoming direction)."""
    nb = boards.shape[0]
    nr = rects.shape[0]
    m = len(cuts) - 1  # slabs: cuts[k] .. cuts[k + 1]
    bx0 = cuts[0]
    bx1 = cuts[m]
    # the rectangles by the slab they start in (a counting sort), then
    # swept slab by slab: those over the slab kept in order of y0
    ri0 = np.zeros(nr, dtype=np.int64)
    ri1 = np.zeros(nr, dtype=np.int64)
    sstart = np.zeros(m + 2, dtype=np.int64)
    for i in range(nr):
        ri0[i] = np.searchsorted(cuts, max(rects[i, 0], bx0))
        ri1[i] = np.searchsorted(cuts, min(rects[i, 2], bx1))
        sstart[ri0[i] + 1] += 1
    for k in range(m + 1):
        sstart[k + 1] += sstart[k]
    by_start = np.empty(nr, dtype=np.int64)
    fill = sstart.copy()
    for i in range(nr):
        by_start[fill[ri0[i]]] = i
        fill[ri0[i]] += 1
    active = np.empty(nr, dtype=np.int64)
    na = 0
    # per slab: the boards over it united (touching ones join), less the
    # blocking intervals (closed: what a wall's face touches stays free;
    # nothing of zero width is kept)
    cap = 2 * nr + 2 * m + 16
    sy0 = np.empty(cap)
    sy1 = np.empty(cap)
    slab_start = np.zeros(m + 1, dtype=np.int64)
    clo = np.empty(nb)
    chi = np.empty(nb)
    s = 0
    for k in range(m):
        slab_start[k] = s
        w = 0
        for t in range(na):
            if ri1[active[t]] > k:
                active[w] = active[t]
                w += 1
        na = w
        for u in range(sstart[k], sstart[k + 1]):
            i = by_start[u]
            y = rects[i, 1]
            p = na
            while p > 0 and rects[active[p - 1], 1] > y:
                active[p] = active[p - 1]
                p -= 1
            active[p] = i
            na += 1
        nc = 0
        for i in range(nb):
            if boards[i, 0] <= cuts[k] and boards[i, 2] >= cuts[k + 1] and boards[i, 3] > boards[i, 1]:
                # insertion by y0
                j = nc
                while j > 0 and clo[j - 1] > boards[i, 1]:
                    clo[j] = clo[j - 1]
                    chi[j] = chi[j - 1]
                    j -= 1
                clo[j] = boards[i, 1]
                chi[j] = boards[i, 3]
                nc += 1
        if nc == 0:
            continue
        if s + na + nc + 1 > cap:
            cap = 2 * cap + na + nc
            grown0 = np.empty(cap)
            grown1 = np.empty(cap)
            grown0[:s] = sy0[:s]
            grown1[:s] = sy1[:s]
            sy0 = grown0
            sy1 = grown1
        c = 0
        while c < nc:
            c0 = clo[c]
            c1 = chi[c]
            c += 1
            while c < nc and clo[c] <= c1:
                c1 = max(c1, chi[c])
                c += 1
            y = c0
            for t in range(na):
                b0 = rects[active[t], 1]
                b1 = rects[active[t], 3]
                if b1 <= y:
                    continue
                if b0 >= c1:
                    break
                if b0 > y:
                    sy0[s] = y
                    sy1[s] = b0
                    s += 1
                y = b1
                if y >= c1:
                    break
            if y < c1:
                sy0[s] = y
                sy1[s] = c1
                s += 1
    slab_start[m] = s
    # parts: strips of neighbouring slabs overlapping by a positive length
    parent = np.arange(s)
    for k in range(m - 1):
        i = slab_start[k]
        ie = slab_start[k + 1]
        j = slab_start[k + 1]
        je = slab_start[k + 2]
        while i < ie and j < je:
            if min(sy1[i], sy1[j]) - max(sy0[i], sy0[j]) > 0.0:
                a = i
                while parent[a] != a:
                    parent[a] = parent[parent[a]]
                    a = parent[a]
                b = j
                while parent[b] != b:
                    parent[b] = parent[parent[b]]
                    b = parent[b]
                if a != b:
                    if a < b:
                        parent[b] = a
                    else:
                        parent[a] = b
            if sy1[i] < sy1[j]:
                i += 1
            elif sy1[j] < sy1[i]:
                j += 1
            else:
                i += 1
                j += 1
    part = np.empty(s, dtype=np.int64)
    label = np.full(s, -1, dtype=np.int64)
    parts = 0
    for q in range(s):
        a = q
        while parent[a] != a:
            a = parent[a]
        if label[a] < 0:
            label[a] = parts
            parts += 1
        part[q] = label[a]
    # corners, cut by cut: the four quadrants round each strip end on a
    # cut. The rings are linked on the way: along a cut the edge going up
    # (down) that is open, along each strip's bottom (top) the corner its
    # edge started at (ends at), carried on from slab to slab
    ccap = 4 * s + 4  # at most one corner per strip end
    cx = np.empty(ccap)
    cy = np.empty(ccap)
    cin = np.empty(ccap, dtype=np.int8)
    cout = np.empty(ccap, dtype=np.int8)
    cpart = np.empty(ccap, dtype=np.int64)
    nxt = np.full(ccap, -1, dtype=np.int64)
    east_from = np.full(s, -1, dtype=np.int64)  # the corner a strip's bottom edge (going east) came from
    west_to = np.full(s, -1, dtype=np.int64)    # the corner a strip's top edge (going west) goes to
    nco = 0
    for j in range(m + 1):
        x = cuts[j]
        l0 = slab_start[j - 1] if j >= 1 else 0
        le = slab_start[j] if j >= 1 else 0
        r0 = slab_start[j] if j < m else 0
        re = slab_start[j + 1] if j < m else 0
        up = -1    # the corner the edge going north on this cut came from
        down = -1  # the corner the edge going south on this cut goes to
        # every strip end on this cut, ascending (each side's ends ascend)
        pl = l0
        pr = r0
        el = 0
        er = 0
        nl = 2 * (le - l0)
        nr2 = 2 * (re - r0)
        while el < nl or er < nr2:
            yl = np.inf
            if el < nl:
                yl = sy0[l0 + el // 2] if el % 2 == 0 else sy1[l0 + el // 2]
            yr = np.inf
            if er < nr2:
                yr = sy0[r0 + er // 2] if er % 2 == 0 else sy1[r0 + er // 2]
            y = min(yl, yr)
            if yl == y:
                el += 1
            if yr == y:
                er += 1
            while pl < le and sy1[pl] < y:
                pl += 1
            while pr < re and sy1[pr] < y:
                pr += 1
            inl = pl < le and sy0[pl] <= y
            inr = pr < re and sy0[pr] <= y
            nw = inl and y < sy1[pl]
            sw = inl and sy0[pl] < y
            ne = inr and y < sy1[pr]
            se = inr and sy0[pr] < y
            free = int(ne) + int(nw) + int(sw) + int(se)
            first = nco
            if free == 2 and ne == sw:
                # two free quadrants facing across the point (pieces meeting
                # corner to corner), two corners there, as the polygon's
                # rings pass it: of two parts, a convex corner of each
                # quadrant; of one part, each ring hugs a blocked quadrant
                # (rings never touch themselves), a reflex turn round it.
                # In order of the incoming direction.
                a = part[pl]
                b = part[pr]
                if sw:
                    if a != b:
                        i0, o0, i1, o1 = 1, 2, 3, 0
                    else:
                        i0, o0, i1, o1 = 1, 0, 3, 2
                else:
                    if a != b:
                        i0, o0, i1, o1 = 0, 1, 2, 3
                    else:
                        i0, o0, i1, o1 = 0, 3, 2, 1
                cx[nco], cy[nco], cin[nco], cout[nco] = x, y, i0, o0
                cx[nco + 1], cy[nco + 1], cin[nco + 1], cout[nco + 1] = x, y, i1, o1
                # the part: the quadrant the edge coming in has on its left
                cpart[nco] = a if i0 <= 1 else b
                cpart[nco + 1] = a if i1 <= 1 else b
                nco += 2
            elif free == 1 or free == 3:
                di = -1
                do = -1
                if ne != se:
                    if ne:
                        do = 0
                    else:
                        di = 2
                if ne != nw:
                    if nw:
                        do = 1
                    else:
                        di = 3
                if nw != sw:
                    if sw:
                        do = 2
                    else:
                        di = 0
                if sw != se:
                    if se:
                        do = 3
                    else:
                        di = 1
                cx[nco] = x
                cy[nco] = y
                cin[nco] = di
                cout[nco] = do
                cpart[nco] = part[pl] if (nw or sw) else part[pr]
                nco += 1
            elif nw and ne and not sw and not se:
                east_from[pr] = east_from[pl]  # a bottom edge running on
            elif sw and se and not nw and not ne:
                west_to[pr] = west_to[pl]      # a top edge running on
            # link the corners made here: first the edges that end or
            # start here coming from below and from the west...
            for q in range(first, nco):
                if cin[q] == 1 and up >= 0:
                    nxt[up] = q
                if cout[q] == 3:
                    nxt[q] = down
                if cin[q] == 0 and east_from[pl] >= 0:
                    nxt[east_from[pl]] = q
                if cout[q] == 2:
                    nxt[q] = west_to[pl]
            # ...then those leaving upwards and eastwards
            for q in range(first, nco):
                if cout[q] == 1:
                    up = q
                if cin[q] == 3:
                    down = q
                if cout[q] == 0:
                    east_from[pr] = q
                if cin[q] == 2:
                    west_to[pr] = q
    nxt = nxt[:nco]
    prv = np.full(nco, -1, dtype=np.int64)
    for q in range(nco):
        if nxt[q] >= 0:
            prv[nxt[q]] = q
    return (slab_start, sy0[:s].copy(), sy1[:s].copy(), part, parts,
            cx[:nco].copy(), cy[:nco].copy(), cin[:nco].copy(), cout[:nco].copy(), prv, nxt, cpart[:nco].copy())
