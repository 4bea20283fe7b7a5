"""Text that never breaks the page: European characters print (and read
back), markup characters print as written, hostile texts never crash an
export and long texts paginate."""
from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from layout_editor.export import LAYOUTS, build_pages, render
from layout_editor.export.flow import wrap
from layout_editor.export.fonts import clean, text_width
from layout_editor.export.specimen import specimen_mission
from layout_editor.model.mission import Objective, Region, Section

EUROPEAN = "Größe Äpfel, Öl, Übermaß · Łódź, świeży żółw · Příliš žluťoučký kůň úpěl ďábelské ódy · " \
           "Ærø, Ñandú, Ŀlívia, Ğüneş, Őrült, Ţară, Ēdiens"


def with_texts(briefing="", title=None, section=None, name=None):
    m = specimen_mission()
    sections = m.mission.sections + ((Section(section[0], section[1]),) if section else ())
    objectives = m.objectives
    regions = m.regions
    if name is not None:
        objectives = objectives + (Objective("99", (300.0, 300.0), name=name),)
        regions = regions + (Region(name, "A", ((3, 3),)),)
    return replace(m, title=title or m.title, objectives=objectives, regions=regions,
                   mission=replace(m.mission, briefing=briefing, sections=sections))


def pdf_text(mission, layout="card") -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(render(mission, layout, "a4", "hostile.yaml")))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_european_languages_print_and_read_back():
    m = with_texts(briefing=EUROPEAN, title="Überfall auf Łódź – Příliš", section=("Regeln für Ärger", EUROPEAN))
    text, _ = pdf_text(m)
    t = flat(text)
    for word in ("Größe", "Übermaß", "Łódź", "świeży", "żółw", "Příliš", "žluťoučký", "úpěl", "ďábelské",
                 "Ærø", "Ğüneş", "Őrült", "Ţară", "Regeln für Ärger"):
        assert word in t, word
    assert "Überfall auf Łódź – Příliš" in t


def test_the_font_has_every_letter_of_the_european_latin_scripts():
    from reportlab.pdfbase import pdfmetrics

    from layout_editor.export.fonts import REGULAR, register_fonts

    register_fonts()
    face = pdfmetrics.getFont(REGULAR).face
    # Latin-1 Supplement letters and Latin Extended-A: every Latin-script
    # European language is written with these.
    letters = [chr(c) for c in list(range(0xC0, 0x100)) + list(range(0x100, 0x180)) if chr(c).isalpha()]
    missing = [ch for ch in letters if ord(ch) not in face.charToGlyph]
    assert missing == []


def test_markup_characters_print_as_written():
    m = with_texts(briefing='Use <b>bold</b> & "quotes" > 3 <br/> &amp; &lt;',
                   section=("<script>", "a < b && c > d"), name="<Vault & Co>")
    text, _ = pdf_text(m)
    t = flat(text)
    assert '<b>bold</b> & "quotes" > 3 <br/> &amp; &lt;' in t
    assert "a < b && c > d" in t and "<script>" in t and "<Vault & Co>" in t
    cards, _ = pdf_text(m, "cards")
    assert "<Vault & Co>" in flat(cards)


HOSTILE = [
    "\x00\x01\x07\x1b[31mred\x1b[0m\x7f\x9b",                     # control characters
    "🎲🚀👾 emoji 🇩🇪 and 𝕄𝕒𝕥𝕙",                                   # outside the BMP
    "\ud800 lone surrogate \udfff",                              # not even valid UTF-16
    "مرحبا بالعالم — שלום עולם ‮reversed‬",                       # right to left, bidi overrides
    "\u200b\u200d\ufeff zero width \u00ad soft hyphen \ufffe\uffff\ufdd0 noncharacters",
    "x" * 5000,                                                 # one word longer than any column
    "line\r\nbreaks\rand\ttabs\n\n\n\nparagraphs",
    "",
]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_hostile_texts_never_crash(layout):
    m = specimen_mission()
    names = [t or "n" for t in HOSTILE]
    m = replace(m, title="".join(HOSTILE[:5]), author=HOSTILE[3],
                objectives=m.objectives + tuple(Objective(t[:30], (100.0 + 40 * n, 500.0), name=t)
                                                for n, t in enumerate(names)),
                regions=m.regions + tuple(Region(t, "B", ((n % 7, 5),)) for n, t in enumerate(names)),
                mission=replace(m.mission, briefing="\n\n".join(HOSTILE),
                                sections=tuple(Section(t, t) for t in HOSTILE)))
    data = render(m, layout, "letter", HOSTILE[0] + HOSTILE[1])
    assert len(data) > 500
    if layout == "map-svg":
        import xml.etree.ElementTree as ET

        ET.fromstring(data)  # still well-formed XML


