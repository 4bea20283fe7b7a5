"""The rules check, one minimal mission per finding: one that triggers it and
one, as close as possible, that does not. Geometry worked out by hand from
the catalogue (pitch 97 mm, border 12.5 mm, walls 5.5 mm thick, A1 panel
176 mm on a 194 mm span, pillars 28 x 25 mm, markers 40 mm)."""
from dataclasses import replace

from layout_editor.model import Board, EntryZone, Mission, MissionText, Objective, ObjectiveSpacing, Piece, Region
from layout_editor.rules.checks import CODES, Finding, describe_piece, run_checks

PITCH, BORDER = 97.0, 12.5


def node_xy(i, j, board_x=0.0):
    return (board_x + BORDER + i * PITCH, BORDER + j * PITCH)


def cell_xy(i, j, board_x=0.0):
    return (board_x + BORDER + (i + 0.5) * PITCH, BORDER + (j + 0.5) * PITCH)


def mission(pieces=(), objectives=(), zones=None, boards=None, **kw):
    boards = boards or (Board(id="A"), Board(id="B", at=(704.0, 0.0)))
    if zones is None:
        zones = (EntryZone(player=1, board="A", cells=((0, 0),)),
                 EntryZone(player=2, board="B", cells=((6, 5),)))
    return Mission(title="t", boards=tuple(boards), pieces=tuple(pieces),
                   objectives=tuple(objectives), entry_zones=tuple(zones), **kw)


def wall(code, a, b, board="A", **kw):
    return Piece(code=code, board=board, from_node=a, to_node=b, **kw)


def pillar(at, board="A", side="left", **kw):
    return Piece(code=f"pillar-{side}", board=board, at=at, **kw)


def codes(m, **kw):
    return [f.code for f in run_checks(m, rules_core=False, **kw)]


def find(m, code, **kw):
    return [f for f in run_checks(m, rules_core=False, **kw) if f.code == code]


def held(a, b, code="A1", board="A", **kw):
    """A wall with a loose pillar at each end: a correct piece of layout."""
    return [wall(code, a, b, board, **kw), pillar(a, board), pillar(b, board, "right")]


def test_a_correct_layout_has_no_piece_findings():
    m = mission(held((1, 1), (3, 1)) + held((3, 2), (3, 3), "B1")
                + [wall("A2", (5, 1), (5, 3)), wall("A2", (5, 3), (5, 5))])
    assert run_checks(m, rules_core=False) == []


def test_every_code_has_a_severity_and_meaning():
    for severity, meaning in CODES.values():
        assert severity in ("error", "warning", "info") and meaning


def test_pieces_named_in_players_words():
    assert str(describe_piece(wall("A3", (2, 1), (2, 3)))) == "A3 on board A from C/2 to C/4"
    assert str(describe_piece(pillar((0, 0)))) == "left-hand pillar (L) on board A at A/1"
    assert str(describe_piece(Piece(code="wall-end", board="B", at=(4, 4), caps=(4, 3)))) == \
        "wall end on board B at E/5"


# -- where a piece stands ----------------------------------------------------

def test_unknown_board():
    f = find(mission([pillar((1, 1), board="Z")]), "unknown-board")
    assert len(f) == 1 and f[0].severity == "error" and "'Z'" in f[0].message
    assert find(mission([pillar((1, 1), board="B")]), "unknown-board") == []


def test_unknown_piece_code():
    assert find(mission([Piece(code="C9", board="A", at=(1, 1))]), "unknown-piece")
    assert not find(mission([pillar((1, 1))]), "unknown-piece")


def test_node_outside_the_board():
    f = find(mission([pillar((8, 1))]), "off-board")
    assert len(f) == 1 and "outside the zone lines of board A" in f[0].message
    assert not find(mission([pillar((7, 6))]), "off-board")
    assert find(mission([wall("B1", (7, 6), (7, 7))]), "off-board")


def test_wall_off_a_zone_line():
    p = wall("B1", (1, 1), (2, 2))
    f = find(mission([p]), "off-zone-line")
    assert len(f) == 1 and f[0].pieces == (p.uid,) and "not on one zone line" in f[0].message
    assert not find(mission(held((1, 1), (2, 1), "B1")), "off-zone-line")


