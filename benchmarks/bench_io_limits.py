"""How fast hostile mission files are refused (target: well under a second,
with bounded memory). Prints a markdown table; run:

    .venv/bin/python benchmarks/bench_io_limits.py
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from layout_editor.io import MAX_BYTES, MAX_NODES, MissionLoadError, load_mission, loads_mission  # noqa: E402

HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: Big\nboards:\n  - {id: A, at: [0, 0]}\n"


def billion_laughs() -> str:
    lines = [HEAD, 'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n']
    prev = "a"
    for n in "bcdefghi":
        lines.append(f"x-{n}: &{n} [{', '.join([f'*{prev}'] * 9)}]\n")
        prev = n
    return "".join(lines)


def cases(tmp: Path):
    big = tmp / "big.yaml"
    with open(big, "wb") as f:
        f.write(HEAD.encode())
        f.seek(MAX_BYTES + 10)
        f.write(b"\n")
    yield "file over 5 MB (on disk)", lambda: load_mission(big)
    text = HEAD + "#" * (MAX_BYTES + 1)
    yield "text over 5 MB", lambda: loads_mission(text)
    many = HEAD + "x-many: [" + "1, " * (MAX_NODES + 50) + "1]\n"
    yield "over 100,000 YAML values (flow list)", lambda: loads_mission(many)
    wide = HEAD + "x-wide:\n" + "".join(f"  k{n}: {n}\n" for n in range(MAX_NODES // 2 + 10))
    yield "over 100,000 YAML values (block mapping)", lambda: loads_mission(wide)
    laughs = billion_laughs()
    yield "billion laughs (aliases)", lambda: loads_mission(laughs)
    deep = HEAD + "x-deep: " + "[" * 100_000 + "]" * 100_000 + "\n"
    yield "nesting 100,000 deep", lambda: loads_mission(deep)


def measure(fn, repeats: int = 5) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            fn()
        except MissionLoadError:
            pass
        else:
            raise SystemExit("a hostile file loaded")
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    try:
        fn()
    except MissionLoadError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    print("| hostile file | refused in (median of 5) | peak memory while refusing |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for name, fn in cases(Path(d)):
            took, peak = measure(fn)
            print(f"| {name} | {took * 1000:.0f} ms | {peak / 1e6:.1f} MB |")


if __name__ == "__main__":
    main()
