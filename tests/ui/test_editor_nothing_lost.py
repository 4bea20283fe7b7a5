"""Nothing lost, nothing overwritten unasked, through the real window: a file
changed on disk while open (reload offered; Save asks before replacing it),
a read-only file (Save asks), the recovery copy a few seconds after a change,
a failed autosave shown until resolved, leftovers of killed saves removed,
and a broken file's dialog that stays small for a huge value."""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from layout_editor.io import load_mission, save_mission
from layout_editor.model import edits, two_board_mission
from layout_editor.shown import MAX_MESSAGE

pytestmark = pytest.mark.qt


def answer_next_dialog(qtbot, button_text: str, seen: list) -> None:
    """Click the button named `button_text` of the next modal dialog, as the
    player would; `seen` gets the dialog's text."""
    def click():
        boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
        if not boxes:
            QTimer.singleShot(20, click)
            return
        box = boxes[0]
        seen.append(box.text())
        for b in box.buttons():
            if b.text().replace("&", "") == button_text.replace("&", ""):
                b.click()
                return
        raise AssertionError(f"no button {button_text!r} in {[b.text() for b in box.buttons()]}")
    QTimer.singleShot(0, click)


@pytest.fixture
def opened(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "vault.yaml"
    save_mission(two_board_mission("Vault"), path)
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(path, ask=False)
    return w, path


def other_program_writes(path: Path, title: str) -> None:
    # Another program's save: a different size and a newer time.
    time.sleep(0.01)
    save_mission(two_board_mission(title), path)
    os.utime(path, ns=(time.time_ns() + 2_000_000_000,) * 2)


def edit(w) -> None:
    w.document.apply("Set Title", edits.set_mission_fields, title="Mine")


def test_save_asks_before_replacing_a_file_changed_on_disk(qtbot, opened):
    w, path = opened
    edit(w)
    other_program_writes(path, "Theirs, much longer title")
    seen = []
    answer_next_dialog(qtbot, "Cancel", seen)
    assert w.files.save() is False
    assert "changed on disk" in seen[0]
    assert load_mission(path).title == "Theirs, much longer title"  # untouched
    assert w.document.modified

    answer_next_dialog(qtbot, "Replace", seen)
    assert w.files.save() is True
    assert load_mission(path).title == "Mine" and not w.document.modified
    # Saved here: the next save does not ask again.
    edit(w)
    w.document.apply("Set Title", edits.set_mission_fields, title="Mine again")
    assert w.files.save() is True


def test_a_change_on_disk_offers_to_reload(qtbot, opened):
    w, path = opened
    seen = []
    answer_next_dialog(qtbot, "&Yes", seen)
    other_program_writes(path, "Theirs")
    qtbot.waitUntil(lambda: w.document.mission.title == "Theirs", timeout=5000)
    assert "changed on disk" in seen[0] and not w.document.modified


def test_keeping_my_version_then_saving_still_asks(qtbot, opened):
    w, path = opened
    edit(w)
    seen = []
    answer_next_dialog(qtbot, "&No", seen)
    other_program_writes(path, "Theirs")
    qtbot.waitUntil(lambda: len(seen) == 1, timeout=5000)
    assert w.document.mission.title == "Mine"  # kept
    answer_next_dialog(qtbot, "Cancel", seen)
    assert w.files.save() is False and load_mission(path).title == "Theirs"


def test_two_windows_on_one_file_never_lose_an_edit_unasked(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "shared.yaml"
    save_mission(two_board_mission("Shared"), path)
    first = make_window(qtbot, tmp_path, monkeypatch)
    second = make_window(qtbot, tmp_path, monkeypatch)
    assert first.files.open_path(path, ask=False) and second.files.open_path(path, ask=False)
    first.files.watcher.blockSignals(True)
    second.files.watcher.blockSignals(True)
    first.document.apply("Set Title", edits.set_mission_fields, title="First's edit")
    assert first.files.save()
    second.document.apply("Set Title", edits.set_mission_fields, title="Second's")
    seen = []
    answer_next_dialog(qtbot, "Cancel", seen)
    assert second.files.save() is False
    assert load_mission(path).title == "First's edit"


def test_a_read_only_file_is_not_replaced_unasked(qtbot, opened, tmp_path, monkeypatch):
    w, path = opened
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP)
    try:
        edit(w)
        seen = []
        buttons = []
        QTimer.singleShot(0, lambda: buttons.extend(
            b.text() for box in QApplication.topLevelWidgets() if isinstance(box, QMessageBox) and box.isVisible()
            for b in box.buttons()))
        answer_next_dialog(qtbot, "Cancel", seen)
        assert w.files.save() is False and "read-only" in seen[0]
        assert load_mission(path).title == "Vault"
        # A read-only file is never replaced: the question offers no Replace.
        assert buttons and "Replace" not in buttons
        # Save As… from the question: the mission goes where the player says.
        other = tmp_path / "copy.yaml"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), ""))
        answer_next_dialog(qtbot, "Save As…", seen)
        assert w.files.save() is True
        assert load_mission(other).title == "Mine" and w.document.path == other
        assert load_mission(path).title == "Vault"
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


