"""Can the editor open a window here? Checked before Qt starts, because Qt
itself cannot say it well: with no display it aborts (exit 134), and when a
system library its X11 (xcb) platform plugin needs is missing it names a
package that is often already installed.

Two checks, no Qt imported (PySide6's package is only located):

- a display: DISPLAY (X11) or WAYLAND_DISPLAY must be set;
- the xcb plugin's libraries: `ldd` on PySide6's `libqxcb.so` lists the
  ones the system lacks; each is mapped to its Debian/Ubuntu and Fedora
  package, and the one install line for this system is printed.

`scripts/run` runs this before it starts the editor, and `layout-editor
edit` runs it too (not for --screenshot, which draws offscreen). Exit code 2
with one message when the editor cannot start; 0 otherwise.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# The system libraries PySide6's xcb plugin loads, by file name: the package
# that holds each on Debian/Ubuntu (apt) and on Fedora (dnf). README.md lists
# the same packages.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libXau.so.6": ("libxau6", "libXau"),
    "libXdmcp.so.6": ("libxdmcp6", "libXdmcp"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
}

NO_DISPLAY = ("The editor needs a graphical desktop, and there is none here (neither DISPLAY nor "
              "WAYLAND_DISPLAY is set); start it from a desktop session, or use the command line, "
              "which needs none: layout-editor validate, analyze, measure, sight, export "
              "(bash scripts/run analyze FILE).")


def display_problem(environ=None) -> str | None:
    """One sentence when there is no display to open a window on."""
    env = os.environ if environ is None else environ
    if env.get("QT_QPA_PLATFORM", "").split(":")[0] in ("offscreen", "minimal", "vnc", "eglfs", "linuxfb"):
        return None  # a platform that needs no desktop, chosen on purpose
    if sys.platform != "linux" and not sys.platform.startswith(("freebsd", "openbsd")):
        return None  # Windows and macOS always have their own
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def xcb_plugin() -> Path | None:
    """PySide6's X11 platform plugin, found without importing Qt."""
    import importlib.util
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def missing_libraries(plugin: Path | None = None) -> list[str]:
    """The libraries `ldd` cannot find for the xcb plugin (file names)."""
    plugin = plugin or xcb_plugin()
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ldd(out)


def parse_ldd(text: str) -> list[str]:
    missing = []
    for line in text.splitlines():
        m = re.match(r"\s*(\S+)\s*=>\s*not found", line)
        if m and m.group(1) not in missing:
            missing.append(m.group(1))
    return missing


def system_family(os_release: str | None = None) -> str | None:
    """'debian' (Debian, Ubuntu, Mint...), 'fedora' (Fedora, RHEL...) or None."""
    if os_release is None:
        try:
            os_release = Path("/etc/os-release").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    fields = {}
    for line in os_release.splitlines():
        key, _, value = line.partition("=")
        fields[key.strip()] = value.strip().strip('"').lower()
    words = (fields.get("ID", "") + " " + fields.get("ID_LIKE", "")).split()
    if any(w in ("debian", "ubuntu") for w in words):
        return "debian"
    if any(w in ("fedora", "rhel", "centos") for w in words):
        return "fedora"
    return None


def install_lines(missing: list[str], family: str | None) -> list[str]:
    """The command that installs the packages holding the missing libraries:
    one line for this system, or one per family when it is not known."""
    def packages(index: int) -> list[str]:
        found = []
        for lib in missing:
            pkg = PACKAGES.get(lib, (None, None))[index]
            if pkg and pkg not in found:
                found.append(pkg)
        return found
    apt = packages(0)
    dnf = packages(1)
    lines = []
    if family in (None, "debian") and apt:
        lines.append("sudo apt-get install " + " ".join(apt))
    if family in (None, "fedora") and dnf:
        lines.append("sudo dnf install " + " ".join(dnf))
    return lines


def library_problem(missing: list[str] | None = None, family: str | None = "detect") -> str | None:
    """The message when the xcb plugin lacks system libraries, or None."""
    missing = missing_libraries() if missing is None else missing
    if not missing:
        return None
    if family == "detect":
        family = system_family()
    lines = install_lines(missing, family)
    text = ("The editor cannot open a window: Qt's X11 plugin needs system libraries that are "
            f"missing ({', '.join(missing)}).")
    if len(lines) == 1:
        return f"{text} Install them with:\n\n    {lines[0]}\n"
    if lines:
        return text + " Install them with the line for your system:\n\n" + \
            "".join(f"    {line}\n" for line in lines)
    return text + " Install the packages of your system that hold them."


def editor_problem(environ=None) -> str | None:
    """Why the editor cannot start here, or None."""
    env = os.environ if environ is None else environ
    problem = display_problem(env)
    if problem:
        return problem
    platform = env.get("QT_QPA_PLATFORM", "")
    uses_xcb = platform.startswith("xcb") or (not platform and env.get("DISPLAY") and sys.platform == "linux"
                                              and not env.get("WAYLAND_DISPLAY"))
    if uses_xcb:
        return library_problem()
    return None


def main(argv: list[str] | None = None) -> int:
    """`python -m layout_editor.desktop_check [layout-editor edit arguments]`:
    exit 2 with the reason when the editor cannot start, else 0."""
    argv = sys.argv[1:] if argv is None else argv
    if "--screenshot" in argv or any(a.startswith("--screenshot=") for a in argv):
        return 0  # drawn offscreen: no desktop needed
    problem = editor_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
