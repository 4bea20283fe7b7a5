"""Live rules feedback in the editor window: the findings panel, the marks
on offending pieces, the overlays toolbar and its measure, sight and
distance tools — all fed by the rules core off the UI thread.

MainWindow builds it (`self.feedback = LiveFeedback(self)`); its tools get
the window's services like every tool.
"""
from __future__ import annotations

import gc
import sys
import time

from PySide6.QtCore import QT_TR_NOOP, QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QPixmapCache

from ..rules import kernels
from ..rules import overlays as rules_overlays
from ..rules.overlays import offender_marks
from .analysis_worker import LiveAnalysis
from .game import is_kill_team
from .hatchway_feedback import HatchwayFeedback
from .i18n import Overlays, say
from .overlays.controller import OverlayController
from .overlays.layers import OffenderLayer
from .overlays.overlay import DISTANCE, MEASURE, SIGHT
from .panels.findings import FindingsPanel
from .tools.base import Tool

# gc.freeze() done (see LiveFeedback._freeze_what_lives): 0 not yet, 1 at
# the first findings, 2 again once the compiled kernels had loaded
_frozen = 0

# Room for the pixmaps the table is drawn from (kB): six full-screen overlay
# layers at 8 MB and a few thousand small piece pixmaps.
PIXMAP_CACHE_KB = 128 * 1024


