"""Compiled kernels of the longest sight line (rules/longest.py) and its rays
(sight._ray_free_length through segments.SortedRects.first_entry), in a
module of their own so that a change here does not recompile the kernels of
rules/_compiled.py. Imported only by rules/kernels.py on its loader thread
(it imports numba). Each kernel is the same test, with the same
floating-point steps, as the numpy or compiled one it stands in for; the
tests compare them (tests/unit/test_fast_paths.py)."""
from __future__ import annotations

import numpy as np
from numba import njit

# The helpers it shares with rules/_compiled.py, written here too: a kernel
# must not call a function from another file, or numba's disk cache keeps
# the old machine code when that file changes (rules/kernels.py; the test
# holds the copies identical).

@njit(cache=True, nogil=True)
def _slab(px, py, dx, dy, x0, y0, x1, y1, lo, hi, closed):
    # _compiled._slab, copied: the stretch [lo, hi] of p + t d inside the box
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
def _cell(v, origin, size, count):
    # _compiled._cell, copied: a coordinate's grid cell, clamped to the grid
    c = int(np.floor((v - origin) / size))
    return min(max(c, 0), count - 1)


@njit(cache=True, nogil=True)
def first_entry_grid(p, end, u, t_out, rects, cell_start, cell_rects, gx0, gy0, size, nx, ny, graze, pad):
    """_compiled.first_entry with the rectangles found through the grid of
    segments._Grid: a ray p[k] + t u[k] up to end[k] looks at the cells its
    stretch of each column of cells crosses (grown by pad, as
    _compiled.blocked_grid), column by column from p onwards, and stops once
    the entry found lies more than pad before the far side of the columns
    looked at: a rectangle entered sooner holds the entry point in its box,
    and that point's cell has been looked at. Each rectangle looked at gets
    first_entry's slab test, and the least entry is kept: the same answers
    (the least of the same set)."""
    n = p.shape[0]
    best = t_out.copy()
    for k in range(n):
        px = p[k, 0]
        py = p[k, 1]
        ux = u[k, 0]
        uy = u[k, 1]
        ex = end[k, 0]
        ey = end[k, 1]
        sx0 = min(px, ex)
        sx1 = max(px, ex)
        sy0 = min(py, ey)
        sy1 = max(py, ey)
        dx = ex - px
        dy = ey - py
        c0 = _cell(sx0 - pad, gx0, size, nx)
        c1 = _cell(sx1 + pad, gx0, size, nx)
        step = 1
        first = c0
        last = c1
        if dx < 0.0:
            step = -1
            first = c1
            last = c0
        c = first
        b = best[k]
        while True:
            if dx == 0.0:
                ya = sy0
                yb = sy1
            else:
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
                    lo, hi = _slab(px, py, ux, uy, x0, y0, x1, y1, 0.0, np.inf, False)
                    if hi - lo > graze:
                        b = min(b, max(lo, 0.0))
            if c == last:
                break
            # the entry found lies well inside the columns looked at: every
            # rectangle entered sooner has been looked at
            if b < t_out[k]:
                xb_ = px + b * ux
                if step > 0 and xb_ <= gx0 + (c + 1) * size - pad:
                    break
                if step < 0 and xb_ >= gx0 + c * size + pad:
                    break
            c += step
        best[k] = b
    return best


