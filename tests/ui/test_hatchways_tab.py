"""The Findings panel's Hatchways tab: worst first, hovering a row draws the
hatchway's line, clicking selects it; German headers."""
from __future__ import annotations

from dataclasses import replace

import pytest
from editor_helpers import make_window
from overlay_missions import room_walls
from PySide6.QtWidgets import QApplication

from layout_editor.model.mission import EntryZone, Objective, Piece, two_board_mission

pytestmark = pytest.mark.qt


def room():
    """A room on board A whose only door is an A3, open; player 2 inside,
    objective 1 inside; a B2 far away on board B matters to no one."""
    m = two_board_mission("Room")
    pieces = room_walls(True) + [Piece("B2", "B", from_node=(5, 5), to_node=(6, 5), facing="right", open=False)]
    return replace(m, pieces=tuple(pieces), objectives=(Objective("1", (206.5, 206.5)),),
                   entry_zones=(EntryZone(1, "B", ((5, 0), (6, 0))), EntryZone(2, "A", ((1, 1),))))


def show_tab(w):
    panel = w.feedback.panel
    panel.tabs.setCurrentWidget(panel.hatchways)
    assert w.feedback.settle(20000)
    return panel.hatchways.table()


def test_the_door_that_cuts_off_comes_first(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    assert w.feedback.settle(20000)
    t = show_tab(w)
    assert t.rowCount() == 2
    assert t.item(0, 0).text().startswith("A3 on board A")
    assert t.item(0, 1).text() == "open"
    assert t.item(0, 2).text() == "P1 to 1: cut off"
    assert t.item(1, 2).text() == "no change"
    # hovering the first row draws the A3's line: node (3, 1) to (3, 3) of A
    hf = w.feedback.hatchway_feedback
    uid = next(p.uid for p in w.document.mission.pieces if p.code == "A3")
    w.feedback.panel.hatchways.hatchwayHovered.emit(uid)
    assert hf.line.isVisible()
    r = hf.line.path().boundingRect()
    assert (r.left(), r.top(), r.bottom()) == (303.5, 109.5, 303.5)
    w.feedback.panel.hatchways.hatchwayHovered.emit(0)
    assert not hf.line.isVisible()
    w.feedback.panel.hatchways.hatchwayActivated.emit(uid)
    assert w.scene.selected_uids() == [uid]


def test_an_edit_refreshes_the_tab(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    t = show_tab(w)
    a3 = next(p for p in w.document.mission.pieces if p.code == "A3")
    from layout_editor.model import edits
    w.document.apply("Close", edits.set_hatchways_open, [a3.uid], False)
    assert w.feedback.settle(20000)
    assert t.item(0, 1).text() == "closed" and t.item(0, 2).text() == "P1 to 1: opened up"


def test_hatchways_tab_in_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    t = show_tab(w)
    QApplication.processEvents()
    assert w.feedback.panel.tabs.tabText(1) == "Schotttüren"
    assert t.horizontalHeaderItem(1).text() == "Wie gestellt"
    assert t.item(0, 2).text() == "S1 zu 1: abgeschnitten"
