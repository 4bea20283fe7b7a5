"""Adding an overlay is one new class and its registration (overlays/
registry.py), nothing else: an overlay registered here, in the test, gets its
entry on the editor's Overlays toolbar, is computed off the UI thread,
draws, is asked again after an edit, fails with a message and no traceback
reaching Qt, and an overlay for one game takes the place of the one it
replaces while a mission of that game is on the table."""
from __future__ import annotations

import threading

import pytest
from editor_helpers import make_window
from overlay_missions import room_mission
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene, QToolButton

from layout_editor.games import KILL_TEAM
from layout_editor.model.edits import add_pieces
from layout_editor.model.mission import Piece, killzone_mission
from layout_editor.ui.analysis_worker import AnalysisWorker
from layout_editor.ui.overlays import registry
from layout_editor.ui.overlays.controller import OverlayController
from layout_editor.ui.overlays.overlay import Job, Overlay

pytestmark = pytest.mark.qt

RAN_ON: list[str] = []          # the thread each job ran on
BROKEN = threading.Event()      # set: the "rules core" raises


def pieces_job(mission, base_mm: float, hatches: str):
    """The stand-in rules core: a plain function of the mission and the
    toolbar's settings, run on the worker."""
    RAN_ON.append(threading.current_thread().name)
    if BROKEN.is_set():
        raise ValueError("no corners here")
    xs = [p.uid for p in mission.pieces]
    return len(xs), base_mm, hatches


class PieceCount(Overlay):
    """Counts the pieces; draws a square whose side is their number."""
    key = "test-piece-count"
    shortcut = "Shift+K"

    def text(self) -> str:
        return "Piece count"

    def tooltip(self, kill_team: bool) -> str:
        return "How many pieces (Kill Team)" if kill_team else "How many pieces"

    def make_layers(self):
        self.layer = QGraphicsRectItem()
        return [self.layer]

    def ask(self, mission, settings) -> Job:
        return Job(pieces_job, (mission, settings.base_mm, settings.hatches))

    def show(self, answer) -> str | None:
        if not self.on:
            return None
        n, base_mm, hatches = answer
        self.layer.setRect(QRectF(0, 0, n, n))
        self.layer.setVisible(True)
        return f"{n} pieces, {base_mm:g} mm, {hatches}"


class KillTeamPieceCount(PieceCount):
    """The same for Kill Team only, standing in for it there."""
    key = "test-kt-piece-count"
    game = KILL_TEAM
    replaces = "test-piece-count"

    def text(self) -> str:
        return "Piece count (KT)"


@pytest.fixture
def registered(monkeypatch):
    """Registered as registry.py registers every overlay: one more entry."""
    monkeypatch.setattr(registry, "OVERLAYS", (*registry.OVERLAYS, PieceCount))
    RAN_ON.clear()
    BROKEN.clear()
    yield
    BROKEN.clear()


def button(w, action):
    (b,) = [o for o in action.associatedObjects() if isinstance(o, QToolButton)]
    return b


