"""The terrain palette: every piece of the catalogue drawn at its real
footprint with its label, and how many are left of how many for the number
of terrain sets the mission is built from. Drag a piece onto the table, or
click it and then click on the table (the Place tool)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..model import edits
from ..model.lattice import Placement
from ..model.mission import Board, Piece
from ..model.parts import left_in_box, parts_list, per_set, sets_needed
from ..rules.geometry import piece_shape
from .carry_list import CarryList
from .game import is_kill_team
from .items import style
from .items.paths import geometry_path

ICON = QSize(104, 34)
TEXT_MARGIN = 20  # px beside an item's text: the delegate's margins and focus frame, and some to spare
CODE_ROLE = Qt.UserRole + 1


def piece_pixmap(code: str, catalogue, size: QSize = ICON) -> QPixmap:
    """A piece drawn to scale (walls closed, door on the right face)."""
    kind = catalogue.piece(code)
    board = Board(id="_", kind=next(iter(catalogue.boards)))
    pl = Placement.of(board, catalogue)
    if kind.is_wall:
        piece = Piece(code=code, board="_", from_node=(1, 1), to_node=(1 + kind.span, 1),
                      facing="right" if kind.has_hatchway else None,
                      open=False if kind.has_hatchway else None, uid=0)
    elif kind.kind == "wall-end":
        piece = Piece(code=code, board="_", at=(1, 1), caps=(2, 1), uid=0)
    else:
        piece = Piece(code=code, board="_", at=(1, 1), uid=0)
    shape = piece_shape(piece, pl, catalogue)
    solid = geometry_path(shape.solid)
    door = geometry_path(shape.door) if shape.door is not None else None
    leaf = geometry_path(shape.leaf) if shape.leaf is not None else None
    bounds = geometry_path(shape.outline).boundingRect()
    if leaf is not None:
        bounds = bounds.united(leaf.boundingRect())
    pm = QPixmap(size * 2)
    pm.setDevicePixelRatio(2.0)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing, True)
    # One scale for every piece, so sizes compare: the longest panel fills
    # the width.
    longest = max((max(r[2] for r in k.footprint) - min(r[0] for r in k.footprint))
                  for k in catalogue.pieces.values())
    scale = (size.width() - 8) / longest
    t = QTransform()
    t.translate(size.width() / 2, size.height() / 2)
    t.scale(scale, scale)
    t.translate(-bounds.center().x(), -bounds.center().y())
    p.setTransform(t)
    fill = {"wall": style.WALL, "pillar": style.PILLAR, "wall-end": style.WALL_END}[kind.kind]
    p.setPen(Qt.NoPen)
    p.setBrush(fill)
    p.drawPath(solid)
    if door is not None:
        p.setBrush(style.HATCH_CLOSED)
        p.drawPath(door)
    if leaf is not None:
        p.setBrush(style.HATCH_CLOSED_LEAF)
        p.drawPath(leaf)
    p.end()
    return pm


def piece_name(kind) -> str:
    """The catalogue's English piece name in the interface's language (the
    shared context: resources/translations/catalogue_names.py lists them)."""
    from .i18n import tr
    return tr(kind.name)


class PieceList(CarryList):
    """Carries a piece from the palette onto the table (carry_list.CarryList:
    not a QDrag, so R, E and F turn the piece before it lands). It shows the
    placer's ghost wherever the cursor is over the table, passes R/E/F to the
    placer (an A3/A4's doorway moves to the other half at once) and places
    the piece where the button is let go. Esc, or letting go off the table,
    puts nothing down."""

    CARRY_KEYS = {Qt.Key_R: "turn", Qt.Key_E: "end_for_end", Qt.Key_F: "flip"}
    rewrapped = Signal()  # the list's width changed: the names are wrapped again

    def __init__(self, parent, services, placer):
        super().__init__(parent, services=services, role=CODE_ROLE)
        self.placer = placer
        self.setDragEnabled(False)
        self.setIconSize(ICON)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setSpacing(2)
        # A name is wrapped onto as many lines as it needs (Palette.wrap):
        # cut short, five pieces all read "Short wall with ..." (issue 24).
        self.setUniformItemSizes(False)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.ElideRight)

    def text_width(self) -> int:
        """The width an item's text has beside its icon (with the item's
        margins and the focus frame's, a little to spare)."""
        return max(60, self.viewport().width() - self.iconSize().width() - 2 * self.spacing() - TEXT_MARGIN)

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        if ev.oldSize().width() != ev.size().width():
            self.rewrapped.emit()

    # -- carrying (carry_list.CarryList's hooks) ------------------------------------
    def carry_keys(self) -> frozenset:
        return frozenset(self.CARRY_KEYS)

    def carry_key(self, key) -> bool:
        if not self.placer.action(self.CARRY_KEYS[key]):
            return False
        over = self.carried_at()
        if over is not None:
            self.placer.preview(self.carrying, *over)
        return True

    def started_carrying(self, code: str) -> None:
        kind = self.services.catalogue.piece(code)
        keys = self.tr("R turns, E turns end for end, F flips the door, Esc cancels") if kind.has_hatchway \
            else self.tr("R turns, Esc cancels")
        self.services.status(self.tr("Carrying {0}: let go on a zone line; {1}").format(kind.label, keys), 0)

    def carried_over(self, code: str, over: tuple[float, float] | None) -> None:
        if over is None:
            self.services.scene.ghost.clear()
        else:
            self.placer.preview(code, *over)

    def put_down(self, code: str, x: float, y: float) -> None:
        self.placer.place(code, x, y)

    def carry_ended(self) -> None:
        self.services.scene.ghost.clear()

    def cancelled(self) -> None:
        self.services.status(self.tr("Nothing placed"), 3000)


class Palette(QWidget):
    def __init__(self, services, placer):
        super().__init__()
        self.services = services
        self.catalogue = services.catalogue
        self._shown = None  # (sets, parts list) the counts were last written for
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        self.sets_label = QLabel(self.tr("Terrain sets:"))
        row.addWidget(self.sets_label)
        self.sets = QSpinBox()
        self.sets.setRange(1, 9)
        self.sets_label.setBuddy(self.sets)
        self.sets.valueChanged.connect(self._sets_changed)
        row.addWidget(self.sets)
        row.addStretch(1)
        layout.addLayout(row)
        self.need = QLabel("")
        self.need.setWordWrap(True)
        layout.addWidget(self.need)
        self.list = PieceList(self, services, placer)
        for code, kind in self.catalogue.pieces.items():
            item = QListWidgetItem(piece_pixmap(code, self.catalogue), "")
            item.setData(CODE_ROLE, code)
            item.setToolTip(self.tr("{0}: {1}\nDrag onto the table, or click and then click on the table")
                            .format(kind.label, piece_name(kind)))
            self.list.addItem(item)
        self.list.rewrapped.connect(lambda: self.refresh(force=True))
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)  # Enter on a piece, from the keyboard
        layout.addWidget(self.list, 1)
        self.hint = QLabel("")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(mid);")
        layout.addWidget(self.hint)
        self._game: bool | None = None  # Kill Team or not, as the texts were last set
        services.document.changed.connect(self._on_change)
        self.refresh()
        self.setMinimumWidth(250)

    def _on_change(self, change) -> None:
        if change.everything or change.pieces or change.text:
            self.refresh()

    def item_text(self, kind, count: str) -> str:
        """The code and the count on the first line, the piece's name below,
        wrapped to the list's width: every word of it shows."""
        metrics = self.list.fontMetrics()
        width = self.list.text_width()
        lines = [f"{kind.label} · {count}"]
        for word in piece_name(kind).split():
            if len(lines) > 1 and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return "\n".join(lines)

    def refresh(self, force: bool = False) -> None:
        m = self.services.document.mission
        kill_team = is_kill_team(m)
        if kill_team != self._game:
            self._game = kill_team
            self._say_game(kill_team)
        key = (kill_team, m.sets, tuple(sorted(parts_list(m, self.catalogue).items())))
        if key == self._shown and not force:
            return  # a move or a turn: the counts are as shown
        self._shown = key
        self.sets.blockSignals(True)
        self.sets.setValue(m.sets)
        self.sets.blockSignals(False)
        left = left_in_box(m, m.sets, self.catalogue)
        used = parts_list(m, self.catalogue)
        kit = per_set(m, self.catalogue)  # per set, or per killzone kit in Kill Team
        for n in range(self.list.count()):
            item = self.list.item(n)
            code = item.data(CODE_ROLE)
            kind = self.catalogue.piece(code)
            total = kit.get(code, 0) * m.sets
            k = left[code]
            if k >= 0:
                count = self.tr("{0} left of {1}").format(k, total)
            else:
                count = self.tr("{0} too many: {1} of {2}").format(-k, used.get(code, 0), total)
            item.setText(self.item_text(kind, count))
            item.setForeground(style.MARK["error"] if k < 0 else self.palette().text().color())
        need = sets_needed(m, self.catalogue)
        if need > m.sets:
            text = self.tr("This layout needs {0} killzone kits.") if kill_team else \
                self.tr("This layout needs {0} sets.")
            self.need.setText(f"<b style='color:#c0392b'>{text.format(need)}</b>")
        else:
            if kill_team:
                text = self.tr("Uses {0} pieces; 1 killzone kit needed.") if need == 1 else \
                    self.tr("Uses {0} pieces; {1} killzone kits needed.")
            else:
                text = self.tr("Uses {0} pieces; 1 set needed.") if need == 1 else \
                    self.tr("Uses {0} pieces; {1} sets needed.")
            self.need.setText(text.format(sum(used.values()), need))

    def _say_game(self, kill_team: bool) -> None:
        """The palette's words for the mission's game: a killzone is built
        from kits of half a set (2 of each wall, 4 of B3, 8 pillars of each
        hand), and its hatchways start closed."""
        if kill_team:
            self.sets_label.setText(self.tr("Killzone kits:"))
            self.sets.setToolTip(self.tr("How many Killzone Gallowdark terrain kits the mission is built "
                                         "from (a kit is half a Boarding Actions set)"))
            self.hint.setText(self.tr("Drag a piece onto a zone line. R turns it, E turns it end for end, "
                                      "F flips a door. Every hatchway starts the battle closed."))
        else:
            self.sets_label.setText(self.tr("Terrain sets:"))
            self.sets.setToolTip(self.tr("How many Boarding Actions terrain sets the mission is built from"))
            self.hint.setText(self.tr("Drag a piece onto a zone line. R turns it, E turns it end for end, "
                                      "F flips a door, double-click a hatchway to open or close it."))

    def _sets_changed(self, value: int) -> None:
        if value != self.services.document.mission.sets:
            text = self.tr("Change Killzone Kits") if self._game else self.tr("Change Terrain Sets")
            self.services.document.apply(text, edits.set_mission_fields, sets=value,
                                       merge_key=("field", "sets"))

    def _chosen(self, item: QListWidgetItem) -> None:
        tool = self.services.tools.tool("Place")
        tool.set_code(item.data(CODE_ROLE))
        self.services.tools.select("Place")
