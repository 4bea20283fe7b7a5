"""Measuring, its third part: an extra cost per open hatchway crossed (Kill
Team's access points; paths.py's module notes say the rule). Where each
open hatchway's door lies across its opening, and how many of them a
segment crosses: the graph weighs its edges with it, the routes and the
distances from an area their legs.
"""
from __future__ import annotations

import numpy as np

from .obstacles import Battlefield


def open_door_lines(bf: Battlefield) -> np.ndarray:
    """The middle line of each open hatchway's door rectangle, across its
    opening: rows (axis, c, lo, hi): the line runs along `axis` (0: x) at
    the other coordinate c, from lo to hi (kept with the battlefield)."""
    got = bf.cache.get("open-door-lines")
    if got is None:
        rows = []
        for bo in bf.boards:
            for d in bo.open_doors:
                x0, y0, x1, y1 = d.bounds
                if x1 - x0 >= y1 - y0:
                    rows.append((0, (y0 + y1) / 2, x0, x1))
                else:
                    rows.append((1, (x0 + x1) / 2, y0, y1))
        got = np.array(rows, dtype=float).reshape(-1, 4)
        bf.cache["open-door-lines"] = got
    return got


def door_crossings(bf: Battlefield, a: np.ndarray, b: np.ndarray, eps: float = 1e-9) -> np.ndarray:
    """For segments a[i] -> b[i]: how many open hatchways each crosses, that
    is, whose middle line it meets within the opening, from one side to the
    other or with an end on it (a segment lying along the line crosses
    nothing). Corners of the free space are never on a middle line (the
    door frame's corners are on the wall's faces), so a route through corners
    counts each doorway it passes once; a route's end in a doorway, or an
    area's nearest point on the zone line under an open hatchway, counts
    the doorway it leaves through."""
    a = np.asarray(a, dtype=float).reshape(-1, 2)
    b = np.asarray(b, dtype=float).reshape(-1, 2)
    lines = open_door_lines(bf)
    out = np.zeros(len(a), dtype=np.int64)
    if len(lines) == 0 or len(a) == 0:
        return out
    for axis in (0, 1):
        rows = lines[lines[:, 0] == axis]
        if len(rows) == 0:
            continue
        across = 1 - axis
        c, lo, hi = rows[:, 1], rows[:, 2], rows[:, 3]
        da = a[:, across, None] - c[None, :]
        db = b[:, across, None] - c[None, :]
        meets = (np.minimum(da, db) <= eps) & (np.maximum(da, db) >= -eps)
        meets &= ~((np.abs(da) <= eps) & (np.abs(db) <= eps))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(np.abs(da - db) > 0, da / (da - db), 0.0)
        t = np.clip(t, 0.0, 1.0)
        at = a[:, axis, None] + t * (b[:, axis, None] - a[:, axis, None])
        meets &= (at >= lo[None, :] - eps) & (at <= hi[None, :] + eps)
        out += meets.sum(axis=1)
    return out
