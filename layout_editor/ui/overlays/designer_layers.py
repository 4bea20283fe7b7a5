"""Two designer's overlays on the Overlays toolbar, computed on the analysis
worker (rules/designer.py) with the toolbar's base size and hatchway view:

- "Seen from the enemy": every place a base can stand tinted in the colour
  of each player whose entry zone sees a base there, hatched where more than
  one does; hovering says by whom;
- "First-turn reach": per player, the floor a base reaches from its entry
  zone by a 6" move, and the bands at 9.5" (an average Advance) and 12".
"""
from __future__ import annotations

from dataclasses import dataclass

import shapely
from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from ...model.deployments import player_colour
from ..i18n import Overlays
from ..items.paths import cosmetic_pen
from ..items.stacking import Z_TINT
from .shapes import PathLayer, brush, geometry_path, tinted

SEEN = "seen-from"
FIRST = "first-turn"
MOVE_IN = 6.0




@dataclass
class SeenData:
    areas: dict        # player -> geometry (base centres seen)
    shared: object     # geometry seen by more than one player
    metrics: dict


def compute_seen(mission, base_mm: float, hatches: str) -> SeenData:
    from ...rules.designer import seen_from

    s = seen_from(mission, base_mm, hatches)
    players = [p for p, g in s.area.items() if not g.is_empty]
    shared = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            shared.append(s.area[a].intersection(s.area[b]))
    return SeenData(s.area, shapely.union_all(shared) if shared else shapely.Polygon(), s.metrics())


@dataclass
class FirstData:
    bands: dict        # player -> [(band inches, geometry)], nearest band first
    objectives: dict   # player -> {band key: [ids]}


def compute_first(mission, base_mm: float, hatches: str, move_in: float = MOVE_IN) -> FirstData:
    from ...rules.designer import bands, first_turn

    ft = first_turn(mission, base_mm, move_in, hatches)
    out = {p: [(b, ft.area(p, b)) for b in bands(move_in)] for p in ft.grid}
    return FirstData(out, ft.objectives)


