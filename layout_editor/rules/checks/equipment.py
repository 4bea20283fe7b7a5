"""Kill Team equipment set up on the killzone before the battle (barricades,
the heavy barricade, razor wire, mines: resources/catalogue/equipment.yaml),
and each player's territory and the centre line it depends on.

The placement rules, as the universal equipment states them (quoted by
madarasz/kt-rules-bot, extracted-rules/universal-equipment.md, and by
brandongreen00/kill-team-mobile, data/equipment/universal.json):
- barricades and razor wire: wholly within your territory, on the killzone
  floor, more than 2" from other equipment terrain features, access points
  and Accessible terrain;
- the heavy barricade: the same, but wholly within 4" of your drop zone
  instead of your territory;
- mines: a marker wholly within your territory, more than 2" from other
  markers, access points and Accessible terrain;
- a kill team sets up each option once (two light barricades).

Our readings, where the rules leave it open (said once per file as the info
finding kt-equipment-reading):
- distances are measured straight between the footprints' nearest edges,
  walls ignored: set-up distances are to areas and features, not along an
  operative's route;
- an access point is a hatchway's doorway, open or closed (in Gallowdark the
  only Accessible terrain is an open hatchway's access point, so "access
  points and Accessible terrain" is one rule here);
- "other markers" for mines are the objective markers and every other
  mines marker, whoever's;
- "on the killzone floor" and standing at all: a footprint may not overlap
  a wall or a pillar, nor reach past the board;
- "within 4" of your drop zone" is measured to the drop zone's zones and
  the board's border beside them (the drop zone runs to the board's edge).
"""
from __future__ import annotations

import math
from collections import Counter

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...catalogue import Catalogue, EquipmentKind
from ...games import KILL_TEAM
from ...model.mission import Equipment, Mission
from ...phrases import QT_TR_NOOP, Listing, Phrase, plain
from ..areas import MARKER_DIAMETER, MM_PER_INCH, placements
from ..geometry import PieceGeometryError, piece_shape
from .findings import Finding

# Overlap below this many mm² is two outlines touching, not one on the other.
TOUCH_MM2 = 1.0


def equipment_shape(item: Equipment, kind: EquipmentKind) -> Polygon:
    """The item's footprint on the table: a turned rectangle, or a disc."""
    x, y = item.at
    w, d = kind.size
    if kind.shape == "round":
        return ShapelyPoint(x, y).buffer(w / 2, quad_segs=16)
    a = math.radians(item.rotation)
    ca, sa = math.cos(a), math.sin(a)
    corners = [(-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2)]
    # clockwise on the table (y grows downwards), as boards turn
    return Polygon([(x + u * ca - v * sa, y + u * sa + v * ca) for u, v in corners])


def territory_shape(mission: Mission, player: int) -> BaseGeometry | None:
    """The union of the player's territories (None: the file gives none)."""
    shapes = [Polygon(t.area).buffer(0) for t in mission.territories_of(player)]
    return unary_union(shapes) if shapes else None


def _drop_zone_shape(mission: Mission, player: int, cat: Catalogue) -> BaseGeometry | None:
    """The player's drop zone: its zones and the board's border beside them."""
    places = placements(mission, cat)
    parts = []
    for z in mission.entry_zones_of(player):
        p = places.get(z.board)
        if p is None:
            continue
        nx, ny = p.kind.zones
        border, pitch = p.kind.border, p.kind.pitch
        for i, j in z.cells:
            u0, v0 = border + i * pitch, border + j * pitch
            u1, v1 = u0 + pitch, v0 + pitch
            # a zone on the board's outer row reaches over the border to the edge
            u0 = 0.0 if i == 0 else u0
            v0 = 0.0 if j == 0 else v0
            u1 = p.kind.width if i == nx - 1 else u1
            v1 = p.kind.height if j == ny - 1 else v1
            parts.append(Polygon([p.to_table(u0, v0), p.to_table(u1, v0), p.to_table(u1, v1), p.to_table(u0, v1)]))
    return unary_union(parts) if parts else None


