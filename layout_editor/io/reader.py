"""Read a mission file (mission-format.md, version 1) into the Mission model.

Every way a file can be unusable ends in one MissionLoadError that names the
line and column of the offending key or value. What can only be judged with
the rules of the game (overlapping pieces, more pieces than the sets hold,
a sealed objective) loads, and is left to rules.checks.

Defaults are materialised here (a hatchway without `facing` faces right and
starts closed), so that a mission loaded and saved again is equal to itself.
"""
from __future__ import annotations

import difflib
import math
import os
import re
from typing import Any, NoReturn

from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..catalogue import Catalogue, default_catalogue
from ..model.lattice import Placement, wall_span
from ..model.mission import (
    FACINGS, FORMAT_NAME, FORMAT_VERSION, ROTATIONS, Board, EntryZone, Mission, MissionText,
    Objective, ObjectiveSpacing, Piece, Region, Section,
)
from .compose import BOOL, FLOAT, INT, MAX_BYTES, NULL, STR, TIMESTAMP, compose
from .errors import MissionLoadError
from .writer import DECIMALS

# Table positions further out than this are surely a slip (a metre is 1000).
MAX_TABLE_MM = 100_000.0
MAX_SETS = 99

_constructor = SafeConstructor()
_PLAIN_NUMBER = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

_KIND_WORDS = {MappingNode: "a mapping", SequenceNode: "a list", ScalarNode: "a value"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _node_text(node: list | tuple) -> str:
    return f"[{node[0]}, {node[1]}]"


class _Fields:
    """The keys of one mapping, checked against the keys the format allows."""

    def __init__(self, node: MappingNode, values: dict[str, tuple[Node, Node]], extras: dict[str, Any]):
        self.node = node
        self.values = values
        self.extras = extras

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str) -> Node | None:
        pair = self.values.get(key)
        return pair[1] if pair else None

    def key_node(self, key: str) -> Node:
        return self.values[key][0]


