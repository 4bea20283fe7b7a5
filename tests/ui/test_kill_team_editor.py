"""The editor speaks the game of the file (issue 17): File > New asks which
game; a Kill Team mission gets one killzone board, palette counts per
killzone kit, drop zones and their presets, turning points and ops in the
Mission panel, hatchways closed at the start, and the killzone's words in
the window's title, tools and menus. Driven through the real widgets."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from editor_helpers import answer_new_mission, double_click, key, make_window, node_xy, undo_texts
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from layout_editor.model import two_board_mission
from layout_editor.model.mission import Piece
from layout_editor.ui.i18n import new_mission
from layout_editor.ui.new_dialog import NewMissionDialog

pytestmark = pytest.mark.qt

LIBRARY_FILE = Path(__file__).resolve().parents[2] / "mission_library" / "derelict-crossing.yaml"


def killzone(**kw):
    return replace(new_mission(None, "kill-team"), **kw)


def palette_text(w, code):
    lst = w.palette.list
    for n in range(lst.count()):
        if lst.item(n).data(Qt.UserRole + 1) == code:
            return lst.item(n).text().splitlines()[0]
    raise AssertionError(code)


@pytest.fixture
def kt(qtbot, tmp_path, monkeypatch):
    return make_window(qtbot, tmp_path, monkeypatch, killzone())


# -- File > New ------------------------------------------------------------------------
def test_file_new_asks_which_game_and_starts_a_killzone(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    assert "Kill Team" not in w.windowTitle()
    answer_new_mission("kill-team")
    w.files.new_action.trigger()
    m = w.document.mission
    assert m.game == "kill-team" and len(m.boards) == 1 and m.players == 2
    assert m.mission.turning_points == 4
    assert len(w.scene.board_items) == 1
    assert "Kill Team" in w.windowTitle()
    assert not w.add_board_action.isEnabled()
    assert palette_text(w, "A1") == "A1 · 2 left of 2"
    assert palette_text(w, "B3-1") == "B3-1 · 2 left of 2"
    assert palette_text(w, "pillar-left") == "L · 8 left of 8"
    assert w.palette.sets_label.text() == "Killzone kits:"
    # The question remembers the last answer; Boarding Actions again.
    dialog = NewMissionDialog(w)
    qtbot.addWidget(dialog)
    assert dialog.chosen() == "kill-team"
    answer_new_mission("boarding-actions")
    w.files.new_action.trigger()
    m = w.document.mission
    assert m.game == "boarding-actions" and len(m.boards) == 2
    assert "Kill Team" not in w.windowTitle()
    assert w.add_board_action.isEnabled()
    assert palette_text(w, "A1") == "A1 · 4 left of 4"
    assert w.palette.sets_label.text() == "Terrain sets:"


def test_cancelling_the_question_keeps_the_mission(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission(title="Mine"))
    answer_new_mission(None)
    w.files.new_action.trigger()
    assert w.document.mission.title == "Mine" and len(w.document.mission.boards) == 2


def test_the_question_names_both_games(qtbot):
    dialog = NewMissionDialog(game="boarding-actions")
    qtbot.addWidget(dialog)
    assert set(dialog.buttons) == {"boarding-actions", "kill-team"}
    assert dialog.buttons["kill-team"].text() == "Kill Team"
    button = dialog.buttons["kill-team"]
    QTest.mouseClick(button, Qt.LeftButton, Qt.NoModifier, QPoint(8, button.height() // 2))
    assert dialog.chosen() == "kill-team"
    assert dialog.box.button(QDialogButtonBox.Ok) is not None


# -- the palette -------------------------------------------------------------------------
def test_palette_counts_against_the_killzone_kit(qtbot, tmp_path, monkeypatch):
    pieces = (Piece("A1", "A", from_node=(1, 1), to_node=(3, 1)),
              Piece("A1", "A", from_node=(1, 3), to_node=(3, 3)),
              Piece("A1", "A", from_node=(4, 3), to_node=(6, 3)),
              Piece("pillar-left", "A", at=(1, 2)))
    w = make_window(qtbot, tmp_path, monkeypatch, killzone(pieces=pieces))
    assert palette_text(w, "A1") == "A1 · 1 too many: 3 of 2"
    assert palette_text(w, "pillar-left") == "L · 7 left of 8"
    assert "needs 2 killzone kits" in w.palette.need.text()
    w.palette.sets.setValue(2)
    assert w.document.mission.sets == 2
    assert undo_texts(w)[-1] == "Change Killzone Kits"
    assert palette_text(w, "A1") == "A1 · 1 left of 4"


# -- the Mission panel -----------------------------------------------------------------
def test_mission_panel_shows_turning_points_and_ops_not_rounds_and_points(kt):
    panel = kt.mission_panel
    assert panel.isVisible()
    assert panel.turning_points.isVisible() and panel.turning_points.value() == 4
    assert not panel.rounds.isVisible() and not panel.points.isVisible()
    assert panel.ops_box.isVisible()
    assert not panel.players.isEnabled()

    panel.turning_points.setFocus()
    panel.turning_points.selectAll()
    QTest.keyClicks(panel.turning_points, "5")
    assert kt.document.mission.mission.turning_points == 5
    assert undo_texts(kt) == ["Edit Turning Points"]

    QTest.mouseClick(panel.add_op, Qt.LeftButton)
    assert [op.name for op in kt.document.mission.mission.ops] == ["Op 1"]
    panel.op_name.selectAll()
    QTest.keyClicks(panel.op_name, "Hold the relay")
    panel.op_vp.setFocus()
    panel.op_vp.selectAll()
    QTest.keyClicks(panel.op_vp, "3")
    panel.op_text.setFocus()
    QTest.keyClicks(panel.op_text, "Control it at the end of each turning point.")
    (op,) = kt.document.mission.mission.ops
    assert (op.name, op.vp, op.text) == ("Hold the relay", 3, "Control it at the end of each turning point.")
    # One undo step per field typed in, as everywhere in the panel.
    assert undo_texts(kt) == ["Edit Turning Points", "Add Op", "Edit Op Name", "Edit Op Victory Points",
                              "Edit Op Text"]
    assert panel.ops.item(0).text() == "Hold the relay · 3 VP"
    kt.document.undo_stack.undo()
    kt.document.undo_stack.undo()
    assert panel.op_vp.value() == 0 and panel.op_text.toPlainText() == ""
    QTest.mouseClick(panel.remove_op, Qt.LeftButton)
    assert kt.document.mission.mission.ops == ()
    assert undo_texts(kt)[-1] == "Remove Op Hold the relay"


def test_boarding_actions_keeps_battle_rounds_and_points(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    panel = w.mission_panel
    assert panel.rounds.isVisible() and panel.points.isVisible()
    assert not panel.turning_points.isVisible() and not panel.ops_box.isVisible()
    assert panel.players.isEnabled()


# -- drop zones ------------------------------------------------------------------------
def test_placement_panel_lays_out_the_killzone_drop_zones_in_one_step(kt):
    panel = kt.placement_panel
    assert panel.players_box.title() == "Players and drop zones"
    assert not panel.players_spin.isEnabled()
    keys = [panel.preset_combo.itemData(i) for i in range(panel.preset_combo.count())]
    assert keys == ["killzone-long-edges", "killzone-short-edges", "killzone-corners"]
    panel.preset_combo.setCurrentIndex(2)
    QTest.mouseClick(panel.preset_button, Qt.LeftButton)
    zones = kt.document.mission.entry_zones
    assert sorted((z.player, len(z.cells)) for z in zones) == [(1, 6), (2, 6)]
    assert undo_texts(kt) == ["Lay Out Drop Zones: Drop zones: opposite corners"]
    assert kt.tool_actions["Entry Zones"].text() == "Drop Zones"
    menu = next(a.menu() for a in kt.menu("Table").actions() if a.menu() is not None)
    assert menu.title() == "Lay Out Drop Zones"
    assert [a.text() for a in menu.actions()] == ["Drop zones: opposite long edges",
                                                  "Drop zones: opposite short edges",
                                                  "Drop zones: opposite corners"]
    menu.actions()[0].trigger()
    assert sorted((z.player, len(z.cells)) for z in kt.document.mission.entry_zones) == [(1, 7), (2, 7)]
    kt.activate_tool("Entry Zones")
    assert "Drop zones" in kt.statusBar().currentMessage()
    assert panel.zone_name.placeholderText() == "e.g. Strike team"


def test_a_boarding_actions_mission_keeps_its_entry_zone_words(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    assert w.placement_panel.players_box.title() == "Players and entry zones"
    assert w.tool_actions["Entry Zones"].text() == "Entry Zones"
    keys = [w.placement_panel.preset_combo.itemData(i) for i in range(w.placement_panel.preset_combo.count())]
    assert "killzone-corners" not in keys and "two-long-edges" in keys
    assert w.placement_panel.zone_name.placeholderText() == "e.g. Boarding party"


# -- hatchways -------------------------------------------------------------------------
def activate(qtbot, w):
    """The window in front, as a player's is: its single-key shortcuts work."""
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)


