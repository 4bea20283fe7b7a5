"""Issue 29: the standing area is kept per tile and an edit redoes only the
tiles within a base's reach of what changed (reach.py's notes). Against the
plain way: after every edit of a chain (caches warm, each board's standing
area made from the one before), the regions in all three hatchway views
are those of a cold build of that state, and those of the table-wide
brute force (test_board_by_board)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from layout_editor import memo
from layout_editor.catalogue import default_catalogue
from layout_editor.model import Board, Mission, Piece
from layout_editor.rules import reach

VIEWS = ("as-set", "closed", "open")


def plain_regions(st, label):
    """Regions grouped by label the plain way: parts in order, zones united,
    sizes summed, boxes the extremes; largest first."""
    groups: dict[int, list[int]] = {}
    for m, g in enumerate(label.tolist()):
        groups.setdefault(g, []).append(m)
    out = []
    for ms in groups.values():
        b = st.bounds[ms]
        out.append((tuple(p for m in ms for p in st.parts[m]),
                    frozenset().union(*(st.cells[m] for m in ms)), float(st.area[ms].sum()),
                    (float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max()))))
    out.sort(key=lambda x: (-x[2], x[3]))
    return out


def _answer(mission: Mission) -> dict[str, list[tuple[float, frozenset]]]:
    return {h: sorted(((round(r.size, 3), r.cells) for r in reach.regions(mission, 32.0, h)),
                      key=lambda x: (-x[0], sorted(x[1])))
            for h in VIEWS}


def _chain(board: str | None, count: int, seed: int) -> list[Mission]:
    from benchmarks.layouts import dense_mission, small_edits

    return list(small_edits(dense_mission(2), count, seed=seed, board=board))


@pytest.mark.parametrize("board,seed", [(None, 3), ("B", 8)])
def test_edits_redo_only_their_tiles_and_answer_as_a_cold_build(board, seed):
    """Pillars turned, walls moved, hatchways opened on one board (the
    first, then the second: its edge meets the first board's tiles), each
    state asked warm, then cold: the same regions, the same zones in each,
    the same areas."""
    memo.clear_all()
    states = _chain(board, 12, seed)
    warm = [_answer(s) for s in states]
    for s, got in zip(states, warm):
        memo.clear_all()
        assert got == _answer(s)


def test_an_edit_and_its_undo_find_the_tiles_again():
    """Back to a state seen before: the regions are those of that state."""
    from benchmarks.layouts import dense_mission, small_edits

    m = dense_mission(2)
    first = _answer(m)
    for e in small_edits(m, 4):
        _answer(e)
    assert _answer(m) == first


def test_a_wall_moved_across_a_tile_edge_and_over_the_board_edge():
    """Walls moved one by one along a line that crosses tile edges and the
    edge between two boards: warm answers equal cold ones at every step."""
    kind = default_catalogue().board("boarding-actions")
    nx, ny = kind.nodes
    boards = (Board(id="A"), Board(id="B", at=(kind.width, 0.0)))
    rng = random.Random(4)
    pieces = [Piece(code="B1", board="A", from_node=(nx - 1, j), to_node=(nx - 1, j + 1), uid=j + 1)
              for j in range(0, ny - 1, 2)]
    m = Mission(title="t", boards=boards, pieces=tuple(pieces))
    states = []
    for _step in range(8):
        k = rng.randrange(len(pieces))
        i = rng.randrange(nx - 1)
        j = rng.randrange(ny - 1)
        pieces[k] = replace(pieces[k], from_node=(i, j), to_node=(i + 1, j))
        m = replace(m, pieces=tuple(pieces))
        states.append(m)
    memo.clear_all()
    warm = [_answer(s) for s in states]
    for s, got in zip(states, warm):
        memo.clear_all()
        assert got == _answer(s)


def test_zones_reached_are_those_the_general_relate_finds():
    """A part reaches into a zone when their insides meet: intersects and
    not touches, as the general DE-9IM pattern T******** says."""
    import numpy as np
    import shapely

    from benchmarks.layouts import dense_mission
    from layout_editor.rules.obstacles import remembered_layout_key

    m = dense_mission(2)
    boards = tuple(b for b, _ in remembered_layout_key(m))
    keys, cell_polys, _ = reach._cells_index(boards)
    for r in reach.regions(m, 32.0, "closed"):
        parts = np.array(r.parts, dtype=object)
        want = set()
        for k, c in zip(keys, cell_polys):
            if shapely.relate_pattern(parts, c, "T********").any():
                want.add(k)
        assert r.cells == want


def test_a_part_that_only_touches_a_zone_does_not_reach_it():
    """A standing area ending exactly on a zone line reaches the zones on
    its side, not those beyond the line it touches."""
    from shapely.geometry import box

    from layout_editor.model.lattice import Placement

    boards = (Board(id="A"),)
    pl = Placement.of(boards[0], default_catalogue())
    # the zones (1, 1) and (2, 1) share a line; the area covers (1, 1) and
    # stops on that line
    (ax0, ay0), _, (ax1, ay1), _ = pl.cell_corners_table((1, 1))
    area = box(min(ax0, ax1), min(ay0, ay1), max(ax0, ax1), max(ay0, ay1))
    tile = reach._tile_of(boards, area)
    assert tile.cells == [frozenset({("A", (1, 1))})]


def test_a_first_analysis_keeps_each_board_whole_and_an_edit_cuts_only_its_board():
    """Lazy tiles: a first analysis works each board whole (no tiles cut);
    the first edit of a board cuts that board on its tiles (and the boards
    its pieces reach), the others stay whole, glued to the cut ones part
    against part. Every state, warm (whole and cut boards mixed), answers
    as a cold build; so does the undo, back on a board now cut."""
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    def standing(m: Mission) -> list:
        key = remembered_layout_key(m)
        st = reach._standing(tuple(b for b, _ in key), board_pieces(key), 16.0)
        return st.boards

    memo.clear_all()
    m = dense_mission(3)
    first = _answer(m)
    assert all(bs.whole is not None for bs in standing(m))
    states = list(small_edits(m, 5, seed=5, board="B"))
    warm = [_answer(s) for s in states]
    per = standing(states[-1])
    assert per[1].whole is None                  # the edited board: cut
    assert any(bs.whole is not None for bs in per)   # a board it does not reach: whole
    assert _answer(m) == first
    for s, got in zip(states, warm):
        memo.clear_all()
        assert got == _answer(s)


def test_rectangle_tiles_are_the_floor_less_the_board_grown_whole():
    """The fast path of a rectilinear table (reach._Blocks as rectangles,
    each tile uniting and growing only the rectangles within reach of it)
    against the plain way: every tile of every board, after edits, is its
    floor less the union of every board's pieces and doors grown by the
    base, clipped to the tile; and no edit builds a board's union."""
    import numpy as np
    import shapely

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    memo.clear_all()
    m = dense_mission(2)
    _answer(m)
    first = set(map(id, board_pieces(remembered_layout_key(m))))
    checked = 0
    for e in small_edits(m, 6, seed=11):
        key = remembered_layout_key(e)
        boards = tuple(b for b, _ in key)
        pieces = board_pieces(key)
        _answer(e)
        # an edit's board: its pieces as rectangles, never united whole
        assert all(reach._blocks(bp, 16.0 - reach.TOUCH_MM).rectangles for bp in pieces)
        assert all("solid" not in vars(bp) for bp in pieces if id(bp) not in first)
        keep = 16.0 - reach.TOUCH_MM
        tiling = reach._tiling(boards, keep)
        # the plain way: every piece and door, united, grown
        grown = shapely.buffer(shapely.union_all([g for bp in pieces for g in (*bp.parts, *bp.doors)]),
                               keep, quad_segs=reach.BUFFER_QUAD_SEGS)
        st = reach._standing(boards, pieces, 16.0)
        for i, bs in enumerate(st.boards):
            if bs.whole is not None:
                continue
            for t, tile in enumerate(bs.tiles):
                g = tiling.start[i] + t
                checked += 1
                want = tiling.share(g).difference(grown)
                got = shapely.union_all(tile.arr) if len(tile.arr) else shapely.Polygon()
                assert abs(got.area - want.area) < 1e-6, (i, t)
                assert got.symmetric_difference(want).area < 1e-6, (i, t)
                assert sorted(np.round(tile.areas, 6)) == sorted(
                    np.round(shapely.area(np.array(reach._polygons(want), dtype=object)), 6)), (i, t)


def test_components_are_those_of_a_plain_graph_search():
    """reach._components (union-find, numbered by first node) against a
    breadth-first search of the same graph, on random graphs."""
    import numpy as np

    rng = random.Random(7)
    for _ in range(500):
        n = rng.randrange(1, 30)
        m = rng.randrange(0, 40)
        i = np.array([rng.randrange(n) for _ in range(m)], dtype=np.int64)
        j = np.array([rng.randrange(n) for _ in range(m)], dtype=np.int64)
        nbr: dict[int, set[int]] = {k: set() for k in range(n)}
        for a, b in zip(i.tolist(), j.tolist()):
            nbr[a].add(b)
            nbr[b].add(a)
        want = [-1] * n
        count = 0
        for k in range(n):
            if want[k] < 0:
                want[k] = count
                todo = [k]
                while todo:
                    x = todo.pop()
                    for y in nbr[x]:
                        if want[y] < 0:
                            want[y] = count
                            todo.append(y)
                count += 1
        assert reach._components(n, i, j).tolist() == want


def test_passages_meet_the_components_a_tree_finds():
    """_BoardStanding.met (boxes in numpy, then intersects) against an
    STRtree query of the board's parts, after edits that cut the boards."""
    import numpy as np
    import shapely

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    memo.clear_all()
    m = dense_mission(2)
    _answer(m)
    found: list[int] = []
    for e in small_edits(m, 5, seed=2):
        _answer(e)
        key = remembered_layout_key(e)
        pieces = board_pieces(key)
        st = reach._standing(tuple(b for b, _ in key), pieces, 16.0)
        _, _, pb, passages = reach._passages([d for bp in pieces for d in bp.doors], 16.0)
        # and boxes strewn over the table, whose boxes meet parts' boxes
        # without meeting the parts
        rng = random.Random(len(found))
        x = np.array([rng.uniform(0, 1400) for _ in range(200)])
        y = np.array([rng.uniform(0, 600) for _ in range(200)])
        w = np.array([rng.uniform(1, 60) for _ in range(200)])
        strewn = np.column_stack([x, y, x + w, y + w])
        for qb, q in ((pb, passages), (strewn, shapely.box(*strewn.T))):
            for bs in st.boards:
                bs._met = None
                got = sorted(zip(*(a.tolist() for a in bs.met(qb, q))))
                p, s = shapely.STRtree(bs.arr).query(q, predicate="intersects")
                want = sorted(zip(p.tolist(), bs.comp[s].tolist()))
                assert got == want
                found.append(len(want))
    assert min(found) > 0


def test_views_share_regions_only_where_they_join_the_same_components():
    """_regions keeps a view's regions by the components' labels, so views
    whose passages join the same components share one answer; and
    _labelled makes them with the boxes at once. Against the plain way:
    every view asked alone (nothing shared) gives the same regions, and
    those are the components grouped by label one by one (parts in order,
    zones united, sizes summed, boxes the extremes), biggest first."""
    import numpy as np

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    walls = (Piece(code="B1", board="A", from_node=(4, 2), to_node=(4, 3)),
             Piece(code="B1", board="A", from_node=(4, 3), to_node=(3, 3)),
             Piece(code="B1", board="A", from_node=(3, 3), to_node=(3, 2)),
             Piece(code="pillar-left", board="A", at=(3, 2)), Piece(code="pillar-right", board="A", at=(4, 2)),
             Piece(code="pillar-left", board="A", at=(4, 3)), Piece(code="pillar-right", board="A", at=(3, 3)))

    def room(open_: bool) -> Mission:
        hatch = Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left", open=open_)
        return Mission(title="t", boards=(Board(id="A"),), pieces=(hatch, *walls))

    def as_tuples(regs):
        return [(r.parts, r.cells, r.size, r.bounds) for r in regs]

    seen: list[np.ndarray] = []
    real = reach._labelled

    def spy(st, label):
        seen.append(label)
        got = real(st, label)
        assert as_tuples(got) == plain_regions(st, label)
        return got

    memo.clear_all()
    m = dense_mission(2)
    states = [room(False), room(True), m, *small_edits(m, 6, seed=4)]
    differ = 0
    try:
        reach._labelled = spy
        for s in states:
            shared = {h: as_tuples(reach.regions(s, 32.0, h)) for h in VIEWS}
            key = remembered_layout_key(s)
            st = reach._standing(tuple(b for b, _ in key), board_pieces(key), 16.0)
            for h in VIEWS:
                st.views.clear()
                st.labelled.clear()
                assert as_tuples(reach.regions(s, 32.0, h)) == shared[h]
            differ += len({tuple((len(p), c, z) for p, c, z, _ in shared[h]) for h in VIEWS}) > 1
    finally:
        reach._labelled = real
    assert seen and differ


def test_passages_contracted_into_their_groups_join_what_the_full_graph_joins():
    """A view's labels (_regions) join the groups through passages
    contracted into the first group each meets (_joined); against the plain
    graph, groups and passages as nodes, on random groups, passages, open
    doors and chains: the same label for every group."""
    import numpy as np

    rng = np.random.default_rng(5)
    for _ in range(400):
        ngroup = int(rng.integers(1, 30))
        npass = int(rng.integers(1, 40))
        k = int(rng.integers(0, 80))
        p = rng.integers(0, npass, k).astype(np.int64)
        g = rng.integers(0, ngroup, k).astype(np.int64)
        is_open = rng.random(npass) < 0.6
        ch = rng.integers(0, npass, (int(rng.integers(0, 6)), 2)).astype(np.int64)
        ch = ch[is_open[ch[:, 0]] & is_open[ch[:, 1]]]
        group = rng.integers(0, ngroup, int(rng.integers(ngroup, 2 * ngroup + 1))).astype(np.int64)
        group[:ngroup] = np.arange(ngroup)
        # plain: every open passage a node joined to every group it meets
        po = is_open[p]
        want = reach._components(ngroup + npass, np.concatenate([p[po] + ngroup, ch[:, 0] + ngroup]),
                                 np.concatenate([g[po], ch[:, 1] + ngroup]))[group]
        first, pj, ga, gb = reach._joined(npass, ngroup, p, g)
        jo = is_open[pj]
        node = np.where(first >= 0, first, np.arange(npass) + ngroup)
        got = reach._components(ngroup + npass, np.concatenate([ga[jo], node[ch[:, 0]]]),
                                np.concatenate([gb[jo], node[ch[:, 1]]]))[group]
        assert got.tolist() == want.tolist()


def _plain_board(bs) -> dict:
    """A cut board's parts and components worked out the plain way, from its
    tiles alone: every tile's parts concatenated, the pairs touching on a
    tile and glued across tile edges, components by a graph search."""
    import numpy as np

    arr = [p for tl in bs.tiles for p in tl.arr]
    start = np.cumsum([0] + [len(tl.arr) for tl in bs.tiles])
    edges = {(int(a) + int(start[t]), int(b) + int(start[t])) for t, tl in enumerate(bs.tiles)
             for a, b in tl.touching.tolist()}
    return {"arr": arr, "start": start, "edges": edges,
            "areas": [a for tl in bs.tiles for a in tl.areas.tolist()],
            "bounds": [b for tl in bs.tiles for b in tl.bounds.tolist()],
            "cells": [c for tl in bs.tiles for c in tl.cells]}


def _search(n: int, edges: set) -> list[int]:
    """Components by breadth-first search, numbered by their first node."""
    nbr: dict[int, list[int]] = {k: [] for k in range(n)}
    for a, b in edges:
        nbr[a].append(b)
        nbr[b].append(a)
    comp = [-1] * n
    count = 0
    for s in range(n):
        if comp[s] >= 0:
            continue
        comp[s] = count
        todo = [s]
        while todo:
            x = todo.pop()
            for y in nbr[x]:
                if comp[y] < 0:
                    comp[y] = count
                    todo.append(y)
        count += 1
    return comp


@pytest.mark.parametrize("seed", [1, 2, 6])
def test_a_board_made_from_the_one_before_is_the_board_made_from_its_tiles(seed):
    """The edit's bookkeeping (reach._spliced: the board before's parts with
    the redone tiles' put in their places; its glue kept where no tile
    changed) against the plain way, after every edit of a long chain of
    random edits on both boards: the same parts in the same order, their
    areas, boxes and zones, the pairs touching on a tile, the glue across
    tile edges (worked out afresh), and the components of a graph search,
    with their zones, areas, boxes and parts."""
    import shapely

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    memo.clear_all()
    m = dense_mission(2)
    _answer(m)
    seen = 0
    for e in small_edits(m, 40, seed=seed):
        key = remembered_layout_key(e)
        boards = tuple(b for b, _ in key)
        st = reach._standing(boards, board_pieces(key), 16.0)
        tiling = reach._tiling(boards, 16.0 - reach.TOUCH_MM)
        for i, bs in enumerate(st.boards):
            if bs.whole is not None:
                continue
            seen += 1
            want = _plain_board(bs)
            assert len(bs.arr) == len(want["arr"])
            assert all(a is b for a, b in zip(bs.arr.tolist(), want["arr"]))
            assert bs.start.tolist() == want["start"].tolist()
            assert bs.areas.tolist() == want["areas"]
            assert bs.part_bounds.tolist() == want["bounds"]
            assert bs.part_cells == want["cells"]
            assert set(zip(bs.touch[0].tolist(), bs.touch[1].tolist())) == want["edges"]
            # the glue across tile edges, afresh: every pair of parts of
            # two neighbouring tiles that meet
            s = want["start"]
            pa, pb = tiling.inner(i)
            glue = set()
            for ta, tb in zip(pa.tolist(), pb.tolist()):
                for x in range(int(s[ta]), int(s[ta + 1])):
                    for y in range(int(s[tb]), int(s[tb + 1])):
                        if shapely.intersects(want["arr"][x], want["arr"][y]):
                            glue.add((x, y))
            got_glue = {(int(a) + int(s[pa[p]]), int(b) + int(s[pb[p]]))
                        for p, a, b in zip(*(g.tolist() for g in bs.glue))}
            assert got_glue == glue
            comp = _search(len(want["arr"]), want["edges"] | glue)
            assert bs.comp.tolist() == comp
            for c in range(max(comp) + 1):
                members = [k for k in range(len(comp)) if comp[k] == c]
                assert bs.comp_cells[c] == frozenset().union(*(want["cells"][k] for k in members))
                assert bs.comp_area[c] == pytest.approx(sum(want["areas"][k] for k in members), abs=1e-9)
                assert bs.comp_bounds[c].tolist() == [
                    min(want["bounds"][k][0] for k in members), min(want["bounds"][k][1] for k in members),
                    max(want["bounds"][k][2] for k in members), max(want["bounds"][k][3] for k in members)]
                assert bs.comp_parts[c].tolist() == [want["arr"][k] for k in members]
                alone = bs.alone(c)
                assert alone.size == bs.comp_area[c] and alone.cells == bs.comp_cells[c]
                assert list(alone.parts) == bs.comp_parts[c].tolist()
                assert alone.bounds == tuple(bs.comp_bounds[c].tolist())
        # the passages that meet each board's components (as the views
        # found them: from the board before, where the same passages met
        # it) against every passage tried on every part
        pieces = board_pieces(key)
        _, _, pb, passages = reach._passages_of(pieces, 16.0)
        for bs in st.boards:
            p, c = bs.met(pb, passages)
            want_met = {(k, int(bs.comp[q])) for k in range(len(passages)) for q in range(len(bs.arr))
                        if shapely.intersects(passages[k], bs.arr[q])}
            assert set(zip(p.tolist(), c.tolist())) == want_met
        # the glue across board edges (kept from the board before where an
        # edit left the edge alone) against every part of one board
        # against every part of the other
        for (i, j) in tiling.across:
            a, b = st.boards[i], st.boards[j]
            x, y = reach._glue_boards(tiling, i, j, a, b)
            want_glue = {(int(a.comp[p]), int(b.comp[q])) for p in range(len(a.arr)) for q in range(len(b.arr))
                         if shapely.intersects(a.arr[p], b.arr[q])}
            assert set(zip(x.tolist(), y.tolist())) == want_glue
    assert seen >= 40


def test_splicing_a_board_is_concatenating_its_tiles():
    """reach._spliced against concatenating every tile's parts, on random
    tiles (parts touching on a tile among them, which the dense layouts
    hardly have) with random tiles redone, some emptied, some filled."""
    from types import SimpleNamespace

    import numpy as np
    import shapely

    rng = random.Random(17)

    def tile(k: int):
        n = rng.randrange(0, 5)
        arr = np.array([shapely.box(k, j, k + 0.5, j + 0.5) for j in range(n)], dtype=object).reshape(-1)
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4]
        touching = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        return reach._Tile(arr=arr, touching=touching,
                           cells=[frozenset({("A", (k, j))}) for j in range(n)],
                           areas=np.array([rng.random() for _ in range(n)]),
                           bounds=np.array([[rng.random() for _ in range(4)] for _ in range(n)]).reshape(-1, 4))

    def plain(tiles):
        start = np.cumsum([0] + [len(tl.arr) for tl in tiles])
        edges = {(a + int(start[t]), b + int(start[t])) for t, tl in enumerate(tiles)
                 for a, b in tl.touching.tolist()}
        return (start.tolist(), [p for tl in tiles for p in tl.arr], [a for tl in tiles for a in tl.areas.tolist()],
                [b for tl in tiles for b in tl.bounds.tolist()], [c for tl in tiles for c in tl.cells], edges)

    for _ in range(300):
        nt = rng.randrange(1, 12)
        before = [tile(k) for k in range(nt)]
        start, arr, areas, bounds, cells, edges = plain(before)
        ti = np.array([a for a, _ in sorted(edges)], dtype=np.int64)
        tj = np.array([b for _, b in sorted(edges)], dtype=np.int64)
        prev = SimpleNamespace(start=np.array(start), arr=np.array(arr, dtype=object).reshape(-1),
                               areas=np.array(areas), part_bounds=np.array(bounds).reshape(-1, 4),
                               part_cells=cells, touch=(ti, tj))
        changed = np.array([rng.random() < 0.3 for _ in range(nt)], dtype=bool)
        after = [tile(k) if changed[k] else before[k] for k in range(nt)]
        got = reach._spliced(prev, changed, after)
        want = plain(after)
        assert got[0].tolist() == want[0]
        assert len(got[1]) == len(want[1]) and all(a is b for a, b in zip(got[1].tolist(), want[1]))
        assert got[2].tolist() == want[2]
        assert got[3].tolist() == want[3]
        assert got[4] == want[4]
        assert set(zip(got[5][0].tolist(), got[5][1].tolist())) == want[5]


