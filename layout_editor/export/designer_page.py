"""The designer's page: why a mission is fair, on paper (issue 14). Landscape,
two pages:

1. the map, the balance table (route from each entry zone to each objective,
   the spread), whether the layout is symmetric, what each entry zone sees
   and which objectives a first turn reaches, and the hatchway table (each
   hatchway flipped from its state as set, worst first);
2. the "seen from the enemy" map and the "first-turn reach" map.

Everything comes from rules.analysis.analyze (with the designer's metrics
and their geometry), for a 32 mm base and a 6" move, hatchways as set.

A kill-team file's page is in the killzone's words (drop zones, operatives,
KILL_TEAM_WORDS): its balance table is analyze's, the drop zones' routes
with every hatchway open and 1" more per access point crossed
(rules.kill_team's balance, as the Kill Team checks measure it), and its
first-turn reach has the game's bands (games.first_turn_bands: a 6"
Reposition, 9" with a Dash).
"""
from __future__ import annotations

from dataclasses import replace

from ..catalogue import Catalogue, default_catalogue
from ..games import game_of, is_kill_team
from ..model.mission import Mission
from ..rules.designer import worst_change
from ..rules.overlays import MOVE_IN  # the editor's first-turn overlay and this page move alike
from .common import BAND, INK, MARGIN, MUTED, fit_text, footers, header_band, paper_size, small_header, subtitle
from .designer_rounds import round_pages
from .drawing import Page, mix
from .mapdraw import _hatch, draw_map, fill_geom, fit_view, player_colour, table_bounds
from .words import mission_words

BASE_MM = 32.0
SIZE = 7.4
HATCH_ROWS = 12

# The page's own words in German (the card's words are in words.py).
GERMAN = {
    "Designer's page": "Designer-Seite",
    "Routes to the objectives (hatchways as set)": "Wege zu den Missionszielen (Schotttüren wie gestellt)",
    "Objective": "Missionsziel",
    "P{n}": "S{n}",
    "Spread": "Abstand",
    "Total": "Summe",
    "no route": "kein Weg",
    "Symmetry": "Symmetrie",
    "point-symmetric": "punktsymmetrisch",
    "mirror-symmetric": "spiegelsymmetrisch",
    "not symmetric: {n} pieces have no mirror image": "nicht symmetrisch: {n} Teile haben kein Spiegelbild",
    "Seen from the enemy ({base} mm base)": "Vom Gegner gesehen ({base}-mm-Base)",
    "player {n}: {area} sq in, {pct} % of the floor": "Spieler {n}: {area} Quadratzoll, {pct} % des Bodens",
    "First-turn reach": "Reichweite im ersten Zug",
    "player {n}: {bands}": "Spieler {n}: {bands}",
    "Hatchways, each flipped from its state as set (worst first)":
        "Schotttüren, jede gegenüber ihrem gestellten Zustand umgestellt (die wichtigste zuerst)",
    "Hatchway": "Schotttür",
    "As set": "Wie gestellt",
    "Biggest change": "Größte Änderung",
    "Zones newly in sight": "Zonen neu in Sicht",
    "open": "offen",
    "closed": "geschlossen",
    "cut off": "abgeschnitten",
    "opened up": "neu erreichbar",
    "no change": "keine Änderung",
    "P{p} to {oid}: {change}": "S{p} zu {oid}: {change}",
    "The layout has no hatchways.": "Der Aufbau hat keine Schotttüren.",
    "Seen from the enemy: the floor where a {base} mm base is seen from each player's entry zone "
    "(hatched: by more than one)":
        "Vom Gegner gesehen: der Boden, auf dem eine {base}-mm-Base aus der Aufstellungszone eines Spielers "
        "gesehen wird (schraffiert: von mehr als einem)",
    "First-turn reach: where a base gets from its entry zone with {a}\", {b}\" and {c}\"":
        "Reichweite im ersten Zug: wohin eine Base aus ihrer Aufstellungszone mit {a}\", {b}\" und {c}\" kommt",
    # a piece named as everywhere else (model/names.py's describe_piece)
    "{code} on board {board} from {start} to {end}": "{code} auf Spielplatte {board} von {start} nach {end}",
    "continued": "Fortsetzung",
    # a kill-team file's own (KILL_TEAM_WORDS)
    "Routes from the drop zones to the objectives": "Wege von den Landezonen zu den Missionszielen",
    "Every hatchway open, 1\" more for each access point crossed (the Kill Team balance).":
        "Jede Schotttür offen, 1\" mehr je durchquertem Zugangspunkt (die Kill-Team-Balance).",
    "Seen from the enemy: the floor where an operative on a {base} mm base is seen from each player's drop zone "
    "(hatched: by more than one)":
        "Vom Gegner gesehen: der Boden, auf dem ein Agent auf einer {base}-mm-Base aus der Landezone eines Spielers "
        "gesehen wird (schraffiert: von mehr als einem)",
    "First-turn reach: where an operative gets from its drop zone with a {a}\" Reposition, and with a Dash "
    "after it ({b}\")":
        "Reichweite im ersten Zug: wohin ein Agent aus seiner Landezone mit einer {a}\"-Umpositionierung kommt, "
        "und mit einem Sprint danach ({b}\")",
    "Hatchways, each kept shut while the others are open (routes 1\" more per access point; an Operate Hatch "
    "action opens one), worst first":
        "Schotttüren, jede zu, während die anderen offen sind (Wege 1\" mehr je Zugangspunkt; eine Aktion "
        "Schott bedienen öffnet eine), die wichtigste zuerst",
    "Each: the move in whole-inch increments (the tape's length).":
        "Je Feld: die Bewegung in ganzen Zoll je Abschnitt (die Länge mit dem Maßband).",
    "Left": "Bleibt",
    "shut": "zu",
}

