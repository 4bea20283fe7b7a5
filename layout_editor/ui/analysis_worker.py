"""Rules work off the UI thread: the newest request wins.

The editor asks the rules core questions after every edit (findings, regions,
route distances, sight). Those answers take milliseconds to tens of
milliseconds; a drag can produce edits faster than that, and the window must
never wait for shapely. So every question goes through `AnalysisWorker`:

- Each question has a *channel* ("findings", "regions", "measure", ...). Per
  channel at most one job runs at a time and at most one waits behind it: a
  new request replaces the waiting one, so a burst of edits costs at most two
  runs, never a queue that grows.
- Every request gets a generation number. A result is delivered only if no
  newer request was made on its channel in the meantime: a stale answer is
  dropped, never shown (an edit made while a job runs makes that job's answer
  stale even though it cannot be interrupted).
- Results come back on the UI thread through a queued signal, so receivers may
  touch widgets and scene items directly.
- Channels run in *lanes*, each with its own thread: the findings in one, the
  overlays, the balance table and the Hatchways tab in the other. A heat map
  that takes half a second on eight boards never holds the findings back:
  they never wait in a queue behind overlay work.

`LiveAnalysis` binds the worker to the editor: it takes the current mission,
runs the rules check on the "findings" channel and announces the answer with
how long it took from the edit to the result (the benchmark reads that
number).
"""
from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, QThreadPool, Signal, Slot

_lowered = threading.local()
_window_let_in = threading.local()
_MAIN_THREAD = threading.main_thread().ident


def let_the_window_in() -> None:
    """Called from the rules threads' loops of many small Qt calls (the
    overlays' paths, their text and their pictures): at most once a
    millisecond, hand the GIL to the window if it is waiting.

    PySide lets go of the GIL inside some of its calls (a QPainter's start
    and end, a path's text) and takes it back microseconds later, before
    the waiting window thread has woken. CPython (3.11) asks the holder to
    let go only when no hand-over happened during its wait, so each of
    those hand-overs restarts the window's wait: a loop of such calls kept
    the window waiting 20-50 ms in the drag benchmark, and seconds in a
    plain loop (benchmarks/README.md, "sixth round"). time.sleep(0) lets
    go without taking the GIL straight back. A no-op on the UI thread."""
    now = time.perf_counter()
    if now - getattr(_window_let_in, "at", 0.0) < 0.001 or threading.get_ident() == _MAIN_THREAD:
        return
    _window_let_in.at = now
    time.sleep(0)


def _yield_to_the_window() -> None:
    """Run this pool thread at a lower priority than the UI thread, once:
    on a busy machine the window gets the processor first (the rules lose a
    little; the window never stutters for them). Linux schedules threads by
    their nice value (Qt's thread priorities do nothing there under the
    normal policy); elsewhere Qt's priority is the thread's."""
    if getattr(_lowered, "done", False):
        return
    _lowered.done = True
    try:
        if sys.platform.startswith("linux"):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)
        else:
            QThread.currentThread().setPriority(QThread.Priority.LowPriority)
    except (OSError, AttributeError):
        pass  # not allowed here: the thread keeps the priority it has


# How much nicer than the window the rules threads are (Linux).
WORKER_NICE = int(os.environ.get("LAYOUT_EDITOR_WORKER_NICE", "5"))
# The window's head start before each job (see AnalysisWorker._start).
WINDOW_FIRST_S = 0.004


@dataclass
class _Job:
    channel: str
    generation: int
    fn: Callable[..., Any]
    args: tuple
    kwargs: dict
    submitted: float  # time.perf_counter() of the request


class _Relay(QObject):
    """Lives on the UI thread; pool threads emit through it so the answer is
    queued to the UI thread."""
    done = Signal(object, bool, object)  # job, ok, result or error text


