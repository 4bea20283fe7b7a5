"""The areas the checks measure against: the battlefield (the boards as
laid), a zone's square, a player's entry zones as one shape. Memoised by
value: the editor asks after every edit and the boards rarely move.
"""
from __future__ import annotations

from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from ...catalogue import Catalogue, default_catalogue
from ...model.lattice import Placement
from ...model.mission import Cell, Mission
from ..cache import LRU

MM_PER_INCH = 25.4
MARKER_DIAMETER = 40.0  # an objective marker (core rules)

_geom_cache = LRU(256, "checks.geom")  # battlefield outlines and entry-zone areas


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


def field_key_of(mission: Mission, cat: Catalogue | None = None) -> tuple:
    """What the battlefield depends on: the catalogue and the boards as laid."""
    cat = cat or default_catalogue()
    return ("battlefield", id(cat), tuple((b.kind, b.at, b.rotation) for b in mission.boards))


def battlefield(mission: Mission, cat: Catalogue | None = None):
    """The union of the boards as laid (touching boards merge)."""
    cat = cat or default_catalogue()
    key = field_key_of(mission, cat)
    hit = _geom_cache.get(key)
    if hit is None:
        polys = [box(*Placement.of(b, cat).bounds) for b in mission.boards]
        hit = unary_union(polys) if polys else Polygon()
        _geom_cache.put(key, hit)
    return hit


def cell_polygon(placement: Placement, cell: Cell) -> Polygon:
    return Polygon(placement.cell_corners_table(cell))


def entry_zone_geometry(mission: Mission, player: int, cat: Catalogue | None = None):
    """The cells of a player's entry zones as one shapely geometry (cells off
    their board or on unknown boards are left out)."""
    cat = cat or default_catalogue()
    zones = mission.entry_zones_of(player)
    boards = {b.id: b for b in mission.boards}
    key = ("zone", id(cat), tuple((z.board, z.cells, (lambda b: b and (b.kind, b.at, b.rotation))(boards.get(z.board)))
                                  for z in zones))
    if _geom_cache.has(key):
        return _geom_cache.get(key)
    polys = []
    for z in zones:
        if z.board not in boards:
            continue
        pl = Placement.of(boards[z.board], cat)
        polys.extend(cell_polygon(pl, c) for c in z.cells if pl.has_cell(c))
    geom = unary_union(polys) if polys else None
    _geom_cache.put(key, geom)
    return geom
