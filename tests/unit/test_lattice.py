"""Board placement and lattice maths, checked against mission-format.md."""
import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.model import Board, Piece, two_board_mission
from layout_editor.model.lattice import Placement, cell_name, wall_span
from layout_editor.rules.geometry import piece_shape


def placed(rotation, at=(0, 0)):
    return Placement.of(Board(id="A", at=at, rotation=rotation))


@pytest.mark.parametrize("rotation,expected", [
    (0, (12.5, 12.5)),
    (90, (607 - 12.5, 12.5)),
    (180, (704 - 12.5, 607 - 12.5)),
    (270, (12.5, 704 - 12.5)),
])
def test_node_zero_after_turning(rotation, expected):
    assert placed(rotation).node_table((0, 0)) == pytest.approx(expected)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_local_and_table_round_trip(rotation):
    p = placed(rotation, at=(100, 50))
    for u, v in [(0, 0), (704, 607), (123.4, 56.7)]:
        assert p.to_local(*p.to_table(u, v)) == pytest.approx((u, v))


def test_turned_board_footprint_swaps_sides():
    assert placed(90).size == (607, 704)
    assert placed(0).size == (704, 607)


def test_grid_fits_board_exactly():
    kind = default_catalogue().board("boarding-actions")
    assert 2 * kind.border + kind.zones[0] * kind.pitch == kind.width
    assert 2 * kind.border + kind.zones[1] * kind.pitch == kind.height


def test_wall_span_needs_one_zone_line():
    assert wall_span((2, 1), (2, 3)) == 2
    assert wall_span((2, 1), (3, 1)) == 1
    assert wall_span((2, 1), (3, 2)) is None
    assert wall_span((2, 1), (2, 1)) is None


def test_cell_names_as_players_call_them():
    assert cell_name((0, 0)) == "A1"
    assert cell_name((6, 5)) == "G6"


def test_hatchway_leaf_on_the_face_it_says():
    board = two_board_mission().boards[0]
    # Walking south from (2,1) to (2,3): the right-hand face is west.
    right = piece_shape(Piece("A3", "A", from_node=(2, 1), to_node=(2, 3), facing="right"), board)
    left = piece_shape(Piece("A3", "A", from_node=(2, 1), to_node=(2, 3), facing="left"), board)
    node_x = 12.5 + 2 * 97
    assert right.leaf.centroid.x < node_x < left.leaf.centroid.x
    # The door fills the 50 mm opening centred on the zone nearer the to
    # node: 23.5 to 73.5 mm past the span's middle (node (2, 2)).
    assert right.door.bounds[1] == pytest.approx(12.5 + 97 + 97 + 23.5)
    assert right.door.bounds[3] == pytest.approx(12.5 + 97 + 97 + 73.5)


def test_columns_off_the_lattice_are_named_by_number():
    assert cell_name((-2, 0)) == "[-2]1"
    assert cell_name((26, 0)) == "AA1"
