"""Every overlay, in the order of the Overlays toolbar.

To add an overlay, write it in a file of its own (a subclass of
overlay.Overlay, see there) and register it here: its import, and its line
in OVERLAYS where it goes on the toolbar; nothing else changes.
The controller makes one of each, puts its layers on the scene and its
entry on the toolbar, and asks, shows and fails it on its channel.
"""
from __future__ import annotations

from .distances import Distances
from .first_turn import FirstTurnReach
from .kill_team_distances import KillTeamDistances
from .measure import Measure
from .overlay import Overlay
from .regions import Regions
from .seen_from import SeenFromTheEnemy
from .sight import Sight

OVERLAYS: tuple[type[Overlay], ...] = (
    Regions,
    Distances,
    KillTeamDistances,
    SeenFromTheEnemy,
    FirstTurnReach,
    Measure,
    Sight,
)
