"""The overlay toolbar and what it drives: which overlays are shown, the base
size and hatchway view they use, and the clicks of the measure, sight and
distance tools.

`OverlayController` owns the overlay layers in the scene and asks the rules
core through the analysis worker (one channel per overlay, newest wins), so
a click or an edit never waits for shapely. It knows the editor only through
`follow(current_mission)` (where to read the table from), `set_mission`
(call it after a change: the showing overlays ask again), `press`/`move`
(the table point under the mouse while one of its tools is active) and
`tool_changed` (which tool the editor made active).

A Kill Team mission asks the rules core's Kill Team answers: routes
(distances, measure) go through every hatchway as operable, +1" for each
access point crossed (kt-rules: `compute_kt_distances`, `compute_kt_measure`),
and two bases placed with Sight get the cover verdict (visible, in cover,
obscured: `compute_kt_cover`). Every hatchway starts closed and an operative
opens it, so for Kill Team the "as set" view means, as the rules core reads
it (rules/kill_team): moving (routes, regions, first-turn reach) through
every hatchway opened, seeing (sight, seen from the enemy) with them all
closed. "All open" and "all closed" are what they say.
"""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, QT_TRANSLATE_NOOP, QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QGraphicsScene, QLabel, QToolBar

from ...games import KILL_TEAM, game_of
from ...rules import overlays as compute
from ...rules.overlays import BASE_SIZES_MM, HATCH_VIEWS
from .. import i18n
from ..analysis_worker import AnalysisWorker
from ..i18n import Overlays, tr
from .layers import BaseSightLayer, DistanceHeatLayer, MeasureLayer, RegionsLayer, VisibilityLayer
from .shapes import geometry_path, view_scale

# Tools the controller answers clicks for.
MEASURE = "measure"
SIGHT = "sight"
DISTANCE = "distance"
SIGHT_POINT = "point"   # sight tool: visibility polygon of a clicked point
SIGHT_BASES = "bases"   # sight tool: two bases, visible / fully visible
# The worker's channels as the status bar names them.
# (The shared context: the overlays and tools are named alike everywhere.)
CHANNEL_NAMES = {"regions": QT_TR_NOOP("Regions"), "distances": QT_TR_NOOP("Route distances"),
                 "sight": QT_TR_NOOP("Sight"), "measure": QT_TR_NOOP("Measure")}
# The hatchway views as the toolbar's box offers them, after "Hatchways".
HATCH_VIEW_CHOICES = {"as-set": QT_TRANSLATE_NOOP("Overlays", "as set"),
                      "open": QT_TRANSLATE_NOOP("Overlays", "all open"),
                      "closed": QT_TRANSLATE_NOOP("Overlays", "all closed")}




# Jobs for the analysis worker's thread: the rules core's answer, and the
# layer's paths and picture made from it there, so the UI thread only shows
# them. (compute.* is looked up when the job runs: tests stand in for it.)
def regions_job(mission, base_mm: float, hatches: str, scale: float | None):
    data = compute.compute_regions(mission, base_mm, hatches)
    return data, RegionsLayer.prepare(data.regions, data.unreachable, scale)


def visibility_job(mission, point, hatches: str):
    """What a point sees, and its outline as a Qt path (a visibility
    polygon on eight boards has thousands of corners)."""
    data = compute.compute_visibility(mission, point, hatches)
    return data, (geometry_path(data.polygon) if data.polygon is not None else None)


def picture_job(layer, drawing, scale: float):
    return layer, drawing, drawing.at_scale(scale)


