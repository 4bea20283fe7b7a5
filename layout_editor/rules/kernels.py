"""The compiled kernels (numba), loaded on one thread of their own: the
segment test (rules/_compiled.py, segments.kernel()), the longest line's
(rules/_compiled_longest.py, segments.longest_kernels()) and the route
graph's (rules/_compiled_routes.py, paths.route_kernels()), in that order.
Until a group is ready its caller answers with numpy, the same answers; the
rules core never waits for numba unless asked to (wait=True). Without numba,
or with LAYOUT_EDITOR_NO_NUMBA=1, no group is ever ready.

The rule for every kernel module (rules/_compiled*.py): it imports no
function from another module of the project, only numpy and numba. numba's
disk cache (cache=True) tells a kernel's cached machine code is stale by
the file the kernel is written in; a kernel calling a function written in
another file would keep running that function's old code after the other
file changed. A helper two kernel modules need (the slab test, a segment
meeting a box, a point's grid cell) is written in each of them, and
tests/unit/test_kernels.py holds the copies identical and the modules free
of each other.
"""
from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np

GROUPS = ("segments", "longest", "routes")

# The pair table's lines (rules/longest.py), kept one row per value, reach
# _compiled_longest.table_pairs as a view of its store (not contiguous as a
# whole): this stands for them where no line is written, so that the kernel
# is compiled for that one layout of its arguments
NO_LINES = np.zeros((3, 2), dtype=np.float32)[:, :1]

_ready: dict[str, object] = {}
_done = {name: threading.Event() for name in GROUPS}
_loader: threading.Thread | None = None
_lock = threading.Lock()


class Kernels(NamedTuple):
    """The compiled tests of rules/_compiled.py, by name (segments.kernel()):
    numba's dispatchers, which carry no types."""
    blocked: Callable[..., Any]
    first_entry: Callable[..., Any]
    meet_newer: Callable[..., Any]
    pairs_meet: Callable[..., Any]
    blocked_grid: Callable[..., Any]
    rect_strips: Callable[..., Any]
    grid_lists: Callable[..., Any]
    free_space: Callable[..., Any]
    rect_strips_spliced: Callable[..., Any]  # (bf6: a board's strips after an edit, obstacles.BoardPieces)


def compiled(group: str, wait: bool = False, timeout: float | None = None) -> Any:
    """The kernels of `group` ("segments": a Kernels; "longest", "routes":
    the module), or None while they load (or without numba). The first call
    starts the loader. wait: wait for them (at most `timeout` s; None: until
    loaded or failed). Typed Any: numba's dispatchers carry no types, and
    the callers call them by name."""
    global _loader
    if os.environ.get("LAYOUT_EDITOR_NO_NUMBA"):
        return None  # numpy, even when the kernels have loaded (tests compare the two)
    got = _ready.get(group)
    if got is not None:
        return got
    with _lock:
        if _loader is None:
            _loader = threading.Thread(target=_load, name="numba kernels", daemon=True)
            _loader.start()
            atexit.register(_loader.join)  # never stop the interpreter inside an import
    if wait:
        _done[group].wait(timeout)
    return _ready.get(group)


def settled() -> bool:
    """Whether the loader has finished with every group (loaded, or failed
    and left to numpy): numba and the kernels' code are in memory for good
    (the editor freezes them out of the cycle collector's walks then)."""
    return _loader is not None and all(event.is_set() for event in _done.values())


def _load() -> None:
    try:
        # the segment test and the longest line's together: the callers of
        # the one take the other's as ready when it is
        k = _build_segments()
        lk = _build_longest()
    except Exception:  # numba missing or broken: numpy answers the same
        for event in _done.values():
            event.set()
        return
    _ready["longest"] = lk
    _ready["segments"] = k
    _done["segments"].set()
    _done["longest"].set()
    try:
        _ready["routes"] = _build_routes()
    except Exception:
        pass
    finally:
        _done["routes"].set()


