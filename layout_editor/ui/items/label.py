"""Labels on the table: one item for every text the editor writes on the map
(a piece's code, a gap's width, an objective's name, the names of entry
zones and regions, the overlays' captions).

A label keeps its size on screen at every zoom (it ignores the view's
scale) and comes in two looks:
- "code": a small dark pill centred on its position (piece codes, gaps);
- "caption": a white box with dark text, an optional colour swatch on the
  left, placed beside its position by `anchor`.

Zoomed out, every label behaves the same way:
- below 0.9 and again below 0.6 pixels per mm its text steps down a size
  (never under 8 pixels), so neighbours run into each other later;
- below its "far" scale it shows its far text instead: a short form ("P1"
  for "Player 1: North-west crew") or nothing at all. A piece's code goes
  once a zone is less than 32 pixels across (the walls' shapes still tell
  the pieces apart); a name goes or shortens once it is wider than twice
  the room its area has (`set_short`).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from . import style
from .boxed import BoxedItem
from .stacking import Z_LABELS, Z_PIECE_LABEL

CODE = "code"
CAPTION = "caption"

# Zoomed out until a zone is this many pixels across, the codes of
# neighbouring pieces run into each other and hide the map.
HIDE_CODES_BELOW_ZONE_PX = 32.0
SMALLER_BELOW = (0.9, 0.6)   # px per mm: one size smaller below each
MIN_PIXELS = 8


def _zone_mm() -> float:
    """The smallest zone of the catalogue's boards (97 mm on the Boarding
    Actions board)."""
    from ...catalogue import default_catalogue
    return min(kind.pitch for kind in default_catalogue().boards.values())


class LabelItem(BoxedItem):
    PAD = 4.0       # caption: the box's margin around the text, pixels
    GAP = 8.0       # caption: from the label's position to the box's side, pixels

    def __init__(self, text: str = "", parent: QGraphicsItem | None = None, *, look: str = CAPTION,
                 colour: QColor | None = None, anchor: str | None = None, pixels: int | None = None,
                 point_size: float = 9.5, hide_far: bool | None = None):
        """`pixels` sizes a code's font (11 unless given), `point_size` a
        caption's. A code hides far out unless `hide_far` is False; a
        caption shows whole at every zoom until `set_short` says otherwise."""
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # A code is its piece's child, over the piece's walls; a caption is
        # on the scene on its own, over the overlays.
        self.setZValue(Z_PIECE_LABEL if look == CODE else Z_LABELS)
        self._look = look
        if look == CODE:
            self._font = style.label_font(pixels or 11)
            self._anchor = anchor or "centre"
        else:
            self._font = QFont()
            self._font.setPointSizeF(point_size)
            self._font.setBold(True)
            self._anchor = anchor or "below"
        self._colour = colour
        self._lines: list[str] = []
        self._rect = QRectF()
        # The far form: below `_far_scale` px/mm the label shows `_far`.
        self._far: str | None = None
        self._far_scale = 0.0
        self._far_room_mm: float | None = None
        if (hide_far if hide_far is not None else look == CODE):
            self.set_far("", HIDE_CODES_BELOW_ZONE_PX / _zone_mm())
        self.set_text(text, colour)
        self._drawn = None   # (lines, font) last painted (see `zoomed`)
        # Hundreds of piece codes drawn again cost a full repaint of a big
        # table (an overlay's new answer) ~50 ms, and every label drawn in
        # Python waits for the rules thread's GIL (items/boxed.py); cached,
        # they are blits. The cache outlives a zoom (the label ignores the
        # view's scale): a code's piece repaints on zoom and calls `zoomed`,
        # the view calls it for the captions (view.TableView.paintEvent).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def look(self) -> str:
        """CODE or CAPTION."""
        return self._look

    # -- what it says --------------------------------------------------------------------
    def text(self) -> str:
        return "\n".join(self._lines)

    def set_text(self, text: str, colour: QColor | None = None) -> None:
        """New text; for a caption `colour` is the swatch beside it (None: no swatch)."""
        self._colour = colour
        self._lines = text.split("\n") if text else []
        self._rect = self._measure(self._lines, self._font)
        self.set_box(self._rect.adjusted(-1, -1, 1, 1) if self._lines else QRectF())
        if self._far_room_mm is not None:
            self._far_scale = self._rect.width() / (2 * max(self._far_room_mm, 1e-6))
        self.update()

    def set_anchor(self, anchor: str) -> None:
        """Which side of the box touches the label's position ("below",
        "above", "left", "right", "centre"; the map's label placer sets
        "centre" where it has found room)."""
        if anchor != self._anchor:
            self._anchor = anchor
            self.set_text(self.text(), self._colour)

    def set_far(self, text: str, below_scale: float) -> None:
        """Show `text` instead ("" shows nothing) while the table is drawn at
        fewer than `below_scale` pixels per mm."""
        self._far, self._far_scale, self._far_room_mm = text, below_scale, None
        self.update()

    def set_short(self, text: str, room_mm: float) -> None:
        """Show `text` instead ("" shows nothing) once the label is wider
        than twice `room_mm` of table (a narrow region seen from far away)."""
        self.set_far(text, self._rect.width() / (2 * max(room_mm, 1e-6)))
        self._far_room_mm = room_mm

    # -- zoomed out ------------------------------------------------------------------------
    def shown_lines(self, scale: float) -> list[str]:
        """What the label shows with the table drawn at `scale` pixels per mm."""
        if self._far is None or scale >= self._far_scale:
            return self._lines
        return [self._far] if self._far else []

    def shown(self, scale: float | None = None) -> bool:
        """Whether it shows anything at `scale` (the view's, if not given)."""
        return bool(self.shown_lines(self._view_scale() if scale is None else scale))

    def font_at(self, scale: float) -> QFont:
        """The font at `scale` pixels per mm: a size smaller below each of SMALLER_BELOW."""
        steps = sum(1 for s in SMALLER_BELOW if scale < s)
        if not steps:
            return self._font
        f = QFont(self._font)
        if f.pixelSize() > 0:
            f.setPixelSize(max(MIN_PIXELS, f.pixelSize() - steps))
        else:
            f.setPointSizeF(max(MIN_PIXELS * 0.75, f.pointSizeF() - 0.75 * steps))
        return f

    def box(self, scale: float | None = None) -> QRectF:
        """The label's box in pixels about its position; with `scale`, of
        what it shows with the table drawn at that many pixels a mm."""
        if scale is None:
            return QRectF(self._rect)
        lines = self.shown_lines(scale)
        if not lines:
            return QRectF()
        return self._measure(lines, self.font_at(scale))

    # -- drawing ------------------------------------------------------------------------------
    def _measure(self, lines: list[str], font: QFont) -> QRectF:
        if not lines:
            return QRectF()
        fm = QFontMetricsF(font)
        w = max(fm.horizontalAdvance(line) for line in lines)
        h = fm.height() * len(lines)
        if self._look == CODE:
            w += 6
            return QRectF(-w / 2, -h / 2, w, h)
        bw, bh = w + self._swatch_width(fm) + 2 * self.PAD, h + 2 * self.PAD
        if self._anchor == "below":
            x, y = -bw / 2, self.GAP
        elif self._anchor == "above":
            x, y = -bw / 2, -bh - self.GAP
        elif self._anchor == "right":
            x, y = self.GAP, -bh / 2
        elif self._anchor == "left":
            x, y = -bw - self.GAP, -bh / 2
        else:  # centre
            x, y = -bw / 2, -bh / 2
        return QRectF(x, y, bw, bh)

    def _swatch_width(self, fm: QFontMetricsF) -> float:
        return fm.height() * 0.8 + self.PAD if self._colour is not None else 0.0

    def _view_scale(self, widget=None) -> float:
        """Pixels per mm of the view being painted (or of the scene's first view)."""
        view = widget.parent() if widget is not None else None
        if not hasattr(view, "transform"):
            scene = self.scene()
            views = scene.views() if scene is not None else []
            view = views[0] if views else None
        return view.transform().m11() if view is not None else 1.0

    def zoomed(self, scale: float) -> None:
        """The table is drawn at `scale` px per mm now: paint again if the
        label looks different there (its cached picture would not)."""
        if self._drawn is not None and self._drawn != (self.shown_lines(scale), self.font_at(scale)):
            self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        scale = self._view_scale(widget)
        lines = self.shown_lines(scale)
        font = self.font_at(scale)
        self._drawn = (lines, font)
        if not lines:
            return
        rect = self._measure(lines, font)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._look == CODE:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BG)
            painter.drawRoundedRect(rect, 3, 3)
            painter.setPen(style.LABEL_TEXT)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "\n".join(lines))
            return
        fm = QFontMetricsF(font)
        painter.setPen(QPen(QColor(40, 40, 40, 200), 1))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.drawRoundedRect(rect, 4, 4)
        x = rect.left() + self.PAD
        if self._colour is not None:
            s = fm.height() * 0.8
            painter.setBrush(self._colour)
            painter.setPen(QPen(QColor(0, 0, 0, 160), 1))
            painter.drawRoundedRect(QRectF(x, rect.top() + self.PAD + (fm.height() - s) / 2, s, s), 2, 2)
            x += self._swatch_width(fm)
        painter.setFont(font)
        painter.setPen(QColor(20, 20, 20))
        y = rect.top() + self.PAD + fm.ascent()
        for line in lines:
            painter.drawText(QPointF(x, y), line)
            y += fm.height()
