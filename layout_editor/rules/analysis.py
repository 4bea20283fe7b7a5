"""analyze(mission): the findings of the rules check and the numbers a
mission designer weighs: how many separate regions a base finds (hatchways as
set, all closed, all open), how far each player's entry zone is from each
objective, how unequal those distances are between players, the longest
sight line, the parts list and the sets it needs.

The metrics' JSON keys are a contract (`layout-editor analyze --json`, issue 2
section 5): regions {as_set, all_closed, all_open}, objective_distances_in
{player: {objective id: inches or null}}, longest_sight_line_in, parts
{code: count}, sets_needed; further keys may be added, never renamed. Added
so far: fairness (see fairness()), longest_sight_line [[x1, y1], [x2, y2]]
(table mm), sets (what the mission says it is built from), and the
designer's (issue 14, rules/designer.py): symmetry {point, line, breaking},
seen_from {player: {area_sq_in, share}}, hatchways [{piece, as_set, flipped,
zones_in_sight}], first_turn {move_in, player: {band: [objective ids]}},
first_turn_detail {area_sq_in {player: {band: sq in}}, spread {band: count}};
rounds (a table that changes, format version 2: every metric per battle
round, rules/timeline_analysis.py), only for a file with a timeline, a locked
hatchway or an area with a state.

A kill-team file (games.py) adds `game` and `kill_team` (rules/kill_team/
metrics.py: balance_in, balance_move_in, balance_move_bounds_in, balance
(on the moves), balance_length (on the tape), straight_in, move_in,
hatchways [{piece, at, distance_in, move_in, moves, first, hatchway_fight}],
drop_zones_in_sight
{at_start, all_open}, route_hatches, access_point_in), and its
objective_distances_in are the drop zones' moves with every hatchway open
and 1" more per access point crossed, counted the rules' way (whole-inch
increments: kill_team/zone_moves.py; the tape's in balance_in), in the report
too; Boarding Actions files report exactly as before.

Conventions (stated in the report too):
- objective distance: the shortest tape-measure route around walls, hatchways
  as set, from the nearest point of the player's entry-zone cells to the
  nearest edge of the 40 mm marker (route length to its centre minus 20 mm,
  never below 0); null when no route exists.
- fairness: per objective, the spread (farthest minus nearest player) and the
  ratio farthest / nearest; per player the sum over all objectives, and how
  far the largest sum is above the smallest, in per cent.

The work is the rules core's (reach, paths, sight), which caches per board
and per obstacle set; the checks memoise per board. A full re-analysis after
one edit therefore recomputes only what that edit touched. What analyze
does itself besides calling the stages (the parts list, which the stock
check counted already: checks/boards.parts_and_sets; the fairness; the
report dict; whether there are rounds) is timed by
benchmarks/bench_stages.py's "analyze: overhead" rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..games import is_kill_team
from ..model.mission import Mission
from ..shown import MAX_MESSAGE, shown
from .areas import MM_PER_INCH
from .checks import CODES, Finding, run_checks
from .checks.boards import parts_and_sets
from .distances import _r, fairness, objective_distances
from .timeline_analysis import has_rounds, round_metrics, rounds_report

__all__ = ["HATCH_METRICS", "Analysis", "analyze", "fairness", "format_report", "objective_distances"]

HATCH_METRICS = (("as_set", "as-set"), ("all_closed", "closed"), ("all_open", "open"))


@dataclass
class Analysis:
    findings: list[Finding]
    metrics: dict[str, Any]
    base_mm: float = 32.0
    details: dict[str, Any] = field(default_factory=dict)  # geometry for the editor's overlays

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "base_mm": self.base_mm,
            "findings": [f.to_dict() for f in self.findings],
            "metrics": self.metrics,
        }

    def report(self, title: str = "") -> str:
        return format_report(self, title)


def analyze(mission: Mission, base_mm: float = 32.0, catalogue: Catalogue | None = None,
            move_in: float = 6.0, designer: bool = True, rounds: bool = True) -> Analysis:
    """Findings and metrics of a mission for a base of base_mm. The open
    hatchways' regions are shared with the checks (objective reach, sealed
    zones); everything else comes from the caches of the rules core and the
    checks, so a call after one edit redoes only what the edit touched."""
    from . import reach, sight

    cat = catalogue or default_catalogue()
    regions = {}
    region_lists = {}
    for key, hatches in HATCH_METRICS:
        rs = reach.regions(mission, base_mm=base_mm, hatches=hatches) if mission.boards else []
        region_lists[key] = rs
        regions[key] = len(rs)
    findings = run_checks(mission, base_mm=base_mm, catalogue=cat,
                          _open_regions=region_lists["all_open"])

    kill_team = None
    if is_kill_team(mission):
        # Kill Team (rules/kill_team): the drop zones' routes with every
        # hatchway open and +1" per access point crossed are the distances
        from .kill_team.metrics import kill_team_metrics
        from .kill_team.zone_moves import move_table

        kill_team = kill_team_metrics(mission, base_mm, move_in, cat)
        # a Kill Team move counted the rules' way (whole-inch increments):
        # the objective distances are the counts, the tape's beside them
        # (kill_team.balance_in)
        distances = move_table(kill_team.moves)
    else:
        distances = objective_distances(mission, cat)
    longest_in = None
    longest_line = None
    if mission.boards:
        length, line = sight.longest_sight_line(mission, hatches="as-set")
        longest_in = _r(length / MM_PER_INCH)
        longest_line = [[round(line[0][0], 1), round(line[0][1], 1)],
                        [round(line[1][0], 1), round(line[1][1], 1)]]
    parts, need = parts_and_sets(mission, cat)  # (the stock check's, asked again)
    metrics = {
        "regions": regions,
        "objective_distances_in": distances,
        "fairness": fairness(distances),
        "longest_sight_line_in": longest_in,
        "longest_sight_line": longest_line,
        "parts": dict(parts),
        "sets_needed": need,
        "sets": mission.sets,
    }
    if kill_team is not None:
        metrics["game"] = mission.game
        metrics["kill_team"] = kill_team.to_dict()
    details = {"regions": region_lists}
    if designer:
        # symmetry, seen_from, hatchways, first_turn (rules/designer.py)
        from .checks import sort_findings
        from .designer import designer_metrics

        # (the designer's page reads hatchways as set: a kill-team file's
        # distances, every hatchway open, are not its baseline)
        more, warnings, geometry = designer_metrics(mission, base_mm, move_in, cat,
                                                    distances if kill_team is None else None)
        metrics.update(more)
        findings = sort_findings(findings + warnings)
        details.update(geometry)
    if rounds and has_rounds(mission):
        # A table that changes: every metric per round (rules/timeline_analysis.py)
        metrics["rounds"] = round_metrics(mission, analyze, base_mm, move_in, designer, cat, metrics)
    return Analysis(findings=findings, metrics=metrics, base_mm=base_mm, details=details)


# ---------------------------------------------------------------------------
# The readable report

def _fmt_in(x: float | None) -> str:
    return "no route" if x is None else f'{x:.1f}"'


def format_report(a: Analysis, title: str = "") -> str:
    m = a.metrics
    lines: list[str] = []
    # The title, the ids and the messages come from the file: escaped and cut
    # (shown.py), so a file cannot write lines of its own into the report or
    # send escape codes to the terminal.
    head = shown(title) if title else "Mission"
    lines += [head, "=" * len(head), ""]
    errors = [f for f in a.findings if f.severity == "error"]
    warnings = [f for f in a.findings if f.severity == "warning"]
    infos = [f for f in a.findings if f.severity == "info"]
    lines.append(f"Findings: {len(errors)} error{'s' if len(errors) != 1 else ''}, "
                 f"{len(warnings)} warning{'s' if len(warnings) != 1 else ''}, {len(infos)} note{'s' if len(infos) != 1 else ''}")
    for f in a.findings:
        lines.append(f"  {f.severity:<7} {f.code}: {shown(f.message, MAX_MESSAGE)}")
    if not a.findings:
        lines.append("  none: the layout keeps to the rules the checker knows")
    lines.append("")

    r = m["regions"]
    lines.append(f"Regions for a {a.base_mm:g} mm base (areas it can move between):")
    lines.append(f"  hatchways as set: {r['as_set']}   all closed: {r['all_closed']}   all open: {r['all_open']}")
    lines.append("")

    dist = m["objective_distances_in"]
    ids: list[str] = []
    for d in dist.values():
        for k in d:
            if k not in ids:
                ids.append(k)
    kt = m.get("kill_team")
    if ids:
        if kt is not None:
            lines.append("Moves from each drop zone to each objective, counted the rules' way (each straight")
            lines.append("increment rounded up to the inch, every hatchway open, +1\" per access point crossed;")
            lines.append("nearest point of the drop zone to the marker's nearest edge):")
        else:
            lines.append("Route distance from each entry zone to each objective (hatchways as set;")
            lines.append("nearest point of the entry zone to the marker's nearest edge):")
        names = {i: shown(i, 24) for i in ids}
        width = max(8, max(len(n) for n in names.values()) + 2)
        lines.append("  " + "objective".ljust(10) + "".join(names[i].rjust(width + 4) for i in ids) + "   total")
        fair = m["fairness"]
        for p, row in dist.items():
            total = fair["totals_in"].get(p)
            lines.append("  " + f"player {p}".ljust(10) + "".join(_fmt_in(row.get(i)).rjust(width + 4) for i in ids)
                         + "   " + _fmt_in(total))
        per = fair["per_objective"]
        spread = "".join((_fmt_in(per[i]["spread_in"]) if per[i]["spread_in"] is not None else "-").rjust(width + 4)
                         for i in ids)
        lines.append("  " + "spread".ljust(10) + spread)
        if fair["total_spread_pct"] is not None:
            lines.append(f"  Totals differ by {fair['total_spread_pct']:.1f} % between players"
                         f" (largest objective spread {_fmt_in(fair['max_spread_in'])}).")
        lines.append("")

    if kt is not None:
        lines += _kill_team_report(kt, ids)

    if m["longest_sight_line_in"] is not None:
        (x1, y1), (x2, y2) = m["longest_sight_line"]
        lines.append(f"Longest sight line (hatchways as set): {m['longest_sight_line_in']:.1f}\""
                     f" from ({x1:.0f}, {y1:.0f}) to ({x2:.0f}, {y2:.0f}) mm")
        lines.append("")

    if "symmetry" in m:
        lines += _designer_report(m)
    if "rounds" in m:
        lines += rounds_report(m["rounds"])

    lines.append("Parts:")
    cat = default_catalogue()
    for code, n in m["parts"].items():
        kind = cat.pieces.get(code)
        name = kind.name if kind else code
        lines.append(f"  {code:<13} {n:>3}  {name}")
    if not m["parts"]:
        lines.append("  no terrain")
    need = m["sets_needed"]
    lines.append(f"Terrain sets needed: {need} (the mission says {m['sets']})")
    return "\n".join(lines)


def _kill_team_report(kt: dict[str, Any], ids: list[str]) -> list[str]:
    """The killzone's numbers: straight distances, hatchways, drop zones in sight."""
    lines = []
    if ids:
        # the same routes by the tape, and the counts the search left between two numbers
        lines.append("By the tape (the routes' lengths, +1\" per access point):")
        for p, row in kt["balance_in"].items():
            lines.append(f"  player {p}: " + ", ".join(f"objective {shown(i, 24)} {_fmt_in(row.get(i))}" for i in ids))
        for p, row in kt.get("balance_move_bounds_in", {}).items():
            lines.append(f"  player {p}'s count lies between: " + ", ".join(
                f"objective {shown(i, 24)} {b[0]}-{b[1]}\"" for i, b in row.items()))
        lines.append("")
    if ids:
        lines.append("Straight from each drop zone (killzone areas are measured straight, walls ignored):")
        for p, row in kt["straight_in"].items():
            lines.append(f"  player {p}: " + ", ".join(f"objective {shown(i, 24)} {_fmt_in(row.get(i))}" for i in ids)
                         + f"; the centre {_fmt_in(row.get('centre'))}")
        lines.append("")
    if kt["hatchways"]:
        lines.append(f"Hatchways: moves of {kt['move_in']:g}\" from each drop zone to within 1\" of the access point,"
                     " who gets there first, room for a Hatchway Fight:")
        for h in kt["hatchways"]:
            moves = ", ".join(f"player {p} {'-' if v is None else v}" for p, v in h["moves"].items())
            first = " and ".join(f"player {p}" for p in h["first"]) or "nobody"
            fight = "Hatchway Fight" if h["hatchway_fight"] else "no Hatchway Fight"
            lines.append(f"  {shown(h['piece'], 60)}: {moves}; first {first}; {fight}")
        lines.append("")
    seen = kt["drop_zones_in_sight"]
    lines.append("Drop zones in sight of each other: "
                 + ("yes, hatchways as set" if seen["at_start"] else
                    "once every hatchway is open" if seen["all_open"] else "no, even with every hatchway open"))
    lines.append("")
    return lines


