"""Kill Team moves counted the rules' way from the drop zones (issue 28,
rules/kill_team/zone_moves.py) on the six Approved Ops killzones, cold
(caches cleared first): the whole `analyze` (with the designer's metrics)
and, apart, what the counts add: the balance's moves, the hatchways' moves
and the first-turn bands' counts, beside the tape's plain counterparts (the
balance's and hatchways' routes, the bands' tape) in the same run. Also how
many counts the search left between its bounds.

    .venv/bin/python benchmarks/bench_kt_moves.py [--repeat 3]

Run it with PYTHONPATH pointing at another checkout to time `analyze` there
(the split columns need zone_moves.py and are left empty without it).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np
import shapely

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path and not any(Path(p or ".").resolve() == ROOT for p in sys.path):
    sys.path.append(str(ROOT))  # PYTHONPATH (another checkout) wins

from layout_editor.catalogue import default_catalogue  # noqa: E402
from layout_editor.io.reader import load_mission  # noqa: E402
from layout_editor.rules import kernels, paths, segments  # noqa: E402
from layout_editor.rules.analysis import analyze  # noqa: E402
from layout_editor.rules.areas import entry_zone_geometry  # noqa: E402
from layout_editor.rules.cache import clear_all  # noqa: E402
from layout_editor.rules.obstacles import battlefield  # noqa: E402

FILES = [ROOT / "mission_library" / f"approved-ops-gallowdark-{n}.yaml" for n in range(1, 7)]


def timed(fn, repeat: int) -> float:
    out = []
    for _ in range(repeat):
        clear_all()
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def row(path: Path, repeat: int, cat, zone_moves) -> str:
    m = load_mission(path)
    whole = timed(lambda: analyze(m, designer=True), repeat)
    if zone_moves is None:
        return f"| {path.stem} | {whole:.2f} | — | — | — |"
    from layout_editor.rules.kill_team import (
        ACCESS_POINT_MM,
        CONTROL_RANGE_MM,
        access_points,
        balance,
    )

    zones = {p: entry_zone_geometry(m, p, cat) for p in (1, 2)}
    aps = access_points(m)
    found: list = []

    def counts() -> None:
        bal = zone_moves.balance_moves(m, cat)
        hs = [zone_moves.moves_from_zone(m, zones[p], [(list(a.faces), CONTROL_RANGE_MM) for a in aps])
              for p in (1, 2)]
        found[:] = [z for r in bal.values() for z in r.values()] + [z for r in hs for z in r]

    def tape() -> None:
        balance(m, cat)
        for p in (1, 2):
            paths.distances_from(m, zones[p], [f for a in aps for f in a.faces], hatches="open",
                                 door_cost=ACCESS_POINT_MM)

    def bands() -> None:
        # the bands' counts for a 10 mm grid within 9" of each zone, after the zone's labels
        for p in (1, 2):
            x0, y0, x1, y1 = zones[p].buffer(9 * 25.4).bounds
            gx, gy = np.meshgrid(np.arange(x0, x1, 10.0), np.arange(y0, y1, 10.0))
            pts = np.column_stack([gx.ravel(), gy.ravel()])
            pts = pts[shapely.contains_xy(battlefield(m, "open").free, pts[:, 0], pts[:, 1])]
            d = np.array([np.nan if v is None else v for v in
                          paths.distances_from(m, zones[p], [tuple(q) for q in pts], hatches="open",
                                               door_cost=ACCESS_POINT_MM)])
            zone_moves.band_counts(m, zones[p], pts, d, 9)

    t_counts = timed(counts, repeat)
    t_tape = timed(tape, repeat)
    t_bands = timed(bands, repeat)
    between = sum(1 for z in found if z.lower_in is not None and z.upper_in is not None and z.lower_in < z.upper_in)
    return f"| {path.stem} | {whole:.2f} | {t_counts:.2f} | {t_tape:.2f} | {t_bands:.2f} | {between} of {len(found)} |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    segments.kernel(wait=True)
    kernels.compiled("routes", wait=True)
    try:
        from layout_editor.rules.kill_team import zone_moves
    except ImportError:
        zone_moves = None
    cat = default_catalogue()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, Python "
          f"{platform.python_version()}, {date.today()}, median of {args.repeat}, cold; code: "
          f"{Path(analyze.__code__.co_filename).parents[2]}")
    print()
    print("| killzone | analyze s | moves s (balance + hatchways) | tape s (the same by the tape) | "
          "bands s (tape + counts) | counts between bounds |")
    print("|---|---|---|---|---|---|")
    for f in FILES:
        print(row(f, args.repeat, cat, zone_moves), flush=True)


if __name__ == "__main__":
    main()