def hatchway(open_):
    return Piece("A3", "A", from_node=(2, 2), to_node=(4, 2), facing="left", open=open_)


def test_kill_team_hatchways_are_not_opened_for_the_start(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, killzone(pieces=(hatchway(False),)))
    uid = w.document.mission.pieces[0].uid
    activate(qtbot, w)
    w.select_pieces([uid])
    # Close Hatchway cannot apply to a closed one: disabled, its tooltip says why.
    assert not w.open_action.isEnabled()
    assert "every hatchway starts the battle closed" in w.open_action.toolTip()
    key(w, Qt.Key_O)
    assert w.document.mission.pieces[0].open is False
    assert undo_texts(w) == []
    a, b = node_xy(w, "A", (2, 2)), node_xy(w, "A", (4, 2))
    double_click(w, (a[0] + b[0]) / 2, a[1])
    assert w.document.mission.pieces[0].open is False
    assert undo_texts(w) == []
    assert "every hatchway starts the battle closed" in w.statusBar().currentMessage()
    assert w.open_action.text() == "&Close Hatchway"


def test_a_kill_team_hatchway_a_file_set_open_can_be_closed(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, killzone(pieces=(hatchway(True),)))
    activate(qtbot, w)
    w.select_pieces([w.document.mission.pieces[0].uid])
    key(w, Qt.Key_O)
    assert w.document.mission.pieces[0].open is False
    assert undo_texts(w) == ["Close Hatchway"]
    key(w, Qt.Key_O)  # and not open again
    assert w.document.mission.pieces[0].open is False
    assert undo_texts(w) == ["Close Hatchway"]


def test_hatchways_tab_says_who_reaches_each_hatchway_first(qtbot):
    from layout_editor.model.deployments import apply_deployment
    from layout_editor.rules import kill_team
    from layout_editor.ui.panels.hatchways import HatchwaysView, compute_hatchways
    view = HatchwaysView()
    qtbot.addWidget(view)
    # Player 1 along the top edge, player 2 along the bottom; the hatchway
    # in row 2 is nearer player 1.
    mission = apply_deployment(killzone(pieces=(hatchway(True),)), "killzone-long-edges")
    view.set_data(compute_hatchways(mission))
    t = view.table()
    # the killzone's words: access points, what keeping one shut changes, Hatchway Fights
    assert [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())] == [
        "Hatchway", "At the start", "Access point reached first", "If kept shut", "Hatchway Fight"]
    assert t.item(0, 1).text() == "open: against the rules"
    (reach,) = kill_team.hatchway_first(mission)
    assert reach.first == ("1",)
    moves = reach.turns["1"]
    assert t.item(0, 2).text() == ("player 1 (from the drop zone)" if moves == 0 else
                                   "player 1 (1 move)" if moves == 1 else f"player 1 ({moves} moves)")
    # the count the rules' way, the tape beside it, and the Operate Hatch action and its inch
    tip = t.item(0, 2).toolTip()
    assert f'player 2: {reach.move_in["2"]:g}" to within 1" of the access point, counted in whole-inch' in tip
    assert "Operate Hatch" in tip and '1" more for each access point crossed' in tip
    assert "Operate Hatch" in t.item(0, 3).toolTip()
    (fight,) = kill_team.hatchway_fights(mission)
    assert t.item(0, 4).text() == ("yes" if fight.allowed else "no")
    assert "Operate Hatch" in view._note.text() and "access point" in view._note.text()
    closed = replace(mission, pieces=(hatchway(False),))
    view.set_data(compute_hatchways(closed))
    assert t.item(0, 1).text() == "closed"
    assert "player 2" in t.item(0, 2).toolTip()
    # a Boarding Actions file gets its four columns back
    view.set_data(compute_hatchways(replace(closed, game="boarding-actions")))
    assert t.columnCount() == 4 and t.horizontalHeaderItem(2).text() == "Flipped"


def test_a_killzone_is_one_board(kt):
    kt.add_board()
    assert len(kt.document.mission.boards) == 1
    assert undo_texts(kt) == []
    assert "one board" in kt.statusBar().currentMessage()


# -- German ----------------------------------------------------------------------------
def test_a_killzone_mission_speaks_german(qtbot, german, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, killzone())
    assert w.placement_panel.players_box.title() == "Spieler und Landezonen"
    assert palette_text(w, "A1") == "A1 · 2 von 2 übrig"
    assert w.palette.sets_label.text() == "Killzone-Kits:"
    assert w.mission_panel.form.labelForField(w.mission_panel.turning_points).text() == "&Wendepunkte"
    assert w.mission_panel.ops_box.title() == "Operationen und Siegpunkte"
    assert w.tool_actions["Entry Zones"].text() == "Landezonen"
    assert "Kill Team" in w.windowTitle()
    w.placement_panel.lay_out("killzone-corners")
    assert undo_texts(w) == ["Landezonen auslegen: Landezonen: gegenüberliegende Ecken"]
    dialog = NewMissionDialog(w)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Neue Mission"