def test_a_registered_overlay_is_on_the_toolbar_computed_off_the_ui_thread_and_drawn(
        qtbot, tmp_path, monkeypatch, registered):
    w = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    fb = w.feedback
    assert fb.settle(10000)
    ov = fb.overlays
    action = ov.actions["test-piece-count"]
    # its entry, on the Overlays toolbar, in its words, with its key
    assert action in fb.toolbar.actions() and action.objectName() == "overlay-test-piece-count"
    assert action.text() == "Piece count" and action.toolTip() == "How many pieces"
    assert action.isCheckable() and action.shortcut() == QKeySequence("Shift+K")
    overlay = ov["test-piece-count"]
    assert overlay.layer.scene() is w.scene and not overlay.layer.isVisible()

    QTest.mouseClick(button(w, action), Qt.LeftButton)        # as the player does
    assert fb.settle(10000)
    assert RAN_ON and all(name != threading.main_thread().name for name in RAN_ON)
    n = len(w.document.mission.pieces)
    assert overlay.layer.isVisible() and overlay.layer.rect() == QRectF(0, 0, n, n)
    assert w.statusBar().currentMessage() == f"{n} pieces, 32 mm, as-set"

    # the toolbar's settings reach it; an edit asks again
    ov.set_hatches("open")
    assert fb.settle(10000)
    assert w.statusBar().currentMessage() == f"{n} pieces, 32 mm, open"
    w.document.apply("Place Pillar", add_pieces, [Piece("pillar-right", "B", at=(2, 4))])
    assert fb.settle(10000)
    assert overlay.layer.rect() == QRectF(0, 0, n + 1, n + 1)

    # switched off: hidden, and an answer on its way is dropped
    QTest.mouseClick(button(w, action), Qt.LeftButton)
    assert fb.settle(10000)
    assert not overlay.on and not overlay.layer.isVisible()


def test_a_registered_overlay_that_fails_says_so_and_hides_its_old_picture(
        qtbot, tmp_path, monkeypatch, registered):
    w = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    fb = w.feedback
    ov = fb.overlays
    ov.actions["test-piece-count"].trigger()
    assert fb.settle(10000)
    layer = ov["test-piece-count"].layer
    assert layer.isVisible()
    BROKEN.set()
    w.document.apply("Place Pillar", add_pieces, [Piece("pillar-right", "B", at=(2, 4))])
    assert fb.settle(10000)        # pytest-qt fails the test on an exception reaching Qt
    assert not layer.isVisible()
    assert w.statusBar().currentMessage() == "Piece count: the rules core failed (ValueError: no corners here)"
    BROKEN.clear()                 # mended: the next edit draws again
    w.document.undo_stack.undo()
    assert fb.settle(10000)
    assert layer.isVisible()


def test_an_overlay_for_one_game_stands_in_for_the_one_it_replaces(qtbot):
    scene = QGraphicsScene()
    worker = AnalysisWorker(scene)
    ctl = OverlayController(scene, worker, scene, overlays=(PieceCount, KillTeamPieceCount))
    ctl.toolbar()
    try:
        ba, kt = ctl.actions["test-piece-count"], ctl.actions["test-kt-piece-count"]
        ctl.set_mission(room_mission())
        assert ctl["test-piece-count"] is ctl.overlays[0]
        assert ba.isVisible() and ba.isEnabled() and not kt.isEnabled()   # hidden, its shortcut off
        ctl.set_visible("test-piece-count", True)
        assert worker.wait_idle(10000)
        assert ctl.overlays[0].layer.isVisible()
        # A Kill Team mission: its own entry, switched on in the other's place.
        ctl.set_mission(killzone_mission("Room"))
        assert worker.wait_idle(10000)
        assert ctl["test-piece-count"] is ctl.overlays[1]
        assert kt.isEnabled() and kt.isChecked() and not ba.isEnabled() and not ba.isChecked()
        assert not ctl.overlays[0].layer.isVisible() and ctl.overlays[1].layer.isVisible()
        assert kt.toolTip() == "How many pieces (Kill Team)"
        # and back
        ctl.set_mission(room_mission())
        assert worker.wait_idle(10000)
        assert ba.isChecked() and not kt.isChecked() and ctl.overlays[0].layer.isVisible()
    finally:
        worker.shutdown()
        scene.clear()


def test_the_controller_names_no_overlay():
    """The registry is the one place an overlay is named: the controller
    has no channel string, class or layer of any registered overlay."""
    import ast
    import inspect

    from layout_editor.ui.overlays import controller

    tree = ast.parse(inspect.getsource(controller))
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
            {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    for kind in registry.OVERLAYS:
        assert kind.key not in strings, kind.key
        assert kind.__name__ not in names | imported, kind.__name__
    assert not any(name.endswith("Layer") and name != "PathLayer" for name in names | imported)
