"""rules/unlocked.py: shapely's long calls through the path that lets go of
the GIL give the very geometry the one-geometry calls give."""
from __future__ import annotations

import shapely
from shapely.geometry import Point, box

from layout_editor.rules import unlocked


def _floor():
    walls = shapely.union_all([box(x, y, x + 8, y + 3) for x in range(5, 400, 25) for y in range(5, 300, 25)])
    return box(0, 0, 400, 300).difference(walls).difference(Point(200, 150).buffer(80, quad_segs=32))


def test_the_answers_are_those_of_the_one_geometry_calls():
    floor = _floor()
    other = Point(120, 90).buffer(70).union(box(250, 0, 400, 120))
    assert unlocked.intersection(floor, other).equals_exact(floor.intersection(other), 0.0)
    assert unlocked.difference(floor, other).equals_exact(floor.difference(other), 0.0)
    assert unlocked.union(floor, other).equals_exact(floor.union(other), 0.0)
    parts = [floor, other, Point(0, 0).buffer(5)]
    for got, part in zip(unlocked.simplified(parts, 0.3), parts, strict=True):
        assert got.equals_exact(part.simplify(0.3), 0.0)
    assert unlocked.simplified([], 0.3) == []
