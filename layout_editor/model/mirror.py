"""Mirror images of a layout: a half turn about the table's centre (point
symmetry) or a reflection across the table's middle line (line symmetry).

`mirrored()` copies one half of the table onto the other; `symmetry()` says
whether the layout already is its own image, and which pieces are not.

How pieces map (the table really is the mirror image once built):
- every node, zone and point is mapped on the table and found again on the
  board that lies there (boards may be turned differently: a pillar's
  `turned` is worked out again in the target board's frame);
- a wall keeps its `from`/`to` roles, mapped, so an A3/A4 doorway (in the
  half nearer `to`) lands in the mirrored half by itself;
- under a reflection (not under a half turn) left and right change places:
  the door leaf's `facing`, pillar-left and pillar-right, and pieces the
  catalogue calls each other's mirror (`mirror_of`: B3 type 1 and type 2);
- objectives, entry zones and regions map too, the mirrored entry zones
  going to the other player (1 <-> 2, and 3 <-> 4 with four players);
- a Kill Team killzone's equipment maps like a marker, turned with the
  table, and goes to the other player; territories and the centre line stay
  as they are (they belong to the players' halves, not to the layout).

Choices the rules leave open (said in the editor and the docs):
- the table's centre is the middle of the boards' bounding box; the middle
  line runs across the long side for --keep left|right and across the short
  side for --keep top|bottom;
- a piece, objective or zone belongs to the half its middle lies in; on the
  middle line itself, a reflection keeps it as it is (it is its own image);
  a half turn keeps the ones on the first half of the line (top or left)
  and replaces the others with their images;
- a pillar or wall end of the other half that a kept wall stands on (the
  wall crosses the line, or ends on the line's second half under a half
  turn) stays when no image comes to stand in its place, and its image goes
  to the kept half: the wall is not left standing on nothing;
- a piece lying across the mirror line, so that its image would stand on it
  (an A3 from C/2 to C/4 across a middle line at C/3, a wall over a one-board
  table's middle column, a piece at the centre under a half turn), is kept
  once when it is its own mirror image: the same walls, pillars and doorway
  on the table. Left- and right-hand pillars and B3 type 1 and type 2 count
  as one another's image there (the catalogue gives each pair one
  footprint), and so does a door leaf on either face (only the map's
  hatchway symbol shows the face; the rules ignore an open door's leaf).
  A piece that is not its own image (an A3 or A4 across the line, whose
  doorway lies in one half; a long wall whose middle is off the line) would
  have to stand twice, on top of itself: the mirror refuses (MirrorConflict)
  and names it, and changes nothing;
- an entry-zone cell on the mirror line (its middle on the line: its image
  is itself) stays its player's when the mirror gives that player's zone
  back to the same player (a long-edge zone under the reflection across
  that edge's middle); otherwise the cell would have to be both players'
  (their entry zones touching, in sight of each other) or silently neither's:
  the mirror refuses and names the cell, so the designer gives it to one
  side, or to none, before mirroring;
- an objective's image takes the id of an objective already standing there,
  else the next free number.
"""
from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..memo import Memo
from ..phrases import Listing, Phrase, PhrasedError
from .lattice import Placement, cell_name
from .mission import Cell, Mission, Node, Objective, Piece, Point, new_uid
from .names import describe_piece

# The tuples the mirror passes around.
_Key = tuple[Any, ...]                # what a piece looks like on the table (piece_key)
_Both = tuple[_Key, tuple[_Key | None, ...]]  # a piece's key, and its images' under each mirror
_Landing = tuple[str, Node]           # a board and a node on it
_Rect = tuple[float, float, float, float]
_Door = tuple[frozenset[tuple[float, float]], bool]
_Footprint = tuple[frozenset[_Rect], _Door | None]
_Across = tuple[str, Cell, int, int]  # board, cell, player, other player
# An EntryZone (is_zone) or a Region: only the branch that applies reads the
# fields only one of them has.
_Area = Any

ABOUT = ("point", "line")
KEEP = ("left", "right", "top", "bottom")
EPS = 0.5  # mm: a point this close to the middle line is on it
# Loose pillars are each other's mirror image; the catalogue says it for the
# walls (mirror_of), the pillars are named so.
PILLAR_PAIR = {"pillar-left": "pillar-right", "pillar-right": "pillar-left"}


class MirrorError(PhrasedError, ValueError):
    """The boards are not laid so that the mirror image falls on them."""


class MirrorConflict(MirrorError):
    """Pieces or entry-zone cells on the mirror line that are not their own
    image: mirroring would stack a piece on itself or give a cell to two
    players. `pieces` and `cells` ((board, cell, player, other player))
    name them."""

    def __init__(self, phrase: Phrase, pieces: tuple[Piece, ...] = (), cells: tuple[_Across, ...] = ()) -> None:
        super().__init__(phrase)
        self.pieces = pieces
        self.cells = cells


@dataclass(frozen=True)
class Mapping:
    """A mirror of the table: half turn or reflection about (cx, cy)."""
    about: str          # "point" or "line"
    axis: str           # "x": across the vertical middle line (left/right); "y": top/bottom
    cx: float
    cy: float

    @property
    def reflects(self) -> bool:
        return self.about == "line"

    def point(self, p: Point) -> Point:
        x, y = p
        if self.about == "point":
            return (2 * self.cx - x, 2 * self.cy - y)
        if self.axis == "x":
            return (2 * self.cx - x, y)
        return (x, 2 * self.cy - y)

    def side(self, p: Point) -> float:
        """Signed distance across the middle line (the halves' divide)."""
        return p[0] - self.cx if self.axis == "x" else p[1] - self.cy

    def along(self, p: Point) -> float:
        """Signed distance along the middle line from the centre."""
        return p[1] - self.cy if self.axis == "x" else p[0] - self.cx


