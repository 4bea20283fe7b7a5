"""Drawing helpers shared by the overlays: shapely geometry to Qt paths, text
that stays readable, the overlay colours and stacking order.

Scene units are table millimetres (mission-format.md), so a shapely geometry
from the rules core maps onto the scene without any transform.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath,
                           QPainterPathStroker, QPen, QPolygonF, QTransform)
from PySide6.QtWidgets import QGraphicsItem

from ..i18n import number

MM_PER_INCH = 25.4

# Stacking order of the overlay layers (scene z values). Tints go under the
# terrain so walls stay visible through them; lines and labels go on top.
Z_TINT = 5.0          # regions, heat map, visibility polygon
Z_MARK = 60.0         # offending-piece outlines, above the pieces
Z_LINES = 70.0        # measure routes, sight lines
Z_LABELS = 80.0

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


# -- text -------------------------------------------------------------------------
_PATH_FONT_PX = 100


def text_path(text: str, centre: tuple[float, float], height_mm: float,
              bold: bool = True) -> QPainterPath:
    """Text as a path `height_mm` tall (cap height roughly), centred on a
    table point: it scales with the table like the terrain it labels."""
    font = QFont()
    font.setPixelSize(_PATH_FONT_PX)
    font.setBold(bold)
    raw = QPainterPath()
    raw.addText(0, 0, font, text)
    r = raw.boundingRect()
    s = height_mm / _PATH_FONT_PX * 1.35
    t = QTransform()
    t.translate(centre[0], centre[1])
    t.scale(s, s)
    t.translate(-r.center().x(), -r.center().y())
    return t.map(raw)


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


class LabelItem(QGraphicsItem):
    """A short caption that keeps its screen size at every zoom: white box,
    dark text, optional coloured swatch on the left. Its position is the
    table point it belongs to; `anchor` says which side of the box touches
    that point."""

    PAD = 4.0

    def __init__(self, text: str = "", parent: QGraphicsItem | None = None,
                 colour: QColor | None = None, anchor: str = "below", point_size: float = 9.5):
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(Z_LABELS)
        self._font = QFont()
        self._font.setPointSizeF(point_size)
        self._font.setBold(True)
        self._colour = colour
        self._anchor = anchor
        self._lines: list[str] = []
        self._rect = QRectF()
        self.set_text(text, colour)

    def text(self) -> str:
        return "\n".join(self._lines)

    def set_anchor(self, anchor: str) -> None:
        """Which side of the box touches the label's position (the map's
        label placer sets "centre" where it has found room)."""
        if anchor != self._anchor:
            self._anchor = anchor
            self.set_text(self.text(), self._colour)

    def box(self, scale: float | None = None) -> QRectF:
        """The label's box in pixels about its position; with `scale`, of
        what it shows with the table drawn at that many pixels a mm."""
        if scale is None:
            return QRectF(self._rect)
        lines = self.shown_lines(scale)
        if lines is self._lines:
            return QRectF(self._rect)
        if not lines:
            return QRectF()
        fm = QFontMetricsF(self._font)
        return self._box(fm.horizontalAdvance(lines[0]), fm.height())

    def set_short(self, text: str, room_mm: float) -> None:
        """A shorter text to show when the full one would not fit in
        `room_mm` of table (a narrow region seen from far away); "" shows
        nothing then, so names do not bury the map zoomed far out."""
        self._short = text
        self._room_mm = room_mm
        self.update()

    def shown_lines(self, scale: float) -> list[str]:
        """What the label shows with the table drawn at `scale` pixels per mm."""
        short = getattr(self, "_short", None)
        if short is None or self._rect.width() <= 2 * self._room_mm * max(scale, 1e-6):
            return self._lines
        return [short] if short else []

    @staticmethod
    def _scale(widget) -> float:
        view = widget.parent() if widget is not None else None
        return view.transform().m11() if hasattr(view, "transform") else 1.0

    def set_text(self, text: str, colour: QColor | None = None) -> None:
        """New text; `colour` is the swatch beside it (None: no swatch)."""
        self.prepareGeometryChange()
        self._colour = colour
        self._lines = text.split("\n") if text else []
        fm = QFontMetricsF(self._font)
        w = max((fm.horizontalAdvance(line) for line in self._lines), default=0.0)
        h = fm.height() * len(self._lines)
        self._swatch = fm.height() * 0.8 + self.PAD if self._colour is not None else 0.0
        self._rect = self._box(w, h)
        self.update()

    def _box(self, w: float, h: float) -> QRectF:
        """The box around text w x h pixels, placed by the anchor."""
        bw, bh = w + self._swatch + 2 * self.PAD, h + 2 * self.PAD
        gap = 8.0
        if self._anchor == "below":
            x, y = -bw / 2, gap
        elif self._anchor == "above":
            x, y = -bw / 2, -bh - gap
        elif self._anchor == "right":
            x, y = gap, -bh / 2
        elif self._anchor == "left":
            x, y = -bw - gap, -bh / 2
        else:  # centre
            x, y = -bw / 2, -bh / 2
        return QRectF(x, y, bw, bh)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1) if self._lines else QRectF()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if not self._lines:
            return
        lines, rect = self.shown_lines(self._scale(widget)), self._rect
        if not lines:
            return
        fm = QFontMetricsF(self._font)
        if lines is not self._lines:
            rect = self._box(fm.horizontalAdvance(lines[0]), fm.height())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(40, 40, 40, 200), 1))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.drawRoundedRect(rect, 4, 4)
        x = rect.left() + self.PAD
        if self._colour is not None:
            s = fm.height() * 0.8
            painter.setBrush(self._colour)
            painter.setPen(QPen(QColor(0, 0, 0, 160), 1))
            painter.drawRoundedRect(QRectF(x, rect.top() + self.PAD + (fm.height() - s) / 2, s, s), 2, 2)
            x += self._swatch
        painter.setFont(self._font)
        painter.setPen(QColor(20, 20, 20))
        y = rect.top() + self.PAD + fm.ascent()
        for line in lines:
            painter.drawText(QPointF(x, y), line)
            y += fm.height()


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

    def at_scale(self, scale: float) -> "Drawing":
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


class PathLayer(QGraphicsItem):
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
        self._bounds = QRectF()
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
        self.prepareGeometryChange()
        r = QRectF()
        for rect in rects:
            r = r.united(rect)
        self._bounds = r.adjusted(-margin, -margin, margin, margin) if not r.isNull() else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds


def cosmetic_pen(colour: QColor, width_px: float, style=Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in screen pixels, so lines stay crisp at any zoom."""
    pen = QPen(colour, width_px, style)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def brush(colour: QColor, style=Qt.BrushStyle.SolidPattern) -> QBrush:
    return QBrush(colour, style)
