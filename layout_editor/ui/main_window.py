"""The editor's main window: the table in the middle, the palette and the
mission texts in docks, tools on a toolbar, Edit menu undo and redo.

The window builds everything it holds in __init__, and every part it holds
is an attribute declared there. Tools and panels get the editor's services
(services.py: document, scene, view, catalogue, tool manager, analysis
worker, settings and the window's commands) and nothing else; the window's
own parts (files, live feedback, placement, library, about, preferences,
language, export) get the window, to add their menus, docks, tools and
toolbars through `add_tool`, `add_dock`, `add_toolbar`, `menu` and
`add_file_action`. docs/architecture.md says where a new one goes.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMenu, QToolBar, QUndoView, QWidget

from ..catalogue import Catalogue, default_catalogue
from ..io import MissionLoadError, dumps_mission, loads_mission
from ..model import edits
from ..model.lattice import Placement, board_at, cell_name
from ..model.mission import Mission, MissionText, Piece
from ..rules.geometry import piece_shape
from . import export_dialog, i18n, killzone_editing, placement, text_keys
from .about import AboutMenu
from .analysis_worker import AnalysisWorker
from .document import Document
from .feedback import LiveFeedback
from .file_handling import FileController
from .game import game_name, is_kill_team, one_board, opening_refused
from .generate_dialog import GenerateMenu
from .i18n import new_mission, number, tr
from .library_dialog import LibraryMenu
from .mirror_menu import add_mirror_menu
from .mission_panel import MissionPanel
from .palette import Palette
from .preferences import Preferences
from .scene import MissionScene
from .services import EditorServices
from .status_bar import StatusBar
from .timeline import editor as timeline_editor
from .tools.base import Tool
from .tools.boards import BoardTool
from .tools.manager import ToolManager
from .tools.place import PiecePlacer, PlaceTool
from .tools.select import SelectTool
from .view import TableView

APP_TITLE = "Boarding Actions Layout Editor"
PIECES_MARKER = "boarding-actions-pieces:"


class StepButton(QAction):
    """The toolbar's Undo or Redo: a short text of fixed width, the step's
    full name (as the Edit menu shows it) in the tooltip. A QAction's own
    slot, so the stack's last signals at teardown reach nobody."""

    def __init__(self, text: str, parent):
        super().__init__(text, parent)
        self._short = text

    def name_step(self, step: str) -> None:
        step = step.replace("&", "")
        if step and not step.startswith(self._short):
            step = f"{self._short} {step}"  # the stack's signal gives the step's name alone
        self.setToolTip(step or self._short)


