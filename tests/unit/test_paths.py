"""Measuring (rules/paths.py) and the battlefield it measures on
(rules/obstacles.py): exact routes checked against an independent slow
method, the segment test against shapely, errors and caching."""
from __future__ import annotations

import heapq
import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, box

from layout_editor.io import load_mission
from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import obstacles, paths
from layout_editor.rules.obstacles import battlefield

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def library_missions():
    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    assert files, "the mission library is empty"
    return [load_mission(p) for p in files[:4]]


def one_board(*pieces) -> Mission:
    return Mission(title="t", boards=(Board(id="A"),), pieces=tuple(pieces))


def free_points(bf, n, seed):
    rng = random.Random(seed)
    x0, y0, x1, y1 = bf.area.bounds
    out = []
    while len(out) < n:
        p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        if bf.on_battlefield(*p) and not bf.in_obstacle(*p):
            out.append(p)
    return out


def slow_shortest(bf, a, b) -> float | None:
    """Shortest route by a plain visibility graph over every corner of the
    free space, each segment tested with shapely, and Dijkstra."""
    free = bf.free
    shapely.prepare(free)
    nodes = [a, b]
    for poly in getattr(free, "geoms", [free]):
        for ring in [poly.exterior, *poly.interiors]:
            nodes.extend(tuple(c) for c in ring.coords[:-1])
    nodes = list(dict.fromkeys(nodes))
    n = len(nodes)
    pts = np.array(nodes)
    i, j = np.triu_indices(n, 1)
    lines = shapely.linestrings(np.stack([pts[i], pts[j]], axis=1))
    ok = shapely.covered_by(lines, free)
    adj = [[] for _ in range(n)]
    for u, v in zip(i[ok], j[ok]):
        w = math.dist(nodes[u], nodes[v])
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist = [math.inf] * n
    dist[0] = 0.0
    heap = [(0.0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (dist[v], v))
    return dist[1] if math.isfinite(dist[1]) else None


# -- the segment test ----------------------------------------------------------

@pytest.mark.parametrize("hatches", ["as-set", "open", "closed"])
def test_segment_test_agrees_with_shapely(hatches):
    for mission in library_missions()[:2]:
        bf = battlefield(mission, hatches)
        pts = np.array(free_points(bf, 600, 1))
        a, b = pts[:300], pts[300:]
        # and segments between corners, which touch walls and graze corners
        corners = shapely.get_coordinates(bf.free)[:300]
        half = len(corners) // 2
        a = np.concatenate([a, corners[:half], corners[:half]])
        b = np.concatenate([b, corners[half:2 * half], corners[1:half + 1]])
        ours = bf.clear(a, b)
        exact = shapely.covered_by(shapely.linestrings(np.stack([a, b], axis=1)), bf.free)
        assert (ours == exact).all()
        assert ours.any() and not ours.all()


def test_segment_along_a_seam_between_two_moulded_pillars_is_blocked():
    # Two A2 end to end: their pillar halves meet on the node line x = 206.5.
    # A tape straight down that line would slip between two rectangles that
    # only touch; it must be blocked.
    m = one_board(Piece(code="A2", board="A", from_node=(0, 2), to_node=(2, 2)),
                  Piece(code="A2", board="A", from_node=(2, 2), to_node=(4, 2)))
    bf = battlefield(m)
    assert not bf.clear(np.array([[206.5, 150.0]]), np.array([[206.5, 260.0]]))[0]
    # a closed hatchway's door meets its frame on a line across the wall
    m = one_board(Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left", open=False))
    bf = battlefield(m)
    assert not bf.clear(np.array([[327.0, 150.0]]), np.array([[327.0, 260.0]]))[0]
    bf = battlefield(m, "open")
    assert bf.clear(np.array([[327.0, 150.0]]), np.array([[327.0, 260.0]]))[0]


# -- routes ----------------------------------------------------------------------

@pytest.mark.parametrize("hatches", ["as-set", "closed"])
def test_routes_match_a_slow_independent_method(hatches):
    mission = library_missions()[0]
    bf = battlefield(mission, hatches)
    pts = free_points(bf, 24, 7)
    for a, b in zip(pts[:12], pts[12:]):
        m = paths.measure(mission, a, b, hatches=hatches)
        expected = slow_shortest(bf, a, b)
        if expected is None:
            assert m.distance_mm is None and m.route == []
        else:
            assert m.distance_mm == pytest.approx(expected, abs=1e-6)


def test_route_is_clear_and_as_long_as_it_says():
    mission = library_missions()[1]
    bf = battlefield(mission)
    pts = free_points(bf, 20, 3)
    for a, b in zip(pts[:10], pts[10:]):
        m = paths.measure(mission, a, b)
        if m.distance_mm is None:
            continue
        assert m.route[0] == a and m.route[-1] == b
        assert sum(math.dist(p, q) for p, q in zip(m.route, m.route[1:])) == pytest.approx(m.distance_mm)
        for p, q in zip(m.route, m.route[1:]):
            assert LineString([p, q]).covered_by(bf.free)
        # never shorter than the straight line, and the same both ways
        assert m.distance_mm >= math.dist(a, b) - 1e-9
        assert paths.measure(mission, b, a).distance_mm == pytest.approx(m.distance_mm)


def test_straight_line_ignores_walls_but_not_the_edge():
    m = one_board(Piece(code="A1", board="A", from_node=(2, 0), to_node=(2, 2)))
    assert paths.measure(m, (150, 100), (260, 100), straight=True).distance_mm == pytest.approx(110)
    assert paths.measure(m, (150, 100), (260, 100)).distance_mm > 110
    with pytest.raises(paths.MeasureError, match="off the battlefield"):
        paths.measure(m, (150, 100), (800, 100), straight=True)


@pytest.mark.parametrize("point,message", [
    ((206.5, 200.0), "inside a wall"),
    ((-1.0, 200.0), "off the battlefield"),
    ((100.0, 610.0), "off the battlefield"),
    ((float("nan"), 5.0), "not a finite point"),
    (("a", 5.0), "not a point"),
])
def test_bad_points_are_measure_errors(point, message):
    m = one_board(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)))
    with pytest.raises(paths.MeasureError, match=message):
        paths.measure(m, point, (100, 100))
    assert issubclass(paths.MeasureError, ValueError)


