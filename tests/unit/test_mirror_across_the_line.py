"""Mirroring when something lies across the mirror line: a piece that is its
own mirror image is kept once; one that is not (an A3/A4, whose doorway lies
in one half; a long wall whose middle is off the line) is named and the
mirror refuses, on the command line (exit 2, one line) and in the edit (its
reason, nothing changed); an entry-zone cell on the line whose image would
be the other player's is refused the same way. Over the whole library and
every mirror, a mirror either refuses (itself, or the rules' guard that the
command line and the editor ask) or writes no new piece error."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import mission_library_dir
from layout_editor.io import load_mission, save_mission
from layout_editor.model.edits import EditRefused, mirror_half
from layout_editor.model.mirror import KEEP, MirrorConflict, mirrored
from layout_editor.model.mission import EntryZone, Piece, killzone_mission, two_board_mission
from layout_editor.phrases import say
from layout_editor.rules.checks import run_checks
from layout_editor.rules.mirror_guard import errors_made_by_mirror

ROOT = Path(__file__).resolve().parents[2]
PIECE_ERRORS = {"wall-on-wall", "overlap", "unsupported-end", "node-clash", "off-board", "off-zone-line"}


def errors(m) -> Counter:
    return Counter(f.code for f in run_checks(m) if f.severity == "error")


def killzone(*pieces, zones=()):
    """One board, 704 mm wide: the middle line of keep left/right runs down
    the middle of column D (x = 352), between nodes 3 and 4."""
    return replace(killzone_mission("Across"), pieces=tuple(pieces), entry_zones=tuple(zones))


def test_an_a3_spanning_the_middle_of_a_board_is_named_and_refused():
    # A3 from C/2 to E/2 spans x = 206.5 .. 400.5 across x = 352: its image
    # (D/2 to F/2) would lie half on it, wall on wall (what mirror wrote before).
    a3 = Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False)
    m = killzone(a3, Piece("pillar-left", "A", at=(2, 1)), Piece("pillar-right", "A", at=(4, 1)))
    with pytest.raises(MirrorConflict) as got:
        mirrored(m, "line", "left")
    assert got.value.pieces == (a3,)
    assert str(got.value) == ("cannot mirror: A3 on board A from C/2 to E/2 lies across the mirror line and is "
                              "not its own mirror image (its image would stand on it)")
    # Under a half turn its image lies on row line 6, clear of it: no refusal.
    assert len(mirrored(m, "point", "left").pieces) == 6
    # On the centre's row line a half turn stacks it on itself too.
    centre = replace(a3, from_node=(2, 3), to_node=(4, 3))
    with pytest.raises(MirrorConflict):
        mirrored(killzone(centre), "point", "left")


def test_a_doorway_in_one_half_across_the_line_is_refused_a_plain_wall_kept_once():
    # Two boards side by side; keep top: the line runs along row line 4 (y = 303.5).
    base = two_board_mission("Across")
    a3 = Piece("A3", "A", from_node=(1, 2), to_node=(1, 4), facing="right", open=False)
    with pytest.raises(MirrorConflict) as got:
        mirrored(replace(base, pieces=(a3,)), "line", "top")
    assert got.value.pieces == (a3,) and "A3 on board A from B/3 to B/5" in str(got.value)
    # its own image: an A1 across the line, a B2 whose doorway is centred on
    # it, a pillar on it (left- and right-hand share one footprint), an A3
    # lying along the line (its doorway stays where it is; the leaf's face
    # is no part of the table's walls)
    own = (Piece("A1", "A", from_node=(1, 2), to_node=(1, 4)),
           Piece("B2", "A", from_node=(3, 3), to_node=(4, 3), facing="left", open=False),
           Piece("pillar-left", "A", at=(5, 3)),
           Piece("A3", "B", from_node=(2, 3), to_node=(4, 3), facing="right", open=True))
    m = mirrored(replace(base, pieces=own), "line", "top")
    assert sorted((p.code, p.board, p.from_node, p.to_node, p.at) for p in m.pieces) == \
        sorted((p.code, p.board, p.from_node, p.to_node, p.at) for p in own)
    assert not PIECE_ERRORS & set(errors(m) - errors(replace(base, pieces=own)))


def test_a_pillar_overhanging_the_seam_onto_its_image_is_refused():
    # A pillar on a board's edge node reaches 1.5 mm past the edge: mirrored
    # across the seam its image overlaps it (the rules' overlap error).
    base = two_board_mission("Seam")
    edge = Piece("pillar-right", "A", at=(7, 4))
    with pytest.raises(MirrorConflict) as got:
        mirrored(replace(base, pieces=(edge,)), "line", "left")
    assert "right-hand pillar (R) on board A at H/5" in str(got.value)


def test_an_entry_zone_cell_on_the_line_that_would_be_both_players_is_refused():
    p1 = EntryZone(1, "A", ((0, 0), (1, 0), (2, 0), (3, 0)))  # D1: its middle on x = 352
    p2 = EntryZone(2, "A", ((6, 5),))
    with pytest.raises(MirrorConflict) as got:
        mirrored(killzone(zones=(p1, p2)), "line", "left")
    assert got.value.cells == (("A", (3, 0), 1, 2),)
    assert str(got.value) == ("cannot mirror: zone D1 on board A, in player 1's entry zone, lies on the mirror "
                              "line: its image would be player 2's")
    # A zone the mirror gives back to its own player (a whole long edge)
    # keeps its middle cell: nothing to refuse.
    edge1 = EntryZone(1, "A", tuple((i, 0) for i in range(7)))
    edge2 = EntryZone(2, "A", tuple((i, 5) for i in range(7)))
    m = mirrored(killzone(zones=(edge1, edge2)), "line", "left")
    assert {(z.player, frozenset(z.cells)) for z in m.entry_zones} == \
        {(1, frozenset(edge1.cells)), (2, frozenset(edge2.cells))}


def test_the_refusal_names_every_piece_and_cell_at_once():
    a3 = Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False)
    a1 = Piece("A1", "A", from_node=(2, 4), to_node=(4, 4))
    p1 = EntryZone(1, "A", ((2, 0), (3, 0)))
    with pytest.raises(MirrorConflict) as got:
        mirrored(killzone(a3, a1, zones=(p1, EntryZone(2, "A", ((6, 5),)))), "line", "left")
    text = str(got.value)
    assert "\n" not in text
    assert "A3 on board A from C/2 to E/2, A1 on board A from C/5 to E/5 lie across the mirror line" in text
    assert "zone D1 on board A, in player 1's entry zone" in text


def test_the_edit_is_refused_with_the_reason():
    a3 = Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False)
    with pytest.raises(EditRefused) as got:
        mirror_half(killzone(a3), "line", "left")
    assert "A3 on board A from C/2 to E/2 lies across the mirror line" in str(got.value)


def _library():
    return sorted(p for p in mission_library_dir().glob("*.yaml") if ".de." not in p.name)


@pytest.mark.parametrize("path", _library(), ids=lambda p: p.stem)
def test_every_library_mirror_refuses_or_writes_no_new_piece_error(path):
    m = load_mission(path)
    before = errors(m)
    for about in ("point", "line"):
        for keep in KEEP:
            try:
                out = mirrored(m, about, keep)
            except MirrorConflict as e:
                assert e.pieces or e.cells
                continue
            if errors_made_by_mirror(m, out, about, keep):
                continue  # the command line and the editor refuse it (test_mirror_guard.py)
            new = errors(out) - before
            assert not PIECE_ERRORS & set(new), (about, keep, dict(new))
            # every entry-zone cell is one player's
            owners = Counter((z.board, tuple(c)) for z in out.entry_zones for c in z.cells)
            assert max(owners.values(), default=1) == 1, (about, keep)


def test_a_mission_with_pieces_along_the_line_mirrors_without_new_errors():
    # Ossuary Deck has pillars and walls along its middle row line: a
    # reflection across it keeps each once, none doubled.
    m = load_mission(mission_library_dir() / "ossuary-deck.yaml")
    out = mirrored(m, "line", "top")
    on_line = [p for p in m.pieces if p.board == "A" and (p.at or p.from_node)[1] == 3
               and (p.at is not None or p.to_node[1] == 3)]
    assert on_line
    for p in on_line:
        same = [q for q in out.pieces if (q.board, q.at, q.from_node, q.to_node) == (p.board, p.at, p.from_node,
                                                                                      p.to_node)]
        assert len(same) == 1, p
    assert not PIECE_ERRORS & set(errors(out) - errors(m))


def test_mirror_on_the_command_line_refuses_with_exit_2_and_one_line(tmp_path):
    a3 = Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False)
    src, out = tmp_path / "kz.yaml", tmp_path / "whole.yaml"
    save_mission(killzone(a3), src)
    run = subprocess.run([sys.executable, "-m", "layout_editor", "mirror", str(src), "-o", str(out),
                          "--about", "line", "--keep", "left"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert lines[0] == (f"{src}: cannot mirror: A3 on board A from C/2 to E/2 lies across the mirror line and is "
                        "not its own mirror image (its image would stand on it)")
    assert not out.exists()


def test_the_refusal_reads_german():
    # The editor says a refused edit's phrase through its translation (the
    # .ts's shared context, read here without Qt as the printed pages do).
    from layout_editor.export.words import editor_words

    de = editor_words("de")
    a3 = Piece("A3", "A", from_node=(2, 1), to_node=(4, 1), facing="left", open=False)
    with pytest.raises(MirrorConflict) as got:
        mirrored(killzone(a3, zones=(EntryZone(1, "A", ((2, 0), (3, 0))), EntryZone(2, "A", ((6, 5),)))),
                 "line", "left")
    text = say(got.value.phrase, lambda t: de.get(t, t))
    assert text == ("Spiegeln nicht möglich: A3 auf Spielplatte A von C/2 nach E/2 liegt über der Spiegellinie und "
                    "ist nicht sein eigenes Spiegelbild (sein Spiegelbild stünde auf ihm); Zone D1 auf Spielplatte A "
                    "in der Aufstellungszone von Spieler 1 liegt auf der Spiegellinie: ihr Spiegelbild gehörte "
                    "Spieler 2")
