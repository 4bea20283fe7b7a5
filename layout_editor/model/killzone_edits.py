"""Pure edits of a Kill Team killzone's territories, centre line and
equipment (model/mission.py Territory, Equipment, Mission.centre_line), and
the plain geometry the editor's tools need to find them under the cursor.
Each edit returns an Edit (edits.py) or raises EditRefused with a reason for
the status bar; no Qt here.

Choices where the rules leave the editor free (the tools say them in their
hints):
- an item of equipment turns in steps of EQUIPMENT_TURN_STEP (15 degrees):
  a barricade can follow a wall at 0/90 or stand across a corridor at 45,
  and a few presses reach any useful angle;
- positions are kept to a tenth of a millimetre, angles to a tenth of a
  degree (what the file keeps, io/precision.py);
- "split the killzone" draws the centre line through the middle, edge to
  edge, as the official map cards do, and makes the two halves the players'
  territories: player 1's is the half holding more of player 1's drop zone
  (with no drop zones: the top, or the left, half);
- a centre line's end is dragged along the killzone's edge (a centre line
  runs edge to edge); territories that were the two halves of the old line
  follow the new one, territories drawn otherwise stay as they are.
The placement rules themselves (in a territory, clear of access points...)
are the rules core's: rules/checks/equipment.py.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from typing import Literal

from ..catalogue import Catalogue, EquipmentKind, default_catalogue
from ..phrases import Phrase
from .edits import Change, Edit, EditRefused
from .lattice import Placement
from .mission import Equipment, Mission, Point, Territory

EQUIPMENT_TURN_STEP = 15.0  # degrees per press of the turn key
PASTE_OFFSET = 25.4         # mm: a duplicate stands 1" right and 1" down of its original
END_REACH = 12.0            # mm: how near a centre line's end a press must land to grab it
KILLZONE = Change(killzone=True)

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in table mm
Split = Literal["top-bottom", "left-right"]


def _mm(v: float) -> float:
    return round(float(v), 1)


def _point(p: Point) -> Point:
    return (_mm(p[0]), _mm(p[1]))


# -- where things are -----------------------------------------------------------

def killzone_rect(mission: Mission, catalogue: Catalogue | None = None) -> Rect | None:
    """The rectangle the boards cover (a killzone is one board), or None
    when there is no board."""
    if not mission.boards:
        return None
    cat = catalogue or default_catalogue()
    boxes = [Placement.of(b, cat).bounds for b in mission.boards]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def equipment_corners(item: Equipment, kind: EquipmentKind) -> list[Point]:
    """A rectangular item's four corners on the table, turned clockwise
    about its centre (as rules.checks.equipment.equipment_shape turns it)."""
    x, y = item.at
    w, d = kind.size
    a = math.radians(item.rotation)
    ca, sa = math.cos(a), math.sin(a)
    return [(x + u * ca - v * sa, y + u * sa + v * ca)
            for u, v in ((-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2))]


def equipment_contains(item: Equipment, kind: EquipmentKind, x: float, y: float, slack: float = 0.0) -> bool:
    """Whether a table point lies on the item's footprint (within `slack`
    mm of it: a 10 mm deep barricade is hard to hit zoomed out)."""
    dx, dy = x - item.at[0], y - item.at[1]
    if kind.shape == "round":
        return math.hypot(dx, dy) <= kind.size[0] / 2 + slack
    a = math.radians(item.rotation)
    # into the item's own axes: the inverse of its clockwise turn
    u = dx * math.cos(a) + dy * math.sin(a)
    v = -dx * math.sin(a) + dy * math.cos(a)
    return abs(u) <= kind.size[0] / 2 + slack and abs(v) <= kind.size[1] / 2 + slack


def equipment_at(mission: Mission, x: float, y: float, catalogue: Catalogue | None = None,
                 slack: float = 0.0) -> int | None:
    """The uid of the item under a table point: the topmost (last set up)."""
    cat = catalogue or default_catalogue()
    for item in reversed(mission.equipment):
        kind = cat.equipment.get(item.kind)
        if kind is not None and equipment_contains(item, kind, x, y, slack):
            return item.uid
    return None


def equipment_by_uid(mission: Mission, uid: int) -> Equipment:
    for item in mission.equipment:
        if item.uid == uid:
            return item
    raise EditRefused(Phrase("that equipment is no longer on the killzone"))


# -- equipment edits -----------------------------------------------------------------

def _on_table(mission: Mission, at: Point, cat: Catalogue) -> None:
    rect = killzone_rect(mission, cat)
    if rect is None or not (rect[0] <= at[0] <= rect[2] and rect[1] <= at[1] <= rect[3]):
        raise EditRefused(Phrase("equipment is set up on the killzone"))


def add_equipment(mission: Mission, kind: str, player: int, at: Point, rotation: float = 0.0,
                  catalogue: Catalogue | None = None) -> Edit:
    """Set up one item of equipment with its centre at `at`. Whether the
    spot keeps the placement rules is the rules check's to say (a finding),
    as for terrain: the player may set it up and move it after."""
    cat = catalogue or default_catalogue()
    if kind not in cat.equipment:
        raise EditRefused(Phrase("the catalogue has no equipment {kind}", kind=kind))
    if not 1 <= player <= max(2, mission.players):
        raise EditRefused(Phrase("there is no player {n}", n=player))
    _on_table(mission, at, cat)
    item = Equipment(kind=kind, player=player, at=_point(at), rotation=_angle(rotation))
    return Edit(replace(mission, equipment=mission.equipment + (item,)), KILLZONE)


def add_equipment_items(mission: Mission, items: Iterable[Equipment], offset: Point = (0.0, 0.0),
                        catalogue: Catalogue | None = None) -> Edit:
    """Set up copies of items (paste, duplicate), moved by `offset`; each
    copy is a new item (a new uid). The copies keep their owners; ones whose
    centre would be off the killzone are refused."""
    cat = catalogue or default_catalogue()
    copies = []
    for item in items:
        at = (item.at[0] + offset[0], item.at[1] + offset[1])
        _on_table(mission, at, cat)
        copies.append(Equipment(kind=item.kind, player=item.player, at=_point(at), rotation=item.rotation,
                                extras=item.extras))
    if not copies:
        raise EditRefused(Phrase("nothing to add"))
    return Edit(replace(mission, equipment=mission.equipment + tuple(copies)), KILLZONE)


def _replace_item(mission: Mission, new: Equipment) -> Edit:
    return Edit(replace(mission, equipment=tuple(new if e.uid == new.uid else e for e in mission.equipment)),
                KILLZONE)


def move_equipment(mission: Mission, uid: int, at: Point, catalogue: Catalogue | None = None) -> Edit:
    item = equipment_by_uid(mission, uid)
    _on_table(mission, at, catalogue or default_catalogue())
    return _replace_item(mission, replace(item, at=_point(at)))


def nudge_equipment(mission: Mission, uids: Iterable[int], step: Point,
                    catalogue: Catalogue | None = None) -> Edit:
    """Move items by a step in table mm (the arrow keys)."""
    cat = catalogue or default_catalogue()
    chosen = set(uids)
    moved = []
    for e in mission.equipment:
        if e.uid in chosen:
            at = (e.at[0] + step[0], e.at[1] + step[1])
            _on_table(mission, at, cat)
            e = replace(e, at=_point(at))
        moved.append(e)
    if not chosen & {e.uid for e in mission.equipment}:
        raise EditRefused(Phrase("nothing selected"))
    return Edit(replace(mission, equipment=tuple(moved)), KILLZONE)


def _angle(degrees: float) -> float:
    a = round(float(degrees) % 360.0, 1)
    return 0.0 if a >= 360.0 else a


def turned(rotation: float, steps: int = 1) -> float:
    """An angle turned by whole steps of EQUIPMENT_TURN_STEP clockwise (an
    angle between steps goes to the next step on)."""
    base = math.floor(rotation / EQUIPMENT_TURN_STEP + 1e-9) if steps > 0 else \
        math.ceil(rotation / EQUIPMENT_TURN_STEP - 1e-9)
    return _angle((base + steps) * EQUIPMENT_TURN_STEP)


def turn_equipment(mission: Mission, uids: Iterable[int], steps: int = 1) -> Edit:
    """Turn items about their centres by whole steps (the turn key)."""
    chosen = set(uids)
    if not chosen & {e.uid for e in mission.equipment}:
        raise EditRefused(Phrase("nothing selected"))
    items = tuple(replace(e, rotation=turned(e.rotation, steps)) if e.uid in chosen else e
                  for e in mission.equipment)
    return Edit(replace(mission, equipment=items), KILLZONE)


def set_equipment_player(mission: Mission, uids: Iterable[int], player: int) -> Edit:
    """Give items to a player."""
    if not 1 <= player <= max(2, mission.players):
        raise EditRefused(Phrase("there is no player {n}", n=player))
    chosen = set(uids)
    if not chosen & {e.uid for e in mission.equipment}:
        raise EditRefused(Phrase("nothing selected"))
    items = tuple(replace(e, player=player) if e.uid in chosen else e for e in mission.equipment)
    return Edit(replace(mission, equipment=items), KILLZONE)


def remove_equipment(mission: Mission, uids: Iterable[int]) -> Edit:
    chosen = set(uids)
    kept = tuple(e for e in mission.equipment if e.uid not in chosen)
    if len(kept) == len(mission.equipment):
        raise EditRefused(Phrase("nothing selected to delete"))
    return Edit(replace(mission, equipment=kept), KILLZONE)


# -- territories and the centre line ----------------------------------------------------

def _side(a: Point, b: Point, p: Point) -> float:
    """> 0 when p lies right of the line a -> b on the table (y down: clockwise)."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _clip(polygon: list[Point], a: Point, b: Point, keep_positive: bool) -> list[Point]:
    """The part of a convex polygon on one side of the line through a and b
    (one pass of Sutherland-Hodgman: a rectangle cut by a line is all the
    killzone needs)."""
    out: list[Point] = []
    n = len(polygon)
    for k in range(n):
        p, q = polygon[k], polygon[(k + 1) % n]
        sp, sq = _side(a, b, p), _side(a, b, q)
        if not keep_positive:
            sp, sq = -sp, -sq
        if sp >= 0:
            out.append(p)
        if (sp > 0 > sq) or (sp < 0 < sq):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _area(polygon: list[Point]) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True))) / 2


