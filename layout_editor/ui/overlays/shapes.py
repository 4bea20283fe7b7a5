"""Drawing helpers shared by the overlays: shapely geometry to Qt paths, text
that stays readable, the overlay colours and stacking order.

Scene units are table millimetres (mission-format.md), so a shapely geometry
from the rules core maps onto the scene without any transform.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ..i18n import number
from ..items.label import LabelItem
from ..items.stacking import Z_LABELS, Z_TINT  # the stacking order, with the table's

MM_PER_INCH = 25.4


# Region tints: a qualitative palette (Okabe-Ito, made for colour-blind
# readers) so that neighbouring regions never look alike.
REGION_COLOURS = [
    QColor("#0072B2"), QColor("#E69F00"), QColor("#009E73"), QColor("#CC79A7"),
    QColor("#56B4E9"), QColor("#D55E00"), QColor("#F0E442"), QColor("#7F3C8D"),
]
SEALED_COLOUR = QColor("#B00020")

SEVERITY_COLOURS = {
    "error": QColor("#D32F2F"),
    "warning": QColor("#F39C12"),
    "info": QColor("#1E88E5"),
}

# Route distances: near is bright, far is dark (viridis, reversed), so the
# eye reads "close" as "light" even printed in greyscale.
_HEAT_STOPS = [QColor("#FDE725"), QColor("#5EC962"), QColor("#21918C"),
               QColor("#3B528B"), QColor("#440154")]
NO_ROUTE_COLOUR = QColor("#5A5A5A")


def inches(mm: float) -> str:
    """A distance as players say it: 12.3\" (12,3\" in German)."""
    return number(mm / MM_PER_INCH, ".1f") + '"'


def heat_colour(t: float) -> QColor:
    """Colour for a distance scaled to 0 (nearest) .. 1 (farthest)."""
    t = min(max(t, 0.0), 1.0) * (len(_HEAT_STOPS) - 1)
    i = min(int(t), len(_HEAT_STOPS) - 2)
    f = t - i
    a, b = _HEAT_STOPS[i], _HEAT_STOPS[i + 1]
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * f,
                           a.greenF() + (b.greenF() - a.greenF()) * f,
                           a.blueF() + (b.blueF() - a.blueF()) * f)


def is_dark(colour: QColor) -> bool:
    # Relative luminance (sRGB weights), good enough to pick text colour.
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF() < 0.5


def tinted(colour: QColor, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


# -- geometry -------------------------------------------------------------------
def _ring(coords) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y, *_ in coords])


def geometry_path(geom) -> QPainterPath:
    """A shapely geometry as a filled Qt path (holes stay holes)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    _add_geometry(path, geom)
    return path


def _add_geometry(path: QPainterPath, geom) -> None:
    if geom is None or geom.is_empty:
        return
    kind = geom.geom_type
    if kind == "Polygon":
        path.addPolygon(_ring(geom.exterior.coords))
        path.closeSubpath()
        for hole in geom.interiors:
            path.addPolygon(_ring(hole.coords))
            path.closeSubpath()
    elif kind in ("LineString", "LinearRing"):
        path.addPolygon(_ring(geom.coords))
    elif kind == "Point":
        path.addEllipse(QPointF(geom.x, geom.y), 1.0, 1.0)
    elif hasattr(geom, "geoms"):
        for part in geom.geoms:
            _add_geometry(path, part)


def polyline_path(points: Sequence[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    if points:
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
    return path


# -- text and labels: items/paths.py and items/label.py (the table's items use them too)


class PathLayer(QGraphicsItem):
    """Base of the overlays: an item that draws prepared paths and never
    takes the mouse (tools and selection see through it)."""

    def __init__(self, parent: QGraphicsItem | None = None, z: float = Z_TINT):
        super().__init__(parent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setZValue(z)
        self._bounds = QRectF()
        self._free_labels: list[LabelItem] = []

    def cache_rendering(self) -> None:
        """For the layers that tint the whole table: every repaint of the
        scene (a drop, a drag, the ghost) would otherwise fill thousands of
        translucent vertices again (~20 ms for the regions of a full
        layout); cached in device pixels it is a blit. Qt caches only the
        part in view, so zooming in does not grow the cache."""
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # Labels of a layer that lies under the terrain would be hidden by walls
    # and other overlays if they were its children (a child stacks with its
    # parent); they live in the scene on their own, above everything, and
    # follow the layer's visibility.
    def add_free_label(self, label: "LabelItem") -> "LabelItem":
        self._free_labels.append(label)
        label.setZValue(Z_LABELS)
        label.setVisible(self.isVisible())
        if self.scene() is not None:
            self.scene().addItem(label)
        return label

    def clear_free_labels(self) -> None:
        for label in self._free_labels:
            if label.scene() is not None:
                label.scene().removeItem(label)
        self._free_labels = []

    def itemChange(self, change, value):
        if change == QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged:
            for label in self._free_labels:
                label.setVisible(bool(value))
        elif change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            for label in self._free_labels:
                if label.scene() is not value:
                    if label.scene() is not None:
                        label.scene().removeItem(label)
                    if value is not None:
                        value.addItem(label)
        return super().itemChange(change, value)

    def _set_bounds(self, rects: Iterable[QRectF], margin: float = 2.0) -> None:
        self.prepareGeometryChange()
        r = QRectF()
        for rect in rects:
            r = r.united(rect)
        self._bounds = r.adjusted(-margin, -margin, margin, margin) if not r.isNull() else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds


def brush(colour: QColor, style=Qt.BrushStyle.SolidPattern) -> QBrush:
    return QBrush(colour, style)
