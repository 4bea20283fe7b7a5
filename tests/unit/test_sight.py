"""Sight (rules/sight.py): base to base against a brute-force check, the
visibility polygon against the segment test, the longest sight line, and
entry zones in sight of each other."""
from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, box

from layout_editor.io import load_mission
from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import sight
from layout_editor.rules.obstacles import battlefield
from layout_editor.rules.paths import MeasureError

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def library_mission(k=0):
    files = sorted(p for p in LIBRARY.glob("*.yaml") if not p.name.endswith(".de.yaml"))
    return load_mission(files[k % len(files)])


def free_points(bf, n, seed, margin=0.0):
    rng = random.Random(seed)
    x0, y0, x1, y1 = bf.area.bounds
    out = []
    # a base of radius `margin` stands there: clear of the pieces and wholly on the boards
    keep_off = bf.obstacles.buffer(margin) if margin else None
    room = bf.area.buffer(-margin, join_style="mitre") if margin else None
    while len(out) < n:
        p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        if not bf.on_battlefield(*p) or bf.in_obstacle(*p):
            continue
        if keep_off is not None and (keep_off.contains(shapely.Point(p)) or not room.contains(shapely.Point(p))):
            continue
        out.append(p)
    return out


def rim(c, r, n):
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.stack([c[0] + r * np.cos(a), c[1] + r * np.sin(a)], axis=1)


def brute_force(bf, c1, r1, c2, r2, n1=180, n2=90):
    """Sampled: which rim points of base 2 some sampled point of base 1 sees."""
    src = np.concatenate([rim(c1, r1, n1), rim(c1, r1 * 0.5, n1 // 3), [c1]])
    dst = rim(c2, r2, n2)
    a = np.repeat(src, len(dst), axis=0)
    b = np.tile(dst, (len(src), 1))
    ok = bf.clear(a, b).reshape(len(src), len(dst))
    return ok.any(axis=0)


def test_sight_agrees_with_brute_force_on_a_library_mission():
    mission = library_mission(0)
    bf = battlefield(mission)
    # pairs enough that both a partly and a fully visible answer come up
    pts = free_points(bf, 160, 4, margin=16)
    checked_partial = checked_full = 0
    for c1, c2 in zip(pts[:80], pts[80:]):
        s = sight.sight_between(mission, c1, 32, c2, 32)
        seen = brute_force(bf, c1, 16, c2, 16)
        if seen.any():
            assert s.visible            # a sampled clear line exists: it must be found
        if s.visible:
            for p, q in s.lines:        # every proving line is clear and joins the bases
                assert bf.clear(np.array([p]), np.array([q]))[0]
                assert math.dist(p, c1) <= 16 + 1e-6
                assert math.dist(q, c2) <= 16 + 1e-6
        else:
            assert not s.fully_visible and s.lines == []
        if s.visible and not s.fully_visible:
            checked_partial += 1
            # the hidden rim point it names is hidden from every sampled point of base 1
            for _, q in s.blocked:
                src = np.concatenate([rim(c1, 16, 360), [c1]])
                assert not bf.clear(src, np.broadcast_to(q, src.shape)).any()
        if s.fully_visible:
            # sampling base 1 finely, (nearly) every rim point of base 2 is seen;
            # sampling can only miss lines, never find one that is not there
            assert brute_force(bf, c1, 16, c2, 16, n1=720, n2=45).mean() >= 0.9
            checked_full += 1
    assert checked_partial >= 1 and checked_full >= 1


def test_visible_is_symmetric():
    mission = library_mission(1)
    bf = battlefield(mission)
    pts = free_points(bf, 40, 8, margin=20)
    for c1, c2 in zip(pts[:20], pts[20:]):
        assert (sight.sight_between(mission, c1, 40, c2, 25).visible
                == sight.sight_between(mission, c2, 25, c1, 40).visible)


def test_grazing_a_corner_does_not_block():
    # The wall's top-left corner is (203.75, 118.5); the wall lies below-right of it.
    m = Mission(title="t", boards=(Board(id="A"),),
                pieces=(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)),))
    bf = battlefield(m)
    corner = np.array([203.75, 118.5])
    up_right = np.array([1.0, -1.0]) / math.sqrt(2)    # grazes the corner
    down_right = np.array([1.0, 1.0]) / math.sqrt(2)   # cuts into the wall
    assert bf.clear(np.array([corner - 60 * up_right]), np.array([corner + 60 * up_right]))[0]
    assert not bf.clear(np.array([corner - 60 * down_right]), np.array([corner + 60 * down_right]))[0]
    # two tiny bases whose centre line grazes the corner
    s = sight.sight_between(m, tuple(corner - 60 * up_right), 0.002, tuple(corner + 60 * up_right), 0.002)
    assert s.visible and s.fully_visible
    # a line along the wall's face only touches it
    s = sight.sight_between(m, (203.75 - 1, 60), 2, (203.75 - 1, 400), 2)
    assert s.visible and s.fully_visible


def test_bases_overlapping_see_each_other_fully():
    m = Mission(title="t", boards=(Board(id="A"),))
    s = sight.sight_between(m, (100, 100), 32, (110, 100), 32)
    assert s.visible and s.fully_visible


def test_sight_errors():
    m = Mission(title="t", boards=(Board(id="A"),),
                pieces=(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)),))
    with pytest.raises(MeasureError):
        sight.sight_between(m, (206.5, 200), 32, (100, 100), 32)
    with pytest.raises(MeasureError):
        sight.sight_between(m, (100, 100), 0, (300, 100), 32)
    with pytest.raises(MeasureError):
        sight.sight_between(m, (100, 100), 32, (900, 100), 32)


