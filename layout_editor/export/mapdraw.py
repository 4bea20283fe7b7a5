"""The mission map drawn onto a page: boards with their zone grid and zone
names, every piece at its footprint (from rules.geometry.piece_shape, so the
print matches the editor and the rules), hatchway symbols, objectives with
their 1" range, entry zones, regions, a scale bar and the legend. A Kill
Team killzone adds each player's territory (a light tint of the player's
colour under everything), the centre line (dashed across the killzone) and
the equipment set up on it at its real size (rules.checks.equipment's
footprints, labelled with the catalogue's short label).

Used by the card, the setup sheet, the tabletop sheets, the small maps on
cards and the SVG/PNG map, at whatever scale each needs. The view (table
millimetres onto the page), what a map must show and the colours are
export/mapview.py's, shared with the names on the map (map_names.py, which
this module draws); they are importable from here too.
"""
from __future__ import annotations

import math

from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import Placement, cell_name, column_name, placements
from ..model.mission import Mission
from ..model.timeline import marker_kind
from ..rules.geometry import PieceGeometryError, piece_shape
from .common import is_kill_team
from .drawing import MM, Page, mix
from .fonts import text_width, truncate
from .labels import circle_box
from .mapview import (
    BOARD_EDGE,
    BOARD_FILL,
    CENTRE_LINE,
    DOOR,
    DOOR_EDGE,
    GRID,
    INCH,
    NODE,
    OBJECTIVE,
    OPEN_DOOR,
    PLAYER_COLOURS,
    REGION,
    TERRITORY_TINT,
    TEXT,
    WALL,
    ZONE_TEXT,
    MapView,
    _local,
    fit_view,
    player_colour,
    table_bounds,
)
from .words import Words, mission_words


def _rings(view: MapView, geom: BaseGeometry):
    """Page rings of each polygon of a geometry: [(outer, hole, ...), ...]."""
    if geom is None or geom.is_empty:
        return []
    polys = getattr(geom, "geoms", [geom])
    out = []
    for g in polys:
        if isinstance(g, Polygon) and not g.is_empty:
            out.append([view.pts(g.exterior.coords)] + [view.pts(r.coords) for r in g.interiors])
    return out


def fill_geom(page: Page, view: MapView, geom, fill=None, stroke=None, width=0.5, dash=None):
    for rings in _rings(view, geom):
        page.poly(rings, fill=fill, stroke=stroke, width=width, dash=dash)


def cells_geom(place: Placement, cells) -> BaseGeometry:
    return unary_union([Polygon(place.cell_corners_table(tuple(c))) for c in cells if place.has_cell(tuple(c))])


def _hatch(page: Page, view: MapView, geom: BaseGeometry, spacing_pt: float, colour: str, width: float):
    """Diagonal hatching clipped to a geometry (computed, so every backend
    draws the same lines without needing clip paths)."""
    if geom.is_empty:
        return
    x0, y0, x1, y1 = geom.bounds
    step = spacing_pt / view.k * math.sqrt(2)
    c = x0 - (y1 - y0)
    lines = []
    while c < x1:
        lines.append(LineString([(c, y1), (c + (y1 - y0), y0)]))
        c += step
    for ln in lines:
        part = geom.intersection(ln)
        for seg in getattr(part, "geoms", [part]):
            if isinstance(seg, LineString) and not seg.is_empty:
                page.line(view.pts(seg.coords), stroke=colour, width=width)


def _upright(angle: float) -> float:
    """A label's angle along a direction, turned so it never reads upside down."""
    a = (angle + 180.0) % 360.0 - 180.0
    # Along a wall running down the page the text reads bottom to top, as on maps.
    if a >= 90.0:
        a -= 180.0
    elif a < -90.0:
        a += 180.0
    return a


def _label_at(page: Page, cx: float, cy: float, text: str, size: float, angle: float,
              colour: str = TEXT, bold: bool = True):
    """A label whose visual centre is at (cx, cy)."""
    t = math.radians(angle)
    up = (math.sin(t), -math.cos(t))
    bx = cx - up[0] * 0.36 * size
    by = cy - up[1] * 0.36 * size
    page.text(bx, by, text, size, bold=bold, colour=colour, anchor="middle", angle=angle)


