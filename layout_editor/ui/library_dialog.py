"""File > New from Library: browse the missions that ship with the program
(mission_library/), each with a thumbnail of its map, the game it is for
(Boarding Actions or Kill Team), its players and the terrain it needs;
filter by those; start a new, unsaved mission from one.

A Kill Team mission counts its terrain in killzone kits (half a set each):
the "I own N sets" filter shows it when the kits it needs fit in N sets.

The thumbnail is painted here with QPainter straight from the rules core's
piece footprints (rules.geometry.piece_shape) and the board lattice, so it
shows exactly what the editor and the printed card show, without depending on
the export code.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QIcon, QKeySequence, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..catalogue import Catalogue, default_catalogue, mission_library_dir
from ..io import MissionLoadError, load_mission
from ..model.deployments import player_colour
from ..model.lattice import Placement
from ..model.mission import Mission
from ..model.parts import sets_needed
from ..rules.geometry import piece_shape
from . import settings
from .file_handling import load_problem
from .game import GAME_ORDER, game_id, game_name
from .i18n import tr
from .items import style

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
THUMB_SIZE = QSize(232, 124)
PREVIEW_SIZE = QSize(420, 260)


# ---------------------------------------------------------------------- painting
def _path(geom) -> QPainterPath:
    path = QPainterPath()
    for g in getattr(geom, "geoms", [geom]):
        if g.is_empty or g.geom_type != "Polygon":
            continue
        for ring in (g.exterior, *g.interiors):
            coords = list(ring.coords)
            path.moveTo(*coords[0])
            for c in coords[1:]:
                path.lineTo(*c)
            path.closeSubpath()
    return path


def _cell_polygon(placement: Placement, cell) -> list[QPointF]:
    return [QPointF(*p) for p in placement.cell_corners_table(cell)]


def paint_mission_map(painter: QPainter, mission: Mission, target: QRectF,
                      catalogue: Catalogue | None = None) -> None:
    """Draw the mission's map (boards, zone grid, entry zones, regions,
    terrain with hatchway states, objectives) scaled to fit `target`."""
    cat = catalogue or default_catalogue()
    placements = {}
    for b in mission.boards:
        try:
            placements[b.id] = Placement.of(b, cat)
        except KeyError:
            continue
    if not placements:
        return
    x0 = min(p.bounds[0] for p in placements.values())
    y0 = min(p.bounds[1] for p in placements.values())
    x1 = max(p.bounds[2] for p in placements.values())
    y1 = max(p.bounds[3] for p in placements.values())
    scale = min(target.width() / (x1 - x0), target.height() / (y1 - y0))
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    # Centre the table in the target, then work in table millimetres.
    painter.translate(target.x() + (target.width() - (x1 - x0) * scale) / 2,
                      target.y() + (target.height() - (y1 - y0) * scale) / 2)
    painter.scale(scale, scale)
    painter.translate(-x0, -y0)
    hairline = 1.0 / scale  # one device pixel, whatever the zoom

    for p in placements.values():
        bx0, by0, bx1, by1 = p.bounds
        painter.setPen(QPen(style.BOARD_EDGE, hairline))
        painter.setBrush(style.BOARD)
        painter.drawRect(QRectF(bx0, by0, bx1 - bx0, by1 - by0))
        painter.setPen(QPen(style.ZONE_LINE, hairline * 0.8))
        painter.setBrush(Qt.NoBrush)
        for cell in p.cells():
            painter.drawPolygon(_cell_polygon(p, cell))

    painter.setPen(Qt.NoPen)
    for zone in mission.entry_zones:
        p = placements.get(zone.board)
        if p is None:
            continue
        tint = QColor(player_colour(zone.player))
        tint.setAlpha(120)
        painter.setBrush(tint)
        for cell in zone.cells:
            if p.has_cell(cell):
                painter.drawPolygon(_cell_polygon(p, cell))
    for region in mission.regions:
        p = placements.get(region.board)
        if p is None:
            continue
        painter.setBrush(QBrush(QColor(38, 50, 56, 60), Qt.BDiagPattern))
        painter.setPen(QPen(QColor("#263238"), 1.5 * hairline, Qt.DashLine))
        for cell in region.cells:
            if p.has_cell(cell):
                painter.drawPolygon(_cell_polygon(p, cell))

    painter.setPen(Qt.NoPen)
    for piece in mission.pieces:
        p = placements.get(piece.board)
        if p is None or piece.code not in cat.pieces:
            continue
        try:
            shape = piece_shape(piece, p, cat)
        except ValueError:
            continue
        kind = cat.piece(piece.code)
        painter.setBrush(style.PILLAR if kind.kind == "pillar" else style.WALL)
        painter.drawPath(_path(shape.solid))
        if shape.door is not None:
            if piece.open:
                painter.setBrush(style.HATCH_OPEN)
                painter.drawPath(_path(shape.leaf))
            else:
                painter.setBrush(style.HATCH_CLOSED)
                painter.drawPath(_path(shape.door))
                painter.setBrush(style.HATCH_CLOSED_LEAF)
                painter.drawPath(_path(shape.leaf))

    radius = 20.0  # objective markers are 40 mm across
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(1, int(radius * 1.3)))
    painter.setFont(font)
    for o in mission.objectives:
        centre = QPointF(*o.at)
        painter.setPen(QPen(QColor("#1b1f24"), max(hairline, 2.5)))
        painter.setBrush(QColor("#f2c40f"))
        painter.drawEllipse(centre, radius, radius)
        if radius * scale >= 6:  # the id only where it can be read
            painter.setPen(QColor("#1b1f24"))
            painter.drawText(QRectF(o.at[0] - radius, o.at[1] - radius, 2 * radius, 2 * radius),
                             Qt.AlignCenter, o.id)
    painter.restore()


def mission_thumbnail(mission: Mission, size: QSize = THUMB_SIZE,
                      catalogue: Catalogue | None = None) -> QPixmap:
    pixmap = QPixmap(size)
    pixmap.fill(style.TABLE)
    painter = QPainter(pixmap)
    margin = 6
    paint_mission_map(painter, mission, QRectF(margin, margin, size.width() - 2 * margin,
                                               size.height() - 2 * margin), catalogue)
    painter.end()
    return pixmap


# ---------------------------------------------------------------------- the library
@dataclass(frozen=True)
class LibraryEntry:
    path: Path
    mission: Mission
    sets_needed: int

    @property
    def players(self) -> int:
        return self.mission.players

    @property
    def language(self) -> str:
        return (self.mission.language or "en").lower()

    @property
    def game(self) -> str:
        return game_id(self.mission)

    @property
    def sets_owned_needed(self) -> int:
        """Whole terrain sets that hold what the mission needs (a killzone
        kit is half a set)."""
        if self.game == "kill-team":
            return -(-self.sets_needed // 2)
        return self.sets_needed

    def summary(self) -> str:
        if self.game == "kill-team":
            sets = LibraryDialog.tr("1 killzone kit") if self.sets_needed == 1 else \
                LibraryDialog.tr("{n} killzone kits").format(n=self.sets_needed)
        else:
            sets = tr("1 set") if self.sets_needed == 1 else tr("{n} sets").format(n=self.sets_needed)
        lang = LANGUAGE_NAMES.get(self.language, self.language)
        return f"{game_name(self.game)} · " + tr("{n} players").format(n=self.players) + f" · {sets} · {lang}"


def load_library(folder: Path | None = None,
                 catalogue: Catalogue | None = None) -> tuple[list[LibraryEntry], list[str]]:
    """Every mission in the library folder, sorted by title, and the load
    errors of any file that cannot be used (one line each)."""
    folder = folder if folder is not None else mission_library_dir()
    entries: list[LibraryEntry] = []
    problems: list[str] = []
    if folder is None or not Path(folder).is_dir():
        return entries, problems
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            mission = load_mission(path)
        except MissionLoadError as e:
            problems.append(load_problem(e))
            continue
        except OSError as e:
            problems.append(f"{path}: {e.strerror or e}")
            continue
        entries.append(LibraryEntry(path, mission, sets_needed(mission, catalogue)))
    # A translation sits beside its original: sort by the English file name.
    entries.sort(key=lambda e: (e.path.name.split(".")[0], e.language != "en", e.language))
    return entries, problems


class LibraryDialog(QDialog):
    """Pick a mission from the library. `chosen_path()` is the file picked
    once the dialog is accepted."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None,
                 catalogue: Catalogue | None = None, sets_owned: int | None = None):
        super().__init__(parent)
        self.setWindowTitle(LibraryDialog.tr("New from Library"))
        self.setObjectName("library_dialog")
        self.catalogue = catalogue or default_catalogue()
        self.entries, self.problems = load_library(folder, self.catalogue)

        self.game_filter = QComboBox()
        self.game_filter.setObjectName("game_filter")
        self.game_filter.addItem(LibraryDialog.tr("Any game"), None)
        for gid in GAME_ORDER:
            if any(e.game == gid for e in self.entries):
                self.game_filter.addItem(game_name(gid), gid)
        self.players_filter = QComboBox()
        self.players_filter.setObjectName("players_filter")
        self.players_filter.addItem(LibraryDialog.tr("Any number of players"), None)
        for n in sorted({e.players for e in self.entries}):
            self.players_filter.addItem(tr("{n} players").format(n=n), n)
        self.sets_filter = QComboBox()
        self.sets_filter.setObjectName("sets_filter")
        self.sets_filter.addItem(LibraryDialog.tr("Any number of sets"), None)
        for n in range(1, max([e.sets_owned_needed for e in self.entries], default=1) + 1):
            self.sets_filter.addItem(LibraryDialog.tr("I own 1 set") if n == 1 else LibraryDialog.tr("I own {n} sets").format(n=n), n)
        if sets_owned is not None:
            index = self.sets_filter.findData(int(sets_owned))
            if index >= 0:
                self.sets_filter.setCurrentIndex(index)
        self.language_filter = QComboBox()
        self.language_filter.setObjectName("language_filter")
        self.language_filter.addItem(LibraryDialog.tr("Any language"), None)
        for code in sorted({e.language for e in self.entries}):
            self.language_filter.addItem(LANGUAGE_NAMES.get(code, code), code)
        filters = QHBoxLayout()
        for label, combo in ((self.tr("&Game:"), self.game_filter),
                             (self.tr("&Players:"), self.players_filter), (self.tr("&Sets:"), self.sets_filter),
                             (self.tr("&Language:"), self.language_filter)):
            lab = QLabel(label)
            lab.setBuddy(combo)
            filters.addWidget(lab)
            filters.addWidget(combo)
        filters.addStretch(1)

        self.list = QListWidget()
        self.list.setObjectName("missions")
        self.list.setViewMode(QListView.IconMode)
        self.list.setIconSize(THUMB_SIZE)
        self.list.setResizeMode(QListView.Adjust)
        self.list.setMovement(QListView.Static)
        self.list.setSpacing(8)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(True)
        self.list.setGridSize(QSize(THUMB_SIZE.width() + 20, THUMB_SIZE.height() + 52))
        for entry in self.entries:
            thumb = mission_thumbnail(entry.mission, THUMB_SIZE, self.catalogue)
            icon = QIcon(thumb)
            icon.addPixmap(thumb, QIcon.Selected)  # the map keeps its colours when chosen
            item = QListWidgetItem(icon, f"{entry.mission.title}\n{entry.summary()}")
            item.setData(Qt.UserRole, str(entry.path))
            item.setToolTip(str(entry.path.name))
            self.list.addItem(item)

        self.preview = QLabel()
        self.preview.setObjectName("preview")
        self.preview.setMinimumSize(PREVIEW_SIZE)
        self.preview.setAlignment(Qt.AlignCenter)
        self.details = QTextBrowser()
        self.details.setObjectName("details")
        self.details.setOpenLinks(False)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.preview)
        side_layout.addWidget(self.details, 1)
        splitter = QSplitter()
        splitter.addWidget(self.list)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([800, 460])

        self.count_label = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.open_button = self.buttons.button(QDialogButtonBox.Ok)
        self.open_button.setText(LibraryDialog.tr("&Start from This Mission"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.buttons)

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        if self.problems:
            broken = QLabel(LibraryDialog.tr("Not shown (cannot be read):") + " " + "; ".join(self.problems))
            broken.setWordWrap(True)
            broken.setObjectName("problems")
            layout.addWidget(broken)
        layout.addLayout(bottom)
        self.resize(1280, 760)

        for combo in (self.game_filter, self.players_filter, self.sets_filter, self.language_filter):
            combo.currentIndexChanged.connect(self.apply_filters)
        self.list.currentItemChanged.connect(self._show_current)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.apply_filters()

    # -- filtering ------------------------------------------------------------
    def _entry(self, item: QListWidgetItem | None) -> LibraryEntry | None:
        if item is None:
            return None
        path = item.data(Qt.UserRole)
        return next((e for e in self.entries if str(e.path) == path), None)

    def visible_paths(self) -> list[Path]:
        return [Path(self.list.item(i).data(Qt.UserRole)) for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def apply_filters(self) -> None:
        game = self.game_filter.currentData()
        players = self.players_filter.currentData()
        sets = self.sets_filter.currentData()
        language = self.language_filter.currentData()
        shown = 0
        for i in range(self.list.count()):
            item = self.list.item(i)
            e = self._entry(item)
            ok = (e is not None and (game is None or e.game == game)
                  and (players is None or e.players == players)
                  and (sets is None or e.sets_owned_needed <= sets)
                  and (language is None or e.language == language))
            item.setHidden(not ok)
            shown += ok
        self.count_label.setText(LibraryDialog.tr("{shown} of {total} missions").format(shown=shown, total=len(self.entries)))
        current = self.list.currentItem()
        if current is None or current.isHidden():
            first = next((self.list.item(i) for i in range(self.list.count())
                          if not self.list.item(i).isHidden()), None)
            self.list.setCurrentItem(first)
        self._show_current(self.list.currentItem())

    def select_path(self, path: Path) -> bool:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if Path(item.data(Qt.UserRole)) == Path(path) and not item.isHidden():
                self.list.setCurrentItem(item)
                return True
        return False

    def _show_current(self, item, _previous=None) -> None:
        e = self._entry(item) if item is not None and not item.isHidden() else None
        self.open_button.setEnabled(e is not None)
        if e is None:
            self.preview.clear()
            self.details.clear()
            return
        self.preview.setPixmap(mission_thumbnail(e.mission, PREVIEW_SIZE, self.catalogue))
        m = e.mission
        from html import escape
        parts = [f"<h2>{escape(m.title)}</h2>", f"<p><b>{escape(e.summary())}</b> · {escape(e.path.name)}</p>"]
        if m.mission.briefing:
            parts.append(f"<p>{escape(m.mission.briefing)}</p>")
        for s in m.mission.sections:
            parts.append(f"<p><b>{escape(s.title)}.</b> {escape(s.text)}</p>")
        t = m.mission
        if t.turning_points:
            parts.append("<p>{}</p>".format(escape(LibraryDialog.tr("{n} turning points").format(n=t.turning_points))))
        for op in t.ops:
            vp = " " + escape(LibraryDialog.tr("({n} VP)").format(n=op.vp)) if op.vp is not None else ""
            parts.append(f"<p><b>{escape(op.name)}</b>{vp} {escape(op.text or '')}</p>")
        if m.mission.victory:
            parts.append(f"<p><i>{escape(m.mission.victory)}</i></p>")
        self.details.setHtml("".join(parts))

    def chosen_path(self) -> Path | None:
        e = self._entry(self.list.currentItem())
        return e.path if e is not None else None


# ---------------------------------------------------------------------- the editor
def start_from_library(window, path: Path) -> bool:
    """Replace the window's mission with a fresh copy of a library mission:
    unsaved, with no file name, so Save asks where to put it."""
    mission = window.files.load(path)  # fresh pieces (new uids); a broken file shows its dialog
    if mission is None:
        return False
    if not window.files.maybe_save():
        return False
    window.document.reset(mission, path=None, modified=True)
    window.view.fit()
    window.show_message(LibraryDialog.tr("New mission from the library: “{title}” (not saved yet)").format(title=mission.title))
    return True


class LibraryMenu:
    """File > New from Library… (Ctrl+Shift+N), right under File > New; the
    dialog it last opened is `dialog`."""

    def __init__(self, window):
        self.window = window
        self.dialog: LibraryDialog | None = None
        self.action = QAction(LibraryDialog.tr("New from &Library…"), window)
        self.action.setObjectName("new-from-library")
        self.action.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.action.setStatusTip(LibraryDialog.tr("Start a new mission from one that ships with the program"))
        self.action.triggered.connect(self.open)
        window.menu("File").insertAction(window.files.open_action, self.action)

    def open(self) -> LibraryDialog:
        """Show the library (window-modal, not blocking); accepting it starts
        a new mission from the chosen file."""
        window = self.window
        dialog = LibraryDialog(window, catalogue=window.catalogue, sets_owned=settings.sets_owned())
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        self.dialog = dialog

        def accepted():
            path = dialog.chosen_path()
            if path is not None:
                start_from_library(window, path)

        dialog.accepted.connect(accepted)
        # The filter speaks for the player's collection: remember it (Table >
        # Terrain Sets I Own shows the stored number when it opens).
        dialog.sets_filter.currentIndexChanged.connect(
            lambda _i: dialog.sets_filter.currentData() and settings.set_sets_owned(dialog.sets_filter.currentData()))
        dialog.open()
        return dialog
