"""Starting the editor: `layout-editor edit [FILE] [--screenshot OUT.png]`."""
from __future__ import annotations

import os
import sys
from pathlib import Path

ORGANIZATION = "layout-editor"
APPLICATION = "Boarding Actions Layout Editor"
SCREENSHOT_SIZE = (1600, 1000)


def ensure_app(offscreen: bool = False):
    """The QApplication, made once (tests and the editor share it)."""
    if offscreen:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    # The desktop finds the launcher (resources/layout-editor.desktop) for
    # the window by this name on Wayland; on X11 by the window class, which
    # Qt takes from the application name (StartupWMClass there).
    app.setDesktopFileName("layout-editor")
    if not hasattr(app, "_layout_editor_translators"):
        from .i18n import install_translators  # View > Language, or the system's
        install_translators(app)
    return app


def run_editor(path: str | None = None, screenshot: str | None = None) -> int:
    """Open the editor on a mission file (or a new mission). With
    `screenshot`, render the window offscreen to that PNG and exit."""
    app = ensure_app(offscreen=screenshot is not None)
    from .main_window import MainWindow

    window = MainWindow(autosave=screenshot is None)
    if path and screenshot is not None:
        # No one is there to close a dialog: a broken file is one line, exit 2.
        from ..io import MissionLoadError, load_mission
        try:
            mission = load_mission(path)
        except MissionLoadError as e:
            print(str(e), file=sys.stderr)
            return 2
        except OSError as e:
            from ..shown import MAX_MESSAGE, shown
            print(shown(f"{shown(str(path), 500)}: {e.strerror or e}", MAX_MESSAGE), file=sys.stderr)
            return 2
        window.document.reset(mission, Path(path))
    elif path:
        # A broken file: the dialog, then an empty table; a library mission
        # says that saving makes a copy.
        window.files.open_path(path, ask=False)
    window.show()
    app.processEvents()
    if screenshot is not None:
        # The same picture on every machine: not the size this user last
        # left the window at.
        window.resize(*SCREENSHOT_SIZE)
        app.processEvents()
    window.view.fit()
    app.processEvents()
    if screenshot is not None:
        window.feedback.settle()  # the findings are part of the picture
        image = window.grab()
        ok = _save_png(image, screenshot, [path] if path else [])
        window.files.shutdown()
        window.document.undo_stack.clear()
        # Hidden, not closed: a screenshot must not overwrite the window
        # layout the user's own sessions remember.
        window.hide()
        window.deleteLater()
        app.processEvents()
        if not ok:
            print(f"{screenshot}: cannot write the PNG", file=sys.stderr)
            return 2
        return 0
    window.files.offer_recovery()
    return app.exec()


def _save_png(pixmap, path, inputs=()) -> bool:
    """The screenshot as a PNG, written by io.disk.write_file (atomic, never
    over the mission it shows, a read-only file or through a link out of
    its folder)."""
    from PySide6.QtCore import QBuffer, QIODevice

    from ..io.disk import write_file

    buffer = QBuffer()
    buffer.open(QIODevice.WriteOnly)
    if not pixmap.save(buffer, "PNG"):
        return False
    try:
        write_file(bytes(buffer.data()), path, inputs)
    except OSError:
        return False
    return True
