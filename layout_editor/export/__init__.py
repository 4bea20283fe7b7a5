"""Printing a mission: the mission card, the setup sheet, true-size tabletop
sheets, poker-size cards (PDF, reportlab), the map alone as SVG or PNG, the
map for virtual tabletops (uvtt.py), the mission as one web page for phones
(html_page.py), several missions as one booklet (pack.py), and the card's QR
code (qr.py; the share code it holds is file IO, in io/share_code.py).
Everything is drawn from the mission model,
never from the screen; no Qt here.

    export_file(mission, out_path, layout="card", paper="a4", source=None)
    build_pages(mission, layout, paper, source) -> list[Page]   (the preview)
"""
from __future__ import annotations

from pathlib import Path

from ..model.mission import Mission
from ..phrases import QT_TR_NOOP
from .drawing import Page, pdf_bytes, png_bytes, render_image, svg_text  # noqa: F401
from .words import mission_words

PDF_LAYOUTS = ("card", "setup", "tabletop", "cards", "designer")
LAYOUTS = PDF_LAYOUTS + ("map-svg", "map-png", "uvtt", "html")
# Marked for lupdate: the editor's Export dialog offers them in its
# language, and a printed page names itself with them (export/words.py).
LAYOUT_NAMES = {
    "card": QT_TR_NOOP("Mission card"),
    "setup": QT_TR_NOOP("Setup sheet"),
    "tabletop": QT_TR_NOOP("Tabletop sheets (true size)"),
    "cards": QT_TR_NOOP("Cards (63 x 88 mm)"),
    "designer": QT_TR_NOOP("Designer's page (balance, hatchways, sight, first turn)"),
    "map-svg": QT_TR_NOOP("Map (SVG)"),
    "map-png": QT_TR_NOOP("Map (PNG)"),
    "uvtt": QT_TR_NOOP("Virtual tabletop (Universal VTT)"),
    "html": QT_TR_NOOP("Mission page (HTML)"),
}
EXTENSIONS = {"card": ".pdf", "setup": ".pdf", "tabletop": ".pdf", "cards": ".pdf", "designer": ".pdf",
              "map-svg": ".svg", "map-png": ".png", "uvtt": ".dd2vtt", "html": ".html"}
PAPERS = ("a4", "letter")


class ExportError(Exception):
    """An export cannot be made: a message for the user, never a traceback."""


def build_pages(mission: Mission, layout: str = "card", paper: str = "a4", source: str | None = None,
                share: str | None | bool = None) -> list[Page]:
    """The pages of a layout as display lists (what export_file writes and
    the editor previews). Map layouts (and the virtual tabletop map and the
    mission page, whose files are not pages) give one page, the map itself."""
    from .card import card_pages
    from .cards import cards_pages
    from .common import PaperError
    from .fonts import FontError
    from .mapimage import map_page
    from .setup_sheet import setup_pages
    from .tabletop import tabletop_pages

    if layout not in LAYOUTS:
        raise ExportError(f"unknown layout {layout!r}: use one of {', '.join(LAYOUTS)}")
    if str(paper).lower() not in PAPERS:
        raise ExportError(f"unknown paper {paper!r}: use a4 or letter")
    if not mission.boards:
        raise ExportError("the mission has no boards to print")
    paper = str(paper).lower()
    _within_budget(mission, layout)
    try:
        if layout == "card":
            return card_pages(mission, paper, source, share=share)
        if layout == "setup":
            return setup_pages(mission, paper, source)
        if layout == "tabletop":
            return tabletop_pages(mission, paper, source)
        if layout == "cards":
            return cards_pages(mission, paper, source)
        if layout == "designer":
            from .designer_page import designer_pages
            return designer_pages(mission, paper, source)
        return [map_page(mission)]
    except (PaperError, FontError) as e:
        raise ExportError(str(e)) from None
    except KeyError as e:
        # A board kind or piece code the catalogue does not know: files that
        # load never have one, missions built in code might.
        raise ExportError(f"the mission names something the terrain catalogue does not have: {e}") from None


