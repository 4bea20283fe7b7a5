"""Every script printed, or a warning.

The exports print with the shipped DejaVu fonts first and fonts installed on
the machine for what those lack, shape Arabic and put right-to-left text in
visual order; before exporting they name the characters no font can print
(or that need shaping the exports do not do).

Tests that need fonts beyond the shipped ones skip with a reason on a
machine without them; `clean_machine` turns the machine's fonts off, so the
behaviour of a machine with only DejaVu is tested everywhere.
"""
from __future__ import annotations

import io
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from layout_editor.export import fonts, render
from layout_editor.export.drawing import Page, pdf_bytes, render_image, svg_text
from layout_editor.export.fonts import face_for, runs, text_width, unprintable, unprintable_warning, visual
from layout_editor.model import two_board_mission
from layout_editor.model.mission import MissionText, Objective

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def clean_machine():
    """A machine where only the shipped fonts exist."""
    fonts.use_system_fonts(False)
    yield
    fonts.use_system_fonts(True)


def needs_font_for(ch: str) -> fonts.Face:
    face = face_for(ch)
    if face is None or face.name.startswith("DejaVuSans"):
        pytest.skip(f"no font installed on this machine prints {ch} (U+{ord(ch):04X})")
    return face


def pdf_fonts(data: bytes) -> set[str]:
    """The base names of the fonts the PDF's pages use (subset prefix dropped)."""
    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for f in page["/Resources"]["/Font"].values():
            names.add(re.sub(r"^[A-Z]{6}\+", "", str(f.get_object()["/BaseFont"]).lstrip("/")))
    return names


def pdf_font_of(face: fonts.Face) -> str:
    from reportlab.pdfbase import pdfmetrics

    name = pdfmetrics.getFont(face.name).face.name
    return name.decode() if isinstance(name, bytes) else str(name)


def _unescape(lit: bytes) -> bytes:
    out, i = bytearray(), 0
    while i < len(lit):
        c = lit[i]
        if c == 0x5C:  # backslash
            m = re.match(rb"[0-7]{1,3}", lit[i + 1:i + 4])
            if m:
                out.append(int(m.group(), 8) & 0xFF)
                i += 1 + len(m.group())
                continue
            nxt = lit[i + 1:i + 2]
            out += {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}.get(nxt, nxt)
            i += 2
        else:
            out.append(c)
            i += 1
    return bytes(out)


