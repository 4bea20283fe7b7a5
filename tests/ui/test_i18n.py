"""The interface in German: the translation source is complete and compiles
with the lrelease PySide6-Essentials ships; the window's menus, toolbars and
panels speak German with it; View > Language is remembered; the library and
About speak German too."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from layout_editor.ui import file_handling, i18n, settings
from layout_editor.ui.main_window import MainWindow

pytestmark = pytest.mark.qt

TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "layout_editor_de.ts"


def messages():
    root = ET.parse(TS).getroot()
    for context in root.findall("context"):
        for m in context.findall("message"):
            yield context.findtext("name"), m.findtext("source"), m.find("translation")


def settings_in(tmp_path, monkeypatch):
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")



def test_every_message_is_translated():
    found = list(messages())
    assert len(found) > 200
    unfinished = [(c, s) for c, s, t in found if t is None or t.get("type") == "unfinished" or not (t.text or "")]
    assert unfinished == []
    # Placeholders survive translation, so .format() fills them (a
    # translation may drop a !r or change the separators around them).
    import re
    for c, s, t in found:
        assert set(re.findall(r"\{(\w+)[^}]*\}", s)) == set(re.findall(r"\{(\w+)[^}]*\}", t.text)), s


def test_the_windows_fixed_texts_have_german(qtbot, tmp_path, monkeypatch):
    settings_in(tmp_path, monkeypatch)
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    QApplication.processEvents()
    sources = {s for c, s, _ in messages() if c == i18n.CONTEXT}
    texts = {t for _, _, t in i18n.static_texts(w)}
    # Counts and sizes that change as you work are not words to translate.
    import re
    words = {t for t in texts if not re.search(r"\d", t)}
    missing = sorted(words - sources)
    assert len(missing) <= len(words) * 0.05, f"texts without a German translation: {missing}"


def test_window_speaks_german(qtbot, tmp_path, monkeypatch, german):
    settings_in(tmp_path, monkeypatch)
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.show()
    QApplication.processEvents()  # the window is retranslated once built
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
    assert QCoreApplication.translate(i18n.CONTEXT, "&File") == "&File"


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


def test_translation_is_compiled_at_first_start(qapp, tmp_path, monkeypatch):
    """Without a shipped .qm (a checkout, or a wheel built without lrelease)
    the .ts is compiled once into the user's data folder."""
    monkeypatch.setattr(i18n, "cache_dir", lambda: tmp_path / "cache")
    assert not (TS.with_suffix(".qm")).exists()
    qm = i18n.qm_file("de")
    assert qm == tmp_path / "cache" / "layout_editor_de.qm" and qm.exists()
    stamp = qm.stat().st_mtime_ns
    assert i18n.qm_file("de") == qm and qm.stat().st_mtime_ns == stamp  # not compiled again
    assert i18n.qm_file("fr") is None
