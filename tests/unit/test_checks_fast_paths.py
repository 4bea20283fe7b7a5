"""The rules check's fast paths (issue 13) against the slow way they
replace: each test works the answer out the slow way, here, and fails when
the fast path gives anything else, edit after edit (the memos carry over
from one edit to the next, as in the editor)."""
from __future__ import annotations

import functools
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import default_catalogue, mission_library_dir
from layout_editor.io import load_mission
from layout_editor.model import mirror
from layout_editor.model.lattice import Placement
from layout_editor.model.mission import Board, Objective, Piece
from layout_editor.rules.cache import clear_all

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.layouts import dense_mission, small_edits  # noqa: E402

CAT = default_catalogue()


def _library(limit: int | None = None):
    paths = sorted(p for p in mission_library_dir().glob("*.yaml") if ".de." not in p.name)
    return [load_mission(p) for p in paths[:limit]]


def _wild_edits(m, count: int, seed: int):
    """Edits the benchmark's do not make: pieces moved anywhere (onto
    others, off the lattice, onto another board), copied, removed, turned,
    hatchways flipped, boards turned."""
    rng = random.Random(seed)
    cur = m
    for _ in range(count):
        pieces = list(cur.pieces)
        what = rng.randrange(7)
        if what == 0 and pieces:
            n = rng.randrange(len(pieces))
            p = pieces[n]
            b = rng.choice(cur.boards)
            nx, ny = CAT.board(b.kind).nodes
            if p.from_node is not None:
                i, j = rng.randrange(-1, nx + 1), rng.randrange(ny)
                d, span = rng.choice([(1, 0), (0, 1)]), rng.choice([1, 2, 3])
                pieces[n] = replace(p, board=b.id, from_node=(i, j), to_node=(i + d[0] * span, j + d[1] * span))
            else:
                pieces[n] = replace(p, board=b.id, at=(rng.randrange(-1, nx + 1), rng.randrange(ny)))
        elif what == 1 and pieces:
            pieces.append(rng.choice(pieces).with_new_uid())
        elif what == 2 and pieces:
            pieces.pop(rng.randrange(len(pieces)))
        elif what == 3 and pieces:
            n = rng.randrange(len(pieces))
            p = pieces[n]
            pieces[n] = replace(p, open=not p.open) if p.open is not None else replace(p, turned=not p.turned)
        elif what == 4 and pieces:
            n = rng.randrange(len(pieces))
            pieces[n] = replace(pieces[n], board="nowhere")
        elif what == 5 and cur.boards:
            boards = list(cur.boards)
            n = rng.randrange(len(boards))
            boards[n] = replace(boards[n], rotation=(boards[n].rotation + 180) % 360)
            cur = replace(cur, boards=tuple(boards))
        elif what == 6 and cur.objectives and cur.boards:
            # an objective moved anywhere: on pieces, across an edge, off
            objs = list(cur.objectives)
            n = rng.randrange(len(objs))
            x0, y0, x1, y1 = Placement.of(rng.choice(cur.boards), CAT).bounds
            objs[n] = replace(objs[n], at=(rng.uniform(x0 - 30, x1 + 30), rng.uniform(y0 - 30, y1 + 30)))
            cur = replace(cur, objectives=tuple(objs))
        cur = replace(cur, pieces=tuple(pieces))
        yield cur


@functools.lru_cache(maxsize=1)
def _sequences():
    """States one edit apart, as the editor sees them: the dense layouts
    with the benchmark's edits and wild ones, library missions with wild
    edits, and turned boards."""
    seqs = []
    m = dense_mission(2)
    seqs.append([m, *small_edits(m, 6)])
    seqs.append([m, *small_edits(m, 3, board=m.boards[-1].id)])
    seqs.append([m, *_wild_edits(m, 8, 2)])
    m = dense_mission(4)
    seqs.append([m, *small_edits(m, 2, board=m.boards[-1].id)])
    seqs.append([m, *_wild_edits(m, 4, 4)])
    for k, m in enumerate(_library(6)):
        seqs.append([m, *_wild_edits(m, 4, 100 + k)])
    m = _library(1)[0]
    turned = replace(m, boards=tuple(replace(b, rotation=90 if k % 2 else 270)
                                     for k, b in enumerate(m.boards)))
    seqs.append([turned, *_wild_edits(turned, 4, 7)])
    return tuple(tuple(seq) for seq in seqs)


# -- model/mirror.py -----------------------------------------------------------

def _mirrors(m):
    cx, cy = mirror.table_centre(m, CAT)
    return (mirror.Mapping("point", "x", cx, cy), mirror.Mapping("line", "x", cx, cy),
            mirror.Mapping("line", "y", cx, cy))


def test_image_key_equals_the_key_of_the_image_piece():
    pairs = mirror._mirror_codes(CAT)
    seen = 0
    for seq in _sequences():
        for m in seq:
            table = mirror._Table(m, CAT)
            for mp in _mirrors(m):
                landing = {}  # where nodes' images land, shared by the pieces on a node
                for p in m.pieces:
                    img = mirror._image_piece(p, mp, table, pairs)
                    slow = None if img is None else mirror.piece_key(img, table, CAT)
                    assert mirror._image_key(p, mp, table, CAT, pairs) == slow, (p, mp)
                    assert mirror._image_key(p, mp, table, CAT, pairs, landing) == slow, (p, mp)
                    seen += img is not None
    assert seen > 1000


def test_piece_key_of_pieces_off_the_boards():
    m = dense_mission(1)
    table = mirror._Table(m, CAT)
    wall = Piece("B1", "nowhere", from_node=(1, 1), to_node=(1, 2))
    pillar = Piece("pillar-left", "nowhere", at=(3, 3))
    bare = Piece("pillar-left", "nowhere")
    assert mirror.piece_key(wall, table, CAT) == ("?", "B1", "nowhere", ((1, 1), (1, 2)))
    assert mirror.piece_key(pillar, table, CAT) == ("?", "pillar-left", "nowhere", ((3, 3),))
    assert mirror.piece_key(bare, table, CAT) == ("?", "pillar-left", "nowhere", ())


def _slow_breaking(m):
    """symmetry()'s pieces without an image, per mirror, every piece worked
    out afresh (the way before the memo)."""
    table = mirror._Table(m, CAT)
    pairs = mirror._mirror_codes(CAT)
    keys = {mirror.piece_key(p, table, CAT) for p in m.pieces}
    out = []
    for mp in _mirrors(m):
        bad = []
        for p in m.pieces:
            img = mirror._image_piece(p, mp, table, pairs)
            if img is None or mirror.piece_key(img, table, CAT) not in keys:
                bad.append(p.uid)
        out.append(bad)
    return out


