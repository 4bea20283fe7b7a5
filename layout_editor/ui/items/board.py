"""A game board on the table: deck, border strip, zone grid, the small node
squares where pillars stand, and the zone coordinates players call out
(column letters along the board's top edge, row numbers along its left, as
the board lies before it is turned: a turned board keeps its own names)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from ...model.lattice import Placement, column_name
from ...model.mission import Board
from . import style
from .boxed import BoxedItem
from .stacking import Z_BOARD


def _upright_text(painter: QPainter, centre: QPointF, text: str, pixels: int, colour, bold=True,
                  max_mm: float | None = None, min_px: float = 4.0) -> None:
    """Text of a fixed screen size, centred on a scene point, never turned;
    no larger than max_mm on the table, no smaller than min_px on screen."""
    scale = painter.worldTransform().m11() or 1.0
    px = pixels
    if max_mm is not None:
        px = min(px, max(min_px, max_mm * scale))
    painter.save()
    painter.translate(centre)
    painter.scale(1.0 / scale, 1.0 / scale)
    painter.setFont(style.label_font(int(round(px)), bold))
    painter.setPen(colour)
    painter.drawText(QRectF(-200, -px, 400, 2 * px), Qt.AlignCenter, text)
    painter.restore()


class BoardItem(BoxedItem):
    def __init__(self, board: Board, placement: Placement):
        super().__init__()
        self.setZValue(Z_BOARD)
        self.setAcceptHoverEvents(False)
        # The grid, nodes and coordinates only change with the zoom or the
        # board: keep them as a picture rather than redraw them under every
        # ghost and every moving piece.
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self.highlighted = False
        self.set_board(board, placement)

    def set_board(self, board: Board, placement: Placement) -> None:
        self.board = board
        self.placement = placement
        x0, y0, x1, y1 = placement.bounds
        self.set_box(QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-3, -3, 3, 3))
        self.update()

    def set_highlighted(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self.update()

    @property
    def board_id(self) -> str:
        return self.board.id

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pl = self.placement
        kind = pl.kind
        x0, y0, x1, y1 = pl.bounds
        outer = QRectF(x0, y0, x1 - x0, y1 - y0)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.BOARD_BORDER)
        painter.drawRect(outer)
        # The zone grid area.
        nx, ny = kind.nodes
        a = pl.node_table((0, 0))
        b = pl.node_table((nx - 1, ny - 1))
        grid = QRectF(QPointF(*a), QPointF(*b)).normalized()
        painter.setBrush(style.BOARD)
        painter.drawRect(grid)

        scale = painter.worldTransform().m11() or 1.0
        _upright_text(painter, grid.center(), self.board.id, 220, style.WATERMARK, max_mm=300)

        pen = QPen(style.ZONE_LINE, 0.8)
        painter.setPen(pen)
        for i in range(nx):
            painter.drawLine(QPointF(*pl.node_table((i, 0))), QPointF(*pl.node_table((i, ny - 1))))
        for j in range(ny):
            painter.drawLine(QPointF(*pl.node_table((0, j))), QPointF(*pl.node_table((nx - 1, j))))
        # Node squares, as printed on the board.
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.NODE)
        half = 5.0
        for n in pl.nodes():
            x, y = pl.node_table(n)
            painter.drawRect(QRectF(x - half, y - half, 2 * half, 2 * half))

        # Zone coordinates in the border strip.
        # Zoomed far out they may spill a little over the outermost zone
        # line rather than become too small to read.
        if scale > 0.2:
            br = kind.border
            p = kind.pitch
            for i in range(kind.zones[0]):
                c = QPointF(*pl.to_table(br + (i + 0.5) * p, br / 2))
                _upright_text(painter, c, column_name(i), 12, style.COORD_TEXT, max_mm=br * 0.9, min_px=9)
            for j in range(kind.zones[1]):
                c = QPointF(*pl.to_table(br / 2, br + (j + 0.5) * p))
                _upright_text(painter, c, str(j + 1), 12, style.COORD_TEXT, max_mm=br * 0.9, min_px=9)

        edge = QPen(style.BOARD_SELECTED if self.highlighted else style.BOARD_EDGE,
                    (3.0 if self.highlighted else 1.2) / scale)
        edge.setCosmetic(False)
        painter.setPen(edge)
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(outer)
