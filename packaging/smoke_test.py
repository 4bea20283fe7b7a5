"""Smoke test of a built bundle (scripts/bundle runs it, and the release
workflow on Windows, macOS and Linux): does the frozen program start and
work without Python?

    python packaging/smoke_test.py BUNDLE [--reference PROGRAM] [--keep DIR]

BUNDLE is what PyInstaller made (dist/layout-editor, or on macOS the
.app). It is copied to a new folder first (the bundle must not depend on
where it was built) and run from there with an environment that holds no
Python: PATH has no python on it, PYTHONPATH, PYTHONHOME and VIRTUAL_ENV
are gone, and HOME (APPDATA, LOCALAPPDATA on Windows) points at an empty
folder, so no setting or cache of the machine's is used or touched.

It checks, with a mission of the library the bundle carries:
  - `--version` answers;
  - `validate` passes every mission of the bundle's library (the catalogue
    and the library are there, the rules core runs);
  - `edit MISSION --screenshot` draws the editor's window offscreen to a
    1600 x 1000 PNG (Qt, its plugins, the translations' loading);
  - `export MISSION --layout card` prints the mission card, a PDF of two
    pages or more with the shipped DejaVu Sans in it (reportlab, the fonts,
    the QR code);
  - `analyze --json` answers the same with numba's kernels and without
    them (LAYOUT_EDITOR_NO_NUMBA=1: the numpy way the rules core falls back
    on when numba cannot compile);
  - numba compiled the rules core's kernels into the cache folder the
    bundle gives it (or, with --allow-numpy, says that it did not).
With --reference PROGRAM (a `layout-editor` program run the ordinary way,
e.g. the build environment's), the card must come out byte for byte the same as
that command's (both printed with reportlab's invariant mode, which leaves
out the date and the random document id).

Needs only Python's standard library (3.8+): the workflow runs it with the
runner's Python. Exit 0: all passed; 1: a check failed (each failure is
printed).
"""
from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MISSION = "derelict-crossing.yaml"
SCREENSHOT_SIZE = (1600, 1000)  # layout_editor/ui/app.py
TIMEOUT = 900  # the first start compiles numba's kernels (a minute or two on a slow runner)

failures: list[str] = []


def check(ok: bool, what: str) -> bool:
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def program_in(root: Path) -> tuple[Path, Path | None]:
    """The command-line program and (Windows) the editor's own program."""
    if root.suffix == ".app":
        macos = root / "Contents" / "MacOS"
        return macos / "layout-editor", None
    if sys.platform == "win32":
        gui = root / "layout-editor-gui.exe"
        return root / "layout-editor.exe", gui if gui.exists() else None
    return root / "layout-editor", None


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a machine without Python, for the bundle."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CONDA", "LAYOUT_EDITOR_", "NUMBA_", "QT_", "RL_"))}
    empty_bin = home / "bin"
    empty_bin.mkdir(parents=True, exist_ok=True)
    if sys.platform == "win32":
        system = Path(os.environ.get("SystemRoot", r"C:\Windows")) / "System32"
        env["PATH"] = os.pathsep.join([str(system), str(empty_bin)])
        env["USERPROFILE"] = str(home)
        env["APPDATA"] = str(home / "AppData" / "Roaming")
        env["LOCALAPPDATA"] = str(home / "AppData" / "Local")
    else:
        env["PATH"] = str(empty_bin)
        env.pop("XDG_CONFIG_HOME", None)
        env.pop("XDG_DATA_HOME", None)
        env.pop("XDG_CACHE_HOME", None)
    env["HOME"] = str(home)
    for name in ("python", "python3", "py"):
        found = shutil.which(name, path=env["PATH"])
        if found:
            raise SystemExit(f"smoke test: cannot make a PATH without Python ({found})")
    return env