def _clean(polygon: list[Point]) -> tuple[Point, ...]:
    out: list[Point] = []
    for p in polygon:
        p = _point(p)
        if not out or p != out[-1]:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)


def halves(rect: Rect, line: tuple[Point, Point]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The killzone cut in two along the line through the centre line's
    ends: (the part left of a -> b, the part right of it)."""
    x0, y0, x1, y1 = rect
    box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    a, b = line
    return _clean(_clip(box, a, b, False)), _clean(_clip(box, a, b, True))


def _drop_zone_points(mission: Mission, player: int, cat: Catalogue) -> list[Point]:
    points = []
    for z in mission.entry_zones_of(player):
        try:
            pl = Placement.of(mission.board(z.board), cat)
        except KeyError:
            continue
        points += [pl.cell_centre_table(c) for c in z.cells]
    return points


def _owners(mission: Mission, parts: tuple[tuple[Point, ...], tuple[Point, ...]],
            line: tuple[Point, Point], cat: Catalogue) -> tuple[Territory, Territory]:
    """The two parts as territories: player 1 gets the one holding more of
    player 1's drop zone (fewer of player 2's), else the top or left one."""
    a, b = line

    def lean(player: int) -> int:
        return sum(1 if _side(a, b, p) < 0 else -1 for p in _drop_zone_points(mission, player, cat))

    score = lean(1) - lean(2)
    if score == 0:
        # no drop zone to tell: player 1 gets the top (or left) part

        def centre(part: tuple[Point, ...]) -> float:
            return sum(x + y for x, y in part) / len(part)

        score = 1 if centre(parts[0]) <= centre(parts[1]) else -1
    first_is_ones = score > 0
    one, two = parts if first_is_ones else (parts[1], parts[0])
    return Territory(player=1, area=one), Territory(player=2, area=two)


def _split(mission: Mission, line: tuple[Point, Point], cat: Catalogue) -> tuple[Territory, ...]:
    rect = killzone_rect(mission, cat)
    if rect is None:
        raise EditRefused(Phrase("there is no killzone to split"))
    parts = halves(rect, line)
    if len(parts[0]) < 3 or len(parts[1]) < 3 or min(_area(list(parts[0])), _area(list(parts[1]))) < 1.0:
        raise EditRefused(Phrase("the centre line must cut the killzone in two"))
    return _owners(mission, parts, line, cat)


def split_killzone(mission: Mission, split: Split, catalogue: Catalogue | None = None) -> Edit:
    """Draw the centre line through the middle of the killzone, edge to
    edge, and make the two halves the players' territories."""
    cat = catalogue or default_catalogue()
    rect = killzone_rect(mission, cat)
    if rect is None:
        raise EditRefused(Phrase("there is no killzone to split"))
    x0, y0, x1, y1 = rect
    if split == "top-bottom":
        ym = (y0 + y1) / 2
        line: tuple[Point, Point] = ((x0, ym), (x1, ym))
    else:
        xm = (x0 + x1) / 2
        line = ((xm, y0), (xm, y1))
    line = (_point(line[0]), _point(line[1]))
    territories = _split(mission, line, cat)
    return Edit(replace(mission, centre_line=line, territories=territories), KILLZONE)


