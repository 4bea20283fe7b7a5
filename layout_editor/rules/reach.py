"""Reaching: where a round base of a given diameter can stand and go, the
separate regions it cannot leave, and the zones it can never enter.

A base stands where its centre keeps half its diameter (r) from every wall,
pillar, wall end and closed hatchway, and from the battlefield's edge (the
base must be wholly on the boards). That is the battlefield shrunk by r minus
the obstacles grown by r (shapely buffers, round joins; the arcs are drawn
finely enough, BUFFER_QUAD_SEGS, that a gap is never taken as wider than it
is by more than a few hundredths of a millimetre).

Touching is not overlapping: a base may stand against a wall, and a base
exactly as wide as a gap fits through it. Where it fits exactly, the places
its centre can take are a line (a 69 mm base between two pillars 69 mm apart
stands only on the line midway between them, touching both), and an area
computed with r exactly loses that line, cutting the region in two. So the
centre keeps r - TOUCH_MM (a millionth of a millimetre) from everything: an
exact fit leaves a sliver 2 TOUCH_MM wide that joins the two sides, whatever
the floating-point noise in the coordinates; a base more than 2 TOUCH_MM
wider than the gap (let alone 0.1 mm wider) still does not pass. Single-point contacts (a base
squeezing between two corners) join as well.

The battlefield's edge: the boards are shrunk by r with round joins. At the
table's outer corners a negative buffer meets its two edges at a square
corner whatever the join (the base keeps r from both edges); at an inner
corner of the table (boards laid offset, an L-shaped table) the base only
has to keep r from the corner point, so its centre may go round it on an arc
of radius r. A mitred join would cut that corner square and refuse centres
up to (sqrt(2) - 1) r = 0.41 r too far from it.

Open hatchways (rules digest): "models may move through an open hatchway even
when the base is wider than the opening, but may not end a move with the base
inside an open hatchway". We model that with two areas:
- standing: a base may not END a move overlapping an open hatchway's opening
  (the door polygon of geometry.py, 50 x 5.5 mm by default), so open doors
  are grown by r and taken out of the standing area like walls;
- passage: for movement, the door polygon stretched r (plus a hair) out of
  both faces of the wall is passable for a base of any size. Its two ends
  reach exactly as far from the wall as a base centre must stay anyway, so
  they meet the standing area on each side wherever a base can come up to the
  doorway.
- chained passages: two open hatchways back to back (an airlock at the seam
  of two boards, walls on both edge lines 25 mm apart) leave a slot between
  the walls too narrow for the base to stand in, so each passage on its own
  leads nowhere. But a move through both doors ends inside neither, so two
  passages are one when they run parallel (the doors cross their walls in
  the same direction), overlap (the doors' spans along the walls overlap and
  the passages reach each other), and the space between the two doors,
  across that common span, is free (no wall, pillar or closed hatchway in it,
  not off the boards: boards laid apart are never joined this way). Chains of
  any length join in the same way. Perpendicular passages are never chained:
  that would let a large base turn a corner inside two walls.
Regions are the standing areas joined where they touch and where a passage
(or a chain of passages) meets them; a region's `area` is where the base's
centre can stand (the passages are not part of it, since no move may end
there). Regions of boards laid apart are never joined; touching boards are
one battlefield.

The route code (paths.py) measures with a tape, not a base: it goes straight
through both doors of such an airlock, and the objective distances of
analyze come from it. With the passages chained, reach agrees: a base can
get there too, so validate no longer calls such an objective unreachable.

`cells` of a region are the zones whose inside the region's area reaches (a
base whose centre can stand in that zone). unreachable_cells() are the zones
no base of that size can stand in at all, wherever it comes from; whether a
zone is cut off from an entry zone is a question of regions.

Caching: since a base may stand neither in a wall nor in a hatchway, open or
closed, where it can stand is the same in all three hatchway views; only the
passages differ. The standing area is kept as data, per tile (issue 29):
each board's share of the shrunk table cut on a grid of squares about
TILE_MM wide (8 x 7 on a board), each tile holding its pieces of the
standing area, which of them touch, the zones each reaches into, their
areas and boxes. A tile is its floor less what the blocking parts of every
board reach of it, grown by the base: only what of each part lies within
the base's reach of the tile is grown (the same inside the tile: a point of
the tile within reach of a part is within reach of what of it lies in that
window). On a rectilinear table (the usual one) the parts are rectangles,
every rectangle of a board's pieces (BoardPieces.rects) and every door's
box, keyed by their coordinates: a tile clips those within its reach to
that window (numpy), unites them (a small union of boxes) and grows the
union once, so that no edit ever unites a board's pieces whole
(BoardPieces.solid, 1.5-3 ms a board). Otherwise the parts are those of
the board's solid (walls and pillars that touch being one) and the doors,
each grown on the tile's window and remembered by its value (WKB) and the
window.
An edit changes a board's parts; the board's standing area is made from
the one before it, and only the tiles within the base's reach of where the
parts that came and went differ (their symmetric difference, place by
place) are made again: a pillar turned redoes a tile or two, not the board.
The first time (no standing area of that board before) the board is worked
out whole, one buffer of its pieces and one overlay as before the tiles,
and kept whole (`_BoardStanding.whole`: its parts, touching pairs and zones
as one piece; no tiles cut): the tiles are cut from that area only when the
board is first edited (`_cut`: the same area as tile by tile, far less
work), so a first analysis does no more than the whole-board way did. A
board still whole is glued to its neighbours part against part (boxes that
meet, then one `intersects` call), a cut one tile pair by tile pair. A
first analysis skips what only an edit needs (a tile's share of a
rectangular floor is clipped when an edit first redoes that tile, a
board's pairs of neighbouring tiles are found when it is first cut).
Regions are glued by union-find: a board's parts that touch (on a tile, or
across a tile edge; the glue of two tiles is remembered on the pair) are
one component, components of two boards that touch across their edge are
one group (remembered on the pair of boards' standing areas), and the
passages join groups per hatchway view. A region keeps its parts and glues
them into one `area` only when asked (the overlays draw it); its size is
the sum of its parts' areas. The passages are built all at once (numpy, one
shapely call) for every door, open or not, and which of them meet which
components is remembered per board (found by boxes in numpy, then one
`intersects` call: a board's standing area is new after each edit of it,
and a tree of its parts cost more to build than that), and which meet
which group once per standing area (the three views share it), so a
hatchway opened asks nothing of the geometry; whether the space between two doors is free is looked up in
the view's blocking strips (obstacles.Battlefield; on a table not
rectilinear, each blocking piece and closed door against the space: never
the free space's polygon), only when two parallel open passages overlap,
which takes a base about as wide as the space between two walls. A zone is reached by a part when they meet and do not
only touch: DE-9IM T******** (their insides meet), the cheaper predicate.
A view joins the groups through its open passages with each passage
contracted into the first (least) group it meets (_joined, once per
standing area): the same components of groups as with the passages as
nodes of their own, so the same labels (they number the components by
their least group), in a third of the edges. Its regions are kept by those
labels: views whose passages join the same groups (every door shut, or
the doors opened leading nowhere new) share one answer, and a hatchway
opened or closed asks only for the labels.

An edit's board from the board before it (issue 29, fourth round): after
an edit only the redone tiles (a pillar turned redoes one or two of a
board's 56) differ, so the board's bookkeeping starts from the board
before instead of from every tile:
- its parts, their areas, boxes and zones, and the pairs touching on a
  tile are the board before's with the redone tiles' put in their places
  (_spliced: a few slices, not 56 tiles concatenated; the pairs on the
  tiles kept move along by the parts that came and went before them);
- when the edit leaves the board's graph as it was (every redone tile
  with as many parts as before, touching and glued across its edges
  alike: 26 of 31 pillars turned on the dense layouts, few walls moved),
  the components are the same, numbered alike: no graph search; only
  the components with a part on a redone tile get their zones, parts and
  region made again (_regraded), the others' regions are kept;
- which passages meet which of its parts: the board before's pairs for
  the parts on the tiles kept (when the same passages were near), the
  redone tiles' parts tried afresh (_BoardStanding.met);
- the passages themselves are remembered by the doors' boxes (the same
  after every edit that moves no door), the doors' boxes taken from
  BoardPieces, and a view's regions grouped by label in Python (tens of
  components: fewer calls than numpy's sort and reductions).
Each is checked against the plain way in test_reach_tiles (the board
worked out from its tiles alone, its glue and components by a graph
search, every passage tried on every part, after random edits).
- the glue with a neighbouring board is kept when the board was made
  with the same graph and no tile it redid lies on the edge between them
  (_glue_kept: a part on a tile off the edge cannot touch the other
  board's parts, their tiles' boxes do not meet).
Measured and dropped: keeping a multi-component region for the views
that join the same components (the three views hardly ever do, 6.9
regions made a pillar edit, none shared); tiles of 59, 66 or 110 mm
(88 is the fastest: 110 redoes more area, smaller tiles cost more
calls).
A redone tile's GEOS work made smaller (issue 29, fifth round):
- a tile's clipped rectangles are merged before GEOS unites them
  (_merged: one inside another dropped, two sharing a whole side made
  one; every rectangle made is exactly the union of two, coordinates
  picked, never computed): ~6 boxes a tile become ~3, a tile 0.25 ->
  0.19 ms. The union is the same set; GEOS's vertices may differ by
  ~1e-13 from the union of the unmerged boxes (97 tiles of the dense
  layouts' edits: all equal to 1e-9, 90 vertex for vertex), and the
  answers are identical (compare_answers).
- a tile an edit reaches is kept when its clipped, merged rectangles
  (_clipped, kept on the tile as `rects`) are the very ones, in the
  same order, it was made of: GEOS would make the same area vertex for
  vertex. It then counts as not changed (its glue kept, the board's
  graph more often the same). About one in five of the tiles a wall
  moved reaches (its old or new place reaches the tile's margin only
  where another piece covers it); a pillar hardly ever. Tiles cut from
  a board worked out whole have no `rects` and are redone as before.
Measured and dropped: the grown union subtracted box by grown box
(0.14 against 0.16 ms a tile, but vertices differ in half the tiles);
the buffer of the boxes as one multipolygon, no union (slower).
Smaller steps (issue 29, fifth round, second pass): the joins of a
table's passages (_joined_of), the components of a view's groups
joined through its open passages and the groups of the components glued
across board edges (_joined_components) are remembered by
their inputs' values, so an edit that changes no group asks them again
at the cost of a look-up; a region of several components is kept across
edits by its components' parts (_labelled: the same parts arrays, the
very objects a board left alone or _regraded keeps, make the same
region, since a component's area, box and zones are its parts'; the
memo holds the arrays, so an id in its key is never another object's);
a tile's rectangles clipped to its window in Python (_clipped: ~5
rows, where each numpy call cost more than the arithmetic). About
-0.1 to -0.15 ms a pillar turned (regions alone, 100 edits); in
bench_stages within its noise. Each checked against the plain way in
test_reach_tiles.
What is left of a pillar turned (28 Nov, each function timed with
process_time over 100 pillar edits, so that another process taking the
core does not count; a line profiler's figures at a load of 2-4 were off
by up to 30 times for single lines): on 2 boards ~1.3-1.5 ms for the
three views. The edited board's _standing_on ~0.6 (its ~1.6 redone
tiles' GEOS work and parts, _tiles_made, 0.28-0.31; _spliced 0.04;
_regraded 0.06; _clipped 0.02; the rest, ~0.3, spread over the body's
~60 numpy and Python steps of 2-15 us each), the other board's key
~0.02, _blocks ~0.1 (the edited board's rectangles keyed), the views'
regions (_labelled 0.15-0.18 for the 2.6 views not found by label),
which passages meet what (met 0.09, _joined_of 0.02) and the look-ups
round them. On 8 boards ~2.4 ms: _standing_on 1.0 over 8 boards,
_labelled 0.46 (its regions of many components are made again each
view: ~0.15 a view), the boards' glue 0.08. No single step is above
0.1 ms outside the tiles' GEOS work, which is needed (a tile's union,
buffer and difference decide its vertices); a compiled pass would
have to take the whole edited board's body at once to gain ~0.2 ms.
A wall moved redoes ~2.5 tiles and nearly always changes the board's
graph, so it searches the graph again (_components, 0.03-0.06 ms: a
union-find cannot take parts away; scipy's connected_components gives
the same numbering but costs 0.34 ms on these ~100-node graphs); it
often moves a door too (the passages and their overlaps made again).
"""
from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from .. import memo
from ..catalogue import default_catalogue
from ..model.lattice import Placement
from ..model.mission import Board, Cell, Mission
from ..phrases import Phrase, PhrasedError
from .obstacles import (
    Battlefield,
    BoardPieces,
    LayoutKey,
    battlefield,
    battlefield_key,
    board_pieces,
    boxes_meet,
    check_hatches,
    remembered_layout_key,
    table_area,
)
from .rects import _polygons

