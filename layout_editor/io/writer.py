"""Write a mission file (mission-format.md), atomically: version 1, or
version 2 when the mission uses a part of it (timeline_writer.py).

Keys come in the order of mission-format.md and optional keys that are unset
are left out, so that two versions of a mission diff well. Millimetres and
inches are written to DECIMALS places (a millionth: far below anything a
player can measure, yet every fraction a person writes, 1/64" included),
which keeps arithmetic noise such as 352.00000000000006 out of the file; the
reader rounds the same way, so what loads saves back to the same text. Whole
values are written as whole numbers.
"""
from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

import yaml

from ..catalogue import PILLAR, WALL_END, Catalogue, default_catalogue
from ..games import BOARDING_ACTIONS
from ..model.mission import FORMAT_NAME, FORMAT_VERSION, FORMAT_VERSION_PLAIN, Mission, MissionText, Piece
from ..model.timeline import uses_timeline
from .precision import DECIMALS  # reader.py rounds to the same places
from .timeline_writer import marker_kinds_data, timeline_data

# The file's line width: texts fold here, one-line pieces stay within it.
LINE_WIDTH = 88


class _Flow(list[Any]):
    """A short list written on one line: nodes, cells, points."""


class _FlowMap(dict[str, Any]):
    """A short mapping written on one line, as people write pieces and
    objectives by hand: `- {code: A3, board: A, from: [2, 0], to: [2, 2]}`."""


class _Dumper(yaml.SafeDumper):
    # Indent lists under their key, as mission-format.md shows them.
    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        return super().increase_indent(flow, False)

    # An anchor and alias would be refused by our own loader; never write one.
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # Texts of several lines as literal blocks, as a person would write them.
    # The emitter itself falls back to quotes whenever a block cannot hold
    # the text exactly (trailing spaces, special characters). A reader folds
    # or normalises every line break but \n unless it is escaped, and only
    # double quotes escape them.
    if any(c in value for c in _ODD_BREAKS):
        style = '"'
    elif "\n" in value:
        style = "|"
    else:
        style = None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_ODD_BREAKS = "\r\x85\u2028\u2029\ufeff"


def _represent_flow(dumper: yaml.SafeDumper, value: _Flow) -> yaml.SequenceNode:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)


def _represent_flow_map(dumper: yaml.SafeDumper, value: _FlowMap) -> yaml.MappingNode:
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=True)


def _one_line(data: dict[str, Any]) -> dict[str, Any]:
    """`data` as a one-line mapping when it fits on a line: only numbers,
    flags, short one-line texts and short lists; else (a name of several
    lines, extra keys with their own mappings, a long line) as a block."""
    def simple(v: Any) -> bool:
        if isinstance(v, str):
            return "\n" not in v and not any(c in v for c in _ODD_BREAKS)
        if isinstance(v, (list, tuple)):
            return all(isinstance(x, (int, float, bool)) or x is None for x in v)
        return v is None or isinstance(v, (int, float, bool))
    if not all(simple(v) for v in data.values()):
        return data
    if _most_width(data) + len("  - ") <= LINE_WIDTH:
        # Surely fits (the most it could take, every text quoted and escaped):
        # no trial dump (a file of thousands of pieces is written in a
        # fraction of the time; the answer is the same).
        return _FlowMap(data)
    # The width a line takes when written: keep it within the file's width.
    text = yaml.dump(_FlowMap(data), Dumper=_Dumper, default_flow_style=False, allow_unicode=True,
                     width=10_000, sort_keys=False)
    if len(text.strip()) + len("  - ") > LINE_WIDTH or "\n" in text.strip():
        return data
    return _FlowMap(data)


_WORD = re.compile(r"[A-Za-z0-9_.-]*")
_PLAIN_KEY = re.compile(r"[a-z][a-z_]*")
_SPECIAL_KEYS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _most_width(data: dict[str, Any]) -> int:
    """The most characters `data` can take written as a one-line flow
    mapping of simple values: `{key: value, ...}`. A text is counted as if
    quoted (two more characters), and, unless it is letters, digits and
    `_.-` only, with every character escaped (at most 10 characters each:
    \\UXXXXXXXX); a number as its repr and a little more."""
    def most(v: Any) -> int:
        if isinstance(v, str):
            return 2 + (len(v) if v.isascii() and _WORD.fullmatch(v) else 10 * len(v))
        if isinstance(v, (list, tuple)):
            return 2 + sum(most(x) for x in v) + 2 * max(0, len(v) - 1)
        if v is None or isinstance(v, bool):
            return 5
        if isinstance(v, int):
            return len(repr(v))
        return len(repr(v)) + 4

    def key(k: Any) -> int:
        k = str(k)
        return len(k) if _PLAIN_KEY.fullmatch(k) and k not in _SPECIAL_KEYS else most(k)
    return 2 + sum(key(k) + 2 + most(v) for k, v in data.items()) + 2 * max(0, len(data) - 1)


