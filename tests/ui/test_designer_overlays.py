"""The designer's overlays: "Seen from the enemy" and "First-turn reach",
computed off the UI thread, draw what the analysis says."""
from __future__ import annotations

from dataclasses import replace

import pytest
from editor_helpers import make_window
from overlay_missions import room_walls
from PySide6.QtWidgets import QApplication

from layout_editor.model.mission import EntryZone, Objective, two_board_mission
from layout_editor.rules import designer

pytestmark = pytest.mark.qt


def room():
    m = two_board_mission("Room")
    pieces = room_walls(False)
    return replace(m, pieces=tuple(pieces), objectives=(Objective("1", (900.0, 200.0)),),
                   entry_zones=(EntryZone(1, "B", ((5, 0), (6, 0))), EntryZone(2, "A", ((1, 1),))))


def test_seen_from_the_enemy_draws_what_the_analysis_says(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    ov = w.feedback.overlays
    ov.actions["seen-from-the-enemy"].setChecked(True)
    assert w.feedback.settle(30000)
    layer = ov["seen-from-the-enemy"].layer
    assert layer.isVisible()
    want = designer.seen_from(w.document.mission, 32.0, "as-set")
    assert layer.data.metrics == want.metrics()
    assert layer.who_sees(206.5, 206.5) == [2]        # inside the closed room: only player 2
    assert layer.who_sees(1200.0, 100.0) == [1]       # beside player 1's zone
    ov.actions["seen-from-the-enemy"].setChecked(False)
    assert not layer.isVisible()


def test_first_turn_reach_bands(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    ov = w.feedback.overlays
    ov.actions["first-turn-reach"].setChecked(True)
    assert w.feedback.settle(30000)
    layer = ov["first-turn-reach"].layer
    data = layer.data
    assert layer.isVisible()
    ft = designer.first_turn(w.document.mission, 32.0, 6.0)
    for p, bands in data.bands.items():
        assert [b for b, _ in bands] == [6.0, 9.5, 12.0]
        for b, g in bands:
            assert g.area == pytest.approx(ft.area(p, b).area)
    # objective 1 at (900, 200) is far from both zones within 12"
    assert data.objectives[1]["6"] == [] and data.objectives[2]["12"] == []
    # a bigger base changes the picture (the toolbar's base size is used)
    ov.set_base_mm(50.0)
    assert w.feedback.settle(30000)
    assert layer.data.bands[1][0][1].area < data.bands[1][0][1].area


def test_designer_overlays_in_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    QApplication.processEvents()
    actions = w.feedback.overlays.actions
    assert actions["seen-from-the-enemy"].text() == "Vom Gegner gesehen"
    assert actions["first-turn-reach"].text() == "Reichweite im ersten Zug"
