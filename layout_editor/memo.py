"""The one owner of every memo in the program (issue 26).

Everything the program remembers to answer again faster is made here, so
that one call lists it (`stats()`) and one call forgets it (`clear_all()`):
tests and benchmarks start truly cold that way, and a newcomer finds every
cache in one list. A test (tests/unit/test_memo.py) reads the package and
fails on a memo made any other way (`functools.lru_cache`, a dict with its
own eviction, a memo stored in an object's `__dict__`).

Two forms, one bound policy (least recently used goes first):
- `Memo(name, maxsize)`: a bounded mapping for hand-written memos
  (`get`/`put`). Optional `weigher(value) -> int`: the bound is then on the
  summed weight, for memos whose entries differ much in size.
- `@cached(maxsize)`: a memoised function. It is `functools.lru_cache` (the
  same policy in C, thread-safe; a hit costs ~0.05 us where a Python
  wrapper round a Memo costs ~0.16 us, measured here: the font widths and
  piece shapes are asked millions of times), registered here with its bound and its counts; an unbounded one
  is refused.

Registered by name ("module.what"): a module's memos register when it is
imported; one not imported has nothing cached. Registering a name again
(a module reloaded) replaces the old entry.

Threads, our choice: the rules core runs in the editor's two worker lanes
(findings, overlays) and the generator's thread while the UI thread may ask
too, so its memos are shared between threads. A lookup is one dict get and
one move_to_end, no lock: each OrderedDict operation is atomic under the GIL
(CPython 3.11 here), and where another thread evicted the key between the
two, the KeyError is caught (the value found is still right: memos are keyed
by value). The counts (hits, misses) may then lose an increment: they are
statistics, not answers. A weighed memo keeps a running total that two
writers could corrupt, so it takes a lock (`locked=True` forces one for any
memo whose callers need it). Callers that read-modify-write a memo's value
(an incremental graph reused from the last layout) hold their own lock, as
before.

Qt-free and importing nothing of the package: it is the ground floor, under
every layer (pyproject's import-linter contracts).
"""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

# get(key, MISSING) tells a value of None from no value (one lookup, where
# `key in memo` then `memo.get(key)` could see another thread evict between)
MISSING: Any = object()
_MISSING = MISSING


@dataclass(frozen=True)
class MemoStats:
    """One memo's counts: how often it answered (hits) and not (misses),
    how many entries it holds (size), its bound (maxsize), and for a weighed
    memo the summed weight (weight, else equal to size)."""
    name: str
    hits: int
    misses: int
    size: int
    maxsize: int
    weight: int

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0


class Owned(Protocol):
    """What the owner asks of every memo it holds."""
    name: str
    maxsize: int

    def clear(self) -> None: ...

    def stats(self) -> MemoStats: ...


_registry: dict[str, Owned] = {}
_registry_lock = threading.Lock()


def register(memo: Owned) -> None:
    with _registry_lock:
        _registry[memo.name] = memo


def unregister(name: str) -> None:
    """Forget a memo (tests that make one of their own)."""
    with _registry_lock:
        _registry.pop(name, None)


def memos() -> dict[str, Owned]:
    """Every memo registered so far, by name."""
    with _registry_lock:
        return dict(_registry)


def stats() -> dict[str, MemoStats]:
    """Every registered memo's counts, by name."""
    return {name: m.stats() for name, m in memos().items()}


def clear_all(resources: bool = False) -> None:
    """Empty every registered memo (the derived data other objects hang on
    the memoised ones goes with them: nothing keeps them reachable).
    resources: the shipped files loaded once (`once`: the catalogue, the
    fonts registered with reportlab, the editor's translations) too; left
    by default, since they never change while the program runs and other
    memos' keys name the catalogue by identity."""
    for m in memos().values():
        if resources or not getattr(m, "resource", False):
            m.clear()


