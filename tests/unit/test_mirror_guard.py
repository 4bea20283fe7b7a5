"""What the mirror cannot see on its own, the rules judge before a mirror
is kept (rules/mirror_guard.py): a kept wall's end whose support stood on
the dropped half, an objective whose image lands too close to it. The
command line refuses (exit 2, one line, nothing written); an error the
table already had on the kept half is copied with it and not a reason."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission, save_mission
from layout_editor.model.mirror import mirrored
from layout_editor.model.mission import Objective, ObjectiveSpacing, Piece, killzone_mission
from layout_editor.rules.checks import run_checks
from layout_editor.rules.mirror_guard import errors_made_by_mirror

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "layout_editor", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_support_left_on_the_dropped_half_is_named():
    # Approved Ops Gallowdark 1, half turn keeping the right half: the A1 from
    # E/6 to G/6 stands on the moulded pillar of the B3 from D/6 to E/6, whose
    # middle lies on the divide's dropped half; the image of the A3 that the
    # half turn would put there is dropped too. Two ends left on nothing.
    m = load_mission(mission_library_dir() / "approved-ops-gallowdark-1.yaml")
    out = mirrored(m, "point", "right")
    made = errors_made_by_mirror(m, out, "point", "right")
    assert {f.code for f in made} == {"unsupported-end"}
    assert any("E/6" in f.message for f in made)


def test_an_objective_whose_image_lands_too_close_is_named():
    # one marker 30 mm left of the middle line: its image stands 60 mm away,
    # 0.79" edge to edge, where the mission asks for 6"
    base = killzone_mission("Close")
    m = replace(base, objectives=(Objective("1", (322.0, 200.0)),),
                mission=replace(base.mission, objective_spacing=ObjectiveSpacing(between_in=6.0)))
    out = mirrored(m, "line", "left")
    assert len(out.objectives) == 2
    made = errors_made_by_mirror(m, out, "line", "left")
    assert [f.code for f in made] == ["objectives-too-close"]


def test_an_error_the_kept_half_had_is_copied_not_refused():
    # a lone A1 on the left half with nothing under either end: its image
    # has the same two errors, at the mirror images of their places
    m = replace(killzone_mission("Half built"), pieces=(Piece("A1", "A", from_node=(0, 2), to_node=(2, 2)),))
    out = mirrored(m, "line", "left")
    assert sum(f.code == "unsupported-end" for f in run_checks(out)) == 4
    assert errors_made_by_mirror(m, out, "line", "left") == []


def test_the_command_line_refuses_and_writes_nothing(tmp_path):
    src = mission_library_dir() / "approved-ops-gallowdark-1.yaml"
    out = tmp_path / "out.yaml"
    r = _cli("mirror", src, "--about", "point", "--keep", "right", "-o", out)
    assert r.returncode == 2, r.stdout + r.stderr
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and "the mirror would break the table: unsupported-end" in lines[0]
    assert not out.exists()


def test_the_command_line_still_mirrors_what_it_can(tmp_path):
    src = tmp_path / "in.yaml"
    save_mission(replace(killzone_mission("Half built"),
                         pieces=(Piece("A1", "A", from_node=(0, 2), to_node=(2, 2)),
                                 Piece("pillar-left", "A", at=(0, 2)), Piece("pillar-right", "A", at=(2, 2)))), src)
    out = tmp_path / "out.yaml"
    r = _cli("mirror", src, "--about", "line", "--keep", "left", "-o", out)
    assert r.returncode == 0, r.stdout + r.stderr
    assert len(load_mission(out).pieces) == 6
