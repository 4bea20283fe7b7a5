"""Kill Team equipment on the killzone (issue 28): barricades, the heavy
barricade, razor wire and mines at their real sizes (resources/catalogue/
equipment.yaml), held to the universal equipment's placement rules
(rules/checks/equipment.py): wholly within the owner's territory (the heavy
barricade: wholly within 4" of the drop zone), more than 2" from access
points and other equipment terrain (mines: other markers), on the floor,
once per kill team (two light barricades)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from test_checks import pillar, wall

from layout_editor.catalogue import default_catalogue
from layout_editor.model.mission import (
    EntryZone,
    Equipment,
    Objective,
    Territory,
    killzone_mission,
)
from layout_editor.rules.checks import run_checks
from layout_editor.rules.checks.equipment import equipment_shape

INCH = 25.4
W, H = 704.0, 607.0


def killzone(equipment=(), pieces=(), objectives=()):
    """Drop zones along the long edges (rows 1 and 6), territories split on the
    centre line y = 303.5 mm, as the official long-edge map cards have them."""
    zones = (EntryZone(player=1, board="A", cells=tuple((i, 0) for i in range(7))),
             EntryZone(player=2, board="A", cells=tuple((i, 5) for i in range(7))))
    terr = (Territory(player=1, area=((0, 0), (W, 0), (W, 303.5), (0, 303.5))),
            Territory(player=2, area=((0, 303.5), (W, 303.5), (W, H), (0, H))))
    return replace(killzone_mission(), entry_zones=zones, territories=terr, centre_line=((0, 303.5), (W, 303.5)),
                   equipment=tuple(equipment), pieces=tuple(pieces), objectives=tuple(objectives))


def codes(m):
    return [f.code for f in run_checks(m, rules_core=False)]


def test_sizes_come_from_the_catalogue():
    cat = default_catalogue()
    assert cat.equipment["heavy-barricade"].size == (40.0, 15.0)
    assert cat.equipment["razor-wire"].size == (72.0, 10.0)
    assert cat.equipment["light-barricade"].per_team == 2
    mines = equipment_shape(Equipment("mines", 1, (100.0, 100.0)), cat.equipment["mines"])
    assert mines.area == pytest.approx(3.14159 * 10 * 10, rel=0.01)
    turned = equipment_shape(Equipment("razor-wire", 1, (100.0, 100.0), rotation=90), cat.equipment["razor-wire"])
    x0, y0, x1, y1 = turned.bounds
    assert (x1 - x0, y1 - y0) == (pytest.approx(10.0), pytest.approx(72.0))


def test_well_placed_equipment_raises_no_error():
    m = killzone([Equipment("light-barricade", 1, (200.0, 200.0)), Equipment("light-barricade", 1, (450.0, 200.0)),
                  Equipment("razor-wire", 2, (300.0, 420.0)), Equipment("mines", 2, (550.0, 420.0)),
                  Equipment("heavy-barricade", 1, (352.0, 150.0))])
    found = run_checks(m, rules_core=False)
    assert not [f for f in found if f.severity == "error"], [f.message for f in found]
    assert "kt-equipment-reading" in [f.code for f in found]


def test_wholly_within_the_owner_s_territory():
    # the centre line is y = 303.5: a barricade 10 mm deep centred 2 mm short of it pokes over
    assert "kt-equipment-territory" in codes(killzone([Equipment("light-barricade", 1, (200.0, 301.5))]))
    assert "kt-equipment-territory" not in codes(killzone([Equipment("light-barricade", 1, (200.0, 297.0))]))
    assert "kt-equipment-territory" in codes(killzone([Equipment("mines", 2, (200.0, 200.0))]))


def test_without_territories_the_check_says_so():
    m = replace(killzone([Equipment("razor-wire", 1, (200.0, 200.0))]), territories=())
    assert "kt-no-territory" in codes(m)


def test_heavy_barricade_within_4_inches_of_the_drop_zone():
    # player 1's drop zone runs from the top edge to y = 109.5 (row 1 and the border)
    limit = 109.5 + 4 * INCH
    near = Equipment("heavy-barricade", 1, (352.0, limit - 7.5 - 0.5))  # 15 mm deep: far edge 0.5 mm inside
    far = Equipment("heavy-barricade", 1, (352.0, limit - 7.5 + 1.0))
    assert "kt-equipment-drop-zone" not in codes(killzone([near]))
    assert "kt-equipment-drop-zone" in codes(killzone([far]))
    # it need not be in the territory: player 2's may stand anywhere within 4" of theirs
    assert "kt-equipment-territory" not in codes(killzone([Equipment("heavy-barricade", 2, (352.0, 450.0))]))


def test_more_than_2_inches_from_an_access_point():
    b2 = wall("B2", (3, 2), (4, 2), facing="left", open=False)  # doorway centred at x 352, y 206.5
    held = [b2, pillar((3, 2)), pillar((4, 2), side="right")]
    close = Equipment("light-barricade", 1, (352.0, 206.5 - 2.75 - 5 - 2 * INCH + 1))
    clear = Equipment("light-barricade", 1, (352.0, 206.5 - 2.75 - 5 - 2 * INCH - 1))
    found = run_checks(killzone([close], held), rules_core=False)
    hit = [f for f in found if f.code == "kt-equipment-access-point"]
    assert hit and hit[0].pieces == (b2.uid,)
    assert "kt-equipment-access-point" not in codes(killzone([clear], held))


def test_more_than_2_inches_from_other_equipment_terrain():
    a = Equipment("light-barricade", 1, (200.0, 200.0))
    b = Equipment("razor-wire", 1, (200.0, 200.0 + 10 + 2 * INCH - 1))
    assert "kt-equipment-apart" in codes(killzone([a, b]))
    b_clear = replace(b, at=(200.0, 200.0 + 10 + 2 * INCH + 1))
    assert "kt-equipment-apart" not in codes(killzone([a, b_clear]))


def test_mines_keep_clear_of_markers_not_of_barricades():
    obj = Objective(id="1", at=(300.0, 200.0))
    mine = Equipment("mines", 1, (300.0 + 20 + 10 + 2 * INCH - 1, 200.0))
    found = run_checks(killzone([mine], objectives=[obj]), rules_core=False)
    apart = [f for f in found if f.code == "kt-equipment-apart"]
    assert apart and apart[0].objectives == ("1",)
    # a barricade beside a mine: equipment terrain and markers keep apart only from their own
    beside = [Equipment("mines", 1, (300.0, 150.0)), Equipment("light-barricade", 1, (300.0, 180.0))]
    assert "kt-equipment-apart" not in codes(killzone(beside))


def test_once_per_kill_team():
    two = [Equipment("razor-wire", 1, (150.0, 200.0)), Equipment("razor-wire", 1, (550.0, 200.0))]
    assert "kt-equipment-count" in codes(killzone(two))
    three = [Equipment("light-barricade", 1, (x, 200.0)) for x in (100.0, 350.0, 600.0)]
    assert "kt-equipment-count" in codes(killzone(three))
    assert "kt-equipment-count" not in codes(killzone(three[:2]))


def test_on_the_floor_not_on_walls_nor_off_the_board():
    a1 = wall("A1", (2, 1), (4, 1))
    on_wall = Equipment("light-barricade", 1, (304.5, 109.5))
    found = run_checks(killzone([on_wall], [a1, pillar((2, 1)), pillar((4, 1), side="right")]), rules_core=False)
    assert any(f.code == "kt-equipment-in-wall" and a1.uid in f.pieces for f in found)
    assert "kt-equipment-off-floor" in codes(killzone([Equipment("light-barricade", 1, (10.0, 100.0))]))


def test_boarding_actions_keeps_equipment_unchecked():
    m = replace(killzone([Equipment("mines", 2, (100.0, 100.0))]), game="boarding-actions")
    assert "equipment-not-kill-team" in codes(m) and "kt-equipment-territory" not in codes(m)


def test_overlapping_territories_are_a_warning():
    m = replace(killzone(), territories=(Territory(1, ((0, 0), (W, 0), (W, 400), (0, 400))),
                                         Territory(2, ((0, 300), (W, 300), (W, H), (0, H)))))
    assert "kt-territories-overlap" in codes(m)


def test_mirroring_a_killzone_takes_its_equipment_across():
    """Copying one half onto the other (model/mirror.py) mirrors the kept
    half's equipment for the other player, turned with the table, and drops
    what stood on the replaced half."""
    from layout_editor.model.mirror import mirrored

    kept = Equipment("razor-wire", 1, (200.0, 150.0), rotation=30)
    gone = Equipment("mines", 2, (500.0, 450.0))
    m = mirrored(killzone([kept, gone]), about="point", keep="top")
    assert kept in m.equipment and gone not in m.equipment
    (image,) = [e for e in m.equipment if e != kept]
    assert image.player == 2 and image.kind == "razor-wire"
    assert image.at == pytest.approx((704 - 200.0, 607 - 150.0))
    assert image.rotation == pytest.approx(210.0)
    assert m.territories == killzone().territories  # the halves stay the players'
    line = mirrored(killzone([kept]), about="line", keep="top")
    (image,) = [e for e in line.equipment if e != kept]
    assert image.at == pytest.approx((200.0, 607 - 150.0)) and image.rotation == pytest.approx(330.0)