@pytest.mark.parametrize("top", [None, 1])
def test_symmetry_remembered_per_board_equals_every_piece_worked_out_afresh(top, monkeypatch):
    if top is not None:  # the tally's dicts made a new base after every edit's changes (mirror._Layers)
        monkeypatch.setattr(mirror, "_LAYERS_MAX_TOP", top)
    clear_all()
    pairs = mirror._mirror_codes(CAT)
    for seq in _sequences():
        for m in seq:
            table = mirror._Table(m, CAT)
            ms = _mirrors(m)
            both = mirror._all_keys(m, ms, table, CAT, pairs)
            keys = {own for own, _ in both}
            fast = [[p.uid for p in mirror._breakers(m, mp, table, CAT, pairs, both, k, keys)[0]]
                    for k, mp in enumerate(ms)]
            slow = _slow_breaking(m)
            assert fast == slow
            # and symmetry() itself, from the last mission's tally (edit
            # after edit) or afresh
            remembered = mirror.symmetry(m)
            frame = mirror._frames.get(id(m.boards))
            tally = frame.tally
            assert [[m.pieces[n].uid for n in sorted(bad)] for bad in tally.bad] == slow
            mirror._image_keys.clear()
            mirror._frames.clear()
            assert mirror.symmetry(m) == remembered
            if not (remembered.point or remembered.line):
                which = ("point", "left-right", "top-bottom").index(remembered.closest)
                assert [p.uid for p in remembered.breaking] == slow[which]
            mirror._frames.put(id(m.boards), frame)  # the next state follows on from this one


def test_a_board_taken_whole_only_while_its_pieces_are_the_same():
    # the memo takes a board's keys whole when its pieces are the very same
    # objects; a board moved (same pieces) is another table, a piece
    # replaced by an equal one with a new uid is worked out by value
    m = dense_mission(2)
    moved = replace(m, boards=(m.boards[0], replace(m.boards[1], at=(m.boards[1].at[0], 40.0))))
    mirror._image_keys.clear()
    fresh = mirror.symmetry(moved)
    mirror._image_keys.clear()
    first = mirror.symmetry(m)
    assert mirror.symmetry(moved) == fresh
    copied = replace(m, pieces=tuple(p.with_new_uid() for p in m.pieces))
    assert [p.uid for p in mirror.symmetry(copied).breaking] == \
        [copied.pieces[m.pieces.index(p)].uid for p in first.breaking]
    assert first.breaking


def test_a_piece_on_a_board_the_mission_lacks_has_no_image():
    m = dense_mission(2)
    odd = replace(m, pieces=m.pieces + (Piece("B1", "Z", from_node=(0, 0), to_node=(0, 1)),))
    assert odd.pieces[-1] in mirror.symmetry(odd).breaking


# -- checks/entry_zones.py -------------------------------------------------------

def _slow_zone_cell_key(mission, player, point):
    """The nearest entry-zone cell, cell by cell (the way before)."""
    import math

    from shapely.geometry import Point as ShapelyPoint

    from layout_editor.rules.areas import cell_polygon

    best, best_d = None, math.inf
    for z in mission.entry_zones_of(player):
        try:
            pl = Placement.of(mission.board(z.board), CAT)
        except KeyError:
            continue
        for c in z.cells:
            if not pl.has_cell(c):
                continue
            d = cell_polygon(pl, c).distance(ShapelyPoint(point))
            if d < best_d:
                best, best_d = (z.board, c), d
    return best


def test_nearest_zone_cell_at_once_equals_cell_by_cell():
    from layout_editor.model.mission import EntryZone
    from layout_editor.rules.checks.entry_zones import _zone_cell_key

    rng = random.Random(4)
    missions = _library()
    m = dense_mission(2)
    # zones across boards, cells off the board, a board the mission lacks,
    # a cell listed twice and cells at equal distance from a point
    missions.append(replace(m, entry_zones=m.entry_zones + (
        EntryZone(1, "B", ((3, 3), (3, 3), (9, 9), (-1, 0), (4, 3))),
        EntryZone(2, "Q", ((0, 0),)),
        EntryZone(3, "A", ((9, 9),)))))
    tried = 0
    for mission in missions:
        x1 = max(b.at[0] for b in mission.boards) + 800
        y1 = max(b.at[1] for b in mission.boards) + 800
        for player in range(1, 5):
            pts = [(rng.uniform(-100, x1), rng.uniform(-100, y1)) for _ in range(12)]
            # points on a cell's middle line or corner: ties between cells
            for b in mission.boards:
                pl = Placement.of(b, CAT)
                pts += [pl.node_table((i, j)) for i, j in ((1, 1), (3, 4), (0, 2))]
                pts += [pl.cell_centre_table((3, 3))]
            for p in pts:
                assert _zone_cell_key(mission, player, p, CAT) == _slow_zone_cell_key(mission, player, p), \
                    (mission.title, player, p)
                tried += 1
    assert tried > 500


# -- the whole check, and checks/pieces.py, objectives.py, boards.py ----------

def _said(findings):
    return [(f, f.phrase) for f in findings]


def _clear_check_memos():
    """Empty the memos of the checks and the symmetry, not the rules core's
    state: the sight line the entry-zone check shows depends on the lines
    found on earlier terrain (checks.zone_witness), on purpose."""
    from layout_editor.rules.cache import caches

    for name, memo in caches().items():
        if (name.startswith("checks.") or name.startswith("model.mirror")) and \
                name not in ("checks.zone_witness", "checks.zone_hidden"):
            memo.clear()


def test_checks_edit_after_edit_equal_the_checks_worked_out_afresh():
    # every memo of the checks (a board's result taken whole while its
    # pieces are the same objects, its findings per set of uids, seams by
    # the boards' results, markers on the battlefield and on pieces, the
    # boards' findings) against the check with those memos emptied
    from layout_editor.rules.checks import run_checks

    states = 0
    for seq in _sequences():
        clear_all()
        for m in seq:
            warm = run_checks(m)
            _clear_check_memos()
            assert _said(run_checks(m)) == _said(warm), m.title
            run_checks(seq[0])  # the memos now hold another state
            # the same pieces with new uids: the findings name the new ones
            copied = replace(m, pieces=tuple(p.with_new_uid() for p in m.pieces))
            warm = run_checks(copied)
            _clear_check_memos()
            assert _said(run_checks(copied)) == _said(warm), m.title
            states += 1
    assert states > 50


def _slow_marker_placed(o, field_, results):
    """The pieces under a marker and whether it is on the battlefield,
    worked out afresh (the way before the memos)."""
    from shapely.geometry import Point as ShapelyPoint

    c = ShapelyPoint(o.at)
    disc = c.buffer(20.0, quad_segs=16)
    if not field_.covers(c):
        return "off"
    if not field_.covers(disc):
        return "edge"
    return [pieces[int(res.tree_index[t])].uid for pieces, res in results.values() if res.tree is not None
            for t in res.tree.query(disc, predicate="intersects")]


