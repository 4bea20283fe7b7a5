"""Where a re-analysis after one edit spends its time, by kind of work:
Python itself (the interpreter running our code), numpy's C (each call's
set-up and its loops), GEOS (shapely's work), the compiled kernels (numba's
machine code) and numba's dispatch. Issue 29, seventh round: the question
whether the 2-board edit can reach 5 ms by more of the same tuning, or
needs the work itself compiled.

A sampling profiler sees this without changing what it measures (cProfile
adds a cost to every Python call, which is most of what is measured here):
py-spy (https://github.com/benfred/py-spy, `pip install py-spy`; not a
dependency of the program), its native frames on, samples every edit of
`small_edits` on the dense layout (the same edits as bench_analysis.py) and
keeps only the samples inside `analyze`. A sample's kind is that of its
innermost frames below the last Python one: GEOS when libgeos is among
them, numba's code when the innermost frame has no symbol (the JIT's
machine code has none), numpy when its C module is among them, else the
interpreter.

    .venv/bin/python benchmarks/profile_split.py --boards 2 --runs 12

py-spy reads another process's memory (ptrace): in a container it may need
`--cap-add SYS_PTRACE`, and on a desktop `kernel.yama.ptrace_scope` 0, or
run it as root.
"""
from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def edit(analyze, e) -> None:
    analyze(e, designer=False)


def loop(boards: int, runs: int) -> None:
    """What py-spy watches: `runs` times, a first analysis, then 60 edits."""
    sys.path.insert(0, str(ROOT))
    import gc

    from benchmarks.bench_analysis import clear_all, compiled_ready
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.analysis import analyze

    compiled_ready()
    for _ in range(runs):
        clear_all()
        m = dense_mission(boards)
        analyze(m, designer=False)
        for e in small_edits(m, 60):
            gc.collect()
            edit(analyze, e)


def kind(tail: list[str]) -> str:
    """The kind of work of a sample's innermost frames below its last Python
    frame (py-spy's raw lines: "function (file:line)" or "name (library)")."""
    text = " ".join(tail)
    if not tail:
        return "Python (the interpreter running our code)"
    if "libgeos" in text:
        return "GEOS (shapely's work)"
    if re.match(r"0x[0-9a-f]+ \(\?\)", tail[-1]):
        return "compiled kernels (numba's machine code)"
    if "typeconv" in text or "_typeof" in text or "numba" in text.lower():
        return "numba's dispatch (types of the arguments)"
    if "_multiarray_umath" in text or "numpy" in text:
        return "numpy's C (set-up of each call, and its loops)"
    if "libc" in tail[-1] or "libm" in tail[-1]:
        return "libc and libm (memory, maths)"
    return "the interpreter's own C"


def split(raw: str) -> tuple[int, collections.Counter[str]]:
    counts: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.splitlines():
        stack, _, n = line.rpartition(" ")
        frames = stack.split(";")
        at = [k for k, f in enumerate(frames) if f.startswith("edit (") and "profile_split.py" in f]
        if not at:
            continue
        frames = frames[at[0] + 1:]
        python = [k for k, f in enumerate(frames) if re.search(r"\.py:\d+\)", f)]
        counts[kind(frames[python[-1] + 1:] if python else frames)] += int(n)
        total += int(n)
    return total, counts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--boards", type=int, default=2)
    p.add_argument("--runs", type=int, default=12, help="first analyses, each followed by 60 edits (default 12)")
    p.add_argument("--rate", type=int, default=150, help="samples a second (default 150: py-spy keeps up)")
    p.add_argument("--loop", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.loop:
        loop(args.boards, args.runs)
        return 0
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        print("py-spy is not installed: .venv/bin/python -m pip install py-spy", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "raw.txt"
        subprocess.run([spy, "record", "--native", "-r", str(args.rate), "-f", "raw", "-o", str(out), "--",
                        sys.executable, __file__, "--loop", "--boards", str(args.boards),
                        "--runs", str(args.runs)], check=True, capture_output=True)
        total, counts = split(out.read_text())
    if not total:
        print("no sample inside the edits (py-spy could not read the process?)", file=sys.stderr)
        return 1
    print(f"{args.boards} boards, {args.runs} x 60 edits, {total} samples inside the edits "
          f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
    print()
    print("| kind of work | share of the samples |")
    print("|---|---:|")
    for name, n in counts.most_common():
        print(f"| {name} | {100 * n / total:.1f} % |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
