"""Drawing helpers shared by the overlays: shapely geometry to Qt paths, text
that stays readable, the overlay colours and stacking order.

Scene units are table millimetres (mission-format.md), so a shapely geometry
from the rules core maps onto the scene without any transform.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ..analysis_worker import let_the_window_in
from ..i18n import number
from ..items.boxed import BoxedItem
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


# -- drawings made off the UI thread ---------------------------------------------
# The biggest picture a layer keeps (ARGB, 4 bytes a pixel: 16 MB).
MAX_PICTURE_PIXELS = 4_000_000
PICTURE_MARGIN_PX = 6   # room for cosmetic pens around the paths


def view_scale(scene) -> float | None:
    """Pixels per table millimetre in the scene's first view (None: no view)."""
    views = scene.views() if scene is not None else []
    if not views:
        return None
    t = views[0].transform()
    return math.hypot(t.m11(), t.m12()) or None


def painter_scale(painter: QPainter) -> float:
    t = painter.worldTransform()
    return math.hypot(t.m11(), t.m12()) or 1.0


class Drawing:
    """What an overlay draws, made on the analysis worker's thread so the
    UI thread only shows it: steps of (path, pen, brush) in table
    millimetres, and a picture of them at one zoom.

    The picture is what makes a new answer cheap on the UI thread: filling
    a heat map's 336 zones and their stroked numbers took 1.2 s of the UI
    thread on eight boards; blitting the picture takes a few milliseconds.
    It is painted on the worker in one short call per step (PySide holds
    Python's lock for the length of each Qt call, so one long call there
    would stall the window as much as doing it here). Zoomed in past the
    picture's sharpness, the layer draws the steps themselves (only the part
    in view is drawn then)."""

    __slots__ = ("steps", "bounds", "image", "image_rect", "image_scale")

    def __init__(self):
        self.steps: list[tuple[QPainterPath, QPen | None, QBrush | QColor | None]] = []
        self.bounds = QRectF()
        self.image: QImage | None = None
        self.image_rect = QRectF()
        self.image_scale = 0.0

    # A path with more points than this is outlined one ring at a time:
    # an antialiased outline of a big region in one call held Python's lock
    # ~20 ms (the fill, ~7 ms, stays one call: its holes need the whole path).
    SPLIT_OUTLINE_ABOVE = 200

    def add(self, path: QPainterPath, pen: QPen | None = None, fill: QBrush | QColor | None = None) -> None:
        let_the_window_in()  # each step is made of several Qt calls
        if path.isEmpty():
            return
        self.bounds = self.bounds.united(path.boundingRect())
        if pen is None or path.elementCount() <= self.SPLIT_OUTLINE_ABOVE:
            self.steps.append((path, pen, fill))
            return
        if fill is not None:
            self.steps.append((path, None, fill))
        for ring in path.toSubpathPolygons():
            outline = QPainterPath()
            outline.addPolygon(ring)
            self.steps.append((outline, pen, None))

    def draw(self, painter: QPainter) -> None:
        for path, pen, fill in self.steps:
            let_the_window_in()
            painter.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
            painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
            painter.drawPath(path)

    def render(self, scale: float | None) -> None:
        """Paint the steps into a picture at `scale` pixels per mm (coarser
        when that picture would be over MAX_PICTURE_PIXELS)."""
        r = self.bounds
        if not scale or scale <= 0 or r.isEmpty():
            return
        scale = min(scale, math.sqrt(MAX_PICTURE_PIXELS / max(r.width() * r.height(), 1e-9)))
        m = PICTURE_MARGIN_PX
        image = QImage(int(math.ceil(r.width() * scale)) + 2 * m, int(math.ceil(r.height() * scale)) + 2 * m,
                       QImage.Format.Format_ARGB32_Premultiplied)
        if image.isNull():
            return
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(m, m)
        painter.scale(scale, scale)
        painter.translate(-r.left(), -r.top())
        self.draw(painter)
        painter.end()
        self.image, self.image_scale = image, scale
        self.image_rect = QRectF(r.left() - m / scale, r.top() - m / scale,
                                 image.width() / scale, image.height() / scale)

    @property
    def max_scale(self) -> float:
        """The sharpest picture `render` makes of these steps (px per mm)."""
        r = self.bounds
        return math.sqrt(MAX_PICTURE_PIXELS / max(r.width() * r.height(), 1e-9))

    def at_scale(self, scale: float) -> Drawing:
        """The same steps with a picture at `scale` (made on the worker when
        the table is zoomed in past this one's)."""
        other = Drawing()
        other.steps, other.bounds = self.steps, QRectF(self.bounds)
        other.render(scale)
        return other

    @property
    def shown_bounds(self) -> QRectF:
        return self.image_rect if self.image is not None else self.bounds

    def sharp_at(self, scale: float) -> bool:
        """Whether the picture looks right drawn at `scale` px per mm."""
        return self.image is not None and scale <= self.image_scale * 1.25

    def paint(self, painter: QPainter) -> None:
        """The picture when it is sharp enough at the painter's zoom, else
        the steps."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.sharp_at(painter_scale(painter)):
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawImage(self.image_rect, self.image)
        else:
            self.draw(painter)


class PathLayer(BoxedItem):
    """Base of the overlays: an item that draws prepared paths and never
    takes the mouse (tools and selection see through it)."""

    # Set by whoever feeds the layer (the overlay controller): called as
    # sharpen(layer, drawing, scale) when the layer is drawn zoomed in past
    # its picture, to have a sharper one made off the UI thread; it comes
    # back through `swap_drawing`.
    sharpen = None

    def __init__(self, parent: QGraphicsItem | None = None, z: float = Z_TINT):
        super().__init__(parent)
        self._sharpening: Drawing | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setZValue(z)
        self._free_labels: list[LabelItem] = []

    def cache_rendering(self) -> None:
        """Every repaint of the scene that touches the layer (a drop, each
        step of a drag, the ghost) would otherwise draw it again on the UI
        thread (~20 ms for the regions of a full layout; a measured route
        across the table is touched by every step); cached in device pixels
        it is a blit. Qt caches only the part in view, so zooming in does
        not grow the cache."""
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # Labels of a layer that lies under the terrain would be hidden by walls
    # and other overlays if they were its children (a child stacks with its
    # parent); they live in the scene on their own, above everything, and
    # follow the layer's visibility.
    def add_free_label(self, label: LabelItem) -> LabelItem:
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

    def paint_drawing(self, painter: QPainter, drawing: Drawing) -> None:
        """Draw a prepared drawing; zoomed in past its picture, ask (once
        per drawing) for a sharper picture, and draw the steps meanwhile."""
        drawing.paint(painter)
        if self.sharpen is None or drawing.image is None or drawing is self._sharpening:
            return
        want = min(painter_scale(painter), drawing.max_scale)
        if want > drawing.image_scale * 1.25:
            self._sharpening = drawing
            ask = self.sharpen
            # Not from inside paint(): the answer repaints the layer.
            QTimer.singleShot(0, lambda: ask(self, drawing, want))

    def swap_drawing(self, old: Drawing, new: Drawing) -> bool:
        """Take `new` (the same steps, a sharper picture) if the layer still
        shows `old`; False when a newer answer replaced it meanwhile."""
        if getattr(self, "_drawing", None) is not old:
            return False
        self._drawing, self._sharpening = new, None
        self._set_bounds([new.shown_bounds])
        return True

    def _set_bounds(self, rects: Iterable[QRectF], margin: float = 2.0) -> None:
        r = QRectF()
        for rect in rects:
            r = r.united(rect)
        self.set_box(r.adjusted(-margin, -margin, margin, margin) if not r.isNull() else QRectF())
        self.update()


def brush(colour: QColor, style=Qt.BrushStyle.SolidPattern) -> QBrush:
    return QBrush(colour, style)