def test_markers_remembered_on_the_field_and_the_boards_equal_worked_out_afresh():
    from layout_editor.rules.areas import battlefield, field_key_of
    from layout_editor.rules.checks.objectives import _marker_placed
    from layout_editor.rules.checks.pieces import piece_findings

    clear_all()
    seen = set()
    for seq in _sequences():
        for m in seq:
            _, results = piece_findings(m, CAT)
            field_ = battlefield(m, CAT)
            probes = []
            for b in m.boards[:2]:
                x0, y0, x1, y1 = Placement.of(b, CAT).bounds
                probes += [Objective("p", (x0 + 5.0, y0 + 5.0)), Objective("p", (x1 + 100.0, y0)),
                           Objective("p", ((x0 + x1) / 2, (y0 + y1) / 2))]
            for o in m.objectives + tuple(probes):
                for _ in range(2):  # the second time from the memos
                    f = _marker_placed(o, field_, results, CAT, field_key_of(m, CAT))
                    slow = _slow_marker_placed(o, field_, results)
                    if slow in ("off", "edge"):
                        assert f is not None and f.code == "objective-off-battlefield"
                        assert ("past the battlefield edge" in f.message) == (slow == "edge")
                    elif slow:
                        assert f is not None and f.code == "objective-in-wall" and list(f.pieces) == slow
                    else:
                        assert f is None
                    seen.add(slow if isinstance(slow, str) else bool(slow))
    assert seen == {"off", "edge", True, False}


# -- rules/geometry.py: a kind's own shapes made once -------------------------

def _slow_piece_shape(piece, placement):
    """The footprint built from the catalogue's rectangles and placed by
    shapely.affinity shape by shape, every time (the way before the kind's
    own shapes were remembered and placed in one pass)."""
    from shapely import affinity
    from shapely.geometry import box
    from shapely.ops import unary_union

    from layout_editor.rules.geometry import _frame

    def _place(geom, origin, d):
        return affinity.affine_transform(geom, [d[0], -d[1], d[1], d[0], origin[0], origin[1]])

    kind = CAT.piece(piece.code)
    origin, d = _frame(piece, kind, placement)
    local = unary_union([box(*r) for r in kind.footprint])
    door = leaf = None
    if kind.hatchway is not None:
        o0, o1 = kind.hatchway.opening
        half = CAT.wall_thickness / 2
        local = local.difference(box(o0, -half - 0.01, o1, half + 0.01))
        t = kind.hatchway.leaf_thickness
        leaf_local = box(o0, -half - t, o1, -half) if piece.facing == "left" else box(o0, half, o1, half + t)
        door = _place(box(o0, -half, o1, half), origin, d)
        leaf = _place(leaf_local, origin, d)
    solid = _place(local, origin, d)
    outline = solid if door is None else unary_union([solid, door])
    return solid, door, leaf, outline


def test_piece_shapes_from_the_kinds_own_shapes_equal_built_afresh():
    import shapely

    from layout_editor.rules.geometry import piece_shape

    def wkb(g):
        return None if g is None else g.wkb

    seen = 0
    for rotation in (0, 90, 180, 270):
        pl = Placement.of(Board("A", "boarding-actions", (300.0, 40.0), rotation), CAT)
        for code, kind in CAT.pieces.items():
            for facing in ("left", "right", None):
                if kind.is_wall:
                    pieces = [Piece(code, "A", from_node=(1, 2), to_node=(1 + kind.span, 2), facing=facing),
                              Piece(code, "A", from_node=(3, 4), to_node=(3, 4 - kind.span), facing=facing)]
                else:
                    pieces = [Piece(code, "A", at=(2, 3), turned=t, facing=facing) for t in (False, True)]
                    if kind.kind == "wall-end":
                        pieces.append(Piece(code, "A", at=(2, 3), caps=(2, 4), facing=facing))
                for p in pieces:
                    got = piece_shape(p, pl, CAT)
                    want = _slow_piece_shape(p, pl)
                    assert [wkb(g) for g in (got.solid, got.door, got.leaf)] == \
                        [wkb(g) for g in want[:3]], (code, facing, rotation)
                    # the outline of a hatchway piece is united in the kind's
                    # own frame and placed (geometry._local_shapes): the same
                    # polygon, its ring may start at another corner
                    assert wkb(shapely.normalize(got.outline)) == wkb(shapely.normalize(want[3])), \
                        (code, facing, rotation)
                    seen += 1
    assert seen > 100


def _slow_overlaps(b, tree, tree_index, geoms, prev=None):
    """checks/pieces.py's overlap step the way before: the tree tests every
    pair's footprints, slots found pair by pair, after every edit afresh
    (`prev`, the board's result before the edit, is not looked at)."""
    import numpy as np
    import shapely

    from layout_editor.rules.checks import pieces as P

    left, right = tree.query(geoms, predicate="intersects")
    keep = left < right
    left, right = tree_index[left[keep]], tree_index[right[keep]]
    bounds = np.full((len(b.pieces), 4), np.nan)
    bounds[tree_index] = shapely.bounds(np.array(geoms, dtype=object))
    cand = []
    for a, z in zip(left.tolist(), right.tolist()):
        if (a, z) in b.reported_pairs:
            continue
        slots = P._slot_nodes(b.pieces[a], b.pieces[z], b.cat)
        if slots and P._meet_inside_a_slot(bounds[a], bounds[z], slots, b.placement):
            continue
        cand.append((a, z, slots))
    if not cand:
        return ()
    ga = np.array([b.outlines[a] for a, _, _ in cand], dtype=object)
    gb = np.array([b.outlines[z] for _, z, _ in cand], dtype=object)
    inter = shapely.intersection(ga, gb)
    allowed = np.array([P._slot_boxes(slots, b.placement) for _, _, slots in cand], dtype=object)
    has = np.array([x is not None for x in allowed])
    if has.any():
        inter[has] = shapely.difference(inter[has], allowed[has])
    for (a, z, _), area, g in zip(cand, shapely.area(inter), inter):
        if area <= P.OVERLAP_TOLERANCE_MM2:
            continue
        c = g.representative_point()
        b.add("error", "overlap", P.Phrase("{piece} and {other} overlap ({area:.0f} mm²){note}",
                                           piece=b.names[a], other=b.names[z], area=float(area),
                                           note=P.provisional_note((b.pieces[a], b.pieces[z]), b.cat)),
              sorted(b.copies[a] + b.copies[z]), ((c.x, c.y),))
    return ()


def _slow_seam_overlaps(ra, rb):
    out = []
    if ra.tree is not None and rb.tree is not None:
        geoms_b = [rb.outlines[i] for i in rb.tree_index]
        ib, ia = ra.tree.query(geoms_b, predicate="intersects")
        for tb, ta in zip(ib, ia):
            a, b = int(ra.tree_index[ta]), int(rb.tree_index[tb])
            g = ra.outlines[a].intersection(rb.outlines[b])
            if g.area > 1.0:
                c = g.representative_point()
                out.append((a, b, g.area, (c.x, c.y)))
    return out


def _slow_who_stands_where(b):
    """checks/pieces.py's who-stands-where step the plain way: each piece's
    kind asked of the catalogue, each wall walked along its zone line (no
    records)."""
    from layout_editor.rules.checks import pieces as P

    for n in b.copies:
        p = b.pieces[n]
        kind = b.cat.piece(p.code)
        if not kind.is_wall:
            b.loose[p.at].append(n)
            continue
        a, z = p.from_node, p.to_node
        d = P._direction(a, z)
        for end, away in ((a, d), (z, (-d[0], -d[1]))):
            (b.moulded if kind.moulded_pillars else b.plain_ends)[end].append((n, away))
        x = a
        while x != z:
            y = (x[0] + d[0], x[1] + d[1])
            b.edges[(min(x, y), max(x, y))].append(n)
            x = y


