"""Where names go on a map, and how a long name is made to fit: one placer
for every map the program draws (the editor's, the card's, the setup
sheet's, the cards' and the SVG/PNG map). No Qt here: the editor measures
its labels with Qt and hands the sizes in; the printed maps measure with the
embedded font.

Placing. Labels are placed one after another, most important first; each
takes the first free spot of its candidates:
  1. spots the caller offers (an area's own cells, nearest its middle
     first), then
  2. the eight positions around its anchor (right, left, below, above, the
     corners), then
  3. further out on rings around the anchor, joined to it by a leader line.
A spot is free when the label's box covers no obstacle (wall codes, markers,
the grid's letters) and no label placed before it, and lies inside the
bounds. Of the free spots one that also clears the soft obstacles (walls,
piece solids: better not covered, allowed when nothing else is free) is
taken first. When nothing at all is free the label goes where it covers
least, so it is always drawn.

Fitting. A name too long for its room is wrapped onto two lines, then
shrunk (down to a smallest readable size), and only then cut with "…"; two
different names are never cut to the same text (the cut grows until they
differ).

Units are the caller's (page points for prints, table millimetres in the
editor); boxes are (x0, y0, x1, y1) with y downwards.
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# Around an anchor: right, left, below, above, then the corners (how map
# makers place point names, best first).
AROUND = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


@dataclass
class Label:
    """One label to place: a box w x h that belongs to `anchor`."""
    key: object
    anchor: Point
    w: float
    h: float
    spots: Sequence[Point] = ()      # box centres the caller prefers (an area's cells)
    clear: float = 0.0               # the anchor's own radius (a marker): labels sit outside it
    leader: bool = True              # may move away on a leader line


@dataclass
class Placed:
    key: object
    box: Box
    leader: tuple[Point, Point] | None = None

    @property
    def centre(self) -> Point:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)


def _hit(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _area(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def circle_box(cx: float, cy: float, r: float) -> Box:
    return (cx - r, cy - r, cx + r, cy + r)


def _inside(b: Box, bounds: Box | None) -> bool:
    return bounds is None or (b[0] >= bounds[0] - 1e-6 and b[1] >= bounds[1] - 1e-6
                              and b[2] <= bounds[2] + 1e-6 and b[3] <= bounds[3] + 1e-6)


def _box_at(cx: float, cy: float, w: float, h: float) -> Box:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def edge_point(b: Box, towards: Point) -> Point:
    """Where a leader from `towards` meets the box's edge."""
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    dx, dy = towards[0] - cx, towards[1] - cy
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return (cx, cy)
    hw, hh = (b[2] - b[0]) / 2, (b[3] - b[1]) / 2
    t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)
    return (cx + dx * t, cy + dy * t)


