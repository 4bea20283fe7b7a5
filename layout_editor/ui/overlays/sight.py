"""Sight: what a clicked point sees (its visibility polygon), or two bases
placed one after the other: visible / fully visible, or for Kill Team the
cover verdict (visible, in cover, obscured: compute_kt_cover). Its box picks
which; the target base follows the mouse until it is clicked down."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from ...rules import overlays as compute
from .. import i18n
from ..i18n import Overlays, tr
from .layers import BaseSightLayer, VisibilityLayer
from .overlay import SIGHT, Job, Overlay, Settings
from .shapes import geometry_path

SIGHT_POINT = "point"   # what a clicked point sees
SIGHT_BASES = "bases"   # two bases: does the first see the second


def visibility_job(mission, point, hatches: str):
    """On the worker: what a point sees, and its outline as a Qt path (a
    visibility polygon on eight boards has thousands of corners)."""
    data = compute.compute_visibility(mission, point, hatches)
    return data, (geometry_path(data.polygon) if data.polygon is not None else None)


def bases_job(mission, bases, hatches: str, kill_team: bool):
    """On the worker: does the first base see the second (Boarding Actions'
    visible / fully visible, or Kill Team's cover verdict)."""
    if kill_team:
        return compute.compute_kt_cover(mission, bases, hatches)
    return compute.compute_sight(mission, bases, hatches)


class Sight(Overlay):
    key = "sight"
    priority = 8
    tool = SIGHT
    toggle = False

    def __init__(self, host):
        super().__init__(host)
        self.mode = SIGHT_POINT
        self.point: tuple[float, float] | None = None
        self.bases: list[tuple[tuple[float, float], float]] = []
        self.mode_combo: QComboBox | None = None

    def text(self) -> str:
        return tr("Sight")  # as the editor's tool is named

    def hint(self) -> str:
        if self.mode == SIGHT_POINT:
            return Overlays.tr("Sight: click a point to see what it sees")
        return Overlays.tr("Sight: click the observer's base ({mm} mm), then the target's").format(
            mm=i18n.number(self.host.settings().base_mm))

    def make_layers(self):
        self.visibility_layer = VisibilityLayer()
        self.bases_layer = BaseSightLayer()
        return [self.visibility_layer, self.bases_layer]

    def controls(self, bar):
        self.mode_combo = QComboBox(bar)
        self.mode_combo.setObjectName("sightMode")
        self.mode_combo.addItem(Overlays.tr("from a point"), SIGHT_POINT)
        self.mode_combo.addItem(Overlays.tr("base to base"), SIGHT_BASES)
        self.mode_combo.setToolTip(Overlays.tr("Sight: what a point sees, or whether one base sees another"))
        self.mode_combo.activated.connect(self._mode_picked)
        return [self.mode_combo]

    def _mode_picked(self, index: int) -> None:
        assert self.mode_combo is not None  # its signal
        self.set_mode(self.mode_combo.itemData(index))
        # Picking how to look is asking to look: hand the mouse to Sight.
        if self.host.active_tool == SIGHT:
            self.host.say(self.hint())
        else:
            self.host.request_tool(SIGHT)

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        if self.mode_combo is not None:
            self.mode_combo.setCurrentIndex(0 if mode == SIGHT_POINT else 1)
        self.clear()

    # -- asking and showing ---------------------------------------------------------
    def wanted(self) -> bool:
        return True  # asks only while it has a point, or two bases

    def ask(self, mission, settings: Settings) -> Job | None:
        if self.mode == SIGHT_POINT and self.point is not None:
            return Job(visibility_job, (mission, self.point, settings.hatches))
        if self.mode == SIGHT_BASES and len(self.bases) == 2:
            return self._bases_job(mission, settings, list(self.bases))
        return None

    @staticmethod
    def _bases_job(mission, settings: Settings, bases) -> Job:
        return Job(bases_job, (mission, bases, settings.hatches, settings.kill_team))

    def show(self, answer: Any) -> str | None:
        if isinstance(answer, tuple):            # what a point sees, and its path
            data, path = answer
            if data.problem:
                self.visibility_layer.setVisible(False)
                return Overlays.tr("Sight: {problem}").format(problem=i18n.say(data.problem))
            caption = i18n.say(data.caption)
            self.bases_layer.setVisible(False)
            self.visibility_layer.set_view(data.point, data.polygon, caption, path)
            self.visibility_layer.setVisible(True)
            return caption
        data = answer
        if data.problem:
            # Hovering over a wall: keep the last good picture.
            if len(self.bases) == 2:
                self.bases = self.bases[:1]
                return Overlays.tr("Sight: {problem}").format(problem=i18n.say(data.problem))
            return ""
        self.visibility_layer.setVisible(False)
        if hasattr(data.result, "in_cover"):   # Kill Team's cover verdict
            self.bases_layer.set_bases(data.bases, data.result.sight, cover=data.result, corners=data.corners)
        else:
            self.bases_layer.set_bases(data.bases, data.result)
        self.bases_layer.setVisible(True)
        return self.bases_layer.verdict().replace("\n", " — ")

    # -- clicks -----------------------------------------------------------------------
    def press(self, point: tuple[float, float]) -> None:
        if self.mode == SIGHT_POINT:
            self.point = point
            self.host.ask(self)
            return
        if len(self.bases) >= 2:
            self.bases = []
        self.bases.append((point, self.host.settings().base_mm))
        if len(self.bases) == 1:
            self.host.cancel(self)
            self.bases_layer.set_bases(self.bases)
            self.bases_layer.setVisible(True)
        else:
            self.host.ask(self)

    def move(self, point: tuple[float, float]) -> None:
        """The target follows the mouse until it is clicked down."""
        mission = self.host.mission
        if self.mode == SIGHT_BASES and len(self.bases) == 1 and mission is not None:
            settings = self.host.settings()
            target = (point, settings.base_mm)
            self.host.submit(self, self._bases_job(mission, settings, [self.bases[0], target]))

    def clear(self) -> None:
        self.host.cancel(self)
        self.point, self.bases = None, []
        self.hide()
