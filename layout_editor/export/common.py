"""What every printed page shares: paper sizes, the header band, the footer
(file name, program version, page n of N), and the mission's texts as
paragraphs."""
from __future__ import annotations

import os

from reportlab.lib.pagesizes import A4, letter

from .. import __version__, games
from ..catalogue import Catalogue
from ..model.lattice import Placement, cell_name, placements
from ..model.mission import Mission
from ..model.parts import sets_needed
from .drawing import MM, Page
from .flow import Para
from .fonts import clean, isolate, text_width, truncate
from .words import Words, mission_words, words

PAPERS = {"a4": A4, "letter": letter}
MARGIN = 10 * MM
# Many printers leave 6.35 mm (a quarter inch) unprinted at every edge: no
# word is printed nearer than this to the paper's edge.
EDGE = 6.5 * MM
# The footer's baseline, and the lowest a page's content may reach above it.
FOOTER_BASE = 7.8 * MM
CONTENT_BOTTOM = FOOTER_BASE + 12.0
INK = "#1a1a1a"
BAND = "#1f2d3a"
ACCENT = "#f0b400"
MUTED = "#5a5a5a"


class PaperError(ValueError):
    pass


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    try:
        w, h = PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise PaperError(f"unknown paper {paper!r}: use a4 or letter") from None
    return (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))


def fit_text(text: str, size: float, width: float, bold: bool = False, min_size: float = 5.0) -> tuple[str, float]:
    """Shrink a one-line text to fit, down to min_size, then cut it with an
    ellipsis."""
    text = clean(text)
    full = text_width(text, size, bold)
    if full > width:
        # Widths scale with the size: shrink in one step, not by trial.
        size = max(min_size, int(size * width / full * 2) / 2)
    return truncate(text, size, width, bold), size


def header_band(page: Page, title: str, subtitle: str, kind: str, height: float = 44.0) -> float:
    """The dark title band across the top; returns the y below it."""
    W = page.width
    page.rect(0, 0, W, height + MARGIN * 0.6, fill=BAND)
    page.rect(0, height + MARGIN * 0.6, W, 2.2, fill=ACCENT)
    kind_w = text_width(kind, 8, True) + 4
    t, size = fit_text(title or "Untitled mission", 21, W - 2 * MARGIN - kind_w - 10, bold=True, min_size=11)
    page.text(MARGIN, MARGIN * 0.6 + 22, t, size, bold=True, colour="#ffffff")
    page.text(W - MARGIN, MARGIN * 0.6 + 12, kind.upper(), 8, bold=True, colour=ACCENT, anchor="end")
    if subtitle:
        s, ssize = fit_text(subtitle, 9, W - 2 * MARGIN, min_size=6)
        page.text(MARGIN, MARGIN * 0.6 + 37, s, ssize, colour="#d8dee4")
    return height + MARGIN * 0.6 + 2.2 + 8


def small_header(page: Page, title: str, kind: str) -> float:
    """The narrow band of a continued page; its words keep the 6.5 mm every
    printer can print (EDGE)."""
    W = page.width
    page.rect(0, 0, W, 36, fill=BAND)
    page.rect(0, 36, W, 1.5, fill=ACCENT)
    room = W - 2 * MARGIN - text_width(kind.upper(), 7.5, True) - 16
    t, size = fit_text(title or "Untitled mission", 11, room, bold=True, min_size=7)
    page.text(MARGIN, 27.5, t, size, bold=True, colour="#ffffff")
    page.text(W - MARGIN, 27, kind.upper(), 7.5, bold=True, colour=ACCENT, anchor="end")
    return 37.5 + 10


def footers(pages: list[Page], source: str | None, t: Words | None = None) -> None:
    """File name left, program version and page number right, on every page."""
    t = t or words(None)
    name = os.path.basename(str(source)) if source else t("unsaved mission")
    n = len(pages)
    for k, page in enumerate(pages, 1):
        y = page.height - FOOTER_BASE
        page.line([(MARGIN, y - 8.5), (page.width - MARGIN, y - 8.5)], stroke="#cccccc", width=0.4)
        right = t("Boarding Actions layout editor {version} · page {page} of {pages}", version=__version__,
                  page=k, pages=n)
        left, size = fit_text(name, 6.5, page.width - 2 * MARGIN - text_width(right, 6.5) - 20, min_size=5)
        page.text(MARGIN, y, left, size, colour=MUTED)
        page.text(page.width - MARGIN, y, right, 6.5, colour=MUTED, anchor="end")


