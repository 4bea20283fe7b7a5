"""Exports whose work is a product of the file's counts are bounded: the
card's trial sizes stop at the first line that does not fit; the designer's
page and the cards refuse, in one line, a table past their work budget
(export/__init__.py), while every library mission stays far inside it."""
from __future__ import annotations

from dataclasses import replace

import pytest

from layout_editor.catalogue import mission_library_dir
from layout_editor.export import MAX_CARD_PIECE_DRAWS, MAX_DESIGNER_PIECES, ExportError, build_pages, card, flow
from layout_editor.export.flow import Para
from layout_editor.io import load_mission
from layout_editor.model.mission import Objective, Piece, two_board_mission


def test_a_trial_size_stops_at_the_first_line_past_the_frames(monkeypatch):
    calls = []
    wrap = flow.wrap_lines
    monkeypatch.setattr(flow, "wrap_lines", lambda *a, **k: calls.append(1) or wrap(*a, **k))
    paras = [Para(f"paragraph {n} " + "word " * 40, 9) for n in range(2000)]
    assert not card._fits(lambda size: paras, [(0, 0, 200, 100)], 9)
    assert len(calls) < 20  # poured until the one frame was full, not 2,000 paragraphs
    calls.clear()
    assert card._fits(lambda size: paras[:2], [(0, 0, 200, 1000)], 9)


def _many_pieces(n: int):
    """n loose pillars (the budget counts them; where they stand is beside the point)."""
    base = two_board_mission()
    pieces = tuple(Piece("pillar-left", "A", at=(i % 8, (i // 8) % 8)) for i in range(n))
    return replace(base, pieces=pieces)


def test_the_designers_page_refuses_a_table_past_its_budget():
    m = _many_pieces(MAX_DESIGNER_PIECES + 1)
    with pytest.raises(ExportError, match=f"up to {MAX_DESIGNER_PIECES:,} pieces; this one has"):
        build_pages(m, "designer")


def test_the_cards_refuse_more_piece_drawings_than_their_budget():
    pieces = MAX_CARD_PIECE_DRAWS // 100 + 1
    m = replace(_many_pieces(pieces), objectives=tuple(Objective(str(k), (100.0 + k, 100.0)) for k in range(100)))
    with pytest.raises(ExportError, match="piece drawings the cards allow"):
        build_pages(m, "cards")


def test_every_library_mission_is_far_inside_both_budgets():
    for path in mission_library_dir().glob("*.yaml"):
        m = load_mission(path)
        assert len(m.pieces) * 4 <= MAX_DESIGNER_PIECES, path.name
        assert (len(m.objectives) + len(m.regions)) * len(m.pieces) * 20 <= MAX_CARD_PIECE_DRAWS, path.name


def test_a_table_too_large_for_any_qr_is_not_written_out_to_learn_it(monkeypatch):
    from layout_editor.export import qr
    from layout_editor.io import share_code

    monkeypatch.setattr(share_code, "encode", lambda m: (_ for _ in ()).throw(AssertionError("encoded")))
    assert qr.qr_for(_many_pieces(qr.QR_MAX_PIECES + 1)) is None
    with pytest.raises(AssertionError, match="encoded"):
        qr.qr_for(_many_pieces(10))
