"""Deployment presets on the whole battlefield (rules digest, "Three and four
players"), for boards side by side, end to end, turned and apart. No Qt."""
from dataclasses import replace

import pytest

from layout_editor.model import Board, EntryZone, Mission, two_board_mission
from layout_editor.model.deployments import (
    PRESETS,
    apply_deployment,
    battlefield,
    corner_cells,
    deployment_cells,
    edge_cells,
    preset,
    presets_for,
)

# A board is 704 x 607 mm with 7 x 6 zones.


def side_by_side():
    return two_board_mission()  # A at (0, 0), B at (704, 0): 1408 x 607


def end_to_end():
    return replace(two_board_mission(), boards=(Board("A", at=(0, 0)), Board("B", at=(0, 607))))


def both_turned():
    # Two boards turned a quarter, side by side: 1214 x 704, still wide.
    return replace(two_board_mission(), boards=(Board("A", at=(0, 0), rotation=90),
                                               Board("B", at=(607, 0), rotation=270)))


def one_turned_below():
    # A laid normally, B turned and laid below it: 704 x 1311, tall, L-shaped.
    return replace(two_board_mission(), boards=(Board("A", at=(0, 0)),
                                               Board("B", at=(0, 607), rotation=90)))


def apart():
    return replace(two_board_mission(), boards=(Board("A", at=(0, 0)), Board("B", at=(804, 0))))


LAYOUTS = [side_by_side, end_to_end, both_turned, one_turned_below, apart]


def centres(mission, cells):
    field = battlefield(mission)
    return [field.centres[c] for c in cells]


def test_side_by_side_corners_are_blocks_three_long_two_deep():
    m = side_by_side()
    field = battlefield(m)
    assert field.long_is_horizontal
    tl = corner_cells(field, "top-left", 3, 2)
    assert tl == {("A", (i, j)) for i in range(3) for j in range(2)}
    br = corner_cells(field, "bottom-right", 3, 2)
    assert br == {("B", (i, j)) for i in range(4, 7) for j in range(4, 6)}


def test_edge_strip_crosses_the_join_between_boards():
    m = side_by_side()
    top = edge_cells(battlefield(m), "top", 1)
    assert top == {("A", (i, 0)) for i in range(7)} | {("B", (i, 0)) for i in range(7)}


def test_four_corners_side_by_side():
    cells = deployment_cells(side_by_side(), "four-corners")
    assert cells[1] == {("A", (i, j)) for i in range(3) for j in range(2)}
    assert cells[2] == {("B", (i, j)) for i in range(4, 7) for j in range(2)}
    assert cells[3] == {("B", (i, j)) for i in range(4, 7) for j in range(4, 6)}
    assert cells[4] == {("A", (i, j)) for i in range(3) for j in range(4, 6)}


def test_four_corners_end_to_end_keep_long_side_along_the_long_edge():
    m = end_to_end()  # 704 x 1214: the long edges are left and right
    field = battlefield(m)
    assert not field.long_is_horizontal
    cells = deployment_cells(m, "four-corners")
    # Top-left corner: 2 zones across (short edge), 3 down (long edge).
    assert cells[1] == {("A", (i, j)) for i in range(2) for j in range(3)}
    # The corners at the bottom are on board B.
    bottom = [c for p in (2, 3) for c in cells[p]]
    assert all(b == "B" for b, _ in bottom)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_four_corners_sit_in_the_four_corners_of_the_battlefield(layout):
    m = layout()
    field = battlefield(m)
    x0, y0, x1, y1 = field.bounds
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    cells = deployment_cells(m, "four-corners")
    quadrants = set()
    for player in (1, 2, 3, 4):
        pts = centres(m, cells[player])
        assert len(pts) == 6
        qx = {x < mx for x, _ in pts}
        qy = {y < my for _, y in pts}
        assert len(qx) == 1 and len(qy) == 1, f"player {player} spans two quadrants"
        quadrants.add((qx.pop(), qy.pop()))
    assert len(quadrants) == 4


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("key", [p.key for p in PRESETS])
def test_no_cell_belongs_to_two_players_and_every_player_has_cells(layout, key):
    cells = deployment_cells(layout(), key)
    assert len(cells) == preset(key).players
    seen = set()
    for player, mine in cells.items():
        assert mine, f"player {player} got no cells"
        assert not (seen & mine)
        seen |= mine


