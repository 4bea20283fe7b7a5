"""The mission pack: the sets for a pack worked out by hand, the booklet's
pages (cover, contents pointing at the right pages, parts page, each card
starting on a front side), the pack's words in German, and the command."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from layout_editor.cli import main as cli_main
from layout_editor.export.pack import PackError, pack_pages, pack_parts, pack_pdf
from layout_editor.io import load_mission
from layout_editor.model.mission import Piece

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
THREE = [str(LIBRARY / n) for n in ("derelict-crossing.yaml", "coolant-labyrinth.de.yaml", "ossuary-deck.yaml")]


@pytest.fixture(scope="module")
def three():
    return [load_mission(p) for p in THREE]


@pytest.fixture(scope="module")
def pages(three):
    return pack_pages(three, title="Autumn Cup", organiser="Run by the Gallowdark Club", language="en",
                      sources=THREE)


def test_sets_for_three_library_missions_worked_by_hand(three):
    parts = pack_parts(three)
    # Counted from the files (validate's parts list): derelict-crossing uses
    # 2 B1 and 12 L, coolant-labyrinth 4 B1 and 12 L, ossuary-deck 8 B1, 18 L
    # and 16 R. A set holds 4 of each wall and 16 of each pillar.
    assert parts.per_mission[0]["B1"] == 2 and parts.per_mission[1]["B1"] == 4
    assert parts.most["B1"] == 8          # ossuary-deck's
    assert parts.most["pillar-left"] == 18
    assert parts.most["pillar-right"] == 16
    assert parts.most["wall-end"] == 4    # derelict-crossing's, the others have none
    assert parts.most["A2"] == 4
    # 8 B1 / 4 per set = 2; 18 L / 16 per set = 1.125 -> 2; nothing needs 3.
    assert parts.pack_sets == 2
    assert parts.sets == (1, 1, 2)
    assert parts.boards == (2, 2, 2) and parts.pack_boards == 2


def test_pack_sets_take_each_pieces_most_from_different_missions(three):
    """The most of each piece may come from different missions; the sets
    hold all those maxima at once."""
    base = three[0]
    on_a = [p for p in base.pieces if p.board == "A"]
    pillar = next(p for p in on_a if p.code == "pillar-left")
    # Mission X: 17 left-hand pillars (2 sets' worth), nothing else.
    x = replace(base, pieces=tuple(replace(pillar) for _ in range(17)))
    # Mission Y: 9 short walls B1 (3 sets' worth: 9 / 4 = 2.25 -> 3).
    wall = Piece(code="B1", board="A", from_node=(0, 0), to_node=(0, 1))
    y = replace(base, pieces=tuple(replace(wall) for _ in range(9)))
    parts = pack_parts([x, y])
    assert parts.most == {"B1": 9, "pillar-left": 17}
    assert parts.sets == (2, 3)
    assert parts.pack_sets == 3
    # One mission with nothing: one set all the same.
    assert pack_parts([replace(base, pieces=())]).pack_sets == 1


def test_cover_contents_and_parts_pages(pages, three):
    cover = " ".join(pages[0].texts())
    assert "Autumn Cup" in cover and "Run by the Gallowdark Club" in cover and "3 missions" in cover
    contents = pages[1].texts()
    assert "Contents" in contents
    # The contents' numbers point at the pages that hold what they name.
    for m in three:
        name = next(t for t in contents if t.endswith(m.title))
        k = contents.index(name)
        card_at, setup_at = int(contents[k + 1]), int(contents[k + 2])
        card_page = pages[card_at - 1].texts()
        assert m.title in card_page
        # Each card starts on a front side (an odd page) for double-sided printing.
        assert card_at % 2 == 1
        assert any(t.upper() in ("MISSION CARD · FRONT", "MISSIONSKARTE · VORDERSEITE") for t in card_page)
        setup_page = pages[setup_at - 1].texts()
        assert m.title in setup_page and any(t.upper() in ("SETUP SHEET", "AUFBAUPLAN") for t in setup_page)
    parts_at = int(contents[contents.index("Parts for the pack") + 1])
    parts = " ".join(pages[parts_at - 1].texts())
    assert "To play these missions one after another on one table: 2 terrain sets and 2 boards." in parts
    # Every page but the cover carries the booklet's page count.
    n = len(pages)
    for k, page in enumerate(pages[1:], 2):
        assert any(t.endswith(f"page {k} of {n}") for t in page.texts()), k


def test_missions_keep_their_language_and_the_pack_speaks_german(three):
    pages = pack_pages(three, title="Herbstpokal", language="de", sources=THREE)
    texts = [" ".join(p.texts()) for p in pages]
    assert "3 Missionen" in texts[0]
    assert "Inhalt" in texts[1]
    assert any("Um diese Missionen nacheinander auf einem Tisch zu spielen: 2 Geländesets und 2 Spielplatten."
               in t for t in texts)
    # The English missions' cards stay English; the German one is German.
    assert any("Derelict Crossing" in t and "MISSION CARD · FRONT" in t for t in texts)
    assert any("Kühlmittellabyrinth" in t and "MISSIONSKARTE · VORDERSEITE" in t for t in texts)
    assert all(f"Seite {k} von {len(pages)}" in t for k, t in enumerate(texts[1:], 2))


def test_pdf_reads_back(three):
    data = pack_pdf(three, title="Autumn Cup", paper="letter", sources=THREE)
    reader = PdfReader(io.BytesIO(data))
    assert reader.metadata.title == "Autumn Cup"
    assert all(round(float(p.mediabox.width)) in (612, 792) for p in reader.pages)
    assert "Parts for the pack" in reader.pages[2].extract_text()


def test_bad_inputs_are_one_message(three):
    with pytest.raises(PackError):
        pack_pages([], title="x")
    with pytest.raises(PackError, match="language"):
        pack_pages(three, language="fr")
    with pytest.raises(PackError, match="no boards"):
        pack_pages([replace(three[0], boards=(), pieces=())], sources=["empty.yaml"])


def test_command_line(tmp_path, capsys):
    out = tmp_path / "pack.pdf"
    assert cli_main(["pack", *THREE, "-o", str(out), "--title", "Cup", "--organiser", "Club",
                     "--paper", "letter", "--language", "de"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert cli_main(["pack", THREE[0], str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "missing.yaml" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
    with pytest.raises(SystemExit) as e:
        cli_main(["pack", THREE[0], "-o", str(out), "--language", "fr"])
    assert e.value.code == 2
