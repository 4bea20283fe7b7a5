"""The prints of a Kill Team killzone, read as a player reads them: the
card, setup sheet, tabletop sheets and cards in the killzone's words (drop
zones, control range, access points, operatives, turning points, the
mission's ops with their victory points), English and German; every
hatchway printed closed, as Kill Team starts them, while the share code
keeps the file as written; the parts counted against the killzone kit; a
mission pack of killzones; and a card without large bare areas."""
from __future__ import annotations

import io
from dataclasses import replace

import pytest
from page_check import problems
from pypdf import PdfReader

from layout_editor.export import build_pages, render
from layout_editor.export.common import BAND, CONTENT_BOTTOM
from layout_editor.export.drawing import Path as PathOp
from layout_editor.export.drawing import Text
from layout_editor.export.mapdraw import OPEN_DOOR
from layout_editor.io import load_mission, loads_mission
from layout_editor.io.share_code import decode
from layout_editor.model.mission import Piece

KILLZONE = """\
format: boarding-actions-mission
version: 1
title: Valve Junction Theta
author: Test author
language: en
game: kill-team
players: 2
sets: 1
boards:
  - {id: A, kind: boarding-actions, at: [0, 0], rotation: 0}
pieces:
  - {code: A3, board: A, from: [1, 2], to: [3, 2], facing: left, open: false}
  - {code: A4, board: A, from: [4, 4], to: [6, 4], facing: right, open: true}
  - {code: B2, board: A, from: [3, 2], to: [3, 3], facing: right, open: false}
  - {code: B2, board: A, from: [4, 3], to: [4, 4], facing: left, open: false}
  - {code: A1, board: A, from: [5, 1], to: [5, 3]}
  - {code: B1, board: A, from: [2, 4], to: [2, 5]}
  - {code: pillar-left, board: A, at: [1, 2]}
  - {code: pillar-right, board: A, at: [3, 2]}
  - {code: pillar-left, board: A, at: [3, 3]}
  - {code: pillar-right, board: A, at: [4, 3]}
  - {code: pillar-left, board: A, at: [5, 1]}
  - {code: pillar-right, board: A, at: [5, 3]}
  - {code: pillar-left, board: A, at: [2, 4]}
  - {code: pillar-right, board: A, at: [2, 5]}
objectives:
  - {id: "1", at: [158, 303.5], name: Coolant valve}
  - {id: "2", at: [352, 303.5], name: Junction cogitator}
  - {id: "3", at: [546, 303.5], name: Pressure seal}
entry_zones:
  - {player: 1, board: A, name: Upper gallery, cells: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]}
  - {player: 2, board: A, name: Lower gallery, cells: [[0, 5], [1, 5], [2, 5], [3, 5], [4, 5], [5, 5], [6, 5]]}
mission:
  briefing: Two kill teams reach the valve junction from opposite galleries. Whoever holds the valves when the
    pressure drops decides where the coolant goes.
  turning_points: 4
  ops:
    - {name: Hold the junction, text: "At the end of each turning point after the first, score 1VP for each
        objective marker you control.", vp: 6}
    - {name: Seal the valve, text: "Once per turning point, an operative within control range of marker 1 or 3
        can perform the Seal action (1 AP): score 1VP.", vp: 3}
    - {name: Break through, text: "At the end of the battle, score 2VP if one of your operatives is wholly
        within the enemy drop zone.", vp: 2}
  victory: The player with the most VP at the end of the fourth turning point wins.
"""


@pytest.fixture(scope="module")
def killzone():
    return loads_mission(KILLZONE, "killzone.yaml")


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf_text(mission, layout="card", paper="a4") -> list[str]:
    reader = PdfReader(io.BytesIO(render(mission, layout, paper, "killzone.yaml")))
    return [flat(p.extract_text()) for p in reader.pages]


