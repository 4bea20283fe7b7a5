"""Bounded work for any file: copies of a piece are checked and reported once
per group, not per pair. (The documented limits that refuse what no mission
needs are tried in test_io_limits.py, the xz share codes that cannot ask for
gigabytes in test_share_code.py.)"""
from __future__ import annotations

import sys
import tracemalloc
from dataclasses import replace
from pathlib import Path

from layout_editor.model.mission import Piece, two_board_mission
from layout_editor.rules.checks import run_checks

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: T\n"
ONE_BOARD = HEAD + "boards:\n  - {id: A, at: [0, 0]}\n"


def with_pieces(*pieces):
    return replace(two_board_mission(), pieces=tuple(pieces))


def pillar(at=(3, 3), code="pillar-left"):
    return Piece(code=code, board="A", at=at)


def wall(a, b, code="A1"):
    return Piece(code=code, board="A", from_node=a, to_node=b)


# -- copies are one group -------------------------------------------------------------

def test_thousands_of_pillars_on_one_node_are_one_clash_in_bounded_memory():
    m = with_pieces(*[pillar() for _ in range(2000)])
    tracemalloc.start()
    try:
        findings = run_checks(m, rules_core=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    clashes = [f for f in findings if f.code == "node-clash"]
    assert len(clashes) == 1 and len(clashes[0].pieces) == 2000
    assert clashes[0].message.startswith("2000 pieces stand on node D/4 of board A: ")
    assert clashes[0].message.endswith(", …")  # the first few named, not 2000
    assert not [f for f in findings if f.code in ("overlap", "wall-on-wall", "unsupported-end")]
    # Pair by pair this held 2 million pairs (gigabytes at 5,000 pillars).
    assert peak < 100_000_000


def test_copies_of_a_wall_are_one_finding_naming_them():
    m = with_pieces(pillar((2, 2)), pillar((2, 4)), *[wall((2, 2), (2, 4)) for _ in range(300)])
    on_wall = [f for f in run_checks(m, rules_core=False) if f.code == "wall-on-wall"]
    assert len(on_wall) == 1 and len(on_wall[0].pieces) == 300
    assert on_wall[0].message.startswith("300 pieces stand on the same span: A1 on board A from C/3 to C/5")


def test_two_copies_keep_the_pair_message():
    m = with_pieces(pillar((2, 2)), pillar((2, 4)), wall((2, 2), (2, 4)), wall((2, 2), (2, 4)))
    on_wall = [f for f in run_checks(m, rules_core=False) if f.code == "wall-on-wall"]
    assert [f.message for f in on_wall] == [
        "A1 on board A from C/3 to C/5 and A1 on board A from C/3 to C/5 stand on the same span"]


def test_copies_clashing_with_another_piece_are_one_finding_with_all_of_them():
    # Two different walls on one stretch, each copied: one finding, every copy in it.
    copies = [wall((2, 2), (2, 4)) for _ in range(5)] + [wall((2, 3), (2, 4), "B1") for _ in range(4)]
    m = with_pieces(pillar((2, 2)), pillar((2, 4)), pillar((2, 3), "pillar-right"), *copies)
    on_wall = [f for f in run_checks(m, rules_core=False) if f.code == "wall-on-wall"]
    shared = [f for f in on_wall if "share a stretch" in f.message]
    assert len(shared) == 1 and len(shared[0].pieces) == 9
    # and the copies of each among themselves: one finding per group
    assert sorted(len(f.pieces) for f in on_wall if "share a stretch" not in f.message) == [4, 5]


def test_grouping_finds_what_pair_by_pair_found():
    # Brute force: the same layout without copies, then with each piece
    # doubled. Every finding of the first is found again (copies add only
    # their own groups' findings).
    base = [pillar((2, 2)), wall((2, 2), (2, 4)), pillar((2, 3)), pillar((5, 5)),
            Piece(code="pillar-right", board="A", at=(5, 5)), wall((4, 1), (6, 1), "A2")]
    once = {(f.code, f.message) for f in run_checks(with_pieces(*base), rules_core=False)}
    twice = {(f.code, f.message) for f in run_checks(with_pieces(*base, *base), rules_core=False)}
    assert once and {c for c, _ in once} <= {c for c, _ in twice}
    for code, message in once:
        if code not in ("node-clash", "not-enough-sets"):  # counts change with copies
            assert (code, message) in twice, message
