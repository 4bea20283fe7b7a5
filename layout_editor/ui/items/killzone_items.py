"""A Kill Team killzone's territories, centre line and equipment on the
table (the printed map draws the same: export/mapdraw.py).

Each player's territory is a faint tint of the player's colour under the
drop zones; the centre line a dashed line across the killzone; each item of
equipment its real footprint (rules.checks.equipment.equipment_shape: a
turned rectangle, a mines marker's disc) in its player's colour with the
catalogue's short label. The items draw the mission and never take the
mouse: the tools see through them (the Equipment and Territories tools,
ui/tools/equipment_tool.py and territory_tool.py, find what is under the
cursor with model/killzone_edits.py). The tools tell the items what to show
besides the mission: the chosen equipment, the rules' marks on items that
break a placement rule, the item being dragged or set up (a ghost, red where
it would break a rule), the centre line's ends to drag.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ...catalogue import Catalogue, default_catalogue
from ...model.deployments import player_colour
from ...model.mission import Equipment, Mission
from ...rules.checks.equipment import equipment_shape
from . import style
from .boxed import BoxedItem
from .paths import cosmetic_pen
from .stacking import Z_EQUIPMENT, Z_GHOST, Z_TERRITORIES

CENTRE_LINE = QColor("#3d3a33")
TERRITORY_ALPHA = 30
HANDLE_PX = 7.0  # the radius of a centre line end's handle, in screen pixels


class _Layer(BoxedItem):
    def __init__(self, z: float, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def _set_bounds(self, paths) -> None:
        rect = QRectF()
        for p in paths:
            rect = rect.united(p.boundingRect())
        self.set_box(rect.adjusted(-5, -5, 5, 5))
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
        self._ends: list[QPointF] = []
        self._corners: list[tuple[float, float]] = []  # the territories' corners, to drag
        self._mission: Mission | None = None
        self._preview: Mission | None = None  # what a drag of the centre line's end would make
        self.handles = False                 # draw the ends to grab (the Territories tool is active)

    def set_mission(self, mission: Mission) -> None:
        self._mission = mission
        self._show(self._preview or mission)

    def set_preview(self, mission: Mission | None) -> None:
        """Show another mission's territories and centre line for now (a
        drag under way), or the mission's own again (None)."""
        self._preview = mission
        if self._mission is not None:
            self._show(mission or self._mission)

    def set_handles(self, on: bool) -> None:
        self.handles = on
        self.update()

    def _show(self, mission: Mission) -> None:
        self._territories = [(t.player, _polygon(t.area)) for t in mission.territories if len(t.area) >= 3]
        self._centre = None
        self._ends = []
        self._corners = sorted({c for t in mission.territories for c in t.area})
        if mission.centre_line is not None:
            (x0, y0), (x1, y1) = mission.centre_line
            self._centre = QPainterPath(QPointF(x0, y0))
            self._centre.lineTo(QPointF(x1, y1))
            self._ends = [QPointF(x0, y0), QPointF(x1, y1)]
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
        if self.handles:
            # a fixed size on the screen, whatever the zoom: round for the
            # centre line's ends, square for the territories' corners
            scale = painter.worldTransform().m11() or 1.0
            r = HANDLE_PX / scale
            painter.setPen(cosmetic_pen(CENTRE_LINE, 1.5))
            painter.setBrush(QColor("#fffdf5"))
            ends = {(p.x(), p.y()) for p in self._ends}
            for x, y in self._corners:
                if (x, y) not in ends:
                    painter.drawRect(QRectF(x - r * 0.7, y - r * 0.7, r * 1.4, r * 1.4))
            for end in self._ends:
                painter.drawEllipse(end, r, r)

    def ends(self) -> list[tuple[float, float]]:
        return [(p.x(), p.y()) for p in self._ends]

    def corners(self) -> list[tuple[float, float]]:
        return list(self._corners)


