"""Python's cycle collector stops every thread while it walks what it
tracks; the editor freezes what lives for good out of its walks
(ui/feedback.py, LiveFeedback._freeze_what_lives): at the first findings,
and once more when the compiled kernels have loaded on their own thread,
since numba brings tens of thousands of objects (left in, every full walk
on a worker thread stopped the window ~18 ms after a drag on eight
boards)."""
from __future__ import annotations

import gc

import pytest
from editor_helpers import make_window
from overlay_missions import room_mission

from layout_editor.rules import kernels, segments
from layout_editor.ui import feedback

pytestmark = pytest.mark.qt


def numba_objects() -> int:
    """How many objects of numba's the collector still walks."""
    return sum(1 for o in gc.get_objects() if str(getattr(type(o), "__module__", "")).startswith("numba"))


def test_the_compiled_kernels_are_frozen_once_they_have_loaded(qtbot, tmp_path, monkeypatch):
    if segments.kernel(wait=True) is None:
        pytest.skip("numba is not installed (no kernels to freeze)")
    for group in kernels.GROUPS:
        kernels.compiled(group, wait=True)
    assert kernels.settled()
    w = make_window(qtbot, tmp_path, monkeypatch, room_mission())
    assert w.feedback.settle(8000)
    # as when the first findings came before the kernels had loaded: frozen
    # once, numba's objects still walked
    monkeypatch.setattr(feedback, "_frozen", 1)
    gc.unfreeze()
    assert numba_objects() > 1000
    # the player opens the room's hatchway from the Edit menu
    door = next(p for p in w.document.mission.pieces if p.open is not None)
    w.scene.select_uids([door.uid])
    w.open_action.trigger()
    assert w.document.mission.piece_by_uid(door.uid).open
    assert w.feedback.settle(8000)
    qtbot.waitUntil(lambda: feedback._frozen == 2, timeout=5000)
    assert numba_objects() < 100
    w.feedback.worker.shutdown()
    w.document.undo_stack.setClean()
