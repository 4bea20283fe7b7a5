"""What blocks on the battlefield: the boards' outline and every piece's
footprint, as the measuring, reaching and sight modules see them.

The battlefield is the union of the board rectangles: a route never leaves
the boards, so boards laid apart are not connected across their gap, and
boards that touch (a shared edge, no gap) are. Obstacles are the pieces'
blocking footprints (rules/geometry.py: walls, moulded and loose pillars,
wall ends, and the door of a hatchway while it is closed; an open hatchway is
a gap), clipped to the battlefield since a piece may stick out over its
board's edge.

`hatches` chooses the hatchway view: "as-set" uses each piece's `open`
(None or False mean closed), "open" and "closed" force every hatchway.

Kept as rectangles (issue 29). What blocks is kept as data an edit only
adds to: each piece placed is remembered with its always-blocking part cut
into axis-aligned rectangles (_placed_pieces: a piece laid square is its
own rectangles, any other is cut by rects.polygon_rects, a board's new
pieces in one vectorised pass), so an edit places and cuts only the piece
it moved. A board's blocking strips are made from its pieces' rectangles
directly (rects.rect_strips, compiled once loaded: every rectangle's x is a
cut, the intervals over each slab united, neighbouring strips with the same
extent joined), which gives the very rows, in the very order, that the
strips of the united pieces gave (the two are compared on every library
mission, the dense layouts and random rectangles: tests/unit/
test_rect_strips.py); so the segment tests, their seams and every answer
built on them are unchanged. No polygon is made for that: the union of a
board's pieces (BoardPieces.solid) and the free space (Battlefield.free)
are made only when first asked, by whoever needs a polygon (the
standing areas, the overlays, the prints; the free space's parts and
corners come from strips, see "The free space as data" below). After an edit on 2 boards the
battlefield costs ~1 ms CPU instead of ~5.5 (benchmarks/bench_stages.py).

The free space as data (issue 29, third round): what the route graph, the
longest line, the checks and the reach ask of the free space on every edit
(Battlefield.free_ring_corners, free_part_count, free_part_at,
free_parts_meeting, free_part) is made without its polygon and without any
board's union of pieces, straight from the blocking rectangles (each
board's pieces' rectangles and its closed doors' own, BoardObstacles.
free_rects) and the board rectangles, in one compiled pass
(_compiled.free_space, loaded with the segment test):
- the table is cut into vertical slabs at every x of a board or a
  rectangle; in each slab the boards over it are united (boards that touch
  join) and the blocking intervals taken away, closed: a wall's face stays
  free, two pieces touching face to face leave nothing between them (no
  zero-width strip is kept); coordinates are only ever copied, so every
  comparison is exact;
- parts: strips of neighbouring slabs that overlap by a positive length
  are joined (union-find); so boards laid apart, and free areas that only
  meet at a point, stay apart, and a pocket enclosed by pieces is a part of
  its own. Parts are numbered by their lowest-left point (least x, then
  least y), strips by slab then y;
- corners: at each cut the four quadrants round every strip end say what
  the point is: one or three free quadrants a corner (convex, reflex), two
  facing across the point (pieces meeting corner to corner) two corners,
  as the polygon's rings pass there: of two parts a convex corner of each,
  of one part a reflex turn round each piece (rings never touch
  themselves); two free quadrants side by side a straight run, no corner.
  CHOICE: only true corners are given, no collinear ones (the polygon has
  a vertex wherever a neighbouring board's corner or a clipped piece edge
  lies on its ring; those turn by 0 and no consumer needs them), so prev
  and next are the neighbouring true corners: the same directions as the
  polygon's, the reflex corners exactly the polygon's. Corners are ordered
  by x, y, then the direction coming in (east, north, west, south). The
  rings are linked in the same sweep (the open edge along each cut and
  along each strip's bottom and top, carried from slab to slab).
The same answers as the polygon's, made the same way from it while the
kernel loads or for layouts that are not rectilinear (_polygon_corners,
_numbered_parts): tests/unit/test_free_space.py compares both on every
library mission, the dense layouts of 2, 4 and 8 boards with edits, random
rectangles and the three hatchway views (the corners array for array, the
parts on points on every strip's edges and corners). One pass of the table
after an edit: 2 boards ~0.08 ms, 8 boards ~0.3-0.5 ms, instead of the
free polygon (~1.7 ms) and the edited board's union (~1.6 ms).

One-way data flow: the battlefield reads the pieces and the boards only;
it never calls the reach (standing areas), the paths or the checks. The
reach_* members of BoardPieces are what reach.py keeps with a board's
pieces (keys of what they put on a neighbouring board's rectangle); they
are computed from this module's geometry alone.

Caching, so that an edit costs only what it touched:
- Each piece placed, by its footprint key and its board's placement
  (_placed_pieces; a Memo of 16384).
- BoardPieces: one board's pieces placed (their rectangles, and each
  hatchway's door; the union of what always blocks when asked), cached by
  the value of the board and its pieces' footprints (pieces compare by
  value; the editor's uid takes no part). Shared by the three hatchway
  views: opening a door rebuilds nothing.
- BoardObstacles: a board in one view (its closed doors added), cached by
  value too, so an edit on one board rebuilds only that board.
- The free space board by board (issue 13, item 4): each board's share,
  its rectangle less its own pieces and those of the boards around it whose
  boxes reach it, cached by this board's pieces and by exactly what the
  others put on or against it (normalised, so vertex order plays no part),
  then per hatchway view less the closed doors on it; the boards' shares are
  glued along their edges as a coverage (_glued_free). An edit on one board
  redoes that board (and a neighbour it reaches across the edge) and the
  gluing, not the table. Boards laid overlapping (a finding) and layouts
  that are not rectilinear are worked out table-wide.
- Battlefield: the boards together in one view, cached by value (its free
  space, the glued shares above, made on first use); derived data (the
  visibility graph, the longest sight line) is rebuilt from the previous
  layout's after a small edit. What an edit changed is this module's
  answer, worked out once an edit and remembered for the last few pairs
  by identity (every stage asks it of the same edit): changed_pieces()
  the boxes round the pieces that went and came, changed_boxes() the
  same boxes alone, door_boxes() round the doors alone when only
  hatchways flipped, edit_boxes() the narrower of the two, the one the
  stages ask.
  battlefield(mission) is remembered per mission object as well, so the
  stages after the first do not hash the whole key again.

What an edit redoes on its board (issue 29, second pass): the moved piece
is placed (an edit's one or two pieces looked at one by one, _rectangles),
and the board's pieces gathered from what each placed piece keeps: its
rectangles, its door's box (the closed doors' strips in numpy) and its
panel slots where something stood when it was placed (an end found
standing later is worked out then); the placed-piece memo is keyed by the
placement's values as a plain tuple (a Placement hashes through two
dataclass __hash__ calls, once per piece per edit otherwise).

Spliced after an edit (issue 29, fifth round): what the edit left alone
is taken over, not made again.
- The pieces split by board (_split_pieces: layout_key and the as-set
  view's flags): the editor replaces the pieces it changes and keeps the
  other objects, so the mission after an edit is the last one split with a
  few pieces replaced in their places; those pieces' keys and flags are
  put in the last answer's places (a pass of identity tests instead of
  ~100-400 key tuples made). The unchanged boards' key tuples are the very
  objects they were.
- The edited board (_spliced_board_pieces, from the last BoardPieces made
  for that board, _last_pieces): when the same number of pieces is there
  and at most a few places differ, no pillar or wall end came or went (the
  other panels' slots stay) and no hatchway came or went (a hatchway moved
  keeps its door's place among the doors), only the changed pieces are
  placed and their slots made; the rectangles are the old ones with the
  changed pieces' rows put in their places (the pieces' and slots' row
  counts kept per piece), so the very same arrays a build makes.
- The edited board's strips (_compiled.rect_strips_spliced, a kernel of
  its own, ~0.5 MB): the rows of rect_strips are a function of the area
  alone (each interval of a cross-section, as far along as the
  cross-section keeps it), and the area changes only within the boxes
  round what went and what came. So the old rows meeting neither box's
  stretch are rows still, and the new rows meeting a stretch lie within
  the stretch widened to every old row meeting it (a new row runs on past
  the stretch only through unchanged area, where an old row meeting the
  stretch runs as far): rect_strips of the rectangles clipped to that
  window gives them. The two lists are merged in rect_strips' order
  (start across, end across, start along). What went and what came get a
  window each (a wall moved across the board: two small windows), one
  round both when the two windows meet. A pillar turned: ~35 -> ~12 us
  warm a direction.
- The doors grown into their frames (what a closed door adds to the
  strips) once per board's pieces (BoardPieces.grown_doors), picked by the
  view's closed doors, made once for both directions.
- A hatchway's panels (a multipolygon of rectangles) cut part by part in
  Python (_box_rows), not by _rectangles_all's ~20 numpy passes.
- The free space's data after an edit (asked by the stages after): its
  cuts clipped into the boards' span by np.where, its corners stacked by
  hand: np.clip's and np.stack's Python wrappers cost ~0.1 ms each on an
  edit's cold caches (0.64 -> ~0.42 ms). np.clip's answers bit for bit,
  signed zeros too (np.maximum would not keep x on a tie of 0.0 and -0.0;
  tested). np.unique stays: its hash path decides which of 0.0 and -0.0
  it keeps, and a copy could differ.
- What an edit changed (changed_pieces, sixth round): each piece that
  went or came boxed from the placed-piece memo (_placed, keyed by the
  placement's values; its solid is the very object piece_shape keeps), not
  by a Piece made and piece_shape asked (a Placement hashed per piece); a
  closed hatchway's box (its outline's) and a piece no longer remembered
  still ask piece_shape. The places of a board's pieces compared by
  identity first (the pieces an edit left alone keep their key objects).
- A zone's free parts (free_parts_meeting): a polygon that is exactly
  its box, drawn with points along the box's edges (an entry zone on the
  lattice), takes the box's way (the closed strips its box meets), not
  shapely boxes of the nearby strips and a predicate each; told exactly
  (_fills_its_box) and remembered per geometry object (tested against
  shapely's equality in tests/unit/test_free_space.py).
Held to the builds from scratch by tests/unit/test_obstacles_splice.py
(every member bit for bit after edits of every kind on 2, 4 and 8 boards;
the spliced strips against rect_strips on random rectangles, both forms
of window; the key split against a plain split); each broken on purpose
once and caught. CPU after an edit on 2 boards, as bench_stages times the
stage (gc.collect() before it, so everything it touches is cold): pillar
0.88 -> ~0.6 ms, wall 0.92 -> ~0.7 ms, hatchway 0.27 -> ~0.24 ms; what is
left is mostly placing the moved piece (geometry.piece_shapes, ~0.2 ms
cold, which the checks need anyway) and the two kernel calls' first touch.

Besides shapely geometry the battlefield carries its blocking area split into
axis-aligned rectangles (every piece and board is laid on the lattice, so
everything is rectilinear). Whether a straight segment passes through the
inside of an obstacle is then a vectorised slab test in numpy, much faster
than a shapely predicate per segment. Rectangles of one decomposition abut
along seams that a segment running exactly along a seam would slip through;
the test therefore uses rectangles cut into vertical strips for every segment
that is not vertical, and rectangles cut into horizontal strips for vertical
segments, so a segment can never run along a seam of the set it is tested
against. A segment running exactly between two blocking areas that meet face
to face (a pillar flush with the table's edge) touches both and enters
neither; it is blocked all the same, there being no width to pass. Layouts
that are not rectilinear (none can be loaded today) fall back to exact
shapely predicates.

The slab test itself runs compiled (rules/segments.py, numba) once loaded,
with numpy's answers; rectangles and segments in numpy are in rules/rects.py.
"""
from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from .. import memo
from ..catalogue import default_catalogue
from ..model.lattice import Placement
from ..model.mission import Board, Mission, Piece
from . import segments
from .geometry import PieceGeometryError, PieceShape, piece_shape, piece_shapes

# rectangles and segments in numpy (their own room; used here and by paths, sight)
from .rects import (  # noqa: F401
    GRAZE_MM,
    Box,
    _is_rectilinear,
    _polygons,
    _segments_meet_boxes_numpy,
    _slab_hits,
    _slab_hits_any,
    pairs_meeting_boxes,
    polygon_rects,
    rect_strips,
    ring_corners,
    ring_corners_of_rings,
    segments_meet_boxes,
    strips,
)

