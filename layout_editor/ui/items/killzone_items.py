"""A Kill Team killzone's territories, centre line and equipment on the
table (the printed map draws the same: export/mapdraw.py).

Each player's territory is a faint tint of the player's colour under the
drop zones; the centre line a dashed line across the killzone; each item of
equipment its real footprint (rules.checks.equipment.equipment_shape: a
turned rectangle, a mines marker's disc) in its player's colour with the
catalogue's short label. The items draw the mission and never take the
mouse: the tools see through them.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ...catalogue import Catalogue, default_catalogue
from ...model.deployments import player_colour
from ...model.mission import Mission
from ...rules.checks.equipment import equipment_shape
from .paths import cosmetic_pen
from .stacking import Z_EQUIPMENT, Z_TERRITORIES

CENTRE_LINE = QColor("#3d3a33")
TERRITORY_ALPHA = 30


class _Layer(QGraphicsItem):
    def __init__(self, z: float, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self._bounds = QRectF()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _set_bounds(self, paths) -> None:
        self.prepareGeometryChange()
        rect = QRectF()
        for p in paths:
            rect = rect.united(p.boundingRect())
        self._bounds = rect.adjusted(-5, -5, 5, 5)
        self.update()


def _polygon(coords) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in coords]))
    path.closeSubpath()
    return path


class TerritoriesItem(_Layer):
    """Each player's territory and the killzone's centre line."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(Z_TERRITORIES, parent)
        self._territories: list[tuple[int, QPainterPath]] = []
        self._centre: QPainterPath | None = None

    def set_mission(self, mission: Mission) -> None:
        self._territories = [(t.player, _polygon(t.area)) for t in mission.territories if len(t.area) >= 3]
        self._centre = None
        if mission.centre_line is not None:
            (x0, y0), (x1, y1) = mission.centre_line
            self._centre = QPainterPath(QPointF(x0, y0))
            self._centre.lineTo(QPointF(x1, y1))
        self._set_bounds([p for _, p in self._territories] + ([self._centre] if self._centre else []))

    def players(self) -> list[int]:
        return [player for player, _ in self._territories]

    def has_centre_line(self) -> bool:
        return self._centre is not None

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for player, path in self._territories:
            tint = QColor(player_colour(player))
            tint.setAlpha(TERRITORY_ALPHA)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawPath(path)
        if self._centre is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic_pen(CENTRE_LINE, 2.0, Qt.PenStyle.DashLine))
            painter.drawPath(self._centre)


class EquipmentItem(_Layer):
    """The equipment set up on the killzone, at its real size."""

    def __init__(self, catalogue: Catalogue | None = None, parent: QGraphicsItem | None = None):
        super().__init__(Z_EQUIPMENT, parent)
        self.catalogue = catalogue or default_catalogue()
        self._items: list[tuple[int, str, QPainterPath, QPointF]] = []

    def set_mission(self, mission: Mission) -> None:
        self._items = []
        for e in mission.equipment:
            kind = self.catalogue.equipment.get(e.kind)
            if kind is None:
                continue
            shape = equipment_shape(e, kind)
            self._items.append((e.player, kind.label, _polygon(shape.exterior.coords), QPointF(*e.at)))
        self._set_bounds([p for _, _, p, _ in self._items])

    def labels(self) -> list[str]:
        return [label for _, label, _, _ in self._items]

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = QFont()
        font.setPointSizeF(5.0)  # table millimetres: the label fits a 10 mm deep barricade
        font.setBold(True)
        painter.setFont(font)
        for player, label, path, at in self._items:
            colour = QColor(player_colour(player))
            fill = QColor(colour)
            fill.setAlpha(150)
            painter.setBrush(fill)
            painter.setPen(cosmetic_pen(colour.darker(130), 1.5))
            painter.drawPath(path)
            painter.setPen(QColor("#1a1a1a"))
            painter.drawText(QRectF(at.x() - 20, at.y() - 5, 40, 10), Qt.AlignmentFlag.AlignCenter, label)
