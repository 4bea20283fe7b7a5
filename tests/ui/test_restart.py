"""The next run (issue 24): every setting the editor stores, written with
each value it allows and with wrong ones (a stale or hand-edited settings
file, one from an older or newer version), then the window built anew and
every dialog that reads a setting opened. Nothing fails; a wrong value reads
as its default.

A key added to settings.KEYS without a getter and values here fails
`test_every_stored_key_is_tried`."""
from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from layout_editor.export import LAYOUTS, PAPERS
from layout_editor.io import load_mission
from layout_editor.rules.overlays import BASE_SIZES_MM
from layout_editor.ui import settings

pytestmark = [pytest.mark.qt, pytest.mark.timeout(300, method="thread")]

MISSION = Path(__file__).resolve().parents[2] / "mission_library" / "derelict-crossing.yaml"

# key -> (getter, default)
GETTERS = {
    settings.LANGUAGE: (settings.language, ""),
    settings.RECENT_FILES: (settings.recent_files, []),
    settings.WINDOW_GEOMETRY: (settings.window_geometry, None),
    settings.WINDOW_STATE: (settings.window_state, None),
    settings.BASE_MM: (settings.base_mm, None),
    settings.SETS_OWNED: (settings.sets_owned, 1),
    settings.EXPORT_LAYOUT: (settings.export_layout, "card"),
    settings.EXPORT_PAPER: (settings.export_paper, "a4"),
    settings.EXPORT_FOLDER: (settings.export_folder, Path.home()),
    settings.LAST_GAME: (settings.last_game, "boarding-actions"),
    settings.SAVE_FOLDER: (settings.save_folder, None),
    settings.OWNED_BY_PIECE: (settings.owned_by_piece, False),
    settings.OWNED_SETS: (settings.owned_sets, 1),
    settings.OWNED_PIECES: (settings.owned_pieces, {}),
}

# What a wrong file may hold: another type, nonsense, a value of a newer version.
WRONG = ["nonsense", 12345, ["a", 3], "", -1, "poster", "../../etc", "1e999"]


def allowed(key, tmp_path, layout_bytes):
    """The values the editor itself writes for `key`."""
    if key == settings.BASE_MM:
        return list(BASE_SIZES_MM)
    if key == settings.EXPORT_LAYOUT:
        return list(LAYOUTS)
    if key == settings.EXPORT_PAPER:
        return list(PAPERS)
    if key in (settings.EXPORT_FOLDER, settings.SAVE_FOLDER):
        return [str(tmp_path)]
    if key == settings.WINDOW_GEOMETRY:
        return [layout_bytes[0]]
    if key == settings.WINDOW_STATE:
        return [layout_bytes[1]]
    return list(settings.ALLOWED[key])


def open_everything(qtbot, tmp_path, monkeypatch):
    """The window built anew, and every dialog that reads a setting opened."""
    from layout_editor.ui.export_dialog import ExportDialog
    from layout_editor.ui.generate_dialog import GenerateDialog
    from layout_editor.ui.new_dialog import NewMissionDialog
    from layout_editor.ui.pack_dialog import PackDialog

    w = make_window(qtbot, tmp_path, monkeypatch, load_mission(MISSION))
    QApplication.processEvents()  # the remembered layout is restored
    d = ExportDialog(w.document.mission, None, w)
    assert d.layout_key in LAYOUTS and d.paper in PAPERS and d.page_count() >= 1
    d.close()
    n = NewMissionDialog(w, current=w.document.mission.game)
    assert n.chosen() in ("boarding-actions", "kill-team")
    n.close()
    p = PackDialog([], w)
    p.close()
    g = GenerateDialog(w)
    g.close()
    w.library.open()
    w.library.dialog.reject()
    w.files.recent_menu.aboutToShow.emit()
    w.close()


def write(ini, values: dict) -> None:
    raw = QSettings(str(ini), QSettings.IniFormat)
    raw.clear()
    for key, value in values.items():
        raw.setValue(key, value)
    raw.sync()


def test_every_stored_key_is_tried():
    assert set(GETTERS) == set(settings.KEYS) == set(settings.ALLOWED)


def test_each_allowed_value_and_wrong_ones_survive_a_restart(qtbot, tmp_path, monkeypatch, settings_file):
    # A real layout, as the editor saves it on closing.
    w = make_window(qtbot, tmp_path, monkeypatch)
    layout_bytes = (w.saveGeometry(), w.saveState())
    w.close()
    values = {key: allowed(key, tmp_path, layout_bytes) for key in settings.KEYS}
    # Round k writes every key's k-th allowed value (or its last): each value once.
    for k in range(max(len(v) for v in values.values())):
        chosen = {key: v[min(k, len(v) - 1)] for key, v in values.items() if v}
        write(settings_file, chosen)
        for key, value in chosen.items():
            getter, default = GETTERS[key]
            got = getter()
            if key == settings.RECENT_FILES:
                assert got == list(value)
            elif key in (settings.EXPORT_FOLDER, settings.SAVE_FOLDER):
                assert got == Path(value)
            elif key in (settings.WINDOW_GEOMETRY, settings.WINDOW_STATE):
                assert got is not None
            elif key == settings.BASE_MM:
                assert got == float(value)
            elif key == settings.OWNED_PIECES:
                assert got == {c: int(n) for c, _, n in (part.partition("=") for part in value.split(";") if part)}
            else:
                assert got == value, key
        open_everything(qtbot, tmp_path, monkeypatch)
    # Wrong values, every key at once, one kind of wrong per round.
    for wrong in WRONG:
        write(settings_file, {key: wrong for key in settings.KEYS})
        for key, (getter, default) in GETTERS.items():
            got = getter()
            if key == settings.SETS_OWNED and wrong == 12345:
                assert got == default
            elif key == settings.LANGUAGE and wrong == "":
                assert got == ""
            else:
                assert got == default, (key, wrong, got)
        open_everything(qtbot, tmp_path, monkeypatch)