def test_glue_is_kept_only_where_no_redone_tile_lies_on_the_edge():
    """reach._glue_kept: a board made from the one before with the same
    graph (_regraded) keeps that one's glue with a neighbour when no tile
    it redid is on the edge between them, whichever side of the pair it
    is; otherwise (a redone tile on the edge, another neighbour than the
    one glued before, nothing glued before) it keeps nothing. The glue it
    keeps on real edits is checked against every part of one board
    against every part of the other in
    test_a_board_made_from_the_one_before_is_the_board_made_from_its_tiles."""
    import numpy as np

    class SimpleNamespace:
        # a stand-in for a board's standing area, hashed by identity as
        # the real one (types.SimpleNamespace is not hashable)
        def __init__(self, **kw) -> None:
            self.__dict__.update(kw)

    old = (np.array([0, 1]), np.array([2, 0]))
    # boards 0 and 1: tiles 5 and 6 of board 0 meet tiles 0 and 1 of board 1
    tiling = SimpleNamespace(across={(0, 1): (np.array([5, 6]), np.array([0, 1]))})
    other = SimpleNamespace(_kin=None, glued={})
    stranger = SimpleNamespace(_kin=None, glued={})
    for redone, keeps in (({2, 3}, True), ({6}, False), ({3, 5}, False), (set(), True)):
        # the edited board first in the pair (board 0): its glue before
        # kept on it
        before = SimpleNamespace(glued={other: old})
        edited = SimpleNamespace(_kin=(lambda b=before: b, frozenset(redone)), glued={})
        got = reach._glue_kept(tiling, 0, 1, edited, other)
        assert (got is old) if keeps else got is None, redone
        assert reach._glue_kept(tiling, 0, 1, edited, stranger) is None
        # the edited board second (board 1): its tiles on the edge are 0, 1
        before = SimpleNamespace(glued={})
        first = SimpleNamespace(_kin=None, glued={before: old})
        edited = SimpleNamespace(_kin=(lambda b=before: b, frozenset(t - 5 for t in redone)), glued={})
        got = reach._glue_kept(tiling, 0, 1, first, edited)
        assert (got is old) if keeps else got is None, redone
    # nothing glued before, or the board before gone
    edited = SimpleNamespace(_kin=(lambda: SimpleNamespace(glued={}), frozenset({2})), glued={})
    assert reach._glue_kept(tiling, 0, 1, edited, other) is None
    edited = SimpleNamespace(_kin=(lambda: None, frozenset({2})), glued={})
    assert reach._glue_kept(tiling, 0, 1, edited, other) is None


