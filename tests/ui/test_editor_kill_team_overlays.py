"""The overlays of a Kill Team mission ask the Kill Team rules core: routes
through every hatchway as operable with 1" more per access point (measure,
distances, the balance table), and the cover verdict for two bases. The
room of overlay_missions on a killzone's one board, its east wall an A3
whose hatchway starts closed; answers checked against the rules core."""
from __future__ import annotations

from dataclasses import replace

import pytest
from editor_helpers import make_window
from overlay_missions import INSIDE, OUTSIDE, room_walls

from layout_editor.model.mission import EntryZone, Objective, killzone_mission
from layout_editor.rules import kill_team, paths
from layout_editor.ui.analysis_worker import AnalysisWorker
from layout_editor.ui.overlays.controller import OverlayController
from layout_editor.ui.overlays.overlay import MEASURE, SIGHT
from layout_editor.ui.overlays.sight import SIGHT_BASES

pytestmark = pytest.mark.qt


def kt_room(hatch_open=False):
    return replace(killzone_mission("Room"), pieces=tuple(room_walls(hatch_open)),
                   entry_zones=(EntryZone(1, "A", ((0, 5), (1, 5))), EntryZone(2, "A", ((5, 0), (6, 0)))))


@pytest.fixture
def ctl(qtbot):
    from PySide6.QtWidgets import QGraphicsScene

    scene = QGraphicsScene()
    worker = AnalysisWorker(scene)
    c = OverlayController(scene, worker, scene)
    c.toolbar()
    c.set_mission(kt_room())
    yield c
    worker.shutdown()
    scene.clear()


def settle(c):
    assert c._worker.wait_idle(10000)


def test_measure_opens_the_access_point_and_adds_an_inch(ctl):
    ctl.request_tool(MEASURE)
    ctl.press(INSIDE)
    ctl.press(OUTSIDE)
    settle(ctl)
    m = ctl.mission
    expected = kill_team.measure(m, INSIDE, OUTSIDE)
    through = paths.measure(m, INSIDE, OUTSIDE, hatches="open")
    # The only way out of the room is its hatchway: one access point, 1" more.
    assert ctl["measure"].layer.route_mm == pytest.approx(expected.distance_mm)
    assert expected.distance_mm == pytest.approx(through.distance_mm + 25.4)
    assert '1 access point: 1" of it' in ctl["measure"].layer.caption()
    # "all closed" is the killzone at the start: no way out.
    ctl.set_hatches("closed")
    settle(ctl)
    assert ctl["measure"].layer.route_mm is None


def test_distances_from_a_drop_zone_reach_into_the_room(ctl):
    ctl.set_visible("distances", True)
    settle(ctl)
    values = ctl["distances"].layer.values_mm
    assert len(values) == 7 * 6
    assert values.count(None) == 0   # through the access point
    from layout_editor.rules.checks import entry_zone_geometry
    from layout_editor.rules.overlays import all_cells
    centres = [centre for *_, centre in all_cells(ctl.mission)]
    expected = kill_team.distances_from(ctl.mission, entry_zone_geometry(ctl.mission, 1), centres)
    assert values == pytest.approx(expected)
    assert "drop zone" in ctl["distances"].source_combo.toolTip()


def test_two_bases_get_the_cover_verdict(ctl):
    ctl.request_tool(SIGHT)
    ctl["sight"].set_mode(SIGHT_BASES)
    observer, target = (500.0, 450.0), INSIDE
    ctl.press(observer)
    ctl.press(target)
    settle(ctl)
    result = kill_team.cover_between(ctl.mission, observer, 32.0, target, 32.0)
    layer = ctl["sight"].bases_layer
    assert layer.cover is not None
    assert layer.visible is result.visible
    assert layer.verdict().splitlines()[0] == "Not visible"   # the hatchway is closed at the start
    ctl.set_mission(kt_room(hatch_open=True))
    settle(ctl)
    result = kill_team.cover_between(ctl.mission, observer, 32.0, target, 32.0)
    words = {(False, False): "Visible, not in cover", (True, False): "Visible, in cover",
             (False, True): "Visible, obscured", (True, True): "Visible, in cover and obscured"}
    expected = words[(result.in_cover, result.obscured)] if result.visible else "Not visible"
    assert layer.verdict().splitlines()[0] == expected


def test_the_balance_table_measures_the_killzone_routes(qtbot, tmp_path, monkeypatch):
    m = replace(kt_room(hatch_open=False), objectives=(Objective("1", INSIDE), Objective("2", OUTSIDE)))
    w = make_window(qtbot, tmp_path, monkeypatch, m)
    w.feedback.dock.raise_()
    assert w.feedback.settle()
    qtbot.waitUntil(lambda: w.feedback.panel.balance_table().rowCount() == 3)
    table = w.feedback.panel.balance_table()
    # each cell: the move counted in whole-inch increments, the tape's length beside it
    from layout_editor.rules.kill_team.zone_moves import balance_moves, move_table
    expected = kill_team.balance(w.document.mission)
    moves = move_table(balance_moves(w.document.mission))
    for row, oid in enumerate(("1", "2")):
        for col, player in enumerate(("1", "2")):
            d, mv = expected[player][oid], moves[player][oid]
            text = table.item(row, col).text()
            assert text == ("no route" if d is None else f'{mv:g}" ({d:.1f}")')
            if d is not None:
                assert "whole-inch increments" in table.item(row, col).toolTip()
    assert table.horizontalHeaderItem(0).toolTip() == "Player 1: route from their drop zone"
    assert "access point" in w.feedback.panel._balance_title.text()


def test_opening_a_killzone_hands_the_distances_toggle_to_kill_teams(qtbot, tmp_path, monkeypatch):
    """Distances switched on for a Boarding Actions mission stay on when a
    Kill Team mission is opened: Kill Team's own overlay (kill_team_distances)
    takes the toolbar's entry, and back."""
    from overlay_missions import room_mission

    w = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    ov = w.feedback.overlays
    ov.actions["distances"].trigger()
    assert w.feedback.settle(10000)
    assert ov["distances"].layer.isVisible()
    w.document.reset(kt_room())
    assert w.feedback.settle(10000)
    kt = ov["distances"]
    assert kt.key == "kill-team-distances" and kt.on and kt.layer.isVisible()
    assert ov.actions["kill-team-distances"].isChecked() and ov.actions["kill-team-distances"].isVisible()
    assert not ov.actions["distances"].isVisible() and not ov.overlays[1].layer.isVisible()
    assert "drop zone" in w.statusBar().currentMessage()
    w.document.reset(room_mission())
    assert w.feedback.settle(10000)
    assert ov["distances"].key == "distances" and ov.actions["distances"].isChecked()
    assert "entry zone" in w.statusBar().currentMessage()
