"""Kill Team hatchways and drop zones (rules/kill_team/hatchways.py), the
findings and `analyze` / the command line for a kill-team file."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.cli import main
from layout_editor.io import load_mission, save_mission
from layout_editor.model.mission import EntryZone, Objective, Piece, killzone_mission
from layout_editor.rules import kill_team as kt
from layout_editor.rules.analysis import analyze
from layout_editor.rules.checks import run_checks

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def door_field(*extra):
    """A B2 on y = 206.5 between nodes [3,2] and [4,2] (opening x 327..377,
    faces y 203.75 and 209.25), pillars on both; player 1's drop zone the
    corner square x 12.5..109.5, y 12.5..109.5; player 2's the far corner
    square x 594.5..691.5, y 497.5..594.5."""
    pieces = (Piece(code="B2", board="A", from_node=(3, 2), to_node=(4, 2), facing="left"),
              Piece(code="pillar-left", board="A", at=(3, 2)), Piece(code="pillar-right", board="A", at=(4, 2)),
              *extra)
    zones = (EntryZone(player=1, board="A", cells=((0, 0),)), EntryZone(player=2, board="A", cells=((6, 5),)))
    return replace(killzone_mission(), pieces=pieces, entry_zones=zones)


def test_who_reaches_a_hatchway_first():
    (h,) = kt.hatchway_first(door_field())
    # player 1: from (109.5, 109.5) straight to the north face's middle
    # (352, 203.75), over the pillar on [3,2] (y 179.5 at x 289.5, 190.3 at
    # x 317.5; its top is y 194): sqrt(242.5^2 + 94.25^2) = 260.172, less 1"
    # of control range: 234.772 mm = 9.24": two moves of 6"
    d1 = math.hypot(242.5, 94.25) - 25.4
    assert h.distance_in["1"] == round(d1 / 25.4, 2) and h.turns["1"] == 2
    # player 2: from (594.5, 497.5) to the south face's middle (352, 209.25),
    # west of the pillar on [4,2]: sqrt(242.5^2 + 288.25^2) - 25.4 = 351.29 mm: three moves
    d2 = math.hypot(242.5, 288.25) - 25.4
    assert h.distance_in["2"] == round(d2 / 25.4, 2) and h.turns["2"] == 3
    assert h.first == ("1",) and h.at == (352.0, 206.5)


def test_hatchway_fight_needs_room_on_both_sides():
    edge = Piece(code="B2", board="A", from_node=(0, 0), to_node=(1, 0), facing="left")
    m = door_field(edge, Piece(code="pillar-left", board="A", at=(0, 0)),
                   Piece(code="pillar-right", board="A", at=(1, 0)))
    fights = {f.piece: f for f in kt.hatchway_fights(m)}
    middle = next(p for p in m.pieces if p.code == "B2" and p.from_node == (3, 2))
    assert fights[middle.uid].allowed
    a, b = fights[middle.uid].places
    assert a[1] < 206.5 < b[1] and math.dist(a, b) - 32 <= kt.HATCHWAY_FIGHT_MM
    # on the board's edge line: 9.75 mm between the wall and the edge
    assert not fights[edge.uid].allowed
    found = [f for f in run_checks(m) if f.code == "kt-no-hatchway-fight"]
    assert found and found[0].pieces == (edge.uid,)


def test_drop_zones_in_sight_and_balance_findings():
    m = door_field(Piece(code="B2", board="A", from_node=(1, 3), to_node=(1, 4), facing="left"))
    m = replace(m, objectives=(Objective(id="1", at=(158.0, 255.0)),))
    codes = {f.code: f for f in run_checks(m)}
    # the corner squares see each other across the open board
    assert "kt-drop-zones-in-sight" in codes and "entry-zones-in-sight" not in codes
    # one objective near player 1: far beyond 10 %
    assert codes["kt-unbalanced"].severity == "warning"
    for code in ("kt-routes-reading", "kt-cover-reading", "kt-areas-reading", "kt-hatchways-first"):
        assert codes[code].severity == "info"


def test_boarding_actions_files_get_no_kill_team_findings():
    m = replace(door_field(), game="boarding-actions")
    assert not [f for f in run_checks(m) if f.code.startswith("kt-")]


def test_analyze_speaks_the_killzones_words():
    m = replace(door_field(), objectives=(Objective(id="1", at=(158.0, 255.0)),))
    a = analyze(m, designer=False)
    k = a.metrics["kill_team"]
    assert a.metrics["game"] == "kill-team"
    # the objective distances are the moves counted the rules' way, the tape's beside them
    from layout_editor.rules.kill_team.zone_moves import balance_moves, move_table
    assert a.metrics["objective_distances_in"] == k["balance_move_in"] == move_table(balance_moves(m))
    assert k["balance_in"] == kt.balance(m)
    assert k["hatchways"][0]["first"] == ["1"] and k["hatchways"][0]["hatchway_fight"] is True
    assert k["drop_zones_in_sight"] == {"at_start": True, "all_open": True}
    text = a.report(m.title)
    assert "drop zone" in text and "access point" in text and "entry zone" not in text
    # the balance counted the rules' way, beside the tape's table
    mv, tape = k["balance_move_in"]["1"]["1"], k["balance_in"]["1"]["1"]
    assert "counted the rules' way" in text and "By the tape" in text and f'objective 1 {tape:.1f}"' in text
    assert mv >= math.ceil(tape - 0.005) and "balance_length" in k
    # Boarding Actions: neither key
    b = analyze(replace(m, game="boarding-actions"), designer=False)
    assert "kill_team" not in b.metrics and "game" not in b.metrics


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_line_answers_for_kill_team(capsys):
    route = str(GOLDEN / "kt-route-access-point" / "mission.yaml")
    code, out, _ = run(capsys, "measure", route, "330", "186.5", "330", "226.5", "--json")
    assert code == 0 and json.loads(out) == {"distance_mm": 65.4, "distance_in": 2.575,
                                             "route": [[330.0, 186.5], [330.0, 226.5]], "access_points": 1,
                                             "length_in": 1.575, "move_in": 3}
    code, out, _ = run(capsys, "measure", route, "330", "186.5", "330", "226.5")
    assert out.strip() == ('2.58" (65.4 mm; 1 access point crossed, +1" each); '
                           'a move of 3" counted in whole-inch increments')
    code, out, _ = run(capsys, "measure", route, "330", "186.5", "330", "226.5", "--hatches", "closed", "--json")
    assert json.loads(out)["access_points"] == 0 and json.loads(out)["distance_mm"] == pytest.approx(93.659, abs=1e-3)
    corner = str(GOLDEN / "kt-cover-corner" / "mission.yaml")
    code, out, _ = run(capsys, "sight", corner, "450", "150", "32", "270", "205", "32", "--json")
    corner_32 = {"kind": "corner", "board": "A", "at": [303.5, 206.5], "node": [3, 2]}
    assert code == 0 and json.loads(out) == {"visible": True, "in_cover": True, "obscured": True,
                                             "within_2in": False, "cover_by": [corner_32],
                                             "obscured_by": [corner_32], "passed": [], "across_line": []}
    # the 2" rule and a corner passed are said too
    code, out, _ = run(capsys, "sight", corner, "467", "197", "32", "407", "235", "32", "--json")
    assert json.loads(out)["within_2in"] is True and json.loads(out)["in_cover"] is False
    # a shooter across the wall's line has not passed the corner: the
    # verdict depends on that reading, and the answer says which corner
    code, out, _ = run(capsys, "sight", corner, "300", "115", "32", "283", "241", "32", "--json")
    assert json.loads(out)["across_line"] == [corner_32] and json.loads(out)["in_cover"] is True
    code, out, _ = run(capsys, "sight", corner, "280", "115", "32", "283", "241", "32", "--json")
    assert json.loads(out)["passed"] == [corner_32] and json.loads(out)["in_cover"] is False
    # the end of the wall beside an open access point: its piece and the opening's edge
    doorway = str(GOLDEN / "kt-cover-doorway" / "mission.yaml")
    code, out, _ = run(capsys, "sight", doorway, "265", "100", "32", "220", "240", "32", "--hatches", "open", "--json")
    assert json.loads(out)["cover_by"] == [{"kind": "access point end", "board": "A", "at": [230.0, 206.5],
                                             "piece": {"code": "A3", "board": "A", "from": [1, 2], "to": [3, 2]}}]
    code, out, _ = run(capsys, "sight", corner, "450", "150", "32", "200", "215", "32")
    assert out.strip() == "visible (obscured)"
    code, out, _ = run(capsys, "sight", corner, "250", "100", "32", "340", "250", "32")
    assert out.strip() == "not visible"
    code, out, err = run(capsys, "sight", corner, "303.5", "206.5", "32", "340", "250", "32")
    assert code == 2 and "inside a wall" in err and "Traceback" not in err
    # Boarding Actions answers as before on the same layout
    ba = str(GOLDEN / "sight-past-corner" / "mission.yaml")
    code, out, _ = run(capsys, "sight", ba, "250", "100", "32", "150", "150", "32", "--json")
    assert set(json.loads(out)) == {"visible", "fully_visible"}


def test_validate_and_analyze_a_kill_team_file(capsys, tmp_path):
    m = replace(door_field(), objectives=(Objective(id="1", at=(158.0, 255.0)),))
    path = tmp_path / "kt.yaml"
    save_mission(m, path)
    assert load_mission(path).game == "kill-team"
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and "kt-unbalanced" in out and "kt-drop-zones-in-sight" in out
    code, out, _ = run(capsys, "analyze", str(path), "--json")
    got = json.loads(out)
    assert code == 0 and got["metrics"]["kill_team"]["balance"]["total_spread_pct"] > 10
