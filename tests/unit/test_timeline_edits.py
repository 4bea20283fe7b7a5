"""The editor's edits keep the timeline with its pieces: a hatchway moved
or turned carries its events; a removed one leaves them (the check reports
them); opening a locked hatchway unlocks it, so the file stays readable."""
from __future__ import annotations

from test_timeline_io import CHANGING

from layout_editor.io import dumps_mission, loads_mission
from layout_editor.model import edits
from layout_editor.model.timeline import HatchwayRef


def _mission():
    return loads_mission(CHANGING, "changing.yaml")


def _refs(m):
    return [c.ref for e in m.timeline for c in e.changes if c.target == "hatchway"]


def test_a_hatchway_moved_carries_its_events():
    m = _mission()
    door = m.pieces[0]
    moved = edits.move_pieces(m, [door.uid], (1, 0))
    assert moved.change.timeline
    assert _refs(moved.mission) == [HatchwayRef("A", (3, 1), (3, 3))] * 2
    assert loads_mission(dumps_mission(moved.mission)) == moved.mission


def test_a_hatchway_turned_carries_its_events():
    m = _mission()
    door = m.pieces[0]
    turned = edits.turn_pieces(m, [door.uid]).mission
    piece = turned.pieces[0]
    assert all(r.names(piece.board, piece.from_node, piece.to_node) for r in _refs(turned))


def test_a_removed_hatchway_leaves_its_events():
    m = _mission()
    gone = edits.remove_pieces(m, [m.pieces[0].uid]).mission
    assert gone.timeline == m.timeline


def test_opening_a_locked_hatchway_unlocks_it_and_locking_closes_it():
    m = _mission()
    uid = m.pieces[0].uid
    opened = edits.set_hatchways_open(m, [uid], True).mission
    assert opened.pieces[0].open and not opened.pieces[0].locked
    loads_mission(dumps_mission(opened))
    locked = edits.set_hatchways_locked(opened, [uid]).mission
    assert locked.pieces[0].locked and locked.pieces[0].open is False
    assert edits.set_hatchways_locked(locked, [uid]).mission.pieces[0].locked is False