def draw_map(page: Page, mission: Mission, view: MapView, catalogue: Catalogue | None = None,
             labels: bool = True, cell_names: bool = True, label_max: float = 9.0,
             objective_names: bool = True) -> None:
    """Draw the whole battlefield with `view`. `labels` off gives the bare
    layout used for the small maps on cards (draw_highlight marks one
    objective or region on them)."""
    cat = catalogue or default_catalogue()
    k = view.k
    places = placements(mission, cat)
    # Label sizes follow the map scale (1 zone is 97 mm), within what prints legibly.
    zone_pt = 97.0 * k
    grid_text = max(4.0, min(label_max, zone_pt * 0.085))

    # -- boards ------------------------------------------------------------------
    for b in mission.boards:
        p = places[b.id]
        page.poly([view.pts(p.outline_table())], fill=BOARD_FILL, stroke=BOARD_EDGE, width=max(0.6, 0.9 * min(k, 1.5)))

    # -- Kill Team territories, under everything else --------------------------
    for terr in mission.territories:
        if len(terr.area) >= 3:
            fill_geom(page, view, Polygon(terr.area).buffer(0), fill=mix(player_colour(terr.player), TERRITORY_TINT))

    # -- entry zones and regions, under the grid ---------------------------------
    zone_geoms = []
    for z in mission.entry_zones:
        p = places.get(z.board)
        if p is None:
            continue
        g = cells_geom(p, z.cells)
        colour = player_colour(z.player)
        fill_geom(page, view, g, fill=mix(colour, 0.28))
        zone_geoms.append((z, g, colour))
    region_geoms = []
    for r in mission.regions:
        p = places.get(r.board)
        if p is None:
            continue
        g = cells_geom(p, r.cells)
        _hatch(page, view, g, spacing_pt=max(2.2, min(8.0, zone_pt * 0.06)), colour=REGION, width=0.45)
        region_geoms.append((r, g))

    # -- zone grid -------------------------------------------------------------------
    blocked: list = []  # what the names placed below must not cover (page boxes)
    soft: list = []     # what they had better not cover (the walls)
    for b in mission.boards:
        p = places[b.id]
        nx, ny = p.kind.nodes
        for i in range(nx):
            page.line(view.pts([p.node_table((i, 0)), p.node_table((i, ny - 1))]), stroke=GRID, width=0.4)
        for j in range(ny):
            page.line(view.pts([p.node_table((0, j)), p.node_table((nx - 1, j))]), stroke=GRID, width=0.4)
        half = 4.0  # node squares: where pillars stand (8 mm marks)
        for node in p.nodes():
            x, y = p.node_table(node)
            page.rect(*view.pt(x - half, y - half), 2 * half * k, 2 * half * k, fill=NODE)
        if not labels:
            continue
        border = p.kind.border
        zx, zy = p.kind.zones
        others = [places[o.id] for o in mission.boards if o.id != b.id]

        def grid_label(u: float, v: float, out_u: float, out_v: float, text: str, p=p, others=others):
            # Where two boards meet, the letters of both borders would stand
            # in a stack at the seam: the outer edges name the zones there.
            ox, oy = p.to_table(out_u, out_v)
            if any(o.contains(ox, oy) for o in others):
                return
            cx, cy = view.pt(*p.to_table(u, v))
            _label_at(page, cx, cy, text, grid_text, 0.0, ZONE_TEXT)
            hw = text_width(text, grid_text, True) / 2
            blocked.append((cx - hw, cy - grid_text * 0.5, cx + hw, cy + grid_text * 0.5))

        for i in range(zx):
            u = border + (i + 0.5) * p.kind.pitch
            grid_label(u, border / 2, u, -border / 2, column_name(i))
            grid_label(u, p.kind.height - border / 2, u, p.kind.height + border / 2, column_name(i))
        for j in range(zy):
            v = border + (j + 0.5) * p.kind.pitch
            grid_label(border / 2, v, -border / 2, v, str(j + 1))
            grid_label(p.kind.width - border / 2, v, p.kind.width + border / 2, v, str(j + 1))
        # The board's name in its first corner, as a badge; in the next
        # corner when a piece stands on the node there and would hide it.
        taken = {tuple(n) for piece in mission.pieces_on(b.id)
                 for n in (piece.at, piece.from_node, piece.to_node) if n is not None}
        corners = [((0, 0), (border / 2, border / 2)), ((nx - 1, 0), (p.kind.width - border / 2, border / 2)),
                   ((0, ny - 1), (border / 2, p.kind.height - border / 2)),
                   ((nx - 1, ny - 1), (p.kind.width - border / 2, p.kind.height - border / 2))]
        corner = next((uv for node, uv in corners if node not in taken), corners[0][1])
        cx, cy = view.pt(*p.to_table(*corner))
        badge = b.id[:3]
        side = border * k * 0.92
        page.rect(cx - side / 2, cy - side / 2, side, side, fill=BOARD_EDGE)
        blocked.append((cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2))
        _label_at(page, cx, cy, badge, min(grid_text * 1.1, side * 0.8 / max(1, len(badge) * 0.75)),
                  0.0, "#ffffff")
        if cell_names and zone_pt >= 40:
            size = max(3.6, min(label_max * 0.8, zone_pt * 0.065))
            # Marker discs a zone's name must not sit under (an official
            # killzone's markers stand on zone lines, over a zone's corner).
            discs = [(o.at, 20.0) for o in mission.objectives]
            discs += [(e.at, cat.equipment[e.kind].size[0] / 2) for e in mission.equipment
                      if e.kind in cat.equipment and cat.equipment[e.kind].shape == "round"]
            for cell in p.cells():
                # The name sits in the zone's top-left corner as the board lies
                # (clear of the node square there), or in the next corner
                # clear of every marker.
                corners = [p.to_table(border + (cell[0] + a) * p.kind.pitch, border + (cell[1] + c) * p.kind.pitch)
                           for a in (0, 1) for c in (0, 1)]
                x0, y0 = min(c[0] for c in corners), min(c[1] for c in corners)
                x1, y1 = max(c[0] for c in corners), max(c[1] for c in corners)
                name = cell_name(cell)
                w_mm, h_mm = text_width(name, size) / k, size / k
                spots = [(x0 + 14.0, y0 + 14.0), (x1 - 14.0 - w_mm, y0 + 14.0), (x0 + 14.0, y1 - 14.0 - h_mm),
                         (x1 - 14.0 - w_mm, y1 - 14.0 - h_mm)]
                spot = next((sp for sp in spots if not any(_box_meets_disc(sp[0], sp[1], w_mm, h_mm, at, r)
                                                           for at, r in discs)), None)
                if spot is None:
                    continue  # every corner under a marker: the zone's name is on the setup key's lines
                tx, ty = spot
                lx, ly = view.pt(tx, ty + size / k * 0.5)
                page.text(lx, ly, name, size, colour=mix(ZONE_TEXT, 0.7))
                blocked.append((lx, ly - size * 0.8, lx + text_width(name, size), ly + size * 0.25))

    # -- board gaps ------------------------------------------------------------------
    t = mission_words(mission)
    if labels:
        _draw_gaps(page, mission, view, places, grid_text, t, blocked)

    # -- entry zone outlines and regions' outlines -----------------------------------
    for _z, g, colour in zone_geoms:
        fill_geom(page, view, g, stroke=colour, width=max(0.8, min(2.5, zone_pt * 0.02)))
    for _r, g in region_geoms:
        fill_geom(page, view, g, stroke=REGION, width=0.7, dash=(3, 2))

    # -- pieces -------------------------------------------------------------------------
    wall_labels = []
    drawn = set()
    for piece in mission.pieces:
        # Copies of a piece on one spot (the checks report them) are drawn
        # once: the same picture, not thousands of shapes and labels over it.
        try:
            if piece in drawn:
                continue
            drawn.add(piece)
        except TypeError:  # extras that cannot be hashed: drawn as they come
            pass
        p = places.get(piece.board)
        kind = cat.pieces.get(piece.code)
        if p is None or kind is None:
            continue
        try:
            shape = piece_shape(piece, p, cat)
        except PieceGeometryError:
            continue
        fill_geom(page, view, shape.solid, fill=WALL)
        sx0, sy0, sx1, sy1 = shape.solid.bounds
        soft.append((*view.pt(sx0, sy0), *view.pt(sx1, sy1)))
        if shape.door is not None:
            _draw_hatchway(page, view, piece, kind, shape, cat)
        if labels:
            wall_labels.append((piece, kind, shape))
    if labels:
        for piece, kind, shape in wall_labels:
            blocked.append(_draw_piece_label(page, view, piece, kind, shape, cat, label_max))

    # -- Kill Team: the centre line and the equipment set up on the killzone ---------------
    draw_centre_line(page, view, mission, zone_pt)
    draw_equipment(page, view, mission, cat, labels)

    # -- objectives, on top of everything ------------------------------------------------
    for o in mission.objectives:
        cx, cy = view.pt(*o.at)
        # its kind's size; the range ring only on a marker that counts as an objective (model/timeline.py)
        marker = marker_kind(mission, o.kind, cat) if o.kind != "objective" else None
        r = marker.diameter / 2 if marker is not None else 20.0
        if marker is None or marker.counts_as == "objective":
            page.circle(cx, cy, (r + INCH) * k, stroke=OBJECTIVE, width=max(0.5, min(1.5, zone_pt * 0.012)),
                        dash=(2.5, 1.8))
        page.circle(cx, cy, r * k, fill="#ffffff", stroke=OBJECTIVE, width=max(0.7, min(2.0, zone_pt * 0.016)))
        page.circle(cx, cy, (r - 3.5) * k, stroke=OBJECTIVE, width=0.35)
        blocked.append(circle_box(cx, cy, r * k))
        if labels:
            size = min(26.0 * k, max(5.0, 20.0 * k))
            ident = _fit(o.id, size, 30.0 * k)
            page.text(cx, cy + size * 0.36, ident, size, bold=True, colour=OBJECTIVE, anchor="middle")

    # -- names of entry zones, regions and objectives, where they cover nothing -----------
    if labels:
        from .map_names import draw_names

        draw_names(page, mission, view, places, zone_geoms, region_geoms, blocked, soft, zone_pt, label_max,
                   objective_names, t)