HATCH_VIEWS = ("as-set", "open", "closed")

# The keys the battlefield is remembered by: what of a piece decides its
# footprint (_piece_key), the boards with their pieces' keys (layout_key),
# and with each piece's hatchway open or not (battlefield_key).
PieceKey = tuple[Any, ...]
LayoutKey = tuple[tuple[Board, tuple[PieceKey, ...]], ...]
BattlefieldKey = tuple[tuple[Board, tuple[PieceKey, ...], tuple[bool, ...]], ...]

# How far a closed door's rectangle reaches into its frame (see BoardObstacles).
DOOR_OVERLAP_MM = 1e-3

# How far from its node a panel's slot is filled where it stands in a pillar
# or wall end (see _board_pieces): past every panel's end, short of any
# hatchway opening.
PANEL_SLOT_MM = 12.0

# Segments tested together in Battlefield.clear (bounds its peak memory).
CLEAR_CHUNK = 512
# Battlefield.clear_long tries the longest strips first (see there).
BIG_RECTS = 40


def check_hatches(hatches: str) -> str:
    if hatches not in HATCH_VIEWS:
        raise ValueError(f"hatches must be one of {', '.join(HATCH_VIEWS)}, not {hatches!r}")
    return hatches


def hatches_open(pieces: Sequence[Any], hatches: str) -> tuple[bool, ...]:
    """Whether each piece's hatchway is open in a hatchway view: the one
    place that says it. "open" and "closed" force every hatchway (the pieces
    are only counted, so their footprint keys serve as well); "as-set" takes
    each piece's own state (None or False mean closed)."""
    if hatches == "open":
        return (True,) * len(pieces)
    if hatches == "closed":
        return (False,) * len(pieces)
    return tuple(bool(p.open) for p in pieces)


def hatch_is_open(piece: Piece, hatches: str) -> bool:
    """Whether one piece's hatchway is open in a hatchway view (hatches_open)."""
    return hatches_open((piece,), hatches)[0]


def _piece_key(piece: Piece) -> PieceKey:
    """What of a piece decides its footprint (not its hatchway's state)."""
    return (piece.code, piece.from_node, piece.to_node, piece.at, piece.facing,
            piece.turned, piece.caps)


@dataclass(frozen=True)
class _PlacedPiece:
    """One piece placed, as the battlefield keeps it: its solid and door
    (geometry.PieceShape's) and its solid cut into rectangles (None when it
    is not rectilinear), with whether its door is rectilinear."""
    solid: BaseGeometry
    door: Polygon | None
    rects: np.ndarray | None
    door_rectilinear: bool
    door_rects: np.ndarray | None = None  # the door cut into rectangles (None: no door, or not rectilinear)
    door_bounds: tuple[float, float, float, float] | None = None  # the door's box (kept: asked on every edit)
    # a panel's slots (_slot) at its from and to node where a pillar or
    # wall end stood there when it was placed (None: none did): worked out
    # once with the piece, not per edit (an end found standing later is
    # worked out by _board_pieces)
    slots: tuple[Box | None, Box | None] | None = None


# one piece placed (_PlacedPiece), by its footprint key and its board's
# placement; False: it cannot be placed (it blocks nothing; the checks
# report it). Kept per piece, so that an edit re-cuts only the piece it moved.
_placed: memo.Memo = memo.Memo("obstacles.placed_pieces", 16384)


def _placement_key(placement: Placement) -> tuple[Any, ...]:
    """A board's placement by its values, as a plain tuple (the _placed
    memo's key)."""
    kind = placement.kind
    return (kind.kind, kind.name, kind.width, kind.height, kind.zones, kind.pitch, kind.border,
            placement.at, placement.rotation)


def _placed_pieces(keys: Sequence[PieceKey], placement: Placement,
                   standing: frozenset[Any] | set[Any] = frozenset()) -> list[_PlacedPiece | None]:
    """The pieces of a board placed (None: one that cannot be placed), those
    not remembered cut into rectangles together (rects.polygon_rects: one
    vectorised pass for a board's pieces, not one per piece)."""
    # keyed by the placement's values as a plain tuple: a Placement hashes
    # through two dataclass __hash__ calls (~15 us), and a board asks this
    # once per piece on every edit (50 pieces: ~0.8 ms, most of an edit)
    pk = _placement_key(placement)
    got: list[_PlacedPiece | bool | None] = [_placed.get((k, pk)) for k in keys]
    missing = [n for n, g in enumerate(got) if g is None]
    if missing:
        # placed together (geometry.piece_shapes: one transform for them all)
        shapes: dict[int, PieceShape] = {}
        for n, shape in zip(missing, piece_shapes([keys[n] for n in missing], placement, default_catalogue())):
            if shape is None:
                got[n] = _placed.put((keys[n], pk), False)
            else:
                shapes[n] = shape
        # most pieces are rectangles, or two beside a hatchway, laid square:
        # those are their own rectangles; the rest are cut together
        doors = [n for n, sh in shapes.items() if sh.door is not None]
        square = _rectangles([sh.solid for sh in shapes.values()]
                             + [cast(BaseGeometry, shapes[n].door) for n in doors])
        plain = dict(zip(shapes, square))
        door_rects = dict(zip(doors, square[len(shapes):]))
        todo = [n for n, r in plain.items() if r is None]
        hard_doors = [n for n, r in door_rects.items() if r is None]
        if todo or hard_doors:
            rects, ok = polygon_rects([shapes[n].solid for n in todo]
                                      + [cast(BaseGeometry, shapes[n].door) for n in hard_doors])
            plain.update(zip(todo, rects))
            door_rects.update(zip(hard_doors, rects[len(todo):]))
            door_ok = dict(zip(hard_doors, ok[len(todo):].tolist()))
        else:
            door_ok = {}
        cat = default_catalogue()
        for n, shape in shapes.items():
            code, from_node, to_node = keys[n][:3]
            slots = None
            if from_node is not None and to_node is not None and code in cat.pieces:
                # only the ends where something stands (a first analysis
                # places every panel: not twice the slots it needs)
                slots = (_slot(placement, from_node, to_node, cat.wall_thickness) if from_node in standing else None,
                         _slot(placement, to_node, from_node, cat.wall_thickness) if to_node in standing else None)
            got[n] = _placed.put((keys[n], pk), _PlacedPiece(
                slots=slots,
                solid=shape.solid, door=shape.door, rects=plain[n], door_rectilinear=door_ok.get(n, True),
                door_rects=door_rects.get(n),
                door_bounds=shape.door.bounds if shape.door is not None else None))
    return [g if isinstance(g, _PlacedPiece) else None for g in got]


def _rectangles(geoms: list[BaseGeometry]) -> list[np.ndarray | None]:
    """Each area that is one or a few rectangles laid square (every part a
    ring of four corners, its edges exactly along the axes, no hole), as
    those rectangles; else None (rects.polygon_rects cuts it). All at once."""
    out: list[np.ndarray | None] = [None] * len(geoms)
    if not geoms:
        return out
    if len(geoms) <= _FEW:
        # an edit places one piece or two: each looked at alone (a few
        # shapely calls, not the ~20 numpy passes below: ~45 -> ~10 us),
        # the others (several parts, or not a box) as below
        rest = []
        for i, g in enumerate(geoms):
            row = _box_rows(g)
            if row is None:
                rest.append(i)
            else:
                out[i] = row
        if rest:
            for i, got in zip(rest, _rectangles_all([geoms[i] for i in rest])):
                out[i] = got
        return out
    return _rectangles_all(geoms)


_FEW = 4  # _rectangles: up to this many areas, one at a time


def _box_rows(geom: BaseGeometry) -> np.ndarray | None:
    """One area that is a rectangle laid square, or a few (a multipolygon
    of them: a hatchway's panel either side of its door), as its rows, one
    a part in the parts' order; else None (_rectangles' test: each part a
    ring of four corners, its edges exactly along the axes, no hole)."""
    if isinstance(geom, MultiPolygon):
        rows = [_box_row(g) for g in geom.geoms]
        if not rows or any(r is None for r in rows):
            return None
        return np.array(rows)
    row = _box_row(geom)
    return np.array([row]) if row is not None else None


def _box_row(geom: BaseGeometry) -> list[float] | None:
    """_box_rows of one polygon: its row x0, y0, x1, y1, or None."""
    if not isinstance(geom, Polygon) or shapely.get_num_interior_rings(geom) != 0:
        return None
    c = shapely.get_coordinates(geom).tolist()
    if len(c) != 5 or not all(a[0] == b[0] or a[1] == b[1] for a, b in zip(c, c[1:])):
        return None
    xs = [p[0] for p in c]
    ys = [p[1] for p in c]
    return [min(xs), min(ys), max(xs), max(ys)]


def _rectangles_all(geoms: list[BaseGeometry]) -> list[np.ndarray | None]:
    """_rectangles, all at once (vectorised)."""
    out: list[np.ndarray | None] = [None] * len(geoms)
    parts, of = shapely.get_parts(np.array(geoms, dtype=object), return_index=True)
    c, part = shapely.get_coordinates(parts, return_index=True)
    size = np.bincount(part, minlength=len(parts))
    good = (shapely.get_type_id(parts) == 3) & (shapely.get_num_interior_rings(parts) == 0) & (size == 5)
    rows = np.zeros((len(parts), 4))
    if good.any():
        corners = c[good[part]].reshape(-1, 5, 2)
        d = corners[:, 1:] - corners[:, :-1]
        square = ((d[:, :, 0] == 0) | (d[:, :, 1] == 0)).all(axis=1)
        good[np.nonzero(good)[0][~square]] = False
        rows[good] = np.concatenate([corners[square].min(axis=1), corners[square].max(axis=1)], axis=1)
    # an area is its rectangles when it has parts and every one is good
    bad = np.bincount(of[~good], minlength=len(geoms))
    count = np.bincount(of, minlength=len(geoms))
    split = np.r_[0, np.cumsum(count)]
    for i in np.nonzero((bad == 0) & (count > 0))[0].tolist():
        out[i] = rows[split[i]:split[i + 1]]
    return out


