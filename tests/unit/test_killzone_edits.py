"""The pure edits of a killzone's equipment, territories and centre line
(model/killzone_edits.py), without Qt."""
from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pytest
from shapely.geometry import Point

from layout_editor.catalogue import default_catalogue
from layout_editor.model.edits import EditRefused
from layout_editor.model.killzone_edits import (
    EQUIPMENT_TURN_STEP,
    add_equipment,
    add_equipment_items,
    centre_line_end_at,
    clear_territories,
    equipment_at,
    halves,
    killzone_rect,
    move_centre_line_end,
    move_equipment,
    nudge_equipment,
    remove_equipment,
    set_equipment_player,
    snap_to_edge,
    split_killzone,
    swap_territories,
    territories_follow_line,
    turn_equipment,
    turned,
)
from layout_editor.model.mission import EntryZone, Territory, killzone_mission
from layout_editor.rules.checks.equipment import equipment_shape, territory_shape

CAT = default_catalogue()


def test_the_killzone_is_the_board():
    assert killzone_rect(killzone_mission()) == (0.0, 0.0, 704.0, 607.0)


def test_equipment_is_set_up_moved_turned_given_and_removed():
    m = add_equipment(killzone_mission(), "light-barricade", 1, (100.04, 200.06)).mission
    (item,) = m.equipment
    assert (item.kind, item.player, item.at, item.rotation) == ("light-barricade", 1, (100.0, 200.1), 0.0)
    m = move_equipment(m, item.uid, (150, 250)).mission
    assert m.equipment[0].at == (150.0, 250.0)
    m = turn_equipment(m, [item.uid]).mission
    assert m.equipment[0].rotation == EQUIPMENT_TURN_STEP
    m = set_equipment_player(m, [item.uid], 2).mission
    assert m.equipment[0].player == 2
    m = nudge_equipment(m, [item.uid], (1.0, 0.0)).mission
    assert m.equipment[0].at == (151.0, 250.0)
    assert m.equipment[0].uid == item.uid
    m = remove_equipment(m, [item.uid]).mission
    assert m.equipment == ()


def test_a_refused_set_up_says_why():
    m = killzone_mission()
    with pytest.raises(EditRefused, match="on the killzone"):
        add_equipment(m, "mines", 1, (-10, 20))
    with pytest.raises(EditRefused, match="no equipment"):
        add_equipment(m, "ladder", 1, (10, 20))
    with pytest.raises(EditRefused, match="no player 3"):
        add_equipment(m, "mines", 3, (10, 20))
    with pytest.raises(EditRefused, match="nothing selected"):
        remove_equipment(m, [123456])


def test_turning_goes_in_steps_and_round():
    assert turned(0.0) == 15.0
    assert turned(345.0) == 0.0
    assert turned(10.0) == 15.0      # between steps: to the next step on
    assert turned(10.0, -1) == 0.0
    assert turned(0.0, -1) == 345.0


def test_the_item_under_the_cursor_is_found_on_its_turned_footprint():
    m = add_equipment(killzone_mission(), "razor-wire", 1, (300, 300), rotation=90).mission
    uid = m.equipment[0].uid
    # 72 x 10 mm turned a quarter: long along y
    assert equipment_at(m, 300, 330, CAT) == uid
    assert equipment_at(m, 330, 300, CAT) is None
    # the same answer as the rules core's footprint (brute force over a grid)
    kind = CAT.equipment["light-barricade"]
    grid = [(300 + dx, 300 + dy) for dx in range(-30, 31, 3) for dy in range(-30, 31, 3)]
    for rot, (x, y) in itertools.product((0, 15, 45, 130), grid):
        m2 = add_equipment(killzone_mission(), "light-barricade", 1, (300, 300), rotation=rot).mission
        shape = equipment_shape(m2.equipment[0], kind)
        if abs(shape.exterior.distance(Point(x, y))) < 1e-6:
            continue  # on the edge: either answer
        assert (equipment_at(m2, x, y, CAT) is not None) == shape.contains(Point(x, y)), (rot, x, y)


def test_copies_are_new_items_moved_by_the_offset():
    m = add_equipment(killzone_mission(), "mines", 2, (100, 100)).mission
    m2 = add_equipment_items(m, m.equipment, (25.4, 25.4)).mission
    a, b = m2.equipment
    assert b.at == (125.4, 125.4) and b.player == 2 and b.uid != a.uid
    with pytest.raises(EditRefused):
        add_equipment_items(m, m.equipment, (1000, 0))


def test_split_top_and_bottom_gives_each_player_the_half_with_their_drop_zone():
    # player 1's drop zone along the bottom edge, player 2's along the top
    m = replace(killzone_mission(), entry_zones=(EntryZone(1, "A", ((0, 5), (1, 5))),
                                                 EntryZone(2, "A", ((0, 0), (1, 0)))))
    m = split_killzone(m, "top-bottom").mission
    assert m.centre_line == ((0.0, 303.5), (704.0, 303.5))
    assert territory_shape(m, 1).bounds == (0.0, 303.5, 704.0, 607.0)
    assert territory_shape(m, 2).bounds == (0.0, 0.0, 704.0, 303.5)
    assert territories_follow_line(m)


