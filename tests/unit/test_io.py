"""Mission files: loading what mission-format.md allows, and one clear
FILE:LINE:COL message for every way a file can be unusable."""
import datetime
import textwrap

import pytest

from layout_editor.io import MissionLoadError, dumps_mission, load_mission, loads_mission
from layout_editor.model import (
    Board,
    EntryZone,
    Mission,
    MissionText,
    Objective,
    ObjectiveSpacing,
    Piece,
    Region,
    Section,
)

BASE = textwrap.dedent("""\
    format: boarding-actions-mission
    version: 1
    title: Test
    players: 2
    boards:
      - id: A
        kind: boarding-actions
        at: [0, 0]
        rotation: 0
      - id: B
        kind: boarding-actions
        at: [704, 0]
        rotation: 0
    pieces:
      - code: A3
        board: A
        from: [2, 1]
        to: [2, 3]
        facing: left
        open: true
      - code: pillar-left
        board: A
        at: [2, 1]
        turned: true
      - code: wall-end
        board: A
        at: [2, 3]
        caps: [2, 2]
    objectives:
      - id: "1"
        at: [300.0, 255.5]
    entry_zones:
      - player: 1
        board: A
        cells: [[0, 0], [0, 1]]
    regions:
      - name: Airlock
        board: B
        cells: [[6, 2]]
    mission:
      briefing: Go.
      battle_rounds: 5
    """)


def line_of(text: str, fragment: str) -> int:
    for n, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            return n
    raise AssertionError(f"{fragment!r} not in the text")


def fail(text: str, source="m.yaml") -> MissionLoadError:
    with pytest.raises(MissionLoadError) as info:
        loads_mission(text, source)
    return info.value


