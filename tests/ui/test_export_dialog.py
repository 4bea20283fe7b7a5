"""File > Export… and File > Import share code…, driven offscreen."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox

from layout_editor.export import build_pages
from layout_editor.export.specimen import specimen_mission
from layout_editor.io.share_code import encode
from layout_editor.ui.export_dialog import ExportDialog, ImportShareCodeDialog

pytestmark = pytest.mark.qt


@pytest.fixture
def mission():
    return specimen_mission()


def make(qtbot, mission, source=None) -> ExportDialog:
    d = ExportDialog(mission, source, None)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def test_preview_shows_the_pages_of_each_layout(qtbot, mission, tmp_path):
    d = make(qtbot, mission, tmp_path / "derelict.yaml")
    assert d.layout_key == "card"
    assert d.page_count() == len(build_pages(mission, "card"))
    img = d.page_image(0)
    assert img.width() > img.height()  # the card is landscape
    # The dark title band is drawn across the top of the preview.
    assert QColor(img.pixel(img.width() // 2, 8)).lightness() < 80
    assert not d.preview.pixmap().isNull()
    assert d.page_label.text() == f"Page 1 of {d.page_count()}"

    d.set_layout("setup")
    img = d.page_image(0)
    assert img.height() > img.width()  # portrait
    d.set_layout("tabletop")
    assert d.page_count() == len(build_pages(mission, "tabletop"))
    assert "100 %" in d.about.text()


def test_page_navigation(qtbot, mission):
    d = make(qtbot, mission)
    d.set_layout("tabletop")
    assert not d.prev_button.isEnabled()
    qtbot.mouseClick(d.next_button, Qt.LeftButton)
    assert d.current_page == 1
    assert d.page_label.text().startswith("Page 2 of")
    qtbot.mouseClick(d.prev_button, Qt.LeftButton)
    assert d.current_page == 0
    d.show_page(10_000)
    assert d.current_page == d.page_count() - 1 and not d.next_button.isEnabled()


def test_suggested_file_names_follow_the_layout(qtbot, mission, tmp_path):
    d = make(qtbot, mission, tmp_path / "derelict.yaml")
    assert Path(d.path_edit.text()) == tmp_path / "derelict.pdf"
    d.layout_box.setCurrentIndex(d.layout_box.findData("setup"))
    assert Path(d.path_edit.text()) == tmp_path / "derelict-setup.pdf"
    d.layout_box.setCurrentIndex(d.layout_box.findData("map-png"))
    assert Path(d.path_edit.text()) == tmp_path / "derelict-map.png"
    # A name the user typed keeps its name; only the extension follows.
    d.path_edit.setText(str(tmp_path / "mine.png"))
    d.path_edit.textEdited.emit(d.path_edit.text())
    d.layout_box.setCurrentIndex(d.layout_box.findData("map-svg"))
    assert Path(d.path_edit.text()) == tmp_path / "mine.svg"


def test_export_button_writes_the_file_and_stays_open_for_the_next(qtbot, mission, tmp_path):
    d = make(qtbot, mission, tmp_path / "derelict.yaml")
    d.paper_box.setCurrentIndex(d.paper_box.findData("letter"))
    out = tmp_path / "card.pdf"
    d.path_edit.setText(str(out))
    with qtbot.waitSignal(d.exported, timeout=5000) as sig:
        qtbot.mouseClick(d.buttons.button(QDialogButtonBox.Save), Qt.LeftButton)
    assert sig.args == [str(out)]
    # Open for the next layout, saying what it wrote; Cancel is now Close.
    assert d.isVisible() and d.result() != QDialog.Accepted
    assert d.done_label.isVisible() and "card.pdf" in d.done_label.text()
    assert d.buttons.button(QDialogButtonBox.Cancel).text() == "Close"
    reader = PdfReader(str(out))
    assert round(float(reader.pages[0].mediabox.width)) == 792  # Letter, landscape
    assert mission.title in reader.pages[0].extract_text()
    # The choice is remembered for next time.
    d2 = make(qtbot, mission)
    assert d2.paper == "letter"


def test_export_failure_is_a_message_not_a_crash(qtbot, mission, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    d = make(qtbot, mission)
    d.path_edit.setText(str(tmp_path / "no such folder" / "card.pdf"))
    qtbot.mouseClick(d.buttons.button(QDialogButtonBox.Save), Qt.LeftButton)
    assert shown and "does not exist" in shown[0]
    assert d.isVisible() and d.result() != QDialog.Accepted


def test_copy_share_code(qtbot, mission):
    from PySide6.QtGui import QGuiApplication

    d = make(qtbot, mission)
    qtbot.mouseClick(d.copy_code, Qt.LeftButton)
    assert QGuiApplication.clipboard().text() == encode(mission)


def test_file_copy_share_code_copies_the_mission_on_the_table(qtbot, mission, tmp_path, monkeypatch):
    from editor_helpers import make_window
    from PySide6.QtGui import QGuiApplication

    from layout_editor.io.share_code import decode

    w = make_window(qtbot, tmp_path, monkeypatch, mission)
    QGuiApplication.clipboard().setText("")
    (copy,) = [a for a in w.menu("File").actions() if a.text() == "Copy share code"]
    copy.trigger()
    code = QGuiApplication.clipboard().text()
    assert code.startswith("BAM1") and decode(code) == mission
    assert w.statusBar().currentMessage().startswith(f"Share code copied ({len(code)} characters)")


def test_export_dialog_in_german(qtbot, mission, german):
    d = make(qtbot, mission)
    names = [d.layout_box.itemText(i) for i in range(d.layout_box.count())]
    assert names == ["Missionskarte", "Aufbauplan", "Spielflächenbögen (Originalgröße)", "Karten (63 x 88 mm)",
                     "Designer-Seite (Ausgewogenheit, Schotttüren, Sicht, erster Zug)",
                     "Lageplan (SVG)", "Lageplan (PNG)", "Virtueller Spieltisch (Universal VTT)",
                     "Missionsseite (HTML)"]
    assert d.paper_box.itemText(1) == "US-Letter"


def test_import_share_code_dialog(qtbot, mission):
    d = ImportShareCodeDialog(None)
    qtbot.addWidget(d)
    ok = d.buttons.button(QDialogButtonBox.Ok)
    assert not ok.isEnabled()
    d.edit.setPlainText("not a code")
    assert not ok.isEnabled() and "Not usable" in d.status.text()
    d.edit.setPlainText("\n  " + encode(mission) + "  \n")
    assert ok.isEnabled() and mission.title in d.status.text()
    assert d.mission == mission


def test_file_menu_entries_in_the_editor(qtbot, mission, tmp_path, monkeypatch):
    from editor_helpers import make_window

    w = make_window(qtbot, tmp_path, monkeypatch)
    actions = {a.text(): a for a in w.menu("File").actions()}
    assert "Export…" in actions and "Import share code…" in actions
    monkeypatch.setattr(ImportShareCodeDialog, "get_mission", classmethod(lambda cls, parent=None: mission))
    actions["Import share code…"].trigger()
    assert w.document.mission == mission
    assert w.document.path is None and w.document.modified

    opened = []
    monkeypatch.setattr(ExportDialog, "exec", lambda self: opened.append(self) or 0)
    actions["Export…"].trigger()
    assert opened and opened[0].mission == mission
    # Closing the window would otherwise ask (modally) to save the import.
    w.document.mark_saved()


def _photo_of_card(tmp_path: Path, mission) -> Path:
    """A picture of the card's back as a phone might take it: a little
    turned and soft, the QR code among the texts."""
    from PIL import Image, ImageFilter

    from layout_editor.export.drawing import render_image

    back = render_image(build_pages(mission, "card")[1], dpi=150)
    img = back.convert("L").rotate(4, resample=Image.BICUBIC, expand=True, fillcolor=235)
    img = img.filter(ImageFilter.GaussianBlur(0.7))
    path = tmp_path / "card photo.jpg"
    img.save(path, quality=85)
    return path


def test_file_import_share_code_from_image(qtbot, tmp_path, monkeypatch):
    from editor_helpers import make_window
    from PySide6.QtWidgets import QFileDialog

    from layout_editor.catalogue import mission_library_dir
    from layout_editor.io import dumps_mission, load_mission

    mission = load_mission(mission_library_dir() / "derelict-crossing.yaml")
    photo = _photo_of_card(tmp_path, mission)
    w = make_window(qtbot, tmp_path, monkeypatch)
    (action,) = [a for a in w.menu("File").actions() if a.text() == "Import share code from image…"]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(photo), "")))
    action.trigger()
    assert dumps_mission(w.document.mission) == dumps_mission(mission)
    assert w.document.path is None and w.document.modified
    assert "Derelict Crossing" in w.statusBar().currentMessage()

    # A picture without a code: one message, the mission on the table stays.
    plain = tmp_path / "plain.png"
    from PIL import Image

    Image.new("RGB", (200, 200), "white").save(plain)
    said = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(plain), "")))
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: said.append(a[2])))
    w.document.mark_saved()
    action.trigger()
    assert len(said) == 1 and "No share code found" in said[0]
    assert dumps_mission(w.document.mission) == dumps_mission(mission)
    w.document.mark_saved()

    # Pictures that bite (a 138-byte PNG claiming 60,000 x 60,000 pixels, a
    # 20,000 x 20,000 white PNG, not a picture at all): the same one message.
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    claims = tmp_path / "claims.png"
    claims.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0))
                       + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    white = tmp_path / "white.png"
    old, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None
    try:
        Image.new("1", (20000, 20000), 1).save(white)
    finally:
        Image.MAX_IMAGE_PIXELS = old
    junk = tmp_path / "junk.png"
    junk.write_text("not a picture")
    for bad in (claims, white, junk):
        said.clear()
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, bad=bad, **k: (str(bad), "")))
        action.trigger()
        assert len(said) == 1 and "No share code found" in said[0], bad
        assert dumps_mission(w.document.mission) == dumps_mission(mission)
        w.document.mark_saved()

def test_the_dialog_says_what_the_fonts_cannot_print_before_exporting(qtbot, tmp_path, monkeypatch):
    from dataclasses import replace as _replace

    from layout_editor.model import two_board_mission as _two
    from layout_editor.ui.export_dialog import ExportDialog as _Dialog

    plain = _Dialog(_two("Plain"))
    qtbot.addWidget(plain)
    plain.rebuild()
    assert plain.cannot_print.isHidden()
    from layout_editor.export import fonts as _fonts

    _fonts.use_system_fonts(False)  # a machine with the shipped fonts only
    try:
        d = _Dialog(_replace(_two("Plain"), title="遺棄船 עלו 🚀"))
        qtbot.addWidget(d)
        d.rebuild()
        assert not d.cannot_print.isHidden()
        text = d.cannot_print.text()
    finally:
        _fonts.use_system_fonts(True)
    assert "遺 (U+907A)" in text and "🚀 (U+1F680)" in text
    assert "U+05E2" not in text  # Hebrew prints (DejaVu has it; the export orders it)
