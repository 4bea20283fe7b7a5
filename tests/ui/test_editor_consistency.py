"""A long random session of edits, undos and redos through the window's own
actions: the table must always show exactly the mission the document holds
(one item per piece, each drawn where the mission puts it; one item per
board), and undoing everything must give back the mission we started from."""
from __future__ import annotations

import random
import sys

import pytest
from editor_helpers import make_window

from layout_editor.model import two_board_mission
from layout_editor.model.lattice import Placement

pytestmark = pytest.mark.qt

P, B = 97.0, 12.5
CODES = ["A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2", "pillar-left", "pillar-right", "wall-end"]


def assert_scene_matches(w):
    m = w.document.mission
    assert set(w.scene.piece_items) == {p.uid for p in m.pieces}
    for p in m.pieces:
        item = w.scene.piece_items[p.uid]
        assert item.piece == p and item.piece.board == p.board
        assert item.placement == Placement.of(m.board(p.board), w.catalogue)
    assert set(w.scene.board_items) == {b.id for b in m.boards}
    for b in m.boards:
        assert w.scene.board_items[b.id].board == b


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_session_keeps_scene_and_mission_in_step(qtbot, tmp_path, monkeypatch, seed):
    errors = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: errors.append(exc))
    start = two_board_mission()
    w = make_window(qtbot, tmp_path, monkeypatch, start)
    rng = random.Random(seed)
    st = w.document.undo_stack
    most = 0
    for _step in range(160):
        r = rng.random()
        m = w.document.mission
        if r < 0.35 or not m.pieces:
            board = rng.choice(m.boards)
            pl = Placement.of(board, w.catalogue)
            x0, y0, x1, y1 = pl.bounds
            w.placer.place(rng.choice(CODES), rng.uniform(x0, x1), rng.uniform(y0, y1))
        elif r < 0.65:
            uids = rng.sample([p.uid for p in m.pieces], k=min(len(m.pieces), rng.randint(1, 3)))
            w.scene.select_uids(uids)
            action = rng.choice([w.turn_action, w.end_for_end_action, w.flip_action, w.open_action,
                                 w.delete_action, w.duplicate_action, *w.move_actions])
            action.trigger()
        elif r < 0.72:
            w.turn_board(rng.choice(m.boards).id)
        elif r < 0.85:
            st.undo()
        else:
            st.redo()
        assert_scene_matches(w)
        most = max(most, len(w.document.mission.pieces))
    assert errors == []
    assert most >= 10 and st.count() >= 40  # the session really built something
    while st.canUndo():
        st.undo()
    assert w.document.mission == start
    assert_scene_matches(w)
    assert w.scene.piece_items == {}
