"""The setup sheet: what a person builds the table from, by hand.

The map of the whole table, where each board lies, the parts list (count per
code, left and right pillars apart, sets needed, what stays in the box),
then one placement list per board in laying-out order: zone line by zone
line from the top of the board down, each piece listed where its upper end
stands, pillars and wall ends with the line they stand on.
"""
from __future__ import annotations

from dataclasses import replace

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import Placement, cell_name, column_name, node_name, placements
from ..model.mission import Mission, Piece
from ..model.names import describe_piece
from ..model.parts import left_in_box, parts_list, per_set, sets_needed
from .common import (
    BAND,
    CONTENT_BOTTOM,
    INK,
    MARGIN,
    MUTED,
    as_printed,
    footers,
    header_band,
    paper_size,
    small_header,
    subtitle,
)
from .drawing import Page, mix
from .flow import Flow, Frame, Para, wrap
from .fonts import clean
from .mapdraw import MapCache, draw_map, draw_scale_bar, fit_view, table_bounds
from .timeline_print import operable_paras
from .words import Words, mission_words

SIZE = 8.2
WARN = "#b00020"


def _door_face(piece: Piece, place: Placement, t: Words) -> str:
    """Which zones the door leaf faces, as players read the board."""
    (i0, j0), (i1, j1) = piece.from_node, piece.to_node
    du, dv = (i1 > i0) - (i1 < i0), (j1 > j0) - (j1 < j0)
    side = 1 if piece.facing == "right" else -1
    # Board-local y points down, so "right of walking" is (-dv, du).
    ru, rv = -dv * side, du * side
    zx, zy = place.kind.zones
    if dv == 0:  # along a row line j0: the face is the row above or below
        j = j0 if rv > 0 else j0 - 1
        lo, hi = min(i0, i1), max(i0, i1) - 1
        cells = [(i, j) for i in range(lo, hi + 1)]
    else:        # along a column line i0
        i = i0 if ru > 0 else i0 - 1
        lo, hi = min(j0, j1), max(j0, j1) - 1
        cells = [(i, j) for j in range(lo, hi + 1)]
    cells = [c for c in cells if 0 <= c[0] < zx and 0 <= c[1] < zy]
    if not cells:
        return t("the board edge")
    if len(cells) == 1:
        return t("zone {zone}", zone=cell_name(cells[0]))
    return t("zones {a}–{b}", a=cell_name(cells[0]), b=cell_name(cells[-1]))


def faces_chosen(mission: Mission) -> set[str]:
    """The hatchways whose door face a library killzone chose because its
    source does not give it (x-approved-ops: door-faces-chosen), as
    describe_piece names them in English."""
    extra = mission.extras.get("x-approved-ops") if mission.extras else None
    names = extra.get("door-faces-chosen") if isinstance(extra, dict) else None
    return {str(n) for n in names} if isinstance(names, list) else set()


def placement_rows(mission: Mission, board_id: str, catalogue: Catalogue | None = None):
    """(zone line heading, [(code, where, detail, state, is_open)]) in
    laying-out order (a kill-team mission's hatchways closed, as printed)."""
    cat = catalogue or default_catalogue()
    chosen = faces_chosen(mission)
    mission = as_printed(mission)
    t = mission_words(mission)
    place = Placement.of(mission.board(board_id), cat)
    nx, ny = place.kind.nodes
    groups: dict[int, list] = {j: [] for j in range(ny)}
    for piece in mission.pieces_on(board_id):
        kind = cat.pieces.get(piece.code)
        if kind is None:
            continue
        label = kind.label if kind.label != kind.code else kind.code
        if kind.is_wall and piece.from_node and piece.to_node:
            (i0, j0), (i1, j1) = piece.from_node, piece.to_node
            top = min(j0, j1)
            if j0 == j1:
                where = t("along line {line}: {a} → {b}", line=j0 + 1, a=node_name(piece.from_node),
                          b=node_name(piece.to_node))
                order = (0, min(i0, i1))
            else:
                where = t("down line {line}: {a} → {b}", line=column_name(i0), a=node_name(piece.from_node),
                          b=node_name(piece.to_node))
                order = (1, i0)
            if kind.has_hatchway:
                detail = t("door faces {what}", what=_door_face(piece, place, t))
                if str(describe_piece(piece)) in chosen:
                    # an official map card that does not show the door's face:
                    # the file chose one, the player may set up either (free to choose)
                    detail = t("door faces {what} (free to choose: the source does not give it)",
                               what=_door_face(piece, place, t))
                if kind.hatchway.off_centre:
                    # A3/A4: the doorway is in one half of the panel, so the
                    # builder must know which end it goes at.
                    end = piece.to_node if kind.hatchway.middle > 0 else piece.from_node
                    detail = t("hatchway at the {node} end; {door}", node=node_name(end), door=detail)
                state = t("open") if piece.open else t("closed")
            else:
                detail, state = "", ""
            groups.setdefault(top, []).append((order, label, where, detail, state, bool(piece.open)))
        elif piece.at is not None:
            where = t("on {node}", node=node_name(piece.at))
            if kind.kind == "wall-end":
                detail = t("caps the wall towards {node}", node=node_name(piece.caps)) if piece.caps else ""
            else:
                detail = (t("28 mm side along the board's short edge (turned)") if piece.turned
                          else t("28 mm side along the board's long edge"))
            groups.setdefault(piece.at[1], []).append(((2, piece.at[0]), label, where, detail, "", False))
    out = []
    for j in sorted(groups):
        rows = sorted(groups[j], key=lambda r: r[0])
        if not rows:
            continue
        if j == 0:
            name = t("Line 1 (top edge of row 1)")
        elif j == ny - 1:
            name = t("Line {n} (bottom edge of row {row})", n=j + 1, row=j)
        else:
            name = t("Line {n} (between rows {a} and {b})", n=j + 1, a=j, b=j + 1)
        out.append((name, [r[1:] for r in rows]))
    return out


