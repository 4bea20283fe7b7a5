"""Entry-zone deployments laid out on the current boards: the two-player
edges and the three- and four-player free-for-all deployments of the rules
digest ("Three and four players"), and a Kill Team killzone's drop zones,
as pure functions over a Mission (no Qt).

"Corners" and "edges" belong to the whole battlefield, the union of the
boards, not to one board: the battlefield's bounding box decides which edges
are long and where its corners are, and the cells of the boards are mapped to
them. That keeps the presets right for boards side by side, end to end,
turned, offset or laid apart:

- an edge strip of depth d holds, along each line of cells running away from
  that edge, the d cells nearest the edge, so it follows the outline of the
  battlefield that faces that way, across every board;
- a corner block is the cell nearest the bounding-box corner and the cells
  next to it on the same board, a cells along the long edge and b along the
  short one; it stays on the board in that corner.

The three-player rule: the first player picks a corner or a long edge. If a
long edge, the other two take the opposite corners. If a corner, the second
takes the corner at the other end of that long edge or the opposite long
edge, and the third what is left. ("Adjacent corner" is read as the one along
the long edge: the corner along the short edge touches the opposite long edge
the third player would take.)
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..catalogue import Catalogue
from ..games import BOARDING_ACTIONS, KILL_TEAM
from ..phrases import QT_TR_NOOP
from .lattice import placements
from .mission import Cell, EntryZone, Mission, Point

CellRef = tuple[str, Cell]  # (board id, cell)

SIDES = ("top", "bottom", "left", "right")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")

# One colour per player, from the Okabe-Ito palette that stays distinct for
# the common kinds of colour blindness; shared by the editor and the card.
PLAYER_COLOURS = {1: "#0072B2", 2: "#D55E00", 3: "#009E73", 4: "#CC79A7"}


def player_colour(player: int) -> str:
    return PLAYER_COLOURS.get(player, "#7F7F7F")


@dataclass(frozen=True)
class Battlefield:
    """The cells of every board with their table centres, and the bounding
    box of the boards' footprints."""
    centres: dict[CellRef, Point]
    bounds: tuple[float, float, float, float]
    pitch: float

    @property
    def long_is_horizontal(self) -> bool:
        """True when the top and bottom edges are the long ones (a square
        battlefield counts as wide)."""
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0) >= (y1 - y0)

    @property
    def cells(self) -> list[CellRef]:
        return list(self.centres)


def battlefield(mission: Mission, catalogue: Catalogue | None = None) -> Battlefield:
    places = placements(mission, catalogue)
    if not places:
        return Battlefield({}, (0.0, 0.0, 0.0, 0.0), 1.0)
    centres: dict[CellRef, Point] = {}
    for board in mission.boards:
        p = places[board.id]
        for cell in p.cells():
            centres[(board.id, cell)] = p.cell_centre_table(cell)
    boxes = [p.bounds for p in places.values()]
    bounds = (min(b[0] for b in boxes), min(b[1] for b in boxes),
              max(b[2] for b in boxes), max(b[3] for b in boxes))
    pitch = min(p.kind.pitch for p in places.values())
    return Battlefield(centres, bounds, pitch)


# Which coordinate runs along a side's normal, and whether "nearer the side"
# means a smaller value of it.
_SIDE_AXIS = {"top": (1, True), "bottom": (1, False), "left": (0, True), "right": (0, False)}


def edge_cells(field: Battlefield, side: str, depth: int) -> set[CellRef]:
    """The cells within `depth` cells of one side of the battlefield: along
    each line of cells running away from that side, the `depth` nearest."""
    if side not in _SIDE_AXIS:
        raise ValueError(f"side must be one of {SIDES}, not {side!r}")
    normal, smaller_is_nearer = _SIDE_AXIS[side]
    along = 1 - normal
    half = field.pitch / 2
    items = list(field.centres.items())
    chosen = set()
    for ref, c in items:
        ahead = 0  # cells of the same line that lie nearer the side
        for other, o in items:
            if other == ref or abs(o[along] - c[along]) >= half:
                continue
            nearer = o[normal] < c[normal] if smaller_is_nearer else o[normal] > c[normal]
            if nearer:
                ahead += 1
        if ahead < depth:
            chosen.add(ref)
    return chosen


def edge_middle_cells(field: Battlefield, side: str, depth: int, length: int) -> set[CellRef]:
    """The part of an edge strip nearest the middle of that side: the
    `length` lines of cells nearest the battlefield's centre line (one more
    when two lines tie for the last place, so the strip stays symmetric)."""
    strip = edge_cells(field, side, depth)
    normal, _ = _SIDE_AXIS[side]
    along = 1 - normal
    x0, y0, x1, y1 = field.bounds
    mid = (x0 + x1) / 2 if along == 0 else (y0 + y1) / 2
    if not strip:
        return set()
    lines = sorted(abs(field.centres[r][along] - mid) for r in _one_per_line(field, strip, along))
    cutoff = lines[min(length, len(lines)) - 1] + 0.5
    return {r for r in strip if abs(field.centres[r][along] - mid) <= cutoff}


