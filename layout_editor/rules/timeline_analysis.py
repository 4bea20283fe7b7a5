"""`analyze` per battle round: every metric of the table in each round
(model/timeline.py: mission_in_round), for a mission with a timeline.

The JSON (`metrics.rounds`, a list, round 1 first):
- {"round": r, "same_as_round": k}: nothing changes from round k's table
  (k is the last round whose metrics are given in full);
- {"round": r, "changes": [words], "metrics": {...}}: every metric analyze
  gives for the table (regions, objective_distances_in, fairness, the
  longest sight line, parts, the designer's ...), and, for the areas:
  "areas": {name: state} of the regions not clear, "through_danger":
  {player: {objective: inches more to go round every dangerous area, or
  null when no route avoids them}} (only the routes that go through one),
  "dark_sight_in" when an area is dark.
Impassable areas block movement, not sight (rules/round_areas.py): the
movement metrics (regions, objective_distances_in, fairness, first_turn,
first_turn_detail, kill_team) are measured with them sealed, the others on
the table as it stands. `changes` are the events that show in that round,
in players' words (model/timeline_words.py), English.

analysis.py calls round_metrics with itself (analyze) handed in, so this
module needs nothing from it (no import circle).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..catalogue import Catalogue
from ..model.mission import Mission
from ..model.timeline import battle_rounds, in_order, mission_in_round, shows_in
from ..model.timeline_words import change_words
from . import reach
from .distances import _r, objective_distances
from .round_areas import (
    DANGEROUS,
    DARK,
    DARK_SIGHT_IN,
    IMPASSABLE,
    movement_table,
    region_cells,
    regions_in,
    sealed,
)

# What movement decides (measured with impassable areas sealed).
MOVEMENT_METRICS = ("regions", "objective_distances_in", "fairness", "first_turn", "first_turn_detail",
                    "kill_team")

Analyze = Callable[..., Any]


def has_rounds(mission: Mission) -> bool:
    """True when the table can change or differs from a plain one: a
    timeline, a locked hatchway or an area with a state."""
    return bool(mission.timeline or any(p.locked for p in mission.pieces)
                or any(r.state != "clear" for r in mission.regions))


def _through_danger(table: Mission, distances: dict[str, dict[str, float | None]],
                    cat: Catalogue) -> dict[str, dict[str, float | None]]:
    safe = objective_distances(sealed(table, (IMPASSABLE, DANGEROUS), cat), cat)
    out: dict[str, dict[str, float | None]] = {}
    for player, row in distances.items():
        for oid, d in row.items():
            if d is None:
                continue
            s = safe.get(player, {}).get(oid)
            if s is None or s > d + 0.01:
                out.setdefault(player, {})[oid] = None if s is None else _r(s - d)
    return out


def table_metrics(table: Mission, analyze: Analyze, base_mm: float, move_in: float, designer: bool,
                  cat: Catalogue) -> dict[str, Any]:
    """Every metric of one round's table (module notes)."""
    # The round's table without its timeline: its metrics are the table's
    # own (its findings are the whole mission's, said once at the top).
    table = replace(table, timeline=())
    metrics: dict[str, Any] = dict(analyze(table, base_mm=base_mm, catalogue=cat, move_in=move_in,
                                           designer=designer, rounds=False).metrics)
    if regions_in(table, IMPASSABLE):
        moving = analyze(movement_table(table, cat), base_mm=base_mm, catalogue=cat, move_in=move_in,
                         designer=designer, rounds=False).metrics
        for key in MOVEMENT_METRICS:
            if key in moving:
                metrics[key] = moving[key]
        # The inside of an impassable area is no region a model moves in.
        inside = region_cells(table, IMPASSABLE)
        sealed_table = movement_table(table, cat)
        metrics["regions"] = {key: sum(1 for reg in reach.regions(sealed_table, base_mm=base_mm, hatches=view)
                                       if not reg.cells <= inside)
                              for key, view in (("as_set", "as-set"), ("all_closed", "closed"), ("all_open", "open"))}
    areas = {r.name: r.state for r in table.regions if r.state != "clear"}
    if areas:
        metrics["areas"] = areas
    if regions_in(table, DANGEROUS) and table.game != "kill-team":
        metrics["through_danger"] = _through_danger(movement_table(table, cat),
                                                    metrics["objective_distances_in"], cat)
    if regions_in(table, DARK):
        metrics["dark_sight_in"] = DARK_SIGHT_IN
    return metrics


def round_metrics(mission: Mission, analyze: Analyze, base_mm: float, move_in: float, designer: bool,
                  cat: Catalogue, first: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """metrics.rounds (module notes). `first`: the metrics analyze has just
    given for `mission` itself, reused for round 1 when its table is the
    mission's."""
    out: list[dict[str, Any]] = []
    previous: Mission | None = None
    given = 0
    events = in_order(mission)
    for r in range(1, battle_rounds(mission) + 1):
        table = mission_in_round(mission, r)
        words = [str(change_words(mission, c, cat)) for e in events if shows_in(e) == r for c in e.changes]
        if previous is not None and table == previous:
            entry: dict[str, Any] = {"round": r, "same_as_round": given}
            if words:
                entry["changes"] = words
            out.append(entry)
            continue
        if table is mission and first is not None and not regions_in(table, IMPASSABLE) \
                and not regions_in(table, DANGEROUS) and not regions_in(table, DARK):
            metrics = {k: v for k, v in first.items() if k != "rounds"}
        else:
            metrics = table_metrics(table, analyze, base_mm, move_in, designer, cat)
        out.append({"round": r, "changes": words, "metrics": metrics})
        previous, given = table, r
    return out


def _in(x: float | None) -> str:
    return "no route" if x is None else f'{x:.1f}"'


def rounds_report(rounds: list[dict[str, Any]]) -> list[str]:
    """The readable report's part on the rounds (analysis.format_report)."""
    lines = ["By battle round (the table in each round; impassable areas sealed for movement):"]
    for entry in rounds:
        r = entry["round"]
        said = "; ".join(entry.get("changes") or []) or "nothing changes"
        if "same_as_round" in entry:
            lines.append(f"  round {r}: {said}; as round {entry['same_as_round']}")
            continue
        m = entry["metrics"]
        lines.append(f"  round {r}: {said}")
        regions = m.get("regions", {})
        lines.append(f"    regions: as set {regions.get('as_set')}, all closed {regions.get('all_closed')}, "
                     f"all open {regions.get('all_open')}")
        for player, row in m.get("objective_distances_in", {}).items():
            cells = ", ".join(f"{oid} {_in(d)}" for oid, d in row.items())
            lines.append(f"    player {player}: {cells or 'no objectives'}")
        pct = m.get("fairness", {}).get("total_spread_pct")
        if pct is not None:
            lines.append(f"    totals differ by {pct:.1f} %")
        if m.get("areas"):
            lines.append("    areas: " + ", ".join(f"{n} {s}" for n, s in m["areas"].items()))
        for player, row in (m.get("through_danger") or {}).items():
            for oid, extra in row.items():
                lines.append(f"    player {player} to {oid}: the shortest route crosses a dangerous area"
                             + (f" ({_in(extra)} more to go round)" if extra is not None else " (no way round)"))
    lines.append("")
    return lines
