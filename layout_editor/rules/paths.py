"""Measuring: the shortest route a tape measure takes between two points,
around walls and closed hatchways and through open ones (rules digest,
"Distances are never measured through walls"); no route means the points are
infinitely far apart. And the straight line that ignores walls (Deep Strike).

Method (exact, not a grid): the shortest route in a polygonal domain bends
only at the domain's reflex corners (the convex corners of walls and pillars,
and the inner corners of an L-shaped table). The visibility graph joins every
two such corners that see each other; only "tangent" pairs are kept (the line
does not cut into the piece at either corner), since a shortest route never
turns into a wall. A segment may touch and run along a wall, and may graze a
corner: it is blocked only when it passes through the inside of an obstacle or
leaves the boards (obstacles.Battlefield.clear). Corners in different free
areas (a sealed room, a board laid apart) are never paired.

Speed:
- the graph is kept sparse (each corner sees about 7 others): an edge list
  and a scipy.sparse matrix, searched by scipy.sparse.csgraph's Dijkstra
  (the source joined to the corners it sees as one more node);
- the graph is built once per battlefield (terrain value and hatchway view);
  after a small edit it is built from the previous layout's graph: its edges
  between unchanged corners whose segment stays clear of every changed piece
  are kept, and only pairs of corners through a changed piece
  (obstacles.pairs_meeting_boxes) and pairs with a new corner are tested (the
  result is the same as a build from scratch, which the tests check);
- with numba (rules/_compiled_routes.py, loaded on a thread of its own once
  the segment test has loaded): a build from scratch looks at every pair in
  place and keeps only those tangent at both ends (920,000 pairs on 8
  boards, no arrays of them); after an edit the pairs through a changed box
  are found by a k-d tree of the corners, each corner passing over the
  nodes outside the wedge the box fills as seen from it, instead of every
  pair; corners are matched between the layouts by a hash of each corner;
- a measure finds the corners each end point sees and combines them with the
  corner-to-corner distances: tabulated once (csgraph, all corners) when the
  same terrain is measured repeatedly, searched for the first few measures
  after an edit and on big battlefields; with the compiled segment test
  every leg from each end point is tested at once (else best first);
- from an area (an entry zone) each corner starts at the area's nearest
  point: a clamp to the area's rectangles (nearest_points), the area cut to
  the free space remembered by the area and what blocks near it;
- distances_from() runs one search from a point or an area to many targets.
  After an edit it keeps each target whose answer the edit cannot change
  (every changed box farther, straight through it, than the target's route;
  _Routes.known), skips the graph when it keeps every one, and measures
  again only the zone's start legs that meet a changed box (_start_reused);
  the legs a route may end on are tested once for every source measured to
  the same targets (_LastLegs), in growing rounds, best first.

An extra cost per open hatchway crossed (door_cost, mm; 0 by default): Kill
Team adds 1" to a move for each crossing of an open hatchway's access point
(rules/kill_team). A segment crosses an open hatchway when it meets the
door's middle line (along the wall, across the opening) from one side to
the other or ends on it (door_crossings); with door_cost 0 nothing of this
runs, so Boarding Actions measures exactly as before. With a cost the
straight line is no longer always best (going round a wall's end may beat
+1" through a doorway), so every route is searched (no shortcut when the end
points see each other) and every corner a target sees is weighed: slower,
and meant for one board. The shortest route still bends only at reflex
corners: crossing costs are constant along a route's homotopy class and the
taut route crosses each doorway at most once.
"""
from __future__ import annotations

import atexit
import functools
import math
import os
import threading
from dataclasses import dataclass

import numpy as np
import shapely
from scipy import sparse
from scipy.sparse import csgraph
from shapely.geometry.base import BaseGeometry

from ..model.mission import Mission, Point
from ..phrases import Phrase, PhrasedError
from . import cache, segments
from .obstacles import (Battlefield, _is_rectilinear, _polygons, battlefield, changed_boxes, check_hatches, pairs_meeting_boxes,
                        segments_meet_boxes, strips)
from .rects import ring_corners

MM_PER_INCH = 25.4
# Up to this many corners (two boards at full density have 300-700) the
# distances between all corners are tabulated once per layout, so that a
# measure is a table look-up; above it each measure searches the graph.
ALL_PAIRS_MAX = 900
# Corner pairs tested at once when a graph is built from scratch (bounds the
# memory of a first build on big battlefields).
GRAPH_CHUNK = 250_000
# From this many corners on, a graph built from scratch waits (at most
# KERNEL_WAIT_S) for the compiled route kernels to load, when the segment
# test has loaded already (numba imported): loading them from numba's disk
# cache takes ~0.1 s, their candidate pairs ~0.1 s less than numpy's on 8
# boards. Below it the numpy build is quicker than the wait.
KERNEL_WAIT_MIN = 900
KERNEL_WAIT_S = 0.25
# Pairs through the changed boxes (_reuse): the wedge search looks at boxes
# grown by this much more (mm) than the test, so that rounding in its
# cross products never passes over a pair the test keeps.
WEDGE_MARGIN_MM = 0.01
# distances_from keeps the graphs up with the edits while it needs none
# (_keep_up): once the last graph is this many changed pieces behind.
CHANGES_KEPT_UP = 4


class MeasureError(PhrasedError, ValueError):
    """A point to measure from or to is inside a wall or off the battlefield."""


@dataclass(frozen=True)
class Measurement:
    distance_mm: float | None  # None: no route, the points are infinitely far apart
    route: list[Point]         # the tape's path, end points included

    @property
    def distance_in(self) -> float | None:
        return None if self.distance_mm is None else self.distance_mm / MM_PER_INCH


