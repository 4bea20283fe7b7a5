"""How long sight.zones_see_each_other takes (entry zones in sight of each
other), uncached: every pair of players' entry zones of every library mission
(hatchways as set), and dense layouts (benchmarks/layouts.py) on 2, 4 and 8
boards, with the second player's zone moved to the last board's far column
(hidden there: the slowest answer, "no line", where every critical line is
tried) and hatchways as set or all closed.

`--ref REV` times the module as it was at a git revision as well (loaded
from `git show REV:layout_editor/rules/sight.py`), for a before/after table.
Run from the repository root:

    .venv/bin/python benchmarks/bench_zone_sight.py [--ref HEAD~1] [--repeat 3]
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.layouts import dense_mission  # noqa: E402
from layout_editor.catalogue import default_catalogue  # noqa: E402
from layout_editor.io import load_mission  # noqa: E402
from layout_editor.model.mission import EntryZone  # noqa: E402
from layout_editor.rules import checks, sight  # noqa: E402
from layout_editor.rules.obstacles import battlefield  # noqa: E402


def module_at(rev: str):
    text = subprocess.run(["git", "show", f"{rev}:layout_editor/rules/sight.py"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "sight_ref.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("layout_editor.rules._sight_ref", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def cases():
    cat = default_catalogue()
    for path in sorted((ROOT / "mission_library").glob("*.yaml")):
        if path.name.endswith(".de.yaml"):
            continue
        m = load_mission(path)
        players = sorted({z.player for z in m.entry_zones})
        geoms = {p: checks.entry_zone_geometry(m, p, cat) for p in players}
        for i in range(len(players)):
            for j in range(i + 1, len(players)):
                yield f"{path.stem} {players[i]}-{players[j]}", m, geoms[players[i]], geoms[players[j]], "as-set"
    for n in (2, 4, 8):
        m = dense_mission(n)
        yield f"dense {n} boards, zones as laid", m, *(checks.entry_zone_geometry(m, p, cat) for p in (1, 2)), "as-set"
        far = EntryZone(player=2, board=m.boards[-1].id, cells=tuple((6, j) for j in range(6)))
        m = replace(m, entry_zones=(m.entry_zones[0], far))
        for hatches in ("as-set", "closed"):
            yield (f"dense {n} boards, far zone, hatchways {hatches}", m,
                   *(checks.entry_zone_geometry(m, p, cat) for p in (1, 2)), hatches)


def time_ms(mod, m, a, b, hatches, repeat):
    battlefield(m, hatches)  # the battlefield is built and cached by the editor anyway
    mod.zones_see_each_other(m, a, b, hatches)  # warm the battlefield's derived caches
    times, got = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        got = mod.zones_see_each_other(m, a, b, hatches)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), got


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", help="also time the module at this git revision")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    ref = module_at(args.ref) if args.ref else None
    head = "| zones | answer | now |" + (f" at {args.ref} | answer there |" if ref else "")
    print(head)
    print("|---|---|---:|" + ("---:|---|" if ref else ""))
    total_now = total_ref = 0.0
    for name, m, a, b, hatches in cases():
        t, got = time_ms(sight, m, a, b, hatches, args.repeat)
        total_now += t
        row = f"| {name} | {'in sight' if got else 'hidden'} | {t:.1f} ms |"
        if ref:
            tr, got_r = time_ms(ref, m, a, b, hatches, args.repeat)
            total_ref += tr
            row += f" {tr:.1f} ms | {'in sight' if got_r else 'hidden'} |"
        print(row, flush=True)
    print(f"| total | | {total_now:.0f} ms |" + (f" {total_ref:.0f} ms | |" if ref else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