def _slow_end_supported(n, away, node, pieces, loose, moulded, walls_through):
    """checks/pieces.py's panel-end test the plain way: a loose pillar or
    wall end on the node, any moulded pillar end on it, or a wall whose
    zone-line path runs on across the node at right angles, found by walking
    every wall of the board ("t": the end butts against it)."""
    if loose.get(node) or moulded.get(node):
        return "pillar"
    for w in pieces:
        if w.from_node is None:
            continue
        (ax, ay), (bx, by) = w.from_node, w.to_node
        dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
        steps = max(abs(bx - ax), abs(by - ay))
        kind = CAT.pieces.get(w.code)
        if (dx and dy) or kind is None or not kind.is_wall or kind.span != steps:
            continue  # a piece the checks refuse on its own
        inner = {(ax + k * dx, ay + k * dy) for k in range(1, steps)}
        if node in inner and (dx, dy) not in (away, (-away[0], -away[1])):
            return "t"
    return None


def _crowded(m, seed):
    """Pieces piled onto the first board: overlaps of every kind, across
    the seam too."""
    rng = random.Random(seed)
    pieces = list(m.pieces)
    first = m.boards[0]
    nx, ny = CAT.board(first.kind).nodes
    for p in rng.sample(pieces, min(12, len(pieces))):
        if p.from_node is not None:
            i, j = rng.randrange(nx - 3), rng.randrange(ny)
            pieces.append(replace(p, board=first.id, from_node=(i, j), to_node=(i + 3, j)).with_new_uid())
        else:
            pieces.append(replace(p, board=first.id, at=(rng.choice((0, nx - 1)), rng.randrange(ny)),
                                  turned=rng.random() < 0.5).with_new_uid())
    return replace(m, pieces=tuple(pieces))


def _moves(m, count: int, seed: int):
    """One piece moved or turned at a time, the number of pieces kept (the
    overlap step after an edit starts from the board's result before)."""
    rng = random.Random(seed)
    cur = m
    for _ in range(count):
        pieces = list(cur.pieces)
        n = rng.randrange(len(pieces))
        p = pieces[n]
        nx, ny = CAT.board(next(b.kind for b in cur.boards if b.id == p.board)).nodes
        if p.from_node is not None and p.to_node is not None:
            # the same span and way, elsewhere on the board
            dx, dy = p.to_node[0] - p.from_node[0], p.to_node[1] - p.from_node[1]
            i = rng.randrange(max(0, -dx), max(max(0, -dx) + 1, nx - max(0, dx)))
            j = rng.randrange(max(0, -dy), max(max(0, -dy) + 1, ny - max(0, dy)))
            pieces[n] = replace(p, from_node=(i, j), to_node=(i + dx, j + dy))
        elif p.at is not None:
            pieces[n] = replace(p, at=(rng.randrange(nx), rng.randrange(ny)), turned=not p.turned)
        cur = replace(cur, pieces=tuple(pieces))
        yield cur


def test_overlaps_and_panel_ends_equal_the_way_before(monkeypatch):
    from layout_editor.rules.checks import pieces as P

    states = [m for seq in _sequences() for m in seq]
    crowded = [_crowded(dense_mission(2), s) for s in range(4)] + [_crowded(m, 9) for m in _library(6)]
    # crowded boards edited one piece at a time: the overlap step after an
    # edit (_maybe_after_edit) with many overlaps, some pieces first in two
    states += [m for c in crowded[:4] for m in (c, *_moves(c, 8, 11))] + crowded[4:]
    clear_all()
    after_edit = []
    fast_after_edit = P._maybe_after_edit
    with monkeypatch.context() as mp:
        mp.setattr(P, "_maybe_after_edit", lambda *a: after_edit.append(1) or fast_after_edit(*a))
        fast = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert len(after_edit) > 20, len(after_edit)
    monkeypatch.setattr(P, "_overlaps", _slow_overlaps)
    monkeypatch.setattr(P, "_seam_overlaps", _slow_seam_overlaps)
    monkeypatch.setattr(P, "_end_supported", _slow_end_supported)
    monkeypatch.setattr(P, "_who_stands_where", _slow_who_stands_where)
    clear_all()
    slow = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert fast == slow
    said = [f.message for fs in fast for f, _ in fs if f.code == "overlap"]
    assert len(said) >= 5 and any("seam" in s for s in said)
    ends = [f.message for fs in fast for f, _ in fs if f.code == "unsupported-end"]
    assert len(ends) >= 5


def test_panel_ends_beside_moulded_pillars_every_way_edit_after_edit(monkeypatch):
    # a plain panel end at one node beside a moulded pillar, the moulded wall
    # and the panel each run four ways: the end face is reached or not, and
    # the answer remembered for one arrangement must not stand for another
    from layout_editor.model.mission import Mission
    from layout_editor.rules.checks import pieces as P

    node = (3, 3)
    ways = ((1, 0), (-1, 0), (0, 1), (0, -1))
    states = []
    for mw in ways:
        for pw in ways:
            if mw == pw:
                continue
            far = (node[0] + 2 * mw[0], node[1] + 2 * mw[1])
            end = (node[0] + pw[0], node[1] + pw[1])
            pieces = (Piece("A2", "A", from_node=node, to_node=far), Piece("B1", "A", from_node=node, to_node=end),
                      Piece("pillar-left", "A", at=end))
            states.append(Mission(title="t", boards=(Board("A"),), pieces=pieces))
    clear_all()
    fast = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    monkeypatch.setattr(P, "_end_supported", _slow_end_supported)
    clear_all()
    slow = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert fast == slow
    held = [not any(f.code == "unsupported-end" for f, _ in fs) for fs in fast]
    # a moulded pillar on the node holds the plain end whichever way each runs
    # (the official Gallowdark map cards build so)
    assert all(held)


# -- checks/reachable.py ---------------------------------------------------------

def _slow_unreachable_objectives(mission, entered, base_mm):
    """The objectives no entry zone reaches, marker by marker: on the
    battlefield, then any standing area within reach (the way before)."""
    from shapely.geometry import Point as ShapelyPoint

    from layout_editor.rules.areas import MARKER_DIAMETER, battlefield

    field_ = battlefield(mission, CAT)
    limit = MARKER_DIAMETER / 2 + base_mm / 2 + 0.5
    out = []
    for o in mission.objectives:
        if not field_.covers(ShapelyPoint(o.at)):
            continue
        if any(p.distance(ShapelyPoint(o.at)) <= limit for r in entered for p in r.parts):
            continue
        out.append(o.id)
    return out


