"""Fast paths of the rules core (issue 13) against the slow way they
replaced: same answers, exactly."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from layout_editor.io import load_mission
from layout_editor.rules.obstacles import _polygons, battlefield
from layout_editor.rules.rects import ring_corners

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def _missions():
    from benchmarks.layouts import dense_mission, small_edits

    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    out = [load_mission(p) for p in files[:5]]
    m = dense_mission(2)
    return out + [m, *list(small_edits(m, 4))]


def corners_ring_by_ring(polys):
    """Every ring oriented, its closing point dropped, neighbours by np.roll:
    the loop ring_corners replaced."""
    v, a, b, comp = [], [], [], []
    for ci, poly in enumerate(polys):
        poly = shapely.orient_polygons(poly)
        for ring in [poly.exterior, *poly.interiors]:
            c = np.asarray(ring.coords)[:-1]
            if len(c) < 3:
                continue
            v.append(c)
            a.append(np.roll(c, 1, axis=0))
            b.append(np.roll(c, -1, axis=0))
            comp.append(np.full(len(c), ci))
    if not v:
        return (np.zeros((0, 2)),) * 3 + (np.zeros(0, dtype=np.int64),)
    return tuple(np.concatenate(x) for x in (v, a, b, comp))


@pytest.mark.parametrize("hatches", ["as-set", "closed", "open"])
def test_ring_corners_equal_ring_by_ring(hatches):
    for mission in _missions():
        bf = battlefield(mission, hatches)
        for geom in (bf.free, bf.obstacles):
            polys = _polygons(geom)
            got = ring_corners(polys)
            want = corners_ring_by_ring(polys)
            for g, w in zip(got, want):
                assert np.array_equal(g, w)


def test_ring_corners_of_nothing_and_of_a_holed_square():
    assert all(len(x) == 0 for x in ring_corners([]))
    sq = shapely.Polygon([(0, 0), (0, 10), (10, 10), (10, 0)], [[(2, 2), (4, 2), (4, 4), (2, 4)]])
    v, prev, nxt, comp = ring_corners([sq])
    assert len(v) == 8 and comp.tolist() == [0] * 8
    # the exterior counter-clockwise: free (inside) on the left
    assert shapely.Polygon(v[:4]).exterior.is_ccw
    assert np.array_equal(prev[1], v[0]) and np.array_equal(nxt[3], v[0])
