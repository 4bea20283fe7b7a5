"""The designer's eye: what each entry zone sees, which hatchway matters, how
far a first turn reaches. Each honours the base size and the hatchway view
(as-set, closed, open) the overlays use, and is built on the rules core
(sight.py, paths.py, reach.py): no geometry of its own.

Seen from the enemy (seen_from): the places where a base of the chosen size
can stand and be seen from some point of a player's entry zone (a clear line
from the zone to any part of the base, sight rule). A line from inside the
zone leaves it through its edge, and the rest of the line is clear too, so
what the zone sees is the zone itself and what its edge sees: the union of
the visibility polygons of points along the zone's edge (cut to the free
space, pulled 1 mm off walls), every EDGE_STEP_MM and at every corner. A
base is seen when its disc reaches into that area: the area grown by the
base's radius, cut to where the base can stand. Our choice: the edge is
sampled, so a sliver seen only between two sample points may be missed
(never counted when not seen). Share: of the floor where the base can stand.

Which hatchway matters (hatchway_flips): each hatchway flipped from its
state as set (the others as set), and per player and objective the change in
route distance (objective_distances: zone to the marker's nearest edge),
"cut" when the route goes, "opened" when one appears; entry zones newly in
sight of each other. Worst first: a cut or opening, then the largest change.
Kill Team (kill_team_shut): every hatchway starts closed and is opened with
the Operate Hatch action, so each is kept shut while the others are open,
against every hatchway open, on Kill Team's routes (1" more per access point
crossed, the balance's routes); marked "shut".

First-turn reach (first_turn): the floor a base's centre can reach from its
entry zone by a move of M inches (the bands are the game's, games.py:
Boarding Actions M, M + 3.5 for an average Advance, M + 6 for a Charge;
Kill Team M for a Reposition, M + 3 with a Dash): the places where it can stand, in the region its zone reaches, whose
tape-measure route from the zone is within the band (paths.distances_from;
our reading: the route of the base's centre is measured like a tape, the
base size decides where it may stand and which regions join). Worked on a
grid of GRID_MM; objectives per band by objective distance (as the analysis
measures it). Kill Team counts a move the rules' way (whole-inch
increments, kill_team/zone_moves.py): a grid point is within a band when
the count of a route found to it is (band_counts' label), the objectives by
the balance's counts; the tape's area and the area the search left unsure
are reported beside (first_turn_detail).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ..catalogue import Catalogue, default_catalogue
from ..games import BOARDING_ACTIONS, GAMES, Game, first_turn_bands, game_of, is_kill_team
from ..model.mirror import piece_ref
from ..model.mission import Mission, Piece
from ..model.names import describe_piece
from ..phrases import Phrase
from . import unlocked
from .areas import MM_PER_INCH, entry_zone_geometry, zones_in_sight
from .checks.findings import Finding

SQ_IN = MM_PER_INCH ** 2
EDGE_STEP_MM = 12.0
GRID_MM = 10.0
# Flipping a hatchway re-measures every route and zone-to-zone sight line, so
# the flip analysis costs one analysis per hatchway. A real mission has at
# most 20 hatchways per terrain set (40 on two sets); beyond this many the
# table is not a mission to balance door by door (the largest table the
# file limits allow has 96 and took two minutes), and the analysis says so
# instead (an info finding) and lists none.
MAX_FLIP_HATCHWAYS = 48


def _r(x: float, nd: int = 2) -> float:
    return round(float(x), nd)


def standing_area(mission: Mission, base_mm: float, hatches: str = "as-set") -> BaseGeometry:
    """Where the centre of a base of this size can stand (the free floor)."""
    from . import reach

    regs = reach.regions(mission, base_mm=base_mm, hatches=hatches)
    return shapely.union_all([p for r in regs for p in r.parts]) if regs else shapely.Polygon()


# -- seen from the enemy -------------------------------------------------------

def zone_sees(mission: Mission, zone: BaseGeometry, hatches: str = "as-set") -> BaseGeometry:
    """Everything some point of the area sees (see the module's notes)."""
    from . import sight
    from .obstacles import battlefield
    from .rects import _polygons

    bf = battlefield(mission, hatches)
    free = zone.intersection(bf.free)
    if free.is_empty:
        return shapely.Polygon()
    inner = free.buffer(-1.0, join_style="mitre")
    pts: list[ShapelyPoint] = []
    for poly in _polygons(inner if not inner.is_empty else free):
        ring = poly.exterior
        n = max(4, int(math.ceil(ring.length / EDGE_STEP_MM)))
        pts += [ring.interpolate(k / n, normalized=True) for k in range(n)]
        pts += [ShapelyPoint(c) for c in ring.coords[:-1]]
    polys: list[BaseGeometry] = [free]
    for p in pts:
        x, y = p.x, p.y
        if not bf.on_battlefield(x, y) or bf.in_obstacle(x, y):
            continue
        polys.append(sight._visibility_polygon(bf, (x, y)))
    # snapped to a 0.1 mm grid the union is many times quicker (the
    # polygons share long edges along the same walls)
    simple = shapely.simplify(np.array(polys, dtype=object), 0.05)
    return shapely.union_all(simple, grid_size=0.1)


@dataclass
class SeenFrom:
    area: dict[int, BaseGeometry]  # player -> geometry of base-centre places seen
    floor: BaseGeometry  # where a base can stand

    def metrics(self) -> dict[str, dict[str, float | None]]:
        total = self.floor.area
        return {str(p): {"area_sq_in": _r(g.area / SQ_IN, 1), "share": _r(g.area / total, 3) if total else 0.0}
                for p, g in self.area.items()}


def seen_from(mission: Mission, base_mm: float = 32.0, hatches: str = "as-set",
              catalogue: Catalogue | None = None) -> SeenFrom:
    cat = catalogue or default_catalogue()
    floor = standing_area(mission, base_mm, hatches) if mission.boards else shapely.Polygon()
    out: dict[int, BaseGeometry] = {}
    for player in range(1, mission.players + 1):
        zone = entry_zone_geometry(mission, player, cat)
        if zone is None or floor.is_empty:
            out[player] = shapely.Polygon()
            continue
        seen = zone_sees(mission, zone, hatches).buffer(base_mm / 2, quad_segs=8)
        out[player] = unlocked.intersection(seen, floor)  # table-sized: let the window have the GIL
    return SeenFrom(out, floor)


# -- which hatchway matters ------------------------------------------------------

@dataclass
class HatchwayFlip:
    piece: Piece
    as_set: str                   # "open" or "closed"
    flipped: dict[str, dict[str, Any]]  # player -> {objective id: inches change | "cut" | "opened"}
    zones_in_sight: list[list[int]]     # [[p, q], ...] newly in sight

    @property
    def score(self) -> float:
        worst = 0.0
        for row in self.flipped.values():
            for v in row.values():
                worst = max(worst, 1e6 if isinstance(v, str) else abs(v))
        return worst + 1e5 * len(self.zones_in_sight)

    def to_dict(self) -> dict[str, Any]:
        return {"piece": piece_ref(self.piece), "as_set": self.as_set, "flipped": self.flipped,
                "zones_in_sight": [list(z) for z in self.zones_in_sight]}


def _sight_pairs(mission: Mission, cat: Catalogue) -> set[tuple[int, int]]:
    zones = {p: z for p in range(1, mission.players + 1) if (z := entry_zone_geometry(mission, p, cat)) is not None}
    players = list(zones)
    out = set()
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if zones_in_sight(mission, zones[a], zones[b], hatches="as-set") is not None:
                out.add((a, b))
    return out


def hatchway_flips(mission: Mission, catalogue: Catalogue | None = None,
                   distances: dict[str, dict[str, float | None]] | None = None) -> list[HatchwayFlip]:
    """Every hatchway flipped from its state as set, worst first (Kill Team:
    each kept shut while the others are open, kill_team_shut)."""
    from .distances import objective_distances

    cat = catalogue or default_catalogue()
    if not mission.boards or hatchway_count(mission, cat) > MAX_FLIP_HATCHWAYS:
        return []
    if is_kill_team(mission):
        return kill_team_shut(mission, cat)
    base = distances if distances is not None else objective_distances(mission, cat)
    seen = _sight_pairs(mission, cat)
    out = []
    for k, p in enumerate(mission.pieces):
        kind = cat.pieces.get(p.code)
        if kind is None or kind.hatchway is None:
            continue
        flipped_piece = replace(p, open=not bool(p.open))
        m2 = replace(mission, pieces=mission.pieces[:k] + (flipped_piece,) + mission.pieces[k + 1:])
        after = objective_distances(m2, cat)
        change = _changes(base, after)
        new_sight = sorted(_sight_pairs(m2, cat) - seen)
        out.append(HatchwayFlip(p, "open" if p.open else "closed", change, [list(z) for z in new_sight]))
    out.sort(key=lambda h: -h.score)
    return out


def _changes(base: dict[str, dict[str, float | None]],
             after: dict[str, dict[str, float | None]]) -> dict[str, dict[str, Any]]:
    """{player: {objective: change}} from the routes before and after: the
    change in inches, "cut" when the route goes, "opened" when one appears."""
    change: dict[str, dict[str, Any]] = {}
    for player, row in base.items():
        got: dict[str, Any] = {}
        for oid, d0 in row.items():
            d1 = after.get(player, {}).get(oid)
            if d0 is None and d1 is None:
                continue
            got[oid] = "cut" if d1 is None else ("opened" if d0 is None else _r(d1 - d0))
        change[player] = got
    return change


def kill_team_shut(mission: Mission, catalogue: Catalogue | None = None) -> list[HatchwayFlip]:
    """Kill Team's hatchway table: every hatchway starts closed and an
    operative opens one with the Operate Hatch action (1AP), so the question
    is what each one changes if it stays shut while the others may be opened.
    Per player and objective, the change in the drop zones' route to the
    marker (kill_team.balance: every other hatchway open, 1" more per access
    point crossed, the same routes as the balance) against every hatchway
    open; "cut" when no route is left. Sight between the drop zones is not
    weighed (a hatchway kept shut only hides more). Marked as_set "shut"."""
    from .kill_team import balance

    cat = catalogue or default_catalogue()
    opened = tuple(replace(p, open=True) if (k := cat.pieces.get(p.code)) is not None and k.hatchway is not None
                   else p for p in mission.pieces)
    every_open = replace(mission, pieces=opened)
    base = balance(every_open, cat, hatches="as-set")
    out = []
    for n, p in enumerate(mission.pieces):
        kind = cat.pieces.get(p.code)
        if kind is None or kind.hatchway is None:
            continue
        shut = replace(every_open, pieces=opened[:n] + (replace(opened[n], open=False),) + opened[n + 1:])
        after = balance(shut, cat, hatches="as-set")
        out.append(HatchwayFlip(p, "shut", _changes(base, after), []))
    out.sort(key=lambda h: -h.score)
    return out


def worst_change(flipped: dict[str, dict[str, Any]]) -> tuple[str, str, Any] | None:
    """(player, objective id, change) of the change that matters most in a
    flip's {player: {objective: change}} ("cut"/"opened" outrank any
    distance), or None when nothing changes."""
    best, best_key = None, 0.0
    for player, row in flipped.items():
        for oid, v in row.items():
            key = 1e9 if isinstance(v, str) else abs(v)
            if key > best_key:
                best, best_key = (player, oid, v), key
    return best


def hatchway_count(mission: Mission, catalogue: Catalogue | None = None) -> int:
    cat = catalogue or default_catalogue()
    return sum(1 for p in mission.pieces if (k := cat.pieces.get(p.code)) is not None and k.hatchway is not None)


def hatchway_findings(flips: list[HatchwayFlip], mission: Mission, catalogue: Catalogue | None = None) -> list[Finding]:
    """Warn where one hatchway alone cuts a player off from an objective
    another player can still reach (and say so when there were too many
    hatchways to flip one by one)."""
    cat = catalogue or default_catalogue()
    out = []
    n = hatchway_count(mission, cat)
    if n > MAX_FLIP_HATCHWAYS:
        out.append(Finding("info", "hatchways-not-flipped", Phrase(
            "{n} hatchways are too many to flip one by one (at most {limit}): the hatchway table is left empty",
            n=n, limit=MAX_FLIP_HATCHWAYS)))
    for h in flips:
        for player, row in h.flipped.items():
            for oid, v in row.items():
                if v != "cut":
                    continue
                others = [q for q, r in h.flipped.items() if q != player and r.get(oid) != "cut"
                          and (r.get(oid) is not None)]
                if not others:
                    continue
                state = Phrase("closing") if h.as_set in ("open", "shut") else Phrase("opening")
                out.append(Finding("warning", "hatchway-cuts-off", Phrase(
                    "{action} {piece} alone cuts player {n} off from objective {id!r}, which player {other} "
                    "can still reach", action=state, piece=describe_piece(h.piece, cat), n=player, id=oid,
                    other=others[0]), pieces=(h.piece.uid,), objectives=(oid,)))
    return out


# -- first-turn reach ------------------------------------------------------------

def bands(move_in: float, game: Game | None = None) -> tuple[float, ...]:
    """The first-turn bands for a move of move_in, nearest first: the game's
    (games.first_turn_bands; Boarding Actions' when no game is named)."""
    return first_turn_bands(game or GAMES[BOARDING_ACTIONS], move_in)


def band_key(x: float) -> str:
    return f"{x:g}"


@dataclass
class FirstTurn:
    move_in: float
    grid: dict[int, tuple[np.ndarray, np.ndarray]]  # player -> (points Nx2, distances mm N, nan where not reached)
    step: float
    objectives: dict[int, dict[str, list[str]]]  # player -> {band key: [ids]}
    floors: dict[int, BaseGeometry]  # player -> where its bases can stand (the squares are clipped to it)
    bands: tuple[float, ...] = ()    # the bands in inches, nearest first (bands())
    # Kill Team: grid holds each point's move counted the rules' way (the
    # label of zone_moves.band_counts, in mm); tape: the tape's lengths;
    # counts: player -> (points, lower bounds, labels) in inches
    tape: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    counts: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=dict)

    def area(self, player: int, band_in: float) -> BaseGeometry:
        """The floor within `band_in` of the player's entry zone, as squares."""
        pts, d = self.grid.get(player, (np.zeros((0, 2)), np.zeros(0)))
        sel = pts[np.nan_to_num(d, nan=np.inf) <= band_in * MM_PER_INCH]
        h = self.step / 2
        if not len(sel):
            return shapely.Polygon()
        boxes = shapely.box(sel[:, 0] - h, sel[:, 1] - h, sel[:, 0] + h, sel[:, 1] + h)
        squares = shapely.coverage_union_all(boxes) if hasattr(shapely, "coverage_union_all") \
            else shapely.union_all(boxes)
        floor: BaseGeometry = unlocked.intersection(squares, self.floors[player])
        return floor

    def area_sq_in(self, player: int, band_in: float) -> float:
        return self.area(player, band_in).area / SQ_IN

    def metrics(self) -> dict[str, Any]:
        """The contract's first_turn: {move_in, player: {band: [ids]}} (no
        other keys, so scripts may read every other key as a player)."""
        out: dict[str, Any] = {"move_in": self.move_in}
        for p, row in self.objectives.items():
            out[str(p)] = row
        return out

    def detail(self) -> dict[str, Any]:
        """first_turn_detail: the area per player and band (sq in; players
        with no zone have none), and per band how many more objectives the
        best-placed player reaches than the worst (the spread)."""
        b = self.bands or bands(self.move_in)
        area = {str(p): {band_key(x): _r(self.area_sq_in(p, x), 1) for x in b} for p in self.grid}
        spread = {}
        for x in b:
            counts = [len(row[band_key(x)]) for row in self.objectives.values()]
            spread[band_key(x)] = (max(counts) - min(counts)) if counts else 0
        out = {"area_sq_in": area, "spread": spread}
        if self.counts:
            # Kill Team: the floor within each band by the tape (length) and
            # the squares whose count the search left between its bounds
            # counted in increments the floor is a part of the tape's (a count
            # is never below the tape's length rounded up): the tape's area is
            # that floor and the few squares only the tape reaches
            out["tape_area_sq_in"] = {str(p): {band_key(x): _r(area[str(p)][band_key(x)]
                                                               + self._tape_only(p, x).area / SQ_IN, 1)
                                               for x in b} for p in self.tape}
            out["unsure_area_sq_in"] = {str(p): {band_key(x): _r(self._unsure(p, x).area / SQ_IN, 1) for x in b}
                                        for p in self.counts}
        return out

    def _tape_only(self, player: int, band_in: float) -> BaseGeometry:
        """The squares within the band by the tape but not by the count."""
        pts, d = self.tape[player]
        _, counted = self.grid[player]
        far = band_in * MM_PER_INCH + 1e-6
        sel = pts[(np.nan_to_num(d, nan=np.inf) <= far) & ~(np.nan_to_num(counted, nan=np.inf) <= far)]
        return self._boxes(sel, player)

    def _boxes(self, sel: np.ndarray, player: int | None) -> BaseGeometry:
        h = self.step / 2
        if not len(sel):
            return shapely.Polygon()
        boxes = shapely.box(sel[:, 0] - h, sel[:, 1] - h, sel[:, 0] + h, sel[:, 1] + h)
        got = shapely.union_all(boxes)
        return got if player is None else unlocked.intersection(got, self.floors[player])

    def _unsure(self, player: int, band_in: float) -> BaseGeometry:
        """The squares whose count may or may not be within the band (the
        lower bound is, the label is not)."""
        pts, lower, label = self.counts[player]
        sel = pts[(lower <= band_in + 1e-9) & ~(label <= band_in + 1e-9)]
        return self._boxes(sel, player)


