"""One timeline event edited in a dialog: when (round and phase), the words
the card prints (trigger and text) and what changes (a row per change:
what, which one, what it becomes, and where an objective moves to).

The dialog hands back a model `Event`; the caller makes the undo step.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ...catalogue import Catalogue
from ...model import timeline as tl
from ...model.mission import Mission
from ...model.placement_edits import entry_zone_name, region_names
from .words import BECOMES, PHASES, TARGETS, Timeline, hatchway_name, phase_text, round_word

COL_TARGET, COL_WHICH, COL_BECOMES, COL_TO = range(4)


@dataclass(frozen=True)
class Choice:
    """Something a change can name: its kind, its reference in the file and
    its name in the list."""
    target: str
    ref: object
    name: str


def choices(mission: Mission, catalogue: Catalogue) -> dict[str, list[Choice]]:
    """Everything on the starting table an event can change, by kind.
    Objectives and entry zones include those absent at the start (they
    appear or open later: they are in the file all the same)."""
    hatchways = []
    for p in mission.pieces:
        kind = catalogue.pieces.get(p.code)
        if kind is None or kind.hatchway is None or p.from_node is None or p.to_node is None:
            continue
        ref = tl.HatchwayRef(p.board, tuple(p.from_node), tuple(p.to_node))
        hatchways.append(Choice("hatchway", ref, hatchway_name(mission, ref)))
    areas = [Choice("area", name, name) for name in region_names(mission)]
    objectives = [Choice("objective", o.id, o.id + (f" · {o.name}" if o.name else "")) for o in mission.objectives]
    zones = []
    for z in mission.entry_zones:
        if z.name and all(c.ref != z.name for c in zones):
            zones.append(Choice("entry-zone", z.name, f"{z.name} · {entry_zone_name(mission, z.player)}"))
    return {"hatchway": hatchways, "area": areas, "objective": objectives, "entry-zone": zones}


class ChangeRow:
    """The widgets of one change in the table."""

    def __init__(self, dialog: EventDialog, row: int, change: tl.Change | None):
        self.dialog = dialog
        self.target = QComboBox()
        self.which = QComboBox()
        self.becomes = QComboBox()
        self.to = QWidget()
        box = QHBoxLayout(self.to)
        box.setContentsMargins(0, 0, 0, 0)
        self.x, self.y = QDoubleSpinBox(), QDoubleSpinBox()
        for spin in (self.x, self.y):
            spin.setRange(-10000.0, 10000.0)
            spin.setDecimals(0)
            spin.setSuffix(" mm")
            box.addWidget(spin)
        for target, words in TARGETS.items():
            if dialog.choices[target]:
                self.target.addItem(Timeline.tr(words), target)
        table = dialog.changes
        table.setCellWidget(row, COL_TARGET, self.target)
        table.setCellWidget(row, COL_WHICH, self.which)
        table.setCellWidget(row, COL_BECOMES, self.becomes)
        table.setCellWidget(row, COL_TO, self.to)
        self.target.currentIndexChanged.connect(self._target_changed)
        self.becomes.currentIndexChanged.connect(self._becomes_changed)
        if change is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(change.target)))
        self._target_changed()
        if change is not None:
            refs = [c.ref for c in dialog.choices.get(change.target, [])]
            if change.ref in refs:
                self.which.setCurrentIndex(refs.index(change.ref))
            self.becomes.setCurrentIndex(max(0, self.becomes.findData(change.becomes)))
            if change.to is not None:
                self.x.setValue(change.to[0])
                self.y.setValue(change.to[1])
        self._becomes_changed()

    def _target_changed(self) -> None:
        target = self.target.currentData()
        self.which.clear()
        self.becomes.clear()
        for c in self.dialog.choices.get(target, []):
            self.which.addItem(c.name)
        for becomes, words in BECOMES.get(target, {}).items():
            self.becomes.addItem(Timeline.tr(words), becomes)

    def _becomes_changed(self) -> None:
        moves = self.becomes.currentData() == "moves"
        self.to.setEnabled(moves)
        if moves and self.x.value() == 0 and self.y.value() == 0:
            ref = self.ref()
            at = next((o.at for o in self.dialog.mission.objectives if o.id == ref), None)
            if at is not None:
                self.x.setValue(at[0])
                self.y.setValue(at[1])

    def ref(self):
        options = self.dialog.choices.get(self.target.currentData(), [])
        i = self.which.currentIndex()
        return options[i].ref if 0 <= i < len(options) else None

    def change(self) -> tl.Change | None:
        target, ref, becomes = self.target.currentData(), self.ref(), self.becomes.currentData()
        if target is None or ref is None or becomes is None:
            return None
        to = (float(self.x.value()), float(self.y.value())) if becomes == "moves" else None
        return tl.Change(target, ref, becomes, to)


class EventDialog(QDialog):
    def __init__(self, mission: Mission, catalogue: Catalogue, event: tl.Event, parent: QWidget | None = None,
                 title: str | None = None):
        super().__init__(parent)
        self.setObjectName("timeline-event-dialog")
        self.mission = mission
        self.choices = choices(mission, catalogue)
        self.setWindowTitle(title or Timeline.tr("Timeline Event"))
        form = QFormLayout()
        self.round = QSpinBox()
        self.round.setObjectName("event-round")
        self.round.setRange(1, tl.battle_rounds(mission))
        self.round.setValue(max(1, min(event.round, self.round.maximum())))
        form.addRow(round_word(mission), self.round)
        self.phase = QComboBox()
        self.phase.setObjectName("event-phase")
        for phase in PHASES:
            self.phase.addItem(phase_text(phase), phase)
        self.phase.setCurrentIndex(max(0, self.phase.findData(event.phase)))
        self.phase.setToolTip(Timeline.tr("Events at the start or in the Command phase change the table before "
                                          "anyone moves; later ones show on the map from the next round"))
        form.addRow(Timeline.tr("Phase"), self.phase)
        self.trigger = QLineEdit(event.trigger or "")
        self.trigger.setObjectName("event-trigger")
        self.trigger.setPlaceholderText(Timeline.tr("optional: only if... (printed on the card)"))
        form.addRow(Timeline.tr("Trigger"), self.trigger)
        self.text = QLineEdit(event.text or "")
        self.text.setObjectName("event-text")
        self.text.setPlaceholderText(Timeline.tr("optional: what the card says happens"))
        form.addRow(Timeline.tr("Text"), self.text)

        self.changes = QTableWidget(0, 4)
        self.changes.setObjectName("event-changes")
        self.changes.setHorizontalHeaderLabels([Timeline.tr("What"), Timeline.tr("Which"),
                                                Timeline.tr("Becomes"), Timeline.tr("To")])
        self.changes.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.changes.verticalHeader().setVisible(False)
        self.rows: list[ChangeRow] = []
        for change in event.changes:
            self.add_change(change)
        add = QPushButton(Timeline.tr("Add Change"))
        add.setObjectName("add-change")
        add.clicked.connect(lambda: self.add_change(None))
        remove = QPushButton(Timeline.tr("Remove Change"))
        remove.setObjectName("remove-change")
        remove.clicked.connect(self.remove_change)
        self.nothing = QLabel(Timeline.tr("The table has no hatchway, area, objective or named entry zone "
                                          "an event could change yet."))
        self.nothing.setWordWrap(True)
        self.nothing.setVisible(not any(self.choices.values()))
        add.setEnabled(any(self.choices.values()))
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(add)
        buttons_row.addWidget(remove)
        buttons_row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(Timeline.tr("What changes")))
        layout.addWidget(self.changes)
        layout.addWidget(self.nothing)
        layout.addLayout(buttons_row)
        layout.addWidget(buttons)
        self.resize(720, 420)

    def add_change(self, change: tl.Change | None) -> None:
        row = self.changes.rowCount()
        self.changes.insertRow(row)
        self.rows.append(ChangeRow(self, row, change))
        self.changes.setCurrentCell(row, COL_WHICH)

    def remove_change(self) -> None:
        row = self.changes.currentRow()
        if row < 0 and self.rows:
            row = len(self.rows) - 1
        if 0 <= row < len(self.rows):
            self.changes.removeRow(row)
            del self.rows[row]

    def result_event(self) -> tl.Event:
        """The event as the dialog holds it now."""
        changes = tuple(c for c in (row.change() for row in self.rows) if c is not None)
        return tl.Event(round=self.round.value(), phase=self.phase.currentData(),
                        trigger=self.trigger.text().strip() or None, text=self.text.text().strip() or None,
                        changes=changes)