def test_touching_a_wall_is_not_inside_it():
    m = one_board(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)))
    # on the wall's face, and at its corner
    assert paths.measure(m, (203.75, 200), (203.75, 250)).distance_mm == pytest.approx(50)
    assert paths.measure(m, (203.75, 118.5), (150, 118.5)).distance_mm == pytest.approx(53.75)


def test_a_piece_over_the_board_edge_is_clipped():
    # a pillar on an edge node reaches 1.5 mm past the board: off the battlefield there
    m = one_board(Piece(code="pillar-left", board="A", at=(0, 3)))
    bf = battlefield(m)
    assert bf.obstacles.bounds[0] == pytest.approx(0.0)
    with pytest.raises(paths.MeasureError, match="off the battlefield"):
        paths.measure(m, (-1.0, 303.5), (100, 100))


def test_unknown_hatchway_view_is_refused():
    with pytest.raises(ValueError, match="hatches"):
        paths.measure(one_board(), (10, 10), (20, 20), hatches="ajar")


# -- many targets ------------------------------------------------------------------

def test_distances_from_a_point_are_the_measured_routes():
    mission = library_missions()[2]
    bf = battlefield(mission)
    pts = free_points(bf, 9, 11)
    got = paths.distances_from(mission, pts[0], pts[1:] + [(-5.0, -5.0)])
    for p, d in zip(pts[1:], got):
        assert d == pytest.approx(paths.measure(mission, pts[0], p).distance_mm)
    assert got[-1] is None  # off the battlefield: no distance, no error


def test_distances_from_an_area_start_at_its_nearest_point():
    m = one_board(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)))
    zone = box(12.5, 12.5, 109.5, 594.5)  # the first column of zones
    got = paths.distances_from(m, zone, [(260, 206.5), (50, 50), (109.5, 300)])
    # round the wall's top end from the zone's edge x = 109.5:
    # (109.5,118.5) -> (203.75,118.5) -> (209.25,118.5) -> (260,206.5)
    expected = 94.25 + 5.5 + math.hypot(50.75, 88)
    assert got[0] == pytest.approx(expected)
    assert got[1] == 0.0 and got[2] == 0.0


