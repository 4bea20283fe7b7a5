"""An official killzone from the library in the editor (issue 28): File >
New from Library opens an Approved Ops Gallowdark card as a copy, and the
table shows its territories, centre line and the equipment set up on it
(ui/items/killzone_items.py). Driven through the real window."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import Qt

from layout_editor.io import load_mission
from layout_editor.model.mission import Equipment

pytestmark = pytest.mark.qt

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def test_an_official_killzone_opens_from_the_library_with_its_territories(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    w.library.action.trigger()
    d = w.library.dialog
    qtbot.waitExposed(d)
    d.players_filter.setCurrentIndex(0)
    d.sets_filter.setCurrentIndex(0)
    target = LIBRARY / "approved-ops-gallowdark-4.yaml"
    assert d.select_path(target)
    qtbot.mouseClick(d.open_button, Qt.LeftButton)
    m = w.document.mission
    assert m == load_mission(target)
    assert w.document.path is None  # a copy: the library file stays as it is
    layer = w.placement
    assert sorted(layer.territories.players()) == [1, 2]
    assert layer.territories.has_centre_line()
    assert layer.territories.scene() is w.scene and layer.equipment.scene() is w.scene
    # the tint lies under the drop zones, the equipment over the floor under the markers
    assert layer.territories.zValue() < layer.entry_zones.zValue()
    assert not layer.territories.boundingRect().isEmpty()


def test_equipment_from_the_file_is_drawn(qtbot, tmp_path, monkeypatch):
    m = load_mission(LIBRARY / "approved-ops-gallowdark-1.yaml")
    m = replace(m, equipment=(Equipment("heavy-barricade", 1, (352.0, 150.0)),
                              Equipment("mines", 2, (150.0, 450.0), rotation=0)))
    w = make_window(qtbot, tmp_path, monkeypatch, m)
    layer = w.placement
    assert sorted(layer.equipment.labels()) == ["HB", "M"]
    w.grab()  # paints every item on the table without an exception reaching Qt