# -- visibility polygon --------------------------------------------------------------

@pytest.mark.parametrize("k", [0, 2])
def test_visibility_polygon_matches_the_segment_test(k):
    mission = library_mission(k)
    bf = battlefield(mission)
    viewers = free_points(bf, 12, 21)
    probes = np.array(free_points(bf, 1500, 22))
    for p in viewers:
        vp = sight.visibility_polygon(mission, p)
        assert vp.geom_type == "Polygon" and vp.intersects(shapely.Point(p))
        inside = shapely.intersects_xy(vp, probes[:, 0], probes[:, 1])
        seen = bf.clear(np.broadcast_to(p, probes.shape), probes)
        near_edge = shapely.distance(vp.boundary, shapely.points(probes)) < 1e-3
        assert ((inside == seen) | near_edge).all()


def test_visibility_polygon_of_a_point_against_a_wall():
    m = Mission(title="t", boards=(Board(id="A"),),
                pieces=(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)),))
    # standing on the wall's left face: nothing to the right of it is seen
    vp = sight.visibility_polygon(m, (203.75, 200))
    assert not vp.intersects(shapely.Point(260, 200))
    assert vp.intersects(shapely.Point(150, 200))


# -- longest sight line ---------------------------------------------------------------

def test_longest_sight_line_on_an_empty_board_is_its_diagonal():
    m = Mission(title="t", boards=(Board(id="A"),))
    length, (p, q) = sight.longest_sight_line(m)
    assert length == pytest.approx(math.hypot(704, 607))


def test_longest_sight_line_is_clear_and_nothing_sampled_is_longer():
    mission = library_mission(0)
    bf = battlefield(mission)
    length, (p, q) = sight.longest_sight_line(mission)
    assert math.dist(p, q) == pytest.approx(length)
    assert LineString([p, q]).covered_by(bf.free.buffer(1e-6))
    # random clear segments extended to where they are blocked are never longer
    rng = random.Random(5)
    pts = np.array(free_points(bf, 400, 6))
    a, b = pts[:200], pts[200:]
    ok = bf.clear(a, b)
    u = b[ok] - a[ok]
    u /= np.hypot(u[:, 0], u[:, 1])[:, None]
    back = sight._ray_free_length(bf, a[ok], -u)
    fwd = sight._ray_free_length(bf, a[ok], u)
    assert ((back + fwd) <= length + 1e-6).all()
    assert rng is not None


def test_longest_sight_line_ignores_open_hatchways_and_respects_closed_ones():
    # a long wall line across the board with a hatchway in it
    pieces = [Piece(code="A2", board="A", from_node=(2 * k, 3), to_node=(2 * k + 2, 3)) for k in range(3)]
    pieces.append(Piece(code="B3-1", board="A", from_node=(6, 3), to_node=(7, 3), facing="left", open=True))
    m = Mission(title="t", boards=(Board(id="A"),), pieces=tuple(pieces))
    closed_len, _ = sight.longest_sight_line(m, hatches="closed")
    open_len, _ = sight.longest_sight_line(m, hatches="open")
    assert open_len > closed_len


# -- entry zones ------------------------------------------------------------------------

