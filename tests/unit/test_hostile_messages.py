"""Messages a file cannot forge: every value a message or report quotes is
escaped and cut by one helper (shown.py), whatever path it takes (loader,
share codes, command line, analyze's report)."""
import base64
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from layout_editor.io import MissionLoadError, loads_mission
from layout_editor.io.share_code import PREFIX, VERSION, ShareCodeError, decode
from layout_editor.phrases import Listing, Phrase, PhrasedError, say
from layout_editor.shown import MAX_MESSAGE, MAX_SHOWN, escape, quoted, shown

ROOT = Path(__file__).resolve().parents[2]
HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - {id: A, at: [0, 0]}\n"
ESC = "\x1b"
# What a hostile value tries: set the terminal's title, clear the screen,
# then print a line of its own.
FORGERY = ESC + "]0;pwned\x07" + ESC + "[2J\nfile.yaml:1:1: all is well\r"


def refused(text: str) -> MissionLoadError:
    with pytest.raises(MissionLoadError) as info:
        loads_mission(text, "m.yaml")
    return info.value


def clean(line: str) -> bool:
    """One line with no control character in it."""
    return not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in line)


# -- the helper ------------------------------------------------------------------

def test_escape_writes_controls_as_escapes_and_keeps_every_script():
    assert escape("a\nb\rc\td\x1be\x7f") == "a\\nb\\rc\\td\\x1be\\x7f"
    assert escape("\u202eevil\u2028x") == "\\u202eevil\\u2028x"
    assert escape("Türöffnung 扉 باب דלת 🚪") == "Türöffnung 扉 باب דלת 🚪"


def test_shown_cuts_a_long_value_and_says_so():
    assert shown("x" * 10_000) == "x" * (MAX_SHOWN - 1) + "…"
    assert shown("short") == "short"
    assert len(shown("\x1b" * 10_000)) == MAX_SHOWN  # escapes count toward the limit


def test_quoted_is_a_cut_repr():
    assert quoted("A1") == "'A1'"
    assert quoted("a\nb") == "'a\\nb'"
    long = quoted("y" * 1000)
    assert long.startswith("'yyy") and long.endswith("…'") and len(long) <= MAX_SHOWN + 3


def test_a_phrase_escapes_every_text_field_and_cuts_long_ones():
    p = Phrase("{a} and {b!r} and {n}", a="1\n2", b=FORGERY, n=3)
    text = str(p)
    assert clean(text) and "1\\n2" in text and "\\x1b]0;pwned" in text and text.endswith(" and 3")
    assert len(str(Phrase("{v!r}", v="z" * 300_000))) < MAX_SHOWN + 5


def test_a_long_listing_says_the_first_items_and_that_there_are_more():
    text = str(Listing(f"B{n}" for n in range(10_000)))
    assert text.startswith("B0, B1") and text.endswith(", …") and len(text) < 200


def test_a_plain_message_is_one_line():
    e = PhrasedError("line one\nline two" + "!" * 100_000)
    assert clean(str(e)) and len(str(e)) <= MAX_MESSAGE


# -- the loader --------------------------------------------------------------------

def test_a_value_with_a_newline_stays_on_the_messages_line():
    e = refused(HEAD.replace("title: T\n", 'title: T\nplayers: !!int "12\\n34"\n'))
    assert str(e).startswith("m.yaml:4:10: ") and clean(str(e)) and "12\\n34" in str(e)


@pytest.mark.parametrize("where", ["code", "board", "key"])
def test_escape_codes_in_a_file_never_reach_the_message(where):
    value = '"' + FORGERY.replace("\x1b", "\\e").replace("\x07", "\\a").replace("\n", "\\n").replace("\r", "\\r") + '"'
    piece = {"code": f"  - {{code: {value}, board: A, at: [0, 0]}}\n",
             "board": f"  - {{code: A1, board: {value}, from: [0, 0], to: [1, 0]}}\n",
             "key": f"  - {{code: A1, board: A, {value}: 1}}\n"}[where]
    e = refused(HEAD + "pieces:\n" + piece)
    assert clean(str(e)) and clean(say(e.phrase)), str(e)
    assert "\\x1b" in str(e)


