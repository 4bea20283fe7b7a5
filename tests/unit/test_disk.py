"""The file on disk: stamps notice a change, read-only files are known and
not replaced by the command line, leftovers of killed saves are removed and
nothing else, and a failed save names the file the user asked for."""
from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from layout_editor.io import save_mission
from layout_editor.io.disk import is_read_only, remove_stale_temps, stamp
from layout_editor.io.share_code import encode
from layout_editor.model import two_board_mission

ROOT = Path(__file__).resolve().parents[2]


def test_a_stamp_notices_a_rewrite_even_of_the_same_size(tmp_path):
    path = tmp_path / "m.yaml"
    save_mission(two_board_mission("One"), path)
    before = stamp(path)
    assert stamp(path) == before
    save_mission(two_board_mission("Two"), path)  # same size, replaced atomically: a new inode
    assert stamp(path) != before
    assert stamp(tmp_path / "none.yaml") is None


def test_read_only_is_known(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("x")
    assert not is_read_only(path) and not is_read_only(tmp_path / "none.yaml")
    os.chmod(path, stat.S_IRUSR)
    try:
        assert is_read_only(path)
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


def test_only_stale_temporaries_of_that_file_are_removed(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("mission")
    stale = tmp_path / ".m.yaml.0123abcd.tmp"
    fresh = tmp_path / ".m.yaml.fedcba98.tmp"
    keep = [tmp_path / ".n.yaml.0123abcd.tmp", tmp_path / ".m.yaml.0123abcd.tmp.bak",
            tmp_path / ".m.yaml.XYZ.tmp", tmp_path / "m.yaml.0123abcd.tmp"]
    for p in [stale, fresh, *keep]:
        p.write_text("x")
    old = time.time() - 3600
    for p in [stale, *keep]:
        os.utime(p, (old, old))
    folder = tmp_path / ".m.yaml.aaaaaaaa.tmp"  # a folder of that name is not ours either
    folder.mkdir()
    os.utime(folder, (old, old))
    assert remove_stale_temps(path) == [str(stale)]
    assert fresh.exists() and folder.exists() and path.exists() and all(p.exists() for p in keep)


def test_saving_removes_the_leftovers_of_killed_saves(tmp_path):
    path = tmp_path / "m.yaml"
    left = tmp_path / ".m.yaml.00000000.tmp"
    left.write_text("half a mission")
    old = time.time() - 3600
    os.utime(left, (old, old))
    save_mission(two_board_mission(), path)
    assert not left.exists() and path.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["m.yaml"]


def test_a_failed_save_names_the_users_file_not_the_temporary(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"

    def full(fd):  # the disk fills up as the text is forced onto it
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as info:
        save_mission(two_board_mission(), path)
    assert info.value.filename == str(path) and info.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []  # no temporary left behind


def run(*args):
    return subprocess.run([sys.executable, "-m", "layout_editor", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_import_code_refuses_to_replace_a_read_only_file(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("precious")
    os.chmod(path, stat.S_IRUSR)
    try:
        done = run("import-code", encode(two_board_mission()), "-o", str(path))
        assert done.returncode == 2
        assert done.stderr.splitlines() == [f"{path}: the file is read-only, so it was not replaced "
                                            "(make it writable, or write to another file)"]
        assert path.read_text() == "precious"
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


def test_export_refuses_to_replace_a_read_only_file(tmp_path):
    out = tmp_path / "card.pdf"
    out.write_bytes(b"old")
    os.chmod(out, stat.S_IRUSR)
    try:
        done = run("export", "mission_library/derelict-crossing.yaml", "-o", str(out))
        assert done.returncode == 2 and "read-only" in done.stderr and out.read_bytes() == b"old"
    finally:
        os.chmod(out, stat.S_IRUSR | stat.S_IWUSR)


def test_a_command_line_save_error_names_the_file_asked_for(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        target = folder / "m.yaml"
        done = run("import-code", encode(two_board_mission()), "-o", str(target))
        assert done.returncode == 2
        assert done.stderr.splitlines() == [f"{target}: Permission denied"]
    finally:
        os.chmod(folder, stat.S_IRWXU)
