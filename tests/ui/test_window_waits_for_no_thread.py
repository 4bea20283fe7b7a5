"""The window's thread enters Python as seldom as it can: while the rules
threads compute, each entry waits for Python's GIL (up to the switch
interval), so an entry per event or per item in a repaint added up to
20-30 ms blocks after a drop on eight boards (items/boxed.py,
text_keys.py; `benchmarks/bench_editor_feedback.py --drag`).

These tests count the entries (calls into Python made by Qt itself), never
time them: a count does not depend on the machine."""
from __future__ import annotations

import sys
from collections import Counter

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QApplication

from layout_editor.catalogue import mission_library_dir
from layout_editor.io.reader import load_mission
from layout_editor.ui.items.board import BoardItem
from layout_editor.ui.items.label import LabelItem
from layout_editor.ui.items.objective_item import ObjectiveItem
from layout_editor.ui.items.piece import PieceItem
from layout_editor.ui.items.zone_items import EntryZonesItem, NamedRegionsItem
from layout_editor.ui.overlays.shapes import PathLayer

pytestmark = pytest.mark.qt


def entries_from_qt(action) -> Counter:
    """The Python functions Qt calls while `action` runs (with no Python
    code of ours between: called from this frame or from `action`'s own),
    counted by (file, name)."""
    own = getattr(action, "__code__", None)
    callers = {sys._getframe().f_code, own}
    seen: Counter = Counter()

    def watch(frame, event, _arg):
        if event == "call" and frame.f_code is not own and frame.f_back is not None \
                and frame.f_back.f_code in callers:
            seen[(frame.f_code.co_filename.rsplit("/", 1)[-1], frame.f_code.co_name)] += 1

    sys.setprofile(watch)
    try:
        action()
    finally:
        sys.setprofile(None)
    return seen


def test_a_repaint_of_the_table_asks_python_for_no_item_box(qtbot, tmp_path, monkeypatch):
    mission = load_mission(mission_library_dir() / "derelict-crossing.yaml")
    w = make_window(qtbot, tmp_path, monkeypatch, mission)
    QApplication.processEvents()
    items = w.scene.items()
    pieces = sum(1 for it in items if isinstance(it, PieceItem))
    assert pieces >= 20 and any(isinstance(it, BoardItem) for it in items)
    vp = w.view.viewport()
    vp.repaint()   # every cache filled
    seen = entries_from_qt(vp.repaint)
    boxes = {k: n for k, n in seen.items() if k[1] == "boundingRect"}
    # Qt asks each item for its box several times a repaint: answered in
    # C++ for the many small items, never in Python.
    for cls in (PieceItem, LabelItem, ObjectiveItem, BoardItem, PathLayer, EntryZonesItem, NamedRegionsItem):
        assert not any("boundingRect" in vars(c) for c in cls.__mro__ if c.__module__.startswith("layout_editor")), cls
    assert not boxes, boxes
    # The few entries left (a layer or a name whose cached picture is
    # stale draws itself in Python) do not grow with the pieces.
    assert sum(seen.values()) < pieces, seen
    w.feedback.worker.shutdown()


def test_an_event_to_any_object_runs_no_python(qtbot, tmp_path, monkeypatch):
    """No application-wide event filter in Python: it would run for every
    event of every object (each timer tick, each paint)."""
    mission = load_mission(mission_library_dir() / "derelict-crossing.yaml")
    w = make_window(qtbot, tmp_path, monkeypatch, mission)
    w.mission_panel.title.setFocus()   # a text field has the focus, as when typing a title
    QApplication.processEvents()
    target = QObject()
    events = [QEvent(QEvent.Type.User) for _ in range(20)]

    def post_and_deliver():
        for event in events:
            QCoreApplication.postEvent(target, event)
        QCoreApplication.sendPostedEvents(target)

    seen = entries_from_qt(post_and_deliver)
    assert not seen, seen
    w.feedback.worker.shutdown()
