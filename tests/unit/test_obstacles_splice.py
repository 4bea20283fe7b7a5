"""A board's pieces after an edit spliced from the last ones made for it
(obstacles._spliced_board_pieces, the strips by _compiled.
rect_strips_spliced): every member the very one a build from scratch
makes (obstacles._build_board_pieces), bit for bit and in order."""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import shapely

from benchmarks.layouts import dense_mission, small_edits
from layout_editor.catalogue import default_catalogue
from layout_editor.rules import cache, obstacles, segments
from layout_editor.rules.rects import rect_strips


@pytest.fixture(autouse=True)
def _compiled():
    assert segments.kernel(wait=True) is not None


def _same(got: obstacles.BoardPieces, want: obstacles.BoardPieces) -> None:
    for name in ("slot_rects", "rects", "door_bounds", "grown_doors", "solid_vrects", "solid_hrects"):
        a, b = getattr(got, name), getattr(want, name)
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), name
    assert got.placement == want.placement
    assert len(got.piece_solids) == len(want.piece_solids)
    assert all(shapely.equals_exact(a, b, 0) for a, b in zip(got.piece_solids, want.piece_solids))
    assert len(got.doors) == len(want.doors)
    assert all(shapely.equals_exact(a, b, 0) for a, b in zip(got.doors, want.doors))
    assert got.door_pieces == want.door_pieces and got.doors_rectilinear == want.doors_rectilinear
    assert len(got.door_rects) == len(want.door_rects)
    assert all((a is None and b is None) or np.array_equal(a, b) for a, b in zip(got.door_rects, want.door_rects))
    assert got.key == want.key and got.slot_counts == want.slot_counts and got.standing == want.standing
    assert got.rect_counts == want.rect_counts
    assert got.placed == want.placed


def _moves(mission, count: int, seed: int):
    """Edits of every kind the editor makes on one board: small_edits' (a
    hatchway opened, a pillar turned, a short wall moved), then any piece
    moved to another node or span, turned, or two pieces at once."""
    yield from small_edits(mission, count)
    rng = random.Random(seed)
    cat = default_catalogue()
    current = mission
    board = mission.boards[0]
    nx, ny = cat.board(board.kind).nodes
    for _ in range(count):
        pieces = list(current.pieces)
        on = [n for n, p in enumerate(pieces) if p.board == board.id]
        for n in rng.sample(on, rng.choice((1, 1, 2))):
            p = pieces[n]
            if p.at is not None:
                if rng.random() < 0.5:
                    p = replace(p, turned=not p.turned)
                else:
                    p = replace(p, at=(rng.randrange(nx), rng.randrange(ny)))
            elif p.from_node is not None:
                i, j = rng.randrange(nx - 1), rng.randrange(ny - 1)
                p = replace(p, from_node=(i, j), to_node=(i + 1, j) if rng.random() < 0.5 else (i, j + 1))
            pieces[n] = p
        current = replace(current, pieces=tuple(pieces))
        yield current


@pytest.mark.parametrize("boards", [2, 4, 8])
def test_a_spliced_board_is_the_board_built(boards, monkeypatch):
    cache.clear_all()
    spliced = []
    real = obstacles._spliced_board_pieces

    def spy(last, key):
        got = real(last, key)
        spliced.append(got is not None)
        return got
    monkeypatch.setattr(obstacles, "_spliced_board_pieces", spy)
    m = dense_mission(boards)
    obstacles.battlefield(m)
    seen = 0
    for e in _moves(m, 24 if boards == 2 else 9, boards):
        bf = obstacles.battlefield(e)
        for (b, k, _), bo in zip(bf.key, bf.boards):
            _same(bo.pieces, obstacles._build_board_pieces(b, k))
            seen += 1
    assert seen and sum(spliced) >= len(spliced) // 2  # most edits spliced


