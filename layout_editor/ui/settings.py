"""What the editor remembers between runs, in one place: every key the
editor keeps in QSettings, each with a typed getter and setter.

This module is the ground floor of the editor: it imports nothing of the
editor's own, so every other ui module may import it at the top (before, the
settings lived in main_window, and the modules that needed them imported
main_window inside functions, which tied 25 modules into one import circle).

Where the settings live: the platform's place for the application that
`app.ensure_app` names (organisation "layout-editor"), or the INI file given
to `use_file` — the test hook (tests/ui/conftest.py points every Qt test at
a file of its own) and what a script uses to keep a user's settings out of
its way.

The window's layout (geometry and dock state) is remembered only where
`remembering()` says so: in the editor, and wherever settings were pointed
at a file on purpose. A bare QApplication (a script, another test) neither
reads nor writes the user's window layout.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

# The keys, as they are written in the settings file. Renaming one forgets
# what players chose: keep them.
LANGUAGE = "ui/language"            # "" or missing: follow the system
RECENT_FILES = "recent_files"
WINDOW_GEOMETRY = "window/geometry"
WINDOW_STATE = "window/state"
BASE_MM = "overlays/base_mm"
SETS_OWNED = "terrain/sets_owned"
EXPORT_LAYOUT = "export/layout"
EXPORT_PAPER = "export/paper"
EXPORT_FOLDER = "export/folder"
LAST_GAME = "new/game"              # the game File > New offers first
OWNED_BY_PIECE = "generator/by_piece"  # Table > Generate: pieces owned counted per piece code
OWNED_SETS = "generator/sets"       # ... or as a number of sets (kits)
OWNED_PIECES = "generator/pieces"   # ... per piece code: "A1=4;B1=2;..."

KEYS = (LANGUAGE, RECENT_FILES, WINDOW_GEOMETRY, WINDOW_STATE, BASE_MM, SETS_OWNED,
        EXPORT_LAYOUT, EXPORT_PAPER, EXPORT_FOLDER, LAST_GAME, OWNED_BY_PIECE, OWNED_SETS, OWNED_PIECES)
GAMES = ("boarding-actions", "kill-team")  # layout_editor.games' ids (this module imports none of the editor)

MAX_RECENT = 8
MAX_SETS_OWNED = 4

_file: str | None = None  # use_file's INI file, or None for the platform's place


# -- where ------------------------------------------------------------------------------
def use_file(path: str | Path | None) -> None:
    """Keep the settings in this INI file from now on (None: back to the
    platform's place). Every read opens the store afresh, so a second window
    made after this call is "the next run" of the first."""
    global _file
    _file = None if path is None else str(path)


def store() -> QSettings:
    """The settings store itself, for what the getters below do not cover."""
    if _file is not None:
        return QSettings(_file, QSettings.IniFormat)
    return QSettings()


def remembering() -> bool:
    """Whether the window's layout is read and written: in the editor (the
    application has its name) and wherever settings were pointed at a file."""
    return _file is not None or bool(QCoreApplication.organizationName())


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _float(value) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _text(value, default: str = "") -> str:
    return str(value) if value not in (None, "") else default


# -- the interface's language ----------------------------------------------------------------
def language() -> str:
    """The language the player chose in View > Language, or "" (follow the system)."""
    return _text(store().value(LANGUAGE, ""))


def set_language(code: str) -> None:
    store().setValue(LANGUAGE, code)


# -- recent files ------------------------------------------------------------------------------
def recent_files() -> list[str]:
    """File > Open Recent, newest first."""
    value = store().value(RECENT_FILES, [])
    if isinstance(value, str):  # QSettings gives a one-item list back as its item
        value = [value]
    return [str(v) for v in (value or [])]


def set_recent_files(files: list[str]) -> None:
    store().setValue(RECENT_FILES, [str(f) for f in files][:MAX_RECENT])


# -- the window's layout ---------------------------------------------------------------------
def window_geometry() -> QByteArray | None:
    value = store().value(WINDOW_GEOMETRY)
    return value if isinstance(value, (QByteArray, bytes)) and len(value) else None


def window_state() -> QByteArray | None:
    value = store().value(WINDOW_STATE)
    return value if isinstance(value, (QByteArray, bytes)) and len(value) else None


def set_window_layout(geometry: QByteArray, state: QByteArray) -> None:
    s = store()
    s.setValue(WINDOW_GEOMETRY, geometry)
    s.setValue(WINDOW_STATE, state)
    s.sync()


# -- the overlays' base size -------------------------------------------------------------------
def base_mm() -> float | None:
    """The base size (mm) the overlays last measured with, or None."""
    return _float(store().value(BASE_MM))


def set_base_mm(mm: float) -> None:
    store().setValue(BASE_MM, float(mm))


# -- terrain sets the player owns --------------------------------------------------------------
def sets_owned() -> int:
    """Table > Terrain Sets I Own (1 to MAX_SETS_OWNED); the library's filter starts there."""
    return min(max(_int(store().value(SETS_OWNED, 1), 1), 1), MAX_SETS_OWNED)


