"""Entry zones and named regions: every zone they list on its board, every
player with an entry zone, and no two players' entry zones in sight of each
other with the hatchways as set.

Whether two entry zones see each other is asked after every edit (here and
by the designer's analyses): the answer is sight.zones_see_each_other's,
with work saved where the edit cannot have changed it (zones_in_sight). Its
memos (a clear line found on an earlier terrain, the battlefield on which
two zones were last hidden) are per zone pair and bounded.
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint, box
from shapely.ops import unary_union

from ...catalogue import Catalogue
from ...model.lattice import Placement, cell_name
from ...model.mission import Mission, Point
from ...phrases import Phrase
from ..cache import LRU, register
from .areas import cell_polygon, entry_zone_geometry, placements
from .findings import Finding


def zone_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    boards = placements(mission, cat)
    for what, zones in (("entry", mission.entry_zones), ("region", mission.regions)):
        for z in zones:
            if what == "region":
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
            doors = [d for bo in bf.boards for d in bo.open_doors]
            through = bool(doors) and bool(shapely.intersects(np.array(doors, dtype=object),
                                                              shapely.LineString(line)).any())
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


_said = LRU(64, "checks.zone_sight_said")  # a line and the cells it names -> its finding


def _zone_cell_key(mission: Mission, player: int, point: Point, cat: Catalogue):
    """The (board, cell) of a player's entry zone nearest to a point: the
    first of the nearest, zones and cells in the file's order."""
    cells, polys = _zone_cells(mission, player, cat)
    if not cells:
        return None
    # One call for every cell: GEOS's distance, as cell by cell; argmin
    # takes the first of equals, as a loop keeping the strictly nearer did
    # (tests/unit/test_checks_fast_paths.py holds it to that loop).
    return cells[int(np.argmin(shapely.distance(polys, ShapelyPoint(point))))]


_cells_cache = LRU(64, "checks.zone_cells")  # a player's entry zones -> their cells and squares


def _zone_cells(mission: Mission, player: int, cat: Catalogue) -> tuple[list, np.ndarray]:
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
    got = _cells_cache.get(key)
    if got is None:
        cells = [(z.board, c) for z, pl in laid for c in z.cells if pl.has_cell(c)]
        polys = np.array([cell_polygon(pl, c) for z, pl in laid for c in z.cells if pl.has_cell(c)], dtype=object)
        got = (cells, polys)
        _cells_cache.put(key, got)
    return got


def _zone_cell_near(mission: Mission, player: int, point: Point, cat: Catalogue, key=None) -> Phrase:
    key = _zone_cell_key(mission, player, point, cat) if key is None else key
    if key is None:
        return Phrase("({x:.0f}, {y:.0f})", x=float(point[0]), y=float(point[1]))
    return Phrase("zone {cell} of board {board}", cell=cell_name(key[1]), board=key[0])


# ---------------------------------------------------------------------------
# Do two zones see each other: the fast path

_zone_witness: dict = register({}, "checks.zone_witness")  # zone pair -> clear lines found on an earlier terrain
_zone_hidden: dict = register({}, "checks.zone_hidden")   # zone pair -> the last battlefield on which they were hidden


def zones_in_sight(mission: Mission, zone_a, zone_b, hatches: str = "as-set", bf=None):
    """A sight line between two areas (shapely geometries), or None when
    there is none: ((x1, y1), (x2, y2)) with the first end in zone_a.

    The answer is sight.zones_see_each_other's; this wrapper saves it the
    work where it can, since the editor asks after every edit:
    - cached on the battlefield (per terrain value and hatchway view);
    - no sight line where no tape can pass: the zones must share a piece of
      free space, else the answer is None at once;
    - the line found before this edit usually still stands: one segment to
      test before searching again."""
    from .. import sight
    from ..obstacles import _polygons, battlefield as _bf

    bf = bf if bf is not None else _bf(mission, hatches)
    key = ("zones-in-sight", zone_a.wkb, zone_b.wkb)
    if key in bf.cache:
        return bf.cache[key]
    comps = bf.cache.get("free-parts")
    if comps is None:
        comps = bf.cache["free-parts"] = np.array(_polygons(bf.free), dtype=object)
    found = None
    if len(comps) and (shapely.intersects(comps, zone_a) & shapely.intersects(comps, zone_b)).any():
        lines = _zone_witness.get(key)
        if lines:
            ok = bf.clear(np.array([w[0] for w in lines]), np.array([w[1] for w in lines]))
            if ok.any():
                found = lines[int(np.argmax(ok))]
        if found is None and not _still_hidden(key, bf, mission, zone_a, zone_b, hatches):
            found = sight.zones_see_each_other(mission, zone_a, zone_b, hatches=hatches)
            if found is not None:
                _zone_witness[key] = [found] + _parallel_lines(bf, found, zone_a, zone_b)
    if found is not None:
        while len(_zone_witness) > 256:
            try:
                _zone_witness.pop(next(iter(_zone_witness)))
            except (StopIteration, KeyError, RuntimeError):
                break
    bf.cache[key] = found
    if found is None:
        _zone_hidden[key] = bf
        while len(_zone_hidden) > 8:  # each holds a whole battlefield alive
            try:
                _zone_hidden.pop(next(iter(_zone_hidden)))
            except (StopIteration, KeyError, RuntimeError):
                break
    else:
        _zone_hidden.pop(key, None)
    return found


def _still_hidden(key, bf, mission, zone_a, zone_b, hatches) -> bool:
    """True when the zones were hidden from each other on the terrain before
    this edit and the edit cannot have opened a line between them:
    - it only added to what blocks (a piece placed, a hatchway closed): a
      line blocked before is blocked still;
    - or what it took away (a hatchway opened, a piece moved) cannot be seen
      from one of the two zones: a newly clear line would pass through it,
      so the place must see both zones. (Asked of sight.zones_see_each_other
      for that small place, a fraction of the work of asking it for the
      zones.)"""
    from .. import sight
    from ..obstacles import changed_boxes

    old = _zone_hidden.get(key)
    if old is None or old is bf:
        return old is bf
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


def _parallel_lines(bf, line, zone_a, zone_b, step: float = 6.0, count: int = 6) -> list:
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
