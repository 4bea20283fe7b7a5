"""The Universal VTT export (.dd2vtt): the JSON file that virtual tabletops
import a battle map from (Foundry VTT's Universal Battlemap Importer, Roll20
and others through their importers; the format Dungeondraft, DungeonFog and
Arkenforge write).

    uvtt_data(mission) -> dict      uvtt_bytes(mission) -> bytes (UTF-8 JSON)

What the format holds, as its public description and its importers read it:
- `format`: the format's version (0.3, the version Dungeondraft writes).
- `resolution`: `map_origin` (grid squares), `map_size` (the image's size in
  grid squares) and `pixels_per_grid`. Here one grid square is one inch
  (25.4 mm), the unit 40k players measure in, so a tabletop's ruler reads
  inches and its grid is one scale for the whole table.
- `line_of_sight`: polylines in grid squares that block sight and movement:
  here the outline of every wall panel and pillar (the union of their solid
  footprints, so touching pieces give one outline) and the table's edge.
- `portals`: one per hatchway: `position` (the doorway's centre), `bounds`
  (its two ends on the wall's line), `rotation` (radians, the wall's
  direction), `closed` (the hatchway's state as set in the mission) and
  `freestanding: false` (it stands in a wall).
- `lights`: none; `environment`: no baked lighting, full ambient light.
- `image`: the map as a PNG, base64, exactly map_size x pixels_per_grid
  pixels.

Choices the format leaves open:
- Coordinates are grid squares from the image's top-left corner, and
  `map_origin` is (0, 0): importers (Foundry's among them) place a point at
  `coordinate * pixels_per_grid` on the image without subtracting the origin.
- The grid runs from the table's corner (the top-left of the boards'
  bounding box): the image is a whole number of inches wide and high,
  reaching past the boards' far edges, and an inch further left or up for
  each inch an objective or a door swung open lies off the boards there.
  The zone lines are drawn in the image, each board's at its true place at
  the file's scale (pixels_per_grid pixels to 25.4 mm), whether the boards
  touch or lie apart, turned or not. A grid of zones could not do this: a
  board is 704 mm but its seven zones span 679 mm, so on two boards side by
  side the second board's zone lines fall 25 mm (a quarter zone) off any
  grid laid on the first's.
- The image shows each hatchway in its state as set (as the printed map
  does); a tabletop that opens a door later draws its own door.
- Importers read `closed: false` as a window rather than an open door
  (Foundry's Universal Battlemap Importer makes it a wall that blocks
  movement but not sight, or with its "openable windows" setting a door
  that never blocks sight). A mission with a timeline is written as its
  table starts (model/timeline.py: mission_in_round(m, 0)): a locked
  hatchway is closed (the format has no lock), a marker that appears later
  and an entry zone that opens later are not on the map; a tabletop plays
  the changes by hand. The brief asks for the hatchway's state as set,
  so that is what is written; the player's guide tells players to close
  the hatchways before exporting for a tabletop that needs them as doors.
"""
from __future__ import annotations

import base64
import json
import math

from shapely.geometry import Polygon
from shapely.ops import unary_union

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import placements
from ..model.mission import Mission
from ..model.timeline import mission_in_round
from ..rules.geometry import PieceGeometryError, piece_shape
from .common import as_printed
from .drawing import Page, png_bytes
from .mapdraw import MapView, draw_map, table_bounds

FORMAT = 0.3
INCH = 25.4  # mm: one grid square
# Pixels per inch: about 2 pixels per table millimetre (a 32 mm base is 63
# pixels across), above the 20-pixel grid Foundry VTT allows at the least
# (CONST.GRID_MIN_SIZE) and under Roll20's 70; two boards side by side make
# a 2800 x 1200 pixel image.
PIXELS_PER_GRID = 50


class Grid:
    """Table millimetres to grid squares (inches) from the image's corner."""

    def __init__(self, mission: Mission, cat: Catalogue):
        places = placements(mission, cat)
        x0, y0, x1, y1 = table_bounds(mission, cat)
        self.pitch = INCH
        # The table's corner: the grid runs through it.
        ax = min((p.bounds[0] for p in places.values()), default=x0)
        ay = min((p.bounds[1] for p in places.values()), default=y0)
        self.left = ax - INCH * math.ceil((ax - x0) / INCH - 1e-9)
        self.top = ay - INCH * math.ceil((ay - y0) / INCH - 1e-9)
        self.width = max(1, math.ceil((x1 - self.left) / INCH - 1e-9))
        self.height = max(1, math.ceil((y1 - self.top) / INCH - 1e-9))

    def g(self, x: float, y: float) -> dict:
        return {"x": round((x - self.left) / self.pitch, 5), "y": round((y - self.top) / self.pitch, 5)}


def _rings(geom) -> list:
    polys = [geom] if isinstance(geom, Polygon) else list(getattr(geom, "geoms", []))
    out = []
    for p in polys:
        if not isinstance(p, Polygon) or p.is_empty:
            continue
        p = p.simplify(0)  # drop points in the middle of straight edges
        out.append(list(p.exterior.coords))
        out.extend(list(r.coords) for r in p.interiors)
    return out


