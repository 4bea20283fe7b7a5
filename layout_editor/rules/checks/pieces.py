"""The pieces of one board, checked against the lattice and each other:
unknown codes, nodes off the board, walls off a zone line or of the wrong
span, two walls on one stretch of zone line, two pieces on one node,
footprints overlapping beyond the designed slots, panel ends standing on
nothing, wall ends capping no wall. And pieces on touching boards clashing
across the seam.

Speed: the editor runs this after every edit. These checks look only at the
pieces of one board, so they are memoised per board, keyed by the board's
placement, id and its pieces by value: an edit on one board leaves the other
boards' results to be reused (and a board whose pieces are the very objects
checked last time is taken without building that key: an edit replaces only
the pieces it changes). The cached results hold piece *indices* within the
board, not uids, so equal pieces with new uids still map correctly; the
findings made from a result are kept on it per set of uids. Seams are
memoised by the two boards' results, and on the board that changed the
overlap test looks at boxes first and asks GEOS only about the few pairs
left (see _overlaps).

On the board an edit changed (issue 29: what an edit leaves alone kept as
data), the check reads each piece as a record (_Rec: its findings on its
own, footprint and box, where it stands, the zone line it runs along, its
slot nodes), made once per piece value and placement; the pieces the edit
left alone bring theirs from the board's last check, so the steps between
pieces are loops over plain tuples, not questions to the catalogue, the
lattice and GEOS. A pair of pieces meeting by box keeps the overlap step's
slot verdict on its first record (it depends on the two records alone). The
new result remembers the one it follows (_Before: its token, its marker memo
and the boxes of the pieces that differ), so a seam with another board and a
marker that none of those boxes comes near take the old answer instead of
asking GEOS again. The overlap step starts from the result before's pairs
of pieces whose boxes meet beyond a slot: those of pieces the edit left
alone stand (their boxes and slot verdicts are their records'), and only
the changed pieces' boxes are held against the others' (no tree query over
the board); where a piece is the first of two overlaps the tree's order of
them is not known that way, and the step asks the tree as before. A
finding the board's check makes again (the same words
about the same pieces) is the one made before: Finding phrases its message
as it is made. tests/unit/test_checks_fast_paths.py holds every step to the
plain way and the memos to the check worked out afresh, edit after edit.
Also after an edit (second pass): a board's result is looked up by its
records themselves (made once per piece value, so equal pieces give the
very same records; hashing every record's key was a tenth of the step);
the board's STRtree is built when first asked (an edit's overlap step,
seams and markers usually start from the result before and ask none); a
piece's name is kept on its record, so the findings an edit makes again
about pieces it left alone (panel ends, T ends) do not describe them anew.
Fourth pass: the steps on where pieces stand (copies, walls on walls,
node clashes before the overlaps; panel ends and wall ends astray after)
keep their findings on the result, and an edit whose changed pieces stand
where they stood (a pillar turned on its node; the same code, nodes and
caps; no copy before or now) takes them (_standing_kept). Still O(pieces
on the board) for an edit that moves a piece: who stands where, the walls
on walls, the panel ends are worked out again (each step's findings are
not kept per piece).

Copies: a file may stack thousands of copies of one piece in one place.
Each group of copies is checked once: every step that looks at pairs sees
one piece per group (its first, the representative), and a group is
reported once, naming its pieces. So the work and the report grow with the
number of *different* footprints, not with its square.
"""
from __future__ import annotations

import itertools
import operator
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...catalogue import Catalogue, PieceKind
from ...memo import Memo
from ...model.lattice import Placement, wall_span
from ...model.mission import Mission, Node, Piece, Point
from ...model.names import a_code, describe_piece, node_name
from ...phrases import QT_TR_NOOP, Listing, Phrase, one_or_many
from ..areas import placements
from ..geometry import PieceGeometryError, piece_shape
from .findings import Finding, provisional_note

# Overlap left over after the allowed slots, below which two footprints only
# touch: shapely reports slivers of float noise where faces meet.
OVERLAP_TOLERANCE_MM2 = 1.0
# How far a pillar reaches from its node, with a little slack: inside this box
# a panel end may slot into a pillar at its own node without it counting as
# an overlap (a 28 x 25 mm pillar reaches 14 mm).
SLOT_HALF_MM = 14.5


@dataclass(frozen=True)
class _Proto:
    """A finding about pieces of one board, with pieces as indices into the
    board's piece tuple (turned into uids when handed out)."""
    severity: str
    code: str
    message: Phrase
    pieces: tuple[int, ...] = ()
    places: tuple[Point, ...] = ()


class _Rec:
    """One piece on its board as the board's checks read it, worked out once
    per piece value and board placement: its findings on its own, its
    footprint and box, where it stands (node, wall ends and the directions
    away from them, unit stretches of zone line, nodes it runs across) and
    its slot nodes. A board's check after an edit takes the records of the
    pieces the edit left alone and loops over them, instead of asking the
    catalogue, the lattice and GEOS for every piece again. `pairs`: with
    each other record of its board met by box, whether the two meet only
    inside a slot (the overlap step's verdict, which depends on the two
    records alone)."""

    __slots__ = ("key", "alone", "good", "outline", "bounds", "is_wall", "moulded", "wall_end", "at", "ends",
                 "edges", "through", "end_nodes", "pillar_nodes", "pairs", "overlaps", "name")

    def __init__(self, p: Piece, placement: Placement, cat: Catalogue):
        one = _Alone(p, placement, cat)
        self.key = _piece_key(p)
        self.good = _piece_alone(one, 0)
        # its findings on its own, without the piece's index in its board
        self.alone = tuple((pr.severity, pr.code, pr.message, pr.places) for pr in one.protos)
        self.outline = one.outlines[0]
        # its box: set by _records, for all the records it makes at once
        # (one GEOS call; a geometry's own .bounds costs as much as the rest
        # of the record)
        self.bounds: tuple[float, float, float, float] | None = None
        kind = cat.pieces.get(p.code)
        self.is_wall = kind is not None and kind.is_wall
        self.moulded = kind is not None and kind.moulded_pillars
        self.wall_end = kind is not None and kind.kind == "wall-end"
        self.at = p.at
        self.ends: tuple[tuple[Node, tuple[int, int]], ...] = ()
        self.edges: tuple[tuple[Node, Node], ...] = ()
        self.through: tuple[Node, ...] = ()
        self.end_nodes: frozenset[Node] = frozenset()
        self.pillar_nodes: frozenset[Node] = frozenset()
        self.pairs = Memo("checks.piece.pairs", 64, registered=False)
        # with another record, by its id: (it, the slot nodes, how much the
        # two footprints overlap beyond the slots and where, or False when
        # no more than the tolerance): _overlap_protos's GEOS answer, which
        # depends on the two records and the slots alone
        self.overlaps = Memo("checks.piece.overlaps", 64, registered=False)
        self.name: Phrase | None = None  # describe_piece's, when a finding first names it (_Names)
        if not self.good or kind is None:
            return
        self.end_nodes = frozenset(_end_nodes(p, kind))
        self.pillar_nodes = frozenset(_pillar_nodes(p, kind))
        if not kind.is_wall:
            return
        a, z = _wall_nodes(p)
        d = _direction(a, z)
        self.ends = ((a, d), (z, (-d[0], -d[1])))
        edges = []
        x = a
        while x != z:
            y = (x[0] + d[0], x[1] + d[1])
            edges.append((min(x, y), max(x, y)))
            x = y
        self.edges = tuple(edges)
        inner = []
        x = (a[0] + d[0], a[1] + d[1])
        while x != z:
            inner.append(x)
            x = (x[0] + d[0], x[1] + d[1])
        self.through = tuple(inner)


