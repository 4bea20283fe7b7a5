"""Fixtures the editor's Qt tests share."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator

from layout_editor.ui import file_handling, i18n, settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def compiled_translations(tmp_path_factory) -> Path:
    """The .ts compiled once per test run with the pyside6-lrelease
    PySide6-Essentials ships (scripts/translations.py compile), so the tests
    read the translation as it is now, never a stale .qm."""
    spec = importlib.util.spec_from_file_location("translations", ROOT / "scripts" / "translations.py")
    translations = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(translations)
    folder = tmp_path_factory.mktemp("translations")
    translations.compile_all(into=folder)
    return folder


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
def german(qapp, tmp_path, monkeypatch, compiled_translations):
    """The German translation installed for one test, with German numbers:
    the editor as View > Language > Deutsch makes it. Settings and autosave
    go to the test's own folder."""
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")
    translator = QTranslator()
    assert translator.load(str(compiled_translations / "layout_editor_de.qm"))
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
