"""What the player asks of the generator, and the pieces they own.

`Options` is plain data (no Qt): the command line fills it from its
arguments, the editor's dialog from its widgets. `stock_of` turns "N sets"
or a kit list into counts per piece code; `read_kit` reads a kit list from
a YAML file (a mapping of piece codes to counts), every problem one message
with its line and column.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..catalogue import Catalogue, default_catalogue
from ..games import BOARDING_ACTIONS, GAMES, KILL_TEAM
from ..model.mission import Mission
from ..phrases import Phrase, PhrasedError

SYMMETRIES = ("point", "line", "none")
DENSITIES = ("sparse", "standard", "dense")
BOARD_LAYOUTS = ("side-by-side", "end-to-end", "one", "keep")

# Wall panels per board for each density (our choice: a Boarding Actions
# board holds 16 panels of a set shared by two boards, so "standard" uses
# three quarters of one set on two boards and "dense" wants more than one
# set has; a killzone's kit holds 16 panels for its one board).
DENSITY_PANELS = {
    BOARDING_ACTIONS: {"sparse": 8, "standard": 12, "dense": 17},
    KILL_TEAM: {"sparse": 9, "standard": 12, "dense": 16},
}
# Objective markers placed when the generator places them (the Kill Team
# killzone maps have three; Boarding Actions missions mostly four).
OBJECTIVES = {BOARDING_ACTIONS: 4, KILL_TEAM: 3}
DEFAULT_DEPLOYMENT = {
    (BOARDING_ACTIONS, 2): "two-short-edges",
    (BOARDING_ACTIONS, 3): "three-long-edge",
    (BOARDING_ACTIONS, 4): "four-corners",
    (KILL_TEAM, 2): "killzone-long-edges",
}
KEEP = "keep"  # boards, entry zones: as the table has them


class GenerateError(PhrasedError):
    """Options that cannot be used (an unknown piece code, 5 players...)."""


@dataclass(frozen=True)
class Options:
    game: str = BOARDING_ACTIONS
    boards: str = "side-by-side"          # BOARD_LAYOUTS; "keep": the boards of `table`
    sets: int = 1                         # terrain sets (Kill Team: killzone kits) owned
    stock: Mapping[str, int] | None = None  # per piece code owned; None: `sets` of them
    players: int = 2
    deployment: str | None = None         # a preset key; None: the game's usual; "keep": as painted
    symmetry: str | None = None           # SYMMETRIES; None: point for 2 or 4 players, line for 3
    density: str = "standard"
    objectives: int | None = None         # markers to place; None: the game's usual
    keep_objectives: bool = False         # keep the table's markers where they stand
    clear: frozenset = frozenset()        # (board id, cell) kept free of terrain
    spread_pct: float = 5.0               # route totals between players within this
    largest_base_mm: float = 40.0         # every objective reachable by bases up to this
    allow_sight: bool = False             # entry zones may see each other
    seed: int = 1
    count: int = 5                        # candidates wanted
    table: Mission | None = field(default=None, compare=False)  # the table to complete
    lock: bool = False                    # keep the table's pieces (complete around them)
    max_tries: int | None = None          # tables tried before giving up (None: 40 per candidate)

    def resolved_symmetry(self) -> str:
        if self.symmetry is not None:
            return self.symmetry
        return "line" if self.players == 3 else "point"

    def resolved_deployment(self) -> str:
        if self.deployment is not None:
            return self.deployment
        return DEFAULT_DEPLOYMENT.get((self.game, self.players), "two-short-edges")

    def objective_count(self) -> int:
        return OBJECTIVES[self.game] if self.objectives is None else self.objectives


def validate(options: Options, catalogue: Catalogue | None = None) -> None:
    """Raise GenerateError for options no table can be made from."""
    cat = catalogue or default_catalogue()
    if options.game not in GAMES:
        raise GenerateError(Phrase("there is no game {game!r}", game=options.game))
    g = GAMES[options.game]
    if options.players not in g.players:
        raise GenerateError(Phrase("this game is for {players} players, not {n}",
                                   players="/".join(str(p) for p in g.players), n=options.players))
    if options.symmetry is not None and options.symmetry not in SYMMETRIES:
        raise GenerateError(Phrase("symmetry is one of point, line or none, not {value!r}", value=options.symmetry))
    if options.density not in DENSITIES:
        raise GenerateError(Phrase("density is one of sparse, standard or dense, not {value!r}",
                                   value=options.density))
    if options.boards not in BOARD_LAYOUTS:
        raise GenerateError(Phrase("the boards lie side-by-side, end-to-end, one or keep, not {value!r}",
                                   value=options.boards))
    if options.boards == KEEP and (options.table is None or not options.table.boards):
        raise GenerateError(Phrase("there are no boards to keep"))
    if not 1 <= options.sets <= 20:
        raise GenerateError(Phrase("the number of sets is from 1 to 20, not {n}", n=options.sets))
    if not 0 <= options.spread_pct <= 100:
        raise GenerateError(Phrase("the spread is a percentage from 0 to 100, not {n}", n=options.spread_pct))
    if not 10 <= options.largest_base_mm <= 170:
        raise GenerateError(Phrase("the largest base is from 10 to 170 mm across, not {n}",
                                   n=options.largest_base_mm))
    if not 1 <= options.count <= 50:
        raise GenerateError(Phrase("the number of candidates is from 1 to 50, not {n}", n=options.count))
    if not 0 <= options.objective_count() <= 12:
        raise GenerateError(Phrase("the number of objectives is from 0 to 12, not {n}", n=options.objective_count()))
    if options.stock is not None:
        for code, n in options.stock.items():
            if code not in cat.pieces:
                raise GenerateError(Phrase("the catalogue has no piece {code!r}", code=code))
            if not isinstance(n, int) or n < 0:
                raise GenerateError(Phrase("{code}: a count of pieces is a whole number, 0 or more",
                                           code=code))


def stock_of(options: Options, catalogue: Catalogue | None = None) -> dict[str, int]:
    """How many of each piece the player owns."""
    cat = catalogue or default_catalogue()
    if options.stock is not None:
        return {code: int(options.stock.get(code, 0)) for code in cat.pieces}
    one = cat.per_set(GAMES[options.game].kit)
    return {code: one.get(code, 0) * options.sets for code in cat.pieces}


def read_kit(text: str, source: str, catalogue: Catalogue | None = None) -> dict[str, int]:
    """A kit list: a YAML mapping of piece codes to the number owned, e.g.
    `A1: 4` / `pillar-left: 16`. Codes not listed are not owned."""
    from ..io.compose import compose
    from ..io.errors import MissionLoadError

    cat = catalogue or default_catalogue()
    root = compose(text, source)

    def where(node):
        mark = node.start_mark
        return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)

    if root is None or root.id != "mapping":
        line, col = where(root) if root is not None else (1, 1)
        raise MissionLoadError(source, line, col, Phrase(
            "a kit list is a mapping of piece codes to counts, e.g. \"A1: 4\""))
    out: dict[str, int] = {}
    for key, value in root.value:
        code = str(key.value)
        if key.id != "scalar" or code not in cat.pieces:
            line, col = where(key)
            raise MissionLoadError(source, line, col, Phrase(
                "the catalogue has no piece {code!r} (pieces: {codes})", code=code,
                codes=", ".join(cat.pieces)))
        if code in out:
            line, col = where(key)
            raise MissionLoadError(source, line, col, Phrase("{code} is listed twice", code=code))
        raw = value.value if value.id == "scalar" else None
        try:
            n = int(raw) if raw is not None and str(raw).strip().lstrip("+").isdigit() else -1
        except ValueError:
            n = -1
        if n < 0 or n > 10_000:
            line, col = where(value)
            raise MissionLoadError(source, line, col, Phrase(
                "{code}: the number owned is a whole number from 0 to 10000", code=code))
        out[code] = n
    return out
