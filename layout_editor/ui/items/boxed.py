"""The base of the table's items: boards, pieces and their codes, markers,
names, zones and regions, the overlays' layers, Kill Team's layers and the
timeline's round layer.

While an overlay's answer is computed, a rules thread holds Python's GIL
most of the time. Qt asks an item for its bounding box several times in
every repaint (2,400 asks on 8 boards for the pieces and codes alone); an
item that answers in Python takes the GIL for each ask and waits up to the
switch interval for the rules thread to let it go, so one repaint took
30 ms instead of 5
(`benchmarks/bench_editor_feedback.py --drag`, the blocks after letting go).
A QGraphicsRectItem answers in C++: Shiboken finds no Python
`boundingRect` once and never asks Python again. The items keep their box
with `set_box` and only draw in Python, and only when their cached picture
is stale (they cache in device coordinates).
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem


class BoxedItem(QGraphicsRectItem):
    """An item whose bounding box Qt keeps; subclasses draw in `paint` and
    never define `boundingRect` (that would bring the GIL back)."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        # No pen: the box is exactly what set_box gives (a pen would grow it
        # by half its width), and nothing of the rectangle itself is drawn.
        self.setPen(Qt.PenStyle.NoPen)
        self.setBrush(Qt.BrushStyle.NoBrush)

    def set_box(self, box: QRectF) -> None:
        """Where the item draws, in its own coordinates (setRect tells the
        scene the geometry changes)."""
        if box != self.rect():
            self.setRect(box)
