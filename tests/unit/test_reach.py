"""Reaching (rules/reach.py): where a base stands and goes, its regions,
zones it cannot enter, and open hatchways as the rules treat them."""
from __future__ import annotations

from dataclasses import replace

import pytest
from shapely.geometry import Point

from layout_editor.model.mission import Board, Mission, Piece
from layout_editor.rules import reach

ROOM = (  # a one-zone room round cell [3, 2], nodes [3,2] [4,2] [4,3] [3,3]
    Piece(code="B1", board="A", from_node=(4, 2), to_node=(4, 3)),
    Piece(code="B1", board="A", from_node=(4, 3), to_node=(3, 3)),
    Piece(code="B1", board="A", from_node=(3, 3), to_node=(3, 2)),
    Piece(code="pillar-left", board="A", at=(3, 2)),
    Piece(code="pillar-right", board="A", at=(4, 2)),
    Piece(code="pillar-left", board="A", at=(4, 3)),
    Piece(code="pillar-right", board="A", at=(3, 3)),
)
HATCH = Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left", open=False)


def room(open_: bool | None = False) -> Mission:
    return Mission(title="t", boards=(Board(id="A"),), pieces=(replace(HATCH, open=open_),) + ROOM)


def test_an_empty_board_is_one_region_with_every_zone():
    m = Mission(title="t", boards=(Board(id="A"),))
    (r,) = reach.regions(m)
    assert len(r.cells) == 42
    # the centre of a 32 mm base keeps 16 mm from the edge
    assert r.area.bounds == pytest.approx((16, 16, 704 - 16, 607 - 16))
    assert reach.unreachable_cells(m) == []


def test_closed_room_is_its_own_region_open_room_is_not():
    assert len(reach.regions(room(False))) == 2
    assert len(reach.regions(room(True))) == 1
    assert len(reach.regions(room(False), hatches="open")) == 1
    assert len(reach.regions(room(True), hatches="closed")) == 2
    # None (not set) counts as closed
    assert len(reach.regions(room(None))) == 2


@pytest.mark.parametrize("base", [25, 32, 40, 50, 60])
def test_an_open_hatchway_lets_any_base_through(base):
    # 60 mm is wider than the 50 mm opening: the rules let it pass anyway
    assert len(reach.regions(room(True), base_mm=base)) == 1


def test_a_base_may_not_stand_in_an_open_hatchway():
    (r,) = reach.regions(room(True), base_mm=32)
    doorway = Point(352, 206.5)  # the middle of the opening
    assert not r.area.contains(doorway)
    # nor so close that its base reaches into the doorway (16 mm from its faces)
    assert not r.area.contains(Point(352, 203.75 - 15.9))
    assert r.area.contains(Point(352, 203.75 - 16.1))
    assert r.area.contains(Point(352, 209.25 + 16.1))


def test_a_gap_narrower_than_the_base_separates():
    # two parallel long walls 97 mm apart, open at both ends: a corridor 91.5 mm
    # wide between the panels' faces, narrowed at its mouths by the moulded pillars
    pieces = (
        Piece(code="A2", board="A", from_node=(2, 2), to_node=(4, 2)),
        Piece(code="A2", board="A", from_node=(2, 3), to_node=(4, 3)),
    )
    m = Mission(title="t", boards=(Board(id="A"),), pieces=pieces)
    assert len(reach.regions(m, base_mm=32)) == 1
    # the moulded pillars (25 mm across) leave 97 - 25 = 72 mm at the corridor's mouths
    assert len(reach.regions(m, base_mm=70)) == 1
    assert len(reach.regions(m, base_mm=75)) == 2


def test_zones_no_base_can_stand_in():
    # inside the room: 91.5 mm between the walls' faces; pillar corners cut it further
    m = room(False)
    assert reach.unreachable_cells(m, base_mm=32) == []
    assert reach.unreachable_cells(m, base_mm=100) == [("A", (3, 2))]
    small = min(reach.regions(m, base_mm=60), key=lambda r: r.area.area)
    assert small.cells == frozenset({("A", (3, 2))})


def test_regions_across_touching_boards_and_apart():
    touching = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))))
    apart = Mission(title="t", boards=(Board(id="A"), Board(id="B", at=(800.0, 0.0))))
    (r,) = reach.regions(touching)
    assert len(r.cells) == 84
    # a base may stand across the seam
    assert r.area.contains(Point(704, 300))
    got = reach.regions(apart)
    assert len(got) == 2
    assert {b for reg in got for b, _ in reg.cells} == {"A", "B"}


def test_bad_base_sizes_are_refused():
    m = room()
    for bad in (0, -5, float("nan"), "big"):
        with pytest.raises(ValueError):
            reach.regions(m, base_mm=bad)


def test_regions_are_cached_by_value():
    a = reach.regions(room(False))
    b = reach.regions(Mission(title="other title", boards=(Board(id="A"),),
                              pieces=tuple(p.with_new_uid() for p in room(False).pieces)))
    assert [x.area for x in a] == [y.area for y in b]
    assert a[0] is b[0]
