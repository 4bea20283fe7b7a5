"""The editor's live check has a time budget: findings arrive as they are
found, a check past its budget stops and says so, a stale check stops at its
next part. A mission of thousands of stacked pieces is checked at once, not
pair by pair. (No timed assertions: the budgets are set to zero here.)"""
from __future__ import annotations

from dataclasses import replace

import pytest

from layout_editor.model.mission import Piece, two_board_mission
from layout_editor.rules.checks import run_checks
from layout_editor.ui.analysis_worker import LiveAnalysis

pytestmark = pytest.mark.qt



def stacked(n: int):
    m = two_board_mission()
    return replace(m, pieces=tuple(Piece(code="pillar-left", board="A", at=(3, 3)) for _ in range(n)))


def test_findings_arrive_as_they_are_found(qtbot, worker):
    live = LiveAnalysis(worker)
    live.SHOW_PARTIAL_S = 0.0  # show after every part
    shown = []
    live.analysisReady.connect(lambda m, f: shown.append([x.code for x in f]))
    live.set_mission(stacked(3))
    assert worker.wait_idle(30_000)
    qtbot.waitUntil(lambda: len(shown) >= 2, timeout=5000)
    # The node clash is known after the first part, before reach and sight.
    assert "node-clash" in shown[0]
    assert shown[-1] == [f.code for f in run_checks(stacked(3))]


def test_a_check_past_its_budget_stops_and_says_so(qtbot, worker):
    live = LiveAnalysis(worker)
    live.BUDGET_S = 0.0
    shown = []
    live.analysisReady.connect(lambda m, f: shown.append(f))
    live.set_mission(stacked(2))
    assert worker.wait_idle(30_000)
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    codes = [f.code for f in shown[-1]]
    assert "check-stopped" in codes and "node-clash" in codes
    assert len(codes) < len(run_checks(stacked(2)))


def test_a_stale_check_is_never_shown(qtbot, worker):
    live = LiveAnalysis(worker)
    live.SHOW_PARTIAL_S = 0.0
    shown = []
    live.analysisReady.connect(lambda m, f: shown.append(m))
    first, second = stacked(2), stacked(4)
    live.set_mission(first)
    live.set_mission(second)
    assert worker.wait_idle(30_000)
    qtbot.waitUntil(lambda: bool(shown) and shown[-1] is second, timeout=5000)
    assert first not in shown


def test_thousands_of_stacked_pillars_are_one_finding(qtbot, worker):
    live = LiveAnalysis(worker)
    shown = []
    live.analysisReady.connect(lambda m, f: shown.append(f))
    live.set_mission(stacked(3000))
    assert worker.wait_idle(60_000)
    clashes = [f for f in shown[-1] if f.code == "node-clash"]
    assert len(clashes) == 1 and len(clashes[0].pieces) == 3000
    assert len(clashes[0].message) < 2000
