"""Painting zones: the entry-zone tool paints the chosen player's entry zone,
and (region_tool.py) the region tool a named region; both are cell brushes.

Press and drag over the zones to paint them. A stroke that starts on a zone
already painted with the brush erases instead (so painting over painted
zones takes them out), and a drag with the right button always erases. The
stroke shows as a preview and becomes one undo step when the button comes
up; Esc drops it.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QColor

from ...model.placement_edits import CellRef, cell_label, cell_under, cells_along, paint_entry_cells, player_cells
from ..game import is_kill_team
from ..i18n import Placing
from ..items.zone_items import colour_of, player_label
from .base import Tool


class CellBrushTool(Tool):
    """A brush over the zones of the boards; subclasses say what it paints."""

    def __init__(self, services, placement):
        super().__init__(services)
        self.placement = placement
        self._stroke: dict | None = None
        placement.state.changed.connect(self._brush_changed)

    def _brush_changed(self) -> None:
        """The panel chose another player or region: say so while active."""
        if self.is_active() and self._stroke is None:
            self.status(self.hint(), 0)

    @property
    def state(self):
        return self.placement.state

    # -- what the brush paints (subclasses) -----------------------------------------
    def brush_ready(self) -> bool:
        return True

    def brush_cells(self) -> set[CellRef]:
        raise NotImplementedError

    def brush_colour(self) -> QColor:
        raise NotImplementedError

    def brush_name(self) -> str:
        raise NotImplementedError

    def hint(self) -> str:
        raise NotImplementedError

    def commit(self, cells: list[CellRef], erase: bool) -> None:
        raise NotImplementedError

    # -- life ------------------------------------------------------------------------
    def activate(self) -> None:
        self.status(self.hint(), 0)

    def deactivate(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        self._stroke = None
        self.placement.preview.clear()

    # -- mouse -----------------------------------------------------------------------
    def mouse_press(self, ev) -> bool:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        if not self.brush_ready():
            return True
        start = cell_under(self.mission, ev.x, ev.y, self.scene.catalogue)
        erase = ev.button == Qt.MouseButton.RightButton or (start is not None and start in self.brush_cells())
        self._stroke = {"cells": [start] if start else [], "erase": erase, "last": (ev.x, ev.y)}
        self._show()
        return True

    def mouse_move(self, ev) -> bool:
        if self._stroke is None:
            ref = cell_under(self.mission, ev.x, ev.y, self.scene.catalogue)
            if ref is not None and self.brush_ready():
                mine = ref in self.brush_cells()
                text = (Placing.tr("Zone {zone}: drag to erase {brush} · right-drag erases") if mine
                        else Placing.tr("Zone {zone}: drag to paint {brush} · right-drag erases"))
                self.status(text.format(zone=cell_label(ref), brush=self.brush_name()), 0)
            return False
        cells = self._stroke["cells"]
        for ref in cells_along(self.mission, self._stroke["last"], (ev.x, ev.y), self.scene.catalogue):
            if ref not in cells:
                cells.append(ref)
        self._stroke["last"] = (ev.x, ev.y)
        self._show()
        return True

    def mouse_release(self, ev) -> bool:
        if self._stroke is None:
            return False
        stroke = self._stroke
        self.cancel()
        if stroke["cells"]:
            self.commit(stroke["cells"], stroke["erase"])
        self.status(self.hint(), 0)
        return True

    def action(self, name: str) -> bool:
        # Esc is the window's key; it asks the active tool first.
        if name == "escape":
            if self._stroke is not None:
                self.cancel()
                self.status(Placing.tr("Stroke dropped"))
            else:
                self.services.tools.select("Select")  # as the other tools: Esc stops
            return True
        return False

    def _show(self) -> None:
        s = self._stroke
        self.placement.preview.show_cells(self.mission, s["cells"], self.brush_colour(), s["erase"])
        n = len(s["cells"])
        if s["erase"]:
            text = Placing.tr("Erase 1 zone of {brush}") if n == 1 else Placing.tr("Erase {n} zones of {brush}")
        else:
            text = Placing.tr("Paint 1 zone of {brush}") if n == 1 else Placing.tr("Paint {n} zones of {brush}")
        self.status(text.format(n=n, brush=self.brush_name()), 0)


class EntryZoneTool(CellBrushTool):
    name = "Entry Zones"
    title = QT_TR_NOOP("Entry Zones")
    shortcut = "Z"
    tip = QT_TR_NOOP("Paint entry zones: drag over zones to paint the chosen player's entry zone; start on "
                     "that player's zone or drag with the right button to erase; keys 1-4 choose the player")
    # The same tool paints a Kill Team killzone's drop zones (the file keeps
    # them as entry zones): its button says so while such a mission is open.
    KILL_TEAM_TITLE = QT_TR_NOOP("Drop Zones")
    KILL_TEAM_TIP = QT_TR_NOOP("Paint drop zones: drag over zones to paint the chosen player's drop zone; start on "
                               "that player's zone or drag with the right button to erase; keys 1-2 choose the player")

    def brush_ready(self) -> bool:
        if self.state.player > self.mission.players:
            self.state.set_player(1)
        return True

    def brush_cells(self) -> set[CellRef]:
        return player_cells(self.mission, self.state.player)

    def brush_colour(self) -> QColor:
        return colour_of(self.state.player)

    def brush_name(self) -> str:
        return player_label(self.mission, self.state.player)

    def hint(self) -> str:
        if is_kill_team(self.mission):
            text = Placing.tr("Drop zones: drag to paint {brush}'s zones · start on a painted zone "
                              "or right-drag to erase · keys 1-{players} choose the player")
        else:
            text = Placing.tr("Entry zones: drag to paint {brush}'s zones · start on a painted zone "
                              "or right-drag to erase · keys 1-{players} choose the player")
        return text.format(brush=self.brush_name(), players=self.mission.players)

    def commit(self, cells: list[CellRef], erase: bool) -> None:
        player = self.state.player
        if is_kill_team(self.mission):
            text = Placing.tr("Erase Drop Zone of Player {player}") if erase else \
                Placing.tr("Paint Drop Zone of Player {player}")
        else:
            text = Placing.tr("Erase Entry Zone of Player {player}") if erase else \
                Placing.tr("Paint Entry Zone of Player {player}")
        self.document.apply(text.format(player=player), paint_entry_cells, player, cells, erase,
                            self.scene.catalogue)

    def key_press(self, ev) -> bool:
        key = ev.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_4 and self._stroke is None:
            player = key - Qt.Key.Key_1 + 1
            if player <= self.mission.players:
                self.state.set_player(player)
                self.status(self.hint(), 0)
            else:
                self.status(Placing.tr("This mission is for {players} players").format(players=self.mission.players))
            return True
        return False
