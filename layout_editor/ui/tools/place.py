"""Putting new pieces on the table, from the palette: by dragging a piece
onto the table (the view calls the PiecePlacer) or by choosing it and
clicking (the PlaceTool). Both show a ghost where the piece will land, green
or red, and a refused drop says why in the status bar.

Walls snap to the nearest zone-line span (along whichever zone line the
cursor is nearer to), pillars and wall ends to the nearest node. While
placing: R turns a pillar or runs a wall the other way, E turns a wall end
for end (an A3/A4's doorway, in one half of the panel, moves to the other
half), F puts a hatchway's door on the other face, Esc goes back to
selecting. The ghost shows where the doorway will be.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt

from ...model.edits import add_pieces
from ...model.mission import Piece
from ...model.snapping import Occupancy, describe_piece, placement_problem, snap_piece
from ...rules.geometry import piece_shape
from ..i18n import say
from .base import Tool


class PiecePlacer:
    """Snap, test and ghost a new piece at a table point; place it."""

    def __init__(self, services):
        self.services = services
        self.reverse = False
        self.turned = False
        self.facing = "right"
        self._occupancy = (None, None)  # (mission, Occupancy): built once per mission

    @staticmethod
    def tr(text: str) -> str:
        # Not a QObject; lupdate files these under the class name all the same.
        return QCoreApplication.translate("PiecePlacer", text)

    @property
    def scene(self):
        return self.services.scene

    def candidate(self, code: str, x: float, y: float) -> tuple[Piece | None, str | None]:
        m = self.services.document.mission
        cat = self.scene.catalogue
        piece = snap_piece(m, code, x, y, reverse=self.reverse, turned=self.turned,
                           facing=self.facing, catalogue=cat)
        if piece is None:
            return None, self.tr("pieces stand on a board")
        if self._occupancy[0] is not m:
            self._occupancy = (m, Occupancy(m, cat))
        return piece, placement_problem(m, [piece], catalogue=cat, occupancy=self._occupancy[1])

    def action(self, name: str) -> bool:
        """R, E and F while a piece is carried, before it lands: R turns a
        pillar or runs a wall the other way, E turns a wall end for end (on
        an A3/A4 the doorway moves to the other half), F puts a door on the
        other face. False for any other action."""
        if name == "turn":
            self.reverse = not self.reverse
            self.turned = not self.turned
        elif name == "end_for_end":
            self.reverse = not self.reverse
        elif name == "flip":
            self.facing = "left" if self.facing == "right" else "right"
        else:
            return False
        return True

    def preview(self, code: str, x: float, y: float) -> tuple[Piece | None, str | None]:
        piece, problem = self.candidate(code, x, y)
        if piece is None:
            self.scene.ghost.clear()
        else:
            board = self.services.document.mission.board(piece.board)
            self.scene.ghost.show_shapes([piece_shape(piece, board, self.scene.catalogue)], problem is None)
        if problem:
            self.services.status(self.tr("Cannot place {0} here: {1}").format(self._label(code), say(problem)),
                                     4000)
        return piece, problem

    def place(self, code: str, x: float, y: float) -> Piece | None:
        self.scene.ghost.clear()
        piece, problem = self.candidate(code, x, y)
        if problem or piece is None:
            self.services.status(self.tr("Cannot place {0} here: {1}").format(self._label(code), say(problem)),
                                     8000)
            return None
        result = self.services.document.apply(self.tr("Place {0}").format(self._label(code)), add_pieces, [piece],
                                            self.scene.catalogue)
        if result is None:
            return None
        self.scene.select_uids([piece.uid])
        self.services.view.setFocus()  # so R, F, O and Delete act on what just landed
        if result.note is None:  # a stock warning outranks the confirmation
            placed = self.tr("Placed {0}").format(say(describe_piece(piece, self.scene.catalogue)))
            if self.scene.catalogue.piece(code).kind == "pillar" and piece.turned != self.turned:
                # snap_piece turned it: the other way would stick out past the board's edge.
                placed = self.tr("{0}, turned to stay within the board's edge (R turns it back)").format(placed)
            self.services.status(placed, 6000)
        return piece

    def _label(self, code: str) -> str:
        return self.scene.catalogue.piece(code).label


class PlaceTool(Tool):
    name = "Place"
    shortcut = "P"
    cursor = Qt.CrossCursor
    tip = "Place the piece chosen in the palette: click on the table (R turns it, F flips a door, Esc stops)"

    def __init__(self, services, placer: PiecePlacer):
        super().__init__(services)
        self.placer = placer  # shared with the palette, which carries pieces by hand
        self.title = self.tr("Place")
        self.tip = self.tr("Place the piece chosen in the palette: click on the table "
                           "(R turns it, F flips a door, Esc stops)")
        self.code: str | None = None
        self._last = None

    def set_code(self, code: str) -> None:
        self.code = code
        if self._last:
            self.placer.preview(self.code, *self._last)

    def activate(self) -> None:
        # Keys (R, F, Esc) are for the table now, not the palette list.
        self.view.setFocus()
        if not self.code:
            self.status(self.tr("Choose a piece in the Terrain palette, then click on the table to place it"), 8000)
        if self.code:
            kind = self.scene.catalogue.piece(self.code)
            self.status(self.tr("Click on the table to place {0} ({1}); R turns, F flips the door, Esc stops")
                        .format(kind.label, kind.name), 8000)

    def deactivate(self) -> None:
        self.scene.ghost.clear()
        self._last = None

    def mouse_move(self, ev) -> bool:
        if not self.code:
            return False
        self._last = (ev.x, ev.y)
        self.placer.preview(self.code, ev.x, ev.y)
        return True

    def mouse_press(self, ev) -> bool:
        if not self.code or ev.button != Qt.LeftButton:
            return False
        self.placer.place(self.code, ev.x, ev.y)
        self._last = (ev.x, ev.y)
        return True

    def key_press(self, ev) -> bool:
        if ev.key() == Qt.Key_Escape:
            return self.action("escape")
        return False

    def action(self, name: str) -> bool:
        if name == "escape":
            self.services.tools.select("Select")
            return True
        if not self.placer.action(name):
            return False
        if self.code and self._last:
            self.placer.preview(self.code, *self._last)
        return True
