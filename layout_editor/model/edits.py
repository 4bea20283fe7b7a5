"""Pure operations that change a mission. Each takes a Mission and returns an
Edit: the new mission and a Change naming what changed, so views refresh only
that. An edit that cannot be made raises EditRefused with a reason a player
understands (it is shown in the editor's status bar). No Qt here: the editor's
undo commands call these and nothing else changes a mission.
"""
from __future__ import annotations

import math
import string
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..phrases import QT_TR_NOOP, Listing, Phrase, PhrasedError, one_or_many
from .lattice import Placement
from .mission import Board, EntryZone, Mission, MissionText, Node, Objective, Piece, Point, Region, Section
from .parts import per_set
from .snapping import boards_overlap, placement_problem, snap_board
from .timeline import hatchway_ref, retarget_hatchways


class EditRefused(PhrasedError):
    """The edit would break the layout; the message (a Phrase) says why."""


@dataclass(frozen=True)
class Change:
    """What an edit changed. Piece uids and board ids name things that were
    added, removed or altered (look them up in the new mission: gone means
    removed). Turning or moving a board also moves everything on it."""
    pieces: frozenset[int] = frozenset()
    boards: frozenset[str] = frozenset()
    objectives: bool = False
    entry_zones: bool = False
    regions: bool = False
    text: bool = False        # title, author, language, players, sets, card texts
    everything: bool = False  # a different mission (new, open, recover)
    killzone: bool = False    # Kill Team: territories, the centre line, equipment (killzone_edits.py)
    timeline: bool = False    # the timeline or the marker kinds (the table of later rounds)

    def __or__(self, other: Change) -> Change:
        return Change(self.pieces | other.pieces, self.boards | other.boards,
                      self.objectives or other.objectives, self.entry_zones or other.entry_zones,
                      self.regions or other.regions, self.text or other.text,
                      self.everything or other.everything, self.killzone or other.killzone,
                      self.timeline or other.timeline)

    @property
    def layout(self) -> bool:
        """True when the table itself changed (what the rules core reads),
        in any round."""
        return bool(self.everything or self.pieces or self.boards or self.objectives
                    or self.entry_zones or self.regions or self.killzone or self.timeline)


EVERYTHING = Change(everything=True)


@dataclass(frozen=True)
class Edit:
    mission: Mission
    change: Change
    note: Phrase | None = None  # something to tell the player (e.g. stock running out)


def changes_nothing(before: Mission, after: Mission) -> bool:
    """True when `after` is the same layout as `before`: equal, or equal but
    for the order of its pieces, objectives, entry zones or regions (and
    piece uids). Nothing a player sees or prints depends on that order, so
    an edit that only reorders (a mirror rebuilding a half that was already
    the mirror image) is no edit: the editor pushes no undo step for it."""
    if after == before:
        return True
    if replace(after, pieces=before.pieces, objectives=before.objectives, entry_zones=before.entry_zones,
               regions=before.regions) != before:
        return False
    for name in ("pieces", "objectives", "entry_zones", "regions"):
        a, b = getattr(before, name), getattr(after, name)
        if a == b:
            continue
        if len(a) != len(b):
            return False
        # Only the records that differ place by place need matching up (a
        # dragged piece is one): an edit that really changes something is
        # told apart without hashing the whole mission.
        # (`is` first: an edit keeps the records it leaves alone, and a
        # dataclass's != compares every field; a drag step on eight boards
        # spent ~1 ms of the window's time here.)
        differ = [(x, y) for x, y in zip(a, b) if x is not y and x != y]
        left = [x for x, _ in differ]
        right = [y for _, y in differ]
        if Counter(left) != Counter(right):
            return False
    return True


# -- pieces ----------------------------------------------------------------

def _check(mission: Mission, pieces: Iterable[Piece], ignore: Iterable[int] = (),
           catalogue: Catalogue | None = None) -> None:
    problem = placement_problem(mission, pieces, ignore, catalogue)
    if problem:
        raise EditRefused(problem)


