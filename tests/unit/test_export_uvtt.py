"""The Universal VTT export read back by a small reader written from the
format's public description (not from our writer): the image is the map at
map_size x pixels_per_grid pixels, one portal per hatchway lying on a wall
line, and every sight line our rules core blocks crosses a wall or a closed
portal of the file."""
from __future__ import annotations

import base64
import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from layout_editor.catalogue import default_catalogue
from layout_editor.cli import main as cli_main
from layout_editor.io import load_mission
from layout_editor.rules.paths import MeasureError
from layout_editor.rules.sight import sight_between

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
CAT = default_catalogue()


# ----------------------------------------------------------------------------
# The reader: what an importer takes from a .dd2vtt file
# ----------------------------------------------------------------------------
def read_uvtt(data: bytes) -> dict:
    doc = json.loads(data.decode("utf-8"))
    for key in ("format", "resolution", "line_of_sight", "portals", "lights", "image"):
        assert key in doc, key
    res = doc["resolution"]
    ppg = res["pixels_per_grid"]
    assert isinstance(ppg, int) and ppg > 0
    origin = (res["map_origin"]["x"], res["map_origin"]["y"])
    size = (res["map_size"]["x"], res["map_size"]["y"])
    image = Image.open(io.BytesIO(base64.b64decode(doc["image"])))
    image.load()
    walls = []  # segments in grid squares, relative to the map's origin
    for line in doc["line_of_sight"]:
        pts = [(p["x"] - origin[0], p["y"] - origin[1]) for p in line]
        assert len(pts) >= 2
        walls += list(zip(pts, pts[1:]))
    portals = []
    for p in doc["portals"]:
        a, b = [(q["x"] - origin[0], q["y"] - origin[1]) for q in p["bounds"]]
        portals.append({"a": a, "b": b, "position": (p["position"]["x"] - origin[0], p["position"]["y"] - origin[1]),
                         "rotation": p["rotation"], "closed": p["closed"], "freestanding": p["freestanding"]})
    return {"ppg": ppg, "size": size, "image": image, "walls": walls, "portals": portals, "doc": doc}


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p, q, a, b, eps=1e-9) -> bool:
    """Do segments pq and ab meet (touching counts)?"""
    d1, d2 = _cross(a, b, p), _cross(a, b, q)
    d3, d4 = _cross(p, q, a), _cross(p, q, b)
    if ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and \
            ((d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps)):
        return True

    def on(o, s, e):
        return abs(_cross(o, s, e)) <= eps and min(s[0], e[0]) - eps <= o[0] <= max(s[0], e[0]) + eps and \
            min(s[1], e[1]) - eps <= o[1] <= max(s[1], e[1]) + eps
    return on(p, a, b) or on(q, a, b) or on(a, p, q) or on(b, p, q)


def distance_to_segment(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return ((p[0] - ax - t * dx) ** 2 + (p[1] - ay - t * dy) ** 2) ** 0.5


# ----------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["ossuary-deck", "twin-hulks"])
def exported(request, tmp_path_factory):
    path = LIBRARY / f"{request.param}.yaml"
    out = tmp_path_factory.mktemp("uvtt") / f"{request.param}.dd2vtt"
    assert cli_main(["export", str(path), "-o", str(out), "--layout", "uvtt"]) == 0
    return load_mission(path), read_uvtt(out.read_bytes())


def test_image_is_the_map_at_the_grid_size(exported):
    mission, f = exported
    w, h = f["size"]
    assert f["image"].format == "PNG"
    assert f["image"].size == (round(w * f["ppg"]), round(h * f["ppg"]))
    # The boards cover most of it: the map is drawn, not a blank image.
    grey = f["image"].convert("L")
    hist = grey.histogram()
    drawn = 1 - hist[255] / (grey.width * grey.height)
    assert drawn > 0.5
    # A grid square is an inch: a board's 704 mm are 704 / 25.4 squares.
    xs = [p[0] for s in f["walls"] for p in s]
    ys = [p[1] for s in f["walls"] for p in s]
    assert 0 <= min(xs) and max(xs) <= w and 0 <= min(ys) and max(ys) <= h
    if mission.boards[1].at == (704.0, 0.0):
        assert max(xs) - min(xs) == pytest.approx(2 * 704 / 25.4, abs=1e-3)


def test_one_portal_per_hatchway_on_a_wall_line(exported):
    mission, f = exported
    hatchways = [p for p in mission.pieces if CAT.pieces[p.code].hatchway is not None]
    assert len(f["portals"]) == len(hatchways) > 0
    assert sum(p["closed"] for p in f["portals"]) == sum(1 for p in hatchways if not p.open)
    for p in f["portals"]:
        assert p["freestanding"] is False
        for end in (p["a"], p["b"]):
            assert min(distance_to_segment(end, *w) for w in f["walls"]) < 1e-4, p
        mid = ((p["a"][0] + p["b"][0]) / 2, (p["a"][1] + p["b"][1]) / 2)
        assert mid == pytest.approx(p["position"], abs=1e-4)
        # A hatchway's opening is about 50 mm: about two inches.
        length = ((p["a"][0] - p["b"][0]) ** 2 + (p["a"][1] - p["b"][1]) ** 2) ** 0.5
        assert 1.8 < length < 2.2


def test_sight_blocked_by_the_rules_crosses_a_wall_or_closed_portal(exported):
    mission, f = exported
    rng = random.Random(7)
    doc = f["doc"]
    from layout_editor.export.uvtt import Grid
    grid = Grid(mission, CAT)
    closed = [(p["a"], p["b"]) for p in f["portals"] if p["closed"]]
    x0 = min(b.at[0] for b in mission.boards)
    y0 = min(b.at[1] for b in mission.boards)
    x1 = max(b.at[0] for b in mission.boards) + 704
    y1 = max(b.at[1] for b in mission.boards) + 704
    blocked = seen = 0
    tries = 0
    while blocked < 40 and tries < 3000:
        tries += 1
        a = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        b = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        try:
            s = sight_between(mission, a, 1.0, b, 1.0)
        except MeasureError:
            continue  # a point off the boards or in a piece
        if s.visible:
            seen += 1
            continue
        blocked += 1
        ga, gb = grid.g(*a), grid.g(*b)
        p, q = (ga["x"], ga["y"]), (gb["x"], gb["y"])
        assert any(segments_cross(p, q, *w) for w in f["walls"] + closed), (a, b)
    assert blocked >= 40 and seen > 0
    assert doc["lights"] == []


def test_portal_state_follows_the_hatchways_as_set(tmp_path):
    from dataclasses import replace

    from layout_editor.export.uvtt import uvtt_data

    mission = load_mission(LIBRARY / "derelict-crossing.yaml")
    all_open = replace(mission, pieces=tuple(replace(p, open=True) if p.open is not None else p
                                             for p in mission.pieces))
    assert not any(p["closed"] for p in uvtt_data(all_open)["portals"])
    all_closed = replace(mission, pieces=tuple(replace(p, open=False) if p.open is not None else p
                                               for p in mission.pieces))
    assert all(p["closed"] for p in uvtt_data(all_closed)["portals"])