def _represent_tuple(dumper: yaml.SafeDumper, value: tuple[Any, ...]) -> yaml.SequenceNode:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", list(value))


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(_Flow, _represent_flow)
_Dumper.add_representer(_FlowMap, _represent_flow_map)
_Dumper.add_representer(tuple, _represent_tuple)


def _num(value: float) -> int | float:
    """A millimetre (or inch) value as it is written."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    value = float(value)
    if not math.isfinite(value):
        return value
    rounded = round(value, DECIMALS)
    if rounded == int(rounded) and abs(rounded) < 1e15:
        return int(rounded)
    return rounded


def _pair(values: Iterable[float]) -> _Flow:
    return _Flow([_num(v) for v in values])


def _with_extras(data: dict[str, Any], extras: Mapping[str, Any] | None) -> dict[str, Any]:
    for key, value in (extras or {}).items():
        data[key] = value
    return data


def _piece(piece: Piece, catalogue: Catalogue) -> dict[str, Any]:
    """A piece's keys. Keys that do not belong on its kind of piece are left
    out (the reader would refuse them), and a hatchway always states its
    facing and state, so that a person reading the file sees them."""
    kind = catalogue.pieces.get(piece.code)
    d: dict[str, Any] = {"code": piece.code, "board": piece.board}
    is_wall = kind.is_wall if kind is not None else piece.from_node is not None
    if is_wall:
        if piece.from_node is not None:
            d["from"] = _pair(piece.from_node)
        if piece.to_node is not None:
            d["to"] = _pair(piece.to_node)
        if kind is None or kind.has_hatchway:
            facing, is_open = piece.facing, piece.open
            if kind is not None:
                facing, is_open = facing or "right", bool(is_open)
            if facing is not None:
                d["facing"] = facing
            if is_open is not None:
                d["open"] = bool(is_open)
            if piece.locked:
                d["locked"] = True
    else:
        if piece.at is not None:
            d["at"] = _pair(piece.at)
        if piece.turned and (kind is None or kind.kind == PILLAR):
            d["turned"] = True
        if piece.caps is not None and (kind is None or kind.kind == WALL_END):
            d["caps"] = _pair(piece.caps)
    return _one_line(_with_extras(d, piece.extras))


def _mission_text(text: MissionText) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if text.briefing is not None:
        d["briefing"] = text.briefing
    if text.sections:
        d["sections"] = [_with_extras({"title": s.title, "text": s.text}, s.extras) for s in text.sections]
    if text.victory is not None:
        d["victory"] = text.victory
    if text.battle_rounds is not None:
        d["battle_rounds"] = text.battle_rounds
    if text.points is not None:
        d["points"] = text.points
    spacing = text.objective_spacing
    if spacing is not None:
        s: dict[str, Any] = {}
        if spacing.between_in is not None:
            s["between_in"] = _num(spacing.between_in)
        if spacing.edge_in is not None:
            s["edge_in"] = _num(spacing.edge_in)
        d["objective_spacing"] = _with_extras(s, spacing.extras)
    if text.turning_points is not None:
        d["turning_points"] = text.turning_points
    if text.ops:
        ops = []
        for op in text.ops:
            od: dict[str, Any] = {"name": op.name}
            if op.text:
                od["text"] = op.text
            if op.vp is not None:
                od["vp"] = op.vp
            ops.append(_with_extras(od, op.extras))
        d["ops"] = ops
    if text.structure:
        d["structure"] = _Flow(text.structure)
    return _with_extras(d, text.extras)


def mission_data(mission: Mission, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """The mission as plain data in the file's key order."""
    cat = catalogue or default_catalogue()
    # Version 2 only when the mission uses a part of it: a file without one
    # saves exactly as before (and an older program still reads it).
    version = FORMAT_VERSION if uses_timeline(mission) else FORMAT_VERSION_PLAIN
    d: dict[str, Any] = {"format": FORMAT_NAME, "version": version, "title": mission.title}
    if mission.author is not None:
        d["author"] = mission.author
    if mission.language is not None:
        d["language"] = mission.language
    # Written only for another game, so Boarding Actions files stay as they were.
    if mission.game != BOARDING_ACTIONS:
        d["game"] = mission.game
    d["players"] = mission.players
    d["sets"] = mission.sets
    d["boards"] = [_with_extras({"id": b.id, "kind": b.kind, "at": _pair(b.at), "rotation": b.rotation},
                                b.extras) for b in mission.boards]
    if mission.pieces:
        d["pieces"] = [_piece(p, cat) for p in mission.pieces]
    if mission.marker_kinds:
        d["marker_kinds"] = marker_kinds_data(mission.marker_kinds, _num, _one_line)
    if mission.objectives:
        d["objectives"] = []
        for o in mission.objectives:
            od: dict[str, Any] = {"id": o.id, "at": _pair(o.at)}
            if o.kind != "objective":
                od["kind"] = o.kind
            if o.name is not None:
                od["name"] = o.name
            d["objectives"].append(_one_line(_with_extras(od, o.extras)))
    if mission.entry_zones:
        d["entry_zones"] = []
        for z in mission.entry_zones:
            zd: dict[str, Any] = {"player": z.player}
            if z.name is not None:
                zd["name"] = z.name
            zd["board"] = z.board
            zd["cells"] = _Flow(_pair(c) for c in z.cells)
            d["entry_zones"].append(_with_extras(zd, z.extras))
    if mission.regions:
        d["regions"] = [_with_extras({"name": r.name, "board": r.board,
                                      "cells": _Flow(_pair(c) for c in r.cells),
                                      **({"state": r.state} if r.state != "clear" else {})}, r.extras)
                        for r in mission.regions]
    # Kill Team's territories, centre line and equipment: written only when set,
    # so a file without them saves as it always did.
    if mission.territories:
        d["territories"] = [_with_extras({"player": t.player, "area": _Flow(_pair(c) for c in t.area)},
                                         t.extras) for t in mission.territories]
    if mission.centre_line is not None:
        d["centre_line"] = _Flow(_pair(p) for p in mission.centre_line)
    if mission.equipment:
        d["equipment"] = []
        for e in mission.equipment:
            ed: dict[str, Any] = {"kind": e.kind, "player": e.player, "at": _pair(e.at)}
            if e.rotation:
                ed["rotation"] = _num(e.rotation)
            d["equipment"].append(_one_line(_with_extras(ed, e.extras)))
    if mission.timeline:
        d["timeline"] = timeline_data(mission.timeline, _pair, _one_line)
    text = _mission_text(mission.mission)
    if text:
        d["mission"] = text
    return _with_extras(d, mission.extras)


