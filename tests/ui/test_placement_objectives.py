"""Objective markers through the real window offscreen: place with the
Objectives tool (snapped to the zone centre, or free with Shift), move by
dragging, renumber and rename (dialog and panel), delete, undo."""
from __future__ import annotations

import pytest
from editor_helpers import click, double_click, make_window, undo_texts, view_point
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from layout_editor.model import two_board_mission

pytestmark = pytest.mark.qt

P, B = 97.0, 12.5


def centre(i, j, board_x=0.0):
    return (board_x + B + P * (i + 0.5), B + P * (j + 0.5))


def drag(w, start, end, modifier=Qt.NoModifier, steps=6):
    vp = w.view.viewport()
    a, b = view_point(w, *start), view_point(w, *end)
    QTest.mousePress(vp, Qt.LeftButton, modifier, a)
    for k in range(1, steps + 1):
        QTest.mouseMove(vp, QPoint(a.x() + (b.x() - a.x()) * k // steps, a.y() + (b.y() - a.y()) * k // steps))
    QTest.mouseRelease(vp, Qt.LeftButton, modifier, b)


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    w.activate_tool("Objectives")
    return w


def ats(w):
    return [(o.id, o.at) for o in w.document.mission.objectives]


def test_click_places_a_marker_at_the_zone_centre(w):
    click(w, 300, 120)   # inside zone C2 of board A, off its centre
    (oid, (x, y)), = ats(w)
    assert oid == "1"
    assert (x, y) == pytest.approx(centre(2, 1), abs=0.05)
    item = w.placement.objective_items["1"]
    assert item.pos().x() == pytest.approx(x) and item.pos().y() == pytest.approx(y)
    assert undo_texts(w) == ["Place Objective 1"]


def test_shift_click_places_a_marker_freely(w):
    click(w, 300, 120, Qt.ShiftModifier)
    (_, (x, y)), = ats(w)
    # Free placement: where the click landed (to a pixel of the fitted view).
    px = 1 / w.view.transform().m11()
    assert x == pytest.approx(300, abs=px) and y == pytest.approx(120, abs=px)
    assert (x, y) != pytest.approx(centre(2, 1), abs=1)


def test_the_hint_names_the_free_placement_key(w):
    assert "Shift" in w.statusBar().currentMessage()


def test_markers_are_numbered_and_a_click_off_the_boards_is_refused(w):
    click(w, *centre(0, 0))
    click(w, *centre(3, 3, 704))
    click(w, 700, -80)  # the table around the boards
    assert [o for o, _ in ats(w)] == ["1", "2"]
    assert "on a board" in w.statusBar().currentMessage()


def test_drag_moves_a_marker_in_one_undo_step_and_undo_puts_it_back(w):
    click(w, *centre(1, 1))
    drag(w, centre(1, 1), centre(4, 3))
    assert ats(w) == [("1", pytest.approx(centre(4, 3), abs=0.05))]
    assert undo_texts(w) == ["Place Objective 1", "Move Objective 1"]
    w.document.undo_stack.undo()
    assert ats(w) == [("1", pytest.approx(centre(1, 1), abs=0.05))]
    assert w.placement.objective_items["1"].pos().x() == pytest.approx(centre(1, 1)[0])


def test_shift_drag_moves_freely(w):
    click(w, *centre(1, 1))
    drag(w, centre(1, 1), (420.0, 333.0), Qt.ShiftModifier)
    (_, (x, y)), = ats(w)
    px = 1.5 / w.view.transform().m11()
    assert x == pytest.approx(420, abs=px) and y == pytest.approx(333, abs=px)


def test_double_click_renumbers_and_renames_in_one_step(w, qtbot):
    click(w, *centre(0, 0))
    click(w, *centre(2, 0))
    double_click(w, *centre(2, 0))
    dialog = w.tools["Objectives"].dialog
    assert dialog is not None and dialog.isVisible()
    dialog.number.setText("1")
    dialog.name.setText("Reactor core")
    dialog.accept()
    assert [(o.id, o.name) for o in w.document.mission.objectives] == [("2", None), ("1", "Reactor core")]
    assert undo_texts(w)[-1] == "Edit Objective 2"
    assert w.placement.objective_items["1"].label_text() == "Reactor core"
    w.document.undo_stack.undo()
    assert [(o.id, o.name) for o in w.document.mission.objectives] == [("1", None), ("2", None)]


def test_rename_in_the_panel(w, qtbot):
    click(w, *centre(0, 0))
    panel = w.placement_panel
    assert panel.objective_list.count() == 1
    assert panel.objective_name.isEnabled()   # the new marker is the chosen one
    panel.objective_name.setText("Cogitator")
    panel.objective_name.editingFinished.emit()
    assert w.document.mission.objectives[0].name == "Cogitator"
    assert panel.objective_list.item(0).text() == "1  Cogitator"
    panel.objective_number.setText("A")
    panel.objective_number.editingFinished.emit()
    assert w.document.mission.objectives[0].id == "A"
    assert undo_texts(w)[-2:] == ["Rename Objective 1", "Renumber Objective 1 as A"]


def test_delete_key_removes_the_chosen_marker_and_undo_restores_it(w):
    click(w, *centre(0, 0))
    click(w, *centre(5, 5))
    click(w, *centre(0, 0))  # choose marker 1 (a click on a marker does not place one)
    assert len(ats(w)) == 2
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key_Delete)
    assert [o for o, _ in ats(w)] == ["2"]
    assert "1" not in w.placement.objective_items
    w.document.undo_stack.undo()
    assert [o for o, _ in ats(w)] == ["1", "2"]
    assert set(w.placement.objective_items) == {"1", "2"}


def test_clicking_a_free_marker_chooses_it_without_moving_it(w):
    click(w, 300, 120, Qt.ShiftModifier)
    before = ats(w)
    click(w, 300, 120)                       # no Shift: a plain click on the marker
    assert ats(w) == before
    assert w.placement.state.objective == "1"
    assert undo_texts(w) == ["Place Objective 1"]


def test_a_second_marker_in_the_same_zone_is_refused(w):
    click(w, *centre(2, 2))
    x, y = centre(2, 2)
    click(w, x + 40, y + 40)          # same zone, off the marker: it would snap onto it
    assert [o for o, _ in ats(w)] == ["1"]
    assert "lie on objective 1" in w.statusBar().currentMessage()


def test_escape_during_a_drag_puts_the_marker_back_then_stops_the_tool(w):
    click(w, *centre(1, 1))
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, view_point(w, *centre(1, 1)))
    QTest.mouseMove(vp, view_point(w, *centre(3, 3)))
    assert w.placement.objective_items["1"].pos().x() == pytest.approx(centre(3, 3)[0])
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key_Escape)
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, view_point(w, *centre(3, 3)))
    assert ats(w) == [("1", pytest.approx(centre(1, 1), abs=0.05))]
    assert w.placement.objective_items["1"].pos().x() == pytest.approx(centre(1, 1)[0])
    assert undo_texts(w) == ["Place Objective 1"]
    QTest.keyClick(w.view, Qt.Key_Escape)
    assert w.active_tool.name == "Select"
