"""The six Approved Ops 2025 Killzone: Gallowdark map cards in the library
(issue 28): each opens, validates with no error, prints a card and a setup
sheet, and its drop zones, objective markers, territories, centre line and
walls match the digitised cards they were transcribed from.

The expected values below are transcribed by hand from
brandongreen00/kill-team-mobile, data/maps/gallowdark/gallowdark-N.json
(commit e1600c3; its docs/MAPS.md states the frame): inches on a 27.625" x
23.875" board, origin at the bottom-left corner, y upwards, a 7 x 6 lattice
of 3.8125" squares with a 0.46875" border at the short ends and 0.5" at the
long ones. `to_table` maps them onto our board: lattice onto lattice (97 mm
zones, 12.5 mm border), board edges onto board edges, y turned downwards.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from layout_editor.catalogue import default_catalogue
from layout_editor.export import build_pages
from layout_editor.io import load_mission
from layout_editor.rules.checks import run_checks

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
SOURCE = "brandongreen00/kill-team-mobile data/maps/gallowdark/gallowdark-{n}.json"
W_IN, H_IN, SQ, BX, BY = 27.625, 23.875, 3.8125, 0.46875, 0.5

# Per card, from its JSON: dropZones.p1/p2 and territories.p1/p2 as
# [x0, y0, x1, y1] in inches, centreLine as two points, objectives (p1, p2,
# centre) as points.
CARDS = {
    1: dict(drop=([0, 19.562, 27.625, 23.875], [0, 0, 27.625, 4.312]),
            terr=([0, 11.938, 27.625, 23.875], [0, 0, 27.625, 11.938]),
            centre=((0, 11.938), (27.625, 11.938)),
            obj=((6.248, 15.73), (23.364, 8.105), (15.739, 11.917))),
    2: dict(drop=([0, 19.562, 27.625, 23.875], [0, 0, 27.625, 4.312]),
            terr=([0, 11.938, 27.625, 23.875], [0, 0, 27.625, 11.938]),
            centre=((0, 11.938), (27.625, 11.938)),
            obj=((21.498, 15.73), (15.739, 8.064), (6.289, 11.917))),
    3: dict(drop=([0, 19.562, 27.625, 23.875], [0, 0, 27.625, 4.312]),
            terr=([0, 11.938, 27.625, 23.875], [0, 0, 27.625, 11.938]),
            centre=((0, 11.938), (27.625, 11.938)),
            obj=((13.711, 15.73), (4.302, 8.105), (23.364, 12.039))),
    4: dict(drop=([23.344, 0, 27.625, 23.875], [0, 0, 4.281, 23.875]),
            terr=([13.812, 0, 27.625, 23.875], [0, 0, 13.812, 23.875]),
            centre=((13.812, 0), (13.812, 23.875)),
            obj=((15.739, 19.542), (11.927, 4.292), (13.873, 11.917))),
    5: dict(drop=([23.344, 0, 27.625, 23.875], [0, 0, 4.281, 23.875]),
            terr=([13.812, 0, 27.625, 23.875], [0, 0, 13.812, 23.875]),
            centre=((13.812, 0), (13.812, 23.875)),
            obj=((15.739, 4.292), (11.927, 19.542), (13.873, 11.917))),
    6: dict(drop=([23.344, 0, 27.625, 23.875], [0, 0, 4.281, 23.875]),
            terr=([13.812, 0, 27.625, 23.875], [0, 0, 13.812, 23.875]),
            centre=((13.812, 0), (13.812, 23.875)),
            obj=((15.739, 11.917), (11.927, 19.542), (13.873, 4.292))),
}

# The walls of each card as lattice nodes [column, row from the top] read
# off the source's wall polygons and labels; A3/A4 run towards the end whose
# half holds the access point (the source's "access" part).
WALLS = {
    1: "A2 0,1 2,1; A3 4,1 2,1; B2 4,1 5,1; B3 0,3 1,3; A2 1,3 3,3; A4 5,3 7,3; B3 3,5 4,5; A1 4,5 6,5; "
       "B3 6,5 7,5; B1 3,1 3,2; B3 3,2 3,3; B2 3,3 3,4; B1 3,4 3,5; A4 5,1 5,3; A3 5,5 5,3",
    2: "B3 0,1 1,1; A2 1,1 3,1; A1 4,1 6,1; B3 6,1 7,1; A1 3,3 5,3; A4 7,3 5,3; B2 0,5 1,5; A2 1,5 3,5; "
       "B3 3,5 4,5; B1 4,5 5,5; A4 7,5 5,5; B1 3,1 3,2; B3 3,2 3,3; A3 3,5 3,3; A3 4,1 4,3",
    3: "A3 2,1 4,1; A2 4,1 6,1; B3 6,1 7,1; A4 2,3 0,3; B2 3,3 4,3; B1 4,3 5,3; A4 2,5 0,5; B3 2,5 3,5; "
       "B1 5,5 6,5; B3 6,5 7,5; A1 2,1 2,3; A3 2,5 2,3; A2 3,3 3,5; B2 5,1 5,2; A1 5,2 5,4; B3 5,4 5,5",
    4: "A1 1,2 3,2; B3 3,2 4,2; A2 4,2 6,2; A1 1,4 3,4; B3 3,4 4,4; B3 4,4 5,4; B1 5,4 6,4; B2 1,2 1,3; "
       "A2 1,3 1,5; B2 1,5 1,6; B3 2,0 2,1; B1 2,1 2,2; A3 4,4 4,6; A3 5,4 5,2; A4 6,2 6,0; A4 6,6 6,4",
    5: "A1 1,2 3,2; B3 3,2 4,2; A2 4,2 6,2; B1 2,3 3,3; B1 4,3 5,3; A1 1,4 3,4; B3 3,4 4,4; A2 4,4 6,4; "
       "A4 1,2 1,4; B3 2,0 2,1; B2 2,1 2,2; A3 2,4 2,6; A3 4,2 4,0; A4 6,4 6,2; B2 6,4 6,5; B3 6,5 6,6",
    6: "B2 2,2 3,2; B3 3,2 4,2; B2 4,2 5,2; A2 1,4 3,4; B3 3,4 4,4; A2 4,4 6,4; A1 1,1 1,3; A4 2,2 2,0; "
       "B1 2,4 2,5; B3 2,5 2,6; A3 3,2 3,4; A4 4,2 4,0; A3 5,2 5,4; A1 6,1 6,3; B1 6,4 6,5; B3 6,5 6,6",
}
SYMMETRIC = {"A1", "A2", "B1"}

# The door faces the source gives: an earlier revision of the same files
# (commit c9b0792 for map 1, 07d4a78 for maps 2, 4 and 5) drew the card's
# hatch symbol beside its wall, on the side of the door leaf; walking from
# -> to, "left"/"right" is the leaf's side. Map 3 and 6: none given.
FACES = {
    1: "B2 4,1 5,1 left; A4 5,1 5,3 right; A3 5,5 5,3 left",
    2: "B3 0,1 1,1 left; B3 6,1 7,1 right; A4 7,3 5,3 right; B2 0,5 1,5 right; B3 3,5 4,5 right; "
       "A4 7,5 5,5 right; B3 3,2 3,3 left; A3 3,5 3,3 left; A3 4,1 4,3 left",
    4: "B3 3,2 4,2 left; B2 1,2 1,3 right; B2 1,5 1,6 left; B3 2,0 2,1 left; A3 4,4 4,6 left; A4 6,2 6,0 right; "
       "A4 6,6 6,4 right",
    5: "A3 4,2 4,0 left",
}  # no hatchway in one half: either way round is the same piece


def to_table(x_in: float, y_in: float) -> tuple[float, float]:
    """The source's inches onto our table (board A at the origin, unturned)."""
    def axis(v, border, extent, size_mm, flip):
        if abs(v) < 0.02:
            return size_mm if flip else 0.0
        if abs(v - extent) < 0.02:
            return 0.0 if flip else size_mm
        lattice = (v - border) / SQ
        if flip:
            lattice = 6 - lattice
        return 12.5 + lattice * 97.0
    return axis(x_in, BX, W_IN, 704.0, False), axis(y_in, BY, H_IN, 607.0, True)


