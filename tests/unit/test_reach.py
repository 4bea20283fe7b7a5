"""Reaching (rules/reach.py): where a base stands and goes, its regions,
zones it cannot enter, and open hatchways as the rules treat them."""
from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import Point

from layout_editor.io import load_mission
from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import paths, reach
from layout_editor.rules.analysis import analyze
from layout_editor.rules.checks import run_checks
from layout_editor.rules.obstacles import _battlefield_key, board_pieces, layout_key, table_area

ROOM = (  # a one-zone room round cell [3, 2], nodes [3,2] [4,2] [4,3] [3,3]
    Piece(code="B1", board="A", from_node=(4, 2), to_node=(4, 3)),
    Piece(code="B1", board="A", from_node=(4, 3), to_node=(3, 3)),
    Piece(code="B1", board="A", from_node=(3, 3), to_node=(3, 2)),
    Piece(code="pillar-left", board="A", at=(3, 2)),
    Piece(code="pillar-right", board="A", at=(4, 2)),
    Piece(code="pillar-left", board="A", at=(4, 3)),
    Piece(code="pillar-right", board="A", at=(3, 3)),
)
HATCH = Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left", open=False)


def room(open_: bool | None = False) -> Mission:
    return Mission(title="t", boards=(Board(id="A"),), pieces=(replace(HATCH, open=open_),) + ROOM)


def test_an_empty_board_is_one_region_with_every_zone():
    m = Mission(title="t", boards=(Board(id="A"),))
    (r,) = reach.regions(m)
    assert len(r.cells) == 42
    # the centre of a 32 mm base keeps 16 mm from the edge
    assert r.area.bounds == pytest.approx((16, 16, 704 - 16, 607 - 16))
    assert reach.unreachable_cells(m) == []


def test_closed_room_is_its_own_region_open_room_is_not():
    assert len(reach.regions(room(False))) == 2
    assert len(reach.regions(room(True))) == 1
    assert len(reach.regions(room(False), hatches="open")) == 1
    assert len(reach.regions(room(True), hatches="closed")) == 2
    # None (not set) counts as closed
    assert len(reach.regions(room(None))) == 2


@pytest.mark.parametrize("base", [25, 32, 40, 50, 60])
def test_an_open_hatchway_lets_any_base_through(base):
    # 60 mm is wider than the 50 mm opening: the rules let it pass anyway
    assert len(reach.regions(room(True), base_mm=base)) == 1


def test_a_base_may_not_stand_in_an_open_hatchway():
    (r,) = reach.regions(room(True), base_mm=32)
    doorway = Point(352, 206.5)  # the middle of the opening
    assert not r.area.contains(doorway)
    # nor so close that its base reaches into the doorway (16 mm from its faces)
    assert not r.area.contains(Point(352, 203.75 - 15.9))
    assert r.area.contains(Point(352, 203.75 - 16.1))
    assert r.area.contains(Point(352, 209.25 + 16.1))


def test_a_gap_narrower_than_the_base_separates():
    # two parallel long walls 97 mm apart, open at both ends: a corridor 91.5 mm
    # wide between the panels' faces, narrowed at its mouths by the moulded pillars
    pieces = (
        Piece(code="A2", board="A", from_node=(2, 2), to_node=(4, 2)),
        Piece(code="A2", board="A", from_node=(2, 3), to_node=(4, 3)),
    )
    m = Mission(title="t", boards=(Board(id="A"),), pieces=pieces)
    assert len(reach.regions(m, base_mm=32)) == 1
    # the moulded pillars (25 mm across) leave 97 - 25 = 72 mm at the corridor's mouths
    assert len(reach.regions(m, base_mm=70)) == 1
    assert len(reach.regions(m, base_mm=75)) == 2


def test_zones_no_base_can_stand_in():
    # inside the room: 91.5 mm between the walls' faces; pillar corners cut it further
    m = room(False)
    assert reach.unreachable_cells(m, base_mm=32) == []
    assert reach.unreachable_cells(m, base_mm=100) == [("A", (3, 2))]
    small = min(reach.regions(m, base_mm=60), key=lambda r: r.area.area)
    assert small.cells == frozenset({("A", (3, 2))})


