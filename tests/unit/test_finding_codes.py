"""The finding codes are a contract for scripts (rules.checks.CODES): every
code listed is made by some layout, and every finding made carries a listed
code with the severity CODES gives it. One small layout per code, run
through the checks (or the designer's hatchway analysis, or the live
check's time budget) as a player's file would be."""
from __future__ import annotations

from dataclasses import replace

import pytest
from test_analysis import room_mission, sealed_room
from test_checks import cell_xy, held, mission, node_xy, pillar, spaced, wall
from test_designer import room

from layout_editor.model import Board, EntryZone, Mission, MissionText, Objective, Piece, Region
from layout_editor.model.mission import Equipment, Territory, killzone_mission
from layout_editor.model.timeline import Change, Event
from layout_editor.rules import designer
from layout_editor.rules.checks import CODES, run_checks, stopped_finding


def quick(m, **kw):
    return run_checks(m, rules_core=False, **kw)


def walled_zone():
    """Zone D3 closed in by four short walls and pillars: 91.5 mm inside."""
    walls = (wall("B1", (3, 2), (4, 2)), wall("B1", (3, 3), (4, 3)),
             wall("B1", (3, 2), (3, 3)), wall("B1", (4, 2), (4, 3)))
    pillars = tuple(pillar(n) for n in ((3, 2), (4, 2), (3, 3), (4, 3)))
    return replace(room_mission(walls + pillars), objectives=())


def open_board():
    zones = (EntryZone(player=1, board="A", cells=tuple((0, j) for j in range(6))),
             EntryZone(player=2, board="A", cells=tuple((6, j) for j in range(6))))
    return Mission(title="Open", boards=(Board(id="A"),), entry_zones=zones)


def changing(regions=(), objectives=(), zones=(), *events):
    """The open board with a timeline (checks/timeline.py)."""
    m = open_board()
    return replace(m, regions=tuple(regions), objectives=tuple(objectives),
                   entry_zones=m.entry_zones + tuple(zones), timeline=tuple(events))


def vent(*cells, name="Vent"):
    return Region(name=name, board="A", cells=tuple(cells))


def hatchway_findings(m):
    return designer.hatchway_findings(designer.hatchway_flips(m), m)


def too_many_hatchways():
    from benchmarks.layouts import dense_mission

    return designer.hatchway_findings([], dense_mission(4))


def killzone(pieces=(), objectives=(), zones=None):
    """A Kill Team killzone with drop zones at the board's two short ends."""
    zones = zones if zones is not None else (
        EntryZone(player=1, board="A", cells=tuple((0, j) for j in range(6))),
        EntryZone(player=2, board="A", cells=tuple((6, j) for j in range(6))))
    return replace(killzone_mission(), pieces=tuple(pieces), objectives=tuple(objectives), entry_zones=zones)


def equipped(*equipment, pieces=()):
    """A long-edge killzone with both territories, and equipment on it."""
    zones = (EntryZone(player=1, board="A", cells=tuple((i, 0) for i in range(7))),
             EntryZone(player=2, board="A", cells=tuple((i, 5) for i in range(7))))
    terr = (Territory(1, ((0, 0), (704, 0), (704, 303.5), (0, 303.5))),
            Territory(2, ((0, 303.5), (704, 303.5), (704, 607), (0, 607))))
    return replace(killzone_mission(), entry_zones=zones, territories=terr, equipment=tuple(equipment),
                   pieces=tuple(pieces))


def across_with_a_hatchway():
    """A wall across the board on the zone line x = node 3, a closed hatchway in its middle."""
    return [wall("A1", (3, 0), (3, 2)), wall("A3", (3, 2), (3, 4), facing="left"), wall("A1", (3, 4), (3, 6)),
            *(pillar((3, j)) for j in (0, 2, 4, 6))]


