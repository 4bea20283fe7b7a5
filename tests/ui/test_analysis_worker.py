"""The background worker: jobs run off the UI thread, the newest request on a
channel wins, stale answers are dropped, failures are reported."""
from __future__ import annotations

import threading
import time

import pytest

from layout_editor.ui.analysis_worker import LiveAnalysis

pytestmark = pytest.mark.qt



def slow_echo(value, seconds=0.05, started=None, gate=None):
    if started is not None:
        started.append((value, threading.get_ident()))
    if gate is not None:
        gate.wait(2)
    time.sleep(seconds)
    return value


def test_job_runs_off_the_ui_thread_and_answers_on_it(qtbot, worker):
    started = []
    received = []
    worker.resultReady.connect(lambda ch, r, s: received.append((ch, r, threading.get_ident())))
    with qtbot.waitSignal(worker.resultReady, timeout=2000):
        worker.submit("findings", slow_echo, "answer", 0.01, started)
    ui_thread = threading.get_ident()
    assert started[0][1] != ui_thread
    assert received == [("findings", "answer", ui_thread)]


def test_newest_request_wins_and_stale_answers_are_dropped(qtbot, worker):
    gate = threading.Event()
    started, shown, dropped = [], [], []
    worker.resultReady.connect(lambda ch, r, s: shown.append(r))
    worker.resultDropped.connect(lambda ch, g: dropped.append(g))
    worker.submit("findings", slow_echo, "edit 1", 0.0, started, gate)
    # While edit 1 runs, three more edits arrive: 2 and 3 are replaced
    # before they start, 4 runs after 1.
    for n in (2, 3, 4):
        worker.submit("findings", slow_echo, f"edit {n}", 0.0, started)
    gate.set()
    assert worker.wait_idle(3000)
    assert shown == ["edit 4"]
    assert [v for v, _ in started] == ["edit 1", "edit 4"]
    assert dropped == [1]  # edit 1's answer came back after edit 4 was asked


def test_channels_do_not_drop_each_other(qtbot, worker):
    shown = {}
    worker.resultReady.connect(lambda ch, r, s: shown.setdefault(ch, []).append(r))
    worker.submit("findings", slow_echo, "f", 0.02)
    worker.submit("regions", slow_echo, "r", 0.02)
    assert worker.wait_idle(3000)
    assert shown == {"findings": ["f"], "regions": ["r"]}


def test_ui_thread_stays_responsive_while_a_slow_job_runs(qtbot, worker):
    from PySide6.QtCore import QTimer

    ticks = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    with qtbot.waitSignal(worker.resultReady, timeout=3000):
        worker.submit("findings", slow_echo, "slow", 0.4)
    timer.stop()
    # The timer kept firing during the 400 ms job: the UI thread was free
    # (had the job run on it, there would be one gap of 400 ms). Loose
    # bounds: the test machine's cores are shared.
    assert len(ticks) >= 10
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert max(gaps) < 0.3


def test_failure_is_reported_not_raised(qtbot, worker):
    def broken():
        raise RuntimeError("shapely said no")

    with qtbot.waitSignal(worker.jobFailed, timeout=2000) as blocker:
        worker.submit("findings", broken)
    assert blocker.args[0] == "findings"
    assert "RuntimeError: shapely said no" in blocker.args[1]


def test_stale_failure_is_dropped_too(qtbot, worker):
    gate = threading.Event()
    failures, shown = [], []
    worker.jobFailed.connect(lambda ch, m: failures.append(m))
    worker.resultReady.connect(lambda ch, r, s: shown.append(r))

    def broken():
        gate.wait(2)
        raise RuntimeError("old mission")

    worker.submit("findings", broken)
    worker.submit("findings", slow_echo, "fixed", 0.0)
    gate.set()
    assert worker.wait_idle(3000)
    assert failures == [] and shown == ["fixed"]


def test_cancel_drops_the_running_answer(qtbot, worker):
    gate = threading.Event()
    shown = []
    worker.resultReady.connect(lambda ch, r, s: shown.append(r))
    worker.submit("measure", slow_echo, "route", 0.0, None, gate)
    worker.cancel("measure")
    gate.set()
    assert worker.wait_idle(3000)
    assert shown == []


def test_live_analysis_shows_only_the_newest_mission(qtbot, worker):
    gate = threading.Event()

    def fake_check(mission, base_mm):
        if mission == "first":
            gate.wait(2)
        return f"findings of {mission} at {base_mm}"

    live = LiveAnalysis(worker, check=fake_check)
    shown = []
    live.analysisReady.connect(lambda m, a: shown.append((m, a)))
    live.set_mission("first")
    live.set_mission("second")
    live.set_base_mm(40)
    gate.set()
    assert worker.wait_idle(3000)
    assert shown == [("second", "findings of second at 40.0")]
    assert len(live.latencies) == 1 and live.latencies[0] > 0


def test_a_job_ending_after_its_window_closed_raises_nothing_in_its_thread(qtbot, worker, monkeypatch):
    """The relay that carries an answer to the UI thread is a Qt object: when
    the window (and the relay) went while the job ran, emitting raises
    RuntimeError in the pool's thread, which Qt Concurrent can only catch
    and print. The job's thread must swallow it: nobody is left to tell."""
    class Gone:
        def emit(self, *args):
            raise RuntimeError("Internal C++ object (Relay) already deleted.")

    class DeadRelay:
        done = Gone()

    runs = []
    monkeypatch.setattr(worker, "_relay", DeadRelay())
    monkeypatch.setattr(worker, "_pool_for", lambda channel: type("Pool", (), {
        "start": staticmethod(lambda run, priority=0: runs.append(run))})())
    worker.submit("findings", slow_echo, "answer", 0.0)
    assert len(runs) == 1
    runs[0]()  # raises nothing: the answer is dropped

    def broken():
        raise ValueError("and a failing job the same")

    worker._running.clear()
    worker.submit("sight", broken)
    runs[-1]()


def test_the_window_paints_before_each_job_starts(qtbot, worker):
    """Each job starts WINDOW_FIRST_S after its request at the soonest, and
    a job queued behind another that long after that one ended: the window
    paints the edit, or shows the answer, before a rules thread takes the
    GIL (ui/analysis_worker.py, AnalysisWorker._start)."""
    from layout_editor.ui.analysis_worker import WINDOW_FIRST_S

    times: dict[str, list[float]] = {}

    def timed(name):
        times[name] = [time.perf_counter()]
        time.sleep(0.02)
        times[name].append(time.perf_counter())
        return name

    asked = time.perf_counter()
    worker.submit("a", timed, "first")
    worker.submit("b", timed, "second")  # the same lane: waits behind the first
    qtbot.waitUntil(lambda: "second" in times and len(times["second"]) == 2 and not worker.is_busy(), timeout=3000)
    assert times["first"][0] - asked >= WINDOW_FIRST_S
    assert times["second"][0] - times["first"][1] >= WINDOW_FIRST_S
