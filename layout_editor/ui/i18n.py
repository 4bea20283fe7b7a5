"""The interface in English or German.

The language follows the system unless the player picked one under
View > Language (remembered in QSettings). The German translation is
resources/translations/layout_editor_de.ts, extracted from the sources by
Qt's own pyside6-lupdate (`python scripts/translations.py update`, see
docs/translating.md) and compiled to layout_editor_de.qm by
pyside6-lrelease when the program is built (setup.py), when scripts/run or
scripts/test set up the checkout, and by the tests themselves.

Every text is translated where it is made, in a form lupdate reads:
- `self.tr("...")` in a class: the context is the class's name;
- `Name.tr("...")` at module level, Name being a class of that module or a
  `Name = Context("Name")` (like C++'s Name::tr): the context is Name;
- `tr("...")` (this module's): the shared context (lupdate's unnamed one),
  for the game's words the whole editor uses alike ("Player {player}",
  "Objective {oid}", "off the boards", the catalogue's names), and
- what the rules core and the model say: `Phrase("...")` templates
  (layout_editor/phrases.py), in the same shared context, which `say()`
  turns into the interface's language with its decimal sign. The printed
  pages read the shared context too (export/words.py), so a word the editor
  and a card both use is translated once.
Texts lupdate cannot see (the catalogue's names come from pieces.yaml) are
written out for it in resources/translations/catalogue_names.py.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, Qt, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMessageBox

from .. import phrases
from ..catalogue import CatalogueError, resources_dir
from . import settings

LANGUAGES = {"en": "English", "de": "Deutsch"}
SETTING = settings.LANGUAGE    # "" or missing: follow the system
BASENAME = "layout_editor"     # resources/translations/layout_editor_de.ts
SHARED = ""                    # the shared context: lupdate's for tr() and Phrase() outside a class


def tr(text: str) -> str:
    """A word or sentence of the shared context (see the module's notes)."""
    return QCoreApplication.translate(SHARED, text)


class Context:
    """A translation context for module-level code with no class to name
    it: `Placement = Context("Placement")`, then `Placing.tr("...")`.
    lupdate files such a call under the name written before `.tr`, so the
    name assigned must be the context's (tests/ui/test_i18n.py checks)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def tr(self, text: str) -> str:
        return QCoreApplication.translate(self.name, text)


# Contexts several modules share.
Placing = Context("Placing")         # the tools and items that place objectives, entry zones and regions
Overlays = Context("Overlays")     # the overlays' texts, captions and status


def say(text) -> str:
    """What the rules core or the model says (a Phrase, or a plain string
    kept as it is), in the interface's language. Safe on the worker thread:
    Qt's translate and a QLocale read are."""
    return phrases.say(text, tr, QLocale().decimalPoint() or ".")


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


def qm_file(language: str) -> Path | None:
    """The compiled translation for the language (built from the .ts by
    pyside6-lrelease: see the module's notes), or None."""
    folder = translations_dir()
    qm = folder / f"{BASENAME}_{language}.qm" if folder is not None else None
    return qm if qm is not None and qm.is_file() else None


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
    if qm is None and translations_dir() is not None:
        # A checkout started without scripts/run: nothing compiled the .ts.
        print(f"layout-editor: no compiled translation for {language!r} in {translations_dir()}; "
              "the editor speaks English (compile it with: python scripts/translations.py compile)",
              file=sys.stderr)
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


def new_mission(catalogue=None, game: str = "boarding-actions"):
    """The empty mission File > New starts: two touching boards for
    Boarding Actions, one killzone board for Kill Team; titled in the
    interface's language and, in any language but English, written in it:
    its printed card then speaks it too."""
    from dataclasses import replace

    from ..games import KILL_TEAM
    from ..model.mission import killzone_mission, two_board_mission
    if game == KILL_TEAM:
        mission = killzone_mission(title=tr("New killzone mission"), catalogue=catalogue)
    else:
        mission = two_board_mission(title=tr("New mission"), catalogue=catalogue)
    return mission if _speaks == "en" else replace(mission, language=_speaks)


# -- View > Language ------------------------------------------------------------------
class LanguageMenu(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None  # the last "speaks ... from its next start" note
        menu = window.menu("View").addMenu(self.tr("&Language"))
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        current = chosen_setting()
        system_name = LANGUAGES[system_language()]
        for code, label in [("", self.tr("Follow the System ({language})").format(language=system_name)),
                            *LANGUAGES.items()]:
            a = QAction(label, window)
            a.setObjectName(f"language-{code or 'system'}")
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
        box = QMessageBox(QMessageBox.Information, self.tr("Language"),
                          self.tr("The editor speaks {language} from its next start.").format(
                              language=LANGUAGES[code or system_language()]),
                          QMessageBox.Ok, self.window)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self.box = box
        box.open()


def install(window) -> LanguageMenu:
    return LanguageMenu(window)