def test_wall_with_the_wrong_span():
    f = find(mission([wall("A1", (1, 1), (2, 1))]), "wrong-span")
    assert len(f) == 1 and "spans 1 zone, but an A1 spans 2 zones" in f[0].message
    assert find(mission([wall("B1", (1, 1), (3, 1))]), "wrong-span")
    assert not find(mission(held((1, 1), (3, 1))), "wrong-span")


# -- overlapping pieces ----------------------------------------------------------

def test_two_walls_on_one_span():
    a, b = wall("B1", (1, 1), (2, 1)), wall("B2", (2, 1), (1, 1), facing="left", open=False)
    f = find(mission([a, b, pillar((1, 1)), pillar((2, 1))]), "wall-on-wall")
    assert len(f) == 1 and set(f[0].pieces) == {a.uid, b.uid} and "same span" in f[0].message
    # a long and a short wall sharing one stretch
    f = find(mission([wall("A1", (1, 1), (3, 1)), wall("B1", (2, 1), (3, 1))]), "wall-on-wall")
    assert len(f) == 1 and "share a stretch" in f[0].message
    # reported once, not again as a footprint overlap
    assert not find(mission([a, b]), "overlap")
    assert not find(mission(held((1, 1), (2, 1), "B1") + [wall("B1", (2, 1), (3, 1)), pillar((3, 1))]),
                    "wall-on-wall")


def test_two_pillars_on_one_node():
    p, q = pillar((2, 2)), pillar((2, 2), side="right", turned=True)
    f = find(mission([p, q]), "node-clash")
    assert len(f) == 1 and set(f[0].pieces) == {p.uid, q.uid} and "node C/3" in f[0].message
    assert not find(mission([p, pillar((3, 2))]), "node-clash")


def test_wall_end_on_a_pillar():
    m = mission([wall("B1", (2, 2), (3, 2)), pillar((2, 2)),
                 Piece(code="wall-end", board="A", at=(2, 2), caps=(3, 2)), pillar((3, 2))])
    assert len(find(m, "node-clash")) == 1


def test_loose_pillar_on_a_moulded_pillar_end():
    m = mission([wall("A2", (1, 1), (3, 1)), pillar((3, 1))])
    f = find(m, "node-clash")
    assert len(f) == 1 and "provisional" in f[0].message
    assert not find(mission([wall("A2", (1, 1), (3, 1))]), "node-clash")


def test_moulded_pillar_ends_share_one_post_in_line_and_at_a_corner():
    straight = mission([wall("A2", (1, 1), (3, 1)), wall("A4", (5, 1), (3, 1), facing="left", open=True)])
    assert find(straight, "node-clash") == [] and find(straight, "overlap") == []
    # the official Gallowdark 1 map card meets two A4 at right angles (F/4)
    corner = mission([wall("A2", (1, 1), (3, 1)), wall("B3-1", (3, 1), (3, 2), facing="left", open=False)])
    assert find(corner, "node-clash") == [] and find(corner, "overlap") == []
    # a loose pillar on them still clashes
    assert len(find(mission([wall("A2", (1, 1), (3, 1)), pillar((3, 1))]), "node-clash")) == 1


def test_pillar_where_a_long_wall_passes_a_node():
    a1 = wall("A1", (1, 1), (3, 1))
    mid = pillar((2, 1))
    f = find(mission([a1, pillar((1, 1)), pillar((3, 1), side="right"), mid]), "overlap")
    assert len(f) == 1 and set(f[0].pieces) == {a1.uid, mid.uid}


def test_panels_slot_into_their_pillars_without_overlapping():
    # Panel ends reach 9 mm from the node, pillars 14 mm: 5 mm slots, by design.
    m = mission(held((1, 1), (3, 1)) + [wall("A1", (3, 1), (3, 3)), pillar((3, 3))])
    assert find(m, "overlap") == []
    # a plain panel slotting into a moulded pillar beside it
    m = mission([wall("A2", (1, 1), (3, 1)), wall("B1", (3, 1), (3, 2)), pillar((3, 2))])
    assert find(m, "overlap") == [] and find(m, "unsupported-end") == []


def test_overlap_across_the_seam_of_touching_boards():
    # Unturned pillars reach 14 mm from nodes 12.5 mm from the edge: 3 mm clash.
    a, b = pillar((7, 3)), pillar((0, 3), board="B")
    f = find(mission([a, b]), "overlap")
    assert len(f) == 1 and "seam of boards A and B" in f[0].message and set(f[0].pieces) == {a.uid, b.uid}
    assert not find(mission([replace(a, turned=True), replace(b, turned=True)]), "overlap")
    apart = (Board(id="A"), Board(id="B", at=(800.0, 0.0)))
    assert not find(mission([a, b], boards=apart), "overlap")


