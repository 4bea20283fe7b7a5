"""What the editor's overlays show, worked out by the rules core
(rules/overlays.py): plain values and Phrases, no Qt, so the captions speak
the editor's language however the answer was worked out."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from layout_editor.model.mission import EntryZone, Objective, Piece, two_board_mission
from layout_editor.phrases import Phrase, say
from layout_editor.rules import overlays

GERMAN = {
    "{n} regions for a {mm:g} mm base, {view}": "{n} Bereiche für eine {mm:g}-mm-Base, {view}",
    "1 region for a {mm:g} mm base, {view}": "1 Bereich für eine {mm:g}-mm-Base, {view}",
    "all hatchways open": "alle Schotttüren offen",
    "{n} sealed": "{n} abgeschlossen",
    "player {n} has no entry zone yet": "Spieler {n} hat noch keine Aufstellungszone",
}


def german(template: str) -> str:
    return GERMAN.get(template, "")


def room():
    """A closed room on board A (nodes (1,1)-(3,3)); players enter at A's
    bottom left and B's top right."""
    pieces = [Piece("A1", "A", from_node=(1, 1), to_node=(3, 1)),
              Piece("A1", "A", from_node=(3, 1), to_node=(3, 3)),
              Piece("A1", "A", from_node=(3, 3), to_node=(1, 3)),
              Piece("A1", "A", from_node=(1, 3), to_node=(1, 1))]
    pieces += [Piece("pillar-left", "A", at=n) for n in [(1, 1), (3, 1), (3, 3), (1, 3)]]
    return replace(two_board_mission("Room"), pieces=tuple(pieces),
                   entry_zones=(EntryZone(1, "A", ((0, 5), (1, 5))), EntryZone(2, "B", ((5, 0), (6, 0)))))


def test_the_regions_summary_is_a_phrase_in_either_language():
    data = overlays.compute_regions(room(), 32.0, "open")
    assert len(data.regions) == 2 and data.sealed_count == 1
    summary = data.summary()
    assert isinstance(summary, Phrase)
    assert str(summary) == "2 regions for a 32 mm base, all hatchways open; 1 sealed"
    assert say(summary, german, ",") == "2 Bereiche für eine 32-mm-Base, alle Schotttüren offen; 1 abgeschlossen"
    one = overlays.RegionsData([], [], [], 28.5, "open")
    assert say(one.summary(), german, ",") == "0 Bereiche für eine 28,5-mm-Base, alle Schotttüren offen"


def test_route_distances_say_why_there_are_none():
    m = room()
    data = overlays.compute_distances(m, ("player", 3), "as-set")
    assert data.cells == [] and data.caption is None
    assert say(data.problem, german) == "Spieler 3 hat noch keine Aufstellungszone"
    inside_a_wall = overlays.compute_distances(m, ("point", (206.5, 109.5)), "as-set")
    assert inside_a_wall.cells == [] and isinstance(inside_a_wall.problem, Phrase)
    fine = overlays.compute_distances(m, ("player", 1), "as-set")
    assert fine.problem is None and str(fine.caption) == "Route distances from player 1's entry zone, hatchways as set"
    assert len(fine.cells) == 2 * 7 * 6
    inside_the_room = [d for poly, _, d in fine.cells if poly.contains(overlays.Point(158.0, 158.0))]
    assert inside_the_room == [None]          # sealed in: no route


def test_sight_and_balance_answer_in_plain_values():
    m = replace(room(), objectives=(Objective("1", (100.0, 500.0)), Objective("2", (1200.0, 100.0))))
    seen = overlays.compute_visibility(m, (500.0, 500.0), "as-set")
    assert seen.problem is None and 0 < seen.polygon.area
    assert str(seen.caption).startswith("Sees ") and str(seen.caption).endswith("% of the battlefield (hatchways as set)")
    balance = overlays.compute_balance(m)
    assert not balance.empty and set(balance.distances) == {"1", "2"}
    assert overlays.compute_balance(replace(m, objectives=())).empty


def test_the_overlays_core_never_imports_qt():
    code = ("import sys\n"
            "from layout_editor.rules import overlays\n"
            "from layout_editor.model.mission import two_board_mission\n"
            "overlays.compute_regions(two_board_mission(), 32.0, 'as-set')\n"
            "bad = [name for name in sys.modules if name.startswith(('PySide6', 'shiboken', 'layout_editor.ui'))]\n"
            "print(bad)\n"
            "sys.exit(1 if bad else 0)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
