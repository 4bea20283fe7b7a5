"""Mirroring one half of the table onto the other, and the symmetry check,
against hand-worked node maps; and on the library: mirroring one half of each
symmetric mission gives the mission back."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from layout_editor.catalogue import default_catalogue, mission_library_dir
from layout_editor.io import load_mission
from layout_editor.model.edits import EditRefused, mirror_half
from layout_editor.model.mirror import KEEP, Symmetry, _Table, mirrored, piece_key, symmetry
from layout_editor.model.mission import Board, EntryZone, Objective, Piece, Region, two_board_mission
from layout_editor.rules.checks import run_checks
from layout_editor.rules.checks.symmetry import _symmetry_findings


def half_layout():
    """Pieces on board A only (the left half of two boards side by side)."""
    m = two_board_mission("Half")
    pieces = (
        Piece("A3", "A", from_node=(1, 2), to_node=(3, 2), facing="right", open=False),
        Piece("pillar-left", "A", at=(1, 1), turned=False),
        Piece("B3-1", "A", from_node=(2, 3), to_node=(2, 4), facing="left", open=True),
        Piece("wall-end", "A", at=(4, 4), caps=(4, 5)),
    )
    return replace(m, pieces=pieces, objectives=(Objective("1", (200.0, 300.0)),),
                   entry_zones=(EntryZone(1, "A", ((0, 0), (0, 1))),),
                   regions=(Region("Vault", "A", ((2, 2),)),))


def on_b(m):
    return {(p.code, p.from_node, p.to_node, p.at, p.facing, p.open, p.turned, p.caps)
            for p in m.pieces if p.board == "B"}


def test_half_turn_maps_node_i_j_of_a_to_7_minus_i_6_minus_j_of_b():
    # table centre (704, 303.5); node (i, j) of A at (12.5 + 97 i, 12.5 + 97 j)
    # turns to (1395.5 - 97 i, 594.5 - 97 j) = node (7 - i, 6 - j) of B
    m = mirrored(half_layout(), "point", "left")
    assert on_b(m) == {
        ("A3", (6, 4), (4, 4), None, "right", False, False, None),
        ("pillar-left", None, None, (6, 5), None, None, False, None),
        ("B3-1", (5, 3), (5, 2), None, "left", True, False, None),
        ("wall-end", None, None, (3, 2), None, None, False, (3, 1)),
    }
    assert [(o.id, o.at) for o in m.objectives] == [("1", (200.0, 300.0)), ("2", (1208.0, 307.0))]
    zones = {(z.player, z.board, tuple(sorted(z.cells))) for z in m.entry_zones}
    assert zones == {(1, "A", ((0, 0), (0, 1))), (2, "B", ((6, 4), (6, 5)))}
    assert {(r.name, r.board, r.cells) for r in m.regions} == {("Vault", "A", ((2, 2),)), ("Vault", "B", ((4, 3),))}
    s = symmetry(m)
    assert s.point and s.breaking == ()


def test_reflection_swaps_left_and_right():
    # across x = 704: node (i, j) of A goes to node (7 - i, j) of B
    m = mirrored(half_layout(), "line", "left")
    assert on_b(m) == {
        ("A3", (6, 2), (4, 2), None, "left", False, False, None),      # leaf on the other face
        ("pillar-right", None, None, (6, 1), None, None, False, None),  # left-hand becomes right-hand
        ("B3-2", (5, 3), (5, 4), None, "right", True, False, None),     # type 1 becomes its mirror, type 2
        ("wall-end", None, None, (3, 4), None, None, False, (3, 5)),
    }
    assert {(z.player, z.board, tuple(sorted(z.cells))) for z in m.entry_zones} == \
        {(1, "A", ((0, 0), (0, 1))), (2, "B", ((6, 0), (6, 1)))}
    s = symmetry(m)
    assert s.line and not s.point and s.closest == "left-right"


def test_a3_doorway_lands_in_the_mirrored_half():
    # the doorway of an A3 is in the half nearer `to`: on A from (1, 2) to
    # (3, 2) it is around node (3, 2)'s side, table x 12.5 + 97 * 2 + 48.5 = 255;
    # its image must be at 1408 - 255 = 1153, which is B's (4, 2) side
    cat = default_catalogue()
    m = mirrored(half_layout(), "line", "left")
    t = _Table(m, cat)
    a3 = [p for p in m.pieces if p.code == "A3"]
    mids = sorted(piece_key(p, t, cat)[2][0] for p in a3)
    assert mids == [255, 1153]


def test_keep_right_drops_the_left_half():
    m = mirrored(half_layout(), "point", "right")
    assert m.pieces == () and m.objectives == () and m.entry_zones == ()


def test_turned_boards_keep_pillars_turned_on_the_table():
    # A turned 90, B turned 270: the same table node is a different board node,
    # and a pillar turned on A is still turned on B (the table axes are kept)
    m = Mission_two_turned()
    pillar = Piece("pillar-left", "A", at=(2, 1), turned=True)
    m = replace(m, pieces=(pillar,))
    out = mirrored(m, "point", "top")
    img = [p for p in out.pieces if p.board == "B"]
    assert len(img) == 1 and img[0].turned is True
    assert symmetry(out).point
    cat = default_catalogue()
    t = _Table(out, cat)
    # the table places: A's pillar and B's pillar are each other's half turn
    pa = t.node_point("A", (2, 1))
    pb = t.node_point("B", img[0].at)
    cx, cy = (607.0, 352.0)
    assert (pa[0] + pb[0]) / 2 == pytest.approx(cx) and (pa[1] + pb[1]) / 2 == pytest.approx(cy)


def Mission_two_turned():
    m = two_board_mission("Turned")
    return replace(m, boards=(Board("A", at=(0.0, 0.0), rotation=90), Board("B", at=(607.0, 0.0), rotation=270)))


def test_symmetry_names_the_piece_that_breaks_it():
    m = mirrored(half_layout(), "point", "left")
    moved = [p for p in m.pieces if p.board == "B" and p.code == "pillar-left"][0]
    broken = replace(m, pieces=tuple(replace(p, at=(6, 4)) if p is moved else p for p in m.pieces))
    s = symmetry(broken)
    assert not s.point and not s.line and s.closest == "point"
    assert {(p.code, p.board, p.at) for p in s.breaking} == {("pillar-left", "B", (6, 4)), ("pillar-left", "A", (1, 1))}
    assert s.to_dict()["breaking"][0]["code"] == "pillar-left"
    f = [f for f in run_checks(broken) if f.code == "symmetry"]
    assert len(f) == 1 and "not symmetric" in f[0].message and "B at G/5" in f[0].message


def test_the_check_says_symmetric():
    f = [f for f in run_checks(mirrored(half_layout(), "point", "left")) if f.code == "symmetry"]
    assert [x.message for x in f] == ["the layout is point-symmetric: a half turn about the table's centre gives it back"]


def test_boards_not_laid_symmetrically_refuse_the_edit():
    m = half_layout()
    m = replace(m, boards=(m.boards[0], replace(m.boards[1], at=(704.0, 30.0))))
    with pytest.raises(EditRefused, match="mirror image"):
        mirror_half(m, "line", "left")  # (a half turn would still map A onto B)


def test_the_edit_is_one_change():
    e = mirror_half(half_layout(), "line", "left")
    assert e.change.objectives and e.change.entry_zones and len(e.mission.pieces) == 8


def _library():
    folder = mission_library_dir()
    return sorted(p for p in folder.glob("*.yaml") if ".de." not in p.name)


def _shape(m):
    cat = default_catalogue()
    t = _Table(m, cat)
    zones = {}
    for z in m.entry_zones:
        zones.setdefault(z.player, set()).update((z.board, c) for c in z.cells)
    return (Counter(piece_key(p, t, cat) for p in m.pieces),
            sorted((o.id, round(o.at[0], 1), round(o.at[1], 1)) for o in m.objectives), zones)


@pytest.mark.parametrize("path", _library(), ids=lambda p: p.stem)
def test_mirroring_half_of_a_symmetric_library_mission_gives_it_back(path):
    m = load_mission(path)
    s = symmetry(m)
    if not (s.point or s.line):
        pytest.skip("not symmetric")
    about = "point" if s.point else "line"
    keeps = KEEP if s.point else (("left", "right") if s.closest == "left-right" else ("top", "bottom"))
    for keep in keeps:
        out = mirrored(m, about, keep)
        assert _shape(out) == _shape(m), keep
        assert symmetry(out).point == s.point
        assert [f.code for f in run_checks(out) if f.code == "symmetry"] == ["symmetry"]


def test_most_of_the_library_is_symmetric():
    sym = [p.stem for p in _library() if symmetry(load_mission(p)).point]
    assert {"derelict-crossing", "reactor-vigil", "cargo-spine"} <= set(sym)


def test_mirror_on_the_command_line(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from layout_editor.io import save_mission

    src = tmp_path / "half.yaml"
    out = tmp_path / "whole.yaml"
    save_mission(half_layout(), src)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "layout_editor", "mirror", str(src), "-o", str(out),
                          "--about", "line", "--keep", "left"], cwd=root, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert _shape(load_mission(out)) == _shape(mirrored(half_layout(), "line", "left"))
    bad = subprocess.run([sys.executable, "-m", "layout_editor", "mirror", str(src), "-o", str(out),
                          "--keep", "middle"], cwd=root, capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_symmetry_remembered_per_piece_equals_worked_out_afresh():
    # the memo of image keys (by piece value, mapping and boards) must give
    # what working every piece out again gives, edit after edit
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.layouts import dense_mission, small_edits
    from layout_editor.model import mirror

    m = dense_mission(2)
    for e in [m, *small_edits(m, 6)]:
        remembered = mirror.symmetry(e)
        mirror._image_keys.clear()
        assert mirror.symmetry(e) == remembered


def test_the_symmetry_note_counts_the_pieces_it_leaves_out_in_words():
    # The note names eight pieces and counts the rest: "1 more piece", never
    # "1 more pieces".
    m = load_mission(mission_library_dir() / "derelict-crossing.yaml")
    pieces = m.pieces
    assert len(pieces) >= 10

    def note(n: int) -> str:
        s = Symmetry(point=False, line=False, closest="point", breaking=tuple(pieces[:n]), other=())
        [f] = _symmetry_findings(m, default_catalogue(), s)
        return f.message

    assert note(9).endswith("1 more piece")
    assert note(10).endswith("2 more pieces")
    assert "more piece" not in note(8)