# -- every panel end stands on something -------------------------------------

def test_panel_end_without_support():
    b1 = wall("B1", (1, 3), (1, 4))
    f = find(mission([b1, pillar((1, 3))]), "unsupported-end")
    assert len(f) == 1 and f[0].pieces == (b1.uid,) and "end at B/5" in f[0].message
    assert len(find(mission([b1]), "unsupported-end")) == 2
    assert not find(mission([b1, pillar((1, 3)), pillar((1, 4))]), "unsupported-end")


def test_wall_end_holds_a_panel_end():
    m = mission([wall("B1", (1, 3), (1, 4)), pillar((1, 3)),
                 Piece(code="wall-end", board="A", at=(1, 4), caps=(1, 3))])
    assert find(m, "unsupported-end") == [] and find(m, "wall-end-astray") == []


def test_moulded_walls_hold_their_own_ends():
    assert not find(mission([wall("B3-2", (1, 3), (1, 4), facing="right", open=False)]), "unsupported-end")


def test_plain_panel_after_a_moulded_pillar_on_a_straight_line():
    # The official Gallowdark 1 map card stands an A3 in line after an A2's
    # moulded end (C/2): the moulded pillar holds a plain end from any side.
    m = mission([wall("A2", (1, 1), (3, 1)), wall("A1", (3, 1), (5, 1)), pillar((5, 1))])
    assert find(m, "unsupported-end") == []
    # and from the side: terrain.md's "a moulded pillar" holds a panel end,
    # which side unsaid (the moulded shape is provisional in the catalogue)
    side = mission([wall("A2", (1, 1), (3, 1)), wall("B1", (3, 1), (3, 2)), pillar((3, 2))])
    assert find(side, "unsupported-end") == [] and find(side, "end-against-wall") == []


def test_plain_panel_ending_against_the_middle_of_a_long_wall():
    # A T: Gallowdark 1 ends a B1 against the middle of an A3 (D/2). Not one
    # of terrain.md's supports (a pillar, a wall end, a moulded pillar), yet
    # the official card builds it: allowed, and said as an info finding
    # naming both walls. Ending in line with nothing there is an error.
    a3 = wall("A3", (4, 1), (2, 1), facing="right", open=False)
    b1 = wall("B1", (3, 1), (3, 2))
    m = mission([a3, pillar((4, 1)), pillar((2, 1), side="right"), b1, pillar((3, 2))])
    assert find(m, "unsupported-end") == [] and find(m, "overlap") == []
    (t,) = find(m, "end-against-wall")
    assert t.severity == "info" and "end at D/2" in t.message and "A3" in t.message and "B1" in t.message
    lone = mission([wall("B1", (3, 1), (3, 2)), pillar((3, 2))])
    assert len(find(lone, "unsupported-end")) == 1 and find(lone, "end-against-wall") == []
    # a wall running on in line is no T: the end still needs a support
    inline = mission([wall("A1", (1, 1), (3, 1)), pillar((1, 1)), wall("B1", (3, 1), (4, 1)), pillar((4, 1))])
    assert find(inline, "end-against-wall") == []


def test_wall_end_capping_no_wall():
    we = Piece(code="wall-end", board="A", at=(1, 4), caps=(2, 4))
    m = mission([wall("B1", (1, 3), (1, 4)), pillar((1, 3)), we])
    f = find(m, "wall-end-astray")
    assert len(f) == 1 and f[0].severity == "warning" and f[0].pieces == (we.uid,)


# -- the box ---------------------------------------------------------------------

def test_more_pieces_than_the_sets_hold():
    nodes = [(i, j) for j in range(7) for i in range(8)][:17]
    many = [pillar(n) for n in nodes]
    f = find(mission(many), "not-enough-sets")
    assert len(f) == 1 and "17 × left-hand pillar (L)" in f[0].message
    assert "1 set holds 16" in f[0].message and "needs 2 sets" in f[0].message
    assert len(f[0].pieces) == 17
    assert not find(mission(many, sets=2), "not-enough-sets")
    assert not find(mission(many[:16]), "not-enough-sets")


# -- objectives ------------------------------------------------------------------

