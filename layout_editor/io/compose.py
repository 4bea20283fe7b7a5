"""Turn mission-file text into a YAML node tree, safely and within limits.

Files come from strangers, so this never constructs a Python object from a
tag, and it refuses early and cheaply what no mission file needs: more than
MAX_BYTES of text, more than MAX_NODES nodes, nesting deeper than MAX_DEPTH,
aliases (the format needs none, and refusing them outright makes
"billion laughs" expansion impossible) and tags beyond the plain YAML types.

The node tree keeps every node's position, so that the reader can point at
the offending key or value. The parser is libyaml's when PyYAML has it (about
twenty times faster than the pure-Python one, which keeps the limits fast);
the events are composed here, not by PyYAML, so the limits are checked while
composing, before anything large is built.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NoReturn, Protocol

import yaml
from yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from .. import memo
from ..phrases import Phrase
from .errors import MissionLoadError

_FastParser: type[Any] | None
try:  # libyaml, when PyYAML was built with it
    from yaml._yaml import CParser as _FastParser
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    _FastParser = None

MAX_BYTES = 5 * 1024 * 1024
MAX_NODES = 100_000
MAX_DEPTH = 64

Y = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, TIMESTAMP = (Y + t for t in ("str", "int", "float", "bool", "null", "timestamp"))
SEQ, MAP = Y + "seq", Y + "map"
# Tags a file may spell out (`!!str 12`): the plain types and nothing else.
ALLOWED_EXPLICIT_TAGS = {STR, INT, FLOAT, BOOL, NULL, SEQ, MAP}

# Characters a YAML stream may contain (YAML 1.1, "printable").
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_resolver = Resolver()


# Line breaks as YAML (and libyaml's marks) count them: CR LF, CR alone (old
# Mac files), LF, NEL and the Unicode line and paragraph separators.
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def _position(text: str, index: int) -> tuple[int, int]:
    """Line and column (from 1) of text[index], counted as libyaml counts."""
    line, start = 1, 0
    for brk in _BREAK.finditer(text, 0, index):
        line += 1
        start = brk.end()
    return line, index - start + 1


def position(text: str, index: int) -> tuple[int, int]:
    return _position(text, index)


def too_large() -> Phrase:
    """Why a file over MAX_BYTES is refused (the reader refuses bytes, this
    module text, in the same words)."""
    return Phrase("the file is larger than {mb} MB; a mission file is a few kilobytes, so this is not one",
                  mb=MAX_BYTES // (1024 * 1024))


class _Mark(Protocol):
    """Where a parser found something: PyYAML's and libyaml's marks alike."""
    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


def _fail(source: str, mark: _Mark | None, message: Phrase) -> NoReturn:
    if mark is None:
        raise MissionLoadError(source, 1, 1, message)
    raise MissionLoadError(source, mark.line + 1, mark.column + 1, message)


def _new_parser(text: str) -> Any:
    if _FastParser is not None:
        return _FastParser(text)
    return yaml.SafeLoader(text)


def _events(parser: Any) -> Iterator[Any]:
    if _FastParser is not None and isinstance(parser, _FastParser):
        while True:
            event = parser.get_event()
            if event is None:
                return
            yield event
    else:  # pragma: no cover - pure-Python PyYAML
        while parser.check_event():
            yield parser.get_event()


def _yaml_problem(error: yaml.YAMLError) -> tuple[_Mark | None, Phrase]:
    """Position and words of a parser error. The parser's own words (libyaml's)
    are English in every language; only the frame around them translates."""
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        words = error.problem or Phrase("cannot be read")
        if error.context:
            words = Phrase("{problem} ({context})", problem=words, context=error.context)
        return mark, Phrase("not valid YAML: {problem}", problem=words)
    return None, Phrase("not valid YAML: {problem}", problem=str(error))


@memo.cached(4096)
def _resolve(value: str, implicit: tuple[bool, bool]) -> str:
    # Most values of a file repeat (0, 1, true, A, boarding-actions).
    # (PyYAML's stubs leave Resolver.resolve unannotated)
    tag: str = _resolver.resolve(ScalarNode, value, implicit)  # type: ignore[no-untyped-call]
    return tag


def _shown(tag: str) -> str:
    """A tag as a person writes it: !!str, not tag:yaml.org,2002:str."""
    return "!!" + tag[len(Y):] if tag.startswith(Y) else tag


class _Scalar(ScalarNode):
    """A scalar whose implicit type (int, bool, text ...) is worked out when
    first asked for: most values of a hostile file are never looked at."""

    def __init__(self, event: ScalarEvent, explicit: str | None):
        self.value = event.value
        self.start_mark = event.start_mark
        self.end_mark = event.end_mark
        self.style = event.style
        self._implicit = event.implicit
        self._tag = explicit

    @property
    def tag(self) -> str:
        if self._tag is None:
            self._tag = _resolve(self.value, self._implicit)
        return self._tag

    @tag.setter
    def tag(self, value: str) -> None:
        self._tag = value


def _tag_refused(tag: str) -> Phrase:
    return Phrase("the tag {tag!r} is not allowed in a mission file (only plain values, lists and mappings)",
                  tag=_shown(tag))


def _explicit_tag(event: ScalarEvent, source: str) -> str | None:
    tag = event.tag
    if tag is None or tag == "!":
        return None
    if tag not in ALLOWED_EXPLICIT_TAGS:
        _fail(source, event.start_mark, _tag_refused(tag))
    return tag


def _collection_tag(event: CollectionStartEvent, kind: str, source: str) -> str:
    tag = event.tag
    default = SEQ if kind == "seq" else MAP
    if tag is None or tag == "!":
        return default
    if tag != default:
        _fail(source, event.start_mark, _tag_refused(tag))
    return tag


def check_text(text: str, source: str) -> None:
    """Refuse characters YAML does not allow, pointing at the first one."""
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line, column = _position(text, bad.start())
        code = ord(bad.group())
        raise MissionLoadError(source, line, column,
                               Phrase("the character {code} is not allowed in a YAML file", code=f"U+{code:04X}"))


def compose(text: str, source: str) -> Node | None:
    """The node tree of a one-document YAML text, or None when it holds no
    document (empty, or comments only). Raises MissionLoadError."""
    if len(text) > MAX_BYTES:
        raise MissionLoadError(source, 1, 1, too_large())
    check_text(text, source)
    parser = _new_parser(text)
    root: Node | None = None
    node: Node
    # Open collections, each with the key waiting for its value (mappings).
    stack: list[list[Any]] = []
    nodes = 0
    documents = 0
    try:
        for event in _events(parser):
            kind = type(event)
            if kind is ScalarEvent:
                node = _Scalar(event, _explicit_tag(event, source))
            elif kind is SequenceStartEvent:
                node = SequenceNode(_collection_tag(event, "seq", source), [],
                                    event.start_mark, event.end_mark, event.flow_style)
            elif kind is MappingStartEvent:
                node = MappingNode(_collection_tag(event, "map", source), [],
                                   event.start_mark, event.end_mark, event.flow_style)
            elif kind is SequenceEndEvent or kind is MappingEndEvent:
                stack.pop()
                continue
            elif kind is AliasEvent:
                _fail(source, event.start_mark,
                      Phrase("aliases (*{anchor}) are not allowed in a mission file: write the value out in full",
                             anchor=event.anchor))
            elif kind is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    _fail(source, event.start_mark,
                          Phrase("a mission file holds one YAML document, but a second one starts here"))
                continue
            else:  # stream start and end, document end
                continue
            nodes += 1
            if nodes > MAX_NODES:
                _fail(source, event.start_mark,
                      Phrase("the file has more than {limit:,} YAML values; a mission file needs far fewer",
                             limit=MAX_NODES))
            if not stack:
                root = node
            else:
                top = stack[-1]
                parent = top[0]
                if parent.id == "sequence":
                    parent.value.append(node)
                elif top[1] is None:
                    top[1] = node
                else:
                    parent.value.append((top[1], node))
                    top[1] = None
            if kind is not ScalarEvent:
                if len(stack) >= MAX_DEPTH:
                    _fail(source, event.start_mark,
                          Phrase("values are nested more than {limit} levels deep; a mission file needs far fewer",
                                 limit=MAX_DEPTH))
                stack.append([node, None])
    except yaml.YAMLError as error:
        mark, message = _yaml_problem(error)
        _fail(source, mark, message)
    except (UnicodeError, ValueError, MemoryError) as error:  # defensive: libyaml's own refusals
        _fail(source, None, Phrase("not valid YAML: {problem}", problem=str(error)))
    return root