class AnalysisWorker(QObject):
    """Runs jobs on a small thread pool, per channel newest-wins.

    resultReady(channel, result, seconds): the newest request on a channel
    has finished; `seconds` is the time from the request to the answer on
    the UI thread.
    jobFailed(channel, message): the newest request raised; the message
    names the exception (the traceback goes to stderr for bug reports).
    resultDropped(channel, generation): an answer arrived after a newer
    request on its channel and was thrown away (tests and benchmarks watch
    this; the user never sees it).
    """

    resultReady = Signal(str, object, float)
    jobFailed = Signal(str, str)
    resultDropped = Signal(str, int)

    # Which lane (thread) a channel runs in; every other channel runs in
    # OVERLAY_LANE. The findings are what the 100 ms after an edit is about.
    # The rules on the spot under a carried item of equipment (1-2 ms) run
    # beside them: no heat map in the overlays' lane holds a gesture up;
    # so do the zone and region names placed again after a piece moved
    # (ui/placement.py, a few ms).
    LANES = {"findings": "findings", "equipment-spot": "findings", "names": "findings"}
    OVERLAY_LANE = "overlays"
    # Within a lane, queued jobs start in this order (higher first): the
    # findings, then what answers a click (an overlay's, 8), the balance
    # table, then what follows an edit (5), the slow designer's overlays
    # last (0); the rules on the spot under a carried item of equipment
    # answer a gesture (8), the names after the findings (7). Each overlay
    # gives its own (Overlay.priority, set_priority).
    PRIORITY = {"findings": 10, "equipment-spot": 8, "names": 7, "balance": 6}

    def __init__(self, parent: QObject | None = None, threads: int = 1):
        super().__init__(parent)
        # One thread per lane: the rules core's memos are safe where two
        # threads meet (layout_editor/memo.py, "Threads"), but Python threads share one
        # GIL, so more threads per lane would only slow each answer down.
        self._threads = max(1, threads)
        self._pools: dict[str, QThreadPool] = {}
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished, Qt.ConnectionType.QueuedConnection)
        self._latest: dict[str, int] = {}
        self._running: dict[str, _Job] = {}
        self._waiting: dict[str, _Job] = {}
        self._closed = False
        self._priority = dict(self.PRIORITY)

    def set_priority(self, channel: str, priority: int) -> None:
        """Where the channel's queued jobs start in its lane (see PRIORITY)."""
        self._priority[channel] = priority

    # -- requests -----------------------------------------------------------
    def submit(self, channel: str, fn: Callable[..., Any], *args, **kwargs) -> int:
        """Ask for fn(*args, **kwargs) on a background thread. Returns the
        request's generation; only the newest generation's answer arrives."""
        if self._closed:
            return -1
        generation = self._latest.get(channel, 0) + 1
        self._latest[channel] = generation
        job = _Job(channel, generation, fn, args, kwargs, time.perf_counter())
        if channel in self._running:
            self._waiting[channel] = job  # replaces an older waiting job
        else:
            self._start(job)
        return generation

    def cancel(self, channel: str) -> None:
        """Forget a channel's pending answer (e.g. an overlay was switched
        off): whatever is running will be dropped when it ends."""
        self._latest[channel] = self._latest.get(channel, 0) + 1
        self._waiting.pop(channel, None)

    def is_busy(self, channel: str | None = None) -> bool:
        if channel is None:
            return bool(self._running or self._waiting)
        return channel in self._running or channel in self._waiting

    def generation(self, channel: str) -> int:
        return self._latest.get(channel, 0)

    def wait_idle(self, timeout_ms: int = 5000) -> bool:
        """Block until no job runs or waits (tests, benchmarks, shutdown).
        Delivers the answers on the way."""
        from PySide6.QtCore import QCoreApplication

        deadline = time.perf_counter() + timeout_ms / 1000
        while self.is_busy():
            if time.perf_counter() > deadline:
                return False
            for pool in list(self._pools.values()):
                pool.waitForDone(5)
            QCoreApplication.processEvents()
        return True

    def lane(self, channel: str) -> str:
        return self.LANES.get(channel, self.OVERLAY_LANE)

    def _pool_for(self, channel: str) -> QThreadPool:
        name = self.lane(channel)
        pool = self._pools.get(name)
        if pool is None:
            pool = self._pools[name] = QThreadPool(self)
            pool.setMaxThreadCount(self._threads)
        return pool

    def shutdown(self, timeout_ms: int = 3000) -> None:
        """Stop taking requests and let running jobs end, so no thread
        outlives the objects it reports to."""
        self._closed = True
        self._waiting.clear()
        deadline = time.perf_counter() + timeout_ms / 1000
        for pool in list(self._pools.values()):
            pool.waitForDone(max(0, int((deadline - time.perf_counter()) * 1000)))

    # -- running --------------------------------------------------------------
    def _start(self, job: _Job) -> None:
        self._running[job.channel] = job
        relay = self._relay

        def run() -> None:
            _yield_to_the_window()
            # The window paints first, then a rules thread takes the GIL: a
            # job starts right after the edit that asked for it, or right
            # after the job before it, whose answer the window is showing.
            # Started at once, it made the window wait for the GIL through
            # that repaint (55 calls into Python): the drag benchmark's
            # longest block a step was 10-16 ms; with the head start 6-8 ms.
            time.sleep(WINDOW_FIRST_S)
            try:
                result = job.fn(*job.args, **job.kwargs)
            except Exception as e:  # a rules bug must not kill the editor
                traceback.print_exc()
                ok, result = False, f"{type(e).__name__}: {e}"
            else:
                ok = True
            try:
                relay.done.emit(job, ok, result)
            except RuntimeError:
                # the window closed while the job ran (its relay is gone):
                # nobody is left to tell, and an exception escaping here
                # would reach Qt Concurrent's thread
                pass

        self._pool_for(job.channel).start(run, self._priority.get(job.channel, 0))

    @Slot(object, bool, object)
    def _finished(self, job: _Job, ok: bool, payload: Any) -> None:
        channel = job.channel
        if self._running.get(channel) is job:
            del self._running[channel]
        waiting = self._waiting.pop(channel, None)
        if waiting is not None and not self._closed:
            self._start(waiting)
        if self._closed or job.generation != self._latest.get(channel):
            self.resultDropped.emit(channel, job.generation)
            return
        if ok:
            self.resultReady.emit(channel, payload, time.perf_counter() - job.submitted)
        else:
            self.jobFailed.emit(channel, str(payload))


