"""The one owner of every memo (layout_editor/memo.py, issue 26): the memo
type keeps its bound and counts, the owner lists and clears every memo of
the program, and no module makes a memo any other way."""
from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import layout_editor
from layout_editor import memo
from layout_editor.io import load_mission
from layout_editor.rules.analysis import analyze

ROOT = Path(layout_editor.__file__).resolve().parent
LIBRARY = ROOT.parent / "mission_library"


@pytest.fixture
def own():
    """Memos made by a test, unregistered after it."""
    made: list[str] = []
    yield made
    for name in made:
        memo.unregister(name)


def _bound_holds(m: memo.Memo) -> None:
    """Fill a memo past its bound: it keeps exactly its bound, drops the
    least recently used (not the oldest put: one asked again stays)."""
    n = m.maxsize
    for k in range(n):
        m.put(k, k * k)
    assert m.get(0) == 0  # now the most recently used
    for k in range(n, 3 * n):
        m.put(k, k * k)
        assert len(m) <= n
    assert len(m) == n
    assert m.get(1) is None and m.get(3 * n - 1) == (3 * n - 1) ** 2


def test_a_memo_keeps_its_bound_least_recently_used_first(own):
    m = memo.Memo("test.bound", 4)
    own.append(m.name)
    for k in range(4):
        m.put(k, k)
    m.get(0)
    m.put(4, 4)  # drops 1, the least recently used; 0 was asked again
    assert list(m) == [2, 3, 0, 4]
    _bound_holds(memo.Memo("test.bound.fill", 5, registered=False))


def test_a_planted_bug_no_eviction_is_caught():
    class Unbounded(memo.Memo):
        def _put(self, key, value):  # the bug: remembered, never dropped
            self.data[key] = value

    with pytest.raises(AssertionError):
        _bound_holds(Unbounded("test.unbounded", 5, registered=False))


def test_a_weighed_memo_bounds_the_weight(own):
    m = memo.Memo("test.weighed", 100, weigher=len)
    own.append(m.name)
    for k in range(10):
        m.put(k, "x" * 30)
        assert m.stats().weight <= 100
    assert len(m) == 3 and m.stats().weight == 90
    m.put(9, "y")  # replacing an entry counts its new weight only
    assert m.stats().weight == 61
    m.put("big", "z" * 500)  # heavier than the bound alone: kept, the rest go
    assert list(m) == ["big"] and m.stats().weight == 500
    m.clear()
    assert len(m) == 0 and m.stats().weight == 0


def test_hits_and_misses_are_counted(own):
    m = memo.Memo("test.counts", 8)
    own.append(m.name)
    assert m.get("a") is None
    m.put("a", None)  # a value of None, told apart from none by MISSING
    assert m.get("a", memo.MISSING) is None
    assert m.get("b", memo.MISSING) is memo.MISSING
    s = memo.stats()["test.counts"]
    assert (s.hits, s.misses, s.size, s.maxsize) == (1, 2, 1, 8)
    assert s.hit_rate == pytest.approx(1 / 3)

    calls = []

    @memo.cached(2, name="test.square")
    def square(x):
        calls.append(x)
        return x * x

    own.append("test.square")
    assert [square(3), square(3), square(4), square(5), square(3)] == [9, 9, 16, 25, 9]
    assert calls == [3, 4, 5, 3]  # 3 dropped by 4 and 5 (a bound of 2)
    s = memo.stats()["test.square"]
    assert (s.hits, s.misses, s.size, s.maxsize) == (1, 4, 2, 2)


