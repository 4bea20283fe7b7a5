"""The one error a mission file can give when it cannot be used."""
from __future__ import annotations


class MissionLoadError(Exception):
    """A mission file that cannot be used, with where and why.

    str(error) is the one line shown to the user: "FILE:LINE:COL: message",
    line and column counted from 1 and pointing at the offending key or value.
    """

    def __init__(self, path: str, line: int, column: int, message: str):
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.message = message

    def __reduce__(self):
        # Keep the error picklable (the editor may load files off the UI thread
        # in another process).
        return (type(self), (self.path, self.line, self.column, self.message))
