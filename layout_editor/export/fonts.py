"""The fonts every export prints with, and the text clean-up, shaping and
measuring every printed string goes through.

Notes (choices made here):
- The shipped fonts (DejaVu Sans and DejaVu Sans Bold) come first: they
  cover every Latin-script European language, Greek, Cyrillic, Hebrew and
  Arabic (with the Arabic presentation forms), so a mission in those prints
  the same on every machine. Characters they lack are looked up in the
  fonts installed on the machine: with fontconfig (`fc-list`, one call that
  lists every font with the characters it covers) where it exists, else by
  reading the fonts in the usual font folders of Linux, macOS and Windows.
  Among the fonts covering a character, a sans-serif of the wanted weight
  wins, then the one covering most characters (so one fallback font serves
  a whole script). Only TrueType-outline fonts that reportlab can embed are
  used (it cannot embed CFF outlines or colour-bitmap emoji fonts), so a
  font the PDF cannot carry is never used by the SVG or PNG either: every
  backend prints and measures the same runs with the same fonts.
- A string is printed as runs: consecutive characters printed with one
  font. Each run is drawn at the position the sum of the glyph advances
  before it gives (no kerning anywhere), which is also what text_width()
  returns, so the wrapping computed from text_width() holds in the PDF, the
  SVG, the PNG and the preview alike.
- Direction and shaping: right-to-left text is put in visual order with
  python-bidi: its Rust implementation of the Unicode bidirectional
  algorithm (isolates included, any character accepted) gives each
  character's level; brackets in right-to-left runs are mirrored from its
  mirroring table and the runs reversed by level here (rules L1, L2, L4),
  since its get_display() does not mirror. A name put into a sentence goes
  through isolate(), so "by NAME · 2 players" keeps the 2 where it was
  written. Arabic letters are joined by arabic-reshaper, which replaces them by
  their contextual forms (Arabic Presentation Forms, which DejaVu and the
  Noto Arabic fonts carry) and lam-alef ligatures. Chosen over reportlab's
  HarfBuzz shaping (rl_config.shapedText with uharfbuzz) because that
  shapes only the PDF: the SVG and the Pillow images would need shaping of
  their own, and three shapers would measure three different widths. Text
  already shaped and ordered is a plain string every backend draws the same.
  Without OpenType mark positioning, a right-to-left vowel mark (Arabic
  harakat, Hebrew niqqud) is drawn centred over its letter: readable, if
  not placed as a typesetter would (the shin dot sits in the middle).
- What this does not shape: scripts whose letters combine or reorder in
  ways beyond Arabic joining (Devanagari and the other Indic scripts,
  Khmer, Myanmar, Tibetan, Sinhala, Syriac, N'Ko, Mongolian). Their
  characters are named by the export's warning even when a font has them,
  as are characters no font on the machine has (emoji here): the warning
  says before exporting what will not print right.
- Characters outside the Basic Multilingual Plane are kept when a font
  prints them (DejaVu has the mathematical alphanumerics) and become U+FFFD
  otherwise, so every backend draws the same replacement box.
"""
from __future__ import annotations

import bisect
import itertools
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .. import memo
from ..catalogue import resources_dir

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


class FontError(Exception):
    """The embedded font files are missing or unreadable."""


def font_path(name: str) -> Path:
    return resources_dir() / "fonts" / _FILES[name]


@memo.once
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


# -- the fonts: shipped first, then the machine's ------------------------------------

@dataclass(frozen=True)
class Face:
    """One font as the exports use it: the name it is registered under with
    reportlab, the file (and the font's index in a .ttc collection) Pillow
    opens, and its family name for SVG."""
    name: str
    path: str
    index: int
    family: str