def test_zones_see_each_other_across_an_open_board_but_not_through_a_wall():
    zone_a = box(12.5, 12.5, 109.5, 594.5)
    zone_b = box(594.5, 12.5, 691.5, 594.5)
    empty = Mission(title="t", boards=(Board(id="A"),))
    line = sight.zones_see_each_other(empty, zone_a, zone_b)
    assert line is not None
    bf = battlefield(empty)
    assert bf.clear(np.array([line[0]]), np.array([line[1]]))[0]
    # a wall right across the board between them, flush with both edges
    wall = [Piece(code="A2", board="A", from_node=(3, 2 * k), to_node=(3, 2 * k + 2)) for k in range(3)]
    wall += [Piece(code="pillar-left", board="A", at=(3, 0), turned=True),
             Piece(code="pillar-left", board="A", at=(3, 6), turned=True)]
    walled = Mission(title="t", boards=(Board(id="A"),), pieces=tuple(wall))
    assert sight.zones_see_each_other(walled, zone_a, zone_b) is None


def test_longest_sight_line_after_edits_equals_a_search_from_scratch():
    from dataclasses import replace
    mission = library_mission(0)
    sight.longest_sight_line(mission)
    current = mission
    rng = random.Random(8)
    taken = []
    for step in range(10):
        pieces = list(current.pieces)
        if step % 2 and taken:
            pieces.insert(rng.randrange(len(pieces)), taken.pop())
        else:
            taken.append(pieces.pop(rng.randrange(len(pieces))))
        current = replace(current, pieces=tuple(pieces))
        length, _ = sight.longest_sight_line(current)
        assert length == pytest.approx(sight._longest(battlefield(current))[0][0])


@pytest.mark.parametrize("way", ["compiled", "numpy"])
@pytest.mark.parametrize("k, seed", [(0, 3), (1, 5), (0, 17)])
def test_longest_sight_line_over_a_long_chain_of_edits_equals_a_search_from_scratch(k, seed, way, monkeypatch):
    """The incremental search keeps the longest lines of the layout before;
    a chain of edits that blocks them one after another (doors closed, walls
    taken away and put back) must still find what a search from scratch finds
    (with the compiled segment tests of rules/segments.py, and with numpy's)."""
    from dataclasses import replace

    from layout_editor.rules import segments
    from layout_editor.rules.cache import clear_all

    if way == "numpy":
        monkeypatch.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
    elif segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed")
    clear_all()  # the pair table starts afresh under this way of testing
    mission = library_mission(k)
    sight.longest_sight_line(mission)
    current = mission
    rng = random.Random(seed)
    taken = []
    for _step in range(30):
        pieces = list(current.pieces)
        doors = [n for n, p in enumerate(pieces) if p.open is not None]
        roll = rng.random()
        if roll < 0.4 and doors:
            n = rng.choice(doors)
            pieces[n] = replace(pieces[n], open=not pieces[n].open)
        elif roll < 0.7 and taken:
            pieces.insert(rng.randrange(len(pieces) + 1), taken.pop(rng.randrange(len(taken))))
        else:
            taken.append(pieces.pop(rng.randrange(len(pieces))))
        current = replace(current, pieces=tuple(pieces))
        length, (p, q) = sight.longest_sight_line(current)
        bf = battlefield(current)
        assert length == pytest.approx(sight._longest(bf)[0][0])
        assert bf.clear(np.array([p]), np.array([q]))[0]


@pytest.mark.parametrize("k", [0, 1])
def test_clear_long_answers_as_clear(k, monkeypatch):
    """Battlefield.clear_long (the biggest strips first) gives clear()'s
    answers, for long and short segments, axis-aligned ones among them."""
    from layout_editor.rules import obstacles
    monkeypatch.setattr(obstacles, "BIG_RECTS", 8)
    monkeypatch.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")  # numpy's clear_long; the compiled one is clear
    bf = battlefield(library_mission(k))
    x0, y0, x1, y1 = bf.area.bounds
    rng = np.random.default_rng(k)
    a = rng.uniform((x0, y0), (x1, y1), size=(3000, 2))
    b = rng.uniform((x0, y0), (x1, y1), size=(3000, 2))
    b[:300, 0] = a[:300, 0]          # vertical
    b[300:600, 1] = a[300:600, 1]    # horizontal
    corners = sight._corners(bf)
    a[600:900] = corners[rng.integers(len(corners), size=300)]
    b[600:900] = corners[rng.integers(len(corners), size=300)]
    got = bf.clear_long(a, b)
    want = bf.clear(a, b)
    assert got.any() and not got.all()
    assert (got == want).all()


# -- bases that cannot stand (issue 10) ------------------------------------------------

def test_a_base_that_overlaps_a_wall_or_hangs_off_the_table_is_refused_naming_it():
    m = Mission(title="t", boards=(Board(id="A"),),
                pieces=(Piece(code="A1", board="A", from_node=(2, 1), to_node=(2, 3)),))
    # the A1's face is x = 203.75: a 32 mm base centred 16 mm from it touches it
    assert sight.sight_between(m, (203.75 - 16, 200), 32, (100, 200), 32).fully_visible
    with pytest.raises(MeasureError, match=r"^the observer's 32 mm base at \(190, 200\) overlaps a wall$"):
        sight.sight_between(m, (190, 200), 32, (100, 200), 32)
    with pytest.raises(MeasureError, match=r"^the target's 32 mm base at \(190, 200\) overlaps a wall$"):
        sight.sight_between(m, (100, 200), 32, (190, 200), 32)
    # partly off the boards: it used to be "fully visible"
    with pytest.raises(MeasureError, match=r"^the target's 32 mm base at \(10, 300\) hangs off the battlefield$"):
        sight.sight_between(m, (100, 300), 32, (10, 300), 32)
    with pytest.raises(MeasureError, match="observer's 40 mm base"):
        sight.sight_between(m, (690, 590), 40, (100, 300), 32)
    assert sight.sight_between(m, (16, 300), 32, (100, 300), 32).fully_visible


def test_a_base_may_stand_in_an_open_doorway_for_sight_but_not_in_a_closed_one():
    m = Mission(title="t", boards=(Board(id="A"),), pieces=(
        Piece(code="B2", board="A", from_node=(4, 1), to_node=(4, 2), facing="left", open=True),))
    assert sight.sight_between(m, (300, 158), 32, (390, 158), 32).fully_visible
    with pytest.raises(MeasureError, match="overlaps a wall"):
        sight.sight_between(m, (300, 158), 32, (390, 158), 32, hatches="closed")


