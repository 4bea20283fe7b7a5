"""The export package keeps to the house rules: no Qt, and the same mission
always prints the same bytes (so exports diff and cache well)."""
from __future__ import annotations

import subprocess
import sys

from layout_editor.export import render
from layout_editor.export.specimen import specimen_mission


def test_export_never_imports_qt():
    code = ("import sys\n"
            "from layout_editor.export import export_file, build_pages, render\n"
            "from layout_editor.export import specimen\n"
            "from layout_editor.io import share_code\n"
            "m = specimen.specimen_mission()\n"
            "for layout in ('card', 'map-png'):\n"
            "    render(m, layout)\n"
            "share_code.decode(share_code.encode(m))\n"
            "bad = [name for name in sys.modules if name.startswith(('PySide6', 'shiboken', 'layout_editor.ui'))]\n"
            "print(bad)\n"
            "sys.exit(1 if bad else 0)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_same_mission_same_pages():
    import io

    from pypdf import PdfReader

    m = specimen_mission()

    def contents(data):
        return [p.get_contents().get_data() for p in PdfReader(io.BytesIO(data)).pages]

    assert contents(render(m, "card")) == contents(render(m, "card"))
    assert render(m, "map-svg") == render(m, "map-svg")


def test_every_font_is_embedded():
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(render(specimen_mission(), "card")))
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts.add(str(font["/BaseFont"]))
            assert "/FontDescriptor" in font and "/FontFile2" in font["/FontDescriptor"].get_object()
    assert fonts and all("DejaVuSans" in f for f in fonts)


def test_specimen_is_a_layout_the_rules_accept():
    """The export tests and benchmark print it: it must be a real layout."""
    from layout_editor.model.parts import sets_needed
    from layout_editor.rules.checks import run_checks

    m = specimen_mission()
    assert [f.message for f in run_checks(m) if f.severity == "error"] == []
    assert m.sets == sets_needed(m) == 1
    codes = {p.code for p in m.pieces}
    assert codes == {"A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2", "pillar-left", "pillar-right", "wall-end"}
    states = {(p.facing, p.open) for p in m.pieces if p.facing}
    assert states == {("left", True), ("left", False), ("right", True), ("right", False)}
