"""The terrain catalogue: boards and pieces, loaded from resources/catalogue.

Every size of a board or piece lives in the YAML data, never in code, so a
player with calipers can correct a number without a new release. The catalogue
is loaded and checked once; a broken catalogue raises CatalogueError with a
message naming the file and what is wrong.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

Rect = tuple[float, float, float, float]

WALL = "wall"
PILLAR = "pillar"
WALL_END = "wall-end"
PIECE_KINDS = (WALL, PILLAR, WALL_END)


class CatalogueError(Exception):
    """The catalogue data is missing or inconsistent."""


@dataclass(frozen=True)
class BoardKind:
    kind: str
    name: str
    width: float
    height: float
    zones: tuple[int, int]  # zones across the board's x, across its y
    pitch: float
    border: float

    @property
    def nodes(self) -> tuple[int, int]:
        """Number of nodes across x and y (one more than zones)."""
        return (self.zones[0] + 1, self.zones[1] + 1)


@dataclass(frozen=True)
class Hatchway:
    opening: tuple[float, float]  # x-range of the gap, piece-local
    leaf_thickness: float

    @property
    def width(self) -> float:
        return self.opening[1] - self.opening[0]

    @property
    def middle(self) -> float:
        """Piece-local x of the doorway's middle: 0 on a centred hatchway,
        off centre on A3/A4, whose doorway is in one half of the panel."""
        return (self.opening[0] + self.opening[1]) / 2

    @property
    def off_centre(self) -> bool:
        """True when the doorway is not in the panel's middle, so which end
        of the panel points where changes the table (and a map must say)."""
        return abs(self.middle) > 1.0


@dataclass(frozen=True)
class PieceKind:
    code: str
    name: str
    kind: str  # WALL, PILLAR or WALL_END
    label: str
    per_set: int
    footprint: tuple[Rect, ...]
    span: int = 0  # zones spanned, walls only
    hatchway: Hatchway | None = None
    moulded_pillars: bool = False
    mirror_of: str | None = None
    provisional: tuple[str, ...] = ()

    @property
    def is_wall(self) -> bool:
        return self.kind == WALL

    @property
    def has_hatchway(self) -> bool:
        return self.hatchway is not None


@dataclass(frozen=True)
class Kit:
    """A box other than one whole terrain set (Kill Team's killzone: half a
    set): how many of each piece it holds; codes not listed hold 0."""
    id: str
    name: str
    pieces: dict[str, int] = field(hash=False)
    provisional: tuple[str, ...] = ()

    def count(self, code: str) -> int:
        return self.pieces.get(code, 0)


@dataclass(frozen=True)
class EquipmentKind:
    """Kill Team equipment set up on the killzone (resources/catalogue/
    equipment.yaml): its size and the placement rules the check holds it to."""
    kind: str
    name: str
    label: str
    shape: str                       # "rect" (size: width, depth) or "round" (size: diameter, diameter)
    size: tuple[float, float]
    per_team: int
    marker: bool = False
    territory: bool = False          # wholly within the owner's territory
    drop_zone_in: float | None = None  # wholly within this many inches of the owner's drop zone
    apart_in: float = 0.0            # more than this from the others of apart_from
    apart_from: str = "equipment"    # "equipment" (terrain) or "markers"
    access_in: float = 0.0           # more than this from every access point
    provisional: tuple[str, ...] = ()


EQUIPMENT_SHAPES = ("rect", "round")


@dataclass(frozen=True)
class CatalogueMarker:
    """A marker kind of resources/catalogue/markers.yaml: printed name, size
    (mm across; round) and what it counts as ("objective" or "none"); the
    model's MarkerKind is the same for a kind a mission file adds."""
    id: str
    name: str
    diameter: float
    counts_as: str
    source: str = ""


MARKER_COUNTS_AS = ("objective", "none")