def first_turn(mission: Mission, base_mm: float = 32.0, move_in: float = 6.0, hatches: str = "as-set",
               catalogue: Catalogue | None = None,
               distances: dict[str, dict[str, float | None]] | None = None) -> FirstTurn:
    from . import paths, reach
    from .distances import objective_distances

    cat = catalogue or default_catalogue()
    b = bands(move_in, game_of(mission))
    door_cost = 0.0
    if is_kill_team(mission):
        # Kill Team's routes (rules/kill_team, kt-routes-reading): "as set"
        # is every hatchway operable, that is open (they all start closed and
        # operatives open them), and crossing an access point costs 1" more:
        # the same route as the drop zones' balance and the editor's overlays.
        # A move is counted the rules' way (each increment rounded up to the
        # inch: kill_team/zone_moves.py): the objectives by the balance's
        # moves, the floor by each grid point's count (counts below).
        from .kill_team import ACCESS_POINT_MM, ROUTE_HATCHES
        from .kill_team.zone_moves import balance_moves, move_table

        if hatches == "as-set":
            hatches = ROUTE_HATCHES
        door_cost = ACCESS_POINT_MM
        dist = move_table(balance_moves(mission, cat, hatches=hatches))
    elif distances is not None and hatches == "as-set":
        dist = distances
    else:
        dist = objective_distances(mission, cat, hatches=hatches)
    objectives: dict[int, dict[str, list[str]]] = {}
    for player in range(1, mission.players + 1):
        row = dist.get(str(player), {})
        objectives[player] = {band_key(x): [oid for oid, d in row.items() if d is not None and d <= x + 1e-9]
                              for x in b}
    grid: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    floors: dict[int, BaseGeometry] = {}
    tape_grid: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    unsure: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    if mission.boards:
        regs = reach.regions(mission, base_mm=base_mm, hatches=hatches)
        far = b[-1] * MM_PER_INCH
        for player in range(1, mission.players + 1):
            zone = entry_zone_geometry(mission, player, cat)
            if zone is None:
                continue
            # the regions a base set up in the zone can move about in
            mine = [p for r in regs if any(p.intersects(zone) for p in r.parts) for p in r.parts]
            if not mine:
                continue
            area = unlocked.intersection(shapely.union_all(mine), zone.buffer(far + GRID_MM))
            x0, y0, x1, y1 = area.bounds
            xs = np.arange(math.floor(x0 / GRID_MM) * GRID_MM + GRID_MM / 2, x1, GRID_MM)
            ys = np.arange(math.floor(y0 / GRID_MM) * GRID_MM + GRID_MM / 2, y1, GRID_MM)
            gx, gy = np.meshgrid(xs, ys)
            pts = np.column_stack([gx.ravel(), gy.ravel()])
            # squares whose middle lies just off the floor still hold some
            # floor: measure to the nearest floor point, clip the squares later
            near = shapely.intersects_xy(area.buffer(GRID_MM * 0.75), pts[:, 0], pts[:, 1])
            pts = pts[near]
            inside = shapely.intersects_xy(area, pts[:, 0], pts[:, 1])
            probe = pts.copy()
            if (~inside).any():
                line = shapely.shortest_line(area, shapely.points(pts[~inside]))
                probe[~inside] = shapely.get_coordinates(line)[0::2]
            got = paths.distances_from(mission, zone, [tuple(p) for p in probe], hatches=hatches,
                                       door_cost=door_cost)
            d = np.array([np.nan if v is None else v for v in got], dtype=float)
            if door_cost:
                from .kill_team.zone_moves import band_counts

                lower, label = band_counts(mission, zone, probe, d, int(math.ceil(b[-1] - 1e-9)), hatches)
                tape_grid[player] = (pts, d)
                # the count as a distance: surely within a band when its label is
                d = np.where(np.isfinite(label), label * MM_PER_INCH, np.nan)
                unsure[player] = (pts, lower, label)
            grid[player] = (pts, d)
            floors[player] = area
    return FirstTurn(move_in, grid, GRID_MM, objectives, floors, b, tape_grid, unsure)


