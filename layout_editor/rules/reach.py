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
passages differ. The grown obstacles are built per board and cached by that
board's value and the base size (opening a hatchway rebuilds nothing). The
standing area is worked out board by board (issue 13, item 4): each board's
share of the shrunk table less its own grown pieces and what the grown
pieces of the boards around it reach of it (a pillar on the edge keeps a
base away on both boards), cached by that board's pieces and exactly that
reach; its pieces, which of them touch and the zones each reaches into are
cached with it. Glued along the board edges: pieces of two boards that
touch there are one region (the same union-find that joins pieces touching
at a corner), so an edit on one board redoes that board and a neighbour its
reach crosses into, not the table. A region keeps its pieces (`parts`) and
glues them into one `area` only when asked (the overlays draw it). The
regions per hatchway view sit on top of it. The passages are built all at once (numpy, one shapely call);
whether the space between two doors is free is looked up in the view's
blocking strips (obstacles.Battlefield), only when two parallel open
passages overlap, which takes a base about as wide as the space between
two walls.
"""
from __future__ import annotations

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
    if len(pb) < 2:
        return []
    i, j = np.triu_indices(len(pb), k=1)
    over = ((axes[i] == axes[j])
            & (np.minimum(pb[i, 2], pb[j, 2]) - np.maximum(pb[i, 0], pb[j, 0]) > TOUCH_MM)
            & (np.minimum(pb[i, 3], pb[j, 3]) - np.maximum(pb[i, 1], pb[j, 1]) > TOUCH_MM))
    out = []
    bf = None
    for a, b in zip(i[over].tolist(), j[over].tolist()):
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
        return bool(bf.free.covers(bridge))
    x0, y0, x1, y1 = bridge.bounds
    ax0, ay0, ax1, ay1 = bf.area.bounds
    if x0 < ax0 or y0 < ay0 or x1 > ax1 or y1 > ay1:
        return False
    r = bf.vrects  # the blocking set, off the boards inside their box included
    inside = ((np.minimum(r[:, 2], x1) - np.maximum(r[:, 0], x0) > TOUCH_MM)
              & (np.minimum(r[:, 3], y1) - np.maximum(r[:, 1], y0) > TOUCH_MM))
    return not inside.any()


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
    polys: list[Polygon] = []
    for board in boards:
        pl = Placement.of(board, cat)
        for c in pl.cells():
            keys.append((board.id, c))
            polys.append(Polygon(pl.cell_corners_table(c)))
    cell_polys = np.array(polys, dtype=object)
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



# The standing area is kept per tile of each board (see the module's notes):
# a square about this wide. An edit redoes the tiles its pieces' reach
# touches (a pillar grown by a 32 mm base spans two tiles or four), each a
# small overlay, where a whole board was one big buffer and one big overlay.
TILE_MM = 176.0

# each blocking part grown by the base, by its value (WKB) and the distance:
# a board's parts (about 45 on a full board) times the boards (8) times the
# few base sizes asked, with room for the parts edits replaced
_grown_parts: memo.Memo = memo.Memo("reach.grown_parts", 2048)


@dataclass(eq=False)
class _Blocks:
    """What one board's pieces keep a base centre from, in separate small
    pieces, each grown by the base: every part of the solid (walls and
    pillars that touch are one part) and every hatchway's door. Their
    polygons, bounds, and keys (their WKB before growing)."""
    grown: np.ndarray
    bounds: np.ndarray
    keys: list[bytes]


@memo.cached(256)
def _blocks(board: BoardPieces, keep: float) -> _Blocks:
    """The board's blocking parts grown by `keep`, each on its own: an edit
    changes a part or two, the others come from the memo by value. Their
    union is the board grown as one (_grown): a buffer is the union of the
    discs round every point, so it distributes over a union; the arcs are
    the same arcs, drawn round the same corners."""
    items = np.array([*_polygons(board.solid), *board.doors], dtype=object)
    keys: list[bytes] = list(shapely.to_wkb(items)) if len(items) else []
    grown = np.empty(len(items), dtype=object)
    todo = []
    for n, k in enumerate(keys):
        g = _grown_parts.get((k, keep))
        if g is None:
            todo.append(n)
        else:
            grown[n] = g
    if todo:
        made = shapely.buffer(items[todo], keep, quad_segs=BUFFER_QUAD_SEGS)
        for n, g in zip(todo, made):
            grown[n] = _grown_parts.put((keys[n], keep), g)
    bounds = shapely.bounds(grown).reshape(-1, 4) if len(grown) else np.zeros((0, 4))
    return _Blocks(grown=grown, bounds=bounds, keys=keys)


@dataclass(eq=False)
class _Tiling:
    """The shrunk table cut into tiles: each board's floor (_floors) on a
    grid of squares about TILE_MM wide. The tiles' boxes, the floor on each,
    and the pairs of tiles whose boxes meet (their parts may touch across
    the edge or the corner: boards touching included, boards laid apart
    never, since their floors keep r from the gap)."""
    boxes: np.ndarray              # (n, 4)
    floor: list[BaseGeometry]
    neighbours: tuple[np.ndarray, np.ndarray]


@memo.cached(64)
def _tiling(boards: tuple[Board, ...], keep: float) -> _Tiling:
    cat = default_catalogue()
    floors = _floors(boards, keep)
    boxes: list[tuple[float, float, float, float]] = []
    shares: list[BaseGeometry] = []
    for i, board in enumerate(boards):
        floor = floors[i]
        if floor.is_empty:
            continue
        x0, y0, x1, y1 = Placement.of(board, cat).bounds
        nx = max(1, round((x1 - x0) / TILE_MM))
        ny = max(1, round((y1 - y0) / TILE_MM))
        xs = [x0 + (x1 - x0) * k / nx for k in range(nx)] + [x1]
        ys = [y0 + (y1 - y0) * k / ny for k in range(ny)] + [y1]
        for a in range(nx):
            for b in range(ny):
                t = (xs[a], ys[b], xs[a + 1], ys[b + 1])
                share = floor.intersection(box(*t))
                if share.is_empty or share.area <= 0:
                    continue
                boxes.append(t)
                shares.append(share)
    arr = np.array(boxes, dtype=float).reshape(-1, 4)
    i, j = np.triu_indices(len(arr), k=1)
    pad = 2 * TOUCH_MM
    meet = ((np.minimum(arr[i, 2], arr[j, 2]) - np.maximum(arr[i, 0], arr[j, 0]) >= -pad)
            & (np.minimum(arr[i, 3], arr[j, 3]) - np.maximum(arr[i, 1], arr[j, 1]) >= -pad))
    return _Tiling(boxes=arr, floor=shares, neighbours=(i[meet], j[meet]))


@dataclass(eq=False)
class _Tile:
    """Where a base can stand on one tile: its separate parts, which of
    them touch, the zones each reaches into, their areas and boxes."""
    arr: np.ndarray                       # the parts, as an object array
    touching: list[tuple[int, int]]       # pairs of this tile's parts that touch
    cells: list[frozenset[tuple[str, Cell]]]
    areas: np.ndarray
    bounds: np.ndarray
    # another tile -> the pairs (part here, part there) that touch; weakly:
    # an entry goes with the tile, which the registered memo holds
    glued: weakref.WeakKeyDictionary[_Tile, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=weakref.WeakKeyDictionary)


# the tiles of the last few layouts: 8 boards are 128 tiles, an edit
# replaces a few
_tiles: memo.Memo = memo.Memo("reach.tiles", 1024)


def _tile(boards: tuple[Board, ...], keep: float, tiling: _Tiling, t: int, cut: np.ndarray,
          keys: frozenset[bytes]) -> _Tile:
    """Tile t's standing area: its floor less the grown parts that reach
    it (`cut`, of every board: a wall on the edge of the next board keeps a
    base away across the edge). Cached by the tile and the values of those
    parts, so an edit redoes the tiles its pieces reach, not the board."""
    key = (boards, keep, t, keys)
    got: _Tile | None = _tiles.get(key)
    if got is not None:
        return got
    standing = tiling.floor[t]
    if len(cut):
        standing = standing.difference(shapely.union_all(cut) if len(cut) > 1 else cut[0])
    polys = _polygons(standing)
    arr = np.array(polys, dtype=object)
    touching: list[tuple[int, int]] = []
    cells: list[set[tuple[str, Cell]]] = [set() for _ in polys]
    if len(polys) > 1:
        # standing areas that touch (a base squeezing exactly between two
        # pieces touches both, which is allowed) are one region
        a, b = np.triu_indices(len(polys), k=1)
        hit = shapely.intersects(arr[a], arr[b])
        touching = list(zip(a[hit].tolist(), b[hit].tolist()))
    if polys:
        cell_keys, cell_polys, cell_tree = _cells_index(boards)
        s_idx, c_idx = cell_tree.query(arr, predicate="intersects")
        # only zones the area reaches into, not ones it merely touches
        inside = shapely.relate_pattern(arr[s_idx], cell_polys[c_idx], "T********")
        for si, ci in zip(s_idx[inside].tolist(), c_idx[inside].tolist()):
            cells[si].add(cell_keys[ci])
    got = _Tile(arr=arr, touching=touching, cells=[frozenset(c) for c in cells],
                areas=shapely.area(arr) if polys else np.zeros(0),
                bounds=shapely.bounds(arr).reshape(-1, 4) if polys else np.zeros((0, 4)))
    _tiles.put(key, got)
    return got


def _glue(a: _Tile, b: _Tile) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of parts of two neighbouring tiles that touch (across the
    edge between them, or at a corner): remembered on the pair."""
    got = a.glued.get(b)
    if got is None:
        i, j = np.meshgrid(np.arange(len(a.arr)), np.arange(len(b.arr)), indexing="ij")
        i, j = i.ravel(), j.ravel()
        hit = shapely.intersects(a.arr[i], b.arr[j])
        got = a.glued[b] = (i[hit], j[hit])
    return got


