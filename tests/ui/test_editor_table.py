"""Boards and the mission panel through the real window: moving a board
(flush snap, a gap shown in mm and inches), turning, adding and removing
boards, zoom and fit, and editing the mission's texts with undo."""
from __future__ import annotations

import pytest
from editor_helpers import drag, key, make_window, undo_texts, view_point
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from layout_editor.model import edits, two_board_mission
from layout_editor.model.mission import Objective, Piece

pytestmark = pytest.mark.qt


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    m = two_board_mission()
    m = edits.add_pieces(m, [Piece(code="B1", board="B", from_node=(0, 0), to_node=(1, 0))]).mission
    m = edits.set_objectives(m, [Objective("1", (900.0, 300.0))]).mission
    return make_window(qtbot, tmp_path, monkeypatch, m)


def board_at(w, board_id):
    return w.document.mission.board(board_id).at


def test_move_a_board_apart_shows_the_gap_then_snaps_back_flush(w):
    w.tool_actions["Boards"].trigger()
    assert w.active_tool.name == "Boards"
    drag(w, (1000, 300), (1200, 300))
    x, y = board_at(w, "B")
    assert x == pytest.approx(904.0, abs=3) and y == 0.0  # whole mm, to the pixel
    assert undo_texts(w) == ["Move Board B"]  # one gesture, one step
    (gap,) = w.scene.gap_items
    assert gap.gap.mm == pytest.approx(x - 704.0)
    assert gap.label.text() == f'{x - 704:.0f} mm ({(x - 704) / 25.4:.1f}")'
    # The piece and the objective on the board went with it.
    piece = w.document.mission.pieces[0]
    assert w.scene.piece_item(piece.uid).shape_.centre[0] == pytest.approx(x + 12.5 + 48.5)
    assert w.document.mission.objectives[0].at == (900.0 + x - 704.0, 300.0)
    # Back to within a few millimetres of the seam: it snaps flush.
    drag(w, (x + 296, 300), (1004, 303))
    assert board_at(w, "B") == (704.0, 0.0)
    assert w.scene.gap_items == []


def test_a_board_cannot_be_laid_on_another(w):
    w.tool_actions["Boards"].trigger()
    drag(w, (1000, 300), (600, 300))
    x, y = board_at(w, "B")
    assert x >= 704.0  # it stopped short of board A
    assert "would lie on board A" in w.statusBar().currentMessage()


def test_turn_add_and_remove_boards(w):
    w.tool_actions["Boards"].trigger()
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, view_point(w, 1000, 300))
    assert w.current_board() == "B"
    assert w.scene.board_items["B"].highlighted
    key(w, Qt.Key_R)
    b = w.document.mission.board("B")
    assert b.rotation == 90
    assert w.scene.board_items["B"].placement.size == (607.0, 704.0)
    assert undo_texts(w)[-1] == "Turn Board B"
    w.add_board_action.trigger()
    assert [b.id for b in w.document.mission.boards] == ["A", "B", "C"]
    assert "C" in w.scene.board_items
    key(w, Qt.Key_Delete)  # the chosen board, B, with its piece
    assert [b.id for b in w.document.mission.boards] == ["A", "C"]
    assert w.document.mission.pieces == ()
    assert "B" not in w.scene.board_items and w.scene.piece_items == {}
    w.document.undo_stack.undo()
    assert [b.id for b in w.document.mission.boards] == ["A", "B", "C"]
    assert len(w.scene.piece_items) == 1


