"""Colours, pens and text sizes of the table drawing, in one place so the
table reads as one map. Scene units are table millimetres; label sizes are
screen pixels (labels keep a readable size at every zoom)."""
from __future__ import annotations

from PySide6.QtGui import QColor, QFont

TABLE = QColor("#2e333b")          # the room around the boards
BOARD = QColor("#d9d5ca")          # deck plate: light, so dark walls stand out
BOARD_BORDER = QColor("#c3beb0")   # the 12.5 mm strip outside the zone lines
BOARD_EDGE = QColor("#6d685d")
ZONE_LINE = QColor("#9f998b")
NODE = QColor("#a8a293")
COORD_TEXT = QColor("#5b564c")
WATERMARK = QColor(90, 84, 72, 40)
BOARD_SELECTED = QColor("#2f80ed")

WALL = QColor("#30363f")
WALL_EDGE = QColor("#151a20")
PILLAR = QColor("#454d59")
WALL_END = QColor("#5b4f45")
LABEL_BG = QColor(22, 27, 34, 215)
LABEL_TEXT = QColor("#f5f2ea")

HATCH_CLOSED = QColor("#e0662a")   # a closed door: warm, like a warning light
HATCH_CLOSED_LEAF = QColor("#9c3b10")
HATCH_OPEN = QColor("#1f9d55")     # an open doorway: go
HATCH_OPEN_FILL = QColor(31, 157, 85, 60)

SELECTION = QColor("#2f9bff")
MARK = {"error": QColor("#e5393b"), "warning": QColor("#f2a516"), "info": QColor("#3a8fd6")}

GHOST_OK = QColor(40, 170, 90, 150)
GHOST_BAD = QColor(220, 50, 50, 150)

GAP = QColor("#ffd166")


def label_font(pixels: int = 11, bold: bool = True) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(pixels)
    f.setBold(bold)
    return f