def test_duplicate_objective_ids():
    m = mission(objectives=[Objective("1", cell_xy(2, 2)), Objective("1", cell_xy(4, 4))])
    assert len(find(m, "duplicate-objective")) == 1
    assert not find(replace(m, objectives=m.objectives[:1]), "duplicate-objective")


def test_objective_on_a_wall():
    a1 = wall("A1", (2, 1), (2, 3))
    x, y = node_xy(2, 2)
    # 22 mm from the zone line: the marker's edge (20 mm) stops 2 mm short of the
    # centre line, inside the 2.75 mm half-thickness of the panel.
    f = find(mission([a1], [Objective("1", (x + 22.0, y))]), "objective-in-wall")
    assert len(f) == 1 and f[0].pieces == (a1.uid,) and f[0].objectives == ("1",)
    assert not find(mission([a1], [Objective("1", (x + 23.0, y))]), "objective-in-wall")


def test_objective_off_the_battlefield():
    m = mission(objectives=[Objective("1", (-5.0, 100.0))])
    assert "off the battlefield" in find(m, "objective-off-battlefield")[0].message
    m = mission(objectives=[Objective("1", (10.0, 100.0))])
    assert "reaches past the battlefield edge" in find(m, "objective-off-battlefield")[0].message
    assert not find(mission(objectives=[Objective("1", (20.0, 100.0))]), "objective-off-battlefield")
    # across the seam of touching boards is on the battlefield
    assert not find(mission(objectives=[Objective("1", (704.0, 300.0))]), "objective-off-battlefield")
    apart = (Board(id="A"), Board(id="B", at=(800.0, 0.0)))
    assert find(mission(objectives=[Objective("1", (750.0, 300.0))], boards=apart),
                "objective-off-battlefield")


def spaced(between=None, edge=None):
    return MissionText(objective_spacing=ObjectiveSpacing(between_in=between, edge_in=edge))


def test_objectives_closer_than_the_mission_allows():
    # 9" edge to edge = 228.6 mm, plus two marker radii = 268.6 mm centre to centre.
    a = Objective("1", (300.0, 300.0))
    near = Objective("2", (300.0 + 268.0, 300.0))
    far = Objective("2", (300.0 + 269.0, 300.0))
    f = find(mission(objectives=[a, near], mission=spaced(between=9)), "objectives-too-close")
    assert len(f) == 1 and f[0].objectives == ("1", "2")
    assert '8.98" apart' in f[0].message and "edge to marker edge" in f[0].message
    assert not find(mission(objectives=[a, far], mission=spaced(between=9)), "objectives-too-close")
    assert not find(mission(objectives=[a, near]), "objectives-too-close")  # no rule set


def test_objective_closer_to_an_edge_than_the_mission_allows():
    # 6" = 152.4 mm from the edge to the marker's edge: centre at y >= 172.4.
    f = find(mission(objectives=[Objective("1", (300.0, 172.0))], mission=spaced(edge=6)),
             "objective-near-edge")
    assert len(f) == 1 and '5.98"' in f[0].message and "nearest edge" in f[0].message
    assert not find(mission(objectives=[Objective("1", (300.0, 173.0))], mission=spaced(edge=6)),
                    "objective-near-edge")
    # the seam between touching boards is no edge...
    assert not find(mission(objectives=[Objective("1", (704.0, 303.0))], mission=spaced(edge=6)),
                    "objective-near-edge")
    # ...but the edge of a board laid apart is
    apart = (Board(id="A"), Board(id="B", at=(800.0, 0.0)))
    assert find(mission(objectives=[Objective("1", (650.0, 303.0))], mission=spaced(edge=6), boards=apart),
                "objective-near-edge")


# -- entry zones and regions -----------------------------------------------------

def test_entry_zone_cells_off_the_board():
    zones = (EntryZone(player=1, board="A", cells=((0, 0), (7, 2))),
             EntryZone(player=2, board="B", cells=((6, 5),)))
    f = find(mission(zones=zones), "entry-zone-off-board")
    assert len(f) == 1 and f[0].cells == (("A", (7, 2)),) and "[7, 2]" in f[0].message
    assert not find(mission(), "entry-zone-off-board")
    zones = (EntryZone(player=1, board="Q", cells=((0, 0),)),) + zones[1:]
    assert find(mission(zones=zones), "unknown-board")


def test_region_cells_off_the_board():
    m = mission(regions=(Region(name="Airlock", board="B", cells=((6, 6),)),))
    assert len(find(m, "region-off-board")) == 1
    m = mission(regions=(Region(name="Airlock", board="B", cells=((6, 5),)),))
    assert not find(m, "region-off-board")


