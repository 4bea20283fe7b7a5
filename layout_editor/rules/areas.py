"""The areas the rules measure against: the units (inches, the objective
marker), the battlefield (the boards as laid), a zone's square, a player's
entry zones as one shape, and whether two areas are in sight of each other
(zones_in_sight: sight.zones_see_each_other with work saved where the edit
cannot have changed it; its memos, a clear line found on an earlier terrain
and the battlefield on which two zones were last hidden, are per zone pair
and bounded). Memoised by value: the editor asks after every edit and the
boards rarely move.

After an edit (issue 29, fourth round) zones_in_sight keeps the line it
found while no change comes near it (_seen_still: the remembered lines up
to it untouched, the line passing no pinch point, so its ends stay in one
part of the free space): the usual edit asks no segment test and no free
space data of it. Zones hidden before an edit that only flipped hatchways
stay hidden when it only closed some, and what an opened one took away is
its gap (_doors_opened): no board's blocking made again for it.
Derelict Crossing's hatchway edits still ask the exact question of an
opened gap against the far zone (~9 ms: sight.zones_see_each_other's
visibility polygons) to prove the zones hidden.

A room of its own, below the checks, the Kill Team rules and the designer,
which all take units and zone geometry from here: the checks import the
Kill Team answers, so these cannot come from the checks.
"""
from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ..catalogue import Catalogue, default_catalogue
from ..memo import MISSING, Memo
from ..model.lattice import Placement
from ..model.mission import Cell, Mission

if TYPE_CHECKING:  # (both import this module)
    from .obstacles import Battlefield
    from .sight import Line

MM_PER_INCH = 25.4
MARKER_DIAMETER = 40.0  # an objective marker (core rules)

_geom_cache = Memo("checks.geom", 256)  # battlefield outlines and entry-zone areas


def placements(mission: Mission, cat: Catalogue) -> dict[str, Placement]:
    """Each board laid on the table, by id; a board of a kind the catalogue
    does not know is left out (the file reader refuses those; an edit in
    progress may hold one)."""
    laid: dict[str, Placement] = {}
    for b in mission.boards:
        try:
            laid[b.id] = Placement.of(b, cat)
        except KeyError:
            pass
    return laid


def field_key_of(mission: Mission, cat: Catalogue | None = None) -> tuple[Any, ...]:
    """What the battlefield depends on: the catalogue and the boards as laid."""
    cat = cat or default_catalogue()
    return ("battlefield", id(cat), tuple((b.kind, b.at, b.rotation) for b in mission.boards))


def battlefield(mission: Mission, cat: Catalogue | None = None) -> BaseGeometry:
    """The union of the boards as laid (touching boards merge)."""
    cat = cat or default_catalogue()
    key = field_key_of(mission, cat)
    hit: BaseGeometry | None = _geom_cache.get(key)
    if hit is None:
        polys = [box(*Placement.of(b, cat).bounds) for b in mission.boards]
        hit = unary_union(polys) if polys else Polygon()
        _geom_cache.put(key, hit)
    return hit


def cell_polygon(placement: Placement, cell: Cell) -> Polygon:
    return Polygon(placement.cell_corners_table(cell))


def entry_zone_geometry(mission: Mission, player: int, cat: Catalogue | None = None) -> BaseGeometry | None:
    """The cells of a player's entry zones as one shapely geometry (cells off
    their board or on unknown boards are left out)."""
    cat = cat or default_catalogue()
    zones = mission.entry_zones_of(player)
    boards = {b.id: b for b in mission.boards}
    key = ("zone", id(cat), tuple((z.board, z.cells, (lambda b: b and (b.kind, b.at, b.rotation))(boards.get(z.board)))
                                  for z in zones))
    hit = _geom_cache.get(key, MISSING)
    if hit is not MISSING:
        known: BaseGeometry | None = hit
        return known
    polys: list[Polygon] = []
    for z in zones:
        if z.board not in boards:
            continue
        pl = Placement.of(boards[z.board], cat)
        polys.extend(cell_polygon(pl, c) for c in z.cells if pl.has_cell(c))
    geom = unary_union(polys) if polys else None
    _geom_cache.put(key, geom)
    return geom


# ---------------------------------------------------------------------------
# Entry zones in sight of each other

_zone_witness: Memo = Memo("checks.zone_witness", 256)  # zone pair -> clear lines found on an earlier terrain
_zone_hidden: Memo = Memo("checks.zone_hidden", 8)  # zone pair -> the last battlefield on which they were hidden (each holds a whole battlefield alive)