def kt_distances(mission, source, hatches: str = "open") -> compute.DistancesData:
    """Kill Team route distances (mm) from a drop zone or a point to the
    centre of every zone: the rules core's Kill Team routes
    (kill_team.distances_from: 1" more per access point crossed), laid out
    as compute_distances lays out Boarding Actions'."""
    from shapely.geometry import Point

    from ...phrases import Phrase
    from ...rules import kill_team
    from ...rules.checks import entry_zone_geometry
    from ...rules.paths import MeasureError

    cells = compute.all_cells(mission)
    kind, value = source
    view = compute.hatch_view(hatches)
    if kind == "player":
        geom = entry_zone_geometry(mission, int(value))
        if geom is None:
            return compute.DistancesData([], None, None, Phrase("player {n} has no drop zone yet", n=int(value)))
        caption = Phrase("Route distances from player {n}'s drop zone, {view}, 1\" more per access point",
                         n=int(value), view=view)
        src, shown = geom, geom
    else:
        src = (float(value[0]), float(value[1]))
        caption = Phrase("Route distances from the marked point, {view}, 1\" more per access point", view=view)
        shown = Point(src).buffer(6.0)
    try:
        found = kill_team.distances_from(mission, src, [centre for *_, centre in cells], hatches=hatches)
    except MeasureError as e:
        return compute.DistancesData([], shown, None, compute._point_problem(e))  # the same words as Boarding Actions'
    values = [d if d is not None and math.isfinite(d) else None for d in found]
    return compute.DistancesData([(poly, centre, d) for (_, _, poly, centre), d in zip(cells, values)],
                                 shown, caption)


def distances_job(mission, source, hatches: str, scale: float | None, kill_team: bool = False):
    if kill_team:
        data = kt_distances(mission, source, hatches)
    else:
        data = compute.compute_distances(mission, source, hatches)
    if data.problem:
        return data, None
    return data, DistanceHeatLayer.prepare(data.cells, data.source_geometry, scale)


