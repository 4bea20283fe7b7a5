"""Building a table piece by piece so that it is legal by construction.

`Build` holds what stands on each board's lattice, the pieces left in the
box and the places that must stay free (areas kept clear, the room around
objective markers), and adds a *group* of pieces (a wall and the pillars or
wall end its plain ends stand on) only when every piece of the group keeps
to the rules of the box. With a mirror, the group's image is added with it,
so a symmetric table is symmetric by construction.

The rules kept here are a strict subset of the rules check's
(rules/checks/pieces.py), so that the cheap test here rarely lets through
what the real check refuses (the generator runs the real check on every
table it offers; tests/unit/test_generate.py holds the two together):

- a wall lies on free unit stretches of zone line; a long wall's middle node
  holds nothing else, ever;
- a moulded pillar end (A2, A4, B3) stands on a node with nothing but at
  most one other moulded end, meeting it end to end on a straight line;
- a plain panel end stands on a node holding a loose pillar (any number of
  plain ends, one per direction) or a wall end (one panel, which it caps);
  plain ends never share a node with moulded ends (whether a moulded pillar
  reaches a plain end's face rests on a provisional shape);
- no wall runs along a board's outermost zone line (it would stand 12.5 mm
  from the table's edge, block nothing, and its hatchway would open off the
  table); walls may end there;
- no piece stands on a board's corner node (no pillar fits there), a loose
  pillar on an edge node is turned so that it stays on the board
  (snapping.pillar_fits);
- nothing stands on a node or stretch of zone line marked as kept free.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

from ..catalogue import Catalogue
from ..model.lattice import Placement
from ..model.mirror import Mapping, _image_piece, _mirror_codes, _Table, piece_key
from ..model.mission import Mission, Node, Piece
from ..model.snapping import pillar_fits

Dir = tuple[int, int]
NodeRef = tuple[str, Node]
Seg = tuple[str, Node, Node]


def _dir(a: Node, b: Node) -> Dir:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


def _steps(a: Node, b: Node) -> list[Node]:
    d = _dir(a, b)
    out = [a]
    while out[-1] != b:
        out.append((out[-1][0] + d[0], out[-1][1] + d[1]))
    return out


def seg(board: str, a: Node, b: Node) -> Seg:
    return (board, min(a, b), max(a, b))


@dataclass
class _Lattice:
    """What stands where (the state a group is tested against)."""
    segs: set = field(default_factory=set)          # Seg
    through: set = field(default_factory=set)       # NodeRef: middle node of a long wall
    loose: dict = field(default_factory=dict)       # NodeRef -> "pillar" | "wall-end"
    cap: dict = field(default_factory=dict)         # NodeRef -> the direction a wall end caps
    moulded: dict = field(default_factory=dict)     # NodeRef -> [Dir away from the node]
    plain: dict = field(default_factory=dict)       # NodeRef -> [Dir away from the node]

    def copy(self) -> _Lattice:
        return _Lattice(set(self.segs), set(self.through), dict(self.loose), dict(self.cap),
                        {k: list(v) for k, v in self.moulded.items()},
                        {k: list(v) for k, v in self.plain.items()})

    def empty(self, ref: NodeRef) -> bool:
        return (ref not in self.through and ref not in self.loose and not self.moulded.get(ref)
                and not self.plain.get(ref))


class _MemoTable(_Table):
    """mirror.py's table with the node under a point remembered: the
    builder asks for the same few images thousands of times."""

    def __init__(self, mission: Mission, cat: Catalogue):
        super().__init__(mission, cat)
        self._nodes: dict = {}

    def node_at(self, p):
        k = (round(p[0], 1), round(p[1], 1))
        if k not in self._nodes:
            self._nodes[k] = super().node_at(p)
        return self._nodes[k]


class Refused(Exception):
    """A piece that may not stand where it was tried."""


class Build:
    """A table under construction (see the module's notes)."""

    def __init__(self, mission: Mission, stock: dict[str, int], cat: Catalogue,
                 free_nodes: set | None = None, free_segs: set | None = None,
                 mirror: Mapping | None = None):
        self.cat = cat
        self.boards = mission.boards
        self.template = replace(mission, pieces=())
        self.pl = {b.id: Placement.of(b, cat) for b in mission.boards}
        self.stock = Counter(stock)
        self.free_nodes = set(free_nodes or ())
        self.free_segs = set(free_segs or ())
        self.state = _Lattice()
        self.pieces: list[Piece] = []
        self.mirror = mirror
        self._table = _MemoTable(mission, cat)
        self._pairs = _mirror_codes(cat)

    # -- the rules of the box (see the module's notes) -------------------------
    def corner(self, ref: NodeRef) -> bool:
        nx, ny = self.pl[ref[0]].kind.nodes
        i, j = ref[1]
        return i in (0, nx - 1) and j in (0, ny - 1)

    def along_edge(self, board: str, a: Node, b: Node) -> bool:
        """True for a stretch along a board's outermost zone line (a wall
        there would stand 12.5 mm from the table's edge and block nothing;
        a hatchway in it would open off the table)."""
        nx, ny = self.pl[board].kind.nodes
        return (a[0] == b[0] and a[0] in (0, nx - 1)) or (a[1] == b[1] and a[1] in (0, ny - 1))

    def _take(self, code: str, stock: Counter) -> None:
        if stock[code] <= 0:
            raise Refused(code)
        stock[code] -= 1

    def _place(self, p: Piece, st: _Lattice, stock: Counter) -> None:
        kind = self.cat.piece(p.code)
        pl = self.pl.get(p.board)
        if pl is None:
            raise Refused("board")
        if kind.is_wall:
            nodes = _steps(p.from_node, p.to_node)
            if not all(pl.has_node(n) for n in nodes):
                raise Refused("off board")
            segs = [seg(p.board, a, b) for a, b in zip(nodes, nodes[1:])]
            if any(s in st.segs or s in self.free_segs for s in segs):
                raise Refused("stretch taken")
            if self.along_edge(p.board, nodes[0], nodes[-1]):
                raise Refused("along the board's edge")
            for n in nodes[1:-1]:
                ref = (p.board, n)
                if not st.empty(ref) or ref in self.free_nodes or self.corner(ref):
                    raise Refused("middle node")
            d = _dir(p.from_node, p.to_node)
            for n, away in ((nodes[0], d), (nodes[-1], (-d[0], -d[1]))):
                ref = (p.board, n)
                if ref in st.through or ref in self.free_nodes or self.corner(ref):
                    raise Refused("end node")
                if kind.moulded_pillars:
                    ms = st.moulded.get(ref, [])
                    if ref in st.loose or st.plain.get(ref) or len(ms) >= 2:
                        raise Refused("moulded end")
                    if ms and ms[0] != (-away[0], -away[1]):
                        raise Refused("moulded ends not in line")
                else:
                    if st.moulded.get(ref) or ref not in st.loose:
                        raise Refused("plain end unsupported")
                    if st.loose[ref] == "wall-end" and (st.plain.get(ref) or st.cap.get(ref) != away):
                        raise Refused("wall end")
            self._take(p.code, stock)
            st.segs.update(segs)
            for n in nodes[1:-1]:
                st.through.add((p.board, n))
            for n, away in ((nodes[0], d), (nodes[-1], (-d[0], -d[1]))):
                (st.moulded if kind.moulded_pillars else st.plain).setdefault((p.board, n), []).append(away)
            return
        ref = (p.board, p.at)
        if not pl.has_node(p.at) or self.corner(ref) or ref in self.free_nodes or not st.empty(ref):
            raise Refused("node")
        if kind.kind == "pillar":
            if not pillar_fits(pl, kind, p.at, p.turned):
                raise Refused("pillar off board")
            st.loose[ref] = "pillar"
        else:
            if p.caps is None or not pl.has_node(p.caps):
                raise Refused("wall end caps off board")
            st.loose[ref] = "wall-end"
            st.cap[ref] = _dir(p.at, p.caps)
        self._take(p.code, stock)

    def try_add(self, group: list[Piece]) -> bool:
        """Add the group (and its mirror image) when all of it may stand;
        else leave the table as it was."""
        pieces = list(group)
        if self.mirror is not None:
            images = []
            for p in group:
                img = _image_piece(p, self.mirror, self._table, self._pairs)
                if img is None:
                    return False
                images.append(img)
            own = {piece_key(p, self._table, self.cat) for p in group}
            images = [q for q in images if piece_key(q, self._table, self.cat) not in own]
            # supports first, so the walls find them in place
            pieces = [q for q in pieces + images if q.from_node is None] + \
                     [q for q in pieces + images if q.from_node is not None]
        st = self.state.copy()
        stock = Counter(self.stock)
        try:
            for p in pieces:
                self._place(p, st, stock)
        except Refused:
            return False
        self.state, self.stock = st, stock
        self.pieces.extend(pieces)
        return True

    def lock(self, pieces) -> list[Piece]:
        """Take pieces already on the table as they stand (a partial table
        the generator completes). Returns those that do not keep to the
        rules here (they stay, and the real check judges them)."""
        odd = []
        supports = [p for p in pieces if p.from_node is None]
        walls = [p for p in pieces if p.from_node is not None]
        for p in supports + walls:
            stock = Counter(self.stock)
            stock[p.code] = max(stock[p.code], 1)  # counted against the stock below, even beyond it
            try:
                self._place(p, self.state, stock)
            except Refused:
                odd.append(p)
            self.stock[p.code] -= 1
            self.pieces.append(p)
        return odd

    def mirror_locked(self, locked) -> None:
        """Add the mirror image of each locked piece where it is missing
        and may stand, so a table completed around locked pieces stays as
        symmetric as they allow."""
        if self.mirror is None:
            return
        have = {piece_key(p, self._table, self.cat) for p in self.pieces}
        mirror, self.mirror = self.mirror, None
        try:
            images = [_image_piece(p, mirror, self._table, self._pairs) for p in locked]
            images = [q for q in images if q is not None and piece_key(q, self._table, self.cat) not in have]
            for q in sorted(images, key=lambda q: q.from_node is not None):  # supports first
                self.try_add([q])
        finally:
            self.mirror = mirror

    # -- proposing a group ---------------------------------------------------------
    def wall_group(self, code: str, board: str, a: Node, b: Node, rng: random.Random,
                   open_hatch: bool) -> list[Piece]:
        """A wall from a to b and the supports its plain ends need."""
        kind = self.cat.piece(code)
        hatch = kind.has_hatchway
        wall = Piece(code=code, board=board, from_node=a, to_node=b,
                     facing=rng.choice(("left", "right")) if hatch else None,
                     open=open_hatch if hatch else None)
        group: list[Piece] = []
        if not kind.moulded_pillars:
            d = _dir(a, b)
            for n, away in ((a, d), (b, (-d[0], -d[1]))):
                ref = (board, n)
                if ref in self.state.loose:
                    continue
                support = self._support(board, n, away, rng)
                if support is None:
                    return []
                group.append(support)
        return group + [wall]

    def _support(self, board: str, node: Node, away: Dir, rng: random.Random) -> Piece | None:
        pl = self.pl[board]
        left = self.stock["pillar-left"] - sum(1 for p in self._pending if p == "pillar-left")
        right = self.stock["pillar-right"] - sum(1 for p in self._pending if p == "pillar-right")
        ends = self.stock["wall-end"] - sum(1 for p in self._pending if p == "wall-end")
        options = []
        if left > 0:
            options += ["pillar-left"] * left
        if right > 0:
            options += ["pillar-right"] * right
        # a wall end caps a free end now and then (they are few in a box)
        if ends > 0 and rng.random() < 0.3:
            self._pending.append("wall-end")
            return Piece(code="wall-end", board=board, at=node, caps=(node[0] + away[0], node[1] + away[1]))
        if not options:
            if ends > 0:
                self._pending.append("wall-end")
                return Piece(code="wall-end", board=board, at=node, caps=(node[0] + away[0], node[1] + away[1]))
            return None
        code = rng.choice(options)
        self._pending.append(code)
        kind = self.cat.piece(code)
        turns = [t for t in (False, True) if pillar_fits(pl, kind, node, t)]
        if not turns:
            return None
        return Piece(code=code, board=board, at=node, turned=rng.choice(turns))

    _pending: list = []

    def _quick_refusal(self, code: str, board: str, a: Node, b: Node) -> bool:
        """The wall alone cannot stand there (most tries end here, before
        any piece or mirror image is made)."""
        st = self.state
        if self.stock[code] <= 0 or self.along_edge(board, a, b):
            return True
        nodes = _steps(a, b)
        for x, y in zip(nodes, nodes[1:]):
            s = seg(board, x, y)
            if s in st.segs or s in self.free_segs:
                return True
        for n in (nodes[0], nodes[-1]):
            ref = (board, n)
            if ref in st.through or ref in self.free_nodes or self.corner(ref):
                return True
        return any(not st.empty((board, n)) for n in nodes[1:-1])

    def propose(self, code: str, board: str, a: Node, b: Node, rng: random.Random, open_hatch: bool) -> bool:
        if self._quick_refusal(code, board, a, b):
            return False
        self._pending = []
        group = self.wall_group(code, board, a, b, rng, open_hatch)
        if not group:
            return False
        return self.try_add(group)

    def mission(self) -> Mission:
        return replace(self.template, pieces=tuple(self.pieces))

    def panels(self) -> int:
        return sum(1 for p in self.pieces if p.from_node is not None)

    def wall_spans(self, code: str, board: str) -> list[tuple[Node, Node]]:
        """Every place a wall of this code could lie on a board (both ways
        round), for the builder to choose from."""
        span = self.cat.piece(code).span
        nx, ny = self.pl[board].kind.nodes
        out = []
        for i in range(nx):
            for j in range(ny):
                for d in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                    b = (i + d[0] * span, j + d[1] * span)
                    if 0 <= b[0] < nx and 0 <= b[1] < ny:
                        out.append(((i, j), b))
        return out
