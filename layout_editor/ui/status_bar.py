"""The window's status bar: a message is never hidden by the cursor's
coordinate readout, and a message too long for one line wraps.

QStatusBar draws its message on one line, in the room its permanent widgets
leave; the readout took 380 px of it, so Kill Team's refusal to open a
hatchway (why, and what to do instead) was cut off mid-sentence (issue 24).
Here, while a message does not fit beside the readout, the readout steps
aside; a message longer than the whole bar is drawn wrapped, and the bar
grows to hold its lines (at most MAX_LINES), then shrinks back.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStatusBar, QWidget

MAX_LINES = 3
MARGIN = 6     # QStatusBar's own, left of the message
FLAGS = Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._readout: QWidget | None = None
        self._readout_wanted = True
        self.messageChanged.connect(lambda _text: self._arrange())

    def set_readout(self, widget: QWidget) -> None:
        """The permanent widget that steps aside for a long message."""
        self._readout = widget
        self.addPermanentWidget(widget)

    def message_rect(self) -> QRect:
        """Where the message is drawn: left of every visible permanent widget."""
        right = self.width() - MARGIN
        for w in self.findChildren(QWidget):
            if w.parentWidget() is self and w.isVisible() and w.geometry().left() > MARGIN:
                right = min(right, w.geometry().left() - MARGIN)
        return QRect(MARGIN, 0, max(0, right - MARGIN), self.height())

    def _room(self, with_readout: bool) -> int:
        others = sum(w.sizeHint().width() + MARGIN for w in self.findChildren(QWidget)
                     if w.parentWidget() is self and w.isVisibleTo(self) and w is not self._readout)
        readout = (max(self._readout.minimumWidth(), self._readout.sizeHint().width()) + MARGIN
                   if with_readout and self._readout is not None else 0)
        return self.width() - 2 * MARGIN - others - readout

    def _arrange(self) -> None:
        text = self.currentMessage()
        metrics = self.fontMetrics()
        if self._readout is not None:
            fits = not text or metrics.horizontalAdvance(text) <= self._room(True)
            self._readout.setVisible(fits)
        lines = 1
        if text:
            room = max(50, self._room(False))
            height = metrics.boundingRect(QRect(0, 0, room, 10_000), FLAGS, text).height()
            lines = min(MAX_LINES, max(1, -(-height // metrics.lineSpacing())))
        self.setMinimumHeight(metrics.lineSpacing() * lines + 8 if lines > 1 else 0)
        self.update()

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        if ev.oldSize().width() != ev.size().width():
            self._arrange()

    def paintEvent(self, ev) -> None:
        text = self.currentMessage()
        if not text or self.fontMetrics().horizontalAdvance(text) <= self.message_rect().width():
            super().paintEvent(ev)
            return
        # Too long for one line: drawn wrapped (QStatusBar would cut it).
        p = QPainter(self)
        p.setPen(self.palette().windowText().color())
        p.drawText(self.message_rect(), FLAGS, text)
        p.end()