def table_centre(mission: Mission, catalogue: Catalogue | None = None) -> Point:
    cat = catalogue or default_catalogue()
    if not mission.boards:
        return (0.0, 0.0)
    bounds = [Placement.of(b, cat).bounds for b in mission.boards]
    x0 = min(b[0] for b in bounds)
    y0 = min(b[1] for b in bounds)
    x1 = max(b[2] for b in bounds)
    y1 = max(b[3] for b in bounds)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def mapping(mission: Mission, about: str = "point", keep: str = "left",
            catalogue: Catalogue | None = None) -> Mapping:
    if about not in ABOUT:
        raise ValueError(f"about must be one of {', '.join(ABOUT)}, not {about!r}")
    if keep not in KEEP:
        raise ValueError(f"keep must be one of {', '.join(KEEP)}, not {keep!r}")
    cx, cy = table_centre(mission, catalogue)
    return Mapping(about, "x" if keep in ("left", "right") else "y", cx, cy)


def other_player(player: int, players: int) -> int:
    """The player whose entry zone a mirrored zone becomes."""
    if player in (1, 2):
        return 3 - player
    if player in (3, 4) and players >= 4:
        return 7 - player
    return player


def _mirror_codes(cat: Catalogue) -> dict[str, str]:
    pairs = dict(PILLAR_PAIR)
    for code, kind in cat.pieces.items():
        if kind.mirror_of and kind.mirror_of in cat.pieces:
            pairs[code] = kind.mirror_of
            pairs[kind.mirror_of] = code
    return pairs


class _Table:
    """Finds nodes, zones and points again on the boards after mapping."""

    def __init__(self, mission: Mission, cat: Catalogue):
        self.cat = cat
        self.pl = {b.id: Placement.of(b, cat) for b in mission.boards}
        self.odd = {b.id: b.rotation in (90, 270) for b in mission.boards}
        self.sig = (tuple(mission.boards), cat)  # what the keys below depend on besides the piece
        self._points: dict[tuple[str, Node], Point] = {}  # (board, node) -> its table point: the same floats, worked out once

    def node_point(self, board: str, node: Node) -> Point:
        k = (board, node)
        got = self._points.get(k)
        if got is None:
            got = self._points[k] = self.pl[board].node_table(node)
        return got

    def node_at(self, p: Point) -> tuple[str, Node] | None:
        for bid, pl in self.pl.items():
            if not pl.contains(*p):
                continue
            node, d = pl.nearest_node(*p)
            if d < 0.5 and pl.has_node(node):
                return bid, node
        return None

    def cell_at(self, p: Point) -> tuple[str, Cell] | None:
        for bid, pl in self.pl.items():
            if pl.contains(*p):
                c = pl.cell_at(*p)
                if c is not None:
                    return bid, c
        return None

    def board_at(self, p: Point) -> str | None:
        for bid, pl in self.pl.items():
            if pl.contains(*p):
                return bid
        return None


def piece_middle(piece: Piece, table: _Table) -> Point | None:
    pts = [table.node_point(piece.board, n) for n in piece.nodes] if piece.board in table.pl else []
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _image_piece(piece: Piece, m: Mapping, table: _Table, pairs: dict[str, str]) -> Piece | None:
    """The piece's mirror image, or None when it falls off the boards."""
    if piece.board not in table.pl:
        return None
    code = pairs.get(piece.code, piece.code) if m.reflects else piece.code

    def node(n: Node | None) -> _Landing | None:
        if n is None:
            return None
        return table.node_at(m.point(table.node_point(piece.board, n)))

    if piece.from_node is not None and piece.to_node is not None:
        a, b = node(piece.from_node), node(piece.to_node)
        if a is None or b is None or a[0] != b[0]:
            return None
        facing = piece.facing
        if m.reflects and facing in ("left", "right"):
            facing = "left" if facing == "right" else "right"
        return replace(piece, code=code, board=a[0], from_node=a[1], to_node=b[1], facing=facing).with_new_uid()
    if piece.at is None:
        return None
    at = node(piece.at)
    if at is None:
        return None
    caps = None
    if piece.caps is not None:
        c = node(piece.caps)
        if c is None or c[0] != at[0]:
            return None
        caps = c[1]
    # `turned` is in the board's frame: the mirror keeps a piece's table
    # axes (half turn and reflections across axis-parallel lines), so only
    # the two boards' turns decide.
    turned = (piece.turned != table.odd[piece.board]) != table.odd[at[0]]
    return replace(piece, code=code, board=at[0], at=at[1], caps=caps, turned=turned).with_new_uid()


def piece_key(piece: Piece, table: _Table, cat: Catalogue) -> _Key:
    """What a piece looks like on the table, whatever its board and frame:
    two pieces with equal keys are the same piece in the same place."""
    return _key_of(piece.code, piece.board, piece.from_node, piece.to_node, piece.at, piece.facing,
                   piece.turned, piece.caps, piece.open, table, cat)


