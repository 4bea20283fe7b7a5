"""Kill Team's rules against hand-worked cases (tests/golden/kt-*): routes
with 1" more per access point crossed (kt_measure) and cover from wall
corners and ends (kt_sight). The arithmetic is in each expected.yaml."""
from __future__ import annotations

import math

import pytest
from test_golden import CASES, TOLERANCE_MM, expected_of, mission_of

from layout_editor.rules import kill_team as kt
from layout_editor.rules.kill_team import moves

KT_CASES = [c for c in CASES if c.startswith("kt-")]


def queries(kind: str) -> list:
    return [pytest.param(case, q, id=f"{case}/{kind}/{n}")
            for case in KT_CASES for n, q in enumerate(expected_of(case).get(kind) or [])]


def test_the_kill_team_cases_are_there():
    for case in ("kt-route-access-point", "kt-cover-corner", "kt-cover-doorway", "kt-cover-open-hatchway"):
        assert case in KT_CASES
    for case in KT_CASES:
        assert mission_of(case).game == "kill-team", case


@pytest.mark.parametrize("case,q", queries("kt_measure"))
def test_kt_measure(case, q):
    mission = mission_of(case)
    hatches = q.get("hatches", kt.ROUTE_HATCHES)
    m = kt.measure(mission, tuple(q["from"]), tuple(q["to"]), hatches=hatches, straight=q.get("straight", False))
    where = f"{case}: {q}"
    if q["distance_mm"] is None:
        assert m.distance_mm is None and m.route == [], where
        return
    assert m.distance_mm == pytest.approx(q["distance_mm"], abs=TOLERANCE_MM), where
    assert m.route[0] == pytest.approx(tuple(q["from"])) and m.route[-1] == pytest.approx(tuple(q["to"])), where
    crossed = kt.access_points_crossed(mission, m.route, hatches)
    assert crossed == q["access_points"], where
    # the distance is the tape's length and 1" per access point crossed (none for a straight line)
    length = sum(math.dist(a, b) for a, b in zip(m.route, m.route[1:]))
    extra = 0 if q.get("straight") else kt.ACCESS_POINT_MM * crossed
    assert length + extra == pytest.approx(m.distance_mm, abs=1e-9), where
    if "via" in q:
        assert [pytest.approx(tuple(c)) for c in q["via"]] == m.route[1:-1], where
    if "move_in" in q:
        # the move counted the rules' way: increments rounded up, +1" per access point, the least
        assert moves.move_in(mission, tuple(q["from"]), tuple(q["to"]), hatches=hatches) == q["move_in"], where


@pytest.mark.parametrize("case,q", queries("kt_sight"))
def test_kt_sight(case, q):
    r = kt.cover_between(mission_of(case), tuple(q["observer"]), q["observer_mm"], tuple(q["target"]),
                         q["target_mm"], hatches=q.get("hatches", kt.SIGHT_HATCHES))
    where = f"{case}: {q}"
    assert r.to_dict() == {"visible": q["visible"], "in_cover": q["in_cover"], "obscured": q["obscured"]}, where
    if "within_2in" in q:
        assert r.within_2in == q["within_2in"], where
    for key in ("cover_by", "obscured_by", "passed", "across_line"):
        if key in q:
            assert [_named(f) for f in getattr(r, key)] == [_name(n) for n in q[key]], where


def _name(entry) -> tuple:
    """A corner or end as a case names it: its node [i, j], or {at: [x, y]}
    for the end of the wall beside an access point (the opening's edge)."""
    if isinstance(entry, dict):
        return ("at", round(float(entry["at"][0]), 2), round(float(entry["at"][1]), 2))
    return ("node", int(entry[0]), int(entry[1]))


def _named(f) -> tuple:
    if f.node is None:
        return ("at", round(f.point[0], 2), round(f.point[1], 2))
    return ("node", int(f.node[0]), int(f.node[1]))
