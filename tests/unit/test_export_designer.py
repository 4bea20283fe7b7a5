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


def test_a_kill_team_file_in_the_killzones_words():
    m = load_mission(mission_library_dir() / "breach-line.yaml")
    pages = build_pages(m, "designer", "a4")
    text = " | ".join(pages[0].texts())
    a = analyze(m).metrics
    # the balance table is the Kill Team one (routes every hatchway open, +1" per access point)
    # each cell the move counted in whole-inch increments, the tape's length beside it
    from layout_editor.rules.kill_team import balance
    kt = balance(m)
    moves = a["kill_team"]["balance_move_in"]
    assert a["objective_distances_in"] == moves and a["kill_team"]["balance_in"] == kt
    assert "Routes from the drop zones to the objectives" in text and "access point crossed" in text
    assert "Routes to the objectives (hatchways as set)" not in text and "whole-inch increments" in text
    bounds = a["kill_team"]["balance_move_bounds_in"].get("1", {})
    for oid, d in kt["1"].items():
        mv = f"{bounds[oid][0]}–{bounds[oid][1]}" if oid in bounds else f"{moves['1'][oid]:g}"
        assert f"{mv}\" ({d:.1f}\")" in text, oid
    # first-turn reach: a 6" Reposition and 9" with a Dash, not Boarding Actions' 9.5" and 12"
    ft = a["first_turn"]["1"]
    assert set(ft) == {"6", "9"}
    assert f'player 1: 6": {", ".join(ft["6"]) or "—"}; 9": {", ".join(ft["9"]) or "—"}' in text
    second = " | ".join(pages[1].texts())
    assert 'with a 6" Reposition, and with a Dash after it (9")' in second.replace(" | ", " ")
    assert "drop zone" in second and "entry zone" not in second + text
    assert '; 9.5": ' not in text and '; 12": ' not in text


def test_a_kill_team_file_in_german():
    m = load_mission(mission_library_dir() / "breach-line.de.yaml")
    pages = build_pages(m, "designer", "a4")
    text = " | ".join(pages[0].texts() + pages[1].texts()).replace(" | ", " ")
    assert "Wege von den Landezonen zu den Missionszielen" in text
    assert "Umpositionierung" in text and "Sprint" in text and "Aufstellungszone" not in text