def drawn_strings(data: bytes) -> list[tuple[float, str, str]]:
    """What the first page's text operators draw, in drawing order: (x, font
    base name, text decoded through the font's ToUnicode map). No text
    extractor in between, since extractors reorder right-to-left text."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    maps, bases = {}, {}
    for key, ref in page["/Resources"]["/Font"].items():
        font = ref.get_object()
        cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
        maps[key.lstrip("/")] = {int(a, 16): chr(int(b, 16))
                                 for a, b in re.findall(r"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>", cmap)}
        bases[key.lstrip("/")] = re.sub(r"^[A-Z]{6}\+", "", str(font["/BaseFont"]).lstrip("/"))
    out = []
    stream = page.get_contents().get_data()
    for m in re.finditer(rb"1 0 0 1 ([-0-9.]+) [-0-9.]+ Tm /(\S+) [0-9.]+ Tf [0-9.]+ TL \(((?:\\.|[^\\)])*)\) Tj",
                         stream, re.S):
        key = m.group(2).decode()
        text = "".join(maps[key].get(b, "\ufffd") for b in _unescape(m.group(3)))
        out.append((float(m.group(1)), bases[key], text))
    return out


def pdf_page_text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


# -- what is warned about ----------------------------------------------------------------

def test_latin_greek_cyrillic_hebrew_and_arabic_print_with_the_shipped_fonts_alone(clean_machine):
    assert unprintable(["Türöffnung, Ωμέγα, Привет, Ærø — «ok» 1½″", "דלת", "باب مفتوح", "ٹ"]) == []


def test_on_a_clean_machine_cjk_and_emoji_are_named_once_in_order(clean_machine):
    assert unprintable(["扉 扉 🚪", "باب", "ドア"]) == ["扉", "🚪", "ド", "ア"]


def test_scripts_that_need_shaping_the_exports_do_not_do_are_named_even_with_a_font():
    assert unprintable(["नमस्ते", "ܫܠܡܐ"]) == ["न", "म", "स", "्", "त", "े", "ܫ", "ܠ", "ܡ", "ܐ"]


def test_a_character_a_machine_font_prints_is_no_longer_named():
    needs_font_for("扉")
    assert unprintable(["扉 ドア 遺棄船"]) == []
    if face_for("🚪") is None:
        assert unprintable(["扉 🚪"]) == ["🚪"]


def test_invisible_and_space_characters_are_never_named():
    assert unprintable(["a\u200bb\u00a0c\u3000d\u200e"]) == []


def test_the_warning_names_the_characters_of_any_text_an_export_prints(clean_machine):
    m = two_board_mission("Plain")
    assert unprintable_warning(m) is None
    m = replace(m, objectives=(Objective("1", (300.0, 250.0), name="ドア"),),
                mission=MissionText(briefing="اصعدوا 🚀"))
    text = str(unprintable_warning(m))
    assert "ド (U+30C9)" in text and "🚀 (U+1F680)" in text and "cannot print 3 different characters" in text
    assert "U+0635" not in text  # Arabic prints


def test_the_command_line_warns_before_exporting_and_still_exports(tmp_path):
    if face_for("🚀") is not None:
        pytest.skip("this machine has a font that prints 🚀")
    path = tmp_path / "jp.yaml"
    path.write_text("format: boarding-actions-mission\nversion: 1\ntitle: 遺棄船 🚀\n"
                    "boards:\n  - {id: A, at: [0, 0]}\n", encoding="utf-8")
    out = tmp_path / "card.pdf"
    done = subprocess.run([sys.executable, "-m", "layout_editor", "export", str(path), "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and out.exists()
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"warning: {path}: the export's fonts cannot print ")
    assert "🚀 (U+1F680)" in lines[0]
    assert ("遺 (U+907A)" in lines[0]) == (face_for("遺") is None)


# -- direction and shaping (hand-worked) ----------------------------------------------------

def test_arabic_is_joined_and_in_visual_order():
    # ب initial (U+FE91) joins the final alef (U+FE8E); the alef does not join
    # to its left, so the last ب stands alone (U+FE8F). Read from the left.
    assert visual("باب") == "\ufe8f\ufe8e\ufe91"
    # lam + alef is one ligature (U+FEFB), and the words swap places.
    assert visual("لا باب") == "\ufe8f\ufe8e\ufe91 \ufefb"


def test_hebrew_is_reversed_with_mirrored_brackets_and_latin_and_numbers_keep_their_order():
    assert visual("שלום (עולם)") == "(םלוע) םולש"
    assert visual("Deck 12 שלום") == "Deck 12 םולש"
    assert visual("Plain text (1)") == "Plain text (1)"


def test_arabic_comes_out_of_the_pdf_joined_and_in_visual_order(clean_machine):
    page = Page(300, 100)
    page.text(20, 50, "باب لا", 20)
    drawn = drawn_strings(pdf_bytes([page]))
    # Left to right on the page: the lam-alef ligature, then the joined ب ا ب reversed.
    assert [t for _, _, t in drawn] == ["\ufefb \ufe8f\ufe8e\ufe91"]


# -- fonts embedded ------------------------------------------------------------------------

def test_a_japanese_card_embeds_the_fallback_font_and_prints_its_text():
    face = needs_font_for("遺")
    m = replace(two_board_mission("Plain"), title="遺棄船の突入")
    data = render(m, "card")
    assert pdf_font_of(face) in pdf_fonts(data)
    assert "DejaVuSans" in pdf_fonts(data)
    assert "遺棄船の突入" in pdf_page_text(data)


def test_hebrew_and_arabic_cards_print_with_the_shipped_font_and_a_fallback_for_what_it_lacks():
    m = replace(two_board_mission("Plain"), title="השער", author="باب")
    data = render(m, "card")
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= pdf_fonts(data)
    assert "רעשה" in [t for _, _, t in drawn_strings(data)]  # visual order: read from the right
    # An Arabic letter DejaVu lacks (Arabic Extended-A) comes from a machine font.
    ch = "\u08a0"
    face = needs_font_for(ch)
    page = Page(300, 100)
    page.text(20, 50, "ب" + ch, 20)
    assert pdf_font_of(face) in pdf_fonts(pdf_bytes([page]))


def test_on_a_clean_machine_only_the_shipped_fonts_are_embedded(clean_machine):
    m = replace(two_board_mission("Plain"), title="遺棄船 باب")
    assert pdf_fonts(render(m, "card")) <= {"DejaVuSans", "DejaVuSans-Bold"}


# -- measured as drawn --------------------------------------------------------------------

MIXED = "Deck 遺棄船 (שלום) باب 12 Ωμέγα"


def test_a_mixed_string_splits_into_runs_by_font_whose_widths_sum_to_text_width():
    face = needs_font_for("遺")
    parts = runs(MIXED)
    assert [r.face for r in parts if "遺" in r.text] == [face]
    assert len({r.face for r in parts}) >= 2
    assert sum(r.width for r in parts) * 11 == pytest.approx(text_width(MIXED, 11))
    assert "".join(r.text for r in parts) == visual(MIXED)


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_the_pdf_draws_each_run_where_text_width_puts_it(anchor):
    needs_font_for("遺")
    page = Page(600, 100)
    page.text(300, 50, MIXED, 12, anchor=anchor)
    width = text_width(MIXED, 12)
    start = {"start": 300, "middle": 300 - width / 2, "end": 300 - width}[anchor]
    expected, x = [], start
    for r in runs(MIXED):
        expected.append(x)
        x += r.width * 12
    drawn = drawn_strings(pdf_bytes([page]))
    assert [t for _, _, t in drawn] == [r.text for r in runs(MIXED)]
    assert [x for x, _, _ in drawn] == pytest.approx(expected, abs=0.01)


def test_the_svg_places_each_run_where_text_width_puts_it_and_names_its_font():
    face = needs_font_for("遺")
    page = Page(600, 100)
    page.text(300, 50, MIXED, 12, anchor="end")
    svg = svg_text(page)
    drawn = re.findall(r'<text x="([0-9.]+)" y="50"[^>]*?(?: font-family="([^",]+)[^"]*")?>([^<]*)</text>', svg)
    start = 300 - text_width(MIXED, 12)
    assert float(drawn[0][0]) == pytest.approx(start, abs=0.01)
    # Each piece where the widths of everything left of it put it, in visual order.
    x = start
    for px, family, text in drawn:
        assert float(px) == pytest.approx(x, abs=0.02)
        assert (family or "DejaVu Sans") == fonts.runs(text)[0].face.family or text.isspace()
        x += text_width(text, 12)
    assert "".join(t for _, _, t in drawn).replace(" ", "") == visual(MIXED).replace(" ", "")
    assert f'font-family="{face.family}' in svg
    # Right-to-left letters one per element: no viewer can reverse them again.
    assert re.search(r">\ufe91</text>", svg) and re.search(r">\u05e9</text>", svg)


def _ink_columns(img) -> tuple[int, int]:
    gray = img.convert("L")
    w, h = gray.size
    px = gray.load()
    cols = [x for x in range(w) if any(px[x, y] < 128 for y in range(h))]
    return cols[0], cols[-1]


def test_the_png_draws_text_as_wide_as_text_width():
    needs_font_for("遺")
    text = "H遺棄船 שלום باب H"  # starts and ends with H, whose sides are near its advance's edges
    page = Page(400, 60)
    page.text(20, 40, text, 20)
    left, right = _ink_columns(render_image(page, dpi=72, supersample=1))
    width = text_width(text, 20)
    h = fonts._char_width("H", "DejaVuSans") * 20
    assert left == pytest.approx(20 + 0.1 * h, abs=2.5)
    assert right == pytest.approx(20 + width - 0.1 * h, abs=2.5)


def test_the_png_draws_arabic_joined_from_the_right_fonts(clean_machine):
    # Joined letters touch: the ink of "ببب" is one connected stroke along
    # the baseline, while three separate letters would leave gaps.
    page = Page(200, 60)
    page.text(20, 40, "ببب", 30)
    img = render_image(page, dpi=72, supersample=1).convert("L")
    px = img.load()
    left, right = _ink_columns(img)
    baseline_band = range(30, 42)
    gaps = [x for x in range(left, right + 1) if all(px[x, y] >= 128 for y in baseline_band)]
    assert gaps == []


def test_characters_without_a_bidirectional_class_never_break_the_ordering():
    # Unassigned code points and noncharacters, as measured before cleaning.
    assert "\u0378" in visual("\u0378 باب")
    assert visual("\ufdd0 \ufffe x") == "\ufdd0 \ufffe x"


def test_an_isolated_name_keeps_the_words_and_numbers_around_it_in_place():
    from layout_editor.export.fonts import clean, isolate

    # Without isolation the bidirectional algorithm takes the 2 into the
    # Hebrew run, as any browser would; isolated, it stays after the name.
    assert visual(clean("by אברהם כהן · 2 players")) == "by 2 · ןהכ םהרבא players"
    line = clean("by " + isolate("אברהם כהן") + " · 2 players")
    assert visual(line) == "by ןהכ םהרבא · 2 players"
    assert text_width(line, 10) == pytest.approx(text_width(clean("by אברהם כהן · 2 players"), 10))
    assert isolate("Smith") == "Smith"


def test_nested_directions_reverse_by_level_with_mirrored_brackets():
    assert visual("לא (1) [x]") == "[x] (1) אל"
    assert visual("ש a (b) c") == "a (b) c ש"


def test_vowel_marks_follow_their_letter_and_are_drawn_over_it():
    # بَ: the fatha comes after its letter in visual order (rule L3) and is
    # its own run, shifted back over the letter without moving the pen.
    assert [hex(ord(c)) for c in visual("بَاب")] == ["0xfe8f", "0xfe8e", "0xfe91", "0x64e"]
    parts = runs("بَاب")
    mark = parts[-1]
    assert mark.text == "\u064e" and mark.width == 0
    letter = fonts._char_width("\ufe91", parts[0].face.name)
    ink = mark.dx + fonts._ink_centre(mark.face, mark.text)
    assert ink == pytest.approx(-letter / 2)  # over the middle of the letter before it
    assert text_width("بَاب", 10) == pytest.approx(text_width("باب", 10))