class _Alone:
    """One piece as _piece_alone reads a board: the few names it asks."""

    __slots__ = ("pieces", "placement", "cat", "names", "protos", "outlines")

    def __init__(self, p: Piece, placement: Placement, cat: Catalogue):
        self.pieces = (p,)
        self.placement = placement
        self.cat = cat
        self.names = _Names(self.pieces, cat)
        self.protos: list[_Proto] = []
        self.outlines: list[BaseGeometry | None] = [None]

    def add(self, severity: str, code: str, message: Phrase, pieces: Iterable[int] = (),
            places: Iterable[Point] = ()) -> None:
        self.protos.append(_Proto(severity, code, message, tuple(pieces), tuple(places)))


_rec_cache = Memo("checks.piece", 4096)  # (catalogue, placement, board, piece value) -> _Rec


def _records(pieces: tuple[Piece, ...], placement: Placement, cat: Catalogue,
             last: tuple[tuple[Piece, ...], tuple[_Rec, ...]] | None = None) -> tuple[_Rec, ...]:
    """Each piece's record: from `last` (the pieces and records of this
    board's check before, same catalogue and placement) for the very same
    piece objects at the same place, else by value."""
    pk = _placement_key(placement)
    same = last is not None and len(last[0]) == len(pieces)
    out = []
    made = []
    for n, p in enumerate(pieces):
        if same and last[0][n] is p:  # type: ignore[index]
            out.append(last[1][n])  # type: ignore[index]
            continue
        key = (id(cat), pk, p.board, _piece_key(p))
        r: _Rec | None = _rec_cache.get(key)
        if r is None:
            r = _Rec(p, placement, cat)
            if r.outline is not None:
                made.append(r)
            _rec_cache.put(key, r)
        out.append(r)
    if made:
        boxes = shapely.bounds(np.array([r.outline for r in made], dtype=object)).tolist()
        for r, b in zip(made, boxes):
            r.bounds = (b[0], b[1], b[2], b[3])
    return tuple(out)


_Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class _Before:
    """A board's result made one edit after another (the same pieces at the
    same indices but a few): the other's token and marker memo, and the
    boxes of the pieces that differ, as they were and as they are. A seam
    with another board or a marker whose box none of these boxes meets
    finds the same pieces as before: the seam's clashes and the pieces under
    the marker are the old result's (taken only where the order of the
    tree's hits cannot have changed: at most one hit per piece asked).
    Holds no result, so results do not chain."""
    token: int
    marker_hits: Memo
    boxes: tuple[_Box, ...]

    def clear_of(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """No changed box meets the box (x0, y0, x1, y1) (touching meets)."""
        return all(b[2] < x0 or b[0] > x1 or b[3] < y0 or b[1] > y1 for b in self.boxes)


@dataclass
class BoardResult:
    """What the checks of one board found, and its pieces' footprints (the
    objective checks look markers up in the tree)."""
    protos: list[_Proto]
    outlines: list[BaseGeometry | None]  # shapely geometry per piece index, None when it has none
    tree: _Tree | None  # (a query built when first asked)
    tree_index: np.ndarray  # tree position -> piece index
    tree_bounds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # of every footprint together
    # A number of its own, never reused: it names the board's content (the
    # catalogue, the placement and the pieces by value) in the seam memo's keys.
    token: int = field(default_factory=lambda: next(_tokens))
    # Memos that live and die with the result, whose content is fixed: its
    # findings per set of piece uids; the pieces under an objective marker
    # per marker centre (objectives.py). Not registered: they go with the
    # result, which the registered checks.board memo holds.
    findings: Memo = field(default_factory=lambda: Memo("checks.board.findings", 8, registered=False))
    marker_hits: Memo = field(default_factory=lambda: Memo("checks.board.marker_hits", 256, registered=False))
    # per piece index, the piece as the checks read it (_Rec): the next
    # edit's check of this board takes the records of the pieces it left
    # alone from here
    recs: tuple[_Rec, ...] = ()
    # the result this one was made after (one edit before, on this board):
    # what of its seams and markers still stands (see _Before)
    before: _Before | None = None
    # the representatives the overlap step looked at, and the pairs of them
    # whose boxes meet beyond a slot (a, z, slot nodes; a < z): the next
    # edit's overlap step starts from these (see _overlaps)
    reps: tuple[int, ...] = ()
    maybe: tuple[tuple[int, int, frozenset[Node]], ...] = ()
    # what the steps on where pieces stand found (_Standing): the next
    # edit takes it when its changed pieces stand where they stood
    standing: _Standing | None = None


class _Tree:
    """A board's STRtree of its representatives' footprints, built when
    first asked (most edits ask none: the overlap step starts from the
    result before, markers and seams from theirs). Two threads asking at
    once may each build one: the same tree, the last kept."""

    __slots__ = ("geoms", "built")

    def __init__(self, geoms: list[BaseGeometry]):
        self.geoms: list[BaseGeometry] | None = geoms
        self.built: shapely.STRtree | None = None

    def query(self, geometry: Any, predicate: Any = None) -> Any:
        """shapely.STRtree.query, on the tree (built now if not yet)."""
        t = self.built
        if t is None:
            t = self.built = shapely.STRtree(cast("list[BaseGeometry]", self.geoms))
            self.geoms = None
        return t.query(geometry, predicate=predicate)


_tokens: itertools.count[int] = itertools.count()
# (128 versions of boards: every edit of a board adds a version of it, and
# the bound is the memory a long session keeps; benchmarks/README.md, seventh round)
_board_cache = Memo("checks.board", 128)
_seam_cache = Memo("checks.seam", 512)
# Per board id: the pieces (the very objects) last checked there and their
# result. A Mission is immutable and an edit replaces only the pieces it
# changes, so a board the edit left alone holds the same objects: its result
# is taken without building its key by value.
_last_board: Memo = Memo("checks.last_board", 256)  # board ids of many missions


def _piece_key(p: Piece) -> tuple[Any, ...]:
    return (p.code, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps)


def _placement_key(pl: Placement) -> tuple[Any, ...]:
    return (pl.kind.kind, pl.at, pl.rotation)


def _wall_nodes(p: Piece) -> tuple[Node, Node]:
    """A wall's two nodes (set for every wall the checks look at past
    _piece_alone; a cast, no test)."""
    return cast(Node, p.from_node), cast(Node, p.to_node)


def _direction(a: Node, b: Node) -> tuple[int, int]:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


class _Names:
    """The pieces' names for the findings, each worked out when a finding
    first needs it (most boards have none)."""

    def __init__(self, pieces: tuple[Piece, ...], cat: Catalogue, recs: tuple[_Rec, ...] = ()):
        self.pieces, self.cat, self.recs = pieces, cat, recs
        self.known: dict[int, Phrase] = {}

    def __getitem__(self, n: int) -> Phrase:
        got = self.known.get(n)
        if got is None:
            # a name is the piece's value's (code, nodes, board): kept on its
            # record, for the findings the next edits make about it again
            r = self.recs[n] if self.recs else None
            got = r.name if r is not None else None
            if got is None:
                got = describe_piece(self.pieces[n], self.cat)
                if r is not None:
                    r.name = got
            self.known[n] = got
        return got


@dataclass
class _Board:
    """One board's pieces while they are checked: what each step finds out
    and what the later steps read."""
    pieces: tuple[Piece, ...]
    placement: Placement
    cat: Catalogue
    names: _Names | list[Phrase] = field(default_factory=list)
    protos: list[_Proto] = field(default_factory=list)
    outlines: list[BaseGeometry | None] = field(default_factory=list)
    copies: dict[int, list[int]] = field(default_factory=dict)  # representative -> its group
    # who stands on which node
    loose: dict[Node, list[int]] = field(default_factory=lambda: defaultdict(list))        # pillars, wall ends
    moulded: dict[Node, list[tuple[int, Node]]] = field(default_factory=lambda: defaultdict(list))      # (wall, direction away from node)
    plain_ends: dict[Node, list[tuple[int, Node]]] = field(default_factory=lambda: defaultdict(list))   # walls without moulded ends
    edges: dict[tuple[Node, Node], list[int]] = field(default_factory=lambda: defaultdict(list))        # unit stretch of zone line -> walls
    # Pairs of representatives already reported (node clashes, walls on
    # walls): never reported again as a plain overlap.
    reported_pairs: set[tuple[int, int]] = field(default_factory=set)
    recs: tuple[_Rec, ...] = ()  # per piece index its record (_board_checks)

    def add(self, severity: str, code: str, message: Phrase, pieces: Iterable[int] = (),
            places: Iterable[Point] = ()) -> None:
        self.protos.append(_Proto(severity, code, message, tuple(pieces), tuple(places)))

    def wall_middle(self, p: Piece) -> Point:
        a, z = _wall_nodes(p)
        (x0, y0), (x1, y1) = self.placement.node_table(a), self.placement.node_table(z)
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _board_checks(pieces: tuple[Piece, ...], placement: Placement, cat: Catalogue,
                  recs: tuple[_Rec, ...] | None = None, prev: BoardResult | None = None) -> BoardResult:
    """The board's checks. `prev`: this board's result one edit before (the
    same catalogue and placement), whose overlap pairs the overlap step
    starts from."""
    if recs is None:
        recs = _records(pieces, placement, cat)
    b = _Board(pieces, placement, cat, names=_Names(pieces, cat, recs), outlines=[r.outline for r in recs])
    b.recs = recs
    good = []
    for n, r in enumerate(recs):
        for severity, code, message, places in r.alone:
            b.protos.append(_Proto(severity, code, message, (n,), places))
        if r.good:
            good.append(n)
    alone_end = len(b.protos)
    stand = _standing_kept(recs, prev)
    if stand is not None:
        # every changed piece stands where it stood (_standing_kept): the
        # steps on where pieces stand say what they said
        groups, b.copies, b.reported_pairs, mid, tail = stand
        b.protos += mid
    else:
        groups = {}
        for n in good:
            groups.setdefault(recs[n].key, []).append(n)
        b.copies = {g[0]: g for g in groups.values()}
        _who_stands_where(b)
        _copies_on_one_span(b)
        _walls_on_walls(b)
        _node_clashes(b)
        mid = b.protos[alone_end:]
    reps = list(b.copies)
    # (the pieces past _piece_alone have outlines)
    geoms = cast("list[BaseGeometry]", [b.outlines[n] for n in reps])
    tree = _Tree(geoms) if geoms else None
    tree_index = np.array(reps, dtype=int)
    maybe: tuple[tuple[int, int, frozenset[Node]], ...] = ()
    if tree is not None:
        maybe = _overlaps(b, tree, tree_index, geoms, prev)
    if stand is not None:
        tail = stand[4]
        b.protos += tail
    else:
        tail_start = len(b.protos)
        _unsupported_ends(b)
        _wall_ends_astray(b)
        tail = b.protos[tail_start:]
    tb = (0.0, 0.0, 0.0, 0.0)
    if reps:
        # the boxes' total, as shapely.total_bounds makes it
        boxes = [cast("tuple[float, float, float, float]", recs[n].bounds) for n in reps]
        tb = (min(x[0] for x in boxes), min(x[1] for x in boxes), max(x[2] for x in boxes),
              max(x[3] for x in boxes))
    return BoardResult(b.protos, b.outlines, tree, tree_index, tb, recs=recs, reps=tuple(reps), maybe=maybe,
                       standing=(groups, b.copies, b.reported_pairs, mid, tail))


# what the steps on where pieces stand found (see _standing_kept): the good
# records by key, the copies, the pairs reported, the findings before the
# overlaps and after them
_Standing = tuple[dict[tuple[Any, ...], list[int]], dict[int, list[int]], set[tuple[int, int]], list[_Proto],
                  list[_Proto]]

_STANDING_MAX_CHANGED = 4


def _standing_kept(recs: tuple[_Rec, ...], prev: BoardResult | None) -> _Standing | None:
    """The result before's findings on where pieces stand (copies on one
    span, walls on walls, node clashes; panel ends, wall ends astray), when
    the edit cannot have changed them: each changed piece (a few) is as
    good or bad as before and, if good, stands where it stood (its node,
    wall ends and directions, stretches of zone line, nodes run across,
    slot and pillar nodes), has the same code, nodes and caps (its name and
    what a wall end caps), and was, and is, a group of its own (no copy of
    it before or now). Then those steps see the same board (they read
    only these) and say the same (a pillar turned on its node: issue 29).
    None: work them out."""
    if prev is None or prev.standing is None or len(prev.recs) != len(recs):
        return None
    old = prev.recs
    changed = list(itertools.compress(range(len(recs)), map(operator.is_not, recs, old)))
    if len(changed) > _STANDING_MAX_CHANGED:
        return None
    groups = prev.standing[0]
    keys = set()
    for n in changed:
        r, o = recs[n], old[n]
        if r.good != o.good:
            return None
        if not r.good:
            continue
        if (r.key[:4] != o.key[:4] or r.key[6] != o.key[6] or r.is_wall != o.is_wall or r.moulded != o.moulded
                or r.wall_end != o.wall_end or r.at != o.at or r.ends != o.ends or r.edges != o.edges
                or r.through != o.through or r.end_nodes != o.end_nodes or r.pillar_nodes != o.pillar_nodes):
            return None
        if len(groups.get(o.key, ())) != 1 or (r.key != o.key and r.key in groups) or r.key in keys:
            return None
        keys.add(r.key)
    if not changed or all(recs[n].key == old[n].key for n in changed):
        return prev.standing
    # (the groups' keys of the changed pieces are their new ones)
    moved = dict(groups)
    for n in changed:
        if recs[n].good and recs[n].key != old[n].key:
            del moved[old[n].key]
            moved[recs[n].key] = [n]
    return moved, prev.standing[1], prev.standing[2], prev.standing[3], prev.standing[4]


def _piece_alone(b: _Board | _Alone, n: int) -> bool:
    """Each piece on its own: a known code, nodes on the board, a wall on one
    zone line with the right span, a footprint. True when its position is
    well defined (it takes part in the checks between pieces)."""
    p, placement = b.pieces[n], b.placement
    names = b.names  # a piece's name is worked out only for a finding
    kind = b.cat.pieces.get(p.code)
    if kind is None:
        b.add("error", "unknown-piece", Phrase("{piece}: the catalogue has no piece {code!r}", piece=names[n],
                                               code=p.code), (n,))
        return False
    if kind.is_wall:
        if p.from_node is None or p.to_node is None:
            b.add("error", "off-zone-line", Phrase("{piece} needs two nodes on one zone line", piece=names[n]), (n,))
            return False
        off = [x for x in (p.from_node, p.to_node) if not placement.has_node(x)]
        if off:
            b.add("error", "off-board", Phrase("{piece}: {nodes} is outside the zone lines of board {board}",
                                               piece=names[n], nodes=Listing(node_name(x) for x in off),
                                               board=p.board), (n,))
            return False
        span = wall_span(p.from_node, p.to_node)
        if span is None:
            b.add("error", "off-zone-line", Phrase("{piece}: its ends are not on one zone line", piece=names[n]), (n,),
                  (placement.node_table(p.from_node),))
            return False
        if span != kind.span:
            b.add("error", "wrong-span",
                  Phrase("{piece} spans {spans}, but {kind} spans {should}", piece=names[n],
                         spans=one_or_many(span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones")), kind=a_code(p.code),
                         should=one_or_many(kind.span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones"))), (n,),
                  (placement.node_table(p.from_node),))
            return False
    else:
        if p.at is None:
            b.add("error", "off-board", Phrase("{piece} stands on no node", piece=names[n]), (n,))
            return False
        if not placement.has_node(p.at):
            b.add("error", "off-board", Phrase("{piece}: the node is outside the zone lines of board {board}",
                                               piece=names[n], board=p.board), (n,))
            return False
    try:
        b.outlines[n] = piece_shape(p, placement, b.cat).outline
    except PieceGeometryError as e:
        b.add("error", "off-zone-line", Phrase("{piece}: {problem}", piece=names[n], problem=e.phrase), (n,))
        return False
    return True


def _who_stands_where(b: _Board) -> None:
    """Node pieces by node, wall ends by node (moulded or plain, with the
    direction the wall runs away from the node), walls by unit stretch of
    zone line (from the pieces' records)."""
    for n in b.copies:
        r = b.recs[n]
        if not r.is_wall:
            b.loose[cast(Node, r.at)].append(n)  # (a pillar stands on its node)
            continue
        ends = b.moulded if r.moulded else b.plain_ends
        for end, away in r.ends:
            ends[end].append((n, away))
        for e in r.edges:
            b.edges[e].append(n)


def _copies_on_one_span(b: _Board) -> None:
    """Copies of one wall on one span: one finding for the group."""
    for rep, group in b.copies.items():
        if len(group) < 2 or not b.cat.piece(b.pieces[rep].code).is_wall:
            continue
        if len(group) == 2:
            says = Phrase("{piece} and {other} {how}", piece=b.names[group[0]], other=b.names[group[1]],
                          how=Phrase("stand on the same span"))
        else:
            says = Phrase("{n} pieces stand on the same span: {pieces}", n=len(group),
                          pieces=Listing(b.names[c] for c in group))
        b.add("error", "wall-on-wall", says, group, (b.wall_middle(b.pieces[rep]),))


def _walls_on_walls(b: _Board) -> None:
    """Two different walls on one stretch of zone line."""
    seen: set[tuple[int, ...]] = set()
    for edge, ws in b.edges.items():
        for i in range(len(ws)):
            for j in range(i + 1, len(ws)):
                pair = (min(ws[i], ws[j]), max(ws[i], ws[j]))
                if pair in seen:
                    continue
                seen.add(pair)
                b.reported_pairs.add(pair)
                pi, pj = b.pieces[pair[0]], b.pieces[pair[1]]
                same = {pi.from_node, pi.to_node} == {pj.from_node, pj.to_node}
                how = Phrase(QT_TR_NOOP("stand on the same span") if same else QT_TR_NOOP("share a stretch of zone line"))
                (x0, y0), (x1, y1) = b.placement.node_table(edge[0]), b.placement.node_table(edge[1])
                involved = sorted(b.copies[pair[0]] + b.copies[pair[1]])
                b.add("error", "wall-on-wall", Phrase("{piece} and {other} {how}", piece=b.names[pair[0]],
                                                      other=b.names[pair[1]], how=how),
                      involved, (((x0 + x1) / 2, (y0 + y1) / 2),))


def _node_clashes(b: _Board) -> None:
    """Two node pieces on one node: two loose pillars or wall ends, or a
    loose one on a moulded pillar end. Moulded pillar ends meeting on one
    node share one post and are fine, in a straight line or at a corner:
    terrain.md leaves the moulded pillars' shape provisional (whole at one
    end or halves at both), so it cannot rule the corner out, and the
    official Kill Team Gallowdark map cards build it (Approved Ops 2025,
    Gallowdark 1: two A4 meet at right angles at F/4, one post there in the
    source's data; mission_library/approved-ops-gallowdark-*.yaml). Copies
    count one by one."""
    # (a clash needs a loose piece on the node and another piece there: the
    # nodes with one loose piece and no copies or moulded ends are passed)
    crowded = [node for node, lo in b.loose.items()
               if len(lo) > 1 or len(b.copies[lo[0]]) > 1 or node in b.moulded]
    for node in sorted(crowded):
        ls = [c for r in b.loose.get(node, []) for c in b.copies[r]]
        ms = [(c, away) for r, away in b.moulded.get(node, []) for c in b.copies[r]]
        clash: list[int] = []
        if len(ls) >= 2 or (ls and ms):
            clash = ls + [m for m, _ in ms]
        if not clash:
            continue
        clash = sorted(set(clash))
        involved = sorted(set(b.loose.get(node, [])) | {r for r, _ in b.moulded.get(node, [])})
        for i in range(len(involved)):
            for j in range(i + 1, len(involved)):
                b.reported_pairs.add((involved[i], involved[j]))
        extra: Phrase | str = ""
        if ms and any(b.cat.piece(b.pieces[m].code).provisional for m, _ in ms):
            extra = Phrase(" (the moulded pillars' shape is provisional in the catalogue)")
        b.add("error", "node-clash",
              Phrase("{n} pieces stand on node {node} of board {board}: {pieces}{note}", n=len(clash),
                     node=node_name(node), board=b.pieces[clash[0]].board,
                     pieces=Listing(b.names[c] for c in clash), note=extra),
              clash, (b.placement.node_table(node),))


def _overlaps(b: _Board, tree: _Tree, tree_index: np.ndarray, geoms: list[BaseGeometry],
              prev: BoardResult | None = None) -> tuple[tuple[int, int, frozenset[Node]], ...]:
    """Footprints overlapping otherwise: beyond a panel end slotting into the
    pillar at its own node (loose pillar, wall end, or another wall's
    moulded pillar on that node). Returns the pairs of representatives
    whose boxes meet beyond a slot (the `maybe` the next edit starts from).

    Speed: the tree answers which boxes meet (no geometry test), the pairs
    reported already or meeting inside a slot are left out on their boxes,
    and only the few left are asked whether the footprints themselves meet
    (a tree query with predicate="intersects" tests every box pair, the most
    of the work on a full board). The same pairs in the same order:
    shapely's predicate query filters its box pairs in order (tested).

    After an edit (`prev`, this board's result before it, with the same
    representatives at the same indices): the pairs of pieces the edit left
    alone are the result before's (their boxes and slot verdicts are their
    records'), and only the changed pieces' boxes are held against the
    others'. The tree lists a piece's pairs in its own order, which the
    edit may change: taken only where each piece is the first of one
    overlap at most (then the order is by the first piece, both ways);
    otherwise the pairs are found afresh (tests/unit/test_checks_fast_paths.py
    holds both to the way before)."""
    reps = tuple(tree_index.tolist())
    if prev is not None and prev.reps == reps and len(prev.recs) == len(b.recs):
        maybe = _maybe_after_edit(b, reps, prev)
        found = _overlap_protos(b, sorted(maybe))
        if len({a for a, _ in found}) == len(found):
            b.protos += [pr for _, pr in found]
            return maybe
    left, right = tree.query(geoms)
    keep = left < right
    left, right = tree_index[left[keep]], tree_index[right[keep]]
    pairs = tuple(_maybe_pairs(b, zip(left.tolist(), right.tolist())))
    b.protos += [pr for _, pr in _overlap_protos(b, list(pairs))]
    return pairs


def _maybe_pairs(b: _Board, pairs: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int, frozenset[Node]]]:
    """Of pairs of representatives whose boxes meet, those meeting beyond a
    slot, with their slot nodes (the verdict on the two records,
    remembered on the first)."""
    points: dict[Node, Point] = {}      # node -> its table point, per node once
    recs = b.recs
    for a, z in pairs:
        ra, rz = recs[a], recs[z]
        # the verdict on the two records, remembered on the first: None when
        # they meet only inside a slot, else the slot nodes
        seen = ra.pairs.get(id(rz))
        if seen is not None and seen[0] is rz:
            slots = seen[1]
        else:
            slots = (ra.end_nodes & rz.pillar_nodes) | (rz.end_nodes & ra.pillar_nodes)  # _slot_nodes
            # (pieces with a footprint have their box)
            if slots and _meet_inside_a_slot(cast(_Box, ra.bounds), cast(_Box, rz.bounds), slots, b.placement,
                                             points):
                slots = None
            ra.pairs.put(id(rz), (rz, slots))
        if slots is not None:
            yield a, z, slots


def _maybe_after_edit(b: _Board, reps: tuple[int, ...],
                      prev: BoardResult) -> tuple[tuple[int, int, frozenset[Node]], ...]:
    """_overlaps' pairs from the result before an edit: its pairs of pieces
    the edit left alone, and the changed pieces' boxes against every other
    representative's (closed boxes, as the tree's query meets them)."""
    recs = b.recs
    changed = [n for n in reps if recs[n] is not prev.recs[n]]
    if not changed:
        return prev.maybe
    gone = set(changed)
    kept = [t for t in prev.maybe if t[0] not in gone and t[1] not in gone]
    # (a plain loop: an edit changes a piece or two, and numpy's fixed cost
    # of making the boxes' array is more than the loop over ~50 boxes)
    boxes = [cast("tuple[float, float, float, float]", recs[n].bounds) for n in reps]
    pairs: set[tuple[int, int]] = set()
    for c in changed:
        x0, y0, x1, y1 = cast("tuple[float, float, float, float]", recs[c].bounds)
        for o, (a0, b0, a1, b1) in zip(reps, boxes):
            if a0 <= x1 and a1 >= x0 and b0 <= y1 and b1 >= y0 and o != c:
                pairs.add((c, o) if c < o else (o, c))
    return tuple(kept) + tuple(_maybe_pairs(b, sorted(pairs)))


def _overlap_protos(b: _Board, maybe: list[tuple[int, int, frozenset[Node]]]) -> list[tuple[int, _Proto]]:
    """The overlap findings of the pairs meeting beyond a slot (in their
    order), but those reported already, each with its pair's first piece."""
    cand = [(a, z, slots) for a, z, slots in maybe if (a, z) not in b.reported_pairs]
    if not cand:
        return []
    # each pair's answer from its first record when the two records and the
    # slots are those it was worked out for (an edit leaves most pairs'
    # pieces alone); the others asked of GEOS, all at once
    recs = b.recs
    verdicts: list[tuple[float, Point] | bool | None] = [None] * len(cand)
    ask = []
    for k, (a, z, slots) in enumerate(cand):
        seen = recs[a].overlaps.get(id(recs[z])) if recs else None
        if seen is not None and seen[0] is recs[z] and seen[1] == slots:
            verdicts[k] = seen[2]
        else:
            ask.append(k)
    if ask:
        for k, verdict in zip(ask, _overlap_verdicts(b, [cand[k] for k in ask])):
            verdicts[k] = verdict
            if recs:
                a, z, slots = cand[k]
                recs[a].overlaps.put(id(recs[z]), (recs[z], slots, verdict))
    out = []
    for (a, z, _), said in zip(cand, verdicts):
        if not isinstance(said, tuple):
            continue
        area, place = said
        out.append((a, _Proto("error", "overlap",
                              Phrase("{piece} and {other} overlap ({area:.0f} mm²){note}", piece=b.names[a],
                                     other=b.names[z], area=area,
                                     note=provisional_note((b.pieces[a], b.pieces[z]), b.cat)),
                              tuple(sorted(b.copies[a] + b.copies[z])), (place,))))
    return out


def _overlap_verdicts(b: _Board, cand: list[tuple[int, int, frozenset[Node]]]) -> list[tuple[float, Point] | bool]:
    """Per pair of representatives meeting beyond a slot: how much their
    footprints overlap beyond the slots and a point of it, or False when no
    more than OVERLAP_TOLERANCE_MM2 (GEOS, every pair in one call a step)."""
    out: list[tuple[float, Point] | bool] = [False] * len(cand)
    ga = np.array([b.outlines[a] for a, _, _ in cand], dtype=object)
    gb = np.array([b.outlines[z] for _, z, _ in cand], dtype=object)
    meet = shapely.intersects(ga, gb)
    at = [k for k, m in enumerate(meet.tolist()) if m]
    if not at:
        return out
    ga, gb = ga[meet], gb[meet]
    inter = shapely.intersection(ga, gb)
    allowed = np.array([_slot_boxes(set(cand[k][2]), b.placement) for k in at], dtype=object)
    has = np.array([x is not None for x in allowed])
    if has.any():
        inter[has] = shapely.difference(inter[has], allowed[has])
    for k, area, g in zip(at, shapely.area(inter), inter):
        if area <= OVERLAP_TOLERANCE_MM2:
            continue
        c = g.representative_point()
        out[k] = (float(area), (c.x, c.y))
    return out


def _meet_inside_a_slot(ba: np.ndarray | tuple[float, ...], bb: np.ndarray | tuple[float, ...],
                        slots: set[Node] | frozenset[Node], placement: Placement,
                        points: dict[Node, Point] | None = None) -> bool:
    """Where the two boxes around the pieces meet lies inside the slot at a
    node where one ends and the other holds a pillar: only the designed
    5 mm slot, no overlap (the usual case, decided without building any
    geometry). `points`: the nodes' table points worked out so far."""
    x0, y0 = max(ba[0], bb[0]), max(ba[1], bb[1])
    x1, y1 = min(ba[2], bb[2]), min(ba[3], bb[3])
    for node in slots:
        if points is None:
            nx, ny = placement.node_table(node)
        else:
            got = points.get(node)
            if got is None:
                got = points[node] = placement.node_table(node)
            nx, ny = got
        if (x0 >= nx - SLOT_HALF_MM and x1 <= nx + SLOT_HALF_MM
                and y0 >= ny - SLOT_HALF_MM and y1 <= ny + SLOT_HALF_MM):
            return True
    return False


def _unsupported_ends(b: _Board) -> None:
    """Every panel end must stand on something."""
    loose, moulded = b.loose, b.moulded
    # (most ends stand on a pillar: those pass without a call, and the walls
    # that run on across a node are gathered only when an end does not)
    through: dict[Node, list[int]] | None = None  # walls that run on across a node
    plain = b.plain_ends
    # the nodes in order, but those where every end stands on a pillar
    # (_end_supported's "pillar"), left out before the sort
    bare = sorted([node for node in plain if not loose.get(node) and not moulded.get(node)])
    for node in bare:
        ends = plain[node]
        if through is None:
            through = defaultdict(list)
            for n in b.copies:
                for x in b.recs[n].through:
                    through[x].append(n)
        for n, away in ends:
            held = _end_supported(n, away, node, b.pieces, loose, moulded, through)
            if held == "t":
                # terrain.md lists a pillar, a wall end or a moulded pillar under
                # every panel end; a T is none of them, yet the official map
                # cards build it: allowed, and said
                other = next(w for w in through[node]
                             if _direction(*_wall_nodes(b.pieces[w])) not in (away, (-away[0], -away[1])))
                b.add("info", "end-against-wall",
                      Phrase("{piece}: the panel end at {node} butts against the face of {other}, which runs on "
                             "across the node (a T: no pillar can stand there; the official Gallowdark map cards "
                             "build so)", piece=b.names[n], node=node_name(node), other=b.names[other]),
                      b.copies[n], (b.placement.node_table(node),))
            if held:
                continue
            b.add("error", "unsupported-end",
                  Phrase("{piece}: the panel end at {node} has no pillar, wall end or moulded pillar to stand "
                         "on{why}", piece=b.names[n], node=node_name(node), why=""),
                  b.copies[n], (b.placement.node_table(node),))


def _wall_ends_astray(b: _Board) -> None:
    """Wall ends that cap no wall: they stand, but the map says something odd."""
    for node, ls in b.loose.items():
        for n in ls:
            if not b.recs[n].wall_end:
                continue
            p = b.pieces[n]
            caps = p.caps
            cap_dir = _direction(node, caps) if caps is not None else None
            # the directions walls run away from the node
            if cap_dir is not None and (any(away == cap_dir for _, away in b.plain_ends.get(node, ()))
                                        or any(away == cap_dir for _, away in b.moulded.get(node, ()))):
                continue
            if caps is not None:
                says = Phrase("{piece} caps towards {towards}, but no wall runs that way from {node}",
                              piece=b.names[n], towards=node_name(caps), node=node_name(node))
            else:
                says = Phrase("{piece} caps, but no wall runs that way from {node}",
                              piece=b.names[n], node=node_name(node))
            b.add("warning", "wall-end-astray", says, b.copies[n], (b.placement.node_table(node),))


def _slot_nodes(pa: Piece, pb: Piece, cat: Catalogue) -> set[Node]:
    """Nodes where pa and pb may overlap by design: one of them ends there as
    a panel and the other holds a pillar there (loose pillar, wall end or
    moulded pillar end)."""
    ka, kb = cat.piece(pa.code), cat.piece(pb.code)
    return (_end_nodes(pa, ka) & _pillar_nodes(pb, kb)) | (_end_nodes(pb, kb) & _pillar_nodes(pa, ka))


def _pillar_nodes(p: Piece, k: PieceKind) -> set[Node]:
    if not k.is_wall:
        return {cast(Node, p.at)}  # (a pillar stands on its node)
    return set(_wall_nodes(p)) if k.moulded_pillars else set()


def _end_nodes(p: Piece, k: PieceKind) -> set[Node]:
    return set(_wall_nodes(p)) if k.is_wall else set()


def _slot_boxes(nodes: set[Node], placement: Placement) -> BaseGeometry | None:
    """The squares around slot nodes inside which an overlap is by design."""
    if not nodes:
        return None
    boxes: list[BaseGeometry] = []
    for node in nodes:
        x, y = placement.node_table(node)
        boxes.append(box(x - SLOT_HALF_MM, y - SLOT_HALF_MM, x + SLOT_HALF_MM, y + SLOT_HALF_MM))
    return boxes[0] if len(boxes) == 1 else unary_union(boxes)


def _end_supported(n: int, away: Node, node: Node, pieces: tuple[Piece, ...], loose: dict[Node, list[int]],
                   moulded: dict[Node, list[tuple[int, Node]]], walls_through: dict[Node, list[int]]) -> str | None:
    """Does the plain (no moulded pillar) panel end of wall n at node stand on
    something? "pillar": a loose pillar or a wall end there holds it, or
    another wall's moulded pillar on that node, from any side (terrain.md:
    "every panel end needs a pillar, a wall end, or a moulded pillar", which
    side unsaid; the moulded shape is provisional in the catalogue; the
    official Gallowdark 1 card stands an A3 in line after an A2's moulded end
    at C/2, one post in the source's data). "t": a wall running on across the
    node, the end butting against its face: not one of terrain.md's supports,
    but the same card ends a B1 against the middle of that A3 at D/2, so it
    is allowed and said (an info finding). None: nothing holds it."""
    if loose.get(node) or moulded.get(node):  # loose: the pillars and wall ends on the node
        return "pillar"
    if any(_direction(*_wall_nodes(pieces[w])) not in (away, (-away[0], -away[1]))
           for w in walls_through.get(node, [])):
        return "t"
    return None


def _board_result(pieces: tuple[Piece, ...], cat: Catalogue, placement: Placement,
                  board_id: str | None = None) -> BoardResult:
    pk = _placement_key(placement)
    last: tuple[Catalogue, tuple[Any, ...], tuple[Piece, ...], BoardResult] | None = (
        _last_board.get(board_id) if board_id is not None else None)
    if (last is not None and last[0] is cat and last[1] == pk and len(last[2]) == len(pieces)
            and all(map(operator.is_, last[2], pieces))):
        return last[3]
    recs = _records(pieces, placement, cat,
                    (last[2], last[3].recs) if last is not None and last[0] is cat and last[1] == pk else None)
    # The records themselves name the pieces by value: a record is made once
    # per piece value and placement (_rec_cache), so the same pieces give
    # the same records (by identity: hashing each record's key is the most
    # of a lookup by value); a record made again after it left the memo
    # only costs the board's check again (the same answer).
    key = (id(cat), pk, board_id, recs)
    res: BoardResult | None = _board_cache.get(key)
    if res is None:
        same_place = last is not None and last[0] is cat and last[1] == pk
        res = _board_checks(pieces, placement, cat, recs, last[3] if same_place and last is not None else None)
        if last is not None and last[0] is cat and last[1] == pk and len(last[3].recs) == len(recs):
            old = last[3]
            boxes = tuple(box_ for r, o in zip(recs, old.recs) if r is not o
                          for box_ in (r.bounds, o.bounds) if box_ is not None)
            res.before = _Before(old.token, old.marker_hits, boxes)
        _board_cache.put(key, res)
    if board_id is not None:
        _last_board.put(board_id, (cat, pk, pieces, res))
    return res


def _touching(a: Placement, b: Placement) -> bool:
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    eps = 0.5
    return ax0 <= bx1 + eps and bx0 <= ax1 + eps and ay0 <= by1 + eps and by0 <= ay1 + eps


def _seam_overlaps(ra: BoardResult, rb: BoardResult) -> list[tuple[int, int, float, Point]]:
    """Footprints of pieces on two touching boards that clash across the seam
    (a pillar at the edge of one board reaches 1.5 mm past it). Memoised by
    the two results' tokens: each names its board's placement and pieces."""
    key = (ra.token, rb.token)
    hit: list[tuple[int, int, float, Point]] | None = _seam_cache.get(key)
    if hit is not None:
        return hit
    hit = _seam_before(ra, rb)
    if hit is not None:
        _seam_cache.put(key, hit)
        return hit
    out: list[tuple[int, int, float, Point]] = []
    if ra.tree is not None and rb.tree is not None:
        geoms_b = np.array([rb.outlines[i] for i in rb.tree_index], dtype=object)
        # boxes first, then the footprints of the pairs whose boxes meet (as
        # in _overlaps: the same pairs, in the same order, as the tree's
        # predicate query)
        ib, ia = ra.tree.query(geoms_b)
        geoms_a = np.array([ra.outlines[i] for i in ra.tree_index], dtype=object)
        meet = shapely.intersects(geoms_b[ib], geoms_a[ia]) if len(ib) else np.zeros(0, dtype=bool)
        for tb, ta in zip(ib[meet], ia[meet]):
            a = int(ra.tree_index[ta])
            b = int(rb.tree_index[tb])
            # (pieces in a tree have outlines)
            g = cast(BaseGeometry, ra.outlines[a]).intersection(cast(BaseGeometry, rb.outlines[b]))
            if g.area > OVERLAP_TOLERANCE_MM2:
                c = g.representative_point()
                out.append((a, b, g.area, (c.x, c.y)))
    _seam_cache.put(key, out)
    return out


def _seam_before(ra: BoardResult, rb: BoardResult) -> list[tuple[int, int, float, Point]] | None:
    """The seam of ra and rb from the seam before an edit on one of the two
    boards, when no piece the edit changed comes near the other board's
    pieces (their boxes' total): the same clashes, the same indices. Only
    where each of rb's pieces clashes once at most: the order of two
    clashes of one piece is the tree's, which the edit may have changed."""
    for changed, other, old_key in ((ra, rb, (ra.before.token, rb.token) if ra.before else None),
                                    (rb, ra, (ra.token, rb.before.token) if rb.before else None)):
        if old_key is None or changed.before is None:
            continue
        old: list[tuple[int, int, float, Point]] | None = _seam_cache.get(old_key)
        if old is None:
            continue
        if other.tree is not None and not changed.before.clear_of(*other.tree_bounds):
            continue
        if len({b for _, b, _, _ in old}) != len(old):
            continue
        return old
    return None


def piece_findings(mission: Mission, cat: Catalogue,
                   ) -> tuple[list[Finding], dict[str, tuple[tuple[Piece, ...], BoardResult]]]:
    """The findings about the mission's pieces, and per board its pieces and
    the board's result (the objective checks use its footprints)."""
    findings: list[Finding] = []
    laid = placements(mission, cat)
    by_board: dict[str, list[Piece]] = defaultdict(list)
    for p in mission.pieces:
        by_board[p.board].append(p)
    results: dict[str, tuple[tuple[Piece, ...], BoardResult]] = {}
    for board_id, plist in by_board.items():
        pieces = tuple(plist)
        pl = laid.get(board_id)
        if pl is None:
            for p in pieces:
                findings.append(Finding("error", "unknown-board",
                                        Phrase("{piece}: the mission has no board {board!r}",
                                               piece=describe_piece(p, cat), board=board_id),
                                        pieces=(p.uid,)))
            continue
        res = _board_result(pieces, cat, pl, board_id)
        results[board_id] = (pieces, res)
        if not res.protos:
            continue
        # the findings with these pieces' uids, made once (a Finding says
        # its message as it is made)
        uids = tuple(p.uid for p in pieces)
        made = res.findings.get(uids)
        if made is None:
            made = [_finding(pr.severity, pr.code, pr.message, tuple(pieces[i].uid for i in pr.pieces), pr.places)
                    for pr in res.protos]
            res.findings.put(uids, made)
        findings += made
    findings += _seam_findings(results, laid, cat)
    return findings, results


# A finding is said as it is made (Finding.__post_init__ puts its Phrase
# into English): one a board's check makes again after an edit elsewhere on
# the board (the same words about the same pieces, uids and all) is the one
# made before. Keyed by everything the Finding holds.
_said = Memo("checks.piece_findings_said", 1024)


def _finding(severity: str, code: str, message: Phrase, pieces: tuple[int, ...],
             places: tuple[Point, ...]) -> Finding:
    key = (severity, code, message, pieces, places)
    got: Finding | None = _said.get(key)
    if got is None:
        got = Finding(severity, code, message, pieces=pieces, places=places)
        _said.put(key, got)
    return got


def _seam_findings(results: dict[str, tuple[tuple[Piece, ...], BoardResult]], laid: dict[str, Placement],
                   cat: Catalogue) -> list[Finding]:
    """Pieces on touching boards clashing across the seam."""
    findings: list[Finding] = []
    ids = list(results)
    touch = _touching_pairs(laid)
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            a, b = ids[i], ids[j]
            if (a, b) not in touch:
                continue
            pa, ra = results[a]
            pb, rb = results[b]
            for ia, ib, area, c in _seam_overlaps(ra, rb):
                # said once per clash and pieces (uids too): made again
                # after every edit elsewhere otherwise
                key = (id(cat), a, b, pa[ia], pa[ia].uid, pb[ib], pb[ib].uid, area, c)
                got: Finding | None = _seam_said.get(key)
                if got is None:
                    got = Finding(
                        "error", "overlap",
                        Phrase("{piece} and {other} overlap across the seam of boards {board} and {board2} "
                               "({area:.0f} mm²){note}", piece=describe_piece(pa[ia], cat),
                               other=describe_piece(pb[ib], cat), board=a, board2=b, area=float(area),
                               note=provisional_note((pa[ia], pb[ib]), cat)),
                        pieces=(pa[ia].uid, pb[ib].uid), places=(c,))
                    _seam_said.put(key, got)
                findings.append(got)
    return findings


_seam_said = Memo("checks.seam_said", 256)  # a clash across a seam and its pieces -> its finding
_touch_cache = Memo("checks.touching", 64)  # the boards as laid -> the pairs of ids that touch


def _touching_pairs(laid: dict[str, Placement]) -> frozenset[tuple[str, str]]:
    """Every ordered pair of ids of boards that touch (_touching), per set of
    boards as laid (an edit of the pieces leaves it)."""
    key = tuple((bid, _placement_key(pl)) for bid, pl in laid.items())
    got: frozenset[tuple[str, str]] | None = _touch_cache.get(key)
    if got is None:
        items = list(laid.items())
        got = frozenset((a, b) for a, pa in items for b, pb in items if a != b and _touching(pa, pb))
        _touch_cache.put(key, got)
    return got
