"""The rules check: findings about a layout that loads but breaks the rules of
the game or of the box (overlapping pieces, panel ends with nothing to stand
on, more pieces than the sets hold, objectives in walls or too close,
entry zones in sight of each other, places no base can reach).

Each finding has a stable `code` (scripts and tests rely on it), a severity
and a message in players' words: pieces are named by code, board and zone-line
crossing ("A3 on board A from C/2 to C/4", see lattice.node_name), zones as
players call them out ("C4"). The message is made as a Phrase (phrases.py) so
the editor can say it in the player's language; `message` is its English.

Speed: the editor runs this after every edit. The checks that look only at
the pieces of one board are memoised per board, keyed by the board's
placement and its pieces by value, so an edit on one board leaves the other
boards' results to be reused. The cached results hold piece *indices* within
the board, not uids, so equal pieces with new uids still map correctly.

The checks that need routes, reach and sight call the rules core (reach.py,
paths.py, sight.py), which keeps its own per-board caches.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint, Polygon, box
from shapely.ops import unary_union

from ..catalogue import Catalogue, default_catalogue
from ..phrases import QT_TR_NOOP, Listing, Phrase, one_or_many, plain
from ..model.lattice import Placement, cell_name, node_name as _lattice_node_name, wall_span
from ..model.mission import Cell, Mission, Node, Piece, Point
from ..model.parts import parts_list, sets_needed
from .cache import register
from .geometry import PieceGeometryError, piece_shape

MM_PER_INCH = 25.4
MARKER_DIAMETER = 40.0  # an objective marker (core rules); see terrain.md
# Overlap left over after the allowed slots, below which two footprints only
# touch: shapely reports slivers of float noise where faces meet.
OVERLAP_TOLERANCE_MM2 = 1.0
# How far a pillar reaches from its node, with a little slack: inside this box
# a panel end may slot into a pillar at its own node without it counting as
# an overlap (a 28 x 25 mm pillar reaches 14 mm).
SLOT_HALF_MM = 14.5

SEVERITIES = ("error", "warning", "info")
_RANK = {s: n for n, s in enumerate(SEVERITIES)}


@dataclass(frozen=True)
class Finding:
    """One thing the rules check found.

    pieces:     uids of the pieces concerned (the editor selects them)
    objectives: ids of the objectives concerned
    places:     table points (mm) to centre the view on
    cells:      (board id, (i, j)) zones concerned
    phrase:     the message as a Phrase, to say it in another language
                (pass a Phrase as the message and both are set)
    """
    severity: str
    code: str
    message: str
    pieces: tuple[int, ...] = ()
    objectives: tuple[str, ...] = ()
    places: tuple[Point, ...] = ()
    cells: tuple[tuple[str, Cell], ...] = ()
    phrase: Phrase | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        if isinstance(self.message, Phrase):
            object.__setattr__(self, "phrase", self.message)
            object.__setattr__(self, "message", str(self.message))
        elif self.phrase is None:
            object.__setattr__(self, "phrase", plain(self.message))

    def to_dict(self) -> dict:
        d = {"severity": self.severity, "code": self.code, "message": self.message}
        if self.objectives:
            d["objectives"] = list(self.objectives)
        if self.places:
            d["places"] = [[round(x, 1), round(y, 1)] for x, y in self.places]
        if self.cells:
            d["cells"] = [[b, list(c)] for b, c in self.cells]
        return d


# The codes, their severity and what they mean: the contract for scripts.
CODES: dict[str, tuple[str, str]] = {
    "boards-overlap": ("error", "two boards laid partly on top of each other"),
    "boards-apart": ("info", "boards laid apart: the tool's reading of sight and routes across the gap"),
    "unknown-board": ("error", "a piece, entry zone or region names a board the mission does not have"),
    "unknown-piece": ("error", "a piece code the catalogue does not know"),
    "off-board": ("error", "a piece stands on a node outside its board's zone lines"),
    "off-zone-line": ("error", "a wall's two ends are not on one zone line"),
    "wrong-span": ("error", "a wall's ends are further apart or closer than the panel spans"),
    "wall-on-wall": ("error", "two walls on the same stretch of zone line"),
    "node-clash": ("error", "two pieces stand on one node (loose pillars, wall ends, moulded pillar ends)"),
    "check-stopped": ("info", "the editor's live check stopped early on a very large mission; "
                              "the findings shown are those found so far"),
    "overlap": ("error", "two footprints overlap (beyond panel ends slotting into pillars)"),
    "unsupported-end": ("error", "a panel end with no pillar, wall end or moulded pillar to stand on"),
    "wall-end-astray": ("warning", "a wall end caps a direction in which no wall runs"),
    "not-enough-sets": ("error", "more pieces of a kind than the mission's sets hold"),
    "duplicate-objective": ("error", "two objectives share an id"),
    "objective-in-wall": ("error", "an objective marker lies on a wall, pillar or hatchway"),
    "objective-off-battlefield": ("error", "an objective marker lies (partly) off the boards"),
    "objectives-too-close": ("error", "two markers closer than the mission's objective_spacing.between_in"),
    "objective-near-edge": ("error", "a marker closer to a battlefield edge than objective_spacing.edge_in"),
    "entry-zone-off-board": ("error", "an entry zone names a zone outside its board"),
    "region-off-board": ("error", "a named region lists a zone outside its board"),
    "no-entry-zone": ("warning", "a player has no entry zone"),
    "objective-unreachable": ("error", "no entry zone can reach an objective, even with every hatchway open"),
    "entry-zones-in-sight": ("warning", "entry zones of different players can see into each other"),
    "cell-no-room": ("warning", "a zone where the base cannot stand anywhere"),
    "cell-sealed": ("info", "zones no base from any entry zone can reach, even with every hatchway open"),
    "symmetry": ("info", "whether the layout is point- or mirror-symmetric, and if not, the pieces that break it"),
    "hatchway-cuts-off": ("warning", "one hatchway, flipped from its state as set, cuts a player off from an "
                                     "objective another player can still reach (analysis only)"),
    "hatchways-not-flipped": ("info", "too many hatchways to flip one by one: the analysis's hatchway table "
                                      "is left empty (analysis only)"),
}


# ---------------------------------------------------------------------------
# Names in players' words

def node_name(node) -> str | Phrase:
    """A node as players call it ('C/4'); a node off any board's lattice (an
    edit gone astray) by its numbers, since letters stop at A."""
    if node is None:
        return Phrase("no node")
    if node[0] < 0 or node[1] < 0:
        return f"[{node[0]}, {node[1]}]"
    return _lattice_node_name(node)


def describe_piece(piece: Piece, catalogue: Catalogue | None = None) -> Phrase:
    cat = catalogue or default_catalogue()
    kind = cat.pieces.get(piece.code)
    if piece.from_node is not None and piece.to_node is not None:
        return Phrase("{code} on board {board} from {start} to {end}", code=piece.code, board=piece.board,
                      start=node_name(piece.from_node), end=node_name(piece.to_node))
    name = piece.code if kind is None else kind_name(kind)
    if kind is not None and kind.kind == "pillar":
        name = Phrase("{name} ({label})", name=name, label=kind.label)
    if piece.at is None:
        return Phrase("{name} on board {board}", name=name, board=piece.board)
    return Phrase("{name} on board {board} at {node}", name=name, board=piece.board, node=node_name(piece.at))


def kind_name(kind) -> Phrase | str:
    """A kind of piece as named inside a sentence: 'Pillar, left-hand' reads
    'left-hand pillar'. The names come from the catalogue; each is its own
    template, so the editor's translations hold one for every piece."""
    name = kind.name
    if ", " in name and kind.kind != "wall":
        head, tail = name.split(", ", 1)
        name = f"{tail} {head}"
    return Phrase(name.lower()) if name else kind.code


