"""Kill Team equipment, territories and the centre line edited the way a
player does (issue 28): the Terrain palette's Equipment list and a click on
the killzone, the player buttons, a drag, the R, arrow and Del keys, Edit >
Cut, Copy, Paste and Duplicate, Table > Territories, a drag of the centre
line's end. Each action is one undo step. Like the journeys
(test_journeys.py imports this module for its registrations), every test
fails on an exception reaching Qt's event loop (pytest-qt) and on an error
logged on the way.
"""
from __future__ import annotations

import logging
from pathlib import Path

import pytest
from editor_helpers import click, double_click, key, make_window, undo_texts, view_point
from journey_helpers import journey, press
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from layout_editor.io import load_mission
from layout_editor.model import two_board_mission
from layout_editor.model.killzone_edits import EQUIPMENT_TURN_STEP
from layout_editor.ui.killzone_editing import KIND_ROLE

pytestmark = [pytest.mark.qt, pytest.mark.qt_log_level_fail("CRITICAL")]

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
CARD_1 = LIBRARY / "approved-ops-gallowdark-1.yaml"  # player 1's territory: the top half (y < 303.5)


@pytest.fixture(autouse=True)
def no_errors_logged(caplog):
    caplog.set_level(logging.ERROR)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, "errors logged: " + "; ".join(r.getMessage() for r in errors)


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(CARD_1))
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    yield w
    w.worker.wait_idle(20_000)  # no rules job still running while the window goes


def group(w):
    return w.killzone.palette


def choose(w, kind: str) -> None:
    """Click the kind in the palette's Equipment list."""
    lst = group(w).list
    for n in range(lst.count()):
        item = lst.item(n)
        if item.data(KIND_ROLE) == kind:
            lst.scrollToItem(item)
            QTest.mouseClick(lst.viewport(), Qt.LeftButton, Qt.NoModifier, lst.visualItemRect(item).center())
            return
    raise AssertionError(f"no {kind} in the palette")


def items(w):
    return [(e.kind, e.player, e.at, e.rotation) for e in w.document.mission.equipment]


def settle(w) -> None:
    w.feedback.settle(20_000)
    QApplication.processEvents()


# -- the palette ------------------------------------------------------------------------

