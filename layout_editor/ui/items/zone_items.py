"""Entry zones and named regions on the table, and the brush preview while
painting them.

Entry zones are tinted per player (colour-blind-safe colours, each with its
own hatching so they differ even in greyscale) and labelled with the
player's number and the zone's name. Named regions (airlock, reactor ...)
are outlined with a dashed line and carry their name, so they read over the
player tints. The items draw the mission; they never hold state of their own.
"""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ...model.deployments import player_colour
from ...model.lattice import Placement
from ...model.mission import Mission
from ...model.placement_edits import CellRef, entry_zone_name, player_cells, region_cells, region_names
from ..i18n import tr
from .boxed import BoxedItem
from .label import LabelItem
from .paths import cosmetic_pen
from .stacking import Z_ENTRY_ZONES, Z_GHOST, Z_REGIONS, Z_ZONE_LABELS

REGION_LINE = QColor("#263238")
REGION_FILL = QColor(38, 50, 56, 28)

# A second cue besides colour: each player's tint carries its own hatching.
PLAYER_PATTERNS = {
    1: Qt.BrushStyle.BDiagPattern,
    2: Qt.BrushStyle.FDiagPattern,
    3: Qt.BrushStyle.HorPattern,
    4: Qt.BrushStyle.VerPattern,
}


def colour_of(player: int) -> QColor:
    return QColor(player_colour(player))


def player_label(mission: Mission, player: int) -> str:
    name = entry_zone_name(mission, player)
    label = tr("Player {player}").format(player=player)
    return f"{label}: {name}" if name else label


def cells_path(mission: Mission, cells: Iterable[CellRef]) -> QPainterPath:
    """The outline of a set of cells, merged into one path per touching
    group, in table millimetres."""
    places = {b.id: Placement.of(b) for b in mission.boards}
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for board_id, cell in cells:
        pl = places.get(board_id)
        if pl is None or not pl.has_cell(cell):
            continue
        path.addPolygon(QPolygonF([QPointF(*p) for p in pl.cell_corners_table(cell)]))
        path.closeSubpath()
    return path.simplified()


