"""Kill Team hatchways and drop zones: which drop zone reaches each
hatchway's access point first (moves of 6" to get within control range of
it), which hatchways leave room for a Hatchway Fight, and whether the drop
zones see each other. The choices are in the package's notes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from shapely.geometry import Polygon

from ...catalogue import Catalogue, default_catalogue
from ...model.mission import Mission, Piece, Point
from ...model.names import describe_piece
from ...phrases import Phrase
from ..areas import entry_zone_geometry, zones_in_sight
from ..obstacles import Battlefield, battlefield, board_obstacles
from ..sight import Line
from .game import CONTROL_RANGE_MM, HATCHWAY_FIGHT_MM, MOVE_IN, ROUTE_HATCHES
from .zone_moves import ZoneMove, moves_from_zone

# Places along an access point tried for a base touching it (Hatchway Fight).
FIGHT_SAMPLES = 11


@dataclass(frozen=True)
class AccessPoint:
    """One hatchway's access point: the door's rectangle, its middle line
    and the middle of each face (where an operative touches it)."""
    piece: Piece
    door: Polygon
    axis: int                 # the wall runs along x (0) or y (1)
    faces: tuple[Point, Point]

    @property
    def width(self) -> float:
        x0, y0, x1, y1 = self.door.bounds
        return x1 - x0 if self.axis == 0 else y1 - y0

    @property
    def thickness(self) -> float:
        x0, y0, x1, y1 = self.door.bounds
        return y1 - y0 if self.axis == 0 else x1 - x0


def access_points(mission: Mission) -> list[AccessPoint]:
    """Every hatchway's access point, in the mission's piece order."""
    out = []
    for board in mission.boards:
        on_board = [p for p in mission.pieces if p.board == board.id]
        try:
            bp = board_obstacles(mission, board, ROUTE_HATCHES).pieces
        except KeyError:
            continue
        for door, n in zip(bp.doors, bp.door_pieces):
            x0, y0, x1, y1 = door.bounds
            axis = 0 if x1 - x0 >= y1 - y0 else 1
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            faces = ((cx, y0), (cx, y1)) if axis == 0 else ((x0, cy), (x1, cy))
            out.append(AccessPoint(on_board[n], door, axis, faces))
    return out


@dataclass(frozen=True)
class HatchwayReach:
    piece: int                          # the piece's uid
    name: Phrase                        # the piece as the findings name it
    at: Point                           # the access point's middle
    distance_in: dict[str, float | None]  # player -> inches to within control range (None: no route)
    turns: dict[str, int | None]        # player -> moves of move_in to get there (0: from the drop zone)
    first: tuple[str, ...]              # the players who get there in the fewest moves
    move_in: dict[str, int | None] = field(default_factory=dict)  # player -> inches counted the rules' way (None: no route)

    def to_dict(self) -> dict[str, Any]:
        return {"piece": str(self.name), "at": [round(self.at[0], 1), round(self.at[1], 1)],
                "distance_in": self.distance_in, "move_in": self.move_in, "moves": self.turns,
                "first": list(self.first)}


def hatchway_first(mission: Mission, move_in: float = MOVE_IN, cat: Catalogue | None = None) -> list[HatchwayReach]:
    """For each hatchway: from each drop zone, the route (every hatchway open,
    +1" per access point crossed) to the middle of the access point's nearer
    face, less control range (1"): its tape length (distance_in), its count
    the rules' way (move_in: increments rounded up, zone_moves.py) and the
    moves of move_in inches that count takes; `first` names the drop zones
    that get there in the fewest."""
    cat = cat or default_catalogue()
    aps = access_points(mission)
    if not aps:
        return []
    # from each drop zone, to within control range of either face, counted
    # the rules' way (zone_moves.py: each increment rounded up, 1" per access point)
    targets = [(list(ap.faces), CONTROL_RANGE_MM) for ap in aps]
    rows: dict[int, list[ZoneMove]] = {}
    for player in range(1, mission.players + 1):
        zone = entry_zone_geometry(mission, player, cat)
        if zone is None or zone.is_empty:
            rows[player] = [ZoneMove(None, None)] * len(targets)
            continue
        rows[player] = moves_from_zone(mission, zone, targets)
    out = []
    for k, ap in enumerate(aps):
        dist: dict[str, float | None] = {}
        turns: dict[str, int | None] = {}
        counts: dict[str, int | None] = {}
        for player, got in rows.items():
            z = got[k]
            if z.move_in is None:
                dist[str(player)] = turns[str(player)] = counts[str(player)] = None
                continue
            dist[str(player)] = z.length_in
            counts[str(player)] = z.move_in
            # a move of move_in inches, cut at whole inches, makes the next one's start
            turns[str(player)] = math.ceil(z.move_in / move_in - 1e-9) if z.move_in > 0 else 0
        known = {p: t for p, t in turns.items() if t is not None}
        best = min(known.values()) if known else None
        first = tuple(p for p, t in known.items() if t == best)
        at = ((ap.faces[0][0] + ap.faces[1][0]) / 2, (ap.faces[0][1] + ap.faces[1][1]) / 2)
        out.append(HatchwayReach(ap.piece.uid, describe_piece(ap.piece), at, dist, turns, first, counts))
    return out


@dataclass(frozen=True)
class HatchwayFight:
    piece: int
    name: Phrase
    at: Point
    allowed: bool
    places: tuple[Point, ...] = ()  # a base's centre on each side that proves it

    def to_dict(self) -> dict[str, Any]:
        return {"piece": str(self.name), "at": [round(self.at[0], 1), round(self.at[1], 1)],
                "allowed": self.allowed}


def _stands(bf: Battlefield, c: Point, r: float) -> bool:
    from ..sight import _overlaps_obstacle, _reaches_off_boards

    return not _reaches_off_boards(bf, c, r) and not _overlaps_obstacle(bf, c, r)


def hatchway_fights(mission: Mission, base_mm: float = 32.0) -> list[HatchwayFight]:
    """For each hatchway: can an operative touch its open access point on
    one side with an enemy within 2" on the other? Bases of base_mm touching
    the access point's faces are tried at FIGHT_SAMPLES places along the
    opening (every hatchway open); the hatchway allows a fight when one fits
    on each side within 2" of each other (touching the two faces they are
    only the wall's thickness apart)."""
    bf = battlefield(mission, ROUTE_HATCHES)
    r = base_mm / 2
    out = []
    for ap in access_points(mission):
        x0, y0, x1, y1 = ap.door.bounds
        lo, hi = (x0, x1) if ap.axis == 0 else (y0, y1)
        along = [float(u) for u in np.linspace(lo, hi, FIGHT_SAMPLES)]
        sides = []
        for face, sign in ((ap.faces[0], -1.0), (ap.faces[1], 1.0)):
            fixed = (face[1] if ap.axis == 0 else face[0]) + sign * r
            pts = [((u, fixed) if ap.axis == 0 else (fixed, u)) for u in along]
            sides.append([p for p in pts if _stands(bf, p, r)])
        proof: tuple[Point, ...] = ()
        for p in sides[0]:
            for q in sides[1]:
                if math.dist(p, q) - 2 * r <= HATCHWAY_FIGHT_MM + 1e-9:
                    proof = (p, q)
                    break
            if proof:
                break
        at = ((x0 + x1) / 2, (y0 + y1) / 2)
        out.append(HatchwayFight(ap.piece.uid, describe_piece(ap.piece), at, bool(proof), proof))
    return out


def drop_zones_in_sight(mission: Mission, hatches: str = "as-set",
                        cat: Catalogue | None = None) -> list[tuple[int, int, Line]]:
    """Pairs of players whose drop zones see into each other, with a clear
    line each: [(a, b, ((x1, y1), (x2, y2)))]."""
    cat = cat or default_catalogue()
    players = sorted({z.player for z in mission.entry_zones})
    geoms = {p: entry_zone_geometry(mission, p, cat) for p in players}
    out: list[tuple[int, int, Line]] = []
    if not mission.boards:
        return out
    bf = battlefield(mission, hatches)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            ga, gb = geoms[a], geoms[b]
            if ga is None or gb is None or ga.is_empty or gb.is_empty:
                continue
            line = zones_in_sight(mission, ga, gb, hatches=hatches, bf=bf)
            if line is not None:
                out.append((a, b, line))
    return out
