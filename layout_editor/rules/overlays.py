"""What the editor's overlays show, worked out from a mission: reach
regions, route distances to every zone, sight, a measured route, the pieces
the findings name, and the balance of routes between the players.

Plain functions over plain values (no Qt): the editor runs them off its UI
thread and draws what they return (shapely geometry and numbers). Each takes
the hatchway view ("as-set", "open", "closed") the user picked. What they say
(a caption, why a point gives nothing) is a `Phrase`, as everywhere in the
rules core, so the editor says it in its own language.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ..model.lattice import cell_name, placements
from ..model.mission import Mission
from ..phrases import QT_TR_NOOP, Listing, Phrase, one_or_many
from . import unlocked
from .areas import entry_zone_geometry

if TYPE_CHECKING:
    from .checks.findings import Finding

HATCH_VIEWS = ("as-set", "open", "closed")
# The hatchway views by name; `hatch_view` says one inside a sentence.
HATCH_VIEW_NAMES = {"as-set": QT_TR_NOOP("hatchways as set"), "open": QT_TR_NOOP("all hatchways open"),
                    "closed": QT_TR_NOOP("all hatchways closed")}
BASE_SIZES_MM = (25.0, 28.5, 32.0, 40.0, 50.0, 60.0)


def hatch_view(hatches: str) -> Phrase:
    """The hatchway view said inside a caption."""
    if hatches == "open":
        return Phrase("all hatchways open")
    if hatches == "closed":
        return Phrase("all hatchways closed")
    return Phrase("hatchways as set")


def _point_problem(e: Exception) -> Phrase:
    """Why a clicked point gives nothing (a MeasureError from the rules core)."""
    phrase = getattr(e, "phrase", None)
    return phrase if isinstance(phrase, Phrase) else Phrase("that point is inside a wall or off the battlefield")


# -- regions ------------------------------------------------------------------------
@dataclass(frozen=True)
class RegionView:
    area: Any                 # shapely geometry: where a base's centre can stand
    cells: frozenset[tuple[str, tuple[int, int]]]  # (board_id, (i, j)) cells it touches
    sealed: bool
    label_at: tuple[float, float]
    label_room_mm: float = 1e9   # how far the label point is from the region's edge


@dataclass(frozen=True)
class RegionsData:
    regions: list[RegionView]
    unreachable: list[Polygon]          # cells no base of the size can enter
    unreachable_names: list[str]
    base_mm: float
    hatches: str

    @property
    def sealed_count(self) -> int:
        return sum(1 for r in self.regions if r.sealed)

    def summary(self) -> Phrase:
        """What the regions overlay shows, for the status bar."""
        parts: list[Phrase] = [one_or_many(len(self.regions), QT_TR_NOOP("1 region for a {mm:g} mm base, {view}"),
                                   QT_TR_NOOP("{n} regions for a {mm:g} mm base, {view}"),
                                   mm=self.base_mm, view=hatch_view(self.hatches))]
        if self.sealed_count:
            parts.append(Phrase("{n} sealed", n=self.sealed_count))
        if self.unreachable:
            parts.append(one_or_many(len(self.unreachable), QT_TR_NOOP("1 zone no base can enter"),
                                     QT_TR_NOOP("{n} zones no base can enter")))
        return Listing(parts, "; ")


def label_point(area: BaseGeometry, keep_clear: BaseGeometry | None = None) -> tuple[float, float]:
    """Where a region's name reads best: the point deepest inside it (its
    pole of inaccessibility), away from what must stay readable."""
    from shapely.ops import polylabel

    room = area.difference(keep_clear) if keep_clear is not None and not keep_clear.is_empty else area
    if room.is_empty:
        room = area
    if not isinstance(room, Polygon):  # (geom_type "Polygon")
        parts = [g for g in getattr(room, "geoms", []) if g.geom_type == "Polygon"]
        if not parts:
            p = area.representative_point()
            return (p.x, p.y)
        room = max(parts, key=lambda g: g.area)
    try:
        p = polylabel(room, tolerance=2.0)
    except Exception:  # a degenerate sliver: any inside point will do
        p = room.representative_point()
    return (p.x, p.y)


def entry_cells(mission: Mission) -> set[tuple[str, tuple[int, int]]]:
    return {(z.board, (c[0], c[1])) for z in mission.entry_zones for c in z.cells}


def compute_regions(mission: Mission, base_mm: float = 32.0, hatches: str = "as-set") -> RegionsData:
    """The reach regions, largest first, with sealed ones marked.

    Sealed: a region no player can get into — it touches none of the entry
    zones' cells. A mission without entry zones yet has no players to reach
    anything, so there every region but the largest counts as sealed (the
    largest is where the armies will be)."""
    from . import reach

    found = sorted(reach.regions(mission, base_mm=base_mm, hatches=hatches),
                   key=lambda r: r.size, reverse=True)
    entries = entry_cells(mission)
    # Region labels keep off the objective markers and their names.
    keep_clear = unary_union([Point(o.at).buffer(48.0) for o in mission.objectives])
    views = []
    # Drawn, not measured: a third of a millimetre is below a pixel at any
    # sensible zoom, and it drops two thirds of the arc vertices. (All in
    # one call that lets the window have the GIL: rules/unlocked.py.)
    drawn = unlocked.simplified([region.area for region in found], 0.3)
    for n, (region, area) in enumerate(zip(found, drawn)):
        if entries:
            sealed = not (set(region.cells) & entries)
        else:
            sealed = n > 0
        at = label_point(region.area, keep_clear)
        room = region.area.boundary.distance(Point(at))
        views.append(RegionView(area, frozenset(region.cells), sealed, at, room))
    places = placements(mission)
    blocked = reach.unreachable_cells(mission, base_mm=base_mm, hatches=hatches)
    unreachable = [Polygon(places[b].cell_corners_table(c)) for b, c in blocked if b in places]
    names = [f"{b} {cell_name(c)}" for b, c in blocked]
    return RegionsData(views, unreachable, names, float(base_mm), hatches)


# -- route distances ----------------------------------------------------------------
@dataclass(frozen=True)
class DistancesData:
    cells: list[tuple[Polygon, tuple[float, float], float | None]]
    source_geometry: Any
    caption: Phrase | None
    problem: Phrase | None = None


def all_cells(mission: Mission) -> list[tuple[str, tuple[int, int], Polygon, tuple[float, float]]]:
    out = []
    for board_id, place in placements(mission).items():
        for cell in place.cells():
            out.append((board_id, cell, Polygon(place.cell_corners_table(cell)),
                        place.cell_centre_table(cell)))
    return out


def compute_distances(mission: Mission, source: tuple[str, Any], hatches: str = "as-set") -> DistancesData:
    """Route distance (mm) from a source to the centre of every zone.

    source: ("player", n) for that player's entry zone (nearest point of its
    cells), or ("point", (x, y)) for a table point."""
    from .paths import MeasureError, distances_from

    cells = all_cells(mission)
    kind, value = source
    view = hatch_view(hatches)
    if kind == "player":
        geom = entry_zone_geometry(mission, int(value))
        if geom is None:
            return DistancesData([], None, None, Phrase("player {n} has no entry zone yet", n=int(value)))
        caption = Phrase("Route distances from player {n}'s entry zone, {view}", n=int(value), view=view)
        src: Any = geom
        shown = geom
    else:
        src = (float(value[0]), float(value[1]))
        caption = Phrase("Route distances from the marked point, {view}", view=view)
        shown = Point(src).buffer(6.0)
    try:
        found = distances_from(mission, src, [centre for *_, centre in cells], hatches=hatches)
    except MeasureError as e:
        return DistancesData([], shown, None, _point_problem(e))
    values = [d if d is not None and math.isfinite(d) else None for d in found]
    return DistancesData([(poly, centre, d) for (_, _, poly, centre), d in zip(cells, values)],
                         shown, caption)


# -- sight ----------------------------------------------------------------------------
@dataclass(frozen=True)
class VisibilityData:
    point: tuple[float, float]
    polygon: Any
    caption: Phrase | None
    problem: Phrase | None = None


def battlefield_area(mission: Mission) -> float:
    return unary_union([Polygon(p.outline_table()) for p in placements(mission).values()]).area


def compute_visibility(mission: Mission, point: tuple[float, float], hatches: str = "as-set") -> VisibilityData:
    from .paths import MeasureError
    from .sight import visibility_polygon

    try:
        polygon = visibility_polygon(mission, point, hatches=hatches)
    except MeasureError as e:
        return VisibilityData(point, None, None, _point_problem(e))
    total = battlefield_area(mission) or 1.0
    share = 100.0 * polygon.area / total
    return VisibilityData(point, polygon, Phrase("Sees {share:.0f} % of the battlefield ({view})",
                                                 share=share, view=hatch_view(hatches)))


@dataclass(frozen=True)
class SightData:
    bases: list[tuple[tuple[float, float], float]]
    result: Any            # rules.sight.SightResult
    problem: Phrase | None = None


def compute_sight(mission: Mission, bases: Sequence[tuple[tuple[float, float], float]],
                  hatches: str = "as-set") -> SightData:
    from .paths import MeasureError
    from .sight import sight_between

    (c1, d1), (c2, d2) = bases
    try:
        result = sight_between(mission, c1, d1, c2, d2, hatches=hatches)
    except MeasureError as e:
        return SightData(list(bases), None, _point_problem(e))
    return SightData(list(bases), result)


# -- measure ---------------------------------------------------------------------------
@dataclass(frozen=True)
class MeasureData:
    p1: tuple[float, float]
    p2: tuple[float, float]
    route: list[tuple[float, float]] = field(default_factory=list)
    route_mm: float | None = None
    straight_mm: float = 0.0
    problem: Phrase | None = None


def compute_measure(mission: Mission, p1: tuple[float, float], p2: tuple[float, float],
                    hatches: str = "as-set") -> MeasureData:
    from .paths import MeasureError, measure

    straight = math.dist(p1, p2)
    try:
        m = measure(mission, p1, p2, hatches=hatches)
    except MeasureError as e:
        return MeasureData(p1, p2, [], None, straight, _point_problem(e))
    d = m.distance_mm if m.distance_mm is not None and math.isfinite(m.distance_mm) else None
    return MeasureData(p1, p2, [(p[0], p[1]) for p in m.route], d, straight)


# -- offending pieces -----------------------------------------------------------------
_RANK = {"error": 0, "warning": 1, "info": 2}
# Findings about the layout as a whole that name every piece of a kind (one
# too many B1 names all nine): none of those pieces is wrong where it
# stands, so the table does not ring them; clicking the finding still
# selects them.
UNMARKED_CODES = frozenset({"not-enough-sets"})


def offender_marks(mission: Mission, findings: Sequence[Finding], severities: tuple[str, ...] = ("error", "warning"),
                   ) -> tuple[dict[int, tuple[BaseGeometry, str]], list[tuple[tuple[float, ...], str]]]:
    """For the table marks: piece uid -> (outline, worst severity) of every
    piece a finding names, and the places of findings that name no piece."""
    from .geometry import PieceGeometryError, piece_shape

    boards = {b.id: b for b in mission.boards}
    by_uid = {p.uid: p for p in mission.pieces}
    worst: dict[int, str] = {}
    places: list[tuple[tuple[float, ...], str]] = []
    for f in findings:
        if f.severity not in severities or f.code in UNMARKED_CODES:
            continue
        for uid in f.pieces:
            if uid not in by_uid:
                continue  # a finding about a piece deleted since
            current = worst.get(uid)
            if current is None or _RANK[f.severity] < _RANK[current]:
                worst[uid] = f.severity
        if not f.pieces:
            places += [(tuple(p), f.severity) for p in f.places]
    outlines: dict[int, tuple[BaseGeometry, str]] = {}
    for uid, severity in worst.items():
        piece = by_uid[uid]
        board = boards.get(piece.board)
        if board is None:
            continue
        try:
            outlines[uid] = (piece_shape(piece, board).outline, severity)
        except (PieceGeometryError, KeyError):
            continue
    return outlines, places


# -- balance between the players ---------------------------------------------------
@dataclass(frozen=True)
class BalanceData:
    """Route distances (inches, None = no route) from each player's entry
    zone to each objective, hatchways as set, and how unequal they are
    (rules.distances.fairness)."""
    distances: dict[str, dict[str, float | None]]
    fairness: dict[str, Any]
    objectives: list[tuple[str, str | None]]   # (id, name)
    # Kill Team: distances are moves counted the rules' way; the tape's lengths here
    lengths: dict[str, dict[str, float | None]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.objectives or not self.distances


def compute_balance(mission: Mission) -> BalanceData:
    from .distances import fairness, objective_distances

    objectives = [(o.id, o.name) for o in mission.objectives]
    if not objectives or not mission.entry_zones:
        return BalanceData({}, {}, objectives)
    distances = objective_distances(mission)
    return BalanceData(distances, fairness(distances), objectives)


# -- the designer's overlays: seen from the enemy, first-turn reach ----------------------------
MOVE_IN = 6.0  # the first-turn map's Move (inches); the bands past it are the game's (games.first_turn_bands)


@dataclass
class SeenData:
    areas: dict[Any, BaseGeometry]  # player -> geometry (base centres seen)
    shared: BaseGeometry  # geometry seen by more than one player
    metrics: dict[str, Any]


def compute_seen(mission: Mission, base_mm: float, hatches: str) -> SeenData:
    from .designer import seen_from

    s = seen_from(mission, base_mm, hatches)
    players = [p for p, g in s.area.items() if not g.is_empty]
    shared: list[BaseGeometry] = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            shared.append(unlocked.intersection(s.area[a], s.area[b]))
    return SeenData(s.area, unary_union(shared) if shared else Polygon(), s.metrics())


@dataclass
class FirstData:
    bands: dict[Any, list[tuple[Any, BaseGeometry]]]  # player -> [(band inches, geometry)], nearest band first
    objectives: dict[Any, dict[Any, list[str]]]  # player -> {band key: [ids]}


def compute_first(mission: Mission, base_mm: float, hatches: str, move_in: float = MOVE_IN) -> FirstData:
    from .designer import first_turn

    ft = first_turn(mission, base_mm, move_in, hatches)
    out = {p: [(b, ft.area(p, b)) for b in ft.bands] for p in ft.grid}
    return FirstData(out, ft.objectives)


# -- Kill Team (rules/kill_team): the balance, cover between two operatives, a measured route, hatchways --------

def compute_kt_balance(mission: Mission) -> BalanceData:
    """The balance table for a kill-team file: each drop zone's move to each
    objective counted the rules' way (whole-inch increments, every hatchway
    open and 1" more per access point crossed: kill_team.zone_moves), how
    unequal (distances.fairness), and the tape's lengths (kill_team.balance)."""
    from .kill_team.metrics import kill_team_metrics
    from .kill_team.zone_moves import move_table

    objectives = [(o.id, o.name) for o in mission.objectives]
    if not objectives or not mission.entry_zones:
        return BalanceData({}, {}, objectives)
    m = kill_team_metrics(mission)
    return BalanceData(move_table(m.moves), m.fairness, objectives, m.balance)


