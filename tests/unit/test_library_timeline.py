"""The library's missions built around a changing table (issue 30): at
least three, each in English and German, each one checked round by round:
the table of every battle round (model.timeline.mission_in_round) validates
without errors, lets every player reach every objective on it with the
hatchways open, and keeps the players' route totals (hatchways as that
round sets them) within the library's 10 %."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from layout_editor.io import load_mission
from layout_editor.model.timeline import battle_rounds, mission_in_round, rounds_with_changes, uses_timeline
from layout_editor.rules.analysis import analyze, objective_distances
from layout_editor.rules.checks import run_checks

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
CHANGING = ["bulkhead-protocol", "vent-cycle", "relief-at-the-crossing"]
FILES = [LIBRARY / f"{name}{lang}.yaml" for name in CHANGING for lang in ("", ".de")]
MAX_SPREAD_PCT = 10.0


@functools.cache
def mission(path: Path):
    return load_mission(path)


def rounds(path: Path):
    m = mission(path)
    return [(r, mission_in_round(m, r)) for r in range(1, battle_rounds(m) + 1)]


def test_three_changing_missions_in_english_and_german():
    for path in FILES:
        assert path.exists(), path.name
        m = mission(path)
        assert uses_timeline(m) and m.timeline
        assert path.read_text(encoding="utf-8").splitlines()[1] == "version: 2"
        assert len(rounds_with_changes(m)) >= 2, f"{path.name}: the table should change more than once"


@pytest.mark.parametrize("name", CHANGING)
def test_the_german_copy_changes_the_same_table_at_the_same_time(name):
    en, de = mission(LIBRARY / f"{name}.yaml"), mission(LIBRARY / f"{name}.de.yaml")
    assert [(e.round, e.phase, [(c.target, c.becomes, c.to) for c in e.changes]) for e in en.timeline] == \
        [(e.round, e.phase, [(c.target, c.becomes, c.to) for c in e.changes]) for e in de.timeline]
    assert all(a.text != b.text for a, b in zip(en.timeline, de.timeline) if a.text)
    for (r, t_en), (_, t_de) in zip(rounds(LIBRARY / f"{name}.yaml"), rounds(LIBRARY / f"{name}.de.yaml")):
        assert [(p.open, p.locked) for p in t_en.pieces] == [(p.open, p.locked) for p in t_de.pieces], r
        assert [o.at for o in t_en.objectives] == [o.at for o in t_de.objectives], r
        assert [(g.cells, g.state) for g in t_en.regions] == [(g.cells, g.state) for g in t_de.regions], r
        assert [z.cells for z in t_en.entry_zones] == [z.cells for z in t_de.entry_zones], r


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_round_validates_reaches_and_is_fair(path):
    for r, table in rounds(path):
        errors = [f"{f.code}: {f.message}" for f in run_checks(table) if f.severity == "error"]
        assert errors == [], f"round {r}: {errors}"
        sealed = [(p, o) for p, row in objective_distances(table, hatches="open").items()
                  for o, d in row.items() if d is None]
        assert sealed == [], f"round {r}: no route even with every hatchway open: {sealed}"
        distances = analyze(table).metrics["objective_distances_in"]
        totals = {}
        for player, row in distances.items():
            assert all(d is not None for d in row.values()), f"round {r}: player {player} is cut off: {row}"
            totals[player] = sum(row.values())
        spread = (max(totals.values()) / min(totals.values()) - 1) * 100
        assert spread <= MAX_SPREAD_PCT, f"round {r}: route totals differ by {spread:.1f} %: {totals}"


def test_the_table_really_changes_in_each_mission():
    """What each mission is about shows in its rounds' tables."""
    protocol = dict(rounds(LIBRARY / "bulkhead-protocol.yaml"))
    assert sum(p.locked for p in protocol[1].pieces) == 4 and sum(p.locked for p in protocol[3].pieces) == 0
    assert "1" not in {o.id for o in protocol[2].objectives} and "1" in {o.id for o in protocol[3].objectives}
    vent = dict(rounds(LIBRARY / "vent-cycle.yaml"))
    assert [{g.state for g in vent[r].regions} for r in (1, 2, 3, 4, 5)] == \
        [{"clear"}, {"dangerous"}, {"impassable"}, {"impassable"}, {"clear"}]
    assert [("1" in {o.id for o in vent[r].objectives}) for r in (1, 2, 3, 4, 5)] == [True, True, False, False, True]
    relief = dict(rounds(LIBRARY / "relief-at-the-crossing.yaml"))
    assert [len(relief[r].entry_zones) for r in (1, 2, 3)] == [2, 2, 4]
    assert "dark" in {g.state for g in relief[2].regions} and "dark" not in {g.state for g in relief[4].regions}
