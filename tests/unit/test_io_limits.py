"""How much one file may hold (io/limits.py, and the file's own size and
shape in io/compose.py): each limit at its edge, a file just within it loads
and one entry or character past it is refused with one message at the
first entry too many, in files and share codes alike. Hostile files are
refused quickly and with bounded memory: too big, too many values, aliases
(billion laughs), nesting too deep."""
import base64
import sys
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest

from layout_editor.io import MAX_BYTES, MAX_DEPTH, MAX_NODES, MissionLoadError, limits, load_mission, loads_mission
from layout_editor.io.limits import (
    MAX_AREA_POINTS,
    MAX_BOARDS,
    MAX_CELLS,
    MAX_ENTRY_ZONES,
    MAX_EQUIPMENT,
    MAX_NAME_CHARS,
    MAX_OBJECTIVES,
    MAX_PIECES_PER_BOARD,
    MAX_REGIONS,
    MAX_SECTIONS,
    MAX_TERRITORIES,
    MAX_TEXT_CHARS,
)
from layout_editor.io.share_code import PREFIX, VERSION, ShareCodeError, decode

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import pathological  # noqa: E402

# The target (refused well under a second) is measured in
# benchmarks/bench_io_limits.py: timings on a shared 2-core machine are too
# noisy to assert tightly. Here a generous bound only catches a refusal that
# has turned into reading or expanding the whole file.
SLOW = 10.0

HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: Big\nboards:\n  - {id: A, at: [0, 0]}\n"


