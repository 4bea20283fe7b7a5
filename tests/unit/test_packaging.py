"""The bundle's build files (issue 31) hold together without building a
bundle (that takes minutes: scripts/bundle and the release workflow do it):
every file the spec, scripts/bundle and the workflow name exists, the
workflow builds on the three platforms and runs the smoke test, and the
pieces with behaviour of their own (the Linux desktop entry's installer,
the smoke test's helpers, where the frozen program keeps numba's cache)
do what they say."""
from __future__ import annotations

import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_scripts_bundle_names_files_that_exist():
    script = _text(ROOT / "scripts" / "bundle")
    named = set(re.findall(r"(?:packaging|resources|docs)/[\w./-]+\.(?:spec|py|sh|txt|iss|desktop|png|svg|md)",
                           script))
    assert "packaging/layout-editor.spec" in named and "packaging/smoke_test.py" in named
    for rel in sorted(named):
        assert (ROOT / rel).is_file(), rel


def test_spec_names_files_that_exist():
    spec = _text(PACKAGING / "layout-editor.spec")
    for name in re.findall(r'HERE / "([\w.-]+)"', spec):
        assert (PACKAGING / name).is_file(), name
    # the data it takes from the installed package: what setup.py copies there
    assert (ROOT / "resources" / "catalogue").is_dir() and (ROOT / "resources" / "icons" / "layout-editor.png").is_file()
    assert list((ROOT / "layout_editor" / "rules").glob("_compiled*.py")), "numba's kernels kept as files"


def test_windows_installer_names_the_programs_the_spec_makes():
    iss = _text(PACKAGING / "windows" / "layout-editor.iss")
    spec = _text(PACKAGING / "layout-editor.spec")
    assert '#define AppExe "layout-editor-gui.exe"' in iss and 'name="layout-editor-gui"' in spec
    licence = iss.split("LicenseFile=")[1].splitlines()[0].replace("\\", "/")
    assert (PACKAGING / "windows" / licence).resolve() == ROOT / "LICENSE"
    assert r"Software\Classes\.yaml\OpenWithProgids" in iss  # the .yaml association
    assert "{autoprograms}" in iss  # the Start-menu entry


def test_release_workflow_builds_three_platforms_and_runs_the_smoke_test():
    flow = yaml.safe_load(_text(WORKFLOW))
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as True
    assert on["push"]["tags"] == ["v*"]
    job = flow["jobs"]["bundle"]
    platforms = {row["platform"]: row["os"] for row in job["strategy"]["matrix"]["include"]}
    assert set(platforms) == {"windows", "macos", "linux"}
    assert platforms["windows"].startswith("windows") and platforms["macos"].startswith("macos")
    assert platforms["linux"].startswith("ubuntu")
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "bash scripts/bundle" in runs
    assert "python packaging/smoke_test.py" in runs
    release = flow["jobs"]["release"]
    assert release["needs"] == "bundle"
    assert "SHA256SUMS.txt" in "\n".join(step.get("run", "") for step in release["steps"])


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("sh"), reason="a POSIX shell script")
def test_desktop_entry_installer_adds_and_removes_the_entry(tmp_path):
    folder = tmp_path / "my games" / "a $dollar"  # spaces and a $ in the folder's name
    folder.mkdir(parents=True)
    # laid out as scripts/bundle lays out the tarball
    shutil.copy2(PACKAGING / "linux" / "install-desktop-entry.sh", folder)
    (folder / "desktop").mkdir()
    for src in (ROOT / "resources" / "layout-editor.desktop", ROOT / "resources" / "icons" / "layout-editor.png",
                ROOT / "resources" / "icons" / "layout-editor.svg"):
        shutil.copy2(src, folder / "desktop" / src.name)
    data = tmp_path / "data"
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(data))
    done = subprocess.run(["sh", str(folder / "install-desktop-entry.sh")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    entry = (data / "applications" / "layout-editor.desktop").read_text(encoding="utf-8")
    exec_lines = [line for line in entry.splitlines() if line.startswith("Exec=")]
    # The desktop entry spec: quoted, `$` escaped as \$ inside the quotes,
    # that backslash doubled by the string's own escaping.
    assert exec_lines == [f'Exec="{tmp_path}/my games/a \\\\$dollar/layout-editor" edit %f']
    assert "MimeType=application/x-yaml;text/yaml;" in entry
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "layout-editor.png").is_file()

    done = subprocess.run(["sh", str(folder / "install-desktop-entry.sh"), "--remove"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not (data / "applications" / "layout-editor.desktop").exists()
    assert not (data / "icons" / "hicolor" / "256x256" / "apps" / "layout-editor.png").exists()
    assert (folder / "desktop" / "layout-editor.desktop").is_file()  # the folder itself is the player's to delete


def test_smoke_test_helpers(tmp_path):
    smoke = runpy.run_path(str(PACKAGING / "smoke_test.py"))
    png = tmp_path / "a.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (1600).to_bytes(4, "big")
                    + (1000).to_bytes(4, "big") + b"\x08\x06\x00\x00\x00")
    assert smoke["png_size"](png) == (1600, 1000)
    png.write_bytes(b"GIF89a" + b"\x00" * 30)
    assert smoke["png_size"](png) is None
    env = smoke["clean_env"](tmp_path / "home")
    for name in ("python", "python3", "py"):
        assert shutil.which(name, path=env["PATH"]) is None
    assert not any(k.startswith(("PYTHON", "VIRTUAL_ENV")) for k in env)
    assert env["HOME"] == str(tmp_path / "home")


def test_frozen_numba_cache_is_in_the_platforms_cache_folder(tmp_path, monkeypatch):
    """The run-time hook puts numba's cache where Qt's CacheLocation is for
    the editor's organisation and application names."""
    from PySide6.QtCore import QCoreApplication, QStandardPaths

    from layout_editor.ui.app import APPLICATION, ORGANIZATION

    monkeypatch.setenv("NUMBA_CACHE_DIR", "")  # unset for the hook; restored after
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    hook = runpy.run_path(str(PACKAGING / "rthook_numba_cache.py"))
    assert (hook["ORGANIZATION"], hook["APPLICATION"]) == (ORGANIZATION, APPLICATION)
    assert os.environ["NUMBA_CACHE_DIR"].startswith(str(hook["_cache_root"]()))
    before = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    try:
        QCoreApplication.setOrganizationName(ORGANIZATION)
        QCoreApplication.setApplicationName(APPLICATION)
        qt = QStandardPaths.writableLocation(QStandardPaths.CacheLocation)
    finally:
        QCoreApplication.setOrganizationName(before[0])
        QCoreApplication.setApplicationName(before[1])
    assert Path(qt) == hook["_cache_root"]()
