"""A Kill Team killzone's drop-zone presets (model/deployments.py) on its one
board of 7 x 6 zones, worked out by hand. No Qt."""
from dataclasses import replace

import pytest

from layout_editor.model import Board, Mission
from layout_editor.model.deployments import (
    DROP_ZONE_PRESETS,
    PRESETS,
    apply_deployment,
    battlefield,
    deployment_cells,
    preset,
    presets_of,
)


def killzone(rotation=0):
    return Mission(title="Killzone", boards=(Board("A", at=(0.0, 0.0), rotation=rotation),))


def test_each_game_offers_its_own_deployments():
    assert presets_of("kill-team") == DROP_ZONE_PRESETS
    assert presets_of("boarding-actions") == PRESETS
    assert all(p.players == 2 and p.game == "kill-team" for p in DROP_ZONE_PRESETS)
    assert {p.key for p in DROP_ZONE_PRESETS} == {"killzone-long-edges", "killzone-short-edges",
                                                 "killzone-corners"}
    assert preset("killzone-corners").game == "kill-team"


def test_opposite_long_edges_are_the_rows_of_seven():
    cells = deployment_cells(killzone(), "killzone-long-edges")
    assert cells[1] == {("A", (i, 0)) for i in range(7)}
    assert cells[2] == {("A", (i, 5)) for i in range(7)}


def test_opposite_short_edges_are_the_columns_of_six():
    cells = deployment_cells(killzone(), "killzone-short-edges")
    assert cells[1] == {("A", (0, j)) for j in range(6)}
    assert cells[2] == {("A", (6, j)) for j in range(6)}


def test_opposite_corners_are_blocks_of_six_half_a_turn_apart():
    cells = deployment_cells(killzone(), "killzone-corners")
    assert cells[1] == {("A", (i, j)) for i in range(3) for j in range(2)}
    assert cells[2] == {("A", (i, j)) for i in range(4, 7) for j in range(4, 6)}


@pytest.mark.parametrize("key", [p.key for p in DROP_ZONE_PRESETS])
def test_both_drop_zones_are_the_same_shape_turned_half_a_turn(key):
    m = killzone()
    field = battlefield(m)
    x0, y0, x1, y1 = field.bounds
    cells = deployment_cells(m, key)
    assert len(cells[1]) == len(cells[2]) >= 6
    turned = {(round(x0 + x1 - field.centres[c][0]), round(y0 + y1 - field.centres[c][1])) for c in cells[1]}
    assert turned == {(round(field.centres[c][0]), round(field.centres[c][1])) for c in cells[2]}


@pytest.mark.parametrize("rotation", [90, 270])
def test_a_turned_board_keeps_the_long_edges_long(rotation):
    cells = deployment_cells(killzone(rotation), "killzone-long-edges")
    assert len(cells[1]) == len(cells[2]) == 7


def test_laying_out_replaces_the_drop_zones_and_keeps_their_names():
    m = apply_deployment(killzone(), "killzone-long-edges")
    named = replace(m, entry_zones=tuple(replace(z, name=f"Team {z.player}") for z in m.entry_zones))
    again = apply_deployment(named, "killzone-corners")
    assert again.players == 2
    assert [z.name for z in again.entry_zones] == ["Team 1", "Team 2"]
    assert sum(len(z.cells) for z in again.entry_zones) == 12
