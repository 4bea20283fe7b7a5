"""Carrying an entry of a palette list onto the table: the one gesture the
Terrain palette's pieces (palette.PieceList) and its Equipment group
(killzone_editing.EquipmentList) share.

Not a QDrag: while a platform drag runs, Qt (and the system's drag loop)
swallows every key but Esc, so R could not turn what is carried before it
lands. Instead the list keeps the mouse it was pressed with; once the cursor
has moved the system's drag distance, the entry is carried: the cursor over
the table is followed (the scene's coordinate readout too), the list's own
keys reach the carried entry, Esc puts nothing down, and letting go over the
table puts the entry there. A subclass says what carrying means for it
through the hooks at the end.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QListWidget


class CarryList(QListWidget):
    """A palette list whose entries are carried onto the table (see the
    module's notes). `role` is the item data role naming what an entry
    carries (a piece's code, an equipment kind)."""

    def __init__(self, parent=None, *, services, role: int):
        super().__init__(parent)
        self.services = services
        self._role = role
        self._press: tuple[QPoint, str] | None = None  # where the button went down, on which entry
        self.carrying: str | None = None  # what is being carried to the table
        self._over: tuple[float, float] | None = None  # last table point under the cursor

    # -- the mouse -----------------------------------------------------------------
    def mousePressEvent(self, ev) -> None:
        super().mousePressEvent(ev)
        item = self.itemAt(ev.position().toPoint())
        if ev.button() == Qt.MouseButton.LeftButton and item is not None:
            self._press = (ev.position().toPoint(), item.data(self._role))

    def mouseMoveEvent(self, ev) -> None:
        if self._press is not None and self.carrying is None and ev.buttons() & Qt.MouseButton.LeftButton:
            if (ev.position().toPoint() - self._press[0]).manhattanLength() >= QApplication.startDragDistance():
                self.carrying = self._press[1]
                QApplication.setOverrideCursor(Qt.CursorShape.ClosedHandCursor)
                self.started_carrying(self.carrying)
        if self.carrying is not None:
            self._carry_to(ev.globalPosition().toPoint())
            return
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev) -> None:
        what, self._press = self.carrying, None
        if what is None:
            super().mouseReleaseEvent(ev)
            return
        self._carry_to(ev.globalPosition().toPoint())
        over = self._over
        self.stop_carrying()
        if over is not None:
            self.put_down(what, *over)

    # -- the keys while carrying ------------------------------------------------
    def event(self, ev) -> bool:
        # The carried entry's keys and Esc belong to it, not to the window's
        # shortcuts (which would turn the selection on the table instead).
        if (ev.type() == QEvent.Type.ShortcutOverride and self.carrying is not None
                and (ev.key() in self.carry_keys() or ev.key() == Qt.Key.Key_Escape)):
            ev.accept()
            return True
        return super().event(ev)

    def keyPressEvent(self, ev) -> None:
        if self.carrying is None:
            super().keyPressEvent(ev)
            return
        if ev.key() == Qt.Key.Key_Escape:
            self.stop_carrying()
            self.cancelled()
            return
        if ev.key() in self.carry_keys() and self.carry_key(ev.key()):
            return
        super().keyPressEvent(ev)

    # -- carrying ---------------------------------------------------------------------
    def _carry_to(self, global_pos) -> None:
        what = self.carrying
        if what is None:
            return
        view = self.services.view
        vp = view.viewport()
        p = vp.mapFromGlobal(global_pos)
        if not vp.rect().contains(p):
            self._over = None
        else:
            sp = view.mapToScene(p)
            self._over = (sp.x(), sp.y())
            view.scene().cursor_moved.emit(sp.x(), sp.y())
        self.carried_over(what, self._over)

    def stop_carrying(self) -> None:
        """Nothing is carried any more (put down, cancelled or let go off the table)."""
        self.carrying = None
        self._over = None
        QApplication.restoreOverrideCursor()
        self.carry_ended()

    # -- what a palette makes of it (the hooks) ----------------------------------------
    def carry_keys(self) -> frozenset:
        """The keys that act on the carried entry (Esc always cancels)."""
        return frozenset()

    def carry_key(self, key) -> bool:
        """A carry key pressed while carrying; True when it acted."""
        return False

    def started_carrying(self, what: str) -> None:
        """The entry `what` has just been picked up."""

    def carried_over(self, what: str, over: tuple[float, float] | None) -> None:
        """The cursor moved while carrying: `over` is the table point under
        it, None off the table."""

    def put_down(self, what: str, x: float, y: float) -> None:
        """Let go over the table at (x, y)."""

    def carry_ended(self) -> None:
        """Carrying stopped: clear whatever showed what was carried."""

    def cancelled(self) -> None:
        """Esc while carrying: nothing was put down."""

    def carried_at(self) -> tuple[float, float] | None:
        """The table point under the cursor while carrying (None off it)."""
        return self._over