# -- all of it for analyze --------------------------------------------------------

def designer_metrics(mission: Mission, base_mm: float = 32.0, move_in: float = 6.0,
                     catalogue: Catalogue | None = None, distances: dict[str, dict[str, float | None]] | None = None,
                     ) -> tuple[dict[str, Any], list[Finding], dict[str, Any]]:
    """The analysis's symmetry, seen_from, hatchways and first_turn, the
    hatchway warnings, and the geometry behind them (for overlays and the
    designer's page)."""
    from ..model.mirror import symmetry

    cat = catalogue or default_catalogue()
    sym = symmetry(mission, cat)
    seen = seen_from(mission, base_mm, "as-set", cat)
    flips = hatchway_flips(mission, cat, distances)
    ft = first_turn(mission, base_mm, move_in, "as-set", cat, distances)
    metrics = {
        "symmetry": {"point": sym.point, "line": sym.line, "closest": sym.closest,
                     "breaking": [piece_ref(p) for p in sym.breaking]},
        "seen_from": seen.metrics(),
        "hatchways": [h.to_dict() for h in flips],
        "first_turn": ft.metrics(),
        "first_turn_detail": ft.detail(),
    }
    return metrics, hatchway_findings(flips, mission, cat), {"seen_from": seen, "hatchways": flips,
                                                             "first_turn": ft, "symmetry": sym}