def _key_of(code: str, board: str, from_node: Node | None, to_node: Node | None, at: Node | None,
            facing: str | None, turned: bool, caps: Node | None, open_: bool | None, table: _Table,
            cat: Catalogue) -> _Key:
    """piece_key of a piece given by its fields (the image key below names
    the image's fields without building the image)."""
    if board not in table.pl:
        nodes = ((from_node, to_node) if from_node is not None and to_node is not None
                 else (at,) if at is not None else ())  # Piece.nodes
        return ("?", code, board, nodes)

    def r(p: Point) -> tuple[int, int]:
        return (round(p[0]), round(p[1]))

    if from_node is not None and to_node is not None:
        a = table.node_point(board, from_node)
        b = table.node_point(board, to_node)
        key: _Key = (code, frozenset((r(a), r(b))))
        kind = cat.pieces.get(code)
        if kind is not None and kind.hatchway is not None:
            length = math.dist(a, b) or 1.0
            d = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            t = 0.5 + kind.hatchway.middle / length
            mid = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            # the right of someone walking from -> to (y grows downwards)
            sign = -1.0 if facing == "left" else 1.0
            leaf = (mid[0] - d[1] * 3 * sign, mid[1] + d[0] * 3 * sign)
            key += (r(mid), r(leaf), bool(open_))
        return key
    if at is None:
        return (code, board)
    at_pt = r(table.node_point(board, at))
    if caps is not None:
        return (code, at_pt, r(table.node_point(board, caps)))
    along_x = (not turned) != table.odd[board]
    return (code, at_pt, along_x)


def _image_key(piece: Piece, m: Mapping, table: _Table, cat: Catalogue, pairs: dict[str, str],
               images: dict[tuple[str, Node], _Landing | None] | None = None) -> _Key | None:
    """piece_key(_image_piece(piece, ...)), or None when the image falls off
    the boards: the same steps on the image's fields, without building the
    image piece (a copy with a new uid costs more than its key; the symmetry
    check asks for every piece under three mirrors on a file's first
    analysis). `images`: (board, node) -> the node its image lands on, under
    m, for this table (nodes are shared by the pieces meeting there).
    tests/unit/test_checks_fast_paths.py holds it to the slow way."""
    if piece.board not in table.pl:
        return None
    code = pairs.get(piece.code, piece.code) if m.reflects else piece.code
    board = piece.board

    def node(n: Node) -> _Landing | None:
        if images is None:
            return table.node_at(m.point(table.node_point(board, n)))
        k = (board, n)
        if k in images:
            return images[k]
        got = images[k] = table.node_at(m.point(table.node_point(board, n)))
        return got

    if piece.from_node is not None and piece.to_node is not None:
        a, b = node(piece.from_node), node(piece.to_node)
        if a is None or b is None or a[0] != b[0]:
            return None
        facing = piece.facing
        if m.reflects and facing in ("left", "right"):
            facing = "left" if facing == "right" else "right"
        return _key_of(code, a[0], a[1], b[1], piece.at, facing, piece.turned, piece.caps, piece.open, table, cat)
    if piece.at is None:
        return None
    at = node(piece.at)
    if at is None:
        return None
    caps = None
    if piece.caps is not None:
        c = node(piece.caps)
        if c is None or c[0] != at[0]:
            return None
        caps = c[1]
    turned = (piece.turned != table.odd[piece.board]) != table.odd[at[0]]
    return _key_of(code, at[0], piece.from_node, piece.to_node, at[1], piece.facing, turned, caps, piece.open,
                   table, cat)


def _keeps(m: Mapping, p: Point, keep: str) -> str:
    """'keep' (and mirror), 'self' (on the line: keep, its own image) or 'drop'."""
    sign = 1.0 if keep in ("right", "bottom") else -1.0
    s = m.side(p) * sign
    if s > EPS:
        return "keep"
    if s < -EPS:
        return "drop"
    if m.about == "line":
        return "self"
    t = m.along(p)
    if abs(t) <= EPS:
        return "self"
    return "keep" if t < 0 else "drop"


def _cells_by_fate(zone_cells: Iterable[Cell], board: str, m: Mapping, table: _Table,
                   keep: str) -> tuple[list[Cell], list[tuple[str, Cell]]]:
    kept: list[Cell] = []
    images: list[tuple[str, Cell]] = []
    pl = table.pl.get(board)
    if pl is None:
        return list(zone_cells), []
    for c in zone_cells:
        centre = pl.cell_centre_table(c) if pl.has_cell(c) else None
        if centre is None:
            kept.append(c)
            continue
        fate = _keeps(m, centre, keep)
        if fate == "drop":
            continue
        kept.append(c)
        if fate == "keep":
            got = table.cell_at(m.point(centre))
            if got is not None:
                images.append(got)
    return kept, images