@dataclass(eq=False)
class BoardPieces:
    """One board's pieces as placed, whatever state their hatchways are in:
    what always blocks, and every hatchway's door. Shared by the three
    hatchway views, so opening a hatchway rebuilds nothing here.

    Kept as rectangles (issue 29): `rects`, every always-blocking part cut
    into axis-aligned rectangles (overlapping, as the pieces do), from
    which the strips are made directly (rects.rect_strips, the same rows as
    strips of the union). The union itself (`solid`) is made only when
    asked (the free space, the standing areas, the overlays)."""
    placement: Placement
    slot_rects: np.ndarray            # the panels' slots (_board_pieces), rows x0, y0, x1, y1
    piece_solids: tuple[BaseGeometry, ...]  # each piece's always-blocking part
    doors: tuple[Polygon, ...]        # each hatchway's gap, in piece order
    door_pieces: tuple[int, ...]      # index (among the board's pieces) of each door's piece
    rects: np.ndarray | None = None   # the parts as rectangles (None: a part is not rectilinear)
    doors_rectilinear: bool = True
    door_rects: tuple[np.ndarray | None, ...] = ()  # each door cut into rectangles (None: not rectilinear)
    door_bounds: np.ndarray = field(default_factory=lambda: np.zeros((0, 4)))  # each door's box, rows x0, y0, x1, y1
    # what the boards round this one ask of it after every edit (what it
    # puts on their rectangles: the free space's and the standing area's
    # keys), remembered with it; bounded: the boards round one (8 at most)
    # times the few base sizes asked, both keys, with room for boards moved
    reach_memo: memo.Memo = field(default_factory=lambda: memo.Memo("obstacles.reach_memo", 64, registered=False))
    # what the next edit's board is spliced from (_spliced_board_pieces):
    # the pieces' keys, each piece placed (None: it cannot be), how many
    # slots each fills, where pillars and wall ends stand
    key: tuple[PieceKey, ...] = ()
    placed: tuple[_PlacedPiece | None, ...] = ()
    slot_counts: tuple[int, ...] = ()
    rect_counts: tuple[int, ...] = ()  # how many rows of rects each piece has (after the slots')
    standing: frozenset[Any] = frozenset()
    # spliced (_spliced_board_pieces): the boxes round the rectangles that
    # went and that came (None: none) and the last pieces' strips (vertical,
    # horizontal), each let go once its strips are made from it; None: built
    changed: tuple[Box | None, Box | None] | None = None
    base_strips: list[np.ndarray | None] = field(default_factory=lambda: [None, None])
    door_grown: np.ndarray | None = None  # grown_doors, when the last pieces had them (the same doors)

    @property
    def parts(self) -> list[BaseGeometry]:
        """The always-blocking parts, the slots first: united, the solid."""
        slots: list[BaseGeometry] = list(shapely.box(*self.slot_rects.T)) if len(self.slot_rects) else []
        return slots + list(self.piece_solids)

    @functools.cached_property
    def solid(self) -> BaseGeometry:
        """The union of the always-blocking parts."""
        # GEOS's disjoint-subset union: the pieces fall into groups that touch
        # nothing outside their group, each united alone (4-6x quicker than one
        # union of them all on a full board). The same area as the plain union,
        # its vertices in another order: nothing hangs on that order (the
        # longest line's ties have a rule of their own, rules/longest.py).
        parts = self.parts
        return shapely.disjoint_subset_union_all(parts) if parts else Polygon()

    @functools.cached_property
    def solid_and_doors(self) -> BaseGeometry:
        """Everything a base may not end a move on: walls, and hatchways
        whether open or closed (rules digest)."""
        # GEOS's disjoint-subset union of the solid's parts and the doors:
        # only the parts a door meets are united again (the same area as
        # the plain union, 2.1 -> 1.5 ms on a full board)
        return shapely.disjoint_subset_union_all([*_polygons(self.solid), *self.doors]) if self.doors else self.solid

    @functools.cached_property
    def rectilinear(self) -> bool:
        if not self.doors_rectilinear:
            return False
        # every part rectilinear: so is their union (its edges are pieces of
        # theirs); else the union decides, as it always did
        return self.rects is not None or _is_rectilinear(self.solid)

    @functools.cached_property
    def solid_bounds(self) -> tuple[float, float, float, float]:
        return self.solid.bounds

    def reach_key(self, rect: tuple[float, float, float, float]) -> bytes:
        """_reach_key of the solid on a rectangle, remembered (the boards
        round an edited one ask it again after every edit)."""
        got: bytes | None = self.reach_memo.get(("free", rect))
        if got is None:
            got = self.reach_memo.put(("free", rect), _reach_key(self.reach_clip(rect)))
        return got

    def reach_clip(self, rect: tuple[float, float, float, float]) -> BaseGeometry:
        """The solid on a rectangle and against its edges (a hair round
        it), remembered: what a board's free space is cut by of this
        board's pieces (_glued_free)."""
        # (in the board's reach memo: bounded with it)
        got: BaseGeometry | None = self.reach_memo.get(("clip", rect))
        if got is None:
            got = self.reach_memo.put(("clip", rect), _clipped(self.solid, rect))
        return got

    def _strips(self, vertical: bool) -> np.ndarray:
        if not self.rectilinear:
            return np.zeros((0, 4))
        if self.rects is not None:
            side = 0 if vertical else 1
            base = self.base_strips[side]
            self.base_strips[side] = None  # (no chain of boards kept alive)
            if base is not None:
                if self.changed is None:
                    return base  # no rectangle went or came: the same area
                k = segments.kernel()
                if k is not None:
                    # only round what went and what came (see _spliced_board_pieces)
                    a, b = (0, 2) if vertical else (1, 3)
                    spans = [(box[a], box[b]) for box in self.changed if box is not None]
                    lo2, hi2 = spans[1] if len(spans) > 1 else (1.0, 0.0)  # (lo2 > hi2: none)
                    rects = self.rects if self.rects.flags.c_contiguous else np.ascontiguousarray(self.rects)
                    got: np.ndarray = k.rect_strips_spliced(rects, base, spans[0][0], spans[0][1], lo2, hi2, vertical)
                    return got
            return rect_strips(self.rects, vertical)
        return strips(self.solid, vertical)

    @functools.cached_property
    def grown_doors(self) -> np.ndarray:
        """Every door's box grown into its frame as the strips take a closed
        door (_grown_doors), in door order."""
        return self.door_grown if self.door_grown is not None else _grown_doors(self.door_bounds)

    @functools.cached_property
    def solid_vrects(self) -> np.ndarray:
        return self._strips(True)

    @functools.cached_property
    def solid_hrects(self) -> np.ndarray:
        return self._strips(False)


def _grown_doors(b: np.ndarray) -> np.ndarray:
    """Doors' boxes (rows x0, y0, x1, y1) grown DOOR_OVERLAP_MM along the
    wall into the frame, all at once (the same float arithmetic as one
    door at a time)."""
    out: np.ndarray = b.copy()
    wide = (b[:, 2] - b[:, 0]) >= (b[:, 3] - b[:, 1])
    out[wide, 0] = b[wide, 0] - DOOR_OVERLAP_MM
    out[wide, 2] = b[wide, 2] + DOOR_OVERLAP_MM
    out[~wide, 1] = b[~wide, 1] - DOOR_OVERLAP_MM
    out[~wide, 3] = b[~wide, 3] + DOOR_OVERLAP_MM
    return out


def _slot(placement: Placement, node: Any, other: Any, wall_thickness: float) -> tuple[float, float, float, float]:
    """The slot of a panel from `node` towards `other` where it stands in a
    pillar or wall end at `node` (_board_pieces)."""
    thick = wall_thickness / 2
    x0, y0 = placement.node_table(node)
    x1, y1 = placement.node_table(other)
    length = max(abs(x1 - x0), abs(y1 - y0)) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    ex, ey = x0 + ux * PANEL_SLOT_MM, y0 + uy * PANEL_SLOT_MM
    return (min(x0, ex) - abs(uy) * thick, min(y0, ey) - abs(ux) * thick,
            max(x0, ex) + abs(uy) * thick, max(y0, ey) + abs(ux) * thick)


# (128 versions of boards: every edit of a board adds a version of it, and
# the bound is the memory a long session keeps; benchmarks/README.md, seventh round)
@memo.cached(128)
def _board_pieces(board: Board, key: tuple[PieceKey, ...]) -> BoardPieces:
    """One board's pieces placed (BoardPieces): spliced from the last ones
    made for this board when an edit changed a piece or two
    (_spliced_board_pieces), else built (_build_board_pieces)."""
    last: BoardPieces | None = _last_pieces.get(board)
    got = _spliced_board_pieces(last, key) if last is not None else None
    if got is None:
        got = _build_board_pieces(board, key)
    _last_pieces.put(board, got)
    return got


# the last BoardPieces made for each board (by its value), what the next
# edit on it is spliced from
_last_pieces: memo.Memo = memo.Memo("obstacles.last_board_pieces", 16)

# _spliced_board_pieces: at most this many pieces changed
_SPLICE_PIECES = 4


def _piece_slots(row: PieceKey, placed: _PlacedPiece | None, standing: frozenset[Any] | set[Any],
                 placement: Placement, wall_thickness: float, codes: Any) -> list[Box]:
    """The slots one piece fills (_board_pieces): a panel's at each end
    where a pillar or wall end stands; the slots kept with the placed piece
    (the same _slot), else made here."""
    code, from_node, to_node = row[:3]
    if from_node is None or to_node is None or code not in codes:
        return []
    if from_node not in standing and to_node not in standing:
        return []
    ends = placed.slots if placed is not None and placed.slots is not None else (None, None)
    out: list[Box] = []
    if from_node in standing:
        s0 = ends[0]
        out.append(s0 if s0 is not None else _slot(placement, from_node, to_node, wall_thickness))
    if to_node in standing:
        s1 = ends[1]
        out.append(s1 if s1 is not None else _slot(placement, to_node, from_node, wall_thickness))
    return out


def _build_board_pieces(board: Board, key: tuple[PieceKey, ...]) -> BoardPieces:
    cat = default_catalogue()
    placement = Placement.of(board, cat)
    slots: list[tuple[float, float, float, float]] = []
    doors: list[Polygon] = []
    door_pieces: list[int] = []
    # Panels slot into the pillar or wall end they stand on. The catalogue's
    # footprints keep panels a few mm short of the node (a 176 mm panel on a
    # 194 mm span ends 9 mm from it) and a wall end reaches only 7 mm along
    # the wall, which would leave a 2 mm slit a tape measure or a sight line
    # could pass. Fill the panel's slot from the node to its end, wall thick.
    standing = frozenset(k[3] for k in key if k[3] is not None)
    placed_pieces = _placed_pieces(key, placement, standing)
    slot_counts: list[int] = []
    for row, placed in zip(key, placed_pieces):
        mine = _piece_slots(row, placed, standing, placement, cat.wall_thickness, cat.pieces)
        slots += mine
        slot_counts.append(len(mine))
    slot_rects = np.array(slots, dtype=float).reshape(-1, 4)
    solids: list[BaseGeometry] = []
    rects: list[np.ndarray] | None = [slot_rects]
    doors_ok = True
    door_rects: list[np.ndarray | None] = []
    door_bounds: list[tuple[float, float, float, float]] = []
    for n, placed in enumerate(placed_pieces):
        if placed is None:
            continue  # a piece that cannot be placed blocks nothing; the checks report it
        solids.append(placed.solid)
        if rects is not None:
            if placed.rects is None:
                rects = None
            else:
                rects.append(placed.rects)
        if placed.door is not None:
            doors.append(placed.door)
            door_rects.append(placed.door_rects)
            door_bounds.append(placed.door_bounds if placed.door_bounds is not None else placed.door.bounds)
            door_pieces.append(n)
            doors_ok = doors_ok and placed.door_rectilinear
    return BoardPieces(placement=placement, slot_rects=slot_rects, piece_solids=tuple(solids), doors=tuple(doors),
                       door_pieces=tuple(door_pieces),
                       rects=np.concatenate(rects) if rects is not None else None,
                       doors_rectilinear=doors_ok, door_rects=tuple(door_rects),
                       door_bounds=np.array(door_bounds, dtype=float).reshape(-1, 4),
                       key=key, placed=tuple(placed_pieces), slot_counts=tuple(slot_counts),
                       rect_counts=tuple(len(p.rects) if p is not None and p.rects is not None else 0
                                         for p in placed_pieces), standing=standing)


