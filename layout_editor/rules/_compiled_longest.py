"""Compiled kernels of the longest sight line (rules/longest.py) and its rays
(sight._ray_free_length through segments.SortedRects.first_entry), in a
module of their own so that a change here does not recompile the kernels of
rules/_compiled.py. Imported only by segments._build on its loader thread
(it imports numba). Each kernel is the same test, with the same
floating-point steps, as the numpy or compiled one it stands in for; the
tests compare them (tests/unit/test_fast_paths.py)."""
from __future__ import annotations

import numpy as np
from numba import njit

from ._compiled import _cell, _slab


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
