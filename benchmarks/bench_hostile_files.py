"""Hostile files against the commands that write (issue 25): exports bounded
for every file the program loads, outputs that never destroy inputs,
pictures that cannot bite. Each case runs in a fresh interpreter under a
3 GB address-space cap and a time limit; the table gives the exit code, the
wall time, the peak resident memory (ru_maxrss) and whether what had to be
kept was kept. Run with another checkout's code for a before/after table:

    .venv/bin/python benchmarks/bench_hostile_files.py [--code DIR] [--timeout S]

DIR is the folder holding that checkout's `layout_editor` (default: this one).
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
CAP = 3 * 1024 ** 3

FAR = """format: boarding-actions-mission
version: 1
title: Far apart
players: 2
boards:
  - {id: A, at: [0, 0]}
  - {id: B, at: [99000, 99000]}
pieces:
  - {code: pillar-left, board: A, at: [2, 2]}
  - {code: pillar-left, board: B, at: [2, 2]}
objectives:
  - {id: '1', at: [300, 300]}
  - {id: '2', at: [99300, 99300]}
"""

READ_PICTURE = ("import sys\nfrom layout_editor.export.qr_read import mission_from_image\n"
                "try:\n    mission_from_image(sys.argv[1])\nexcept ValueError:\n    sys.exit(3)\n")


def png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def make_files(tmp: Path) -> dict:
    import pathological
    from PIL import Image

    f = {}
    f["far"] = tmp / "far.yaml"
    f["far"].write_text(FAR, encoding="utf-8")
    f["limits"] = tmp / "limits.yaml"
    f["limits"].write_text(pathological.at_every_limit(), encoding="utf-8")
    f["G"] = tmp / "G.yaml"
    shutil.copy(ROOT / "mission_library" / "derelict-crossing.yaml", f["G"])
    f["K"] = tmp / "K.yaml"
    shutil.copy(ROOT / "mission_library" / "breach-line.yaml", f["K"])
    text = f["G"].read_text(encoding="utf-8")
    text = text[:text.index("objectives:")] if "objectives:" in text else text
    f["sixty"] = tmp / "sixty.yaml"
    f["sixty"].write_text(text + "objectives:\n" + "".join(
        f"  - {{id: 'o{i}', at: [{60 + 5 * (i % 50)}, {100 + 200 * (i // 50)}]}}\n" for i in range(60)),
        encoding="utf-8")
    f["claim"] = tmp / "claims-60000.png"
    f["claim"].write_bytes(png_claiming(60_000, 60_000))
    f["white"] = tmp / "white-20000.png"
    old = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None
    Image.new("L", (20_000, 20_000), 255).save(f["white"])
    Image.MAX_IMAGE_PIXELS = old
    f["photo"] = tmp / "photo-9400.jpg"
    Image.effect_noise((940, 940), 60).convert("RGB").resize((9400, 9400)).save(f["photo"], quality=85)
    outside = tmp / "outside"
    outside.mkdir()
    f["victim"] = outside / "victim.txt"
    f["victim"].write_text("keep me")
    os.chmod(f["victim"], stat.S_IRUSR | stat.S_IRGRP)
    (tmp / "out").mkdir()
    f["planted"] = tmp / "out" / "planted.yaml"
    f["planted"].symlink_to(f["victim"])
    return f


def cases(f: dict, tmp: Path):
    cli = ["-m", "layout_editor"]
    library = sorted(str(p) for p in (ROOT / "mission_library").glob("*.yaml"))
    two_hundred = (library * 7)[:200]
    # The plain baseline: what an ordinary export costs on this machine now.
    yield "baseline: export a library mission's card", cli + ["export", f["G"], "-o", tmp / "g.pdf"], None
    yield "baseline: export a library mission as uvtt", cli + ["export", f["G"], "-o", tmp / "g.dd2vtt", "--layout", "uvtt"], None
    yield "export uvtt, boards 99 m apart", cli + ["export", f["far"], "-o", tmp / "far.dd2vtt", "--layout", "uvtt"], None
    yield "export map-png, boards 99 m apart", cli + ["export", f["far"], "-o", tmp / "far.png", "--layout", "map-png"], None
    yield "export uvtt, every count at its limit", cli + ["export", f["limits"], "-o", tmp / "l.dd2vtt", "--layout", "uvtt"], None
    yield "export html, every count at its limit", cli + ["export", f["limits"], "-o", tmp / "l.html", "--layout", "html"], None
    yield "export map-svg, every count at its limit", cli + ["export", f["limits"], "-o", tmp / "l.svg", "--layout", "map-svg"], None
    yield "pack of 200 library missions", cli + ["pack", *two_hundred, "-o", tmp / "p200.pdf"], None
    yield "pack of 50 library missions", cli + ["pack", *two_hundred[:50], "-o", tmp / "p50.pdf"], None
    yield "`pack G K -o K`", cli + ["pack", f["G"], f["K"], "-o", f["K"]], "K"
    yield "`export G -o G --layout html`", cli + ["export", f["G"], "-o", f["G"], "--layout", "html"], "G"
    yield "`mirror` through a link to a read-only file outside", cli + ["mirror", f["G"], "-o", f["planted"]], "victim"
    yield "`mirror` to 120 objectives", cli + ["mirror", f["sixty"], "-o", tmp / "m120.yaml"], "m120"
    yield "picture: PNG claiming 60,000 x 60,000", ["-c", READ_PICTURE, f["claim"]], None
    yield "picture: white 20,000 x 20,000 PNG", ["-c", READ_PICTURE, f["white"]], None
    yield "picture: 9,400 x 9,400 photo (JPEG)", ["-c", READ_PICTURE, f["photo"]], None


def run(args, code_dir: Path, timeout: float):
    env = dict(os.environ, PYTHONPATH=str(code_dir), QT_QPA_PLATFORM="offscreen")
    probe = ("import resource, subprocess, sys, time\n"
             "def cap():\n    resource.setrlimit(resource.RLIMIT_AS, (%d, %d))\n"
             "t = time.perf_counter()\n"
             "try:\n"
             "    p = subprocess.run(sys.argv[2:], capture_output=True, text=True, timeout=float(sys.argv[1]),"
             " preexec_fn=cap)\n"
             "    rc, err = p.returncode, p.stderr\n"
             "except subprocess.TimeoutExpired:\n    rc, err = 'killed', ''\n"
             "dt = time.perf_counter() - t\n"
             "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
             "lines = err.strip().splitlines()\n"
             "last = lines[-1] if lines else ''\n"
             "print(f'{rc}\\t{dt:.1f}\\t{peak:.0f}\\t{len(lines)}\\t{last[:90]}')\n") % (CAP, CAP)
    out = subprocess.run([sys.executable, "-c", probe, str(timeout), sys.executable, *map(str, args)],
                         capture_output=True, text=True, env=env, cwd=str(code_dir))
    rc, dt, peak, lines, last = (out.stdout.strip().split("\t") + [""] * 5)[:5]
    return rc, dt, peak, lines, last


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--code", type=Path, default=ROOT)
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"code: {args.code}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; cap 3 GB, "
          f"killed after {args.timeout:g} s\n")
    print("| case | exit | s | peak MB | stderr lines | kept | last line |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        files = make_files(tmp)
        for name, cmd, keep in cases(files, tmp):
            # Every case starts from the inputs as made (an earlier case of
            # the code measured may have replaced one).
            shutil.copy(ROOT / "mission_library" / "derelict-crossing.yaml", files["G"])
            shutil.copy(ROOT / "mission_library" / "breach-line.yaml", files["K"])
            before = files[keep].read_bytes() if keep in files else None
            rc, dt, peak, lines, last = run(cmd, args.code, args.timeout)
            if keep == "m120":
                kept = "no file" if not (tmp / "m120.yaml").exists() else _readable(tmp / "m120.yaml", args.code)
            elif keep is not None:
                kept = "yes" if files[keep].read_bytes() == before else "**replaced**"
            else:
                kept = ""
            last = last.replace("|", "\\|")
            print(f"| {name} | {rc} | {dt} | {peak} | {lines} | {kept} | {last} |", flush=True)
        os.chmod(files["victim"], stat.S_IRUSR | stat.S_IWUSR)
    return 0


def _readable(path: Path, code_dir: Path) -> str:
    r = subprocess.run([sys.executable, "-m", "layout_editor", "validate", str(path)], capture_output=True,
                       text=True, env=dict(os.environ, PYTHONPATH=str(code_dir)), cwd=str(code_dir))
    return "written, **refused by the reader**" if r.returncode == 2 else "written, reads back"


if __name__ == "__main__":
    sys.exit(main())