# Catalogue values not yet measured on a real piece that decide whether
# footprints meet (terrain.md); a verdict resting on them says so.
_SHAPE_PROVISIONAL = ("size", "moulded pillar shape")


def provisional_note(pieces, catalogue: Catalogue | None = None) -> Phrase | str:
    """' (provisional in the catalogue: ...)' when a verdict about these
    pieces rests on sizes not yet measured, else ''."""
    cat = catalogue or default_catalogue()
    notes = []
    for p in pieces:
        kind = cat.pieces.get(p.code)
        if kind is None:
            continue
        for what in kind.provisional:
            if what in _SHAPE_PROVISIONAL:
                piece = _a(p.code) if kind.is_wall else Phrase("a {name}", name=kind_name(kind))
                note = (Phrase("the size of {piece}", piece=piece) if what == "size" else
                        Phrase("the moulded pillar shape of {piece}", piece=piece))
                if note not in notes:
                    notes.append(note)
    return Phrase(" (provisional in the catalogue: {notes})", notes=Listing(notes)) if notes else ""



def _a(code: str) -> Phrase:
    """'an A1', 'a B2': piece codes read aloud."""
    return Phrase(QT_TR_NOOP("an {code}") if code[:1] in "AEIOU" else QT_TR_NOOP("a {code}"), code=code)


def _piece_key(p: Piece) -> tuple:
    return (p.code, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps)


def _placement_key(pl: Placement) -> tuple:
    return (pl.kind.kind, pl.at, pl.rotation)


class _LRU:
    """A small bounded memo: per-board results for the boards the editor has
    on the table and the few states undo walks back through. Locked: the
    editor analyses off the UI thread while the UI may ask too."""

    def __init__(self, size: int = 256):
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            v = self.data.get(key)
            if v is not None:
                self.data.move_to_end(key)
            return v

    def has(self, key) -> bool:
        with self.lock:
            return key in self.data

    def put(self, key, value):
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def clear(self):
        with self.lock:
            self.data.clear()


# ---------------------------------------------------------------------------
# Per-board piece checks (memoised)

@dataclass(frozen=True)
class _Proto:
    """A finding about pieces of one board, with pieces as indices into the
    board's piece tuple (turned into uids when handed out)."""
    severity: str
    code: str
    message: Phrase
    pieces: tuple[int, ...] = ()
    places: tuple[Point, ...] = ()


@dataclass
class _BoardResult:
    protos: list[_Proto]
    outlines: list  # shapely geometry per piece index, None when it has none
    tree: shapely.STRtree | None
    tree_index: np.ndarray  # tree position -> piece index
    tree_bounds: tuple = (0.0, 0.0, 0.0, 0.0)  # of every footprint together


_board_cache = register(_LRU(512), "checks.board")
_seam_cache = register(_LRU(512), "checks.seam")
_geom_cache = register(_LRU(256), "checks.geom")  # battlefield outlines and entry-zone areas


def clear_caches() -> None:
    _board_cache.clear()
    _seam_cache.clear()
    _geom_cache.clear()
    _zone_witness.clear()
    _zone_hidden.clear()


def _direction(a: Node, b: Node) -> tuple[int, int]:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


