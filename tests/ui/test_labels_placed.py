"""On the editor's map the names of entry zones and regions go where they
cover no piece code, objective marker, objective name or other name (the
printed maps' label placer, export.labels), in every library mission, at
the zoom the names are placed for."""
from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from layout_editor.export.labels import EDITOR_PX_PER_MM, MARKER_RADIUS
from layout_editor.io import load_mission

pytestmark = pytest.mark.qt

LIBRARY = sorted(p for p in (Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml")
                 if not p.name.endswith(".de.yaml"))


def on_screen(w, item, shown: bool = False) -> QRectF:
    """An item's box in the view; with `shown`, of what a label shows at
    this zoom (a long entry zone name shows its player's short name)."""
    box = item.box(EDITOR_PX_PER_MM) if shown else item.boundingRect()
    return item.deviceTransform(w.view.viewportTransform()).mapRect(box).adjusted(1, 1, -1, -1)


@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
def test_names_cover_no_code_marker_or_other_name(qtbot, tmp_path, monkeypatch, path):
    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(path))
    w.view.resetTransform()
    w.view.scale(EDITOR_PX_PER_MM, EDITOR_PX_PER_MM)
    QApplication.processEvents()
    names = [(label.text(), on_screen(w, label, shown=True))
             for layer in (w.placement.entry_zones, w.placement.regions) for label in layer._labels
             if label.shown_lines(EDITOR_PX_PER_MM)]
    assert names
    codes = [(p.code, on_screen(w, w.scene.piece_item(p.uid).label)) for p in w.document.mission.pieces]
    objective_names = [(item.label_text(), on_screen(w, item._label, shown=True))
                       for item in w.placement.objective_items.values() if item.label_text()]
    markers = []
    for o in w.document.mission.objectives:
        c = w.view.mapFromScene(*o.at)
        r = MARKER_RADIUS * EDITOR_PX_PER_MM
        markers.append((f"marker {o.id}", QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)))
    for n, (text, box) in enumerate(names):
        for other, obox in names[n + 1:] + codes + objective_names + markers:
            assert not box.intersects(obox), f"{text!r} covers {other!r}"
