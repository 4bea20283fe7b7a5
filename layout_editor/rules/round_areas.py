"""Areas of a changing table for the rules core: impassable, dangerous and
dark regions (mission-format.md, "A table that changes"), and the hatchways
a player may open in a round.

Our reading of the states (the missions say what happens, not how a check
should measure it; each choice is said by an info finding, checks/timeline.py):
- impassable: blocks movement like a wall, not sight. It enters the obstacle
  stage as blocking footprints along the area's outline: a short wall's
  footprint (B1, 80 x 5.5 mm) on every zone line between a cell of the area
  and one outside it (or the board's edge), and a pillar's (28 x 25 mm) on
  every node of that outline, which overlap at every node, so no base gets
  in or out. Being the pieces' own footprints on the lattice, they keep
  every fast path of the obstacle stage (rectilinear strips, the per-board
  caches, keyed by value): a round whose areas are the same as another's
  costs nothing more. They are used for movement only (reach, routes,
  distances, first-turn reach); sight is judged on the table without them.
  An objective inside an impassable area cannot be reached in that round.
- dangerous: passable; a route through it is flagged. A player's route to an
  objective counts as through danger when avoiding every dangerous area (each
  sealed as if impassable) makes it longer or impossible.
- dark: a model in it is seen only from within DARK_SIGHT_IN inches (our
  choice: no rule in the digest gives a number; 12" is what the lighting
  rules of 40k missions commonly allow). The check of reinforcements in
  sight takes it into account (a zone wholly in the dark, farther than
  that from the other, is not seen); the sight metrics (the longest sight
  line, seen from the enemy, the hatchways' zones in sight) are measured as
  if it were lit, and analyze says `dark_sight_in` beside them.

A synthetic piece carries the code of a catalogue piece (so the geometry is
the catalogue's), is never part of the mission a player sees, saves or
counts, and exists only in the table handed to the movement measures.
"""
from __future__ import annotations

from dataclasses import replace

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import Placement
from ..model.mission import Cell, Mission, Node, Piece, Region

IMPASSABLE = "impassable"
DANGEROUS = "dangerous"
DARK = "dark"
DARK_SIGHT_IN = 12.0
# The catalogue pieces whose footprints seal an area's outline.
SEAL_WALL = "B1"
SEAL_POST = "pillar-left"


def regions_in(mission: Mission, state: str) -> tuple[Region, ...]:
    """The mission's regions in `state` (on a table of one round: mission_in_round)."""
    return tuple(r for r in mission.regions if r.state == state)


def _outline(cells: frozenset[Cell]) -> tuple[list[tuple[Node, Node]], set[Node]]:
    """The zone-line stretches (node pairs) between a cell of `cells` and one
    outside it, and the nodes on them."""
    edges: list[tuple[Node, Node]] = []
    for i, j in sorted(cells):
        sides = (((i, j - 1), (i, j), (i + 1, j)), ((i, j + 1), (i, j + 1), (i + 1, j + 1)),
                 ((i - 1, j), (i, j), (i, j + 1)), ((i + 1, j), (i + 1, j), (i + 1, j + 1)))
        for neighbour, a, b in sides:
            if neighbour not in cells:
                edges.append((a, b))
    nodes = {n for edge in edges for n in edge}
    return edges, nodes


def sealing_pieces(region: Region, placement: Placement) -> tuple[Piece, ...]:
    """The blocking footprints that seal `region` (module notes), on its board."""
    cells = frozenset(c for c in region.cells if placement.has_cell(c))
    edges, nodes = _outline(cells)
    walls = [Piece(code=SEAL_WALL, board=region.board, from_node=a, to_node=b) for a, b in edges]
    posts = [Piece(code=SEAL_POST, board=region.board, at=n) for n in sorted(nodes)]
    return tuple(walls + posts)


def sealed(mission: Mission, states: tuple[str, ...] = (IMPASSABLE,),
           catalogue: Catalogue | None = None) -> Mission:
    """The table with every region in one of `states` sealed off for
    movement (module notes); the mission itself when there is none."""
    chosen = [r for r in mission.regions if r.state in states]
    if not chosen:
        return mission
    cat = catalogue or default_catalogue()
    boards = {b.id: b for b in mission.boards}
    extra: list[Piece] = []
    for region in chosen:
        board = boards.get(region.board)
        if board is not None:
            extra += sealing_pieces(region, Placement.of(board, cat))
    return replace(mission, pieces=mission.pieces + tuple(extra)) if extra else mission


def openable(mission: Mission) -> Mission:
    """The table with every hatchway a player may open opened (all but the
    locked ones): the "every hatchway open" of a round's reach checks."""
    if not any(p.open is False and not p.locked for p in mission.pieces):
        return mission
    return replace(mission, pieces=tuple(replace(p, open=True) if p.open is False and not p.locked else p
                                         for p in mission.pieces))


def movement_table(mission: Mission, catalogue: Catalogue | None = None) -> Mission:
    """A round's table as movement sees it: impassable areas sealed."""
    return sealed(mission, (IMPASSABLE,), catalogue)


def region_cells(mission: Mission, state: str) -> frozenset[tuple[str, Cell]]:
    """(board, cell) of every region in `state`."""
    return frozenset((r.board, c) for r in regions_in(mission, state) for c in r.cells)