@dataclass(frozen=True)
class Catalogue:
    boards: dict[str, BoardKind] = field(hash=False)
    pieces: dict[str, PieceKind] = field(hash=False)
    wall_thickness: float = 5.5
    wall_height: float = 60.0
    kits: dict[str, Kit] = field(default_factory=dict, hash=False)
    equipment: dict[str, EquipmentKind] = field(default_factory=dict, hash=False)
    markers: dict[str, CatalogueMarker] = field(default_factory=dict, hash=False)

    def per_set(self, kit: str | None = None) -> dict[str, int]:
        """How many of each piece code one set holds, or one of `kit`
        (None: a whole terrain set), in catalogue order."""
        if kit is None:
            return {code: p.per_set for code, p in self.pieces.items()}
        k = self.kits[kit]
        return {code: k.count(code) for code in self.pieces}

    def board(self, kind: str) -> BoardKind:
        return self.boards[kind]

    def piece(self, code: str) -> PieceKind:
        return self.pieces[code]

    @property
    def wall_codes(self) -> tuple[str, ...]:
        return tuple(c for c, p in self.pieces.items() if p.kind == WALL)

    @property
    def hatchway_codes(self) -> tuple[str, ...]:
        return tuple(c for c, p in self.pieces.items() if p.has_hatchway)


def _data_dir(name: str, marker: str) -> Path | None:
    """A data folder the wheel carries inside the package (setup.py copies
    it there), or the checkout's top-level one. The marker entry must exist,
    so that an unrelated folder of that name beside an installed package
    (site-packages/resources) is never taken for ours."""
    here = Path(__file__).resolve().parent
    for candidate in (here / name, here.parent / name):
        if (candidate / marker).exists():
            return candidate
    return None


def resources_dir() -> Path:
    """The resources folder: inside the package when installed, beside it in
    a checkout."""
    env = os.environ.get("LAYOUT_EDITOR_RESOURCES")
    if env:
        return Path(env)
    found = _data_dir("resources", "catalogue")
    if found is None:
        raise CatalogueError(f"cannot find the resources folder near {Path(__file__).resolve().parent}")
    return found


def mission_library_dir() -> Path | None:
    """The missions that ship with the program (None if absent)."""
    env = os.environ.get("LAYOUT_EDITOR_LIBRARY")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here / "mission_library", here.parent / "mission_library"):
        if candidate.is_dir() and any(candidate.glob("*.yaml")):
            return candidate
    return None


def _need(d: dict, key: str, where: str):
    if key not in d:
        raise CatalogueError(f"{where}: missing '{key}'")
    return d[key]


