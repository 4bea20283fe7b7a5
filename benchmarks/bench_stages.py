"""The rules core's stages in CPU time, edit by edit and cold (issue 29).

bench_analysis.py times wall-clock, beside a plain shapely yardstick; on a
machine shared with other jobs (load 8-12 on 2 cores) its figures swing by
1.5x between runs of the same code. CPU time (time.process_time) is
disturbed far less, so this script times each stage of analyze() in it:

- after one edit (benchmarks/layouts.small_edits, which cycle a hatchway
  opened or closed, a pillar turned, a short wall moved): the battlefield,
  the regions in the three hatchway views, the checks, the objective
  distances, the longest sight line, one after the other on each edit,
  medians per kind of edit;
- a first analysis (every cache emptied): the same stages, median of 5;
- then analyze() itself on the same mission (designer=False, as the editor
  asks after every edit), its stages answering from their memos: "analyze:
  TOTAL" its whole CPU time, and "analyze: overhead" the part spent outside
  its stages (the regions, the checks, the objective distances, the longest
  sight line), that is analyze's own glue: the parts list, the fairness,
  the report dict, the rounds. These rows come after the stages' and
  change none of them.

For a before/after, run it from each checkout in turn, alternating:

    .venv/bin/python benchmarks/bench_stages.py --boards 2 8
    (cd ../before && .venv/bin/python benchmarks/bench_stages.py --boards 2 8)
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.layouts import dense_mission, small_edits  # noqa: E402

KINDS = ("hatchway", "pillar", "wall")  # small_edits' cycle


def _ready() -> None:
    """Every compiled kernel loaded, so that the figures are of them."""
    from layout_editor.rules import paths, segments

    segments.kernel(wait=True)
    if hasattr(paths, "route_kernels"):
        paths.route_kernels(wait=True, timeout=None)


def _stages(m: Any, times: dict[str, list[float]], prefix: str) -> None:
    from layout_editor.rules import obstacles, reach, sight
    from layout_editor.rules.analysis import objective_distances
    from layout_editor.rules.checks import run_checks

    def timed(name: str, f: Callable[[], Any]) -> Any:
        t = time.process_time()
        out = f()
        times.setdefault(prefix + name, []).append((time.process_time() - t) * 1000)
        return out

    t0 = time.process_time()
    timed("obstacles (as set)", lambda: obstacles.battlefield(m, "as-set"))
    regs = {h: timed(f"regions {h}", lambda h=h: reach.regions(m, 32.0, h)) for h in ("as-set", "closed", "open")}
    timed("checks", lambda: run_checks(m, 32.0, _open_regions=regs["open"]))
    timed("objective distances", lambda: objective_distances(m))
    timed("longest sight line", lambda: sight.longest_sight_line(m))
    times.setdefault(prefix + "TOTAL", []).append((time.process_time() - t0) * 1000)
    total, inside = _analyze_overhead(m)
    times.setdefault(prefix + "analyze: TOTAL", []).append(total)
    times.setdefault(prefix + "analyze: overhead", []).append(total - inside)


def _analyze_overhead(m: Any) -> tuple[float, float]:
    """analyze(m, designer=False): its CPU ms, and the ms spent inside the
    stages it calls (each wrapped in a timer for the call)."""
    from layout_editor.rules import analysis, reach, sight

    inside = [0.0]

    def timer(f: Callable[..., Any]) -> Callable[..., Any]:
        def run(*a: Any, **kw: Any) -> Any:
            t = time.process_time()
            try:
                return f(*a, **kw)
            finally:
                inside[0] += time.process_time() - t
        return run

    patched = [(reach, "regions"), (sight, "longest_sight_line"), (analysis, "run_checks"),
               (analysis, "objective_distances")]
    saved = [getattr(mod, name) for mod, name in patched]
    for (mod, name), f in zip(patched, saved):
        setattr(mod, name, timer(f))
    try:
        t = time.process_time()
        analysis.analyze(m, designer=False)
        total = time.process_time() - t
    finally:
        for (mod, name), f in zip(patched, saved):
            setattr(mod, name, f)
    return total * 1000, inside[0] * 1000


def edits(n: int, count: int) -> dict[str, float]:
    from layout_editor.rules.analysis import analyze

    m = dense_mission(n)
    analyze(m, designer=False)
    times: dict[str, list[float]] = {}
    for k, e in enumerate(small_edits(m, count)):
        gc.collect()
        gc.disable()
        try:
            _stages(e, times, KINDS[k % 3] + ": ")
        finally:
            gc.enable()
    return {name: statistics.median(v) for name, v in times.items()}


def first(n: int, runs: int) -> dict[str, float]:
    from layout_editor.rules.cache import clear_all

    m = dense_mission(n)
    times: dict[str, list[float]] = {}
    for _ in range(runs):
        clear_all()
        gc.collect()
        gc.disable()
        try:
            _stages(m, times, "first: ")
        finally:
            gc.enable()
    return {name: statistics.median(v) for name, v in times.items()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--boards", type=int, nargs="*", default=[2, 8])
    p.add_argument("--edits", type=int, default=30, help="edits on 2 boards (fewer on more boards)")
    p.add_argument("--runs", type=int, default=5, help="cold first analyses")
    args = p.parse_args(argv)
    _ready()
    print(f"{ROOT}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, CPU ms, median")
    for n in args.boards:
        count = args.edits if n <= 2 else max(15, args.edits // 2)
        print(f"\n| {n} boards | CPU ms |\n|---|---:|")
        for name, ms in {**edits(n, count), **first(n, args.runs)}.items():
            print(f"| {name} | {ms:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