def test_an_edit_undone_and_a_board_with_pieces_added():
    """The same board after an edit and back, and with a piece more (not
    spliced: built)."""
    cache.clear_all()
    m = dense_mission(2)
    e = next(iter(small_edits(m, 2)))
    for mission in (m, e, m, replace(m, pieces=m.pieces[:-3]), m):
        bf = obstacles.battlefield(mission)
        for (b, k, _), bo in zip(bf.key, bf.boards):
            _same(bo.pieces, obstacles._build_board_pieces(b, k))


@pytest.mark.parametrize("seed", range(4))
def test_spliced_strips_of_random_rectangles(seed):
    """_compiled.rect_strips_spliced against rect_strips made from scratch:
    random rectangles on a coarse lattice (edges coinciding, touching,
    nested), a few taken away and put down, both directions."""
    k = segments.kernel()
    rng = np.random.default_rng(seed)
    for _ in range(300):
        def some(n):
            xs = rng.integers(0, 30, (n, 2))
            ys = rng.integers(0, 30, (n, 2))
            r = np.stack([xs.min(1), ys.min(1), xs.max(1), ys.max(1)], axis=1).astype(float) * 12.7
            return r[(r[:, 2] > r[:, 0]) & (r[:, 3] > r[:, 1])]
        old = some(int(rng.integers(0, 40)))
        went = rng.random(len(old)) < 0.1
        came = some(int(rng.integers(0, 3)))
        new = np.concatenate([old[~went], came])
        spans = []
        for d in (old[went], came):
            if len(d):
                spans.append((d[:, 0].min(), d[:, 1].min(), d[:, 2].max(), d[:, 3].max()))
        if not spans:
            continue
        for vertical in (True, False):
            a, b = (0, 2) if vertical else (1, 3)
            want = rect_strips(new, vertical)
            hull = (min(s[a] for s in spans), max(s[b] for s in spans), 1.0, 0.0)
            two = (spans[0][a], spans[0][b], *((spans[1][a], spans[1][b]) if len(spans) > 1 else (1.0, 0.0)))
            for lo, hi, lo2, hi2 in (hull, two):
                got = k.rect_strips_spliced(np.ascontiguousarray(new), rect_strips(old, vertical), lo, hi, lo2, hi2,
                                            vertical)
                assert got.shape == want.shape and np.array_equal(got, want)


def _plain_split(mission):
    groups = {b.id: [] for b in mission.boards}
    for p in mission.pieces:
        if p.board in groups:
            groups[p.board].append(p)
    layout = tuple((b, tuple(obstacles._piece_key(p) for p in groups[b.id])) for b in mission.boards)
    flags = tuple(obstacles.hatches_open(groups[b.id], "as-set") for b in mission.boards)
    return layout, flags


def test_the_pieces_split_by_board_spliced_are_those_split_plainly():
    """obstacles._split_pieces (layout_key, the as-set view's key) after
    edits of every kind, a piece moved to another board or off every
    board, pieces added and taken away, two boards with one id."""
    cache.clear_all()
    m = dense_mission(4)
    seen = [m, *_moves(m, 12, 5)]
    rng = random.Random(3)
    ids = [b.id for b in m.boards]
    current = seen[-1]
    for _ in range(12):
        pieces = list(current.pieces)
        n = rng.randrange(len(pieces))
        pieces[n] = replace(pieces[n], board=rng.choice(ids + ["nowhere"]))
        current = replace(current, pieces=tuple(pieces))
        seen.append(current)
        seen.append(replace(current, pieces=current.pieces[:-1]))
    twin = replace(m, boards=(m.boards[0], replace(m.boards[1], id=m.boards[0].id), *m.boards[2:]))
    seen += [twin, replace(twin, pieces=twin.pieces[1:] + twin.pieces[:1]), m]
    for mission in seen:
        want = _plain_split(mission)
        assert obstacles._split_pieces(mission) == want
        assert obstacles.layout_key(mission) == want[0]
        assert obstacles._battlefield_key(mission, "as-set") == tuple(
            (b, k, f) for (b, k), f in zip(*want))