def _stock_note(mission: Mission, codes: Iterable[str], catalogue: Catalogue | None = None) -> Phrase | None:
    cat = catalogue or default_catalogue()
    one_set = per_set(mission, cat)
    over = []
    for code in dict.fromkeys(codes):
        kind = cat.pieces.get(code)
        if kind is None:
            continue
        used = sum(1 for p in mission.pieces if p.code == code)
        if used > one_set.get(code, 0) * mission.sets:
            over.append(Phrase("{label} ({used} of {holds})", label=kind.label, used=used,
                               holds=one_set.get(code, 0) * mission.sets))
    if not over:
        return None
    return one_or_many(mission.sets, QT_TR_NOOP("More than {n} set holds: {pieces}"),
                       QT_TR_NOOP("More than {n} sets hold: {pieces}"),
                       pieces=Listing(over))


def add_pieces(mission: Mission, pieces: Iterable[Piece], catalogue: Catalogue | None = None) -> Edit:
    pieces = tuple(pieces)
    if not pieces:
        raise EditRefused(Phrase("nothing to add"))
    _check(mission, pieces, catalogue=catalogue)
    new = replace(mission, pieces=mission.pieces + pieces)
    return Edit(new, Change(pieces=frozenset(p.uid for p in pieces)),
                _stock_note(new, (p.code for p in pieces), catalogue))


def remove_pieces(mission: Mission, uids: Iterable[int]) -> Edit:
    uids = frozenset(uids)
    kept = tuple(p for p in mission.pieces if p.uid not in uids)
    if len(kept) == len(mission.pieces):
        raise EditRefused(Phrase("nothing selected to delete"))
    return Edit(replace(mission, pieces=kept), Change(pieces=uids))


def replace_pieces(mission: Mission, new_pieces: Iterable[Piece],
                   catalogue: Catalogue | None = None, check: bool = True) -> Edit:
    """Put changed pieces in place of the pieces with the same uids, keeping
    their order in the mission."""
    by_uid = {p.uid: p for p in new_pieces}
    if not by_uid:
        raise EditRefused(Phrase("nothing selected"))
    if check:
        _check(mission, by_uid.values(), catalogue=catalogue)
    pieces = tuple(by_uid.get(p.uid, p) for p in mission.pieces)
    # A hatchway moved or turned carries its timeline's events along (a
    # removed one leaves them: the rules check reports them).
    moves = [(hatchway_ref(p), hatchway_ref(by_uid[p.uid])) for p in mission.pieces if p.uid in by_uid]
    new = retarget_hatchways(replace(mission, pieces=pieces), [(a, b) for a, b in moves if a and b and a != b])
    return Edit(new, Change(pieces=frozenset(by_uid), timeline=new.timeline != mission.timeline))


def _selected(mission: Mission, uids: Iterable[int]) -> list[Piece]:
    uids = set(uids)
    chosen = [p for p in mission.pieces if p.uid in uids]
    if not chosen:
        raise EditRefused(Phrase("nothing selected"))
    return chosen


def _map_nodes(p: Piece, f: Callable[[Node], Node]) -> Piece:
    return replace(
        p,
        from_node=f(p.from_node) if p.from_node is not None else None,
        to_node=f(p.to_node) if p.to_node is not None else None,
        at=f(p.at) if p.at is not None else None,
        caps=f(p.caps) if p.caps is not None else None,
    )


def move_pieces(mission: Mission, uids: Iterable[int], step: tuple[float, float],
                catalogue: Catalogue | None = None) -> Edit:
    """Move pieces by whole zone lines in a table direction (x, y): arrow
    keys move the selection one zone line; each board's turn is taken into
    account, so 'right' is right on the screen."""
    cat = catalogue or default_catalogue()
    chosen = _selected(mission, uids)
    moved = []
    for p in chosen:
        pl = Placement.of(mission.board(p.board), cat)
        du, dv = _table_dir_to_local(pl, step)
        def shifted(n: Node, du: int = du, dv: int = dv) -> Node:
            return (n[0] + du, n[1] + dv)

        moved.append(_map_nodes(p, shifted))
    return replace_pieces(mission, moved, cat)


def _table_dir_to_local(pl: Placement, d: tuple[float, float]) -> tuple[int, int]:
    # direction_to_table is a rotation; its inverse is three more quarter turns.
    r = pl.rotation
    x, y = d
    if r == 0:
        u, v = x, y
    elif r == 90:
        u, v = y, -x
    elif r == 180:
        u, v = -x, -y
    else:
        u, v = -y, x
    return int(round(u)), int(round(v))