def _one_per_line(field: Battlefield, cells: set[CellRef], along: int) -> list[CellRef]:
    """One representative cell per line of cells (same position along the
    side, within half a zone)."""
    reps: list[CellRef] = []
    for ref in sorted(cells, key=lambda r: field.centres[r][along]):
        if not reps or field.centres[ref][along] - field.centres[reps[-1]][along] >= field.pitch / 2:
            reps.append(ref)
    return reps


def corner_cells(field: Battlefield, corner: str, across_x: int, across_y: int) -> set[CellRef]:
    """A block of cells in one corner of the battlefield: the cell nearest
    the bounding-box corner and those next to it on the same board,
    `across_x` cells wide and `across_y` deep (clamped to the board)."""
    if corner not in CORNERS:
        raise ValueError(f"corner must be one of {CORNERS}, not {corner!r}")
    if not field.centres:
        return set()
    x0, y0, x1, y1 = field.bounds
    vertical, horizontal = corner.split("-")
    cx, sx = (x0, 1) if horizontal == "left" else (x1, -1)
    cy, sy = (y0, 1) if vertical == "top" else (y1, -1)
    anchor = min(field.centres, key=lambda r: ((field.centres[r][0] - cx) ** 2
                                              + (field.centres[r][1] - cy) ** 2))
    ax, ay = field.centres[anchor]
    chosen = set()
    for ref, (x, y) in field.centres.items():
        if ref[0] != anchor[0]:
            continue
        steps_x = round((x - ax) * sx / field.pitch)
        steps_y = round((y - ay) * sy / field.pitch)
        if 0 <= steps_x < across_x and 0 <= steps_y < across_y:
            chosen.add(ref)
    return chosen


# -- presets ------------------------------------------------------------------
# A place is described in the battlefield's own frame, so one preset fits a
# wide and a tall battlefield alike: "long-near" is the top edge of a wide
# battlefield and the left edge of a tall one; a corner is (end along the
# long axis, end along the short axis), 0 = the top/left end.

@dataclass(frozen=True)
class EdgePlace:
    side: str             # "long-near", "long-far", "short-near", "short-far"
    depth: int            # cells deep
    length: int | None = None  # cells along the edge, centred; None = all of it


@dataclass(frozen=True)
class CornerPlace:
    long_end: int         # 0 or 1: which end of the long axis
    short_end: int        # 0 or 1: which end of the short axis
    along_long: int = 3   # cells along the long edge
    along_short: int = 2  # cells along the short edge


@dataclass(frozen=True)
class DeploymentPreset:
    key: str
    name: str          # as the editor offers it (marked for translation)
    description: str   # the rule it lays out, for a tooltip (likewise)
    places: tuple[EdgePlace | CornerPlace, ...]  # one per player, in player order
    game: str = BOARDING_ACTIONS  # the game whose deployments it is

    @property
    def players(self) -> int:
        return len(self.places)


PRESETS: tuple[DeploymentPreset, ...] = (
    DeploymentPreset(
        "two-short-edges", QT_TR_NOOP("2 players: opposite short edges"),
        QT_TR_NOOP("Each player deploys in the two zones along one short edge of the battlefield."),
        (EdgePlace("short-near", 2), EdgePlace("short-far", 2))),
    DeploymentPreset(
        "two-long-edges", QT_TR_NOOP("2 players: opposite long edges"),
        QT_TR_NOOP("Each player deploys in the zones along one long edge of the battlefield."),
        (EdgePlace("long-near", 1), EdgePlace("long-far", 1))),
    DeploymentPreset(
        "three-long-edge", QT_TR_NOOP("3 players: long edge, opposite corners"),
        QT_TR_NOOP("The first player takes the middle of a long edge; the other two take "
        "the corners of the opposite long edge."),
        (EdgePlace("long-near", 1, 6), CornerPlace(0, 1), CornerPlace(1, 1))),
    DeploymentPreset(
        "three-corner-adjacent", QT_TR_NOOP("3 players: corner, adjacent corner, long edge"),
        QT_TR_NOOP("The first player takes a corner, the second the other corner of that "
        "long edge, the third the middle of the opposite long edge."),
        (CornerPlace(0, 0), CornerPlace(1, 0), EdgePlace("long-far", 1, 6))),
    DeploymentPreset(
        "three-corner-edge", QT_TR_NOOP("3 players: corner, opposite long edge, corner"),
        QT_TR_NOOP("The first player takes a corner, the second the middle of the opposite "
        "long edge, the third the first player's other corner, facing the "
        "second player's edge."),
        (CornerPlace(0, 0), EdgePlace("long-far", 1, 6), CornerPlace(1, 0))),
    DeploymentPreset(
        "four-corners", QT_TR_NOOP("4 players: the four corners"),
        QT_TR_NOOP("Each player takes one corner of the battlefield."),
        (CornerPlace(0, 0), CornerPlace(1, 0), CornerPlace(1, 1), CornerPlace(0, 1))),
)


