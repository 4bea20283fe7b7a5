"""Phrases: what the rules core and the model say, English by default and in
another language when the editor hands a translation."""
from __future__ import annotations

import pickle

from layout_editor.model.edits import EditRefused, add_pieces
from layout_editor.model.mission import Piece, two_board_mission
from layout_editor.phrases import Listing, Phrase, PhrasedError, one_or_many, say
from layout_editor.rules.checks import run_checks

GERMAN = {
    "{piece} and {other} overlap": "{piece} und {other} überlappen sich",
    "{code} on board {board}": "{code} auf Spielplatte {board}",
    "objective {id!r} is {gap:.2f}\" away": "Missionsziel „{id}“ ist {gap:.2f}\" entfernt",
    "{n} zone": "{n} Zone",
    "{n} zones": "{n} Zonen",
}


def german(template: str) -> str:
    return GERMAN.get(template, "")


def test_english_is_the_template_filled_in():
    p = Phrase("objective {id!r} is {gap:.2f}\" away", id="2", gap=1.234)
    assert str(p) == "objective '2' is 1.23\" away"
    assert f"{p}" == str(p) and say(p) == str(p)


def test_nested_phrases_are_each_translated():
    wall = Phrase("{code} on board {board}", code="A1", board="B")
    p = Phrase("{piece} and {other} overlap", piece=wall, other=Phrase("{code} on board {board}", code="B2",
                                                                         board="B"))
    assert str(p) == "A1 on board B and B2 on board B overlap"
    assert say(p, german) == "A1 auf Spielplatte B und B2 auf Spielplatte B überlappen sich"


def test_numbers_take_the_decimal_sign_but_names_do_not():
    p = Phrase("objective {id!r} is {gap:.2f}\" away", id="1.5", gap=2.5)
    # The objective's id is a name: its point stays; the distance is a number.
    assert say(p, german, ",") == "Missionsziel „1.5“ ist 2,50\" entfernt"
    assert say(Phrase("{code} on board {board}", code="C/4", board="2.1"), german, ",") == \
        "C/4 auf Spielplatte 2.1"


def test_a_count_picks_its_own_template():
    assert str(one_or_many(1, "{n} zone", "{n} zones")) == "1 zone"
    assert say(one_or_many(3, "{n} zone", "{n} zones"), german) == "3 Zonen"


def test_listing_says_each_item():
    items = Listing([Phrase("{n} zone", n=1), "C/4", Phrase("{n} zones", n=2)])
    assert str(items) == "1 zone, C/4, 2 zones"
    assert say(items, german) == "1 Zone, C/4, 2 Zonen"


def test_a_broken_translation_falls_back_to_english():
    bad = {"{n} zone": "{count} Zone"}  # names a field the phrase lacks
    assert say(Phrase("{n} zone", n=1), lambda t: bad.get(t, "")) == "1 zone"


def test_phrases_survive_pickling_and_compare_by_value():
    p = Phrase("{piece} and {other} overlap", piece=Phrase("{code} on board {board}", code="A1", board="B"),
               other=Listing(["x", "y"]))
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p) and str(q) == str(p)
    assert Phrase("{n} zone", n=1) != Phrase("{n} zone", n=2)


def test_plain_strings_pass_through():
    assert say("already English") == "already English"
    assert str(PhrasedError("plain")) == "plain" and str(PhrasedError("plain").phrase) == "plain"


def test_findings_and_refusals_carry_their_phrase():
    m = two_board_mission()
    pieces = (Piece(code="pillar-left", board="A", at=(2, 2)), Piece(code="pillar-right", board="A", at=(2, 2)))
    from dataclasses import replace
    clash = replace(m, pieces=pieces)
    found = [f for f in run_checks(clash, rules_core=False) if f.code == "node-clash"]
    assert found and isinstance(found[0].phrase, Phrase)
    assert found[0].message == str(found[0].phrase)
    assert "2 pieces stand on node C/3 of board A" in found[0].message
    try:
        add_pieces(clash, [Piece(code="pillar-left", board="A", at=(2, 2))])
    except EditRefused as e:
        assert isinstance(e.phrase, Phrase) and str(e) == str(e.phrase)
        assert "would overlap" in str(e)
    else:
        raise AssertionError("a pillar on a taken node must be refused")