def zones_in_sight(mission: Mission, zone_a: BaseGeometry, zone_b: BaseGeometry, hatches: str = "as-set",
                   bf: Battlefield | None = None) -> Line | None:
    """A sight line between two areas (shapely geometries), or None when
    there is none: ((x1, y1), (x2, y2)) with the first end in zone_a.

    The answer is sight.zones_see_each_other's; this wrapper saves it the
    work where it can, since the editor asks after every edit:
    - cached on the battlefield (per terrain value and hatchway view);
    - no sight line where no tape can pass: the zones must share a piece of
      free space, else the answer is None at once (the parts each zone
      meets are the Battlefield's free_parts_meeting, once per zone and
      battlefield: issue 29, the free space's polygon is not asked for);
    - the line found before this edit usually still stands: the lines
      remembered are tested first, and the first clear one is the answer
      when the zones share a part of free space. That a clear line proves
      at once when both its ends lie in one part (free_part_at of two
      points: the ends are in their zones, so both zones meet that part);
      only otherwise (an end on no part, or on two parts touching at a
      corner) are the parts the zones meet asked for. The same answer as
      parts first, then the lines (tests/unit/test_checks_fast_paths.py).
    """
    from . import sight
    from .obstacles import battlefield as _bf

    bf = bf if bf is not None else _bf(mission, hatches)
    wkb_a, wkb_b = _wkb(zone_a), _wkb(zone_b)
    key = ("zones-in-sight", wkb_a, wkb_b)
    if key in bf.cache:
        seen: Line | None = bf.cache[key]
        return seen
    found: Line | None = None
    # (looked at without making it the most recent: that happens below, as
    # parts first then lines did, only where the zones share a part)
    lines = _zone_witness.data.get(key)
    if lines:
        kept = _seen_still(key, bf, lines)
        if kept is not None:
            # the line found on the terrain before stands (_seen_still):
            # the same answer and the same memos as the way below
            _zone_witness.get(key)
            bf.cache[key] = kept
            _zone_hidden.pop(key, None)
            return kept
    first: Line | None = None  # the first remembered line clear on this terrain
    at = -1  # its index in lines
    if lines:
        ok = bf.clear(np.array([w[0] for w in lines]), np.array([w[1] for w in lines]))
        if ok.any():
            at = int(np.argmax(ok))
            first = lines[at]
    if (first is not None and _one_part(bf, first)) or np.intersect1d(
            _parts_meeting(bf, zone_a, wkb_a), _parts_meeting(bf, zone_b, wkb_b)).size:
        _zone_witness.get(key)
        found = first
        if found is None and not _still_hidden(key, bf, mission, zone_a, zone_b, hatches):
            found = sight.zones_see_each_other(mission, zone_a, zone_b, hatches=hatches)
            if found is not None:
                lines = [found] + _parallel_lines(bf, found, zone_a, zone_b)
                at = 0
                _zone_witness.put(key, lines)
    bf.cache[key] = found
    if found is None:
        _zone_hidden.put(key, bf)
        _zone_seen.pop(key, None)
    else:
        _zone_hidden.pop(key, None)
        # (the free space's data is made by now: the parts were asked)
        if lines and _one_part(bf, found) and _no_pinch(bf, found):
            _zone_seen.put(key, (weakref.ref(bf), lines, at))
        else:
            _zone_seen.pop(key, None)
    return found


# zone pair -> (a battlefield, the remembered lines, k): lines[k] was the
# answer there, the first clear one, passing no pinch point. The
# battlefield is held weakly: the battlefields' own memo keeps the last few
# alive, and a whole battlefield let go here would be freed (~0.5 ms) in
# the checks' time
_zone_seen: Memo = Memo("checks.zone_seen", 64)


def _seen_still(key: tuple[str, bytes, bytes], bf: Battlefield, lines: list[Line]) -> Line | None:
    """The answer found on an earlier terrain, when the edits since cannot
    have changed it (issue 29: the usual edit is far from the sight line):
    lines[k] was the answer there, the first remembered line clear, with
    its ends in one part of the free space and passing no pinch point
    (_no_pinch), and no place where the obstacles
    differ (the boxes the route graph and the longest line ask for too)
    comes within PAD_MM of lines[0..k]. Then what blocks near
    those lines is the same: lines[0..k-1] are blocked still and lines[k]
    is clear and passes no pinch point, so its ends lie in one part of the
    free space (a clear line passing no pinch point runs within one part),
    and the way below would answer lines[k] (tests/unit/test_checks_fast_paths.py).
    None: not known so, ask."""
    from .obstacles import edit_boxes

    got = _zone_seen.get(key)
    if got is None or got[1] is not lines:
        return None
    ref, _, k = got
    old = ref()
    if old is None or old is bf:
        return None
    # round the doors alone when only hatchways changed, else round the
    # pieces that went and came (the stages' one answer, asked once an edit)
    boxes = edit_boxes(old, bf)
    if boxes is None:
        return None
    for line in lines[:k + 1]:
        for bx in boxes:
            if _segment_meets_box(line, bx, PAD_MM):
                return None
    _zone_seen.put(key, (weakref.ref(bf), lines, k))
    found: Line = lines[k]
    return found


