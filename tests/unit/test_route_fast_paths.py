"""The route graph's fast paths (issue 13, rules/paths.py and
rules/_compiled_routes.py) against the slow way: the same answers, exactly."""
from __future__ import annotations

import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import shapely
from scipy import sparse
from scipy.sparse import csgraph
from test_paths import free_points

from layout_editor.io import load_mission
from layout_editor.rules import obstacles, paths, paths_areas, paths_graph, rects, segments
from layout_editor.rules.obstacles import battlefield

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def _library(count=3):
    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    missions = [load_mission(p) for p in files]
    return [m for m in missions if m.game == "boarding-actions"][:count]


def _kernels():
    if segments.kernel(wait=True) is None or paths.route_kernels(wait=True, timeout=None) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    return paths.route_kernels()


def _edits(mission, count, seed):
    """A piece taken away, put back, a hatchway opened or closed, in turn."""
    rng = random.Random(seed)
    current, taken = mission, []
    for step in range(count):
        pieces = list(current.pieces)
        k = rng.randrange(len(pieces))
        if step % 3 == 0 and taken:
            pieces.insert(k, taken.pop())
        elif step % 3 == 1:
            taken.append(pieces.pop(k))
        else:
            hatch = [i for i, q in enumerate(pieces) if q.facing is not None]
            i = hatch[rng.randrange(len(hatch))]
            pieces[i] = replace(pieces[i], open=not pieces[i].open)
        current = replace(current, pieces=tuple(pieces))
        yield current


# -- the route graph: compiled candidate pairs and pairs through the changed boxes --

def test_compiled_route_graph_equals_numpy(monkeypatch):
    """A graph built from scratch and after each edit with the compiled
    kernels (candidate pairs in place, pairs through the changed boxes by the
    k-d tree) has the very edges, in the same order, of the numpy build, and
    the edges of a build from scratch."""
    from benchmarks.layouts import dense_mission, small_edits

    _kernels()
    no_kernels = lambda wait=False, timeout=None: None  # noqa: E731
    cases = [(m, list(_edits(m, 9, 5))) for m in _library(2)]
    d = dense_mission(2)
    cases.append((d, list(small_edits(d, 9, seed=7))))
    for mission, edits in cases:
        for hatches in ("as-set", "open"):
            fast = paths.VisibilityGraph(battlefield(mission, hatches))
            monkeypatch.setattr(paths_graph, "route_kernels", no_kernels)
            slow = paths.VisibilityGraph(battlefield(mission, hatches))
            monkeypatch.undo()
            for f in ("ei", "ej", "ew"):
                assert np.array_equal(getattr(fast, f), getattr(slow, f))
            assert len(fast.ei) > 100
            for e in edits:
                bf = battlefield(e, hatches)
                assert paths._changed_boxes(fast.bf, bf) is not None
                fast = paths.VisibilityGraph(bf, fast)
                monkeypatch.setattr(paths_graph, "route_kernels", no_kernels)
                slow = paths.VisibilityGraph(bf, slow)
                monkeypatch.undo()
                scratch = paths.VisibilityGraph(bf)
                for f in ("ei", "ej", "ew"):
                    assert np.array_equal(getattr(fast, f), getattr(slow, f))
                assert np.array_equal(fast.weights, scratch.weights)


def _every_pair(v, idx, boxes, pad=1e-6):
    i, j = np.triu_indices(len(idx), k=1)
    pi, pj = idx[i], idx[j]
    hit = obstacles._segments_meet_boxes_numpy(v[pi], v[pj], boxes, pad)
    return list(zip(pi[hit].tolist(), pj[hit].tolist()))


def test_pairs_through_boxes_equal_testing_every_pair():
    """The k-d tree and wedge search (_compiled_routes.pairs_through_boxes)
    finds, in order, every pair whose segment touches a grown box: random
    points, points on a grid (on the boxes' edge lines), points inside the
    boxes, boxes of no width, overlapping boxes, and pairs whose segment
    passes exactly through a box's corner or along its edge."""
    k = _kernels()
    rng = np.random.default_rng(4)
    pad = 1e-6
    box_sets = [[(100, 100, 300, 120)], [(350, 0, 360, 700)], [(0, 0, 50, 50), (200, 200, 250, 400)],
                [(300.0, 300.0, 300.0, 350.0)], [(100, 100, 150, 150), (120, 120, 160, 160)],
                [(250, 250, 250.5, 250.5)], [(-10, 300, 710, 310)]]
    for boxes in box_sets:
        b = np.array(boxes, dtype=float)
        corners = np.concatenate([b[:, [0, 1]], b[:, [2, 3]], b[:, [0, 3]], b[:, [2, 1]]])
        corners = corners + rng.choice([-pad, 0.0, pad], corners.shape)
        # points whose segment to another runs exactly through a box corner
        a = rng.uniform(0, 700, (40, 2))
        through = corners[rng.integers(0, len(corners), 40)]
        beyond = through + (through - a) * rng.uniform(0.2, 2.0, (40, 1))
        v = np.concatenate([rng.uniform(0, 700, (300, 2)), np.round(rng.uniform(0, 700, (80, 2)) / 50) * 50,
                            a, beyond, corners, rng.uniform(b[0, :2], b[0, 2:] + 1e-9, (10, 2))])
        idx = np.sort(rng.choice(len(v), 420, replace=False))
        want = _every_pair(v, idx, boxes, pad)
        pa, pb = k.pairs_through_boxes(np.ascontiguousarray(v[idx]), b, pad, paths.WEDGE_MARGIN_MM)
        got = list(zip(idx[pa].tolist(), idx[pb].tolist()))
        assert got == want
        assert len(want) > 10


def test_pairs_through_boxes_on_the_dense_layouts_equal_pairs_meet():
    """On the corners of the dense layouts and the boxes of real edits: the
    pairs _compiled.pairs_meet (every pair looked at) finds, in order."""
    from benchmarks.layouts import dense_mission, small_edits

    k = _kernels()
    old_kernel = segments.kernel()
    for n in (2, 4):
        m = dense_mission(n)
        before = battlefield(m)
        v = np.ascontiguousarray(paths.VisibilityGraph(before).v)
        for e in small_edits(m, 6, seed=3):
            bf = battlefield(e)
            boxes = np.array(obstacles.changed_boxes(before, bf), dtype=float).reshape(-1, 4)
            want = old_kernel.pairs_meet(v, boxes, 1e-6)
            got = k.pairs_through_boxes(v, boxes, 1e-6, paths.WEDGE_MARGIN_MM)
            assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
            before = bf