def test_hundred_thousand_character_briefing_paginates():
    words = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. " * 1300)[:100_000]
    m = with_texts(briefing=words + " THE-END-MARK")
    pages = build_pages(m, "card")
    assert len(pages) >= 8  # front, back and the third sides the text needs
    assert "Continued on a third side." in pages[1].texts()
    text, n = pdf_text(m)
    assert n == len(pages)
    assert "THE-END-MARK" in text
    assert f"page {n} of {n}" in text
    # Nothing is drawn below the footer or beyond the right margin.
    from layout_editor.export.drawing import Text

    for page in pages:
        for op in page.ops:
            if isinstance(op, Text) and not op.angle and op.anchor == "start":
                assert op.y <= page.height and op.x + text_width(op.text, op.size, op.bold) <= page.width - 20


def test_wrapping_keeps_every_character_and_fits_the_width():
    text = "Kurz " + "Donaudampfschifffahrtsgesellschaftskapitänsmütze" * 3 + " und lang"
    lines = wrap(text, 8, 100)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(text_width(line, 8) <= 100 + 1e-6 for line in lines)


def test_clean_removes_controls_and_replaces_what_the_font_cannot_hold():
    assert clean("a\x00b\x1bc\td\ne") == "abc d e"
    assert clean("🎲") == "\ufffd"
    assert clean("\ud800") == "\ufffd"
    assert clean(None) == ""


def test_a_german_mission_prints_german_headings_and_legend():
    m = replace(specimen_mission(), language="de")
    card = flat(pdf_text(m)[0])
    for word in ("Legende", "Einsatzbesprechung", "Siegbedingungen", "Missionsziele", "Aufstellungszonen",
                 "Zoll", "Seite 1 von", "Schotttür, geschlossen", "Spielplatte A, Zone C3"):
        assert word in card, word
    assert "Legend " not in card and "Victory conditions" not in card
    setup = flat(pdf_text(m, "setup")[0])
    assert "Teile" in setup and "Übrig in der Kiste" in setup and "Spielplatte A: Aufbau" in setup
    assert "entlang Linie 2: D/2 → F/2" in setup and "Tür zeigt zu Zonen D1–E1" in setup
    assert "Lange Wand mit Schotttür" in setup and "Boarding-Actions-Spielplatte" in setup
    assert "Seite 1 von" in setup
    tabletop = flat(pdf_text(m, "tabletop")[0])
    assert "Zeile 1, Spalte 1" in tabletop and "Originalgröße" in tabletop
    cards = flat(pdf_text(m, "cards")[0])
    assert "MISSIONSZIEL" in cards and "Wo:" in cards


def test_german_card_writes_german_numbers_and_players():
    m = replace(specimen_mission(), language="de")
    apart = replace(m, boards=(m.boards[0], replace(m.boards[1], at=(m.boards[1].at[0] + 96.0, m.boards[1].at[1]))))
    card = flat(pdf_text(apart)[0])
    assert 'Abstand 96 mm (3,8")' in card
    assert "S1" in card and "P1" not in card


def test_the_card_names_pieces_as_the_editor_does():
    """A German player reads one word for a piece on the screen and on
    paper: the pages read it from the editor's translation."""
    from layout_editor.catalogue import default_catalogue
    from layout_editor.export.words import editor_words, words

    t = words("de")
    for kind in default_catalogue().pieces.values():
        assert t(kind.name) == editor_words("de")[kind.name] != kind.name, kind.name


