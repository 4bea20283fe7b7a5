"""The interface in German, with Qt's own tools: the .ts is what
pyside6-lupdate makes of the sources, every message in it has German, every
translated text is written so lupdate finds it, and the window built in
German shows no English; View > Language is remembered; the library and
About speak German too; the compiled .qm is what the editor loads."""
from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QToolBar,
    QToolButton,
    QWidget,
)

from layout_editor.catalogue import default_catalogue
from layout_editor.rules.checks import kind_name
from layout_editor.ui import file_handling, i18n, settings
from layout_editor.ui.main_window import MainWindow

pytestmark = pytest.mark.qt

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "layout_editor_de.ts"
_spec = importlib.util.spec_from_file_location("translations", ROOT / "scripts" / "translations.py")
translations = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(translations)


def messages():
    yield from translations.messages(TS)


def settings_in(tmp_path, monkeypatch):
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")


# -- the translation source ------------------------------------------------------------
def test_the_translation_is_what_lupdate_makes_of_the_sources():
    """A text added, changed or removed in the code without
    `python scripts/translations.py update` fails here (lupdate on a copy)."""
    assert translations.is_current(TS), "run: python scripts/translations.py update"


def test_every_message_is_translated():
    found = list(messages())
    assert len(found) > 500
    assert translations.untranslated(TS) == []
    # Placeholders survive translation, so .format() fills them (a
    # translation may drop a !r or change the separators around them).
    for _c, s, t in found:
        assert set(re.findall(r"\{(\w+)[^}]*\}", s)) == set(re.findall(r"\{(\w+)[^}]*\}", t.text)), s


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def test_translated_texts_are_written_as_lupdate_reads_them():
    """lupdate reads self.tr("..."), Name.tr("..."), tr("..."), Phrase("..."),
    QCoreApplication.translate("Context", "...") and the QT_*_NOOP markers, by
    their names and literal texts only. A Context's name must be the one it
    is assigned to, and a translate() call must name its context and text
    literally, or lupdate files the text elsewhere or not at all."""
    wrong = []
    for path in (ROOT / "layout_editor").rglob("*.py"):
        where = path.relative_to(ROOT)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A class's own tr (PiecePlacer, not a QObject) is read by lupdate
        # as self.tr in that class; a function elsewhere is not.
        methods = {id(f) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for f in c.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and getattr(node.value.func, "id", "") == "Context":
                name = node.targets[0].id
                if [a.value for a in node.value.args] != [name]:
                    wrong.append(f"{where}:{node.lineno}: {name} = Context(...) must name the context {name!r}")
            if isinstance(node, ast.FunctionDef) and node.name in ("_tr", "tr") and id(node) not in methods \
                    and path.name != "i18n.py":
                wrong.append(f"{where}:{node.lineno}: a translating wrapper lupdate cannot see through")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("i18n"):
                for alias in node.names:
                    if alias.asname and alias.name in ("tr", "Placing", "Overlays"):
                        wrong.append(f"{where}:{node.lineno}: {alias.name} imported as {alias.asname}")
        if path.name == "i18n.py":
            continue
        in_a_class_tr = {id(n) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for f in c.body
                         if isinstance(f, ast.FunctionDef) and f.name == "tr" for n in ast.walk(f)}
        for call in _calls(tree):
            f = call.func
            if isinstance(f, ast.Attribute) and f.attr == "tr" and call.args and isinstance(call.args[0], ast.Constant):
                # lupdate files X.tr("...") under "X": a class or Context
                # by its own name, or self; never a module (i18n.tr).
                if not (isinstance(f.value, ast.Name) and (f.value.id == "self" or f.value.id[:1].isupper())):
                    wrong.append(f"{where}:{call.lineno}: {ast.unparse(f)}(...) files the text under "
                                 f"{ast.unparse(f.value)!r}")
            if isinstance(f, ast.Attribute) and f.attr == "translate" and getattr(f.value, "id", "") == "QCoreApplication":
                if not all(isinstance(a, ast.Constant) for a in call.args[:2]) and id(call) not in in_a_class_tr:
                    wrong.append(f"{where}:{call.lineno}: QCoreApplication.translate without a literal context and text")
    assert wrong == []


def test_the_catalogue_names_lupdate_reads_are_the_catalogue_s():
    spec = importlib.util.spec_from_file_location("catalogue_names", TS.parent / "catalogue_names.py")
    names = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(names)
    kinds = default_catalogue().pieces.values()
    assert set(names.AS_LISTED) == {k.name for k in kinds}
    assert set(names.IN_A_SENTENCE) == {str(kind_name(k)) for k in kinds}


# -- the window in German --------------------------------------------------------------
def static_texts(root) -> list[tuple[object, str, str]]:
    """(object, what, text) for every fixed text in the window."""
    found = []

    def add(obj, what, text):
        if text and any(c.isalpha() for c in text):
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
            pass  # shows its action's text
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


def test_the_german_window_shows_no_english(qtbot, german):
    """Every menu, action, tooltip, panel, label and box entry of the
    window built in German: none is an English text the translation has
    German for (one made without tr() would be)."""
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    QApplication.processEvents()
    german_for = {s: t.text for _, s, t in messages() if t.text != s}
    texts = static_texts(w)
    assert len(texts) > 150
    # View > Language names each language in its own words.
    own_names = {(a, "text") for a in w.language_menu.actions.values()}
    english = sorted({f"{type(o).__name__} {what}: {text!r}" for o, what, text in texts
                      if text in german_for and (o, what) not in own_names})
    assert english == []
    assert w.menu("Table").title() == "&Tisch"


def test_window_speaks_german(qtbot, german):
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.show()
    QApplication.processEvents()
    assert w.menu("File").title() == "&Datei"
    assert w.menu("Edit").title() == "&Bearbeiten"
    assert w.undo_action.text() == "&Rückgängig"
    assert w.palette_dock.windowTitle() == "Gelände"
    assert w.library.action.text() == "Neu aus der &Bibliothek…"
    w.library.action.trigger()
    d = w.library.dialog
    assert d.windowTitle() == "Neu aus der Bibliothek"
    assert d.open_button.text() == "Mit dieser Mission &beginnen"
    assert "Missionen" in d.count_label.text()
    d.reject()
    w.about.action.trigger()
    assert "Freie Software unter der MIT-Lizenz" in w.about.box.text()
    w.about.box.close()


def test_english_without_a_translator(qtbot, tmp_path, monkeypatch):
    settings_in(tmp_path, monkeypatch)
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    QApplication.processEvents()
    assert w.menu("File").title() == "&File"
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"


def test_language_menu_is_remembered(qtbot, tmp_path, monkeypatch):
    settings_in(tmp_path, monkeypatch)
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    menu = w.language_menu
    assert i18n.chosen_setting() == "" and i18n.chosen_language() == "en"
    assert menu.actions[""].isChecked()
    menu.actions["de"].trigger()
    assert i18n.chosen_language() == "de"
    assert "Deutsch" in w.language_menu.box.text()
    w.language_menu.box.close()

    w2 = MainWindow(autosave=False)
    qtbot.addWidget(w2)
    assert w2.language_menu.actions["de"].isChecked()
    w2.language_menu.actions[""].trigger()
    assert i18n.chosen_setting() == ""
    w2.language_menu.box.close()


def test_system_language_is_followed_when_nothing_is_chosen(tmp_path, monkeypatch):
    settings_in(tmp_path, monkeypatch)
    monkeypatch.setattr(i18n, "system_language", lambda: "de")
    assert i18n.chosen_language() == "de"
    settings.set_language("en")
    assert i18n.chosen_language() == "en"


# -- the compiled translation ----------------------------------------------------------
def test_the_editor_loads_the_compiled_translation(qapp, compiled_translations, monkeypatch):
    """What the build (setup.py), scripts/run and scripts/test compile,
    beside the .ts (or inside the installed package), is what the editor
    loads; the .ts is never compiled while the editor starts."""
    monkeypatch.setattr(i18n, "translations_dir", lambda: compiled_translations)
    assert i18n.qm_file("de") == compiled_translations / "layout_editor_de.qm"
    assert i18n.qm_file("fr") is None
    try:
        assert i18n.install_translators(qapp, "de") == "de"
        assert QCoreApplication.translate("MainWindow", "&File") == "&Datei"
        assert i18n.tr("off the boards") == "außerhalb der Spielplatten"  # the shared context
    finally:
        assert i18n.install_translators(qapp, "en") == "en"
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"


def test_without_a_compiled_translation_the_editor_says_so_and_speaks_english(qapp, tmp_path, monkeypatch, capsys):
    (tmp_path / "layout_editor_de.ts").write_text("<TS/>", encoding="utf-8")
    monkeypatch.setattr(i18n, "translations_dir", lambda: tmp_path)
    try:
        assert i18n.install_translators(qapp, "de") == "en"
    finally:
        i18n.install_translators(qapp, "en")
    assert "python scripts/translations.py compile" in capsys.readouterr().err
    assert not (tmp_path / "layout_editor_de.qm").exists()
