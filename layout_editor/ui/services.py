"""What the editor's tools and panels may use, in one typed object.

A tool or panel is given an `EditorServices` when it is made and reaches
the editor only through it: the document (the mission, and `apply` for
every edit: one undo step per user action), the scene and view, the
terrain catalogue, the tool manager (which tool is active; switching),
the analysis worker (the rules core off the UI thread), the settings
(what the editor remembers between runs) and a few of the window's
commands (the status line, selecting and centring on pieces, the chosen
board). Nothing is looked up on the window by name at run time.

The window's own parts (the file menu, the live feedback, the placement
layer, the dialogs) are built by MainWindow itself and hold the window:
they add menus, docks and toolbars to it. See docs/architecture.md.

The tools are given these services, so this module names the tool manager
by what a tool or panel may do with it (`ToolSwitch`), not by importing it:
tools -> services is the one way the imports run.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from . import settings as _settings

if TYPE_CHECKING:
    from ..catalogue import Catalogue
    from .analysis_worker import AnalysisWorker
    from .document import Document
    from .scene import MissionScene
    from .view import TableView


class WindowCommands(Protocol):
    """The window's commands a tool or panel may call (MainWindow has them)."""

    def show_message(self, text: str, ms: int = 6000) -> None: ...

    def select_pieces(self, uids: Iterable[int], centre: bool = False) -> None: ...

    def centre_on(self, points) -> None: ...

    def current_board(self) -> str | None: ...

    def set_current_board(self, board_id: str | None) -> None: ...

    def turn_board(self, board_id: str | None) -> None: ...

    def remove_board(self, board_id: str | None) -> None: ...

    def piece_actions(self, hatchway: bool) -> list:
        """The editing actions for a piece's context menu (None: a separator)."""
        ...


class ToolSwitch(Protocol):
    """The tool manager as tools and panels use it (tools/manager.ToolManager)."""

    @property
    def active(self) -> object | None:
        """The active tool."""
        ...

    def tool(self, name: str) -> Any:
        """The registered tool named `name`."""
        ...

    def select(self, name: str) -> Any:
        """Make the named tool the active one."""
        ...


@dataclass(frozen=True)
class EditorServices:
    document: Document
    scene: MissionScene
    view: TableView
    catalogue: Catalogue
    tools: ToolSwitch
    worker: AnalysisWorker
    commands: WindowCommands
    settings: ModuleType = field(default=_settings)

    @property
    def mission(self):
        return self.document.mission

    def status(self, text: str, ms: int = 6000) -> None:
        """A hint in the status line for `ms` milliseconds (0: until replaced)."""
        self.commands.show_message(text, ms)
