"""The setup sheet as printed: over every library mission (A4 and Letter),
no text in the PDF closer than 6.5 mm to the paper's edge, read back from
the file as a PDF reader sees it (a clip hides ink, not the text), and no
name cut in half at the edge of a board's map strip; and a small killzone's
sheet is one page."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from page_check import cut_by_clip, pdf_edge_problems, pdf_text_boxes

from layout_editor.export import build_pages, render
from layout_editor.io import load_mission
from layout_editor.model.mission import Piece, killzone_mission

LIBRARY = sorted((Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml"))


@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_near_the_paper_edge_and_no_name_cut_at_a_map_strip(path, paper):
    m = load_mission(path)
    pages = build_pages(m, "setup", paper, source=path.name)
    assert [p for n, page in enumerate(pages, 1) for p in (f"page {n}: {c}" for c in cut_by_clip(page))] == []
    assert pdf_edge_problems(render(m, "setup", paper, source=path.name, pages=pages)) == []


def test_the_pdf_reader_sees_clipped_text():
    # The check above reads what a PDF reader reads: a text drawn half
    # outside a clip is found at its whole width.
    from layout_editor.export.drawing import Page, pdf_bytes

    page = Page(595.0, 842.0)
    page.clip(100, 100, 50, 50)
    page.text(140, 120, "Ballast pump", 10.0)
    page.end_clip()
    page.text(5, 400, "edge", 10.0)
    (w, h, texts), = pdf_text_boxes(pdf_bytes([page]))
    boxes = dict(texts)
    assert boxes["Ballast pump"][0] == pytest.approx(140, abs=0.5) and boxes["Ballast pump"][2] > 180
    assert boxes["edge"][1] == pytest.approx(400 - 7.2, abs=0.5)
    assert cut_by_clip(page) == ["cut by the map's edge: 'Ballast pump'"]
    assert pdf_edge_problems(pdf_bytes([page])) == ["page 1: 1.8 mm from the edge: 'edge'"]


def small_killzone(n: int = 3):
    pieces = (Piece("A1", "A", from_node=(1, 1), to_node=(3, 1)),
              Piece("B2", "A", from_node=(4, 2), to_node=(4, 3), facing="right", open=False),
              Piece("pillar-left", "A", at=(1, 1)),
              Piece("A3", "A", from_node=(5, 4), to_node=(5, 6), facing="left", open=False),
              Piece("B1", "A", from_node=(2, 5), to_node=(3, 5)))
    return replace(killzone_mission("Small"), pieces=pieces[:n])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("n", [1, 3, 4])
def test_a_small_killzones_sheet_is_one_page(paper, n):
    pages = build_pages(small_killzone(n), "setup", paper)
    assert len(pages) == 1
    text = " ".join(pages[0].texts())
    assert "B2" in text if n >= 2 else True
    assert "page 1 of 1" in text
