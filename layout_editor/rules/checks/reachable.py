"""Reach, with every hatchway open: objectives no entry zone can reach,
zones where the base cannot stand anywhere, zones a base can stand in but
never get to from an entry zone. Asked of the rules core (reach.py).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.ops import unary_union

from ...catalogue import Catalogue
from ...memo import Memo
from ...model.lattice import Placement, cell_name
from ...model.mission import Cell, Mission
from ...phrases import QT_TR_NOOP, Phrase
from ..areas import MARKER_DIAMETER, battlefield, cell_polygon
from ..geometry import PieceGeometryError, piece_shape
from .findings import Finding, provisional_note

if TYPE_CHECKING:  # a name only: the reach is loaded when a check first asks for it
    from ..reach import ReachRegion

CellRef = tuple[str, Cell]  # a zone of a board


def reach_findings(mission: Mission, base_mm: float, cat: Catalogue,
                   open_regions: list[ReachRegion] | None = None,
                   as_set_unreachable: Iterable[CellRef] | None = None) -> list[Finding]:
    """Objectives no entry zone can reach with every hatchway open; zones no
    base can stand in; zones sealed off from every entry zone.

    open_regions: reach.regions with every hatchway open, when the caller
    has them already; as_set_unreachable: the zones where the base cannot
    stand, likewise."""
    from .. import reach

    if open_regions is None:
        open_regions = reach.regions(mission, base_mm=base_mm, hatches="open")
    boards, zone_cells = _zone_cells(mission, cat)
    base_mm = float(base_mm)
    # A region counts as entered from a zone when it touches one of its cells.
    entered = [r for r in open_regions if r.cells & zone_cells]
    findings: list[Finding] = []
    if zone_cells:
        findings += _unreachable_objectives(mission, entered, base_mm, cat)
    if as_set_unreachable is not None:
        findings += _no_room(mission, sorted(set(as_set_unreachable)), boards, base_mm, cat)
        if zone_cells:
            findings += _sealed(open_regions, entered, boards, base_mm)
        return findings
    # The zones without room and those sealed off depend on the boards, the
    # entry zones, the base and which zones each open region holds, nothing
    # else (the regions' cells: an edit seldom changes them): remembered per
    # tuple of boards. The words about zones without room also name the
    # pieces near them (_no_room_note): made afresh whenever there are any.
    cells = tuple(r.cells for r in open_regions)
    no_room: list[CellRef]
    sealed: list[Finding]
    last = _rest.get((id(mission.boards), base_mm))
    if (last is not None and last[0] is mission.boards and last[1] is mission.entry_zones and last[2] is cat
            and last[3] == base_mm and last[4] == cells):
        no_room, sealed = last[5], last[6]
    else:
        no_room = sorted(set(reach.unreachable_cells(mission, base_mm=base_mm, hatches="open")))
        sealed = _sealed(open_regions, entered, boards, base_mm) if zone_cells else []
        _rest.put((id(mission.boards), base_mm), (mission.boards, mission.entry_zones, cat, base_mm, cells, no_room, sealed))
    if no_room:
        findings += _no_room(mission, no_room, boards, base_mm, cat)
    return findings + sealed


# (the boards (held: the very tuple), the base) -> the entry zones, catalogue, base and
# open regions' cells last seen with them, and the zones without room and
# the sealed-off findings they gave (see reach_findings)
_rest = Memo("checks.reach_rest", 8)


# the boards and entry zones (held: the very tuples) -> the boards' placements and the entry zones' cells
_cells_of_zones = Memo("checks.entry_zone_cells", 8)


def _zone_cells(mission: Mission, cat: Catalogue) -> tuple[dict[str, Placement], set[CellRef]]:
    """The boards as laid, by id, and the entry zones' cells on them, per
    tuple of boards and of entry zones (an edit of the pieces keeps both).
    The caller only reads them."""
    got = _cells_of_zones.get((id(mission.boards), id(mission.entry_zones)))
    if got is not None and got[0] is mission.boards and got[1] is mission.entry_zones and got[2] is cat:
        return got[3], got[4]
    boards = {b.id: Placement.of(b, cat) for b in mission.boards}
    zone_cells: set[tuple[str, Cell]] = set()
    for z in mission.entry_zones:
        if z.board in boards:
            zone_cells.update((z.board, c) for c in z.cells if boards[z.board].has_cell(c))
    _cells_of_zones.put((id(mission.boards), id(mission.entry_zones)),
                        (mission.boards, mission.entry_zones, cat, boards, zone_cells))
    return boards, zone_cells


def _by_board(cells: Iterable[CellRef]) -> list[tuple[str, list[Cell]]]:
    by_board: dict[str, list[Cell]] = defaultdict(list)
    for b, c in cells:
        by_board[b].append(c)
    return sorted(by_board.items())


def _cell_names(cells: Iterable[Cell]) -> str:
    return ", ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def _unreachable_objectives(mission: Mission, entered: list[ReachRegion], base_mm: float,
                            cat: Catalogue) -> list[Finding]:
    """Objectives no base from an entry zone can reach. Asked for every
    objective at once (after every edit: on 8 boards 16 markers one by one
    were 0.5 ms of each edit's checks): which markers lie on the
    battlefield, one GEOS call; each standing area's box against each
    marker, one array step (a box is never farther than its area, so only
    areas whose box comes within the limit are measured); then the
    distances of those (marker, area) pairs, one GEOS call. The same
    distances and the same comparisons as marker by marker
    (tests/unit/test_checks_fast_paths.py holds it to that loop)."""
    if not mission.objectives:
        return []
    findings: list[Finding] = []
    parts = [p for r in entered for p in r.parts]
    # Reached when a base can touch the marker: then a model is in range.
    limit = MARKER_DIAMETER / 2 + base_mm / 2 + 0.5
    # A marker reached before through a standing area that is still one of
    # these (the very object: an edit elsewhere leaves a board's areas as
    # they were) is reached still: only the others are measured.
    here = set(map(id, parts))
    objectives = []
    for o in mission.objectives:
        w = _witness.get((o.at, limit))
        if w is None or id(w) not in here:  # (w is held: its id names no other area)
            objectives.append(o)
    if not objectives:
        return []
    areas = np.array(parts, dtype=object)
    boxes = shapely.bounds(areas).reshape(-1, 4) if len(areas) else np.zeros((0, 4))
    at = np.array([o.at for o in objectives], dtype=float).reshape(-1, 2)
    points: np.ndarray = np.asarray(shapely.points(at), dtype=object).reshape(-1)
    on_field: np.ndarray = np.asarray(shapely.covers(battlefield(mission, cat), points), dtype=bool).reshape(-1)
    x, y = at[:, 0:1], at[:, 1:2]
    gap = np.hypot(np.maximum(np.maximum(boxes[:, 0] - x, x - boxes[:, 2]), 0.0),
                   np.maximum(np.maximum(boxes[:, 1] - y, y - boxes[:, 3]), 0.0))
    oi, ai = np.nonzero(gap <= limit + 1e-6)
    reached = np.zeros(len(objectives), dtype=bool)
    if len(oi):
        close = shapely.distance(areas[ai], points[oi]) <= limit
        reached[oi[close]] = True
        for k, a in zip(oi[close].tolist(), ai[close].tolist()):
            _witness.put((objectives[k].at, limit), parts[a])
    for o, on, got in zip(objectives, on_field.tolist(), reached.tolist()):
        if not on or got:
            continue  # off the battlefield: reported as such
        findings.append(Finding(
            "error", "objective-unreachable",
            Phrase("objective {id!r}: no operative on a {base:g} mm base from either drop zone can reach it, "
                   "even with every hatchway open", id=o.id, base=base_mm) if mission.game == "kill-team" else
            Phrase("objective {id!r}: no {base:g} mm base from any entry zone can reach it, even with "
                   "every hatchway open", id=o.id, base=base_mm), objectives=(o.id,), places=(o.at,)))
    return findings


# (a marker's centre, the reach) -> a standing area found within reach of it
_witness = Memo("checks.objective_reached_from", 64)  # (each holds an area alive: few)


def _no_room(mission: Mission, no_room: Iterable[CellRef], boards: dict[str, Placement], base_mm: float,
             cat: Catalogue) -> list[Finding]:
    """Zones where the base cannot stand anywhere."""
    findings: list[Finding] = []
    for b, cells in _by_board(no_room):
        note = _no_room_note(mission, b, cells, boards.get(b), base_mm, cat)
        findings.append(Finding("warning", "cell-no-room",
                                Phrase(QT_TR_NOOP("board {board}: no {base:g} mm base can stand in zone {cells}{note}")
                                       if len(cells) == 1 else
                                       QT_TR_NOOP("board {board}: no {base:g} mm base can stand in zones {cells}{note}"),
                                       board=b, base=base_mm, cells=_cell_names(cells), note=note),
                                cells=tuple((b, c) for c in cells),
                                places=(boards[b].cell_centre_table(cells[0]),) if b in boards else ()))
    return findings


def _sealed(open_regions: list[ReachRegion], entered: list[ReachRegion], boards: dict[str, Placement],
            base_mm: float) -> list[Finding]:
    """Zones a base can stand in but never get to from an entry zone."""
    reached: set[CellRef] = set()
    for r in entered:
        reached |= r.cells
    roomy: set[CellRef] = set()
    for r in open_regions:
        roomy |= r.cells
    findings: list[Finding] = []
    for b, cells in _by_board(sorted(roomy - reached)):
        findings.append(Finding(
            "info", "cell-sealed",
            Phrase(QT_TR_NOOP("board {board}: no {base:g} mm base from an entry zone can get to zone "
                              "{cells}, even with every hatchway open") if len(cells) == 1 else
                   QT_TR_NOOP("board {board}: no {base:g} mm base from an entry zone can get to zones "
                              "{cells}, even with every hatchway open"), board=b, base=base_mm,
                   cells=_cell_names(cells)),
            cells=tuple((b, c) for c in cells),
            places=(boards[b].cell_centre_table(cells[0]),) if b in boards else ()))
    return findings


def _no_room_note(mission: Mission, board_id: str, cells: list[Cell], placement: Placement | None, base_mm: float,
                  cat: Catalogue) -> Phrase | str:
    """When pieces whose size is not yet measured close a zone in, the verdict
    rests on them: say so."""
    if placement is None:
        return ""
    around = unary_union([cell_polygon(placement, c) for c in cells]).buffer(base_mm / 2)
    near = []
    for p in mission.pieces_on(board_id):
        try:
            if piece_shape(p, placement, cat).outline.intersects(around):
                near.append(p)
        except (PieceGeometryError, KeyError):
            continue
    return provisional_note(near, cat)
