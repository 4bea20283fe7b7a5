"""The objective tool: place, move, renumber, rename and delete objective
markers.

Click a zone: a new marker stands at the zone's centre, numbered with the
lowest free number. Hold Shift to place (or move) it exactly where the
cursor is. Drag a marker to move it (one undo step per drag; Esc puts it
back). Double-click a marker for its number and name. Delete removes the
chosen marker. The snapping maths lives in model/placement_edits.py; this
tool only decides what the mouse and the Shift key mean.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QT_TR_NOOP, QT_TRANSLATE_NOOP, QPointF, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit

from ...model.edits import EditRefused
from ...model.lattice import Placement, board_at, cell_name
from ...model.placement_edits import (
    add_objective,
    move_objective,
    next_objective_id,
    objective_at,
    objective_point,
    overlapping_objective,
    relabel_objective,
    remove_objective,
)
from ..i18n import Placing, say, tr
from .base import Tool

FREE_MODIFIER = Qt.KeyboardModifier.ShiftModifier
DRAG_START_PX = 4  # screen pixels the cursor must travel before a press becomes a drag
HINT = QT_TRANSLATE_NOOP("Placing", "Objective: click a zone to place a marker at its centre · Shift: place freely · "
                         "drag a marker to move it · double-click to rename · Del deletes")




class ObjectiveDialog(QDialog):
    """Number and name of one marker."""

    def __init__(self, objective, parent=None):
        super().__init__(parent)
        self.setWindowTitle(tr("Objective {oid}").format(oid=objective.id))
        self.objective_id = objective.id
        form = QFormLayout(self)
        self.number = QLineEdit(objective.id)
        self.number.setMaxLength(8)
        self.number.setToolTip(Placing.tr("Printed on the marker; a number already used swaps with it"))
        form.addRow(Placing.tr("Number"), self.number)
        self.name = QLineEdit(objective.name or "")
        self.name.setPlaceholderText(Placing.tr("e.g. Reactor core"))
        form.addRow(Placing.tr("Name"), self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.name.setFocus()


class ObjectiveTool(Tool):
    name = "Objectives"
    title = QT_TR_NOOP("Objectives")
    shortcut = "J"
    tip = QT_TR_NOOP("Place objective markers (40 mm, 1\" range): click a zone to place one at its centre, "
                     "hold Shift to place freely, drag to move, double-click to rename")

    def __init__(self, services, placement):
        super().__init__(services)
        self.placement = placement  # the PlacementLayer: items and shared state
        self._drag: dict | None = None
        self.dialog: ObjectiveDialog | None = None

    @property
    def state(self):
        return self.placement.state

    def dragging(self) -> bool:
        return self._drag is not None

    # -- life ---------------------------------------------------------------------
    def activate(self) -> None:
        self.status(Placing.tr(HINT), 0)

    def deactivate(self) -> None:
        self._cancel_drag()
        self.placement.hide_ghost()

    # -- where -----------------------------------------------------------------------
    def _free(self, ev) -> bool:
        return bool(ev.modifiers is not None and ev.modifiers & FREE_MODIFIER)

    def _where(self, x: float, y: float, free: bool) -> str:
        m = self.mission
        board = board_at(m, x, y, self.scene.catalogue)
        if board is None:
            return tr("off the boards")
        if free:
            return Placing.tr("board {board} at ({x}, {y}) mm").format(board=board.id, x=f"{x:.0f}", y=f"{y:.0f}")
        cell = Placement.of(board, self.scene.catalogue).cell_at(x, y)
        return (Placing.tr("zone {board} {cell}").format(board=board.id, cell=cell_name(cell)) if cell
                else tr("board {board}").format(board=board.id))

    # -- mouse -------------------------------------------------------------------------
    def mouse_press(self, ev) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        hit = objective_at(self.mission, ev.x, ev.y)
        if hit is not None:
            self.state.set_objective(hit)
            o = next(o for o in self.mission.objectives if o.id == hit)
            self._drag = {"id": hit, "start": o.at, "grab": (ev.x - o.at[0], ev.y - o.at[1]),
                          "to": o.at, "press": (ev.x, ev.y), "moved": False}
            self.placement.hide_ghost()
            return True
        try:
            at = objective_point(self.mission, ev.x, ev.y, self._free(ev), self.scene.catalogue)
        except EditRefused as e:
            self.status(Placing.tr("Place objective: {reason}").format(reason=say(e.phrase)))
            return True
        oid = next_objective_id(self.mission)
        if self.document.apply(Placing.tr("Place Objective {oid}").format(oid=oid), add_objective, at, oid):
            self.state.set_objective(oid)
            self.placement.hide_ghost()
            self.status(Placing.tr("Objective {oid} placed in {where}.").format(oid=oid, where=self._where(
                at[0], at[1], self._free(ev))) + " " + Placing.tr(HINT), 0)
        return True

    def mouse_move(self, ev) -> bool:
        if self._drag is not None:
            if not self._drag["moved"]:
                # A click only chooses the marker; a few pixels of hand
                # shake must not snap a freely placed one to a zone centre.
                px, py = self._drag["press"]
                if math.hypot(ev.x - px, ev.y - py) < DRAG_START_PX / self._pixels_per_mm():
                    return True
                self._drag["moved"] = True
            gx, gy = self._drag["grab"]
            free = self._free(ev)
            try:
                to = objective_point(self.mission, ev.x - gx, ev.y - gy, free, self.scene.catalogue)
            except EditRefused:
                self.status(Placing.tr("Move objective: a marker must stand on a board; it stays at the last good place"))
                return True
            other = overlapping_objective(self.mission, to, self._drag["id"])
            if other is not None:
                self.status(Placing.tr("Move objective: it would lie on objective {other}; "
                                "it stays at the last good place").format(other=other))
                return True
            self._drag["to"] = to
            item = self.placement.objective_items.get(self._drag["id"])
            if item is not None:
                item.setPos(QPointF(*to))
            self.status(Placing.tr("Move objective {oid} to {where}").format(
                oid=self._drag["id"], where=self._where(to[0], to[1], free))
                + ("" if free else " " + Placing.tr("(Shift: free)")), 0)
            return True
        # Hovering: show where a click would put a new marker.
        if objective_at(self.mission, ev.x, ev.y) is not None:
            self.placement.hide_ghost()
            return False
        try:
            at = objective_point(self.mission, ev.x, ev.y, self._free(ev), self.scene.catalogue)
        except EditRefused:
            self.placement.hide_ghost()
            return False
        if overlapping_objective(self.mission, at) is not None:
            self.placement.hide_ghost()  # a click here would be refused
            return False
        self.placement.show_ghost(next_objective_id(self.mission), at)
        return False

    def mouse_release(self, ev) -> bool:
        if self._drag is None:
            return False
        # Where the button comes up decides, with the keys held then.
        self.mouse_move(ev)
        drag, self._drag = self._drag, None
        if drag["to"] != drag["start"]:
            self.document.apply(Placing.tr("Move Objective {oid}").format(oid=drag["id"]), move_objective, drag["id"], drag["to"])
        return True

    def double_click(self, ev) -> bool:
        hit = objective_at(self.mission, ev.x, ev.y)
        if hit is None:
            return False
        self._cancel_drag()
        self.state.set_objective(hit)
        self.edit_objective(hit)
        return True

    def action(self, name: str) -> bool:
        # Esc and Del are the window's keys; it asks the active tool first.
        if name == "escape":
            if self._drag is not None:
                self._cancel_drag()
                self.status(Placing.tr("Move cancelled"))
            else:
                self.services.tools.select("Select")  # as the other tools: Esc stops
            return True
        if name == "delete":
            oid = self.state.objective
            if oid is None:
                self.status(Placing.tr("Click a marker first, then Del deletes it"))
            elif self.document.apply(tr("Delete Objective {oid}").format(oid=oid), remove_objective, oid):
                self.state.set_objective(None)
            return True
        return False

    def key_press(self, ev) -> bool:
        if ev.key() == Qt.Key.Key_Backspace:
            return self.action("delete")
        return False

    # -- helpers ------------------------------------------------------------------------
    def edit_objective(self, objective_id: str) -> ObjectiveDialog:
        """Open the number-and-name dialog of a marker (not blocking: the
        change is made when it is accepted)."""
        o = next(o for o in self.mission.objectives if o.id == objective_id)
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = ObjectiveDialog(o, self.view.window())
        self.dialog.accepted.connect(self._dialog_accepted)
        self.dialog.open()
        return self.dialog

    def _dialog_accepted(self) -> None:
        d = self.dialog
        if d is None:
            return
        old, new = d.objective_id, d.number.text().strip()
        if self.document.apply(Placing.tr("Edit Objective {oid}").format(oid=old), relabel_objective, old, new, d.name.text()):
            self.state.set_objective(new)

    def _pixels_per_mm(self) -> float:
        return self.view.transform().m11() or 1.0

    def _cancel_drag(self) -> None:
        if self._drag is None:
            return
        item = self.placement.objective_items.get(self._drag["id"])
        if item is not None:
            item.setPos(QPointF(*self._drag["start"]))
        self._drag = None
