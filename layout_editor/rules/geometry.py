"""Where pieces stand on the table: each piece's footprint as shapely
geometry in table millimetres, built from the catalogue's rectangles.

This module is the one place that turns a Piece into shapes; the rules core,
the editor's scene and the printed map all draw from it, so they agree.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from .. import memo
from ..catalogue import Catalogue, PieceKind, default_catalogue
from ..model.lattice import Placement
from ..model.mission import Board, Piece, Point
from ..phrases import Phrase, PhrasedError


class PieceGeometryError(PhrasedError, ValueError):
    """A piece cannot be placed: its nodes do not give it a position."""


@dataclass(frozen=True)
class PieceShape:
    """A piece on the table.

    solid:   what always blocks (panel, moulded pillars, pillar, wall end)
    door:    the hatchway gap, which blocks only while the hatchway is closed
    leaf:    the door leaf drawn on its face (ignored by the rules when open)
    outline: solid and door together: the whole piece as drawn
    axis:    for walls, the zone-line segment from the from-node to the to-node
    centre:  where the label goes
    angle:   direction of the piece's local x axis on the table, in degrees
             (clockwise on screen, since y points down)
    """
    solid: BaseGeometry
    door: Polygon | None
    leaf: Polygon | None
    outline: BaseGeometry
    axis: LineString | None
    centre: Point
    angle: float

    def blocking(self, hatch_open: bool) -> BaseGeometry:
        """What blocks movement and sight with the hatchway open or closed."""
        if self.door is None or hatch_open:
            return self.solid
        return self.outline


def _frame(piece: Piece, kind: PieceKind, placement: Placement) -> tuple[Point, Point]:
    """Origin and unit x direction of the piece-local frame on the table."""
    if kind.is_wall:
        if piece.from_node is None or piece.to_node is None:
            raise PieceGeometryError(Phrase("{code} needs from and to nodes", code=piece.code))
        a = placement.node_table(piece.from_node)
        b = placement.node_table(piece.to_node)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length == 0:
            raise PieceGeometryError(Phrase("{code} runs from a node to itself", code=piece.code))
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (dx / length, dy / length)
    if piece.at is None:
        raise PieceGeometryError(Phrase("{code} needs a node to stand on", code=piece.code))
    origin = placement.node_table(piece.at)
    if kind.kind == "wall-end" and piece.caps is not None:
        c = placement.node_table(piece.caps)
        dx, dy = c[0] - origin[0], c[1] - origin[1]
        length = math.hypot(dx, dy)
        if length > 0:
            return origin, (dx / length, dy / length)
    # Pillars: local x is the board's x axis, or its y axis when turned.
    d = placement.direction_to_table(0.0, 1.0) if piece.turned else placement.direction_to_table(1.0, 0.0)
    return origin, d


def _place_all(geoms: list[BaseGeometry | None], origin: Point, d: Point) -> list[BaseGeometry]:
    """Shapes of one piece in its own frame placed on the table, in one pass:
    shapely.affinity.affine_transform's arithmetic per coordinate (x' = a x +
    b y + xoff, y' = d x + e y + yoff: the same floats) in one transform call
    for all of them (the calls, not the arithmetic, were most of the work of
    placing a piece; tests/unit/test_checks_fast_paths.py compares it bit
    for bit with affine_transform shape by shape)."""
    # local y points to the right of local x; with y down on the table that
    # is x turned a quarter clockwise on screen: (-dy, dx).
    a, b, dd, e, xoff, yoff = d[0], -d[1], d[1], d[0], origin[0], origin[1]

    def move(coords: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        x, y = coords.T
        xp: npt.NDArray[np.float64] = a * x + b * y + xoff
        yp: npt.NDArray[np.float64] = dd * x + e * y + yoff
        placed: npt.NDArray[np.float64] = np.stack([xp, yp]).T
        return placed

    return list(shapely.transform(np.array(geoms, dtype=object), move))


@memo.cached(1024)
def _local_shapes(code: str, facing: str | None, catalogue: Catalogue,
                  ) -> tuple[BaseGeometry, BaseGeometry | None, BaseGeometry | None, BaseGeometry | None]:
    """A kind's footprint in its own frame (solid, door, leaf; door and leaf
    None without a hatchway): the same for every piece of the kind and
    facing, so worked out once (the union of its rectangles is most of the
    work of placing a piece)."""
    kind = catalogue.piece(code)
    local = unary_union([box(*r) for r in kind.footprint])
    if kind.hatchway is None:
        return local, None, None, None
    o0, o1 = kind.hatchway.opening
    half = catalogue.wall_thickness / 2
    local = local.difference(box(o0, -half - 0.01, o1, half + 0.01))
    door_local = box(o0, -half, o1, half)
    t = kind.hatchway.leaf_thickness
    if facing == "left":
        leaf_local = box(o0, -half - t, o1, -half)
    else:
        leaf_local = box(o0, half, o1, half + t)
    # the outline (the piece with its doorway filled), united here once per
    # kind and placed like the rest: a union per hatchway piece placed was
    # a third of the work of placing a table's pieces
    return local, door_local, leaf_local, unary_union([local, door_local])


def _place_batch(geoms: list[BaseGeometry], rows: list[tuple[float, float, float, float, float, float]],
                 ) -> list[BaseGeometry]:
    """_place_all for the shapes of many pieces at once, each with its own
    (a, b, d, e, xoff, yoff): the same arithmetic per coordinate (so the
    same floats, tested), one transform call for a board's pieces."""
    arr = np.array(geoms, dtype=object)
    p = np.repeat(np.array(rows, dtype=float).reshape(-1, 6), shapely.get_num_coordinates(arr), axis=0)

    def move(coords: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        x, y = coords.T
        xp: npt.NDArray[np.float64] = p[:, 0] * x + p[:, 1] * y + p[:, 4]
        yp: npt.NDArray[np.float64] = p[:, 2] * x + p[:, 3] * y + p[:, 5]
        placed: npt.NDArray[np.float64] = np.stack([xp, yp]).T
        return placed

    return list(shapely.transform(arr, move))


# Each piece placed, by its footprint key, its board's placement and the
# catalogue: a Memo written by hand, so that the pieces a board places
# together (piece_shapes) land in it and piece_shape finds them.
_shapes: memo.Memo = memo.Memo("geometry.piece_shapes", 16384)

_Placed = tuple[int, PieceKind, Point, Point,
                tuple[BaseGeometry, BaseGeometry | None, BaseGeometry | None, BaseGeometry | None]]


def _place_many(keys: Sequence[tuple[Any, ...]], placement: Placement, catalogue: Catalogue,
                ) -> list[PieceShape | Exception]:
    """Each piece (by its footprint key) placed, or the error that stops it
    (as _piece_shape raises it); those not remembered placed together."""
    out: list[PieceShape | Exception | None] = [None] * len(keys)
    todo: list[_Placed] = []
    first: dict[tuple[Any, ...], int] = {}  # a key twice in one call: placed once
    for i, key in enumerate(keys):
        got = _shapes.get((key, placement, catalogue))
        if got is not None:
            out[i] = got
            continue
        if key in first:
            continue
        code, from_node, to_node, at, facing, turned, caps = key
        piece = Piece(code=code, board="", from_node=from_node, to_node=to_node, at=at,
                      facing=facing, turned=turned, caps=caps, uid=0)
        try:
            kind = catalogue.piece(code)
            origin, d = _frame(piece, kind, placement)
            own = _local_shapes(code, facing, catalogue)
        except Exception as e:  # raised again by _piece_shape, sorted out by piece_shapes
            out[i] = e
            continue
        first[key] = i
        todo.append((i, kind, origin, d, own))
    if todo:
        geoms: list[BaseGeometry] = []
        rows: list[tuple[float, float, float, float, float, float]] = []
        for _, _, origin, d, (local, door_local, leaf_local, outline_local) in todo:
            # local y points to the right of local x; with y down on the table
            # that is x turned a quarter clockwise on screen: (-dy, dx)
            row = (d[0], -d[1], d[1], d[0], origin[0], origin[1])
            if door_local is None:
                geoms.append(local)
                rows.append(row)
            else:
                geoms += [local, door_local, cast(BaseGeometry, leaf_local), cast(BaseGeometry, outline_local)]
                rows += [row] * 4
        placed = _place_batch(geoms, rows)
        at_k = 0
        for i, kind, origin, d, (_, door_local, _, _) in todo:
            door = leaf = None
            if door_local is not None:
                solid, door_placed, leaf_placed, outline = placed[at_k:at_k + 4]
                at_k += 4
                # shapely.transform keeps each shape's kind: the door and leaf boxes stay Polygons
                door, leaf = cast(Polygon, door_placed), cast(Polygon, leaf_placed)
            else:
                solid = outline = placed[at_k]
                at_k += 1
            axis = None
            if kind.is_wall:
                _, from_node, to_node, *_ = keys[i]
                axis = LineString([placement.node_table(from_node), placement.node_table(to_node)])
            angle = math.degrees(math.atan2(d[1], d[0]))
            out[i] = _shapes.put((keys[i], placement, catalogue), PieceShape(
                solid=solid, door=door, leaf=leaf, outline=outline, axis=axis, centre=origin, angle=angle))
    for i, key in enumerate(keys):
        if out[i] is None:  # the second of a key twice
            out[i] = out[first[key]]
    return cast(list[PieceShape | Exception], out)


def _piece_shape(key: tuple[Any, ...], placement: Placement, catalogue: Catalogue) -> PieceShape:
    got = _place_many([key], placement, catalogue)[0]
    if isinstance(got, Exception):
        raise got
    return got


def piece_shapes(keys: Sequence[tuple[Any, ...]], placement: Placement,
                 catalogue: Catalogue | None = None) -> list[PieceShape | None]:
    """The footprints of many pieces of one board (by their footprint keys,
    as piece_shape makes them), placed together; None for a piece that
    cannot be placed (its nodes give it no position, or its code is not in
    the catalogue): the checks report it."""
    out: list[PieceShape | None] = []
    for got in _place_many(keys, placement, catalogue or default_catalogue()):
        if isinstance(got, Exception):
            if not isinstance(got, (PieceGeometryError, KeyError)):
                raise got
            out.append(None)
        else:
            out.append(got)
    return out


def piece_shape(piece: Piece, board: Board | Placement, catalogue: Catalogue | None = None) -> PieceShape:
    """The footprint of a piece on the table. Cached by value: the open/closed
    state, uid and extras do not change a footprint, so they are not in the key."""
    cat = catalogue or default_catalogue()
    placement = board if isinstance(board, Placement) else Placement.of(board, cat)
    key = (piece.code, piece.from_node, piece.to_node, piece.at, piece.facing,
           piece.turned, piece.caps)
    return _piece_shape(key, placement, cat)


def board_polygon(board: Board | Placement, catalogue: Catalogue | None = None) -> Polygon:
    placement = board if isinstance(board, Placement) else Placement.of(board, catalogue)
    return box(*placement.bounds)
