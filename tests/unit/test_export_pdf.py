"""The printed layouts, read back: text extracted from the PDFs, page sizes,
the true-size zone pitch measured from the drawing, the map images."""
from __future__ import annotations

import io
import struct
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from layout_editor import __version__
from layout_editor.catalogue import default_catalogue
from layout_editor.cli import main as cli_main
from layout_editor.export import ExportError, build_pages, export_file, render
from layout_editor.export.drawing import MM
from layout_editor.export.mapdraw import GRID
from layout_editor.export.specimen import specimen_mission
from layout_editor.export.tabletop import tiles

CAT = default_catalogue()
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


@pytest.fixture(scope="module")
def mission():
    return specimen_mission()


def pdf(mission, layout, paper="a4", source="derelict-crossing.yaml") -> PdfReader:
    return PdfReader(io.BytesIO(render(mission, layout, paper, source)))


def text_of(reader: PdfReader) -> str:
    return "\n".join(p.extract_text() for p in reader.pages)


def sizes(reader: PdfReader):
    return [(round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) for p in reader.pages]


def test_card_holds_title_codes_objectives_and_texts(mission):
    reader = pdf(mission, "card")
    text = text_of(reader)
    assert mission.title in text
    labels = {CAT.piece(p.code).label for p in mission.pieces}
    assert {"A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2", "L", "R", "WE"} <= labels
    page1 = reader.pages[0].extract_text()
    for label in labels:
        assert label in page1, label
    for o in mission.objectives:
        assert o.id in page1
        assert o.name in text
    assert "Briefing" in text and "Mission rules" in text and "Victory conditions" in text
    assert "reactor that still holds its charge" in " ".join(text.split())
    assert "Boarding torpedo" in text and "Reactor hall" in text
    assert "Legend" in page1 and "inches" in page1
    assert f"layout editor {__version__}" in text and "derelict-crossing.yaml" in text
    assert f"page 1 of {len(reader.pages)}" in page1


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_card_pages_are_landscape(mission, paper, size):
    reader = pdf(mission, "card", paper)
    assert all(s == (round(size[1], 1), round(size[0], 1)) for s in sizes(reader))


def test_card_zone_names_are_on_the_map(mission):
    from collections import Counter

    from layout_editor.export.mapdraw import ZONE_TEXT

    page1 = build_pages(mission, "card")[0]
    grid = Counter(op.text for op in page1.ops if getattr(op, "colour", None) == ZONE_TEXT)
    # Column letters on two edges of each board; row numbers on the table's
    # outer edges only: at the seam of boards laid side by side they would
    # stand in a stack. (The legend's grid sample adds one "C" and one "4".)
    assert [b.at[1] for b in mission.boards] == [0.0, 0.0]
    for name in "ABCDEFG":
        assert grid[name] == 2 * len(mission.boards) + (name == "C"), name
    for name in "123456":
        assert grid[name] == 2 + (name == "4"), name
    # Zone names in the objectives list, as players call them out.
    assert "board A, zone C3" in " ".join(text_of(pdf(mission, "card")).split())


def test_setup_sheet_parts_and_placements(mission):
    reader = pdf(mission, "setup")
    text = " ".join(text_of(reader).split())
    assert all(s == (round(A4[0], 1), round(A4[1], 1)) for s in sizes(reader))
    assert "Parts" in text and "Left in the box" in text
    assert "This layout needs 1 terrain set" in text
    assert "Board A: placement" in text and "Board B: placement" in text
    # The first hatchway of the specimen, as a person reads it.
    assert "along line 2: D/2 → F/2" in text
    assert "door faces zones D1–E1" in text
    assert "caps the wall towards F/2" in text
    assert "open" in text and "closed" in text


def test_setup_sheet_lists_every_piece_once(mission):
    from layout_editor.export.setup_sheet import placement_rows

    for b in mission.boards:
        rows = [r for _name, group in placement_rows(mission, b.id) for r in group]
        assert len(rows) == len(mission.pieces_on(b.id))


