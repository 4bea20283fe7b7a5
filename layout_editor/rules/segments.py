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
(benchmarks, and the editor's start may call warm_up()). One loader,
rules/kernels.py, loads every kernel module (this one's, the longest
line's, the route graph's) on one thread.

From GRID_MIN_RECTS rectangles on, the segment test finds the rectangles
through a grid of square cells (_Grid, built with each battlefield's strips)
instead of the window along the sorting axis: a long segment across a big
table looks at the cells it crosses, not at every rectangle in its x-range;
the same slab test on each rectangle looked at, so the same answers (the
tests compare the two searches). The grid's lists are made compiled once
loaded (_compiled.grid_lists, a counting sort: the same lists as numpy's
stable sort, tested; on 8 boards 0.33 -> 0.04 ms, made again after every
edit). Rays (first_entry) go through the same
grid, column by column from their start, and stop once the entry found
lies before the columns not yet looked at (_compiled_longest).
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np

from . import kernels

Kernels = kernels.Kernels  # what kernel() returns: the compiled tests by name


def meet_newer(k: Kernels, a: np.ndarray, b: np.ndarray, boxes: np.ndarray, box_epoch: np.ndarray,
               tested: np.ndarray, pad: float) -> np.ndarray:
    """The compiled segments-meet-boxes test (k: kernel())."""
    c = np.ascontiguousarray
    met: np.ndarray = k.meet_newer(c(a, dtype=float).reshape(-1, 2), c(b, dtype=float).reshape(-1, 2),
                c(boxes, dtype=float).reshape(-1, 4), c(box_epoch, dtype=np.int64), c(tested, dtype=np.int64), pad)
    return met


def longest_kernels() -> Any:
    """The longest line's compiled kernels (the module
    rules/_compiled_longest.py, each by its name), or None whenever kernel()
    is None (loading, no numba, LAYOUT_EDITOR_NO_NUMBA). Any: numba's
    dispatchers carry no types."""
    return kernels.compiled("longest") if kernel() is not None else None


def kernel(wait: bool = False) -> Any:
    """The compiled tests (segments blocked, rays' first entry), or None
    while they are loading (or without numba): rules/kernels.py loads them,
    with the other kernels, on its thread. A Kernels or None, typed Any as
    kernels.compiled is (numba's dispatchers carry no types)."""
    return kernels.compiled("segments", wait=wait)


def warm_up() -> None:
    """Start loading the compiled test in the background (call at start)."""
    kernel()


# From this many rectangles on, the compiled segment test finds them through
# a grid (_Grid) instead of a window along the sorting axis: a long segment
# across a big table then looks at the few cells it crosses, not at hundreds
# of rectangles in its x-range (most of a first search of 8 boards).
GRID_MIN_RECTS = 128
GRID_PAD_MM = 1e-3   # cells looked at round a segment's stretch (see _compiled.blocked_grid)
GRID_CELLS_PER_RECT = 2.0


class _Grid:
    """Square cells over the rectangles' extent, each listing the rectangles
    whose closed box meets it (CSR: start, rects), with the same floor as the
    compiled test uses to find a point's cell."""

    def __init__(self, rects: np.ndarray):
        x0, y0 = rects[:, 0].min(), rects[:, 1].min()
        x1, y1 = rects[:, 2].max(), rects[:, 3].max()
        w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        size = max(np.sqrt(w * h / (GRID_CELLS_PER_RECT * len(rects))), 1e-6)
        self.x0, self.y0, self.size = float(x0), float(y0), float(size)
        self.nx = int(np.floor(w / size)) + 1
        self.ny = int(np.floor(h / size)) + 1

        def cell(v: np.ndarray, origin: float, count: int) -> np.ndarray:
            return np.clip(np.floor((v - origin) / self.size).astype(np.int64), 0, count - 1)
        k = kernel()
        if k is not None:
            # compiled (_compiled.grid_lists: a counting sort, the same lists)
            self.start, self.rects = k.grid_lists(np.ascontiguousarray(rects, dtype=float), self.x0, self.y0,
                                                  self.size, self.nx, self.ny)
            return
        cx0, cx1 = cell(rects[:, 0], self.x0, self.nx), cell(rects[:, 2], self.x0, self.nx)
        cy0, cy1 = cell(rects[:, 1], self.y0, self.ny), cell(rects[:, 3], self.y0, self.ny)
        # every (rectangle, cell) pair at once: rectangle by rectangle, its
        # cells column by column (built on every edit: no Python loop)
        wy = cy1 - cy0 + 1
        per = (cx1 - cx0 + 1) * wy
        ids_all = np.repeat(np.arange(len(rects)), per)
        k = np.arange(len(ids_all)) - np.repeat(np.cumsum(per) - per, per)
        cells_all = (cx0[ids_all] + k // wy[ids_all]) * self.ny + cy0[ids_all] + k % wy[ids_all]
        order = np.argsort(cells_all, kind="stable")
        self.rects = np.ascontiguousarray(ids_all[order], dtype=np.int64)
        counts = np.bincount(cells_all, minlength=self.nx * self.ny)
        self.start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)


class SortedRects:
    """Rectangles sorted for the compiled test along one axis."""

    def __init__(self, rects: np.ndarray, axis: int):
        rects = np.asarray(rects, dtype=float).reshape(-1, 4)
        order = np.argsort(rects[:, axis], kind="stable")
        self.rects = np.ascontiguousarray(rects[order])
        self.lows = np.ascontiguousarray(self.rects[:, axis])
        self.width = float((self.rects[:, axis + 2] - self.rects[:, axis]).max()) if len(rects) else 0.0
        self.axis = axis

    def blocked(self, k: Kernels, a: np.ndarray, b: np.ndarray, graze: float) -> np.ndarray:
        if len(self.rects) == 0 or len(a) == 0:
            return np.zeros(len(a), dtype=bool)
        a = np.ascontiguousarray(a, dtype=float)
        b = np.ascontiguousarray(b, dtype=float)
        if len(self.rects) >= GRID_MIN_RECTS:
            g = self.grid
            hit: np.ndarray = k.blocked_grid(a, b, self.rects, g.start, g.rects, g.x0, g.y0, g.size, g.nx, g.ny,
                                             graze, GRID_PAD_MM)
            return hit
        hit = k.blocked(a, b, self.rects, self.lows, self.width, self.axis, graze)
        return hit

    @functools.cached_property
    def grid(self) -> _Grid:
        return _Grid(self.rects)

    def first_entry(self, k: Kernels, p: np.ndarray, end: np.ndarray, u: np.ndarray, t_out: np.ndarray,
                    graze: float) -> np.ndarray:
        if len(self.rects) == 0 or len(p) == 0:
            return np.array(t_out, dtype=float)
        c = np.ascontiguousarray
        if len(self.rects) >= GRID_MIN_RECTS:
            # through the grid, column by column from the ray's start
            # (_compiled_longest.first_entry_grid: the same answers)
            g = self.grid
            t: np.ndarray = longest_kernels().first_entry_grid(
                c(p, dtype=float), c(end, dtype=float), c(u, dtype=float), c(t_out, dtype=float),
                self.rects, g.start, g.rects, g.x0, g.y0, g.size, g.nx, g.ny, graze, GRID_PAD_MM)
            return t
        t = k.first_entry(c(p, dtype=float), c(end, dtype=float), c(u, dtype=float), c(t_out, dtype=float),
                          self.rects, self.lows, self.width, self.axis, graze)
        return t
