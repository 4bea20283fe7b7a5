"""Live rules feedback in the editor window: the findings panel, the marks
on offending pieces, the overlays toolbar and its measure, sight and
distance tools — all fed by the rules core off the UI thread.

MainWindow builds it (`self.feedback = LiveFeedback(self)`); its tools get
the window's services like every tool.
"""
from __future__ import annotations

import sys

from PySide6.QtCore import QT_TR_NOOP, QCoreApplication, QObject, Qt, QTimer

from .analysis_worker import LiveAnalysis
from .i18n import Overlays
from .overlays.compute import compute_balance, offender_marks
from .overlays.controller import DISTANCE, MEASURE, SIGHT, OverlayController
from .overlays.layers import OffenderLayer
from .panels.findings import FindingsPanel
from .tools.base import Tool


class _OverlayTool(Tool):
    """A tool whose clicks go to the overlay controller (table mm)."""

    key = ""

    def __init__(self, services, overlays: OverlayController):
        super().__init__(services)
        self.overlays = overlays

    def activate(self) -> None:
        self.overlays.tool_changed(self.key)

    def deactivate(self) -> None:
        if self.overlays.active_tool == self.key:
            self.overlays.tool_changed("")

    def mouse_press(self, ev) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        self.overlays.press((ev.x, ev.y))
        return True

    def mouse_move(self, ev) -> bool:
        self.overlays.move((ev.x, ev.y))
        return False  # the status bar's coordinates still follow the mouse

    def mouse_release(self, ev) -> bool:
        return ev.button == Qt.MouseButton.LeftButton

    def double_click(self, ev) -> bool:
        # A double-click would otherwise open or close a hatchway under the
        # tape; while measuring it is just two clicks.
        return self.mouse_press(ev)

    def action(self, name: str) -> bool:
        if name == "escape":
            self.overlays.clear_marks()
            return True
        return False


class MeasureTool(_OverlayTool):
    name = "Measure"
    title = QT_TR_NOOP("Measure")
    shortcut = "M"
    tip = QT_TR_NOOP("Click two points: the route around walls with its length, and the straight line")
    cursor = Qt.CursorShape.CrossCursor
    key = MEASURE


class SightTool(_OverlayTool):
    name = "Sight"
    title = QT_TR_NOOP("Sight")
    shortcut = "V"
    tip = QT_TR_NOOP("Click a point to see what it sees, or place two bases: visible or fully visible")
    cursor = Qt.CursorShape.CrossCursor
    key = SIGHT


class DistanceTool(_OverlayTool):
    name = "Distances from point"
    title = QT_TR_NOOP("Distances from point")
    tip = QT_TR_NOOP("Click a point: route distance from it to every zone")
    cursor = Qt.CursorShape.CrossCursor
    key = DISTANCE