class Memo:
    """A bounded memo: at most `maxsize` entries (or, with a weigher, at
    most `maxsize` summed weight), the least recently used dropped first.
    Registered under `name` on creation (registered=False: a memo that lives
    inside an object the owner reaches through a registered memo).

    Keys are any hashable value, values anything (the memos hold tuples of
    geometry of many shapes): `get` answers Any, as a dict of them did."""

    __slots__ = ("name", "maxsize", "weigher", "data", "hits", "misses", "weight", "lock")

    def __init__(self, name: str, maxsize: int, *, weigher: Callable[[Any], int] | None = None,
                 locked: bool = False, registered: bool = True) -> None:
        if maxsize < 1:
            raise ValueError(f"memo {name!r}: maxsize must be at least 1, not {maxsize}")
        self.name = name
        self.maxsize = maxsize
        self.weigher = weigher
        self.data: OrderedDict[Hashable, Any] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.weight = 0
        self.lock: threading.Lock | None = threading.Lock() if (locked or weigher is not None) else None
        if registered:
            register(self)

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value remembered for key (now the most recently used), or
        default."""
        v = self.data.get(key, _MISSING)
        if v is _MISSING:
            self.misses += 1
            return default
        self.hits += 1
        try:
            self.data.move_to_end(key)
        except KeyError:  # another thread dropped it meanwhile
            pass
        return v

    def __contains__(self, key: object) -> bool:
        """Whether key is remembered (not counted, not made recent)."""
        return key in self.data

    def put(self, key: Hashable, value: Any) -> Any:
        """Remember value for key; drop the least recently used past the
        bound. Returns value (`x = memo.put(key, work())` reads well)."""
        if self.lock is not None:
            with self.lock:
                self._put(key, value)
        else:
            self._put(key, value)
        return value

    def _put(self, key: Hashable, value: Any) -> None:
        data = self.data
        if self.weigher is not None:
            old = data.get(key, _MISSING)
            if old is not _MISSING:
                self.weight -= self.weigher(old)
            self.weight += self.weigher(value)
        data[key] = value
        try:
            data.move_to_end(key)
        except KeyError:
            pass
        if self.weigher is None:
            while len(data) > self.maxsize:
                try:
                    data.popitem(last=False)
                except KeyError:
                    break
        else:
            # the newest entry stays even when it alone weighs more than the
            # bound: the caller is about to use it
            while self.weight > self.maxsize and len(data) > 1:
                _, dropped = data.popitem(last=False)
                self.weight -= self.weigher(dropped)

    def pop(self, key: Hashable, default: Any = None) -> Any:
        if self.lock is not None:
            with self.lock:
                return self._pop(key, default)
        return self._pop(key, default)

    def _pop(self, key: Hashable, default: Any) -> Any:
        v = self.data.pop(key, _MISSING)
        if v is _MISSING:
            return default
        if self.weigher is not None:
            self.weight -= self.weigher(v)
        return v

    def clear(self) -> None:
        if self.lock is not None:
            with self.lock:
                self.data.clear()
                self.weight = 0
        else:
            self.data.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self.data)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(list(self.data))

    def stats(self) -> MemoStats:
        n = len(self.data)
        return MemoStats(self.name, self.hits, self.misses, n, self.maxsize,
                         self.weight if self.weigher is not None else n)

    def __repr__(self) -> str:
        return f"Memo({self.name!r}, {len(self.data)}/{self.maxsize})"


class FunctionMemo:
    """The owner's handle on a memoised function (`cached`)."""

    __slots__ = ("name", "maxsize", "function", "resource")

    def __init__(self, name: str, maxsize: int, function: Any, resource: bool = False) -> None:
        self.name = name
        self.maxsize = maxsize
        self.function = function
        self.resource = resource

    def clear(self) -> None:
        self.function.cache_clear()

    def stats(self) -> MemoStats:
        info = self.function.cache_info()
        return MemoStats(self.name, info.hits, info.misses, info.currsize, self.maxsize, info.currsize)

    def __repr__(self) -> str:
        return f"FunctionMemo({self.name!r}, {self.function.cache_info().currsize}/{self.maxsize})"


def cached(maxsize: int, name: str | None = None, *,
           resource: bool = False) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """Memoise a function of hashable arguments, at most `maxsize` answers
    (least recently used first out), registered as `name` (default: the
    module's last part and the function's name, "fonts._char_width").
    resource: what it keeps is a shipped file, loaded once (see clear_all)."""
    if not isinstance(maxsize, int) or maxsize < 1:
        raise ValueError(f"cached: maxsize must be a positive number, not {maxsize!r}")

    def wrap(fn: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        memoised = functools.lru_cache(maxsize=maxsize)(fn)
        label = name or f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__qualname__}"
        handle = FunctionMemo(label, maxsize, memoised, resource)
        memoised.memo = handle  # type: ignore[attr-defined]
        register(handle)
        return memoised
    return wrap


def once(fn: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
    """A shipped file loaded (or registered) once per process: `cached(1)`
    marked as a resource, which clear_all() keeps unless asked."""
    return cached(1, resource=True)(fn)