def _components(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Connected components of n nodes joined by the edges (i, j): the
    component of each node (scipy's, on a sparse graph)."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    graph = coo_matrix((np.ones(len(i), dtype=np.int8), (i, j)), shape=(n, n))
    _, labels = connected_components(graph, directed=False)
    return np.asarray(labels, dtype=np.int64)


@dataclass(eq=False)
class _Standing:
    """Where a base of one size can stand, whatever the hatchways: the
    parts of that area (cut at the tiles' edges), the component each part
    is in (parts that touch, on a tile or across a tile's edge, are one),
    the zones each component reaches into, each part's area and box. The
    hatchway views differ only in the passages joining components."""
    arr: np.ndarray
    comp: np.ndarray                              # component of each part
    comp_cells: list[frozenset[tuple[str, Cell]]]
    areas: np.ndarray
    bounds: np.ndarray
    # open doors (per board) -> regions, the last few views asked
    views: memo.Memo = field(default_factory=lambda: memo.Memo("reach.standing.views", 16, registered=False))
    _tree: shapely.STRtree | None = None

    @property
    def tree(self) -> shapely.STRtree:
        if self._tree is None:
            self._tree = shapely.STRtree(self.arr)
        return self._tree


@memo.cached(64)
def _standing(boards: tuple[Board, ...], pieces: tuple[BoardPieces, ...], r: float) -> _Standing:
    # touching is allowed: keep a hair less than r (see the module's notes)
    keep = r - TOUCH_MM
    tiling = _tiling(boards, keep)
    blocks = [_blocks(bp, keep) for bp in pieces]
    grown = np.concatenate([b.grown for b in blocks]) if blocks else np.zeros(0, dtype=object)
    gb = np.concatenate([b.bounds for b in blocks]) if blocks else np.zeros((0, 4))
    keys = [k for b in blocks for k in b.keys]
    tb = tiling.boxes
    # which grown parts reach which tile (their boxes meet: touching from
    # outside cuts nothing, and is harmless)
    hits = ((np.minimum(tb[:, None, 2], gb[None, :, 2]) >= np.maximum(tb[:, None, 0], gb[None, :, 0]))
            & (np.minimum(tb[:, None, 3], gb[None, :, 3]) >= np.maximum(tb[:, None, 1], gb[None, :, 1])))
    tiles = []
    for t in range(len(tb)):
        on = np.flatnonzero(hits[t])
        tiles.append(_tile(boards, keep, tiling, t, grown[on], frozenset(keys[k] for k in on.tolist())))
    start = np.cumsum([0] + [len(tl.arr) for tl in tiles])
    n = int(start[-1])
    ei: list[np.ndarray] = []
    ej: list[np.ndarray] = []
    for t, tl in enumerate(tiles):
        if tl.touching:
            pairs = np.array(tl.touching, dtype=np.int64)
            ei.append(pairs[:, 0] + start[t])
            ej.append(pairs[:, 1] + start[t])
    # glued along the tiles' edges: parts of two tiles that touch there
    for a, b in zip(*(x.tolist() for x in tiling.neighbours)):
        if len(tiles[a].arr) and len(tiles[b].arr):
            i, j = _glue(tiles[a], tiles[b])
            if len(i):
                ei.append(i + start[a])
                ej.append(j + start[b])
    arr = np.concatenate([tl.arr for tl in tiles]) if tiles else np.zeros(0, dtype=object)
    if ei:
        comp = _components(n, np.concatenate(ei), np.concatenate(ej))
    else:
        comp = np.arange(n, dtype=np.int64)
    ncomp = int(comp.max()) + 1 if n else 0
    cells_of: list[set[tuple[str, Cell]]] = [set() for _ in range(ncomp)]
    part_cells = [c for tl in tiles for c in tl.cells]
    for c, cs in zip(comp.tolist(), part_cells):
        if cs:
            cells_of[c] |= cs
    return _Standing(arr=arr, comp=comp, comp_cells=[frozenset(c) for c in cells_of],
                     areas=np.concatenate([tl.areas for tl in tiles]) if tiles else np.zeros(0),
                     bounds=np.concatenate([tl.bounds for tl in tiles]) if tiles else np.zeros((0, 4)))


def _regions(mission: Mission, d: float, hatches: str) -> tuple[ReachRegion, ...]:
    key = remembered_layout_key(mission)
    boards = tuple(b for b, _ in key)
    st = _standing(boards, board_pieces(key), d / 2)
    bfk = battlefield_key(mission, hatches)
    view = tuple(flags for _, _, flags in bfk)
    got: tuple[ReachRegion, ...] | None = st.views.get(view)
    if got is not None:
        return got
    r = d / 2
    n = len(st.arr)
    comp = st.comp
    ncomp = len(st.comp_cells)
    doors = []
    for bp, flags in zip(board_pieces(key), view):
        doors += [door for door, k in zip(bp.doors, bp.door_pieces) if flags[k]]
    if doors and n:
        db, axes, pb, passages = _passages(doors, r)
        # each passage is a node after the components: it joins every
        # component it meets, and the passages chained to it
        p_idx, s_idx = st.tree.query(passages, predicate="intersects")
        ei = [p_idx + ncomp, comp[s_idx]]
        chained = _chained(mission, hatches, db, axes, pb)
        if chained:
            pairs = np.array(chained, dtype=np.int64)
            ei += [pairs[:, 0] + ncomp, pairs[:, 1] + ncomp]
        joined = _components(ncomp + len(doors), np.concatenate(ei[0::2]), np.concatenate(ei[1::2]))
        label = joined[comp]
    else:
        label = comp
    out = []
    if n:
        order = np.argsort(label, kind="stable")
        cuts = np.flatnonzero(np.diff(label[order])) + 1
        comp_l = comp.tolist()
        for members in np.split(order, cuts):
            cells: set[tuple[str, Cell]] = set()
            for c in {comp_l[m] for m in members.tolist()}:
                cells |= st.comp_cells[c]
            b = st.bounds[members]
            out.append(ReachRegion(parts=tuple(st.arr[members]), cells=frozenset(cells),
                                   size=float(st.areas[members].sum()),
                                   bounds=(float(b[:, 0].min()), float(b[:, 1].min()),
                                           float(b[:, 2].max()), float(b[:, 3].max()))))
    # biggest first, so the order is stable and the main area leads
    out.sort(key=lambda reg: (-reg.size, reg.bounds))
    result = tuple(out)
    st.views.put(view, result)
    return result


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
