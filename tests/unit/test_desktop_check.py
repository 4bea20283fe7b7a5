"""Starting the editor where it cannot open a window: one clear message and
exit code 2, never Qt's abort (exit 134); a missing X11 library is named with
the one install line that fixes it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from layout_editor import desktop_check as dc

ROOT = Path(__file__).resolve().parents[2]

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f)
"""

DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n'
FEDORA = 'NAME="Fedora Linux"\nID=fedora\n'


def test_ldd_output_names_the_missing_libraries_once():
    assert dc.parse_ldd(LDD) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_one_install_line_for_the_system():
    missing = dc.parse_ldd(LDD)
    assert dc.install_lines(missing, dc.system_family(DEBIAN)) == ["sudo apt-get install libxcb-icccm4 libxcb-keysyms1"]
    assert dc.install_lines(missing, dc.system_family(UBUNTU)) == ["sudo apt-get install libxcb-icccm4 libxcb-keysyms1"]
    assert dc.install_lines(missing, dc.system_family(FEDORA)) == ["sudo dnf install xcb-util-wm xcb-util-keysyms"]
    message = dc.library_problem(missing, "debian")
    assert message.count("install") == 1 and "libxcb-icccm4 libxcb-keysyms1" in message


def test_every_library_has_a_package_named_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lib in ("libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0", "libxkbcommon-x11.so.0"):
        apt, dnf = dc.PACKAGES[lib]
        assert apt in readme and dnf in readme, lib


def test_no_display_is_one_sentence():
    assert dc.display_problem({}) == dc.NO_DISPLAY if sys.platform == "linux" else True
    assert dc.display_problem({"DISPLAY": ":0"}) is None
    assert dc.display_problem({"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert dc.display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def run_cli(*args, env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(env_changes, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "layout_editor", *args], capture_output=True, text=True,
                          env=env, cwd=str(ROOT), timeout=120)


def test_edit_without_a_display_says_so_and_exits_2():
    if sys.platform != "linux":
        return
    done = run_cli("edit", "mission_library/derelict-crossing.yaml", env_changes={})
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.strip() == dc.NO_DISPLAY
    assert "Traceback" not in done.stderr


def test_screenshot_needs_no_display(tmp_path):
    out = tmp_path / "shot.png"
    done = run_cli("edit", "mission_library/derelict-crossing.yaml", "--screenshot", str(out),
                   env_changes={})  # drawn offscreen by itself
    assert done.returncode == 0, done.stderr
    assert out.is_file()


def test_the_command_line_needs_no_display():
    done = run_cli("validate", "mission_library/derelict-crossing.yaml", env_changes={})
    assert done.returncode == 0, done.stderr