def test_unreachable_objectives_at_once_equal_marker_by_marker():
    from layout_editor.rules import reach
    from layout_editor.rules.checks.reachable import _unreachable_objectives

    rng = random.Random(5)
    tried = unreached = 0
    for seq in _sequences():
        for m in seq:
            if not m.boards:
                continue
            regions = reach.regions(m, base_mm=32.0, hatches="open")
            # markers anywhere: on the standing areas, in walls, past the edge
            x1 = max(b.at[0] for b in m.boards) + 800
            y1 = max(b.at[1] for b in m.boards) + 800
            extra = tuple(Objective(f"x{k}", (rng.uniform(-50, x1), rng.uniform(-50, y1))) for k in range(6))
            # and markers just within and just past reach of a standing area
            parts = [p for r in regions for p in r.parts]
            for k in range(6 if parts else 0):
                ring = rng.choice(parts).buffer(36.5 + rng.choice((-0.6, 0.6, 3.0))).exterior
                q = ring.interpolate(rng.random(), normalized=True)
                extra += (Objective(f"e{k}", (q.x, q.y)),)
            m = replace(m, objectives=m.objectives + extra)
            for entered in (regions, regions[:1], []):
                got = [f.objectives[0] for f in _unreachable_objectives(m, entered, 32.0, CAT)]
                want = _slow_unreachable_objectives(m, entered, 32.0)
                assert got == want, m.title
                tried += len(m.objectives)
                unreached += len(want)
    assert tried > 200 and 0 < unreached < tried


def test_parts_remembered_per_tuple_of_pieces_equal_counted_afresh():
    from layout_editor.model.parts import parts_list, sets_needed
    from layout_editor.rules.checks.boards import parts_and_sets

    tried = swapped = 0
    codes = list(CAT.pieces)
    for seq in _sequences():
        for m in seq:
            # after m: the same pieces but the first, another object (the
            # count after an edit starts from m's) of another code, then of
            # its own code
            others = []
            if m.pieces:
                p0 = m.pieces[0]
                other = codes[(codes.index(p0.code) + 1) % len(codes)] if p0.code in codes else codes[0]
                others = [replace(m, pieces=(replace(p0, code=other),) + m.pieces[1:]),
                          replace(m, pieces=(replace(p0),) + m.pieces[1:])]
                swapped += 1
            for mission in (m, *others, replace(m, game="kill-team"), replace(m, sets=m.sets + 1)):
                for _ in range(2):  # the second time remembered
                    assert parts_and_sets(mission, CAT) == (parts_list(mission, CAT), sets_needed(mission, CAT))
                    tried += 1
    assert tried > 300 and swapped > 20


# -- rules/areas.py: entry zones in sight ---------------------------------------

def test_zones_in_sight_edit_after_edit_equals_the_plain_question():
    # zones_in_sight's shortcuts (the free parts each zone meets, asked of
    # the Battlefield's parts, not of the free space's polygon; the lines
    # found on earlier terrain; the zones hidden before an edit) against
    # the plain question: the zones share a part of the free space's
    # polygon and sight.zones_see_each_other finds a line
    import numpy as np
    import shapely

    from layout_editor.rules import obstacles, sight
    from layout_editor.rules.areas import _zone_witness, entry_zone_geometry, zones_in_sight
    from layout_editor.rules.rects import _polygons

    asked = seen = remembered = 0
    for seq in _sequences():
        clear_all()
        for m in seq:
            players = sorted({z.player for z in m.entry_zones})
            geoms = [g for g in (entry_zone_geometry(m, p, CAT) for p in players) if g is not None]
            bf = obstacles.battlefield(m, "as-set")
            parts = np.array(_polygons(bf.free), dtype=object)
            for i in range(len(geoms)):
                for j in range(i + 1, len(geoms)):
                    ga, gb = geoms[i], geoms[j]
                    # the lines remembered from earlier terrain: where the
                    # zones share a part, the first of them clear here is
                    # the answer (as parts first, then the lines, gave it)
                    known = list(_zone_witness.data.get(("zones-in-sight", ga.wkb, gb.wkb)) or [])
                    line = zones_in_sight(m, ga, gb, hatches="as-set", bf=bf)
                    share = bool(len(parts)) and bool(
                        (shapely.intersects(parts, ga) & shapely.intersects(parts, gb)).any())
                    plain = share and sight.zones_see_each_other(m, ga, gb, hatches="as-set") is not None
                    assert (line is not None) == plain, (m.title, i, j)
                    clear = bf.clear(np.array([w[0] for w in known]).reshape(-1, 2),
                                     np.array([w[1] for w in known]).reshape(-1, 2))
                    if share and clear.any():
                        assert line == known[int(np.argmax(clear))], (m.title, i, j)
                        remembered += 1
                    asked += 1
                    if line is not None:
                        seen += 1
                        assert bf.clear(np.array([line[0]]), np.array([line[1]]))[0], (m.title, line)
                        assert ga.distance(shapely.Point(line[0])) < 1e-6, line
                        assert gb.distance(shapely.Point(line[1])) < 1e-6, line
    assert asked > 30 and 0 < remembered < seen < asked, (asked, seen, remembered)


def _plain_zones_in_sight(m, ga, gb, known, bf):
    """zones_in_sight the plain way: the zones share a part of the free
    space's polygon, then the first remembered line clear here, else
    sight.zones_see_each_other."""
    import numpy as np
    import shapely

    from layout_editor.rules import sight
    from layout_editor.rules.rects import _polygons

    parts = np.array(_polygons(bf.free), dtype=object)
    share = bool(len(parts)) and bool((shapely.intersects(parts, ga) & shapely.intersects(parts, gb)).any())
    if not share:
        return None
    if known:
        clear = bf.clear(np.array([w[0] for w in known]).reshape(-1, 2), np.array([w[1] for w in known]).reshape(-1, 2))
        if clear.any():
            return known[int(np.argmax(clear))]
    return sight.zones_see_each_other(m, ga, gb, hatches="as-set")


