"""The battlefield kept as rectangles (issue 29): a board's blocking strips
made from its pieces' rectangles (rects.rect_strips) are the very rows the
strips of the united pieces were (rects.strips of BoardPieces.solid), and
the free space made only when asked is the one made with the battlefield."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from benchmarks.layouts import dense_mission, small_edits
from layout_editor.io import load_mission
from layout_editor.rules import cache, obstacles
from layout_editor.rules.rects import rect_strips, strips

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def missions():
    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    assert files, "the mission library is empty"
    base = dense_mission(2)
    return [load_mission(p) for p in files] + [dense_mission(8), *small_edits(base, 9)]


def test_a_boards_strips_from_its_rectangles_are_the_strips_of_its_union():
    build = obstacles._board_pieces.__wrapped__
    seen = 0
    for m in missions():
        for b, k in obstacles.layout_key(m):
            bp = build(b, k)
            assert bp.rects is not None and bp.rectilinear
            for vertical in (True, False):
                got = bp.solid_vrects if vertical else bp.solid_hrects
                want = strips(bp.solid, vertical)
                assert got.dtype == want.dtype and np.array_equal(got, want)
                seen += len(want)
    assert seen > 1000


@pytest.mark.parametrize("seed", range(6))
def test_rect_strips_of_random_rectangles_are_the_strips_of_their_union(seed):
    """Overlapping, touching, nested and apart, on a coarse lattice (so that
    edges coincide often) and with fractions."""
    rng = np.random.default_rng(seed)
    for _ in range(80):
        n = int(rng.integers(1, 40))
        xs = rng.integers(0, 24, (n, 2))
        ys = rng.integers(0, 24, (n, 2))
        r = np.stack([xs.min(1), ys.min(1), xs.max(1), ys.max(1)], axis=1).astype(float) * 12.7
        r = r[(r[:, 2] > r[:, 0]) & (r[:, 3] > r[:, 1])]
        union = shapely.union_all(shapely.box(*r.T)) if len(r) else shapely.Polygon()
        for vertical in (True, False):
            assert np.array_equal(rect_strips(r, vertical), strips(union, vertical))


def test_rect_strips_of_nothing():
    for vertical in (True, False):
        assert rect_strips(np.zeros((0, 4)), vertical).shape == (0, 4)
        # a rectangle without area covers nothing
        assert rect_strips(np.array([[0.0, 0.0, 0.0, 5.0]]), vertical).shape == (0, 4)


def test_the_free_space_made_when_asked_is_the_one_made_eagerly():
    """Battlefield.free, made on first use, against _free_space called at
    once on the same boards (the glued board-by-board free space)."""
    for m in missions()[:6]:
        for hatches in ("as-set", "closed", "open"):
            cache.clear_all()
            bf = obstacles.battlefield(m, hatches)
            assert "free" not in bf.__dict__  # not made with the battlefield
            want = obstacles._free_space(tuple(b for b, _, _ in bf.key), bf.boards, bf.rectilinear)
            assert shapely.to_wkb(bf.free) == shapely.to_wkb(want)


@pytest.mark.parametrize("seed", range(4))
def test_each_area_cut_into_rectangles_together_is_that_area(seed):
    """rects.polygon_rects cuts many areas at once (a board's pieces): each
    one's rectangles cover exactly its area (holes and several parts
    included), apart from the others; one that is not rectilinear is None."""
    from layout_editor.rules.rects import polygon_rects

    rng = np.random.default_rng(seed)
    areas = []
    for _ in range(30):
        n = int(rng.integers(1, 6))
        xs = rng.integers(0, 16, (n, 2))
        ys = rng.integers(0, 16, (n, 2))
        r = np.stack([xs.min(1), ys.min(1), xs.max(1), ys.max(1)], axis=1).astype(float) * 9.5
        r = r[(r[:, 2] > r[:, 0]) & (r[:, 3] > r[:, 1])]
        area = shapely.union_all(shapely.box(*r.T)) if len(r) else shapely.Polygon()
        if rng.random() < 0.3 and not area.is_empty:
            area = area.difference(shapely.box(*(area.centroid.buffer(5).bounds)))  # a hole or a cut
        areas.append(area)
    areas.append(shapely.Polygon([(0, 0), (10, 0), (0, 10)]))
    rects, ok = polygon_rects(areas)
    assert not ok[-1] and rects[-1] is None
    for area, r in zip(areas[:-1], rects[:-1]):
        assert r is not None
        covered = shapely.union_all(shapely.box(*r.T)) if len(r) else shapely.Polygon()
        assert covered.symmetric_difference(area).area == 0
        # apart: the rectangles of one area do not overlap
        assert sum(shapely.area(shapely.box(*r.T))) == pytest.approx(area.area, abs=1e-9)


def test_the_compiled_strips_are_the_numpy_strips():
    """rect_strips compiled (rules/_compiled.py) against the numpy version:
    the same rows, bit for bit, in the same order."""
    from layout_editor.rules import segments
    from layout_editor.rules.rects import _rect_strips_numpy

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not available")
    rng = np.random.default_rng(7)
    cases = []
    for _ in range(300):
        n = int(rng.integers(0, 40))
        xs = rng.integers(0, 20, (n, 2))
        ys = rng.integers(0, 20, (n, 2))
        cases.append(np.stack([xs.min(1), ys.min(1), xs.max(1), ys.max(1)], axis=1).astype(float) * 1.7)
    m = dense_mission(2)
    cases += [obstacles._board_pieces(b, keys).rects for b, keys in obstacles.layout_key(m)]
    for r in cases:
        for vertical in (True, False):
            got = k.rect_strips(np.ascontiguousarray(r, dtype=float).reshape(-1, 4), vertical)
            want = _rect_strips_numpy(r, vertical)
            assert got.shape == want.shape and np.array_equal(got, want)


def test_a_piece_laid_square_is_its_own_rectangles_and_no_other_is():
    from shapely.geometry import MultiPolygon, Polygon, box

    from layout_editor.rules.obstacles import _rectangles

    two = MultiPolygon([box(0, 0, 10, 2), box(20, 0, 30, 2)])
    ell = Polygon([(0, 0), (10, 0), (10, 2), (2, 2), (2, 10), (0, 10)])
    tilted = Polygon([(0, 0), (10, 1e-12), (10, 2), (0, 2)])
    holed = box(0, 0, 10, 10).difference(box(4, 4, 6, 6))
    got = _rectangles([box(1, 2, 3, 4), two, ell, tilted, holed, Polygon()])
    assert got[0].tolist() == [[1, 2, 3, 4]]
    assert got[1].tolist() == [[0, 0, 10, 2], [20, 0, 30, 2]]
    assert got[2:] == [None, None, None, None]


def test_a_boards_pieces_placed_together_are_each_placed_alone():
    """geometry.piece_shapes (one transform for a board's pieces) against
    piece_shape one piece at a time, every cache emptied between: the same
    shapes bit for bit, None where piece_shape raises."""
    from layout_editor.catalogue import default_catalogue
    from layout_editor.model.lattice import Placement
    from layout_editor.model.mission import Piece
    from layout_editor.rules.geometry import PieceGeometryError, piece_shape, piece_shapes

    cat = default_catalogue()

    def wkb(g):
        return None if g is None else g.wkb

    seen = 0
    broken = [("A1", (0, 0), (0, 0), None, None, False, None), ("no-such-piece", None, None, (1, 1), None, False, None)]
    for m in missions()[:-9]:
        for b, keys in obstacles.layout_key(m):
            pl = Placement.of(b, cat)
            keys = (*keys, *broken, *keys[:2])  # pieces that cannot be placed, a key twice
            cache.clear_all()
            together = piece_shapes(keys, pl, cat)
            for k, got in zip(keys, together):
                cache.clear_all()
                code, f, t, at, facing, turned, caps = k
                piece = Piece(code=code, board=b.id, from_node=f, to_node=t, at=at, facing=facing, turned=turned,
                              caps=caps)
                try:
                    want = piece_shape(piece, pl, cat)
                except (PieceGeometryError, KeyError):
                    assert got is None
                    continue
                assert [wkb(g) for g in (got.solid, got.door, got.leaf, got.outline, got.axis)] == \
                    [wkb(g) for g in (want.solid, want.door, want.leaf, want.outline, want.axis)]
                assert (got.centre, got.angle) == (want.centre, want.angle)
                seen += 1
    assert seen > 1000


def test_the_compiled_grid_lists_are_the_numpy_ones(monkeypatch):
    """segments._Grid built compiled (_compiled.grid_lists, a counting sort)
    and in numpy (a stable sort): the same cells, the same rectangles in
    each, in the same order."""
    from layout_editor.rules import segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not available")
    rng = np.random.default_rng(5)
    cases = []
    for n in (2, 8):
        bf = obstacles.battlefield(dense_mission(n))
        cases += [bf.vrects, bf.hrects]
    for _ in range(50):
        k = int(rng.integers(1, 300))
        lo = rng.uniform(0, 500, (k, 2))
        cases.append(np.concatenate([lo, lo + rng.uniform(0, 80, (k, 2))], axis=1))
    compiled = [segments._Grid(np.asarray(r, dtype=float)) for r in cases]
    monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
    for r, got in zip(cases, compiled):
        want = segments._Grid(np.asarray(r, dtype=float))
        assert (got.x0, got.y0, got.size, got.nx, got.ny) == (want.x0, want.y0, want.size, want.nx, want.ny)
        assert got.start.dtype == want.start.dtype and np.array_equal(got.start, want.start)
        assert got.rects.dtype == want.rects.dtype and np.array_equal(got.rects, want.rects)
