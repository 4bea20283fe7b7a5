"""Kill Team moves from a drop zone counted the rules' way (each straight
increment rounded up to the inch, 1" per access point crossed; moves.py
says why), fast enough for `analyze` on every edit: the drop zones' balance,
who reaches a hatchway first and the first-turn bands.

Two bounds, and an exact search only where they differ.

- Lower: the tape's length from the zone (paths.distances_from, 1" per
  access point) rounded up. No route counts less: each increment counts at
  least its length.
- Upper (count_labels): a label-setting search over candidate turning
  points. A label is (inches used so far, an exact point); the candidates
  are the visibility graph's corners and rings of points round each
  (RING_DIRS directions at RING_MM), searched once per drop zone; a point
  asked about (a marker, an access point's face, a band's grid point) takes
  one last leg from them. Labels are whole inches and every leg
  costs at least 1", so the search settles them a bucket at a time in
  increasing order (Dijkstra with integer weights): a candidate's label is
  the least, over the candidates y of smaller labels that see it, of
  label(y) + its leg rounded up + the access points the leg crosses, or the
  straight leg from the zone's nearest point when that point sees it. A
  label is the count of a real route (its legs are clear), so it is never
  below the truth; a candidate whose label equals its lower bound is
  exact and is not relaxed again (dominance: nothing beats it).
- Exact, where the two differ, when asked (exact=True; the tests ask, and
  `analyze` does not: a try takes seconds, so it gives both bounds instead,
  balance_move_bounds_in): the layered search of moves.py run backwards
  from the point (a route reversed counts
  the same) with iterative deepening k = lower, lower + 1, ...: the layers
  of a try for k are cut to the lens of points whose straight distance to
  the zone is at most k - n inches at layer n (sound: the rest of any route
  is at least that long, so a route counting k passes only there); the
  first k whose layer k meets the zone is the count. It is exact up to the
  layered search's own limit (moves.py: a sliver narrower than about
  SAMPLE_MM^2 / 200 mm may be missed, a count 1" high on a knife's edge,
  never low).

The bands (first-turn reach) are areas: per grid point the lower bound and
the label. A point whose label is within the band is surely reached; one
whose lower bound is past it surely not; the rest (a thin rim behind
corners: 0-8 sq in a band on the library's killzones) is counted as not
reached and reported apart (unsure_area_sq_in) rather than searched exactly
point by point. Checked against a brute force over turning points on a
fine grid on small layouts (tests/unit/test_kill_team_zone_moves.py): the
lower bounds are never above it; each label's route, rebuilt, is clear and
counts the label, and is no worse than the brute force's; where the label
is above it the exact search finds the count between the lower bound and
the brute force's; the band labels match or beat it at 90 % of the points
and more.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ...catalogue import Catalogue, default_catalogue
from ...model.mission import Mission, Point
from .. import paths
from ..areas import MARKER_DIAMETER, entry_zone_geometry
from ..obstacles import Battlefield, battlefield
from ..paths_areas import _free_part, _start_from_area, nearest_points
from ..paths_doors import door_crossings
from ..paths_graph import MeasureError, graph
from .game import ACCESS_POINT_MM, MM_PER_INCH, ROUTE_HATCHES
from .moves import MAX_IN, Layers, _hops, _polygonal

_EPS = 1e-9
# pairs of candidates looked at in one block (bounded temporaries)
_BLOCK = 400_000
# turning candidates round each corner: directions and distances (mm)
RING_DIRS = 8
RING_MM = (4.0, 12.7, 25.4)


def _count(mm: np.ndarray) -> np.ndarray:
    """A leg's length (mm) in whole inches, rounded up."""
    return np.ceil(mm / MM_PER_INCH - _EPS)


def _zone(bf: Battlefield, zone: BaseGeometry) -> tuple[BaseGeometry, np.ndarray | None]:
    """The zone's free part (where a route may start) and its rectangles."""
    return _free_part(bf, zone)


def _start_labels(bf: Battlefield, area: BaseGeometry, rects: np.ndarray | None, pts: np.ndarray) -> np.ndarray:
    """The count of the straight leg from the zone's nearest point to each
    point, where that point sees it (0 inside the zone; inf otherwise)."""
    out = np.full(len(pts), np.inf)
    if len(pts) == 0 or area.is_empty:
        return out
    near = nearest_points(area, rects, pts)
    d = np.hypot(*(pts - near).T)
    inside = d <= 1e-6
    ok = inside.copy()
    ok[~inside] = bf.clear(near[~inside], pts[~inside])
    cost = _count(d) + door_crossings(bf, near, pts)
    out[ok] = cost[ok]
    out[inside] = 0.0
    return out