def test_the_card_speaks_the_killzones_words(killzone):
    front, back = pdf_text(killzone)
    assert "KILL TEAM" not in front  # the band names the mission and the layout, not the game...
    # ...the subtitle and the key say what the killzone is.
    assert "2 players · 1 killzone kit · 4 turning points · 1 board" in front
    assert "Drop zones" in front and "Drop zone, player 1: Upper gallery" in front
    assert 'control range (1")' in front
    assert "Player 1 (Upper gallery): zones A1, B1, C1, D1, E1, F1, G1" in front
    assert "1 Coolant valve — zone B4" in front  # one board: no "board A" before every zone
    assert "1 killzone kit: A1 ×1, A3 ×1, A4 ×1, B1 ×1, B2 ×2, L ×4, R ×4" in front
    assert "Entry zone" not in front + back and "board A, zone" not in front
    # The back: the ops with the most victory points each scores, the
    # battle's length and the killzone's own rules, then a score table.
    assert "Ops" in back and "Hold the junction (up to 6 VP):" in back and "Break through (up to 2 VP):" in back
    assert "The killzone" in back and "Turning points: 4" in back
    assert "Operate Hatch action (1 AP)" in back and "access point" in back and "operative" in back
    assert 'Control range: 1"' in back
    assert "Victory points" in back and "Player 1 1 2 3 4 Total" in back and "Player 2 1 2 3 4 Total" in back
    assert "Battle rounds" not in back and "Boarding Patrol" not in back
    assert "Share code: scan" in back


def test_a_kill_team_file_with_boarding_actions_numbers_prints_its_own_games():
    """battle_rounds and points belong to Boarding Actions: a kill-team
    file that keeps them (a finding says so) prints turning points only."""
    m = loads_mission(KILLZONE.replace("  turning_points: 4\n", "  turning_points: 4\n  battle_rounds: 5\n"
                                       "  points: 500\n"), "k.yaml")
    front, back = pdf_text(m)
    assert "battle rounds" not in front and "500 points" not in front
    assert "Battle rounds" not in back and "Points:" not in back and "Turning points: 4" in back


def test_the_german_card_speaks_the_killzones_german(killzone):
    front, back = pdf_text(replace(killzone, language="de"))
    assert "Landezonen" in front and "Landezone, Spieler 1: Upper gallery" in front
    assert 'Kontrollreichweite (1")' in front and "1 Killzone-Kit" in front and "4 Wendepunkte" in front
    assert "Alle 4 Schotttüren beginnen geschlossen." in front
    assert "Aufstellungszone" not in front + back
    assert "Die Killzone" in back and "Wendepunkte: 4" in back and "Hold the junction (bis zu 6 SP):" in back
    assert "Zugangspunkts" in back and "Agent" in back and "Siegpunkte" in back and "Spieler 2 1 2 3 4 Summe" in back


def _open_leaves(page) -> int:
    return sum(1 for op in page.ops if isinstance(op, PathOp) and op.fill == OPEN_DOOR)


@pytest.mark.parametrize("layout", ["card", "setup", "tabletop", "cards", "map-svg"])
def test_every_hatchway_prints_closed_as_kill_team_starts_them(killzone, layout):
    assert any(p.open for p in killzone.pieces)  # the file sets one open (a finding says so)
    assert sum(_open_leaves(p) for p in build_pages(killzone, layout)) == 0
    # The same layout as a Boarding Actions mission draws the open leaf: the
    # count above sees open doors where there are any.
    ba = replace(killzone, game="boarding-actions")
    assert sum(_open_leaves(p) for p in build_pages(ba, layout)) >= 1


def test_the_card_says_the_hatchways_start_closed_and_the_code_keeps_the_file(killzone):
    from layout_editor.export.card import card_pages
    from layout_editor.export.qr import qr_for

    front, back = pdf_text(killzone)
    assert "All 4 hatchways start closed. The file sets 1 open: printed closed, as Kill Team starts them." in front
    assert "Hatchway, closed as every hatchway starts" in front and "Hatchway, open" not in front
    # The QR code holds the file as written: the open hatchway comes back open.
    pages = card_pages(killzone, "a4")
    code = qr_for(killzone).code
    back_texts = " ".join(pages[1].texts())
    assert "Share code" in back_texts
    again = decode(code)
    assert again.game == "kill-team"
    assert [p.open for p in again.pieces] == [p.open for p in killzone.pieces]
    # A file with every hatchway closed says nothing about the file.
    closed = replace(killzone, pieces=tuple(replace(p, open=False) if p.open else p for p in killzone.pieces))
    assert "The file sets" not in pdf_text(closed)[0]


