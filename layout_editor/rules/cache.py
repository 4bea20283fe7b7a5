"""The rules core's view of the one memo owner (layout_editor/memo.py).

Every memo of the rules core is a `memo.Memo` or a `@memo.cached` function,
registered with the owner when its module is imported. This module only adds
what the rules core's tests and benchmarks ask: `caches()` imports every
module of the rules core first (so that each has registered its memos, even
one no analysis has touched yet) and `clear_all()` empties them all, the
model's symmetry memo and the export's font widths included, for a truly
cold start (a benchmark's "first analysis" then pays everything a freshly
opened file pays).

Who owns the state, our choice (two missions, two threads):
- Memos are keyed by value: the geometry itself (a board and its pieces'
  footprints, the hatchway view, the base size), never by which mission or
  window asked. A hit is therefore the right answer for any mission that has
  that geometry; two missions never see each other's stale state, since a
  changed piece is a different key.
- The incremental state (the route graph, the longest-line pair table and
  the last longest lines, the zone witnesses of the checks) is only a
  starting point: it is kept per set of boards, and each use first works out
  where the layout differs from the one it was built for
  (`obstacles.changed_boxes`) and redoes what lies there, so the answer is
  the same from any starting point (the tests compare it with a build from
  scratch). Where such state is mutated, one lock per module makes the work
  one thread at a time; the memos themselves are safe to share between
  threads (memo.py, "Threads").
So the analysis of a mission owns its answers through their keys, not
through an object passed around; this keeps every public function of the
rules core a plain function of the mission.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .. import memo


def caches() -> dict[str, memo.Owned]:
    """Every registered memo, by name, after importing every module of the
    rules core."""
    _import_rules()
    return memo.memos()


def size(obj: memo.Owned) -> int:
    """How many entries a registered memo holds."""
    return obj.stats().size


def clear_all() -> None:
    """Empty every memo of the program (derived data hangs on the
    battlefields, which are memoised too: none is reachable after)."""
    _import_rules()
    memo.clear_all()


def lru_cache(maxsize: int = 128, name: str | None = None) -> Any:
    """Kept so that code written before the owner still runs: use
    `@memo.cached(maxsize)` (tests/unit/test_memo.py flags this spelling)."""
    return memo.cached(maxsize, name)


def LRU(size: int = 256, name: str | None = None) -> memo.Memo:  # noqa: N802 (the old class's name)
    """Kept so that code written before the owner still runs: use
    `memo.Memo(name, maxsize)` (tests/unit/test_memo.py flags this spelling)."""
    return memo.Memo(name or f"rules.unnamed.{id(object())}", size, registered=name is not None)


def _import_rules() -> None:
    # A module of the rules core registers its memos when imported; one not
    # imported yet has nothing cached, but caches() lists it all the same.
    from .. import rules

    for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + "."):
        if info.name.rsplit(".", 1)[-1].startswith("_compiled"):
            continue  # numba's kernels (no memos); importing them imports numba
        importlib.import_module(info.name)