def test_the_equipment_group_shows_only_in_a_kill_team_file(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    assert not group(w).isVisible()
    assert not w.tool_actions["Equipment"].isVisible() and not w.killzone.menu.menuAction().isVisible()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    key(w, Qt.Key_Q)  # a hidden tool's key does nothing
    key(w, Qt.Key_T)
    assert w.active_tool.name == "Select"
    w.worker.wait_idle(20_000)
    w.document.reset(load_mission(CARD_1))
    assert group(w).isVisible() and w.tool_actions["Equipment"].isVisible()
    assert w.killzone.menu.menuAction().isVisible()
    # each kind at its real size: a razor wire's icon is wider than a light barricade's
    lst = group(w).list
    assert lst.count() == len(w.catalogue.equipment)
    assert lst.item(0).text().startswith("LB · 50 × 10 mm")
    # every kind shows without scrolling
    assert all(lst.viewport().rect().contains(lst.visualItemRect(lst.item(n))) for n in range(lst.count()))


@journey("tool-equipment")
def test_palette_click_then_killzone_click_sets_up_equipment_in_one_step(w, qtbot):
    choose(w, "light-barricade")
    assert w.active_tool.name == "Equipment"
    click(w, 80, 80)
    choose(w, "light-barricade")
    click(w, 600, 80)
    choose(w, "razor-wire")
    click(w, 120, 160)
    choose(w, "mines")
    click(w, 640, 160)
    assert [(k, p) for k, p, _, _ in items(w)] == [("light-barricade", 1), ("light-barricade", 1),
                                                    ("razor-wire", 1), ("mines", 1)]
    px = 1 / w.view.transform().m11()
    assert items(w)[0][2] == pytest.approx((80, 80), abs=px)
    assert undo_texts(w) == ["Set Up Light barricade", "Set Up Light barricade", "Set Up Razor wire",
                             "Set Up Mines"]
    w.undo_action.trigger()
    assert len(items(w)) == 3
    w.redo_action.trigger()
    assert len(items(w)) == 4
    assert sorted(w.placement.equipment.labels()) == ["LB", "LB", "M", "RW"]
    # the toolbar button and its key reach the same tool
    press(w, "tool-select")
    key(w, Qt.Key_Q)
    assert w.active_tool.name == "Equipment"
    w.grab()


def mouse(widget, kind, local, glob, buttons):
    ev = QMouseEvent(kind, QPointF(local), QPointF(glob), Qt.LeftButton, buttons, Qt.NoModifier)
    QApplication.sendEvent(widget, ev)


def carry(w, kind, x, y):
    """Press on the kind in the palette's Equipment list and carry it over
    the killzone to the table point (x, y), as pieces are carried."""
    lst = group(w).list
    item = next(lst.item(n) for n in range(lst.count()) if lst.item(n).data(KIND_ROLE) == kind)
    lst.scrollToItem(item)
    start = lst.visualItemRect(item).center()
    vp = lst.viewport()
    mouse(vp, QEvent.MouseButtonPress, start, vp.mapToGlobal(start), Qt.LeftButton)
    step = start + QPoint(30, 0)
    mouse(vp, QEvent.MouseMove, step, vp.mapToGlobal(step), Qt.LeftButton)
    target = w.view.viewport().mapToGlobal(view_point(w, x, y))
    mouse(vp, QEvent.MouseMove, vp.mapFromGlobal(target), target, Qt.LeftButton)
    return lst


def let_go(w, lst, x, y):
    target = w.view.viewport().mapToGlobal(view_point(w, x, y))
    mouse(lst.viewport(), QEvent.MouseButtonRelease, lst.viewport().mapFromGlobal(target), target, Qt.NoButton)


def test_equipment_is_carried_from_the_palette_turned_on_the_way_and_set_up_where_let_go(w, qtbot):
    lst = carry(w, "razor-wire", 120, 400)  # player 2's half: the ghost says so
    ghost = w.killzone.equipment_tool.ghost
    assert ghost.isVisible() and w.active_tool.name == "Equipment"
    qtbot.waitUntil(lambda: ghost.verdict == "error", timeout=30_000)
    QTest.keyClick(lst, Qt.Key_R)  # still carrying: the wire turns before it lands
    assert ghost.item.rotation == EQUIPMENT_TURN_STEP
    assert items(w) == []
    target = w.view.viewport().mapToGlobal(view_point(w, 120, 160))
    mouse(lst.viewport(), QEvent.MouseMove, lst.viewport().mapFromGlobal(target), target, Qt.LeftButton)
    let_go(w, lst, 120, 160)
    ((kind, player, at, rotation),) = items(w)
    px = 1 / w.view.transform().m11()
    assert (kind, player, rotation) == ("razor-wire", 1, EQUIPMENT_TURN_STEP)
    assert at == pytest.approx((120, 160), abs=2 * px)
    assert undo_texts(w) == ["Set Up Razor wire"]
    # Esc while carrying puts nothing down
    lst = carry(w, "mines", 640, 160)
    QTest.keyClick(lst, Qt.Key_Escape)
    let_go(w, lst, 640, 160)
    assert len(items(w)) == 1 and not ghost.isVisible()


def test_right_click_on_equipment_offers_its_editing_actions(w, qtbot):
    choose(w, "light-barricade")
    click(w, 80, 80)
    press(w, "tool-select")
    QTest.mouseClick(w.view.viewport(), Qt.RightButton, Qt.NoModifier, view_point(w, 80, 80))
    tool = w.killzone.equipment_tool
    assert w.active_tool is tool and tool.selected == [w.document.mission.equipment[0].uid]
    menu = tool.menu
    qtbot.waitUntil(menu.isVisible)
    assert w.turn_action in menu.actions() and w.delete_action in menu.actions()
    menu.hide()
    w.turn_action.trigger()  # what choosing Turn in the menu does
    assert items(w)[0][3] == EQUIPMENT_TURN_STEP


def test_the_player_buttons_choose_whose_it_is_and_give_the_chosen_item(w):
    group(w).player_buttons[2].click()
    choose(w, "mines")
    click(w, 80, 440)
    assert items(w)[0][:2] == ("mines", 2)
    # while an item is carried, the buttons choose the next one's owner only
    group(w).player_buttons[1].click()
    assert items(w)[0][1] == 2 and w.killzone.equipment_tool.player == 1
    # a click on an item chooses it: the buttons give it, one step
    click(w, 80, 440)
    assert w.killzone.equipment_tool.kind is None
    assert group(w).player_buttons[2].isChecked()  # the buttons show whose it is
    group(w).player_buttons[1].click()
    assert items(w)[0][1] == 1
    assert undo_texts(w) == ["Set Up Mines", "Give Mines to Player 1"]


def test_a_placement_rule_broken_shows_as_a_finding_and_a_mark(w):
    choose(w, "light-barricade")
    click(w, 80, 400)  # player 2's half: not player 1's territory
    settle(w)
    uid = w.document.mission.equipment[0].uid
    assert w.placement.equipment.marks == {uid: "error"}
    assert "kt-equipment-territory" in [f.code for f in w.feedback.panel.visible_findings()]
    # moved into its territory, the mark goes
    w.killzone.equipment_tool.select([])
    drag_steps(w, (80, 400), (80, 80), release=True)
    settle(w)
    assert w.placement.equipment.marks == {}


def drag_steps(w, start, end, steps=6, release=True):
    vp = w.view.viewport()
    a, b = view_point(w, *start), view_point(w, *end)
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, a)
    for k in range(1, steps + 1):
        QTest.mouseMove(vp, QPoint(a.x() + (b.x() - a.x()) * k // steps, a.y() + (b.y() - a.y()) * k // steps))
    if release:
        QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, b)


def test_a_drag_moves_an_item_in_one_step_and_shows_a_broken_rule_while_it_runs(w, qtbot):
    choose(w, "light-barricade")
    click(w, 80, 80)
    drag_steps(w, (80, 80), (80, 400), release=False)  # into player 2's half
    ghost = w.killzone.equipment_tool.ghost
    assert ghost.isVisible()
    qtbot.waitUntil(lambda: ghost.verdict == "error", timeout=30_000)
    assert "territory" in w.statusBar().currentMessage()
    assert w.placement.equipment.hidden == w.document.mission.equipment[0].uid
    vp = w.view.viewport()
    QTest.mouseMove(vp, view_point(w, 600, 80))
    qtbot.waitUntil(lambda: ghost.verdict == "ok", timeout=30_000)
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, view_point(w, 600, 80))
    assert not ghost.isVisible() and w.placement.equipment.hidden is None
    px = 1 / w.view.transform().m11()
    assert items(w)[0][2] == pytest.approx((600, 80), abs=2 * px)
    assert undo_texts(w) == ["Set Up Light barricade", "Move Light barricade"]
    w.undo_action.trigger()
    assert items(w)[0][2] == pytest.approx((80, 80), abs=px)


