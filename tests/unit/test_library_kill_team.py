"""The Kill Team missions of the library (issue 17, item 5): at least six
original Killzone Gallowdark missions, each on one board for two players,
every hatchway closed at the start, built from one killzone kit (half a
terrain set), with full texts (turning points and ops with their victory
points), a rules check clean of errors and warnings, and drop zones whose
route distances to the objective markers are fair: the players' totals
differ by at most 10 %.

Route distances are Kill Team's (rules/kill_team): every hatchway as
operable, that is open, and 1" more for each access point crossed, from
the nearest point of the drop zone to the nearest edge of the marker.
test_library.py holds every library file to what all games share (loads,
no errors, German files keep the English layout).
"""
from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.games import KILL_TEAM, game_of
from layout_editor.io import load_mission
from layout_editor.rules.analysis import fairness
from layout_editor.rules.checks import run_checks
from layout_editor.rules.kill_team import balance

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
MAX_SPREAD_PCT = 10.0
KIT = "killzone-gallowdark"


@functools.cache
def mission(path: Path):
    return load_mission(path)


def _kill_team(paths):
    """The library's own Kill Team missions; the official map cards
    (x-approved-ops) have their own tests: test_library_approved_ops.py."""
    return [p for p in paths if mission(p).game == KILL_TEAM and "x-approved-ops" not in mission(p).extras]


FILES = _kill_team(sorted(LIBRARY.glob("*.yaml")))
ENGLISH = [f for f in FILES if not f.name.endswith(".de.yaml")]
GERMAN = [f for f in FILES if f.name.endswith(".de.yaml")]


def ids(paths):
    return [p.name for p in paths]


@functools.cache
def findings(path: Path):
    return tuple(run_checks(mission(path)))


@functools.cache
def routes(path: Path):
    return balance(mission(path))


# -- the library as a whole ----------------------------------------------------------

def test_at_least_six_kill_team_missions():
    assert len(ENGLISH) >= 6, f"{len(ENGLISH)} English Kill Team missions, issue 17 asks for at least six"


def test_kill_team_missions_have_their_own_titles():
    titles = [mission(f).title for f in FILES]
    assert len(set(titles)) == len(titles)


def test_at_least_two_kill_team_missions_come_in_german_too():
    assert len(GERMAN) >= 2
    for path in GERMAN:
        assert (LIBRARY / path.name.replace(".de.yaml", ".yaml")) in ENGLISH


def test_the_layouts_differ():
    """Six missions, six layouts: no two share their walls."""
    walls = {}
    cat = default_catalogue()
    for f in ENGLISH:
        m = mission(f)
        key = frozenset((p.code, frozenset((p.from_node, p.to_node))) for p in m.pieces
                        if cat.piece(p.code).is_wall)
        assert key not in walls, f"{f.name} has the walls of {walls.get(key)}"
        walls[key] = f.name


# -- each mission ---------------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_one_board_two_players_every_hatchway_closed(path):
    m = mission(path)
    cat = default_catalogue()
    assert game_of(m).id == KILL_TEAM
    assert len(m.boards) == 1
    assert m.players == 2
    assert {z.player for z in m.entry_zones} == {1, 2}, "a drop zone for each player"
    hatchways = [p for p in m.pieces if cat.piece(p.code).has_hatchway]
    assert hatchways, "no hatchway in the layout"
    assert all(p.open is False and p.facing in ("left", "right") for p in hatchways)


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_checks_find_no_error_and_no_warning(path):
    bad = [f for f in findings(path) if f.severity in ("error", "warning")]
    assert bad == [], "\n".join(f"{f.severity} {f.code}: {f.message}" for f in bad)


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_built_from_one_killzone_kit(path):
    """Half a terrain set: no piece more often than the killzone kit holds it
    (2 of each wall, 2 of each B3, 8 left and 8 right pillars, ...)."""
    m = mission(path)
    kit = default_catalogue().kits[KIT]
    used = Counter(p.code for p in m.pieces)
    over = {code: (n, kit.count(code)) for code, n in used.items() if n > kit.count(code)}
    assert over == {}, f"(used, in the kit): {over}"


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_texts_speak_kill_team(path):
    m = mission(path)
    t = m.mission
    assert t.briefing and t.briefing.strip()
    assert t.sections and all(s.title.strip() and s.text.strip() for s in t.sections)
    assert t.victory and t.victory.strip()
    assert t.turning_points == 4
    assert t.battle_rounds is None and t.points is None, "Boarding Actions fields in a Kill Team mission"
    assert len(t.ops) >= 2
    for op in t.ops:
        assert op.name.strip() and op.text.strip()
        assert isinstance(op.vp, int) and op.vp > 0, f"op {op.name!r} says no victory points"
    assert all(o.name for o in m.objectives), "every objective marker has a name"
    assert all(z.name for z in m.entry_zones), "every drop zone has a name"


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_drop_zones_are_fair(path):
    """Every objective within reach of both drop zones with the hatchways
    operated, and the totals of the Kill Team routes within 10 %."""
    distances = routes(path)
    unreachable = [(p, o) for p, row in distances.items() for o, d in row.items() if d is None]
    assert unreachable == [], f"(player, objective) with no route: {unreachable}"
    totals = {p: sum(row.values()) for p, row in distances.items()}
    spread = (max(totals.values()) / min(totals.values()) - 1) * 100
    assert spread <= MAX_SPREAD_PCT, f"route totals differ by {spread:.1f} %: {totals}"
    assert fairness(distances)["total_spread_pct"] <= MAX_SPREAD_PCT


def test_the_balance_counts_the_access_points():
    """The routes the fairness test adds up are Kill Team's: a route through
    a hatchway is longer than the Boarding Actions route with it open."""
    from layout_editor.rules.analysis import objective_distances

    path = LIBRARY / "hollow-reliquary.yaml"
    kt = routes(path)
    ba = objective_distances(mission(path), hatches="open")
    # the reliquary (objective 1) lies behind a hatchway from both drop zones
    for player in ("1", "2"):
        assert kt[player]["1"] >= ba[player]["1"] + 0.99