def test_player_without_entry_zone():
    zones = (EntryZone(player=1, board="A", cells=((0, 0),)),)
    f = find(mission(zones=zones), "no-entry-zone")
    assert len(f) == 1 and "player 2" in f[0].message
    assert not find(mission(), "no-entry-zone")


def test_findings_come_errors_first():
    m = mission([pillar((2, 2)), pillar((2, 2))], zones=())
    sev = [f.severity for f in run_checks(m, rules_core=False)]
    assert sev == sorted(sev, key=("error", "warning", "info").index)
    assert isinstance(run_checks(m, rules_core=False)[0], Finding)


def test_board_cache_maps_findings_to_the_new_uids():
    a, b = pillar((2, 2)), pillar((2, 2))
    first = find(mission([a, b]), "node-clash")[0]
    a2, b2 = a.with_new_uid(), b.with_new_uid()
    again = find(mission([a2, b2]), "node-clash")[0]
    assert set(first.pieces) == {a.uid, b.uid} and set(again.pieces) == {a2.uid, b2.uid}


def test_overlap_resting_on_provisional_sizes_says_so():
    a1 = wall("A1", (1, 1), (3, 1))
    we = Piece(code="wall-end", board="A", at=(2, 1), caps=(2, 2))
    f = find(mission([a1, pillar((1, 1)), pillar((3, 1)), we]), "overlap")
    assert len(f) == 1 and "provisional in the catalogue: the size of a wall end" in f[0].message
    # two plain pieces: sizes measured, no note
    f = find(mission([a1, pillar((1, 1)), pillar((3, 1)), pillar((2, 1))]), "overlap")
    assert len(f) == 1 and "provisional" not in f[0].message


def test_the_dense_benchmark_layout_breaks_no_rule_of_the_box():
    # One full set per board, built to the rules of the box: the checks must
    # find nothing wrong with it (a false alarm here would be one on every
    # full table a player builds).
    from benchmarks.layouts import dense_mission

    m = dense_mission(2)
    assert [f for f in run_checks(m, rules_core=False) if f.severity != "info"] == []
    counts = {}
    for p in m.pieces:
        counts[p.code] = counts.get(p.code, 0) + 1
    assert all(counts[c] == 8 for c in ("A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2"))


def test_any_pieces_on_the_lattice_give_findings_never_an_exception():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    codes_ = ["A1", "A2", "A3", "A4", "B1", "B2", "B3-1", "B3-2", "pillar-left", "pillar-right", "wall-end"]
    node = st.tuples(st.integers(-1, 8), st.integers(-1, 7))

    @st.composite
    def piece(draw):
        code = draw(st.sampled_from(codes_))
        board = draw(st.sampled_from(["A", "B"]))
        if code.startswith(("A", "B")):
            a = draw(node)
            b = draw(st.one_of(node, st.sampled_from([(a[0] + 2, a[1]), (a[0], a[1] + 1)])))
            extra = {"facing": "left", "open": draw(st.booleans())} if code in ("A3", "A4", "B2", "B3-1", "B3-2") else {}
            return wall(code, a, b, board, **extra)
        at = draw(node)
        if code == "wall-end":
            return Piece(code=code, board=board, at=at, caps=draw(st.one_of(st.none(), node)))
        return pillar(at, board, code.split("-")[1], turned=draw(st.booleans()))

    @settings(max_examples=60, deadline=None)
    @given(st.lists(piece(), max_size=25))
    def check(pieces):
        for f in run_checks(mission(pieces), rules_core=False):
            assert f.code in CODES and f.message
            assert all(isinstance(u, int) for u in f.pieces)

    check()


def test_boards_on_top_of_each_other():
    f = find(mission(boards=(Board(id="A"), Board(id="B", at=(600.0, 100.0)))), "boards-overlap")
    assert len(f) == 1 and "boards A and B" in f[0].message and "104 x 507 mm" in f[0].message
    assert not find(mission(), "boards-overlap")  # touching side by side
    assert not find(mission(boards=(Board(id="A"), Board(id="B", at=(0.0, 607.0)))), "boards-overlap")


def test_nodes_off_the_lattice_are_named_by_their_numbers():
    f = find(mission([wall("B1", (-2, 1), (-1, 1)), pillar((0, -3))]), "off-board")
    assert len(f) == 2 and "[-2, 1]" in f[0].message and "[0, -3]" in f[1].message


