"""Text that flows: word wrapping with the embedded font's metrics, and
paragraphs poured into frames (columns, cards) that continue onto new pages
as long as there is text.

Texts are drawn as plain strings (never parsed as markup), so `<`, `&` and
`>` print as written; a word wider than its column is broken between
characters, so no text, however long, overflows a page.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .drawing import Page
from .fonts import clean, text_width

Run = tuple[str, bool]  # text, bold


@dataclass
class Frame:
    page: Page
    x: float
    y: float
    w: float
    h: float


@dataclass
class Para:
    text: str
    size: float = 8.5
    bold: bool = False
    lead: str | None = None   # a bold run before the text ("Battle rounds:")
    colour: str = "#1a1a1a"
    space_before: float = 0.0
    space_after: float = 3.0
    keep_with_next: bool = False
    indent: float = 0.0
    leading: float = 1.25


def _split_long(word: str, size: float, width: float, bold: bool) -> list[str]:
    """Break a word wider than the column between characters."""
    parts, current, w = [], "", 0.0
    for ch in word:
        cw = text_width(ch, size, bold)
        if current and w + cw > width:
            parts.append(current)
            current, w = "", 0.0
        current += ch
        w += cw
    if current:
        parts.append(current)
    return parts


def wrap_lines(runs: list[Run], size: float, width: float) -> list[tuple[list[Run], bool]]:
    """Greedy line breaking of runs of words: each line a list of runs, and
    whether it ends inside a word too long for a line (so the next line
    goes on without a space)."""
    width = max(width, size)
    words: list[tuple[str, bool]] = []
    for text, bold in runs:
        for w in text.split(" "):
            if w:
                words.append((w, bold))
    space = {False: text_width(" ", size, False), True: text_width(" ", size, True)}
    lines: list[tuple[list[Run], bool]] = []
    line: list[Run] = []
    used = 0.0
    for word, bold in words:
        ww = text_width(word, size, bold)
        pieces = [word] if ww <= width else _split_long(word, size, width, bold)
        for k, piece in enumerate(pieces):
            pw = ww if len(pieces) == 1 else text_width(piece, size, bold)
            gap = space[bold] if line else 0.0
            if line and used + gap + pw > width:
                lines.append((line, k > 0))
                line, used, gap = [], 0.0, 0.0
            if line and line[-1][1] == bold:
                line[-1] = (line[-1][0] + " " + piece, bold)
            elif line:
                line.append((" " + piece, bold))
            else:
                line.append((piece, bold))
            used += gap + pw
    if line:
        lines.append((line, False))
    return lines


def wrap_runs(runs: list[Run], size: float, width: float) -> list[list[Run]]:
    """Greedy line breaking of runs of words; each line a list of runs."""
    return [line for line, _glued in wrap_lines(runs, size, width)]


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Plain lines of one text (line breaks in it kept)."""
    out = []
    for part in str(text).split("\n"):
        lines = wrap_runs([(clean(part), bold)], size, width)
        out.extend("".join(t for t, _b in ln) for ln in lines)
    return out


def draw_runs(page: Page, x: float, y: float, runs: list[Run], size: float, colour: str) -> None:
    for text, bold in runs:
        page.text(x, y, text, size, bold=bold, colour=colour)
        x += text_width(text, size, bold)