class LiveAnalysis(QObject):
    """The editor's live rules check: call `set_mission` after every edit;
    `analysisReady(mission, findings)` follows with the newest answer.

    It runs `rules.checks.run_checks`, not the whole `analyze`: the panel
    shows findings, and the metrics (longest sight line, route fairness)
    would cost the drop-to-findings time several times over on a full
    layout for numbers nobody is looking at while building.

    `latencies` keeps the edit-to-answer times (seconds) of the answers shown,
    the number the issue's "within 100 ms of a drop" is about; `check_times`
    how much of each was the rules check itself (the rest is the hand-over
    between threads and waiting for the GIL).
    """

    analysisReady = Signal(object, object)   # mission, list[rules.checks.Finding]
    analysisFailed = Signal(str)
    # Findings found so far by a check that runs long (emitted from the pool
    # thread, so queued to the UI thread): mission, findings, generation.
    _partial = Signal(object, object, int)

    CHANNEL = "findings"
    # The live check's time budget. Past SHOW_PARTIAL_S the findings found
    # so far are shown after each part of the check; past BUDGET_S the
    # remaining parts are skipped (an info finding says so). A check whose
    # answer a newer edit has made stale stops at the next part, so a huge
    # mission never queues minutes of work behind the window.
    SHOW_PARTIAL_S = 0.3
    BUDGET_S = 8.0

    def __init__(self, worker: AnalysisWorker, parent: QObject | None = None,
                 check: Callable[..., Any] | None = None):
        super().__init__(parent)
        self._worker = worker
        self._check = check
        self._base_mm = 32.0
        self._mission = None
        self.latencies: list[float] = []
        self.check_times: list[float] = []  # of which the rules check itself
        self.last_findings = None
        self.last_mission = None
        worker.resultReady.connect(self._on_result)
        worker.jobFailed.connect(self._on_failed)
        self._partial.connect(self._on_partial, Qt.ConnectionType.QueuedConnection)

    @property
    def base_mm(self) -> float:
        return self._base_mm

    def set_base_mm(self, base_mm: float) -> None:
        if base_mm != self._base_mm:
            self._base_mm = float(base_mm)
            if self._mission is not None:
                self._run()

    def set_mission(self, mission) -> None:
        self._mission = mission
        self._run()

    def _run(self) -> None:
        check = self._check
        mission, base = self._mission, self._base_mm
        if check is not None:
            def job():
                t0 = time.perf_counter()
                findings = check(mission, base_mm=base)
                return mission, findings, time.perf_counter() - t0

            self._worker.submit(self.CHANNEL, job)
            return

        from ..rules.checks import check_stages, sort_findings, stopped_finding

        worker = self._worker
        generation = worker.generation(self.CHANNEL) + 1  # the one submit() gives this job
        budget, show_after = self.BUDGET_S, self.SHOW_PARTIAL_S
        partial = self._partial

        def staged_job():
            t0 = time.perf_counter()
            found: list = []
            stages = check_stages(mission, base_mm=base)
            for part in stages:
                found += part
                if worker.generation(self.CHANNEL) != generation:
                    stages.close()  # stale: a newer edit's check is waiting
                    break
                took = time.perf_counter() - t0
                if took > budget:
                    stages.close()
                    found.append(stopped_finding(took))
                    break
                if took > show_after:
                    partial.emit(mission, sort_findings(found), generation)
            return mission, sort_findings(found), time.perf_counter() - t0

        worker.submit(self.CHANNEL, staged_job)

    @Slot(object, object, int)
    def _on_partial(self, mission, findings, generation: int) -> None:
        if generation == self._worker.generation(self.CHANNEL):
            self.analysisReady.emit(mission, findings)

    @Slot(str, object, float)
    def _on_result(self, channel: str, result: Any, seconds: float) -> None:
        if channel != self.CHANNEL:
            return
        mission, findings, checking = result
        self.latencies.append(seconds)
        self.check_times.append(checking)
        self.last_mission, self.last_findings = mission, findings
        self.analysisReady.emit(mission, findings)

    @Slot(str, str)
    def _on_failed(self, channel: str, message: str) -> None:
        if channel == self.CHANNEL:
            self.analysisFailed.emit(message)