def _box_meets_disc(x: float, y: float, w: float, h: float, at, r: float, margin: float = 1.5) -> bool:
    """Does a text box (top-left x, y; w x h table mm, with a little room
    for the glyphs' reach) come within a marker's disc?"""
    nx = min(max(at[0], x - margin), x + w + margin)
    ny = min(max(at[1], y - h - margin), y + h + margin)
    return math.hypot(nx - at[0], ny - at[1]) < r + margin


def draw_centre_line(page: Page, view: MapView, mission: Mission, zone_pt: float = 40.0) -> None:
    if mission.centre_line is None:
        return
    page.line(view.pts(mission.centre_line), stroke=CENTRE_LINE, width=max(0.8, min(2.2, zone_pt * 0.018)),
              dash=(6.0, 3.0))


def draw_equipment(page: Page, view: MapView, mission: Mission, cat: Catalogue, labels: bool = True) -> None:
    """Each item of equipment at its footprint, in its player's colour."""
    from ..rules.checks.equipment import equipment_shape

    for item in mission.equipment:
        kind = cat.equipment.get(item.kind)
        if kind is None:
            continue
        shape = equipment_shape(item, kind)
        colour = player_colour(item.player)
        if kind.shape == "round":
            cx, cy = view.pt(*item.at)
            page.circle(cx, cy, kind.size[0] / 2 * view.k, fill=mix(colour, 0.55), stroke=colour,
                        width=max(0.5, 0.8 * min(view.k, 1.5)))
        else:
            fill_geom(page, view, shape, fill=mix(colour, 0.55), stroke=colour, width=max(0.5, 0.8 * min(view.k, 1.5)))
        if labels:
            size = min(7.0, max(3.0, min(kind.size) * view.k * 0.75))
            cx, cy = view.pt(*item.at)
            angle = 0.0 if kind.shape == "round" else _upright(item.rotation)
            _label_at(page, cx, cy, kind.label, size, angle, TEXT)