# Kill Team's words for the page's Boarding Actions ones (a kill-team file).
KILL_TEAM_WORDS = {
    "Routes to the objectives (hatchways as set)": "Routes from the drop zones to the objectives",
    # the hatchway table (rules.designer.kill_team_shut)
    "Hatchways, each flipped from its state as set (worst first)":
        "Hatchways, each kept shut while the others are open (routes 1\" more per access point; an Operate Hatch "
        "action opens one), worst first",
    "As set": "Left",
    "Seen from the enemy: the floor where a {base} mm base is seen from each player's entry zone "
    "(hatched: by more than one)":
        "Seen from the enemy: the floor where an operative on a {base} mm base is seen from each player's drop zone "
        "(hatched: by more than one)",
}


def _words(mission: Mission):
    base = mission_words(mission)
    german = (mission.language or "").lower().startswith("de")
    own = KILL_TEAM_WORDS if is_kill_team(mission) else {}

    def t(text: str, **fields) -> str:
        text = own.get(text, text)
        out = GERMAN.get(text, text) if german else text
        return out.format(**fields) if fields else out
    t.number = base.number
    return t


def _inches(t, v) -> str:
    return t("no route") if v is None else t.number(v, ".1f") + '"'


def _change(t, v) -> str:
    if v == "cut":
        return t("cut off")
    if v == "opened":
        return t("opened up")
    return ("+" if v > 0 else "") + t.number(v, ".1f") + '"'


def _worst(t, h: dict) -> str:
    best = worst_change(h["flipped"])
    if best is None:
        return t("no change")
    return t("P{p} to {oid}: {change}", p=best[0], oid=best[1], change=_change(t, best[2]))


def _table(page: Page, x: float, y: float, widths, rows, size: float = SIZE, head: bool = True) -> float:
    """Rows of cells; the first row bold on a shaded band. Returns the y below."""
    line = size * 1.45
    for r, cells in enumerate(rows):
        if r == 0 and head:
            page.rect(x, y, sum(widths), line, fill=mix(BAND, 0.18))
        elif r % 2 == 0:
            page.rect(x, y, sum(widths), line, fill="#f3f3f3")
        cx = x
        for w, text in zip(widths, cells):
            s, sz = fit_text(str(text), size, w - 4, bold=(r == 0 and head), min_size=5)
            page.text(cx + 2, y + line - size * 0.42, s, sz, bold=(r == 0 and head), colour=INK)
            cx += w
        y += line
    return y


def _heading(page: Page, x: float, y: float, text: str) -> float:
    s, size = fit_text(text, 10, page.width - MARGIN - x, bold=True, min_size=6.5)
    page.text(x, y + 10, s, size, bold=True, colour=BAND)
    return y + 15


