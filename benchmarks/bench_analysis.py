"""How fast the rules core answers, on layouts at real density (one full
terrain set per board, see layouts.py) on 1, 2, 4 and 8 touching boards.

Measures, per board count (analyze(designer=False): the findings and the
metrics the editor shows after every edit; the designer's analyses have
their own benchmark, bench_designer.py, and run only while their tab shows):
- first analysis: every cache of the rules core emptied (rules.cache.clear_all),
  then the findings (rules.checks.run_checks, what the editor shows first)
  and everything (analyze) on the layout, as when a file is opened; median
  of --firsts such runs (5; each run's figure is printed below the table)
- re-analysis after one edit: analyze() after changing one piece (a hatchway
  opened or closed, a pillar turned, a short wall moved), median over many
  edits; each edit is a state not seen before, on the first board, so the
  other boards' caches are warm, as in the editor
- one measure: paths.measure between two cell centres of the first and the
  last board (median), reported apart for pairs with a route and without
  (no route is an early exit); on tables where too few such pairs have a
  route, random pairs of free points in one free area are added
- one sight query: sight.sight_between two 32 mm bases (median)
- one visibility polygon: sight.visibility_polygon from a zone centre (median)
- loading a file: load_mission of the layout saved to /tmp (median)
- peak memory: the largest resident set (VmHWM: everything in the process)
  of a fresh process that builds the layout, analyses it and runs 10 edits
  (the issues' measure), and of one that runs LONG_EDITS: a long session,
  whose memos hold all they may and whose pair table of the longest line
  has grown (on 8 boards the figure climbs for hundreds of edits: 28 Nov,
  before the bounds of the seventh round, 243 MB after 10, 277 after 150,
  320 after 300), the peak a player who edits for an hour sees

Beside every time: the ratio to a plain shapely build of the same layout's
free space and standing area (layouts.plain_shapely_ms, timed in the same
run): "120x" means 120 times quicker than that build, which reads the same
on a slower or busier machine.

Prints a markdown table (paste it into benchmarks/README.md with the machine
and date). Run from the repository root:

    .venv/bin/python benchmarks/bench_analysis.py            # 1, 2, 4, 8 boards
    .venv/bin/python benchmarks/bench_analysis.py --boards 2 --edits 60
"""
from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.layouts import dense_mission, plain_shapely_ms, small_edits  # noqa: E402
from layout_editor.catalogue import default_catalogue  # noqa: E402
from layout_editor.model.lattice import Placement  # noqa: E402

# issue 13, tightened by issue 29 (dense layouts, 2 cores): 8 boards' edit
# 50 -> 25 ms and first analysis 1.5 -> 0.4 s
TARGETS_2 = {"edit": 8.0, "first": 60.0, "measure": 1.0, "vis": 2.0}
TARGETS_8 = {"edit": 25.0, "findings": 500.0, "first": 400.0, "measure": 2.0, "rss": 250.0}
# a long session's edits, for its peak memory (see the notes above)
LONG_EDITS = 450


def compiled_ready() -> str:
    """Load the compiled segment tests now (rules/segments.py), so that every
    figure is of the compiled code; returns how long that took (or why not)."""
    try:
        from layout_editor.rules import segments
    except ImportError:
        return "none in this revision"
    if os.environ.get("LAYOUT_EDITOR_NO_NUMBA"):
        return "off (LAYOUT_EDITOR_NO_NUMBA=1): numpy"
    t = time.perf_counter()
    ok = segments.kernel(wait=True) is not None
    if ok:
        # the kernels of the route graph (and others) load after the
        # segment test's, each on its own thread
        from layout_editor.rules import paths
        if hasattr(paths, "route_kernels"):
            paths.route_kernels(wait=True, timeout=None)
    return f"loaded in {time.perf_counter() - t:.2f} s" if ok else "numba not installed: numpy"


