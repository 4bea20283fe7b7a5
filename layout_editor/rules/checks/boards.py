"""The boards and the box: boards lie side by side (touching or apart),
never on top of each other; boards apart are said to be read as separate
spaces; the layout uses no more pieces of a kind than the mission's sets
hold.
"""
from __future__ import annotations

import itertools
import math
import operator

from shapely.geometry import box
from shapely.ops import unary_union

from ...catalogue import Catalogue
from ...memo import Memo
from ...model.lattice import Placement
from ...model.mission import Board, Mission
from ...model.names import kind_name
from ...model.parts import parts_list, per_set
from ...phrases import QT_TR_NOOP, Phrase, one_or_many
from .findings import Finding

_boards_cache = Memo("checks.boards", 64)  # the boards as laid -> their findings


def board_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Boards must lie side by side (touching or apart), never on top of each
    other. Memoised by the boards' values (an edit rarely moves a board)."""
    key = (id(cat), tuple((b.id, b.kind, b.at, b.rotation) for b in mission.boards))
    got = _boards_cache.get(key)
    if got is None:
        got = _board_findings(mission, cat)
        _boards_cache.put(key, got)
    return list(got)


def _board_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    laid = []
    for b in mission.boards:
        try:
            laid.append((b, Placement.of(b, cat)))
        except KeyError:
            continue
    for i in range(len(laid)):
        for j in range(i + 1, len(laid)):
            (a, pa), (b, pb) = laid[i], laid[j]
            ax0, ay0, ax1, ay1 = pa.bounds
            bx0, by0, bx1, by1 = pb.bounds
            w, h = min(ax1, bx1) - max(ax0, bx0), min(ay1, by1) - max(ay0, by0)
            if w > 0.5 and h > 0.5:
                findings.append(Finding(
                    "error", "boards-overlap",
                    Phrase("boards {board} and {board2} lie on top of each other ({w:.0f} x {h:.0f} mm)",
                           board=a.id, board2=b.id, w=float(w), h=float(h)),
                    places=(((max(ax0, bx0) + min(ax1, bx1)) / 2, (max(ay0, by0) + min(ay1, by1)) / 2),)))
    findings += _check_boards_apart(laid)
    return findings


def _check_boards_apart(laid: list[tuple[Board, Placement]]) -> list[Finding]:
    """The rules digest says routes never cross a gap between boards, but not
    whether models see across it. The rules core reads a gap as the edge of
    two separate spaces (rules/sight.py); say so rather than decide silently."""
    if len(laid) < 2:
        return []
    table = unary_union([box(*pl.bounds) for _, pl in laid])
    groups = list(getattr(table, "geoms", [table]))
    if len(groups) < 2:
        return []
    names = []
    for g in groups:
        ids = [b.id for b, pl in laid if g.intersects(box(*pl.bounds).centroid)]
        names.append("+".join(ids))
    return [Finding(
        "info", "boards-apart",
        Phrase("the boards lie in {n} separate groups ({groups}): no route crosses the gap between them, and "
               "this tool also reads the gap as blocking sight (the rules name only walls, hatchways and models "
               "as blocking it) — agree that with your group before the battle", n=len(groups),
               groups=", ".join(names)),
        places=tuple((g.centroid.x, g.centroid.y) for g in groups))]


_parts_cache = Memo("checks.parts", 16)  # a mission's pieces (by id, held) -> its parts list and sets needed


def parts_and_sets(mission: Mission, cat: Catalogue) -> tuple[dict[str, int], int]:
    """model/parts.py's parts_list and sets_needed of the mission, worked
    out once per tuple of pieces (the check of the box's stock and the
    analysis's metrics both ask, after every edit). The list is shared:
    copy it before changing it."""
    seen = _parts_cache.get(id(mission.pieces))
    if seen is not None and seen[0] is mission.pieces and seen[1] is cat and seen[2] == mission.game:
        got: tuple[dict[str, int], int] = seen[3]
        return got
    last = _parts_last.get((id(cat), mission.game))
    if last is not None and last[1] is cat and len(last[0]) == len(mission.pieces):
        # after an edit: the pieces that are other objects than the last
        # tuple's (one C-level pass); when each has the code it replaces,
        # the counts are the last ones (a piece moved or turned)
        old = last[0]
        changed = list(itertools.compress(range(len(old)), map(operator.is_not, old, mission.pieces)))
        if all(old[n].code == mission.pieces[n].code for n in changed):
            got = last[2]
            _parts_cache.put(id(mission.pieces), (mission.pieces, cat, mission.game, got))
            _parts_last.put((id(cat), mission.game), (mission.pieces, cat, got))
            return got
    used = parts_list(mission, cat)
    # sets_needed's count from the list in hand (it would count the pieces
    # again; tests/unit/test_checks_fast_paths.py holds the two equal)
    holds = per_set(mission, cat)
    need = 1
    for code, n in used.items():
        if holds.get(code):
            need = max(need, math.ceil(n / holds[code]))
    got = (used, need)
    # (the tuple is held, so its id names no other while it is remembered)
    _parts_cache.put(id(mission.pieces), (mission.pieces, cat, mission.game, got))
    _parts_last.put((id(cat), mission.game), (mission.pieces, cat, got))
    return got


# per catalogue and game: the last tuple of pieces counted, its answer (the
# next edit's count starts from it)
_parts_last = Memo("checks.parts_last", 8)


def stock_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    used, need = parts_and_sets(mission, cat)
    sets = max(mission.sets, 0)
    one_set = per_set(mission, cat)
    over = []
    for code, n in used.items():
        kind = cat.pieces.get(code)
        if kind is None or one_set.get(code, 0) == 0:
            continue
        holds = one_set[code] * sets
        if n > holds:
            over.append((code, kind, n, holds))
    if not over:
        return findings
    # the uids of the pieces of each kind short, in one pass over the pieces
    uids: dict[str, list[int]] = {code: [] for code, _, _, _ in over}
    for p in mission.pieces:
        got = uids.get(p.code)
        if got is not None:
            got.append(p.uid)
    for code, kind, n, holds in over:
        pieces = tuple(uids[code])
        # said once per what it says and names (a Finding puts its Phrase
        # into English as it is made: most edits leave the stock as it was)
        key = (id(cat), code, n, holds, need, mission.sets, pieces)
        said: Finding | None = _stock_said.get(key)
        if said is None:
            name = (Phrase("{name} ({label})", name=code, label=kind_name(kind)) if kind.is_wall
                    else Phrase("{name} ({label})", name=kind_name(kind), label=kind.label))
            said = Finding(
                "error", "not-enough-sets",
                Phrase("the layout uses {n} × {name}, but {sets_hold} {holds}; the layout needs {need} "
                       "(mission says sets: {mission_sets})", n=n, name=name,
                       sets_hold=one_or_many(sets, QT_TR_NOOP("{n} set holds"), QT_TR_NOOP("{n} sets hold")), holds=holds,
                       need=one_or_many(need, QT_TR_NOOP("{n} set"), QT_TR_NOOP("{n} sets")), mission_sets=mission.sets),
                pieces=pieces)
            _stock_said.put(key, said)
        findings.append(said)
    return findings


# (the catalogue, a kind short, the counts, the pieces' uids) -> its finding
_stock_said = Memo("checks.stock_said", 64)
