"""Terrain on the table, driven through the real widgets offscreen: dropping
palette pieces (snapping, ghost, refusals), selecting, turning, moving,
deleting, hatchways, copy and paste, and undo/redo of each."""
from __future__ import annotations

import pytest
from editor_helpers import click, double_click, drag, key, make_window, undo_texts, view_point
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from layout_editor.model import two_board_mission

pytestmark = pytest.mark.qt

P, B = 97.0, 12.5  # zone pitch and border of the catalogue's board


def lattice(i, j):
    return (B + P * i, B + P * j)


def palette_item(w, code):
    lst = w.palette.list
    for n in range(lst.count()):
        if lst.item(n).data(Qt.UserRole + 1) == code:
            return lst, lst.visualItemRect(lst.item(n)).center()
    raise AssertionError(code)


def mouse(widget, kind, local, glob, buttons):
    ev = QMouseEvent(kind, QPointF(local), QPointF(glob), Qt.LeftButton, buttons, Qt.NoModifier)
    QApplication.sendEvent(widget, ev)


def carry(w, code, x, y, keys=()):
    """Press on the piece in the palette, carry it over the table to the
    table point (x, y), press `keys` on the way; returns the palette list
    so the caller can let go (`let_go`)."""
    lst, start = palette_item(w, code)
    vp = lst.viewport()
    mouse(vp, QEvent.MouseButtonPress, start, vp.mapToGlobal(start), Qt.LeftButton)
    # through a point beside the press (past the drag distance), then onto the table
    step = start + QPoint(30, 0)
    mouse(vp, QEvent.MouseMove, step, vp.mapToGlobal(step), Qt.LeftButton)
    target = w.view.viewport().mapToGlobal(view_point(w, x, y))
    mouse(vp, QEvent.MouseMove, vp.mapFromGlobal(target), target, Qt.LeftButton)
    for k in keys:
        QTest.keyClick(lst, k)
    return lst


def let_go(w, lst, x, y):
    target = w.view.viewport().mapToGlobal(view_point(w, x, y))
    vp = lst.viewport()
    mouse(vp, QEvent.MouseButtonRelease, vp.mapFromGlobal(target), target, Qt.NoButton)


def send_drag(w, code, x, y, drop=True):
    lst = carry(w, code, x, y)
    ghost_ok = w.scene.ghost.isVisible() and w.scene.ghost.ok
    if drop:
        let_go(w, lst, x, y)
    return ghost_ok


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    return make_window(qtbot, tmp_path, monkeypatch, two_board_mission())


def only_piece(w):
    (p,) = w.document.mission.pieces
    return p


def test_drop_a_wall_on_a_vertical_zone_line(w):
    x, y = lattice(2, 2)
    assert send_drag(w, "A3", x + 4, y + 10)
    p = only_piece(w)
    assert (p.code, p.board, p.from_node, p.to_node) == ("A3", "A", (2, 1), (2, 3))
    assert p.facing == "right" and p.open is False
    assert not w.scene.ghost.isVisible()
    assert undo_texts(w) == ["Place A3"]
    assert w.scene.piece_item(p.uid) is not None


def test_drop_a_wall_on_a_horizontal_zone_line_of_the_second_board(w):
    bx = 704.0
    x, y = lattice(4, 4)
    send_drag(w, "B1", bx + x + 40, y - 4)
    p = only_piece(w)
    assert (p.board, p.from_node, p.to_node) == ("B", (4, 4), (5, 4))


def test_drop_a_pillar_on_the_nearest_node(w):
    x, y = lattice(5, 3)
    send_drag(w, "pillar-left", x + 20, y - 30)
    p = only_piece(w)
    assert (p.code, p.at) == ("pillar-left", (5, 3))


def test_refused_drop_says_why_and_changes_nothing(w):
    x, y = lattice(2, 2)
    send_drag(w, "A1", x + 4, y + 10)
    before = w.document.mission
    # The same span again: the ghost is red and the drop is refused.
    assert send_drag(w, "B1", x + 4, y + 10) is False
    assert w.document.mission == before
    assert "overlap" in w.statusBar().currentMessage()
    assert "A1" in w.statusBar().currentMessage()
    assert undo_texts(w) == ["Place A1"]
    # A pillar in the middle of the long wall is refused too; at its end it slots in.
    send_drag(w, "pillar-left", *lattice(2, 2))
    assert len(w.document.mission.pieces) == 1
    send_drag(w, "pillar-left", *lattice(2, 1))
    assert len(w.document.mission.pieces) == 2


def test_place_tool_by_clicking(w):
    w.palette.list.setCurrentRow(0)
    w.palette._chosen(w.palette.list.item(0))  # A1, as a click on the palette does
    assert w.active_tool.name == "Place"
    x, y = lattice(1, 1)
    click(w, x + 40, y + 3)
    p = only_piece(w)
    assert (p.code, p.from_node, p.to_node) == ("A1", (0, 1), (2, 1))
    key(w, Qt.Key_Escape)
    assert w.active_tool.name == "Select"


