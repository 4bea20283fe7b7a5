"""The Equipment tool (Kill Team): set up, move, turn, give, copy and delete
the equipment the kill teams set up on the killzone (barricades, the heavy
barricade, razor wire, mines; resources/catalogue/equipment.yaml).

Choose an item in the Terrain palette's Equipment list (the tool is chosen
with it), and the player it belongs to beside the list; click the killzone
to set it up there, centred on the cursor. Click an item to choose it; drag
it to move it; R turns the chosen item (or the one about to be set up) 15°
clockwise (model/killzone_edits.py EQUIPMENT_TURN_STEP says why 15); the
arrow keys move it 1 mm; Del deletes it; Edit > Cut, Copy, Paste and
Duplicate work on it as on pieces. Esc drops what is chosen, then goes back
to the Select tool. Every action is one undo step; a drag is one step when
the button comes up.

Whether the spot keeps the placement rules is the rules core's to say
(rules/checks/equipment.py). While an item is carried or dragged, the tool
asks it off the UI thread, on the worker's "equipment-spot" channel (newest
wins), about the mission with the item where the cursor is: the ghost gets a
red outline when the spot breaks a rule (amber: a warning) and the status
bar says which rule. Once set up, the item's findings show in the Findings
panel like any other, and its outline is marked (ui/killzone_editing.py).
"""
from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import QT_TR_NOOP, QEvent, Qt, Signal
from PySide6.QtWidgets import QApplication, QMenu

from ...catalogue import Catalogue
from ...io import MissionLoadError, dumps_mission, loads_mission
from ...model.killzone_edits import (
    EQUIPMENT_TURN_STEP,
    PASTE_OFFSET,
    add_equipment,
    add_equipment_items,
    equipment_at,
    equipment_by_uid,
    move_equipment,
    nudge_equipment,
    remove_equipment,
    set_equipment_player,
    turn_equipment,
    turned,
)
from ...model.mission import Equipment, Mission, MissionText
from ...rules.checks.equipment import equipment_findings
from ..game import is_kill_team
from ..i18n import say, tr
from .base import Tool

CHANNEL = "equipment-spot"         # the worker's channel for the spot under a carried item
EQUIPMENT_MARKER = "kill-team-equipment:"  # the clipboard's text starts so (pieces have their own)
DRAG_START_PX = 4.0                # screen pixels the cursor travels before a press becomes a drag
GRAB_SLACK_PX = 3.0                # a 10 mm deep barricade is grabbed this near its edge too
NUDGE_MM = 1.0                     # an arrow key's step


def spot_verdict(mission: Mission, candidate: Equipment, replaces: int | None,
                 catalogue: Catalogue) -> tuple[Equipment, str, list]:
    """On the worker: the rules core's word on `candidate` standing where it
    is (in place of the item `replaces`, when it is a drag): "error",
    "warning" or "ok", and the findings' phrases that concern it."""
    others = tuple(e for e in mission.equipment if e.uid != replaces)
    trial = replace(mission, equipment=others + (candidate,))
    found = [f for f in equipment_findings(trial, catalogue)
             if f.severity in ("error", "warning") and candidate.at in f.places]
    # where it stands first; how many a team sets up (true anywhere) last
    found.sort(key=lambda f: (f.code == "kt-equipment-count", f.severity != "error"))
    verdict = "error" if any(f.severity == "error" for f in found) else "warning" if found else "ok"
    return candidate, verdict, [f.phrase if f.phrase is not None else f.message for f in found]


def kind_name(catalogue: Catalogue, kind: str) -> str:
    """An item's name for an undo step ("Light barricade"), in the
    interface's language (resources/translations/catalogue_names.py)."""
    k = catalogue.equipment.get(kind)
    return tr(k.name) if k is not None else kind


