"""Layouts at real density for the benchmarks: one full terrain set per board
(32 panels: four each of A1, A2, A3, A4, B1, B2, B3 type 1 and type 2), a
loose pillar at every panel end that has no moulded pillar (up to the set's
32, with wall ends capping some free ends), hatchways part open, part closed;
on 1, 2, 4 or 8 touching boards (two side by side per row).

The layouts are built by a seeded generator, so every run measures the same
table. It keeps to the rules of the box, so the rules check finds no clashes
in them: no two walls on one span, nothing standing where an A wall passes a
node, moulded pillar ends meeting only end to end on a straight line, plain
panel ends held by a loose pillar or a moulded pillar beside them.

    from benchmarks.layouts import dense_mission, small_edits
    m = dense_mission(2)
    for edited in small_edits(m, 50): ...

Other benchmarks import this module; keep its functions stable.
"""
from __future__ import annotations

import functools
import random
from dataclasses import replace

from layout_editor.catalogue import default_catalogue
from layout_editor.model import Board, EntryZone, Mission, MissionText, Objective, Piece
from layout_editor.model.lattice import Placement

SET_PANELS = ("A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2")
BOARD_IDS = "ABCDEFGH"


def board_layout(n: int) -> tuple[Board, ...]:
    """n boards touching: two side by side per row, rows touching."""
    kind = default_catalogue().board("boarding-actions")
    boards = []
    for k in range(n):
        row, col = divmod(k, 2)
        boards.append(Board(id=BOARD_IDS[k], kind=kind.kind,
                            at=(col * kind.width, row * kind.height), rotation=0))
    return tuple(boards)