def balance_job(mission, kill_team: bool):
    """On the worker: the balance table's routes. Kill Team: drop zones to
    markers, every hatchway operable, +1" per access point. (Looked up when
    the job runs, so a test can stand in for the rules core.)"""
    if kill_team:
        return rules_overlays.compute_kt_balance(mission)
    return rules_overlays.compute_balance(mission)


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

    # The overlays are asked again once the table has not changed for this
    # long (and its findings are in).
    OVERLAY_QUIET_MS = 250

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
        # The pieces, their labels and the overlay layers are drawn once and
        # kept as pixmaps, so a new overlay answer repaints the table by
        # blitting (see overlays/shapes.Drawing). Qt's default 10 MB for all
        # of them is less than two overlays covering a full-screen view: the
        # pixmaps would evict each other and every repaint would draw them
        # all again on the UI thread.
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.live = LiveAnalysis(self.worker, self)

        self.panel = FindingsPanel()
        # Titled in the interface's language from the start (the count is
        # added when the first findings are in).
        self.dock = window.add_dock(QCoreApplication.translate("FindingsPanel", "Findings"), self.panel,
                                    Qt.RightDockWidgetArea, "findings")
        # Findings are what a designer watches while building: in front of
        # the other tabs at the start (the tab title counts the problems).
        self.dock.raise_()

        self.places_layer = window.scene.add_overlay(OffenderLayer())
        self.overlays = OverlayController(window.scene, self.worker, self)
        # The table the overlays work on: the document's, or the table in the
        # round the timeline strip shows (show_table_of).
        self._table_shown = lambda: window.document.mission
        self.overlays.follow(self.shown_mission)
        services = window.services
        actions = {MEASURE: window.add_tool(MeasureTool(services, self.overlays), toolbar=False),
                   SIGHT: window.add_tool(SightTool(services, self.overlays), toolbar=False)}
        window.add_tool(DistanceTool(services, self.overlays), toolbar=False)
        bar = window.add_toolbar("Overlays")
        bar.setWindowTitle(Overlays.tr("Overlays"))  # its name in View; the English one keeps the window's layout
        # A row of its own: beside the editing bars it would be cut off.
        window.insertToolBarBreak(bar)
        self.toolbar = self.overlays.toolbar(bar, actions)
        self.hatchway_feedback = HatchwayFeedback(self)

        self.live.analysisReady.connect(self._show_analysis)
        self.live.analysisFailed.connect(self.panel.show_failure)
        self.live.analysisFailed.connect(lambda _message: self._flush_overlays())
        self.panel.findingActivated.connect(self.go_to)
        self.overlays.message.connect(lambda text: window.show_message(text, 8000))
        self.worker.resultReady.connect(self._balance_ready)
        # The balance table costs the route distances from every entry zone
        # to every objective (a quarter of a second on eight boards): worked
        # out only while the panel it sits in can be seen, and when it comes
        # into view.
        self._balance_shown = None   # the mission the balance table was asked for
        self._chosen_finding = None  # the finding last clicked in the list (its places are marked)
        self._balance_data = None    # what it shows
        # (Shown: a Show event of the panel itself; the dock's
        # visibilityChanged says False when a tabbed dock is shown.)
        self.panel.installEventFilter(self)
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
        self._last_change = 0.0   # time.perf_counter() of the last edit

        mission = window.document.mission
        self.panel.set_game(is_kill_team(mission))
        self._overlays_due = mission
        self.live.set_mission(mission)

    def _shutdown(self, *_args) -> None:
        try:
            self.worker.shutdown()
        except RuntimeError:
            pass  # Qt has already taken the worker down with the window

    def settle(self, timeout_ms: int = 10000) -> bool:
        """Wait until every answer asked for is shown (screenshots, tests)."""
        QCoreApplication.processEvents()  # requests still in the event queue are asked first
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
            # table mean nothing on this one; it may be for another game.
            self.panel.set_game(is_kill_team(mission))
            self.overlays.clear_marks()
            self.overlays.forget()
        self.overlays.table_changed()
        self.worker.cancel("balance")
        self._balance_shown = None
        self._last_change = time.perf_counter()
        if self._overlay_timer.isActive():
            self._overlay_timer.start(self.OVERLAY_QUIET_MS)  # the table moves on: wait for it
        self.live.set_mission(mission)
        # The overlays ask after the findings are in: their jobs run in a
        # lane of their own, but Python runs one thread at a time, and asked
        # first they would slow the findings down.
        self._overlays_due = self.shown_mission()

    # -- the round the timeline strip shows ----------------------------------------
    def shown_mission(self):
        """The table the overlays and the balance table are worked out for:
        the document's mission, or the table in the round the timeline
        strip shows (the findings always check the whole mission)."""
        return self._table_shown()

    def show_table_of(self, table) -> None:
        """`table()` gives the table to show from now on (timeline/editor.py)."""
        self._table_shown = table

    def shown_table_changed(self) -> None:
        """Another round shown: every overlay asks again, on the worker."""
        self.overlays.table_changed()
        self.worker.cancel("balance")
        self._balance_shown = None
        self._overlays_due = self.shown_mission()
        self._overlay_timer.start(30)

    def _flush_overlays(self) -> None:
        mission, self._overlays_due = self._overlays_due, None
        if mission is not None:
            self.overlays.set_mission(mission)
            self.ask_balance(mission)
            self.hatchway_feedback.ask(mission)

    def _freeze_what_lives(self) -> None:
        """Python's collector of cycles stops every thread while it walks
        all objects it tracks (40 ms on an eight-board table, mid-drag).
        What lives once the first findings are in (Qt, the catalogue, the
        caches the rules core built) lives on: frozen, the collector no
        longer walks it. Twice per process: at the first findings, and once
        more at the first findings after the compiled kernels have loaded
        (rules/kernels.py, on a thread of its own, ~1 s after the start):
        numba brings ~70,000 objects of its own, which left out made every
        full walk ~18 ms on a worker thread, the window stopped with it
        (bench_editor_feedback.py --drag: the blocks after letting go;
        ~1 ms with them frozen). Not after every burst of work: what the
        window replaces on an edit (scene items, menus) dies in cycles, and
        a frozen cycle is never freed."""
        global _frozen
        if _frozen == 0:
            _frozen = 1
            gc.freeze()
        elif _frozen == 1 and kernels.settled():
            _frozen = 2
            gc.freeze()

    def _show_analysis(self, mission, findings) -> None:
        if _frozen < 2:
            QTimer.singleShot(0, self._freeze_what_lives)
        # The worker only delivers the newest request's answer; an edit since
        # then that the rules do not read (the card's texts) leaves it true.
        self.panel.set_findings(findings)
        # The dock's tab says how many problems there are, so they show even
        # while the Mission tab is in front.
        problems = sum(1 for f in findings if f.severity in ("error", "warning"))
        title = QCoreApplication.translate("FindingsPanel", "Findings")
        self.dock.setWindowTitle(f"{title} ({problems})" if problems else title)
        outlines, _places = offender_marks(mission, findings)
        self.window.scene.set_piece_marks({uid: sev for uid, (_, sev) in outlines.items()})
        # The places of a finding that names no piece (the two ends of "the
        # entry zones see each other") are drawn only while that finding is
        # the one chosen in the list, with its words as their tooltip: a
        # dashed circle nobody asked for and nothing explains puzzled a
        # newcomer (issue 24).
        if self._chosen_finding not in findings:
            self._chosen_finding = None
        self._show_places(mission)
        # Let the findings and marks paint first; the overlays' rules work
        # would otherwise hold the GIL while the window repaints. While the
        # table keeps changing (a piece dragged from node to node), wait
        # until it rests: an overlay worked out for a table already gone is
        # work the newest answer would wait behind.
        quiet = self.OVERLAY_QUIET_MS - (time.perf_counter() - self._last_change) * 1000
        self._overlay_timer.start(int(max(30, quiet)))

    @property
    def balance_wanted(self) -> bool:
        """Whether the balance table can be seen (its panel is shown, not
        closed or behind another tab)."""
        return self.panel.isVisible()

    def ask_balance(self, mission=None) -> None:
        """Ask for the balance table of `mission` (the one on the table when
        None), unless it cannot be seen or is already asked for."""
        mission = mission if mission is not None else self.shown_mission()
        if mission is None or not self.balance_wanted or mission is self._balance_shown:
            return
        self._balance_shown = mission
        # Looked up when asked, so a test can stand in for the rules core.
        self.worker.submit("balance", balance_job, mission, is_kill_team(mission))

    def eventFilter(self, watched, event) -> bool:
        if watched is self.panel and event.type() == QEvent.Type.Show \
                and getattr(self, "_overlays_due", None) is None:
            # The table was not worked out while hidden: now it can be seen
            # (asked once the panel has finished showing).
            QTimer.singleShot(0, self.ask_balance)
        return False

    def _balance_ready(self, channel: str, data, seconds: float) -> None:
        if channel == "balance" and data != self._balance_data:
            # Rebuilding the table costs ~7 ms of the UI thread on eight
            # boards; a drag that leaves the routes as they were costs none.
            self._balance_data = data
            self.panel.set_balance(data)

    def _show_places(self, mission) -> None:
        finding = self._chosen_finding
        _outlines, places = offender_marks(mission, [finding] if finding is not None else [])
        self.places_layer.set_marks({}, places)
        self.places_layer.setToolTip((say(finding.phrase) if finding.phrase is not None else finding.message) if places else "")

    def go_to(self, finding) -> None:
        """Select and centre what a finding concerns (and mark its places)."""
        mission = self.window.document.mission
        self._chosen_finding = finding
        self._show_places(mission)
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
