"""The interface in English or German.

The language follows the system unless the player picked one under
View > Language (remembered in QSettings). Translations are Qt .ts sources in
resources/translations/; the wheel carries them compiled to .qm when the build
had pyside6-lrelease, otherwise they are compiled at first start with the
lrelease that PySide6-Essentials ships, into the user's data folder.

Texts made with tr()/QCoreApplication.translate are translated where they are
made. The editor's fixed texts (menus, actions, toolbars, panel titles,
labels, buttons, combo box entries, tool tips) are written in English by the
modules that build the window; `retranslate()` walks the finished window and
looks each one up in the "Editor" context, so one table covers them all.
Texts composed while the editor runs (status messages, undo step names,
palette counts, the findings panel, labels on the table) are translated where
they are made, from templates with named placeholders, in their own contexts
(the class's for self.tr; "FindingsPanel", "PlacementPanel", "Placement",
"Overlays", "Catalogue" for module helpers). What the rules core and the model
say (finding messages, refused edits, points that cannot be measured from)
comes as phrases (layout_editor/phrases.py) whose templates are looked up in
the "Rules" context: `say()` turns one into the interface's language, with
its decimal sign.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from PySide6.QtCore import (QCoreApplication, QLibraryInfo, QLocale, QObject, QStandardPaths, Qt, QTimer,
                            QTranslator)
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QDockWidget, QGroupBox, QLabel, QMenu,
                               QMessageBox, QTabBar, QToolBar, QToolButton, QWidget)

from .. import phrases
from ..catalogue import CatalogueError, resources_dir
from . import settings

LANGUAGES = {"en": "English", "de": "Deutsch"}
SETTING = settings.LANGUAGE    # "" or missing: follow the system
CONTEXT = "Editor"             # the context of the window's fixed texts
BASENAME = "layout_editor"     # resources/translations/layout_editor_de.ts
RULES_CONTEXT = "Rules"        # what the rules core and the model say


def tr(text: str, context: str = CONTEXT) -> str:
    return QCoreApplication.translate(context, text)


def _rules_template(template: str) -> str:
    return QCoreApplication.translate(RULES_CONTEXT, template)


def say(text) -> str:
    """What the rules core or the model says (a Phrase, or a plain string
    kept as it is), in the interface's language. Safe on the worker thread:
    Qt's translate and a QLocale read are."""
    return phrases.say(text, _rules_template, QLocale().decimalPoint() or ".")


def number(value: float, spec: str = "g") -> str:
    """A number as the interface writes it: 2,5 in German."""
    return format(value, spec).replace(".", QLocale().decimalPoint() or ".")


def system_language() -> str:
    code = QLocale.system().name().split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def chosen_setting() -> str:
    value = settings.language()
    return value if value in LANGUAGES else ""


def chosen_language() -> str:
    """The language the interface speaks: the player's pick, else the system's."""
    return chosen_setting() or system_language()


# -- compiled translations ------------------------------------------------------
def translations_dir() -> Path | None:
    try:
        folder = resources_dir() / "translations"
    except CatalogueError:
        return None
    return folder if folder.is_dir() else None


def cache_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.AppLocalDataLocation)
    return Path(base or Path.home() / ".local" / "share" / "layout-editor") / "translations"


def lrelease_command() -> list[str] | None:
    """The lrelease that ships inside PySide6-Essentials, or one on PATH."""
    try:
        import PySide6
        exe = Path(PySide6.__file__).resolve().parent / ("lrelease.exe" if os.name == "nt" else "lrelease")
        if exe.exists():
            return [str(exe)]
    except ImportError:
        pass
    found = shutil.which("pyside6-lrelease") or shutil.which("lrelease")
    return [found] if found else None


