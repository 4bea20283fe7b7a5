"""The map's symbols say what the rules and the setup need: a hatchway's
door face and state, pieces at their true footprint, objectives with their
1" range, entry zones in their player's colour."""
from __future__ import annotations

import math

import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.export.drawing import Circle, Page, Path
from layout_editor.export.mapdraw import (
    DOOR,
    DOOR_EDGE,
    OPEN_DOOR,
    PLAYER_COLOURS,
    WALL,
    MapView,
    draw_map,
    player_colour,
)
from layout_editor.model.lattice import Placement
from layout_editor.model.mission import Board, EntryZone, Mission, Objective, Piece
from layout_editor.rules.geometry import piece_shape

CAT = default_catalogue()
K = 2.0  # points per mm: large enough to measure shapes


def one_piece(piece: Piece, rotation: int = 0) -> tuple[Page, Mission]:
    m = Mission(title="t", boards=(Board("A", rotation=rotation),), pieces=(piece,))
    page = Page(2000, 2000)
    draw_map(page, m, MapView(0, 0, 0, 0, K), CAT, labels=False)
    return page, m


def centroid(ops):
    pts = [p for op in ops for p in op.rings[0]]
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def side_of(point, piece: Piece, m: Mission) -> str:
    """left/right of walking from -> to (y down: right is clockwise)."""
    place = Placement.of(m.boards[0], CAT)
    a = place.node_table(piece.from_node)
    b = place.node_table(piece.to_node)
    px, py = point[0] / K, point[1] / K
    cross = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0])
    return "right" if cross > 0 else "left"


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("facing", ["left", "right"])
@pytest.mark.parametrize("code, a, b", [("A3", (2, 1), (2, 3)), ("B2", (4, 4), (3, 4)), ("B3-1", (5, 2), (6, 2))])
def test_hatchway_symbol_is_on_its_door_face(code, a, b, facing, rotation):
    closed = Piece(code, "A", from_node=a, to_node=b, facing=facing, open=False)
    page, m = one_piece(closed, rotation)
    door = [op for op in page.ops if isinstance(op, Path) and op.fill == DOOR]
    leaf = [op for op in page.ops if isinstance(op, Path) and op.fill == DOOR_EDGE]
    assert len(door) == 1 and leaf
    assert side_of(centroid(leaf), closed, m) == facing
    # The closed door fills the gap exactly: the catalogue's door footprint.
    shape = piece_shape(closed, m.boards[0], CAT)
    xs = [x / K for x, _ in door[0].rings[0]]
    ys = [y / K for _, y in door[0].rings[0]]
    dx0, dy0, dx1, dy1 = shape.door.bounds
    assert min(xs) == pytest.approx(dx0) and max(xs) == pytest.approx(dx1)
    assert min(ys) == pytest.approx(dy0) and max(ys) == pytest.approx(dy1)

    opened = Piece(code, "A", from_node=a, to_node=b, facing=facing, open=True)
    page, m = one_piece(opened, rotation)
    assert not [op for op in page.ops if isinstance(op, Path) and op.fill == DOOR]
    swung = [op for op in page.ops if isinstance(op, Path) and (op.fill == OPEN_DOOR or op.stroke == OPEN_DOOR)]
    assert len(swung) == 2  # the leaf and its arc
    assert side_of(centroid(swung), opened, m) == facing


def test_pieces_print_at_their_footprint():
    pillar = Piece("pillar-left", "A", at=(3, 3), turned=True)
    page, m = one_piece(pillar, 90)
    walls = [op for op in page.ops if isinstance(op, Path) and op.fill == WALL]
    assert len(walls) == 1
    area = 0.0
    ring = walls[0].rings[0]
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        area += x0 * y1 - x1 * y0
    assert abs(area) / 2 / K ** 2 == pytest.approx(28 * 25)


def test_objective_marker_and_range_are_to_scale():
    m = Mission(title="t", boards=(Board("A"),), objectives=(Objective("7", (300.0, 200.0)),))
    page = Page(2000, 2000)
    draw_map(page, m, MapView(0, 0, 0, 0, K), CAT)
    circles = sorted(op.r / K for op in page.ops if isinstance(op, Circle)
                      and math.isclose(op.cx, 300 * K) and math.isclose(op.cy, 200 * K))
    assert 20.0 in [pytest.approx(r) for r in circles]           # the 40 mm marker
    assert circles[-1] == pytest.approx(20.0 + 25.4)              # its 1" range
    assert "7" in page.texts()


def test_entry_zones_take_their_players_colour():
    assert len(set(PLAYER_COLOURS)) == 4
    zones = tuple(EntryZone(p, "A", ((p, 0),)) for p in (1, 2, 3, 4))
    m = Mission(title="t", players=4, boards=(Board("A"),), entry_zones=zones)
    page = Page(2000, 2000)
    draw_map(page, m, MapView(0, 0, 0, 0, K), CAT)
    outlines = {op.stroke for op in page.ops if isinstance(op, Path) and op.stroke in PLAYER_COLOURS}
    assert outlines == {player_colour(p) for p in (1, 2, 3, 4)}
    assert {"P1", "P2", "P3", "P4"} <= set(page.texts())


@pytest.mark.parametrize("width_in", [2, 4, 7, 13, 19, 26, 40])
def test_scale_bar_numbers_stand_at_segment_ends_at_an_even_step(width_in):
    from layout_editor.export.drawing import Page, Text
    from layout_editor.export.drawing import Path as PathOp
    from layout_editor.export.mapdraw import INCH, draw_scale_bar

    page = Page(2000, 200)
    k = 1.0
    draw_scale_bar(page, 0, 10, k, width_in * INCH * k + 30, label="inches")
    ends = {round(x, 3) for op in page.ops if isinstance(op, PathOp) for x, _y in op.rings[0]}
    marks = [op for op in page.ops if isinstance(op, Text) and op.text.endswith('"')]
    values = [int(op.text[:-1]) for op in marks]
    assert values[0] == 0 and len(values) >= 2
    assert len({b - a for a, b in zip(values, values[1:])}) == 1  # one step
    for op in marks:
        assert round(op.x, 3) in ends  # at the end of a segment
