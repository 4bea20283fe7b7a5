"""Objective distances and their fairness (the conventions are analysis.py's
module notes): how far each player's entry zone is from each objective, the
tape-measure route around walls, and how unequal those distances are.

A room of its own below the analysis, the designer's numbers and the Kill
Team metrics, which all use them: the analysis imports the other two, so
they cannot take these from it. analysis.py re-exports both names.
"""
from __future__ import annotations

import math
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..model.mission import Mission
from .areas import MARKER_DIAMETER, MM_PER_INCH, entry_zone_geometry


def _r(x: float | None, nd: int = 2) -> float | None:
    if x is None or not math.isfinite(x):
        return None
    return round(x, nd)


def fairness(distances: dict[str, dict[str, float | None]]) -> dict[str, Any]:
    """How unequal the players' distances to the objectives are.

    per_objective: {id: {nearest_in, farthest_in, spread_in, ratio}} (ratio
    farthest / nearest; null when a player has no route or the nearest is 0)
    totals_in: {player: sum of its distances} (null when any is null)
    total_spread_pct: how far the largest total is above the smallest, in %
    max_spread_in / max_ratio: the worst objective
    """
    players = list(distances)
    ids: list[str] = []
    for d in distances.values():
        for k in d:
            if k not in ids:
                ids.append(k)
    per: dict[str, dict[str, float | None]] = {}
    spreads: list[float] = []
    ratios: list[float] = []
    for oid in ids:
        got = [distances[p].get(oid) for p in players]
        vals = [v for v in got if v is not None]
        if not got or len(vals) < len(got):  # (a player with no route)
            per[oid] = {"nearest_in": None, "farthest_in": None, "spread_in": None, "ratio": None}
            continue
        lo, hi = min(vals), max(vals)
        ratio = hi / lo if lo > 0 else (1.0 if hi == 0 else None)
        per[oid] = {"nearest_in": _r(lo), "farthest_in": _r(hi), "spread_in": _r(hi - lo),
                    "ratio": _r(ratio, 3)}
        spreads.append(hi - lo)
        if ratio is not None:
            ratios.append(ratio)
    totals: dict[str, float | None] = {}
    for p in players:
        row = [distances[p].get(oid) for oid in ids]
        lengths = [v for v in row if v is not None]
        totals[p] = None if len(lengths) < len(row) else _r(sum(lengths))
    known = [t for t in totals.values() if t is not None]
    pct = None
    if len(known) == len(totals) and len(known) >= 2:
        lo, hi = min(known), max(known)
        pct = _r((hi / lo - 1) * 100, 1) if lo > 0 else (0.0 if hi == 0 else None)
    return {
        "per_objective": per,
        "totals_in": totals,
        "total_spread_pct": pct,
        "max_spread_in": _r(max(spreads)) if spreads else None,
        "max_ratio": _r(max(ratios), 3) if ratios else None,
    }


def objective_distances(mission: Mission, cat: Catalogue | None = None,
                        hatches: str = "as-set") -> dict[str, dict[str, float | None]]:
    """{player: {objective id: inches or None}}: route from the nearest point
    of the player's entry zone to the nearest edge of the marker."""
    from . import paths

    cat = cat or default_catalogue()
    out: dict[str, dict[str, float | None]] = {}
    targets = [o.at for o in mission.objectives]
    for player in range(1, mission.players + 1):
        zone = entry_zone_geometry(mission, player, cat)
        if zone is None or not targets:
            out[str(player)] = {o.id: None for o in mission.objectives}
            continue
        try:
            lengths = paths.distances_from(mission, zone, targets, hatches=hatches)
        except paths.MeasureError:
            lengths = [None] * len(targets)
        row: dict[str, float | None] = {}
        for o, mm in zip(mission.objectives, lengths):
            if mm is None or not math.isfinite(mm):
                row[o.id] = None
            else:
                row[o.id] = _r(max(mm - MARKER_DIAMETER / 2, 0.0) / MM_PER_INCH)
        out[str(player)] = row
    return out
