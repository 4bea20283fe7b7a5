"""Entry zones and named regions: every zone they list on its board, every
player with an entry zone, and no two players' entry zones in sight of each
other with the hatchways as set.

Whether two entry zones see each other is asked after every edit (here and
by the designer's analyses): the answer is sight.zones_see_each_other's,
with work saved where the edit cannot have changed it (zones_in_sight, in
rules/areas.py with the zones' shapes, so the Kill Team rules and the
designer ask it without importing the checks).
"""
from __future__ import annotations

import operator
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint

from ...catalogue import Catalogue
from ...memo import Memo
from ...model.lattice import Placement, cell_name
from ...model.mission import Cell, Mission, Point, Region
from ...phrases import Phrase
from ..areas import cell_polygon, entry_zone_geometry, placements, zones_in_sight
from .findings import Finding

if TYPE_CHECKING:  # names only: the quick checks never load the rules core
    from ..obstacles import Battlefield
    from ..sight import Line


def zone_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Entry zones and regions on their boards, every player with an entry
    zone: the same findings while the zones, regions and boards are the
    very same tuples (an edit of the pieces keeps them)."""
    key = (id(mission.entry_zones), id(mission.regions), id(mission.boards), id(cat), mission.players, mission.game)
    got = _zones_said.get(key)
    if got is not None and got[0] is mission.entry_zones and got[1] is mission.regions and got[2] is mission.boards:
        return list(got[3])
    findings = _zone_findings(mission, cat)
    _zones_said.put(key, (mission.entry_zones, mission.regions, mission.boards, tuple(findings)))
    return findings


_zones_said = Memo("checks.zone_findings", 8)  # (held: their ids name no others)


def _zone_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    boards = placements(mission, cat)
    for what, zones in (("entry", mission.entry_zones), ("region", mission.regions)):
        for z in zones:
            if isinstance(z, Region):  # (what == "region")
                label = Phrase("region {name!r}", name=z.name)
            elif z.name:
                label = Phrase("player {n}'s entry zone {name!r}", n=z.player, name=z.name)
            else:
                label = Phrase("player {n}'s entry zone", n=z.player)
            pl = boards.get(z.board)
            if pl is None:
                findings.append(Finding("error", "unknown-board",
                                        Phrase("{zone} is on board {board!r}, which the mission does not have",
                                               zone=label, board=z.board)))
                continue
            off = [c for c in z.cells if not pl.has_cell(c)]
            if off:
                names = ", ".join(f"[{c[0]}, {c[1]}]" for c in off)
                code = "entry-zone-off-board" if what == "entry" else "region-off-board"
                findings.append(Finding("error", code,
                                        Phrase("{zone} lists zones off board {board}: {cells}", zone=label,
                                               board=z.board, cells=names),
                                        cells=tuple((z.board, c) for c in off)))
    for player in range(1, mission.players + 1):
        if not mission.entry_zones_of(player):
            findings.append(Finding("warning", "no-entry-zone",
                                    Phrase("player {n} has no drop zone", n=player) if mission.game == "kill-team"
                                    else Phrase("player {n} has no entry zone", n=player)))
    return findings


def sight_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Entry zones of different players that can see into each other, with
    the hatchways as set."""
    from .. import obstacles  # here, not at the top: the quick checks never need it

    findings: list[Finding] = []
    players = sorted({z.player for z in mission.entry_zones})
    geoms = {p: entry_zone_geometry(mission, p, cat) for p in players}
    bf = obstacles.battlefield(mission, "as-set")
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            a, b = players[i], players[j]
            ga, gb = geoms[a], geoms[b]
            if ga is None or gb is None:
                continue
            line = zones_in_sight(mission, ga, gb, hatches="as-set", bf=bf)
            if line is None:
                continue
            (x1, y1), (x2, y2) = line
            through = _through_open_door(bf, line)
            ka, kb = _zone_cell_key(mission, a, line[0], cat), _zone_cell_key(mission, b, line[1], cat)
            # the finding is said as it is made: once per line and the
            # zone cells it names (the line found before usually stands)
            said = (a, b, line, ka, kb, through)
            got = _said.get(said)
            if got is not None:
                findings.append(got)
                continue
            via = Phrase(" through an open hatchway (the catalogue's hatchway opening is provisional;"
                         " closing it may hide the zones)") if through else ""
            za, zb = _zone_cell_near(mission, a, line[0], cat, ka), _zone_cell_near(mission, b, line[1], cat, kb)
            findings.append(Finding(
                "warning", "entry-zones-in-sight",
                Phrase("the entry zones of player {n} and player {n2} can see into each other (hatchways as "
                       "set): a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) "
                       "mm{via}", n=a, n2=b, start=za, end=zb, x1=x1, y1=y1, x2=x2, y2=y2, via=via),
                places=((x1, y1), (x2, y2)),
                cells=tuple(c for c in (ka, kb) if c)))
            _said.put(said, findings[-1])
    return findings


