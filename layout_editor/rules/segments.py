"""The segment test compiled: does a straight segment pass through the
inside of any of a set of axis-aligned rectangles (by more than a graze)?
Battlefield.clear asks it for every route, sight line and corner pair.

The same slab test as obstacles._slab_hits, the same floating-point steps in
the same order, one segment at a time in machine code (numba): only the
rectangles whose extent along the sorting axis can meet the segment are
looked at (rectangles sorted by their low edge, a window as wide as the
widest one), and a segment stops at the first rectangle it enters. On 8
boards 20,000 corner-to-corner segments take ~37 ms against ~1.2 s through
an STRtree and numpy (benchmarks/README.md); the tests compare the two.

numba is a dependency, but the rules core never waits for it: the first use
starts loading it on a background thread (its import and the compiled code,
cached on disk after the first run, take about a second), and until it is
ready Battlefield.clear answers with numpy, giving the same answers. Set
LAYOUT_EDITOR_NO_NUMBA=1 to keep to numpy; `kernel(wait=True)` loads it now
(benchmarks, and the editor's start may call warm_up()).
"""
from __future__ import annotations

import atexit
import os
import threading

import numpy as np

_kernel = None
_loader: threading.Thread | None = None
_lock = threading.Lock()


def _build():
    from numba import njit

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
            if axis == 0:
                first = np.searchsorted(lows, sx0 - width, "left")
                last = np.searchsorted(lows, sx1, "right")
            else:
                first = np.searchsorted(lows, sy0 - width, "left")
                last = np.searchsorted(lows, sy1, "right")
            for r in range(first, last):
                x0 = rects[r, 0]
                y0 = rects[r, 1]
                x1 = rects[r, 2]
                y1 = rects[r, 3]
                if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
                    continue
                lo = 0.0
                hi = 1.0
                if dx == 0.0:
                    if not (px > x0 and px < x1):
                        continue
                else:
                    t0 = (x0 - px) / dx
                    t1 = (x1 - px) / dx
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
                if dy == 0.0:
                    if not (py > y0 and py < y1):
                        continue
                else:
                    t0 = (y0 - py) / dy
                    t1 = (y1 - py) / dy
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
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
            if axis == 0:
                first = np.searchsorted(lows, sx0 - width, "left")
                last = np.searchsorted(lows, sx1, "right")
            else:
                first = np.searchsorted(lows, sy0 - width, "left")
                last = np.searchsorted(lows, sy1, "right")
            for r in range(first, last):
                x0 = rects[r, 0]
                y0 = rects[r, 1]
                x1 = rects[r, 2]
                y1 = rects[r, 3]
                if x1 < sx0 or x0 > sx1 or y1 < sy0 or y0 > sy1:
                    continue
                lo = 0.0
                hi = np.inf
                if ux == 0.0:
                    if not (px > x0 and px < x1):
                        continue
                else:
                    t0 = (x0 - px) / ux
                    t1 = (x1 - px) / ux
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
                if uy == 0.0:
                    if not (py > y0 and py < y1):
                        continue
                else:
                    t0 = (y0 - py) / uy
                    t1 = (y1 - py) / uy
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
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
                lo = 0.0
                hi = 1.0
                if dx == 0.0:
                    if not (px >= x0 and px <= x1):
                        continue
                else:
                    t0 = (x0 - px) / dx
                    t1 = (x1 - px) / dx
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
                if dy == 0.0:
                    if not (py >= y0 and py <= y1):
                        continue
                else:
                    t0 = (y0 - py) / dy
                    t1 = (y1 - py) / dy
                    lo = max(lo, min(t0, t1))
                    hi = min(hi, max(t0, t1))
                if lo <= hi:
                    out[k] = True
                    break
        return out

    @njit(cache=True, nogil=True)
    def pick_pairs(bound, line, pi, pj, alive, floor, boxes, use_boxes):
        """The longest line's candidate pairs (sight._search_longest): those
        whose bound beats `floor`, both corners alive, and (use_boxes) whose
        line meets one of the boxes (cx, cy, half width, half height), in
        single precision as the table keeps the lines."""
        n = bound.shape[0]
        keep = np.zeros(n, dtype=np.bool_)
        count = 0
        for k in range(n):
            if not bound[k] > floor:
                continue
            if use_boxes:
                nx = line[k, 0]
                ny = line[k, 1]
                rho = line[k, 2]
                hit = False
                for q in range(boxes.shape[0]):
                    if abs(nx * boxes[q, 0] + ny * boxes[q, 1] - rho) <= abs(nx) * boxes[q, 2] + abs(ny) * boxes[q, 3]:
                        hit = True
                        break
                if not hit:
                    continue
            if alive[pi[k]] and alive[pj[k]]:
                keep[k] = True
                count += 1
        out = np.empty(count, dtype=np.int64)
        c = 0
        for k in range(n):
            if keep[k]:
                out[c] = k
                c += 1
        return out

    # compile (or load the cached machine code) now, on this thread
    blocked(np.zeros((1, 2)), np.ones((1, 2)), np.zeros((1, 4)), np.zeros(1), 0.0, 0, 1e-6)
    first_entry(np.zeros((1, 2)), np.ones((1, 2)), np.ones((1, 2)), np.ones(1), np.zeros((1, 4)), np.zeros(1),
                0.0, 0, 1e-6)
    meet_newer(np.zeros((1, 2)), np.ones((1, 2)), np.zeros((1, 4)), np.ones(1, dtype=np.int64),
               np.zeros(1, dtype=np.int64), 1e-6)
    pick_pairs(np.ones(1, dtype=np.float32), np.zeros((1, 3), dtype=np.float32), np.zeros(1, dtype=np.int32),
               np.zeros(1, dtype=np.int32), np.ones(1, dtype=np.bool_), 0.0, np.zeros((1, 4), dtype=np.float32), True)
    return blocked, first_entry, meet_newer, pick_pairs


