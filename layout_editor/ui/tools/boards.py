"""The boards tool: click a board to choose it, drag to move it. A moved
board snaps flush against another board's edge (or in line with it) when
near; otherwise it lies apart and the gap is drawn with its width. R turns
the chosen board, Delete removes it (the Table menu does the same)."""
from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from ...model.edits import move_board
from ...model.snapping import snap_board
from .base import Tool

_gestures = itertools.count(1)
SNAP_PX = 14.0  # how close, on screen, an edge must come to snap
NUDGE_MM = 10.0  # one arrow-key step of a board


class BoardTool(Tool):
    name = "Boards"
    shortcut = "B"
    cursor = Qt.SizeAllCursor
    tip = "Move boards: drag a board (it snaps flush to its neighbours) or use the arrow keys; R turns it, Delete removes it"

    def __init__(self, services):
        super().__init__(services)
        self.title = self.tr("Boards")
        self.tip = self.tr("Move boards: drag a board (it snaps flush to its neighbours) or use the "
                           "arrow keys; R turns it, Delete removes it")
        self._drag = None

    def activate(self) -> None:
        self.status(self.tr("Drag a board to move it; R turns the chosen board, Delete removes it"), 6000)

    def deactivate(self) -> None:
        self._drag = None

    def dragging(self) -> bool:
        return self._drag is not None

    def mouse_press(self, ev) -> bool:
        if ev.button != Qt.LeftButton:
            return False
        item = ev.board_item
        if item is None:
            self.services.commands.set_current_board(None)
            return True
        self.services.commands.set_current_board(item.board_id)
        x0, y0, _, _ = item.placement.bounds
        self._drag = {"id": item.board_id, "offset": (x0 - ev.x, y0 - ev.y), "gesture": next(_gestures)}
        return True

    def mouse_move(self, ev) -> bool:
        if self._drag is None:
            return False
        self.drag_to(ev.x, ev.y)
        return True

    def drag_to(self, x: float, y: float) -> None:
        d = self._drag
        scale = self.view.transform().m11() or 1.0
        at = (x + d["offset"][0], y + d["offset"][1])
        at = snap_board(self.mission, d["id"], at, tolerance=SNAP_PX / scale,
                        catalogue=self.scene.catalogue)
        current = self.mission.board(d["id"]).at
        if tuple(current) == at:
            return
        self.document.apply(self.tr("Move Board {0}").format(d["id"]), move_board, d["id"], at, self.scene.catalogue,
                            merge_key=("board", d["gesture"]))

    def mouse_release(self, ev) -> bool:
        if self._drag is None:
            return False
        self._drag = None
        return True

    def nudge(self, board_id: str, direction) -> None:
        """Arrow keys move the chosen board 10 mm; passing within a few mm of
        flush against a neighbour, it lands flush."""
        x, y = self.mission.board(board_id).at
        at = (x + NUDGE_MM * direction[0], y + NUDGE_MM * direction[1])
        at = snap_board(self.mission, board_id, at, tolerance=NUDGE_MM - 1, catalogue=self.scene.catalogue)
        self.document.apply(self.tr("Move Board {0}").format(board_id), move_board, board_id, at,
                            self.scene.catalogue)

    def action(self, name: str) -> bool:
        board = self.services.commands.current_board()
        if name == "turn":
            if board is None:
                self.status(self.tr("Click a board first, then turn it"))
            else:
                self.services.commands.turn_board(board)
            return True
        if name == "delete":
            if board is None:
                self.status(self.tr("Click a board first, then remove it"))
            else:
                self.services.commands.remove_board(board)
            return True
        if name in ("left", "right", "up", "down"):
            if board is None:
                self.status(self.tr("Click a board first, then move it with the arrow keys"))
                return True
            self.nudge(board, {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[name])
            return True
        if name in ("end_for_end", "flip", "open"):
            return True  # nothing to do with boards; never touch hidden selections
        if name == "escape":
            self.services.tools.select("Select")
            return True
        return False
