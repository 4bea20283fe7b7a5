"""Every script printed, or a warning: the export names the characters its
fonts cannot print (missing from the font, or right-to-left text it would
print reversed and unjoined) before exporting."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from layout_editor.export.fonts import unprintable, unprintable_warning
from layout_editor.model import two_board_mission
from layout_editor.model.mission import MissionText, Objective

ROOT = Path(__file__).resolve().parents[2]


def test_latin_greek_and_cyrillic_print():
    assert unprintable(["Türöffnung, Ωμέγα, Привет, Ærø — «ok» 1½″"]) == []


def test_cjk_emoji_and_right_to_left_letters_are_named_once_in_order():
    assert unprintable(["扉 扉 🚪", "باب", "דלת"]) == ["扉", "🚪", "ب", "ا", "ד", "ל", "ת"]


def test_invisible_and_space_characters_are_never_named():
    assert unprintable(["a\u200bb\u00a0c\u3000d\u200e"]) == []


def test_the_warning_names_the_characters_of_any_text_an_export_prints():
    m = two_board_mission("Plain")
    assert unprintable_warning(m) is None
    m = replace(m, objectives=(Objective("1", (300.0, 250.0), name="ドア"),),
                mission=MissionText(briefing="اصعدوا"))
    text = str(unprintable_warning(m))
    assert "ド (U+30C9)" in text and "ص (U+0635)" in text and "cannot print 7 different characters" in text


def test_the_command_line_warns_before_exporting_and_still_exports(tmp_path):
    path = tmp_path / "jp.yaml"
    path.write_text("format: boarding-actions-mission\nversion: 1\ntitle: 遺棄船\n"
                    "boards:\n  - {id: A, at: [0, 0]}\n", encoding="utf-8")
    out = tmp_path / "card.pdf"
    done = subprocess.run([sys.executable, "-m", "layout_editor", "export", str(path), "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and out.exists()
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"warning: {path}: the export's fonts cannot print 3 ")
    assert "遺 (U+907A)" in lines[0]
