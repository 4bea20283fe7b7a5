"""Kill Team's territories, centre line and equipment in the editor: the
Equipment and Territories tools (tools/equipment_tool.py,
tools/territory_tool.py), the Terrain palette's Equipment group (each kind
drawn at its real size, and whose the next item is), Table > Territories,
and the rules' marks on equipment that breaks a placement rule. Built into
the main window by `install(window)` after the placement layer, whose items
draw the killzone (window.placement.territories and .equipment).

A Boarding Actions mission has none of these: its palette, toolbar and
Table menu do not show them (a file that has equipment anyway keeps it, and
the checks say it is not checked).
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QMenu,
    QRadioButton,
    QVBoxLayout,
)

from ..model.deployments import player_colour
from ..model.edits import Change
from ..model.mission import Equipment
from ..rules.checks.equipment import equipment_shape
from .carry_list import CarryList
from .game import is_kill_team
from .i18n import tr
from .items.killzone_items import EquipmentGhost
from .items.paths import cosmetic_pen
from .tools.equipment_tool import EquipmentTool
from .tools.territory_tool import TerritoryTool

ICON = QSize(104, 34)
KIND_ROLE = Qt.ItemDataRole.UserRole + 1
# the findings about where an item of equipment stands (rules/checks/equipment.py)
MARKED_CODES = ("kt-equipment-", "kt-no-territory")


def equipment_pixmap(kind, catalogue, size: QSize = ICON) -> QPixmap:
    """An item of equipment drawn to scale, on the palette's scale for
    pieces (the longest wall panel fills the width), so a barricade and a
    wall compare."""
    item = Equipment(kind=kind.kind, player=1, at=(0.0, 0.0), uid=0)
    ring = list(equipment_shape(item, kind).exterior.coords)
    longest = max((max(r[2] for r in k.footprint) - min(r[0] for r in k.footprint))
                  for k in catalogue.pieces.values())
    scale = (size.width() - 8) / longest
    pm = QPixmap(size * 2)
    pm.setDevicePixelRatio(2.0)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    t = QTransform()
    t.translate(size.width() / 2, size.height() / 2)
    t.scale(scale, scale)
    p.setTransform(t)
    colour = QColor(player_colour(1))
    fill = QColor(colour)
    fill.setAlpha(150)
    p.setBrush(fill)
    p.setPen(cosmetic_pen(colour.darker(130), 1.0))
    p.drawPolygon([QPointF(x, y) for x, y in ring])
    p.end()
    return pm


class EquipmentList(CarryList):
    """Carries an item of equipment from the palette onto the killzone, as
    the pieces' list carries a piece (carry_list.CarryList: not a QDrag, so R
    still turns what is carried): its ghost follows the cursor over the
    table, red where it would break a placement rule; R turns it, Esc puts
    nothing down; letting go on the killzone sets it up."""

    def __init__(self, services, tool: EquipmentTool):
        super().__init__(services=services, role=KIND_ROLE)
        self.tool = tool

    # -- carrying (carry_list.CarryList's hooks) ------------------------------------
    def carry_keys(self) -> frozenset:
        return frozenset((Qt.Key.Key_R,))

    def carry_key(self, key) -> bool:
        self.tool.action("turn")
        return True

    def started_carrying(self, kind: str) -> None:
        self.services.tools.select(EquipmentTool.name)
        self.tool.set_kind(kind)

    def carried_over(self, kind: str, over: tuple[float, float] | None) -> None:
        self.tool.carry_over(over)

    def put_down(self, kind: str, x: float, y: float) -> None:
        self.tool.set_up_at(x, y)

    def carry_ended(self) -> None:
        self.tool.carry_over(None)

    def cancelled(self) -> None:
        self.tool.set_kind(None)
        self.services.status(self.tr("Nothing set up"), 3000)


class EquipmentPalette(QGroupBox):
    """The Terrain palette's Equipment group: click a kind, then click the
    killzone (the Equipment tool); the buttons say whose the next item is,
    and give the chosen items to that player."""

    def __init__(self, services, tool: EquipmentTool):
        super().__init__()
        self.services = services
        self.tool = tool
        cat = services.catalogue
        self.setTitle(self.tr("Equipment"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.list = EquipmentList(services, tool)
        self.list.setIconSize(ICON)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # the code and the size on the first line, the name below, wrapped
        # to the list's width as the pieces' are (a German name is long)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSpacing(1)
        for kind in cat.equipment.values():
            w, d = kind.size
            size = self.tr("{0} mm across").format(f"{w:g}") if kind.shape == "round" else \
                self.tr("{0} × {1} mm").format(f"{w:g}", f"{d:g}")
            item = QListWidgetItem(equipment_pixmap(kind, cat), f"{kind.label} · {size}\n{tr(kind.name)}")
            item.setData(KIND_ROLE, kind.kind)
            item.setToolTip(self.tr("{0}: click, then click the killzone to set it up").format(tr(kind.name)))
            self.list.addItem(item)
        self._fit_height()
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("For:")))
        self.players = QButtonGroup(self)
        self.player_buttons: dict[int, QRadioButton] = {}
        for n in (1, 2):
            b = QRadioButton(self.tr("Player {0}").format(n))
            b.setObjectName(f"equipment-player-{n}")
            b.setToolTip(self.tr("The next item is player {0}'s; the chosen items become player {0}'s").format(n))
            self.players.addButton(b, n)
            self.player_buttons[n] = b
            row.addWidget(b)
        row.addStretch(1)
        self.player_buttons[1].setChecked(True)
        self.players.idClicked.connect(self._player_clicked)
        layout.addLayout(row)
        tool.chosen.connect(self._show_chosen)

    def _fit_height(self) -> None:
        """Every kind shows without scrolling: the list is as tall as its rows."""
        rows = sum(max(self.list.sizeHintForRow(n), ICON.height()) + 2 * self.list.spacing()
                   for n in range(self.list.count()))
        self.list.setFixedHeight(rows + 2 * self.list.frameWidth() + 2)

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        self._fit_height()  # a narrower list wraps a name onto another line

    def _chosen(self, item: QListWidgetItem) -> None:
        self.services.tools.select(EquipmentTool.name)
        self.tool.set_kind(item.data(KIND_ROLE))

    def _player_clicked(self, player: int) -> None:
        self.tool.set_player(player)

    def _show_chosen(self) -> None:
        self.player_buttons[self.tool.player].setChecked(True)
        if self.tool.kind is None:
            self.list.clearSelection()


class KillzoneEditing(QObject):
    """Keeps the Kill Team parts shown only for a Kill Team mission, and the
    rules' marks on the equipment."""

    def __init__(self, window, equipment: EquipmentTool, territories: TerritoryTool, group: EquipmentPalette,
                 menu: QMenu, actions: dict[str, QAction]):
        super().__init__(window)
        self.window = window
        self.equipment = equipment
        self.territories = territories
        self.group = group
        self.menu = menu
        self.actions = actions
        self._kill_team: bool | None = None
        window.document.changed.connect(self._changed)
        window.feedback.live.analysisReady.connect(self._findings)
        self.show_for_game()

    def _changed(self, change: Change) -> None:
        if change.everything:
            self.show_for_game()

    def show_for_game(self) -> None:
        kill_team = is_kill_team(self.window.document.mission)
        if kill_team == self._kill_team:
            return
        self._kill_team = kill_team
        self.group.setVisible(kill_team)
        self.menu.menuAction().setVisible(kill_team)
        for name in (EquipmentTool.name, TerritoryTool.name):
            self.window.tool_actions[name].setVisible(kill_team)

    def _findings(self, mission, findings) -> None:
        """Outline the items a placement finding is about (it names each by
        its centre among its places: both items too close together, every
        item of a kind set up too often)."""
        rank = {"warning": 1, "error": 2}
        marks: dict[int, str] = {}
        for f in findings:
            if f.severity not in rank or not f.places or not f.code.startswith(MARKED_CODES):
                continue
            for e in mission.equipment:
                if e.at in f.places and rank[f.severity] > rank.get(marks.get(e.uid, ""), 0):
                    marks[e.uid] = f.severity
        self.window.placement.equipment.set_marks(marks)


