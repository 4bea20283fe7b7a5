"""Property tests: every valid mission survives a save and a load unchanged,
and no file, however mangled, gets anything out of the loader but a
MissionLoadError."""
import math
import os
import random
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_timeline_io import CHANGING

from layout_editor.catalogue import default_catalogue
from layout_editor.io import MissionLoadError, dumps_mission, load_mission, loads_mission, save_mission
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

CAT = default_catalogue()
KIND = CAT.board("boarding-actions")
NX, NY = KIND.nodes
ZX, ZY = KIND.zones
LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"

# Any text YAML can hold: no surrogates, no control characters other than
# tab and the line breaks; the line breaks YAML knows are all in.
TEXT_CHARS = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufeff") | \
    st.sampled_from(["\n", "\t", " ", "\r", "\x85", "\u2028", "\u2029", ":", "#", "-", "'", '"',
                     "&", "*", "!", "|", ">", "%", "@", "`", "{", "}", "[", "]", ","])
texts = st.text(TEXT_CHARS, max_size=60)
names = st.text(TEXT_CHARS, min_size=1, max_size=20).filter(lambda s: s.strip())
# Millimetres and inches to a millionth, as files keep them.
mm = st.integers(-2 * 10**9, 5 * 10**9).map(lambda n: n / 10**6)
inches = st.integers(0, 10**9).map(lambda n: n / 10**6)
nodes = st.tuples(st.integers(0, NX - 1), st.integers(0, NY - 1))
cells = st.tuples(st.integers(0, ZX - 1), st.integers(0, ZY - 1))
x_keys = st.text("abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1, max_size=8).map(lambda s: "x-" + s)
x_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | texts
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5, alphabet="abc"), inner,
                                                                max_size=3),
    max_leaves=6)
extras = st.dictionaries(x_keys, x_values, max_size=2)


@st.composite
def walls(draw, board_id):
    code = draw(st.sampled_from(CAT.wall_codes))
    kind = CAT.piece(code)
    along_x = draw(st.booleans())
    if along_x:
        start = (draw(st.integers(0, NX - 1 - kind.span)), draw(st.integers(0, NY - 1)))
        end = (start[0] + kind.span, start[1])
    else:
        start = (draw(st.integers(0, NX - 1)), draw(st.integers(0, NY - 1 - kind.span)))
        end = (start[0], start[1] + kind.span)
    if draw(st.booleans()):
        start, end = end, start
    facing = is_open = None
    if kind.has_hatchway:
        facing = draw(st.sampled_from(["left", "right"]))
        is_open = draw(st.booleans())
    return Piece(code=code, board=board_id, from_node=start, to_node=end, facing=facing, open=is_open,
                 extras=draw(extras))