def refused(load, *args):
    """Load, expect a MissionLoadError; return it, the seconds taken and the
    peak memory allocated while loading (measured in a second run, since
    tracing memory slows Python down several times)."""
    start = time.perf_counter()
    with pytest.raises(MissionLoadError) as info:
        load(*args)
    took = time.perf_counter() - start
    tracemalloc.start()
    try:
        with pytest.raises(MissionLoadError):
            load(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return info.value, took, peak


def test_a_file_over_5_mb_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.write(HEAD.encode())
        f.seek(MAX_BYTES + 10)
        f.write(b"\n")
    e, took, peak = refused(load_mission, path)
    assert (e.line, e.column) == (1, 1) and "larger than 5 MB" in e.message
    assert took < SLOW and peak < 1_000_000  # never read into memory


def test_a_file_just_under_5_mb_of_text_loads(tmp_path):
    # One long free x- text (no limit but the file's size; a briefing has its
    # own, far lower: limits.py): big but legal, and quick to read.
    body = "word " * ((MAX_BYTES - 1000) // 5)
    path = tmp_path / "long.yaml"
    path.write_text(HEAD + f"x-notes: {body}\n", encoding="utf-8")
    start = time.perf_counter()
    m = load_mission(path)
    assert time.perf_counter() - start < SLOW
    assert len(m.extras["x-notes"]) > 4_000_000


def test_a_device_without_size_is_read_only_up_to_the_limit():
    e, took, _ = refused(load_mission, "/dev/zero")
    assert took < SLOW
    assert "larger than 5 MB" in e.message or "U+0000" in e.message


def test_text_over_5_mb_is_refused():
    e, took, _ = refused(loads_mission, HEAD + "#" * (MAX_BYTES + 1))
    assert "larger than 5 MB" in e.message and took < SLOW


def test_too_many_values_is_refused_quickly():
    text = HEAD + "x-many: [" + "1, " * (MAX_NODES + 50) + "1]\n"
    assert len(text) < MAX_BYTES
    e, took, peak = refused(loads_mission, text)
    assert f"more than {MAX_NODES:,} YAML values" in e.message
    assert e.line == 6 and e.column > 10
    assert took < SLOW, took
    assert peak < 80_000_000, peak


def test_values_just_under_the_limit_load():
    text = HEAD + "x-many: [" + "1, " * (MAX_NODES - 100) + "1]\n"
    m = loads_mission(text)
    assert len(m.extras["x-many"]) == MAX_NODES - 99


def test_billion_laughs_is_refused_at_the_first_alias():
    lines = [HEAD, 'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n']
    prev = "a"
    for n in "bcdefghi":
        lines.append(f"x-{n}: &{n} [{', '.join([f'*{prev}'] * 9)}]\n")
        prev = n
    e, took, peak = refused(loads_mission, "".join(lines))
    assert (e.line, e.column) == (7, 10)
    assert "aliases (*a) are not allowed" in e.message
    assert took < SLOW and peak < 5_000_000


def test_anchors_alone_are_harmless():
    m = loads_mission(HEAD.replace("title: Big", "title: &t Big"))
    assert m.title == "Big"


def test_deep_nesting_is_refused_without_recursing():
    # Deeper than our limit but within what libyaml itself parses: our message.
    text = HEAD + "x-deep: " + "[" * 500 + "]" * 500 + "\n"
    e, took, _ = refused(loads_mission, text)
    assert f"more than {MAX_DEPTH} levels deep" in e.message
    assert took < SLOW
    # Far deeper: PyYAML >= 6.0.3 stops at its own limit (1000) before we see
    # the events; either way it is one located refusal, quickly.
    text = HEAD + "x-deep: " + "[" * 100_000 + "]" * 100_000 + "\n"
    e, took, _ = refused(loads_mission, text)
    assert ("levels deep" in e.message or "nesting depth" in e.message) and e.line == 6
    assert took < SLOW
    ok = HEAD + "x-deep: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2) + "\n"
    loads_mission(ok)


def test_many_keys_in_one_mapping_is_refused_quickly():
    text = HEAD + "x-wide:\n" + "".join(f"  k{n}: {n}\n" for n in range(MAX_NODES // 2 + 10))
    e, took, _ = refused(loads_mission, text)
    assert "YAML values" in e.message and took < SLOW


# -- the documented limits (limits.py), each at its edge ---------------------------

T = "format: boarding-actions-mission\nversion: 1\ntitle: T\n"
ONE_BOARD = T + "boards:\n  - {id: A, at: [0, 0]}\n"   # 5 lines


def over(text: str) -> MissionLoadError:
    """The one-line refusal of `text`."""
    with pytest.raises(MissionLoadError) as info:
        loads_mission(text, "m.yaml")
    assert len(str(info.value).splitlines()) == 1
    return info.value


def listed(key: str, item: str, n: int, indent: str = "") -> str:
    """`key:` and n items, one a line (`{i}` in item is the item's number)."""
    return f"{indent}{key}:\n" + "".join(f"{indent}  - {item.format(i=i)}\n" for i in range(n))


def boards(n: int) -> str:
    return "boards:\n" + "".join(f"  - {{id: B{i}, at: [{704 * i}, 0]}}\n" for i in range(n))


# (what, limit, a file with n entries, the line of entry number n + 1, its column,
# the count each loaded file gives back)
LISTS = [
    ("boards", MAX_BOARDS, lambda n: T + boards(n), lambda n: 5 + n, 5, lambda m: len(m.boards)),
    ("objectives", MAX_OBJECTIVES, lambda n: ONE_BOARD + listed("objectives", "{{id: o{i}, at: [10, 10]}}", n),
     lambda n: 7 + n, 5, lambda m: len(m.objectives)),
    ("entry_zones", MAX_ENTRY_ZONES,
     lambda n: ONE_BOARD + listed("entry_zones", "{{player: 1, board: A, cells: [[0, 0]]}}", n),
     lambda n: 7 + n, 5, lambda m: len(m.entry_zones)),
    ("regions", MAX_REGIONS, lambda n: ONE_BOARD + listed("regions", "{{name: r{i}, board: A, cells: [[0, 0]]}}", n),
     lambda n: 7 + n, 5, lambda m: len(m.regions)),
    ("territories", MAX_TERRITORIES,
     lambda n: ONE_BOARD + listed("territories", "{{player: 1, area: [[0, 0], [10, 0], [10, 10]]}}", n),
     lambda n: 7 + n, 5, lambda m: len(m.territories)),
    ("equipment", MAX_EQUIPMENT, lambda n: ONE_BOARD + listed("equipment", "{{kind: mines, player: 1, at: [100, 100]}}", n),
     lambda n: 7 + n, 5, lambda m: len(m.equipment)),
    ("mission: sections", MAX_SECTIONS,
     lambda n: ONE_BOARD + "mission:\n" + listed("sections", "{{title: s{i}, text: t}}", n, "  "),
     lambda n: 8 + n, 7, lambda m: len(m.mission.sections)),
    ("mission: ops", MAX_SECTIONS, lambda n: ONE_BOARD + "mission:\n" + listed("ops", "{{name: o{i}}}", n, "  "),
     lambda n: 8 + n, 7, lambda m: len(m.mission.ops)),
]


@pytest.mark.parametrize("what, limit, text, line, column, count", LISTS, ids=[c[0] for c in LISTS])
def test_each_list_holds_its_limit_and_one_more_is_refused_where_it_starts(what, limit, text, line, column, count):
    assert count(loads_mission(text(limit))) == limit
    e = over(text(limit + 1))
    assert (e.line, e.column) == (line(limit), column)
    assert e.message == (f"{what}: more than {limit} entries; no mission needs so many "
                         "(the limits are in docs/mission-format.md)")


def cells(n: int) -> str:
    return ONE_BOARD + "entry_zones:\n  - {player: 1, board: A, cells: [" + ", ".join(["[0, 0]"] * n) + "]}\n"


def corners(n: int) -> str:
    return ONE_BOARD + "territories:\n  - {player: 1, area: [" + ", ".join(f"[{i}, {i % 7}]" for i in range(n)) + "]}\n"


@pytest.mark.parametrize("what, limit, text, count", [
    ("entry zone 1: cells", MAX_CELLS, cells, lambda m: len(m.entry_zones[0].cells)),
    ("territory 1: area", MAX_AREA_POINTS, corners, lambda m: len(m.territories[0].area)),
], ids=["cells", "area"])
def test_each_inner_list_holds_its_limit_and_one_more_is_refused_at_that_one(what, limit, text, count):
    assert count(loads_mission(text(limit))) == limit
    e = over(text(limit + 1))
    written = text(limit + 1).splitlines()[6]  # line 7
    # the entry one too many: the (limit + 1)th "[" after the list's own
    assert e.line == 7 and e.column == [i for i, ch in enumerate(written) if ch == "["][limit + 1] + 1
    assert e.message.startswith(f"{what}: more than {limit} entries")


def test_pieces_per_board_are_limited_counting_each_board():
    piece = "  - {code: pillar-left, board: A, at: [3, 3]}\n"
    ok = ONE_BOARD + "pieces:\n" + piece * MAX_PIECES_PER_BOARD
    assert len(loads_mission(ok).pieces) == MAX_PIECES_PER_BOARD
    e = over(ok + piece)
    assert (e.line, e.column) == (7 + MAX_PIECES_PER_BOARD, 5)  # the piece one too many
    assert e.message == (f"piece {MAX_PIECES_PER_BOARD + 1}: board A holds more than {MAX_PIECES_PER_BOARD} "
                         "pieces; no mission needs so many (the limits are in docs/mission-format.md)")
    # the limit is per board: as many again on a second board load
    two = (T + boards(2) + "pieces:\n" + piece.replace("board: A", "board: B0") * MAX_PIECES_PER_BOARD
           + piece.replace("board: A", "board: B1") * MAX_PIECES_PER_BOARD)
    assert len(loads_mission(two).pieces) == 2 * MAX_PIECES_PER_BOARD


# (where a name or text is written, a file with `value` there, the line it is on)
NAMES = [
    ("title", lambda v: ONE_BOARD.replace("title: T", f"title: {v}"), 3),
    ("author", lambda v: ONE_BOARD + f"author: {v}\n", 6),
    ("board 1: id", lambda v: T + f"boards:\n  - {{id: {v}, at: [0, 0]}}\n", 5),
    ("objective 1: id", lambda v: ONE_BOARD + f"objectives:\n  - {{id: {v}, at: [10, 10]}}\n", 7),
    ("objective a: name", lambda v: ONE_BOARD + f"objectives:\n  - {{id: a, at: [10, 10], name: {v}}}\n", 7),
    ("region 1: name", lambda v: ONE_BOARD + f"regions:\n  - {{name: {v}, board: A, cells: [[0, 0]]}}\n", 7),
    ("mission section 1: title", lambda v: ONE_BOARD + f"mission:\n  sections:\n    - {{title: {v}}}\n", 8),
    ("mission op 1: name", lambda v: ONE_BOARD + f"mission:\n  ops:\n    - {{name: {v}}}\n", 8),
]
TEXTS = [
    ("mission: briefing", lambda v: ONE_BOARD + f"mission:\n  briefing: {v}\n", 7),
    ("mission: victory", lambda v: ONE_BOARD + f"mission:\n  victory: {v}\n", 7),
    ("mission section 1: text", lambda v: ONE_BOARD + f"mission:\n  sections:\n    - {{title: s, text: {v}}}\n", 8),
    ("mission op 1: text", lambda v: ONE_BOARD + f"mission:\n  ops:\n    - {{name: o, text: {v}}}\n", 8),
]


@pytest.mark.parametrize("limit, what, text, line",
                         [(MAX_NAME_CHARS, *c) for c in NAMES] + [(MAX_TEXT_CHARS, *c) for c in TEXTS],
                         ids=[c[0] for c in NAMES + TEXTS])
def test_each_name_and_text_holds_its_limit_and_one_character_more_is_refused(limit, what, text, line):
    loads_mission(text("w" * limit))
    e = over(text("w" * (limit + 1)))
    assert e.line == line
    assert e.message == f"{what} is {limit + 1} characters long; at most {limit} are allowed"


def _code(text: str) -> str:
    data = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    return f"{PREFIX}{VERSION}z.{data}"


def test_share_codes_keep_the_same_limits():
    # 10,000 pillars fit in a couple of thousand characters of share code.
    code = _code(pathological.stacked_pillars(10_000))
    assert len(code) < 3000
    with pytest.raises(ShareCodeError) as info:
        decode(code)
    assert f"more than {MAX_PIECES_PER_BOARD} pieces" in str(info.value) and "<share code>:" in str(info.value)
    assert "more than 16 entries" in str(pytest.raises(ShareCodeError, decode, _code(T + boards(17))).value)


def test_the_limits_are_documented_as_they_are():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "mission-format.md").read_text(encoding="utf-8")
    table = doc[doc.index("### Limits"):]
    for row, value in (("`boards`", limits.MAX_BOARDS), ("pieces on one board", limits.MAX_PIECES_PER_BOARD),
                       ("`objectives`", limits.MAX_OBJECTIVES), ("`entry_zones`", limits.MAX_ENTRY_ZONES),
                       ("`regions`", limits.MAX_REGIONS), ("`cells` of one", limits.MAX_CELLS),
                       ("`territories`", limits.MAX_TERRITORIES), ("corners of one territory", limits.MAX_AREA_POINTS),
                       ("`equipment`", limits.MAX_EQUIPMENT),
                       ("`mission: sections`", limits.MAX_SECTIONS), ("`mission: ops`", limits.MAX_SECTIONS)):
        line = next(x for x in table.splitlines() if x.startswith(f"| {row}"))
        assert f"| {value:,} |" in line, line
    assert f"{limits.MAX_NAME_CHARS} characters" in table and f"{limits.MAX_TEXT_CHARS:,} characters" in table
