"""The editor's house: the settings module (every remembered key, typed), the
tool manager (one active tool, switching, events handed to it) and the
services tools and panels get instead of the window."""
from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import make_window
from PySide6.QtCore import QSettings

from layout_editor.ui import settings
from layout_editor.ui.services import EditorServices
from layout_editor.ui.tools.base import Tool
from layout_editor.ui.tools.manager import ToolManager

pytestmark = pytest.mark.qt


# -- settings ------------------------------------------------------------------------------------
def test_every_key_reads_back_what_was_written_as_its_type(settings_file, tmp_path):
    assert settings.language() == ""
    settings.set_language("de")
    assert settings.language() == "de"
    assert settings.recent_files() == []
    settings.set_recent_files([f"/m/{n}.yaml" for n in range(12)])
    assert settings.recent_files() == [f"/m/{n}.yaml" for n in range(settings.MAX_RECENT)]
    settings.set_recent_files(["/m/only.yaml"])
    assert settings.recent_files() == ["/m/only.yaml"]  # one file is still a list
    assert settings.base_mm() is None
    settings.set_base_mm(40)
    assert settings.base_mm() == 40.0
    assert settings.sets_owned() == 1
    settings.set_sets_owned(9)
    assert settings.sets_owned() == settings.MAX_SETS_OWNED
    assert (settings.export_layout(), settings.export_paper(), settings.export_folder()) == \
        ("card", "a4", Path.home())
    settings.set_export("setup", "letter", tmp_path)
    assert (settings.export_layout(), settings.export_paper(), settings.export_folder()) == \
        ("setup", "letter", tmp_path)
    assert settings.window_geometry() is None and settings.window_state() is None
    # All of it in the test's own file, under the keys the editor has always used.
    raw = QSettings(str(settings_file), QSettings.IniFormat)
    assert raw.value(settings.LANGUAGE) == "de" and raw.value(settings.SETS_OWNED) in (4, "4")
    assert set(raw.allKeys()) <= set(settings.KEYS)


def test_nonsense_in_the_file_reads_as_the_default(settings_file):
    raw = QSettings(str(settings_file), QSettings.IniFormat)
    raw.setValue(settings.SETS_OWNED, "lots")
    raw.setValue(settings.BASE_MM, "wide")
    raw.sync()
    assert settings.sets_owned() == 1
    assert settings.base_mm() is None


def test_a_file_given_on_purpose_is_remembered_in(settings_file):
    assert settings.remembering()
    assert settings.store().fileName() == str(settings_file)


# -- the tool manager ----------------------------------------------------------------------------
class Recording(Tool):
    def __init__(self, name, log):
        super().__init__(None)
        self.name = name
        self.log = log
        self.drag = False

    def activate(self):
        self.log.append(("activate", self.name))

    def deactivate(self):
        self.log.append(("deactivate", self.name))

    def mouse_press(self, ev):
        self.log.append(("press", self.name))
        return True

    def action(self, name):
        return name == "turn"

    def dragging(self):
        return self.drag


def test_one_tool_is_active_and_gets_the_events(qapp):
    log = []
    tools = ToolManager()
    a, b = tools.register(Recording("A", log)), tools.register(Recording("B", log))
    switched = []
    tools.switched.connect(lambda tool, changed: switched.append((tool.name, changed)))
    assert tools.active is None and not tools.mouse_press(None) and not tools.dragging()
    tools.select("A")
    tools.select("B")
    tools.select("B")
    assert log == [("activate", "A"), ("deactivate", "A"), ("activate", "B")]
    assert switched == [("A", True), ("B", True), ("B", False)]
    assert tools.active is b and a.parent() is tools
    assert tools.mouse_press(None) and log[-1] == ("press", "B")
    assert tools.action("turn") and not tools.action("flip")
    b.drag = True
    assert tools.dragging()
    with pytest.raises(ValueError):
        tools.register(Recording("A", log))


def test_tools_and_panels_reach_the_editor_through_its_services(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, monkeypatch)
    s = w.services
    assert isinstance(s, EditorServices)
    assert (s.document, s.scene, s.view, s.catalogue, s.tools, s.worker) == \
        (w.document, w.scene, w.view, w.catalogue, w.tool_manager, w.worker)
    assert s.settings is settings
    for tool in w.tools.values():
        assert tool.services is s
    assert w.palette.services is s and w.mission_panel.services is s
    # A tool switching tools is the toolbar switching them: the button follows.
    w.tools["Boards"].services.tools.select("Boards")
    assert w.active_tool.name == "Boards" and w.tool_actions["Boards"].isChecked()
    w.tools["Boards"].action("escape")
    assert w.active_tool.name == "Select" and w.tool_actions["Select"].isChecked()
