"""Editor cold start (issue 13): from a fresh process's start to the window
showing a library mission, and on to its findings shown, with numba and
without (LAYOUT_EDITOR_NO_NUMBA=1), each beside a bare Python start.

Each run is a new interpreter (offscreen, its own settings folder, the
byte-code cached in a folder of its own as an installed program has it;
the first, untimed run writes it): the clock starts in this script just
before the process is spawned and stops when the child, after
`window.show()` and one pass of the event loop, says the window is up (wall
clock, so interpreter start and every import count). Then the time to the
findings of the mission shown, and whether numba had been imported by then
(the rules core loads it on a background thread at the first segment test,
never before the window shows).

    .venv/bin/python benchmarks/bench_cold_start.py [--runs 5] [--mission mission_library/derelict-crossing.yaml]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYCACHE = str(Path(tempfile.gettempdir()) / "layout-editor-bench-pycache")

CHILD = r"""
import sys, time, json
sys.path.insert(0, {root!r})
from layout_editor.ui.app import ensure_app
app = ensure_app(offscreen=True)
from layout_editor.ui.main_window import MainWindow
window = MainWindow(autosave=False)
window.files.open_path({path!r}, ask=False)
window.show()
app.processEvents()
shown = time.time()
numba_at_show = "numba" in sys.modules
window.feedback.settle()
findings = time.time()
window.files.shutdown()
window.document.undo_stack.clear()
window.hide()
print(json.dumps({{"shown": shown, "findings": findings, "numba_at_show": numba_at_show,
                  "numba_at_findings": "numba" in sys.modules}}))
"""


def one(path: str, no_numba: bool) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("LAYOUT_EDITOR_NO_NUMBA", None)
    # Byte-code cached as an installed program has it (pip compiles it), kept
    # out of the source tree; without it every start compiles ~100 modules.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    if no_numba:
        env["LAYOUT_EDITOR_NO_NUMBA"] = "1"
    with tempfile.TemporaryDirectory() as home:
        env["XDG_CONFIG_HOME"] = home  # this run's own settings: nothing remembered
        env["HOME"] = home
        code = CHILD.format(root=str(ROOT), path=str(ROOT / path))
        t0 = time.time()
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return {"shown_s": r["shown"] - t0, "findings_s": r["findings"] - t0,
            "numba_at_show": r["numba_at_show"], "numba_at_findings": r["numba_at_findings"]}


def bare(runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.time()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.time() - t0)
    return statistics.median(times)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--mission", default="mission_library/derelict-crossing.yaml")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    load = os.getloadavg()[0]
    one(args.mission, False)  # the compiled kernels cached on disk, the files in the page cache
    rows = []
    for label, no_numba in (("with numba", False), ("without numba (LAYOUT_EDITOR_NO_NUMBA=1)", True)):
        runs = [one(args.mission, no_numba) for _ in range(args.runs)]
        rows.append({
            "label": label,
            "shown": sorted(r["shown_s"] for r in runs),
            "findings": sorted(r["findings_s"] for r in runs),
            "numba_at_show": any(r["numba_at_show"] for r in runs),
            "numba_at_findings": sum(r["numba_at_findings"] for r in runs),
        })
    py = bare(args.runs)
    print(f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end; {os.cpu_count()} cores; {args.runs} runs each; {args.mission}")
    print()
    print("| editor | window shown, median (min-max) | findings shown, median (min-max) | numba imported before the window showed | runs with numba imported by the findings |")
    print("|---|---:|---:|---|---:|")
    for r in rows:
        s, f = r["shown"], r["findings"]
        print(f"| {r['label']} | {statistics.median(s):.2f} s ({s[0]:.2f}-{s[-1]:.2f}) | "
              f"{statistics.median(f):.2f} s ({f[0]:.2f}-{f[-1]:.2f}) | {'yes' if r['numba_at_show'] else 'no'} | "
              f"{r['numba_at_findings']} of {args.runs} |")
    print(f"| bare `python -c pass` | {py:.2f} s | | | |")
    print()
    print("Target (issue 13): window shown ≤ 2 s: " + ("met" if statistics.median(rows[0]["shown"]) <= 2.0
                                                        else "MISSED"))
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
