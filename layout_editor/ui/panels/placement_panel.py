"""The placement panel: players and their entry zones (names, deployment
presets), objective markers (numbers, names) and named regions, as lists
beside the table. For a Kill Team mission the same lists are the two
players' drop zones, with the killzone's drop-zone presets.

Every change goes through the document as one named undo step; the panel
redraws from the mission whenever the document says these parts changed.
Choosing a player, region or objective here sets the placement tools'
brush (PlacementState) and asks the window for the matching tool
(`toolWanted`).
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...model.deployments import player_colour, preset, presets_of
from ...model.edits import set_mission_fields
from ...model.placement_edits import (
    clear_entry_zone,
    entry_zone_name,
    lay_out_deployment,
    name_entry_zone,
    new_region_name,
    player_cells,
    region_cells,
    region_names,
    remove_objective,
    remove_region,
    rename_objective,
    rename_region,
    renumber_objective,
)
from ..game import game_id, is_kill_team, players_allowed
from ..i18n import Placing, number, tr
from ..tools.placement_state import PlacementState

KEY_ROLE = Qt.ItemDataRole.UserRole + 1

OBJECTIVE_TOOL = "Objectives"
ENTRY_ZONE_TOOL = "Entry Zones"
REGION_TOOL = "Named Regions"


def swatch_icon(colour: str | QColor, size: int = 16, dashed: bool = False) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    c = QColor(colour)
    if dashed:
        p.setPen(QPen(c, 1.5, Qt.PenStyle.DashLine))
        p.setBrush(QColor(c.red(), c.green(), c.blue(), 40))
    else:
        p.setPen(QPen(c.darker(140), 1))
        p.setBrush(c)
    p.drawRoundedRect(1, 1, size - 2, size - 2, 3, 3)
    p.end()
    icon = QIcon(pm)
    icon.addPixmap(pm, QIcon.Mode.Selected)  # keep the true colour on a chosen row
    return icon


def marker_icon(size: int = 16) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(QColor("#f2c14e"), 2))
    p.setBrush(QColor("#1d2229"))
    p.drawEllipse(2, 2, size - 4, size - 4)
    p.end()
    return QIcon(pm)




def _zones(n: int) -> str:
    return (tr("{n} zone") if n == 1 else tr("{n} zones")).format(n=n)


def _fill(widget: QListWidget, rows, current) -> None:
    """Show rows (key, text, icon, tooltip, italic) and make the row with
    key `current` the current one. Rows that did not change are left alone:
    rebuilding the list under a click would drop the click."""
    keys = [widget.item(i).data(KEY_ROLE) for i in range(widget.count())]
    texts = [widget.item(i).text() for i in range(widget.count())]
    if keys != [r[0] for r in rows] or texts != [r[1] for r in rows]:
        widget.clear()
        for key, text, icon, tip, italic in rows:
            item = QListWidgetItem(icon, text)
            item.setData(KEY_ROLE, key)
            if tip:
                item.setToolTip(tip)
            if italic:
                f = QFont(item.font())
                f.setItalic(True)
                item.setFont(f)
            widget.addItem(item)
    else:
        for i, row in enumerate(rows):
            widget.item(i).setToolTip(row[3])  # e.g. a moved marker's position
    for i in range(widget.count()):
        if widget.item(i).data(KEY_ROLE) == current:
            if widget.currentRow() != i:
                widget.setCurrentRow(i)
            return
    widget.setCurrentRow(-1)


class PlacementPanel(QWidget):
    """toolWanted(name): the user chose something to place or paint; name is
    the tool's ("Objectives", "Entry Zones" or "Named Regions")."""

    toolWanted = Signal(str)

    def __init__(self, document, state: PlacementState | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("PlacementPanel")
        self.document = document
        self.state = state or PlacementState(self)
        self._refreshing = False
        self._known_regions: set[str] = set()
        self._game: str | None = None  # the game the texts and presets were last set for

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self._build_players())
        layout.addWidget(self._build_objectives())
        layout.addWidget(self._build_regions())
        layout.addStretch(1)

        document.changed.connect(self._on_changed)
        self.state.changed.connect(self.refresh)
        self.refresh()

    # -- building ------------------------------------------------------------------
    def _build_players(self) -> QGroupBox:
        box = self.players_box = QGroupBox(PlacementPanel.tr("Players and entry zones"))
        v = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel(PlacementPanel.tr("Players")))
        self.players_spin = QSpinBox()
        self.players_spin.setRange(2, 4)
        self.players_spin.valueChanged.connect(self._set_players)
        row.addWidget(self.players_spin)
        row.addStretch(1)
        v.addLayout(row)

        self.player_list = QListWidget()
        self.player_list.setIconSize(QSize(16, 16))

        self.player_list.currentItemChanged.connect(self._player_chosen)
        self.player_list.itemClicked.connect(lambda _: self.toolWanted.emit(ENTRY_ZONE_TOOL))
        self.player_list.setMaximumHeight(4 * 22 + 8)
        v.addWidget(self.player_list)

        form = QFormLayout()
        self.zone_name = QLineEdit()
        self.zone_name.setPlaceholderText(PlacementPanel.tr("e.g. Boarding party"))
        self.zone_name.editingFinished.connect(self._name_zone)
        form.addRow(Placing.tr("Name"), self.zone_name)
        v.addLayout(form)

        row = QHBoxLayout()
        self.clear_zone_button = QPushButton(PlacementPanel.tr("Clear zone"))

        self.clear_zone_button.clicked.connect(self._clear_zone)
        row.addWidget(self.clear_zone_button)
        row.addStretch(1)
        v.addLayout(row)

        row = QHBoxLayout()
        self.preset_combo = QComboBox()
        # As wide as the panel gives it, not as its longest deployment's
        # name: that widened the right-hand docks and pushed the boards
        # aside (issue 24). The chosen name is in the tooltip too.
        self.preset_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.preset_combo.setMinimumContentsLength(12)
        self.preset_combo.currentTextChanged.connect(self.preset_combo.setToolTip)
        row.addWidget(self.preset_combo, 1)
        self.preset_button = QPushButton(PlacementPanel.tr("Lay out"))
        self.preset_button.clicked.connect(self._lay_out)
        row.addWidget(self.preset_button)
        v.addLayout(row)
        return box

    def _build_objectives(self) -> QGroupBox:
        box = QGroupBox(PlacementPanel.tr("Objective markers"))
        v = QVBoxLayout(box)
        self.objective_list = QListWidget()
        self.objective_list.setIconSize(QSize(16, 16))
        self.objective_list.currentItemChanged.connect(self._objective_chosen)
        self.objective_list.itemClicked.connect(lambda _: self.toolWanted.emit(OBJECTIVE_TOOL))
        self.objective_list.setMaximumHeight(6 * 22 + 8)
        v.addWidget(self.objective_list)
        form = QFormLayout()
        self.objective_number = QLineEdit()
        self.objective_number.setMaxLength(8)
        self.objective_number.setToolTip(Placing.tr("Printed on the marker; a number already used swaps with it"))
        self.objective_number.editingFinished.connect(self._renumber)
        form.addRow(Placing.tr("Number"), self.objective_number)
        self.objective_name = QLineEdit()
        self.objective_name.setPlaceholderText(Placing.tr("e.g. Reactor core"))
        self.objective_name.editingFinished.connect(self._rename_objective)
        form.addRow(Placing.tr("Name"), self.objective_name)
        v.addLayout(form)
        row = QHBoxLayout()
        self.delete_objective_button = QPushButton(PlacementPanel.tr("Delete marker"))
        self.delete_objective_button.clicked.connect(self._delete_objective)
        row.addWidget(self.delete_objective_button)
        row.addStretch(1)
        v.addLayout(row)
        hint = QLabel(PlacementPanel.tr("Objectives tool (J): click a zone to place a marker at its centre; "
                      "hold Shift to place it freely. Drag to move; double-click to rename."))
        hint.setWordWrap(True)
        hint.setStyleSheet("color: palette(mid);")
        v.addWidget(hint)
        return box

    def _build_regions(self) -> QGroupBox:
        box = QGroupBox(PlacementPanel.tr("Named regions"))
        v = QVBoxLayout(box)
        self.region_list = QListWidget()
        self.region_list.setIconSize(QSize(16, 16))
        self.region_list.setToolTip(PlacementPanel.tr("Areas the card names (airlock, reactor ...): "
                                    "choose one, then paint its zones"))
        self.region_list.currentItemChanged.connect(self._region_chosen)
        self.region_list.itemClicked.connect(lambda _: self.toolWanted.emit(REGION_TOOL))
        self.region_list.setMaximumHeight(5 * 22 + 8)
        v.addWidget(self.region_list)
        form = QFormLayout()
        self.region_name = QLineEdit()
        self.region_name.setPlaceholderText(PlacementPanel.tr("e.g. Airlock"))
        self.region_name.editingFinished.connect(self._rename_region)
        form.addRow(Placing.tr("Name"), self.region_name)
        v.addLayout(form)
        row = QHBoxLayout()
        self.new_region_button = QPushButton(PlacementPanel.tr("New region"))
        self.new_region_button.clicked.connect(self._new_region)
        row.addWidget(self.new_region_button)
        self.delete_region_button = QPushButton(PlacementPanel.tr("Delete region"))
        self.delete_region_button.clicked.connect(self._delete_region)
        row.addWidget(self.delete_region_button)
        row.addStretch(1)
        v.addLayout(row)
        return box

    # -- refreshing ------------------------------------------------------------------
    def _on_changed(self, change) -> None:
        if (change.everything or change.entry_zones or change.objectives or change.regions
                or change.text):
            self.refresh()

    def refresh(self) -> None:
        self._refreshing = True
        try:
            self._refresh_players()
            self._refresh_objectives()
            self._refresh_regions()
        finally:
            self._refreshing = False

    def _say_game(self, game: str) -> None:
        """The players' box in the words of the mission's game, with its
        deployments: Boarding Actions' entry zones for 2 to 4 players, or a
        killzone's drop zones for two."""
        self._game = game
        kill_team = game == "kill-team"
        allowed = players_allowed(self.document.mission)
        self.players_spin.setRange(min(allowed), max(allowed))
        self.players_spin.setEnabled(len(allowed) > 1)
        if kill_team:
            self.players_box.setTitle(PlacementPanel.tr("Players and drop zones"))
            self.players_spin.setToolTip(PlacementPanel.tr("Kill Team is played by two players"))
            self.player_list.setToolTip(PlacementPanel.tr("Choose a player, then paint their drop zone on the table"))
            self.clear_zone_button.setToolTip(PlacementPanel.tr("Remove every cell of this player's drop zone"))
            self.preset_combo.setToolTip(PlacementPanel.tr("Drop zones for the killzone, laid out on its board"))
            self.preset_button.setToolTip(PlacementPanel.tr("Replace both drop zones with the chosen ones"))
            self.zone_name.setPlaceholderText(PlacementPanel.tr("e.g. Strike team"))
        else:
            self.players_box.setTitle(PlacementPanel.tr("Players and entry zones"))
            self.players_spin.setToolTip(PlacementPanel.tr("How many players the mission is for (2, 3 or 4)"))
            self.player_list.setToolTip(PlacementPanel.tr("Choose a player, then paint their entry zone on the table"))
            self.clear_zone_button.setToolTip(PlacementPanel.tr("Remove every cell of this player's entry zone"))
            self.preset_combo.setToolTip(PlacementPanel.tr("Deployments of the rules digest, laid out on the current boards"))
            self.preset_button.setToolTip(PlacementPanel.tr("Replace every entry zone with the chosen deployment"))
            self.zone_name.setPlaceholderText(PlacementPanel.tr("e.g. Boarding party"))
        self.preset_combo.clear()
        for p in presets_of(game):
            self.preset_combo.addItem(tr(p.name), p.key)
            self.preset_combo.setItemData(self.preset_combo.count() - 1, tr(p.description),
                                          Qt.ItemDataRole.ToolTipRole)

    def _refresh_players(self) -> None:
        m = self.document.mission
        if game_id(m) != self._game:
            self._say_game(game_id(m))
        self.players_spin.setValue(m.players)
        if self.state.player > m.players:
            self.state.set_player(1)
        rows = []
        for player in range(1, m.players + 1):
            name = entry_zone_name(m, player)
            n = len(player_cells(m, player))
            text = tr("Player {player}").format(player=player) + (f": {name}" if name else "")
            text += f"  ({_zones(n)})" if n else "  ({})".format(PlacementPanel.tr("no zones yet"))
            rows.append((player, text, swatch_icon(player_colour(player)), "", False))
        _fill(self.player_list, rows, self.state.player)
        has_cells = bool(player_cells(m, self.state.player))
        self.zone_name.setEnabled(has_cells)
        if has_cells:
            self.zone_name.setToolTip("")
        elif self._game == "kill-team":
            self.zone_name.setToolTip(PlacementPanel.tr("Paint this player's drop zone first, then name it"))
        else:
            self.zone_name.setToolTip(PlacementPanel.tr("Paint this player's entry zone first, then name it"))
        if not self.zone_name.hasFocus():
            self.zone_name.setText(entry_zone_name(m, self.state.player) or "")
        self.clear_zone_button.setEnabled(has_cells)
        # Offer the presets for the mission's player count first.
        idx = self.preset_combo.currentIndex()
        current = self.preset_combo.itemData(idx) if idx >= 0 else None
        if current is None or preset(current).players != m.players:
            for i in range(self.preset_combo.count()):
                if preset(self.preset_combo.itemData(i)).players == m.players:
                    self.preset_combo.setCurrentIndex(i)
                    break

    def _refresh_objectives(self) -> None:
        m = self.document.mission
        ids = [o.id for o in m.objectives]
        if self.state.objective is not None and self.state.objective not in ids:
            self.state.set_objective(None)
        rows = [(o.id, f"{o.id}" + (f"  {o.name}" if o.name else ""), marker_icon(),
                 PlacementPanel.tr("at ({x}, {y}) mm").format(x=number(o.at[0], ".1f"), y=number(o.at[1], ".1f")), False) for o in m.objectives]
        _fill(self.objective_list, rows, self.state.objective)
        chosen = next((o for o in m.objectives if o.id == self.state.objective), None)
        for w in (self.objective_number, self.objective_name, self.delete_objective_button):
            w.setEnabled(chosen is not None)
        if not self.objective_number.hasFocus():
            self.objective_number.setText(chosen.id if chosen else "")
        if not self.objective_name.hasFocus():
            self.objective_name.setText((chosen.name or "") if chosen else "")

    def _refresh_regions(self) -> None:
        m = self.document.mission
        names = region_names(m)
        if self.state.region in self._known_regions and self.state.region not in names:
            # The chosen region went (undo, delete, another mission): it is
            # not a name waiting for its first zone, so stop offering it.
            self.state.set_region(None)
        self._known_regions = set(names)
        pending = self.state.region if self.state.region and self.state.region not in names else None
        rows = []
        for name in names + ([pending] if pending else []):
            n = len(region_cells(m, name))
            text = f"{name}  ({_zones(n)})" if n else "{}  ({})".format(name, PlacementPanel.tr("paint its zones"))
            rows.append((name, text, swatch_icon("#263238", dashed=True), "", not n))
        _fill(self.region_list, rows, self.state.region)
        has = self.state.region is not None
        self.region_name.setEnabled(has)
        self.delete_region_button.setEnabled(has)
        if not self.region_name.hasFocus():
            self.region_name.setText(self.state.region or "")

    # -- actions -----------------------------------------------------------------------
    def _player_chosen(self, item, _previous=None) -> None:
        if self._refreshing or item is None:
            return
        self.state.set_player(item.data(KEY_ROLE))

    def _objective_chosen(self, item, _previous=None) -> None:
        if self._refreshing or item is None:
            return
        self.state.set_objective(item.data(KEY_ROLE))

    def _region_chosen(self, item, _previous=None) -> None:
        if self._refreshing or item is None:
            return
        self.state.set_region(item.data(KEY_ROLE))

    def _set_players(self, n: int) -> None:
        if self._refreshing or n == self.document.mission.players:
            return
        self.document.apply(PlacementPanel.tr("Set Players to {n}").format(n=n), set_mission_fields, players=n)

    def _name_zone(self) -> None:
        if self._refreshing:
            return
        player = self.state.player
        text = self.zone_name.text().strip() or None
        if text == entry_zone_name(self.document.mission, player):
            return
        if is_kill_team(self.document.mission):
            name = PlacementPanel.tr("Name Drop Zone of Player {player}")
        else:
            name = PlacementPanel.tr("Name Entry Zone of Player {player}")
        self.document.apply(name.format(player=player), name_entry_zone, player, text)

    def _clear_zone(self) -> None:
        player = self.state.player
        if is_kill_team(self.document.mission):
            name = PlacementPanel.tr("Clear Drop Zone of Player {player}")
        else:
            name = PlacementPanel.tr("Clear Entry Zone of Player {player}")
        self.document.apply(name.format(player=player), clear_entry_zone, player)

    def _lay_out(self) -> None:
        self.lay_out(self.preset_combo.currentData())

    def lay_out(self, key: str) -> None:
        """Replace the entry zones with a deployment preset (one undo step)."""
        p = preset(key)
        if p.game != game_id(self.document.mission):
            # A preset of the other game (a menu left from the last mission).
            return
        if is_kill_team(self.document.mission):
            name = PlacementPanel.tr("Lay Out Drop Zones: {name}")
        else:
            name = PlacementPanel.tr("Lay Out Deployment: {name}")
        self.document.apply(name.format(name=tr(p.name)), lay_out_deployment, key)

    def _renumber(self) -> None:
        old = self.state.objective
        new = self.objective_number.text().strip()
        if self._refreshing or old is None or new == old:
            return
        if self.document.apply(PlacementPanel.tr("Renumber Objective {old} as {new}").format(old=old, new=new), renumber_objective, old, new):
            self.state.set_objective(new)
        else:
            self.objective_number.setText(old)

    def _rename_objective(self) -> None:
        oid = self.state.objective
        if self._refreshing or oid is None:
            return
        current = next((o.name for o in self.document.mission.objectives if o.id == oid), None)
        text = self.objective_name.text().strip() or None
        if text != current:
            self.document.apply(PlacementPanel.tr("Rename Objective {oid}").format(oid=oid), rename_objective, oid, text)

    def _delete_objective(self) -> None:
        oid = self.state.objective
        if oid is not None:
            self.document.apply(tr("Delete Objective {oid}").format(oid=oid), remove_objective, oid)

    def _new_region(self) -> None:
        # The name is the brush until its first zone is painted.
        name = new_region_name(self.document.mission)
        self.state.set_region(name)
        self.toolWanted.emit(REGION_TOOL)
        self.region_name.setFocus()
        self.region_name.selectAll()

    def _rename_region(self) -> None:
        old = self.state.region
        new = self.region_name.text().strip()
        if self._refreshing or old is None or not new or new == old:
            return
        if old not in region_names(self.document.mission):
            if new in region_names(self.document.mission):
                self.document.message.emit(PlacementPanel.tr("There is already a region {name}").format(name=repr(new)))
                self.region_name.setText(old)
                return
            self.state.set_region(new)  # still only a name: nothing to undo
            return
        if self.document.apply(PlacementPanel.tr("Rename Region {old}").format(old=old), rename_region, old, new):
            self.state.set_region(new)
        else:
            self.region_name.setText(old)

    def _delete_region(self) -> None:
        name = self.state.region
        if name is None:
            return
        if name in region_names(self.document.mission):
            self.document.apply(PlacementPanel.tr("Delete Region {name}").format(name=name), remove_region, name)
        self.state.set_region(None)
        self.refresh()