PAD_MM = 0.5  # what an edit changes within this of a remembered line is taken to touch it


def _segment_meets_box(line: Line, bx: tuple[float, float, float, float], pad: float) -> bool:
    """The segment meets the closed box grown by pad (the slab test)."""
    (px, py), (qx, qy) = line
    lo, hi = 0.0, 1.0
    for p, d, r0, r1 in ((px, qx - px, bx[0] - pad, bx[2] + pad), (py, qy - py, bx[1] - pad, bx[3] + pad)):
        if d == 0.0:
            if p < r0 or p > r1:
                return False
            continue
        t0, t1 = (r0 - p) / d, (r1 - p) / d
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = max(lo, t0), min(hi, t1)
        if lo > hi:
            return False
    return True


def _no_pinch(bf: Battlefield, line: Line) -> bool:
    """The line passes no pinch point: no point where what blocks covers two
    opposite quadrants and leaves the other two free (two pieces touching
    corner to corner), where the free space's parts meet at a point. Such a
    point is a corner of a blocking strip (the quadrant a strip covers
    beside a free one starts at its corner), so only the strips' corners on
    the line are looked at. False when it cannot tell (not rectilinear)."""
    r = bf.vrects
    if not bf.rectilinear or len(r) == 0:
        return False
    (px, py), (qx, qy) = line
    cx = np.concatenate([r[:, 0], r[:, 2], r[:, 0], r[:, 2]])
    cy = np.concatenate([r[:, 1], r[:, 1], r[:, 3], r[:, 3]])
    dx, dy = qx - px, qy - py
    eps = 1e-9
    on = ((np.abs((cx - px) * dy - (cy - py) * dx) <= eps * max(1.0, abs(dx) + abs(dy)))
          & (cx >= min(px, qx) - eps) & (cx <= max(px, qx) + eps)
          & (cy >= min(py, qy) - eps) & (cy <= max(py, qy) + eps))
    x0, y0, x1, y1 = bf.area.bounds
    for x, y in set(zip(cx[on].tolist(), cy[on].tolist())):
        # each quadrant round (x, y): covered by a strip, or off the box of
        # the boards (no free space there either)
        e0, e1 = (r[:, 0] <= x) & (x < r[:, 2]), (r[:, 0] < x) & (x <= r[:, 2])  # east, west
        n0, n1 = (r[:, 1] <= y) & (y < r[:, 3]), (r[:, 1] < y) & (y <= r[:, 3])  # north, south
        free_ne = not (e0 & n0).any() and x < x1 and y < y1
        free_nw = not (e1 & n0).any() and x > x0 and y < y1
        free_sw = not (e1 & n1).any() and x > x0 and y > y0
        free_se = not (e0 & n1).any() and x < x1 and y > y0
        if (free_ne and free_sw and not free_nw and not free_se) or (
                free_nw and free_se and not free_ne and not free_sw):
            return False
    return True


_wkbs: Memo = Memo("checks.zone_wkb", 32)  # id of a zone's geometry -> (the geometry, its WKB)


def _wkb(geom: BaseGeometry) -> bytes:
    """A zone's WKB, the key of its answers: remembered per geometry object
    (entry_zone_geometry hands out the same object while the zones stand;
    the entry holds it alive, so its id is not reused while remembered)."""
    got = _wkbs.get(id(geom))
    if got is not None and got[0] is geom:
        known: bytes = got[1]
        return known
    wkb: bytes = geom.wkb
    _wkbs.put(id(geom), (geom, wkb))
    return wkb


def _one_part(bf: Battlefield, line: Line) -> bool:
    """Both ends of a line in one part of free space (closed: on an edge
    counts)."""
    k = bf.free_part_at(np.array(line, dtype=float))
    return bool(k[0] >= 0 and k[0] == k[1])