def mirrored(mission: Mission, about: str = "point", keep: str = "left",
             catalogue: Catalogue | None = None) -> Mission:
    """The mission with the `keep` half of the table copied onto the other
    half by a half turn (about='point') or a reflection (about='line').
    Raises MirrorError when the mirror image of a kept piece, objective or
    zone falls off the boards (boards not laid symmetrically)."""
    cat = catalogue or default_catalogue()
    m = mapping(mission, about, keep, cat)
    table = _Table(mission, cat)
    pairs = _mirror_codes(cat)

    pieces: list[Piece] = []
    images: list[Piece] = []
    across: list[Piece] = []  # on the mirror line, and not their own image
    dropped_points: list[Piece] = []  # pillars and wall ends of the other half
    for p in mission.pieces:
        mid = piece_middle(p, table)
        fate = "self" if mid is None else _keeps(m, mid, keep)
        if fate == "drop":
            if p.from_node is None:
                dropped_points.append(p)
            continue
        pieces.append(p)
        if mid is None:
            continue
        img = _image_piece(p, m, table, pairs)
        if img is None:
            if fate == "keep":
                raise MirrorError(Phrase("the mirror image of {piece} falls off the boards",
                                         piece=describe_piece(p, cat)))
            continue
        # An image standing on its own piece: the piece lies across the
        # mirror line. Kept once if it is its own image, else refused.
        here, there = _footprint(p, table, cat), _footprint(img, table, cat)
        if here is not None and there is not None and _overlap(here[0], there[0]):
            if here != there:
                across.append(p)
            continue
        if fate == "keep":
            images.append(img)
    # A kept wall across the mirror line may stand on a pillar or wall end
    # of the other half (a panel from C/4 to E/4 over a middle line at D,
    # its end at E/4 on the dropped side; under a half turn, a pillar on the
    # line's second half). When no image comes to stand there in its place,
    # that support stays, and its image goes to the kept half, so both the
    # wall and its image stand on something and the table stays its own
    # mirror image.
    if dropped_points:
        ends = [table.node_point(q.board, n) for q in pieces
                if q.from_node is not None and q.to_node is not None and q.board in table.pl
                for n in (q.from_node, q.to_node)]
        points = [f for q in pieces + images if q.from_node is None and (f := _footprint(q, table, cat)) is not None]
        for p in dropped_points:
            if p.at is None or p.board not in table.pl:
                continue
            at = table.node_point(p.board, p.at)
            if not any(math.dist(at, e) < EPS for e in ends):
                continue
            img = _image_piece(p, m, table, pairs)
            here = _footprint(p, table, cat)
            there = None if img is None else _footprint(img, table, cat)
            if img is None or here is None or there is None or any(
                    _overlap(here[0], f[0]) or _overlap(there[0], f[0]) for f in points):
                continue
            pieces.append(p)
            images.append(img)
            points += [here, there]
    # an image landing where a kept piece already stands (a piece on the
    # middle line and its partner) is not added twice
    taken = {piece_key(p, table, cat) for p in pieces}
    for img in images:
        k = piece_key(img, table, cat)
        if k not in taken:
            pieces.append(img)
            taken.add(k)

    objectives: list[Objective] = []
    obj_images: list[Objective] = []
    for o in mission.objectives:
        fate = _keeps(m, o.at, keep)
        if fate == "drop":
            continue
        objectives.append(o)
        if fate == "keep":
            obj_images.append(o)
    used = {o.id for o in objectives}
    for o in obj_images:
        at = m.point(o.at)
        if table.board_at(at) is None:
            raise MirrorError(Phrase("the mirror image of objective {id} falls off the boards", id=o.id))
        # the id of an objective that stood there, else the next free number
        standing = [q for q in mission.objectives if math.dist(q.at, at) < 1.0 and q.id not in used]
        if standing:
            new = replace(standing[0], at=(round(at[0], 3), round(at[1], 3)))
        else:
            n = 1
            while str(n) in used:
                n += 1
            new = replace(o, id=str(n), at=(round(at[0], 3), round(at[1], 3)))
        used.add(new.id)
        objectives.append(new)

    pairing = _pairing(mission, m, table, keep)
    cells = _cells_across(mission, m, table, keep, pairing)
    if across or cells:
        raise MirrorConflict(_conflict_phrase(across, cells, cat), tuple(across), tuple(cells))
    zones = _mirror_areas(mission.entry_zones, m, table, keep, mission.players, is_zone=True, pairing=pairing)
    regions = _mirror_areas(mission.regions, m, table, keep, mission.players, is_zone=False)
    equipment = []
    for e in mission.equipment:
        fate = _keeps(m, e.at, keep)
        if fate == "drop":
            continue
        equipment.append(e)
        if fate == "keep":
            at = m.point(e.at)
            if table.board_at(at) is None:
                raise MirrorError(Phrase("the mirror image of the {kind} of player {player} falls off the boards",
                                         kind=e.kind, player=e.player))
            a = math.radians(e.rotation)
            ahead = m.point((e.at[0] + math.cos(a), e.at[1] + math.sin(a)))
            turned = math.degrees(math.atan2(ahead[1] - at[1], ahead[0] - at[0])) % 360.0
            equipment.append(replace(e, at=(round(at[0], 3), round(at[1], 3)), rotation=round(turned, 3) % 360.0,
                                     player=pairing.get(e.player, other_player(e.player, mission.players)),
                                     uid=new_uid()))
    return replace(mission, pieces=tuple(pieces), objectives=tuple(objectives),
                   entry_zones=tuple(zones), regions=tuple(regions), equipment=tuple(equipment))


def _footprint(piece: Piece, table: _Table, cat: Catalogue) -> _Footprint | None:
    """What a piece puts on the table, to tell whether an image is its own
    piece again: (its solid rectangles, its doorway's two ends and whether
    it is open), in table millimetres rounded to 0.1 mm; the piece's code
    and its door leaf's face left out (see the module's notes). None for a
    piece the catalogue or the boards do not know."""
    kind = cat.pieces.get(piece.code)
    if kind is None or piece.board not in table.pl:
        return None

    def r(v: float) -> float:
        return round(v, 1) + 0.0  # + 0.0: no -0.0

    door = None
    if piece.from_node is not None and piece.to_node is not None:
        a = table.node_point(piece.board, piece.from_node)
        b = table.node_point(piece.board, piece.to_node)
        origin = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        length = math.dist(a, b) or 1.0
        d = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)  # piece-local x: from -> to
    elif piece.at is not None:
        origin = table.node_point(piece.board, piece.at)
        if piece.caps is not None:  # a wall end: x towards the node it caps
            t = table.node_point(piece.board, piece.caps)
            length = math.dist(origin, t) or 1.0
            d = ((t[0] - origin[0]) / length, (t[1] - origin[1]) / length)
        else:  # a pillar: x along the board's x axis unless turned
            d = (1.0, 0.0) if (not piece.turned) != table.odd[piece.board] else (0.0, 1.0)
    else:
        return None
    n = (-d[1], d[0])  # piece-local y: to the right of x (y grows downwards)

    def to_table(x: float, y: float) -> Point:
        return (origin[0] + d[0] * x + n[0] * y, origin[1] + d[1] * x + n[1] * y)

    if kind.hatchway is not None and piece.from_node is not None:
        o0, o1 = kind.hatchway.opening
        door = (frozenset((r(q[0]), r(q[1])) for q in (to_table(o0, 0.0), to_table(o1, 0.0))), bool(piece.open))
    rects = []
    for x0, y0, x1, y1 in kind.footprint:
        pts = [to_table(x, y) for x in (x0, x1) for y in (y0, y1)]
        rects.append((r(min(q[0] for q in pts)), r(min(q[1] for q in pts)),
                      r(max(q[0] for q in pts)), r(max(q[1] for q in pts))))
    return frozenset(rects), door


