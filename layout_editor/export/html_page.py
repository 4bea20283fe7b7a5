"""The mission as one web page that opens on any phone: a single HTML file
with everything inside it (inline SVG, CSS and a little JavaScript; no
network, no server), travelling as a file like the mission's YAML.

    html_text(mission, source=None) -> str      html_bytes(...) -> bytes

What the page holds: the title and the battle's facts; the map, drawn from
the mission model (boards with their zone names, regions, entry zones,
walls and pillars, hatchways, objectives with their 1" range); the mission's
texts; where everything is, as players call the zones; the parts list; the
share code, to copy into the editor.

What a player can do with it:
- tap (or click, or Enter on) a hatchway to open or close it; a line under
  the map counts the open and closed ones, and "Hatchways as set" puts them
  back as the mission sets them;
- switch layers on and off: regions, entry zones, the objectives' 1" range;
- zoom with two fingers (pointer events: any touch screen), the mouse wheel,
  or the + and - buttons; drag to move; "Whole map" fits it again.

The page's own words are in the mission's language (words.py), as the
printed card's are.

Test hook: opened with `#selftest` the page taps its first hatchway with
pointer events aimed at its place on the screen, pinches, switches a layer,
and writes what happened as JSON into `<pre id="selftest">` (read with
`chromium --headless --dump-dom`, see tests/unit/test_export_html.py).
"""
from __future__ import annotations

import html
import json
import math

from shapely.geometry import Polygon

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import cell_name, placements
from ..model.mission import Mission
from ..model.parts import parts_list, sets_needed
from ..rules.geometry import PieceGeometryError, piece_shape
from .common import as_printed, cells_text, is_kill_team, setup_paras, subtitle, text_paras, where
from .fonts import clean, clean_block
from .html_rounds import CSS as ROUNDS_CSS
from .html_rounds import JS as ROUNDS_JS
from .html_rounds import round_data, switch_html
from .mapdraw import (
    BOARD_EDGE,
    BOARD_FILL,
    DOOR,
    DOOR_EDGE,
    GRID,
    INCH,
    OPEN_DOOR,
    REGION,
    WALL,
    ZONE_TEXT,
    player_colour,
    table_bounds,
)
from .words import mission_words

MARKER_R = 20.0  # mm: a 40 mm objective marker
PAD = 12.0       # mm of table round the map


def _share_code(mission: Mission) -> str:
    from ..io.share_code import encode

    return encode(mission)


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _d(geom) -> str:
    """An SVG path for a polygon or several (holes as even-odd rings)."""
    polys = [geom] if isinstance(geom, Polygon) else list(getattr(geom, "geoms", []))
    out = []
    for p in polys:
        if not isinstance(p, Polygon) or p.is_empty:
            continue
        for ring in [p.exterior, *p.interiors]:
            pts = list(ring.coords)[:-1]
            out.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in pts) + " Z")
    return " ".join(out)


def _poly_d(points) -> str:
    return "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in points) + " Z"


def _e(text) -> str:
    return html.escape(clean(text), quote=True)


def _local(shape, x: float, y: float) -> tuple[float, float]:
    a = math.radians(shape.angle)
    d = (math.cos(a), math.sin(a))
    ox, oy = shape.centre
    return (ox + d[0] * x - d[1] * y, oy + d[1] * x + d[0] * y)


