"""The mission card: one sheet, printed on both sides, that players bring
to the table.

Front: everything needed to set up. The title band; the map of all boards
to scale with every name on it (entry zones, regions, objectives beside
their markers); a scale bar; the legend; the setup key (where each
objective, entry zone and region is, as players call the zones).

Back: the mission's texts flowed in columns (no heading apart from its
text, no widow or orphan lines), and the share code as a QR code. The texts
shrink a little before they move on: a third side only when they do not fit
the back even at the smallest size, and the back then says so at its foot.

The paper lies as the table does: landscape for a wide table, portrait for
a tall one.
"""
from __future__ import annotations

from ..catalogue import Catalogue, default_catalogue
from ..model.mission import Mission
from .common import (CONTENT_BOTTOM, MARGIN, MUTED, footers, header_band, paper_size, setup_paras,
                     small_header, subtitle, text_paras)
from .drawing import Page
from .flow import Flow, Frame, Para
from .mapdraw import draw_legend, draw_map, draw_scale_bar, fit_view, legend_height, table_bounds
from .qr import QR_CAPTION, draw_qr, qr_for, qr_side
from .words import Words, words

SCALE_BAR = 22.0
LEGEND_W = 250.0
COLUMN_W = 215.0
GAP = 14.0
# Body text sizes tried, largest first, before the texts take a third side.
TEXT_SIZES = (9.6, 9.2, 8.8, 8.4, 8.0, 7.6, 7.2, 6.8)
KEY_SIZES = (7.6, 7.2, 6.8, 6.4, 6.0)
LEGEND_SIZE = 6.6


def card_pages(mission: Mission, paper: str = "a4", source: str | None = None,
               catalogue: Catalogue | None = None, share: str | None = None, footer: bool = True) -> list[Page]:
    """The card's sides; `footer=False` leaves the footers to a booklet
    that numbers its own pages (export/pack.py)."""
    cat = catalogue or default_catalogue()
    t = words(mission.language)
    bounds = table_bounds(mission, cat)
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    W, H = paper_size(paper, landscape=bw >= bh)
    pages = [_front(mission, cat, W, H, t, bounds, with_code=share is not False)]
    pages += _back(mission, W, H, t, qr_for(mission, share), share)
    if footer:
        footers(pages, source, t)
    return pages


# ----------------------------------------------------------------------------
# Measuring text before it is drawn
# ----------------------------------------------------------------------------
def _fits(paras_of, frames: list[tuple[float, float, float, float]], size: float) -> bool:
    """Do the paragraphs at `size` fit the frames (x, y, w, h)?"""
    scratch = Page(1, 1)
    queue = [Frame(scratch, *f) for f in frames]
    overflow = []

    def next_frame():
        if queue:
            return queue.pop(0)
        overflow.append(1)
        return Frame(scratch, 0, 0, frames[-1][2], 1e6)

    flow = Flow(next_frame)
    flow.add(paras_of(size))
    return not overflow


def _pour(page_paras, frames: list[Frame], more=None) -> Flow:
    queue = list(frames)

    def next_frame():
        if queue:
            return queue.pop(0)
        return next(more)

    flow = Flow(next_frame)
    flow.add(page_paras)
    return flow


def _columns(x: float, y: float, w: float, h: float, n: int, gap: float = GAP):
    cw = (w - gap * (n - 1)) / n
    return [(x + c * (cw + gap), y, cw, h) for c in range(n)]


# ----------------------------------------------------------------------------
# The front: the map and what sets it up
# ----------------------------------------------------------------------------
def _front(mission: Mission, cat: Catalogue, W: float, H: float, t: Words, bounds, with_code: bool = True) -> Page:
    page = Page(W, H)
    top = header_band(page, mission.title, subtitle(mission, cat), f"{t('Mission card')} · {t('front')}")
    bottom = H - CONTENT_BOTTOM
    inner_w = W - 2 * MARGIN
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    has_key = bool(mission.objectives or mission.entry_zones or mission.regions)
    note = t("Mission texts and share code: on the back.") if with_code else t("Mission texts: on the back.")

    def key(size):
        return setup_paras(mission, size)

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
    # The column.
    col_x = W - MARGIN - COLUMN_W
    leg_h_col = legend_height(mission, COLUMN_W, size=LEGEND_SIZE, catalogue=cat)
    room = bottom - top - leg_h_col - 6 - 12
    for size in KEY_SIZES:
        if not has_key or (room > 40 and _fits(key, [(0, 0, COLUMN_W, room)], size)):
            k = min((inner_w - COLUMN_W - GAP) / bw, (bottom - top - SCALE_BAR) / bh)
            options.append((k, "column", size, 0.0))
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
        draw_scale_bar(page, view.ox, map_bottom + 7, view.k, min(inner_w, bw * view.k), label=t("inches"))
        y = map_bottom + SCALE_BAR
        draw_legend(page, mission, MARGIN, y, LEGEND_W, size=LEGEND_SIZE, catalogue=cat)
        frames = [Frame(page, *f) for f in _columns(MARGIN + LEGEND_W + GAP, y, key_w, bottom - y - 12, cols)]
        note_x, note_anchor = W - MARGIN, "end"
    else:
        view = fit_view(bounds, MARGIN, top, inner_w - COLUMN_W - GAP, bottom - top - SCALE_BAR)
        map_bottom = view.oy + bh * view.k
        draw_map(page, mission, view, cat, cell_names=False)
        draw_scale_bar(page, view.ox, map_bottom + 7, view.k, bw * view.k, label=t("inches"))
        lh = draw_legend(page, mission, col_x, top, COLUMN_W, size=LEGEND_SIZE, catalogue=cat)
        y = top + lh + 6
        frames = [Frame(page, col_x, y, COLUMN_W, bottom - y - 12)]
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
        return text_paras(mission, size) or [Para(t("This mission has no texts."), size=size, colour=MUTED)]

    size = next((s for s in TEXT_SIZES if _fits(paras, cols, s)), None)
    pages = [back]
    more_pages = []
    if size is None:
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
    else:
        _pour(paras(size), [Frame(back, *f) for f in cols])
    x, cy, cw, ch = _columns(MARGIN, y, inner_w, bottom - y, n_cols)[-1]
    if qr:
        draw_qr(back, qr, x + cw - side, bottom - side - 16, side, caption=caption, caption_w=cw)
    elif share is not False:
        _no_qr_note(back, x + cw, bottom - 14, t)
    return pages


def _no_qr_note(page: Page, right: float, y: float, t: Words) -> None:
    page.text(right, y, t("Share code too long for a printed QR code:"), 6.2, colour=MUTED, anchor="end")
    page.text(right, y + 8, t("use File > Copy share code."), 6.2, colour=MUTED, anchor="end")


__all__ = ["card_pages", "QR_CAPTION"]
