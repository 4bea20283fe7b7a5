"""Reaching: where a round base of a given diameter can stand and go, the
separate regions it cannot leave, and the zones it can never enter.

A base stands where its centre keeps half its diameter (r) from every wall,
pillar, wall end and closed hatchway, and from the battlefield's edge (the
base must be wholly on the boards). That is the battlefield shrunk by r minus
the obstacles grown by r (shapely buffers, round joins; the arcs are drawn
finely enough, BUFFER_QUAD_SEGS, that a gap is never taken as wider than it
is by more than a few hundredths of a millimetre).

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
Regions are the standing areas joined where they touch and where a passage
meets them; a region's `area` is where the base's centre can stand (the
passages are not part of it, since no move may end there). Regions of boards
laid apart are never joined; touching boards are one battlefield.

`cells` of a region are the zones whose inside the region's area reaches (a
base whose centre can stand in that zone). unreachable_cells() are the zones
no base of that size can stand in at all, wherever it comes from; whether a
zone is cut off from an entry zone is a question of regions.

Caching: the grown obstacles are built per board and cached by that board's
value, hatchway view and base size, so an edit on one board does not redo the
others; the regions are cached per battlefield and base size.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ..model.mission import Cell, Mission
from .obstacles import Battlefield, BoardObstacles, _polygons, battlefield, check_hatches

# Segments per quarter circle in the grown obstacles: the chord error is
# r * (1 - cos(pi / (4 * 16))), 0.02 mm for a 32 mm base.
BUFFER_QUAD_SEGS = 16
# How far past r a passage reaches out of the wall, so that it overlaps the
# standing area instead of only touching it.
PASSAGE_SLACK_MM = 0.01


@dataclass(frozen=True, eq=False)
class ReachRegion:
    """One connected region for a base: area is where its centre can stand;
    cells are the (board id, zone) pairs that area reaches into."""
    area: BaseGeometry
    cells: frozenset[tuple[str, Cell]]


class ReachError(ValueError):
    """A base diameter that is not a positive number."""


def _check_base(base_mm: float) -> float:
    try:
        d = float(base_mm)
    except (TypeError, ValueError):
        raise ReachError(f"base diameter must be a number, not {base_mm!r}") from None
    if not math.isfinite(d) or d <= 0:
        raise ReachError(f"base diameter must be a positive number of mm, not {base_mm!r}")
    return d


@functools.lru_cache(maxsize=512)
def _grown(board: BoardObstacles, r: float) -> BaseGeometry:
    """What a base centre must keep r away from on one board: what blocks,
    and open doors (a move may not end in a hatchway)."""
    parts = list(board.parts) + list(board.open_doors)
    if not parts:
        return Polygon()
    return shapely.union_all(shapely.buffer(np.array(parts, dtype=object), r,
                                            quad_segs=BUFFER_QUAD_SEGS))


@functools.lru_cache(maxsize=512)
def _passages(board: BoardObstacles, r: float) -> tuple[Polygon, ...]:
    out = []
    for door in board.open_doors:
        x0, y0, x1, y1 = door.bounds
        # the door is a thin rectangle across the wall: stretch its short side
        reach = r + PASSAGE_SLACK_MM
        if x1 - x0 < y1 - y0:
            out.append(box(x0 - reach, y0, x1 + reach, y1))
        else:
            out.append(box(x0, y0 - reach, x1, y1 + reach))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _eroded(area: BaseGeometry, r: float) -> BaseGeometry:
    # mitre joins: the base must stay wholly on the boards, corners included
    return area.buffer(-r, join_style="mitre")


def _cells_index(bf: Battlefield):
    got = bf.cache.get("cells")
    if got is None:
        keys, polys = [], []
        for bid, board in zip(bf.board_ids, bf.boards):
            pl = board.placement
            for c in pl.cells():
                keys.append((bid, c))
                polys.append(Polygon(pl.cell_corners_table(c)))
        polys = np.array(polys, dtype=object)
        got = bf.cache["cells"] = (keys, polys, shapely.STRtree(polys))
    return got


def _regions(bf: Battlefield, d: float) -> tuple[ReachRegion, ...]:
    key = ("regions", d)
    got = bf.cache.get(key)
    if got is not None:
        return got
    r = d / 2
    eroded = _eroded(bf.area, r)
    grown = [_grown(b, r) for b in bf.boards]
    blocked = shapely.union_all(grown) if grown else Polygon()
    standing = eroded.difference(blocked) if not blocked.is_empty else eroded
    polys = _polygons(standing)
    n = len(polys)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        a, b = find(i), find(j)
        if a != b:
            parent[max(a, b)] = min(a, b)

    if n:
        arr = np.array(polys, dtype=object)
        tree = shapely.STRtree(arr)
        # standing areas that touch (a base squeezing exactly between two
        # pieces touches both, which is allowed) are one region
        a_idx, b_idx = tree.query(arr, predicate="intersects")
        for i, j in zip(a_idx.tolist(), b_idx.tolist()):
            if i < j:
                join(i, j)
        passages = [p for b in bf.boards for p in _passages(b, r)]
        if passages:
            p_idx, s_idx = tree.query(np.array(passages, dtype=object), predicate="intersects")
            first: dict[int, int] = {}
            for p, s in zip(p_idx.tolist(), s_idx.tolist()):
                if p in first:
                    join(first[p], s)
                else:
                    first[p] = s
        keys, cells, cell_tree = _cells_index(bf)
        s_idx, c_idx = cell_tree.query(arr, predicate="intersects")
        # only zones the area reaches into, not ones it merely touches
        inside = shapely.relate_pattern(arr[s_idx], cells[c_idx], "T********")
        s_idx, c_idx = s_idx[inside], c_idx[inside]
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    cell_sets: dict[int, set] = {root: set() for root in groups}
    if n:
        for s, c in zip(s_idx.tolist(), c_idx.tolist()):
            cell_sets[find(s)].add(keys[c])
    out = []
    for root, members in groups.items():
        area = polys[members[0]] if len(members) == 1 else unary_union([polys[m] for m in members])
        out.append(ReachRegion(area=area, cells=frozenset(cell_sets[root])))
    # biggest first, so the order is stable and the main area leads
    out.sort(key=lambda reg: (-reg.area.area, reg.area.bounds))
    result = tuple(out)
    bf.cache[key] = result
    return result


def regions(mission: Mission, base_mm: float = 32.0, hatches: str = "as-set") -> list[ReachRegion]:
    """The separate regions a base of this diameter can move about in,
    largest first."""
    d = _check_base(base_mm)
    check_hatches(hatches)
    return list(_regions(battlefield(mission, hatches), d))


def unreachable_cells(mission: Mission, base_mm: float = 32.0,
                      hatches: str = "as-set") -> list[tuple[str, Cell]]:
    """Zones no base of this diameter can stand in (its centre can never be
    inside the zone), in board order then row by row."""
    d = _check_base(base_mm)
    check_hatches(hatches)
    bf = battlefield(mission, hatches)
    reached: set = set()
    for reg in _regions(bf, d):
        reached |= reg.cells
    keys, _, _ = _cells_index(bf)
    return [k for k in keys if k not in reached]


def clear_caches() -> None:
    _grown.cache_clear()
    _passages.cache_clear()
    _eroded.cache_clear()