class _Boxes:
    """Boxes in buckets of a square grid, so a query looks only at the boxes
    near it: a map of thousands of walls (every wall code is an obstacle)
    with hundreds of names is placed in a second, not in minutes, and gives
    exactly what looking at every box gives (test_labels checks both)."""

    # A box over more buckets than this (one huge obstacle) is kept aside
    # and looked at by every query.
    MAX_SPAN = 256

    def __init__(self, boxes: Iterable[Box], cell: float | None = None):
        boxes = list(boxes)
        if cell is None:
            sizes = sorted(max(b[2] - b[0], b[3] - b[1]) for b in boxes) or [0.0]
            cell = sizes[len(sizes) // 2] * 4
        self.cell = cell if math.isfinite(cell) and cell > 0 else 10.0
        self.buckets: dict[tuple[int, int], list[int]] = {}
        self.wide: list[int] = []
        self.boxes: list[Box] = []
        self.seen: set[Box] = set()
        self.looked = 0  # boxes handed out by near(): the work done
        for b in boxes:
            self.add(b)

    def _range(self, b: Box):
        c = self.cell
        return (math.floor(b[0] / c), math.floor(b[1] / c), math.floor(b[2] / c), math.floor(b[3] / c))

    def add(self, b: Box) -> None:
        # The same box twice (copies of a piece stacked on one spot) changes
        # no answer but would be looked at twice.
        b = tuple(b)
        if b in self.seen:
            return
        self.seen.add(b)
        n = len(self.boxes)
        self.boxes.append(b)
        if not all(math.isfinite(v) for v in b):
            self.wide.append(n)
            return
        i0, j0, i1, j1 = self._range(b)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > self.MAX_SPAN:
            self.wide.append(n)
            return
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                self.buckets.setdefault((i, j), []).append(n)

    def near(self, b: Box) -> list[Box]:
        """The boxes that may overlap b (each once, in the order added)."""
        if not all(math.isfinite(v) for v in b):
            out = list(self.boxes)
        else:
            i0, j0, i1, j1 = self._range(b)
            if (i1 - i0 + 1) * (j1 - j0 + 1) > self.MAX_SPAN:
                out = list(self.boxes)
            else:
                found = set(self.wide)
                get = self.buckets.get
                for i in range(i0, i1 + 1):
                    for j in range(j0, j1 + 1):
                        found.update(get((i, j), ()))
                out = [self.boxes[n] for n in sorted(found)]
        self.looked += len(out) + 1
        return out

    def __iter__(self):
        return iter(self.boxes)

    def __len__(self) -> int:
        return len(self.boxes)


class Placer:
    """Places labels among obstacles, each clear of those placed before.

    Bounded work: once WORK_BUDGET boxes have been looked at (a crowded map
    of a hostile file: hundreds of names over thousands of stacked walls),
    the labels still to come try only their own spots and the eight places
    around their anchor, and when none is free sit on their anchor. A real
    map stays far inside the budget and is placed as before."""

    WORK_BUDGET = 600_000

    def __init__(self, obstacles: Iterable[Box] = (), soft: Iterable[Box] = (), bounds: Box | None = None,
                 gap: float = 1.0):
        obstacles, soft = list(obstacles), list(soft)
        self.hard = _Boxes(obstacles)
        self.soft = _Boxes(soft, self.hard.cell)
        self.bounds = bounds
        self.gap = gap
        self.placed: list[Placed] = []

    def block(self, box: Box) -> None:
        """Something drawn that later labels must not cover."""
        self.hard.add(box)

    def _free(self, b: Box) -> bool:
        g = self.gap
        grown = (b[0] - g, b[1] - g, b[2] + g, b[3] + g)
        return _inside(b, self.bounds) and not any(_hit(grown, o) for o in self.hard.near(grown))

    def _soft_free(self, b: Box) -> bool:
        return not any(_hit(b, o) for o in self.soft.near(b))

    @property
    def hurried(self) -> bool:
        """The work budget is spent: the cheap placing from now on."""
        return self.hard.looked + self.soft.looked > self.WORK_BUDGET

    def _candidates(self, lab: Label):
        """(centre, leader?) in order of preference."""
        ax, ay = lab.anchor
        hurried = self.hurried
        for s in (lab.spots[:8] if hurried else lab.spots):
            yield self._slid_in(s, lab), False
        d = lab.clear + self.gap * 1.5
        for ux, uy in AROUND:
            yield (ax + ux * (d + lab.w / 2), ay + uy * (d + lab.h / 2)), False
        if not lab.leader or hurried:
            return
        step = max(lab.h, 1e-3)
        for ring in range(1, 12):
            r = lab.clear + step * (1.0 + ring)
            n = 12 + 4 * ring
            for k in range(n):
                a = 2 * math.pi * k / n
                ux, uy = math.cos(a), math.sin(a)
                # The box's nearest side at distance r from the anchor.
                yield (ax + ux * (r + abs(ux) * lab.w / 2), ay + uy * (r + abs(uy) * lab.h / 2)), True

    def _slid_in(self, centre: Point, lab: Label) -> Point:
        """A spot moved just far enough that the label lies inside the
        bounds (a wide name of a zone along the table's edge reads inwards)."""
        if self.bounds is None:
            return centre
        x0, y0, x1, y1 = self.bounds
        cx = min(max(centre[0], x0 + lab.w / 2), x1 - lab.w / 2) if x1 - x0 >= lab.w else centre[0]
        cy = min(max(centre[1], y0 + lab.h / 2), y1 - lab.h / 2) if y1 - y0 >= lab.h else centre[1]
        return (cx, cy)

    def place(self, lab: Label) -> Placed:
        first_free = None
        least = None
        for (cx, cy), far in self._candidates(lab):
            b = _box_at(cx, cy, lab.w, lab.h)
            if self._free(b):
                if self._soft_free(b):
                    return self._keep(lab, b, far)
                if first_free is None:
                    first_free = (b, far)
            elif first_free is None and _inside(b, self.bounds) and not self.hurried:
                cost = sum(_area(b, o) for o in self.hard.near(b))
                if least is None or cost < least[0]:
                    least = (cost, b, far)
        if first_free is not None:
            return self._keep(lab, *first_free)
        if least is not None:
            return self._keep(lab, least[1], least[2])
        return self._keep(lab, _box_at(lab.anchor[0], lab.anchor[1], lab.w, lab.h), False)

    def _keep(self, lab: Label, b: Box, far: bool) -> Placed:
        leader = None
        if far:
            start = lab.anchor
            end = edge_point(b, lab.anchor)
            if lab.clear:
                dx, dy = end[0] - start[0], end[1] - start[1]
                n = math.hypot(dx, dy) or 1.0
                start = (start[0] + dx / n * lab.clear, start[1] + dy / n * lab.clear)
            leader = (start, end)
        p = Placed(lab.key, b, leader)
        self.placed.append(p)
        self.hard.add(b)
        return p


def place_labels(labels: Iterable[Label], obstacles: Iterable[Box] = (), soft: Iterable[Box] = (),
                 bounds: Box | None = None, gap: float = 1.0) -> list[Placed]:
    placer = Placer(obstacles, soft, bounds, gap)
    return [placer.place(lab) for lab in labels]


# ----------------------------------------------------------------------------
# Fitting a name
# ----------------------------------------------------------------------------
@dataclass
class Fitted:
    lines: list[str]
    size: float
    cut: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.lines)