def test_merged_rectangles_cover_exactly_what_they_replace():
    """reach._merged (a tile's rectangles made fewer before GEOS unites
    them) against the plain way: on random rectangles whose sides often
    coincide (corners on a coarse grid: shared sides, rectangles inside
    others, duplicates, touching at an edge or a corner), the merged ones
    unite to exactly the same set as the given ones, are no more, each
    lies inside the given union, and none is left that could still be
    merged (inside another, or a whole side shared)."""
    import numpy as np
    import shapely

    rng = random.Random(5)
    fewer = 0
    for _ in range(600):
        n = rng.randint(1, 9)
        rows = []
        for _ in range(n):
            x0, y0 = rng.randint(0, 5), rng.randint(0, 5)
            rows.append([x0 * 2.5, y0 * 1.5, (x0 + rng.randint(1, 3)) * 2.5, (y0 + rng.randint(1, 3)) * 1.5])
        c = np.array(rows, dtype=float)
        got = reach._merged(c)
        assert got.shape[1] == 4 and 1 <= len(got) <= len(c)
        fewer += len(got) < len(c)
        want = shapely.union_all(shapely.box(c[:, 0], c[:, 1], c[:, 2], c[:, 3]))
        mine = shapely.union_all(shapely.box(got[:, 0], got[:, 1], got[:, 2], got[:, 3]))
        assert mine.symmetric_difference(want).area == 0.0
        assert abs(mine.area - want.area) < 1e-12
        # nothing left to merge
        g = got.tolist()
        for a in range(len(g)):
            for b in range(len(g)):
                if a == b:
                    continue
                p, q = g[a], g[b]
                assert not (q[0] >= p[0] and q[1] >= p[1] and q[2] <= p[2] and q[3] <= p[3])
                assert not (p[1] == q[1] and p[3] == q[3] and q[0] <= p[2] and p[0] <= q[2])
                assert not (p[0] == q[0] and p[2] == q[2] and q[1] <= p[3] and p[1] <= q[3])
    assert fewer > 300