# Work budgets of the layouts whose work grows as a product of the file's
# counts (every count within the reader's limits can still multiply to
# minutes): the designer's page runs the whole rules core over the table, the
# cards draw the table once per objective and region. A real table stands
# far inside them (eight boards' sets are 544 pieces; the library's largest
# mission draws a few thousand pieces on its cards). Beyond, the export
# refuses in one line rather than run for minutes (issue 25).
MAX_DESIGNER_PIECES = 1000
MAX_CARD_PIECE_DRAWS = 100_000


def _within_budget(mission: Mission, layout: str) -> None:
    pieces = len(mission.pieces)
    if layout == "designer" and pieces > MAX_DESIGNER_PIECES:
        raise ExportError(f"the designer's page analyses tables of up to {MAX_DESIGNER_PIECES:,} pieces; "
                          f"this one has {pieces:,}")
    maps = len(mission.objectives) + len(mission.regions)
    if layout == "cards" and maps * pieces > MAX_CARD_PIECE_DRAWS:
        raise ExportError(f"the cards would draw the table's {pieces:,} pieces on {maps:,} maps, more than the "
                          f"{MAX_CARD_PIECE_DRAWS:,} piece drawings the cards allow")


def render(mission: Mission, layout: str = "card", paper: str = "a4", source: str | None = None,
           pages: list[Page] | None = None) -> bytes:
    """The bytes of an export (PDF, SVG, PNG, dd2vtt JSON or HTML)."""
    from .fonts import FontError

    pages = pages if pages is not None else build_pages(mission, layout, paper, source)
    try:
        return _encode(mission, layout, pages, source)
    except FontError as e:
        raise ExportError(str(e)) from None


def _encode(mission: Mission, layout: str, pages: list[Page], source: str | None = None) -> bytes:
    if layout == "map-svg":
        return svg_text(pages[0], title=mission.title).encode("utf-8")
    if layout == "uvtt":
        from .uvtt import MapTooLarge, uvtt_bytes
        try:
            return uvtt_bytes(mission)
        except MapTooLarge as e:
            raise ExportError(str(e)) from None
    if layout == "html":
        from .html_page import html_bytes
        return html_bytes(mission, source=source)
    if layout == "map-png":
        # 200 dpi, but no side over 4000 pixels (forums refuse bigger images).
        page = pages[0]
        return png_bytes(page, dpi=min(200.0, 4000 * 72.0 / max(page.width, page.height)))
    t = mission_words(mission)
    return pdf_bytes(pages, title=mission.title, author=mission.author or "",
                     subject=t("Boarding Actions mission: {layout}", layout=t(LAYOUT_NAMES[layout])))


def export_file(mission: Mission, out_path, layout: str = "card", paper: str = "a4",
                source: str | None = None, inputs=()) -> Path:
    """Write one export by io.disk.write_file's rules (atomic; never over the
    mission's own file `source` or another of `inputs`, a read-only file, or
    through a link out of its folder). Where it may go is checked before the
    export is made: a refusal costs no work."""
    inputs = [source, *inputs]
    _may_write(out_path, inputs)
    return write_bytes(render(mission, layout, paper, source), out_path, inputs)


def _may_write(out_path, inputs) -> None:
    from ..io.disk import WriteRefused, target_of

    try:
        target_of(out_path, inputs)
    except WriteRefused as e:
        raise ExportError(f"{out_path}: {e.strerror}") from None


def write_bytes(data: bytes, out_path, inputs=()) -> Path:
    """Write an export's bytes (io.disk.write_file); ExportError when it
    cannot be written."""
    from ..io.disk import write_file

    out = Path(out_path)
    try:
        write_file(data, out, inputs)
    except OSError as e:
        raise ExportError(f"{out}: {e.strerror or e}") from None
    return out


__all__ = ["ExportError", "export_file", "build_pages", "render", "LAYOUTS", "LAYOUT_NAMES", "EXTENSIONS",
           "PAPERS", "Page"]
