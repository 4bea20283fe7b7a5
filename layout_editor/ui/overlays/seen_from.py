"""Seen from the enemy: every place a base can stand tinted in the colour of
each player whose entry zone (Kill Team: drop zone) sees a base there,
hatched where more than one does; hovering says by whom (rules/designer.py
through compute_seen, with the toolbar's base size and hatchway view)."""
from __future__ import annotations

from typing import Any

from ...rules.overlays import compute_seen
from ..i18n import Overlays
from .designer_layers import SeenLayer
from .overlay import Job, Overlay, Settings


def seen_job(mission, base_mm: float, hatches: str, scale: float | None):
    """On the worker: the answer and its drawing (see shapes.Drawing)."""
    data = compute_seen(mission, base_mm, hatches)
    return data, SeenLayer.prepare(data, scale)


class SeenFromTheEnemy(Overlay):
    key = "seen-from-the-enemy"

    def text(self) -> str:
        return Overlays.tr("Seen from the enemy")

    def tooltip(self, kill_team: bool) -> str:
        if kill_team:
            return Overlays.tr("Tint the floor each player's drop zone sees a base on; hatched "
                               "where more than one does")
        return Overlays.tr("Tint the floor each player's entry zone sees a base on; hatched where "
                           "more than one does")

    def say_game(self, kill_team: bool) -> None:
        self.layer.kill_team = kill_team  # its hover tip says "drop zone"

    def make_layers(self):
        self.layer = SeenLayer()
        return [self.layer]

    def ask(self, mission, settings: Settings) -> Job:
        return Job(seen_job, (mission, settings.base_mm, settings.hatches, settings.scale))

    def show(self, answer: Any) -> str | None:
        if not self.on:
            return None
        data, drawing = answer
        self.layer.set_data(data, drawing)
        self.layer.setVisible(True)
        self.layer.update()
        parts = [Overlays.tr("player {n}: {area} sq in ({pct} %)").format(
            n=p, area=f"{m['area_sq_in']:.0f}", pct=f"{100 * m['share']:.0f}") for p, m in data.metrics.items()]
        return Overlays.tr("Seen from the enemy: {parts}").format(parts="; ".join(parts))