@dataclass
class _Candidate:
    path: str
    index: int
    family: str
    bold: bool
    ranges: list | None  # sorted (first, last) code point ranges; None: not read yet
    count: int = 0

    def covers(self, cp: int) -> bool:
        ranges = self.ranges if self.ranges is not None else self.read()
        i = bisect.bisect_right(ranges, (cp, sys.maxsize)) - 1
        return i >= 0 and ranges[i][0] <= cp <= ranges[i][1]

    def read(self) -> list[tuple[int, int]]:
        """Cover set from the font file itself (no fontconfig on this
        machine): read once, on the first character the shipped fonts lack."""
        from reportlab.pdfbase.ttfonts import TTFontFile

        try:
            cps = sorted(TTFontFile(self.path, subfontIndex=self.index).charToGlyph)
        except Exception:
            cps = []
        ranges: list[tuple[int, int]] = []
        for c in cps:
            if ranges and c == ranges[-1][1] + 1:
                ranges[-1] = (ranges[-1][0], c)
            else:
                ranges.append((c, c))
        self.ranges = ranges
        self.count = len(cps)
        return ranges


_FONT_SUFFIXES = (".ttf", ".ttc", ".otf")
_FONT_DIRS = {
    "linux": ["/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts"],
    "darwin": ["/System/Library/Fonts", "/Library/Fonts", "~/Library/Fonts"],
    "win32": [os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts"),
              os.path.join(os.environ.get("LOCALAPPDATA", ""), r"Microsoft\Windows\Fonts")],
}


