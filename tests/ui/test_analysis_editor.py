"""Live rules feedback in the real editor window, offscreen: findings follow
edits, clicking one selects and centres its pieces, the table marks them,
stale answers never show, the overlays answer clicks and hatchway changes."""
from __future__ import annotations

from dataclasses import replace

import pytest
from editor_helpers import click, double_click, make_window, node_xy
from overlay_missions import INSIDE, OUTSIDE, hatchway, room_mission
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from layout_editor.model.edits import add_pieces
from layout_editor.model.mission import Piece
from layout_editor.rules import paths

pytestmark = pytest.mark.qt


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    settle(window)
    yield window
    window.feedback.worker.shutdown()
    window.document.undo_stack.setClean()   # closing asks nothing


def settle(w):
    assert w.feedback.settle(8000)


def stacked_walls(w):
    """Two B1 on one span with nothing to stand on: wall-on-wall errors."""
    pieces = [Piece("B1", "A", from_node=(5, 1), to_node=(5, 2)),
              Piece("B1", "A", from_node=(5, 1), to_node=(5, 2))]
    # add_pieces refuses a clash, as a drop would: put them in as a file could.
    w.document.reset(replace(w.document.mission, pieces=w.document.mission.pieces + tuple(pieces)))
    settle(w)
    return [p.uid for p in pieces]


def test_findings_follow_the_layout(w):
    panel = w.feedback.panel
    assert not any(f.severity == "error" for f in panel.findings())
    uids = stacked_walls(w)
    errors = [f for f in panel.findings() if f.severity == "error"]
    assert any(f.code == "wall-on-wall" and set(f.pieces) == set(uids) for f in errors)
    assert panel.summary_text().startswith(f"{len(errors)} error")
    problems = [f for f in panel.findings() if f.severity in ("error", "warning")]
    assert w.feedback.dock.windowTitle() == f"Findings ({len(problems)})"
    # The table marks the offending pieces, in the error colour.
    for uid in uids:
        assert w.scene.piece_item(uid).mark == "error"


def test_clicking_a_finding_selects_and_centres_its_pieces(qtbot, w):
    uids = stacked_walls(w)
    panel = w.feedback.panel
    lw = panel.list_widget()
    row = next(i for i in range(lw.count())
               if lw.item(i).data(Qt.UserRole + 1).code == "wall-on-wall")
    w.view.zoom_by(4)
    w.view.centerOn(1300, 500)              # look closely somewhere else first
    rect = lw.visualItemRect(lw.item(row))
    QTest.mouseClick(lw.viewport(), Qt.LeftButton, pos=rect.center())
    assert set(w.scene.selected_uids()) == set(uids)
    centre = w.view.mapToScene(w.view.viewport().rect().center())
    x, y = node_xy(w, "A", (5, 1))
    assert abs(centre.x() - x) < 60 and abs(centre.y() - (y + 48.5)) < 60


def test_stale_answers_are_dropped(qtbot, w):
    live = w.feedback.live
    dropped, shown = [], []
    w.feedback.worker.resultDropped.connect(lambda ch, g: dropped.append(ch))
    live.analysisReady.connect(lambda m, a: shown.append(m))
    # Five edits in a row without giving the worker a chance to answer.
    for n in range(5):
        w.document.apply("Place Pillar", add_pieces, [Piece("pillar-right", "B", at=(n + 1, 4))])
    settle(w)
    # Only the newest mission's findings were shown; at least the first
    # answer (for edit 1, started at once) came back stale.
    assert shown and shown[-1] is w.document.mission
    assert all(m is w.document.mission for m in shown)
    assert "findings" in dropped