@njit(cache=True, nogil=True)
def _pick_runs(run_lo, run_hi, total, bound, nx, ny, rho, pi, pj, alive, floor, boxes, use_boxes, xy, status,
               tested, valid_from, chg, chg_epoch, pad, use_status, now):
    """pick_known's passes (its docstring says what they test) over the
    pairs of the runs [run_lo[r], run_hi[r]) (total pairs in all), one run
    after the other: the candidates in that order, with whether each is
    known clear. pick_known is one run of the whole table, pick_cells the
    runs of the cells it reads and the pairs added since. Written once for
    both (each run's fields taken as slices and read from place 0: the
    first look stays vector instructions, where pairs read at k0 + k took
    ~1.5x as long; a helper called a pair, which passes its arrays, took
    ~3x; pick_cells calling a helper a run, with the first look a branch a
    box, took ~1.3x)."""
    keep = np.zeros(total, dtype=np.int8)
    nq = boxes.shape[0]
    bb = np.empty(((nq + 3) // 4 * 4, 4), dtype=np.float32)
    for q in range(bb.shape[0]):
        if q < nq:
            bb[q, :] = boxes[q, :]
        else:
            bb[q, 0] = 0.0
            bb[q, 1] = 0.0
            bb[q, 2] = -1.0
            bb[q, 3] = -1.0
    at = 0
    for r in range(run_lo.shape[0]):
        k0 = run_lo[r]
        m = run_hi[r] - k0
        kp = keep[at:at + m]
        bd = bound[k0:k0 + m]
        nxr = nx[k0:k0 + m]
        nyr = ny[k0:k0 + m]
        rhor = rho[k0:k0 + m]
        if use_boxes:
            # four boxes at a time in one loop over the pairs (boxes past the
            # last never met: a negative half size), so that the table's lines
            # are read from memory once for each four boxes, not once a box
            # (8 boards' lines are 16 MB; an edit changes two or three boxes)
            for q0 in range(0, nq, 4):
                cx0, cy0, hw0, hh0 = bb[q0, 0], bb[q0, 1], bb[q0, 2], bb[q0, 3]
                cx1, cy1, hw1, hh1 = bb[q0 + 1, 0], bb[q0 + 1, 1], bb[q0 + 1, 2], bb[q0 + 1, 3]
                cx2, cy2, hw2, hh2 = bb[q0 + 2, 0], bb[q0 + 2, 1], bb[q0 + 2, 2], bb[q0 + 2, 3]
                cx3, cy3, hw3, hh3 = bb[q0 + 3, 0], bb[q0 + 3, 1], bb[q0 + 3, 2], bb[q0 + 3, 3]
                if nq - q0 <= 2:
                    # two boxes or one left (an edit's usual two): half the work
                    for k in range(m):
                        a = nxr[k]
                        b = nyr[k]
                        rr = rhor[k]
                        aa = abs(a)
                        ab = abs(b)
                        met = ((abs(a * cx0 + b * cy0 - rr) <= aa * hw0 + ab * hh0)
                               | (abs(a * cx1 + b * cy1 - rr) <= aa * hw1 + ab * hh1))
                        kp[k] |= np.int8(met & (bd[k] > floor))
                    continue
                for k in range(m):
                    a = nxr[k]
                    b = nyr[k]
                    rr = rhor[k]
                    aa = abs(a)
                    ab = abs(b)
                    met = ((abs(a * cx0 + b * cy0 - rr) <= aa * hw0 + ab * hh0)
                           | (abs(a * cx1 + b * cy1 - rr) <= aa * hw1 + ab * hh1)
                           | (abs(a * cx2 + b * cy2 - rr) <= aa * hw2 + ab * hh2)
                           | (abs(a * cx3 + b * cy3 - rr) <= aa * hw3 + ab * hh3))
                    kp[k] |= np.int8(met & (bd[k] > floor))
        else:
            for k in range(m):
                kp[k] = np.int8(bd[k] > floor)
        at += m
    # then only the candidates looked at further (no list of their places:
    # on a first search most pairs are candidates, and such a list was the
    # process's peak memory)
    count = 0
    at = 0
    for r in range(run_lo.shape[0]):
        k0 = run_lo[r]
        m = run_hi[r] - k0
        kp = keep[at:at + m]
        pir = pi[k0:k0 + m]
        pjr = pj[k0:k0 + m]
        sts = status[k0:k0 + m]
        tss = tested[k0:k0 + m]
        for k in range(m):
            if kp[k] == 0:
                continue
            kp[k] = 0
            i = pir[k]
            j = pjr[k]
            if not (alive[i] and alive[j]):
                continue
            st = 0
            if use_status and sts[k] != 0 and tss[k] >= valid_from:
                st = sts[k]
                px = xy[i, 0]
                py = xy[i, 1]
                qx = xy[j, 0]
                qy = xy[j, 1]
                dx = qx - px
                dy = qy - py
                sx0 = min(px, qx)
                sx1 = max(px, qx)
                sy0 = min(py, qy)
                sy1 = max(py, qy)
                # the boxes come in the order of their epochs: from the newest
                # back, and none older than the answer (most answers are dated
                # at the last edit: one or two boxes, not every box kept)
                for q in range(chg.shape[0] - 1, -1, -1):
                    if chg_epoch[q] <= tss[k]:
                        break
                    x0 = chg[q, 0] - pad
                    y0 = chg[q, 1] - pad
                    x1 = chg[q, 2] + pad
                    y1 = chg[q, 3] + pad
                    if not (sx0 <= x1 and sx1 >= x0 and sy0 <= y1 and sy1 >= y0):
                        continue
                    lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, True)
                    if lo <= hi:
                        st = 0
                        break
                if st != 0 and now >= 0:
                    tss[k] = now
            if st == 2:
                continue
            kp[k] = 1 + st  # 1: to be tested, 2: known clear
            count += 1
        at += m
    out = np.empty(count, dtype=np.int32)
    clear = np.empty(count, dtype=np.bool_)
    c = 0
    at = 0
    for r in range(run_lo.shape[0]):
        k0 = run_lo[r]
        m = run_hi[r] - k0
        kp = keep[at:at + m]
        for k in range(m):
            if kp[k]:
                out[c] = k0 + k
                clear[c] = kp[k] == 2
                c += 1
        at += m
    return out, clear


@njit(cache=True, nogil=True)
def pick_known(bound, nx, ny, rho, pi, pj, alive, floor, boxes, use_boxes, xy, status, tested, valid_from,
               chg, chg_epoch, pad, use_status, now):
    """_compiled.pick_pairs and _PairTable.known in one pass: the candidate
    pairs (bound beats floor, line meets a box when use_boxes, both corners
    alive) with, when use_status, each pair's answer that still stands
    (status set at an epoch >= valid_from, and its segment xy[pi] -> xy[pj]
    meeting none of the boxes chg (grown by pad) changed at a later epoch:
    _compiled.meet_newer's test; chg_epoch in increasing order). Pairs known to be blocked are left out
    (they can give no line); returns the others' indices and, for each,
    1 when it is known to be clear, 0 when it must be tested.

    The pairs' lines come as three arrays (unit normal x, y and offset:
    the table keeps them column by column), and the first look (bound and
    boxes) is a loop of its own per box over every pair with no branch in
    it, which the compiler turns into vector instructions: on 8 boards
    (1.35 million pairs) 9 -> 1.6 ms, the same single-precision steps.

    An answer found still standing is dated now (tested[k] = now, when now
    >= 0): it stands at epoch now, so the next edit asks it only of the
    boxes changed after now, not again of every box changed since it was
    found (on 8 boards, after a few edits, up to 16 epochs' boxes for each
    of 25,000 candidates: most of an edit's pick)."""
    n = bound.shape[0]
    return _pick_runs(np.zeros(1, dtype=np.int64), np.full(1, n, dtype=np.int64), n, bound, nx, ny, rho, pi, pj,
                      alive, floor, boxes, use_boxes, xy, status, tested, valid_from, chg, chg_epoch, pad, use_status,
                      now)


@njit(cache=True, nogil=True)
def _blocked_one(px, py, qx, qy, rects, cell_start, cell_rects, gx0, gy0, size, nx, ny, graze, pad):
    # _compiled.blocked_grid for one segment p -> q, the same steps
    return _blocker(px, py, qx, qy, rects, cell_start, cell_rects, gx0, gy0, size, nx, ny, graze, pad) >= 0


# How far (mm) the quick chord of _enters may be from the exact one: the
# quotients by multiplication with 1 / dx (within 3 units in the last place
# of numbers up to 1, against the division's) times a length up to some
# thousands of mm, and sqrt for hypot, are some 1e-11 mm off at most.
QUICK_CHORD_MM = 1e-10


@njit(cache=True, nogil=True)
def _enters(px, py, dx, dy, rdx, rdy, quick_len, x0, y0, x1, y1, graze):
    # whether the segment p -> p + (dx, dy) passes into the box by more than
    # graze: _slab's stretch (open box, t in [0, 1]) times the segment's
    # length, as blocked_grid asks it. First quickly, by multiplying with
    # the reciprocals rdx = 1 / dx, rdy = 1 / dy and with quick_len (sqrt,
    # not hypot): where that chord is more than QUICK_CHORD_MM from graze
    # the exact one lies on the same side; else the exact steps decide
    lo = 0.0
    hi = 1.0
    if dx == 0.0:
        if not (x0 < px < x1):
            return False
    else:
        t0 = (x0 - px) * rdx
        t1 = (x1 - px) * rdx
        lo = max(lo, min(t0, t1))
        hi = min(hi, max(t0, t1))
    if dy == 0.0:
        if not (y0 < py < y1):
            return False
    else:
        t0 = (y0 - py) * rdy
        t1 = (y1 - py) * rdy
        lo = max(lo, min(t0, t1))
        hi = min(hi, max(t0, t1))
    chord = (hi - lo) * quick_len
    if chord > graze + QUICK_CHORD_MM:
        return True
    if chord < graze - QUICK_CHORD_MM:
        return False
    lo, hi = _slab(px, py, dx, dy, x0, y0, x1, y1, 0.0, 1.0, False)
    return (hi - lo) * np.hypot(dx, dy) > graze


@njit(cache=True, nogil=True)
def _passes_into(px, py, qx, qy, rects, i, graze):
    # the test _blocker makes of one rectangle i: the segment p -> q passes
    # into it by more than graze (the same answer: _enters)
    dx = qx - px
    dy = qy - py
    x0 = rects[i, 0]
    y0 = rects[i, 1]
    x1 = rects[i, 2]
    y1 = rects[i, 3]
    if x1 < min(px, qx) or x0 > max(px, qx) or y1 < min(py, qy) or y0 > max(py, qy):
        return False
    rdx = 1.0 / dx if dx != 0.0 else 0.0
    rdy = 1.0 / dy if dy != 0.0 else 0.0
    return _enters(px, py, dx, dy, rdx, rdy, np.sqrt(dx * dx + dy * dy), x0, y0, x1, y1, graze)


@njit(cache=True, nogil=True)
def _blocker(px, py, qx, qy, rects, cell_start, cell_rects, gx0, gy0, size, nx, ny, graze, pad):
    # _blocked_one, naming the first rectangle found that blocks (-1: none);
    # each rectangle's test is _enters (blocked_grid's answer, quicker)
    dx = qx - px
    dy = qy - py
    sx0 = min(px, qx)
    sx1 = max(px, qx)
    sy0 = min(py, qy)
    sy1 = max(py, qy)
    rdx = 1.0 / dx if dx != 0.0 else 0.0
    rdy = 1.0 / dy if dy != 0.0 else 0.0
    quick_len = np.sqrt(dx * dx + dy * dy)
    c0 = _cell(sx0 - pad, gx0, size, nx)
    c1 = _cell(sx1 + pad, gx0, size, nx)
    # the columns from p's on (the strip found first is then one near p:
    # the one test_round keeps for p's corner)
    for cc in range(c0, c1 + 1):
        c = cc if dx >= 0.0 else c0 + c1 - cc
        if dx == 0.0:
            ya = sy0
            yb = sy1
        else:
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
                if _enters(px, py, dx, dy, rdx, rdy, quick_len, x0, y0, x1, y1, graze):
                    return i
    return -1


@njit(cache=True, nogil=True)
def pairs_blocked(xy, pi, pj, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny,
                  hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad):
    """Battlefield.clear's compiled test (before its face-to-face test) for
    the corner pairs pi[k] -> pj[k] of xy, both strip sets through their
    grids: vertical segments (|dx| <= 1e-12) against the horizontal strips,
    the others against the vertical ones; True where blocked. Returns also
    which clear ones lie along an axis (those the face-to-face test looks
    at: Battlefield._unsqueezed)."""
    n = pi.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    flat = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        px = xy[pi[k], 0]
        py = xy[pi[k], 1]
        qx = xy[pj[k], 0]
        qy = xy[pj[k], 1]
        dx = qx - px
        dy = qy - py
        if abs(dx) <= 1e-12:
            hit = _blocked_one(px, py, qx, qy, hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad)
        else:
            hit = _blocked_one(px, py, qx, qy, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny, graze, pad)
        out[k] = hit
        if not hit and (abs(dx) <= 1e-12 or abs(dy) <= 1e-12) and max(abs(dx), abs(dy)) > 0:
            flat[k] = True
    return out, flat


@njit(cache=True, nogil=True)
def _leaves_quick(w0, w1, w2, w3, kind, dx, dy, slack, bound_len, dx_, dy_):
    # _compiled._leaves for one corner and one direction with tol = -slack *
    # hypot(dx_, dy_): each side's test decided on the cross product where
    # its sign or a length above hypot (|dx| + |dy|) settles it, hypot
    # computed only where neither does (the same decisions)
    c1 = w0 * dy - w1 * dx
    c2 = dx * w3 - dy * w2
    if kind == 0.0:
        return True
    s1 = True
    if c1 < 0.0:
        if c1 < -slack * bound_len:
            s1 = False
        else:
            s1 = c1 >= -slack * np.hypot(dx_, dy_)
    if kind == 3.0:
        return s1
    s2 = True
    if c2 < 0.0:
        if c2 < -slack * bound_len:
            s2 = False
        else:
            s2 = c2 >= -slack * np.hypot(dx_, dy_)
    if kind == 1.0:
        return s1 and s2
    if kind == 2.0:
        return s1 or s2
    return True


@njit(cache=True, nogil=True)
def _wedge_sides(c1, c2, kind_or, kind_one, kind_all, tol):
    # _leaves_quick's decision on cross products alone, with the tolerance
    # tol (no branch: vector instructions): the wedge's sides s1 (c1 >=
    # tol), s2 (c2 >= tol), combined by the wedge's kind as _leaves_quick
    # combines them (narrower: both; wider (kind_or): either; a half turn
    # (kind_one): s1; a full turn (kind_all): yes)
    s1 = c1 >= tol
    s2 = c2 >= tol
    return (s1 & (s2 | kind_or | kind_one)) | (kind_or & s2) | kind_all


@njit(cache=True, nogil=True)
def _row_looks(xi, yi, wi0, wi1, wi2, wi3, fi_or, fi_one, fi_all, ex, ey, w0, w1, w2, w3, f_or, f_one, f_all,
               lo, hi, slack, look):
    # the first look at pairs (i, every[b]) for b in [lo, hi): look[b] = 2
    # when both wedge tests pass whatever the pair's length (each cross
    # product >= 0 where it must be), 1 when they might (each >= -slack
    # (|dx| + |dy|), no less than -slack * length), 0 when they fail; and
    # 1 where the length is so short that it must be asked (1.5e-9 >= |dx|
    # + |dy|: the length may be below 1e-9). No branch, contiguous arrays
    # (the corners gathered in every's order): vector instructions
    for b in range(lo, hi):
        dx = ex[b] - xi
        dy = ey[b] - yi
        big = abs(dx) + abs(dy)
        tol = -slack * big
        sup = (_wedge_sides(wi0 * dy - wi1 * dx, dx * wi3 - dy * wi2, fi_or, fi_one, fi_all, tol)
               & _wedge_sides(w0[b] * (-dy) - w1[b] * (-dx), (-dx) * w3[b] - (-dy) * w2[b],
                              f_or[b], f_one[b], f_all[b], tol))
        sub = (_wedge_sides(wi0 * dy - wi1 * dx, dx * wi3 - dy * wi2, fi_or, fi_one, fi_all, 0.0)
               & _wedge_sides(w0[b] * (-dy) - w1[b] * (-dx), (-dx) * w3[b] - (-dy) * w2[b],
                              f_or[b], f_one[b], f_all[b], 0.0))
        look[b] = np.uint8(sup & (big > 1e-9)) + np.uint8(sub & (big > 1.5e-9))


@njit(cache=True, nogil=True)
def table_pairs(xy, wedge, new, every, base, x0, y0, x1, y1, slack, oi, oj, ob, ol, count_only, kept):
    """_compiled.table_pairs (the longest line's pair table: the same pairs,
    order and floating-point steps), with each wedge test decided without
    the pair's length where the cross products' signs settle it (most
    pairs: a corner faces away from most others). kept: a bit for each
    (new, every) pair, set by the counting pass where the pair is kept and
    read by the writing pass, which then skips the tests.

    The counting pass first looks at a new corner's pairs in a loop of its
    own with no branch (_row_looks: the corners gathered into contiguous
    arrays in every's order, vector instructions), deciding every pair
    whose cross products' signs settle it; _leaves_quick and the length
    are asked only of the few it cannot (within slack of a wedge's edge).
    The pairs left out (a new corner with a new one not after it) are a
    stretch of every (ascending): skipped, not looked at."""
    total = 0
    nb = every.shape[0]
    n_old = np.searchsorted(every, base)
    ex = np.empty(nb)
    ey = np.empty(nb)
    w0 = np.empty(nb)
    w1 = np.empty(nb)
    w2 = np.empty(nb)
    w3 = np.empty(nb)
    f_or = np.empty(nb, dtype=np.bool_)
    f_one = np.empty(nb, dtype=np.bool_)
    f_all = np.empty(nb, dtype=np.bool_)
    for b in range(nb):
        j = every[b]
        ex[b] = xy[j, 0]
        ey[b] = xy[j, 1]
        w0[b] = wedge[j, 0]
        w1[b] = wedge[j, 1]
        w2[b] = wedge[j, 2]
        w3[b] = wedge[j, 3]
        f_or[b] = wedge[j, 4] == 2.0
        f_one[b] = wedge[j, 4] == 3.0
        f_all[b] = not (wedge[j, 4] == 1.0 or wedge[j, 4] == 2.0 or wedge[j, 4] == 3.0)
    look = np.zeros(nb, dtype=np.uint8)
    row_b = np.empty(nb, dtype=np.int64)
    for a in range(new.shape[0]):
        i = new[a]
        xi = xy[i, 0]
        yi = xy[i, 1]
        # the pairs kept: j < base (every's first n_old) or i < j (from after on)
        after = max(np.searchsorted(every, i, side="right"), n_old)
        if count_only:
            ki = wedge[i, 4]
            fi_or = ki == 2.0
            fi_one = ki == 3.0
            fi_all = not (ki == 1.0 or ki == 2.0 or ki == 3.0)
            for lo, hi in ((0, n_old), (after, nb)):
                _row_looks(xi, yi, wedge[i, 0], wedge[i, 1], wedge[i, 2], wedge[i, 3], fi_or, fi_one, fi_all,
                           ex, ey, w0, w1, w2, w3, f_or, f_one, f_all, lo, hi, slack, look)
                for b in range(lo, hi):
                    lk = look[b]
                    if lk == 0:
                        continue
                    if lk == 1:
                        # not settled by the signs (few): _leaves_quick and the length
                        j = every[b]
                        dx = xy[j, 0] - xi
                        dy = xy[j, 1] - yi
                        big = abs(dx) + abs(dy)
                        if not big > 1e-9:
                            continue
                        if not _leaves_quick(wedge[i, 0], wedge[i, 1], wedge[i, 2], wedge[i, 3], wedge[i, 4],
                                             dx, dy, slack, big, dx, dy):
                            continue
                        if not _leaves_quick(wedge[j, 0], wedge[j, 1], wedge[j, 2], wedge[j, 3], wedge[j, 4],
                                             -dx, -dy, slack, big, dx, dy):
                            continue
                        if not np.hypot(dx, dy) > 1e-9:
                            continue
                    bit = a * nb + b
                    kept[bit >> 3] |= np.uint8(1 << (bit & 7))
                    total += 1
            continue
        # the writing pass: the pairs the counting pass kept (their bits: their
        # tests passed and are not made again), gathered with no branch
        m = 0
        for lo, hi in ((0, n_old), (after, nb)):
            for b in range(lo, hi):
                bit = a * nb + b
                row_b[m] = b
                m += (kept[bit >> 3] >> (bit & 7)) & 1
        for t in range(m):
            b = row_b[t]
            j = every[b]
            dx = xy[j, 0] - xi
            dy = xy[j, 1] - yi
            length = np.hypot(dx, dy)
            ux = dx / length
            uy = dy / length
            lo_t = -np.inf
            hi_t = np.inf
            if ux != 0.0:
                ta = (x0 - xi) / ux
                tb = (x1 - xi) / ux
                lo_t = max(lo_t, min(ta, tb))
                hi_t = min(hi_t, max(ta, tb))
            if uy != 0.0:
                ta = (y0 - yi) / uy
                tb = (y1 - yi) / uy
                lo_t = max(lo_t, min(ta, tb))
                hi_t = min(hi_t, max(ta, tb))
            oi[total] = i
            oj[total] = j
            ob[total] = np.float32(hi_t - lo_t + 0.01)
            nx = -uy
            ol[0, total] = np.float32(nx)
            ol[1, total] = np.float32(ux)
            ol[2, total] = np.float32(nx * xi + ux * yi)
            total += 1
    return total


@njit(cache=True, nogil=True)
def test_round(order, s0, s1, bound, sel, limit, known_clear, pi, pj, xy, status, tested, now, remember,
               vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny,
               hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad, last):
    """One round of longest._search_longest: of the candidates order[s0:s1]
    (places in sel, the pair table's indices) those whose bound beats
    limit, the clear ones: known clear, or tested now as pairs_blocked
    tests them (answers written to status and tested when remember).
    Returns the clear pairs' table indices in the round's order, and
    apart the pairs clear but along an axis, not yet written: the caller
    gives them Battlefield's face-to-face test and writes their answers.

    last: for each corner, a vertical strip that blocked a segment of it
    lately (-1: none), read and written here. A segment not along the y
    axis is first tested against its two corners' strips: most pairs of a
    dense layout are blocked, and nearly always by a strip that blocked the
    corner's pair before (a corner's pairs come together in the table's
    order; 93 % of 8 boards' blocked pairs). pairs_blocked's answer is
    whether ANY strip passes _passes_into's test (the grid only finds them
    sooner: every strip a segment passes into lies in a cell it walks), so
    a strip that passes it settles "blocked" with the same answer, in one
    test instead of a walk of the grid."""
    m = s1 - s0
    clear = np.empty(m, dtype=np.int64)
    flat = np.empty(m, dtype=np.int64)
    nc = 0
    nf = 0
    for p in range(s0, s1):
        c = order[p]
        if not bound[c] > limit:
            continue
        k = sel[c]
        if known_clear[c]:
            clear[nc] = k
            nc += 1
            continue
        i = pi[k]
        j = pj[k]
        px = xy[i, 0]
        py = xy[i, 1]
        qx = xy[j, 0]
        qy = xy[j, 1]
        dx = qx - px
        dy = qy - py
        if abs(dx) <= 1e-12:
            hit = _blocked_one(px, py, qx, qy, hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad)
        else:
            r = last[i]
            hit = r >= 0 and _passes_into(px, py, qx, qy, vrects, r, graze)
            if not hit:
                r = last[j]
                hit = r >= 0 and _passes_into(px, py, qx, qy, vrects, r, graze)
            if hit:
                last[i] = r
                last[j] = r
            else:
                r = _blocker(px, py, qx, qy, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny, graze, pad)
                hit = r >= 0
                if hit:
                    last[i] = r
                    last[j] = r
        if not hit and (abs(dx) <= 1e-12 or abs(dy) <= 1e-12) and max(abs(dx), abs(dy)) > 0:
            flat[nf] = k
            nf += 1
            continue
        if remember:
            status[k] = 2 if hit else 1
            tested[k] = now
        if not hit:
            clear[nc] = k
            nc += 1
    return clear[:nc].copy(), flat[:nf].copy()


@njit(cache=True, nogil=True)
def _faces_on_both(c, lo, hi, al, before_key, before_rect, after_key, after_rect, rects):
    # _maybe_squeezed for one segment: a rectangle overlapping (lo, hi) along
    # axis al whose far side lies on c (within 1e-9), and one whose near side does
    ac = 1 - al
    found = False
    p = np.searchsorted(before_key, c - 1e-9 - 1e-6)
    while p < before_key.shape[0] and before_key[p] <= c + 1e-9 + 1e-6:
        r = before_rect[p]
        if abs(rects[r, ac + 2] - c) <= 1e-9 and rects[r, al] < hi and rects[r, al + 2] > lo:
            found = True
            break
        p += 1
    if not found:
        return False
    p = np.searchsorted(after_key, c - 1e-9 - 1e-6)
    while p < after_key.shape[0] and after_key[p] <= c + 1e-9 + 1e-6:
        r = after_rect[p]
        if abs(rects[r, ac] - c) <= 1e-9 and rects[r, al] < hi and rects[r, al + 2] > lo:
            return True
        p += 1
    return False


@njit(cache=True, nogil=True)
def maybe_squeezed(a, b, vfaces, vb_key, vb_rect, va_key, va_rect, hfaces, hb_key, hb_rect, ha_key, ha_rect):
    """Battlefield._maybe_squeezed for the axis-aligned segments a[k] -> b[k]
    (all of them flat): True where blocking lies on both sides of the
    segment's line along it. Vertical ones (|dx| <= 1e-12) against the
    first face set (x along c = a.x; y along the segment), the others
    against the second; each set's far and near sides on the fixed axis
    sorted (keys, rectangle numbers) so that only those near c are looked
    at: the same tests, on the same rectangles that can pass them."""
    n = a.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        if abs(b[k, 0] - a[k, 0]) <= 1e-12:
            c = a[k, 0]
            lo = min(a[k, 1], b[k, 1])
            hi = max(a[k, 1], b[k, 1])
            out[k] = _faces_on_both(c, lo, hi, 1, vb_key, vb_rect, va_key, va_rect, vfaces)
        else:
            c = a[k, 1]
            lo = min(a[k, 0], b[k, 0])
            hi = max(a[k, 0], b[k, 0])
            out[k] = _faces_on_both(c, lo, hi, 0, hb_key, hb_rect, ha_key, ha_rect, hfaces)
    return out


@njit(cache=True, nogil=True)
def _bucket_step(b, top, sc, n_buckets):
    # a bound's step (top - b) * sc in single precision, clipped to
    # [0, n_buckets] (longest._step_of takes the same steps in numpy)
    v = (top - b) * sc
    if v < 0:
        v = np.float32(0.0)
    if v > n_buckets:
        v = np.float32(n_buckets)
    return np.int64(np.uint16(v))


@njit(cache=True, nogil=True)
def bucket_order(bound, hi, scale, n_buckets):
    """longest._longest_first compiled: each bound's step (hi - bound) *
    scale in single precision, clipped to [0, n_buckets], as uint16, and
    the places ordered by step (a counting sort: stable, linear, and no
    bigger than the int32 order itself). The steps are worked out twice
    (counted, then placed), not kept: on a first search of 8 boards an
    array of them was part of the process's peak memory."""
    n = bound.shape[0]
    counts = np.zeros(n_buckets + 2, dtype=np.int64)
    top = np.float32(hi)
    sc = np.float32(scale)
    for k in range(n):
        counts[_bucket_step(bound[k], top, sc, n_buckets) + 1] += 1
    for b in range(1, n_buckets + 2):
        counts[b] += counts[b - 1]
    order = np.empty(n, dtype=np.int32)
    for k in range(n):
        s = _bucket_step(bound[k], top, sc, n_buckets)
        order[counts[s]] = k
        counts[s] += 1
    return order


# -- the pair table by its lines' places (issue 29, third round) -------------
# longest._PairTable.index: each pair's line (unit normal n, offset rho) has
# a cell of (direction, offset): its direction's "diamond angle" (1 - nx /
# (|nx| + ny) for the normal turned to ny >= 0: rising with the angle, in
# [0, 2), no arctan) in nt steps, and its offset from the table's centre o
# (rho - n . o, in [-r_half, r_half]) in nr steps. The table is kept in the
# order of the cells, so that an edit's first look reads only the cells
# whose lines can meet a changed box (pick_cells), not every pair.


@njit(cache=True, nogil=True)
def _line_cell(nx, ny, rho, ox, oy, r_half, nt, nr):
    # a line's cell (see above), in double precision from its single
    # precision values
    a = np.float64(nx)
    b = np.float64(ny)
    r = np.float64(rho)
    if b < 0.0 or (b == 0.0 and a < 0.0):
        a = -a
        b = -b
        r = -r
    d = 1.0 - a / (abs(a) + b)
    t = min(max(int(d * 0.5 * nt), 0), nt - 1)
    return t * nr + _offset_step(r - (a * ox + b * oy), r_half, nr)


@njit(cache=True, nogil=True)
def _offset_step(r, r_half, nr):
    # an offset's step, clamped to the steps there are
    v = np.floor((r + r_half) / (2.0 * r_half) * nr)
    if v < 0.0:
        return 0
    if v > nr - 1:
        return nr - 1
    return int(v)


@njit(cache=True, nogil=True)
def index_pairs(nx, ny, rho, pi, pj, bound, status, tested, ox, oy, r_half, nt, nr):
    """The table's pairs (every field, in place) put in the order of their
    lines' cells (stable: a counting sort, then each field gathered through
    one buffer); returns where each cell starts (nt * nr + 1 places,
    int64)."""
    n = nx.shape[0]
    start = np.zeros(nt * nr + 1, dtype=np.int64)
    dest = np.empty(n, dtype=np.int32)
    for k in range(n):
        c = _line_cell(nx[k], ny[k], rho[k], ox, oy, r_half, nt, nr)
        dest[k] = c
        start[c + 1] += 1
    for c in range(nt * nr):
        start[c + 1] += start[c]
    fill = start[:-1].copy()
    for k in range(n):
        c = dest[k]
        dest[k] = fill[c]
        fill[c] += 1
    # each field gathered from the pairs' old places (src: for each new
    # place, the old one), through one buffer of its size: reads at random,
    # writes in order (following the permutation's cycles instead, each
    # step of eight fields at random places: 8 boards 90 -> ~25 ms)
    src = np.empty(n, dtype=np.int32)
    for k in range(n):
        src[dest[k]] = k
    buf32 = np.empty(n, dtype=np.float32)
    for f in (nx, ny, rho, bound):
        for q in range(n):
            buf32[q] = f[src[q]]
        f[:] = buf32
    bufi = dest  # (no longer needed: its room reused)
    for g in (pi, pj, tested):
        for q in range(n):
            bufi[q] = g[src[q]]
        g[:] = bufi
    buf8 = np.empty(n, dtype=np.int8)
    for q in range(n):
        buf8[q] = status[src[q]]
    status[:] = buf8
    return start


@njit(cache=True, nogil=True)
def pick_cells(start, nt, nr, ox, oy, r_half, n_indexed, bound, nx, ny, rho, pi, pj, alive, floor, boxes,
               xy, status, tested, valid_from, chg, chg_epoch, pad, use_status, now):
    """pick_known after an edit (use_boxes) on a table whose first n_indexed
    pairs are in the order of their lines' cells (index_pairs; the pairs
    after them, added since, are looked at all): of the indexed pairs only
    those in the cells where a line can meet a box, all given pick_known's
    tests (_pick_runs, one run a cell's range and one the pairs added
    since: the same steps, the same answers). A
    cell's offsets for a box: over the cell's directions theta, the lines
    meeting the box have offsets n(theta) . (c - o) -+ (|nx| hw + |ny| hh)
    (c the box's centre, hw, hh its half sides); each bound taken at the
    cell's two edges and widened by its slope's bound (|c - o| + hw + hh)
    times half the cell's width, and by 1 mm more (the single precision of
    the pairs' lines is some 1e-3 mm off). The candidates come cell by
    cell, then the pairs added since (not in ascending order: the caller's
    order does not depend on it)."""
    n = bound.shape[0]
    nb = boxes.shape[0]
    # each direction cell's ranges of offset steps (merged across the boxes)
    lo_s = np.empty(nt * max(nb, 1), dtype=np.int64)
    hi_s = np.empty(nt * max(nb, 1), dtype=np.int64)
    count = np.zeros(nt, dtype=np.int64)
    s0 = np.empty(max(nb, 1), dtype=np.int64)
    s1 = np.empty(max(nb, 1), dtype=np.int64)
    total = n - n_indexed
    ang = np.empty(nt + 1)
    for t in range(nt + 1):
        # the directions at the cells' edges
        d = 2.0 * t / nt
        ang[t] = np.arctan2(d, 1.0 - d) if d <= 1.0 else np.arctan2(2.0 - d, 1.0 - d)
    cos_a = np.cos(ang)
    sin_a = np.sin(ang)
    for t in range(nt):
        half = 0.5 * (ang[t + 1] - ang[t])
        for q in range(nb):
            cx = np.float64(boxes[q, 0]) - ox
            cy = np.float64(boxes[q, 1]) - oy
            hw = np.float64(boxes[q, 2])
            hh = np.float64(boxes[q, 3])
            lo = np.inf
            hi = -np.inf
            for e in range(t, t + 2):
                f = cos_a[e] * cx + sin_a[e] * cy
                g = abs(cos_a[e]) * hw + abs(sin_a[e]) * hh
                lo = min(lo, f - g)
                hi = max(hi, f + g)
            slack = (np.hypot(cx, cy) + abs(hw) + abs(hh)) * half + 1.0
            s0[q] = _offset_step(lo - slack, r_half, nr)
            s1[q] = _offset_step(hi + slack, r_half, nr)
        # merged, in order of their starts (a box or two: insertion sort)
        for q in range(1, nb):
            a0 = s0[q]
            a1 = s1[q]
            p = q - 1
            while p >= 0 and s0[p] > a0:
                s0[p + 1] = s0[p]
                s1[p + 1] = s1[p]
                p -= 1
            s0[p + 1] = a0
            s1[p + 1] = a1
        m = 0
        for q in range(nb):
            if m > 0 and s0[q] <= hi_s[t * nb + m - 1] + 1:
                hi_s[t * nb + m - 1] = max(hi_s[t * nb + m - 1], s1[q])
            else:
                lo_s[t * nb + m] = s0[q]
                hi_s[t * nb + m] = s1[q]
                m += 1
        count[t] = m
        for q in range(m):
            total += start[t * nr + hi_s[t * nb + q] + 1] - start[t * nr + lo_s[t * nb + q]]
    runs = 1
    for t in range(nt):
        runs += count[t]
    run_lo = np.empty(runs, dtype=np.int64)
    run_hi = np.empty(runs, dtype=np.int64)
    r = 0
    for t in range(nt):
        for q in range(count[t]):
            run_lo[r] = start[t * nr + lo_s[t * nb + q]]
            run_hi[r] = start[t * nr + hi_s[t * nb + q] + 1]
            r += 1
    run_lo[r] = n_indexed
    run_hi[r] = n
    return _pick_runs(run_lo, run_hi, total, bound, nx, ny, rho, pi, pj, alive, floor, boxes, True, xy, status,
                      tested, valid_from, chg, chg_epoch, pad, use_status, now)


@njit(cache=True, nogil=True)
def key_slots(slots, hashes, keys, start):
    """The table's keys from corner `start` on put in `slots` (an open
    addressing table: a power of two long, -1 where empty, each key at its
    hash's low bits or the next free place after): a key the table has
    already gets the later corner (of corners with one key, the last, as
    _PairTable._lookup finds it)."""
    mask = slots.shape[0] - 1
    kbits = keys.view(np.uint64)
    for k in range(start, hashes.shape[0]):
        h = hashes[k]
        p = np.int64(h & np.uint64(mask))
        while True:
            o = slots[p]
            if o < 0:
                slots[p] = k
                break
            if hashes[o] == h:
                same = True
                for col in range(6):
                    if kbits[o, col] != kbits[k, col]:
                        same = False
                if same:
                    slots[p] = k
                    break
            p = (p + 1) & mask


@njit(cache=True, nogil=True)
def corner_keys(c, prev, nxt, slots, table_hashes, keys):
    """longest._bent_corners, the corners' keys (_PairTable.update) and
    _PairTable._lookup in one pass, the same steps: the corners where their
    ring turns (their places in c), each one's key (its place and the signs
    of its edges, -0.0 made 0.0) and the key's hash (_PairTable._hash), and
    the table's corner with that key (the last of them; -1: none), found
    through `slots` (key_slots; empty: no corner yet)."""
    n = c.shape[0]
    bent = np.empty(n, dtype=np.int64)
    m = 0
    for k in range(n):
        a0 = prev[k, 0] - c[k, 0]
        a1 = prev[k, 1] - c[k, 1]
        b0 = nxt[k, 0] - c[k, 0]
        b1 = nxt[k, 1] - c[k, 1]
        cross = a0 * b1 - a1 * b0
        dot = a0 * b0 + a1 * b1
        cross *= cross
        if cross <= 1e-24 * (a0 * a0 + a1 * a1) * (b0 * b0 + b1 * b1) and dot < 0:
            continue
        bent[m] = k
        m += 1
    bent = bent[:m]
    rows = np.empty((m, 6))
    for q in range(m):
        k = bent[q]
        rows[q, 0] = c[k, 0] + 0.0
        rows[q, 1] = c[k, 1] + 0.0
        for e in range(2):
            d = prev[k, e] - c[k, e]
            rows[q, 2 + e] = 1.0 if d > 0 else (-1.0 if d < 0 else 0.0)
            d = nxt[k, e] - c[k, e]
            rows[q, 4 + e] = 1.0 if d > 0 else (-1.0 if d < 0 else 0.0)
    bits = rows.view(np.uint64)
    hashes = np.empty(m, dtype=np.uint64)
    have = np.full(m, -1, dtype=np.int64)
    kbits = keys.view(np.uint64)
    mask = slots.shape[0] - 1
    for q in range(m):
        h = np.uint64(0x9E3779B97F4A7C15)
        for col in range(6):
            h = (h ^ bits[q, col]) * np.uint64(0x100000001B3)
            h ^= h >> np.uint64(29)
        hashes[q] = h
        if slots.shape[0] == 0:
            continue
        p = np.int64(h & np.uint64(mask))
        while True:
            o = slots[p]
            if o < 0:
                break
            if table_hashes[o] == h:
                same = True
                for col in range(6):
                    if kbits[o, col] != bits[q, col]:
                        same = False
                if same:
                    have[q] = o
                    break
            p = (p + 1) & mask
    return bent, rows, hashes, have


@njit(cache=True, nogil=True)
def fan_first_entry(px, py, u, rects, graze):
    """sight._first_entry, ray by ray, the same floating-point steps: for
    rays from (px, py) along the unit vectors u, how far each goes before it
    passes into one of the rectangles (by more than its own graze[k]), inf
    if never. Each axis's slab is cut by multiplying with 1 / u (as numpy's
    pass does, not by dividing), a ray parallel to an axis is inside the
    open slab all along or never, and the entry is the least of the
    rectangles' (the least of the same values in any order)."""
    n = u.shape[0]
    m = rects.shape[0]
    out = np.full(n, np.inf)
    for k in range(n):
        ux = u[k, 0]
        uy = u[k, 1]
        g = graze[k]
        ix = 1.0 / ux if ux != 0.0 else 1.0
        iy = 1.0 / uy if uy != 0.0 else 1.0
        first = np.inf
        for r in range(m):
            d0 = rects[r, 0] - px
            d1 = rects[r, 2] - px
            if ux == 0.0:
                if d0 < 0 and d1 > 0:
                    lo = 0.0
                    hi = np.inf
                else:
                    continue
            else:
                t0 = ix * d0
                t1 = ix * d1
                lo = max(0.0, min(t0, t1))
                hi = max(t0, t1)
            d0 = rects[r, 1] - py
            d1 = rects[r, 3] - py
            if uy == 0.0:
                if not (d0 < 0 and d1 > 0):
                    continue
            else:
                t0 = iy * d0
                t1 = iy * d1
                lo = max(lo, min(t0, t1))
                hi = min(hi, max(t0, t1))
            if hi - lo > g and lo < first:
                first = lo
        out[k] = first
    return out


@njit(cache=True, nogil=True)
def ray_free_grid(p, u, bx0, by0, bx1, by1, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny,
                  hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad, before, after, limit):
    """sight._ray_free_length in one call where both strip sets have grids:
    each ray's exit from the battlefield's box (bx0, by0, bx1, by1), the
    same floating-point steps as its numpy (the division by u, the lesser
    of the two axes' exits, never below 0), then first_entry_grid on the
    vertical strips for rays not along the y axis (|u_x| > 1e-12), on the
    horizontal ones for the others, as the numpy caller splits them.
    Only rays whose box exit t has (t + before[k]) + after[k] > limit are
    followed through the grids (the others' answer is t: a longest line's
    rays back: sight._ray_free_length's `unless`, the same steps); limit
    -inf follows every ray."""
    n = p.shape[0]
    t_out = np.empty(n)
    end = np.empty((n, 2))
    n_vertical = 0
    n_walk = 0
    walk = np.zeros(n, dtype=np.bool_)
    for k in range(n):
        px = p[k, 0]
        py = p[k, 1]
        ux = u[k, 0]
        uy = u[k, 1]
        tx = (bx1 - px) / ux if ux > 0 else ((bx0 - px) / ux if ux < 0 else np.inf)
        ty = (by1 - py) / uy if uy > 0 else ((by0 - py) / uy if uy < 0 else np.inf)
        t = tx if tx < ty else ty
        t = t if t > 0.0 else 0.0
        t_out[k] = t
        end[k, 0] = px + t * ux
        end[k, 1] = py + t * uy
        if (t + before[k]) + after[k] > limit:
            walk[k] = True
            n_walk += 1
            if abs(ux) <= 1e-12:
                n_vertical += 1
    if n_walk == n and n_vertical == 0:
        return first_entry_grid(p, end, u, t_out, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny, graze, pad)
    if n_walk == n and n_vertical == n:
        return first_entry_grid(p, end, u, t_out, hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad)
    best = t_out.copy()
    for vertical in (False, True):
        m = n_vertical if vertical else n_walk - n_vertical
        if m == 0:
            continue
        idx = np.empty(m, dtype=np.int64)
        c = 0
        for k in range(n):
            if walk[k] and (abs(u[k, 0]) <= 1e-12) == vertical:
                idx[c] = k
                c += 1
        ps = np.empty((m, 2))
        us = np.empty((m, 2))
        es = np.empty((m, 2))
        ts = np.empty(m)
        for q in range(m):
            k = idx[q]
            ps[q, 0] = p[k, 0]
            ps[q, 1] = p[k, 1]
            us[q, 0] = u[k, 0]
            us[q, 1] = u[k, 1]
            es[q, 0] = end[k, 0]
            es[q, 1] = end[k, 1]
            ts[q] = t_out[k]
        if vertical:
            got = first_entry_grid(ps, es, us, ts, hrects, hstart, hcells, hgx0, hgy0, hsize, hnx, hny, graze, pad)
        else:
            got = first_entry_grid(ps, es, us, ts, vrects, vstart, vcells, vgx0, vgy0, vsize, vnx, vny, graze, pad)
        for q in range(m):
            best[idx[q]] = got[q]
    return best
