"""A complete two-board mission built in Python: terrain at real density
with a pillar or wall end at every panel end, hatchways open and closed on
both faces, objectives, entry zones, regions and full texts.

The export tests and benchmarks/bench_export.py print it, so every layout is
exercised by a mission that looks like one a player would make.
"""
from __future__ import annotations

from dataclasses import replace

from ..catalogue import default_catalogue
from ..model.lattice import Placement
from ..model.mission import Board, EntryZone, Mission, MissionText, Objective, ObjectiveSpacing, Piece, Region, Section
from ..model.parts import sets_needed

# (code, from, to, facing, open) on board A; board B is its mirror image.
# Moulded-pillar panels stand alone (with the catalogue's provisional
# moulded pillars a plain panel cannot continue from one); plain panels meet
# on loose pillars, and two free ends are capped with wall ends. Both boards
# together use one terrain set.
_WALLS_A = [
    ("A1", (1, 1), (3, 1), None, None),
    ("A3", (3, 1), (5, 1), "left", True),
    ("B1", (5, 1), (6, 1), None, None),
    ("A2", (1, 2), (1, 4), None, None),
    ("B2", (1, 5), (1, 6), "right", False),
    ("A4", (3, 2), (3, 4), "right", False),
    ("B3-1", (4, 5), (5, 5), "left", True),
    ("B3-2", (6, 2), (6, 3), "right", False),
    ("B1", (4, 3), (5, 3), None, None),
    ("A3", (6, 6), (6, 4), "left", True),
    ("B2", (2, 5), (3, 5), "right", True),
]
_WALL_ENDS_A = [((6, 1), (5, 1)), ((1, 6), (1, 5))]


def _mirror(node, nx):
    return (nx - 1 - node[0], node[1])


def _board_pieces(board: str, mirror: bool) -> list[Piece]:
    cat = default_catalogue()
    nx, _ny = cat.board("boarding-actions").nodes
    f = (lambda n: _mirror(n, nx)) if mirror else (lambda n: n)
    pieces: list[Piece] = []
    moulded_ends: set = set()
    plain_ends: list = []
    for code, a, b, facing, is_open in _WALLS_A:
        a, b = f(a), f(b)
        if mirror and facing:
            # Mirroring swaps left and right as seen walking from -> to.
            facing = "left" if facing == "right" else "right"
        pieces.append(Piece(code=code, board=board, from_node=a, to_node=b, facing=facing, open=is_open))
        kind = cat.piece(code)
        if kind.moulded_pillars:
            moulded_ends.update((a, b))
        else:
            plain_ends.extend((n, a[0] == b[0]) for n in (a, b))
    capped = {f(at) for at, _c in _WALL_ENDS_A}
    for at, caps in _WALL_ENDS_A:
        pieces.append(Piece(code="wall-end", board=board, at=f(at), caps=f(caps)))
    seen = set()
    for node, vertical in plain_ends:
        if node in moulded_ends or node in capped or node in seen:
            continue
        seen.add(node)
        code = "pillar-left" if len(seen) % 2 else "pillar-right"
        # Turned (28 mm side down the board) where the wall runs down the board.
        pieces.append(Piece(code=code, board=board, at=node, turned=vertical))
    return pieces


BRIEFING = (
    "The hulk drifts dark between two dead stars. Both fleets detected the same signal: a reactor that "
    "still holds its charge, and the cogitator vault that keeps its codes. Whoever takes the spine of the "
    "ship can tow the whole hulk home.\n\n"
    "Boarding parties cut their way in from opposite ends. The corridors are narrow, the hatchways are "
    "stiff with age, and the reactor hums louder with every turn."
)
RULES = (
    "Sealed bulkheads: hatchways that start the battle closed cannot be opened in the first battle round.\n\n"
    "Unstable reactor: at the end of each battle round, roll one D6 for each unit within 3\" of objective 2. "
    "On a 6 that unit suffers D3 mortal wounds."
)
VICTORY = (
    "At the end of each Command phase, the player whose turn it is scores 5 VP for each objective marker they "
    "control (15 VP at most per turn). At the end of the battle, the player who controls the reactor "
    "(objective 2) scores 10 VP. The player with the most VP wins."
)


def specimen_mission(title: str = "Derelict Crossing") -> Mission:
    cat = default_catalogue()
    kind = cat.board("boarding-actions")
    boards = (Board(id="A", at=(0.0, 0.0)), Board(id="B", at=(kind.width, 0.0)))
    pa, pb = Placement.of(boards[0], cat), Placement.of(boards[1], cat)
    pieces = tuple(_board_pieces("A", False) + _board_pieces("B", True))
    # Objective markers 9" apart and 6" from the battlefield's edges (the
    # mission's own spacing rule), mirrored about the seam.
    objectives = (
        Objective("1", pa.cell_centre_table((2, 2)), name="Cogitator vault"),
        Objective("2", pa.cell_centre_table((5, 3)), name="Reactor core"),
        Objective("3", pb.cell_centre_table((1, 3)), name="Signal relay"),
        Objective("4", pb.cell_centre_table((4, 2)), name="Tow clamp"),
    )
    zones = (
        EntryZone(1, "A", tuple((0, j) for j in range(6)), name="Boarding torpedo"),
        EntryZone(2, "B", tuple((6, j) for j in range(6)), name="Breaching ram"),
    )
    regions = (
        Region("Airlock", "A", ((5, 0), (6, 0))),
        Region("Reactor hall", "A", ((4, 3), (5, 3))),
    )
    text = MissionText(
        briefing=BRIEFING,
        sections=(Section("Mission rules", RULES),
                  Section("Deployment", "Players alternate setting up units wholly within their entry zone, "
                                        "starting with the player who won the roll-off.")),
        victory=VICTORY,
        battle_rounds=5,
        points=500,
        objective_spacing=ObjectiveSpacing(between_in=9, edge_in=6),
    )
    m = Mission(title=title, author="Export specimen", language="en", players=2, boards=boards, pieces=pieces,
                objectives=objectives, entry_zones=zones, regions=regions, mission=text)
    return replace(m, sets=sets_needed(m, cat))