def test_tangent_kernels_equal_numpy():
    """tangent_pairs and tangent_mask against VisibilityGraph._tangent."""
    k = _kernels()
    for mission in _library(2):
        g = paths.VisibilityGraph(battlefield(mission))
        n = len(g.v)
        i, j = np.triu_indices(n, 1)
        same = g.comp[i] == g.comp[j]
        i, j = i[same], j[same]
        ok = g._tangent(g.v[i], j) & g._tangent(g.v[j], i)
        v = np.ascontiguousarray(g.v)
        comp = np.ascontiguousarray(g.comp, dtype=np.int64)
        none = np.zeros((0, 4))
        gi, gj = k.tangent_pairs(v, g.ea, g.eb, comp, np.arange(n, dtype=np.int64), np.zeros(n, dtype=np.bool_),
                                 none, none, 0.0)
        assert np.array_equal(gi, i[ok]) and np.array_equal(gj, j[ok])
        assert np.array_equal(k.tangent_mask(v, g.ea, g.eb, i, j), ok)
        # rows of some corners against every corner, lower ones where allowed
        rng = np.random.default_rng(2)
        rows = np.sort(rng.choice(n, 12, replace=False)).astype(np.int64)
        low = rng.random(n) < 0.5
        fi, fj = np.repeat(rows, n), np.tile(np.arange(n), len(rows))
        keep = (fj != fi) & (low[fj] | (fi < fj)) & (g.comp[fi] == g.comp[fj])
        fi, fj = fi[keep], fj[keep]
        t = g._tangent(g.v[fi], fj) & g._tangent(g.v[fj], fi)
        gi, gj = k.tangent_pairs(v, g.ea, g.eb, comp, rows, low, none, none, 0.0)
        assert np.array_equal(gi, fi[t]) and np.array_equal(gj, fj[t])


def test_tangent_pairs_with_big_rects_leave_out_only_blocked_pairs():
    """tangent_pairs given the largest blocking rectangles (the build from
    scratch) against every tangent pair: what it leaves out the segment test
    finds blocked, what it keeps are the rest in order, and the segment
    test's clear pairs are the same (library and dense layouts)."""
    k = _kernels()
    segments.kernel(wait=True)
    from benchmarks.layouts import dense_mission

    missions = [*_library(2), dense_mission(2), dense_mission(4)]
    for mission in missions:
        bf = battlefield(mission)
        g = paths.VisibilityGraph(bf)
        n = len(g.v)
        v = np.ascontiguousarray(g.v)
        comp = np.ascontiguousarray(g.comp, dtype=np.int64)
        none = np.zeros((0, 4))
        args = (v, g.ea, g.eb, comp, np.arange(n, dtype=np.int64), np.zeros(n, dtype=np.bool_))
        ai, aj = k.tangent_pairs(*args, none, none, 0.0)
        bi, bj = k.tangent_pairs(*args, *paths_graph._big_rects(bf), rects.GRAZE_MM)
        kept = np.isin(ai * n + aj, bi * n + bj)
        assert np.array_equal(ai[kept], bi) and np.array_equal(aj[kept], bj)
        assert len(bi) < len(ai) or not bf.rectilinear
        clear = bf.clear(v[ai], v[aj])
        assert not (clear & ~kept).any()
        assert np.array_equal(bf.clear(v[bi], v[bj]), clear[kept])
        assert np.array_equal(np.stack([g.ei, g.ej]), np.stack([ai[clear], aj[clear]]))


def test_corner_matching_equals_a_dict(monkeypatch):
    """_match_keys (compiled and numpy) against the dict it replaced (the
    last of equal keys), -0.0 as 0.0, also on a dense graph's corners; and
    with every hash clashing, the numpy way's sorted rows."""
    rng = np.random.default_rng(1)

    def cases():
        for _ in range(200):
            pool = np.round(rng.normal(size=(12, 6)))
            pool[:, 2:] = np.sign(pool[:, 2:])
            pool[0, 0] = -0.0
            pool[1] = pool[0]
            pool[1, 0] = 0.0
            no, nn = rng.integers(0, 30, 2)
            yield pool[rng.integers(0, 12, no)], pool[rng.integers(0, 12, nn)]

    def by_dict(ko, kn):
        d = {tuple(k): i for i, k in enumerate(ko.tolist())}
        return np.array([d.get(tuple(k), -1) for k in kn.tolist()], dtype=np.int64)

    _kernels()
    assert paths_graph._keys_kernel() is not None
    for ko, kn in cases():
        assert np.array_equal(paths._match_keys(ko, kn), by_dict(ko, kn))  # (compiled)
        assert np.array_equal(paths_graph._match_keys_numpy(ko, kn), by_dict(ko, kn))
    # a graph's corners after dense edits (hundreds of rows: the table grows, rows collide)
    from benchmarks.layouts import dense_mission, small_edits

    d = dense_mission(2)
    prev = paths.VisibilityGraph(battlefield(d))
    for state in small_edits(d, 6, seed=3):
        g = paths.VisibilityGraph(battlefield(state), prev)
        ko, kn = prev.corner_keys, g.corner_keys
        assert np.array_equal(paths._match_keys(ko, kn), by_dict(ko, kn))
        assert np.array_equal(paths._match_keys(np.concatenate([ko, ko[::3]]), kn),
                              by_dict(np.concatenate([ko, ko[::3]]), kn))
        prev = g
    monkeypatch.setattr(paths_graph, "_row_hash", lambda k: np.zeros(len(k), dtype=np.uint64))
    for ko, kn in cases():
        assert np.array_equal(paths_graph._match_keys_numpy(ko, kn), by_dict(ko, kn))


# -- distances after an edit: kept answers and starts -------------------------------

