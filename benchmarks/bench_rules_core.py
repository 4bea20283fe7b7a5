"""Timing of the rules core's geometry (measure, sight, visibility polygon,
regions, longest sight line) on layouts at real density: one full terrain set
per board (benchmarks/layouts.py, shared with bench_analysis.py), on 1, 2, 4
and 8 touching boards.

    .venv/bin/python benchmarks/bench_rules_core.py [--boards 1 2 4 8] [--edits 12] [--queries 60]

All times are medians in milliseconds:
- measure: paths.measure between two random free points in one free area,
  caches warm (the corner-to-corner table is built by the third measure on
  a terrain)
- measure after edit: the first measure after one small edit (rebuilds the
  visibility graph from the previous one, and the corner-to-corner table)
- sight: sight.sight_between two 32 mm bases at random free points
- vis polygon: sight.visibility_polygon from a random free point
- regions x3: reach.regions for a 32 mm base in all three hatchway views
  after one small edit (the obstacles of the edited board are rebuilt)
- graph after edit: the visibility graph after one small edit
- longest line after edit: sight.longest_sight_line after one small edit
- cold: everything above from empty caches on the unedited layout (the
  first time a layout is opened)

Targets (issue 2, two boards): one measure <= 1 ms, one visibility
polygon <= 2 ms. Prints a markdown table to paste into benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.layouts import dense_mission, small_edits  # noqa: E402
from layout_editor.rules import paths, reach, sight  # noqa: E402
from layout_editor.rules.cache import clear_all  # noqa: E402
from layout_editor.rules.obstacles import battlefield  # noqa: E402


def clear_caches() -> None:
    clear_all()  # every cache of the rules core (rules/cache.py): truly cold


def free_points(mission, n: int, seed: int, margin: float = 0.0) -> list[tuple[float, float]]:
    bf = battlefield(mission, "as-set")
    rng = random.Random(seed)
    x0, y0, x1, y1 = bf.area.bounds
    keep_off = bf.obstacles.buffer(margin) if margin else None
    pts = []
    while len(pts) < n:
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if not bf.on_battlefield(x, y) or bf.in_obstacle(x, y):
            continue
        if keep_off is not None and keep_off.contains(__import__("shapely").Point(x, y)):
            continue
        pts.append((x, y))
    return pts


def ms(f, *a, **kw) -> float:
    t = time.perf_counter()
    f(*a, **kw)
    return (time.perf_counter() - t) * 1000


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def run(n: int, edits: int, queries: int) -> dict:
    m = dense_mission(n)
    row = {"boards": n, "pieces": len(m.pieces)}
    clear_caches()
    # cold: the first query of each kind on a layout nobody has looked at
    p = free_points(m, 2, 1)
    cold = 0.0
    cold += ms(paths.measure, m, p[0], p[1])
    cold += ms(sight.visibility_polygon, m, p[0])
    for h in ("as-set", "open", "closed"):
        cold += ms(reach.regions, m, 32.0, h)
    cold += ms(sight.longest_sight_line, m)
    row["cold"] = cold

    pts = free_points(m, 2 * queries, 2)
    # pairs in one free area (on big dense tables many random pairs are in
    # separate sealed areas, answered at once)
    g = paths.graph(battlefield(m))
    pairs = [(a, b) for a, b in zip(pts[::2], pts[1::2]) if g.component_of(a) == g.component_of(b)]
    pts = [p for ab in pairs for p in ab]
    for a, b in zip(pts[:6:2], pts[1:6:2]):
        paths.measure(m, a, b)  # the third measure on a terrain tabulates its corner distances
    row["measure"] = median([ms(paths.measure, m, a, b) for a, b in zip(pts[::2], pts[1::2])])
    base_pts = free_points(m, 2 * queries, 3, margin=16)
    row["sight"] = median([ms(sight.sight_between, m, a, 32, b, 32)
                           for a, b in zip(base_pts[::2], base_pts[1::2])])
    row["vis"] = median([ms(sight.visibility_polygon, m, a) for a in pts])

    graph_t, measure_t, regions_t, longest_t = [], [], [], []
    for e in small_edits(m, edits):
        bf = battlefield(e)
        graph_t.append(ms(paths.graph, bf))
        a, b = free_points(e, 2, len(graph_t))
        measure_t.append(ms(paths.measure, e, a, b))
        regions_t.append(sum(ms(reach.regions, e, 32.0, h) for h in ("as-set", "open", "closed")))
        longest_t.append(ms(sight.longest_sight_line, e))
    row["graph_edit"] = median(graph_t)
    row["measure_edit"] = median(measure_t)
    row["regions_edit"] = median(regions_t)
    row["longest_edit"] = median(longest_t)
    return row


def table(rows: list[dict]) -> str:
    head = ("| boards | pieces | measure | sight | vis polygon | measure after edit | graph after edit "
            "| regions x3 after edit | longest line after edit | cold (first look) |")
    sep = "|---:" * 10 + "|"
    lines = [head, sep]
    for r in rows:
        lines.append(f"| {r['boards']} | {r['pieces']} | {r['measure']:.2f} ms | {r['sight']:.2f} ms | "
                     f"{r['vis']:.2f} ms | {r['measure_edit']:.1f} ms | {r['graph_edit']:.1f} ms | "
                     f"{r['regions_edit']:.1f} ms | {r['longest_edit']:.1f} ms | {r['cold']:.0f} ms |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 2, 4, 8])
    ap.add_argument("--edits", type=int, default=12)
    ap.add_argument("--queries", type=int, default=60)
    args = ap.parse_args(argv)
    rows = []
    for n in args.boards:
        rows.append(run(n, args.edits, args.queries))
        print(f"  {n} board(s) done", file=sys.stderr)
    print(f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the end")
    print(f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print()
    print(table(rows))
    two = next((r for r in rows if r["boards"] == 2), None)
    if two:
        print()
        for key, target, name in (("measure", 1.0, "one measure"), ("vis", 2.0, "one visibility polygon")):
            verdict = "met" if two[key] <= target else f"MISSED by {two[key] - target:.2f} ms"
            print(f"- two boards, {name}: {two[key]:.2f} ms, target <= {target:g} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
