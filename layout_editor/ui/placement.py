"""Objectives, entry zones and named regions in the editor: the scene items
that draw them (kept in step with the document), the three tools that edit
them and the placement panel, built into the main window by `install(window)`,
which hands them back (MainWindow keeps them as `placement`,
`placement_panel` and `placement_dock`).
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget

from ..model.deployments import presets_of
from ..model.edits import Change
from ..model.mission import Objective
from .game import game_id
from .i18n import tr
from .items.killzone_items import EquipmentItem, TerritoriesItem
from .items.objective_item import ObjectiveItem
from .items.stacking import Z_GHOST
from .items.zone_items import CellBrushPreview, EntryZonesItem, NamedRegionsItem
from .panels.placement_panel import PlacementPanel
from .tools.entry_zone_tool import EntryZoneTool
from .tools.objective_tool import ObjectiveTool
from .tools.placement_state import PlacementState
from .tools.region_tool import RegionTool


class PlacementLayer(QObject):
    """Draws the mission's entry zones, named regions and objective markers
    on a scene, and redraws them when the document says they changed."""

    # The worker's channel that places the names after a piece moved.
    NAMES_CHANNEL = "names"

    def __init__(self, scene, document, state: PlacementState | None = None, parent: QObject | None = None,
                 worker=None):
        super().__init__(parent)
        self.scene = scene
        self.document = document
        # The analysis worker (ui/analysis_worker.py) the names are placed on
        # after a piece moved; without one they are placed here.
        self.worker = worker
        self.state = state or PlacementState(self)
        self.entry_zones = EntryZonesItem()
        self.regions = NamedRegionsItem()
        self.territories = TerritoriesItem()  # Kill Team: territories, centre line
        self.equipment = EquipmentItem()      # Kill Team: equipment on the killzone
        self.preview = CellBrushPreview()
        self.ghost = ObjectiveItem(_ghost_objective())
        self.ghost.setOpacity(0.45)
        self.ghost.setVisible(False)
        self.ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.ghost.setZValue(Z_GHOST)  # a marker about to be placed, not one placed
        for item in (self.entry_zones, self.regions, self.territories, self.equipment, self.preview, self.ghost):
            scene.addItem(item)
        self.objective_items: dict[str, ObjectiveItem] = {}
        # The table drawn: the document's, or the one in the round the
        # timeline strip shows (timeline/editor.py sets it).
        self.shown = lambda: self.document.mission
        # A drag moves a piece several times a second; placing the names
        # again waits until it pauses, and then runs on the worker: with the
        # memos cold after the move it took 12-17 ms of the UI thread on
        # eight boards, twice that in wall time while the rules thread held
        # the GIL (the drag benchmark's longest blocks after letting go).
        self._names_timer = QTimer(self)
        self._names_timer.setSingleShot(True)
        self._names_timer.setInterval(300)
        self._names_timer.timeout.connect(self._place_names_later)
        if worker is not None:
            worker.resultReady.connect(self._names_placed)
        document.changed.connect(self.on_change)
        self.state.changed.connect(self._mark_chosen)
        self.refresh(Change(everything=True))

    # -- keeping in step --------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        self.refresh(change)

    def refresh(self, change: Change) -> None:
        m = self.shown()
        moved = bool(change.everything or change.boards)
        if moved or change.entry_zones or change.text:
            self.entry_zones.set_mission(m)
        if moved or change.regions:
            self.regions.set_mission(m)
        if moved or change.killzone:
            # the Equipment and Territories tools' edits (killzone_editing.py), a file, an undo
            self.territories.set_mission(m)
            self.equipment.set_mission(m)
        if moved or change.objectives:
            self._update_objectives()
        if moved or change.entry_zones or change.regions or change.objectives or change.text:
            self._names_timer.stop()
            self._place_names()
        elif change.pieces:
            self._names_timer.start()

    def _place_names(self) -> None:
        """Names where they cover no piece code, marker or other name, now:
        a name just painted or renamed is where it belongs at once."""
        from .items.zone_items import place_names

        if self.worker is not None:
            self.worker.cancel(self.NAMES_CHANNEL)  # an answer under way is for the table before
        place_names(self.shown(), self.entry_zones, self.regions, self._objective_label_boxes())

    def _place_names_later(self) -> None:
        """The same on the worker; the names move when the answer comes."""
        from ..export.labels import place_editor_names
        from .items.zone_items import name_sizes

        if self.worker is None:
            self._place_names()
            return
        mission = self.shown()
        sizes, code = name_sizes(self.entry_zones, self.regions)
        boxes = self._objective_label_boxes()
        self.worker.submit(self.NAMES_CHANNEL, place_editor_names, mission, sizes, code, boxes)

    def _names_placed(self, channel: str, placed, _seconds: float) -> None:
        # Only the newest request's answer arrives (a newer move asks again,
        # and placing the names here cancels it): it is the table's.
        if channel == self.NAMES_CHANNEL:
            from .items.zone_items import move_names

            move_names(self.entry_zones, self.regions, placed)

    def _objective_label_boxes(self) -> dict:
        boxes = {}
        for oid, item in self.objective_items.items():
            box = item.label_box()
            if box is not None:
                boxes[oid] = box
        return boxes

    def _update_objectives(self) -> None:
        wanted = {o.id: o for o in self.shown().objectives}
        for oid in list(self.objective_items):
            if oid not in wanted:
                self.scene.removeItem(self.objective_items.pop(oid))
        for oid, o in wanted.items():
            item = self.objective_items.get(oid)
            if item is None:
                item = ObjectiveItem(o)
                self.scene.addItem(item)
                self.objective_items[oid] = item
            else:
                item.set_objective(o)
        self._mark_chosen()

    def _mark_chosen(self) -> None:
        for oid, item in self.objective_items.items():
            item.set_marked(oid == self.state.objective)

    # -- the ghost of a marker about to be placed ------------------------------------------
    def show_ghost(self, objective_id: str, at) -> None:
        self.ghost.set_objective(_ghost_objective(objective_id, at))
        self.ghost.setVisible(True)

    def hide_ghost(self) -> None:
        self.ghost.setVisible(False)


def _ghost_objective(objective_id: str = "1", at=(0.0, 0.0)) -> Objective:
    return Objective(id=objective_id, at=(float(at[0]), float(at[1])))


@dataclass(frozen=True)
class PlacementParts:
    layer: PlacementLayer
    panel: PlacementPanel
    dock: QDockWidget


def install(window) -> PlacementParts:
    """Put the placement layer, the Objectives, Entry Zones and Named
    Regions tools and the placement panel into the main window."""
    layer = PlacementLayer(window.scene, window.document, parent=window, worker=window.services.worker)
    services = window.services
    for tool in (ObjectiveTool(services, layer), EntryZoneTool(services, layer), RegionTool(services, layer)):
        window.add_tool(tool)
    panel = PlacementPanel(window.document, layer.state)
    panel.toolWanted.connect(window.switch_tool_for_panel)
    dock = window.add_dock(PlacementLayer.tr("Placement"), panel, Qt.RightDockWidgetArea, "placement")
    # The deployments also in the Table menu, where a newcomer looks for them.
    menu = window.menu("Table").addMenu(PlacementLayer.tr("Lay Out Entry Zones"))
    speaker = GameSpeaker(window, menu, panel)
    window.document.changed.connect(speaker.on_change)
    speaker.say()
    return PlacementParts(layer, panel, dock)


class GameSpeaker(QObject):
    """Keeps the Table menu's deployments and the zone tool's button in the
    words of the open mission's game: entry zones for Boarding Actions, a
    killzone's drop zones for Kill Team (the file keeps both as entry
    zones, so one tool paints them)."""

    def __init__(self, window, menu, panel):
        super().__init__(window)
        self.window = window
        self.menu = menu
        self.panel = panel
        self.game: str | None = None

    def on_change(self, change: Change) -> None:
        if change.everything:
            self.say()

    def say(self) -> None:
        game = game_id(self.window.document.mission)
        if game == self.game:
            return
        self.game = game
        kill_team = game == "kill-team"
        self.menu.setTitle(PlacementLayer.tr("Lay Out Drop Zones") if kill_team
                           else PlacementLayer.tr("Lay Out Entry Zones"))
        self.menu.clear()
        for p in presets_of(game):
            action = self.menu.addAction(tr(p.name))
            action.setObjectName(f"lay-out-{p.key}")
            action.setStatusTip(tr(p.description))
            action.triggered.connect(lambda _=False, key=p.key: self.panel.lay_out(key))
        tool = self.window.tools[EntryZoneTool.name]
        action = self.window.tool_actions[EntryZoneTool.name]
        title = tr(EntryZoneTool.KILL_TEAM_TITLE if kill_team else EntryZoneTool.title)
        tool.title = title
        tool.tip = tr(EntryZoneTool.KILL_TEAM_TIP if kill_team else EntryZoneTool.tip)
        action.setText(title)
        action.setToolTip(f"{tool.tip} ({tool.shortcut})")
        action.setStatusTip(tool.tip)