def test_regions_across_touching_boards_and_apart():
    touching = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))))
    apart = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(800.0, 0.0))))
    (r,) = reach.regions(touching)
    assert len(r.cells) == 84
    # a base may stand across the seam
    assert r.area.contains(Point(704, 300))
    got = reach.regions(apart)
    assert len(got) == 2
    assert {b for reg in got for b, _ in reg.cells} == {"A", "B"}


def test_bad_base_sizes_are_refused():
    m = room()
    for bad in (0, -5, float("nan"), "big"):
        with pytest.raises(ValueError):
            reach.regions(m, base_mm=bad)


def test_regions_are_cached_by_value():
    a = reach.regions(room(False))
    b = reach.regions(Mission(title="other title", boards=(Board(id="A"),),
                              pieces=tuple(p.with_new_uid() for p in room(False).pieces)))
    assert [x.area for x in a] == [y.area for y in b]
    assert a[0] is b[0]


# -- issue 10: open hatchways back to back, exact fits, inner table corners ------------

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden(case: str) -> Mission:
    return load_mission(GOLDEN / case / "mission.yaml")


def test_an_airlock_at_the_seam_is_one_region_and_the_program_agrees_with_itself():
    m = golden("regions-airlock-at-seam")
    assert len(reach.regions(m, base_mm=32)) == 1
    # validate: the objective on board B is reachable from the entry zones on A
    assert not [f for f in run_checks(m) if f.code in ("objective-unreachable", "cell-sealed")]
    a = analyze(m)
    assert a.metrics["regions"] == {"as_set": 1, "all_closed": 2, "all_open": 1}
    assert all(d is not None for row in a.metrics["objective_distances_in"].values() for d in row.values())
    # measure (a tape) goes straight through both doors, as the base does
    assert paths.measure(m, (600, 255), (800, 255)).distance_mm == pytest.approx(200.0)
    # one door closed (as set): the airlock leads nowhere; validate looks with every door open
    shut = replace(m, pieces=tuple(replace(p, open=False) if p.code == "B2" and p.board == "B" else p
                                   for p in m.pieces))
    assert len(reach.regions(shut, base_mm=32)) == 2
    assert len(reach.regions(shut, base_mm=32, hatches="open")) == 1
    assert paths.measure(shut, (600, 255), (800, 255)).distance_mm is None


def test_an_airlock_between_boards_laid_apart_is_not_a_way_across():
    m = golden("regions-airlock-at-seam")
    apart = replace(m, boards=(m.boards[0], replace(m.boards[1], at=(710.0, 0.0))))
    assert len(reach.regions(apart, base_mm=32, hatches="open")) == 2


def _doors_and_passages(m: Mission, r: float, hatches: str = "open"):
    doors = []
    for bp, (_, _, flags) in zip(board_pieces(layout_key(m)), _battlefield_key(m, hatches)):
        doors += [d for d, k in zip(bp.doors, bp.door_pieces) if flags[k]]
    return reach._passages(doors, r)


def test_perpendicular_passages_are_never_chained():
    # B2 on [3, 2]-[4, 2] (door x 327..377, crossed along y) and B2 on [4, 2]-[4, 3]
    # (door y 230..280, crossed along x): for r = 30 their passages overlap at
    # x 367.75..377, y 230..239.26, but a base would turn a corner inside two walls
    m = Mission(title="t", boards=(Board(id="A"),), pieces=(
        Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left", open=True),
        Piece(code="B2", board="A", from_node=(4, 2), to_node=(4, 3), facing="left", open=True)))
    db, axes, pb, passages = _doors_and_passages(m, 30.0)
    assert passages[0].intersection(passages[1]).area > 0
    assert reach._chained(m, "open", db, axes, pb) == []


