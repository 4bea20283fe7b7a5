"""The visibility polygon's fast paths (rules/sight.py) against the plain
way: the compiled rays (_compiled_longest.fan_first_entry) give the numpy
pass's values exactly, so the polygons are the same, corner for corner."""
from __future__ import annotations

import random

import numpy as np
import pytest
import shapely
from test_paths import free_points

from layout_editor.rules import segments, sight
from layout_editor.rules.obstacles import battlefield


def _compiled_or_skip():
    if segments.kernel(wait=True) is None or segments.longest_kernels() is None:
        pytest.skip("numba is not installed (numpy answers alone)")


def _viewers(bf, n, seed):
    """Free points at random, and corners of the free space (rays along
    the rectangles' edges, parallel to an axis, from a point on an edge)."""
    rng = random.Random(seed)
    out = free_points(bf, n, seed)
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


@pytest.mark.parametrize("boards", [2, 8])
def test_rays_in_one_compiled_call_equal_the_grid_kernel_by_direction(monkeypatch, boards):
    """sight._ray_free_length through _compiled_longest.ray_free_grid (the
    box exit and both grids in one call) against the way it stands in for:
    the box exit in numpy, the rays split by direction, each set through
    its strips' grid (and, to a hair, against numpy without numba). Rays
    from the free space's corners along their edges (along an axis: the
    horizontal strips), at random, all one way and mixed."""
    from benchmarks.layouts import dense_mission

    _compiled_or_skip()
    bf = battlefield(dense_mission(boards))
    assert sight._strip_grids(bf) is not None
    c, prev, nxt = sight._corner_wedges(bf)
    rng = np.random.default_rng(boards)
    ang = rng.uniform(-np.pi, np.pi, len(c))
    rand = np.stack([np.cos(ang), np.sin(ang)], axis=1)
    along = sight._unit(prev - c)
    sets = [(c[:0], rand[:0]), (c, along), (c, rand), (c, np.concatenate([along[: len(c) // 2], rand[len(c) // 2:]])),
            (c, np.tile([[0.0, 1.0]], (len(c), 1))), (c, np.tile([[-1.0, 0.0]], (len(c), 1)))]
    for p, u in sets:
        fast = sight._ray_free_length(bf, p, u)
        with monkeypatch.context() as mp:
            mp.setattr(sight, "_strip_grids", lambda bf: None)
            plain = sight._ray_free_length(bf, p, u)
        assert np.array_equal(fast, plain)
        with monkeypatch.context() as mp:
            mp.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
            no_numba = sight._ray_free_length(bf, p, u)
        assert np.allclose(fast, no_numba, rtol=0, atol=1e-9)
    assert np.isfinite(fast).all() and len(c) > 500


def test_rays_followed_only_where_the_line_can_beat_the_limit_equal_the_box_exit_then_the_rays(monkeypatch):
    """_ray_free_length(..., unless=(before, after, limit)) compiled (the
    prefilter inside ray_free_grid) against the plain way: every ray's box
    exit, then the rays whose (exit + before) + after beats the limit
    followed on their own; exactly, for limits letting none, some and all
    rays through."""
    from benchmarks.layouts import dense_mission

    _compiled_or_skip()
    bf = battlefield(dense_mission(2))
    c, prev, _ = sight._corner_wedges(bf)
    rng = np.random.default_rng(7)
    ang = rng.uniform(-np.pi, np.pi, len(c))
    u = np.concatenate([np.stack([np.cos(ang), np.sin(ang)], axis=1)[: len(c) // 2], sight._unit(prev - c)[len(c) // 2:]])
    before = rng.uniform(0, 600, len(c))
    after = rng.uniform(0, 600, len(c))
    box = sight._ray_free_length(bf, c, u, unless=(before, after, np.inf))  # no ray followed: the box exits
    whole = sight._ray_free_length(bf, c, u)
    assert (whole <= box).all() and (whole < box).sum() > 100
    for limit in (-np.inf, 0.0, 700.0, 1000.0, 1400.0, np.inf):
        fast = sight._ray_free_length(bf, c, u, unless=(before, after, limit))
        far = box + before + after > limit
        want = np.where(far, whole, box)
        assert np.array_equal(fast, want), limit
        with monkeypatch.context() as mp:
            mp.setattr(sight, "_strip_grids", lambda bf: None)
            plain = sight._ray_free_length(bf, c, u, unless=(before, after, limit))
        assert np.array_equal(fast, plain), limit
        with monkeypatch.context() as mp:
            mp.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
            no_numba = sight._ray_free_length(bf, c, u, unless=(before, after, limit))
        assert np.allclose(fast, no_numba, rtol=0, atol=1e-9), limit