@dataclass(frozen=True)
class KillzoneParts:
    equipment_tool: EquipmentTool
    territory_tool: TerritoryTool
    palette: EquipmentPalette
    menu: QMenu
    editing: KillzoneEditing


def install(window) -> KillzoneParts:
    """The tools, the palette's Equipment group and Table > Territories, in
    the window (after placement.install and the live feedback)."""
    services = window.services
    layer = window.placement
    ghost = EquipmentGhost(window.catalogue)
    window.scene.addItem(ghost)
    equipment = EquipmentTool(services, layer.equipment, ghost)
    territories = TerritoryTool(services, layer.territories)
    window.add_tool(equipment)
    window.add_tool(territories)

    group = EquipmentPalette(services, equipment)
    box = window.palette.layout()
    box.insertWidget(box.indexOf(window.palette.hint), group)

    menu = window.menu("Table").addMenu(KillzoneEditing.tr("Territor&ies"))
    actions: dict[str, QAction] = {}

    def add(name: str, text: str, tip: str, slot) -> None:
        a = menu.addAction(text)
        a.setObjectName(name)
        a.setStatusTip(tip)
        a.setToolTip(tip)
        a.triggered.connect(slot)
        actions[name] = a

    def split(how: str) -> None:
        window.activate_tool(TerritoryTool.name)  # its handles show the centre line's ends to drag
        territories.split(how)

    add("split-top-bottom", KillzoneEditing.tr("Split &Top and Bottom"),
        KillzoneEditing.tr("A centre line across the middle; the two halves become the players' territories"),
        lambda: split("top-bottom"))
    add("split-left-right", KillzoneEditing.tr("Split &Left and Right"),
        KillzoneEditing.tr("A centre line down the middle; the two halves become the players' territories"),
        lambda: split("left-right"))
    add("swap-territories", KillzoneEditing.tr("S&wap Territories"),
        KillzoneEditing.tr("Player 1's territory becomes player 2's and player 2's player 1's"),
        territories.swap)
    add("clear-territories", KillzoneEditing.tr("&Clear Territories"),
        KillzoneEditing.tr("Take the territories and the centre line off the killzone"),
        lambda: territories.clear() or window.show_message(
            KillzoneEditing.tr("The killzone has no territories or centre line to clear")))
    editing = KillzoneEditing(window, equipment, territories, group, menu, actions)
    return KillzoneParts(equipment, territories, group, menu, editing)
