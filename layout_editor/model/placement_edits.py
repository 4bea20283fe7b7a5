"""Pure edits for what stands on the boards besides terrain: objective
markers, entry-zone cells and named regions. Each returns an Edit (see
edits.py) or raises EditRefused with a reason for the status bar. Also the
snapping and stroke maths the editor's tools use, so they are tested without
Qt.

A cell is named by (board id, (i, j)): a zone of one board. Entry zones and
regions are stored per board in the file; here a player's entry zone and a
region are the set of their cells over all boards, and an edit rebuilds the
per-board records (keeping each record's name and `x-` keys).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from ..catalogue import Catalogue, default_catalogue
from ..phrases import Phrase
from .deployments import CellRef, apply_deployment
from .edits import Change, Edit, EditRefused
from .lattice import Placement, board_at, cell_name
from .mission import Cell, EntryZone, Mission, Objective, Point, Region

# An entry zone or a region: cells on one board.
_Zone = TypeVar("_Zone", EntryZone, Region)

OBJECTIVE_DIAMETER = 40.0  # mm: objective markers are round, 40 mm across
OBJECTIVE_RANGE = 25.4     # mm: in range within 1" of the marker's edge


# -- objectives ----------------------------------------------------------------

def next_objective_id(mission: Mission) -> str:
    """The lowest number not yet on a marker."""
    used = {o.id for o in mission.objectives}
    n = 1
    while str(n) in used:
        n += 1
    return str(n)


def objective(mission: Mission, objective_id: str) -> Objective:
    for o in mission.objectives:
        if o.id == objective_id:
            return o
    raise EditRefused(Phrase("there is no objective {id}", id=objective_id))


def objective_point(mission: Mission, x: float, y: float, free: bool = False,
                    catalogue: Catalogue | None = None) -> Point:
    """Where a marker dropped at a table point stands: the centre of the
    zone under it, or (free) the point itself to a tenth of a millimetre.
    A point in a board's border snaps to the nearest zone of that board.
    Off the boards a marker cannot stand: EditRefused."""
    cat = catalogue or default_catalogue()
    board = board_at(mission, x, y, cat)
    if board is None:
        raise EditRefused(Phrase("an objective marker must stand on a board"))
    if free:
        return (round(x, 1), round(y, 1))
    pl = Placement.of(board, cat)
    u, v = pl.to_local(x, y)
    b, p = pl.kind.border, pl.kind.pitch
    zx, zy = pl.kind.zones
    i = min(max(math.floor((u - b) / p), 0), zx - 1)
    j = min(max(math.floor((v - b) / p), 0), zy - 1)
    cx, cy = pl.cell_centre_table((i, j))
    return (round(cx, 1), round(cy, 1))


def objective_at(mission: Mission, x: float, y: float) -> str | None:
    """The id of the marker under a table point (the topmost, i.e. the last
    placed, where markers overlap)."""
    for o in reversed(mission.objectives):
        if math.hypot(o.at[0] - x, o.at[1] - y) <= OBJECTIVE_DIAMETER / 2:
            return o.id
    return None


def overlapping_objective(mission: Mission, at: Point, ignore: str | None = None) -> str | None:
    """The marker a 40 mm marker at `at` would lie on, if any: markers are
    real tokens and cannot stack."""
    for o in mission.objectives:
        if o.id != ignore and math.hypot(o.at[0] - at[0], o.at[1] - at[1]) < OBJECTIVE_DIAMETER - 1e-6:
            return o.id
    return None


def _no_overlap(mission: Mission, at: Point, ignore: str | None = None) -> None:
    other = overlapping_objective(mission, at, ignore)
    if other is not None:
        raise EditRefused(Phrase("it would lie on objective {id}", id=other))


def _objectives_edit(mission: Mission, objectives: tuple[Objective, ...]) -> Edit:
    return Edit(replace(mission, objectives=objectives), Change(objectives=True))


def add_objective(mission: Mission, at: Point, objective_id: str | None = None,
                  name: str | None = None) -> Edit:
    objective_id = objective_id or next_objective_id(mission)
    if any(o.id == objective_id for o in mission.objectives):
        raise EditRefused(Phrase("there is already an objective {id}", id=objective_id))
    _no_overlap(mission, at)
    new = Objective(id=objective_id, at=(float(at[0]), float(at[1])), name=name or None)
    return _objectives_edit(mission, mission.objectives + (new,))


def move_objective(mission: Mission, objective_id: str, at: Point) -> Edit:
    objective(mission, objective_id)
    _no_overlap(mission, at, objective_id)
    return _objectives_edit(mission, tuple(
        replace(o, at=(float(at[0]), float(at[1]))) if o.id == objective_id else o
        for o in mission.objectives))


def renumber_objective(mission: Mission, objective_id: str, new_id: str) -> Edit:
    """Give a marker another number. When another marker has that number,
    the two swap, so renumbering 3 as 1 makes the old 1 a 3."""
    new_id = new_id.strip()
    if not new_id:
        raise EditRefused(Phrase("an objective needs a number"))
    objective(mission, objective_id)
    out = []
    for o in mission.objectives:
        if o.id == objective_id:
            o = replace(o, id=new_id)
        elif o.id == new_id:
            o = replace(o, id=objective_id)
        out.append(o)
    return _objectives_edit(mission, tuple(out))


def rename_objective(mission: Mission, objective_id: str, name: str | None) -> Edit:
    objective(mission, objective_id)
    name = (name or "").strip() or None
    return _objectives_edit(mission, tuple(
        replace(o, name=name) if o.id == objective_id else o for o in mission.objectives))


def relabel_objective(mission: Mission, objective_id: str, new_id: str, name: str | None) -> Edit:
    """Renumber and rename a marker in one step (the marker's dialog)."""
    edit = renumber_objective(mission, objective_id, new_id) if new_id.strip() != objective_id else None
    m = edit.mission if edit else mission
    return rename_objective(m, new_id.strip(), name)


def remove_objective(mission: Mission, objective_id: str) -> Edit:
    objective(mission, objective_id)
    return _objectives_edit(mission, tuple(o for o in mission.objectives if o.id != objective_id))


# -- cells and strokes -----------------------------------------------------------

def cell_under(mission: Mission, x: float, y: float,
               catalogue: Catalogue | None = None) -> CellRef | None:
    board = board_at(mission, x, y, catalogue)
    if board is None:
        return None
    cell = Placement.of(board, catalogue).cell_at(x, y)
    return (board.id, cell) if cell is not None else None


def cells_along(mission: Mission, start: Point, end: Point,
                catalogue: Catalogue | None = None) -> list[CellRef]:
    """The cells a brush stroke from `start` to `end` passes over, in order,
    each once: a fast mouse move skips no cell between two events."""
    cat = catalogue or default_catalogue()
    step = min((cat.board(b.kind).pitch for b in mission.boards), default=97.0) / 4
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    n = max(1, math.ceil(length / step))
    out: list[CellRef] = []
    for k in range(n + 1):
        t = k / n
        ref = cell_under(mission, start[0] + (end[0] - start[0]) * t,
                         start[1] + (end[1] - start[1]) * t, cat)
        if ref is not None and ref not in out:
            out.append(ref)
    return out


def cell_label(ref: CellRef) -> str:
    """How a cell is called out: board and zone, e.g. 'A C4'."""
    return f"{ref[0]} {cell_name(ref[1])}"


def _valid_cells(mission: Mission, cells: Iterable[CellRef],
                 catalogue: Catalogue | None) -> set[CellRef]:
    places = {b.id: Placement.of(b, catalogue) for b in mission.boards}
    return {(b, (c[0], c[1])) for b, c in cells if b in places and places[b].has_cell((c[0], c[1]))}


def _rebuild(mission: Mission, records: Sequence[_Zone], cells: set[CellRef],
             make: Callable[[str, tuple[Cell, ...]], _Zone]) -> list[_Zone]:
    """Per-board records for a set of cells: the existing record on a board
    keeps its name and x- keys (several on one board merge into the first);
    a board without one gets make(board_id, cells)."""
    by_board: dict[str, _Zone] = {}
    for r in records:
        by_board.setdefault(r.board, r)
    out: list[_Zone] = []
    for board in mission.boards:
        on_board = tuple(sorted((c for b, c in cells if b == board.id), key=lambda c: (c[1], c[0])))
        if not on_board:
            continue
        old = by_board.get(board.id)
        out.append(replace(old, cells=on_board) if old is not None else make(board.id, on_board))
    return out


# -- entry zones ------------------------------------------------------------------

def player_cells(mission: Mission, player: int) -> set[CellRef]:
    return {(z.board, (c[0], c[1])) for z in mission.entry_zones if z.player == player for c in z.cells}


def entry_zone_name(mission: Mission, player: int) -> str | None:
    for z in mission.entry_zones:
        if z.player == player and z.name:
            return z.name
    return None


def _set_player_cells(zones: tuple[EntryZone, ...], mission: Mission, player: int,
                      cells: set[CellRef]) -> list[EntryZone]:
    mine = [z for z in zones if z.player == player]
    name = next((z.name for z in mine if z.name), None)
    return _rebuild(mission, mine, cells,
                    lambda board, cs: EntryZone(player=player, board=board, cells=cs, name=name))


def paint_entry_cells(mission: Mission, player: int, cells: Iterable[CellRef], erase: bool = False,
                      catalogue: Catalogue | None = None) -> Edit:
    """Add cells to a player's entry zone (taking them from any other
    player: a zone belongs to one player), or with erase, take them out.
    Cells that are not on a board are ignored. An edit that changes nothing
    returns the same mission (the editor then pushes no undo step)."""
    if not 1 <= player <= mission.players:
        raise EditRefused(Phrase("this mission is for {players} players: there is no player {n}",
                                  players=mission.players, n=player))
    cells = _valid_cells(mission, cells, catalogue)
    players = sorted({z.player for z in mission.entry_zones} | {player})
    zones: list[EntryZone] = []
    for p in players:
        current = player_cells(mission, p)
        if p == player:
            target = current - cells if erase else current | cells
        else:
            target = current if erase else current - cells
        if target == current:
            zones.extend(z for z in mission.entry_zones if z.player == p)
        else:
            zones.extend(_set_player_cells(mission.entry_zones, mission, p, target))
    zones_t = tuple(zones)
    if zones_t == mission.entry_zones:
        return Edit(mission, Change())
    return Edit(replace(mission, entry_zones=zones_t), Change(entry_zones=True))


def name_entry_zone(mission: Mission, player: int, name: str | None) -> Edit:
    """Name a player's entry zone (printed on the card). The name lives on
    the zone's cells, so a player needs cells first."""
    if not any(z.player == player for z in mission.entry_zones):
        raise EditRefused(Phrase("paint player {n}'s entry zone first, then name it", n=player))
    name = (name or "").strip() or None
    zones = tuple(replace(z, name=name) if z.player == player else z for z in mission.entry_zones)
    return Edit(replace(mission, entry_zones=zones), Change(entry_zones=True))


def clear_entry_zone(mission: Mission, player: int) -> Edit:
    zones = tuple(z for z in mission.entry_zones if z.player != player)
    return Edit(replace(mission, entry_zones=zones), Change(entry_zones=True))


# -- regions ------------------------------------------------------------------------

def region_names(mission: Mission) -> list[str]:
    """Region names in the order they first appear."""
    return list(dict.fromkeys(r.name for r in mission.regions))


def region_cells(mission: Mission, name: str) -> set[CellRef]:
    return {(r.board, (c[0], c[1])) for r in mission.regions if r.name == name for c in r.cells}


def new_region_name(mission: Mission, base: str = "Region") -> str:
    used = set(region_names(mission))
    n = 1
    while f"{base} {n}" in used:
        n += 1
    return f"{base} {n}"


def paint_region_cells(mission: Mission, name: str, cells: Iterable[CellRef], erase: bool = False,
                       catalogue: Catalogue | None = None) -> Edit:
    """Add cells to a named region (taking them from any other region, so
    each zone prints one name), or with erase, take them out. Painting a
    name that has no cells yet creates the region."""
    name = name.strip()
    if not name:
        raise EditRefused(Phrase("a region needs a name"))
    cells = _valid_cells(mission, cells, catalogue)
    names = region_names(mission)
    if name not in names:
        names.append(name)
    regions: list[Region] = []
    for n in names:
        current = region_cells(mission, n)
        if n == name:
            target = current - cells if erase else current | cells
        else:
            target = current if erase else current - cells
        mine = [r for r in mission.regions if r.name == n]
        if target == current:
            regions.extend(mine)
        else:
            def region(board: str, cs: tuple[Cell, ...], n: str = n) -> Region:
                return Region(name=n, board=board, cells=cs)

            regions.extend(_rebuild(mission, mine, target, region))
    regions_t = tuple(regions)
    if regions_t == mission.regions:
        return Edit(mission, Change())
    return Edit(replace(mission, regions=regions_t), Change(regions=True))


def rename_region(mission: Mission, old: str, new: str) -> Edit:
    new = new.strip()
    if not new:
        raise EditRefused(Phrase("a region needs a name"))
    if old not in region_names(mission):
        raise EditRefused(Phrase("there is no region {name!r}", name=old))
    if new != old and new in region_names(mission):
        raise EditRefused(Phrase("there is already a region {name!r}", name=new))
    regions = tuple(replace(r, name=new) if r.name == old else r for r in mission.regions)
    return Edit(replace(mission, regions=regions), Change(regions=True))


def remove_region(mission: Mission, name: str) -> Edit:
    if name not in region_names(mission):
        raise EditRefused(Phrase("there is no region {name!r}", name=name))
    regions = tuple(r for r in mission.regions if r.name != name)
    return Edit(replace(mission, regions=regions), Change(regions=True))


# -- deployment presets ------------------------------------------------------------

def lay_out_deployment(mission: Mission, key: str, catalogue: Catalogue | None = None) -> Edit:
    """Replace the entry zones with a preset's (deployments.py) and set the
    number of players to the preset's."""
    new = apply_deployment(mission, key, catalogue)
    if new == mission:
        return Edit(mission, Change())
    return Edit(new, Change(entry_zones=True, text=new.players != mission.players))