# ----------------------------------------------------------------------------
# The map
# ----------------------------------------------------------------------------
def map_svg(mission: Mission, cat: Catalogue, t) -> tuple[str, list[float]]:
    """The map as an inline SVG in table millimetres, and its whole view."""
    places = placements(mission, cat)
    x0, y0, x1, y1 = table_bounds(mission, cat)
    view = [x0 - PAD, y0 - PAD, x1 - x0 + 2 * PAD, y1 - y0 + 2 * PAD]
    # The map's own shape (aspect-ratio), so a phone shows no empty bands
    # above and below a wide table.
    out = [f'<svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(_n(v) for v in view)}" '
           f'preserveAspectRatio="xMidYMid meet" role="img" aria-label="{_e(t("Map"))}" '
           f'style="aspect-ratio:{_n(view[2])}/{_n(view[3])}">']

    def label_x(x: float, text: str, size: float = 17.0) -> float:
        """Keep a centred label inside the map (about 0.6 em a character)."""
        half = len(text) * size * 0.3
        return min(max(x, view[0] + half), view[0] + view[2] - half)


    # Boards, their zone lines and zone names.
    out.append('<g id="boards">')
    for b in mission.boards:
        p = places[b.id]
        bx0, by0, bx1, by1 = p.bounds
        out.append(f'<rect class="board" x="{_n(bx0)}" y="{_n(by0)}" width="{_n(bx1 - bx0)}" '
                   f'height="{_n(by1 - by0)}" fill="{BOARD_FILL}" stroke="{BOARD_EDGE}" stroke-width="2"/>')
        nx, ny = p.kind.nodes
        lines = []
        for i in range(nx):
            a, c = p.node_table((i, 0)), p.node_table((i, ny - 1))
            lines.append(f"M{_n(a[0])} {_n(a[1])} L{_n(c[0])} {_n(c[1])}")
        for j in range(ny):
            a, c = p.node_table((0, j)), p.node_table((nx - 1, j))
            lines.append(f"M{_n(a[0])} {_n(a[1])} L{_n(c[0])} {_n(c[1])}")
        out.append(f'<path d="{" ".join(lines)}" stroke="{GRID}" stroke-width="0.8" fill="none"/>')
        for cell in p.cells():
            corners = p.cell_corners_table(cell)
            cx = min(c[0] for c in corners) + 4
            cy = min(c[1] for c in corners) + 12
            out.append(f'<text class="zone" x="{_n(cx)}" y="{_n(cy)}" fill="{ZONE_TEXT}">{_e(cell_name(cell))}'
                       '</text>')
        out.append(f'<text class="board-id" x="{_n(bx0 + 2)}" y="{_n(by0 - 3)}" fill="{BOARD_EDGE}">'
                   f'{_e(t("Board {board}: ", board=b.id).rstrip(": "))}</text>')
    out.append("</g>")

    # Regions and entry zones: layers a player can hide.
    from .mapdraw import cells_geom
    out.append('<g id="layer-regions" class="layer">')
    for i, r in enumerate(mission.regions):
        p = places.get(r.board)
        if p is None:
            continue
        g = cells_geom(p, r.cells)
        if g.is_empty:
            continue
        c = g.representative_point()
        # Tagged for the round switch (html_rounds.py): its state in a round.
        out.append(f'<g class="region" data-region="{i}" data-name="{_e(r.name)}">')
        out.append(f'<path d="{_d(g)}" fill="{REGION}" fill-opacity="0.16" stroke="{REGION}" stroke-width="2" '
                   f'stroke-dasharray="8 5" fill-rule="evenodd"/>')
        out.append(f'<text class="label" x="{_n(label_x(c.x, r.name))}" y="{_n(c.y)}" fill="{REGION}">'
                   f'{_e(r.name)}<tspan class="state"></tspan></text></g>')
    out.append("</g>")
    out.append('<g id="layer-zones" class="layer">')
    for i, z in enumerate(mission.entry_zones):
        p = places.get(z.board)
        if p is None:
            continue
        g = cells_geom(p, z.cells)
        if g.is_empty:
            continue
        colour = player_colour(z.player)
        c = g.representative_point()
        name = t("P{n}", n=z.player) + (f" {clean(z.name)}" if z.name else "")
        out.append(f'<g data-zone="{i}"><path d="{_d(g)}" fill="{colour}" fill-opacity="0.25" stroke="{colour}" '
                   f'stroke-width="2.5" fill-rule="evenodd"/>')
        out.append(f'<text class="label" x="{_n(label_x(c.x, name))}" y="{_n(c.y)}" fill="{colour}">'
                   f'{_e(name)}</text></g>')
    out.append("</g>")

    # Kill Team: territories and the centre line under the walls, equipment on the floor.
    if mission.territories or mission.centre_line is not None or mission.equipment:
        from shapely.geometry import Polygon as _Polygon

        from ..rules.checks.equipment import equipment_shape
        out.append('<g id="layer-killzone" class="layer">')
        for terr in mission.territories:
            if len(terr.area) >= 3:
                out.append(f'<path d="{_d(_Polygon(terr.area).buffer(0))}" fill="{player_colour(terr.player)}" '
                           'fill-opacity="0.10" fill-rule="evenodd"/>')
        if mission.centre_line is not None:
            (x0, y0), (x1, y1) = mission.centre_line
            out.append(f'<path d="M{_n(x0)} {_n(y0)} L{_n(x1)} {_n(y1)}" stroke="#3d3a33" stroke-width="2" '
                       'stroke-dasharray="10 5" fill="none"/>')
        for e in mission.equipment:
            kind = cat.equipment.get(e.kind)
            if kind is None:
                continue
            colour = player_colour(e.player)
            out.append(f'<path d="{_d(equipment_shape(e, kind))}" fill="{colour}" fill-opacity="0.55" '
                       f'stroke="{colour}" stroke-width="1.5"><title>{_e(t(kind.name))}</title></path>')
        out.append("</g>")

    # Walls, pillars and wall ends, then the hatchways (which a player taps).
    solids, hatches = [], []
    for index, piece in enumerate(mission.pieces):
        kind = cat.pieces.get(piece.code)
        if kind is None or piece.board not in places:
            continue
        try:
            shape = piece_shape(piece, places[piece.board], cat)
        except PieceGeometryError:
            continue
        solids.append(f'<path d="{_d(shape.solid)}" fill-rule="evenodd"/>')
        if kind.hatchway is not None and shape.door is not None:
            hatches.append((index, piece, kind, shape))
    out.append(f'<g id="pieces" fill="{WALL}">{"".join(solids)}</g>')
    out.append('<g id="hatches">')
    half = cat.wall_thickness / 2
    for n, (index, piece, kind, shape) in enumerate(hatches):
        o0, o1 = kind.hatchway.opening
        width = o1 - o0
        side = -1.0 if piece.facing == "left" else 1.0
        open_ = bool(piece.open)
        mid = kind.hatchway.middle
        tab = [_local(shape, mid - 5, side * half), _local(shape, mid + 5, side * half),
               _local(shape, mid, side * (half + 7.0))]
        leaf_open = [_local(shape, o0, side * half), _local(shape, o0 + 2.5, side * half),
                     _local(shape, o0 + 2.5, side * (half + width)), _local(shape, o0, side * (half + width))]
        arc = [_local(shape, o0 + width * math.sin(math.pi / 2 * k / 16),
                      side * (half + width * math.cos(math.pi / 2 * k / 16))) for k in range(17)]
        cx, cy = _local(shape, mid, 0.0)
        label = t("Hatchway {n}", n=n + 1)
        out.append(
            f'<g class="hatch{" open" if open_ else ""}" id="hatch-{n + 1}" data-open="{int(open_)}" '
            f'data-set="{int(open_)}" data-piece="{index}" tabindex="0" role="button" '
            f'aria-pressed="{"true" if open_ else "false"}" aria-label="{_e(label)}">'
            f'<title>{_e(label)}</title>'
            f'<g class="when-closed"><path d="{_d(shape.door)}" fill="{DOOR}" stroke="{DOOR_EDGE}" '
            f'stroke-width="0.8"/><path d="{_d(shape.leaf)}" fill="{DOOR_EDGE}"/>'
            f'<path d="{_poly_d(tab)}" fill="{DOOR_EDGE}"/></g>'
            f'<g class="when-open"><path d="{_poly_d(leaf_open)}" fill="{OPEN_DOOR}"/>'
            f'<path d="M{" L".join(f"{_n(x)} {_n(y)}" for x, y in arc)}" fill="none" stroke="{OPEN_DOOR}" '
            f'stroke-width="1.2" stroke-dasharray="4 3"/></g>'
            f'<circle class="hit" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(max(width * 0.8, 34.0))}"/>'
            # A padlock, shown while the round switch says it is locked.
            f'<g class="when-locked" fill="#b00020"><rect x="{_n(cx - 9)}" y="{_n(cy - 6)}" width="18" height="14" '
            f'rx="2"/><path d="M{_n(cx - 6)} {_n(cy - 6)} v-4 a6 6 0 0 1 12 0 v4" fill="none" stroke="#b00020" '
            'stroke-width="3"/></g>'
            "</g>")
    out.append("</g>")

    # Objectives, and their 1" range as a layer.
    out.append('<g id="layer-range" class="layer">')
    for i, o in enumerate(mission.objectives):
        out.append(f'<circle data-obj="{i}" cx="{_n(o.at[0])}" cy="{_n(o.at[1])}" r="{_n(MARKER_R + INCH)}" '
                   'fill="none" stroke="#1a1a1a" stroke-width="1.5" stroke-dasharray="6 4"/>')
    out.append("</g>")
    out.append('<g id="objectives">')
    for i, o in enumerate(mission.objectives):
        x, y = o.at
        out.append(f'<g data-obj="{i}" data-id="{_e(o.id)}">'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(MARKER_R)}" fill="#ffffff" stroke="#1a1a1a" '
                   f'stroke-width="3"/>'
                   f'<text class="obj-id" x="{_n(x)}" y="{_n(y + 7)}">{_e(o.id)}</text>')
        if o.name:
            out.append(f'<text class="label obj-name" x="{_n(label_x(x, o.name))}" y="{_n(y + MARKER_R + 16)}">'
                       f'{_e(o.name)}</text>')
        out.append("</g>")
    out.append("</g></svg>")
    return "".join(out), view


