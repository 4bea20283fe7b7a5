"""A dimension line across the gap between two boards laid apart, with the
width in millimetres and inches."""
from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ...model.snapping import Gap
from ..i18n import say
from . import style
from .label import CODE, LabelItem
from .stacking import Z_GAP


class GapItem(QGraphicsItem):
    def __init__(self, gap: Gap):
        super().__init__()
        self.setZValue(Z_GAP)
        self.label = LabelItem("", self, look=CODE, pixels=12, hide_far=False)  # one label: it never crowds
        self.set_gap(gap)

    def set_gap(self, gap: Gap) -> None:
        self.prepareGeometryChange()
        self.gap = gap
        self.line = QLineF(QPointF(*gap.start), QPointF(*gap.end))
        self.label.set_text(say(gap.text()))
        self.label.setPos(self.line.center())
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-12, -12, 12, 12)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing, True)
        scale = painter.worldTransform().m11() or 1.0
        painter.setPen(QPen(style.GAP, 1.5 / scale))
        painter.drawLine(self.line)
        # Arrowheads and end ticks, sized in screen pixels.
        a = 8.0 / scale
        for p, q in ((self.line.p1(), self.line.p2()), (self.line.p2(), self.line.p1())):
            d = QLineF(p, q)
            if d.length() == 0:
                continue
            u = d.unitVector()
            ux, uy = u.dx(), u.dy()
            tip = p
            left = QPointF(p.x() + ux * a - uy * a / 2, p.y() + uy * a + ux * a / 2)
            right = QPointF(p.x() + ux * a + uy * a / 2, p.y() + uy * a - ux * a / 2)
            painter.setBrush(style.GAP)
            painter.drawPolygon(QPolygonF([tip, left, right]))
            painter.drawLine(QPointF(p.x() - uy * 2 * a, p.y() + ux * 2 * a),
                             QPointF(p.x() + uy * 2 * a, p.y() - ux * 2 * a))
