"""The Kill Team numbers the rules core uses, in millimetres."""
from __future__ import annotations

MM_PER_INCH = 25.4

ACCESS_POINT_IN = 1.0      # crossing an open hatchway's access point costs 1" more
CONTROL_RANGE_IN = 1.0     # control range: objectives, access points, cover
HATCHWAY_FIGHT_IN = 2.0    # an enemy within 2" on the other side of an access point
MOVE_IN = 6.0              # an operative's move

ACCESS_POINT_MM = ACCESS_POINT_IN * MM_PER_INCH
CONTROL_RANGE_MM = CONTROL_RANGE_IN * MM_PER_INCH
HATCHWAY_FIGHT_MM = HATCHWAY_FIGHT_IN * MM_PER_INCH

# Routes and the balance: every hatchway as operable, that is open (they all
# start closed, and operatives open them); sight and cover: as set.
ROUTE_HATCHES = "open"
SIGHT_HATCHES = "as-set"
