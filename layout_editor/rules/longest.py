"""The longest sight line on the battlefield (split from sight.py, whose
module notes are the rules this follows).

The longest sight line rests on two corners of the free space; pairs of
corners are tried longest-possible first (their line across the battlefield's
box bounds them), each clear pair extended both ways until blocked. After a
small edit the previous longest lines still stand unless they pass a changed
piece, and any other clear line must pass one, so only those lines are
searched, and only those longer than a floor below which the kept lines are
not complete. The table of corner pairs is kept from one edit to the next,
with each pair's answer (clear or blocked) while its segment meets no changed
piece; long candidates are tried against the longest wall strips first.

Speed (issue 13): the table is built compiled when numba is loaded
(_compiled_longest.table_pairs: the numpy build's pairs, order and
floating-point steps, counted first and written straight into the table's
arrays, so a first build of 8 boards' 1.35 million pairs makes no doubling
buffers; the counting pass marks the pairs kept, a bit each, so the writing
pass tests none again, and a wedge test needs the pair's length only where
the cross product's sign does not settle it); whether a pair leaves each
corner into its free side is asked of cross products, not angles
(_leaves_into: a superset by at most 2e-9 rad at a wedge's edge, equal on
every layout tested). With the compiled tests (each tested against the way
it replaced, tests/unit/test_fast_paths.py):
- candidates are picked in one pass over the table together with the
  answers that still stand (_compiled_longest.pick_known); pairs known to
  be blocked are dropped there;
- they are ordered longest first in 65,535 steps of their bound (a linear
  radix sort), not exactly: within a round the order does not matter (the
  tie rule below);
- a round (2,048 pairs, doubling to 131,072) is tested from the corners'
  indices in the table's order (_compiled_longest.test_round: the grid
  test of Battlefield.clear, its answers written in the kernel; the clear
  ones along an axis get the face-to-face test, its first look compiled
  on the faces whose side lies on their line: _unsqueezed);
- clear lines are extended by rays through the same grid, column by
  column from the ray's start (segments.SortedRects.first_entry);
- the pair table matches corners by the bytes of their keys.
Without numba, the numpy ways give the same answers.

Speed (issue 29, frame speed; each step tested against the way it stands
in for, tests/unit/test_longest_fast.py and test_fast_paths.py):
- a round's segment tests first try, for each corner, the vertical strip
  that last blocked one of its pairs (test_round's `last`): on a dense
  layout nearly every pair is blocked, 93 % of them by that strip, so one
  strip's test stands in for a walk of the grid (the answer is the
  grid's: "blocked" means some strip passes the test, and the grid only
  finds it sooner); each strip's chord is worked out with the segment's
  reciprocals, the exact steps only within 1e-10 mm of graze (_enters);
- the pair table's wedge tests are made in a branch-free first look over
  a corner's pairs (vector instructions), the exact ones only where the
  cross products' signs do not settle them; the writing pass gathers the
  pairs kept with no branch;
- a fresh table searched whole takes every pair as a candidate (no pick);
  an edit's few thousand candidates are sorted exactly (no buckets);
- a first search of a big table (TABLE_ORDER_PAIRS: 8 boards, not 2 or 4)
  tests its pairs in the table's own order, not longest first: nearly all
  of them are tested either way, and the pairs' arrays are then swept once
  instead of read a cache line a pair (8 boards: 251 -> 205 ms);
- rounds grow only while the threshold stands still, and a round's lines
  along an axis get the face-to-face test only after its other lines are
  offered, and only where they can still beat the threshold; rays back and
  face-to-face stops only for lines that can beat it;
- after an edit, answers found still standing are dated now (the next
  edit asks them only of newer boxes), and the candidates' first look
  reads the table once for four changed boxes.
Speed (issue 29, third round; each step tested against the way it stands
in for, tests/unit/test_longest_fast.py):
- the corners are the battlefield's free_ring_corners (no polygon of the
  free space is asked for), less those on a straight stretch of a ring (a
  half-turn wedge: _bent_corners). A longest line rests on none of them: a
  line through such a corner either crosses into the piece there or runs
  along its edge, and then passes the edge's bent ends as well; and the
  battlefield may list them or not (its choice), so the table is the same
  either way. 8 boards: 3,086 corners -> 2,460, 1.35 million pairs -> 0.91
  million (47 -> 32 MB), the first search 180 -> 134 ms (CPU).
- an edit's first look reads only the pairs whose line can meet a changed
  box, not the whole table: on the first edit after a table is built, its
  pairs are put in the order of their lines' cells (direction: a "diamond
  angle" of the normal, in nt steps; offset from the table's centre, in nr
  steps; about ten pairs a cell: _PairTable.index, a counting sort and the
  fields gathered through one buffer, ~35 ms on 8 boards once), and
  _compiled_longest.pick_cells reads, for each direction, the offsets a
  line meeting each box can have (its bounds at the direction cell's edges,
  widened by their slope's bound); the pairs added since are read whole
  in the same call (put in order again once they are many: INDEX_TAIL).
  Each pair read gets pick_known's tests (one body: _pick_runs), so the
  candidates are the same (tested against pick_known on chains of edits). 8 boards: 5 ms -> ~1.2 ms an edit (of
  which most is the candidates' own tests: 20,000-50,000 lines meet the
  changed boxes and are longer than the floor; the cells read hold some
  twice as many). The price: the first edit after a table is built
  orders it (8 boards: +35 ms once; 2 boards: +1 ms).
- an edit's candidates (a few thousand; 8 boards 20,000-30,000) are tested
  as picked and in one round: the threshold starts at the floor of the
  search before and nearly always stays there, so every candidate above
  it is tested whatever the order (the answer does not depend on it: the
  tie rule); no sort, and one call of rays for the round's clear lines.
- the corners' keys, hashes and the table's corners with them are found
  in one compiled pass (_compiled_longest.corner_keys), through an open
  addressing table of the keys (key_slots: a probe or two a corner; the
  sorted hashes' halving took ~0.3 ms an edit on 8 boards; the sorted
  hashes stay for the numpy way, a new corner's hash merged in, no sort of
  them all); 2-d rows are gathered with take (numpy's fancy index of rows
  is ~15x slower).
Measured (bench_stages.py, CPU ms, 27 Nov 23:58, load ~6, against main
33d2182 in the same minutes): the longest line after one edit, 2 boards
2.40 / 1.93 / 2.84 -> 1.52 / 1.58 / 1.80 (hatchway / pillar / wall), 8
boards 10.6 / 9.5 / 13.0 -> 5.0 / 4.4 / 6.3; first search 14.6 -> 10.3
(2 boards), 179 -> 124 (8 boards); peak memory on 8 boards 249.8 -> 239.2
MB (bench_analysis.py). These include the battlefield's free_ring_corners
(from the polygon on main: ~0.34 ms on 2 boards, ~0.65 on 8). What an edit
on 2 boards still spends: the table's update ~0.35 ms (new pairs, glue),
the pick ~0.2, changed_boxes ~0.15, rays ~0.15, the round's tests ~0.1,
the rest numpy and Python glue of ~10-50 us a step.
Second pass (28 Nov): what the edit changed is asked once an edit
(obstacles.edit_boxes: the objective distances and the checks ask it of
the same two battlefields); the standing lines' test compiled
(meet_newer, not numpy's ten steps for four lines); offer() rounds each
line's ends once; the sorted hashes merged only when the numpy lookup
asks; the table's fields re-sliced by name; rays all one way go to one
strip set without masks. bench_stages, 28 Nov 00:31, load ~4, against
main cdfb517 in the same minutes: 2 boards 1.45-1.50 / 1.48-1.49 /
1.77-1.90 -> 1.20 / 1.14-1.28 / 1.58, 8 boards 5.2 / 4.2-4.4 / 6.3-6.6
-> 4.6-4.7 / 3.8-3.9 / 5.9-6.0 (free_ring_corners still included).
Tried and dropped: each cell's pairs by their bounds, longest first,
an edit's first look stopping at a cell's first pair not beating the
floor (2 boards: pick_cells 63 -> 37 us; 8 boards 1.2 -> 1.45 ms).
What it does not do yet (measured, 8 boards): the first search still
tests 1.27 million pairs (the longest lines run the table's width, so the
pairs' bounds across the box pass over none); of 3,086 corners only 82
have a line within 1 mm of the longest and 833 one over half as long, so
a bound per corner (the longest line through it) would pass over most
pairs, if it can be had for less than the tests it saves. Measured for
one (brute force, not in the code): a sound bound per (corner, sector of
directions) from rays at the sector's edges (two rays that enter the same
strip shrunk by GRAZE_MM/2 bound every ray between them; otherwise the
box's farthest point in the sector), the line's bound the sum of a
sector's and its opposite's. Uniform sectors: of 1.35 million pairs
233,000 (32 sectors a corner), 111,000 (64), 55,000 (128) could beat the
longest; sectors halved where the bound beats 0.99 of the longest (8
to start, 7 halvings): 35,900 pairs, 76 rays a corner. But a ray through
the grid costs ~0.45 us and a pair's segment test ~55 ns, so 3,086 corners'
rays (32 a corner: ~45 ms; adaptive: ~105 ms) cost about what the tests
they save do (~70 ms); a gain needs the table to hold only the pairs in
the sectors left (its build is the other ~70 ms) or rays far cheaper.
Nearly every corner (2,951 of 3,086) keeps some sector (along a corridor,
or where the edge rays meet different strips): a bound per corner alone
passes over few pairs. The threshold (the fourth longest line) stays
near 560-610 mm while 1.1 million pairs are tested (the longest: 1,410).
Fourth round (28 Nov; each step tested against the way it stands in
for, tests/unit/test_sight_fast.py, test_longest_fast.py,
test_fast_paths.py): an edit's first look reads the cells and the pairs
added since in one call (pick_cells and pick_known share one body,
_pick_runs); a clear line's rays forward and back are each one compiled
call (sight._ray_free_length through _compiled_longest.ray_free_grid,
the ray back followed only where the line can beat the limit, as the
numpy box exit did before); a small table (2 boards) grows to twice its
size. bench_stages, 28 Nov 02:18, load ~4, against main 362b018 in the
same minutes: 2 boards 0.76-0.78 / 0.85-0.86 / 1.19-1.23 -> 0.63-0.64 /
0.72-0.77 / 1.04-1.08 ms (hatchway / pillar / wall), 8 boards 2.55-2.72
/ 3.2 / 5.1 -> 2.25-2.31 / 2.9-3.0 / 4.7. What a 2-board wall edit still
spends (in place, its caches cold after the other stages): the first
look ~200 us (15,000 pairs read in the cells for 2,000-3,500
candidates; ~80 us when the table is in the cache), the round's tests
~140 us, the table's update ~200 us, the rays ~80 us, Python glue
~150 us. Tried and dropped: finer cells (twice the directions: slower;
twice the offsets: ~5 % of the first look, in the noise).

Ties (a rules decision the rules leave open: which of two equally long
lines is "the" longest): lines whose lengths differ by no more than TIE_MM
(a millionth of a mm) are equally long, and of those the one shown has the
least ends: each line's ends in order (the lesser (x, y) first), then
lines compared by their first end's x, y, then their second end's (to a
millionth of a mm). So the answer does not depend on the order of the free
space's corners (the order GEOS gives them, which a different union of the
pieces changes) nor on the order pairs are tried in (the tests shuffle the
corners). To keep this true after an edit, the list keeps every line tied
with its last one (within 2 TIE_MM: the threshold is that much lower), and
an edit's search is trusted only when the longest line found beats the
floor of the search before by more than TIE_MM (else the tied lines below
that floor are not all known, and the whole battlefield is searched).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import memo
from ..model.mission import Mission
from . import kernels, segments
from .obstacles import Battlefield, battlefield, changed_boxes, check_hatches, edit_boxes  # noqa: F401 (longest.changed_boxes: asked by the tests)
from .rects import GRAZE_MM, Box, segments_meet_boxes
from .sight import Line, _area_bounds, _corner_wedges, _ray_free_length, _strip_grids, _wedge_angles


def longest_sight_line(mission: Mission, hatches: str = "as-set") -> tuple[float, Line]:
    """The longest straight line on the battlefield that passes no wall or
    closed hatchway: (length in mm, its two ends). Cached per battlefield."""
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    got = bf.cache.get("longest-sight-line")
    if got is None:
        with _longest_lock:  # the pair table is shared from one layout to the next
            got = bf.cache["longest-sight-line"] = _longest_after_edit(bf)
    return got


_longest_lock = threading.RLock()
_last_longest: memo.Memo = memo.Memo("longest.last_longest", 8)  # boards -> (battlefield, its longest line), for the next edit


LONGEST_KEPT = 4  # longest distinct lines remembered, so that one edit rarely forces a full search
LINE_SLACK_MM = 0.01  # see _search_longest
PAIR_CHUNK = 100_000  # corner pairs worked on at once (bounds the memory on big battlefields)
BATCH_FIRST, BATCH_MAX = 2048, 65536  # candidate pairs offered / tested at once (see _search_longest)
SMALL_TABLE_PAIRS = 200_000  # a pair table this small grows to twice its size (see _PairTable._reserve)
TIE_MM = 1e-6  # lines whose lengths differ by no more are equally long (see the module's notes)
# A pair table is made anew once fewer of its corners than this share are
# still corners of the free space: the pairs of the corners edits took away
# stay in it until then. At 0.75 the table of 8 boards grew towards ~1.8
# times its live pairs, hundreds of edits into a session (and the memory
# with it); at 0.9 it stays within ~1.25 times, for a table made anew every
# ~140 edits there (~0.1 s on the worker; benchmarks/README.md, seventh round).
STALE_ALIVE = 0.9

Ranked = tuple[float, Line]  # a line and its length (mm)


def _ends_key(line: Line) -> tuple[float, ...]:
    """A line's ends to a millionth of a mm, for the tie rule (the same line
    found from two pairs of its corners may differ in the last bits)."""
    return tuple(round(v, 6) for pt in line for v in pt)


def _ordered(line: Line) -> Line:
    """A line with its ends in order: the lesser (x, y) first, compared to a
    millionth of a mm."""
    p, q = line
    return (p, q) if _ends_key(((0.0, 0.0), p)) <= _ends_key(((0.0, 0.0), q)) else (q, p)


def _ordered_key(line: Line) -> tuple[Line, tuple[float, ...]]:
    """_ordered(line) with its _ends_key, each end rounded once (offer()
    asks both of every line it is given)."""
    p, q = line
    kp = (round(p[0], 6), round(p[1], 6))
    kq = (round(q[0], 6), round(q[1], 6))
    return ((p, q), kp + kq) if kp <= kq else ((q, p), kq + kp)


def _tie_ordered(top: list[Ranked]) -> list[Ranked]:
    """The lines longest first, those as long as the longest (within
    TIE_MM) by their ends: the least pair of ends first (the tie rule)."""
    if not top:
        return top
    best = max(t[0] for t in top)
    tied = sorted((t for t in top if t[0] >= best - TIE_MM), key=lambda t: (_ends_key(t[1]), t[1]))
    rest = sorted((t for t in top if t[0] < best - TIE_MM), key=lambda t: -t[0])
    return tied + rest


def _longest_after_edit(bf: Battlefield) -> tuple[float, Line]:
    """After a small edit, a line of the layout before still stands if it
    does not pass where a piece changed (nor end there); any other line that
    is clear now passes there (elsewhere nothing changed). Kept from the
    search before: its longest lines and a floor, such that every clear,
    maximal line longer than the floor is among them. Then the kept lines
    still standing, with the lines through the changed places longer than
    the floor, are again every clear line longer than the floor: only those
    lines are searched, never one that cannot beat the floor. When none is
    left above it, the whole battlefield is searched again."""
    boards = tuple(b for b, _, _ in bf.key)
    before = _last_longest.get(boards)
    found = None
    if before is not None:
        old_bf, old_top, old_floor = before
        boxes = _changed_boxes(old_bf, bf)
        if boxes is not None:
            standing = []
            if old_top:
                ends_a = np.array([ln[0] for _, ln in old_top])
                ends_b = np.array([ln[1] for _, ln in old_top])
                k = segments.kernel()
                # (compiled: segments_meet_boxes' test, which takes numpy's
                # ten steps for a few lines, ~70 us an edit)
                hits = (segments.meet_newer(k, ends_a, ends_b, np.array(boxes, dtype=float).reshape(-1, 4),
                                            np.ones(len(boxes), dtype=np.int64), np.zeros(len(old_top), dtype=np.int64),
                                            1e-6)
                        if k is not None else segments_meet_boxes(ends_a, ends_b, boxes))
                standing = [t for t, hit in zip(old_top, hits) if not hit]
            top, floor = _search_longest(bf, known=standing, boxes=boxes, floor=old_floor)
            # every line as long as the longest (within TIE_MM) must be known
            # for the tie rule: those above the old floor are
            if top and top[0][0] - TIE_MM > old_floor:
                found = (top, floor)
    if found is None:
        found = _search_longest(bf)
    _last_longest.put(boards, (bf, *found))
    top = found[0]
    return top[0] if top else (0.0, ((0.0, 0.0), (0.0, 0.0)))


def _changed_boxes(old: Battlefield, new: Battlefield) -> list[Box] | None:
    """What the edit changed (obstacles.edit_boxes: round the doors alone
    when only hatchways changed), the answer the objective distances and
    the checks ask of the same two battlefields: worked out once an edit."""
    return edit_boxes(old, new)


# How far (radians, as a sine) a direction may lie outside a corner's free
# wedge and still count as leaving into it: a little more than the 1e-9 of
# sight._in_wedge, so that the pairs kept are those it keeps and perhaps a
# few on the very edge more (each is tested all the same; see _leaves_into).
WEDGE_SLACK = 2e-9


def _wedges(c: np.ndarray, prev: np.ndarray, nxt: np.ndarray) -> np.ndarray:
    """Each corner's free wedge for _leaves_into: the unit directions of its
    edges (e1 towards nxt, where the wedge starts, e2 towards prev, where it
    ends, counter-clockwise) and its kind: 1 narrower than a half turn, 2
    wider, 3 a half turn, 0 a full turn (prev and next the same way)."""
    e1 = nxt - c
    e2 = prev - c
    e1 = e1 / np.maximum(np.hypot(e1[:, 0], e1[:, 1]), 1e-300)[:, None]
    e2 = e2 / np.maximum(np.hypot(e2[:, 0], e2[:, 1]), 1e-300)[:, None]
    start, width = _wedge_angles(c, prev, nxt)
    kind = np.where(width >= 2 * np.pi - 1e-12, 0,
                    np.where(np.abs(width - np.pi) <= 1e-12, 3, np.where(width < np.pi, 1, 2)))
    return np.concatenate([e1, e2, kind[:, None]], axis=1)


def _leaves_into(w: np.ndarray, d: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Whether direction d (of the given lengths) leaves each corner into
    its free wedge w (rows of _wedges): the test sight._in_wedge makes on
    angles, made on cross products (no arctan2, no modulo; it was most of
    building the table). Within WEDGE_SLACK of a wedge's edge it says yes
    where _in_wedge may say no (never the reverse): a pair more is tested,
    never one fewer (the tests compare the two)."""
    tol = -WEDGE_SLACK * length
    s1 = w[:, 0] * d[:, 1] - w[:, 1] * d[:, 0] >= tol   # d left of e1 (or on it)
    s2 = d[:, 0] * w[:, 3] - d[:, 1] * w[:, 2] >= tol   # e2 left of d (or on it)
    kind = w[:, 4]
    return np.where(kind == 1, s1 & s2, np.where(kind == 2, s1 | s2, np.where(kind == 3, s1, True)))


