"""The designer's page prints: two landscape pages with the balance table,
the hatchway table worst first, symmetry, seen-from and first-turn numbers
that are the analysis's, in the mission's language."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from layout_editor.catalogue import mission_library_dir
from layout_editor.export import LAYOUTS, build_pages, render
from layout_editor.io import load_mission
from layout_editor.rules.analysis import analyze

ROOT = Path(__file__).resolve().parents[2]


def test_the_designer_page_says_what_the_analysis_says():
    m = load_mission(mission_library_dir() / "last-lifepod.yaml")
    assert "designer" in LAYOUTS
    pages = build_pages(m, "designer", "a4")
    assert len(pages) == 2 and pages[0].width > pages[0].height
    text = " | ".join(pages[0].texts())
    a = analyze(m).metrics
    assert "DESIGNER'S PAGE" in text or "Designer's page" in text
    assert "Symmetry: not symmetric" in text
    seen = a["seen_from"]["1"]
    assert f"player 1: {seen['area_sq_in']:.0f} sq in, {100 * seen['share']:.0f} % of the floor" in text
    # the hatchway table: the worst first, as the analysis lists them
    first = a["hatchways"][0]["piece"]
    assert text.index(f"{first['code']} on board {first['board']}") < text.index("Zones newly in sight") + 400
    assert "P1 to 3: cut off" in text
    assert 'player 2: 6": —; 9.5": 2, 3, 4; 12": 2, 3, 4' in text
    assert render(m, "designer", "a4", pages=pages).startswith(b"%PDF")


def test_in_german():
    m = load_mission(mission_library_dir() / "last-lifepod.de.yaml")
    text = " | ".join(build_pages(m, "designer", "a4")[0].texts())
    assert "Symmetrie" in text and "Schotttüren, jede gegenüber" in text and "abgeschnitten" in text


def test_on_the_command_line(tmp_path):
    out = tmp_path / "d.pdf"
    run = subprocess.run([sys.executable, "-m", "layout_editor", "export",
                          str(mission_library_dir() / "reactor-vigil.yaml"), "-o", str(out), "--layout", "designer"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes().startswith(b"%PDF")
