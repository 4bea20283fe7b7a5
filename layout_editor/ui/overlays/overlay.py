"""The one interface every overlay has (the controller loops over them).

An overlay is a subclass of `Overlay` in a file of its own, listed once in
registry.py. It says

- what it computes off the UI thread: `ask(mission, settings)` gives a `Job`,
  a plain function and its arguments that the analysis worker runs (the
  rules core's answer, and the layer's paths and picture made from it there);
  it is given the mission to ask about, so whoever feeds the controller
  chooses the table (the one being edited, or the table of a battle round);
- how it draws: its `layers` (made once, put on the scene by the
  controller) and `show(answer)`, on the UI thread, which only swaps in
  what the worker made and gives the words for the status line;
- its toolbar entry: `text()`, `tooltip(kill_team)`, `shortcut`, and
  whether it is a checkable toggle or the button of the click tool it
  answers (`tool`: measure, sight, the distances' clicked point), with
  any boxes of its own (`controls`);
- how it refreshes: the controller asks again, on its channel (`key`;
  the newest request wins; `priority` places it in the worker's queue), for
  every overlay that is `wanted()`, after an edit or a change of base size
  or hatchway view; `press`/`move` are the clicks of its tool;
- how it fails: `fail(message)` hides its picture (an old picture would
  pass for an answer about the new table); the controller says
  "NAME: the rules core failed (...)" with `name()`.

An overlay for one game only sets `game` (games.KILL_TEAM ...); with
`replaces` naming another overlay's key it takes that overlay's place on
the toolbar while a mission of its game is on the table (kill_team_distances
is one).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from PySide6.QtWidgets import QGraphicsItem, QToolBar, QWidget

if TYPE_CHECKING:
    from ...model.mission import Mission

# The overlay tools: what the editor's Measure, Sight and "Distances from
# point" tools hand their clicks to (Overlay.tool).
MEASURE = "measure"
SIGHT = "sight"
DISTANCE = "distance"


@dataclass(frozen=True)
class Settings:
    """What every overlay is computed with, from the toolbar."""
    base_mm: float         # the base size
    hatches: str           # the hatchway view chosen: as-set, open, closed
    route_hatches: str     # the view routes and reach use (Kill Team's "as set": every hatchway operable)
    kill_team: bool        # the mission is for Kill Team
    scale: float | None    # pixels per mm of the view (the picture made on the worker); None: no view


@dataclass(frozen=True)
class Job:
    """A plain function and its arguments, run on the analysis worker."""
    fn: Callable[..., Any]
    args: tuple = ()


class Host(Protocol):
    """What an overlay may ask of the controller that feeds it."""

    @property
    def mission(self) -> Mission | None: ...

    @property
    def active_tool(self) -> str: ...

    def settings(self) -> Settings: ...

    def ask(self, overlay: Overlay) -> None:
        """Submit the overlay's `ask` (if it is wanted and has something to ask)."""

    def submit(self, overlay: Overlay, job: Job) -> None:
        """Run `job` on the overlay's channel (newest wins)."""

    def cancel(self, overlay: Overlay) -> None:
        """Drop the overlay's answer still on its way."""

    def say(self, text: str) -> None:
        """A line for the status bar."""

    def request_tool(self, name: str) -> None:
        """Make one of the overlay tools the active one ("" for none)."""

    def turn(self, overlay: Overlay, on: bool) -> None:
        """Switch a toggle on or off as its toolbar entry does."""


class Overlay:
    key: ClassVar[str] = ""          # its channel on the worker; the toolbar entry is "overlay-KEY"
    shortcut: ClassVar[str] = ""     # e.g. "Shift+R"
    tool: ClassVar[str] = ""         # the overlay tool whose clicks it takes (MEASURE, SIGHT, DISTANCE)
    toggle: ClassVar[bool] = True    # a checkable toolbar entry; False: the entry is its tool's button
    game: ClassVar[str | None] = None   # for one game only (games.KILL_TEAM ...)
    replaces: ClassVar[str] = ""     # the key of the overlay it stands in for in its game
    # Where its jobs start among those queued on the worker (AnalysisWorker.
    # PRIORITY): 8 answers a click, 5 follows an edit, 0 (slow) last.
    priority: ClassVar[int] = 0

    def __init__(self, host: Host):
        self.host = host
        self.on = False               # a toggle: switched on
        self.layers: list[QGraphicsItem] = self.make_layers()

    # -- the toolbar entry (translated each time: the language may change) ----------------
    def text(self) -> str:
        """The toolbar entry's text."""
        raise NotImplementedError

    def name(self) -> str:
        """How the status line names it (default: its text)."""
        return self.text()

    def tooltip(self, kill_team: bool) -> str:
        """The entry's tooltip, in the words of the mission's game."""
        return ""

    def controls(self, bar: QToolBar) -> list[QWidget]:
        """Boxes of its own, placed after its entry."""
        return []

    def say_game(self, kill_team: bool) -> None:
        """Put its controls' words in the mission's game's terms."""

    def hint(self) -> str:
        """What its tool wants next (said when the tool becomes active)."""
        return ""

    # -- drawing --------------------------------------------------------------------------
    def make_layers(self) -> list[QGraphicsItem]:
        raise NotImplementedError

    def hide(self) -> None:
        for layer in self.layers:
            layer.setVisible(False)

    # -- asking -----------------------------------------------------------------------------
    def wanted(self) -> bool:
        """Whether it is asked again after an edit (a toggle: while on)."""
        return self.on

    def ask(self, mission: Mission, settings: Settings) -> Job | None:
        """On the UI thread: the job that computes it (None: nothing to ask)."""
        raise NotImplementedError

    def show(self, answer: Any) -> str | None:
        """On the UI thread: draw the worker's answer; the status line's words
        ("" for none). None: the answer was dropped (no longer wanted)."""
        raise NotImplementedError

    def fail(self, message: str) -> None:
        """The rules core raised: hide the old picture."""
        self.hide()

    # -- marks and clicks --------------------------------------------------------------
    def switch(self, on: bool) -> None:
        """A toggle switched on or off."""
        self.on = bool(on)
        if not on:
            self.host.cancel(self)
            self.hide()
        self.host.ask(self)

    def clear(self) -> None:
        """Take its marks off the table (Clear, Esc, another mission)."""

    def forget(self) -> None:
        """Another mission is on the table: forget what belonged to the old one."""

    def new_mission(self, before: Mission | None, mission: Mission) -> None:
        """The mission to ask about changed (before it is asked again)."""

    def press(self, point: tuple[float, float]) -> None:
        """A click of its tool (table mm)."""

    def move(self, point: tuple[float, float]) -> None:
        """The mouse moved while its tool is active."""
