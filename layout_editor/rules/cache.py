"""One owner for the rules core's caches (issue 12, item 4).

Every module-level cache of the rules core registers here when its module is
imported: `lru_cache` for memoised functions, `LRU` for hand-made bounded
memos, `register(obj)` for anything else with a `clear()` (a dict of the
state an edit builds on). `clear_all()` empties every one of them: tests and
benchmarks call it for a truly cold start (a benchmark's "first analysis"
then pays everything a freshly opened file pays).

Who owns the state, our choice (two missions, two threads):
- Caches are keyed by value: the geometry itself (a board and its pieces'
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
  one thread at a time; the LRUs here are locked too.
So the analysis of a mission owns its answers through their keys, not
through an object passed around; this keeps every public function of the
rules core a plain function of the mission.
"""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict

_lock = threading.RLock()
_registry: OrderedDict[str, object] = OrderedDict()


def register(obj, name: str):
    """Register a cache (anything with clear() or cache_clear()) under a
    unique name ("module.name"); returns it, so it reads as a definition:
    `_graphs = register({}, "paths.graphs")`."""
    if not (hasattr(obj, "cache_clear") or hasattr(obj, "clear")):
        raise TypeError(f"cache {name!r} has neither clear() nor cache_clear()")
    with _lock:
        _registry[name] = obj
    return obj


def lru_cache(maxsize: int = 128, name: str | None = None):
    """functools.lru_cache, registered (named after the function's module
    and name unless given)."""
    def wrap(fn):
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        register(cached, name or f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__qualname__}")
        return cached
    return wrap


class LRU:
    """A small bounded memo, locked (the editor analyses off the UI thread
    while the UI may ask too), registered on creation."""

    def __init__(self, size: int = 256, name: str | None = None):
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        if name is not None:
            register(self, name)

    def get(self, key, default=None):
        with self.lock:
            v = self.data.get(key, default)
            if key in self.data:
                self.data.move_to_end(key)
            return v

    def has(self, key) -> bool:
        with self.lock:
            return key in self.data

    def put(self, key, value) -> None:
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.data.clear()

    def __len__(self) -> int:
        return len(self.data)


def size(obj) -> int:
    """How many entries a registered cache holds."""
    info = getattr(obj, "cache_info", None)
    if info is not None:
        return info().currsize
    data = getattr(obj, "data", obj)  # a hand-made LRU keeps its entries in .data
    return len(data)


def caches() -> dict[str, object]:
    """Every registered cache, by name (the modules of the rules core are
    imported first, so that each has registered its own)."""
    _import_rules()
    with _lock:
        return dict(_registry)


def clear_all() -> None:
    """Empty every cache of the rules core (derived data hangs on the
    battlefields, which are cached here too: none is reachable after)."""
    for obj in caches().values():
        clear = getattr(obj, "cache_clear", None) or obj.clear
        clear()


def _import_rules() -> None:
    from ..model import mirror

    # the symmetry check's memo lives in the model (the layers forbid it
    # importing this module): registered from here
    if "model.mirror.image_keys" not in _registry:
        register(mirror._image_keys, "model.mirror.image_keys")
    # A module of the rules core registers its caches when imported; one not imported yet has
    # nothing cached either, but caches() should list it all the same.
    import importlib
    import pkgutil

    from .. import rules

    for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + "."):
        if info.name.rsplit(".", 1)[-1].startswith("_compiled"):
            continue  # numba's kernels (no caches); importing them imports numba
        importlib.import_module(info.name)
