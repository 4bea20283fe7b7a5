"""The one error a mission file can give when it cannot be used."""
from __future__ import annotations

from ..phrases import Phrase, plain
from ..shown import MAX_MESSAGE, shown


class MissionLoadError(Exception):
    """A mission file that cannot be used, with where and why.

    str(error) is the one line shown to the user: "FILE:LINE:COL: message",
    line and column counted from 1 and pointing at the offending key or value.
    `message` is the English words after the place, `phrase` the same words as
    a Phrase (phrases.py), so the editor can say them in the player's language.
    Pass a Phrase as the message and both are set; a plain string stays English.
    """

    def __init__(self, path: str, line: int, column: int, message: str | Phrase):
        phrase = message if isinstance(message, Phrase) else plain(message)
        message = str(phrase)
        # The file's name is the user's, but may hold a newline or an escape
        # code too; the whole stays one line (shown.py).
        super().__init__(shown(f"{shown(path, 500)}:{line}:{column}: {message}", MAX_MESSAGE))
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.phrase = phrase

    def __reduce__(self) -> tuple[type[MissionLoadError], tuple[str, int, int, Phrase]]:
        # Keep the error picklable (the editor may load files off the UI thread
        # in another process), its phrase too: the far side may speak German.
        return (type(self), (self.path, self.line, self.column, self.phrase))
