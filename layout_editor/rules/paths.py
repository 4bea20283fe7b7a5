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
  boards, no arrays of them) and whose segment enters none of the 256
  largest blocking rectangles (paths_graph._big_rects, the segment test's
  own slab test on them, the last one that blocked a corner's pair tried
  first): of ~138,000 tangent pairs on 8 boards ~10,000 are clear, and the
  segment test is asked about ~30,000 instead of all (first analysis:
  -19 ms on 8 boards, -2.3 on 2; Battlefield.clear answers the rest, so the
  edges are the same, in the same order); after an edit the pairs through a changed box
  are found by a k-d tree of the corners, each corner passing over the
  nodes outside the wedge the box fills as seen from it, instead of every
  pair; corners are matched between the layouts by a hash of each corner;
- after an edit the graph's bookkeeping is one compiled pass
  (_compiled_routes.reuse_edges: the corners kept, the old edges kept in
  the new numbering, the pairs to test again), the k-d tree search passing
  over nodes of other free areas and nodes where every line from the corner
  would cut into its piece (tangent_pairs_through_boxes); only the
  matching of the corners (a sort of their keys' hashes) and the segment
  test of the pairs left (obstacles.Battlefield.clear) are not in it. Each
  source's search is a compiled Dijkstra (dijkstra_from) on the edges as
  rows built once per graph (adjacency): the least sums are the same
  floating-point sums scipy's csgraph takes, so the distances are the same
  to the last bit (scipy still answers a measure's search with
  predecessors, and everything while the kernels load or without numba);
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
  the legs a route may end on are found per target's free area (_LastLegs;
  the target's free area found in the areas unprepared) and tested
  once for every source measured to the same targets: with the compiled
  segment test all in one call (a few hundred on two boards; one call costs
  less than the rounds' bookkeeping), else in growing rounds, best first.
- the free space is asked as the battlefield's data (issue 29, third
  round), never as its polygon on an edit: the graph's corners and their
  free parts are bf.free_ring_corners (reflex ones kept by their cross
  product; the battlefield's order and numbering, which the graph keeps),
  a point's part bf.free_part_at (usable, component_of, the last legs), a
  target with no route remembers its part's number (its home), checked
  against the changed boxes by bf.free_parts_meeting; the polygons
  (g.components, bf.free_part) are made only when asked (a zone's cut: the
  parts it meets);
- what an edit changed, boxed tighter (paths_graph): a hatchway opened or
  closed is boxed round its door, not the whole wall piece (obstacles.door_boxes);
  where obstacles only grew (a wall's new place, a hatchway closed, meeting
  no box where something went: _grown_boxes) no blocked pair can open, so
  the graph searches no pairs there and tests again only the old edges
  through it (a closed hatchway: ~4 pairs instead of ~130); two boxes that
  nearly cover one another (a pillar turned) are searched as one (_merged);
- the legs a route ends on, on big battlefields (more than LEGS_AT_ONCE,
  8 boards ~2,600 a source): best first in rounds of the compiled segment
  test, 64 per target first (~1,900 tested an edit instead of ~3,800);
- a zone's free part after an edit near it: its rectangles in a few
  vectorised passes (_area_rects, the rows of _area_rects_plain); after an
  edit away from it (no changed box within 1 mm of the zone's bounds) the
  part found last is kept as it is (_Routes.same_area), also when the
  strips near it were cut anew (_free_part's own memo is keyed by them);
- measured (issue 29, second pass): per 2-board edit, of a zone's 4
  targets typically 0-3 are kept by _Routes.known, so the graph, a start
  and a search are made on nearly every edit for one source at least. The
  bound is straight-line (source to box, box to target);
- a target's stored route (fourth pass, measured, not built): keeping a
  target whose old route meets no changed box needs every route through a
  box to be no shorter, and the sound lower bound for one is the straight
  line from the source to the box (the part of a route before its first
  box is a route on both layouts, but the source may see the box) plus,
  from the box on, the old graph's distance to the target from the
  corners (when no single blocking strip hides the box from the target)
  or the straight line. Leaving out the boxes where obstacles only grew
  (a wall's new place, a door closed) is sound only where the start from
  an area is exact (a route whose first corner is new there has no
  counterpart on the layout before). Counted on the dense 2-board edits
  (45-60 edits, both zones): sources kept whole 28 of 90 with the bound
  now, 29-30 with either refinement, 5 more edits kept whole at best with
  the grown boxes left out; while 82 of 90 sources' answers do not change
  at all. The edits that change nothing mostly land near the route or
  between the zone and it: only measuring again tells, so the per-edit
  cost stays the graph's, a start's and a search's. One sound rule was
  built and measured (not kept): where every changed box is a grown one
  and the new layout's reflex corners are all the old graph's with the
  same edges (a hatchway closed: its jambs' corners go, none comes),
  every route the search can take after the edit it could take before
  (the same corners and tangent tests, the same nearest points, what
  blocks only grown, a free part only split), so a target whose route
  found before (its corners walked back from the search's own sums)
  meets no changed box keeps its length, with no exactness of the area's
  start needed. It kept both zones whole on 4 of 60 dense 2-board edits
  (none before); walking every measured target's route back at once
  cost more than that saved (pillar 2.5 -> 3.0 ms). Made lazily (the
  search's distances, rows and each target's last corner kept, the walk
  done only after an edit where obstacles only grew) it would save
  ~0.2 ms an edit on average;
- what an edit changed, per piece, in one pass (obstacles.changed_pieces:
  each box with whether its piece went or came, changed_boxes' boxes in
  its order; a board's pieces compared place by place, the places that
  differ counted, not every piece hashed): _grown_boxes asks it;
- the legs a route ends on, after an edit: a leg tested on the graph
  before (the same corner, the same target) whose segment meets no
  changed box keeps its test (_LastLegs.recall; 8 boards ~85% of the legs
  asked), so every leg left is tested at once, not in rounds, and the next
  edit recalls them all (8 boards: _finish ~2.3 -> ~1.7 ms an edit); the
  tangent test of a corner the graph before had with the same two edges
  (to the bit) is kept too (_LastLegs._tangent: only the other corners'
  columns are worked out);
- a zone's cut kept: the zones are rectangles, so the 1 mm test on their
  bounds (same_area) is the test on the zone itself; on the dense 2-board
  edits 20 of 60 boxes come within 1 mm of zone 1 (walls on its cells'
  edges), each a real change of its free part;
- a measure: its two ends' free parts in one question of the battlefield
  (components_of_pair), the route's corners walked on rows sorted once
  per graph (_sorted_rows);
- fifth pass (per 2-board edit, objective distances ~2.7 ms; the rest is
  ~80 small numpy and shapely steps of 5-50 us each, two sources apiece):
  a target's straight line from the source is tested in the same call of
  the segment test as its last legs after an edit when they are few (two
  boards; not on a first analysis, which has no legs to recall; each
  call costs ~30 us before its first segment; the legs of targets seen
  straight are a few more segments; on 8 boards they are hundreds, never
  needed, tested and then recalled edit after edit: not there);
  nearest_points clamps with min/max (np.clip's own steps cost
  more than the work for a few points: the same bits); a corner key's
  hash is one integer matrix product (matches are checked, so the hash
  decides speed only). Measured and dropped: searching an edit's pairs
  only through the boxes where something went (a blocked pair opens only
  there) and testing again only the old edges through the boxes where
  something came: a pillar turned then tests its old edges through the
  new place with the wedge margin, no fewer segments, and the search
  through one box costs what it did through the two merged (pillar 0.86
  -> 0.93 ms for the graph). What is left on a pillar edit: the search
  for the pairs through the changed box (~0.35 ms, ~940 tangent pairs on
  the dense layout, most of them blocked elsewhere) and their segment
  test (~0.22 ms): a filter needs the corners that can see the box, a
  visibility question of its own;
- sixth pass (28 Nov): the pairs to test again after an edit are first
  held to the largest blocking rectangles in reuse_edges, as a build from
  scratch holds its pairs (tangent_pairs): a pair entering one deeper than
  the graze is blocked, so it is left out before the segment test (~95% of
  the ~900 pairs through a turned pillar's box: ~50 us in place of ~200 us
  of grid walk; the same edges in the same order); on two boards the
  "largest" are all of them, only sorted by their left side. Two new
  kernels, each replacing a chain of ~10-45 small numpy steps whose
  in-place cost (cold caches after an edit) was 2-3x their cost in a
  loop: the last legs (_compiled_routes.last_legs: the tangent test at
  every corner and the legs, worked out afresh rather than taken from the
  graph before, ~10 us) and the corner matching (match_keys, a hash
  table of the old keys with the rows compared). nearest_points takes a
  few points (the targets, the corners an edit moved) in one pass of both
  axes. What the stage still pays that is not its own: the battlefield's
  free-space data (free_ring_corners, first asked here), its sorted strips
  and grid for the segment test (built on the first bf.clear of a new
  battlefield, ~0.25 ms in place) and edit_boxes: ~0.7 ms of a 2-board
  pillar edit. Why no keep-rule helps a pillar: a route through a new
  corner is bounded below by the box round it, the bound every box has
  already, so splitting the boxes into "came" and "went" keeps nothing
  more on a pillar turned in place (it does for walls and hatchways);
- seventh pass (28 Nov; edits measured in pairs: the same edits run with
  and without a change in one process, per-edit CPU differences, since
  bench_stages' medians move by +-0.3 ms at load): a zone's nearest
  points are one compiled pass (_compiled_routes.nearest_in_rects, the
  numpy steps point by point: every corner of a start after an edit near
  the zone or on a first analysis, ~0.4 ms of numpy temporaries in place
  on two boards; the targets'; pillar -0.08 ms median, -0.12 mean, wall
  -0.15); and after an edit the start legs _start_reused leaves, the
  straight lines and the last legs are tested in one call of the segment
  test before the search (_pretest: the legs do not depend on it when
  every leg of a target measured is tested; pillar ~-0.06 ms, wall
  ~-0.14). Measured and dropped (no gain beyond the noise in pairs): the
  graph's pairs to test again in that same call too (edges left pending
  until asked: -0.02 ms), a corner's whole k-d walk passed over when
  every line from it towards the box cuts into its piece (exact, ~10% of
  the walk in a loop, nothing in place), the zone's distance to the
  changed boxes from its rectangles and the targets' nearest points kept
  per area (each ~0.03 ms by line profiler, nothing in pairs). Where a
  pillar edit's ~2.5 ms go now (line profiler, two boards): the
  battlefield's data this stage asks first (free_ring_corners ~0.25 ms,
  the segment test's strips and grid on its first call ~0.25, edit_boxes
  ~0.1), the k-d walk for the pairs through the changed box (~0.25 in
  place), the segment test's calls (~0.1 each, 2 a searched source),
  the rows and the search (~0.15), and ~60 numpy steps of 5-40 us;
- memory: every compiled kernel loaded holds its machine code (about half a
  MB each), and peak memory on 8 boards is at its bound (250 MB): the
  kernels are the few that earn it (a first build's pairs, an edit's
  bookkeeping, the search, the last legs, the corner matching, the
  nearest points of a zone).

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

The rooms: this module measures (measure, distances_from, a route between
two points, with and without door costs); the visibility graph is
paths_graph.py's, the distances from an area paths_areas.py's, the doors'
lines and crossings paths_doors.py's. The names callers use (graph,
VisibilityGraph, Measurement, MeasureError, door_crossings...) are
importable from here as well.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .. import memo as memo_module
from ..model.mission import Mission, Point
from ..phrases import Phrase
from . import segments
from .obstacles import Battlefield, battlefield, check_hatches

# The parts (graph, areas, door costs) live in rooms of their own; their
# names callers use are importable from here, as before the split.
from .paths_areas import (
    _UNUSABLE,
    _finish,
    _finish_costed,
    _free_part,
    _pretest,
    _Routes,
    _routes_from,
    _start_from_area,
    _start_legs,
    _start_reused,
    _usable,
    nearest_points,
)
from .paths_doors import door_crossings as door_crossings
from .paths_doors import open_door_lines as open_door_lines
from .paths_graph import (
    ALL_PAIRS_MAX,
    CHANGES_KEPT_UP,
    GRAPH_CHUNK,
    KERNEL_WAIT_MIN,
    KERNEL_WAIT_S,
    MM_PER_INCH,
    WEDGE_MARGIN_MM,
    VisibilityGraph,
    _changed_boxes,
    _keep_up,
    _LastLegs,
    _match_keys,
    _row_hash,
    graph,
    route_kernels,
)
from .paths_graph import (
    MeasureError as MeasureError,
)
from .paths_graph import (
    Measurement as Measurement,
)


def check_point(bf: Battlefield, p: Point, what: str = "point") -> Point:
    said = _WHAT.get(what, what)
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise MeasureError(Phrase("{what} {point!r} is not a point (x, y)", what=said, point=p)) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise MeasureError(Phrase("{what} ({x}, {y}) is not a finite point", what=said, x=x, y=y))
    if not bf.on_battlefield(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is off the battlefield", what=said, x=x, y=y))
    if bf.in_obstacle(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is inside a wall", what=said, x=x, y=y))
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
    said = _WHAT.get(what, what)
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise MeasureError(Phrase("{what} {point!r} is not a point (x, y)", what=said, point=p)) from None
    if not (math.isfinite(x) and math.isfinite(y)) or not bf.on_battlefield(x, y):
        raise MeasureError(Phrase("{what} ({x:g}, {y:g}) is off the battlefield", what=said, x=x, y=y))
    return (x, y)


def _route(bf: Battlefield, a: Point, b: Point) -> Measurement:
    if a == b:
        return Measurement(0.0, [a, b])
    g = graph(bf)
    ca, cb = g.components_of_pair(a, b)
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


def _route_by_search(g: VisibilityGraph, a: Point, b: Point, ca: int, cb: int) -> Measurement:
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


def distances_from(mission: Mission, source: Point | BaseGeometry, targets: Sequence[Point], hatches: str = "as-set",
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
    area: BaseGeometry | None
    rects: np.ndarray | None
    memo_key: tuple[bytes | Point, tuple[str, ...], str] | None
    if isinstance(source, BaseGeometry):
        wkb = _source_wkb(source)
        memo_key = (wkb, bf.board_ids, hatches) if not door_cost else None
        memo = _routes_from.get(memo_key) if memo_key is not None else None
        kept = memo.same_area(bf, source) if memo is not None else None
        area, rects = kept if kept is not None else _free_part(bf, source, wkb=wkb)
        if area.is_empty:
            return [None] * len(targets)
        a = None
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
    todo = [k for k in range(len(targets)) if k not in known]
    fit = g.usable(targets)  # (the same for every source: shared)
    usable = [bool(fit[k]) for k in todo]
    pts = np.array(targets, dtype=float).reshape(-1, 2)[fit]
    skip = np.array([k in known for k in range(len(targets))], dtype=bool)[fit]
    straight = None
    if area is not None:
        shapely.prepare(area)
        if memo is not None and not door_cost:
            # the start legs left to test, the straight lines and the last
            # legs in one call of the segment test (_pretest)
            start, near, again = _start_reused(memo, bf, g, area, rects, defer=True)
            straight, clear = _pretest(bf, g, area, pts, rects, skip, near[again], g.v[again])
            start[again] = _start_legs(bf, g, near[again], g.v[again], clear=clear)
        else:
            start, near = _start_from_area(bf, g, area, rects, with_near=True)
    else:
        near = None
        start = np.full(n, np.inf)
        assert a is not None  # no area: the source is the point a
        ca = g.component_of(a)
        if ca is not None:
            ia, da = g.seen_from(a, ca)
            if door_cost and len(ia):
                da = da + door_cost * door_crossings(bf, np.broadcast_to(np.asarray(a, dtype=float), (len(ia), 2)),
                                                     g.v[ia])
            start[ia] = da
    reach = g.dijkstra(start) if n else start
    if door_cost:
        found = _finish_costed(bf, g, reach, area, a if area is None else None, pts,
                               rects if area is not None else None, skip=skip)
    else:
        found = _finish(bf, g, reach, area, a if area is None else None, pts, rects if area is not None else None,
                        skip=skip, straight=straight)
    at = np.cumsum(fit) - 1
    values = dict(known)
    for k, ok in zip(todo, usable):
        got = found[at[k]] if ok else None
        values[k] = math.inf if got is None else got
    if memo_key is not None:
        # where each target with no route stands (for the next edit): the
        # number of its free part on bf. One kept from the layout before
        # stood in a part no changed box meets, the same part on bf: its
        # number here is the part the target is in.
        homes: dict[Point, int | str | None] = {}
        ask: list[int] = []
        for k, ok in zip(todo, usable):
            if not math.isfinite(values[k]):
                if ok:
                    ask.append(k)
                else:
                    homes[targets[k]] = _UNUSABLE
        for k in known:
            if not math.isfinite(known[k]) and memo is not None:  # (known is empty without a memo)
                home = memo.homes.get(targets[k])
                if isinstance(home, int):
                    ask.append(k)
                else:
                    homes[targets[k]] = home
        if ask:
            parts = g.components_of(np.array([targets[k] for k in ask], dtype=float))
            for k, ct in zip(ask, parts.tolist()):
                homes[targets[k]] = ct if ct >= 0 else None
        _routes_from.put(memo_key, _Routes(bf=bf, area=area, point=a, keys=g.corner_keys, near=near, start=start,
                                           values={targets[k]: values[k] for k in range(len(targets))},
                                           homes=homes, rects=rects))
    return [None if not math.isfinite(values[k]) else values[k] for k in range(len(targets))]


def _source_wkb(source: BaseGeometry) -> bytes:
    """shapely.to_wkb(source), remembered for the last few source objects
    (an entry zone's geometry is the same object edit after edit: the
    analysis's is cached by its cells)."""
    got: tuple[BaseGeometry, bytes] | None = _wkb_memo.get(id(source))
    if got is not None and got[0] is source:
        return got[1]
    wkb: bytes = shapely.to_wkb(source)
    _wkb_memo.put(id(source), (source, wkb))
    return wkb


_wkb_memo = memo_module.Memo("paths.source_wkb", 8)


def _route_costed(bf: Battlefield, a: Point, b: Point, door_cost: float) -> Measurement:
    """measure() with door_cost: one search from the corners a sees, every
    leg weighed with the hatchways it crosses, against the straight line
    (which may cross a doorway that a route round a wall's end avoids)."""
    if a == b:
        return Measurement(0.0, [a, b])
    g = graph(bf, door_cost)
    ca, cb = g.components_of_pair(a, b)
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
