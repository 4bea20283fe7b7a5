"""The overlay toolbar and what it drives: which overlays are shown, the base
size and hatchway view they use, and the clicks of the measure, sight and
distance tools.

`OverlayController` loops over the registered overlays (registry.py; the
interface is overlay.py): it puts each one's layers on the scene and its
entry on the toolbar, asks the rules core for it through the analysis worker
(one channel per overlay, newest wins), so a click or an edit never waits
for shapely, and shows or fails the answer. It knows no overlay by name. It
knows the editor only through `follow(current_mission)` (where to read the
table from), `set_mission` (call it after a change: the showing overlays
ask again), `press`/`move` (the table point under the mouse while one of
its tools is active) and `tool_changed` (which tool the editor made active).

The settings every overlay is computed with are the toolbar's base size and
hatchway view. A Kill Team mission's hatchways all start closed and an
operative opens them, so for Kill Team the "as set" view means, as the rules
core reads it (rules/kill_team): moving (routes, regions, first-turn reach)
through every hatchway opened (`route_hatches`), seeing (sight, seen from
the enemy) with them all closed. "All open" and "all closed" are what they
say. An overlay made for one game only (Overlay.game) stands in for the one
it replaces while a mission of that game is on the table.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QGraphicsScene, QLabel, QToolBar

from ...games import KILL_TEAM, game_of
from ...rules.overlays import BASE_SIZES_MM, HATCH_VIEWS
from .. import i18n
from ..analysis_worker import AnalysisWorker
from ..i18n import Overlays
from . import registry
from .overlay import Job, Overlay, Settings
from .shapes import PathLayer, view_scale

# The hatchway views as the toolbar's box offers them, after "Hatchways".
HATCH_VIEW_CHOICES = {"as-set": QT_TRANSLATE_NOOP("Overlays", "as set"),
                      "open": QT_TRANSLATE_NOOP("Overlays", "all open"),
                      "closed": QT_TRANSLATE_NOOP("Overlays", "all closed")}
PICTURE = "picture:"   # a layer's sharper picture, made on the worker (see sharpen)
_UNSAID = "unsaid"     # the toolbar's words are for no game yet


def picture_job(layer, drawing, scale: float):
    return layer, drawing, drawing.at_scale(scale)


class OverlayController(QObject):
    """message(text): something for the status bar (a summary of what an
    overlay shows, or why a click gave nothing).
    toolRequested(name or ""): the user picked (or dropped) one of the
    overlay tools on the toolbar; the editor makes it the active tool."""

    message = Signal(str)
    toolRequested = Signal(str)
    updated = Signal(str)  # an overlay redrew with a fresh answer (its key; tests wait on it)

    def __init__(self, scene: QGraphicsScene, worker: AnalysisWorker, parent: QObject | None = None,
                 overlays: Iterable[type[Overlay]] | None = None):
        super().__init__(parent)
        self._scene = scene
        self._worker = worker
        self._mission_ = None
        self._current = None  # a callable giving the mission on the table now
        self._game: str | None = _UNSAID  # the game the toolbar's words and entries are for
        self.hatches = "as-set"
        self.base_mm = 32.0
        self.active_tool = ""
        # The registered ones (read when made, so a test can register one more).
        kinds = overlays if overlays is not None else registry.OVERLAYS
        self.overlays: list[Overlay] = [kind(self) for kind in kinds]
        self._by_key = {o.key: o for o in self.overlays}
        if len(self._by_key) != len(self.overlays):
            raise ValueError("two overlays have the same key")
        for overlay in self.overlays:
            worker.set_priority(overlay.key, overlay.priority)
            for layer in overlay.layers:
                layer.setVisible(False)
                if isinstance(layer, PathLayer):
                    layer.sharpen = self.sharpen
                scene.addItem(layer)
        self.actions: dict[str, QAction] = {}      # overlay key -> its toolbar entry
        self._entries: dict[str, list[QAction]] = {}  # overlay key -> its entry and its boxes on the bar
        worker.resultReady.connect(self._on_result)
        worker.jobFailed.connect(self._on_failed)
        self._toolbar: QToolBar | None = None

    # -- the overlays of the mission's game ---------------------------------------------
    def applies(self, overlay: Overlay, game: str | None = None) -> bool:
        """Whether `overlay` is in use for a mission of `game` (default: the
        one on the table): one for that game only, or one for every game
        that no overlay of that game replaces."""
        game = game if game is not None else self._game_now()
        if overlay.game is not None:
            return overlay.game == game
        return not any(o.game == game and o.replaces == overlay.key for o in self.overlays)

    def showing(self) -> list[Overlay]:
        """The overlays in use for the mission on the table, toolbar order."""
        game = self._game_now()
        return [o for o in self.overlays if self.applies(o, game)]

    def __getitem__(self, key: str) -> Overlay:
        """The overlay with `key`, or the one standing in for it in the
        mission's game."""
        overlay = self._by_key[key]
        if self.applies(overlay):
            return overlay
        for o in self.showing():
            if o.replaces == key:
                return o
        return overlay

    def _game_now(self) -> str | None:
        mission = self.mission
        return game_of(mission).id if mission is not None else None

    # -- the toolbar --------------------------------------------------------------------
    def toolbar(self, bar: QToolBar | None = None,
                tool_actions: dict[str, QAction] | None = None) -> QToolBar:
        """Fill the "Overlays" toolbar: each overlay's entry (a toggle, or
        the button of its tool) and boxes, then base size and hatchway view.
        `tool_actions` are the editor's actions for the overlay tools (so
        the window's one-tool-at-a-time group keeps them honest); without
        them the controller makes its own."""
        if self._toolbar is not None:
            return self._toolbar
        tb = bar if bar is not None else QToolBar(Overlays.tr("Overlays"))
        if bar is None:
            tb.setObjectName("overlays")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tool_actions = dict(tool_actions or {})
        placed: set[int] = set()
        toggles = None
        for overlay in self.overlays:
            if toggles is not None and overlay.toggle != toggles:
                tb.addSeparator()
            toggles = overlay.toggle
            entries = []
            action = self._entry(overlay, tb, tool_actions)
            self.actions[overlay.key] = action
            if id(action) not in placed:   # a tool's button, shared by the overlays of each game
                placed.add(id(action))
                tb.addAction(action)
                entries.append(action)
            for widget in overlay.controls(tb):
                if isinstance(widget, QComboBox):
                    # The boxes grow with their entries, or German is cut short.
                    widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
                entries.append(tb.addWidget(widget))
            self._entries[overlay.key] = entries
        tb.addSeparator()

        tb.addWidget(QLabel(Overlays.tr(" Base "), tb))
        self.base_combo = QComboBox(tb)
        self.base_combo.setObjectName("baseSize")
        self.base_combo.setToolTip(Overlays.tr("Base diameter for regions and for the next base placed with Sight"))
        for d in BASE_SIZES_MM:
            self.base_combo.addItem(f"{i18n.number(d)} mm", d)
        self.base_combo.setCurrentIndex(BASE_SIZES_MM.index(self.base_mm))
        self.base_combo.activated.connect(lambda i: self.set_base_mm(self.base_combo.itemData(i)))
        tb.addWidget(self.base_combo)

        tb.addWidget(QLabel(Overlays.tr(" Hatchways "), tb))
        self.hatch_combo = QComboBox(tb)
        self.hatch_combo.setObjectName("hatchView")
        for h in HATCH_VIEWS:
            self.hatch_combo.addItem(Overlays.tr(HATCH_VIEW_CHOICES[h]), h)
        self.hatch_combo.activated.connect(lambda i: self.set_hatches(self.hatch_combo.itemData(i)))
        tb.addWidget(self.hatch_combo)

        self.clear_action = QAction(Overlays.tr("Clear"), tb)
        self.clear_action.setObjectName("overlay-clear")
        self.clear_action.setToolTip(Overlays.tr("Take the measure and sight marks off the table (Esc)"))
        self.clear_action.triggered.connect(self.clear_marks)
        tb.addAction(self.clear_action)
        for combo in (self.base_combo, self.hatch_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._toolbar = tb
        self._game = _UNSAID
        self._say_game()
        return tb

    def _entry(self, overlay: Overlay, tb: QToolBar, tool_actions: dict[str, QAction]) -> QAction:
        """The overlay's toolbar entry: its toggle, or its tool's button."""
        if not overlay.toggle:
            if overlay.tool in tool_actions:
                return tool_actions[overlay.tool]
            if not hasattr(self, "_tool_group"):
                # Standalone (no editor window): one tool at a time, or none.
                self._tool_group = QActionGroup(tb)
                self._tool_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
                self._tool_group.triggered.connect(
                    lambda a: self.request_tool(a.data() if a.isChecked() else ""))
            action = QAction(overlay.text(), tb)
            action.setObjectName(f"overlay-{overlay.key}")
            action.setCheckable(True)
            action.setData(overlay.tool)
            self._tool_group.addAction(action)
            tool_actions[overlay.tool] = action
            return action
        action = QAction(overlay.text(), tb)
        action.setObjectName(f"overlay-{overlay.key}")
        action.setCheckable(True)
        if overlay.shortcut:
            action.setShortcut(QKeySequence(overlay.shortcut))
        action.toggled.connect(lambda on, o=overlay: self._switched(o, on))
        return action

    def _say_game(self) -> None:
        """The toolbar for the mission's game: its overlays' entries shown
        (an overlay of another game hidden, and switched off with its place
        taken by the one standing in for it), and the words of the game (a
        Kill Team player starts in a drop zone)."""
        game = self._game_now()
        if game == self._game:
            return
        self._game = game
        kill_team = game == KILL_TEAM
        for overlay in self.overlays:
            used = self.applies(overlay, game)
            if not used and overlay.on:
                # Another game: the overlay standing in for it takes over its toggle.
                stand_in = self[overlay.replaces or overlay.key]
                self._switched(overlay, False)
                if stand_in.toggle and not stand_in.on:
                    self.turn(stand_in, True)
            for entry in self._entries.get(overlay.key, ()):
                if overlay.toggle or entry is not self.actions.get(overlay.key):
                    entry.setVisible(used)
                    entry.setEnabled(used)  # its shortcut too
            action = self.actions.get(overlay.key)
            if action is not None and overlay.toggle:
                action.blockSignals(True)
                action.setChecked(overlay.on)
                action.blockSignals(False)
            if action is not None and overlay.toggle:
                action.setToolTip(overlay.tooltip(kill_team))
            overlay.say_game(kill_team)
        if not hasattr(self, "hatch_combo"):
            return
        if kill_team:
            self.hatch_combo.setToolTip(Overlays.tr("Kill Team: as set, every hatchway is closed for sight and "
                                                    "regions, and routes go through them as operatives open "
                                                    "them, 1\" more per access point; or all open, or all closed"))
        else:
            self.hatch_combo.setToolTip(Overlays.tr("Show every overlay with the hatchways as set, all open or all closed"))

    # -- the Host an overlay sees (overlay.Host) --------------------------------------
    def settings(self) -> Settings:
        """What every overlay is computed with now."""
        return Settings(self.base_mm, self.hatches, self.route_hatches, self.kill_team, view_scale(self._scene))

    def ask(self, overlay: Overlay) -> None:
        """Ask for `overlay` again, if it is in use, wanted and has something to ask."""
        mission = self.mission
        if mission is None or not overlay.wanted() or not self.applies(overlay):
            return
        job = overlay.ask(mission, self.settings())
        if job is not None:
            self.submit(overlay, job)

    def submit(self, overlay: Overlay, job: Job) -> None:
        self._worker.submit(overlay.key, job.fn, *job.args)

    def cancel(self, overlay: Overlay) -> None:
        self._worker.cancel(overlay.key)

    def say(self, text: str) -> None:
        self.message.emit(text)

    def turn(self, overlay: Overlay, on: bool) -> None:
        """Switch a toggle as its toolbar entry does (keeping the entry's check mark)."""
        action = self.actions.get(overlay.key)
        if action is not None and action.isChecked() != bool(on):
            action.setChecked(bool(on))   # toggled: _switched
        elif overlay.on != bool(on) or on:
            self._switched(overlay, on)

    def set_visible(self, key: str, on: bool) -> None:
        """Switch the overlay with `key` (or the one standing in for it) on or off."""
        self.turn(self[key], on)

    def _switched(self, overlay: Overlay, on: bool) -> None:
        overlay.switch(on)

    def request_tool(self, name: str) -> None:
        """The toolbar asks for one of the overlay tools ("" for none)."""
        self.toolRequested.emit(name)
        self.tool_changed(name)

    # -- tools --------------------------------------------------------------------------
    def _tool_overlay(self, name: str) -> Overlay | None:
        for overlay in self.showing():
            if name and overlay.tool == name:
                return overlay
        return None

    def tool_changed(self, name: str) -> None:
        """The active tool is now `name` (maybe one of the editor's own):
        say what to do with it, and keep the toolbar's check marks honest."""
        name = name if any(o.tool == name for o in self.overlays) and name else ""
        changed = name != self.active_tool
        self.active_tool = name
        if changed:
            self._hint()
        if self._toolbar is None or not hasattr(self, "_tool_group"):
            return  # the editor's own tool actions keep their check marks
        for action in self._tool_group.actions():
            action.blockSignals(True)
            action.setChecked(action.data() == self.active_tool)
            action.blockSignals(False)

    def _hint(self) -> None:
        """Tell the user what the active overlay tool wants next."""
        overlay = self._tool_overlay(self.active_tool)
        if overlay is not None and overlay.hint():
            self.message.emit(overlay.hint())

    # -- settings ---------------------------------------------------------------------
    def set_hatches(self, hatches: str) -> None:
        if hatches not in HATCH_VIEWS:
            raise ValueError(f"hatchway view must be one of {HATCH_VIEWS}, not {hatches!r}")
        self.hatches = hatches
        if self._toolbar is not None:
            self.hatch_combo.setCurrentIndex(HATCH_VIEWS.index(hatches))
        self.refresh()

    def set_base_mm(self, base_mm: float) -> None:
        self.base_mm = float(base_mm)
        if self._toolbar is not None and self.base_mm in BASE_SIZES_MM:
            self.base_combo.setCurrentIndex(BASE_SIZES_MM.index(self.base_mm))
        for overlay in self.overlays:
            if overlay.toggle:   # the marks placed already keep their bases
                self.ask(overlay)

    def clear_marks(self) -> None:
        """Take the measure and sight marks off the table."""
        for overlay in self.overlays:
            overlay.clear()

    def table_changed(self) -> None:
        """The table changed and the overlays will be asked again: answers
        still on their way were worked out for the old table, drop them."""
        for overlay in self.overlays:
            self.cancel(overlay)

    def forget(self) -> None:
        """Another mission is on the table: what belonged to the old one (a
        clicked point to measure distances from) goes."""
        for overlay in self.overlays:
            overlay.forget()

    # -- the mission ------------------------------------------------------------------
    @property
    def kill_team(self) -> bool:
        """Whether the mission on the table now is for Kill Team (read at
        each request: a click right after File > Open asks the new game)."""
        return self._game_now() == KILL_TEAM

    @property
    def mission(self):
        """The mission to ask about: the one on the table now, even while
        the automatic refresh after an edit is held back (a click right
        after an edit must not measure the old table)."""
        if self._current is not None:
            return self._current()
        return self._mission_

    def follow(self, current) -> None:
        """Read the mission from `current()` (the editor's document; a view
        of a battle round follows that round's table)."""
        self._current = current

    def set_mission(self, mission) -> None:
        """The mission to show the overlays of (the table being edited, or
        the table of a chosen battle round): the showing overlays ask again."""
        before, self._mission_ = self._mission_, mission
        self._say_game()
        for overlay in self.showing():
            overlay.new_mission(before, mission)
        self.refresh()

    def refresh(self) -> None:
        """Ask again for every overlay that is showing (after an edit, or a
        change of hatchway view)."""
        self._say_game()
        for overlay in self.showing():
            self.ask(overlay)

    @property
    def route_hatches(self) -> str:
        """The hatchway view routes and reach are worked out with: in Kill
        Team "as set" is every hatchway operable (open; routes add 1" per
        access point), the other views as chosen."""
        return "open" if self.kill_team and self.hatches == "as-set" else self.hatches

    # -- clicks of the overlay tools (table millimetres) ------------------------------
    def press(self, point: tuple[float, float]) -> None:
        overlay = self._tool_overlay(self.active_tool)
        if overlay is not None:
            overlay.press((float(point[0]), float(point[1])))

    def move(self, point: tuple[float, float]) -> None:
        overlay = self._tool_overlay(self.active_tool)
        if overlay is not None:
            overlay.move((float(point[0]), float(point[1])))

    def sharpen(self, layer, drawing, scale: float) -> None:
        """A layer zoomed in past its picture: a sharper one, made on the
        worker (a layer's channel: newest zoom wins)."""
        self._worker.submit(f"{PICTURE}{type(layer).__name__}", picture_job, layer, drawing, scale)

    # -- answers ------------------------------------------------------------------------
    def _on_result(self, channel: str, data: Any, seconds: float) -> None:
        if channel.startswith(PICTURE):
            layer, old, new = data
            layer.swap_drawing(old, new)
            return
        overlay = self._by_key.get(channel)
        if overlay is None or not self.applies(overlay):
            return
        said = overlay.show(data)
        if said is None:
            return
        if said:
            self.message.emit(said)
        self.updated.emit(channel)

    def _on_failed(self, channel: str, message: str) -> None:
        overlay = self._by_key.get(channel)
        if overlay is None:
            return
        # An old picture would pass for an answer about the new table.
        overlay.fail(message)
        self.message.emit(Overlays.tr("{view}: the rules core failed ({message})").format(
            view=overlay.name(), message=message))
