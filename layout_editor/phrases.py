"""Words the rules core and the model say to a player, kept translatable.

The rules core and the model never import Qt, yet what they say (a finding,
the reason an edit is refused, a point that cannot be measured from) reaches
a player who may read German. So they say it as a `Phrase`: an English
template with named fields, filled in only when shown. `str(phrase)` is the
English sentence (what the command line prints and scripts read);
`say(phrase, translate, decimal)` is the same sentence in another language,
with `translate` looking up each template (the editor uses its Qt
translations) and numbers written with the language's decimal sign.

Fields may themselves be phrases (a piece's name inside a finding), lists of
phrases (`Listing`) or plain values. Templates use Python's format syntax,
so "{gap:.2f}" and "{id!r}" work as in an f-string. Plurals are separate
templates chosen by count, never "zone(s)": every language can say both.
"""
from __future__ import annotations

import string
from collections.abc import Callable, Iterable

from .shown import MAX_MESSAGE, quoted, shown

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


class Phrase:
    """An English template and the fields that fill it."""

    __slots__ = ("template", "fields")

    def __init__(self, template: str, /, **fields):
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return say(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Phrase({str(self)!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Phrase) or type(other) is not type(self):
            return NotImplemented
        return self.template == other.template and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.fields))))

    def __getstate__(self):
        return (self.template, self.fields)

    def __setstate__(self, state):
        self.template, self.fields = state


class Listing(Phrase):
    """Several phrases or values said one after another, e.g. the pieces a
    marker lies on: "A1 on board 1 …, left-hand pillar on board 1 …"."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable, separator: str = ", "):
        super().__init__("")
        self.items = tuple(items)
        self.separator = separator

    def __eq__(self, other) -> bool:
        if not isinstance(other, Listing):
            return NotImplemented
        return self.items == other.items and self.separator == other.separator

    def __hash__(self) -> int:
        return hash((self.items, self.separator))

    def __getstate__(self):
        return (self.items, self.separator)

    def __setstate__(self, state):
        self.template, self.fields = "", {}
        self.items, self.separator = state


# Most items a Listing says before "…".
MAX_LISTED = 12


class _Shown(str):
    """Text already made safe to show (quoted by convert_field)."""


class _Filler(string.Formatter):
    def __init__(self, translate: Translate, decimal: str):
        super().__init__()
        self.translate = translate
        self.decimal = decimal

    def convert_field(self, value, conversion):
        # Text quoted with !r is quoted, escaped and cut by the one helper
        # (shown.py), so a value from a file cannot forge the message.
        if conversion == "r" and isinstance(value, str):
            return _Shown(quoted(value))
        return super().convert_field(value, conversion)

    def format_field(self, value, spec: str) -> str:
        if isinstance(value, Phrase):
            return format(self.say(value), spec)
        if isinstance(value, str) and not isinstance(value, _Shown):
            return format(shown(value), spec)
        if isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)):
            text = format(value, spec)
            return text.replace(".", self.decimal) if self.decimal != "." else text
        return format(value, spec)

    def say(self, phrase: Phrase) -> str:
        if isinstance(phrase, Listing):
            return self.separator_join(phrase)
        template = self.translate(phrase.template) or phrase.template
        try:
            return self.vformat(template, (), phrase.fields)
        except (KeyError, IndexError, ValueError):
            # A translation that names a field the phrase lacks must not
            # lose the message: say it in English instead.
            return self.vformat(phrase.template, (), phrase.fields)

    def separator_join(self, listing: Listing) -> str:
        # A list from a file may be long (10,000 board ids): say the first
        # few; "…" says there are more.
        items = listing.items
        text = listing.separator.join(self.format_field(item, "") for item in items[:MAX_LISTED])
        return text + listing.separator + "…" if len(items) > MAX_LISTED else text


def say(text, translate: Translate | None = None, decimal: str = ".") -> str:
    """The text for a player: a Phrase in the language `translate` speaks
    (English without one), anything else as str() makes it."""
    if not isinstance(text, Phrase):
        return str(text)
    return _Filler(translate or _same, decimal).say(text)


def plain(text) -> Phrase:
    """A message already written out (English, or another program's words)
    as a Phrase: escaped and cut as one line, but not as short as a value."""
    return Phrase("{text}", text=_Shown(shown(str(text), MAX_MESSAGE)))


def QT_TR_NOOP(template: str) -> str:  # noqa: N802  (the name Qt's lupdate reads)
    """Marks a template for translation where lupdate would not find it: a
    template `Phrase(...)` does not take literally (one picked by a condition,
    the two of `one_or_many`) or a name kept in a table. lupdate files it in
    the shared context, with every Phrase's template; this returns it as it
    is, and the phrase is translated when said."""
    return template


def one_or_many(n: int, one: str, many: str, **fields) -> Phrase:
    """The phrase for a count: `one` when n is 1, else `many` (both templates
    get n as a field; mark both with QT_TR_NOOP so lupdate finds them)."""
    return Phrase(one if n == 1 else many, n=n, **fields)


class PhrasedError(Exception):
    """An error a player reads: `phrase` says it (str() is the English), so
    the editor can show it in the player's language. A plain string is taken
    as it is (it stays English)."""

    def __init__(self, phrase: Phrase | str) -> None:
        if not isinstance(phrase, Phrase):
            phrase = plain(phrase)
        super().__init__(str(phrase))
        self.phrase = phrase