def test_passages_chain_only_through_free_space():
    # three B2s on x = 109.5, 206.5 and 303.5, their doors in line (y 230..280);
    # the outer two's passages overlap once r > (300.75 - 112.25) / 2 = 94.25
    m = Mission(title="t", boards=(Board(id="A"),), pieces=tuple(
        Piece(code="B2", board="A", from_node=(i, 2), to_node=(i, 3), facing="left", open=(i != 2))
        for i in (1, 2, 3)))
    # the middle hatchway is closed: nothing chains across it
    assert reach._chained(m, "as-set", *_doors_and_passages(m, 95.0, "as-set")[:3]) == []
    assert sorted(reach._chained(m, "open", *_doors_and_passages(m, 95.0, "open")[:3])) == [(0, 1), (0, 2), (1, 2)]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_an_exact_fit_passes_on_a_board_turned_any_way(rotation):
    # the gap between the pillars on [3, 2] and [4, 2] is 69.0 mm (golden regions-exact-fit)
    m = golden("regions-exact-fit")
    turned = replace(m, boards=(replace(m.boards[0], rotation=rotation, at=(13.0, 7.0)),))
    assert len(reach.regions(turned, base_mm=69.0)) == 1
    assert len(reach.regions(turned, base_mm=69.0 + 1e-3)) == 2
    assert len(reach.regions(turned, base_mm=69.1)) == 2


def test_an_exact_fit_across_the_seam_between_moulded_pillars():
    # two boards whose moulded pillars face each other across the seam:
    # A2 on A ends at node [7, 2] with its half pillar x 677.5..691.5; B3-1 on B begins
    # at its node [0, 2] (x 716.5) with its half pillar x 716.5..730.5: 25.0 mm apart.
    m = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))), pieces=(
        Piece(code="A2", board="A", from_node=(5, 2), to_node=(7, 2)),
        Piece(code="B3-1", board="B", from_node=(0, 2), to_node=(1, 2), facing="left", open=False)))
    standing = reach.regions(m, base_mm=25.0)
    assert len(standing) == 1
    # a 25 mm base stands between them, touching both
    assert any(r.area.distance(Point(704, 206.5)) < 1e-5 for r in standing)
    assert not any(r.area.distance(Point(704, 206.5)) < 1e-3 for r in reach.regions(m, base_mm=25.01))


def test_the_base_keeps_r_from_an_inner_corner_of_the_table_and_both_edges_at_an_outer_one():
    m = golden("regions-offset-boards-inner-corner")
    r = 14.0
    (region,) = reach.regions(m, base_mm=2 * r)
    # inner corner K = (704, 85): a centre r + 0.01 from K on the diagonal stands
    # (a mitred join refused it: it is inside x > 704 - r, y < 85 + r)
    k = np.array([704.0, 85.0])
    diag = np.array([-1.0, 1.0]) / math.sqrt(2)
    assert region.area.contains(Point(*(k + (r + 0.05) * diag)))
    assert not region.area.contains(Point(*(k + (r - 0.05) * diag)))
    # the outer corners stay square: (r, r) from the corner stands, a hair inside does not
    assert region.area.distance(Point(r, r)) < 1e-5
    assert not region.area.contains(Point(r + 0.01, r - 0.01))
    assert region.area.distance(Point(1408 - r, 692 - r)) < 1e-5


def _disc_fits(m: Mission, pts: np.ndarray, r: float) -> tuple[np.ndarray, np.ndarray]:
    """Brute force: the distance from each point to what a base may not
    overlap (every piece and every hatchway's door) and to off the boards."""
    key = layout_key(m)
    blocked = shapely.union_all([bp.solid_and_doors for bp in board_pieces(key)])
    table = table_area(tuple(b for b, _ in key))
    shapely.prepare(table)
    on = shapely.contains_xy(table, pts[:, 0], pts[:, 1])
    d_edge = shapely.distance(table.boundary, shapely.points(pts))
    d_piece = shapely.distance(blocked, shapely.points(pts)) if not blocked.is_empty else np.full(len(pts), np.inf)
    return on, np.minimum(d_edge, d_piece)


