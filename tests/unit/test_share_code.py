"""Share codes: a mission survives encode -> decode exactly, codes are
compact and URL-safe, and every damaged code gets a clear ShareCodeError."""
from __future__ import annotations

import base64
import lzma
import re
import sys
import tracemalloc
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from layout_editor.catalogue import default_catalogue
from layout_editor.export.specimen import specimen_mission
from layout_editor.io import dumps_mission, loads_mission
from layout_editor.io.share_code import PREFIX, VERSION, ShareCodeError, decode, encode
from layout_editor.model.mission import Board, EntryZone, Mission, MissionText, Objective, Piece, Region, Section

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import pathological  # noqa: E402

CAT = default_catalogue()
KIND = CAT.board("boarding-actions")
NX, NY = KIND.nodes
ZX, ZY = KIND.zones

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20).filter(
    lambda s: s.strip() == s and s != "")


@st.composite
def walls(draw, board: str):
    code = draw(st.sampled_from(CAT.wall_codes))
    span = CAT.piece(code).span
    horizontal = draw(st.booleans())
    if horizontal:
        i = draw(st.integers(0, NX - 1 - span))
        j = draw(st.integers(0, NY - 1))
        a, b = (i, j), (i + span, j)
    else:
        i = draw(st.integers(0, NX - 1))
        j = draw(st.integers(0, NY - 1 - span))
        a, b = (i, j), (i, j + span)
    if draw(st.booleans()):
        a, b = b, a
    facing = is_open = None
    if CAT.piece(code).has_hatchway:
        facing = draw(st.sampled_from(["left", "right"]))
        is_open = draw(st.booleans())
    return Piece(code=code, board=board, from_node=a, to_node=b, facing=facing, open=is_open)


@st.composite
def posts(draw, board: str):
    code = draw(st.sampled_from(["pillar-left", "pillar-right", "wall-end"]))
    i, j = draw(st.integers(0, NX - 2)), draw(st.integers(0, NY - 2))
    if code == "wall-end":
        caps = draw(st.sampled_from([(i + 1, j), (i, j + 1)]))
        return Piece(code=code, board=board, at=(i, j), caps=caps)
    return Piece(code=code, board=board, at=(i, j), turned=draw(st.booleans()))


cells = st.lists(st.tuples(st.integers(0, ZX - 1), st.integers(0, ZY - 1)), min_size=1, max_size=6,
                 unique=True).map(tuple)


@st.composite
def missions(draw):
    n_boards = draw(st.integers(1, 3))
    boards = tuple(Board(id=chr(65 + n), at=(float(n * KIND.width + draw(st.integers(0, 3)) * 50), 0.0),
                         rotation=draw(st.sampled_from([0, 90, 180, 270]))) for n in range(n_boards))
    ids = [b.id for b in boards]
    pieces = []
    for bid in ids:
        pieces += draw(st.lists(walls(bid), max_size=6))
        pieces += draw(st.lists(posts(bid), max_size=4))
    players = draw(st.integers(2, 4))
    # Files keep table millimetres to a millionth (the writer rounds), so
    # build positions as the editor makes them: to a thousandth of a mm.
    coord = st.floats(0, 2000, allow_nan=False).map(lambda v: round(v, 3))
    objectives = tuple(Objective(str(n + 1), (draw(coord), draw(coord)),
                                 name=draw(st.none() | names))
                       for n in range(draw(st.integers(0, 5))))
    zones = tuple(EntryZone(p, draw(st.sampled_from(ids)), draw(cells), name=draw(st.none() | names))
                  for p in range(1, players + 1))
    regions = tuple(Region(draw(names), draw(st.sampled_from(ids)), draw(cells))
                    for _ in range(draw(st.integers(0, 2))))
    text = MissionText(briefing=draw(st.none() | texts),
                       sections=tuple(Section(draw(names), draw(texts)) for _ in range(draw(st.integers(0, 2)))),
                       victory=draw(st.none() | texts),
                       battle_rounds=draw(st.none() | st.integers(1, 9)),
                       points=draw(st.none() | st.integers(100, 2000)))
    return Mission(title=draw(names), author=draw(st.none() | names), players=players,
                   sets=draw(st.integers(1, 3)), boards=boards, pieces=tuple(pieces), objectives=objectives,
                   entry_zones=zones, regions=regions, mission=text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(missions())
def test_decode_of_encode_is_the_same_mission(mission):
    code = encode(mission)
    assert re.fullmatch(r"BAM1[dzx]\.[A-Za-z0-9_-]+", code)
    assert decode(code) == mission


def test_specimen_round_trip_and_compactness():
    m = specimen_mission()
    code = encode(m)
    assert decode(code) == m
    from layout_editor.io import dumps_mission

    assert len(code) < len(dumps_mission(m)) / 2


def test_code_pasted_from_a_chat_still_decodes():
    m = specimen_mission()
    code = encode(m)
    wrapped = "  '" + "\n".join(code[i:i + 60] for i in range(0, len(code), 60)) + "'\n"
    assert decode(wrapped) == m


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("hello world", "not a mission share code"),
    ("BAM9z.AAAA", "newer version"),
    ("BAM1q.AAAA", "unknown compression"),
    ("BAM1z.ab$cd", "characters"),
    ("BAM1z.A", "length"),
])
def test_bad_codes_say_what_is_wrong(text, words):
    with pytest.raises(ShareCodeError, match=words):
        decode(text)