def test_the_carried_item_shows_where_it_would_break_a_rule(w, qtbot):
    settle(w)
    choose(w, "razor-wire")
    QTest.mouseMove(w.view.viewport(), view_point(w, 120, 400))
    ghost = w.killzone.equipment_tool.ghost
    qtbot.waitUntil(lambda: ghost.verdict == "error", timeout=30_000)
    assert "territory" in w.statusBar().currentMessage()
    QTest.mouseMove(w.view.viewport(), view_point(w, 120, 160))
    qtbot.waitUntil(lambda: ghost.verdict == "ok", timeout=30_000)
    assert w.statusBar().currentMessage() == "Keeps every placement rule here"


def test_r_turns_the_chosen_item_by_a_step_and_the_carried_one_before_it_lands(w):
    choose(w, "razor-wire")
    key(w, Qt.Key_R)  # nothing set up yet: the item about to be set up turns
    assert w.killzone.equipment_tool.rotation == EQUIPMENT_TURN_STEP
    click(w, 120, 160)
    assert items(w)[0][3] == EQUIPMENT_TURN_STEP
    key(w, Qt.Key_R)
    key(w, Qt.Key_R)
    assert items(w)[0][3] == 3 * EQUIPMENT_TURN_STEP
    assert undo_texts(w) == ["Set Up Razor wire", "Turn Razor wire", "Turn Razor wire"]


