"""The mission card: landscape, what sits beside the table during the game.

Page 1: the title band; the map of all boards to scale with a scale bar; the
legend; the share code as a QR code when it fits; the mission texts start in
the room left and flow on into columns on further pages.
"""
from __future__ import annotations

from ..catalogue import Catalogue, default_catalogue
from ..model.mission import Mission
from .common import MARGIN, MUTED, footers, header_band, mission_paras, paper_size, small_header, subtitle
from .drawing import Page
from .flow import Flow, Frame
from .mapdraw import draw_legend, draw_map, draw_scale_bar, fit_view, legend_height, table_bounds
from .qr import QR_CAPTION, draw_qr, qr_for, qr_side
from .words import Words, words

FOOTER = 22.0
SCALE_BAR = 20.0
LEGEND_W = 250.0


def card_pages(mission: Mission, paper: str = "a4", source: str | None = None,
               catalogue: Catalogue | None = None, share: str | None = None) -> list[Page]:
    cat = catalogue or default_catalogue()
    t = words(mission.language)
    W, H = paper_size(paper, landscape=True)
    first = Page(W, H)
    top = header_band(first, mission.title, subtitle(mission, cat), t("Mission card"))
    bottom = H - FOOTER
    body_h = bottom - top
    inner_w = W - 2 * MARGIN
    bounds = table_bounds(mission, cat)
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]

    qr = qr_for(mission, share)
    caption = t(QR_CAPTION)
    side = qr_side(qr) if qr else 0.0

    # Two ways to share the page: map across the top with a strip below, or
    # map on the left with a column beside it. Take the one that prints the
    # map larger.
    # The strip under the map must hold the legend (it grows with the players)
    # and, under it, the note when the QR code is left off.
    strip_h = max(168.0, legend_height(mission, LEGEND_W, size=6.6, catalogue=cat) + (10 if qr else 30))
    col_w = 215.0
    k_strip = min(inner_w / bw, (body_h - strip_h - SCALE_BAR) / bh)
    k_col = min((inner_w - col_w - 14) / bw, (body_h - SCALE_BAR) / bh)
    pages = [first]

    def more_frames():
        while True:
            page = Page(W, H)
            pages.append(page)
            y = small_header(page, mission.title, f"{t('Mission card')} · {t('continued')}")
            col_gap = 16.0
            cols = 3
            cw = (inner_w - col_gap * (cols - 1)) / cols
            for c in range(cols):
                yield Frame(page, MARGIN + c * (cw + col_gap), y, cw, bottom - y - 6)

    frames = []
    if k_strip >= k_col:
        view = fit_view(bounds, MARGIN, top, inner_w, body_h - strip_h - SCALE_BAR)
        map_bottom = view.oy + bh * view.k
        draw_map(first, mission, view, cat, cell_names=False)
        draw_scale_bar(first, view.ox, map_bottom + 7, view.k, min(inner_w, bw * view.k), label=t("inches"))
        strip_y = map_bottom + SCALE_BAR + 4
        leg_w = LEGEND_W
        draw_legend(first, mission, MARGIN, strip_y, leg_w, size=6.6, catalogue=cat)
        text_x = MARGIN + leg_w + 14
        text_w = inner_w - leg_w - 14 - (side + 14 if side else 0)
        if qr:
            draw_qr(first, qr, W - MARGIN - side, strip_y + 2, side, caption=caption)
        elif share is not False:
            # Under the legend, out of the way of the texts.
            _no_qr_note(first, MARGIN + leg_w, bottom - 14, t)
        # Two columns of text beside the legend when there is width for them.
        if text_w > 330:
            cw = (text_w - 12) / 2
            frames = [Frame(first, text_x, strip_y, cw, bottom - strip_y - 4),
                      Frame(first, text_x + cw + 12, strip_y, cw, bottom - strip_y - 4)]
        else:
            frames = [Frame(first, text_x, strip_y, text_w, bottom - strip_y - 4)]
    else:
        map_w = inner_w - col_w - 14
        view = fit_view(bounds, MARGIN, top, map_w, body_h - SCALE_BAR)
        map_bottom = view.oy + bh * view.k
        draw_map(first, mission, view, cat, cell_names=False)
        draw_scale_bar(first, view.ox, map_bottom + 7, view.k, bw * view.k, label=t("inches"))
        cx = W - MARGIN - col_w
        lh = draw_legend(first, mission, cx, top, col_w, size=6.6, catalogue=cat)
        y = top + lh + 6
        text_bottom = bottom - 4
        if qr:
            draw_qr(first, qr, cx + (col_w - side) / 2, bottom - side - 16, side, caption=caption)
            text_bottom = bottom - side - 22
        elif share is not False:
            _no_qr_note(first, W - MARGIN, bottom - 14, t)
            text_bottom = bottom - 24
        if text_bottom - y > 40:
            frames = [Frame(first, cx, y, col_w, text_bottom - y)]

    gen = more_frames()
    queue = list(frames)

    def next_frame():
        return queue.pop(0) if queue else next(gen)

    flow = Flow(next_frame)
    flow.add(mission_paras(mission))
    footers(pages, source, t)
    return pages


def _no_qr_note(page: Page, right: float, y: float, t: Words) -> None:
    page.text(right, y, t("Share code too long for a printed QR code:"), 6.2, colour=MUTED, anchor="end")
    page.text(right, y + 8, t("use File > Copy share code."), 6.2, colour=MUTED, anchor="end")


__all__ = ["card_pages", "QR_CAPTION"]
