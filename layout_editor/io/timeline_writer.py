"""Write the parts of format version 2 (mission-format.md, "A table that
changes"): `marker_kinds` and `timeline`, as plain data in the file's key
order for writer.py to dump. A change is written on one line, as the format
shows it: `- {area: Reactor, becomes: impassable}`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.timeline_data import (
    HATCHWAY,
    TARGET_KEYS,
    Change,
    Event,
    HatchwayRef,
    MarkerKind,
)

# writer.py's helpers, handed in (this module must not import writer.py,
# which imports it): a pair written on one line, a number as written, a
# mapping on one line when it fits, and the x- keys added.
Pair = Callable[[Any], Any]
Number = Callable[[float], int | float]
OneLine = Callable[[dict[str, Any]], dict[str, Any]]


def marker_kinds_data(kinds: tuple[MarkerKind, ...], num: Number, one_line: OneLine) -> list[dict[str, Any]]:
    out = []
    for k in kinds:
        d: dict[str, Any] = {"id": k.id, "name": k.name, "diameter": num(k.diameter), "counts_as": k.counts_as}
        d.update(k.extras)
        out.append(one_line(d))
    return out


def _ref(ref: HatchwayRef | str, pair: Pair, one_line: OneLine) -> Any:
    if isinstance(ref, HatchwayRef):
        return one_line({"board": ref.board, "from": pair(ref.from_node), "to": pair(ref.to_node)})
    return ref


def change_data(change: Change, pair: Pair, one_line: OneLine) -> dict[str, Any]:
    d: dict[str, Any] = {TARGET_KEYS[change.target]: _ref(change.ref, pair, one_line), "becomes": change.becomes}
    if change.to is not None:
        d["to"] = pair(change.to)
    d.update(change.extras)
    if change.target == HATCHWAY and isinstance(change.ref, HatchwayRef) and not change.extras:
        # The hatchway's own mapping is on one line already: the change is
        # one line when the names are short (one_line judges the flat keys).
        flat = one_line({"hatchway": "", "board": change.ref.board, "from": pair(change.ref.from_node),
                         "to": pair(change.ref.to_node), "becomes": change.becomes})
        if type(flat) is not dict:
            return type(flat)(d)  # the writer's one-line mapping type
        return d
    return one_line(d)


def timeline_data(events: tuple[Event, ...], pair: Pair, one_line: OneLine) -> list[dict[str, Any]]:
    out = []
    for e in events:
        d: dict[str, Any] = {"round": e.round}
        if e.phase != "start":
            d["phase"] = e.phase
        if e.trigger is not None:
            d["trigger"] = e.trigger
        if e.text is not None:
            d["text"] = e.text
        d["changes"] = [change_data(c, pair, one_line) for c in e.changes]
        d.update(e.extras)
        out.append(d)
    return out