def _number(value, where: str, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CatalogueError(f"{where}: expected a number, got {value!r}")
    if positive and value <= 0:
        raise CatalogueError(f"{where}: must be greater than 0, got {value!r}")
    return float(value)


def _rect(value, where: str) -> Rect:
    if not isinstance(value, list) or len(value) != 4:
        raise CatalogueError(f"{where}: a rectangle is [x0, y0, x1, y1], got {value!r}")
    x0, y0, x1, y1 = (_number(v, where, positive=False) for v in value)
    if not (x0 < x1 and y0 < y1):
        raise CatalogueError(f"{where}: rectangle {value!r} is empty or inverted")
    return (x0, y0, x1, y1)


def _read_yaml(path: Path):
    try:
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)
    except OSError as e:
        raise CatalogueError(f"{path}: cannot read: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise CatalogueError(f"{path}: not valid YAML: {e}") from None


def load_catalogue(folder: Path | None = None) -> Catalogue:
    folder = Path(folder) if folder else resources_dir() / "catalogue"
    boards_file = folder / "boards.yaml"
    pieces_file = folder / "pieces.yaml"

    boards: dict[str, BoardKind] = {}
    data = _read_yaml(boards_file)
    if not isinstance(data, dict) or not isinstance(data.get("boards"), list):
        raise CatalogueError(f"{boards_file}: expected a 'boards' list")
    for n, b in enumerate(data["boards"]):
        where = f"{boards_file}: board {n + 1}"
        if not isinstance(b, dict):
            raise CatalogueError(f"{where}: expected a mapping")
        zones = _need(b, "zones", where)
        if (not isinstance(zones, list) or len(zones) != 2
                or not all(isinstance(z, int) and not isinstance(z, bool) and z > 0 for z in zones)):
            raise CatalogueError(f"{where}: zones is [across x, across y], got {zones!r}")
        kind = BoardKind(
            kind=str(_need(b, "kind", where)),
            name=str(b.get("name", b["kind"])),
            width=_number(_need(b, "width", where), where),
            height=_number(_need(b, "height", where), where),
            zones=(zones[0], zones[1]),
            pitch=_number(_need(b, "pitch", where), where),
            border=_number(_need(b, "border", where), where, positive=False),
        )
        # The grid must fit the board it is printed on.
        for size, count, axis in ((kind.width, kind.zones[0], "width"), (kind.height, kind.zones[1], "height")):
            if 2 * kind.border + count * kind.pitch > size + 0.5:
                raise CatalogueError(f"{where}: {count} zones of {kind.pitch} mm and the border do not fit the {axis} {size} mm")
        if kind.kind in boards:
            raise CatalogueError(f"{where}: board kind '{kind.kind}' listed twice")
        boards[kind.kind] = kind

    data = _read_yaml(pieces_file)
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), list):
        raise CatalogueError(f"{pieces_file}: expected a 'pieces' list")
    thickness = _number(data.get("wall_thickness", 5.5), f"{pieces_file}: wall_thickness")
    height = _number(data.get("wall_height", 60), f"{pieces_file}: wall_height")
    pieces: dict[str, PieceKind] = {}
    for n, p in enumerate(data["pieces"]):
        where = f"{pieces_file}: piece {n + 1}"
        if not isinstance(p, dict):
            raise CatalogueError(f"{where}: expected a mapping")
        code = str(_need(p, "code", where))
        where = f"{pieces_file}: piece {code}"
        kind = _need(p, "kind", where)
        if kind not in PIECE_KINDS:
            raise CatalogueError(f"{where}: kind must be one of {', '.join(PIECE_KINDS)}, got {kind!r}")
        footprint = _need(p, "footprint", where)
        if not isinstance(footprint, list) or not footprint:
            raise CatalogueError(f"{where}: footprint is a list of rectangles")
        rects = tuple(_rect(r, f"{where}: footprint") for r in footprint)
        per_set = _need(p, "per_set", where)
        if not isinstance(per_set, int) or isinstance(per_set, bool) or per_set < 0:
            raise CatalogueError(f"{where}: per_set must be a whole number, got {per_set!r}")
        span = 0
        if kind == WALL:
            span = _need(p, "span", where)
            if not isinstance(span, int) or isinstance(span, bool) or span < 1:
                raise CatalogueError(f"{where}: span is a whole number of zones, got {span!r}")
        hatchway = None
        if "hatchway" in p:
            if kind != WALL:
                raise CatalogueError(f"{where}: only walls carry a hatchway")
            h = p["hatchway"]
            opening = _need(h, "opening", f"{where}: hatchway")
            if not isinstance(opening, list) or len(opening) != 2:
                raise CatalogueError(f"{where}: hatchway opening is [x0, x1]")
            o0, o1 = (_number(v, f"{where}: hatchway opening", positive=False) for v in opening)
            if o0 >= o1:
                raise CatalogueError(f"{where}: hatchway opening {opening!r} is empty")
            hatchway = Hatchway((o0, o1), _number(h.get("leaf_thickness", 2), f"{where}: leaf_thickness"))
        provisional = p.get("provisional", [])
        if not isinstance(provisional, list):
            raise CatalogueError(f"{where}: provisional is a list of what is not yet measured")
        if code in pieces:
            raise CatalogueError(f"{where}: code listed twice")
        pieces[code] = PieceKind(
            code=code,
            name=str(p.get("name", code)),
            kind=kind,
            label=str(p.get("label", code)),
            per_set=per_set,
            footprint=rects,
            span=span,
            hatchway=hatchway,
            moulded_pillars=bool(p.get("moulded_pillars", False)),
            mirror_of=p.get("mirror_of"),
            provisional=tuple(str(x) for x in provisional),
        )
    for code, piece in pieces.items():
        if piece.mirror_of and piece.mirror_of not in pieces:
            raise CatalogueError(f"{pieces_file}: piece {code}: mirror_of names unknown piece {piece.mirror_of!r}")
    kits: dict[str, Kit] = {}
    raw_kits = data.get("kits", {}) or {}
    if not isinstance(raw_kits, dict):
        raise CatalogueError(f"{pieces_file}: kits is a mapping of kit names")
    for kit_id, k in raw_kits.items():
        where = f"{pieces_file}: kit {kit_id}"
        if not isinstance(k, dict) or not isinstance(k.get("pieces"), dict):
            raise CatalogueError(f"{where}: expected a mapping with 'pieces'")
        counts = {}
        for code, n in k["pieces"].items():
            if code not in pieces:
                raise CatalogueError(f"{where}: unknown piece {code!r}")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise CatalogueError(f"{where}: {code} must be a whole number, got {n!r}")
            counts[str(code)] = n
        kits[str(kit_id)] = Kit(id=str(kit_id), name=str(k.get("name", kit_id)), pieces=counts,
                                provisional=tuple(str(x) for x in k.get("provisional", []) or []))
    if not boards:
        raise CatalogueError(f"{boards_file}: no boards")
    if not pieces:
        raise CatalogueError(f"{pieces_file}: no pieces")
    equipment = _load_equipment(folder / "equipment.yaml")
    markers = _load_markers(folder / "markers.yaml")
    return Catalogue(boards=boards, pieces=pieces, wall_thickness=thickness, wall_height=height, kits=kits,
                     equipment=equipment, markers=markers)


