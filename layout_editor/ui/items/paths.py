"""Shapely geometry to Qt painter paths (table mm in, scene units out)."""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF


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