@pytest.mark.parametrize("seed", [4, 21])
def test_a_tile_kept_for_its_rectangles_is_the_floor_less_the_board_grown(seed, monkeypatch):
    """A tile an edit reaches but whose clipped rectangles (reach._clipped)
    are those it was made of is kept, not made again. Against the plain
    way over many random edits (walls moved, pillars turned, hatchways):
    every tile of every cut board is its floor less the union of every
    board's pieces and doors grown by the base; and tiles were kept."""
    import shapely

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import board_pieces, remembered_layout_key

    calls = {"clipped": 0, "made": 0}
    clipped, tile_area = reach._clipped, reach._tile_area

    def counted_clipped(*a):
        calls["clipped"] += 1
        return clipped(*a)

    def counted_area(*a):
        calls["made"] += 1
        return tile_area(*a)

    monkeypatch.setattr(reach, "_clipped", counted_clipped)
    monkeypatch.setattr(reach, "_tile_area", counted_area)
    memo.clear_all()
    m = dense_mission(2)
    _answer(m)
    keep = 16.0 - reach.TOUCH_MM
    for e in small_edits(m, 45, seed=seed):
        key = remembered_layout_key(e)
        boards = tuple(b for b, _ in key)
        pieces = board_pieces(key)
        st = reach._standing(boards, pieces, 16.0)
        tiling = reach._tiling(boards, keep)
        grown = shapely.buffer(shapely.union_all([g for bp in pieces for g in (*bp.parts, *bp.doors)]),
                               keep, quad_segs=reach.BUFFER_QUAD_SEGS)
        for i, bs in enumerate(st.boards):
            if bs.whole is not None:
                continue
            for t, tile in enumerate(bs.tiles):
                want = tiling.share(tiling.start[i] + t).difference(grown)
                got = shapely.union_all(tile.arr) if len(tile.arr) else shapely.Polygon()
                assert got.symmetric_difference(want).area < 1e-6, (i, t)
    # some tiles reached by an edit were kept (clipped, never made)
    assert calls["clipped"] > calls["made"] + 3