def _overlap(rects_a: Iterable[_Rect], rects_b: Iterable[_Rect], area: float = 1.0) -> bool:
    """Do two sets of rectangles cover more than `area` mm² in common? (A
    pillar on a touching board's edge node reaches 1.5 mm over the seam: its
    image on the other board overlaps it there, as the rules' overlap check
    says, so that counts too.)"""
    for a in rects_a:
        for b in rects_b:
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > 0 and h > 0 and w * h > area:
                return True
    return False


def _cells_across(mission: Mission, m: Mapping, table: _Table, keep: str,
                  pairing: dict[int, int]) -> list[_Across]:
    """Entry-zone cells on the mirror line whose image would be another
    player's: [(board, cell, player, other player)]."""
    out: list[_Across] = []
    for z in mission.entry_zones:
        pl = table.pl.get(z.board)
        if pl is None:
            continue
        other = pairing.get(z.player) or other_player(z.player, mission.players)
        if other == z.player:
            continue
        for c in z.cells:
            if pl.has_cell(c) and _keeps(m, pl.cell_centre_table(c), keep) == "self":
                out.append((z.board, (c[0], c[1]), z.player, other))
    return out


def _conflict_phrase(pieces: list[Piece], cells: list[_Across], cat: Catalogue) -> Phrase:
    """One sentence naming every piece and cell the mirror cannot copy."""
    items: list[Phrase] = []
    if len(pieces) == 1:
        items.append(Phrase("{piece} lies across the mirror line and is not its own mirror image "
                            "(its image would stand on it)", piece=describe_piece(pieces[0], cat)))
    elif pieces:
        items.append(Phrase("{pieces} lie across the mirror line and are not their own mirror images "
                            "(each image would stand on its piece)",
                            pieces=Listing([describe_piece(p, cat) for p in pieces])))
    for board, cell, player, other in cells:
        items.append(Phrase("zone {zone} on board {board}, in player {player}'s entry zone, lies on the mirror "
                            "line: its image would be player {other}'s", zone=cell_name(cell), board=board,
                            player=player, other=other))
    return Phrase("cannot mirror: {problems}", problems=Listing(items, separator="; "))


def _pairing(mission: Mission, m: Mapping, table: _Table, keep: str) -> dict[int, int]:
    """Whose entry zone a mirrored zone becomes: the player whose zone
    already lies there (so mirroring a symmetric mission gives it back),
    else the other player (1 <-> 2, 3 <-> 4)."""
    cells = _zone_cells(mission, table)
    out = {}
    for player, got in cells.items():
        image = {(round(p[0]), round(p[1])) for p in (m.point(c) for c in got)}
        there = [q for q, c in cells.items() if c == image]
        out[player] = there[0] if there else other_player(player, mission.players)
    return out


def _mirror_areas(areas: Sequence[_Area], m: Mapping, table: _Table, keep: str, players: int, is_zone: bool,
                  pairing: dict[int, int] | None = None) -> list[_Area]:
    # (an _Area is an EntryZone when is_zone, else a Region: Any, since only
    # the one branch that applies reads the fields only one of them has)
    out: list[_Area] = []
    added: list[_Area] = []
    for a in areas:
        kept, imgs = _cells_by_fate(a.cells, a.board, m, table, keep)
        if kept:
            out.append(replace(a, cells=tuple(kept)))
        by_board: dict[str, list[Cell]] = {}
        for bid, c in imgs:
            by_board.setdefault(bid, []).append(c)
        for bid, cells in by_board.items():
            if is_zone:
                player = (pairing or {}).get(a.player) or other_player(a.player, players)
                added.append(replace(a, player=player, board=bid, cells=tuple(cells)))
            else:
                added.append(replace(a, board=bid, cells=tuple(cells)))
    if any(len(a.cells) and table.pl.get(a.board) is None for a in added):
        raise MirrorError(Phrase("the mirror image of an entry zone or region falls off the boards"))
    # merge an image into a kept area of the same owner on the same board
    for a in added:
        owner = (a.player, a.board) if is_zone else (a.name, a.board)
        for k, b in enumerate(out):
            if ((b.player, b.board) if is_zone else (b.name, b.board)) == owner:
                cells = list(b.cells) + [c for c in a.cells if c not in b.cells]
                out[k] = replace(b, cells=tuple(cells))
                break
        else:
            if is_zone:
                # a zone's name is the original zone's of that player there
                same = [z for z in areas if z.player == a.player and z.board == a.board]
                a = replace(a, name=same[0].name if same else a.name)
            out.append(a)
    return out


# -- is it symmetric? ------------------------------------------------------------

@dataclass(frozen=True)
class Symmetry:
    point: bool
    line: bool
    closest: str                 # "point", "left-right" or "top-bottom": the mirror the layout comes nearest
    breaking: tuple[Piece, ...]  # pieces whose image is not there under that mirror
    other: tuple[tuple[str, Any], ...]  # ("objective", id), ("entry zone", player), ("boards", None)

    def to_dict(self) -> dict[str, Any]:
        return {"point": self.point, "line": self.line, "closest": self.closest,
                "breaking": [piece_ref(p) for p in self.breaking],
                "other": [{"objective": v} if k == "objective" else {"entry_zone": v} if k == "entry zone"
                          else {"boards": True} for k, v in self.other]}