def test_zones_in_sight_kept_while_the_edits_are_far_equals_the_plain_question(monkeypatch):
    # the line found on the terrain before kept while no change comes near
    # the remembered lines up to it (areas._seen_still), edit after edit on
    # the dense layouts (the benchmark's edits, pieces moved anywhere on
    # their board, hatchways flipped), against the plain question
    from layout_editor.rules import areas, obstacles
    from layout_editor.rules.areas import _zone_witness, entry_zone_geometry, zones_in_sight

    kept = []
    fast = areas._seen_still
    monkeypatch.setattr(areas, "_seen_still", lambda *a: (lambda r: kept.append(r is not None) or r)(fast(*a)))
    rng = random.Random(5)
    asked = compared = 0
    for n, seed in ((2, 1), (2, 2), (4, 3)):
        clear_all()
        m = dense_mission(n)
        states = [m, *small_edits(m, 12), *_moves(m, 25, seed)]
        # hatchways flipped one after the other
        cur = states[-1]
        hatches = [k for k, p in enumerate(cur.pieces) if p.open is not None]
        for k in rng.sample(hatches, min(10, len(hatches))):
            pieces = list(cur.pieces)
            pieces[k] = replace(pieces[k], open=not pieces[k].open)
            cur = replace(cur, pieces=tuple(pieces))
            states.append(cur)
        last = None
        for s in states:
            players = sorted({z.player for z in s.entry_zones})
            geoms = [g for g in (entry_zone_geometry(s, p, CAT) for p in players) if g is not None]
            bf = obstacles.battlefield(s, "as-set")
            if last is not None:
                # what the edit changed, as the sight line's keep asks it: round
                # the doors alone when only hatchways flipped (each inside its
                # piece's box), else round the pieces that went and came
                edits = obstacles.edit_boxes(last, bf)
                doors, pieces = obstacles.door_boxes(last, bf), obstacles.changed_boxes(last, bf)
                assert edits == (doors if doors is not None else pieces)
                if doors is not None and pieces is not None:
                    assert all(any(p[0] - 0.01 <= d[0] and p[1] - 0.01 <= d[1] and d[2] <= p[2] + 0.01
                                   and d[3] <= p[3] + 0.01 for p in pieces) for d in doors), (doors, pieces)
                compared += pieces is not None
            last = bf
            for i in range(len(geoms)):
                for j in range(i + 1, len(geoms)):
                    ga, gb = geoms[i], geoms[j]
                    known = list(_zone_witness.data.get(("zones-in-sight", ga.wkb, gb.wkb)) or [])
                    line = zones_in_sight(s, ga, gb, hatches="as-set", bf=bf)
                    assert line == _plain_zones_in_sight(s, ga, gb, known, bf), (n, s.title, i, j)
                    asked += 1
    assert compared > 40, compared
    assert asked > 80 and sum(kept) > 40 and not all(kept), (asked, sum(kept), len(kept))


def test_a_line_passing_no_pinch_point_runs_within_one_free_part():
    # areas._no_pinch: lines between the blocking strips' corners (many run
    # along a face, through corners) that are clear and pass no pinch point
    # have both ends in one part of the free space; and two blocks touching
    # corner to corner make a pinch point a line through it passes
    from types import SimpleNamespace

    import numpy as np
    from shapely.geometry import box

    from layout_editor.rules import obstacles
    from layout_editor.rules.areas import _no_pinch

    fake = SimpleNamespace(rectilinear=True, area=box(0, 0, 100, 100),
                           vrects=np.array([(10.0, 10.0, 50.0, 50.0), (50.0, 50.0, 90.0, 90.0)]))
    assert not _no_pinch(fake, ((20.0, 80.0), (80.0, 20.0)))       # through (50, 50)
    assert not _no_pinch(fake, ((50.0, 0.0), (50.0, 100.0)))        # along x = 50, through it
    assert _no_pinch(fake, ((0.0, 95.0), (100.0, 95.0)))
    assert _no_pinch(fake, ((10.0, 0.0), (10.0, 100.0)))            # along a face, past corners
    touching = SimpleNamespace(rectilinear=True, area=box(0, 0, 100, 100),
                               vrects=np.array([(10.0, 10.0, 50.0, 50.0), (50.0, 10.0, 90.0, 50.0)]))
    assert _no_pinch(touching, ((50.0, 0.0), (50.0, 5.0)))          # up to where they meet face to face
    assert _no_pinch(touching, ((0.0, 50.0), (100.0, 50.0)))
    rng = random.Random(3)
    tried = 0
    for m in [dense_mission(2), *_library(4)]:
        bf = obstacles.battlefield(m, "as-set")
        if not bf.rectilinear:
            continue
        r = bf.vrects
        corners = np.concatenate([r[:, [0, 1]], r[:, [2, 1]], r[:, [0, 3]], r[:, [2, 3]]])
        a, b = [], []
        for _ in range(3000):
            p = corners[rng.randrange(len(corners))]
            q = corners[rng.randrange(len(corners))]
            if rng.random() < 0.5 and (p[0] != q[0] and p[1] != q[1]):  # along an axis through p
                q = np.array([q[0], p[1]]) if rng.random() < 0.5 else np.array([p[0], q[1]])
            a.append(p)
            b.append(q)
        a, b = np.array(a), np.array(b)
        ok = bf.clear(a, b) & (np.abs(b - a).max(axis=1) > 0)  # (a point: no line)
        for p, q in zip(a[ok], b[ok]):
            line = ((float(p[0]), float(p[1])), (float(q[0]), float(q[1])))
            if _no_pinch(bf, line):
                k = bf.free_part_at(np.array(line))
                assert k[0] >= 0 and k[0] == k[1], (m.title, line)
                tried += 1
    assert tried > 500, tried


def test_lines_through_open_doors_remembered_equal_asked_afresh():
    # entry_zones._through_open_door remembers per line while the open
    # doors are the same geometries: hatchways flipped and pieces moved one
    # after another, lines through door middles and across the table
    import numpy as np
    import shapely

    from layout_editor.rules import obstacles
    from layout_editor.rules.checks.entry_zones import _through_open_door

    rng = random.Random(8)
    clear_all()
    m = dense_mission(2)
    cur = m
    states = []
    hatches = [k for k, p in enumerate(cur.pieces) if p.open is not None]
    for step in range(30):
        pieces = list(cur.pieces)
        if step % 2:
            # one hatchway opened and one closed: as many open doors, others
            k = rng.choice([h for h in hatches if pieces[h].open])
            j = rng.choice([h for h in hatches if not pieces[h].open])
            pieces[k] = replace(pieces[k], open=False)
            pieces[j] = replace(pieces[j], open=True)
            cur = replace(cur, pieces=tuple(pieces))
        else:
            cur = next(_moves(cur, 1, step))
        states.append(cur)
    lines = [((109.5, 576.0), (1298.5, 576.0)), ((0.0, 0.0), (1400.0, 600.0))]
    # (a few: the memo keeps 16 lines)
    for door in [d for bo in obstacles.battlefield(m, "open").boards for d in bo.open_doors][::6]:
        c = door.centroid
        lines.append(((c.x - 20.0, c.y - 2.0), (c.x + 20.0, c.y + 2.0)))
        lines.append(((c.x - 2.0, c.y - 20.0), (c.x + 2.0, c.y + 20.0)))
    seen = {True: 0, False: 0}
    for s in states:
        bf = obstacles.battlefield(s, "as-set")
        doors = [d for bo in bf.boards for d in bo.open_doors]
        for line in lines:
            plain = bool(doors) and bool(shapely.intersects(np.array(doors, dtype=object),
                                                            shapely.LineString(line)).any())
            assert _through_open_door(bf, line) == plain, line
            seen[plain] += 1
    assert min(seen.values()) > 50, seen


