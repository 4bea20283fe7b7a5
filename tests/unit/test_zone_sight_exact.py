"""Entry zones in sight of each other (sight.zones_see_each_other) is exact:
a line that squeezes between two of the 12 mm samples the test used to try
is found, a hidden pair stays hidden, and on generated layouts the answer
agrees with a brute-force search over densely sampled zone edges."""
from __future__ import annotations

import random

import numpy as np
import pytest
import shapely
import shapely.affinity
import shapely.ops
from shapely.geometry import LineString, Point, box

from benchmarks.layouts import _board_pieces
from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import sight
from layout_editor.rules.obstacles import _polygons, battlefield


def row_wall(j, door_from, door_open=True):
    """A wall right across the board on row line j, with pillars at the joints
    and an A3 hatchway spanning columns door_from .. door_from + 2."""
    ps = []
    for s, e in ((0, 2), (2, 4), (4, 6), (6, 7)):
        if s == door_from:
            ps.append(Piece(code="A3", board="A", from_node=(s, j), to_node=(e, j), facing="left", open=door_open))
        else:
            ps.append(Piece(code="A1" if e - s == 2 else "B1", board="A", from_node=(s, j), to_node=(e, j)))
    ps += [Piece(code="pillar-left", board="A", at=(i, j)) for i in (0, 2, 4, 6, 7)]
    return ps


def two_doors(second_open=True):
    # doorways x 327..377 on row 2 and x 521..571 on row 4 (an A3's opening
    # sits in the half of the panel nearer its to node): the lines through
    # both run up and to the right
    return Mission(title="Two doors", boards=(Board(id="A"),),
                   pieces=tuple(row_wall(2, 2) + row_wall(4, 4, second_open)))


# A long thin zone below both walls, and a small one above them placed so
# that only a band of lines a fraction of a millimetre wide passes both
# doorways: it meets zone A's edge about 293.9 mm along, between two of the
# points every 12 mm (292.5 and 304.5) that the old test tried. (The case was
# built with the doorways 48.5 mm further left; it is the same picture moved.)
DX = 48.5
ZONE_A = box(100 + DX, 99.5, 400 + DX, 100.5)
ZONE_B = box(550.05 + DX, 499.75, 550.55 + DX, 500.25)


def old_sampling(bf, a, b, step=12.0):
    """The test as it was: points every `step` mm along a's edge (and its
    corners), each one's visibility polygon against b."""
    pts = []
    for poly in _polygons(a):
        for ring in [poly.exterior, *poly.interiors]:
            pts.append(np.asarray(shapely.segmentize(ring, step).coords)[:-1])
    for p in np.unique(np.concatenate(pts), axis=0):
        p = (float(p[0]), float(p[1]))
        if bf.in_obstacle(*p):
            continue
        hit = sight._visibility_polygon(bf, p).intersection(b)
        if hit.is_empty or hit.area <= 1e-6:
            continue
        for c in (shapely.ops.nearest_points(hit, Point(p))[0], hit.representative_point()):
            if bf.clear(np.array([p]), np.array([(c.x, c.y)]))[0]:
                return (p, (c.x, c.y))
    return None


def edge_points(g, step):
    pts = [np.asarray(shapely.segmentize(ring, step).coords)[:-1]
           for poly in _polygons(g) for ring in [poly.exterior, *poly.interiors]]
    return np.unique(np.concatenate(pts), axis=0) if pts else np.zeros((0, 2))


def oracle(bf, a, b, step=2.0):
    """Brute force: every pair of points `step` apart along the two edges
    (a clear line between two areas can be cut down to one from a's edge to
    b's edge), tested with the segment test."""
    pa, pb = edge_points(a, step), edge_points(b, step)
    if len(pa) == 0 or len(pb) == 0:
        return False
    return bool(bf.clear(np.repeat(pa, len(pb), axis=0), np.tile(pb, (len(pa), 1))).any())


