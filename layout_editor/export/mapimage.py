"""The map alone, for forums and chats (SVG or PNG): the title, the boards
with everything on them, a scale bar and a one-line key."""
from __future__ import annotations

from ..catalogue import Catalogue, default_catalogue
from ..model.mission import Mission
from .common import BAND, MUTED, as_printed, fit_text, subtitle
from .drawing import Page
from .mapdraw import MapView, draw_map, draw_scale_bar, table_bounds
from .words import mission_words

K = 0.75  # points per table millimetre: a two-board map about 1060 pt wide
PAD = 18.0


def map_page(mission: Mission, catalogue: Catalogue | None = None) -> Page:
    cat = catalogue or default_catalogue()
    mission = as_printed(mission)
    x0, y0, x1, y1 = table_bounds(mission, cat)
    w, h = (x1 - x0) * K, (y1 - y0) * K
    W = max(w + 2 * PAD, 420.0)
    head = 44.0
    H = head + h + 46.0
    page = Page(W, H)
    title, size = fit_text(mission.title, 18, W - 2 * PAD, bold=True, min_size=9)
    page.text(PAD, 26, title, size, bold=True, colour=BAND)
    s, ssize = fit_text(subtitle(mission, cat), 8.5, W - 2 * PAD, min_size=6)
    page.text(PAD, 38, s, ssize, colour=MUTED)
    view = MapView(x0, y0, (W - w) / 2, head, K)
    draw_map(page, mission, view, cat, label_max=9.0)
    t = mission_words(mission)
    draw_scale_bar(page, view.ox, head + h + 8, K, min(w, 520), label=t("inches"))
    key = t("MAP_KEY")
    k, ksize = fit_text(key, 7, W - 2 * PAD - 0, min_size=5)
    page.text(PAD, H - 10, k, ksize, colour=MUTED)
    return page