def run(cmd: list, env: dict, cwd: Path, what: str) -> subprocess.CompletedProcess | None:
    start = time.monotonic()
    try:
        done = subprocess.run([str(c) for c in cmd], env=env, cwd=cwd, capture_output=True, text=True,
                              encoding="utf-8", errors="replace", timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as e:
        check(False, f"{what}: {e}")
        return None
    took = time.monotonic() - start
    if not check(done.returncode == 0, f"{what} (exit {done.returncode}, {took:.1f} s)"):
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n", file=sys.stderr)
        return None
    return done


def png_size(path: Path) -> tuple[int, int] | None:
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bundle", type=Path, help="dist/layout-editor, or the macOS .app")
    ap.add_argument("--reference", metavar="PROGRAM",
                    help="a layout-editor program run the ordinary way: the card must come out the same")
    ap.add_argument("--keep", type=Path, metavar="DIR", help="copy the screenshot and the card here")
    ap.add_argument("--allow-numpy", action="store_true",
                    help="pass when numba's kernels were not compiled (the numpy way answers the same)")
    args = ap.parse_args()
    source = args.bundle.resolve()
    if not source.is_dir():
        print(f"smoke test: no bundle at {source}", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory(prefix="layout-editor-smoke-") as tmp:
        tmp = Path(tmp)
        bundle = tmp / "moved" / source.name
        shutil.copytree(source, bundle, symlinks=True)
        print(f"bundle copied to {bundle}")
        home = tmp / "home"
        work = tmp / "work"
        work.mkdir()
        env = clean_env(home)
        cli, gui = program_in(bundle)
        check(cli.exists(), f"program {cli.name} is there")
        library = sorted(p.parent for p in bundle.rglob(MISSION) if p.parent.name == "mission_library")
        if not check(bool(library), f"the bundle carries the mission library ({MISSION})"):
            return 1
        library = library[0]
        mission = library / MISSION
        check(any(bundle.rglob("layout_editor_de.qm")), "the German translation is compiled in")
        check(any(bundle.rglob("DejaVuSans.ttf")), "the fonts are there")
        check(any(p.name.startswith("zxingcpp") for p in bundle.rglob("zxingcpp*")), "the QR reader is there")

        done = run([cli, "--version"], env, work, "--version")
        if done:
            print("      " + done.stdout.strip())
        missions = sorted(library.glob("*.yaml"))
        run([cli, "validate", *missions], env, work, f"validate the library's {len(missions)} missions")

        shot = work / "window.png"
        editor = [gui, mission] if gui else [cli, "edit", mission]
        if run([*editor, "--screenshot", shot], env, work, "the editor's window, offscreen"):
            size = png_size(shot) if shot.exists() else None
            check(size == SCREENSHOT_SIZE, f"screenshot is a {SCREENSHOT_SIZE[0]} x {SCREENSHOT_SIZE[1]} PNG "
                                           f"(got {size})")
            check(shot.exists() and shot.stat().st_size > 30_000, "screenshot is not blank")

        card = work / "card.pdf"
        card_env = dict(env, RL_invariant="1")
        if run([cli, "export", mission, "-o", card, "--layout", "card"], card_env, work, "export --layout card"):
            pdf = card.read_bytes()
            pages = pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") + pdf.count(b"/Type /Page/")
            check(pdf.startswith(b"%PDF-"), "the card is a PDF")
            check(pages >= 2, f"the card has two sides or more (got {pages} pages)")
            check(b"DejaVuSans" in pdf, "the card is printed with the shipped DejaVu Sans")
            if args.reference:
                ref = work / "card-reference.pdf"
                ref_env = dict(os.environ, RL_invariant="1")
                cmd = [args.reference, "export", str(mission), "-o", str(ref), "--layout", "card"]
                made = subprocess.run(cmd, env=ref_env, capture_output=True, text=True)
                if check(made.returncode == 0, f"the reference ({args.reference}) exports the card"):
                    check(ref.read_bytes() == pdf, "the bundle's card is byte for byte the reference's")

        # The rules core's answers with numba's kernels and without them
        # (its numpy way, what runs when numba cannot compile): the same.
        answers = []
        for label, extra in (("numba", {}), ("numpy", {"LAYOUT_EDITOR_NO_NUMBA": "1"})):
            done = run([cli, "analyze", mission, "--json"], dict(env, **extra), work, f"analyze --json ({label})")
            answers.append(done.stdout if done else None)
        if all(answers):
            check(answers[0] == answers[1], "analyze answers the same with numba and without (numpy)")

        caches = list(home.rglob("*.nbi"))
        compiled = check(bool(caches) or args.allow_numpy,
                         f"numba compiled the rules core's kernels ({len(caches)} cached)"
                         if caches else "numba compiled the rules core's kernels (none cached: the numpy way ran)")
        if caches and compiled:
            print(f"      cache: {caches[0].parent}")

        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for f in (shot, card):
                if f.exists():
                    shutil.copy2(f, args.keep / f.name)
    if failures:
        print(f"smoke test: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("smoke test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
