"""Help > About: the program's name, version and licence, and the window icon
(the bulkhead-and-hatchway glyph of resources/icons)."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QAction, QIcon, QPixmap
from PySide6.QtWidgets import QApplication, QMessageBox

from .. import __version__
from ..catalogue import CatalogueError, resources_dir
from .i18n import Context

LICENCE = "MIT"
About = Context("About")
BLURB = QT_TRANSLATE_NOOP("About", "Build Boarding Actions missions on the real terrain, check them against the rules as you go, "
                         "print mission cards and setup sheets, and share missions as files or share codes.")
FREE = QT_TRANSLATE_NOOP("About", "Free software under the {licence} licence: use, copy, change and share it. "
                                  "It comes with no warranty.")
TRADEMARKS = QT_TRANSLATE_NOOP("About", "Warhammer 40,000 and Boarding Actions are trademarks of Games Workshop Limited. "
                                "This is an unofficial fan-made tool, not endorsed by Games Workshop.")


def icon_path(ext: str = "png"):
    try:
        path = resources_dir() / "icons" / f"layout-editor.{ext}"
    except CatalogueError:
        return None
    return path if path.exists() else None


def about_text() -> str:
    # Translated outside the f-string: lupdate does not look inside one.
    name = About.tr("Boarding Actions Layout Editor")
    version = About.tr("Version {version}").format(version=__version__)
    return (f"<h3>{escape(name)}</h3>"
            f"<p>{escape(version)}</p>"
            f"<p>{escape(About.tr(BLURB))}</p>"
            f"<p>{escape(About.tr(FREE).format(licence=LICENCE))}</p>"
            f"<p><small>{escape(About.tr(TRADEMARKS))}</small></p>")


class AboutMenu:
    """Help > About (and About Qt); the window's icon. The box it last
    opened is `box`."""

    def __init__(self, window):
        self.window = window
        self.box: QMessageBox | None = None
        path = icon_path()
        if path is not None:
            icon = QIcon(str(path))
            window.setWindowIcon(icon)
            app = QApplication.instance()
            if app is not None and app.windowIcon().isNull():
                app.setWindowIcon(icon)
        help_menu = window.menu("Help")
        self.action = QAction(About.tr("&About Boarding Actions Layout Editor"), window)
        self.action.setObjectName("about")
        self.action.setMenuRole(QAction.AboutRole)
        self.action.triggered.connect(self.show)
        help_menu.addAction(self.action)
        about_qt = QAction(About.tr("About &Qt"), window)
        about_qt.setObjectName("about-qt")
        about_qt.setMenuRole(QAction.AboutQtRole)
        about_qt.triggered.connect(QApplication.aboutQt)
        help_menu.addAction(about_qt)

    def show(self) -> QMessageBox:
        """Not blocking (window-modal), so tests and the editor's timers run on."""
        box = QMessageBox(self.window)
        box.setWindowTitle(About.tr("About Boarding Actions Layout Editor"))
        box.setTextFormat(Qt.RichText)
        box.setText(about_text())
        path = icon_path()
        if path is not None:
            box.setIconPixmap(QPixmap(str(path)).scaled(96, 96, Qt.KeepAspectRatio, Qt.SmoothTransformation))
        box.setStandardButtons(QMessageBox.Close)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self.box = box
        box.open()
        return box
