"""The layout generator: tables made from the pieces a player owns that are
legal, buildable and fair by the rules core's own measure (issue 27).

How a table is made (one try, from a seeded random.Random, so the same seed
and options give the same table):

1. The boards (a layout or the table's own) and the entry zones (a
   deployment preset, or those painted) are laid; the mirror is chosen under
   which the entry zones are each other's images (half turn, reflection
   across either middle line); none fits: the options fail, in words.
2. Objective markers are placed, each with its mirror image, at zone centres
   outside the entry zones (a marker on the mirror's centre or line is its
   own image), at least MIN_APART_MM apart; the zone lines and nodes near a
   marker are kept free of terrain.
3. Walls are added one group at a time, a group being a wall and the
   pillars or wall end its plain ends need, and its mirror image with it
   (build.py keeps the rules of the box, so every group stands), until the
   density's number of panels stands. Half the time a wall starts from a
   pillar already standing, so walls join into rooms and corridors and the
   box's pillars go further. Zone lines inside an entry zone stay free
   (our choice: a player deploys in open ground; walls around it are what
   hide it).
4. The rules core judges it: the real rules check (no error finding), reach
   for the largest base (every objective, from every entry zone, hatchways
   as set; Kill Team: every hatchway open, as its operatives open them),
   entry zones in sight (hatchways as set); a sight line found is blocked
   by a wall put across it (up to SIGHT_REPAIRS times) before the try is
   given up. The route totals (the analysis's objective distances; Kill
   Team: its balance, +1" per access point) are brought within the spread
   by moving markers, pairs together, to the places that narrow it most
   (the best of CLIMB_LOOK moves a step); a climb that stalls short of the
   bound starts again from fresh markers on the same terrain (RESTARTS).
5. A table too like a library mission (the same pieces in the same places,
   JACCARD_COPY or more of them) is not offered.

Every constraint that turns a try down is counted with the nearest miss,
so when no table meets the options the answer says which constraint failed
and how close it came.

What it stands on: the rules core's incremental analysis. Moving a marker
leaves the terrain as it was, so the route graph, reach and sight stay
cached and only the routes to the markers are measured again (the cost
named in benchmarks/bench_generate.py: one marker move's re-measure).
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .. import memo
from ..catalogue import Catalogue, default_catalogue
from ..games import GAMES, KILL_TEAM, first_turn_bands
from ..model.deployments import apply_deployment
from ..model.lattice import Placement
from ..model.mirror import Mapping, _Table, _zone_cells, piece_key, table_centre
from ..model.mission import Board, Mission, MissionText, Objective
from ..model.parts import parts_list, sets_needed
from ..phrases import Phrase
from .build import Build, seg
from .options import DENSITY_PANELS, KEEP, GenerateError, Options, stock_of, validate

MM_PER_INCH = 25.4
MIN_APART_MM = 6 * MM_PER_INCH     # markers at least 6" apart, centre to centre
MARKER_CLEAR_MM = 20.0 + 16.0      # no pillar this near a marker's centre
MARKER_LINE_MM = 20.0 + 4.0        # no wall this near it
SIGHT_REPAIRS = 12
JACCARD_COPY = 0.6
PLACE_TRIES = 40                   # wall placements tried per panel wanted
CLIMB_STEPS = 48                   # marker moves tried per table for the spread
RESTARTS = 2                       # fresh markers on the same terrain when the climb stalls
CLIMB_LOOK = 4                     # of which the best of this many is taken at each step


def density_word(density: str) -> Phrase:
    """A density as the messages say it (translated where shown)."""
    if density == "sparse":
        return Phrase("sparse")
    if density == "dense":
        return Phrase("dense")
    return Phrase("standard")


@dataclass
class Candidate:
    mission: Mission
    figures: dict
    seed: int

    def summary(self) -> str:
        f = self.figures
        turn = ", ".join(f"P{p} {n}" for p, n in f["first_turn"].items())
        sight = "in sight" if f["zones_in_sight"] else "not in sight"
        return (f"spread {f['spread_pct']:.1f} %, entry zones {sight}, objectives in turn one: {turn}, "
                f"sets needed {f['sets_needed']}, {f['panels']} panels")


@dataclass
class Misses:
    """Why tries were turned down, with the nearest miss of each."""
    counts: dict = field(default_factory=dict)
    best: dict = field(default_factory=dict)

    def add(self, what: str, value: float | None = None, lower_is_better: bool = True) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        if value is None:
            return
        old = self.best.get(what)
        if old is None or (value < old if lower_is_better else value > old):
            self.best[what] = value

    def phrases(self, options: Options, wanted_panels: int) -> list[Phrase]:
        out = []
        for what, n in sorted(self.counts.items(), key=lambda kv: -kv[1]):
            best = self.best.get(what)
            if what == "density":
                out.append(Phrase("{density} wants {want} wall panels; at most {got} could stand "
                                  "({n} tries)", density=density_word(options.density), want=wanted_panels,
                                  got=int(best or 0), n=n))
            elif what == "spread":
                out.append(Phrase("the route totals between players stayed {best:.1f} % apart at the "
                                  "closest, above the {bound:g} % allowed ({n} tries)",
                                  best=best, bound=options.spread_pct, n=n))
            elif what == "sight":
                out.append(Phrase("entry zones stayed in sight of each other ({n} tries)", n=n))
            elif what == "reach":
                out.append(Phrase("a {base:g} mm base could not reach every objective from every entry "
                                  "zone; at the closest {best:g} objectives were out of reach ({n} tries)",
                                  base=options.largest_base_mm, best=best, n=n))
            elif what == "legal":
                out.append(Phrase("the rules check found errors ({n} tries)", n=n))
            elif what == "copy":
                out.append(Phrase("the table came out as a library mission ({n} tries)", n=n))
            elif what == "same":
                out.append(Phrase("the table came out as one already offered ({n} tries)", n=n))
            elif what == "objectives":
                out.append(Phrase("there is no room for {want} objective markers {apart:g}\" apart "
                                  "outside the entry zones ({n} tries)", want=options.objective_count(),
                                  apart=MIN_APART_MM / MM_PER_INCH, n=n))
        return out


@dataclass
class Result:
    candidates: list[Candidate]
    failures: list[Phrase]
    tries: int
    seconds: float
    cancelled: bool = False


# -- the boards and the entry zones ---------------------------------------------

def lay_boards(options: Options, cat: Catalogue) -> Mission:
    kind = cat.board("boarding-actions")
    w, h = kind.width, kind.height
    table = options.table
    game = options.game
    if options.boards == KEEP:
        if game == KILL_TEAM and len(table.boards) != 1:
            raise GenerateError(Phrase("a Kill Team killzone is one board, and the table has {n}: lay one "
                                       "board, or let the generator lay it", n=len(table.boards)))
        base = replace(table, game=game, players=options.players)
        boards = table.boards
    else:
        layout = "one" if game == KILL_TEAM else options.boards
        if layout == "one":
            boards = (Board(id="A", kind=kind.kind),)
        elif layout == "end-to-end":
            boards = (Board(id="A", kind=kind.kind), Board(id="B", kind=kind.kind, at=(0.0, h)))
        else:
            boards = (Board(id="A", kind=kind.kind), Board(id="B", kind=kind.kind, at=(w, 0.0)))
        base = Mission(title="Generated table", game=game, players=options.players, boards=boards,
                       mission=MissionText(turning_points=GAMES[KILL_TEAM].turns_default) if game == KILL_TEAM
                       else MissionText())
    base = replace(base, boards=boards, pieces=(), objectives=())
    if options.deployment == KEEP:
        zones = table.entry_zones if table is not None else ()
        base = replace(base, entry_zones=tuple(z for z in zones if z.player <= options.players))
        if not base.entry_zones:
            raise GenerateError(Phrase("there are no entry zones painted to keep"))
    else:
        try:
            base = apply_deployment(base, options.resolved_deployment(), cat)
        except KeyError:
            raise GenerateError(Phrase("there is no deployment {key!r}", key=options.resolved_deployment())) from None
        if base.players != options.players:
            raise GenerateError(Phrase("the deployment {key!r} is for {n} players, not {players}",
                                       key=options.resolved_deployment(), n=base.players,
                                       players=options.players))
    return base


def _zone_sets(mission: Mission, table: _Table) -> list[frozenset]:
    return [frozenset(c) for c in _zone_cells(mission, table).values()]


def choose_mirror(mission: Mission, symmetry: str, cat: Catalogue) -> Mapping | None:
    """The mirror the table is built under (None: no symmetry), one under
    which the boards and the entry zones are their own image."""
    if symmetry == "none":
        return None
    table = _Table(mission, cat)
    cx, cy = table_centre(mission, cat)
    tries = [Mapping("point", "x", cx, cy)] if symmetry == "point" else \
        [Mapping("line", "x", cx, cy), Mapping("line", "y", cx, cy)]
    zones = _zone_sets(mission, table)
    boards = {tuple(round(v) for v in pl.bounds) for pl in table.pl.values()}
    for m in tries:
        ok = True
        for pl in table.pl.values():
            x0, y0, x1, y1 = pl.bounds
            a, b = m.point((x0, y0)), m.point((x1, y1))
            if (round(min(a[0], b[0])), round(min(a[1], b[1])), round(max(a[0], b[0])),
                    round(max(a[1], b[1]))) not in boards:
                ok = False
        for z in zones:
            image = frozenset((round(p[0]), round(p[1])) for p in (m.point(c) for c in z))
            if image not in zones:
                ok = False
        if ok:
            return m
    if symmetry == "point":
        raise GenerateError(Phrase("a half turn does not give the boards and entry zones back: choose line "
                                   "symmetry or none"))
    raise GenerateError(Phrase("no reflection gives the boards and entry zones back: choose point "
                               "symmetry or none"))


# -- objectives ----------------------------------------------------------------

def _spots(mission: Mission, mirror: Mapping | None, cat: Catalogue) -> tuple[list, list]:
    """Where markers may go: pairs (a place and its image) and singles (a
    place that is its own image; every place when there is no mirror)."""
    zone_cells = {(z.board, tuple(c)) for z in mission.entry_zones for c in z.cells}
    places = []
    for b in mission.boards:
        pl = Placement.of(b, cat)
        for c in pl.cells():
            if (b.id, c) not in zone_cells:
                places.append(tuple(round(v, 1) for v in pl.cell_centre_table(c)))
    if mirror is None:
        return [], [(p,) for p in places]
    centre = (round(mirror.cx, 1), round(mirror.cy, 1))
    pairs, singles = [], []
    seen = set()
    known = set(places)
    for p in places:
        q = tuple(round(v, 1) for v in mirror.point(p))
        if math.dist(p, q) < 1.0:
            singles.append((p,))
        elif q in known and (q, p) not in seen:
            seen.add((p, q))
            pairs.append((p, q))
    if centre not in known:
        # the table's centre: its own image under any mirror (it may lie on
        # a zone line or a board seam: the terrain near it is kept free)
        singles.append((centre,))
    return pairs, singles


def _near(mission: Mission, points, cat: Catalogue) -> tuple[set, set]:
    """Nodes and stretches of zone line too near markers for terrain."""
    nodes, segs = set(), set()
    for p in points:
        n, s = _near_one(mission.boards, (float(p[0]), float(p[1])), cat)
        nodes |= n
        segs |= s
    return nodes, segs


_near_memo: memo.Memo = memo.Memo("generator.near_points", 20_000)


def _near_one(boards, point, cat: Catalogue) -> tuple[frozenset, frozenset]:
    key = (boards, point, id(cat))
    got = _near_memo.get(key)
    if got is None:
        got = _near_memo.put(key, _near_points(boards, [point], cat))
    return got


def _near_points(boards, points, cat: Catalogue) -> tuple[frozenset, frozenset]:
    nodes, segs = set(), set()
    for b in boards:
        pl = Placement.of(b, cat)
        nx, ny = pl.kind.nodes
        for i in range(nx):
            for j in range(ny):
                x, y = pl.node_table((i, j))
                for p in points:
                    if math.hypot(x - p[0], y - p[1]) < MARKER_CLEAR_MM:
                        nodes.add((b.id, (i, j)))
                for d in ((1, 0), (0, 1)):
                    n2 = (i + d[0], j + d[1])
                    if not pl.has_node(n2):
                        continue
                    x2, y2 = pl.node_table(n2)
                    for p in points:
                        if _seg_dist(p, (x, y), (x2, y2)) < MARKER_LINE_MM:
                            segs.add(seg(b.id, (i, j), n2))
    return frozenset(nodes), frozenset(segs)


def _seg_dist(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _apart(points) -> bool:
    return all(math.dist(a, b) >= MIN_APART_MM - 1e-6 for i, a in enumerate(points) for b in points[i + 1:])


def pick_objectives(n: int, pairs: list, singles: list, rng: random.Random) -> list[tuple] | None:
    """Groups of places (pairs and at most one single under a mirror) for n
    markers, at least MIN_APART_MM apart; None when they do not fit."""
    for _ in range(200):
        groups: list[tuple] = []
        left = n
        if pairs:
            if left % 2:
                if not singles:
                    return None
                groups.append(rng.choice(singles))
                left -= 1
            pool = list(pairs)
        else:
            pool = list(singles)
        rng.shuffle(pool)
        for g in pool:
            if left <= 0:
                break
            if len(g) > left:
                continue
            pts = [p for gg in groups for p in gg] + list(g)
            if _apart(pts):
                groups.append(g)
                left -= len(g)
        if left == 0:
            return groups
    return None


def with_objectives(mission: Mission, groups: list[tuple]) -> Mission:
    objs, n = [], 1
    for g in groups:
        for p in g:
            objs.append(Objective(id=str(n), at=(float(p[0]), float(p[1]))))
            n += 1
    return replace(mission, objectives=tuple(objs))


# -- judging a table with the rules core ---------------------------------------------

def distances(mission: Mission, cat: Catalogue) -> dict:
    if mission.game == KILL_TEAM:
        from ..rules.kill_team.routes import balance

        return balance(mission, cat)
    from ..rules.analysis import objective_distances

    return objective_distances(mission, cat)


def spread_of(dist: dict) -> float | None:
    """How far the largest route total is above the smallest, in % (the
    analysis's fairness); None when some objective has no route."""
    from ..rules.analysis import fairness

    if any(v is None for row in dist.values() for v in row.values()):
        return None
    return fairness(dist)["total_spread_pct"]


def unreachable(mission: Mission, base_mm: float, cat: Catalogue) -> int:
    """How many (player, objective) pairs a base of base_mm cannot reach
    (hatchways as set; Kill Team: every hatchway open)."""
    import numpy as np
    import shapely
    from shapely.geometry import Point as ShapelyPoint

    from ..rules import reach
    from ..rules.checks import MARKER_DIAMETER

    hatches = "open" if mission.game == KILL_TEAM else "as-set"
    regions = reach.regions(mission, base_mm=base_mm, hatches=hatches)
    limit = MARKER_DIAMETER / 2 + base_mm / 2 + 0.5
    missing = 0
    for player in range(1, mission.players + 1):
        cells = {(z.board, tuple(c)) for z in mission.entry_zones if z.player == player for c in z.cells}
        entered = [p for r in regions if r.cells & cells for p in r.parts]
        areas = np.array(entered, dtype=object)
        for o in mission.objectives:
            if not len(areas) or not (shapely.distance(areas, ShapelyPoint(o.at)) <= limit).any():
                missing += 1
    return missing


def sight_line(mission: Mission, cat: Catalogue):
    """A line between two players' entry zones (hatchways as set), or None."""
    from ..rules.checks import entry_zone_geometry, zones_in_sight
    from ..rules.obstacles import battlefield

    bf = battlefield(mission, "as-set")
    geoms = {p: entry_zone_geometry(mission, p, cat) for p in range(1, mission.players + 1)}
    for a in range(1, mission.players + 1):
        for b in range(a + 1, mission.players + 1):
            if geoms[a] is None or geoms[b] is None:
                continue
            line = zones_in_sight(mission, geoms[a], geoms[b], hatches="as-set", bf=bf)
            if line is not None:
                return line
    return None


def figures(mission: Mission, dist: dict, in_sight: bool, cat: Catalogue, seed: int) -> dict:
    g = GAMES[mission.game]
    band = first_turn_bands(g)[0]
    turn = {p: sum(1 for d in row.values() if d is not None and d <= band + 1e-9) for p, row in dist.items()}
    totals = {p: round(sum(v for v in row.values() if v is not None), 1) for p, row in dist.items()}
    return {
        "spread_pct": spread_of(dist) or 0.0,
        "totals_in": totals,
        "zones_in_sight": in_sight,
        "first_turn": turn,
        "first_turn_in": band,
        "sets_needed": sets_needed(mission, cat),
        "panels": sum(1 for p in mission.pieces if p.from_node is not None),
        "pieces": len(mission.pieces),
        "parts": parts_list(mission, cat),
        "seed": seed,
    }


# -- library missions -----------------------------------------------------------------

_library: list | None = None


def _library_keys(cat: Catalogue) -> list:
    """Each library mission's boards and the keys of its pieces."""
    global _library
    if _library is None:
        from ..catalogue import mission_library_dir
        from ..io import MissionLoadError, load_mission

        _library = []
        folder = mission_library_dir()
        for path in sorted(folder.glob("*.yaml")) if folder is not None else ():
            try:
                m = load_mission(path)
            except (MissionLoadError, OSError):
                continue
            t = _Table(m, cat)
            _library.append((path.stem, _boards_key(m), {piece_key(p, t, cat) for p in m.pieces}))
    return _library


def _boards_key(m: Mission) -> tuple:
    return tuple(sorted((b.kind, b.at, b.rotation) for b in m.boards))


def library_copy(mission: Mission, cat: Catalogue) -> str | None:
    """The library mission this table is too like, if any."""
    t = _Table(mission, cat)
    keys = {piece_key(p, t, cat) for p in mission.pieces}
    bk = _boards_key(mission)
    for name, boards, theirs in _library_keys(cat):
        if boards != bk or not keys or not theirs:
            continue
        if len(keys & theirs) / len(keys | theirs) >= JACCARD_COPY:
            return name
    return None


# -- one try -------------------------------------------------------------------------------

class _Try:
    def __init__(self, options: Options, base: Mission, mirror: Mapping | None, stock: dict, cat: Catalogue,
                 rng: random.Random, misses: Misses, wanted: int):
        self.o, self.base, self.mirror, self.stock, self.cat = options, base, mirror, stock, cat
        self.rng, self.misses, self.wanted = rng, misses, wanted

    def run(self) -> tuple[Mission, dict, bool] | None:
        o, cat, rng = self.o, self.cat, self.rng
        base = self.base
        pairs, singles = _spots(base, self.mirror, cat)
        groups = None
        if o.keep_objectives and o.table is not None:
            base = replace(base, objectives=o.table.objectives)
            points = [ob.at for ob in base.objectives]
        else:
            groups = pick_objectives(o.objective_count(), pairs, singles, rng)
            if groups is None:
                self.misses.add("objectives")
                return None
            base = with_objectives(base, groups)
            points = [p for g in groups for p in g]
        near_nodes, near_segs = _near(base, points, cat)
        free_nodes, free_segs = set(near_nodes), set(near_segs)
        free_segs |= _inside_zones(base, cat)
        clear_nodes, clear_segs = _cells_edges(base, o.clear, cat)
        free_nodes |= clear_nodes
        free_segs |= clear_segs
        build = Build(base, self.stock, cat, free_nodes, free_segs, self.mirror)
        if o.lock and o.table is not None:
            build.lock(o.table.pieces)
            build.mirror_locked(o.table.pieces)
        hatch_open = o.game != KILL_TEAM
        # most of the walls, then the sight lines between entry zones
        # blocked while pieces are left in the box, then the rest
        self._fill(build, hatch_open, int(self.wanted * 0.6))
        in_sight = False
        if not o.allow_sight:
            self._unsee(build, hatch_open)
        self._fill(build, hatch_open, self.wanted)
        if build.panels() < self.wanted:
            self.misses.add("density", build.panels(), lower_is_better=False)
            return None
        if not o.allow_sight:
            line = self._unsee(build, hatch_open)
            if line is not None:
                self.misses.add("sight")
                return None
        else:
            in_sight = sight_line(build.mission(), cat) is not None
        mission = build.mission()
        # the real rules check: errors turn the table down
        from ..rules.checks import run_checks

        errors = [f for f in run_checks(mission, catalogue=cat, rules_core=False) if f.severity == "error"]
        if errors:
            self.misses.add("legal")
            return None
        missing = unreachable(mission, o.largest_base_mm, cat)
        if missing and groups is not None:
            mission, missing = self._reach(mission, groups, pairs, singles, build, missing)
        if missing:
            self.misses.add("reach", missing)
            return None
        dist = distances(mission, cat)
        spread = spread_of(dist)
        if (spread is None or spread > o.spread_pct) and groups is not None:
            mission, dist, spread = self._balance(mission, groups, pairs, singles, build, dist, spread)
            for _ in range(RESTARTS):
                if spread is not None and spread <= o.spread_pct:
                    break
                # stuck short of the bound: the markers afresh on the same
                # terrain (its routes stay cached), and climb again
                fresh = pick_objectives(o.objective_count(), pairs, singles, rng)
                if fresh is None or not all(self._free_for(build, g) for g in fresh):
                    continue
                m2 = with_objectives(mission, fresh)
                if unreachable(m2, o.largest_base_mm, cat):
                    continue
                d2 = distances(m2, cat)
                m2, d2, s2 = self._balance(m2, fresh, pairs, singles, build, d2, spread_of(d2))
                if s2 is not None and (spread is None or s2 < spread):
                    mission, dist, spread = m2, d2, s2
        if spread is None or spread > o.spread_pct:
            self.misses.add("spread", spread if spread is not None else 1e9)
            return None
        if library_copy(mission, cat) is not None:
            self.misses.add("copy")
            return None
        return mission, dist, in_sight

    # -- terrain ------------------------------------------------------------------
    def _unsee(self, build: Build, hatch_open: bool):
        """Block sight lines between entry zones, one wall at a time; the
        line still left, or None."""
        line = None
        for _ in range(SIGHT_REPAIRS):
            line = sight_line(build.mission(), self.cat)
            if line is None or not self._block(build, line, hatch_open):
                return line
        return sight_line(build.mission(), self.cat)

    def _fill(self, build: Build, hatch_open: bool, wanted: int) -> None:
        rng, cat = self.rng, self.cat
        boards = [b.id for b in build.boards]
        walls = [c for c, k in cat.pieces.items() if k.is_wall]
        spans = {(c, b): build.wall_spans(c, b) for c in walls for b in boards}
        tries = PLACE_TRIES * max(wanted - build.panels(), 1)
        while build.panels() < wanted and tries > 0:
            tries -= 1
            left = [c for c in walls if build.stock[c] > 0]
            if not left:
                break
            code = rng.choices(left, weights=[build.stock[c] for c in left])[0]
            board = rng.choice(boards)
            options = spans[(code, board)]
            if build.state.loose and rng.random() < 0.5:
                # start from a pillar already standing: walls join up
                here = [ref[1] for ref, kind in build.state.loose.items() if ref[0] == board and kind == "pillar"]
                if here:
                    n = rng.choice(here)
                    near = [s for s in options if s[0] == n or s[1] == n]
                    if near:
                        options = near
            a, b = rng.choice(options)
            build.propose(code, board, a, b, rng, hatch_open and rng.random() < 0.5)

    def _block(self, build: Build, line, hatch_open: bool) -> bool:
        """Put a wall across a sight line: near its middle first."""
        (x1, y1), (x2, y2) = line
        cat, rng = self.cat, self.rng
        crossing = []
        for b in build.boards:
            pl = build.pl[b.id]
            nx, ny = pl.kind.nodes
            for i in range(nx):
                for j in range(ny):
                    for d in ((1, 0), (0, 1)):
                        n2 = (i + d[0], j + d[1])
                        if not pl.has_node(n2):
                            continue
                        p, q = pl.node_table((i, j)), pl.node_table(n2)
                        t = _crossing((x1, y1), (x2, y2), p, q)
                        if t is not None:
                            crossing.append((abs(t - 0.5), b.id, (i, j), n2, d))
        crossing.sort(key=lambda c: c[0])
        # a solid wall (no hatchway) blocks best, and a plain one: its loose
        # pillar fills the node, where a line along a zone line may pass a
        # moulded pillar's end
        codes = sorted((c for c, k in cat.pieces.items() if k.is_wall and build.stock[c] > 0),
                       key=lambda c: (cat.piece(c).has_hatchway, cat.piece(c).moulded_pillars, rng.random()))
        for _, board, a, _b, d in crossing[:30]:
            for code in codes:
                span = cat.piece(code).span
                starts = [a] if span == 1 else [a, (a[0] - d[0], a[1] - d[1])]
                for s in starts:
                    e = (s[0] + d[0] * span, s[1] + d[1] * span)
                    for fr, to in ((s, e), (e, s)):
                        if build.propose(code, board, fr, to, rng, False):
                            return True
        return False

    # -- markers --------------------------------------------------------------------
    def _free_for(self, build: Build, group: tuple) -> bool:
        nodes, segs = _near(build.template, list(group), self.cat)
        st = build.state
        return not any(n in st.through or n in st.loose or st.moulded.get(n) or st.plain.get(n) for n in nodes) \
            and not (segs & st.segs)

    def _moves(self, build: Build, groups: list, pairs: list, singles: list):
        """Every way to move one group of markers to a free place."""
        used = {p for g in groups for p in g}
        for k, g in enumerate(groups):
            pool = pairs if len(g) == 2 else singles
            for h in pool:
                if any(p in used for p in h):
                    continue
                new = groups[:k] + [h] + groups[k + 1:]
                if _apart([p for gg in new for p in gg]) and self._free_for(build, h):
                    yield new

    def _reach(self, mission, groups, pairs, singles, build, missing):
        """Move markers out of reach to places every entry zone reaches."""
        for _ in range(CLIMB_STEPS // 4):
            moves = list(self._moves(build, groups, pairs, singles))
            if not moves:
                break
            new = self.rng.choice(moves)
            m2 = with_objectives(mission, new)
            got = unreachable(m2, self.o.largest_base_mm, self.cat)
            if got < missing:
                mission, missing = m2, got
                groups[:] = new
                if not missing:
                    break
        return mission, missing

    def _balance(self, mission, groups, pairs, singles, build, dist, spread):
        """Move markers, a group at a time, to narrow the route totals'
        spread; keep a move when it narrows it (and keeps every marker in
        reach of the largest base)."""
        best = spread if spread is not None else 1e9
        for _ in range(CLIMB_STEPS // CLIMB_LOOK):
            moves = list(self._moves(build, groups, pairs, singles))
            if not moves:
                break
            # the best of a few moves (a steepest step on a sample)
            step = None
            for new in self.rng.sample(moves, min(CLIMB_LOOK, len(moves))):
                m2 = with_objectives(mission, new)
                d2 = distances(m2, self.cat)
                s2 = spread_of(d2)
                if s2 is not None and s2 < best and (step is None or s2 < step[3]):
                    step = (new, m2, d2, s2)
            if step is None:
                continue
            new, m2, d2, s2 = step
            if unreachable(m2, self.o.largest_base_mm, self.cat):
                continue
            mission, dist, best = m2, d2, s2
            groups[:] = new
            if best <= self.o.spread_pct:
                break
        return mission, dist, (None if best >= 1e9 else best)


def _crossing(a, b, p, q) -> float | None:
    """Where segment a-b crosses segment p-q, as a fraction along a-b."""
    r = (b[0] - a[0], b[1] - a[1])
    s = (q[0] - p[0], q[1] - p[1])
    den = r[0] * s[1] - r[1] * s[0]
    if abs(den) < 1e-9:
        return None
    t = ((p[0] - a[0]) * s[1] - (p[1] - a[1]) * s[0]) / den
    u = ((p[0] - a[0]) * r[1] - (p[1] - a[1]) * r[0]) / den
    if 0 <= t <= 1 and 0 <= u <= 1:
        return t
    return None


def _inside_zones(mission: Mission, cat: Catalogue) -> set:
    """Stretches of zone line with the same player's entry zone on both sides."""
    out = set()
    for z in mission.entry_zones:
        cells = {tuple(c) for c in z.cells}
        for (i, j) in cells:
            if (i + 1, j) in cells:
                out.add(seg(z.board, (i + 1, j), (i + 1, j + 1)))
            if (i, j + 1) in cells:
                out.add(seg(z.board, (i, j + 1), (i + 1, j + 1)))
    return out


def _cells_edges(mission: Mission, cells, cat: Catalogue) -> tuple[set, set]:
    """The corners and sides of zones kept clear."""
    nodes, segs = set(), set()
    boards = {b.id for b in mission.boards}
    for board, (i, j) in cells:
        if board not in boards:
            continue
        corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
        nodes.update((board, n) for n in corners)
        for a, b in zip(corners, corners[1:] + corners[:1]):
            segs.add(seg(board, a, b))
    return nodes, segs


# -- the search ----------------------------------------------------------------------------

def wanted_panels(options: Options, boards: int) -> int:
    return DENSITY_PANELS[options.game][options.density] * boards


def generate(options: Options, catalogue: Catalogue | None = None,
             progress: Callable[[int, int], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> Result:
    """Up to options.count tables that meet every constraint. Tries are
    seeded from options.seed one after another, so the same seed and
    options give the same tables. `progress(found, tries)` after each try;
    `cancelled()` True stops between tries."""
    cat = catalogue or default_catalogue()
    validate(options, cat)
    start = time.perf_counter()
    base = lay_boards(options, cat)
    symmetry = options.resolved_symmetry()
    mirror = choose_mirror(base, symmetry, cat)
    stock = stock_of(options, cat)
    wanted = wanted_panels(options, len(base.boards))
    owned = sum(n for c, n in stock.items() if cat.piece(c).is_wall)
    locked = sum(1 for p in options.table.pieces if p.from_node is not None) if (options.lock and options.table) else 0
    misses = Misses()
    if owned + locked < wanted:
        return Result([], [Phrase("{density} wants {want} wall panels on {boards} boards; the pieces owned "
                                  "hold {owned}", density=density_word(options.density), want=wanted,
                                  boards=len(base.boards),
                                  owned=owned + locked)], 0, time.perf_counter() - start)
    sets = max(options.sets, 1)
    base = replace(base, sets=sets, title=options.table.title if options.boards == KEEP and options.table else
                   "Generated table")
    found: list[Candidate] = []
    seen: set = set()
    limit = options.max_tries if options.max_tries is not None else 40 * options.count
    tries = 0
    stopped = False
    while len(found) < options.count and tries < limit:
        if cancelled is not None and cancelled():
            stopped = True
            break
        seed = options.seed * 100_003 + tries
        tries += 1
        rng = random.Random(seed)
        got = _Try(options, base, mirror, stock, cat, rng, misses, wanted).run()
        if got is not None:
            mission, dist, in_sight = got
            t = _Table(mission, cat)
            key = (frozenset(piece_key(p, t, cat) for p in mission.pieces),
                   frozenset(o.at for o in mission.objectives))
            if key in seen:
                misses.add("same")
            else:
                seen.add(key)
                figs = figures(mission, dist, in_sight, cat, seed)
                mission = _finish(mission, options, seed, cat, figs)
                found.append(Candidate(mission, figs, seed))
        if progress is not None:
            progress(len(found), tries)
    failures = [] if found else misses.phrases(options, wanted)
    if not found and not failures and not stopped:
        failures = [Phrase("no table met the options in {n} tries", n=tries)]
    return Result(found, failures, tries, time.perf_counter() - start, stopped)


def _sets_words(options: Options) -> str:
    kind = "killzone kit" if options.game == KILL_TEAM else "terrain set"
    return f"{options.sets} {kind}{'s' if options.sets != 1 else ''}"


def _finish(mission: Mission, options: Options, seed: int, cat: Catalogue, figs: dict) -> Mission:
    """The candidate as it is offered: a title naming its seed, the sets
    it needs (never fewer than the player named), and a briefing saying how
    it was made and what was checked (printed on the card's back; a table
    completed around the player's own keeps its texts)."""
    keep = options.boards == KEEP and options.table is not None
    title = mission.title if keep else f"Generated table {options.seed}-{seed % 100_003 + 1}"
    sets = max(options.sets, sets_needed(mission, cat)) if options.stock is None else sets_needed(mission, cat)
    text = mission.mission
    if not keep or not text.briefing:
        briefing = (f"Generated by the layout editor (seed {options.seed}, table {seed % 100_003 + 1}) from "
                    f"{'the pieces owned' if options.stock is not None else _sets_words(options)}. "
                    f"Checked by its rules core: no error finding; every objective reached from every "
                    f"{'drop' if mission.game == KILL_TEAM else 'entry'} zone by a "
                    f"{options.largest_base_mm:g} mm base; the route totals between players "
                    f"{figs['spread_pct']:.1f} % apart (at most {options.spread_pct:g} %)"
                    + ("." if options.allow_sight else "; the zones out of sight of each other."))
        text = replace(text, briefing=briefing)
    return replace(mission, title=title, sets=sets, mission=text)