def subtitle(mission: Mission, catalogue: Catalogue | None = None) -> str:
    t = mission_words(mission)
    parts = []
    if mission.author:
        # isolated: a right-to-left name must not carry the numbers after it
        parts.append(t("by {author}", author=isolate(clean(mission.author))))
    parts.append(t("{n} players", n=mission.players))
    need = max(mission.sets, sets_needed(mission, catalogue))
    parts.append(t("1 terrain set") if need == 1 else t("{n} terrain sets", n=need))
    text = mission.mission
    # Each game's own facts: a file may keep the other game's (a finding
    # says so), but its card shows its own game's only.
    if is_kill_team(mission):
        parts.append(t("{n} turning points", n=text.turning_points or games.game_of(mission).turns_default))
    else:
        if text.battle_rounds:
            parts.append(t("{n} battle rounds", n=text.battle_rounds))
        if text.points:
            parts.append(t("{n} points", n=text.points))
    n = len(mission.boards)
    parts.append(t("1 board") if n == 1 else t("{n} boards", n=n))
    return " · ".join(parts)


def where(mission: Mission, x: float, y: float, places: dict[str, Placement] | None = None) -> str:
    """A table point as players call it: 'board A, zone D3'."""
    t = mission_words(mission)
    places = places or placements(mission)
    on = [b for b in mission.boards if places[b.id].contains(x, y)]
    if len(on) > 1:
        return t("on the seam of boards {boards}", boards=t(" and ").join(b.id for b in on))
    for b in on:
        p = places[b.id]
        cell = p.cell_at(x, y)
        if cell:
            return t("board {board}, zone {zone}", board=b.id, zone=cell_name(cell))
        # In the border: name the zone beside it.
        u, v = p.to_local(x, y)
        zx, zy = p.kind.zones
        i = min(max(int((u - p.kind.border) // p.kind.pitch), 0), zx - 1)
        j = min(max(int((v - p.kind.border) // p.kind.pitch), 0), zy - 1)
        return t("board {board}, border beside zone {zone}", board=b.id, zone=cell_name((i, j)))
    return t("off the boards")


def cells_text(cells) -> str:
    """Zone names, runs down a column shortened: 'A1–A6, B2'."""
    cells = sorted({(int(c[0]), int(c[1])) for c in cells})
    out, n = [], 0
    while n < len(cells):
        m = n
        while m + 1 < len(cells) and cells[m + 1] == (cells[m][0], cells[m][1] + 1):
            m += 1
        if m - n >= 2:
            out.append(f"{cell_name(cells[n])}–{cell_name(cells[m])}")
        else:
            out.extend(cell_name(c) for c in cells[n:m + 1])
        n = m + 1
    return ", ".join(out)


def is_kill_team(mission: Mission) -> bool:
    """Is the mission a Kill Team killzone (its pages speak that game)?"""
    return games.is_kill_team(mission)


def fmt_in(value: float, t: Words | None = None) -> str:
    return (t.number(value) if t is not None else f"{value:g}") + '"'


def mission_paras(mission: Mission, size: float = 8.4, headings: bool = True) -> list[Para]:
    """The card's texts in reading order: the mission's texts, then where
    everything is."""
    return text_paras(mission, size) + setup_paras(mission, size)


def _heading(out: list[Para], text: str, size: float) -> None:
    out.append(Para(text, size=size * 1.3, bold=True, space_before=size * 0.6, space_after=size * 0.35,
                    keep_with_next=True, colour=BAND))


def text_paras(mission: Mission, size: float = 8.4) -> list[Para]:
    """The mission's own texts: briefing, rules, victory, the battle's facts."""
    from .fonts import clean_block

    word = mission_words(mission)
    out: list[Para] = []

    def heading(text: str):
        _heading(out, text, size)

    def body(text: str | None):
        for para in clean_block(text):
            out.append(Para(para, size=size, space_after=size * 0.45))

    t = mission.mission
    if t.briefing:
        heading(word("Briefing"))
        body(t.briefing)
    for s in t.sections:
        heading(clean(s.title) or word("Rules"))
        body(s.text)
    kill_team = is_kill_team(mission)
    if kill_team and t.ops:
        heading(word("Ops"))
        for op in t.ops:
            name = clean(op.name) or word("Op")
            lead = f"{name} ({word('up to {vp} VP', vp=op.vp)}): " if op.vp is not None else f"{name}: "
            paras = clean_block(op.text) or [""]
            for n, para in enumerate(paras):
                out.append(Para(para, size=size, lead=lead if n == 0 else None, space_after=size * 0.45))
    if kill_team and t.structure:
        # The edition's mission structure, as the op's own sections (mission: structure).
        heading(word("The ops of the battle"))
        for part in t.structure:
            lead, text = KT_STRUCTURE.get(part, (None, None))
            if lead:
                out.append(Para(word(text), size=size, lead=word(lead), space_after=size * 0.45))
        out.append(Para(word("KT_PRIMARY_OP"), size=size, lead=word("Primary op: "), space_after=size * 0.45))
    if t.victory:
        heading(word("Victory conditions"))
        body(t.victory)
    if kill_team:
        # What a player needs at the table on this killzone, in its words.
        heading(word("Close quarters rules"))
        for lead, text in KT_CLOSE_QUARTERS:
            out.append(Para(word(text), size=size, lead=word(lead), space_after=size * 0.45))
    facts = []
    if kill_team:
        facts.append((word("Turning points: "), str(t.turning_points or games.game_of(mission).turns_default)))
        facts.append((word("Hatchways: "), word("KT_HATCHWAYS")))
        facts.append((word("Control range: "), word("1\" (to and from a marker's edge).")))
    else:
        if t.battle_rounds:
            facts.append((word("Battle rounds: "), str(t.battle_rounds)))
        if t.points:
            facts.append((word("Points: "), word("{points} (Boarding Patrol)", points=t.points)))
    if t.objective_spacing and (t.objective_spacing.between_in or t.objective_spacing.edge_in):
        rule = []
        if t.objective_spacing.between_in:
            rule.append(word("at least {d} from each other", d=fmt_in(t.objective_spacing.between_in, word)))
        if t.objective_spacing.edge_in:
            rule.append(word("at least {d} from a battlefield edge", d=fmt_in(t.objective_spacing.edge_in, word)))
        facts.append((word("Objective markers: "), word(" and ").join(rule) + "."))
    if facts:
        heading(word("The battle"))
        for lead, text in facts:
            out.append(Para(text, size=size, lead=lead, space_after=size * 0.3))
    return out


# Kill Team's close quarters rules on Killzone: Gallowdark, in our words (the
# killzone's rules as madarasz/kt-rules-bot extracted-rules/killzone/
# killzone-gallowdark.md quotes them): (lead, text) keys of words.py.
KT_CLOSE_QUARTERS = (
    ("Condensed Environment: ", "KT_CONDENSED_ENVIRONMENT"),
    ("Guard (1 AP): ", "KT_GUARD"),
    ("Hatchway Fight (1 AP): ", "KT_HATCHWAY_FIGHT"),
    ("Operate Hatch (1 AP): ", "KT_OPERATE_HATCH"),
)
# The current edition's three ops (Approved Ops 2025; extracted-rules/
# approved-ops-2025/game-sequence.md there), by mission: structure's parts.
KT_STRUCTURE = {
    "crit-op": ("Crit op: ", "KT_CRIT_OP"),
    "tac-ops": ("Tac ops: ", "KT_TAC_OPS"),
    "kill-op": ("Kill op: ", "KT_KILL_OP"),
}


def _side_of(line, point) -> str:
    """Which side of the centre line a point lies, as the map shows it."""
    (x0, y0), (x1, y1) = line
    if abs(x1 - x0) >= abs(y1 - y0):  # runs across: above or below
        return "above" if point[1] < (y0 + y1) / 2 else "below"
    return "left of" if point[0] < (x0 + x1) / 2 else "right of"


def setup_paras(mission: Mission, size: float = 8.4, opened: int = 0) -> list[Para]:
    """Where the objectives, entry zones and regions are, as players call
    the zones. Kill Team adds that the hatchways start closed (`opened`:
    how many the file sets open, printed closed) and the pieces it uses."""
    word = mission_words(mission)
    out: list[Para] = []

    def heading(text: str):
        _heading(out, text, size)

    places = placements(mission)
    if mission.objectives:
        heading(word("Objectives"))
        for o in mission.objectives:
            name = f" {clean(o.name)}" if o.name else ""
            out.append(Para(f"{name} — {where(mission, o.at[0], o.at[1], places)}".strip(" "),
                            size=size, lead=f"{clean(o.id)}", space_after=size * 0.3))
    if mission.entry_zones:
        heading(word("Entry zones"))
        for z in sorted(mission.entry_zones, key=lambda z: z.player):
            name = f" ({clean(z.name)})" if z.name else ""
            out.append(Para(word("board {board}: {cells}", board=z.board, cells=cells_text(z.cells)), size=size,
                            lead=word("Player {n}", n=z.player) + f"{name}: ", space_after=size * 0.3))
    if mission.regions:
        heading(word("Regions"))
        for r in mission.regions:
            out.append(Para(word("board {board}: {cells}", board=r.board, cells=cells_text(r.cells)), size=size,
                            lead=f"{clean(r.name)}: ", space_after=size * 0.3))
    if mission.territories or mission.centre_line is not None:
        heading(word("Territories"))
        line = mission.centre_line
        if line is not None:
            out.append(Para(word("from {start} to {end}", start=where(mission, *line[0], places),
                                 end=where(mission, *line[1], places)),
                            size=size, lead=word("Centre line: "), space_after=size * 0.3))
        for terr in sorted(mission.territories, key=lambda tr: tr.player):
            if line is not None and terr.area:
                cx = sum(x for x, _ in terr.area) / len(terr.area)
                cy = sum(y for _, y in terr.area) / len(terr.area)
                text = word("the killzone " + _side_of(line, (cx, cy)) + " the centre line")
            else:
                text = word("{n} corners, as the map shows", n=len(terr.area))
            out.append(Para(text, size=size, lead=word("Player {n}", n=terr.player) + ": ", space_after=size * 0.3))
    if mission.equipment:
        from ..catalogue import default_catalogue

        cat = default_catalogue()
        heading(word("Equipment"))
        for e in sorted(mission.equipment, key=lambda e: (e.player, e.kind)):
            kind = cat.equipment.get(e.kind)
            name = word(kind.name) if kind else e.kind
            turned = word(", turned {deg:g}°", deg=e.rotation) if e.rotation else ""
            out.append(Para(f"{name} — {where(mission, e.at[0], e.at[1], places)}{turned}", size=size,
                            lead=word("Player {n}", n=e.player) + ": ", space_after=size * 0.3))
    if is_kill_team(mission):
        # Kill Team starts every hatchway closed, whatever the file says:
        # the key says so, and names a file that sets one open.
        n = len(_hatchways(mission))
        if n:
            heading(word("Hatchways"))
            text = word("The hatchway starts closed.") if n == 1 else word("All {n} hatchways start closed.", n=n)
            if opened:
                text += word(" The file sets {n} open: printed closed, as Kill Team starts them.", n=opened)
            out.append(Para(text, size=size, space_after=size * 0.3))
        # The killzone's pieces at a glance: one board's worth is short
        # enough to set up from the card.
        from ..catalogue import default_catalogue
        from ..model.parts import parts_list, sets_needed

        cat = default_catalogue()
        used = parts_list(mission, cat)
        if used:
            heading(word("Terrain"))
            need = sets_needed(mission, cat)
            kits = word("1 killzone kit") if need == 1 else word("{n} killzone kits", n=need)
            pieces = ", ".join(f"{cat.pieces[c].label if c in cat.pieces else c} ×{n}" for c, n in used.items())
            out.append(Para(pieces, size=size, lead=f"{kits}: ", space_after=size * 0.3))
    return out


def _hatchways(mission: Mission, catalogue: Catalogue | None = None) -> list:
    from ..catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    return [p for p in mission.pieces if (k := cat.pieces.get(p.code)) is not None and k.has_hatchway]


def as_printed(mission: Mission) -> Mission:
    """The mission as its pages draw it: a kill-team mission with every
    hatchway closed, as the game starts them (a file that sets one open has
    a finding for it; the share code keeps the file as written)."""
    from dataclasses import replace

    if not is_kill_team(mission) or not any(p.open for p in mission.pieces):
        return mission
    return replace(mission, pieces=tuple(replace(p, open=False) if p.open else p for p in mission.pieces))
