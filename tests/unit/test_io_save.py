"""Saving is atomic: a failure at any step leaves the old file as it was and
no temporary file behind."""
import os
import stat

import pytest

from layout_editor.io import load_mission, save_mission
from layout_editor.model import Board, Mission, Objective, two_board_mission


def mission(title="Saved"):
    m = two_board_mission(title)
    return Mission(title=title, boards=m.boards, objectives=(Objective("1", (352.0, 303.5)),),
                   extras={"x-keep": [1, {"a": "b"}]})


def test_save_and_load_back(tmp_path):
    path = tmp_path / "m.yaml"
    m = mission()
    save_mission(m, path)
    assert load_mission(path) == m
    assert os.listdir(tmp_path) == ["m.yaml"]
    assert path.read_text(encoding="utf-8").startswith("format: boarding-actions-mission\nversion: 1\n")


def test_save_replaces_an_existing_file_keeping_its_permissions(tmp_path):
    path = tmp_path / "m.yaml"
    save_mission(mission("First"), path)
    os.chmod(path, 0o640)
    save_mission(mission("Second"), path)
    assert load_mission(path).title == "Second"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert os.listdir(tmp_path) == ["m.yaml"]


def test_save_through_a_symlink_writes_the_target(tmp_path):
    real = tmp_path / "real.yaml"
    link = tmp_path / "link.yaml"
    save_mission(mission("First"), real)
    link.symlink_to(real)
    save_mission(mission("Second"), link)
    assert link.is_symlink()
    assert load_mission(real).title == "Second"


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failure_mid_save_leaves_the_original_untouched(tmp_path, monkeypatch, failing):
    path = tmp_path / "m.yaml"
    save_mission(mission("Original"), path)
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes half the text, then the disk is full."""

            def __init__(self, f):
                self.f = f

            def write(self, data):
                self.f.write(data[: len(data) // 2])
                self.f.flush()
                raise OSError(28, "No space left on device")

            def __getattr__(self, name):
                return getattr(self.f, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

        monkeypatch.setattr(os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    elif failing == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        monkeypatch.setattr(os, "replace", boom)

    with pytest.raises(OSError):
        save_mission(mission("Replacement " * 500), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_mission(path).title == "Original"
    assert os.listdir(tmp_path) == ["m.yaml"]  # no temporary file left behind


def test_an_interrupt_mid_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"

    def interrupt(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_mission(mission(), path)
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []


def test_saving_into_a_missing_folder_is_an_oserror(tmp_path):
    with pytest.raises(OSError):
        save_mission(mission(), tmp_path / "no" / "such" / "m.yaml")


def test_the_temporary_file_is_beside_the_target(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), os.path.basename(src), dst))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = tmp_path / "m.yaml"
    save_mission(Mission(title="T", boards=(Board("A"),)), path)
    (folder, name, dst), = seen
    assert folder == str(tmp_path) and name.startswith(".m.yaml.") and name.endswith(".tmp")
    assert dst == str(path)
