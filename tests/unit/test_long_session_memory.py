"""What a long editing session keeps (issue 29, seventh round): the memos
that hold a battlefield or a pair table are bounded by what those weigh,
so that hundreds of edits on a big table do not climb far past the memory
of the first few (benchmarks/bench_analysis.py, "450 edits")."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from benchmarks.layouts import dense_mission, small_edits
from layout_editor.rules import longest, obstacles, sight
from layout_editor.rules.cache import clear_all


def _hatchway_states(mission, count):
    """`count` missions differing from `mission` only in which hatchways are
    open: each a battlefield of its own."""
    hatches = [k for k, p in enumerate(mission.pieces) if p.open is not None]
    out = []
    for n in range(count):
        pieces = list(mission.pieces)
        for bit, k in enumerate(hatches[:8]):
            pieces[k] = replace(pieces[k], open=bool((n >> bit) & 1))
        out.append(replace(mission, pieces=tuple(pieces)))
    return out


def test_battlefields_are_kept_by_the_boards_they_weigh():
    clear_all()
    made = [obstacles.battlefield(m) for m in _hatchway_states(dense_mission(2), 30)]
    kept = obstacles._battlefields
    # two boards: the 24 made last, as the count bound kept them before
    assert len(kept) == obstacles.BATTLEFIELD_BOARDS // 2 == 24
    assert all(kept.get(bf.key) is bf for bf in made[-24:])
    assert all(kept.get(bf.key) is None for bf in made[:6])

    clear_all()
    made = [obstacles.battlefield(m) for m in _hatchway_states(dense_mission(8), 8)]
    # eight boards: six, the newest of them
    assert len(kept) == obstacles.BATTLEFIELD_BOARDS // 8 == 6
    assert kept.stats().weight == 48
    assert all(kept.get(bf.key) is bf for bf in made[-6:])
    # asked again while kept: the very battlefield, not another made
    newest = _hatchway_states(dense_mission(8), 8)[-1]
    assert obstacles._battlefield(obstacles.battlefield_key(newest, "as-set")) is made[-1]


def test_a_pair_table_is_kept_only_while_nine_tenths_of_its_corners_live():
    clear_all()
    m = dense_mission(2)
    sight.longest_sight_line(m)
    seen = []  # (the table, the share of its corners alive after the edit)
    for e in small_edits(m, 60):
        sight.longest_sight_line(e)
        (table,) = longest._pair_tables.data.values()
        seen.append((table, np.count_nonzero(table.alive) / len(table.xy)))
    kept = [(a, b) for a, b in zip(seen, seen[1:]) if a[0] is b[0]]
    renewed = len(seen) - 1 - len(kept)
    # the edits take corners away: the table is made anew now and then ...
    assert renewed >= 1
    # ... and never kept into an edit with less than the share alive
    assert all(share >= 0.9 for (_, share), _ in kept)


def test_the_longest_line_on_a_table_made_anew_equals_a_fresh_search():
    clear_all()
    m = dense_mission(2)
    sight.longest_sight_line(m)
    table = None
    renewed = []
    for e in small_edits(m, 60):
        line = sight.longest_sight_line(e)
        (now,) = longest._pair_tables.data.values()
        if table is not None and now is not table:
            renewed.append((e, line))
        table = now
    assert renewed
    for e, line in renewed:
        clear_all()
        assert sight.longest_sight_line(e) == line


def test_standing_areas_are_kept_by_the_boards_they_weigh():
    from layout_editor.rules import reach
    from layout_editor.rules.obstacles import board_pieces, layout_key

    def made(mission, count):
        key = layout_key(mission)
        boards, pieces = tuple(b for b, _ in key), board_pieces(key)
        return [reach._standing(boards, pieces, 10.0 + k / 2) for k in range(count)], (boards, pieces)

    kept = reach._standings
    clear_all()
    got, (boards, pieces) = made(dense_mission(2), 66)
    # two boards: the 64 made last
    assert len(kept) == reach.STANDING_BOARDS // 2 == 64
    assert reach._standing(boards, pieces, 10.0 + 65 / 2) is got[-1]
    assert kept.get((boards, pieces, 10.0)) is None

    clear_all()
    got, (boards, pieces) = made(dense_mission(8), 17)
    # eight boards: 16
    assert len(kept) == reach.STANDING_BOARDS // 8 == 16
    assert kept.stats().weight == 128
    assert kept.get((boards, pieces, 10.0)) is None
    assert reach._standing(boards, pieces, 10.0 + 16 / 2) is got[-1]
