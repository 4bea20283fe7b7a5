"""Pieces and nodes named as players name them, in one wording everywhere:
the rules check's findings, the editor's status bar and tooltips, the
hatchway table.

A wall is named by its code, board and the two zone-line crossings it runs
between ("A3 on board A from C/2 to C/4"); a pillar or wall end by what it
is, its label and its node ("left-hand pillar (L) on board A at A/1").
Players read the code on the box and the node names on the board's print,
so the sentence reads the way they find the piece on the table. (The editor
used to say "A3 C/2-C/4 on board A" in the status bar: shorter, but a
player had to know that the dash means "from ... to".)

Every name is a Phrase (phrases.py), so the editor says it in German too.
"""
from __future__ import annotations

from ..catalogue import Catalogue, PieceKind, default_catalogue
from ..phrases import QT_TR_NOOP, Phrase
from .lattice import node_name as _lattice_node_name
from .mission import Node, Piece


def node_name(node: Node | None) -> str | Phrase:
    """A node as players call it ('C/4'); a node off any board's lattice (an
    edit gone astray) by its numbers, since letters stop at A."""
    if node is None:
        return Phrase("no node")
    if node[0] < 0 or node[1] < 0:
        return f"[{node[0]}, {node[1]}]"
    return _lattice_node_name(node)


def describe_piece(piece: Piece, catalogue: Catalogue | None = None) -> Phrase:
    """A piece as players would name it: what it is and where it stands."""
    cat = catalogue or default_catalogue()
    kind = cat.pieces.get(piece.code)
    if piece.from_node is not None and piece.to_node is not None:
        return Phrase("{code} on board {board} from {start} to {end}", code=piece.code, board=piece.board,
                      start=node_name(piece.from_node), end=node_name(piece.to_node))
    name = piece.code if kind is None else kind_name(kind)
    if kind is not None and kind.kind == "pillar":
        name = Phrase("{name} ({label})", name=name, label=kind.label)
    if piece.at is None:
        return Phrase("{name} on board {board}", name=name, board=piece.board)
    return Phrase("{name} on board {board} at {node}", name=name, board=piece.board, node=node_name(piece.at))


def kind_name(kind: PieceKind) -> Phrase | str:
    """A kind of piece as named inside a sentence: 'Pillar, left-hand' reads
    'left-hand pillar'. The names come from the catalogue; each is its own
    template, so the editor's translations hold one for every piece."""
    name = kind.name
    if ", " in name and kind.kind != "wall":
        head, tail = name.split(", ", 1)
        name = f"{tail} {head}"
    return Phrase(name.lower()) if name else kind.code


def a_code(code: str) -> Phrase:
    """'an A1', 'a B2': piece codes read aloud."""
    return Phrase(QT_TR_NOOP("an {code}") if code[:1] in "AEIOU" else QT_TR_NOOP("a {code}"), code=code)