def compile_ts(ts: Path, qm: Path) -> bool:
    tool = lrelease_command()
    if tool is None:
        return False
    qm.parent.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run([*tool, "-silent", str(ts), "-qm", str(qm)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0 and qm.exists()


def qm_file(language: str) -> Path | None:
    """An up-to-date compiled translation for the language, or None."""
    folder = translations_dir()
    if folder is None:
        return None
    ts = folder / f"{BASENAME}_{language}.ts"
    shipped = folder / f"{BASENAME}_{language}.qm"
    if shipped.exists() and (not ts.exists() or shipped.stat().st_mtime >= ts.stat().st_mtime):
        return shipped
    if not ts.exists():
        return None
    cached = cache_dir() / shipped.name
    if cached.exists() and cached.stat().st_mtime >= ts.stat().st_mtime:
        return cached
    return cached if compile_ts(ts, cached) else None


def install_translators(app, language: str | None = None) -> str:
    """Load the translations for the language (default: the chosen one) into
    the application; returns the language the interface now speaks."""
    language = language or chosen_language()
    for old in getattr(app, "_layout_editor_translators", []):
        app.removeTranslator(old)
    app._layout_editor_translators = []
    if language == "en":
        return _speaking("en")
    loaded = False
    qm = qm_file(language)
    if qm is not None:
        ours = QTranslator(app)
        if ours.load(str(qm)):
            app.installTranslator(ours)
            app._layout_editor_translators.append(ours)
            loaded = True
    # Qt's own texts (standard buttons, file dialogs).
    qt = QTranslator(app)
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
        app.installTranslator(qt)
        app._layout_editor_translators.append(qt)
    return _speaking(language if loaded else "en")


_speaks = "en"  # what install_translators last made the interface speak


def _speaking(language: str) -> str:
    """Numbers the editor writes take the interface's decimal sign: the
    system's own conventions when it speaks that language, else the
    language's (1,5" in German even on an English system)."""
    global _speaks
    _speaks = language
    QLocale.setDefault(QLocale.system() if language == system_language() else QLocale(language))
    return language


def interface_language() -> str:
    return _speaks


def new_mission(catalogue=None):
    """The empty two-board mission File > New starts, titled in the
    interface's language and, in any language but English, written in it:
    its printed card then speaks it too."""
    from dataclasses import replace

    from ..model.mission import two_board_mission
    mission = two_board_mission(title=tr("New mission"), catalogue=catalogue)
    return mission if _speaks == "en" else replace(mission, language=_speaks)


# -- the window's fixed texts ----------------------------------------------------------
def _has_letters(text: str) -> bool:
    return any(c.isalpha() for c in text)


def static_texts(root: QObject) -> list[tuple[object, str, str]]:
    """(object, what, English text) for every fixed text in the window:
    `what` is the property to set back ("text", "title", "tooltip", ...)."""
    found: list[tuple[object, str, str]] = []

    def add(obj, what, text):
        if text and _has_letters(text):
            found.append((obj, what, text))

    for a in root.findChildren(QAction):
        add(a, "text", a.text())
        add(a, "tooltip", a.toolTip() if a.toolTip() != a.text().replace("&", "") else "")
        add(a, "statustip", a.statusTip())
    for m in root.findChildren(QMenu):
        add(m, "title", m.title())
    for w in root.findChildren(QWidget):
        if isinstance(w, (QDockWidget, QToolBar)):
            add(w, "windowtitle", w.windowTitle())
        elif isinstance(w, QGroupBox):
            add(w, "title", w.title())
        elif isinstance(w, QLabel):
            add(w, "text", w.text())
        elif isinstance(w, QToolButton) and w.defaultAction() is not None:
            pass  # shows its action's text, translated with the action
        elif isinstance(w, QAbstractButton):
            add(w, "text", w.text())
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                add(w, f"item:{i}", w.itemText(i))
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                add(w, f"tab:{i}", w.tabText(i))
        if not isinstance(w, QMenu):
            add(w, "tooltip", w.toolTip())
            add(w, "placeholder", w.placeholderText() if hasattr(w, "placeholderText") else "")
    return found


def _set(obj, what: str, text: str) -> None:
    if what == "text":
        obj.setText(text)
    elif what == "title":
        obj.setTitle(text)
    elif what == "tooltip":
        obj.setToolTip(text)
    elif what == "statustip":
        obj.setStatusTip(text)
    elif what == "windowtitle":
        obj.setWindowTitle(text)
    elif what == "placeholder":
        obj.setPlaceholderText(text)
    elif what.startswith("item:"):
        obj.setItemText(int(what[5:]), text)
    elif what.startswith("tab:"):
        obj.setTabText(int(what[4:]), text)


def retranslate(root: QObject) -> int:
    """Translate the window's fixed texts in place; returns how many changed."""
    changed = 0
    for obj, what, text in static_texts(root):
        new = tr(text)
        if new != text:
            _set(obj, what, new)
            changed += 1
    return changed


# -- View > Language ------------------------------------------------------------------
class LanguageMenu(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None  # the last "speaks ... from its next start" note
        menu = window.menu("View").addMenu(tr("&Language"))
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        current = chosen_setting()
        system_name = LANGUAGES[system_language()]
        for code, label in [("", tr("Follow the System ({language})").format(language=system_name)),
                            *LANGUAGES.items()]:
            a = QAction(label, window)
            a.setCheckable(True)
            a.setChecked(code == current)
            a.triggered.connect(lambda _=False, code=code: self.choose(code))
            self.group.addAction(a)
            menu.addAction(a)
            self.actions[code] = a

    def choose(self, code: str) -> None:
        if code == chosen_setting():
            return
        settings.set_language(code)
        self.actions[code].setChecked(True)
        box = QMessageBox(QMessageBox.Information, tr("Language"),
                          tr("The editor speaks {language} from its next start.").format(
                              language=LANGUAGES[code or system_language()]),
                          QMessageBox.Ok, self.window)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self.box = box
        box.open()


def install(window) -> LanguageMenu:
    menu = LanguageMenu(window)
    # After every other part has built its menus and panels; without a
    # translator every text maps to itself and nothing changes.
    QTimer.singleShot(0, menu, lambda: retranslate(window))
    return menu
