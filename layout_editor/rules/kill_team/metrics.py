"""What `analyze` reports for a kill-team file, in the killzone's words:
the drop zones' routes to the objectives (the balance) and straight
distances, who reaches each hatchway first and where a Hatchway Fight can
happen, whether the drop zones see each other. Cached by the mission's value
(the editor asks after every edit; the rules core caches the geometry).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...catalogue import Catalogue, default_catalogue
from ...memo import Memo
from ...model.mission import Mission
from ..sight import Line
from .game import ACCESS_POINT_MM, MM_PER_INCH, MOVE_IN, ROUTE_HATCHES
from .hatchways import HatchwayFight, HatchwayReach, drop_zones_in_sight, hatchway_fights, hatchway_first
from .routes import balance, straight_distances
from .zone_moves import ZoneMove, balance_moves, move_table

# The library's bar (issue 17): drop zones whose route totals to the
# objectives are within 10 % of each other.
BALANCE_PCT = 10.0


@dataclass(frozen=True)
class KillTeamMetrics:
    balance: dict[str, dict[str, float | None]]  # {player: {objective id: inches}} routes, every hatchway open, +1" each
    fairness: dict[str, Any]      # distances.fairness(move_table(moves)): the balance counted as moves
    moves: dict[str, dict[str, ZoneMove]]  # {player: {objective id: zone_moves.ZoneMove}} counted the rules' way
    length_fairness: dict[str, Any]  # distances.fairness(balance): the tape's
    straight: dict[str, dict[str, float | None]]  # {player: {objective id: inches, "centre": inches}}
    hatchways: tuple[HatchwayReach, ...]
    fights: tuple[HatchwayFight, ...]
    in_sight_at_start: tuple[tuple[int, int, Line], ...]  # [(a, b, line)] hatchways as set (closed at the start)
    in_sight_all_open: tuple[tuple[int, int, Line], ...]  # [(a, b, line)] every hatchway open
    base_mm: float
    move_in: float

    def to_dict(self) -> dict[str, Any]:
        fights = {h.piece: h.allowed for h in self.fights}
        return {
            "route_hatches": ROUTE_HATCHES,
            "access_point_in": round(ACCESS_POINT_MM / MM_PER_INCH, 2),
            "balance_in": self.balance,
            "balance_move_in": move_table(self.moves),
            "balance_move_bounds_in": _bounds(self.moves),
            "balance": self.fairness,
            "balance_length": self.length_fairness,
            "straight_in": self.straight,
            "move_in": self.move_in,
            "hatchways": [dict(h.to_dict(), hatchway_fight=fights.get(h.piece)) for h in self.hatchways],
            "drop_zones_in_sight": {"at_start": bool(self.in_sight_at_start),
                                    "all_open": bool(self.in_sight_all_open)},
        }


def _bounds(moves: dict[str, dict[str, ZoneMove]]) -> dict[str, dict[str, list[int]]]:
    """{player: {id: [at least, at most]}} where the count's bounds differ
    (the search did not settle it: zone_moves.py's notes); empty elsewhere."""
    out: dict[str, dict[str, list[int]]] = {}
    for p, row in moves.items():
        got = {k: [z.lower_in, z.upper_in] for k, z in row.items()
               if z.lower_in is not None and z.upper_in is not None and z.lower_in < z.upper_in}
        if got:
            out[p] = got
    return out


_memo = Memo("kill_team.metrics", 16)


def kill_team_metrics(mission: Mission, base_mm: float = 32.0, move_in: float = MOVE_IN,
                      cat: Catalogue | None = None) -> KillTeamMetrics:
    from ..distances import fairness

    key = (mission, base_mm, move_in)
    got: KillTeamMetrics | None = _memo.get(key)
    if got is not None:
        return got
    cat = cat or default_catalogue()
    dist = balance(mission, cat)
    moves = balance_moves(mission, cat)
    got = KillTeamMetrics(
        balance=dist, fairness=fairness(move_table(moves)), moves=moves, length_fairness=fairness(dist),
        straight=straight_distances(mission, cat),
        hatchways=tuple(hatchway_first(mission, move_in, cat)) if mission.boards else (),
        fights=tuple(hatchway_fights(mission, base_mm)) if mission.boards else (),
        in_sight_at_start=tuple(drop_zones_in_sight(mission, "as-set", cat)),
        in_sight_all_open=tuple(drop_zones_in_sight(mission, "open", cat)),
        base_mm=base_mm, move_in=move_in)
    _memo.put(key, got)
    return got
