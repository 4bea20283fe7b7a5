"""Kill Team cover between two operatives: visible, in cover, obscured.
Only wall corners and wall ends give cover; the model is written in the
package's notes (kill_team/__init__.py, "Cover"), the method here.

A corner or end is a node of the zone-line lattice (cover_features): where
the walls standing on it run in exactly one direction (an end; a pillar
standing alone counts as one), or in two directions at a right angle (a
corner). Its shape is what blocks within NODE_BOX_MM of the node (the pillar
or wall end and the first stretch of its walls).

Whether a corner or end hides part of the target: the parts of the target's
base no point of the shooter's base sees are found as rules/sight.py finds
them for "fully visible" (points on the rim between the crossings of the
critical lines); the corner or end hides part of the target when a rim point
hidden with every wall standing is seen once the corner's box is taken out
(the walls there shortened, the corner cut open). The rim is cut at the
critical lines of both layouts, so no arc that changes is missed.
"""
from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint, box
from shapely.geometry.base import BaseGeometry

from ...catalogue import default_catalogue
from ...model.lattice import Placement
from ...model.mission import Mission, Node, Point
from .. import cache, sight
from ..obstacles import Battlefield, battlefield, check_hatches, layout_key
from ..rects import strips
from .game import CONTROL_RANGE_MM, SIGHT_HATCHES

# Half the side of the box round a node that is "the corner" or "the end":
# a pillar is 28 x 25 mm and a wall end 14 x 25 mm, centred on the node;
# hatchway openings start 23.5 mm from a node at the nearest.
NODE_BOX_MM = 15.0


@dataclass(frozen=True)
class CoverFeature:
    board: str
    node: Node
    kind: str                 # "corner" or "end"
    point: Point              # the node on the table (mm)
    shape: BaseGeometry = field(compare=False, repr=False)  # what blocks within NODE_BOX_MM of the node

    def distance_to_base(self, c: Point, r: float) -> float:
        """From the edge of a base (centre c, radius r) to the corner or end."""
        return max(self.shape.distance(ShapelyPoint(c)) - r, 0.0)


@dataclass(frozen=True)
class CoverResult:
    visible: bool
    in_cover: bool
    obscured: bool
    cover_by: tuple[CoverFeature, ...] = ()     # corners/ends within 1" of the target that hide part of it
    obscured_by: tuple[CoverFeature, ...] = ()  # corners/ends more than 1" from both that hide part of it
    passed: tuple[CoverFeature, ...] = ()       # corners/ends within 1" of the shooter (never count)
    sight: sight.SightResult | None = None

    def to_dict(self) -> dict:
        return {"visible": self.visible, "in_cover": self.in_cover, "obscured": self.obscured}


