"""Read a mission file (mission-format.md, versions 1 and 2) into the Mission model.

Version 2's parts (the timeline, marker kinds, locked hatchways, marker kinds
of objectives, regions' states) are read by timeline_reader.py.

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
from collections.abc import Sequence
from typing import Any, Literal, NoReturn, overload

from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..catalogue import Catalogue, default_catalogue
from ..games import BOARDING_ACTIONS
from ..model.lattice import Placement, wall_span
from ..model.mission import (
    FACINGS,
    FORMAT_NAME,
    FORMAT_VERSION,
    GAME_IDS,
    ROTATIONS,
    STRUCTURE_PARTS,
    Board,
    EntryZone,
    Equipment,
    Mission,
    MissionText,
    Objective,
    ObjectiveSpacing,
    Op,
    Piece,
    Region,
    Section,
    Territory,
)
from ..model.timeline_data import AREA_STATES
from ..phrases import QT_TR_NOOP, Listing, Phrase, one_or_many
from . import timeline_reader
from .compose import BOOL, FLOAT, INT, MAX_BYTES, NULL, STR, TIMESTAMP, compose, position, too_large
from .errors import MissionLoadError
from .limits import (
    MAX_AREA_POINTS,
    MAX_BOARDS,
    MAX_CELLS,
    MAX_ENTRY_ZONES,
    MAX_EQUIPMENT,
    MAX_NAME_CHARS,
    MAX_OBJECTIVES,
    MAX_PIECES_PER_BOARD,
    MAX_REGIONS,
    MAX_SECTIONS,
    MAX_TERRITORIES,
    MAX_TEXT_CHARS,
)
from .precision import DECIMALS

# Table positions further out than this are surely a slip (a metre is 1000).
MAX_TABLE_MM = 100_000.0
MAX_SETS = 99

_constructor = SafeConstructor()
_PLAIN_NUMBER = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

# What the reader says is made as phrases (phrases.py), so the editor can say
# it in the player's language; str() of each is the English of before. The
# keys of the format (boards, rotation, facing ...) stay as written in every
# language: they are what the player has to type.
_KIND_WORDS = {MappingNode: Phrase("a mapping"), SequenceNode: Phrase("a list"), ScalarNode: Phrase("a value")}

# What a plain value failed to be, by its YAML type.
_NOT_USABLE = {
    BOOL: lambda value: Phrase("{value} is not a usable true or false", value=value),
    INT: lambda value: Phrase("{value} is not a usable whole number", value=value),
    FLOAT: lambda value: Phrase("{value} is not a usable number", value=value),
    TIMESTAMP: lambda value: Phrase("{value} is not a usable date", value=value),
}


def _node_text(node: Sequence[object]) -> str:
    return f"[{node[0]}, {node[1]}]"


def _key(what: str | Phrase, key: str) -> Phrase:
    """A key of a part: "board A: rotation"."""
    return Phrase("{what}: {key}", what=what, key=key)


def _quoted(text: str) -> Phrase:
    """A name as the file writes it, quoted the way the language quotes."""
    return Phrase("{text!r}", text=text)


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
        self.version = 1          # the file's `version:` (header)
        self.marker_ids: tuple[str, ...] = ("objective",)  # what an objective's kind may name

    # -- errors -------------------------------------------------------------
    def fail(self, where: Node | None, message: Phrase) -> NoReturn:
        mark = getattr(where, "start_mark", None)
        if mark is None:
            raise MissionLoadError(self.source, 1, 1, message)
        raise MissionLoadError(self.source, mark.line + 1, mark.column + 1, message)

    # -- plain values -----------------------------------------------------------
    def _describe(self, node: Node | None) -> str | Phrase:
        if node is None:
            return Phrase("nothing")
        if isinstance(node, ScalarNode):
            if node.tag == NULL:
                return Phrase("nothing")
            shown: str = node.value if len(node.value) <= 40 else node.value[:37] + "..."
            if node.tag == STR:
                return Phrase("the text {text!r}", text=shown)
            return shown
        return _KIND_WORDS[type(node)]

    def scalar(self, node: ScalarNode) -> Any:
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
            value = self._describe(node)
            not_usable = _NOT_USABLE.get(node.tag)
            self.fail(node, not_usable(value) if not_usable else
                      Phrase("{value} is not a usable value", value=value))
        return node.value

    @overload
    def text(self, node: Node | None, what: str | Phrase, required: Literal[True],
             limit: int = MAX_NAME_CHARS) -> str: ...

    @overload
    def text(self, node: Node | None, what: str | Phrase, required: bool = False,
             limit: int = MAX_NAME_CHARS) -> str | None: ...

    def text(self, node: Node | None, what: str | Phrase, required: bool = False,
             limit: int = MAX_NAME_CHARS) -> str | None:
        """Text; numbers and words written plainly count as their text
        (`id: 1` is the id "1"). Nothing (`~` or empty) is no text. Longer
        than `limit` characters is refused (limits.py)."""
        if not isinstance(node, ScalarNode):
            self.fail(node, Phrase("{what} must be text, not {value}", what=what, value=self._describe(node)))
        if node.tag == NULL:
            if required:
                self.fail(node, Phrase("{what} must not be empty", what=what))
            return None
        if required and not node.value.strip():
            self.fail(node, Phrase("{what} must not be empty", what=what))
        if len(node.value) > limit:
            self.fail(node, Phrase("{what} is {n} characters long; at most {limit} are allowed",
                                   what=what, n=len(node.value), limit=limit))
        value: str = node.value
        return value

    def limited(self, node: Node | None, what: str | Phrase, limit: int) -> list[Node]:
        """A list of at most `limit` items (limits.py), refused at the first
        item past the limit."""
        items = self.items(node, what)
        if len(items) > limit:
            self.fail(items[limit], Phrase("{what}: more than {limit} entries; no mission needs so many "
                                           "(the limits are in docs/mission-format.md)", what=what, limit=limit))
        return items

    def integer(self, node: Node | None, what: str | Phrase) -> int:
        if not isinstance(node, ScalarNode) or node.tag != INT:
            self.fail(node, Phrase("{what} must be a whole number, not {value}",
                                   what=what, value=self._describe(node)))
        value: int = self.scalar(node)
        return value

    def integer_in(self, node: Node | None, what: str | Phrase, low: int, high: int) -> int:
        value = self.integer(node, what)
        if not low <= value <= high:
            self.fail(node, Phrase("{what} must be from {low} to {high}, not {value}",
                                   what=what, low=low, high=high, value=value))
        return value

    def number(self, node: Node | None, what: str | Phrase) -> float:
        if (isinstance(node, ScalarNode) and node.tag == STR and not node.style
                and _PLAIN_NUMBER.fullmatch(node.value)):
            # YAML 1.1 reads 1e9 (no dot) as text; a person means the number.
            value = float(node.value)
        elif not isinstance(node, ScalarNode) or node.tag not in (INT, FLOAT):
            self.fail(node, Phrase("{what} must be a number, not {value}", what=what, value=self._describe(node)))
        else:
            value = float(self.scalar(node))
        if not math.isfinite(value):
            # The value as written (.inf, .nan), not as a number of the language.
            self.fail(node, Phrase("{what} must be a finite number, not {value}", what=what, value=node.value))
        # As the writer keeps them: a file with more places loads as it saves.
        return round(value, DECIMALS)

    def boolean(self, node: Node | None, what: str | Phrase) -> bool:
        if not isinstance(node, ScalarNode) or node.tag != BOOL:
            self.fail(node, Phrase("{what} must be true or false, not {value}",
                                   what=what, value=self._describe(node)))
        value: bool = self.scalar(node)
        return value

    def items(self, node: Node | None, what: str | Phrase) -> list[Node]:
        """A list; nothing written (`pieces:`) is an empty list."""
        if node is None:
            return []
        if isinstance(node, ScalarNode) and node.tag == NULL:
            return []
        if not isinstance(node, SequenceNode):
            self.fail(node, Phrase("{what} must be a list, not {value}", what=what, value=self._describe(node)))
        items: list[Node] = node.value
        return items

    def pair(self, node: Node | None, what: str | Phrase) -> tuple[Node, Node]:
        if not isinstance(node, SequenceNode) or len(node.value) != 2:
            count = (one_or_many(len(node.value), QT_TR_NOOP("{n} value"), QT_TR_NOOP("{n} values")) if isinstance(node, SequenceNode)
                     else self._describe(node))
            self.fail(node, Phrase("{what} must be a pair [x, y], not {value}", what=what, value=count))
        return node.value[0], node.value[1]

    def lattice_pair(self, node: Node | None, what: str | Phrase) -> tuple[int, int]:
        a, b = self.pair(node, what)
        return (self.integer(a, Phrase("{what}: column", what=what)),
                self.integer(b, Phrase("{what}: row", what=what)))

    def point(self, node: Node | None, what: str | Phrase) -> tuple[float, float]:
        a, b = self.pair(node, what)
        values = []
        for part, axis in ((a, "x"), (b, "y")):
            v = self.number(part, _key(what, axis))
            if abs(v) > MAX_TABLE_MM:
                self.fail(part, Phrase("{what}: {axis} = {value} mm is off any table "
                                       "(at most {limit:,.0f} mm from the origin)",
                                       what=what, axis=axis, value=part.value, limit=MAX_TABLE_MM))
            values.append(v)
        return (values[0], values[1])

    # -- mappings and their keys ----------------------------------------------------
    def fields(self, node: Node | None, what: str | Phrase, allowed: tuple[str, ...]) -> _Fields:
        if not isinstance(node, MappingNode):
            self.fail(node, Phrase("{what} must be a mapping (key: value lines), not {value}",
                                   what=what, value=self._describe(node)))
        values: dict[str, tuple[Node, Node]] = {}
        extras: dict[str, Any] = {}
        seen: dict[Any, Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.fail(key_node, Phrase("a key in {what} must be a name, not {value}",
                                           what=what, value=self._describe(key_node)))
            key = key_node.value
            if key in seen:
                self.fail(key_node, Phrase("the key {key!r} appears twice in {what} (first on line {first})",
                                           key=key, what=what, first=seen[key].start_mark.line + 1))
            seen[key] = key_node
            if key.startswith("x-") and key_node.tag == STR:
                extras[key] = self.data(value_node)
            elif key in allowed and key_node.tag == STR:
                values[key] = (key_node, value_node)
            else:
                hint = difflib.get_close_matches(key, allowed, n=1)
                if hint:
                    self.fail(key_node, Phrase("unknown key {key!r} in {what}; did you mean {hint!r}?",
                                               key=key, what=what, hint=hint[0]))
                self.fail(key_node, Phrase("unknown key {key!r} in {what} (known keys: {keys}; "
                                           "your own keys start with 'x-')", key=key, what=what,
                                           keys=", ".join(allowed)))
        return _Fields(node, values, extras)

    def need(self, fields: _Fields, key: str, what: str | Phrase) -> Node:
        node = fields.get(key)
        if node is None:
            self.fail(fields.node, Phrase("{what} has no {key!r} (it is required)", what=what, key=key))
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
                self.fail(key_node, Phrase("a key must be a plain value, not {value}",
                                           value=self._describe(key_node)))
            key = self.scalar(key_node)
            if key in result:
                self.fail(key_node, Phrase("the key {key!r} appears twice in this mapping", key=key_node.value))
            result[key] = self.data(value_node)
        return result

    # -- the document -------------------------------------------------------------------
    def mission(self, root: Node | None) -> Mission:
        if root is None or (isinstance(root, ScalarNode) and root.tag == NULL):
            self.fail(root, Phrase("the file is empty; a mission file starts with 'format: {name}'",
                                   name=FORMAT_NAME))
        if not isinstance(root, MappingNode):
            self.fail(root, Phrase("this is not a mission file: a mission file is a mapping of keys "
                                   "(format, version, title, ...), but this file holds {value}",
                                   value=self._describe(root)))
        self.header(root)
        the_mission = Phrase("the mission")
        top = self.fields(root, the_mission, (
            "format", "version", "title", "author", "language", "game", "players", "sets", "boards",
            "pieces", "objectives", "entry_zones", "regions", "territories", "centre_line", "equipment",
            "mission", *timeline_reader.VERSION_2_TOP))
        self.version_2_only(top, timeline_reader.VERSION_2_TOP)
        title = self.text(self.need(top, "title", the_mission), "title", required=True)
        author = self.text(top.get("author"), "author") if "author" in top else None
        language = self.text(top.get("language"), "language") if "language" in top else None
        game = BOARDING_ACTIONS
        if "game" in top:
            game = self.text(top.get("game"), "game", required=True)
            if game not in GAME_IDS:
                self.fail(top.get("game"), Phrase("game must be one of {games}, not {game!r}",
                                                  games=", ".join(GAME_IDS), game=game))
        players = 2
        if "players" in top:
            players = self.integer_in(top.get("players"), "players", 2, 4)
        sets = 1
        if "sets" in top:
            sets = self.integer_in(top.get("sets"), "sets", 1, MAX_SETS)
        boards_node = self.need(top, "boards", the_mission)
        boards = self.boards(boards_node)
        placements = {b.id: Placement.of(b, self.cat) for b in boards}
        piece_nodes = self.items(top.get("pieces"), "pieces")
        # Each board may hold MAX_PIECES_PER_BOARD (counted as they are read,
        # so a file is refused at the first piece too many).
        per_board: dict[str, int] = {}
        pieces_read = []
        for i, n in enumerate(piece_nodes, 1):
            piece = self.piece(n, i, placements)
            per_board[piece.board] = per_board.get(piece.board, 0) + 1
            if per_board[piece.board] > MAX_PIECES_PER_BOARD:
                self.fail(n, Phrase("piece {n}: board {board} holds more than {limit} pieces; no mission "
                                    "needs so many (the limits are in docs/mission-format.md)",
                                    n=i, board=piece.board, limit=MAX_PIECES_PER_BOARD))
            pieces_read.append(piece)
        pieces = tuple(pieces_read)
        marker_kinds = timeline_reader.marker_kinds(self, top.get("marker_kinds"))
        self.marker_ids = timeline_reader.known_marker_kinds(self, marker_kinds)
        objectives = self.objectives(top.get("objectives"))
        entry_zones = tuple(self.entry_zone(n, i, placements, players) for i, n in enumerate(
            self.limited(top.get("entry_zones"), "entry_zones", MAX_ENTRY_ZONES), 1))
        regions = tuple(self.region(n, i, placements) for i, n in enumerate(
            self.limited(top.get("regions"), "regions", MAX_REGIONS), 1))
        territories = tuple(self.territory(n, i, players) for i, n in enumerate(
            self.limited(top.get("territories"), "territories", MAX_TERRITORIES), 1))
        centre_line = None
        if "centre_line" in top and not self._null(top.get("centre_line")):
            a, b = self.pair(top.get("centre_line"), "centre_line")
            centre_line = (self.point(a, Phrase("centre_line: start")), self.point(b, Phrase("centre_line: end")))
            if centre_line[0] == centre_line[1]:
                self.fail(top.get("centre_line"), Phrase("centre_line must run between two different points"))
        equipment = tuple(self.equipment_item(n, i, players) for i, n in enumerate(
            self.limited(top.get("equipment"), "equipment", MAX_EQUIPMENT), 1))
        text = self.mission_text(top.get("mission")) if "mission" in top else MissionText()
        events = timeline_reader.timeline(self, top.get("timeline"))
        return Mission(title=title, author=author, language=language, game=game, players=players, sets=sets,
                       boards=boards, pieces=pieces, objectives=objectives, entry_zones=entry_zones,
                       regions=regions, territories=territories, centre_line=centre_line, equipment=equipment,
                       mission=text, timeline=events, marker_kinds=marker_kinds, extras=top.extras)

    def version_2_only(self, f: _Fields, keys: tuple[str, ...]) -> None:
        """Refuse the keys of version 2 in a file that says version 1: an
        older program would refuse them as unknown, so the file must say
        which version it needs."""
        if self.version >= 2:
            return
        for key in keys:
            if key in f:
                timeline_reader.needs_version_2(self, f.key_node(key), key)

    @staticmethod
    def _null(node: Node | None) -> bool:
        return node is None or (isinstance(node, ScalarNode) and node.tag == NULL)

    def _player(self, f: _Fields, what: Phrase, players: int) -> int:
        player_node = self.need(f, "player", what)
        player = self.integer(player_node, _key(what, "player"))
        if not 1 <= player <= players:
            self.fail(player_node, Phrase("{what}: player must be from 1 to {players} "
                                          "(the mission is for {players} players), not {player}",
                                          what=what, players=players, player=player))
        return player

    def territory(self, node: Node, n: int, players: int) -> Territory:
        what = Phrase("territory {n}", n=n)
        f = self.fields(node, what, ("player", "area"))
        player = self._player(f, what, players)
        area_what = _key(what, "area")
        area_node = self.need(f, "area", what)
        points = self.limited(area_node, area_what, MAX_AREA_POINTS)
        if len(points) < 3:
            self.fail(area_node, Phrase("{what} must list at least 3 corners [x, y] (table mm), not {n}",
                                        what=area_what, n=len(points)))
        area = tuple(self.point(p, Phrase("{what} corner {n}", what=area_what, n=k))
                     for k, p in enumerate(points, 1))
        return Territory(player=player, area=area, extras=f.extras)

    def equipment_item(self, node: Node, n: int, players: int) -> Equipment:
        what = Phrase("equipment {n}", n=n)
        f = self.fields(node, what, ("kind", "player", "at", "rotation"))
        kind_node = self.need(f, "kind", what)
        kind = self.text(kind_node, _key(what, "kind"), required=True)
        if kind not in self.cat.equipment:
            hint = difflib.get_close_matches(kind, list(self.cat.equipment), n=1)
            if hint:
                self.fail(kind_node, Phrase("{what}: unknown equipment {kind!r}; did you mean {hint!r}?",
                                            what=what, kind=kind, hint=hint[0]))
            self.fail(kind_node, Phrase("{what}: unknown equipment {kind!r} (known: {known})",
                                        what=what, kind=kind, known=", ".join(self.cat.equipment)))
        player = self._player(f, what, players)
        at = self.point(self.need(f, "at", what), _key(what, "at"))
        rotation = 0.0
        if "rotation" in f:
            rotation = self.number(f.get("rotation"), _key(what, "rotation"))
            if not 0 <= rotation < 360:
                self.fail(f.get("rotation"), Phrase("{what}: rotation must be from 0 up to 360 degrees, not {value:g}",
                                                    what=what, value=rotation))
        return Equipment(kind=kind, player=player, at=at, rotation=rotation, extras=f.extras)

    def header(self, root: MappingNode) -> None:
        """format and version first: a file from a newer program may hold keys
        this one does not know, and the user should hear about the version."""
        pairs = {k.value: (k, v) for k, v in root.value if isinstance(k, ScalarNode)}
        if "format" not in pairs:
            self.fail(root, Phrase("this is not a mission file: it has no 'format: {name}'", name=FORMAT_NAME))
        fmt = pairs["format"][1]
        if not isinstance(fmt, ScalarNode) or fmt.value != FORMAT_NAME or fmt.tag != STR:
            self.fail(fmt, Phrase("format must be {name!r}, not {value}: this is not a Boarding Actions "
                                  "mission file", name=FORMAT_NAME, value=self._describe(fmt)))
        if "version" not in pairs:
            self.fail(root, Phrase("the mission has no 'version' (this program writes version {version})",
                                   version=FORMAT_VERSION))
        node = pairs["version"][1]
        version = self.integer(node, "version")
        self.version = version
        if version > FORMAT_VERSION:
            self.fail(node, Phrase("this file was written by a newer version of the program (version {version}); "
                                   "this program reads version {reads}", version=version, reads=FORMAT_VERSION))
        if version < 1:
            self.fail(node, Phrase("version must be 1 or more, not {version}", version=version))
        # Version 2 only adds (the timeline, marker kinds, locked, kind,
        # state): a version-1 file needs no migration; the keys of version 2
        # in a version-1 file are refused where they are (version_2_only).

    def boards(self, node: Node) -> tuple[Board, ...]:
        items = self.limited(node, "boards", MAX_BOARDS)
        if not items:
            self.fail(node, Phrase("a mission needs at least one board under 'boards'"))
        boards: list[Board] = []
        ids: dict[str, Node] = {}
        for n, item in enumerate(items, 1):
            what = Phrase("board {board}", board=n)  # by its place in the list until its id is known
            f = self.fields(item, what, ("id", "kind", "at", "rotation"))
            id_node = self.need(f, "id", what)
            board_id = self.text(id_node, _key(what, "id"), required=True)
            if board_id in ids:
                self.fail(id_node, Phrase("the board id {id!r} is used twice (first on line {first})",
                                          id=board_id, first=ids[board_id].start_mark.line + 1))
            ids[board_id] = id_node
            what = Phrase("board {board}", board=board_id)
            kind = "boarding-actions"
            if "kind" in f:
                kind = self.text(f.get("kind"), _key(what, "kind"), required=True)
                if kind not in self.cat.boards:
                    self.fail(f.get("kind"), Phrase("unknown board kind {kind!r} (known: {known})",
                                                    kind=kind, known=", ".join(self.cat.boards)))
            at = self.point(self.need(f, "at", what), _key(what, "at"))
            rotation = 0
            if "rotation" in f:
                rotation = self.integer(f.get("rotation"), _key(what, "rotation"))
                if rotation not in ROTATIONS:
                    self.fail(f.get("rotation"), Phrase("{what}: rotation must be 0, 90, 180 or 270, not {rotation}",
                                                        what=what, rotation=rotation))
            boards.append(Board(id=board_id, kind=kind, at=at, rotation=rotation, extras=f.extras))
        return tuple(boards)

    def board_ref(self, f: _Fields, what: str | Phrase, placements: dict[str, Placement]) -> tuple[str, Placement]:
        node = self.need(f, "board", what)
        board_id = self.text(node, _key(what, "board"), required=True)
        if board_id not in placements:
            self.fail(node, Phrase("{what}: there is no board {board!r} (the boards are {boards})", what=what,
                                   board=board_id, boards=Listing(_quoted(b) for b in placements)))
        return board_id, placements[board_id]

    def lattice_node(self, node: Node | None, what: str | Phrase, board_id: str, placement: Placement) -> tuple[int, int]:
        value = self.lattice_pair(node, what)
        assert isinstance(node, SequenceNode)  # lattice_pair read it as a pair
        nx, ny = placement.kind.nodes
        for part, v, limit in ((node.value[0], value[0], nx), (node.value[1], value[1], ny)):
            if not 0 <= v < limit:
                self.fail(part, Phrase("{what}: the node {node} is outside board {board} "
                                       "(nodes run from [0, 0] to [{last_x}, {last_y}])", what=what,
                                       node=_node_text(value), board=board_id, last_x=nx - 1, last_y=ny - 1))
        return value

    def cells(self, node: Node | None, what: str | Phrase, board_id: str,
              placement: Placement) -> tuple[tuple[int, int], ...]:
        cells = []
        zx, zy = placement.kind.zones
        for item in self.limited(node, _key(what, "cells"), MAX_CELLS):
            cell = self.lattice_pair(item, Phrase("{what}: cell", what=what))
            for part, v, limit in ((item.value[0], cell[0], zx), (item.value[1], cell[1], zy)):
                if not 0 <= v < limit:
                    self.fail(part, Phrase("{what}: the cell {cell} is outside board {board} "
                                           "(cells run from [0, 0] to [{last_x}, {last_y}])", what=what,
                                           cell=_node_text(cell), board=board_id, last_x=zx - 1, last_y=zy - 1))
            cells.append(cell)
        return tuple(cells)

    def piece(self, node: Node, n: int, placements: dict[str, Placement]) -> Piece:
        what = Phrase("piece {n}", n=n)
        f = self.fields(node, what, ("code", "board", "from", "to", "facing", "open", "at", "turned", "caps",
                                     "locked"))
        self.version_2_only(f, ("locked",))
        code_node = self.need(f, "code", what)
        code = self.text(code_node, _key(what, "code"), required=True)
        kind = self.cat.pieces.get(code)
        if kind is None:
            self.fail(code_node, Phrase("{what}: unknown piece code {code!r} (known: {known})",
                                        what=what, code=code, known=", ".join(self.cat.pieces)))
        what = Phrase("piece {n} ({code})", n=n, code=code)
        board_id, placement = self.board_ref(f, what, placements)

        def refuse(key: str, why: Phrase) -> NoReturn:
            self.fail(f.key_node(key), why)

        hatchways = ", ".join(self.cat.hatchway_codes)
        if kind.is_wall:
            for key in ("at", "turned", "caps"):
                if key in f:
                    refuse(key, Phrase("{what}: {key!r} does not belong on a wall; "
                                       "a wall runs 'from' one node 'to' another", what=what, key=key))
            start = self.lattice_node(self.need(f, "from", what), _key(what, "from"), board_id, placement)
            to_node = self.need(f, "to", what)
            end = self.lattice_node(to_node, _key(what, "to"), board_id, placement)
            span = wall_span(start, end)
            if span is None:
                self.fail(to_node, Phrase("{what}: from {start} and to {end} are not two different nodes "
                                          "on one zone line", what=what, start=_node_text(start), end=_node_text(end)))
            if span != kind.span:
                self.fail(to_node, Phrase("{what}: {code} spans {spans}, but from {start} to {end} is {span}",
                                          what=what, code=code, spans=one_or_many(kind.span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones")),
                                          start=_node_text(start), end=_node_text(end),
                                          span=one_or_many(span, QT_TR_NOOP("{n} zone"), QT_TR_NOOP("{n} zones"))))
            facing = is_open = None
            locked = False
            if kind.has_hatchway:
                facing = "right"
                if "facing" in f:
                    facing = self.text(f.get("facing"), _key(what, "facing"), required=True)
                    if facing not in FACINGS:
                        self.fail(f.get("facing"), Phrase("{what}: facing must be 'left' or 'right', not {facing!r}",
                                                          what=what, facing=facing))
                is_open = False
                if "open" in f:
                    is_open = self.boolean(f.get("open"), _key(what, "open"))
                if "locked" in f:
                    locked = self.boolean(f.get("locked"), _key(what, "locked"))
                    if locked and is_open:
                        refuse("locked", Phrase("{what}: a locked hatchway is closed; it cannot be 'open: true'",
                                                what=what))
            else:
                for key in ("facing", "open", "locked"):
                    if key in f:
                        refuse(key, Phrase("{what}: {key!r} belongs only on a piece with a hatchway ({codes}); "
                                           "{code} has none", what=what, key=key, codes=hatchways, code=code))
            return Piece(code=code, board=board_id, from_node=start, to_node=end,
                         facing=facing, open=is_open, locked=locked, extras=f.extras)

        for key in ("from", "to"):
            if key in f:
                # The catalogue's name as it is ("pillar, left-hand"), so it
                # stays English in every language: the rules core's kind_name
                # would translate it, but the loader does not lean on the
                # rules core (nor change the English scripts read).
                refuse(key, Phrase("{what}: {key!r} belongs only on a wall; a {kind} stands 'at' one node",
                                   what=what, key=key, kind=kind.name.lower()))
        for key in ("facing", "open", "locked"):
            if key in f:
                refuse(key, Phrase("{what}: {key!r} belongs only on a piece with a hatchway ({codes})",
                                   what=what, key=key, codes=hatchways))
        at = self.lattice_node(self.need(f, "at", what), _key(what, "at"), board_id, placement)
        turned = False
        if "turned" in f:
            if kind.kind != "pillar":
                refuse("turned", Phrase("{what}: {key!r} belongs only on a pillar", what=what, key="turned"))
            turned = self.boolean(f.get("turned"), _key(what, "turned"))
        caps = None
        if "caps" in f:
            if kind.kind != "wall-end":
                refuse("caps", Phrase("{what}: {key!r} belongs only on a wall end", what=what, key="caps"))
            caps_node = f.get("caps")
            caps = self.lattice_node(caps_node, _key(what, "caps"), board_id, placement)
            if wall_span(at, caps) != 1:
                self.fail(caps_node, Phrase("{what}: caps {caps} must be the next node along a zone line "
                                            "from at {at}", what=what, caps=_node_text(caps), at=_node_text(at)))
        return Piece(code=code, board=board_id, at=at, turned=turned, caps=caps, extras=f.extras)

    def objectives(self, node: Node | None) -> tuple[Objective, ...]:
        result = []
        ids: dict[str, Node] = {}
        for n, item in enumerate(self.limited(node, "objectives", MAX_OBJECTIVES), 1):
            what = Phrase("objective {id}", id=n)  # by its place in the list until its id is known
            f = self.fields(item, what, ("id", "at", "name", "kind"))
            self.version_2_only(f, ("kind",))
            id_node = self.need(f, "id", what)
            objective_id = self.text(id_node, _key(what, "id"), required=True)
            if objective_id in ids:
                self.fail(id_node, Phrase("the objective id {id!r} is used twice (first on line {first})",
                                          id=objective_id, first=ids[objective_id].start_mark.line + 1))
            ids[objective_id] = id_node
            what = Phrase("objective {id}", id=objective_id)
            at = self.point(self.need(f, "at", what), _key(what, "at"))
            name = self.text(f.get("name"), _key(what, "name")) if "name" in f else None
            kind = "objective"
            if "kind" in f:
                kind = timeline_reader.one_of(self, f.values["kind"][1], _key(what, "kind"), self.marker_ids)
            result.append(Objective(id=objective_id, at=at, name=name, kind=kind, extras=f.extras))
        return tuple(result)

    def entry_zone(self, node: Node, n: int, placements: dict[str, Placement], players: int) -> EntryZone:
        what = Phrase("entry zone {n}", n=n)
        f = self.fields(node, what, ("player", "name", "board", "cells"))
        player_node = self.need(f, "player", what)
        player = self.integer(player_node, _key(what, "player"))
        if not 1 <= player <= players:
            self.fail(player_node, Phrase("{what}: player must be from 1 to {players} "
                                          "(the mission is for {players} players), not {player}",
                                          what=what, players=players, player=player))
        name = self.text(f.get("name"), _key(what, "name")) if "name" in f else None
        board_id, placement = self.board_ref(f, what, placements)
        cells = self.cells(self.need(f, "cells", what), what, board_id, placement)
        return EntryZone(player=player, board=board_id, cells=cells, name=name, extras=f.extras)

    def region(self, node: Node, n: int, placements: dict[str, Placement]) -> Region:
        what = Phrase("region {n}", n=n)
        f = self.fields(node, what, ("name", "board", "cells", "state"))
        self.version_2_only(f, ("state",))
        name = self.text(self.need(f, "name", what), _key(what, "name"), required=True)
        board_id, placement = self.board_ref(f, what, placements)
        cells = self.cells(self.need(f, "cells", what), what, board_id, placement)
        state = "clear"
        if "state" in f:
            state = timeline_reader.one_of(self, f.values["state"][1], _key(what, "state"), AREA_STATES)
        return Region(name=name, board=board_id, cells=cells, state=state, extras=f.extras)

    def mission_text(self, node: Node | None) -> MissionText:
        if isinstance(node, ScalarNode) and node.tag == NULL:
            return MissionText()
        what = Phrase("the mission texts")
        f = self.fields(node, what, ("briefing", "sections", "victory", "battle_rounds", "points",
                                     "objective_spacing", "turning_points", "ops", "structure"))
        briefing = (self.text(f.get("briefing"), "mission: briefing", limit=MAX_TEXT_CHARS)
                    if "briefing" in f else None)
        sections = []
        for n, item in enumerate(self.limited(f.get("sections"), "mission: sections", MAX_SECTIONS), 1):
            swhat: str | Phrase = Phrase("mission section {n}", n=n)
            s = self.fields(item, swhat, ("title", "text"))
            # An empty heading is odd but harmless (the editor lets one be
            # cleared while typing); refusing it would strand a saved file.
            title = self.text(self.need(s, "title", swhat), _key(swhat, "title")) or ""
            text = (self.text(s.get("text"), _key(swhat, "text"), limit=MAX_TEXT_CHARS) or "") if "text" in s else ""
            sections.append(Section(title=title, text=text, extras=s.extras))
        victory = (self.text(f.get("victory"), "mission: victory", limit=MAX_TEXT_CHARS)
                   if "victory" in f else None)
        rounds = points = None
        if "battle_rounds" in f:
            rounds = self.integer_in(f.get("battle_rounds"), "mission: battle_rounds", 1, 99)
        if "points" in f:
            points = self.integer_in(f.get("points"), "mission: points", 1, 1_000_000)
        spacing = None
        spacing_node = f.get("objective_spacing")
        if "objective_spacing" in f and not (isinstance(spacing_node, ScalarNode) and spacing_node.tag == NULL):
            swhat = "mission: objective_spacing"
            s = self.fields(f.get("objective_spacing"), swhat, ("between_in", "edge_in"))
            distances = {}
            for key in ("between_in", "edge_in"):
                if key in s:
                    value = self.number(s.get(key), _key(swhat, key))
                    if not 0 <= value <= 1000:
                        self.fail(s.get(key), Phrase("{what}: {key} must be from 0 to 1000 inches, not {value:g}",
                                                     what=swhat, key=key, value=value))
                    distances[key] = value
            spacing = ObjectiveSpacing(extras=s.extras, **distances)
        turning_points = None
        if "turning_points" in f:
            turning_points = self.integer_in(f.get("turning_points"), "mission: turning_points", 1, 99)
        ops = []
        for n, item in enumerate(self.limited(f.get("ops"), "mission: ops", MAX_SECTIONS), 1):
            owhat = Phrase("mission op {n}", n=n)
            o = self.fields(item, owhat, ("name", "text", "vp"))
            name = self.text(self.need(o, "name", owhat), _key(owhat, "name")) or ""
            text = (self.text(o.get("text"), _key(owhat, "text"), limit=MAX_TEXT_CHARS) or "") if "text" in o else ""
            vp = self.integer_in(o.get("vp"), _key(owhat, "vp"), 0, 999) if "vp" in o else None
            ops.append(Op(name=name, text=text, vp=vp, extras=o.extras))
        structure: list[str] = []
        for item in self.limited(f.get("structure"), "mission: structure", len(STRUCTURE_PARTS)):
            part = self.text(item, "mission: structure", required=True)
            if part not in STRUCTURE_PARTS:
                self.fail(item, Phrase("mission: structure: {part!r} is not a part the card explains "
                                       "(known: {known})", part=part, known=", ".join(STRUCTURE_PARTS)))
            if part in structure:
                self.fail(item, Phrase("mission: structure: {part!r} is listed twice", part=part))
            structure.append(part)
        return MissionText(briefing=briefing, sections=tuple(sections), victory=victory,
                           battle_rounds=rounds, points=points, objective_spacing=spacing,
                           turning_points=turning_points, ops=tuple(ops), structure=tuple(structure),
                           extras=f.extras)


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise MissionLoadError(source, 1, 1, Phrase("the file is UTF-16 text; save it as UTF-8"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        start = error.start
        # Count as libyaml counts (CR-only files too): on the text before the
        # bad byte, which decodes.
        before = data[:start].decode("utf-8-sig", "replace")
        line, column = position(before, len(before))
        raise MissionLoadError(source, line, column,
                               Phrase("not UTF-8 text: the byte {byte} cannot be read (save the file as UTF-8)",
                                      byte=f"0x{data[start]:02X}")) from None


def loads_mission(text: str | bytes, source: str = "<text>", catalogue: Catalogue | None = None) -> Mission:
    """A mission from the text of a mission file; `source` names it in errors."""
    source = str(source)
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise MissionLoadError(source, 1, 1, too_large())
        text = _decode(bytes(text), source)
    elif not isinstance(text, str):
        raise MissionLoadError(source, 1, 1, Phrase("expected the text of a mission file, not {type}",
                                                    type=type(text).__name__))
    elif text.startswith("\ufeff"):
        text = text[1:]
    root = compose(text, source)
    try:
        cat = catalogue or default_catalogue()
    except Exception as error:  # the catalogue is ours, but never let it escape as a traceback
        raise MissionLoadError(source, 1, 1, Phrase("cannot read the terrain catalogue: {error}",
                                                    error=getattr(error, "phrase", None) or str(error))) from None
    return _Reader(source, cat).mission(root)


def load_mission(path: str | os.PathLike[str], catalogue: Catalogue | None = None) -> Mission:
    """A mission from a file. Any problem, reading included, is a MissionLoadError."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        # open() would take a number for an open file descriptor.
        raise MissionLoadError(str(path), 1, 1, Phrase("expected a file name, not {type}",
                                                       type=type(path).__name__))
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
                raise MissionLoadError(source, 1, 1, too_large())
            # Read at most one byte past the limit: a device or a growing file
            # reports no size.
            data = f.read(MAX_BYTES + 1)
    except MissionLoadError:
        raise
    except IsADirectoryError:
        raise MissionLoadError(source, 1, 1, Phrase("this is a folder, not a mission file")) from None
    except FileNotFoundError:
        raise MissionLoadError(source, 1, 1, Phrase("there is no such file")) from None
    except PermissionError:
        raise MissionLoadError(source, 1, 1, Phrase("cannot read the file: permission denied")) from None
    except (OSError, TypeError, ValueError) as error:
        # The system's own words (strerror) stay as the system says them.
        why = getattr(error, "strerror", None) or str(error)
        raise MissionLoadError(source, 1, 1, Phrase("cannot read the file: {why}", why=why)) from None
    if len(data) > MAX_BYTES:
        raise MissionLoadError(source, 1, 1, too_large())
    return loads_mission(data, source, catalogue)