def move_pieces_to(mission: Mission, uids: Iterable[int], anchor: tuple[str, Node],
                   target: tuple[str, Node], catalogue: Catalogue | None = None) -> Edit:
    """Drag a group of pieces so that the node `anchor` (board id, node)
    lands on `target`, possibly on another board. The group keeps its shape
    on the table: each node's offset from the anchor is measured on the
    table in zone pitches and laid out again in the target board's lattice,
    so a group dragged onto a board turned differently still looks the same."""
    cat = catalogue or default_catalogue()
    return replace_pieces(mission, moved_pieces_to(mission, uids, anchor, target, cat), cat)


def moved_pieces_to(mission: Mission, uids: Iterable[int], anchor: tuple[str, Node],
                    target: tuple[str, Node], catalogue: Catalogue | None = None) -> list[Piece]:
    """The pieces of move_pieces_to where they would land, unchecked (the
    editor shows them as a ghost, refused or not)."""
    cat = catalogue or default_catalogue()
    chosen = _selected(mission, uids)
    src_board, src_node = anchor
    dst_board, dst_node = target
    src_pl = Placement.of(mission.board(src_board), cat)
    dst_pl = Placement.of(mission.board(dst_board), cat)
    ax, ay = src_pl.node_table(src_node)
    pitch = dst_pl.kind.pitch
    moved = []
    for p in chosen:
        pl = Placement.of(mission.board(p.board), cat)

        def f(n: Node, pl: Placement = pl) -> Node:
            x, y = pl.node_table(n)
            du, dv = _table_dir_to_local(dst_pl, ((x - ax) / pitch, (y - ay) / pitch))
            return (dst_node[0] + du, dst_node[1] + dv)

        q = replace(_map_nodes(p, f), board=dst_board)
        if (dst_pl.rotation - pl.rotation) % 180 == 90 and q.at is not None and q.caps is None:
            q = replace(q, turned=not q.turned)  # a pillar keeps its table orientation
        moved.append(q)
    return moved


def turn_pieces(mission: Mission, uids: Iterable[int], catalogue: Catalogue | None = None) -> Edit:
    """Turn the selection a quarter turn clockwise on the table, about the
    node nearest its middle; a group keeps its shape. A lone pillar turns
    on its node."""
    cat = catalogue or default_catalogue()
    chosen = _selected(mission, uids)
    by_board: dict[str, list[Piece]] = {}
    for p in chosen:
        by_board.setdefault(p.board, []).append(p)
    turned = []
    for group in by_board.values():
        nodes = [n for p in group for n in p.nodes]
        ci = (min(n[0] for n in nodes) + max(n[0] for n in nodes)) / 2
        cj = (min(n[1] for n in nodes) + max(n[1] for n in nodes)) / 2
        pivot = (math.floor(ci + 0.5), math.floor(cj + 0.5))
        # Clockwise on the table is clockwise in the board's lattice too
        # (boards turn by quarter turns, y points down in both).
        def rot(n: Node, c: Node = pivot) -> Node:
            return (c[0] - (n[1] - c[1]), c[1] + (n[0] - c[0]))

        for p in group:
            q = _map_nodes(p, rot)
            if p.at is not None and p.caps is None:
                q = replace(q, turned=not p.turned)
            turned.append(q)
    return replace_pieces(mission, turned, cat)


def turn_end_for_end(mission: Mission, uids: Iterable[int], catalogue: Catalogue | None = None) -> Edit:
    """Turn walls end for end (from and to swap: an asymmetric panel's ends
    change place; the door keeps its face as seen walking from -> to, as it
    does on a real panel turned round). Wall ends cap the other way."""
    chosen = _selected(mission, uids)
    out = []
    for p in chosen:
        if p.from_node is not None:
            out.append(replace(p, from_node=p.to_node, to_node=p.from_node))
        elif p.caps is not None and p.at is not None:
            out.append(replace(p, caps=(2 * p.at[0] - p.caps[0], 2 * p.at[1] - p.caps[1])))
    if not out:
        raise EditRefused(Phrase("only walls and wall ends turn end for end"))
    return replace_pieces(mission, out, catalogue)


def _hatchways(mission: Mission, uids: Iterable[int], catalogue: Catalogue | None) -> list[Piece]:
    cat = catalogue or default_catalogue()
    chosen = [p for p in _selected(mission, uids) if cat.piece(p.code).has_hatchway]
    if not chosen:
        raise EditRefused(Phrase("no hatchway selected"))
    return chosen