def _board_map(flow: Flow, heading, t: Words, b, place: Placement, inner: float, board_maps: MapCache) -> None:
    """The board alone, large, with its zone names: the lists point into it."""
    x0, y0, x1, y1 = place.bounds
    pad = 40.0  # mm: room for doors swung open over the edge
    map_h = min(340.0, inner * (y1 - y0 + 2 * pad) / (x1 - x0 + 2 * pad))
    flow.ensure(30 + map_h)  # the heading stays with its map
    heading(t("Board {board}: placement", board=clean(b.id)), size=12)

    def board_map(page, x, y, w, b=b, bounds=(x0 - pad, y0 - pad, x1 + pad, y1 + pad), map_h=map_h):
        view = fit_view(bounds, x, y, w, map_h)
        page.clip(x, y, w, map_h)
        # The neighbouring board shows at the strip's sides: its labels the
        # strip's edge would cut are left out, not cut.
        board_maps.draw(page, view, rect=(x, y, x + w, y + map_h), whole_texts=True)
        page.end_clip()
    flow.block(map_h, board_map, space_after=6)


def _rotation_text(rotation: int, t: Words) -> str:
    return t({0: "not turned", 90: "turned 90° clockwise", 180: "turned 180°",
              270: "turned 90° anticlockwise"}.get(rotation, "not turned"))


# The whole table's map gives up at most this share of its height so that a
# sheet that runs onto one more page by a few lines fits on one page less.
MAP_SHRINK_MAX = 0.3


def setup_pages(mission: Mission, paper: str = "a4", source: str | None = None,
                catalogue: Catalogue | None = None, footer: bool = True) -> list[Page]:
    """The sheet's pages; `footer=False` as card_pages.

    A sheet whose last page would hold only the last few lines (a small
    killzone's last placement line) is laid out again with the whole table's
    map a little smaller, so those lines stay on the page before; the map
    gives up no more than MAP_SHRINK_MAX of its height for it."""
    cat = catalogue or default_catalogue()
    mission = as_printed(mission)
    pages, map_h, spill = _setup_pages(mission, paper, source, cat, footer, None)
    if len(pages) > 1 and 0 < spill <= map_h * MAP_SHRINK_MAX:
        shorter, _, _ = _setup_pages(mission, paper, source, cat, footer, map_h - spill - 2.0)
        if len(shorter) < len(pages):
            return shorter
    return pages