def assert_real_witness(bf, line, zone_a, zone_b):
    p, q = line
    assert zone_a.buffer(1e-6).covers(Point(p)) and zone_b.buffer(1e-6).covers(Point(q))
    assert bf.clear(np.array([p]), np.array([q]))[0]
    if p != q:
        # independently of the slab test: the segment stays on the battlefield
        # and runs through no obstacle's inside (along a face is allowed)
        seg = LineString([p, q])
        assert bf.area.buffer(1e-6).covers(seg)
        assert seg.intersection(bf.obstacles.buffer(-1e-4, join_style="mitre")).length <= 1e-4


def test_a_line_between_two_samples_is_found():
    m = two_doors()
    bf = battlefield(m)
    a, b = ZONE_A.intersection(bf.free), ZONE_B.intersection(bf.free)
    # the old sampling misses it; sampling both edges every 0.25 mm finds it
    assert old_sampling(bf, a, b) is None
    assert oracle(bf, a, b, step=0.25)
    line = sight.zones_see_each_other(m, ZONE_A, ZONE_B)
    assert line is not None
    assert_real_witness(bf, line, ZONE_A, ZONE_B)
    assert 244 + DX < line[0][0] < 256 + DX  # between the two samples
    # the thin band is found both from a corner of zone B and as a line
    # resting on two corners of the doorways
    pair = sight._corner_pair_line(bf, a, b)
    assert pair is not None
    assert_real_witness(bf, pair, ZONE_A, ZONE_B)
    # either way round
    back = sight.zones_see_each_other(m, ZONE_B, ZONE_A)
    assert back is not None
    assert_real_witness(bf, back, ZONE_B, ZONE_A)


def test_hidden_zones_stay_hidden():
    # the second hatchway closed
    m = two_doors(second_open=False)
    assert sight.zones_see_each_other(m, ZONE_A, ZONE_B) is None
    # both open, but zone B a little to the left: the band through both
    # doorways misses it
    m = two_doors()
    bf = battlefield(m)
    moved = shapely.affinity.translate(ZONE_B, xoff=-0.8)
    assert not oracle(bf, ZONE_A.intersection(bf.free), moved.intersection(bf.free), step=0.1)
    assert sight.zones_see_each_other(m, ZONE_A, moved) is None
    assert sight.zones_see_each_other(m, moved, ZONE_A) is None


def random_case(seed):
    rng = random.Random(seed)
    pieces = _board_pieces("A", random.Random(seed))
    keep = rng.uniform(0.4, 1.0)
    m = Mission(title="random", boards=(Board(id="A"),),
                pieces=tuple(p for p in pieces if rng.random() < keep))
    bf = battlefield(m)
    x0, y0, x1, y1 = bf.area.bounds

    def zone():
        if rng.random() < 0.5:     # a small box
            w, h = rng.uniform(2, 70), rng.uniform(2, 70)
        else:                      # a thin strip
            length, t = rng.uniform(20, 200), rng.uniform(0.5, 4)
            w, h = (length, t) if rng.random() < 0.5 else (t, length)
        x, y = rng.uniform(x0, x1 - w), rng.uniform(y0, y1 - h)
        shape = box(x, y, x + w, y + h)
        if rng.random() < 0.3:     # an L
            shape = shape.union(box(x, y, x + min(w, 20) + 30, y + 3))
        return shape

    return m, bf, zone(), zone()


@pytest.mark.parametrize("chunk", range(4))
def test_agrees_with_brute_force_on_generated_layouts(chunk):
    seen = hidden = 0
    for seed in range(chunk * 40, chunk * 40 + 40):
        m, bf, za, zb = random_case(seed)
        a, b = za.intersection(bf.free), zb.intersection(bf.free)
        line = sight.zones_see_each_other(m, za, zb)
        if line is not None:
            assert_real_witness(bf, line, za, zb)
            seen += 1
        else:
            assert not oracle(bf, a, b), f"seed {seed}: brute force finds a line, the exact test none"
            hidden += 1
    assert seen and hidden  # both answers come up
