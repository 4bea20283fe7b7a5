"""The mission card: one sheet, printed on both sides, that players bring
to the table.

Front: everything needed to set up. The title band; the map of all boards
to scale with every name on it (entry zones, regions, objectives beside
their markers); a scale bar; the legend; the setup key (where each
objective, entry zone and region is, as players call the zones).

Back: the mission's texts flowed in columns (no heading apart from its
text, no widow or orphan lines), then score tables to fill in (victory
points per battle round; in Kill Team one table per player, a row per op and
a column per turning point), and the share code as a QR code. The texts are
set as large as the back holds them (up to 12 pt; down to 9.2 pt to keep the
score tables) and shared out over the columns to one height, so no column
stands bare; they shrink before they move on: a third side only when they do
not fit the back even at the smallest size, and the back then says so at
its foot.

A Kill Team killzone prints in its game's words (words.py KILL_TEAM: drop
zones, control range, killzone kits), its hatchways all closed as the game
starts them (common.as_printed; the QR code keeps the file as written), and
its key says so and lists the pieces it uses. A map held by the page's
height leaves width over: the key's column beside it takes it and prints
larger.

The paper lies as the table does: landscape for a wide table, portrait for
a tall one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..catalogue import Catalogue, default_catalogue
from ..games import game_of
from ..model.mission import Mission
from .common import (
    BAND,
    CONTENT_BOTTOM,
    INK,
    MARGIN,
    MUTED,
    as_printed,
    fit_text,
    footers,
    header_band,
    is_kill_team,
    paper_size,
    setup_paras,
    small_header,
    subtitle,
    text_paras,
)
from .drawing import Page, mix
from .flow import Flow, Frame, Para, wrap
from .fonts import clean
from .mapdraw import draw_legend, draw_map, draw_scale_bar, fit_view, legend_height, table_bounds
from .qr import QR_CAPTION, draw_qr, qr_for, qr_side
from .timeline_print import draw_round_marks, round_track_paras
from .words import Words, mission_words

SCALE_BAR = 22.0
LEGEND_W = 250.0
COLUMN_W = 215.0
GAP = 14.0
# Body text sizes tried, largest first, before the texts take a third side.
TEXT_SIZES = (12.0, 11.4, 10.8, 10.4, 10.0, 9.6, 9.2, 8.8, 8.4, 8.0, 7.6, 7.2, 6.8)
KEY_SIZES = (7.6, 7.2, 6.8, 6.4, 6.0)
# Beside the map the key may print larger: it does not take the map's room.
COLUMN_KEY_SIZES = (9.6, 9.0, 8.4, 8.0) + KEY_SIZES
LEGEND_SIZE = 6.6
# The narrowest column a card's back has (points): the score table's rows
# are measured at it.
SCORE_W = 230.0
TOTAL_W = 2.0  # the total's column, in round columns
# The smallest body size the texts are set in to make room for the score tables.
SCORE_MIN_SIZE = 9.2


def card_pages(mission: Mission, paper: str = "a4", source: str | None = None,
               catalogue: Catalogue | None = None, share: str | None = None, footer: bool = True) -> list[Page]:
    """The card's sides; `footer=False` leaves the footers to a booklet
    that numbers its own pages (export/pack.py)."""
    cat = catalogue or default_catalogue()
    qr = qr_for(mission, share)  # the file as written
    opened = sum(1 for p in mission.pieces if p.open) if is_kill_team(mission) else 0
    mission = as_printed(mission)
    t = mission_words(mission)
    bounds = table_bounds(mission, cat)
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    W, H = paper_size(paper, landscape=bw >= bh)
    pages = [_front(mission, cat, W, H, t, bounds, with_code=share is not False, opened=opened)]
    pages += _back(mission, W, H, t, qr, share)
    if footer:
        footers(pages, source, t)
    return pages


# ----------------------------------------------------------------------------
# Measuring text before it is drawn
# ----------------------------------------------------------------------------
@dataclass
class Block:
    """A drawn block among the paragraphs (the score table): never split,
    it moves to the next column whole."""
    height: float
    draw: Callable[[Page, float, float, float], None]
    space_before: float = 0.0


def _add(flow: Flow, items) -> None:
    """Paragraphs and blocks into a flow, in order."""
    run: list[Para] = []
    for item in items:
        if isinstance(item, Block):
            head = run.pop() if run and run[-1].keep_with_next else None
            if run:
                flow.add(run)
                run = []
            if head is not None:
                # The heading stays with its block: both move on if they do
                # not fit together.
                flow.ensure(0)
                lines = len(wrap(head.text, head.size, flow.frame.w - head.indent, head.bold))
                flow.ensure(head.space_before + lines * head.size * head.leading + head.space_after
                            + item.height)
                flow.add([head])
            elif flow.frame is not None and flow.y > flow.frame.y:
                flow.y += item.space_before
            flow.block(item.height, item.draw)
        else:
            run.append(item)
    if run:
        flow.add(run)


def _fits(paras_of, frames: list[tuple[float, float, float, float]], size: float) -> bool:
    """Do the paragraphs (and blocks) at `size` fit the frames (x, y, w, h)?"""
    scratch = Page(1, 1)
    queue = [Frame(scratch, *f) for f in frames]

    def next_frame():
        if queue:
            return queue.pop(0)
        # The first line past the last frame decides it: pouring the rest
        # (a briefing of megabytes, tried at every size) is work for nothing.
        raise _Overflow

    try:
        _add(Flow(next_frame), paras_of(size))
    except _Overflow:
        return False
    return True


class _Overflow(Exception):
    """The paragraphs did not fit the frames (_fits)."""


def _pour(page_paras, frames: list[Frame], more=None) -> Flow:
    queue = list(frames)

    def next_frame():
        if queue:
            return queue.pop(0)
        return next(more)

    flow = Flow(next_frame)
    _add(flow, page_paras)
    return flow


def _columns(x: float, y: float, w: float, h: float, n: int, gap: float = GAP):
    cw = (w - gap * (n - 1)) / n
    return [(x + c * (cw + gap), y, cw, h) for c in range(n)]


# ----------------------------------------------------------------------------
# The front: the map and what sets it up
# ----------------------------------------------------------------------------
def _front(mission: Mission, cat: Catalogue, W: float, H: float, t: Words, bounds, with_code: bool = True,
           opened: int = 0) -> Page:
    page = Page(W, H)
    top = header_band(page, mission.title, subtitle(mission, cat), f"{t('Mission card')} · {t('front')}")
    bottom = H - CONTENT_BOTTOM
    inner_w = W - 2 * MARGIN
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    has_key = bool(mission.objectives or mission.entry_zones or mission.regions)
    note = t("Mission texts and share code: on the back.") if with_code else t("Mission texts: on the back.")

    def key(size):
        return setup_paras(mission, size, opened)

    # Two ways to share the front: the map across the top with a strip
    # under it (legend, then the key in columns), or the map on the left
    # with a column beside it. Each must hold the whole key; take the one
    # that prints the map larger.
    options = []
    # The strip.
    leg_h = legend_height(mission, LEGEND_W, size=LEGEND_SIZE, catalogue=cat)
    key_w = inner_w - LEGEND_W - GAP
    cols = 2 if key_w > 380 else 1
    for size in KEY_SIZES:
        strip_h = leg_h + 12
        if has_key:
            while strip_h < (bottom - top) * 0.6 and not _fits(key, _columns(0, 0, key_w, strip_h - 12, cols), size):
                strip_h += 6
            if not _fits(key, _columns(0, 0, key_w, strip_h - 12, cols), size):
                continue
        k = min(inner_w / bw, (bottom - top - strip_h - SCALE_BAR) / bh)
        if k > 0:
            options.append((k, "strip", size, strip_h))
        break
    # The column. A map held by the page's height leaves width over: the
    # column takes it, and the key is printed as large as the column holds
    # (one board on landscape paper would otherwise leave half the column bare).
    k_col = min((inner_w - COLUMN_W - GAP) / bw, (bottom - top - SCALE_BAR) / bh)
    col_w = max(COLUMN_W, min(COLUMN_W * 1.6, inner_w - GAP - bw * k_col))
    col_x = W - MARGIN - col_w
    col_legend = LEGEND_SIZE
    for size in COLUMN_KEY_SIZES:
        legend_size = max(LEGEND_SIZE, min(8.2, size - 1.4))  # the legend grows with the key, a step smaller
        room = bottom - top - legend_height(mission, col_w, size=legend_size, catalogue=cat) - 6 - 12
        if not has_key or (room > 40 and _fits(key, [(0, 0, col_w, room)], size)):
            options.append((k_col, "column", size, 0.0))
            col_legend = legend_size
            break
    if not options:  # a key too long for either: the strip, and the key goes on in its columns
        strip_h = (bottom - top) * 0.6
        options.append((min(inner_w / bw, (bottom - top - strip_h - SCALE_BAR) / bh), "strip", KEY_SIZES[-1],
                        strip_h))
    k, how, size, strip_h = max(options, key=lambda o: o[0])

    if how == "strip":
        view = fit_view(bounds, MARGIN, top, inner_w, bottom - top - strip_h - SCALE_BAR)
        map_bottom = view.oy + bh * view.k
        draw_map(page, mission, view, cat, cell_names=False)
        draw_round_marks(page, mission, view, cat)  # a table that changes: what changes, when
        draw_scale_bar(page, view.ox, map_bottom + 7, view.k, min(inner_w, bw * view.k), label=t("inches"))
        y = map_bottom + SCALE_BAR
        draw_legend(page, mission, MARGIN, y, LEGEND_W, size=LEGEND_SIZE, catalogue=cat)
        frames = [Frame(page, *f) for f in _columns(MARGIN + LEGEND_W + GAP, y, key_w, bottom - y - 12, cols)]
        note_x, note_anchor = W - MARGIN, "end"
    else:
        view = fit_view(bounds, MARGIN, top, inner_w - col_w - GAP, bottom - top - SCALE_BAR)
        map_bottom = view.oy + bh * view.k
        draw_map(page, mission, view, cat, cell_names=False)
        draw_round_marks(page, mission, view, cat)  # a table that changes: what changes, when
        draw_scale_bar(page, view.ox, map_bottom + 7, view.k, bw * view.k, label=t("inches"))
        lh = draw_legend(page, mission, col_x, top, col_w, size=col_legend, catalogue=cat)
        y = top + lh + 6
        frames = [Frame(page, col_x, y, col_w, bottom - y - 12)]
        note_x, note_anchor = W - MARGIN, "end"
    if has_key:
        spare = Page(W, H)  # never reached: the layout above was chosen so the key fits
        _pour(key(size), frames, iter(lambda: Frame(spare, 0, 0, frames[-1].w, 1e6), None))
    page.text(note_x, bottom - 2, note, 7.0, bold=True, colour=MUTED, anchor=note_anchor)
    return page


# ----------------------------------------------------------------------------
# The back: the texts and the share code
# ----------------------------------------------------------------------------
def _back(mission: Mission, W: float, H: float, t: Words, qr, share) -> list[Page]:
    landscape = W > H
    inner_w = W - 2 * MARGIN
    bottom = H - CONTENT_BOTTOM
    n_cols = 3 if landscape else 2
    side = qr_side(qr) if qr else 0.0
    caption = t(QR_CAPTION)

    def header(page: Page, kind: str) -> float:
        return small_header(page, mission.title, f"{t('Mission card')} · {kind}")

    back = Page(W, H)
    y = header(back, t("back"))
    cols = _columns(MARGIN, y, inner_w, bottom - y, n_cols)
    # The QR code at the foot of the last column, the texts above it.
    x, cy, cw, ch = cols[-1]
    if qr:
        qr_h = side + 22
    elif share is not False:
        qr_h = 24
    else:
        qr_h = 0
    cols[-1] = (x, cy, cw, ch - qr_h)

    def paras(size):
        # the round track after the texts (a table that changes: export/timeline_print.py)
        return (text_paras(mission, size) + round_track_paras(mission, size, t)
                or [Para(t("This mission has no texts."), size=size, colour=MUTED)])

    def with_score(size):
        head = Para(t("Victory points"), size=size * 1.3, bold=True, space_before=size * 0.6, space_after=size * 0.35,
                    keep_with_next=True, colour=BAND)
        return paras(size) + [head] + score_blocks(mission, size, t)

    # The texts as large as fits with the score tables after them, down to
    # SCORE_MIN_SIZE; below that the tables are left off and the texts
    # alone are as large as fits (the tables never push them smaller than
    # that, nor onto a third side).
    content = with_score if score_blocks(mission, TEXT_SIZES[0], t) else paras
    size = None
    if content is with_score:
        size = next((s for s in TEXT_SIZES if s >= SCORE_MIN_SIZE and _fits(with_score, cols, s)), None)
    if size is None:
        content = paras
        size = next((s for s in TEXT_SIZES if _fits(paras, cols, s)), None)
    pages = [back]
    more_pages = []
    if size is not None:
        cols = _balanced(content, cols, size)
        _pour(content(size), [Frame(back, *f) for f in cols])
    else:
        # Even the smallest size needs more: a third side, and the back says so.
        size = TEXT_SIZES[-1]
        x, cy, cw, ch = cols[-1]
        cols[-1] = (x, cy, cw, ch - 14)
        back.text(x + cw, cy + ch - 2, t("Continued on a third side."), 7.0, bold=True, colour=MUTED,
                  anchor="end")

        def third_sides():
            while True:
                page = Page(W, H)
                pages.append(page)
                more_pages.append(page)
                top = header(page, t("third side"))
                for f in _columns(MARGIN, top, inner_w, bottom - top, n_cols):
                    yield Frame(page, *f)

        _pour(paras(size), [Frame(back, *f) for f in cols], third_sides())
    x, cy, cw, ch = _columns(MARGIN, y, inner_w, bottom - y, n_cols)[-1]
    if qr:
        draw_qr(back, qr, x + cw - side, bottom - side - 16, side, caption=caption, caption_w=cw)
    elif share is not False:
        _no_qr_note(back, x + cw, bottom - 14, t)
    return pages


def score_blocks(mission: Mission, size: float, t: Words) -> list[Block]:
    """Tables to keep the score in with a pencil, under the texts: one row
    per player and a column per battle round (Boarding Actions), or, in
    Kill Team, one table per player with a row per op of the mission and a
    column per turning point (each table a block of its own, so the second
    may take another column). None when the mission does not say how long
    the battle lasts."""
    text = mission.mission
    kill_team = is_kill_team(mission)
    if kill_team:
        rounds = text.turning_points or game_of(mission).turns_default
        ops = [clean(op.name) or t("Op") for op in text.ops]
    else:
        rounds = text.battle_rounds
        ops = []
    if not rounds or rounds > 9:
        return []
    players = list(range(1, max(1, mission.players) + 1))
    cell = size * 0.95
    head_h, row_h = cell * 1.9, size * 2.1
    first_w = 0.36  # of the width: the row names
    if ops:
        tables = [(t("Player {n}", n=p), ops + [t("Total")]) for p in players]
    else:
        tables = [(t("Turning point") if kill_team else t("Battle round"),
                   [t("Player {n}", n=p) for p in players])]

    def block(label: str, names: list[str]) -> Block:
        def rows_of(w):
            return [wrap(name, cell, w * first_w - 6, bold=False) for name in names]

        def height_for(w):
            return head_h + sum(max(row_h, len(lines) * cell * 1.2 + cell * 0.8) for lines in rows_of(w)) + size

        def draw(page: Page, x: float, y: float, w: float) -> None:
            name_w = w * first_w
            col_w = (w - name_w) / (rounds + TOTAL_W)
            page.rect(x, y, w, head_h, fill=mix(BAND, 0.12))
            lab, lsize = fit_text(label, cell, name_w - 4, bold=True, min_size=cell * 0.7)
            page.text(x, y + head_h * 0.68, lab, lsize, bold=True, colour=INK)
            for r in range(rounds + 1):
                cx = x + name_w + (r + (0.5 if r < rounds else TOTAL_W / 2)) * col_w
                word = str(r + 1) if r < rounds else t("Total")
                room = col_w * (1 if r < rounds else TOTAL_W) - 3
                wtxt, wsize = fit_text(word, cell, room, bold=True, min_size=cell * 0.6)
                page.text(cx, y + head_h * 0.68, wtxt, wsize, bold=True, colour=INK, anchor="middle")
            y += head_h
            for lines in rows_of(w):
                h = max(row_h, len(lines) * cell * 1.2 + cell * 0.8)
                for k, line in enumerate(lines):
                    page.text(x, y + cell * 1.25 + k * cell * 1.2, line, cell, colour=INK)
                for r in range(rounds + 1):
                    gx = x + name_w + r * col_w
                    page.line([(gx, y), (gx, y + h)], stroke="#b0b0b0", width=0.5)
                page.line([(x, y + h), (x + w, y + h)], stroke="#b0b0b0", width=0.5)
                y += h

        # Measured at the narrowest column a card's back has: a wider
        # column only wraps the names into fewer lines.
        return Block(height_for(SCORE_W), draw)

    return [block(label, names) for label, names in tables]


def _balanced(paras_of, cols: list[tuple[float, float, float, float]], size: float,
              least: float = 0.35) -> list[tuple[float, float, float, float]]:
    """The columns cut to the shortest equal height that still holds the
    texts: the text is shared out across the side instead of filling the
    first column and leaving the rest bare. A short text keeps at least
    `least` of the tallest column, so a few lines stay in one column rather
    than two lines in each."""
    full = max(c[3] for c in cols)

    def cut(h):
        return [(x, y, w, min(ch, h)) for x, y, w, ch in cols]

    lo, hi = full * least, full
    if _fits(paras_of, cut(lo), size):
        return cut(lo)
    for _ in range(14):  # to a tenth of a point or so
        mid = (lo + hi) / 2
        if _fits(paras_of, cut(mid), size):
            hi = mid
        else:
            lo = mid
    return cut(hi)


def _no_qr_note(page: Page, right: float, y: float, t: Words) -> None:
    page.text(right, y, t("Share code too long for a printed QR code:"), 6.2, colour=MUTED, anchor="end")
    page.text(right, y + 8, t("use File > Copy share code."), 6.2, colour=MUTED, anchor="end")


__all__ = ["card_pages", "QR_CAPTION"]