def test_zones_hidden_after_hatchways_flipped_equal_the_plain_question(monkeypatch):
    # areas._still_hidden when only hatchways flipped (areas._doors_opened:
    # closing only adds to what blocks, an opened hatchway's gap stands for
    # what it took away): the library's missions, each hatchway flipped in
    # turn and then two at once, against the plain question
    from layout_editor.rules import areas, obstacles
    from layout_editor.rules.areas import _zone_witness, entry_zone_geometry, zones_in_sight

    verdicts = []
    slow = areas._still_hidden
    monkeypatch.setattr(areas, "_still_hidden", lambda *a: (lambda r: verdicts.append(r) or r)(slow(*a)))
    doors = []
    opened = areas._doors_opened
    monkeypatch.setattr(areas, "_doors_opened", lambda *a: (lambda r: doors.append(r is not None) or r)(opened(*a)))
    rng = random.Random(4)
    revealed = 0
    for m in _library():
        hatches = [k for k, p in enumerate(m.pieces) if p.open is not None]
        if not hatches or not m.entry_zones:
            continue
        clear_all()
        states, cur = [m], m
        for k in hatches + rng.sample(hatches, min(4, len(hatches))):
            pieces = list(cur.pieces)
            pieces[k] = replace(pieces[k], open=not pieces[k].open)
            if len(hatches) > 1 and rng.random() < 0.3:
                j = rng.choice([h for h in hatches if h != k])
                pieces[j] = replace(pieces[j], open=not pieces[j].open)
            cur = replace(cur, pieces=tuple(pieces))
            states.append(cur)
        before = None
        for s in states:
            players = sorted({z.player for z in s.entry_zones})
            geoms = [g for g in (entry_zone_geometry(s, p, CAT) for p in players) if g is not None]
            bf = obstacles.battlefield(s, "as-set")
            for i in range(len(geoms)):
                for j in range(i + 1, len(geoms)):
                    ga, gb = geoms[i], geoms[j]
                    known = list(_zone_witness.data.get(("zones-in-sight", ga.wkb, gb.wkb)) or [])
                    line = zones_in_sight(s, ga, gb, hatches="as-set", bf=bf)
                    assert line == _plain_zones_in_sight(s, ga, gb, known, bf), (s.title, i, j)
                    if before is not None and before[(i, j)] is None and line is not None:
                        revealed += 1
            before = {(i, j): zones_in_sight(s, geoms[i], geoms[j], hatches="as-set", bf=bf)
                      for i in range(len(geoms)) for j in range(i + 1, len(geoms))}
    assert sum(doors) > 30 and verdicts.count(True) > 20 and revealed > 0, (sum(doors), verdicts.count(True), revealed)


def _turns(m, count: int, seed: int):
    """Pillars and wall ends turned on their nodes, a copy of one laid on
    it now and then: the pieces mostly stand where they stood."""
    rng = random.Random(seed)
    cur = m
    for step in range(count):
        pieces = list(cur.pieces)
        nodes = [n for n, p in enumerate(pieces) if p.at is not None]
        n = rng.choice(nodes)
        ends = [k for k, p in enumerate(pieces) if p.caps is not None and p.at is not None]
        if step % 7 == 3:
            pieces.append(pieces[n].with_new_uid())  # a copy on the same node
        elif step % 3 == 1 and ends:
            # a wall end capping another way (astray or not)
            k = rng.choice(ends)
            (i, j), d = pieces[k].at, rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            pieces[k] = replace(pieces[k], caps=(i + d[0], j + d[1]))
        else:
            pieces[n] = replace(pieces[n], turned=not pieces[n].turned)
        cur = replace(cur, pieces=tuple(pieces))
        yield cur


def test_findings_on_where_pieces_stand_kept_equal_worked_out_afresh(monkeypatch):
    # pieces._standing_kept: the steps on where pieces stand taken from the
    # result before when the changed pieces stand where they stood (pillars
    # turned, copies laid, walls moved in between), against those steps
    # worked out on every edit
    from layout_editor.rules.checks import pieces as P

    states = []
    for seed, m in enumerate([dense_mission(2), *[_crowded(dense_mission(2), s) for s in range(3)], *_library(5)]):
        states += [m, *_turns(m, 12, seed)]
        states += list(small_edits(m, 6)) if m.pieces and any(p.code.startswith("pillar") for p in m.pieces) \
            and any(p.code in ("B1", "B2") for p in m.pieces) and any(p.open is not None for p in m.pieces) else []
        states += list(_moves(states[-1], 4, seed))
    kept = []
    fast = P._standing_kept
    clear_all()
    with monkeypatch.context() as mp:
        mp.setattr(P, "_standing_kept", lambda *a: (lambda r: kept.append(r is not None) or r)(fast(*a)))
        got = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert sum(kept) > 40, sum(kept)
    monkeypatch.setattr(P, "_standing_kept", lambda *a: None)
    clear_all()
    plain = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert got == plain
    codes = {f.code for fs in got for f, _ in fs}
    assert {"wall-on-wall", "node-clash", "unsupported-end", "overlap", "wall-end-astray"} <= codes, codes


def test_zone_findings_and_entry_zone_cells_remembered_equal_worked_out_afresh():
    # entry_zones.zone_findings and reachable's entry-zone cells,
    # remembered while the tuples they read are the same objects,
    # against the same worked out afresh: entry zones moved off their
    # board and dropped, regions added, boards turned, pieces edited and
    # hatchways flipped in between
    from layout_editor.model.mission import Region
    from layout_editor.rules import reach
    from layout_editor.rules.checks import entry_zones as EZ
    from layout_editor.rules.checks import reachable as R

    rng = random.Random(6)
    m = dense_mission(2)
    states, cur = [], m
    for step in range(24):
        what = step % 6
        if what == 0 and cur.entry_zones:
            zones = list(cur.entry_zones)
            k = rng.randrange(len(zones))
            zones[k] = replace(zones[k], cells=zones[k].cells + ((rng.randrange(20, 30), 0),))
            cur = replace(cur, entry_zones=tuple(zones))
        elif what == 1 and len(cur.entry_zones) > 1:
            cur = replace(cur, entry_zones=cur.entry_zones[1:])
        elif what == 2:
            cur = replace(cur, regions=cur.regions + (Region(name=f"r{step}", board=rng.choice(cur.boards).id,
                                                             cells=((0, 0), (99, 0))),))
        elif what == 3:
            boards = list(cur.boards)
            boards[0] = replace(boards[0], rotation=(boards[0].rotation + 180) % 360)
            cur = replace(cur, boards=tuple(boards))
        elif what == 4:
            cur = next(small_edits(cur, 1, seed=step))
        else:
            cur = next(_moves(cur, 1, step))
        states += [cur, replace(cur, entry_zones=m.entry_zones), replace(cur, entry_zones=())]
    clear_all()
    seen = set()
    for s in states:
        plain = EZ._zone_findings(s, CAT)
        assert EZ.zone_findings(s, CAT) == plain
        assert EZ.zone_findings(s, CAT) == plain  # (remembered)
        seen |= {f.code for f in plain}
        boards = {b.id: Placement.of(b, CAT) for b in s.boards}
        cells = {(z.board, c) for z in s.entry_zones if z.board in boards for c in z.cells
                 if boards[z.board].has_cell(c)}
        assert R._zone_cells(s, CAT) == (boards, cells)
        regs = reach.regions(s, 32.0, "open")
        warm = R.reach_findings(s, 32.0, CAT, open_regions=regs)
        R._cells_of_zones.clear()
        assert R.reach_findings(s, 32.0, CAT, open_regions=regs) == warm
    assert {"entry-zone-off-board", "region-off-board"} <= seen, seen