class LiveFeedback(QObject):
    """Ties the document's changes to the rules core and the answers to the
    window. Everything the rules core computes runs on `worker`."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.worker = window.services.worker
        # The rules run in Python threads: with the default 5 ms switch
        # interval a busy worker keeps the GIL from the UI thread for up to
        # 5 ms each time a paint() or a slot needs it, and a repaint needs
        # it hundreds of times. 1 ms keeps the window smooth while an
        # overlay is computed; the rules lose little.
        if sys.getswitchinterval() > 0.001:
            sys.setswitchinterval(0.001)
        self.live = LiveAnalysis(self.worker, self)

        self.panel = FindingsPanel()
        self.dock = window.add_dock("Findings", self.panel, Qt.RightDockWidgetArea, "findings")
        # Findings are what a designer watches while building: in front of
        # the other tabs at the start (the tab title counts the problems).
        self.dock.raise_()

        self.places_layer = window.scene.add_overlay(OffenderLayer())
        self.overlays = OverlayController(window.scene, self.worker, self)
        self.overlays.follow(lambda: window.document.mission)
        services = window.services
        actions = {MEASURE: window.add_tool(MeasureTool(services, self.overlays), toolbar=False),
                   SIGHT: window.add_tool(SightTool(services, self.overlays), toolbar=False)}
        window.add_tool(DistanceTool(services, self.overlays), toolbar=False)
        bar = window.add_toolbar("Overlays")
        bar.setWindowTitle(Overlays.tr("Overlays"))  # its name in View; the English one keeps the window's layout
        # A row of its own: beside the editing bars it would be cut off.
        window.insertToolBarBreak(bar)
        self.toolbar = self.overlays.toolbar(bar, actions)

        from .overlays.designer_layers import DesignerOverlays
        self.designer_overlays = DesignerOverlays(self.overlays, window.scene, self.worker,
                                                  lambda: window.document.mission, self)
        from .hatchway_feedback import HatchwayFeedback
        self.hatchway_feedback = HatchwayFeedback(self)

        self.live.analysisReady.connect(self._show_analysis)
        self.live.analysisFailed.connect(self.panel.show_failure)
        self.live.analysisFailed.connect(lambda _message: self._flush_overlays())
        self.panel.findingActivated.connect(self.go_to)
        self.overlays.message.connect(lambda text: window.show_message(text, 8000))
        self.worker.resultReady.connect(self._balance_ready)
        self.overlays.toolRequested.connect(self._tool_requested)
        window.document.changed.connect(self._changed)
        # No rules thread may outlive the objects it reports to.
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._shutdown)
        window.destroyed.connect(self._shutdown)

        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.setInterval(30)
        self._overlay_timer.timeout.connect(self._flush_overlays)

        mission = window.document.mission
        self._overlays_due = mission
        self.live.set_mission(mission)

    def _shutdown(self, *_args) -> None:
        try:
            self.worker.shutdown()
        except RuntimeError:
            pass  # Qt has already taken the worker down with the window

    def settle(self, timeout_ms: int = 10000) -> bool:
        """Wait until every answer asked for is shown (screenshots, tests)."""
        ok = self.worker.wait_idle(timeout_ms)
        while ok and (self._overlay_timer.isActive() or self._overlays_due is not None):
            self._overlay_timer.stop()
            self._flush_overlays()
            ok = self.worker.wait_idle(timeout_ms)
        return ok

    def _changed(self, change) -> None:
        # Every change, text ones too: the stock check reads `sets`, the
        # entry-zone checks read `players`. Typing in the briefing costs
        # little: the worker runs at most one check behind the newest.
        mission = self.window.document.mission
        if getattr(change, "everything", False):
            # Another mission (new, open, recover): marks placed on the old
            # table mean nothing on this one.
            self.overlays.clear_marks()
            self.overlays.forget_point_source()
        self.overlays.table_changed()
        self.worker.cancel("balance")
        self.live.set_mission(mission)
        # The overlays ask after the findings are in: their jobs share the
        # one rules thread, and asked first they would delay the findings.
        self._overlays_due = mission

    def _flush_overlays(self) -> None:
        mission, self._overlays_due = self._overlays_due, None
        if mission is not None:
            self.overlays.set_mission(mission)
            if mission.objectives or self.panel.balance_table().isVisible():
                self.worker.submit("balance", compute_balance, mission)
            self.hatchway_feedback.ask(mission)
            self.designer_overlays.refresh(mission)

    def _show_analysis(self, mission, findings) -> None:
        # The worker only delivers the newest request's answer; an edit since
        # then that the rules do not read (the card's texts) leaves it true.
        self.panel.set_findings(findings)
        # The dock's tab says how many problems there are, so they show even
        # while the Mission tab is in front.
        problems = sum(1 for f in findings if f.severity in ("error", "warning"))
        title = QCoreApplication.translate("FindingsPanel", "Findings")
        self.dock.setWindowTitle(f"{title} ({problems})" if problems else title)
        outlines, places = offender_marks(mission, findings)
        self.window.scene.set_piece_marks({uid: sev for uid, (_, sev) in outlines.items()})
        self.places_layer.set_marks({}, places)
        # Let the findings and marks paint first; the overlays' rules work
        # would otherwise hold the GIL while the window repaints.
        self._overlay_timer.start()

    def _balance_ready(self, channel: str, data, seconds: float) -> None:
        if channel == "balance":
            self.panel.set_balance(data)

    def go_to(self, finding) -> None:
        """Select and centre what a finding concerns."""
        mission = self.window.document.mission
        uids = [u for u in finding.pieces if any(p.uid == u for p in mission.pieces)]
        if uids:
            self.window.select_pieces(uids, centre=True)
            return
        points = list(finding.places)
        if not points and getattr(finding, "objectives", ()):
            points = [o.at for o in mission.objectives if o.id in finding.objectives]
        if not points and getattr(finding, "cells", ()):
            scene = self.window.scene
            points = [scene.board_items[b].placement.cell_centre_table(c)
                      for b, c in finding.cells if b in scene.board_items]
        if points:
            self.window.centre_on(points)

    def _tool_requested(self, key: str) -> None:
        names = {MEASURE: MeasureTool.name, SIGHT: SightTool.name, DISTANCE: DistanceTool.name}
        self.window.activate_tool(names.get(key, "Select"))
