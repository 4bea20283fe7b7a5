"""The command line's validate and analyze, as scripts use them: exit codes,
the `FILE: severity code: message` lines, and the JSON keys of analyze."""
import json

import pytest

from layout_editor.cli import main
from layout_editor.io import save_mission
from layout_editor.model import Board, EntryZone, Mission, Objective, Piece


def good_mission():
    pieces = (
        Piece(code="A1", board="A", from_node=(2, 0), to_node=(2, 2)),
        Piece(code="pillar-left", board="A", at=(2, 0)),
        Piece(code="pillar-right", board="A", at=(2, 2)),
    )
    zones = (EntryZone(player=1, board="A", cells=((0, 0), (0, 1))),
             EntryZone(player=2, board="B", cells=((6, 4), (6, 5))))
    return Mission(title="Good", boards=(Board(id="A"), Board(id="B", at=(704.0, 0.0))),
                   pieces=pieces, objectives=(Objective("1", (704.0, 303.5)),), entry_zones=zones)


def bad_mission():
    m = good_mission()
    # a second pillar on the node of the first: a node clash
    return Mission(**{**{f: getattr(m, f) for f in ("title", "boards", "objectives", "entry_zones")},
                      "pieces": m.pieces + (Piece(code="pillar-right", board="A", at=(2, 0), turned=True),)})


@pytest.fixture()
def files(tmp_path):
    good, bad, broken = tmp_path / "good.yaml", tmp_path / "bad.yaml", tmp_path / "broken.yaml"
    save_mission(good_mission(), good)
    save_mission(bad_mission(), bad)
    broken.write_text("format: boarding-actions-mission\nversion: 1\ntitle: [unclosed\n", encoding="utf-8")
    return good, bad, broken


def test_validate_a_good_file_exits_0(files, capsys):
    good, _, _ = files
    assert main(["validate", str(good)]) == 0
    # Its one warning (the entry zones see each other) is listed; no error.
    assert not any(": error " in line for line in capsys.readouterr().out.splitlines())


def test_validate_lists_each_error_and_exits_1(files, capsys):
    good, bad, _ = files
    assert main(["validate", str(good), str(bad)]) == 1
    lines = [line for line in capsys.readouterr().out.splitlines() if ": error " in line]
    assert lines and all(line.startswith(f"{bad}: error ") for line in lines)
    assert any(line.startswith(f"{bad}: error node-clash: 2 pieces stand on node C/1 of board A")
               for line in lines)


def test_validate_lists_warnings_but_exits_0(tmp_path, capsys):
    # docs/mission-format.md: validate lists errors and warnings; only errors
    # change the exit code scripts test.
    m = good_mission()
    lonely = tmp_path / "lonely.yaml"
    save_mission(Mission(**{**{f: getattr(m, f) for f in ("title", "boards", "pieces", "objectives")},
                            "entry_zones": m.entry_zones[:1]}), lonely)
    assert main(["validate", str(lonely)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith(f"{lonely}: warning ") for line in lines)


def test_validate_a_broken_file_exits_2(files, capsys):
    good, bad, broken = files
    assert main(["validate", str(good), str(bad), str(broken)]) == 2
    out = capsys.readouterr().out
    assert f"{broken}:" in out and "Traceback" not in out


def test_analyze_json_keys(files, capsys):
    good, _, _ = files
    assert main(["analyze", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(set(f) >= {"severity", "code", "message"} for f in data["findings"])
    m = data["metrics"]
    assert set(m["regions"]) == {"as_set", "all_closed", "all_open"}
    assert all(isinstance(v, int) for v in m["regions"].values())
    assert set(m["objective_distances_in"]) == {"1", "2"}
    assert set(m["objective_distances_in"]["1"]) == {"1"}
    assert isinstance(m["longest_sight_line_in"], (int, float))
    assert m["parts"] == {"A1": 1, "pillar-left": 1, "pillar-right": 1}
    assert m["sets_needed"] == 1


def test_analyze_base_size_and_report(files, capsys):
    good, _, _ = files
    assert main(["analyze", str(good), "--base", "60"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Good\n====") and "60 mm base" in out and "Terrain sets needed: 1" in out
    assert main(["analyze", str(good), "--base", "0"]) == 2