def test_distances_from_an_area_on_a_library_mission_match_measuring_from_its_points():
    mission = library_missions()[0]
    bf = battlefield(mission)
    zone = box(*[c for c in bf.area.bounds[:2]], bf.area.bounds[0] + 97, bf.area.bounds[1] + 200)
    targets = free_points(bf, 6, 5)
    got = paths.distances_from(mission, zone, targets)
    free_zone = zone.intersection(bf.free)
    samples = [p for p in free_points(bf, 4000, 9) if free_zone.contains(shapely.Point(p))][:60]
    for t, d in zip(targets, got):
        sampled = [paths.measure(mission, s, t).distance_mm for s in samples]
        sampled = [x for x in sampled if x is not None]
        if d is None:
            assert not sampled
        else:
            # the area's best start is at least as good as any sampled start
            assert d <= min(sampled) + 1e-6


# -- caching -------------------------------------------------------------------------

def two_boards(pieces_a, pieces_b):
    return Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))),
                   pieces=tuple(pieces_a) + tuple(pieces_b))


def test_an_edit_on_one_board_rebuilds_only_that_board():
    wall_a = Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3))
    wall_b = Piece(code="B2", board="B", from_node=(3, 2), to_node=(4, 2), facing="left", open=False)
    m1 = two_boards([wall_a], [wall_b])
    m2 = two_boards([wall_a], [replace(wall_b, open=True)])
    bf1, bf2 = battlefield(m1), battlefield(m2)
    assert bf1 is not bf2
    assert bf1.boards[0] is bf2.boards[0]        # board A: the same cached obstacles
    assert bf1.boards[1] is not bf2.boards[1]
    # the editor's uid is not part of the value: a copy with new uids is the same battlefield
    m3 = replace(m1, pieces=tuple(p.with_new_uid() for p in m1.pieces))
    assert battlefield(m3) is bf1
    # the forced views do not depend on how a hatchway is set
    assert battlefield(m1, "open") is battlefield(m2, "open")


def test_routes_cross_touching_boards_but_not_a_gap():
    touching = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))))
    apart = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(705.0, 0.0))))
    assert paths.measure(touching, (650, 300), (760, 300)).distance_mm == pytest.approx(110)
    assert paths.measure(apart, (650, 300), (760, 300)).distance_mm is None
    # boards offset along their shared edge: an L-shaped table, the route bends at its inner corner
    offset = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 300.0))))
    m = paths.measure(offset, (650, 100), (760, 500))
    assert m.route[1] == pytest.approx((704.0, 300.0))
    assert m.distance_mm == pytest.approx(math.hypot(54, 200) + math.hypot(56, 200))


def test_big_battlefields_search_instead_of_tabulating(monkeypatch):
    mission = library_missions()[3]
    bf = battlefield(mission)
    pts = free_points(bf, 16, 13)
    tabulated = [paths.measure(mission, a, b) for a, b in zip(pts[:8], pts[8:])]
    monkeypatch.setattr(paths, "ALL_PAIRS_MAX", 0)
    searched = [paths.measure(mission, a, b) for a, b in zip(pts[:8], pts[8:])]
    for t, s in zip(tabulated, searched):
        if t.distance_mm is None:
            assert s.distance_mm is None
            continue
        assert s.distance_mm == pytest.approx(t.distance_mm)
        assert sum(math.dist(p, q) for p, q in zip(s.route, s.route[1:])) == pytest.approx(s.distance_mm)