Width = Callable[[str, float], float]  # (text, size) -> width


def _two_lines(words: list[str], size: float, width: Width) -> tuple[str, str] | None:
    """The most even split of the words over two lines. The first line only
    grows and the second only shrinks as the split moves right, so the split
    where they cross is found by bisection: a few measurements, not one per
    word (a name of thousands of words must not take minutes)."""
    if len(words) < 2:
        return None

    def split(k: int) -> tuple[float, str, str]:
        a, b = " ".join(words[:k]), " ".join(words[k:])
        return max(width(a, size), width(b, size)), a, b

    lo, hi = 1, len(words) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if width(" ".join(words[:mid]), size) < width(" ".join(words[mid:]), size):
            lo = mid + 1
        else:
            hi = mid
    best = min((split(k) for k in {max(1, lo - 1), lo} if 1 <= k < len(words)), key=lambda t: t[0])
    return best[1], best[2]


def _cut(text: str, size: float, room: float, width: Width, mark: str = "…") -> str:
    if width(text, size) <= room:
        return text
    # The longest start that fits with the mark. A start only grows as it
    # gets longer, so it is found by bisection: a few measurements, not one
    # per character (names of hundreds of characters, hundreds of them).
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + mark, size) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + mark


def fit_name(text: str, size: float, room: float, width: Width, min_size: float | None = None,
             two_lines: bool = True) -> Fitted:
    """A name in at most two lines no wider than `room`: whole at `size`,
    else wrapped, else shrunk (to `min_size`, by default 70 % of `size`),
    else cut."""
    text = " ".join(str(text).split())
    min_size = size * 0.7 if min_size is None else min(min_size, size)
    words = text.split(" ")
    sizes = [size]
    s = size
    while s > min_size + 1e-9:
        s = max(min_size, s - max(0.25, size * 0.05))
        sizes.append(s)
    for s in sizes:
        if width(text, s) <= room:
            return Fitted([text], s)
        if two_lines and len(words) > 1:
            pair = _two_lines(words, s, width)
            if pair and max(width(pair[0], s), width(pair[1], s)) <= room:
                return Fitted(list(pair), s)
    s = min_size
    if two_lines and len(words) > 1:
        pair = _two_lines(words, s, width)
        first = _cut(pair[0], s, room, width)
        if first == pair[0]:
            return Fitted([first, _cut(pair[1], s, room, width)], s, cut=True)
    return Fitted([_cut(text, s, room, width)], s, cut=True)


# Names that share a start longer than this are cut in the middle (fit_names).
LONG_START = 24


