"""Table > Generate… and File > New Generated Table…, the way a player uses
them: open from the menu, generate (off the UI thread, progress and
Cancel), candidates side by side with their figures, keep one as one undo
step, lock the pieces and generate again; the pieces owned remembered."""
from __future__ import annotations

from dataclasses import replace

import pytest
from editor_helpers import make_window, undo_texts
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from layout_editor.model.mission import two_board_mission
from layout_editor.ui import settings
from layout_editor.ui.generate_dialog import GenerateDialog

pytestmark = pytest.mark.qt
WAIT = 180_000


def _action(menu, name):
    for a in menu.actions():
        if a.objectName() == name:
            return a
    raise AssertionError(f"no {name} in {menu.title()}")


def _generate(qtbot, d: GenerateDialog) -> None:
    QTest.mouseClick(d.generate_button, Qt.LeftButton)
    assert d.running or d.candidates or d.said.text()
    qtbot.waitUntil(lambda: not d.running and d.progress.isHidden(), timeout=WAIT)


@pytest.fixture
def fewer(monkeypatch):
    """Two candidates a run, so the tests stay quick (the dialog asks five)."""
    options = GenerateDialog.options
    monkeypatch.setattr(GenerateDialog, "options", lambda self: replace(options(self), count=2))


def test_generate_previews_and_keeps_one_table_as_one_undo_step(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    assert d is not None and d.isVisible()
    d.seed.setValue(3)
    _generate(qtbot, d)
    assert len(d.candidates) == 5 and d.list.count() == 5
    for k in range(5):
        item = d.list.item(k)
        assert not item.icon().isNull()
        assert "%" in item.text() and "\n" in item.text()
    assert "found" in d.said.text()
    assert d.generate_button.text().replace("&", "") == "Generate Again"
    d.list.setCurrentRow(2)
    chosen = d.candidates[2].mission
    before = len(undo_texts(w))
    QTest.mouseClick(d.keep_button, Qt.LeftButton)
    m = w.document.mission
    assert m.pieces == chosen.pieces and m.objectives == chosen.objectives
    assert m.title == "New mission"  # the mission's texts stay
    assert len(undo_texts(w)) == before + 1
    w.document.undo_stack.undo()
    assert w.document.mission.pieces == ()


def test_lock_the_pieces_and_generate_again_around_them(qtbot, tmp_path, monkeypatch, fewer):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    d.density.setCurrentIndex(0)  # sparse
    _generate(qtbot, d)
    QTest.mouseClick(d.keep_button, Qt.LeftButton)
    kept = [p for p in w.document.mission.pieces if p.board == "A"]
    # keep board A's half, let the generator complete the table
    w.document.apply("Delete", lambda m: __import__("layout_editor.model.edits", fromlist=["x"]).remove_pieces(
        m, [p.uid for p in m.pieces if p.board == "B"]))
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    assert d.lock.isEnabled() and d.boards.currentData() == "keep"
    d.lock.setChecked(True)
    d.keep_objectives.setChecked(True)
    d.zones.setCurrentIndex(d.zones.findData("keep"))
    d.symmetry.setCurrentIndex(d.symmetry.findData("none"))
    _generate(qtbot, d)
    assert d.candidates, d.said.text()
    for c in d.candidates:
        uids = {p.uid for p in c.mission.pieces}
        assert all(p.uid in uids for p in kept)
        assert any(p.board == "B" for p in c.mission.pieces)
    QTest.mouseClick(d.keep_button, Qt.LeftButton)
    assert {p.uid for p in kept} <= {p.uid for p in w.document.mission.pieces}


def test_cancel_stops_the_generator_and_the_window_stays_free(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    QTest.mouseClick(d.generate_button, Qt.LeftButton)
    assert d.running and d.cancel_button.isEnabled() and d.progress.isVisible()
    assert not d.generate_button.isEnabled() and not d.keep_button.isEnabled()
    QTest.mouseClick(d.cancel_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not d.running and d.progress.isHidden(), timeout=WAIT)
    assert "Stopped" in d.said.text() or d.candidates
    assert len(d.candidates) < 5


def test_new_generated_table_from_the_file_menu(qtbot, tmp_path, monkeypatch, fewer):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("File"), "newGeneratedTableAction").trigger()
    d = w.generator.dialog
    assert d.boards.findData("keep") < 0  # a new table: boards are chosen
    d.game.setCurrentIndex(d.game.findData("kill-team"))
    assert not d.players.isEnabled() and d.objectives.value() == 3
    _generate(qtbot, d)
    assert d.candidates
    QTest.mouseClick(d.keep_button, Qt.LeftButton)
    m = w.document.mission
    assert m.game == "kill-team" and len(m.boards) == 1 and m.pieces
    assert w.document.modified and w.document.path is None
    assert undo_texts(w) == [] or len(undo_texts(w)) <= 1


def test_unmet_options_are_said_in_the_dialog(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    d.density.setCurrentIndex(2)  # dense: more walls than one set holds
    _generate(qtbot, d)
    assert not d.candidates and "dense wants 34 wall panels" in d.said.text()
    assert not d.keep_button.isEnabled()


def test_the_pieces_owned_are_remembered(qtbot, tmp_path, monkeypatch, fewer):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    d.by_piece.setChecked(True)
    d.piece_spins["A1"].setValue(7)
    d.piece_spins["wall-end"].setValue(0)
    d.options()
    d.reject()
    _action(w.menu("Table"), "generateTableAction").trigger()
    d2 = w.generator.dialog
    assert d2.by_piece.isChecked() and d2.piece_spins["A1"].value() == 7 and d2.piece_spins["wall-end"].value() == 0
    # a value edited by hand to something that is not a count is left out
    settings.store().setValue(settings.OWNED_PIECES, "A1=lots;B1=3;=2;A2=-1")
    assert settings.owned_pieces() == {"B1": 3}
    settings.store().setValue(settings.OWNED_SETS, "x")
    assert settings.owned_sets() == 1


def test_closing_the_dialog_while_it_works_stops_the_generator(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    QTest.mouseClick(d.generate_button, Qt.LeftButton)
    thread = d._thread
    assert thread is not None and thread.is_alive()
    QTest.mouseClick(d.close_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=WAIT)
    qtbot.wait(50)  # a late answer, had one been sent, would land here
    assert w.document.mission.pieces == ()


def test_double_click_a_candidate_keeps_it_and_regions_stay_clear(qtbot, tmp_path, monkeypatch, fewer):
    from layout_editor.model.mission import Region

    cells = tuple((i, j) for i in (3, 4) for j in (2, 3))
    m = replace(two_board_mission(), regions=(Region(name="Reactor", board="A", cells=cells),))
    w = make_window(qtbot, tmp_path, monkeypatch, m)
    _action(w.menu("Table"), "generateTableAction").trigger()
    d = w.generator.dialog
    assert d.clear.count() == 1 and d.clear.item(0).text() == "Reactor"
    d.clear.item(0).setCheckState(Qt.Checked)
    _generate(qtbot, d)
    assert d.candidates, d.said.text()
    rect = d.list.visualItemRect(d.list.item(0))
    QTest.mouseClick(d.list.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
    QTest.mouseDClick(d.list.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
    got = w.document.mission
    assert got.pieces == d.candidates[0].mission.pieces
    assert got.regions == m.regions  # the same boards: the regions stay
    for p in got.pieces:
        if p.board == "A":
            assert not any(3 <= n[0] <= 5 and 2 <= n[1] <= 4 for n in p.nodes), p
