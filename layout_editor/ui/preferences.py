"""What the editor remembers between runs, in QSettings: the window's size and
the layout of its docks and toolbars, the base size the overlays use, and how
many terrain sets the player owns (Table > Terrain Sets I Own; the library's
filter starts there). Recent files are remembered by file_handling.

Settings are read through main_window.settings() at the moment they are
needed, so tests can point them at a file of their own.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup

from .i18n import tr

GEOMETRY = "window/geometry"
STATE = "window/state"
BASE_MM = "overlays/base_mm"
SETS_OWNED = "terrain/sets_owned"
MAX_SETS_OWNED = 4


def _settings():
    from . import main_window
    return main_window.settings()


def _remembering() -> bool:
    """Window layout is remembered for the editor (ensure_app names the
    application) and wherever settings were pointed at a file on purpose; a
    bare QApplication (other tests) neither reads nor writes the user's."""
    from PySide6.QtCore import QCoreApplication
    from . import main_window
    return bool(QCoreApplication.organizationName()) or getattr(main_window.settings, "__name__", "") != "settings"


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _float(value) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class Preferences(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._build_sets_menu()
        window.sets_owned = self.sets_owned
        window.set_sets_owned = self.set_sets_owned
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
            a.setCheckable(True)
            a.setChecked(n == owned)
            a.setStatusTip(self.tr("The library shows the missions you can build with what you own"))
            a.triggered.connect(lambda _=False, n=n: self.set_sets_owned(n))
            self.sets_group.addAction(a)
            menu.addAction(a)
            self.sets_actions[n] = a

    def sets_owned(self) -> int:
        n = _int(_settings().value(SETS_OWNED, 1), 1)
        return min(max(n, 1), MAX_SETS_OWNED)

    def set_sets_owned(self, n: int) -> None:
        n = min(max(int(n), 1), MAX_SETS_OWNED)
        _settings().setValue(SETS_OWNED, n)
        self.sets_actions[n].setChecked(True)

    # -- window layout and base size ------------------------------------------------
    def _overlays(self):
        feedback = getattr(self.window, "feedback", None)
        return getattr(feedback, "overlays", None)

    def restore(self) -> None:
        if not _remembering():
            return
        s = _settings()
        geometry = s.value(GEOMETRY)
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        state = s.value(STATE)
        if state is not None:
            self.window.restoreState(state)
        overlays = self._overlays()
        if overlays is not None:
            from .overlays.compute import BASE_SIZES_MM
            base = _float(s.value(BASE_MM))
            if base in BASE_SIZES_MM:
                overlays.set_base_mm(base)
            combo = getattr(overlays, "base_combo", None)
            if combo is not None:
                combo.activated.connect(lambda i: _settings().setValue(BASE_MM, combo.itemData(i)))

    def save(self) -> None:
        if not _remembering():
            return
        s = _settings()
        s.setValue(GEOMETRY, self.window.saveGeometry())
        s.setValue(STATE, self.window.saveState())
        overlays = self._overlays()
        if overlays is not None:
            s.setValue(BASE_MM, float(overlays.base_mm))
        s.sync()

    def eventFilter(self, obj, event) -> bool:
        # Seen before the window's closeEvent: remembering the layout of a
        # window whose close is then cancelled does no harm.
        if obj is self.window and event.type() == QEvent.Close:
            self.save()
        return False


def install(window) -> Preferences:
    window.preferences = Preferences(window)
    return window.preferences
