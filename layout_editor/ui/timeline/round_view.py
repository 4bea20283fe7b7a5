"""Which battle round the editor shows, and the table as it is in that round.

The document always holds the table as the battle starts, and every edit
changes that table (one undo step each, as ever). The timeline strip picks
a round to look at; `RoundView` then works out the table in that round
with the model (`timeline.mission_in_round`: plain dataclass work, a few
microseconds, so it is done on the UI thread) and hands it

- to the live feedback, which asks every overlay (reach, routes, sight, the
  designer's maps, the balance table) for that table on the analysis
  worker, as it does for the starting one (never on the UI thread);
- to the scene: hatchway pieces are drawn open, closed or locked as they
  are in that round, objectives absent in it are hidden and moved ones
  stand where they moved to, closed entry zones and removed areas are not
  drawn, and `RoundLayer` shades the areas that are impassable, dangerous
  or dark, marks the locked hatchways and rings what changed since the
  round before (since the table as set up, in round 1).

None (the strip's "Setup") is the table as the file sets it: exactly what
the editor showed before the timeline existed.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from ...catalogue import Catalogue
from ...model import timeline as tl
from ...model.lattice import Placement
from ...model.mission import Mission, Piece
from ...rules.geometry import PieceGeometryError, piece_shape
from ..items.boxed import BoxedItem
from ..items.paths import cosmetic_pen
from ..items.stacking import Z_OVERLAY
from ..items.zone_items import cells_path
from .words import AREA_STATES, Timeline

# How the round's area states are shaded (over the deck, under the terrain's
# labels): impassable like a wall, dangerous in warning orange, dark dimmed.
AREA_LOOK = {"impassable": (QColor(120, 20, 20, 110), Qt.BrushStyle.DiagCrossPattern, QColor("#7a1414")),
             "dangerous": (QColor(230, 120, 0, 90), Qt.BrushStyle.BDiagPattern, QColor("#c25e00")),
             "dark": (QColor(10, 10, 30, 120), Qt.BrushStyle.SolidPattern, QColor("#1a1a3a"))}
CHANGED = QColor("#f0b400")   # rings round what changed since the start
LOCKED = QColor("#b00020")


def hatchway_key(piece: Piece) -> tuple:
    return (piece.board, frozenset((piece.from_node, piece.to_node)))


class RoundLayer(BoxedItem):
    """What the table in the shown round has that the pieces and markers do
    not draw themselves: area states, locks, and what changed."""

    def __init__(self):
        super().__init__()
        self.setZValue(Z_OVERLAY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._areas: list[tuple[str, QPainterPath]] = []
        self._locks: list[QPointF] = []
        self._rings: list[QRectF] = []

    def clear(self) -> None:
        self.set_table(None, None, None)

    def set_table(self, before: Mission | None, shown: Mission | None, catalogue: Catalogue | None) -> None:
        """Draw `shown`'s area states and locks, and ring what differs from `before`."""
        self._areas, self._locks, self._rings = [], [], []
        if before is not None and shown is not None and catalogue is not None:
            self._work_out(before, shown, catalogue)
        r = QRectF()
        for _, p in self._areas:
            r = r.united(p.boundingRect())
        for box in self._rings:
            r = r.united(box)
        for at in self._locks:
            r = r.united(QRectF(at.x() - 20, at.y() - 20, 40, 40))
        self.set_box(r.adjusted(-6, -6, 6, 6) if not r.isNull() else QRectF())
        self.setToolTip("")
        self.update()

    def _work_out(self, start: Mission, shown: Mission, catalogue: Catalogue) -> None:
        # `start`: the table the rings compare with (the round before)
        for region in shown.regions:
            state = getattr(region, "state", "clear")
            if state in AREA_LOOK:
                path = cells_path(shown, [(region.board, c) for c in region.cells])
                if not path.isEmpty():
                    self._areas.append((state, path))
        before = {hatchway_key(p): p for p in start.pieces}
        for p in shown.pieces:
            if p.open is None and not getattr(p, "locked", False):
                continue
            try:
                shape = piece_shape(p, Placement.of(shown.board(p.board), catalogue), catalogue)
            except (KeyError, ValueError, PieceGeometryError):
                continue
            if shape.door is None:
                continue
            c = shape.door.centroid
            if getattr(p, "locked", False):
                self._locks.append(QPointF(c.x, c.y))
            was = before.get(hatchway_key(p))
            if was is not None and (bool(was.open) != bool(p.open)
                                    or getattr(was, "locked", False) != getattr(p, "locked", False)):
                x0, y0, x1, y1 = shape.door.bounds
                self._rings.append(QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-14, -14, 14, 14))
        starts = {o.id: o.at for o in start.objectives}
        for o in shown.objectives:
            if starts.get(o.id) != o.at:   # appeared or moved since the start
                self._rings.append(QRectF(o.at[0] - 30, o.at[1] - 30, 60, 60))

    def area_states(self) -> list[str]:
        return [state for state, _ in self._areas]

    def lock_count(self) -> int:
        return len(self._locks)

    def ring_count(self) -> int:
        return len(self._rings)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for state, path in self._areas:
            fill, pattern, line = AREA_LOOK[state]
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(fill, pattern))
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(line, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for box in self._rings:
            painter.setPen(cosmetic_pen(CHANGED, 3.0, Qt.PenStyle.DashLine))
            painter.drawEllipse(box)
        for at in self._locks:
            # A padlock: a shackle over a body, 18 mm across.
            painter.setPen(QPen(LOCKED, 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawArc(QRectF(at.x() - 6, at.y() - 13, 12, 14), 0, 180 * 16)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LOCKED)
            painter.drawRoundedRect(QRectF(at.x() - 9, at.y() - 6, 18, 14), 2, 2)


class RoundView(QObject):
    """The round the editor shows (None: the table as set up) and that
    round's table. roundChanged(int | None) after the choice changes."""

    roundChanged = Signal(object)

    def __init__(self, document, scene, catalogue: Catalogue, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        self.scene = scene
        self.catalogue = catalogue
        self._round: int | None = None
        self._source: Mission | None = None   # the document's mission `_table` was worked out from
        self._table: Mission | None = None
        self._listeners: list[Callable[[], None]] = []  # told after the shown table changes
        self._shown_pieces: set[int] = set()  # piece items drawn as in the round, not as set up
        self.layer = RoundLayer()
        scene.add_overlay(self.layer)
        document.changed.connect(self._document_changed)
        # Another mission (New, Open, a share code): it starts at Setup.
        document.replaced.connect(self._replaced)

    @property
    def round(self) -> int | None:
        return self._round

    def set_round(self, r: int | None) -> None:
        last = tl.battle_rounds(self.document.mission)
        if r is not None:
            r = max(1, min(int(r), last))
        if r == self._round:
            return
        self._round = r
        self._source = None
        self._show()
        self.roundChanged.emit(r)

    def table(self) -> Mission:
        """The table in the shown round (the document's own mission at Setup)."""
        mission = self.document.mission
        if self._round is None:
            return mission
        if self._source is not mission:
            self._source = mission
            self._table = tl.mission_in_round(mission, self._round)
        assert self._table is not None
        return self._table

    def on_shown_changed(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _replaced(self) -> None:
        self.set_round(None)

    def _document_changed(self, change) -> None:
        if self._round is not None:
            if self._round > tl.battle_rounds(self.document.mission):
                self.set_round(None)
                return
            self._show()

    def _show(self) -> None:
        """Draw the shown round's table on the scene and tell the listeners
        (the placement layer, the live feedback)."""
        start = self.document.mission
        shown = self.table()
        self._show_pieces(start, shown)
        if self._round is None:
            self.layer.clear()
        else:
            before = tl.mission_in_round(start, self._round - 1) if self._round > 1 else start
            self.layer.set_table(before, shown, self.catalogue)
        for listener in self._listeners:
            listener()

    def _show_pieces(self, start: Mission, shown: Mission) -> None:
        """Hatchway pieces drawn open or closed as in the round; the ones
        drawn so before and now as set up again."""
        items = self.scene.piece_items
        wanted = {}
        if shown is not start:
            before = {p.uid: p for p in start.pieces}
            wanted = {p.uid: p for p in shown.pieces if before.get(p.uid) is not None and before[p.uid] != p}
        for uid in self._shown_pieces - set(wanted):
            item = items.get(uid)
            piece = next((p for p in start.pieces if p.uid == uid), None)
            if item is not None and piece is not None and item.piece is not piece:
                item.set_piece(piece, item.placement)
        for uid, piece in wanted.items():
            item = items.get(uid)
            if item is not None:
                item.set_piece(piece, item.placement)
        self._shown_pieces = set(wanted)

    def changes_shown(self) -> str:
        """A line for the strip: what the shown round's table differs in."""
        if self._round is None:
            return ""
        states = self.layer.area_states()
        words = [Timeline.tr(AREA_STATES[s]) for s in dict.fromkeys(states)]
        return ", ".join(words)