class EquipmentTool(Tool):
    name = "Equipment"
    title = QT_TR_NOOP("Equipment")
    shortcut = "Q"
    tip = QT_TR_NOOP("Kill Team equipment: choose an item in the palette's Equipment list and click the "
                     "killzone to set it up; drag to move, R turns 15°, Del deletes")

    chosen = Signal()           # the chosen items, the kind to set up or the player changed
    selection_changed = Signal()

    def __init__(self, services, layer, ghost):
        super().__init__(services)
        self.layer = layer          # killzone_items.EquipmentItem: draws the mission's equipment
        self.ghost = ghost          # killzone_items.EquipmentGhost: the item carried or dragged
        self.kind: str | None = None  # what a click sets up
        self.player = 1             # whose it will be
        self.rotation = 0.0         # how the item about to be set up is turned
        self.selected: list[int] = []
        self._drag: dict | None = None
        self.menu = None            # the right-click menu last shown
        self._over: tuple[float, float] | None = None  # the last table point under the cursor
        services.worker.resultReady.connect(self._answer)
        services.document.changed.connect(self._document_changed)
        services.view.viewport().installEventFilter(self)  # the ghost goes when the cursor leaves the table

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Leave and self._drag is None and self.is_active():
            self.carry_over(None)
        return False

    @property
    def catalogue(self) -> Catalogue:
        return self.scene.catalogue

    def hint(self) -> str:
        return self.tr("Equipment: choose an item in the Terrain palette and click the killzone to set it up · "
                       "click an item to choose it, drag to move · R turns {0}° · arrows move 1 mm · "
                       "Del deletes · Esc stops").format(f"{EQUIPMENT_TURN_STEP:g}")

    def dragging(self) -> bool:
        return self._drag is not None

    # -- what is chosen ----------------------------------------------------------------
    def set_kind(self, kind: str | None) -> None:
        """Choose what a click sets up (the palette's Equipment list)."""
        self.kind = kind
        self.rotation = 0.0
        if kind is not None:
            self.select([])
            self.status(self.tr("{0} for player {1}: click the killzone to set it up · R turns it {2}° · "
                                "Esc stops").format(kind_name(self.catalogue, kind), self.player,
                                                    f"{EQUIPMENT_TURN_STEP:g}"), 0)
        else:
            self.ghost.show_item(None)
        self.chosen.emit()

    def set_player(self, player: int) -> None:
        """Whose the next item is. Items chosen by a click on them (not
        the one just set up while an item is carried: the player is choosing
        the next one's owner) are given to that player too, one undo step."""
        self.player = player
        if self.selected and self.kind is None:
            noun = self._noun(self.selected)
            self.document.apply(self.tr("Give {0} to Player {1}").format(noun, player), set_equipment_player,
                                self.selected, player)
        if self.ghost.item is not None and self._drag is None:
            self._show_ghost(replace(self.ghost.item, player=player))
        self.chosen.emit()

    def select(self, uids) -> None:
        uids = [u for u in uids if any(e.uid == u for e in self.mission.equipment)]
        if uids != self.selected:
            self.selected = uids
            self.layer.set_selected(uids)
            if uids:
                self.player = equipment_by_uid(self.mission, uids[0]).player
                self.chosen.emit()
            self.selection_changed.emit()

    def claims_press(self, ev) -> bool:
        """The Select tool hands a press on an item of equipment here (in
        a Kill Team file: elsewhere the tool is not shown)."""
        return is_kill_team(self.mission) and equipment_at(self.mission, ev.x, ev.y, self.catalogue,
                            GRAB_SLACK_PX / self._pixels_per_mm()) is not None

    def has_selection(self) -> bool:
        """Edit > Cut, Copy and Duplicate act on the chosen items."""
        return bool(self.selected)

    def _noun(self, uids) -> str:
        if len(uids) == 1:
            return kind_name(self.catalogue, equipment_by_uid(self.mission, uids[0]).kind)
        return self.tr("{0} Items of Equipment").format(len(uids))

    # -- life ----------------------------------------------------------------------------
    def activate(self) -> None:
        self.status(self.hint(), 0)

    def deactivate(self) -> None:
        self._cancel_drag()
        self.set_kind(None)  # another tool: nothing is carried any more
        self.select([])
        self._over = None

    def _document_changed(self, change) -> None:
        if change.everything:
            self._cancel_drag()
            self.set_kind(None)  # another mission: the palette shows nothing chosen
        if self.selected:
            self.select(self.selected)  # items undone away are no longer chosen

    # -- the rules' word on a spot, off the UI thread -----------------------------------
    def _show_ghost(self, item: Equipment, replaces: int | None = None) -> None:
        self.ghost.show_item(item, None)
        self.services.worker.submit(CHANNEL, spot_verdict, self.mission, item, replaces, self.catalogue)

    def _answer(self, channel: str, result, _seconds: float) -> None:
        if channel != CHANNEL or result is None:
            return
        item, verdict, phrases = result
        shown = self.ghost.item
        if shown is None or not self.ghost.isVisible() or (shown.kind, shown.at, shown.rotation, shown.player) != \
                (item.kind, item.at, item.rotation, item.player):
            return  # the cursor has moved on
        self.ghost.set_verdict(verdict)
        if not self.is_active():
            return
        if phrases:
            self.status(self.tr("Breaks a placement rule here: {0}").format("; ".join(say(p) for p in phrases[:2])), 0)
        else:
            self.status(self.tr("Keeps every placement rule here"), 0)

    # -- mouse ----------------------------------------------------------------------------
    def _pixels_per_mm(self) -> float:
        return self.view.transform().m11() or 1.0

    def _at(self, x: float, y: float) -> tuple[float, float]:
        return (round(x, 1), round(y, 1))

    def mouse_press(self, ev) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            return self._context_menu(ev)
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        hit = equipment_at(self.mission, ev.x, ev.y, self.catalogue, GRAB_SLACK_PX / self._pixels_per_mm())
        if hit is not None:
            if self.kind is not None:
                # a click on an item: editing what stands, not setting up more
                self.set_kind(None)
            self.select([hit])
            item = equipment_by_uid(self.mission, hit)
            self.player = item.player  # the player buttons show whose it is
            self.chosen.emit()
            self._drag = {"uid": hit, "start": item.at, "grab": (ev.x - item.at[0], ev.y - item.at[1]),
                          "to": item.at, "press": (ev.x, ev.y), "moved": False}
            self.ghost.show_item(None)
            return True
        if self.kind is None:
            self.select([])
            self.status(self.tr("Choose an item in the Terrain palette's Equipment list first, or click "
                                "an item on the killzone to choose it"))
            return True
        self.set_up_at(ev.x, ev.y)
        return True

    def set_up_at(self, x: float, y: float) -> bool:
        """Set up the chosen kind with its centre at a table point (a click,
        or a drop from the palette): one undo step."""
        if self.kind is None:
            return False
        name = kind_name(self.catalogue, self.kind)
        before = {e.uid for e in self.mission.equipment}
        result = self.document.apply(self.tr("Set Up {0}").format(name), add_equipment, self.kind, self.player,
                                     (x, y), self.rotation, self.catalogue)
        self.ghost.show_item(None)
        if result is None:
            return False
        new = [e.uid for e in result.mission.equipment if e.uid not in before]
        self.status(self.tr("{0} set up for player {1} · Ctrl+Z undoes it").format(name, self.player), 5000)
        self.select(new)  # R, the arrows and Del act on what was just set up
        return True

    def carry_over(self, point: tuple[float, float] | None) -> None:
        """The chosen kind carried over a table point (None: off the
        table): its ghost, and the rules' word on the spot."""
        self._over = point
        if point is None or self.kind is None:
            self.ghost.show_item(None)
            return
        self._show_ghost(Equipment(self.kind, self.player, self._at(*point), self.rotation))

    def _context_menu(self, ev) -> bool:
        """Right-click on an item: the window's editing actions for it."""
        hit = equipment_at(self.mission, ev.x, ev.y, self.catalogue, GRAB_SLACK_PX / self._pixels_per_mm())
        if hit is None:
            return False
        self.set_kind(None)
        self.select([hit])
        window = self.services.commands
        if self.menu is not None:
            self.menu.deleteLater()
        self.menu = QMenu(self.view)
        for action in (window.turn_action, None, window.cut_action, window.copy_action, window.duplicate_action,
                       window.delete_action):
            if action is None:
                self.menu.addSeparator()
            else:
                self.menu.addAction(action)
        if ev.screen_pos is not None:
            self.menu.popup(ev.screen_pos)
        return True

    def mouse_move(self, ev) -> bool:
        self._over = (ev.x, ev.y)
        d = self._drag
        if d is not None:
            if not d["moved"]:
                px, py = d["press"]
                if math.hypot(ev.x - px, ev.y - py) < DRAG_START_PX / self._pixels_per_mm():
                    return True
                d["moved"] = True
                self.layer.set_hidden(d["uid"])
            gx, gy = d["grab"]
            d["to"] = self._at(ev.x - gx, ev.y - gy)
            item = equipment_by_uid(self.mission, d["uid"])
            self._show_ghost(replace(item, at=d["to"]), replaces=d["uid"])
            return True
        over_item = equipment_at(self.mission, ev.x, ev.y, self.catalogue) is not None
        self.carry_over(None if over_item else (ev.x, ev.y))
        self._over = (ev.x, ev.y)
        return False

    def mouse_release(self, ev) -> bool:
        if self._drag is None or ev.button != Qt.MouseButton.LeftButton:
            return False
        d, self._drag = self._drag, None
        self.layer.set_hidden(None)
        self.ghost.show_item(None)
        if d["moved"] and d["to"] != d["start"]:
            noun = self._noun([d["uid"]])
            self.document.apply(self.tr("Move {0}").format(noun), move_equipment, d["uid"], d["to"], self.catalogue)
            self.status(self.hint(), 0)  # the spot's verdict was the ghost's; the Findings say the rest
        return True

    def _cancel_drag(self) -> None:
        if self._drag is not None:
            self._drag = None
            self.layer.set_hidden(None)
            self.ghost.show_item(None)

    # -- keys and the Edit menu ---------------------------------------------------------
    def action(self, name: str) -> bool:
        steps = {"left": (-NUDGE_MM, 0.0), "right": (NUDGE_MM, 0.0), "up": (0.0, -NUDGE_MM), "down": (0.0, NUDGE_MM)}
        if name == "escape":
            if self._drag is not None:
                self._cancel_drag()
                self.status(self.tr("Move cancelled"))
            elif self.kind is not None or self.selected:
                self.set_kind(None)
                self.select([])
                self.status(self.hint(), 0)
            else:
                self.services.tools.select("Select")
            return True
        if name == "turn":
            return self._turn()
        if name in ("end_for_end", "flip", "open"):
            self.status(self.tr("Equipment has no ends or doors to turn: R turns it {0}°").format(
                f"{EQUIPMENT_TURN_STEP:g}"))
            return True
        if name == "delete":
            if not self.selected:
                self.status(self.tr("Click an item of equipment first, then Del deletes it"))
            else:
                noun = self._noun(self.selected)
                if self.document.apply(self.tr("Delete {0}").format(noun), remove_equipment, self.selected):
                    self.select([])
            return True
        if name in steps:
            if self.selected:
                noun = self._noun(self.selected)
                self.document.apply(self.tr("Move {0}").format(noun), nudge_equipment, self.selected, steps[name],
                                    self.catalogue)
            return True
        if name == "copy":
            return self.copy()
        if name == "cut":
            if self.copy():
                noun = self._noun(self.selected)
                if self.document.apply(self.tr("Cut {0}").format(noun), remove_equipment, self.selected):
                    self.select([])
                return True
            return False
        if name == "paste":
            return self.paste()
        if name == "duplicate":
            return self._add_copies([equipment_by_uid(self.mission, u) for u in self.selected],
                                    self.tr("Duplicate {0}")) if self.selected else False
        return False

    def key_press(self, ev) -> bool:
        if ev.key() == Qt.Key.Key_Backspace:
            return self.action("delete")
        return False

    def _turn(self) -> bool:
        if self.selected:
            noun = self._noun(self.selected)
            self.document.apply(self.tr("Turn {0}").format(noun), turn_equipment, self.selected)
            return True
        if self.kind is not None:
            self.rotation = turned(self.rotation)
            if self._over is not None:
                self._show_ghost(Equipment(self.kind, self.player, self._at(*self._over), self.rotation))
            self.status(self.tr("Turned to {0}°").format(f"{self.rotation:g}"), 3000)
            return True
        self.status(self.tr("Click an item of equipment first, then R turns it {0}°").format(
            f"{EQUIPMENT_TURN_STEP:g}"))
        return True

    def copy(self) -> bool:
        """The chosen items onto the clipboard, as a mission file holds
        them (io's one mapping), with a marker of their own."""
        items = [e for e in self.mission.equipment if e.uid in set(self.selected)]
        if not items:
            return False
        m = self.mission
        fragment = replace(m, pieces=(), objectives=(), entry_zones=(), regions=(), territories=(),
                           centre_line=None, equipment=tuple(items), mission=MissionText())
        QApplication.clipboard().setText(EQUIPMENT_MARKER + dumps_mission(fragment, self.catalogue))
        self.status(self.tr("Copied {0}").format(self._noun([e.uid for e in items])), 3000)
        return True

    def clipboard_items(self) -> list[Equipment]:
        text = QApplication.clipboard().text()
        if not text.startswith(EQUIPMENT_MARKER):
            return []
        try:
            fragment = loads_mission(text[len(EQUIPMENT_MARKER):], "<clipboard>", self.catalogue)
        except MissionLoadError:
            return []
        return [e for e in fragment.equipment if e.kind in self.catalogue.equipment]

    def paste(self) -> bool:
        items = self.clipboard_items()
        if not items:
            return False
        return self._add_copies(items, self.tr("Paste {0}"))

    def _add_copies(self, items: list[Equipment], text: str) -> bool:
        """Set up copies of items: where they were, or 1" right and down when
        an item stands there already (a paste in place would hide under its
        original)."""
        taken = {(e.kind, e.at) for e in self.mission.equipment}
        offset = (PASTE_OFFSET, PASTE_OFFSET) if any((e.kind, e.at) in taken for e in items) else (0.0, 0.0)
        noun = kind_name(self.catalogue, items[0].kind) if len(items) == 1 else \
            self.tr("{0} Items of Equipment").format(len(items))
        before = {e.uid for e in self.mission.equipment}
        result = self.document.apply(text.format(noun), add_equipment_items, items, offset, self.catalogue)
        if result is not None:
            self.select([e.uid for e in result.mission.equipment if e.uid not in before])
        return True