def piece_ref(p: Piece) -> dict[str, Any]:
    """A piece as the file names it."""
    if p.from_node is not None and p.to_node is not None:
        return {"code": p.code, "board": p.board, "from": list(p.from_node), "to": list(p.to_node)}
    return {"code": p.code, "board": p.board, "at": list(p.at) if p.at is not None else None}


def _zone_cells(mission: Mission, table: _Table) -> dict[int, set[tuple[int, int]]]:
    out: dict[int, set[tuple[int, int]]] = {}
    for z in mission.entry_zones:
        pl = table.pl.get(z.board)
        if pl is None:
            continue
        for c in z.cells:
            if pl.has_cell(c):
                cx, cy = pl.cell_centre_table(c)
                out.setdefault(z.player, set()).add((round(cx), round(cy)))
    return out


# Each piece's key and its images' keys under the three mirrors, by the
# piece's value (not its uid), per set of mirrors and boards: after an edit
# only the edited piece is worked out again (the rules check asks after every
# edit). `_image_keys` maps (mirrors, boards) to that memo and to the last
# pieces seen on each board with their keys, so a board the edit left alone
# is taken whole (its pieces are the very same objects: a Mission is
# immutable, an edit replaces the pieces it changes). Bounded; emptied by
# memo.clear_all() with every other memo.
_IMAGE_KEYS_MAX = 65536  # pieces per set of mirrors and boards
_CONTEXTS_MAX = 8        # sets of mirrors and boards
_image_keys: Memo = Memo("model.mirror.image_keys", _CONTEXTS_MAX)


def _memo(ms: tuple[Mapping, ...], table: _Table) -> dict[str, Any]:
    ctx = (ms, table.sig)
    memo: dict[str, Any] | None = _image_keys.get(ctx)
    if memo is None:
        # the pieces' memo lives in this one (cleared and dropped with it);
        # the boards' and the landings' are bounded by the boards' nodes
        pieces = Memo("model.mirror.image_keys.pieces", _IMAGE_KEYS_MAX, registered=False)
        memo = {"pieces": pieces, "boards": {}}
        _image_keys.put(ctx, memo)
    return memo


def _all_keys(mission: Mission, ms: tuple[Mapping, ...], table: _Table, cat: Catalogue,
              pairs: dict[str, str]) -> list[_Both]:
    """Per piece of the mission (in its order): (its key, its image's key
    under each mirror of `ms`, None where the image falls off the boards)."""
    memo = _memo(ms, table)
    by_piece, by_board = memo["pieces"], memo["boards"]
    landing = memo.setdefault("landing", tuple({} for _ in ms))  # per mirror: (board, node) -> image node
    groups: dict[str, list[int]] = {}
    for n, p in enumerate(mission.pieces):
        groups.setdefault(p.board, []).append(n)
    out: list[_Both] = [((), ())] * len(mission.pieces)  # every one filled below
    for board, idx in groups.items():
        pieces = [mission.pieces[n] for n in idx]
        last = by_board.get(board)
        if last is not None and len(last[0]) == len(pieces) and all(x is y for x, y in zip(last[0], pieces)):
            got = last[1]
        else:
            got = []
            for p in pieces:
                k = (p.code, p.board, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps, p.open)
                both = by_piece.get(k)
                if both is None:
                    both = (piece_key(p, table, cat),
                            tuple(_image_key(p, m, table, cat, pairs, images) for m, images in zip(ms, landing)))
                    by_piece.put(k, both)
                got.append(both)
            by_board[board] = (tuple(pieces), got)
        for n, both in zip(idx, got):
            out[n] = both
    return out


def _others(mission: Mission, m: Mapping, table: _Table,
            cells: dict[int, set[tuple[int, int]]]) -> list[tuple[str, Any]]:
    """The things other than pieces without an image under mirror m: the
    boards, objectives, entry zones (`cells`: _zone_cells)."""
    other: list[tuple[str, Any]] = []
    boards = {tuple(round(v) for v in pl.bounds) for pl in table.pl.values()}
    for pl in table.pl.values():
        x0, y0, x1, y1 = pl.bounds
        a, b = m.point((x0, y0)), m.point((x1, y1))
        im = (round(min(a[0], b[0])), round(min(a[1], b[1])), round(max(a[0], b[0])), round(max(a[1], b[1])))
        if im not in boards:
            other.append(("boards", None))
            break
    for o in mission.objectives:
        at = m.point(o.at)
        if not any(math.dist(q.at, at) < 1.0 for q in mission.objectives):
            other.append(("objective", o.id))
    # Entry zones: each player's image must be some player's zone (1 <-> 2
    # on most tables; four corners may pair 1 with 3 under a half turn).
    zone_sets = [frozenset(c) for c in cells.values()]
    for player, got in sorted(cells.items()):
        image = frozenset((round(p[0]), round(p[1])) for p in (m.point(c) for c in got))
        if image not in zone_sets:
            other.append(("entry zone", player))
    return other


def _breakers(mission: Mission, m: Mapping, table: _Table, cat: Catalogue, pairs: dict[str, str],
              both: list[_Both] | None = None, which: int = 0, keys: set[_Key] | None = None,
              cells: dict[int, set[tuple[int, int]]] | None = None) -> tuple[list[Piece], list[tuple[str, Any]]]:
    """The pieces without an image under mirror m, and the other things
    without one. `both`: _all_keys's answer, the image of mirror number
    `which`; `keys`: the set of every piece's own key; `cells`: the entry
    zones' cells (_zone_cells); each worked out here when not given."""
    if both is None:
        both, which = _all_keys(mission, (m,), table, cat, pairs), 0
    if keys is None:
        keys = {own for own, _ in both}
    bad = [p for p, (_, images) in zip(mission.pieces, both) if images[which] is None or images[which] not in keys]
    if cells is None:
        cells = _zone_cells(mission, table)
    other = _others(mission, m, table, cells)
    return bad, other