def _fit(text: str, size: float, width: float, bold: bool = True) -> str:
    """Shorten a label with an ellipsis to fit a width in points."""
    return truncate(text, size, width, bold)


def _draw_hatchway(page: Page, view: MapView, piece, kind, shape, cat: Catalogue) -> None:
    """Closed: the door fills the gap, its leaf a bar on its face. Open: the gap
    is free and the leaf is drawn swung open onto its face, with the arc it
    sweeps, as on an architect's plan. Both show the face the door is on."""
    half = cat.wall_thickness / 2
    o0, o1 = kind.hatchway.opening
    width = o1 - o0
    side = -1.0 if piece.facing == "left" else 1.0
    k = view.k
    if not piece.open:
        fill_geom(page, view, shape.door, fill=DOOR, stroke=DOOR_EDGE, width=max(0.3, 0.5 * min(k, 1)))
        fill_geom(page, view, shape.leaf, fill=DOOR_EDGE)
        # A short tab in the middle of the leaf makes the face readable at card scale.
        mid = kind.hatchway.middle
        tab = Polygon([_local(shape, mid - 5, side * half), _local(shape, mid + 5, side * half),
                       _local(shape, mid, side * (half + 7.0))])
        fill_geom(page, view, tab, fill=DOOR_EDGE)
        return
    hinge = (o0, side * half)
    lw = max(0.6, min(2.0, 0.9 * k))
    leaf = Polygon([_local(shape, o0, side * half), _local(shape, o0 + 2.0, side * half),
                    _local(shape, o0 + 2.0, side * (half + width)), _local(shape, o0, side * (half + width))])
    fill_geom(page, view, leaf, fill=OPEN_DOOR)
    arc = []
    for n in range(17):
        t = math.pi / 2 * n / 16
        arc.append(_local(shape, hinge[0] + width * math.sin(t), hinge[1] + side * width * math.cos(t)))
    page.line(view.pts(arc), stroke=OPEN_DOOR, width=lw * 0.7, dash=(1.6, 1.2))