class VisibilityGraph:
    """The reflex corners of the free space and the shortest distances
    between them (inf where no route joins them)."""

    def __init__(self, bf: Battlefield, previous: "VisibilityGraph | None" = None, door_cost: float = 0.0):
        self.door_cost = float(door_cost)  # mm added per open hatchway an edge crosses
        self.bf = bf
        self.measures = 0
        self.components = _polygons(bf.free)
        # the reflex corners of every ring (free on the left: exterior ccw)
        c, p, nx, comp = ring_corners(self.components)
        cross = (c[:, 0] - p[:, 0]) * (nx[:, 1] - c[:, 1]) - (c[:, 1] - p[:, 1]) * (nx[:, 0] - c[:, 0])
        reflex = cross < -1e-12
        self.v, self.prev, self.next, self.comp = c[reflex], p[reflex], nx[reflex], comp[reflex]
        self.comp_index = [np.nonzero(self.comp == ci)[0] for ci in range(len(self.components))]
        # each corner's two edges, as _tangent takes them (contiguous, for the kernels)
        self.ea = np.ascontiguousarray(self.prev - self.v)
        self.eb = np.ascontiguousarray(self.next - self.v)
        n = len(self.v)
        # the edges, each pair of corners once (i < j), with their lengths
        self.ei = np.zeros(0, dtype=np.int64)
        self.ej = np.zeros(0, dtype=np.int64)
        self.ew = np.zeros(0)
        if not n:
            return
        boxes = (_changed_boxes(previous.bf, bf)
                 if previous is not None and previous.door_cost == self.door_cost else None)
        if boxes is None:
            k = route_kernels(wait=n >= KERNEL_WAIT_MIN)
            if k is not None:
                # compiled: every pair looked at in place, only the tangent
                # ones kept (the same pairs, in the same order, as below)
                i, j = k.tangent_pairs(np.ascontiguousarray(self.v), self.ea, self.eb,
                                       np.ascontiguousarray(self.comp, dtype=np.int64),
                                       np.arange(n, dtype=np.int64), np.zeros(n, dtype=np.bool_))
                self._add(*self._seen(i, j))
                return
            # every pair (i < j) in the order of np.triu_indices, a block of
            # rows at a time: on 8 boards all pairs at once were 70 MB of
            # temporaries, the peak of the process
            rows = max(1, GRAPH_CHUNK // n)
            for r0 in range(0, n, rows):
                r = np.arange(r0, min(r0 + rows, n))
                count = n - 1 - r
                i = np.repeat(r, count)
                j = np.arange(len(i)) - np.repeat(np.cumsum(count) - count, count) + i + 1
                same = self.comp[i] == self.comp[j]
                self._add(*self._join(i[same], j[same]))
        else:
            self._reuse(previous, boxes)

    def _add(self, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> None:
        lo, hi = np.minimum(i, j), np.maximum(i, j)
        self.ei = np.concatenate([self.ei, lo])
        self.ej = np.concatenate([self.ej, hi])
        self.ew = np.concatenate([self.ew, w])

    def _join(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Of the candidate pairs, those that see each other, with their lengths."""
        ok = self._tangent(self.v[i], j) & self._tangent(self.v[j], i)
        return self._seen(i[ok], j[ok])

    def _seen(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Of the tangent pairs, those whose segment is clear, with their lengths."""
        clear = self.bf.clear(self.v[i], self.v[j])
        i, j = i[clear], j[clear]
        w = np.hypot(*(self.v[i] - self.v[j]).T)
        if self.door_cost:
            w = w + self.door_cost * door_crossings(self.bf, self.v[i], self.v[j])
        return i, j, w

    def _reuse(self, old: "VisibilityGraph", boxes: list[tuple]) -> None:
        """After a small edit: keep the previous graph's edges between corners
        both graphs share whose segment stays clear of the changed boxes
        (nothing there changed), and test again the pairs of shared corners
        whose segment meets a box (an edge may be cut, a blocked pair opened)
        and every pair with a new corner."""
        n = len(self.v)
        kern = route_kernels()
        old_idx = _same_corners(old, self)
        # what the graph before kept for its targets is not asked again (memory)
        for k in ("_last_legs", "_usable", "_matched"):
            old.__dict__.pop(k, None)
        pad = 1e-6
        near = np.zeros(n, dtype=bool)
        for x0, y0, x1, y1 in boxes:
            near |= ((self.v[:, 0] >= x0 - pad) & (self.v[:, 0] <= x1 + pad)
                     & (self.v[:, 1] >= y0 - pad) & (self.v[:, 1] <= y1 + pad))
        kept = (old_idx >= 0) & ~near
        k = np.nonzero(kept)[0]
        # the old edges between kept corners, in this graph's numbering
        new_of_old = np.full(len(old.v), -1, dtype=np.int64)
        new_of_old[old_idx[k]] = k
        oi, oj = new_of_old[old.ei], new_of_old[old.ej]
        both = (oi >= 0) & (oj >= 0)
        oi, oj, ow = oi[both], oj[both], old.ew[both]
        cut = segments_meet_boxes(self.v[oi], self.v[oj], boxes)
        self._add(oi[~cut], oj[~cut], ow[~cut])
        # pairs of kept corners through a changed box (the cut edges among them)
        if kern is not None and len(boxes):
            # (a hatchway opened or closed gives one box twice: once is enough)
            uniq = np.ascontiguousarray(np.unique(np.array(boxes, dtype=float).reshape(-1, 4), axis=0))
            pa, pb = kern.pairs_through_boxes(np.ascontiguousarray(self.v[k]), uniq, pad, WEDGE_MARGIN_MM)
            ri, rj = k[pa], k[pb]
        else:
            ri, rj = pairs_meeting_boxes(self.v, k, boxes)
        same = self.comp[ri] == self.comp[rj]  # as in a full build: never across free areas
        ri, rj = ri[same], rj[same]
        fresh = np.nonzero(~kept)[0]
        if kern is not None:
            # compiled: the tangent ones of those pairs, and every tangent
            # pair with a new corner (the same pairs in the same order)
            v = np.ascontiguousarray(self.v)
            ok = kern.tangent_mask(v, self.ea, self.eb, ri, rj)
            fi, fj = kern.tangent_pairs(v, self.ea, self.eb, np.ascontiguousarray(self.comp, dtype=np.int64),
                                        fresh.astype(np.int64), kept)
            self._add(*self._seen(np.concatenate([ri[ok], fi]), np.concatenate([rj[ok], fj])))
            return
        fi = np.repeat(fresh, n)
        fj = np.tile(np.arange(n), len(fresh))
        keep = (fj != fi) & (kept[fj] | (fi < fj)) & (self.comp[fi] == self.comp[fj])  # each pair once
        self._add(*self._join(np.concatenate([ri, fi[keep]]), np.concatenate([rj, fj[keep]])))

    @functools.cached_property
    def corner_keys(self) -> np.ndarray:
        """The corners as keys (_corner_keys): where they are and which way their walls run."""
        return _corner_keys(self)

    def usable(self, targets: list[Point]) -> np.ndarray:
        """_usable for each target on this graph's battlefield, kept for the
        last targets asked (every source asks the same)."""
        pts = np.array(targets, dtype=float).reshape(-1, 2)
        key = pts.tobytes()
        got = self.__dict__.get("_usable")
        if got is None or got[0] != key:
            # _usable, every target at once: finite, on the battlefield and
            # not inside a wall (on the table and in the free space)
            ok = np.isfinite(pts).all(axis=1)
            k = np.nonzero(ok)[0]
            ok[k] = (shapely.intersects_xy(self.bf.prepared_area, pts[k, 0], pts[k, 1])
                     & shapely.intersects_xy(self.bf.prepared_free, pts[k, 0], pts[k, 1]))
            got = (key, ok)
            self.__dict__["_usable"] = got
        return got[1]

    def components_of(self, pts: np.ndarray) -> np.ndarray:
        """component_of for each point (-1: none), in one shapely call."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        if not self.components or len(pts) == 0:
            return np.full(len(pts), -1, dtype=np.int64)
        hit = shapely.intersects_xy(self._component_array[:, None], pts[None, :, 0], pts[None, :, 1])
        return np.where(hit.any(axis=0), np.argmax(hit, axis=0), -1).astype(np.int64)

    def last_legs(self, targets: np.ndarray) -> "_LastLegs":
        """The legs from these corners to these targets a route may end on
        (_LastLegs), kept for the last targets asked (every source measured
        to them shares them, and the legs tested)."""
        key = np.ascontiguousarray(targets, dtype=float).tobytes()
        got = self.__dict__.get("_last_legs")
        if got is None or got[0] != key:
            got = (key, _LastLegs(self, np.array(targets, dtype=float).reshape(-1, 2)))
            self.__dict__["_last_legs"] = got
        return got[1]

    def match(self, keys: np.ndarray) -> np.ndarray:
        """_match_keys(keys, self.corner_keys), remembered for the last keys
        asked (the graph before an edit: its own build and every source's
        start ask the same)."""
        got = self.__dict__.get("_matched")
        if got is not None and got[0] is keys:
            return got[1]
        out = _match_keys(keys, self.corner_keys)
        self.__dict__["_matched"] = (keys, out)
        return out

    @functools.cached_property
    def csr(self):
        """The graph as a symmetric sparse matrix (scipy.sparse.csgraph)."""
        n = len(self.v)
        return sparse.csr_matrix((np.concatenate([self.ew, self.ew]),
                                  (np.concatenate([self.ei, self.ej]), np.concatenate([self.ej, self.ei]))),
                                 shape=(n, n))

    @property
    def weights(self) -> np.ndarray:
        """The edge lengths as a dense n x n matrix (inf: no edge; 0 on the
        diagonal). For tests: the graph itself is kept sparse."""
        n = len(self.v)
        w = np.full((n, n), np.inf)
        np.fill_diagonal(w, 0.0)
        w[self.ei, self.ej] = self.ew
        w[self.ej, self.ei] = self.ew
        return w

    @functools.cached_property
    def dist(self) -> np.ndarray:
        """Shortest distances between all corners, built on the first
        measure after the terrain changed and reused by every later one."""
        if not len(self.v):
            return np.zeros((0, 0))
        return csgraph.dijkstra(self.csr, directed=False)

    def dijkstra(self, start: np.ndarray, goal: np.ndarray | None = None,
                 towards: Point | None = None):
        """Shortest distances to every corner from a source whose straight
        distance to each corner is `start` (inf where it does not see it):
        scipy's Dijkstra on the sparse graph with the source as one more
        node. With `goal` (each corner's straight distance on to a target),
        also return each corner's predecessor (-1 at the start). `towards`
        is accepted for the callers of the dense search it replaced (the
        search is cheap enough to settle every corner)."""
        n = len(self.v)
        seen = np.nonzero(np.isfinite(start))[0]
        if n == 0 or len(seen) == 0:
            dist = np.full(n, np.inf)
            return (dist, np.full(n, -1)) if goal is not None else dist
        # the graph's matrix with the source as one more row (its columns
        # ascending, as a build from the edge list sorts them)
        csr = self.csr
        graph = sparse.csr_matrix(
            (np.concatenate([csr.data, start[seen]]), np.concatenate([csr.indices, seen]),
             np.concatenate([csr.indptr, [csr.indptr[-1] + len(seen)]])),
            shape=(n + 1, n + 1))
        if goal is None:
            return csgraph.dijkstra(graph, directed=True, indices=n)[:n]
        dist, pred = csgraph.dijkstra(graph, directed=True, indices=n, return_predecessors=True)
        pred = pred[:n].astype(np.int64)
        pred[(pred < 0) | (pred >= n)] = -1
        return dist[:n], pred

    def _tangent(self, frm: np.ndarray, at: np.ndarray) -> np.ndarray:
        """True where the line from frm to corner `at` does not cut into the
        piece at that corner (both its edges lie on one side of the line)."""
        v = self.v[at]
        d = v - frm
        a = self.prev[at] - v
        b = self.next[at] - v
        s1 = d[:, 0] * a[:, 1] - d[:, 1] * a[:, 0]
        s2 = d[:, 0] * b[:, 1] - d[:, 1] * b[:, 0]
        return s1 * s2 >= -1e-9

    def component_of(self, p: Point) -> int | None:
        """The first free area p is in (on its edge counts), None if none."""
        if not self.components:
            return None
        hit = np.nonzero(shapely.intersects_xy(self._component_array, p[0], p[1]))[0]
        return int(hit[0]) if len(hit) else None

    @functools.cached_property
    def _component_array(self) -> np.ndarray:
        """The free areas, prepared (on the first question: an edit's graph
        may never be asked one; under the graphs' lock: two threads may ask
        at once, and GEOS prepares a geometry in place)."""
        with _graph_lock:
            for poly in self.components:
                shapely.prepare(poly)
            out = np.empty(len(self.components), dtype=object)
            out[:] = self.components
        return out

    def candidates(self, p: Point, ci: int) -> np.ndarray:
        """The corners of free area ci that a route from p could turn at
        first (the line from p does not cut into the piece there); whether p
        sees them is still to be tested."""
        idx = self.comp_index[ci]
        if len(idx) == 0:
            return idx
        src = np.broadcast_to(np.asarray(p, dtype=float), (len(idx), 2))
        return idx[self._tangent(src, idx)]

    def seen_from(self, p: Point, ci: int) -> tuple[np.ndarray, np.ndarray]:
        """The corners of free area ci that point p sees and may turn at,
        and their straight distances from p."""
        idx = self.candidates(p, ci)
        if len(idx) == 0:
            return idx, np.zeros(0)
        src = np.broadcast_to(np.asarray(p, dtype=float), (len(idx), 2))
        idx = idx[self.bf.clear(src, self.v[idx])]
        d = np.hypot(self.v[idx, 0] - p[0], self.v[idx, 1] - p[1])
        return idx, d

    def corner_route(self, a: int, b: int) -> list[int]:
        """The corners a shortest route from corner a to corner b passes."""
        route = [a]
        guard = len(self.v) + 1
        csr = self.csr
        while a != b and guard:
            guard -= 1
            nb = csr.indices[csr.indptr[a]:csr.indptr[a + 1]]
            w = csr.data[csr.indptr[a]:csr.indptr[a + 1]]
            order = np.argsort(nb, kind="stable")  # ties: the lowest corner, as the dense search did
            nb, w = nb[order], w[order]
            cand = w + self.dist[nb, b]
            a = int(nb[int(np.argmin(cand))])
            route.append(a)
        return route


def _corner_keys(g: VisibilityGraph) -> np.ndarray:
    """Each corner as a row: where it is and the directions of its two
    walls (one point can be two corners)."""
    return np.concatenate([g.v, np.sign(g.prev - g.v), np.sign(g.next - g.v)], axis=1)


def _match_keys(ko: np.ndarray, kn: np.ndarray) -> np.ndarray:
    """For each corner key (row) of kn, the index of the same key in ko
    (-1: none); of equal keys in ko, the last (as a dict built in order
    keeps). Each row hashed to one number, the hashes matched by a sort and
    the rows found compared; should two different rows share a hash, the
    rows themselves are sorted (_match_rows)."""
    no, nn = len(ko), len(kn)
    if no == 0 or nn == 0:
        return np.full(nn, -1, dtype=np.int64)
    ho, hn = _row_hash(ko), _row_hash(kn)
    order = np.argsort(ho, kind="stable")
    at = np.searchsorted(ho[order], hn, side="right") - 1
    cand = order[np.maximum(at, 0)]
    same_hash = (at >= 0) & (ho[cand] == hn)
    if not np.array_equal(same_hash, np.all(ko[cand] == kn, axis=1)):
        return _match_rows(ko, kn)  # two different rows with one hash
    return np.where(same_hash, cand, -1).astype(np.int64)


def _row_hash(keys: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of floats (-0.0 and 0.0 alike)."""
    bits = np.ascontiguousarray(keys + 0.0).view(np.uint64)
    h = np.full(len(keys), 0xCBF29CE484222325, dtype=np.uint64)
    for col in range(bits.shape[1]):
        h = (h ^ bits[:, col]) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(29)
    return h


def _match_rows(ko: np.ndarray, kn: np.ndarray) -> np.ndarray:
    """_match_keys by sorting the rows themselves: in a run of equal keys
    the old ones come first, by index, then the new ones."""
    no, nn = len(ko), len(kn)
    keys = np.concatenate([ko, kn])
    new = np.concatenate([np.zeros(no, dtype=bool), np.ones(nn, dtype=bool)])
    idx = np.concatenate([np.arange(no), np.arange(nn)])
    order = np.lexsort((idx, new) + tuple(keys.T[::-1]))
    s = keys[order]
    start = np.ones(len(s), dtype=bool)
    start[1:] = np.any(s[1:] != s[:-1], axis=1)  # (numeric: -0.0 is 0.0, as for a dict)
    run = np.cumsum(start)
    is_new = new[order]
    pos = np.arange(len(s))
    last_old = np.maximum.accumulate(np.where(is_new, -1, pos))
    hit = (last_old >= 0) & (run[np.maximum(last_old, 0)] == run)
    out = np.full(nn, -1, dtype=np.int64)
    out[idx[order][is_new]] = np.where(hit[is_new], idx[order][np.maximum(last_old, 0)][is_new], -1)
    return out


def _same_corners(old: VisibilityGraph, new: VisibilityGraph) -> np.ndarray:
    """For each corner of `new`, the index of the same corner in `old` (-1:
    a new corner)."""
    return new.match(old.corner_keys)


def _changed_boxes(old: Battlefield, new: Battlefield) -> list[tuple] | None:
    """obstacles.changed_boxes, remembered for the last few pairs of
    battlefields (the graph and each source's answers ask it after an edit)."""
    key = (id(old), id(new))
    got = _box_memo.get(key)
    if got is not None and got[0] is old and got[1] is new:
        return got[2]
    boxes = changed_boxes(old, new)
    _box_memo.put(key, (old, new, boxes))
    return boxes


_box_memo = cache.LRU(4, "paths.changed_boxes")


# -- the compiled route kernels (rules/_compiled_routes.py) ------------------

_route_kernels = None
_route_loader: threading.Thread | None = None
_route_lock = threading.Lock()


def _load_route_kernels() -> None:
    global _route_kernels
    try:
        from . import _compiled_routes as c

        # compile, or load numba's cached machine code, now on this thread
        v = np.zeros((2, 2))
        e = np.ones((2, 2))
        two = np.arange(2, dtype=np.int64)
        c.tangent_pairs(v, e, e, np.zeros(2, dtype=np.int64), two, np.zeros(2, dtype=np.bool_))
        c.tangent_mask(v, e, e, two[:1], two[1:])
        c.pairs_through_boxes(v, np.zeros((1, 4)), 1e-6, WEDGE_MARGIN_MM)
    except Exception:  # numba missing or broken: numpy answers the same
        return
    _route_kernels = c


def route_kernels(wait: bool = False, timeout: float | None = KERNEL_WAIT_S):
    """The compiled route kernels (rules/_compiled_routes.py), or None while
    they load (or without numba; LAYOUT_EDITOR_NO_NUMBA=1). They load on a
    thread of their own once the segment test has (numba is imported by
    then); until they are ready the numpy code answers the same. wait: wait
    for them (at most `timeout` s; None: until loaded) if the segment test
    is ready."""
    global _route_loader
    if _route_kernels is not None or os.environ.get("LAYOUT_EDITOR_NO_NUMBA"):
        return _route_kernels
    if segments.kernel() is None:
        return None
    with _route_lock:
        if _route_loader is None:
            _route_loader = threading.Thread(target=_load_route_kernels, name="numba route kernels", daemon=True)
            _route_loader.start()
            atexit.register(_route_loader.join)  # never stop the interpreter inside an import
    if wait:
        _route_loader.join(timeout)
    return _route_kernels


_last_graphs: dict = cache.register({}, "paths.last_graphs")  # boards -> the graph built last on them (for the next edit)
_graphs: dict = cache.register({}, "paths.graphs")  # battlefield key -> graph, the few most recent (they are big)
# The graphs are built from one another: one thread at a time (the editor
# runs the rules on one background thread; this keeps any other caller safe).
_graph_lock = threading.RLock()


def graph(bf: Battlefield, door_cost: float = 0.0) -> VisibilityGraph:
    """The visibility graph of a battlefield, built once. After an edit it is
    built from the graph of the layout before (the last one built on the
    same boards): only pairs of corners whose segment passes where a piece
    changed are tested again. door_cost: mm added to an edge per open
    hatchway it crosses (0: Boarding Actions; a graph per cost)."""
    door_cost = float(door_cost)
    key = bf.key if not door_cost else (bf.key, door_cost)
    g = _graphs.get(key)
    if g is None or g.bf is not bf:
        boards = tuple(b for b, _, _ in bf.key)
        last = boards if not door_cost else (boards, door_cost)
        g = VisibilityGraph(bf, _last_graphs.get(last), door_cost=door_cost)
        _last_graphs[last] = g
        _graphs[key] = g
        for kept in (_last_graphs, _graphs):
            while len(kept) > 4:
                kept.pop(next(iter(kept)), None)  # None: another thread may evict it first
    return g


def _keep_up(bf: Battlefield, door_cost: float = 0.0) -> None:
    """When no graph is needed for bf (every answer kept): build it all the
    same if the last graph built on these boards is half as far behind as
    changed_boxes follows (CHANGES_KEPT_UP pieces), so that a later edit's
    graph is built from one near it, not from scratch."""
    boards = tuple(b for b, _, _ in bf.key)
    last = _last_graphs.get(boards if not door_cost else (boards, door_cost))
    if last is None or last.bf is bf:
        return
    boxes = _changed_boxes(last.bf, bf)
    if boxes is None or len(boxes) > CHANGES_KEPT_UP:
        graph(bf, door_cost)


def check_point(bf: Battlefield, p: Point, what: str = "point") -> Point:
    what = _WHAT.get(what, what)
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise MeasureError(Phrase("{what} {point!r} is not a point (x, y)", what=what, point=p)) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise MeasureError(Phrase("{what} ({x}, {y}) is not a finite point", what=what, x=x, y=y))
    if not bf.on_battlefield(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is off the battlefield", what=what, x=x, y=y))
    if bf.in_obstacle(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is inside a wall", what=what, x=x, y=y))
    return (x, y)


# The points a measurement names, as the messages say them.
_WHAT = {"point": Phrase("point"), "from point": Phrase("from point"), "to point": Phrase("to point"),
         "source point": Phrase("source point"), "observer": Phrase("observer"), "target": Phrase("target")}


def measure(mission: Mission, p1: Point, p2: Point, hatches: str = "as-set",
            straight: bool = False, door_cost: float = 0.0) -> Measurement:
    """The shortest tape-measure route from p1 to p2 (table mm). With
    straight=True the straight-line distance, walls ignored (Deep Strike);
    the points must still be on the battlefield. door_cost: mm added per open
    hatchway the route crosses (see the notes; 0 for Boarding Actions)."""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    if straight:
        a = _on_battlefield(bf, p1, "from point")
        b = _on_battlefield(bf, p2, "to point")
        return Measurement(math.dist(a, b), [a, b])
    a = check_point(bf, p1, "from point")
    b = check_point(bf, p2, "to point")
    if door_cost:
        return _route_costed(bf, a, b, float(door_cost))
    return _route(bf, a, b)


def _on_battlefield(bf: Battlefield, p: Point, what: str) -> Point:
    what = _WHAT.get(what, what)
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise MeasureError(Phrase("{what} {point!r} is not a point (x, y)", what=what, point=p)) from None
    if not (math.isfinite(x) and math.isfinite(y)) or not bf.on_battlefield(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is off the battlefield", what=what, x=x, y=y))
    return (x, y)


def _route(bf: Battlefield, a: Point, b: Point) -> Measurement:
    if a == b:
        return Measurement(0.0, [a, b])
    g = graph(bf)
    ca, cb = g.component_of(a), g.component_of(b)
    if ca is None or cb is None or ca != cb:
        return Measurement(None, [])
    if bf.clear(np.asarray([a], dtype=float), np.asarray([b], dtype=float))[0]:
        return Measurement(math.dist(a, b), [a, b])
    # A search costs a few ms; the table of all corner-to-corner distances
    # some tens of ms once, then a look-up per measure: build it when the
    # same terrain is measured again and again (the measure tool).
    g.measures += 1
    if len(g.v) > ALL_PAIRS_MAX or ("dist" not in g.__dict__ and g.measures <= 2):
        return _route_by_search(g, a, b, ca, cb)
    if segments.kernel() is not None:
        # compiled segment test: every end leg tested at once is quicker than
        # the best-first rounds below; the same least entry, the same route
        ia, da = g.seen_from(a, ca)
        ib, db = g.seen_from(b, cb)
        if len(ia) == 0 or len(ib) == 0:
            return Measurement(None, [])
        total = da[:, None] + g.dist[np.ix_(ia, ib)] + db[None, :]
        k = int(np.argmin(total))
        best = float(total.flat[k])
        if not math.isfinite(best):
            return Measurement(None, [])
        corners = g.corner_route(int(ia[k // len(ib)]), int(ib[k % len(ib)]))
        return Measurement(best, [a] + [(float(g.v[c, 0]), float(g.v[c, 1])) for c in corners] + [b])
    ia = g.candidates(a, ca)
    ib = g.candidates(b, cb)
    if len(ia) == 0 or len(ib) == 0:
        return Measurement(None, [])
    da = np.hypot(g.v[ia, 0] - a[0], g.v[ia, 1] - a[1])
    db = np.hypot(g.v[ib, 0] - b[0], g.v[ib, 1] - b[1])
    total = da[:, None] + g.dist[np.ix_(ia, ib)] + db[None, :]
    # Best first: every entry is a route length if its two end legs are in
    # sight, and a lower bound otherwise. Test the legs of the most promising
    # entries in small batches until the smallest entry has both legs clear.
    seen_a = np.zeros(len(ia), dtype=np.int8)  # 0 untested, 1 clear, -1 blocked
    seen_b = np.zeros(len(ib), dtype=np.int8)
    flat = total.ravel()
    batch = 64
    while True:
        k = int(np.argmin(flat))
        if not math.isfinite(flat[k]):
            return Measurement(None, [])
        r, c = divmod(k, len(ib))
        if seen_a[r] == 1 and seen_b[c] == 1:
            break
        if flat.size > batch:
            pick = np.argpartition(flat, batch)[:batch]
            pick = pick[np.isfinite(flat[pick])]
        else:
            pick = np.nonzero(np.isfinite(flat))[0]
        rows = np.unique(pick // len(ib))
        cols = np.unique(pick % len(ib))
        rows = rows[seen_a[rows] == 0]
        cols = cols[seen_b[cols] == 0]
        src = np.empty((len(rows) + len(cols), 2))
        src[:len(rows)] = a
        src[len(rows):] = b
        ok = bf.clear(src, np.concatenate([g.v[ia[rows]], g.v[ib[cols]]]))
        seen_a[rows] = np.where(ok[:len(rows)], 1, -1)
        seen_b[cols] = np.where(ok[len(rows):], 1, -1)
        total[rows[~ok[:len(rows)]], :] = np.inf
        total[:, cols[~ok[len(rows):]]] = np.inf
        batch = min(batch * 2, 256)
    best = float(flat[k])
    u, v = ia[k // len(ib)], ib[k % len(ib)]
    corners = g.corner_route(int(u), int(v))
    route = [a] + [(float(g.v[c, 0]), float(g.v[c, 1])) for c in corners] + [b]
    return Measurement(best, route)


def _route_by_search(g: "VisibilityGraph", a: Point, b: Point, ca: int, cb: int) -> Measurement:
    """On big battlefields (no table of all corner-to-corner distances):
    one search from the corners a sees, stopped once b's best is settled."""
    ia, da = g.seen_from(a, ca)
    ib, db = g.seen_from(b, cb)
    if len(ia) == 0 or len(ib) == 0:
        return Measurement(None, [])
    start = np.full(len(g.v), np.inf)
    start[ia] = da
    goal = np.full(len(g.v), np.inf)
    goal[ib] = db
    dist, pred = g.dijkstra(start, goal=goal, towards=b)
    total = dist + goal
    k = int(np.argmin(total))
    if not math.isfinite(total[k]):
        return Measurement(None, [])
    corners = [k]
    while pred[corners[-1]] >= 0:
        corners.append(int(pred[corners[-1]]))
    corners.reverse()
    route = [a] + [(float(g.v[c, 0]), float(g.v[c, 1])) for c in corners] + [b]
    return Measurement(float(total[k]), route)


def distances_from(mission: Mission, source, targets, hatches: str = "as-set",
                   door_cost: float = 0.0) -> list[float | None]:
    """Route lengths (mm) from a source to many targets at once.

    source: a point (x, y), or a shapely geometry such as an entry zone's
    cells, measured from its nearest point (the parts of it inside walls do
    not count). A target inside the source geometry is 0 away. A target
    inside a wall or off the battlefield, or with no route, gives None.
    One search from the source reaches every corner; each target then takes
    the best corner it sees, tried best first. door_cost: mm added per open
    hatchway a route crosses (see the notes; 0 for Boarding Actions).

    After an edit the answers of the layout before are kept for the targets
    the edit cannot have changed (_Routes.known), and the start from an area
    is redone only where the edit is (_start_reused).
    """
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    door_cost = float(door_cost)
    targets = [(float(t[0]), float(t[1])) for t in targets]
    if isinstance(source, BaseGeometry):
        wkb = shapely.to_wkb(source)
        area, rects = _free_part(bf, source, wkb=wkb)
        if area.is_empty:
            return [None] * len(targets)
        a = None
        memo_key = (wkb, bf.board_ids, hatches) if not door_cost else None
    else:
        a = check_point(bf, source, "source point")
        area = rects = None
        memo_key = (a, bf.board_ids, hatches) if not door_cost else None
    memo = _routes_from.get(memo_key) if memo_key is not None else None
    known = memo.known(bf, source if a is None else None, a, area, targets) if memo is not None else {}
    if len(known) == len(targets):
        _keep_up(bf, door_cost)
        return [None if not math.isfinite(known[k]) else known[k] for k in range(len(targets))]
    g = graph(bf, door_cost)
    n = len(g.v)
    if area is not None:
        shapely.prepare(area)
        if memo is not None and not door_cost:
            start, near = _start_reused(memo, bf, g, area, rects)
        else:
            start, near = _start_from_area(bf, g, area, rects, with_near=True)
    else:
        near = None
        start = np.full(n, np.inf)
        ca = g.component_of(a)
        if ca is not None:
            ia, da = g.seen_from(a, ca)
            if door_cost and len(ia):
                da = da + door_cost * door_crossings(bf, np.broadcast_to(np.asarray(a, dtype=float), (len(ia), 2)),
                                                     g.v[ia])
            start[ia] = da
    reach = g.dijkstra(start) if n else start
    todo = [k for k in range(len(targets)) if k not in known]
    fit = g.usable(targets)  # (the same for every source: shared)
    usable = [bool(fit[k]) for k in todo]
    pts = np.array(targets, dtype=float).reshape(-1, 2)[fit]
    skip = np.array([k in known for k in range(len(targets))], dtype=bool)[fit]
    finish = _finish_costed if door_cost else _finish
    found = finish(bf, g, reach, area, a if area is None else None, pts, rects if area is not None else None,
                   skip=skip)
    at = np.cumsum(fit) - 1
    values = dict(known)
    for k, ok in zip(todo, usable):
        got = found[at[k]] if ok else None
        values[k] = math.inf if got is None else got
    if memo_key is not None:
        homes = {}
        for k, ok in zip(todo, usable):
            if not math.isfinite(values[k]):
                # where a target with no route stands (for the next edit)
                ct = g.component_of(targets[k]) if ok else None
                homes[targets[k]] = g.components[ct] if ct is not None else (_UNUSABLE if not ok else None)
        for k in known:
            if not math.isfinite(known[k]):
                homes[targets[k]] = memo.homes.get(targets[k])
        _routes_from.put(memo_key, _Routes(bf=bf, area=area, point=a, keys=g.corner_keys, near=near, start=start,
                                           values={targets[k]: values[k] for k in range(len(targets))},
                                           homes=homes))
    return [None if not math.isfinite(values[k]) else values[k] for k in range(len(targets))]


# A target with no route that was not usable (inside a wall, off the table).
_UNUSABLE = "unusable"
# Boxes round the changed pieces are grown by this much (mm) before the
# bounds of _Routes.known are taken: rounding never makes a bound too high.
BOUND_PAD_MM = 0.01


@dataclass
class _Routes:
    """What distances_from found from one source on one battlefield, kept
    for the next edit: the corners' starts, and each target's
    route length (inf: none) and, for those with none, the free area it
    stood in (homes; _UNUSABLE when it was not usable, None when unknown)."""
    bf: Battlefield
    area: BaseGeometry | None      # the source's free part (the same object while nothing near it changed)
    point: Point | None
    keys: np.ndarray               # the corners (_corner_keys)
    near: np.ndarray | None        # each corner's nearest point of the area
    start: np.ndarray              # each corner's straight distance from the source (inf: not in sight)
    values: dict
    homes: dict

    def changes(self, bf: Battlefield) -> np.ndarray | None:
        """The boxes round what differs between this battlefield and bf
        (none: the same), None when too much differs to tell."""
        if bf is self.bf:
            return np.zeros((0, 4))
        boxes = _changed_boxes(self.bf, bf)
        return None if boxes is None else np.array(boxes, dtype=float).reshape(-1, 4)

    def known(self, bf: Battlefield, source: BaseGeometry | None, a: Point | None, area: BaseGeometry | None,
              targets: list[Point]) -> dict[int, float]:
        """The targets (index: length, inf for none) whose answer on bf is
        the one found here: those the edit cannot have changed.

        Every route (the straight leg from the source or a corner's start
        leg, edges between corners, a corner's leg to the target) that meets
        none of the boxes round the changed pieces is a route on both
        battlefields, of the same length to the last bit (the same legs,
        the same sums; a leg's clearance depends only on what it passes).
        So a target's answer can change only through a route meeting a box
        B, on either battlefield, which is at least as long as the straight
        line from the source to B and on to the target: `before[B] +
        after[B]`. A target whose length here is below that for every box
        keeps it, on bf too. (Counting the route up to B as the length
        found here to a corner plus the corner's distance to B gives no
        more: a corner is never nearer to the source by route than in a
        straight line.)
        A target with no route gets one on bf only by a route whose last
        leg meeting a box leaves it into the free area the target stood in
        here, whose legs from there on are routes here too: it keeps none
        when no box meets that area (nor, when it was not usable, holds
        it). An area source counts only while its free part is the same
        object (nothing near it changed: _free_part keeps it)."""
        if (area is not None) != (self.area is not None) or (area is not None and area is not self.area) \
                or (a is not None and a != self.point):
            return {}
        boxes = self.changes(bf)
        if boxes is None:
            return {}
        out: dict[int, float] = {}
        if len(boxes) == 0:
            for k, t in enumerate(targets):
                got = self.values.get(t)
                if got is not None:
                    out[k] = got
            return out
        g = boxes + np.array([-1.0, -1.0, 1.0, 1.0]) * BOUND_PAD_MM
        if source is not None:
            src = shapely.distance(source, shapely.box(g[:, 0], g[:, 1], g[:, 2], g[:, 3]))
        else:
            src = _box_distance(np.asarray([a], dtype=float), g)[0]
        before = src
        ks = [k for k, t in enumerate(targets) if t in self.values]
        if not ks:
            return out
        pts = np.array([targets[k] for k in ks], dtype=float).reshape(-1, 2)
        after = _box_distance(pts, g)
        for row, k in enumerate(ks):
            t = targets[k]
            length = self.values[t]
            if math.isfinite(length):
                if np.all(before + after[row] > length + 1e-6):
                    out[k] = length
                continue
            home = self.homes.get(t)
            if home is None:
                continue
            if home is _UNUSABLE:
                if np.all(after[row] > 0.0):
                    out[k] = length
            elif not shapely.intersects(home, shapely.box(g[:, 0], g[:, 1], g[:, 2], g[:, 3])).any():
                out[k] = length
        return out


def _box_distance(pts: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Distance of each point (rows) to each box (columns), 0 inside."""
    dx = np.maximum(np.maximum(boxes[None, :, 0] - pts[:, 0:1], pts[:, 0:1] - boxes[None, :, 2]), 0.0)
    dy = np.maximum(np.maximum(boxes[None, :, 1] - pts[:, 1:2], pts[:, 1:2] - boxes[None, :, 3]), 0.0)
    return np.hypot(dx, dy)


# source (zone or point), boards, hatchway view -> _Routes: the answers of the last layout asked
_routes_from = cache.LRU(16, "paths.routes_from")


def _usable(bf: Battlefield, p: Point) -> bool:
    return (math.isfinite(p[0]) and math.isfinite(p[1]) and bf.on_battlefield(*p)
            and not bf.in_obstacle(*p))


def _free_part(bf: Battlefield, source: BaseGeometry,
               wkb: bytes | None = None) -> tuple[BaseGeometry, np.ndarray | None]:
    """The part of a source area (an entry zone) a route may start from:
    the area cut to the free space (closed sets: where a wall's face runs
    along the zone's edge the cut keeps that edge as a line), and the same
    as rectangles (_area_rects), None when it is not rectilinear. wkb: the
    source's shapely.to_wkb, when the caller has it."""
    key = None
    if bf.rectilinear and len(bf.vrects):
        # the cut depends only on what blocks at or near the area: remembered
        # by the area and those strips, so an edit elsewhere reuses it
        x0, y0, x1, y1 = source.bounds
        r = bf.vrects
        pad = 1.0
        near = r[(r[:, 0] <= x1 + pad) & (r[:, 2] >= x0 - pad) & (r[:, 1] <= y1 + pad) & (r[:, 3] >= y0 - pad)]
        near = near[np.lexsort(near.T[::-1])]
        key = (shapely.to_wkb(source) if wkb is None else wkb, near.tobytes(), bf.area.bounds)
        got = _zone_parts.get(key)
        if got is not None:
            return got
    area = source.intersection(bf.free)
    got = (area, _area_rects(area))
    if key is not None:
        _zone_parts.put(key, got)
    return got


# an entry zone's free part and its rectangles, by the zone and what blocks near it
_zone_parts = cache.LRU(64, "paths.zone_parts")


def _area_rects(area: BaseGeometry) -> np.ndarray | None:
    """A rectilinear area as rectangles (x0, y0, x1, y1) whose union it is:
    its polygons cut into vertical strips, its lines (axis-parallel) and
    points as rectangles of no width. None when a part is not rectilinear."""
    out = []
    for part in getattr(area, "geoms", [area]):
        if part.is_empty:
            continue
        kind = part.geom_type
        if kind in ("Polygon", "MultiPolygon"):
            if not _is_rectilinear(part):
                return None
            out.append(strips(part, True))
        elif kind in ("LineString", "LinearRing", "MultiLineString"):
            for line in getattr(part, "geoms", [part]):
                c = np.asarray(line.coords)
                a, b = c[:-1], c[1:]
                if np.any((np.abs(a[:, 0] - b[:, 0]) > 1e-9) & (np.abs(a[:, 1] - b[:, 1]) > 1e-9)):
                    return None
                out.append(np.concatenate([np.minimum(a, b), np.maximum(a, b)], axis=1))
        elif kind in ("Point", "MultiPoint"):
            c = shapely.get_coordinates(part)
            out.append(np.concatenate([c, c], axis=1))
        else:
            return None
    return np.concatenate(out) if out else None


def nearest_points(area: BaseGeometry, rects: np.ndarray | None, pts: np.ndarray) -> np.ndarray:
    """The nearest point of the area to each point: each point clamped to
    each of the area's rectangles, the nearest kept (the area is their
    union); shapely.shortest_line where there are none (not rectilinear)."""
    pts = np.asarray(pts, dtype=float).reshape(-1, 2)
    if rects is None or len(rects) == 0 or len(pts) == 0:
        return shapely.get_coordinates(shapely.shortest_line(area, shapely.points(pts)))[0::2].reshape(-1, 2)
    out = np.empty_like(pts)
    rows = max(1, 200_000 // len(rects))  # bounded temporaries
    for s in range(0, len(pts), rows):
        p = pts[s:s + rows]
        cx = np.clip(p[:, 0:1], rects[:, 0], rects[:, 2])
        cy = np.clip(p[:, 1:2], rects[:, 1], rects[:, 3])
        d2 = (cx - p[:, 0:1]) ** 2 + (cy - p[:, 1:2]) ** 2
        k = np.argmin(d2, axis=1)
        r = np.arange(len(p))
        out[s:s + rows, 0] = cx[r, k]
        out[s:s + rows, 1] = cy[r, k]
    return out


def _start_from_area(bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                     rects: np.ndarray | None = None, with_near: bool = False):
    """Straight distance from an area to each corner: from the area's nearest
    point, when that point sees the corner (corners inside the area start at
    0). This is exact whenever the nearest point of the area is in sight of
    the route's first corner, which holds for entry zones (whole cells, walls
    on their edges); otherwise the route found may be longer than the
    shortest (never shorter). with_near: also return the nearest points."""
    n = len(g.v)
    start = np.full(n, np.inf)
    near = np.zeros((0, 2))
    if n:
        near = nearest_points(area, rects, g.v)
        start[:] = _start_legs(bf, g, near, g.v)
    return (start, near) if with_near else start


def _start_legs(bf: Battlefield, g: VisibilityGraph, near: np.ndarray, v: np.ndarray) -> np.ndarray:
    """_start_from_area for the corners v, from their nearest points near
    (each leg on its own: the same answer for any subset)."""
    start = np.full(len(v), np.inf)
    if len(v) == 0:
        return start
    d = np.hypot(*(v - near).T)
    inside = d <= 1e-9
    ok = inside | bf.clear(near, v)
    if g.door_cost:
        d = d + g.door_cost * door_crossings(bf, near, v)
    start[ok] = d[ok]
    return start


def _start_reused(memo: _Routes, bf: Battlefield, g: VisibilityGraph, area: BaseGeometry,
                  rects: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """_start_from_area after an edit, from the starts found on the layout
    before (memo): a corner both layouts share, away from the changed boxes,
    whose leg from its nearest point meets none of them, starts as before
    (the same area, so the same nearest point, and the same clearance); the
    others are measured again. The same answer as _start_from_area."""
    boxes = memo.changes(bf) if area is memo.area else None
    if boxes is None or memo.near is None or len(g.v) == 0:
        return _start_from_area(bf, g, area, rects, with_near=True)
    n = len(g.v)
    old = g.match(memo.keys)
    pad = 1e-6
    same = old >= 0
    for x0, y0, x1, y1 in boxes:
        same &= ~((g.v[:, 0] >= x0 - pad) & (g.v[:, 0] <= x1 + pad)
                  & (g.v[:, 1] >= y0 - pad) & (g.v[:, 1] <= y1 + pad))
    near = np.empty((n, 2))
    near[same] = memo.near[old[same]]
    again = ~same
    if again.any():
        near[again] = nearest_points(area, rects, g.v[again])
    if len(boxes):
        k = np.nonzero(same)[0]
        cut = segments_meet_boxes(near[k], g.v[k], [tuple(b) for b in boxes])
        again[k[cut]] = True
        same[k[cut]] = False
    start = np.empty(n)
    start[same] = memo.start[old[same]]
    start[again] = _start_legs(bf, g, near[again], g.v[again])
    return start, near


def _finish(bf: Battlefield, g: VisibilityGraph, reach: np.ndarray, area: BaseGeometry | None,
            a: Point | None, targets: np.ndarray, rects: np.ndarray | None = None,
            skip: np.ndarray | None = None) -> list[float | None]:
    """The route length to each target: straight from the source when it is
    in sight, else through the corner the target sees that gives the
    shortest total. Every target's candidate corners are sorted by the total
    they would give and tested in rounds, a few per target per round, all
    targets in one batch, until each has its first clear one. skip: targets
    not to measure (known already; None is returned for them)."""
    m = len(targets)
    best = np.full(m, np.inf)
    if m == 0:
        return []
    skip = np.zeros(m, dtype=bool) if skip is None else np.asarray(skip, dtype=bool)
    # straight from the source (the nearest point of an area)
    ok = skip.copy()
    k = np.nonzero(~skip)[0]
    if len(k):
        t = targets[k]
        if area is None:
            src = np.broadcast_to(np.asarray(a, dtype=float), t.shape)
            inside = np.zeros(len(k), dtype=bool)
        else:
            src = nearest_points(area, rects, t)
            inside = shapely.intersects_xy(area, t[:, 0], t[:, 1])
        direct = np.hypot(*(t - src).T)
        seen = inside | bf.clear(src, t)
        ok[k] = seen
        best[k[seen]] = np.where(inside[seen], 0.0, direct[seen])
    # through the corners, best first: every (target, corner) pair the
    # route could end on (g.last_legs: a corner of the target's free area,
    # the line from the target tangent there), those reached, each
    # target's sorted by the total it would give
    legs = g.last_legs(targets)
    pick = ~ok[legs.r] & np.isfinite(reach[legs.c])
    r, c, q = legs.r[pick], legs.c[pick], np.nonzero(pick)[0]
    if len(r):
        total = reach[c] + legs.length[q]
        order = np.lexsort((total, r))
        r, c, q, total = r[order], c[order], q[order], total[order]
        first = np.searchsorted(r, np.arange(m))
        count = np.searchsorted(r, np.arange(m), side="right") - first
        rank = np.arange(len(r)) - first[r]
        pos = np.zeros(m, dtype=np.int64)
        open_ = count > 0
        step = 8
        # tested in rounds, a few per target at first, more each round,
        # until each has its first clear one (the least total of the clear);
        # a leg tested for another source is not tested again
        while open_.any():
            sel = np.nonzero(open_[r] & (rank >= pos[r]) & (rank < pos[r] + step))[0]
            legs.test(bf, g, q[sel])
            got = sel[legs.clear[q[sel]] > 0]
            rows, at = np.unique(r[got], return_index=True)
            best[rows] = total[got[at]]
            open_[rows] = False
            pos += step
            open_ &= pos < count
            step = min(step * 4, 512)
    best[skip] = np.inf
    return [float(b) if math.isfinite(b) else None for b in best]


class _LastLegs:
    """The legs a route may end on, corner to target, for one graph and one
    list of targets (shared by every source measured to those targets):
    r, c (target and corner of each), length, and clear (0 untested, 1
    clear, -1 blocked), filled in as legs are tested."""

    def __init__(self, g: VisibilityGraph, targets: np.ndarray):
        cts = g.components_of(targets)
        rows = np.nonzero(cts >= 0)[0]
        self.r = self.c = np.zeros(0, dtype=np.int64)
        self.length = np.zeros(0)
        if len(rows) and len(g.v):
            t = targets[rows]
            v = g.v
            # _tangent from each target at every corner, the same steps
            dx = v[None, :, 0] - t[:, 0:1]
            dy = v[None, :, 1] - t[:, 1:2]
            s1 = dx * g.ea[None, :, 1] - dy * g.ea[None, :, 0]
            s2 = dx * g.eb[None, :, 1] - dy * g.eb[None, :, 0]
            r, c = np.nonzero((s1 * s2 >= -1e-9) & (g.comp[None, :] == cts[rows][:, None]))
            self.r, self.c = rows[r], c
            self.length = np.hypot(v[c, 0] - targets[self.r, 0], v[c, 1] - targets[self.r, 1])
        self.targets = targets
        self.clear = np.zeros(len(self.r), dtype=np.int8)

    def test(self, bf: Battlefield, g: VisibilityGraph, q: np.ndarray) -> None:
        """Test the legs q not tested yet."""
        q = q[self.clear[q] == 0]
        if len(q):
            ok = bf.clear(self.targets[self.r[q]], g.v[self.c[q]])
            self.clear[q] = np.where(ok, 1, -1)


# -- an extra cost per open hatchway crossed (Kill Team's access points) ----

def open_door_lines(bf: Battlefield) -> np.ndarray:
    """The middle line of each open hatchway's door rectangle, across its
    opening: rows (axis, c, lo, hi): the line runs along `axis` (0: x) at
    the other coordinate c, from lo to hi (kept with the battlefield)."""
    got = bf.cache.get("open-door-lines")
    if got is None:
        rows = []
        for bo in bf.boards:
            for d in bo.open_doors:
                x0, y0, x1, y1 = d.bounds
                if x1 - x0 >= y1 - y0:
                    rows.append((0, (y0 + y1) / 2, x0, x1))
                else:
                    rows.append((1, (x0 + x1) / 2, y0, y1))
        got = np.array(rows, dtype=float).reshape(-1, 4)
        bf.cache["open-door-lines"] = got
    return got


def door_crossings(bf: Battlefield, a: np.ndarray, b: np.ndarray, eps: float = 1e-9) -> np.ndarray:
    """For segments a[i] -> b[i]: how many open hatchways each crosses, that
    is, whose middle line it meets within the opening, from one side to the
    other or with an end on it (a segment lying along the line crosses
    nothing). Corners of the free space are never on a middle line (the
    door frame's corners are on the wall's faces), so a route through corners
    counts each doorway it passes once; a route's end in a doorway, or an
    area's nearest point on the zone line under an open hatchway, counts
    the doorway it leaves through."""
    a = np.asarray(a, dtype=float).reshape(-1, 2)
    b = np.asarray(b, dtype=float).reshape(-1, 2)
    lines = open_door_lines(bf)
    out = np.zeros(len(a), dtype=np.int64)
    if len(lines) == 0 or len(a) == 0:
        return out
    for axis in (0, 1):
        rows = lines[lines[:, 0] == axis]
        if len(rows) == 0:
            continue
        across = 1 - axis
        c, lo, hi = rows[:, 1], rows[:, 2], rows[:, 3]
        da = a[:, across, None] - c[None, :]
        db = b[:, across, None] - c[None, :]
        meets = (np.minimum(da, db) <= eps) & (np.maximum(da, db) >= -eps)
        meets &= ~((np.abs(da) <= eps) & (np.abs(db) <= eps))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(np.abs(da - db) > 0, da / (da - db), 0.0)
        t = np.clip(t, 0.0, 1.0)
        at = a[:, axis, None] + t * (b[:, axis, None] - a[:, axis, None])
        meets &= (at >= lo[None, :] - eps) & (at <= hi[None, :] + eps)
        out += meets.sum(axis=1)
    return out


def _route_costed(bf: Battlefield, a: Point, b: Point, door_cost: float) -> Measurement:
    """measure() with door_cost: one search from the corners a sees, every
    leg weighed with the hatchways it crosses, against the straight line
    (which may cross a doorway that a route round a wall's end avoids)."""
    if a == b:
        return Measurement(0.0, [a, b])
    g = graph(bf, door_cost)
    ca, cb = g.component_of(a), g.component_of(b)
    if ca is None or cb is None or ca != cb:
        return Measurement(None, [])
    best, route = math.inf, []
    pa = np.asarray([a], dtype=float)
    pb = np.asarray([b], dtype=float)
    if bf.clear(pa, pb)[0]:
        best = math.dist(a, b) + door_cost * float(door_crossings(bf, pa, pb)[0])
        route = [a, b]
    ia, da = g.seen_from(a, ca)
    ib, db = g.seen_from(b, cb)
    if len(ia) and len(ib):
        da = da + door_cost * door_crossings(bf, np.repeat(pa, len(ia), axis=0), g.v[ia])
        db = db + door_cost * door_crossings(bf, g.v[ib], np.repeat(pb, len(ib), axis=0))
        start = np.full(len(g.v), np.inf)
        start[ia] = da
        goal = np.full(len(g.v), np.inf)
        goal[ib] = db
        dist, pred = g.dijkstra(start, goal=goal, towards=b)
        total = dist + goal
        k = int(np.argmin(total))
        if total[k] < best - 1e-9:
            best = float(total[k])
            corners = [k]
            while pred[corners[-1]] >= 0:
                corners.append(int(pred[corners[-1]]))
            corners.reverse()
            route = [a] + [(float(g.v[c, 0]), float(g.v[c, 1])) for c in corners] + [b]
    if not math.isfinite(best):
        return Measurement(None, [])
    return Measurement(best, route)


def _finish_costed(bf: Battlefield, g: VisibilityGraph, reach: np.ndarray, area: BaseGeometry | None,
                   a: Point | None, targets: np.ndarray, rects: np.ndarray | None = None,
                   skip: np.ndarray | None = None) -> list[float | None]:
    """_finish with door costs: the straight line from the source and every
    corner each target sees are weighed with the hatchways they cross, and
    the least total kept (no corner is left out as "farther")."""
    m = len(targets)
    best = np.full(m, np.inf)
    if m == 0:
        return []
    cost = g.door_cost
    if area is None:
        src = np.broadcast_to(np.asarray(a, dtype=float), targets.shape).copy()
        inside = np.zeros(m, dtype=bool)
    else:
        src = nearest_points(area, rects, targets)
        inside = shapely.intersects_xy(area, targets[:, 0], targets[:, 1])
    direct = np.hypot(*(targets - src).T) + cost * door_crossings(bf, src, targets)
    ok = inside | bf.clear(src, targets)
    best[ok] = np.where(inside[ok], 0.0, direct[ok])
    rows, cols = [], []
    for k in range(m):
        if inside[k]:
            continue
        ct = g.component_of((targets[k, 0], targets[k, 1]))
        if ct is None:
            continue
        cand = g.candidates((targets[k, 0], targets[k, 1]), ct)
        cand = cand[np.isfinite(reach[cand])]
        rows.append(np.full(len(cand), k))
        cols.append(cand)
    if rows:
        r = np.concatenate(rows)
        c = np.concatenate(cols)
        if len(r):
            seen = bf.clear(targets[r], g.v[c])
            r, c = r[seen], c[seen]
            tot = (reach[c] + np.hypot(*(g.v[c] - targets[r]).T)
                   + cost * door_crossings(bf, g.v[c], targets[r]))
            np.minimum.at(best, r, tot)
    return [float(x) if math.isfinite(x) else None for x in best]
