"""Fixtures the editor's Qt tests share."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator

from layout_editor.ui import file_handling, i18n, settings

TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "layout_editor_de.ts"


@pytest.fixture(autouse=True)
def settings_file(tmp_path):
    """Every Qt test keeps the editor's settings in its own INI file (never
    the user's): the path, for a test that reads or seeds it. A second window
    in the same test is the editor's next run."""
    ini = tmp_path / "settings.ini"
    settings.use_file(ini)
    yield ini
    settings.use_file(None)


@pytest.fixture
def german(qapp, tmp_path, monkeypatch):
    """The German translation compiled from its source with the lrelease
    PySide6-Essentials ships, installed for one test, with German numbers:
    the editor as View > Language > Deutsch makes it. Settings and autosave
    go to the test's own folder."""
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")
    monkeypatch.setattr(i18n, "cache_dir", lambda: tmp_path / "cache")
    qm = tmp_path / "de.qm"
    assert i18n.compile_ts(TS, qm), "pyside6-lrelease could not compile the translation"
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    locale = QLocale()
    QLocale.setDefault(QLocale("de"))
    monkeypatch.setattr(i18n, "_speaks", "de")
    yield translator
    QLocale.setDefault(locale)
    qapp.removeTranslator(translator)


@pytest.fixture
def worker(qtbot):
    """An analysis worker owned by a plain QObject, shut down after the test."""
    from PySide6.QtCore import QObject

    from layout_editor.ui.analysis_worker import AnalysisWorker

    owner = QObject()  # kept alive here: the worker's thread belongs to it
    w = AnalysisWorker(owner)
    yield w
    w.shutdown()