def walls_and_portals(mission: Mission, catalogue: Catalogue | None = None):
    """(blocking outlines as rings of table points, [(piece, a, b)] doorways
    with their two ends on the wall's line), in table millimetres."""
    cat = catalogue or default_catalogue()
    places = placements(mission, cat)
    solids, doors = [], []
    for piece in mission.pieces:
        if piece.board not in places or piece.code not in cat.pieces:
            continue
        try:
            shape = piece_shape(piece, places[piece.board], cat)
        except PieceGeometryError:
            continue
        solids.append(shape.solid)
        kind = cat.pieces[piece.code]
        if kind.hatchway is not None and shape.axis is not None:
            o0, o1 = kind.hatchway.opening
            ox, oy = shape.centre
            d = (math.cos(math.radians(shape.angle)), math.sin(math.radians(shape.angle)))
            a = (ox + d[0] * o0, oy + d[1] * o0)
            b = (ox + d[0] * o1, oy + d[1] * o1)
            doors.append((piece, a, b))
    rings = _rings(unary_union(solids)) if solids else []
    # The table's edge: nothing is seen or reached off the boards.
    boards = unary_union([Polygon(p.outline_table()) for p in places.values()])
    rings += _rings(boards)
    return rings, doors


def map_image(mission: Mission, grid: Grid, cat: Catalogue, pixels_per_grid: int) -> bytes:
    k = pixels_per_grid / grid.pitch  # pixels (points at 72 dpi) per table millimetre
    page = Page(grid.width * pixels_per_grid, grid.height * pixels_per_grid)
    # Off the boards is the void of space: dark, as tabletops show what lies
    # beyond a scene.
    page.rect(0, 0, page.width, page.height, fill="#2b2f36")
    draw_map(page, mission, MapView(grid.left, grid.top, 0.0, 0.0, k), cat, label_max=14.0)
    # One pixel a point: within the budget (pixels_per_grid_for), so drawn
    # at exactly the size map_size and pixels_per_grid promise.
    return png_bytes(page, dpi=72.0)


# The image's budget (drawing.MAX_RASTER_PIXELS): boards laid far apart
# (the coordinate limit allows 100 m) make a map of thousands of squares a
# side. The squares get fewer pixels to stay within it; below
# MIN_PIXELS_PER_GRID a square shows nothing useful and the export is refused.
MIN_PIXELS_PER_GRID = 16


class MapTooLarge(ValueError):
    """The table is too large for one tabletop image: a message for the user."""


def pixels_per_grid_for(width: int, height: int, wanted: int = PIXELS_PER_GRID) -> int:
    """The pixels per square for a map `width` x `height` squares: `wanted`,
    or fewer so the image stays within drawing.MAX_RASTER_PIXELS;
    MapTooLarge when that would be under MIN_PIXELS_PER_GRID."""
    from .drawing import MAX_RASTER_PIXELS

    fit = int(math.sqrt(MAX_RASTER_PIXELS / (width * height)))
    ppg = min(wanted, fit)
    if ppg < MIN_PIXELS_PER_GRID:
        raise MapTooLarge(
            f"the table is {width:,} x {height:,} grid squares (its boards lie far apart): too large for a "
            f"virtual tabletop image of at most {MAX_RASTER_PIXELS:,} pixels at {MIN_PIXELS_PER_GRID} "
            "pixels a square; lay the boards closer together")
    return ppg


def uvtt_data(mission: Mission, catalogue: Catalogue | None = None,
              pixels_per_grid: int = PIXELS_PER_GRID) -> dict:
    cat = catalogue or default_catalogue()
    # A table that changes: the table as it starts (hatchways as set, locked
    # ones closed; markers and entry zones that come later left out).
    mission = as_printed(mission_in_round(mission, 0))
    grid = Grid(mission, cat)
    pixels_per_grid = pixels_per_grid_for(grid.width, grid.height, pixels_per_grid)
    rings, doors = walls_and_portals(mission, cat)
    portals = []
    for piece, a, b in doors:
        portals.append({
            "position": grid.g((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
            "bounds": [grid.g(*a), grid.g(*b)],
            "rotation": round(math.atan2(b[1] - a[1], b[0] - a[0]), 6),
            "closed": not bool(piece.open),
            "freestanding": False,
        })
    return {
        "format": FORMAT,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": grid.width, "y": grid.height},
            "pixels_per_grid": pixels_per_grid,
        },
        "line_of_sight": [[grid.g(x, y) for x, y in ring] for ring in rings],
        "objects_line_of_sight": [],
        "portals": portals,
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(map_image(mission, grid, cat, pixels_per_grid)).decode("ascii"),
    }


def uvtt_bytes(mission: Mission, catalogue: Catalogue | None = None) -> bytes:
    return json.dumps(uvtt_data(mission, catalogue), ensure_ascii=False).encode("utf-8")


__all__ = ["uvtt_data", "uvtt_bytes", "walls_and_portals", "pixels_per_grid_for", "MapTooLarge",
           "PIXELS_PER_GRID", "FORMAT"]