# ----------------------------------------------------------------------------
# The texts
# ----------------------------------------------------------------------------
def _paras(text) -> str:
    return "".join(f"<p>{html.escape(p)}</p>" for p in clean_block(text))


def _from_paras(paras) -> str:
    """The printed card's paragraphs as HTML: its headings as headings, a
    bold lead as bold."""
    out = []
    for p in paras:
        if p.keep_with_next and p.bold:
            out.append(f"<h3>{_e(p.text)}</h3>")
        else:
            lead = f"<b>{_e(p.lead)}</b>" if p.lead else ""
            out.append(f"<p>{lead}{_e(p.text)}</p>")
    return "".join(out)


def texts_html(mission: Mission, t) -> str:
    if is_kill_team(mission):
        # The killzone's texts as its card prints them: ops and their
        # victory points, turning points, hatchways and control range.
        return _from_paras(text_paras(mission)) or f"<p class='muted'>{_e(t('This mission has no texts.'))}</p>"
    m = mission.mission
    out = []
    if m.briefing:
        out.append(f"<h3>{_e(t('Briefing'))}</h3>{_paras(m.briefing)}")
    for s in m.sections:
        out.append(f"<h3>{_e(clean(s.title) or t('Rules'))}</h3>{_paras(s.text)}")
    if m.victory:
        out.append(f"<h3>{_e(t('Victory conditions'))}</h3>{_paras(m.victory)}")
    facts = []
    if m.battle_rounds:
        facts.append((t("Battle rounds: "), str(m.battle_rounds)))
    if m.points:
        facts.append((t("Points: "), t("{points} (Boarding Patrol)", points=m.points)))
    sp = m.objective_spacing
    if sp and (sp.between_in or sp.edge_in):
        rule = []
        if sp.between_in:
            rule.append(t("at least {d} from each other", d=t.number(sp.between_in) + '"'))
        if sp.edge_in:
            rule.append(t("at least {d} from a battlefield edge", d=t.number(sp.edge_in) + '"'))
        facts.append((t("Objective markers: "), t(" and ").join(rule) + "."))
    if facts:
        out.append(f"<h3>{_e(t('The battle'))}</h3>" + "".join(
            f"<p><b>{_e(lead)}</b>{_e(text)}</p>" for lead, text in facts))
    if not out:
        out.append(f"<p class='muted'>{_e(t('This mission has no texts.'))}</p>")
    return "".join(out)