def test_the_setup_sheet_counts_against_the_killzone_kit(killzone):
    from layout_editor.export.setup_sheet import placement_rows

    text = " ".join(pdf_text(killzone, "setup"))
    assert "The board Board A: Gallowdark board, not turned" in text
    # Code, piece, used, in the kit (2 of each wall, 8 of each pillar), left.
    assert "Code Piece Used In 1 kit Left in the box" in text
    assert "B2 Short wall with hatchway 2 2 0" in text
    assert "L Pillar, left-hand 4 8 4" in text and "R Pillar, right-hand 4 8 4" in text
    assert "A2 Long wall with pillars 0 2 2" in text
    assert "This layout needs 1 killzone kit (half a terrain set)." in text
    # Every hatchway closed in the lists too.
    states = [r[3] for _name, rows in placement_rows(killzone, "A") for r in rows if r[3]]
    assert states == ["closed"] * 4
    # A third B2 is more than one kit holds: two kits, and the table says so.
    wall = Piece(code="B2", board="A", from_node=(0, 3), to_node=(0, 4), facing="left", open=False)
    more = replace(killzone, pieces=killzone.pieces + (wall,))
    text = " ".join(pdf_text(more, "setup"))
    assert "This layout needs 2 killzone kits." in text and "In 2 kits" in text
    assert "B2 Short wall with hatchway 3 4 1" in text
    # The one board is drawn once, with its zone names: the lists point into it.
    pages = build_pages(killzone, "setup")
    names = [op.text for p in pages for op in p.ops if isinstance(op, Text) and op.text in ("A1", "G6")]
    assert names.count("G6") == 1


def test_the_tabletop_sheets_tile_one_board(killzone):
    from layout_editor.export.tabletop import tiles

    (W, H), (cw, ch), layout, (nx, ny) = tiles(killzone, "a4")
    pages = pdf_text(killzone, "tabletop")
    assert len(pages) == len(layout) == nx * ny
    assert nx * (cw - 10) + 10 >= 704 and ny * (ch - 10) + 10 >= 607
    assert "Row 1, column 1" in pages[0] and "Print at 100 % (actual size)" in pages[0]


