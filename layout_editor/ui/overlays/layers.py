"""The overlay layers: QGraphicsItems that draw what the rules core answered
(reach regions, route distances, sight, measured routes, offending pieces)
into any QGraphicsScene whose units are table millimetres.

Each layer takes plain data (shapely geometry, points, numbers) and knows
nothing of the rules core or the editor, so it can be tested on a bare scene.
The data is computed off the UI thread (see rules/overlays.py); the layers
that tint the whole table (regions, route distances) also turn it into paths
and a picture there (`prepare`, see shapes.Drawing), so the UI thread only
swaps in what is ready (`show`).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ..i18n import Overlays, number
from ..items.label import LabelItem
from ..items.paths import cosmetic_pen, text_path
from ..items.stacking import Z_LINES, Z_MARK, Z_TINT
from .shapes import (
    NO_ROUTE_COLOUR,
    REGION_COLOURS,
    SEALED_COLOUR,
    SEVERITY_COLOURS,
    Drawing,
    PathLayer,
    brush,
    geometry_path,
    heat_colour,
    inches,
    is_dark,
    polyline_path,
    tinted,
)


# -- regions ----------------------------------------------------------------------
@dataclass
class PreparedRegions:
    """The regions overlay made ready off the UI thread (see Drawing)."""
    drawing: Drawing
    labels: list   # (text, short text, (x, y), colour, room mm)
    sealed: list   # per region, whether it is sealed


class RegionsLayer(PathLayer):
    """Where a base's centre can stand, one tint per separate region; sealed
    regions hatched in red and labelled; cells no base can enter crossed."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT)
        self.cache_rendering()
        self._drawing = Drawing()
        self._sealed: list[bool] = []
        self._labels: list[LabelItem] = []

    @property
    def region_count(self) -> int:
        return len(self._sealed)

    @property
    def sealed_count(self) -> int:
        return sum(self._sealed)

    def label_texts(self) -> list[str]:
        return [label.text() for label in self._labels]

    @staticmethod
    def prepare(regions: Sequence, unreachable: Sequence = (), scale: float | None = None) -> PreparedRegions:
        """Paths, pens and labels for the regions, and their picture at
        `scale` px per mm (None: no picture). Safe off the UI thread.

        regions: objects with .area (shapely), .sealed (bool) and
        .label_at ((x, y)); unreachable: shapely polygons of cells no base
        of the size can enter."""
        drawing = Drawing()
        labels, sealed = [], []
        for n, region in enumerate(regions):
            colour = REGION_COLOURS[n % len(REGION_COLOURS)]
            path = geometry_path(region.area)
            drawing.add(path, cosmetic_pen(colour.darker(140), 1.5), tinted(colour, 80))
            if region.sealed:
                drawing.add(path, cosmetic_pen(SEALED_COLOUR, 2.5, Qt.PenStyle.DashLine),
                            brush(tinted(SEALED_COLOUR, 170), Qt.BrushStyle.BDiagPattern))
            sealed.append(bool(region.sealed))
            # A label for every region would bury a layout with many small
            # pockets; the sealed ones are what the designer must see.
            if region.sealed or n < 8:
                text = Overlays.tr("Region {n}").format(n=n + 1) + (" · " + Overlays.tr("sealed") if region.sealed else "")
                short = f"{n + 1}" + (" · " + Overlays.tr("sealed") if region.sealed else "")
                labels.append((text, short, tuple(region.label_at), colour,
                               getattr(region, "label_room_mm", 1e9)))
        blocked = QPainterPath()
        blocked.setFillRule(Qt.FillRule.WindingFill)
        for cell in unreachable:
            blocked.addPath(geometry_path(cell))
        drawing.add(blocked, cosmetic_pen(QColor(60, 60, 60, 200), 1.0),
                    brush(QColor(40, 40, 40, 150), Qt.BrushStyle.DiagCrossPattern))
        drawing.render(scale)
        return PreparedRegions(drawing, labels, sealed)

    def set_regions(self, regions: Sequence, unreachable: Sequence = ()) -> None:
        """Show these regions (worked out here: the editor prepares them on
        the worker and calls `show`)."""
        self.show(self.prepare(regions, unreachable))

    def show(self, prepared: PreparedRegions) -> None:
        self.clear_free_labels()
        self._labels = []
        for text, short, at, colour, room in prepared.labels:
            label = self.add_free_label(LabelItem(text, None, colour=colour, anchor="centre", point_size=8.5))
            label.setPos(QPointF(*at))
            label.set_short(short, room)
            self._labels.append(label)
        self._drawing, self._sealed = prepared.drawing, prepared.sealed
        self._set_bounds([prepared.drawing.shown_bounds])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.paint_drawing(painter, self._drawing)


