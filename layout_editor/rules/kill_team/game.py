"""The Kill Team numbers the rules core uses, in millimetres, from the
game's rules (games.py: the one place its numbers live)."""
from __future__ import annotations

from ...games import GAMES, KILL_TEAM

MM_PER_INCH = 25.4
GAME = GAMES[KILL_TEAM]

ACCESS_POINT_MM = GAME.access_point_in * MM_PER_INCH     # crossing an open access point: 1" more
CONTROL_RANGE_MM = GAME.objective_range_in * MM_PER_INCH  # control range: objectives, access points, cover
HATCHWAY_FIGHT_MM = GAME.hatchway_fight_in * MM_PER_INCH  # an enemy within 2" on the other side
MOVE_IN = GAME.move_in                                    # an operative's move

# Routes and the balance: every hatchway as operable, that is open (they all
# start closed, and operatives open them); sight and cover: as set.
ROUTE_HATCHES = "open"
SIGHT_HATCHES = "as-set"

# Cover: an operative cannot be in cover while within 2" of the other
# operative (core rules, Cover; only Kill Team's cover uses it).
NO_COVER_WITHIN_MM = 2.0 * MM_PER_INCH
