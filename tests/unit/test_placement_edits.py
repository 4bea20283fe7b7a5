"""Objective, entry-zone and region edits, and the snapping and stroke maths
the editor's tools use. No Qt."""
from dataclasses import replace

import pytest

from layout_editor.model import EntryZone, Objective, Region, two_board_mission
from layout_editor.model.edits import EditRefused
from layout_editor.model.placement_edits import (
    add_objective,
    cell_label,
    cells_along,
    clear_entry_zone,
    entry_zone_name,
    lay_out_deployment,
    move_objective,
    name_entry_zone,
    new_region_name,
    next_objective_id,
    objective_at,
    objective_point,
    paint_entry_cells,
    paint_region_cells,
    player_cells,
    region_cells,
    region_names,
    relabel_objective,
    remove_objective,
    remove_region,
    rename_objective,
    rename_region,
    renumber_objective,
)

# Board A at (0, 0), B at (704, 0); zone (i, j) of A spans
# x 12.5 + 97 i .. + 97, y 12.5 + 97 j .. + 97; its centre is at 61 + 97 i.


def mission():
    return two_board_mission()


# -- objectives ------------------------------------------------------------------

def test_marker_snaps_to_the_centre_of_the_zone_under_it():
    assert objective_point(mission(), 300.0, 120.0) == (255.0, 158.0)   # zone C2 of A
    assert objective_point(mission(), 710.0, 5.0) == (765.0, 61.0)      # border of B: its A1


def test_free_marker_stands_where_dropped():
    assert objective_point(mission(), 300.04, 120.06, free=True) == (300.0, 120.1)


def test_marker_off_the_boards_is_refused():
    with pytest.raises(EditRefused, match="on a board"):
        objective_point(mission(), 2000.0, 100.0)


def test_add_numbers_markers_with_the_lowest_free_number():
    m = add_objective(mission(), (61.0, 61.0)).mission
    m = add_objective(m, (158.0, 61.0)).mission
    assert [o.id for o in m.objectives] == ["1", "2"]
    m = remove_objective(m, "1").mission
    assert next_objective_id(m) == "1"
    edit = add_objective(m, (255.0, 61.0), name="Reactor core")
    assert edit.change.objectives
    assert edit.mission.objectives[-1] == Objective(id="1", at=(255.0, 61.0), name="Reactor core")


def test_add_refuses_a_number_already_taken():
    m = add_objective(mission(), (61.0, 61.0)).mission
    with pytest.raises(EditRefused, match="already"):
        add_objective(m, (158.0, 61.0), objective_id="1")


def test_move_and_hit_test():
    m = add_objective(mission(), (61.0, 61.0)).mission
    m = move_objective(m, "1", (400.0, 300.0)).mission
    assert m.objectives[0].at == (400.0, 300.0)
    assert objective_at(m, 415.0, 310.0) == "1"     # within the 20 mm radius
    assert objective_at(m, 425.0, 300.0) is None


def test_renumber_swaps_with_the_marker_that_had_the_number():
    m = add_objective(mission(), (61.0, 61.0)).mission
    m = add_objective(m, (158.0, 61.0)).mission
    m = renumber_objective(m, "2", "1").mission
    assert [(o.id, o.at) for o in m.objectives] == [("2", (61.0, 61.0)), ("1", (158.0, 61.0))]
    m = renumber_objective(m, "1", "Alpha").mission
    assert [o.id for o in m.objectives] == ["2", "Alpha"]
    with pytest.raises(EditRefused):
        renumber_objective(m, "2", "  ")


def test_rename_stores_blank_as_no_name():
    m = add_objective(mission(), (61.0, 61.0), name="Cogitator").mission
    assert rename_objective(m, "1", "Reactor").mission.objectives[0].name == "Reactor"
    assert rename_objective(m, "1", "   ").mission.objectives[0].name is None


def test_edits_on_a_missing_marker_are_refused():
    with pytest.raises(EditRefused, match="no objective 7"):
        move_objective(mission(), "7", (0, 0))


# -- strokes ------------------------------------------------------------------------

def test_a_fast_stroke_skips_no_cell_and_crosses_boards():
    cells = cells_along(mission(), (61.0, 61.0), (765.0 + 97, 61.0))
    assert cells == [("A", (i, 0)) for i in range(7)] + [("B", (0, 0)), ("B", (1, 0))]


def test_a_stroke_over_a_border_only_paints_cells():
    assert cells_along(mission(), (5.0, 5.0), (5.0, 5.0)) == []
    assert cell_label(("B", (2, 3))) == "B C4"


# -- entry zones ----------------------------------------------------------------------

def test_paint_builds_one_entry_zone_per_board():
    cells = [("A", (6, 0)), ("B", (0, 0)), ("A", (5, 0))]
    edit = paint_entry_cells(mission(), 1, cells)
    assert edit.change.entry_zones
    zones = edit.mission.entry_zones
    assert [(z.player, z.board, z.cells) for z in zones] == [
        (1, "A", ((5, 0), (6, 0))), (1, "B", ((0, 0),))]


def test_painting_another_players_cell_takes_it_over():
    m = paint_entry_cells(mission(), 1, [("A", (0, 0)), ("A", (1, 0))]).mission
    m = paint_entry_cells(m, 2, [("A", (1, 0))]).mission
    assert player_cells(m, 1) == {("A", (0, 0))}
    assert player_cells(m, 2) == {("A", (1, 0))}


