"""Issue 13, item 4: the free space and the standing areas are worked out
board by board and glued along the board edges. Against the table-wide way
they replaced: the same free space, the same regions (area, zones, count),
on the layouts that make the gluing hard: boards touching, offset (an
L-shaped table), laid apart, overlapping, walls on and over a board edge,
and chains of edits on one board while the others' caches stay warm."""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import shapely

from layout_editor.catalogue import default_catalogue
from layout_editor.model import Board, Mission, Piece
from layout_editor.model.lattice import Placement
from layout_editor.rules import cache, reach
from layout_editor.rules.obstacles import (
    _battlefield_key,
    _free_open,
    _polygons,
    battlefield,
    board_pieces,
    layout_key,
    table_area,
)


def _table_wide_free(mission: Mission, hatches: str):
    """The free space as it was worked out before: the table less every
    board's pieces, less the closed doors."""
    bf = battlefield(mission, hatches)
    boards = tuple(b for b, _, _ in _battlefield_key(mission, hatches))
    free = _free_open.__wrapped__(boards, tuple(bo.pieces for bo in bf.boards))
    closed = [d for bo in bf.boards for d in bo.closed_doors]
    if closed:
        free = free.difference(shapely.union_all(closed))
    return free


def _table_wide_regions(mission: Mission, base_mm: float = 32.0):
    """Regions with every hatchway closed (no passages), as they were found
    before: the table shrunk by r less every board's grown pieces, its
    pieces joined where they touch. Returns sorted (area, zones) pairs."""
    keep = base_mm / 2 - reach.TOUCH_MM
    key = layout_key(mission)
    boards = tuple(b for b, _ in key)
    standing = reach._eroded.__wrapped__(table_area(boards), keep)
    for bp in board_pieces(key):
        g = reach._grown(bp, keep)
        if not g.is_empty:
            standing = standing.difference(g)
    polys = _polygons(standing)
    parent = list(range(len(polys)))

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            if polys[i].intersects(polys[j]):
                parent[find(j)] = find(i)
    keys, cell_polys, _ = reach._cells_index(boards)
    groups: dict = {}
    for i, p in enumerate(polys):
        groups.setdefault(find(i), []).append(p)
    out = []
    for members in groups.values():
        area = shapely.union_all(members)
        cells = frozenset(k for k, c in zip(keys, cell_polys) if area.relate_pattern(c, "T********"))
        out.append((round(area.area, 3), cells))
    return sorted(out, key=lambda x: (-x[0], sorted(x[1])))


def _regions(mission: Mission, base_mm: float = 32.0):
    return sorted(((round(r.size, 3), r.cells) for r in reach.regions(mission, base_mm, "closed")),
                  key=lambda x: (-x[0], sorted(x[1])))


def _wall(board: str, a: tuple, b: tuple, code: str = "A1", uid: int = 0) -> Piece:
    return Piece(code=code, board=board, from_node=a, to_node=b, uid=uid)


def _layouts():
    from benchmarks.layouts import dense_mission, small_edits

    out = []
    m = dense_mission(2)
    out += [("dense2", m)] + [(f"dense2-e{i}", e) for i, e in enumerate(small_edits(m, 4))]
    m = dense_mission(4)
    out += [("dense4", m)] + [(f"dense4-e{i}", e) for i, e in enumerate(small_edits(m, 2))]
    kind = default_catalogue().board("boarding-actions")
    w, h = kind.width, kind.height
    nx, ny = kind.nodes
    # walls along and near the shared edge, on both boards
    walls = (_wall("A", (nx - 1, 1), (nx - 1, 2)), _wall("B", (0, 3), (0, 4)),
             _wall("A", (nx - 2, 2), (nx - 1, 2), "B1"), _wall("B", (0, 2), (1, 2), "B1"))
    for name, at in (("touching", (w, 0.0)), ("offset", (w, h / 2)), ("apart", (w + 40.0, 0.0)),
                     ("below", (0.0, h)), ("overlapping", (w - 100.0, 50.0))):
        out.append((name, Mission(title=name, boards=(Board(id="A"), Board(id="B", at=at)),
                                  pieces=tuple(replace(p, uid=k + 1) for k, p in enumerate(walls)))))
    return out


LAYOUTS = _layouts()


@pytest.mark.parametrize("name,mission", LAYOUTS, ids=[n for n, _ in LAYOUTS])
@pytest.mark.parametrize("hatches", ["as-set", "closed", "open"])
def test_free_space_glued_board_by_board_is_the_table_wide_one(name, mission, hatches):
    free = battlefield(mission, hatches).free
    want = _table_wide_free(mission, hatches)
    assert free.is_valid
    assert free.symmetric_difference(want).area < 1e-6
    assert len(_polygons(free)) == len(_polygons(want))


