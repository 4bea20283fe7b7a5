"""The mission's file through the real window: save and reopen, a broken
file's dialog (the open mission stays), the unsaved-changes prompt, recent
files, dropping a file on the window, autosave and recovery after a crash,
and the --screenshot command."""
from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import answer_new_mission, make_window
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from layout_editor.io import load_mission
from layout_editor.model import edits, two_board_mission
from layout_editor.model.mission import Objective, Piece, Section

pytestmark = pytest.mark.qt

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def built_mission():
    m = two_board_mission("Vault of Echoes")
    m = edits.add_pieces(m, [
        Piece(code="A3", board="A", from_node=(2, 1), to_node=(2, 3), facing="left", open=True),
        Piece(code="pillar-left", board="A", at=(2, 1)),
        Piece(code="wall-end", board="B", at=(4, 4), caps=(4, 3)),
    ]).mission
    m = edits.set_mission_fields(m, author="Tester", players=2).mission
    m = edits.set_mission_text(m, briefing="Hold the vault.", battle_rounds=5, points=500,
                               sections=(Section("Mission rules", "Doors jam on a 1."),)).mission
    m = edits.set_objectives(m, [Objective("1", (300.0, 250.0))]).mission
    return m


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    return make_window(qtbot, tmp_path, monkeypatch, built_mission())


def test_save_as_then_reopen_gives_the_same_mission(w, tmp_path, monkeypatch):
    target = tmp_path / "vault"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    w.document.apply("Flip Hatchway Door", edits.flip_hatchways, [w.document.mission.pieces[0].uid])
    assert w.document.modified and w.isWindowModified()
    assert w.files.save_as_action.trigger() is None
    saved = tmp_path / "vault.yaml"
    assert saved.exists() and w.document.path == saved
    assert not w.document.modified and not w.isWindowModified()
    assert "vault.yaml" in w.windowTitle()
    assert load_mission(saved) == w.document.mission

    before = w.document.mission
    answer_new_mission("boarding-actions")
    w.files.new_action.trigger()
    assert w.document.mission.pieces == ()
    assert w.files.open_path(saved)
    assert w.document.mission == before
    assert not w.document.modified
    assert w.files.recent_files()[0] == str(saved.resolve())
    assert len(w.scene.piece_items) == 3


def test_a_broken_file_shows_line_and_column_and_keeps_the_mission(w, tmp_path, monkeypatch):
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: boarding-actions-mission\nversion: 1\ntitle: Bad\nboards:\n"
                   "  - id: A\n    at: [0, 0]\n    rotation: 45\n",
                   encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: shown.append((title, text)))
    # Even when the player said to discard the changes, a file that cannot
    # be loaded replaces nothing.
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.Discard)
    before = w.document.mission
    w.document.apply("Edit Title", edits.set_mission_fields, title="Still mine")
    assert w.files.open_path(bad) is False
    assert len(shown) == 1
    title, text = shown[0]
    assert "broken.yaml:7:15: " in text   # FILE:LINE:COL: message
    assert "rotation" in text
    assert w.document.mission.title == "Still mine"
    assert w.document.mission.pieces == before.pieces
    assert w.document.modified  # nothing was lost or reset


def test_unsaved_changes_prompt_can_cancel_or_discard(w, tmp_path, monkeypatch):
    w.document.apply("Edit Title", edits.set_mission_fields, title="Changed")
    asked = []

    def answer(choice):
        def warning(parent, title, text, *a, **k):
            asked.append(text)
            return choice
        return warning

    monkeypatch.setattr(QMessageBox, "warning", answer(QMessageBox.Cancel))
    assert w.files.new("boarding-actions") is False
    assert w.document.mission.title == "Changed" and len(asked) == 1
    monkeypatch.setattr(QMessageBox, "warning", answer(QMessageBox.Discard))
    assert w.files.new("boarding-actions") is True
    assert w.document.mission.title == "New mission"
    assert len(asked) == 2


def test_a_file_opened_after_a_library_copy_has_no_unsaved_changes(w, monkeypatch):
    """A mission started from the library is unsaved; the file opened (or the
    new mission started) after it is not, and closing it asks nothing."""
    from layout_editor.ui.library_dialog import start_from_library
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.Discard)
    assert start_from_library(w, LIBRARY / "three-way-salvage.yaml")
    assert w.document.modified and w.isWindowModified()
    assert w.files.open_path(LIBRARY / "severed-spine.yaml")
    assert not w.document.modified and not w.isWindowModified()
    assert start_from_library(w, LIBRARY / "three-way-salvage.yaml")
    assert w.files.new("boarding-actions")
    assert not w.document.modified and not w.isWindowModified()