def _load_markers(path: Path) -> dict[str, CatalogueMarker]:
    """The marker kinds (optional file: without it, only the objective
    marker, 40 mm, is known)."""
    if not path.exists():
        return {"objective": CatalogueMarker(id="objective", name="Objective", diameter=40.0,
                                             counts_as="objective")}
    data = _read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("markers"), list):
        raise CatalogueError(f"{path}: expected a 'markers' list")
    out: dict[str, CatalogueMarker] = {}
    for n, m in enumerate(data["markers"]):
        where = f"{path}: marker {n + 1}"
        if not isinstance(m, dict):
            raise CatalogueError(f"{where}: expected a mapping")
        marker_id = str(_need(m, "id", where))
        where = f"{path}: marker {marker_id}"
        counts_as = m.get("counts_as", "objective")
        if counts_as not in MARKER_COUNTS_AS:
            raise CatalogueError(f"{where}: counts_as is 'objective' or 'none', got {counts_as!r}")
        if marker_id in out:
            raise CatalogueError(f"{where}: id listed twice")
        out[marker_id] = CatalogueMarker(
            id=marker_id, name=str(m.get("name", marker_id)),
            diameter=_number(_need(m, "diameter", where), f"{where}: diameter"),
            counts_as=counts_as, source=str(m.get("source", "")))
    if "objective" not in out:
        raise CatalogueError(f"{path}: the 'objective' marker must be listed")
    return out


def _load_equipment(path: Path) -> dict[str, EquipmentKind]:
    """Kill Team's equipment (optional file: a catalogue folder without it
    has none)."""
    if not path.exists():
        return {}
    data = _read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("equipment"), list):
        raise CatalogueError(f"{path}: expected an 'equipment' list")
    out: dict[str, EquipmentKind] = {}
    for n, e in enumerate(data["equipment"]):
        where = f"{path}: equipment {n + 1}"
        if not isinstance(e, dict):
            raise CatalogueError(f"{where}: expected a mapping")
        kind = str(_need(e, "kind", where))
        where = f"{path}: equipment {kind}"
        shape = _need(e, "shape", where)
        if shape not in EQUIPMENT_SHAPES:
            raise CatalogueError(f"{where}: shape must be one of {', '.join(EQUIPMENT_SHAPES)}, got {shape!r}")
        if shape == "rect":
            size = _need(e, "size", where)
            if not isinstance(size, list) or len(size) != 2:
                raise CatalogueError(f"{where}: size is [width, depth] in mm")
            w, d = (_number(v, f"{where}: size") for v in size)
        else:
            w = d = _number(_need(e, "diameter", where), f"{where}: diameter")
        per_team = _need(e, "per_team", where)
        if not isinstance(per_team, int) or isinstance(per_team, bool) or per_team < 1:
            raise CatalogueError(f"{where}: per_team must be a whole number from 1, got {per_team!r}")
        apart_from = e.get("apart_from", "equipment")
        if apart_from not in ("equipment", "markers"):
            raise CatalogueError(f"{where}: apart_from is 'equipment' or 'markers', got {apart_from!r}")
        drop = e.get("drop_zone_in")
        if kind in out:
            raise CatalogueError(f"{where}: kind listed twice")
        out[kind] = EquipmentKind(
            kind=kind, name=str(e.get("name", kind)), label=str(e.get("label", kind)), shape=shape,
            size=(w, d), per_team=per_team, marker=bool(e.get("marker", False)),
            territory=bool(e.get("territory", False)),
            drop_zone_in=None if drop is None else _number(drop, f"{where}: drop_zone_in"),
            apart_in=_number(e.get("apart_in", 0), f"{where}: apart_in", positive=False),
            apart_from=apart_from,
            access_in=_number(e.get("access_in", 0), f"{where}: access_in", positive=False),
            provisional=tuple(str(x) for x in e.get("provisional", []) or []))
    return out


@functools.lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The catalogue shipped in resources/, loaded once per process."""
    return load_catalogue()