def test_wheel_zooms_about_the_cursor_and_fit_shows_every_board(w):
    w.view.fit()
    s0 = w.view.transform().m11()
    target = view_point(w, 300, 200)
    before = w.view.mapToScene(target)
    ev = QWheelEvent(target.toPointF(), w.view.viewport().mapToGlobal(target).toPointF(), QPoint(0, 0),
                     QPoint(0, 240), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(w.view.viewport(), ev)
    assert w.view.transform().m11() > s0 * 1.3
    after = w.view.mapToScene(target)
    assert abs(after.x() - before.x()) < 3 and abs(after.y() - before.y()) < 3
    w.fit_action.trigger()
    assert w.view.transform().m11() == pytest.approx(s0, rel=0.02)
    vis = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert vis.contains(w.scene.table_rect())


def test_mission_panel_edits_are_undoable_steps(w, qtbot):
    panel = w.mission_panel
    panel.title.setFocus()
    panel.title.selectAll()
    QTest.keyClicks(panel.title, "Reactor Breach")
    assert w.document.mission.title == "Reactor Breach"
    assert undo_texts(w) == ["Edit Title"]  # typing merges into one step
    # Typing in a field never triggers the table's single-key shortcuts.
    QTest.keyClicks(panel.author, "Rosa")
    assert w.document.mission.author == "Rosa"
    panel.players.setCurrentIndex(1)
    panel.players.activated.emit(1)
    assert w.document.mission.players == 3
    panel.briefing.setPlainText("Seize the reactor.")
    panel.rounds.setValue(5)
    panel.points.setValue(500)
    panel.victory.setPlainText("Most points wins.")
    panel.add_section.click()
    QTest.keyClicks(panel.section_title, "Vents")
    panel.section_text.setPlainText("Roll for vents.")
    t = w.document.mission.mission
    assert (t.briefing, t.battle_rounds, t.points, t.victory) == ("Seize the reactor.", 5, 500, "Most points wins.")
    assert [(s.title, s.text) for s in t.sections] == [("Vents", "Roll for vents.")]
    # Undo brings the panel along.
    st = w.document.undo_stack
    while st.canUndo():
        st.undo()
    assert panel.title.text() == "New mission"
    assert panel.briefing.toPlainText() == ""
    assert panel.sections.count() == 0


def test_the_scene_redraws_only_what_an_edit_changed(w, monkeypatch):
    from layout_editor.ui.items.piece import PieceItem
    d = w.document
    d.apply("Place Pieces", edits.add_pieces, [
        Piece(code="A1", board="A", from_node=(1, 1), to_node=(1, 3)),
        Piece(code="B1", board="A", from_node=(4, 4), to_node=(5, 4)),
    ])
    items = dict(w.scene.piece_items)
    touched = []
    real = PieceItem.set_piece
    monkeypatch.setattr(PieceItem, "set_piece", lambda self, *a: touched.append(self.uid) or real(self, *a))
    moved = d.mission.pieces[1]
    d.apply("Move A1", edits.move_pieces, [moved.uid], (1, 0))
    assert touched == [moved.uid]
    assert w.scene.piece_items == items  # the same items: nothing rebuilt
    touched.clear()
    d.apply("Edit Title", edits.set_mission_fields, title="Only text")
    assert touched == []


def test_history_panel_lists_every_step_and_goes_back(w):
    d = w.document
    d.apply("Edit Title", edits.set_mission_fields, title="One")
    d.apply("Add Board", edits.add_board)
    model = w.history.model()
    assert model.rowCount() == 3  # the opened mission and two steps
    assert model.index(2, 0).data() == "Add Board"
    w.history.setCurrentIndex(model.index(0, 0))  # a click on "<opened>"
    assert d.undo_stack.index() == 0
    assert d.mission.title == "New mission" and len(d.mission.boards) == 2


def test_arrow_keys_nudge_the_chosen_board_and_it_lands_flush(w):
    w.tool_actions["Boards"].trigger()
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, view_point(w, 1000, 300))
    key(w, Qt.Key_Right)
    key(w, Qt.Key_Right)
    key(w, Qt.Key_Down)
    assert board_at(w, "B") == (724.0, 10.0)
    assert w.scene.gap_items and w.scene.gap_items[0].gap.mm == pytest.approx(20.0)
    key(w, Qt.Key_Left)
    key(w, Qt.Key_Up)
    key(w, Qt.Key_Left)
    assert board_at(w, "B") == (704.0, 0.0)
    key(w, Qt.Key_Left)  # onto board A: refused
    assert board_at(w, "B") == (704.0, 0.0)
    assert "would lie on board A" in w.statusBar().currentMessage()
    assert undo_texts(w).count("Move Board B") == 6
