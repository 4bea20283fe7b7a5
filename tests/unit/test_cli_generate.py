"""`layout-editor generate`: with default options it writes a 2-board
Boarding Actions table and a Kill Team killzone that `validate` passes with
no error, prints each candidate's figures, gives the same files for the
same seed, and answers bad input in one line (exit 2) and unmet options in
words (exit 1); it never replaces an input or a read-only file."""
from __future__ import annotations

import json
import os
import stat

from layout_editor import cli
from layout_editor.io import load_mission
from layout_editor.rules.analysis import analyze


def run(capsys, *args):
    code = cli.main(["generate", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_default_options_give_a_two_board_table_that_validates(tmp_path, capsys):
    out_file = tmp_path / "table.yaml"
    code, out, err = run(capsys, "-o", out_file)
    assert code == 0, err
    assert "spread" in out and "entry zones not in sight" in out and "sets needed 1" in out
    m = load_mission(out_file)
    assert m.game == "boarding-actions" and len(m.boards) == 2 and m.pieces and len(m.objectives) == 4
    assert cli.main(["validate", str(out_file)]) == 0
    a = analyze(m, base_mm=40, designer=False)
    assert not a.errors
    assert a.metrics["fairness"]["total_spread_pct"] <= 5.0
    assert all(v is not None for row in a.metrics["objective_distances_in"].values() for v in row.values())
    assert not [f for f in a.findings if f.code == "entry-zones-in-sight"]
    assert a.metrics["sets_needed"] <= 1


def test_a_kill_team_killzone_that_validates(tmp_path, capsys):
    out_file = tmp_path / "kt.yaml"
    code, out, err = run(capsys, "-o", out_file, "--game", "kill-team", "--json")
    assert code == 0, err
    figures = json.loads(out)
    assert figures[0]["file"] == str(out_file) and figures[0]["spread_pct"] <= 5.0
    m = load_mission(out_file)
    assert m.game == "kill-team" and len(m.boards) == 1 and len(m.objectives) == 3
    assert all(p.open is False for p in m.pieces if p.open is not None)
    capsys.readouterr()
    assert cli.main(["validate", str(out_file)]) == 0
    validated, _ = capsys.readouterr()
    assert "kt-drop-zones-in-sight" not in validated and "kt-unbalanced" not in validated


def test_the_same_seed_and_options_give_the_same_files(tmp_path, capsys):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert run(capsys, "-o", a, "--seed", 8, "--count", 2)[0] == 0
    assert run(capsys, "-o", b, "--seed", 8, "--count", 2)[0] == 0
    assert a.read_text() == b.read_text()
    assert (tmp_path / "a-2.yaml").read_text() == (tmp_path / "b-2.yaml").read_text()
    assert a.read_text() != (tmp_path / "a-2.yaml").read_text()


def test_unmet_options_are_said_in_words(tmp_path, capsys):
    code, out, err = run(capsys, "-o", tmp_path / "x.yaml", "--density", "dense")
    assert code == 1
    assert "dense wants 34 wall panels on 2 boards; the pieces owned hold 32" in err
    assert not (tmp_path / "x.yaml").exists()


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    kit = tmp_path / "kit.yaml"
    kit.write_text("A1: 4\nZ9: 2\n", encoding="utf-8")
    code, out, err = run(capsys, "-o", tmp_path / "x.yaml", "--kit", kit)
    assert code == 2 and err.count("\n") == 1 and f"{kit}:2:1:" in err and "'Z9'" in err
    code, _, err = run(capsys, "-o", tmp_path / "x.yaml", "--kit", kit, "--sets", 2)
    assert code == 2 and "--sets and --kit" in err
    code, _, err = run(capsys, "-o", tmp_path / "x.yaml", "--game", "kill-team", "--players", 3)
    assert code == 2 and "for 2 players" in err
    code, _, err = run(capsys, "-o", tmp_path / "x.yaml", "--players", 3, "--symmetry", "point")
    assert code == 2 and "half turn" in err


def test_no_output_replaces_an_input_or_a_read_only_file(tmp_path, capsys):
    keep = tmp_path / "mine.yaml"
    assert run(capsys, "-o", keep, "--density", "sparse")[0] == 0
    before = keep.read_text()
    code, _, err = run(capsys, "-o", keep, "--keep", keep)
    assert code == 2 and "input" in err and keep.read_text() == before
    ro = tmp_path / "ro.yaml"
    ro.write_text("x", encoding="utf-8")
    os.chmod(ro, stat.S_IRUSR)
    try:
        code, _, err = run(capsys, "-o", ro)
        assert code == 2 and "read-only" in err and ro.read_text() == "x"
    finally:
        os.chmod(ro, stat.S_IRUSR | stat.S_IWUSR)


def test_keep_a_table_and_complete_it(tmp_path, capsys):
    keep = tmp_path / "mine.yaml"
    assert run(capsys, "-o", keep, "--density", "sparse", "--seed", 2)[0] == 0
    mine = load_mission(keep)
    code, out, err = run(capsys, "-o", tmp_path / "more.yaml", "--keep", keep, "--density", "standard",
                         "--seed", 5)
    assert code == 0, err
    more = load_mission(tmp_path / "more.yaml")
    assert more.title == mine.title and more.objectives == mine.objectives
    assert {(p.code, p.board, p.from_node, p.to_node, p.at) for p in mine.pieces} <= \
        {(p.code, p.board, p.from_node, p.to_node, p.at) for p in more.pieces}
    assert len(more.pieces) > len(mine.pieces)
    code, _, err = run(capsys, "-o", tmp_path / "x.yaml", "--keep", keep, "--clear", "Nowhere")
    assert code == 2 and "no region" in err

