"""Small missions for the overlay tests, built by hand so the answers can be
worked out on paper.

room_mission: on board A a closed room between nodes (1,1) and (3,3) — long
walls all round, pillars at the corners — whose east wall (3,1)-(3,3) is an
A3 with a hatchway. Closed, the room is sealed: two regions for any base.
Open, one region. Player 1 enters at A A6/B6, player 2 at B F1/G1.
"""
from __future__ import annotations

from dataclasses import replace

from layout_editor.model.mission import EntryZone, Piece, two_board_mission

INSIDE = (200.0, 200.0)     # the middle of the room (node (2,2) is at 206.5, 206.5)
OUTSIDE = (500.0, 500.0)


def room_walls(hatch_open: bool = False) -> list:
    """A closed room on board A, nodes (1, 1) to (3, 3), with an A3 as its
    east wall (its doorway in the half nearer (3, 3)) and a pillar at each
    corner."""
    pieces = [
        Piece("A1", "A", from_node=(1, 1), to_node=(3, 1)),
        Piece("A3", "A", from_node=(3, 1), to_node=(3, 3), facing="right", open=hatch_open),
        Piece("A1", "A", from_node=(3, 3), to_node=(1, 3)),
        Piece("A1", "A", from_node=(1, 3), to_node=(1, 1)),
    ]
    return pieces + [Piece("pillar-left", "A", at=n) for n in [(1, 1), (3, 1), (3, 3), (1, 3)]]


def room_mission(hatch_open: bool = False):
    m = two_board_mission("Room")
    pieces = room_walls(hatch_open)
    return replace(m, pieces=tuple(pieces),
                   entry_zones=(EntryZone(1, "A", ((0, 5), (1, 5))),
                                EntryZone(2, "B", ((5, 0), (6, 0)))))


def hatchway(mission):
    return next(p for p in mission.pieces if p.code == "A3")