def test_a_huge_bad_value_gives_a_short_message():
    e = refused(HEAD + "pieces:\n  - {code: " + "Q" * 300_000 + ", board: A, at: [0, 0]}\n")
    assert len(str(e)) <= MAX_MESSAGE and "300000 characters long" in str(e)
    # A long value within the text limits is quoted cut short.
    e = refused(HEAD + "pieces:\n  - {code: " + "Q" * 450 + ", board: A, at: [0, 0]}\n")
    assert len(str(e)) < 2 * MAX_SHOWN + 200 and "QQQ" in str(e) and "…" in str(e)
    # So is a key, which no text limit covers.
    e = refused(HEAD + "? " + "Q" * 300_000 + "\n: 1\n")
    assert len(str(e)) <= MAX_MESSAGE and "QQQ" in str(e) and "…" in str(e)


def test_a_file_name_with_control_characters_is_escaped():
    with pytest.raises(MissionLoadError) as info:
        loads_mission("", "evil\n" + ESC + "[2J.yaml")
    assert clean(str(info.value)) and str(info.value).startswith("evil\\n\\x1b[2J.yaml:1:1:")


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_line_numbers_are_right_for_every_line_ending(newline):
    text = HEAD + "pieces:\n  - {code: ZZ, board: A, at: [0, 0]}\n"
    e = refused(text.replace("\n", newline))
    assert (e.line, e.column) == (7, 12)


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_a_bad_character_is_placed_right_for_every_line_ending(newline):
    e = refused((HEAD + "x-note: a\x01b\n").replace("\n", newline))
    assert (e.line, e.column) == (6, 10)


def test_a_bad_byte_is_placed_right_in_a_cr_only_file():
    with pytest.raises(MissionLoadError) as info:
        loads_mission((HEAD + "x-note: ab").replace("\n", "\r").encode() + b"\xff\r", "m.yaml")
    assert (info.value.line, info.value.column) == (6, 11)


# -- share codes -------------------------------------------------------------------------

def _code(text: str) -> str:
    data = base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")
    return f"{PREFIX}{VERSION}z.{data}"


def test_a_share_code_cannot_forge_its_error():
    bad = HEAD + 'pieces:\n  - {code: "' + "\\e]0;x\\a\\n" * 50_000 + '", board: A, at: [0, 0]}\n'
    with pytest.raises(ShareCodeError) as info:
        decode(_code(bad))
    assert clean(str(info.value)) and len(str(info.value)) <= MAX_MESSAGE
    assert "<share code>:7:" in str(info.value)


# -- the command line ----------------------------------------------------------------------

def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "layout_editor", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=120)


def test_analyze_prints_titles_and_objective_ids_escaped(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text(
        'format: boarding-actions-mission\nversion: 1\ntitle: "Fine\\e[2J\\nfake.yaml:1:1: all is well"\n'
        "boards:\n  - {id: A, at: [0, 0]}\n"
        "entry_zones:\n  - {player: 1, board: A, cells: [[0, 0]]}\n  - {player: 2, board: A, cells: [[5, 3]]}\n"
        'objectives:\n  - {id: "o\\e]0;t\\a\\n1", at: [100, 100]}\n', encoding="utf-8")
    done = run("analyze", str(path))
    assert done.returncode == 0, done.stderr
    assert ESC not in done.stdout and "\x07" not in done.stdout
    assert "fake.yaml:1:1" not in [line[:13] for line in done.stdout.splitlines()]
    assert done.stdout.splitlines()[0] == "Fine\\x1b[2J\\nfake.yaml:1:1: all is well"
    assert "o\\x1b]0;t\\x07\\n1" in done.stdout


@pytest.mark.parametrize("args", [
    ("analyze", "mission_library/derelict-crossing.yaml", "--base", "nan"),
    ("analyze", "mission_library/derelict-crossing.yaml", "--base", "inf"),
    ("analyze", "mission_library/derelict-crossing.yaml", "--base", "-1"),
    ("measure", "mission_library/derelict-crossing.yaml", "0", "0", "nan", "10"),
    ("measure", "mission_library/derelict-crossing.yaml", "0", "0", "1e300", "10"),
    ("sight", "mission_library/derelict-crossing.yaml", "0", "0", "32", "100", "100", "inf"),
    ("analyze", "mission_library/derelict-crossing.yaml", "--base", "x\x1b[2J"),
])
def test_bad_numbers_on_the_command_line_are_one_line_and_exit_2(args):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and clean(lines[0]) and "Traceback" not in done.stderr, done.stderr


def test_validate_escapes_what_it_prints(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(HEAD + 'pieces:\n  - {code: "Q\\e[2J\\n", board: A, at: [0, 0]}\n', encoding="utf-8")
    done = run("validate", str(path))
    assert done.returncode == 2 and len(done.stdout.splitlines()) == 1 and clean(done.stdout.rstrip("\n"))