# A Kill Team killzone's drop zones (see the module's notes).
DROP_ZONE_PRESETS: tuple[DeploymentPreset, ...] = (
    DeploymentPreset(
        "killzone-long-edges", QT_TR_NOOP("Drop zones: opposite long edges"),
        QT_TR_NOOP("Each player's drop zone is the row of zones along one long edge of the killzone."),
        (EdgePlace("long-near", 1), EdgePlace("long-far", 1)), KILL_TEAM),
    DeploymentPreset(
        "killzone-short-edges", QT_TR_NOOP("Drop zones: opposite short edges"),
        QT_TR_NOOP("Each player's drop zone is the row of zones along one short edge of the killzone."),
        (EdgePlace("short-near", 1), EdgePlace("short-far", 1)), KILL_TEAM),
    DeploymentPreset(
        "killzone-corners", QT_TR_NOOP("Drop zones: opposite corners"),
        QT_TR_NOOP("Each player's drop zone is a block of six zones in one corner of the killzone, "
                   "three along the long edge and two along the short one; the other player "
                   "takes the opposite corner."),
        (CornerPlace(0, 0, 3, 2), CornerPlace(1, 1, 3, 2)), KILL_TEAM),
)


def preset(key: str) -> DeploymentPreset:
    for p in PRESETS + DROP_ZONE_PRESETS:
        if p.key == key:
            return p
    raise KeyError(key)


def presets_for(players: int, game: str = BOARDING_ACTIONS) -> tuple[DeploymentPreset, ...]:
    return tuple(p for p in presets_of(game) if p.players == players)


def presets_of(game: str) -> tuple[DeploymentPreset, ...]:
    """The deployments a game lays out: Boarding Actions' entry zones or a
    killzone's drop zones."""
    return DROP_ZONE_PRESETS if game == KILL_TEAM else PRESETS


def _table_side(side: str, wide: bool) -> str:
    table = {
        True: {"long-near": "top", "long-far": "bottom", "short-near": "left", "short-far": "right"},
        False: {"long-near": "left", "long-far": "right", "short-near": "top", "short-far": "bottom"},
    }
    return table[wide][side]


def _table_corner(place: CornerPlace, wide: bool) -> tuple[str, int, int]:
    """The table corner of a CornerPlace, and its size across x and y."""
    if wide:
        x_end, y_end = place.long_end, place.short_end
        across = (place.along_long, place.along_short)
    else:
        x_end, y_end = place.short_end, place.long_end
        across = (place.along_short, place.along_long)
    name = ("top" if y_end == 0 else "bottom") + "-" + ("left" if x_end == 0 else "right")
    return name, across[0], across[1]


def place_cells(field: Battlefield, place: EdgePlace | CornerPlace) -> set[CellRef]:
    wide = field.long_is_horizontal
    if isinstance(place, EdgePlace):
        side = _table_side(place.side, wide)
        if place.length is None:
            return edge_cells(field, side, place.depth)
        return edge_middle_cells(field, side, place.depth, place.length)
    name, ax, ay = _table_corner(place, wide)
    return corner_cells(field, name, ax, ay)


def deployment_cells(mission: Mission, key: str,
                     catalogue: Catalogue | None = None) -> dict[int, set[CellRef]]:
    """Each player's cells for a preset on the mission's boards.

    Where two places overlap (a battlefield too small for the preset), the
    earlier player keeps the cell, so no cell belongs to two players.
    """
    field = battlefield(mission, catalogue)
    taken: set[CellRef] = set()
    result: dict[int, set[CellRef]] = {}
    for player, place in enumerate(preset(key).places, start=1):
        cells = place_cells(field, place) - taken
        taken |= cells
        result[player] = cells
    return result


def zones_from_cells(mission: Mission, player: int, cells: set[CellRef],
                     name: str | None) -> tuple[EntryZone, ...]:
    """One EntryZone per board for a player's cells, in board order, cells
    sorted row by row (as files list them)."""
    zones = []
    for board in mission.boards:
        on_board = sorted((c for b, c in cells if b == board.id), key=lambda c: (c[1], c[0]))
        if on_board:
            zones.append(EntryZone(player=player, board=board.id, cells=tuple(on_board), name=name))
    return tuple(zones)


def apply_deployment(mission: Mission, key: str, catalogue: Catalogue | None = None) -> Mission:
    """The mission with its entry zones replaced by a preset's, and its
    player count set to the preset's. Each player keeps the name their
    entry zone had."""
    names: dict[int, str | None] = {}
    for z in mission.entry_zones:
        if z.name and z.player not in names:
            names[z.player] = z.name
    zones: list[EntryZone] = []
    for player, cells in deployment_cells(mission, key, catalogue).items():
        zones.extend(zones_from_cells(mission, player, cells, names.get(player)))
    return replace(mission, players=preset(key).players, entry_zones=tuple(zones))
