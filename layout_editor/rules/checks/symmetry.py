"""Symmetry: whether the layout is its own mirror image, and if not, what
breaks it (an info finding: many good layouts are not symmetric).

Kill Team's rules say the opposite of a virtue: "Try to avoid symmetrical
killzones" (Killzones, Setting up killzones; quoted by
brandongreen00/kill-team-mobile, docs/MAPS.md). A kill-team file's note says
so: a symmetric killzone is told the rules advise against it, an asymmetric
one that it is as they advise (the pieces without a mirror image are listed
as what makes it so, not as faults).
"""
from __future__ import annotations

import operator

from ...catalogue import Catalogue
from ...games import KILL_TEAM
from ...memo import Memo
from ...model.mirror import Symmetry
from ...model.mission import Mission
from ...model.names import describe_piece
from ...phrases import QT_TR_NOOP, Listing, Phrase, one_or_many
from .findings import Finding


def symmetry_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """One note: whether the layout is its own mirror image (model/mirror.py
    says how pieces map), and if not, which pieces have no image under the
    mirror it comes nearest. Pieces, objectives and entry zones count."""
    from ...model.mirror import symmetry

    s = symmetry(mission, cat)
    # A Finding says its message as it is made (up to eight piece names):
    # the message is made once per what it says (the mirror, the first eight
    # pieces and how many there are, the other things, the game's words),
    # which an edit elsewhere leaves alone; the finding names every breaking
    # piece's uid afresh.
    # The pieces by what names them (describe_piece: code, board and where
    # it stands), not by value: a pillar turned in place, one of the first
    # eight, leaves the message as it was (made again it took ~0.5 ms)
    key = (id(cat), s.point, s.line, s.closest, tuple(map(_named_by, s.breaking[:8])), len(s.breaking), s.other,
           mission.game)
    said = _said.get(key)
    if said is None:
        made = _symmetry_findings(mission, cat, s)[0]
        said = (made.message, made.phrase)
        _said.put(key, said)
    message, phrase = said
    return [Finding("info", "symmetry", message, pieces=tuple(map(_uid, s.breaking)), phrase=phrase)]


_uid = operator.attrgetter("uid")
# what describe_piece reads of a piece (model/names.py): the message's words
# depend on nothing else of it (tests/unit/test_checks_fast_paths.py)
_named_by = operator.attrgetter("code", "board", "from_node", "to_node", "at")


_said = Memo("checks.symmetry_said", 64)


def _symmetry_findings(mission: Mission, cat: Catalogue, s: Symmetry) -> list[Finding]:
    if mission.game == KILL_TEAM:
        return _kill_team_symmetry(mission, cat, s)
    if s.point and s.line:
        return [Finding("info", "symmetry", Phrase("the layout is point-symmetric and mirror-symmetric"))]
    if s.point:
        return [Finding("info", "symmetry", Phrase(
            "the layout is point-symmetric: a half turn about the table's centre gives it back"))]
    if s.line:
        return [Finding("info", "symmetry", Phrase(
            "the layout is mirror-symmetric: {mirror} gives it back",
            mirror=Phrase("a reflection left to right") if s.closest == "left-right"
            else Phrase("a reflection top to bottom")))]
    mirror = {"point": Phrase("a half turn about the table's centre"),
              "left-right": Phrase("a reflection left to right"),
              "top-bottom": Phrase("a reflection top to bottom")}[s.closest]
    things: list[Phrase] = [describe_piece(p, cat) for p in s.breaking[:8]]
    if len(s.breaking) > 8:
        things.append(one_or_many(len(s.breaking) - 8, QT_TR_NOOP("{n} more piece"), QT_TR_NOOP("{n} more pieces")))
    for kind, value in s.other:
        if kind == "objective":
            things.append(Phrase("objective {id!r}", id=value))
        elif kind == "entry zone":
            # (Kill Team says drop zone)
            things.append(Phrase("the drop zone of player {n}", n=value) if mission.game == "kill-team"
                          else Phrase("the entry zone of player {n}", n=value))
        else:
            things.append(Phrase("the boards"))
    return [Finding("info", "symmetry", Phrase(
        "the layout is not symmetric; under {mirror} (the nearest) these have no mirror image: {things}",
        mirror=mirror, things=Listing(things)), pieces=tuple(p.uid for p in s.breaking))]


def _breaking(mission: Mission, cat: Catalogue, s: Symmetry) -> list[Phrase]:
    things: list[Phrase] = [describe_piece(p, cat) for p in s.breaking[:8]]
    if len(s.breaking) > 8:
        things.append(one_or_many(len(s.breaking) - 8, QT_TR_NOOP("{n} more piece"), QT_TR_NOOP("{n} more pieces")))
    for kind, value in s.other:
        if kind == "objective":
            things.append(Phrase("objective {id!r}", id=value))
        elif kind == "entry zone":
            things.append(Phrase("the drop zone of player {n}", n=value))
        else:
            things.append(Phrase("the boards"))
    return things


def _kill_team_symmetry(mission: Mission, cat: Catalogue, s: Symmetry) -> list[Finding]:
    """The note for a kill-team file: symmetry is what the rules advise
    against (see the module notes)."""
    if s.point or s.line:
        mirror = (Phrase("a half turn about the table's centre") if s.point
                  else Phrase("a reflection left to right") if s.closest == "left-right"
                  else Phrase("a reflection top to bottom"))
        return [Finding("info", "symmetry", Phrase(
            "the killzone is symmetric ({mirror} gives it back); Kill Team's rules advise against it: "
            "\"try to avoid symmetrical killzones\"", mirror=mirror))]
    mirror = {"point": Phrase("a half turn about the table's centre"),
              "left-right": Phrase("a reflection left to right"),
              "top-bottom": Phrase("a reflection top to bottom")}[s.closest]
    return [Finding("info", "symmetry", Phrase(
        "the killzone is not symmetric, as Kill Team's rules advise (\"try to avoid symmetrical killzones\"); "
        "under {mirror}, the nearest, these have no mirror image: {things}",
        mirror=mirror, things=Listing(_breaking(mission, cat, s))), pieces=tuple(p.uid for p in s.breaking))]

