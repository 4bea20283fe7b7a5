"""`layout-editor validate` on files that cannot be loaded: exit 2 and one
line FILE:LINE:COL: message per file, never a traceback."""
import re

import pytest

from layout_editor import cli

GOOD_HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - {id: A, at: [0, 0]}\n"
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def run(capsys, *args):
    code = cli.main(["validate", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text,line,col,words", [
    (GOOD_HEAD.replace("version: 1", "version: 7"), 2, 10, "newer version of the program (version 7)"),
    (GOOD_HEAD + "pieces:\n  - {code: A9, board: A, at: [0, 0]}\n", 7, 12, "unknown piece code 'A9'"),
    (GOOD_HEAD + "colour: red\n", 6, 1, "unknown key 'colour'"),
    ("title: [unclosed\n", 2, 1, "not valid YAML"),
    ("", 1, 1, "the file is empty"),
])
def test_a_broken_file_gives_one_line_and_exit_2(tmp_path, capsys, text, line, col, words):
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, path)
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 1, out
    m = LINE.match(lines[0])
    assert m, lines[0]
    assert (m["file"], int(m["line"]), int(m["col"])) == (str(path), line, col)
    assert words in m["message"]
    assert "Traceback" not in out + err


def test_missing_file_and_folder_are_load_errors(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path / "nope.yaml")
    assert code == 2 and out == f"{tmp_path / 'nope.yaml'}:1:1: there is no such file\n"
    code, out, _ = run(capsys, tmp_path)
    assert code == 2 and out.startswith(f"{tmp_path}:1:1: ") and out.count("\n") == 1


def test_not_utf8_and_hostile_files(tmp_path, capsys):
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(GOOD_HEAD.replace("title: T", "title: Caf\xe9").encode("latin-1"))
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(GOOD_HEAD + "x-a: &a [1, 2]\nx-b: [*a, *a]\n", encoding="utf-8")
    code, out, _ = run(capsys, latin, bomb)
    assert code == 2
    assert out.splitlines() == [
        f"{latin}:3:11: not UTF-8 text: the byte 0xE9 cannot be read (save the file as UTF-8)",
        f"{bomb}:7:7: aliases (*a) are not allowed in a mission file: write the value out in full",
    ]


def test_each_file_is_reported_and_the_worst_exit_wins(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD_HEAD, encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD_HEAD.replace("title: T", "title: ''"), encoding="utf-8")
    code, out, _ = run(capsys, bad, good)
    assert code == 2
    assert out.splitlines()[0] == f"{bad}:3:8: title must not be empty"
    assert not any(line.startswith(str(good) + ":") and LINE.match(line) and ":1:1:" in line
                   for line in out.splitlines())


def test_library_missions_validate_clean(capsys):
    from pathlib import Path

    library = Path(__file__).resolve().parents[2] / "mission_library"
    files = [library / "derelict-crossing.yaml", library / "severed-spine.yaml"]
    code, out, err = run(capsys, *files)
    assert code == 0, out
    assert all(": warning " in line for line in out.splitlines()), out