def setup_html(mission: Mission, cat: Catalogue, t) -> str:
    if is_kill_team(mission):
        return _from_paras(setup_paras(mission))
    places = placements(mission, cat)
    out = []
    if mission.objectives:
        items = "".join(f"<li><b>{_e(o.id)}</b>{(' ' + _e(o.name)) if o.name else ''} — "
                        f"{_e(where(mission, o.at[0], o.at[1], places))}</li>" for o in mission.objectives)
        out.append(f"<h3>{_e(t('Objectives'))}</h3><ul>{items}</ul>")
    if mission.entry_zones:
        items = "".join(
            f"<li><b>{_e(t('Player {n}', n=z.player))}{(' (' + _e(z.name) + ')') if z.name else ''}:</b> "
            f"{_e(t('board {board}: {cells}', board=z.board, cells=cells_text(z.cells)))}</li>"
            for z in sorted(mission.entry_zones, key=lambda z: z.player))
        out.append(f"<h3>{_e(t('Entry zones'))}</h3><ul>{items}</ul>")
    if mission.regions:
        items = "".join(f"<li><b>{_e(r.name)}:</b> "
                        f"{_e(t('board {board}: {cells}', board=r.board, cells=cells_text(r.cells)))}</li>"
                        for r in mission.regions)
        out.append(f"<h3>{_e(t('Regions'))}</h3><ul>{items}</ul>")
    return "".join(out)