def _board_pieces(board_id: str, rng: random.Random) -> list[Piece]:
    cat = default_catalogue()
    kind = cat.board("boarding-actions")
    nx, ny = kind.nodes
    corners = {(0, 0), (nx - 1, 0), (0, ny - 1), (nx - 1, ny - 1)}
    used_edges: set[tuple] = set()
    through: set = set()                 # middle nodes of A walls
    moulded: dict = {}                   # node -> list of directions away from the node
    plain: dict = {}                     # node -> list of directions away from the node
    walls: list[Piece] = []

    def edge(a, b):
        return (min(a, b), max(a, b))

    def node_ok(node, away, is_moulded):
        if node in through or node in corners:
            return False
        ms = moulded.get(node, [])
        ps = plain.get(node, [])
        axis = (abs(away[0]), abs(away[1]))
        if is_moulded:
            if ps:  # a loose pillar stands there, or plain ends lean on a moulded pillar
                if not ms:
                    return False
            if len(ms) >= 2:
                return False
            if ms and ms[0] != (-away[0], -away[1]):
                return False
            # plain ends there must cross the moulded axis
            return all((abs(d[0]), abs(d[1])) != axis for d in ps)
        if ms:
            m_axis = (abs(ms[0][0]), abs(ms[0][1]))
            return m_axis != axis
        return True

    def loose_pillars_if(node_adds):
        count = sum(1 for n, ps in plain.items() if ps and not moulded.get(n))
        return count + node_adds

    order = [code for code in SET_PANELS for _ in range(cat.piece(code).per_set)]
    rng.shuffle(order)
    # Moulded and long walls first: they are the hardest to fit.
    order.sort(key=lambda c: (not cat.piece(c).moulded_pillars, -cat.piece(c).span))
    for code in order:
        pk = cat.piece(code)
        span = pk.span
        cands = []
        for i in range(nx):
            for j in range(ny):
                for d in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                    b = (i + d[0] * span, j + d[1] * span)
                    if 0 <= b[0] < nx and 0 <= b[1] < ny:
                        cands.append(((i, j), b, d))
        rng.shuffle(cands)
        if not pk.moulded_pillars:
            # Plain panels on fresh nodes first: a pillar at every end, as on
            # a table built from a full set.
            cands.sort(key=lambda c: sum(x in plain or x in moulded for x in c[:2]))
        else:
            # Moulded pillars meeting end to end leave more nodes free.
            cands.sort(key=lambda c: -sum(x in moulded for x in c[:2]))
        for a, b, d in cands:
            nodes = [a]
            while nodes[-1] != b:
                nodes.append((nodes[-1][0] + d[0], nodes[-1][1] + d[1]))
            es = [edge(nodes[k], nodes[k + 1]) for k in range(len(nodes) - 1)]
            if any(e in used_edges for e in es):
                continue
            mids = nodes[1:-1]
            if any(m in through or m in moulded or m in plain or m in corners for m in mids):
                continue
            back = (-d[0], -d[1])
            if not (node_ok(a, d, pk.moulded_pillars) and node_ok(b, back, pk.moulded_pillars)):
                continue
            if not pk.moulded_pillars:
                new = sum(1 for x in (a, b) if not plain.get(x) and not moulded.get(x))
                if loose_pillars_if(new) > 2 * cat.piece("pillar-left").per_set:
                    continue
            used_edges.update(es)
            through.update(mids)
            target = moulded if pk.moulded_pillars else plain
            target.setdefault(a, []).append(d)
            target.setdefault(b, []).append(back)
            extra = {}
            if pk.has_hatchway:
                extra = {"facing": rng.choice(("left", "right")), "open": rng.random() < 0.5}
            walls.append(Piece(code=code, board=board_id, from_node=a, to_node=b, **extra))
            break
    # A loose pillar (or a wall end on a lone free end) where plain panel
    # ends meet with no moulded pillar beside them.
    node_pieces: list[Piece] = []
    wall_ends_left = cat.piece("wall-end").per_set
    side = 0
    for node in sorted(plain):
        ps = plain[node]
        if not ps or moulded.get(node):
            continue
        if len(ps) == 1 and wall_ends_left and rng.random() < 0.3:
            d = ps[0]
            node_pieces.append(Piece(code="wall-end", board=board_id, at=node,
                                     caps=(node[0] + d[0], node[1] + d[1])))
            wall_ends_left -= 1
            continue
        # A pillar is 28 mm one way, 25 the other: on the outermost columns
        # turn it so it does not reach past the board's edge into the next.
        turned = node[0] in (0, nx - 1)
        node_pieces.append(Piece(code=("pillar-left", "pillar-right")[side], board=board_id,
                                 at=node, turned=turned))
        side ^= 1
    return walls + node_pieces


@functools.lru_cache(maxsize=8)
def _best_board(seed: int, tries: int = 60) -> tuple[Piece, ...]:
    """The fullest board the generator finds in a few seeded tries: all 32
    panels placed, then as many loose pillars as the set holds."""
    best, best_score = None, None
    for k in range(tries):
        pieces = _board_pieces("A", random.Random(seed * 1000 + k))
        panels = sum(1 for p in pieces if p.is_wall)
        pillars = sum(1 for p in pieces if not p.is_wall)
        score = (panels, pillars)
        if best_score is None or score > best_score:
            best, best_score = pieces, score
    return tuple(best)


def dense_mission(n_boards: int, seed: int = 7) -> Mission:
    """A mission on n touching boards, one full terrain set on each, with two
    objectives per board and two players' entry zones on the outer columns."""
    cat = default_catalogue()
    kind = cat.board("boarding-actions")
    boards = board_layout(n_boards)
    rng = random.Random(seed)
    pieces: list[Piece] = []
    objectives: list[Objective] = []
    zx, zy = kind.zones
    for _k, b in enumerate(boards):
        for p in _best_board(seed):
            if p.open is not None:  # hatchways differ from board to board
                p = replace(p, open=rng.random() < 0.5)
            pieces.append(replace(p, board=b.id).with_new_uid())
        pl = Placement.of(b, cat)
        for cell in ((2, 1), (4, 4)):
            objectives.append(Objective(id=str(len(objectives) + 1), at=pl.cell_centre_table(cell)))
    first, last = boards[0], boards[min(1, n_boards - 1)]
    zones = (
        EntryZone(player=1, board=first.id, cells=tuple((0, j) for j in range(zy)), name="West"),
        EntryZone(player=2, board=last.id, cells=tuple((zx - 1, j) for j in range(zy)), name="East"),
    )
    return Mission(title=f"Dense layout, {n_boards} board{'s' if n_boards > 1 else ''}",
                   players=2, sets=n_boards, boards=boards, pieces=tuple(pieces),
                   objectives=tuple(objectives), entry_zones=zones,
                   mission=MissionText(briefing="A benchmark layout: one full set on every board."))


