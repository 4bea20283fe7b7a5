"""The parts list: how many of each piece a mission uses, and how many
terrain sets that takes. Shared by the rules checks, the editor's palette and
the printed setup sheet.

A "set" is what the mission's game counts against (games.py, Game.kit): a
whole Boarding Actions terrain set, or a Kill Team killzone's half set. The
mission's `sets` counts those."""
from __future__ import annotations

import math
from collections import Counter

from ..catalogue import Catalogue, default_catalogue
from ..games import game_of
from .mission import Mission


def per_set(mission: Mission, catalogue: Catalogue | None = None) -> dict[str, int]:
    """How many of each piece one of the mission's sets holds: a whole
    terrain set, or the kit its game counts against."""
    cat = catalogue or default_catalogue()
    return cat.per_set(game_of(mission).kit)


def parts_list(mission: Mission, catalogue: Catalogue | None = None) -> dict[str, int]:
    """Count per piece code, in catalogue order (left and right pillars apart);
    codes the mission does not use are left out."""
    cat = catalogue or default_catalogue()
    counts = Counter(p.code for p in mission.pieces)
    ordered = {code: counts[code] for code in cat.pieces if counts.get(code)}
    # Unknown codes cannot come from a loaded file; keep them visible anyway.
    for code, n in counts.items():
        ordered.setdefault(code, n)
    return ordered


def sets_needed(mission: Mission, catalogue: Catalogue | None = None) -> int:
    """The fewest terrain sets that hold every piece the mission uses (at
    least 1)."""
    cat = catalogue or default_catalogue()
    holds = per_set(mission, cat)
    need = 1
    for code, n in parts_list(mission, cat).items():
        if not holds.get(code):
            continue
        need = max(need, math.ceil(n / holds[code]))
    return need


def left_in_box(mission: Mission, sets: int | None = None,
                catalogue: Catalogue | None = None) -> dict[str, int]:
    """What remains in the box of `sets` sets (default: the mission's) per
    code; negative when the layout uses more than the sets hold."""
    cat = catalogue or default_catalogue()
    sets = mission.sets if sets is None else sets
    used = parts_list(mission, cat)
    return {code: n * sets - used.get(code, 0) for code, n in per_set(mission, cat).items()}
