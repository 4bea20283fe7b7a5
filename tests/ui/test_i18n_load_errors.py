"""Why a mission file or a share code cannot be used, in the German editor:
File > Open on a broken file, a damaged share code in File > Import share
code…, a broken file in the library. The place (FILE:LINE:COL) stays as the
command line writes it; the reason speaks German, the file's keys as typed."""
from __future__ import annotations

import base64
import zlib

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from layout_editor.io.share_code import encode
from layout_editor.model import two_board_mission
from layout_editor.ui.export_dialog import ImportShareCodeDialog
from layout_editor.ui.library_dialog import LibraryDialog

pytestmark = pytest.mark.qt

BAD_ROTATION = ("format: boarding-actions-mission\nversion: 1\ntitle: Kaputt\nboards:\n"
                "  - id: A\n    at: [0, 0]\n    rotation: 45\n")
ROTATION_DE = "Spielplatte A: rotation muss 0, 90, 180 oder 270 sein, nicht 45"


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch, german):
    window = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    yield window
    window.document.undo_stack.setClean()


def shown_boxes(monkeypatch, tmp_path):
    """QMessageBox.critical, recorded and drawn as a real box would be, so
    the test can look at it (tmp_path/box-N.png)."""
    shown = []

    def critical(parent, title, text, *a, **k):
        box = QMessageBox(QMessageBox.Critical, title, text, QMessageBox.Ok, parent)
        box.show()
        QApplication.processEvents()
        assert box.grab().save(str(tmp_path / f"box-{len(shown)}.png"))
        box.close()
        shown.append((title, text))
        return QMessageBox.Ok
    monkeypatch.setattr(QMessageBox, "critical", critical)
    return shown


def test_file_open_on_a_broken_file_says_why_in_german(w, tmp_path, monkeypatch):
    bad = tmp_path / "kaputt.yaml"
    bad.write_text(BAD_ROTATION, encoding="utf-8")
    shown = shown_boxes(monkeypatch, tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    before = w.document.mission
    w.files.open_action.trigger()
    assert shown == [("Mission kann nicht geöffnet werden",
                      f"Diese Datei ist nicht verwendbar:\n\n{bad}:7:15: {ROTATION_DE}")]
    assert w.document.mission == before


@pytest.mark.parametrize("text, german_reason", [
    ("", "die Datei ist leer; eine Missionsdatei beginnt mit „format: boarding-actions-mission“"),
    ("format: boarding-actions-mission\nversion: 1\ntitle: T\nboard: []\n",
     "die Mission: unbekannter Schlüssel „board“; meintest du „boards“?"),
    ("format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - id: A\n    at: [0, 0]\n"
     "objectives:\n  - id: 1\n    at: [1.5, x]\n",
     "Missionsziel 1: at: y muss eine Zahl sein, nicht der Text „x“"),
])
def test_other_reasons_speak_german_too(w, tmp_path, monkeypatch, text, german_reason):
    bad = tmp_path / "kaputt.yaml"
    bad.write_text(text, encoding="utf-8")
    shown = shown_boxes(monkeypatch, tmp_path)
    assert w.files.open_path(bad, ask=False) is False
    (_, said), = shown
    assert said.split("\n\n", 1)[1].split(": ", 1)[1] == german_reason


def test_a_missing_file_on_the_command_line_says_so_in_german(w, tmp_path, monkeypatch):
    shown = shown_boxes(monkeypatch, tmp_path)
    # What `layout-editor edit FILE` does with a file it cannot load.
    assert w.files.load(tmp_path / "weg.yaml") is None
    assert shown[0][1].endswith(f"{tmp_path / 'weg.yaml'}:1:1: diese Datei gibt es nicht")


def test_an_autosave_that_cannot_be_recovered_says_why_in_german(w, tmp_path, monkeypatch):
    # What a crashed editor left behind, damaged since.
    folder = tmp_path / "autosave"
    folder.mkdir(exist_ok=True)
    (folder / "123-crashed.yaml").write_text(BAD_ROTATION, encoding="utf-8")
    (folder / "123-crashed.json").write_text('{"title": "Kaputt", "time": 0}', encoding="utf-8")
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
    shown = shown_boxes(monkeypatch, tmp_path)
    assert w.files.offer_recovery() is False
    assert shown == [("Wiederherstellen nicht möglich", f"{folder / '123-crashed.yaml'}:7:15: {ROTATION_DE}")]


def import_share_code(w, picture, code: str) -> str:
    """File > Import share code… with `code` pasted: the dialog's verdict
    (and the dialog drawn to `picture`, to look at)."""
    (action,) = [a for a in w.menu("File").actions() if a.text() == "Missionscode importieren…"]
    seen = []

    def paste_and_look():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ImportShareCodeDialog)
        dialog.edit.setPlainText(code)
        QApplication.processEvents()
        assert dialog.grab().save(str(picture))
        seen.append(dialog.status.text())
        dialog.reject()
    QTimer.singleShot(0, paste_and_look)
    action.trigger()
    assert len(seen) == 1
    return seen[0]


def test_a_damaged_share_code_says_why_in_german(w, tmp_path):
    code = encode(two_board_mission("Geteilt"))
    middle = len(code) // 2
    damaged = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    assert import_share_code(w, tmp_path / "damaged.png", damaged) == (
        "Nicht verwendbar: der Code ist beschädigt (beim Kopieren wurde ein Zeichen verändert oder ging verloren)")
    assert import_share_code(w, tmp_path / "not-a-code.png", "hallo") == (
        "Nicht verwendbar: das ist kein Missionscode einer Mission (er sollte mit BAM1 beginnen)")


def test_a_share_code_holding_a_broken_mission_says_where_in_german(w, tmp_path):
    packed = base64.urlsafe_b64encode(zlib.compress(BAD_ROTATION.encode(), 9)).rstrip(b"=").decode()
    assert import_share_code(w, tmp_path / "broken-mission.png", "BAM1z." + packed) == (
        f"Nicht verwendbar: die Mission darin hat einen Fehler in Zeile 7, Spalte 15: {ROTATION_DE}")


def test_a_broken_library_file_is_named_in_german(qtbot, tmp_path, german):
    (tmp_path / "kaputt.yaml").write_text(BAD_ROTATION, encoding="utf-8")
    d = LibraryDialog(folder=tmp_path)
    qtbot.addWidget(d)
    assert d.problems == [f"{tmp_path / 'kaputt.yaml'}:7:15: {ROTATION_DE}"]
    d.show()
    QApplication.processEvents()
    assert d.grab().save(str(tmp_path / "library.png"))