def territories_follow_line(mission: Mission, catalogue: Catalogue | None = None, tolerance: float = 0.5) -> bool:
    """Whether the territories are the two halves the centre line cuts
    (then they follow it when its ends move)."""
    cat = catalogue or default_catalogue()
    if mission.centre_line is None or len(mission.territories) != 2:
        return False
    try:
        expected = _split(mission, mission.centre_line, cat)
    except EditRefused:
        return False
    have = sorted(mission.territories, key=lambda t: t.player)

    def same(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
        # the same corners, whatever corner the ring starts at
        if len(a) != len(b):
            return False
        return all(any(math.hypot(p[0] - q[0], p[1] - q[1]) <= tolerance for q in b) for p in a)

    return all(t.player == e.player and same(t.area, e.area) for t, e in zip(have, expected, strict=True))


def snap_to_edge(rect: Rect, x: float, y: float) -> Point:
    """The point of the killzone's edge nearest to a table point."""
    x0, y0, x1, y1 = rect
    cx, cy = min(max(x, x0), x1), min(max(y, y0), y1)
    options = [(x0, cy), (x1, cy), (cx, y0), (cx, y1)]
    return _point(min(options, key=lambda p: math.hypot(p[0] - x, p[1] - y)))


def centre_line_end_at(mission: Mission, x: float, y: float, reach: float = END_REACH) -> int | None:
    """Which end of the centre line (0 or 1) a table point grabs, if any."""
    if mission.centre_line is None:
        return None
    dist = [math.hypot(p[0] - x, p[1] - y) for p in mission.centre_line]
    end = 0 if dist[0] <= dist[1] else 1
    return end if dist[end] <= reach else None


def move_centre_line_end(mission: Mission, end: int, to: Point, catalogue: Catalogue | None = None) -> Edit:
    """Move one end of the centre line to the killzone's edge point nearest
    to `to`; territories that were its two halves follow."""
    cat = catalogue or default_catalogue()
    if mission.centre_line is None:
        raise EditRefused(Phrase("the killzone has no centre line"))
    rect = killzone_rect(mission, cat)
    if rect is None:
        raise EditRefused(Phrase("there is no killzone"))
    at = snap_to_edge(rect, *to)
    ends = list(mission.centre_line)
    ends[end] = at
    line = (ends[0], ends[1])
    if math.hypot(line[0][0] - line[1][0], line[0][1] - line[1][1]) < 1.0:
        raise EditRefused(Phrase("the centre line's ends must lie apart"))
    territories = mission.territories
    if territories_follow_line(mission, cat):
        territories = _split(mission, line, cat)
    return Edit(replace(mission, centre_line=line, territories=territories), KILLZONE)


# -- a territory's corners (free-form territories) ------------------------------------

def _near(p: Point, q: Point, tolerance: float = 0.05) -> bool:
    return abs(p[0] - q[0]) <= tolerance and abs(p[1] - q[1]) <= tolerance


def territory_corner_at(mission: Mission, x: float, y: float, reach: float = END_REACH) -> Point | None:
    """The territory corner a table point grabs (the nearest within
    `reach`), if any."""
    best: tuple[float, Point] | None = None
    for t in mission.territories:
        for c in t.area:
            d = math.hypot(c[0] - x, c[1] - y)
            if d <= reach and (best is None or d < best[0]):
                best = (d, c)
    return best[1] if best is not None else None


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments a-b and c-d cross at a point inside both."""
    d1, d2 = _side(c, d, a), _side(c, d, b)
    d3, d4 = _side(a, b, c), _side(a, b, d)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def _simple(area: tuple[Point, ...]) -> bool:
    """A polygon whose edges do not cross one another, with some area."""
    n = len(area)
    if n < 3 or _area(list(area)) < 1.0:
        return False
    for i in range(n):
        for j in range(i + 1, n):
            if abs(i - j) in (1, n - 1):
                continue  # neighbours share a corner
            if _crosses(area[i], area[(i + 1) % n], area[j], area[(j + 1) % n]):
                return False
    return True


def _with_areas(mission: Mission, areas: list[tuple[Point, ...]]) -> Edit:
    if not all(_simple(a) for a in areas):
        raise EditRefused(Phrase("a territory's edges may not cross"))
    return Edit(replace(mission, territories=tuple(replace(t, area=a) for t, a in zip(mission.territories, areas,
                                                                                      strict=True))), KILLZONE)


def move_territory_corner(mission: Mission, at: Point, to: Point, catalogue: Catalogue | None = None) -> Edit:
    """Move a territory corner (and the corner of every other territory at
    the same point: two territories that meet keep meeting) to a point on
    the killzone."""
    cat = catalogue or default_catalogue()
    rect = killzone_rect(mission, cat)
    if rect is None:
        raise EditRefused(Phrase("there is no killzone"))
    dest = _point((min(max(to[0], rect[0]), rect[2]), min(max(to[1], rect[1]), rect[3])))
    if not any(_near(c, at) for t in mission.territories for c in t.area):
        raise EditRefused(Phrase("there is no territory corner there"))
    return _with_areas(mission, [tuple(dest if _near(c, at) else c for c in t.area) for t in mission.territories])


def _on_edge(p: Point, a: Point, b: Point) -> tuple[float, Point]:
    """How far p is from the edge a-b, and the point of the edge nearest it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    q = (a[0] + t * dx, a[1] + t * dy)
    return math.hypot(p[0] - q[0], p[1] - q[1]), q


def add_territory_corner(mission: Mission, x: float, y: float, reach: float = END_REACH) -> Edit:
    """A new corner on the territory edge nearest a table point (within
    `reach`); an edge two territories share gets it in both."""
    best: tuple[float, Point] | None = None
    for t in mission.territories:
        n = len(t.area)
        for k in range(n):
            d, q = _on_edge((x, y), t.area[k], t.area[(k + 1) % n])
            if d <= reach and (best is None or d < best[0]):
                best = (d, q)
    if best is None:
        raise EditRefused(Phrase("double-click on a territory's edge to add a corner"))
    corner = _point(best[1])
    areas = []
    for t in mission.territories:
        area = list(t.area)
        n = len(area)
        for k in range(n):
            a, b = area[k], area[(k + 1) % n]
            if _on_edge(corner, a, b)[0] <= 0.1 and not _near(corner, a) and not _near(corner, b):
                area.insert(k + 1, corner)
                break
        areas.append(tuple(area))
    return _with_areas(mission, areas)


def remove_territory_corner(mission: Mission, at: Point) -> Edit:
    """Take a corner out of every territory that has it (a territory keeps
    at least three)."""
    areas = [tuple(c for c in t.area if not _near(c, at)) for t in mission.territories]
    if areas == [t.area for t in mission.territories]:
        raise EditRefused(Phrase("there is no territory corner there"))
    if any(len(a) < 3 for a in areas):
        raise EditRefused(Phrase("a territory keeps at least three corners"))
    return _with_areas(mission, areas)


def swap_territories(mission: Mission) -> Edit:
    """Give player 1's territory to player 2 and player 2's to player 1
    (the split gave them the wrong way round for this mission)."""
    players = {t.player for t in mission.territories}
    if not players & {1, 2}:
        raise EditRefused(Phrase("the killzone has no territories"))
    other = {1: 2, 2: 1}
    return Edit(replace(mission, territories=tuple(replace(t, player=other.get(t.player, t.player))
                                                   for t in mission.territories)), KILLZONE)


def clear_territories(mission: Mission) -> Edit:
    """Take the territories and the centre line off the killzone."""
    if not mission.territories and mission.centre_line is None:
        raise EditRefused(Phrase("the killzone has no territories or centre line"))
    return Edit(replace(mission, territories=(), centre_line=None), KILLZONE)