def test_distances_after_edits_equal_a_fresh_search(monkeypatch):
    """distances_from after each edit (answers kept where the edit cannot
    change them, zone starts kept away from it) equals a search with nothing
    kept; from zones and from a point, targets all over the table, some
    inside walls. The edits change answers (some to no route and back), and
    answers and starts are kept."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.checks import entry_zone_geometry

    kept, started = [], []
    known, reused = paths._Routes.known, paths._start_reused
    monkeypatch.setattr(paths._Routes, "known", lambda self, *a: kept.append(known(self, *a)) or kept[-1])
    monkeypatch.setattr(paths, "_start_reused", lambda *a, **kw: started.append(1) or reused(*a, **kw))
    d = dense_mission(2)
    changed = nowhere = 0
    for mission, edits in [(d, list(small_edits(d, 12, seed=9))), *[(m, list(_edits(m, 12, 8))) for m in _library(2)]]:
        bf = battlefield(mission)
        pts = free_points(bf, 20, 3) + [o.at for o in mission.objectives]
        # targets in walls: the middle of some blocking strips
        pts += [((r[0] + r[2]) / 2, (r[1] + r[3]) / 2) for r in bf.vrects[:: max(1, len(bf.vrects) // 6)]]
        sources = [entry_zone_geometry(mission, p) for p in range(1, mission.players + 1)]
        sources = [z for z in sources if z is not None] + [pts[0]]
        last = None
        for state in [mission, *edits]:
            got = []
            for src in sources:
                try:
                    got.append(paths.distances_from(state, src, pts))
                except paths.MeasureError:
                    got.append("error")
            paths._routes_from.clear()
            want = []
            for src in sources:
                try:
                    want.append(paths.distances_from(state, src, pts))
                except paths.MeasureError:
                    want.append("error")
            assert got == want
            if last is not None:
                for a, b in zip(last, want):
                    if a != "error" and b != "error":
                        changed += sum(x != y for x, y in zip(a, b))
                        nowhere += sum((x is None) != (y is None) for x, y in zip(a, b))
            last = want
            # the next state is searched from this one's answers
            for src in sources:
                try:
                    paths.distances_from(state, src, pts)
                except paths.MeasureError:
                    pass
    assert changed > 5 and nowhere > 0
    assert sum(len(k) for k in kept) > 100 and sum(not k for k in kept) > 0
    assert len(started) > 10


def test_zone_start_after_an_edit_equals_a_fresh_start():
    """_start_reused (a corner's start leg kept when it meets no changed
    box) equals _start_from_area, nearest points included."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.checks import entry_zone_geometry

    d = dense_mission(2)
    for mission, edits in [(d, list(small_edits(d, 10, seed=4))), (_library(1)[0], list(_edits(_library(1)[0], 9, 2)))]:
        for p in range(1, mission.players + 1):
            zone = entry_zone_geometry(mission, p)
            if zone is None:
                continue
            bf = battlefield(mission)
            g = paths.graph(bf)
            area, rects = paths._free_part(bf, zone)
            start, near = paths._start_from_area(bf, g, area, rects, with_near=True)
            memo = paths._Routes(bf=bf, area=area, point=None, keys=g.corner_keys, near=near, start=start,
                                 values={}, homes={})
            kept = 0
            for e in edits:
                bf = battlefield(e)
                g = paths.graph(bf)
                area, rects = paths._free_part(bf, zone)
                got, got_near = paths._start_reused(memo, bf, g, area, rects)
                want, want_near = paths._start_from_area(bf, g, area, rects, with_near=True)
                assert np.array_equal(got, want) and np.array_equal(got_near, want_near)
                kept += area is memo.area
                memo = paths._Routes(bf=bf, area=area, point=None, keys=g.corner_keys, near=got, start=got,
                                     values={}, homes={})
                memo.near = got_near
            assert kept > 3