def test_graph_after_an_edit_equals_a_graph_built_from_scratch():
    mission = library_missions()[0]
    rng = random.Random(3)
    prev = paths.VisibilityGraph(battlefield(mission))
    current = mission
    taken = []
    for step in range(12):
        pieces = list(current.pieces)
        k = rng.randrange(len(pieces))
        if step % 3 == 0 and taken:
            pieces.insert(k, taken.pop())                  # put a piece back
        elif step % 3 == 1:
            taken.append(pieces.pop(k))                    # take a piece away
        else:
            hatch = [i for i, q in enumerate(pieces) if q.facing is not None]
            i = hatch[rng.randrange(len(hatch))]
            pieces[i] = replace(pieces[i], open=not pieces[i].open)  # open or close a hatchway
        current = replace(current, pieces=tuple(pieces))
        bf = battlefield(current)
        assert obstacles.changed_boxes(prev.bf, bf) is not None
        built = paths.VisibilityGraph(bf, prev)
        scratch = paths.VisibilityGraph(bf)
        assert np.array_equal(built.v, scratch.v)
        assert np.array_equal(built.weights, scratch.weights)
        prev = built


def test_pieces_on_top_of_each_other_still_measure():
    # two hatchway walls on one span (a finding of the checks, not a crash
    # here), the same pillar twice, and a wall sticking off the board
    # (both run from (1, 1) to (3, 1), so their doorways coincide: x 230..280)
    pieces = (Piece(code="A3", board="A", from_node=(1, 1), to_node=(3, 1), facing="left", open=False),
              Piece(code="A3", board="A", from_node=(1, 1), to_node=(3, 1), facing="right", open=True),
              Piece(code="pillar-left", board="A", at=(1, 1)), Piece(code="pillar-left", board="A", at=(1, 1)),
              Piece(code="A1", board="A", from_node=(7, 2), to_node=(9, 2)))
    m = one_board(*pieces)
    # as set, the first wall's closed door fills the opening the second leaves open
    for hatches in ("as-set", "closed"):
        got = paths.measure(m, (255, 60), (255, 160), hatches=hatches)
        assert got.distance_mm is not None and got.distance_mm > 100
    assert paths.measure(m, (255, 60), (255, 160), hatches="open").distance_mm == pytest.approx(100)


# -- the sparse graph against the dense search it replaced (issue 13) ------------

