"""Does a mirror (model/mirror.py) leave the table broken where it was not?

The mirror itself refuses what it can see on its own (a piece across the
mirror line that is not its own image, an entry-zone cell that would be
both players'). What only the rules can judge it cannot: a kept wall's end
whose support stood on the dropped half (a T against a wall there, another
wall's moulded pillar), an objective whose image lands closer to it than the
mission allows. So the command line and the editor check the mirrored table
before they keep it: an error is *made by the mirror* when the table before
had no error of the same code at any of its places, nor at the mirror image
of one (an error already on the kept half is copied with it, and that is the
designer's to mend, not a reason to refuse). Such a mirror is refused with
the first error named, so no command writes and no edit keeps a table the
mirror broke.
"""
from __future__ import annotations

from collections import Counter

from ..catalogue import Catalogue
from ..model.mirror import mapping
from ..model.mission import Mission, Point
from .checks import Finding, run_checks

_ROUND = 1  # mm: places compared to a tenth of a millimetre
# The check asks the whole rules core twice; a table of more pieces than
# eight boards' sets could stand (8 x 68 = 544) is refused unchecked by the
# command line rather than kept waiting for minutes (a hostile file).
MAX_CHECKED_PIECES = 1000


def _key(code: str, p: Point) -> tuple[str, float, float]:
    return (code, round(p[0], _ROUND), round(p[1], _ROUND))


def errors_made_by_mirror(before: Mission, after: Mission, about: str, keep: str,
                          catalogue: Catalogue | None = None) -> list[Finding]:
    """The error findings of `after` (the mirror of `before`) that `before`
    had neither at their places nor at the mirror images of those places."""
    m = mapping(before, about, keep, catalogue)
    old = [f for f in run_checks(before) if f.severity == "error"]
    known = {_key(f.code, p) for f in old for p in f.places}
    known |= {_key(f.code, m.point(p)) for f in old for p in f.places}
    # findings without a place (the parts list, say): by count, copies allowed
    unplaced = Counter(f.code for f in old if not f.places)
    made: list[Finding] = []
    seen: Counter[str] = Counter()
    for f in run_checks(after):
        if f.severity != "error":
            continue
        if f.places:
            if not any(_key(f.code, p) in known for p in f.places):
                made.append(f)
        else:
            seen[f.code] += 1
            if f.code != "not-enough-sets" and seen[f.code] > 2 * unplaced[f.code]:
                made.append(f)
    return made
