"""The timeline in the editor (issue 30), driven the way a player drives it:
the round strip under the map shows the table of a round with every
overlay worked out for it on the analysis worker; events are added from a
hatchway's context menu and the strip's buttons, edited and removed, each
one undo step; the strip speaks German."""
from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from editor_helpers import make_window, node_xy, undo_texts, view_point
from overlay_missions import room_mission
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QToolButton

from layout_editor.model import edits, timeline_edits
from layout_editor.model import timeline as tl
from layout_editor.model.mission import MissionText, Objective, Piece, Region
from layout_editor.ui import feedback
from layout_editor.ui.timeline.event_dialog import EventDialog

pytestmark = pytest.mark.qt

A3 = tl.HatchwayRef("A", (3, 1), (3, 3))


def room(timeline=(), locked=False):
    """The overlay tests' room on board A (its one door an A3, closed),
    objective 1 inside it, and a timeline."""
    m = room_mission(False)
    pieces = tuple(replace(p, locked=locked) if p.code == "A3" else p for p in m.pieces)
    return replace(m, pieces=pieces, objectives=(Objective("1", (206.5, 206.5)), Objective("2", (900.0, 300.0))),
                   mission=MissionText(battle_rounds=5), timeline=tuple(timeline))


def opens_in(r):
    return tl.Event(round=r, text="The bulkhead opens.", changes=(tl.Change("hatchway", A3, "open"),))


def a3_item(w):
    uid = next(p.uid for p in w.document.mission.pieces if p.code == "A3")
    return w.scene.piece_items[uid]


def strip_button(w, name):
    return w.timeline.strip.findChild(QToolButton, name)


def test_the_strip_shows_the_table_of_a_round_and_the_overlays_follow_off_the_ui_thread(
        qtbot, tmp_path, monkeypatch):
    asked = []
    real = feedback.rules_overlays.compute_balance

    def balance(mission):
        a3 = next(p for p in mission.pieces if p.code == "A3")
        asked.append((threading.current_thread() is threading.main_thread(), bool(a3.open)))
        return real(mission)

    monkeypatch.setattr(feedback.rules_overlays, "compute_balance", balance)
    w = make_window(qtbot, tmp_path, monkeypatch, room([opens_in(3)]))
    assert w.feedback.settle(20000)
    assert asked and asked[-1] == (False, False)   # the table as set up: the door shut
    assert not a3_item(w).piece.open
    # Rounds 1 to 5 and Setup; round 3 has an event (a dot).
    assert [strip_button(w, f"timeline-round-{r}").text() for r in range(1, 6)] == ["1", "2", "3 \u2022", "4", "5"]
    qtbot.mouseClick(strip_button(w, "timeline-round-3"), Qt.LeftButton)
    assert w.timeline.view.round == 3
    assert a3_item(w).piece.open                      # drawn open, as in round 3
    assert not w.document.mission.pieces[1].open      # the file's table is untouched
    assert w.feedback.settle(20000)
    assert asked[-1] == (False, True)                 # the balance table of round 3, on the worker
    assert w.timeline.view.layer.ring_count() == 1    # the door that changed is ringed
    # The regions overlay of round 3 sees the door open.
    regions = []
    from layout_editor.ui.overlays import regions as regions_overlay
    real_regions = regions_overlay.compute.compute_regions

    def regions_of(mission, *args, **kwargs):
        a3 = next(p for p in mission.pieces if p.code == "A3")
        regions.append((threading.current_thread() is threading.main_thread(), bool(a3.open)))
        return real_regions(mission, *args, **kwargs)

    monkeypatch.setattr(regions_overlay.compute, "compute_regions", regions_of)
    w.findChild(type(w.undo_action), "overlay-regions").trigger()
    assert w.feedback.settle(20000)
    assert regions and regions[-1] == (False, True)
    qtbot.mouseClick(strip_button(w, "timeline-round-2"), Qt.LeftButton)
    assert w.feedback.settle(20000)
    assert regions[-1] == (False, False) and asked[-1] == (False, False)
    assert not a3_item(w).piece.open
    qtbot.mouseClick(strip_button(w, "timeline-setup"), Qt.LeftButton)
    assert w.timeline.view.round is None
    assert w.feedback.shown_mission() is w.document.mission


