"""Measuring, its first part: the visibility graph of a battlefield. Its
reflex corners, the pairs of them that see each other (tangent at both
ends), the shortest distances between them, kept per battlefield and built
after an edit from the graph of the layout before; the compiled route
kernels' use (rules/_compiled_routes.py); the legs a route may end on.

paths.py's module notes say the method and how it is made fast; paths.py
measures with this graph and re-exports its public names.
"""
from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from typing import Any, overload

import numpy as np
from scipy import sparse
from scipy.sparse import csgraph
from shapely.geometry import Polygon

from .. import memo
from ..model.mission import Point
from ..phrases import PhrasedError
from . import kernels, segments
from .obstacles import DOOR_OVERLAP_MM, Battlefield, changed_pieces, door_boxes, edit_boxes
from .paths_doors import door_crossings
from .rects import GRAZE_MM, Box, pairs_meeting_boxes, segments_meet_boxes

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
# The route graph's build from scratch tests each tangent pair against the
# largest blocking rectangles first (_big_rects; most blocked pairs are
# blocked by one of them): fewer pairs for the segment test (8 boards:
# ~138,000 tangent pairs, ~10,000 clear).
BIG_RECTS = 256
# A last leg tested on the graph before an edit keeps its answer when its
# segment meets no box round what changed grown by this much (mm; _LastLegs).
LEG_PAD_MM = 0.01
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


def _big_rects(bf: Battlefield) -> tuple[np.ndarray, np.ndarray]:
    """The BIG_RECTS largest of the battlefield's blocking rectangles (by
    area; sorted by their left side, as tangent_pairs takes them), of the strips its segment test uses for segments
    that are not vertical and for vertical ones (bf.vrects, bf.hrects): what
    the graph's build from scratch looks at first, most blocked pairs being
    blocked by one of them (none when the battlefield is not rectilinear:
    its segment test is shapely's)."""
    if not bf.rectilinear:
        return np.zeros((0, 4)), np.zeros((0, 4))
    out = []
    for rects in (bf.vrects, bf.hrects):
        r = np.asarray(rects, dtype=float).reshape(-1, 4)
        if len(r) <= BIG_RECTS:
            # all of them (two boards: ~210): only the sort by the left side
            # (what a pair is tested against is the same set: the same answer)
            out.append(np.ascontiguousarray(r[np.argsort(r[:, 0], kind="stable")]))
            continue
        area = (r[:, 2] - r[:, 0]) * (r[:, 3] - r[:, 1])
        big = r[np.argsort(-area, kind="stable")[:BIG_RECTS]]
        out.append(np.ascontiguousarray(big[np.argsort(big[:, 0], kind="stable")]))
    return out[0], out[1]