_said = Memo("checks.zone_sight_said", 64)  # a line and the cells it names -> its finding
_doors_passed = Memo("checks.zone_sight_doors", 16)  # a line -> (the open doors, whether it passes one)


def _through_open_door(bf: Battlefield, line: Line) -> bool:
    """Whether the line passes an open hatchway's gap. Remembered per line
    while the open doors are the very same geometries (a board's doors are
    made again only when its hatchways change; an edit of other pieces
    keeps them): one GEOS call over every door and a line per edit
    otherwise."""
    doors = [d for bo in bf.boards for d in bo.open_doors]
    got = _doors_passed.get(line)
    if got is not None and len(got[0]) == len(doors) and all(map(operator.is_, got[0], doors)):
        known: bool = got[1]
        return known
    through = bool(doors) and bool(shapely.intersects(np.array(doors, dtype=object), shapely.LineString(line)).any())
    _doors_passed.put(line, (doors, through))
    return through


def _zone_cell_key(mission: Mission, player: int, point: Point, cat: Catalogue) -> tuple[str, Cell] | None:
    """The (board, cell) of a player's entry zone nearest to a point: the
    first of the nearest, zones and cells in the file's order. Asked after
    every edit for the ends of the sight line, which an edit of the pieces
    seldom moves: remembered per player and point while the mission's entry
    zones and boards are the very same objects (a Mission is immutable)."""
    seen = _near_cache.get((player, point))
    if seen is not None and seen[0] is mission.entry_zones and seen[1] is mission.boards and seen[2] is cat:
        near: tuple[str, Cell] | None = seen[3]
        return near
    near = _nearest_cell(mission, player, point, cat)
    _near_cache.put((player, point), (mission.entry_zones, mission.boards, cat, near))
    return near


_near_cache = Memo("checks.zone_cell_near", 64)  # (player, point) -> the zones, boards it is of, the cell


def _nearest_cell(mission: Mission, player: int, point: Point, cat: Catalogue) -> tuple[str, Cell] | None:
    cells, polys = _zone_cells(mission, player, cat)
    if not cells:
        return None
    # One call for every cell: GEOS's distance, as cell by cell; argmin
    # takes the first of equals, as a loop keeping the strictly nearer did
    # (tests/unit/test_checks_fast_paths.py holds it to that loop).
    return cells[int(np.argmin(shapely.distance(polys, ShapelyPoint(point))))]


_cells_cache = Memo("checks.zone_cells", 64)  # a player's entry zones -> their cells and squares


def _zone_cells(mission: Mission, player: int, cat: Catalogue) -> tuple[list[tuple[str, Cell]], np.ndarray]:
    """A player's entry-zone cells on their boards, (board, cell) in the
    file's order, and their squares; memoised by the zones and their boards'
    places (they rarely change between edits)."""
    laid = []
    for z in mission.entry_zones_of(player):
        try:
            b = mission.board(z.board)
            pl = Placement.of(b, cat)
        except KeyError:
            continue
        laid.append((z, pl))
    key = (id(cat), tuple((z.board, z.cells, pl) for z, pl in laid))
    got: tuple[list[tuple[str, Cell]], np.ndarray] | None = _cells_cache.get(key)
    if got is None:
        cells = [(z.board, c) for z, pl in laid for c in z.cells if pl.has_cell(c)]
        polys = np.array([cell_polygon(pl, c) for z, pl in laid for c in z.cells if pl.has_cell(c)], dtype=object)
        got = (cells, polys)
        _cells_cache.put(key, got)
    return got


def _zone_cell_near(mission: Mission, player: int, point: Point, cat: Catalogue,
                    key: tuple[str, Cell] | None = None) -> Phrase:
    key = _zone_cell_key(mission, player, point, cat) if key is None else key
    if key is None:
        return Phrase("({x:.0f}, {y:.0f})", x=float(point[0]), y=float(point[1]))
    return Phrase("zone {cell} of board {board}", cell=cell_name(key[1]), board=key[0])
