"""Tabletop sheets: the layout at true size (1 table millimetre = 1 printed
millimetre), tiled over A4 or Letter pages with an overlap, cut marks,
alignment targets and page labels, so it can be printed, trimmed and laid
beside (or under) the boards.

The sheets are only true to size when printed at 100 %: every page says so
and carries a 50 mm check bar to measure.
"""
from __future__ import annotations

import math

from shapely.geometry import box

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import placements
from ..model.mission import Mission
from .common import BAND, INK, MUTED, as_printed, fit_text, footers, paper_size
from .drawing import MM, Page, op_bounds, place_ops
from .fonts import clean
from .mapdraw import MapView, draw_map, table_bounds
from .words import mission_words

SIDE = 8 * MM      # page margin left, right and top: inside what printers can print
FOOT = 25 * MM     # the bottom margin holds the labels
OVERLAP = 10 * MM  # neighbouring sheets share this much of the table
MARK = "#555555"


def tiles(mission: Mission, paper: str, catalogue: Catalogue | None = None):
    """(page size, content size in mm, [(row, col, x_mm, y_mm)]): the tiling
    with fewer pages of portrait and landscape."""
    cat = catalogue or default_catalogue()
    x0, y0, x1, y1 = table_bounds(mission, cat)
    boards = [box(*p.bounds) for p in placements(mission, cat).values()]
    best = None
    for landscape in (False, True):
        W, H = paper_size(paper, landscape)
        cw, ch = (W - 2 * SIDE) / MM, (H - SIDE - FOOT) / MM
        ov = OVERLAP / MM
        nx = max(1, math.ceil((x1 - x0 - ov) / (cw - ov)))
        ny = max(1, math.ceil((y1 - y0 - ov) / (ch - ov)))
        # Centre the tiling on the table so the spare paper is shared out.
        sx = x0 - ((nx * (cw - ov) + ov) - (x1 - x0)) / 2
        sy = y0 - ((ny * (ch - ov) + ov) - (y1 - y0)) / 2
        # Only the sheets that show a board (boards laid far apart leave
        # empty tiles between them, and these are never printed); found board
        # by board, so a far-flung board costs its own sheets, not the gap's.
        step_x, step_y = cw - ov, ch - ov
        wanted = set()
        for b in boards or [box(x0, y0, x1, y1)]:
            bx0, by0, bx1, by1 = b.bounds
            for r in range(max(0, int((by0 - sy - ch) // step_y)), min(ny, int((by1 - sy) // step_y) + 1)):
                for c in range(max(0, int((bx0 - sx - cw) // step_x)), min(nx, int((bx1 - sx) // step_x) + 1)):
                    tx, ty = sx + c * step_x, sy + r * step_y
                    if box(tx, ty, tx + cw, ty + ch).intersects(b):
                        wanted.add((r, c))
        out = [(r, c, sx + c * step_x, sy + r * step_y) for r, c in sorted(wanted)]
        if best is None or len(out) < len(best[2]):
            best = ((W, H), (cw, ch), out, (nx, ny))
    return best


def _cut_marks(page: Page, x: float, y: float, w: float, h: float) -> None:
    L, gap = 5 * MM, 1.2 * MM
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            page.line([(cx + sx * gap, cy), (cx + sx * (gap + L), cy)], stroke=INK, width=0.4)
            page.line([(cx, cy + sy * gap), (cx, cy + sy * (gap + L))], stroke=INK, width=0.4)


def _target(page: Page, x: float, y: float) -> None:
    r = 3.2 * MM
    page.circle(x, y, r, stroke=MARK, width=0.5)
    page.line([(x - r * 1.6, y), (x + r * 1.6, y)], stroke=MARK, width=0.4)
    page.line([(x, y - r * 1.6), (x, y + r * 1.6)], stroke=MARK, width=0.4)


def tabletop_pages(mission: Mission, paper: str = "a4", source: str | None = None,
                   catalogue: Catalogue | None = None) -> list[Page]:
    cat = catalogue or default_catalogue()
    mission = as_printed(mission)
    t = mission_words(mission)
    (W, H), (cw, ch), layout, (nx, ny) = tiles(mission, paper, cat)
    ov = OVERLAP / MM
    pages = []
    # Alignment targets: table points in the middle of each overlap strip
    # two printed sheets share, so each shows on both.
    at = {(r, c): (x, y) for r, c, x, y in layout}
    targets = []
    for (r, c), (x, y) in at.items():
        if (r, c + 1) in at:
            targets += [(x + cw - ov / 2, y + ch * 0.25), (x + cw - ov / 2, y + ch * 0.75)]
        if (r + 1, c) in at:
            targets += [(x + cw * 0.25, y + ch - ov / 2), (x + cw * 0.75, y + ch - ov / 2)]
    xs = [x for x, _y in at.values()]
    ys = [y for _x, y in at.values()]

    # The whole table is drawn once at true size; each sheet takes the part it shows.
    bx0, by0 = min(xs), min(ys)
    table = Page(0, 0)
    base = MapView(bx0, by0, 0.0, 0.0, MM)
    draw_map(table, mission, base, cat, label_max=14.0)
    for x, y in targets:
        _target(table, *base.pt(x, y))
    boxes = [op_bounds(op) for op in table.ops]
    for n, (r, c, tx, ty) in enumerate(layout):
        page = Page(W, H)
        pages.append(page)
        ox, oy = (tx - bx0) * MM, (ty - by0) * MM
        page.clip(SIDE, SIDE, cw * MM, ch * MM)
        place_ops(page, table.ops, SIDE - ox, SIDE - oy, window=(ox, oy, ox + cw * MM, oy + ch * MM), bounds=boxes)
        # The overlap strips, dashed: lay the next sheet over them up to the line.
        dash = (4, 3)
        if (r, c + 1) in at:
            xo = SIDE + (cw - ov) * MM
            page.line([(xo, SIDE), (xo, SIDE + ch * MM)], stroke=MARK, width=0.5, dash=dash)
        if (r + 1, c) in at:
            yo = SIDE + (ch - ov) * MM
            page.line([(SIDE, yo), (SIDE + cw * MM, yo)], stroke=MARK, width=0.5, dash=dash)
        page.end_clip()
        _cut_marks(page, SIDE, SIDE, cw * MM, ch * MM)

        # Labels below the printed area.
        ly = SIDE + ch * MM + 19
        page.text(SIDE, ly, t("Row {r}, column {c}", r=r + 1, c=c + 1), 12, bold=True, colour=BAND)
        page.text(SIDE, ly + 10, t("{title} · tabletop sheet {n} of {count}", title=clean(mission.title)[:60],
                                   n=n + 1, count=len(layout)), 7, colour=MUTED)
        note, size = fit_text(t("PRINT_NOTE"), 6.5, W - 2 * SIDE, min_size=5.5)
        page.text(SIDE, ly + 19, note, size, colour=INK)
        # A 50 mm bar to check the print scale with a ruler.
        bx = W - SIDE - 50 * MM
        page.rect(bx, ly - 9, 50 * MM, 3.2, fill=INK)
        for k in range(6):
            page.line([(bx + k * 10 * MM, ly - 11), (bx + k * 10 * MM, ly - 9)], stroke=INK, width=0.4)
        page.text(bx + 25 * MM, ly + 1, t("this bar must measure 50 mm"), 6.5, colour=INK, anchor="middle")
        # Where this sheet lies among the others.
        # The index stays within 45 mm across and clear of the note below it.
        cell = min(2.4 * MM, 45 * MM / nx, 22.0 / ny)
        ix = bx - 10 - nx * cell
        iy = ly - 10
        for rr, cc, _x, _y in layout:
            page.rect(ix + cc * cell, iy + rr * cell, cell, cell,
                      fill=BAND if (rr, cc) == (r, c) else "#ffffff", stroke=MARK, width=0.4)
    footers(pages, source, t)
    return pages
