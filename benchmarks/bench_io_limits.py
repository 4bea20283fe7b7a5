"""How fast hostile mission files are refused (target: well under a second,
with bounded memory), and what the command line does with pathological but
small inputs (stacked pieces, many boards, share-code bombs, bad numbers):
each must end within seconds with exit 0, 1 or 2, one line per problem.
Prints markdown tables; run:

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


def command_cases(tmp: Path):
    """(name, arguments of layout-editor) for the command-line runs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import pathological as p

    def file(name: str, text: str) -> str:
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    library = str(Path(__file__).resolve().parents[1] / "mission_library" / "derelict-crossing.yaml")
    yield "5,000 pillars on one node: validate", ["validate", file("pillars.yaml", p.stacked_pillars(5000))]
    yield "1,000 pillars on one node (at the limit): validate", \
        ["validate", file("pillars1000.yaml", p.stacked_pillars(1000))]
    yield "3,000 copies of one wall: validate", ["validate", file("walls.yaml", p.duplicated_walls(3000))]
    yield "40 furnished boards: analyze", ["analyze", file("boards40.yaml", p.furnished_boards(40))]
    yield "16 furnished boards: analyze", ["analyze", file("boards16.yaml", p.furnished_boards(16))]
    yield "worst within the limits: validate", ["validate", file("worst.yaml", p.worst_within_limits())]
    yield "worst within the limits: analyze", ["analyze", file("worst2.yaml", p.worst_within_limits())]
    yield "xz share code asking for 4 GiB", ["import-code", p.xz_bomb_code(), "-o", str(tmp / "out.yaml")]
    yield "analyze --base nan", ["analyze", library, "--base", "nan"]


TIMEOUT_S = 180  # a run past this is stopped and reported as such


def run_command(args: list[str]) -> tuple[float, float, int, int, int]:
    """Seconds, peak memory (MB) of the child, exit code, lines out, longest
    line. The peak is GNU time's (a forked child's own rusage would count the
    memory of this process before the exec)."""
    import subprocess

    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        try:
            done = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M",
                                   sys.executable, "-m", "layout_editor", *args], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, cwd=Path(__file__).resolve().parents[1],
                                  timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return float(TIMEOUT_S), float("nan"), -9, 0, 0
        took = time.perf_counter() - start
        lines_of_time = [x for x in report.read().split() if x.isdigit()]
    mb = int(lines_of_time[-1]) / 1024 if lines_of_time else float("nan")
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    return took, mb, done.returncode, len(lines), max((len(line) for line in lines), default=0)


def main() -> None:
    print("| hostile file | refused in (median of 5) | peak memory while refusing |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for name, fn in cases(Path(d)):
            took, peak = measure(fn)
            print(f"| {name} | {took * 1000:.0f} ms | {peak / 1e6:.1f} MB |")
    print()
    print("| command line | time | peak memory (process) | exit | lines | longest line |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for name, args in command_cases(Path(d)):
            took, mb, code, lines, longest = run_command(args)
            print(f"| {name} | {took:.1f} s | {mb:.0f} MB | {code} | {lines} | {longest} |")


if __name__ == "__main__":
    main()