def _spliced_board_pieces(last: BoardPieces, key: tuple[PieceKey, ...]) -> BoardPieces | None:
    """_build_board_pieces(board, key) made from the board's last pieces
    (`last`, the same board) when an edit changed a few pieces in their
    places (the same number of pieces, at most _SPLICE_PIECES places
    differ), each placed before and after, none with a door, every one
    rectilinear, and no pillar or wall end came or went (the slots of the
    other panels stay): only the changed pieces are looked at (placed,
    their slots made), and the arrays are the old ones with the changed
    pieces' rows put in their places, so the very same rows in the very
    same order as a build (tests/unit/test_obstacles_splice.py). None when
    it cannot tell (then the board is built)."""
    old = last.key
    if len(old) != len(key) or not last.placed or last.rects is None:
        return None
    at = [i for i, (a, b) in enumerate(zip(old, key)) if a is not b and a != b]
    if not at or len(at) > _SPLICE_PIECES:
        return None
    for i in at:
        if old[i][3] != key[i][3]:
            return None  # a pillar or wall end may have come or gone: other panels' slots
        was = last.placed[i]
        if was is None or was.rects is None:
            return None
    cat = default_catalogue()
    placement = last.placement
    standing = last.standing
    if len(last.piece_solids) != len(old):
        return None  # a piece that cannot be placed: the solids are not the pieces' in order
    came = _placed_pieces([key[i] for i in at], placement, standing)
    doors = list(last.doors)
    door_rects = list(last.door_rects)
    door_bounds = last.door_bounds
    for i, p in zip(at, came):
        if p is None or p.rects is None:
            return None
        if (last.placed[i].door is None) != (p.door is None):  # type: ignore[union-attr]
            return None  # a hatchway came or went: the doors' numbering changes
        if p.door is not None:
            # a hatchway moved: its door in its place among the doors
            if not (p.door_rectilinear and last.doors_rectilinear) or i not in last.door_pieces:
                return None
            j = last.door_pieces.index(i)
            doors[j] = p.door
            door_rects[j] = p.door_rects
            if door_bounds is last.door_bounds:
                door_bounds = door_bounds.copy()
            door_bounds[j] = p.door_bounds if p.door_bounds is not None else p.door.bounds
    placed = list(last.placed)
    counts = list(last.slot_counts)
    # the old slot rows and piece rows, cut at each changed piece
    slot_ends = [0, *itertools.accumulate(counts)]
    rect_counts = list(last.rect_counts)
    rect_ends = [0, *itertools.accumulate(rect_counts)]
    nslots = slot_ends[-1]
    old_slots, old_rects = last.slot_rects, last.rects[nslots:]
    slot_parts: list[np.ndarray] = []
    rect_parts: list[np.ndarray] = []
    s_from = r_from = 0
    solids = list(last.piece_solids)
    went: list[np.ndarray] = []  # every rectangle that went, and that came
    came_rows: list[np.ndarray] = []
    for i, p in zip(at, came):
        p = cast(_PlacedPiece, p)
        mine = np.array(_piece_slots(key[i], p, standing, placement, cat.wall_thickness, cat.pieces),
                        dtype=float).reshape(-1, 4)
        slot_parts += [old_slots[s_from:slot_ends[i]], mine]
        rect_parts += [old_rects[r_from:rect_ends[i]], cast(np.ndarray, p.rects)]
        went += [old_slots[slot_ends[i]:slot_ends[i + 1]], old_rects[rect_ends[i]:rect_ends[i + 1]]]
        came_rows += [mine, cast(np.ndarray, p.rects)]
        s_from, r_from = slot_ends[i + 1], rect_ends[i + 1]
        counts[i] = len(mine)
        rect_counts[i] = len(cast(np.ndarray, p.rects))
        placed[i] = p
        solids[i] = p.solid
    slot_parts.append(old_slots[s_from:])
    rect_parts.append(old_rects[r_from:])
    # (no slot came or went, a pillar turned: the same slots)
    slot_rects = old_slots if all(not len(a) for a in slot_parts[1::2]) and all(
        counts[i] == last.slot_counts[i] == 0 for i in at) else np.concatenate(slot_parts)
    # the area can differ only within the boxes round what went and what
    # came (a few rows: in Python, one numpy call each, not five)
    boxes: list[Box | None] = []
    for rows in (went, came_rows):
        d = np.concatenate(rows).tolist()
        boxes.append((min(r[0] for r in d), min(r[1] for r in d), max(r[2] for r in d), max(r[3] for r in d))
                     if d else None)
    changed = (boxes[0], boxes[1]) if boxes[0] is not None or boxes[1] is not None else None
    same_doors = door_bounds is last.door_bounds
    return BoardPieces(placement=placement, slot_rects=slot_rects, piece_solids=tuple(solids),
                       doors=last.doors if same_doors else tuple(doors), door_pieces=last.door_pieces,
                       rects=np.concatenate([slot_rects, *rect_parts]), doors_rectilinear=last.doors_rectilinear,
                       door_rects=last.door_rects if same_doors else tuple(door_rects), door_bounds=door_bounds,
                       key=key, placed=tuple(placed), slot_counts=tuple(counts), rect_counts=tuple(rect_counts),
                       standing=standing, changed=changed,
                       base_strips=[last.solid_vrects, last.solid_hrects] if last.rectilinear else [None, None],
                       door_grown=last.grown_doors if same_doors else None)


@dataclass(eq=False)
class BoardObstacles:
    """One board's pieces as obstacles, with its hatchways as the view sets them."""
    pieces: BoardPieces
    closed_doors: tuple[Polygon, ...]  # closed hatchways: they block like the wall
    open_doors: tuple[Polygon, ...]    # open hatchway gaps (movement passes)
    closed_door_rects: tuple[np.ndarray | None, ...] = ()  # the closed doors cut into rectangles
    closed_bounds: np.ndarray | None = None  # the closed doors' boxes (from the pieces'; None: ask the doors)
    shut: np.ndarray | None = None  # which of the pieces' doors are closed (bool, door order; with closed_bounds)

    @property
    def placement(self) -> Placement:
        return self.pieces.placement

    @property
    def rectilinear(self) -> bool:
        return self.pieces.rectilinear

    @functools.cached_property
    def blocking(self) -> BaseGeometry:
        """The union of what blocks (not clipped to the boards)."""
        bp = self.pieces
        return unary_union([bp.solid, *self.closed_doors]) if self.closed_doors else bp.solid

    @functools.cached_property
    def closed_door_bounds(self) -> np.ndarray:
        if self.closed_bounds is not None:
            return self.closed_bounds
        return shapely.bounds(np.array(self.closed_doors, dtype=object)).reshape(-1, 4)

    @functools.cached_property
    def door_strips(self) -> np.ndarray:
        """The closed doors as the strips take them (_door_rects), made once
        for both directions."""
        return self._door_rects()

    def _door_rects(self) -> np.ndarray:
        # A closed door meets its frame face to face across the wall; grown a
        # hair along the wall into the frame (solid there anyway) so that no
        # seam runs across the wall between them (_grown_doors). Every door
        # of the board grown once with its pieces (shared by the hatchway
        # views: an opened or closed hatchway only picks its rows again).
        if self.closed_bounds is not None and self.shut is not None:
            picked: np.ndarray = self.pieces.grown_doors[self.shut]
            return picked
        return _grown_doors(self.closed_door_bounds)

    @functools.cached_property
    def free_rects(self) -> np.ndarray | None:
        """What blocks on this board cut into rectangles, as the free space
        is made from them (Battlefield._free_data): the pieces' rectangles
        and each closed door's own (not grown into its frame as in the
        strips); None when one is not rectilinear."""
        rects = self.pieces.rects
        if rects is None or not self.rectilinear:
            return None
        if not self.closed_doors:
            return rects
        doors = self.closed_door_rects
        if len(doors) != len(self.closed_doors) or any(d is None for d in doors):
            return None
        return np.concatenate([rects, *cast(tuple[np.ndarray, ...], doors)])

    @functools.cached_property
    def vrects(self) -> np.ndarray:
        if not self.rectilinear:
            return np.zeros((0, 4))
        return np.concatenate([self.pieces.solid_vrects, self.door_strips])

    @functools.cached_property
    def hrects(self) -> np.ndarray:
        if not self.rectilinear:
            return np.zeros((0, 4))
        return np.concatenate([self.pieces.solid_hrects, self.door_strips])


# (a board version's three hatchway views: 256, see _board_pieces)
@memo.cached(256)
def _board_obstacles(board: Board, key: tuple[PieceKey, ...], open_flags: tuple[bool, ...]) -> BoardObstacles:
    """open_flags: for each piece of the board, whether its hatchway is open."""
    bp = _board_pieces(board, key)
    shut = [not open_flags[n] for n in bp.door_pieces]
    closed = tuple(d for d, c in zip(bp.doors, shut) if c)
    opened = tuple(d for d, c in zip(bp.doors, shut) if not c)
    closed_rects = tuple(r for r, c in zip(bp.door_rects, shut) if c)
    mask = np.array(shut, dtype=bool)
    fits = len(bp.door_bounds) == len(shut)
    return BoardObstacles(pieces=bp, closed_doors=closed, open_doors=opened, closed_door_rects=closed_rects,
                          closed_bounds=bp.door_bounds[mask] if fits else None, shut=mask if fits else None)


def board_obstacles(mission: Mission, board: Board, hatches: str = "as-set") -> BoardObstacles:
    pieces = [p for p in mission.pieces if p.board == board.id]
    return _board_obstacles(board, tuple(_piece_key(p) for p in pieces), hatches_open(pieces, hatches))


# Up to this many points, _FreeData.part_at looks each up on its own.
_FEW_POINTS = 8