def test_damaged_and_cut_codes():
    code = encode(specimen_mission())
    with pytest.raises(ShareCodeError, match="cut short|damaged"):
        decode(code[:-40])
    middle = len(code) // 2
    flipped = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    with pytest.raises(ShareCodeError):
        decode(flipped)


def test_characters_after_the_end_of_the_mission_are_refused():
    # a whole zlib stream and then more: not a code this program made
    text = b"format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - {id: A, at: [0, 0]}\n"
    whole = base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")
    assert decode("BAM1z." + whole).title == "T"
    more = base64.urlsafe_b64encode(zlib.compress(text) + b"more").decode().rstrip("=")
    with pytest.raises(ShareCodeError, match="the code has extra characters at its end"):
        decode("BAM1z." + more)


def test_valid_compression_of_a_broken_mission_is_a_share_code_error():
    payload = base64.urlsafe_b64encode(zlib.compress(b"format: boarding-actions-mission\nversion: 1\n"))
    with pytest.raises(ShareCodeError, match="cannot be used"):
        decode("BAM1z." + payload.decode().rstrip("="))


def test_decompression_bomb_is_refused_quickly():
    bomb = zlib.compress(b"a" * (6 * 1024 * 1024), 9)
    code = "BAM1z." + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(ShareCodeError, match="larger than 5 MB"):
        decode(code)


def golden_mission():
    from layout_editor.model.mission import MissionText

    return Mission(title="Golden Code", boards=(Board("A"), Board("B", at=(704.0, 0.0))),
                   pieces=(Piece("A3", "A", from_node=(3, 1), to_node=(3, 3), facing="left", open=False),
                           Piece("pillar-left", "A", at=(3, 1), turned=True)),
                   objectives=(Objective("1", (352.0, 303.5), name="Vault"),),
                   entry_zones=(EntryZone(1, "A", ((0, 0), (0, 1))), EntryZone(2, "B", ((6, 5),))),
                   mission=MissionText(briefing="Größe & <Łódź>", battle_rounds=5))


# Made by this program on 2026-11-21: codes players have shared must decode
# forever, so this one must always give the same mission.
GOLDEN = ("BAM1d.ePmOP4niI6P8c8_PAVX_zkCLhkKhZ4Atlxrjyx6GSNFpDE83OBIKehrEEVdIAW-MPboJFszAEhnoGANj1GI5LLEU2JAiUDYTUSCTV"
          "OCCClKsbQH3osPbDs9PVVBTsDnaeHhzytFddthqbgCBGLYN")


def test_a_code_shared_today_decodes_forever():
    assert decode(GOLDEN) == golden_mission()


def test_the_dictionary_never_changes():
    import hashlib

    from layout_editor.io.share_code import DICTIONARY_1

    # Changing it breaks every "d" code ever shared: add a new method letter instead.
    assert hashlib.sha256(DICTIONARY_1).hexdigest()[:16] == "1f844d0f1a69f62b"


@pytest.mark.parametrize("method", ["d", "z", "x"])
def test_every_method_decodes(method):
    import lzma

    from layout_editor.io import dumps_mission
    from layout_editor.io.share_code import DICTIONARY_1

    m = golden_mission()
    text = dumps_mission(m).encode("utf-8")
    if method == "d":
        packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY_1)
        data = packer.compress(text) + packer.flush()
    elif method == "z":
        data = zlib.compress(text, 9)
    else:
        data = lzma.compress(text, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32)
    assert decode(f"BAM1{method}." + base64.urlsafe_b64encode(data).decode().rstrip("=")) == m


def test_the_dictionary_makes_library_missions_fit_a_printed_qr_code():
    from pathlib import Path

    from layout_editor.export.qr import qr_for
    from layout_editor.io import load_mission

    library = sorted(Path(__file__).resolve().parents[2].joinpath("mission_library").glob("*.yaml"))
    if not library:
        pytest.skip("no library missions yet")
    for path in library:
        m = load_mission(path)
        assert encode(m).startswith("BAM1d.")
        assert qr_for(m) is not None, path.name


def test_an_xz_share_code_cannot_ask_for_gigabytes():
    code = pathological.xz_bomb_code()
    assert len(code) < 300
    tracemalloc.start()
    try:
        with pytest.raises(ShareCodeError) as info:
            decode(code)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "to unpack" in str(info.value) and peak < 10_000_000


def test_an_ordinary_xz_share_code_still_decodes():
    m = loads_mission("format: boarding-actions-mission\nversion: 1\ntitle: T\nboards:\n  - {id: A, at: [0, 0]}\n")
    data = lzma.compress(dumps_mission(m).encode(), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=9)
    assert decode(f"{PREFIX}{VERSION}x." + base64.urlsafe_b64encode(data).decode().rstrip("=")) == m
    assert decode(encode(m)) == m