def test_palette_counts_what_is_left(w):
    send_drag(w, "A3", *lattice(2, 2))
    item = w.palette.list.item(list(w.catalogue.pieces).index("A3"))
    assert "3 left of 4" in item.text()
    w.palette.sets.setValue(2)
    assert w.document.mission.sets == 2
    assert "7 left of 8" in item.text()


def test_select_turn_move_delete_with_undo_and_redo(w):
    x, y = lattice(2, 2)
    send_drag(w, "A1", x + 4, y + 10)
    p = only_piece(w)
    w.scene.select_uids([])
    click(w, x, y - 40)  # on the wall, between its nodes
    assert w.scene.selected_uids() == [p.uid]

    key(w, Qt.Key_R)
    t = only_piece(w)
    assert {t.from_node, t.to_node} == {(1, 2), (3, 2)} and t.uid == p.uid

    # Drag it one zone right and one down by its middle.
    drag(w, (x, y), (x + P, y + P))
    m = only_piece(w)
    assert {m.from_node, m.to_node} == {(2, 3), (4, 3)}
    assert undo_texts(w) == ["Place A1", "Turn A1", "Move Piece"]  # the drag is one step

    key(w, Qt.Key_Right)
    assert {only_piece(w).from_node, only_piece(w).to_node} == {(3, 3), (5, 3)}

    key(w, Qt.Key_Delete)
    assert w.document.mission.pieces == ()
    assert p.uid not in w.scene.piece_items

    st = w.document.undo_stack
    st.undo()
    assert only_piece(w).uid == p.uid and p.uid in w.scene.piece_items
    st.undo()
    st.undo()
    assert {only_piece(w).from_node, only_piece(w).to_node} == {(1, 2), (3, 2)}
    st.undo()
    assert only_piece(w).from_node == (2, 1)
    st.redo()
    st.redo()
    assert {only_piece(w).from_node, only_piece(w).to_node} == {(2, 3), (4, 3)}
    item = w.scene.piece_item(p.uid)
    assert item.piece == only_piece(w)


def test_drag_that_ends_where_it_began_leaves_no_undo_step(w):
    x, y = lattice(2, 2)
    send_drag(w, "B1", x + 4, y + 40)
    drag(w, (x, y + 50), (x + 2 * P, y + 50))
    drag(w, (x + 2 * P, y + 50), (x, y + 50))
    assert undo_texts(w)[-1] == "Move Piece"
    n = len(undo_texts(w))
    drag(w, (x, y + 50), (x + P, y + 50), steps=4)
    vp = w.view.viewport()
    # one gesture out and back
    from PySide6.QtTest import QTest
    a = view_point(w, x, y + 50)
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, a)
    QTest.mouseMove(vp, view_point(w, x + P, y + 50))
    QTest.mouseMove(vp, view_point(w, x, y + 50))
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, a)
    assert len(undo_texts(w)) == n + 1  # only the earlier real drag


def test_refused_move_keeps_the_pieces_and_says_why(w):
    send_drag(w, "A1", lattice(2, 2)[0] + 4, lattice(2, 2)[1] + 20)     # (2,1)-(2,3)
    send_drag(w, "A1", lattice(4, 2)[0] + 4, lattice(4, 2)[1] + 20)     # (4,1)-(4,3)
    first = w.document.mission.pieces[0]
    x, y = lattice(2, 2)
    drag(w, (x, y), (x + 2 * P, y))  # onto the other wall
    assert w.document.mission.piece_by_uid(first.uid).from_node == (2, 1)
    assert "overlap" in w.statusBar().currentMessage()


def test_double_click_opens_and_closes_a_hatchway(w):
    x, y = lattice(3, 3)
    send_drag(w, "A3", x + 3, y + 20)
    p = only_piece(w)
    assert p.open is False
    double_click(w, x, y)
    assert only_piece(w).open is True
    assert undo_texts(w)[-1] == "Open Hatchway"
    key(w, Qt.Key_O)
    assert only_piece(w).open is False
    assert undo_texts(w)[-1] == "Close Hatchway"
    key(w, Qt.Key_F)
    assert only_piece(w).facing == "left"
    key(w, Qt.Key_E)
    q = only_piece(w)
    assert (q.from_node, q.to_node) == (p.to_node, p.from_node)
    w.document.undo_stack.undo()
    w.document.undo_stack.undo()
    w.document.undo_stack.undo()
    assert only_piece(w).open is True


