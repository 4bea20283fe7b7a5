"""The Territories tool (Kill Team): each player's territory and the
killzone's centre line.

Table > Territories splits the killzone on a centre line through its middle,
top and bottom or left and right, as the official map cards do: the two
halves become the territories (player 1's is the half with more of player
1's drop zone; model/killzone_edits.py). With this tool the centre line's
two ends show as handles: drag one along the killzone's edge (the line runs
edge to edge) and territories that were its halves follow. The territories'
corners show too: drag one (a corner two territories share moves in both),
double-click an edge for a new corner, double-click a corner to take it out
(free-form territories; drawn by hand, they no longer follow the line); Del (or Table >
Territories > Clear) takes the territories and the centre line away; Esc
goes back to the Select tool. Each is one undo step; a drag is one step when
the button comes up, and shows what it would make while it runs (pure
geometry, no rules core: cheap on the UI thread).
"""
from __future__ import annotations

from PySide6.QtCore import QT_TR_NOOP, Qt

from ...model.edits import EditRefused
from ...model.killzone_edits import (
    END_REACH,
    add_territory_corner,
    centre_line_end_at,
    clear_territories,
    move_centre_line_end,
    move_territory_corner,
    remove_territory_corner,
    split_killzone,
    swap_territories,
    territory_corner_at,
)
from ..i18n import say
from .base import Tool

HANDLE_REACH_PX = 10.0  # a press this near an end (screen pixels) grabs it


class TerritoryTool(Tool):
    name = "Territories"
    title = QT_TR_NOOP("Territories")
    shortcut = "T"
    tip = QT_TR_NOOP("Kill Team territories: drag an end of the centre line along the killzone's edge; "
                     "Table > Territories splits the killzone in two halves")
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, services, layer):
        super().__init__(services)
        self.layer = layer  # killzone_items.TerritoriesItem
        self._drag: dict | None = None

    def hint(self) -> str:
        if self.mission.centre_line is None:
            return self.tr("Territories: Table > Territories > Split Top and Bottom (or Left and Right) draws "
                           "the centre line and the two territories · Esc stops")
        return self.tr("Territories: drag an end of the centre line along the killzone's edge; territories "
                       "that are its halves follow · drag a territory's corner, double-click an edge to add one, "
                       "a corner to remove it · Del clears them · Esc stops")

    def dragging(self) -> bool:
        return self._drag is not None

    def activate(self) -> None:
        self.layer.set_handles(True)
        self.status(self.hint(), 0)

    def deactivate(self) -> None:
        self._cancel()
        self.layer.set_handles(False)

    # -- the menu's edits (Table > Territories) -------------------------------------
    def split(self, how: str) -> bool:
        text = self.tr("Split Killzone Top and Bottom") if how == "top-bottom" else \
            self.tr("Split Killzone Left and Right")
        return self._said(self.document.apply(text, split_killzone, how, self.scene.catalogue) is not None)

    def swap(self) -> bool:
        return self._said(self.document.apply(self.tr("Swap Territories"), swap_territories) is not None)

    def clear(self) -> bool:
        return self._said(self.document.apply(self.tr("Clear Territories"), clear_territories) is not None)

    def _said(self, done: bool) -> bool:
        if done and self.is_active():
            self.status(self.hint(), 0)  # what the tool does now there is (or is no longer) a centre line
        return done

    # -- mouse ---------------------------------------------------------------------------
    def _reach(self) -> float:
        scale = self.view.transform().m11() or 1.0
        return max(END_REACH / 3, HANDLE_REACH_PX / scale)

    def mouse_press(self, ev) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        reach = self._reach()
        end = centre_line_end_at(self.mission, ev.x, ev.y, reach)
        if end is not None:
            self._drag = {"end": end, "to": self.mission.centre_line[end], "preview": None}
            return True
        corner = territory_corner_at(self.mission, ev.x, ev.y, reach)
        if corner is not None:
            self._drag = {"corner": corner, "to": corner, "preview": None}
            return True
        self.status(self.hint(), 0)
        return True

    def _grabbable(self, x: float, y: float) -> bool:
        reach = self._reach()
        return (centre_line_end_at(self.mission, x, y, reach) is not None
                or territory_corner_at(self.mission, x, y, reach) is not None)

    def mouse_move(self, ev) -> bool:
        d = self._drag
        if d is None:
            if self._grabbable(ev.x, ev.y):
                self.view.viewport().setCursor(Qt.CursorShape.SizeAllCursor)
            else:
                self.view.apply_tool_cursor()
            return False
        try:
            if "end" in d:
                preview = move_centre_line_end(self.mission, d["end"], (ev.x, ev.y), self.scene.catalogue).mission
                d["to"] = preview.centre_line[d["end"]]
            else:
                preview = move_territory_corner(self.mission, d["corner"], (ev.x, ev.y), self.scene.catalogue).mission
                d["to"] = (ev.x, ev.y)
        except EditRefused as e:
            what = self.tr("Move centre line: {0}") if "end" in d else self.tr("Move territory corner: {0}")
            self.status(what.format(say(e.phrase)))
            return True
        d["preview"] = preview
        self.layer.set_preview(preview)
        x, y = d["to"]
        where = self.tr("Centre line end to ({0}, {1}) mm") if "end" in d else \
            self.tr("Territory corner to ({0}, {1}) mm")
        self.status(where.format(f"{x:.0f}", f"{y:.0f}"), 0)
        return True

    def mouse_release(self, ev) -> bool:
        if self._drag is None or ev.button != Qt.MouseButton.LeftButton:
            return False
        self.mouse_move(ev)
        d, self._drag = self._drag, None
        self.layer.set_preview(None)
        if d["preview"] is not None and "end" in d:
            self.document.apply(self.tr("Move Centre Line"), move_centre_line_end, d["end"], d["to"],
                                self.scene.catalogue)
        elif d["preview"] is not None:
            self.document.apply(self.tr("Move Territory Corner"), move_territory_corner, d["corner"], d["to"],
                                self.scene.catalogue)
        self.status(self.hint(), 0)
        return True

    def double_click(self, ev) -> bool:
        """On a corner: take it out; on a territory's edge: a new corner
        there, to drag (free-form territories)."""
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        self._cancel()
        reach = self._reach()
        corner = territory_corner_at(self.mission, ev.x, ev.y, reach)
        if corner is not None and centre_line_end_at(self.mission, ev.x, ev.y, reach) is None:
            self.document.apply(self.tr("Remove Territory Corner"), remove_territory_corner, corner)
        elif corner is None:
            self.document.apply(self.tr("Add Territory Corner"), add_territory_corner, ev.x, ev.y, reach)
        return True

    def _cancel(self) -> None:
        if self._drag is not None:
            self._drag = None
            self.layer.set_preview(None)

    def action(self, name: str) -> bool:
        if name == "escape":
            if self._drag is not None:
                self._cancel()
                self.status(self.tr("Move cancelled"))
            else:
                self.services.tools.select("Select")
            return True
        if name == "delete":
            if not self.clear():
                self.status(self.tr("The killzone has no territories or centre line to clear"))
            return True
        # the turn, flip and arrow keys mean nothing to a centre line: the
        # selected pieces stay as they are while this tool is active
        return name in ("turn", "end_for_end", "flip", "open", "left", "right", "up", "down")