@pytest.mark.parametrize("case,base,step", [
    ("regions-offset-boards-inner-corner", 28.0, 2.5),
    ("regions-offset-boards-inner-corner", 32.0, 2.5),
    ("regions-exact-fit", 69.0, 2.0),
    ("regions-airlock-at-seam", 15.0, 2.5),
])
def test_where_a_base_stands_agrees_with_a_disc_tested_on_a_fine_grid(case, base, step):
    m = golden(case)
    r = base / 2
    x0, y0, x1, y1 = table_area(tuple(b for b, _ in layout_key(m))).bounds
    xs, ys = np.meshgrid(np.arange(x0 + 0.3, x1, step), np.arange(y0 + 0.7, y1, step))
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1)
    on, room = _disc_fits(m, pts, r)
    area = shapely.union_all([reg.area for reg in reach.regions(m, base_mm=base)])
    inside = shapely.contains_xy(area, pts[:, 0], pts[:, 1])
    # away from the boundary (the arcs are drawn with chords, 0.02 mm at most)
    sure = np.abs(room - r) > 0.05
    assert (inside[sure] == (on & (room >= r))[sure]).all()
    assert (on & (room >= r)).sum() > 100


def test_where_a_base_stands_on_a_library_mission_agrees_with_the_brute_force():
    m = load_mission(sorted((Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml"))[0])
    r = 16.0
    x0, y0, x1, y1 = table_area(tuple(b for b, _ in layout_key(m))).bounds
    xs, ys = np.meshgrid(np.arange(x0 + 0.3, x1, 4.0), np.arange(y0 + 0.7, y1, 4.0))
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1)
    on, room = _disc_fits(m, pts, r)
    area = shapely.union_all([reg.area for reg in reach.regions(m, base_mm=2 * r)])
    inside = shapely.contains_xy(area, pts[:, 0], pts[:, 1])
    sure = np.abs(room - r) > 0.05
    assert (inside[sure] == (on & (room >= r))[sure]).all()


def test_an_airlock_whose_doors_do_not_face_each_other_leads_nowhere():
    # B's hatchway one span further down (y 327..377 against A's 230..280): the
    # passages run parallel but do not overlap (and a pillar on node 3 parts
    # the slot between them)
    m = golden("regions-airlock-at-seam")
    moved = []
    for p in m.pieces:
        if p.board == "B" and p.code in ("B2", "A1") and p.from_node == (0, 3):
            moved.append(replace(p, code="B2", to_node=(0, 4), facing="right", open=True))
            moved.append(Piece(code="B1", board="B", from_node=(0, 4), to_node=(0, 5)))
            moved.append(Piece(code="pillar-left", board="B", at=(0, 4), turned=True))
        elif p.board == "B" and p.code == "B2":
            moved.append(replace(p, code="B1", facing=None, open=None))
        else:
            moved.append(p)
    m = replace(m, pieces=tuple(moved))
    assert [p.code for p in m.pieces if p.board == "B"].count("B2") == 1
    assert len(reach.regions(m, base_mm=32, hatches="open")) == 2


@pytest.mark.parametrize("hatches", ["closed", "as-set", "open"])
def test_a_bridge_is_clear_of_pieces_where_the_free_space_covers_it(hatches):
    """reach._clear_of_pieces (any table: each piece and closed door against
    the bridge, their union never made) against the free space's polygon
    covering the bridge, the plain way: boxes strewn over a dense table,
    and boxes lying against a blocking rectangle's side (touching is
    clear)."""
    import random

    import shapely

    from benchmarks.layouts import dense_mission
    from layout_editor.rules.obstacles import battlefield

    bf = battlefield(dense_mission(2), hatches)
    rng = random.Random(5)
    x0, y0, x1, y1 = bf.area.bounds
    boxes = []
    for _ in range(300):
        x, y = rng.uniform(x0 - 10, x1), rng.uniform(y0 - 10, y1)
        boxes.append(shapely.box(x, y, x + rng.uniform(0.5, 40), y + rng.uniform(0.5, 40)))
    r = bf.vrects
    for k in rng.sample(range(len(r)), 150):
        a, b, c, d = r[k].tolist()
        w = rng.uniform(0.5, 8)
        boxes.append(shapely.box(c, b, c + w, d) if rng.random() < 0.5 else shapely.box(a - w, b, a, d))
    clear = [reach._clear_of_pieces(bf, g) for g in boxes]
    assert clear == [bool(bf.free.covers(g)) for g in boxes]
    assert 50 < sum(clear) < len(boxes) - 50