class MainWindow(QMainWindow):
    def __init__(self, mission: Mission | None = None, path: Path | None = None,
                 catalogue: Catalogue | None = None, autosave: bool = True):
        super().__init__()
        self.catalogue = catalogue or default_catalogue()
        self.document = Document(mission or new_mission(self.catalogue), path, self)
        self.tool_manager = ToolManager(self)
        self.scene = MissionScene(self.document, self.tool_manager, self.catalogue, self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        # The rules core's one thread; the live feedback and the overlays
        # ask it, and it is shut down with them.
        self.worker = AnalysisWorker(self)
        self.services = EditorServices(document=self.document, scene=self.scene, view=self.view,
                                       catalogue=self.catalogue, tools=self.tool_manager, worker=self.worker,
                                       commands=self)
        self.placer = PiecePlacer(self.services)  # the Place tool and the palette both place with it
        self.tool_actions: dict[str, QAction] = {}
        self.tool_manager.switching.connect(lambda _tool: self.statusBar().clearMessage())
        self.tool_manager.switched.connect(self._tool_switched)
        self._current_board: str | None = None  # chosen with the Boards tool
        self._hover_board: str | None = None    # last under the cursor
        self._menus: dict[str, QMenu] = {}
        self._tips: dict[QAction, str] = {}  # each action's own tip (a disabled one says why instead)
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)
        self._fit_to_screen(1500, 950)

        self._build_status_bar()
        self._build_actions()
        self._build_menus_and_toolbars()

        self.files = FileController(self, autosave=autosave)

        self.add_tool(SelectTool(self.services))
        self.add_tool(PlaceTool(self.services, self.placer))
        self.add_tool(BoardTool(self.services))
        self._game: str | None = None  # the game the window's texts were last set for
        self._apply_game()
        self.activate_tool("Select")

        self.palette = Palette(self.services, self.placer)
        self.palette_dock = self.add_dock(self.tr("Terrain"), self.palette, Qt.LeftDockWidgetArea, "terrain")
        self.mission_panel = MissionPanel(self.services)
        self.mission_dock = self.add_dock(self.tr("Mission"), self.mission_panel, Qt.RightDockWidgetArea, "mission")
        # Every step by name, as in the Edit menu; clicking one goes back to it.
        self.history = QUndoView(self.document.undo_stack)
        self.history.setEmptyLabel(self.tr("<opened>"))
        self.history_dock = self.add_dock(self.tr("History"), self.history, Qt.RightDockWidgetArea, "history")
        self.mission_dock.raise_()

        self.document.message.connect(lambda text: self.show_message(text, 8000))
        self.document.changed.connect(self._on_change)
        self.document.replaced.connect(self._mission_replaced)
        self.document.modified_changed.connect(lambda _m: self._update_title())
        self.document.path_changed.connect(lambda _p: self._update_title())
        self.scene.cursor_moved.connect(self._show_position)
        self.scene.selectionChanged.connect(self._update_actions)
        self.view.files_dropped.connect(self.files.open_dropped)
        self._update_title()
        self._update_actions()

        # The window's parts, each adding its menus, docks, tools and
        # toolbars; the order is the order of their menu entries and docks.
        self.feedback = LiveFeedback(self)  # findings, overlays, measure and sight tools
        parts = placement.install(self)     # objectives, entry zones, named regions
        self.placement = parts.layer
        self.placement_panel = parts.panel
        self.placement_dock = parts.dock
        self.killzone = killzone_editing.install(self)  # Kill Team: equipment, territories, centre line
        self.killzone.equipment_tool.selection_changed.connect(self._update_actions)
        self.library = LibraryMenu(self)    # File > New from Library
        self.generator = GenerateMenu(self)  # Table > Generate..., File > New Generated Table...
        self.about = AboutMenu(self)        # Help > About
        self.preferences = Preferences(self)  # the remembered layout; Table > Terrain Sets I Own
        self.language_menu = i18n.install(self)  # View > Language
        self.exports = export_dialog.install(self)  # File > Export, share codes
        self.text_keys = text_keys.install(self)    # Ctrl+E and the like in text fields too
        self.timeline = timeline_editor.install(self)  # the round strip under the map, events
        self._greet()

    def _greet(self) -> None:
        """A first hint for a newcomer facing an empty table (it goes once
        there is terrain)."""
        hints = (self.tr("Drag a piece from the Terrain palette onto a zone line to begin; "
                         "double-click a hatchway to open or close it"),
                 self.tr("Drag a piece from the Terrain palette onto a zone line to begin; a killzone "
                         "is built from half a terrain set, and every hatchway starts closed"))
        hint = hints[1] if is_kill_team(self.document.mission) else hints[0]
        if not self.document.mission.pieces:
            self.show_message(hint, 0)
        elif self.statusBar().currentMessage() in hints:
            self.statusBar().clearMessage()

    # ------------------------------------------------------------------ build
    def _fit_to_screen(self, width: int, height: int) -> None:
        """The first size: as asked, but never larger than the screen's free
        area (a 1280 x 800 laptop showed a window cut off at the right,
        its Findings panel off the screen). A remembered layout replaces it."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry()
            width, height = min(width, room.width()), min(height, room.height())
        self.resize(width, height)

    def _build_status_bar(self) -> None:
        self.setStatusBar(StatusBar(self))  # messages never hidden by the readout
        self.position_label = QLabel("")
        self.position_label.setObjectName("positionReadout")
        self.position_label.setMinimumWidth(380)
        self.statusBar().set_readout(self.position_label)

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, (list, tuple)):
                a.setShortcuts([QKeySequence(s) for s in shortcut])
            else:
                a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        st = self.document.undo_stack
        self.undo_action = st.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = st.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence.Redo, QKeySequence("Ctrl+Y")])
        # The toolbar's buttons say only Undo and Redo, so the toolbar keeps
        # its width as steps come and go; the step's full name is in their
        # tooltip and in the Edit menu.
        self.undo_button = self._step_button(self.tr("Undo"), self.undo_action, st.undo, st.canUndoChanged,
                                             st.undoTextChanged, st.canUndo())
        self.redo_button = self._step_button(self.tr("Redo"), self.redo_action, st.redo, st.canRedoChanged,
                                             st.redoTextChanged, st.canRedo())
        A = self._action
        self.cut_action = A(self.tr("Cu&t"), self.cut, QKeySequence.Cut)
        self.copy_action = A(self.tr("&Copy"), self.copy, QKeySequence.Copy)
        self.paste_action = A(self.tr("&Paste"), self.paste, QKeySequence.Paste)
        self.duplicate_action = A(self.tr("D&uplicate"), self.duplicate, "Ctrl+D", self.tr("Copy the selection one zone line along"))
        self.delete_action = A(self.tr("&Delete"), lambda: self._act("delete"), [QKeySequence.Delete, "Backspace"])
        self.select_all_action = A(self.tr("Select &All"), self.select_all, QKeySequence.SelectAll)
        self.turn_action = A(self.tr("&Turn"), lambda: self._act("turn"), "R", self.tr("Turn the selection a quarter turn clockwise"))
        self.end_for_end_action = A(self.tr("Turn &End for End"), lambda: self._act("end_for_end"), "E",
                                    self.tr("Swap a wall's ends (which end of the panel is where)"))
        self.flip_action = A(self.tr("&Flip Hatchway Door"), lambda: self._act("flip"), "F",
                             self.tr("Put the door leaf on the other face of the wall"))
        self.open_action = A(self.tr("&Open or Close Hatchway"), lambda: self._act("open"), "O",
                             self.tr("Open closed hatchways, close open ones (double-click does the same)"))
        self.move_actions = [
            A(self.tr("Move &Left"), lambda: self.move_selection((-1, 0)), "Left"),
            A(self.tr("Move &Right"), lambda: self.move_selection((1, 0)), "Right"),
            A(self.tr("Move &Up"), lambda: self.move_selection((0, -1)), "Up"),
            A(self.tr("Move &Down"), lambda: self.move_selection((0, 1)), "Down"),
        ]
        self.escape_action = A(self.tr("Stop"), lambda: self._act("escape"), "Esc")
        self.zoom_in_action = A(self.tr("Zoom &In"), lambda: self.view.zoom_by(1.25), [QKeySequence.ZoomIn, "Ctrl+="])
        self.zoom_out_action = A(self.tr("Zoom &Out"), lambda: self.view.zoom_by(0.8), QKeySequence.ZoomOut)
        self.fit_action = A(self.tr("&Fit to Window"), self.view.fit, "Ctrl+0", self.tr("Show all boards"))
        self.add_board_action = A(self.tr("&Add Board"), self.add_board, None, self.tr("Add a board flush to the right of the table"))
        self.turn_board_action = A(self.tr("&Turn Board"), lambda: self.turn_board(self.current_board()), None,
                                   self.tr("Turn the chosen board a quarter turn clockwise"))
        self.remove_board_action = A(self.tr("&Remove Board"), lambda: self.remove_board(self.current_board()), None,
                                     self.tr("Remove the chosen board and everything on it"))
        # The editing keys act on the map's selection wherever the focus is
        # (after a click in the Findings list, the History, the palette...).
        # A text field being typed in keeps its keys: Qt's line and text
        # edits (and spin boxes through theirs) claim printable, Delete and
        # arrow keys before window shortcuts (ShortcutOverride).
        for a in [self.delete_action, self.turn_action, self.end_for_end_action, self.flip_action,
                  self.open_action, self.escape_action, *self.move_actions]:
            self._window_key(a)
        # Every action a player can reach has a name in no language: the
        # journey tests (tests/ui/test_journeys.py) know each by it.
        names = {"undo": self.undo_action, "redo": self.redo_action, "undo-button": self.undo_button,
                 "redo-button": self.redo_button, "cut": self.cut_action, "copy": self.copy_action,
                 "paste": self.paste_action, "duplicate": self.duplicate_action, "delete": self.delete_action,
                 "select-all": self.select_all_action, "turn": self.turn_action,
                 "end-for-end": self.end_for_end_action, "flip": self.flip_action, "open-hatchway": self.open_action,
                 "move-left": self.move_actions[0], "move-right": self.move_actions[1],
                 "move-up": self.move_actions[2], "move-down": self.move_actions[3], "stop": self.escape_action,
                 "zoom-in": self.zoom_in_action, "zoom-out": self.zoom_out_action, "fit": self.fit_action,
                 "add-board": self.add_board_action, "turn-board": self.turn_board_action,
                 "remove-board": self.remove_board_action}
        for name, a in names.items():
            a.setObjectName(name)

    def _step_button(self, text: str, full: QAction, slot, can_changed, text_changed, can: bool) -> QAction:
        a = StepButton(text, self)
        a.triggered.connect(slot)
        a.setEnabled(can)
        can_changed.connect(a.setEnabled)
        text_changed.connect(a.name_step)
        a.name_step(full.text())
        return a

    def _window_key(self, action: QAction) -> None:
        action.setShortcutContext(Qt.WindowShortcut)
        self.addAction(action)

    def _build_menus_and_toolbars(self) -> None:
        mb = self.menuBar()
        self._menus["File"] = mb.addMenu(self.tr("&File"))
        edit = self._menus["Edit"] = mb.addMenu(self.tr("&Edit"))
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.cut_action, self.copy_action, self.paste_action, self.duplicate_action,
                         self.delete_action, self.select_all_action])
        edit.addSeparator()
        edit.addActions([self.turn_action, self.end_for_end_action, self.flip_action, self.open_action])
        move = edit.addMenu(self.tr("&Move Selection"))
        move.addActions(self.move_actions)
        self.mirror_actions = add_mirror_menu(self, edit)
        view = self._menus["View"] = mb.addMenu(self.tr("&View"))
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view.addSeparator()
        table = self._menus["Table"] = mb.addMenu(self.tr("&Table"))
        table.addActions([self.add_board_action, self.turn_board_action, self.remove_board_action])
        self._menus["Tools"] = mb.addMenu(self.tr("T&ools"))
        self._menus["Help"] = mb.addMenu(self.tr("&Help"))

        self.tool_bar = QToolBar(self.tr("Tools"), self)
        self.tool_bar.setObjectName("tools")
        self.tool_bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.addToolBar(Qt.TopToolBarArea, self.tool_bar)
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.edit_bar = QToolBar(self.tr("Edit"), self)
        self.edit_bar.setObjectName("edit")
        self.edit_bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.addToolBar(Qt.TopToolBarArea, self.edit_bar)
        self.edit_bar.addActions([self.undo_button, self.redo_button])
        self.edit_bar.addSeparator()
        self.edit_bar.addActions([self.turn_action, self.flip_action, self.open_action, self.delete_action])
        self.edit_bar.addSeparator()
        self.edit_bar.addActions([self.fit_action])
        for bar in (self.tool_bar, self.edit_bar):  # shown or hidden from the toolbars' context menu
            bar.toggleViewAction().setObjectName(f"show-{bar.objectName()}-toolbar")

    # --------------------------------------------------------- extension points
    @property
    def tools(self) -> dict[str, Tool]:
        """The registered tools by name (the tool manager's)."""
        return self.tool_manager.tools

    @property
    def active_tool(self) -> Tool | None:
        return self.tool_manager.active

    def add_tool(self, tool: Tool, toolbar: bool = True) -> QAction:
        """Register a tool: a checkable toolbar button and Tools menu entry
        with the tool's shortcut; the tool manager hands it the scene's
        events while it is active."""
        action = QAction(tool.title or tool.name, self)
        action.setObjectName("tool-" + tool.name.lower().replace(" ", "-"))
        action.setCheckable(True)
        if tool.shortcut:
            action.setShortcut(QKeySequence(tool.shortcut))
            self._window_key(action)
        if tool.tip:
            action.setToolTip(f"{tool.tip} ({tool.shortcut})" if tool.shortcut else tool.tip)
            action.setStatusTip(tool.tip)
        if tool.icon is not None:
            action.setIcon(tool.icon)
        action.triggered.connect(lambda _=False, n=tool.name: self.activate_tool(n))
        self.tool_group.addAction(action)
        if toolbar:
            self.tool_bar.addAction(action)
        self._menus["Tools"].addAction(action)
        self.tool_manager.register(tool)
        self.tool_actions[tool.name] = action
        return action

    def activate_tool(self, name: str) -> Tool:
        return self.tool_manager.select(name)

    def _tool_switched(self, tool: Tool, changed: bool) -> None:
        # The last tool's hint would be stale (the manager's `switching`
        # cleared it): the new tool says its own (a lasting one, from
        # activate) or, failing that, its tip.
        if changed and not self.statusBar().currentMessage() and tool.tip:
            self.show_message(tool.tip, 5000)
        self.tool_actions[tool.name].setChecked(True)
        self._update_actions()
        self.view.apply_tool_cursor()
        if tool.name != "Boards":
            self.set_current_board(None)

    def switch_tool_for_panel(self, name: str) -> Tool:
        """A panel asked for a tool (choosing a player in the Placement
        panel paints entry zones): switch, and say so, since the player
        did not press the tool's button."""
        before = self.active_tool
        tool = self.activate_tool(name)
        if tool is not before:
            title = (tool.title or tool.name).replace("&", "")
            key = f" ({tool.shortcut})" if tool.shortcut else ""
            self.show_message(self.tr("Switched to the {0} tool{1} · {2}").format(title, key, tool.hint()), 0)
        return tool

    def add_dock(self, title: str, widget: QWidget, area=Qt.RightDockWidgetArea,
                 object_name: str | None = None) -> QDockWidget:
        """Put a panel in a dock with a View menu entry to show or hide it.
        Docks in one area after the first are tabbed together."""
        dock = QDockWidget(title, self)
        dock.setObjectName(object_name or title.lower().replace(" ", "-"))
        dock.setWidget(widget)
        others = [d for d in self.findChildren(QDockWidget) if d is not dock and self.dockWidgetArea(d) == area]
        self.addDockWidget(area, dock)
        if others:
            self.tabifyDockWidget(others[-1], dock)
            others[-1].raise_()
        dock.toggleViewAction().setObjectName(f"show-{dock.objectName()}")
        self._menus["View"].addAction(dock.toggleViewAction())
        return dock

    def add_toolbar(self, title: str) -> QToolBar:
        bar = QToolBar(title, self)
        bar.setObjectName(title.lower().replace(" ", "-"))
        bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.addToolBar(Qt.TopToolBarArea, bar)
        bar.toggleViewAction().setObjectName(f"show-{bar.objectName()}-toolbar")
        self._menus["View"].addAction(bar.toggleViewAction())
        return bar

    def menu(self, name: str) -> QMenu:
        """A top menu by its plain name: File, Edit, View, Table, Tools, Help."""
        return self._menus[name]

    def add_file_action(self, action: QAction) -> None:
        """Add an entry to the File menu above Quit (File > Export...)."""
        self.files.add_file_action(action)

    def select_pieces(self, uids, centre: bool = False) -> None:
        uids = list(uids)
        self.activate_tool("Select")
        self.scene.select_uids(uids)
        if centre:
            self.centre_on_pieces(uids)

    def centre_on_pieces(self, uids) -> None:
        pts = []
        m = self.document.mission
        for uid in uids:
            try:
                p = m.piece_by_uid(uid)
                pts.append(piece_shape(p, m.board(p.board), self.catalogue).centre)
            except (KeyError, ValueError):
                continue
        self.view.centre_on_points(pts)

    def centre_on(self, points) -> None:
        """Centre the view on table points (x, y) in mm."""
        self.view.centre_on_points(points)

    def show_message(self, text: str, ms: int = 6000) -> None:
        self.statusBar().showMessage(text, ms)

    def current_board(self) -> str | None:
        """The board chosen with the boards tool, else the one under the
        last cursor position, else the first."""
        ids = [b.id for b in self.document.mission.boards]
        for candidate in (self._current_board, self._hover_board):
            if candidate in ids:
                return candidate
        return ids[0] if ids else None

    def set_current_board(self, board_id: str | None) -> None:
        self._current_board = board_id
        for bid, item in self.scene.board_items.items():
            item.set_highlighted(bid == board_id)

    def piece_actions(self, hatchway: bool) -> list[QAction | None]:
        """The editing actions a piece's context menu offers (None: a separator)."""
        door = [self.open_action, self.flip_action, self.timeline.menu_action(), None] if hatchway else []
        return [*door, self.turn_action, self.end_for_end_action, None,
                self.cut_action, self.copy_action, self.duplicate_action, self.delete_action]

    # ------------------------------------------------------------------- editing
    def _act(self, name: str) -> None:
        if self.tool_manager.action(name):
            return
        uids = self.scene.selected_uids()
        if name == "escape":
            self.scene.select_uids([])
            return
        if not uids:
            self.show_message(self.tr("Select pieces first (click, shift-click or drag a box)"))
            return
        step = self._edit_selection(name, uids)
        if step is not None:
            # Said, so a key press is seen to have done something (and how to take it back).
            undo = self.undo_action.shortcut().toString(QKeySequence.NativeText)
            self.show_message(self.tr("{0} · {1} undoes it").format(step.replace("&", ""), undo), 5000)

    def _edit_selection(self, name: str, uids) -> str | None:
        """One of the editing keys on the selected pieces; the undo step's
        name when it was made."""
        cat = self.catalogue
        n = len(uids)
        noun = self._noun(uids)
        text, result = None, None
        if name == "delete":
            text = self.tr("Delete {0}").format(noun)
            result = self.document.apply(text, edits.remove_pieces, uids)
        elif name == "turn":
            text = self.tr("Turn {0}").format(noun)
            result = self.document.apply(text, edits.turn_pieces, uids, cat)
        elif name == "end_for_end":
            text = self.tr("Turn {0} End for End").format(noun)
            result = self.document.apply(text, edits.turn_end_for_end, uids, cat)
        elif name == "flip":
            text = self.tr("Flip Hatchway Door") if n == 1 else self.tr("Flip Hatchway Doors")
            result = self.document.apply(text, edits.flip_hatchways, uids, cat)
        elif name == "open":
            hatch = [self.document.mission.piece_by_uid(u) for u in uids
                     if cat.piece(self.document.mission.piece_by_uid(u).code).has_hatchway]
            opening = not all(bool(p.open) for p in hatch) if hatch else True
            refused = opening_refused(self.document.mission)
            if refused and hatch:
                # Kill Team: close what a file set open; open nothing.
                hatch = [p for p in hatch if p.open]
                if not hatch:
                    self.show_message(refused, 12000)
                    return None
                uids, opening = [p.uid for p in hatch], False
            if len(hatch) > 1:
                text = self.tr("Open Hatchways") if opening else self.tr("Close Hatchways")
            else:
                text = tr("Open Hatchway") if opening else tr("Close Hatchway")
            result = self.document.apply(text, edits.set_hatchways_open, uids, opening, cat)
        return text if result is not None and not result.note else None

    def _noun(self, uids) -> str:
        if len(uids) == 1:
            p = self.document.mission.piece_by_uid(uids[0])
            return self.catalogue.piece(p.code).label
        return self.tr("{0} Pieces").format(len(uids))

    def move_selection(self, step) -> None:
        names = {(-1, 0): "left", (1, 0): "right", (0, -1): "up", (0, 1): "down"}
        if self.tool_manager.action(names[tuple(step)]):
            return
        if self.active_tool is not None and self.active_tool.name != "Select":
            return
        uids = self.scene.selected_uids()
        if not uids:
            self.show_message(self.tr("Select pieces first, then move them with the arrow keys"))
            return
        self.document.apply(self.tr("Move {0}").format(self._noun(uids)), edits.move_pieces, uids, step, self.catalogue)

    def select_all(self) -> None:
        self.activate_tool("Select")
        self.scene.select_uids([p.uid for p in self.document.mission.pieces])

    def _tool_edits(self, name: str) -> bool:
        """Cut, Copy, Paste and Duplicate ask the active tool first: the
        Equipment tool's chosen items are not pieces."""
        return self.tool_manager.action(name)

    def _tool_has_selection(self) -> bool:
        tool = self.active_tool
        return bool(tool is not None and getattr(tool, "has_selection", lambda: False)())

    def copy(self) -> bool:
        if self._tool_edits("copy"):
            return True
        uids = set(self.scene.selected_uids())
        pieces = [p for p in self.document.mission.pieces if p.uid in uids]
        if not pieces:
            self.show_message(self.tr("Select pieces to copy"))
            return False
        # The pieces as a mission file holds them (io's one mapping), with
        # the boards they stand on. Plain text with a marker: a QMimeData
        # handed to the clipboard from Python can be freed twice at exit (a
        # crash on quit), text cannot.
        m = self.document.mission
        boards = {p.board for p in pieces}
        fragment = replace(m, boards=tuple(b for b in m.boards if b.id in boards), pieces=tuple(pieces),
                           objectives=(), entry_zones=(), regions=(), mission=MissionText())
        QApplication.clipboard().setText(PIECES_MARKER + dumps_mission(fragment, self.catalogue))
        self.show_message(self.tr("Copied {0}").format(self._noun([p.uid for p in pieces])), 3000)
        return True

    def cut(self) -> None:
        if self._tool_edits("cut"):
            return
        if self.copy():
            uids = self.scene.selected_uids()
            self.document.apply(self.tr("Cut {0}").format(self._noun(uids)), edits.remove_pieces, uids)

    def _clipboard_pieces(self) -> list[Piece]:
        text = QApplication.clipboard().text()
        if not text.startswith(PIECES_MARKER):
            return []
        try:
            fragment = loads_mission(text[len(PIECES_MARKER):], "<clipboard>", self.catalogue)
        except MissionLoadError:
            return []
        return [p for p in fragment.pieces if p.code in self.catalogue.pieces]

    def paste(self) -> None:
        if self._tool_edits("paste"):
            return
        pieces = self._clipboard_pieces()
        if not pieces:
            self.show_message(self.tr("Nothing to paste: copy pieces first"))
            return
        noun = self.catalogue.piece(pieces[0].code).label if len(pieces) == 1 else \
            self.tr("{0} Pieces").format(len(pieces))
        result = self.document.apply(self.tr("Paste {0}").format(noun), edits.paste_pieces, pieces, self.catalogue)
        if result is not None:
            self.select_pieces(result.change.pieces)

    def duplicate(self) -> None:
        if self._tool_edits("duplicate"):
            return
        uids = self.scene.selected_uids()
        if not uids:
            self.show_message(self.tr("Select pieces to duplicate"))
            return
        result = self.document.apply(self.tr("Duplicate {0}").format(self._noun(uids)), edits.duplicate_pieces, uids,
                                     self.catalogue)
        if result is not None:
            self.select_pieces(result.change.pieces)

    def add_board(self) -> None:
        if one_board(self.document.mission) and self.document.mission.boards:
            self.show_message(self.tr("A Kill Team killzone is one board"))
            return
        result = self.document.apply(self.tr("Add Board"), edits.add_board, "boarding-actions", None, 0, self.catalogue)
        if result is not None:
            self.view.fit()

    def turn_board(self, board_id: str | None) -> None:
        if board_id is None:
            self.show_message(self.tr("There is no board to turn"))
            return
        self.document.apply(self.tr("Turn Board {0}").format(board_id), edits.turn_board, board_id, self.catalogue)

    def remove_board(self, board_id: str | None) -> None:
        if board_id is None:
            self.show_message(self.tr("There is no board to remove"))
            return
        if self.document.apply(self.tr("Remove Board {0}").format(board_id), edits.remove_board, board_id) is not None:
            self.set_current_board(None)

    # ------------------------------------------------------------------- updates
    def _on_change(self, change) -> None:
        if change.everything:
            self._apply_game()
        self._update_actions()
        if change.everything or change.pieces:
            self._greet()

    def _mission_replaced(self) -> None:
        """Another mission (New, Open, a share code or its picture, a
        recovered autosave): it starts with the Select tool, whatever tool
        the last one was edited with, and fitted to the window."""
        self.activate_tool("Select")
        self.view.fit()

    def _apply_game(self) -> None:
        """Say the window's texts in the words of the mission's game (after
        New, Open: another mission may be for another game)."""
        kill_team = is_kill_team(self.document.mission)
        game = "kill-team" if kill_team else "boarding-actions"
        if game == self._game:
            return
        self._game = game
        if kill_team:
            self.open_action.setText(self.tr("&Close Hatchway"))
            tip = self.tr("Close hatchways set open: in Kill Team every hatchway starts the battle closed")
            self.add_board_action.setToolTip(self.tr("A killzone is one board"))
        else:
            self.open_action.setText(self.tr("&Open or Close Hatchway"))
            tip = self.tr("Open closed hatchways, close open ones (double-click does the same)")
            self.add_board_action.setToolTip(self.tr("Add a board flush to the right of the table"))
        self.open_action.setToolTip(tip)
        self.open_action.setStatusTip(tip)
        self._tips[self.open_action] = tip
        select = self.tools["Select"]
        select.tip = select.game_tip(kill_team)
        self.tool_actions["Select"].setToolTip(f"{select.tip} ({select.shortcut})")
        self.tool_actions["Select"].setStatusTip(select.tip)
        self.add_board_action.setStatusTip(self.add_board_action.toolTip())
        self._tips[self.add_board_action] = self.add_board_action.toolTip()
        self._update_title()
        self._update_actions()

    def _can(self, action: QAction, can: bool, why: str) -> None:
        """Enable an action, or disable it with a tooltip saying why it
        cannot apply now (its own tip back once it can)."""
        tip = self._tips.setdefault(action, action.toolTip())
        action.setEnabled(can)
        shown = tip if can else why
        action.setToolTip(shown)
        action.setStatusTip(shown)

    def _update_actions(self) -> None:
        if not hasattr(self, "_tips"):
            return  # before the actions' tips are set (the window is being built)
        uids = self.scene.selected_uids()
        m = self.document.mission
        pick = self.tr("Select pieces on the map first (click, shift-click or drag a box)")
        for a in (self.cut_action, self.copy_action, self.duplicate_action):
            self._can(a, bool(uids) or self._tool_has_selection(), pick)
        self._can(self.remove_board_action, len(m.boards) > 1, self.tr("The table's last board stays"))
        self._can(self.add_board_action, not (one_board(m) and m.boards), self.tr("A Kill Team killzone is one board"))
        # The hatchway keys: with the Select tool, only for a selection that
        # holds a hatchway they can act on (another tool may use the keys:
        # Place's F flips the door of the piece it carries).
        tool = self.active_tool
        if tool is not None and tool.name != "Select":
            self._can(self.flip_action, True, "")
            self._can(self.open_action, True, "")
            return
        chosen = set(uids)
        hatch = [p for p in m.pieces if p.uid in chosen and self.catalogue.piece(p.code).has_hatchway]
        no_hatch = self.tr("Select a hatchway on the map first (a wall with a door)")
        self._can(self.flip_action, bool(hatch), no_hatch)
        if is_kill_team(m):
            self._can(self.open_action, any(p.open for p in hatch),
                      no_hatch if not hatch else
                      self.tr("Kill Team: every hatchway starts the battle closed, and the selected are "
                              "closed already (Hatchways: all open on the Overlays toolbar shows them open)"))
        else:
            self._can(self.open_action, bool(hatch), no_hatch)

    def _update_title(self) -> None:
        path = self.document.path
        name = path.name if path else self.tr("{0} (not saved)").format(self.document.mission.title)
        if is_kill_team(self.document.mission):
            # Which game the file is for, where a player looks first.
            name = self.tr("{0} · {1}").format(name, game_name("kill-team"))
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        self.setWindowModified(self.document.modified)

    def _show_position(self, x: float, y: float) -> None:
        m = self.document.mission
        b = board_at(m, x, y, self.catalogue)
        where = f"{x:.0f}, {y:.0f} mm  ({number(x / 25.4, '.1f')}\", {number(y / 25.4, '.1f')}\")"
        if b is None:
            self.position_label.setText(self.tr("off the boards · {0}").format(where))
            return
        self._hover_board = b.id
        cell = Placement.of(b, self.catalogue).cell_at(x, y)
        zone = self.tr("zone {0}").format(cell_name(cell)) if cell is not None else self.tr("border")
        if is_kill_team(m):
            self.position_label.setText(self.tr("Killzone · {0} · {1}").format(zone, where))
        else:
            self.position_label.setText(self.tr("Board {0} · {1} · {2}").format(b.id, zone, where))

    # ------------------------------------------------------------------- closing
    def closeEvent(self, ev) -> None:
        if not self.files.maybe_save():
            ev.ignore()
            return
        self.files.shutdown()
        ev.accept()

    def dragEnterEvent(self, ev) -> None:
        if ev.mimeData() and ev.mimeData().hasUrls():
            ev.acceptProposedAction()

    def dropEvent(self, ev) -> None:
        md = ev.mimeData()
        if md is not None and md.hasUrls():
            paths = [u.toLocalFile() for u in md.urls() if u.isLocalFile()]
            if paths:
                ev.acceptProposedAction()
                self.files.open_dropped(paths)
