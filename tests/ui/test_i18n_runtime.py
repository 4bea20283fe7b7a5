"""The texts the editor composes while it runs speak German too: the terrain
palette's counts, the findings panel's header and route table, the placement
panel's rows, the labels drawn on the table and the tools' status hints."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from layout_editor.rules.checks import Finding
from layout_editor.ui.main_window import MainWindow
from layout_editor.ui.panels.findings import FindingsPanel

pytestmark = pytest.mark.qt

TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "layout_editor_de.ts"


def test_palette_counts_and_need_in_german(qtbot, german):
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    QApplication.processEvents()
    codes = list(w.catalogue.pieces)
    first = w.palette.list.item(0).text()
    total = w.catalogue.piece(codes[0]).per_set * w.document.mission.sets
    assert first.splitlines()[0] == f"{codes[0]} · {total} von {total} übrig"
    assert " ".join(first.splitlines()[1:]) == "Lange Wand"  # wrapped to the list's width
    assert w.palette.need.text() == "Nutzt 0 Teile; 1 Set nötig."


def test_findings_panel_header_in_german(qtbot, german):
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.set_findings([])
    assert panel.summary_text() == "Keine Probleme gefunden"
    panel.set_findings([Finding("info", "sets-needed", "The layout needs 1 set."),
                        Finding("warning", "objective-edge", "Objective 2 is 4.1\" from an edge."),
                        Finding("warning", "objective-edge", "Objective 3 is 4.1\" from an edge.")])
    assert panel.summary_text() == "2 Warnungen, 1 Hinweis"
    # The rules core's own messages stay English (a known limit).
    assert panel.list_widget().item(0).text() == "Objective 2 is 4.1\" from an edge."


def test_english_without_a_translator(qtbot):
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.set_findings([Finding("warning", "objective-edge", "x"), Finding("error", "overlap", "y")])
    assert panel.summary_text() == "1 error, 1 warning"


def test_table_labels_and_overlay_captions_in_german(qtbot, german):
    from PySide6.QtWidgets import QGraphicsScene

    from layout_editor.rules.overlays import RegionsData
    from layout_editor.ui import i18n
    from layout_editor.ui.overlays.layers import MeasureLayer
    scene = QGraphicsScene()
    layer = MeasureLayer()
    scene.addItem(layer)
    layer.set_start((10, 10))
    assert layer.caption() == "Anklicken, wohin gemessen wird"
    layer.set_measurement((10, 10), (310, 10), [(10, 10), (160, 150), (310, 10)], 410.3, 300.0)
    assert layer.caption().splitlines() == ['Weg 16,2"  (410 mm)', 'Luftlinie 11,8"  (300 mm)']
    summary = i18n.say(RegionsData([], [], [], 32.0, "open").summary())
    assert summary == "0 Bereiche für eine 32-mm-Base, alle Schotttüren offen"


def test_player_rows_and_labels_in_german(qtbot, german):
    from layout_editor.ui.items.zone_items import player_label
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.placement_panel.refresh()
    assert player_label(w.document.mission, 1) == "Spieler 1"
    assert w.placement_panel.player_list.item(0).text() == "Spieler 1  (noch keine Zonen)"


def test_no_message_is_in_the_translation_twice():
    """lrelease drops a repeated (context, source) with only a warning, so a
    second, different translation would silently lose."""
    import collections
    import xml.etree.ElementTree as ET
    root = ET.parse(TS).getroot()
    seen = collections.Counter((c.findtext("name"), m.findtext("source"))
                               for c in root.findall("context") for m in c.findall("message"))
    assert [key for key, n in seen.items() if n > 1] == []
