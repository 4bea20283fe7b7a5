"""Poker-size cards (63 x 88 mm), nine to a page with cut marks: one per
objective and region (with a small map that marks it) and one per rule
section, for missions that hand out secret objectives; a Kill Team
killzone adds one per op, with the most victory points it scores. A section
too long for one card continues on the next card.
"""
from __future__ import annotations

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import placements
from ..model.mission import Mission
from .common import (
    ACCENT,
    BAND,
    EDGE,
    INK,
    MARGIN,
    MUTED,
    as_printed,
    cells_text,
    fit_text,
    is_kill_team,
    paper_size,
    where,
)
from .drawing import MM, Page, mix
from .flow import Flow, Frame, Para
from .fonts import clean, clean_block
from .mapdraw import MapCache, draw_highlight, fit_view
from .words import mission_words

CARD_W, CARD_H = 63 * MM, 88 * MM
COLS, ROWS = 3, 3
PAD = 4 * MM


def _grid_origin(W: float, H: float) -> tuple[float, float]:
    return (W - COLS * CARD_W) / 2, (H - ROWS * CARD_H) / 2


def _cut_marks(page: Page, x0: float, y0: float) -> None:
    """Marks in the margin on every cut line (the cards butt together, so one
    cut separates two of them)."""
    L, gap = 6 * MM, 1.5 * MM
    for c in range(COLS + 1):
        x = x0 + c * CARD_W
        page.line([(x, y0 - gap), (x, y0 - gap - L)], stroke=INK, width=0.4)
        page.line([(x, y0 + ROWS * CARD_H + gap), (x, y0 + ROWS * CARD_H + gap + L)], stroke=INK, width=0.4)
    for r in range(ROWS + 1):
        y = y0 + r * CARD_H
        page.line([(x0 - gap, y), (x0 - gap - L, y)], stroke=INK, width=0.4)
        page.line([(x0 + COLS * CARD_W + gap, y), (x0 + COLS * CARD_W + gap + L, y)], stroke=INK, width=0.4)


