"""Zoomed far out, the names on the table make room for the map: piece codes
go, an entry zone shows its player's short name, a region's name goes; at
the usual zoom every name is whole."""
from __future__ import annotations

import pytest
from editor_helpers import make_window
from PySide6.QtWidgets import QApplication

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission

pytestmark = pytest.mark.qt


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    mission = load_mission(mission_library_dir() / "four-corners-of-the-drift.yaml")
    return make_window(qtbot, tmp_path, monkeypatch, mission)


def zoom(w, factor: float) -> float:
    w.view.fit()
    w.view.scale(factor, factor)
    QApplication.processEvents()
    return w.view.transform().m11()


def shown(layer, scale):
    return [label.shown_lines(scale) for label in layer._labels]


def piece_labels(w):
    return [w.scene.piece_item(p.uid).label for p in w.document.mission.pieces]


def test_every_name_is_whole_at_the_usual_zoom(w):
    scale = zoom(w, 1.0)
    assert shown(w.placement.entry_zones, scale) == [[t] for t in w.placement.entry_zones.label_texts()]
    assert "Player 1: North-west crew" in w.placement.entry_zones.label_texts()
    assert all(lines == [t] for lines, t in zip(shown(w.placement.regions, scale),
                                                  w.placement.regions.label_texts()))
    assert all(label.shown() for label in piece_labels(w))


def test_far_out_the_map_shows_through(w):
    scale = zoom(w, 0.15)
    assert shown(w.placement.entry_zones, scale) == [["P1"], ["P2"], ["P3"], ["P4"]]
    assert all(lines == [] for lines in shown(w.placement.regions, scale))
    assert not any(label.shown() for label in piece_labels(w))
    zoom(w, 1.0)
    assert all(label.shown() for label in piece_labels(w))


def test_the_names_drawn_follow_the_zoom(w):
    """The names are cached pictures (ui/items/label.py): zoomed with the
    view, each is drawn again in the form it shows at the new zoom, in the
    same repaint (view.TableView.paintEvent tells them)."""
    captions = list(w.placement.entry_zones._labels)
    vp = w.view.viewport()
    for factor in (0.15, 1.0, 0.15):
        scale = zoom(w, factor)
        vp.repaint()
        drawn = [label._drawn[0] if label._drawn else None for label in captions]
        assert drawn == shown(w.placement.entry_zones, scale), factor
    assert drawn == [["P1"], ["P2"], ["P3"], ["P4"]]