def label_point(mission: Mission, cells: Iterable[CellRef]) -> QPointF | None:
    """Where a zone's label goes: the centre of its cell nearest the middle
    of all its cells (so an L-shaped zone is labelled on itself)."""
    places = {b.id: Placement.of(b) for b in mission.boards}
    centres = [places[b].cell_centre_table(c) for b, c in cells if b in places]
    if not centres:
        return None
    mx = sum(x for x, _ in centres) / len(centres)
    my = sum(y for _, y in centres) / len(centres)
    x, y = min(centres, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
    return QPointF(x, y)


def _inward(mission: Mission, zone: QRectF, at: QPointF) -> tuple[QPointF, str]:
    """Where a zone's label goes so that it reads over the battlefield, not
    off its edge: a zone in the left half is labelled from its left edge
    rightwards, one in the right half from its right edge leftwards, one
    across the middle in its middle. (Labels keep their screen size, so at
    a small zoom they are wider than a corner zone.)"""
    boxes = [Placement.of(b).bounds for b in mission.boards]
    if not boxes:
        return at, "centre"
    mid = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
    if zone.right() <= mid:
        return QPointF(zone.left(), at.y()), "right"
    if zone.left() >= mid:
        return QPointF(zone.right(), at.y()), "left"
    return at, "centre"


# A zone's or region's name may stick out past its cells and still read as
# its own: an entry zone's up to two and a half times the zone's width, a
# region's (often one beside the next) one and a half. Zoomed out further,
# names run into their neighbours: an entry zone then shows its player's
# short name (P1), and a region's name goes.
# (LabelItem.set_short: the label may be 2 x this x the area's width.)
ZONE_LABEL_ROOM = 1.25
REGION_LABEL_ROOM = 0.75


def _top_edge(path: QPainterPath, at: QPointF) -> QPointF:
    """The top edge of a zone path straight above a point inside it."""
    y = at.y()
    while path.contains(QPointF(at.x(), y - 10.0)):
        y -= 10.0
    # Settle on the edge to the millimetre.
    while path.contains(QPointF(at.x(), y - 1.0)):
        y -= 1.0
    return QPointF(at.x(), y)


class _ZoneLayer(BoxedItem):
    """Common base: an item that draws prepared paths and never takes the
    mouse (the tools see through it)."""

    def __init__(self, z: float, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self._labels: list[LabelItem] = []
        self._keys: list[tuple] = []  # what each label names, for the map's label placer

    # Labels are items of their own on the scene, not children: a child
    # stacks with its parent, under the terrain, where walls would cover
    # the names. They follow this item onto and off a scene.
    def _clear_labels(self) -> None:
        for label in self._labels:
            if label.scene() is not None:
                label.scene().removeItem(label)
        self._labels = []
        self._keys = []

    def labels_by_key(self) -> dict[tuple, LabelItem]:
        return dict(zip(self._keys, self._labels))

    def _add_label(self, text: str, at: QPointF, colour: QColor | None = None,
                   anchor: str = "centre", short: str | None = None, room_mm: float = 0.0,
                   key: tuple = ()) -> None:
        """A caption at `at`; zoomed out until it is wider than twice
        `room_mm` of table, it shows `short` instead ("" shows nothing)."""
        label = LabelItem(text, None, colour=colour, anchor=anchor, point_size=9.0)
        if short is not None:
            label.set_short(short, room_mm)
        label.setZValue(Z_ZONE_LABELS)
        label.setPos(at)
        label.setVisible(self.isVisible())
        self._labels.append(label)
        self._keys.append(key)
        if self.scene() is not None:
            self.scene().addItem(label)

    def itemChange(self, change, value):
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            for label in self._labels:
                if label.scene() is not None and label.scene() is not value:
                    label.scene().removeItem(label)
                if value is not None and label.scene() is None:
                    value.addItem(label)
        elif change == QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged:
            for label in self._labels:
                label.setVisible(bool(value))
        return super().itemChange(change, value)

    def label_texts(self) -> list[str]:
        return [label.text() for label in self._labels]

    def _set_bounds(self, paths: Iterable[QPainterPath]) -> None:
        r = QRectF()
        for p in paths:
            r = r.united(p.boundingRect())
        self.set_box(r.adjusted(-3, -3, 3, 3) if not r.isNull() else QRectF())
        self.update()


class EntryZonesItem(_ZoneLayer):
    """Every player's entry zone: tint, hatching, a strong outline and a
    label with the player's colour."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(Z_ENTRY_ZONES, parent)
        self._zones: list[tuple[int, QPainterPath]] = []

    def set_mission(self, mission: Mission) -> None:
        self._clear_labels()
        self._zones = []
        for player in sorted({z.player for z in mission.entry_zones}):
            cells = player_cells(mission, player)
            path = cells_path(mission, cells)
            if path.isEmpty():
                continue
            self._zones.append((player, path))
            at = label_point(mission, cells)
            if at is not None:
                at, anchor = _inward(mission, path.boundingRect(), at)
                self._add_label(player_label(mission, player), at, colour_of(player), anchor,
                                short=tr("P{n}").format(n=player),
                                room_mm=ZONE_LABEL_ROOM * path.boundingRect().width(), key=("zone", player))
        self._set_bounds(p for _, p in self._zones)

    def players(self) -> list[int]:
        return [player for player, _ in self._zones]

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for player, path in self._zones:
            colour = colour_of(player)
            tint = QColor(colour)
            tint.setAlpha(85)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawPath(path)
            hatch = QColor(colour.darker(130))
            hatch.setAlpha(110)
            painter.setBrush(QBrush(hatch, PLAYER_PATTERNS.get(player, Qt.BrushStyle.CrossPattern)))
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(colour.darker(115), 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)


class NamedRegionsItem(_ZoneLayer):
    """The mission's named regions: a dashed outline, a faint shade and the
    name. (Not the rules overlay's reach regions: these are the areas a
    mission names, such as an airlock or a reactor.)"""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(Z_REGIONS, parent)
        self._regions: list[tuple[str, QPainterPath]] = []
        self._marked: str | None = None

    def set_mission(self, mission: Mission) -> None:
        self._clear_labels()
        self._regions = []
        for name in region_names(mission):
            cells = region_cells(mission, name)
            path = cells_path(mission, cells)
            if path.isEmpty():
                continue
            self._regions.append((name, path))
            at = label_point(mission, cells)
            if at is not None:
                # A caption on the region's top edge, like a room name on a
                # deck plan: it clears the marker that often stands inside.
                top = _top_edge(path, at)
                self._add_label(name, top, None, "above", short="",
                                room_mm=REGION_LABEL_ROOM * path.boundingRect().width(), key=("region", name))
        self._set_bounds(p for _, p in self._regions)

    def set_marked(self, name: str | None) -> None:
        """Outline one region more strongly (the one being painted)."""
        if name != self._marked:
            self._marked = name
            self.update()

    def names(self) -> list[str]:
        return [name for name, _ in self._regions]

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for name, path in self._regions:
            marked = name == self._marked
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(REGION_FILL)
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(QColor("#ffffff"), 4.5 if marked else 3.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(REGION_LINE, 2.5 if marked else 1.8, Qt.PenStyle.DashLine))
            painter.drawPath(path)


class CellBrushPreview(_ZoneLayer):
    """The cells a brush stroke will paint or erase, shown while dragging;
    the mission changes only when the stroke ends (one undo step)."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(Z_GHOST, parent)
        self._path = QPainterPath()
        self._colour = QColor("#000000")
        self._erase = False
        self._cells: list[CellRef] = []

    @property
    def cells(self) -> list[CellRef]:
        return list(self._cells)

    @property
    def erasing(self) -> bool:
        return self._erase

    def show_cells(self, mission: Mission, cells: Iterable[CellRef], colour: QColor, erase: bool) -> None:
        self._cells = list(cells)
        self._path = cells_path(mission, self._cells)
        self._colour = QColor(colour)
        self._erase = erase
        self._set_bounds([self._path])

    def clear(self) -> None:
        self._cells = []
        self._path = QPainterPath()
        self._set_bounds([])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._path.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._erase:
            # Erasing: the cells go pale with a red cross-hatch.
            painter.setPen(cosmetic_pen(QColor("#c62828"), 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 255, 255, 150))
            painter.drawPath(self._path)
            painter.setBrush(QBrush(QColor(198, 40, 40, 160), Qt.BrushStyle.DiagCrossPattern))
            painter.drawPath(self._path)
        else:
            fill = QColor(self._colour)
            fill.setAlpha(140)
            painter.setPen(cosmetic_pen(self._colour.darker(140), 2.5))
            painter.setBrush(fill)
            painter.drawPath(self._path)


def place_names(mission: Mission, zones: EntryZonesItem, regions: NamedRegionsItem,
                objective_labels: dict | None = None) -> None:
    """Move the entry-zone and region names to where they cover no piece
    code, marker or other name (export.labels: the same placer the printed
    maps use), each centred on the spot found."""
    from ...export.labels import place_editor_names

    sizes, code = name_sizes(zones, regions)
    move_names(zones, regions, place_editor_names(mission, sizes, code, objective_labels))


def name_sizes(zones: EntryZonesItem, regions: NamedRegionsItem) -> tuple[dict, tuple[float, float]]:
    """What export.labels.place_editor_names needs of the window: each
    name's box and a piece code's, in pixels (fonts are the UI thread's;
    the placing itself may then run on the worker)."""
    from PySide6.QtGui import QFontMetricsF

    from ...export.labels import EDITOR_PX_PER_MM
    from . import style

    sizes = {}
    for key, label in {**zones.labels_by_key(), **regions.labels_by_key()}.items():
        label.set_anchor("centre")
        box = label.box(EDITOR_PX_PER_MM)  # what it shows there: "P1" for a long name
        if box.isEmpty():
            box = label.box()  # shown only zoomed further in
        sizes[key] = (box.width(), box.height())
    fm = QFontMetricsF(style.label_font(11))
    return sizes, (fm.horizontalAdvance("B3-2") + 6, fm.height())


def move_names(zones: EntryZonesItem, regions: NamedRegionsItem, placed: dict) -> None:
    """Centre each name on its spot from place_editor_names (a name made
    since that answer keeps where it is until the next one)."""
    labels = {**zones.labels_by_key(), **regions.labels_by_key()}
    for key, ((x, y), _leader) in placed.items():
        label = labels.get(key)
        if label is not None:
            label.setPos(QPointF(x, y))