def test_an_objective_that_appears_later_is_hidden_until_its_round(qtbot, tmp_path, monkeypatch):
    appears = tl.Event(round=3, changes=(tl.Change("objective", "2", "appears"),))
    w = make_window(qtbot, tmp_path, monkeypatch, room([appears]))
    layer = w.placement
    assert set(layer.objective_items) == {"1", "2"}     # Setup: the file's markers, all of them
    qtbot.mouseClick(strip_button(w, "timeline-round-1"), Qt.LeftButton)
    assert set(layer.objective_items) == {"1"}
    qtbot.mouseClick(strip_button(w, "timeline-round-3"), Qt.LeftButton)
    assert set(layer.objective_items) == {"1", "2"}
    assert w.timeline.view.layer.ring_count() == 1      # the marker that appeared is ringed


def test_a_locked_door_shows_its_lock(qtbot, tmp_path, monkeypatch):
    unlock = tl.Event(round=2, changes=(tl.Change("hatchway", A3, "unlocked"),))
    w = make_window(qtbot, tmp_path, monkeypatch, room([unlock], locked=True))
    qtbot.mouseClick(strip_button(w, "timeline-round-1"), Qt.LeftButton)
    assert w.timeline.view.layer.lock_count() == 1
    qtbot.mouseClick(strip_button(w, "timeline-round-2"), Qt.LeftButton)
    assert w.timeline.view.layer.lock_count() == 0


def _answer_popup(check, tries=200):
    """Once the context menu shows: `check(menu)`, then close it."""
    def answer(left=tries):
        menu = QApplication.activePopupWidget()
        if menu is None:
            if left:
                QTimer.singleShot(10, lambda: answer(left - 1))
            return
        check(menu)
        menu.close()
    QTimer.singleShot(0, answer)


def test_a_hatchway_opens_at_the_start_of_round_3_from_its_context_menu(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room())
    x, y = node_xy(w, "A", (3, 2))
    seen = []
    _answer_popup(lambda menu: seen.extend(a.objectName() for a in menu.actions()))
    QTest.mouseClick(w.view.viewport(), Qt.RightButton, Qt.NoModifier, view_point(w, x, y))
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert "timeline-hatchway-menu" in seen
    assert w.scene.selected_uids() == [a3_item(w).uid]
    menu = w.timeline.hatchway_menu
    menu.aboutToShow.emit()
    menu.findChild(type(w.undo_action), "timeline-hatchway-open-3").trigger()
    m = w.document.mission
    assert len(m.timeline) == 1
    event = m.timeline[0]
    assert (event.round, event.phase, event.changes) == (3, "start", (tl.Change("hatchway", A3, "open"),))
    assert undo_texts(w)[-1] == "Hatchway A3 (board A) opens in round 3"
    # A second change at the same moment joins that event: the card prints them together.
    menu.aboutToShow.emit()
    menu.findChild(type(w.undo_action), "timeline-hatchway-locked-3").trigger()
    assert len(w.document.mission.timeline) == 1
    assert [c.becomes for c in w.document.mission.timeline[0].changes] == ["locked"]
    w.undo_action.trigger()
    assert w.document.mission.timeline == (event,)
    w.undo_action.trigger()
    assert w.document.mission.timeline == ()
    w.redo_action.trigger()
    assert w.document.mission.timeline == (event,)
    # The strip lists it.
    events = w.timeline.strip.events
    assert events.topLevelItem(0).text(0) == "Round 3, start"
    assert "hatchway A3 (board A) opens" in events.topLevelItem(0).text(1)


