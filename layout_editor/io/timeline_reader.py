"""Read the parts of format version 2 (mission-format.md, "A table that
changes"): `marker_kinds`, `timeline`, and the keys a version-2 file adds to
pieces (`locked`), objectives (`kind`) and regions (`state`).

The general reading (values, keys, line and column of every error) is the
file reader's (reader.py); it hands itself in as `r` (the Reading protocol
below), so this module needs nothing from reader.py and no import circle
forms. What can only be judged against the rest of the mission (a change
naming a hatchway or area that is not there, a round past the battle's
length) loads, and is left to the rules check (rules/checks/timeline.py):
the editor must be able to save a mission whose hatchway was just removed.
"""
from __future__ import annotations

import difflib
from typing import Any, NoReturn, Protocol

from yaml.nodes import MappingNode, Node

from ..catalogue import Catalogue
from ..model.timeline_data import (
    BECOMES,
    COUNTS_AS,
    HATCHWAY,
    PHASES,
    TARGET_KEYS,
    Change,
    Event,
    HatchwayRef,
    MarkerKind,
    Point,
)
from ..phrases import Phrase
from .limits import (
    MAX_CHANGES,
    MAX_EVENTS,
    MAX_MARKER_KINDS,
    MAX_NAME_CHARS,
    MAX_ROUND,
    MAX_TEXT_CHARS,
)

# The keys a version-1 file may not have (the reader refuses them there with
# "... needs version: 2"), by where they are.
VERSION_2_TOP = ("timeline", "marker_kinds")
MAX_MARKER_MM = 500.0  # a marker wider than half a metre is surely a slip


class Fields(Protocol):
    """The keys of one mapping (reader._Fields)."""
    node: MappingNode
    extras: dict[str, Any]

    def __contains__(self, key: str) -> bool: ...
    def get(self, key: str) -> Node | None: ...
    def key_node(self, key: str) -> Node: ...


class Reading(Protocol):
    """What this module asks of the file reader (reader._Reader)."""
    cat: Catalogue

    def fail(self, where: Node | None, message: Phrase) -> NoReturn: ...
    def fields(self, node: Node, what: str | Phrase, allowed: tuple[str, ...]) -> Any: ...
    def need(self, fields: Any, key: str, what: str | Phrase) -> Node: ...
    def text(self, node: Node, what: str | Phrase, required: bool = False,
             limit: int = MAX_NAME_CHARS) -> str | None: ...
    def limited(self, node: Node | None, what: str | Phrase, limit: int) -> list[Node]: ...
    def integer_in(self, node: Node, what: str | Phrase, low: int, high: int) -> int: ...
    def number(self, node: Node, what: str | Phrase) -> float: ...
    def point(self, node: Node, what: str | Phrase) -> tuple[float, float]: ...
    def lattice_pair(self, node: Node, what: str | Phrase) -> tuple[int, int]: ...


def _key(what: str | Phrase, key: str) -> Phrase:
    return Phrase("{what}: {key}", what=what, key=key)


def needs_version_2(r: Reading, key_node: Node, key: str) -> NoReturn:
    """A version-2 key in a file that says `version: 1`."""
    r.fail(key_node, Phrase("{key!r} needs version: 2 (this file says version: 1; "
                            "write version: 2 at the top)", key=key))


def one_of(r: Reading, node: Node, what: str | Phrase, allowed: tuple[str, ...]) -> str:
    """A word out of `allowed`, with a hint at the nearest one."""
    value = r.text(node, what, required=True) or ""
    if value not in allowed:
        hint = difflib.get_close_matches(value, allowed, n=1)
        if hint:
            r.fail(node, Phrase("{what}: {value!r} is not one of {allowed}; did you mean {hint!r}?",
                                what=what, value=value, allowed=", ".join(allowed), hint=hint[0]))
        r.fail(node, Phrase("{what}: {value!r} is not one of {allowed}",
                            what=what, value=value, allowed=", ".join(allowed)))
    return value


