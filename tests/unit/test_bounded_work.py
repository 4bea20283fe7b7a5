"""Bounded work for any file: copies of a piece are checked and reported once
per group, not per pair; documented limits refuse what no mission needs, in
files and share codes alike; xz share codes cannot ask for gigabytes."""
from __future__ import annotations

import base64
import sys
import tracemalloc
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.io import MissionLoadError, loads_mission
from layout_editor.io.limits import (
    MAX_BOARDS,
    MAX_CELLS,
    MAX_NAME_CHARS,
    MAX_OBJECTIVES,
    MAX_PIECES_PER_BOARD,
    MAX_TEXT_CHARS,
)
from layout_editor.io.share_code import PREFIX, VERSION, ShareCodeError, decode, encode
from layout_editor.model.mission import Piece, two_board_mission
from layout_editor.rules.checks import run_checks

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import pathological  # noqa: E402

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


# -- documented limits ----------------------------------------------------------------

def refused(text: str) -> MissionLoadError:
    with pytest.raises(MissionLoadError) as info:
        loads_mission(text, "m.yaml")
    assert len(str(info.value).splitlines()) == 1
    return info.value


def boards(n: int) -> str:
    return "boards:\n" + "".join(f"  - {{id: B{i}, at: [{704 * i}, 0]}}\n" for i in range(n))


def test_boards_within_the_limit_load_and_one_more_is_refused_where_it_starts():
    assert len(loads_mission(HEAD + boards(MAX_BOARDS)).boards) == MAX_BOARDS
    e = refused(HEAD + boards(MAX_BOARDS + 1))
    assert (e.line, e.column) == (5 + MAX_BOARDS, 5)
    assert f"boards: more than {MAX_BOARDS} entries" in e.message


def test_pieces_per_board_are_limited():
    ok = ONE_BOARD + "pieces:\n" + "  - {code: pillar-left, board: A, at: [3, 3]}\n" * MAX_PIECES_PER_BOARD
    assert len(loads_mission(ok).pieces) == MAX_PIECES_PER_BOARD
    e = refused(ok + "  - {code: pillar-left, board: A, at: [3, 3]}\n")
    assert e.line == 7 + MAX_PIECES_PER_BOARD  # the piece one too many
    assert f"board A holds more than {MAX_PIECES_PER_BOARD} pieces" in e.message


def test_objectives_cells_and_texts_are_limited():
    objectives = "objectives:\n" + "".join(f"  - {{id: o{i}, at: [10, 10]}}\n" for i in range(MAX_OBJECTIVES + 1))
    assert "objectives: more than" in refused(ONE_BOARD + objectives).message
    cells = "entry_zones:\n  - {player: 1, board: A, cells: [" + ", ".join(["[0, 0]"] * (MAX_CELLS + 1)) + "]}\n"
    assert "cells: more than" in refused(ONE_BOARD + cells).message
    e = refused(ONE_BOARD.replace("title: T", "title: " + "t" * (MAX_NAME_CHARS + 1)))
    assert e.line == 3 and f"at most {MAX_NAME_CHARS} are allowed" in e.message
    long = ONE_BOARD + "mission:\n  briefing: " + "w" * (MAX_TEXT_CHARS + 1) + "\n"
    assert "briefing is" in refused(long).message
    assert loads_mission(ONE_BOARD + "mission:\n  briefing: " + "w " * (MAX_TEXT_CHARS // 2) + "\n")


def _code(text: str) -> str:
    data = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    return f"{PREFIX}{VERSION}z.{data}"


def test_share_codes_keep_the_same_limits():
    # 10,000 pillars fit in a couple of thousand characters of share code.
    code = _code(pathological.stacked_pillars(10_000))
    assert len(code) < 3000
    with pytest.raises(ShareCodeError) as info:
        decode(code)
    assert f"more than {MAX_PIECES_PER_BOARD} pieces" in str(info.value) and "<share code>:" in str(info.value)


def test_an_xz_share_code_cannot_ask_for_gigabytes():
    code = pathological.xz_bomb_code()
    assert len(code) < 300
    tracemalloc.start()
    try:
        with pytest.raises(ShareCodeError) as info:
            decode(code)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "to unpack" in str(info.value) and peak < 10_000_000


def test_an_ordinary_xz_share_code_still_decodes():
    import lzma

    m = loads_mission(ONE_BOARD)
    from layout_editor.io import dumps_mission
    data = lzma.compress(dumps_mission(m).encode(), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=9)
    assert decode(f"{PREFIX}{VERSION}x." + base64.urlsafe_b64encode(data).decode().rstrip("=")) == m
    assert decode(encode(m)) == m


def test_the_limits_are_documented_as_they_are():
    from layout_editor.io import limits

    doc = (Path(__file__).resolve().parents[2] / "docs" / "mission-format.md").read_text(encoding="utf-8")
    table = doc[doc.index("### Limits"):]
    for row, value in (("`boards`", limits.MAX_BOARDS), ("pieces on one board", limits.MAX_PIECES_PER_BOARD),
                       ("`objectives`", limits.MAX_OBJECTIVES), ("`entry_zones`", limits.MAX_ENTRY_ZONES),
                       ("`regions`", limits.MAX_REGIONS), ("`cells` of one", limits.MAX_CELLS),
                       ("`mission: sections`", limits.MAX_SECTIONS), ("`mission: ops`", limits.MAX_SECTIONS)):
        line = next(x for x in table.splitlines() if x.startswith(f"| {row}"))
        assert f"| {value:,} |" in line, line
    assert f"{limits.MAX_NAME_CHARS} characters" in table and f"{limits.MAX_TEXT_CHARS:,} characters" in table
