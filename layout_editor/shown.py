"""Values from a file, shown in a message so that the file cannot forge it.

Mission files and share codes come from strangers. Any value of theirs that a
message or report quotes (a key, an id, a title, a file name) goes through
`shown()`: control characters are written as escapes, so a value cannot end
the message's line, print a fake "file:1:1: all is well" line after it, or
send escape codes to the terminal (set the window title, clear the screen);
and a long value is cut, so a 300 kB piece code makes a short message.

Escaped: the C0 and C1 controls (newline, carriage return, tab, ESC ...),
DEL, the invisible format characters that reorder or hide text (bidi
overrides and isolates, zero-width characters: a message must show what the
file holds), and the line and paragraph separators U+2028/U+2029. Everything printable, in any script,
is kept as it is.

Phrases (phrases.py) pass every plain text field through here, so every
message of the loader, the share codes and the rules core is covered without
each caller remembering to.
"""
from __future__ import annotations

import unicodedata

# Longest value quoted in a message, in characters (after escaping). Long
# enough for any real id, title or list of keys; a message stays a line.
MAX_SHOWN = 200
# Longest message line at all: place, words and values together.
MAX_MESSAGE = 2000

_ELLIPSIS = "…"

# Categories never shown raw: Cc (controls), Cf (format: bidi, zero width),
# Zl / Zp (line and paragraph separators), Cs (lone surrogates), Cn
# (unassigned code points print as nothing useful).
_HIDDEN = ("Cc", "Cf", "Zl", "Zp", "Cs", "Cn")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_char(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape(text: str) -> str:
    """`text` with every control and invisible format character escaped."""
    if text.isprintable():  # Python's printable excludes every hidden category
        return text
    return "".join(_escape_char(ch) if unicodedata.category(ch) in _HIDDEN else ch for ch in text)


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """`text` cut to at most `limit` characters, ending in "…" when cut."""
    if len(text) <= limit:
        return text
    return text[:max(0, limit - 1)] + _ELLIPSIS


def shown(value, limit: int = MAX_SHOWN) -> str:
    """A value as a message may quote it: escaped, then at most `limit`
    characters. Cutting before escaping keeps the work small for a huge
    value (only the first `limit` characters are ever looked at)."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        return shorten(escape(text[:limit + 1]), limit)
    return shorten(escape(text), limit)


def quoted(value, limit: int = MAX_SHOWN) -> str:
    """A value in quotes, as Python's repr quotes text ('A1', "it's"), cut and
    escaped like `shown`."""
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > limit
    body = repr(text[:limit])
    if len(body) > limit + 2 or cut:
        body = body[:limit + 1] + _ELLIPSIS + body[-1]
    # repr leaves printable characters of every script alone and escapes the
    # rest, but it thinks some format characters printable: escape those too.
    return escape(body)


def message_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """A whole message as one line of at most `limit` characters."""
    return shown(text, limit)
