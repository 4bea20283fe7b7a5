"""Drawing helpers of the table's items and the overlays: shapely geometry
to Qt painter paths (table mm in, scene units out), text as a path that
scales with the table, and pens that keep their width on screen."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF, QTransform

from ... import memo


def _ring(coords) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in coords])


def geometry_path(geom) -> QPainterPath:
    """A painter path of a (multi)polygon or a collection of them; holes are
    kept (odd-even fill)."""
    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    if geom is None or geom.is_empty:
        return path
    parts = getattr(geom, "geoms", None)
    for g in (parts if parts is not None else [geom]):
        if g.geom_type == "Polygon":
            path.addPolygon(_ring(g.exterior.coords))
            path.closeSubpath()
            for hole in g.interiors:
                path.addPolygon(_ring(hole.coords))
                path.closeSubpath()
        elif g.geom_type in ("MultiPolygon", "GeometryCollection"):
            path.addPath(geometry_path(g))
    return path


# -- text -------------------------------------------------------------------------
_PATH_FONT_PX = 100


def text_path(text: str, centre: tuple[float, float], height_mm: float,
              bold: bool = True) -> QPainterPath:
    """Text as a path `height_mm` tall (cap height roughly), centred on a
    table point: it scales with the table like the terrain it labels."""
    raw, middle = _outline(text, bold)
    s = height_mm / _PATH_FONT_PX * 1.35
    t = QTransform()
    t.translate(centre[0], centre[1])
    t.scale(s, s)
    t.translate(-middle.x(), -middle.y())
    return t.map(raw)


# Each text's outline, made once: the route-distance overlay writes a
# number in each of 336 zones on eight boards after every edit, mostly the
# same numbers, and Qt's text outline (~70 us each, on the worker) lets go
# of the GIL and takes it back at once, which keeps the window waiting
# (ui/analysis_worker.let_the_window_in). A QPainterPath is shared
# read-only between threads safely (implicitly shared, atomic counts).
_OUTLINES = memo.Memo("text paths: each text's outline", 1024)


def _outline(text: str, bold: bool) -> tuple[QPainterPath, QPointF]:
    key = (text, bold)
    hit = _OUTLINES.get(key)
    if hit is None:
        font = QFont()
        font.setPixelSize(_PATH_FONT_PX)
        font.setBold(bold)
        raw = QPainterPath()
        raw.addText(0, 0, font, text)
        hit = _OUTLINES.put(key, (raw, raw.boundingRect().center()))
    return hit


def draw_haloed(painter: QPainter, path: QPainterPath, fill: QColor, halo: QColor,
                halo_width: float) -> None:
    """Fill a text path with a contrasting halo so it reads on any tint."""
    stroker = QPainterPathStroker()
    stroker.setWidth(halo_width)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(halo)
    painter.drawPath(stroker.createStroke(path))
    painter.setBrush(fill)
    painter.drawPath(path)


def cosmetic_pen(colour: QColor, width_px: float, style=Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in screen pixels, so lines stay crisp at any zoom."""
    pen = QPen(colour, width_px, style)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen
