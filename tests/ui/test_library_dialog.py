"""File > New from Library: the dialog lists the library with map thumbnails,
filters by players, sets and language, and starting from a mission gives a
new unsaved copy in the editor."""
from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission
from layout_editor.model.lattice import Placement
from layout_editor.model.parts import sets_needed
from layout_editor.ui.items import style
from layout_editor.ui.library_dialog import LibraryDialog, load_library, mission_thumbnail

pytestmark = pytest.mark.qt

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
FILES = sorted(LIBRARY.glob("*.yaml"))


def test_library_is_found_and_every_file_is_listed(qtbot):
    assert mission_library_dir().resolve() == LIBRARY
    entries, problems = load_library()
    assert problems == []
    assert sorted(e.path.name for e in entries) == [f.name for f in FILES]
    d = LibraryDialog()
    qtbot.addWidget(d)
    assert d.list.count() == len(FILES)
    assert sorted(p.name for p in d.visible_paths()) == [f.name for f in FILES]
    for i in range(d.list.count()):
        item = d.list.item(i)
        assert not item.icon().isNull()
        mission = load_mission(item.data(Qt.UserRole))
        assert mission.title in item.text()
        assert f"{mission.players} players" in item.text()


def test_a_translation_sits_beside_its_original():
    entries, _ = load_library()
    names = [e.path.name for e in entries]
    for n, name in enumerate(names):
        if name.endswith(".de.yaml"):
            assert names[n - 1] == name.replace(".de.yaml", ".yaml")


def test_thumbnail_draws_the_map_to_scale():
    """Two boards side by side on a 2:1 thumbnail fill its width; the deck
    colour shows where the boards are, the table colour around them."""
    path = LIBRARY / "coolant-labyrinth.yaml"
    mission = load_mission(path)
    image: QImage = mission_thumbnail(mission, QSize(300, 160)).toImage()
    # The table is 1408 x 607 mm: 288 px wide with the 6 px margins, so
    # 124 px tall, centred vertically.
    assert image.pixelColor(2, 2) == style.TABLE
    assert image.pixelColor(150, 8) == style.TABLE          # above the boards
    # A zone centre of board A with nothing on it shows the deck.
    pl = Placement.of(mission.board("A"))
    x, y = pl.cell_centre_table((3, 0))
    scale = 288 / 1408
    px, py = int(6 + x * scale), int(18 + y * scale)
    deck = image.pixelColor(px, py)
    assert abs(deck.red() - style.BOARD.red()) < 12 and abs(deck.green() - style.BOARD.green()) < 12
    # Player 1's entry zone is tinted, not plain deck.
    x, y = pl.cell_centre_table((0, 2))
    zone = image.pixelColor(int(6 + x * scale), int(18 + y * scale))
    assert zone != deck
    # The junction valve objective (table centre) is drawn in marker yellow.
    valve = image.pixelColor(int(6 + 704 * scale), int(18 + 303.5 * scale))
    assert valve.red() > 200 and valve.green() > 150 and valve.blue() < 80


def test_filters_by_players_sets_and_language(qtbot):
    d = LibraryDialog()
    qtbot.addWidget(d)
    missions = {f.name: load_mission(f) for f in FILES}

    d.players_filter.setCurrentIndex(d.players_filter.findData(3))
    shown = {p.name for p in d.visible_paths()}
    assert shown == {n for n, m in missions.items() if m.players == 3}
    assert shown and d.count_label.text().startswith(f"{len(shown)} of {len(FILES)}")

    d.players_filter.setCurrentIndex(0)
    d.sets_filter.setCurrentIndex(d.sets_filter.findData(1))
    shown = {p.name for p in d.visible_paths()}
    assert shown == {n for n, m in missions.items() if sets_needed(m) <= 1}
    assert "cargo-spine.yaml" not in shown  # needs two sets

    d.sets_filter.setCurrentIndex(0)
    d.language_filter.setCurrentIndex(d.language_filter.findData("de"))
    shown = {p.name for p in d.visible_paths()}
    assert shown == {n for n in missions if n.endswith(".de.yaml")}
    # The current item follows the filter: never a hidden mission.
    assert d.chosen_path().name in shown


def test_nothing_matches_disables_start_and_broken_files_are_named(qtbot, tmp_path):
    (tmp_path / "pump.yaml").write_text((LIBRARY / "signal-relay.yaml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("format: boarding-actions-mission\nversion: 1\n", encoding="utf-8")
    d = LibraryDialog(folder=tmp_path)
    qtbot.addWidget(d)
    assert [p.name for p in d.visible_paths()] == ["pump.yaml"]
    assert d.open_button.isEnabled()
    assert len(d.problems) == 1 and d.problems[0].startswith(str(tmp_path / "broken.yaml") + ":")
    assert d.findChild(type(d.count_label), "problems") is not None
    d.sets_filter.setCurrentIndex(d.sets_filter.count() - 1)
    assert d.players_filter.findData(4) == -1   # only the players the library has
    d.language_filter.setCurrentIndex(d.language_filter.findData("en"))
    assert d.visible_paths()
    d.players_filter.setCurrentIndex(d.players_filter.findData(2))
    assert d.visible_paths()
    # Hide the one mission: the dialog has nothing to start from.
    d.list.item(0).setHidden(True)
    d.apply_filters()
    assert d.visible_paths() == [Path(tmp_path / "pump.yaml")]   # filters decide, not stray hiding
    d.language_filter.addItem("Klingon", "tlh")
    d.language_filter.setCurrentIndex(d.language_filter.findData("tlh"))
    assert d.visible_paths() == []
    assert not d.open_button.isEnabled()
    assert d.chosen_path() is None
    assert d.count_label.text().startswith("0 of 1")


def test_new_from_library_starts_an_unsaved_copy(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    before = w.document.mission
    assert w.library.action in w.menu("File").actions()
    w.library.action.trigger()
    d = w.library.dialog
    qtbot.waitExposed(d)
    d.players_filter.setCurrentIndex(d.players_filter.findData(4))
    d.sets_filter.setCurrentIndex(0)  # any number of sets: this one needs two
    target = LIBRARY / "the-crossroads-vault.yaml"
    assert d.select_path(target)
    qtbot.mouseClick(d.open_button, Qt.LeftButton)
    expected = load_mission(target)
    m = w.document.mission
    assert m is not before
    assert m == expected                     # the whole mission, texts and all
    assert w.document.path is None           # a copy: Save asks where to put it
    assert w.document.modified
    assert w.document.undo_stack.count() == 0
    assert len(w.scene.piece_items) == len(expected.pieces)


def test_cancel_keeps_the_open_mission(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    before = w.document.mission
    w.library.action.trigger()
    d = w.library.dialog
    qtbot.waitExposed(d)
    d.buttons.button(d.buttons.StandardButton.Cancel).click()
    assert w.document.mission is before
    assert not w.document.modified


def test_double_click_opens_the_mission(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    w.library.action.trigger()
    d = w.library.dialog
    qtbot.waitExposed(d)
    target = LIBRARY / "twin-hulks.yaml"
    assert d.select_path(target)
    item = d.list.currentItem()
    d.list.scrollToItem(item)
    rect = d.list.visualItemRect(item)
    assert d.list.viewport().rect().contains(rect.center())
    # A real double-click: the first click presses the item, the second is the double-click.
    qtbot.mouseClick(d.list.viewport(), Qt.LeftButton, pos=rect.center())
    qtbot.mouseDClick(d.list.viewport(), Qt.LeftButton, pos=rect.center())
    assert w.document.mission.title == "Twin Hulks"
    assert w.document.path is None