def test_start_legs_tested_with_the_last_legs_equal_separate_tests(monkeypatch):
    """_pretest (after an edit: the zone's start legs left by _start_reused,
    the straight lines and the last legs in one call of the segment test)
    answers each segment as a call of its own does: the straight lines'
    nearest points, inside and clear, the start legs' clear, every leg it
    tested; and distances_from's starts equal _start_from_area's."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.checks import entry_zone_geometry

    _kernels()
    made = []
    pretest, start_legs = paths._pretest, paths._start_legs

    def checked(bf, g, area, targets, rects, skip, a, b):
        straight, ok = pretest(bf, g, area, targets, rects, skip, a, b)
        assert np.array_equal(ok, bf.clear(a, b))
        if straight is not None:
            made.append(len(a))
            t = targets[~skip]
            src, inside, clear = straight
            assert np.array_equal(src, paths.nearest_points(area, rects, t))
            assert np.array_equal(inside, shapely.intersects_xy(area, t[:, 0], t[:, 1]))
            assert np.array_equal(clear, bf.clear(src, t))
            legs = g.last_legs(targets)
            q = np.nonzero(legs.clear != 0)[0]
            assert np.array_equal(legs.clear[q] > 0, bf.clear(targets[legs.r[q]], g.v[legs.c[q]]))
            assert np.all(legs.clear[~skip[legs.r]] != 0)  # every leg of a target measured
        return straight, ok

    def fresh_start(bf, g, near, v, clear=None):
        got = start_legs(bf, g, near, v, clear=clear)
        assert np.array_equal(got, start_legs(bf, g, near, v))
        return got

    monkeypatch.setattr(paths, "_pretest", checked)
    monkeypatch.setattr(paths, "_start_legs", fresh_start)
    d = dense_mission(2)
    zones = [entry_zone_geometry(d, p) for p in range(1, d.players + 1)]
    targets = [o.at for o in d.objectives]
    compared = 0
    for state in [d, *small_edits(d, 24, seed=5)]:
        for zone in zones:
            paths.distances_from(state, zone, targets)
        bf = battlefield(state)
        g = paths.graph(bf)
        for zone in zones:
            memo = paths._routes_from.get((paths._source_wkb(zone), bf.board_ids, "as-set"))
            area, rects = paths._free_part(bf, zone)
            if memo is not None and memo.bf is bf and memo.area is area:
                assert np.array_equal(memo.start, paths._start_from_area(bf, g, area, rects))
                compared += 1
    assert len(made) > 10 and sum(n > 0 for n in made) > 5 and compared > 10


@pytest.mark.parametrize("legs", ["at once", "in rounds", "compiled rounds"])
def test_last_legs_equal_every_clear_corner(legs, monkeypatch):
    """_finish (legs tested all at once with the compiled segment test, in
    its bigger rounds past LEGS_AT_ONCE legs (8 boards), or in growing rounds
    without it, shared by the sources) gives each target
    the least total over every corner of its free area that it sees and may
    turn at, or the straight line: tested leg by leg."""
    from layout_editor.rules import paths_areas
    from layout_editor.rules.checks import entry_zone_geometry

    if legs == "at once":
        _kernels()
    elif legs == "compiled rounds":
        _kernels()
        monkeypatch.setattr(paths_areas, "LEGS_AT_ONCE", 0)
        monkeypatch.setattr(paths_areas, "LEGS_FIRST_ROUND", 3)  # (several rounds on small missions)
    else:
        monkeypatch.setattr(paths_areas.segments, "kernel", lambda wait=False: None)

    reached = 0
    for mission in _library(3):
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            g = paths.graph(bf)
            targets = np.array(free_points(bf, 40, 6) + [o.at for o in mission.objectives])
            for p in range(1, mission.players + 1):
                zone = entry_zone_geometry(mission, p)
                area, rects = paths._free_part(bf, zone)
                reach = g.dijkstra(paths._start_from_area(bf, g, area, rects))
                got = paths._finish(bf, g, reach, area, None, targets, rects)
                src = paths.nearest_points(area, rects, targets)
                want = []
                for k, t in enumerate(targets):
                    best = math.inf
                    if shapely.intersects_xy(area, *t):
                        best = 0.0
                    elif bf.clear(src[k:k + 1], t[None])[0]:
                        best = float(np.hypot(*(t - src[k])))
                    else:
                        ct = g.component_of(tuple(t))
                        if ct is not None:
                            c = g.candidates(tuple(t), ct)
                            c = c[np.isfinite(reach[c])]
                            c = c[bf.clear(np.repeat(t[None], len(c), axis=0), g.v[c])]
                            if len(c):
                                best = float((reach[c] + np.hypot(g.v[c, 0] - t[0], g.v[c, 1] - t[1])).min())
                    want.append(best if math.isfinite(best) else None)
                assert got == want
                reached += sum(w is not None and w > 0 for w in want)
    assert reached > 100


def test_search_matrix_equals_the_edge_list_build():
    """g.dijkstra (the graph's CSR with the source's row appended) gives the
    distances and predecessors of the matrix built from the edge list."""
    for mission in _library(2):
        bf = battlefield(mission)
        g = paths.graph(bf)
        n = len(g.v)
        for p in free_points(bf, 5, 8):
            ia, da = g.seen_from(p, g.component_of(p))
            start = np.full(n, np.inf)
            start[ia] = da
            seen = np.nonzero(np.isfinite(start))[0]
            m = sparse.csr_matrix((np.concatenate([g.ew, g.ew, start[seen]]),
                                   (np.concatenate([g.ei, g.ej, np.full(len(seen), n)]),
                                    np.concatenate([g.ej, g.ei, seen]))), shape=(n + 1, n + 1))
            dist, pred = csgraph.dijkstra(m, directed=True, indices=n, return_predecessors=True)
            pred = pred[:n].astype(np.int64)
            pred[(pred < 0) | (pred >= n)] = -1
            assert np.array_equal(g.dijkstra(start), dist[:n])
            got_d, got_p = g.dijkstra(start, goal=np.zeros(n))
            assert np.array_equal(got_d, dist[:n]) and np.array_equal(got_p, pred)
        plain = sparse.csr_matrix((np.concatenate([g.ew, g.ew]), (np.concatenate([g.ei, g.ej]),
                                                                  np.concatenate([g.ej, g.ei]))), shape=(n, n))
        for f in ("data", "indices", "indptr"):
            assert np.array_equal(getattr(g.csr, f), getattr(plain, f))


def test_component_of_and_usable_equal_the_loop():
    for mission in _library(2):
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            g = paths.graph(bf)
            x0, y0, x1, y1 = bf.area.bounds
            rng = random.Random(1)
            pts = [(rng.uniform(x0 - 10, x1 + 10), rng.uniform(y0 - 10, y1 + 10)) for _ in range(200)]
            pts += [tuple(c) for c in g.v[::7]]
            many = g.components_of(np.array(pts))
            for p, ct in zip(pts, many):
                want = next((ci for ci, poly in enumerate(g.components) if shapely.intersects_xy(poly, *p)), None)
                assert g.component_of(p) == want
                assert ct == (-1 if want is None else want)
            assert (many >= 0).any() and (many < 0).any()
            # whether each is a point to measure to, all at once and one by one
            pts += [(math.nan, 5.0), (x0 - 1, y0 - 1), (math.inf, 0.0)]
            assert g.usable(pts).tolist() == [paths._usable(bf, p) for p in pts]
            assert any(g.usable(pts)) and not all(g.usable(pts))


def test_compiled_search_equals_scipy_to_the_last_bit(monkeypatch):
    """The compiled Dijkstra (_compiled_routes.dijkstra_from on the rows of
    adjacency) gives the very distances of scipy's csgraph.dijkstra on the
    graph with the source as one more node, for sources seeing a few
    corners, many, and none; the rows are scipy's CSR arrays."""
    from benchmarks.layouts import dense_mission

    k = _kernels()
    no_kernels = lambda wait=False, timeout=None: None  # noqa: E731
    rng = np.random.default_rng(3)
    for mission in _library(2) + [dense_mission(2)]:
        g = paths.VisibilityGraph(battlefield(mission))
        n = len(g.v)
        indptr, indices, data = k.adjacency(n, g.ei, g.ej, g.ew)
        csr = g.csr
        assert np.array_equal(indptr, csr.indptr) and np.array_equal(indices, csr.indices)
        assert np.array_equal(data, csr.data)
        for trial in range(12):
            start = np.full(n, np.inf)
            seen = rng.choice(n, size=[1, 5, n // 3][trial % 3], replace=False)
            start[seen] = rng.uniform(0.0, 400.0, len(seen))
            if trial == 4:
                start[seen[0]] = 0.0  # a corner inside the area
            fast = g.dijkstra(start)
            monkeypatch.setattr(paths_graph, "route_kernels", no_kernels)
            slow = g.dijkstra(start)
            monkeypatch.undo()
            assert np.array_equal(fast, slow)
            assert np.isfinite(fast).sum() > len(seen) // 2
        assert np.isinf(g.dijkstra(np.full(n, np.inf))).all()


def test_compiled_rows_sum_a_pair_listed_twice_as_scipy_does():
    k = _kernels()
    ei = np.array([0, 1, 0, 2], dtype=np.int64)
    ej = np.array([1, 2, 1, 3], dtype=np.int64)
    ew = np.array([1.0, 2.0, 0.5, 0.0])
    indptr, indices, data = k.adjacency(5, ei, ej, ew)
    m = sparse.csr_matrix((np.concatenate([ew, ew]), (np.concatenate([ei, ej]), np.concatenate([ej, ei]))),
                          shape=(5, 5))
    assert np.array_equal(indptr, m.indptr) and np.array_equal(indices, m.indices) and np.array_equal(data, m.data)
    start = np.array([np.inf, np.inf, np.inf, 0.25, np.inf])
    got = k.dijkstra_from(indptr, indices, data, start)
    want = csgraph.dijkstra(sparse.csr_matrix((np.concatenate([m.data, [0.25]]), np.concatenate([m.indices, [3]]),
                                               np.concatenate([m.indptr, [m.indptr[-1] + 1]])), shape=(6, 6)),
                            directed=True, indices=5)[:5]
    assert np.array_equal(got, want)



def test_tangent_pairs_through_boxes_equal_the_pairs_filtered():
    """tangent_pairs_through_boxes (nodes passed over by free area and by a
    bound on the tangent test) keeps, in order, exactly the pairs of
    pairs_through_boxes in one free area and tangent at both ends: on the
    dense layouts and the library, with the boxes of real edits and boxes
    laid at random, and on corners of no edges' width (all tangent)."""
    from benchmarks.layouts import dense_mission, small_edits

    k = _kernels()
    rng = np.random.default_rng(8)
    checked = 0
    for m in [dense_mission(2), dense_mission(4), *_library(2)]:
        before = battlefield(m)
        g = paths.VisibilityGraph(before)
        v = np.ascontiguousarray(g.v)
        comp = np.ascontiguousarray(g.comp, dtype=np.int64)
        x0, y0, x1, y1 = before.area.bounds
        box_sets = [np.array(obstacles.changed_boxes(before, battlefield(e)), dtype=float).reshape(-1, 4)
                    for e in small_edits(m, 4, seed=5)] if m.pieces else []
        for _ in range(4):
            p = rng.uniform((x0, y0), (x1, y1), (2, 2))
            box_sets.append(np.array([[*p.min(axis=0), *(p.min(axis=0) + rng.uniform(5, 120, 2))]]))
        for boxes in box_sets:
            if not len(boxes):
                continue
            pa, pb = k.pairs_through_boxes(v, boxes, 1e-6, paths.WEDGE_MARGIN_MM)
            keep = (comp[pa] == comp[pb]) & k.tangent_mask(v, g.ea, g.eb, pa, pb)
            got = k.tangent_pairs_through_boxes(v, g.ea, g.eb, comp, boxes, 1e-6, paths.WEDGE_MARGIN_MM)
            assert np.array_equal(got[0], pa[keep]) and np.array_equal(got[1], pb[keep])
            checked += int(keep.sum())
            # without edges every pair is tangent: every pair of one area kept
            z = np.zeros_like(g.ea)
            got = k.tangent_pairs_through_boxes(v, z, z, comp, boxes, 1e-6, paths.WEDGE_MARGIN_MM)
            same = comp[pa] == comp[pb]
            assert np.array_equal(got[0], pa[same]) and np.array_equal(got[1], pb[same])
    assert checked > 1000



def test_hatchway_edits_box_only_the_door_and_rebuild_the_same_graph():
    """A hatchway opened or closed (nothing else changed) is boxed round its
    door alone (obstacles.door_boxes), inside changed_boxes' box round the
    whole piece; the graph built from the one before with those boxes, and
    the distances kept with them, equal a build and a search from scratch,
    on every hatchway of a dense board and of library missions."""
    from benchmarks.layouts import dense_mission
    from layout_editor.rules.checks import entry_zone_geometry

    for mission in [dense_mission(2), *_library(2)]:
        hatch = [i for i, q in enumerate(mission.pieces) if q.open is not None]
        rng = random.Random(5)
        rng.shuffle(hatch)
        current = mission
        prev = paths.VisibilityGraph(battlefield(mission))
        zones = [z for z in (entry_zone_geometry(mission, p) for p in range(1, mission.players + 1)) if z is not None]
        targets = [o.at for o in mission.objectives] + free_points(prev.bf, 12, 4)
        for z in zones:
            paths.distances_from(current, z, targets)
        smaller = 0
        for i in hatch[:10]:
            pieces = list(current.pieces)
            pieces[i] = replace(pieces[i], open=not pieces[i].open)
            current = replace(current, pieces=tuple(pieces))
            bf = battlefield(current)
            doors = obstacles.door_boxes(prev.bf, bf)
            whole = obstacles.changed_boxes(prev.bf, bf)
            assert doors is not None and whole is not None
            for d in doors:
                assert any(w[0] <= d[0] + 1e-2 and w[1] <= d[1] + 1e-2 and w[2] >= d[2] - 1e-2 and w[3] >= d[3] - 1e-2
                           for w in whole)
            smaller += sum((d[2] - d[0]) * (d[3] - d[1]) for d in doors) < sum(
                (w[2] - w[0]) * (w[3] - w[1]) for w in whole)
            built = paths.VisibilityGraph(bf, prev)
            scratch = paths.VisibilityGraph(bf)
            assert np.array_equal(built.v, scratch.v)
            assert np.array_equal(built.weights, scratch.weights)
            got = [paths.distances_from(current, z, targets) for z in zones]  # kept from the layout before
            paths._routes_from.clear()
            assert got == [paths.distances_from(current, z, targets) for z in zones]
            prev = built
        assert smaller > 0


def test_area_rects_equal_the_plain_way():
    """paths_areas._area_rects (every polygon, line and point part of a
    zone's free part at once) gives the rows of _area_rects_plain (part by
    part, strips() for each polygon), in the same order: on the entry zones
    of library missions and of dense layouts after edits, in the three
    hatchway views, and on hand-made collections (a line, a point, a
    slanted edge, several polygons in one part)."""
    from shapely.geometry import GeometryCollection, LineString, MultiPolygon, Point, Polygon, box

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules import paths_areas
    from layout_editor.rules.checks import entry_zone_geometry

    areas = [GeometryCollection([box(0, 0, 10, 5), LineString([(10, 0), (10, 8), (14, 8)]), Point(3, 9),
                                 box(20, 0, 25, 5)]),
             GeometryCollection([MultiPolygon([box(0, 0, 1, 1), box(2, 0, 3, 2)]), LineString([(5, 5), (6, 5)])]),
             GeometryCollection([Polygon([(0, 0), (4, 0), (0, 3)]), box(5, 5, 6, 6)]),
             GeometryCollection([LineString([(0, 0), (3, 4)])]), box(0, 0, 2, 2), Point(1, 1), Polygon()]
    d = dense_mission(2)
    for mission in [*_library(3), d, *small_edits(d, 9, seed=4)]:
        for hatches in ("as-set", "closed", "open"):
            bf = battlefield(mission, hatches)
            for p in range(1, mission.players + 1):
                zone = entry_zone_geometry(mission, p)
                if zone is not None:
                    areas.append(zone.intersection(paths_areas._free_near(bf, zone)))
    lines = 0
    for area in areas:
        want = paths_areas._area_rects_plain(area)
        got = paths_areas._area_rects(area)
        if want is None:
            assert got is None
        else:
            assert got is not None and np.array_equal(got, want)
        lines += area.geom_type == "GeometryCollection" and any(
            g.geom_type == "LineString" for g in getattr(area, "geoms", []))
    assert lines > 5


def test_graph_after_dense_edits_with_boxes_merged_equals_a_build_from_scratch():
    """After each small edit of a dense layout (a hatchway, a pillar turned,
    a wall moved) the graph built from the one before, whose search takes a
    pillar's boxes before and after as one (paths_graph._merged) and skips
    the boxes where obstacles only grew (a wall's new place, a hatchway
    closed: _grown_boxes; only the old edges through them tested again),
    has the edges of a graph built from scratch, with and without the
    kernels."""
    from benchmarks.layouts import dense_mission, small_edits

    merged = grown = 0
    for kernels in (True, False):
        if kernels:
            _kernels()
        d = dense_mission(2)
        prev = paths.VisibilityGraph(battlefield(d))
        for state in small_edits(d, 12, seed=2):
            bf = battlefield(state)
            boxes = paths_graph._changed_boxes(prev.bf, bf)
            assert boxes is not None
            merged += len(paths_graph._merged(boxes)) < len(set(boxes))
            grown += len(paths_graph._grown_boxes(prev.bf, bf)) > 0
            if kernels:
                built = paths.VisibilityGraph(bf, prev)
            else:
                real = paths_graph.route_kernels
                paths_graph.route_kernels = lambda *a, **k: None
                try:
                    built = paths.VisibilityGraph(bf, prev)
                finally:
                    paths_graph.route_kernels = real
            scratch = paths.VisibilityGraph(bf)
            assert np.array_equal(built.v, scratch.v)
            assert np.array_equal(built.weights, scratch.weights)
            prev = built
    assert merged >= 4 and grown >= 4


def test_zone_area_kept_after_far_edits_equals_a_fresh_cut():
    """_Routes.same_area (a zone's free part kept when no changed box comes
    near the zone) equals the zone cut to the free space afresh: the same
    area and length, and the same nearest point for every corner and for
    points all over the battlefield (what the start legs use)."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.checks import entry_zone_geometry

    d = dense_mission(2)
    kept = 0
    for mission, edits in [(d, list(small_edits(d, 12, seed=4))), (_library(1)[0], list(_edits(_library(1)[0], 12, 2)))]:
        for p in range(1, mission.players + 1):
            zone = entry_zone_geometry(mission, p)
            if zone is None:
                continue
            bf = battlefield(mission)
            area, rects = paths._free_part(bf, zone)
            memo = paths._Routes(bf=bf, area=area, point=None, keys=np.zeros(0), near=None, start=np.zeros(0),
                                 values={}, homes={}, rects=rects)
            for e in edits:
                bf = battlefield(e)
                got = memo.same_area(bf, zone)
                fresh = zone.intersection(bf.free)
                fresh_rects = paths_areas._area_rects_plain(fresh)
                if got is not None:
                    kept += 1
                    assert got[0] is memo.area
                    assert math.isclose(got[0].area, fresh.area, abs_tol=1e-6)
                    assert math.isclose(got[0].length, fresh.length, abs_tol=1e-6)
                    pts = np.concatenate([paths.graph(bf).v, np.array(free_points(bf, 200, 5), dtype=float)])
                    assert np.allclose(paths.nearest_points(got[0], got[1], pts),
                                       paths.nearest_points(fresh, fresh_rects, pts), atol=1e-9)
                area, rects = got if got is not None else paths._free_part(bf, zone)
                memo = paths._Routes(bf=bf, area=area, point=None, keys=np.zeros(0), near=None,
                                     start=np.zeros(0), values={}, homes={}, rects=rects)
    assert kept > 10


def _plain_changed(old, new, limit=8):
    """changed_boxes and the went/came split the plain way (a Counter of
    every piece of a board that differs, as before obstacles.changed_pieces)."""
    from collections import Counter

    from layout_editor.catalogue import default_catalogue
    from layout_editor.model.lattice import Placement
    from layout_editor.model.mission import Piece
    from layout_editor.rules.geometry import PieceGeometryError, piece_shape

    if len(old.key) != len(new.key):
        return None
    cat = default_catalogue()
    out = []
    for (b1, k1, o1), (b2, k2, o2) in zip(old.key, new.key):
        if b1 != b2:
            return None
        if k1 == k2 and o1 == o2:
            continue
        before, after = Counter(zip(k1, o1)), Counter(zip(k2, o2))
        went, came = list((before - after).elements()), list((after - before).elements())
        if len(out) + len(went) + len(came) > limit:
            return None
        placement = Placement.of(b2, cat)
        for changed, is_new in ((went, False), (came, True)):
            for (code, f, t, at, facing, turned, caps), is_open in changed:
                piece = Piece(code=code, board=b2.id, from_node=f, to_node=t, at=at, facing=facing,
                              turned=turned, caps=caps, uid=0)
                try:
                    shape = piece_shape(piece, placement, cat)
                except (PieceGeometryError, KeyError):
                    continue
                out.append((shape.blocking(is_open).bounds, is_new))
    return out


def test_piece_diff_equals_counting_every_piece():
    """obstacles._piece_diff (only the places that differ counted, the
    order found again) == Counter(before) - Counter(after) and the other
    way, elements in Counter's order: random lists with repeated pieces,
    pieces swapped, moved, added and taken away."""
    from collections import Counter

    rng = random.Random(7)
    for _ in range(3000):
        n = rng.randrange(0, 9)
        k1 = [rng.choice("abcde") for _ in range(n)]
        o1 = [rng.random() < 0.3 for _ in range(n)]
        k2, o2 = list(k1), list(o1)
        for _ in range(rng.randrange(0, 4)):
            op = rng.randrange(5)
            if op == 0 and k2:
                i = rng.randrange(len(k2))
                k2[i] = rng.choice("abcde")
            elif op == 1 and k2:
                i = rng.randrange(len(o2))
                o2[i] = not o2[i]
            elif op == 2 and len(k2) > 1:
                i, j = rng.sample(range(len(k2)), 2)
                k2[i], k2[j], o2[i], o2[j] = k2[j], k2[i], o2[j], o2[i]
            elif op == 3:
                i = rng.randrange(len(k2) + 1)
                k2.insert(i, rng.choice("abcde"))
                o2.insert(i, rng.random() < 0.3)
            elif k2:
                i = rng.randrange(len(k2))
                del k2[i], o2[i]
        before, after = Counter(zip(k1, o1)), Counter(zip(k2, o2))
        want = (list((before - after).elements()), list((after - before).elements()))
        assert obstacles._piece_diff(tuple(k1), tuple(o1), tuple(k2), tuple(o2)) == want


def test_changed_pieces_on_edits_equal_the_plain_way():
    """obstacles.changed_pieces / changed_boxes / paths_graph._piece_kinds
    after dense and library edits (pieces moved, turned, taken away, put
    back, hatchways flipped) == the plain Counter way, boxes in order."""
    from benchmarks.layouts import dense_mission, small_edits

    cases = [(dense_mission(2), list(small_edits(dense_mission(2), 24)))]
    for m in _library(2):
        cases.append((m, list(_edits(m, 18, seed=5))))
    for m, edits in cases:
        before = battlefield(m)
        for e in edits:
            bf = battlefield(e)
            for limit in (8, 1):
                want = _plain_changed(before, bf, limit)
                assert obstacles._changed_pieces(before, bf, limit) == want
                got = obstacles.changed_boxes(before, bf, limit)
                assert got == (None if want is None else [b for b, _ in want])
            want = _plain_changed(before, bf)
            kinds = paths_graph._piece_kinds(before, bf)
            assert kinds == (None if want is None else ([b for b, c in want if not c], [b for b, c in want if c]))
            before = bf


@pytest.mark.parametrize("board_count", [2, 8])
def test_last_legs_kept_from_the_graph_before_equal_testing_them_again(board_count, monkeypatch):
    """A last leg's test kept from the graph before an edit (_LastLegs.before:
    the same corner and target, the segment meeting no changed box) == the
    segment test on the new battlefield, for every leg tested after dense
    edits (hatchways, pillars, walls) and library edits (pieces taken away,
    put back); and the distances == a fresh search. Some legs must have
    been kept (else the test tests nothing)."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.areas import entry_zone_geometry

    kept = [0]
    real = paths_graph._LastLegs.test

    def counting(self, bf, g, q, also=None):
        before = int((self.clear != 0).sum())
        fresh = int((self.clear[q] == 0).sum())
        calls = []
        orig_clear = bf.clear

        class Spy:
            def __getattr__(self, name):
                return getattr(bf, name)

            def clear(self, a, b):
                calls.append(len(a))
                return orig_clear(a, b)
        got = real(self, Spy(), g, q, also)
        # (the other segments tested in the same call are no legs)
        kept[0] += fresh - (sum(calls) - (0 if also is None else len(also[0])))
        assert int((self.clear != 0).sum()) == before + fresh
        if also is not None:
            assert np.array_equal(got, bf.clear(*also))
        return got

    monkeypatch.setattr(paths_graph._LastLegs, "test", counting)
    m = dense_mission(board_count)
    cases = [(m, list(small_edits(m, 12 if board_count == 8 else 24)))]
    if board_count == 2:
        for lib in _library(2):
            cases.append((lib, list(_edits(lib, 12, seed=3))))
    for mission, edits in cases:
        for e in [mission] + edits:
            targets = [o.at for o in e.objectives]
            zones = [entry_zone_geometry(e, p) for p in range(1, e.players + 1)]
            got = [paths.distances_from(e, z, targets) for z in zones if z is not None]
            bf = battlefield(e)
            g = paths.graph(bf)
            legs = g.last_asked.get("legs")
            if legs is not None:
                lg = legs[1]
                q = np.nonzero(lg.clear != 0)[0]
                want = bf.clear(lg.targets[lg.r[q]], g.v[lg.c[q]])
                assert np.array_equal(lg.clear[q] > 0, want)
        paths._routes_from.clear()
        paths_graph._graphs.clear()
        paths_graph._last_graphs.clear()
        fresh = [paths.distances_from(e, z, targets) for z in zones if z is not None]
        assert got == fresh
    assert kept[0] > 0


def test_corner_route_and_a_measure_s_ends_equal_the_plain_way():
    """corner_route with each corner's neighbours sorted once per graph
    (_sorted_rows) == the plain walk (the neighbours sorted at every step);
    components_of_pair == component_of for each end: many corner pairs and
    free points of a dense layout and a library mission."""
    from benchmarks.layouts import dense_mission

    for m in [dense_mission(2)] + _library(1):
        bf = battlefield(m)
        g = paths.graph(bf)
        rng = random.Random(3)
        n = len(g.v)
        for _ in range(150):
            a, b = rng.randrange(n), rng.randrange(n)
            if not math.isfinite(g.dist[a, b]):
                continue
            route, x = [a], a
            csr = g.csr
            for _ in range(n + 1):
                if x == b:
                    break
                nb = csr.indices[csr.indptr[x]:csr.indptr[x + 1]]
                w = csr.data[csr.indptr[x]:csr.indptr[x + 1]]
                order = np.argsort(nb, kind="stable")
                nb, w = nb[order], w[order]
                x = int(nb[int(np.argmin(w + g.dist[nb, b]))])
                route.append(x)
            assert g.corner_route(a, b) == route
        pts = free_points(bf, 60, seed=2) + [(-5.0, -5.0)]
        for p, q in zip(pts, pts[1:] + pts[:1]):
            assert g.components_of_pair(p, q) == (g.component_of(p), g.component_of(q))


@pytest.mark.parametrize("board_count", [2, 8])
def test_last_legs_made_from_the_graph_before_equal_a_fresh_make(board_count, monkeypatch):
    """_LastLegs after an edit, its tangent test kept for the corners the
    graph before had with the same edges (_LastLegs._tangent) == _LastLegs
    made afresh on the same graph (the same legs, in the same order, the
    same lengths): dense edits (hatchways, pillars, walls) and library
    edits (pieces taken away and put back). Some must have been kept."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.areas import entry_zone_geometry

    made = [0]
    real = paths_graph._LastLegs._tangent

    def counting(g, targets, before):
        made[0] += before is not None
        return real(g, targets, before)

    monkeypatch.setattr(paths_graph._LastLegs, "_tangent", staticmethod(counting))
    # (the numpy steps: the compiled pass works every corner out afresh)
    monkeypatch.setattr(paths_graph, "_legs_kernel", lambda: None)
    m = dense_mission(board_count)
    cases = [(m, list(small_edits(m, 12 if board_count == 8 else 24)))]
    if board_count == 2:
        for lib in _library(2):
            cases.append((lib, list(_edits(lib, 12, seed=4))))
    for mission, edits in cases:
        for e in [mission] + edits:
            targets = [o.at for o in e.objectives]
            for p in range(1, e.players + 1):
                z = entry_zone_geometry(e, p)
                if z is not None:
                    paths.distances_from(e, z, targets)
            g = paths.graph(battlefield(e))
            got = g.last_asked.get("legs")
            if got is None:
                continue
            legs = got[1]
            fresh = paths_graph._LastLegs(g, legs.targets)
            assert np.array_equal(legs.tangent, fresh.tangent)
            assert np.array_equal(legs.r, fresh.r) and np.array_equal(legs.c, fresh.c)
            assert np.array_equal(legs.length, fresh.length)
    assert made[0] > 0
    # corners whose edges differ from the graph before's, or new ones, are
    # worked out again (their old answers made wrong on purpose here)
    n = len(g.v)
    old = paths_graph._LastLegs(g, legs.targets)
    old.tangent = old.tangent.copy()
    moved, new = np.arange(0, n, 7), np.arange(3, n, 11)
    old.tangent[:, moved] = ~old.tangent[:, moved]
    old.tangent[:, new] = ~old.tangent[:, new]
    old_ea = g.ea.copy()
    old_ea[moved] *= 2.0
    old_idx = np.arange(n, dtype=np.int64)
    old_idx[new] = -1
    got = paths_graph._LastLegs._tangent(g, legs.targets, (old, old_idx, np.zeros((0, 4)), n, old_ea, g.eb))
    assert np.array_equal(got, fresh.tangent)


@pytest.mark.parametrize("compiled", [True, False])
def test_nearest_points_equal_clipping_to_every_rectangle_bit_for_bit(compiled, monkeypatch):
    """nearest_points (compiled: _compiled_routes.nearest_in_rects; numpy:
    min/max in place of np.clip, a few points both axes at once) == the
    plain clip to every rectangle, the nearest kept (the first of equal
    ones), to the bit, over random rectangles (some of
    no width: lines, points) and points, many on the rectangles' sides and
    corners (ties)."""
    import shapely

    if compiled:
        _kernels()
    else:
        monkeypatch.setattr(paths_areas, "route_kernels", lambda wait=False, timeout=None: None)

    def plain(rects, pts):
        cx = np.clip(pts[:, 0:1], rects[:, 0], rects[:, 2])
        cy = np.clip(pts[:, 1:2], rects[:, 1], rects[:, 3])
        d2 = (cx - pts[:, 0:1]) ** 2 + (cy - pts[:, 1:2]) ** 2
        k = np.argmin(d2, axis=1)
        r = np.arange(len(pts))
        return np.stack([cx[r, k], cy[r, k]], axis=1)

    rng = np.random.default_rng(29)
    area = shapely.box(0, 0, 1, 1)  # (only asked when there are no rectangles)
    for case in range(400):
        n = int(rng.integers(1, 40))
        lo = np.round(rng.random((n, 2)) * 600, int(rng.integers(0, 3)))
        size = np.round(rng.random((n, 2)) * 120, 1) * (rng.random((n, 2)) > 0.2)
        rects = np.concatenate([lo, lo + size], axis=1)
        # (half of them a few points: nearest_points' pass for a few, NEAREST_AT_ONCE)
        m = int(rng.integers(1, 300)) if case % 2 else int(rng.integers(1, paths_areas.NEAREST_AT_ONCE + 3))
        pts = np.round(rng.random((m, 2)) * 760 - 80, int(rng.integers(0, 3)))
        on = rng.random(m) < 0.3
        pick = rects[rng.integers(0, n, m)]
        pts[on] = np.stack([pick[on, 0], pick[on, 3]], axis=1)  # on a corner
        if case % 7 == 3:
            rects[rects == rects[0, 0]] = 0.0  # (zeros: a point at -0.0 clamped to 0.0)
            rects[:, 2:] = np.maximum(rects[:, 2:], rects[:, :2])
            pts[: m // 2, 0] = -0.0
        # (equal as numbers: a zero's sign, which numpy's own passes choose
        # by the shapes they broadcast, changes no distance or test)
        assert np.array_equal(paths.nearest_points(area, rects, pts), plain(rects, pts))
    # ties: a point as near to two rectangles, for a few points and many
    rects = np.array([[0.0, 0.0, 1.0, 1.0], [3.0, 0.0, 4.0, 1.0], [1.5, 3.0, 2.5, 4.0]])
    for m in (1, 40):
        pts = np.tile([[2.0, 0.5], [2.0, 2.0]], (m, 1))
        got = paths.nearest_points(area, rects, pts)
        assert np.array_equal(got, plain(rects, pts)) and got[0].tolist() == [1.0, 0.5]


def test_an_edit_that_makes_the_first_corners_measures_as_from_scratch():
    """The graph before an edit with no corners at all (an empty board) and
    the graph after with some (a pillar put down): the targets' last legs
    made from the graph before (nothing to keep) and the distances equal a
    fresh search (a point source: the legs are asked whatever the source)."""
    from layout_editor.model.mission import Board, Mission, Piece

    empty = Mission(title="t", boards=(Board(id="A"),), pieces=())
    after = replace(empty, pieces=(Piece(code="pillar-left", board="A", at=(3, 3)),))
    targets = [(40.0, 40.0), (300.0, 330.0), (500.0, 200.0), (260.0, 260.0)]
    assert len(paths.graph(battlefield(empty)).v) == 0
    paths.distances_from(empty, (20.0, 20.0), targets)
    got = paths.distances_from(after, (20.0, 20.0), targets)
    assert len(paths.graph(battlefield(after)).v) > 0
    for t, d in zip(targets, got):
        want = paths.measure(after, (20.0, 20.0), t).distance_mm
        assert (d is None and want is None) or d == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("board_count", [2, 8])
def test_compiled_last_legs_equal_the_numpy_steps(board_count, monkeypatch):
    """_LastLegs made by the compiled pass (_compiled_routes.last_legs) ==
    made by the numpy steps (with and without the graph before's tangent
    tests), bit for bit: the tangent matrix, the legs in the same order,
    their lengths; on dense edits (hatchways, pillars, walls) and library
    edits, to the objectives and to random points (some inside walls or
    off the table: no free part, no legs; some in line with a corner's
    walls, on the test's edge)."""
    from benchmarks.layouts import dense_mission, small_edits

    _kernels()
    rng = np.random.default_rng(board_count)
    m = dense_mission(board_count)
    cases = [(m, list(small_edits(m, 6 if board_count == 8 else 12)))]
    if board_count == 2:
        for lib in _library(2):
            cases.append((lib, list(_edits(lib, 6, seed=3))))
    compared = 0
    for mission, edits in cases:
        prev = None
        for e in [mission] + edits:
            bf = battlefield(e)
            g = paths.VisibilityGraph(bf, prev)
            x0, y0, x1, y1 = bf.area.bounds
            pts = np.concatenate([np.array([o.at for o in e.objectives], dtype=float).reshape(-1, 2),
                                  rng.random((9, 2)) * [x1 - x0 + 40, y1 - y0 + 40] + [x0 - 20, y0 - 20]])
            # (and some in line with a corner's wall: products of 0, the tangent test's edge)
            on = g.v[rng.integers(0, len(g.v), 6)].copy()
            on[:3, 1] = pts[:3, 1]
            on[3:, 0] = pts[:3, 0]
            pts = np.concatenate([pts, on])
            before = None
            if prev is not None:
                old = paths_graph._LastLegs(prev, pts)
                before = (old, g.match(prev.corner_keys), np.zeros((0, 4)), len(prev.v), prev.ea, prev.eb)
            fast = paths_graph._LastLegs(g, pts, before)
            monkeypatch.setattr(paths_graph, "_legs_kernel", lambda: None)
            slow = paths_graph._LastLegs(g, pts, before)
            plain = paths_graph._LastLegs(g, pts)
            monkeypatch.undo()
            for other in (slow, plain):
                assert np.array_equal(fast.tangent, other.tangent)
                assert np.array_equal(fast.r, other.r) and np.array_equal(fast.c, other.c)
                assert np.array_equal(fast.length, other.length)
                assert fast.clear.shape == other.clear.shape
            compared += len(fast.r)
            prev = g
    assert compared > 1000