def designer_pages(mission: Mission, paper: str = "a4", source: str | None = None,
                   catalogue: Catalogue | None = None) -> list[Page]:
    from ..rules.analysis import analyze
    from ..rules.designer import bands

    cat = catalogue or default_catalogue()
    t = _words(mission)
    a = analyze(mission, base_mm=BASE_MM, catalogue=cat, move_in=MOVE_IN)
    m = a.metrics
    reach_bands = bands(MOVE_IN, game_of(mission))  # the game's (games.first_turn_bands)
    W, H = paper_size(paper, landscape=True)
    first = Page(W, H)
    top = header_band(first, mission.title, subtitle(mission, cat), t("Designer's page"))
    bottom = H - 24
    inner = W - 2 * MARGIN
    left_w = inner * 0.52
    bounds = table_bounds(mission, cat)
    view = fit_view(bounds, MARGIN, top, left_w, bottom - top - 6)
    view = replace(view, oy=top)
    draw_map(first, mission, view, cat, cell_names=False, label_max=7.0)

    # -- the right column: balance, symmetry, seen, first turn ---------------
    x = MARGIN + left_w + 14
    w = W - MARGIN - x
    y = _heading(first, x, top, t("Routes to the objectives (hatchways as set)"))
    if is_kill_team(mission):
        # how the routes are measured, as the Kill Team checks do
        note, size = fit_text(t("Every hatchway open, 1\" more for each access point crossed (the Kill Team balance)."),
                              SIZE, w, min_size=5)
        first.text(x, y + 6, note, size, colour=MUTED)
        y += 10
        # the balance is the move counted the rules' way; the tape's length beside it
        note, size = fit_text(t("Each: the move in whole-inch increments (the tape's length)."), SIZE, w, min_size=5)
        first.text(x, y + 6, note, size, colour=MUTED)
        y += 10
    dist = m["objective_distances_in"]
    players = list(dist)
    ids = [o.id for o in mission.objectives]
    fair = m["fairness"]
    kt = m.get("kill_team") if is_kill_team(mission) else None
    if kt is not None and "balance_move_in" in kt:
        moves, fair, tapes = kt["balance_move_in"], kt["balance"], kt["balance_in"]

        def cell(p: str, oid: str) -> str:
            mv, tape = moves.get(p, {}).get(oid), tapes.get(p, {}).get(oid)
            if mv is None:
                return _inches(t, None)
            low = kt.get("balance_move_bounds_in", {}).get(p, {}).get(oid)
            says = (t.number(low[0], "g") + "–" if low else "") + t.number(mv, "g") + '"'
            return says if tape is None else f"{says} ({t.number(tape, '.1f')}\")"
    else:
        def cell(p: str, oid: str) -> str:
            return _inches(t, dist[p].get(oid))
    col0 = w * 0.34
    cw = (w - col0) / (len(players) + 1)
    rows = [[t("Objective")] + [t("P{n}", n=p) for p in players] + [t("Spread")]]
    names = {o.id: o.name for o in mission.objectives}
    for oid in ids:
        spread = fair["per_objective"].get(oid, {}).get("spread_in")
        rows.append([f"{oid} {names[oid]}" if names.get(oid) else oid]
                    + [cell(p, oid) for p in players]
                    + ["—" if spread is None else t.number(spread, ".1f") + '"'])
    pct = fair.get("total_spread_pct")
    rows.append([t("Total")] + [_inches(t, fair["totals_in"].get(p)) for p in players]
                + ["—" if pct is None else t.number(pct, ".1f") + " %"])
    y = _table(first, x, y, [col0] + [cw] * (len(players) + 1), rows) + 8

    sym = m["symmetry"]
    if sym["point"]:
        says = t("point-symmetric")
    elif sym["line"]:
        says = t("mirror-symmetric")
    else:
        says = t("not symmetric: {n} pieces have no mirror image", n=len(sym["breaking"]))
    first.text(x, y + 8, f"{t('Symmetry')}: {says}", SIZE + 0.6, bold=True, colour=INK)
    y += 16
    y = _heading(first, x, y, t("Seen from the enemy ({base} mm base)", base=t.number(BASE_MM, "g")))
    for p, v in m["seen_from"].items():
        first.rect(x, y + 2, 7, 7, fill=player_colour(int(p)))
        first.text(x + 10, y + 8.5, t("player {n}: {area} sq in, {pct} % of the floor", n=p,
                                      area=t.number(v["area_sq_in"], ".0f"), pct=t.number(100 * v["share"], ".0f")),
                   SIZE, colour=INK)
        y += 11
    y += 4
    y = _heading(first, x, y, t("First-turn reach"))
    ft = m["first_turn"]
    keys = [f"{b:g}" for b in reach_bands]
    for p in players:
        row = ft.get(p, {})
        text = "; ".join(f"{t.number(float(k), 'g')}\": {', '.join(row.get(k, [])) or '—'}" for k in keys)
        first.rect(x, y + 2, 7, 7, fill=player_colour(int(p)))
        s, sz = fit_text(t("player {n}: {bands}", n=p, bands=text), SIZE, w - 10)
        first.text(x + 10, y + 8.5, s, sz, colour=INK)
        y += 11
    y += 4

    # -- hatchways ------------------------------------------------------------
    y = _heading(first, x, y, t("Hatchways, each flipped from its state as set (worst first)"))
    hs = m["hatchways"]
    if not hs:
        first.text(x, y + 8, t("The layout has no hatchways."), SIZE, colour=MUTED)
    else:
        from ..model.lattice import node_name
        rows = [[t("Hatchway"), t("As set"), t("Biggest change"), t("Zones newly in sight")]]
        room = int((bottom - y) // (SIZE * 1.45)) - 1
        for h in hs[:max(0, min(HATCH_ROWS, room))]:
            piece = h["piece"]
            rows.append([t("{code} on board {board} from {start} to {end}", code=piece["code"], board=piece["board"],
                           start=node_name(tuple(piece["from"])), end=node_name(tuple(piece["to"]))),
                         t(h["as_set"]), _worst(t, h),
                         ", ".join(f"P{a_}–P{b_}" for a_, b_ in h["zones_in_sight"]) or "—"])
        _table(first, x, y, [w * 0.40, w * 0.14, w * 0.28, w * 0.18], rows)

    # -- page 2: the two maps ----------------------------------------------------
    second = Page(W, H)
    top2 = small_header(second, mission.title, t("Designer's page") + " · " + t("continued"))
    half = (inner - 14) / 2
    geo = a.details
    if is_kill_team(mission):
        first_caption = t("First-turn reach: where an operative gets from its drop zone with a {a}\" Reposition, "
                          "and with a Dash after it ({b}\")",
                          a=t.number(reach_bands[0], "g"), b=t.number(reach_bands[1], "g"))
    else:
        first_caption = t("First-turn reach: where a base gets from its entry zone with {a}\", {b}\" and {c}\"",
                          a=t.number(reach_bands[0], "g"), b=t.number(reach_bands[1], "g"),
                          c=t.number(reach_bands[2], "g"))
    for k, (title, draw) in enumerate((
            (t("Seen from the enemy: the floor where a {base} mm base is seen from each player's entry zone "
               "(hatched: by more than one)", base=t.number(BASE_MM, "g")), "seen"),
            (first_caption, "first"))):
        x0 = MARGIN + k * (half + 14)
        from .flow import wrap
        yy = top2
        for ln in wrap(title, SIZE + 0.6, half, bold=True)[:3]:
            second.text(x0, yy + 8, ln, SIZE + 0.6, bold=True, colour=BAND)
            yy += 10
        v = fit_view(bounds, x0, yy + 4, half, bottom - yy - 10)
        v = replace(v, oy=yy + 4)
        # The tints go between the boards' floor and everything else
        # (draw_map lays the boards first, one op each): pages have no
        # transparency, so walls, grid and objectives stay on top.
        layer = Page(W, H)
        draw_map(layer, mission, v, cat, labels=False, cell_names=False)
        n = len(mission.boards)
        tint = Page(W, H)
        if draw == "seen":
            seen = geo["seen_from"].area
            for p, g in seen.items():
                fill_geom(tint, v, g, fill=mix(player_colour(p), 0.45), stroke=player_colour(p), width=0.5)
            for p in seen:
                for q in seen:
                    if p < q:
                        g = seen[p].intersection(seen[q])
                        if not g.is_empty:
                            _hatch(tint, v, g, 4.0, "#222222", 0.4)
        else:
            ftd = geo["first_turn"]
            for p in ftd.grid:
                for j, b in reversed(list(enumerate(reach_bands))):
                    fill_geom(tint, v, ftd.area(p, b), fill=mix(player_colour(p), (0.55, 0.35, 0.18)[j]),
                              stroke=player_colour(p), width=0.6 if j == 0 else 0.3,
                              dash=None if j == 0 else (2, 2))
        second.ops += layer.ops[:n] + tint.ops + layer.ops[n:]
    pages = [first, second]
    if "rounds" in m:  # a table that changes: a row per round, each round's balance (designer_rounds.py)
        pages += round_pages(mission, m["rounds"], t, W, H, _table, {o.id: o.name or "" for o in mission.objectives})
    footers(pages, source, mission_words(mission))
    return pages