class _Reader:
    def __init__(self, source: str, catalogue: Catalogue):
        self.source = source
        self.cat = catalogue

    # -- errors -------------------------------------------------------------
    def fail(self, where: Node | None, message: str) -> NoReturn:
        mark = getattr(where, "start_mark", None)
        if mark is None:
            raise MissionLoadError(self.source, 1, 1, message)
        raise MissionLoadError(self.source, mark.line + 1, mark.column + 1, message)

    # -- plain values -----------------------------------------------------------
    def _describe(self, node: Node) -> str:
        if isinstance(node, ScalarNode):
            if node.tag == NULL:
                return "nothing"
            shown = node.value if len(node.value) <= 40 else node.value[:37] + "..."
            if node.tag == STR:
                return f"the text {shown!r}"
            return shown
        return _KIND_WORDS[type(node)]

    def scalar(self, node: Node) -> Any:
        """The value of a scalar of the plain YAML types (never an object)."""
        try:
            if node.tag == NULL:
                return None
            if node.tag == BOOL:
                return _constructor.construct_yaml_bool(node)
            if node.tag == INT:
                return _constructor.construct_yaml_int(node)
            if node.tag == FLOAT:
                return _constructor.construct_yaml_float(node)
            if node.tag == TIMESTAMP:
                return _constructor.construct_yaml_timestamp(node)
        except (ValueError, KeyError, OverflowError, ConstructorError):
            what = {BOOL: "true or false", INT: "whole number", FLOAT: "number",
                    TIMESTAMP: "date"}.get(node.tag, "value")
            self.fail(node, f"{self._describe(node)} is not a usable {what}")
        return node.value

    def text(self, node: Node, what: str, required: bool = False) -> str | None:
        """Text; numbers and words written plainly count as their text
        (`id: 1` is the id "1"). Nothing (`~` or empty) is no text."""
        if not isinstance(node, ScalarNode):
            self.fail(node, f"{what} must be text, not {self._describe(node)}")
        if node.tag == NULL:
            if required:
                self.fail(node, f"{what} must not be empty")
            return None
        if required and not node.value.strip():
            self.fail(node, f"{what} must not be empty")
        return node.value

    def integer(self, node: Node, what: str) -> int:
        if not isinstance(node, ScalarNode) or node.tag != INT:
            self.fail(node, f"{what} must be a whole number, not {self._describe(node)}")
        return self.scalar(node)

    def integer_in(self, node: Node, what: str, low: int, high: int) -> int:
        value = self.integer(node, what)
        if not low <= value <= high:
            self.fail(node, f"{what} must be from {low} to {high}, not {value}")
        return value

    def number(self, node: Node, what: str) -> float:
        if (isinstance(node, ScalarNode) and node.tag == STR and not node.style
                and _PLAIN_NUMBER.fullmatch(node.value)):
            # YAML 1.1 reads 1e9 (no dot) as text; a person means the number.
            value = float(node.value)
        elif not isinstance(node, ScalarNode) or node.tag not in (INT, FLOAT):
            self.fail(node, f"{what} must be a number, not {self._describe(node)}")
        else:
            value = float(self.scalar(node))
        if not math.isfinite(value):
            self.fail(node, f"{what} must be a finite number, not {node.value}")
        # As the writer keeps them: a file with more places loads as it saves.
        return round(value, DECIMALS)

    def boolean(self, node: Node, what: str) -> bool:
        if not isinstance(node, ScalarNode) or node.tag != BOOL:
            self.fail(node, f"{what} must be true or false, not {self._describe(node)}")
        return self.scalar(node)

    def items(self, node: Node | None, what: str) -> list[Node]:
        """A list; nothing written (`pieces:`) is an empty list."""
        if node is None:
            return []
        if isinstance(node, ScalarNode) and node.tag == NULL:
            return []
        if not isinstance(node, SequenceNode):
            self.fail(node, f"{what} must be a list, not {self._describe(node)}")
        return node.value

    def pair(self, node: Node, what: str) -> tuple[Node, Node]:
        if not isinstance(node, SequenceNode) or len(node.value) != 2:
            count = f"{_plural(len(node.value), 'value')}" if isinstance(node, SequenceNode) else self._describe(node)
            self.fail(node, f"{what} must be a pair [x, y], not {count}")
        return node.value[0], node.value[1]

    def lattice_pair(self, node: Node, what: str) -> tuple[int, int]:
        a, b = self.pair(node, what)
        return (self.integer(a, f"{what}: column"), self.integer(b, f"{what}: row"))

    def point(self, node: Node, what: str) -> tuple[float, float]:
        a, b = self.pair(node, what)
        values = []
        for part, axis in ((a, "x"), (b, "y")):
            v = self.number(part, f"{what}: {axis}")
            if abs(v) > MAX_TABLE_MM:
                self.fail(part, f"{what}: {axis} = {part.value} mm is off any table "
                                f"(at most {MAX_TABLE_MM:,.0f} mm from the origin)")
            values.append(v)
        return (values[0], values[1])

    # -- mappings and their keys ----------------------------------------------------
    def fields(self, node: Node, what: str, allowed: tuple[str, ...]) -> _Fields:
        if not isinstance(node, MappingNode):
            self.fail(node, f"{what} must be a mapping (key: value lines), not {self._describe(node)}")
        values: dict[str, tuple[Node, Node]] = {}
        extras: dict[str, Any] = {}
        seen: dict[Any, Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.fail(key_node, f"a key in {what} must be a name, not {self._describe(key_node)}")
            key = key_node.value
            if key in seen:
                first = seen[key].start_mark.line + 1
                self.fail(key_node, f"the key {key!r} appears twice in {what} (first on line {first})")
            seen[key] = key_node
            if key.startswith("x-") and key_node.tag == STR:
                extras[key] = self.data(value_node)
            elif key in allowed and key_node.tag == STR:
                values[key] = (key_node, value_node)
            else:
                hint = difflib.get_close_matches(key, allowed, n=1)
                suggestion = f"; did you mean {hint[0]!r}?" if hint else \
                    f" (known keys: {', '.join(allowed)}; your own keys start with 'x-')"
                self.fail(key_node, f"unknown key {key!r} in {what}{suggestion}")
        return _Fields(node, values, extras)

    def need(self, fields: _Fields, key: str, what: str) -> Node:
        node = fields.get(key)
        if node is None:
            self.fail(fields.node, f"{what} has no {key!r} (it is required)")
        return node

    def data(self, node: Node) -> Any:
        """Free data under an x- key: plain values, lists and mappings, kept
        as written. The composer has bounded its size and depth."""
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            return [self.data(item) for item in node.value]
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.fail(key_node, f"a key must be a plain value, not {self._describe(key_node)}")
            key = self.scalar(key_node)
            if key in result:
                self.fail(key_node, f"the key {key_node.value!r} appears twice in this mapping")
            result[key] = self.data(value_node)
        return result

    # -- the document -------------------------------------------------------------------
    def mission(self, root: Node | None) -> Mission:
        if root is None or (isinstance(root, ScalarNode) and root.tag == NULL):
            self.fail(root, "the file is empty; a mission file starts with 'format: boarding-actions-mission'")
        if not isinstance(root, MappingNode):
            self.fail(root, "this is not a mission file: a mission file is a mapping of keys "
                            f"(format, version, title, ...), but this file holds {self._describe(root)}")
        self.header(root)
        top = self.fields(root, "the mission", (
            "format", "version", "title", "author", "language", "players", "sets", "boards",
            "pieces", "objectives", "entry_zones", "regions", "mission"))
        title = self.text(self.need(top, "title", "the mission"), "title", required=True)
        author = self.text(top.get("author"), "author") if "author" in top else None
        language = self.text(top.get("language"), "language") if "language" in top else None
        players = 2
        if "players" in top:
            players = self.integer_in(top.get("players"), "players", 2, 4)
        sets = 1
        if "sets" in top:
            sets = self.integer_in(top.get("sets"), "sets", 1, MAX_SETS)
        boards_node = self.need(top, "boards", "the mission")
        boards = self.boards(boards_node)
        placements = {b.id: Placement.of(b, self.cat) for b in boards}
        pieces = tuple(self.piece(n, i, placements)
                       for i, n in enumerate(self.items(top.get("pieces"), "pieces"), 1))
        objectives = self.objectives(top.get("objectives"))
        entry_zones = tuple(self.entry_zone(n, i, placements, players)
                            for i, n in enumerate(self.items(top.get("entry_zones"), "entry_zones"), 1))
        regions = tuple(self.region(n, i, placements)
                        for i, n in enumerate(self.items(top.get("regions"), "regions"), 1))
        text = self.mission_text(top.get("mission")) if "mission" in top else MissionText()
        return Mission(title=title, author=author, language=language, players=players, sets=sets,
                       boards=boards, pieces=pieces, objectives=objectives, entry_zones=entry_zones,
                       regions=regions, mission=text, extras=top.extras)

    def header(self, root: MappingNode) -> None:
        """format and version first: a file from a newer program may hold keys
        this one does not know, and the user should hear about the version."""
        pairs = {k.value: (k, v) for k, v in root.value if isinstance(k, ScalarNode)}
        if "format" not in pairs:
            self.fail(root, f"this is not a mission file: it has no 'format: {FORMAT_NAME}'")
        fmt = pairs["format"][1]
        if not isinstance(fmt, ScalarNode) or fmt.value != FORMAT_NAME or fmt.tag != STR:
            self.fail(fmt, f"format must be {FORMAT_NAME!r}, not {self._describe(fmt)}: "
                           "this is not a Boarding Actions mission file")
        if "version" not in pairs:
            self.fail(root, f"the mission has no 'version' (this program writes version {FORMAT_VERSION})")
        node = pairs["version"][1]
        version = self.integer(node, "version")
        if version > FORMAT_VERSION:
            self.fail(node, f"this file was written by a newer version of the program (version {version}); "
                            f"this program reads version {FORMAT_VERSION}")
        if version < 1:
            self.fail(node, f"version must be 1 or more, not {version}")
        # Migrations from older versions go here once there is a version 2.

    def boards(self, node: Node) -> tuple[Board, ...]:
        items = self.items(node, "boards")
        if not items:
            self.fail(node, "a mission needs at least one board under 'boards'")
        boards: list[Board] = []
        ids: dict[str, Node] = {}
        for n, item in enumerate(items, 1):
            what = f"board {n}"
            f = self.fields(item, what, ("id", "kind", "at", "rotation"))
            id_node = self.need(f, "id", what)
            board_id = self.text(id_node, f"{what}: id", required=True)
            if board_id in ids:
                self.fail(id_node, f"the board id {board_id!r} is used twice "
                                   f"(first on line {ids[board_id].start_mark.line + 1})")
            ids[board_id] = id_node
            what = f"board {board_id}"
            kind = "boarding-actions"
            if "kind" in f:
                kind = self.text(f.get("kind"), f"{what}: kind", required=True)
                if kind not in self.cat.boards:
                    self.fail(f.get("kind"), f"unknown board kind {kind!r} "
                                             f"(known: {', '.join(self.cat.boards)})")
            at = self.point(self.need(f, "at", what), f"{what}: at")
            rotation = 0
            if "rotation" in f:
                rotation = self.integer(f.get("rotation"), f"{what}: rotation")
                if rotation not in ROTATIONS:
                    self.fail(f.get("rotation"), f"{what}: rotation must be 0, 90, 180 or 270, not {rotation}")
            boards.append(Board(id=board_id, kind=kind, at=at, rotation=rotation, extras=f.extras))
        return tuple(boards)

    def board_ref(self, f: _Fields, what: str, placements: dict[str, Placement]) -> tuple[str, Placement]:
        node = self.need(f, "board", what)
        board_id = self.text(node, f"{what}: board", required=True)
        if board_id not in placements:
            self.fail(node, f"{what}: there is no board {board_id!r} "
                            f"(the boards are {', '.join(repr(b) for b in placements)})")
        return board_id, placements[board_id]

    def lattice_node(self, node: Node, what: str, board_id: str, placement: Placement) -> tuple[int, int]:
        value = self.lattice_pair(node, what)
        nx, ny = placement.kind.nodes
        for part, v, limit in ((node.value[0], value[0], nx), (node.value[1], value[1], ny)):
            if not 0 <= v < limit:
                self.fail(part, f"{what}: the node {_node_text(value)} is outside board {board_id} "
                                f"(nodes run from [0, 0] to [{nx - 1}, {ny - 1}])")
        return value

    def cells(self, node: Node, what: str, board_id: str, placement: Placement) -> tuple[tuple[int, int], ...]:
        cells = []
        zx, zy = placement.kind.zones
        for item in self.items(node, f"{what}: cells"):
            cell = self.lattice_pair(item, f"{what}: cell")
            for part, v, limit in ((item.value[0], cell[0], zx), (item.value[1], cell[1], zy)):
                if not 0 <= v < limit:
                    self.fail(part, f"{what}: the cell {_node_text(cell)} is outside board {board_id} "
                                    f"(cells run from [0, 0] to [{zx - 1}, {zy - 1}])")
            cells.append(cell)
        return tuple(cells)

    def piece(self, node: Node, n: int, placements: dict[str, Placement]) -> Piece:
        what = f"piece {n}"
        f = self.fields(node, what, ("code", "board", "from", "to", "facing", "open", "at", "turned", "caps"))
        code_node = self.need(f, "code", what)
        code = self.text(code_node, f"{what}: code", required=True)
        kind = self.cat.pieces.get(code)
        if kind is None:
            self.fail(code_node, f"{what}: unknown piece code {code!r} (known: {', '.join(self.cat.pieces)})")
        what = f"piece {n} ({code})"
        board_id, placement = self.board_ref(f, what, placements)

        def refuse(key: str, why: str) -> NoReturn:
            self.fail(f.key_node(key), f"{what}: {key!r} {why}")

        if kind.is_wall:
            for key in ("at", "turned", "caps"):
                if key in f:
                    refuse(key, "does not belong on a wall; a wall runs 'from' one node 'to' another")
            start = self.lattice_node(self.need(f, "from", what), f"{what}: from", board_id, placement)
            to_node = self.need(f, "to", what)
            end = self.lattice_node(to_node, f"{what}: to", board_id, placement)
            span = wall_span(start, end)
            if span is None:
                self.fail(to_node, f"{what}: from {_node_text(start)} and to {_node_text(end)} "
                                   "are not two different nodes on one zone line")
            if span != kind.span:
                self.fail(to_node, f"{what}: {code} spans {_plural(kind.span, 'zone')}, but from "
                                   f"{_node_text(start)} to {_node_text(end)} is {_plural(span, 'zone')}")
            facing = is_open = None
            if kind.has_hatchway:
                facing = "right"
                if "facing" in f:
                    facing = self.text(f.get("facing"), f"{what}: facing", required=True)
                    if facing not in FACINGS:
                        self.fail(f.get("facing"), f"{what}: facing must be 'left' or 'right', not {facing!r}")
                is_open = False
                if "open" in f:
                    is_open = self.boolean(f.get("open"), f"{what}: open")
            else:
                for key in ("facing", "open"):
                    if key in f:
                        refuse(key, f"belongs only on a piece with a hatchway "
                                    f"({', '.join(self.cat.hatchway_codes)}); {code} has none")
            return Piece(code=code, board=board_id, from_node=start, to_node=end,
                         facing=facing, open=is_open, extras=f.extras)

        for key in ("from", "to"):
            if key in f:
                refuse(key, f"belongs only on a wall; a {kind.name.lower()} stands 'at' one node")
        for key in ("facing", "open"):
            if key in f:
                refuse(key, f"belongs only on a piece with a hatchway ({', '.join(self.cat.hatchway_codes)})")
        at = self.lattice_node(self.need(f, "at", what), f"{what}: at", board_id, placement)
        turned = False
        if "turned" in f:
            if kind.kind != "pillar":
                refuse("turned", "belongs only on a pillar")
            turned = self.boolean(f.get("turned"), f"{what}: turned")
        caps = None
        if "caps" in f:
            if kind.kind != "wall-end":
                refuse("caps", "belongs only on a wall end")
            caps_node = f.get("caps")
            caps = self.lattice_node(caps_node, f"{what}: caps", board_id, placement)
            if wall_span(at, caps) != 1:
                self.fail(caps_node, f"{what}: caps {_node_text(caps)} must be the next node along a "
                                     f"zone line from at {_node_text(at)}")
        return Piece(code=code, board=board_id, at=at, turned=turned, caps=caps, extras=f.extras)

    def objectives(self, node: Node | None) -> tuple[Objective, ...]:
        result = []
        ids: dict[str, Node] = {}
        for n, item in enumerate(self.items(node, "objectives"), 1):
            what = f"objective {n}"
            f = self.fields(item, what, ("id", "at", "name"))
            id_node = self.need(f, "id", what)
            objective_id = self.text(id_node, f"{what}: id", required=True)
            if objective_id in ids:
                self.fail(id_node, f"the objective id {objective_id!r} is used twice "
                                   f"(first on line {ids[objective_id].start_mark.line + 1})")
            ids[objective_id] = id_node
            what = f"objective {objective_id}"
            at = self.point(self.need(f, "at", what), f"{what}: at")
            name = self.text(f.get("name"), f"{what}: name") if "name" in f else None
            result.append(Objective(id=objective_id, at=at, name=name, extras=f.extras))
        return tuple(result)

    def entry_zone(self, node: Node, n: int, placements: dict[str, Placement], players: int) -> EntryZone:
        what = f"entry zone {n}"
        f = self.fields(node, what, ("player", "name", "board", "cells"))
        player_node = self.need(f, "player", what)
        player = self.integer(player_node, f"{what}: player")
        if not 1 <= player <= players:
            self.fail(player_node, f"{what}: player must be from 1 to {players} "
                                   f"(the mission is for {players} players), not {player}")
        name = self.text(f.get("name"), f"{what}: name") if "name" in f else None
        board_id, placement = self.board_ref(f, what, placements)
        cells = self.cells(self.need(f, "cells", what), what, board_id, placement)
        return EntryZone(player=player, board=board_id, cells=cells, name=name, extras=f.extras)

    def region(self, node: Node, n: int, placements: dict[str, Placement]) -> Region:
        what = f"region {n}"
        f = self.fields(node, what, ("name", "board", "cells"))
        name = self.text(self.need(f, "name", what), f"{what}: name", required=True)
        board_id, placement = self.board_ref(f, what, placements)
        cells = self.cells(self.need(f, "cells", what), what, board_id, placement)
        return Region(name=name, board=board_id, cells=cells, extras=f.extras)

    def mission_text(self, node: Node) -> MissionText:
        if isinstance(node, ScalarNode) and node.tag == NULL:
            return MissionText()
        what = "the mission texts"
        f = self.fields(node, what, ("briefing", "sections", "victory", "battle_rounds", "points",
                                     "objective_spacing"))
        briefing = self.text(f.get("briefing"), "mission: briefing") if "briefing" in f else None
        sections = []
        for n, item in enumerate(self.items(f.get("sections"), "mission: sections"), 1):
            swhat = f"mission section {n}"
            s = self.fields(item, swhat, ("title", "text"))
            # An empty heading is odd but harmless (the editor lets one be
            # cleared while typing); refusing it would strand a saved file.
            title = self.text(self.need(s, "title", swhat), f"{swhat}: title") or ""
            text = (self.text(s.get("text"), f"{swhat}: text") or "") if "text" in s else ""
            sections.append(Section(title=title, text=text, extras=s.extras))
        victory = self.text(f.get("victory"), "mission: victory") if "victory" in f else None
        rounds = points = None
        if "battle_rounds" in f:
            rounds = self.integer_in(f.get("battle_rounds"), "mission: battle_rounds", 1, 99)
        if "points" in f:
            points = self.integer_in(f.get("points"), "mission: points", 1, 1_000_000)
        spacing = None
        if "objective_spacing" in f and not (
                isinstance(f.get("objective_spacing"), ScalarNode) and f.get("objective_spacing").tag == NULL):
            swhat = "mission: objective_spacing"
            s = self.fields(f.get("objective_spacing"), swhat, ("between_in", "edge_in"))
            distances = {}
            for key in ("between_in", "edge_in"):
                if key in s:
                    value = self.number(s.get(key), f"{swhat}: {key}")
                    if not 0 <= value <= 1000:
                        self.fail(s.get(key), f"{swhat}: {key} must be from 0 to 1000 inches, not {value:g}")
                    distances[key] = value
            spacing = ObjectiveSpacing(extras=s.extras, **distances)
        return MissionText(briefing=briefing, sections=tuple(sections), victory=victory,
                           battle_rounds=rounds, points=points, objective_spacing=spacing,
                           extras=f.extras)


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise MissionLoadError(source, 1, 1, "the file is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        start = error.start
        line = data.count(b"\n", 0, start) + 1
        line_start = data.rfind(b"\n", 0, start) + 1
        column = len(data[line_start:start].decode("utf-8", "replace")) + 1
        raise MissionLoadError(source, line, column,
                               f"not UTF-8 text: the byte 0x{data[start]:02X} cannot be read "
                               "(save the file as UTF-8)") from None


def loads_mission(text: str | bytes, source: str = "<text>", catalogue: Catalogue | None = None) -> Mission:
    """A mission from the text of a mission file; `source` names it in errors."""
    source = str(source)
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise MissionLoadError(source, 1, 1, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                                                 "a mission file is a few kilobytes, so this is not one")
        text = _decode(bytes(text), source)
    elif not isinstance(text, str):
        raise MissionLoadError(source, 1, 1, f"expected the text of a mission file, not {type(text).__name__}")
    elif text.startswith("\ufeff"):
        text = text[1:]
    root = compose(text, source)
    try:
        cat = catalogue or default_catalogue()
    except Exception as error:  # the catalogue is ours, but never let it escape as a traceback
        raise MissionLoadError(source, 1, 1, f"cannot read the terrain catalogue: {error}") from None
    return _Reader(source, cat).mission(root)


def load_mission(path: str | os.PathLike, catalogue: Catalogue | None = None) -> Mission:
    """A mission from a file. Any problem, reading included, is a MissionLoadError."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        # open() would take a number for an open file descriptor.
        raise MissionLoadError(str(path), 1, 1, f"expected a file name, not {type(path).__name__}")
    try:
        source = os.fsdecode(path)
    except (TypeError, ValueError):
        source = str(path)
    try:
        with open(path, "rb") as f:
            try:
                size = os.fstat(f.fileno()).st_size
            except OSError:
                size = 0
            if size > MAX_BYTES:
                raise MissionLoadError(source, 1, 1,
                                       f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                                       "a mission file is a few kilobytes, so this is not one")
            # Read at most one byte past the limit: a device or a growing file
            # reports no size.
            data = f.read(MAX_BYTES + 1)
    except MissionLoadError:
        raise
    except IsADirectoryError:
        raise MissionLoadError(source, 1, 1, "this is a folder, not a mission file") from None
    except FileNotFoundError:
        raise MissionLoadError(source, 1, 1, "there is no such file") from None
    except PermissionError:
        raise MissionLoadError(source, 1, 1, "cannot read the file: permission denied") from None
    except (OSError, TypeError, ValueError) as error:
        why = getattr(error, "strerror", None) or str(error)
        raise MissionLoadError(source, 1, 1, f"cannot read the file: {why}") from None
    if len(data) > MAX_BYTES:
        raise MissionLoadError(source, 1, 1, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                                             "a mission file is a few kilobytes, so this is not one")
    return loads_mission(data, source, catalogue)
