"""Entry zones, deployment presets and named regions through the real window
offscreen: paint by dragging over zones, erase by painting over painted
zones or with the right button, one undo step per drag, lay out a preset,
name a zone, paint and rename a region."""
from __future__ import annotations

import pytest
from editor_helpers import make_window, undo_texts, view_point
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from layout_editor.model import two_board_mission
from layout_editor.model.placement_edits import player_cells, region_cells

pytestmark = pytest.mark.qt

P, B = 97.0, 12.5


def centre(board, i, j):
    return ((704.0 if board == "B" else 0.0) + B + P * (i + 0.5), B + P * (j + 0.5))


def stroke(w, start, end, button=Qt.LeftButton, steps=6):
    vp = w.view.viewport()
    a, b = view_point(w, *start), view_point(w, *end)
    QTest.mousePress(vp, button, Qt.NoModifier, a)
    for k in range(1, steps + 1):
        QTest.mouseMove(vp, QPoint(a.x() + (b.x() - a.x()) * k // steps, a.y() + (b.y() - a.y()) * k // steps))
    QTest.mouseRelease(vp, button, Qt.NoModifier, b)


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    return make_window(qtbot, tmp_path, monkeypatch, two_board_mission())


def test_drag_paints_the_zones_it_crosses_in_one_undo_step(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("A", 0, 0), centre("A", 0, 3))
    assert player_cells(w.document.mission, 1) == {("A", (0, j)) for j in range(4)}
    assert undo_texts(w) == ["Paint Entry Zone of Player 1"]
    assert w.placement.entry_zones.players() == [1]
    assert w.placement.preview.cells == []          # the preview is gone
    w.document.undo_stack.undo()
    assert w.document.mission.entry_zones == ()
    assert w.placement.entry_zones.players() == []


def test_a_stroke_across_the_join_paints_both_boards(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("A", 5, 2), centre("B", 1, 2))
    assert player_cells(w.document.mission, 1) == {("A", (5, 2)), ("A", (6, 2)), ("B", (0, 2)), ("B", (1, 2))}
    assert [z.board for z in w.document.mission.entry_zones] == ["A", "B"]


def test_painting_over_painted_zones_erases_and_right_drag_erases(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("A", 0, 0), centre("A", 3, 0))
    stroke(w, centre("A", 3, 0), centre("A", 2, 0))        # starts on a painted zone
    assert player_cells(w.document.mission, 1) == {("A", (0, 0)), ("A", (1, 0))}
    stroke(w, centre("A", 1, 2), centre("A", 0, 0), button=Qt.RightButton)
    assert player_cells(w.document.mission, 1) == {("A", (1, 0))}
    assert undo_texts(w) == ["Paint Entry Zone of Player 1", "Erase Entry Zone of Player 1",
                             "Erase Entry Zone of Player 1"]


def test_each_player_paints_with_their_own_brush(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("A", 0, 0), centre("A", 0, 5))
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key_2)                       # player 2's brush
    assert w.placement.state.player == 2
    stroke(w, centre("B", 6, 0), centre("B", 6, 5))
    m = w.document.mission
    assert player_cells(m, 1) == {("A", (0, j)) for j in range(6)}
    assert player_cells(m, 2) == {("B", (6, j)) for j in range(6)}
    assert w.placement.entry_zones.label_texts() == ["Player 1", "Player 2"]
    # The panel lists both with their zone counts and chose player 2.
    panel = w.placement_panel
    assert [panel.player_list.item(i).text() for i in range(2)] == ["Player 1  (6 zones)", "Player 2  (6 zones)"]
    assert panel.player_list.currentRow() == 1


def test_name_an_entry_zone_in_the_panel(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("A", 0, 0), centre("A", 0, 1))
    panel = w.placement_panel
    panel.zone_name.setText("Boarding party")
    panel.zone_name.editingFinished.emit()
    assert {z.name for z in w.document.mission.entry_zones_of(1)} == {"Boarding party"}
    assert w.placement.entry_zones.label_texts() == ["Player 1: Boarding party"]
    assert undo_texts(w)[-1] == "Name Entry Zone of Player 1"


def test_four_player_preset_from_the_panel(w):
    panel = w.placement_panel
    idx = panel.preset_combo.findData("four-corners")
    panel.preset_combo.setCurrentIndex(idx)
    panel.preset_button.click()
    m = w.document.mission
    assert m.players == 4
    assert player_cells(m, 1) == {("A", (i, j)) for i in range(3) for j in range(2)}
    assert player_cells(m, 3) == {("B", (i, j)) for i in range(4, 7) for j in range(4, 6)}
    assert w.placement.entry_zones.players() == [1, 2, 3, 4]
    assert panel.player_list.count() == 4
    assert panel.players_spin.value() == 4
    assert undo_texts(w) == ["Lay Out Deployment: 4 players: the four corners"]
    w.document.undo_stack.undo()
    assert w.document.mission.players == 2 and w.document.mission.entry_zones == ()
    assert panel.player_list.count() == 2


def test_fewer_players_in_the_panel_drops_the_extra_zones(w):
    panel = w.placement_panel
    panel.preset_combo.setCurrentIndex(panel.preset_combo.findData("three-long-edge"))
    panel.preset_button.click()
    assert w.document.mission.players == 3
    panel.players_spin.setValue(2)
    m = w.document.mission
    assert m.players == 2 and m.entry_zones_of(3) == ()
    assert w.placement.entry_zones.players() == [1, 2]


def test_paint_a_named_region_and_rename_it(w):
    panel = w.placement_panel
    panel.new_region_button.click()
    assert w.active_tool.name == "Named Regions"
    panel.region_name.setText("Airlock")
    panel.region_name.editingFinished.emit()
    assert w.placement.state.region == "Airlock"
    assert w.document.mission.regions == ()             # only a name until painted
    stroke(w, centre("B", 6, 2), centre("B", 6, 3))
    m = w.document.mission
    assert region_cells(m, "Airlock") == {("B", (6, 2)), ("B", (6, 3))}
    assert w.placement.regions.label_texts() == ["Airlock"]
    assert undo_texts(w) == ["Paint Region Airlock"]
    panel.region_name.setText("Outer airlock")
    panel.region_name.editingFinished.emit()
    assert [r.name for r in w.document.mission.regions] == ["Outer airlock"]
    assert w.placement.regions.label_texts() == ["Outer airlock"]
    panel.delete_region_button.click()
    assert w.document.mission.regions == ()
    w.document.undo_stack.undo()
    assert [r.name for r in w.document.mission.regions] == ["Outer airlock"]


def test_regions_and_entry_zones_do_not_take_each_others_cells(w):
    w.activate_tool("Entry Zones")
    stroke(w, centre("B", 6, 2), centre("B", 6, 2))
    w.activate_tool("Named Regions")
    stroke(w, centre("B", 6, 2), centre("B", 6, 3))
    m = w.document.mission
    assert player_cells(m, 1) == {("B", (6, 2))}
    assert region_cells(m, w.placement.state.region) == {("B", (6, 2)), ("B", (6, 3))}


def test_presets_are_in_the_table_menu(w):
    menu = next(a.menu() for a in w.menu("Table").actions() if a.text() == "Lay Out Entry Zones")
    names = [a.text() for a in menu.actions()]
    assert "4 players: the four corners" in names and len(names) == 6
    next(a for a in menu.actions() if a.text() == "2 players: opposite short edges").trigger()
    m = w.document.mission
    assert m.players == 2
    assert player_cells(m, 1) == {("A", (i, j)) for i in range(2) for j in range(6)}


def test_undoing_a_rename_forgets_the_new_name(w):
    panel = w.placement_panel
    w.activate_tool("Named Regions")
    w.placement.state.set_region("Airlock")
    stroke(w, centre("B", 6, 2), centre("B", 6, 2))
    panel.region_name.setText("Reactor")
    panel.region_name.editingFinished.emit()
    w.document.undo_stack.undo()
    texts = [panel.region_list.item(i).text() for i in range(panel.region_list.count())]
    assert texts == ["Airlock  (1 zone)"]


def test_choosing_a_player_in_the_panel_sets_the_brush_and_the_tool(w):
    w.placement_dock.raise_()
    panel = w.placement_panel
    item = panel.player_list.item(1)
    QTest.mouseClick(panel.player_list.viewport(), Qt.LeftButton, Qt.NoModifier,
                     panel.player_list.visualItemRect(item).center())
    assert w.active_tool.name == "Entry Zones"
    assert w.placement.state.player == 2
    assert "Player 2" in w.statusBar().currentMessage()
    stroke(w, centre("B", 6, 0), centre("B", 6, 1))
    assert player_cells(w.document.mission, 2) == {("B", (6, 0)), ("B", (6, 1))}
    assert player_cells(w.document.mission, 1) == set()
