"""Every library mission printed as players print it, A4 and Letter, in its
own language: no name overlaps another or covers a marker, no name is cut
with "…", no word lies within 6.5 mm of the paper's edge (where printers
with a quarter-inch margin clip it), and the mission card is one sheet,
front and back, with no heading left at the foot of a column."""
from __future__ import annotations

from pathlib import Path

import pytest
from page_check import problems

from layout_editor.export import build_pages
from layout_editor.export.common import BAND
from layout_editor.export.drawing import Text
from layout_editor.io import load_mission

LIBRARY = sorted((Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml"))
IDS = [p.name for p in LIBRARY]


@pytest.mark.parametrize("path", LIBRARY, ids=IDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_printed_pages_have_no_overlap_cut_name_or_word_near_an_edge(path, paper):
    m = load_mission(path)
    found = []
    for layout in ("card", "setup", "cards", "tabletop"):
        for n, page in enumerate(build_pages(m, layout, paper, source=path.name), 1):
            found += [f"{layout} page {n}: {p}" for p in problems(page)]
    assert found == []


@pytest.mark.parametrize("path", LIBRARY, ids=IDS)
def test_maps_have_no_overlap_or_cut_name(path):
    m = load_mission(path)
    for layout in ("map-svg", "map-png"):
        (page,) = build_pages(m, layout)
        assert problems(page, edges=False) == []


@pytest.mark.parametrize("path", LIBRARY, ids=IDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_card_is_one_sheet_and_no_heading_ends_a_column(path, paper):
    m = load_mission(path)
    front, back, *more = build_pages(m, "card", paper)
    assert more == []
    # Objective names beside their markers on the front.
    names = {o.name for o in m.objectives if o.name}
    front_text = " ".join(front.texts())
    assert all(" ".join(name.split()[:1]) in front_text for name in names)
    # The back's columns: the last line of each is never a heading.
    columns: dict[float, list[Text]] = {}
    for op in back.ops:
        if isinstance(op, Text) and op.colour in (BAND, "#1a1a1a") and 40 < op.y < back.height - 40:
            columns.setdefault(round(op.x), []).append(op)
    for ops in columns.values():
        last = max(ops, key=lambda op: op.y)
        assert not (last.bold and last.colour == BAND), last.text
    # A tall table prints on portrait paper.
    from layout_editor.export.mapdraw import table_bounds

    x0, y0, x1, y1 = table_bounds(m)
    assert (front.width > front.height) == (x1 - x0 >= y1 - y0)
