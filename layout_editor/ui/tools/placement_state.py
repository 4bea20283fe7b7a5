"""What the placement tools paint with and act on: the chosen player (entry
zones), the chosen region, the chosen objective. Shared by the objective,
entry-zone and region tools and the placement panel, so choosing a player
in the panel sets the brush of the table.

This is tool state, never mission state: a region name chosen here exists
in the mission only once a zone has been painted with it.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class PlacementState(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._player = 1
        self._region: str | None = None
        self._objective: str | None = None

    @property
    def player(self) -> int:
        return self._player

    def set_player(self, player: int) -> None:
        if player != self._player:
            self._player = player
            self.changed.emit()

    @property
    def region(self) -> str | None:
        return self._region

    def set_region(self, name: str | None) -> None:
        if name != self._region:
            self._region = name
            self.changed.emit()

    @property
    def objective(self) -> str | None:
        return self._objective

    def set_objective(self, objective_id: str | None) -> None:
        if objective_id != self._objective:
            self._objective = objective_id
            self.changed.emit()
