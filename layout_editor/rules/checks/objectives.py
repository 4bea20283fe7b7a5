"""The objective markers: each id once, every 40 mm marker wholly on the
battlefield and on no piece, markers as far apart and as far from the
battlefield's edge as the mission asks (objective_spacing).

Distances between markers are measured as the rules measure (rules digest):
never through walls or closed hatchways, with hatchways as the battle starts.
The route from a marker's edge is the route from its centre less its
radius. Distances to the edge are straight lines: no model walks to the
edge of the table.
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ...catalogue import Catalogue
from ...memo import Memo
from ...model.mission import Mission, Objective, Point
from ...model.names import describe_piece
from ...phrases import QT_TR_NOOP, Listing, Phrase
from ..areas import MARKER_DIAMETER, MM_PER_INCH, battlefield, field_key_of
from .findings import Finding, provisional_note

if TYPE_CHECKING:
    from ...model.mission import Piece
    from .pieces import BoardResult

    # per board its pieces and their checked footprints (pieces.piece_findings)
    BoardResults = dict[str, tuple[tuple[Piece, ...], BoardResult]]


class _NoMeasure:
    """What _route_mm answers for a point it cannot measure from."""


_NO_MEASURE = _NoMeasure()


def objective_findings(mission: Mission, cat: Catalogue, results: BoardResults,
                       rules_core: bool = True) -> list[Finding]:
    """`results`: per board its pieces and their checked footprints
    (pieces.piece_findings). `rules_core=False` measures the spacing between
    markers in straight lines only (no routes around walls)."""
    field_ = battlefield(mission, cat)
    findings = _duplicate_ids(mission)
    on_field: list[Objective] = []
    field_key = field_key_of(mission, cat)
    for o in mission.objectives:
        found = _marker_placed(o, field_, results, cat, field_key)
        if found is None or found.code == "objective-in-wall":
            on_field.append(o)  # on the battlefield: its spacing counts
        if found is not None:
            findings.append(found)
    spacing = mission.mission.objective_spacing
    if spacing is not None and spacing.between_in is not None:
        findings += _too_close(mission, on_field, spacing.between_in, rules_core)
    if spacing is not None and spacing.edge_in is not None:
        findings += _near_edge(on_field, field_, spacing.edge_in)
    return findings


def _duplicate_ids(mission: Mission) -> list[Finding]:
    ids_seen: dict[str, int] = defaultdict(int)
    for o in mission.objectives:
        ids_seen[o.id] += 1
    return [Finding("error", "duplicate-objective",
                    Phrase("{n} objectives share the id {id!r}; each marker needs its own", n=n, id=oid),
                    objectives=(oid,))
            for oid, n in ids_seen.items() if n > 1]


def _marker_placed(o: Objective, field_: BaseGeometry, results: BoardResults, cat: Catalogue,
                   field_key: tuple[Any, ...] | None = None) -> Finding | None:
    """What is wrong with where a marker lies: off the battlefield (wholly or
    in part), or on pieces; None when nothing is. `field_key`: what the
    battlefield depends on (the boards as laid), to remember the answer on
    it by; the pieces under a marker are remembered per board result."""
    r = MARKER_DIAMETER / 2
    disc = None
    off = None if field_key is None else _off_field.get((field_key, o.at))
    if off is None:
        c = ShapelyPoint(o.at)
        disc = c.buffer(r, quad_segs=16)
        off = 1 if not field_.covers(c) else 2 if not field_.covers(disc) else 0
        if field_key is not None:
            _off_field.put((field_key, o.at), off)
    if off == 1:
        return Finding("error", "objective-off-battlefield",
                       Phrase("objective {id!r} at ({x:.0f}, {y:.0f}) mm is off the battlefield",
                              id=o.id, x=float(o.at[0]), y=float(o.at[1])),
                       objectives=(o.id,), places=(o.at,))
    if off == 2:
        return Finding("error", "objective-off-battlefield",
                       Phrase("objective {id!r}: the 40 mm marker reaches past the battlefield edge", id=o.id),
                       objectives=(o.id,), places=(o.at,))
    hits = []
    x0, y0, x1, y1 = o.at[0] - r, o.at[1] - r, o.at[0] + r, o.at[1] + r
    for pieces, res in results.values():
        if res.tree is None:
            continue
        # only boards the marker can reach (pieces stick out 1.5 mm at most)
        bx0, by0, bx1, by1 = res.tree_bounds
        if x1 < bx0 or x0 > bx1 or y1 < by0 or y0 > by1:
            continue
        # the board's result is fixed (cached by its pieces' value): the
        # pieces under a marker there are too
        under = res.marker_hits.get(o.at)
        if under is None and res.before is not None and res.before.clear_of(x0, y0, x1, y1):
            # the pieces the edit before changed lie away from the marker:
            # the same pieces under it (one at most: two in the tree's order)
            got = res.before.marker_hits.get(o.at)
            if got is not None and len(got) <= 1:
                under = got
                res.marker_hits.put(o.at, under)
        if under is None:
            if disc is None:
                disc = ShapelyPoint(o.at).buffer(r, quad_segs=16)
            under = [int(res.tree_index[t]) for t in res.tree.query(disc, predicate="intersects")]
            res.marker_hits.put(o.at, under)
        hits += [pieces[i] for i in under]
    if not hits:
        return None
    return Finding("error", "objective-in-wall",
                   Phrase("objective {id!r}: the 40 mm marker lies on {pieces}{note}", id=o.id,
                          pieces=Listing(describe_piece(p, cat) for p in hits), note=provisional_note(hits, cat)),
                   pieces=tuple(p.uid for p in hits), objectives=(o.id,), places=(o.at,))


# (the boards as laid, a marker's centre) -> 0: on the battlefield, 1: its
# centre off it, 2: the marker reaching past its edge
_off_field = Memo("checks.marker_on_field", 2048)


def _route_mm(mission: Mission, p1: Point, p2: Point) -> float | None | _NoMeasure:
    """Route length in mm with hatchways as set (None: no route), or
    _NO_MEASURE when a point cannot be measured from (inside a wall)."""
    from .. import paths

    try:
        return paths.measure(mission, p1, p2, hatches="as-set").distance_mm
    except paths.MeasureError:
        return _NO_MEASURE


def _too_close(mission: Mission, on_field: list[Objective], limit: float, rules_core: bool) -> list[Finding]:
    findings: list[Finding] = []
    for i in range(len(on_field)):
        for j in range(i + 1, len(on_field)):
            a, b = on_field[i], on_field[j]
            straight = math.dist(a.at, b.at) - MARKER_DIAMETER
            if straight / MM_PER_INCH >= limit - 1e-9:
                continue  # no route is shorter than the straight line
            how = Phrase("in a straight line")
            gap = straight
            if rules_core:
                route = _route_mm(mission, a.at, b.at)
                if not isinstance(route, _NoMeasure):
                    if route is None:
                        continue  # no route: infinitely far apart
                    gap = route - MARKER_DIAMETER
                    if gap / MM_PER_INCH >= limit - 1e-9:
                        continue
                    how = Phrase(QT_TR_NOOP("around walls, hatchways as set") if gap > straight + 0.05
                                 else QT_TR_NOOP("in a straight line, nothing between them"))
            findings.append(Finding(
                "error", "objectives-too-close",
                Phrase("objectives {id!r} and {id2!r} are {gap:.2f}\" apart ({how}, marker edge to marker "
                       "edge); the mission asks for at least {limit:g}\"", id=a.id, id2=b.id,
                       gap=max(gap, 0) / MM_PER_INCH, how=how, limit=float(limit)),
                objectives=(a.id, b.id), places=(a.at, b.at)))
    return findings


def _near_edge(on_field: list[Objective], field_: BaseGeometry, limit: float) -> list[Finding]:
    findings: list[Finding] = []
    edge = field_.boundary
    for o in on_field:
        gap = edge.distance(ShapelyPoint(o.at)) - MARKER_DIAMETER / 2
        if gap / MM_PER_INCH < limit - 1e-9:
            findings.append(Finding(
                "error", "objective-near-edge",
                Phrase("objective {id!r} is {gap:.2f}\" from a battlefield edge (in a straight line from "
                       "the marker's nearest edge); the mission asks for at least {limit:g}\"", id=o.id,
                       gap=max(gap, 0) / MM_PER_INCH, limit=float(limit)),
                objectives=(o.id,), places=(o.at,)))
    return findings