def test_symmetry_message_remembered_by_the_pieces_names_equals_said_afresh():
    # the note's message is remembered by what names the first eight
    # breaking pieces (code, board, where they stand): pillars turned, moved
    # and swapped for another kind among those eight, hatchways flipped,
    # walls moved; each note against one said with the memo emptied
    from layout_editor.rules.checks import symmetry as sym

    clear_all()
    reused = 0
    dense = dense_mission(2)
    # the pillars first: they are then among the eight pieces named
    pillars_first = replace(dense, pieces=tuple(sorted(dense.pieces, key=lambda p: p.at is None)))
    for m in (dense, pillars_first, dense_mission(4), *_library(3)):
        rng = random.Random(len(m.pieces))
        cur = m
        for step in range(24):
            s = mirror.symmetry(cur, CAT)
            pieces = list(cur.pieces)
            # mostly one of the first breaking pieces (their names are said)
            firsts = [pieces.index(p) for p in s.breaking[:8]] or list(range(len(pieces)))
            n = rng.choice(firsts) if rng.random() < 0.8 else rng.randrange(len(pieces))
            p = pieces[n]
            what = step % 4
            if p.at is not None and what == 0:
                pieces[n] = replace(p, turned=not p.turned)
            elif p.at is not None and what == 1:
                pieces[n] = replace(p, at=(p.at[0] + rng.choice([-1, 1]), p.at[1]))
            elif p.at is not None and what == 2:
                other = "pillar-right" if p.code == "pillar-left" else "pillar-left"
                pieces[n] = replace(p, code=other) if other in CAT.pieces else replace(p, turned=not p.turned)
            elif p.open is not None and what == 3:
                pieces[n] = replace(p, open=not p.open)
            elif p.from_node is not None:
                (i, j), (k, j2) = p.from_node, p.to_node
                d = rng.choice([-1, 1])
                pieces[n] = replace(p, from_node=(i, j + d), to_node=(k, j2 + d))
            else:
                pieces[n] = replace(p, turned=not p.turned)
            cur = replace(cur, pieces=tuple(pieces))
            before = len(sym._said)
            warm = sym.symmetry_findings(cur, CAT)
            reused += len(sym._said) == before
            sym._said.clear()
            fresh = sym.symmetry_findings(cur, CAT)
            assert _said(warm) == _said(fresh), (m.title, step)
            assert [f.pieces for f in warm] == [f.pieces for f in fresh]
            sym.symmetry_findings(cur, CAT)  # remembered again for the next step
    assert reused > 20


def test_zones_without_room_and_sealed_remembered_equal_worked_out_afresh():
    # checks/reachable.py remembers the zones without room and the sealed
    # zones' findings per boards, entry zones, base and the open regions'
    # cells; each edit's findings against those worked out with it emptied
    from layout_editor.rules import reach
    from layout_editor.rules.checks import reachable

    clear_all()
    reused = changed = 0
    last_cells: dict[float, tuple] = {}
    seqs = list(_sequences())
    # walls moved across a board's zones and taken away, so that regions
    # split and join
    m = dense_mission(2)
    seqs.append((m, *_wild_edits(m, 16, 21)))
    seqs.append(tuple(replace(m, pieces=m.pieces[:len(m.pieces) - k]) for k in range(0, 60, 3)))
    for seq in seqs:
        for m in seq:
            for base in (32.0, 90.0, 130.0):
                regs = reach.regions(m, base, "open")
                cells = tuple(r.cells for r in regs)
                before = reachable._rest.data.get((id(m.boards), base))
                warm = reachable.reach_findings(m, base, CAT, open_regions=regs)
                reused += before is not None and reachable._rest.data.get((id(m.boards), base)) is before
                changed += base in last_cells and cells != last_cells[base]
                last_cells[base] = cells
                reachable._rest.pop((id(m.boards), base))
                fresh = reachable.reach_findings(m, base, CAT, open_regions=regs)
                assert _said(warm) == _said(fresh), (m.title, base)
                plain = reachable.reach_findings(m, base, CAT, open_regions=regs,
                                                 as_set_unreachable=reach.unreachable_cells(m, base, "open"))
                assert _said(plain) == _said(fresh), (m.title, base)
    assert reused > 20 and changed > 5, (reused, changed)


def test_stock_findings_remembered_equal_said_afresh():
    # checks/boards.py says each "not enough sets" finding once per what it
    # says and the uids it names: pieces moved, copied (new uids), taken
    # away, the sets changed; each against one said with the memo emptied
    from layout_editor.rules.checks import boards

    clear_all()
    reused = made = 0
    m = replace(dense_mission(2), sets=1)  # (short of every kind)
    seqs = [*_sequences(), [replace(m, sets=s) for s in (1, 2, 1, 0, -1, 0, 1)],
            [m, replace(m, pieces=tuple(p.with_new_uid() if k % 5 == 0 else p for k, p in enumerate(m.pieces))),
             replace(m, pieces=m.pieces[1:] + m.pieces[:1]), replace(m, pieces=m.pieces[:-3]),
             *small_edits(m, 6)]]
    for seq in seqs:
        for state in seq:
            before = len(boards._stock_said)
            warm = boards.stock_findings(state, CAT)
            reused += bool(warm) and len(boards._stock_said) == before
            made += bool(warm)
            boards._stock_said.clear()
            fresh = boards.stock_findings(state, CAT)
            assert _said(warm) == _said(fresh), state.title
            assert [f.pieces for f in warm] == [f.pieces for f in fresh]
            boards.stock_findings(state, CAT)
    assert reused > 5 and made > 15, (reused, made)


def test_overlaps_remembered_per_pair_of_records_equal_asked_of_geos_afresh(monkeypatch):
    # checks/pieces.py keeps each pair's overlap (area and point, or none) on
    # its first record: crowded boards edited one piece at a time (many
    # overlaps, kept and new pairs), the benchmark's edits and wild ones,
    # against the same findings with every record's answers emptied first
    from layout_editor.rules.checks import pieces as P

    crowded = [_crowded(dense_mission(2), s) for s in range(3)] + [_crowded(m, 9) for m in _library(4)]
    states = [m for c in crowded[:3] for m in (c, *_moves(c, 8, 11))] + crowded[3:]
    states += [m for seq in _sequences()[:4] for m in seq]
    clear_all()
    hits = []
    fast_protos = P._overlap_protos

    def counted(b, maybe):
        before = sum(r.overlaps.hits for r in b.recs)
        out = fast_protos(b, maybe)
        hits.append(sum(r.overlaps.hits for r in b.recs) - before)
        return out

    with monkeypatch.context() as mp:
        mp.setattr(P, "_overlap_protos", counted)
        fast = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert sum(hits) > 10, sum(hits)

    def afresh(b, maybe):
        for r in b.recs:
            r.overlaps.clear()
        return fast_protos(b, maybe)

    monkeypatch.setattr(P, "_overlap_protos", afresh)
    clear_all()
    slow = [_said(P.piece_findings(m, CAT)[0]) for m in states]
    assert fast == slow
    assert sum(1 for fs in fast for f, _ in fs if f.code == "overlap") >= 20
