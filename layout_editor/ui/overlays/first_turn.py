"""First-turn reach: per player, the floor a base reaches from its entry
zone by a 6" move, and the bands at 9.5" (an average Advance) and 12"; for a
kill-team file a 6" Reposition and 9" with a Dash (the game's bands,
games.first_turn_bands). Worked out by compute_first (rules/designer.py)
with the toolbar's base size and the hatchway view routes use."""
from __future__ import annotations

from typing import Any

from ...rules.overlays import MOVE_IN, compute_first
from ..i18n import Overlays
from .designer_layers import FirstLayer
from .overlay import Job, Overlay, Settings


def first_job(mission, base_mm: float, hatches: str, scale: float | None):
    """On the worker: the answer and its drawing (see shapes.Drawing)."""
    data = compute_first(mission, base_mm, hatches)
    return data, FirstLayer.prepare(data, scale)


class FirstTurnReach(Overlay):
    key = "first-turn-reach"

    def text(self) -> str:
        return Overlays.tr("First-turn reach")

    def tooltip(self, kill_team: bool) -> str:
        if kill_team:
            # the game's bands (games.first_turn_bands): a Reposition, and a Dash after it
            return Overlays.tr('Where an operative gets from its drop zone with a 6" '
                               'Reposition, and with a 3" Dash after it (9")')
        return Overlays.tr('Where a base gets from its entry zone with a 6" move, and with 9.5" and 12"')

    def make_layers(self):
        self.layer = FirstLayer()
        return [self.layer]

    def ask(self, mission, settings: Settings) -> Job:
        return Job(first_job, (mission, settings.base_mm, settings.route_hatches, settings.scale))

    def show(self, answer: Any) -> str | None:
        if not self.on:
            return None
        data, drawing = answer
        self.layer.set_data(data, drawing)
        self.layer.setVisible(True)
        self.layer.update()
        parts = [Overlays.tr("player {n}: {ids}").format(n=p, ids=", ".join(row[f"{MOVE_IN:g}"]) or "—")
                 for p, row in data.objectives.items()]
        return Overlays.tr('Objectives within 6": {parts}').format(parts="; ".join(parts))
