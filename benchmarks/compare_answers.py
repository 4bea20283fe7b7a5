"""Do two revisions of the rules core give the same answers? Dumps, for every
library mission and the dense layouts on 2, 4 and 8 boards with a few
edits each (64 states on 27 Nov), analyze(designer=False).to_dict(), 12 measures
between seeded random free points, the longest sight line and the regions'
areas in the three hatchway views (floats to 1e-6), then compares two dumps.

    .venv/bin/python benchmarks/compare_answers.py dump TREE OUT.json   # TREE: a checkout (git archive REV | tar -x -C TREE)
    .venv/bin/python benchmarks/compare_answers.py diff A.json B.json

The speed work of issue 13 keeps every answer (benchmarks/README.md says
which revisions were compared); the tests compare each fast path with the
slow one, this compares the whole. Longest sight lines that end elsewhere
but are exactly as long are listed apart, as ties (see _ties).
"""
from __future__ import annotations

import glob
import json
import os
import random
import sys


def dump(root: str, out_path: str) -> None:
    sys.path.insert(0, root)
    os.chdir(root)
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.io import load_mission
    from layout_editor.rules import paths, reach, sight
    from layout_editor.rules.analysis import analyze
    from layout_editor.rules.obstacles import battlefield
    try:
        from layout_editor.rules import segments
        segments.kernel(wait=True)
    except ImportError:
        pass
    states = [(os.path.basename(f), load_mission(f)) for f in sorted(glob.glob("mission_library/*.yaml"))]
    for n, k in ((2, 6), (4, 4), (8, 3)):
        m = dense_mission(n)
        states.append((f"dense{n}", m))
        states += [(f"dense{n}-e{i}", e) for i, e in enumerate(small_edits(m, k))]

    def r6(x):
        if isinstance(x, float):
            return round(x, 6)
        if isinstance(x, dict):
            return {k: r6(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [r6(v) for v in x]
        return x

    out = {}
    for name, m in states:
        a = analyze(m, designer=False).to_dict()
        bf = battlefield(m)
        rng = random.Random(3)
        x0, y0, x1, y1 = bf.area.bounds
        pts = []
        while len(pts) < 24:
            p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            if bf.on_battlefield(*p) and not bf.in_obstacle(*p):
                pts.append(p)
        measures = [paths.measure(m, pts[2 * i], pts[2 * i + 1]).distance_mm for i in range(12)]
        longest, _ = sight.longest_sight_line(m)
        regions = {h: sorted(round(r.area.area, 3) for r in reach.regions(m, 32.0, h))
                   for h in ("as-set", "open", "closed")}
        out[name] = r6({"analysis": a, "measures": measures, "longest": longest, "regions": regions})
    with open(out_path, "w") as f:
        json.dump(out, f, sort_keys=True, default=str)
    print(f"{len(out)} states")


def diff(x, y, path: str = "") -> int:
    if type(x) is not type(y):
        print("type", path, x, y)
        return 1
    if isinstance(x, dict):
        n = 0
        for k in sorted(set(x) | set(y)):
            if k not in x or k not in y:
                print("key", path, k)
                n += 1
            else:
                n += diff(x[k], y[k], f"{path}/{k}")
        return n
    if isinstance(x, list):
        if len(x) != len(y):
            print("length", path, len(x), len(y))
            return 1
        return sum(diff(u, v, f"{path}[{i}]") for i, (u, v) in enumerate(zip(x, y)))
    if isinstance(x, float) and abs(x - y) <= 1e-6:
        return 0
    if x != y:
        print("value", path, repr(x)[:100], repr(y)[:100])
        return 1
    return 0


def _ties(a: dict, b: dict) -> list[str]:
    """States whose longest sight lines are equally long but end elsewhere:
    where several lines are the longest, which one is shown is a rule of its
    own (rules/longest.py, "Ties"), so a revision that changes the rule
    shows another of them. Counted apart, and taken out of b before the
    comparison (the lengths are still compared)."""
    out = []
    for name, x in a.items():
        y = b.get(name)
        if y is None:
            continue
        mx, my = x["analysis"]["metrics"], y["analysis"]["metrics"]
        if (mx.get("longest_sight_line") != my.get("longest_sight_line")
                and mx.get("longest_sight_line_in") == my.get("longest_sight_line_in")
                and x["longest"] == y["longest"]):
            my["longest_sight_line"] = mx.get("longest_sight_line")
            out.append(name)
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 3 and argv[0] == "dump":
        dump(os.path.abspath(argv[1]), os.path.abspath(argv[2]))
        return 0
    if len(argv) == 3 and argv[0] == "diff":
        with open(argv[1]) as f, open(argv[2]) as g:
            a, b = json.load(f), json.load(g)
        ties = _ties(a, b)
        n = diff(a, b)
        print(f"{n} differences over {len(a)} states"
              + (f"; equally long sight lines, the other one shown (the tie rule): {', '.join(ties)}"
                 if ties else ""))
        return 1 if n else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