def meet_newer(k, a: np.ndarray, b: np.ndarray, boxes: np.ndarray, box_epoch: np.ndarray,
               tested: np.ndarray, pad: float) -> np.ndarray:
    """The compiled segments-meet-boxes test (k: kernel())."""
    c = np.ascontiguousarray
    return k[2](c(a, dtype=float).reshape(-1, 2), c(b, dtype=float).reshape(-1, 2),
                c(boxes, dtype=float).reshape(-1, 4), c(box_epoch, dtype=np.int64), c(tested, dtype=np.int64), pad)


def _load() -> None:
    global _kernel
    try:
        k = _build()
    except Exception:  # numba missing or broken: numpy answers the same
        return
    _kernel = k


def kernel(wait: bool = False):
    """The compiled tests (segments blocked, rays' first entry), or None
    while they are loading (or without numba)."""
    global _loader
    if _kernel is not None or os.environ.get("LAYOUT_EDITOR_NO_NUMBA"):
        return _kernel
    with _lock:
        if _loader is None:
            _loader = threading.Thread(target=_load, name="numba segment test", daemon=True)
            _loader.start()
            atexit.register(_loader.join)  # never stop the interpreter inside an import
    if wait:
        _loader.join()
    return _kernel


def warm_up() -> None:
    """Start loading the compiled test in the background (call at start)."""
    kernel()


class SortedRects:
    """Rectangles sorted for the compiled test along one axis."""

    def __init__(self, rects: np.ndarray, axis: int):
        rects = np.asarray(rects, dtype=float).reshape(-1, 4)
        order = np.argsort(rects[:, axis], kind="stable")
        self.rects = np.ascontiguousarray(rects[order])
        self.lows = np.ascontiguousarray(self.rects[:, axis])
        self.width = float((self.rects[:, axis + 2] - self.rects[:, axis]).max()) if len(rects) else 0.0
        self.axis = axis

    def blocked(self, k, a: np.ndarray, b: np.ndarray, graze: float) -> np.ndarray:
        if len(self.rects) == 0 or len(a) == 0:
            return np.zeros(len(a), dtype=bool)
        return k[0](np.ascontiguousarray(a, dtype=float), np.ascontiguousarray(b, dtype=float),
                    self.rects, self.lows, self.width, self.axis, graze)

    def first_entry(self, k, p: np.ndarray, end: np.ndarray, u: np.ndarray, t_out: np.ndarray,
                    graze: float) -> np.ndarray:
        if len(self.rects) == 0 or len(p) == 0:
            return np.array(t_out, dtype=float)
        c = np.ascontiguousarray
        return k[1](c(p, dtype=float), c(end, dtype=float), c(u, dtype=float), c(t_out, dtype=float),
                    self.rects, self.lows, self.width, self.axis, graze)