def test_the_command_line_refuses_such_a_base_with_one_line_and_exit_2(capsys):
    from layout_editor import cli

    path = Path(__file__).resolve().parents[1] / "golden" / "sight-base-must-stand" / "mission.yaml"
    code = cli.main(["sight", str(path), "100", "200", "32", "10", "300", "32"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.splitlines() == [f"{path}: the target's 32 mm base at (10, 300) hangs off the battlefield"]
    code = cli.main(["sight", str(path), "190", "200", "32", "100", "200", "32"])
    out, err = capsys.readouterr()
    assert code == 2 and err.splitlines() == [f"{path}: the observer's 32 mm base at (190, 200) overlaps a wall"]


def test_compiled_ray_test_equals_numpy(monkeypatch):
    """How far a ray goes before it passes into something: the compiled test
    (rules/segments.py) gives numpy's answers, rays along the axes among them."""
    from layout_editor.rules import segments

    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (numpy answers alone)")
    for k in (0, 1):
        bf = battlefield(library_mission(k))
        rng = np.random.default_rng(k)
        corners = sight._corners(bf)
        p = corners[rng.integers(len(corners), size=2000)]
        ang = rng.uniform(0, 2 * np.pi, 2000)
        ang[:200] = rng.integers(0, 4, 200) * (np.pi / 2)  # along the axes
        u = np.stack([np.cos(ang), np.sin(ang)], axis=1)
        u[:200] = np.round(u[:200])
        compiled = sight._ray_free_length(bf, p, u)
        with monkeypatch.context() as mp:
            mp.setenv("LAYOUT_EDITOR_NO_NUMBA", "1")
            numpy_way = sight._ray_free_length(bf, p, u)
        assert np.array_equal(compiled, numpy_way)
        assert (compiled > 0).any()


# -- the longest line's tie rule ----------------------------------------------------------

def _longest_with_corners_shuffled(mission, seed, monkeypatch):
    """The longest line with the free space's corners in another order (as
    another union of the pieces, or GEOS, may give them), every cache empty."""
    from layout_editor.rules import longest
    from layout_editor.rules.cache import clear_all

    real = longest._corner_wedges

    def shuffled(bf):
        v, a, b = real(bf)
        if seed is None:
            return v, a, b
        order = np.random.default_rng(seed).permutation(len(v))
        return v[order], a[order], b[order]

    monkeypatch.setattr(longest, "_corner_wedges", shuffled)
    clear_all()
    try:
        return {h: sight.longest_sight_line(mission, hatches=h) for h in ("as-set", "closed", "open")}
    finally:
        monkeypatch.setattr(longest, "_corner_wedges", real)
        clear_all()


def test_longest_sight_line_ties_go_to_the_least_ends():
    """On an empty board both diagonals are longest: the one shown is the
    one with the lesser ends (its lower-left corner first)."""
    from layout_editor.rules.cache import clear_all

    clear_all()
    m = Mission(title="t", boards=(Board(id="A"),))
    bf = battlefield(m)
    x0, y0, x1, y1 = bf.area.bounds
    length, (p, q) = sight.longest_sight_line(m)
    assert length == pytest.approx(math.hypot(x1 - x0, y1 - y0))
    assert [*p, *q] == pytest.approx([x0, y0, x1, y1])
    # both diagonals are found, equally long, the shown one first
    top = sight._longest(bf)
    assert len(top) >= 2 and top[1][0] == pytest.approx(length, abs=1e-6)
    assert [*top[1][1][0], *top[1][1][1]] == pytest.approx([x0, y1, x1, y0])


@pytest.mark.parametrize("k", [0, 1, 2])
def test_longest_sight_line_does_not_depend_on_the_order_of_corners(k, monkeypatch):
    """The tie rule: the line shown is the same whatever order the free
    space's corners come in (library missions, all three hatchway views)."""
    mission = library_mission(k)
    want = _longest_with_corners_shuffled(mission, None, monkeypatch)
    for seed in (1, 2):
        got = _longest_with_corners_shuffled(mission, seed, monkeypatch)
        for h in want:
            assert got[h][0] == pytest.approx(want[h][0], abs=1e-9)
            assert np.allclose(got[h][1], want[h][1], rtol=0, atol=1e-9)


def test_longest_sight_line_does_not_depend_on_the_order_of_corners_on_a_mirrored_layout(monkeypatch):
    """Two boards with the same pieces mirrored: every line has its mirror
    image, equally long; the one shown is the same in any order of corners,
    also after edits (the incremental search keeps the tied lines)."""
    from benchmarks.layouts import dense_mission, small_edits

    m = dense_mission(2)
    want = _longest_with_corners_shuffled(m, None, monkeypatch)
    got = _longest_with_corners_shuffled(m, 3, monkeypatch)
    for h in want:
        assert got[h][0] == pytest.approx(want[h][0], abs=1e-9)
        assert np.allclose(got[h][1], want[h][1], rtol=0, atol=1e-9)
    from layout_editor.rules.cache import clear_all

    clear_all()
    sight.longest_sight_line(m)
    for e in small_edits(m, 6, seed=5):
        length, line = sight.longest_sight_line(e)
        top = sight._longest(battlefield(e))
        assert length == pytest.approx(top[0][0], abs=1e-9)
        assert np.allclose(line, top[0][1], rtol=0, atol=1e-9)


def test_longest_line_never_runs_along_the_table_edge_through_a_walls_foot():
    """A wall standing on the table's edge meets the edge face to face: a
    line along the edge is blocked there (Battlefield._unsqueezed), though a
    ray along it only grazes the wall's foot. The longest line's extensions
    stop there, so every longest line is clear by Battlefield.clear (before,
    8 library missions showed a line the length of the table's edge)."""
    import glob

    from layout_editor.io import load_mission
    from layout_editor.rules import longest
    from layout_editor.rules.obstacles import battlefield

    root = Path(__file__).resolve().parents[2]
    m = load_mission(root / "mission_library" / "hollow-reliquary.yaml")
    bf = battlefield(m)
    # the wall on the bottom edge: its foot from x = 289.5 to 317.5 on y = 0
    a, b = np.array([[0.0, 0.0]]), np.array([[100.0, 0.0]])
    assert bf.clear(a, b)[0] and not bf.clear(np.array([[0.0, 0.0]]), np.array([[704.0, 0.0]]))[0]
    uu = np.array([[1.0, 0.0]])
    back, fwd = np.array([0.0]), np.array([604.0])
    longest._stop_at_squeezes(bf, a, b, uu, back, fwd)
    assert fwd[0] == pytest.approx(189.5)
    # the same line the other way round
    back, fwd = np.array([604.0]), np.array([0.0])
    longest._stop_at_squeezes(bf, b, a, -uu, back, fwd)
    assert back[0] == pytest.approx(189.5)
    for f in sorted(glob.glob(str(root / "mission_library" / "*.yaml"))):
        mission = load_mission(f)
        length, (p, q) = sight.longest_sight_line(mission)
        assert battlefield(mission).clear(np.array([p]), np.array([q]))[0], f
