"""Shapely's long calls made so that they let go of Python's GIL.

Shapely 2.2 runs a function on single geometries by a fast path that skips
numpy's ufunc machinery, and with it the release of the GIL around GEOS
(shapely/shapely#2339). For a point's coordinates that is right; for a set
operation on a whole table's free floor it holds the GIL for the length of
the GEOS call: a region's simplify 19 ms, an intersection of two players'
views 15-20 ms (measured beside a ticking thread, benchmarks/README.md,
"sixth round"). The editor runs the rules core on worker threads, and every
millisecond a worker holds the GIL is a millisecond the window cannot paint.

The same GEOS calls on a one-element array go through the ufunc, which lets
go of the GIL; the answers are the same geometry (the same GEOS function).
Use these where an overlay or a check works on table-sized geometry; small
per-tile work keeps the fast path (it is faster, and short)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry


def _one(geom: BaseGeometry) -> np.ndarray:
    out = np.empty(1, dtype=object)
    out[0] = geom
    return out


def simplified(geoms: Sequence[BaseGeometry], tolerance: float) -> list[BaseGeometry]:
    """Each geometry simplified as Geometry.simplify(tolerance) does
    (topology kept), in one call that lets go of the GIL."""
    if not geoms:
        return []
    arr = np.empty(len(geoms), dtype=object)
    arr[:] = list(geoms)
    return list(shapely.simplify(arr, tolerance))


def intersection(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """a.intersection(b), letting go of the GIL."""
    return cast(BaseGeometry, shapely.intersection(_one(a), b)[0])


def difference(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """a.difference(b), letting go of the GIL."""
    return cast(BaseGeometry, shapely.difference(_one(a), b)[0])


def union(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """a.union(b), letting go of the GIL."""
    return cast(BaseGeometry, shapely.union(_one(a), b)[0])