def flip_hatchways(mission: Mission, uids: Iterable[int], catalogue: Catalogue | None = None) -> Edit:
    """Put each hatchway's door leaf on the other face of its wall."""
    out = [replace(p, facing="left" if p.facing == "right" else "right")
           for p in _hatchways(mission, uids, catalogue)]
    return replace_pieces(mission, out, catalogue, check=False)


def set_hatchways_open(mission: Mission, uids: Iterable[int], open_: bool | None = None,
                       catalogue: Catalogue | None = None) -> Edit:
    """Open or close hatchways; with open_=None each one toggles (if several
    differ, all open first, so one key press gives one clear state)."""
    chosen = _hatchways(mission, uids, catalogue)
    if open_ is None:
        open_ = not all(bool(p.open) for p in chosen)
    # Opened, a locked hatchway is locked no more (a file never says both).
    out = [replace(p, open=open_, locked=p.locked and not open_) for p in chosen]
    return replace_pieces(mission, out, catalogue, check=False)


def set_hatchways_locked(mission: Mission, uids: Iterable[int], locked: bool | None = None,
                         catalogue: Catalogue | None = None) -> Edit:
    """Lock hatchways at the start of the battle (closed, and nobody may open
    them until the timeline unlocks them) or unlock them; with locked=None
    each one toggles (if several differ, all lock first)."""
    chosen = _hatchways(mission, uids, catalogue)
    if locked is None:
        locked = not all(p.locked for p in chosen)
    out = [replace(p, locked=locked, open=False if locked else p.open) for p in chosen]
    return replace_pieces(mission, out, catalogue, check=False)


def paste_pieces(mission: Mission, pieces: Iterable[Piece], catalogue: Catalogue | None = None,
                 tries: int = 12) -> Edit:
    """Add copies of pieces (fresh uids). They go where they were copied
    from when that is free, else one zone line further right and down, and
    so on, so that a paste or a duplicate is never refused for a clash the
    player did not ask for."""
    cat = catalogue or default_catalogue()
    pieces = [p.with_new_uid() for p in pieces]
    if not pieces:
        raise EditRefused(Phrase("nothing to paste"))
    known = {b.id for b in mission.boards}
    if any(p.board not in known for p in pieces):
        fallback = mission.boards[0].id if mission.boards else None
        if fallback is None:
            raise EditRefused(Phrase("there is no board to paste onto"))
        pieces = [replace(p, board=fallback) if p.board not in known else p for p in pieces]
    first_problem = None
    for k in range(tries):
        def nudged(n: Node, k: int = k) -> Node:
            return (n[0] + k, n[1] + k)

        cand = [_map_nodes(p, nudged) for p in pieces]
        problem = placement_problem(mission, cand, catalogue=cat)
        if problem is None:
            return add_pieces(mission, cand, cat)
        first_problem = first_problem or problem
    raise EditRefused(first_problem or Phrase("no room to paste"))


def duplicate_pieces(mission: Mission, uids: Iterable[int], catalogue: Catalogue | None = None) -> Edit:
    chosen = _selected(mission, uids)
    cat = catalogue or default_catalogue()
    # Start one step away, so the copy is never hidden under the original.
    shifted = [_map_nodes(p, lambda n: (n[0] + 1, n[1] + 1)) for p in chosen]
    return paste_pieces(mission, shifted, cat)


# -- boards ----------------------------------------------------------------

def next_board_id(mission: Mission) -> str:
    used = {b.id for b in mission.boards}
    for letter in string.ascii_uppercase:
        if letter not in used:
            return letter
    n = 1
    while f"B{n}" in used:
        n += 1
    return f"B{n}"


def add_board(mission: Mission, kind: str = "boarding-actions", at: Point | None = None,
              rotation: int = 0, catalogue: Catalogue | None = None) -> Edit:
    """Add a board; by default flush against the right of the table."""
    cat = catalogue or default_catalogue()
    cat.board(kind)
    if at is None:
        right = max((Placement.of(b, cat).bounds[2] for b in mission.boards), default=0.0)
        top = min((Placement.of(b, cat).bounds[1] for b in mission.boards), default=0.0)
        at = (right, top)
    board = Board(id=next_board_id(mission), kind=kind, at=(float(at[0]), float(at[1])), rotation=rotation)
    new = replace(mission, boards=mission.boards + (board,))
    if boards_overlap(new, board.id, cat):
        raise EditRefused(Phrase("board {board} would lie on board {other}", board=board.id,
                                  other=boards_overlap(new, board.id, cat)))
    return Edit(new, Change(boards=frozenset({board.id})))