def _board_checks(pieces: tuple[Piece, ...], placement: Placement, cat: Catalogue) -> _BoardResult:
    protos: list[_Proto] = []
    names = [describe_piece(p, cat) for p in pieces]
    outlines: list = [None] * len(pieces)
    good: list[int] = []  # pieces whose position is well defined

    # -- each piece on its own: code, nodes on the board, zone line, span --
    for n, p in enumerate(pieces):
        kind = cat.pieces.get(p.code)
        if kind is None:
            protos.append(_Proto("error", "unknown-piece",
                                 Phrase("{piece}: the catalogue has no piece {code!r}", piece=names[n],
                                        code=p.code), (n,)))
            continue
        if kind.is_wall:
            if p.from_node is None or p.to_node is None:
                protos.append(_Proto("error", "off-zone-line",
                                     Phrase("{piece} needs two nodes on one zone line", piece=names[n]), (n,)))
                continue
            off = [x for x in (p.from_node, p.to_node) if not placement.has_node(x)]
            if off:
                protos.append(_Proto("error", "off-board",
                                     Phrase("{piece}: {nodes} is outside the zone lines of board {board}",
                                            piece=names[n], nodes=Listing(node_name(x) for x in off),
                                            board=p.board), (n,)))
                continue
            span = wall_span(p.from_node, p.to_node)
            if span is None:
                protos.append(_Proto("error", "off-zone-line",
                                     Phrase("{piece}: its ends are not on one zone line", piece=names[n]), (n,),
                                     (placement.node_table(p.from_node),)))
                continue
            if span != kind.span:
                protos.append(_Proto("error", "wrong-span",
                                     Phrase("{piece} spans {spans}, but {kind} spans {should}", piece=names[n],
                                            spans=one_or_many(span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones")), kind=_a(p.code),
                                            should=one_or_many(kind.span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones"))), (n,),
                                     (placement.node_table(p.from_node),)))
                continue
        else:
            if p.at is None:
                protos.append(_Proto("error", "off-board", Phrase("{piece} stands on no node", piece=names[n]),
                                     (n,)))
                continue
            if not placement.has_node(p.at):
                protos.append(_Proto("error", "off-board",
                                     Phrase("{piece}: the node is outside the zone lines of board {board}",
                                            piece=names[n], board=p.board), (n,)))
                continue
        try:
            outlines[n] = piece_shape(p, placement, cat).outline
        except PieceGeometryError as e:
            protos.append(_Proto("error", "off-zone-line",
                                 Phrase("{piece}: {problem}", piece=names[n], problem=e.phrase), (n,)))
            continue
        good.append(n)

    # -- copies: one group per footprint -------------------------------------
    # A file may stack thousands of copies of one piece in one place. Each
    # group of copies is checked once: every step below that looks at pairs
    # sees one piece per group (its first, the representative), and a group
    # is reported once, naming its pieces. So the work and the report grow
    # with the number of *different* footprints, not with its square.
    groups: dict[tuple, list[int]] = {}
    for n in good:
        groups.setdefault(_piece_key(pieces[n]), []).append(n)
    copies: dict[int, list[int]] = {g[0]: g for g in groups.values()}
    reps = list(copies)

    # -- who stands on which node --------------------------------------------
    loose: dict[Node, list[int]] = defaultdict(list)          # pillars, wall ends
    moulded: dict[Node, list[tuple[int, tuple[int, int]]]] = defaultdict(list)  # wall, direction away from node
    plain_ends: dict[Node, list[tuple[int, tuple[int, int]]]] = defaultdict(list)  # walls without moulded end
    edges: dict[tuple[Node, Node], list[int]] = defaultdict(list)
    for n in reps:
        p = pieces[n]
        kind = cat.piece(p.code)
        if not kind.is_wall:
            loose[p.at].append(n)
            continue
        a, b = p.from_node, p.to_node
        d = _direction(a, b)
        for end, away in ((a, d), (b, (-d[0], -d[1]))):
            (moulded if kind.moulded_pillars else plain_ends)[end].append((n, away))
        x = a
        while x != b:
            y = (x[0] + d[0], x[1] + d[1])
            edges[(min(x, y), max(x, y))].append(n)
            x = y

    def wall_middle(p: Piece) -> Point:
        (x0, y0), (x1, y1) = placement.node_table(p.from_node), placement.node_table(p.to_node)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    # Pairs of representatives already reported (node clashes, walls on
    # walls): never reported again as a plain overlap.
    reported_pairs: set[tuple[int, int]] = set()

    # Copies of one wall on one span: one finding for the group.
    for rep, group in copies.items():
        if len(group) < 2 or not cat.piece(pieces[rep].code).is_wall:
            continue
        if len(group) == 2:
            says = Phrase("{piece} and {other} {how}", piece=names[group[0]], other=names[group[1]],
                          how=Phrase("stand on the same span"))
        else:
            says = Phrase("{n} pieces stand on the same span: {pieces}", n=len(group),
                          pieces=Listing(names[c] for c in group))
        protos.append(_Proto("error", "wall-on-wall", says, tuple(group), (wall_middle(pieces[rep]),)))

    # Two different walls on one stretch of zone line.
    seen: set[tuple[int, ...]] = set()
    for edge, ws in edges.items():
        if len(ws) < 2:
            continue
        for i in range(len(ws)):
            for j in range(i + 1, len(ws)):
                pair = (min(ws[i], ws[j]), max(ws[i], ws[j]))
                if pair in seen:
                    continue
                seen.add(pair)
                reported_pairs.add(pair)
                pi, pj = pieces[pair[0]], pieces[pair[1]]
                same = {pi.from_node, pi.to_node} == {pj.from_node, pj.to_node}
                how = Phrase(QT_TR_NOOP("stand on the same span") if same else QT_TR_NOOP("share a stretch of zone line"))
                mid = ((placement.node_table(edge[0])[0] + placement.node_table(edge[1])[0]) / 2,
                       (placement.node_table(edge[0])[1] + placement.node_table(edge[1])[1]) / 2)
                involved = tuple(sorted(copies[pair[0]] + copies[pair[1]]))
                protos.append(_Proto("error", "wall-on-wall",
                                     Phrase("{piece} and {other} {how}", piece=names[pair[0]],
                                            other=names[pair[1]], how=how), involved, (mid,)))

    # Two node pieces on one node. Moulded pillar ends count as node pieces;
    # two moulded half-pillars meeting end to end on one straight zone line
    # form one pillar and are fine. Copies count one by one.
    nodes = set(loose) | set(moulded)
    for node in sorted(nodes):
        ls = [c for r in loose.get(node, []) for c in copies[r]]
        ms = [(c, away) for r, away in moulded.get(node, []) for c in copies[r]]
        clash: list[int] = []
        if len(ls) >= 2 or (ls and ms):
            clash = ls + [m for m, _ in ms]
        elif len(ms) >= 2:
            straight = (len(ms) == 2 and ms[0][1] == (-ms[1][1][0], -ms[1][1][1]))
            if not straight:
                clash = [m for m, _ in ms]
        if not clash:
            continue
        clash = sorted(set(clash))
        involved = sorted({r for r in loose.get(node, [])} | {r for r, _ in moulded.get(node, [])})
        for i in range(len(involved)):
            for j in range(i + 1, len(involved)):
                reported_pairs.add((involved[i], involved[j]))
        extra = ""
        if ms and any(cat.piece(pieces[m].code).provisional for m, _ in ms):
            extra = Phrase(" (the moulded pillars' shape is provisional in the catalogue)")
        protos.append(_Proto("error", "node-clash",
                             Phrase("{n} pieces stand on node {node} of board {board}: {pieces}{note}",
                                    n=len(clash), node=node_name(node), board=pieces[clash[0]].board,
                                    pieces=Listing(names[c] for c in clash), note=extra),
                             tuple(clash), (placement.node_table(node),)))

    # -- footprints overlapping otherwise ------------------------------------
    geoms = [outlines[n] for n in reps]
    tree = shapely.STRtree(geoms) if geoms else None
    tree_index = np.array(reps, dtype=int)
    if tree is not None:
        left, right = tree.query(geoms, predicate="intersects")
        keep = left < right
        left, right = tree_index[left[keep]], tree_index[right[keep]]
        bounds = np.full((len(pieces), 4), np.nan)
        bounds[tree_index] = shapely.bounds(np.array(geoms, dtype=object))
        cand = []
        for a, b in zip(left.tolist(), right.tolist()):
            if (a, b) in reported_pairs:
                continue
            # Where the two boxes around the pieces meet lies inside the slot
            # at a node where one ends and the other holds a pillar: only the
            # designed 5 mm slot, no overlap (the usual case, decided without
            # building any geometry).
            slots = _slot_nodes(pieces[a], pieces[b], cat)
            if slots:
                x0 = max(bounds[a, 0], bounds[b, 0]); y0 = max(bounds[a, 1], bounds[b, 1])
                x1 = min(bounds[a, 2], bounds[b, 2]); y1 = min(bounds[a, 3], bounds[b, 3])
                inside = False
                for node in slots:
                    nx_, ny_ = placement.node_table(node)
                    if (x0 >= nx_ - SLOT_HALF_MM and x1 <= nx_ + SLOT_HALF_MM
                            and y0 >= ny_ - SLOT_HALF_MM and y1 <= ny_ + SLOT_HALF_MM):
                        inside = True
                        break
                if inside:
                    continue
            cand.append((a, b, slots))
        if cand:
            ga = np.array([outlines[a] for a, _, _ in cand], dtype=object)
            gb = np.array([outlines[b] for _, b, _ in cand], dtype=object)
            inter = shapely.intersection(ga, gb)
            # A panel slots into the pillar at its own end: loose pillar,
            # wall end, or another wall's moulded pillar on that node.
            allowed = np.array([_slot_boxes(slots, placement) for _, _, slots in cand], dtype=object)
            has = np.array([x is not None for x in allowed])
            if has.any():
                inter[has] = shapely.difference(inter[has], allowed[has])
            areas = shapely.area(inter)
            for (a, b, _), area, g in zip(cand, areas, inter):
                if area <= OVERLAP_TOLERANCE_MM2:
                    continue
                c = g.representative_point()
                protos.append(_Proto("error", "overlap",
                                     Phrase("{piece} and {other} overlap ({area:.0f} mm²){note}",
                                            piece=names[a], other=names[b], area=float(area),
                                            note=provisional_note((pieces[a], pieces[b]), cat)),
                                     tuple(sorted(copies[a] + copies[b])), ((c.x, c.y),)))

    # -- every panel end must stand on something -----------------------------
    for node, ends in sorted(plain_ends.items()):
        for n, away in ends:
            ok, why = _end_supported(n, away, node, pieces, loose, moulded, placement, cat)
            if ok:
                continue
            protos.append(_Proto("error", "unsupported-end",
                                 Phrase("{piece}: the panel end at {node} has no pillar, wall end or "
                                        "moulded pillar to stand on{why}", piece=names[n], node=node_name(node),
                                        why=why),
                                 tuple(copies[n]), (placement.node_table(node),)))

    # Wall ends that cap no wall: they stand, but the map says something odd.
    wall_dirs: dict[Node, set[tuple[int, int]]] = defaultdict(set)
    for node, ends in list(plain_ends.items()) + list(moulded.items()):
        for _, away in ends:
            wall_dirs[node].add(away)
    for node, ls in loose.items():
        for n in ls:
            p = pieces[n]
            if cat.piece(p.code).kind != "wall-end":
                continue
            caps = p.caps
            away = _direction(node, caps) if caps is not None else None
            if away is None or away not in wall_dirs.get(node, set()):
                if caps is not None:
                    says = Phrase("{piece} caps towards {towards}, but no wall runs that way from {node}",
                                  piece=names[n], towards=node_name(caps), node=node_name(node))
                else:
                    says = Phrase("{piece} caps, but no wall runs that way from {node}",
                                  piece=names[n], node=node_name(node))
                protos.append(_Proto("warning", "wall-end-astray", says, tuple(copies[n]),
                                     (placement.node_table(node),)))

    tb = tuple(shapely.total_bounds(np.array(geoms, dtype=object)).tolist()) if geoms else (0.0, 0.0, 0.0, 0.0)
    return _BoardResult(protos, outlines, tree, tree_index, tb)


def _slot_nodes(pa: Piece, pb: Piece, cat: Catalogue) -> set:
    """Nodes where pa and pb may overlap by design: one of them ends there as
    a panel and the other holds a pillar there (loose pillar, wall end or
    moulded pillar end)."""
    ka, kb = cat.piece(pa.code), cat.piece(pb.code)

    def pillar_nodes(p, k):
        if not k.is_wall:
            return {p.at}
        return {p.from_node, p.to_node} if k.moulded_pillars else set()

    def end_nodes(p, k):
        return {p.from_node, p.to_node} if k.is_wall else set()

    return (end_nodes(pa, ka) & pillar_nodes(pb, kb)) | (end_nodes(pb, kb) & pillar_nodes(pa, ka))


def _slot_boxes(nodes, placement: Placement):
    """The squares around slot nodes inside which an overlap is by design."""
    if not nodes:
        return None
    boxes = []
    for node in nodes:
        x, y = placement.node_table(node)
        boxes.append(box(x - SLOT_HALF_MM, y - SLOT_HALF_MM, x + SLOT_HALF_MM, y + SLOT_HALF_MM))
    return boxes[0] if len(boxes) == 1 else unary_union(boxes)


def _end_supported(n, away, node, pieces, loose, moulded, placement, cat) -> tuple[bool, Phrase | str]:
    """Does the plain (no moulded pillar) panel end of wall n at node stand on
    something? A loose pillar or a wall end there holds it; another wall's
    moulded pillar holds it if its footprint reaches the panel's end face."""
    for m in loose.get(node, []):
        if cat.piece(pieces[m].code).kind == "pillar":
            return True, ""
        if cat.piece(pieces[m].code).kind == "wall-end":
            return True, ""
    wall = pieces[n]
    kind = cat.piece(wall.code)
    half_panel = max(r[2] for r in kind.footprint)  # panel reaches this far from the span's middle
    span_half = kind.span * placement.kind.pitch / 2
    gap = span_half - half_panel  # from the node to the panel's end face
    nx, ny = placement.node_table(node)
    dx, dy = placement.direction_to_table(*away)
    half_t = cat.wall_thickness / 2
    ex, ey = nx + dx * gap, ny + dy * gap
    face = shapely.LineString([(ex - dy * half_t, ey + dx * half_t), (ex + dy * half_t, ey - dx * half_t)])
    near = []
    for m, m_away in moulded.get(node, []):
        shape = piece_shape(pieces[m], placement, cat).solid
        if shape.distance(face) <= 0.5:
            return True, ""
        near.append(m)
    if near:
        other = describe_piece(pieces[near[0]], cat)
        return False, Phrase(": the moulded pillar of {piece} stands on the other side of the node (its shape "
                             "is provisional in the catalogue; a loose pillar there would clash with it)",
                             piece=other)
    return False, ""


def _board_result(mission: Mission, board_id: str, pieces: tuple[Piece, ...], cat: Catalogue,
                  placement: Placement) -> _BoardResult:
    key = (id(cat), _placement_key(placement), tuple(_piece_key(p) for p in pieces))
    res = _board_cache.get(key)
    if res is None:
        res = _board_checks(pieces, placement, cat)
        _board_cache.put(key, res)
    return res


def _touching(a: Placement, b: Placement) -> bool:
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    eps = 0.5
    return ax0 <= bx1 + eps and bx0 <= ax1 + eps and ay0 <= by1 + eps and by0 <= ay1 + eps


def _seam_overlaps(pa: tuple[Piece, ...], ra: _BoardResult, pb: tuple[Piece, ...], rb: _BoardResult,
                   key, cat: Catalogue) -> list[tuple[int, int, float, Point]]:
    """Footprints of pieces on two touching boards that clash across the seam
    (a pillar at the edge of one board reaches 1.5 mm past it)."""
    hit = _seam_cache.get(key)
    if hit is not None:
        return hit
    out: list[tuple[int, int, float, Point]] = []
    if ra.tree is not None and rb.tree is not None:
        geoms_b = [rb.outlines[i] for i in rb.tree_index]
        ib, ia = ra.tree.query(geoms_b, predicate="intersects")
        for tb, ta in zip(ib, ia):
            a = int(ra.tree_index[ta])
            b = int(rb.tree_index[tb])
            g = ra.outlines[a].intersection(rb.outlines[b])
            if g.area > OVERLAP_TOLERANCE_MM2:
                c = g.representative_point()
                out.append((a, b, g.area, (c.x, c.y)))
    _seam_cache.put(key, out)
    return out


# ---------------------------------------------------------------------------
# The whole mission

def battlefield(mission: Mission, cat: Catalogue | None = None):
    """The union of the boards as laid (touching boards merge)."""
    cat = cat or default_catalogue()
    key = ("battlefield", id(cat), tuple((b.kind, b.at, b.rotation) for b in mission.boards))
    hit = _geom_cache.get(key)
    if hit is None:
        polys = [box(*Placement.of(b, cat).bounds) for b in mission.boards]
        hit = unary_union(polys) if polys else Polygon()
        _geom_cache.put(key, hit)
    return hit


def cell_polygon(placement: Placement, cell: Cell) -> Polygon:
    return Polygon(placement.cell_corners_table(cell))


def entry_zone_geometry(mission: Mission, player: int, cat: Catalogue | None = None):
    """The cells of a player's entry zones as one shapely geometry (cells off
    their board or on unknown boards are left out)."""
    cat = cat or default_catalogue()
    zones = mission.entry_zones_of(player)
    boards = {b.id: b for b in mission.boards}
    key = ("zone", id(cat), tuple((z.board, z.cells, (lambda b: b and (b.kind, b.at, b.rotation))(boards.get(z.board)))
                                  for z in zones))
    if _geom_cache.has(key):
        return _geom_cache.get(key)
    polys = []
    for z in zones:
        if z.board not in boards:
            continue
        pl = Placement.of(boards[z.board], cat)
        polys.extend(cell_polygon(pl, c) for c in z.cells if pl.has_cell(c))
    geom = unary_union(polys) if polys else None
    _geom_cache.put(key, geom)
    return geom


def _piece_findings(mission: Mission, cat: Catalogue) -> tuple[list[Finding], dict]:
    findings: list[Finding] = []
    placements: dict[str, Placement] = {}
    for b in mission.boards:
        try:
            placements[b.id] = Placement.of(b, cat)
        except KeyError:
            pass
    by_board: dict[str, list[Piece]] = defaultdict(list)
    for p in mission.pieces:
        by_board[p.board].append(p)
    results: dict[str, tuple[tuple[Piece, ...], _BoardResult]] = {}
    for board_id, plist in by_board.items():
        pieces = tuple(plist)
        pl = placements.get(board_id)
        if pl is None:
            for p in pieces:
                findings.append(Finding("error", "unknown-board",
                                        Phrase("{piece}: the mission has no board {board!r}",
                                               piece=describe_piece(p, cat), board=board_id),
                                        pieces=(p.uid,)))
            continue
        res = _board_result(mission, board_id, pieces, cat, pl)
        results[board_id] = (pieces, res)
        for pr in res.protos:
            findings.append(Finding(pr.severity, pr.code, pr.message,
                                    pieces=tuple(pieces[i].uid for i in pr.pieces), places=pr.places))
    # Pieces on touching boards clashing across the seam.
    ids = [b for b in results]
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            a, b = ids[i], ids[j]
            if not _touching(placements[a], placements[b]):
                continue
            pa, ra = results[a]
            pb, rb = results[b]
            key = (id(cat), _placement_key(placements[a]), tuple(_piece_key(p) for p in pa),
                   _placement_key(placements[b]), tuple(_piece_key(p) for p in pb))
            for ia, ib, area, c in _seam_overlaps(pa, ra, pb, rb, key, cat):
                findings.append(Finding(
                    "error", "overlap",
                    Phrase("{piece} and {other} overlap across the seam of boards {board} and {board2} "
                           "({area:.0f} mm²){note}", piece=describe_piece(pa[ia], cat),
                           other=describe_piece(pb[ib], cat), board=a, board2=b, area=float(area),
                           note=provisional_note((pa[ia], pb[ib]), cat)),
                    pieces=(pa[ia].uid, pb[ib].uid), places=(c,)))
    return findings, results


def _stock_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings = []
    used = parts_list(mission, cat)
    need = sets_needed(mission, cat)
    sets = max(mission.sets, 0)
    for code, n in used.items():
        kind = cat.pieces.get(code)
        if kind is None or kind.per_set == 0:
            continue
        holds = kind.per_set * sets
        if n > holds:
            name = (Phrase("{name} ({label})", name=code, label=kind_name(kind)) if kind.is_wall
                    else Phrase("{name} ({label})", name=kind_name(kind), label=kind.label))
            findings.append(Finding(
                "error", "not-enough-sets",
                Phrase("the layout uses {n} × {name}, but {sets_hold} {holds}; the layout needs {need} "
                       "(mission says sets: {mission_sets})", n=n, name=name,
                       sets_hold=one_or_many(sets, QT_TR_NOOP("{n} set holds"), QT_TR_NOOP("{n} sets hold")), holds=holds,
                       need=one_or_many(need, QT_TR_NOOP("{n} set"), QT_TR_NOOP("{n} sets")), mission_sets=mission.sets),
                pieces=tuple(p.uid for p in mission.pieces if p.code == code)))
    return findings


_NO_MEASURE = object()


def _route_mm(mission: Mission, p1: Point, p2: Point):
    """Route length in mm with hatchways as set (None: no route), or
    _NO_MEASURE when a point cannot be measured from (inside a wall)."""
    from . import paths

    try:
        return paths.measure(mission, p1, p2, hatches="as-set").distance_mm
    except paths.MeasureError:
        return _NO_MEASURE


def _objective_findings(mission: Mission, cat: Catalogue, results, rules_core: bool = True) -> list[Finding]:
    findings: list[Finding] = []
    r = MARKER_DIAMETER / 2
    field_ = battlefield(mission, cat)
    ids_seen: dict[str, int] = defaultdict(int)
    for o in mission.objectives:
        ids_seen[o.id] += 1
    for oid, n in ids_seen.items():
        if n > 1:
            findings.append(Finding("error", "duplicate-objective",
                                    Phrase("{n} objectives share the id {id!r}; each marker needs its own",
                                           n=n, id=oid),
                                    objectives=(oid,)))
    on_field: list = []
    for o in mission.objectives:
        c = ShapelyPoint(o.at)
        disc = c.buffer(r, quad_segs=16)
        if not field_.covers(c):
            findings.append(Finding("error", "objective-off-battlefield",
                                    Phrase("objective {id!r} at ({x:.0f}, {y:.0f}) mm is off the battlefield",
                                           id=o.id, x=float(o.at[0]), y=float(o.at[1])),
                                    objectives=(o.id,), places=(o.at,)))
            continue
        if not field_.covers(disc):
            findings.append(Finding("error", "objective-off-battlefield",
                                    Phrase("objective {id!r}: the 40 mm marker reaches past the battlefield edge",
                                           id=o.id),
                                    objectives=(o.id,), places=(o.at,)))
            continue
        on_field.append(o)
        hits = []
        x0, y0, x1, y1 = o.at[0] - r, o.at[1] - r, o.at[0] + r, o.at[1] + r
        for board_id, (pieces, res) in results.items():
            if res.tree is None:
                continue
            # only boards the marker can reach (pieces stick out 1.5 mm at most)
            bx0, by0, bx1, by1 = res.tree_bounds
            if x1 < bx0 or x0 > bx1 or y1 < by0 or y0 > by1:
                continue
            for t in res.tree.query(disc, predicate="intersects"):
                hits.append(pieces[int(res.tree_index[t])])
        if hits:
            findings.append(Finding("error", "objective-in-wall",
                                    Phrase("objective {id!r}: the 40 mm marker lies on {pieces}{note}", id=o.id,
                                           pieces=Listing(describe_piece(p, cat) for p in hits),
                                           note=provisional_note(hits, cat)),
                                    pieces=tuple(p.uid for p in hits), objectives=(o.id,), places=(o.at,)))

    spacing = mission.mission.objective_spacing
    if spacing is not None and spacing.between_in is not None:
        limit = spacing.between_in
        for i in range(len(on_field)):
            for j in range(i + 1, len(on_field)):
                a, b = on_field[i], on_field[j]
                straight = math.dist(a.at, b.at) - MARKER_DIAMETER
                if straight / MM_PER_INCH >= limit - 1e-9:
                    continue  # no route is shorter than the straight line
                how = Phrase("in a straight line")
                gap = straight
                if rules_core:
                    # As the rules measure: never through walls or closed
                    # hatchways (hatchways as the battle starts). The route
                    # from a marker's edge is the route from its centre less
                    # its radius.
                    route = _route_mm(mission, a.at, b.at)
                    if route is not _NO_MEASURE:
                        if route is None:
                            continue  # no route: infinitely far apart
                        gap = route - MARKER_DIAMETER
                        if gap / MM_PER_INCH >= limit - 1e-9:
                            continue
                        how = Phrase(QT_TR_NOOP("around walls, hatchways as set") if gap > straight + 0.05
                                     else QT_TR_NOOP("in a straight line, nothing between them"))
                findings.append(Finding(
                    "error", "objectives-too-close",
                    Phrase("objectives {id!r} and {id2!r} are {gap:.2f}\" apart ({how}, marker edge to marker "
                           "edge); the mission asks for at least {limit:g}\"", id=a.id, id2=b.id,
                           gap=max(gap, 0) / MM_PER_INCH, how=how, limit=float(limit)),
                    objectives=(a.id, b.id), places=(a.at, b.at)))
    if spacing is not None and spacing.edge_in is not None:
        limit = spacing.edge_in
        edge = field_.boundary
        for o in on_field:
            gap = edge.distance(ShapelyPoint(o.at)) - r
            if gap / MM_PER_INCH < limit - 1e-9:
                findings.append(Finding(
                    "error", "objective-near-edge",
                    Phrase("objective {id!r} is {gap:.2f}\" from a battlefield edge (in a straight line from "
                           "the marker's nearest edge); the mission asks for at least {limit:g}\"", id=o.id,
                           gap=max(gap, 0) / MM_PER_INCH, limit=float(limit)),
                    objectives=(o.id,), places=(o.at,)))
    return findings


def _board_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Boards must lie side by side (touching or apart), never on top of each other."""
    findings: list[Finding] = []
    laid = []
    for b in mission.boards:
        try:
            laid.append((b, Placement.of(b, cat)))
        except KeyError:
            continue
    for i in range(len(laid)):
        for j in range(i + 1, len(laid)):
            (a, pa), (b, pb) = laid[i], laid[j]
            ax0, ay0, ax1, ay1 = pa.bounds
            bx0, by0, bx1, by1 = pb.bounds
            w, h = min(ax1, bx1) - max(ax0, bx0), min(ay1, by1) - max(ay0, by0)
            if w > 0.5 and h > 0.5:
                findings.append(Finding(
                    "error", "boards-overlap",
                    Phrase("boards {board} and {board2} lie on top of each other ({w:.0f} x {h:.0f} mm)",
                           board=a.id, board2=b.id, w=float(w), h=float(h)),
                    places=(((max(ax0, bx0) + min(ax1, bx1)) / 2, (max(ay0, by0) + min(ay1, by1)) / 2),)))
    findings += _check_boards_apart(laid)
    return findings


def _check_boards_apart(laid) -> list[Finding]:
    """The rules digest says routes never cross a gap between boards, but not
    whether models see across it. The rules core reads a gap as the edge of
    two separate spaces (rules/sight.py); say so rather than decide silently."""
    from shapely.geometry import box as _box
    from shapely.ops import unary_union as _union

    if len(laid) < 2:
        return []
    table = _union([_box(*pl.bounds) for _, pl in laid])
    groups = list(getattr(table, "geoms", [table]))
    if len(groups) < 2:
        return []
    names = []
    for g in groups:
        ids = [b.id for b, pl in laid if g.intersects(_box(*pl.bounds).centroid)]
        names.append("+".join(ids))
    return [Finding(
        "info", "boards-apart",
        Phrase("the boards lie in {n} separate groups ({groups}): no route crosses the gap between them, and "
               "this tool also reads the gap as blocking sight (the rules name only walls, hatchways and models "
               "as blocking it) — agree that with your group before the battle", n=len(groups),
               groups=", ".join(names)),
        places=tuple((g.centroid.x, g.centroid.y) for g in groups))]


def _zone_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    boards = {}
    for b in mission.boards:
        try:
            boards[b.id] = Placement.of(b, cat)
        except KeyError:
            pass
    for what, zones in (("entry", mission.entry_zones), ("region", mission.regions)):
        for z in zones:
            if what == "region":
                label = Phrase("region {name!r}", name=z.name)
            elif z.name:
                label = Phrase("player {n}'s entry zone {name!r}", n=z.player, name=z.name)
            else:
                label = Phrase("player {n}'s entry zone", n=z.player)
            pl = boards.get(z.board)
            if pl is None:
                findings.append(Finding("error", "unknown-board",
                                        Phrase("{zone} is on board {board!r}, which the mission does not have",
                                               zone=label, board=z.board)))
                continue
            off = [c for c in z.cells if not pl.has_cell(c)]
            if off:
                names = ", ".join(f"[{c[0]}, {c[1]}]" for c in off)
                code = "entry-zone-off-board" if what == "entry" else "region-off-board"
                findings.append(Finding("error", code,
                                        Phrase("{zone} lists zones off board {board}: {cells}", zone=label,
                                               board=z.board, cells=names),
                                        cells=tuple((z.board, c) for c in off)))
    for player in range(1, mission.players + 1):
        if not mission.entry_zones_of(player):
            findings.append(Finding("warning", "no-entry-zone",
                                    Phrase("player {n} has no entry zone", n=player)))
    return findings


# ---------------------------------------------------------------------------
# Checks that need the rules core (reach, routes, sight)

def reach_findings(mission: Mission, base_mm: float, cat: Catalogue,
                   open_regions=None, as_set_unreachable=None) -> list[Finding]:
    """Objectives no entry zone can reach with every hatchway open; zones no
    base can stand in; zones sealed off from every entry zone."""
    from . import reach

    findings: list[Finding] = []
    if open_regions is None:
        open_regions = reach.regions(mission, base_mm=base_mm, hatches="open")
    boards = {b.id: Placement.of(b, cat) for b in mission.boards}
    zone_cells: set[tuple[str, Cell]] = set()
    for z in mission.entry_zones:
        if z.board in boards:
            zone_cells.update((z.board, c) for c in z.cells if boards[z.board].has_cell(c))
    base_mm = float(base_mm)

    # Regions an entry zone's base can stand in.
    # A region counts as entered from a zone when it touches one of its cells.
    entered = [r for r in open_regions if r.cells & zone_cells]
    if zone_cells:
        areas = np.array([r.area for r in entered], dtype=object)
        field_ = battlefield(mission, cat)
        for o in mission.objectives:
            if not field_.covers(ShapelyPoint(o.at)):
                continue  # off the battlefield: reported as such
            # Reached when a base can touch the marker: then a model is in range.
            limit = MARKER_DIAMETER / 2 + base_mm / 2 + 0.5
            if len(areas) and (shapely.distance(areas, ShapelyPoint(o.at)) <= limit).any():
                continue
            findings.append(Finding(
                "error", "objective-unreachable",
                Phrase("objective {id!r}: no {base:g} mm base from any entry zone can reach it, even with "
                       "every hatchway open", id=o.id, base=base_mm), objectives=(o.id,), places=(o.at,)))

    # Zones where the base cannot stand anywhere.
    no_room = as_set_unreachable
    if no_room is None:
        no_room = reach.unreachable_cells(mission, base_mm=base_mm, hatches="open")
    no_room = sorted(set(no_room))
    if no_room:
        by_board: dict[str, list[Cell]] = defaultdict(list)
        for b, c in no_room:
            by_board[b].append(c)
        for b, cells in sorted(by_board.items()):
            names = ", ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))
            note = _no_room_note(mission, b, cells, boards.get(b), base_mm, cat)
            findings.append(Finding("warning", "cell-no-room",
                                    Phrase(QT_TR_NOOP("board {board}: no {base:g} mm base can stand in zone {cells}{note}")
                                           if len(cells) == 1 else
                                           QT_TR_NOOP("board {board}: no {base:g} mm base can stand in zones {cells}{note}"),
                                           board=b, base=base_mm, cells=names, note=note),
                                    cells=tuple((b, c) for c in cells),
                                    places=(boards[b].cell_centre_table(cells[0]),) if b in boards else ()))

    # Zones a base can stand in but never get to from an entry zone.
    if zone_cells:
        reached: set = set()
        for r in entered:
            reached |= r.cells
        roomy: set = set()
        for r in open_regions:
            roomy |= r.cells
        sealed = sorted(roomy - reached)
        if sealed:
            by_board = defaultdict(list)
            for b, c in sealed:
                by_board[b].append(c)
            for b, cells in sorted(by_board.items()):
                names = ", ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))
                findings.append(Finding(
                    "info", "cell-sealed",
                    Phrase(QT_TR_NOOP("board {board}: no {base:g} mm base from an entry zone can get to zone "
                                      "{cells}, even with every hatchway open") if len(cells) == 1 else
                           QT_TR_NOOP("board {board}: no {base:g} mm base from an entry zone can get to zones "
                                      "{cells}, even with every hatchway open"), board=b, base=base_mm, cells=names),
                    cells=tuple((b, c) for c in cells),
                    places=(boards[b].cell_centre_table(cells[0]),) if b in boards else ()))
    return findings


_zone_witness: dict = register({}, "checks.zone_witness")  # zone pair -> clear lines found on an earlier terrain
_zone_hidden: dict = register({}, "checks.zone_hidden")   # zone pair -> the last battlefield on which they were hidden


def zones_in_sight(mission: Mission, zone_a, zone_b, hatches: str = "as-set", bf=None):
    """A sight line between two areas (shapely geometries), or None when
    there is none: ((x1, y1), (x2, y2)) with the first end in zone_a.

    The answer is sight.zones_see_each_other's; this wrapper saves it the
    work where it can, since the editor asks after every edit:
    - cached on the battlefield (per terrain value and hatchway view);
    - no sight line where no tape can pass: the zones must share a piece of
      free space, else the answer is None at once;
    - the line found before this edit usually still stands: one segment to
      test before searching again."""
    import numpy as np

    from . import sight
    from .obstacles import _polygons, battlefield as _bf

    bf = bf if bf is not None else _bf(mission, hatches)
    key = ("zones-in-sight", zone_a.wkb, zone_b.wkb)
    if key in bf.cache:
        return bf.cache[key]
    comps = bf.cache.get("free-parts")
    if comps is None:
        comps = bf.cache["free-parts"] = np.array(_polygons(bf.free), dtype=object)
    found = None
    if len(comps) and (shapely.intersects(comps, zone_a) & shapely.intersects(comps, zone_b)).any():
        lines = _zone_witness.get(key)
        if lines:
            ok = bf.clear(np.array([w[0] for w in lines]), np.array([w[1] for w in lines]))
            if ok.any():
                found = lines[int(np.argmax(ok))]
        if found is None and not _still_hidden(key, bf, mission, zone_a, zone_b, hatches):
            found = sight.zones_see_each_other(mission, zone_a, zone_b, hatches=hatches)
            if found is not None:
                _zone_witness[key] = [found] + _parallel_lines(bf, found, zone_a, zone_b)
    if found is not None:
        while len(_zone_witness) > 256:
            try:
                _zone_witness.pop(next(iter(_zone_witness)))
            except (StopIteration, KeyError, RuntimeError):
                break
    bf.cache[key] = found
    if found is None:
        _zone_hidden[key] = bf
        while len(_zone_hidden) > 8:  # each holds a whole battlefield alive
            try:
                _zone_hidden.pop(next(iter(_zone_hidden)))
            except (StopIteration, KeyError, RuntimeError):
                break
    else:
        _zone_hidden.pop(key, None)
    return found


def _still_hidden(key, bf, mission, zone_a, zone_b, hatches) -> bool:
    """True when the zones were hidden from each other on the terrain before
    this edit and the edit cannot have opened a line between them:
    - it only added to what blocks (a piece placed, a hatchway closed): a
      line blocked before is blocked still;
    - or what it took away (a hatchway opened, a piece moved) cannot be seen
      from one of the two zones: a newly clear line would pass through it,
      so the place must see both zones. (Asked of sight.zones_see_each_other
      for that small place, a fraction of the work of asking it for the
      zones.)"""
    from . import sight
    from .obstacles import changed_boxes

    old = _zone_hidden.get(key)
    if old is None or old is bf:
        return old is bf
    boxes = changed_boxes(old, bf)
    if boxes is None:
        return False
    if not boxes:
        return True
    pad = 0.5
    where = unary_union([box(x0 - pad, y0 - pad, x1 + pad, y1 + pad) for x0, y0, x1, y1 in boxes])
    removed = old.obstacles.intersection(where).difference(bf.obstacles.intersection(where))
    if removed.area <= 1e-6:
        return True
    # the farther zone first: the likelier to be out of sight, then one
    # question settles it
    first, second = (zone_a, zone_b) if removed.distance(zone_a) >= removed.distance(zone_b) else (zone_b, zone_a)
    return (sight.zones_see_each_other(mission, removed, first, hatches=hatches) is None
            or sight.zones_see_each_other(mission, removed, second, hatches=hatches) is None)


def _parallel_lines(bf, line, zone_a, zone_b, step: float = 6.0, count: int = 6) -> list:
    """Clear lines beside a clear line, each end still in its zone: spare
    proofs for the next edit, which may close the first one (lines down
    one corridor usually stand or fall apart)."""
    import numpy as np

    (x1, y1), (x2, y2) = line
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy)
    if n == 0:
        return []
    nx, ny = -dy / n, dx / n
    k = np.concatenate([np.arange(1, count + 1), -np.arange(1, count + 1)]) * step
    a = np.column_stack([x1 + nx * k, y1 + ny * k])
    b = np.column_stack([x2 + nx * k, y2 + ny * k])
    inside = shapely.intersects_xy(zone_a, a[:, 0], a[:, 1]) & shapely.intersects_xy(zone_b, b[:, 0], b[:, 1])
    a, b = a[inside], b[inside]
    if len(a) == 0:
        return []
    ok = bf.clear(a, b)
    return [((float(p[0]), float(p[1])), (float(q[0]), float(q[1]))) for p, q in zip(a[ok], b[ok])]


def _no_room_note(mission: Mission, board_id: str, cells, placement, base_mm: float,
                  cat: Catalogue) -> Phrase | str:
    """When pieces whose size is not yet measured close a zone in, the verdict
    rests on them: say so."""
    if placement is None:
        return ""
    around = unary_union([cell_polygon(placement, c) for c in cells]).buffer(base_mm / 2)
    near = []
    for p in mission.pieces_on(board_id):
        try:
            if piece_shape(p, placement, cat).outline.intersects(around):
                near.append(p)
        except (PieceGeometryError, KeyError):
            continue
    return provisional_note(near, cat)


def sight_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Entry zones of different players that can see into each other, with
    the hatchways as set."""
    from .obstacles import battlefield as _bf

    findings: list[Finding] = []
    players = sorted({z.player for z in mission.entry_zones})
    geoms = {p: entry_zone_geometry(mission, p, cat) for p in players}
    bf = _bf(mission, "as-set")
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            a, b = players[i], players[j]
            ga, gb = geoms[a], geoms[b]
            if ga is None or gb is None:
                continue
            line = zones_in_sight(mission, ga, gb, hatches="as-set", bf=bf)
            if line is None:
                continue
            (x1, y1), (x2, y2) = line
            via = ""
            doors = [d for bo in bf.boards for d in bo.open_doors]
            if doors and shapely.intersects(np.array(doors, dtype=object),
                                            shapely.LineString(line)).any():
                via = Phrase(" through an open hatchway (the catalogue's hatchway opening is provisional;"
                             " closing it may hide the zones)")
            za, zb = _zone_cell_near(mission, a, line[0], cat), _zone_cell_near(mission, b, line[1], cat)
            findings.append(Finding(
                "warning", "entry-zones-in-sight",
                Phrase("the entry zones of player {n} and player {n2} can see into each other (hatchways as "
                       "set): a line from {start} to {end} is clear, ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) "
                       "mm{via}", n=a, n2=b, start=za, end=zb, x1=x1, y1=y1, x2=x2, y2=y2, via=via),
                places=((x1, y1), (x2, y2)),
                cells=tuple(c for c in (_zone_cell_key(mission, a, line[0], cat),
                                        _zone_cell_key(mission, b, line[1], cat)) if c)))
    return findings


def _zone_cell_key(mission: Mission, player: int, point: Point, cat: Catalogue):
    """The (board, cell) of a player's entry zone nearest to a point."""
    best, best_d = None, math.inf
    for z in mission.entry_zones_of(player):
        try:
            pl = Placement.of(mission.board(z.board), cat)
        except KeyError:
            continue
        for c in z.cells:
            if not pl.has_cell(c):
                continue
            d = cell_polygon(pl, c).distance(ShapelyPoint(point))
            if d < best_d:
                best, best_d = (z.board, c), d
    return best


def _zone_cell_near(mission: Mission, player: int, point: Point, cat: Catalogue) -> Phrase:
    key = _zone_cell_key(mission, player, point, cat)
    if key is None:
        return Phrase("({x:.0f}, {y:.0f})", x=float(point[0]), y=float(point[1]))
    return Phrase("zone {cell} of board {board}", cell=cell_name(key[1]), board=key[0])


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: _RANK.get(f.severity, 9))


def check_stages(mission: Mission, base_mm: float = 32.0, catalogue: Catalogue | None = None,
                 *, rules_core: bool = True, _open_regions=None):
    """The rules check a part at a time: yields a list of findings per part,
    the quick ones (pieces, boards, stock, objectives, zones) first, then
    reach and sight. The editor's live check shows findings as they come
    and can stop between parts (a huge mission must not hold the window)."""
    cat = catalogue or default_catalogue()
    findings, results = _piece_findings(mission, cat)
    yield findings
    yield _board_findings(mission, cat)
    yield _stock_findings(mission, cat)
    yield _objective_findings(mission, cat, results, rules_core=rules_core and bool(mission.boards))
    yield _zone_findings(mission, cat)
    if rules_core and mission.boards:
        yield reach_findings(mission, base_mm, cat, open_regions=_open_regions)
        yield sight_findings(mission, cat)
        if mission.pieces:
            yield symmetry_findings(mission, cat)


def stopped_finding(seconds: float) -> Finding:
    """Said by a check cut short by its time budget (the editor's live check
    on a huge mission): what is shown is not all there may be."""
    return Finding("info", "check-stopped",
                   Phrase("the live check stopped after {seconds:.0f} s: this mission is too large to check "
                          "fully after every edit; the findings shown are those found so far "
                          "(the command line's validate checks it all)", seconds=seconds))


def run_checks(mission: Mission, base_mm: float = 32.0, catalogue: Catalogue | None = None,
               *, rules_core: bool = True, _open_regions=None) -> list[Finding]:
    """Every finding about the mission, errors first. `rules_core=False`
    leaves out the checks that need reach and sight (for the quickest
    feedback while dragging)."""
    findings: list[Finding] = []
    for part in check_stages(mission, base_mm, catalogue, rules_core=rules_core, _open_regions=_open_regions):
        findings += part
    return sort_findings(findings)


def symmetry_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """One note: whether the layout is its own mirror image (model/mirror.py
    says how pieces map), and if not, which pieces have no image under the
    mirror it comes nearest. Pieces, objectives and entry zones count."""
    from ..model.mirror import symmetry

    s = symmetry(mission, cat)
    if s.point and s.line:
        return [Finding("info", "symmetry", Phrase("the layout is point-symmetric and mirror-symmetric"))]
    if s.point:
        return [Finding("info", "symmetry", Phrase(
            "the layout is point-symmetric: a half turn about the table's centre gives it back"))]
    if s.line:
        return [Finding("info", "symmetry", Phrase(
            "the layout is mirror-symmetric: {mirror} gives it back",
            mirror=Phrase("a reflection left to right") if s.closest == "left-right"
            else Phrase("a reflection top to bottom")))]
    mirror = {"point": Phrase("a half turn about the table's centre"),
              "left-right": Phrase("a reflection left to right"),
              "top-bottom": Phrase("a reflection top to bottom")}[s.closest]
    things: list = [describe_piece(p, cat) for p in s.breaking[:8]]
    if len(s.breaking) > 8:
        things.append(Phrase("{n} more pieces", n=len(s.breaking) - 8))
    for kind, value in s.other:
        if kind == "objective":
            things.append(Phrase("objective {id!r}", id=value))
        elif kind == "entry zone":
            things.append(Phrase("the entry zone of player {n}", n=value))
        else:
            things.append(Phrase("the boards"))
    return [Finding("info", "symmetry", Phrase(
        "the layout is not symmetric; under {mirror} (the nearest) these have no mirror image: {things}",
        mirror=mirror, things=Listing(things)), pieces=tuple(p.uid for p in s.breaking))]
