"""The parts list and what is left in the box, worked out by hand from the
catalogue: one terrain set holds 4 of each wall (A1-A4, B1, B2, B3-1, B3-2),
4 wall ends and 16 pillars of each hand."""
from __future__ import annotations

from dataclasses import replace

from layout_editor.catalogue import default_catalogue
from layout_editor.model.mission import Piece, two_board_mission
from layout_editor.model.parts import left_in_box, parts_list, sets_needed

ONE_SET = {"A1": 4, "A2": 4, "A3": 4, "A4": 4, "B1": 4, "B2": 4, "B3-1": 4, "B3-2": 4,
           "pillar-left": 16, "pillar-right": 16, "wall-end": 4}


def layout(*pieces, sets=1):
    return replace(two_board_mission("Box"), pieces=tuple(pieces), sets=sets)


def walls(code, n):
    return [Piece(code, "A", from_node=(0, j), to_node=(2, j)) for j in range(n)]


def pillars(side, n):
    return [Piece(f"pillar-{side}", "A", at=(i % 8, i // 8)) for i in range(n)]


def test_an_empty_table_leaves_the_whole_set_in_the_box():
    assert left_in_box(layout()) == ONE_SET


def test_what_the_layout_uses_comes_out_of_the_box():
    # 3 of the 4 A1, 1 of the 4 A3, 17 left-hand pillars of 16: one short
    m = layout(*walls("A1", 3), *walls("A3", 1), *pillars("left", 17))
    left = left_in_box(m)
    assert left["A1"] == 1 and left["A3"] == 3
    assert left["pillar-left"] == -1
    assert left["pillar-right"] == 16 and left["wall-end"] == 4 and left["B2"] == 4
    # the codes come in catalogue order, every code of the catalogue
    assert list(left) == list(default_catalogue().pieces)


def test_the_sets_asked_for_count_not_the_missions():
    m = layout(*walls("A1", 3), *pillars("left", 17))
    two = left_in_box(m, sets=2)
    assert two["A1"] == 5 and two["pillar-left"] == 15 and two["wall-end"] == 8
    # without sets, the mission's own
    assert left_in_box(replace(m, sets=2)) == two
    # no set at all: what the layout uses, owed
    none = left_in_box(m, sets=0)
    assert none["A1"] == -3 and none["pillar-left"] == -17 and none["B1"] == 0


def test_with_the_sets_the_layout_needs_nothing_is_short():
    m = layout(*walls("B1", 9), *pillars("right", 20))
    assert parts_list(m) == {"B1": 9, "pillar-right": 20}
    assert sets_needed(m) == 3  # 9 B1 at 4 a set
    assert min(left_in_box(m, sets=3).values()) >= 0
    assert left_in_box(m, sets=2)["B1"] == -1


def test_a_code_the_catalogue_does_not_know_is_not_in_the_box():
    m = layout(Piece("C9", "A", at=(1, 1)))
    assert parts_list(m) == {"C9": 1}
    assert left_in_box(m) == ONE_SET