x, y = node_xy(2, 2)
EXAMPLES = {
    "boards-overlap": lambda: quick(mission(boards=(Board(id="A"), Board(id="B", at=(600.0, 100.0))))),
    "boards-apart": lambda: quick(mission(boards=(Board(id="A"), Board(id="B", at=(804.0, 0.0))))),
    "unknown-board": lambda: quick(mission([pillar((1, 1), board="Z")])),
    "unknown-piece": lambda: quick(mission([Piece(code="C9", board="A", at=(1, 1))])),
    "off-board": lambda: quick(mission([pillar((8, 1))])),
    "off-zone-line": lambda: quick(mission([wall("B1", (1, 1), (2, 2))])),
    "wrong-span": lambda: quick(mission([wall("A1", (1, 1), (2, 1))])),
    "wall-on-wall": lambda: quick(mission([wall("A1", (1, 1), (3, 1)), wall("B1", (2, 1), (3, 1))])),
    "node-clash": lambda: quick(mission([pillar((2, 2)), pillar((2, 2), side="right")])),
    "check-stopped": lambda: [stopped_finding(2.0)],
    "overlap": lambda: quick(mission(held((1, 1), (3, 1)) + [pillar((2, 1))])),
    "unsupported-end": lambda: quick(mission([wall("B1", (1, 3), (1, 4))])),
    "end-against-wall": lambda: quick(mission([wall("A3", (4, 1), (2, 1), facing="right", open=False),
                                               pillar((4, 1)), pillar((2, 1), side="right"),
                                               wall("B1", (3, 1), (3, 2)), pillar((3, 2))])),
    "wall-end-astray": lambda: quick(mission([wall("B1", (1, 3), (1, 4)), pillar((1, 3)),
                                              Piece(code="wall-end", board="A", at=(1, 4), caps=(2, 4))])),
    "not-enough-sets": lambda: quick(mission([pillar((i, 0)) for i in range(8)]
                                             + [pillar((i, 2)) for i in range(8)] + [pillar((0, 4))])),
    "duplicate-objective": lambda: quick(mission(objectives=[Objective("1", cell_xy(2, 2)),
                                                             Objective("1", cell_xy(4, 4))])),
    "objective-in-wall": lambda: quick(mission([wall("A1", (2, 1), (2, 3))], [Objective("1", (x + 22.0, y))])),
    "objective-off-battlefield": lambda: quick(mission(objectives=[Objective("1", (-5.0, 100.0))])),
    "objectives-too-close": lambda: quick(mission(objectives=[Objective("1", (300.0, 300.0)),
                                                              Objective("2", (568.0, 300.0))],
                                                  mission=spaced(between=9))),
    "objective-near-edge": lambda: quick(mission(objectives=[Objective("1", (300.0, 172.0))],
                                                 mission=spaced(edge=6))),
    "entry-zone-off-board": lambda: quick(mission(zones=(EntryZone(player=1, board="A", cells=((7, 2),)),
                                                         EntryZone(player=2, board="B", cells=((6, 5),))))),
    "region-off-board": lambda: quick(mission(regions=(Region(name="Airlock", board="B", cells=((6, 6),)),))),
    "no-entry-zone": lambda: quick(mission(zones=(EntryZone(player=1, board="A", cells=((0, 0),)),))),
    "objective-unreachable": lambda: run_checks(room_mission(sealed_room())),
    "entry-zones-in-sight": lambda: run_checks(open_board()),
    "cell-no-room": lambda: run_checks(walled_zone(), base_mm=95.0),
    "cell-sealed": lambda: run_checks(room_mission(sealed_room())),
    "symmetry": lambda: run_checks(room_mission(sealed_room())),
    "hatchway-cuts-off": lambda: hatchway_findings(room(open_=True)),
    "hatchways-not-flipped": too_many_hatchways,
    "kt-one-board": lambda: quick(replace(mission(), game="kill-team")),
    "kt-two-players": lambda: quick(replace(killzone_mission(), players=3)),
    "kt-hatchway-open": lambda: quick(replace(killzone_mission(), pieces=(
        wall("B2", (1, 3), (1, 4), facing="right", open=True), pillar((1, 3)), pillar((1, 4))))),
    "other-game-texts": lambda: quick(replace(killzone_mission(), mission=MissionText(battle_rounds=5))),
    "kt-routes-reading": lambda: quick(killzone_mission()),
    "kt-cover-reading": lambda: quick(killzone_mission()),
    "kt-moves-reading": lambda: quick(killzone_mission()),
    "kt-areas-reading": lambda: quick(killzone_mission()),
    "kt-drop-zones-in-sight": lambda: run_checks(killzone()),
    "kt-drop-zones-in-sight-open": lambda: run_checks(killzone(across_with_a_hatchway())),
    "kt-unbalanced": lambda: run_checks(killzone(objectives=[Objective(id="1", at=cell_xy(1, 2))])),
    "kt-hatchways-first": lambda: run_checks(killzone(across_with_a_hatchway())),
    "kt-no-hatchway-fight": lambda: run_checks(killzone([wall("B2", (0, 0), (1, 0), facing="left"),
                                                         pillar((0, 0)), pillar((1, 0))])),
    # Kill Team equipment (checks/equipment.py; test_kill_team_equipment.py holds the rules to hand-worked cases)
    "kt-equipment-reading": lambda: quick(equipped(Equipment("mines", 1, (100.0, 200.0)))),
    "kt-equipment-count": lambda: quick(equipped(Equipment("mines", 1, (100.0, 200.0)),
                                                 Equipment("mines", 1, (500.0, 200.0)))),
    "kt-equipment-off-floor": lambda: quick(equipped(Equipment("razor-wire", 1, (10.0, 200.0)))),
    "kt-equipment-in-wall": lambda: quick(equipped(Equipment("mines", 1, node_xy(2, 1)), pieces=(
        wall("B1", (2, 1), (3, 1)), pillar((2, 1)), pillar((3, 1))))),
    "kt-equipment-territory": lambda: quick(equipped(Equipment("mines", 2, (100.0, 200.0)))),
    "kt-no-territory": lambda: quick(replace(equipped(Equipment("mines", 1, (100.0, 200.0))), territories=())),
    "kt-equipment-drop-zone": lambda: quick(equipped(Equipment("heavy-barricade", 1, (352.0, 300.0)))),
    "kt-equipment-access-point": lambda: quick(equipped(Equipment("mines", 1, (352.0, 220.0)), pieces=(
        wall("B2", (3, 2), (4, 2), facing="left"), pillar((3, 2)), pillar((4, 2))))),
    "kt-equipment-apart": lambda: quick(equipped(Equipment("mines", 1, (100.0, 200.0)),
                                                 Equipment("mines", 2, (100.0, 230.0)))),
    "kt-territories-overlap": lambda: quick(replace(equipped(), territories=(
        Territory(1, ((0, 0), (704, 0), (704, 400), (0, 400))),
        Territory(2, ((0, 300), (704, 300), (704, 607), (0, 607)))))),
    "equipment-not-kill-team": lambda: quick(replace(equipped(Equipment("mines", 1, (100.0, 200.0))),
                                                     game="boarding-actions")),
    # A table that changes (checks/timeline.py)
    "timeline-target-missing": lambda: quick(changing((), (), (), Event(2, changes=(
        Change("area", "Nowhere", "impassable"),)))),
    "timeline-after-battle": lambda: quick(changing((), (), (), Event(7))),
    "timeline-late-phase": lambda: quick(changing((), (), (), Event(2, phase="end"))),
    "areas-reading": lambda: quick(changing([replace(vent((3, 2)), state="dark")])),
    "round-objective-unreachable": lambda: run_checks(changing(
        [vent((3, 2))], [Objective("1", cell_xy(3, 2))], (), Event(2, changes=(Change("area", "Vent", "impassable"),)))),
    "round-player-sealed": lambda: run_checks(changing(
        [vent(*((1, j) for j in range(6)))], [Objective("1", cell_xy(5, 2))], (),
        Event(2, changes=(Change("area", "Vent", "impassable"),)))),
    "round-reinforcements-in-sight": lambda: run_checks(changing(
        (), (), [EntryZone(player=2, board="A", cells=((3, 0),), name="Reinforcements")],
        Event(3, changes=(Change("entry-zone", "Reinforcements", "opens"),)))),
}


def test_every_listed_code_has_a_layout_that_makes_it():
    assert sorted(EXAMPLES) == sorted(CODES)


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_each_code_is_made_with_the_severity_it_is_listed_with(code):
    findings = EXAMPLES[code]()
    assert code in {f.code for f in findings}
    for f in findings:  # the others this layout makes, too
        assert f.code in CODES, f.code
        assert f.severity == CODES[f.code][0], (f.code, f.severity)
        assert f.message