def test_arrows_move_and_del_deletes_the_chosen_item(w):
    choose(w, "mines")
    click(w, 640, 160)
    x, y = items(w)[0][2]
    key(w, Qt.Key_Right)
    key(w, Qt.Key_Down)
    assert items(w)[0][2] == pytest.approx((x + 1, y + 1))
    key(w, Qt.Key_Delete)
    assert items(w) == []
    assert undo_texts(w) == ["Set Up Mines", "Move Mines", "Move Mines", "Delete Mines"]
    w.undo_action.trigger()
    assert len(items(w)) == 1


def test_copy_paste_duplicate_and_cut_work_on_equipment(w):
    choose(w, "light-barricade")
    click(w, 80, 80)
    key(w, Qt.Key_C, Qt.ControlModifier)
    key(w, Qt.Key_V, Qt.ControlModifier)
    assert len(items(w)) == 2
    (_, _, a, _), (_, _, b, _) = items(w)
    assert (b[0] - a[0], b[1] - a[1]) == pytest.approx((25.4, 25.4), abs=0.11)  # beside, not on top
    assert w.duplicate_action.isEnabled()
    key(w, Qt.Key_D, Qt.ControlModifier)
    assert len(items(w)) == 3
    press(w, "cut")
    assert len(items(w)) == 2
    assert undo_texts(w) == ["Set Up Light barricade", "Paste Light barricade", "Duplicate Light barricade",
                             "Cut Light barricade"]


def test_the_select_tool_hands_a_press_on_equipment_to_the_equipment_tool(w):
    choose(w, "light-barricade")
    click(w, 80, 80)
    press(w, "tool-select")
    assert w.killzone.equipment_tool.kind is None  # another tool: nothing carried
    QTest.mouseMove(w.view.viewport(), view_point(w, 80, 80))
    assert w.view.viewport().cursor().shape() == Qt.OpenHandCursor  # it can be grabbed
    drag_steps(w, (80, 80), (600, 80))
    assert w.active_tool.name == "Equipment"
    px = 1 / w.view.transform().m11()
    assert items(w)[0][2] == pytest.approx((600, 80), abs=2 * px)
    assert undo_texts(w) == ["Set Up Light barricade", "Move Light barricade"]
    # a press beside the equipment stays the Select tool's (a rubber band)
    press(w, "tool-select")
    click(w, 300, 250)
    assert w.active_tool.name == "Select"


def test_esc_drops_the_choice_then_goes_back_to_select(w):
    choose(w, "mines")
    key(w, Qt.Key_Escape)
    assert w.killzone.equipment_tool.kind is None and w.active_tool.name == "Equipment"
    key(w, Qt.Key_Escape)
    assert w.active_tool.name == "Select"


# -- territories and the centre line ----------------------------------------------------------------

