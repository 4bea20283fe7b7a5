"""The table as a QGraphicsScene, in table millimetres (x right, y down).

The scene draws what the Document's mission holds and nothing else: on each
`changed(Change)` it updates only the boards and pieces the change names
(pieces keyed by uid). Mouse events go to the tool manager, which hands
them to the active tool (tools/manager.py); the scene itself never edits the
mission. The window makes the manager and hands it in: the scene knows it
only as `ToolHandler` (what it and the view hand on), so it imports no tool
and the tools, given the scene through their services, import it freely.

The stacking order of everything on the table is items/stacking.py.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ..catalogue import Catalogue, default_catalogue
from ..model.edits import Change
from ..model.lattice import Placement
from ..model.snapping import board_gaps
from .items import style
from .items.board import BoardItem
from .items.gap import GapItem
from .items.piece import GhostItem, PieceItem
from .items.stacking import Z_OVERLAY

MARGIN = 700.0  # mm of open table around the boards: room to zoom and pan freely


class ToolEvent:
    """A mouse event as a tool sees it: where (table mm), which buttons and
    modifiers, and the topmost piece under the cursor (or None)."""

    def __init__(self, scene: MissionScene, pos: QPointF, button=None, buttons=None, modifiers=None,
                 screen_pos=None):
        self.scene = scene
        self.pos = pos
        self.x = pos.x()
        self.y = pos.y()
        self.button = button
        self.buttons = buttons
        self.modifiers = modifiers
        self.screen_pos = screen_pos

    @property
    def piece_item(self) -> PieceItem | None:
        return self.scene.piece_item_at(self.pos)

    @property
    def board_item(self) -> BoardItem | None:
        return self.scene.board_item_at(self.pos)


class ToolHandler(Protocol):
    """The tool manager as the scene and its view use it (tools/manager.
    ToolManager is one): the events handed on answer True when handled."""

    @property
    def active(self) -> object | None: ...

    def mouse_press(self, ev: ToolEvent) -> bool: ...

    def mouse_move(self, ev: ToolEvent) -> bool: ...

    def mouse_release(self, ev: ToolEvent) -> bool: ...

    def double_click(self, ev: ToolEvent) -> bool: ...

    def key_press(self, ev) -> bool: ...

    def dragging(self) -> bool: ...


class MissionScene(QGraphicsScene):
    cursor_moved = Signal(float, float)  # table mm under the cursor

    def __init__(self, document, tools: ToolHandler, catalogue: Catalogue | None = None, parent=None):
        super().__init__(parent)
        self.document = document
        self.catalogue = catalogue or default_catalogue()
        self.setBackgroundBrush(style.TABLE)
        # Items move and change often; a BSP index costs more than it saves.
        self.setItemIndexMethod(QGraphicsScene.NoIndex)
        self.board_items: dict[str, BoardItem] = {}
        self.piece_items: dict[int, PieceItem] = {}
        self.gap_items: list[GapItem] = []
        self.ghost = GhostItem()
        self.addItem(self.ghost)
        self.tools = tools  # mouse events (and the view's keys) go to its active tool
        self._marks: dict[int, str] = {}
        document.changed.connect(self.on_change)
        self.rebuild()

    @property
    def mission(self):
        return self.document.mission

    # -- keeping in step with the mission -----------------------------------
    def rebuild(self) -> None:
        for item in list(self.piece_items.values()) + list(self.board_items.values()):
            self.removeItem(item)
        self.piece_items.clear()
        self.board_items.clear()
        m = self.mission
        for b in m.boards:
            self._update_board(b.id)
        for p in m.pieces:
            self._update_piece(p.uid)
        self._update_gaps()
        self._update_rect()

    def on_change(self, change: Change) -> None:
        if change.everything:
            self.rebuild()
            return
        for board_id in change.boards:
            self._update_board(board_id)
        if change.boards:
            self._update_gaps()
            self._update_rect()
        if change.pieces:
            by_uid = {p.uid: p for p in self.mission.pieces}
            for uid in change.pieces:
                self._update_piece(uid, by_uid.get(uid))

    def _placement(self, board_id: str) -> Placement:
        return Placement.of(self.mission.board(board_id), self.catalogue)

    def _update_board(self, board_id: str) -> None:
        item = self.board_items.get(board_id)
        try:
            board = self.mission.board(board_id)
        except KeyError:
            if item is not None:
                self.removeItem(item)
                del self.board_items[board_id]
            return
        pl = Placement.of(board, self.catalogue)
        if item is None:
            item = BoardItem(board, pl)
            self.addItem(item)
            self.board_items[board_id] = item
        else:
            item.set_board(board, pl)

    def _update_piece(self, uid: int, piece=None) -> None:
        if piece is None:
            piece = next((p for p in self.mission.pieces if p.uid == uid), None)
        item = self.piece_items.get(uid)
        if piece is None:
            if item is not None:
                self.removeItem(item)
                del self.piece_items[uid]
            return
        pl = self._placement(piece.board)
        if item is None:
            item = PieceItem(piece, pl, self.catalogue)
            item.set_mark(self._marks.get(uid))
            self.addItem(item)
            self.piece_items[uid] = item
        else:
            item.set_piece(piece, pl)

    def _update_gaps(self) -> None:
        for g in self.gap_items:
            self.removeItem(g)
        self.gap_items = []
        for gap in board_gaps(self.mission, self.catalogue):
            item = GapItem(gap)
            self.addItem(item)
            self.gap_items.append(item)

    def _update_rect(self) -> None:
        self.setSceneRect(self.table_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def table_rect(self) -> QRectF:
        """The boards' bounding rectangle in table mm."""
        rect = QRectF()
        for b in self.mission.boards:
            x0, y0, x1, y1 = Placement.of(b, self.catalogue).bounds
            rect = rect.united(QRectF(x0, y0, x1 - x0, y1 - y0))
        return rect

    # -- what is where ---------------------------------------------------------
    def piece_item(self, uid: int) -> PieceItem | None:
        return self.piece_items.get(uid)

    def piece_item_at(self, pos: QPointF) -> PieceItem | None:
        for item in self.items(pos):
            while item is not None and not isinstance(item, PieceItem):
                item = item.parentItem()
            if isinstance(item, PieceItem) and item.isVisible():
                return item
        return None

    def board_item_at(self, pos: QPointF) -> BoardItem | None:
        for item in self.board_items.values():
            if item.placement.contains(pos.x(), pos.y()):
                return item
        return None

    # -- selection -------------------------------------------------------------
    def selected_uids(self) -> list[int]:
        """Selected pieces in mission order (so copies keep their order)."""
        chosen = {i.uid for i in self.selectedItems() if isinstance(i, PieceItem)}
        return [p.uid for p in self.mission.pieces if p.uid in chosen]

    def select_uids(self, uids: Iterable[int], add: bool = False) -> None:
        uids = set(uids)
        self.blockSignals(True)
        if not add:
            for item in self.selectedItems():
                item.setSelected(False)
        for uid in uids:
            item = self.piece_items.get(uid)
            if item is not None:
                item.setSelected(True)
        self.blockSignals(False)
        self.selectionChanged.emit()

    # -- marks from the rules check ----------------------------------------------
    def set_piece_marks(self, marks: dict[int, str]) -> None:
        """Halo pieces a finding concerns: {uid: "error" | "warning" | "info"}.
        The set replaces the previous one."""
        # Only the pieces marked before or now: the marks come after every
        # edit, and most of a full table's pieces have none either time.
        before, self._marks = self._marks, dict(marks)
        for uid in before.keys() | self._marks.keys():
            item = self.piece_items.get(uid)
            if item is not None:
                item.set_mark(self._marks.get(uid))

    # -- layers for other parts ---------------------------------------------------
    def add_overlay(self, item: QGraphicsItem, z: float = Z_OVERLAY) -> QGraphicsItem:
        item.setZValue(z)
        self.addItem(item)
        return item

    # -- tools ---------------------------------------------------------------------
    def _event(self, ev, with_button=True) -> ToolEvent:
        return ToolEvent(self, ev.scenePos(), ev.button() if with_button else None, ev.buttons(),
                         ev.modifiers(), ev.screenPos())

    def mousePressEvent(self, ev) -> None:
        if self.tools.mouse_press(self._event(ev)):
            ev.accept()
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev) -> None:
        p = ev.scenePos()
        self.cursor_moved.emit(p.x(), p.y())
        if self.tools.mouse_move(self._event(ev, False)):
            ev.accept()
            return
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev) -> None:
        if self.tools.mouse_release(self._event(ev)):
            ev.accept()
            return
        super().mouseReleaseEvent(ev)

    def mouseDoubleClickEvent(self, ev) -> None:
        if self.tools.double_click(self._event(ev)):
            ev.accept()
            return
        super().mouseDoubleClickEvent(ev)
