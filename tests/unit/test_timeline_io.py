"""Format version 2, "A table that changes": the timeline and marker kinds
read, written and carried by a share code; a file without them saved
byte-identical (every library mission); a version-1 file with a part of
version 2 refused where it is."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.io import MissionLoadError, dumps_mission, loads_mission, share_code
from layout_editor.io.limits import MAX_CHANGES, MAX_EVENTS
from layout_editor.model.timeline import (
    AREA,
    ENTRY_ZONE,
    HATCHWAY,
    OBJECTIVE,
    Change,
    Event,
    HatchwayRef,
    add_event,
    battle_rounds,
    mission_in_round,
    remove_event,
    replace_event,
    retarget_hatchway,
    rounds_with_changes,
    uses_timeline,
)

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"

CHANGING = """\
format: boarding-actions-mission
version: 2
title: The table changes
players: 2
sets: 1
boards:
  - id: A
    kind: boarding-actions
    at: [0, 0]
    rotation: 0
  - id: B
    kind: boarding-actions
    at: [704, 0]
    rotation: 0
pieces:
  - code: A3
    board: A
    from: [2, 1]
    to: [2, 3]
    facing: right
    open: false
    locked: true
marker_kinds:
  - {id: relic, name: Relic, diameter: 50, counts_as: objective}
objectives:
  - {id: '1', at: [352, 158]}
  - {id: T1, at: [500, 300], kind: terminal}
  - {id: '4', at: [900, 300], kind: relic}
  - {id: '2', at: [200, 300]}
entry_zones:
  - player: 1
    board: A
    cells: [[0, 0], [0, 1]]
  - player: 2
    name: Reinforcements
    board: B
    cells: [[6, 0], [6, 1]]
regions:
  - name: Reactor
    board: B
    cells: [[3, 2], [3, 3]]
    state: dark
timeline:
  - round: 2
    trigger: If a player controls the terminal
    text: The bulkheads unlock.
    changes:
      - {hatchway: {board: A, from: [2, 3], to: [2, 1]}, becomes: unlocked}
      - {area: Reactor, becomes: impassable}
      - {objective: '4', becomes: appears}
      - {objective: '2', becomes: moves, to: [600, 300]}
      - {entry_zone: Reinforcements, becomes: opens}
  - round: 3
    phase: end
    changes:
      - {hatchway: {board: A, from: [2, 3], to: [2, 1]}, becomes: open}
