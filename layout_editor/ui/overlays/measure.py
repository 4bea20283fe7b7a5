"""Measure: two clicks, the route around walls with its length and the
straight line (the rules core's compute_measure; Kill Team's counts 1" for
each access point crossed, compute_kt_measure). The route follows the mouse
until the second click fixes it."""
from __future__ import annotations

from typing import Any

from ...rules import overlays as compute
from .. import i18n
from ..i18n import Overlays, tr
from .layers import MeasureLayer
from .overlay import MEASURE, Job, Overlay, Settings


class Measure(Overlay):
    key = "measure"
    priority = 8
    tool = MEASURE
    toggle = False

    def __init__(self, host):
        super().__init__(host)
        self.start: tuple[float, float] | None = None
        self.end: tuple[float, float] | None = None
        self.fixed = False

    def text(self) -> str:
        return tr("Measure")  # as the editor's tool is named

    def hint(self) -> str:
        return Overlays.tr("Measure: click where to measure from, then where to")

    def make_layers(self):
        self.layer = MeasureLayer()
        return [self.layer]

    @property
    def measuring(self) -> bool:
        return self.start is not None and not self.fixed

    def wanted(self) -> bool:
        return True  # asks only while it has two points

    def ask(self, mission, settings: Settings) -> Job | None:
        if self.start is None or self.end is None:
            return None
        if settings.kill_team:
            return Job(compute.compute_kt_measure, (mission, self.start, self.end, settings.route_hatches))
        return Job(compute.compute_measure, (mission, self.start, self.end, settings.hatches))

    def show(self, answer: Any) -> str | None:
        data = answer
        if self.start is None:
            return None
        said = ""
        if data.problem:
            problem = i18n.say(data.problem)
            self.layer.set_start(data.p2)
            self.layer.set_note(Overlays.tr("Cannot measure: {problem}").format(problem=problem))
            said = Overlays.tr("Measure: {problem}").format(problem=problem)
        else:
            note = ""
            n = getattr(data, "access_points", 0)   # Kill Team: 1" more for each
            if n and data.route_mm is not None:
                note = (Overlays.tr('1 access point: 1" of it') if n == 1 else
                        Overlays.tr('{n} access points: {n}" of it').format(n=n))
            self.layer.set_measurement(data.p1, data.p2, data.route, data.route_mm, data.straight_mm, note)
        self.layer.setVisible(True)
        return said

    def press(self, point: tuple[float, float]) -> None:
        if self.start is None or self.fixed:
            self.start, self.end = point, None
            self.fixed = False
            self.host.cancel(self)
            self.layer.set_start(point)
            self.layer.setVisible(True)
        else:
            self.end = point
            self.fixed = True
            self.host.ask(self)

    def move(self, point: tuple[float, float]) -> None:
        """The route follows the mouse (newest wins keeps this cheap: only
        the last position is ever worked out twice)."""
        if self.measuring:
            self.end = point
            self.host.ask(self)

    def clear(self) -> None:
        self.host.cancel(self)
        self.start = self.end = None
        self.fixed = False
        self.hide()