def count_labels(bf: Battlefield, area: BaseGeometry, rects: np.ndarray | None, cand: np.ndarray, lower: np.ndarray,
                 max_in: int, with_pred: bool = False, seeds: int = 0) -> Any:
    """The label-setting search (module notes): for each candidate point, the
    count of the best route found from the zone turning only at candidates
    (inf past max_in or with no route). lower: each candidate's lower bound
    (a candidate that reaches it is settled at once). with_pred: also each
    label's predecessor (-1: the zone), to rebuild its route. seeds: the
    first `seeds` candidates (the corners) are searched first on their own."""
    n = len(cand)
    lab = _start_labels(bf, area, rects, cand)
    lab[lab > max_in] = np.inf
    pred = np.full(n, -1)  # the candidate each label comes from (-1: straight from the zone)
    if 0 < seeds < n:
        # first the seeds alone (the corners: few), then one leg from them to
        # every other candidate: real routes' counts, so every label starts
        # near its end and the full search below tries only the pairs that
        # could still beat it (the same labels, far fewer segment tests)
        got = count_labels(bf, area, rects, cand[:seeds], lower[:seeds], max_in, with_pred=True)
        lab[:seeds], pred[:seeds] = got
        _relax(bf, cand, lab, pred, np.nonzero(np.isfinite(lab[:seeds]))[0], np.arange(seeds, n), lab.copy(),
               max_in)
    done = np.zeros(n, dtype=bool)
    for k in range(max_in):
        ys = np.nonzero(~done & (lab == k))[0]
        if not len(ys):
            if not np.isfinite(lab[~done]).any():
                break  # nothing left to settle
            continue
        done[ys] = True
        # who may still improve: not settled, its label above its bound and above k + 1
        xs = np.nonzero(~done & (lab > np.maximum(lower, k + 1)))[0]
        if not len(xs):
            continue
        _relax(bf, cand, lab, pred, ys, xs, lab, max_in)
    if with_pred:
        return lab, pred
    return lab


