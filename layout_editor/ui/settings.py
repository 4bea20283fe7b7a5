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
SAVE_FOLDER = "files/save_folder"   # where the last Save As went
OWNED_BY_PIECE = "generator/by_piece"  # Table > Generate: pieces owned counted per piece code
OWNED_SETS = "generator/sets"       # ... or as a number of sets (kits)
OWNED_PIECES = "generator/pieces"   # ... per piece code: "A1=4;B1=2;..."

KEYS = (LANGUAGE, RECENT_FILES, WINDOW_GEOMETRY, WINDOW_STATE, BASE_MM, SETS_OWNED,
        EXPORT_LAYOUT, EXPORT_PAPER, EXPORT_FOLDER, LAST_GAME, SAVE_FOLDER, OWNED_BY_PIECE, OWNED_SETS,
        OWNED_PIECES)
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


class NotAllowed(ValueError):
    """A stored value that is not one this version allows."""


def _read(key: str, default, check=None):
    """The one way a value comes back from the settings: read, checked by
    `check` (which returns the value as the editor uses it, or raises), and
    the default for anything missing or not allowed. A settings file that is
    stale, hand-edited, or written by an older or newer version never breaks
    a dialog: its wrong values read as the defaults."""
    try:
        value = store().value(key)
    except Exception:  # noqa: BLE001 - a broken file is a default, whatever QSettings raises
        return default
    if value is None:
        return default
    try:
        return value if check is None else check(value)
    except (TypeError, ValueError, OverflowError, KeyError, AttributeError):
        return default


def one_of(allowed):
    """A check: the value must be one of `allowed` (compared as text)."""
    def check(value):
        if not isinstance(value, str) or value not in allowed:
            raise NotAllowed(value)
        return value
    return check


def _int_in(low: int, high: int):
    def check(value):
        if isinstance(value, bool):
            raise NotAllowed(value)
        n = int(value)
        if not low <= n <= high:
            raise NotAllowed(value)
        return n
    return check


def _text_value(value) -> str:
    if not isinstance(value, str):
        raise NotAllowed(value)
    return value


def _bytes(value) -> QByteArray:
    if not isinstance(value, (QByteArray, bytes)) or not len(value):
        raise NotAllowed(value)
    return QByteArray(value)


def _paths(value) -> list[str]:
    if isinstance(value, str):  # QSettings gives a one-item list back as its item
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise NotAllowed(value)
    # The editor stores whole paths; anything else in the list is left out.
    return [v for v in value if isinstance(v, str) and v and Path(v).is_absolute()][:MAX_RECENT]


def _folder(value) -> Path:
    if not isinstance(value, str) or not value:
        raise NotAllowed(value)
    path = Path(value)
    if not path.is_absolute() or not path.is_dir():  # gone since (a removed USB stick): start somewhere that is
        raise NotAllowed(value)
    return path


def _base_mm(value) -> float:
    from ..rules.overlays import BASE_SIZES_MM  # the sizes the Base box offers
    mm = float(value)
    if mm not in BASE_SIZES_MM:
        raise NotAllowed(value)
    return mm


def _layout(value) -> str:
    from ..export import LAYOUTS  # the exporter lists them (the command line too)
    return one_of(LAYOUTS)(value)


def _paper(value) -> str:
    from ..export import PAPERS
    return one_of(PAPERS)(value)


LANGUAGES = ("", "en", "de")  # "" follows the system; i18n.LANGUAGES (imported by none of this)

# What each key allows, in one table: the restart test writes each of these
# and a wrong value for each, and rebuilds the window.
ALLOWED = {
    LANGUAGE: LANGUAGES,
    RECENT_FILES: ([], ["/missions/one.yaml"], ["/m/a.yaml", "/m/b.yaml"]),
    WINDOW_GEOMETRY: (),    # Qt's own bytes; checked by restoreGeometry
    WINDOW_STATE: (),
    BASE_MM: None,          # rules.overlays.BASE_SIZES_MM
    SETS_OWNED: tuple(range(1, MAX_SETS_OWNED + 1)),
    EXPORT_LAYOUT: None,    # export.LAYOUTS
    EXPORT_PAPER: None,     # export.PAPERS
    EXPORT_FOLDER: (),      # any folder that exists
    LAST_GAME: GAMES,
    SAVE_FOLDER: (),        # any folder that exists
    OWNED_BY_PIECE: (True, False),
    OWNED_SETS: (1, 2, 20),  # 1 to MAX_OWNED_SETS
    OWNED_PIECES: ("", "A1=4;B1=2", "A1=0;pillar-left=16"),
}


# -- the interface's language ----------------------------------------------------------------
def language() -> str:
    """The language the player chose in View > Language, or "" (follow the system)."""
    return _read(LANGUAGE, "", one_of(LANGUAGES))


