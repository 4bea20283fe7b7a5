"""Kill Team's route distances: from a player's drop zone, or a clicked
point, to the centre of every zone, through every hatchway as operable and
1" more for each access point crossed (the rules core's Kill Team routes,
kill_team.distances_from). It takes the place of the Boarding Actions
distances (distances.py) while a Kill Team mission is on the table: the same
toolbar entry, box and "Distances from point" tool, in the game's words."""
from __future__ import annotations

import math

from shapely.geometry import Point

from ...games import KILL_TEAM
from ...phrases import Phrase
from ...rules import kill_team
from ...rules import overlays as compute
from ...rules.checks import entry_zone_geometry
from ...rules.paths import MeasureError
from ..i18n import Overlays
from .distances import Distances


def kt_distances(mission, source, hatches: str = "open") -> compute.DistancesData:
    """Kill Team route distances (mm) from a drop zone or a point to the
    centre of every zone, laid out as compute_distances lays out Boarding
    Actions'."""
    cells = compute.all_cells(mission)
    kind, value = source
    view = compute.hatch_view(hatches)
    if kind == "player":
        geom = entry_zone_geometry(mission, int(value))
        if geom is None:
            return compute.DistancesData([], None, None, Phrase("player {n} has no drop zone yet", n=int(value)))
        caption = Phrase("Route distances from player {n}'s drop zone, {view}, 1\" more per access point",
                         n=int(value), view=view)
        src, shown = geom, geom
    else:
        src = (float(value[0]), float(value[1]))
        caption = Phrase("Route distances from the marked point, {view}, 1\" more per access point", view=view)
        shown = Point(src).buffer(6.0)
    try:
        found = kill_team.distances_from(mission, src, [centre for *_, centre in cells], hatches=hatches)
    except MeasureError as e:
        return compute.DistancesData([], shown, None, compute._point_problem(e))  # the same words as Boarding Actions'
    values = [d if d is not None and math.isfinite(d) else None for d in found]
    return compute.DistancesData([(poly, centre, d) for (_, _, poly, centre), d in zip(cells, values)],
                                 shown, caption)


class KillTeamDistances(Distances):
    key = "kill-team-distances"
    game = KILL_TEAM
    replaces = "distances"
    compute_fn = staticmethod(kt_distances)

    def source_tip(self) -> str:
        return Overlays.tr("Measure route distances from a player's drop zone, or from a point you click")
