"""The overlay controller on a bare scene with the real rules core: tools
clicked, answers computed off the UI thread, layers showing them."""
from __future__ import annotations

import math

import pytest
from overlay_missions import INSIDE, OUTSIDE, room_mission

from layout_editor.rules import paths
from layout_editor.ui.analysis_worker import AnalysisWorker
from layout_editor.ui.overlays.controller import OverlayController
from layout_editor.ui.overlays.overlay import DISTANCE, MEASURE, SIGHT

pytestmark = pytest.mark.qt


@pytest.fixture
def ctl(qtbot):
    from PySide6.QtWidgets import QGraphicsScene

    scene = QGraphicsScene()
    worker = AnalysisWorker(scene)
    c = OverlayController(scene, worker, scene)
    c.toolbar()
    c.set_mission(room_mission())
    yield c
    worker.shutdown()
    scene.clear()


def settle(c):
    assert c._worker.wait_idle(5000)


def test_measure_two_clicks_shows_the_route_length(ctl):
    ctl.set_hatches("open")
    ctl.request_tool(MEASURE)
    ctl.press(INSIDE)
    assert ctl["measure"].layer.isVisible() and ctl["measure"].measuring
    ctl.move((450, 450))           # the route follows the mouse ...
    ctl.press(OUTSIDE)             # ... until the second click fixes it
    settle(ctl)
    expected = paths.measure(ctl.mission, INSIDE, OUTSIDE, hatches="open")
    assert ctl["measure"].layer.route_mm == pytest.approx(expected.distance_mm)
    assert ctl["measure"].layer.straight_mm == pytest.approx(math.dist(INSIDE, OUTSIDE))
    first = ctl["measure"].layer.caption().splitlines()[0]
    assert first.startswith(f'Route {expected.distance_mm / 25.4:.1f}"')
    assert ctl["measure"].layer.route_points == [tuple(p) for p in expected.route]


def test_measure_follows_the_hatchway_view(ctl):
    ctl.request_tool(MEASURE)
    ctl.press(INSIDE)
    ctl.press(OUTSIDE)
    settle(ctl)
    assert ctl["measure"].layer.route_mm is None          # sealed room, as set (closed)
    assert ctl["measure"].layer.caption().startswith("No route")
    ctl.set_hatches("open")
    settle(ctl)
    assert ctl["measure"].layer.route_mm is not None
    ctl.hatch_combo.setCurrentIndex(2)                 # all closed, from the toolbar
    ctl.hatch_combo.activated.emit(2)
    settle(ctl)
    assert ctl.hatches == "closed" and ctl["measure"].layer.route_mm is None


def test_measure_in_a_wall_says_so(ctl):
    ctl.request_tool(MEASURE)
    messages = []
    ctl.message.connect(messages.append)
    ctl.press(OUTSIDE)
    ctl.press((12.5 + 97, 12.5 + 2 * 97))  # node (1,2): on the west wall's line
    settle(ctl)
    assert "Cannot measure" in ctl["measure"].layer.caption()
    assert any(m.startswith("Measure:") for m in messages)


def test_distances_from_a_player_and_a_point(ctl):
    ctl.set_visible("distances", True)
    settle(ctl)
    layer = ctl["distances"].layer
    assert layer.isVisible()
    values = layer.values_mm
    assert len(values) == 2 * 7 * 6
    # the four zones inside the sealed room have no route from player 1
    assert values.count(None) == 4
    assert layer.cell_texts.count("no route") == 4
    # from a clicked point inside the room, only those four are reachable
    ctl.request_tool(DISTANCE)
    ctl.press(INSIDE)
    settle(ctl)
    assert sum(v is not None for v in layer.values_mm) == 4
    assert ctl["distances"].source == ("point", INSIDE)


def test_switching_an_overlay_off_drops_its_answer(ctl):
    ctl.set_visible("distances", True)
    ctl.set_visible("distances", False)
    settle(ctl)
    assert not ctl["distances"].layer.isVisible()


def test_edit_recomputes_showing_overlays(ctl):
    ctl.request_tool(MEASURE)
    ctl.press(INSIDE)
    ctl.press(OUTSIDE)
    settle(ctl)
    assert ctl["measure"].layer.route_mm is None
    ctl.set_mission(room_mission(hatch_open=True))   # the user opened the hatchway
    settle(ctl)
    assert ctl["measure"].layer.route_mm is not None


def test_sight_target_follows_the_mouse_then_stays(ctl):
    from layout_editor.ui.overlays.sight import SIGHT_BASES

    ctl.request_tool(SIGHT)
    ctl["sight"].set_mode(SIGHT_BASES)
    ctl.press((500.0, 400.0))                # observer, 32 mm
    assert "click the target" in ctl["sight"].bases_layer.verdict()
    ctl.set_base_mm(50)
    ctl.move((900.0, 400.0))                 # hover: a preview, nothing fixed
    settle(ctl)
    assert ctl["sight"].bases_layer.fully_visible is True
    assert len(ctl["sight"].bases) == 1
    ctl.move((200.0, 200.0))                 # inside the closed room
    ctl.press((200.0, 200.0))                # fixed there
    settle(ctl)
    assert len(ctl["sight"].bases) == 2 and ctl["sight"].bases[1] == ((200.0, 200.0), 50.0)
    assert ctl["sight"].bases_layer.visible is False
    assert "32 mm → 50 mm" in ctl["sight"].bases_layer.verdict()


def test_offender_marks_take_the_worst_severity_and_skip_stock():
    from dataclasses import dataclass

    from layout_editor.rules.overlays import offender_marks

    @dataclass(frozen=True)
    class F:
        severity: str
        code: str
        pieces: tuple = ()
        places: tuple = ()

    m = room_mission()
    a, b, c = (p.uid for p in m.pieces[:3])
    outlines, places = offender_marks(m, [
        F("warning", "wall-end-astray", (a,)),
        F("error", "overlap", (a, b)),
        F("error", "not-enough-sets", (a, b, c)),
        F("info", "cell-sealed", (), ((1.0, 2.0),)),
        F("warning", "entry-zones-in-sight", (), ((3.0, 4.0), (5.0, 6.0))),
        F("error", "overlap", (999999,)),      # a piece deleted since
    ])
    assert {uid: sev for uid, (_, sev) in outlines.items()} == {a: "error", b: "error"}
    assert places == [((3.0, 4.0), "warning"), ((5.0, 6.0), "warning")]
    assert outlines[a][0].area > 0


def test_a_failing_rules_call_hides_the_old_picture(ctl, monkeypatch):
    from layout_editor.rules import overlays as compute

    ctl.set_visible("regions", True)
    settle(ctl)
    assert ctl["regions"].layer.isVisible()
    messages = []
    ctl.message.connect(messages.append)

    def broken(*args, **kwargs):
        raise ValueError("bad geometry")

    monkeypatch.setattr(compute, "compute_regions", broken)
    ctl.set_mission(room_mission(hatch_open=True))
    settle(ctl)
    assert not ctl["regions"].layer.isVisible()
    assert any("Regions: the rules core failed (ValueError: bad geometry)" in m for m in messages)