@journey("split-top-bottom", "split-left-right", "swap-territories", "clear-territories", "tool-territories")
def test_split_the_killzone_drag_the_centre_line_and_clear_it(w, qtbot):
    press(w, "clear-territories")
    m = w.document.mission
    assert m.territories == () and m.centre_line is None
    press(w, "split-left-right")
    assert w.active_tool.name == "Territories"
    assert w.document.mission.centre_line == ((352.0, 0.0), (352.0, 607.0))
    press(w, "split-top-bottom")
    m = w.document.mission
    assert m.centre_line == ((0.0, 303.5), (704.0, 303.5))
    assert "drag an end of the centre line" in w.statusBar().currentMessage()
    # player 1's drop zone is along the top edge: the top half is theirs
    assert max(y for _, y in m.territories_of(1)[0].area) == 303.5
    drag_steps(w, (0, 303.5), (0, 250))
    m = w.document.mission
    px = 1 / w.view.transform().m11()
    assert m.centre_line[0] == pytest.approx((0, 250), abs=2 * px)
    assert max(y for _, y in m.territories_of(1)[0].area) == pytest.approx(303.5)  # the far corner stays
    assert min(y for _, y in m.territories_of(2)[0].area) == pytest.approx(m.centre_line[0][1])
    press(w, "swap-territories")
    assert min(y for _, y in w.document.mission.territories_of(1)[0].area) == pytest.approx(m.centre_line[0][1])
    key(w, Qt.Key_Delete)
    assert w.document.mission.territories == ()
    assert undo_texts(w) == ["Clear Territories", "Split Killzone Left and Right", "Split Killzone Top and Bottom",
                             "Move Centre Line", "Swap Territories", "Clear Territories"]
    w.undo_action.trigger()
    assert w.document.mission.centre_line is not None
    press(w, "tool-select")
    key(w, Qt.Key_T)
    assert w.active_tool.name == "Territories"
    w.grab()


def test_equipment_set_up_in_the_editor_is_saved_and_read_back(w, tmp_path):
    choose(w, "heavy-barricade")
    click(w, 80, 40)
    key(w, Qt.Key_R)
    from layout_editor.io import dumps_mission, loads_mission
    back = loads_mission(dumps_mission(w.document.mission, w.catalogue), "kz.yaml", w.catalogue)
    assert [(e.kind, e.player, e.at, e.rotation) for e in back.equipment] == items(w)


def test_the_kill_team_tools_speak_german(qtbot, tmp_path, monkeypatch, german):
    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(CARD_1))
    assert group(w).title() == "Ausrüstung"
    assert w.tool_actions["Equipment"].text() == "Ausrüstung"
    assert w.killzone.menu.title().replace("&", "") == "Territorien"
    assert "Leichte Barrikade" in group(w).list.item(0).text()
    press(w, "split-left-right")
    assert undo_texts(w) == ["Killzone links und rechts teilen"]


def test_free_form_territories_a_corner_added_dragged_and_removed(w):
    press(w, "split-top-bottom")  # the Territories tool, its handles shown
    assert (352.0, 303.5) not in w.placement.territories.corners()
    double_click(w, 352, 303.5)   # on the shared edge: a new corner in both halves
    m = w.document.mission
    px = 1 / w.view.transform().m11()
    (new,) = [c for c in m.territories[0].area if abs(c[0] - 352) < 2 * px]
    assert new[1] == 303.5 and new in m.territories[1].area  # on the edge, in both
    assert new in w.placement.territories.corners()
    drag_steps(w, new, (352, 400))
    m = w.document.mission
    bent = [c for c in m.territories[0].area if abs(c[0] - 352) < 2 * px and abs(c[1] - 400) < 2 * px]
    assert len(bent) == 1 and bent[0] in m.territories[1].area  # both halves bend together
    double_click(w, *bent[0])     # on the corner: out again
    assert all(len(t.area) == 4 for t in w.document.mission.territories)
    assert undo_texts(w) == ["Split Killzone Top and Bottom", "Add Territory Corner", "Move Territory Corner",
                             "Remove Territory Corner"]
    w.undo_action.trigger()
    assert len(w.document.mission.territories[0].area) == 5
    w.grab()