def _answer_dialog(fill, tries=300):
    def answer(left=tries):
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, EventDialog):
            if left:
                QTimer.singleShot(10, lambda: answer(left - 1))
            return
        fill(dialog)
    QTimer.singleShot(0, answer)


def test_events_added_edited_removed_and_undone_from_the_strip(qtbot, tmp_path, monkeypatch):
    m = room()
    m = replace(m, regions=(Region("Reactor", "A", ((1, 1), (2, 1))),))
    w = make_window(qtbot, tmp_path, monkeypatch, m)
    strip = w.timeline.strip
    assert not strip.edit_button.isEnabled()

    def add(dialog):
        dialog.round.setValue(4)
        dialog.text.setText("The reactor vents.")
        dialog.findChild(QPushButton, "add-change").click()
        row = dialog.rows[-1]
        row.target.setCurrentIndex(row.target.findData("area"))
        row.becomes.setCurrentIndex(row.becomes.findData("impassable"))
        dialog.accept()

    _answer_dialog(add)
    qtbot.mouseClick(strip.add_button, Qt.LeftButton)
    timeline = w.document.mission.timeline
    assert timeline == (tl.Event(round=4, text="The reactor vents.",
                                 changes=(tl.Change("area", "Reactor", "impassable"),)),)
    assert undo_texts(w)[-1] == "Add Timeline Event"

    strip.select_event(0)
    assert strip.edit_button.isEnabled()

    def edit(dialog):
        assert dialog.round.value() == 4 and dialog.rows[0].ref() == "Reactor"
        dialog.phase.setCurrentIndex(dialog.phase.findData("movement"))
        dialog.trigger.setText("If the reactor is not controlled")
        dialog.accept()

    _answer_dialog(edit)
    qtbot.mouseClick(strip.edit_button, Qt.LeftButton)
    edited = w.document.mission.timeline[0]
    assert (edited.phase, edited.trigger) == ("movement", "If the reactor is not controlled")
    assert undo_texts(w)[-1] == "Edit Timeline Event"
    # A Movement-phase event shows on the map from the next round.
    qtbot.mouseClick(strip_button(w, "timeline-round-4"), Qt.LeftButton)
    assert w.timeline.view.layer.area_states() == []
    qtbot.mouseClick(strip_button(w, "timeline-round-5"), Qt.LeftButton)
    assert w.timeline.view.layer.area_states() == ["impassable"]

    def cancel(dialog):
        dialog.phase.setCurrentIndex(0)
        dialog.reject()

    _answer_dialog(cancel)
    strip.select_event(0)
    qtbot.mouseClick(strip.edit_button, Qt.LeftButton)
    assert w.document.mission.timeline[0] == edited   # Cancel changes nothing
    strip.select_event(0)
    qtbot.mouseClick(strip.remove_button, Qt.LeftButton)
    assert w.document.mission.timeline == ()
    assert w.timeline.view.layer.area_states() == []  # the round shown follows
    assert undo_texts(w)[-1] == "Remove Timeline Event"
    w.undo_action.trigger()
    assert w.document.mission.timeline == (edited,)
    w.undo_action.trigger()
    assert w.document.mission.timeline == timeline
    w.undo_action.trigger()
    assert w.document.mission.timeline == ()


def test_clicking_an_event_shows_its_round(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room([opens_in(2), opens_in(4)]))
    strip = w.timeline.strip
    item = strip.events.topLevelItem(1)
    rect = strip.events.visualItemRect(item)
    qtbot.mouseClick(strip.events.viewport(), Qt.LeftButton, pos=rect.center())
    assert w.timeline.view.round == 4
    assert strip_button(w, "timeline-round-4").isChecked()


