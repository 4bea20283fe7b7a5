"""The region tool: paint the zones of a named region (airlock, reactor ...)
that the mission card prints. The region is chosen (or made) in the
placement panel; painting with no region chosen starts a new one. A cell
brush like the entry-zone tool (see entry_zone_tool.py for the gestures).
"""
from __future__ import annotations

from PySide6.QtCore import QT_TR_NOOP
from PySide6.QtGui import QColor

from ...model.placement_edits import CellRef, new_region_name, paint_region_cells, region_cells
from ..i18n import Placing
from ..items.zone_items import REGION_LINE
from .entry_zone_tool import CellBrushTool


class RegionTool(CellBrushTool):
    name = "Named Regions"
    title = QT_TR_NOOP("Named Regions")
    shortcut = "G"
    tip = QT_TR_NOOP("Paint named regions (airlock, reactor ...) printed on the card: choose or make one in "
                     "the placement panel, then drag over zones; start on its zone or right-drag to erase")

    def brush_ready(self) -> bool:
        if self.state.region is None:
            self.state.set_region(new_region_name(self.mission))
        return True

    def activate(self) -> None:
        super().activate()
        self.placement.regions.set_marked(self.state.region)

    def _brush_changed(self) -> None:
        super()._brush_changed()
        if self.is_active():
            self.placement.regions.set_marked(self.state.region)

    def deactivate(self) -> None:
        super().deactivate()
        self.placement.regions.set_marked(None)

    def brush_cells(self) -> set[CellRef]:
        return region_cells(self.mission, self.state.region) if self.state.region else set()

    def brush_colour(self) -> QColor:
        return QColor(REGION_LINE)

    def brush_name(self) -> str:
        return (Placing.tr("region {name}").format(name=self.state.region) if self.state.region
                else Placing.tr("a new region"))

    def hint(self) -> str:
        return Placing.tr("Regions: drag to paint {brush} · start on its zone or right-drag to erase · "
                   "choose, rename or make regions in the placement panel").format(brush=self.brush_name())

    def commit(self, cells: list[CellRef], erase: bool) -> None:
        name = self.state.region
        text = Placing.tr("Erase Region {name}") if erase else Placing.tr("Paint Region {name}")
        self.document.apply(text.format(name=name), paint_region_cells, name, cells, erase,
                            self.scene.catalogue)
        self.placement.regions.set_marked(name)