def parts_html(mission: Mission, cat: Catalogue, t) -> str:
    used = parts_list(mission, cat)
    need = sets_needed(mission, cat)
    rows = []
    for code, n in used.items():
        kind = cat.pieces.get(code)
        label = (kind.label if kind and kind.label != code else code)
        name = t(clean(kind.name)) if kind else code
        rows.append(f"<tr><td><b>{_e(label)}</b></td><td>{_e(name)}</td><td class='num'>{n}</td></tr>")
    note = t("This layout needs 1 terrain set.") if need == 1 else t("This layout needs {n} terrain sets.", n=need)
    return (f"<table><thead><tr><th>{_e(t('Code'))}</th><th>{_e(t('Piece'))}</th>"
            f"<th class='num'>{_e(t('Used'))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<p>{_e(note)}</p>")


# ----------------------------------------------------------------------------
# The page
# ----------------------------------------------------------------------------
CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1a1a1a;
background:#e9e6df}
header{background:#1f2d3a;color:#fff;padding:12px 16px 10px;border-bottom:3px solid #f0b400}
header h1{margin:0;font-size:1.45rem;line-height:1.2}
header p{margin:4px 0 0;color:#d8dee4;font-size:.85rem}
main{max-width:1100px;margin:0 auto;padding:0 0 24px}
.mapbox{background:#fff;position:relative}
#map{display:block;width:100%;height:auto;max-height:80vh;min-height:160px;touch-action:none;user-select:none;-webkit-user-select:none;
background:#fbfaf7;cursor:grab}
.tools{display:flex;flex-wrap:wrap;gap:6px 8px;align-items:center;padding:8px 10px;background:#fff;
border-bottom:1px solid #ddd;position:sticky;top:0;z-index:2}
.tools label{display:inline-flex;align-items:center;gap:5px;padding:6px 10px;border:1px solid #c9c3b6;border-radius:18px;
font-size:.9rem;background:#f7f5f0;cursor:pointer}
.tools input{width:18px;height:18px;margin:0}
.tools button{font:inherit;font-size:.9rem;padding:6px 12px;border:1px solid #9aa3ad;border-radius:18px;background:#fff;
cursor:pointer;min-width:40px}
.tools .zoom{margin-left:auto;display:flex;gap:6px}
#hatch-count{margin:0;padding:6px 12px;font-size:.9rem;color:#4a4f57;background:#fff;border-top:1px solid #eee}
.hint{color:#5a5a5a;font-size:.85rem;padding:0 12px 8px;margin:0;background:#fff}
section{background:#fff;margin:12px 0;padding:4px 16px 12px}
@media(max-width:600px){.tools{padding:6px}.tools label,.tools button{padding:4px 8px;font-size:.85rem}
header h1{font-size:1.25rem}}
@media(min-width:900px){main{padding:16px}.cols{display:grid;grid-template-columns:1fr 1fr;gap:0 16px}
section{border-radius:6px}.mapbox{border-radius:6px;overflow:hidden}}
h2{font-size:1.15rem;color:#1f2d3a;border-bottom:2px solid #f0b400;padding-bottom:2px}
h3{font-size:1rem;color:#1f2d3a;margin:14px 0 4px}
p{margin:0 0 8px}
ul{padding-left:20px;margin:0 0 8px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #eee}
th{background:#eef0f2}
.num{text-align:right}
.muted{color:#5a5a5a}
textarea{width:100%;height:7em;font:12px/1.3 ui-monospace,"DejaVu Sans Mono",monospace;word-break:break-all}
.layer.off{display:none}
.hatch{cursor:pointer}
.hatch .when-open{display:none}
.hatch.open .when-open{display:inline}
.hatch.open .when-closed{display:none}
.hatch .hit{fill:#000;fill-opacity:0;pointer-events:all}
.hatch:focus{outline:none}
.hatch:focus .hit,.hatch:hover .hit{fill:#f0b400;fill-opacity:.18}
.zone{font-size:11px}
.board-id{font-size:14px;font-weight:bold}
.label{font-size:17px;font-weight:bold;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:4px;
stroke-linejoin:round}
.obj-id{font-size:20px;font-weight:bold;text-anchor:middle}
.obj-name{fill:#1a1a1a}
#selftest{display:none}
"""

JS = r"""
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("page-data").textContent);
  var svg = document.getElementById("map");
  var home = cfg.view.slice();
  var vb = home.slice();
  function apply() { svg.setAttribute("viewBox", vb.map(function (v) { return v.toFixed(2); }).join(" ")); }
  function toMap(cx, cy) {
    var p = svg.createSVGPoint(); p.x = cx; p.y = cy;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoomAt(cx, cy, f) {
    var minW = home[2] / 12, maxW = home[2] * 1.5;
    if (vb[2] / f < minW) f = vb[2] / minW;
    if (vb[2] / f > maxW) f = vb[2] / maxW;
    var p = toMap(cx, cy);
    vb = [p.x - (p.x - vb[0]) / f, p.y - (p.y - vb[1]) / f, vb[2] / f, vb[3] / f];
    apply();
  }
  function panBy(dx, dy) {
    var m = svg.getScreenCTM();
    vb[0] -= dx / m.a; vb[1] -= dy / m.d;
    apply();
  }
  function centre() { var r = svg.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }

  // Hatchways: tap, click or Enter opens or closes one.
  var hatches = Array.prototype.slice.call(document.querySelectorAll(".hatch"));
  function setOpen(h, open) {
    h.setAttribute("data-open", open ? "1" : "0");
    h.classList.toggle("open", open);
    h.setAttribute("aria-pressed", open ? "true" : "false");
  }
  function count() {
    if (!hatches.length) return;
    var open = hatches.filter(function (h) { return h.getAttribute("data-open") === "1"; }).length;
    document.getElementById("hatch-count").textContent =
      cfg.words.count.replace("{open}", open).replace("{closed}", hatches.length - open);
  }
  function toggle(h) { setOpen(h, h.getAttribute("data-open") !== "1"); count(); }
  hatches.forEach(function (h) {
    h.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(h); }
    });
  });
  var reset = document.getElementById("hatch-reset");
  if (reset) reset.addEventListener("click", function () {
    hatches.forEach(function (h) { setOpen(h, h.getAttribute("data-set") === "1"); });
    count();
  });

  // One pointer drags (or taps); two pinch. Touch, pen and mouse alike.
  var pts = new Map(), tap = null;
  function hatchOf(el) { return el && el.closest ? el.closest(".hatch") : null; }
  svg.addEventListener("pointerdown", function (e) {
    try { svg.setPointerCapture(e.pointerId); } catch (err) { /* a pointer the browser does not track */ }
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    tap = pts.size === 1 ? { id: e.pointerId, x: e.clientX, y: e.clientY, hatch: hatchOf(e.target), moved: false }
                         : null;
    e.preventDefault();
  });
  svg.addEventListener("pointermove", function (e) {
    if (!pts.has(e.pointerId)) return;
    var prev = pts.get(e.pointerId), cur = { x: e.clientX, y: e.clientY };
    if (pts.size === 1) {
      if (tap && Math.hypot(cur.x - tap.x, cur.y - tap.y) > 8) tap.moved = true;
      if (!tap || tap.moved) panBy(cur.x - prev.x, cur.y - prev.y);
    } else if (pts.size === 2) {
      var other = null;
      pts.forEach(function (v, k) { if (k !== e.pointerId) other = v; });
      var d0 = Math.hypot(prev.x - other.x, prev.y - other.y), d1 = Math.hypot(cur.x - other.x, cur.y - other.y);
      panBy((cur.x - prev.x) / 2, (cur.y - prev.y) / 2);
      if (d0 > 0 && d1 > 0) zoomAt((cur.x + other.x) / 2, (cur.y + other.y) / 2, d1 / d0);
    }
    pts.set(e.pointerId, cur);
  });
  function up(e) {
    if (!pts.has(e.pointerId)) return;
    pts.delete(e.pointerId);
    if (e.type === "pointerup" && tap && tap.id === e.pointerId && !tap.moved && tap.hatch) toggle(tap.hatch);
    if (pts.size === 0) tap = null;
  }
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    zoomAt(e.clientX, e.clientY, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)));
  }, { passive: false });
  document.getElementById("zoom-in").addEventListener("click", function () { var c = centre(); zoomAt(c[0], c[1], 1.5); });
  document.getElementById("zoom-out").addEventListener("click", function () { var c = centre(); zoomAt(c[0], c[1], 1 / 1.5); });
  document.getElementById("zoom-home").addEventListener("click", function () { vb = home.slice(); apply(); });

  // Layers.
  Array.prototype.forEach.call(document.querySelectorAll("input[data-layer]"), function (box) {
    box.addEventListener("change", function () {
      document.getElementById(box.getAttribute("data-layer")).classList.toggle("off", !box.checked);
    });
  });

  // The share code.
  document.getElementById("copy-code").addEventListener("click", function () {
    var area = document.getElementById("share-code"), button = this;
    function done() { button.textContent = cfg.words.copied; }
    area.select();
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(area.value).then(done, function () { document.execCommand("copy"); done(); });
    } else { document.execCommand("copy"); done(); }
  });
  count();

  // #selftest: act as a player would, with events aimed at the screen, and say what happened.
  if (location.hash === "#selftest") {
    var out = { hatches: hatches.length, svg_width: svg.getBoundingClientRect().width,
                svg_height: svg.getBoundingClientRect().height };
    function fire(el, type, x, y, id) {
      el.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y,
        pointerId: id, pointerType: "touch", isPrimary: id === 1 }));
    }
    if (hatches.length) {
      var h = hatches[0], r = h.querySelector(".hit").getBoundingClientRect();
      var x = r.left + r.width / 2, y = r.top + r.height / 2;
      var hit = document.elementFromPoint(x, y);
      out.tap_reaches_hatch = hatchOf(hit) === h;
      var before = h.getAttribute("data-open");
      fire(hit, "pointerdown", x, y, 1); fire(hit, "pointerup", x, y, 1);
      out.first_before = before; out.first_after = h.getAttribute("data-open");
      out.count_text = document.getElementById("hatch-count").textContent;
      fire(hit, "pointerdown", x, y, 1); fire(hit, "pointerup", x, y, 1);
      out.first_again = h.getAttribute("data-open");
      // A drag that starts on a hatchway moves the map and leaves the door alone.
      fire(hit, "pointerdown", x, y, 1); fire(hit, "pointermove", x + 40, y + 10, 1); fire(hit, "pointerup", x + 40, y + 10, 1);
      out.after_drag = h.getAttribute("data-open");
    }
    vb = home.slice(); apply();
    var c = centre(), w0 = vb[2];
    fire(svg, "pointerdown", c[0] - 30, c[1], 1); fire(svg, "pointerdown", c[0] + 30, c[1], 2);
    fire(svg, "pointermove", c[0] + 90, c[1], 2);
    fire(svg, "pointerup", c[0] - 30, c[1], 1); fire(svg, "pointerup", c[0] + 90, c[1], 2);
    out.pinch_zoom = w0 / vb[2];
    var w1 = vb[2];
    svg.dispatchEvent(new WheelEvent("wheel", { bubbles: true, cancelable: true, clientX: c[0], clientY: c[1], deltaY: 200 }));
    out.wheel_zoom = w1 / vb[2];
    var box = document.querySelector("input[data-layer='layer-zones']");
    box.click();
    out.zones_hidden = getComputedStyle(document.getElementById("layer-zones")).display === "none";
    box.click();
    out.zones_shown = getComputedStyle(document.getElementById("layer-zones")).display !== "none";
    vb = home.slice(); apply();
    var pre = document.createElement("pre");
    pre.id = "selftest";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
})();
"""


def hatchway_numbers(mission: Mission, cat: Catalogue) -> dict[int, int]:
    """Piece index -> the number the page gives its hatchway ("Hatchway 3"),
    in map_svg's order."""
    places = placements(mission, cat)
    numbers: dict[int, int] = {}
    for index, piece in enumerate(mission.pieces):
        kind = cat.pieces.get(piece.code)
        if kind is None or kind.hatchway is None or piece.board not in places:
            continue
        try:
            shape = piece_shape(piece, places[piece.board], cat)
        except PieceGeometryError:
            continue
        if shape.door is not None:
            numbers[index] = len(numbers) + 1
    return numbers


def html_text(mission: Mission, source: str | None = None, catalogue: Catalogue | None = None) -> str:
    cat = catalogue or default_catalogue()
    code = _share_code(mission)  # the file as written
    mission = as_printed(mission)
    t = mission_words(mission)
    svg, view = map_svg(mission, cat, t)
    n_hatch = sum(1 for p in mission.pieces if p.code in cat.pieces and cat.pieces[p.code].hatchway is not None)
    data = {
        "view": [round(v, 2) for v in view],
        "words": {"count": t("Hatchways: {open} open, {closed} closed"), "copied": t("Copied ✓")},
    }
    rounds = round_data(mission, hatchway_numbers(mission, cat), t)
    if rounds is not None:
        data["rounds"] = rounds
    # JSON inside <script>: "</" must not end the element early.
    data_json = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    lang = html.escape((mission.language or "en").strip() or "en", quote=True)
    title = clean(mission.title) or t("Untitled mission")
    layers = [("layer-regions", t("Regions"), bool(mission.regions)),
              ("layer-zones", t("Entry zones"), bool(mission.entry_zones)),
              ("layer-range", t("Objectives' 1\" range"), bool(mission.objectives))]
    boxes = "".join(f'<label><input type="checkbox" checked data-layer="{key}">{_e(name)}</label>'
                    for key, name, present in layers if present)
    hint = t("Tap a hatchway to open or close it. Pinch or scroll to zoom, drag to move.") if n_hatch else \
        t("Pinch or scroll to zoom, drag to move.")
    setup = setup_html(mission, cat, t)
    reset = f'<button type="button" id="hatch-reset">{_e(t("Hatchways as set"))}</button>' if n_hatch else ""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # Nothing is fetched: no scripts, styles, fonts or images from anywhere.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">",
        f"<title>{_e(title)}</title><style>{CSS}{ROUNDS_CSS if rounds is not None else ''}</style></head><body>",
        f"<header><h1>{_e(title)}</h1><p>{_e(subtitle(mission, cat))}</p></header><main>",
        '<div class="mapbox">',
        f'<div class="tools">{boxes}{reset}{switch_html(rounds, t)}'
        f'<span class="zoom"><button type="button" id="zoom-out" aria-label="{_e(t("Zoom out"))}">−</button>'
        f'<button type="button" id="zoom-in" aria-label="{_e(t("Zoom in"))}">+</button>'
        f'<button type="button" id="zoom-home">{_e(t("Whole map"))}</button></span></div>',
        svg,
        '<p id="hatch-count"></p>' if n_hatch else "",
        '<div id="round-events" aria-live="polite"></div>' if rounds is not None else "",
        f'<p class="hint">{_e(hint)}</p></div>',
        '<div class="cols">',
        f"<section><h2>{_e(t('Mission'))}</h2>{texts_html(mission, t)}</section>",
        "<div>",
        f"<section><h2>{_e(t('Where everything is'))}</h2>{setup}</section>" if setup else "",
        f"<section><h2>{_e(t('Parts'))}</h2>{parts_html(mission, cat, t)}</section>",
        f"<section><h2>{_e(t('Share code'))}</h2><p>{_e(t('SHARE_NOTE'))}</p>"
        f'<textarea id="share-code" readonly>{html.escape(code)}</textarea>'
        f'<p><button type="button" id="copy-code">{_e(t("Copy share code"))}</button></p></section>',
        "</div></div>",
        f'<p class="muted" style="padding:0 16px">{_e(t("Made with the Boarding Actions layout editor"))}'
        f'{(" · " + _e(_basename(source))) if source else ""}</p>',
        "</main>",
        f'<script type="application/json" id="page-data">{data_json}</script>',
        f"<script>{JS}</script>",
        f"<script>{ROUNDS_JS}</script>" if rounds is not None else "",
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p)


def _basename(path: str) -> str:
    import os
    return os.path.basename(str(path))


def html_bytes(mission: Mission, source: str | None = None, catalogue: Catalogue | None = None) -> bytes:
    return html_text(mission, source, catalogue).encode("utf-8")


__all__ = ["html_text", "html_bytes", "map_svg"]