def dumps_mission(mission: Mission, catalogue: Catalogue | None = None) -> str:
    """The text of the mission file."""
    return yaml.dump(mission_data(mission, catalogue), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=LINE_WIDTH, indent=2)


def has_comments(text: str) -> bool:
    """True when a mission file's text holds YAML comments (`# ...`), which
    saving does not keep: the writer writes the mission, not the text. A `#`
    inside a quoted or plain text is not a comment."""
    if "#" not in text:
        return False
    spans = []
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.ScalarToken):
                spans.append((token.start_mark.index, token.end_mark.index))
    except yaml.YAMLError:
        pass  # a broken tail: judge the part that scanned, and the rest by eye
    inside = iter(sorted(spans))
    span = next(inside, None)
    for i, c in enumerate(text):
        while span is not None and span[1] <= i:
            span = next(inside, None)
        if c == "#" and not (span is not None and span[0] <= i < span[1]):
            return True
    return False


def file_has_comments(path: str | os.PathLike[str]) -> bool:
    """has_comments for a file on disk; False when it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return has_comments(f.read(8 * 1024 * 1024))
    except OSError:
        return False


def save_mission(mission: Mission, path: str | os.PathLike[str], catalogue: Catalogue | None = None,
                 inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
    """Write the mission file by disk.write_file's rules: atomically (a
    temporary file beside the target, flushed, then renamed over it; a
    failure leaves an existing file as it was), never over one of `inputs`,
    a read-only file, or through a link out of its folder. Errors are
    OSError naming `path` (never the hidden temporary file). Temporary files
    that killed saves of `path` left are removed first
    (disk.remove_stale_temps).

    A file this program writes, it can read back: the text is read again by
    the reader before anything is written, and a mission the reader would
    refuse (more objectives than the limits allow after a mirror, a share
    code's mission that grows past 5 MB when written out) is refused here,
    one WriteRefused saying the reader's reason, and nothing is written."""
    from .disk import target_of, write_file

    target_of(path, inputs)  # a refusal for where it goes comes before any work
    data = dumps_mission(mission, catalogue).encode("utf-8")
    readable(data, path, catalogue)
    write_file(data, path, inputs)  # removes what killed saves left, too


def readable(data: bytes, path: str | os.PathLike[str], catalogue: Catalogue | None = None) -> None:
    """WriteRefused unless the reader takes `data` (the text of a mission
    file about to be written to `path`)."""
    from ..phrases import Phrase
    from .compose import MAX_BYTES, too_large
    from .disk import WriteRefused
    from .errors import MissionLoadError
    from .reader import loads_mission

    if len(data) > MAX_BYTES:  # said without reading 5 MB again
        raise WriteRefused(path, Phrase("not written: this program could not read the file back ({reason})",
                                        reason=too_large()))
    try:
        loads_mission(data, os.fspath(path), catalogue)
    except MissionLoadError as error:
        raise WriteRefused(path, Phrase("not written: this program could not read the file back ({reason})",
                                        reason=error.phrase)) from None