def marker_kinds(r: Reading, node: Node | None) -> tuple[MarkerKind, ...]:
    """`marker_kinds:`: each an id, a name, a diameter (mm) and what it counts as."""
    kinds: list[MarkerKind] = []
    ids: dict[str, Node] = {}
    for n, item in enumerate(r.limited(node, "marker_kinds", MAX_MARKER_KINDS), 1):
        what: str | Phrase = Phrase("marker kind {n}", n=n)
        f = r.fields(item, what, ("id", "name", "diameter", "counts_as"))
        id_node = r.need(f, "id", what)
        kind_id = r.text(id_node, _key(what, "id"), required=True) or ""
        if kind_id in ids:
            r.fail(id_node, Phrase("the marker kind {id!r} is listed twice (first on line {first})",
                                   id=kind_id, first=ids[kind_id].start_mark.line + 1))
        ids[kind_id] = id_node
        what = Phrase("marker kind {id}", id=kind_id)
        name = r.text(r.need(f, "name", what), _key(what, "name"), required=True) or ""
        size_node = r.need(f, "diameter", what)
        diameter = r.number(size_node, _key(what, "diameter"))
        if not 0 < diameter <= MAX_MARKER_MM:
            r.fail(size_node, Phrase("{what}: diameter must be more than 0 and at most {most:g} mm, not {value:g}",
                                     what=what, most=MAX_MARKER_MM, value=diameter))
        counts_as = "objective"
        if "counts_as" in f:
            counts_as = one_of(r, f.get("counts_as"), _key(what, "counts_as"), COUNTS_AS)
        kinds.append(MarkerKind(id=kind_id, name=name, diameter=diameter, counts_as=counts_as, extras=f.extras))
    return tuple(kinds)


def known_marker_kinds(r: Reading, kinds: tuple[MarkerKind, ...]) -> tuple[str, ...]:
    """The ids an objective's `kind` may name: the catalogue's and the file's."""
    known = list(r.cat.markers) or ["objective"]
    known += [k.id for k in kinds if k.id not in known]
    return tuple(known)


def timeline(r: Reading, node: Node | None) -> tuple[Event, ...]:
    """`timeline:`: events, each a round, a phase, words and changes."""
    events: list[Event] = []
    for n, item in enumerate(r.limited(node, "timeline", MAX_EVENTS), 1):
        what = Phrase("timeline event {n}", n=n)
        f = r.fields(item, what, ("round", "phase", "trigger", "text", "changes"))
        round_ = r.integer_in(r.need(f, "round", what), _key(what, "round"), 1, MAX_ROUND)
        phase = "start"
        if "phase" in f:
            phase = one_of(r, f.get("phase"), _key(what, "phase"), PHASES)
        trigger = r.text(f.get("trigger"), _key(what, "trigger"), limit=MAX_TEXT_CHARS) if "trigger" in f else None
        text = r.text(f.get("text"), _key(what, "text"), limit=MAX_TEXT_CHARS) if "text" in f else None
        changes = tuple(change(r, c, Phrase("{what}, change {k}", what=what, k=k))
                        for k, c in enumerate(r.limited(f.get("changes"), _key(what, "changes"), MAX_CHANGES), 1))
        events.append(Event(round=round_, phase=phase, trigger=trigger, text=text, changes=changes,
                            extras=f.extras))
    return tuple(events)


def change(r: Reading, node: Node, what: Phrase) -> Change:
    """One change: exactly one of hatchway, area, objective, entry_zone; becomes; to (moves only)."""
    keys = tuple(TARGET_KEYS.values())
    f = r.fields(node, what, (*keys, "becomes", "to"))
    named = [key for key in keys if key in f]
    if len(named) != 1:
        r.fail(f.node, Phrase("{what} must name one of {keys} (it names {n})",
                              what=what, keys=", ".join(keys), n=len(named)))
    key = named[0]
    target = next(t for t, k in TARGET_KEYS.items() if k == key)
    ref_node = f.get(key)
    assert ref_node is not None
    ref: HatchwayRef | str
    if target == HATCHWAY:
        ref = hatchway(r, ref_node, _key(what, key))
    else:
        ref = r.text(ref_node, _key(what, key), required=True) or ""
    becomes = one_of(r, r.need(f, "becomes", what), _key(what, "becomes"), BECOMES[target])
    to: Point | None = None
    if becomes == "moves":
        to = r.point(r.need(f, "to", what), _key(what, "to"))
    elif "to" in f:
        r.fail(f.key_node("to"), Phrase("{what}: 'to' belongs only on an objective that moves", what=what))
    return Change(target=target, ref=ref, becomes=becomes, to=to, extras=f.extras)


def hatchway(r: Reading, node: Node, what: Phrase) -> HatchwayRef:
    """A hatchway named by `{board: A, from: [2, 1], to: [2, 3]}`."""
    f = r.fields(node, what, ("board", "from", "to"))
    board = r.text(r.need(f, "board", what), _key(what, "board"), required=True) or ""
    start = r.lattice_pair(r.need(f, "from", what), _key(what, "from"))
    end = r.lattice_pair(r.need(f, "to", what), _key(what, "to"))
    if start == end:
        r.fail(f.key_node("to"), Phrase("{what}: from and to must be two different nodes", what=what))
    return HatchwayRef(board=board, from_node=start, to_node=end)