# symmetry() after an edit: what the edit left alone kept as data. Per tuple
# of boards (_Frame), the last mission's tally (_Tally): every piece's key
# and its images' keys, how many pieces have each key, per mirror which
# pieces have which image key and which have none there. The next mission is
# compared with it piece by piece (the very objects: a Mission is immutable
# and an edit replaces only the pieces it changes); for the few pieces
# changed, their keys are worked out (by value, _all_keys's memo), the
# counts moved, and only the pieces whose image is one of the keys that came
# or went are asked again. The tally is never changed once made (a new one
# replaces it), so threads sharing it see a whole one.
# tests/unit/test_checks_fast_paths.py holds it to the answer worked out
# afresh, edit after edit.
_TALLY_MAX_CHANGED = 48  # more pieces changed than this: the tally is made afresh
_frames: Memo = Memo("model.mirror.frames", _CONTEXTS_MAX)  # a mission's boards (by id, held) -> its _Frame


_MISS: Any = object()
_GONE: Any = object()
_LAYERS_MAX_TOP = 64  # more changes than this over the base: a new base is made


class _Layers:
    """A tally's dict after edits: the dict before (shared with the tallies
    before it, never changed) and what the edits changed over it (`top`;
    _GONE where a key went). An edit's tally copies the few changes, not
    the dict of every piece's key (four such copies were most of an edit's
    symmetry on 8 boards). Written only while its tally is made."""

    __slots__ = ("base", "top")

    def __init__(self, base: dict[Any, Any], top: dict[Any, Any] | None = None):
        self.base = base
        self.top: dict[Any, Any] = {} if top is None else top

    def get(self, k: Any, default: Any = None) -> Any:
        v = self.top.get(k, _MISS)
        if v is _MISS:
            return self.base.get(k, default)
        return default if v is _GONE else v

    def __contains__(self, k: Any) -> bool:
        v = self.top.get(k, _MISS)
        return k in self.base if v is _MISS else v is not _GONE

    def put(self, k: Any, v: Any) -> None:
        self.top[k] = v

    def drop(self, k: Any) -> None:
        self.top[k] = _GONE

    def to_edit(self) -> _Layers:
        """A copy to write the next tally's changes into."""
        if len(self.top) < _LAYERS_MAX_TOP:
            return _Layers(self.base, dict(self.top))
        merged = dict(self.base)
        for k, v in self.top.items():
            if v is _GONE:
                merged.pop(k, None)
            else:
                merged[k] = v
        return _Layers(merged)


@dataclass(frozen=True)
class _Tally:
    pieces: tuple[Piece, ...]                       # the mission's pieces, in its order
    both: tuple[_Both, ...]                         # per piece: its key, its images' keys per mirror
    count: _Layers                                  # a piece's own key -> how many pieces have it
    where: tuple[_Layers, ...]                      # per mirror: image key -> the pieces (indices) with it
    bad: tuple[frozenset[int], ...]                 # per mirror: the pieces without an image there
    objectives: tuple[Objective, ...]               # what `other` was worked out from
    zones: tuple[Any, ...]
    other: tuple[tuple[tuple[str, Any], ...], ...]  # per mirror: _breakers's other things


def _fresh_tally(mission: Mission, ms: tuple[Mapping, ...], table: _Table, cat: Catalogue,
                 pairs: dict[str, str]) -> _Tally:
    both = _all_keys(mission, ms, table, cat, pairs)
    count: dict[_Key, int] = {}
    for own, _ in both:
        count[own] = count.get(own, 0) + 1
    where: list[_Layers] = []
    bad: list[frozenset[int]] = []
    for which in range(len(ms)):
        w: dict[_Key, list[int]] = {}
        out = []
        for n, (_, images) in enumerate(both):
            img = images[which]
            if img is None:
                out.append(n)
                continue
            w.setdefault(img, []).append(n)
            if img not in count:
                out.append(n)
        where.append(_Layers({k: tuple(v) for k, v in w.items()}))
        bad.append(frozenset(out))
    return _Tally(mission.pieces, tuple(both), _Layers(count), tuple(where), tuple(bad), (), (), ())


