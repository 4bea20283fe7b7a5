"""The Universal VTT export's grid is one inch, from the table's corner, and
every board's zone lines are drawn in the image at their true places at the
file's own scale: read back from the exported file of every library mission
(the grid's scale from `resolution`, the table's corner from the table's edge
in `line_of_sight`, the zone lines from the image's pixels), whether the
boards touch or lie apart, turned or not."""
from __future__ import annotations

import base64
import io
import json
import math
from pathlib import Path

import pytest
from PIL import Image
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import unary_union

from layout_editor.catalogue import default_catalogue
from layout_editor.export.uvtt import uvtt_bytes
from layout_editor.io import load_mission
from layout_editor.model.lattice import placements
from layout_editor.rules.geometry import PieceGeometryError, piece_shape

LIBRARY = sorted((Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml"))
CAT = default_catalogue()
INCH = 25.4


def _read(data: bytes):
    doc = json.loads(data.decode("utf-8"))
    res = doc["resolution"]
    image = Image.open(io.BytesIO(base64.b64decode(doc["image"])))
    image.load()
    return doc, res, image.convert("L")


def _board_rings(doc) -> list[tuple[float, float, float, float]]:
    """The table's edge in line_of_sight: the outlines as large as a board
    (each piece's outline is far smaller), as boxes in grid squares."""
    out = []
    for line in doc["line_of_sight"]:
        xs, ys = [p["x"] for p in line], [p["y"] for p in line]
        box = (min(xs), min(ys), max(xs), max(ys))
        if (box[2] - box[0]) * INCH > 500 and (box[3] - box[1]) * INCH > 500:
            out.append(box)
    return out


def _table_corner_in_squares(doc) -> tuple[float, float]:
    rings = _board_rings(doc)
    return min(r[0] for r in rings), min(r[1] for r in rings)


def _line_at(grey: Image.Image, at: float, along: float, vertical: bool, reach: int = 4, run: int = 12):
    """Is a zone line drawn within 1 px of pixel coordinate `at` (across the
    line), read over a short run of pixels along it around `along`? Each
    pixel across the line is taken at its median along the run, so what only
    crosses the profile (a hatching line, a letter, an objective's ring)
    drops out and a line drawn along the run stays: a dip below the board's
    shade whose darkest pixel's centre is within 1 px of `at`. None where
    the board does not show there (a wall on the line, the image's edge)."""
    w, h = grey.size
    c = int(along)
    base = int(at)
    if not (run <= c < (h if vertical else w) - run) or not (reach <= base < (w if vertical else h) - reach):
        return None
    values = []
    for d in range(-reach, reach + 1):
        col = sorted(grey.getpixel((base + d, c + e) if vertical else (c + e, base + d)) for e in range(-run, run + 1))
        values.append(col[len(col) // 2])
    board = sorted(values)[len(values) // 2]
    if board < 150:
        return None
    for i in range(1, len(values) - 1):
        centre = base - reach + i + 0.5
        if abs(centre - at) <= 1.0 and values[i] < board - 4 and values[i] <= min(values[i - 1], values[i + 1]):
            return True
    return False


def _covered(mission, places):
    """Where the map draws something over the zone lines: pieces (doors
    swung open too) and objectives with their 1" ring, with room for the
    profile read across the line (table millimetres)."""
    shapes = []
    for piece in mission.pieces:
        try:
            shape = piece_shape(piece, places[piece.board], CAT)
        except (PieceGeometryError, KeyError):
            continue
        shapes.append(shape.solid)
        if shape.door is not None:
            shapes.append(shape.door.envelope.buffer(50.0))  # the leaf, closed or swung open
    for o in mission.objectives:
        shapes.append(ShapelyPoint(o.at).buffer(20.0 + INCH + 4.0))
    return unary_union(shapes).buffer(6.0)


def _zone_lines_found(mission, grey, doc, ppg: int, shift_mm: float = 0.0) -> dict:
    """Per board: for each zone line, whether it shows within 1 px of where
    the file's scale puts it (moved across by shift_mm), at the middle of
    each zone's side (clear of the node squares): [[True/False/None]]."""
    places = placements(mission, CAT)
    tx0 = min(p.bounds[0] for p in places.values())
    ty0 = min(p.bounds[1] for p in places.values())
    cx, cy = _table_corner_in_squares(doc)
    px_per_mm = ppg / INCH
    hidden = _covered(mission, places)
    out = {}
    for b in mission.boards:
        p = places[b.id]
        nx, ny = p.kind.nodes
        lines = [((i, 0), (i, ny - 1), ny - 1) for i in range(nx)] + \
                [((0, j), (nx - 1, j), nx - 1) for j in range(ny)]
        out[b.id] = []
        for a, z, cells in lines:
            (x0, y0), (x1, y1) = p.node_table(a), p.node_table(z)
            vertical = abs(x1 - x0) < 1e-6
            row = []
            for k in range(cells):
                t = (k + 0.5) / cells
                x = x0 + (x1 - x0) * t + (shift_mm if vertical else 0.0)
                y = y0 + (y1 - y0) * t + (0.0 if vertical else shift_mm)
                if hidden.intersects(ShapelyPoint(x, y)):
                    row.append(None)  # a piece, a door or an objective drawn over it
                    continue
                ex, ey = (x - tx0) * px_per_mm + cx * ppg, (y - ty0) * px_per_mm + cy * ppg
                row.append(_line_at(grey, ex, ey, True) if vertical else _line_at(grey, ey, ex, False))
            out[b.id].append(row)
    return out


@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
def test_the_grid_is_an_inch_and_every_boards_zone_lines_sit_true(path):
    mission = load_mission(path)
    doc, res, grey = _read(uvtt_bytes(mission))
    ppg = res["pixels_per_grid"]
    # One grid square is one inch: the table's edge (in grid squares) is the
    # boards' size in inches, a hatchway's opening (50 mm in the catalogue)
    # 50 / 25.4 squares, and the image map_size squares of ppg pixels.
    places = placements(mission, CAT)
    tx0 = min(p.bounds[0] for p in places.values())
    ty0 = min(p.bounds[1] for p in places.values())
    tx1 = max(p.bounds[2] for p in places.values())
    ty1 = max(p.bounds[3] for p in places.values())
    rings = _board_rings(doc)
    assert max(r[2] for r in rings) - min(r[0] for r in rings) == pytest.approx((tx1 - tx0) / INCH, abs=1e-4)
    assert max(r[3] for r in rings) - min(r[1] for r in rings) == pytest.approx((ty1 - ty0) / INCH, abs=1e-4)
    for portal in doc["portals"]:
        (a, b) = portal["bounds"]
        assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) == pytest.approx(50 / INCH, abs=1e-3)
    assert grey.size == (res["map_size"]["x"] * ppg, res["map_size"]["y"] * ppg)
    assert (res["map_origin"]["x"], res["map_origin"]["y"]) == (0, 0)
    # The grid runs from the table's corner: the corner is on a grid line.
    cx, cy = _table_corner_in_squares(doc)
    assert cx == pytest.approx(round(cx), abs=1e-4) and cy == pytest.approx(round(cy), abs=1e-4)

    # Every board's zone lines at their true places: where the board shows
    # (no wall on the line), the line is there, within 1 px.
    for board, lines in _zone_lines_found(mission, grey, doc, ppg).items():
        shown = [x for row in lines for x in row if x is not None]
        assert shown.count(True) >= 0.95 * len(shown), (board, shown.count(True), len(shown))
        # every line that shows anywhere is found, and most lines show
        assert all(any(row) for row in lines if any(x is not None for x in row)), board
        assert sum(any(x is not None for x in row) for row in lines) >= 0.6 * len(lines), board
    # ... and not merely anywhere: a quarter zone off (where the old grid of
    # zones put the second board's lines), they are not found.
    for board, lines in _zone_lines_found(mission, grey, doc, ppg, shift_mm=25.0).items():
        shown = [x for row in lines for x in row if x is not None]
        assert shown.count(True) <= 0.2 * len(shown), board


def test_boards_apart_and_turned_sit_true_on_the_inch_grid():
    # Boards apart by a distance that is no whole number of inches or zones,
    # the second turned half round.
    from dataclasses import replace

    m = load_mission(LIBRARY[0].parent / "derelict-crossing.yaml")
    a, b = m.boards[0], m.boards[1]
    m = replace(m, boards=(a, replace(b, at=(a.at[0] + 704 + 33.3, a.at[1] + 11.1), rotation=180)))
    doc, res, grey = _read(uvtt_bytes(m))
    for board, lines in _zone_lines_found(m, grey, doc, res["pixels_per_grid"]).items():
        shown = [x for row in lines for x in row if x is not None]
        assert shown.count(True) >= 0.9 * len(shown), (board, shown.count(True), len(shown))