def edit(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


# -- what loads ---------------------------------------------------------------------

def test_base_file_loads_with_its_values():
    m = loads_mission(BASE)
    assert m.title == "Test" and m.players == 2 and m.sets == 1
    assert [b.id for b in m.boards] == ["A", "B"]
    assert m.boards[1].at == (704.0, 0.0)
    hatch, pillar, end = m.pieces
    assert (hatch.from_node, hatch.to_node, hatch.facing, hatch.open) == ((2, 1), (2, 3), "left", True)
    assert pillar.at == (2, 1) and pillar.turned is True
    assert end.caps == (2, 2)
    assert m.objectives == (Objective(id="1", at=(300.0, 255.5)),)
    assert m.entry_zones[0].cells == ((0, 0), (0, 1))
    assert m.regions[0] == Region(name="Airlock", board="B", cells=((6, 2),))
    assert m.mission.briefing == "Go." and m.mission.battle_rounds == 5


def test_hatchway_defaults_are_materialised():
    m = loads_mission(edit("    facing: left\n    open: true\n", ""))
    assert (m.pieces[0].facing, m.pieces[0].open) == ("right", False)
    assert loads_mission(dumps_mission(m)) == m


def test_defaults_of_optional_keys():
    m = loads_mission(edit("players: 2\n", "").replace("    rotation: 0\n", "").replace(
        "    kind: boarding-actions\n", ""))
    assert m.players == 2 and m.sets == 1
    assert all(b.rotation == 0 and b.kind == "boarding-actions" for b in m.boards)
    assert m.author is None and m.language is None


def test_ids_written_as_numbers_are_text():
    m = loads_mission(edit('  - id: "1"', "  - id: 1"))
    assert m.objectives[0].id == "1"


def test_empty_lists_may_be_written_as_nothing():
    text = BASE.split("pieces:")[0] + "pieces:\nobjectives:\nmission:\n"
    m = loads_mission(text)
    assert m.pieces == () and m.objectives == () and m.mission == MissionText()


def test_x_keys_survive_at_every_level():
    text = BASE.replace("title: Test\n", "title: Test\nx-editor: {zoom: 1.5, open: [a, b]}\n")
    text = text.replace("    rotation: 0\n  - id: B", "    rotation: 0\n    x-colour: grey\n  - id: B")
    text = text.replace("    turned: true\n", "    turned: true\n    x-painted: 2024-05-01\n")
    text = text.replace("    at: [300.0, 255.5]\n", "    at: [300.0, 255.5]\n    x-score: [1, 2, 3]\n")
    text = text.replace("    cells: [[0, 0], [0, 1]]\n", "    cells: [[0, 0], [0, 1]]\n    x-note: null\n")
    text = text.replace("  battle_rounds: 5\n", "  battle_rounds: 5\n  x-print: {font: big}\n")
    m = loads_mission(text)
    assert m.extras == {"x-editor": {"zoom": 1.5, "open": ["a", "b"]}}
    assert m.boards[0].extras == {"x-colour": "grey"}
    assert m.pieces[1].extras == {"x-painted": datetime.date(2024, 5, 1)}
    assert m.objectives[0].extras == {"x-score": [1, 2, 3]}
    assert m.entry_zones[0].extras == {"x-note": None}
    assert m.mission.extras == {"x-print": {"font": "big"}}
    again = loads_mission(dumps_mission(m))
    assert again == m
    assert again.pieces[1].extras == m.pieces[1].extras
    assert "x-painted: 2024-05-01" in dumps_mission(m)


def test_utf8_bom_and_unicode_texts():
    text = "\ufeff" + edit("title: Test", "title: Überfall auf die Żuraw – „Łódź“")
    m = loads_mission(text.encode("utf-8"))
    assert m.title == "Überfall auf die Żuraw – „Łódź“"
    assert "Überfall auf die Żuraw" in dumps_mission(m)  # written as is, not escaped


def test_load_mission_reads_a_file(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert load_mission(path) == loads_mission(BASE)
    assert load_mission(str(path)) == loads_mission(BASE)


# -- dumps --------------------------------------------------------------------------

def full_mission() -> Mission:
    return Mission(
        title="Reactor Breach", author="Someone", language="en", players=2, sets=1,
        boards=(Board("A", at=(0.0, 0.0)), Board("B", at=(704.0, 0.0), rotation=180)),
        pieces=(Piece("A3", "A", from_node=(2, 1), to_node=(2, 3), facing="right", open=False),
                Piece("pillar-left", "A", at=(2, 1)),
                Piece("wall-end", "A", at=(2, 3), caps=(2, 2))),
        objectives=(Objective("1", (300.0, 255.5), "Reactor core"),),
        entry_zones=(EntryZone(1, "A", ((0, 0), (0, 1)), "Boarding party"),),
        regions=(Region("Airlock", "B", ((6, 2), (6, 3))),),
        mission=MissionText(briefing="First line.\nSecond line.\n",
                            sections=(Section("Mission rules", "Hatches jam."),),
                            victory="Most points.", battle_rounds=5, points=500,
                            objective_spacing=ObjectiveSpacing(between_in=9, edge_in=6)),
    )


def test_dumps_writes_keys_in_the_order_of_the_format():
    text = dumps_mission(full_mission())
    top = [line.split(":")[0] for line in text.splitlines() if line and not line.startswith(" ")]
    assert top == ["format", "version", "title", "author", "language", "players", "sets", "boards",
                   "pieces", "objectives", "entry_zones", "regions", "mission"]
    # Pieces on one line each, keys in the format's order, as people write them.
    wall = next(line for line in text.splitlines() if "code: A3" in line)
    assert wall.startswith("  - {code: A3, board: A, from: [")
    assert [k.strip().split(":")[0] for k in wall.strip()[3:-1].split(", ") if ":" in k] == \
        ["code", "board", "from", "to", "facing", "open"]
    assert "  - {code: pillar-left, board: A, at: [2, 1]}\n" in text
    assert "turned" not in text  # unset optional keys are left out
    assert "objective_spacing:\n    between_in: 9\n    edge_in: 6\n" in text
    assert "briefing: |\n    First line.\n    Second line.\n" in text


def test_dumps_leaves_out_what_is_unset():
    text = dumps_mission(Mission(title="Bare", boards=(Board("A"),)))
    assert text == ("format: boarding-actions-mission\nversion: 1\ntitle: Bare\nplayers: 2\nsets: 1\n"
                    "boards:\n  - id: A\n    kind: boarding-actions\n    at: [0, 0]\n    rotation: 0\n")


def test_floats_are_written_without_noise():
    m = Mission(title="Noise", boards=(Board("A", at=(704.0000000000001, 0.1 + 0.2)),),
                objectives=(Objective("1", (300.00000001, 255.5)),))
    text = dumps_mission(m)
    assert "at: [704, 0.3]" in text and "at: [300, 255.5]" in text
    again = loads_mission(text)
    assert again.boards[0].at == (704.0, 0.3) and again.objectives[0].at == (300.0, 255.5)


def test_numbers_keep_every_place_the_file_keeps():
    # io/precision.py: the writer keeps DECIMALS places and the reader rounds
    # to as many, so a value with that many places comes back as it was.
    from layout_editor.io.precision import DECIMALS

    x = round(300 + sum(10 ** -k for k in range(1, DECIMALS + 1)), DECIMALS)  # 300.111111
    m = Mission(title="Places", boards=(Board("A"),), objectives=(Objective("1", (x, 255.5)),))
    text = dumps_mission(m)
    assert f"at: [{x!r}, 255.5]" in text
    assert loads_mission(text).objectives[0].at == (x, 255.5)


def test_round_trip_of_a_full_mission():
    m = full_mission()
    assert loads_mission(dumps_mission(m)) == m


# -- one message per problem, pointing at it ------------------------------------------

ERRORS = [
    # (description, text, expected line (fragment or number), column, words in the message)
    ("not a mapping", "- just\n- a list\n", 1, 1, "not a mission file"),
    ("empty", "", 1, 1, "the file is empty"),
    ("only comments", "# nothing here\n\n", 1, 1, "the file is empty"),
    ("not YAML", edit("title: Test", "title: [Test"), "players: 2", 8, "not valid YAML"),
    ("bad indentation", edit("    board: A\n    from", "   board: A\n    from"), "   board: A", 4,
     "not valid YAML"),
    ("two documents", BASE + "---\ntitle: again\n", len(BASE.splitlines()) + 1, 1, "one YAML document"),
    ("no format", BASE.replace("format: boarding-actions-mission\n", ""), 1, 1, "no 'format"),
    ("wrong format", edit("format: boarding-actions-mission", "format: kill-team-mission"), 1, 9,
     "not a Boarding Actions mission file"),
    ("no version", edit("version: 1\n", ""), 1, 1, "no 'version'"),
    ("version not whole", edit("version: 1", "version: 1.5"), 2, 10, "version must be a whole number"),
    ("version is text", edit("version: 1", "version: one"), 2, 10, "version must be a whole number"),
    ("newer version", edit("version: 1", "version: 3"), 2, 10,
     "this file was written by a newer version of the program (version 3); this program reads version 2"),
    ("version zero", edit("version: 1", "version: 0"), 2, 10, "version must be 1 or more"),
    ("unknown key", edit("players: 2", "playres: 2"), 4, 1, "unknown key 'playres' in the mission; did you mean 'players'?"),
    ("unknown key deep", edit("    turned: true", "    tilted: true"), "tilted", 5, "unknown key 'tilted' in piece 2"),
    ("duplicate key", edit("players: 2", "players: 2\nplayers: 3"), 5, 1, "the key 'players' appears twice"),
    ("missing title", edit("title: Test\n", ""), 1, 1, "no 'title'"),
    ("empty title", edit("title: Test", "title: ''"), 3, 8, "title must not be empty"),
    ("title a list", edit("title: Test", "title: [a, b]"), 3, 8, "title must be text"),
    ("players 5", edit("players: 2", "players: 5"), 4, 10, "players must be from 2 to 4"),
    ("players 1", edit("players: 2", "players: 1"), 4, 10, "players must be from 2 to 4"),
    ("players text", edit("players: 2", "players: two"), 4, 10, "players must be a whole number"),
    ("sets 0", edit("players: 2", "players: 2\nsets: 0"), 5, 7, "sets must be from 1"),
    ("no boards", BASE.split("boards:")[0], 1, 1, "no 'boards'"),
    ("boards empty", edit("boards:\n", "boards: []\nx-old:\n"), 5, 9, "at least one board"),
    ("boards not a list", BASE.split("boards:")[0] + "boards: A\n", 5, 9, "boards must be a list"),
    ("board not a mapping", edit("  - id: B\n    kind: boarding-actions\n    at: [704, 0]\n    rotation: 0\n",
                                 "  - B\n"), "  - B", 5, "board 2 must be a mapping"),
    ("duplicate board id", edit("  - id: B", "  - id: A"), 10, 9, "the board id 'A' is used twice (first on line 6)"),
    ("unknown board kind", edit("    kind: boarding-actions\n    at: [704, 0]",
                                "    kind: kill-team\n    at: [704, 0]"), 11, 11, "unknown board kind 'kill-team'"),
    ("rotation 45", edit("    at: [704, 0]\n    rotation: 0", "    at: [704, 0]\n    rotation: 45"), 13, 15,
     "rotation must be 0, 90, 180 or 270, not 45"),
    ("board at one number", edit("at: [704, 0]", "at: [704]"), 12, 9, "must be a pair [x, y], not 1 value"),
    ("board at text", edit("at: [704, 0]", "at: [704, north]"), 12, 15, "board B: at: y must be a number"),
    ("board at inf", edit("at: [704, 0]", "at: [.inf, 0]"), 12, 10, "must be a finite number"),
    ("board far away", edit("at: [704, 0]", "at: [704, 1e9]"), 12, 15, "is off any table"),
    ("unknown piece code", edit("  - code: A3", "  - code: A9"), 15, 11, "unknown piece code 'A9'"),
    ("no such board", edit("    board: A\n    from", "    board: C\n    from"), 16, 12,
     "there is no board 'C' (the boards are 'A', 'B')"),
    ("piece without board", edit("    board: A\n    from", "    from"), 15, 5, "piece 1 (A3) has no 'board'"),
    ("node outside the board", edit("to: [2, 3]", "to: [2, 7]"), 18, 13,
     "the node [2, 7] is outside board A (nodes run from [0, 0] to [7, 6])"),
    ("negative node", edit("from: [2, 1]", "from: [-1, 1]"), 17, 12, "the node [-1, 1] is outside board A"),
    ("node not whole", edit("from: [2, 1]", "from: [2.5, 1]"), 17, 12, "column must be a whole number"),
    ("wall not on a zone line", edit("to: [2, 3]", "to: [3, 3]"), 18, 9,
     "from [2, 1] and to [3, 3] are not two different nodes on one zone line"),
    ("wall to itself", edit("to: [2, 3]", "to: [2, 1]"), 18, 9, "not two different nodes"),
    ("wall wrong span", edit("to: [2, 3]", "to: [2, 2]"), 18, 9, "A3 spans 2 zones, but from [2, 1] to [2, 2] is 1 zone"),
    ("short wall wrong span", edit("  - code: A3", "  - code: B2"), 18, 9, "B2 spans 1 zone, but from [2, 1] to [2, 3] is 2 zones"),
    ("wall without to", edit("    to: [2, 3]\n", ""), 15, 5, "has no 'to'"),
    ("facing on a plain wall", edit("  - code: A3", "  - code: A1"), 19, 5,
     "'facing' belongs only on a piece with a hatchway"),
    ("open on a plain wall", edit("  - code: A3", "  - code: A1").replace("    facing: left\n", ""), 19, 5,
     "'open' belongs only on a piece with a hatchway"),
    ("facing up", edit("facing: left", "facing: up"), 19, 13, "facing must be 'left' or 'right', not 'up'"),
    ("open maybe", edit("open: true", "open: maybe"), 20, 11, "open must be true or false"),
    ("at on a wall", edit("    open: true\n", "    open: true\n    at: [2, 1]\n"), 21, 5, "'at' does not belong on a wall"),
    ("from on a pillar", edit("    turned: true\n", "    turned: true\n    from: [2, 1]\n"), 25, 5,
     "'from' belongs only on a wall"),
    ("facing on a pillar", edit("    turned: true\n", "    turned: true\n    facing: left\n"), 25, 5,
     "'facing' belongs only on a piece with a hatchway"),
    ("pillar without at", edit("    at: [2, 1]\n    turned", "    turned"), 21, 5, "has no 'at'"),
    ("turned on a wall end", edit("    caps: [2, 2]\n", "    caps: [2, 2]\n    turned: true\n"), 29, 5,
     "'turned' belongs only on a pillar"),
    ("turned not a bool", edit("turned: true", "turned: 1"), 24, 13, "turned must be true or false"),
    ("caps on a pillar", edit("    turned: true\n", "    caps: [2, 2]\n"), 24, 5, "'caps' belongs only on a wall end"),
    ("caps not adjacent", edit("caps: [2, 2]", "caps: [2, 1]"), 28, 11,
     "caps [2, 1] must be the next node along a zone line from at [2, 3]"),
    ("caps diagonal", edit("caps: [2, 2]", "caps: [3, 2]"), 28, 11, "must be the next node along a zone line"),
    ("caps off the board", edit("    at: [2, 3]\n    caps: [2, 2]", "    at: [2, 6]\n    caps: [2, 7]"), 28, 15,
     "the node [2, 7] is outside board A"),
    ("duplicate objective id", edit('    at: [300.0, 255.5]\n', '    at: [300.0, 255.5]\n  - id: "1"\n    at: [1, 2]\n'),
     32, 9, "the objective id '1' is used twice (first on line 30)"),
    ("objective without at", edit("    at: [300.0, 255.5]\n", ""), 30, 5, "objective 1 has no 'at'"),
    ("objective at text", edit("at: [300.0, 255.5]", "at: here"), 31, 9, "must be a pair [x, y]"),
    ("entry zone player 3", edit("  - player: 1", "  - player: 3"), 33, 13,
     "player must be from 1 to 2 (the mission is for 2 players), not 3"),
    ("entry zone player 0", edit("  - player: 1", "  - player: 0"), 33, 13, "player must be from 1 to 2"),
    ("cell outside the board", edit("cells: [[0, 0], [0, 1]]", "cells: [[0, 0], [7, 1]]"), 35, 22,
     "the cell [7, 1] is outside board A (cells run from [0, 0] to [6, 5])"),
    ("cell not a pair", edit("cells: [[0, 0], [0, 1]]", "cells: [[0, 0], 3]"), 35, 21, "cell must be a pair"),
    ("cells not a list", edit("cells: [[0, 0], [0, 1]]", "cells: all"), 35, 12, "cells must be a list"),
    ("region on no board", edit("    board: B\n    cells: [[6, 2]]", "    board: X\n    cells: [[6, 2]]"), 38, 12,
     "region 1: there is no board 'X'"),
    ("region without name", edit("  - name: Airlock\n    board: B", "  - board: B"), 37, 5, "region 1 has no 'name'"),
    ("battle rounds text", edit("battle_rounds: 5", "battle_rounds: five"), 42, 18, "battle_rounds must be a whole number"),
    ("mission texts a list", edit("mission:\n  briefing: Go.\n  battle_rounds: 5\n", "mission: [a]\n"), 40, 10,
     "the mission texts must be a mapping"),
    ("section without title", edit("  battle_rounds: 5\n", "  sections:\n    - text: hi\n"), 43, 7,
     "mission section 1 has no 'title'"),
    ("spacing negative", edit("  battle_rounds: 5\n", "  objective_spacing:\n    between_in: -1\n"), 43, 17,
     "between_in must be from 0 to 1000 inches"),
    ("battle rounds 0", edit("battle_rounds: 5", "battle_rounds: 0"), 42, 18,
     "mission: battle_rounds must be from 1 to 99, not 0"),
    ("point off any table", edit("at: [300.0, 255.5]", "at: [300.0, 100000.5]"), 31, 17,
     "objective 1: at: y = 100000.5 mm is off any table (at most 100,000 mm from the origin)"),
    ("board off any table", edit("at: [704, 0]", "at: [-100001, 0]"), 12, 10,
     "x = -100001 mm is off any table"),
    ("centre line of one point", BASE + "centre_line: [[0, 1], [0, 1]]\n", 43, 14,
     "centre_line must run between two different points"),
    ("python tag", edit("title: Test", "title: !!python/object/apply:os.system [echo hi]"), 3, 8,
     "the tag '!!python/object/apply:os.system' is not allowed"),
    ("local tag", edit("title: Test", "title: !secret Test"), 3, 8, "the tag '!secret' is not allowed"),
    ("binary tag", edit("title: Test", "title: !!binary aGk="), 3, 8, "the tag '!!binary' is not allowed"),
    ("set tag", edit("mission:\n", "x-set: !!set {a, b}\nmission:\n"), 40, 8, "the tag '!!set' is not allowed"),
    ("alias", edit("title: Test", "title: &t Test\nauthor: *t"), 4, 9, "aliases (*t) are not allowed"),
    ("merge key", edit("    rotation: 0\n  - id: B", "    rotation: 0\n  - <<: {id: B}"), 10, 5,
     "unknown key '<<' in board 2"),
    ("control character", edit("title: Test", "title: Te\x07st"), 3, 10, "the character U+0007 is not allowed"),
    ("key not a name", edit("players: 2", "[players]: 2"), 4, 1, "a key in the mission must be a name"),
    ("huge number", edit("players: 2", "players: " + "9" * 5000), 4, 10, "is not a usable whole number"),
]


@pytest.mark.parametrize("what,text,line,column,words", ERRORS, ids=[e[0] for e in ERRORS])
def test_every_problem_is_one_message_at_its_place(what, text, line, column, words):
    e = fail(text)
    if isinstance(line, str):
        line = line_of(text, line)
    assert (e.path, e.line, e.column) == ("m.yaml", line, column), str(e)
    assert words in e.message
    assert str(e) == f"m.yaml:{line}:{column}: {e.message}"
    assert "\n" not in str(e)


def test_not_utf8_points_at_the_byte():
    data = BASE.replace("title: Test", "title: Caf\xe9").encode("latin-1")
    e = fail(data)
    assert (e.line, e.column) == (3, 11)
    assert "not UTF-8" in e.message and "0xE9" in e.message


def test_utf16_is_named():
    e = fail(BASE.encode("utf-16"))
    assert (e.line, e.column) == (1, 1) and "UTF-16" in e.message


def test_columns_count_characters_not_bytes():
    e = fail(edit("title: Test", "title: Ärger\nauthor: [x"))
    assert e.line == 5  # the error is found where the flow list ends
    e = fail(edit("players: 2", "players: 2\nlanguage: ää: 1"))
    assert (e.line, e.column) == (5, 13)


def test_the_source_names_the_file():
    e = fail("", source="missions/x.yaml")
    assert str(e).startswith("missions/x.yaml:1:1: ")
    assert str(fail("- a")).startswith("m.yaml:1:1:")
    with pytest.raises(MissionLoadError) as info:
        loads_mission("")
    assert str(info.value).startswith("<text>:1:1: ")


def test_file_problems_are_load_errors(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(MissionLoadError) as info:
        load_mission(missing)
    assert str(info.value) == f"{missing}:1:1: there is no such file"
    with pytest.raises(MissionLoadError) as info:
        load_mission(tmp_path)
    assert "folder" in info.value.message and (info.value.line, info.value.column) == (1, 1)


def test_unreadable_file_is_a_load_error(tmp_path, monkeypatch):
    path = tmp_path / "locked.yaml"
    path.write_text(BASE)
    real_open = open

    def refuse(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(MissionLoadError) as info:
        load_mission(path)
    assert info.value.message == "cannot read the file: permission denied"


def test_error_has_its_parts_and_pickles():
    import pickle

    e = MissionLoadError("f.yaml", 3, 7, "wrong")
    assert (e.path, e.line, e.column, e.message) == ("f.yaml", 3, 7, "wrong")
    again = pickle.loads(pickle.dumps(e))
    assert str(again) == "f.yaml:3:7: wrong" and again.line == 3


def test_numbers_in_exponent_form_without_a_dot_are_numbers():
    # YAML 1.1 reads 1e3 as text; a person means a number.
    m = loads_mission(edit("at: [300.0, 255.5]", "at: [3e2, 2.555E+2]"))
    assert m.objectives[0].at == (300.0, 255.5)
    e = fail(edit("at: [300.0, 255.5]", "at: ['300', 255.5]"))
    assert "must be a number, not the text '300'" in e.message


def test_hatchways_always_state_facing_and_state_in_the_file():
    m = Mission(title="H", boards=(Board("A"),),
                pieces=(Piece("B2", "A", from_node=(0, 0), to_node=(1, 0)),))
    text = dumps_mission(m)
    assert "facing: right, open: false}\n" in text
    assert loads_mission(text).pieces[0].facing == "right"


def test_keys_that_do_not_belong_on_a_piece_are_not_written():
    # A piece changed from one code to another may carry leftovers; the file
    # must still load.
    m = Mission(title="L", boards=(Board("A"),), pieces=(
        Piece("A1", "A", from_node=(0, 0), to_node=(2, 0), facing="left", open=True),
        Piece("wall-end", "A", at=(3, 3), turned=True, caps=(3, 4)),
        Piece("pillar-left", "A", at=(4, 4), turned=True, caps=(4, 5)),
    ))
    again = loads_mission(dumps_mission(m))
    assert (again.pieces[0].facing, again.pieces[0].open) == (None, None)
    assert (again.pieces[1].turned, again.pieces[1].caps) == (False, (3, 4))
    assert (again.pieces[2].turned, again.pieces[2].caps) == (True, None)


def test_a_file_descriptor_is_not_a_file_name():
    with pytest.raises(MissionLoadError) as info:
        load_mission(0)
    assert "expected a file name" in info.value.message


def test_an_empty_section_title_loads():
    m = Mission(title="S", boards=(Board("A"),), mission=MissionText(sections=(Section("", "text"),)))
    assert loads_mission(dumps_mission(m)) == m


def test_points_up_to_100_000_mm_from_the_origin_load():
    # the edge of "off any table" (MAX_TABLE_MM), both ways, on each axis
    m = loads_mission(edit("at: [300.0, 255.5]", "at: [-100000, 100000]"))
    assert m.objectives[0].at == (-100000, 100000)
