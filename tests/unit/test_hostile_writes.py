"""No output destroys an input, and every writer obeys the same rules
(io.disk.write_file): each command that writes a file is tried against an
output that is one of its inputs (by the same path, another path, a
symbolic link and a hard link), a read-only file, a link out of the folder
and a folder; each is refused with exit 2 and one line, and the file is
left as it was. A link inside the folder is written through; what is
written reads back."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from layout_editor import cli
from layout_editor.io import load_mission, save_mission
from layout_editor.io.disk import WriteRefused, target_of, write_file
from layout_editor.io.share_code import encode
from layout_editor.model.mission import two_board_mission

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


def run(capsys, *args):
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def mission_file(tmp_path):
    path = tmp_path / "G.yaml"
    path.write_bytes((LIBRARY / "derelict-crossing.yaml").read_bytes())
    return path


# Each writer: (name, arguments given the mission file and the output).
WRITERS = [
    ("mirror", lambda src, out: ["mirror", src, "-o", out]),
    ("export card", lambda src, out: ["export", src, "-o", out]),
    ("export html", lambda src, out: ["export", src, "-o", out, "--layout", "html"]),
    ("export uvtt", lambda src, out: ["export", src, "-o", out, "--layout", "uvtt"]),
    ("export map-png", lambda src, out: ["export", src, "-o", out, "--layout", "map-png"]),
    ("pack", lambda src, out: ["pack", src, LIBRARY / "breach-line.yaml", "-o", out]),
]


def refused(capsys, args, protected: Path, words: str):
    before = protected.read_bytes()
    code, out, err = run(capsys, *args)
    assert code == 2, (code, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert words in err, err
    assert protected.read_bytes() == before
    return err


@pytest.mark.parametrize("name,make", WRITERS, ids=[w[0] for w in WRITERS])
def test_no_writer_replaces_its_input_by_any_path(tmp_path, capsys, mission_file, name, make):
    # The same path, another spelling of it, a symbolic and a hard link to it.
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.yaml"
    link.symlink_to(mission_file.name)
    hard = tmp_path / "hard.yaml"
    os.link(mission_file, hard)
    for out in (mission_file, tmp_path / "sub" / ".." / "G.yaml", link, hard):
        refused(capsys, make(mission_file, out), mission_file, "is one of the inputs")
    assert load_mission(mission_file).title == "Derelict Crossing"
    assert link.is_symlink()


def test_pack_refuses_any_of_its_missions_as_output(tmp_path, capsys, mission_file):
    other = tmp_path / "K.yaml"
    other.write_bytes((LIBRARY / "breach-line.yaml").read_bytes())
    refused(capsys, ["pack", mission_file, other, "-o", other], other, "is one of the inputs")


@pytest.mark.parametrize("name,make", WRITERS + [("import-code", None)], ids=[w[0] for w in WRITERS] + ["import-code"])
def test_no_writer_replaces_a_read_only_file_or_writes_through_a_link_out_of_the_folder(
        tmp_path, capsys, mission_file, name, make):
    if make is None:
        code = encode(load_mission(mission_file))
        make = lambda src, out: ["import-code", code, "-o", out]  # noqa: E731
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    read_only = out_dir / "kept.out"
    read_only.write_text("mine")
    os.chmod(read_only, stat.S_IRUSR | stat.S_IRGRP)
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("outside")
    writable_outside = tmp_path / "writable.txt"
    writable_outside.write_text("outside, writable")
    to_outside = out_dir / "planted.out"
    to_outside.symlink_to(writable_outside)
    try:
        refused(capsys, make(mission_file, read_only), read_only, "read-only")
        refused(capsys, make(mission_file, to_outside), writable_outside, "outside its folder")
        assert to_outside.is_symlink()
        refused(capsys, make(mission_file, out_dir), mission_file, "not a file")
    finally:
        os.chmod(read_only, stat.S_IRUSR | stat.S_IWUSR)
    assert read_only.read_text() == "mine" and outside.read_text() == "outside"


@pytest.mark.parametrize("name,make", WRITERS[:2], ids=[w[0] for w in WRITERS[:2]])
def test_a_link_inside_the_folder_is_written_through(tmp_path, capsys, mission_file, name, make):
    real = tmp_path / "real.out"
    real.write_text("old")
    link = tmp_path / "link.out"
    link.symlink_to(real.name)
    code, out, err = run(capsys, *make(mission_file, link))
    assert code == 0, err
    assert link.is_symlink() and real.read_bytes() != b"old"


def test_what_mirror_and_import_code_write_reads_back(tmp_path, capsys, mission_file):
    out = tmp_path / "mirrored.yaml"
    assert run(capsys, "mirror", mission_file, "-o", out)[0] == 0
    load_mission(out)
    again = tmp_path / "again.yaml"
    assert run(capsys, "import-code", encode(load_mission(out)), "-o", again)[0] == 0
    assert load_mission(again) == load_mission(out)


def test_mirror_refuses_a_mission_the_reader_would_refuse(tmp_path, capsys):
    # 60 objectives on the kept half: mirrored, 120, past the limit of 100.
    text = (LIBRARY / "derelict-crossing.yaml").read_text(encoding="utf-8")
    text = text[:text.index("objectives:")] if "objectives:" in text else text
    text += "objectives:\n" + "".join(
        f"  - {{id: 'o{i}', at: [{60 + 5 * (i % 50)}, {100 + 200 * (i // 50)}]}}\n" for i in range(60))
    src = tmp_path / "sixty.yaml"
    src.write_text(text, encoding="utf-8")
    load_mission(src)
    out = tmp_path / "mirrored.yaml"
    code, _out, err = run(capsys, "mirror", src, "-o", out)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "could not read the file back" in err and "objectives" in err
    assert not out.exists() and os.listdir(tmp_path) == ["sixty.yaml"]


def test_a_share_code_whose_file_would_pass_5_mb_is_refused(tmp_path, capsys):
    from dataclasses import replace

    from layout_editor.io import MAX_BYTES, dumps_mission, loads_mission
    from layout_editor.io.limits import MAX_TEXT_CHARS
    from layout_editor.model.mission import MissionText, Section

    # Texts the reader takes, so long that the file the writer makes is
    # over 5 MB (a real share code can hold them: it is compressed).
    base = two_board_mission("Long")
    text = ("x" * 79 + "\n") * (MAX_TEXT_CHARS // 80)
    sections = tuple(Section(title=f"S{i}", text=text) for i in range(100))
    big = replace(base, mission=MissionText(briefing="b", sections=sections))
    assert len(dumps_mission(big).encode()) > MAX_BYTES
    out = tmp_path / "imported.yaml"
    code, _out, err = run(capsys, "import-code", encode(big), "-o", out)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert ("could not read the file back" in err or "share code" in err) and not out.exists()
    # Within the limit it is written, and reads back.
    small = replace(base, mission=MissionText(briefing="b", sections=sections[:10]))
    assert run(capsys, "import-code", encode(small), "-o", out)[0] == 0
    assert loads_mission(out.read_text(encoding="utf-8")) == load_mission(out)


# -- the function itself ----------------------------------------------------------------------

def test_write_file_is_the_rules_for_every_writer(tmp_path):
    src = tmp_path / "in.yaml"
    src.write_text("input")
    with pytest.raises(WriteRefused, match="one of the inputs"):
        write_file(b"x", tmp_path / "." / "in.yaml", inputs=[src])
    with pytest.raises(WriteRefused, match="does not exist"):
        write_file(b"x", tmp_path / "nowhere" / "x.pdf")
    out = tmp_path / "new.pdf"
    assert write_file(b"data", out) == str(out)
    assert out.read_bytes() == b"data"
    assert sorted(os.listdir(tmp_path)) == ["in.yaml", "new.pdf"]  # no temporary file left
    # A dangling link out of the folder is refused too: it would create a file elsewhere.
    (tmp_path / "dangling.pdf").symlink_to(tmp_path.parent / "never-made.pdf")
    with pytest.raises(WriteRefused, match="outside its folder"):
        target_of(tmp_path / "dangling.pdf")
    assert not (tmp_path.parent / "never-made.pdf").exists()


def test_the_editors_save_path_is_the_same_function(tmp_path):
    # save_mission (Save, Save As, the recovery copies) refuses what write_file refuses.
    path = tmp_path / "m.yaml"
    save_mission(two_board_mission("One"), path)
    os.chmod(path, stat.S_IRUSR)
    try:
        with pytest.raises(WriteRefused):
            save_mission(two_board_mission("Two"), path)
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
    assert load_mission(path).title == "One"
    with pytest.raises(WriteRefused, match="one of the inputs"):
        save_mission(two_board_mission("Two"), path, inputs=[path])


def test_export_file_refuses_the_missions_own_file_before_any_work(tmp_path, monkeypatch):
    from layout_editor import export

    src = tmp_path / "G.yaml"
    src.write_bytes((LIBRARY / "derelict-crossing.yaml").read_bytes())
    monkeypatch.setattr(export, "render", lambda *a, **k: pytest.fail("rendered before the refusal"))
    with pytest.raises(export.ExportError, match="one of the inputs"):
        export.export_file(load_mission(src), src, layout="html", source=str(src))
