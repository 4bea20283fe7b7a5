"""What the editor remembers between runs, in QSettings: the window's size and
the layout of its docks and toolbars, the base size the overlays use, and how
many terrain sets the player owns (Table > Terrain Sets I Own; the library's
filter starts there). Recent files are remembered by file_handling.

The keys and their types live in settings.py; this module builds the menu
and restores and saves the window's layout.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup

from . import settings
from .i18n import tr

MAX_SETS_OWNED = settings.MAX_SETS_OWNED


class Preferences(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._build_sets_menu()
        window.installEventFilter(self)
        # Docks and toolbars of extensions installed after this one must exist
        # before the saved layout can place them: restore once the window is
        # built, when the event loop (or the first processEvents) runs.
        QTimer.singleShot(0, self, self.restore)

    # -- terrain sets owned ----------------------------------------------------
    def _build_sets_menu(self) -> None:
        menu = self.window.menu("Table").addMenu(self.tr("Terrain &Sets I Own"))
        menu.setToolTipsVisible(True)
        self.sets_group = QActionGroup(self)
        self.sets_actions: dict[int, QAction] = {}
        owned = self.sets_owned()
        for n in range(1, MAX_SETS_OWNED + 1):
            a = QAction(tr("1 set") if n == 1 else tr("{n} sets").format(n=n), self.window)
            a.setObjectName(f"sets-owned-{n}")
            a.setCheckable(True)
            a.setChecked(n == owned)
            a.setStatusTip(self.tr("The library shows the missions you can build with what you own"))
            a.triggered.connect(lambda _=False, n=n: self.set_sets_owned(n))
            self.sets_group.addAction(a)
            menu.addAction(a)
            self.sets_actions[n] = a
        # The library's filter remembers the sets too: show what is stored.
        menu.aboutToShow.connect(lambda: self.sets_actions[self.sets_owned()].setChecked(True))

    def sets_owned(self) -> int:
        return settings.sets_owned()

    def set_sets_owned(self, n: int) -> None:
        settings.set_sets_owned(n)
        self.sets_actions[settings.sets_owned()].setChecked(True)

    # -- window layout and base size ------------------------------------------------
    def _overlays(self):
        return self.window.feedback.overlays

    def restore(self) -> None:
        if not settings.remembering():
            return
        geometry = settings.window_geometry()
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        state = settings.window_state()
        if state is not None:
            self.window.restoreState(state)
        overlays = self._overlays()
        if overlays is not None:
            from ..rules.overlays import BASE_SIZES_MM
            base = settings.base_mm()
            if base in BASE_SIZES_MM:
                overlays.set_base_mm(base)
            combo = overlays.base_combo
            combo.activated.connect(lambda i: settings.set_base_mm(combo.itemData(i)))

    def save(self) -> None:
        if not settings.remembering():
            return
        overlays = self._overlays()
        if overlays is not None:
            settings.set_base_mm(overlays.base_mm)
        settings.set_window_layout(self.window.saveGeometry(), self.window.saveState())

    def eventFilter(self, obj, event) -> bool:
        # Seen before the window's closeEvent: remembering the layout of a
        # window whose close is then cancelled does no harm.
        if obj is self.window and event.type() == QEvent.Close:
            self.save()
        return False