class VisibilityGraph:
    """The reflex corners of the free space and the shortest distances
    between them (inf where no route joins them)."""

    def __init__(self, bf: Battlefield, previous: VisibilityGraph | None = None, door_cost: float = 0.0):
        self.door_cost = float(door_cost)  # mm added per open hatchway an edge crosses
        self.bf = bf
        self.measures = 0
        # the last targets' usable points, their free parts, their last legs and
        # the last corner keys matched (one of each; dropped with the graph, not registered)
        self.last_asked: memo.Memo = memo.Memo("paths.graph.last_asked", 4, registered=False)
        # the graph before an edit's last legs, for this graph's first
        # (_LastLegs.before: their tests kept where the edit is not)
        self.legs_before: tuple[bytes, _LastLegs, np.ndarray, np.ndarray, int, np.ndarray, np.ndarray] | None = None
        # the reflex corners of every ring (free on the left: exterior ccw),
        # from the battlefield's data (its corners' order and its parts'
        # numbering, which this graph keeps: comp is a corner's free part,
        # components_of answers in the same numbering); the free space's
        # polygon is not asked for
        c, p, nx, comp = bf.free_ring_corners
        cross = (c[:, 0] - p[:, 0]) * (nx[:, 1] - c[:, 1]) - (c[:, 1] - p[:, 1]) * (nx[:, 0] - c[:, 0])
        reflex = cross < -1e-12
        self.v, self.prev, self.next, self.comp = c[reflex], p[reflex], nx[reflex], comp[reflex]
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
                # (with the largest blocking rectangles: a pair whose segment
                # enters one is blocked, the segment test is not asked about it)
                i, j = k.tangent_pairs(np.ascontiguousarray(self.v), self.ea, self.eb,
                                       np.ascontiguousarray(self.comp, dtype=np.int64),
                                       np.arange(n, dtype=np.int64), np.zeros(n, dtype=np.bool_),
                                       *_big_rects(bf), GRAZE_MM)
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
            assert previous is not None  # (the boxes are what changed since it)
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

    def _reuse(self, old: VisibilityGraph, boxes: list[Box]) -> None:
        """After a small edit: keep the previous graph's edges between corners
        both graphs share whose segment stays clear of the changed boxes
        (nothing there changed), and test again the pairs of shared corners
        whose segment meets a box (an edge may be cut, a blocked pair opened)
        and every pair with a new corner."""
        n = len(self.v)
        kern = route_kernels()
        old_idx = _same_corners(old, self)
        # where obstacles only grew (_grown_boxes: a wall put down, a hatchway
        # closed) no blocked pair opens: only the old edges through there are
        # tested again (below), no pairs are searched there
        grown = _grown_boxes(old.bf, self.bf)
        every = boxes
        boxes = _merged([b for b in boxes if b not in grown])
        # what the graph before kept for its targets and its search is not
        # asked again (memory; made again should it be)
        legs: tuple[bytes, _LastLegs] | None = old.last_asked.get("legs")
        if legs is not None:
            changed = np.array(every, dtype=float).reshape(-1, 4)
            self.legs_before = (legs[0], legs[1], old_idx, changed, len(old.v), old.ea, old.eb)
        old.last_asked.clear()
        old.legs_before = None  # (never asked there: let go)
        old.drop_rows()
        pad = 1e-6
        if kern is not None:
            # compiled: the steps below in one pass (_compiled_routes.reuse_edges),
            # the same edges kept and the same pairs tested again, in the same order
            # (a hatchway opened or closed gives one box twice: once is enough)
            uniq = np.array(boxes, dtype=float).reshape(-1, 4)
            # (with the largest blocking rectangles: a pair to test again whose
            # segment enters one is blocked, left out before the segment test,
            # as a build from scratch leaves it out)
            ki, kj, kw, ti, tj = kern.reuse_edges(
                np.ascontiguousarray(self.v), self.ea, self.eb, np.ascontiguousarray(self.comp, dtype=np.int64),
                old_idx, len(old.v), old.ei, old.ej, old.ew, uniq, pad, WEDGE_MARGIN_MM, *_big_rects(self.bf),
                GRAZE_MM)
            if grown:
                ki, kj, kw, ti, tj = _retest_through(self.v, grown, ki, kj, kw, ti, tj)
            self.ei, self.ej, self.ew = ki, kj, kw
            self._add(*self._seen(ti, tj))
            return
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
        cut = segments_meet_boxes(self.v[oi], self.v[oj], boxes) if boxes else np.zeros(len(oi), dtype=bool)
        oi, oj, ow = oi[~cut], oj[~cut], ow[~cut]
        again_i = again_j = np.zeros(0, dtype=np.int64)
        if grown:
            lo, hi = np.minimum(oi, oj), np.maximum(oi, oj)
            oi, oj, ow, again_i, again_j = _retest_through(self.v, grown, lo, hi, ow, again_i, again_j)
        self._add(oi, oj, ow)
        # pairs of kept corners through a changed box (the cut edges among them)
        ri, rj = pairs_meeting_boxes(self.v, k, boxes) if boxes else (again_i[:0], again_j[:0])
        same = self.comp[ri] == self.comp[rj]  # as in a full build: never across free areas
        ri, rj = ri[same], rj[same]
        fresh = np.nonzero(~kept)[0]
        fi = np.repeat(fresh, n)
        fj = np.tile(np.arange(n), len(fresh))
        keep = (fj != fi) & (kept[fj] | (fi < fj)) & (self.comp[fi] == self.comp[fj])  # each pair once
        self._add(*self._join(np.concatenate([ri, fi[keep]]), np.concatenate([rj, fj[keep]])))
        self._add(*self._seen(again_i, again_j))

    @functools.cached_property
    def corner_keys(self) -> np.ndarray:
        """The corners as keys (_corner_keys): where they are and which way their walls run."""
        return _corner_keys(self)

    def usable(self, targets: list[Point]) -> np.ndarray:
        """_usable for each target on this graph's battlefield, kept for the
        last targets asked (every source asks the same)."""
        pts = np.array(targets, dtype=float).reshape(-1, 2)
        key = pts.tobytes()
        got: tuple[bytes, np.ndarray] | None = self.last_asked.get("usable")
        if got is None or got[0] != key:
            # _usable, every target at once: finite, on the battlefield and
            # not inside a wall (on the table and in the free space)
            # (the free space is on the table: in a free part is both)
            ok = np.isfinite(pts).all(axis=1)
            k = np.nonzero(ok)[0]
            ok[k] = self.components_of(pts[k]) >= 0
            got = (key, ok)
            self.last_asked.put("usable", got)
        return got[1]

    @functools.cached_property
    def components(self) -> list[Polygon]:
        """The free areas as polygons, in the numbering of comp (the
        battlefield's free parts, made when first asked: measuring needs
        only their numbers)."""
        return [self.bf.free_part(k) for k in range(self.bf.free_part_count)]

    @functools.cached_property
    def comp_index(self) -> list[np.ndarray]:
        """The corners of each free area (made when first asked: a measure's
        candidates)."""
        order = np.argsort(self.comp, kind="stable")
        ends = np.searchsorted(self.comp[order], np.arange(self.bf.free_part_count + 1))
        return [order[ends[ci]:ends[ci + 1]] for ci in range(self.bf.free_part_count)]

    def components_of(self, pts: np.ndarray) -> np.ndarray:
        """component_of for each point (-1: none): the battlefield's
        free_part_at, one question for all; kept for the last points asked
        (usable and the last legs ask it of the same targets)."""
        pts = np.ascontiguousarray(pts, dtype=float).reshape(-1, 2)
        if len(pts) == 0:
            return np.full(0, -1, dtype=np.int64)
        key = pts.tobytes()
        got: tuple[bytes, np.ndarray] | None = self.last_asked.get("parts")
        if got is None or got[0] != key:
            got = (key, np.asarray(self.bf.free_part_at(pts), dtype=np.int64))
            self.last_asked.put("parts", got)
        return got[1]

    def last_legs(self, targets: np.ndarray) -> _LastLegs:
        """The legs from these corners to these targets a route may end on
        (_LastLegs), kept for the last targets asked (every source measured
        to them shares them, and the legs tested)."""
        key = np.ascontiguousarray(targets, dtype=float).tobytes()
        got: tuple[bytes, _LastLegs] | None = self.last_asked.get("legs")
        if got is None or got[0] != key:
            before = self.legs_before
            self.legs_before = None  # (asked once: the graph before's legs let go)
            got = (key, _LastLegs(self, np.array(targets, dtype=float).reshape(-1, 2),
                                  before[1:] if before is not None and before[0] == key else None))
            self.last_asked.put("legs", got)
        return got[1]

    def match(self, keys: np.ndarray) -> np.ndarray:
        """_match_keys(keys, self.corner_keys), remembered for the last keys
        asked (the graph before an edit: its own build and every source's
        start ask the same)."""
        got: tuple[np.ndarray, np.ndarray] | None = self.last_asked.get("matched")
        if got is not None and got[0] is keys:
            return got[1]
        out = _match_keys(keys, self.corner_keys)
        self.last_asked.put("matched", (keys, out))
        return out

    @functools.cached_property
    def csr(self) -> sparse.csr_matrix:
        """The graph as a symmetric sparse matrix (scipy.sparse.csgraph)."""
        n = len(self.v)
        return sparse.csr_matrix((np.concatenate([self.ew, self.ew]),
                                  (np.concatenate([self.ei, self.ej]), np.concatenate([self.ej, self.ei]))),
                                 shape=(n, n))

    @functools.cached_property
    def _rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The edges both ways, row by row (csr's arrays, built by the
        compiled kernels: _compiled_routes.adjacency), once per graph;
        asked only once the kernels have loaded."""
        kern = route_kernels()
        assert kern is not None
        rows: tuple[np.ndarray, np.ndarray, np.ndarray] = kern.adjacency(len(self.v), self.ei, self.ej, self.ew)
        return rows

    def drop_rows(self) -> None:
        """Let go of _rows (the graph after an edit was built from this one:
        a later search here, after an undo, makes them again)."""
        try:
            del self._rows
        except AttributeError:
            pass

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

    @overload
    def dijkstra(self, start: np.ndarray, goal: None = None, towards: Point | None = None) -> np.ndarray: ...
    @overload
    def dijkstra(self, start: np.ndarray, goal: np.ndarray,
                 towards: Point | None = None) -> tuple[np.ndarray, np.ndarray]: ...
    def dijkstra(self, start: np.ndarray, goal: np.ndarray | None = None,
                 towards: Point | None = None) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
        """Shortest distances to every corner from a source whose straight
        distance to each corner is `start` (inf where it does not see it):
        scipy's Dijkstra on the sparse graph with the source as one more
        node. With `goal` (each corner's straight distance on to a target),
        also return each corner's predecessor (-1 at the start). `towards`
        is accepted for the callers of the dense search it replaced (the
        search is cheap enough to settle every corner)."""
        n = len(self.v)
        if goal is None and n:
            kern = route_kernels()
            if kern is not None:
                # compiled: the same distances (the least sums, to the last bit)
                # without building scipy's matrices for each source
                indptr, indices, data = self._rows
                out: np.ndarray = kern.dijkstra_from(indptr, indices, data, np.ascontiguousarray(start, dtype=float))
                return out
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
        # (scipy-stubs: a csr_matrix of unknown dtype matches no overload)
        if goal is None:
            return csgraph.dijkstra(graph, directed=True, indices=n)[:n]  # type: ignore[call-overload,no-any-return]
        dist, pred = csgraph.dijkstra(graph, directed=True, indices=n,  # type: ignore[call-overload]
                                      return_predecessors=True)
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
        ok: np.ndarray = s1 * s2 >= -1e-9
        return ok

    def component_of(self, p: Point) -> int | None:
        """The first free area p is in (on its edge counts), None if none."""
        k = int(self.bf.free_part_at(np.asarray([p], dtype=float))[0])
        return k if k >= 0 else None

    def components_of_pair(self, a: Point, b: Point) -> tuple[int | None, int | None]:
        """component_of(a), component_of(b) in one question (a measure's
        two ends: each question of the battlefield costs ~0.1 ms, most of
        it the same for one point or two)."""
        ka, kb = self.bf.free_part_at(np.asarray([a, b], dtype=float)).tolist()
        return (ka if ka >= 0 else None), (kb if kb >= 0 else None)

    def candidates(self, p: Point, ci: int) -> np.ndarray:
        """The corners of free area ci that a route from p could turn at
        first (the line from p does not cut into the piece there); whether p
        sees them is still to be tested."""
        idx = self.comp_index[ci]
        if len(idx) == 0:
            return idx
        src = np.broadcast_to(np.asarray(p, dtype=float), (len(idx), 2))
        turn: np.ndarray = idx[self._tangent(src, idx)]
        return turn

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
        # each corner's neighbours ascending (ties: the lowest corner, as
        # the dense search did)
        indptr, indices, data = self._sorted_rows
        to_b = self.dist[:, b]
        while a != b and guard:
            guard -= 1
            nb = indices[indptr[a]:indptr[a + 1]]
            cand = data[indptr[a]:indptr[a + 1]] + to_b[nb]
            a = int(nb[int(np.argmin(cand))])
            route.append(a)
        return route

    @functools.cached_property
    def _sorted_rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """csr's rows with each row's columns ascending (made once per
        graph: corner_route asks them for every measure)."""
        csr = self.csr
        indptr = np.asarray(csr.indptr)
        row = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
        order = np.lexsort((np.asarray(csr.indices), row))  # within a row, by column (stable)
        return indptr, np.asarray(csr.indices)[order], np.asarray(csr.data)[order]


# Two changed boxes are searched as their bounding box (_merged) when it is
# at most this much larger than the area they cover (a pillar turned: its
# box before and after, nearly the same square).
MERGE_BOXES_AREA = 1.25


def _merged(boxes: list[Box]) -> list[Box]:
    """The changed boxes for the graph's search (_reuse), each once, and
    two that (nearly) cover one another as their bounding box: the search
    after an edit walks the corners' k-d tree once per box, and a box
    covering more only sends a few more pairs to be tested again (the same
    edges, as testing a pair again gives the edge it had). Sorted as
    np.unique(axis=0) sorts rows."""
    out = sorted({tuple(map(float, b)) for b in boxes})
    merged = True
    while merged and len(out) > 1:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                ua = (a[2] - a[0]) * (a[3] - a[1])
                ub = (b[2] - b[0]) * (b[3] - b[1])
                ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
                iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
                box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if (box[2] - box[0]) * (box[3] - box[1]) <= MERGE_BOXES_AREA * (ua + ub - ix * iy):
                    out = sorted({*out[:i], *out[i + 1:j], *out[j + 1:], box})
                    merged = True
                    break
            if merged:
                break
    return [(b[0], b[1], b[2], b[3]) for b in out]


def _corner_keys(g: VisibilityGraph) -> np.ndarray:
    """Each corner as a row: where it is and the directions of its two
    walls (one point can be two corners)."""
    return np.concatenate([g.v, np.sign(g.prev - g.v), np.sign(g.next - g.v)], axis=1)


def _match_keys(ko: np.ndarray, kn: np.ndarray) -> np.ndarray:
    """For each corner key (row) of kn, the index of the same key in ko
    (-1: none); of equal keys in ko, the last (as a dict built in order
    keeps). Compiled once the route kernels have loaded
    (_compiled_routes.match_keys, a hash table of ko's rows: the same
    answer), else _match_keys_numpy."""
    kern = _keys_kernel()
    if kern is not None:
        out: np.ndarray = kern(np.ascontiguousarray(ko, dtype=float), np.ascontiguousarray(kn, dtype=float))
        return out
    return _match_keys_numpy(ko, kn)


def _keys_kernel() -> Any:
    """_compiled_routes.match_keys once the route kernels have loaded, else None."""
    k = route_kernels()
    return None if k is None else k.match_keys


def _match_keys_numpy(ko: np.ndarray, kn: np.ndarray) -> np.ndarray:
    """_match_keys in numpy: each row hashed to one number, the hashes
    matched by a sort and the rows found compared; should two different
    rows share a hash, the rows themselves are sorted (_match_rows)."""
    no, nn = len(ko), len(kn)
    if no == 0 or nn == 0:
        return np.full(nn, -1, dtype=np.int64)
    ho, order, sorted_o = _hashed(ko)
    hn = _hashed(kn)[0]
    at = np.searchsorted(sorted_o, hn, side="right") - 1
    cand = order[np.maximum(at, 0)]
    same_hash = (at >= 0) & (ho[cand] == hn)
    if not np.array_equal(same_hash, np.all(ko[cand] == kn, axis=1)):
        return _match_rows(ko, kn)  # two different rows with one hash
    return np.where(same_hash, cand, -1).astype(np.int64)


def _hashed(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_row_hash of a graph's corner keys, their stable sort order and the
    sorted hashes, remembered for the last few key arrays (by the object:
    a graph's keys are hashed as the new ones after an edit and again as
    the old ones after the next)."""
    got: tuple[np.ndarray, np.ndarray, np.ndarray] | None = _hash_memo.get(id(keys))
    if got is not None and got[0] is keys:
        h, order = got[1], got[2]
    else:
        h = _row_hash(keys)
        order = np.argsort(h, kind="stable")
        _hash_memo.put(id(keys), (keys, h, order))
    return h, order, h[order]


# (two: the graph before an edit's and the graph after's; memory is at its bound)
_hash_memo = memo.Memo("paths.corner_hashes", 2)


def _row_hash(keys: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of floats (-0.0 and 0.0 alike): the rows'
    bits times odd constants, summed (one integer matrix product, wrapping
    at 64 bits: ~5 us for a 2-board graph's keys, not the ~45 us of a pass
    per column), the high bits folded down. Equal rows hash alike;
    _match_keys checks every match it finds, so a collision costs time
    (_match_rows), never an answer."""
    bits = np.ascontiguousarray(keys + 0.0).view(np.uint64)
    h: np.ndarray = bits @ _HASH_FACTORS[:bits.shape[1]]
    h ^= h >> np.uint64(31)
    return h


# (odd 64-bit constants, one per key column: a corner key has six)
_HASH_FACTORS = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93,
                          0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53, 0x27D4EB2F165667C5, 0x94D049BB133111EB],
                         dtype=np.uint64)


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


def _changed_boxes(old: Battlefield, new: Battlefield) -> list[Box] | None:
    """What the edit changed (obstacles.edit_boxes: round a hatchway's door
    alone when only hatchways changed), worked out once an edit for every
    stage that asks."""
    return edit_boxes(old, new)


def _grown_boxes(old: Battlefield, new: Battlefield) -> list[Box]:
    """Of _changed_boxes, those where the obstacles only grew: round a
    piece put down or a hatchway closed, meeting no box round a piece taken
    away or a hatchway opened (within WEDGE_MARGIN_MM). In such a box what
    blocks on the new battlefield covers what blocked on the old, so a
    segment blocked before is blocked still: of the pairs through it only
    the old edges can change (be cut), and no pair opens. Remembered for
    the last few pairs of battlefields (the graph and each source ask it)."""
    key = (id(old), id(new))
    got: tuple[Battlefield, Battlefield, list[Box]] | None = _box_memo.get(key)
    if got is not None and got[0] is old and got[1] is new:
        return got[2]
    grown: list[Box] = []
    if door_boxes(old, new) is not None:
        closed, opened = _door_kinds(old, new)
        grown = _apart(closed, opened)
    else:
        kinds = changed_pieces(old, new)
        if kinds is not None:
            grown = _apart([b for b, came in kinds if came], [b for b, came in kinds if not came])
    _box_memo.put(key, (old, new, grown))
    return grown


def _apart(grew: list[Box], went: list[Box]) -> list[Box]:
    """The boxes of `grew` that meet none of `went` (grown by WEDGE_MARGIN_MM)."""
    m = WEDGE_MARGIN_MM
    return [a for a in dict.fromkeys(grew)
            if not any(a[0] <= b[2] + m and b[0] <= a[2] + m and a[1] <= b[3] + m and b[1] <= a[3] + m
                       for b in went)]


def _door_kinds(old: Battlefield, new: Battlefield) -> tuple[list[Box], list[Box]]:
    """obstacles.door_boxes split: the doors closed (what blocks grew) and opened."""
    closed: list[Box] = []
    opened: list[Box] = []
    g = DOOR_OVERLAP_MM
    for (_, _, o1), (_, _, o2), bo in zip(old.key, new.key, new.boards):
        if o1 == o2:
            continue
        for door, n in zip(bo.pieces.doors, bo.pieces.door_pieces):
            if o1[n] != o2[n]:
                x0, y0, x1, y1 = door.bounds
                (opened if o2[n] else closed).append((x0 - g, y0 - g, x1 + g, y1 + g))
    return closed, opened


def _piece_kinds(old: Battlefield, new: Battlefield) -> tuple[list[Box], list[Box]] | None:
    """changed_boxes split: the boxes round the pieces taken away (or
    whose hatchway changed, as they were) and round the pieces put down
    (as they are), each as changed_boxes makes it (obstacles.changed_pieces,
    the one pass both ask)."""
    kinds = changed_pieces(old, new)
    if kinds is None:
        return None
    return [b for b, came in kinds if not came], [b for b, came in kinds if came]


def _retest_through(v: np.ndarray, grown: list[Box], ki: np.ndarray, kj: np.ndarray, kw: np.ndarray,
                    ti: np.ndarray, tj: np.ndarray) -> tuple[np.ndarray, ...]:
    """The old edges kept (ki, kj, kw) that meet a grown box (grown by
    WEDGE_MARGIN_MM) moved to the pairs to test again (ti, tj)."""
    hit = segments_meet_boxes(v[ki], v[kj], grown, pad=WEDGE_MARGIN_MM)
    return (ki[~hit], kj[~hit], kw[~hit], np.concatenate([ti, ki[hit]]), np.concatenate([tj, kj[hit]]))


_box_memo = memo.Memo("paths.grown_boxes", 4)


# -- the compiled route kernels (rules/_compiled_routes.py) ------------------

def route_kernels(wait: bool = False, timeout: float | None = KERNEL_WAIT_S) -> Any:
    """The compiled route kernels (rules/_compiled_routes.py), or None while
    they load (or without numba; LAYOUT_EDITOR_NO_NUMBA=1). rules/kernels.py
    loads them on its thread after the segment test; until they are ready
    the numpy code answers the same. wait: wait for them (at most `timeout`
    s; None: until loaded) if the segment test is ready. Any: numba's
    dispatchers carry no types."""
    if segments.kernel() is None:
        return None
    return kernels.compiled("routes", wait=wait, timeout=timeout)


def _legs_kernel() -> Any:
    """_compiled_routes.last_legs once the route kernels have loaded, else
    None (_LastLegs then takes the numpy steps: the same legs)."""
    k = route_kernels()
    return None if k is None else k.last_legs


_last_graphs: memo.Memo = memo.Memo("paths.last_graphs", 4)  # boards -> the graph built last on them (for the next edit)
_graphs: memo.Memo = memo.Memo("paths.graphs", 4)  # battlefield key -> graph, the few most recent (they are big)
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
    g: VisibilityGraph | None = _graphs.get(key)
    if g is None or g.bf is not bf:
        boards = tuple(b for b, _, _ in bf.key)
        last = boards if not door_cost else (boards, door_cost)
        g = VisibilityGraph(bf, _last_graphs.get(last), door_cost=door_cost)
        _last_graphs.put(last, g)
        _graphs.put(key, g)
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


class _LastLegs:
    """The legs a route may end on, corner to target, for one graph and one
    list of targets (shared by every source measured to those targets):
    r, c (target and corner of each), length, and clear (0 untested, 1
    clear, -1 blocked), filled in as legs are tested."""

    r: np.ndarray
    c: np.ndarray
    length: np.ndarray
    clear: np.ndarray
    tangent: np.ndarray  # targets x corners: the line from the target is tangent at the corner

    def __init__(self, g: VisibilityGraph, targets: np.ndarray,
                 before: tuple[_LastLegs, np.ndarray, np.ndarray, int, np.ndarray, np.ndarray] | None = None):
        # before: the same targets' legs on the graph before an edit, each
        # corner's index there (-1: new), the boxes round what changed,
        # that graph's corner count and its corners' edges (ea, eb); kept
        # of them: each leg as one number (target * corners + corner,
        # ascending: np.nonzero's order) and its test (recall), not the
        # legs themselves (memory)
        self.before: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
        if before is not None:
            old, old_idx, boxes, n_old, _, _ = before
            self.before = (old.r * n_old + old.c, old.clear, old_idx, boxes)
        self.n_old = before[3] if before is not None else 0
        cts = g.components_of(targets)
        self.r = self.c = np.zeros(0, dtype=np.int64)
        self.length = np.zeros(0)
        self.targets = targets
        self.clear = np.zeros(0, dtype=np.int8)
        kern = _legs_kernel() if len(g.v) and len(targets) else None
        if kern is not None:
            # compiled: the tangent test at every corner and the legs in one
            # pass (_compiled_routes.last_legs: the same steps, the same legs
            # in the same order; worked out afresh, ~10 us)
            self.tangent, self.r, self.c = kern(
                g.v, g.ea, g.eb, np.ascontiguousarray(g.comp, dtype=np.int64),
                np.ascontiguousarray(targets, dtype=float), np.ascontiguousarray(cts, dtype=np.int64))
            v = g.v
            self.length = np.hypot(v[self.c, 0] - targets[self.r, 0], v[self.c, 1] - targets[self.r, 1])
            self.clear = np.zeros(len(self.r), dtype=np.int8)
            return
        rows = np.nonzero(cts >= 0)[0]
        self.tangent = self._tangent(g, targets, before)
        if len(rows) and len(g.v):
            r, c = np.nonzero(self.tangent[rows] & (g.comp[None, :] == cts[rows][:, None]))
            self.r, self.c = rows[r], c
            v = g.v
            self.length = np.hypot(v[c, 0] - targets[self.r, 0], v[c, 1] - targets[self.r, 1])
        self.targets = targets
        self.clear = np.zeros(len(self.r), dtype=np.int8)

    @staticmethod
    def _tangent(g: VisibilityGraph, targets: np.ndarray,
                 before: tuple[_LastLegs, np.ndarray, np.ndarray, int, np.ndarray, np.ndarray] | None) -> np.ndarray:
        """_tangent from each target at every corner (targets x corners),
        the same steps. A corner the graph before the edit had too (the
        same place) with the same two edges (ea, eb, to the bit) answers
        as it did there (the same floats, the same steps): only the other
        corners' columns are worked out (8 boards: ~0.5 ms an edit)."""
        n = len(g.v)
        m = len(targets)
        out = np.zeros((m, n), dtype=bool)
        if n == 0 or m == 0:
            return out
        cols: np.ndarray | None = None
        # (a graph before with no corners has nothing to give: an edit that
        # made the first corner)
        if before is not None and before[0].tangent.shape[0] == m and len(before[4]):
            old, old_idx, _, _, old_ea, old_eb = before
            o = np.maximum(old_idx, 0)
            same = (old_idx >= 0) & np.all(g.ea == old_ea[o], axis=1) & np.all(g.eb == old_eb[o], axis=1)
            k = np.nonzero(same)[0]
            out[:, k] = old.tangent[:, old_idx[k]]
            cols = np.nonzero(~same)[0]
        v = g.v if cols is None else g.v[cols]
        ea = g.ea if cols is None else g.ea[cols]
        eb = g.eb if cols is None else g.eb[cols]
        if len(v):
            with np.errstate(invalid="ignore"):
                dx = v[None, :, 0] - targets[:, 0:1]
                dy = v[None, :, 1] - targets[:, 1:2]
                s1 = dx * ea[None, :, 1] - dy * ea[None, :, 0]
                s2 = dx * eb[None, :, 1] - dy * eb[None, :, 0]
                if cols is None:
                    out = s1 * s2 >= -1e-9
                else:
                    out[:, cols] = s1 * s2 >= -1e-9
        return out

    @overload
    def test(self, bf: Battlefield, g: VisibilityGraph, q: np.ndarray, also: None = None) -> None: ...
    @overload
    def test(self, bf: Battlefield, g: VisibilityGraph, q: np.ndarray,
             also: tuple[np.ndarray, np.ndarray]) -> np.ndarray: ...
    def test(self, bf: Battlefield, g: VisibilityGraph, q: np.ndarray,
             also: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray | None:
        """Test the legs q not tested yet (those recall() knows from the
        graph before the edit are not tested again). also: other segments
        (a, b) to test in the same call of the segment test (each segment
        is tested on its own: the same answers; a call costs ~30 us before
        its first segment), whose answers are returned."""
        q = q[self.clear[q] == 0]
        if len(q) and self.before is not None:
            self.recall(g, q)
            q = q[self.clear[q] == 0]
        if also is None:
            if len(q):
                ok = bf.clear(self.targets[self.r[q]], g.v[self.c[q]])
                self.clear[q] = np.where(ok, 1, -1)
            return None
        a, b = also
        ok = bf.clear(np.concatenate([self.targets[self.r[q]], a]), np.concatenate([g.v[self.c[q]], b]))
        self.clear[q] = np.where(ok[:len(q)], 1, -1)
        out: np.ndarray = ok[len(q):]
        return out

    def recall(self, g: VisibilityGraph, q: np.ndarray) -> None:
        """Of the legs q not tested yet, those tested on the graph before
        the edit (self.before) from the same corner to the same target whose
        segment meets no box round what changed (grown by LEG_PAD_MM): clear
        or blocked as they were (what they pass is the same: the graph's
        premise for the edges it keeps)."""
        if self.before is None:
            return
        q = q[self.clear[q] == 0]
        if len(q) == 0:
            return
        keys, tested, old_idx, boxes = self.before
        if len(keys) == 0:
            return
        n_old = self.n_old
        o = old_idx[self.c[q]]
        want = self.r[q] * n_old + o
        at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        k = np.nonzero((o >= 0) & (keys[at] == want) & (tested[at] != 0))[0]
        if len(k) and len(boxes):
            met = segments_meet_boxes(self.targets[self.r[q[k]]], g.v[self.c[q[k]]],
                                      [tuple(b) for b in boxes.tolist()], pad=LEG_PAD_MM)
            k = k[~met]
        self.clear[q[k]] = tested[at[k]]


# -- an extra cost per open hatchway crossed (Kill Team's access points) ----