class Flow:
    """Pours paragraphs into frames; `next_frame()` gives the next frame (and
    may add a page) whenever the current one is full."""

    def __init__(self, next_frame: Callable[[], Frame]):
        self.next_frame = next_frame
        self.frame: Frame | None = None
        self.y = 0.0
        # Where every line went: (paragraph number, line number, lines in
        # it, frame number), so a caller (or a test) can see how the text broke.
        self.log: list[tuple[int, int, int, int]] = []
        self.frames = 0
        self._paras = 0

    def _need(self, height: float, skip_empty: bool = False) -> None:
        if self.frame is None or self.y + height > self.frame.y + self.frame.h + 0.01:
            if self.frame is not None and self.y == self.frame.y and not skip_empty:
                return  # an empty frame too small for one line: draw anyway, never loop
            self.frame = self.next_frame()
            self.frames += 1
            self.y = self.frame.y

    def _lines(self, para: Para, width: float) -> list[tuple[list[Run], bool, bool]]:
        """The lines of a paragraph, each with whether a line break in the
        text ends it and whether it ends inside a word."""
        lines: list[tuple[list[Run], bool, bool]] = []
        first = True
        for part in para.text.split("\n") if para.text else [""]:
            runs: list[Run] = []
            if first and para.lead:
                runs.append((clean(para.lead), True))
            runs.append((clean(part), para.bold))
            wrapped = wrap_lines(runs, para.size, width)
            lines.extend((ln, n == len(wrapped) - 1, glued) for n, (ln, glued) in enumerate(wrapped))
            first = False
        return lines

    @staticmethod
    def _rewrap(lines: list[tuple[list[Run], bool, bool]], size: float,
                width: float) -> list[tuple[list[Run], bool, bool]]:
        """Lines wrapped again for a frame of another width, keeping the
        text's own line breaks and words broken only for width whole."""
        out: list[tuple[list[Run], bool, bool]] = []
        runs: list[Run] = []
        glue = False
        for n, (line, ends, glued) in enumerate(lines):
            for k, (text, bold) in enumerate(line):
                if k == 0 and runs and glue and runs[-1][1] == bold:
                    runs[-1] = (runs[-1][0] + text, bold)  # the word the last line broke, whole again
                    continue
                runs.append((" " + text if k == 0 and runs else text, bold))
            glue = glued
            if ends or n == len(lines) - 1:
                wrapped = wrap_lines(runs, size, width)
                out.extend((ln, k == len(wrapped) - 1, g) for k, (ln, g) in enumerate(wrapped))
                runs, glue = [], False
        return out

    def add(self, paras: Iterable[Para]) -> None:
        paras = list(paras)
        for n, para in enumerate(paras):
            pid = self._paras
            self._paras += 1
            if self.frame is None:
                self._need(0)
            width = self.frame.w - para.indent
            lines = self._lines(para, width)
            if not lines:
                continue
            lh = para.size * para.leading
            if self.y > self.frame.y:
                self.y += para.space_before
            need = lh * min(len(lines), 2)
            if para.keep_with_next and n + 1 < len(paras):
                nxt = paras[n + 1]
                # Its own space after counts too, or the heading fits and
                # its text's first two lines do not. A text of three lines
                # moves whole rather than leave one behind (the widow rule
                # below): then all three must fit under the heading.
                nxt_lines = len(self._lines(nxt, self.frame.w - nxt.indent))
                keep = 3 if nxt_lines == 3 else 2
                need = lh * len(lines) + para.space_after + nxt.space_before + nxt.size * nxt.leading * keep
            elif para.keep_with_next:
                need = lh * len(lines) + para.space_after + lh * 2.5  # room for what the caller adds next
            # An empty frame too small for a heading and its text's first
            # lines is passed over once (the next may be larger).
            self._need(need, skip_empty=para.keep_with_next and self.frame.h < need)
            if self.frame.w - para.indent != width:  # the paragraph starts in a new frame
                width = self.frame.w - para.indent
                lines = self._rewrap(lines, para.size, width)
            i = 0
            wrapped_for = self.frame
            while i < len(lines):
                self._need(lh)
                before, wrapped_for = wrapped_for, self.frame
                if self.frame is not before and abs(self.frame.w - para.indent - width) > 0.01:
                    # Continued in a column of another width: wrap the rest for it.
                    width = self.frame.w - para.indent
                    lines = lines[:i] + self._rewrap(lines[i:], para.size, width)
                bottom = self.frame.y + self.frame.h + 0.01
                rest = len(lines) - i
                take = min(rest, max(1, int((bottom - self.y) // lh)))
                if rest - take == 1:
                    # The last line would begin the next column alone (a widow):
                    # one more line goes with it, unless that leaves a single
                    # line here (an orphan): then the paragraph moves whole.
                    if take >= 3 or (i > 0 and take >= 2):
                        take -= 1
                    elif i == 0 and self.y > self.frame.y:
                        self._need(bottom - self.y + lh)
                        continue
                for _ in range(take):
                    draw_runs(self.frame.page, self.frame.x + para.indent, self.y + para.size, lines[i][0],
                              para.size, para.colour)
                    self.log.append((pid, i, len(lines), self.frames))
                    self.y += lh
                    i += 1
                if i < len(lines):
                    self._need(bottom - self.y + lh)  # the rest in the next column
            self.y += para.space_after

    def block(self, height: float, draw: Callable[[Page, float, float, float], None],
              space_after: float = 0.0) -> None:
        """A drawn block (a table row, a map) that is never split: it moves
        to the next frame whole when it does not fit."""
        if self.frame is None:
            self._need(0)
        self._need(height)
        draw(self.frame.page, self.frame.x, self.y, self.frame.w)
        self.y += height + space_after

    def ensure(self, height: float) -> None:
        """Start a new frame unless `height` points still fit in this one
        (keeps a heading with the block after it)."""
        if self.frame is None:
            self._need(0)
        self._need(height)
