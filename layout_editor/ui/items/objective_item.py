"""An objective marker on the table: the 40 mm round marker with its id
printed on it, the 1" range ring around it (a model within 1" of the
marker's edge is in range, rules digest) and its name beside it.

The item only draws: the objective tool moves and edits markers through
undo commands, and the scene rebuilds items from the mission.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ...model.mission import Objective
from ...model.placement_edits import OBJECTIVE_DIAMETER, OBJECTIVE_RANGE
from ..i18n import Placing, number, tr
from .boxed import BoxedItem
from .label import LabelItem
from .paths import draw_haloed, text_path
from .stacking import Z_OBJECTIVE

# A marker reads as a brass token on the deck: dark face, bright rim, so it
# stands out from walls (dark grey), doors (orange/green) and player tints.
MARKER_FACE = QColor("#1d2229")
MARKER_RIM = QColor("#f2c14e")
MARKER_TEXT = QColor("#fff8e1")
RANGE_RING = QColor("#b8860b")
RANGE_FILL = QColor(242, 193, 78, 38)
SELECTED = QColor("#2f9bff")

RADIUS = OBJECTIVE_DIAMETER / 2
RANGE_RADIUS = RADIUS + OBJECTIVE_RANGE


class ObjectiveItem(BoxedItem):
    """One marker, drawn in table millimetres about its centre."""

    def __init__(self, objective: Objective, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.setZValue(Z_OBJECTIVE)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # Drawn once per look and zoom, then blitted (see PieceItem).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        r = RANGE_RADIUS + 2
        self.set_box(QRectF(-r, -r, 2 * r, 2 * r))
        self._selected = False
        self._label = LabelItem("", self, anchor="below", point_size=8.5)
        self._label.setPos(QPointF(0, RANGE_RADIUS * 0.55))
        self.objective = objective
        self.set_objective(objective)

    # -- state -------------------------------------------------------------------
    @property
    def objective_id(self) -> str:
        return self.objective.id

    def set_objective(self, objective: Objective) -> None:
        self.objective = objective
        self.setPos(QPointF(*objective.at))
        self._number = text_path(objective.id, (0.0, 0.0), self._text_height(objective.id))
        self._label.set_text(objective.name or "")
        self.setToolTip(self._tooltip())
        self.update()

    def set_marked(self, on: bool) -> None:
        """Highlight the marker (chosen in the placement panel or dragged)."""
        if on != self._selected:
            self._selected = on
            self.update()

    @property
    def marked(self) -> bool:
        return self._selected

    def label_text(self) -> str:
        return self._label.text()

    def label_box(self) -> tuple[float, float, float, float] | None:
        """The name label's box in pixels about the marker's centre, at the
        zoom the map's names are placed for (export.labels)."""
        from ...export.labels import EDITOR_PX_PER_MM

        if not self._label.text():
            return None
        r = self._label.box(EDITOR_PX_PER_MM)
        if r.isEmpty():
            return None
        dy = self._label.pos().y() * EDITOR_PX_PER_MM
        return (r.left(), r.top() + dy, r.right(), r.bottom() + dy)

    def _tooltip(self) -> str:
        o = self.objective
        head = tr("Objective {oid}").format(oid=o.id)
        head += f": {o.name}" if o.name else ""
        return head + "\n" + Placing.tr(
            "40 mm marker at ({x}, {y}) mm; the ring shows 1\" range from its edge.\n"
            "Drag to move, double-click to rename, Delete to remove.").format(x=number(o.at[0], ".1f"), y=number(o.at[1], ".1f"))

    @staticmethod
    def _text_height(text: str) -> float:
        # Ids are usually one or two characters; longer ones shrink to fit.
        return 17.0 if len(text) == 1 else max(7.0, 28.0 / len(text))

    # -- drawing -----------------------------------------------------------------
    def shape(self) -> QPainterPath:
        # Only the marker itself takes clicks; the range ring is see-through.
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), RADIUS, RADIUS)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scale = painter.worldTransform().m11() or 1.0
        # The 1" range ring: a faint disc with a dashed rim.
        ring = QPen(RANGE_RING, 1.5 / scale, Qt.PenStyle.DashLine)
        painter.setPen(ring)
        painter.setBrush(RANGE_FILL)
        painter.drawEllipse(QPointF(0, 0), RANGE_RADIUS, RANGE_RADIUS)
        # The marker.
        if self._selected:
            painter.setPen(QPen(SELECTED, 4.0 / scale))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), RADIUS + 4.0 / scale + 2.0, RADIUS + 4.0 / scale + 2.0)
        painter.setPen(QPen(MARKER_RIM, 3.2))
        painter.setBrush(MARKER_FACE)
        painter.drawEllipse(QPointF(0, 0), RADIUS - 1.6, RADIUS - 1.6)
        painter.setPen(QPen(MARKER_RIM.darker(130), 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), RADIUS - 6.0, RADIUS - 6.0)
        draw_haloed(painter, self._number, MARKER_TEXT, MARKER_FACE, 1.2)
