"""A table that changes, printed and exported: the card's round track and
its badges on the map, the setup sheet's hatchways that must be operable,
the designer's page by battle round, the VTT export's doors as they start;
a mission without a timeline prints as before."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from layout_editor.export.card import card_pages
from layout_editor.export.designer_page import designer_pages
from layout_editor.export.setup_sheet import setup_pages
from layout_editor.export.timeline_print import BADGE, badges, operable_pieces
from layout_editor.export.uvtt import uvtt_data
from layout_editor.io import load_mission
from layout_editor.model.mission import EntryZone, Objective
from layout_editor.model.timeline import Change, Event, HatchwayRef

ROOT = Path(__file__).resolve().parents[2]
SEAM = {("A", (7, 4), (7, 6)), ("B", (5, 6), (5, 4))}


def hull_breach(language=None):
    """Derelict Crossing with a timeline in the manner of the official
    missions (the Tarvorix/WH40k-1 transcription of Boarding Actions:
    Control Centre's Unlock Overrides open hatchways, Hull Breach vents a
    compartment, Death in the Dark's lights fail)."""
    m = load_mission(ROOT / "mission_library" / "derelict-crossing.yaml")
    pieces = tuple(replace(p, open=False, locked=True) if (p.board, p.from_node, p.to_node) in SEAM else p
                   for p in m.pieces)
    return replace(
        m, language=language or m.language, pieces=pieces,
        objectives=m.objectives + (Objective(id="T", at=(704.0, 109.5), name="Override terminal", kind="terminal"),),
        entry_zones=m.entry_zones + (EntryZone(player=1, name="Breach", board="A", cells=((3, 0),)),),
        timeline=(
            Event(round=2, trigger="If a player controls the override terminal", text="Unlock overrides.",
                  changes=(Change("hatchway", HatchwayRef("A", (7, 4), (7, 6)), "unlocked"),
                           Change("hatchway", HatchwayRef("B", (5, 6), (5, 4)), "unlocked"))),
            Event(round=2, phase="command", changes=(Change("objective", "T", "appears"),)),
            Event(round=3, changes=(Change("entry-zone", "Breach", "opens"), Change("area", "Aft lock", "dangerous"))),
            Event(round=3, phase="end", text="The forward lock is vented to the void.",
                  changes=(Change("area", "Forward lock", "impassable"),
                           Change("hatchway", HatchwayRef("A", (2, 0), (2, 2)), "closed"))),
            Event(round=4, changes=(Change("area", "The crossing", "dark"),
                                    Change("objective", "2", "moves", to=(546.0, 158.0)))),
        ))


def _texts(pages):
    return " ".join(" ".join(p.texts()) for p in pages)


def test_the_card_prints_the_round_track_and_marks_the_map():
    pages = card_pages(hull_breach())
    back = _texts(pages[1:])
    assert "Round track" in back and "At the start:" in back
    assert "Round 2, start of the round:" in back and "If a player controls the override terminal:" in back
    assert "Round 3, end of the round:" in back and "Forward lock becomes impassable" in back
    front = pages[0]
    assert any(BADGE in repr(op) for op in front.ops)
    labels = sorted(text for _, text, _ in badges(hull_breach()))
    assert "2" in labels and "4" in labels
    assert any(ringed for _, _, ringed in badges(hull_breach()))  # where objective 2 moves to


def test_the_card_speaks_the_missions_language():
    back = _texts(card_pages(hull_breach("de"))[1:])
    assert "Rundenablauf" in back and "Zu Beginn:" in back


def test_a_card_without_a_timeline_has_no_round_track():
    m = load_mission(ROOT / "mission_library" / "derelict-crossing.yaml")
    pages = card_pages(m)
    assert "Round track" not in _texts(pages)
    assert not any(BADGE in repr(op) for op in pages[0].ops)


def test_the_setup_sheet_lists_the_hatchways_that_must_work():
    m = hull_breach()
    assert {(p.board, p.from_node, p.to_node) for p in operable_pieces(m)} == SEAM | {("A", (2, 0), (2, 2))}
    text = _texts(setup_pages(m))
    assert "Must be operable" in text and "A3 on board A from H/5 to H/7" in text
    plain = load_mission(ROOT / "mission_library" / "derelict-crossing.yaml")
    assert "Must be operable" not in _texts(setup_pages(plain))


def test_the_designers_page_has_a_row_per_round():
    pages = designer_pages(hull_breach())
    assert len(pages) == 3
    third = " ".join(pages[2].texts())
    assert "BY BATTLE ROUND" in third.upper() and "Routes to the objectives in round 4" in third
    assert "Forward lock becomes impassable" in third


def test_the_vtt_export_has_the_doors_as_they_start():
    m = hull_breach()
    portals = uvtt_data(m)["portals"]
    hatchways = [p for p in m.pieces if p.open is not None]
    assert len(portals) == len(hatchways)
    assert sum(p["closed"] for p in portals) == sum(1 for p in hatchways if not p.open)


def test_every_word_of_the_page_by_battle_round_has_german():
    import ast

    from layout_editor.export import designer_page, designer_rounds

    source = (ROOT / "layout_editor" / "export" / "designer_rounds.py").read_text(encoding="utf-8")
    said = [node.args[0].value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t"
            and node.args and isinstance(node.args[0], ast.Constant)]
    assert len(said) > 10
    assert [w for w in said if w not in designer_rounds.GERMAN and w not in designer_page.GERMAN] == []