def _draw_piece_label(page: Page, view: MapView, piece, kind, shape, cat: Catalogue, label_max: float) -> None:
    k = view.k
    label = kind.label
    if kind.is_wall:
        size = max(5.5, min(label_max, 9.5 * k))
        angle = _upright(shape.angle)
        # Beside the wall, on the face without a door leaf (open leaves swing there).
        side = 1.0 if piece.facing == "left" else -1.0
        if kind.moulded_pillars:
            off = 12.5 + 1.2 + size * 0.5 / k
            along = 0.0
        else:
            off = cat.wall_thickness / 2 + 1.5 + size * 0.5 / k
            along = 0.0
        x, y = _local(shape, along, side * off)
        cx, cy = view.pt(x, y)
        _label_at(page, cx, cy, label, size, angle, WALL)
        return _text_box(cx, cy, label, size, angle)
    # Pillars and wall ends: white on the piece when it fits, else beside it.
    minx, miny, maxx, maxy = shape.solid.bounds
    w, h = (maxx - minx) * k, (maxy - miny) * k
    angle = 0.0 if w >= h or kind.kind != "wall-end" else -90.0
    along = max(w, h) if angle else w
    across = min(w, h) if angle else h
    size = min(label_max, across * 0.62, along * 0.8 / max(0.6 * len(label), 0.7))
    cx, cy = view.pt(*shape.centre)
    if size >= 3.2:
        _label_at(page, cx, cy, label, size, angle, "#ffffff")
        return _text_box(cx, cy, label, size, angle)
    size = 4.0
    lx, ly = cx + w / 2 + size, cy - h / 2 - size * 0.2
    _label_at(page, lx, ly, label, size, 0.0, WALL)
    return _text_box(lx, ly, label, size, 0.0)


def _text_box(cx: float, cy: float, text: str, size: float, angle: float, bold: bool = True):
    """The box a label centred at (cx, cy) covers (turned labels by a quarter)."""
    hw, hh = text_width(text, size, bold) / 2, size * 0.6
    if abs(abs(angle) - 90.0) < 45.0:
        hw, hh = hh, hw
    return (cx - hw, cy - hh, cx + hw, cy + hh)


def _draw_gaps(page: Page, mission: Mission, view: MapView, places, size: float, t: Words,
               blocked: list | None = None) -> None:
    """Boards laid apart: the gap between facing edges, in mm and inches."""
    ids = [b.id for b in mission.boards]
    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            ax0, ay0, ax1, ay1 = places[a].bounds
            bx0, by0, bx1, by1 = places[b].bounds
            over_y = min(ay1, by1) - max(ay0, by0)
            over_x = min(ax1, bx1) - max(ax0, bx0)
            if over_y > 0 and (bx0 - ax1 > 0.5 or ax0 - bx1 > 0.5):
                x0, x1 = (ax1, bx0) if bx0 > ax1 else (bx1, ax0)
                y = max(ay0, by0) + over_y / 2
                _dimension(page, view, (x0, y), (x1, y), size, t, blocked)
            elif over_x > 0 and (by0 - ay1 > 0.5 or ay0 - by1 > 0.5):
                y0, y1 = (ay1, by0) if by0 > ay1 else (by1, ay0)
                x = max(ax0, bx0) + over_x / 2
                _dimension(page, view, (x, y0), (x, y1), size, t, blocked)


def _dimension(page: Page, view: MapView, a, b, size: float, t: Words, blocked: list | None = None) -> None:
    gap = math.hypot(b[0] - a[0], b[1] - a[1])
    pa, pb = view.pt(*a), view.pt(*b)
    page.line([pa, pb], stroke=BOARD_EDGE, width=0.6)
    for p in (pa, pb):
        page.circle(p[0], p[1], 1.2, fill=BOARD_EDGE)
    text = t("gap {mm} mm ({inches}\")", mm=f"{gap:.0f}", inches=t.number(gap / INCH, ".1f"))
    mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
    vertical = abs(pb[1] - pa[1]) > abs(pb[0] - pa[0])
    lx, ly = mx + (size * 0.9 if vertical else 0), my - (0 if vertical else size * 0.9)
    _label_at(page, lx, ly, text, size, -90.0 if vertical else 0.0, BOARD_EDGE, bold=False)
    if blocked is not None:
        blocked.append(_text_box(lx, ly, text, size, -90.0 if vertical else 0.0, bold=False))