# -- files: the command line's `edit FILE`, the library ------------------------------------
def kill_team_file(tmp_path, name="relay-vault.yaml"):
    from layout_editor.io import save_mission
    from layout_editor.model.mission import MissionText, Op
    mission = killzone(title="Relay Vault", pieces=(hatchway(False),),
                       mission=MissionText(turning_points=4, ops=(Op("Hold the relay", "Control it.", 2),)))
    path = tmp_path / name
    save_mission(mission, path)
    return path


def test_a_kill_team_file_opens_as_kill_team(qtbot, tmp_path, monkeypatch):
    """What `layout-editor edit FILE` does with the file (app.run_editor):
    open it in a window; the window then speaks Kill Team."""
    path = kill_team_file(tmp_path)
    w = make_window(qtbot, tmp_path, monkeypatch, two_board_mission())
    assert w.files.open_path(path, ask=False)
    m = w.document.mission
    assert m.game == "kill-team" and m.mission.turning_points == 4
    assert "Kill Team" in w.windowTitle() and "relay-vault.yaml" in w.windowTitle()
    assert w.placement_panel.players_box.title() == "Players and drop zones"
    assert w.mission_panel.turning_points.value() == 4
    assert w.mission_panel.ops.item(0).text() == "Hold the relay · 2 VP"
    assert palette_text(w, "A3") == "A3 · 1 left of 2"
    assert not w.add_board_action.isEnabled()
    # And back: a Boarding Actions file speaks Boarding Actions again.
    assert w.files.open_path(LIBRARY_FILE, ask=False)
    assert "Kill Team" not in w.windowTitle()
    assert w.placement_panel.players_box.title() == "Players and entry zones"
    assert w.mission_panel.rounds.isVisible() and not w.mission_panel.ops_box.isVisible()


def test_the_library_says_and_filters_which_game(qtbot, tmp_path):
    import shutil

    from layout_editor.ui.library_dialog import LibraryDialog
    folder = tmp_path / "library"
    folder.mkdir()
    kill_team_file(folder)
    shutil.copy(LIBRARY_FILE, folder / LIBRARY_FILE.name)
    d = LibraryDialog(folder=folder)
    qtbot.addWidget(d)
    texts = {d.list.item(i).data(Qt.UserRole).split("/")[-1]: d.list.item(i).text() for i in range(d.list.count())}
    assert "Kill Team · 2 players · 1 killzone kit" in texts["relay-vault.yaml"]
    assert texts[LIBRARY_FILE.name].splitlines()[1].startswith("Boarding Actions · ")
    games = [d.game_filter.itemData(i) for i in range(d.game_filter.count())]
    assert games == [None, "boarding-actions", "kill-team"]
    d.game_filter.setCurrentIndex(games.index("kill-team"))
    assert [p.name for p in d.visible_paths()] == ["relay-vault.yaml"]
    assert "Hold the relay" in d.details.toPlainText() and "4 turning points" in d.details.toPlainText()
    d.game_filter.setCurrentIndex(games.index("boarding-actions"))
    assert [p.name for p in d.visible_paths()] == [LIBRARY_FILE.name]


def test_new_offers_the_open_missions_game_before_any_choice(qtbot):
    dialog = NewMissionDialog(current="kill-team")
    qtbot.addWidget(dialog)
    assert dialog.chosen() == "kill-team"


def test_first_turn_reach_of_a_killzone_is_reposition_and_dash(kt, qtbot):
    ov = kt.feedback.overlays
    action = ov.actions["first-turn-reach"]
    assert kt.feedback.settle(30000)  # the toggles take the game's words once the file's findings are in
    assert "Reposition" in action.toolTip() and "Dash" in action.toolTip()
    assert "9.5" not in action.toolTip()
    action.setChecked(True)
    assert kt.feedback.settle(30000)
    assert all([b for b, _ in bands] == [6.0, 9.0] for bands in ov["first-turn-reach"].layer.data.bands.values())


def test_the_hatchways_tab_speaks_kill_team_in_german(qtbot, german):
    from layout_editor.model.deployments import apply_deployment
    from layout_editor.ui.panels.hatchways import HatchwaysView, compute_hatchways
    view = HatchwaysView()
    qtbot.addWidget(view)
    mission = apply_deployment(killzone(pieces=(hatchway(False),)), "killzone-long-edges")
    view.set_data(compute_hatchways(mission))
    t = view.table()
    assert [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())] == [
        "Schotttür", "Zu Beginn", "Zugangspunkt zuerst erreicht", "Wenn sie zu bleibt", "Schottkampf"]
    assert "„Schott bedienen“" in view._note.text() and "Zugangspunkt" in view._note.text()
    tip = t.item(0, 2).toolTip()
    assert "in ganzen Zoll je Abschnitt gezählt" in tip and "„Schott bedienen“" in tip
    assert "kein „Schott bedienen“" in t.item(0, 3).toolTip()