def test_erase_takes_out_only_the_players_own_cells():
    m = paint_entry_cells(mission(), 1, [("A", (0, 0)), ("A", (1, 0))]).mission
    m = paint_entry_cells(m, 2, [("A", (2, 0))]).mission
    m = paint_entry_cells(m, 1, [("A", (1, 0)), ("A", (2, 0))], erase=True).mission
    assert player_cells(m, 1) == {("A", (0, 0))}
    assert player_cells(m, 2) == {("A", (2, 0))}
    m = paint_entry_cells(m, 1, [("A", (0, 0))], erase=True).mission
    assert m.entry_zones_of(1) == ()


def test_painting_keeps_the_zone_name_and_x_keys():
    m = replace(mission(), entry_zones=(
        EntryZone(player=1, board="A", cells=((0, 0),), name="Boarding party",
                  extras={"x-note": "keep"}),))
    m = paint_entry_cells(m, 1, [("A", (0, 1)), ("B", (0, 0))]).mission
    a, b = m.entry_zones
    assert a.cells == ((0, 0), (0, 1)) and a.extras == {"x-note": "keep"}
    assert a.name == b.name == "Boarding party"


def test_painting_nothing_new_changes_nothing():
    m = paint_entry_cells(mission(), 1, [("A", (0, 0))]).mission
    edit = paint_entry_cells(m, 1, [("A", (0, 0))])
    assert edit.mission is m and not edit.change.layout


def test_cells_off_the_boards_are_ignored_and_players_must_exist():
    m = paint_entry_cells(mission(), 1, [("A", (7, 0)), ("Z", (0, 0))]).mission
    assert m.entry_zones == ()
    with pytest.raises(EditRefused, match="2 players"):
        paint_entry_cells(mission(), 3, [("A", (0, 0))])


def test_naming_an_entry_zone():
    m = paint_entry_cells(mission(), 2, [("A", (0, 0)), ("B", (0, 0))]).mission
    m = name_entry_zone(m, 2, "  Defenders ").mission
    assert entry_zone_name(m, 2) == "Defenders"
    assert {z.name for z in m.entry_zones_of(2)} == {"Defenders"}
    with pytest.raises(EditRefused, match="paint player 1"):
        name_entry_zone(m, 1, "Attackers")
    assert clear_entry_zone(m, 2).mission.entry_zones == ()


# -- regions -----------------------------------------------------------------------------

def test_paint_rename_and_remove_a_region():
    m = paint_region_cells(mission(), "Airlock", [("B", (6, 2)), ("B", (6, 3))]).mission
    assert m.regions == (Region(name="Airlock", board="B", cells=((6, 2), (6, 3))),)
    m = paint_region_cells(m, "Reactor", [("A", (3, 3)), ("B", (6, 3))]).mission
    assert region_names(m) == ["Airlock", "Reactor"]
    assert region_cells(m, "Airlock") == {("B", (6, 2))}       # taken over by Reactor
    assert region_cells(m, "Reactor") == {("A", (3, 3)), ("B", (6, 3))}
    m = rename_region(m, "Reactor", "Reactor core").mission
    assert region_names(m) == ["Airlock", "Reactor core"]
    with pytest.raises(EditRefused, match="already"):
        rename_region(m, "Airlock", "Reactor core")
    m = remove_region(m, "Airlock").mission
    assert region_names(m) == ["Reactor core"]
    assert new_region_name(m) == "Region 1"


def test_erasing_every_cell_of_a_region_removes_it():
    m = paint_region_cells(mission(), "Airlock", [("B", (6, 2))]).mission
    m = paint_region_cells(m, "Airlock", [("B", (6, 2))], erase=True).mission
    assert m.regions == ()
    with pytest.raises(EditRefused):
        paint_region_cells(m, " ", [("B", (6, 2))])


def test_lay_out_a_preset_is_one_edit_that_sets_the_players():
    edit = lay_out_deployment(mission(), "four-corners")
    assert edit.change.entry_zones and edit.change.text
    assert edit.mission.players == 4
    assert sorted({z.player for z in edit.mission.entry_zones}) == [1, 2, 3, 4]
    again = lay_out_deployment(edit.mission, "four-corners")
    assert again.mission is edit.mission and not again.change.layout


def test_relabel_renumbers_and_renames_in_one_edit():
    m = add_objective(mission(), (61.0, 61.0)).mission
    m = add_objective(m, (158.0, 61.0)).mission
    out = relabel_objective(m, "2", "1", "Cogitator").mission
    assert [(o.id, o.name) for o in out.objectives] == [("2", None), ("1", "Cogitator")]
    assert relabel_objective(m, "1", "1", "Vault").mission.objectives[0].name == "Vault"


def test_markers_cannot_lie_on_each_other():
    m = add_objective(mission(), (61.0, 61.0)).mission
    with pytest.raises(EditRefused, match="lie on objective 1"):
        add_objective(m, (90.0, 61.0))
    m = add_objective(m, (101.0, 61.0)).mission     # 40 mm apart: edge to edge
    with pytest.raises(EditRefused, match="lie on objective 1"):
        move_objective(m, "2", (70.0, 70.0))
    assert move_objective(m, "1", (55.0, 61.0)).mission.objectives[0].at == (55.0, 61.0)


def test_what_the_edits_make_saves_and_loads_unchanged():
    from layout_editor.io import dumps_mission, loads_mission

    m = lay_out_deployment(mission(), "three-corner-edge").mission
    m = name_entry_zone(m, 2, "Salvage crew").mission
    m = add_objective(m, objective_point(m, 300.0, 120.0), name="Cargo lift").mission
    m = add_objective(m, objective_point(m, 987.65, 432.1, free=True)).mission
    m = paint_region_cells(m, "Airlock", [("B", (6, 2)), ("A", (0, 3))]).mission
    assert loads_mission(dumps_mission(m)) == m
