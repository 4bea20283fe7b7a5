"""File > Export mission pack…, driven offscreen: missions added in order,
what the pack needs said before exporting, the booklet written; in German."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialogButtonBox

from layout_editor.ui.pack_dialog import PackDialog

pytestmark = pytest.mark.qt

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
THREE = [LIBRARY / n for n in ("derelict-crossing.yaml", "coolant-labyrinth.de.yaml", "ossuary-deck.yaml")]


def make(qtbot, files=()):
    d = PackDialog(files, None)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def test_missions_in_order_and_what_the_pack_needs(qtbot, tmp_path):
    d = make(qtbot)
    save = d.buttons.button(QDialogButtonBox.Save)
    assert not save.isEnabled()
    d.add_files(THREE[:2])
    assert d.summary.text() == "Missions: 2 · terrain sets for the pack: 1 · boards: 2"
    d.add_files([THREE[2], tmp_path / "missing.yaml"])
    assert d.problems.isVisible() and "missing.yaml" in d.problems.text()
    assert d.files() == [str(p) for p in THREE]
    assert d.summary.text() == "Missions: 3 · terrain sets for the pack: 2 · boards: 2"
    # Ossuary Deck first: moved up twice.
    d.list.setCurrentRow(2)
    d.move_selected(-1)
    d.move_selected(-1)
    assert d.files()[0] == str(THREE[2])
    d.title_edit.setText("Autumn Cup")
    d.organiser_edit.setText("Run by the club")
    d.language_box.setCurrentIndex(d.language_box.findData("de"))
    out = d.export_to(tmp_path / "pack.pdf")
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert "Autumn Cup" in reader.pages[0].extract_text() and "3 Missionen" in reader.pages[0].extract_text()
    contents = reader.pages[1].extract_text()
    assert contents.index("Ossuary Deck") < contents.index("Derelict Crossing")
    d.list.setCurrentRow(0)
    d.remove_selected()
    assert len(d.files()) == 2


def test_the_dialog_in_german(qtbot, german):
    d = make(qtbot, THREE[:1])
    assert d.windowTitle() == "Missionspaket exportieren"
    assert d.buttons.button(QDialogButtonBox.Save).text() == "Exportieren"
    assert d.summary.text() == "Missionen: 1 · Geländesets für das Paket: 1 · Spielplatten: 2"


def test_the_file_menu_opens_it_with_the_mission_on_the_table(qtbot, tmp_path, monkeypatch):
    from editor_helpers import make_window

    from layout_editor.io import load_mission

    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(THREE[0]), THREE[0])
    actions = {a.text(): a for a in w.menu("File").actions()}
    opened = []
    monkeypatch.setattr(PackDialog, "exec", lambda self: opened.append(self) or 0)
    actions["Export mission pack…"].trigger()
    assert opened and opened[0].files() == [str(THREE[0])]


def test_export_dialog_writes_the_tabletop_map_and_the_mission_page(qtbot, tmp_path, monkeypatch):
    from layout_editor.io import load_mission
    from layout_editor.ui.export_dialog import ExportDialog

    d = ExportDialog(load_mission(THREE[0]), THREE[0], None)
    qtbot.addWidget(d)
    for key, ext, start in (("uvtt", ".dd2vtt", b"{"), ("html", ".html", b"<!DOCTYPE html>")):
        d.set_layout(key)
        assert d.path_edit.text().endswith(f"derelict-crossing{ext}")
        assert d.page_count() == 1 and d.about.text()  # the map previewed, and said what the file is
        out = d.export_to(tmp_path / f"m{ext}")
        assert out.read_bytes().startswith(start)


def test_a_pack_of_killzone_missions_counts_killzone_kits(qtbot):
    # every mission kill-team: export.pack counts kits, and the summary says so
    d = make(qtbot, [LIBRARY / "breach-line.yaml", LIBRARY / "conduit-run.yaml"])
    assert d.summary.text().startswith("Missions: 2 · killzone kits for the pack: ")
    # one Boarding Actions mission in it: terrain sets again
    d.add_files([THREE[0]])
    assert d.summary.text().startswith("Missions: 3 · terrain sets for the pack: ")
