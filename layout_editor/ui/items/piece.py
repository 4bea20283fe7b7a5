"""A terrain piece on the table, drawn at its real footprint (from
rules.geometry.piece_shape, so the screen, the rules and the printed map
agree) with its code as on a printed mission map.

A hatchway shows its state and which face its door is on at a glance:
closed, the doorway is filled in orange with the leaf as a dark strip on its
face and a small arrow pointing out of that face; open, the doorway is a
green gap with the leaf drawn swung out on its face, as on a floor plan.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ...catalogue import Catalogue
from ...model.lattice import Placement
from ...model.mission import Piece
from ...rules.geometry import PieceShape, piece_shape
from . import style
from .boxed import BoxedItem
from .label import CODE, LabelItem
from .paths import geometry_path
from .stacking import Z_GHOST, Z_PIECE


class PieceItem(BoxedItem):
    """One piece, keyed by its uid in the scene."""

    def __init__(self, piece: Piece, placement: Placement, catalogue: Catalogue):
        super().__init__()
        self.setZValue(Z_PIECE)
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.catalogue = catalogue
        self.mark: str | None = None  # a finding's severity, drawn as a halo
        self.label = LabelItem("", self, look=CODE)
        # Drawn once per look and zoom, then blitted: a full repaint of a
        # big table (an overlay's new answer) would otherwise run every
        # piece's paint() on the UI thread.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_piece(piece, placement)

    @property
    def uid(self) -> int:
        return self.piece.uid

    def set_piece(self, piece: Piece, placement: Placement) -> None:
        self.piece = piece
        self.placement = placement
        self.kind = self.catalogue.piece(piece.code)
        self.shape_: PieceShape = piece_shape(piece, placement, self.catalogue)
        self._solid = geometry_path(self.shape_.solid)
        self._outline = geometry_path(self.shape_.outline)
        stroker = QPainterPathStroker()
        stroker.setWidth(10.0)  # a thin wall is still easy to click
        self._hit = stroker.createStroke(self._outline).united(self._outline)
        extra = 0.0
        if self.kind.hatchway is not None:
            extra = self.kind.hatchway.width + 6  # the swung leaf of an open door
        self.set_box(self._outline.boundingRect().adjusted(-extra - 6, -extra - 6, extra + 6, extra + 6))
        self.label.set_text(self.kind.label)
        self.label.setPos(self._label_pos())
        self.setToolTip(self._tooltip())
        self.update()

    def _tooltip(self) -> str:
        from ...model.snapping import describe_piece
        from ..i18n import say, tr
        text = f"{say(describe_piece(self.piece, self.catalogue))}\n{tr(self.kind.name)}"  # the catalogue's name
        if self.kind.hatchway is not None:
            if self.piece.facing == "left":
                face = QCoreApplication.translate("PieceItem", "Hatchway open, door on the left face (walking from → to)") \
                    if self.piece.open else \
                    QCoreApplication.translate("PieceItem", "Hatchway closed, door on the left face (walking from → to)")
            else:
                face = QCoreApplication.translate("PieceItem", "Hatchway open, door on the right face (walking from → to)") \
                    if self.piece.open else \
                    QCoreApplication.translate("PieceItem", "Hatchway closed, door on the right face (walking from → to)")
            text += "\n" + face
        return text

    def set_mark(self, severity: str | None) -> None:
        if severity != self.mark:
            self.mark = severity
            self.update()

    def _side(self) -> float:
        return -1.0 if self.piece.facing == "left" else 1.0

    def _local_to_scene(self, x: float, y: float) -> QPointF:
        import math
        a = math.radians(self.shape_.angle)
        c, s = math.cos(a), math.sin(a)
        cx, cy = self.shape_.centre
        return QPointF(cx + c * x - s * y, cy + s * x + c * y)

    def _label_pos(self) -> QPointF:
        if self.kind.is_wall and self.kind.hatchway is not None:
            # Beside the wall, on the face without the door, so the door's
            # state stays in plain view.
            half = self.catalogue.wall_thickness / 2
            return self._local_to_scene(0.0, -self._side() * (half + 11.0))
        return QPointF(*self.shape_.centre)

    def shape(self) -> QPainterPath:
        return self._hit

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing, True)
        scale = painter.worldTransform().m11() or 1.0
        self.label.zoomed(scale)
        halo = None
        if self.isSelected():
            halo = style.SELECTION
        elif self.mark in style.MARK:
            halo = style.MARK[self.mark]
        if halo is not None:
            # Around the solid parts only when the door is open, so the halo
            # never fills the doorway and makes it look shut.
            around = self._solid if self.piece.open else self._outline
            pen = QPen(halo, 7.0 / scale + 3.0)
            pen.setJoinStyle(Qt.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(halo)
            painter.drawPath(around)
            if self.isSelected() and self.mark in style.MARK:
                painter.setPen(QPen(style.MARK[self.mark], 2.0 / scale + 1.0))
                painter.setBrush(Qt.NoBrush)
                painter.drawPath(around)
        fill = {"wall": style.WALL, "pillar": style.PILLAR, "wall-end": style.WALL_END}[self.kind.kind]
        painter.setPen(QPen(style.WALL_EDGE, max(0.6, 1.0 / scale)))
        painter.setBrush(fill)
        painter.drawPath(self._solid)
        if self.kind.hatchway is not None:
            self._paint_hatchway(painter, scale)

    def _paint_hatchway(self, painter: QPainter, scale: float) -> None:
        h = self.kind.hatchway
        o0, o1 = h.opening
        half = self.catalogue.wall_thickness / 2
        side = self._side()
        lt = h.leaf_thickness
        painter.save()
        painter.translate(*self.shape_.centre)
        painter.rotate(self.shape_.angle)
        thin = max(0.5, 1.0 / scale)
        if not self.piece.open:
            painter.setPen(QPen(style.HATCH_CLOSED_LEAF, thin))
            painter.setBrush(style.HATCH_CLOSED)
            painter.drawRect(QRectF(o0, -half, o1 - o0, 2 * half))
            # The leaf on its face, thicker than life so it reads on screen.
            leaf = QRectF(o0, 0, o1 - o0, side * (lt + 2.0)).normalized()
            leaf.translate(0, side * half)
            painter.setBrush(style.HATCH_CLOSED_LEAF)
            painter.setPen(Qt.NoPen)
            painter.drawRect(leaf)
            tip = side * (half + lt + 11.0)
            base = side * (half + lt + 2.0)
            painter.setBrush(style.HATCH_CLOSED_LEAF)
            # The arrow stands at the doorway's middle (off the panel's
            # middle on A3/A4, whose doorway is in one half).
            mid = h.middle
            painter.drawPolygon(QPolygonF([QPointF(mid - 7, base), QPointF(mid + 7, base), QPointF(mid, tip)]))
            # The hinge, at the from end of the doorway: which way round the
            # panel stands, as the open door's swing shows it.
            r = 2.6
            painter.drawEllipse(QPointF(o0, side * (half + lt / 2 + 1.0)), r, r)
        else:
            painter.setPen(QPen(style.HATCH_OPEN, thin, Qt.DashLine))
            painter.setBrush(style.HATCH_OPEN_FILL)
            painter.drawRect(QRectF(o0, -half, o1 - o0, 2 * half))
            # The leaf swung out on its face about the hinge at the from end.
            width = o1 - o0
            hinge = QPointF(o0, side * half)
            end = QPointF(o0, side * (half + width))
            painter.setPen(QPen(style.HATCH_OPEN, max(2.5, 2.0 / scale), Qt.SolidLine, Qt.RoundCap))
            painter.drawLine(hinge, end)
            painter.setPen(QPen(style.HATCH_OPEN, thin, Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            arc = QRectF(o0 - width, side * half - width, 2 * width, 2 * width)
            # Qt angles run anticlockwise from 3 o'clock in 1/16 degree; in
            # the item's y-down frame the +y face is below the wall.
            painter.drawArc(arc, 0, -90 * 16 if side > 0 else 90 * 16)
        painter.restore()


class GhostItem(QGraphicsItem):
    """Where a dragged or placed piece would land: green when it may stand
    there, red when not."""

    def __init__(self):
        super().__init__()
        self.setZValue(Z_GHOST)
        self._path = QPainterPath()
        self.doors = QPainterPath()
        self._ok = True
        self.setVisible(False)

    def show_shapes(self, shapes: list[PieceShape], ok: bool) -> None:
        self.prepareGeometryChange()
        path = QPainterPath()
        doors = QPainterPath()
        for s in shapes:
            path.addPath(geometry_path(s.outline))
            # The doorway and its leaf in the door's colour: on an A3/A4 it
            # is in one half of the panel, and the player must see which
            # half before letting go (E turns the piece end for end).
            if s.door is not None:
                doors.addPath(geometry_path(s.door))
                doors.addPath(geometry_path(s.leaf))
        self._path = path
        self.doors = doors
        self._ok = ok
        self.setVisible(bool(shapes))
        self.update()

    def clear(self) -> None:
        self.setVisible(False)

    @property
    def ok(self) -> bool:
        return self._ok

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing, True)
        colour = style.GHOST_OK if self._ok else style.GHOST_BAD
        pen = QPen(colour.darker(130), 1.5)
        painter.setPen(pen)
        painter.setBrush(colour)
        painter.drawPath(self._path)
        if not self.doors.isEmpty():
            painter.setPen(Qt.NoPen)
            painter.setBrush(style.HATCH_CLOSED)
            painter.drawPath(self.doors)
