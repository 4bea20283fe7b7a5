"""The bundle beside the virtual environment (issue 31): what each weighs,
and how long each takes from the double-click to the editor's window on
screen.

Each start is a new process on a real X server (Xvfb, started here on its
own display, with the xcb platform plugin a player's desktop uses, not
offscreen): the clock starts just before the program is spawned and stops
when xdotool first sees a visible window whose title names the program
(polled every 20 ms; the CPU time it used by then is read too, which
the machine's other load does not change), so everything before the window counts: the bundle's
unpacking of nothing (onedir), the interpreter, every import, the mission's
loading. The window is then closed (the process killed). Each program runs
--runs times after numba's kernels were compiled and cached (the time
of that first `validate`, and of a second one that loads them, is shown
too); the first-ever start, with an empty home folder, is timed once
apart. The virtual environment's numba cache is pointed into the same
empty home, so both compile from nothing.

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


def environment(home: Path, display: str, own_cache: bool) -> dict[str, str]:
    """A player's environment with an empty home. own_cache: numba's cache
    in that home too (the virtual environment would otherwise use the one
    beside its sources; the bundle's own hook puts it in the home anyway)."""
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "LAYOUT_EDITOR_", "NUMBA_"))}
    env.update(DISPLAY=display, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local/share"), XDG_CACHE_HOME=str(home / ".cache"))
    env.pop("WAYLAND_DISPLAY", None)
    if own_cache:
        env["NUMBA_CACHE_DIR"] = str(home / "numba-cache")
    return env


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, capture_output=True, check=True)
    return time.perf_counter() - start


def time_to_window(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds to the window, and the CPU seconds the program used up to
    then (user + system, read when it is killed: the machine's load from
    other work does not count there); a start refused by the X server itself
    ("could not connect to display": Xvfb on a busy two-core machine, now
    and then) is started again, at most twice, and said on stderr."""
    for _attempt in range(3):
        try:
            return _time_to_window(cmd, env)
        except XRefused as e:
            print(f"bench_bundle: X server refused a start, again ({e})", file=sys.stderr)
    raise RuntimeError(f"{cmd[0]}: the X server refused three starts")


class XRefused(RuntimeError):
    pass


def _time_to_window(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        while True:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", TITLE],
                                   env=env, capture_output=True, text=True)
            if found.stdout.strip():
                wall = time.perf_counter() - start
                proc.kill()
                _, _, usage = os.wait4(proc.pid, 0)
                proc.returncode = -9
                return wall, usage.ru_utime + usage.ru_stime
            if proc.poll() is not None:
                err.seek(0)
                said = err.read().decode(errors="replace")[-2000:]
                if "could not connect to display" in said:
                    raise XRefused(said.splitlines()[0])
                raise RuntimeError(f"{cmd[0]} ended (exit {proc.returncode}) before its window showed:\n{said}")
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"{cmd[0]}: no window in {TIMEOUT_S} s")
            time.sleep(0.02)
    finally:
        if proc.returncode is None:
            proc.kill()
            proc.wait()
        err.close()


def measure(programs: list[tuple[str, Path, bool]], display: str, runs: int) -> list[dict]:
    """Each program's first start, its numba compile and cached validate,
    then the timed starts taken in turns (bundle, venv, bundle, ...), so
    that both see the same load from whatever else the machine runs."""
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-bundle-") as tmp:
        for name, program, own_cache in programs:
            cmd = [str(program), "edit", str(MISSION)]
            # The very first start, nothing cached (numba then compiles in
            # the background, after the window shows).
            first = time_to_window(cmd, environment(Path(tmp) / name / "a", display, own_cache))
            # numba's kernels compiled once (validate waits for them: the
            # rules core's loader thread is joined at exit), then loaded.
            env = environment(Path(tmp) / name / "b", display, own_cache)
            validate = [str(program), "validate", str(MISSION)]
            compile_s = timed(validate, env)
            cached_s = timed(validate, env)
            results.append({"name": name, "cmd": cmd, "env": env, "first": first[0], "compile": compile_s,
                            "cached": cached_s, "walls": [], "cpus": []})
        for _ in range(runs):
            for r in results:
                wall, cpu = time_to_window(r["cmd"], r["env"])
                r["walls"].append(wall)
                r["cpus"].append(cpu)
    for r in results:
        r.update(median=statistics.median(r["walls"]), min=min(r["walls"]), max=max(r["walls"]),
                 cpu=statistics.median(r["cpus"]))
    return results


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
        results = measure([("bundle", args.bundle / "layout-editor", False),
                           ("venv", args.venv / "bin" / "layout-editor", True)], args.display, args.runs)
    finally:
        xvfb.kill()
        xvfb.wait()

    site = next((args.venv / "lib").glob("python3*/site-packages"), None)
    print(f"machine: {platform.platform()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"mission: {MISSION.relative_to(ROOT)}; {args.runs} timed starts each, in turns, after the compile")
    print()
    print("| program | on disk | download | first start to window | start to window (median, min-max) "
          "| CPU to window (median) | validate, numba compiling | validate, numba cached |")
    print("|---|---|---|---|---|---|---|---|")
    down = f"{size_mb(args.download):.0f} MB" if args.download else "-"
    for r, label, disk in ((results[0], f"bundle ({args.bundle.name}/)", size_mb(args.bundle)),
                           (results[1], f"virtual environment ({args.venv.name}, site-packages "
                                        f"{size_mb(site):.0f} MB)", size_mb(args.venv))):
        print(f"| {label} | {disk:.0f} MB | {down if r is results[0] else '-'} | {r['first']:.2f} s | "
              f"{r['median']:.2f} s ({r['min']:.2f}-{r['max']:.2f}) | {r['cpu']:.2f} s | {r['compile']:.1f} s | "
              f"{r['cached']:.1f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
