"""The file's Kill Team parts (issue 28): territories, the centre line,
equipment and the mission structure read, write back as they were, travel
in a share code, and a broken one is refused with its line and column; a
file without them is untouched (tests/unit/test_io_properties.py saves the
whole library back byte for byte)."""
from __future__ import annotations

import pytest

from layout_editor.io import MissionLoadError, dumps_mission, loads_mission
from layout_editor.io.share_code import decode, encode
from layout_editor.model.mission import Equipment, Territory

HEAD = """\
format: boarding-actions-mission
version: 1
title: Junction
game: kill-team
players: 2
sets: 1
boards:
  - id: A
    kind: boarding-actions
    at: [0, 0]
    rotation: 0
"""
PARTS = """\
territories:
  - player: 1
    area: [[0, 0], [704, 0], [704, 303.5], [0, 303.5]]
  - player: 2
    area: [[0, 303.5], [704, 303.5], [704, 607], [0, 607]]
centre_line: [[0, 303.5], [704, 303.5]]
equipment:
  - {kind: heavy-barricade, player: 1, at: [352, 150]}
  - {kind: razor-wire, player: 2, at: [300, 420], rotation: 90}
mission:
  structure: [crit-op, tac-ops, kill-op]
"""


def test_the_parts_read_and_write_back_as_they_were():
    text = HEAD + PARTS
    m = loads_mission(text)
    assert m.territories == (Territory(1, ((0, 0), (704, 0), (704, 303.5), (0, 303.5))),
                             Territory(2, ((0, 303.5), (704, 303.5), (704, 607), (0, 607))))
    assert m.centre_line == ((0, 303.5), (704, 303.5))
    assert m.equipment == (Equipment("heavy-barricade", 1, (352, 150)), Equipment("razor-wire", 2, (300, 420), 90))
    assert m.mission.structure == ("crit-op", "tac-ops", "kill-op")
    assert dumps_mission(m) == text


def test_a_share_code_carries_them():
    m = loads_mission(HEAD + PARTS)
    again = decode(encode(m))
    assert again == m
    assert again.territories and again.centre_line and again.equipment and again.mission.structure


def test_without_them_nothing_is_written():
    m = loads_mission(HEAD)
    out = dumps_mission(m)
    assert out == HEAD
    for key in ("territories", "centre_line", "equipment", "structure"):
        assert key not in out


@pytest.mark.parametrize("bad, line, column, says", [
    ("territories:\n  - {player: 3, area: [[0, 0], [1, 0], [1, 1]]}\n", 13, 14, "player must be from 1 to 2"),
    ("territories:\n  - {player: 1, area: [[0, 0], [1, 0]]}\n", 13, 23, "at least 3 corners"),
    ("centre_line: [[0, 1], [0, 1]]\n", 12, 14, "two different points"),
    ("centre_line: [[0, 1]]\n", 12, 14, "pair"),
    ("equipment:\n  - {kind: ladder, player: 1, at: [1, 1]}\n", 13, 12, "unknown equipment 'ladder'"),
    ("equipment:\n  - {kind: mine, player: 1, at: [1, 1]}\n", 13, 12, "did you mean 'mines'"),
    ("equipment:\n  - {kind: mines, player: 1, at: [1, 1], rotation: 400}\n", 13, 52, "rotation must be"),
    ("equipment:\n  - {kind: mines, player: 1}\n", 13, 5, "'at'"),
    ("mission:\n  structure: [crit-op, secret-op]\n", 13, 24, "'secret-op' is not a part"),
    ("mission:\n  structure: [kill-op, kill-op]\n", 13, 24, "listed twice"),
])
def test_a_broken_part_is_refused_with_its_place(bad, line, column, says):
    with pytest.raises(MissionLoadError) as e:
        loads_mission(HEAD + bad, source="f.yaml")
    assert (e.value.line, e.value.column) == (line, column), str(e.value)
    assert says in str(e.value)


def test_fewer_players_take_their_territories_and_equipment_along():
    """A file names only the players it has: what belonged to a player who no
    longer takes part goes, so the mission saves and loads again."""
    from dataclasses import replace

    from layout_editor.model.edits import set_mission_fields

    m = loads_mission(HEAD + PARTS)
    three = replace(m, players=3, territories=m.territories + (Territory(3, ((0, 0), (10, 0), (10, 10))),),
                    equipment=m.equipment + (Equipment("mines", 3, (50.0, 50.0)),))
    two = set_mission_fields(three, players=2).mission
    assert {t.player for t in two.territories} == {1, 2} and {e.player for e in two.equipment} == {1, 2}
    assert loads_mission(dumps_mission(two)) == two