def test_clipped_rectangles_are_those_numpy_clips_and_merges():
    """reach._clipped clips and filters a tile's rectangles in Python (a
    tile reaches a few): against the plain way in numpy (each column
    clamped to the window, those with no area dropped, then _merged), the
    very same rows, in the same order, on random rectangles round,
    inside, across and outside the window."""
    import numpy as np

    def plain(keep, tbox, cut):
        x0, y0, x1, y1 = tbox.tolist()
        pad = keep + 1.0
        c = np.column_stack([np.maximum(cut[:, 0], x0 - pad), np.maximum(cut[:, 1], y0 - pad),
                             np.minimum(cut[:, 2], x1 + pad), np.minimum(cut[:, 3], y1 + pad)])
        c = c[(c[:, 2] > c[:, 0]) & (c[:, 3] > c[:, 1])]
        return reach._merged(c) if len(c) > 1 else c

    rng = np.random.default_rng(7)
    tbox = np.array([50.0, 40.0, 138.0, 128.0])
    clipped = merged = 0
    for _ in range(3000):
        n = int(rng.integers(0, 12))
        corner = rng.integers(0, 20, (n, 2)) * 10.0
        size = rng.integers(1, 8, (n, 2)) * 10.0
        cut = np.concatenate([corner, corner + size], axis=1).reshape(-1, 4)
        keep = float(rng.choice([16.0 - reach.TOUCH_MM, 20.0, 0.5]))
        want, got = plain(keep, tbox, cut), reach._clipped(keep, tbox, cut)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tolist() == want.tolist()
        clipped += len(want) < n
        merged += 1 < len(want) < len(cut[(cut[:, 2] > tbox[0] - keep - 1) & (cut[:, 0] < tbox[2] + keep + 1)
                                          & (cut[:, 3] > tbox[1] - keep - 1) & (cut[:, 1] < tbox[3] + keep + 1)])
    assert clipped > 1000 and merged > 100


