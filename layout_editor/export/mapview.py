"""A map's view of the table: the map's colours, MapView (table millimetres
onto page points), what a map must show (table_bounds) and the largest view
of it fitting a box (fit_view).

A room of its own below the map (mapdraw.py) and the names on it
(map_names.py): the map draws the names, so the names cannot take the view
and the colours from the map.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import placements
from ..model.mission import Mission
from ..rules.geometry import PieceGeometryError, piece_shape

INCH = 25.4

# Okabe & Ito's palette: told apart with every common colour-vision deficiency.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
BOARD_FILL = "#f4f1ea"
BOARD_EDGE = "#5f5b52"
GRID = "#bdb5a4"
NODE = "#a39b8a"
ZONE_TEXT = "#8a8271"
WALL = "#232323"
DOOR = "#f0b400"       # a closed hatchway's door
DOOR_EDGE = "#6b4e00"
OPEN_DOOR = "#b07800"  # an open hatchway's swung leaf
OBJECTIVE = "#1a1a1a"
REGION = "#7b6a48"
TEXT = "#1a1a1a"
CENTRE_LINE = "#3d3a33"
TERRITORY_TINT = 0.10   # of the player's colour, under the drop zones' 0.28


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


@dataclass(frozen=True)
class MapView:
    """Table millimetres onto page points: x_pt = ox + (x - x0) * k."""
    x0: float
    y0: float
    ox: float
    oy: float
    k: float  # points per table millimetre

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + (x - self.x0) * self.k, self.oy + (y - self.y0) * self.k)

    def pts(self, coords) -> list[tuple[float, float]]:
        k, ox, oy, x0, y0 = self.k, self.ox, self.oy, self.x0, self.y0
        return [(ox + (x - x0) * k, oy + (y - y0) * k) for x, y in coords]


def table_bounds(mission: Mission, catalogue: Catalogue | None = None) -> tuple[float, float, float, float]:
    """What the map must show: every board, and any objective lying off them."""
    cat = catalogue or default_catalogue()
    xs0, ys0, xs1, ys1 = [], [], [], []
    for p in placements(mission, cat).values():
        x0, y0, x1, y1 = p.bounds
        xs0.append(x0), ys0.append(y0), xs1.append(x1), ys1.append(y1)
    for o in mission.objectives:
        r = 20.0 + INCH
        xs0.append(o.at[0] - r), ys0.append(o.at[1] - r), xs1.append(o.at[0] + r), ys1.append(o.at[1] + r)
    # An open door on an outer zone line swings out over the board's edge.
    places = placements(mission, cat)
    for piece in mission.pieces:
        kind = cat.pieces.get(piece.code)
        if not (piece.open and kind is not None and kind.hatchway and piece.board in places):
            continue
        try:
            shape = piece_shape(piece, places[piece.board], cat)
        except PieceGeometryError:
            continue
        o0, o1 = kind.hatchway.opening
        side = -1.0 if piece.facing == "left" else 1.0
        for x, y in (_local(shape, o0, side * (cat.wall_thickness / 2 + o1 - o0)),
                     _local(shape, o1, side * cat.wall_thickness / 2)):
            xs0.append(x - 2), ys0.append(y - 2), xs1.append(x + 2), ys1.append(y + 2)
    if not xs0:
        return (0.0, 0.0, 704.0, 607.0)
    return (min(xs0), min(ys0), max(xs1), max(ys1))


def fit_view(bounds, x: float, y: float, w: float, h: float, max_k: float | None = None) -> MapView:
    """The largest scale showing `bounds` inside the page box, centred."""
    bx0, by0, bx1, by1 = bounds
    bw, bh = max(bx1 - bx0, 1e-6), max(by1 - by0, 1e-6)
    k = min(w / bw, h / bh)
    if max_k:
        k = min(k, max_k)
    return MapView(bx0, by0, x + (w - bw * k) / 2, y + (h - bh * k) / 2, k)


def _local(shape, x: float, y: float) -> tuple[float, float]:
    """A piece-local point (x along the piece, y to its right) on the table."""
    a = math.radians(shape.angle)
    d = (math.cos(a), math.sin(a))
    r = (-d[1], d[0])
    ox, oy = shape.centre
    return (ox + d[0] * x + r[0] * y, oy + d[1] * x + r[1] * y)
