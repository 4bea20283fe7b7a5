"""How long a rules thread keeps the window's thread from Python's GIL.

The editor runs the rules core on worker threads (ui/analysis_worker.py);
the window's thread needs the GIL for every call Qt makes into Python (a
paint, a slot, a timer). This runs a "window": a thread that wakes every
2 ms and notes how late it woke, beside a "worker" thread that repeats one
kind of work for 1.5 s, and prints the delays. Each line with the editor's
way and the plain way side by side (docs/architecture.md, "The window and
the GIL"):

- shapely on one table-sized polygon: the one-geometry call (its fast path
  keeps the GIL) and rules/unlocked.py (lets go of it);
- a loop of small Qt calls that let go of the GIL for microseconds (a
  QPainter started and ended, a zone's number written as a path): plain,
  and with analysis_worker.let_the_window_in() in the loop.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_gil.py
"""
from __future__ import annotations

import datetime
import os
import platform
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

WINDOW_TICK_S = 0.002
RUN_S = 1.5


def delays(work) -> list[float]:
    """The window's lateness (ms) at each tick while `work` repeats on a
    thread of its own."""
    stop = threading.Event()

    def worker() -> None:
        while not stop.is_set():
            work()

    thread = threading.Thread(target=worker)
    thread.start()
    time.sleep(0.05)
    late: list[float] = []
    t = time.perf_counter()
    end = t + RUN_S
    while t < end:
        time.sleep(WINDOW_TICK_S)
        now = time.perf_counter()
        late.append((now - t - WINDOW_TICK_S) * 1000)
        t = now
    stop.set()
    thread.join()
    return sorted(late)


def row(name: str, late: list[float]) -> str:
    p = late[int(len(late) * 0.99)] if late else 0.0
    return f"| {name} | {len(late)} | {late[len(late) // 2]:.2f} | {p:.2f} | {late[-1]:.2f} |"


def main() -> int:
    import shapely
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    from shapely.geometry import Point, box

    from layout_editor.rules import unlocked
    from layout_editor.ui.analysis_worker import let_the_window_in

    app = QApplication.instance() or QApplication([])  # noqa: F841 (fonts need it)
    walls = shapely.union_all([box(x, y, x + 8, y + 3) for x in range(5, 1480, 25) for y in range(5, 980, 25)])
    floor = box(0, 0, 1500, 1000).difference(walls).difference(Point(700, 500).buffer(300, quad_segs=64))
    other = box(0, 0, 600, 600)
    image = QImage(600, 600, QImage.Format.Format_ARGB32_Premultiplied)

    from layout_editor.ui.items.paths import geometry_path, text_path

    paths = [geometry_path(box(i * 20, 0, i * 20 + 10, 10).buffer(3)) for i in range(50)]

    def painters(let_in: bool):
        # As an overlay's picture is painted on the worker: a painter
        # started, a few dozen small paths drawn, the painter ended.
        def work() -> None:
            p = QPainter(image)
            for path in paths:
                p.drawPath(path)
                if let_in:
                    let_the_window_in()
            p.end()
        return work

    def texts(let_in: bool):
        # As the route-distance overlay writes each zone's number.
        def work() -> None:
            for n in range(30):
                text_path(f'{n}.5"', (0.0, 0.0), 5.0)
                if let_in:
                    let_the_window_in()
        return work

    cases = [
        ("simplify, one geometry (shapely's fast path)", lambda: floor.simplify(0.3)),
        ("simplify, rules/unlocked.py", lambda: unlocked.simplified([floor], 0.3)),
        ("intersection, one geometry", lambda: floor.intersection(other)),
        ("intersection, rules/unlocked.py", lambda: unlocked.intersection(floor, other)),
        ("a painter started, 50 paths drawn, ended: plain loop", painters(False)),
        ("the same with let_the_window_in() after each path", painters(True)),
        ("30 numbers written as paths: plain loop", texts(False)),
        ("the same with let_the_window_in() after each number", texts(True)),
    ]
    sys.setswitchinterval(0.001)  # as the editor sets it (ui/feedback.py)
    print(f"{platform.node() or 'machine'}: {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"shapely {shapely.__version__}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"load {os.getloadavg()[0]:.1f}, switch interval {sys.getswitchinterval() * 1000:.1f} ms; "
          f"polygon of {shapely.get_num_coordinates(floor)} vertices")
    print()
    print("| the worker repeats | window ticks | late, median ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for name, work in cases:
        print(row(name, delays(work)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