def _build_segments() -> Kernels:
    from . import _compiled

    # compile (or load the cached machine code) now, on this thread
    _compiled.blocked(np.zeros((1, 2)), np.ones((1, 2)), np.zeros((1, 4)), np.zeros(1), 0.0, 0, 1e-6)
    _compiled.first_entry(np.zeros((1, 2)), np.ones((1, 2)), np.ones((1, 2)), np.ones(1), np.zeros((1, 4)),
                          np.zeros(1), 0.0, 0, 1e-6)
    _compiled.meet_newer(np.zeros((1, 2)), np.ones((1, 2)), np.zeros((1, 4)), np.ones(1, dtype=np.int64),
                         np.zeros(1, dtype=np.int64), 1e-6)
    _compiled.pairs_meet(np.zeros((2, 2)), np.zeros((1, 4)), 1e-6)
    _compiled.blocked_grid(np.zeros((1, 2)), np.ones((1, 2)), np.zeros((1, 4)), np.zeros(2, dtype=np.int64),
                           np.zeros(1, dtype=np.int64), 0.0, 0.0, 1.0, 1, 1, 1e-6, 1e-3)
    for vertical in (True, False):
        _compiled.rect_strips(np.zeros((1, 4)), vertical)
    _compiled.grid_lists(np.zeros((1, 4)), 0.0, 0.0, 1.0, 1, 1)
    _compiled.free_space(np.zeros((1, 4)), np.array([0.0, 1.0]), np.array([[0.0, 0.0, 1.0, 1.0]]))
    for vertical in (True, False):
        _compiled.rect_strips_spliced(np.zeros((1, 4)), np.zeros((1, 4)), 0.0, 1.0, 1.0, 0.0, vertical)
    return Kernels(_compiled.blocked, _compiled.first_entry, _compiled.meet_newer, _compiled.pairs_meet,
                   _compiled.blocked_grid, _compiled.rect_strips, _compiled.grid_lists, _compiled.free_space,
                   _compiled.rect_strips_spliced)