def _setup_pages(mission: Mission, paper: str, source: str | None, cat: Catalogue, footer: bool,
                 map_max: float | None) -> tuple[list[Page], float, float]:
    """(the pages, the whole table's map's height, how far down the last
    page its content runs when that page is a continuation: else 0), with
    the map at most `map_max` points high."""
    t = mission_words(mission)
    W, H = paper_size(paper, landscape=False)
    first = Page(W, H)
    pages = [first]
    top = header_band(first, mission.title, subtitle(mission, cat), t("Setup sheet"))
    bottom = H - CONTENT_BOTTOM
    inner = W - 2 * MARGIN

    # The whole table first: how the boards lie. A table of one board (a
    # killzone) is that board: its map is the placement map too, with the
    # zone names the lists point into, and is not drawn a second time.
    single = len(mission.boards) == 1
    bounds = table_bounds(mission, cat)
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    box_h = min(340.0 if single else 300.0, (bottom - top) * 0.45)
    if map_max is not None:
        box_h = min(box_h, map_max)
    view = fit_view(bounds, MARGIN, top, inner, box_h)
    view = replace(view, oy=top)  # at the top of the page, not centred in its box
    draw_map(first, mission, view, cat, cell_names=single, label_max=8.0 if single else 7.0)
    y = view.oy + bh * view.k + 6
    draw_scale_bar(first, view.ox, y, view.k, bw * view.k, size=6, label=t("inches"))
    y += 22

    def frames():
        while True:
            page = Page(W, H)
            pages.append(page)
            y = small_header(page, mission.title, f"{t('Setup sheet')} · {t('continued')}")
            yield Frame(page, MARGIN, y, inner, bottom - y)

    gen = frames()
    queue = [Frame(first, MARGIN, y, inner, bottom - y)]
    flow = Flow(lambda: queue.pop(0) if queue else next(gen))

    def heading(text, size=11.5):
        flow.add([Para(text, size=size, bold=True, colour=BAND, space_before=6, space_after=3,
                       keep_with_next=True)])

    # -- boards ---------------------------------------------------------------
    heading(t("The boards"))
    places = placements(mission, cat)
    for b in mission.boards:
        p = places[b.id]
        w, h = p.size
        flow.add([Para(t("{name}, {turned}; its top-left corner at {x}, {y} mm from the table's top-left corner "
                         "({w} x {h} mm as laid).", name=t(clean(p.kind.name)), turned=_rotation_text(b.rotation, t),
                         x=t.number(b.at[0]), y=t.number(b.at[1]), w=t.number(w), h=t.number(h)),
                       size=SIZE, lead=t("Board {board}: ", board=clean(b.id)), space_after=2)])

    # -- parts ------------------------------------------------------------------
    need = sets_needed(mission, cat)
    sets = max(mission.sets, 1)
    heading(t("Parts"))
    used = parts_list(mission, cat)
    box = left_in_box(mission, max(sets, need), cat)
    cols = [0, 52, 250, 300, 370]
    total = max(sets, need)
    head = [t("Code"), t("Piece"), t("Used"), t("In 1 set") if total == 1 else t("In {n} sets", n=total),
            t("Left in the box")]

    def table_row(cells, bold=False, shade=None, colour=INK):
        def draw(page, x, y, w):
            if shade:
                page.rect(x, y, w, 12.5, fill=shade)
            for c, text in zip(cols, cells):
                page.text(x + c + 3, y + 9, text, SIZE, bold=bold or c == 0, colour=colour)
        return draw

    flow.block(12.5, table_row(head, bold=True, shade=mix(BAND, 0.12)))
    # A set per piece code: the terrain set's, or in Kill Team the
    # killzone kit's (model.parts.per_set, as the parts check counts).
    kit = per_set(mission, cat)
    for n, (code, kind) in enumerate(cat.pieces.items()):
        count = used.get(code, 0)
        have = kit.get(code, kind.per_set) * max(sets, need)
        flow.block(12.5, table_row([kind.label if kind.label != code else code, t(clean(kind.name)), str(count),
                                    str(have), str(box[code])], shade="#f3f3f3" if n % 2 else None,
                                   colour=INK if count else MUTED))
    note = t("This layout needs 1 terrain set.") if need == 1 else t("This layout needs {n} terrain sets.", n=need)
    if need > mission.sets:
        note += t(" The mission says {n}: you need more pieces than it plans for.", n=mission.sets)
    flow.add([Para(note, size=SIZE, bold=need > mission.sets, colour=WARN if need > mission.sets else INK,
                   space_before=4)])
    # A table that changes: the hatchways that must work (export/timeline_print.py)
    flow.add(operable_paras(mission, SIZE, t, cat))

    # -- placement lists ----------------------------------------------------------
    flow.add([Para(t("READING"),
                   size=SIZE - 0.6, colour=MUTED, space_before=6, space_after=2)])
    wcols = [0, 40, 215, 400]
    board_maps = MapCache(mission, cat, label_max=8.0)
    for b in mission.boards:
        if single:
            heading(t("Board {board}: placement", board=clean(b.id)), size=12)
        else:
            _board_map(flow, heading, t, b, places[b.id], inner, board_maps)
        groups = placement_rows(mission, b.id, cat)
        if not groups:
            flow.add([Para(t("No terrain on this board."), size=SIZE, colour=MUTED)])
            continue
        for name, rows in groups:
            flow.add([Para(name, size=SIZE + 0.6, bold=True, colour=INK, space_before=4, space_after=1,
                           keep_with_next=True)])
            for code, where, detail, state, is_open in rows:
                widths = [wcols[1] - wcols[0], wcols[2] - wcols[1], wcols[3] - wcols[2], inner - wcols[3]]
                cells = [code, where, detail, state]
                wrapped = [wrap(text, SIZE, wd - 6, bold=(c == 0)) if text else [] for c, (text, wd) in
                           enumerate(zip(cells, widths))]
                lines = max(1, max(len(x) for x in wrapped))
                h = lines * SIZE * 1.22 + 3

                def draw(page, x, y, w, wrapped=wrapped, h=h, is_open=is_open):
                    page.line([(x, y + h - 0.5), (x + w, y + h - 0.5)], stroke="#e2e2e2", width=0.4)
                    for c, lines_ in enumerate(wrapped):
                        for k, line in enumerate(lines_):
                            colour = INK
                            if c == 3:
                                colour = "#0b6b3a" if is_open else "#8a1c1c"
                            page.text(x + wcols[c] + 3, y + SIZE + 1 + k * SIZE * 1.22, line, SIZE,
                                      bold=(c in (0, 3)), colour=colour)
                flow.block(h, draw)
    spill = 0.0
    if len(pages) > 1 and flow.frame is not None and flow.frame.page is pages[-1]:
        spill = flow.y - flow.frame.y
    if footer:
        footers(pages, source, t)
    return pages, bh * view.k, spill