def set_language(code: str) -> None:
    store().setValue(LANGUAGE, code)


# -- recent files ------------------------------------------------------------------------------
def recent_files() -> list[str]:
    """File > Open Recent, newest first."""
    return _read(RECENT_FILES, [], _paths)


def set_recent_files(files: list[str]) -> None:
    store().setValue(RECENT_FILES, [str(f) for f in files][:MAX_RECENT])


# -- the window's layout ---------------------------------------------------------------------
def window_geometry() -> QByteArray | None:
    return _read(WINDOW_GEOMETRY, None, _bytes)


def window_state() -> QByteArray | None:
    return _read(WINDOW_STATE, None, _bytes)


def set_window_layout(geometry: QByteArray, state: QByteArray) -> None:
    s = store()
    s.setValue(WINDOW_GEOMETRY, geometry)
    s.setValue(WINDOW_STATE, state)
    s.sync()


# -- the overlays' base size -------------------------------------------------------------------
def base_mm() -> float | None:
    """The base size (mm) the overlays last measured with (one the Base box
    offers), or None."""
    return _read(BASE_MM, None, _base_mm)


def set_base_mm(mm: float) -> None:
    store().setValue(BASE_MM, float(mm))


# -- terrain sets the player owns --------------------------------------------------------------
def sets_owned() -> int:
    """Table > Terrain Sets I Own (1 to MAX_SETS_OWNED); the library's filter starts there."""
    return _read(SETS_OWNED, 1, _int_in(1, MAX_SETS_OWNED))


def set_sets_owned(n: int) -> None:
    store().setValue(SETS_OWNED, min(max(int(n), 1), MAX_SETS_OWNED))


# -- the export dialog ---------------------------------------------------------------------------
def export_layout(default: str = "card") -> str:
    """The layout of the last export (one the exporter still has)."""
    return _read(EXPORT_LAYOUT, default, _layout)


def export_paper(default: str = "a4") -> str:
    return _read(EXPORT_PAPER, default, _paper)


def export_folder() -> Path:
    """Where the last export went, while that folder exists (the home folder
    at first)."""
    return _read(EXPORT_FOLDER, Path.home(), _folder)


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


# -- where missions are saved --------------------------------------------------------------------
def save_folder() -> Path | None:
    """The folder the last Save As went to, while it exists, or None."""
    return _read(SAVE_FOLDER, None, _folder)


def set_save_folder(folder: str | Path) -> None:
    store().setValue(SAVE_FOLDER, str(folder))


# -- the game of a new mission -------------------------------------------------------------------
def last_game(default: str = GAMES[0]) -> str:
    """The game File > New last started a mission for (`default` before
    the first)."""
    return _read(LAST_GAME, default, one_of(GAMES))


def set_last_game(game: str) -> None:
    if game in GAMES:
        store().setValue(LAST_GAME, game)


# -- the pieces owned, for the layout generator (Table > Generate) --------------------------------
MAX_OWNED_SETS = 20
MAX_OWNED_PIECE = 999


def _flag(value) -> bool:
    # QSettings' INI files give a bool back as text
    if value is True or value is False:
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise NotAllowed(value)


def _owned_pieces(value) -> dict[str, int]:
    # "CODE=N;CODE=N": a part that is not a count (edited by hand) is left out
    out: dict[str, int] = {}
    for part in _text_value(value).split(";"):
        code, _, n = part.partition("=")
        code = code.strip()
        if not code or len(code) > 32:
            continue
        try:
            count = int(n)
        except ValueError:
            continue
        if 0 <= count <= MAX_OWNED_PIECE:
            out[code] = count
    return out


def owned_by_piece() -> bool:
    """True when the player counts the pieces owned per piece code."""
    return _read(OWNED_BY_PIECE, False, _flag)


def owned_sets() -> int:
    """Sets (Kill Team: killzone kits) owned, 1 to MAX_OWNED_SETS."""
    return _read(OWNED_SETS, 1, _int_in(1, MAX_OWNED_SETS))


def owned_pieces() -> dict[str, int]:
    """Pieces owned per code, as last entered ({} before the first)."""
    return _read(OWNED_PIECES, {}, _owned_pieces)


def set_owned(by_piece: bool, sets: int, pieces: dict[str, int]) -> None:
    s = store()
    s.setValue(OWNED_BY_PIECE, bool(by_piece))
    s.setValue(OWNED_SETS, min(max(int(sets), 1), MAX_OWNED_SETS))
    s.setValue(OWNED_PIECES, ";".join(f"{code}={min(max(int(n), 0), MAX_OWNED_PIECE)}"
                                      for code, n in pieces.items()))