# Segments per quarter circle in the grown obstacles: the chord error is
# r * (1 - cos(pi / (4 * 16))), 0.02 mm for a 32 mm base.
BUFFER_QUAD_SEGS = 16
# How far past r a passage reaches out of the wall, so that it overlaps the
# standing area instead of only touching it.
PASSAGE_SLACK_MM = 0.01
# A base may touch what it may not overlap: its centre keeps r minus this
# from everything, so that an exact fit leaves a sliver rather than nothing
# (see the module's notes).
TOUCH_MM = 1e-6


class ReachRegion:
    """One connected region for a base: area is where its centre can stand;
    cells are the (board id, zone) pairs that area reaches into.

    The region is found per board (see the module's notes): `parts` are its
    pieces, cut at the board edges; `area` glues them into one geometry the
    first time it is asked for (the overlays draw it; the checks only need
    the parts), and `size` is its area in square mm."""
    __slots__ = ("parts", "cells", "size", "_area", "_bounds")

    def __init__(self, parts: tuple[BaseGeometry, ...], cells: frozenset[tuple[str, Cell]],
                 size: float | None = None, bounds: tuple[float, float, float, float] | None = None):
        self.parts = tuple(parts)
        self.cells = frozenset(cells)
        self.size = float(sum(p.area for p in self.parts)) if size is None else size
        self._area: BaseGeometry | None = self.parts[0] if len(self.parts) == 1 else None
        self._bounds = bounds

    @property
    def area(self) -> BaseGeometry:
        if self._area is None:
            # glued along the board edges: the parts of one board never
            # overlap, those of two boards meet along their shared edge
            self._area = shapely.union_all(np.array(self.parts, dtype=object))
        return self._area

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        if self._bounds is None:
            b = shapely.bounds(np.array(self.parts, dtype=object))
            self._bounds = (float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max()))
        return self._bounds


class ReachError(PhrasedError, ValueError):
    """A base diameter that is not a positive number."""


def _check_base(base_mm: float) -> float:
    try:
        d = float(base_mm)
    except (TypeError, ValueError):
        raise ReachError(Phrase("base diameter must be a number, not {base!r}", base=base_mm)) from None
    if not math.isfinite(d) or d <= 0:
        raise ReachError(Phrase("base diameter must be a positive number of mm, not {base!r}", base=base_mm))
    return d


@memo.cached(512)
def _grown(board: BoardPieces, r: float) -> BaseGeometry:
    """What a base centre must keep r away from on one board: the pieces,
    and every hatchway's opening (closed it blocks, open a move may not end
    in it): the same for every hatchway view."""
    geom = board.solid_and_doors
    if geom.is_empty:
        return Polygon()
    return shapely.buffer(geom, r, quad_segs=BUFFER_QUAD_SEGS)