def remove_board(mission: Mission, board_id: str) -> Edit:
    """Remove a board with everything on it (its pieces, entry-zone and
    region cells, and objectives standing on it)."""
    board = mission.board(board_id)
    if len(mission.boards) == 1:
        raise EditRefused(Phrase("a mission needs at least one board"))
    pl = Placement.of(board)
    gone = frozenset(p.uid for p in mission.pieces if p.board == board_id)
    objectives = tuple(o for o in mission.objectives if not pl.contains(*o.at)
                       or _on_other_board(mission, board_id, o.at))
    new = replace(
        mission,
        boards=tuple(b for b in mission.boards if b.id != board_id),
        pieces=tuple(p for p in mission.pieces if p.board != board_id),
        entry_zones=tuple(z for z in mission.entry_zones if z.board != board_id),
        regions=tuple(r for r in mission.regions if r.board != board_id),
        objectives=objectives,
    )
    return Edit(new, Change(pieces=gone, boards=frozenset({board_id}),
                            objectives=objectives != mission.objectives,
                            entry_zones=new.entry_zones != mission.entry_zones,
                            regions=new.regions != mission.regions))


def _on_other_board(mission: Mission, board_id: str, at: Point) -> bool:
    return any(Placement.of(b).contains(*at) for b in mission.boards if b.id != board_id)


def _carry_objectives(mission: Mission, old: Board, new: Board) -> tuple[Objective, ...]:
    """Objectives standing on a board move and turn with it."""
    before, after = Placement.of(old), Placement.of(new)
    out = []
    for o in mission.objectives:
        if before.contains(*o.at) and not _on_other_board(mission, old.id, o.at):
            x, y = after.to_table(*before.to_local(*o.at))
            o = replace(o, at=(round(x, 1), round(y, 1)))
        out.append(o)
    return tuple(out)


def _replace_board(mission: Mission, board: Board, catalogue: Catalogue | None) -> Edit:
    old = mission.board(board.id)
    boards = tuple(board if b.id == board.id else b for b in mission.boards)
    objectives = _carry_objectives(mission, old, board)
    new = replace(mission, boards=boards, objectives=objectives)
    other = boards_overlap(new, board.id, catalogue)
    if other:
        raise EditRefused(Phrase("board {board} would lie on board {other}", board=board.id, other=other))
    on_board = frozenset(p.uid for p in mission.pieces if p.board == board.id)
    return Edit(new, Change(pieces=on_board, boards=frozenset({board.id}),
                            objectives=objectives != mission.objectives,
                            entry_zones=any(z.board == board.id for z in mission.entry_zones),
                            regions=any(r.board == board.id for r in mission.regions)))


def move_board(mission: Mission, board_id: str, at: Point, catalogue: Catalogue | None = None) -> Edit:
    board = mission.board(board_id)
    return _replace_board(mission, replace(board, at=(float(at[0]), float(at[1]))), catalogue)


def turn_board(mission: Mission, board_id: str, catalogue: Catalogue | None = None) -> Edit:
    """Turn a board a quarter turn clockwise about its middle (its pieces,
    zones and objectives turn with it)."""
    cat = catalogue or default_catalogue()
    board = mission.board(board_id)
    pl = Placement.of(board, cat)
    x0, y0, x1, y1 = pl.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rotation = (board.rotation + 90) % 360
    w, h = Placement(pl.kind, (0.0, 0.0), rotation).size
    at = (float(round(cx - w / 2)), float(round(cy - h / 2)))
    # A board that lay flush against another should still lie flush once
    # turned (its sides moved by half the difference of its length and
    # width): snap within that distance, else keep it centred.
    reach = abs(pl.size[0] - pl.size[1]) / 2 + 1.0
    snapped = snap_board(mission, board_id, at, tolerance=reach, rotation=rotation, catalogue=cat)
    for where in (snapped, at):
        try:
            return _replace_board(mission, replace(board, rotation=rotation, at=where), cat)
        except EditRefused:
            continue
    other = boards_overlap(replace(mission, boards=tuple(
        replace(b, rotation=rotation, at=at) if b.id == board_id else b for b in mission.boards)), board_id, cat)
    raise EditRefused(Phrase("board {board} would lie on board {other} once turned", board=board_id, other=other))


