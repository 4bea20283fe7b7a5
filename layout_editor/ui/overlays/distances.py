"""Route distances: the distance along the floor from a player's entry zone,
or from a clicked point, to the centre of every zone, as a heat map in
inches (the rules core's compute_distances). Its box picks where from; "from
a clicked point" hands the mouse to the "Distances from point" tool."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtWidgets import QComboBox

from ...rules import overlays as compute
from .. import i18n
from ..i18n import Overlays, tr
from .layers import DistanceHeatLayer
from .overlay import DISTANCE, Job, Overlay, Settings


def distances_job(mission, source, hatches: str, scale: float | None, compute_fn=None):
    """On the worker: the rules core's distances (`compute_fn`, default
    compute.compute_distances, looked up when the job runs so tests can
    stand in for it) and the heat map's paths and picture."""
    fn = compute_fn if compute_fn is not None else compute.compute_distances
    data = fn(mission, source, hatches)
    if data.problem:
        return data, None
    return data, DistanceHeatLayer.prepare(data.cells, data.source_geometry, scale)


class Distances(Overlay):
    key = "distances"
    priority = 5
    shortcut = "Shift+D"
    tool = DISTANCE
    # The rules core's answer for a source (mission, source, hatches) ->
    # DistancesData; None: compute.compute_distances when the job runs.
    compute_fn: ClassVar[Callable[..., Any] | None] = None

    def __init__(self, host):
        super().__init__(host)
        self.source: tuple[str, Any] = ("player", 1)   # ("player", n) or ("point", (x, y) or None)
        self.source_combo: QComboBox | None = None

    def text(self) -> str:
        return Overlays.tr("Distances")

    def name(self) -> str:
        return tr("Route distances")

    def tooltip(self, kill_team: bool) -> str:
        return Overlays.tr("Route distance to every zone, in inches (Shift+D)")

    def source_tip(self) -> str:
        return Overlays.tr("Measure route distances from a player's entry zone, or from a point you click")

    def hint(self) -> str:
        return Overlays.tr("Click on the table: route distances from that point")

    def make_layers(self):
        self.layer = DistanceHeatLayer()
        return [self.layer]

    # -- its box: where from --------------------------------------------------------
    def controls(self, bar):
        self.source_combo = QComboBox(bar)
        self.source_combo.setObjectName("distanceSource")
        self.source_combo.setToolTip(self.source_tip())
        self.fill_sources(2)
        self.source_combo.activated.connect(self._source_picked)
        return [self.source_combo]

    def say_game(self, kill_team: bool) -> None:
        if self.source_combo is not None:
            self.source_combo.setToolTip(self.source_tip())

    def fill_sources(self, players: int) -> None:
        combo = self.source_combo
        if combo is None:
            return
        current = self.source
        combo.clear()
        for n in range(1, players + 1):
            combo.addItem(Overlays.tr("from player {n}").format(n=n), ("player", n))
        combo.addItem(Overlays.tr("from a clicked point"), ("point", None))
        for i in range(combo.count()):
            data = combo.itemData(i)
            if data[0] == current[0] and (data[0] == "point" or data[1] == current[1]):
                combo.setCurrentIndex(i)
                break

    def _players(self) -> int:
        mission = self.host.mission
        return mission.players if mission is not None else 2

    def _source_picked(self, index: int) -> None:
        assert self.source_combo is not None  # its signal
        kind, n = self.source_combo.itemData(index)
        if kind == "player":
            self.set_source(("player", n))
            if self.host.active_tool == DISTANCE:
                self.host.request_tool("")  # no point to click any more
        else:
            # The point comes from a click: hand the mouse to the distance tool.
            if self.source[0] != "point":
                self.source = ("point", None)
            self.host.turn(self, True)
            self.host.request_tool(DISTANCE)

    def set_source(self, source: tuple[str, Any]) -> None:
        """("player", n) or ("point", (x, y))."""
        self.source = (source[0], source[1])
        self.fill_sources(self._players())
        self.host.ask(self)

    # -- asking and showing ---------------------------------------------------------
    def switch(self, on: bool) -> None:
        if not on and self.host.active_tool == DISTANCE:
            self.on = False
            self.host.request_tool("")
        super().switch(on)

    def ask(self, mission, settings: Settings) -> Job | None:
        kind, value = self.source
        if kind == "point" and value is None:
            self.layer.setVisible(False)
            return None
        return Job(distances_job, (mission, self.source, settings.route_hatches, settings.scale, self.compute_fn))

    def show(self, answer: Any) -> str | None:
        if not self.on:
            return None
        data, prepared = answer
        if data.problem:
            self.layer.setVisible(False)
            return Overlays.tr("Route distances: {problem}").format(problem=i18n.say(data.problem))
        self.layer.show(prepared)
        self.layer.setVisible(True)
        return i18n.say(data.caption)

    def press(self, point: tuple[float, float]) -> None:
        self.set_source(("point", point))

    def forget(self) -> None:
        """Route distances from a clicked point go back to player 1 (the
        point belonged to another table)."""
        if self.source[0] == "point":
            self.host.cancel(self)
            self.source = ("player", 1)
            self.fill_sources(self._players())

    def new_mission(self, before, mission) -> None:
        if before is None or mission.players != before.players:
            self.fill_sources(mission.players)
