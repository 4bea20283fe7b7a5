"""The bundle beside the virtual environment (issue 31): what each weighs,
and how long each takes from the double-click to the editor's window on
screen.

Each start is a new process on a real X server (Xvfb, started here on its
own display, with the xcb platform plugin a player's desktop uses, not
offscreen): the clock starts just before the program is spawned and stops
when xdotool first sees a visible window whose title names the program
(polled every 20 ms), so everything before the window counts: the bundle's
unpacking of nothing (onedir), the interpreter, every import, the mission's
loading. The window is then closed (the process killed). Each program runs
once untimed first (numba's cache, Python's byte-code and the fonts' cache
written), then --runs times; the first-ever start, with an empty home
folder, is timed once apart.

    python benchmarks/bench_bundle.py --bundle build/bundle/dist/layout-editor \\
        --venv .venv [--runs 5] [--display :57] [--download dist/layout-editor-*.tar.gz]

Needs Xvfb and xdotool (Debian: xvfb, xdotool).
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MISSION = ROOT / "mission_library" / "derelict-crossing.yaml"
TITLE = "Boarding Actions Layout Editor"
TIMEOUT_S = 120


def size_mb(path: Path) -> float:
    path = path.resolve()
    if path.is_file():
        return path.stat().st_size / 1e6
    total = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
    return total / 1e6


def time_to_window(cmd: list[str], display: str, home: Path) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "LAYOUT_EDITOR_", "NUMBA_"))}
    env.update(DISPLAY=display, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local/share"), XDG_CACHE_HOME=str(home / ".cache"))
    env.pop("WAYLAND_DISPLAY", None)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", TITLE],
                                   env=dict(env), capture_output=True, text=True)
            if found.stdout.strip():
                return time.perf_counter() - start
            if proc.poll() is not None:
                raise RuntimeError(f"{cmd[0]} ended (exit {proc.returncode}) before its window showed")
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"{cmd[0]}: no window in {TIMEOUT_S} s")
            time.sleep(0.02)
    finally:
        proc.kill()
        proc.wait()


def measure(name: str, program: Path, display: str, runs: int) -> dict:
    cmd = [str(program), "edit", str(MISSION)]
    with tempfile.TemporaryDirectory(prefix="bench-bundle-") as tmp:
        home = Path(tmp)
        first = time_to_window(cmd, display, home)  # empty home: nothing cached yet
        # numba compiles its kernels in the background once the window
        # shows (killed with the window above); one validate waits for it,
        # so the timed starts find them cached as a player's second start does.
        env = dict(os.environ, HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
        subprocess.run([str(program), "validate", str(MISSION)], env=env, capture_output=True)
        times = [time_to_window(cmd, display, home) for _ in range(runs)]
    return {"name": name, "first": first, "median": statistics.median(times), "min": min(times),
            "max": max(times)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, required=True, help="the onedir folder scripts/bundle made")
    ap.add_argument("--venv", type=Path, default=ROOT / ".venv", help="a virtual environment with layout-editor")
    ap.add_argument("--download", type=Path, help="the archive a player downloads")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--display", default=":57")
    args = ap.parse_args()
    for tool in ("Xvfb", "xdotool"):
        if not shutil.which(tool):
            print(f"bench_bundle: needs {tool}", file=sys.stderr)
            return 2

    xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        results = [measure("bundle", args.bundle / "layout-editor", args.display, args.runs),
                   measure("virtual environment", args.venv / "bin" / "layout-editor", args.display, args.runs)]
    finally:
        xvfb.kill()
        xvfb.wait()

    site = next((args.venv / "lib").glob("python3*/site-packages"), None)
    print(f"machine: {platform.platform()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"mission: {MISSION.relative_to(ROOT)}; {args.runs} timed starts each after one untimed")
    print()
    print("| program | on disk | download | first start to window | start to window (median, min-max) |")
    print("|---|---|---|---|---|")
    down = f"{size_mb(args.download):.0f} MB" if args.download else "-"
    b, v = results
    print(f"| bundle ({args.bundle.name}/) | {size_mb(args.bundle):.0f} MB | {down} | {b['first']:.2f} s | "
          f"{b['median']:.2f} s ({b['min']:.2f}-{b['max']:.2f}) |")
    print(f"| virtual environment ({args.venv.name}, site-packages {size_mb(site):.0f} MB) | "
          f"{size_mb(args.venv):.0f} MB | - | {v['first']:.2f} s | {v['median']:.2f} s ({v['min']:.2f}-{v['max']:.2f}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
