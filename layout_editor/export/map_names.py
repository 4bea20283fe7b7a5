"""The names on a map: entry zones, regions and objectives, fitted (wrapped,
shrunk, cut only as a last resort) and placed by export.labels where they
cover no wall code, marker, grid letter or other name; a name set away
from what it names points to it with a leader line."""
from __future__ import annotations

from shapely.geometry import Point
from shapely.ops import nearest_points

from ..model.mission import Mission
from .drawing import Page
from .fonts import text_width
from .labels import Label, Placer, edge_point, fit_names
from .mapview import OBJECTIVE, REGION, TEXT, MapView, table_bounds
from .words import Words


def name_size(zone_pt: float, label_max: float) -> float:
    """The size of the names on a map drawn with zones zone_pt points across."""
    return max(4.5, min(label_max, zone_pt * 0.085))


def map_labels(mission: Mission, view: MapView, places, zone_geoms, region_geoms, zone_pt: float,
               label_max: float, objective_names: bool, t: Words):
    """The names a map shows, fitted, most important first: (key, lines,
    size, bold, colour, anchor, spots, clear)."""
    size = name_size(zone_pt, label_max)
    items = []
    for z, g, colour in zone_geoms:
        if not g.is_empty:
            short = t("P{n}", n=z.player)
            items.append((("zone", z.player, z.board), short + (f" {z.name}" if z.name else ""), True, colour, g,
                          None))
    for n, (r, g) in enumerate(region_geoms):
        if not g.is_empty:
            items.append((("region", n), r.name, False, REGION, g, None))
    if objective_names:
        for o in mission.objectives:
            if o.name:
                items.append((("objective", o.id), o.name, False, OBJECTIVE, None, o.at))
    # A name may be as wide as its area (at least a zone and a half), and
    # wider when its longest word needs it: a name is cut only when even
    # that word, shrunk, is wider than a third of the map.
    x0, y0, x1, y1 = table_bounds(mission)
    cap = max(zone_pt * 2, (x1 - x0) * view.k / 3)
    min_size = max(4.0, size * 0.8)
    rooms = []
    for _key, text, bold, _c, g, _at in items:
        room = _label_room(g, view, zone_pt) if g is not None else zone_pt * 1.6
        longest = max((text_width(w, min_size, bold) for w in str(text).split()), default=0.0)
        rooms.append(min(cap, max(room, zone_pt * 1.5, longest + 1)))
    fitted = [None] * len(items)
    for bold in (True, False):
        idx = [n for n, it in enumerate(items) if it[2] == bold]
        def width(text: str, s: float, bold: bool = bold) -> float:
            return text_width(text, s, bold)

        for n, f in zip(idx, fit_names([items[n][1] for n in idx], size, [rooms[n] for n in idx], width,
                                       min_size=min_size)):
            fitted[n] = f
    out = []
    for (key, _text, bold, colour, g, at), f in zip(items, fitted):
        if f.cut and key[0] == "zone":
            # The player's short name; the legend gives the zone's full name.
            f = fit_names([t("P{n}", n=key[1])], size, cap, lambda text, s: text_width(text, s, True))[0]
        if g is not None:
            c = g.centroid
            anchor = view.pt(c.x, c.y)
            spots = sorted(_cell_spots(g, view), key=lambda p: (p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2)
            clear = 0.0
        else:
            anchor = view.pt(*at)
            spots = []
            clear = 20.0 * view.k
        out.append((key, f, bold, colour, anchor, spots, clear, g))
    return out


def _cell_spots(geom, view: MapView) -> list[tuple[float, float]]:
    """Candidate label centres inside an area: a grid of points over it
    (half a zone apart), those inside it."""
    x0, y0, x1, y1 = geom.bounds
    step = 97.0 / 2
    out = []
    y = y0 + step / 2
    while y < y1:
        x = x0 + step / 2
        while x < x1:
            if geom.contains(Point(x, y)):
                out.append(view.pt(x, y))
            x += step
        y += step
    return out


def draw_names(page: Page, mission: Mission, view: MapView, places, zone_geoms, region_geoms, blocked, soft,
               zone_pt: float, label_max: float, objective_names: bool, t: Words) -> None:
    x0, y0, x1, y1 = table_bounds(mission)
    bounds = (*view.pt(x0, y0), *view.pt(x1, y1))
    placer = Placer(blocked, soft, bounds=bounds, gap=max(0.8, zone_pt * 0.01))
    for key, f, bold, colour, anchor, spots, clear, g in map_labels(
            mission, view, places, zone_geoms, region_geoms, zone_pt, label_max, objective_names, t):
        w = max(text_width(line, f.size, bold) for line in f.lines) + f.size * 0.8
        h = len(f.lines) * f.size * 1.2 + f.size * 0.3
        placed = placer.place(Label(key, anchor, w, h, spots=spots, clear=clear))
        leader = placed.leader
        if g is not None:
            # A name set beside its area points into it.
            cx, cy = placed.centre
            here = Point(view.x0 + (cx - view.ox) / view.k, view.y0 + (cy - view.oy) / view.k)
            if not g.contains(here):
                near = nearest_points(g, here)[0]
                start = view.pt(near.x, near.y)
                leader = (start, edge_point(placed.box, start))
        if leader:
            page.line([leader[0], leader[1]], stroke=colour, width=0.6)
        bx0, by0, bx1, by1 = placed.box
        page.rect(bx0, by0, bx1 - bx0, by1 - by0, fill="#ffffff", stroke=colour, width=0.6)
        cx = (bx0 + bx1) / 2
        for n, line in enumerate(f.lines):
            page.text(cx, by0 + f.size * 0.15 + f.size * (0.95 + 1.2 * n), line, f.size, bold=bold,
                      colour=colour if key[0] != "objective" else TEXT, anchor="middle")


def _label_room(geom, view: MapView, zone_pt: float) -> float:
    """How wide a label over an area may be: the area's width, at least a
    zone, at most three."""
    x0, _y0, x1, _y1 = geom.bounds
    return max(zone_pt, min(zone_pt * 3, (x1 - x0) * view.k)) - 6
