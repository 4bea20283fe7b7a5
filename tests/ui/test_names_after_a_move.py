"""After a piece is dragged, the entry-zone and region names are placed
again where they cover no piece code (export.labels), and that placing runs
on the analysis worker, not the window's thread: with the memos cold after
the move it took 12-17 ms of the UI thread on eight boards, the drag
benchmark's longest blocks after letting go (ui/placement.py)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from editor_helpers import drag, make_window

from layout_editor.export import labels
from layout_editor.io import load_mission
from layout_editor.ui.items.zone_items import name_sizes

pytestmark = pytest.mark.qt

MISSION = Path(__file__).resolve().parents[2] / "mission_library" / "derelict-crossing.yaml"


def _moved_piece(w):
    """Drag pieces one zone over, one after another, until one moves (the
    first free spot decides); returns the moved piece's uid."""
    m = w.document.mission
    for piece in m.pieces:
        item = w.scene.piece_item(piece.uid)
        c = item.sceneBoundingRect().center()
        for dx, dy in ((64.0, 0.0), (-64.0, 0.0), (0.0, 64.0), (0.0, -64.0)):
            before = w.document.mission.piece_by_uid(piece.uid)
            drag(w, (c.x(), c.y()), (c.x() + dx, c.y() + dy))
            after = w.document.mission.piece_by_uid(piece.uid)
            if (after.from_node, after.board) != (before.from_node, before.board):
                return piece.uid
    raise AssertionError("no piece of the mission could be dragged one zone over")


def test_a_moved_piece_has_the_names_placed_again_off_the_window_thread(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(MISSION))
    layer = w.placement
    threads: list[int] = []
    place = labels.place_editor_names

    def recording(*args, **kwargs):
        threads.append(threading.get_ident())
        return place(*args, **kwargs)

    monkeypatch.setattr(labels, "place_editor_names", recording)
    _moved_piece(w)
    # The names wait for the drag to pause, then for the worker's answer.
    qtbot.waitUntil(lambda: bool(threads) and not w.worker.is_busy(layer.NAMES_CHANNEL), timeout=10000)
    assert threading.get_ident() not in threads  # placed on the worker, never here

    sizes, code = name_sizes(layer.entry_zones, layer.regions)
    wanted = place(w.document.mission, sizes, code, layer._objective_label_boxes())
    shown = {**layer.entry_zones.labels_by_key(), **layer.regions.labels_by_key()}
    assert wanted and set(wanted) <= set(shown)
    for key, ((x, y), _leader) in wanted.items():
        assert (shown[key].pos().x(), shown[key].pos().y()) == pytest.approx((x, y)), key


def test_a_name_painted_is_placed_at_once_and_an_older_answer_is_dropped(qtbot, tmp_path, monkeypatch):
    """Painting or renaming a zone places the names on the spot (no name
    jumps a moment later), and cancels a placing under way for the table
    before, whose answer would put them back where they were."""
    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(MISSION))
    layer = w.placement
    layer._place_names_later()
    assert w.worker.is_busy(layer.NAMES_CHANNEL)
    dropped: list[str] = []
    w.worker.resultDropped.connect(lambda channel, _g: dropped.append(channel))
    layer._place_names()
    qtbot.waitUntil(lambda: not w.worker.is_busy(layer.NAMES_CHANNEL), timeout=10000)
    assert dropped == [layer.NAMES_CHANNEL]