def _next_tally(old: _Tally, mission: Mission, changed: list[int], ms: tuple[Mapping, ...], table: _Table,
                cat: Catalogue, pairs: dict[str, str], memo: dict[str, Any] | None = None) -> _Tally:
    """The tally of `mission`, whose pieces are old's but for those at the
    indices `changed`. `memo`: _memo(ms, table), when the caller has it."""
    if memo is None:
        memo = _memo(ms, table)
    by_piece = memo["pieces"]
    landing = memo.setdefault("landing", tuple({} for _ in ms))
    both = list(old.both)
    count = old.count.to_edit()
    touched: set[_Key] = set()
    for n in changed:
        p = mission.pieces[n]
        k = (p.code, p.board, p.from_node, p.to_node, p.at, p.facing, p.turned, p.caps, p.open)
        new = by_piece.get(k)
        if new is None:
            new = (piece_key(p, table, cat),
                   tuple(_image_key(p, m, table, cat, pairs, images) for m, images in zip(ms, landing)))
            by_piece.put(k, new)
        was = both[n][0]
        left = count.get(was) - 1
        if left:
            count.put(was, left)
        else:
            count.drop(was)
        count.put(new[0], count.get(new[0], 0) + 1)
        touched.add(was)
        touched.add(new[0])
        both[n] = new
    # keys that came or went: the pieces whose image is one of them are asked again
    flipped = [k for k in touched if (k in old.count) != (k in count)]
    where: list[_Layers] = []
    bad: list[frozenset[int]] = []
    for which in range(len(ms)):
        # (the mirror's set is made again only where the edit changes it:
        # most edits move a piece that had, and has, no image)
        w = old.where[which]
        if any(old.both[n][1][which] != both[n][1][which] for n in changed):
            w = w.to_edit()
            for n in changed:
                img = old.both[n][1][which]
                if img is not None:
                    rest = tuple(j for j in w.get(img) if j != n)
                    if rest:
                        w.put(img, rest)
                    else:
                        w.drop(img)
            for n in changed:
                img = both[n][1][which]
                if img is not None:
                    w.put(img, w.get(img, ()) + (n,))
        # whether each piece asked again is without an image (the last word
        # on a piece counts, as when the set was changed step by step)
        now: dict[int, bool] = {}
        for n in changed:
            img = both[n][1][which]
            now[n] = img is None or img not in count
        for k in flipped:
            for j in w.get(k, ()):
                now[j] = k not in count
        had = old.bad[which]
        if all((j in had) == out for j, out in now.items()):
            bad.append(had)
        else:
            bad.append(frozenset(had.difference([j for j, out in now.items() if not out]).union(
                [j for j, out in now.items() if out])))
        where.append(w)
    return _Tally(mission.pieces, tuple(both), count, tuple(where), tuple(bad), (), (), ())


class _Frame:
    """symmetry()'s table for one tuple of boards (held, with the catalogue
    it was laid with): the _Table, the catalogue's mirror pairs, the three
    mirrors, their memo of piece keys (_memo), and the last mission's tally
    (replaced whole, never changed)."""

    __slots__ = ("boards", "cat", "table", "pairs", "ms", "keys", "tally", "order")

    def __init__(self, mission: Mission, cat: Catalogue):
        self.boards = mission.boards
        self.cat = cat
        self.table = _Table(mission, cat)
        self.pairs = _mirror_codes(cat)
        cx, cy = table_centre(mission, cat)
        self.ms = (Mapping("point", "x", cx, cy), Mapping("line", "x", cx, cy), Mapping("line", "y", cx, cy))
        self.keys = _memo(self.ms, self.table)
        self.tally: _Tally | None = None
        # the last breaking set symmetry() handed out and its indices sorted
        # (replaced whole: threads see a pair that belongs together)
        self.order: tuple[frozenset[int], tuple[int, ...]] | None = None


def _frame(mission: Mission, cat: Catalogue) -> _Frame:
    frame: _Frame | None = _frames.get(id(mission.boards))
    if frame is None or frame.boards is not mission.boards or frame.cat is not cat:
        frame = _Frame(mission, cat)
        _frames.put(id(mission.boards), frame)  # (the tuple is held: its id names no other meanwhile)
    return frame


def _tally(mission: Mission, frame: _Frame) -> _Tally:
    ms, table, cat, pairs = frame.ms, frame.table, frame.cat, frame.pairs
    old = frame.tally
    got: _Tally | None = None
    if old is not None:
        if old.pieces is mission.pieces:
            got = old
        elif len(old.pieces) == len(mission.pieces):
            # the positions whose piece is another object (one C-level pass)
            changed = list(itertools.compress(range(len(old.pieces)),
                                              map(operator.is_not, old.pieces, mission.pieces)))
            if len(changed) <= _TALLY_MAX_CHANGED:
                got = _next_tally(old, mission, changed, ms, table, cat, pairs, frame.keys)
    if got is None:
        got = _fresh_tally(mission, ms, table, cat, pairs)
    if old is not None and old.objectives is mission.objectives and old.zones is mission.entry_zones:
        other = old.other  # the boards are the frame's: the same
    else:
        cells = _zone_cells(mission, table)
        other = tuple(tuple(_others(mission, m, table, cells)) for m in ms)
    if got is not old or other is not old.other:
        got = _Tally(got.pieces, got.both, got.count, got.where, got.bad, mission.objectives,
                     mission.entry_zones, other)
        frame.tally = got
    return got


def symmetry(mission: Mission, catalogue: Catalogue | None = None) -> Symmetry:
    """Whether the layout is its own image under a half turn (point) and
    under a reflection across either middle line (line), pieces, objectives
    and entry zones (players swapped) all. When it is neither, `breaking`
    lists the pieces without an image under the mirror it comes nearest
    (fewest such pieces; point first on a tie)."""
    cat = catalogue or default_catalogue()
    # the table, its mirrors, the catalogue's mirror pairs and the last
    # tally, kept while the mission's boards are the very same tuple (an
    # edit of the pieces keeps it)
    frame = _frame(mission, cat)
    names = ("point", "left-right", "top-bottom")
    t = _tally(mission, frame)
    ok = {name: not bad and not other for name, bad, other in zip(names, t.bad, t.other)}
    point = ok["point"]
    line = ok["left-right"] or ok["top-bottom"]
    if point:
        closest = "point"
    elif line:
        closest = "left-right" if ok["left-right"] else "top-bottom"
    else:
        closest = min(names, key=lambda n: len(t.bad[names.index(n)]) + len(t.other[names.index(n)]))
    if point or line:
        return Symmetry(point, line, closest, (), ())
    which = names.index(closest)
    # the breaking pieces' indices in order, sorted again only when the set
    # is another (an edit that leaves who breaks it keeps the very set)
    bad = t.bad[which]
    order = frame.order
    if order is None or order[0] is not bad:
        order = frame.order = (bad, tuple(sorted(bad)))
    return Symmetry(point, line, closest, tuple(map(mission.pieces.__getitem__, order[1])), t.other[which])
