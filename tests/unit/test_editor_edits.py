"""The editor's pure maths, without Qt: snapping a dropped piece, the clash
rules on the lattice, moving, turning and pasting pieces, and boards laid
flush or apart. Board A: node (i, j) at (12.5 + 97 i, 12.5 + 97 j) mm."""
from __future__ import annotations

from dataclasses import replace

import pytest

from layout_editor.model import two_board_mission
from layout_editor.model.edits import (
    EditRefused,
    add_board,
    add_pieces,
    duplicate_pieces,
    move_board,
    move_pieces,
    move_pieces_to,
    paste_pieces,
    remove_board,
    set_hatchways_open,
    turn_board,
    turn_end_for_end,
    turn_pieces,
)
from layout_editor.model.lattice import Placement
from layout_editor.model.mission import Board, Objective, Piece
from layout_editor.model.snapping import board_gaps, placement_problem, snap_board, snap_piece, snap_wall


def xy(i, j, board_x=0.0):
    return (board_x + 12.5 + 97 * i, 12.5 + 97 * j)


def wall(code, a, b, board="A", **kw):
    return Piece(code=code, board=board, from_node=a, to_node=b, **kw)


def node_piece(code, at, board="A", **kw):
    return Piece(code=code, board=board, at=at, **kw)


@pytest.fixture
def m():
    return two_board_mission()


# -- snapping ------------------------------------------------------------------

@pytest.mark.parametrize("offset,expected", [
    ((3, 60), ((2, 1), (2, 3))),      # nearer the vertical zone line
    ((30, 3), ((1, 1), (3, 1))),      # nearer the horizontal one
    ((-3, -60), ((2, 0), (2, 2))),    # centred as nearly as the lattice allows
])
def test_long_wall_snaps_to_the_nearest_zone_line_span(m, offset, expected):
    x, y = xy(2, 1)
    p = snap_piece(m, "A1", x + offset[0], y + offset[1])
    assert (p.from_node, p.to_node) == expected


def test_wall_never_leaves_the_grid():
    pl = Placement.of(Board(id="A"))
    assert snap_wall(pl, *xy(7, 6), 2) == ((7, 4), (7, 6)) or snap_wall(pl, *xy(7, 6), 2) == ((5, 6), (7, 6))
    assert snap_wall(pl, 2.0, 2.0, 2) in (((0, 0), (2, 0)), ((0, 0), (0, 2)))


def test_snapping_on_a_turned_board_uses_its_own_lattice():
    m = two_board_mission()
    m = replace(m, boards=(Board(id="A", rotation=90),))
    pl = Placement.of(m.boards[0])
    x, y = pl.node_table((3, 2))
    p = snap_piece(m, "B1", x + 40, y + 2)  # along the table x: the board's y axis
    assert p.from_node[0] == p.to_node[0] == 3
    assert {p.from_node[1], p.to_node[1]} == {2, 1} or {p.from_node[1], p.to_node[1]} == {2, 3}
    assert pl.node_table(p.from_node)[1] == pytest.approx(y)


def test_pieces_snap_to_nodes_and_wall_ends_cap_towards_the_cursor(m):
    p = snap_piece(m, "pillar-right", *(v + 20 for v in xy(4, 4)))
    assert p.at == (4, 4)
    x, y = xy(4, 4)
    e = snap_piece(m, "wall-end", x + 2, y - 30)
    assert (e.at, e.caps) == ((4, 4), (4, 3))
    assert snap_piece(m, "A1", -500, -500) is None


# -- clashes ---------------------------------------------------------------------

def test_pillar_stands_at_a_panel_end_not_in_its_middle(m):
    m = add_pieces(m, [wall("A1", (2, 1), (2, 3))]).mission
    assert placement_problem(m, [node_piece("pillar-left", (2, 1))]) is None
    assert placement_problem(m, [node_piece("pillar-left", (2, 3))]) is None
    assert "overlap" in str(placement_problem(m, [node_piece("pillar-left", (2, 2))]))


def test_walls_clash_on_a_shared_span_or_crossing(m):
    m = add_pieces(m, [wall("A1", (2, 1), (2, 3))]).mission
    assert placement_problem(m, [wall("B1", (2, 2), (2, 3))])          # shares a span
    assert placement_problem(m, [wall("A1", (1, 2), (3, 2))])          # crosses it
    assert placement_problem(m, [wall("B1", (2, 3), (3, 3))]) is None  # meets it at a corner
    assert placement_problem(m, [wall("A1", (2, 3), (2, 5))]) is None  # runs on from its end