@st.composite
def node_pieces(draw, board_id):
    code = draw(st.sampled_from(["pillar-left", "pillar-right", "wall-end"]))
    at = draw(nodes)
    if code == "wall-end":
        caps = None
        if draw(st.booleans()):
            options = [(at[0] + dx, at[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if 0 <= at[0] + dx < NX and 0 <= at[1] + dy < NY]
            caps = draw(st.sampled_from(options))
        return Piece(code=code, board=board_id, at=at, caps=caps, extras=draw(extras))
    return Piece(code=code, board=board_id, at=at, turned=draw(st.booleans()), extras=draw(extras))


@st.composite
def missions(draw):
    board_ids = draw(st.lists(names, min_size=1, max_size=3, unique=True))
    boards = tuple(Board(id=b, at=(draw(mm), draw(mm)), rotation=draw(st.sampled_from([0, 90, 180, 270])),
                         extras=draw(extras)) for b in board_ids)
    on_board = st.sampled_from(board_ids)
    pieces = tuple(draw(st.lists(on_board.flatmap(lambda b: walls(b) | node_pieces(b)), max_size=8)))
    players = draw(st.integers(2, 4))
    objective_ids = draw(st.lists(names, max_size=4, unique=True))
    objectives = tuple(Objective(id=o, at=(draw(mm), draw(mm)), name=draw(st.none() | texts),
                                 extras=draw(extras)) for o in objective_ids)
    entry_zones = tuple(EntryZone(player=draw(st.integers(1, players)), board=draw(on_board),
                                  cells=tuple(draw(st.lists(cells, max_size=6))),
                                  name=draw(st.none() | texts), extras=draw(extras))
                        for _ in range(draw(st.integers(0, 4))))
    regions = tuple(Region(name=draw(names), board=draw(on_board), cells=tuple(draw(st.lists(cells, max_size=4))),
                           extras=draw(extras)) for _ in range(draw(st.integers(0, 2))))
    spacing = draw(st.none() | st.builds(ObjectiveSpacing, between_in=st.none() | inches,
                                         edge_in=st.none() | inches, extras=extras))
    text = MissionText(
        briefing=draw(st.none() | texts),
        sections=tuple(Section(title=draw(names), text=draw(texts), extras=draw(extras))
                       for _ in range(draw(st.integers(0, 2)))),
        victory=draw(st.none() | texts),
        battle_rounds=draw(st.none() | st.integers(1, 99)),
        points=draw(st.none() | st.integers(1, 1_000_000)),
        objective_spacing=spacing,
        extras=draw(extras))
    return Mission(title=draw(names), author=draw(st.none() | texts), language=draw(st.none() | texts),
                   players=players, sets=draw(st.integers(1, 99)), boards=boards, pieces=pieces,
                   objectives=objectives, entry_zones=entry_zones, regions=regions, mission=text,
                   extras=draw(extras))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(missions())
def test_load_of_dumps_is_the_same_mission(m):
    text = dumps_mission(m)
    again = loads_mission(text)
    assert again == m
    assert dumps_mission(again) == text  # and saving again changes nothing


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(missions())
def test_save_then_load_from_disk(tmp_path, m):
    path = tmp_path / "m.yaml"
    save_mission(m, path)
    assert load_mission(path) == m


# -- mangled files ------------------------------------------------------------------------

def seeds() -> list[bytes]:
    found = sorted(LIBRARY.glob("*.yaml"))
    texts_ = [p.read_bytes() for p in found]
    rich = Mission(
        title="Seed", boards=(Board("A"), Board("B", at=(704.0, 0.0), rotation=180)),
        pieces=(Piece("A4", "A", from_node=(1, 1), to_node=(1, 3), facing="left", open=True),
                Piece("pillar-right", "B", at=(3, 3), turned=True),
                Piece("wall-end", "B", at=(4, 4), caps=(4, 5))),
        objectives=(Objective("1", (300.5, 200.0), "Core"),),
        entry_zones=(EntryZone(1, "A", ((0, 0), (0, 1))), EntryZone(2, "B", ((6, 5),))),
        regions=(Region("Airlock", "B", ((2, 2),)),),
        mission=MissionText(briefing="Two\nlines", sections=(Section("Rules", "Text"),), battle_rounds=5,
                            points=500, objective_spacing=ObjectiveSpacing(9, 6)),
        extras={"x-a": {"b": [1, 2.5, None]}})
    texts_.append(dumps_mission(rich).encode("utf-8"))
    texts_.append(CHANGING.encode("utf-8"))  # format version 2: a timeline, marker kinds
    return texts_


SEEDS = seeds()
SPLICE = [b"", b"\n", b" ", b"- ", b": ", b"[", b"]", b"{", b"}", b"&a ", b"*a", b"!!python/name:os.system ",
          b"x-k: 1\n", b"zzz: 1\n", b"~", b"-1", b"1e999", b".nan", b"99999999999999999999", b"'", b'"',
          b"\t", b"\x00", b"\xff", b"\xc3", b"---\n", b"...\n", b"%YAML 1.1\n", b"? ", b"|\n", b"!!binary ",
          b"from: [0, 0]\n", b"code: A1\n", b"board: Z\n", b"at: [1, 2, 3]\n", b"rotation: 45\n",
          b"open: yes\n", b"facing: up\n", b"player: 9\n", b"cells: [[9, 9]]\n", b"version: 2\n",
          "é€😀".encode(), b"\r\n", b"#", b"<<: {}\n", b"!!set {a}\n", b"2024-13-45"]


def mutate(data: bytes, rnd: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        how = rnd.randrange(5)
        pos = rnd.randint(0, len(data))
        if how == 0 and data:  # flip bits of a byte
            pos = min(pos, len(data) - 1)
            data[pos] ^= 1 << rnd.randrange(8)
        elif how == 1:  # truncate
            data = data[:pos]
        elif how == 2:  # splice in a token
            data[pos:pos] = rnd.choice(SPLICE)
        elif how == 3 and data:  # delete a run
            del data[pos:pos + rnd.randint(1, 40)]
        else:  # duplicate a line somewhere else
            lines = bytes(data).split(b"\n")
            if lines:
                line = rnd.choice(lines)
                at = rnd.randint(0, len(lines))
                lines.insert(at, line)
                data = bytearray(b"\n".join(lines))
    return bytes(data)


def loads_or_refuses(data: bytes):
    try:
        m = loads_mission(data, "fuzz.yaml")
    except MissionLoadError as e:
        assert e.path == "fuzz.yaml" and e.line >= 1 and e.column >= 1
        assert str(e) == f"fuzz.yaml:{e.line}:{e.column}: {e.message}"
        assert "\n" not in e.message and e.message
        return None
    # What loads must save and load back to itself.
    assert loads_mission(dumps_mission(m)) == m or _has_nan(m)
    return m


def _has_nan(m) -> bool:
    text = repr(m.extras) + repr([p.extras for p in m.pieces]) + repr(m)
    return "nan" in text


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(range(len(SEEDS))), st.randoms(use_true_random=False))
def test_mutated_files_only_ever_raise_the_load_error(seed, rnd):
    loads_or_refuses(mutate(SEEDS[seed], rnd))


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_only_ever_raise_the_load_error(data):
    loads_or_refuses(data)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(SEEDS))), st.data())
