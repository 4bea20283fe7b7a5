"""The Kill Team rules (close quarters on the Gallowdark killzone) in one
place, on the shared geometry core: the battlefield and what blocks
(obstacles.Battlefield), the route graph (paths.VisibilityGraph, with its
door_cost hook), sight between bases (sight.sight_between) and reach
(reach.regions). Nothing of the core is copied here; what differs from
Boarding Actions is written below, and where the rules leave a question open
the choice is written here and said as an info finding (checks/kill_team.py,
codes kt-*-reading).

Rooms: routes.py (routes, the balance, straight distances), moves.py (a
move counted in whole-inch increments), zone_moves.py (the same from a drop
zone, fast: the balance, hatchways, first-turn bands), cover.py (visible / in cover /
obscured), hatchways.py (access points, who reaches a
hatchway first, Hatchway Fights, drop zones in sight), metrics.py (what
`analyze` reports for a kill-team file), game.py (the numbers).

Notes: the rules and our reading where they are open.

Routes. All hatchways start closed, and an operative opens one with the
Operate Hatch action. For route distances, the balance between the drop
zones and who reaches a hatchway first, every hatchway is taken as operable,
that is open (ROUTE_HATCHES), and each crossing of an open hatchway's access
point adds 1" (ACCESS_POINT_MM), as the access point is Accessible terrain.
The actions spent opening hatchways are not counted. A route crosses an
access point when it passes the door's middle line within the opening
(paths.door_crossings); the door leaf of an open hatchway stays a wall in
the rules, and, as the leaf lies flat against the frame in this tool's
geometry (geometry.py), it does not narrow the opening. `measure` and
`sight` on the command line take --hatches as for Boarding Actions; a
kill-team file's `measure` defaults to every hatchway open (+1" each).

Moves (moves.py). The rules count a move in "one or more straight-line
increments, and increments are always rounded up to the nearest inch"
(Reposition), an access point 1" more. `measure --json` gives the tape's
length (length_in), the route's cost (distance_in: length and 1" per access
point) and move_in: the least, over every route, of its increments rounded
up and its access points; it may turn anywhere, not only at wall corners
(the search and its limits are in moves.py, said as the kt-moves-reading
info finding). From a drop zone (zone_moves.py) the balance (balance_move_in,
its fairness), who reaches a hatchway first (move_in, and moves of 6" from
it) and the first-turn reach (bands and objectives) are counted the same
way: the tape's length rounded up bounds the count from below, a
label-setting search over turning candidates (the corners and rings of
points round them) finds a real route's count above, and where they meet
the count is exact; analyze says the bounds where they do not
(balance_move_bounds_in; the bands' unsure area). The tape's lengths stay
beside the counts (balance_in, distance_in, the bands' tape area).

Killzone areas. Distances to and from the drop zones and the killzone's
centre are measured in a straight line, walls ignored
(routes.straight_distances); the centre is the middle of the board. The
balance (routes.balance) is the route an operative walks from its drop zone
to each objective marker's nearest edge, not that straight line: how far the
objectives are to reach is what the drop zones' balance weighs.

Reach. A base of a given size moves as in Boarding Actions (reach.py): it
may pass an open access point whatever its size and may not end a move in
it; walls and closed hatchways block. The regions a base can move between
are those of reach.regions, every hatchway open (routes.regions).

Cover (cover.py). Two operatives' bases, hatchways as set (SIGHT_HATCHES).
The rules decide most of it (Kill Team core rules and Killzone: Gallowdark,
as quoted by madarasz/kt-rules-bot, extracted-rules/rules-3-key-principles.md
and killzone/killzone-gallowdark.md, and jackmadethat/killteam's rules
pages with the rulebook's wall diagrams):
- visible: some straight line from the shooter's base reaches the target's
  base without passing a wall or closed hatchway (sight.sight_between; the
  tool is flat: a base, not the miniature's head, sees and is seen);
- only the corners and ends of Wall terrain intervene for cover and
  obscuring; "minor parts of the wall that protrude do not make a corner or
  end alone", so a straight run, a T or a cross gives none, nor does the
  middle of a wall. A closed hatchway is Heavy and Wall terrain like the wall
  round it; an open access point is Exposed (never intervening), and the
  ends of the wall either side of it are ends ("the walls either side of it
  must be used for cover and obscuring instead"; the rulebook's example has
  a target obscured because "as the hatchway is open, an end of the wall is
  intervening");
- intervening: lines from one point of the shooter's base, which its player
  chooses, to every facing part of the target's base; whatever one of them
  crosses intervenes. So the shooter escapes cover (or obscuring) when one
  point of its base sees the target past every corner and end that would
  give it;
- in cover: a corner or end within 1" (control range) of the target
  intervenes, and the bases are not within 2" of each other (measured as
  distances are, round walls);
- obscured: a corner or end intervenes through its part more than 1" from
  both bases (only the part of Heavy terrain within 1" of either operative
  is ignored). A target may be both; the rules then let the defender pick
  one, which this tool leaves to the players;
- not visible: in_cover and obscured are false (there is nothing to shoot).
Our readings, where the rules' words leave the shape open (said in the
kt-cover-reading info finding):
- a corner or end is what blocks within 15 mm (NODE_BOX_MM) of its node: the
  pillar or wall end and the first stretch of its walls; beside an open
  access point, what blocks within 15 mm of the opening's edge on the wall's
  side (the frame, the panel and a pillar's part there). A node is a corner
  where walls run in two directions at a right angle, an end where they run
  in one (a pillar standing alone counts as one);
- passed ("unless the active operative has passed it"; the rulebook's
  diagram: had the shooter been "wholly on the left side of the dotted black
  line, the wall would be intervening"): the rule is positional, so the
  shooter has passed a corner or end when its whole base is on the target's
  side of the line of one of its walls that the target stands alongside
  (CoverFeature.passed_by); a base across that line has not passed it, and
  the corner or end then counts from every point of it (a caption reading
  that a shooter across the line leans past it was this tool's reading until
  issue 28; golden case kt-cover-corner 6 and 8);
- the 1" of cover and obscuring is measured straight from the base's edge to
  the corner's shape.

Hatchways (hatchways.py). Who gets to a hatchway first: from each drop zone,
the route to the middle of the access point's nearer face, less control
range (an operative operates a hatch within 1" of it), in moves of 6"
(MOVE_IN); 0 moves: it can be operated from the drop zone. A Hatchway Fight
needs an operative touching the open access point and an enemy within 2" on
the other side: a hatchway allows one when a base (32 mm unless asked
otherwise) can stand touching the access point on each side (tried at 11
places along the opening), which puts them the wall's thickness apart.

Drop zones in sight of each other: with the hatchways as set (all closed at
the start) a warning, and with every hatchway open an info finding.
"""
from .cover import NODE_BOX_MM, CoverFeature, CoverResult, cover_between, cover_features, shadow
from .game import ACCESS_POINT_MM, CONTROL_RANGE_MM, HATCHWAY_FIGHT_MM, MOVE_IN, ROUTE_HATCHES, SIGHT_HATCHES
from .hatchways import (
                   AccessPoint,
                   HatchwayFight,
                   HatchwayReach,
                   access_points,
                   drop_zones_in_sight,
                   hatchway_fights,
                   hatchway_first,
)
from .routes import (
                   access_points_crossed,
                   balance,
                   distances_from,
                   killzone_centre,
                   measure,
                   regions,
                   straight_distances,
)

__all__ = [
    "ACCESS_POINT_MM", "CONTROL_RANGE_MM", "HATCHWAY_FIGHT_MM", "MOVE_IN", "NODE_BOX_MM", "ROUTE_HATCHES",
    "SIGHT_HATCHES", "AccessPoint", "CoverFeature", "CoverResult", "HatchwayFight", "HatchwayReach",
    "access_points", "access_points_crossed", "balance", "cover_between", "cover_features", "distances_from",
    "drop_zones_in_sight", "hatchway_fights", "hatchway_first", "killzone_centre", "measure", "shadow",
    "regions", "straight_distances",
]