def test_rubber_band_select_copy_paste_duplicate(w):
    send_drag(w, "B1", lattice(1, 1)[0] + 40, lattice(1, 1)[1])
    send_drag(w, "pillar-right", *lattice(1, 1))
    send_drag(w, "B1", lattice(5, 5)[0] + 40, lattice(5, 5)[1])
    w.scene.select_uids([])
    drag(w, lattice(0.5, 0.5), lattice(2.5, 1.5))
    picked = w.scene.selected_uids()
    assert len(picked) == 2
    w.copy_action.trigger()
    w.paste_action.trigger()
    m = w.document.mission
    assert len(m.pieces) == 5
    new = [p for p in m.pieces if p.uid in set(w.scene.selected_uids())]
    assert sorted(p.code for p in new) == ["B1", "pillar-right"]
    # The copies keep their shape, one zone line along (the originals are in the way).
    pillar = next(p for p in new if p.code == "pillar-right")
    assert pillar.at == (2, 2)
    w.duplicate_action.trigger()
    assert len(w.document.mission.pieces) == 7
    assert undo_texts(w)[-2:] == ["Paste 2 Pieces", "Duplicate 2 Pieces"]


def test_status_bar_names_board_zone_and_table_position(w):
    from PySide6.QtTest import QTest
    x, y = lattice(2, 3)
    QTest.mouseMove(w.view.viewport(), view_point(w, x + 704 + 40, y + 40))
    text = w.position_label.text()
    assert "Board B" in text and "zone C4" in text and "mm" in text


def test_placing_more_than_the_sets_hold_is_allowed_with_a_warning(w):
    for j in range(5):
        send_drag(w, "B1", lattice(1, j)[0] + 40, lattice(1, j)[1] + 2)
    assert len(w.document.mission.pieces) == 5
    assert "More than 1 set holds: B1 (5 of 4)" in w.statusBar().currentMessage()
    item = w.palette.list.item(list(w.catalogue.pieces).index("B1"))
    assert "1 too many" in item.text()
    assert "needs 2 sets" in w.palette.need.text()


def test_shift_click_builds_a_group_that_drags_in_one_piece(w):
    send_drag(w, "A1", lattice(1, 1)[0] + 4, lattice(1, 1)[1] + 60)   # (1,1)-(1,3)
    send_drag(w, "pillar-left", *lattice(1, 1))
    send_drag(w, "B1", lattice(5, 5)[0] + 40, lattice(5, 5)[1])       # elsewhere
    wall, pillar, other = w.document.mission.pieces
    w.scene.select_uids([])
    click(w, lattice(1, 2)[0], lattice(1, 2)[1] - 30)
    click(w, *lattice(1, 1), modifier=Qt.ShiftModifier)
    assert set(w.scene.selected_uids()) == {wall.uid, pillar.uid}
    x, y = lattice(1, 2)
    drag(w, (x, y - 30), (x + 2 * P, y - 30 + P))
    m = w.document.mission
    assert (m.piece_by_uid(wall.uid).from_node, m.piece_by_uid(wall.uid).to_node) == ((3, 2), (3, 4))
    assert m.piece_by_uid(pillar.uid).at == (3, 2)
    assert m.piece_by_uid(other.uid) == other
    assert undo_texts(w)[-1] == "Move 2 Pieces"
    assert w.undo_action.text().replace("&", "") == "Undo Move 2 Pieces"
    # A plain click on one piece of the group picks it alone.
    click(w, *lattice(3, 2))
    assert w.scene.selected_uids() == [pillar.uid]
    # Shift-click adds to the selection and takes out again.
    click(w, lattice(3, 3)[0], lattice(3, 3)[1] - 30, modifier=Qt.ShiftModifier)
    assert set(w.scene.selected_uids()) == {wall.uid, pillar.uid}
    click(w, *lattice(3, 2), modifier=Qt.ShiftModifier)
    assert w.scene.selected_uids() == [wall.uid]
    w.cut_action.trigger()
    assert [p.uid for p in w.document.mission.pieces] == [pillar.uid, other.uid]
    w.paste_action.trigger()
    pasted = [p for p in w.document.mission.pieces if p.code == "A1"]
    assert len(pasted) == 1 and (pasted[0].from_node, pasted[0].to_node) == ((3, 2), (3, 4))


def test_place_tool_shows_a_ghost_before_the_click(w):
    w.tools["Place"].set_code("B2")
    w.activate_tool("Place")
    from PySide6.QtTest import QTest
    x, y = lattice(3, 3)
    QTest.mouseMove(w.view.viewport(), view_point(w, x + 40, y + 3))
    assert w.scene.ghost.isVisible() and w.scene.ghost.ok
    key(w, Qt.Key_F)  # the door on the other face, before placing
    click(w, x + 40, y + 3)
    p = only_piece(w)
    assert (p.code, p.from_node, p.to_node, p.facing) == ("B2", (3, 3), (4, 3), "left")
    # Away by a whole zone and back: a move of a millimetre or so can be no
    # pixel at all at the zoom the machine's fonts leave room for.
    QTest.mouseMove(w.view.viewport(), view_point(w, x + 40, y + 3 + P))
    assert w.scene.ghost.isVisible() and w.scene.ghost.ok  # the next line down is free
    QTest.mouseMove(w.view.viewport(), view_point(w, x + 40, y + 3))
    assert w.scene.ghost.isVisible() and not w.scene.ghost.ok  # taken now


