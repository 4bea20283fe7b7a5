"""Fast paths of the rules core (issue 13) against the slow way they
replaced: same answers, exactly."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from layout_editor.io import load_mission
from layout_editor.rules.obstacles import _polygons, battlefield
from layout_editor.rules.rects import ring_corners

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def _missions():
    from benchmarks.layouts import dense_mission, small_edits

    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    library = [load_mission(p) for p in files]
    # Boarding Actions' two boards first (the tests that take the first three
    # want routes that bend), then two Kill Team killzones (one board).
    two_boards = [m for m in library if m.game == "boarding-actions"][:5]
    killzones = [m for m in library if m.game == "kill-team"][:2]
    m = dense_mission(2)
    return two_boards + [m, *list(small_edits(m, 4))] + killzones


def corners_ring_by_ring(polys):
    """Every ring oriented, its closing point dropped, neighbours by np.roll:
    the loop ring_corners replaced."""
    v, a, b, comp = [], [], [], []
    for ci, poly in enumerate(polys):
        poly = shapely.orient_polygons(poly)
        for ring in [poly.exterior, *poly.interiors]:
            c = np.asarray(ring.coords)[:-1]
            if len(c) < 3:
                continue
            v.append(c)
            a.append(np.roll(c, 1, axis=0))
            b.append(np.roll(c, -1, axis=0))
            comp.append(np.full(len(c), ci))
    if not v:
        return (np.zeros((0, 2)),) * 3 + (np.zeros(0, dtype=np.int64),)
    return tuple(np.concatenate(x) for x in (v, a, b, comp))


@pytest.mark.parametrize("hatches", ["as-set", "closed", "open"])
def test_ring_corners_equal_ring_by_ring(hatches):
    for mission in _missions():
        bf = battlefield(mission, hatches)
        for geom in (bf.free, bf.obstacles):
            polys = _polygons(geom)
            got = ring_corners(polys)
            want = corners_ring_by_ring(polys)
            for g, w in zip(got, want):
                assert np.array_equal(g, w)


def test_ring_corners_of_nothing_and_of_a_holed_square():
    assert all(len(x) == 0 for x in ring_corners([]))
    sq = shapely.Polygon([(0, 0), (0, 10), (10, 10), (10, 0)], [[(2, 2), (4, 2), (4, 4), (2, 4)]])
    v, prev, nxt, comp = ring_corners([sq])
    assert len(v) == 8 and comp.tolist() == [0] * 8
    # the exterior counter-clockwise: free (inside) on the left
    assert shapely.Polygon(v[:4]).exterior.is_ccw
    assert np.array_equal(prev[1], v[0]) and np.array_equal(nxt[3], v[0])


# -- the longest line's pair table ------------------------------------------------

def test_wedge_test_on_cross_products_keeps_every_pair_the_angles_keep():
    """longest._leaves_into (cross products) against sight._in_wedge (angles,
    what it replaced): every pair the angles keep is kept; on the library
    and the dense layouts not one pair more either."""
    from layout_editor.rules.longest import _leaves_into, _wedges
    from layout_editor.rules.sight import _corner_wedges, _in_wedge, _wedge_angles

    for mission in _missions():
        for hatches in ("as-set", "closed"):
            c, p, n = _corner_wedges(battlefield(mission, hatches))
            start, width = _wedge_angles(c, p, n)
            w = _wedges(c, p, n)
            i, j = np.triu_indices(len(c), 1)
            d = c[j] - c[i]
            length = np.hypot(d[:, 0], d[:, 1])
            phi = np.arctan2(d[:, 1], d[:, 0])
            by_angles = _in_wedge(phi, start[i], width[i]) & _in_wedge(phi + np.pi, start[j], width[j])
            by_cross = _leaves_into(w[i], d, length) & _leaves_into(w[j], -d, length)
            assert np.array_equal(by_angles, by_cross)


def test_wedge_test_near_a_wedge_edge_says_yes_where_the_angles_do():
    from layout_editor.rules.longest import _leaves_into, _wedges
    from layout_editor.rules.sight import _in_wedge, _wedge_angles

    rng = np.random.default_rng(3)
    # corners of every kind: narrow, wide, a half turn, a full turn
    c = np.zeros((4, 2))
    nxt = np.array([(1.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0)])
    prev = np.array([(0.0, 1.0), (0.0, -1.0), (-1.0, 0.0), (1.0, 0.0)])
    start, width = _wedge_angles(c, prev, nxt)
    w = _wedges(c, prev, nxt)
    edges = np.concatenate([start, start + width])
    for k in range(4):
        # directions at and a hair either side of the wedge's edges, and at random
        phi = np.concatenate([edges[[k, k + 4]][:, None] + np.array([-3e-9, -1e-9, -5e-10, 0, 5e-10, 1e-9, 3e-9]),
                              rng.uniform(-4, 4, (1, 200))], axis=None)
        length = rng.uniform(1, 2000, len(phi))
        d = np.stack([np.cos(phi), np.sin(phi)], axis=1) * length[:, None]
        old = _in_wedge(np.arctan2(d[:, 1], d[:, 0]), start[k], width[k])
        new = _leaves_into(np.repeat(w[k:k + 1], len(phi), axis=0), d, length)
        assert not (old & ~new).any()
        far = np.abs(((np.arctan2(d[:, 1], d[:, 0]) - start[k]) % (2 * np.pi))[:, None]
                     - np.array([0, width[k], 2 * np.pi])).min(axis=1) > 1e-8
        assert np.array_equal(old[far], new[far])


def test_compiled_pair_table_equals_numpy(monkeypatch):
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import longest, segments
    from layout_editor.rules.sight import _corner_wedges

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    m = dense_mission(2)
    box = battlefield(m).area.bounds
    compiled, plain = longest._PairTable(box), longest._PairTable(box)
    for e in [m, *small_edits(m, 4)]:
        wedges = _corner_wedges(battlefield(e))
        compiled.update(*wedges)
        monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
        plain.update(*wedges)
        monkeypatch.undo()
        for f in ("i", "j", "bound", "line", "alive"):
            assert np.array_equal(getattr(compiled, f), getattr(plain, f)), f
    assert len(compiled.i) > 1000


def _picked_numpy(t, floor, boxes, use_boxes):
    """The candidates in numpy: bound above the floor, the line through a
    box (centre and half sizes, single precision as the kernel has them),
    both corners alive."""
    keep = t.bound > floor
    if use_boxes:
        ln = t.line.T  # (kept one row per value)
        meets = np.zeros(len(ln), dtype=bool)
        for cx, cy, hw, hh in boxes:
            meets |= (np.abs(ln[:, 0] * cx + ln[:, 1] * cy - ln[:, 2])
                      <= np.abs(ln[:, 0]) * hw + np.abs(ln[:, 1]) * hh)
        keep &= meets
    keep &= t.alive[t.i] & t.alive[t.j]
    return np.nonzero(keep)[0]


def test_candidates_with_known_answers_in_one_pass_equal_the_two_passes(monkeypatch):
    """_compiled_longest.pick_known (candidates and the answers that still
    stand, in one pass) against the numpy pick (_picked_numpy) then
    _PairTable.known: the same
    candidates less those known blocked, the same known clear ones; over a
    chain of edits, with and without changed boxes and floors."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import longest, segments
    from layout_editor.rules.cache import clear_all

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    clear_all()
    m = dense_mission(2)
    longest.longest_sight_line(m)
    before = battlefield(m)
    checked = 0
    for e in small_edits(m, 6):
        bf = battlefield(e)
        boxes = longest.changed_boxes(before, bf)
        t = longest._table_for(bf)
        for floor in (0.0, 600.0, 1200.0):
            for use_boxes in (True, False):
                bx = np.array([((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + 0.01, (y1 - y0) / 2 + 0.01)
                               for x0, y0, x1, y1 in boxes], dtype=np.float32).reshape(-1, 4)
                want = _picked_numpy(t, floor, bx, use_boxes)
                known = t.known(want, t.xy[t.i[want]], t.xy[t.j[want]])
                status = t.status[want]
                chg = [(ep, b) for ep, bs in sorted(t.changes.items()) for b in bs]
                got, clear = segments.longest_kernels().pick_known(t.bound, *t.line, t.i, t.j, t.alive, floor, bx, use_boxes, t.xy, t.status,
                                  t.tested, int(t.valid_from), np.array([b for _, b in chg], dtype=float).reshape(-1, 4),
                                  np.array([ep for ep, _ in chg], dtype=np.int64), 1e-6, True, t.now)
                blocked = known & (status == 2)
                assert np.array_equal(got, want[~blocked])
                assert np.array_equal(clear, (known & (status == 1))[~blocked])
                # without answers: every candidate, none known
                got, clear = segments.longest_kernels().pick_known(t.bound, *t.line, t.i, t.j, t.alive, floor, bx, use_boxes, t.xy, t.status,
                                  t.tested, 0, np.zeros((0, 4)), np.zeros(0, dtype=np.int64), 1e-6, False, -1)
                assert np.array_equal(got, want) and not clear.any()
                checked += int(blocked.sum()) + int(clear.sum())
        longest.longest_sight_line(e)
        before = bf
    assert checked > 1000


def test_corner_pairs_tested_from_their_indices_equal_battlefield_clear():
    """longest._pairs_clear (compiled from the corners' indices, through
    both grids, then the face-to-face test) against Battlefield.clear on the
    same segments: corner pairs at random, axis-aligned ones among them (the
    face-to-face test), on 4 boards (grids) and library missions."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.sight import _corner_wedges

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(13)
    gridded = 0
    for mission in [*_missions()[:2], dense_mission(4)]:
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            xy = np.ascontiguousarray(_corner_wedges(bf)[0])
            n = len(xy)
            pi = rng.integers(0, n, 30000).astype(np.int32)
            pj = rng.integers(0, n, 30000).astype(np.int32)
            # pairs on one line along an axis (same x or same y)
            for axis in (0, 1):
                order = np.argsort(xy[:, axis], kind="stable")
                same = np.nonzero(xy[order[1:], axis] == xy[order[:-1], axis])[0]
                pi = np.concatenate([pi, order[same].astype(np.int32)])
                pj = np.concatenate([pj, order[same + 1].astype(np.int32)])
            got = longest._pairs_clear(bf, xy, pi, pj)
            want = bf.clear(xy[pi], xy[pj])
            assert np.array_equal(got, want)
            assert want.any() and not want.all()
            if min(len(bf._sorted_vrects.rects), len(bf._sorted_hrects.rects)) >= segments.GRID_MIN_RECTS:
                gridded += 1
    assert gridded >= 2


def test_pair_table_kernel_deciding_wedges_without_lengths_equals_numpy(monkeypatch):
    """_compiled_longest.table_pairs (wedge tests settled by the cross
    products' signs where they can) against the numpy build of the pair
    table: the same pairs, order and values, exactly; on the library's first
    missions and 4 boards, all closed and as set (wedges of every kind)."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.sight import _corner_wedges

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    kinds = set()
    for mission in [*_missions()[:3], dense_mission(4)]:
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            wedges = _corner_wedges(bf)
            n = len(wedges[0])
            compiled, plain = longest._PairTable(bf.area.bounds), longest._PairTable(bf.area.bounds)
            # all corners at once, then half of them again as new ones
            for part in (slice(0, n // 2), slice(0, n)):
                w = tuple(x[part] for x in wedges)
                compiled.update(*w)
                monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
                plain.update(*w)
                monkeypatch.undo()
                for f in ("i", "j", "bound", "line", "alive"):
                    assert np.array_equal(getattr(compiled, f), getattr(plain, f)), f
            assert len(compiled.i) > 1000
            kinds |= set(compiled.wedge[:, 4].tolist())
    assert kinds >= {1.0, 2.0}


def test_a_round_of_the_longest_line_tested_compiled_equals_battlefield_clear():
    """_compiled_longest.test_round (a round's candidates above the limit,
    known clear or tested, answers written; those along an axis handed back)
    against Battlefield.clear of the same segments and the answers it
    writes; known clear ones are passed through untested."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.obstacles import GRAZE_MM

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(15)
    handed_back = 0
    for mission in [dense_mission(2), dense_mission(4)]:
        bf = battlefield(mission)
        t = longest._PairTable(bf.area.bounds)
        t.update(*longest._corner_wedges(bf))
        grids = longest._grids(bf)
        assert grids is not None
        n = len(t.i)
        sel = np.sort(rng.choice(n, size=min(n, 40000), replace=False)).astype(np.int32)
        bound = t.bound[sel]
        known = rng.random(len(sel)) < 0.1
        limit = float(np.median(bound))
        order = rng.permutation(len(sel)).astype(np.int32)
        status, tested = np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int32)
        ks, flat = segments.longest_kernels().test_round(order, 0, len(order), bound, sel, limit, known, t.i, t.j, t.xy, status, tested, 7, True,
                         *grids, GRAZE_MM, segments.GRID_PAD_MM, np.full(len(t.xy), -1, dtype=np.int64))
        live = bound > limit
        asked = sel[live & ~known]
        want = bf.clear(t.xy[t.i[asked]], t.xy[t.j[asked]])
        flat_set = set(flat.tolist())
        written = np.array([p not in flat_set for p in asked.tolist()], dtype=bool)
        # every pair tested is answered as Battlefield.clear answers, or handed back along an axis
        assert (status[asked[written]] == np.where(want[written], 1, 2)).all()
        assert (tested[asked[written]] == 7).all() and (tested[asked[~written]] == 0).all()
        # handed back (clear but for the face-to-face test): with it, clear()'s answers
        fa, fb = t.xy[t.i[flat]], t.xy[t.j[flat]]
        res = bf._unsqueezed(fa, fb, fb - fa, np.ones(len(flat), dtype=bool))
        by_pair = dict(zip(asked.tolist(), want.tolist()))
        assert [by_pair[p] for p in flat.tolist()] == res.tolist()
        d = t.xy[t.j[flat]] - t.xy[t.i[flat]]
        assert ((np.abs(d) <= 1e-12).any(axis=1)).all()
        assert set(ks.tolist()) == set(sel[live & known].tolist()) | set(asked[written & want].tolist())
        assert (status[sel[~live]] == 0).all()
        assert want.any() and not want.all()
        handed_back += len(flat)
    assert handed_back


def test_face_to_face_test_through_sorted_sides_equals_battlefields():
    """longest._unsqueezed (the faces near each segment's line found by
    their sorted sides, compiled) against Battlefield._unsqueezed: axis-
    aligned segments between corners on one line, and along the table's
    edges and the boards' seams, in every hatchway view."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments
    from layout_editor.rules.sight import _corner_wedges

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    squeezed = 0
    for mission in [*_missions()[:2], dense_mission(4)]:
        for hatches in ("as-set", "closed", "open"):
            bf = battlefield(mission, hatches)
            xy = _corner_wedges(bf)[0]
            a, b = [], []
            for axis in (0, 1):
                order = np.argsort(xy[:, axis], kind="stable")
                same = np.nonzero(xy[order[1:], axis] == xy[order[:-1], axis])[0]
                a.append(xy[order[same]])
                b.append(xy[order[same + 1]])
                # and two apart (longer stretches along one line)
                same2 = np.nonzero(xy[order[2:], axis] == xy[order[:-2], axis])[0]
                a.append(xy[order[same2]])
                b.append(xy[order[same2 + 2]])
            a, b = np.concatenate(a), np.concatenate(b)
            keep = np.abs(b - a).max(axis=1) > 0
            a, b = a[keep], b[keep]
            got = longest._unsqueezed(bf, a, b)
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(segments, "longest_kernels", lambda: None)  # the numpy first look
                want = bf._unsqueezed(a, b, b - a, np.ones(len(a), dtype=bool))
            assert np.array_equal(got, want)
            squeezed += int((~want).sum())
    assert squeezed > 20


def test_candidates_ordered_by_a_counting_sort_equal_the_numpy_order(monkeypatch):
    """longest._longest_first compiled (_compiled_longest.bucket_order, a
    counting sort) against its numpy way (a stable argsort of the same
    steps): the same order and the same bound on the rest, on the bounds of
    a pair table and on random ones with ties."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import longest, segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    bf = battlefield(dense_mission(2))
    t = longest._PairTable(bf.area.bounds)
    t.update(*longest._corner_wedges(bf))
    rng = np.random.default_rng(16)
    for bound in (t.bound.copy(), rng.uniform(0, 1500, 50000).astype(np.float32),
                  rng.integers(0, 40, 5000).astype(np.float32)):
        got, got_rest = longest._longest_first(bound)
        monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
        want, want_rest = longest._longest_first(bound)
        monkeypatch.undo()
        assert np.array_equal(got, want)
        assert got.dtype == np.int32
        for s in (0, 1, len(bound) // 3, len(bound) - 1):
            assert got_rest(s) == want_rest(s)
            assert bound[got[s:]].max() <= got_rest(s)


# -- the route graph, built a block of rows at a time -------------------------------

def test_graph_built_in_blocks_equals_every_pair_at_once(monkeypatch):
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import paths, paths_graph

    for mission in [*_missions()[:3], dense_mission(2)]:
        bf = battlefield(mission)
        monkeypatch.setattr(paths_graph, "GRAPH_CHUNK", 997)  # many blocks, rows of uneven length
        g = paths.VisibilityGraph(bf)
        # the build it replaced: np.triu_indices over every corner at once
        i, j = np.triu_indices(len(g.v), k=1)
        same = g.comp[i] == g.comp[j]
        ei, ej, ew = g._join(i[same], j[same])
        assert np.array_equal(g.ei, ei) and np.array_equal(g.ej, ej) and np.array_equal(g.ew, ew)
        assert len(g.ei) > 100


# -- the compiled segment test through a grid of cells ------------------------------

def test_segment_test_through_the_grid_equals_the_window_search():
    """segments: blocked_grid (rectangles found through cells) against
    blocked (every rectangle in the segment's window): corner to corner,
    random segments on and off the table, near-vertical and axis-aligned
    ones, on every hatchway view's both strip sets."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import paths, segments
    from layout_editor.rules.obstacles import GRAZE_MM

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(11)
    for mission in [*_missions()[:3], dense_mission(4)]:
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            c = paths.graph(bf).v
            i, j = rng.integers(0, len(c), 20000), rng.integers(0, len(c), 20000)
            x0, y0, x1, y1 = bf.area.bounds
            ra = np.stack([rng.uniform(x0 - 50, x1 + 50, 5000), rng.uniform(y0 - 50, y1 + 50, 5000)], 1)
            rb = np.stack([rng.uniform(x0 - 50, x1 + 50, 5000), rng.uniform(y0 - 50, y1 + 50, 5000)], 1)
            a = np.concatenate([c[i], ra, c, c, c])
            b = np.concatenate([c[j], rb, c + [1e-11, 700.0], c + [300.0, 0.0], c + [0.0, -450.0]])
            for sr in (bf._sorted_vrects, bf._sorted_hrects):
                g = sr.grid
                window = k.blocked(a, b, sr.rects, sr.lows, sr.width, sr.axis, GRAZE_MM)
                grid = k.blocked_grid(a, b, sr.rects, g.start, g.rects, g.x0, g.y0, g.size, g.nx, g.ny, GRAZE_MM,
                            segments.GRID_PAD_MM)
                assert np.array_equal(window, grid)
                assert window.any() and not window.all()


def test_ray_first_entry_through_the_grid_equals_the_window_search():
    """segments: rays' first entry through the grid (_compiled_longest,
    column by column, stopping early) against first_entry over every
    rectangle in the ray's window: the same t, exactly; from corners in
    every direction (into walls, along them, grazing them), from random
    points on and off the table, axis-aligned and near-vertical."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import paths, segments
    from layout_editor.rules.obstacles import GRAZE_MM

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(12)
    for mission in [*_missions()[:3], dense_mission(4)]:
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            c = paths.graph(bf).v
            x0, y0, x1, y1 = bf.area.bounds
            i, j = rng.integers(0, len(c), 20000), rng.integers(0, len(c), 20000)
            d = c[j] - c[i]
            keep = np.hypot(d[:, 0], d[:, 1]) > 1e-9
            p = c[i][keep]
            d = d[keep]
            rp = np.stack([rng.uniform(x0 - 50, x1 + 50, 4000), rng.uniform(y0 - 50, y1 + 50, 4000)], 1)
            ang = rng.uniform(0, 2 * np.pi, 4000)
            axis = np.array([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0), (1e-13, 1.0), (-1.0, 1e-13)])
            p = np.concatenate([p, rp, np.repeat(c, 6, axis=0)])
            d = np.concatenate([d, np.stack([np.cos(ang), np.sin(ang)], 1), np.tile(axis, (len(c), 1))])
            u = d / np.hypot(d[:, 0], d[:, 1])[:, None]
            with np.errstate(divide="ignore", invalid="ignore"):
                tx = np.where(u[:, 0] > 0, (x1 - p[:, 0]) / u[:, 0],
                              np.where(u[:, 0] < 0, (x0 - p[:, 0]) / u[:, 0], np.inf))
                ty = np.where(u[:, 1] > 0, (y1 - p[:, 1]) / u[:, 1],
                              np.where(u[:, 1] < 0, (y0 - p[:, 1]) / u[:, 1], np.inf))
            t_out = np.maximum(np.minimum(tx, ty), 0.0)
            end = p + t_out[:, None] * u
            vertical = np.abs(u[:, 0]) <= 1e-12
            for sr, mask in ((bf._sorted_vrects, ~vertical), (bf._sorted_hrects, vertical)):
                pp, ee, uu, tt = (np.ascontiguousarray(v[mask]) for v in (p, end, u, t_out))
                window = k.first_entry(pp, ee, uu, tt, sr.rects, sr.lows, sr.width, sr.axis, GRAZE_MM)
                g = sr.grid
                grid = segments.longest_kernels().first_entry_grid(pp, ee, uu, tt, sr.rects, g.start, g.rects, g.x0, g.y0, g.size, g.nx, g.ny,
                            GRAZE_MM, segments.GRID_PAD_MM)
                assert np.array_equal(window, grid)
                assert (window < tt).any() and (window == tt).any()
                # and what the battlefield's rays use (sight._ray_free_length)
                assert np.array_equal(sr.first_entry(k, pp, ee, uu, tt, GRAZE_MM), window)


# -- a measure on a tabulated battlefield, every end leg tested at once ----------------

def test_measure_testing_every_leg_at_once_equals_best_first(monkeypatch):
    """paths._route with the compiled segment test (every leg from each end
    tested at once) against the best-first rounds it skips: the same
    distance and the same route, corner for corner."""
    import random

    from benchmarks.layouts import dense_mission
    from layout_editor.rules import paths, segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    for mission in [*_missions()[:3], dense_mission(2)]:
        bf = battlefield(mission)
        rng = random.Random(4)
        x0, y0, x1, y1 = bf.area.bounds
        pts = []
        while len(pts) < 60:
            p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            if bf.on_battlefield(*p) and not bf.in_obstacle(*p):
                pts.append(p)
        g = paths.graph(bf)
        _ = g.dist  # the table: both ways look it up
        pairs = list(zip(pts[::2], pts[1::2]))
        fast = [paths._route(bf, a, b) for a, b in pairs]
        monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
        slow = [paths._route(bf, a, b) for a, b in pairs]
        monkeypatch.undo()
        assert [m.distance_mm for m in fast] == [m.distance_mm for m in slow]
        assert [m.route for m in fast] == [m.route for m in slow]
        assert sum(m.distance_mm is not None and len(m.route) > 2 for m in fast) > 5
