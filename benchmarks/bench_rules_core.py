"""Timing of the rules core's geometry (measure, sight, visibility polygon,
regions) on layouts at real density: one full terrain set per board (32
panels, a loose pillar at every panel end that has no moulded pillar), on 1,
2, 4 and 8 boards.

    .venv/bin/python benchmarks/bench_rules_core.py [--boards 1 2 4 8] [--repeat N]

Times are medians in milliseconds. "cold" builds the caches for a new layout
(what the first query after an edit pays); "warm" repeats a query on a layout
whose caches are built. The targets (two boards): one measure <= 1 ms, one
visibility polygon <= 2 ms.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from layout_editor.catalogue import default_catalogue  # noqa: E402
from layout_editor.model.lattice import Placement  # noqa: E402
from layout_editor.model.mission import Board, Mission, Piece  # noqa: E402

FULL_SET = ["A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2"]
MOULDED = {"A2", "A4", "B3-1", "B3-2"}
HATCHED = {"A3", "A4", "B2", "B3-1", "B3-2"}


def full_set_pieces(board_id: str, seed: int) -> list[Piece]:
    """One full set on one board: 4 of each panel on the interior zone lines,
    no two on one span, a loose pillar at every end without a moulded one."""
    rng = random.Random(seed)
    cat = default_catalogue()
    nx, ny = cat.board("boarding-actions").nodes
    used: set[tuple] = set()
    pieces: list[Piece] = []
    ends: dict[tuple, bool] = {}  # node -> has a moulded pillar
    codes = [c for c in FULL_SET for _ in range(4)]
    rng.shuffle(codes)
    codes.sort(key=lambda c: cat.piece(c).span, reverse=True)  # long walls first
    for code in codes:
        span = cat.piece(code).span
        for _ in range(1000):
            if rng.random() < 0.5:
                j = rng.randrange(1, ny - 1)
                i = rng.randrange(0, nx - span)
                a, b = (i, j), (i + span, j)
                units = [((i + k, j), (i + k + 1, j)) for k in range(span)]
            else:
                i = rng.randrange(1, nx - 1)
                j = rng.randrange(0, ny - span)
                a, b = (i, j), (i, j + span)
                units = [((i, j + k), (i, j + k + 1)) for k in range(span)]
            if any(u in used for u in units):
                continue
            used.update(units)
            hatched = code in HATCHED
            pieces.append(Piece(code=code, board=board_id, from_node=a, to_node=b,
                                facing=rng.choice(["left", "right"]) if hatched else None,
                                open=rng.random() < 0.5 if hatched else None))
            for n in (a, b):
                ends[n] = ends.get(n, False) or code in MOULDED
            break
    for node, moulded in sorted(ends.items()):
        if not moulded:
            pieces.append(Piece(code=rng.choice(["pillar-left", "pillar-right"]), board=board_id,
                                at=node, turned=rng.random() < 0.5))
    return pieces


def layout(n_boards: int, seed: int = 1) -> Mission:
    """n boards side by side in rows of two, touching, each with a full set."""
    kind = default_catalogue().board("boarding-actions")
    boards, pieces = [], []
    for k in range(n_boards):
        bid = chr(ord("A") + k)
        boards.append(Board(id=bid, at=((k % 2) * kind.width, (k // 2) * kind.height)))
        pieces += full_set_pieces(bid, seed * 100 + k)
    return Mission(title=f"{n_boards} boards", boards=tuple(boards), pieces=tuple(pieces))


def free_points(mission: Mission, n: int, seed: int) -> list[tuple[float, float]]:
    from layout_editor.rules.obstacles import battlefield

    bf = battlefield(mission, "as-set")
    rng = random.Random(seed)
    x0, y0, x1, y1 = bf.area.bounds
    pts = []
    while len(pts) < n:
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if bf.on_battlefield(x, y) and not bf.in_obstacle(x, y):
            pts.append((x, y))
    return pts


def clear_caches() -> None:
    from layout_editor.rules import obstacles
    obstacles._battlefield.cache_clear()
    obstacles._board_obstacles.cache_clear()
    for name in ("paths", "reach", "sight"):
        mod = sys.modules.get(f"layout_editor.rules.{name}")
        if mod is not None and hasattr(mod, "clear_caches"):
            mod.clear_caches()


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)