def dense_dijkstra(w: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The search the route graph ran before it was kept sparse: an n x n
    matrix of edge lengths, every corner settled in turn (numpy rescans)."""
    dist = np.array(start, dtype=float)
    cand = dist.copy()
    closed = np.zeros(len(dist))
    while True:
        u = int(np.argmin(cand))
        du = cand[u]
        if not math.isfinite(du):
            return dist
        closed[u] = np.inf
        cand[u] = np.inf
        via = du + w[u]
        np.minimum(dist, via, out=dist)
        np.minimum(cand, via + closed, out=cand)


def test_sparse_search_equals_the_dense_search():
    for mission in library_missions()[:3]:
        bf = battlefield(mission)
        g = paths.graph(bf)
        w = g.weights
        for p in free_points(bf, 6, 21):
            ci = g.component_of(p)
            start = np.full(len(g.v), np.inf)
            ia, da = g.seen_from(p, ci)
            start[ia] = da
            assert np.allclose(g.dijkstra(start), dense_dijkstra(w, start), rtol=0, atol=1e-9, equal_nan=False)
            dist, pred = g.dijkstra(start, goal=np.zeros(len(g.v)))
            for k in np.nonzero(np.isfinite(dist))[0][:40]:
                # the predecessors make a route of that length back to the start
                length, c = 0.0, int(k)
                while pred[c] >= 0:
                    length += math.dist(g.v[c], g.v[pred[c]])
                    c = int(pred[c])
                assert length + start[c] == pytest.approx(dist[k])
        # all corners to all corners: the table a measure looks up
        n = min(len(g.v), 120)
        for a in range(0, n, 17):
            start = np.full(len(g.v), np.inf)
            start[a] = 0.0
            assert np.allclose(g.dist[a], dense_dijkstra(w, start), rtol=0, atol=1e-9)


def test_pairs_meeting_boxes_equals_testing_every_pair():
    rng = np.random.default_rng(4)
    v = np.concatenate([rng.uniform(0, 700, (300, 2)), np.round(rng.uniform(0, 700, (60, 2)) / 50) * 50])
    idx = np.sort(rng.choice(len(v), 250, replace=False))
    for boxes in ([(100, 100, 300, 120)], [(350, 0, 360, 700)], [(0, 0, 50, 50), (200, 200, 250, 400)],
                  [(300.0, 300.0, 300.0, 350.0)], [(100, 100, 150, 150), (120, 120, 160, 160)]):
        i, j = np.triu_indices(len(idx), k=1)
        pi, pj = idx[i], idx[j]
        hit = obstacles._segments_meet_boxes_numpy(v[pi], v[pj], boxes)
        want = list(zip(pi[hit].tolist(), pj[hit].tolist()))  # in order, each pair once
        for way in ("compiled", "numpy"):
            with pytest.MonkeyPatch.context() as mp:
                if way == "numpy":
                    mp.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
                else:
                    obstacles.segments.kernel(wait=True)
                gi, gj = obstacles.pairs_meeting_boxes(v, idx, boxes)
            assert list(zip(gi.tolist(), gj.tolist())) == want


# -- the zone start by clamping against shapely (issue 13) -------------------------

def _zones(mission):
    from layout_editor.rules.checks import entry_zone_geometry

    return [z for z in (entry_zone_geometry(mission, p) for p in range(1, mission.players + 1)) if z is not None]


def test_zone_start_by_clamping_equals_shapely():
    from benchmarks.layouts import dense_mission

    for mission in [*library_missions(), dense_mission(2)]:
        bf = battlefield(mission)
        g = paths.graph(bf)
        for zone in _zones(mission):
            area, rects = paths._free_part(bf, zone)
            exact = zone.intersection(bf.free)
            assert rects is not None
            # the rectangles cover the area, lines along its edges included
            assert shapely.union_all(shapely.box(*rects.T)).symmetric_difference(exact).area < 1e-6
            assert shapely.box(*rects.T).tolist() and all(
                exact.distance(shapely.Point(x, y)) < 1e-9 for x, y in rects[:, :2])
            pts = np.concatenate([g.v, np.array(free_points(bf, 200, 5))])
            ours = paths.nearest_points(area, rects, pts)
            theirs = shapely.get_coordinates(shapely.shortest_line(exact, shapely.points(pts)))[0::2]
            assert np.allclose(np.hypot(*(ours - pts).T), np.hypot(*(theirs - pts).T), rtol=0, atol=1e-9)
            # the start of every route, as before (shapely's nearest point, the whole free space cut)
            old = paths._start_from_area(bf, g, exact, None)
            new = paths._start_from_area(bf, g, area, rects)
            assert np.array_equal(np.isfinite(old), np.isfinite(new))
            assert np.allclose(old[np.isfinite(old)], new[np.isfinite(new)], rtol=0, atol=1e-9)


def test_distances_from_a_zone_equal_the_shapely_way(monkeypatch):
    from benchmarks.layouts import dense_mission

    cases = [(m, _zones(m), [o.at for o in m.objectives]) for m in [*library_missions(), dense_mission(2)]]
    fast = [[paths.distances_from(m, z, t) for z in zs] for m, zs, t in cases]
    monkeypatch.setattr(paths, "_free_part", lambda bf, source, wkb=None: (source.intersection(bf.free), None))
    slow = [[paths.distances_from(m, z, t) for z in zs] for m, zs, t in cases]
    assert fast == slow


# -- the compiled segment test against numpy and shapely (issue 13) --------------

def test_compiled_segment_test_equals_numpy_and_shapely():
    from benchmarks.layouts import dense_mission
    from layout_editor.rules import segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(8)
    for mission in [*library_missions()[:2], dense_mission(2)]:
        for hatches in ("as-set", "closed", "open"):
            bf = battlefield(mission, hatches)
            g = paths.graph(bf)
            pts = np.array(free_points(bf, 400, 2))
            i = rng.integers(0, len(g.v), 3000)
            j = rng.integers(0, len(g.v), 3000)
            a = np.concatenate([pts[:200], g.v[i], g.v[i[:300]], g.v[i[:300]]])
            b = np.concatenate([pts[200:], g.v[j], g.v[i[:300]] + [0.0, 37.0], g.v[i[:300]] + [41.0, 0.0]])
            compiled = bf.clear(a, b)
            assert np.array_equal(compiled, bf._clear_numpy(a, b))
            assert np.array_equal(bf.clear_long(a, b), compiled)
            # and against shapely where the segment stays on the boards
            lines = shapely.linestrings(np.stack([a, b], axis=1))
            on = shapely.covered_by(lines, bf.prepared_area)
            exact = shapely.covered_by(lines[on], bf.free)
            assert np.array_equal(compiled[on], exact)
            assert compiled.any() and not compiled.all()


def test_compiled_segments_meet_boxes_equals_numpy():
    from layout_editor.rules import segments

    k = segments.kernel(wait=True)
    if k is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    rng = np.random.default_rng(9)
    a = np.round(rng.uniform(0, 700, (4000, 2)) / 25) * 25  # many on the boxes' lines
    b = np.round(rng.uniform(0, 700, (4000, 2)) / 25) * 25
    b[:400, 0] = a[:400, 0]
    b[400:800, 1] = a[400:800, 1]
    for boxes in ([(100, 100, 300, 125)], [(350, 0, 375, 700), (0, 350, 700, 350)], [(200, 200, 200, 200)]):
        want = obstacles._segments_meet_boxes_numpy(a, b, boxes)
        assert np.array_equal(obstacles.segments_meet_boxes(a, b, boxes), want)
        assert want.any() and not want.all()
        # by epoch: only boxes changed after the segment's answer count
        epochs = np.arange(1, len(boxes) + 1)
        tested = rng.integers(0, len(boxes) + 1, len(a))
        got = segments.meet_newer(k, a, b, np.array(boxes, dtype=float), epochs, tested, 1e-6)
        want = np.zeros(len(a), dtype=bool)
        for e, bx in zip(epochs, boxes):
            want |= (tested < e) & obstacles._segments_meet_boxes_numpy(a, b, [bx])
        assert np.array_equal(got, want)


# -- strips, all at once, against the loop strip by strip (issue 13) -------------

def strips_one_by_one(geom, vertical):
    """The strips as first written: strip by strip, rings one by one."""
    polys = obstacles._polygons(geom)
    if not polys:
        return np.zeros((0, 4))
    rings = []
    for poly in polys:
        rings.append(np.asarray(poly.exterior.coords))
        rings.extend(np.asarray(r.coords) for r in poly.interiors)
    a = np.concatenate([r[:-1] for r in rings])
    b = np.concatenate([r[1:] for r in rings])
    along, across = (0, 1) if vertical else (1, 0)
    flat = np.abs(a[:, across] - b[:, across]) <= 1e-9
    lo_e = np.minimum(a[flat, along], b[flat, along])
    hi_e = np.maximum(a[flat, along], b[flat, along])
    pos_e = a[flat, across]
    cuts = np.unique(np.concatenate([a[:, along], b[:, along]]))
    if len(cuts) < 2:
        return np.zeros((0, 4))
    mids = (cuts[:-1] + cuts[1:]) / 2
    spans = (lo_e[None, :] < mids[:, None]) & (hi_e[None, :] > mids[:, None])
    rows = []
    for k in range(len(mids)):
        ys = np.sort(pos_e[spans[k]])
        ys = ys[: len(ys) // 2 * 2].reshape(-1, 2)
        for y0, y1 in ys[ys[:, 1] - ys[:, 0] > 1e-9]:
            rows.append((cuts[k], y0, cuts[k + 1], y1) if vertical else (y0, cuts[k], y1, cuts[k + 1]))
    if not rows:
        return np.zeros((0, 4))
    from layout_editor.rules.rects import _merge_strips
    return _merge_strips(np.array(rows, dtype=float), vertical)


def test_strips_all_at_once_equal_strip_by_strip():
    from benchmarks.layouts import dense_mission

    for mission in [*library_missions(), dense_mission(2)]:
        for hatches in ("as-set", "closed"):
            bf = battlefield(mission, hatches)
            outside = box(*bf.area.bounds).difference(bf.area)
            for g in [bf.free, bf.obstacles, outside, *(bo.pieces.solid for bo in bf.boards)]:
                for vertical in (True, False):
                    assert np.array_equal(obstacles.strips(g, vertical), strips_one_by_one(g, vertical))