def test_open_a_hatchway_and_the_regions_change(qtbot, w):
    ov = w.feedback.overlays
    ov.actions["regions"].trigger()                         # the toolbar toggle
    settle(w)
    assert ov["regions"].layer.isVisible()
    assert ov["regions"].layer.region_count == 2 and ov["regions"].layer.sealed_count == 1
    door = hatchway(w.document.mission)
    x, y = node_xy(w, "A", (3, 2))                      # the middle of the A3
    double_click(w, x, y)                               # open it, as a player would
    settle(w)
    assert w.document.mission.piece_by_uid(door.uid).open is True
    assert ov["regions"].layer.region_count == 1 and ov["regions"].layer.sealed_count == 0
    # The hatchway view overrides the file: all closed seals the room again.
    ov.hatch_combo.setCurrentIndex(2)
    ov.hatch_combo.activated.emit(2)
    settle(w)
    assert ov["regions"].layer.region_count == 2
    # and a bigger base changes what counts as reachable, not the count here
    ov.base_combo.setCurrentIndex(5)
    ov.base_combo.activated.emit(5)
    settle(w)
    assert ov.base_mm == 60.0 and ov["regions"].layer.region_count == 2


def test_measure_tool_two_clicks(qtbot, w):
    ov = w.feedback.overlays
    ov.set_hatches("open")
    ov.actions["measure"].trigger()
    assert w.active_tool.name == "Measure"
    click(w, *INSIDE)
    click(w, *OUTSIDE)
    settle(w)
    a, b = ov["measure"].start, ov["measure"].end
    assert abs(a[0] - INSIDE[0]) < 3 and abs(b[1] - OUTSIDE[1]) < 3
    expected = paths.measure(w.document.mission, a, b, hatches="open")
    assert expected.distance_mm is not None
    assert ov["measure"].layer.route_mm == pytest.approx(expected.distance_mm)
    assert ov["measure"].layer.caption().splitlines()[0].startswith(
        f'Route {expected.distance_mm / 25.4:.1f}"')
    # Esc clears the tape
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key_Escape)
    assert not ov["measure"].layer.isVisible()


def test_sight_tool_two_bases(qtbot, w):
    ov = w.feedback.overlays
    ov.actions["sight"].trigger()
    ov["sight"].mode_combo.setCurrentIndex(1)
    ov["sight"].mode_combo.activated.emit(1)
    click(w, *INSIDE)                     # observer inside the closed room
    click(w, *OUTSIDE)
    settle(w)
    assert ov["sight"].bases_layer.isVisible()
    assert ov["sight"].bases_layer.visible is False and ov["sight"].bases_layer.verdict().startswith("Not visible")
    ov.set_hatches("open")
    settle(w)
    assert ov["sight"].bases_layer.visible is not None


def test_sight_from_a_point_shows_its_visibility_polygon(qtbot, w):
    from layout_editor.rules.sight import visibility_polygon

    ov = w.feedback.overlays
    ov.actions["sight"].trigger()
    click(w, *INSIDE)
    settle(w)
    assert ov["sight"].visibility_layer.isVisible()
    point = ov["sight"].point
    inside = visibility_polygon(w.document.mission, point)
    assert ov["sight"].visibility_layer.area_mm2 == pytest.approx(inside.area)
    # From inside the closed room little is seen; open the door, more is.
    ov.set_hatches("open")
    settle(w)
    assert ov["sight"].visibility_layer.area_mm2 > inside.area
    assert "% of the battlefield" in ov["sight"].visibility_layer.caption()


def test_distances_from_a_clicked_point(qtbot, w):
    ov = w.feedback.overlays
    index = ov["distances"].source_combo.findText("from a clicked point")
    ov["distances"].source_combo.setCurrentIndex(index)
    ov["distances"].source_combo.activated.emit(index)
    assert w.active_tool.name == "Distances from point"
    assert ov.actions["distances"].isChecked()
    click(w, *OUTSIDE)
    settle(w)
    layer = ov["distances"].layer
    assert layer.isVisible()
    # everything but the four zones of the sealed room has a route
    assert layer.values_mm.count(None) == 4
    assert len(layer.values_mm) == 84