def _grid_lines(page):
    """Vertical and horizontal zone-line segments (stroked in the grid colour)
    of a PDF page, in points."""
    want = tuple(round(int(GRID[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    ops = ContentStream(page.get_contents(), page.pdf).operations
    colour, path, xs, ys = None, [], set(), set()
    for operands, op in ops:
        if op == b"RG":
            colour = tuple(round(float(v), 3) for v in operands)
        elif op == b"m":
            path = [(float(operands[0]), float(operands[1]))]
        elif op == b"l":
            path.append((float(operands[0]), float(operands[1])))
        elif op == b"S" and colour == want and len(path) == 2:
            (x0, y0), (x1, y1) = path
            if abs(x0 - x1) < 1e-6:
                xs.add(round(x0, 3))
            elif abs(y0 - y1) < 1e-6:
                ys.add(round(y0, 3))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("paper, turned", [("a4", False), ("letter", False), ("a4", True)])
def test_tabletop_pitch_is_true_size(mission, paper, turned):
    if turned:
        from dataclasses import replace

        from layout_editor.model.mission import Board

        mission = replace(mission, boards=(Board("A", at=(0.0, 0.0), rotation=90),
                                           Board("B", at=(700.0, 50.0), rotation=270)))
    reader = pdf(mission, "tabletop", paper)
    measured = []
    for page in reader.pages:
        for axis in _grid_lines(page):
            for a, b in zip(axis, axis[1:]):
                gap_mm = (b - a) / MM
                if 80 < gap_mm < 115:  # neighbouring zone lines of one board
                    measured.append(gap_mm)
    assert len(measured) > 20
    assert all(abs(g - 97.0) <= 0.3 for g in measured), sorted(measured)[:3] + sorted(measured)[-3:]


def test_tabletop_tiles_cover_the_table_with_overlap(mission):
    (W, H), (cw, ch), layout, (nx, ny) = tiles(mission, "a4")
    xs = sorted({t[2] for t in layout})
    assert all(abs((b - a) - (cw - 10)) < 1e-6 for a, b in zip(xs, xs[1:]))
    assert xs[0] <= 0 and xs[-1] + cw >= 2 * 704
    reader = pdf(mission, "tabletop")
    assert len(reader.pages) == len(layout)
    text = text_of(reader)
    assert "Row 1, column 1" in text and f"Row {ny}, column {nx}" in text
    assert "Print at 100 % (actual size)" in text and "50 mm" in text


def test_cards_are_poker_size_nine_to_a_page(mission):
    pages = build_pages(mission, "cards")
    expected = len(mission.objectives) + len(mission.regions) + len(mission.mission.sections)
    assert len(pages) == -(-expected // 9)
    reader = pdf(mission, "cards")
    text = text_of(reader)
    for o in mission.objectives:
        assert f"{o.id} · {o.name}" in text
    assert "Airlock" in text and "Mission rules" in text and "Deployment" in text
    # Cut marks sit on the 63 x 88 mm grid: measure them from the drawing.
    from layout_editor.export.cards import _grid_origin

    H = float(reader.pages[0].mediabox.height)
    _x0, y0 = _grid_origin(float(reader.pages[0].mediabox.width), H)
    ops = ContentStream(reader.pages[0].get_contents(), reader).operations
    # The marks above the grid: every path that starts in the top margin.
    xs = sorted({round(float(o[0][0]), 3) for o in ops if o[1] == b"m" and float(o[0][1]) > H - y0 + 1})
    assert len(xs) == 4
    assert all(abs((b - a) / MM - 63.0) < 0.05 for a, b in zip(xs, xs[1:]))


def test_long_rule_section_continues_on_the_next_card(mission):
    from dataclasses import replace

    from layout_editor.model.mission import Section

    long = replace(mission, mission=replace(mission.mission, sections=(Section("Long rule", "word " * 900),)))
    text = text_of(pdf(long, "cards"))
    assert "Mission rule · continued" in text.replace("MISSION RULE · CONTINUED", "Mission rule · continued") \
        or "MISSION RULE · CONTINUED" in text


def test_map_svg_is_valid_and_png_is_a_png(mission, tmp_path):
    svg = tmp_path / "map.svg"
    export_file(mission, svg, layout="map-svg")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    assert mission.title in svg.read_text(encoding="utf-8")
    png = tmp_path / "map.png"
    export_file(mission, png, layout="map-png")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 2000 and height > 900


def test_bad_requests_are_export_errors(mission, tmp_path):
    with pytest.raises(ExportError, match="paper"):
        export_file(mission, tmp_path / "x.pdf", paper="a5")
    with pytest.raises(ExportError, match="layout"):
        export_file(mission, tmp_path / "x.pdf", layout="poster")
    with pytest.raises(ExportError, match="does not exist"):
        export_file(mission, tmp_path / "missing" / "x.pdf")


def test_export_leaves_no_temporary_files(mission, tmp_path):
    export_file(mission, tmp_path / "card.pdf")
    assert [p.name for p in tmp_path.iterdir()] == ["card.pdf"]


def test_cli_export_every_layout(mission, tmp_path, capsys):
    from layout_editor.io import save_mission

    src = tmp_path / "derelict.yaml"
    save_mission(mission, src)
    for layout, ext in (("card", "pdf"), ("setup", "pdf"), ("tabletop", "pdf"), ("cards", "pdf"),
                        ("map-svg", "svg"), ("map-png", "png")):
        out = tmp_path / f"{layout}.{ext}"
        assert cli_main(["export", str(src), "-o", str(out), "--layout", layout, "--paper", "letter"]) == 0
        assert out.stat().st_size > 1000
    assert "derelict.yaml" in text_of(PdfReader(str(tmp_path / "card.pdf")))
    assert cli_main(["export", str(src), "-o", str(tmp_path / "nope" / "x.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_cli_share_code_and_import(mission, tmp_path, capsys):
    from layout_editor.io import load_mission, save_mission

    src = tmp_path / "m.yaml"
    save_mission(mission, src)
    assert cli_main(["share-code", str(src)]) == 0
    code = capsys.readouterr().out.strip()
    out = tmp_path / "back.yaml"
    assert cli_main(["import-code", code, "-o", str(out)]) == 0
    assert load_mission(out) == mission
    assert cli_main(["import-code", "garbage", "-o", str(out)]) == 2
    assert "share code:" in capsys.readouterr().err


@pytest.mark.parametrize("layout", ["setup", "cards", "tabletop"])
@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_portrait_layouts_page_sizes(mission, layout, paper, size):
    got = set(sizes(pdf(mission, layout, paper)))
    portrait, landscape = (round(size[0], 1), round(size[1], 1)), (round(size[1], 1), round(size[0], 1))
    if layout == "tabletop":
        assert len(got) == 1 and got <= {portrait, landscape}  # whichever needs fewer sheets
    else:
        assert got == {portrait}


def test_small_mission_fits_one_page_with_its_qr_code():
    from layout_editor.export.qr import qr_for
    from layout_editor.io.share_code import encode
    from layout_editor.model.mission import Board, EntryZone, Mission, MissionText, Objective, Piece

    m = Mission(title="Tiny Skirmish", boards=(Board("A"), Board("B", at=(704.0, 0.0))),
                pieces=(Piece("A3", "A", from_node=(3, 1), to_node=(3, 3), facing="left", open=False),),
                objectives=(Objective("1", (352.0, 303.5)),),
                entry_zones=(EntryZone(1, "A", ((0, 0),)), EntryZone(2, "B", ((6, 5),))),
                mission=MissionText(briefing="Short and sharp."))
    qr = qr_for(m)
    assert qr is not None and qr.code == encode(m)
    n = len(qr.matrix)
    assert n == 17 + 4 * qr.version
    reader = pdf(m, "card")
    assert len(reader.pages) == 2  # one sheet: front and back
    front, back = (p.extract_text() for p in reader.pages)
    assert "on the back" in front and "FRONT" in front
    assert "Share code: scan" in back and "Short and sharp." in back and "BACK" in back


def test_mission_too_big_for_a_qr_code_says_so(mission):
    from dataclasses import replace

    from layout_editor.export.qr import qr_for

    big = replace(mission, mission=replace(mission.mission, briefing="Unrepeatable " + " ".join(
        f"{n * 7919 % 100003:x}" for n in range(1500))))
    assert qr_for(big) is None
    text = text_of(pdf(big, "card"))
    assert "Share code too long for a printed QR code" in text


def test_the_note_for_a_mission_too_big_for_a_qr_code_names_the_editors_menu(mission):
    """The share code is copied with File > Copy share code; there is no
    File > Share code."""
    from dataclasses import replace

    big = replace(mission, mission=replace(mission.mission, briefing="Unrepeatable " + " ".join(
        f"{n * 7919 % 100003:x}" for n in range(1500))))
    text = " ".join(text_of(pdf(big, "card")).split())
    assert "File > Copy share code" in text and "File > Share code" not in text
    german = " ".join(text_of(pdf(replace(big, language="de"), "card")).split())
    assert "Datei > Missionscode kopieren" in german


def test_empty_mission_exports_every_layout():
    from layout_editor.model.mission import two_board_mission

    m = two_board_mission("Empty")
    for layout in ("card", "setup", "tabletop", "cards", "map-svg", "map-png"):
        assert len(render(m, layout)) > 500
    assert "No terrain on this board" in text_of(pdf(m, "setup"))
    assert "no objectives, regions or rule sections" in text_of(pdf(m, "cards"))


def test_library_missions_export(tmp_path):
    from pathlib import Path

    from layout_editor.io import load_mission

    library = sorted(Path(__file__).resolve().parents[2].joinpath("mission_library").glob("*.yaml"))
    if not library:
        pytest.skip("no library missions yet")
    for path in library[:4]:
        m = load_mission(path)
        text = text_of(pdf(m, "card", source=str(path)))
        assert m.title in " ".join(text.split()) or m.title[:20] in text
        for o in m.objectives:
            assert o.id in text


def test_exported_file_is_an_ordinary_readable_file(mission, tmp_path):
    import os

    out = tmp_path / "card.pdf"
    export_file(mission, out)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    os.chmod(out, 0o640)
    export_file(mission, out)  # replacing keeps the mode the user gave it
    assert out.stat().st_mode & 0o777 == 0o640


def test_qr_code_is_drawn_module_for_module():
    from layout_editor.export.card import card_pages
    from layout_editor.export.drawing import Path as PathOp
    from layout_editor.export.qr import qr_for
    from layout_editor.model.mission import Board, Mission, MissionText

    m = Mission(title="QR check", boards=(Board("A"),), mission=MissionText(briefing="Scan me."))
    qr = qr_for(m)
    page = card_pages(m, "a4", share=qr.code)[1]  # the back
    black = [op for op in page.ops if isinstance(op, PathOp) and op.fill == "#000000"]
    xs = [pt[0] for op in black for pt in op.rings[0]]
    ys = [pt[1] for op in black for pt in op.rings[0]]
    n = len(qr.matrix)
    x0, y0 = min(xs), min(ys)
    module = (max(xs) - x0) / n
    assert module / MM >= 0.55  # large enough to scan from a 100 dpi scan
    drawn = [[False] * n for _ in range(n)]
    for op in black:
        (ax, ay), (bx, _) = op.rings[0][0], op.rings[0][1]
        r = round((ay - y0) / module)
        for c in range(round((ax - x0) / module), round((bx - x0) / module)):
            drawn[r][c] = True
    assert drawn == [list(row) for row in qr.matrix]


def test_missions_built_in_code_with_impossible_parts_get_an_export_error(mission):
    from dataclasses import replace

    from layout_editor.model.mission import Board, Piece

    with pytest.raises(ExportError, match="no boards"):
        build_pages(replace(mission, boards=()), "card")
    with pytest.raises(ExportError, match="catalogue"):
        build_pages(replace(mission, boards=(Board("A", kind="kill-team"),)), "card")
    # A piece the catalogue does not know is left off the map, not a crash.
    odd = replace(mission, pieces=mission.pieces + (Piece("Z9", "A", at=(1, 1)),))
    for layout in ("card", "setup", "tabletop", "cards"):
        assert build_pages(odd, layout)


def test_tabletop_prints_only_sheets_with_a_board_and_targets_shared_by_two():
    from dataclasses import replace

    from layout_editor.export.tabletop import tabletop_pages
    from layout_editor.model.mission import Board

    far = replace(specimen_mission(), boards=(Board("A", at=(0.0, 0.0)), Board("B", at=(30000.0, 20000.0))))
    (W, H), (cw, ch), layout, (nx, ny) = tiles(far, "a4")
    assert nx * ny > 1000  # the grid spans the gap ...
    assert len(layout) <= 2 * len(tiles(specimen_mission(), "a4")[2])  # ... the sheets do not
    pages = tabletop_pages(far, "a4")
    assert len(pages) == len(layout)
    # Every alignment target is printed on exactly two sheets.
    from collections import Counter

    from layout_editor.export.drawing import Circle

    seen = Counter()
    for page, (_r, _c, tx, ty) in zip(pages, layout):
        for op in page.ops:
            if isinstance(op, Circle) and abs(op.r - 3.2 * MM) < 1e-6:
                inside = 0 <= op.cx - 8 * MM <= cw * MM and 0 <= op.cy - 8 * MM <= ch * MM
                if inside:
                    seen[(round(tx + (op.cx - 8 * MM) / MM, 3), round(ty + (op.cy - 8 * MM) / MM, 3))] += 1
    assert seen and set(seen.values()) == {2}


def test_missing_font_files_are_an_export_error(mission, tmp_path, monkeypatch):
    import shutil

    from layout_editor.export import fonts

    # A resources folder with the catalogue but without the fonts.
    res = tmp_path / "resources"
    shutil.copytree(fonts.resources_dir() / "catalogue", res / "catalogue")
    monkeypatch.setenv("LAYOUT_EDITOR_RESOURCES", str(res))
    fonts.register_fonts.cache_clear()
    monkeypatch.setattr(fonts.pdfmetrics, "_fonts", {k: v for k, v in fonts.pdfmetrics._fonts.items()
                                                     if "DejaVu" not in k})
    try:
        with pytest.raises(ExportError, match="font"):
            render(mission, "card")
    finally:
        fonts.register_fonts.cache_clear()


@pytest.mark.parametrize("layout", ["card", "setup", "tabletop", "cards"])
def test_every_pdf_asks_viewers_to_print_at_actual_size(mission, layout):
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(render(mission, layout)))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
