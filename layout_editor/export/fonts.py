"""The embedded fonts (DejaVu Sans, covering every Latin-script European
language) and the text clean-up every printed string goes through.

One font file is used by every output (PDF, SVG, PNG and the editor's
preview), so a text measures the same wherever it is drawn.
"""
from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..catalogue import resources_dir

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


class FontError(Exception):
    """The embedded font files are missing or unreadable."""


def font_path(name: str) -> Path:
    return resources_dir() / "fonts" / _FILES[name]


@functools.lru_cache(maxsize=1)
def register_fonts() -> None:
    """Register the fonts with reportlab once per process."""
    for name in _FILES:
        path = font_path(name)
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except Exception as e:  # reportlab raises plain errors for bad TTFs
            raise FontError(f"cannot load the font {path}: {e}") from None


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


@functools.lru_cache(maxsize=1)
def _covered() -> dict[str, frozenset[int]]:
    register_fonts()
    return {n: frozenset(pdfmetrics.getFont(n).face.charToGlyph) for n in _FILES}


@functools.lru_cache(maxsize=65536)
def _char_width(ch: str, name: str) -> float:
    """Width of one character at 1 pt. Characters the font lacks print as the
    font's box glyph, which has the width of the .notdef glyph."""
    return pdfmetrics.stringWidth(ch, name, 1.0)


def text_width(text: str, size: float, bold: bool = False) -> float:
    register_fonts()
    name = font_name(bold)
    return sum(_char_width(ch, name) for ch in text) * size


def clean(text: object) -> str:
    """A string safe to print: control characters go (tabs and line breaks
    become spaces), lone surrogates and characters outside the Basic
    Multilingual Plane become U+FFFD so every backend measures and draws them
    the same (the font has none of them: they print as a box)."""
    if text is None:
        return ""
    s = str(text)
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if ch in "\t\n\r\x0b\x0c\u2028\u2029\x85":
            out.append(" ")
        elif cat == "Cc" or cat == "Cf" and ch not in "\u00ad\u200d":
            continue  # invisible controls and bidi marks: nothing to print
        elif cat == "Cs" or ord(ch) > 0xFFFF or ch in "\ufffe\uffff" or "\ufdd0" <= ch <= "\ufdef":
            # (U+FFFE, U+FFFF and the other noncharacters are not allowed in SVG's XML either)
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def clean_block(text: object) -> list[str]:
    """A multi-line text as paragraphs: blank lines separate paragraphs,
    single line breaks are kept as breaks inside one."""
    if text is None:
        return []
    s = str(text).replace("\r\n", "\n").replace("\r", "\n")
    paras = []
    for block in s.split("\n\n"):
        lines = [clean(line).strip() for line in block.split("\n")]
        lines = [ln for ln in lines if ln]
        if lines:
            paras.append("\n".join(lines))
    return paras


def truncate(text: str, size: float, width: float, bold: bool = False, mark: str = "…") -> str:
    """The longest start of `text` that fits `width` points with `mark`
    after it (the text itself when it fits). Linear in the text's length, so
    a 100,000-character name costs no more than reading it once."""
    if text_width(text, size, bold) <= width:
        return text
    register_fonts()
    name = font_name(bold)
    room = width - text_width(mark, size, bold)
    used = 0.0
    for n, ch in enumerate(text):
        used += _char_width(ch, name) * size
        if used > room:
            return text[:n] + mark if n else mark
    return text


# -- what the fonts cannot print --------------------------------------------------

# Bidirectional classes of right-to-left scripts (Hebrew, Arabic, Syriac,
# Thaana, N'Ko ...). The embedded font has Hebrew and Arabic letters, but the
# exports lay text out left to right, letter by letter: such text would print
# reversed and, in Arabic, unjoined. So it counts as not printable, and the
# export says so instead of printing it wrong.
_RIGHT_TO_LEFT = ("R", "AL")
# Most characters of the warning named one by one (then "…").
MAX_NAMED = 16


def unprintable(texts) -> list[str]:
    """The characters of `texts` the exports cannot print as written, in the
    order first met: characters the embedded font lacks (Chinese, Japanese,
    Korean, emoji ... print as boxes) and right-to-left letters (printed
    reversed and unjoined). Spaces and invisible characters are never named:
    clean() drops them."""
    covered = _covered()[REGULAR]
    found: dict[str, None] = {}
    for text in texts:
        if not text:
            continue
        for ch in str(text):
            if ch in found or ch.isspace():
                continue
            cat = unicodedata.category(ch)
            if cat in ("Cc", "Cf", "Zl", "Zp"):
                continue
            if (ord(ch) not in covered or ord(ch) > 0xFFFF or cat == "Cs"
                    or unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT):
                found[ch] = None
    return list(found)


def mission_texts(mission) -> list[str]:
    """Every text of a mission an export may print."""
    m = mission
    texts = [m.title, m.author, m.mission.briefing, m.mission.victory]
    texts += [b.id for b in m.boards]
    for s in m.mission.sections:
        texts += [s.title, s.text]
    for o in m.objectives:
        texts += [o.id, o.name]
    texts += [z.name for z in m.entry_zones] + [r.name for r in m.regions]
    return [t for t in texts if t]


def unprintable_warning(mission):
    """A Phrase naming what the exports of `mission` cannot print, or None
    when they print it all."""
    from ..phrases import Phrase

    chars = unprintable(mission_texts(mission))
    if not chars:
        return None
    named = " ".join(f"{c} (U+{ord(c):04X})" for c in chars[:MAX_NAMED])
    if len(chars) > MAX_NAMED:
        named += " …"
    return Phrase("the export's fonts cannot print {n} different characters of this mission, so they would "
                  "show as boxes or, in right-to-left scripts, reversed and unjoined: {chars}",
                  n=len(chars), chars=named)
