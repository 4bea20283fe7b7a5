"""A table that changes, printed: the card's round track (what happens
when, in the mission's language) and the marks on its map (each piece, area,
marker and entry zone a change names carries a badge with the rounds it
changes in; where an objective moves to is ringed), and the setup sheet's
list of the pieces that must be operable (hatchways the timeline opens,
closes, locks or unlocks must be built to work, not glued).

The words of each change are the model's (model/timeline_words.py, Phrases:
translated through the editor's translation like every other phrase); the
headings are this page's (words.py).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from shapely.geometry import Polygon
from shapely.ops import unary_union

from ..catalogue import Catalogue, default_catalogue
from ..games import KILL_TEAM
from ..model.lattice import Placement
from ..model.mission import Mission, Piece
from ..model.names import describe_piece
from ..model.timeline import (
    AREA,
    ENTRY_ZONE,
    HATCHWAY,
    OBJECTIVE,
    Change,
    HatchwayRef,
    in_order,
    starts_absent,
    starts_closed,
)
from ..model.timeline_words import event_words, state_words, when_words
from ..phrases import Phrase, say
from .common import BAND, MUTED
from .drawing import Page
from .flow import Para
from .mapview import INCH, MapView
from .words import Words

BADGE = "#7a1f5c"   # the round badges: a colour no other mark of the map uses


def _say(t: Words, phrase: Phrase | str) -> str:
    return say(phrase, t) if isinstance(phrase, Phrase) else t(phrase)


def start_lines(mission: Mission, cat: Catalogue | None = None) -> list[Phrase]:
    """What differs at the start from a plain table: locked hatchways, areas
    not clear, markers and zones not there yet."""
    lines: list[Phrase] = []
    for p in mission.pieces:
        if p.locked:
            lines.append(Phrase("{what} stays locked until the timeline says", what=describe_piece(p, cat)))
    for r in mission.regions:
        if r.state != "clear":
            lines.append(Phrase("{name} is {state}", name=r.name, state=state_words(r.state)))
    for o in mission.objectives:
        if starts_absent(mission, o.id):
            lines.append(Phrase("objective {id} is not on the table yet", id=o.id))
    for name in dict.fromkeys(z.name for z in mission.entry_zones if z.name):
        if starts_closed(mission, name):
            lines.append(Phrase("entry zone {name} is closed", name=name))
    return lines


def round_track_paras(mission: Mission, size: float, t: Words, cat: Catalogue | None = None) -> list[Para]:
    """The card's round track: a heading, the table at the start, then each
    event in the order it happens, led by its round and phase."""
    if not mission.timeline and not start_lines(mission, cat):
        return []
    kill_team = mission.game == KILL_TEAM
    out = [Para(t("Round track"), size=size * 1.3, bold=True, space_before=size * 0.6, space_after=size * 0.35,
                keep_with_next=True, colour=BAND)]
    start = start_lines(mission, cat)
    if start:
        out.append(Para("; ".join(_say(t, s) for s in start) + ".", size=size, lead=t("At the start: "),
                        space_after=size * 0.45))
    for event in in_order(mission):
        # "If ...: The bulkheads unlock; A3 ... is unlocked." (the trigger leads, the rest in one sentence)
        lines = [_say(t, w).rstrip(" .;") for w in event_words(mission, replace(event, trigger=None), cat)]
        text = "; ".join(line for line in lines if line) + "." if lines else t("nothing changes.")
        if event.trigger:
            text = event.trigger.rstrip(" .:;") + ": " + text
        out.append(Para(text, size=size, lead=_say(t, when_words(event, kill_team)) + ": ",
                        space_after=size * 0.45))
    out.append(Para(t("On the map, a numbered badge marks what changes and the rounds it changes in; "
                      "a ringed badge marks where a marker moves to."), size=size * 0.85, colour=MUTED,
                    space_after=size * 0.45))
    return out


def _hatchway_point(mission: Mission, ref: HatchwayRef, places: dict[str, Placement]) -> tuple[float, float] | None:
    pl = places.get(ref.board)
    if pl is None or not pl.has_node(ref.from_node) or not pl.has_node(ref.to_node):
        return None
    (x1, y1), (x2, y2) = pl.node_table(ref.from_node), pl.node_table(ref.to_node)
    return ((x1 + x2) / 2, (y1 + y2) / 2)


def _cells_point(board: str, cells: Iterable[tuple[int, int]],
                 places: dict[str, Placement]) -> tuple[float, float] | None:
    pl = places.get(board)
    if pl is None:
        return None
    polys = [Polygon(pl.cell_corners_table(c)) for c in cells if pl.has_cell(c)]
    if not polys:
        return None
    p = unary_union(polys).representative_point()
    return (p.x, p.y)


def _point_of(mission: Mission, change: Change, places: dict[str, Placement]) -> tuple[float, float] | None:
    ref = change.ref
    if change.target == HATCHWAY and isinstance(ref, HatchwayRef):
        return _hatchway_point(mission, ref, places)
    if change.target == AREA:
        region = next((r for r in mission.regions if r.name == ref), None)
        return _cells_point(region.board, region.cells, places) if region else None
    if change.target == OBJECTIVE:
        o = next((o for o in mission.objectives if o.id == ref), None)
        return (o.at[0], o.at[1] - 20.0 - INCH) if o else None  # above the marker's range ring
    if change.target == ENTRY_ZONE:
        zone = next((z for z in mission.entry_zones if z.name == ref), None)
        return _cells_point(zone.board, zone.cells, places) if zone else None
    return None


def badges(mission: Mission, cat: Catalogue | None = None) -> list[tuple[tuple[float, float], str, bool]]:
    """Where the map's badges go: (table point, rounds text, ringed: where a
    marker moves to), one per thing a change names."""
    cat = cat or default_catalogue()
    places = {b.id: Placement.of(b, cat) for b in mission.boards}
    rounds: dict[tuple[float, float], list[int]] = {}
    moves: dict[tuple[float, float], list[int]] = {}
    for event in in_order(mission):
        for change in event.changes:
            at = _point_of(mission, change, places)
            if at is not None:
                rounds.setdefault(at, [])
                if event.round not in rounds[at]:
                    rounds[at].append(event.round)
            if change.becomes == "moves" and change.to is not None:
                moves.setdefault(change.to, []).append(event.round)
    out = [(at, "·".join(str(r) for r in rs), False) for at, rs in rounds.items()]
    out += [(at, "·".join(str(r) for r in rs), True) for at, rs in moves.items()]
    return out


def draw_round_marks(page: Page, mission: Mission, view: MapView, cat: Catalogue | None = None) -> None:
    """The badges over a map already drawn (module notes)."""
    size = max(6.0, min(9.0, 97.0 * view.k * 0.12))
    for (x, y), text, ringed in badges(mission, cat):
        cx, cy = view.pt(x, y)
        r = size * (0.55 + 0.28 * max(0, len(text) - 1))
        if ringed:
            page.circle(cx, cy, 20.0 * view.k, stroke=BADGE, width=1.0, dash=(1.6, 1.0))
        page.rect(cx - r, cy - size * 0.62, 2 * r, size * 1.24, fill="#ffffff" if ringed else BADGE,
                  stroke=BADGE, width=0.6)
        page.text(cx, cy + size * 0.35, text, size, bold=True, colour=BADGE if ringed else "#ffffff",
                  anchor="middle")


def operable_pieces(mission: Mission) -> list[Piece]:
    """The hatchway pieces the timeline opens, closes, locks or unlocks, and
    those locked at the start: they must work at the table."""
    refs = [c.ref for e in mission.timeline for c in e.changes
            if c.target == HATCHWAY and isinstance(c.ref, HatchwayRef)]
    return [p for p in mission.pieces if p.open is not None
            and (p.locked or any(r.names(p.board, p.from_node, p.to_node) for r in refs))]


def operable_paras(mission: Mission, size: float, t: Words, cat: Catalogue | None = None) -> list[Para]:
    """The setup sheet's list of the pieces that must be operable."""
    pieces = operable_pieces(mission)
    if not pieces:
        return []
    out = [Para(t("Must be operable"), size=size * 1.2, bold=True, space_before=size * 0.6,
                space_after=size * 0.3, keep_with_next=True, colour=BAND),
           Para(t("The timeline opens, closes, locks or unlocks these hatchways: build them so their doors "
                  "work at the table."), size=size, space_after=size * 0.3)]
    for p in pieces:
        out.append(Para(_say(t, describe_piece(p, cat)), size=size, lead="• ", space_after=size * 0.2))
    return out
