"""Regions: each area a base's centre can reach tinted, sealed areas hatched
red (the rules core's compute_regions, with the toolbar's base size)."""
from __future__ import annotations

from typing import Any

from ...rules import overlays as compute
from .. import i18n
from ..i18n import Overlays, tr
from .layers import RegionsLayer
from .overlay import Job, Overlay, Settings


def regions_job(mission, base_mm: float, hatches: str, scale: float | None):
    """On the worker: the answer and the layer's paths and picture.
    (compute.* is looked up when the job runs: tests stand in for it.)"""
    data = compute.compute_regions(mission, base_mm, hatches)
    return data, RegionsLayer.prepare(data.regions, data.unreachable, scale)


class Regions(Overlay):
    key = "regions"
    priority = 5
    shortcut = "Shift+R"

    def text(self) -> str:
        return tr("Regions")

    def tooltip(self, kill_team: bool) -> str:
        return Overlays.tr("Tint each area a base can reach; sealed areas hatched red (Shift+R)")

    def make_layers(self):
        self.layer = RegionsLayer()
        return [self.layer]

    def ask(self, mission, settings: Settings) -> Job:
        return Job(regions_job, (mission, settings.base_mm, settings.route_hatches, settings.scale))

    def show(self, answer: Any) -> str | None:
        if not self.on:
            return None
        data, prepared = answer
        self.layer.show(prepared)
        self.layer.setVisible(True)
        return i18n.say(data.summary())