def _parse_charset(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split():
        first, _, last = part.partition("-")
        try:
            out.append((int(first, 16), int(last or first, 16)))
        except ValueError:
            continue
    return sorted(out)


def _fontconfig_candidates() -> list[_Candidate] | None:
    exe = shutil.which("fc-list")
    if not exe:
        return None
    try:
        done = subprocess.run([exe, "--format", "%{file}\t%{index}\t%{family[0]}\t%{weight}\t%{charset}\n",
                               ":scalable=true"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    out = []
    for line in done.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) != 5 or not parts[0].lower().endswith(_FONT_SUFFIXES):
            continue
        try:
            index, weight = int(parts[1]), float(parts[3])
        except ValueError:
            continue
        ranges = _parse_charset(parts[4])
        out.append(_Candidate(parts[0], index, parts[2], weight >= 180, ranges,
                              sum(b - a + 1 for a, b in ranges)))
    return out


def _folder_candidates() -> list[_Candidate]:
    dirs = _FONT_DIRS.get("win32" if sys.platform.startswith("win") else sys.platform, _FONT_DIRS["linux"])
    out = []
    for d in dirs:
        root = Path(os.path.expanduser(d))
        if not d or not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() in _FONT_SUFFIXES and path.is_file():
                stem = path.stem
                out.append(_Candidate(str(path), 0, re.sub(r"[-_](Regular|Bold|Book|Medium)$", "", stem),
                                      bool(re.search(r"bold|bd\b", stem, re.I)), None))
    return out


class _Fonts:
    """The shipped faces and the fallbacks found so far, per weight."""

    def __init__(self, system: bool = True):
        self.system = system
        self._candidates: list[_Candidate] | None = None
        self.chains: dict[bool, list[Face]] = {}
        self.covers: dict[str, frozenset[int]] = {}
        self.refused: set[tuple[str, int]] = set()
        self.lookups: dict[tuple[str, bool], Face | None] = {}
        self._union: list[tuple[int, int]] | None = None

    def candidates(self) -> list[_Candidate]:
        if self._candidates is None:
            found = _fontconfig_candidates() if self.system else []
            if found is None:
                found = _folder_candidates()
            self._candidates = found
        return self._candidates

    def chain(self, bold: bool) -> list[Face]:
        if bold not in self.chains:
            register_fonts()
            name = font_name(bold)
            face = Face(name, str(font_path(name)), 0, "DejaVu Sans")
            self.covers[name] = frozenset(pdfmetrics.getFont(name).face.charToGlyph)
            self.chains[bold] = [face]
        return self.chains[bold]

    def face_for(self, ch: str, bold: bool) -> Face | None:
        """The first face of the chain that prints `ch`, adding a fallback
        from the machine's fonts when none does yet; None when no font has it."""
        cp = ord(ch)
        for face in self.chain(bold):
            if cp in self.covers[face.name]:
                return face
        key = (ch, bold)
        if key not in self.lookups:
            self.lookups[key] = self._fallback(cp, bold)
        return self.lookups[key]

    def _anywhere(self, cp: int) -> bool:
        """Whether any font on the machine has `cp`: one search in the union
        of their ranges, so text full of characters no font has (emoji
        here) costs no scan of every font per character."""
        if self._union is None:
            merged: list[tuple[int, int]] = []
            for a, b in sorted(r for c in self.candidates() for r in (c.ranges if c.ranges is not None
                                                                      else c.read())):
                if merged and a <= merged[-1][1] + 1:
                    merged[-1] = (merged[-1][0], max(merged[-1][1], b))
                else:
                    merged.append((a, b))
            self._union = merged
        i = bisect.bisect_right(self._union, (cp, sys.maxsize)) - 1
        return i >= 0 and self._union[i][0] <= cp <= self._union[i][1]

    def _fallback(self, cp: int, bold: bool) -> Face | None:
        if not self.system or not self._anywhere(cp):
            return None
        found = [c for c in self.candidates() if (c.path, c.index) not in self.refused and c.covers(cp)]
        found.sort(key=lambda c: (c.bold != bold, "sans" not in c.family.lower(), "mono" in c.family.lower(),
                                  -c.count, c.path, c.index))
        for c in found:
            face = self._register(c)
            if face is not None:
                self.chain(bold).append(face)
                return face
        return None

    def _register(self, c: _Candidate) -> Face | None:
        name = "fb-" + re.sub(r"[^A-Za-z0-9-]", "", Path(c.path).stem) + (f"-{c.index}" if c.index else "")
        if name not in self.covers:
            try:
                font = TTFont(name, c.path, subfontIndex=c.index)
                pdfmetrics.registerFont(font)
            except Exception:  # CFF outlines, bitmap-only or broken fonts: reportlab cannot embed them
                self.refused.add((c.path, c.index))
                return None
            self.covers[name] = frozenset(font.face.charToGlyph)
        return Face(name, c.path, c.index, c.family)


_FONTS = _Fonts()


def use_system_fonts(enabled: bool) -> None:
    """Whether fonts installed on the machine may stand in for characters the
    shipped fonts lack (tests turn this off to see a clean machine)."""
    global _FONTS
    _FONTS = _Fonts(system=enabled)
    _runs.cache_clear()
    _char_width.cache_clear()
    _plain_width.cache_clear()


def face_for(ch: str, bold: bool = False) -> Face | None:
    return _FONTS.face_for(ch, bold)


# -- direction, shaping and runs ---------------------------------------------------

# Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, the
# Hebrew and Arabic presentation forms, and their supplementary planes): only
# strings holding one go through the bidirectional algorithm.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdcf\ufdf0-\ufdff\ufe70-\ufefc\U00010800-\U00010fff"
                  "\U0001e800-\U0001efff]")

# Scripts whose letters combine or reorder in ways the Arabic reshaper does
# not do: printed letter by letter they would be wrong, so they are warned
# about (see the module notes).
_UNSHAPED = ((0x0700, 0x074F), (0x07C0, 0x07FF), (0x0800, 0x089F), (0x0900, 0x0DFF), (0x0F00, 0x109F),
             (0x1780, 0x18AF), (0x1A20, 0x1AAF), (0x1B00, 0x1BFF), (0xA800, 0xA82F), (0xA840, 0xA8FF),
             (0xA980, 0xAAFF), (0x11000, 0x111FF))


@memo.once
def _reshaper():
    from arabic_reshaper import ArabicReshaper

    # Keep the vowel marks (harakat) the writer typed: they are zero-width
    # marks in the fonts and print over their letter.
    return ArabicReshaper(configuration={"delete_harakat": False, "support_ligatures": True})


# Isolates: a name put into a sentence between FIRST STRONG ISOLATE (U+2068)
# and POP DIRECTIONAL ISOLATE (U+2069) keeps its own direction without
# moving the words and numbers around it (see isolate()). They print as
# nothing.
_ISOLATES = "\u2066\u2067\u2068\u2069"
_NO_ISOLATES = str.maketrans("", "", _ISOLATES)


def isolate(text: str) -> str:
    """`text` marked to keep its own direction inside a longer line: "by
    NAME · 2 players" with a Hebrew NAME keeps the 2 after the name."""
    return f"\u2068{text}\u2069" if _RTL.search(text) else text


def _levels(text: str) -> list[int] | None:
    """The embedding level of each character (even: left to right), from
    python-bidi's Rust implementation of the Unicode bidirectional
    algorithm (isolates included). Its report gives one level per UTF-8
    byte; None if it cannot be read."""
    from bidi import get_display

    info = get_display(text, debug=True)
    m = re.search(r"levels: \[(.*?)\]", info, re.S) if isinstance(info, str) else None
    if not m:
        return None
    per_byte = [int(v) for v in re.findall(r"Level\(\s*(\d+),?\s*\)", m.group(1))]
    out, pos = [], 0
    for ch in text:
        if pos >= len(per_byte):
            return None
        out.append(per_byte[pos])
        pos += len(ch.encode("utf-8"))
    return out if pos == len(per_byte) else None


def _reorder(text: str) -> str:
    from bidi import get_display
    from bidi.mirror import MIRRORED

    levels = _levels(text)
    if levels is None:  # never seen; ordered, only without mirrored brackets
        return get_display(text).translate(_NO_ISOLATES)
    # Rule L1: whitespace and isolates at the line's end go to its base level.
    base = 1 if _first_strong_rtl(text) else 0
    n = len(text)
    while n and (text[n - 1].isspace() or text[n - 1] in _ISOLATES):
        n -= 1
        levels[n] = base
    # Rule L4: characters in right-to-left runs print mirrored ("(" as ")").
    chars = [MIRRORED.get(ch, ch) if lv % 2 else ch for ch, lv in zip(text, levels)]
    # Rule L2: from the highest level down to the lowest odd one, reverse
    # every run of characters at that level or higher.
    top = max(levels, default=0)
    low = min((lv for lv in levels if lv % 2), default=top + 1)
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(chars):
            if levels[i] >= level:
                j = i
                while j < len(chars) and levels[j] >= level:
                    j += 1
                chars[i:j] = chars[i:j][::-1]
                levels[i:j] = levels[i:j][::-1]
                i = j
            else:
                i += 1
    # Rule L3: a vowel mark reversed with its right-to-left letter would come
    # before it, and the fonts place a mark over the glyph drawn before it:
    # put each letter back in front of its marks.
    i = 0
    while i < len(chars):
        if levels[i] % 2 and unicodedata.category(chars[i]) in ("Mn", "Me"):
            j = i
            while j < len(chars) and levels[j] % 2 and unicodedata.category(chars[j]) in ("Mn", "Me"):
                j += 1
            if j < len(chars) and levels[j] % 2:
                chars[i:j + 1] = [chars[j]] + chars[i:j]
            i = j + 1
        else:
            i += 1
    return "".join(chars).translate(_NO_ISOLATES)


def _first_strong_rtl(text: str) -> bool:
    """The paragraph's direction (rules P2, P3): that of its first strong
    letter outside isolates."""
    depth = 0
    for ch in text:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == "\u2069":
            depth = max(0, depth - 1)
        elif not depth:
            kind = unicodedata.bidirectional(ch)
            if kind == "L":
                return False
            if kind in ("R", "AL"):
                return True
    return False


def visual(text: str) -> str:
    """`text` (a cleaned line, logical order) as printed from left to right:
    Arabic letters in their joined forms, right-to-left runs reversed,
    brackets mirrored, isolate marks gone. Text without right-to-left
    letters is returned as it is (less any isolate marks)."""
    if not _RTL.search(text):
        return text.translate(_NO_ISOLATES) if any(c in text for c in _ISOLATES) else text
    return _reorder(_reshaper().reshape(text))


@dataclass(frozen=True)
class Run:
    """Characters printed with one font, in visual order, and their width at
    1 pt (the pen moves on by it). `dx` shifts where the run is drawn
    without moving the pen: a vowel mark over its letter."""
    face: Face
    text: str
    width: float
    dx: float = 0.0


@memo.cached(4096)
def _ink_centre(face: Face, ch: str) -> float | None:
    """Horizontal centre of the character's ink at 1 pt, from its pen position."""
    from PIL import ImageFont

    try:
        font = ImageFont.truetype(face.path, 1000, index=face.index, layout_engine=ImageFont.Layout.BASIC)
        x0, _, x1, _ = font.getbbox(ch, anchor="ls")
    except Exception:
        return None
    return (x0 + x1) / 2000.0 if x1 > x0 else None


@memo.cached(65536)
def _char_width(ch: str, name: str) -> float:
    """Width of one character at 1 pt in the registered font `name`.
    Characters no font has print as the shipped font's box glyph, which has
    the width of its .notdef glyph."""
    return pdfmetrics.stringWidth(ch, name, 1.0)


def _face_or_box(ch: str, bold: bool) -> Face:
    return _FONTS.face_for(ch, bold) or _FONTS.chain(bold)[0]


def _build_runs(text: str, bold: bool) -> tuple[Run, ...]:
    runs: list[Run] = []
    face, chars, width = None, [], 0.0
    shaped = _RTL.search(text) is not None
    base: tuple[str, Face] | None = None  # the last letter, for the marks after it
    for ch in visual(text):
        f = _face_or_box(ch, bold)
        if shaped and base and unicodedata.category(ch) in ("Mn", "Me") and _char_width(ch, f.name) == 0:
            # Without the fonts' mark positioning (no OpenType layout here), a
            # right-to-left vowel mark is centred over its letter: its own run.
            centre = _ink_centre(f, ch)
            if centre is not None:
                if chars:
                    runs.append(Run(face, "".join(chars), width))
                    chars, width = [], 0.0
                runs.append(Run(f, ch, 0.0, -_char_width(base[0], base[1].name) / 2 - centre))
                face = None
                continue
        if unicodedata.category(ch) not in ("Mn", "Me"):
            base = (ch, f)
        if f != face and chars:
            runs.append(Run(face, "".join(chars), width))
            chars, width = [], 0.0
        face = f
        chars.append(ch)
        width += _char_width(ch, f.name)
    if chars:
        runs.append(Run(face, "".join(chars), width))
    return tuple(runs)


_runs = memo.cached(8192, "fonts._runs")(_build_runs)


def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """`text` split into runs by font, in the order they print from left to
    right. Every backend draws these, one after the other, so what is drawn
    is as wide as text_width() says."""
    if len(text) > 2000:  # long texts are measured once or twice: not worth keeping
        return _build_runs(text, bold)
    return _runs(text, bold)


@memo.cached(65536)
def _plain_width(ch: str, bold: bool) -> float:
    """Width at 1 pt of a character in the font that prints it: one cached
    look-up per character, since wrapping and label fitting measure the same
    text many times over."""
    return 0.0 if ch in _ISOLATES else _char_width(ch, _face_or_box(ch, bold).name)


def text_width(text: str, size: float, bold: bool = False) -> float:
    if not _RTL.search(text):  # no shaping: a sum over the characters, as the runs sum them
        return sum(map(_plain_width, text, itertools.repeat(bold))) * size
    return sum(r.width for r in runs(text, bold)) * size


def clean(text: object) -> str:
    """A string safe to print: control characters go (tabs and line breaks
    become spaces), lone surrogates, noncharacters and characters outside
    the Basic Multilingual Plane that no font prints become U+FFFD, so every
    backend measures and draws them the same (a box).

    Each distinct character is judged once (a text of 50,000 characters has
    a few dozen) and the text changed in one str.translate: a card's texts
    are cleaned many times as the card is fitted."""
    if text is None:
        return ""
    s = str(text)
    table = {}
    for ch in set(s):
        out = _clean_bmp(ch) if ord(ch) <= 0xFFFF else _clean_char(ch)
        if out != ch:
            table[ord(ch)] = out
    return s.translate(table) if table else s


def _clean_char(ch: str) -> str:
    """What clean() makes of one character: itself, a space, nothing or U+FFFD."""
    cat = unicodedata.category(ch)
    if ch in "\t\n\r\x0b\x0c\u2028\u2029\x85":
        return " "
    if cat == "Cc" or cat == "Cf" and ch not in "\u00ad\u200d" + _ISOLATES:
        return ""  # invisible controls and bidi marks: nothing to print (isolates stay: see isolate())
    if cat == "Cs" or ch in "\ufffe\uffff" or "\ufdd0" <= ch <= "\ufdef" or (
            ord(ch) > 0xFFFF and (ord(ch) & 0xFFFE == 0xFFFE or _FONTS.face_for(ch, False) is None)):
        # (U+FFFE, U+FFFF and the other noncharacters are not allowed in SVG's XML either)
        return "\ufffd"
    return ch


# Within the Basic Multilingual Plane the answer never depends on the fonts
# found: kept (beyond it, a font installed later may print a character). Bound:
# the plane's 65,536 code points, so nothing is ever dropped.
_clean_bmp = memo.cached(0x10000, "fonts._clean_bmp")(_clean_char)


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
    after it (the text itself when it fits). Linear in the text's length
    (times its logarithm for right-to-left text, whose shape depends on
    where it is cut), so a 100,000-character name costs little more than
    reading it once."""
    if _RTL.search(text):
        # Shaping a start costs its length: grow the start by doubling until
        # it no longer fits, then halve the gap, so a long text is never
        # shaped whole just to cut it after a few words.
        lo, hi = 0, 16  # text[:lo] + mark fits (or lo is 0); text[:hi] + mark does not
        while hi < len(text) and text_width(text[:hi] + mark, size, bold) <= width:
            lo, hi = hi, hi * 2
        if hi >= len(text):
            if text_width(text, size, bold) <= width:
                return text
            hi = len(text)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if text_width(text[:mid] + mark, size, bold) <= width:
                lo = mid
            else:
                hi = mid
        return text[:lo] + mark if lo else mark
    if text_width(text, size, bold) <= width:
        return text
    room = width - text_width(mark, size, bold)
    used = 0.0
    for n, ch in enumerate(text):
        if ch in _ISOLATES:
            continue
        used += _char_width(ch, _face_or_box(ch, bold).name) * size
        if used > room:
            return text[:n] + mark if n else mark
    return text


# -- what the fonts cannot print --------------------------------------------------

# Most characters of the warning named one by one (then "…").
MAX_NAMED = 16


def _unshaped(cp: int) -> bool:
    return any(a <= cp <= b for a, b in _UNSHAPED)


def unprintable(texts) -> list[str]:
    """The characters of `texts` the exports cannot print as written, in the
    order first met: characters no font (shipped or installed) has, which
    print as boxes (emoji, and Chinese, Japanese or Korean on a machine
    without fonts for them), and letters of scripts that need shaping the
    exports do not do (see the module notes). Spaces and invisible
    characters are never named: clean() drops them."""
    found: dict[str, None] = {}
    seen: set[str] = set()
    for text in texts:
        if not text:
            continue
        for ch in str(text):
            if ch in seen:
                continue
            seen.add(ch)
            if ch.isspace():
                continue
            cat = unicodedata.category(ch)
            if cat in ("Cc", "Cf", "Zl", "Zp"):
                continue
            if cat == "Cs" or _unshaped(ord(ch)) or _FONTS.face_for(ch, False) is None:
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
                  "show as boxes or with their letters wrongly formed: {chars}",
                  n=len(chars), chars=named)