def _directions(a: Node, b: Node) -> tuple[list[Node], tuple[int, int]]:
    """The nodes a wall from a to b covers, and its unit step."""
    di, dj = b[0] - a[0], b[1] - a[1]
    n = max(abs(di), abs(dj))
    if n == 0 or (di and dj):
        return [], (0, 0)
    step = (di // n, dj // n)
    return [(a[0] + k * step[0], a[1] + k * step[1]) for k in range(n + 1)], step


def _kind(dirs: set) -> str | None:
    if len(dirs) <= 1:
        return "end"
    if len(dirs) == 2:
        (a, b) = sorted(dirs)
        if a[0] == -b[0] and a[1] == -b[1]:
            return None  # straight through
        return "corner"
    return None  # a T or a cross: no outer corner


_memo: dict = cache.register({}, "kill_team.cover_features")  # (layout, view) -> the corners and ends
_memo_lock = threading.Lock()


def cover_features(mission: Mission, hatches: str = SIGHT_HATCHES) -> list[CoverFeature]:
    """Every wall corner and wall end of the layout (see the module notes)."""
    check_hatches(hatches)
    key = (layout_key(mission), hatches)
    with _memo_lock:
        got = _memo.get(key)
    if got is not None:
        return got
    cat = default_catalogue()
    bf = battlefield(mission, hatches)
    obstacles = bf.obstacles
    out: list[CoverFeature] = []
    for board in mission.boards:
        try:
            pl = Placement.of(board, cat)
        except KeyError:
            continue
        dirs: dict[Node, set] = defaultdict(set)
        standing: set[Node] = set()
        for p in mission.pieces:
            if p.board != board.id or p.code not in cat.pieces:
                continue
            if p.from_node is not None and p.to_node is not None:
                nodes, step = _directions(tuple(p.from_node), tuple(p.to_node))
                for k, node in enumerate(nodes):
                    if k > 0:
                        dirs[node].add((-step[0], -step[1]))
                    if k < len(nodes) - 1:
                        dirs[node].add(step)
            elif p.at is not None:
                standing.add(tuple(p.at))
        for node in sorted(set(dirs) | standing):
            kind = _kind(dirs.get(node, set()))
            if kind is None or not pl.has_node(node):
                continue
            x, y = pl.node_table(node)
            shape = obstacles.intersection(box(x - NODE_BOX_MM, y - NODE_BOX_MM, x + NODE_BOX_MM, y + NODE_BOX_MM))
            if shape.is_empty:
                continue
            out.append(CoverFeature(board.id, node, kind, (float(x), float(y)), shape))
    with _memo_lock:
        _memo[key] = out
        while len(_memo) > 16:
            _memo.pop(next(iter(_memo)))
    return out


def _without(bf: Battlefield, hole: BaseGeometry) -> Battlefield:
    """The battlefield with what blocks inside `hole` taken away (only for
    the segment test and the corners: the boards and views stay)."""
    blocking = shapely.union_all([bo.blocking for bo in bf.boards]) if bf.boards else shapely.Polygon()
    blocking = blocking.intersection(bf.area).difference(hole)
    outside = box(*bf.area.bounds).difference(bf.area)
    both = shapely.union(blocking, outside)
    free = bf.area.difference(blocking)
    return Battlefield(area=bf.area, free=free, boards=(), board_ids=(), vrects=strips(both, True),
                       hrects=strips(both, False), rectilinear=True, key=("kill-team-without", hole.wkb),
                       outside=strips(outside, True))


def _hidden_rim(bf: Battlefield, c1: Point, r1: float, c2: Point, r2: float, rim: np.ndarray,
                hull: BaseGeometry) -> np.ndarray:
    corners = sight._corners_near(bf, hull)
    seen, _, _ = sight._points_see_disc(bf, rim, c1, r1, corners)
    return ~seen


def hides_part(bf: Battlefield, feature: CoverFeature, c1: Point, r1: float, c2: Point, r2: float) -> bool:
    """Does the corner or end hide part of the target's base (c2, r2) from
    every point of the shooter's base (c1, r1)? See the module notes."""
    x, y = feature.point
    hole = box(x - NODE_BOX_MM, y - NODE_BOX_MM, x + NODE_BOX_MM, y + NODE_BOX_MM)
    if not bf.rectilinear:
        return False
    opened = _without(bf, hole)
    hull = sight._hull_of_discs(c1, r1, c2, r2)
    corners = np.concatenate([sight._corners_near(bf, hull), sight._corners_near(opened, hull)])
    corners = np.unique(corners, axis=0) if len(corners) else corners
    rim = sight._rim_tests(c1, r1, c2, r2, corners)
    hidden = _hidden_rim(bf, c1, r1, c2, r2, rim, hull)
    if not hidden.any():
        return False
    still = _hidden_rim(opened, c1, r1, c2, r2, rim[hidden], hull)
    return bool((~still).any())


def cover_between(mission: Mission, c1: Point, d1: float, c2: Point, d2: float,
                  hatches: str = SIGHT_HATCHES) -> CoverResult:
    """Kill Team sight between a shooter's base (diameter d1 at c1) and a
    target's (d2 at c2), table mm: visible, in cover, obscured (see the
    package's notes). Bad bases raise paths.MeasureError as sight does."""
    s = sight.sight_between(mission, c1, d1, c2, d2, hatches=hatches)
    if not s.visible:
        return CoverResult(False, False, False, sight=s)
    c1 = (float(c1[0]), float(c1[1]))
    c2 = (float(c2[0]), float(c2[1]))
    r1, r2 = float(d1) / 2, float(d2) / 2
    hull = sight._hull_of_discs(c1, r1, c2, r2, pad=1.0)
    near = [f for f in cover_features(mission, hatches) if f.shape.intersects(hull)]
    passed = tuple(f for f in near if f.distance_to_base(c1, r1) <= CONTROL_RANGE_MM)
    if s.fully_visible:
        return CoverResult(True, False, False, passed=passed, sight=s)
    bf = battlefield(mission, hatches)
    cover_by, obscured_by = [], []
    for f in near:
        if f in passed:
            continue
        if not hides_part(bf, f, c1, r1, c2, r2):
            continue
        if f.distance_to_base(c2, r2) <= CONTROL_RANGE_MM:
            cover_by.append(f)
        else:
            obscured_by.append(f)
    return CoverResult(True, bool(cover_by), bool(obscured_by), tuple(cover_by), tuple(obscured_by),
                       passed, s)
