"""Packaging glue that pyproject.toml cannot express: the wheel carries the
repository's top-level resources/ and mission_library/ folders inside the
package (layout_editor/resources, layout_editor/mission_library), so an
installed program finds its catalogue and missions without the checkout;
Qt translation sources are compiled to .qm on the way (pyside6-lrelease,
from PySide6-Essentials in the build requirements); and the desktop entry
and icons go to share/ (seen by the desktop after `pip install --user .`).

Everything else about the project lives in pyproject.toml.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CARRIED = ("resources", "mission_library")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


def _lrelease() -> list[str] | None:
    """The lrelease inside PySide6-Essentials (a build requirement), or one
    on PATH."""
    try:
        import PySide6
        exe = Path(PySide6.__file__).resolve().parent / ("lrelease.exe" if sys.platform == "win32" else "lrelease")
        if exe.exists():
            return [str(exe)]
    except ImportError:
        pass
    exe = shutil.which("pyside6-lrelease") or shutil.which("lrelease")
    return [exe] if exe else None


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders directly
        target = Path(self.build_lib) / "layout_editor"
        for name in CARRIED:
            src = HERE / name
            if src.is_dir():
                shutil.copytree(src, target / name, dirs_exist_ok=True, ignore=SKIP)
        self._compile_translations(target / "resources" / "translations")

    def _compile_translations(self, folder: Path) -> None:
        sources = sorted(folder.glob("*.ts")) if folder.is_dir() else []
        if not sources:
            return
        tool = _lrelease()
        if tool is None:
            # The program never compiles them itself: without the .qm it
            # would speak English only.
            raise SystemExit("pyside6-lrelease not found: install PySide6-Essentials in the build environment")
        for ts in sources:
            subprocess.run([*tool, "-silent", str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True,
                           stdout=subprocess.DEVNULL)


setup(
    cmdclass={"build_py": build_py_with_data},
    data_files=[
        ("share/applications", ["resources/layout-editor.desktop"]),
        ("share/icons/hicolor/scalable/apps", ["resources/icons/layout-editor.svg"]),
        ("share/icons/hicolor/256x256/apps", ["resources/icons/layout-editor.png"]),
    ],
)