def rect(r) -> Polygon:
    (x0, y0), (x1, y1) = to_table(r[0], r[1]), to_table(r[2], r[3])
    return Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def path(n: int) -> Path:
    return LIBRARY / f"approved-ops-gallowdark-{n}.yaml"


@functools.cache
def mission(n: int):
    return load_mission(path(n))


@pytest.mark.parametrize("n", sorted(CARDS))
def test_opens_from_the_library_and_cites_its_source(n):
    m = mission(n)
    assert m.game == "kill-team" and len(m.boards) == 1 and m.players == 2
    assert SOURCE.format(n=n).replace(" ", " ") in m.extras["x-approved-ops"]["source"]
    assert f"Gallowdark map {n}" in m.extras["x-approved-ops"]["card"]


@pytest.mark.parametrize("n", sorted(CARDS))
def test_validates_with_no_error(n):
    errors = [f for f in run_checks(mission(n)) if f.severity == "error"]
    assert errors == [], "\n".join(f"{f.code}: {f.message}" for f in errors)


@pytest.mark.parametrize("n", sorted(CARDS))
def test_drop_zones_match_the_card(n):
    m = mission(n)
    cat = default_catalogue()
    from layout_editor.rules.checks.equipment import _drop_zone_shape
    for player, r in zip((1, 2), CARDS[n]["drop"]):
        want = rect(r)
        got = _drop_zone_shape(m, player, cat)
        assert got.hausdorff_distance(want) < 0.5, (player, got.bounds, want.bounds)