def test_boards_laid_apart_say_how_the_gap_is_read():
    apart = mission(boards=(Board(id="A"), Board(id="B", at=(804.0, 0.0))))
    [note] = [f for f in run_checks(apart, rules_core=False) if f.code == "boards-apart"]
    assert note.severity == "info" and "(A, B)" in note.message and "sight" in note.message
    assert "boards-apart" not in codes(mission())  # touching boards are one space


def test_symmetry_names_eight_breaking_pieces_and_counts_the_rest():
    # Nine lone pillars on board A, none on B: nothing has a mirror image.
    # Zones (0, 0) on A and (6, 5) on B are each other's image under a half turn.
    nine = [pillar((i, j)) for i, j in ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (1, 2), (2, 2), (3, 2), (4, 2))]
    (f,) = [f for f in run_checks(mission(nine)) if f.code == "symmetry"]
    assert f.severity == "info" and len(f.pieces) == 9
    named = [describe_piece(p) for p in nine]
    shown = [str(n) for n in named if str(n) in f.message]
    assert len(shown) == 8  # the first eight by name, the ninth counted
    assert "1 more piece" in f.message
    eight = [f for f in run_checks(mission(nine[:8])) if f.code == "symmetry"]
    assert "more piece" not in eight[0].message and len(eight[0].pieces) == 8


def test_an_objective_is_reached_when_a_base_can_touch_its_marker():
    # The sealed room B2..C3 (test_analysis.sealed_room): its left wall runs
    # along x = 109.5, its outer face at 106.75, so a 32 mm base's centre
    # stands at x <= 90.75 beside it (at y = 206.5, the wall's middle). The
    # marker (40 mm) is reached when such a base can touch it, with the
    # check's 0.5 mm to spare: a centre within 20 + 16 + 0.5 = 36.5 mm of
    # the base's, so up to x = 127.25 through the wall.
    from test_analysis import room_mission, sealed_room

    for x, reached in ((125.0, True), (130.0, False)):
        m = replace(room_mission(sealed_room()), objectives=(Objective("1", (x, 206.5)),))
        unreachable = [f for f in run_checks(m) if f.code == "objective-unreachable"]
        assert (not unreachable) == reached, x


def test_kill_team_balance_warns_once_the_spread_passes_its_limit():
    # One objective on a killzone with drop zones at its two short ends: the
    # farther from the middle, the larger the spread of the two players'
    # routes (worked out by the rules core; the check compares it).
    from test_finding_codes import killzone

    from layout_editor.rules.kill_team.metrics import BALANCE_PCT, kill_team_metrics

    for x in (345.0, 338.0):  # about 6.6 % and 13.4 %: either side of 10 %, within twice it
        m = killzone(objectives=[Objective(id="1", at=(x, 300.0))])
        pct = kill_team_metrics(m, 32.0).fairness["total_spread_pct"]
        assert BALANCE_PCT / 2 < pct < 2 * BALANCE_PCT
        warned = [f for f in run_checks(m) if f.code == "kt-unbalanced"]
        assert bool(warned) == (pct > BALANCE_PCT), (x, pct)
        if warned:
            assert f"differ by {pct:.1f} %" in warned[0].message and f"within {BALANCE_PCT:g} %" in warned[0].message


def test_pieces_overlapping_by_more_than_a_square_millimetre_overlap():
    # Pillars widened (a test catalogue) until two on neighbouring nodes, 97 mm
    # apart, share a strip 25 mm tall: 0.2 mm wide is 5 mm², an overlap;
    # 0.02 mm wide is 0.5 mm², within the check's tolerance of 1 mm².
    from layout_editor.catalogue import default_catalogue
    from layout_editor.rules.checks.pieces import OVERLAP_TOLERANCE_MM2

    assert OVERLAP_TOLERANCE_MM2 == 1.0
    cat = default_catalogue()
    for half, overlaps in ((48.6, True), (48.51, False)):
        wide = replace(cat.pieces["pillar-left"], footprint=((-half, -12.5, half, 12.5),))
        widened = replace(cat, pieces={**cat.pieces, "pillar-left": wide})
        f = find(mission([pillar((1, 1)), pillar((2, 1))]), "overlap", catalogue=widened)
        assert bool(f) == overlaps, half
        if f:
            assert "overlap (5 mm²)" in f[0].message