# -- route distances ----------------------------------------------------------------
@dataclass
class PreparedDistances:
    drawing: Drawing
    values: list   # mm per zone, None where there is no route
    texts: list    # what each zone says


class DistanceHeatLayer(PathLayer):
    """Route distance from a source to every zone, as a heat map with the
    distance in inches written in each zone ("no route" where there is none)."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT)
        self.cache_rendering()
        self._drawing = Drawing()
        self._values: list[float | None] = []
        self._texts: list[str] = []

    @property
    def values_mm(self) -> list[float | None]:
        return list(self._values)

    @property
    def cell_texts(self) -> list[str]:
        return list(self._texts)

    @staticmethod
    def prepare(cells: Sequence, source_geometry=None, scale: float | None = None) -> PreparedDistances:
        """The heat map's paths and its picture at `scale` px per mm (None:
        no picture). Safe off the UI thread.

        cells: (polygon, centre (x, y), distance_mm or None) per zone;
        source_geometry: what the distances are measured from, outlined.
        (What the map shows is said in the status bar.)"""
        finite = [d for _, _, d in cells if d is not None and math.isfinite(d)]
        far = max(finite, default=1.0) or 1.0
        drawing = Drawing()
        values, texts, words = [], [], []
        for polygon, centre, d in cells:
            reachable = d is not None and math.isfinite(d)
            colour = heat_colour(d / far) if reachable else NO_ROUTE_COLOUR
            text = inches(d) if reachable else Overlays.tr("no route")
            minx, miny, maxx, maxy = polygon.bounds
            size = min(maxx - minx, maxy - miny)
            # Above the middle of the zone: objective markers snap to zone
            # centres, and wall labels sit halfway along the zone's sides.
            at = (centre[0], centre[1] - 0.28 * size)
            dark = is_dark(colour) if reachable else True
            words.append((text_path(text, at, size * (0.16 if reachable else 0.12)), dark))
            drawing.add(geometry_path(polygon), None, tinted(colour, 150 if reachable else 120))
            values.append(d if reachable else None)
            texts.append(text)
        if source_geometry is not None:
            source = geometry_path(source_geometry)
            drawing.add(source, cosmetic_pen(QColor("#FFFFFF"), 4))
            drawing.add(source, cosmetic_pen(QColor("#111111"), 2, Qt.PenStyle.DashLine))
        # Each zone's number with its halo stroked once, here: one path for
        # all of them would be cheaper to hand over but far dearer to fill
        # (the rasteriser walks the whole path for every zone's pixels).
        stroker = QPainterPathStroker()
        stroker.setWidth(2.2)
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        light, dark_fill = QColor("#FFFFFF"), QColor("#111111")
        dark_halo, light_halo = QColor(0, 0, 0, 150), QColor(255, 255, 255, 170)
        for path, dark in words:
            drawing.add(stroker.createStroke(path), None, dark_halo if dark else light_halo)
            drawing.add(path, None, light if dark else dark_fill)
        drawing.render(scale)
        return PreparedDistances(drawing, values, texts)

    def set_distances(self, cells: Sequence, source_geometry=None) -> None:
        """Show these distances (prepared here: the editor prepares them on
        the worker and calls `show`)."""
        self.show(self.prepare(cells, source_geometry))

    def show(self, prepared: PreparedDistances) -> None:
        self._drawing, self._values, self._texts = prepared.drawing, prepared.values, prepared.texts
        self._set_bounds([prepared.drawing.shown_bounds])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.paint_drawing(painter, self._drawing)


# -- sight ------------------------------------------------------------------------------
VISIBLE_COLOUR = QColor("#2E7D32")
BLOCKED_COLOUR = QColor("#C62828")
VIEW_COLOUR = QColor("#FFC107")
OBSERVER_COLOUR = QColor("#1E88E5")


def _cross(painter: QPainter, p: QPointF, r: float) -> None:
    painter.drawLine(QLineF(p.x() - r, p.y(), p.x() + r, p.y()))
    painter.drawLine(QLineF(p.x(), p.y() - r, p.x(), p.y() + r))


class VisibilityLayer(PathLayer):
    """What can be seen from one point: its visibility polygon."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_TINT + 1)
        self.cache_rendering()
        self._polygon = QPainterPath()
        self._point: QPointF | None = None
        self._area_mm2 = 0.0
        # The caption goes to the status bar, not the table: as a child of
        # a layer under the terrain it would sit under walls and lines.
        self._caption = ""

    @property
    def area_mm2(self) -> float:
        return self._area_mm2

    def caption(self) -> str:
        return self._caption

    def set_view(self, point: tuple[float, float], polygon, caption: str = "",
                 path: QPainterPath | None = None) -> None:
        """`path`: the polygon as a Qt path, made on the worker (else here)."""
        self._point = QPointF(*point)
        self._polygon = path if path is not None else geometry_path(polygon)
        self._area_mm2 = float(polygon.area) if polygon is not None else 0.0
        self._caption = caption
        self._set_bounds([self._polygon.boundingRect(),
                          QRectF(self._point.x() - 10, self._point.y() - 10, 20, 20)])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._point is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(cosmetic_pen(VIEW_COLOUR.darker(150), 2))
        painter.setBrush(tinted(VIEW_COLOUR, 95))
        painter.drawPath(self._polygon)
        painter.setPen(cosmetic_pen(QColor("#111111"), 2.5))
        _cross(painter, self._point, 8)


