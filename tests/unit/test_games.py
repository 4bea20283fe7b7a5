"""The game a mission is for (games.py): `game:` in the file, the Kill Team
killzone's kit in the parts check, and Boarding Actions files unchanged."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.games import BOARDING_ACTIONS, KILL_TEAM, game_of
from layout_editor.io import MissionLoadError, dumps_mission, loads_mission
from layout_editor.io.share_code import decode, encode
from layout_editor.model import MissionText, Piece
from layout_editor.model.mission import Op, killzone_mission
from layout_editor.model.parts import left_in_box, per_set, sets_needed
from layout_editor.rules.checks import run_checks

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"

KILLZONE = textwrap.dedent("""\
    format: boarding-actions-mission
    version: 1
    title: Valve
    game: kill-team
    players: 2
    sets: 1
    boards:
      - {id: A, kind: boarding-actions, at: [0, 0], rotation: 0}
    pieces:
      - {code: B2, board: A, from: [3, 1], to: [3, 2], facing: left, open: false}
      - {code: pillar-left, board: A, at: [3, 1]}
      - {code: pillar-right, board: A, at: [3, 2]}
    mission:
      briefing: Hold the valve.
      turning_points: 4
      ops:
        - {name: Seize the valve, text: 1VP a turning point, vp: 4}
        - {name: Kill op}
    """)


def test_a_file_without_game_is_boarding_actions_and_saves_as_it_was():
    for path in sorted(LIBRARY.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        m = loads_mission(text, str(path))
        if "game:" in text:
            continue
        assert m.game == BOARDING_ACTIONS, path.name
        assert "game:" not in dumps_mission(m), path.name


def test_a_kill_team_file_loads_and_saves_its_game_turning_points_and_ops():
    m = loads_mission(KILLZONE)
    assert m.game == KILL_TEAM and game_of(m).boards == 1
    assert m.mission.turning_points == 4
    assert m.mission.ops == (Op("Seize the valve", "1VP a turning point", 4), Op("Kill op"))
    text = dumps_mission(m)
    assert "game: kill-team\n" in text
    assert text.index("game:") < text.index("players:")
    assert loads_mission(text) == m


def test_an_unknown_game_is_refused_with_its_line_and_column():
    with pytest.raises(MissionLoadError) as caught:
        loads_mission(KILLZONE.replace("game: kill-team", "game: necromunda"), "m.yaml")
    assert (caught.value.line, caught.value.column) == (4, 7)
    assert "kill-team" in str(caught.value) and "necromunda" in str(caught.value)


def test_an_op_needs_a_name_and_a_whole_vp():
    with pytest.raises(MissionLoadError) as caught:
        loads_mission(KILLZONE.replace("vp: 4", "vp: four"), "m.yaml")
    assert (caught.value.line, caught.value.column) == (17, 62) and "vp" in str(caught.value)


def test_share_codes_carry_the_game_and_the_ops():
    m = loads_mission(KILLZONE)
    assert decode(encode(m)) == m


def test_killzone_mission_is_one_board_for_two_with_four_turning_points():
    m = killzone_mission("Empty")
    assert (m.game, len(m.boards), m.players, m.mission.turning_points) == (KILL_TEAM, 1, 2, 4)
    found = run_checks(m)
    assert {f.code for f in found if f.severity != "info"} == {"no-entry-zone"}  # the designer draws the drop zones next
    # and Kill Team's readings are said (info)
    assert {"kt-routes-reading", "kt-cover-reading", "kt-moves-reading", "kt-areas-reading"} <= {f.code for f in found}


def test_the_parts_check_counts_against_the_killzone_kit():
    cat = default_catalogue()
    m = killzone_mission()
    kit = per_set(m, cat)
    assert kit == {"A1": 2, "A2": 2, "A3": 2, "A4": 2, "B1": 2, "B2": 2, "B3-1": 2, "B3-2": 2,
                   "pillar-left": 8, "pillar-right": 8, "wall-end": 2}
    # A whole set holds 16 left pillars; the killzone's half holds 8.
    nine = tuple(Piece(code="pillar-left", board="A", at=(i, 0)) for i in range(8)) + (
        Piece(code="pillar-left", board="A", at=(0, 2)),)
    m = replace(m, pieces=nine)
    assert sets_needed(m, cat) == 2 and left_in_box(m, catalogue=cat)["pillar-left"] == -1
    assert "not-enough-sets" in [f.code for f in run_checks(m, rules_core=False)]
    as_boarding_actions = replace(m, game=BOARDING_ACTIONS, boards=m.boards)
    assert sets_needed(as_boarding_actions, cat) == 1


def test_kill_team_findings_for_a_hatchway_set_open_and_other_games_texts():
    m = loads_mission(KILLZONE.replace("open: false", "open: true"))
    found = {f.code: f for f in run_checks(m, rules_core=False)}
    assert found["kt-hatchway-open"].severity == "warning"
    assert "B2 on board A" in found["kt-hatchway-open"].message
    assert "other-game-texts" not in found
    ba = replace(m, game=BOARDING_ACTIONS)
    assert "kt-hatchway-open" not in {f.code for f in run_checks(ba, rules_core=False)}
    assert "turning_points, ops" in {f.code: f for f in run_checks(ba, rules_core=False)}["other-game-texts"].message
    rounds = replace(m, mission=MissionText(battle_rounds=5, points=500))
    assert "battle_rounds, points" in {f.code: f for f in run_checks(rounds, rules_core=False)}["other-game-texts"].message