def test_moulded_pillars_make_one_pillar_only_when_in_line(m):
    m = add_pieces(m, [wall("A2", (1, 1), (3, 1))]).mission
    assert placement_problem(m, [wall("A2", (3, 1), (5, 1))]) is None   # halves back to back
    assert placement_problem(m, [wall("A2", (3, 1), (3, 3))])           # at a corner: they clash
    assert placement_problem(m, [node_piece("pillar-left", (3, 1))])     # the node is taken


def test_pieces_off_the_board_are_refused(m):
    assert "off board" in str(placement_problem(m, [wall("A1", (6, 0), (8, 0))]))


def test_add_refuses_and_notes_stock(m):
    m = add_pieces(m, [wall("B1", (0, 0), (1, 0))]).mission
    with pytest.raises(EditRefused, match="overlap"):
        add_pieces(m, [wall("B2", (0, 0), (1, 0), facing="right", open=False)])
    for k in range(1, 4):
        m = add_pieces(m, [wall("B1", (0, k), (1, k))]).mission
    e = add_pieces(m, [wall("B1", (0, 5), (1, 5))])
    assert e.note and "B1 (5 of 4)" in str(e.note)


# -- moving and turning -------------------------------------------------------------

def test_move_group_keeps_its_shape_and_uids(m):
    a, p = wall("A1", (1, 1), (3, 1)), node_piece("pillar-left", (1, 1))
    m = add_pieces(m, [a, p]).mission
    e = move_pieces(m, [a.uid, p.uid], (1, 2))
    moved = {q.uid: q for q in e.mission.pieces}
    assert (moved[a.uid].from_node, moved[a.uid].to_node) == ((2, 3), (4, 3))
    assert moved[p.uid].at == (2, 3)
    assert e.change.pieces == {a.uid, p.uid}


def test_move_onto_a_turned_board_keeps_the_table_shape():
    m = two_board_mission()
    m = replace(m, boards=(m.boards[0], replace(m.boards[1], rotation=90)))
    a = wall("B1", (1, 1), (2, 1))           # runs along the table's x on board A
    p = node_piece("pillar-left", (1, 1))
    m = add_pieces(m, [a, p]).mission
    e = move_pieces_to(m, [a.uid, p.uid], ("A", (1, 1)), ("B", (3, 3)))
    got = {q.uid: q for q in e.mission.pieces}
    pl = Placement.of(e.mission.board("B"))
    fx, fy = pl.node_table(got[a.uid].from_node)
    tx, ty = pl.node_table(got[a.uid].to_node)
    assert tx - fx == pytest.approx(97) and ty == pytest.approx(fy)  # still along the table x
    assert got[p.uid].board == "B" and got[p.uid].turned is True      # a pillar keeps its look


def test_turn_a_single_wall_and_a_group_clockwise(m):
    a = wall("A1", (2, 0), (2, 2))  # runs down the table
    m = add_pieces(m, [a]).mission
    t = turn_pieces(m, [a.uid]).mission.pieces[0]
    assert (t.from_node, t.to_node) == ((3, 1), (1, 1))  # now runs leftwards
    with pytest.raises(EditRefused, match="nothing selected"):
        turn_pieces(m, [])
    # Turned into another wall: refused.
    m2 = add_pieces(m, [wall("B1", (1, 1), (2, 1))]).mission
    with pytest.raises(EditRefused, match="overlap"):
        turn_pieces(m2, [a.uid])


def test_turn_end_for_end_and_hatchways(m):
    h = wall("A3", (2, 1), (2, 3), facing="right", open=False)
    e = add_pieces(m, [h, node_piece("wall-end", (5, 5), caps=(5, 4))]).mission
    r = turn_end_for_end(e, [p.uid for p in e.pieces]).mission
    assert (r.pieces[0].from_node, r.pieces[0].to_node, r.pieces[0].facing) == ((2, 3), (2, 1), "right")
    assert r.pieces[1].caps == (5, 6)
    o = set_hatchways_open(r, [p.uid for p in r.pieces]).mission
    assert o.pieces[0].open is True
    with pytest.raises(EditRefused, match="no hatchway"):
        set_hatchways_open(o, [o.pieces[1].uid])


