"""A player's first hour (issue 11): a library mission is never written back
in place, the single-key shortcuts work wherever the focus is (but not while
typing), quitting after Discard prints no traceback, the Mission panel sets
the card's language and the objective spacing, saving over a commented file
asks first, the toolbar's Undo keeps its width, and tool hints do not go
stale."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from layout_editor.io import load_mission, save_mission
from layout_editor.model.mission import ObjectiveSpacing
from layout_editor.ui import file_handling

pytestmark = pytest.mark.qt

ROOT = Path(__file__).resolve().parents[2]
LIBRARY_FILE = ROOT / "mission_library" / "derelict-crossing.yaml"


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(str(LIBRARY_FILE), ask=False)
    return w


def first_hatchway(w):
    return next(p for p in w.document.mission.pieces if p.code == "A3")


# -- nothing shipped gets overwritten ---------------------------------------------------
def test_save_on_a_library_mission_asks_where_starting_in_documents(w, tmp_path, monkeypatch):
    before = LIBRARY_FILE.read_bytes()
    asked = []
    mine = tmp_path / "mine" / "my-crossing.yaml"
    mine.parent.mkdir()
    monkeypatch.setattr(file_handling.QFileDialog, "getSaveFileName",
                        lambda parent, title, start, filt: (asked.append(start), (str(mine), filt))[1])
    w.scene.select_uids([first_hatchway(w).uid])
    QTest.keyClick(w.view, Qt.Key_R)  # an edit, then Ctrl+S as a player would
    assert w.document.modified
    QTest.keyClick(w.view, Qt.Key_S, Qt.ControlModifier)
    assert asked, "Save wrote the library file without asking where"
    assert Path(asked[0]).parent == file_handling.documents_dir()
    assert Path(asked[0]).name == LIBRARY_FILE.name
    assert LIBRARY_FILE.read_bytes() == before
    assert mine.is_file() and w.document.path == mine and not w.document.modified
    # From now on it is the player's file: Save writes it without asking.
    QTest.keyClick(w.view, Qt.Key_R)
    QTest.keyClick(w.view, Qt.Key_S, Qt.ControlModifier)
    assert len(asked) == 1 and load_mission(mine) == w.document.mission


def test_save_as_into_the_library_is_refused(w, monkeypatch):
    before = LIBRARY_FILE.read_bytes()
    warned = []
    monkeypatch.setattr(file_handling.QMessageBox, "warning", lambda *a, **k: warned.append(a) or QMessageBox.Ok)
    w.scene.select_uids([first_hatchway(w).uid])
    w._act("turn")
    assert not w.files.save_to(LIBRARY_FILE)
    assert warned and LIBRARY_FILE.read_bytes() == before and w.document.modified


def test_a_new_mission_starts_save_as_in_documents(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    asked = []
    monkeypatch.setattr(file_handling.QFileDialog, "getSaveFileName",
                        lambda parent, title, start, filt: (asked.append(start), ("", filt))[1])
    assert not w.files.save()
    assert Path(asked[0]).parent == file_handling.documents_dir()


def test_the_command_line_opens_a_library_mission_as_a_copy(qtbot, tmp_path, monkeypatch):
    # run_editor's path for FILE is open_path: the same library rule holds.
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(str(LIBRARY_FILE), ask=False)
    assert "library" in w.statusBar().currentMessage()
    assert file_handling.in_library(w.document.path)


# -- the keys act on the map's selection wherever the focus is --------------------------------
def side_widgets(w):
    return {"findings list": w.feedback.panel._list, "history": w.history, "palette": w.palette.list,
            "placement players": w.placement_panel.player_list}


@pytest.mark.parametrize("where", ["findings list", "history", "palette", "placement players"])
def test_single_keys_act_on_the_selection_from_a_side_panel(w, where):
    target = side_widgets(w)[where]
    w.activateWindow()
    p = first_hatchway(w)
    w.scene.select_uids([p.uid])
    target.setFocus()
    QApplication.processEvents()
    assert QApplication.focusWidget() is target
    QTest.keyClick(target, Qt.Key_O)  # open or close the hatchway
    assert w.document.mission.piece_by_uid(p.uid).open != p.open
    QTest.keyClick(target, Qt.Key_F)  # the door to the other face
    assert w.document.mission.piece_by_uid(p.uid).facing != p.facing
    QTest.keyClick(target, Qt.Key_J)  # a tool letter: Objectives
    assert w.active_tool.name == w.tools["Objectives"].name
    QTest.keyClick(target, Qt.Key_S)
    assert w.active_tool.name == "Select"
    w.scene.select_uids([p.uid])
    target.setFocus()
    QTest.keyClick(target, Qt.Key_Delete)
    assert p.uid not in {q.uid for q in w.document.mission.pieces}


def test_arrow_keys_move_the_selection_from_the_history(w):
    p = next(q for q in w.document.mission.pieces if q.code == "A2")
    w.scene.select_uids([p.uid])
    w.history.setFocus()
    QTest.keyClick(w.history, Qt.Key_Left)
    moved = w.document.mission.piece_by_uid(p.uid)
    assert moved.from_node != p.from_node or moved.board != p.board or \
        w.statusBar().currentMessage(), "the arrow key did nothing"


def test_typing_in_a_text_field_keeps_its_keys(w):
    p = first_hatchway(w)
    w.scene.select_uids([p.uid])
    field = w.mission_panel.author
    field.setFocus()
    field.clear()
    QTest.keyClicks(field, "Rofe")
    assert field.text() == "Rofe"
    QTest.keyClick(field, Qt.Key_Left)
    QTest.keyClick(field, Qt.Key_Delete)
    assert field.text() == "Rof"
    assert w.document.mission.piece_by_uid(p.uid) == p  # not turned, flipped, opened or deleted
    assert w.document.mission.author == "Rof"
    briefing = w.mission_panel.briefing  # a text of several lines takes its keys too
    briefing.setFocus()
    briefing.moveCursor(briefing.textCursor().MoveOperation.End)
    QTest.keyClicks(briefing, " Fore")
    QTest.keyClick(briefing, Qt.Key_Left)
    QTest.keyClick(briefing, Qt.Key_Delete)
    assert briefing.toPlainText().endswith(" For")
    assert w.document.mission.piece_by_uid(p.uid) == p


# -- quitting ------------------------------------------------------------------------------------
QUIT_SCRIPT = r"""
import sys
from layout_editor.ui.app import ensure_app
app = ensure_app(offscreen=True)
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox
from layout_editor.io import load_mission
from layout_editor.ui import file_handling, main_window, settings
settings.use_file(sys.argv[2])
file_handling.autosave_dir = lambda: __import__("pathlib").Path(sys.argv[3])
w = main_window.MainWindow(load_mission(sys.argv[1]), None, autosave=False)
w.show()
app.processEvents()
w.scene.select_uids([w.document.mission.pieces[1].uid])
w._act("turn")
assert w.document.modified
file_handling.QMessageBox.warning = staticmethod(lambda *a, **k: QMessageBox.Discard)
QTimer.singleShot(0, w.close)
app.exec()
print("closed", flush=True)
"""


def test_quit_after_discard_prints_no_traceback(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    script = tmp_path / "quit.py"
    script.write_text(QUIT_SCRIPT, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(LIBRARY_FILE), str(tmp_path / "s.ini"),
                           str(tmp_path / "autosave")], capture_output=True, text=True, env=env,
                          cwd=str(tmp_path), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "closed" in done.stdout
    assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr, done.stderr


# -- the Mission panel: card language and objective spacing ----------------------------------
def test_card_language_is_one_undo_step(w):
    panel = w.mission_panel
    assert w.document.mission.language == "en"
    steps = w.document.undo_stack.count()
    i = panel.language.findData("de")
    panel.language.setCurrentIndex(i)
    panel.language.activated.emit(i)
    assert w.document.mission.language == "de"
    assert w.document.undo_stack.count() == steps + 1
    w.document.undo_stack.undo()
    assert w.document.mission.language == "en"
    assert panel.language.currentData() == "en"
    i = panel.language.findData(None)
    panel.language.setCurrentIndex(i)
    panel.language.activated.emit(i)
    assert w.document.mission.language is None


def test_objective_spacing_from_the_panel(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)  # a new mission: no spacing rule yet
    panel = w.mission_panel
    assert w.document.mission.mission.objective_spacing is None
    steps = w.document.undo_stack.count()
    panel.spacing_between.setValue(9)
    assert w.document.mission.mission.objective_spacing == ObjectiveSpacing(between_in=9)
    assert w.document.undo_stack.count() == steps + 1
    panel.spacing_edge.setValue(6)
    assert w.document.mission.mission.objective_spacing == ObjectiveSpacing(between_in=9, edge_in=6)
    assert w.document.undo_stack.count() == steps + 2
    out = tmp_path / "spaced.yaml"
    save_mission(w.document.mission, out)
    assert load_mission(out).mission.objective_spacing == ObjectiveSpacing(between_in=9, edge_in=6)
    w.document.undo_stack.undo()
    assert panel.spacing_edge.value() == 0
    panel.spacing_between.setValue(0)
    assert w.document.mission.mission.objective_spacing is None  # not checked: not in the file


def test_german_labels_for_the_new_controls(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch)
    QApplication.processEvents()
    from PySide6.QtWidgets import QFormLayout
    form = w.mission_panel.widget().layout().itemAt(0).layout()
    assert isinstance(form, QFormLayout)
    labels = {form.labelForField(f).text() for f in (w.mission_panel.language, w.mission_panel.spacing_between,
                                                     w.mission_panel.spacing_edge)}
    assert labels == {"&Sprache der Karte", "Missionsziele &auseinander", "Missionsziele vom &Rand"}


# -- saving over a commented file ---------------------------------------------------------------
def test_saving_over_a_file_with_comments_asks_first(qtbot, tmp_path, monkeypatch):
    hand = tmp_path / "hand.yaml"
    text = LIBRARY_FILE.read_text(encoding="utf-8").replace("pieces:\n", "pieces:  # my notes\n", 1)
    hand.write_text(text, encoding="utf-8")
    w = make_window(qtbot, tmp_path, monkeypatch)
    assert w.files.open_path(str(hand), ask=False)
    w.scene.select_uids([first_hatchway(w).uid])
    w._act("turn")
    seen = []

    def answering(button):
        # The warning as the player sees it, answered by clicking one of its
        # buttons (no event loop of its own, so nothing can be left open).
        def exec_(box):
            seen.append(box.text())
            box.button(button).click()
            return 0
        monkeypatch.setattr(file_handling.QMessageBox, "exec", exec_)

    answering(QMessageBox.Cancel)
    assert not w.files.save()
    assert "comments" in seen[0] and hand.read_text(encoding="utf-8") == text
    answering(QMessageBox.Save)
    assert w.files.save()
    assert "# my notes" not in hand.read_text(encoding="utf-8")
    # Written as people write it: one line per piece.
    assert "  - {code: A3, board: A, from: [" in hand.read_text(encoding="utf-8")


# -- smaller things ------------------------------------------------------------------------------
def test_the_undo_button_keeps_a_short_text(w):
    button = w.edit_bar.widgetForAction(w.undo_button)
    assert button is not None and w.undo_action not in w.edit_bar.actions()
    w.scene.select_uids([first_hatchway(w).uid])
    w._act("turn")
    assert w.undo_button.text() == "Undo" and button.text() == "Undo"
    assert w.undo_button.toolTip() == w.undo_action.text().replace("&", "") != "Undo"
    assert w.undo_button.isEnabled()
    w.undo_button.trigger()
    assert not w.document.modified and not w.undo_button.isEnabled()
    assert w.redo_button.isEnabled() and w.redo_button.text() == "Redo"


def test_a_tool_hint_goes_when_the_tool_changes(w):
    w.activate_tool("Entry Zones")
    hint = w.statusBar().currentMessage()
    assert hint
    w.activate_tool("Select")
    assert w.statusBar().currentMessage() != hint


def test_choosing_a_player_in_the_placement_panel_says_the_tool_changed(w):
    w.activate_tool("Select")
    players = w.placement_panel.player_list
    item = players.item(0)
    players.setCurrentItem(item)
    players.itemClicked.emit(item)
    assert w.active_tool.name == "Entry Zones"
    assert "Switched to the" in w.statusBar().currentMessage()


def test_a_pillar_on_the_left_edge_is_placed_turned_and_says_so(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    x, y = w.scene.board_items["A"].placement.node_table((0, 3))
    piece = w.placer.place("pillar-left", x, y)
    assert piece is not None and piece.turned
    assert "turned to stay within the board's edge" in w.statusBar().currentMessage()