@dataclass(frozen=True)
class KTCoverData:
    """Kill Team sight between a shooter's base and a target's: the verdict
    (kill_team.CoverResult: visible, in_cover, obscured, the corners and ends
    that decide it, and sight's proof lines), what to draw, a caption."""
    bases: list[tuple[tuple[float, float], float]]
    result: Any = None                  # rules.kill_team.CoverResult
    caption: Phrase | None = None
    corners: list[tuple[tuple[float, float], str]] = field(default_factory=list)  # [(point, "cover" | "obscuring" | "passed")]
    problem: Phrase | None = None


def compute_kt_cover(mission: Mission, bases: Sequence[tuple[tuple[float, float], float]],
                     hatches: str = "as-set") -> KTCoverData:
    from .kill_team import cover_between
    from .paths import MeasureError

    (c1, d1), (c2, d2) = bases
    try:
        r = cover_between(mission, c1, d1, c2, d2, hatches=hatches)
    except MeasureError as e:
        return KTCoverData(list(bases), problem=_point_problem(e))
    if not r.visible:
        caption = Phrase("not visible ({view})", view=hatch_view(hatches))
    elif r.in_cover and r.obscured:
        caption = Phrase("visible, in cover and obscured ({view})", view=hatch_view(hatches))
    elif r.in_cover:
        caption = Phrase("visible, in cover ({view})", view=hatch_view(hatches))
    elif r.obscured:
        caption = Phrase("visible, obscured ({view})", view=hatch_view(hatches))
    else:
        caption = Phrase("visible, not in cover ({view})", view=hatch_view(hatches))
    corners = ([(f.point, "cover") for f in r.cover_by] + [(f.point, "obscuring") for f in r.obscured_by]
               + [(f.point, "passed") for f in r.passed])
    return KTCoverData(list(bases), r, caption, corners)


