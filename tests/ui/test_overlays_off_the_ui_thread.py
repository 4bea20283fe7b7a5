"""The window never waits for an overlay (issue 13): findings come while an
overlay is still being worked out, an overlay's answer for a table that has
changed since is dropped, the balance table is worked out only while it can
be seen, and a layer drawn from the picture made on the worker shows what it
shows drawn on the spot."""
from __future__ import annotations

import threading
from dataclasses import replace
from types import SimpleNamespace as NS

import pytest
from editor_helpers import make_window
from overlay_missions import room_mission
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from shapely.geometry import box

from layout_editor.model.edits import add_pieces
from layout_editor.model.mission import Objective, Piece
from layout_editor.rules import overlays as rules_overlays

pytestmark = pytest.mark.qt


@pytest.fixture
def w(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    assert window.feedback.settle(8000)
    yield window
    window.feedback.worker.shutdown()
    window.document.undo_stack.setClean()


def settle(w):
    assert w.feedback.settle(8000)


def gated(monkeypatch, name: str):
    """Stand in for the rules core's `name`: the first call waits until the
    returned gate opens (an overlay still being worked out); `asked` lists
    the missions it was asked about."""
    real = getattr(rules_overlays, name)
    gate, asked = threading.Event(), []

    def slow(mission, *args, **kwargs):
        asked.append(mission)
        if len(asked) == 1:
            # Long enough never to open by itself on a loaded machine (the
            # tests open it); short enough that a broken test cannot hang.
            gate.wait(120)
        return real(mission, *args, **kwargs)

    monkeypatch.setattr(rules_overlays, name, slow)
    return gate, asked


def test_findings_arrive_while_an_overlay_is_worked_out(qtbot, w, monkeypatch):
    gate, asked = gated(monkeypatch, "compute_regions")
    ov = w.feedback.overlays
    ov.set_visible("regions", True)
    qtbot.waitUntil(lambda: bool(asked))          # the regions job runs, and waits
    shown = []
    w.feedback.live.analysisReady.connect(lambda mission, findings: shown.append(mission))
    try:
        w.document.apply("Place Pillar", add_pieces, [Piece("pillar-right", "B", at=(2, 4))])
        edited = w.document.mission
        # The findings of the edit come although the overlay's job has not
        # ended: they are not queued behind it.
        qtbot.waitUntil(lambda: edited in shown, timeout=60000)
        assert w.feedback.worker.is_busy("regions") and not gate.is_set()
    finally:
        gate.set()
    settle(w)
    assert ov["regions"].layer.isVisible()


def test_an_overlay_answer_for_a_changed_table_is_dropped(qtbot, w, monkeypatch):
    gate, asked = gated(monkeypatch, "compute_distances")
    dropped = []
    w.feedback.worker.resultDropped.connect(lambda channel, generation: dropped.append(channel))
    ov = w.feedback.overlays
    ov.set_visible("distances", True)
    qtbot.waitUntil(lambda: bool(asked))
    before = asked[0]
    shown = []
    ov.updated.connect(lambda channel: shown.append(ov["distances"].layer.values_mm) if channel == "distances" else None)
    # A wall across player 1's way while the old table's distances are
    # still being worked out.
    w.document.apply("Place A1", add_pieces, [Piece("A1", "A", from_node=(0, 4), to_node=(2, 4))])
    gate.set()
    settle(w)
    assert asked[-1] is w.document.mission and before is not w.document.mission
    assert "distances" in dropped
    fresh = rules_overlays.compute_distances(w.document.mission, ("player", 1), "as-set")
    old = rules_overlays.compute_distances(before, ("player", 1), "as-set")
    assert [d for *_, d in fresh.cells] != [d for *_, d in old.cells]
    # Only the answer for the table as it is now was ever drawn.
    assert shown and all(values == [d for *_, d in fresh.cells] for values in shown)


def test_the_balance_table_is_worked_out_only_while_it_can_be_seen(qtbot, w, monkeypatch):
    asked = []
    real = rules_overlays.compute_balance

    def counted(mission):
        asked.append(mission)
        return real(mission)

    monkeypatch.setattr(rules_overlays, "compute_balance", counted)
    fb = w.feedback
    fb.dock.hide()
    assert not fb.balance_wanted
    m = w.document.mission
    w.document.reset(replace(m, objectives=(Objective("1", (160.0, 450.0)), Objective("2", (700.0, 300.0)))))
    settle(w)
    w.document.apply("Place Pillar", add_pieces, [Piece("pillar-right", "B", at=(2, 4))])
    settle(w)
    assert asked == []                              # hidden: not worked out
    fb.dock.show()
    settle(w)
    assert asked and asked[-1] is w.document.mission   # shown: worked out for the table as it is
    table = fb.panel.balance_table()
    assert table.isVisible() and table.rowCount() == 3   # two objectives and the total
    n = len(asked)
    fb.dock.hide()
    fb.dock.show()
    settle(w)
    assert len(asked) == n                          # nothing changed: not asked again


def picture_of(layer, scale: float) -> QImage:
    """The scene with the layer on it drawn at `scale` px per mm."""
    scene = QGraphicsScene()
    scene.addItem(layer)
    rect = QRectF(0, 0, 400, 200)
    image = QImage(int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    scene.removeItem(layer)
    return image


def mean_difference(a: QImage, b: QImage) -> float:
    """Per pixel, of the two seen from afar (an eighth of the size): the
    hatching of a sealed region may start a few pixels further along."""
    a, b = (im.scaled(im.width() // 8, im.height() // 8, Qt.AspectRatioMode.IgnoreAspectRatio,
                      Qt.TransformationMode.SmoothTransformation) for im in (a, b))
    total = 0
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            total += abs(p.red() - q.red()) + abs(p.green() - q.green()) + abs(p.blue() - q.blue())
    return total / (a.height() * a.width())


def test_a_layer_from_its_picture_shows_what_it_shows_drawn(qtbot):
    from layout_editor.ui.overlays.layers import DistanceHeatLayer, RegionsLayer

    regions = [NS(area=box(0, 0, 190, 200), sealed=False, label_at=(95, 100)),
               NS(area=box(210, 0, 400, 200).difference(box(260, 50, 300, 150)), sealed=True,
                  label_at=(350, 100))]
    cells = [(box(0, 0, 100, 100), (50, 50), 0.0), (box(100, 0, 200, 100), (150, 50), 254.0),
             (box(200, 0, 300, 100), (250, 50), None)]
    for make, args in ((RegionsLayer, (regions, [box(0, 150, 40, 200)])),
                       (DistanceHeatLayer, (cells, box(0, 0, 100, 100)))):
        scale = 2.0
        drawn, pictured = make(), make()
        drawn.show(make.prepare(*args))                 # no picture: drawn on the spot
        prepared = make.prepare(*args, scale=scale)     # as the worker makes it
        assert prepared.drawing.image is not None
        pictured.show(prepared)
        a, b = picture_of(drawn, scale), picture_of(pictured, scale)
        assert mean_difference(a, b) < 6.0, make.__name__
        # and something was drawn at all
        assert mean_difference(a, picture_of(make(), scale)) > 20.0
        # Zoomed in past the picture, the layer draws its paths again.
        assert not prepared.drawing.sharp_at(scale * 2)


def test_the_picture_of_a_big_table_stays_small():
    from layout_editor.ui.overlays.shapes import MAX_PICTURE_PIXELS, Drawing, geometry_path

    drawing = Drawing()
    drawing.add(geometry_path(box(0, 0, 2816, 2428)), None, QColor("red"))
    drawing.render(20.0)                            # 20 px a mm would be 2.7 gigapixels
    assert drawing.image.width() * drawing.image.height() <= MAX_PICTURE_PIXELS * 1.05
    assert drawing.image_rect.contains(drawing.bounds)


def test_zoomed_in_the_picture_is_made_again_sharper(qtbot, w):
    ov = w.feedback.overlays
    ov.set_visible("distances", True)
    settle(w)
    layer = ov["distances"].layer
    before = layer._drawing
    assert before.image is not None and before.sharp_at(w.view.scale_factor())
    w.view.zoom_by(2.0)
    w.view.viewport().repaint()            # drawn from its paths meanwhile ...
    qtbot.waitUntil(lambda: layer._drawing is not before, timeout=8000)
    settle(w)
    after = layer._drawing                 # ... until the sharper picture comes
    assert after.steps is before.steps and after.image_scale > before.image_scale * 1.5
    assert after.sharp_at(w.view.scale_factor())
    assert layer.values_mm == [d for *_, d in rules_overlays.compute_distances(
        w.document.mission, ("player", 1), "as-set").cells]
