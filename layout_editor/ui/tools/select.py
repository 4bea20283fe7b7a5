"""The select tool: click, shift-click and rubber band select pieces; drag
moves the selection, re-snapped to the lattice on every step (a group keeps
its shape); double-click opens or closes a hatchway.

A drag pushes one mergeable command per lattice step it lands on, so the
pieces move live and the whole gesture is one undo step (none if it ends
where it began). Where the pieces may not stand, a red ghost shows the spot,
the pieces wait at the last good one, and the status bar says why; let go
there and they go back to where the drag began.
"""
from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from ...model.edits import moved_pieces_to, replace_pieces, set_hatchways_open
from ...model.lattice import Placement
from ...model.snapping import Occupancy, board_under, placement_problem
from ...rules.geometry import piece_shape
from ..game import opening_refused
from ..i18n import say, tr
from ..items import style
from ..items.stacking import Z_LINES
from .base import Tool

_gestures = itertools.count(1)
DRAG_START_PX = 4.0


class SelectTool(Tool):
    name = "Select"
    shortcut = "S"
    tip = "Select and move pieces: click, shift-click or drag a box; drag to move; double-click a hatchway to open or close it"

    def game_tip(self, kill_team: bool) -> str:
        """The tip in the words of the mission's game (Kill Team's hatchways
        start closed: a double-click only closes one set open)."""
        if kill_team:
            return self.tr("Select and move pieces: click, shift-click or drag a box; drag to move; "
                           "double-click a hatchway set open to close it")
        return self.tr("Select and move pieces: click, shift-click or drag a box; drag to move; "
                       "double-click a hatchway to open or close it")

    def __init__(self, services):
        super().__init__(services)
        self.title = self.tr("Select")
        self.tip = self.tr("Select and move pieces: click, shift-click or drag a box; drag to move; "
                           "double-click a hatchway to open or close it")
        self._press = None        # (x, y, screen pos) of the left press
        self._drag = None         # the move gesture under way
        self._band = None         # rubber band item
        self._band_add = False

    def dragging(self) -> bool:
        return self._drag is not None

    def deactivate(self) -> None:
        self.view.viewport().unsetCursor()
        self._end_band()
        self._drag = None
        self._press = None
        self.scene.ghost.clear()

    # -- mouse -----------------------------------------------------------
    def mouse_press(self, ev) -> bool:
        if ev.button == Qt.RightButton:
            return self._context_menu(ev)
        if ev.button != Qt.LeftButton:
            return False
        shift = bool(ev.modifiers & (Qt.ShiftModifier | Qt.ControlModifier))
        item = ev.piece_item
        if item is None and not shift and self._hand_over(ev):
            return True
        self._press = (ev.x, ev.y, ev.screen_pos)
        if item is None:
            if not shift:
                self.scene.select_uids([])
            self._band_add = shift
            self._band = QGraphicsRectItem()
            pen = QPen(style.SELECTION, 0)
            pen.setCosmetic(True)
            self._band.setPen(pen)
            fill = QColor(style.SELECTION)
            fill.setAlpha(40)
            self._band.setBrush(fill)
            self._band.setZValue(Z_LINES)
            self.scene.addItem(self._band)
            self._band.setRect(QRectF(ev.pos, ev.pos))
            return True
        if shift:
            item.setSelected(not item.isSelected())
            return True
        if not item.isSelected():
            self.scene.select_uids([item.uid])
        self._start_drag(item, ev)
        return True

    def _claimed(self, ev):
        """The tool that edits what is under the cursor, if another does."""
        for tool in self.services.tools.tools.values():
            claims = getattr(tool, "claims_press", None)
            if tool is not self and claims is not None and claims(ev):
                return tool
        return None

    def _hand_over(self, ev) -> bool:
        """A press on something another tool edits (Kill Team equipment:
        the Equipment tool) switches to that tool, which takes the press,
        so a click chooses the item and a drag moves it as there."""
        tool = self._claimed(ev)
        if tool is None:
            return False
        self.services.tools.select(tool.name)
        tool.mouse_press(ev)
        return True

    def _start_drag(self, item, ev) -> None:
        m = self.mission
        pl = Placement.of(m.board(item.piece.board), self.scene.catalogue)
        node, _ = pl.nearest_node(ev.x, ev.y)
        nx, ny = pl.node_table(node)
        self._drag = {
            "uids": self.scene.selected_uids(),
            "anchor": (item.piece.board, node),
            "grab": (nx - ev.x, ny - ev.y),  # keep the grip: node relative to cursor
            "start": m,
            "occupancy": Occupancy(m, self.scene.catalogue),
            "target": (item.piece.board, node),
            "gesture": next(_gestures),
            "moving": False,
            "problem": None,
            "pressed": item.uid,
        }

    def mouse_move(self, ev) -> bool:
        if self._band is not None:
            x0, y0, _ = self._press
            self._band.setRect(QRectF(x0, y0, ev.x - x0, ev.y - y0).normalized())
            return True
        if self._drag is None:
            if not (ev.buttons & Qt.LeftButton):
                self._hover(ev)
            return False
        d = self._drag
        if not d["moving"]:
            sp = self._press[2]
            if sp is not None and ev.screen_pos is not None:
                if math.hypot(ev.screen_pos.x() - sp.x(), ev.screen_pos.y() - sp.y()) < DRAG_START_PX:
                    return True
            d["moving"] = True
        self.drag_to(ev.x, ev.y)
        return True

    def _hover(self, ev) -> None:
        """An open hand over a piece: it can be grabbed and moved."""
        vp = self.view.viewport()
        if ev.piece_item is not None or self._claimed(ev):
            vp.setCursor(Qt.OpenHandCursor)
        else:
            vp.unsetCursor()

    def drag_to(self, x: float, y: float) -> bool:
        """One step of a move gesture with the cursor at table (x, y): snap,
        test for clashes, and move the pieces or show why not. Returns
        whether the pieces may stand there. (The benchmark times this.)"""
        d = self._drag
        cat = self.scene.catalogue
        gx, gy = x + d["grab"][0], y + d["grab"][1]
        board = board_under(d["start"], gx, gy, cat, reach=60.0)
        if board is None:
            self.scene.ghost.clear()
            d["problem"] = tr("off the boards")
            self.status(self.tr("Move: the pieces must stay on a board"))
            return False
        pl = Placement.of(board, cat)
        node, _ = pl.nearest_node(gx, gy)
        target = (board.id, node)
        if target == d["target"] and d["problem"] is None:
            return True
        d["target"] = target
        start = d["start"]
        moved = moved_pieces_to(start, d["uids"], d["anchor"], target, cat)
        problem = placement_problem(start, moved, d["uids"], cat, occupancy=d["occupancy"])
        d["problem"] = problem
        if problem is None:
            self.scene.ghost.clear()
            n = len(moved)
            text = self.tr("Move Piece") if n == 1 else self.tr("Move {0} Pieces").format(n)
            self.document.apply(text, replace_pieces, moved, cat, False,
                                merge_key=("move", d["gesture"]))
            return True
        boards = {b.id: b for b in start.boards}
        shapes = []
        for p in moved:
            try:
                shapes.append(piece_shape(p, boards[p.board], cat))
            except Exception:
                # Off the lattice: no footprint to show for this one.
                continue
        self.scene.ghost.show_shapes(shapes, False)
        self.status(self.tr("Cannot move there: {0}").format(say(problem)))
        return False

    def mouse_release(self, ev) -> bool:
        if ev.button != Qt.LeftButton:
            return False
        if self._band is not None:
            rect = self._band.rect()
            self._end_band()
            if rect.width() > 0.5 or rect.height() > 0.5:
                from ..items.piece import PieceItem
                uids = [i.uid for i in self.scene.items(rect, Qt.IntersectsItemShape)
                        if isinstance(i, PieceItem)]
                self.scene.select_uids(uids, add=self._band_add)
            return True
        if self._drag is not None:
            d = self._drag
            self._drag = None
            self.scene.ghost.clear()
            if d["problem"] is not None and d["moving"]:
                # A refused drop: the pieces go back where the drag began
                # (merged into the gesture, so no undo step is left).
                start = d["start"]
                back = [start.piece_by_uid(u) for u in d["uids"]]
                self.document.apply(self.tr("Move Piece"), replace_pieces, back, self.scene.catalogue, False,
                                    merge_key=("move", d["gesture"]))
                self.status(self.tr("Cannot move there: {0}").format(say(d["problem"])))
            elif not d["moving"] and len(d["uids"]) > 1:
                # A click (no drag) on one piece of a group picks that piece.
                self.scene.select_uids([d["pressed"]])
            return True
        return False

    def _end_band(self) -> None:
        if self._band is not None:
            self.scene.removeItem(self._band)
            self._band = None

    def _context_menu(self, ev) -> bool:
        """Right-click: what can be done to the piece under the cursor (and
        the rest of the selection, when it is part of it)."""
        item = ev.piece_item
        if item is None:
            return self._hand_over(ev)
        if not item.isSelected():
            self.scene.select_uids([item.uid])
        from PySide6.QtWidgets import QMenu
        menu = QMenu(self.view)
        for action in self.services.commands.piece_actions(item.kind.hatchway is not None):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        if ev.screen_pos is not None:
            menu.exec(ev.screen_pos)
        return True

    def double_click(self, ev) -> bool:
        item = ev.piece_item
        if item is None or ev.button != Qt.LeftButton:
            return False
        if item.kind.hatchway is None:
            self.status(self.tr("{0} has no hatchway to open or close").format(item.kind.label))
            return True
        opening = not item.piece.open
        refused = opening_refused(self.mission) if opening else None
        if refused:
            self.status(refused, 12000)
            self.scene.select_uids([item.uid])
            return True
        self.document.apply(tr("Open Hatchway") if opening else tr("Close Hatchway"),
                            set_hatchways_open, [item.uid], opening)
        self.scene.select_uids([item.uid])
        return True
