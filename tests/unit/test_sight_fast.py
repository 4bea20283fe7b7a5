"""The visibility polygon's fast paths (rules/sight.py) against the plain
way: the compiled rays (_compiled_longest.fan_first_entry) give the numpy
pass's values exactly, so the polygons are the same, corner for corner."""
from __future__ import annotations

import random

import numpy as np
import pytest
import shapely

from layout_editor.rules import segments, sight
from layout_editor.rules.obstacles import battlefield


def _compiled_or_skip():
    if segments.kernel(wait=True) is None or segments.longest_kernels() is None:
        pytest.skip("numba is not installed (numpy answers alone)")


def _viewers(bf, n, seed):
    """Free points at random, and corners of the free space (rays along
    the rectangles' edges, parallel to an axis, from a point on an edge)."""
    rng = random.Random(seed)
    x0, y0, x1, y1 = bf.area.bounds
    out = []
    while len(out) < n:
        p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        if bf.on_battlefield(*p) and not bf.in_obstacle(*p):
            out.append(p)
    corners = sight._corners(bf)
    for k in rng.sample(range(len(corners)), min(n, len(corners))):
        out.append((float(corners[k, 0]), float(corners[k, 1])))
    return out


@pytest.mark.parametrize("boards", [1, 2])
def test_compiled_rays_give_the_numpy_polygon_exactly(monkeypatch, boards):
    from benchmarks.layouts import dense_mission

    _compiled_or_skip()
    bf = battlefield(dense_mission(boards))
    seen = 0
    for p in _viewers(bf, 40, boards):
        fast = sight._visibility_polygon(bf, p)
        with monkeypatch.context() as mp:
            mp.setattr(segments, "longest_kernels", lambda: None)
            plain = sight._visibility_polygon(bf, p)
        a = shapely.get_coordinates(fast)
        b = shapely.get_coordinates(plain)
        assert a.shape == b.shape and np.array_equal(a, b), p
        seen += len(a)
    assert seen > 1000


def test_compiled_rays_equal_numpy_ray_by_ray(monkeypatch):
    """Every ray's first entry, with both grazes, rays parallel to an axis
    (inside a slab and not), starting on an edge and inside a rectangle."""
    _compiled_or_skip()
    rng = np.random.default_rng(3)
    lo = rng.integers(0, 20, size=(60, 2)).astype(float) * 5.0
    rects = np.concatenate([lo, lo + rng.integers(1, 6, size=(60, 2)) * 5.0], axis=1)
    for px, py in [(50.0, 50.0), (0.0, 0.0), (52.5, 37.0), (rng.uniform(0, 100), rng.uniform(0, 100))]:
        ang = np.concatenate([rng.uniform(-np.pi, np.pi, 500), np.arange(-4, 5) * np.pi / 2])
        ang = np.concatenate([ang - sight.RAY_EPS, ang, ang + sight.RAY_EPS])
        u = np.stack([np.cos(ang), np.sin(ang)], axis=1)
        u[-27:][np.abs(u[-27:]) < 1e-12] = 0.0  # exactly along an axis
        graze = np.where(np.arange(len(ang)) % 2 == 0, 1e-12, sight.GRAZE_MM)
        fast = segments.longest_kernels().fan_first_entry(px, py, u, rects, graze)
        with monkeypatch.context() as mp:
            mp.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
            plain = sight._first_entry(px, py, u, rects, graze)
        assert np.isfinite(plain).sum() > 100
        assert np.array_equal(fast, plain)