class SeenLayer(PathLayer):
    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT + 0.5)
        self.cache_rendering()
        # hover only, for the tool tip: clicks still reach the tools
        self.setAcceptHoverEvents(True)
        self.data: SeenData | None = None
        self._paths: dict = {}
        self._shared = QPainterPath()

    def set_data(self, data: SeenData) -> None:
        self.data = data
        self._paths = {p: geometry_path(g) for p, g in data.areas.items() if not g.is_empty}
        self._shared = geometry_path(data.shared) if not data.shared.is_empty else QPainterPath()
        self._set_bounds([p.boundingRect() for p in self._paths.values()] or [QRectF()])

    def who_sees(self, x: float, y: float) -> list[int]:
        if self.data is None:
            return []
        return [p for p, g in self.data.areas.items() if not g.is_empty and shapely.intersects_xy(g, x, y)]

    def hoverMoveEvent(self, ev) -> None:
        who = self.who_sees(ev.pos().x(), ev.pos().y())
        self.setToolTip(Overlays.tr("Seen from the entry zone of: {players}").format(
            players=", ".join(Overlays.tr("player {n}").format(n=p) for p in who)) if who else Overlays.tr("Seen by no entry zone"))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for p, path in self._paths.items():
            c = QColor(player_colour(p))
            painter.setPen(cosmetic_pen(c.darker(130), 1.5))
            painter.setBrush(tinted(c, 60))
            painter.drawPath(path)
        if not self._shared.isEmpty():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(brush(QColor("#222222"), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(self._shared)


class FirstLayer(PathLayer):
    ALPHAS = (110, 60, 30)

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT + 0.6)
        self.cache_rendering()
        self.data: FirstData | None = None
        self._paths: list = []

    def set_data(self, data: FirstData) -> None:
        self.data = data
        self._paths = []
        rects = []
        for p, bands in data.bands.items():
            # farthest band first, so the nearer ones paint over it
            for k in reversed(range(len(bands))):
                path = geometry_path(bands[k][1])
                self._paths.append((p, k, path))
                rects.append(path.boundingRect())
        self._set_bounds(rects or [QRectF()])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for p, k, path in self._paths:
            c = QColor(player_colour(p))
            painter.setPen(cosmetic_pen(c.darker(120), 2.0 if k == 0 else 1.0,
                                        Qt.PenStyle.SolidLine if k == 0 else Qt.PenStyle.DashLine))
            painter.setBrush(tinted(c, self.ALPHAS[min(k, 2)]))
            painter.drawPath(path)


class DesignerOverlays(QObject):
    """Adds the two toggles to the overlays toolbar and keeps them fed."""

    def __init__(self, controller, scene, worker, current, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.worker = worker
        self.current = current
        self.seen_layer = SeenLayer()
        self.first_layer = FirstLayer()
        for layer in (self.seen_layer, self.first_layer):
            layer.setVisible(False)
            scene.addItem(layer)
        bar = controller._toolbar
        self.seen_action = QAction(Overlays.tr("Seen from the enemy"), bar)
        self.seen_action.setCheckable(True)
        self.seen_action.setToolTip(Overlays.tr("Tint the floor each player's entry zone sees a base on; hatched where "
                                    "more than one does"))
        self.first_action = QAction(Overlays.tr("First-turn reach"), bar)
        self.first_action.setCheckable(True)
        self.first_action.setToolTip(Overlays.tr('Where a base gets from its entry zone with a 6" move, and with 9.5" and 12"'))
        before = controller.clear_action if bar is not None else None
        for a in (self.seen_action, self.first_action):
            if bar is not None:
                bar.insertAction(before, a)
        self.seen_action.toggled.connect(lambda on: self._toggled(self.seen_layer, SEEN, on))
        self.first_action.toggled.connect(lambda on: self._toggled(self.first_layer, FIRST, on))
        worker.resultReady.connect(self._ready)
        if bar is not None:
            controller.base_combo.activated.connect(lambda _i: self.refresh())
            controller.hatch_combo.activated.connect(lambda _i: self.refresh())

    def _toggled(self, layer, channel: str, on: bool) -> None:
        if not on:
            self.worker.cancel(channel)
            layer.setVisible(False)
        self.refresh()

    def refresh(self, mission=None) -> None:
        mission = mission if mission is not None else self.current()
        if mission is None:
            return
        c = self.controller
        if self.seen_action.isChecked():
            self.worker.submit(SEEN, compute_seen, mission, c.base_mm, c.hatches)
        if self.first_action.isChecked():
            self.worker.submit(FIRST, compute_first, mission, c.base_mm, c.hatches)

    def _ready(self, channel: str, data, seconds: float) -> None:
        if channel == SEEN and self.seen_action.isChecked():
            self.seen_layer.set_data(data)
            self.seen_layer.setVisible(True)
            self.seen_layer.update()
            parts = [Overlays.tr("player {n}: {area} sq in ({pct} %)").format(
                n=p, area=f"{m['area_sq_in']:.0f}", pct=f"{100 * m['share']:.0f}") for p, m in data.metrics.items()]
            self.controller.message.emit(Overlays.tr("Seen from the enemy: {parts}").format(parts="; ".join(parts)))
            self.controller.updated.emit(channel)
        elif channel == FIRST and self.first_action.isChecked():
            self.first_layer.set_data(data)
            self.first_layer.setVisible(True)
            self.first_layer.update()
            parts = [Overlays.tr("player {n}: {ids}").format(n=p, ids=", ".join(row[f"{MOVE_IN:g}"]) or "—")
                     for p, row in data.objectives.items()]
            self.controller.message.emit(Overlays.tr('Objectives within 6": {parts}').format(parts="; ".join(parts)))
            self.controller.updated.emit(channel)
