"""The rules check: findings about a layout that loads but breaks the rules of
the game or of the box (overlapping pieces, panel ends with nothing to stand
on, more pieces than the sets hold, objectives in walls or too close,
entry zones in sight of each other, places no base can reach).

Each finding has a stable `code` (scripts and tests rely on it), a severity
and a message in players' words: pieces are named by code, board and zone-line
crossing ("A3 on board A from C/2 to C/4", see model/names.py), zones as
players call them out ("C4"). The message is made as a Phrase (phrases.py) so
the editor can say it in the player's language; `message` is its English.

The rooms, one per thing checked. A new check goes in the room of what it
looks at, its code into findings.CODES (with its severity), its part into
check_stages below, and a small layout that makes it into
tests/unit/test_finding_codes.py (which fails for a listed code no layout
makes):
- findings.py     the Finding type, the catalogue of codes, their order
- pieces.py       each board's pieces against the lattice and each other
                  (memoised per board), and clashes across board seams
- boards.py       boards on top of each other or apart; the box's stock
- objectives.py   markers: ids, on the battlefield, on pieces, spacing
- entry_zones.py  entry zones and regions on their boards; entry zones in
                  sight of each other (and the fast path for that question)
- reachable.py    reach with every hatchway open (the rules core's reach.py)
- symmetry.py     whether the layout is its own mirror image
- timeline.py     a table that changes: the events, and the table of each
                  round (reach, players sealed in, reinforcements in sight)
- equipment.py    Kill Team equipment on the killzone (barricades, razor
                  wire, mines) against its placement rules, and the
                  territories it stands in
- kill_team.py    what differs by game (games.py): a Kill Team killzone's
                  one board, two players, hatchways closed at the start;
                  Kill Team's readings, drop zones in sight, the balance,
                  hatchways (rules/kill_team answers; they replace the
                  entry zones' sight check for a kill-team file)

After an edit (issue 29) each check keeps what the edit left alone as data
and works out only what it touched: the pieces' checks per board from
per-piece records (pieces.py), the symmetry from the last mission's tally of
piece keys (model/mirror.py), seams and markers from the result before when
the changed pieces are far from them, the parts list once per tuple of
pieces (boards.py, shared with analyze), the nearest entry-zone cells of
the sight line while the zones stand (entry_zones.py), the objectives' reach
in one GEOS call (reachable.py), the zones without room and the sealed
zones while the open regions hold the same zones (reachable.py); findings
already said are reused, since a Finding puts its Phrase into English as it
is made (the symmetry note's by what names its first eight pieces, so that
a hatchway flipped among them keeps it: symmetry.py).

The checks that need routes, reach and sight call the rules core (reach.py,
paths.py, sight.py), which keeps its own per-board caches. The areas they
measure against (the battlefield, a zone's square, a player's entry zones,
whether two zones are in sight) are rules/areas.py's, shared with the Kill
Team rules and the designer; the units too.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...catalogue import Catalogue, default_catalogue
from ...games import KILL_TEAM
from ...model.mission import Mission
from ...model.names import describe_piece, kind_name, node_name
from ..areas import MARKER_DIAMETER, MM_PER_INCH, battlefield, cell_polygon, entry_zone_geometry, zones_in_sight
from . import entry_zones, pieces
from .boards import board_findings, stock_findings
from .entry_zones import sight_findings, zone_findings
from .equipment import equipment_findings
from .findings import CODES, SEVERITIES, Finding, provisional_note, sort_findings, stopped_finding
from .kill_team import drop_zone_findings, game_findings, reading_findings
from .objectives import objective_findings
from .pieces import OVERLAP_TOLERANCE_MM2, SLOT_HALF_MM, piece_findings
from .reachable import reach_findings
from .symmetry import symmetry_findings
from .timeline import timeline_stages

if TYPE_CHECKING:  # a name only: the reach is loaded when a check first asks for it
    from ..reach import ReachRegion

__all__ = [
    "CODES", "SEVERITIES", "MARKER_DIAMETER", "MM_PER_INCH", "OVERLAP_TOLERANCE_MM2", "SLOT_HALF_MM",
    "Finding", "battlefield", "cell_polygon", "check_stages", "describe_piece",
    "entry_zone_geometry", "kind_name", "node_name", "provisional_note", "reach_findings", "run_checks",
    "sight_findings", "sort_findings", "stopped_finding", "symmetry_findings", "zones_in_sight",
]


def check_stages(mission: Mission, base_mm: float = 32.0, catalogue: Catalogue | None = None,
                 *, rules_core: bool = True, _open_regions: list[ReachRegion] | None = None) -> Iterator[list[Finding]]:
    """The rules check a part at a time: yields a list of findings per part,
    the quick ones (pieces, boards, stock, objectives, zones) first, then
    reach and sight. The editor's live check shows findings as they come
    and can stop between parts (a huge mission must not hold the window)."""
    cat = catalogue or default_catalogue()
    findings, results = piece_findings(mission, cat)
    yield findings
    yield board_findings(mission, cat) + game_findings(mission, cat) + reading_findings(mission)
    yield stock_findings(mission, cat)
    yield objective_findings(mission, cat, results, rules_core=rules_core and bool(mission.boards))
    yield zone_findings(mission, cat)
    if mission.equipment or mission.territories:
        yield equipment_findings(mission, cat)
    if rules_core and mission.boards:
        yield reach_findings(mission, base_mm, cat, open_regions=_open_regions)
        # Kill Team: drop zones in sight, the balance, hatchways (checks/kill_team.py)
        yield sight_findings(mission, cat) if mission.game != KILL_TEAM else drop_zone_findings(mission, cat, base_mm)
        if mission.pieces:
            yield symmetry_findings(mission, cat)
    # A table that changes: the events, and each round's table (checks/timeline.py)
    yield from timeline_stages(mission, base_mm, cat, rules_core=rules_core)


def run_checks(mission: Mission, base_mm: float = 32.0, catalogue: Catalogue | None = None,
               *, rules_core: bool = True, _open_regions: list[ReachRegion] | None = None) -> list[Finding]:
    """Every finding about the mission, errors first. `rules_core=False`
    leaves out the checks that need reach and sight (for the quickest
    feedback while dragging)."""
    findings: list[Finding] = []
    for part in check_stages(mission, base_mm, catalogue, rules_core=rules_core, _open_regions=_open_regions):
        findings += part
    return sort_findings(findings)
