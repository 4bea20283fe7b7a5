"""The mission library holds itself to issue 5: enough missions of each kind,
each one loads, validates without errors, says how many terrain sets it needs
and uses no more, has full texts, deploys three and four players the way the
free-for-all rules of the rules digest say, lets every player reach every
objective with the hatchways open, and is fair: the players' total route
distances to the objectives (hatchways as set) differ by at most 10 %, unless
the mission is marked attacker/defender and its text says why.

English files are NAME.yaml (language: en); German translations are
NAME.de.yaml (language: de) with exactly the English layout.

Every file loads, validates without errors and keeps the English layout in
German, whatever its game. What is Boarding Actions' own (the kinds of
mission, battle rounds and points, entry zones for three and four players,
fairness with the hatchways as set) holds the Boarding Actions files; the
Kill Team missions are held to their own rules in test_library_kill_team.py.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from shapely.geometry import Point, box
from shapely.ops import unary_union

from layout_editor.catalogue import default_catalogue
from layout_editor.games import BOARDING_ACTIONS
from layout_editor.io import load_mission
from layout_editor.model.lattice import Placement
from layout_editor.model.parts import sets_needed
from layout_editor.rules.checks import run_checks

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
FILES = sorted(LIBRARY.glob("*.yaml"))
ENGLISH = [f for f in FILES if not f.name.endswith(".de.yaml")]
GERMAN = [f for f in FILES if f.name.endswith(".de.yaml")]
MAX_SPREAD_PCT = 10.0
# What an attacker/defender mission's text must name to explain itself.
SIDE_WORDS = {"en": ("attacker", "defender"), "de": ("angreifer", "verteidiger")}


def ids(paths):
    return [p.name for p in paths]


@functools.cache
def mission(path: Path):
    return load_mission(path)


# The Boarding Actions files (the Kill Team ones have their own test module).
BA_FILES = [f for f in FILES if mission(f).game == BOARDING_ACTIONS]
BA_ENGLISH = [f for f in BA_FILES if f in ENGLISH]
BA_GERMAN = [f for f in BA_FILES if f in GERMAN]


@functools.cache
def analysis(path: Path):
    from layout_editor.rules.analysis import analyze

    return analyze(mission(path))


@functools.cache
def open_distances(path: Path):
    from layout_editor.rules.analysis import objective_distances

    return objective_distances(mission(path), hatches="open")


# -- the library as a whole ----------------------------------------------------

def test_library_has_enough_missions_of_each_kind():
    players = [mission(f).players for f in BA_ENGLISH]
    assert len(BA_ENGLISH) >= 12, f"{len(BA_ENGLISH)} English missions, issue 5 asks for at least 12"
    assert players.count(2) >= 8
    assert players.count(3) >= 2
    assert players.count(4) >= 2


def test_two_player_missions_cover_boards_touching_and_apart_and_both_kinds():
    two = [mission(f) for f in BA_ENGLISH if mission(f).players == 2]
    apart = [m for m in two if not _boards_touch(m)]
    touching = [m for m in two if _boards_touch(m)]
    assert apart, "no two-player mission lays the boards apart"
    assert touching, "no two-player mission has the boards touching"
    attacker_defender = [m for m in two if m.extras.get("x-attacker-defender") is True]
    assert attacker_defender, "no two-player attacker/defender mission"
    assert len(attacker_defender) < len(two), "no symmetric two-player mission"


def test_at_least_four_missions_come_in_german_too():
    assert len(BA_GERMAN) >= 4


@pytest.mark.parametrize("path", GERMAN, ids=ids(GERMAN))
def test_german_mission_has_the_english_layout_and_its_own_texts(path):
    english = LIBRARY / path.name.replace(".de.yaml", ".yaml")
    assert english.exists(), f"{path.name} has no English original {english.name}"
    de, en = mission(path), mission(english)
    assert de.language == "de"
    assert _layout(de) == _layout(en)
    assert de.extras == en.extras
    assert de.title != en.title
    assert de.mission.briefing != en.mission.briefing
    assert de.mission.victory != en.mission.victory
    assert [s.text for s in de.mission.sections] != [s.text for s in en.mission.sections]


@pytest.mark.parametrize("path", ENGLISH, ids=ids(ENGLISH))
def test_english_file_says_so(path):
    assert mission(path).language == "en"


# -- each mission ------------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_mission_validates_without_errors(path):
    errors = [f for f in run_checks(mission(path)) if f.severity == "error"]
    assert errors == [], "\n".join(f"{f.code}: {f.message}" for f in errors)


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_mission_states_the_sets_it_needs(path):
    """`sets` is what the layout needs: it uses no more, and asks no more of
    the players' collection than it uses."""
    m = mission(path)
    assert sets_needed(m) == m.sets


@pytest.mark.parametrize("path", BA_FILES, ids=ids(BA_FILES))
def test_mission_has_its_parts(path):
    m = mission(path)
    cat = default_catalogue()
    hatchways = [p for p in m.pieces if cat.piece(p.code).has_hatchway]
    assert hatchways, "no hatchway in the layout"
    for p in hatchways:
        assert p.facing in ("left", "right") and p.open in (True, False)
    assert m.objectives
    assert {z.player for z in m.entry_zones} == set(range(1, m.players + 1))
    t = m.mission
    assert t.briefing and t.briefing.strip()
    assert t.sections and all(s.title.strip() and s.text.strip() for s in t.sections)
    assert t.victory and t.victory.strip()
    assert t.battle_rounds and t.points
    assert t.objective_spacing is not None
    assert t.objective_spacing.between_in and t.objective_spacing.edge_in


