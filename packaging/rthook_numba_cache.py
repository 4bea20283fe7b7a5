"""PyInstaller runtime hook: where numba keeps the machine code of the
rules core's kernels (layout_editor/rules/_compiled*.py) in the bundle.

Frozen, numba stamps its cache with the running executable (not the
source file), and the bundle holds two executables (layout-editor and
layout-editor-gui): sharing one cache folder they would throw each other's
code away at every switch. So each keeps its own, in the platform's cache
folder for this program (the folder Qt's QStandardPaths.CacheLocation
names for organisation "layout-editor", application "Boarding Actions
Layout Editor"), never inside the bundle (read-only in Program Files or a
signed .app). A cache numba cannot write makes it compile at every start;
a numba that cannot compile at all leaves the rules core on its numpy way
(rules/segments.py), with the same answers.

NUMBA_CACHE_DIR set by the user wins.
"""
import os
import sys
from pathlib import Path

ORGANIZATION = "layout-editor"
APPLICATION = "Boarding Actions Layout Editor"


def _cache_root() -> Path:
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(base) / ORGANIZATION / APPLICATION / "cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / ORGANIZATION / APPLICATION
    base = os.environ.get("XDG_CACHE_HOME") or str(home / ".cache")
    return Path(base) / ORGANIZATION / APPLICATION


if not os.environ.get("NUMBA_CACHE_DIR"):
    exe = Path(sys.executable).stem or "layout-editor"
    os.environ["NUMBA_CACHE_DIR"] = str(_cache_root() / "numba" / exe)