class BaseSightLayer(PathLayer):
    """Two bases and whether the first sees the second: the proving lines in
    green, a few blocked ones in faint red, a verdict beside the target."""

    MAX_BLOCKED = 24  # drawn; more only hides the proof

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_LINES)
        self.cache_rendering()
        self._bases: list[tuple[QPointF, float, str]] = []
        self._lines: list[QLineF] = []
        self._blocked: list[QLineF] = []
        self._visible: bool | None = None
        self._fully: bool | None = None
        self._label = LabelItem("", self, anchor="right")
        self._cover_marks: list[tuple[QPointF, str]] = []
        self.cover = None  # Kill Team's CoverResult last shown, or None

    def verdict(self) -> str:
        return self._label.text()

    @property
    def visible(self) -> bool | None:
        return self._visible

    @property
    def fully_visible(self) -> bool | None:
        return self._fully

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def set_bases(self, bases: Sequence[tuple[tuple[float, float], float]], result=None, cover=None,
                  corners=None) -> None:
        """bases: ((x, y), diameter_mm) for the observer, then the target;
        result: a SightResult (visible, fully_visible, lines, blocked) or None
        while only the observer is placed; cover: Kill Team's verdict for
        two operatives (kill_team.CoverResult: visible, in_cover, obscured
        and the wall corners and ends that give them), said instead of
        "fully visible"; corners: those corners and ends as
        [((x, y), "cover" | "obscuring" | "passed")], marked on the table."""
        names = ("observer", "target")
        self._bases = [(QPointF(*c), float(d), names[i]) for i, (c, d) in enumerate(bases[:2])]
        self._lines, self._blocked = [], []
        self._visible = self._fully = None
        self._cover_marks = []
        self.cover = cover
        text = ""
        if result is not None and cover is not None:
            self._visible = bool(cover.visible)
            # Kill Team: "clear" (visible, neither in cover nor obscured) is
            # drawn as Boarding Actions' fully visible.
            self._fully = self._visible and not cover.in_cover and not cover.obscured
            self._lines = [QLineF(QPointF(*a), QPointF(*b)) for a, b in result.lines]
            blocked = list(result.blocked)
            step = max(1, len(blocked) // self.MAX_BLOCKED)
            self._blocked = [QLineF(QPointF(*a), QPointF(*b)) for a, b in blocked[::step]]
            if corners is None:
                corners = ([(f.point, "cover") for f in cover.cover_by]
                           + [(f.point, "obscuring") for f in cover.obscured_by])
            self._cover_marks = [(QPointF(*point), kind) for point, kind in corners]
            d1, d2 = self._bases[0][1], self._bases[1][1]
            sizes = Overlays.tr("{d1} mm → {d2} mm base").format(d1=number(d1), d2=number(d2))
            if not cover.visible:
                text = Overlays.tr("Not visible")
            elif cover.in_cover and cover.obscured:
                text = Overlays.tr("Visible, in cover and obscured")
            elif cover.obscured:
                text = Overlays.tr("Visible, obscured")
            elif cover.in_cover:
                text = Overlays.tr("Visible, in cover")
            else:
                text = Overlays.tr("Visible, not in cover")
            text += "\n" + sizes
        elif result is not None:
            self._visible, self._fully = bool(result.visible), bool(result.fully_visible)
            self._lines = [QLineF(QPointF(*a), QPointF(*b)) for a, b in result.lines]
            blocked = list(result.blocked)
            step = max(1, len(blocked) // self.MAX_BLOCKED)
            self._blocked = [QLineF(QPointF(*a), QPointF(*b)) for a, b in blocked[::step]]
            d1, d2 = self._bases[0][1], self._bases[1][1]
            sizes = Overlays.tr("{d1} mm → {d2} mm base").format(d1=number(d1), d2=number(d2))
            if self._fully:
                text = Overlays.tr("Fully visible") + "\n" + sizes
            elif self._visible:
                text = Overlays.tr("Visible, not fully (cover)") + "\n" + sizes
            else:
                text = Overlays.tr("Not visible") + "\n" + sizes
        elif self._bases:
            text = Overlays.tr("Observer placed: click the target")
        self._label.set_text(text, colour=(VISIBLE_COLOUR if self._fully else QColor("#F9A825")
                                           if self._visible else BLOCKED_COLOUR)
                             if result is not None else None)
        if self._bases:
            c, d, _ = self._bases[-1]
            self._label.setPos(QPointF(c.x() + d / 2, c.y()))
        rects = [QRectF(c.x() - d / 2, c.y() - d / 2, d, d) for c, d, _ in self._bases]
        rects += [QRectF(line.p1(), line.p2()).normalized() for line in self._lines + self._blocked]
        rects += [QRectF(p.x() - 8, p.y() - 8, 16, 16) for p, _ in self._cover_marks]
        self._set_bounds(rects, margin=4)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(cosmetic_pen(tinted(BLOCKED_COLOUR, 110), 1, Qt.PenStyle.DashLine))
        for line in self._blocked:
            painter.drawLine(line)
        painter.setPen(cosmetic_pen(tinted(VISIBLE_COLOUR, 230), 2))
        for line in self._lines:
            painter.drawLine(line)
        for point, kind in self._cover_marks:
            # The wall corner or end that gives cover (amber), obscures
            # (purple), or that the shooter has passed (grey: it counts for nothing).
            colour = {"cover": QColor("#F9A825"), "obscuring": QColor("#7B1FA2")}.get(kind, QColor("#90A4AE"))
            painter.setPen(cosmetic_pen(colour.darker(140), 1.5))
            painter.setBrush(tinted(colour, 200))
            painter.drawPolygon(QPolygonF([QPointF(point.x(), point.y() - 7), QPointF(point.x() + 7, point.y()),
                                           QPointF(point.x(), point.y() + 7), QPointF(point.x() - 7, point.y())]))
        for i, (c, d, _) in enumerate(self._bases):
            colour = OBSERVER_COLOUR if i == 0 else (
                VISIBLE_COLOUR if self._fully else QColor("#F9A825") if self._visible
                else BLOCKED_COLOUR if self._visible is False else QColor("#546E7A"))
            painter.setPen(cosmetic_pen(QColor("#FFFFFF"), 4))
            painter.setBrush(tinted(colour, 120))
            painter.drawEllipse(c, d / 2, d / 2)
            painter.setPen(cosmetic_pen(colour, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(c, d / 2, d / 2)


# -- measure ---------------------------------------------------------------------------
ROUTE_COLOUR = QColor("#00838F")
STRAIGHT_COLOUR = QColor("#FFB300")


class MeasureLayer(PathLayer):
    """A tape measure: the route around walls with its length in inches, the
    straight line (which ignores walls, as for Deep Strike) beside it."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_LINES)
        self.cache_rendering()
        self._ends: list[QPointF] = []
        self._route = QPainterPath()
        self._route_points: list[tuple[float, float]] = []
        self._straight: QLineF | None = None
        self._label = LabelItem("", self, anchor="right")
        self.route_mm: float | None = None
        self.straight_mm: float | None = None

    def caption(self) -> str:
        return self._label.text()

    @property
    def route_points(self) -> list[tuple[float, float]]:
        return list(self._route_points)

    def set_start(self, point: tuple[float, float]) -> None:
        self._ends = [QPointF(*point)]
        self._route, self._route_points, self._straight = QPainterPath(), [], None
        self.route_mm = self.straight_mm = None
        self._label.setPos(self._ends[0])
        self._label.set_text(Overlays.tr("Click where to measure to"))
        self._set_bounds([QRectF(self._ends[0].x() - 10, self._ends[0].y() - 10, 20, 20)])

    def set_note(self, text: str) -> None:
        self._label.set_text(text, colour=BLOCKED_COLOUR)

    def set_measurement(self, p1: tuple[float, float], p2: tuple[float, float],
                        route: Sequence[tuple[float, float]], route_mm: float | None,
                        straight_mm: float, note: str = "") -> None:
        self._ends = [QPointF(*p1), QPointF(*p2)]
        self._route_points = [tuple(p) for p in route]
        self._route = polyline_path(self._route_points)
        self._straight = QLineF(self._ends[0], self._ends[1])
        self.route_mm, self.straight_mm = route_mm, straight_mm
        if route_mm is None:
            first = Overlays.tr("No route: infinitely far")
        else:
            first = Overlays.tr("Route {inches}  ({mm} mm)").format(inches=inches(route_mm), mm=f"{route_mm:.0f}")
        lines = [first, Overlays.tr("Straight {inches}  ({mm} mm)").format(inches=inches(straight_mm),
                                                                   mm=f"{straight_mm:.0f}")]
        if note:
            lines.append(note)
        self._label.set_text("\n".join(lines), colour=ROUTE_COLOUR if route_mm is not None else BLOCKED_COLOUR)
        self._label.setPos(self._ends[1])
        self._set_bounds([self._route.boundingRect(), QRectF(self._ends[0], self._ends[1]).normalized()],
                         margin=12)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._straight is not None:
            painter.setPen(cosmetic_pen(QColor(0, 0, 0, 120), 4))
            painter.drawLine(self._straight)
            painter.setPen(cosmetic_pen(STRAIGHT_COLOUR, 2, Qt.PenStyle.DashLine))
            painter.drawLine(self._straight)
        if not self._route.isEmpty():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic_pen(QColor(255, 255, 255, 220), 6))
            painter.drawPath(self._route)
            painter.setPen(cosmetic_pen(ROUTE_COLOUR, 3))
            painter.drawPath(self._route)
            painter.setPen(cosmetic_pen(ROUTE_COLOUR.darker(130), 7))
            for x, y in self._route_points[1:-1]:
                painter.drawPoint(QPointF(x, y))
        for p in self._ends:
            painter.setPen(cosmetic_pen(QColor("#FFFFFF"), 5))
            _cross(painter, p, 7)
            painter.setPen(cosmetic_pen(QColor("#111111"), 2))
            _cross(painter, p, 7)


# -- offending pieces ------------------------------------------------------------------
class OffenderLayer(PathLayer):
    """Outlines the pieces the findings are about, in the colour of the worst
    finding for each, so a problem is seen on the table, not only listed."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(parent, Z_MARK)
        self.cache_rendering()
        self._marks: list[tuple[QPainterPath, QColor]] = []
        self._places: list[tuple[QPointF, QColor]] = []
        self.marked: dict[int, str] = {}

    def set_marks(self, outlines: dict[int, tuple[object, str]],
                  places: Sequence[tuple[tuple[float, float], str]] = ()) -> None:
        """outlines: piece uid -> (shapely outline, worst severity);
        places: table points a finding concerns without a piece (objectives
        too close, an unreachable objective) with their severity."""
        self._marks, rects = [], []
        self.marked = {uid: sev for uid, (_, sev) in outlines.items()}
        for geom, severity in outlines.values():
            path = geometry_path(geom.buffer(3.0, join_style="mitre"))
            self._marks.append((path, SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS["info"])))
            rects.append(path.boundingRect())
        self._places = [(QPointF(*p), SEVERITY_COLOURS.get(s, SEVERITY_COLOURS["info"])) for p, s in places]
        rects += [QRectF(p.x() - 26, p.y() - 26, 52, 52) for p, _ in self._places]
        self._set_bounds(rects)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for path, colour in self._marks:
            painter.setPen(cosmetic_pen(QColor(255, 255, 255, 200), 5))
            painter.setBrush(tinted(colour, 60))
            painter.drawPath(path)
            painter.setPen(cosmetic_pen(colour, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        for p, colour in self._places:
            painter.setPen(cosmetic_pen(colour, 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(p, 25, 25)