def set_sets_owned(n: int) -> None:
    store().setValue(SETS_OWNED, min(max(int(n), 1), MAX_SETS_OWNED))


# -- the export dialog ---------------------------------------------------------------------------
def export_layout(default: str = "card") -> str:
    return _text(store().value(EXPORT_LAYOUT, default), default)


def export_paper(default: str = "a4") -> str:
    return _text(store().value(EXPORT_PAPER, default), default)


def export_folder() -> Path:
    """Where the last export went (the home folder at first)."""
    return Path(_text(store().value(EXPORT_FOLDER, ""), str(Path.home())))


def set_export_layout(layout: str) -> None:
    store().setValue(EXPORT_LAYOUT, layout)


def set_export_paper(paper: str) -> None:
    store().setValue(EXPORT_PAPER, paper)


def set_export_folder(folder: str | Path) -> None:
    store().setValue(EXPORT_FOLDER, str(folder))


def set_export(layout: str, paper: str, folder: str | Path) -> None:
    """Remember a finished export: its layout, paper and folder."""
    set_export_layout(layout)
    set_export_paper(paper)
    set_export_folder(folder)


# -- the game of a new mission -------------------------------------------------------------------
def last_game(default: str = GAMES[0]) -> str:
    """The game File > New last started a mission for (`default` before
    the first)."""
    value = _text(store().value(LAST_GAME, ""), default)
    return value if value in GAMES else default


def set_last_game(game: str) -> None:
    if game in GAMES:
        store().setValue(LAST_GAME, game)


# -- the pieces owned, for the layout generator (Table > Generate) --------------------------------
MAX_OWNED_SETS = 20
MAX_OWNED_PIECE = 999


def owned_by_piece() -> bool:
    """True when the player counts the pieces owned per piece code."""
    value = store().value(OWNED_BY_PIECE, False)
    return value is True or str(value).lower() in ("true", "1")


def owned_sets() -> int:
    """Sets (Kill Team: killzone kits) owned, 1 to MAX_OWNED_SETS."""
    return min(max(_int(store().value(OWNED_SETS, 1), 1), 1), MAX_OWNED_SETS)


def owned_pieces() -> dict[str, int]:
    """Pieces owned per code, as last entered ({} before the first). A value
    that is not a count (edited by hand) is left out."""
    out: dict[str, int] = {}
    for part in _text(store().value(OWNED_PIECES, "")).split(";"):
        code, _, n = part.partition("=")
        code = code.strip()
        if not code or len(code) > 32:
            continue
        count = _int(n, -1)
        if 0 <= count <= MAX_OWNED_PIECE:
            out[code] = count
    return out


def set_owned(by_piece: bool, sets: int, pieces: dict[str, int]) -> None:
    s = store()
    s.setValue(OWNED_BY_PIECE, bool(by_piece))
    s.setValue(OWNED_SETS, min(max(int(sets), 1), MAX_OWNED_SETS))
    s.setValue(OWNED_PIECES, ";".join(f"{code}={min(max(int(n), 0), MAX_OWNED_PIECE)}"
                                      for code, n in pieces.items()))