# -- A3/A4: the doorway is in one half of the panel -------------------------------------

def ghost_door_centre(w):
    r = w.scene.ghost.doors.boundingRect()
    assert not r.isEmpty(), "the ghost shows no doorway"
    return r.center()


def test_carried_a3_shows_its_doorway_and_e_turns_it_end_for_end_before_the_drop(w):
    x, y = lattice(2, 2)  # on column line 2, between rows: the span (2,1)-(2,3)
    lst = carry(w, "A3", x + 4, y + 10)
    # the doorway is in the half nearer the to node (2, 3): centred on zone
    # line 2 at y + 48.5 (the middle of that zone)
    c = ghost_door_centre(w)
    assert c.y() == pytest.approx(y + 48.5, abs=1.5) and c.x() == pytest.approx(x, abs=4)
    QTest.keyClick(lst, Qt.Key_E)  # still carrying: the piece turns end for end
    c = ghost_door_centre(w)
    assert c.y() == pytest.approx(y - 48.5, abs=1.5)
    assert w.document.mission.pieces == ()  # nothing placed yet, nothing turned on the table
    let_go(w, lst, x + 4, y + 10)
    p = only_piece(w)
    assert (p.from_node, p.to_node) == ((2, 3), (2, 1))
    door = w.scene.piece_item(p.uid).shape_.door.centroid
    assert door.y == pytest.approx(y - 48.5, abs=0.01)
    assert undo_texts(w) == ["Place A3"]


def test_e_on_a_carried_piece_does_not_turn_the_selection(w):
    x, y = lattice(2, 2)
    assert send_drag(w, "A1", x + 4, y + 10)
    placed = only_piece(w)
    assert w.scene.selected_uids() == [placed.uid]
    lst = carry(w, "A4", *lattice(4, 2), keys=[Qt.Key_E])
    assert only_piece(w) == placed  # the selected A1 kept its ends
    QTest.keyClick(lst, Qt.Key_Escape)
    let_go(w, lst, *lattice(4, 2))
    assert only_piece(w) == placed  # Esc put nothing down
    assert not w.scene.ghost.isVisible()


def test_e_moves_a_placed_a4_doorway_to_the_other_half_at_once(w):
    x, y = lattice(3, 3)
    assert send_drag(w, "A4", x + 80, y + 3)  # along row line 3, nearest node 4: (3,3) -> (5,3)
    p = only_piece(w)
    assert (p.from_node, p.to_node) == ((3, 3), (5, 3))
    mid = x + 97
    item = w.scene.piece_item(p.uid)
    assert item.shape_.door.centroid.x == pytest.approx(mid + 48.5)
    key(w, Qt.Key_E)
    p = only_piece(w)
    assert (p.from_node, p.to_node) == ((5, 3), (3, 3))
    assert w.scene.piece_item(p.uid).shape_.door.centroid.x == pytest.approx(mid - 48.5)
    assert undo_texts(w)[-1].startswith("Turn A4 End for End")


def test_cut_and_paste_keeps_a_hatchways_door_and_a_pillars_turn(qtbot, tmp_path, monkeypatch):
    """The clipboard carries pieces as a mission file does (io's mapping):
    an open hatchway with its door on the left face and a turned pillar
    come back as they were."""
    from dataclasses import replace

    from PySide6.QtGui import QGuiApplication

    from layout_editor.model.mission import Piece
    from layout_editor.ui.main_window import PIECES_MARKER

    mission = replace(two_board_mission(), pieces=(
        Piece("A3", "A", from_node=(1, 1), to_node=(1, 3), facing="left", open=True),
        Piece("pillar-left", "A", at=(4, 4), turned=True)))
    w = make_window(qtbot, tmp_path, monkeypatch, mission)
    before = {p.code: p for p in w.document.mission.pieces}
    w.scene.select_uids([p.uid for p in w.document.mission.pieces])
    w.cut_action.trigger()
    assert w.document.mission.pieces == ()
    assert QGuiApplication.clipboard().text().startswith(PIECES_MARKER)
    w.paste_action.trigger()
    after = {p.code: p for p in w.document.mission.pieces}
    assert after == before  # same places, door, state and turn (uids are new)
    # Text that is not a copy of pieces pastes nothing and says so.
    QGuiApplication.clipboard().setText(PIECES_MARKER + "{not: [a mission")
    w.paste_action.trigger()
    assert len(w.document.mission.pieces) == 2