def small_edits(mission: Mission, count: int, seed: int = 11, board: str | None = None):
    """Yield `count` missions, each one small edit away from the one before:
    a hatchway opened or closed, a pillar turned, or a short wall moved to a
    free span. Each edit touches one piece on one board (the first board
    unless `board` names another), so the other boards' caches stay warm;
    every mission yielded is a state not seen before."""
    cat = default_catalogue()
    rng = random.Random(seed)
    board = board or mission.boards[0].id
    kind = cat.board(mission.board(board).kind)
    nx, ny = kind.nodes
    current = mission
    for k in range(count):
        pieces = list(current.pieces)
        on_board = [n for n, p in enumerate(pieces) if p.board == board]
        what = k % 3
        if what == 0:
            cands = [n for n in on_board if pieces[n].open is not None]
            n = rng.choice(cands)
            pieces[n] = replace(pieces[n], open=not pieces[n].open)
        elif what == 1:
            cands = [n for n in on_board if pieces[n].code.startswith("pillar")]
            n = rng.choice(cands)
            pieces[n] = replace(pieces[n], turned=not pieces[n].turned)
        else:
            cands = [n for n in on_board if pieces[n].code in ("B1", "B2")]
            n = rng.choice(cands)
            taken = set()
            for p in pieces:
                if p.board == board and p.from_node is not None:
                    taken.add(frozenset((p.from_node, p.to_node)))
            for _ in range(200):
                i, j = rng.randrange(nx), rng.randrange(ny)
                a = (i, j)
                b = (i + 1, j) if rng.random() < 0.5 else (i, j + 1)
                if b[0] < nx and b[1] < ny and frozenset((a, b)) not in taken:
                    pieces[n] = replace(pieces[n], from_node=a, to_node=b)
                    break
        current = replace(current, pieces=tuple(pieces))
        yield current


def plain_shapely_ms(mission: Mission, repeat: int = 5) -> float:
    """The yardstick every benchmark figure is printed beside: a plain
    shapely build of the layout's free space and of where a 32 mm base can
    stand (the union of every piece's footprint taken from the boards, the
    union grown by the base's radius taken from the boards shrunk by it),
    with none of the rules core's caches or per-board work; the quickest of
    `repeat` runs, in ms (the least disturbed by other work on the machine). It runs in the same process as the figures, so
    their ratio to it reads the same on a slower or busier machine."""
    import time

    import shapely
    from shapely.geometry import box

    from layout_editor.rules.geometry import piece_shape

    cat = default_catalogue()
    shapes = []
    for p in mission.pieces:
        pl = Placement.of(mission.board(p.board), cat)
        s = piece_shape(p, pl, cat)
        shapes.append(s.solid if s.door is None or p.open else shapely.union_all([s.solid, s.door]))
    # fresh copies: nothing cached on the geometry objects
    wkb = [shapely.to_wkb(g) for g in shapes]
    tables = [box(*Placement.of(b, cat).bounds) for b in mission.boards]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        geoms = shapely.from_wkb(wkb)
        table = shapely.union_all(tables)
        walls = shapely.union_all(geoms)
        free = table.difference(walls)
        standing = table.buffer(-16.0).difference(walls.buffer(16.0))
        assert not free.is_empty and not standing.is_empty
        times.append((time.perf_counter() - t) * 1000)
    return min(times)