"""


def _changing():
    return loads_mission(CHANGING, "changing.yaml")


def test_a_changing_table_round_trips_text_and_mission():
    m = _changing()
    assert dumps_mission(m) == CHANGING
    assert loads_mission(dumps_mission(m)) == m
    assert m.pieces[0].locked and m.regions[0].state == "dark"
    assert [o.kind for o in m.objectives] == ["objective", "terminal", "relic", "objective"]
    first = m.timeline[0]
    assert first.round == 2 and first.phase == "start" and first.text == "The bulkheads unlock."
    assert first.changes[0] == Change(HATCHWAY, HatchwayRef("A", (2, 3), (2, 1)), "unlocked")
    assert first.changes[3].to == (600.0, 300.0)
    assert m.timeline[1].phase == "end"


def test_a_changing_table_round_trips_through_a_share_code():
    m = _changing()
    back = share_code.decode(share_code.encode(m))
    assert back == m and back.timeline == m.timeline and back.marker_kinds == m.marker_kinds


@pytest.mark.parametrize("path", sorted(LIBRARY.glob("*.yaml")), ids=lambda p: p.name)
def test_every_library_mission_without_a_timeline_saves_as_version_1(path):
    """A mission that uses nothing of version 2 is written as before: version
    1, no key of version 2, and what it saves loads and saves to the same
    bytes. (The library's files are hand-written, with comments, so the
    first save is compared with the writer of before by the golden cases,
    tests/golden/io_*/expected_saved.yaml, and was compared file by file
    with the writer of main e4aa090 when version 2 came.)"""
    m = loads_mission(path.read_text(encoding="utf-8"), str(path))
    saved = dumps_mission(m)
    if uses_timeline(m):
        assert saved.startswith("format: boarding-actions-mission\nversion: 2\n")
        return
    assert saved.startswith("format: boarding-actions-mission\nversion: 1\n")
    for key in ("timeline:", "marker_kinds:", "locked:", "state:", "    kind: ", ", kind: "):
        assert key not in saved.replace("kind: boarding-actions", "")
    assert dumps_mission(loads_mission(saved)) == saved


def test_the_table_in_each_round():
    m = _changing()
    one = mission_in_round(m, 1)
    assert [(p.open, p.locked) for p in one.pieces] == [(False, True)]
    assert [o.id for o in one.objectives] == ["1", "T1", "2"]  # '4' appears in round 2
    assert [z.name for z in one.entry_zones] == [None]          # Reinforcements opens in round 2
    assert [(r.name, r.state) for r in one.regions] == [("Reactor", "dark")]
    two = mission_in_round(m, 2)
    assert [(p.open, p.locked) for p in two.pieces] == [(False, False)]
    assert {o.id: o.at for o in two.objectives}["2"] == (600.0, 300.0)
    assert [z.name for z in two.entry_zones] == [None, "Reinforcements"]
    assert two.regions[0].state == "impassable"
    # The end-phase event of round 3 shows from round 4 (timeline.py's notes).
    assert mission_in_round(m, 3).pieces[0].open is False
    assert mission_in_round(m, 4).pieces[0].open is True
    assert two.pieces[0].uid == m.pieces[0].uid
    assert rounds_with_changes(m) == (2, 4)
    assert battle_rounds(m) == 5


def test_a_table_that_never_changes_is_the_mission_itself():
    m = loads_mission((LIBRARY / "derelict-crossing.yaml").read_text(encoding="utf-8"))
    assert mission_in_round(m, 3) is m and rounds_with_changes(m) == ()


def test_removed_areas_and_objectives_and_closing_zones():
    m = _changing()
    m = add_event(m, Event(round=3, changes=(Change(AREA, "Reactor", "removed"),
                                             Change(OBJECTIVE, "1", "removed"),
                                             Change(ENTRY_ZONE, "Reinforcements", "closes"))))
    three = mission_in_round(m, 3)
    assert three.regions == () and "1" not in [o.id for o in three.objectives]
    assert [z.name for z in three.entry_zones] == [None]


def test_edits_keep_the_battle_order_and_undo_to_the_same_mission():
    m = _changing()
    early = Event(round=1, changes=(Change(AREA, "Reactor", "clear"),))
    added = add_event(m, early)
    assert added.timeline[0] == early
    assert remove_event(added, 0) == m
    later = replace(early, round=5)
    moved = replace_event(added, 0, later)
    assert moved.timeline[-1] == later and len(moved.timeline) == 3
    same = replace_event(m, 0, replace(m.timeline[0], text="Doors!"))
    assert same.timeline[0].text == "Doors!" and same.timeline[1] == m.timeline[1]
    loads_mission(dumps_mission(moved))  # what the editor makes, the reader reads


def test_a_hatchway_moved_carries_its_events():
    m = _changing()
    new = HatchwayRef("A", (3, 1), (3, 3))
    moved = retarget_hatchway(m, HatchwayRef("A", (2, 1), (2, 3)), new)
    assert moved.timeline[0].changes[0].ref == new and moved.timeline[1].changes[0].ref == new
    assert moved.timeline[0].changes[1] == m.timeline[0].changes[1]


def test_version_2_saved_only_when_used():
    m = loads_mission((LIBRARY / "derelict-crossing.yaml").read_text(encoding="utf-8"))
    assert "version: 1\n" in dumps_mission(m)
    regions = (replace(m.regions[0], state="dangerous"),) if m.regions else ()
    for changed in (replace(m, timeline=(Event(round=2),)),
                    replace(m, objectives=(replace(m.objectives[0], kind="terminal"),) + m.objectives[1:])):
        text = dumps_mission(changed)
        assert "version: 2\n" in text and loads_mission(text) == changed
    if regions:
        assert "version: 2\n" in dumps_mission(replace(m, regions=regions + m.regions[1:]))


def _fails(text: str) -> MissionLoadError:
    with pytest.raises(MissionLoadError) as caught:
        loads_mission(text, "bad.yaml")
    return caught.value


def _v1(text: str) -> str:
    return text.replace("version: 2", "version: 1")


_PARTS = {
    "locked": ["    locked: true\n"],
    "marker_kinds": ["marker_kinds:\n  - {id: relic, name: Relic, diameter: 50, counts_as: objective}\n"],
    "kind": [", kind: terminal", ", kind: relic"],
    "state": ["    state: dark\n"],
}


@pytest.mark.parametrize("key", ["locked", "marker_kinds", "kind", "state", "timeline"])
def test_a_version_1_file_with_a_version_2_key_is_refused_where_it_is(key):
    text = _v1(CHANGING)
    if key != "timeline":  # the one key of version 2 left in the file
        text = text[:text.index("timeline:")]
    for other, parts in _PARTS.items():
        if other != key:
            for part in parts:
                text = text.replace(part, "")
    error = _fails(text)
    assert f"'{key}' needs version: 2" in error.message
    line = next(n for n, row in enumerate(text.splitlines(), 1) if f"{key}:" in row.replace("kind: boarding", ""))
    assert error.line == line and error.column >= 1


def test_an_older_program_refuses_a_newer_file():
    error = _fails(CHANGING.replace("version: 2", "version: 3"))
    assert "newer version" in error.message and error.line == 2


@pytest.mark.parametrize("bad, words", [
    ("becomes: unlocked}", "becomes: ajar}"),
    ("{area: Reactor, becomes: impassable}", "{area: Reactor, becomes: impassable, to: [1, 2]}"),
    ("{objective: '2', becomes: moves, to: [600, 300]}", "{objective: '2', becomes: moves}"),
    ("{area: Reactor, becomes: impassable}", "{area: Reactor, objective: '1', becomes: removed}"),
    ("  - round: 2\n", "  - round: 0\n"),
    ("    phase: end\n", "    phase: lunch\n"),
    (", kind: relic}", ", kind: relik}"),
    ("    state: dark\n", "    state: foggy\n"),
    ("diameter: 50", "diameter: 0"),
    ("open: false\n    locked: true", "open: true\n    locked: true"),
])
def test_a_bad_timeline_is_one_located_message(bad, words):
    assert bad in CHANGING
    error = _fails(CHANGING.replace(bad, words, 1))
    assert error.line > 1 and error.column >= 1
    assert "\n" not in str(error)


def test_the_limits_of_the_timeline():
    many_events = "timeline:\n" + "".join("  - {round: 1, changes: []}\n" for _ in range(MAX_EVENTS + 1))
    head = CHANGING[:CHANGING.index("timeline:")]
    error = _fails(head + many_events)
    assert "more than" in error.message and error.line == head.count("\n") + 1 + MAX_EVENTS + 1
    many_changes = ("timeline:\n  - round: 1\n    changes:\n"
                    + "".join("      - {area: Reactor, becomes: clear}\n" for _ in range(MAX_CHANGES + 1)))
    assert "more than" in _fails(head + many_changes).message


def test_marker_kinds_the_files_own_before_the_catalogues():
    from layout_editor.model.timeline import MarkerKind, marker_kind

    m = _changing()
    assert marker_kind(m, "relic").diameter == 50.0
    assert marker_kind(m, "loot").counts_as == "none" and marker_kind(m, "loot").diameter == 25.0
    assert marker_kind(m, "terminal").counts_as == "objective"
    own = replace(m, marker_kinds=(MarkerKind("loot", "Crate", 60.0, "objective"),))
    assert marker_kind(own, "loot").diameter == 60.0 and marker_kind(own, "loot").counts_as == "objective"