class _FreeData:
    """The free space as _compiled.free_space makes it: the slabs between
    the cuts, each slab's free strips (closed intervals y0..y1, by slab,
    then y) with their part, and the corners of the rings (see there)."""

    def __init__(self, cuts: np.ndarray, slab_start: np.ndarray, sy0: np.ndarray, sy1: np.ndarray,
                 part: np.ndarray, parts: int, cx: np.ndarray, cy: np.ndarray, cin: np.ndarray,
                 cout: np.ndarray, prv: np.ndarray, nxt: np.ndarray, cpart: np.ndarray):
        self.cuts, self.slab_start, self.sy0, self.sy1, self.part, self.parts = (
            cuts, slab_start, sy0, sy1, part, parts)
        self.cx, self.cy, self.cin, self.cout, self.prv, self.nxt, self.cpart = cx, cy, cin, cout, prv, nxt, cpart

    def polygon(self, k: int) -> Polygon:
        """Part k as a polygon, from its rings (each followed from corner to
        next corner): its one counter-clockwise ring the shell, the others
        holes. Rings never touch themselves (see _compiled.free_space), so
        the polygon is valid, the same area as the free space's part."""
        on = np.nonzero(self.cpart == k)[0]
        # the rings followed in Python over plain lists (a step is cheap);
        # their shoelace areas and the rings themselves made for all of
        # them at once (per ring in numpy, a part with fifty holes cost
        # ~1.7 ms, and a route's zone asks for its part after most edits
        # near it)
        nxt = self.nxt.tolist()
        seen = np.zeros(len(nxt), dtype=bool)
        seq: list[int] = []
        starts: list[int] = []
        for start in on.tolist():
            if seen[start]:
                continue
            starts.append(len(seq))
            q = start
            while True:
                seq.append(q)
                seen[q] = True
                q = nxt[q]
                if q == start:
                    break
        if not seq:
            return Polygon()
        idx = np.array(seq, dtype=np.int64)
        first = np.array(starts, dtype=np.int64)
        sizes = np.diff(np.append(first, len(idx)))
        ring = np.repeat(np.arange(len(first)), sizes)
        x, y = self.cx[idx], self.cy[idx]
        after = np.arange(1, len(idx) + 1)
        after[first + sizes - 1] = first  # each ring's last corner goes back to its first
        area2 = np.add.reduceat(x * y[after] - x[after] * y, first)
        ccw = np.nonzero(area2 > 0)[0]
        if len(ccw) == 0:
            return Polygon()
        rings: np.ndarray = np.asarray(shapely.linearrings(np.stack([x, y], axis=1), indices=ring), dtype=object)
        shell = int(ccw[0])  # the first counter-clockwise ring, as followed
        holes = np.delete(rings, shell)
        return cast(Polygon, shapely.polygons(rings[shell], holes=holes if len(holes) else None))

    @functools.cached_property
    def slab(self) -> np.ndarray:
        """Each strip's slab."""
        return np.repeat(np.arange(len(self.slab_start) - 1), np.diff(self.slab_start))

    def part_at(self, pts: np.ndarray) -> np.ndarray:
        """The lowest part whose closed strips hold each point, -1 where none:
        a point on a cut is looked for in the slabs on both sides."""
        n = len(pts)
        m = len(self.cuts) - 1
        if m < 1 or len(self.part) == 0 or n == 0:
            return np.full(n, -1, dtype=np.int64)
        if n <= _FEW_POINTS:
            return self._part_at_few(pts, m)
        none = np.iinfo(np.int64).max
        best = np.full(n, none, dtype=np.int64)
        x, y = pts[:, 0], pts[:, 1]
        # the slab with cuts[k] <= x < cuts[k + 1], and the one with
        # cuts[k] < x <= cuts[k + 1] (the same one unless x is on a cut)
        for k in (np.searchsorted(self.cuts, x, "right") - 1, np.searchsorted(self.cuts, x, "left") - 1):
            ok = (k >= 0) & (k < m)
            kk = np.clip(k, 0, m - 1)
            # the last strip of the slab starting at or below y (a binary
            # search in each point's own slab, all points at once)
            first = self.slab_start[kk]
            lo, hi = first.copy(), self.slab_start[kk + 1].copy()
            while True:
                go = lo < hi
                if not go.any():
                    break
                mid = np.minimum((lo + hi) // 2, len(self.sy0) - 1)
                below = go & (self.sy0[mid] <= y)
                lo = np.where(below, mid + 1, lo)
                hi = np.where(go & ~below, mid, hi)
            q = np.maximum(lo - 1, 0)
            hit = ok & (lo - 1 >= first) & (self.sy0[q] <= y) & (self.sy1[q] >= y)
            best = np.where(hit, np.minimum(best, self.part[q]), best)
        return np.where(best == none, -1, best)

    def _part_at_few(self, pts: np.ndarray, m: int) -> np.ndarray:
        """part_at for a handful of points (a measure's two ends, a zone's
        corner): the same search point by point in Python, one bisection of
        the point's own slab each. part_at's array passes cost ~85 us a call
        whatever the number of points (a loop of whole-array steps); the
        rules ask for one to four points twice an edit. Held equal to the
        array passes by tests/unit/test_free_space.py."""
        cuts, start, sy0, sy1, part = self.cuts, self.slab_start, self.sy0, self.sy1, self.part
        out = np.full(len(pts), -1, dtype=np.int64)
        for i, (x, y) in enumerate(pts.tolist()):
            best = -1
            for k in {int(cuts.searchsorted(x, "right")) - 1, int(cuts.searchsorted(x, "left")) - 1}:
                if not 0 <= k < m:
                    continue
                first, end = int(start[k]), int(start[k + 1])
                # the last strip of the slab starting at or below y
                q = first + int(sy0[first:end].searchsorted(y, "right")) - 1
                if q >= first and sy0[q] <= y <= sy1[q]:
                    p = int(part[q])
                    best = p if best < 0 else min(best, p)
            out[i] = best
        return out


def _is_box(geom: BaseGeometry) -> bool:
    """A polygon that is exactly its bounding box (its ring the box's four
    corners, no hole)."""
    if not isinstance(geom, Polygon) or geom.interiors or shapely.get_num_coordinates(geom) != 5:
        return False
    x0, y0, x1, y1 = geom.bounds
    return {tuple(c) for c in np.asarray(geom.exterior.coords)} == {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}


def _fills_its_box(geom: BaseGeometry) -> bool:
    """A polygon that is exactly its bounding box as a point set, maybe
    with points along the box's edges (an entry zone drawn on the lattice
    has a vertex at every node it passes, so _is_box does not see it): no
    hole, every edge lies along a side of the box, and the ring's
    directions (east, north, west, south; edges of no length left out)
    turn four times, all the same way, never back. Then the ring runs once
    round the box from corner to corner: each turn can only be at a
    corner of the box (a run east along the bottom that turns north ends
    on the right side). Exact: coordinates are only compared. Remembered
    per geometry object (a zone's shape is asked after every edit near it)."""
    got: tuple[BaseGeometry, bool] | None = _box_like.get(id(geom))
    if got is not None and got[0] is geom:
        return got[1]
    made = _fills_its_box_worked_out(geom)
    _box_like.put(id(geom), (geom, made))
    return made


_box_like: memo.Memo = memo.Memo("obstacles.box_like", 32)


def _fills_its_box_worked_out(geom: BaseGeometry) -> bool:
    if not isinstance(geom, Polygon) or geom.is_empty or geom.interiors:
        return False
    x0, y0, x1, y1 = geom.bounds
    if not (x1 > x0 and y1 > y0):
        return False
    c = shapely.get_coordinates(geom.exterior)
    x, y = c[:, 0], c[:, 1]
    dx, dy = x[1:] - x[:-1], y[1:] - y[:-1]
    run = (dx != 0) | (dy != 0)
    xa, ya, dx, dy = x[:-1][run], y[:-1][run], dx[run], dy[run]
    level, upright = dy == 0, dx == 0
    if not np.all((level & ((ya == y0) | (ya == y1))) | (upright & ((xa == x0) | (xa == x1)))):
        return False  # (an edge on the slant, or off the box's sides)
    d = np.where(level, np.where(dx > 0, 0, 2), np.where(dy > 0, 1, 3))
    turn = (np.roll(d, -1) - d) % 4
    turns = turn[turn != 0]
    return len(turns) == 4 and (bool(np.all(turns == 1)) or bool(np.all(turns == 3)))


def _free_space_data(k: Any, rects: np.ndarray, boards: np.ndarray) -> _FreeData:
    """The free space as data (_compiled.free_space, k: segments.kernel()),
    the cuts (every x of a board, and of a rectangle within the boards'
    span) sorted here in numpy for the kernel."""
    bx0, bx1 = boards[:, 0].min(), boards[:, 2].max()
    r = rects[(rects[:, 2] > rects[:, 0]) & (rects[:, 3] > rects[:, 1]) & (rects[:, 2] > bx0) & (rects[:, 0] < bx1)]
    # each rectangle's x within the span (r's x0 < bx1 and x1 > bx0
    # already): np.clip's answers, each x kept unless strictly outside, by
    # np.where (np.clip's Python wrapper cost ~80 us a call on an edit's
    # cold caches; np.maximum would not keep x on a tie of 0.0 and -0.0)
    cuts = np.unique(np.concatenate([boards[:, 0], boards[:, 2], np.where(r[:, 0] < bx0, bx0, r[:, 0]),
                                     np.where(r[:, 2] > bx1, bx1, r[:, 2])]))
    got = k.free_space(np.ascontiguousarray(r), cuts, np.ascontiguousarray(boards))
    return _FreeData(cuts, *got)


def _numbered_parts(polys: list[Polygon]) -> list[Polygon]:
    """The free space's parts in the order the strips number them: by
    their lowest-left point (the least x, then the least y there)."""
    keys = []
    for p in polys:
        c = np.asarray(p.exterior.coords)
        i = np.lexsort((c[:, 1], c[:, 0]))[0]
        keys.append((c[i, 0], c[i, 1]))
    return [polys[i] for i in sorted(range(len(polys)), key=lambda i: keys[i])]


def _polygon_corners(polys: list[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Battlefield.free_ring_corners from the parts' polygons (while the
    compiled free space loads, and for layouts that are not rectilinear):
    rects.ring_corners less the points where a ring runs straight on, each
    corner's neighbours the true corners before and after it, in the
    strips' order (x, y, direction coming in)."""
    c, prev, nxt, part, ring = ring_corners_of_rings(polys)
    cross = (c[:, 0] - prev[:, 0]) * (nxt[:, 1] - c[:, 1]) - (c[:, 1] - prev[:, 1]) * (nxt[:, 0] - c[:, 0])
    keep = np.nonzero(cross != 0)[0]
    c, ring, part = c[keep], ring[keep], part[keep]
    if len(c) == 0:
        empty = np.zeros((0, 2))
        return empty, empty, empty, np.zeros(0, dtype=np.int64)
    start = np.r_[0, np.nonzero(np.diff(ring))[0] + 1]
    size = np.diff(np.r_[start, len(ring)])
    s0 = np.repeat(start, size)
    n = np.repeat(size, size)
    pos = np.arange(len(ring)) - s0
    prev = c[s0 + (pos - 1) % n]
    nxt = c[s0 + (pos + 1) % n]
    d = c - prev
    came = np.where(d[:, 0] > 0, 0, np.where(d[:, 1] > 0, 1, np.where(d[:, 0] < 0, 2, 3)))
    order = np.lexsort((came, c[:, 1], c[:, 0]))
    return c[order], prev[order], nxt[order], part[order].astype(np.int64)


@dataclass(eq=False)
class Battlefield:
    """The boards and what blocks on them, for one hatchway view.

    area:      union of the board rectangles
    obstacles: what blocks, clipped to the area (made when asked)
    free:      area minus obstacles (closed: touching a wall is allowed;
               made when asked: the free_* members answer without it)
    boards:    the per-board obstacles, in mission order
    vrects, hrects: the blocking set (obstacles and everything off the
               boards inside the bounding box) as vertical / horizontal strips
    """
    area: BaseGeometry
    boards: tuple[BoardObstacles, ...]
    board_ids: tuple[str, ...]
    vrects: np.ndarray
    hrects: np.ndarray
    rectilinear: bool
    cache: dict[Hashable, Any] = field(default_factory=dict)  # derived data: graphs, sight...
    key: BattlefieldKey = ()                   # per board: (board, piece keys, open flags)
    outside: np.ndarray = field(default_factory=lambda: np.zeros((0, 4)))  # off the boards, as strips

    def __hash__(self) -> int:
        return id(self)

    @functools.cached_property
    def free(self) -> BaseGeometry:
        """The boards less what blocks, made when first asked (issue 29:
        the segment tests need only the strips)."""
        return _free_space(tuple(b for b, _, _ in self.key), self.boards, self.rectilinear)

    # -- the free space as data (issue 29) ----------------------------------
    # What the route graph, the longest line and the checks ask of the free
    # space on every edit, without their asking for its polygon: its parts
    # (the pieces of free space no route joins, numbered 0..free_part_count-1)
    # and the corners of their rings. See the module's notes ("The free
    # space as data") for how they are made and what they promise.

    @functools.cached_property
    def _free_data(self) -> _FreeData | None:
        """The free space as strips, parts and corners (the compiled
        _compiled.free_space), or None while it loads, without numba, or
        for a layout that is not rectilinear: then the polygon answers."""
        if not self.rectilinear or not self.boards:
            return None
        k = segments.kernel()
        if k is None:
            return None
        rects = [bo.free_rects for bo in self.boards]
        if any(r is None for r in rects):
            return None
        boards = np.array([bo.placement.bounds for bo in self.boards], dtype=float).reshape(-1, 4)
        data = _free_space_data(k, np.concatenate(cast(list[np.ndarray], rects)), boards)
        if len(data.nxt) and (data.nxt.min() < 0 or data.prv.min() < 0):
            return None  # a ring not closed: never seen; the polygon answers
        return data

    @functools.cached_property
    def free_ring_corners(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every corner of the free space's rings with the corner before and
        after it (free on the left of prev -> corner -> next: exteriors
        counter-clockwise, holes clockwise) and the part it belongs to.
        Only true corners (a turn of 90 degrees either way): no point where
        a ring runs straight on, so prev and next are the neighbouring true
        corners; where two free quadrants meet at a point (pieces touching
        corner to corner) the point is two corners, one of each quadrant.
        Ordered by x, then y, then the direction coming in (east, north,
        west, south). The same whether made from strips or from the polygon
        (tests/unit/test_free_space.py)."""
        d = self._free_data
        if d is None:
            return _polygon_corners(self.free_parts)
        c = np.empty((len(d.cx), 2))  # (np.stack's dispatch: ~0.1 ms on an edit's cold caches)
        c[:, 0] = d.cx
        c[:, 1] = d.cy
        return c, c[d.prv], c[d.nxt], d.cpart

    @functools.cached_property
    def free_part_count(self) -> int:
        d = self._free_data
        return int(d.parts) if d is not None else len(self.free_parts)

    @functools.cached_property
    def free_parts(self) -> list[Polygon]:
        """The free space's parts as polygons, in the numbering of
        free_part_at (made when asked: the overlays, the prints, a route's
        home area)."""
        d = self._free_data
        if d is None:
            return _numbered_parts(_polygons(self.free))
        return [self.free_part(k) for k in range(self.free_part_count)]

    def free_part(self, k: int) -> Polygon:
        """The polygon of part k (made when first asked)."""
        d = self._free_data
        if d is None:
            return self.free_parts[k]
        got: Polygon | None = self.cache.get(("free-part", k))
        if got is None:
            got = self.cache[("free-part", k)] = d.polygon(k)
        return got

    def free_part_at(self, pts: np.ndarray) -> np.ndarray:
        """For each point (rows x, y): the first free part it is in (the
        lowest number; on its edge counts; int64), -1 where none (off the
        boards, inside a wall)."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        d = self._free_data
        if d is None:
            parts = self.free_parts
            if not parts or len(pts) == 0:
                return np.full(len(pts), -1, dtype=np.int64)
            areas = np.empty(len(parts), dtype=object)
            areas[:] = parts
            hit = shapely.intersects_xy(areas[:, None], pts[None, :, 0], pts[None, :, 1])
            return np.where(hit.any(axis=0), np.argmax(hit, axis=0), -1).astype(np.int64)
        return d.part_at(pts)

    def free_parts_meeting(self, geom: BaseGeometry) -> np.ndarray:
        """The free parts a geometry meets (touching counts), ascending."""
        d = self._free_data
        if d is None:
            parts = self.free_parts
            if not parts or geom.is_empty:
                return np.zeros(0, dtype=np.int64)
            areas = np.empty(len(parts), dtype=object)
            areas[:] = parts
            return np.nonzero(shapely.intersects(areas, geom))[0].astype(np.int64)
        if geom.is_empty or len(d.part) == 0:
            return np.zeros(0, dtype=np.int64)
        # the strips whose box meets the geometry's, then the exact test
        x0, y0, x1, y1 = geom.bounds
        sx0, sx1 = d.cuts[d.slab], d.cuts[d.slab + 1]
        near = np.nonzero((sx0 <= x1) & (sx1 >= x0) & (d.sy0 <= y1) & (d.sy1 >= y0))[0]
        if len(near) == 0:
            return np.zeros(0, dtype=np.int64)
        if _is_box(geom) or _fills_its_box(geom):
            # a rectangle laid square (a deployment zone, mostly): the closed
            # strips its box meets are the ones it meets
            return np.unique(d.part[near]).astype(np.int64)
        boxes = shapely.box(sx0[near], d.sy0[near], sx1[near], d.sy1[near])
        return np.unique(d.part[near[shapely.intersects(boxes, geom)]]).astype(np.int64)

    @functools.cached_property
    def obstacles(self) -> BaseGeometry:
        """What blocks, clipped to the boards."""
        blocking = shapely.union_all([bo.blocking for bo in self.boards]) if self.boards else Polygon()
        return blocking.intersection(self.area) if not blocking.is_empty else Polygon()

    def obstacles_in(self, where: BaseGeometry) -> BaseGeometry:
        """self.obstacles within `where`, from the boards whose blocking
        meets it only (each board's blocking is cached with it: the
        table-wide union is not made)."""
        bx = where.bounds
        near = [bo.blocking for bo in self.boards
                if not bo.blocking.is_empty and boxes_meet(bo.blocking.bounds, bx)]
        if not near:
            return Polygon()
        blocking = near[0] if len(near) == 1 else shapely.union_all(near)
        return blocking.intersection(self.area).intersection(where)

    @functools.cached_property
    def prepared_free(self) -> BaseGeometry:
        shapely.prepare(self.free)
        return self.free

    @functools.cached_property
    def prepared_obstacles(self) -> BaseGeometry:
        shapely.prepare(self.obstacles)
        return self.obstacles

    @functools.cached_property
    def prepared_area(self) -> BaseGeometry:
        shapely.prepare(self.area)
        return self.area

    def placement(self, board_id: str) -> Placement:
        return self.boards[self.board_ids.index(board_id)].placement

    # -- points -------------------------------------------------------------
    def on_battlefield(self, x: float, y: float) -> bool:
        return bool(shapely.intersects_xy(self.prepared_area, x, y))

    def in_obstacle(self, x: float, y: float) -> bool:
        """Inside a wall (its boundary, where a tape touches it, is not)."""
        return bool(shapely.intersects_xy(self.prepared_area, x, y)) and not bool(
            shapely.intersects_xy(self.prepared_free, x, y))

    # -- segments -----------------------------------------------------------
    def clear(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """For segments a[i] -> b[i] (arrays of shape (n, 2)): True where the
        segment stays on the battlefield and passes through no obstacle's
        inside (touching or grazing is allowed)."""
        a = np.asarray(a, dtype=float).reshape(-1, 2)
        b = np.asarray(b, dtype=float).reshape(-1, 2)
        n = len(a)
        if n == 0:
            return np.zeros(0, dtype=bool)
        if not self.rectilinear:
            lines = shapely.linestrings(np.stack([a, b], axis=1))
            # an array for an array of segments (the stubs cannot tell the shape)
            return cast(np.ndarray, shapely.covered_by(lines, self.prepared_free))
        k = segments.kernel()
        if k is None:
            return self._clear_numpy(a, b)
        d = b - a
        vertical = np.abs(d[:, 0]) <= 1e-12
        out = np.ones(n, dtype=bool)
        # the compiled slab test (rules/segments.py): the same test as below,
        # against the same strips (vertical ones for segments that are not
        # vertical, horizontal ones for vertical segments)
        for mask, rects in ((~vertical, self._sorted_vrects), (vertical, self._sorted_hrects)):
            idx = np.nonzero(mask)[0]
            if len(idx):
                out[idx[rects.blocked(k, a[idx], b[idx], GRAZE_MM)]] = False
        return self._unsqueezed(a, b, d, out)

    @functools.cached_property
    def _sorted_vrects(self) -> segments.SortedRects:
        return segments.SortedRects(self.vrects, 0)

    @functools.cached_property
    def _sorted_hrects(self) -> segments.SortedRects:
        return segments.SortedRects(self.hrects, 1)

    def _clear_numpy(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """clear() in numpy: candidate rectangles from an STRtree, the slab
        test on those pairs (while the compiled test loads, or without it;
        the tests compare the two)."""
        n = len(a)
        if n > CLEAR_CHUNK:
            # A long segment meets the boxes of hundreds of rectangles: in
            # bounded batches the candidate pairs stay tens of MB, not GB.
            return np.concatenate([self._clear_numpy(a[s:s + CLEAR_CHUNK], b[s:s + CLEAR_CHUNK])
                                   for s in range(0, n, CLEAR_CHUNK)])
        d = b - a
        vertical = np.abs(d[:, 0]) <= 1e-12
        out = np.ones(n, dtype=bool)
        # an array of lines for an array of segments (the stubs cannot tell the shape)
        lines = cast(npt.NDArray[np.object_], shapely.linestrings(np.stack([a, b], axis=1)))
        for mask, rects, tree in ((~vertical, self.vrects, self.vtree), (vertical, self.hrects, self.htree)):
            if len(rects) == 0:
                continue
            if mask.all():
                aa, dd, ll, idx = a, d, lines, None
            else:
                idx = np.nonzero(mask)[0]
                if len(idx) == 0:
                    continue
                aa, dd, ll = a[idx], d[idx], lines[idx]
            # candidate (segment, rectangle) pairs whose boxes meet, then the
            # exact slab test on those pairs only
            seg, rect = tree.query(ll)
            if len(seg) == 0:
                continue
            hit = _slab_hits(aa[seg], dd[seg], rects[rect])
            blocked = seg[hit]
            out[blocked if idx is None else idx[blocked]] = False
        return self._unsqueezed(a, b, d, out)

    def _unsqueezed(self, a: np.ndarray, b: np.ndarray, d: np.ndarray, out: np.ndarray) -> np.ndarray:
        # A segment on the line where two blocking areas meet face to face
        # (a pillar flush with the table's edge, two pieces of neighbouring
        # boards) touches both and enters neither: it is still blocked, there
        # being no width to pass through.
        flat = out & ((np.abs(d[:, 0]) <= 1e-12) | (np.abs(d[:, 1]) <= 1e-12)) & (np.abs(d).max(axis=1) > 0)
        for k in self._maybe_squeezed(a, b, np.nonzero(flat)[0]):
            if self._squeezed(a[k], b[k]):
                out[k] = False
        return out

    @functools.cached_property
    def _face_sides(self) -> tuple[np.ndarray, ...]:
        """Both face sets (_faces) with their sides on the fixed axis sorted
        (far side, near side), for the compiled first look of the
        face-to-face test (_compiled_longest.maybe_squeezed)."""
        sides = []
        for faces, ac in ((self._faces[0], 0), (self._faces[1], 1)):
            faces = np.ascontiguousarray(faces, dtype=float)
            sides.append(faces)
            for col in (ac + 2, ac):
                order = np.argsort(faces[:, col], kind="stable")
                sides += [np.ascontiguousarray(faces[order, col]), order.astype(np.int64)]
        return tuple(sides)

    def _maybe_squeezed(self, a: np.ndarray, b: np.ndarray, flat: np.ndarray) -> np.ndarray:
        """Of the axis-aligned segments `flat` (indices), those with blocking
        both before and after their line along them (what _squeezed needs
        before it looks closer). Compiled once loaded (the faces whose side
        lies on the segment's line, found by their sorted sides: the same
        answers, tested), else vectorised, since most have none."""
        if len(flat) == 0:
            return flat
        lk = segments.longest_kernels()
        if lk is not None:
            maybe = lk.maybe_squeezed(np.ascontiguousarray(a[flat], dtype=float),
                                      np.ascontiguousarray(b[flat], dtype=float), *self._face_sides)
            kept: np.ndarray = flat[np.asarray(maybe, dtype=bool)]
            return kept
        return self._maybe_squeezed_numpy(a, b, flat)

    def _maybe_squeezed_numpy(self, a: np.ndarray, b: np.ndarray, flat: np.ndarray) -> np.ndarray:
        vertical = np.abs(b[flat, 0] - a[flat, 0]) <= 1e-12
        keep = []
        for vert in (True, False):
            idx = flat[vertical == vert]
            if len(idx) == 0:
                continue
            rects = self._faces[0] if vert else self._faces[1]
            al, ac = (1, 0) if vert else (0, 1)
            r_lo, r_hi = rects[:, al], rects[:, al + 2]
            r_before, r_after = rects[:, ac + 2], rects[:, ac]
            for s in range(0, len(idx), 256):  # bounded temporaries on big tables
                k = idx[s:s + 256]
                c = a[k, ac][:, None]
                lo = np.minimum(a[k, al], b[k, al])[:, None]
                hi = np.maximum(a[k, al], b[k, al])[:, None]
                over = (r_lo < hi) & (r_hi > lo)
                both = ((over & (np.abs(r_before - c) <= 1e-9)).any(axis=1)
                        & (over & (np.abs(r_after - c) <= 1e-9)).any(axis=1))
                keep.append(k[both])
        return np.sort(np.concatenate(keep)) if keep else flat[:0]

    @functools.cached_property
    def big_vrects(self) -> np.ndarray:
        """The BIG_RECTS longest blocking strips (walls, mostly): long lines
        across the table almost always pass through one of them."""
        r = self.vrects
        if len(r) <= BIG_RECTS:
            return r
        size = np.maximum(r[:, 2] - r[:, 0], r[:, 3] - r[:, 1])
        return r[np.argsort(-size)[:BIG_RECTS]]

    def clear_long(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """clear(a, b) for long segments: those passing through one of the
        biggest strips are blocked (the slab test clear() would make on that
        strip among the others), only the rest get the full test. The same
        answers as clear()."""
        a = np.asarray(a, dtype=float).reshape(-1, 2)
        b = np.asarray(b, dtype=float).reshape(-1, 2)
        n = len(a)
        if n == 0 or not self.rectilinear or len(self.vrects) <= BIG_RECTS or segments.kernel() is not None:
            return self.clear(a, b)  # (the compiled test stops at the first strip a segment enters)
        out = np.zeros(n, dtype=bool)
        d = b - a
        # vertical segments are tested against the horizontal strips in clear()
        maybe = np.abs(d[:, 0]) <= 1e-12
        big = self.big_vrects
        rows = max(1, 16384 // len(big))
        for s in range(0, n, rows):
            k = np.nonzero(~maybe[s:s + rows])[0] + s
            if len(k) == 0:
                continue
            maybe[k[~_slab_hits_any(a[k], d[k], big)]] = True
        idx = np.nonzero(maybe)[0]
        if len(idx):
            out[idx] = self.clear(a[idx], b[idx])
        return out

    @functools.cached_property
    def _faces(self) -> tuple[np.ndarray, np.ndarray]:
        """Both strip sets with a frame round the battlefield's box (off the
        table blocks), for the face-to-face test."""
        x0, y0, x1, y1 = self.area.bounds
        f = 10.0
        frame = np.array([(x0 - f, y0 - f, x0, y1 + f), (x1, y0 - f, x1 + f, y1 + f),
                          (x0 - f, y0 - f, x1 + f, y0), (x0 - f, y1, x1 + f, y1 + f)])
        return np.concatenate([self.hrects, frame]), np.concatenate([self.vrects, frame])

    def _squeezed(self, a: np.ndarray, b: np.ndarray) -> bool:
        """An axis-aligned segment a-b with blocking on both sides of it
        along a stretch of positive length."""
        vertical = abs(b[0] - a[0]) <= 1e-12
        # along: the axis the segment runs on; c: its fixed coordinate
        rects = self._faces[0] if vertical else self._faces[1]
        al, ac = (1, 0) if vertical else (0, 1)
        c = a[ac]
        lo, hi = min(a[al], b[al]), max(a[al], b[al])
        over = (rects[:, al] < hi) & (rects[:, al + 2] > lo)
        before = rects[over & (np.abs(rects[:, ac + 2] - c) <= 1e-9)]
        after = rects[over & (np.abs(rects[:, ac] - c) <= 1e-9)]
        if len(before) == 0 or len(after) == 0:
            return False
        for r in before:
            s0, s1 = max(r[al], lo), min(r[al + 2], hi)
            for q in after:
                if min(s1, q[al + 2]) - max(s0, q[al]) > GRAZE_MM:
                    return True
        return False

    @functools.cached_property
    def rects_on_boards(self) -> np.ndarray:
        """The blocking rectangles cut at the board edges (a piece sticking
        out over an edge ends there), with what lies off the boards: every
        corner of what a sight line can meet is a corner of one of these."""
        obst = [bo.vrects for bo in self.boards if len(bo.vrects)]
        parts = [self.outside]
        if obst:
            r = np.concatenate(obst)
            clipped = []
            for bo in self.boards:
                x0, y0, x1, y1 = bo.placement.bounds
                c = np.stack([np.maximum(r[:, 0], x0), np.maximum(r[:, 1], y0),
                              np.minimum(r[:, 2], x1), np.minimum(r[:, 3], y1)], axis=1)
                clipped.append(c[(c[:, 2] - c[:, 0] > 1e-9) & (c[:, 3] - c[:, 1] > 1e-9)])
            parts += clipped
        return np.concatenate(parts) if parts else np.zeros((0, 4))

    @functools.cached_property
    def vtree(self) -> shapely.STRtree:
        return shapely.STRtree(shapely.box(*self.vrects.T))

    @functools.cached_property
    def htree(self) -> shapely.STRtree:
        return shapely.STRtree(shapely.box(*self.hrects.T))


def _battlefield_key(mission: Mission, hatches: str) -> BattlefieldKey:
    if hatches != "as-set":
        # every hatchway forced one way: the flags need no look at the pieces
        return tuple((b, keys, hatches_open(keys, hatches)) for b, keys in remembered_layout_key(mission))
    got: tuple[Mission, LayoutKey] | None = _recent_keys.get((id(mission), "layout"))
    if got is not None and got[0] is mission:
        groups = _board_groups(mission)
        return tuple((b, keys, hatches_open(groups[b.id], hatches)) for b, keys in got[1])
    # the layout's key not made yet: both in one pass over the pieces (an
    # edit's first question), the layout's remembered for the next caller
    # (remembered_layout_key)
    layout, flags = _split_pieces(mission)
    _recent_keys.put((id(mission), "layout"), (mission, layout))
    return tuple((b, keys, f) for (b, keys), f in zip(layout, flags))


# the last mission's pieces split by board (_split_pieces): (its pieces,
# its boards, the layout key, the open flags per board, each piece's
# (board, place among the board's pieces)), what the next is spliced from
_last_split: memo.Memo = memo.Memo("obstacles.last_split", 1)

# _split_pieces splices when at most this many pieces changed
_SPLIT_SPLICE = 8


def _split_pieces(mission: Mission) -> tuple[LayoutKey, tuple[tuple[bool, ...], ...]]:
    """Each board's pieces' keys (layout_key) and whether their hatchways
    are open (hatches_open "as-set"), in one pass over the pieces; or, when
    the mission is the last one split with a few pieces replaced in their
    places on the same boards (an edit: the editor replaces the pieces it
    changes and keeps the other objects), the last answer with those
    pieces' keys and flags put in their places (a pass of identity tests,
    not ~400 keys made on 8 boards). The same tuples either way
    (tests/unit/test_obstacles_splice.py)."""
    pieces, boards = mission.pieces, mission.boards
    last = _last_split.get("last")
    if last is not None:
        lp, lb, layout, flags, where = last
        if (lb is boards or lb == boards) and len(lp) == len(pieces):
            at = [i for i, (p, q) in enumerate(zip(pieces, lp)) if p is not q]
            if len(at) <= _SPLIT_SPLICE and all(pieces[i].board == lp[i].board for i in at):
                if at:
                    keys: dict[int, list[PieceKey]] = {}
                    opened: dict[int, list[bool]] = {}
                    for i in at:
                        bi, pos = where[i]
                        if bi < 0:
                            continue  # on no board: in no group
                        if bi not in keys:
                            keys[bi], opened[bi] = list(layout[bi][1]), list(flags[bi])
                        p = pieces[i]
                        keys[bi][pos] = (p.code, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps)
                        opened[bi][pos] = bool(p.open)
                    layout = tuple((b, tuple(keys[n])) if n in keys else (b, k) for n, (b, k) in enumerate(layout))
                    flags = tuple(tuple(opened[n]) if n in opened else f for n, f in enumerate(flags))
                    _last_split.put("last", (pieces, boards, layout, flags, where))
                return layout, flags
    index = {b.id: n for n, b in enumerate(boards)}
    both: dict[str, tuple[list[PieceKey], list[bool]]] = {b.id: ([], []) for b in boards}
    place: list[tuple[int, int]] = []
    for p in pieces:
        g = both.get(p.board)
        if g is None:
            place.append((-1, -1))
            continue
        place.append((index[p.board], len(g[0])))
        g[0].append((p.code, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps))  # _piece_key, inline
        g[1].append(bool(p.open))  # hatches_open "as-set", inline
    layout = tuple((b, tuple(both[b.id][0])) for b in boards)
    flags = tuple(tuple(both[b.id][1]) for b in boards)
    # (two boards with one id share their pieces: not spliced)
    _last_split.put("last", (pieces, boards, layout, flags, tuple(place)) if len(index) == len(boards) else None)
    return layout, flags


def _board_groups(mission: Mission) -> dict[str, list[Piece]]:
    """Each board's pieces, in mission order (pieces on no board left out)."""
    groups: dict[str, list[Piece]] = {b.id: [] for b in mission.boards}
    for p in mission.pieces:
        g = groups.get(p.board)
        if g is not None:
            g.append(p)
    return groups


def layout_key(mission: Mission) -> LayoutKey:
    """The boards and their pieces' footprints, hatchway states left out."""
    return _split_pieces(mission)[0]


def board_pieces(key: LayoutKey) -> tuple[BoardPieces, ...]:
    return tuple(_board_pieces(b, k) for b, k in key)


@memo.cached(64)
def table_area(boards: tuple[Board, ...]) -> BaseGeometry:
    """The union of the board rectangles."""
    cat = default_catalogue()
    rects = [box(*Placement.of(b, cat).bounds) for b in boards]
    return unary_union(rects) if rects else Polygon()


@memo.cached(64)
def _outside(boards: tuple[Board, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Off the boards inside their bounding box (gaps between boards laid
    apart, the corners of an L-shaped table), as vertical and horizontal
    strips: it blocks like a wall for a straight segment."""
    area = table_area(boards)
    if area.is_empty:
        return np.zeros((0, 4)), np.zeros((0, 4))
    outside = box(*area.bounds).difference(area)
    return strips(outside, True), strips(outside, False)


@memo.cached(64)
def _free_open(boards: tuple[Board, ...], pieces: tuple[BoardPieces, ...]) -> BaseGeometry:
    """The boards minus what always blocks: the free space with every
    hatchway open, table-wide (boards laid overlapping, or not rectilinear;
    otherwise _glued_free works board by board)."""
    free = table_area(boards)
    for bp in pieces:
        if not bp.solid.is_empty:
            free = free.difference(bp.solid)
    return free


@memo.cached(64)
def _board_boxes(boards: tuple[Board, ...]) -> tuple[Polygon, ...] | None:
    """Each board's rectangle, or None when two boards overlap (a finding
    of the checks): then no board owns the overlap, and the free space is
    worked out table-wide."""
    cat = default_catalogue()
    rects = [Placement.of(b, cat).bounds for b in boards]
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            a, b = rects[i], rects[j]
            if min(a[2], b[2]) - max(a[0], b[0]) > 1e-9 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-9:
                return None
    return tuple(_noded_box(r, [c for k, o in enumerate(rects) if k != i
                                for c in ((o[0], o[1]), (o[2], o[1]), (o[2], o[3]), (o[0], o[3]))])
                 for i, r in enumerate(rects))


def _noded_box(r: tuple[float, float, float, float], points: list[tuple[float, float]]) -> Polygon:
    """A board's rectangle with a vertex wherever another board's corner
    lies on its edge (boards laid offset: an L-shaped table), so that the
    two boards' free spaces meet vertex to vertex along the shared edge."""
    x0, y0, x1, y1 = r
    w, h = x1 - x0, y1 - y0

    def along(p: tuple[float, float]) -> float:  # distance along the edge, counter-clockwise from (x0, y0)
        x, y = p
        if y == y0:
            return x - x0
        if x == x1:
            return w + (y - y0)
        if y == y1:
            return w + h + (x1 - x)
        return 2 * w + h + (y1 - y)

    on = {p for p in points if ((p[0] in (x0, x1) and y0 <= p[1] <= y1)
                                or (p[1] in (y0, y1) and x0 <= p[0] <= x1))}
    ring = sorted(on | {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}, key=along)
    return Polygon(ring)


def boxes_meet(a: Box, b: Box, pad: float = 0.0) -> bool:
    """Two boxes (x0, y0, x1, y1) meet or touch, or come within pad."""
    return a[0] <= b[2] + pad and b[0] <= a[2] + pad and a[1] <= b[3] + pad and b[1] <= a[3] + pad


def _clipped(geom: BaseGeometry, rect: tuple[float, float, float, float]) -> BaseGeometry:
    """What of geom lies on a rectangle or against its edges (a hair round
    it). GEOS's rectangle clip (quick, linear) where its answer is valid,
    which it does not promise; else the overlay's intersection."""
    x0, y0, x1, y1 = rect
    h = 1e-3
    clip = shapely.clip_by_rect(geom, x0 - h, y0 - h, x1 + h, y1 + h)
    if not clip.is_empty and not clip.is_valid:
        clip = geom.intersection(box(x0 - h, y0 - h, x1 + h, y1 + h))
    return clip


def _reach_key(clip: BaseGeometry) -> bytes:
    """The key of what a geometry puts on a rectangle (its _clipped part
    there), whatever order its vertices came in."""
    return shapely.to_wkb(shapely.normalize(clip))


# one board's free space, hatchways open / in one view (see _glued_free)
_board_free_open: memo.Memo = memo.Memo("obstacles.board_free_open", 64)
_board_free: memo.Memo = memo.Memo("obstacles.board_free", 64)


def _glued_free(boxes: tuple[Polygon, ...], boards: tuple[BoardObstacles, ...]) -> BaseGeometry:
    """The free space board by board, glued along the board edges (issue 13,
    item 4): an edit on one board redoes that board's free space (and a
    neighbour's where the edit reaches it), and the gluing.

    Each board's share is its rectangle less its own blocking and that of
    the boards around it, every piece whose box meets the rectangle or its
    edge: so both sides of an edge are cut at every corner any piece has on
    it, the two boards' free spaces have the same vertices along it, and
    they glue as a coverage (shapely.coverage_union_all, linear in the
    vertices) into exactly the table-wide difference (tested)."""
    parts = []
    closed = [d for bo in boards for d in bo.closed_doors]
    cb = np.concatenate([bo.closed_door_bounds for bo in boards]) if closed else np.zeros((0, 4))
    for i, (rect, bo) in enumerate(zip(boxes, boards)):
        r = rect.bounds
        near = [bo.pieces] + [other.pieces for j, other in enumerate(boards)
                              if j != i and not other.pieces.solid.is_empty
                              and boxes_meet(other.pieces.solid_bounds, r)]
        # the rectangle's own vertices belong to the key: a board alone and
        # the same board beside an offset one are cut differently on its edge
        okey = (tuple(rect.exterior.coords), bo.pieces, tuple(bp.reach_key(r) for bp in near[1:]))
        free = _board_free_open.get(okey)
        if free is None:
            # the other boards' pieces first, only their part on this board
            # (small: a few pieces on the edge), then this board's own: one
            # overlay of the board's pieces, not one per neighbour (on 8
            # boards an inner board's share 2.8 -> 0.7 ms; the same area)
            free = rect
            for bp in near[1:]:
                clip = bp.reach_clip(r)
                if not clip.is_empty and not free.is_empty:
                    free = free.difference(clip)
            if not bo.pieces.solid.is_empty and not free.is_empty:
                free = free.difference(bo.pieces.solid)
            _board_free_open.put(okey, free)
        on = np.nonzero((cb[:, 0] <= r[2]) & (cb[:, 2] >= r[0]) & (cb[:, 1] <= r[3]) & (cb[:, 3] >= r[1]))[0]
        doors = [closed[k] for k in on.tolist()]
        if doors and not free.is_empty:
            dkey = (okey, cb[on].tobytes())
            got = _board_free.get(dkey)
            if got is None:
                shut = shapely.multipolygons(doors)
                if not shut.is_valid:
                    # two hatchway walls on one span (a finding of the checks):
                    # their doors overlap, which a multipolygon may not
                    shut = shapely.union_all(doors)
                got = free.difference(shut)
                _board_free.put(dkey, got)
            free = got
        parts.append(free)
    return shapely.coverage_union_all(np.array(parts, dtype=object))


def _free_space(board_tuple: tuple[Board, ...], boards: tuple[BoardObstacles, ...], rectilinear: bool) -> BaseGeometry:
    """The free space of a battlefield: board by board and glued
    (_glued_free), or table-wide where the boards overlap or a layout is
    not rectilinear."""
    boxes = _board_boxes(board_tuple) if rectilinear and boards else None
    if boxes is not None:
        return _glued_free(boxes, boards)
    free = _free_open(board_tuple, tuple(bo.pieces for bo in boards))
    closed = [d for bo in boards for d in bo.closed_doors]
    if closed and not free.is_empty:
        doors: BaseGeometry = shapely.multipolygons(closed)
        if not doors.is_valid:
            # two hatchway walls on one span (a finding of the checks): their
            # doors overlap, which a multipolygon may not; GEOS would refuse it
            doors = shapely.union_all(closed)
        free = free.difference(doors)
    return free


# The battlefields made last, weighed by their boards: a battlefield keeps
# what the stages ask of it (the free space as data, the segment test's
# strips and grid, the faces: ~0.5 MB on 8 boards), so 24 of them held
# ~12 MB more on 8 boards once a session had made them (benchmarks/README.md,
# seventh round), where 24 two-board ones weigh a quarter of that. 48
# boards: 24 battlefields of two boards (three hatchway views of eight
# layouts, as before), 6 of eight boards.
BATTLEFIELD_BOARDS = 48
_battlefields: memo.Memo = memo.Memo("obstacles._battlefield", BATTLEFIELD_BOARDS,
                                     weigher=lambda bf: max(1, len(bf.boards)))


def _battlefield(key: BattlefieldKey) -> Battlefield:
    """The battlefield of a key, made once while it is among the last made
    (_battlefields). Two threads asking for a new key at once may both make
    it; the last one put is kept, and both are the same value."""
    got: Battlefield | None = _battlefields.get(key)
    if got is None:
        got = _battlefields.put(key, _make_battlefield(key))
    return got


def _make_battlefield(key: BattlefieldKey) -> Battlefield:
    boards = tuple(_board_obstacles(b, k, o) for b, k, o in key)
    board_tuple = tuple(b for b, _, _ in key)
    area = table_area(board_tuple)
    rectilinear = all(bo.rectilinear for bo in boards)
    if rectilinear and not area.is_empty:
        outside_v, outside_h = _outside(board_tuple)
        vrects = np.concatenate([bo.vrects for bo in boards] + [outside_v])
        hrects = np.concatenate([bo.hrects for bo in boards] + [outside_h])
    else:
        vrects = hrects = outside_v = np.zeros((0, 4))
    # the free space (a polygon) is made when first asked (Battlefield.free)
    return Battlefield(area=area, boards=boards,
                       board_ids=tuple(b.id for b, _, _ in key), vrects=vrects, hrects=hrects,
                       rectilinear=rectilinear, key=key, outside=outside_v)


# (id(old), id(new), limit) -> (old, new, [(box, came)]): the last pairs asked
# (the route graph, the longest line and the checks each ask it of one edit)
_changed: memo.Memo = memo.Memo("obstacles.changed_boxes", 4)


def changed_boxes(old: Battlefield, new: Battlefield, limit: int = 8) -> list[Box] | None:
    """Where the obstacles of two battlefields on the same boards differ, as
    boxes (x0, y0, x1, y1) round the pieces that differ; None when the boards
    differ or more than `limit` pieces changed (then rebuilding is cheaper).
    Remembered for the last few pairs (by the battlefields' identities):
    every stage asks it of the same edit (~0.15 ms each time otherwise);
    each caller gets its own list."""
    got = changed_pieces(old, new, limit)
    return [b for b, _ in got] if got is not None else None


def changed_pieces(old: Battlefield, new: Battlefield, limit: int = 8) -> list[tuple[Box, bool]] | None:
    """changed_boxes with what happened in each box: (box, came), came False
    round a piece taken away (or whose hatchway changed, as it was), True
    round a piece put down (as it is); the boxes in changed_boxes' order
    (per board the pieces that went, then those that came). One pass for
    both questions (the route graph asks which boxes only grew). Remembered
    for the last few pairs; the list is shared: do not change it."""
    key = (id(old), id(new), limit)
    got: tuple[Battlefield, Battlefield, list[tuple[Box, bool]] | None] | None = _changed.get(key)
    if got is not None and got[0] is old and got[1] is new:
        return got[2]
    boxes = _changed_pieces(old, new, limit)
    _changed.put(key, (old, new, boxes))
    return boxes


def edit_boxes(old: Battlefield, new: Battlefield) -> list[Box] | None:
    """What an edit changed, as narrowly as it is known: round each
    hatchway's door when only hatchways were opened or closed (door_boxes),
    else round the pieces that went and came (changed_boxes); None when
    neither can tell (other boards, too many pieces: work it all out). The
    one answer the stages ask after an edit (the route graph's sources, the
    longest line, the entry zones' sight line): each asks it of the same
    two battlefields, so it is remembered for the last few pairs; the list
    is shared: do not change it."""
    key = (id(old), id(new))
    got: tuple[Battlefield, Battlefield, list[Box] | None] | None = _edits.get(key)
    if got is not None and got[0] is old and got[1] is new:
        return got[2]
    boxes = door_boxes(old, new)
    if boxes is None:
        boxes = changed_boxes(old, new)
    _edits.put(key, (old, new, boxes))
    return boxes


_edits: memo.Memo = memo.Memo("obstacles.edit_boxes", 4)


def door_boxes(old: Battlefield, new: Battlefield, limit: int = 8) -> list[Box] | None:
    """When the two battlefields differ only in hatchways opened or closed
    (the same pieces on the same boards): the boxes round those hatchways'
    doors (grown by DOOR_OVERLAP_MM, as the strips grow a closed door), the
    one place their obstacles differ (a board's pieces, solid and strips,
    are the same whatever its hatchways; a closed door adds its gap to what
    blocks, an open one's crossing line lies in it). changed_boxes boxes the
    whole piece, frame and wall (a 176 mm box for a 50 mm gap), which would
    send every route or sight line through the wall to be tested again.
    None when pieces differ (changed_boxes answers), or more than `limit`
    doors changed."""
    if len(old.key) != len(new.key) or len(old.boards) != len(new.boards):
        return None
    boxes: list[Box] = []
    g = DOOR_OVERLAP_MM
    for (b1, k1, o1), (b2, k2, o2), bo in zip(old.key, new.key, new.boards):
        if b1 != b2 or k1 != k2:
            return None
        if o1 == o2:
            continue
        flipped = {n for n, (f1, f2) in enumerate(zip(o1, o2)) if f1 != f2}
        for door, n in zip(bo.pieces.doors, bo.pieces.door_pieces):
            if n in flipped:
                x0, y0, x1, y1 = door.bounds
                boxes.append((x0 - g, y0 - g, x1 + g, y1 + g))
                if len(boxes) > limit:
                    return None
    return boxes


def _changed_boxes(old: Battlefield, new: Battlefield, limit: int) -> list[Box] | None:
    """changed_boxes, worked out (not remembered)."""
    got = _changed_pieces(old, new, limit)
    return [b for b, _ in got] if got is not None else None


def _changed_pieces(old: Battlefield, new: Battlefield, limit: int) -> list[tuple[Box, bool]] | None:
    """changed_pieces, worked out."""
    if len(old.key) != len(new.key):
        return None
    cat = default_catalogue()
    boxes: list[tuple[Box, bool]] = []
    for (b1, k1, o1), (b2, k2, o2) in zip(old.key, new.key):
        if b1 != b2:
            return None
        if k1 == k2 and o1 == o2:
            continue
        went, came = _piece_diff(k1, o1, k2, o2)
        if len(boxes) + len(went) + len(came) > limit:
            return None
        placement = Placement.of(b2, cat)
        pk: tuple[Any, ...] | None = None
        for changed, is_new in ((went, False), (came, True)):
            for pkey, is_open in changed:
                # the piece as the battlefield placed it (_placed: the very
                # solid piece_shape keeps, keyed without hashing the
                # Placement); what blocks is its solid unless a closed door
                # adds its gap (then the shape's outline, asked below)
                if pk is None:
                    pk = _placement_key(placement)
                placed = _placed.get((pkey, pk))
                if placed is False:
                    continue  # it cannot be placed (piece_shape raises)
                if isinstance(placed, _PlacedPiece) and (placed.door is None or is_open):
                    boxes.append((placed.solid.bounds, is_new))
                    continue
                code, from_node, to_node, at, facing, turned, caps = pkey
                piece = Piece(code=code, board=b2.id, from_node=from_node, to_node=to_node, at=at,
                              facing=facing, turned=turned, caps=caps, uid=0)
                try:
                    shape = piece_shape(piece, placement, cat)
                except (PieceGeometryError, KeyError):
                    continue
                boxes.append((shape.blocking(is_open).bounds, is_new))
    return boxes


def _piece_diff(k1: Sequence[Any], o1: Sequence[bool], k2: Sequence[Any],
                o2: Sequence[bool]) -> tuple[list[Any], list[Any]]:
    """The pieces (key, open) of one board that went and came: the
    multisets' differences (Counter(before) - Counter(after)).elements()
    and the other way, in Counter's order (first seen in before, resp.
    after). An edit keeps the other pieces in their places: when both
    lists are as long, only the places that differ are counted (what the
    same places hold cancels out) and the order is found again by the
    first place each piece has in the whole list; ~10x quicker than
    counting every piece (hashing each key)."""
    if len(k1) != len(k2):
        before = Counter(zip(k1, o1))
        after = Counter(zip(k2, o2))
        return list((before - after).elements()), list((after - before).elements())
    # (a piece the edit left alone keeps its very key: `is` first, the
    # tuples compared only where the objects differ)
    at = [i for i, (a, b, x, y) in enumerate(zip(k1, k2, o1, o2)) if x != y or (a is not b and a != b)]
    before = Counter((k1[i], o1[i]) for i in at)
    after = Counter((k2[i], o2[i]) for i in at)
    went, came = before - after, after - before
    return _in_order(went, k1, o1), _in_order(came, k2, o2)


def _in_order(diff: Counter[Any], keys: Sequence[Any], opened: Sequence[bool]) -> list[Any]:
    """diff.elements() ordered as a Counter of the whole list would order
    them: by the first place each is in (keys, opened)."""
    if len(diff) <= 1:
        return list(diff.elements())
    first = {e: next(i for i, x in enumerate(zip(keys, opened)) if x == e) for e in diff}
    return [e for e in sorted(diff, key=first.__getitem__) for _ in range(diff[e])]


# (id(mission), view or "layout") -> (mission, key): the same object asked
# again (findings and overlays ask from two threads: a Memo may be shared)
_recent_keys: memo.Memo = memo.Memo("obstacles.recent_keys", 16)


def _remembered(mission: Mission, kind: str, make: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
    """A key of the mission (its layout, or one hatchway view's), worked out
    once per mission object: the analysis of one edit asks for it a dozen
    times, and on 8 boards each costs a pass over 384 pieces."""
    got: tuple[Mission, tuple[Any, ...]] | None = _recent_keys.get((id(mission), kind))
    if got is not None and got[0] is mission:
        return got[1]
    made = make()
    _recent_keys.put((id(mission), kind), (mission, made))
    return made


def battlefield_key(mission: Mission, hatches: str) -> BattlefieldKey:
    """_battlefield_key, remembered per mission object."""
    return _remembered(mission, hatches, lambda: _battlefield_key(mission, hatches))


def remembered_layout_key(mission: Mission) -> LayoutKey:
    """layout_key, remembered per mission object."""
    return _remembered(mission, "layout", lambda: layout_key(mission))


# (id(mission), view) -> (mission, battlefield): the same object asked again
_recent_battlefields: memo.Memo = memo.Memo("obstacles.recent_battlefields", 8)


def battlefield(mission: Mission, hatches: str = "as-set") -> Battlefield:
    """The battlefield of a mission for one hatchway view (cached by value;
    remembered per mission object too: every stage asks it of one edit, and
    the value's key hashes every piece of every board, ~0.05-0.2 ms)."""
    got: tuple[Mission, Battlefield] | None = _recent_battlefields.get((id(mission), hatches))
    if got is not None and got[0] is mission:
        return got[1]
    check_hatches(hatches)
    bf = _battlefield(battlefield_key(mission, hatches))
    _recent_battlefields.put((id(mission), hatches), (mission, bf))
    return bf