def test_the_cards_speak_of_control_range_and_deal_the_ops(killzone):
    text = " ".join(pdf_text(killzone, "cards"))
    assert "1 · Coolant valve" in text and "Where: zone B4" in text
    assert "An operative within 1\" of the marker's edge is within its control range." in text
    # A card per op, with the most victory points it scores.
    assert "OP Hold the junction" in text and "up to 6 VP At the end of each turning point" in text
    assert "OP Break through" in text and "up to 2 VP At the end of the battle" in text
    assert len(build_pages(killzone, "cards")) == 1  # 3 objectives and 3 ops: one sheet of nine
    # A Boarding Actions mission deals no ops (a file may keep them: a finding says so).
    assert "Hold the junction" not in " ".join(pdf_text(replace(killzone, game="boarding-actions"), "cards"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_prints_have_no_overlap_cut_name_or_word_near_an_edge(killzone, paper, language):
    m = replace(killzone, language=language)
    found = []
    for layout in ("card", "setup", "cards", "tabletop"):
        for n, page in enumerate(build_pages(m, layout, paper, source="killzone.yaml"), 1):
            found += [f"{layout} page {n}: {p}" for p in problems(page)]
    assert found == []
    front, back, *more = build_pages(m, "card", paper)
    assert more == []


def _reach(page, x0: float, x1: float) -> float:
    """How far down the page (0 at the content's top, 1 at its foot) the
    lowest text or drawing between x0 and x1 reaches."""
    top, bottom = 50.0, page.height - CONTENT_BOTTOM
    low = top
    for op in page.ops:
        if isinstance(op, Text) and x0 <= op.x < x1 and top < op.y < bottom:
            low = max(low, op.y)
        elif isinstance(op, PathOp) and op.rings and top < op.rings[0][0][1] < bottom:
            xs = [p[0] for ring in op.rings for p in ring]
            if x0 <= min(xs) < x1:
                low = max(low, max(p[1] for ring in op.rings for p in ring))
    return (low - top) / (bottom - top)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_card_has_no_large_bare_area(killzone, paper):
    """The back's texts are shared out over its columns and the score
    tables follow them, so no column stands bare; the front's key beside
    the killzone's map reaches well down its column."""
    front, back = build_pages(killzone, "card", paper)
    W = back.width
    thirds = [(0, W / 3), (W / 3, 2 * W / 3)]
    for x0, x1 in thirds:
        assert _reach(back, x0, x1) > 0.55, (x0, _reach(back, x0, x1))
    # The third column holds the second player's table at its head, the QR
    # code at its foot.
    tables = [op for op in back.ops if isinstance(op, Text) and op.text == "Player 2" and op.x > 0.6 * W]
    assert tables
    key_x = max(op.x for op in front.ops if isinstance(op, Text) and op.text == "Legend")
    assert _reach(front, key_x, W) > 0.6


def test_the_boarding_actions_back_shares_its_texts_out_too():
    """derelict-crossing's back once filled one column and left the middle
    one mostly bare."""
    from pathlib import Path

    m = load_mission(Path(__file__).resolve().parents[2] / "mission_library" / "derelict-crossing.yaml")
    _front, back = build_pages(m, "card")
    W = back.width
    for x0, x1 in [(0, W / 3), (W / 3, 2 * W / 3)]:
        assert _reach(back, x0, x1) > 0.55
    texts = " ".join(back.texts())
    assert "Victory points" in texts and "Battle round 1 2 3 4 5 Total" in texts
    headings = [op for op in back.ops if isinstance(op, Text) and op.colour == BAND and op.bold]
    assert headings and min(op.size for op in headings) > 9.6 * 1.3  # printed larger than before (9.6 at most)


def test_a_mission_pack_of_killzones_counts_kits(killzone):
    from layout_editor.catalogue import default_catalogue
    from layout_editor.export.pack import pack_pages, pack_parts

    wall = Piece(code="B2", board="A", from_node=(0, 3), to_node=(0, 4), facing="left", open=False)
    second = replace(killzone, title="Second junction", pieces=killzone.pieces + (wall,))
    parts = pack_parts([killzone, second])
    kit = default_catalogue().per_set("killzone-gallowdark")
    assert parts.per_set == kit
    # 3 B2 in the second mission, 2 to a kit: 2 kits; the first needs 1.
    assert parts.sets == (1, 2) and parts.pack_sets == 2 and parts.pack_boards == 1
    pages = pack_pages([killzone, second], title="Gallowdark Night", language="en")
    cover = " ".join(pages[0].texts())
    assert "KILL TEAM · MISSION PACK" in cover
    text = flat(" ".join(" ".join(p.texts()) for p in pages))
    assert "Kits and boards for every mission and for the pack" in text
    assert "rounded up to whole killzone kits" in text
    assert "To play these missions one after another on one table: 2 killzone kits and 1 board." in text
    assert "In 2 kits" in text
    # A pack that mixes the games counts in whole terrain sets and names no game.
    from layout_editor.export.specimen import specimen_mission

    mixed = pack_parts([killzone, specimen_mission()])
    assert mixed.per_set["B2"] == default_catalogue().pieces["B2"].per_set == 4
    pages = pack_pages([killzone, specimen_mission()], language="en")
    cover = " ".join(pages[0].texts())
    assert "MISSION PACK" in cover and "KILL TEAM" not in cover and "BOARDING ACTIONS" not in cover
    for page in pages:
        assert problems(page) == []


def test_the_mission_page_speaks_the_killzones_words_and_starts_closed(killzone):
    from layout_editor.export.html_page import html_text

    page = html_text(killzone, "killzone.yaml")
    text = flat(page)
    assert "Drop zones" in text and "Entry zones" not in text
    assert "Hold the junction (up to 6 VP): </b>" in text and "Turning points: </b>4" in text
    assert "All 4 hatchways start closed." in text and "1 killzone kit: </b>A1 ×1" in text
    # Every hatchway starts closed on the page as on paper; the share code
    # the page carries keeps the file.
    assert 'data-open="1"' not in page
    assert 'data-open="1"' in html_text(replace(killzone, game="boarding-actions"))


def test_every_word_the_pages_print_has_german_in_both_games():
    """Every literal text the pages ask words.py for, as Boarding Actions
    says it and as Kill Team says it, has a German translation (the pages'
    own table or the editor's shared context)."""
    import ast
    from pathlib import Path

    from layout_editor.export.words import GERMAN, KILL_TEAM, editor_words

    shared = editor_words("de")
    export = Path(__file__).resolve().parents[2] / "layout_editor" / "export"
    missing, seen = [], 0
    for path in sorted(export.glob("*.py")):
        if path.name in ("words.py", "designer_page.py", "designer_rounds.py"):  # the designer's pages have their own tables
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "word")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                seen += 1
                text = node.args[0].value
                for said in {text, KILL_TEAM.get(text, text)}:
                    if said not in GERMAN and said not in shared:
                        missing.append(f"{path.name}: {said!r}")
    assert seen > 150
    assert missing == []
    assert all(kt in GERMAN or kt in shared for kt in KILL_TEAM.values())