def test_the_free_space_s_cuts_are_those_clipped_by_np_clip():
    """_free_space_data takes each rectangle's x into the boards' span by
    np.where, not np.clip (its wrapper is slow on cold caches): the same
    cuts, bit for bit, signed zeros too."""
    k = segments.kernel()
    rng = np.random.default_rng(5)
    for _ in range(300):
        n = int(rng.integers(1, 30))
        r = np.round(rng.normal(size=(n, 4)) * 4) * 0.5
        r[:, 2] = np.maximum(r[:, 0], r[:, 2]) + rng.integers(0, 3, n)
        r[:, 3] = np.maximum(r[:, 1], r[:, 3]) + rng.integers(0, 3, n)
        r[rng.random(n) < 0.2, 0] = -0.0
        r[rng.random(n) < 0.2, 2] = 0.0
        x0 = rng.choice([-0.0, 0.0, -2.0])
        boards = np.array([[x0, -5.0, x0 + 3.0, 5.0], [x0 + 3.0, -5.0, rng.choice([3.0, 4.5]) + x0, 5.0]])
        got = obstacles._free_space_data(k, r, boards).cuts
        bx0, bx1 = boards[:, 0].min(), boards[:, 2].max()
        q = r[(r[:, 2] > r[:, 0]) & (r[:, 3] > r[:, 1]) & (r[:, 2] > bx0) & (r[:, 0] < bx1)]
        want = np.unique(np.concatenate([boards[:, 0], boards[:, 2], np.clip(q[:, 0], bx0, bx1),
                                         np.clip(q[:, 2], bx0, bx1)]))
        assert np.array_equal(got, want) and np.array_equal(np.signbit(got), np.signbit(want))


def _changed_pieces_plainly(old, new, limit):
    """changed_pieces the plain way: every piece that went and came counted
    whole (Counter over each board's pieces) and boxed from piece_shape."""
    from collections import Counter

    from layout_editor.model.lattice import Placement
    from layout_editor.model.mission import Piece
    from layout_editor.rules.geometry import PieceGeometryError, piece_shape

    if len(old.key) != len(new.key):
        return None
    cat = default_catalogue()
    boxes = []
    for (b1, k1, o1), (b2, k2, o2) in zip(old.key, new.key):
        if b1 != b2:
            return None
        before, after = Counter(zip(k1, o1)), Counter(zip(k2, o2))
        went, came = list((before - after).elements()), list((after - before).elements())
        if len(boxes) + len(went) + len(came) > limit:
            return None
        placement = Placement.of(b2, cat)
        for changed, is_new in ((went, False), (came, True)):
            for (code, fn, tn, at, facing, turned, caps), is_open in changed:
                piece = Piece(code=code, board=b2.id, from_node=fn, to_node=tn, at=at,
                              facing=facing, turned=turned, caps=caps, uid=0)
                try:
                    shape = piece_shape(piece, placement, cat)
                except (PieceGeometryError, KeyError):
                    continue
                boxes.append((shape.blocking(is_open).bounds, is_new))
    return boxes


@pytest.mark.parametrize("boards", [2, 4])
def test_the_changed_pieces_are_those_counted_plainly(boards):
    """changed_pieces (the pieces' boxes from the placed-piece memo, the
    places compared by identity first) against a plain count boxed from
    piece_shape, after edits of every kind, in the three hatchway views
    and the edit undone; a closed hatchway's box is its outline's."""
    mission = dense_mission(boards)
    seen = 0
    last = mission
    for edit in _moves(mission, 24, seed=boards):
        for hatches in ("as-set", "closed", "open"):
            old, new = obstacles.battlefield(last, hatches), obstacles.battlefield(edit, hatches)
            for a, b in ((old, new), (new, old)):
                for limit in (8, 2):
                    want = _changed_pieces_plainly(a, b, limit)
                    assert obstacles._changed_pieces(a, b, limit) == want
                    seen += want is not None and len(want) > 0
        last = edit
    assert seen > 50