def equipment_name(kind: EquipmentKind) -> Phrase:
    """An item of equipment as named inside a sentence ('heavy barricade'),
    in the player's language; equipment a user adds to the catalogue is named
    as the catalogue writes it."""
    names = {
        "light-barricade": Phrase(QT_TR_NOOP("light barricade")),
        "heavy-barricade": Phrase(QT_TR_NOOP("heavy barricade")),
        "portable-barricade": Phrase(QT_TR_NOOP("portable barricade")),
        "razor-wire": Phrase(QT_TR_NOOP("razor wire")),
        "mines": Phrase(QT_TR_NOOP("mines")),
    }
    return names.get(kind.kind) or plain(kind.name.lower())


def _name(item: Equipment, kind: EquipmentKind | None) -> Phrase:
    return Phrase("{what} of player {n}", what=equipment_name(kind) if kind else item.kind, n=item.player)


def _inches(mm: float) -> float:
    return mm / MM_PER_INCH


def equipment_findings(mission: Mission, cat: Catalogue) -> list[Finding]:
    """Findings about the equipment set up on the killzone and the
    territories it stands in."""
    out: list[Finding] = []
    if mission.territories:
        out += _territory_findings(mission)
    if not mission.equipment:
        return out
    if mission.game != KILL_TEAM:
        return out + [Finding("info", "equipment-not-kill-team",
                              Phrase("the mission sets up {n} items of Kill Team equipment; Boarding Actions "
                                     "has none, so they are kept in the file and drawn, not checked",
                                     n=len(mission.equipment)))]
    out.append(Finding("info", "kt-equipment-reading",
                       Phrase("equipment placement as this tool reads it: distances straight between the "
                              "footprints' nearest edges, walls ignored; an access point is a hatchway's doorway, "
                              "open or closed; a mines marker keeps clear of objective markers and every other "
                              "mines marker; the drop zone runs to the board's edge")))
    kinds = cat.equipment
    shapes = []
    for item in mission.equipment:
        kind = kinds.get(item.kind)
        shapes.append(equipment_shape(item, kind) if kind is not None else None)

    # how many of each a kill team sets up
    counts = Counter((e.player, e.kind) for e in mission.equipment)
    for (player, kind_id), n in sorted(counts.items()):
        kind = kinds.get(kind_id)
        if kind is not None and n > kind.per_team:
            items = [e for e in mission.equipment if e.player == player and e.kind == kind_id]
            out.append(Finding("error", "kt-equipment-count",
                               Phrase("player {n} sets up {count} × {what}; a kill team sets up at most {most}",
                                      n=player, count=n, what=equipment_name(kind), most=kind.per_team),
                               places=tuple(e.at for e in items)))

    # on the killzone floor: on the board, clear of walls and pillars
    places = placements(mission, cat)
    floor = unary_union([Polygon(p.outline_table()) for p in places.values()]) if places else None
    solids = []
    for piece in mission.pieces:
        p = places.get(piece.board)
        if p is None or piece.code not in cat.pieces:
            continue
        try:
            solids.append((piece, piece_shape(piece, p, cat).solid))
        except PieceGeometryError:
            continue
    for item, shape in zip(mission.equipment, shapes):
        if shape is None:
            continue
        kind = kinds[item.kind]
        if floor is not None and shape.difference(floor).area > TOUCH_MM2:
            out.append(Finding("error", "kt-equipment-off-floor",
                               Phrase("{item} reaches past the killzone's edge", item=_name(item, kind)),
                               places=(item.at,)))
        hit = [piece for piece, solid in solids if solid.intersection(shape).area > TOUCH_MM2]
        if hit:
            from ...model.names import describe_piece
            out.append(Finding("error", "kt-equipment-in-wall",
                               Phrase("{item} stands on {pieces}: equipment is set up on the killzone floor",
                                      item=_name(item, kind), pieces=Listing([describe_piece(h, cat) for h in hit])),
                               pieces=tuple(h.uid for h in hit), places=(item.at,)))

    # wholly within the territory, or within 4" of the drop zone
    territories: dict[int, BaseGeometry | None] = {}
    drop_zones: dict[int, BaseGeometry | None] = {}
    for item, shape in zip(mission.equipment, shapes):
        if shape is None:
            continue
        kind = kinds[item.kind]
        if kind.territory:
            if item.player not in territories:
                territories[item.player] = territory_shape(mission, item.player)
            t = territories[item.player]
            if t is None:
                out.append(Finding("warning", "kt-no-territory",
                                   Phrase("{item} must stand wholly within player {n}'s territory, but the "
                                          "mission gives player {n} none", item=_name(item, kind), n=item.player),
                                   places=(item.at,)))
            elif shape.difference(t).area > TOUCH_MM2:
                out.append(Finding("error", "kt-equipment-territory",
                                   Phrase("{item} is not wholly within player {n}'s territory",
                                          item=_name(item, kind), n=item.player),
                                   places=(item.at,)))
        if kind.drop_zone_in is not None:
            if item.player not in drop_zones:
                drop_zones[item.player] = _drop_zone_shape(mission, item.player, cat)
            z = drop_zones[item.player]
            if z is None:
                continue  # no drop zone: the no-entry-zone warning says so
            if shape.difference(z.buffer(kind.drop_zone_in * MM_PER_INCH, quad_segs=16)).area > TOUCH_MM2:
                far = max(z.distance(ShapelyPoint(c)) for c in _outline(shape))
                out.append(Finding("error", "kt-equipment-drop-zone",
                                   Phrase("{item} is not wholly within {d:g}\" of player {n}'s drop zone (it "
                                          "reaches {far:.1f}\" from it)", item=_name(item, kind),
                                          d=kind.drop_zone_in, n=item.player, far=_inches(far)),
                                   places=(item.at,)))

    # clear of the access points
    from ...model.names import describe_piece
    from ..kill_team.hatchways import access_points
    doors = access_points(mission)
    for item, shape in zip(mission.equipment, shapes):
        if shape is None:
            continue
        kind = kinds[item.kind]
        if kind.access_in <= 0:
            continue
        near = [a for a in doors if a.door.distance(shape) <= kind.access_in * MM_PER_INCH]
        if near:
            d = min(a.door.distance(shape) for a in near)
            out.append(Finding("error", "kt-equipment-access-point",
                               Phrase("{item} is {d:.1f}\" from the access point of {pieces}; it must be more than "
                                      "{most:g}\" from every access point", item=_name(item, kind), d=_inches(d),
                                      pieces=Listing([describe_piece(a.piece, cat) for a in near]),
                                      most=kind.access_in),
                               pieces=tuple(a.piece.uid for a in near), places=(item.at,)))

    # apart from other equipment terrain, or (mines) from other markers
    markers = [ShapelyPoint(o.at).buffer(MARKER_DIAMETER / 2, quad_segs=16) for o in mission.objectives]
    for n, (item, shape) in enumerate(zip(mission.equipment, shapes)):
        if shape is None:
            continue
        kind = kinds[item.kind]
        if kind.apart_in <= 0:
            continue
        limit = kind.apart_in * MM_PER_INCH
        others = [(m, s) for m, s in enumerate(shapes) if m != n and s is not None
                  and kinds[mission.equipment[m].kind].marker == (kind.apart_from == "markers")]
        close = [mission.equipment[m] for m, s in others if s.distance(shape) <= limit]
        near_markers = [o for o, s in zip(mission.objectives, markers)
                        if kind.apart_from == "markers" and s.distance(shape) <= limit]
        if not close and not near_markers:
            continue
        what = Listing([_name(c, kinds.get(c.kind)) for c in close]
                       + [Phrase("objective marker {id}", id=o.id) for o in near_markers])
        out.append(Finding("error", "kt-equipment-apart",
                           Phrase("{item} is within {most:g}\" of {what}; it must be more than {most:g}\" from "
                                  "{others}", item=_name(item, kind), most=kind.apart_in, what=what,
                                  others=Phrase("other markers") if kind.apart_from == "markers"
                                  else Phrase("other equipment terrain")),
                           places=(item.at,) + tuple(c.at for c in close) + tuple(o.at for o in near_markers),
                           objectives=tuple(o.id for o in near_markers)))
    return out


def _outline(shape: Polygon) -> list[tuple[float, ...]]:
    return list(shape.exterior.coords)


def _territory_findings(mission: Mission) -> list[Finding]:
    """Two players' territories laid over each other."""
    out = []
    players = sorted({t.player for t in mission.territories})
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            ta, tb = territory_shape(mission, a), territory_shape(mission, b)
            if ta is not None and tb is not None and ta.intersection(tb).area > TOUCH_MM2:
                c = ta.intersection(tb).representative_point()
                out.append(Finding("warning", "kt-territories-overlap",
                                   Phrase("the territories of player {n} and player {n2} overlap",
                                          n=a, n2=b),
                                   places=((c.x, c.y),)))
    return out
