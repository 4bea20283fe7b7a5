"""One owner for the rules core's caches (issue 12, item 4; issue 26: the
owner is layout_editor.memo, rules.cache its view from the rules core):
every module-level cache of the rules core is registered, and clear_all()
empties every one. The caches are discovered, not listed: any
module-level object of the rules core that grows while missions are
analysed is a cache, and must be registered."""
from __future__ import annotations

import functools
import importlib
import pkgutil
from pathlib import Path

from layout_editor import memo, rules
from layout_editor.io import load_mission
from layout_editor.rules import cache, paths, sight
from layout_editor.rules.analysis import analyze

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
# Module-level state that grows but holds no answers: the compiled kernels
# loaded on their thread (rules/kernels.py, one per kernel module).
NOT_MEMOS = {"layout_editor.rules.kernels._ready"}


def _sized(obj) -> int | None:
    """How many entries a module-level object holds, None when it cannot
    hold any (a function, a constant number, a class)."""
    if isinstance(obj, functools._lru_cache_wrapper):
        return obj.cache_info().currsize
    if isinstance(obj, (dict, list, set)):
        return len(obj)
    data = getattr(obj, "data", None)
    if isinstance(data, dict) and callable(getattr(obj, "clear", None)):
        return len(data)
    return None


def _module_objects():
    for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + "."):
        if info.name == cache.__name__ or info.name.endswith("._compiled"):
            continue  # the registry itself; numba's kernels (no state)
        mod = importlib.import_module(info.name)
        for name, obj in vars(mod).items():
            if getattr(obj, "__module__", mod.__name__) not in (mod.__name__, "functools") \
                    and not isinstance(obj, (dict, list, set, memo.Memo)):
                continue  # imported from elsewhere: counted where it lives
            if f"{info.name}.{name}" in NOT_MEMOS:
                continue
            if _sized(obj) is not None:
                yield f"{info.name}.{name}", obj


def _work() -> None:
    for name in ("derelict-crossing.yaml", "twin-hulks.yaml"):
        m = load_mission(LIBRARY / name)
        analyze(m)
        z = m.entry_zones[0].cells[0] if m.entry_zones else None
        bf = paths.battlefield(m)
        x0, y0, x1, y1 = bf.area.bounds
        pts = [(x0 + 5, y0 + 5), (x1 - 5, y1 - 5)]
        pts = [p for p in pts if not bf.in_obstacle(*p)]
        if len(pts) == 2:
            paths.measure(m, *pts)
            sight.visibility_polygon(m, pts[0])
        del z


def test_clear_all_empties_every_cache_the_rules_core_has():
    before = {name: (obj, _sized(obj)) for name, obj in _module_objects()}
    cache.clear_all()
    _work()
    grown = {name: obj for name, (obj, n) in before.items() if _sized(obj) > 0 and _sized(obj) != n
             or isinstance(obj, functools._lru_cache_wrapper) and _sized(obj) > 0}
    # a memoised function is registered as its handle (memo.FunctionMemo)
    registered = {id(getattr(obj, "function", obj)) for obj in cache.caches().values()}
    # everything that filled up while missions were analysed is registered
    unregistered = sorted(name for name, obj in grown.items() if id(obj) not in registered)
    assert unregistered == []
    assert len(grown) >= 30  # the analysis really went through the caches
    cache.clear_all()
    # (the shipped files loaded once, the catalogue and the fonts, are kept:
    # memo.clear_all(resources=True) empties those too)
    still = sorted(name for name, obj in cache.caches().items()
                   if cache.size(obj) and not getattr(obj, "resource", False))
    assert still == []
    # and nothing discovered is left holding entries it gathered
    left = sorted(name for name, obj in grown.items() if _sized(obj))
    assert left == []


def test_cold_again_after_clear_all_gives_the_same_analysis():
    m = load_mission(LIBRARY / "derelict-crossing.yaml")
    warm = analyze(m, designer=False).to_dict()
    cache.clear_all()
    cold = analyze(m, designer=False).to_dict()
    assert cold == warm


def test_lru_bounded_and_registered():
    lru = cache.LRU(2, name="test.lru")
    try:
        for k in range(5):
            lru.put(k, k * k)
        assert len(lru) == 2 and lru.get(4) == 16 and lru.get(0) is None
        assert cache.caches()["test.lru"] is lru
        cache.clear_all()
        assert len(lru) == 0
    finally:
        memo.unregister("test.lru")