class _Cards:
    def __init__(self, mission: Mission, paper: str):
        self.mission = mission
        self.W, self.H = paper_size(paper, landscape=False)
        self.pages: list[Page] = []
        self.n = 0

    def next_card(self) -> tuple[Page, float, float]:
        if self.n % (COLS * ROWS) == 0:
            page = Page(self.W, self.H)
            self.pages.append(page)
            x0, y0 = _grid_origin(self.W, self.H)
            _cut_marks(page, x0, y0)
            t = mission_words(self.mission)
            caption = t("{title} · cards: cut along the marks", title=clean(self.mission.title))
            _margin_text(page, 0, caption, 7)
        page = self.pages[-1]
        x0, y0 = _grid_origin(self.W, self.H)
        k = self.n % (COLS * ROWS)
        self.n += 1
        x, y = x0 + (k % COLS) * CARD_W, y0 + (k // COLS) * CARD_H
        # The card face: a thin frame inside the cut so a slightly off cut
        # still leaves an even border.
        page.rect(x + 2.5 * MM, y + 2.5 * MM, CARD_W - 5 * MM, CARD_H - 5 * MM, stroke=mix(BAND, 0.5), width=0.6)
        return page, x, y


def _header(page: Page, x: float, y: float, kind: str, title: str, colour: str = BAND) -> float:
    """The card's band; returns the y below it."""
    bx, by, bw = x + 2.5 * MM, y + 2.5 * MM, CARD_W - 5 * MM
    page.rect(bx, by, bw, 13 * MM, fill=colour)
    page.rect(bx, by + 13 * MM, bw, 1.2, fill=ACCENT)
    page.text(bx + PAD - 2.5 * MM + 2, by + 10, kind.upper(), 6.5, bold=True, colour=ACCENT)
    t, size = fit_text(title, 12, bw - 2 * (PAD - 2.5 * MM + 2), bold=True, min_size=6.5)
    page.text(bx + PAD - 2.5 * MM + 2, by + 27, t, size, bold=True, colour="#ffffff")
    return by + 13 * MM + 6


def _footer(page: Page, x: float, y: float, text: str) -> None:
    t, size = fit_text(text, 5.5, CARD_W - 2 * PAD, min_size=4)
    page.text(x + CARD_W / 2, y + CARD_H - 4.5 * MM, t, size, colour=MUTED, anchor="middle")


def _minimap(page: Page, maps: MapCache, x: float, y: float, w: float, h: float,
             objective: str | None = None, region: int | None = None) -> float:
    bounds = maps.bounds
    view = fit_view(bounds, x, y, w, h)
    maps.draw(page, view)
    draw_highlight(page, maps.mission, view, objective=objective, region=region, catalogue=maps.cat)
    return view.oy + (bounds[3] - bounds[1]) * view.k


def cards_pages(mission: Mission, paper: str = "a4", source: str | None = None,
                catalogue: Catalogue | None = None) -> list[Page]:
    cat = catalogue or default_catalogue()
    mission = as_printed(mission)
    t = mission_words(mission)
    deck = _Cards(mission, paper)
    title = clean(mission.title)
    places = placements(mission, cat)
    inner_w = CARD_W - 2 * PAD
    maps = MapCache(mission, cat, labels=False)

    for o in mission.objectives:
        page, x, y = deck.next_card()
        top = _header(page, x, y, t("Objective"), f"{clean(o.id)}" + (f" · {clean(o.name)}" if o.name else ""))
        bottom = _minimap(page, maps, x + PAD, top, inner_w, 30 * MM, objective=o.id)
        flow = Flow(_once(Frame(page, x + PAD, bottom + 5, inner_w, y + CARD_H - 9 * MM - bottom - 5)))
        flow.add([Para(where(mission, o.at[0], o.at[1], places), size=7.5, lead=t("Where: ")),
                  Para(t("{x}, {y} mm from the table's top-left corner.", x=f"{o.at[0]:.0f}", y=f"{o.at[1]:.0f}"),
                       size=6.5, colour=MUTED),
                  Para(t('A model is in range within 1" of the marker\'s edge.'), size=6.5, colour=MUTED)])
        _footer(page, x, y, title)

    for n, r in enumerate(mission.regions):
        page, x, y = deck.next_card()
        top = _header(page, x, y, t("Region"), clean(r.name), colour="#4a3d22")
        bottom = _minimap(page, maps, x + PAD, top, inner_w, 30 * MM, region=n)
        flow = Flow(_once(Frame(page, x + PAD, bottom + 5, inner_w, y + CARD_H - 9 * MM - bottom - 5)))
        flow.add([Para(t("board {board}: {cells}", board=clean(r.board), cells=cells_text(r.cells)), size=7.5,
                       lead=t("Zones: "))])
        _footer(page, x, y, title)

    # Rule sections, and a killzone's ops (each with the most victory
    # points it scores): a card each, continued on the next when long.
    texts = [(t("Mission rule"), clean(s.title) or t("Mission rule"), None, s.text, "#1f3a2d")
             for s in mission.mission.sections]
    if is_kill_team(mission):
        texts += [(t("Op"), clean(op.name) or t("Op"), op.vp, op.text, "#3a1f33") for op in mission.mission.ops]
    for kind, heading, vp, body, colour in texts:
        state = {"cont": 0}

        def frames(kind=kind, heading=heading, colour=colour, state=state):
            while True:
                page, x, y = deck.next_card()
                label = kind + (f" · {t('continued')}" if state["cont"] else "")
                state["cont"] += 1
                top = _header(page, x, y, label, heading, colour=colour)
                _footer(page, x, y, title)
                yield Frame(page, x + PAD, top, inner_w, y + CARD_H - 8 * MM - top)

        gen = frames()
        flow = Flow(lambda gen=gen: next(gen))
        paras = [Para(p, size=7.2, space_after=3) for p in clean_block(body)] or [Para("", size=7.2)]
        if vp is not None:
            paras.insert(0, Para(t("up to {vp} VP", vp=vp), size=7.6, bold=True, space_after=3))
        flow.add(paras)
        if flow.frame is None:
            next(gen)

    if not deck.pages:
        page = Page(*paper_size(paper, landscape=False))
        deck.pages.append(page)
        page.text(MARGIN, 60, t("This mission has no objectives, regions or rule sections to put on cards."), 10,
                  colour=INK)
    _footers(deck.pages, source, t)
    return deck.pages


def _margin_text(page: Page, where: int, text: str, size: float) -> None:
    """A line of the page's own words in the margin, between the cut marks,
    never across them and at least 6.5 mm from the paper's edge. A4 has room
    above and below the cards: `where` 0 is above the middle column, 1 under
    the first, 2 under the last. Letter leaves under 8 mm there: the words
    turn and run up the side margins beside a row (0: left of the first row,
    1: left of the last, 2: right of the last)."""
    x0, y0 = _grid_origin(page.width, page.height)
    if y0 >= EDGE + 6 * MM:
        fitted, s = fit_text(text, size, CARD_W - 6 * MM, min_size=4.5)
        col = (1, 0, 2)[where]
        y = y0 - 4.5 * MM if where == 0 else y0 + ROWS * CARD_H + 4.5 * MM + s * 0.72
        page.text(x0 + (col + 0.5) * CARD_W, y, fitted, s, colour=MUTED, anchor="middle")
        return
    fitted, s = fit_text(text, size, CARD_H - 10 * MM, min_size=4.5)
    row = (0, ROWS - 1, ROWS - 1)[where]
    cy = y0 + (row + 0.5) * CARD_H
    # Turned a quarter, the letters' height lies across the margin: 0.72 of
    # the size above the baseline, 0.2 below; centred in the margin.
    m = max(EDGE + 0.3, (x0 - 0.92 * s) / 2)
    if where == 2:
        page.text(page.width - m - 0.72 * s, cy, fitted, s, colour=MUTED, anchor="middle", angle=90.0)
    else:
        page.text(m + 0.72 * s, cy, fitted, s, colour=MUTED, anchor="middle", angle=-90.0)


def _footers(pages: list[Page], source: str | None, t) -> None:
    """The file name under the first column of cards, the program and page
    under the last: clear of the cut marks on the lines between them."""
    import os

    from .. import __version__

    name = os.path.basename(str(source)) if source else t("unsaved mission")
    for k, page in enumerate(pages, 1):
        _margin_text(page, 1, name, 6.5)
        _margin_text(page, 2, t("Boarding Actions layout editor {version} · page {page} of {pages}",
                                version=__version__, page=k, pages=len(pages)), 6.5)


def _once(frame: Frame):
    """A single frame for a card's short facts: anything beyond it is drawn
    on a page that is thrown away, never over the card."""
    frames = iter([frame])

    def next_frame():
        return next(frames, None) or Frame(Page(frame.w, frame.h * 4), 0, 0, frame.w, frame.h * 4)
    return next_frame
