"""analysis_worker.let_the_window_in: the rules threads' Qt loops hand the
GIL over at most once a millisecond, and the window's thread never sleeps
for it (ui/analysis_worker.py explains the hand-over CPython skips)."""
from __future__ import annotations

import threading

from layout_editor.ui import analysis_worker


def test_a_rules_thread_lets_the_window_in_once_a_millisecond(monkeypatch):
    now = [100.0]
    sleeps: list[float] = []
    monkeypatch.setattr(analysis_worker.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(analysis_worker.time, "sleep", sleeps.append)

    def loop():
        for _step in range(40):  # 40 calls a quarter millisecond apart: 10 ms
            now[0] += 0.00025
            analysis_worker.let_the_window_in()

    t = threading.Thread(target=loop)
    t.start()
    t.join()
    # Every millisecond or so (the clock's steps decide), never each call.
    assert 7 <= len(sleeps) <= 11 and set(sleeps) == {0}


def test_the_window_thread_never_sleeps_for_it(monkeypatch):
    sleeps: list[float] = []
    monkeypatch.setattr(analysis_worker.time, "sleep", sleeps.append)
    for _ in range(5):
        analysis_worker.let_the_window_in()
    assert sleeps == []