def clear_all() -> None:
    try:
        from layout_editor.rules.cache import clear_all as clear
    except ImportError:  # a revision before the registry (for a baseline run)
        from layout_editor.rules import obstacles, paths, reach, sight
        for f in (obstacles._battlefield, obstacles._board_obstacles, obstacles._board_pieces,
                  obstacles.table_area, obstacles._outside, obstacles._free_open):
            f.cache_clear()
        paths.clear_caches()
        reach.clear_caches()
        sight._last_longest.clear()
        sight._pair_tables.clear()
        obstacles._recent_keys.clear()
        from layout_editor.rules import checks, geometry
        checks.clear_caches()
        geometry._piece_shape.cache_clear()
        return
    clear()


def _ms(f, *a, **kw):
    t = time.perf_counter()
    out = f(*a, **kw)
    return (time.perf_counter() - t) * 1000, out


def _median_ms(calls) -> float:
    times = []
    for f in calls:
        gc.disable()
        try:
            t, _ = _ms(f)
        finally:
            gc.enable()
        times.append(t)
    return statistics.median(times)


def _query_points(mission):
    """Zone centres on the first and the last board, paired far apart."""
    cat = default_catalogue()
    first = Placement.of(mission.boards[0], cat)
    last = Placement.of(mission.boards[-1], cat)
    a = [first.cell_centre_table((i, j)) for i in (0, 1) for j in range(6)]
    b = [last.cell_centre_table((i, j)) for i in (5, 6) for j in range(6)]
    return a, b


def _measure_pairs(mission, queries: int):
    """(pairs with a route, pairs without): cell centres of the first and
    the last board; topped up with random free points in one free area
    (seeded) until `queries` pairs have a route."""
    import random

    from layout_editor.rules import paths
    from layout_editor.rules.obstacles import battlefield

    a, b = _query_points(mission)
    routed, none = [], []
    for k in range(queries):
        p = (a[k % len(a)], b[(k * 7) % len(b)])
        (routed if paths.measure(mission, *p).distance_mm is not None else none).append(p)
    bf = battlefield(mission)
    rng = random.Random(5)
    x0, y0, x1, y1 = bf.area.bounds
    tries = 0
    while len(routed) < queries and tries < 100 * queries:
        tries += 1
        p = ((rng.uniform(x0, x1), rng.uniform(y0, y1)), (rng.uniform(x0, x1), rng.uniform(y0, y1)))
        if any(bf.in_obstacle(*q) or not bf.on_battlefield(*q) for q in p):
            continue
        if paths.measure(mission, *p).distance_mm is not None:
            routed.append(p)
    return routed, none


