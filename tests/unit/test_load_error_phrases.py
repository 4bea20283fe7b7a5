"""Why a mission file or a share code cannot be used comes as a phrase, so
the editor can say it in the player's language, while str() stays the
English the command line and scripts read."""
from __future__ import annotations

import base64
import pickle
import re
import zlib

import pytest

from layout_editor.io import MissionLoadError, load_mission, loads_mission
from layout_editor.io.share_code import ShareCodeError, decode
from layout_editor.phrases import Phrase, PhrasedError, say

BAD_ROTATION = ("format: boarding-actions-mission\nversion: 1\ntitle: Bad\nboards:\n"
                "  - id: A\n    at: [0, 0]\n    rotation: 45\n")


def SHOUT(template: str) -> str:
    """A made-up language: each template's words in capitals, its fields left
    as they are, so a test sees which words were looked up as templates (the
    parts a sentence names too) and which were filled in (keys of the file,
    values, the parser's words)."""
    return "".join(part if part.startswith("{") else part.upper()
                   for part in re.split(r"(\{[^}]*\})", template))


def test_a_load_error_carries_its_message_as_a_phrase():
    with pytest.raises(MissionLoadError) as info:
        loads_mission(BAD_ROTATION, "m.yaml")
    e = info.value
    assert str(e) == "m.yaml:7:15: board A: rotation must be 0, 90, 180 or 270, not 45"
    assert isinstance(e.phrase, Phrase) and str(e.phrase) == e.message
    assert e.phrase.template == "{what}: rotation must be 0, 90, 180 or 270, not {rotation}"
    # The part the sentence names ("board A") is a phrase too, so it translates.
    assert e.phrase.fields["what"] == Phrase("board {board}", board="A")
    assert say(e.phrase, SHOUT) == "BOARD A: ROTATION MUST BE 0, 90, 180 OR 270, NOT 45"


@pytest.mark.parametrize("text, english, shouted", [
    ("", "the file is empty; a mission file starts with 'format: boarding-actions-mission'",
     "THE FILE IS EMPTY; A MISSION FILE STARTS WITH 'FORMAT: boarding-actions-mission'"),
    ("format: boarding-actions-mission\nversion: 1\ntitle: T\nboard: []\n",
     "unknown key 'board' in the mission; did you mean 'boards'?",
     "UNKNOWN KEY 'board' IN THE MISSION; DID YOU MEAN 'boards'?"),
    ("a: [1\n", "not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence)",
     "NOT VALID YAML: did not find expected ',' or ']' (while parsing a flow sequence)"),
    ("format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - id: A\n    at: [0]\n",
     "board A: at must be a pair [x, y], not 1 value",
     "BOARD A: at MUST BE A PAIR [X, Y], NOT 1 VALUE"),
    ("format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - id: A\n    at: [0, 0]\n"
     "pieces:\n  - code: A1\n    board: C\n",
     "piece 1 (A1): there is no board 'C' (the boards are 'A')",
     "PIECE 1 (A1): THERE IS NO BOARD 'C' (THE BOARDS ARE 'A')"),
])
def test_each_reason_is_said_from_templates(text, english, shouted):
    with pytest.raises(MissionLoadError) as info:
        loads_mission(text, "m.yaml")
    e = info.value
    assert e.message == english and str(e.phrase) == english
    assert say(e.phrase, SHOUT) == shouted


def test_a_missing_file_is_a_phrase_and_a_plain_message_stays_english(tmp_path):
    with pytest.raises(MissionLoadError) as info:
        load_mission(tmp_path / "gone.yaml")
    assert info.value.phrase == Phrase("there is no such file")
    plain = MissionLoadError("f.yaml", 3, 7, "wrong")
    assert plain.message == "wrong" and say(plain.phrase, SHOUT) == "wrong"


def test_a_load_error_pickles_with_its_phrase():
    with pytest.raises(MissionLoadError) as info:
        loads_mission(BAD_ROTATION, "m.yaml")
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == str(info.value)
    assert (again.path, again.line, again.column, again.message) == ("m.yaml", 7, 15, info.value.message)
    assert again.phrase == info.value.phrase


def _code(yaml_text: str) -> str:
    return "BAM1z." + base64.urlsafe_b64encode(zlib.compress(yaml_text.encode(), 9)).rstrip(b"=").decode()


def test_a_share_code_error_is_a_phrased_error():
    with pytest.raises(ShareCodeError) as info:
        decode("hello")
    e = info.value
    assert isinstance(e, PhrasedError) and isinstance(e, ValueError)
    assert str(e) == "this is not a mission share code (it should start with BAM1)" == str(e.phrase)
    assert say(e.phrase, SHOUT) == "THIS IS NOT A MISSION SHARE CODE (IT SHOULD START WITH BAM1)"


def test_a_share_code_with_a_broken_mission_wraps_the_load_errors_phrase():
    with pytest.raises(ShareCodeError) as info:
        decode(_code(BAD_ROTATION))
    e = info.value
    assert str(e) == ("the mission inside cannot be used: <share code>:7:15: "
                      "board A: rotation must be 0, 90, 180 or 270, not 45")
    assert str(e.phrase) == str(e)
    problem = e.phrase.fields["problem"]
    assert problem.template == "{what}: rotation must be 0, 90, 180 or 270, not {rotation}"
    assert say(e.phrase, SHOUT).endswith("BOARD A: ROTATION MUST BE 0, 90, 180 OR 270, NOT 45")
