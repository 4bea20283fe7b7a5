"""The timeline in the editor window, built by `install(window)`: the strip
in a dock under the map, the round the map shows (round_view.py), the
Timeline menu on a hatchway's context menu, and the undo steps that add,
edit and remove events (one per action, made with the model's Qt-free
edits in model/timeline.py).

Events are edited on the table as set up (the document's mission); the
round shown only changes what is drawn and what the overlays are asked.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDockWidget, QMenu

from ...model import edits, timeline_edits
from ...model import timeline as tl
from ...model.edits import Change
from .event_dialog import EventDialog
from .round_view import RoundView
from .strip import TimelineStrip
from .words import Timeline, change_text, round_name

# The hatchway context menu's verbs: "Opens at the start of" > Round 3.
VERB_TEXTS = {"open": QT_TRANSLATE_NOOP("Timeline", "Opens at the start of"),
              "closed": QT_TRANSLATE_NOOP("Timeline", "Closes at the start of"),
              "locked": QT_TRANSLATE_NOOP("Timeline", "Locked from the start of"),
              "unlocked": QT_TRANSLATE_NOOP("Timeline", "Unlocked at the start of")}


# The same, for several hatchways in one step's name ("2 Hatchways: closed in round 3").
VERB_WORDS = {"open": QT_TRANSLATE_NOOP("Timeline", "open"), "closed": QT_TRANSLATE_NOOP("Timeline", "closed"),
              "locked": QT_TRANSLATE_NOOP("Timeline", "locked"),
              "unlocked": QT_TRANSLATE_NOOP("Timeline", "unlocked")}


class TimelineEditor(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.catalogue = window.catalogue
        self.view = RoundView(window.document, window.scene, window.catalogue, self)
        self.strip = TimelineStrip()
        self.dock = window.add_dock(Timeline.tr("Timeline"), self.strip, Qt.BottomDockWidgetArea, "timeline")
        self.dock.setFeatures(self.dock.features() & ~QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        # A strip, not a panel: the map keeps the height (a remembered layout overrides it).
        window.resizeDocks([self.dock], [150], Qt.Orientation.Vertical)
        self.strip.roundChosen.connect(self.view.set_round)
        self.strip.addWanted.connect(self.add_event)
        self.strip.editWanted.connect(self.edit_event)
        self.strip.removeWanted.connect(self.remove_event)
        self.view.roundChanged.connect(self.strip.show_round)
        self.document.changed.connect(self._document_changed)
        # The map and the overlays follow the round shown.
        window.placement.shown = self.view.table
        self.view.on_shown_changed(lambda: window.placement.refresh(Change(everything=True)))
        window.feedback.show_table_of(self.view.table)
        self.view.on_shown_changed(window.feedback.shown_table_changed)
        # A hatchway's context menu: Timeline > Opens at the start of > Round 3.
        self.hatchway_menu = QMenu(Timeline.tr("Timeline"), window)
        self.hatchway_menu.menuAction().setObjectName("timeline-hatchway-menu")
        self.hatchway_menu.aboutToShow.connect(self._fill_hatchway_menu)
        self._submenus: list[QMenu] = []
        self.strip.set_mission(self.document.mission, self.view.round)

    # -- keeping in step ---------------------------------------------------------------
    def _document_changed(self, change) -> None:
        self.strip.set_mission(self.document.mission, self.view.round)

    # -- the undo steps -------------------------------------------------------------------
    def _start_event(self) -> tl.Event:
        """A new event as the dialog first offers it: in the round shown (or
        the second: the first is usually the table as set up), with a change
        for what is chosen on the map or in the Placement panel."""
        m = self.document.mission
        r = self.view.round or min(2, tl.battle_rounds(m))
        change = None
        hatch = self._selected_hatchways()
        state = self.window.placement.state
        if hatch:
            change = tl.Change("hatchway", hatch[0], "closed" if self._open_at_start(hatch[0]) else "open")
        elif state.objective is not None and any(o.id == state.objective for o in m.objectives):
            change = tl.Change("objective", state.objective, "appears")
        elif state.region is not None and any(rg.name == state.region for rg in m.regions):
            change = tl.Change("area", state.region, "impassable")
        return tl.Event(round=r, changes=(change,) if change is not None else ())

    def add_event(self) -> None:
        dialog = EventDialog(self.document.mission, self.catalogue, self._start_event(), self.window,
                             Timeline.tr("Add Timeline Event"))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.document.apply(Timeline.tr("Add Timeline Event"), timeline_edits.add_event, dialog.result_event())

    def edit_event(self, index: int) -> None:
        m = self.document.mission
        if not 0 <= index < len(m.timeline):
            return
        dialog = EventDialog(m, self.catalogue, m.timeline[index], self.window, Timeline.tr("Edit Timeline Event"))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.document.apply(Timeline.tr("Edit Timeline Event"), timeline_edits.replace_event, index, dialog.result_event())

    def remove_event(self, index: int) -> None:
        if 0 <= index < len(self.document.mission.timeline):
            self.document.apply(Timeline.tr("Remove Timeline Event"), timeline_edits.remove_event, index)

    def hatchway_at_start_of(self, refs: list[tl.HatchwayRef], becomes: str, r: int) -> None:
        """One step: the hatchways become `becomes` at the start of round `r`."""
        m = self.document.mission
        changes = tuple(tl.Change("hatchway", ref, becomes) for ref in refs)
        if len(changes) == 1:
            text = Timeline.tr("{0} in {1}").format(change_text(m, changes[0]), round_name(m, r))
            text = text[:1].upper() + text[1:]
        else:
            text = Timeline.tr("{0} Hatchways: {1} in {2}").format(
                len(changes), Timeline.tr(VERB_WORDS[becomes]), round_name(m, r))
        self.document.apply(text, timeline_edits.changes_at_start_of, changes, r)

    # -- the hatchway menu -----------------------------------------------------------------
    def _selected_hatchways(self) -> list[tl.HatchwayRef]:
        m = self.document.mission
        chosen = set(self.window.scene.selected_uids())
        refs = []
        for p in m.pieces:
            kind = self.catalogue.pieces.get(p.code)
            if p.uid in chosen and kind is not None and kind.hatchway is not None \
                    and p.from_node is not None and p.to_node is not None:
                refs.append(tl.HatchwayRef(p.board, tuple(p.from_node), tuple(p.to_node)))
        return refs

    def _pieces_of(self, refs: list[tl.HatchwayRef]) -> list:
        return [p for p in self.document.mission.pieces
                if any(r.names(p.board, p.from_node, p.to_node) for r in refs)]

    def lock_at_start(self, uids: list[int], locked: bool) -> None:
        """One step: the hatchways locked (or not) when the battle starts."""
        if not uids:
            return
        text = (Timeline.tr("Lock Hatchway at the Start") if locked else
                Timeline.tr("Unlock Hatchway at the Start"))
        self.document.apply(text, edits.set_hatchways_locked, uids, locked, self.catalogue)

    def _open_at_start(self, ref: tl.HatchwayRef) -> bool:
        for p in self.document.mission.pieces:
            if p.board == ref.board and {p.from_node, p.to_node} == {ref.from_node, ref.to_node}:
                return bool(p.open)
        return False

    def _fill_hatchway_menu(self) -> None:
        menu = self.hatchway_menu
        menu.clear()
        # The last fill's submenus go with it (clear() leaves a submenu a child of the menu).
        for sub in self._submenus:
            sub.setParent(None)
            sub.deleteLater()
        self._submenus = []
        refs = self._selected_hatchways()
        m = self.document.mission
        if not refs:
            menu.addAction(Timeline.tr("Select a hatchway first")).setEnabled(False)
            return
        for becomes, verb in VERB_TEXTS.items():
            sub = menu.addMenu(Timeline.tr(verb))
            self._submenus.append(sub)
            sub.menuAction().setObjectName(f"timeline-hatchway-{becomes}")
            for r in range(1, tl.battle_rounds(m) + 1):
                action = sub.addAction(round_name(m, r, True))
                action.setObjectName(f"timeline-hatchway-{becomes}-{r}")
                action.triggered.connect(lambda _=False, b=becomes, n=r: self.hatchway_at_start_of(refs, b, n))
        menu.addSeparator()
        # The start of the battle: locked, nobody may open it until an event unlocks it.
        locked = self._pieces_of(refs)
        lock = menu.addAction(Timeline.tr("Locked at the Start"))
        lock.setObjectName("timeline-hatchway-locked-at-start")
        lock.setCheckable(True)
        lock.setChecked(bool(locked) and all(p.locked for p in locked))
        lock.setToolTip(Timeline.tr("Closed when the battle starts, and nobody may open it until the timeline "
                                    "unlocks it"))
        lock.triggered.connect(lambda on: self.lock_at_start([p.uid for p in locked], on))
        more = menu.addAction(Timeline.tr("Add Event..."))
        more.setObjectName("timeline-hatchway-event")
        more.triggered.connect(self.add_event)

    def menu_action(self) -> QAction:
        return self.hatchway_menu.menuAction()


def install(window) -> TimelineEditor:
    """Put the timeline strip under the map and wire it to the window."""
    return TimelineEditor(window)