def _build_longest() -> ModuleType:
    """The longest line's kernels, compiled or loaded from numba's cache."""
    from . import _compiled_longest

    _compiled_longest.first_entry_grid(np.zeros((1, 2)), np.ones((1, 2)), np.ones((1, 2)), np.ones(1),
                                       np.zeros((1, 4)), np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.int64),
                                       0.0, 0.0, 1.0, 1, 1, 1e-6, 1e-3)
    _compiled_longest.pick_known(np.ones(1, dtype=np.float32), np.zeros(1, dtype=np.float32),
                                 np.zeros(1, dtype=np.float32), np.zeros(1, dtype=np.float32),
                                 np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int32),
                                 np.ones(1, dtype=np.bool_), 0.0, np.zeros((1, 4), dtype=np.float32), True,
                                 np.zeros((1, 2)), np.zeros(1, dtype=np.int8), np.zeros(1, dtype=np.int32), 0,
                                 np.zeros((1, 4)), np.zeros(1, dtype=np.int64), 1e-6, True, -1)
    g = (np.zeros((1, 4)), np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.int64), 0.0, 0.0, 1.0, 1, 1)
    _compiled_longest.pairs_blocked(np.zeros((2, 2)), np.zeros(1, dtype=np.int32), np.ones(1, dtype=np.int32),
                                    *g, *g, 1e-6, 1e-3)
    _compiled_longest.table_pairs(np.zeros((2, 2)), np.zeros((2, 5)), np.zeros(1, dtype=np.int64),
                                  np.zeros(2, dtype=np.int64), 0, 0.0, 0.0, 1.0, 1.0, 2e-9,
                                  np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32),
                                  np.zeros(0, dtype=np.float32), NO_LINES, True,
                                  np.zeros(1, dtype=np.uint8))
    _compiled_longest.bucket_order(np.ones(1, dtype=np.float32), 1.0, 1.0, 65535)
    _compiled_longest.test_round(np.zeros(1, dtype=np.int32), 0, 1, np.ones(1, dtype=np.float32),
                                 np.zeros(1, dtype=np.int32), 0.0, np.zeros(1, dtype=np.bool_),
                                 np.zeros(1, dtype=np.int32), np.ones(1, dtype=np.int32), np.zeros((2, 2)),
                                 np.zeros(1, dtype=np.int8), np.zeros(1, dtype=np.int32), 1, True, *g, *g, 1e-6, 1e-3,
                                 np.full(2, -1, dtype=np.int64))
    # the pair table by its lines' cells (an edit's first look: longest._PairTable.index)
    one = np.ones(1, dtype=np.float32)
    start = _compiled_longest.index_pairs(one, one.copy(), one.copy(), np.zeros(1, dtype=np.int32),
                                          np.zeros(1, dtype=np.int32), one.copy(), np.zeros(1, dtype=np.int8),
                                          np.zeros(1, dtype=np.int32), 0.0, 0.0, 1.0, 2, 1)
    _compiled_longest.pick_cells(start, 2, 1, 0.0, 0.0, 1.0, 1, one, one, one, one, np.zeros(1, dtype=np.int32),
                                 np.zeros(1, dtype=np.int32), np.ones(1, dtype=np.bool_), 0.0,
                                 np.zeros((1, 4), dtype=np.float32), np.zeros((1, 2)), np.zeros(1, dtype=np.int8),
                                 np.zeros(1, dtype=np.int32), 0, np.zeros((1, 4)), np.zeros(1, dtype=np.int64),
                                 1e-6, True, -1)
    slots = np.full(2, -1, dtype=np.int64)
    _compiled_longest.key_slots(slots, np.zeros(1, dtype=np.uint64), np.zeros((1, 6)), 0)
    _compiled_longest.corner_keys(np.zeros((1, 2)), np.ones((1, 2)), np.ones((1, 2)), slots,
                                  np.zeros(1, dtype=np.uint64), np.zeros((1, 6)))
    f = (np.zeros((1, 4)), np.zeros(1), np.zeros(1, dtype=np.int64), np.zeros(1), np.zeros(1, dtype=np.int64))
    _compiled_longest.maybe_squeezed(np.zeros((1, 2)), np.ones((1, 2)), *f, *f)
    # a visibility polygon's rays (sight._first_entry)
    _compiled_longest.fan_first_entry(0.0, 0.0, np.ones((1, 2)), np.zeros((1, 4)), np.zeros(1))
    # the rays of sight._ray_free_length (through both strip sets' grids)
    _compiled_longest.ray_free_grid(np.zeros((2, 2)), np.array([[1.0, 0.0], [0.0, 1.0]]), 0.0, 0.0, 1.0, 1.0, *g, *g,
                                    1e-6, 1e-3, np.zeros(2), np.zeros(2), -np.inf)
    return _compiled_longest


def _build_routes() -> ModuleType:
    """The route graph's kernels, compiled or loaded from numba's cache."""
    from . import _compiled_routes as c

    v = np.zeros((2, 2))
    e = np.ones((2, 2))
    two = np.arange(2, dtype=np.int64)
    c.tangent_pairs(v, e, e, np.zeros(2, dtype=np.int64), two, np.zeros(2, dtype=np.bool_), np.zeros((0, 4)),
                    np.zeros((0, 4)), 0.01)
    c.reuse_edges(v, e, e, np.zeros(2, dtype=np.int64), two, 2, two[:1], two[1:], np.ones(1), np.zeros((1, 4)),
                  1e-6, 0.01, np.zeros((0, 4)), np.zeros((0, 4)), 0.01)
    c.last_legs(v, e, e, np.zeros(2, dtype=np.int64), v, np.zeros(2, dtype=np.int64))
    c.match_keys(np.zeros((2, 6)), np.zeros((2, 6)))
    c.nearest_in_rects(v, np.zeros((1, 4)))
    indptr, indices, data = c.adjacency(2, two[:1], two[1:], np.ones(1))
    c.dijkstra_from(indptr, indices, data, np.zeros(2))
    return c
