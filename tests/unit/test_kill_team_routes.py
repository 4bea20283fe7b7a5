"""Kill Team routes (rules/kill_team/routes.py and paths.py's door_cost):
1" more per access point crossed, checked against a slow independent method;
Boarding Actions' answers untouched by the hook; the balance and straight
distances."""
from __future__ import annotations

import heapq
import math

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, box
from test_paths import free_points, library_missions

from layout_editor.model.mission import Board, EntryZone, Mission, Objective, Piece
from layout_editor.rules import kill_team as kt
from layout_editor.rules import paths
from layout_editor.rules.obstacles import battlefield

COST = kt.ACCESS_POINT_MM


def one_board(*pieces, **kw) -> Mission:
    return Mission(title="t", boards=(Board(id="A"),), pieces=tuple(pieces), **kw)


def rooms() -> Mission:
    """Two rooms side by side with hatchways between them and to the outside,
    and a wall with a hatchway standing free (a route may go round its end)."""
    P = Piece
    return one_board(
        P(code="B2", board="A", from_node=(1, 1), to_node=(2, 1), facing="left"),
        P(code="B1", board="A", from_node=(2, 1), to_node=(3, 1)),
        P(code="B1", board="A", from_node=(1, 1), to_node=(1, 2)),
        P(code="B2", board="A", from_node=(2, 1), to_node=(2, 2), facing="left"),
        P(code="B1", board="A", from_node=(3, 1), to_node=(3, 2)),
        P(code="A3", board="A", from_node=(1, 2), to_node=(3, 2), facing="right"),
        *[P(code="pillar-left", board="A", at=n) for n in [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]],
        P(code="A4", board="A", from_node=(4, 4), to_node=(6, 4), facing="left"),
        P(code="B3-1", board="A", from_node=(5, 1), to_node=(5, 2), facing="left"),
        P(code="pillar-right", board="A", at=(5, 1)),
        P(code="pillar-right", board="A", at=(5, 2)),
    )


