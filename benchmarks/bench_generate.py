"""The layout generator (issue 27): how long a player waits, beside a plain
baseline in the same run.

Targets: on 2 boards (Boarding Actions, default options) the first table
that meets every constraint within 5 s and five distinct ones within 15 s;
Kill Team (one board) half that.

- generator: `generate(Options(game, seed, count=5))`, the time to the first
  candidate (from its progress callback) and to the fifth, per seed.
- baseline: plain random placement with the same checks. Walls of the
  stock dropped at random places with a pillar under every plain end,
  refused only where the editor would refuse them (model/snapping's
  placement_problem), objectives at random zone centres, the same number of
  panels; a table counts when the same constraints hold (no error finding,
  every objective reached by a 40 mm base, entry zones out of sight, route
  totals within 5 %). It runs for the same time the generator took for
  five, and says how many tables it tried and how many met everything.
- what the generator needs of the rules core, measured and named: one wall
  group's re-check (the quick rules check and entry-zone sight after one
  group is added) and one marker move's re-measure (routes to the markers
  on unchanged terrain, the balancing step), beside the rules core's own
  re-analysis after one edit (benchmarks/README.md: 28.7 ms on 2 boards).

    python benchmarks/bench_generate.py [--seeds 5] [--long-baseline 150]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from layout_editor.catalogue import default_catalogue  # noqa: E402
from layout_editor.generate import Options, generate, stock_of  # noqa: E402
from layout_editor.generate import generator as G  # noqa: E402
from layout_editor.model.mission import Piece  # noqa: E402
from layout_editor.model.snapping import placement_problem  # noqa: E402
from layout_editor.rules.checks import run_checks  # noqa: E402
from layout_editor.rules.paths import route_kernels  # noqa: E402

CAT = default_catalogue()


def run_generator(game: str, seed: int) -> tuple[float, float, int]:
    start = time.perf_counter()
    first = []

    def progress(found, tries):
        if found >= 1 and not first:
            first.append(time.perf_counter() - start)

    result = generate(Options(game=game, seed=seed, count=5), progress=progress)
    total = time.perf_counter() - start
    return (first[0] if first else float("nan")), (total if len(result.candidates) == 5 else float("nan")), \
        result.tries


def baseline_table(game: str, rng: random.Random):
    options = Options(game=game)
    base = G.lay_boards(options, CAT)
    wanted = G.wanted_panels(options, len(base.boards))
    stock = stock_of(options, CAT)
    walls = [c for c, k in CAT.pieces.items() if k.is_wall for _ in range(stock[c])]
    rng.shuffle(walls)
    pillars = [c for c in ("pillar-left", "pillar-right") for _ in range(stock[c])]
    pieces: list[Piece] = []
    m = base
    for code in walls:
        if sum(1 for p in pieces if p.from_node is not None) >= wanted:
            break
        board = rng.choice(base.boards)
        kind = CAT.piece(code)
        nx, ny = CAT.board(board.kind).nodes
        for _ in range(20):
            a = (rng.randrange(nx), rng.randrange(ny))
            d = rng.choice(((1, 0), (0, 1), (-1, 0), (0, -1)))
            b = (a[0] + d[0] * kind.span, a[1] + d[1] * kind.span)
            if not (0 <= b[0] < nx and 0 <= b[1] < ny):
                continue
            group = [Piece(code=code, board=board.id, from_node=a, to_node=b,
                           facing="right" if kind.has_hatchway else None,
                           open=(rng.random() < 0.5 and game != "kill-team") if kind.has_hatchway else None)]
            if not kind.moulded_pillars:
                for n in (a, b):
                    if not any(p.at == n and p.board == board.id for p in pieces) and pillars:
                        group.insert(0, Piece(code=pillars.pop(), board=board.id, at=n))
            if placement_problem(m, group, catalogue=CAT) is None:
                pieces += group
                m = replace(base, pieces=tuple(pieces))
                break
    pairs, singles = G._spots(m, None, CAT)
    groups = G.pick_objectives(options.objective_count(), pairs, singles, rng)
    return G.with_objectives(m, groups or []), options


FAILED: dict = {}  # baseline tables turned down, per constraint (the first that fails)


def baseline_ok(m, options) -> bool:
    def no(what):
        FAILED[what] = FAILED.get(what, 0) + 1
        return False

    if any(f.severity == "error" for f in run_checks(m, catalogue=CAT, rules_core=False)):
        return no("legal")
    if G.unreachable(m, options.largest_base_mm, CAT):
        return no("reach")
    if G.sight_line(m, CAT) is not None:
        return no("sight")
    spread = G.spread_of(G.distances(m, CAT))
    return (spread is not None and spread <= options.spread_pct) or no("spread")


def run_baseline(game: str, budget_s: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    start = time.perf_counter()
    tried = met = 0
    first = float("nan")
    while time.perf_counter() - start < budget_s:
        m, options = baseline_table(game, rng)
        tried += 1
        if baseline_ok(m, options):
            met += 1
            if met == 1:
                first = time.perf_counter() - start
    return tried, met, first


def rules_core_costs(n: int = 30) -> tuple[float, float, float]:
    """One wall group's re-check (the quick rules check, and entry-zone
    sight) and one marker move's re-measure, median ms."""
    result = generate(Options(seed=7, count=1))
    m = result.candidates[0].mission
    rng = random.Random(1)
    group_ms, sight_ms, move_ms = [], [], []
    walls = [p for p in m.pieces if p.from_node is not None]
    for k in range(n):
        # one group less, then back: the edit the builder makes
        gone = walls[k % len(walls)]
        m2 = replace(m, pieces=tuple(p for p in m.pieces if p is not gone))
        t = time.perf_counter()
        run_checks(m2, catalogue=CAT, rules_core=False)
        t2 = time.perf_counter()
        G.sight_line(m2, CAT)
        group_ms.append((t2 - t) * 1000)
        sight_ms.append((time.perf_counter() - t2) * 1000)
        pairs, singles = G._spots(m, None, CAT)
        spots = [s[0] for s in singles]
        objs = list(m.objectives)
        j = rng.randrange(len(objs))
        objs[j] = replace(objs[j], at=rng.choice(spots))
        m3 = replace(m, objectives=tuple(objs))
        t = time.perf_counter()
        G.distances(m3, CAT)
        move_ms.append((time.perf_counter() - t) * 1000)
    return statistics.median(group_ms), statistics.median(sight_ms), statistics.median(move_ms)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--long-baseline", type=float, default=0.0, metavar="S",
                    help="also run the baseline alone for S seconds a game, for its rate")
    args = ap.parse_args()
    route_kernels(wait=True)
    if args.long_baseline:
        for game in ("boarding-actions", "kill-team"):
            FAILED.clear()
            tried, met, _ = run_baseline(game, args.long_baseline, 1)
            why = ", ".join(f"{k} {v}" for k, v in sorted(FAILED.items(), key=lambda kv: -kv[1]))
            rate = f"{args.long_baseline / met:.1f} s a table" if met else f"none in {args.long_baseline:g} s"
            print(f"baseline alone, {game}: {tried} tables, {met} met every constraint ({rate}); "
                  f"turned down first by: {why}")
        print()
        if args.seeds <= 0:
            return
    generate(Options(seed=999, count=1))  # warm: imports, the library's keys
    print(f"Machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}; Python "
          f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f}; "
          f"{time.strftime('%d %b %Y %H:%M UTC', time.gmtime())}")
    print()
    print("| game | seed | first table | five tables | tries | baseline: tables tried / met in the same time | "
          "baseline first |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    summary = {}
    failed = {}
    for game in ("boarding-actions", "kill-team"):
        FAILED.clear()
        firsts, fives, met_total, tried_total = [], [], 0, 0
        for seed in range(1, args.seeds + 1):
            first, five, tries = run_generator(game, seed)
            tried, met, bfirst = run_baseline(game, five if five == five else 15.0, seed)
            firsts.append(first)
            fives.append(five)
            met_total += met
            tried_total += tried
            print(f"| {game} | {seed} | {first:.2f} s | {five:.2f} s | {tries} | {tried} / {met} | "
                  f"{'-' if bfirst != bfirst else f'{bfirst:.2f} s'} |")
        summary[game] = (max(firsts), max(fives), statistics.median(fives), tried_total, met_total)
        failed[game] = dict(FAILED)
    print()
    for game, (worst_first, worst_five, median_five, tried, met) in summary.items():
        rate = f"{met} of {tried}"
        why = ", ".join(f"{k} {v}" for k, v in sorted(failed[game].items(), key=lambda kv: -kv[1]))
        print(f"{game}: worst first table {worst_first:.2f} s, worst five {worst_five:.2f} s "
              f"(median {median_five:.2f} s); baseline met every constraint in {rate} tables in the same time "
              f"(turned down first by: {why})")
    group, sight, move = rules_core_costs()
    print()
    print(f"What the generator asks of the rules core (2 boards, median of 30): one wall group's re-check: "
          f"the quick rules check {group:.1f} ms and entry-zone sight {sight:.1f} ms; one marker move's "
          f"re-measure (routes to the markers, terrain unchanged) {move:.1f} ms")


if __name__ == "__main__":
    main()