def _designer_report(m: dict[str, Any]) -> list[str]:
    """The designer's metrics in a few lines (the JSON has them all)."""
    lines = []
    sym = m["symmetry"]
    # Kill Team's rules: "try to avoid symmetrical killzones" (checks/symmetry.py)
    advice = ' (Kill Team\'s rules: "try to avoid symmetrical killzones")' if m.get("game") == "kill-team" else ""
    if sym["point"] or sym["line"]:
        kind = " and ".join(k for k, on in (("point-symmetric", sym["point"]), ("mirror-symmetric", sym["line"])) if on)
        lines.append(f"Symmetry: {kind}{advice}")
    else:
        lines.append(f"Symmetry: not symmetric ({len(sym['breaking'])} pieces without a mirror image){advice}")
    seen = "; ".join(f"player {p} {v['area_sq_in']:.0f} sq in ({100 * v['share']:.0f} %)"
                     for p, v in m["seen_from"].items())
    lines.append(f"Seen from the enemy (floor a base there is seen on): {seen}")
    ft = m["first_turn"]
    if m.get("game") == "kill-team":
        # the game's bands (games.py): a Reposition, and a Reposition and a Dash;
        # measured by tape along the routes (not yet in whole-inch increments)
        from ..games import GAMES, KILL_TEAM, first_turn_bands

        reposition, dash = first_turn_bands(GAMES[KILL_TEAM], ft["move_in"])
        lines.append(f"First-turn reach, objectives within {reposition:g}\" (Reposition), "
                     f"{dash:g}\" (Reposition and Dash):")
    else:
        lines.append(f"First-turn reach, objectives within {ft['move_in']:g}\", +3.5\", +6\":")
    for p in m["objective_distances_in"]:
        row = ft.get(p, {})
        lines.append(f"  player {p}: " + "; ".join(f"{k}\": {', '.join(shown(i, 24) for i in v) or '-'}"
                                                 for k, v in row.items()))
    hs = m["hatchways"]
    if hs and m.get("game") == "kill-team":
        # rules/designer.kill_team_shut: each kept shut, the others open
        lines.append("Hatchways, each kept shut while the others are open (routes 1\" more per access point; "
                     "an Operate Hatch action opens one), worst first:")
    elif hs:
        lines.append("Hatchways flipped from their state as set, worst first:")
        for h in hs[:5]:
            pc = h["piece"]
            changes = [f"P{p} to {shown(o, 24)} {v if isinstance(v, str) else f'{v:+.1f}' + chr(34)}"
                       for p, row in h["flipped"].items() for o, v in row.items() if v != 0]
            sight = ", zones newly in sight: " + ", ".join(f"{a}-{b}" for a, b in h["zones_in_sight"]) \
                if h["zones_in_sight"] else ""
            lines.append(f"  {pc['code']} on board {shown(pc['board'], 24)} {pc['from']}->{pc['to']} ({h['as_set']}): "
                         + (", ".join(changes) or "no change") + sight)
    lines.append("")
    return lines


__all__ = ["Analysis", "analyze", "fairness", "objective_distances", "format_report", "CODES"]