def fit_names(texts: Sequence[str], size: float, room: float | Sequence[float], width: Width,
              min_size: float | None = None, two_lines: bool = True) -> list[Fitted]:
    """fit_name for several names at once: where two different names would
    be cut to the same text, each is given more room until they differ."""
    rooms = [room] * len(texts) if isinstance(room, (int, float)) else list(room)
    texts = list(texts)
    out = [fit_name(t, size, r, width, min_size, two_lines) for t, r in zip(texts, rooms)]
    for _ in range(40):
        seen: dict[str, list[int]] = {}
        for n, f in enumerate(out):
            seen.setdefault(" ".join(f.lines), []).append(n)
        clash = [ns for ns in seen.values()
                 if len(ns) > 1 and len({" ".join(texts[n].split()) for n in ns}) > 1]
        if not clash:
            break
        smallest = size * 0.7 if min_size is None else min(min_size, size)
        for ns in clash:
            # Room at least for the names up to the first character where
            # they differ (names that share a long start would otherwise
            # take dozens of rounds).
            names = [" ".join(texts[n].split()) for n in ns]
            common = len(os.path.commonprefix(names))
            if common > LONG_START:
                # Names alike for a long start (hostile files: hundreds of
                # 500-character names a digit apart) are cut in the middle,
                # their start and where they differ kept: short labels that
                # still differ, not labels hundreds of characters long.
                for n, name in zip(ns, names):
                    texts[n] = name[:LONG_START // 2].rstrip() + "…" + name[common - 6:]
                    f = fit_name(texts[n], size, rooms[n], width, min_size, two_lines)
                    out[n] = Fitted(f.lines, f.size, cut=True)
                continue
            for n, name in zip(ns, names):
                need = width(name[:common + 1] + "…", smallest) * 1.01 if common < len(name) else 0.0
                rooms[n] = max(rooms[n] * 1.15, need)
                out[n] = fit_name(texts[n], size, rooms[n], width, min_size, two_lines)
    return out


# ----------------------------------------------------------------------------
# The editor's map
# ----------------------------------------------------------------------------
# The editor's labels keep their size on screen at every zoom; they are
# placed for the zoom a table is usually worked at (about 0.8 pixels a
# table millimetre: a two-board table across a laptop screen). Zoomed in
# they only have more room; zoomed far out they shorten or go (LabelItem).
EDITOR_PX_PER_MM = 0.8
MARKER_RADIUS = 20.0  # a 40 mm objective marker


def editor_piece_label_points(mission, catalogue=None) -> list[Point]:
    """Where the editor writes each piece's code (ui/items/piece.py): beside
    a wall with a hatchway, on the door's far side; on the piece otherwise."""
    from ..catalogue import default_catalogue
    from ..model.lattice import placements
    from ..rules.geometry import PieceGeometryError, piece_shape

    cat = catalogue or default_catalogue()
    places = placements(mission, cat)
    out = []
    for piece in mission.pieces:
        kind = cat.pieces.get(piece.code)
        if kind is None or piece.board not in places:
            continue
        try:
            shape = piece_shape(piece, places[piece.board], cat)
        except PieceGeometryError:
            continue
        cx, cy = shape.centre
        if kind.is_wall and kind.hatchway is not None:
            side = -1.0 if piece.facing == "left" else 1.0
            a = math.radians(shape.angle)
            off = -side * (cat.wall_thickness / 2 + 11.0)
            out.append((cx - math.sin(a) * off, cy + math.cos(a) * off))
        else:
            out.append((cx, cy))
    return out


def place_editor_names(mission, sizes: dict, code_size: tuple[float, float],
                       objective_labels: dict | None = None, catalogue=None) -> dict:
    """Where the editor's entry-zone and region names go, in table mm.

    `sizes` maps ("zone", player) and ("region", name) to the label's box
    in pixels (w, h); `code_size` is a piece code's box in pixels;
    `objective_labels` maps an objective's id to its name label's box (x0,
    y0, x1, y1) in pixels about the marker's centre. Returns, per key, the
    label's centre and, when it had to move away, the leader's two ends."""
    from ..catalogue import default_catalogue
    from ..model.lattice import Placement, placements
    from ..model.placement_edits import player_cells, region_cells

    cat = catalogue or default_catalogue()
    k = EDITOR_PX_PER_MM
    hard: list[Box] = []
    cw, ch = code_size[0] / k, code_size[1] / k
    for x, y in editor_piece_label_points(mission, cat):
        hard.append(_box_at(x, y, cw, ch))
    for o in mission.objectives:
        hard.append(circle_box(o.at[0], o.at[1], MARKER_RADIUS))
        box = (objective_labels or {}).get(o.id)
        if box is not None:
            hard.append((o.at[0] + box[0] / k, o.at[1] + box[1] / k, o.at[0] + box[2] / k, o.at[1] + box[3] / k))
    places = placements(mission, cat)
    xs = [b for p in places.values() for b in (p.bounds[0], p.bounds[2])]
    ys = [b for p in places.values() for b in (p.bounds[1], p.bounds[3])]
    bounds = (min(xs), min(ys), max(xs), max(ys)) if xs else None
    placer = Placer(hard, bounds=bounds, gap=2.0)
    out = {}
    for key, (w, h) in sizes.items():
        cells = player_cells(mission, key[1]) if key[0] == "zone" else region_cells(mission, key[1])
        centres = []
        for board, cell in sorted(cells):
            if board in places:
                centres.append(Placement.of(mission.board(board), cat).cell_centre_table(cell))
        if not centres:
            continue
        mx = sum(x for x, _ in centres) / len(centres)
        my = sum(y for _, y in centres) / len(centres)
        anchor = min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
        # Each zone's centre and the middles of its edges' halves: places
        # inside the area before any outside it.
        spots = []
        for x, y in sorted(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2):
            spots += [(x, y), (x, y - 24.0), (x, y + 24.0)]
        placed = placer.place(Label(key, anchor, w / k, h / k, spots=spots))
        out[key] = (placed.centre, placed.leader)
    return out


__all__ = ["Label", "Placed", "Placer", "place_labels", "fit_name", "fit_names", "Fitted", "circle_box", "AROUND",
           "place_editor_names", "editor_piece_label_points", "EDITOR_PX_PER_MM", "edge_point"]
