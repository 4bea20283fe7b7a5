"""A pillar dropped on a board's edge node is placed the way that stays within
the board (snapping.py's notes): turned on a left or right edge, unturned on
a top or bottom edge, as held elsewhere and at corners, where neither fits."""
import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.model import two_board_mission
from layout_editor.model.lattice import Placement
from layout_editor.model.mission import Board, Mission
from layout_editor.model.snapping import pillar_fits, snap_piece
from layout_editor.rules.geometry import piece_shape

CAT = default_catalogue()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("node, held, expected", [
    ((0, 3), False, True), ((7, 2), False, True),     # left and right edges: only turned fits
    ((3, 0), True, False), ((4, 6), True, False),     # top and bottom edges: only unturned fits
    ((3, 3), False, False), ((3, 3), True, True),     # inside: as held
    ((0, 0), False, False), ((7, 6), True, True),     # corners: neither fits, as held
])
def test_edge_pillars_are_placed_the_way_that_fits(rotation, node, held, expected):
    m = Mission(title="Edges", boards=(Board("A", rotation=rotation),))
    pl = Placement.of(m.boards[0], CAT)
    x, y = pl.node_table(node)
    p = snap_piece(m, "pillar-right", x, y, turned=held, catalogue=CAT)
    assert (p.at, p.turned) == (node, expected)


def test_fits_agrees_with_the_footprint_on_the_table():
    # Brute force: the footprint the rules core draws lies within the board's
    # outline exactly when pillar_fits says so.
    from shapely.geometry import box
    m = two_board_mission()
    board = m.boards[0]
    pl = Placement.of(board, CAT)
    outline = box(*pl.bounds).buffer(1e-6)
    for node in pl.nodes():
        for turned in (False, True):
            x, y = pl.node_table(node)
            from layout_editor.model.mission import Piece
            p = Piece("pillar-left", board.id, at=node, turned=turned)
            inside = outline.contains(piece_shape(p, board, CAT).outline)
            assert inside == pillar_fits(pl, CAT.piece("pillar-left"), node, turned), (node, turned)