def run(n: int, edits: int, queries: int, firsts: int = 5) -> dict:
    from layout_editor.io import load_mission, save_mission
    from layout_editor.rules import paths, sight
    from layout_editor.rules.analysis import analyze
    from layout_editor.rules.checks import run_checks

    m = dense_mission(n)
    row = {"boards": n, "pieces": len(m.pieces)}
    row["plain_ms"] = plain_shapely_ms(m)
    # A first analysis, `firsts` times over, every cache emptied each time:
    # the median is the figure (one sample swings by 10 % on a shared
    # machine); the first of them, which also pays the process's first
    # calls (the compiled kernels' dispatch), is kept beside it.
    findings, first = [], []
    for _ in range(max(1, firsts)):
        clear_all()
        gc.collect()
        t0 = time.perf_counter()
        run_checks(m)
        findings.append((time.perf_counter() - t0) * 1000)
        analyze(m, designer=False)
        first.append((time.perf_counter() - t0) * 1000)
    row["findings_ms"] = statistics.median(findings)
    row["first_ms"] = statistics.median(first)
    row["first_runs_ms"] = first
    missions = list(small_edits(m, edits))
    times = []
    for e in missions:
        gc.collect()
        t, _ = _ms(analyze, e, designer=False)
        times.append(t)
    row["edit_ms"] = statistics.median(times)
    row["edit_p90_ms"] = sorted(times)[int(0.9 * (len(times) - 1))]

    a, b = _query_points(m)
    pairs = [(a[k % len(a)], b[(k * 7) % len(b)]) for k in range(queries)]
    routed, none = _measure_pairs(m, queries)  # the graph is built once per terrain
    row["measure_ms"] = _median_ms([lambda p=p: paths.measure(m, p[0], p[1]) for p in routed]) \
        if routed else float("nan")
    row["measure_none_ms"] = _median_ms([lambda p=p: paths.measure(m, p[0], p[1]) for p in none]) \
        if none else float("nan")
    row["measure_counts"] = (len(routed), len(none))
    row["plain_ms_end"] = plain_shapely_ms(m)
    sight.sight_between(m, pairs[0][0], 32.0, pairs[0][1], 32.0)
    row["sight_ms"] = _median_ms([lambda p=p: sight.sight_between(m, p[0], 32.0, p[1], 32.0) for p in pairs])
    pts = (a + b) * (queries // len(a + b) + 1)
    sight.visibility_polygon(m, pts[0])
    row["vis_ms"] = _median_ms([lambda p=p: sight.visibility_polygon(m, p) for p in pts[:queries]])

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"dense-{n}.yaml"
        save_mission(m, path)
        row["file_kb"] = path.stat().st_size / 1024
        row["load_ms"] = _median_ms([lambda: load_mission(path)] * 7)
    return row


def breakdown(n: int, edits: int) -> dict:
    """Where the time of a re-analysis after one edit goes: the stages of
    analyze() run one by one on fresh edits (medians, ms)."""
    from layout_editor.model.mirror import symmetry
    from layout_editor.rules import obstacles, reach, sight
    from layout_editor.rules.analysis import analyze, objective_distances
    from layout_editor.rules.checks import run_checks

    m = dense_mission(n)
    analyze(m, designer=False)
    stages: dict[str, list[float]] = {}
    for e in small_edits(m, edits, seed=23):
        gc.collect()
        # analyze() builds the full battlefield only for the hatchways as set;
        # the regions of the other views share the per-board pieces.
        t, _ = _ms(obstacles.battlefield, e, "as-set")
        stages.setdefault("obstacles (hatchways as set)", []).append(t)
        t, regs = _ms(lambda e=e: {h: reach.regions(e, 32.0, h) for h in ("as-set", "closed", "open")})
        stages.setdefault("regions (3 hatchway views)", []).append(t)
        t, _ = _ms(run_checks, e, 32.0, _open_regions=regs["open"])
        stages.setdefault("checks", []).append(t)
        t, _ = _ms(symmetry, e)
        stages.setdefault("(in the checks: symmetry, model/mirror.py)", []).append(t)
        t, _ = _ms(objective_distances, e)
        stages.setdefault("objective distances (route graph)", []).append(t)
        t, _ = _ms(sight.longest_sight_line, e)
        stages.setdefault("longest sight line", []).append(t)
    return {k: statistics.median(v) for k, v in stages.items()}


def library_edits(paths: list[str], edits: int) -> list[tuple[str, int, float, float]]:
    """Re-analysis of real missions after one edit: each hatchway opened or
    closed in turn (the commonest edit while balancing a mission). Returns
    (file, pieces, median ms, p90 ms)."""
    from dataclasses import replace

    from layout_editor.io import load_mission
    from layout_editor.rules.analysis import analyze

    out = []
    for path in paths:
        m = load_mission(ROOT / path)
        analyze(m, designer=False)
        hatches = [k for k, p in enumerate(m.pieces) if p.open is not None]
        if not hatches:
            continue
        times, current = [], m
        # Each hatchway toggled once, then back in the same order: every state
        # is new until the last one, which would be the mission as loaded.
        for e in range(min(edits, 2 * len(hatches) - 1)):
            k = hatches[e % len(hatches)]
            pieces = list(current.pieces)
            pieces[k] = replace(pieces[k], open=not pieces[k].open)
            current = replace(current, pieces=tuple(pieces))
            gc.collect()
            t, _ = _ms(analyze, current, designer=False)
            times.append(t)
        times.sort()
        out.append((path, len(m.pieces), statistics.median(times), times[int(0.9 * (len(times) - 1))]))
    return out


def peak_rss_mb(n: int, edits: int) -> float:
    """Peak resident memory of a fresh process doing the analysis work."""
    code = (
        "import sys, resource; sys.path.insert(0, %r)\n"
        "from benchmarks.layouts import dense_mission, small_edits\n"
        "from layout_editor.rules.analysis import analyze\n"
        "try:\n    from layout_editor.rules import segments; segments.kernel(wait=True)\n"
        "except ImportError:\n    pass\n"
        "from layout_editor.rules import paths\n"
        "if hasattr(paths, 'route_kernels'): paths.route_kernels(wait=True, timeout=None)\n"
        "m = dense_mission(%d); analyze(m, designer=False)\n"
        "for e in small_edits(m, %d): analyze(e, designer=False)\n"
        # VmHWM, not ru_maxrss: on Linux a child's ru_maxrss keeps the high
        # water mark of the process it was spawned from (this benchmark,
        # hundreds of MB after the big tables), VmHWM is this process's own
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
        "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0])\n"
        % (str(ROOT), n, edits)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.strip().splitlines()[-1]) / 1024  # Linux: kilobytes


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for name in ("shapely", "numpy", "scipy", "numba"):
        try:
            versions.append(f"{name} {__import__(name).__version__}")
        except ImportError:
            versions.append(f"{name} not installed")
    return f"{os.cpu_count()} cores (nproc), {cpu}; Python {platform.python_version()}, " + ", ".join(versions)


def _x(r: dict, ms: float) -> str:
    """The figure beside its ratio to the plain shapely build (x quicker)."""
    if not math.isfinite(ms):
        return "-"
    plain = (r["plain_ms"] + r.get("plain_ms_end", r["plain_ms"])) / 2
    return f"{ms:.2f} ms ({plain / ms:.0f}x)" if ms < 10 else f"{ms:.1f} ms ({plain / ms:.1f}x)"


def table(rows: list[dict]) -> str:
    head = ("| boards | pieces | plain shapely build (start / end) | first analysis: findings / everything | "
            "re-analysis after one edit, median / p90 | one measure, with a route / without (pairs) | "
            "one sight query | one visibility polygon | load file | peak memory: 10 / 450 edits |")
    sep = "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    out = [head, sep]
    for r in rows:
        out.append(
            f"| {r['boards']} | {r['pieces']} | {r['plain_ms']:.1f} / {r.get('plain_ms_end', r['plain_ms']):.1f} ms | "
            f"{_x(r, r['findings_ms'])} / {_x(r, r['first_ms'])} | "
            f"{_x(r, r['edit_ms'])} / {_x(r, r['edit_p90_ms'])} | {_x(r, r['measure_ms'])} / "
            f"{_x(r, r['measure_none_ms'])} ({r['measure_counts'][0]} / {r['measure_counts'][1]}) | "
            f"{_x(r, r['sight_ms'])} | {_x(r, r['vis_ms'])} | {r['load_ms']:.1f} ms ({r['file_kb']:.0f} kB) | "
            f"{r['rss_mb']:.0f} / {r['rss_long_mb']:.0f} MB |")
    return "\n".join(out)


def verdicts(rows: list[dict]) -> list[str]:
    by = {r["boards"]: r for r in rows}
    lines = []

    def judge(label, value, target, unit="ms"):
        if value <= target:
            lines.append(f"- {label}: {value:.1f} {unit}, target ≤ {target:g} {unit}: met")
        else:
            lines.append(f"- {label}: {value:.1f} {unit}, target ≤ {target:g} {unit}: "
                         f"MISSED by {value - target:.1f} {unit} ({value / target:.1f}×)")
    if 2 in by:
        judge("two boards, re-analysis after one edit (median)", by[2]["edit_ms"], TARGETS_2["edit"])
        judge("two boards, first analysis", by[2]["first_ms"], TARGETS_2["first"])
        judge("two boards, one measure with a route", by[2]["measure_ms"], TARGETS_2["measure"])
        judge("two boards, one visibility polygon", by[2]["vis_ms"], TARGETS_2["vis"])
    if 8 in by:
        judge("eight boards, re-analysis after one edit (median)", by[8]["edit_ms"], TARGETS_8["edit"])
        judge("eight boards, first analysis: findings", by[8]["findings_ms"], TARGETS_8["findings"])
        judge("eight boards, first analysis: everything", by[8]["first_ms"], TARGETS_8["first"])
        judge("eight boards, one measure with a route", by[8]["measure_ms"], TARGETS_8["measure"])
        judge("eight boards, peak memory (10 edits)", by[8]["rss_mb"], TARGETS_8["rss"], "MB")
        judge(f"eight boards, peak memory ({LONG_EDITS} edits: a long session)", by[8]["rss_long_mb"],
              TARGETS_8["rss"], "MB")
    return lines


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--boards", type=int, nargs="*", default=[1, 2, 4, 8])
    p.add_argument("--edits", type=int, default=30, help="edits per board count (default 30)")
    p.add_argument("--queries", type=int, default=40, help="measure/sight/visibility queries (default 40)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON too")
    p.add_argument("--firsts", type=int, default=5,
                   help="cold first analyses per board count, the median reported (default 5)")
    p.add_argument("--breakdown", type=int, nargs="*", default=[2],
                   help="board counts to time stage by stage (default 2)")
    p.add_argument("--cold-start", type=int, default=0, metavar="RUNS",
                   help="also time the editor's cold start (bench_cold_start.py), RUNS fresh processes each "
                        "with and without numba, at the end of this run")
    p.add_argument("--library", nargs="*",
                   default=["mission_library/derelict-crossing.yaml", "mission_library/severed-spine.yaml"],
                   help="missions to time hatchway edits on (default: the two example missions)")
    args = p.parse_args(argv)
    load_before = os.getloadavg()[0]
    compiled = compiled_ready()
    rows = []
    for n in args.boards:
        edits = args.edits if n <= 2 else max(10, args.edits // (n // 2))
        row = run(n, edits, args.queries, args.firsts)
        row["rss_mb"] = peak_rss_mb(n, min(edits, 10))
        row["rss_long_mb"] = peak_rss_mb(n, LONG_EDITS)
        rows.append(row)
        print(f"  {n} board(s) done", file=sys.stderr)
    print(f"Machine: {machine()}")
    print(f"Compiled segment tests (numba): {compiled}")
    print(f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average "
          f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (other work on the machine "
          f"slows every number)")
    print()
    print(table(rows))
    print()
    print("\n".join(verdicts(rows)))
    print()
    for r in rows:
        runs = ", ".join(f"{t:.1f}" for t in r["first_runs_ms"])
        print(f"- first analysis on {r['boards']} board(s), each cold run (ms, in order; the median is "
              f"the table's): {runs}")
    for n in args.breakdown:
        print()
        print(f"Re-analysis after one edit on {n} board{'s' if n > 1 else ''}, stage by stage (median):")
        print()
        print("| stage | time |")
        print("|---|---:|")
        plain = plain_shapely_ms(dense_mission(n))
        for stage, t in breakdown(n, max(10, args.edits // 2)).items():
            print(f"| {stage} | {_x({'plain_ms': plain}, t)} |")
    if args.library:
        print()
        print("Re-analysis after opening or closing one hatchway, real missions (up to 20 fresh edits):")
        print()
        print("| mission | pieces | median | p90 |")
        print("|---|---:|---:|---:|")
        for path, pieces, med, p90 in library_edits(args.library, 20):
            print(f"| {path} | {pieces} | {med:.1f} ms | {p90:.1f} ms |")
    if args.cold_start:
        from benchmarks import bench_cold_start

        print()
        print("Editor cold start (bench_cold_start.py), in the same run:")
        print()
        bench_cold_start.main(["--runs", str(args.cold_start)])
    print()
    print(f"Load average at the very end: {os.getloadavg()[0]:.1f}")
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
