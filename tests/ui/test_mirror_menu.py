"""Edit > Mirror to the Other Half: one undo step, the other half rebuilt as
the mirror image, German menu texts."""
from __future__ import annotations

import pytest
from editor_helpers import make_window
from PySide6.QtWidgets import QApplication

from layout_editor.model.mirror import symmetry
from layout_editor.model.mission import EntryZone, Objective, Piece, two_board_mission

pytestmark = pytest.mark.qt


def half():
    from dataclasses import replace
    m = two_board_mission("Half")
    return replace(m, pieces=(Piece("A3", "A", from_node=(1, 2), to_node=(3, 2), facing="right", open=False),
                              Piece("pillar-left", "A", at=(1, 1))),
                   objectives=(Objective("1", (200.0, 300.0)),),
                   entry_zones=(EntryZone(1, "A", ((0, 0), (0, 1))),))


def test_mirror_is_one_undo_step(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, half())
    before = w.document.mission
    steps = w.document.undo_stack.count()
    w.mirror_actions[("line", "left")].trigger()
    m = w.document.mission
    assert w.document.undo_stack.count() == steps + 1
    assert len(m.pieces) == 4 and {p.code for p in m.pieces if p.board == "B"} == {"A3", "pillar-right"}
    assert [z.player for z in m.entry_zones] == [1, 2] and len(m.objectives) == 2
    assert symmetry(m).line
    w.document.undo_stack.undo()
    assert w.document.mission == before
    w.document.undo_stack.setClean()


def test_mirror_menu_in_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, half())
    QApplication.processEvents()
    assert w.mirror_actions[("point", "left")].text() == "Halbe Drehung, linke Hälfte bleibt"
    w.mirror_actions[("point", "left")].trigger()
    assert w.document.undo_stack.undoText() == "An die andere Hälfte spiegeln"
    w.document.undo_stack.setClean()


def test_mirroring_a_layout_that_is_already_its_mirror_image_is_no_undo_step(qtbot, tmp_path, monkeypatch):
    # Cargo Spine is its own image under a half turn; the mirror rebuilds the
    # other half and hands its objectives back in another order: the same
    # layout, which Document.apply must not push as an undo step.
    from pathlib import Path

    from layout_editor.io import load_mission

    spine = load_mission(Path(__file__).resolve().parents[2] / "mission_library" / "cargo-spine.yaml")
    w = make_window(qtbot, tmp_path, monkeypatch, spine)
    before = w.document.mission
    w.mirror_actions[("point", "left")].trigger()
    assert w.document.undo_stack.count() == 0 and not w.document.modified
    assert w.document.mission is before
    # a layout the mirror does change is still one step
    w.document.reset(half())
    w.mirror_actions[("point", "left")].trigger()
    assert w.document.undo_stack.count() == 1
    w.document.undo_stack.setClean()


def across_the_line():
    """A killzone with an A3 over its middle column (x = 352): its image
    under a reflection would lie half on it."""
    from dataclasses import replace

    from layout_editor.model.mission import killzone_mission
    return replace(killzone_mission("Across"),
                   pieces=(Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False),))


def _menu_action(w, name):
    """The action as a player reaches it: Edit > Mirror to the Other Half > ..."""
    from PySide6.QtWidgets import QMenu

    menu = w.menuBar().findChild(QMenu, "mirror-menu")
    assert menu is not None and menu.menuAction().isEnabled()
    found = [a for a in menu.actions() if a.objectName() == name]
    assert len(found) == 1
    return found[0]


def _refusal_box(w, qtbot):
    from PySide6.QtWidgets import QMessageBox

    qtbot.waitUntil(lambda: w.findChild(QMessageBox, "mirror-refused") is not None and
                    w.findChild(QMessageBox, "mirror-refused").isVisible())
    return w.findChild(QMessageBox, "mirror-refused")


def test_a_refused_mirror_says_why_and_changes_nothing(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, across_the_line())
    before = w.document.mission
    _menu_action(w, "mirror-line-left").trigger()
    assert w.document.mission is before and w.document.undo_stack.count() == 0 and not w.document.modified
    reason = ("cannot mirror: A3 on board A from C/2 to E/2 lies across the mirror line and is not its own "
              "mirror image (its image would stand on it)")
    assert reason in w.statusBar().currentMessage()
    box = _refusal_box(w, qtbot)
    assert box.text() == "The table was not mirrored." and reason in box.informativeText()
    box.accept()  # closed, and deleted with it
    QApplication.processEvents()
    # a mirror that can be made still is one step (a half turn puts its image elsewhere)
    _menu_action(w, "mirror-point-left").trigger()
    assert w.document.undo_stack.count() == 1
    w.document.undo_stack.setClean()


def test_a_refused_mirror_says_why_in_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, across_the_line())
    QApplication.processEvents()
    _menu_action(w, "mirror-line-left").trigger()
    assert w.document.undo_stack.count() == 0
    said = w.statusBar().currentMessage()
    assert said.startswith("An die andere Hälfte spiegeln: Spiegeln nicht möglich: A3 auf Spielplatte A von C/2 "
                           "nach E/2 liegt über der Spiegellinie"), said
    box = _refusal_box(w, qtbot)
    assert box.text() == "Der Tisch wurde nicht gespiegelt."
    box.accept()


def test_a_mirror_the_rules_call_broken_is_refused_with_the_error(qtbot, tmp_path, monkeypatch):
    # Approved Ops Gallowdark 1, half turn keeping the right half: two wall
    # ends would be left on nothing (rules/mirror_guard.py); nothing changes
    from layout_editor.catalogue import mission_library_dir
    from layout_editor.io import load_mission

    w = make_window(qtbot, tmp_path, monkeypatch,
                    load_mission(mission_library_dir() / "approved-ops-gallowdark-1.yaml"))
    before = w.document.mission
    _menu_action(w, "mirror-point-right").trigger()
    assert w.document.mission is before and w.document.undo_stack.count() == 0
    assert "the mirror would break the table: A1 on board A" in w.statusBar().currentMessage()
    box = _refusal_box(w, qtbot)
    assert "has no pillar, wall end or moulded pillar to stand on" in box.informativeText()
    box.accept()
    QApplication.processEvents()