@pytest.mark.parametrize("name,mission", LAYOUTS, ids=[n for n, _ in LAYOUTS])
def test_regions_glued_board_by_board_are_the_table_wide_ones(name, mission):
    assert _regions(mission) == _table_wide_regions(mission)
    # and a region's glued area is its parts
    for r in reach.regions(mission, 32.0, "as-set"):
        assert r.area.area == pytest.approx(r.size, abs=1e-3)
        assert r.area.is_valid


def test_edits_on_one_board_keep_the_others_and_answer_as_from_scratch():
    """A chain of random edits on board A of two touching boards, caches
    warm (as in the editor): each state's free space and regions equal a
    cold build of that state."""
    from benchmarks.layouts import dense_mission, small_edits

    m = dense_mission(2)
    rng = random.Random(5)
    states = list(small_edits(m, 12, seed=rng.randrange(1000)))
    warm = []
    for s in states:
        warm.append((battlefield(s, "as-set").free, _regions(s)))
    for s, (free, regs) in zip(states, warm):
        cache.clear_all()
        cold = battlefield(s, "as-set").free
        assert free.symmetric_difference(cold).area < 1e-6
        assert regs == _regions(s)


def test_a_wall_over_the_board_edge_blocks_on_both_boards():
    """A pillar of board A standing on its edge reaches onto board B: B's
    free space and standing area lose it too."""
    kind = default_catalogue().board("boarding-actions")
    nx, _ = kind.nodes
    m = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(kind.width, 0.0))),
                pieces=(Piece(code="pillar-left", board="A", at=(nx - 1, 2), uid=1),))
    bf = battlefield(m)
    pl = Placement.of(m.boards[0], default_catalogue())
    x, y = pl.node_table((nx - 1, 2))
    assert bf.in_obstacle(x - 1.0, y)
    assert bf.in_obstacle(x + 1.0, y)  # on board B
    regs = reach.regions(m, 32.0)
    assert len(regs) == 1
    assert not any(p.intersects(shapely.Point(x + 5.0, y)) for p in regs[0].parts)
    assert _regions(m) == _table_wide_regions(m)


def test_the_offset_table_glues_where_its_edges_meet():
    kind = default_catalogue().board("boarding-actions")
    m = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(kind.width, 300.0))))
    free = battlefield(m).free
    assert free.geom_type == "Polygon"
    assert free.area == pytest.approx(2 * kind.width * kind.height)
    regs = reach.regions(m, 32.0)
    assert len(regs) == 1
    assert regs[0].area.geom_type == "Polygon"


def test_region_parts_are_cut_at_board_edges_only():
    """Parts of one region on one board never touch along a line (they
    would have been one part); across an edge they do, and glue."""
    from benchmarks.layouts import dense_mission

    m = dense_mission(2)
    for r in reach.regions(m, 32.0, "open"):
        arr = np.array(r.parts, dtype=object)
        assert shapely.is_valid(arr).all()
        glued = r.area
        assert glued.is_valid
        assert glued.area == pytest.approx(r.size, abs=1e-3)


def test_a_boards_pieces_united_by_disjoint_subsets_are_the_plain_union(monkeypatch):
    """The board's blocking pieces are united group by group (GEOS's
    disjoint-subset union): the very same polygons as one plain union, in
    another vertex order (compared normalised, exactly)."""
    from pathlib import Path

    from layout_editor.io import load_mission
    from layout_editor.rules import obstacles

    library = Path(__file__).resolve().parents[2] / "mission_library"
    missions = [load_mission(p) for p in sorted(library.glob("*.yaml")) if not p.name.endswith(".de.yaml")]
    missions += [m for _, m in LAYOUTS]
    build = obstacles._board_pieces.__wrapped__
    fast = [build(b, k).solid for m in missions for b, k in layout_key(m)]
    monkeypatch.setattr(obstacles.shapely, "disjoint_subset_union_all", shapely.union_all)
    plain = [build(b, k).solid for m in missions for b, k in layout_key(m)]
    assert len(fast) > 40
    for f, p in zip(fast, plain):
        assert shapely.normalize(f).equals_exact(shapely.normalize(p), 0)


@pytest.mark.parametrize("name,mission", LAYOUTS[:1] + LAYOUTS[-5:], ids=[n for n, _ in LAYOUTS[:1] + LAYOUTS[-5:]])
def test_obstacles_in_a_place_from_the_boards_there_are_the_table_wides(name, mission):
    """Battlefield.obstacles_in(where): the boards whose blocking meets the
    place, united there, against the table-wide union cut to it."""
    from shapely.geometry import box

    bf = battlefield(mission)
    rng = random.Random(7)
    x0, y0, x1, y1 = bf.area.bounds
    for _ in range(25):
        cx, cy, w = rng.uniform(x0, x1), rng.uniform(y0, y1), rng.uniform(5.0, 400.0)
        where = box(cx - w, cy - w, cx + w, cy + w)
        assert bf.obstacles_in(where).symmetric_difference(bf.obstacles.intersection(where)).area < 1e-6
