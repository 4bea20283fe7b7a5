"""Two designer's overlays on the Overlays toolbar, computed on the analysis
worker (rules/designer.py) with the toolbar's base size and hatchway view:

- "Seen from the enemy": every place a base can stand tinted in the colour
  of each player whose entry zone sees a base there, hatched where more than
  one does; hovering says by whom;
- "First-turn reach": per player, the floor a base reaches from its entry
  zone by a 6" move, and the bands at 9.5" (an average Advance) and 12";
  for a kill-team file a 6" Reposition and 9" with a Dash (the game's
  bands, games.first_turn_bands).
"""
from __future__ import annotations

import shapely
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ...games import KILL_TEAM, game_of
from ...model.deployments import player_colour
from ...rules.overlays import MOVE_IN, FirstData, SeenData, compute_first, compute_seen
from ..i18n import Overlays
from ..items.paths import cosmetic_pen
from ..items.stacking import Z_TINT
from .shapes import Drawing, PathLayer, brush, geometry_path, tinted, view_scale

SEEN = "seen-from"
FIRST = "first-turn"


def seen_job(mission, base_mm: float, hatches: str, scale: float | None):
    """On the worker: the answer and its drawing (see shapes.Drawing)."""
    data = compute_seen(mission, base_mm, hatches)
    return data, SeenLayer.prepare(data, scale)


def first_job(mission, base_mm: float, hatches: str, scale: float | None):
    data = compute_first(mission, base_mm, hatches)
    return data, FirstLayer.prepare(data, scale)


class SeenLayer(PathLayer):
    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT + 0.5)
        self.cache_rendering()
        # hover only, for the tool tip: clicks still reach the tools
        self.setAcceptHoverEvents(True)
        self.data: SeenData | None = None
        self._drawing = Drawing()
        self.kill_team = False  # the tooltip says "drop zone"

    @staticmethod
    def prepare(data: SeenData, scale: float | None = None) -> Drawing:
        drawing = Drawing()
        for p, g in data.areas.items():
            if not g.is_empty:
                c = QColor(player_colour(p))
                drawing.add(geometry_path(g), cosmetic_pen(c.darker(130), 1.5), tinted(c, 60))
        if not data.shared.is_empty:
            drawing.add(geometry_path(data.shared), None, brush(QColor("#222222"), Qt.BrushStyle.BDiagPattern))
        drawing.render(scale)
        return drawing

    def set_data(self, data: SeenData, drawing: Drawing | None = None) -> None:
        self.data = data
        self._drawing = drawing if drawing is not None else self.prepare(data)
        self._set_bounds([self._drawing.shown_bounds])

    def who_sees(self, x: float, y: float) -> list[int]:
        if self.data is None:
            return []
        return [p for p, g in self.data.areas.items() if not g.is_empty and shapely.intersects_xy(g, x, y)]

    def hoverMoveEvent(self, ev) -> None:
        who = self.who_sees(ev.pos().x(), ev.pos().y())
        players = ", ".join(Overlays.tr("player {n}").format(n=p) for p in who)
        if self.kill_team:
            self.setToolTip(Overlays.tr("Seen from the drop zone of: {players}").format(players=players) if who
                            else Overlays.tr("Seen by no drop zone"))
        else:
            self.setToolTip(Overlays.tr("Seen from the entry zone of: {players}").format(players=players) if who
                            else Overlays.tr("Seen by no entry zone"))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.paint_drawing(painter, self._drawing)


