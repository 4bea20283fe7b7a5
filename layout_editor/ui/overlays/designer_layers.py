"""The layers of the two designer's overlays (seen_from.py, first_turn.py):
plain data from rules/designer.py in, drawn as tints and bands.

- SeenLayer: every place a base can stand tinted in the colour of each
  player whose entry zone sees a base there, hatched where more than one
  does; hovering says by whom;
- FirstLayer: per player, the floor a base reaches from its entry zone in
  the game's first-turn bands, nearest painted over farthest.
"""
from __future__ import annotations

import shapely
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ...model.deployments import player_colour
from ...rules.overlays import FirstData, SeenData
from ..i18n import Overlays
from ..items.paths import cosmetic_pen
from ..items.stacking import Z_TINT
from .shapes import Drawing, PathLayer, brush, geometry_path, tinted


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