def _relax(bf: Battlefield, cand: np.ndarray, lab: np.ndarray, pred: np.ndarray, ys: np.ndarray, xs: np.ndarray,
           base: np.ndarray, max_in: int) -> None:
    """One straight leg from each candidate ys (label base[y]) to each xs:
    lab[x] and pred[x] lowered where a clear leg counts less (in place)."""
    if not len(xs) or not len(ys):
        return
    step = max(1, _BLOCK // len(xs))
    for s in range(0, len(ys), step):
        y = ys[s:s + step]
        dx = cand[xs, 0][None, :] - cand[y, 0][:, None]
        dy = cand[xs, 1][None, :] - cand[y, 1][:, None]
        d = np.hypot(dx, dy)
        c = base[y][:, None] + _count(d)
        keep = (c <= max_in) & (c < lab[xs][None, :])
        yi, xi = np.nonzero(keep)
        if not len(yi):
            continue
        a, b = cand[y[yi]], cand[xs[xi]]
        ok = bf.clear(a, b)
        if not ok.any():
            continue
        a, b, yi, xi = a[ok], b[ok], yi[ok], xi[ok]
        cost = c[yi, xi] + door_crossings(bf, a, b)
        order = np.lexsort((cost, xi))   # per x, its cheapest pair first
        xi, yi, cost = xi[order], yi[order], cost[order]
        first = np.ones(len(xi), dtype=bool)
        first[1:] = xi[1:] != xi[:-1]
        xi, yi, cost = xi[first], yi[first], cost[first]
        better = (cost < lab[xs[xi]]) & (cost <= max_in)
        lab[xs[xi[better]]] = cost[better]
        pred[xs[xi[better]]] = y[yi[better]]


@dataclass(frozen=True)
class ZoneMove:
    """A move from a drop zone to within `within_mm` of a point."""
    length_in: float | None       # the tape: route length and 1" per access point (None: no route)
    move_in: int | None           # counted the rules' way, the least over routes
    lower_in: int | None = None   # the bounds the search started from
    upper_in: int | None = None


def moves_from_zone(mission: Mission, zone: BaseGeometry, targets: list[tuple[list[Point], float]],
                    hatches: str = ROUTE_HATCHES, exact: bool = False) -> list[ZoneMove]:
    """For each target (points, within_mm): the tape's length from the zone
    to within within_mm of the nearest of the points and the move counted
    the rules' way to there (see the module notes). A hatchway is asked as
    its two faces: a route stopping short of the far face without crossing
    stops as short of the near one (the faces mirror each other across the
    access point's middle line), so the least tape less within_mm over the
    faces is a lower bound although the far face's alone is not. exact: run
    the layered search where the bounds differ (slow: seconds a target)."""
    bf = battlefield(mission, hatches)
    flat = [p for pts, _ in targets for p in pts]
    try:
        tape = paths.distances_from(mission, zone, flat, hatches=hatches, door_cost=ACCESS_POINT_MM)
    except MeasureError:
        tape = [None] * len(flat)
    area, rects = _zone(bf, zone)
    out: list[ZoneMove] = []
    lab: np.ndarray | None = None
    cand = np.zeros((0, 2))
    at = 0
    for pts, within in targets:
        ds = tape[at:at + len(pts)]
        at += len(pts)
        known = [(p, d) for p, d in zip(pts, ds) if d is not None and math.isfinite(d)]
        if not known or area.is_empty:
            out.append(ZoneMove(None, None))
            continue
        length = max(min(d for _, d in known) - within, 0.0)
        lower = int(_count(np.array([length]))[0])
        if lower == 0:
            out.append(ZoneMove(round(length / MM_PER_INCH, 2), 0, 0, 0))
            continue
        if lab is None:
            # the candidates' labels, once for every target
            cand, lab = _candidate_labels(mission, bf, zone, area, rects, hatches)
        ups = [_last_leg(bf, area, rects, cand, lab, p, within) for p, _ in known]
        upper = min(ups)
        move = upper
        if exact and upper > lower:
            move = min(_deepen(mission, hatches, area, p, within, lower, int(min(u, MAX_IN + 1)))
                       for (p, _), u in zip(known, ups))
        out.append(ZoneMove(round(length / MM_PER_INCH, 2), int(move) if math.isfinite(move) else None,
                            lower, int(upper) if math.isfinite(upper) else None))
    return out


def turning_candidates(bf: Battlefield) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The visibility graph's corners and, round each, RING_DIRS points at
    each of RING_MM (those on the free floor): where a route turning near a
    corner rather than at it may turn (module notes). Also each point's
    corner (its index in the graph) and its distance from it."""
    # memo: move onto layout_editor.memo (kept on the battlefield)
    got: tuple[np.ndarray, np.ndarray, np.ndarray] | None = bf.cache.get("kill-team-turning-candidates")
    if got is not None:
        return got
    g = graph(bf, ACCESS_POINT_MM)
    v = np.asarray(g.v, dtype=float).reshape(-1, 2)
    a = np.linspace(0, 2 * np.pi, RING_DIRS, endpoint=False)
    rs = np.repeat(np.asarray(RING_MM, dtype=float), RING_DIRS)
    ring = np.column_stack([rs * np.cos(np.tile(a, len(RING_MM))), rs * np.sin(np.tile(a, len(RING_MM)))])
    pts = (v[:, None, :] + ring[None, :, :]).reshape(-1, 2)
    of = np.repeat(np.arange(len(v)), len(ring))
    off = np.tile(rs, len(v))
    free = shapely.contains_xy(bf.free, pts[:, 0], pts[:, 1]) if len(pts) else np.zeros(0, dtype=bool)
    got = (np.concatenate([v, pts[free]]), np.concatenate([np.arange(len(v)), of[free]]),
           np.concatenate([np.zeros(len(v)), off[free]]))
    bf.cache["kill-team-turning-candidates"] = got
    return got


def _candidate_labels(mission: Mission, bf: Battlefield, zone: BaseGeometry, area: BaseGeometry,
                      rects: np.ndarray | None,
                      hatches: str) -> tuple[np.ndarray, np.ndarray]:
    """The turning candidates and their labels from the zone (kept with the
    battlefield, by the zone: the balance, the hatchways and the bands ask
    for the same)."""
    # memo: move onto layout_editor.memo (kept on the battlefield, as the
    # hops of moves.py are: one entry per drop zone asked about)
    key = ("kill-team-zone-labels", shapely.to_wkb(zone))
    got: tuple[np.ndarray, np.ndarray] | None = bf.cache.get(key)
    if got is None:
        got = _search_candidates(bf, area, rects)
        bf.cache[key] = got
    return got


def _search_candidates(bf: Battlefield, area: BaseGeometry,
                       rects: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    cand, of, off = turning_candidates(bf)
    if not len(cand):
        return cand, np.zeros(0)
    # a lower bound for each: the tape to its corner less its distance from
    # it, or the straight distance from the zone, rounded up (a candidate
    # whose first label reaches it is settled at once)
    g = graph(bf, ACCESS_POINT_MM)
    tape = g.dijkstra(_start_from_area(bf, g, area, rects))
    straight = np.hypot(*(cand - nearest_points(area, rects, cand)).T)
    lower = _count(np.maximum(straight, tape[of] - off))
    return cand, count_labels(bf, area, rects, cand, lower, MAX_IN, seeds=len(g.v))


def _last_leg(bf: Battlefield, area: BaseGeometry, rects: np.ndarray | None, nodes: np.ndarray, lab: np.ndarray, p: Point,
              within: float) -> float:
    # "within": the route stops within_mm short of p along its last leg (as
    # the lower bound, the tape's length less within_mm, takes it)
    """The best count found to within `within` of p: straight from the zone,
    or from a corner's label, the last leg stopping within short of p."""
    q = np.asarray([p], dtype=float)
    near = nearest_points(area, rects, q)
    best = np.inf
    d0 = float(np.hypot(*(q - near)[0]))
    if d0 <= 1e-6:
        return 0.0
    if bf.clear(near, q)[0]:
        stop = near + (q - near) * max(d0 - within, 0.0) / d0
        best = float(_count(np.array([max(d0 - within, 0.0)]))[0] + door_crossings(bf, near, stop)[0])
    ok = np.isfinite(lab)
    if ok.any():
        idx = np.nonzero(ok)[0]
        v = nodes[idx]
        d = np.hypot(v[:, 0] - p[0], v[:, 1] - p[1])
        c = lab[idx] + _count(np.maximum(d - within, 0.0))
        sel = c < best
        if sel.any():
            idx, v, d, c = idx[sel], v[sel], d[sel], c[sel]
            src = np.broadcast_to(q, v.shape)
            clear = bf.clear(v, src)
            if clear.any():
                v, d, c = v[clear], d[clear], c[clear]
                t = np.clip((d - within) / np.maximum(d, _EPS), 0.0, 1.0)[:, None]
                stop = v + (np.broadcast_to(q, v.shape) - v) * t
                c = c + door_crossings(bf, v, stop)
                best = min(best, float(c.min()))
    return best


def _deepen(mission: Mission, hatches: str, area: BaseGeometry, p: Point, within: float, lower: int,
            upper: int) -> int:
    """The least k in lower..upper - 1 for which the layered search from p
    (backwards) reaches the zone in k layers cut to the lens; upper when
    none does (module notes)."""
    h = _hops(mission, hatches)
    zone = area
    if within > 0:
        start: BaseGeometry = _polygonal(ShapelyPoint(p).buffer(within, quad_segs=16).intersection(h.floor))
        if start.is_empty:
            start = ShapelyPoint(p)
    else:
        start = ShapelyPoint(float(p[0]), float(p[1]))
    shapely.prepare(zone)

    def lens(k: int) -> Callable[[int, BaseGeometry], BaseGeometry]:
        def cut(n: int, g: BaseGeometry) -> BaseGeometry:
            return g.intersection(zone.buffer((k - n) * MM_PER_INCH + 1e-6, quad_segs=8))
        return cut

    for k in range(lower, upper):
        lay = Layers(h, start, cut=lens(k))
        reached = False
        for n in range(1, k + 1):
            r = lay.upto(n)
            if r.is_empty:
                break
            if n == k and r.intersects(zone):
                reached = True
        if reached:
            return k
    return upper


def balance_moves(mission: Mission, cat: Catalogue | None = None,
                  hatches: str = ROUTE_HATCHES) -> dict[str, dict[str, ZoneMove]]:
    """{player: {objective id: ZoneMove}}: from the player's drop zone to the
    nearest edge of each 40 mm marker (within its radius of the centre),
    every hatchway open, counted the rules' way (the balance's moves)."""
    cat = cat or default_catalogue()
    out: dict[str, dict[str, ZoneMove]] = {}
    targets = [([o.at], MARKER_DIAMETER / 2) for o in mission.objectives]
    for player in range(1, mission.players + 1):
        zone = entry_zone_geometry(mission, player, cat)
        if zone is None or zone.is_empty or not targets or not mission.boards:
            out[str(player)] = {o.id: ZoneMove(None, None) for o in mission.objectives}
            continue
        got = moves_from_zone(mission, zone, targets, hatches=hatches)
        out[str(player)] = {o.id: z for o, z in zip(mission.objectives, got)}
    return out


def move_table(moves: dict[str, dict[str, ZoneMove]]) -> dict[str, dict[str, float | None]]:
    """The moves as distances.fairness takes them: {player: {id: inches}}."""
    return {p: {k: (None if z.move_in is None else float(z.move_in)) for k, z in row.items()}
            for p, row in moves.items()}


def band_counts(mission: Mission, zone: BaseGeometry, pts: np.ndarray, tape_mm: np.ndarray, max_in: int,
                hatches: str = ROUTE_HATCHES) -> tuple[np.ndarray, np.ndarray]:
    """For points (the first-turn grid) and their tape lengths from the zone
    (mm, nan: no route): the lower bound and the label of each, counted the
    rules' way, up to max_in (inf past it): straight from the zone, or one
    leg from a turning candidate's label (the points themselves are not
    turning points). A point is surely within a band of b inches when its
    label is at most b, surely not when its lower bound is more (module
    notes)."""
    bf = battlefield(mission, hatches)
    area, rects = _zone(bf, zone)
    pts = np.asarray(pts, dtype=float).reshape(-1, 2)
    lower = np.where(np.isfinite(tape_mm), _count(np.nan_to_num(tape_mm, nan=np.inf)), np.inf)
    if area.is_empty or not len(pts):
        return lower, np.full(len(pts), np.inf)
    cand, clab = _candidate_labels(mission, bf, zone, area, rects, hatches)
    lab = _start_labels(bf, area, rects, pts)
    lab[lab > max_in] = np.inf
    todo = np.nonzero((lab > lower) & (lower <= max_in))[0]
    seen = np.nonzero(clab <= max_in)[0]
    if len(todo) and len(seen):
        allp = np.concatenate([cand[seen], pts[todo]])
        labs = np.concatenate([clab[seen], lab[todo]])
        pred = np.full(len(allp), -1)
        _relax(bf, allp, labs, pred, np.arange(len(seen)), np.arange(len(seen), len(allp)), labs.copy(), max_in)
        lab[todo] = labs[len(seen):]
    return lower, lab


def label_routes(mission: Mission, zone: BaseGeometry, pts: np.ndarray, max_in: int = MAX_IN,
                 hatches: str = ROUTE_HATCHES) -> list[tuple[int, list[Point]] | None]:
    """For each point: its label from the zone (the candidates and the
    points themselves turning points) and the route the label counts, from
    the zone's nearest point (None: none within max_in). For tests: the
    label is that route's count."""
    bf = battlefield(mission, hatches)
    area, rects = _zone(bf, zone)
    cand, _, _ = turning_candidates(bf)
    allp = np.concatenate([np.asarray(pts, dtype=float).reshape(-1, 2), cand])
    lab, pred = count_labels(bf, area, rects, allp, np.zeros(len(allp)), max_in, with_pred=True)
    out: list[tuple[int, list[Point]] | None] = []
    for k in range(len(pts)):
        if not math.isfinite(lab[k]):
            out.append(None)
            continue
        route = [(float(allp[k, 0]), float(allp[k, 1]))]
        at = k
        while pred[at] >= 0:
            at = int(pred[at])
            route.append((float(allp[at, 0]), float(allp[at, 1])))
        near = nearest_points(area, rects, allp[at:at + 1])[0]
        if math.dist(near, route[-1]) > 1e-6:
            route.append((float(near[0]), float(near[1])))
        out.append((int(lab[k]), route[::-1]))
    return out