def test_a_word_is_translated_in_one_place():
    """The pages' own table holds no word the editor's shared context
    already translates (it would be translated twice, and could drift)."""
    from layout_editor.export.words import GERMAN, editor_words

    assert len(editor_words("de")) > 300
    assert sorted(set(GERMAN) & set(editor_words("de"))) == []


def test_unknown_language_prints_english():
    m = replace(specimen_mission(), language="xx")
    assert "Victory conditions" in flat(pdf_text(m)[0])


def test_huge_names_keep_the_card_layout():
    from layout_editor.export.drawing import Text

    m = specimen_mission()
    m = replace(m, entry_zones=tuple(replace(z, name="Sturmtrupp " * 2000) for z in m.entry_zones))
    page = build_pages(m, "card")[0]
    for op in page.ops:
        if isinstance(op, Text):
            assert 0 <= op.y <= page.height, op.text[:40]


def test_text_continued_in_a_narrower_column_is_wrapped_for_it():
    from layout_editor.export.drawing import Page
    from layout_editor.export.flow import Flow, Frame, Para

    page = Page(1000, 1000)
    frames = iter([Frame(page, 0, 0, 300, 40), Frame(page, 400, 0, 120, 1000)])
    flow = Flow(lambda: next(frames))
    text = "Line one of the text\nand a second part " + "with many words " * 30
    flow.add([Para(text, size=8)])
    texts = [op for op in page.ops]
    narrow = [op for op in texts if op.x >= 400]
    assert narrow, "the text went on into the second frame"
    lines = {}
    for op in narrow:
        lines.setdefault(op.y, []).append(op)
    for ops in lines.values():
        right = max(op.x + text_width(op.text, op.size, op.bold) for op in ops)
        assert right <= 400 + 120 + 1e-6
    joined = " ".join(op.text for op in texts).split()
    assert joined == text.split()  # nothing lost or doubled


def test_a_word_broken_for_width_is_broken_again_whole_in_a_new_column():
    from layout_editor.export.drawing import Page
    from layout_editor.export.flow import Flow, Frame, Para

    page = Page(1000, 1000)
    frames = iter([Frame(page, 0, 0, 300, 30), Frame(page, 400, 0, 250, 1000)])
    flow = Flow(lambda: next(frames))
    word = "x" * 600
    flow.add([Para("start " + word + " end", size=8)])
    second = [op for op in page.ops if op.x >= 400]
    widths = [text_width(op.text, op.size) for op in second if set(op.text) == {"x"}]
    # Every line but the word's last is full: no one-letter stubs left over.
    assert all(w > 250 - 8 for w in widths[:-1])
    assert "".join(op.text for op in page.ops).replace(" ", "") == "start" + word + "end"


@pytest.mark.parametrize("room", range(1, 12))
def test_no_widow_or_orphan_line_and_no_heading_alone_at_a_column_foot(room):
    """Whatever room the first column has, a paragraph never leaves its
    first line alone at a column's foot nor its last line alone at the
    next column's head, and a heading moves on with its text."""
    from layout_editor.export.drawing import Page
    from layout_editor.export.flow import Flow, Frame, Para

    page = Page(1000, 1000)
    lh = 8 * 1.25
    frames = iter([Frame(page, 0, 0, 200, room * lh + 1)] + [Frame(page, 300 * k, 0, 200, 1000) for k in (1, 2)])
    flow = Flow(lambda: next(frames))
    flow.add([Para("Heading", size=8, bold=True, keep_with_next=True, space_after=0),
              Para("word " * 90, size=8, space_after=0),
              Para("Second heading", size=8, bold=True, keep_with_next=True, space_after=0),
              Para("more " * 70, size=8, space_after=0)])
    by_para: dict[int, list[tuple[int, int]]] = {}
    for pid, line, _n, frame in flow.log:
        by_para.setdefault(pid, []).append((line, frame))
    for pid, lines in by_para.items():
        frames_of = [f for _l, f in lines]
        for f in set(frames_of):
            if len(set(frames_of)) > 1:
                assert frames_of.count(f) >= 2, (pid, frames_of)  # no single line parted from the rest
    for heading, text in ((0, 1), (2, 3)):
        assert by_para[heading][-1][1] == by_para[text][0][1]  # a heading's column holds its text's start
