"""The import contracts of pyproject.toml ([tool.importlinter]) hold for the
code, and they catch what they promise to: a scratch copy of the package
with one forbidden import each fails `lint-imports` and names the chain."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (pip install -e '.[test]')")


def lint(package_root: Path) -> subprocess.CompletedProcess:
    """lint-imports with the project's contracts over the package found in package_root."""
    # the package from package_root; our own contract types (scripts/) from the project
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(package_root), str(ROOT)])}
    return subprocess.run([str(LINT), str(ROOT / "pyproject.toml"), "--no-cache"],
                          cwd=package_root, env=env, capture_output=True, text=True, timeout=120)


def scratch_copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "layout_editor", tmp_path / "layout_editor",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return tmp_path


def add_line(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_the_code_keeps_every_contract():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_qt_in_the_model_a_rule_reading_files_and_a_cycle_in_the_editor_are_caught(tmp_path):
    root = scratch_copy(tmp_path)
    pkg = root / "layout_editor"
    add_line(pkg / "model" / "mission.py", "import PySide6.QtCore")
    add_line(pkg / "rules" / "reach.py", "from ..io import reader")
    # The view importing the main window, which imports the view: a circle.
    add_line(pkg / "ui" / "view.py", "from . import main_window")
    # The map's view importing the map inside a function: a circle all the same.
    add_line(pkg / "export" / "mapview.py", "def _late():\n    from .mapdraw import draw_map")
    result = lint(root)
    out = result.stdout + result.stderr
    assert result.returncode != 0
    # the two circles break the one import-circles contract
    assert "3 broken" in out
    assert "layout_editor.export: modules in a circle" in out
    assert "layout_editor.export.mapview:" in out and "from .mapdraw import draw_map" in out
    assert "layout_editor.model.mission -> PySide6" in out
    assert "layout_editor.rules.reach -> layout_editor.io.reader" in out
    assert "layout_editor.ui: modules in a circle" in out
    assert "layout_editor.ui.view -> layout_editor.ui.main_window" in out


def test_the_scene_importing_its_tool_manager_back_is_caught_even_under_type_checking(tmp_path):
    """issue 26: the scene built its own ToolManager, which (through the
    tools and their services) imports the scene: a circle closed only under
    TYPE_CHECKING is a circle all the same."""
    root = scratch_copy(tmp_path)
    pkg = root / "layout_editor"
    add_line(pkg / "ui" / "scene.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                      "    from .tools.manager import ToolManager")
    result = lint(root)
    out = result.stdout + result.stderr
    assert result.returncode != 0 and "1 broken" in out
    assert "layout_editor.ui: modules in a circle" in out
    assert "layout_editor.ui.scene -> layout_editor.ui.tools.manager" in out