class OverlayController(QObject):
    """message(text): something for the status bar (a summary of what an
    overlay shows, or why a click gave nothing).
    toolRequested(name or ""): the user picked (or dropped) one of the
    overlay tools on the toolbar; the editor makes it the active tool."""

    message = Signal(str)
    toolRequested = Signal(str)
    updated = Signal(str)  # an overlay redrew with a fresh answer (tests wait on it)

    def __init__(self, scene: QGraphicsScene, worker: AnalysisWorker, parent: QObject | None = None):
        super().__init__(parent)
        self._scene = scene
        self._worker = worker
        self._mission_ = None
        self._current = None  # a callable giving the mission on the table now
        self._said_kill_team = False  # the toolbar's words are Kill Team's
        self.hatches = "as-set"
        self.base_mm = 32.0

        self.regions_layer = RegionsLayer()
        self.distance_layer = DistanceHeatLayer()
        self.visibility_layer = VisibilityLayer()
        self.sight_layer = BaseSightLayer()
        self.measure_layer = MeasureLayer()
        for layer in self._layers():
            layer.setVisible(False)
            scene.addItem(layer)
        for layer in (self.regions_layer, self.distance_layer):
            layer.sharpen = self.sharpen

        self.regions_on = False
        self.distances_on = False
        self.distance_source: tuple[str, Any] = ("player", 1)
        self.sight_mode = SIGHT_POINT
        self._sight_point: tuple[float, float] | None = None
        self._bases: list[tuple[tuple[float, float], float]] = []
        self._measure_from: tuple[float, float] | None = None
        self._measure_to: tuple[float, float] | None = None
        self._measure_fixed = False
        self.active_tool = ""

        worker.resultReady.connect(self._on_result)
        worker.jobFailed.connect(self._on_failed)
        self._toolbar: QToolBar | None = None

    def _layers(self):
        return (self.regions_layer, self.distance_layer, self.visibility_layer,
                self.sight_layer, self.measure_layer)

    # -- the toolbar --------------------------------------------------------------------
    def toolbar(self, bar: QToolBar | None = None,
                tool_actions: dict[str, QAction] | None = None) -> QToolBar:
        """Fill the "Overlays" toolbar: toggles, tools, base size and
        hatchway view. `tool_actions` are the editor's actions for the
        measure and sight tools (so the window's one-tool-at-a-time group
        keeps them honest); without them the controller makes its own."""
        if self._toolbar is not None:
            return self._toolbar
        tb = bar if bar is not None else QToolBar(Overlays.tr("Overlays"))
        if bar is None:
            tb.setObjectName("overlays")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.regions_action = QAction(tr("Regions"), tb)
        self.regions_action.setObjectName("overlay-regions")
        self.regions_action.setCheckable(True)
        self.regions_action.setShortcut(QKeySequence("Shift+R"))
        self.regions_action.setToolTip(Overlays.tr("Tint each area a base can reach; sealed areas hatched red (Shift+R)"))
        self.regions_action.toggled.connect(self.set_regions_visible)
        tb.addAction(self.regions_action)

        self.distances_action = QAction(Overlays.tr("Distances"), tb)
        self.distances_action.setObjectName("overlay-distances")
        self.distances_action.setCheckable(True)
        self.distances_action.setShortcut(QKeySequence("Shift+D"))
        self.distances_action.setToolTip(Overlays.tr("Route distance to every zone, in inches (Shift+D)"))
        self.distances_action.toggled.connect(self.set_distances_visible)
        tb.addAction(self.distances_action)
        self.source_combo = QComboBox(tb)
        self.source_combo.setObjectName("distanceSource")
        self._fill_sources(2)
        self.source_combo.activated.connect(self._source_picked)
        tb.addWidget(self.source_combo)
        tb.addSeparator()

        if tool_actions:
            self.measure_action = tool_actions[MEASURE]
            self.sight_action = tool_actions[SIGHT]
            tb.addAction(self.measure_action)
            tb.addAction(self.sight_action)
        else:
            # Standalone (no editor window): one tool at a time, or none.
            self._tool_group = QActionGroup(tb)
            self._tool_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
            self.measure_action = QAction(tr("Measure"), tb)  # as the editor's tool is named
            self.sight_action = QAction(tr("Sight"), tb)
            self.measure_action.setObjectName("overlay-measure")
            self.sight_action.setObjectName("overlay-sight")
            for action, name in ((self.measure_action, MEASURE), (self.sight_action, SIGHT)):
                action.setCheckable(True)
                action.setData(name)
                self._tool_group.addAction(action)
                tb.addAction(action)
            self._tool_group.triggered.connect(
                lambda a: self.request_tool(a.data() if a.isChecked() else ""))
        self.sight_combo = QComboBox(tb)
        self.sight_combo.setObjectName("sightMode")
        self.sight_combo.addItem(Overlays.tr("from a point"), SIGHT_POINT)
        self.sight_combo.addItem(Overlays.tr("base to base"), SIGHT_BASES)
        self.sight_combo.setToolTip(Overlays.tr("Sight: what a point sees, or whether one base sees another"))
        self.sight_combo.activated.connect(self._sight_mode_picked)
        tb.addWidget(self.sight_combo)
        tb.addSeparator()

        tb.addWidget(QLabel(Overlays.tr(" Base "), tb))
        self.base_combo = QComboBox(tb)
        self.base_combo.setObjectName("baseSize")
        self.base_combo.setToolTip(Overlays.tr("Base diameter for regions and for the next base placed with Sight"))
        for d in BASE_SIZES_MM:
            self.base_combo.addItem(f"{i18n.number(d)} mm", d)
        self.base_combo.setCurrentIndex(BASE_SIZES_MM.index(self.base_mm))
        self.base_combo.activated.connect(lambda i: self.set_base_mm(self.base_combo.itemData(i)))
        tb.addWidget(self.base_combo)

        tb.addWidget(QLabel(Overlays.tr(" Hatchways "), tb))
        self.hatch_combo = QComboBox(tb)
        self.hatch_combo.setObjectName("hatchView")
        for h in HATCH_VIEWS:
            self.hatch_combo.addItem(Overlays.tr(HATCH_VIEW_CHOICES[h]), h)
        self.hatch_combo.activated.connect(lambda i: self.set_hatches(self.hatch_combo.itemData(i)))
        tb.addWidget(self.hatch_combo)

        self.clear_action = QAction(Overlays.tr("Clear"), tb)
        self.clear_action.setObjectName("overlay-clear")
        self.clear_action.setToolTip(Overlays.tr("Take the measure and sight marks off the table (Esc)"))
        self.clear_action.triggered.connect(self.clear_marks)
        tb.addAction(self.clear_action)
        self._say_game()
        # The boxes grow with their entries, or German reads "wie geset…".
        for combo in (self.source_combo, self.sight_combo, self.base_combo, self.hatch_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._toolbar = tb
        return tb

    def _say_game(self) -> None:
        """The toolbar's words for the mission's game (a Kill Team player
        starts in a drop zone)."""
        if not hasattr(self, "hatch_combo"):
            return
        if self.kill_team:
            self.source_combo.setToolTip(Overlays.tr("Measure route distances from a player's drop zone, "
                                                     "or from a point you click"))
            self.hatch_combo.setToolTip(Overlays.tr("Kill Team: as set, every hatchway is closed for sight and "
                                                    "regions, and routes go through them as operatives open "
                                                    "them, 1\" more per access point; or all open, or all closed"))
        else:
            self.source_combo.setToolTip(Overlays.tr("Measure route distances from a player's entry zone, "
                                                     "or from a point you click"))
            self.hatch_combo.setToolTip(Overlays.tr("Show every overlay with the hatchways as set, all open or all closed"))

    def _fill_sources(self, players: int) -> None:
        combo = self.source_combo
        current = self.distance_source
        combo.clear()
        for n in range(1, players + 1):
            combo.addItem(Overlays.tr("from player {n}").format(n=n), ("player", n))
        combo.addItem(Overlays.tr("from a clicked point"), ("point", None))
        for i in range(combo.count()):
            data = combo.itemData(i)
            if data[0] == current[0] and (data[0] == "point" or data[1] == current[1]):
                combo.setCurrentIndex(i)
                break

    def _source_picked(self, index: int) -> None:
        kind, n = self.source_combo.itemData(index)
        if kind == "player":
            self.set_distance_source(("player", n))
            if self.active_tool == DISTANCE:
                self.request_tool("")  # no point to click any more
        else:
            # The point comes from a click: hand the mouse to the distance tool.
            if self.distance_source[0] != "point":
                self.distance_source = ("point", None)
            if not self.distances_action.isChecked():
                self.distances_action.setChecked(True)
            self.request_tool(DISTANCE)

    def _sight_mode_picked(self, index: int) -> None:
        self.set_sight_mode(self.sight_combo.itemData(index))
        # Picking how to look is asking to look: hand the mouse to Sight.
        if self.active_tool == SIGHT:
            self._hint()
        else:
            self.request_tool(SIGHT)

    def request_tool(self, name: str) -> None:
        """The toolbar asks for one of the overlay tools ("" for none)."""
        self.toolRequested.emit(name)
        self.tool_changed(name)

    def tool_changed(self, name: str) -> None:
        """The active tool is now `name` (maybe one of the editor's own):
        say what to do with it, and keep the toolbar's check marks honest."""
        name = name if name in (MEASURE, SIGHT, DISTANCE) else ""
        changed = name != self.active_tool
        self.active_tool = name
        if changed:
            self._hint()
        if self._toolbar is None or not hasattr(self, "_tool_group"):
            return  # the editor's own tool actions keep their check marks
        for action in (self.measure_action, self.sight_action):
            action.blockSignals(True)
            action.setChecked(action.data() == self.active_tool)
            action.blockSignals(False)

    def _hint(self) -> None:
        """Tell the user what the active overlay tool wants next."""
        name = self.active_tool
        if name == MEASURE:
            self.message.emit(Overlays.tr("Measure: click where to measure from, then where to"))
        elif name == SIGHT:
            self.message.emit(Overlays.tr("Sight: click a point to see what it sees") if self.sight_mode == SIGHT_POINT
                              else Overlays.tr("Sight: click the observer's base ({mm} mm), then the target's").format(
                                  mm=i18n.number(self.base_mm)))
        elif name == DISTANCE:
            self.message.emit(Overlays.tr("Click on the table: route distances from that point"))

    # -- settings ---------------------------------------------------------------------
    def set_hatches(self, hatches: str) -> None:
        if hatches not in HATCH_VIEWS:
            raise ValueError(f"hatchway view must be one of {HATCH_VIEWS}, not {hatches!r}")
        self.hatches = hatches
        if self._toolbar is not None:
            self.hatch_combo.setCurrentIndex(HATCH_VIEWS.index(hatches))
        self.refresh()

    def set_base_mm(self, base_mm: float) -> None:
        self.base_mm = float(base_mm)
        if self._toolbar is not None and self.base_mm in BASE_SIZES_MM:
            self.base_combo.setCurrentIndex(BASE_SIZES_MM.index(self.base_mm))
        self._refresh_regions()

    def set_regions_visible(self, on: bool) -> None:
        self.regions_on = bool(on)
        if self._toolbar is not None and self.regions_action.isChecked() != self.regions_on:
            self.regions_action.setChecked(self.regions_on)
        if not on:
            self._worker.cancel("regions")
            self.regions_layer.setVisible(False)
        self._refresh_regions()

    def set_distances_visible(self, on: bool) -> None:
        self.distances_on = bool(on)
        if self._toolbar is not None and self.distances_action.isChecked() != self.distances_on:
            self.distances_action.setChecked(self.distances_on)
        if not on:
            self._worker.cancel("distances")
            self.distance_layer.setVisible(False)
            if self.active_tool == DISTANCE:
                self.request_tool("")
        self._refresh_distances()

    def set_distance_source(self, source: tuple[str, Any]) -> None:
        """("player", n) or ("point", (x, y))."""
        self.distance_source = (source[0], source[1])
        if self._toolbar is not None:
            self._fill_sources(self._mission.players if self._mission is not None else 2)
        self._refresh_distances()

    def set_sight_mode(self, mode: str) -> None:
        self.sight_mode = mode
        if self._toolbar is not None:
            self.sight_combo.setCurrentIndex(0 if mode == SIGHT_POINT else 1)
        self._sight_point, self._bases = None, []
        self.visibility_layer.setVisible(False)
        self.sight_layer.setVisible(False)
        self._worker.cancel("sight")

    def clear_marks(self) -> None:
        """Take the measure and sight marks off the table."""
        for channel in ("measure", "sight"):
            self._worker.cancel(channel)
        self._measure_from = self._measure_to = None
        self._measure_fixed = False
        self._sight_point, self._bases = None, []
        for layer in (self.measure_layer, self.visibility_layer, self.sight_layer):
            layer.setVisible(False)

    CHANNELS = ("regions", "distances", "sight", "measure")

    def table_changed(self) -> None:
        """The table changed and the overlays will be asked again: answers
        still on their way were worked out for the old table, drop them."""
        for channel in self.CHANNELS:
            self._worker.cancel(channel)

    def forget_point_source(self) -> None:
        """Route distances from a clicked point go back to player 1 (the
        point belonged to another table)."""
        if self.distance_source[0] == "point":
            self._worker.cancel("distances")
            self.distance_source = ("player", 1)
            if self._toolbar is not None:
                self._fill_sources(self._mission.players if self._mission is not None else 2)

    # -- the mission ------------------------------------------------------------------
    @property
    def kill_team(self) -> bool:
        """Whether the mission on the table now is for Kill Team (read at
        each request: a click right after File > Open asks the new game)."""
        mission = self._mission
        return mission is not None and game_of(mission).id == KILL_TEAM

    @property
    def _mission(self):
        """The mission to ask about: the one on the table now, even while
        the automatic refresh after an edit is held back (a click right
        after an edit must not measure the old table)."""
        if self._current is not None:
            return self._current()
        return self._mission_

    def follow(self, current) -> None:
        """Read the mission from `current()` (the editor's document)."""
        self._current = current

    def set_mission(self, mission) -> None:
        players_before = self._mission_.players if self._mission_ is not None else None
        self._mission_ = mission
        if self.kill_team != self._said_kill_team:
            self._said_kill_team = self.kill_team
            self._say_game()
        if self._toolbar is not None and mission.players != players_before:
            self._fill_sources(mission.players)
        self.refresh()

    def refresh(self) -> None:
        """Ask again for every overlay that is showing (after an edit, or a
        change of hatchway view)."""
        self._refresh_regions()
        self._refresh_distances()
        self._refresh_sight()
        self._refresh_measure()

    def _refresh_regions(self) -> None:
        if self.regions_on and self._mission is not None:
            self._worker.submit("regions", regions_job, self._mission,
                                self.base_mm, self.route_hatches, view_scale(self._scene))

    def _refresh_distances(self) -> None:
        if not self.distances_on or self._mission is None:
            return
        kind, value = self.distance_source
        if kind == "point" and value is None:
            self.distance_layer.setVisible(False)
            return
        self._worker.submit("distances", distances_job, self._mission,
                            self.distance_source, self.route_hatches, view_scale(self._scene), self.kill_team)

    def _refresh_sight(self) -> None:
        if self._mission is None:
            return
        if self.sight_mode == SIGHT_POINT and self._sight_point is not None:
            self._worker.submit("sight", visibility_job, self._mission,
                                self._sight_point, self.hatches)
        elif self.sight_mode == SIGHT_BASES and len(self._bases) == 2:
            self._submit_bases(list(self._bases))

    def _submit_bases(self, bases) -> None:
        """Does the first base see the second: Boarding Actions' visible /
        fully visible, or Kill Team's cover verdict."""
        if self.kill_team:
            self._worker.submit("sight", compute.compute_kt_cover, self._mission, bases, self.hatches)
        else:
            self._worker.submit("sight", compute.compute_sight, self._mission, bases, self.hatches)

    @property
    def route_hatches(self) -> str:
        """The hatchway view routes and reach are worked out with: in Kill
        Team "as set" is every hatchway operable (open; routes add 1" per
        access point), the other views as chosen."""
        return "open" if self.kill_team and self.hatches == "as-set" else self.hatches

    def _refresh_measure(self) -> None:
        if self._mission is None or self._measure_from is None or self._measure_to is None:
            return
        if self.kill_team:
            self._worker.submit("measure", compute.compute_kt_measure, self._mission,
                                self._measure_from, self._measure_to, self.route_hatches)
        else:
            self._worker.submit("measure", compute.compute_measure, self._mission,
                                self._measure_from, self._measure_to, self.hatches)

    # -- clicks of the overlay tools (table millimetres) ------------------------------
    def press(self, point: tuple[float, float]) -> None:
        point = (float(point[0]), float(point[1]))
        tool = self.active_tool
        if tool == MEASURE:
            if self._measure_from is None or self._measure_fixed:
                self._measure_from, self._measure_to = point, None
                self._measure_fixed = False
                self._worker.cancel("measure")
                self.measure_layer.set_start(point)
                self.measure_layer.setVisible(True)
            else:
                self._measure_to = point
                self._measure_fixed = True
                self._refresh_measure()
        elif tool == SIGHT:
            if self.sight_mode == SIGHT_POINT:
                self._sight_point = point
                self._refresh_sight()
            else:
                if len(self._bases) >= 2:
                    self._bases = []
                self._bases.append((point, self.base_mm))
                if len(self._bases) == 1:
                    self._worker.cancel("sight")
                    self.sight_layer.set_bases(self._bases)
                    self.sight_layer.setVisible(True)
                else:
                    self._refresh_sight()
        elif tool == DISTANCE:
            self.set_distance_source(("point", point))

    def move(self, point: tuple[float, float]) -> None:
        """While measuring, the route follows the mouse (newest wins keeps
        this cheap: only the last position is ever worked out twice)."""
        if self.active_tool == MEASURE and self._measure_from is not None and not self._measure_fixed:
            self._measure_to = (float(point[0]), float(point[1]))
            self._refresh_measure()
        elif (self.active_tool == SIGHT and self.sight_mode == SIGHT_BASES and len(self._bases) == 1
              and self._mission is not None):
            # The target follows the mouse until it is clicked down.
            target = ((float(point[0]), float(point[1])), self.base_mm)
            self._submit_bases([self._bases[0], target])

    def sharpen(self, layer, drawing, scale: float) -> None:
        """A layer zoomed in past its picture: a sharper one, made on the
        worker (a layer's channel: newest zoom wins)."""
        self._worker.submit(f"picture:{type(layer).__name__}", picture_job, layer, drawing, scale)

    # -- answers ------------------------------------------------------------------------
    def _on_result(self, channel: str, data: Any, seconds: float) -> None:
        if channel.startswith("picture:"):
            layer, old, new = data
            layer.swap_drawing(old, new)
            return
        if channel == "regions":
            if not self.regions_on:
                return
            data, prepared = data
            self.regions_layer.show(prepared)
            self.regions_layer.setVisible(True)
            self.message.emit(i18n.say(data.summary()))
        elif channel == "distances":
            if not self.distances_on:
                return
            data, prepared = data
            if data.problem:
                self.distance_layer.setVisible(False)
                self.message.emit(Overlays.tr("Route distances: {problem}").format(problem=i18n.say(data.problem)))
                return
            self.distance_layer.show(prepared)
            self.distance_layer.setVisible(True)
            self.message.emit(i18n.say(data.caption))
        elif channel == "sight":
            path = None
            if isinstance(data, tuple):        # what a point sees, and its path
                data, path = data
            if isinstance(data, compute.VisibilityData):
                if data.problem:
                    self.visibility_layer.setVisible(False)
                    self.message.emit(Overlays.tr("Sight: {problem}").format(problem=i18n.say(data.problem)))
                    return
                caption = i18n.say(data.caption)
                self.sight_layer.setVisible(False)
                self.visibility_layer.set_view(data.point, data.polygon, caption, path)
                self.visibility_layer.setVisible(True)
                self.message.emit(caption)
            else:
                if data.problem:
                    # Hovering over a wall: keep the last good picture.
                    if len(self._bases) == 2:
                        self.message.emit(Overlays.tr("Sight: {problem}").format(problem=i18n.say(data.problem)))
                        self._bases = self._bases[:1]
                    return
                self.visibility_layer.setVisible(False)
                if hasattr(data.result, "in_cover"):   # Kill Team's cover verdict
                    self.sight_layer.set_bases(data.bases, data.result.sight, cover=data.result,
                                               corners=data.corners)
                else:
                    self.sight_layer.set_bases(data.bases, data.result)
                self.sight_layer.setVisible(True)
                self.message.emit(self.sight_layer.verdict().replace("\n", " — "))
        elif channel == "measure":
            if self._measure_from is None:
                return
            if data.problem:
                problem = i18n.say(data.problem)
                self.measure_layer.set_start(data.p2)
                self.measure_layer.set_note(Overlays.tr("Cannot measure: {problem}").format(problem=problem))
                self.message.emit(Overlays.tr("Measure: {problem}").format(problem=problem))
            else:
                note = ""
                n = getattr(data, "access_points", 0)   # Kill Team: 1" more for each
                if n and data.route_mm is not None:
                    note = (Overlays.tr('1 access point: 1" of it') if n == 1 else
                            Overlays.tr('{n} access points: {n}" of it').format(n=n))
                self.measure_layer.set_measurement(data.p1, data.p2, data.route, data.route_mm,
                                                   data.straight_mm, note)
            self.measure_layer.setVisible(True)
        else:
            return
        self.updated.emit(channel)

    def _on_failed(self, channel: str, message: str) -> None:
        layers = {"regions": (self.regions_layer,), "distances": (self.distance_layer,),
                  "sight": (self.visibility_layer, self.sight_layer), "measure": (self.measure_layer,)}
        if channel in layers:
            # An old picture would pass for an answer about the new table.
            for layer in layers[channel]:
                layer.setVisible(False)
            self.message.emit(Overlays.tr("{view}: the rules core failed ({message})").format(
                view=tr(CHANNEL_NAMES.get(channel, channel)), message=message))

    # -- for tests ------------------------------------------------------------------------
    @property
    def measuring(self) -> bool:
        return self._measure_from is not None and not self._measure_fixed