def test_dropping_a_mission_file_on_the_window_opens_it(w, qtbot):
    path = LIBRARY / "severed-spine.yaml"
    md = QMimeData()
    md.setUrls([QUrl.fromLocalFile(str(path))])
    w.document.undo_stack.setClean()
    vp = w.view.viewport()
    QApplication.sendEvent(vp, QDragEnterEvent(QPoint(50, 50), Qt.CopyAction, md, Qt.LeftButton, Qt.NoModifier))
    QApplication.sendEvent(vp, QDropEvent(QPointF(50, 50), Qt.CopyAction, md, Qt.LeftButton, Qt.NoModifier))
    assert w.document.path == path
    assert w.document.mission == load_mission(path)


def test_autosave_and_recovery_after_a_crash(qtbot, tmp_path, monkeypatch):
    first = make_window(qtbot, tmp_path, monkeypatch, built_mission())
    first.document.apply("Edit Title", edits.set_mission_fields, title="Unsaved work")
    assert first.files.autosave() is True
    assert first.files.autosave() is False  # nothing new since
    autosaves = list((tmp_path / "autosave").glob("*.yaml"))
    assert len(autosaves) == 1
    # The crash: the process dies holding nothing; its files stay behind.
    first.files.timer.stop()
    first.files._lock.unlock()
    first.files._lock = None
    crashed = first.document.mission

    second = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *a, **k: asked.append(text) or QMessageBox.Yes)
    assert second.files.offer_recovery() is True
    assert len(asked) == 1 and "Unsaved work" in asked[0]
    assert second.document.mission == crashed
    assert second.document.modified  # recovered work is not saved anywhere yet
    # The old autosave is gone; this session keeps its own copy.
    assert [p.stem for p in (tmp_path / "autosave").glob("*.yaml")] == [second.files._session]
    first.document.undo_stack.setClean()


def test_a_clean_close_leaves_nothing_to_recover(qtbot, tmp_path, monkeypatch):
    first = make_window(qtbot, tmp_path, monkeypatch, built_mission())
    first.document.apply("Edit Title", edits.set_mission_fields, title="Closing")
    first.files.autosave()
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.Discard)
    first.close()
    assert list((tmp_path / "autosave").glob("*.yaml")) == []
    second = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    assert second.files.orphaned_autosaves() == []


def test_screenshot_command_writes_a_png(tmp_path, settings_file):
    from PySide6.QtCore import QSettings

    from layout_editor.cli import main

    ini = settings_file
    QSettings(str(ini), QSettings.IniFormat).setValue("window/geometry", b"")
    out = tmp_path / "shot.png"
    assert main(["edit", str(LIBRARY / "derelict-crossing.yaml"), "--screenshot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PySide6.QtGui import QImage
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1600, 1000)
    # A screenshot leaves the remembered window layout alone.
    assert QSettings(str(ini), QSettings.IniFormat).value("window/state") is None


def test_screenshot_of_a_broken_file_is_one_message_and_exit_2(tmp_path, capsys):
    from layout_editor.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    assert main(["edit", str(bad), "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{bad}:")


def test_next_start_offers_the_crashed_sessions_work(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QApplication

    from layout_editor.ui import app as app_module
    from layout_editor.ui.main_window import MainWindow

    first = make_window(qtbot, tmp_path, monkeypatch, built_mission())
    first.document.apply("Edit Title", edits.set_mission_fields, title="Left behind")
    first.files.autosave()
    first.files.timer.stop()
    first.files._lock.unlock()  # the crash: nobody holds the session any more
    first.files._lock = None
    first.document.undo_stack.setClean()

    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *a, **k: asked.append(title) or QMessageBox.Yes)
    monkeypatch.setattr(QApplication, "exec", lambda self=None: 0)
    assert app_module.run_editor(None) == 0
    started = [t for t in QApplication.topLevelWidgets() if isinstance(t, MainWindow) and t is not first
               and t.isVisible()]
    assert len(started) == 1
    win = started[0]
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert asked == ["Recover unsaved work"]
    assert win.document.mission.title == "Left behind" and win.document.modified