def midlines(bf) -> list[LineString]:
    out = []
    for bo in bf.boards:
        for d in bo.open_doors:
            x0, y0, x1, y1 = d.bounds
            if x1 - x0 >= y1 - y0:
                out.append(LineString([(x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)]))
            else:
                out.append(LineString([((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)]))
    return out


def slow_costed(bf, a, b, cost) -> float | None:
    """Every corner of the free space, every pair tested with shapely, each
    segment weighed by its length and `cost` per door middle line it meets
    (shapely's intersects, not lying along it), Dijkstra."""
    free = bf.free
    shapely.prepare(free)
    lines_ = midlines(bf)
    nodes = [a, b]
    for poly in getattr(free, "geoms", [free]):
        for ring in [poly.exterior, *poly.interiors]:
            nodes.extend(tuple(c) for c in ring.coords[:-1])
    nodes = list(dict.fromkeys(nodes))
    pts = np.array(nodes)
    n = len(nodes)
    i, j = np.triu_indices(n, 1)
    segs = shapely.linestrings(np.stack([pts[i], pts[j]], axis=1))
    ok = shapely.covered_by(segs, free)
    adj = [[] for _ in range(n)]
    for u, v, seg in zip(i[ok], j[ok], segs[ok]):
        crossed = sum(1 for m in lines_ if seg.intersects(m) and not seg.within(m))
        w = math.dist(nodes[u], nodes[v]) + cost * crossed
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


@pytest.mark.parametrize("hatches", ["open", "as-set"])
def test_costed_routes_match_a_slow_independent_method(hatches):
    m = rooms()
    bf = battlefield(m, hatches)
    pts = free_points(bf, 40, 11)
    crossed_some = 0
    for a, b in zip(pts[:20], pts[20:]):
        got = kt.measure(m, a, b, hatches=hatches)
        expected = slow_costed(bf, a, b, COST)
        if expected is None:
            assert got.distance_mm is None
            continue
        assert got.distance_mm == pytest.approx(expected, abs=1e-6), (a, b)
        crossed = kt.access_points_crossed(m, got.route, hatches)
        crossed_some += crossed > 0
        length = sum(math.dist(p, q) for p, q in zip(got.route, got.route[1:]))
        assert got.distance_mm == pytest.approx(length + COST * crossed, abs=1e-9)
    if hatches == "open":
        assert crossed_some  # the layout makes routes through doorways


def test_distances_from_a_point_agree_with_measure():
    m = rooms()
    bf = battlefield(m, "open")
    pts = free_points(bf, 21, 5)
    got = kt.distances_from(m, pts[0], pts[1:])
    for p, d in zip(pts[1:], got):
        want = kt.measure(m, pts[0], p).distance_mm
        assert (d is None and want is None) or d == pytest.approx(want, abs=1e-6)


def test_distances_from_an_area_are_the_best_of_its_points():
    # from a zone (a square of the board), the route is no longer than from
    # any point of it, and as short as from its best point (sampled densely)
    m = rooms()
    zone = box(12.5, 400.5, 109.5, 497.5)
    bf = battlefield(m, "open")
    targets = free_points(bf, 6, 9)
    got = kt.distances_from(m, zone, targets)
    xs = np.linspace(12.5, 109.5, 9)
    samples = [(x, y) for x in xs for y in np.linspace(400.5, 497.5, 9)]
    for t, d in zip(targets, got):
        best = min(kt.measure(m, s, t).distance_mm for s in samples)
        assert d <= best + 1e-6
        assert d >= best - 13.0  # the grid's spacing: its points are 12.1 mm apart


def test_door_cost_zero_is_boarding_actions():
    for mission in library_missions()[:2]:
        bf = battlefield(mission)
        pts = free_points(bf, 12, 4)
        for a, b in zip(pts[:6], pts[6:]):
            plain = paths.measure(mission, a, b)
            zero = paths.measure(mission, a, b, door_cost=0.0)
            assert (plain.distance_mm, plain.route) == (zero.distance_mm, zero.route)
        assert paths.distances_from(mission, pts[0], pts[1:]) == \
            paths.distances_from(mission, pts[0], pts[1:], door_cost=0.0)


def test_a_graph_per_cost():
    m = rooms()
    bf = battlefield(m, "open")
    plain, costed = paths.graph(bf), paths.graph(bf, COST)
    assert plain is not costed and plain.door_cost == 0 and costed.door_cost == COST
    assert paths.graph(bf) is plain and paths.graph(bf, COST) is costed
    # the same corners and edges; the edges through a doorway are 1" longer
    assert (plain.ei == costed.ei).all() and (plain.ej == costed.ej).all()
    extra = (costed.ew - plain.ew) / COST
    assert np.allclose(extra, np.round(extra)) and (extra > 0).any()


def test_crossings_count_the_middle_line_within_the_opening():
    m = one_board(Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left"))
    bf = battlefield(m, "open")
    a = np.array([[352, 150], [352, 150], [352, 206.5], [352, 206.5], [300, 150], [330, 206.5], [352, 150]], float)
    b = np.array([[352, 255], [352, 200], [352, 255], [352, 150], [300, 255], [370, 206.5], [352, 206.5]], float)
    # through; short of it; from the doorway out either way; beside the
    # opening (in the wall: never a route); along the line; onto it
    assert paths.door_crossings(bf, a, b).tolist() == [1, 0, 1, 1, 0, 0, 1]
    assert paths.door_crossings(battlefield(m, "closed"), a, b).tolist() == [0] * 7


def test_balance_and_straight_distances():
    m = one_board(
        Piece(code="B2", board="A", from_node=(0, 3), to_node=(1, 3), facing="left"),
        Piece(code="A1", board="A", from_node=(1, 3), to_node=(3, 3)),
        Piece(code="pillar-left", board="A", at=(0, 3)),  # to the board's edge: no way round
        Piece(code="pillar-left", board="A", at=(1, 3)),
        Piece(code="pillar-left", board="A", at=(3, 3)),
        objectives=(Objective(id="1", at=(61.0, 400.0)),),
        entry_zones=(EntryZone(player=1, board="A", cells=((0, 0),)), EntryZone(player=2, board="A", cells=((6, 5),))),
    )
    b = kt.balance(m)
    # player 1's zone is the square x 12.5..109.5, y 12.5..109.5; the marker
    # (r 20) at (61, 400) is below the wall on y = 303.5: straight down through
    # the doorway (x 36..86 on that wall): 400 - 109.5 - 20 = 270.5 mm, +25.4
    assert b["1"]["1"] == round((270.5 + 25.4) / 25.4, 2)
    s = kt.straight_distances(m)
    assert s["1"]["1"] == round(270.5 / 25.4, 2)
    # the centre of the board (352, 303.5) from player 2's square x 594.5..691.5, y 497.5..594.5
    assert s["2"]["centre"] == round(math.hypot(594.5 - 352, 497.5 - 303.5) / 25.4, 2)
    assert kt.killzone_centre(m) == (352.0, 303.5)
