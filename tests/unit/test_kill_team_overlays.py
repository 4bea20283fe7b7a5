"""The editor's Kill Team overlays computed in the core (rules/overlays.py):
the balance, cover between two operatives, a measured route, hatchways."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from layout_editor.io import load_mission
from layout_editor.phrases import say
from layout_editor.rules import kill_team as kt
from layout_editor.rules import overlays

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden(case):
    return load_mission(GOLDEN / case / "mission.yaml")


def test_cover_overlay_says_the_verdict_and_marks_the_corner():
    m = golden("kt-cover-corner")
    d = overlays.compute_kt_cover(m, [((450, 150), 32), ((270, 205), 32)])
    assert d.problem is None and d.result.in_cover and d.result.obscured
    assert str(d.caption) == "visible, in cover and obscured (hatchways as set)"
    assert d.corners == [((303.5, 206.5), "cover"), ((303.5, 206.5), "obscuring")]
    d = overlays.compute_kt_cover(m, [((450, 150), 32), ((200, 215), 32)])
    assert str(d.caption) == "visible, obscured (hatchways as set)"
    d = overlays.compute_kt_cover(m, [((280, 115), 32), ((283, 241), 32)])
    assert str(d.caption) == "visible, not in cover (hatchways as set)" and d.corners == [((303.5, 206.5), "passed")]
    d = overlays.compute_kt_cover(m, [((250, 100), 32), ((340, 250), 32)])
    assert str(d.caption) == "not visible (hatchways as set)"
    d = overlays.compute_kt_cover(m, [((303.5, 206.5), 32), ((340, 250), 32)])
    assert d.result is None and "inside a wall" in str(d.problem)
    # the end of the wall beside an open access point is marked at the opening's edge
    d = overlays.compute_kt_cover(golden("kt-cover-open-hatchway"), [((365, 45), 32), ((330, 236), 32)], hatches="open")
    assert str(d.caption) == "visible, in cover (all hatchways open)" and d.corners == [((327.0, 206.5), "cover")]
    german = {"visible, in cover ({view})": "sichtbar, in Deckung ({view})",
              "all hatchways open": "alle Schotttüren offen"}
    assert say(d.caption, lambda t: german.get(t, "")) == "sichtbar, in Deckung (alle Schotttüren offen)"


def test_measure_overlay_counts_access_points():
    m = golden("kt-route-access-point")
    d = overlays.compute_kt_measure(m, (330, 186.5), (330, 226.5))
    assert d.route_mm == pytest.approx(65.4) and d.access_points == 1 and d.straight_mm == pytest.approx(40)
    d = overlays.compute_kt_measure(m, (330, 186.5), (330, 226.5), hatches="closed")
    assert d.access_points == 0 and d.route_mm == pytest.approx(93.65858, abs=1e-4)
    assert overlays.compute_kt_measure(m, (352, 206.5), (330, 226.5), hatches="closed").problem is not None


def test_balance_and_hatchways_overlays_are_the_rules_answers():
    from dataclasses import replace

    from test_kill_team_hatchways import door_field

    from layout_editor.model.mission import Objective

    m = replace(door_field(), objectives=(Objective(id="1", at=(158.0, 255.0)),))
    b = overlays.compute_kt_balance(m)
    # the table's numbers are the moves counted the rules' way, the tape's lengths beside them
    from layout_editor.rules.kill_team.zone_moves import balance_moves, move_table
    assert b.distances == move_table(balance_moves(m)) and b.lengths == kt.balance(m) and not b.empty
    for p, row in b.distances.items():
        for oid, mv in row.items():
            assert mv == int(mv) and mv >= math.ceil(b.lengths[p][oid] - 0.005)
    assert b.fairness["total_spread_pct"] > 10
    (h,) = overlays.compute_kt_hatchways(m).hatchways
    assert h["first"] == ("1",) and h["moves"] == {"1": 2, "2": 3} and h["hatchway_fight"] is True
    assert overlays.compute_kt_balance(replace(m, objectives=())).empty