@dataclass(frozen=True)
class KTMeasureData(MeasureData):
    access_points: int = 0              # access points the route crosses (1" each, in route_mm)


def compute_kt_measure(mission: Mission, p1: tuple[float, float], p2: tuple[float, float],
                       hatches: str = "open") -> KTMeasureData:
    """A measured route in Kill Team: every hatchway open by default, 1"
    more per access point crossed (included in route_mm)."""
    from .kill_team import access_points_crossed, measure
    from .paths import MeasureError

    straight = math.dist(p1, p2)
    try:
        m = measure(mission, p1, p2, hatches=hatches)
    except MeasureError as e:
        return KTMeasureData(p1, p2, [], None, straight, _point_problem(e))
    d = m.distance_mm if m.distance_mm is not None and math.isfinite(m.distance_mm) else None
    return KTMeasureData(p1, p2, [(p[0], p[1]) for p in m.route], d, straight,
                         access_points=access_points_crossed(mission, m.route, hatches))


@dataclass(frozen=True)
class KTHatchwaysData:
    """Per hatchway: where its access point is, the moves from each drop zone
    to within 1" of it, who gets there first, and whether a Hatchway Fight
    fits there (kill_team.hatchway_first, hatchway_fights)."""
    hatchways: list[dict[str, Any]] = field(default_factory=list)  # [{piece, at, moves, first, hatchway_fight}]


def compute_kt_hatchways(mission: Mission, base_mm: float = 32.0, move_in: float = 6.0) -> KTHatchwaysData:
    from .kill_team import hatchway_fights, hatchway_first

    if not mission.boards:
        return KTHatchwaysData([])
    fights = {h.piece: h.allowed for h in hatchway_fights(mission, base_mm)}
    return KTHatchwaysData([{"piece": h.piece, "name": h.name, "at": h.at, "moves": h.turns, "first": h.first,
                             "hatchway_fight": fights.get(h.piece)} for h in hatchway_first(mission, move_in)])
