"""The rules per round: impassable areas block movement (not sight), routes
through dangerous areas are flagged, `analyze` gives every metric per round
(rules/timeline_analysis.py), and a mission without a timeline analyses as
before."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.io import dumps_mission, load_mission
from layout_editor.model.lattice import Placement
from layout_editor.model.mission import EntryZone, Region
from layout_editor.model.timeline import Change, Event, HatchwayRef
from layout_editor.rules import reach, sight
from layout_editor.rules.analysis import analyze
from layout_editor.rules.distances import objective_distances
from layout_editor.rules.round_areas import movement_table, sealed, sealing_pieces

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def crossing():
    return load_mission(ROOT / "mission_library" / "derelict-crossing.yaml")


def vented(m, state="impassable"):
    """Objective 1's zone (A C3) as an area in `state` from round 2, a
    hatchway locked and a reinforcement zone opened then."""
    door = next(p for p in m.pieces if p.open is False)
    return replace(
        m, regions=m.regions + (Region(name="Vent", board="A", cells=((2, 2),)),),
        entry_zones=m.entry_zones + (EntryZone(player=2, name="Reinforcements", board="B", cells=((3, 0),)),),
        timeline=(Event(round=2, changes=(
            Change("area", "Vent", state),
            Change("hatchway", HatchwayRef(door.board, door.to_node, door.from_node), "locked"),
            Change("entry-zone", "Reinforcements", "opens"))),))


def test_an_impassable_area_blocks_movement_but_not_sight(crossing):
    m = replace(crossing, regions=(Region(name="Vent", board="A", cells=((2, 2),), state="impassable"),))
    before = objective_distances(crossing)
    after = objective_distances(movement_table(m))
    assert before["1"]["1"] is not None and after["1"]["1"] is None  # objective 1 stands in the vent
    for player in before:
        for oid in ("2", "3", "4"):
            assert after[player][oid] >= before[player][oid] - 1e-6
    # sight is measured on the table as it stands: the vent's seal is no wall
    assert sight.longest_sight_line(m)[0] == sight.longest_sight_line(crossing)[0]
    # the seal is the catalogue's footprints round the zone: 4 short walls, 4 pillars
    seal = sealing_pieces(m.regions[0], Placement.of(m.board("A")))
    assert sorted(p.code for p in seal) == ["B1"] * 4 + ["pillar-left"] * 4


def test_sealing_matches_walls_built_by_hand(crossing):
    """The fast way (the obstacle stage's own footprints) against a brute
    one: the same walls and pillars laid as pieces of the mission."""
    region = Region(name="Vent", board="B", cells=((1, 1), (2, 1), (2, 2)), state="impassable")
    m = replace(crossing, regions=(region,))
    by_hand = replace(crossing, pieces=crossing.pieces + sealing_pieces(
        region, Placement.of(m.board("B"))))
    assert objective_distances(sealed(m)) == objective_distances(by_hand)
    assert len(reach.regions(sealed(m))) == len(reach.regions(by_hand))


def test_analyze_gives_every_metric_per_round(crossing):
    m = vented(crossing)
    a = analyze(m)
    rounds = a.metrics["rounds"]
    assert [e["round"] for e in rounds] == [1, 2, 3, 4, 5]
    assert rounds[2] == {"round": 3, "same_as_round": 2}
    full = rounds[1]["metrics"]
    top = {k for k in a.metrics if k != "rounds"}
    assert top <= set(full)  # every metric, per round
    assert full["objective_distances_in"]["1"]["1"] is None  # objective 1 in the vent
    assert rounds[0]["metrics"]["objective_distances_in"]["1"]["1"] is not None
    assert full["areas"] == {"Vent": "impassable"}
    assert "Vent becomes impassable" in rounds[1]["changes"]
    codes = {f.code for f in a.findings}
    assert {"round-objective-unreachable", "areas-reading"} <= codes
    assert "By battle round" in a.report()


def test_a_route_through_a_dangerous_area_is_flagged(crossing):
    m = replace(crossing, regions=(Region(name="Pipes", board="A", cells=tuple((1, j) for j in range(6)),
                                          state="dangerous"),))
    a = analyze(m, designer=False)
    danger = a.metrics["rounds"][0]["metrics"]["through_danger"]
    # player 1 enters on column A of board A: every route crosses column B
    assert set(danger["1"]) == {"1", "2", "3", "4"}
    assert all(v is None for v in danger["1"].values())


def test_a_mission_without_a_timeline_analyses_as_before(crossing):
    assert "rounds" not in analyze(crossing, designer=False).metrics


def test_analyze_json_on_the_command_line(crossing, tmp_path):
    path = tmp_path / "vented.yaml"
    path.write_text(dumps_mission(vented(crossing, "dark")), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "layout_editor", "analyze", "--json", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=600, check=False)
    assert out.returncode == 0, out.stderr
    rounds = json.loads(out.stdout)["metrics"]["rounds"]
    assert rounds[1]["metrics"]["dark_sight_in"] == 12.0
    assert rounds[1]["metrics"]["areas"] == {"Vent": "dark"}


def test_a_marker_that_counts_as_nothing_is_no_objective_of_the_round_checks(crossing):
    from layout_editor.rules.checks import run_checks

    m = vented(crossing)
    loot = replace(m, objectives=tuple(replace(o, kind="loot") if o.id == "1" else o for o in m.objectives))
    assert "round-objective-unreachable" in {f.code for f in run_checks(m)}
    assert "round-objective-unreachable" not in {f.code for f in run_checks(loot)}
