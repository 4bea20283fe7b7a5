"""Kill Team routes: the tape measure around walls with every hatchway as
operable (open) and 1" more for each access point crossed; the balance
between the drop zones (route to each objective); straight distances to the
killzone's areas (drop zones, the centre). The choices are in the package's
notes (kill_team/__init__.py).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ...catalogue import Catalogue, default_catalogue
from ...model.mission import Mission, Point
from .. import paths
from ..areas import MARKER_DIAMETER, MM_PER_INCH, entry_zone_geometry
from ..areas import battlefield as table
from ..obstacles import battlefield
from .game import ACCESS_POINT_MM, ROUTE_HATCHES

if TYPE_CHECKING:
    from ..reach import ReachRegion


def measure(mission: Mission, p1: Point, p2: Point, hatches: str = ROUTE_HATCHES,
            straight: bool = False) -> paths.Measurement:
    """The shortest route from p1 to p2 (table mm) under Kill Team rules:
    around walls, through the hatchways open in the view (every one by
    default: operatives open them), 1" (25.4 mm) added for each access
    point crossed. straight=True: the straight line (killzone areas)."""
    return paths.measure(mission, p1, p2, hatches=hatches, straight=straight,
                         door_cost=0.0 if straight else ACCESS_POINT_MM)


def access_points_crossed(mission: Mission, route: Sequence[Point], hatches: str = ROUTE_HATCHES) -> int:
    """How many open access points a route (a list of points) crosses."""
    if len(route) < 2:
        return 0
    bf = battlefield(mission, hatches)
    pts = np.asarray(route, dtype=float)
    return int(paths.door_crossings(bf, pts[:-1], pts[1:]).sum())


def distances_from(mission: Mission, source: Point | BaseGeometry, targets: Sequence[Point],
                   hatches: str = ROUTE_HATCHES) -> list[float | None]:
    """paths.distances_from under Kill Team rules (+1" per access point)."""
    return paths.distances_from(mission, source, targets, hatches=hatches, door_cost=ACCESS_POINT_MM)


def _players(mission: Mission) -> list[int]:
    return list(range(1, mission.players + 1))


def balance(mission: Mission, cat: Catalogue | None = None,
            hatches: str = ROUTE_HATCHES) -> dict[str, dict[str, float | None]]:
    """{player: {objective id: inches or None}}: the route from the nearest
    point of the player's drop zone to the nearest edge of the 40 mm marker,
    every hatchway open, 1" added per access point crossed (the same shape
    as distances.objective_distances, so distances.fairness takes it)."""
    cat = cat or default_catalogue()
    out: dict[str, dict[str, float | None]] = {}
    targets = [o.at for o in mission.objectives]
    for player in _players(mission):
        zone = entry_zone_geometry(mission, player, cat)
        if zone is None or zone.is_empty or not targets or not mission.boards:
            out[str(player)] = {o.id: None for o in mission.objectives}
            continue
        try:
            lengths = distances_from(mission, zone, targets, hatches=hatches)
        except paths.MeasureError:
            lengths = [None] * len(targets)
        row: dict[str, float | None] = {}
        for o, mm in zip(mission.objectives, lengths):
            row[o.id] = (None if mm is None or not math.isfinite(mm)
                         else round(max(mm - MARKER_DIAMETER / 2, 0.0) / MM_PER_INCH, 2))
        out[str(player)] = row
    return out


def killzone_centre(mission: Mission, cat: Catalogue | None = None) -> Point | None:
    """The centre of the killzone: the middle of the boards' bounding box."""
    area = table(mission, cat or default_catalogue())
    if area.is_empty:
        return None
    x0, y0, x1, y1 = area.bounds
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def straight_distances(mission: Mission, cat: Catalogue | None = None) -> dict[str, dict[str, float | None]]:
    """{player: {objective id: inches, "centre": inches}}: straight from the
    player's drop zone (its nearest point) to the marker's nearest edge and
    to the killzone's centre; Kill Team measures to and from killzone areas
    in a straight line, walls ignored."""
    cat = cat or default_catalogue()
    centre = killzone_centre(mission, cat)
    out: dict[str, dict[str, float | None]] = {}
    for player in _players(mission):
        zone = entry_zone_geometry(mission, player, cat)
        row: dict[str, float | None] = {}
        for o in mission.objectives:
            row[o.id] = (None if zone is None or zone.is_empty else
                         round(max(zone.distance(ShapelyPoint(o.at)) - MARKER_DIAMETER / 2, 0.0) / MM_PER_INCH, 2))
        row["centre"] = (None if zone is None or zone.is_empty or centre is None else
                         round(zone.distance(ShapelyPoint(centre)) / MM_PER_INCH, 2))
        out[str(player)] = row
    return out


def regions(mission: Mission, base_mm: float = 32.0, hatches: str = ROUTE_HATCHES) -> list[ReachRegion]:
    """Where a base can go under Kill Team rules: reach.regions with every
    hatchway open (operatives open them; a base of any size passes an open
    access point and may not end a move in it, as reach.py has it)."""
    from .. import reach

    return reach.regions(mission, base_mm=base_mm, hatches=hatches)