def test_random_values_spliced_into_a_valid_file(seed, data):
    """Replace one value of a valid file with a random one of any YAML type."""
    lines = SEEDS[seed].decode("utf-8").split("\n")
    candidates = [n for n, line in enumerate(lines) if ": " in line]
    assume(candidates)
    n = data.draw(st.sampled_from(candidates))
    key = lines[n].split(": ", 1)[0]
    value = data.draw(st.one_of(
        st.integers(-10**30, 10**30).map(str), st.floats().map(repr), st.booleans().map(str),
        st.sampled_from(["~", "[]", "{}", "[1]", "[1, 2]", "[[0, 0]]", "[-1, 0]", "[7, 6]", "[8, 7]", "''",
                         "left", "right", "A", "B", "A1", "B3-1", "wall-end", "pillar-left", "0", "90",
                         "1", "2", "4", "5", "true", "false", "[0, 0, 0]", "{a: 1}", "x"]),
        st.text(TEXT_CHARS, max_size=10).map(repr)))
    lines[n] = f"{key}: {value}"
    loads_or_refuses("\n".join(lines).encode("utf-8"))


def test_the_library_missions_load_and_round_trip():
    for path in sorted(LIBRARY.glob("*.yaml")):
        m = load_mission(path)
        assert loads_mission(dumps_mission(m)) == m


def test_floats_keep_their_value_to_a_millionth():
    for value in (0.001, 123.456, -0.5, 1e-4, 0.015625, 2.0000000001, 99999.9999995, 1 / 3):
        m = Mission(title="F", boards=(Board("A"),), objectives=(Objective("1", (value, 0.0)),))
        back = loads_mission(dumps_mission(m)).objectives[0].at[0]
        assert math.isclose(back, round(value, 6), abs_tol=1e-12)


def test_more_places_in_a_file_load_as_they_save():
    text = dumps_mission(Mission(title="F", boards=(Board("A"),), objectives=(Objective("1", (1.0, 2.0)),)))
    m = loads_mission(text.replace("at: [1, 2]", "at: [1.00000000049, 2.1234567]"))
    assert m.objectives[0].at == (1.0, 2.123457)
    assert loads_mission(dumps_mission(m)) == m


def test_mutation_helper_changes_files():
    rnd = random.Random(1)
    assert any(mutate(SEEDS[0], rnd) != SEEDS[0] for _ in range(5))
    assert os.path.isdir(LIBRARY)
