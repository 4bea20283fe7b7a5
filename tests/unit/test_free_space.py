"""The free space as data (issue 29): Battlefield.free_ring_corners,
free_part_count, free_part_at, free_parts_meeting and free_part, made from
strips (_compiled.free_space), against the same answers worked out from the
free space's polygon (Battlefield.free): every library mission, the dense
layouts of 2, 4 and 8 boards with small edits, random rectangles, and each
in the three hatchway views."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import box

from benchmarks.layouts import dense_mission, small_edits
from layout_editor.io import load_mission
from layout_editor.rules import obstacles, segments
from layout_editor.rules.rects import _polygons, ring_corners

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed")


def _reference(bf: obstacles.Battlefield):
    """The parts (in the strips' numbering: by their lowest-left point) and
    true corners worked out from the polygon."""
    polys = obstacles._numbered_parts(_polygons(bf.free))
    return polys, obstacles._polygon_corners(polys)


def _part_at(polys, pts):
    if not polys:
        return np.full(len(pts), -1)
    areas = np.empty(len(polys), dtype=object)
    areas[:] = polys
    hit = shapely.intersects_xy(areas[:, None], pts[None, :, 0], pts[None, :, 1])
    return np.where(hit.any(axis=0), np.argmax(hit, axis=0), -1)


def _samples(bf, d, rng):
    """Points on every strip's corners and edges, corners of the free space
    and of what blocks, and random points over the table."""
    sx0, sx1 = d.cuts[d.slab], d.cuts[d.slab + 1]
    pts = [np.stack([sx0, d.sy0], 1), np.stack([sx1, d.sy1], 1), np.stack([sx0, d.sy1], 1),
           np.stack([(sx0 + sx1) / 2, d.sy0], 1), np.stack([sx1, (d.sy0 + d.sy1) / 2], 1),
           np.stack([(sx0 + sx1) / 2, (d.sy0 + d.sy1) / 2], 1), np.stack([d.cx, d.cy], 1)]
    r = np.concatenate([bo.free_rects for bo in bf.boards])
    pts += [r[:, :2], r[:, 2:], (r[:, :2] + r[:, 2:]) / 2, np.stack([r[:, 0], (r[:, 1] + r[:, 3]) / 2], 1)]
    x0, y0, x1, y1 = bf.area.bounds
    pts.append(rng.uniform((x0 - 5, y0 - 5), (x1 + 5, y1 + 5), size=(300, 2)))
    return np.concatenate(pts)


def check(bf: obstacles.Battlefield, rng) -> int:
    d = bf._free_data
    assert d is not None
    polys, (rc, rp, rn, rpart) = _reference(bf)
    assert bf.free_part_count == len(polys)
    c, p, n, part = bf.free_ring_corners
    # the same true corners, neighbours and parts, in the same order
    assert np.array_equal(c, rc) and np.array_equal(p, rp) and np.array_equal(n, rn)
    assert np.array_equal(part, rpart)
    # the reflex corners are exactly the polygon's (what the route graph keeps)
    oc, op, on, _ = ring_corners(_polygons(bf.free))
    cross = lambda c, p, n: (c[:, 0] - p[:, 0]) * (n[:, 1] - c[:, 1]) - (c[:, 1] - p[:, 1]) * (n[:, 0] - c[:, 0])  # noqa: E731
    want = {(tuple(a), tuple(np.sign(b - a)), tuple(np.sign(e - a)))
            for a, b, e in zip(oc[cross(oc, op, on) < -1e-12], op[cross(oc, op, on) < -1e-12],
                               on[cross(oc, op, on) < -1e-12])}
    r = cross(c, p, n) < -1e-12
    got = {(tuple(a), tuple(np.sign(b - a)), tuple(np.sign(e - a))) for a, b, e in zip(c[r], p[r], n[r])}
    assert got == want and len(got) == r.sum()
    # every polygon vertex that is a turn is a corner here
    turn = cross(oc, op, on) != 0
    assert {tuple(a) for a in oc[turn]} == {tuple(a) for a in c}
    # points: the same part (or none), boundaries included
    pts = _samples(bf, d, rng)
    assert np.array_equal(bf.free_part_at(pts), _part_at(polys, pts))
    # a handful of points at a time (the rules' usual question) is looked up
    # point by point: the same parts as the array passes
    assert len(pts) > obstacles._FEW_POINTS
    few = np.concatenate([bf.free_part_at(pts[i:i + 3]) for i in range(0, len(pts), 3)])
    assert np.array_equal(few, d.part_at(pts))
    # geometries meeting parts: small boxes round sample points, lines
    for q in pts[rng.choice(len(pts), 40)]:
        for g in (box(q[0] - 3, q[1] - 2, q[0] + 1, q[1] + 4), shapely.Point(q),
                  shapely.LineString([q, q + (25, 0)]), box(q[0], q[1], q[0] + 30, q[1] + 9).buffer(1, quad_segs=1),
                  shapely.Polygon([q, q + (20, 0), q + (20, 20), q + (10, 20), q + (10, 8), q + (0, 8)]),
                  _box_drawn_on_nodes(q[0] - 7, q[1] - 5, q[0] + 13, q[1] + 31, rng),
                  _box_drawn_on_nodes(q[0], q[1], q[0] + 40, q[1] + 3, rng, spike=True)):
            want_m = np.nonzero([poly.intersects(g) for poly in polys])[0]
            assert np.array_equal(bf.free_parts_meeting(g), want_m)
    # the parts' polygons
    for k in range(len(polys)):
        got = bf.free_part(k)
        assert got.is_valid and got.symmetric_difference(polys[k]).area < 1e-6
        assert len(got.interiors) == len(polys[k].interiors)
    return len(c)


def _box_drawn_on_nodes(x0, y0, x1, y1, rng, spike=False):
    """A box drawn with points along its edges (an entry zone drawn on the
    lattice), starting at any of them, either way round; spike: with a
    hair sticking out of one edge and back (an invalid ring that is not
    its box)."""
    ring = []
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                               ((x0, y1), (x0, y0))):
        ring.append((ax, ay))
        for t in sorted(rng.random(int(rng.integers(0, 4)))):
            ring.append((ax + (bx - ax) * t, ay + (by - ay) * t))
    if spike:
        (ax, ay), (bx, by) = ring[0], ring[1]
        ring[1:1] = [((ax + bx) / 2, (ay + by) / 2), ((ax + bx) / 2, ay - 5), ((ax + bx) / 2, (ay + by) / 2)]
    if rng.random() < 0.5:
        ring.reverse()
    k = int(rng.integers(0, len(ring)))
    return shapely.Polygon(ring[k:] + ring[:k])


def test_a_polygon_fills_its_box_exactly_when_shapely_says_so():
    """_fills_its_box (free_parts_meeting's short way for a zone drawn on
    the lattice) against shapely's equality with the box, on boxes drawn
    with points along their edges, L shapes, notched boxes, spikes, holes,
    slanted edges and boxes of no width."""
    rng = np.random.default_rng(29)
    seen = {True: 0, False: 0}
    for n in range(400):
        x0, y0 = rng.integers(0, 50, 2).astype(float)
        x1, y1 = x0 + rng.integers(1, 30), y0 + rng.integers(1, 30)
        kind = n % 6
        if kind in (0, 1):
            g = _box_drawn_on_nodes(x0, y0, x1, y1, rng)
        elif kind == 2:  # a hair out and back, or the ring twice round the box
            g = _box_drawn_on_nodes(x0, y0, x1, y1, rng, spike=True) if rng.random() < 0.5 else \
                shapely.Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)] * 2)
        elif kind == 3:  # an L, and a box with a notch in one side
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            g = shapely.Polygon([(x0, y0), (x1, y0), (x1, my), (mx, my), (mx, y1), (x0, y1)]) if rng.random() < 0.5 \
                else shapely.Polygon([(x0, y0), (mx, y0), (mx, my), (x1, my), (x1, y0), (x1, y1), (x0, y1)])
        elif kind == 4:  # a hole, a slanted edge, no width
            g = rng.choice([box(x0, y0, x1, y1).difference(box(x0 + 0.25, y0 + 0.25, x0 + 0.5, y0 + 0.5)),
                            shapely.Polygon([(x0, y0), (x1, y0), (x1, y1), (x0 + 0.5, y1), (x0, y1 - 0.5)]),
                            shapely.Polygon([(x0, y0), (x0, y0 + 1), (x0, y0 + 2), (x0, y0)])])
        else:
            g = box(x0, y0, x1, y1)
        want = bool(g.is_valid and not g.is_empty and g.equals(box(*g.bounds)))
        assert obstacles._fills_its_box_worked_out(g) == want, g.wkt
        seen[want] += 1
    assert min(seen.values()) > 100


def library():
    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    assert files
    return [load_mission(p) for p in files]


@pytest.mark.parametrize("hatches", obstacles.HATCH_VIEWS)
def test_the_library_free_space_as_data_is_the_polygons(hatches):
    rng = np.random.default_rng(1)
    seen = sum(check(obstacles.battlefield(m, hatches), rng) for m in library())
    assert seen > 1000


@pytest.mark.parametrize("boards", [2, 4, 8])
def test_the_dense_layouts_and_their_edits(boards):
    rng = np.random.default_rng(boards)
    base = dense_mission(boards)
    for m in [base, *small_edits(base, 6 if boards == 8 else 12)]:
        for hatches in obstacles.HATCH_VIEWS:
            check(obstacles.battlefield(m, hatches), rng)


def _random_battlefield(rng) -> obstacles.Battlefield:
    """Random boards (touching, offset, apart) and rectangles on a coarse
    grid: pieces touching face to face and corner to corner, enclosed
    pockets, pieces sticking out over the edges."""
    layouts = [[(0, 0, 20, 20)], [(0, 0, 20, 20), (20, 0, 40, 20)], [(0, 0, 20, 20), (20, 10, 40, 30)],
               [(0, 0, 20, 20), (25, 0, 45, 20)], [(0, 0, 20, 20), (20, 20, 40, 40)],
               [(0, 0, 20, 20), (0, 20, 20, 40), (20, 0, 40, 20)],
               [(0, 0, 20, 20), (10, 5, 30, 25)]]  # boards laid overlapping (a finding)
    bxs = np.array(layouts[rng.integers(len(layouts))], dtype=float)
    n = rng.integers(1, 40)
    lo = rng.integers(-2, 40, size=(n, 2)).astype(float)
    size = rng.integers(1, 8, size=(n, 2)).astype(float)
    rects = np.concatenate([lo, lo + size], 1)
    return bxs, rects


def _battlefield_of(bxs, rects) -> obstacles.Battlefield:
    """A Battlefield whose boards block exactly `rects` (one board's
    pieces as rectangles, the others none): only what the free space reads."""
    from types import SimpleNamespace

    boards = []
    for i, b in enumerate(bxs):
        r = rects if i == 0 else np.zeros((0, 4))
        bp = SimpleNamespace(rects=r, solid=shapely.union_all(shapely.box(*r.T)) if len(r) else shapely.Polygon(),
                             rectilinear=True)
        boards.append(SimpleNamespace(free_rects=r, pieces=bp, placement=SimpleNamespace(bounds=tuple(b)),
                                      rectilinear=True, closed_doors=()))
    area = shapely.union_all(shapely.box(*bxs.T))
    bf = obstacles.Battlefield(area=area, boards=tuple(boards), board_ids=tuple(str(i) for i in range(len(bxs))),
                               vrects=np.zeros((0, 4)), hrects=np.zeros((0, 4)), rectilinear=True)
    blocked = shapely.union_all(shapely.box(*rects.T))
    bf.__dict__["free"] = area.difference(blocked)
    return bf


def test_random_rectangles():
    rng = np.random.default_rng(29)
    for _ in range(300):
        check(_battlefield_of(*_random_battlefield(rng)), rng)


def test_the_polygon_answers_while_the_compiled_free_space_loads(monkeypatch):
    m = dense_mission(2)
    fast = obstacles.battlefield(m)
    c, p, n, part = fast.free_ring_corners
    monkeypatch.setattr(segments, "kernel", lambda wait=False: None)
    slow = obstacles._make_battlefield(obstacles.battlefield_key(m, "as-set"))
    assert slow._free_data is None
    for a, b in zip(slow.free_ring_corners, (c, p, n, part)):
        assert np.array_equal(a, b)
    assert slow.free_part_count == fast.free_part_count
    pts = np.random.default_rng(3).uniform(0, 1200, size=(500, 2))
    assert np.array_equal(slow.free_part_at(pts), fast.free_part_at(pts))


def test_an_edit_makes_neither_polygon(monkeypatch):
    """After an edit the free space's data comes from the strips: neither
    the free space's polygon nor a board's union of pieces is made."""
    base = dense_mission(2)
    assert len(obstacles.battlefield(base).free_ring_corners[0])
    made = []
    monkeypatch.setattr(obstacles, "_free_space", lambda *a: made.append("free"))
    monkeypatch.setattr(obstacles.BoardPieces, "solid", property(lambda self: made.append("solid")))
    for m in small_edits(base, 6):
        bf = obstacles.battlefield(m)
        assert len(bf.free_ring_corners[0]) and bf.free_part_count
        bf.free_part_at(np.array([[100.0, 100.0]]))
        bf.free_parts_meeting(box(0, 0, 50, 50))
    assert made == []


def _corners_at(bf, x, y):
    c, p, n, part = bf.free_ring_corners
    at = np.nonzero((c[:, 0] == x) & (c[:, 1] == y))[0]
    return sorted((tuple(p[i] - c[i]), tuple(n[i] - c[i]), int(part[i])) for i in at)


def test_pieces_corner_to_corner_inside_one_part():
    """Two pieces meeting at a corner in the middle of a board: one part,
    and at the point each ring turns round its own piece (a reflex corner
    of the free space twice, as the polygon's two holes have it)."""
    bf = _battlefield_of(np.array([[0.0, 0, 20, 20]]), np.array([[5.0, 5, 10, 10], [10.0, 10, 15, 15]]))
    check(bf, np.random.default_rng(0))
    assert bf.free_part_count == 1
    c, p, n, _ = bf.free_ring_corners
    at = (c[:, 0] == 10) & (c[:, 1] == 10)
    cross = (c[:, 0] - p[:, 0]) * (n[:, 1] - c[:, 1]) - (c[:, 1] - p[:, 1]) * (n[:, 0] - c[:, 0])
    assert at.sum() == 2 and (cross[at] < 0).all()
    # the point where they meet is free (on both faces), inside each is not
    assert bf.free_part_at(np.array([[10.0, 10], [7, 7], [12, 12], [10, 7]])).tolist() == [0, -1, -1, 0]


def test_free_space_meeting_itself_at_a_corner_is_two_parts():
    """Boards meeting at a corner only, and a board cut in two by pieces
    meeting corner to corner: the parts touch at a point and stay apart,
    each with a convex corner there."""
    bf = _battlefield_of(np.array([[0.0, 0, 20, 20], [20.0, 20, 40, 40]]), np.zeros((0, 4)))
    check(bf, np.random.default_rng(0))
    assert bf.free_part_count == 2
    assert _corners_at(bf, 20.0, 20.0) == [((0.0, -20.0), (-20.0, 0.0), 0), ((0.0, 20.0), (20.0, 0.0), 1)]
    # the shared corner lies in both: the first part counts
    assert bf.free_part_at(np.array([[20.0, 20.0], [30.0, 30.0]])).tolist() == [0, 1]
    cut = _battlefield_of(np.array([[0.0, 0, 20, 20]]), np.array([[0.0, 10, 10, 20], [10.0, 0, 20, 10]]))
    check(cut, np.random.default_rng(0))
    assert cut.free_part_count == 2


def test_pieces_face_to_face_leave_no_gap_and_a_pocket_is_its_own_part():
    """Pieces touching face to face leave no zero-width passage; a free
    area they enclose is a part of its own; boards laid apart do not join,
    boards side by side do."""
    ring = np.array([[5.0, 5, 15, 7], [5.0, 13, 15, 15], [5.0, 7, 7, 13], [13.0, 7, 15, 13]])
    bf = _battlefield_of(np.array([[0.0, 0, 20, 20]]), ring)
    check(bf, np.random.default_rng(0))
    assert bf.free_part_count == 2
    assert bf.free_part_at(np.array([[10.0, 10], [1, 1], [7, 10], [6, 6]])).tolist() == [1, 0, 1, -1]
    # an L round the pocket's box meets only the outer part; a box on the
    # pocket's wall's face meets both
    ell = shapely.Polygon([(0, 0), (20, 0), (20, 2), (2, 2), (2, 20), (0, 20)])
    assert bf.free_parts_meeting(ell).tolist() == [0]
    assert bf.free_parts_meeting(box(3, 3, 7, 7)).tolist() == [0, 1]
    assert bf.free_parts_meeting(box(5.5, 5.5, 6.5, 6.5)).tolist() == []
    apart = _battlefield_of(np.array([[0.0, 0, 20, 20], [25.0, 0, 45, 20]]), np.zeros((0, 4)))
    side = _battlefield_of(np.array([[0.0, 0, 20, 20], [20.0, 5, 40, 25]]), np.zeros((0, 4)))
    assert apart.free_part_count == 2 and side.free_part_count == 1
    # the side-by-side boards: one ring of 8 true corners (no vertex where
    # a board's corner lies on the other's edge and the ring runs straight)
    assert len(side.free_ring_corners[0]) == 8


def _plain_slots(board, key):
    """A board's panel slots worked out the plain way (every panel, every
    edit), as _board_pieces did before they were kept with the pieces."""
    from layout_editor.catalogue import default_catalogue
    from layout_editor.model.lattice import Placement
    cat = default_catalogue()
    placement = Placement.of(board, cat)
    standing = {k[3] for k in key if k[3] is not None}
    out = []
    for code, a, b, *_ in key:
        if a is None or b is None or code not in cat.pieces:
            continue
        if a in standing:
            out.append(obstacles._slot(placement, a, b, cat.wall_thickness))
        if b in standing:
            out.append(obstacles._slot(placement, b, a, cat.wall_thickness))
    return np.array(out, dtype=float).reshape(-1, 4)


def _plain_door_rects(bo):
    """The closed doors' strips one door at a time from the polygons."""
    out = []
    for d in bo.closed_doors:
        x0, y0, x1, y1 = d.bounds
        if x1 - x0 >= y1 - y0:
            out.append((x0 - obstacles.DOOR_OVERLAP_MM, y0, x1 + obstacles.DOOR_OVERLAP_MM, y1))
        else:
            out.append((x0, y0 - obstacles.DOOR_OVERLAP_MM, x1, y1 + obstacles.DOOR_OVERLAP_MM))
    return np.array(out, dtype=float).reshape(-1, 4)


@pytest.mark.parametrize("boards", [2, 4])
def test_what_the_placed_pieces_keep_is_what_an_edit_would_work_out(boards):
    """The slots and doors' boxes kept with each placed piece (reused by
    every later edit of its board) are those worked out afresh."""
    m = dense_mission(boards)
    for e in [m, *small_edits(m, 9)]:
        for hatches in ("as-set", "closed"):
            for b, k, o in obstacles.battlefield_key(e, hatches):
                bo = obstacles._board_obstacles(b, k, o)
                assert np.array_equal(bo.pieces.slot_rects, _plain_slots(b, k))
                assert np.array_equal(bo._door_rects(), _plain_door_rects(bo))
                assert np.array_equal(bo.closed_door_bounds,
                                      shapely.bounds(np.array(bo.closed_doors, dtype=object)).reshape(-1, 4))


def test_a_battlefield_and_changed_boxes_asked_again_are_the_same():
    """battlefield() per mission object, and changed_boxes per pair, are
    what working them out again gives."""
    m = dense_mission(2)
    e = next(iter(small_edits(m, 3)))
    a, b = obstacles.battlefield(m), obstacles.battlefield(e)
    assert obstacles.battlefield(m) is a and a is obstacles._battlefield(obstacles.battlefield_key(m, "as-set"))
    first = obstacles.changed_boxes(a, b)
    again = obstacles.changed_boxes(a, b)
    assert first == again == obstacles._changed_boxes(a, b, 8)
    assert first is not again  # each caller its own list
    assert obstacles.changed_boxes(b, a) == obstacles._changed_boxes(b, a, 8)
    assert obstacles.changed_boxes(a, b, 0) is None


def test_an_edit_s_few_pieces_cut_alone_are_those_cut_together():
    """_rectangles on one or a few areas (an edit's pieces, looked at one
    by one) gives what the vectorised pass gives, on every piece of the
    dense layouts and on areas that are not one box."""
    from shapely.geometry import MultiPolygon, Polygon

    from layout_editor.rules.geometry import piece_shapes
    geoms = []
    for b, k, _ in obstacles.battlefield_key(dense_mission(2), "as-set"):
        from layout_editor.model.lattice import Placement
        for sh in piece_shapes(list(k), Placement.of(b)):
            if sh is not None:
                geoms += [sh.solid] + ([sh.door] if sh.door is not None else [])
    geoms += [box(0, 0, 2, 1), Polygon([(0, 0), (2, 0), (2, 1), (1, 2), (0, 1)]),
              Polygon([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]),
              box(0, 0, 4, 4).difference(box(1, 1, 2, 2)), MultiPolygon([box(0, 0, 1, 1), box(2, 0, 3, 1)]),
              shapely.affinity.rotate(box(0, 0, 2, 1), 30), Polygon(), Polygon([(0, 0), (1, 0), (1, 1), (1, 1), (0, 1)]),
              MultiPolygon([box(0, 0, 1, 1), Polygon([(2, 0), (4, 0), (4, 1), (3, 2), (2, 1)])]),
              MultiPolygon([box(0, 0, 1, 1), box(2, 0, 5, 5).difference(box(3, 1, 4, 2))]), MultiPolygon(),
              MultiPolygon([box(5, 0, 6, 1), box(0, 3, 2, 4), box(1, 1, 2, 2)])]
    together = obstacles._rectangles_all(geoms)
    for g, want in zip(geoms, together):
        got = obstacles._rectangles([g])[0]
        assert (got is None) == (want is None), g
        if want is not None:
            assert np.array_equal(got, want)
    few = obstacles._rectangles(geoms[-4:])
    for got, want in zip(few, together[-4:]):
        assert (got is None) == (want is None)


def test_a_view_s_key_made_with_the_layout_s_is_the_plain_one():
    """_battlefield_key made in one pass with the layout's key (asked
    first) or from the layout's key (asked after) is the plain one."""
    from layout_editor import memo
    for e in [dense_mission(2), *small_edits(dense_mission(2), 4)]:
        plain = tuple((b, k, obstacles.hatches_open(obstacles._board_groups(e)[b.id], "as-set"))
                      for b, k in obstacles.layout_key(e))
        memo.clear_all()
        assert obstacles.battlefield_key(e, "as-set") == plain  # first: one pass
        assert obstacles.remembered_layout_key(e) == obstacles.layout_key(e)
        memo.clear_all()
        obstacles.remembered_layout_key(e)
        assert obstacles.battlefield_key(e, "as-set") == plain  # after the layout's
