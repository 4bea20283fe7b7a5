"""Fast paths of the longest sight line (issue 29) against the plain way
they stand in for: the same answers, exactly."""
from __future__ import annotations

import numpy as np
import pytest

from layout_editor.rules.obstacles import battlefield


def _dict_lookup(keys: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The corner of each key by a dict of the keys' bytes (the way
    _PairTable._lookup replaced): the last corner with it, -1 for none."""
    index = {k: n for n, k in enumerate(keys.view(np.dtype((np.void, 48))).ravel().tolist())}
    return np.array([index.get(k, -1) for k in rows.view(np.dtype((np.void, 48))).ravel().tolist()],
                    dtype=np.int64)


@pytest.mark.parametrize("shared_hash", [False, True])
def test_corner_keys_found_by_their_hashes_equal_a_dict_of_their_bytes(monkeypatch, shared_hash):
    """_PairTable._lookup / _remember over a chain of edits (corners kept,
    gone and new), with keys twice among the corners, -0.0 against 0.0, and
    (shared_hash) every key given one hash, so that only the check against
    the key itself tells them apart."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import longest
    from layout_editor.rules.sight import _corner_wedges

    if shared_hash:
        monkeypatch.setattr(longest._PairTable, "_hash",
                            staticmethod(lambda rows: np.zeros(len(rows), dtype=np.uint64)))
    m = dense_mission(2)
    t = longest._PairTable(battlefield(m).area.bounds)
    seen = np.zeros((0, 6))
    for e in [m, *small_edits(m, 4)]:
        c, prev, nxt = _corner_wedges(battlefield(e))
        rows = np.ascontiguousarray(np.concatenate([c, np.sign(prev - c), np.sign(nxt - c)], axis=1) + 0.0)
        rows = np.concatenate([rows, rows[:3]])  # keys twice
        want = _dict_lookup(seen, rows) if len(seen) else np.full(len(rows), -1)
        got = t._lookup(rows)
        assert np.array_equal(got, want)
        fresh = got < 0
        t._remember(rows[fresh])
        seen = np.concatenate([seen, rows[fresh]])
        assert np.array_equal(t.keys, seen)
    assert (t._lookup(seen) >= 0).all()
    # the last corner of a key twice is the one found
    twice = seen[-1:]
    t._remember(twice)
    assert t._lookup(twice)[0] == len(seen)


