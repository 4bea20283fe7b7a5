"""The overlay layers on a bare QGraphicsScene: plain geometry and numbers in,
the right things drawn (checked on the items' state and on rendered pixels)."""
from __future__ import annotations

from types import SimpleNamespace as NS

import pytest
from shapely.geometry import box

from layout_editor.ui.overlays.layers import (
    BaseSightLayer,
    DistanceHeatLayer,
    MeasureLayer,
    OffenderLayer,
    RegionsLayer,
    VisibilityLayer,
)
from layout_editor.ui.overlays.shapes import geometry_path, heat_colour, inches

pytestmark = pytest.mark.qt


@pytest.fixture
def scene(qtbot):
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QGraphicsScene

    s = QGraphicsScene()
    s.setSceneRect(0, 0, 400, 200)
    s.setBackgroundBrush(QColor("white"))
    yield s
    s.clear()


def render(scene):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    img = QImage(400, 200, QImage.Format.Format_ARGB32)
    img.fill(0xFFFFFFFF)
    p = QPainter(img)
    scene.render(p, QRectF(0, 0, 400, 200), QRectF(0, 0, 400, 200))
    p.end()
    return img


def colour_at(img, x, y):
    from PySide6.QtGui import QColor

    return QColor(img.pixel(int(x), int(y)))


def test_geometry_path_keeps_holes():
    ring = box(0, 0, 100, 100).difference(box(40, 40, 60, 60))
    path = geometry_path(ring)
    from PySide6.QtCore import QPointF

    assert path.contains(QPointF(10, 10))
    assert not path.contains(QPointF(50, 50))


def test_regions_each_tinted_and_sealed_marked(scene):
    layer = RegionsLayer()
    scene.addItem(layer)
    layer.set_regions([NS(area=box(0, 0, 190, 200), sealed=False, label_at=(95, 100)),
                       NS(area=box(210, 0, 400, 200), sealed=True, label_at=(305, 100))],
                      unreachable=[box(300, 150, 340, 190)])
    assert layer.region_count == 2 and layer.sealed_count == 1
    assert layer.label_texts() == ["Region 1", "Region 2 · sealed"]
    img = render(scene)
    left, right = colour_at(img, 20, 20), colour_at(img, 240, 20)
    assert left != right                       # each region its own tint
    assert left.blue() > left.red()            # region 1: blue
    # Fewer regions: old labels go with them.
    layer.set_regions([NS(area=box(0, 0, 400, 200), sealed=False, label_at=(200, 100))])
    assert layer.region_count == 1 and layer.label_texts() == ["Region 1"]
    from layout_editor.ui.items.label import LabelItem

    labels = [i for i in scene.items() if isinstance(i, LabelItem)]
    assert len(labels) == 1 and labels[0].zValue() > layer.zValue()
    # the labels come and go with their layer
    layer.setVisible(False)
    assert not labels[0].isVisible()
    layer.setVisible(True)
    assert labels[0].isVisible()


def test_heat_map_writes_inches_and_no_route(scene):
    layer = DistanceHeatLayer()
    scene.addItem(layer)
    cells = [(box(0, 0, 100, 100), (50, 50), 0.0),
             (box(100, 0, 200, 100), (150, 50), 254.0),
             (box(200, 0, 300, 100), (250, 50), None)]
    layer.set_distances(cells, source_geometry=box(0, 0, 100, 100))
    assert layer.cell_texts == ['0.0"', '10.0"', "no route"]
    assert layer.values_mm == [0.0, 254.0, None]
    img = render(scene)
    near, far = colour_at(img, 10, 90), colour_at(img, 110, 90)
    assert near != far
    # near is light, far is dark (reversed viridis)
    assert near.lightness() > far.lightness()


def test_heat_colour_runs_light_to_dark():
    assert heat_colour(0).lightness() > heat_colour(0.5).lightness() > heat_colour(1).lightness()
    assert inches(25.4 * 12.34) == '12.3"'


def test_visibility_polygon_drawn(scene):
    layer = VisibilityLayer()
    scene.addItem(layer)
    poly = box(0, 0, 200, 200).difference(box(100, 0, 110, 150))
    layer.set_view((50, 100), poly, caption="Sees 50 %")
    assert layer.area_mm2 == pytest.approx(poly.area)
    img = render(scene)
    inside, outside = colour_at(img, 20, 20), colour_at(img, 300, 20)
    assert outside.name() == "#ffffff" and inside.name() != "#ffffff"


def test_base_sight_verdicts(scene):
    layer = BaseSightLayer()
    scene.addItem(layer)
    layer.set_bases([((50, 100), 32.0)])
    assert "click the target" in layer.verdict()
    result = NS(visible=True, fully_visible=False,
                lines=[((60, 100), (300, 100))], blocked=[((60, 90), (300, 120))] * 100)
    layer.set_bases([((50, 100), 32.0), ((300, 100), 50.0)], result)
    assert layer.visible and not layer.fully_visible
    assert layer.verdict().startswith("Visible, not fully")
    assert "32 mm → 50 mm" in layer.verdict()
    assert layer.line_count == 1
    layer.set_bases([((50, 100), 32.0), ((300, 100), 50.0)],
                    NS(visible=False, fully_visible=False, lines=[], blocked=[]))
    assert layer.verdict().startswith("Not visible")


def test_measure_shows_route_and_straight(scene):
    layer = MeasureLayer()
    scene.addItem(layer)
    layer.set_start((10, 10))
    assert "Click where" in layer.caption()
    layer.set_measurement((10, 10), (310, 10), [(10, 10), (160, 150), (310, 10)], 410.3, 300.0)
    assert layer.caption().splitlines()[0] == 'Route 16.2"  (410 mm)'
    assert layer.caption().splitlines()[1] == 'Straight 11.8"  (300 mm)'
    img = render(scene)
    # The route's corner is drawn where the route goes, not on the straight line.
    assert colour_at(img, 160, 148).name() != "#ffffff"
    layer.set_measurement((10, 10), (310, 10), [], None, 300.0)
    assert layer.caption().startswith("No route")


def test_offenders_outlined_in_severity_colour(scene):
    layer = OffenderLayer()
    scene.addItem(layer)
    layer.set_marks({7: (box(100, 90, 300, 96), "error")}, places=[((50, 50), "warning")])
    assert layer.marked == {7: "error"}
    img = render(scene)
    # Just outside the piece, the mark's red ring shows.
    c = colour_at(img, 200, 87)
    assert c.red() > 150 and c.green() < 150
    layer.set_marks({})
    img = render(scene)
    assert colour_at(img, 200, 87).name() == "#ffffff"