class _PairTable:
    """Pairs of corners of the free space that a longest line could rest on
    (it leaves each corner into the free side), with the length of their
    line across the battlefield's box, kept from one edit to the next: a
    corner that did not change keeps its place, so only pairs with a new
    corner are worked out again."""

    # the stores with room to grow (_reserve), of which i, j, ... are the used part
    _i: np.ndarray
    _j: np.ndarray
    _bound: np.ndarray
    _line: np.ndarray
    _status: np.ndarray
    _tested: np.ndarray

    def __init__(self, box: tuple[float, float, float, float]):
        self.box = box
        # each corner's key (see update), row by row in the corners' order,
        # and the keys' hashes sorted (with the corners they belong to) to
        # find them (_lookup)
        self.keys = np.zeros((0, 6))
        self._hashes = np.zeros(0, dtype=np.uint64)
        self._sorted_hashes = np.zeros(0, dtype=np.uint64)
        self._sorted_corners = np.zeros(0, dtype=np.int64)
        # the keys by their hashes in an open addressing table, for the
        # compiled lookup (_compiled_longest.key_slots / corner_keys: a
        # probe or two a corner, where the sorted hashes' halving took
        # ~0.3 ms an edit on 8 boards)
        self._slots = np.zeros(0, dtype=np.int64)
        self._slotted = 0  # keys in _slots (the first ones)
        self.xy = np.zeros((0, 2))
        # each corner's free wedge: its edges' unit directions and its kind
        # (see _wedges)
        self.wedge = np.zeros((0, 5))
        # the stores keys, _hashes, xy and wedge are the first rows of (with
        # room after them: an edit's few new corners are written there, not
        # a copy of every corner's made; see _added)
        self._stores: dict[str, np.ndarray] = {}
        self.alive = np.zeros(0, dtype=bool)
        self.i = np.zeros(0, dtype=np.int32)
        self.j = np.zeros(0, dtype=np.int32)
        self.bound = np.zeros(0, dtype=np.float32)
        # each pair's line as unit normal and offset (n . x = rho), single
        # precision: which lines cross a changed box is asked of every pair.
        # Kept column by column (3 rows: normal x, normal y, offset), so that
        # the compiled first look reads each as one run (pick_known)
        self.line = np.zeros((3, 0), dtype=np.float32)
        self._room = 0  # pairs the arrays below have room for (see _append)
        # Whether each pair's corner-to-corner segment is clear (1) or
        # blocked (2), 0 when not known, tested at epoch `tested`. An edit
        # starts an epoch and remembers where it changed the pieces: an
        # answer stands while its segment meets none of the places changed
        # since (a segment's answer depends only on what it meets).
        self.status = np.zeros(0, dtype=np.int8)
        self.tested = np.zeros(0, dtype=np.int32)
        self.layout: Battlefield | None = None  # the battlefield of the current epoch
        self.now = 0
        self.valid_from = 0                     # answers older than this epoch are not trusted
        self.changes: dict[int, list[Box]] = {}  # epoch -> boxes changed since the epoch before
        # The first `indexed` pairs are in the order of their lines' cells
        # (direction and offset: _compiled_longest.index_pairs), `cells`
        # where each cell starts, `cell_grid` the cells' (nt, nr, ox, oy,
        # r_half); pairs added since follow them (see index)
        self.indexed = 0
        self.cells = np.zeros(0, dtype=np.int64)
        self.cell_grid: tuple[int, int, float, float, float] = (0, 0, 0.0, 0.0, 0.0)

    EPOCHS_KEPT = 16
    CORNER_ROOM = 2.0  # a corners' field's store, made anew, holds this many times its rows (see _added)

    def index(self) -> None:
        """Put the pairs in the order of their lines' cells, so that an
        edit's first look reads only the pairs whose line can meet a changed
        box (_compiled_longest.pick_cells), not all of them (8 boards: 1.35
        million pairs, 5 ms an edit). Made on the first edit after a table
        is built (a first search reads the whole table and wants no order),
        and again once the pairs added since (looked at one by one) are
        many (INDEX_TAIL)."""
        n = len(self.i)
        # about ten pairs a cell, twice as many directions as offsets
        nt = int(min(max(2 ** round(np.log2(max(np.sqrt(n / 5.0), 1.0))), 32), 1024))
        nr = nt // 2
        x0, y0, x1, y1 = self.box
        ox, oy = (x0 + x1) / 2, (y0 + y1) / 2
        r_half = float(np.hypot(x1 - x0, y1 - y0)) / 2 + 1.0
        self.cells = segments.longest_kernels().index_pairs(
            self.line[0], self.line[1], self.line[2], self.i, self.j, self.bound, self.status, self.tested,
            ox, oy, r_half, nt, nr)
        self.indexed = n
        self.cell_grid = (nt, nr, ox, oy, r_half)

    def pick(self, floor: float, boxes: np.ndarray, chg: np.ndarray, chg_epoch: np.ndarray, use_status: bool,
             now: int) -> tuple[np.ndarray, np.ndarray]:
        """_compiled_longest.pick_known(..., use_boxes=True, ...) of the
        whole table, from its cells: the indexed pairs through their cells,
        then the pairs added since, in one call of pick_cells (both through
        _pick_runs, whose first look is vector instructions: 2 boards,
        20,000 pairs one by one took ~0.3 ms; a second call for the pairs
        added since, and joining the two answers, cost ~20-40 us)."""
        sel: np.ndarray
        clear: np.ndarray
        ln = self.line
        sel, clear = segments.longest_kernels().pick_cells(
            self.cells, *self.cell_grid, self.indexed, self.bound, ln[0], ln[1], ln[2], self.i, self.j, self.alive,
            floor, boxes, self.xy, self.status, self.tested, int(self.valid_from), chg, chg_epoch, 1e-6, use_status,
            now)
        return sel, clear

    def index_is_due(self) -> bool:
        return self.indexed == 0 or len(self.i) - self.indexed > INDEX_TAIL * self.indexed + INDEX_TAIL_MIN

    def advance(self, bf: Battlefield) -> None:
        """Move the answers on to the battlefield bf."""
        if bf is self.layout:
            return
        boxes = _changed_boxes(self.layout, bf) if self.layout is not None else None
        self.now += 1
        self.layout = bf
        if boxes is None:
            self.valid_from = self.now
            self.changes.clear()
            return
        self.changes[self.now] = boxes
        oldest = self.now - self.EPOCHS_KEPT
        if self.valid_from < oldest:
            self.valid_from = oldest
        for e in [e for e in self.changes if e <= self.valid_from]:
            del self.changes[e]

    def known(self, pairs: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Which of the pairs (indices) have an answer that still stands for
        their segments a[k]-b[k]."""
        ep = self.tested[pairs]
        ok: np.ndarray = (self.status[pairs] != 0) & (ep >= self.valid_from)
        k = segments.kernel()
        if k is not None and self.changes:
            # compiled: each segment against the boxes changed after its answer
            dated = [(e, bx) for e, bs in self.changes.items() for bx in bs]
            idx = np.nonzero(ok)[0]
            if len(idx) and dated:
                hit = segments.meet_newer(k, a[idx], b[idx], np.array([bx for _, bx in dated], dtype=float),
                                          np.array([e for e, _ in dated], dtype=np.int64), ep[idx], 1e-6)
                ok[idx[hit]] = False
            return ok
        for e, boxes in self.changes.items():
            older = ok & (ep < e)
            if older.any():
                k = np.nonzero(older)[0]
                ok[k[segments_meet_boxes(a[k], b[k], boxes)]] = False
        return ok

    def clear(self, bf: Battlefield, pairs: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """bf.clear(a, b) for the pairs' segments, from the answers that
        still stand where it can; the others are tested and remembered."""
        known = self.known(pairs, a, b)
        out = np.empty(len(pairs), dtype=bool)
        out[known] = self.status[pairs[known]] == 1
        ask = np.nonzero(~known)[0]
        if len(ask):
            res = bf.clear_long(a[ask], b[ask])
            out[ask] = res
            self.status[pairs[ask]] = np.where(res, 1, 2)
            self.tested[pairs[ask]] = self.now
        return out

    def update(self, c: np.ndarray, prev: np.ndarray, nxt: np.ndarray) -> None:
        """The table for the free space's corners c (sight._corner_wedges;
        those where their ring turns are kept: _bent_corners)."""
        lk = segments.longest_kernels()
        hashes = None
        if lk is not None and len(c):
            self._sync_slots(lk)
            # compiled: the corners kept, their keys, hashes and the table's
            # corners with them in one pass (the same steps; 8 boards ~0.5 ->
            # ~0.05 ms)
            bent, rows, hashes, have = lk.corner_keys(
                np.ascontiguousarray(c, dtype=float), np.ascontiguousarray(prev, dtype=float),
                np.ascontiguousarray(nxt, dtype=float), self._slots, self._hashes, self.keys)
            if len(bent) < len(c):
                c, prev, nxt = c.take(bent, axis=0), prev.take(bent, axis=0), nxt.take(bent, axis=0)
        else:
            c, prev, nxt = _bent_kept(c, prev, nxt)
            # each corner's key: its place and the sides its edges leave on, as
            # the 48 bytes of six floats (a dict of bytes: quicker than of tuples;
            # + 0.0 makes -0.0 the 0.0 a tuple's equality would take it for)
            rows = np.ascontiguousarray(np.concatenate([c, np.sign(prev - c), np.sign(nxt - c)], axis=1) + 0.0)
            have = self._lookup(rows)
        fresh = np.nonzero(have < 0)[0]
        base = len(self.xy)
        # (rows gathered by take: numpy's fancy index of 2-d rows is ~15x
        # slower, ~30 us each on 8 boards' corners)
        self._remember(rows.take(fresh, axis=0), None if hashes is None else hashes[fresh])
        if len(fresh):
            cf = c.take(fresh, axis=0)
            self.xy = self._added("xy", cf)
            self.wedge = self._added("wedge", _wedges(cf, prev.take(fresh, axis=0), nxt.take(fresh, axis=0)))
        have[fresh] = base + np.arange(len(fresh))
        self.alive = np.zeros(len(self.xy), dtype=bool)
        self.alive[have] = True
        if len(fresh):
            new = base + np.arange(len(fresh))
            every = np.nonzero(self.alive)[0]
            if lk is not None:
                # compiled: the same pairs, in the same order, by the same steps
                # (counted first, then written straight into the table's room;
                # _compiled_longest.table_pairs: the wedge tests without the
                # pair's length where the cross products settle them)
                args = (self.xy, self.wedge, new.astype(np.int64), every.astype(np.int64), base,
                        *(float(v) for v in self.box), WEDGE_SLACK)
                kept = np.zeros((len(new) * len(every) + 7) // 8, dtype=np.uint8)  # (a bit a pair)
                g = lk.table_pairs(*args, np.zeros(0, dtype=np.int32),
                             np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32),
                             kernels.NO_LINES, True, kept)
                n = self._reserve(g)
                lk.table_pairs(*args, self._i[n:n + g], self._j[n:n + g], self._bound[n:n + g], self._line[:, n:n + g], False,
                         kept)
                return
            # a few new corners at a time, so big tables never need big temporaries
            per_chunk = max(1, PAIR_CHUNK // max(len(every), 1))
            for s in range(0, len(new), per_chunk):
                chunk = new[s:s + per_chunk]
                ni = np.repeat(chunk, len(every))
                nj = np.tile(every, len(chunk))
                once = (nj < base) | (ni < nj)  # a new corner with an old one, or two new ones once
                self._append(*self._pairs(ni[once], nj[once]))

    def _sync_slots(self, lk: Any) -> None:
        """Every key in _slots (those remembered since put in; the table
        made anew, twice the size needed, once it is half full)."""
        n = len(self.keys)
        if self._slotted == n:
            return
        start = self._slotted
        if 2 * n > len(self._slots):
            self._slots = np.full(1 << max(6, (4 * n - 1).bit_length()), -1, dtype=np.int64)
            start = 0
        lk.key_slots(self._slots, self._hashes, self.keys, start)
        self._slotted = n

    @staticmethod
    def _hash(rows: np.ndarray) -> np.ndarray:
        """A 64-bit hash of each key (six floats), of their bits."""
        bits = rows.view(np.uint64)
        h = np.full(len(rows), 0x9E3779B97F4A7C15, dtype=np.uint64)
        for col in range(6):
            h = (h ^ bits[:, col]) * np.uint64(0x100000001B3)
            h ^= h >> np.uint64(29)
        return h

    def _lookup(self, rows: np.ndarray) -> np.ndarray:
        """The corner of each key (rows of six floats, compared by their
        bits), -1 where none has it; of corners with one key, the last.
        By the keys' hashes, sorted (searchsorted: no Python loop over the
        corners, which a dict of the keys' bytes was: 2.5 ms of an edit on
        8 boards); a hash found is checked against the key itself, and
        should two keys share a hash, they are matched by their bytes."""
        if len(self.keys) == 0:
            return np.full(len(rows), -1, dtype=np.int64)
        h = self._hash(rows)
        sorted_hashes, sorted_corners = self._sorted()
        pos = np.searchsorted(sorted_hashes, h, side="right") - 1
        pos = np.maximum(pos, 0)
        corner = sorted_corners[pos]
        found = sorted_hashes[pos] == h
        same = (self.keys.take(corner, axis=0).view(np.uint64) == rows.view(np.uint64)).all(axis=1)
        if (found & ~same).any():
            # a hash shared by two keys: by the keys' bytes (the last corner of each)
            index = {k: n for n, k in enumerate(self.keys.view(np.dtype((np.void, 48))).ravel().tolist())}
            keys = rows.view(np.dtype((np.void, 48))).ravel().tolist()
            return np.array([index.get(k, -1) for k in keys], dtype=np.int64)
        have: np.ndarray = np.where(found, corner, -1)
        return have

    def _remember(self, rows: np.ndarray, hashes: np.ndarray | None = None) -> None:
        """Keys of new corners, numbered on from the last (hashes: theirs,
        when known)."""
        if not len(rows):
            return
        new = self._hash(rows) if hashes is None else hashes
        self.keys = self._added("keys", rows)
        self._hashes = self._added("_hashes", new)

    def _added(self, name: str, rows: np.ndarray) -> np.ndarray:
        """The field `name` (keys, _hashes, xy, wedge) with rows after its
        own: written into the room its store keeps after them (the store
        made twice as big when full), so that an edit's few new corners
        cost no copy of the whole field (8 boards: ~3,000 corners, four
        fields, ~30 us an edit). The same values, in the same dtype, as
        np.concatenate([field, rows]); a C-contiguous view of the store's
        first rows (the kernels see the same kind of array)."""
        now: np.ndarray = getattr(self, name)
        n = len(now)
        m = n + len(rows)
        store = self._stores.get(name)
        if store is None or m > len(store) or store.dtype != np.result_type(now, rows):
            store = np.empty((max(int(self.CORNER_ROOM * m), 64), *now.shape[1:]), dtype=np.result_type(now, rows))
            store[:n] = now
            self._stores[name] = store
        store[n:m] = rows
        return store[:m]

    def _sorted(self) -> tuple[np.ndarray, np.ndarray]:
        """The keys' hashes sorted, with their corners (for _lookup, the
        numpy way): the hashes remembered since the last call merged in (an
        edit's few: no sort of them all), each after those with its hash
        and the new ones before it, so that of corners with one hash the
        last is found (side="right"), as a stable sort of them all has it.
        Brought up to date only when asked (the compiled lookup goes
        through _slots: np.insert took ~0.1 ms an edit)."""
        base = len(self._sorted_hashes)
        if base < len(self._hashes):
            new = self._hashes[base:]
            order = np.argsort(new, kind="stable")
            at = np.searchsorted(self._sorted_hashes, new[order], side="right")
            self._sorted_hashes = np.insert(self._sorted_hashes, at, new[order])
            self._sorted_corners = np.insert(self._sorted_corners, at, base + order.astype(np.int64))
        return self._sorted_hashes, self._sorted_corners

    _FIELDS = (("i", np.int32, ()), ("j", np.int32, ()), ("bound", np.float32, ()),
               ("line", np.float32, (3,)), ("status", np.int8, ()), ("tested", np.int32, ()))

    def _append(self, i: np.ndarray, j: np.ndarray, bound: np.ndarray, line: np.ndarray) -> None:
        """Add pairs (not yet tested). The arrays keep room to grow, so an
        edit's few thousand new pairs are not a copy of the whole table
        (on 8 boards: 1.4 million pairs, 40 MB)."""
        n = self._reserve(len(i))
        g = len(i)
        for name, values in (("i", i), ("j", j), ("bound", bound), ("line", line)):
            getattr(self, "_" + name)[..., n:n + g] = values.T  # (the line: one row per value)

    def _reserve(self, g: int) -> int:
        """Room for g more pairs (not yet tested), their fields to be
        written at [n, n + g) of the stores (_i, _j, ...); returns n."""
        n = len(self.i)
        if g == 0:
            return n
        if n + g > self._room:
            # a small table (2 boards: 65,000 pairs, ~1,000 more an edit)
            # grows to twice its size: a copy of it took ~1.4 ms, every
            # ~16 edits at 1.25 (~90 us an edit); a big one by a quarter
            # (8 boards' 0.9 million pairs: the peak memory)
            room = int((n + g) * (2.0 if n + g < SMALL_TABLE_PAIRS else 1.25)) + 1024
            for name, dtype, shape in self._FIELDS:
                # a field of several values a pair (the line) is kept one
                # row per value: pairs run along the last axis
                grown = np.zeros((*shape, room), dtype=dtype)
                grown[..., :n] = getattr(self, name)
                setattr(self, "_" + name, grown)
            self._room = room
        # (each field by its name: a loop over _FIELDS with getattr and
        # setattr took ~30 us an edit)
        m = n + g
        self._status[n:m] = 0
        self._tested[n:m] = 0
        self.i, self.j, self.bound = self._i[:m], self._j[:m], self._bound[:m]
        self.line, self.status, self.tested = self._line[:, :m], self._status[:m], self._tested[:m]
        return n

    def _pairs(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The pairs a line may rest on (it leaves both corners into the free
        side), as compact arrays, with the length of their line across the
        box (stored a hundredth of a mm long, in single precision, so that
        it never understates)."""
        d = self.xy[j] - self.xy[i]
        length = np.hypot(d[:, 0], d[:, 1])
        ok = length > 1e-9
        ok &= _leaves_into(self.wedge[i], d, length) & _leaves_into(self.wedge[j], -d, length)
        i, j, d, length = i[ok], j[ok], d[ok], length[ok]
        u = d / length[:, None]
        x0, y0, x1, y1 = self.box
        with np.errstate(divide="ignore", invalid="ignore"):
            lo_t = np.full(len(i), -np.inf)
            hi_t = np.full(len(i), np.inf)
            for axis, lo_b, hi_b in ((0, x0, x1), (1, y0, y1)):
                ta = (lo_b - self.xy[i, axis]) / u[:, axis]
                tb = (hi_b - self.xy[i, axis]) / u[:, axis]
                par = u[:, axis] == 0
                lo_t = np.maximum(lo_t, np.where(par, -np.inf, np.minimum(ta, tb)))
                hi_t = np.minimum(hi_t, np.where(par, np.inf, np.maximum(ta, tb)))
        normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
        rho = np.einsum("ij,ij->i", normal, self.xy[i])
        line = np.concatenate([normal, rho[:, None]], axis=1).astype(np.float32)
        return i.astype(np.int32), j.astype(np.int32), (hi_t - lo_t + 0.01).astype(np.float32), line

    @property
    def stale(self) -> bool:
        return len(self.xy) > 64 and bool(np.count_nonzero(self.alive) < STALE_ALIVE * len(self.xy))


_pair_tables: memo.Memo = memo.Memo("longest.pair_tables", 4)  # boards -> _PairTable


def _table_for(bf: Battlefield) -> _PairTable:
    boards = tuple(b for b, _, _ in bf.key)
    table: _PairTable | None = _pair_tables.get(boards)
    box = _area_bounds(bf)
    if table is None or table.stale or table.box != box:
        table = _PairTable(box)
        _pair_tables.put(boards, table)
    table.update(*_corner_wedges(bf))
    table.advance(bf)
    return table


def _bent_corners(bf: Battlefield) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The free space's corners where its ring turns (sight._corner_wedges
    less the corners on a straight stretch of a ring, whose wedge is a half
    turn: a longest line rests on no such corner, see the module's notes),
    so that the table is the same whether the battlefield's ring corners
    include them or not (issue 29: that is the battlefield's choice)."""
    return _bent_kept(*_corner_wedges(bf))


def _bent_kept(c: np.ndarray, prev: np.ndarray, nxt: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_bent_corners of the corners c with their ring neighbours
    (_PairTable.update without numba; compiled: _compiled_longest.corner_keys)."""
    a, b = prev - c, nxt - c
    cross = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    dot = a[:, 0] * b[:, 0] + a[:, 1] * b[:, 1]
    # straight: the edges' sine below 1e-12 (as _wedges' half turn), and
    # opposite ways (squares: no hypot, 8 boards ~0.3 -> 0.1 ms)
    a *= a
    b *= b
    cross *= cross
    straight = (cross <= 1e-24 * (a[:, 0] + a[:, 1]) * (b[:, 0] + b[:, 1])) & (dot < 0)
    if not straight.any():
        return c, prev, nxt
    bent = np.flatnonzero(~straight)
    return c.take(bent, axis=0), prev.take(bent, axis=0), nxt.take(bent, axis=0)


def _longest(bf: Battlefield) -> list[Ranked]:
    """The longest free segments of the battlefield, searched from scratch
    (up to LONGEST_KEPT distinct ones, longest first), every segment tested
    afresh (the tests compare the incremental search with this)."""
    return _search_longest(bf, remembered=False)[0]


def _grids(bf: Battlefield) -> tuple[np.ndarray | float, ...] | None:
    """Both strip sets of bf with their grids, as the compiled pair tests
    take them (sight._strip_grids: the rays use them too)."""
    return _strip_grids(bf)


def _unsqueezed(bf: Battlefield, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """bf._unsqueezed(a, b, b - a, all clear) for clear axis-aligned
    segments: which stay clear (its first look compiled once loaded:
    Battlefield._maybe_squeezed)."""
    return bf._unsqueezed(a, b, b - a, np.ones(len(a), dtype=bool))


def _stop_at_squeezes(bf: Battlefield, a: np.ndarray, b: np.ndarray, uu: np.ndarray,
                      back: np.ndarray, fwd: np.ndarray) -> None:
    """Shorten in place the extensions (back from a, fwd from b) of the
    clear lines a-b that run along an axis, so that they stop where the line
    would run on between two blocking areas meeting face to face (a wall
    standing on the table's edge, with the table's edge: see
    Battlefield._unsqueezed). The rays only stop where they pass INTO
    something, and a line along the table's edge grazes such a wall's foot:
    without this the longest line could run the length of the table's edge
    through the foot of a wall standing on it, a line Battlefield.clear
    calls blocked."""
    flat = np.nonzero((np.abs(uu[:, 0]) <= 1e-12) | (np.abs(uu[:, 1]) <= 1e-12))[0]
    memo = bf.cache.setdefault("squeezes", {})  # (vertical, line) -> its squeezed stretches
    for k in flat.tolist():
        vertical = abs(uu[k, 0]) <= 1e-12
        al, ac = (1, 0) if vertical else (0, 1)
        c = float(a[k, ac])
        got = memo.get((vertical, c))
        if got is None:
            rects = bf._faces[0] if vertical else bf._faces[1]
            before = rects[np.abs(rects[:, ac + 2] - c) <= 1e-9]
            after = rects[np.abs(rects[:, ac] - c) <= 1e-9]
            got = (np.zeros(0), np.zeros(0))
            if len(before) and len(after):
                # the stretches of the line with blocking on both sides
                lo = np.maximum(before[:, None, al], after[None, :, al])
                hi = np.minimum(before[:, None, al + 2], after[None, :, al + 2])
                squeezed = hi - lo > GRAZE_MM
                got = (lo[squeezed], hi[squeezed])
            memo[(vertical, c)] = got
        lo, hi = got
        if not len(lo):
            continue
        pa, pb = a[k, al], b[k, al]
        if uu[k, al] > 0:  # a -> b runs up the axis
            ahead, behind = lo[hi > pb + GRAZE_MM], hi[lo < pa - GRAZE_MM]
            if len(ahead):
                fwd[k] = min(fwd[k], max(0.0, ahead.min() - pb))
            if len(behind):
                back[k] = min(back[k], max(0.0, pa - behind.max()))
        else:
            ahead, behind = hi[lo < pb - GRAZE_MM], lo[hi > pa + GRAZE_MM]
            if len(ahead):
                fwd[k] = min(fwd[k], max(0.0, pb - ahead.max()))
            if len(behind):
                back[k] = min(back[k], max(0.0, behind.min() - pa))


def _pairs_clear(bf: Battlefield, xy: np.ndarray, pi: np.ndarray, pj: np.ndarray) -> np.ndarray:
    """bf.clear(xy[pi], xy[pj]): compiled from the corners' indices where
    both strip sets go through their grids (_compiled_longest.pairs_blocked:
    blocked_grid's test, no gathered copies of the ends), with the
    face-to-face test (Battlefield._unsqueezed) on the clear segments that
    lie along an axis; else bf.clear_long. The same answers (tested)."""
    grids = _grids(bf) if len(pi) else None
    if grids is not None:
        blocked, flat = segments.longest_kernels().pairs_blocked(xy, np.ascontiguousarray(pi), np.ascontiguousarray(pj), *grids,
                                             GRAZE_MM, segments.GRID_PAD_MM)
        out: np.ndarray = ~blocked
        f = np.nonzero(flat)[0]
        if len(f):
            out[f] = _unsqueezed(bf, xy[pi[f]], xy[pj[f]])
        return out
    return bf.clear_long(xy[pi], xy[pj])


# An edit's first look goes through the table's cells (_PairTable.index)
# from this many pairs on; the table is put in their order again when the
# pairs added since are more than INDEX_TAIL of those in order and
# INDEX_TAIL_MIN (they are read whole, as pick_known reads: 8 boards, an edit adds some
# 4,500 pairs, 100,000 take ~0.3 ms; ordering 0.9 million, ~22-35 ms)
INDEXED_PAIRS = 0
INDEX_TAIL, INDEX_TAIL_MIN = 0.1, 20_000
SORT_EXACTLY = 16384  # up to this many candidates are sorted exactly (no buckets: see _longest_first)
ORDER_BUCKETS = 65535  # the candidates' bounds in this many steps (see _longest_first)
# A first search of a table of at least this many pairs tests them in the
# table's own order, not longest first (see _search_longest)
TABLE_ORDER_PAIRS = 500_000


def _longest_first(bound: np.ndarray) -> tuple[np.ndarray, Callable[[int], float]]:
    """The candidates in rounds longest first: an order of the bounds, and
    rest_bound(s), a bound on every candidate from place s of the order on.
    Within a round the order does not matter (the tie rule), so the bounds
    are sorted in ORDER_BUCKETS steps between the longest and the shortest
    (a radix sort of 16-bit keys, linear: a first search of 8 boards sorts
    a million), not exactly; rest_bound is the top of place s's step and
    one step more (the rounding of single precision). Up to SORT_EXACTLY
    candidates (an edit's few thousand) are sorted exactly instead: the
    buckets' counts alone (65,536 of them) took longer."""
    if len(bound) == 0:
        return np.zeros(0, dtype=np.int32), lambda s: -np.inf
    if len(bound) <= SORT_EXACTLY:
        # few (an edit's candidates): sorted exactly, longest first; the
        # rest from place s on are no longer than place s's
        exact: np.ndarray = np.argsort(-bound, kind="stable").astype(np.int32)
        return exact, lambda s: float(bound[exact[s]])
    hi, lo = float(bound.max()), float(bound.min())
    if hi - lo <= 1e-3:
        order: np.ndarray = np.arange(len(bound), dtype=np.int32)
        return order, lambda s: hi
    scale = ORDER_BUCKETS / (hi - lo)
    lk = segments.longest_kernels()
    if lk is not None:
        # compiled: a counting sort, the order int32 (a first search of 8
        # boards: the process's peak memory)
        order = lk.bucket_order(bound, hi, scale, ORDER_BUCKETS)
        top, sc = np.float32(hi), np.float32(scale)

        def rest_bound_c(s: int) -> float:
            # place s's step, worked out again as the kernel works it out (the
            # steps are not kept: peak memory)
            v = min(max((top - bound[order[s]]) * sc, np.float32(0.0)), np.float32(ORDER_BUCKETS))
            return hi - (int(np.uint16(v)) - 1) / scale + 1e-3

        return order, rest_bound_c
    key = np.subtract(np.float32(hi), bound, dtype=np.float32)
    key *= np.float32(scale)
    np.clip(key, 0, ORDER_BUCKETS, out=key)
    step = key.astype(np.uint16)
    del key
    order = np.argsort(step, kind="stable")

    def rest_bound(s: int) -> float:
        return hi - (int(step[order[s]]) - 1) / scale + 1e-3

    return order, rest_bound


def _unbounded(s: int) -> float:
    """rest_bound of candidates in no order (see _longest_first): none is
    passed over for its bound."""
    return float("inf")


def _search_longest(bf: Battlefield, known: list[Ranked] | None = None, boxes: list[Box] | None = None,
                    floor: float = 0.0, remembered: bool = True) -> tuple[list[Ranked], float]:
    """The longest free segments (LONGEST_KEPT distinct ones, more where the
    last ties with those after it; longest first, those tied with the longest
    by the tie rule: _tie_ordered), and the floor above which the list is
    complete: every clear,
    maximal line longer than it is in the list. A longest free segment
    rests on two corners of the free space (else it could be turned or
    shifted longer), leaving each corner into
    the free side. Candidates are such pairs of corners, longest possible
    first (their line across the battlefield's box bounds them); each clear
    pair is extended both ways until blocked. `known`: lines known to be
    clear and maximal; with `boxes` only lines through them are searched;
    `floor`: lines no longer than it are not wanted (the caller knows them
    all to be complete above it); `remembered`: segment answers of earlier
    searches that still stand are used (_PairTable.clear)."""
    top: list[tuple[float, Line, tuple[float, ...]]] = []  # (length, line, its _ends_key)

    def offer(length: float, line: Line) -> None:
        line, key = _ordered_key(line)
        for n, (_ln, other, other_key) in enumerate(top):
            if other_key == key:
                # the same line from another pair of its corners (floating
                # point may differ in the last bits): the least ends are kept,
                # so that which pair came first does not matter
                if line < other:
                    top[n] = (length, line, key)
                return
        top.append((length, line, key))
        top.sort(key=lambda t: -t[0])
        if len(top) > LONGEST_KEPT:
            # lines as long as the last kept one (within TIE_MM twice) stay:
            # every line longer than threshold() is in the list
            cut = top[LONGEST_KEPT - 1][0] - 2 * TIE_MM
            top[:] = top[:LONGEST_KEPT] + [t for t in top[LONGEST_KEPT:] if t[0] > cut]

    def result() -> tuple[list[Ranked], float]:
        return _tie_ordered([(ln, line) for ln, line, _ in top]), threshold()

    for length, line in known or []:
        offer(length, line)

    def threshold() -> float:
        return max(floor, top[LONGEST_KEPT - 1][0] - 2 * TIE_MM) if len(top) >= LONGEST_KEPT else floor

    t = _table_for(bf)
    if len(t.i) == 0:
        return result()
    c = t.xy
    floor0 = threshold()
    lk = segments.longest_kernels()
    known_clear = None  # with the compiled pass: whether each candidate is known to be clear
    in_table_order = False  # the candidates tested in the table's order (every place, no ordering)
    one_round = False  # the candidates tested in one round (see the edit's pick below)
    sel: np.ndarray  # the candidates' places in the table
    if lk is not None:
        # compiled: one pass over the pairs, no temporaries (the same tests
        # as the numpy pass below and _PairTable.known); pairs whose answer
        # "blocked" still stands are left out there and then
        bx = np.array([((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + LINE_SLACK_MM, (y1 - y0) / 2 + LINE_SLACK_MM)
                       for x0, y0, x1, y1 in (boxes or [])], dtype=np.float32).reshape(-1, 4)
        # (in the order of their epochs: pick_known looks from the newest back)
        chg = [(e, bx_) for e, bs in sorted(t.changes.items(), key=lambda eb: eb[0]) for bx_ in bs] if remembered else []
        if boxes is None and t.alive.all() and not t.status.any() and bool((t.bound > floor0).all()):
            # a fresh table, searched whole (a first search): every pair is a
            # candidate and none is known, as pick_known would find them
            # (all: no list of places, no copy of the bounds)
            sel, known_clear = np.arange(len(t.i), dtype=np.int32), np.zeros(len(t.i), dtype=bool)
            # a big table: in its own order (see below)
            in_table_order = len(t.i) >= TABLE_ORDER_PAIRS
        elif boxes is not None and len(t.i) >= INDEXED_PAIRS:
            # an edit: only the pairs in the cells whose lines can meet a
            # changed box, the same tests (_PairTable.index)
            if t.index_is_due():
                t.index()
            sel, known_clear = t.pick(float(floor0), bx, np.array([b_ for _, b_ in chg], dtype=float).reshape(-1, 4),
                                      np.array([e for e, _ in chg], dtype=np.int64), remembered,
                                      t.now if remembered else -1)
            # tested as picked (cell by cell), not longest first: the
            # threshold starts at the floor of the search before, and
            # nearly always stays there (the lines kept still stand), so
            # that every candidate above it is tested whatever the order,
            # and the answer does not depend on the order (the tie rule);
            # no sort of the candidates (8 boards: 20,000-30,000); and in
            # one round (each round's lines are extended by rays in one
            # call: 8 boards, four rounds' calls cost ~0.5 ms more than one)
            in_table_order = one_round = True
        else:
            sel, known_clear = lk.pick_known(t.bound, t.line[0], t.line[1], t.line[2], t.i, t.j, t.alive, float(floor0), bx, boxes is not None,
                                             c, t.status, t.tested, int(t.valid_from),
                                             np.array([b_ for _, b_ in chg], dtype=float).reshape(-1, 4),
                                             np.array([e for e, _ in chg], dtype=np.int64), 1e-6, remembered,
                                             t.now if remembered else -1)
    else:
        # candidates in chunks (big tables), each kept only if it could beat the
        # threshold and, after an edit, crosses a changed box
        picked = []
        for s in range(0, len(t.i), PAIR_CHUNK):
            # the tests on the pairs' own data first (contiguous slices, no
            # gathers), the corners' liveness on what is left
            keep = t.bound[s:s + PAIR_CHUNK] > floor0
            if boxes is not None:
                ln = t.line[:, s:s + PAIR_CHUNK].T
                meets = np.zeros(len(ln), dtype=bool)
                for bx0, by0, bx1, by1 in boxes:
                    # the line meets the box (grown by a hair, and by LINE_SLACK_MM
                    # for the single precision: more lines searched, never fewer)
                    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
                    hw, hh = (bx1 - bx0) / 2 + LINE_SLACK_MM, (by1 - by0) / 2 + LINE_SLACK_MM
                    meets |= (np.abs(ln[:, 0] * cx + ln[:, 1] * cy - ln[:, 2])
                              <= np.abs(ln[:, 0]) * hw + np.abs(ln[:, 1]) * hh)
                keep &= meets
            k = np.nonzero(keep)[0]
            k = k[t.alive[t.i[s + k]] & t.alive[t.j[s + k]]]
            picked.append(k + s)
        # (no copies: on a first search of 8 boards these are a million entries,
        # the process's peak memory)
        sel = picked[0] if len(picked) == 1 else (np.concatenate(picked) if picked else np.zeros(0, dtype=np.int64))
        del picked
    bound = t.bound if len(sel) == len(t.i) else t.bound[sel]  # (all: sel is every place in order)
    rest_bound: Callable[[int], float]
    if in_table_order:
        # A first search of a big table (8 boards: 1.35 million pairs, of
        # which the search longest first tests 1.27 million: the longest
        # lines run the table's width) in the table's own order: the arrays
        # of the pairs (bound, corners, answers: ~22 bytes a pair, beyond
        # the caches) read and written in one sweep, not a line each at
        # places spread over the table, and no ordering (bucket_order and
        # the rounds' sorts). Each round still tests only pairs whose bound
        # beats the threshold at its start, and the answer does not depend
        # on the order (the tie rule; every line above the threshold is
        # offered). 8 boards: the search 251 -> 205 ms (CPU); below some
        # 400,000 pairs (4 boards: 342,000, even) longest first pays.
        order, rest_bound = np.arange(len(bound), dtype=np.int32), _unbounded
    else:
        order, rest_bound = _longest_first(bound)
    # Candidates are tested in rounds that grow from BATCH_FIRST to
    # BATCH_MAX pairs (a first search tests most of the table, on 8 boards a
    # million pairs, where small rounds cost more in their own overhead than
    # in tests): every pair of a round above the threshold at its start is
    # tested, its clear lines extended and offered. Which of equally long
    # lines is shown does not depend on the order (the tie rule), and every
    # line above the threshold is offered, so the answer is the same however
    # the rounds fall.
    grids = _grids(bf) if known_clear is not None else None
    # each corner's vertical strip that blocked one of its pairs lately
    # (_compiled_longest.test_round: tried first, most pairs are blocked by it)
    last = np.full(len(c), -1, dtype=np.int64)
    def extend_and_offer(i: np.ndarray, j: np.ndarray) -> None:
        """The clear lines c[i] -> c[j] extended both ways until blocked,
        each that beats the threshold offered."""
        if not len(i):
            return
        a, b = c.take(i, axis=0), c.take(j, axis=0)
        d = b - a
        length = np.hypot(d[:, 0], d[:, 1])
        uu = d / length[:, None]
        # Only lines that can beat the threshold are wanted (it only
        # rises while they are offered), and each step below only
        # shortens a line: the rays forward first, the rays back only
        # where the line with its ray forward and its stretch back to the
        # box's edge beats it, the face-to-face stops only on lines
        # that still do
        fwd = _ray_free_length(bf, b, uu)
        limit = threshold()
        # back: the box exit, followed through the strips only where the
        # line with it beats the limit (in the rays' one call)
        back = _ray_free_length(bf, a, -uu, unless=(length, fwd, limit))
        far = np.nonzero(back + length + fwd > limit)[0]
        if len(far):
            fb, ff = back[far], fwd[far]
            _stop_at_squeezes(bf, a.take(far, axis=0), b.take(far, axis=0), uu.take(far, axis=0), fb, ff)
            back[far], fwd[far] = fb, ff
        total = back + length + fwd
        # every line longer than the threshold is offered (one line resting on
        # several corners comes once per pair of them: offer() keeps it once),
        # so the list stays complete above the threshold
        for k in np.argsort(-total):
            if total[k] <= threshold():
                break
            p1 = a[k] - back[k] * uu[k]
            p2 = b[k] + fwd[k] * uu[k]
            offer(float(total[k]), ((float(p1[0]), float(p1[1])), (float(p2[0]), float(p2[1]))))

    rnd, s = (max(len(sel), 1) if one_round else BATCH_FIRST), 0
    while s < len(order):
        limit = threshold()
        if rest_bound(s) <= limit:
            break
        if grids is not None:
            # compiled: the round's candidates above the limit, known clear
            # or tested now (_compiled_longest.test_round: _pairs_clear's
            # test, answers written), those along an axis given the
            # face-to-face test here
            # (a round's places sorted: the table is then read in its order,
            # not at random; within a round the order does not matter)
            places = order[s:s + rnd] if in_table_order else np.sort(order[s:s + rnd])
            ks, flat = lk.test_round(places, 0, len(places), bound, sel, float(limit), known_clear,
                                t.i, t.j, c, t.status, t.tested, t.now, remembered, *grids,
                                GRAZE_MM, segments.GRID_PAD_MM, last)
            extend_and_offer(t.i[ks], t.j[ks])
            # the clear ones along an axis after the others, and only those
            # that can still beat the threshold (which the others may have
            # raised: a line along an axis is no longer than the box's side)
            # get the face-to-face test; the others stay untested
            flat = flat[t.bound[flat] > threshold()]
            if len(flat):
                res = _unsqueezed(bf, c.take(t.i[flat], axis=0), c.take(t.j[flat], axis=0))
                if remembered:
                    t.status[flat] = np.where(res, 1, 2)
                    t.tested[flat] = t.now
                flat = flat[res]
            i, j = t.i[flat], t.j[flat]
            ok = np.ones(len(flat), dtype=bool)
        elif known_clear is None:
            chunk = order[s:s + rnd]
            live = chunk[bound[chunk] > limit]
            pairs = sel[live]
            i, j = t.i[pairs], t.j[pairs]
            ok = t.clear(bf, pairs, c[i], c[j]) if remembered else bf.clear(c[i], c[j])
        else:
            chunk = order[s:s + rnd]
            live = chunk[bound[chunk] > limit]
            pairs = sel[live]
            i, j = t.i[pairs], t.j[pairs]
            ok = known_clear[live].copy()
            ask = np.nonzero(~ok)[0]
            if len(ask):
                res = _pairs_clear(bf, c, i[ask], j[ask])
                ok[ask] = res
                if remembered:
                    t.status[pairs[ask]] = np.where(res, 1, 2)
                    t.tested[pairs[ask]] = t.now
        extend_and_offer(i[ok], j[ok])
        s += rnd
        # the rounds grow while the threshold stands still; while it rises,
        # they stay small, so that the pairs it passes over are not tested
        # (on 2 boards it rises over the first rounds: a third fewer tests)
        if threshold() <= limit:
            rnd = min(2 * rnd, BATCH_MAX)
    return result()