class EquipmentItem(_Layer):
    """The equipment set up on the killzone, at its real size: the chosen
    items outlined in the selection's colour, items a placement rule finds
    fault with in the finding's colour."""

    def __init__(self, catalogue: Catalogue | None = None, parent: QGraphicsItem | None = None):
        super().__init__(Z_EQUIPMENT, parent)
        self.catalogue = catalogue or default_catalogue()
        self._items: list[tuple[int, int, str, QPainterPath, QPointF]] = []  # uid, player, label, outline, centre
        self._mission: Mission | None = None
        self.selected: frozenset[int] = frozenset()
        self.marks: dict[int, str] = {}   # uid -> "error" | "warning"
        self.hidden: int | None = None    # the item being dragged: its ghost shows instead

    def set_mission(self, mission: Mission) -> None:
        self._mission = mission
        self._items = []
        for e in mission.equipment:
            kind = self.catalogue.equipment.get(e.kind)
            if kind is None:
                continue
            shape = equipment_shape(e, kind)
            self._items.append((e.uid, e.player, kind.label, _polygon(shape.exterior.coords), QPointF(*e.at)))
        self._set_bounds([p for _, _, _, p, _ in self._items])

    def labels(self) -> list[str]:
        return [label for _, _, label, _, _ in self._items]

    def set_selected(self, uids) -> None:
        self.selected = frozenset(uids)
        self.update()

    def set_marks(self, marks: dict[int, str]) -> None:
        if marks != self.marks:
            self.marks = dict(marks)
            self.update()

    def set_hidden(self, uid: int | None) -> None:
        if uid != self.hidden:
            self.hidden = uid
            self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = QFont()
        font.setPointSizeF(5.0)  # table millimetres: the label fits a 10 mm deep barricade
        font.setBold(True)
        painter.setFont(font)
        for uid, player, label, path, at in self._items:
            if uid == self.hidden:
                continue
            _paint_item(painter, player, label, path, at)
            mark = self.marks.get(uid)
            if mark is not None:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(cosmetic_pen(style.MARK[mark], 3.0))
                painter.drawPath(path)
            if uid in self.selected:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(cosmetic_pen(style.SELECTION, 2.0, Qt.PenStyle.DashLine))
                painter.drawPath(path)


def _paint_item(painter: QPainter, player: int, label: str, path: QPainterPath, at: QPointF,
                alpha: int = 150) -> None:
    colour = QColor(player_colour(player))
    fill = QColor(colour)
    fill.setAlpha(alpha)
    painter.setBrush(fill)
    painter.setPen(cosmetic_pen(colour.darker(130), 1.5))
    painter.drawPath(path)
    painter.setPen(QColor("#1a1a1a"))
    painter.drawText(QRectF(at.x() - 20, at.y() - 5, 40, 10), Qt.AlignmentFlag.AlignCenter, label)


class EquipmentGhost(_Layer):
    """An item about to be set up, or being dragged: half see-through, with
    a red outline when the spot breaks a placement rule, amber for a
    warning (the rules core's answer, asked off the UI thread; no outline
    while it is on its way)."""

    def __init__(self, catalogue: Catalogue | None = None, parent: QGraphicsItem | None = None):
        super().__init__(Z_GHOST, parent)
        self.catalogue = catalogue or default_catalogue()
        self.item: Equipment | None = None
        self.verdict: str | None = None  # None: not known yet; "ok"; "error"; "warning"
        self._path = QPainterPath()
        self.setVisible(False)

    def show_item(self, item: Equipment | None, verdict: str | None = None) -> None:
        self.item = item
        self.verdict = verdict
        kind = self.catalogue.equipment.get(item.kind) if item is not None else None
        if item is None or kind is None:
            self.setVisible(False)
            return
        self._path = _polygon(equipment_shape(item, kind).exterior.coords)
        self._set_bounds([self._path])
        self.setVisible(True)

    def set_verdict(self, verdict: str | None) -> None:
        self.verdict = verdict
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.item is None:
            return
        kind = self.catalogue.equipment.get(self.item.kind)
        if kind is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = QFont()
        font.setPointSizeF(5.0)
        font.setBold(True)
        painter.setFont(font)
        _paint_item(painter, self.item.player, kind.label, self._path, QPointF(*self.item.at), alpha=90)
        colour = {"error": style.MARK["error"], "warning": style.MARK["warning"]}.get(self.verdict or "")
        if colour is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic_pen(colour, 3.0))
            painter.drawPath(self._path)
