"""Panels slot into the pillar or wall end they stand on: no slit between a
panel's end and a wall end lets a tape measure or a sight line through."""
from dataclasses import replace

import pytest

from layout_editor.model import Piece, two_board_mission
from layout_editor.rules.paths import measure
from layout_editor.rules.sight import sight_between

# Node [1,2] of board A is at (109.5, 206.5). An A1 from [1,2] to [3,2] has its
# panel from x = 118.5; a wall end on [1,2] reaches x = 102.5..116.5 along it.
# Straight down x = 117.5 would pass the 2 mm between the two.
CAPPED = (
    Piece("A1", "A", from_node=(1, 2), to_node=(3, 2)),
    Piece("wall-end", "A", at=(1, 2), caps=(2, 2)),
    Piece("pillar-left", "A", at=(3, 2)),
)


def mission(pieces=CAPPED):
    return replace(two_board_mission(), pieces=pieces)


def test_tape_measure_goes_round_a_capped_wall_end():
    m = measure(mission(), (117.5, 150), (117.5, 260))
    # Round the wall end's outer corners (102.5, 194) and (102.5, 219):
    # sqrt(15^2 + 44^2) + 25 + sqrt(15^2 + 41^2)
    assert m.distance_mm == pytest.approx(46.48656 + 25 + 43.65776, abs=1e-3)


def test_sight_does_not_pass_between_wall_end_and_panel():
    s = sight_between(mission(), (117.5, 150), 1, (117.5, 260), 1)
    assert not s.visible


def test_a_free_panel_end_without_a_wall_end_leaves_the_gap_open():
    bare = (CAPPED[0], CAPPED[2])
    # Nothing stands on [1,2]: the route goes straight past the panel's end.
    assert measure(mission(bare), (117.5, 150), (117.5, 260)).distance_mm == pytest.approx(110)