def test_paste_finds_room_and_duplicate_steps_along(m):
    a = wall("B1", (1, 1), (2, 1))
    m = add_pieces(m, [a]).mission
    e = paste_pieces(m, [a])
    new = [p for p in e.mission.pieces if p.uid in e.change.pieces]
    assert len(new) == 1 and new[0].uid != a.uid and new[0].from_node == (2, 2)
    d = duplicate_pieces(e.mission, [a.uid])
    assert len(d.mission.pieces) == 3


# -- boards -------------------------------------------------------------------------

def test_board_snaps_flush_or_lies_apart_with_a_gap(m):
    assert snap_board(m, "B", (712.0, 6.0), tolerance=20) == (704.0, 0.0)
    assert snap_board(m, "B", (800.0, 3.0), tolerance=20) == (800.0, 0.0)
    apart = move_board(m, "B", (800.0, 0.0)).mission
    (gap,) = board_gaps(apart)
    assert gap.mm == pytest.approx(96.0) and str(gap.text()) == '96 mm (3.8")'
    assert board_gaps(m) == []


def test_board_cannot_overlap_and_moves_its_objectives(m):
    m = replace(m, objectives=(Objective("1", (750.0, 100.0)),))
    with pytest.raises(EditRefused, match="lie on board A"):
        move_board(m, "B", (600.0, 0.0))
    e = move_board(m, "B", (704.0, 100.0))
    assert e.mission.objectives[0].at == (750.0, 200.0) and e.change.objectives


def test_turn_add_remove_boards(m):
    m = add_pieces(m, [wall("B1", (0, 0), (1, 0), board="B")]).mission
    t = turn_board(m, "B").mission.board("B")
    assert t.rotation == 90
    # Turned, it stays flush against board A and in line with its top.
    assert Placement.of(t).bounds == (704.0, 0.0, 704.0 + 607.0, 704.0)
    apart = move_board(m, "B", (1000.0, 0.0)).mission
    t = turn_board(apart, "B").mission.board("B")
    x0, y0, x1, y1 = Placement.of(t).bounds
    assert (x0 + x1) / 2 == pytest.approx(1000 + 352, abs=1)  # turned about its middle
    assert y0 == 0.0  # and its top kept in line with board A's
    a = add_board(m).mission
    assert a.boards[-1].id == "C" and a.boards[-1].at == (1408.0, 0.0)
    r = remove_board(m, "B")
    assert [b.id for b in r.mission.boards] == ["A"] and r.mission.pieces == ()
    with pytest.raises(EditRefused):
        remove_board(r.mission, "A")


def test_the_editor_model_never_imports_qt():
    import subprocess
    import sys
    code = ("import sys, layout_editor.model.edits, layout_editor.model.snapping; "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- an edit that changes nothing ----------------------------------------------

def test_a_layout_in_another_order_is_no_change(m):
    from layout_editor.model.edits import changes_nothing
    from layout_editor.model.mission import EntryZone

    a, b, c = wall("A1", (1, 1), (3, 1)), node_piece("pillar-left", (1, 1)), node_piece("pillar-right", (3, 1))
    base = replace(m, pieces=(a, b, c), objectives=(Objective("1", (100.0, 100.0)), Objective("2", (900.0, 300.0))),
                   entry_zones=(EntryZone(1, "A", ((0, 0),)), EntryZone(2, "B", ((6, 5),))))
    same = replace(base, pieces=(c.with_new_uid(), a, b), objectives=base.objectives[::-1],
                   entry_zones=base.entry_zones[::-1])
    assert changes_nothing(base, base) and changes_nothing(base, same)
    # a piece moved one zone line, in the same order or not
    moved = node_piece("pillar-right", (4, 1))
    assert not changes_nothing(base, replace(base, pieces=(a, b, moved)))
    assert not changes_nothing(base, replace(base, pieces=(moved, a, b)))
    # two of one piece for one of each: same length, other pieces
    assert not changes_nothing(base, replace(base, pieces=(a, b, b)))
    assert not changes_nothing(base, replace(base, pieces=(a, b)))
    # reordered, and the title changed too
    assert not changes_nothing(base, replace(same, title="Other"))
