"""A mission pack: several missions as one printed booklet for an event.

    pack_pages(missions, title=None, organiser=None, paper="a4", language="en",
               sources=None) -> list[Page]
    pack_parts(missions) -> PackParts        (what the parts page prints)
    export_pack(missions, out_path, ...)     (the PDF, written atomically)

The booklet, in order:
- the cover: the pack's title, the organiser's line, how many missions;
- the contents: each mission with the pages its card and setup sheet start on;
- the parts page: the sets and boards each mission needs, and what running
  the missions one after another on one table needs;
- each mission's card (front, back, any third side) and setup sheet, exactly
  as the single exports print them (card.py, setup_sheet.py), each in its
  own mission's language.

The pack's own words (cover, contents, parts page, footers) are in the
language asked for (`language`, via words.py), whatever the missions' are.

Notes on choices the brief leaves open:
- Every mission's card starts on an odd page, a blank page put before it
  when needed, so a booklet printed double-sided has each card's front and
  back on one sheet (the card is made to be printed on both sides).
- The footers are the booklet's: one page count for the whole pack, with the
  mission's title on its pages, instead of each export's own "page n of N".
- Sets for the pack: one table, the missions played one after another, so
  the box must hold, for each piece, the most any one mission uses; the
  sets are that count divided by a set's count, rounded up, the largest over
  the pieces (at least 1). Since rounding up keeps order, this is also the
  largest number of sets any one mission needs; the page shows both the
  per-piece maxima and the sets. Boards likewise: the most any mission lays.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..catalogue import Catalogue, default_catalogue
from ..games import game_of
from ..model.mission import Mission
from ..model.parts import parts_list, per_set
from .common import (
    ACCENT,
    BAND,
    CONTENT_BOTTOM,
    FOOTER_BASE,
    INK,
    MARGIN,
    MUTED,
    PaperError,
    fit_text,
    paper_size,
    small_header,
)
from .drawing import Page, mix
from .flow import Flow, Frame, Para
from .fonts import FontError, clean, text_width
from .words import words

LANGUAGES = ("en", "de")
# The most missions one pack prints: an event plays a handful, a campaign
# book a few dozen. A booklet is made whole in memory (its contents and page
# numbers need every mission's pages), so beyond this a pack is refused in
# one line before any mission is read: 50 library missions print in well
# under a minute and 500 MB (benchmarks/bench_io_limits.py).
MAX_MISSIONS = 50
SIZE = 8.6
ROW = 13.0
# Mission columns per parts table; more missions continue in another table.
COLUMNS_PER_TABLE = 8


class PackError(ValueError):
    """A pack cannot be made: a message for the user."""


@dataclass(frozen=True)
class PackParts:
    """What the parts page prints.

    per_mission[i]: the mission's count per piece code
    sets[i]:        the sets mission i needs (model/parts.py sets_needed)
    boards[i]:      the boards mission i lays
    most:           per piece code, the most any one mission uses
    pack_sets:      the sets that hold `most` (at least 1)
    pack_boards:    the most boards any one mission lays
    per_set:        per piece code, what one of the counted sets holds: a
                    terrain set, or a killzone kit when every mission is Kill
                    Team (model.parts.per_set)
    """
    per_mission: tuple[dict[str, int], ...]
    sets: tuple[int, ...]
    boards: tuple[int, ...]
    most: dict[str, int]
    pack_sets: int
    pack_boards: int
    per_set: dict[str, int] = field(default_factory=dict)


def too_many(count: int) -> None:
    """PackError when a pack of `count` missions is beyond MAX_MISSIONS."""
    if count > MAX_MISSIONS:
        raise PackError(f"a mission pack holds at most {MAX_MISSIONS} missions, not {count} "
                        "(make two packs)")


def pack_game(missions: list[Mission]) -> str | None:
    """The game every mission of the pack is for, or None when they mix."""
    games = {game_of(m).id for m in missions}
    return games.pop() if len(games) == 1 else None


def pack_parts(missions: list[Mission], catalogue: Catalogue | None = None) -> PackParts:
    """What the parts page prints. Kill Team missions alone count in
    killzone kits, as each mission's parts check does; a pack that mixes
    the games counts every mission in terrain sets (a kit is part of a set,
    and one table plays them all)."""
    cat = catalogue or default_catalogue()
    per = tuple(parts_list(m, cat) for m in missions)
    if missions and pack_game(missions) is not None:
        unit = per_set(missions[0], cat)
    else:
        unit = {code: kind.per_set for code, kind in cat.pieces.items()}

    def sets_for(counts: dict[str, int]) -> int:
        need = 1
        for code, n in counts.items():
            if unit.get(code):
                need = max(need, math.ceil(n / unit[code]))
        return need

    most: dict[str, int] = {}
    for code in cat.pieces:
        n = max((p.get(code, 0) for p in per), default=0)
        if n:
            most[code] = n
    return PackParts(per_mission=per, sets=tuple(sets_for(p) for p in per),
                     boards=tuple(len(m.boards) for m in missions), most=most, pack_sets=sets_for(most),
                     pack_boards=max((len(m.boards) for m in missions), default=0), per_set=unit)


# ----------------------------------------------------------------------------
# The pages
# ----------------------------------------------------------------------------
def _language(language: str | None) -> str:
    code = (language or "en").strip().lower()
    if code not in LANGUAGES:
        raise PackError(f"unknown language {language!r}: use {' or '.join(LANGUAGES)}")
    return code


def pack_pages(missions: list[Mission], title: str | None = None, organiser: str | None = None,
               paper: str = "a4", language: str = "en", sources: list[str | None] | None = None,
               catalogue: Catalogue | None = None) -> list[Page]:
    from .card import card_pages
    from .setup_sheet import setup_pages

    cat = catalogue or default_catalogue()
    if not missions:
        raise PackError("a mission pack needs at least one mission")
    too_many(len(missions))
    t = words(_language(language), pack_game(missions))
    sources = list(sources) if sources is not None else [None] * len(missions)
    title = clean(title or "").strip() or t("Mission pack")
    organiser = clean(organiser or "").strip()
    for n, m in enumerate(missions):
        if not m.boards:
            where = sources[n] or m.title
            raise PackError(f"{where}: the mission has no boards to print")
    try:
        W, H = paper_size(paper)
        # Each mission's pages, without footers (the booklet numbers its own).
        blocks = []
        for m, src in zip(missions, sources):
            card = card_pages(m, paper, src, catalogue=cat, footer=False)
            setup = setup_pages(m, paper, src, catalogue=cat, footer=False)
            blocks.append((card, setup))
        parts = pack_parts(missions, cat)
        parts_pages = _parts_pages(missions, parts, title, W, H, t, cat)
        contents_rows = len(missions) + 1
        per_contents_page = _contents_rows_per_page(H)
        n_contents = max(1, math.ceil(contents_rows / per_contents_page))

        pages: list[Page] = [None] * (1 + n_contents)  # the cover and contents, made below
        parts_at = len(pages) + 1
        pages += parts_pages
        starts = []  # (card page, setup page), numbered from 1
        owners: dict[int, str] = {}  # page index -> the mission title its footer names
        for (card, setup), m in zip(blocks, missions):
            if len(pages) % 2 == 1:  # the next page would be even: a blank page first
                pages.append(_blank_page(W, H, title, t))
            card_at = len(pages) + 1
            for p in card + setup:
                owners[len(pages)] = m.title
                pages.append(p)
            starts.append((card_at, card_at + len(card)))
        pages[0] = _cover(W, H, title, organiser, missions, t)
        contents = _contents_pages(W, H, title, missions, starts, parts_at, n_contents, per_contents_page, t)
        pages[1:1 + n_contents] = contents
        _footers(pages, title, owners, t)
        return pages
    except (PaperError, FontError) as e:
        raise PackError(str(e)) from None
    except KeyError as e:
        raise PackError(f"a mission names something the terrain catalogue does not have: {e}") from None


def _cover(W: float, H: float, title: str, organiser: str, missions: list[Mission], t) -> Page:
    page = Page(W, H)
    band_h = H * 0.42
    page.rect(0, 0, W, band_h, fill=BAND)
    page.rect(0, band_h, W, 4, fill=ACCENT)
    # The game's name over the title; a pack that mixes the games names none.
    kind = t("BOARDING ACTIONS · MISSION PACK") if pack_game(missions) is not None else t("MISSION PACK")
    page.text(MARGIN * 2, band_h * 0.38, kind, 11, bold=True, colour=ACCENT)
    # The title on up to three lines, as large as fits.
    from .flow import wrap
    size = 34.0
    while size > 14:
        lines = wrap(title, size, W - 4 * MARGIN, bold=True)
        if len(lines) <= 3:
            break
        size -= 2
    lines = wrap(title, size, W - 4 * MARGIN, bold=True)[:3]
    y = band_h * 0.38 + 14 + size
    for line in lines:
        page.text(MARGIN * 2, y, line, size, bold=True, colour="#ffffff")
        y += size * 1.15
    if organiser:
        o, osize = fit_text(organiser, 14, W - 4 * MARGIN, min_size=8)
        page.text(MARGIN * 2, band_h - 22, o, osize, colour="#d8dee4")
    y = band_h + 40
    n = len(missions)
    page.text(MARGIN * 2, y, t("1 mission") if n == 1 else t("{n} missions", n=n), 14, bold=True, colour=BAND)
    y += 24
    for k, m in enumerate(missions, 1):
        if y > H - CONTENT_BOTTOM - 40:
            page.text(MARGIN * 2, y, "…", 11, colour=MUTED)
            break
        line, lsize = fit_text(f"{k}.  {clean(m.title) or t('Untitled mission')}", 12, W - 4 * MARGIN, min_size=7)
        page.text(MARGIN * 2, y, line, lsize, colour=INK)
        y += 18
    return page


def _contents_rows_per_page(H: float) -> int:
    top = 37.5 + 10 + 30
    return max(1, int((H - CONTENT_BOTTOM - top) // (ROW * 2.3)))


def _contents_pages(W, H, title, missions, starts, parts_at, n_pages, per_page, t) -> list[Page]:
    rows = [(t("Parts for the pack"), t("Sets and boards for every mission and for the pack"), parts_at, None)]
    for k, (m, (card, setup)) in enumerate(zip(missions, starts), 1):
        info = []
        if m.author:
            info.append(t("by {author}", author=clean(m.author)))
        if m.language:
            info.append(t("language: {code}", code=clean(m.language)))
        rows.append((f"{k}. {clean(m.title) or t('Untitled mission')}", " · ".join(info), card, setup))
    pages = []
    right = W - MARGIN
    for n in range(n_pages):
        page = Page(W, H)
        y = small_header(page, title, t("Contents"))
        page.text(MARGIN, y + 14, t("Contents"), 16, bold=True, colour=BAND)
        page.text(right - 70, y + 14, t("Card"), SIZE, bold=True, colour=MUTED, anchor="end")
        page.text(right, y + 14, t("Setup sheet"), SIZE, bold=True, colour=MUTED, anchor="end")
        y += 30
        for name, info, card, setup in rows[n * per_page:(n + 1) * per_page]:
            y += ROW
            room = right - 140 - MARGIN
            line, size = fit_text(name, 10.5, room, bold=True, min_size=7)
            page.text(MARGIN, y, line, size, bold=True, colour=INK)
            page.text(right - 70, y, str(card), 10.5, bold=True, colour=INK, anchor="end")
            if setup is not None:
                page.text(right, y, str(setup), 10.5, bold=True, colour=INK, anchor="end")
            # dot leaders from the name to the numbers
            x0 = MARGIN + text_width(line, size, True) + 6
            if x0 < right - 100:
                page.line([(x0, y), (right - 100, y)], stroke="#b8b8b8", width=0.6, dash=(0.6, 2.4))
            if info:
                i, isize = fit_text(info, SIZE, room, min_size=6)
                page.text(MARGIN + 12, y + ROW, i, isize, colour=MUTED)
            y += ROW * 1.3
        pages.append(page)
    return pages


def _blank_page(W, H, title, t) -> Page:
    page = Page(W, H)
    small_header(page, title, "")
    page.text(W / 2, H / 2, t("This page is left blank: the next card starts on a new sheet."), 9,
              colour=MUTED, anchor="middle")
    return page


def _parts_pages(missions, parts: PackParts, title: str, W: float, H: float, t, cat) -> list[Page]:
    pages: list[Page] = []
    inner = W - 2 * MARGIN
    bottom = H - CONTENT_BOTTOM

    def frames():
        while True:
            page = Page(W, H)
            pages.append(page)
            y = small_header(page, title, t("Parts for the pack"))
            yield Frame(page, MARGIN, y, inner, bottom - y)

    gen = frames()
    flow = Flow(lambda: next(gen))

    def heading(text, size=12.0):
        flow.add([Para(text, size=size, bold=True, colour=BAND, space_before=6, space_after=4,
                       keep_with_next=True)])

    def row(cells, edges, bold=False, shade=None, colour=INK, anchors=None):
        """A table row; `edges` are the columns' left edges and the last one's right edge."""
        def draw(page, x, y, w):
            if shade:
                page.rect(x, y, w, ROW, fill=shade)
            for n, text in enumerate(cells):
                anchor = anchors[n] if anchors else "start"
                room = edges[n + 1] - edges[n] - 6
                s, size = fit_text(text, SIZE, room, bold=bold or n == 0, min_size=5.5)
                px = x + edges[n] + 3 if anchor == "start" else x + edges[n] + room + 3
                page.text(px, y + 9.3, s, size, bold=bold or n == 0, colour=colour, anchor=anchor)
        return draw

    heading(t("Parts for the pack"), 16)
    flow.add([Para(t("PACK_PARTS_NOTE"), size=SIZE, colour=MUTED, space_after=6)])

    # -- each mission ------------------------------------------------------------------
    heading(t("The missions"))
    cols = [0, 24, inner - 130, inner - 60, inner]
    right = ["start", "start", "end", "end"]
    flow.block(ROW, row(["#", t("Mission"), t("Boards"), t("Sets")], cols, bold=True,
                        shade=mix(BAND, 0.12), anchors=right))
    for k, m in enumerate(missions):
        flow.block(ROW, row([str(k + 1), clean(m.title) or t("Untitled mission"), str(parts.boards[k]),
                             str(parts.sets[k])], cols, shade="#f3f3f3" if k % 2 else None, anchors=right))

    # -- pieces per mission, and the most of each --------------------------------------
    heading(t("Pieces"))
    codes = [c for c in cat.pieces]
    groups = [list(range(i, min(i + COLUMNS_PER_TABLE, len(missions))))
              for i in range(0, len(missions), COLUMNS_PER_TABLE)]
    for g, group in enumerate(groups):
        last = g == len(groups) - 1
        numbers = len(group) + (2 if last else 0)
        step = min(54.0, (inner - 44 - 150.0) / max(numbers, 1))
        name_w = inner - 44 - step * numbers
        cols = [0, 44] + [44 + name_w + step * i for i in range(numbers + 1)]
        head = [t("Code"), t("Piece")] + [f"#{k + 1}" for k in group]
        if last:
            head += [t("Most"), t("In {n} sets", n=parts.pack_sets) if parts.pack_sets != 1 else t("In 1 set")]
        anchors = ["start", "start"] + ["end"] * numbers
        flow.ensure(ROW * 3)
        flow.block(ROW, row(head, cols, bold=True, shade=mix(BAND, 0.12), anchors=anchors))
        for n, code in enumerate(codes):
            kind = cat.pieces[code]
            label = kind.label if kind.label != code else code
            cells = [label, t(clean(kind.name))] + [str(parts.per_mission[k].get(code, 0)) for k in group]
            used = parts.most.get(code, 0)
            if last:
                cells += [str(used), str(parts.per_set.get(code, kind.per_set) * parts.pack_sets)]
            flow.block(ROW, row(cells, cols, shade="#f3f3f3" if n % 2 else None,
                                colour=INK if used else MUTED, anchors=anchors))
        flow.add([Para("", size=4, space_after=4)])

    sets_text = t("1 terrain set") if parts.pack_sets == 1 else t("{n} terrain sets", n=parts.pack_sets)
    boards_text = t("1 board") if parts.pack_boards == 1 else t("{n} boards", n=parts.pack_boards)
    flow.add([Para(t("To play these missions one after another on one table: {sets} and {boards}.",
                     sets=sets_text, boards=boards_text), size=SIZE + 2, bold=True, colour=INK,
                   space_before=6)])
    return pages


def _footers(pages: list[Page], title: str, owners: dict[int, str], t) -> None:
    """The booklet's page numbers, on every page but the cover."""
    from .. import __version__

    n = len(pages)
    for k, page in enumerate(pages):
        if k == 0:
            continue
        y = page.height - FOOTER_BASE
        page.line([(MARGIN, y - 8.5), (page.width - MARGIN, y - 8.5)], stroke="#cccccc", width=0.4)
        right = t("Boarding Actions layout editor {version} · page {page} of {pages}", version=__version__,
                  page=k + 1, pages=n)
        left = title if k not in owners else f"{title} · {clean(owners[k])}"
        left, size = fit_text(left, 6.5, page.width - 2 * MARGIN - text_width(right, 6.5) - 20, min_size=5)
        page.text(MARGIN, y, left, size, colour=MUTED)
        page.text(page.width - MARGIN, y, right, 6.5, colour=MUTED, anchor="end")