@pytest.mark.parametrize("n", sorted(CARDS))
def test_objectives_match_the_card(n):
    m = mission(n)
    assert [o.id for o in m.objectives] == ["1", "2", "3"]
    for o, (x, y) in zip(m.objectives, CARDS[n]["obj"]):
        wx, wy = to_table(x, y)
        assert abs(o.at[0] - wx) <= 0.6 and abs(o.at[1] - wy) <= 0.6, (o.id, o.at, (wx, wy))


@pytest.mark.parametrize("n", sorted(CARDS))
def test_territories_and_centre_line_match_the_card(n):
    m = mission(n)
    for player, r in zip((1, 2), CARDS[n]["terr"]):
        (t,) = m.territories_of(player)
        assert Polygon(t.area).hausdorff_distance(rect(r)) < 0.5, (player, t.area)
    # a line: which end the source names first does not matter
    wanted = [to_table(*p) for p in CARDS[n]["centre"]]
    for got in m.centre_line:
        assert min(abs(got[0] - wx) + abs(got[1] - wy) for wx, wy in wanted) <= 0.5, (got, wanted)


@pytest.mark.parametrize("n", sorted(CARDS))
def test_every_wall_piece_as_the_card_has_it(n):
    cat = default_catalogue()
    want = set()
    for item in WALLS[n].split(";"):
        code, a, b = item.split()
        a, b = tuple(map(int, a.split(","))), tuple(map(int, b.split(",")))
        want.add((code, a, b) if code not in SYMMETRIC else (code, frozenset((a, b))))
    got = set()
    for p in mission(n).pieces:
        if not cat.piece(p.code).is_wall:
            continue
        code = p.code[:2]
        got.add((code, p.from_node, p.to_node) if code not in SYMMETRIC else (code, frozenset((p.from_node, p.to_node))))
    assert got == want


@pytest.mark.parametrize("n", sorted(CARDS))
def test_prints_a_card_and_a_setup_sheet(n):
    m = mission(n)
    assert build_pages(m, "card")
    assert build_pages(m, "setup")


@pytest.mark.parametrize("n", sorted(FACES))
def test_door_faces_the_source_gives(n):
    by_span = {(p.code[:2], p.from_node, p.to_node): p for p in mission(n).pieces if p.facing is not None}
    for item in FACES[n].split(";"):
        code, a, b, face = item.split()
        a, b = tuple(map(int, a.split(","))), tuple(map(int, b.split(",")))
        assert by_span[(code, a, b)].facing == face, (code, a, b)
    # the file lists the faces it chose, the ones the source does not give
    chosen = mission(n).extras["x-approved-ops"]["door-faces-chosen"]
    assert len(chosen) == len(by_span) - len(FACES[n].split(";"))


@pytest.mark.parametrize("n", range(1, 7))
def test_the_setup_sheet_says_a_chosen_door_face_is_free(n):
    # The source gives no face for these hatchways (the test above): the
    # file chose one, and the setup sheet tells the player it is free to choose;
    # the faces the card shows are printed as they are.
    from layout_editor.export.setup_sheet import placement_rows
    from layout_editor.model.names import describe_piece

    m = mission(n)
    chosen = set(m.extras["x-approved-ops"]["door-faces-chosen"])
    rows = [r for _, group in placement_rows(m, "A") for r in group]
    free = [r for r in rows if "free to choose" in r[2]]
    assert len(free) == len(chosen)
    hatchways = [p for p in m.pieces if p.facing is not None]
    assert len([r for r in rows if r[2] and "door faces" in r[2]]) == len(hatchways)
    assert {str(describe_piece(p)) for p in hatchways} >= chosen
    # in German too (the German copy of the killzone)
    de = load_mission(LIBRARY / f"approved-ops-gallowdark-{n}.de.yaml")
    rows = [r for _, group in placement_rows(de, "A") for r in group]
    assert len([r for r in rows if "frei wählbar" in r[2]]) == len(chosen)
