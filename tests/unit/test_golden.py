"""The rules core against hand-worked cases: tests/golden/<case>/ holds a
mission file and expected.yaml with the queries and the answers worked out
by hand (the arithmetic is in the file's comments)."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from layout_editor.io import load_mission
from layout_editor.rules import paths, reach, sight

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "expected.yaml").is_file())
TOLERANCE_MM = 1e-4  # the hand-worked answers are written to 5 decimals


KINDS = ("measure", "measure_errors", "sight", "sight_errors", "regions", "unreachable_cells")
# Kill Team's queries (kt-* cases): tests/unit/test_kill_team_golden.py asks them.
KT_KINDS = ("kt_measure", "kt_sight")


def expected_of(case: str) -> dict:
    return yaml.safe_load((GOLDEN / case / "expected.yaml").read_text(encoding="utf-8")) or {}


def queries(kind: str) -> list:
    """One test per query of this kind in every case, named case/kind/n: a
    case with no query of a kind makes no test of it."""
    return [pytest.param(case, q, id=f"{case}/{kind}/{n}")
            for case in CASES for n, q in enumerate(expected_of(case).get(kind) or [])]


_missions: dict = {}


def mission_of(case: str):
    if case not in _missions:
        _missions[case] = load_mission(GOLDEN / case / "mission.yaml")
    return _missions[case]


def test_every_case_asks_something_the_tests_know():
    for case in CASES:
        expected = expected_of(case)
        assert set(expected) <= set(KINDS + KT_KINDS), f"{case}: {sorted(set(expected) - set(KINDS + KT_KINDS))}"
        assert any(expected.get(k) for k in KINDS + KT_KINDS), f"{case} asks nothing"


def test_the_golden_cases_are_there():
    # the cases issue 2 asks for; a renamed folder must not silently drop one
    wanted = ["route-around-wall-end", "route-around-pillar", "route-through-hatchway",
              "sealed-room", "boards-apart", "boards-touching-turned", "sight-past-corner",
              "sight-through-open-hatchway", "sight-blocked-by-closed-hatchway",
              "regions-hatchway", "sight-through-a4-hatchway"]
    # the A3 turned end for end, on boards turned each way
    wanted += [f"a3-hatchway-end-for-end-{r}" for r in (0, 90, 180, 270)]
    for case in wanted:
        assert case in CASES
    # and issue 10's reach cases: an airlock, an exact fit, an inner table corner, bases that cannot stand
    for case in ["regions-airlock-at-seam", "regions-exact-fit", "regions-offset-boards-inner-corner",
                 "sight-base-must-stand"]:
        assert case in CASES


@pytest.mark.parametrize("case,q", queries("measure"))
def test_measure(case, q):
    mission = mission_of(case)
    m = paths.measure(mission, tuple(q["from"]), tuple(q["to"]),
                      hatches=q.get("hatches", "as-set"), straight=q.get("straight", False))
    where = f"{case}: {q}"
    if q["distance_mm"] is None:
        assert m.distance_mm is None, where
        assert m.route == [], where
        return
    assert m.distance_mm == pytest.approx(q["distance_mm"], abs=TOLERANCE_MM), where
    assert m.route[0] == pytest.approx(tuple(q["from"])), where
    assert m.route[-1] == pytest.approx(tuple(q["to"])), where
    # the route is as long as it says
    length = sum(math.dist(a, b) for a, b in zip(m.route, m.route[1:]))
    assert length == pytest.approx(m.distance_mm, abs=1e-9), where
    if "via" in q:
        assert [pytest.approx(tuple(c)) for c in q["via"]] == m.route[1:-1], where


@pytest.mark.parametrize("case,q", queries("measure_errors"))
def test_measure_errors(case, q):
    with pytest.raises(paths.MeasureError):
        paths.measure(mission_of(case), tuple(q["from"]), tuple(q["to"]), hatches=q.get("hatches", "as-set"))


@pytest.mark.parametrize("case,q", queries("sight"))
def test_sight(case, q):
    s = sight.sight_between(mission_of(case), tuple(q["observer"]), q["observer_mm"],
                            tuple(q["target"]), q["target_mm"], hatches=q.get("hatches", "as-set"))
    where = f"{case}: {q}"
    assert (s.visible, s.fully_visible) == (q["visible"], q["fully_visible"]), where
    # the answer comes with its proof: clear lines when visible, a blocked one when not fully
    assert bool(s.lines) == q["visible"], where
    if not q["fully_visible"]:
        assert s.blocked, where


@pytest.mark.parametrize("case,q", queries("sight_errors"))
def test_sight_errors(case, q):
    with pytest.raises(paths.MeasureError):
        sight.sight_between(mission_of(case), tuple(q["observer"]), q["observer_mm"],
                            tuple(q["target"]), q["target_mm"], hatches=q.get("hatches", "as-set"))


@pytest.mark.parametrize("case,q", queries("regions"))
def test_regions(case, q):
    got = reach.regions(mission_of(case), base_mm=q["base_mm"], hatches=q.get("hatches", "as-set"))
    where = f"{case}: {q}"
    assert len(got) == q["count"], where
    if "cells_of_smallest" in q:
        smallest = min(got, key=lambda r: r.area.area)
        assert smallest.cells == frozenset((b, tuple(c)) for b, c in q["cells_of_smallest"]), where


@pytest.mark.parametrize("case,q", queries("unreachable_cells"))
def test_unreachable_cells(case, q):
    got = reach.unreachable_cells(mission_of(case), base_mm=q["base_mm"], hatches=q.get("hatches", "as-set"))
    assert got == [(b, tuple(c)) for b, c in q["cells"]], f"{case}: {q}"