def _parts_meeting(bf: Battlefield, zone: BaseGeometry, wkb: bytes) -> np.ndarray:
    """The free parts a zone meets (Battlefield.free_parts_meeting: no free
    space polygon asked for), once per zone and battlefield."""
    key = ("zone-free-parts", wkb)
    got: np.ndarray | None = bf.cache.get(key)
    if got is None:
        got = bf.cache[key] = bf.free_parts_meeting(zone)
    return got


def _still_hidden(key: tuple[str, bytes, bytes], bf: Battlefield, mission: Mission, zone_a: BaseGeometry,
                  zone_b: BaseGeometry, hatches: str) -> bool:
    """True when the zones were hidden from each other on the terrain before
    this edit and the edit cannot have opened a line between them:
    - it only added to what blocks (a piece placed, a hatchway closed): a
      line blocked before is blocked still;
    - or what it took away (a hatchway opened, a piece moved) cannot be seen
      from one of the two zones: a newly clear line would pass through it,
      so the place must see both zones. (Asked of sight.zones_see_each_other
      for that small place, a fraction of the work of asking it for the
      zones.)"""
    from . import sight
    from .obstacles import changed_boxes

    old = _zone_hidden.get(key)
    if old is None or old is bf:
        return old is bf
    opened = _doors_opened(old, bf)
    removed: BaseGeometry
    if opened is not None:
        # only hatchways flipped: closing one only adds to what blocks, and
        # what an opened one takes away lies in its gap (the gaps stand for
        # the place: more than it, where the rest still blocks; the
        # questions below cut the place to the free space, so the answer
        # is the same). No board's blocking made again for it (~1.7 ms a
        # board, and two cuts of the battlefield's obstacles, on a real
        # mission).
        if not opened:
            return True
        removed = opened[0] if len(opened) == 1 else unary_union(opened)
    else:
        boxes = changed_boxes(old, bf)
        if boxes is None:
            return False
        if not boxes:
            return True
        pad = 0.5
        where = unary_union([box(x0 - pad, y0 - pad, x1 + pad, y1 + pad) for x0, y0, x1, y1 in boxes])
        removed = old.obstacles_in(where).difference(bf.obstacles_in(where))
        if removed.area <= 1e-6:
            return True
    # the farther zone first: the likelier to be out of sight, then one
    # question settles it
    first, second = (zone_a, zone_b) if removed.distance(zone_a) >= removed.distance(zone_b) else (zone_b, zone_a)
    return (sight.zones_see_each_other(mission, removed, first, hatches=hatches) is None
            or sight.zones_see_each_other(mission, removed, second, hatches=hatches) is None)


def _doors_opened(old: Battlefield, new: Battlefield) -> list[BaseGeometry] | None:
    """When the two battlefields differ only in hatchways opened or closed
    (the same pieces on the same boards): the gaps of the hatchways opened
    (none when only some were closed); None otherwise. A board's blocking
    is its pieces' solid and its closed doors' gaps (obstacles.py), so
    opening a hatchway takes away no more than its gap."""
    if len(old.key) != len(new.key) or len(old.boards) != len(new.boards):
        return None
    gaps: list[BaseGeometry] = []
    for (b1, k1, o1), (b2, k2, o2), bo in zip(old.key, new.key, new.boards):
        if b1 != b2 or k1 != k2:
            return None
        if o1 == o2:
            continue
        gaps += [door for door, n in zip(bo.pieces.doors, bo.pieces.door_pieces) if o2[n] and not o1[n]]
    return gaps


def _parallel_lines(bf: Battlefield, line: Line, zone_a: BaseGeometry, zone_b: BaseGeometry, step: float = 6.0,
                    count: int = 6) -> list[Line]:
    """Clear lines beside a clear line, each end still in its zone: spare
    proofs for the next edit, which may close the first one (lines down
    one corridor usually stand or fall apart)."""
    (x1, y1), (x2, y2) = line
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy)
    if n == 0:
        return []
    nx, ny = -dy / n, dx / n
    k = np.concatenate([np.arange(1, count + 1), -np.arange(1, count + 1)]) * step
    a = np.column_stack([x1 + nx * k, y1 + ny * k])
    b = np.column_stack([x2 + nx * k, y2 + ny * k])
    inside = shapely.intersects_xy(zone_a, a[:, 0], a[:, 1]) & shapely.intersects_xy(zone_b, b[:, 0], b[:, 1])
    a, b = a[inside], b[inside]
    if len(a) == 0:
        return []
    ok = bf.clear(a, b)
    return [((float(p[0]), float(p[1])), (float(q[0]), float(q[1]))) for p, q in zip(a[ok], b[ok])]