def _passages(doors: Sequence[BaseGeometry], r: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The passages through open doors (see the module's notes): each door,
    a thin rectangle across its wall, stretched r (plus a hair) out of both
    faces. Returns the door bounds, the axis a move through each runs along
    (0: x, 1: y; the door is thin that way) and the passages' bounds and
    polygons (built all at once: this is on the live re-analysis path)."""
    db = shapely.bounds(np.array(doors, dtype=object)).reshape(-1, 4)
    axes = np.where(db[:, 2] - db[:, 0] < db[:, 3] - db[:, 1], 0, 1)
    reach = r + PASSAGE_SLACK_MM
    pb = db.copy()
    for axis in (0, 1):
        k = axes == axis
        pb[k, axis] -= reach
        pb[k, axis + 2] += reach
    return db, axes, pb, shapely.box(pb[:, 0], pb[:, 1], pb[:, 2], pb[:, 3])


def _door_bounds(board: BoardPieces) -> np.ndarray:
    """The board's doors' boxes (rows x0, y0, x1, y1): those BoardPieces
    keeps (each door's shapely bounds), or asked of the doors."""
    if len(board.door_bounds) == len(board.doors):
        return np.asarray(board.door_bounds, dtype=float).reshape(-1, 4)
    return (shapely.bounds(np.array(board.doors, dtype=object)).reshape(-1, 4) if board.doors
            else np.zeros((0, 4)))


# the passages of the last few sets of doors (by their boxes and the base):
# an edit that moves no door keeps them
_passages_memo: memo.Memo = memo.Memo("reach.passages", 8)


def _passages_of(pieces: Sequence[BoardPieces], r: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """_passages of every door of these boards, remembered by the doors'
    boxes (a passage is made of its door's box alone)."""
    db = np.concatenate([_door_bounds(bp) for bp in pieces]) if pieces else np.zeros((0, 4))
    key = (db.tobytes(), r)
    got: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = _passages_memo.get(key)
    if got is None:
        got = _passages_memo.put(key, _passages([door for bp in pieces for door in bp.doors], r))
    return got


def _bridge(a: np.ndarray, b: np.ndarray, axis: int) -> Polygon | None:
    """The space a move through door a and on through door b (their bounds,
    both crossed along `axis`) crosses between them: across their common
    span along the walls, from the face of one door to the face of the
    other. None when their spans along the walls do not overlap; empty when
    the doors meet or overlap across (nothing lies between them)."""
    along = 1 - axis
    lo = max(a[along], b[along])
    hi = min(a[along + 2], b[along + 2])
    if hi - lo <= TOUCH_MM:
        return None
    if a[axis + 2] <= b[axis]:
        c0, c1 = a[axis + 2], b[axis]
    elif b[axis + 2] <= a[axis]:
        c0, c1 = b[axis + 2], a[axis]
    else:
        return Polygon()
    # a hair inside the common span: its ends lie on the doors' jambs
    lo, hi = lo + TOUCH_MM, hi - TOUCH_MM
    return box(c0, lo, c1, hi) if axis == 0 else box(lo, c0, hi, c1)


def _chained(mission: Mission, hatches: str, db: np.ndarray, axes: np.ndarray,
             pb: np.ndarray) -> list[tuple[int, int]]:
    """Pairs of open passages (door bounds db, crossing axes, passage bounds
    pb) a move goes through one after the other without ending between them:
    parallel, overlapping, and with free space between their doors (see the
    module's notes)."""
    i, j = _overlapping(axes, pb)
    return _chain(mission, hatches, db, axes, i, j)


_overlaps: memo.Memo = memo.Memo("reach.overlapping_passages", 16)


def _overlapping(axes: np.ndarray, pb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pairs (i < j) of passages that run parallel and overlap: remembered
    by their boxes (the doors rarely move; every view and edit asks)."""
    if len(pb) < 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    key = (axes.tobytes(), pb.tobytes())
    got: tuple[np.ndarray, np.ndarray] | None = _overlaps.get(key)
    if got is None:
        i, j = np.triu_indices(len(pb), k=1)
        over = ((axes[i] == axes[j])
                & (np.minimum(pb[i, 2], pb[j, 2]) - np.maximum(pb[i, 0], pb[j, 0]) > TOUCH_MM)
                & (np.minimum(pb[i, 3], pb[j, 3]) - np.maximum(pb[i, 1], pb[j, 1]) > TOUCH_MM))
        got = _overlaps.put(key, (i[over], j[over]))
    return got


def _chain(mission: Mission, hatches: str, db: np.ndarray, axes: np.ndarray, i: np.ndarray,
           j: np.ndarray) -> list[tuple[int, int]]:
    """Of the pairs (i, j) of parallel overlapping passages, those with free
    space between their doors in this view."""
    out = []
    bf = None
    for a, b in zip(i.tolist(), j.tolist()):
        bridge = _bridge(db[a], db[b], int(axes[a]))
        if bridge is None:
            continue
        if not bridge.is_empty:
            if bf is None:
                bf = battlefield(mission, hatches)
            if not _clear(bf, bridge):
                continue
        out.append((a, b))
    return out


def _clear(bf: Battlefield, bridge: Polygon) -> bool:
    """Nothing that blocks in this hatchway view (a piece, a closed door, the
    table between boards laid apart) lies inside the bridge, and it is on
    the battlefield."""
    if not bf.rectilinear:
        return _clear_of_pieces(bf, bridge)
    x0, y0, x1, y1 = bridge.bounds
    ax0, ay0, ax1, ay1 = bf.area.bounds
    if x0 < ax0 or y0 < ay0 or x1 > ax1 or y1 > ay1:
        return False
    r = bf.vrects  # the blocking set, off the boards inside their box included
    inside = ((np.minimum(r[:, 2], x1) - np.maximum(r[:, 0], x0) > TOUCH_MM)
              & (np.minimum(r[:, 3], y1) - np.maximum(r[:, 1], y0) > TOUCH_MM))
    return not inside.any()


def _clear_of_pieces(bf: Battlefield, bridge: Polygon) -> bool:
    """_clear on any table: the bridge is on the boards and the inside of
    no blocking part (each piece's, each closed door: their union is never
    made) meets its inside. The same as the free space (the boards less
    their union) covering it, without that polygon."""
    if not bf.prepared_area.covers(bridge):
        return False
    bx = bridge.bounds
    near: list[BaseGeometry] = []
    for bo in bf.boards:
        near += [g for g in (*bo.pieces.parts, *bo.closed_doors) if boxes_meet(g.bounds, bx)]
    if not near:
        return True
    return not bool(shapely.relate_pattern(np.array(near, dtype=object), bridge, "T********").any())


@memo.cached(64)
def _eroded(area: BaseGeometry, r: float) -> BaseGeometry:
    # Round joins: at an inner corner of the table a base need only keep r
    # from the corner point; outer corners come out square whatever the join
    # (see the module's notes).
    return area.buffer(-r, join_style="round", quad_segs=BUFFER_QUAD_SEGS)


@memo.cached(64)
def _cells_index(boards: tuple[Board, ...]) -> tuple[list[tuple[str, Cell]], np.ndarray, shapely.STRtree]:
    cat = default_catalogue()
    keys: list[tuple[str, Cell]] = []
    corners: list[np.ndarray] = []
    for board in boards:
        pl = Placement.of(board, cat)
        cs = pl.cells()
        if not cs:
            continue
        # the corners of every zone from the board's nodes, each node
        # placed once (the same points as cell_corners_table), and the
        # zones made in one shapely call
        zx = max(i for i, _ in cs) + 2
        zy = max(j for _, j in cs) + 2
        nodes = np.array([pl.node_table((i, j)) for j in range(zy) for i in range(zx)], dtype=float)
        ij = np.array(cs, dtype=np.int64)
        i, j = ij[:, 0], ij[:, 1]
        corners.append(nodes[np.stack([j * zx + i, j * zx + i + 1, (j + 1) * zx + i + 1, (j + 1) * zx + i],
                                      axis=1)])
        keys += [(board.id, c) for c in cs]
    cell_polys = (np.asarray(shapely.polygons(np.concatenate(corners)), dtype=object) if corners
                  else np.zeros(0, dtype=object))
    return keys, cell_polys, shapely.STRtree(cell_polys)


@memo.cached(64)
def _floors(boards: tuple[Board, ...], keep: float) -> tuple[BaseGeometry, ...]:
    """Where a base may stand on each board before any piece: the table
    shrunk by `keep` (the base stays on the boards) cut into each board's
    share. A board's share is its rectangle less the boards before it, so
    that boards laid overlapping (a finding of the checks) share nothing."""
    cat = default_catalogue()
    eroded = _eroded(table_area(boards), keep)
    out: list[BaseGeometry] = []
    before: list[Polygon] = []
    for board in boards:
        share: BaseGeometry = box(*Placement.of(board, cat).bounds)
        for other in before:
            if share.intersects(other):
                share = share.difference(other)
        before.append(box(*Placement.of(board, cat).bounds))
        out.append(eroded.intersection(share))
    return tuple(out)



# The standing area is kept per tile (see the module's notes): each board's
# rectangle cut on a grid of squares about this wide (8 x 7 on a board).
# Smaller tiles are less GEOS work each but more Python bookkeeping per
# edit. With the pieces as rectangles (a tile unites and grows the
# rectangles within its reach), 88 mm redoes a pillar turned or a wall
# moved in half the time of 176 mm (CPU, 2 and 8 boards, 28 Nov); a first
# analysis works each board whole, and cuts no tiles.
TILE_MM = 88.0
# what of a blocking part lies within a base's reach of a tile, grown: by
# the part's value, the distance and the tile's window (a board not
# rectilinear only: a rectilinear one's tiles grow their rectangles)
_window_grown: memo.Memo = memo.Memo("reach.window_grown", 4096)


def _grid(bounds: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]]:
    """A board's rectangle cut into squares about TILE_MM wide, column by
    column."""
    x0, y0, x1, y1 = bounds
    nx = max(1, round((x1 - x0) / TILE_MM))
    ny = max(1, round((y1 - y0) / TILE_MM))
    xs = [x0 + (x1 - x0) * k / nx for k in range(nx)] + [x1]
    ys = [y0 + (y1 - y0) * k / ny for k in range(ny)] + [y1]
    return [(xs[a], ys[b], xs[a + 1], ys[b + 1]) for a in range(nx) for b in range(ny)]


@dataclass(eq=False)
class _Blocks:
    """What one board's pieces keep a base centre from, part by part.

    On a rectilinear board (the usual one) the parts are rectangles: every
    rectangle of the board's always-blocking parts (BoardPieces.rects, which
    overlap as the pieces do) and every hatchway's door (open or closed: no
    move ends in one), as rows x0, y0, x1, y1 (`raw` a float array), keyed
    by their bytes. The board's union (BoardPieces.solid) is never made on
    an edit: a tile unites only the rectangles that reach it (_tile).
    Otherwise each part of the solid (walls and pillars that touch are one
    part) and every door, as polygons (`raw` an object array), keyed by
    their WKB (a part an edit left alone is the same polygon, vertex for
    vertex, GEOS's disjoint-subset union uniting each group alone). With
    the boxes they reach grown by the base, and what of them reaches other
    boards (remembered per rectangle)."""
    raw: np.ndarray
    bounds: np.ndarray
    keys: list[bytes]
    keep: float
    spills: dict[tuple[float, float, float, float], tuple[np.ndarray, tuple[bytes, ...]]] = field(default_factory=dict)

    @property
    def rectangles(self) -> bool:
        return _is_rects(self.raw)

    def spill(self, rect: tuple[float, float, float, float]) -> tuple[np.ndarray, tuple[bytes, ...]]:
        """The parts whose grown box meets rect (another board's floor):
        their indices and keys."""
        got = self.spills.get(rect)
        if got is None:
            b = self.bounds
            on = np.flatnonzero((np.minimum(b[:, 2], rect[2]) >= np.maximum(b[:, 0], rect[0]))
                                & (np.minimum(b[:, 3], rect[3]) >= np.maximum(b[:, 1], rect[1])))
            got = self.spills[rect] = (on, tuple(self.keys[k] for k in on.tolist()))
        return got


def _is_rects(raw: np.ndarray) -> bool:
    """Blocking parts given as rectangles (rows x0, y0, x1, y1), not polygons."""
    return raw.dtype != object


def _shapes(raw: np.ndarray) -> np.ndarray:
    """Blocking parts as polygons (rectangles made boxes)."""
    if not _is_rects(raw):
        return raw
    return np.asarray(shapely.box(raw[:, 0], raw[:, 1], raw[:, 2], raw[:, 3]), dtype=object).reshape(-1)


# (64 versions of boards: every edit of a board adds a version of it, and
# the bound is the memory a long session keeps; benchmarks/README.md, seventh round)
@memo.cached(64)
def _blocks(board: BoardPieces, keep: float) -> _Blocks:
    """The board's blocking parts (_Blocks), their reach `keep`."""
    if board.rects is not None and board.doors_rectilinear:
        # rectangles: the pieces' and the doors' (a rectilinear door is its
        # box), those with an area (as in the union), each once
        doors = _door_bounds(board)
        r = np.ascontiguousarray(np.concatenate([np.asarray(board.rects, dtype=float).reshape(-1, 4), doors]))
        r = r[(r[:, 2] > r[:, 0]) & (r[:, 3] > r[:, 1])]
        raw_keys = r.view(np.dtype((np.void, 32))).reshape(-1).tolist()
        raw, keys = r, raw_keys
        if len(dict.fromkeys(raw_keys)) < len(raw_keys):
            # a rectangle twice (two pieces alike, a door on a wall's end):
            # kept where it first comes
            seen: dict[bytes, int] = {}
            for n, k in enumerate(raw_keys):
                seen.setdefault(k, n)
            first = sorted(seen.values())
            raw = r[first]
            keys = [raw_keys[n] for n in first]
        return _Blocks(raw=raw, bounds=raw + np.array([-keep, -keep, keep, keep]), keys=keys, keep=keep)
    items: list[Polygon] = [*_polygons(board.solid), *board.doors]
    arr = np.array(items, dtype=object)
    pkeys: list[bytes] = list(shapely.to_wkb(arr)) if len(arr) else []
    gb = shapely.bounds(arr).reshape(-1, 4) if len(arr) else np.zeros((0, 4))
    gb = gb + np.array([-keep, -keep, keep, keep])
    return _Blocks(raw=arr, bounds=gb, keys=pkeys, keep=keep)


@dataclass(eq=False)
class _Tiling:
    """The shrunk table cut into tiles: each board's floor (_floors) on the
    board's grid. The tiles' boxes, the floor on each, the tiles of each
    board (a range), and the pairs of tiles whose boxes meet, on one board
    and across boards (their parts may touch across the edge or at the
    corner: boards laid apart never do, their floors keep r from the gap)."""
    boxes: np.ndarray              # (n, 4)
    floor: list[BaseGeometry | None]   # None: not clipped yet (see share)
    start: list[int]               # board i's tiles are start[i]:start[i + 1]
    across: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]  # boards (i, j), i < j: tile pairs (local)
    owner: list[int]               # each tile's board
    floors: tuple[BaseGeometry, ...]
    # each board's floor's box, as shapely gives it (asked by every edit:
    # a shapely bounds call costs more than the look-up)
    _floor_bounds: list[tuple[float, float, float, float]] | None = None

    def floor_bounds(self, b: int) -> tuple[float, float, float, float]:
        if self._floor_bounds is None:
            self._floor_bounds = [f.bounds for f in self.floors]
        return self._floor_bounds[b]
    # per board: its tile pairs (board-local indices), found when the board
    # is first cut on its tiles (a first analysis needs none)
    _inner: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    def inner(self, b: int) -> tuple[np.ndarray, np.ndarray]:
        """The pairs of board b's tiles whose boxes meet (i < j, in the
        order of np.triu_indices)."""
        got = self._inner.get(b)
        if got is None:
            tb = self.boxes[self.start[b]:self.start[b + 1]]
            ti, tj = np.triu_indices(len(tb), k=1)
            hit = _boxes_meeting(tb, tb)[ti, tj] if len(tb) else np.zeros(0, dtype=bool)
            got = self._inner[b] = (ti[hit].astype(np.int64), tj[hit].astype(np.int64))
        return got

    def share(self, t: int) -> BaseGeometry:
        """Tile t's share of its board's floor: clipped the first time an
        edit asks (a first analysis works each board whole, and needs none)."""
        got = self.floor[t]
        if got is None:
            floor = self.floors[self.owner[t]]
            got = shapely.clip_by_rect(floor, *self.boxes[t].tolist())
            if not got.is_empty and not got.is_valid:
                # (GEOS's rectangle clip does not promise a valid answer)
                got = floor.intersection(box(*self.boxes[t].tolist()))
            self.floor[t] = got
        return got


@memo.cached(64)
def _tiling(boards: tuple[Board, ...], keep: float) -> _Tiling:
    cat = default_catalogue()
    floors = _floors(boards, keep)
    boxes: list[tuple[float, float, float, float]] = []
    shares: list[BaseGeometry | None] = []
    start = [0]
    owner: list[int] = []
    for i, board in enumerate(boards):
        floor = floors[i]
        if not floor.is_empty:
            fb = floor.bounds
            grid = [t for t in _grid(Placement.of(board, cat).bounds) if boxes_meet(fb, t)]
            fx0, fy0, fx1, fy1 = fb
            if (grid and isinstance(floor, Polygon) and not floor.interiors
                    and shapely.get_num_coordinates(floor) == 5 and floor.area == (fx1 - fx0) * (fy1 - fy0)):
                # a rectangular floor (the usual board): a tile has a share
                # of it if their boxes overlap with some area; the share is
                # clipped when an edit first needs it (`_Tiling.share`)
                for t in grid:
                    if min(t[2], fx1) - max(t[0], fx0) > 0 and min(t[3], fy1) - max(t[1], fy0) > 0:
                        boxes.append(t)
                        shares.append(None)
                        owner.append(i)
            elif grid:
                # the floor's share of every tile in one call (clip_by_rect's
                # ufunc, see _cold_tiles)
                g = np.array(grid, dtype=float).reshape(-1, 4)
                cut = shapely.lib.clip_by_rect(floor, g[:, 0], g[:, 1], g[:, 2], g[:, 3])
                for t, share in zip(grid, cut.tolist()):
                    if not share.is_empty and not share.is_valid:
                        # (GEOS's rectangle clip does not promise a valid answer)
                        share = floor.intersection(box(*t))
                    if share.is_empty or share.area <= 0:
                        continue
                    boxes.append(t)
                    shares.append(share)
                    owner.append(i)
        start.append(len(boxes))
    arr = np.array(boxes, dtype=float).reshape(-1, 4)
    # the pairs board by board (a board's own when it is first cut, each
    # pair of boards whose tiles' extents meet), never every pair of the
    # table's tiles at once (8 boards are 448 tiles: 100,000 pairs); in the
    # order of np.triu_indices over all the tiles
    pad = 2 * TOUCH_MM
    extent = []
    for b in range(len(boards)):
        tb = arr[start[b]:start[b + 1]]
        extent.append((tb[:, 0].min(), tb[:, 1].min(), tb[:, 2].max(), tb[:, 3].max()) if len(tb) else None)
    across: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
    for ba in range(len(boards)):
        for bb in range(ba + 1, len(boards)):
            ea, eb = extent[ba], extent[bb]
            if (ea is None or eb is None or min(ea[2], eb[2]) - max(ea[0], eb[0]) < -pad
                    or min(ea[3], eb[3]) - max(ea[1], eb[1]) < -pad):
                continue
            x, y = np.nonzero(_boxes_meeting(arr[start[ba]:start[ba + 1]], arr[start[bb]:start[bb + 1]]))
            if len(x):
                across[(ba, bb)] = (x.astype(np.int64), y.astype(np.int64))
    return _Tiling(boxes=arr, floor=shares, start=start, across=across, owner=owner, floors=floors)


def _boxes_meeting(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Which boxes of a meet which of b (touching, within 2 TOUCH_MM,
    counts), as a matrix."""
    pad = 2 * TOUCH_MM
    m: np.ndarray = ((np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0]) >= -pad)
                     & (np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1]) >= -pad))
    return m


@dataclass(eq=False)
class _Tile:
    """Where a base can stand on one tile: its separate parts, which of
    them touch, the zones each reaches into, their areas and boxes. (The
    glue's dictionary made when first asked: 8 boards are 448 tiles.)"""
    arr: np.ndarray                       # the parts, as an object array
    touching: np.ndarray                  # (k, 2) pairs of this tile's parts that touch
    cells: list[frozenset[tuple[str, Cell]]]
    areas: np.ndarray
    bounds: np.ndarray
    # another tile -> the pairs (part here, part there) that touch; weakly:
    # an entry goes with the tile, which the registered memo holds
    _glued: weakref.WeakKeyDictionary[_Tile, tuple[np.ndarray, np.ndarray]] | None = None
    # the rectangles it was made of (_clipped; a rectilinear table's tiles
    # an edit made), None otherwise (cut from a board worked out whole,
    # polygons): an edit that leaves them as they were keeps the tile
    rects: np.ndarray | None = None

    @property
    def glued(self) -> weakref.WeakKeyDictionary[_Tile, tuple[np.ndarray, np.ndarray]]:
        if self._glued is None:
            self._glued = weakref.WeakKeyDictionary()
        return self._glued


# the tiles of the last few layouts: 8 boards are 448 tiles, an edit
# replaces a few
_tiles: memo.Memo = memo.Memo("reach.tiles", 2048)
_NO_PAIRS = np.zeros((0, 2), dtype=np.int64)


def _tile(boards: tuple[Board, ...], keep: float, tiling: _Tiling, t: int, cut: np.ndarray,
          ids: list[bytes]) -> _Tile:
    """Tile t's standing area: its floor less the grown pieces that reach
    it (`cut`, of every board: a wall on the edge of the next board keeps a
    base away across the edge). Cached by the tile and the values of those
    pieces, so an edit redoes the tiles its pieces reach."""
    key = (tiling, t, frozenset(ids))
    got: _Tile | None = _tiles.get(key)
    if got is not None:
        return got
    got = _tile_of(boards, _tile_area(keep, tiling, t, cut, ids))
    _tiles.put(key, got)
    return got


def _tiles_made(boards: tuple[Board, ...], keep: float, tiling: _Tiling, ts: list[int],
                cuts: list[np.ndarray], idss: list[list[bytes]],
                clips: list[np.ndarray] | None = None) -> list[_Tile]:
    """_tile for several tiles (an edit's): those not remembered made
    together, their parts, glue and zones in one go (_tiles_of). `clips`:
    each tile's rectangles already clipped (_clipped), on a rectilinear
    table."""
    keys = [(tiling, t, frozenset(ids)) for t, ids in zip(ts, idss)]
    out: list[_Tile | None] = [_tiles.get(k) for k in keys]
    todo = [n for n, got in enumerate(out) if got is None]
    if todo:
        made = _tiles_of(boards, [_tile_area(keep, tiling, ts[n], cuts[n], idss[n],
                                             None if clips is None else clips[n]) for n in todo])
        for n, tl in zip(todo, made):
            if clips is not None:
                tl.rects = clips[n]
            out[n] = _tiles.put(keys[n], tl)
    return [tl for tl in out if tl is not None]


def _clipped(keep: float, tbox: np.ndarray, cut: np.ndarray) -> np.ndarray:
    """The rectangles `cut` within the base's reach of the tile with box
    tbox (and a hair more), clipped to that window (still rectangles, in
    numpy) and made fewer (_merged): what the tile unites and grows."""
    x0, y0, x1, y1 = tbox.tolist()
    pad = keep + 1.0
    wx0, wy0, wx1, wy1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    # in Python: a tile reaches a few rectangles (~5), where each numpy
    # call costs more than the arithmetic (the same values as numpy's
    # maximum and minimum)
    rows = []
    for a0, a1, a2, a3 in cut.tolist():
        c0, c1 = (a0 if a0 > wx0 else wx0), (a1 if a1 > wy0 else wy0)
        c2, c3 = (a2 if a2 < wx1 else wx1), (a3 if a3 < wy1 else wy1)
        if c2 > c0 and c3 > c1:
            rows.append([c0, c1, c2, c3])
    if len(rows) > 1:
        rows = _merged_rows(rows)
    return np.array(rows, dtype=float).reshape(-1, 4)


def _tile_area(keep: float, tiling: _Tiling, t: int, cut: np.ndarray, ids: list[bytes],
               clip: np.ndarray | None = None) -> BaseGeometry:
    """Tile t's standing area (_tile), as a geometry (`clip`: _clipped of
    cut, when already made)."""
    standing = tiling.share(t)
    if len(cut) and _is_rects(cut):
        # rectangles (a rectilinear table): those within the base's reach of
        # the tile (and a hair more) clipped to that window, united and
        # grown once: inside the tile the same as the pieces grown whole,
        # and one small union of boxes rather than one of rounded shapes
        c = _clipped(keep, tiling.boxes[t], cut) if clip is None else clip
        if len(c) and not standing.is_empty:
            boxes = shapely.box(c[:, 0], c[:, 1], c[:, 2], c[:, 3])
            united = shapely.union_all(boxes) if len(c) > 1 else boxes[0]
            standing = standing.difference(shapely.buffer(united, keep, quad_segs=BUFFER_QUAD_SEGS))
    elif len(cut):
        x0, y0, x1, y1 = tiling.boxes[t]
        # each piece's part within the base's reach of the tile (and a hair
        # more), grown: inside the tile the same as the piece grown whole (a
        # point of the tile within reach of the piece is within reach of its
        # part in that window), and small; remembered by the piece's value
        # and the tile, so the pieces round an edit are grown once
        pad = keep + 1.0
        window = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        near: list[BaseGeometry] = []
        for piece, k in zip(cut, ids):
            g = _window_grown.get((k, keep, window))
            if g is None:
                part = shapely.clip_by_rect(piece, *window)
                if not part.is_empty and not part.is_valid:
                    # (GEOS's rectangle clip does not promise a valid answer)
                    part = piece.intersection(box(*window))
                g = _window_grown.put((k, keep, window), shapely.buffer(part, keep, quad_segs=BUFFER_QUAD_SEGS)
                                      if not part.is_empty else part)
            if not g.is_empty:
                near.append(g)
        if near:
            standing = standing.difference(shapely.union_all(near) if len(near) > 1 else near[0])
    return standing


def _merged(c: np.ndarray) -> np.ndarray:
    """Rectangles (rows x0, y0, x1, y1) with the same union, fewer: one
    inside another dropped, two sharing a whole side (the same span on the
    same two lines, overlapping or touching) made one; until none is left
    to merge. Every rectangle made is exactly the union of the two it
    replaces (no coordinate is computed, only picked), so the union is the
    same set; a tile's clipped rectangles (~6 on the dense layouts) become
    ~3, and GEOS's union of them, the most of a redone tile's work, costs
    less (a redone tile 0.25 -> 0.19 ms). A few microseconds in Python:
    tens of rectangles at most."""
    if len(c) < 2:
        return c
    r = _merged_rows(c.tolist())
    return c if len(r) == len(c) else np.array(r, dtype=float).reshape(-1, 4)


def _merged_rows(r: list[list[float]]) -> list[list[float]]:
    """_merged on rows as lists (changed in place, and returned)."""
    i = 0
    while i < len(r):
        a0, a1, a2, a3 = r[i]
        j = i + 1
        while j < len(r):
            b0, b1, b2, b3 = r[j]
            if b0 >= a0 and b1 >= a1 and b2 <= a2 and b3 <= a3:
                del r[j]                      # b inside a
                continue
            if ((a0 >= b0 and a1 >= b1 and a2 <= b2 and a3 <= b3)
                    or (a1 == b1 and a3 == b3 and b0 <= a2 and a0 <= b2)
                    or (a0 == b0 and a2 == b2 and b1 <= a3 and a1 <= b3)):
                # a inside b, or a whole side shared: a becomes their union,
                # and is tried again against every other
                del r[j]
                r[i] = [min(a0, b0), min(a1, b1), max(a2, b2), max(a3, b3)]
                i = -1
                break
            j += 1
        i += 1
    return r


def _tile_of(boards: tuple[Board, ...], standing: BaseGeometry) -> _Tile:
    """A tile's parts, which touch, the zones each reaches into."""
    return _tiles_of(boards, [standing])[0]


def _tiles_of(boards: tuple[Board, ...], areas: Sequence[BaseGeometry]) -> list[_Tile]:
    """Tiles' parts, which of a tile's touch, the zones each reaches into:
    for many tiles at once (a first analysis cuts a board's tiles in one
    go), the shapely calls made once for all of them."""
    polys = [_polygons(a) for a in areas]
    count = np.array([len(p) for p in polys], dtype=np.int64)
    start = np.concatenate([[0], np.cumsum(count)])
    arr = np.array([p for ps in polys for p in ps], dtype=object)
    n = len(arr)
    cells: list[set[tuple[str, Cell]]] = [set() for _ in range(n)]
    # standing areas that touch (a base squeezing exactly between two
    # pieces touches both, which is allowed) are one region
    # every pair (a, b), a < b, of parts of one tile, tile after tile (as
    # np.triu_indices per tile, without a call per tile): each part against
    # the parts after it on its tile
    tile_of = np.repeat(np.arange(len(areas)), count)
    later = start[1:][tile_of] - np.arange(n) - 1 if n else _NO_INDEX
    if later.sum() > 0:
        ia = np.repeat(np.arange(n), later)
        ib = ia + 1 + (np.arange(len(ia)) - np.repeat(np.cumsum(later) - later, later))
        hit = shapely.intersects(arr[ia], arr[ib])
        ia, ib = ia[hit], ib[hit]
    else:
        ia = ib = _NO_INDEX
    if n:
        cell_keys, cell_polys, cell_tree = _cells_index(boards)
        s_idx, c_idx = cell_tree.query(arr, predicate="intersects")
        # only zones the area reaches into, not ones it merely touches: of
        # two that meet, their insides meet unless they only touch (DE-9IM
        # T********, in a cheaper predicate than the general relate)
        inside = ~shapely.touches(arr[s_idx], cell_polys[c_idx])
        for si, ci in zip(s_idx[inside].tolist(), c_idx[inside].tolist()):
            cells[si].add(cell_keys[ci])
    area = shapely.area(arr) if n else np.zeros(0)
    bounds = shapely.bounds(arr).reshape(-1, 4) if n else np.zeros((0, 4))
    # the touching pairs come tile after tile: each tile's is a slice
    cut = np.searchsorted(ia, start) if len(ia) else np.zeros(len(start), dtype=np.int64)
    out = []
    for t in range(len(areas)):
        s0, s1 = int(start[t]), int(start[t + 1])
        c0, c1 = int(cut[t]), int(cut[t + 1])
        touching = (np.column_stack([ia[c0:c1] - s0, ib[c0:c1] - s0]).astype(np.int64) if c1 > c0
                    else _NO_PAIRS)
        out.append(_Tile(arr=arr[s0:s1], touching=touching, cells=[frozenset(c) for c in cells[s0:s1]],
                         areas=area[s0:s1], bounds=bounds[s0:s1]))
    return out


def _glue(a: _Tile, b: _Tile) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of parts of two neighbouring tiles that touch (across the
    edge between them, or at a corner): remembered on the pair."""
    got = a.glued.get(b)
    if got is None:
        i = np.repeat(np.arange(len(a.arr)), len(b.arr))
        j = np.tile(np.arange(len(b.arr)), len(a.arr))
        hit = shapely.intersects(a.arr[i], b.arr[j])
        got = a.glued[b] = (i[hit], j[hit])
    return got


def _glue_all(pairs: list[tuple[_Tile, _Tile]]) -> None:
    """_glue for many pairs of tiles in one shapely call (a first analysis
    glues every pair across the board edges)."""
    na = np.array([len(a.arr) for a, _ in pairs], dtype=np.int64)
    nb = np.array([len(b.arr) for _, b in pairs], dtype=np.int64)
    tot = na * nb
    pair = np.repeat(np.arange(len(pairs)), tot)
    r = np.arange(int(tot.sum())) - np.repeat(np.cumsum(tot) - tot, tot)
    per = np.repeat(nb, tot)
    li, lj = r // per, r % per
    xa = np.concatenate([a.arr for a, _ in pairs])
    xb = np.concatenate([b.arr for _, b in pairs])
    sa = np.cumsum(na) - na
    sb = np.cumsum(nb) - nb
    hit = shapely.intersects(xa[li + sa[pair]], xb[lj + sb[pair]])
    cut = np.searchsorted(pair, np.arange(len(pairs) + 1))
    for k, (a, b) in enumerate(pairs):
        c0, c1 = int(cut[k]), int(cut[k + 1])
        h = hit[c0:c1]
        a.glued[b] = (li[c0:c1][h], lj[c0:c1][h])


def _components(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Connected components of n nodes joined by the edges (i, j): the
    component of each node, numbered in the order of their first node. A
    plain union-find: the graphs are small (a board's parts, a table's
    components and passages), where scipy's sparse graphs cost more to
    build than to search."""
    if not len(i):
        return np.arange(n, dtype=np.int64)
    parent = list(range(n))
    for a, b in zip(i.tolist(), j.tolist()):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a < b:
            parent[b] = a
        elif b < a:
            parent[a] = b
    for k in range(n):  # roots are their components' first nodes
        parent[k] = parent[parent[k]]
    # numbered in the order of their roots (as np.unique's inverse, without
    # its sort)
    root = np.array(parent, dtype=np.int64)
    number = np.cumsum(root == np.arange(n, dtype=np.int64)) - 1
    return np.asarray(number[root], dtype=np.int64)


@dataclass(eq=False)
class _BoardStanding:
    """Where a base can stand on one board's share of the table: its tiles,
    their parts (`arr`, tile after tile from `start`), the component of each
    part (parts that touch, on a tile or across a tile edge of this board,
    are one), and per component the zones it reaches into, its area, its
    box and its parts. With what it was made of (the grown pieces' keys,
    which reach which tile, the parts glued across tile edges), so that the
    next edit's board starts from it."""
    tiles: list[_Tile]
    start: np.ndarray
    arr: np.ndarray
    comp: np.ndarray
    comp_cells: list[frozenset[tuple[str, Cell]]]
    comp_area: np.ndarray
    comp_bounds: np.ndarray
    comp_parts: list[np.ndarray]
    keys: list[bytes]
    raw: np.ndarray
    part_bounds: np.ndarray                           # each part's box (as arr)
    glue: tuple[np.ndarray, np.ndarray, np.ndarray]   # (tile pair, part there, part here)
    areas: np.ndarray                                 # each part's area (as arr)
    part_cells: list[frozenset[tuple[str, Cell]]]     # the zones each part reaches into
    touch: tuple[np.ndarray, np.ndarray]              # the pairs of parts touching on a tile
    members: list[np.ndarray]                         # each component's parts
    order: np.ndarray                                 # the parts component after component
    firsts: np.ndarray                                # where each component starts in order
    # not cut on tiles yet (a first analysis): the board's standing area
    # worked out whole, `tiles` its one piece (all of `arr`), `glue` empty;
    # cut on the tiles when the board is first edited (_cut)
    whole: BaseGeometry | None = None
    # another board's standing area -> the pairs (component here, component
    # there) that touch across the edge; weakly, as the tiles' glue
    glued: weakref.WeakKeyDictionary[_BoardStanding, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=weakref.WeakKeyDictionary)
    _extent: tuple[float, float, float, float] | None = None
    _alone: list[ReachRegion | None] | None = None
    # the passages last asked (their boxes) -> which of them meet which
    # component; a hatchway opened or closed asks the same again
    _met: tuple[bytes, tuple[np.ndarray, np.ndarray]] | None = None   # (passage, part) pairs
    # made from the board's standing area before an edit that left its
    # graph as it was (_regraded): that one (weakly) and the tiles redone;
    # its glue with a neighbour holds where no redone tile is on the edge
    _kin: tuple[weakref.ref[_BoardStanding], frozenset[int]] | None = None
    # made from the board before an edit: that one's pairs of passages and
    # parts met (if it had them), where its tiles' parts started, and the
    # tiles the edit redid (met starts from them, once)
    _seed: tuple[tuple[bytes, tuple[np.ndarray, np.ndarray]], np.ndarray, np.ndarray] | None = None

    def alone(self, c: int) -> ReachRegion:
        """The region of component c alone."""
        if self._alone is None:
            self._alone = [None] * len(self.comp_cells)
        got = self._alone[c]
        if got is None:
            b = self.comp_bounds[c]
            got = self._alone[c] = ReachRegion(
                parts=tuple(self.comp_parts[c]), cells=self.comp_cells[c], size=float(self.comp_area[c]),
                bounds=(float(b[0]), float(b[1]), float(b[2]), float(b[3])))
        return got

    def met(self, pb: np.ndarray, passages: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Which passages (their boxes pb and polygons) meet which of this
        board's components: pairs (passage, component)."""
        if not len(self.arr) or not len(pb):
            return _NO_INDEX, _NO_INDEX
        if self._extent is None:
            self._extent = _box_of(self.comp_bounds)
        x0, y0, x1, y1 = self._extent
        near = np.flatnonzero((np.minimum(pb[:, 2], x1) >= np.maximum(pb[:, 0], x0))
                              & (np.minimum(pb[:, 3], y1) >= np.maximum(pb[:, 1], y0)))
        key = pb[near].tobytes()
        if self._met is None or self._met[0] != key:
            q = pb[near]
            seed, self._seed = self._seed, None
            if seed is not None and seed[0][0] == key:
                # made from the board before an edit, which the same
                # passages met: its pairs kept for the parts on the tiles
                # the edit left alone (the same parts, moved along by the
                # parts that came and went before them), the parts on the
                # redone tiles tried afresh. (The pairs' order differs:
                # _joined does not depend on it.)
                (_, (p0, s0)), ps, changed = seed
                tile = np.searchsorted(ps, s0, side="right") - 1
                keep = ~changed[tile]
                fresh = np.concatenate([np.arange(self.start[t], self.start[t + 1])
                                        for t in np.flatnonzero(changed).tolist()] + [_NO_INDEX])
                p_new, s_new = self._meeting(q, passages[near], fresh)
                p_idx = np.concatenate([p0[keep], p_new])
                s_idx = np.concatenate([s0[keep] + (self.start - ps)[tile[keep]], s_new])
            else:
                p_idx, s_idx = self._meeting(q, passages[near], None)
            self._met = (key, (p_idx, s_idx))
        p, s = self._met[1]
        return near[p], self.comp[s]

    def _meeting(self, q: np.ndarray, passages: np.ndarray, which: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        """The pairs (passage, part) that meet, of the passages (boxes q)
        and this board's parts (`which` of them, or all): the parts whose
        boxes meet a passage's (numpy: a board's standing area is new after
        each edit of it, and a tree of its parts cost more to build than
        this), then those that meet it."""
        b = self.part_bounds if which is None else self.part_bounds[which]
        p_idx, s_idx = np.nonzero((np.minimum(q[:, None, 2], b[None, :, 2]) >= np.maximum(q[:, None, 0], b[None, :, 0]))
                                  & (np.minimum(q[:, None, 3], b[None, :, 3])
                                     >= np.maximum(q[:, None, 1], b[None, :, 1])))
        if which is not None:
            s_idx = which[s_idx]
        if len(p_idx):
            hit = shapely.intersects(passages[p_idx], self.arr[s_idx])
            p_idx, s_idx = p_idx[hit], s_idx[hit]
        return p_idx, s_idx


# (64 versions of boards: every edit of a board adds a version of it, and
# the bound is the memory a long session keeps; benchmarks/README.md, seventh round)
_board_standing: memo.Memo = memo.Memo("reach.board_standing", 64)
# each board's standing area last made: the next one starts from it
_last_standing: memo.Memo = memo.Memo("reach.last_standing", 64)
_NO_INDEX = np.zeros(0, dtype=np.int64)
_ZERO = np.zeros(1, dtype=np.int64)


def _whole(boards: tuple[Board, ...], i: int, keep: float, pieces: tuple[BoardPieces, ...]) -> BaseGeometry:
    """Board i's standing area worked out whole (one buffer of its pieces,
    one overlay, as before the tiles: far less work than tile by tile): a
    first analysis keeps the board so, its parts as they come (see
    _BoardStanding.whole)."""
    floor = _floors(boards, keep)[i]
    whole = floor
    # the other boards' reach first (small), then this board's own
    rect = floor.bounds
    for j, other in enumerate(pieces):
        if j == i or floor.is_empty:
            continue
        g = _grown(other, keep)
        if g.is_empty or not boxes_meet(g.bounds, rect):
            continue
        clip = shapely.clip_by_rect(g, *rect)
        if not clip.is_empty and not clip.is_valid:
            # (GEOS's rectangle clip does not promise a valid answer)
            clip = g.intersection(box(*rect))
        if not clip.is_empty:
            whole = whole.difference(clip)
    g = _grown(pieces[i], keep)
    if not g.is_empty and not whole.is_empty:
        whole = whole.difference(g)
    return whole


def _cut(boards: tuple[Board, ...], whole: BaseGeometry, tb: np.ndarray) -> list[_Tile]:
    """A board's standing area worked out whole (_whole) cut on its tiles
    (boxes tb), when the board is first edited: the same area as the tiles
    made alone; the edit starts from these."""
    if not len(tb):
        return []
    # every tile's clip in one call: shapely.clip_by_rect takes one
    # rectangle only, its ufunc (the same GEOS call) broadcasts over many
    tb = np.asarray(tb, dtype=float).reshape(-1, 4)
    clips = list(shapely.lib.clip_by_rect(whole, tb[:, 0], tb[:, 1], tb[:, 2], tb[:, 3]))
    bad = ~shapely.is_empty(clips) & ~shapely.is_valid(clips)
    for t in np.flatnonzero(bad).tolist():
        # (GEOS's rectangle clip does not promise a valid answer)
        x0, y0, x1, y1 = tb[t]
        clips[t] = whole.intersection(box(x0, y0, x1, y1))
    return _tiles_of(boards, clips)


def _standing_on(boards: tuple[Board, ...], i: int, keep: float, blocks: list[_Blocks],
                 pieces: tuple[BoardPieces, ...], tiling: _Tiling) -> _BoardStanding:
    """Board i's standing area, tile by tile: its floor less what its own
    pieces and the pieces of the boards around it reach (a wall on the edge
    of the next board keeps a base away across the edge). Cached by this
    board's pieces and exactly which pieces of the others reach it; made
    from the one before it, redoing only the tiles a changed piece reaches
    (each tile is cached by value besides, so an undo finds its tiles)."""
    t0, t1 = tiling.start[i], tiling.start[i + 1]
    own = blocks[i]
    spilt = []
    ons = []
    if t1 > t0:
        rect = tiling.floor_bounds(i)
        for j, bl in enumerate(blocks):
            if j != i and len(bl.keys):
                on, ks = bl.spill(rect)
                if len(on):
                    ons.append((bl, on))
                    spilt.append(ks)
    key = (tiling, i, own, tuple(spilt))
    got: _BoardStanding | None = _board_standing.get(key)
    if got is not None:
        return got
    raw = [own.raw] + [bl.raw[on] for bl, on in ons]
    gb = [own.bounds] + [bl.bounds[on] for bl, on in ons]
    keys = list(own.keys)
    for ks in spilt:
        keys += ks
    # all rectangles, or (a board not rectilinear among them) all polygons
    rw = np.concatenate(raw) if all(_is_rects(x) for x in raw) else np.concatenate([_shapes(x) for x in raw])
    b = np.concatenate(gb)

    tb = tiling.boxes[t0:t1]
    nt = t1 - t0
    prev: _BoardStanding | None = _last_standing.get((tiling, i))
    whole: BaseGeometry | None = None
    if prev is not None:
        # the tiles a piece that came or went reaches (a piece kept keeps
        # its value, so its grown box and the tiles it reaches)
        was = dict(zip(prev.keys, range(len(prev.keys))))
        at = np.array(list(map(was.get, keys, itertools.repeat(-1, len(keys)))), dtype=np.int64)
        gone = np.ones(len(prev.keys), dtype=bool)
        gone[at[at >= 0]] = False
        came = at < 0
        changed = np.zeros(nt, dtype=bool)
        if came.any() or gone.any():
            # only where the parts that came and went lie, grown by the
            # base: elsewhere every tile is the same area. (As polygons,
            # where they differ: a pillar turned changes the part of the
            # wall it stands in, which reaches the tiles all round; the
            # change is the pillar's)
            if _is_rects(rw) and _is_rects(prev.raw):
                # rectangles: those that came and went, as they are (no
                # union; a rectangle kept by another piece is kept)
                db = np.concatenate([rw[came], prev.raw[gone]])
            else:
                new = shapely.union_all(_shapes(rw[came])) if came.any() else Polygon()
                old = shapely.union_all(_shapes(prev.raw[gone])) if gone.any() else Polygon()
                diff = shapely.symmetric_difference(new, old)
                # each place apart (a wall moved changes two)
                db = (shapely.bounds(shapely.get_parts(diff)).reshape(-1, 4) if not diff.is_empty
                      else np.zeros((0, 4)))
            if len(db):
                reach = keep + 1.0
                changed = ((np.minimum(tb[:, None, 2], db[None, :, 2] + reach)
                            >= np.maximum(tb[:, None, 0], db[None, :, 0] - reach))
                           & (np.minimum(tb[:, None, 3], db[None, :, 3] + reach)
                              >= np.maximum(tb[:, None, 1], db[None, :, 1] - reach))).any(axis=1)
        # the board before it still whole (never edited since the first
        # analysis): cut on its tiles now
        tiles = list(prev.tiles) if prev.whole is None else _cut(boards, prev.whole, tb)
    else:
        # the first time: the board worked out whole, not cut on tiles (the
        # first edit of this board cuts it); one piece, all of its parts
        changed = np.zeros(nt, dtype=bool)
        whole = _whole(boards, i, keep, pieces) if nt else Polygon()
        tiles = _tiles_of(boards, [whole]) if nt else []
    redone = np.flatnonzero(changed)
    if len(redone):
        # which grown pieces reach which of those tiles (their boxes meet:
        # touching from outside cuts nothing, and is harmless)
        c = tb[redone]
        hits = ((np.minimum(c[:, None, 2], b[None, :, 2]) >= np.maximum(c[:, None, 0], b[None, :, 0]))
                & (np.minimum(c[:, None, 3], b[None, :, 3]) >= np.maximum(c[:, None, 1], b[None, :, 1])))
        reached = [np.flatnonzero(row) for row in hits]
        cuts = [rw[on] for on in reached]
        clips: list[np.ndarray] | None = None
        if _is_rects(rw):
            # each tile's rectangles as it would unite them (_clipped); a
            # tile made of the very same ones, in the same order, would be
            # made again vertex for vertex (GEOS is deterministic): it is
            # kept, and counts as not changed (a wall moved whose old or
            # new place only reaches a tile's margin under another piece:
            # about one in five of the tiles a wall moved reaches)
            clips = [_clipped(keep, tb[t], cut) for t, cut in zip(redone.tolist(), cuts)]
            left = [n for n, t in enumerate(redone.tolist())
                    if tiles[t].rects is None or not np.array_equal(tiles[t].rects, clips[n])]
            if len(left) < len(redone):
                changed[redone] = False
                redone = redone[left]
                changed[redone] = True
                reached = [reached[n] for n in left]
                cuts = [cuts[n] for n in left]
                clips = [clips[n] for n in left]
        made = _tiles_made(boards, keep, tiling, [t0 + t for t in redone.tolist()], cuts,
                           [[keys[k] for k in on.tolist()] for on in reached], clips)
        for t, tl in zip(redone.tolist(), made):
            tiles[t] = tl
    # glued along the tiles' edges: parts of two tiles that touch there;
    # kept from the board before where neither tile changed
    pa, pb = tiling.inner(i) if whole is None else (_NO_INDEX, _NO_INDEX)
    tiled = prev is not None and prev.whole is None
    redo = changed[pa] | changed[pb] if tiled else np.ones(len(pa), dtype=bool)
    if tiled:
        assert prev is not None
        kept = ~redo[prev.glue[0]]
        gp, gi, gj = [prev.glue[0][kept]], [prev.glue[1][kept]], [prev.glue[2][kept]]
        # the board's parts (and their areas, boxes, zones, the pairs
        # touching on a tile) spliced: the board before's, the redone
        # tiles' put in their places (a few slices, not every tile's)
        start, arr, areas, bounds, part_cells, touch = _spliced(prev, changed, tiles)
    else:
        gp, gi, gj = [], [], []
        start = np.cumsum([0] + [len(tl.arr) for tl in tiles])
        arr = np.concatenate([tl.arr for tl in tiles]) if tiles else np.zeros(0, dtype=object)
        areas = np.concatenate([tl.areas for tl in tiles]) if tiles else np.zeros(0)
        bounds = np.concatenate([tl.bounds for tl in tiles]) if tiles else np.zeros((0, 4))
        part_cells = [c for tl in tiles for c in tl.cells]
        ti = [tl.touching[:, 0] + start[t] for t, tl in enumerate(tiles) if len(tl.touching)]
        tj = [tl.touching[:, 1] + start[t] for t, tl in enumerate(tiles) if len(tl.touching)]
        touch = (np.concatenate(ti), np.concatenate(tj)) if ti else (_NO_INDEX, _NO_INDEX)
    n = int(start[-1])
    rp = np.flatnonzero(redo)
    # the same graph as the board before's (the usual pillar turned: every
    # redone tile has as many parts, touching and glued as before), so the
    # same components: only those with a part on a redone tile are made
    # again (_regraded)
    same = tiled and np.array_equal(start, prev.start) if prev is not None else False
    if same:
        assert prev is not None
        same = all(np.array_equal(tiles[t].touching, prev.tiles[t].touching) for t in redone.tolist())
    if len(rp):
        # every part of one tile against every part of the other, for all
        # the pairs of tiles to glue again, in one shapely call
        count = np.diff(start)
        na, nb = count[pa[rp]], count[pb[rp]]
        tot = na * nb
        pair = np.repeat(rp, tot)
        r = np.arange(int(tot.sum())) - np.repeat(np.cumsum(tot) - tot, tot)
        per = np.repeat(nb, tot)
        li, lj = r // per, r % per
        hit = shapely.intersects(arr[li + start[pa[pair]]], arr[lj + start[pb[pair]]])
        gp.append(pair[hit])
        gi.append(li[hit])
        gj.append(lj[hit])
    glue = ((np.concatenate(gp), np.concatenate(gi), np.concatenate(gj)) if gp
            else (_NO_INDEX, _NO_INDEX, _NO_INDEX))
    if same and len(rp):
        assert prev is not None
        was_glued = ~kept
        same = (set(zip(prev.glue[0][was_glued].tolist(), prev.glue[1][was_glued].tolist(),
                        prev.glue[2][was_glued].tolist()))
                == set(zip(gp[-1].tolist(), gi[-1].tolist(), gj[-1].tolist())))
    if same:
        assert prev is not None
        got = _regraded(prev, tiles, start, arr, areas, bounds, part_cells, touch, glue, redone,
                        keys=keys, raw=rw)
        if prev._met is not None:
            got._seed = (prev._met, prev.start, changed)
        _board_standing.put(key, got)
        _last_standing.put((tiling, i), got)
        return got
    ei = np.concatenate([glue[1] + start[pa[glue[0]]], touch[0]])
    ej = np.concatenate([glue[2] + start[pb[glue[0]]], touch[1]])
    comp = _components(n, ei, ej)
    order = np.argsort(comp, kind="stable")
    firsts = np.concatenate([_ZERO, np.flatnonzero(np.diff(comp[order])) + 1]) if n else _NO_INDEX
    # (slices: np.split costs more than the work on a board's few components)
    ends = [*firsts[1:].tolist(), n]
    members = [order[a:b] for a, b in zip(firsts.tolist(), ends)] if n else []
    comp_cells = []
    for m in members:
        cs: set[tuple[str, Cell]] = set()
        for k2 in m.tolist():
            cs |= part_cells[k2]
        comp_cells.append(frozenset(cs))
    ncomp = len(members)
    cb = np.zeros((ncomp, 4))
    comp_area = np.zeros(ncomp)
    if n:
        comp_area = np.add.reduceat(areas[order], firsts)
        cb[:, 0] = np.minimum.reduceat(bounds[order, 0], firsts)
        cb[:, 1] = np.minimum.reduceat(bounds[order, 1], firsts)
        cb[:, 2] = np.maximum.reduceat(bounds[order, 2], firsts)
        cb[:, 3] = np.maximum.reduceat(bounds[order, 3], firsts)
    got = _BoardStanding(tiles=tiles, start=start, arr=arr, comp=comp, comp_cells=comp_cells,
                         comp_area=comp_area, comp_bounds=cb, comp_parts=[arr[m] for m in members],
                         keys=keys, raw=rw, part_bounds=bounds, glue=glue, whole=whole,
                         areas=areas, part_cells=part_cells, touch=touch, members=members,
                         order=order, firsts=firsts)
    if tiled and prev is not None and prev._met is not None:
        got._seed = (prev._met, prev.start, changed)
    _board_standing.put(key, got)
    _last_standing.put((tiling, i), got)
    return got


def _regraded(prev: _BoardStanding, tiles: list[_Tile], start: np.ndarray, arr: np.ndarray,
              areas: np.ndarray, bounds: np.ndarray, part_cells: list[frozenset[tuple[str, Cell]]],
              touch: tuple[np.ndarray, np.ndarray], glue: tuple[np.ndarray, np.ndarray, np.ndarray],
              redone: np.ndarray, keys: list[bytes], raw: np.ndarray) -> _BoardStanding:
    """A board's standing area after an edit that left its graph as it was
    (the same parts, numbered alike, touching and glued alike: the same
    components): the components with no part on a redone tile keep their
    zones, parts and regions; the others' are made again; areas and boxes
    summed again for all (a few numpy calls, the same order of parts)."""
    comp = prev.comp
    touched = sorted({c for t in redone.tolist() for c in comp[start[t]:start[t + 1]].tolist()})
    members = prev.members
    comp_cells = list(prev.comp_cells)
    comp_parts = list(prev.comp_parts)
    for c in touched:
        cs: set[tuple[str, Cell]] = set()
        for k in members[c].tolist():
            cs |= part_cells[k]
        comp_cells[c] = frozenset(cs)
        comp_parts[c] = arr[members[c]]
    order, firsts = prev.order, prev.firsts
    ncomp = len(members)
    cb = np.zeros((ncomp, 4))
    comp_area = np.zeros(ncomp)
    if len(arr):
        comp_area = np.add.reduceat(areas[order], firsts)
        ob = bounds[order]
        cb[:, :2] = np.minimum.reduceat(ob[:, :2], firsts, axis=0)
        cb[:, 2:] = np.maximum.reduceat(ob[:, 2:], firsts, axis=0)
    got = _BoardStanding(tiles=tiles, start=start, arr=arr, comp=comp, comp_cells=comp_cells,
                         comp_area=comp_area, comp_bounds=cb, comp_parts=comp_parts,
                         keys=keys, raw=raw, part_bounds=bounds, glue=glue, whole=None,
                         areas=areas, part_cells=part_cells, touch=touch, members=members,
                         order=order, firsts=firsts)
    got._kin = (weakref.ref(prev), frozenset(redone.tolist()))
    if prev._alone is not None:
        # a component left alone is the same region
        alone = list(prev._alone)
        for c in touched:
            alone[c] = None
        got._alone = alone
    return got


def _spliced(prev: _BoardStanding, changed: np.ndarray, tiles: list[_Tile]) -> tuple[
        np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[frozenset[tuple[str, Cell]]],
        tuple[np.ndarray, np.ndarray]]:
    """A board's parts after an edit that redid the tiles `changed` (now
    `tiles`), from the board's standing area before it (cut on the same
    tiles): where each tile's parts start, the parts, their areas, boxes
    and zones, and the pairs of parts touching on a tile (board indices).
    The same as concatenating every tile's, in a few slices: the runs of
    tiles kept between the redone ones are taken whole."""
    ps = prev.start
    redone = np.flatnonzero(changed).tolist()
    count = np.diff(ps)
    for t in redone:
        count[t] = len(tiles[t].arr)
    start = np.concatenate([_ZERO, np.cumsum(count)])
    cuts = ps.tolist()
    arrs: list[np.ndarray] = []
    areas: list[np.ndarray] = []
    bounds: list[np.ndarray] = []
    cells: list[frozenset[tuple[str, Cell]]] = []
    ti: list[np.ndarray] = []
    tj: list[np.ndarray] = []
    a = 0  # the first part of the run of kept tiles
    for t in redone:
        b = cuts[t]
        if b > a:
            arrs.append(prev.arr[a:b])
            areas.append(prev.areas[a:b])
            bounds.append(prev.part_bounds[a:b])
            cells += prev.part_cells[a:b]
        tl = tiles[t]
        arrs.append(tl.arr)
        areas.append(tl.areas)
        bounds.append(tl.bounds)
        cells += tl.cells
        if len(tl.touching):
            ti.append(tl.touching[:, 0] + start[t])
            tj.append(tl.touching[:, 1] + start[t])
        a = cuts[t + 1]
    if cuts[-1] > a or not arrs:
        arrs.append(prev.arr[a:])
        areas.append(prev.areas[a:])
        bounds.append(prev.part_bounds[a:])
        cells += prev.part_cells[a:]
    # the pairs touching on a kept tile, moved by the parts before it
    # that came or went
    oi, oj = prev.touch
    if len(oi):
        tile = np.searchsorted(ps, oi, side="right") - 1
        keep = ~changed[tile]
        shift = (start - ps)[tile[keep]]
        ti.append(oi[keep] + shift)
        tj.append(oj[keep] + shift)
    touch = (np.concatenate(ti), np.concatenate(tj)) if ti else (_NO_INDEX, _NO_INDEX)
    return (start, np.concatenate(arrs), np.concatenate(areas), np.concatenate(bounds).reshape(-1, 4),
            cells, touch)


def _glue_boards(tiling: _Tiling, i: int, j: int, a: _BoardStanding, b: _BoardStanding) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of components of boards i and j (i < j) that touch across
    the edge between them: remembered on the pair."""
    got = a.glued.get(b)
    if got is None:
        got = _glue_kept(tiling, i, j, a, b)
        if got is not None:
            a.glued[b] = got
            return got
        x: list[np.ndarray] = []
        y: list[np.ndarray] = []
        if a.whole is not None or b.whole is not None:
            # a board not cut on tiles yet: every part of one against every
            # part of the other whose boxes meet (parts that touch have
            # boxes that meet), in one shapely call; the same components
            # glued as tile by tile (a part is the union of its tiles' parts)
            ab, bb = a.part_bounds, b.part_bounds
            near = ((np.minimum(ab[:, None, 2], bb[None, :, 2]) >= np.maximum(ab[:, None, 0], bb[None, :, 0]))
                    & (np.minimum(ab[:, None, 3], bb[None, :, 3]) >= np.maximum(ab[:, None, 1], bb[None, :, 1])))
            p, q = np.nonzero(near)
            if len(p):
                hit = shapely.intersects(a.arr[p], b.arr[q])
                p, q = p[hit], q[hit]
            got = a.glued[b] = (a.comp[p], b.comp[q])
            return got
        ta, tb = tiling.across[(i, j)]
        todo = [(s, t) for s, t in zip(ta.tolist(), tb.tolist())
                if len(a.tiles[s].arr) and len(b.tiles[t].arr) and b.tiles[t] not in a.tiles[s].glued]
        if len(todo) > 1:
            _glue_all([(a.tiles[s], b.tiles[t]) for s, t in todo])
        for s, t in zip(ta.tolist(), tb.tolist()):
            if len(a.tiles[s].arr) and len(b.tiles[t].arr):
                p, q = _glue(a.tiles[s], b.tiles[t])
                if len(p):
                    x.append(a.comp[p + a.start[s]])
                    y.append(b.comp[q + b.start[t]])
        got = a.glued[b] = ((np.concatenate(x), np.concatenate(y)) if x
                            else (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)))
    return got


def _glue_kept(tiling: _Tiling, i: int, j: int, a: _BoardStanding,
               b: _BoardStanding) -> tuple[np.ndarray, np.ndarray] | None:
    """_glue_boards of boards i and j (standing areas a and b) where one of
    them was made from its standing area before (_regraded: the same
    components, numbered alike, the same parts on the tiles it kept), the
    other is the one that was glued to it, and no tile it redid lies on
    the edge between them (a part on a tile off the edge cannot touch the
    other board's: their tiles' boxes do not meet): that glue, as it was.
    None where there is no such glue to keep."""
    pairs = tiling.across.get((i, j))
    for side, (x, y) in enumerate(((a, b), (b, a))):
        kin = x._kin
        if kin is None:
            continue
        before = kin[0]()
        if before is None:
            continue
        old = before.glued.get(y) if side == 0 else y.glued.get(before)
        if old is None:
            continue
        edge = set() if pairs is None else set(pairs[side].tolist())
        if not edge & kin[1]:
            return old
    return None


@dataclass(eq=False)
class _Standing:
    """Where a base of one size can stand, whatever the hatchways: each
    board's standing area (components of parts), the components numbered
    board after board (`start`), and the group of each component (those
    that touch across a board edge are one). The hatchway views differ only
    in the passages joining groups."""
    boards: list[_BoardStanding]
    start: np.ndarray
    group: np.ndarray
    cells: list[frozenset[tuple[str, Cell]]]     # per component, board after board
    parts: list[np.ndarray]
    area: np.ndarray
    bounds: np.ndarray
    passages: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    met: tuple[np.ndarray, np.ndarray] | None = None     # (passage, group) pairs that meet
    # each passage contracted into the first (least) group it meets: that
    # group, or -1 where it meets none; and the pairs (passage, first
    # group, other group) it joins (see _joined)
    joins: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    # open doors (per board) -> regions, the last few views asked
    views: memo.Memo = field(default_factory=lambda: memo.Memo("reach.standing.views", 16, registered=False))
    # the components' labels (bytes) -> regions: views whose passages join
    # the same components (every door shut, or none leading anywhere new)
    # share their regions
    labelled: memo.Memo = field(default_factory=lambda: memo.Memo("reach.standing.labelled", 4, registered=False))
    _board_of: np.ndarray | None = None

    def alone(self, m: int) -> ReachRegion:
        """The region of component m alone (numbered board after board)."""
        k = int(np.searchsorted(self.start, m, side="right")) - 1
        return self.boards[k].alone(m - int(self.start[k]))

    def alone_many(self, ms: list[int]) -> list[ReachRegion]:
        """alone for many components (their boards looked up at once)."""
        if self._board_of is None:
            self._board_of = np.repeat(np.arange(len(self.boards), dtype=np.int64), np.diff(self.start))
        ks = self._board_of[ms].tolist() if ms else []
        start = self.start.tolist()
        boards = self.boards
        return [boards[k].alone(m - start[k]) for m, k in zip(ms, ks)]


# The standing areas of whole layouts, weighed by their boards (as the
# battlefields, obstacles.BATTLEFIELD_BOARDS): 64 of two boards (every round's
# table of a timeline mission, at a few base sizes), 16 of eight,
# where 64 of eight boards held ~6 MB more, hundreds of edits into a session
# (benchmarks/README.md, seventh round).
STANDING_BOARDS = 128
_standings: memo.Memo = memo.Memo("reach._standing", STANDING_BOARDS,
                                  weigher=lambda st: max(1, len(st.boards)))


def _standing(boards: tuple[Board, ...], pieces: tuple[BoardPieces, ...], r: float) -> _Standing:
    """The standing area of a layout for a base of radius r, made once
    while it is among the last made (_standings)."""
    key = (boards, pieces, r)
    got: _Standing | None = _standings.get(key)
    if got is None:
        got = _standings.put(key, _make_standing(boards, pieces, r))
    return got


def _make_standing(boards: tuple[Board, ...], pieces: tuple[BoardPieces, ...], r: float) -> _Standing:
    # touching is allowed: keep a hair less than r (see the module's notes)
    keep = r - TOUCH_MM
    tiling = _tiling(boards, keep)
    blocks = [_blocks(bp, keep) for bp in pieces]
    per = [_standing_on(boards, i, keep, blocks, pieces, tiling) for i in range(len(boards))]
    start = np.cumsum([0] + [len(bs.comp_cells) for bs in per])
    ei: list[np.ndarray] = []
    ej: list[np.ndarray] = []
    for (i, j) in tiling.across:
        x, y = _glue_boards(tiling, i, j, per[i], per[j])
        if len(x):
            ei.append(x + start[i])
            ej.append(y + start[j])
    n = int(start[-1])
    # (remembered by the edges' values: a pillar turned mostly keeps them)
    group = _joined_components(n, np.concatenate(ei), np.concatenate(ej)) if ei else np.arange(n, dtype=np.int64)
    return _Standing(boards=per, start=start, group=group,
                     cells=[c for bs in per for c in bs.comp_cells],
                     parts=[p for bs in per for p in bs.comp_parts],
                     area=np.concatenate([bs.comp_area for bs in per]) if per else np.zeros(0),
                     bounds=np.concatenate([bs.comp_bounds for bs in per]) if per else np.zeros((0, 4)))


# id(layout key) -> (that key, its boards, their pieces), the last two
# asked: the three views of one edit ask with the same key object
# (board_pieces hashes every board's pieces: on 8 boards as long as making
# a view's regions); two, so that no old layout's pieces are kept alive
_key_pieces: memo.Memo = memo.Memo("reach.key_pieces", 2)


def _pieces_of(key: LayoutKey) -> tuple[tuple[Board, ...], tuple[BoardPieces, ...]]:
    got: tuple[LayoutKey, tuple[Board, ...], tuple[BoardPieces, ...]] | None = _key_pieces.get(id(key))
    if got is not None and got[0] is key:
        return got[1], got[2]
    boards = tuple(b for b, _ in key)
    pieces = board_pieces(key)
    _key_pieces.put(id(key), (key, boards, pieces))
    return boards, pieces


def _regions(mission: Mission, d: float, hatches: str) -> tuple[ReachRegion, ...]:
    boards, pieces = _pieces_of(remembered_layout_key(mission))
    st = _standing(boards, pieces, d / 2)
    bfk = battlefield_key(mission, hatches)
    view = tuple(flags for _, _, flags in bfk)
    got: tuple[ReachRegion, ...] | None = st.views.get(view)
    if got is not None:
        return got
    r = d / 2
    group = st.group
    n = len(group)
    ngroup = int(group.max()) + 1 if n else 0
    is_open = np.array([flags[k] for bp, flags in zip(pieces, view) for k in bp.door_pieces], dtype=bool)
    label = group
    if is_open.any() and n:
        if st.passages is None:
            # every door's passage, open or not (the same in every view)
            st.passages = _passages_of(pieces, r)
        db, axes, pb, passages = st.passages
        if st.met is None:
            # which passage meets which group, every door's (the same in
            # every view: each view keeps the open ones)
            ps: list[np.ndarray] = [_NO_INDEX]
            gs: list[np.ndarray] = [_NO_INDEX]
            for k, bs in enumerate(st.boards):
                p, c = bs.met(pb, passages)
                ps.append(p)
                gs.append(group[c + st.start[k]])
            st.met = (np.concatenate(ps), np.concatenate(gs))
        if st.joins is None:
            st.joins = _joined_of(len(is_open), ngroup, *st.met)
        first, pj, ga, gb = st.joins
        # each passage is a node after the groups, joining every group it
        # meets and the passages chained to it; contracted into the first
        # group it meets (the same components of groups, so the same
        # labels: they number the components by their least group), the
        # open ones join their first group to the others
        j_open = is_open[pj]
        src: list[np.ndarray] = [ga[j_open]] if j_open.any() else []
        dst: list[np.ndarray] = [gb[j_open]] if j_open.any() else []
        ci, cj = _overlapping(axes, pb)
        both = is_open[ci] & is_open[cj]
        chained = _chain(mission, hatches, db, axes, ci[both], cj[both]) if both.any() else []
        if chained:
            pairs = np.array(chained, dtype=np.int64)
            # a passage meeting no group stays a node of its own
            node = np.where(first >= 0, first, np.arange(len(first), dtype=np.int64) + ngroup)
            src.append(node[pairs[:, 0]])
            dst.append(node[pairs[:, 1]])
        if src:
            label = _joined_components(ngroup + len(is_open), np.concatenate(src), np.concatenate(dst))[group]
    lkey = label.tobytes()
    result: tuple[ReachRegion, ...] | None = st.labelled.get(lkey)
    if result is None:
        result = st.labelled.put(lkey, _labelled(st, label))
    st.views.put(view, result)
    return result


# the components of a view's groups joined by its open passages, and the
# groups of a table's components glued across board edges, by the edges'
# values: a view or table whose edges are as before an edit (a pillar
# turned that changes no group) asks the same again
_view_components: memo.Memo = memo.Memo("reach.view_components", 32)


def _joined_components(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """_components, remembered by its input (the edges' values, in order)."""
    key = (n, i.tobytes(), j.tobytes())
    got: np.ndarray | None = _view_components.get(key)
    if got is None:
        got = _view_components.put(key, _components(n, i, j))
    return got


# _joined of the last few tables, by its input's values: an edit that
# leaves the groups and the passages they meet as they were (most pillars
# turned) asks the same again
_joins: memo.Memo = memo.Memo("reach.joins", 8)


def _joined_of(npass: int, ngroup: int, p: np.ndarray,
               g: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """_joined, remembered by its input (the pairs' values, in order)."""
    key = (npass, ngroup, p.tobytes(), g.tobytes())
    got: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = _joins.get(key)
    if got is None:
        got = _joins.put(key, _joined(npass, ngroup, p, g))
    return got


def _joined(npass: int, ngroup: int, p: np.ndarray,
            g: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The passages (npass) contracted into the groups they meet (pairs
    p, g): each passage's first (least) group (-1: none), and the pairs
    (passage, its first group, another group it meets), each once. A view
    joins the groups its open passages join: 336 pairs on 8 boards, of
    which ~100 join two groups."""
    first = np.full(npass, ngroup, dtype=np.int64)
    if len(p):
        np.minimum.at(first, p, g)
    other = g != first[p]
    code = np.unique(p[other] * max(ngroup, 1) + g[other])
    pj = code // max(ngroup, 1)
    first[first == ngroup] = -1
    return first, pj, first[pj], code % max(ngroup, 1)


# regions of several components, by those components' parts (the arrays'
# identities, see _labelled): the edit after keeps most of them. Few: each
# holds its parts alive
_joined_regions: memo.Memo = memo.Memo("reach.joined_regions", 16)


def _labelled(st: _Standing, label: np.ndarray) -> tuple[ReachRegion, ...]:
    """The regions of the components labelled so (one region a label),
    biggest first."""
    out: list[ReachRegion] = []
    if len(label):
        cells_of = st.cells
        parts_of = st.parts
        area = st.area
        # the components by label, in Python (a table has tens of them:
        # fewer calls than sorting them in numpy); labels in order, each
        # label's components in order
        groups: dict[int, list[int]] = {}
        for m, lab in enumerate(label.tolist()):
            got = groups.get(lab)
            if got is None:
                groups[lab] = [m]
            else:
                got.append(m)
        labels = sorted(groups)
        # a region of one component is that component's own, made once
        # (kept on its board's standing area, which the next edit keeps
        # unless it is on that board)
        out = st.alone_many([groups[lab][0] for lab in labels if len(groups[lab]) == 1])
        cb: list[list[float]] | None = None
        for lab in labels:
            ms = groups[lab]
            if len(ms) == 1:
                continue
            # the same components as a region made before (their parts'
            # arrays the very same objects, and their zones: a board an edit
            # left alone, or its components _regraded kept) make the same
            # region: a component's area, box and zones are its parts'
            key = (tuple(id(parts_of[m]) for m in ms), tuple(id(cells_of[m]) for m in ms))
            was: tuple[list[object], ReachRegion] | None = _joined_regions.get(key)
            if was is not None:
                out.append(was[1])
                continue
            if cb is None:
                cb = st.bounds.tolist()
            cells: set[tuple[str, Cell]] = set()
            for m in ms:
                cells |= cells_of[m]
            # the box: min and max, exact in any order
            reg = ReachRegion(
                parts=tuple(np.concatenate([parts_of[m] for m in ms])),
                cells=frozenset(cells), size=float(area[ms].sum()),
                bounds=(min(cb[m][0] for m in ms), min(cb[m][1] for m in ms),
                        max(cb[m][2] for m in ms), max(cb[m][3] for m in ms)))
            # (the arrays and zones kept alive with it: an id in the key is
            # never another object's while the entry lives)
            _joined_regions.put(key, ([*(parts_of[m] for m in ms), *(cells_of[m] for m in ms)], reg))
            out.append(reg)
    # biggest first, so the order is stable and the main area leads
    out.sort(key=lambda reg: (-reg.size, reg.bounds))
    return tuple(out)


def _box_of(bounds: np.ndarray) -> tuple[float, float, float, float]:
    return (float(bounds[:, 0].min()), float(bounds[:, 1].min()), float(bounds[:, 2].max()), float(bounds[:, 3].max()))


def regions(mission: Mission, base_mm: float = 32.0, hatches: str = "as-set") -> list[ReachRegion]:
    """The separate regions a base of this diameter can move about in,
    largest first."""
    d = _check_base(base_mm)
    check_hatches(hatches)
    return list(_regions(mission, d, hatches))


def unreachable_cells(mission: Mission, base_mm: float = 32.0,
                      hatches: str = "as-set") -> list[tuple[str, Cell]]:
    """Zones no base of this diameter can stand in (its centre can never be
    inside the zone), in board order then row by row."""
    d = _check_base(base_mm)
    check_hatches(hatches)
    reached: set[tuple[str, Cell]] = set()
    for reg in _regions(mission, d, hatches):
        reached |= reg.cells
    keys, _, _ = _cells_index(tuple(b for b, _ in remembered_layout_key(mission)))
    return [k for k in keys if k not in reached]