def test_unbounded_memos_are_refused():
    with pytest.raises(ValueError):
        memo.cached(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        memo.cached(0)
    with pytest.raises(ValueError):
        memo.Memo("test.none", 0)


def _import_all() -> None:
    """Every module outside the editor (the editor's register as they are
    imported too, but it has none: test_no_memo_is_made_outside_the_owner)."""
    for info in pkgutil.walk_packages([str(ROOT)], "layout_editor."):
        if info.name.startswith("layout_editor.ui") or info.name.rsplit(".", 1)[-1].startswith("_compiled"):
            continue
        if info.name in ("layout_editor.__main__",):
            continue
        importlib.import_module(info.name)


def test_every_memo_of_the_program_is_registered_and_cleared():
    """Every module-level memo found in the package (a Memo, or a memoised
    function) is in the owner's list; clear_all() empties them, and the
    answers worked out again after it are the same."""
    _import_all()
    found = {}
    for mod_name, mod in list(importlib.sys.modules.items()):
        if not mod_name.startswith("layout_editor.") or mod is None:
            continue
        for name, obj in vars(mod).items():
            if isinstance(obj, memo.Memo) or isinstance(obj, functools._lru_cache_wrapper):
                found[f"{mod_name}.{name}"] = obj
    registered = {id(getattr(m, "function", m)) for m in memo.memos().values()}
    assert len(found) >= 50
    assert sorted(k for k, obj in found.items() if id(obj) not in registered) == []

    m = load_mission(LIBRARY / "derelict-crossing.yaml")
    memo.clear_all()
    first = analyze(m, designer=False).to_dict()
    filled = {n for n, s in memo.stats().items() if s.size}
    assert len(filled) >= 20  # the analysis went through the memos
    before = memo.stats()
    again = analyze(m, designer=False).to_dict()
    assert again == first
    assert sum(s.hits for s in memo.stats().values()) > sum(s.hits for s in before.values())
    # every memo within its bound
    assert [n for n, s in memo.stats().items() if s.weight > s.maxsize] == []

    memo.clear_all()
    left = [n for n, m_ in memo.memos().items() if m_.stats().size and not getattr(m_, "resource", False)]
    assert left == []
    misses = {n: s.misses for n, s in memo.stats().items()}
    assert analyze(m, designer=False).to_dict() == first  # worked out again: the same
    assert sum(s.misses for s in memo.stats().values()) > sum(misses.values())

    memo.clear_all(resources=True)
    assert [n for n, s in memo.stats().items() if s.size] == []


# -- no memo made outside the owner ---------------------------------------

# Every way the package made memos before the owner, read from the source.
FORBIDDEN = {
    "functools.lru_cache or functools.cache": re.compile(r"\blru_cache\b|functools\.cache\b|from functools import .*\bcache\b|@cache\b"),
    "a hand-written eviction": re.compile(r"popitem\(|pop\(next\(iter\("),
    "a memo stored in an object's __dict__": re.compile(r"__dict__\[|__dict__\.(get|setdefault|pop)\("),
    "a memo registered by hand (rules.cache.register)": re.compile(r"\bregister\(\{\}|register\(\[\]"),
    "a weak dictionary": re.compile(r"Weak(Key|Value)Dictionary"),
    "rules.cache's LRU (the spelling before the owner)": re.compile(r"\bLRU\("),
}
# An eviction by emptying: `if len(x) > N: x.clear()`.
CLEARED_WHEN_FULL = re.compile(r"if len\((\w[\w.]*)\) *>=? *[\w_]+:\s*\n\s*\1\.clear\(\)")
# A module-level container that could grow into a memo.
MODULE_CONTAINER = re.compile(r"^(\w+)\s*(?::[^=\n]+)?=\s*(?:\{\}|dict\(\)|OrderedDict\(\)|\[\]|set\(\)|defaultdict\()",
                              re.M)

# Found by the patterns above, and not memos (each with its reason).
ALLOWED = {
    # the owner itself, and the old spelling kept for branches written before it
    ("memo.py", "*"),
    ("rules/cache.py", "functools.lru_cache or functools.cache"),
    ("rules/cache.py", "rules.cache's LRU (the spelling before the owner)"),
    # the compiled kernels loaded on their thread: code, one per kernel module
    ("rules/kernels.py", "module container _ready"),
    # pairs of pieces touching across a board edge, per other board's
    # standing area, weakly: an entry goes with the standing area, which a
    # registered memo (reach.board_standing) holds
    ("rules/reach.py", "a weak dictionary"),
}


def _findings() -> list[str]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if (rel, "*") in ALLOWED:
            continue
        text = path.read_text(encoding="utf-8")
        for what, pattern in FORBIDDEN.items():
            for hit in pattern.finditer(text):
                if (rel, what) not in ALLOWED:
                    line = text.count("\n", 0, hit.start()) + 1
                    out.append(f"{rel}:{line}: {what}")
        for hit in CLEARED_WHEN_FULL.finditer(text):
            out.append(f"{rel}:{text.count(chr(10), 0, hit.start()) + 1}: a memo emptied when full")
        for hit in MODULE_CONTAINER.finditer(text):
            if (rel, f"module container {hit.group(1)}") not in ALLOWED:
                out.append(f"{rel}:{text.count(chr(10), 0, hit.start()) + 1}: module container {hit.group(1)}")
    return out


def test_no_memo_is_made_outside_the_owner():
    """Make a memo with memo.Memo or @memo.cached (layout_editor/memo.py):
    one owner lists and clears it. Each line here is one made another way."""
    assert _findings() == []


def test_the_search_finds_a_memo_made_by_hand(tmp_path, monkeypatch):
    # the patterns above, tried on the ways memos were written before
    planted = {
        "a.py": "import functools\n@functools.lru_cache(maxsize=None)\ndef f(x):\n    return x\n",
        "b.py": "_memo: dict = {}\n",
        "c.py": "def f(m, k):\n    if len(m) > 16:\n        m.pop(next(iter(m)))\n",
        "d.py": "def f(self):\n    self.__dict__['_last'] = 1\n",
        "e.py": "def f(memo):\n    if len(memo) > 20_000:\n        memo.clear()\n",
    }
    for name, text in planted.items():
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    found = _findings()
    assert sorted({f.split(":")[0] for f in found}) == sorted(planted)