def pack_pdf(missions: list[Mission], title: str | None = None, organiser: str | None = None,
             paper: str = "a4", language: str = "en", sources: list[str | None] | None = None) -> bytes:
    from .drawing import pdf_bytes

    pages = pack_pages(missions, title, organiser, paper, language, sources)
    t = words(_language(language), pack_game(missions) if missions else None)
    try:
        return pdf_bytes(pages, title=clean(title or "").strip() or t("Mission pack"), author=organiser or "",
                         subject=t("Boarding Actions mission pack"))
    except FontError as e:
        raise PackError(str(e)) from None


def export_pack(missions: list[Mission], out_path, title: str | None = None, organiser: str | None = None,
                paper: str = "a4", language: str = "en", sources: list[str | None] | None = None):
    """Write the booklet; an ExportError (export/__init__.py) when it cannot be made."""
    from . import ExportError, _may_write, write_bytes

    inputs = list(sources or ())
    _may_write(out_path, inputs)  # never over one of the missions: refused before any work
    try:
        data = pack_pdf(missions, title, organiser, paper, language, sources)
    except PackError as e:
        raise ExportError(str(e)) from None
    return write_bytes(data, out_path, inputs)


__all__ = ["MAX_MISSIONS", "too_many", "PackError", "PackParts", "pack_parts", "pack_pages", "pack_pdf", "export_pack"]
