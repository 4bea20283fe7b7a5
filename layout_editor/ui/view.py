"""The view onto the table: zoom with the wheel about the cursor, pan with
the middle button (or space and drag), fit the boards to the window. Pieces
carried from the palette land here (the palette drives the placer), and
mission files dropped on the window open."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from .items.label import CAPTION, LabelItem

MIN_SCALE = 0.15   # pixels per mm
MAX_SCALE = 12.0


class TableView(QGraphicsView):
    files_dropped = Signal(list)  # local paths of files dropped on the table

    def __init__(self, scene, parent=None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing | QPainter.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setDragMode(QGraphicsView.NoDrag)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self._pan = None
        self._space = False
        # The transform Fit to Window last set (None once panned): while the
        # view still has it, a change of its size (a dock growing, the
        # window resized) fits again, so the boards never end up partly
        # behind a panel. Zoomed (or any other transform) since: left alone.
        self._fit_transform = None
        self._painted_scale = 0.0   # the zoom the names were last drawn at (see paintEvent)

    def paintEvent(self, ev) -> None:
        # The names on the table are cached pictures (each one drawn in
        # Python would wait for the rules thread's GIL on every repaint:
        # items/boxed.py); a name looks different at another zoom (smaller,
        # or its short form), so on the first paint at a new zoom each is
        # told, and repaints itself if it must. Every way of zooming ends
        # in a paint, so none is missed.
        scale = self.transform().m11()
        if scale != self._painted_scale and self.scene() is not None:
            self._painted_scale = scale
            for item in self.scene().items():
                if isinstance(item, LabelItem) and item.look == CAPTION:
                    item.zoomed(scale)
        super().paintEvent(ev)

    # -- zoom and pan ---------------------------------------------------------
    def scale_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        s = self.scale_factor()
        factor = max(MIN_SCALE / s, min(MAX_SCALE / s, factor))
        if anchor is None:
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(old)
        else:
            # Keep the table point under the cursor where it is (as far as
            # the scroll range allows at the edges of the table).
            before = self.mapToScene(anchor.toPoint())
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.NoAnchor)
            self.scale(factor, factor)
            self.setTransformationAnchor(old)
            d = self.mapFromScene(before) - anchor.toPoint()
            hb, vb = self.horizontalScrollBar(), self.verticalScrollBar()
            hb.setValue(hb.value() + d.x())
            vb.setValue(vb.value() + d.y())

    def fit(self) -> None:
        rect = self.scene().table_rect()
        if rect.isEmpty():
            return
        self.fitInView(rect.adjusted(-40, -40, 40, 40), Qt.KeepAspectRatio)
        self._fit_transform = self.transform()

    def is_fitted(self) -> bool:
        """Whether the view shows the table as Fit to Window left it."""
        return self._fit_transform is not None and self.transform() == self._fit_transform

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        if self.is_fitted():
            self.fit()

    def centre_on_points(self, points) -> None:
        points = list(points)
        if not points:
            return
        self._fit_transform = None
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self.centerOn(QPointF((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))

    def apply_tool_cursor(self) -> None:
        """The active tool's cursor over the table (the arrow if it has none)."""
        tool = self.scene().tools.active
        if tool is not None and tool.cursor is not None:
            self.viewport().setCursor(tool.cursor)
        else:
            self.viewport().unsetCursor()

    def wheelEvent(self, ev) -> None:
        delta = ev.angleDelta().y()
        if delta == 0:
            return super().wheelEvent(ev)
        self.zoom_by(1.0015 ** delta, ev.position())
        ev.accept()

    def mousePressEvent(self, ev) -> None:
        if ev.button() == Qt.MiddleButton or (self._space and ev.button() == Qt.LeftButton):
            self._pan = ev.position()
            self._fit_transform = None
            self.viewport().setCursor(Qt.ClosedHandCursor)
            ev.accept()
            return
        self.setFocus()
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev) -> None:
        if self._pan is not None:
            d = ev.position() - self._pan
            self._pan = ev.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - d.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - d.y()))
            ev.accept()
            return
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev) -> None:
        if self._pan is not None and ev.button() in (Qt.MiddleButton, Qt.LeftButton):
            self._pan = None
            self.apply_tool_cursor()
            ev.accept()
            return
        super().mouseReleaseEvent(ev)

    def leaveEvent(self, ev) -> None:
        # A ghost following the cursor (Place tool) should not linger once the
        # cursor has left the table; a drag in progress keeps its own.
        if self._pan is None and not (ev and self.scene().tools.dragging()):
            self.scene().ghost.clear()
        super().leaveEvent(ev)

    def keyPressEvent(self, ev) -> None:
        if ev.key() == Qt.Key_Space and not ev.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.OpenHandCursor)
            return
        if self.scene().tools.key_press(ev):
            ev.accept()
            return
        super().keyPressEvent(ev)

    def keyReleaseEvent(self, ev) -> None:
        if ev.key() == Qt.Key_Space and not ev.isAutoRepeat():
            self._space = False
            self.apply_tool_cursor()
            return
        super().keyReleaseEvent(ev)

    # -- drops -------------------------------------------------------------------
    # Mission files dropped on the window open. (Pieces from the palette are
    # not a platform drag: the palette carries them itself, see palette.py.)
    def dragEnterEvent(self, ev) -> None:
        if ev.mimeData() and ev.mimeData().hasUrls():
            ev.acceptProposedAction()
            return
        ev.ignore()

    def dragMoveEvent(self, ev) -> None:
        if ev.mimeData() and ev.mimeData().hasUrls():
            ev.acceptProposedAction()
            return
        ev.ignore()

    def dropEvent(self, ev) -> None:
        md = ev.mimeData()
        if md is not None and md.hasUrls():
            paths = [u.toLocalFile() for u in md.urls() if u.isLocalFile()]
            if paths:
                ev.acceptProposedAction()
                self.files_dropped.emit(paths)
                return
        ev.ignore()