# -- the rest of the mission -------------------------------------------------

_MISSION_FIELDS = {"title", "author", "language", "players", "sets"}
_TEXT_FIELDS = {f.name for f in fields(MissionText)} - {"extras"}


def set_mission_fields(mission: Mission, **values: Any) -> Edit:
    """Title, author, language, players or sets."""
    unknown = set(values) - _MISSION_FIELDS
    if unknown:
        raise ValueError(f"not a mission field: {', '.join(sorted(unknown))}")
    if "title" in values and not str(values["title"]).strip():
        raise EditRefused(Phrase("a mission needs a title"))
    if "players" in values and values["players"] not in (2, 3, 4):
        raise EditRefused(Phrase("a mission is for 2, 3 or 4 players"))
    if "sets" in values and (not isinstance(values["sets"], int) or values["sets"] < 1):
        raise EditRefused(Phrase("a mission is built from at least one terrain set"))
    new = replace(mission, **values)
    change = Change(text=True)
    if "players" in values and values["players"] < mission.players:
        # Entry zones of players who no longer take part go with them.
        zones = tuple(z for z in mission.entry_zones if z.player <= values["players"])
        if zones != mission.entry_zones:
            new = replace(new, entry_zones=zones)
            change = change | Change(entry_zones=True)
        # So do their Kill Team territories and equipment (a file names only players it has).
        territories = tuple(t for t in mission.territories if t.player <= values["players"])
        equipment = tuple(e for e in mission.equipment if e.player <= values["players"])
        if territories != mission.territories or equipment != mission.equipment:
            new = replace(new, territories=territories, equipment=equipment)
            change = change | Change(killzone=True)
    return Edit(new, change)


def set_mission_text(mission: Mission, **values: Any) -> Edit:
    """The card's texts: briefing, sections, victory, battle_rounds, points,
    objective_spacing. Empty strings are stored as absent."""
    unknown = set(values) - _TEXT_FIELDS
    if unknown:
        raise ValueError(f"not a mission text field: {', '.join(sorted(unknown))}")
    clean = {}
    for k, v in values.items():
        if isinstance(v, str) and not v.strip():
            v = None
        if k == "sections":
            v = tuple(v or ())
        clean[k] = v
    return Edit(replace(mission, mission=replace(mission.mission, **clean)), Change(text=True))


def set_sections(mission: Mission, sections: Iterable[Section]) -> Edit:
    return set_mission_text(mission, sections=tuple(sections))


def set_objectives(mission: Mission, objectives: Iterable[Objective]) -> Edit:
    objectives = tuple(objectives)
    ids = [o.id for o in objectives]
    if len(set(ids)) != len(ids):
        raise EditRefused(Phrase("two objectives would have the same number"))
    return Edit(replace(mission, objectives=objectives), Change(objectives=True))


def set_entry_zones(mission: Mission, zones: Iterable[EntryZone]) -> Edit:
    return Edit(replace(mission, entry_zones=tuple(zones)), Change(entry_zones=True))


def set_regions(mission: Mission, regions: Iterable[Region]) -> Edit:
    return Edit(replace(mission, regions=tuple(regions)), Change(regions=True))


# -- mirror ------------------------------------------------------------------

def mirror_half(mission: Mission, about: str = "point", keep: str = "left",
                catalogue: Catalogue | None = None) -> Edit:
    """Copy the `keep` half of the table onto the other half, by a half turn
    about the table's centre (about='point') or a reflection across its
    middle line (about='line'); see mirror.py for how pieces turn."""
    from .mirror import MirrorConflict, MirrorError, mirrored

    try:
        new = mirrored(mission, about, keep, catalogue)
    except MirrorConflict as e:
        # pieces or entry-zone cells across the mirror line: named, nothing changed
        raise EditRefused(e.phrase) from None
    except MirrorError:
        raise EditRefused(Phrase("the boards are not laid so that the other half is the mirror image of this one")) from None
    changed = frozenset(p.uid for p in mission.pieces) | frozenset(p.uid for p in new.pieces)
    return Edit(new, Change(pieces=changed, objectives=True, entry_zones=True, regions=True,
                            killzone=new.equipment != mission.equipment),
                _stock_note(new, (p.code for p in new.pieces), catalogue))