@pytest.mark.parametrize("seed", [2, 13])
def test_regions_of_several_components_kept_across_edits_are_those_made_afresh(seed):
    """_labelled keeps a region of several components by those
    components' parts (the same arrays, kept by the edit after: a board
    left alone, components _regraded kept), and the views' labels and
    passages' joins by their inputs. Against the plain way after every
    edit of a chain (pillars turned, walls moved, hatchways): every view's
    regions are the components grouped by label afresh (parts in order,
    zones united, sizes summed, boxes the extremes), and regions were
    kept."""
    import numpy as np

    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.rules.obstacles import battlefield_key, board_pieces, remembered_layout_key

    memo.clear_all()
    m = dense_mission(2)
    _answer(m)
    for e in small_edits(m, 45, seed=seed):
        key = remembered_layout_key(e)
        st = reach._standing(tuple(b for b, _ in key), board_pieces(key), 16.0)
        for h in VIEWS:
            got = [(r.parts, r.cells, r.size, r.bounds) for r in reach.regions(e, 32.0, h)]
            view = tuple(flags for _, _, flags in battlefield_key(e, h))
            label = next(lab for lab, regs in ((k, st.labelled.get(k)) for k in list(st.labelled))
                         if regs is st.views.get(view))
            assert got == plain_regions(st, np.frombuffer(label, dtype=np.int64))
    assert memo.stats()["reach.joined_regions"].hits > 20