class FirstLayer(PathLayer):
    ALPHAS = (110, 60, 30)

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT + 0.6)
        self.cache_rendering()
        self.data: FirstData | None = None
        self._drawing = Drawing()

    @classmethod
    def prepare(cls, data: FirstData, scale: float | None = None) -> Drawing:
        drawing = Drawing()
        for p, bands in data.bands.items():
            c = QColor(player_colour(p))
            # farthest band first, so the nearer ones paint over it
            for k in reversed(range(len(bands))):
                drawing.add(geometry_path(bands[k][1]),
                            cosmetic_pen(c.darker(120), 2.0 if k == 0 else 1.0,
                                         Qt.PenStyle.SolidLine if k == 0 else Qt.PenStyle.DashLine),
                            tinted(c, cls.ALPHAS[min(k, 2)]))
        drawing.render(scale)
        return drawing

    def set_data(self, data: FirstData, drawing: Drawing | None = None) -> None:
        self.data = data
        self._drawing = drawing if drawing is not None else self.prepare(data)
        self._set_bounds([self._drawing.shown_bounds])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.paint_drawing(painter, self._drawing)


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
            layer.sharpen = controller.sharpen
            scene.addItem(layer)
        bar = controller._toolbar
        self.seen_action = QAction(Overlays.tr("Seen from the enemy"), bar)
        self.seen_action.setObjectName("overlay-seen-from-the-enemy")
        self.seen_action.setCheckable(True)

        self.first_action = QAction(Overlays.tr("First-turn reach"), bar)
        self.first_action.setObjectName("overlay-first-turn-reach")
        self.first_action.setCheckable(True)
        self._kill_team: bool | None = None
        self._say_game(False)
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

    def _say_game(self, kill_team: bool) -> None:
        """The toggles' words for the mission's game: a Kill Team player
        starts in a drop zone."""
        if kill_team == self._kill_team:
            return
        self._kill_team = kill_team
        self.seen_layer.kill_team = kill_team
        if kill_team:
            self.seen_action.setToolTip(Overlays.tr("Tint the floor each player's drop zone sees a base on; hatched "
                                                    "where more than one does"))
            # the game's bands (games.first_turn_bands): a Reposition, and a Dash after it
            self.first_action.setToolTip(Overlays.tr('Where an operative gets from its drop zone with a 6" '
                                                     'Reposition, and with a 3" Dash after it (9")'))
        else:
            self.seen_action.setToolTip(Overlays.tr("Tint the floor each player's entry zone sees a base on; hatched where "
                                                    "more than one does"))
            self.first_action.setToolTip(Overlays.tr('Where a base gets from its entry zone with a 6" move, and with 9.5" and 12"'))

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
        self._say_game(game_of(mission).id == KILL_TEAM)
        scale = view_scale(self.seen_layer.scene())
        if self.seen_action.isChecked():
            self.worker.submit(SEEN, seen_job, mission, c.base_mm, c.hatches, scale)
        if self.first_action.isChecked():
            self.worker.submit(FIRST, first_job, mission, c.base_mm, c.route_hatches, scale)

    def _ready(self, channel: str, data, seconds: float) -> None:
        if channel == SEEN and self.seen_action.isChecked():
            data, drawing = data
            self.seen_layer.set_data(data, drawing)
            self.seen_layer.setVisible(True)
            self.seen_layer.update()
            parts = [Overlays.tr("player {n}: {area} sq in ({pct} %)").format(
                n=p, area=f"{m['area_sq_in']:.0f}", pct=f"{100 * m['share']:.0f}") for p, m in data.metrics.items()]
            self.controller.message.emit(Overlays.tr("Seen from the enemy: {parts}").format(parts="; ".join(parts)))
            self.controller.updated.emit(channel)
        elif channel == FIRST and self.first_action.isChecked():
            data, drawing = data
            self.first_layer.set_data(data, drawing)
            self.first_layer.setVisible(True)
            self.first_layer.update()
            parts = [Overlays.tr("player {n}: {ids}").format(n=p, ids=", ".join(row[f"{MOVE_IN:g}"]) or "—")
                     for p, row in data.objectives.items()]
            self.controller.message.emit(Overlays.tr('Objectives within 6": {parts}').format(parts="; ".join(parts)))
            self.controller.updated.emit(channel)