def test_turned_boards_give_the_same_shape_of_deployment():
    m = both_turned()  # 1214 x 704, wide
    field = battlefield(m)
    assert field.long_is_horizontal
    cells = deployment_cells(m, "two-long-edges")
    # A turned board shows its 6-zone side along x: 6 + 6 cells across.
    assert len(cells[1]) == 12 and len(cells[2]) == 12
    top_y = {round(y) for _, y in centres(m, cells[1])}
    bottom_y = {round(y) for _, y in centres(m, cells[2])}
    assert top_y == {61} and bottom_y == {704 - 61}


def test_two_short_edges_side_by_side_are_two_columns_at_each_end():
    cells = deployment_cells(side_by_side(), "two-short-edges")
    assert cells[1] == {("A", (i, j)) for i in range(2) for j in range(6)}
    assert cells[2] == {("B", (i, j)) for i in range(5, 7) for j in range(6)}


def test_two_long_edges_end_to_end_run_down_both_boards():
    cells = deployment_cells(end_to_end(), "two-long-edges")
    assert cells[1] == {(b, (0, j)) for b in "AB" for j in range(6)}
    assert cells[2] == {(b, (6, j)) for b in "AB" for j in range(6)}


def test_three_players_long_edge_faces_the_two_opposite_corners():
    m = side_by_side()
    cells = deployment_cells(m, "three-long-edge")
    edge = centres(m, cells[1])
    assert {round(y) for _, y in edge} == {61}            # the top row
    xs = sorted(x for x, _ in edge)
    assert len(xs) == 6
    assert xs[0] + xs[-1] == pytest.approx(1408)          # centred on the battlefield
    for player in (2, 3):
        assert all(y > 607 / 2 for _, y in centres(m, cells[player]))  # bottom corners
    assert all(x < 704 for x, _ in centres(m, cells[2]))
    assert all(x > 704 for x, _ in centres(m, cells[3]))


def test_three_players_corner_variants():
    m = side_by_side()
    adjacent = deployment_cells(m, "three-corner-adjacent")
    edge_second = deployment_cells(m, "three-corner-edge")
    # Same places; only who takes the second and third differs.
    assert adjacent[1] == edge_second[1] == {("A", (i, j)) for i in range(3) for j in range(2)}
    assert adjacent[2] == edge_second[3]
    assert adjacent[3] == edge_second[2]
    assert all(b == "B" and j < 2 for b, (i, j) in adjacent[2])           # top-right corner
    assert {round(y) for _, y in centres(m, adjacent[3])} == {607 - 61}   # bottom long edge


def test_corner_on_an_l_shaped_battlefield_stays_on_the_board_in_that_corner():
    m = one_turned_below()  # tall: A (704 x 607) above B turned (607 x 704)
    cells = deployment_cells(m, "four-corners")
    field = battlefield(m)
    for player in (1, 2, 3, 4):
        boards = {b for b, _ in cells[player]}
        assert len(boards) == 1
    # The bottom-right corner of the bounding box is empty space beside B;
    # the corner deployment takes B's bottom-right cells instead.
    br = [p for p in (1, 2, 3, 4)
          if all(x > 300 and y > 900 for x, y in centres(m, cells[p]))]
    assert len(br) == 1
    xs = [x for x, _ in centres(m, cells[br[0]])]
    assert max(xs) < 607 and field.bounds[2] == 704


def test_apply_sets_players_and_keeps_names():
    m = replace(side_by_side(), entry_zones=(
        EntryZone(player=1, board="A", cells=((0, 0),), name="Boarding party"),
        EntryZone(player=2, board="B", cells=((6, 5),)),
    ))
    out = apply_deployment(m, "four-corners")
    assert out.players == 4
    assert [z.player for z in out.entry_zones] == [1, 2, 3, 4]
    assert out.entry_zones_of(1)[0].name == "Boarding party"
    assert out.entry_zones_of(2)[0].name is None
    # Cells are listed row by row, as files list them.
    assert out.entry_zones_of(1)[0].cells == ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))


def test_apply_splits_a_zone_across_boards_into_one_entry_zone_per_board():
    out = apply_deployment(side_by_side(), "three-long-edge")
    first = out.entry_zones_of(1)
    assert [z.board for z in first] == ["A", "B"]
    assert [len(z.cells) for z in first] == [3, 3]


def test_presets_for_each_player_count():
    assert {p.key for p in presets_for(2)} == {"two-short-edges", "two-long-edges"}
    assert len(presets_for(3)) == 3
    assert [p.key for p in presets_for(4)] == ["four-corners"]


def test_no_boards_gives_no_cells():
    m = Mission(title="Empty")
    assert deployment_cells(m, "four-corners") == {1: set(), 2: set(), 3: set(), 4: set()}