def test_a_round_in_the_tables_order_with_each_corners_last_strip_equals_battlefield_clear():
    """_compiled_longest.test_round tries each corner's last blocking strip
    before walking the grid: in the table's own order (a corner's pairs
    together, so that the strip kept is tried most of the time), the
    answers are Battlefield.clear's; and the strips kept do settle most
    of the blocked pairs (else the fast path is not taken)."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.obstacles import GRAZE_MM

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    bf = battlefield(dense_mission(4))
    t = longest._PairTable(bf.area.bounds)
    t.update(*longest._corner_wedges(bf))
    grids = longest._grids(bf)
    assert grids is not None
    n = len(t.i)
    sel = np.arange(n, dtype=np.int32)
    status, tested = np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int32)
    last = np.full(len(t.xy), -1, dtype=np.int64)
    ks, flat = segments.longest_kernels().test_round(
        sel, 0, n, t.bound, sel, -1.0, np.zeros(n, dtype=np.bool_), t.i, t.j, t.xy, status, tested, 3, True,
        *grids, GRAZE_MM, segments.GRID_PAD_MM, last)
    want = bf.clear(t.xy[t.i], t.xy[t.j])
    written = status != 0
    assert (status[written] == np.where(want[written], 1, 2)).all()
    assert set(ks.tolist()) == set(np.nonzero(want & written)[0].tolist())
    fa, fb = t.xy[t.i[flat]], t.xy[t.j[flat]]
    assert np.array_equal(bf._unsqueezed(fa, fb, fb - fa, np.ones(len(flat), dtype=bool)), want[flat])
    assert (~written).sum() == len(flat)
    assert (last >= 0).sum() > len(t.xy) // 2


def test_few_candidates_are_ordered_exactly_longest_first():
    """longest._longest_first for up to SORT_EXACTLY candidates (an edit's):
    every place's bound no less than any after it, and the bound on the rest
    from each place on their longest, exactly; more candidates go by the
    buckets, whose rest bound is no less than the rest's longest."""
    from layout_editor.rules import longest

    rng = np.random.default_rng(29)
    for n in (1, 2, 700, longest.SORT_EXACTLY, longest.SORT_EXACTLY + 1):
        bound = rng.integers(0, 300, n).astype(np.float32) * np.float32(4.5)
        order, rest = longest._longest_first(bound)
        assert sorted(order.tolist()) == list(range(n)) and order.dtype == np.int32
        for s in sorted({0, n // 2, n - 1}):
            if n <= longest.SORT_EXACTLY:
                assert (np.diff(bound[order]) <= 0).all()
                assert rest(s) == float(bound[order[s:]].max())
            else:
                assert rest(s) >= float(bound[order[s:]].max())


def test_quick_chord_test_equals_the_slabs_steps():
    """_compiled_longest._enters (quotients by reciprocals, sqrt for hypot,
    the exact steps only near graze) against blocked_grid's own test (the
    slab's divisions and hypot): the same answer on random segments and
    boxes, and on segments made to pass into a box by graze or a hair more
    or less (where only the exact steps can tell)."""
    from layout_editor.rules import _compiled_longest as cl
    from layout_editor.rules.rects import GRAZE_MM

    def exact(px, py, dx, dy, box):
        lo, hi = cl._slab(px, py, dx, dy, *box, 0.0, 1.0, False)
        return (hi - lo) * np.hypot(dx, dy) > GRAZE_MM

    def quick(px, py, dx, dy, box):
        rdx = 1.0 / dx if dx != 0.0 else 0.0
        rdy = 1.0 / dy if dy != 0.0 else 0.0
        return cl._enters(px, py, dx, dy, rdx, rdy, np.sqrt(dx * dx + dy * dy), *box, GRAZE_MM)

    rng = np.random.default_rng(7)
    cases = []
    for _ in range(20000):
        x0, y0 = rng.uniform(0, 1400, 2)
        box = (x0, y0, x0 + rng.uniform(1, 100), y0 + rng.uniform(1, 100))
        p = rng.uniform(0, 1400, 2)
        q = rng.uniform(0, 1400, 2)
        cases.append((p[0], p[1], q[0] - p[0], q[1] - p[1], box))
    # grazing: a horizontal or slanted segment ending just inside the box's
    # left side, by graze and a hair either way; and along its sides
    for depth in (GRAZE_MM * (1 + e) for e in (-1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3)):
        for slope in (0.0, 1e-7, 0.3):
            for px in (0.0, 700.0, 1399.0):
                x0 = 1400.0
                dx = x0 + depth - px
                cases.append((px, 50.0, dx, slope * dx, (x0, 40.0, 1500.0, 70.0)))
    cases.append((0.0, 40.0, 1450.0, 0.0, (1400.0, 40.0, 1500.0, 70.0)))   # along the bottom side
    cases.append((1450.0, 0.0, 0.0, 100.0, (1400.0, 40.0, 1500.0, 70.0)))  # up through it
    near = 0
    for px, py, dx, dy, box in cases:
        box = tuple(float(v) for v in box)
        assert quick(px, py, dx, dy, box) == exact(px, py, dx, dy, box), (px, py, dx, dy, box)
        lo, hi = cl._slab(px, py, dx, dy, *box, 0.0, 1.0, False)
        near += abs((hi - lo) * np.hypot(dx, dy) - GRAZE_MM) < 1e-9
    assert near >= 20


@pytest.mark.parametrize("k", [0, 1, 2])
def test_a_first_search_in_the_tables_order_equals_one_longest_first(k, monkeypatch):
    """A first search of a big table tests its pairs in the table's own
    order (TABLE_ORDER_PAIRS), not longest first: the same lines, the same
    floor (here on small layouts, the size limit lowered to none)."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments

    if segments.kernel(wait=True) is None or segments.longest_kernels() is None:
        pytest.skip("numba is not installed (the first search is then ordered)")
    from pathlib import Path

    from layout_editor.io import load_mission

    library = sorted(p for p in (Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml")
                     if not p.name.endswith(".de.yaml"))
    mission = dense_mission(2) if k == 0 else load_mission(library[k % len(library)])
    for hatches in ("as-set", "open", "closed"):
        bf = battlefield(mission, hatches)
        longest._pair_tables.clear()
        want = longest._search_longest(bf)
        assert want[0]
        monkeypatch.setattr(longest, "TABLE_ORDER_PAIRS", 0)

        def not_ordered(bound):
            raise AssertionError("a first search in the table's order orders nothing")

        monkeypatch.setattr(longest, "_longest_first", not_ordered)
        longest._pair_tables.clear()
        got = longest._search_longest(bf)
        monkeypatch.undo()
        # the same floor, the same longest line, and the same lines below
        # it (of equally long ones below the longest, in any order)
        assert got[1] == want[1]
        assert got[0][0] == want[0][0]
        assert sorted(ln for _, ln in got[0]) == sorted(ln for _, ln in want[0])
        assert np.allclose([n for n, _ in got[0]], [n for n, _ in want[0]], rtol=0, atol=1e-9)


def _pick_both(t, floor, bx, chg, use_status, now):
    """pick_cells and pick_known on the same table, each on its own copy of
    the answers' dates (both date the answers found standing): the
    candidates as sets, with whether each is known clear, and the dates."""
    from layout_editor.rules import segments

    lk = segments.longest_kernels()
    cb = np.array([b for _, b in chg], dtype=float).reshape(-1, 4)
    ce = np.array([ep for ep, _ in chg], dtype=np.int64)
    t1, t2 = t.tested.copy(), t.tested.copy()
    kept = t.tested
    t.tested = t1  # (pick dates the answers in the table's own array)
    try:
        got, got_clear = t.pick(floor, bx, cb, ce, use_status, now)
        # pick_cells alone: its pairs added since, looked at one by one
        t3 = kept.copy()
        alone, alone_clear = lk.pick_cells(t.cells, *t.cell_grid, t.indexed, t.bound, *t.line, t.i, t.j, t.alive,
                                           floor, bx, t.xy, t.status, t3, int(t.valid_from), cb, ce, 1e-6,
                                           use_status, now)
    finally:
        t.tested = kept
    want, want_clear = lk.pick_known(t.bound, *t.line, t.i, t.j, t.alive, floor, bx, True, t.xy, t.status,
                                     t2, int(t.valid_from), cb, ce, 1e-6, use_status, now)
    order = np.argsort(alone)
    assert np.array_equal(alone[order], want) and np.array_equal(alone_clear[order], want_clear)
    assert np.array_equal(t3, t2)
    order = np.argsort(got)
    return (got[order], got_clear[order], t1), (want, want_clear, t2)


def test_an_edits_first_look_through_the_tables_cells_equals_the_whole_tables():
    """_PairTable.pick (_compiled_longest.pick_cells: only the cells of
    (direction, offset) whose lines can meet a changed box; then pick_known
    of the pairs added since the table was put in their order; and
    pick_cells looking at those one by one) against pick_known (every
    pair): the same
    candidates, the same known answers, the same dates; over a chain of
    edits on 2 and 8 boards, the changed boxes and random boxes (small,
    long, on the table's edge, off it), floors low and high."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import longest, segments
    from layout_editor.rules.cache import clear_all

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(29)
    checked = 0
    for boards in (2, 8):
        clear_all()
        m = dense_mission(boards)
        longest.longest_sight_line(m)
        before = battlefield(m)
        for n_edit, e in enumerate(small_edits(m, 5)):
            bf = battlefield(e)
            boxes = longest.changed_boxes(before, bf)
            t = longest._table_for(bf)
            if n_edit == 0 or n_edit == 3:
                t.index()  # then the pairs added by the next edits follow, looked at one by one
            x0, y0, x1, y1 = bf.area.bounds
            tries = [boxes, [(x0 - 30, y0 - 30, x0 - 10, y0 - 5)], [(x1 - 2, y0, x1, y1)]]
            for _ in range(4):
                cx, cy = rng.uniform(x0, x1), rng.uniform(y0, y1)
                w, h = rng.choice([1.0, 6.0, 80.0, 400.0]), rng.choice([1.0, 6.0, 80.0])
                tries.append([(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)] * int(rng.integers(1, 3)))
            tries.append(tries[-1] + tries[-2] + tries[0])
            chg = [(ep, b) for ep, bs in sorted(t.changes.items()) for b in bs]
            for bxs in tries:
                bx = np.array([((a + c) / 2, (b + d) / 2, (c - a) / 2 + 0.01, (d - b) / 2 + 0.01)
                               for a, b, c, d in bxs], dtype=np.float32).reshape(-1, 4)
                for floor in (0.0, float(np.median(t.bound)), 1400.0):
                    for use_status, now in ((True, t.now), (False, -1)):
                        got, want = _pick_both(t, floor, bx, chg, use_status, now)
                        for g, w_ in zip(got, want):
                            assert np.array_equal(g, w_)
                        checked += len(want[0])
            assert t.indexed < len(t.i) or n_edit in (0, 3)
            longest.longest_sight_line(e)
            before = bf
    assert checked > 100_000


def test_the_table_put_in_its_cells_order_keeps_every_pair_whole():
    """_compiled_longest.index_pairs permutes every field of the pairs
    together (each pair's row the same, only its place changed), in the
    order of the cells, each cell's pairs where `cells` says."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.cache import clear_all

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    clear_all()
    m = dense_mission(2)
    longest.longest_sight_line(m)
    t = longest._table_for(battlefield(m))
    rng = np.random.default_rng(5)
    t.status[:] = rng.integers(0, 3, len(t.i))
    t.tested[:] = rng.integers(0, 9, len(t.i))

    def rows():
        return np.rec.fromarrays([t.i, t.j, t.bound, *t.line, t.status, t.tested])

    before = rows().copy()
    t.index()
    after = rows()
    assert not np.array_equal(before, after)
    assert np.array_equal(np.sort(before), np.sort(after))
    nt, nr, ox, oy, r_half = t.cell_grid
    a, b, r = (v.astype(float) for v in t.line)
    flip = (b < 0) | ((b == 0) & (a < 0))
    a, b, r = np.where(flip, -a, a), np.where(flip, -b, b), np.where(flip, -r, r)
    dir_step = np.clip(((1 - a / (np.abs(a) + b)) * 0.5 * nt).astype(int), 0, nt - 1)
    off_step = np.clip(np.floor((r - (a * ox + b * oy) + r_half) / (2 * r_half) * nr), 0, nr - 1).astype(int)
    cell = dir_step * nr + off_step
    assert (np.diff(cell) >= 0).all()
    assert np.array_equal(t.cells[cell], np.searchsorted(cell, cell))


def test_corners_keys_hashes_and_lookup_compiled_equal_numpys():
    """_compiled_longest.corner_keys (with key_slots' table of the keys)
    against the numpy steps it stands in for (longest._bent_kept, the keys
    of _PairTable.update, _PairTable._hash and _lookup) over a chain of
    edits on 2 boards, corners on straight stretches among them, -0.0 in
    the places, keys twice (the last corner found); and with every key's
    hash made one (a single chain of probes), keys still told apart by
    their bytes."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import longest, segments
    from layout_editor.rules.cache import clear_all
    from layout_editor.rules.rects import _polygons, ring_corners

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    lk = segments.longest_kernels()
    clear_all()
    m = dense_mission(2)
    t = longest._PairTable(battlefield(m).area.bounds)
    straight = 0
    for n_edit, e in enumerate([m, *small_edits(m, 4)]):
        # the polygon's ring corners, straight ones among them (the
        # battlefield's own corners leave those out): the pass must drop them
        c, prev, nxt = (np.ascontiguousarray(v, dtype=float)
                        for v in ring_corners(_polygons(battlefield(e).free))[:3])
        c[c == 0.0] = -0.0  # a key's -0.0 is its 0.0
        t._sync_slots(lk)
        bent, rows, hashes, have = lk.corner_keys(c, prev, nxt, t._slots, t._hashes, t.keys)
        kc, kp, kn = longest._bent_kept(c, prev, nxt)
        straight += len(c) - len(kc)
        assert np.array_equal(c[bent], kc) and np.array_equal(prev[bent], kp) and np.array_equal(nxt[bent], kn)
        want_rows = np.ascontiguousarray(np.concatenate([kc, np.sign(kp - kc), np.sign(kn - kc)], axis=1) + 0.0)
        assert np.array_equal(rows.view(np.uint64), want_rows.view(np.uint64))
        assert np.array_equal(hashes, t._hash(want_rows))
        assert np.array_equal(have, t._lookup(want_rows))
        fresh = have < 0
        if n_edit == 2:
            fresh[:3] = True  # keys twice: the later corner is the one found
        t._remember(rows[fresh], hashes[fresh])
        # the new hashes merged in: as a stable sort of them all
        order = np.argsort(t._hashes, kind="stable")
        sorted_hashes, sorted_corners = t._sorted()
        assert np.array_equal(sorted_corners, order) and np.array_equal(sorted_hashes, t._hashes[order])
    assert straight > 100
    t._sync_slots(lk)
    assert np.array_equal(lk.corner_keys(c, prev, nxt, t._slots, t._hashes, t.keys)[3], t._lookup(rows))
    # every key with one hash: one chain of probes, keys told apart by their bytes
    one = np.zeros(len(t.keys), dtype=np.uint64)
    slots = np.full(1 << (4 * len(t.keys)).bit_length(), -1, dtype=np.int64)
    lk.key_slots(slots, one, t.keys, 0)
    found = [-1] * len(t.keys)
    for k, row in enumerate(t.keys.view(np.dtype((np.void, 48))).ravel().tolist()):
        found[k] = max(q for q, r in enumerate(t.keys.view(np.dtype((np.void, 48))).ravel().tolist()) if r == row)
    probe = np.nonzero(slots >= 0)[0]
    assert sorted(slots[probe].tolist()) == sorted(set(found))


@pytest.mark.parametrize("room", [2.0, 1.0])
def test_corners_fields_grown_in_place_equal_concatenated_afresh(monkeypatch, room):
    """_PairTable._added (an edit's new corners written into the room the
    corners' fields keep after them) against np.concatenate, the way
    before: over chains of edits on 2 and 4 boards (room 1.0: stores made
    anew at every edit with new corners), the same keys, hashes, corners, wedges
    and pairs, bit for bit, in the same dtype and as C-contiguous arrays,
    and the same longest lines."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import kernels, longest, segments
    from layout_editor.rules.cache import clear_all

    if segments.kernel(wait=True) is not None:
        kernels.compiled("longest", wait=True)  # (one way all along: numba's once loaded)

    def run():
        clear_all()
        out = []
        for n in (2, 4):
            m = dense_mission(n)
            for e in [m, *small_edits(m, 9), *small_edits(m, 6, seed=5, board=m.boards[-1].id)]:
                got = longest.longest_sight_line(e)
                t = longest._pair_tables.get(tuple(b for b, _, _ in battlefield(e).key))
                fields = [t.keys, t._hashes, t.xy, t.wedge, t.i, t.j, t.bound, t.alive]
                assert all(f.flags.c_contiguous for f in fields[:4])
                out.append((got, [(f.dtype, f.copy()) for f in fields]))
        return out

    # room 1.0: no room kept, every edit with new corners makes the stores anew
    monkeypatch.setattr(longest._PairTable, "CORNER_ROOM", room)
    grown = run()

    def concatenated(self, name, rows):
        return np.concatenate([getattr(self, name), rows])
    monkeypatch.setattr(longest._PairTable, "_added", concatenated)
    plain = run()
    assert len(grown) == len(plain) == 32
    for (line_a, fa), (line_b, fb) in zip(grown, plain):
        assert line_a == line_b
        for k, ((da, a), (db, b)) in enumerate(zip(fa, fb)):
            assert da == db and a.shape == b.shape, k
            assert a.tobytes() == b.tobytes(), k
