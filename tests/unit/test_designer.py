"""The designer's analyses on small layouts with hand-worked answers: what
an entry zone sees, which hatchway matters, how far a first turn reaches; and
on the library: flipping the hatchway the analysis calls decisive changes the
distances by what it said (analyze run again on the flipped file)."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission, save_mission
from layout_editor.model.mission import EntryZone, Objective, Piece, two_board_mission
from layout_editor.rules import designer, reach
from layout_editor.rules.analysis import analyze

SQ_IN = 25.4 ** 2
ROOT = Path(__file__).resolve().parents[2]


def empty_table(*zones):
    return replace(two_board_mission("Empty"), entry_zones=tuple(zones))


def room(open_: bool, objective_inside: bool = True):
    """A closed room on board A (nodes (1, 1) to (3, 3)) with an A3 as its
    east wall; player 2 sets up inside it, player 1 outside on board B."""
    m = two_board_mission("Room")
    pieces = [
        Piece("A1", "A", from_node=(1, 1), to_node=(3, 1)),
        Piece("A3", "A", from_node=(3, 1), to_node=(3, 3), facing="right", open=open_),
        Piece("A1", "A", from_node=(3, 3), to_node=(1, 3)),
        Piece("A1", "A", from_node=(1, 3), to_node=(1, 1)),
    ]
    pieces += [Piece("pillar-left", "A", at=n) for n in [(1, 1), (3, 1), (3, 3), (1, 3)]]
    inside = (206.5, 206.5)  # the middle of the room: node (2, 2)
    return replace(m, pieces=tuple(pieces),
                   objectives=(Objective("1", inside if objective_inside else (900.0, 300.0)),
                               Objective("2", (900.0, 300.0))),
                   entry_zones=(EntryZone(1, "B", ((5, 0), (6, 0))), EntryZone(2, "A", ((1, 1),))))


# -- seen from the enemy ------------------------------------------------------------

def test_on_an_empty_table_a_zone_sees_all_the_floor():
    # floor for a 32 mm base: the table 1408 x 607 shrunk by 16 mm each side
    s = designer.seen_from(empty_table(EntryZone(1, "A", ((0, 0),))), base_mm=32)
    floor = (1408 - 32) * (607 - 32)
    assert s.floor.area == pytest.approx(floor, rel=1e-6)
    got = s.metrics()["1"]
    assert got["area_sq_in"] == pytest.approx(floor / SQ_IN, abs=0.1)
    assert got["share"] == 1.0
    assert s.metrics()["2"] == {"area_sq_in": 0.0, "share": 0.0}


def test_from_inside_a_closed_room_a_zone_sees_the_room_and_nothing_else():
    m = room(open_=False)
    s = designer.seen_from(m, base_mm=32)
    regions = reach.regions(m, 32, "as-set")
    inside = [r.area for r in regions if r.area.contains(__import__("shapely").Point(206.5, 206.5))][0]
    assert s.area[2].area == pytest.approx(inside.area, rel=1e-3)
    # and player 1 outside sees nothing in the room (and not all the rest:
    # the room hides the floor behind it)
    assert s.area[1].intersection(inside).area < 1.0
    assert 0.9 * (s.floor.area - inside.area) < s.area[1].area < s.floor.area - inside.area


def test_an_open_door_lets_the_outside_see_in():
    closed = designer.seen_from(room(False), base_mm=32).area[1].area
    opened = designer.seen_from(room(True), base_mm=32).area[1].area
    assert opened > closed


# -- which hatchway matters -----------------------------------------------------------

def test_closing_the_only_door_cuts_the_outside_player_off():
    m = room(open_=True)
    flips = designer.hatchway_flips(m)
    assert len(flips) == 1
    h = flips[0].to_dict()
    assert h["piece"] == {"code": "A3", "board": "A", "from": [3, 1], "to": [3, 3]}
    assert h["as_set"] == "open"
    assert h["flipped"]["1"]["1"] == "cut"          # player 1 was outside
    assert h["flipped"]["2"]["2"] == "cut"          # player 2 shut in
    assert h["flipped"]["2"]["1"] == 0.0            # its objective is in the room with it
    assert h["flipped"]["1"]["2"] == 0.0
    warn = designer.hatchway_findings(flips, m)
    assert {(f.code, f.severity, f.objectives) for f in warn} == {("hatchway-cuts-off", "warning", ("1",)),
                                                                  ("hatchway-cuts-off", "warning", ("2",))}
    assert "closing A3 on board A from D/2 to D/4 alone cuts player 1 off from objective '1'" in warn[0].message \
        or "closing A3 on board A from D/2 to D/4 alone cuts player 1 off from objective '1'" in warn[1].message


def test_opening_the_door_opens_a_route():
    flips = designer.hatchway_flips(room(open_=False))
    assert flips[0].to_dict()["flipped"]["1"]["1"] == "opened"
    assert flips[0].to_dict()["as_set"] == "closed"


def test_a_door_in_the_way_of_nothing_changes_nothing():
    m = room(open_=False, objective_inside=False)
    h = designer.hatchway_flips(m)[0].to_dict()
    assert h["flipped"]["1"] == {"1": 0.0, "2": 0.0}
    assert h["flipped"]["2"] == {"1": "opened", "2": "opened"}


# -- first-turn reach -----------------------------------------------------------------

def test_first_turn_on_an_empty_table():
    # zone: cell A1, (12.5, 12.5) to (109.5, 109.5); the floor starts 16 mm in.
    # Within R of the cell and on the floor: a square of side 109.5 + R - 16
    # less the corner outside the quarter circle of radius R.
    zone = EntryZone(1, "A", ((0, 0),))
    edge = 109.5 + 20  # a marker this far right is 0" from the zone's edge
    m = replace(empty_table(zone), objectives=(
        Objective("a", (edge + 5.9 * 25.4, 60.0)), Objective("b", (edge + 9.0 * 25.4, 60.0)),
        Objective("c", (edge + 11.9 * 25.4, 60.0)), Objective("d", (edge + 13.0 * 25.4, 60.0))))
    ft = designer.first_turn(m, base_mm=32, move_in=6)
    assert ft.objectives[1] == {"6": ["a"], "9.5": ["a", "b"], "12": ["a", "b", "c"]}
    for band in (6, 9.5, 12):
        r = band * 25.4
        want = (109.5 + r - 16) ** 2 - r * r + math.pi * r * r / 4
        assert ft.area_sq_in(1, band) * SQ_IN == pytest.approx(want, rel=0.03), band
        assert ft.area(1, band).area == pytest.approx(want, rel=0.03)
    met = ft.metrics()
    assert met["move_in"] == 6 and met["1"]["12"] == ["a", "b", "c"] and met["2"] == {"6": [], "9.5": [], "12": []}
    assert set(met) == {"move_in", "1", "2"}
    assert ft.detail()["spread"] == {"6": 1, "9.5": 2, "12": 3}
    assert ft.detail()["area_sq_in"]["1"]["6"] == pytest.approx(
        ((109.5 + 152.4 - 16) ** 2 - 152.4 ** 2 + math.pi * 152.4 ** 2 / 4) / SQ_IN, rel=0.03)


def test_a_base_does_not_reach_into_a_sealed_room():
    m = room(open_=False)
    ft = designer.first_turn(m, base_mm=32, move_in=30)
    pts, d = ft.grid[1]
    import shapely
    assert not shapely.intersects_xy(shapely.box(112, 112, 301, 301), pts[:, 0], pts[:, 1]).any()


# -- analyze: the contract ---------------------------------------------------------------

def test_analyze_has_the_contract_keys():
    m = room(open_=True)
    a = analyze(m, base_mm=32, move_in=5)
    met = a.to_dict()["metrics"]
    assert set(met["symmetry"]) >= {"point", "line", "breaking"}
    assert set(met["seen_from"]) == {"1", "2"} and set(met["seen_from"]["1"]) == {"area_sq_in", "share"}
    assert met["hatchways"][0]["piece"]["code"] == "A3"
    assert met["first_turn"]["move_in"] == 5 and set(met["first_turn"]["1"]) == {"5", "8.5", "11"}
    assert "hatchway-cuts-off" in {f.code for f in a.findings}
    json.dumps(a.to_dict())


def _library():
    return sorted(p for p in mission_library_dir().glob("*.yaml") if ".de." not in p.name)


def _cli(*args) -> dict:
    out = subprocess.run([sys.executable, "-m", "layout_editor", *args], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("name", ["last-lifepod", "three-way-salvage", "reactor-vigil"])
def test_flipping_the_decisive_hatchway_changes_the_distances_by_what_it_said(name, tmp_path):
    path = mission_library_dir() / f"{name}.yaml"
    before = _cli("analyze", str(path), "--json")["metrics"]
    decisive = before["hatchways"][0]
    m = load_mission(path)
    ref = decisive["piece"]
    k = next(i for i, p in enumerate(m.pieces) if p.code == ref["code"] and p.board == ref["board"]
             and list(p.from_node) == ref["from"] and list(p.to_node) == ref["to"])
    p = m.pieces[k]
    flipped = replace(m, pieces=m.pieces[:k] + (replace(p, open=not p.open),) + m.pieces[k + 1:])
    out = tmp_path / "flipped.yaml"
    save_mission(flipped, out)
    after = _cli("analyze", str(out), "--json")["metrics"]
    d0, d1 = before["objective_distances_in"], after["objective_distances_in"]
    for player, row in decisive["flipped"].items():
        for oid, change in row.items():
            if change == "cut":
                assert d0[player][oid] is not None and d1[player][oid] is None
            elif change == "opened":
                assert d0[player][oid] is None and d1[player][oid] is not None
            else:
                assert d1[player][oid] - d0[player][oid] == pytest.approx(change, abs=0.011)
    # flipped back it is as set again: the same hatchway is listed with the opposite state
    again = [h for h in after["hatchways"] if h["piece"] == ref]
    assert again and again[0]["as_set"] != decisive["as_set"]


def test_too_many_hatchways_are_not_flipped_one_by_one_and_the_analysis_says_so():
    from benchmarks.layouts import dense_mission
    from layout_editor.rules.designer import MAX_FLIP_HATCHWAYS, hatchway_count, hatchway_findings, hatchway_flips

    big = dense_mission(4)  # a full terrain set on each of four boards: 80 hatchways
    n = hatchway_count(big)
    assert n > MAX_FLIP_HATCHWAYS
    assert hatchway_flips(big) == []
    (note,) = [f for f in hatchway_findings([], big) if f.code == "hatchways-not-flipped"]
    assert note.severity == "info" and str(n) in note.message
    # at the limit they are flipped
    small = dense_mission(2)
    assert hatchway_count(small) <= MAX_FLIP_HATCHWAYS
    assert not [f for f in hatchway_findings([], small) if f.code == "hatchways-not-flipped"]


# -- first-turn reach follows the game (games.first_turn_bands) ---------------------------

def test_first_turn_bands_are_the_games():
    from layout_editor.games import BOARDING_ACTIONS, GAMES, KILL_TEAM, first_turn_bands

    assert first_turn_bands(GAMES[BOARDING_ACTIONS]) == (6.0, 9.5, 12.0)
    assert first_turn_bands(GAMES[BOARDING_ACTIONS], 5) == (5.0, 8.5, 11.0)
    # Kill Team: a 6" Reposition, and a 3" Dash after it
    assert first_turn_bands(GAMES[KILL_TEAM]) == (6.0, 9.0)
    assert designer.bands(6.0) == (6.0, 9.5, 12.0)


def test_first_turn_of_a_kill_team_file_has_reposition_and_dash_bands():
    zone = EntryZone(1, "A", ((0, 0),))
    edge = 109.5 + 20
    m = replace(empty_table(zone), game="kill-team", objectives=(
        Objective("a", (edge + 5.9 * 25.4, 60.0)), Objective("b", (edge + 8.8 * 25.4, 60.0)),
        Objective("c", (edge + 9.3 * 25.4, 60.0))))
    ft = designer.first_turn(m, base_mm=32, move_in=6)
    assert ft.bands == (6.0, 9.0)
    assert ft.objectives[1] == {"6": ["a"], "9": ["a", "b"]}
    assert set(ft.detail()["area_sq_in"]["1"]) == {"6", "9"}
    # the same table for Boarding Actions keeps its three bands
    ba = designer.first_turn(replace(m, game="boarding-actions"), base_mm=32, move_in=6)
    assert ba.objectives[1] == {"6": ["a"], "9.5": ["a", "b", "c"], "12": ["a", "b", "c"]}
    from layout_editor.rules.overlays import compute_first
    data = compute_first(m, 32.0, "as-set")
    assert [b for b, _ in data.bands[1]] == [6.0, 9.0]


def test_the_report_names_reposition_and_dash_for_a_kill_team_file():
    from layout_editor.rules.analysis import format_report

    zone = EntryZone(1, "A", ((0, 0),))
    m = replace(empty_table(zone), game="kill-team", objectives=(Objective("a", (300.0, 60.0)),))
    text = format_report(analyze(m, base_mm=32, move_in=6))
    assert 'First-turn reach, objectives within 6" (Reposition), 9" (Reposition and Dash):' in text
    ba = format_report(analyze(replace(m, game="boarding-actions"), base_mm=32, move_in=6))
    assert 'First-turn reach, objectives within 6", +3.5", +6":' in ba


def test_first_turn_of_a_kill_team_file_goes_through_operable_hatchways_an_inch_more_each():
    """Kill Team's first turn walks the balance's route (kt-routes-reading):
    the closed hatchway as operable, 1" more for its access point. "a" is
    5.9" that way (6.5" round the wall: closed, it would miss 6"), "b" 6.1"
    (5.1" open without the inch: it would be within 6")."""
    from layout_editor.rules import analysis
    from layout_editor.rules.kill_team import balance

    zone = EntryZone(1, "A", ((0, 0),))
    door = (Piece("B2", "A", from_node=(1, 0), to_node=(1, 1), facing="right", open=False),
            Piece("pillar-left", "A", at=(1, 0)), Piece("pillar-left", "A", at=(1, 1)))
    face = 109.5 + 2.75 + 20  # the wall's east face, and the marker's radius
    m = replace(empty_table(zone), game="kill-team", pieces=door, objectives=(
        Objective("a", (face + 4.8 * 25.4, 61.0)), Objective("b", (face + 5.0 * 25.4, 61.0))))
    routes = balance(m)["1"]
    assert routes["a"] < 6.0 < routes["b"] < 9.0
    ba = replace(m, game="boarding-actions")
    assert analysis.objective_distances(ba)["1"]["a"] > 6.0           # round the closed wall
    assert analysis.objective_distances(ba, hatches="open")["1"]["b"] < 6.0  # open, no inch
    ft = designer.first_turn(m, base_mm=32, move_in=6)
    assert ft.objectives[1] == {"6": ["a"], "9": ["a", "b"]}
    # the editor's overlay asks with its Kill Team view (every hatchway open): the same
    assert designer.first_turn(m, base_mm=32, move_in=6, hatches="open").objectives[1] == ft.objectives[1]