def draw_scale_bar(page: Page, x: float, y: float, k: float, max_width: float, size: float = 6.5,
                   label: str = "inches") -> float:
    """A scale bar in inches (alternating blocks), fitting max_width points.
    Returns its height."""
    inch_pt = INCH * k
    for total in (24, 18, 12, 6, 3, 2, 1):
        if total * inch_pt <= max_width - 30:
            break
    step = 1 if total <= 12 else 2
    h = 4.0
    for n in range(0, total, step):
        page.rect(x + n * inch_pt, y, step * inch_pt, h, fill=TEXT if (n // step) % 2 == 0 else "#ffffff",
                  stroke=TEXT, width=0.4)
    # Numbers only at the ends of segments, at one even step that divides
    # the bar (0" 6" 12" 18", never a 9" in the middle of a 2" segment).
    every = next(n for n in range(step, total + 1, step) if total % n == 0 and total // n <= 4)
    for m in range(0, total + 1, every):
        page.text(x + m * inch_pt, y + h + size + 1, f'{m}"', size, colour=TEXT, anchor="middle")
    page.text(x + total * inch_pt + 6, y + h, label, size, colour=TEXT)
    return h + size + 3


# ----------------------------------------------------------------------------
# The legend
# ----------------------------------------------------------------------------
def _icon_wall(page, x, y, w):
    page.rect(x, y - 1.6, w, 3.2, fill=WALL)


def legend_entries(mission: Mission, catalogue: Catalogue | None = None):
    """(icon drawer, text) pairs for every symbol the map uses."""
    t = mission_words(mission)
    used = {p.code for p in mission.pieces}
    entries = []

    def wall(page, x, y):
        _icon_wall(page, x, y + 4, 24)
        page.text(x + 12, y + 1.2, "A1", 5.5, bold=True, colour=WALL, anchor="middle")

    entries.append((wall, t("Wall with its code (A1–A4 long, B1–B3 short)")))

    def pillar(page, x, y):
        page.rect(x + 2, y - 2, 9, 8, fill=WALL)
        page.text(x + 6.5, y + 4.2, "L", 6, bold=True, colour="#ffffff", anchor="middle")
        page.rect(x + 14, y - 2, 9, 8, fill=WALL)
        page.text(x + 18.5, y + 4.2, "R", 6, bold=True, colour="#ffffff", anchor="middle")

    entries.append((pillar, t("Pillar, left-hand (L) and right-hand (R)")))
    if "wall-end" in used or not used:
        def wall_end(page, x, y):
            page.rect(x + 6, y - 1, 12, 6.5, fill=WALL)
            page.text(x + 12, y + 4.2, "WE", 4.6, bold=True, colour="#ffffff", anchor="middle")
        entries.append((wall_end, t("Wall end (WE)")))

    def closed(page, x, y):
        page.rect(x, y + 0.9, 6, 3.2, fill=WALL)
        page.rect(x + 18, y + 0.9, 6, 3.2, fill=WALL)
        page.rect(x + 6, y + 0.9, 12, 3.2, fill=DOOR, stroke=DOOR_EDGE, width=0.4)
        page.rect(x + 6, y + 4.1, 12, 1.2, fill=DOOR_EDGE)
        page.poly([[(x + 10.5, y + 5.3), (x + 13.5, y + 5.3), (x + 12, y + 7.6)]], fill=DOOR_EDGE)

    entries.append((closed, t("Hatchway, closed: the door, its leaf on the face it is set up on")))

    def opened(page, x, y):
        page.rect(x, y - 1, 6, 3.2, fill=WALL)
        page.rect(x + 18, y - 1, 6, 3.2, fill=WALL)
        page.rect(x + 6, y + 2.2, 1, 9, fill=OPEN_DOOR)
        arc = [(x + 6 + 12 * math.sin(math.pi / 2 * n / 10), y + 2.2 + 12 * math.cos(math.pi / 2 * n / 10))
               for n in range(11)]
        page.line(arc, stroke=OPEN_DOOR, width=0.5, dash=(1.2, 0.9))

    if not is_kill_team(mission):  # Kill Team prints every hatchway closed (common.as_printed)
        entries.append((opened, t("Hatchway, open: the leaf swung open onto its face")))

    def objective(page, x, y):
        page.circle(x + 12, y + 2, 6.5, stroke=OBJECTIVE, width=0.5, dash=(1.5, 1.1))
        page.circle(x + 12, y + 2, 3.8, fill="#ffffff", stroke=OBJECTIVE, width=0.6)
        page.text(x + 12, y + 3.8, "1", 4.8, bold=True, colour=OBJECTIVE, anchor="middle")

    entries.append((objective, t('Objective marker (40 mm) with its id; dashed: 1" range')))
    players = sorted({z.player for z in mission.entry_zones}) or list(range(1, mission.players + 1))
    for pl in players:
        names = sorted({z.name for z in mission.entry_zones if z.player == pl and z.name})
        own = player_colour(pl)  # bound now: this line's player

        def zone(page, x, y, colour=own):
            page.rect(x + 2, y - 2, 20, 8, fill=mix(colour, 0.28), stroke=colour, width=1.0)

        text = t("Entry zone, player {n}", n=pl) + (f": {', '.join(names)}" if names else "")
        # A legend line stays a legend line, however long the names are.
        entries.append((zone, text if len(text) <= 110 else text[:109] + "…"))
    if mission.territories:
        for pl in sorted({tr.player for tr in mission.territories}):
            own = player_colour(pl)  # bound now: this line's player

            def territory(page, x, y, colour=own):
                page.rect(x + 2, y - 2, 20, 8, fill=mix(colour, TERRITORY_TINT), stroke=mix(colour, 0.5), width=0.4)

            entries.append((territory, t("Territory, player {n}", n=pl)))
    if mission.centre_line is not None:
        def centre(page, x, y):
            page.line([(x + 1, y + 2), (x + 23, y + 2)], stroke=CENTRE_LINE, width=1.0, dash=(3.0, 1.5))

        entries.append((centre, t("Centre line")))
    if mission.equipment:
        cat = catalogue or default_catalogue()
        for kind_id in sorted({e.kind for e in mission.equipment}):
            kind = cat.equipment.get(kind_id)
            if kind is None:
                continue

            def item(page, x, y, kind=kind):
                if kind.shape == "round":
                    page.circle(x + 12, y + 2, 4.0, fill=mix(PLAYER_COLOURS[0], 0.55), stroke=PLAYER_COLOURS[0])
                else:
                    page.rect(x + 4, y, 16, 4, fill=mix(PLAYER_COLOURS[0], 0.55), stroke=PLAYER_COLOURS[0], width=0.5)
                page.text(x + 12, y + 3.2, kind.label, 4.0, bold=True, colour=TEXT, anchor="middle")

            w, d = kind.size
            size = (t("{w:g} mm across", w=w) if kind.shape == "round"
                    else t("{w:g} × {d:g} mm", w=w, d=d))
            entries.append((item, t("{name} ({label}), {size}, in its player's colour",
                                    name=t(kind.name), label=kind.label, size=size)))
    if mission.regions:
        def region(page, x, y):
            g = box(0, 0, 20, 8)
            v = MapView(0, 0, x + 2, y - 2, 1.0)
            _hatch(page, v, g, 2.2, REGION, 0.45)
            page.rect(x + 2, y - 2, 20, 8, stroke=REGION, width=0.6, dash=(2, 1.5))

        entries.append((region, t("Region, named on the map")))

    def grid(page, x, y):
        page.rect(x + 2, y - 2.5, 20, 9, fill=BOARD_FILL, stroke=GRID, width=0.4)
        page.line([(x + 12, y - 2.5), (x + 12, y + 6.5)], stroke=GRID, width=0.4)
        page.rect(x + 10.8, y - 2.5 + 3.3, 2.4, 2.4, fill=NODE)
        page.text(x + 7, y + 3.5, "C", 4.5, colour=ZONE_TEXT, anchor="middle")
        page.text(x + 17, y + 3.5, "4", 4.5, colour=ZONE_TEXT, anchor="middle")

    entries.append((grid, t("Zones: column letter and row number per board (e.g. C4); squares mark the nodes")))
    return entries


def draw_legend(page: Page, mission: Mission, x: float, y: float, w: float, size: float = 6.8,
                catalogue: Catalogue | None = None, heading: str | None = None) -> float:
    """Draw the legend in a column; returns the height used."""
    from .flow import wrap

    heading = heading or mission_words(mission)("Legend")
    page.text(x, y + size * 1.2, heading, size * 1.25, bold=True, colour=TEXT)
    cy = y + size * 2.6
    for icon, text in legend_entries(mission, catalogue):
        lines = wrap(text, size, w - 30, False)
        icon(page, x, cy)
        for n, line in enumerate(lines):
            page.text(x + 29, cy + 4.5 + n * size * 1.2, line, size, colour=TEXT)
        cy += max(12.5, len(lines) * size * 1.2 + 4.5)
    return cy - y


def legend_height(mission: Mission, w: float, size: float = 6.8, catalogue=None) -> float:
    from .flow import wrap

    h = size * 2.6
    for _icon, text in legend_entries(mission, catalogue):
        h += max(12.5, len(wrap(text, size, w - 30, False)) * size * 1.2 + 4.5)
    return h


__all__ = ["MapView", "draw_map", "draw_legend", "draw_scale_bar", "fit_view", "table_bounds",
           "player_colour", "PLAYER_COLOURS", "MM", "legend_height", "cells_geom"]


class MapCache:
    """The map drawn once per scale and placed wherever it is needed: the
    tabletop sheets, the setup sheet's board maps and the cards' small maps
    all show the same table many times over."""

    def __init__(self, mission: Mission, catalogue: Catalogue | None = None, **options):
        self.mission = mission
        self.cat = catalogue or default_catalogue()
        self.options = options
        self.bounds = table_bounds(mission, self.cat)
        self._drawn: dict[float, tuple[list, list]] = {}

    def _at(self, k: float):
        key = round(k, 9)
        if key not in self._drawn:
            from .drawing import op_bounds

            table = Page(0, 0)
            draw_map(table, self.mission, MapView(self.bounds[0], self.bounds[1], 0.0, 0.0, k), self.cat,
                     **self.options)
            self._drawn[key] = (table.ops, [op_bounds(op) for op in table.ops])
        return self._drawn[key]

    def draw(self, page: Page, view: MapView, rect: tuple[float, float, float, float] | None = None,
             whole_texts: bool = False) -> None:
        """Draw as draw_map(page, mission, view) would; with `rect` (x0, y0,
        x1, y1 on the page) only what reaches into it. `whole_texts`: a
        text is drawn only when all of it lies inside `rect`; a label the
        rectangle's edge would cut in half (a neighbouring board's, on the
        setup sheet's board maps) is left out, as a clip hides only its ink:
        the cut words would stay in the PDF for readers, searches and
        printer drivers, out where the paper's edge is."""
        from .drawing import Text, place_ops

        ops, boxes = self._at(view.k)
        dx = view.ox + (self.bounds[0] - view.x0) * view.k
        dy = view.oy + (self.bounds[1] - view.y0) * view.k
        window = None if rect is None else (rect[0] - dx, rect[1] - dy, rect[2] - dx, rect[3] - dy)
        if whole_texts and window is not None:
            kept = [(op, b) for op, b in zip(ops, boxes) if not isinstance(op, Text) or _inside(text_ink_box(op), window)]
            ops, boxes = [op for op, _ in kept], [b for _, b in kept]
        place_ops(page, ops, dx, dy, window, boxes)


def text_ink_box(op) -> tuple[float, float, float, float]:
    """The box a text's letters cover on the page: cap height above the
    baseline, descenders below, turned with the text."""
    w = text_width(op.text, op.size, op.bold)
    x0 = {"start": 0.0, "middle": -w / 2, "end": -w}.get(op.anchor, 0.0)
    a = math.radians(op.angle)
    ca, sa = math.cos(a), math.sin(a)
    pts = [(op.x + u * ca - v * sa, op.y + u * sa + v * ca)
           for u in (x0, x0 + w) for v in (-0.72 * op.size, 0.2 * op.size)]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _inside(box, rect) -> bool:
    return box[0] >= rect[0] and box[1] >= rect[1] and box[2] <= rect[2] and box[3] <= rect[3]


def draw_highlight(page: Page, mission: Mission, view: MapView, objective: str | None = None,
                   region: int | None = None, catalogue: Catalogue | None = None) -> None:
    """Mark one objective or region over a map already drawn (the cards)."""
    k = view.k
    for o in mission.objectives:
        if o.id == objective:
            cx, cy = view.pt(*o.at)
            page.circle(cx, cy, (20.0 + INCH) * k, stroke="#b00020", width=1.0, dash=(2.0, 1.2))
            page.circle(cx, cy, max(20.0 * k, 2.2), fill="#b00020", stroke="#ffffff", width=0.6)
    if region is not None and 0 <= region < len(mission.regions):
        r = mission.regions[region]
        places = placements(mission, catalogue)
        if r.board in places:
            g = cells_geom(places[r.board], r.cells)
            _hatch(page, view, g, spacing_pt=2.0, colour="#3d2f12", width=0.7)
            fill_geom(page, view, g, stroke="#b00020", width=1.2)
