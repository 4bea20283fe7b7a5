"""The editor remembers, between runs: the window's size and dock layout, the
overlays' base size and the terrain sets the player owns; Help > About shows
the version and the licence."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from layout_editor import __version__
from layout_editor.ui import file_handling
from layout_editor.ui.main_window import MainWindow

pytestmark = pytest.mark.qt


def open_window(qtbot, tmp_path, monkeypatch) -> MainWindow:
    """A window whose settings live in tmp_path: a second call is the next run."""
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()  # the saved layout is restored once the window is built
    return w


def test_window_size_and_docks_are_remembered(qtbot, tmp_path, monkeypatch):
    w = open_window(qtbot, tmp_path, monkeypatch)
    # The offscreen screen is 800 x 800, smaller than the window's minimum, so
    # a restored size would be clamped: maximising is what can be told apart.
    assert not w.isMaximized()
    w.showMaximized()
    QApplication.processEvents()
    findings = w.feedback.dock
    assert findings.isVisible()
    findings.hide()
    QApplication.processEvents()
    w.close()

    w2 = open_window(qtbot, tmp_path, monkeypatch)
    assert w2.isMaximized()
    assert not w2.feedback.dock.isVisible()
    assert w2.mission_dock.isVisible()


def test_base_size_is_remembered(qtbot, tmp_path, monkeypatch):
    w = open_window(qtbot, tmp_path, monkeypatch)
    overlays = w.feedback.overlays
    assert overlays.base_mm == 32.0
    combo = overlays.base_combo
    i = combo.findData(50.0)
    combo.setCurrentIndex(i)
    combo.activated.emit(i)  # what a user's pick sends
    assert overlays.base_mm == 50.0
    w.close()

    w2 = open_window(qtbot, tmp_path, monkeypatch)
    assert w2.feedback.overlays.base_mm == 50.0
    assert w2.feedback.overlays.base_combo.currentData() == 50.0


def test_sets_owned_are_remembered_and_start_the_library_filter(qtbot, tmp_path, monkeypatch):
    w = open_window(qtbot, tmp_path, monkeypatch)
    assert w.preferences.sets_owned() == 1
    assert w.preferences.sets_actions[1].isChecked()
    w.preferences.sets_actions[2].trigger()
    assert w.preferences.sets_owned() == 2
    w.close()

    w2 = open_window(qtbot, tmp_path, monkeypatch)
    assert w2.preferences.sets_owned() == 2
    assert w2.preferences.sets_actions[2].isChecked()
    w2.library.action.trigger()
    d = w2.library.dialog
    assert d.sets_filter.currentData() == 2
    # Picking another number in the library remembers it too.
    d.sets_filter.setCurrentIndex(d.sets_filter.findData(1))
    assert w2.preferences.sets_owned() == 1
    d.reject()


def test_about_shows_version_and_licence(qtbot, tmp_path, monkeypatch):
    w = open_window(qtbot, tmp_path, monkeypatch)
    assert w.about.action in w.menu("Help").actions()
    w.about.action.trigger()
    box = w.about.box
    qtbot.waitExposed(box)
    assert f"Version {__version__}" in box.text()
    assert "MIT" in box.text()
    assert not box.iconPixmap().isNull()
    assert not w.windowIcon().isNull()
    box.close()