@pytest.mark.parametrize("path", [f for f in FILES if mission(f).players in (3, 4)],
                         ids=ids([f for f in FILES if mission(f).players in (3, 4)]))
def test_free_for_all_deployment(path):
    """Four players take the four corners; three players take one long edge
    and the two corners of the opposite long edge (the digest's two ways of
    choosing end in that same shape)."""
    m = mission(path)
    x0, y0, x1, y1 = _battlefield(m).bounds
    corners = {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
    held = {p: {c for c in corners if _zone(m, p).distance(Point(c)) <= 30} for p in range(1, m.players + 1)}
    for p, cs in held.items():
        assert len(cs) <= 1, f"player {p}'s entry zone spans more than one corner"
    if m.players == 4:
        taken = [next(iter(cs)) for cs in held.values() if cs]
        assert len(taken) == 4 and set(taken) == corners, f"four players need the four corners: {held}"
        return
    long_is_x = (x1 - x0) >= (y1 - y0)
    edges = ([(x0, y0, x1, y0), (x0, y1, x1, y1)] if long_is_x else [(x0, y0, x0, y1), (x1, y0, x1, y1)])
    on_edge = [p for p, cs in held.items() if not cs]
    assert len(on_edge) == 1, f"three players: one long edge and two corners, got {held}"
    edge_player = on_edge[0]
    zone = _zone(m, edge_player)
    from shapely.geometry import LineString
    touched = [e for e in edges if zone.distance(LineString([e[:2], e[2:]])) <= 15]
    assert len(touched) == 1, "the edge player's zone must lie on a long edge"
    (ex0, ey0, ex1, ey1), = touched
    opposite = next(e for e in edges if e != touched[0])
    want = {opposite[:2], opposite[2:]}
    got = {next(iter(cs)) for p, cs in held.items() if cs}
    assert got == want, f"the corner players must hold the corners of the opposite long edge: {got} != {want}"


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_every_player_reaches_every_objective_with_hatchways_open(path):
    distances = open_distances(path)
    sealed = [(p, o) for p, row in distances.items() for o, d in row.items() if d is None]
    assert sealed == [], f"(player, objective) with no route even with every hatchway open: {sealed}"


@pytest.mark.parametrize("path", BA_FILES, ids=ids(BA_FILES))
def test_route_distances_are_fair_or_the_text_says_why(path):
    m = mission(path)
    metrics = analysis(path).metrics
    distances = metrics["objective_distances_in"]
    totals = {}
    for player, row in distances.items():
        assert all(d is not None for d in row.values()), \
            f"player {player} has no route to an objective with the hatchways as set: {row}"
        totals[player] = sum(row.values())
    spread = (max(totals.values()) / min(totals.values()) - 1) * 100
    if m.extras.get("x-attacker-defender") is True:
        words = SIDE_WORDS.get(m.language or "en", SIDE_WORDS["en"])
        explained = [s for s in m.mission.sections
                     if all(w in (s.title + " " + s.text).lower() for w in words)]
        assert explained, "an attacker/defender mission needs a section that names both sides and explains"
        assert any("first turn" in s.text.lower() or "ersten zug" in s.text.lower() for s in explained), \
            "the explanation should say how the attacker is compensated"
        return
    assert spread <= MAX_SPREAD_PCT, f"total route distances differ by {spread:.1f} %: {totals}"
    assert metrics["fairness"]["total_spread_pct"] <= MAX_SPREAD_PCT


# -- helpers -------------------------------------------------------------------------

def _placements(m):
    cat = default_catalogue()
    return {b.id: Placement.of(b, cat) for b in m.boards}


def _battlefield(m):
    return unary_union([box(*p.bounds) for p in _placements(m).values()])


def _boards_touch(m) -> bool:
    return _battlefield(m).geom_type == "Polygon"


def _zone(m, player):
    pl = _placements(m)
    from shapely.geometry import Polygon
    return unary_union([Polygon(pl[z.board].cell_corners_table(c)) for z in m.entry_zones_of(player)
                        for c in z.cells])


def _layout(m):
    """Everything but the words."""
    return (m.players, m.sets, m.boards, m.pieces,
            tuple((o.id, o.at) for o in m.objectives),
            tuple((z.player, z.board, z.cells) for z in m.entry_zones),
            tuple((r.board, r.cells) for r in m.regions),
            m.territories, m.centre_line, m.equipment)


# German joins words with a hyphen before "und"/"oder" ("Nord- und
# Südwand"); anything else is a word broken at a line end of the file.
_BROKEN_WORD = __import__("re").compile(r"\w- (?!und\b|oder\b|bis\b|and\b|or\b)\w")


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_texts_have_no_word_broken_at_a_line_end(path):
    m = mission(path)
    t = m.mission
    texts = [m.title, t.briefing or "", t.victory or ""] + [f"{s.title} {s.text or ''}" for s in t.sections]
    texts += [o.name or "" for o in m.objectives] + [r.name for r in m.regions] + [z.name or "" for z in m.entry_zones]
    broken = [hit.group() for text in texts for hit in _BROKEN_WORD.finditer(text)]
    assert broken == []