def test_the_recovery_copy_is_saved_a_few_seconds_after_a_change(qtbot, opened, tmp_path):
    w, path = opened
    files = w.files
    files._autosave_on = True
    files.timer.setInterval(30)  # the real delay is AUTOSAVE_DELAY_MS
    assert file_count(tmp_path) == 0
    edit(w)
    assert files.timer.isActive()
    qtbot.waitUntil(lambda: file_count(tmp_path) == 1, timeout=5000)
    files.timer.stop()


def file_count(tmp_path) -> int:
    return len(list((tmp_path / "autosave").glob("*.yaml")))


def test_a_failed_autosave_stays_visible_until_it_succeeds(qtbot, opened, tmp_path, monkeypatch):
    w, path = opened
    files = w.files
    from layout_editor.ui import file_handling

    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the autosave folder should be")
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: blocker / "autosave")
    edit(w)
    assert files.autosave() is False
    assert files.autosave_problem.isVisible() and "Autosave failed" in files.autosave_problem.text()
    w.statusBar().showMessage("something else", 10)
    qtbot.wait(50)
    assert files.autosave_problem.isVisible()  # not a passing message
    files.timer.stop()
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")
    assert files.autosave() is True
    assert not files.autosave_problem.isVisible()


def test_leftovers_of_killed_saves_are_removed_on_open_and_nothing_else(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    save_mission(two_board_mission("M"), path)
    stale = tmp_path / ".m.yaml.0a1b2c3d.tmp"
    fresh = tmp_path / ".m.yaml.99999999.tmp"
    others = [tmp_path / ".other.yaml.0a1b2c3d.tmp", tmp_path / ".m.yaml.notmine.tmp", tmp_path / "m.yaml.tmp"]
    for p in [stale, fresh, *others]:
        p.write_text("x")
    old = time.time() - 3600
    for p in [stale, *others]:
        os.utime(p, (old, old))
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(path, ask=False)
    assert not stale.exists()
    assert fresh.exists()  # may be a save in progress elsewhere
    assert all(p.exists() for p in others)


def test_the_error_dialog_for_a_huge_value_stays_small(qtbot, tmp_path, monkeypatch):
    bad = tmp_path / "huge.yaml"
    bad.write_text("format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - {id: A, at: [0, 0]}\n"
                   "? " + "Q" * 4_000_000 + "\n: 1\n", encoding="utf-8")
    w = make_window(qtbot, tmp_path, monkeypatch)
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: shown.append(text))
    assert w.files.open_path(bad, ask=False) is False
    assert len(shown) == 1 and len(shown[0]) <= MAX_MESSAGE + 100
    assert "huge.yaml:6:3:" in shown[0] and "…" in shown[0]


def test_the_questions_speak_german(qtbot, german, tmp_path, monkeypatch):
    path = tmp_path / "vault.yaml"
    save_mission(two_board_mission("Vault"), path)
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(path, ask=False)
    os.chmod(path, stat.S_IRUSR)
    try:
        edit(w)
        seen = []
        other = tmp_path / "kopie.yaml"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), ""))
        answer_next_dialog(qtbot, "Speichern unter…", seen)
        assert w.files.save() is True
        assert seen[0].startswith("„vault.yaml“ ist schreibgeschützt und wird nicht ersetzt.")
        assert load_mission(path).title == "Vault" and load_mission(other).title == "Mine"
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    from layout_editor.ui import file_handling
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: blocker / "autosave")
    edit(w)
    w.document.apply("Set Title", edits.set_mission_fields, title="Noch eins")
    assert w.files.autosave() is False
    assert w.files.autosave_problem.text().startswith("Automatisches Speichern fehlgeschlagen: ")
    w.files.timer.stop()
