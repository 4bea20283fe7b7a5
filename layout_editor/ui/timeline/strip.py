"""The timeline strip under the map: a button per battle round (turning
point in Kill Team) beside "Setup", the events listed in the order they
happen, and the buttons that add, edit and remove them.

A widget only: it shows what it is given and says what the player asked
for through its signals; editor.py makes the undo steps.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...model import timeline as tl
from ...model.mission import Mission
from .words import PHASES, Timeline, event_text, round_name, round_word, when_text

SETUP = 0          # the round buttons' id for "Setup" (the table as set up)
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1   # an event row's index in mission.timeline
PHASE_ORDER = {phase: n for n, phase in enumerate(PHASES)}


class TimelineStrip(QWidget):
    roundChosen = Signal(object)     # int | None (Setup)
    addWanted = Signal()
    editWanted = Signal(int)         # the event's index in the mission's timeline
    removeWanted = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("timeline-strip")
        self._mission: Mission | None = None
        self._drawn: tuple | None = None  # what the rounds and the list show (set_mission)
        self.rounds = QHBoxLayout()
        self.rounds.setSpacing(2)
        self.round_label = QLabel()
        self.rounds.addWidget(self.round_label)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.group.idClicked.connect(self._round_clicked)
        self.buttons: list[QToolButton] = []
        self.note = QLabel()
        self.note.setObjectName("timeline-note")
        self.note.setWordWrap(False)

        self.events = QTreeWidget()
        self.events.setObjectName("timeline-events")
        self.events.setRootIsDecorated(False)
        self.events.setColumnCount(3)
        self.events.setHeaderLabels([Timeline.tr("When"), Timeline.tr("What happens"), Timeline.tr("Trigger")])
        self.events.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.events.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.events.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.events.setMinimumHeight(60)
        self.events.itemClicked.connect(self._event_clicked)
        self.events.itemDoubleClicked.connect(lambda item, _col: self.editWanted.emit(item.data(0, INDEX_ROLE)))
        self.events.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.add_button = QPushButton(Timeline.tr("Add Event..."))
        self.add_button.setObjectName("timeline-add")
        self.add_button.setToolTip(Timeline.tr("Add a change to the table in a round: a hatchway opens, "
                                               "an area is vented, an objective appears"))
        self.add_button.clicked.connect(self.addWanted)
        self.edit_button = QPushButton(Timeline.tr("Edit..."))
        self.edit_button.setObjectName("timeline-edit")
        self.edit_button.clicked.connect(lambda: self._with_current(self.editWanted))
        self.remove_button = QPushButton(Timeline.tr("Remove"))
        self.remove_button.setObjectName("timeline-remove")
        self.remove_button.clicked.connect(lambda: self._with_current(self.removeWanted))

        top = QHBoxLayout()
        top.addLayout(self.rounds)
        top.addSpacing(12)
        top.addWidget(self.note, 1)
        side = QVBoxLayout()
        for b in (self.add_button, self.edit_button, self.remove_button):
            side.addWidget(b)
        side.addStretch(1)
        below = QHBoxLayout()
        below.addWidget(self.events, 1)
        below.addLayout(side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(top)
        layout.addLayout(below)
        self._update_buttons()

    # -- showing -------------------------------------------------------------------
    def set_mission(self, mission: Mission, shown: int | None) -> None:
        """The mission's rounds and events; `shown` is the round on the map."""
        self._mission = mission
        # Every edit comes here (a drag, many a second); the buttons and the
        # list are made again only when what they say changed (clearing
        # and refilling the list took ~1 ms of the window's time a step).
        drawn = (round_word(mission), Timeline.tr("Setup"), tl.battle_rounds(mission),
                 tuple((e.round, e.phase, e.trigger, when_text(mission, e), event_text(mission, e))
                       for e in mission.timeline))
        if drawn != self._drawn:
            self._drawn = drawn
            self.round_label.setText(round_word(mission) + ":")
            self._build_rounds(mission)
            self._fill_events(mission)
        self.show_round(shown)

    def _build_rounds(self, mission: Mission) -> None:
        count = tl.battle_rounds(mission) + 1
        while len(self.buttons) < count:
            b = QToolButton()
            b.setCheckable(True)
            b.setAutoRaise(False)
            b.setMinimumWidth(34)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            self.group.addButton(b, len(self.buttons))
            self.rounds.addWidget(b)
            self.buttons.append(b)
        by_round: dict[int, list[str]] = {}
        for event in mission.timeline:
            by_round.setdefault(event.round, []).append(f"{when_text(mission, event)}: {event_text(mission, event)}")
        for i, b in enumerate(self.buttons):
            b.setVisible(i < count)
            b.setObjectName(f"timeline-round-{i}" if i else "timeline-setup")
            if i == SETUP:
                b.setText(Timeline.tr("Setup"))
                b.setToolTip(Timeline.tr("The table as the battle starts: this is the table you edit"))
                continue
            lines = by_round.get(i, [])
            b.setText(f"{i} \u2022" if lines else str(i))
            font = b.font()
            font.setBold(bool(lines))
            b.setFont(font)
            head = Timeline.tr("Show the table in {0}").format(round_name(mission, i))
            b.setToolTip("\n".join([head, *lines]))

    def _fill_events(self, mission: Mission) -> None:
        current = self.current_index()
        self.events.clear()
        order = sorted(range(len(mission.timeline)),
                       key=lambda i: (mission.timeline[i].round, PHASE_ORDER.get(mission.timeline[i].phase, 99), i))
        for i in order:
            event = mission.timeline[i]
            item = QTreeWidgetItem([when_text(mission, event), event_text(mission, event), event.trigger or ""])
            item.setData(0, INDEX_ROLE, i)
            item.setToolTip(1, event_text(mission, event))
            self.events.addTopLevelItem(item)
            if i == current:
                self.events.setCurrentItem(item)
        if not mission.timeline:
            item = QTreeWidgetItem(["", Timeline.tr("No events: the table stays as it is set up all battle. "
                                                    "Right-click a hatchway or press Add Event..."), ""])
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.events.addTopLevelItem(item)
        self._update_buttons()

    def show_round(self, shown: int | None) -> None:
        i = shown or SETUP
        if 0 <= i < len(self.buttons):
            self.buttons[i].setChecked(True)
        m = self._mission
        if m is None:
            return
        if shown is None:
            self.note.setText(Timeline.tr("Showing the table as set up"))
        else:
            self.note.setText(Timeline.tr("Showing the table in {0}, its overlays worked out for it; "
                                          "edits change the table as set up").format(round_name(m, shown)))

    # -- asking ------------------------------------------------------------------------
    def current_index(self) -> int | None:
        item = self.events.currentItem()
        value = item.data(0, INDEX_ROLE) if item is not None else None
        return int(value) if value is not None else None

    def select_event(self, index: int) -> None:
        for n in range(self.events.topLevelItemCount()):
            item = self.events.topLevelItem(n)
            if item.data(0, INDEX_ROLE) == index:
                self.events.setCurrentItem(item)
                return

    def _with_current(self, signal) -> None:
        index = self.current_index()
        if index is not None:
            signal.emit(index)

    def _update_buttons(self) -> None:
        chosen = self.current_index() is not None
        pick = Timeline.tr("Choose an event in the list first")
        self.edit_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)
        self.edit_button.setToolTip(Timeline.tr("Change the chosen event") if chosen else pick)
        self.remove_button.setToolTip(Timeline.tr("Remove the chosen event from the timeline") if chosen else pick)

    def _round_clicked(self, i: int) -> None:
        self.roundChosen.emit(i or None)

    def _event_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        index = item.data(0, INDEX_ROLE)
        if index is not None and self._mission is not None and index < len(self._mission.timeline):
            self.roundChosen.emit(self._mission.timeline[index].round)