def test_the_strip_in_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, room([opens_in(3)]))
    strip = w.timeline.strip
    assert strip.round_label.text() == "Schlachtrunde:"
    assert strip_button(w, "timeline-setup").text() == "Aufstellung"
    assert strip.events.topLevelItem(0).text(0) == "Schlachtrunde 3, Beginn"
    assert "Schotttür A3 (Spielplatte A) öffnet sich" in strip.events.topLevelItem(0).text(1)
    assert w.timeline.dock.windowTitle() == "Zeitleiste"
    qtbot.mouseClick(strip_button(w, "timeline-round-3"), Qt.LeftButton)
    assert "Schlachtrunde 3" in strip.note.text()
    dialog = EventDialog(w.document.mission, w.catalogue, opens_in(3), w)
    assert dialog.rows[0].becomes.currentText() == "öffnet sich"
    dialog.reject()


def test_locked_at_the_start_and_two_hatchways_in_one_step(qtbot, tmp_path, monkeypatch):
    m = room()
    b2 = Piece("B2", "B", from_node=(5, 5), to_node=(6, 5), facing="right", open=False)
    w = make_window(qtbot, tmp_path, monkeypatch, replace(m, pieces=m.pieces + (b2,)))
    a3 = a3_item(w).uid
    w.scene.select_uids([a3])
    menu = w.timeline.hatchway_menu
    menu.aboutToShow.emit()
    lock = menu.findChild(type(w.undo_action), "timeline-hatchway-locked-at-start")
    assert not lock.isChecked()
    lock.trigger()
    assert w.document.mission.piece_by_uid(a3).locked
    assert undo_texts(w)[-1] == "Lock Hatchway at the Start"
    qtbot.mouseClick(strip_button(w, "timeline-round-1"), Qt.LeftButton)
    assert w.timeline.view.layer.lock_count() == 1
    # Both doors unlock at the start of round 2: one step, one event.
    w.scene.select_uids([a3, w.document.mission.pieces[-1].uid])
    assert len(w.scene.selected_uids()) == 2, [p.code for p in w.document.mission.pieces]
    menu.aboutToShow.emit()
    menu.findChild(type(w.undo_action), "timeline-hatchway-unlocked-2").trigger()
    event, = w.document.mission.timeline
    assert [c.becomes for c in event.changes] == ["unlocked", "unlocked"]
    assert undo_texts(w)[-1] == "2 Hatchways: unlocked in round 2"
    qtbot.mouseClick(strip_button(w, "timeline-round-2"), Qt.LeftButton)
    assert w.timeline.view.layer.lock_count() == 0
    w.undo_action.trigger()
    w.undo_action.trigger()
    assert w.document.mission.timeline == () and not w.document.mission.piece_by_uid(a3).locked
    assert w.timeline.view.layer.lock_count() == 0


def test_another_mission_starts_at_setup(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, room([opens_in(3)]))
    qtbot.mouseClick(strip_button(w, "timeline-round-3"), Qt.LeftButton)
    w.document.reset(room())
    assert w.timeline.view.round is None and strip_button(w, "timeline-setup").isChecked()
    assert w.feedback.shown_mission() is w.document.mission
    assert w.timeline.strip.events.topLevelItem(0).text(1).startswith("No events")



def test_an_edit_elsewhere_leaves_the_event_list_as_the_player_left_it(qtbot, tmp_path, monkeypatch):
    """An edit the events do not name (a drag makes many a second) does not
    remake the event list: the row the player chose stays; a change to the
    events remakes it."""
    w = make_window(qtbot, tmp_path, monkeypatch, room(timeline=[opens_in(r) for r in (2, 3, 4, 5)] * 3))
    events = w.timeline.strip.events

    def rows():
        return [events.topLevelItem(i) for i in range(events.topLevelItemCount())]

    before = rows()
    assert len(before) == 12
    events.setCurrentItem(before[7])
    moved = (Objective("1", (206.5, 206.5)), Objective("2", (900.0, 400.0)))
    w.document.apply("Move Objective", edits.set_objectives, moved)
    assert w.document.mission.objectives == moved
    assert rows() == before and events.currentItem() is before[7]
    w.document.apply("Add Timeline Event", timeline_edits.add_event, opens_in(1))
    assert len(rows()) == 13
