"""The Hatchways tab fed from the analysis worker: asked after every change
while the tab is in front (and when it comes to the front), newest wins.
Hovering a hatchway's row draws its line on the map; clicking selects it."""
from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from ..model.lattice import Placement
from .items.stacking import Z_POINTER
from .panels.hatchways import compute_hatchways

CHANNEL = "hatchways"


class HatchwayFeedback(QObject):
    def __init__(self, feedback):
        super().__init__(feedback)
        self.feedback = feedback
        self.window = feedback.window
        self.view = feedback.panel.hatchways
        self.tabs = feedback.panel.tabs
        self.line = QGraphicsPathItem()
        pen = QPen(QColor(255, 140, 0, 200), 9.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.line.setPen(pen)
        self.line.setZValue(Z_POINTER)
        self.line.setVisible(False)
        self.line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.window.scene.addItem(self.line)
        feedback.worker.resultReady.connect(self._ready)
        self.tabs.currentChanged.connect(lambda _i: self.ask(self.window.document.mission))
        self.view.hatchwayHovered.connect(self.show_line)
        self.view.hatchwayActivated.connect(self._select)

    @property
    def showing(self) -> bool:
        return self.tabs.currentWidget() is self.view

    def ask(self, mission) -> None:
        if self.showing:
            self.feedback.worker.submit(CHANNEL, compute_hatchways, mission)

    def _ready(self, channel: str, data, seconds: float) -> None:
        if channel == CHANNEL:
            self.view.set_data(data)

    def show_line(self, uid: int) -> None:
        """The hatchway's wall drawn over the map (uid 0: hide it)."""
        mission = self.window.document.mission
        piece = next((p for p in mission.pieces if p.uid == uid), None)
        if piece is None or piece.from_node is None:
            self.line.setVisible(False)
            return
        try:
            pl = Placement.of(mission.board(piece.board))
        except KeyError:
            self.line.setVisible(False)
            return
        a, b = pl.node_table(piece.from_node), pl.node_table(piece.to_node)
        path = QPainterPath(QPointF(*a))
        path.lineTo(QPointF(*b))
        self.line.setPath(path)
        self.line.setVisible(True)

    def _select(self, uid: int) -> None:
        if uid and any(p.uid == uid for p in self.window.document.mission.pieces):
            self.window.select_pieces([uid], centre=True)