def test_a_finding_without_pieces_centres_on_its_places(qtbot, w):
    # The room mission's entry zones see each other: a warning about two
    # places, no piece.
    panel = w.feedback.panel
    (found,) = [f for f in panel.findings() if f.code == "entry-zones-in-sight"]
    assert not found.pieces and len(found.places) == 2
    # Not ringed until the finding is chosen (issue 24: unexplained circles)
    assert not w.feedback.places_layer._places
    w.view.zoom_by(4)
    w.view.centerOn(1300, 500)
    lw = panel.list_widget()
    item = panel.item_for(found)
    QTest.mouseClick(lw.viewport(), Qt.LeftButton, pos=lw.visualItemRect(item).center())
    # then the table rings those places in the warning colour, its words as their tooltip
    assert len(w.feedback.places_layer._places) == 2
    assert w.feedback.places_layer.toolTip() == found.message
    centre = w.view.mapToScene(w.view.viewport().rect().center())
    (x1, y1), (x2, y2) = found.places
    assert abs(centre.x() - (x1 + x2) / 2) < 60 and abs(centre.y() - (y1 + y2) / 2) < 60


def test_another_mission_takes_the_marks_off_the_table(qtbot, w):
    ov = w.feedback.overlays
    ov.actions["measure"].trigger()
    click(w, *INSIDE)
    click(w, *OUTSIDE)
    settle(w)
    assert ov["measure"].layer.isVisible()
    w.document.reset(room_mission(hatch_open=True))
    settle(w)
    assert not ov["measure"].layer.isVisible()


def test_balance_of_routes_to_the_objectives(qtbot, w):
    from layout_editor.model.mission import Objective
    from layout_editor.rules.analysis import objective_distances

    panel = w.feedback.panel
    assert not panel.balance_table().isVisible()          # no objectives yet
    m = w.document.mission
    # One objective near player 1's zone (A, bottom left), one in the middle.
    w.document.reset(replace(m, objectives=(Objective("1", (160.0, 450.0)),
                                            Objective("2", (700.0, 300.0)))))
    settle(w)
    table = panel.balance_table()
    assert table.isVisible()
    expected = objective_distances(w.document.mission)
    assert table.item(0, 0).text() == f'{expected["1"]["1"]:.1f}"'
    assert table.item(0, 1).text() == f'{expected["2"]["1"]:.1f}"'
    assert table.horizontalHeaderItem(2).text() == "Spread"
    # objective 1 is far nearer to player 1: marked unequal
    assert panel.balance_note().startswith("Unequal")


def test_an_overlay_answer_for_the_old_table_is_never_shown(qtbot, w, monkeypatch):
    import threading

    from layout_editor.rules import overlays as compute

    ov = w.feedback.overlays
    ov.set_visible("regions", True)
    settle(w)
    gate = threading.Event()
    real = compute.compute_regions
    asked = []

    def slow_regions(mission, *args):
        asked.append(mission)
        if len(asked) == 1:
            gate.wait(3)            # still working when the door opens
        return real(mission, *args)

    monkeypatch.setattr(compute, "compute_regions", slow_regions)
    ov.set_base_mm(40)              # asks about the closed room ...
    shown = []
    ov.updated.connect(lambda ch: shown.append(ov["regions"].layer.region_count) if ch == "regions" else None)
    door = hatchway(w.document.mission)
    x, y = node_xy(w, "A", (3, 2))
    double_click(w, x, y)           # ... and the door opens meanwhile
    gate.set()
    settle(w)
    assert w.document.mission.piece_by_uid(door.uid).open is True
    assert shown == [1]             # the closed room's 2 regions never showed


def test_the_marks_follow_each_new_set(w):
    """Each answer's marks replace the last: a piece no longer named loses
    its ring, the others change theirs."""
    a, b, c = list(w.scene.piece_items)[:3]
    w.scene.set_piece_marks({a: "error", b: "warning"})
    w.scene.set_piece_marks({b: "error", c: "warning"})
    assert [w.scene.piece_item(u).mark for u in (a, b, c)] == [None, "error", "warning"]
    w.scene.set_piece_marks({})
    assert all(item.mark is None for item in w.scene.piece_items.values())