def test_split_left_and_right_without_drop_zones_gives_player_1_the_left():
    m = split_killzone(killzone_mission(), "left-right").mission
    assert m.centre_line == ((352.0, 0.0), (352.0, 607.0))
    assert territory_shape(m, 1).bounds == (0.0, 0.0, 352.0, 607.0)


def test_halves_cover_the_killzone_whatever_the_line():
    rect = (0.0, 0.0, 704.0, 607.0)
    for a, b in [((0, 100), (704, 500)), ((200, 0), (500, 607)), ((0, 0), (704, 607))]:
        left, right = halves(rect, (a, b))
        area = sum(abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(h, h[1:] + h[:1], strict=True))) / 2
                   for h in (list(left), list(right)))
        assert area == pytest.approx(704 * 607, rel=1e-4)


def test_a_centre_line_end_moves_along_the_edge_and_the_halves_follow():
    m = split_killzone(killzone_mission(), "top-bottom").mission
    assert centre_line_end_at(m, 2, 300) == 0
    assert centre_line_end_at(m, 352, 300) is None
    m = move_centre_line_end(m, 0, (30, 200)).mission
    assert m.centre_line[0] == (0.0, 200.0)  # snapped onto the left edge
    assert territories_follow_line(m)
    t1, t2 = territory_shape(m, 1), territory_shape(m, 2)
    assert math.isclose(t1.area + t2.area, 704 * 607, rel_tol=1e-6)
    assert t1.intersection(t2).area < 1.0


def test_territories_drawn_otherwise_stay_when_the_line_moves():
    m = split_killzone(killzone_mission(), "top-bottom").mission
    m = replace(m, territories=m.territories[:1])
    moved = move_centre_line_end(m, 1, (704, 100)).mission
    assert moved.territories == m.territories and moved.centre_line[1] == (704.0, 100.0)


def test_snapping_to_the_edge():
    rect = (0.0, 0.0, 704.0, 607.0)
    assert snap_to_edge(rect, 700, 300) == (704.0, 300.0)
    assert snap_to_edge(rect, 300, -50) == (300.0, 0.0)


def test_swapping_gives_each_player_the_other_half():
    m = split_killzone(killzone_mission(), "top-bottom").mission
    swapped = swap_territories(m).mission
    assert territory_shape(swapped, 1).bounds == territory_shape(m, 2).bounds
    assert territory_shape(swapped, 2).bounds == territory_shape(m, 1).bounds
    with pytest.raises(EditRefused):
        swap_territories(killzone_mission())


def test_clearing_takes_both_away_and_nothing_to_clear_is_refused():
    m = split_killzone(killzone_mission(), "top-bottom").mission
    m = clear_territories(m).mission
    assert m.territories == () and m.centre_line is None
    with pytest.raises(EditRefused):
        clear_territories(m)


def test_edits_elsewhere_that_change_the_killzone_say_so():
    """The editor redraws territories and equipment on Change.killzone."""
    from layout_editor.model.edits import set_mission_fields
    from layout_editor.model.mission import Equipment, Territory
    m = replace(killzone_mission(), players=3, territories=(Territory(3, ((0, 0), (10, 0), (10, 10))),),
                equipment=(Equipment("mines", 3, (50, 50)),))
    assert set_mission_fields(m, players=2).change.killzone
    assert not set_mission_fields(m, title="Another").change.killzone


def test_a_shared_corner_moves_in_both_territories_and_crossing_edges_are_refused():
    from layout_editor.model.killzone_edits import (
        add_territory_corner,
        move_territory_corner,
        remove_territory_corner,
        territory_corner_at,
    )
    m = split_killzone(killzone_mission(), "top-bottom").mission
    # a corner in the middle of the shared edge, then pulled down: both halves bend
    m = add_territory_corner(m, 352, 305).mission
    assert all((352.0, 303.5) in t.area for t in m.territories)
    assert territory_corner_at(m, 350, 300) == (352.0, 303.5)
    m = move_territory_corner(m, (352.0, 303.5), (352, 400)).mission
    assert all((352.0, 400.0) in t.area for t in m.territories)
    t1, t2 = territory_shape(m, 1), territory_shape(m, 2)
    assert math.isclose(t1.area + t2.area, 704 * 607, rel_tol=1e-6) and t1.intersection(t2).area < 1.0
    assert not territories_follow_line(m)  # drawn by hand now: a moved line leaves them
    # pulled off the killzone: it stops at the edge
    moved = move_territory_corner(m, (352.0, 400.0), (352, 900)).mission
    assert (352.0, 607.0) in moved.territories[0].area
    # a corner dragged across an edge of its territory is refused
    square = replace(killzone_mission(), territories=(Territory(1, ((100, 100), (200, 100), (200, 200), (100, 200))),))
    with pytest.raises(EditRefused, match="cross"):
        move_territory_corner(square, (200, 200), (150, 50))
    m = remove_territory_corner(m, (352.0, 400.0)).mission
    assert all(len(t.area) == 4 for t in m.territories)
    with pytest.raises(EditRefused):
        add_territory_corner(m, 352, 150)  # nowhere near an edge
