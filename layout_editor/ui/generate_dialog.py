"""Table > Generate… and File > New Generated Table…: the layout generator
(layout_editor/generate) in a dialog.

The player chooses the game, the boards, the pieces owned (sets or per
piece code, remembered in settings), players and entry zones, symmetry,
density, objectives, areas kept clear and whether the pieces on the table
stay; the generator runs on a thread of its own (it never holds the
window: a progress bar and Cancel while it works) and the candidates come
back side by side, each a small map with its figures. The one picked
replaces the table as ONE undo step (Table > Generate) or starts a new
unsaved mission (File > New Generated Table). Generate again keeps the
options, with the next seed.
"""
from __future__ import annotations

import threading
from dataclasses import replace

from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..catalogue import default_catalogue
from ..games import BOARDING_ACTIONS, KILL_TEAM
from ..generate import GenerateError, Options, generate
from ..model.deployments import presets_for
from ..model.edits import EVERYTHING, Edit
from ..model.placement_edits import region_names
from . import settings
from .analysis_worker import _yield_to_the_window
from .game import GAME_ORDER, game_name
from .i18n import say, tr
from .library_dialog import mission_thumbnail

THUMB = QSize(260, 130)


class _Relay(QObject):
    """Carries the generator thread's news to the UI thread (queued)."""
    progress = Signal(int, int)
    done = Signal(object)


class GenerateDialog(QDialog):
    """The generator's options, its progress and the candidates."""

    def __init__(self, window, new_mission: bool = False):
        super().__init__(window)
        self.window = window
        self.new_mission = new_mission
        self.setObjectName("generateDialog")
        self.setWindowTitle(self.tr("New Generated Table") if new_mission else self.tr("Generate Table"))
        self.catalogue = getattr(window, "catalogue", None) or default_catalogue()
        self.result = None
        self.candidates: list = []
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._relay = _Relay(self)  # goes with the dialog; a late answer then goes nowhere
        self._relay.progress.connect(self._progress)
        self._relay.done.connect(self._done)
        mission = window.document.mission
        self.table = mission

        outer = QHBoxLayout(self)
        form_box = QWidget()
        form = QFormLayout(form_box)
        outer.addWidget(form_box)

        self.game = QComboBox(objectName="generateGame")
        for gid in GAME_ORDER:
            self.game.addItem(game_name(gid), gid)
        self.game.setCurrentIndex(max(self.game.findData(mission.game), 0))
        form.addRow(self.tr("Game:"), self.game)

        self.boards = QComboBox(objectName="generateBoards")
        if not new_mission and mission.boards:
            self.boards.addItem(self.tr("Keep the current boards"), "keep")
        self.boards.addItem(self.tr("Two boards side by side"), "side-by-side")
        self.boards.addItem(self.tr("Two boards end to end"), "end-to-end")
        self.boards.addItem(self.tr("One board"), "one")
        form.addRow(self.tr("Boards:"), self.boards)

        owned = QGroupBox(self.tr("Pieces owned"))
        og = QGridLayout(owned)
        self.by_sets = QRadioButton(self.tr("Sets:"), objectName="generateBySets")
        self.by_piece = QRadioButton(self.tr("Per piece:"), objectName="generateByPiece")
        self.sets = QSpinBox(objectName="generateSets")
        self.sets.setRange(1, settings.MAX_OWNED_SETS)
        self.sets.setValue(settings.owned_sets())
        og.addWidget(self.by_sets, 0, 0)
        og.addWidget(self.sets, 0, 1)
        og.addWidget(self.by_piece, 1, 0, 1, 2)
        remembered = settings.owned_pieces()
        one_set = self.catalogue.per_set(None)
        self.piece_spins: dict[str, QSpinBox] = {}
        for k, code in enumerate(self.catalogue.pieces):
            spin = QSpinBox(objectName=f"generateOwned-{code}")
            spin.setRange(0, settings.MAX_OWNED_PIECE)
            spin.setValue(remembered.get(code, one_set.get(code, 0)))
            self.piece_spins[code] = spin
            og.addWidget(QLabel(self.catalogue.piece(code).label), 2 + k // 2, (k % 2) * 2)
            og.addWidget(spin, 2 + k // 2, (k % 2) * 2 + 1)
        (self.by_piece if settings.owned_by_piece() else self.by_sets).setChecked(True)
        form.addRow(owned)

        self.players = QSpinBox(objectName="generatePlayers")
        self.players.setRange(2, 4)
        self.players.setValue(mission.players)
        form.addRow(self.tr("Players:"), self.players)

        self.zones = QComboBox(objectName="generateZones")
        form.addRow(self.tr("Entry zones:"), self.zones)

        self.symmetry = QComboBox(objectName="generateSymmetry")
        self.symmetry.addItem(self.tr("Half turn"), "point")
        self.symmetry.addItem(self.tr("Mirror"), "line")
        self.symmetry.addItem(self.tr("None"), "none")
        form.addRow(self.tr("Symmetry:"), self.symmetry)

        self.density = QComboBox(objectName="generateDensity")
        self.density.addItem(self.tr("Sparse"), "sparse")
        self.density.addItem(self.tr("Standard"), "standard")
        self.density.addItem(self.tr("Dense"), "dense")
        self.density.setCurrentIndex(1)
        form.addRow(self.tr("Density:"), self.density)

        self.objectives = QSpinBox(objectName="generateObjectives")
        self.objectives.setRange(0, 12)
        self.keep_objectives = QCheckBox(self.tr("Keep those on the table"), objectName="generateKeepObjectives")
        self.keep_objectives.setEnabled(bool(mission.objectives) and not new_mission)
        row = QHBoxLayout()
        row.addWidget(self.objectives)
        row.addWidget(self.keep_objectives)
        form.addRow(self.tr("Objectives:"), row)

        self.clear = QListWidget(objectName="generateClear")
        self.clear.setMaximumHeight(70)
        for name in region_names(mission) if not new_mission else ():
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Unchecked)
            self.clear.addItem(item)
        self.clear.setToolTip(self.tr("Named regions of the table where no terrain may stand"))
        form.addRow(self.tr("Keep clear:"), self.clear)

        self.lock = QCheckBox(self.tr("Keep the pieces on the table and complete around them"),
                              objectName="generateLock")
        self.lock.setEnabled(bool(mission.pieces) and not new_mission)
        form.addRow(self.lock)

        self.spread = QDoubleSpinBox(objectName="generateSpread")
        self.spread.setRange(0.0, 100.0)
        self.spread.setValue(5.0)
        self.spread.setSuffix(" %")
        form.addRow(self.tr("Route spread at most:"), self.spread)
        self.base = QSpinBox(objectName="generateBase")
        self.base.setRange(10, 170)
        self.base.setValue(40)
        self.base.setSuffix(" mm")
        form.addRow(self.tr("Largest base:"), self.base)
        self.allow_sight = QCheckBox(self.tr("Entry zones may see each other"), objectName="generateAllowSight")
        form.addRow(self.allow_sight)
        self.seed = QSpinBox(objectName="generateSeed")
        self.seed.setRange(0, 1_000_000)
        self.seed.setValue(1)
        form.addRow(self.tr("Seed:"), self.seed)

        right = QVBoxLayout()
        outer.addLayout(right, 1)
        self.list = QListWidget(objectName="generatedCandidates")
        self.list.setViewMode(QListWidget.IconMode)
        self.list.setFlow(QListWidget.LeftToRight)
        self.list.setWrapping(True)
        self.list.setResizeMode(QListWidget.Adjust)
        self.list.setIconSize(THUMB)
        self.list.setGridSize(QSize(THUMB.width() + 20, THUMB.height() + 110))
        self.list.setWordWrap(True)
        self.list.setMinimumSize(2 * THUMB.width() + 60, THUMB.height() + 130)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.list.itemDoubleClicked.connect(lambda _item: self.keep())
        right.addWidget(self.list, 1)
        self.said = QLabel(objectName="generateSaid")
        self.said.setWordWrap(True)
        right.addWidget(self.said)
        bar = QHBoxLayout()
        self.progress = QProgressBar(objectName="generateProgress")
        self.progress.setVisible(False)
        bar.addWidget(self.progress, 1)
        self.generate_button = QPushButton(self.tr("&Generate"), objectName="generateButton")
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="generateCancel")
        self.cancel_button.setEnabled(False)
        self.keep_button = QPushButton(self.tr("&Use This Table"), objectName="generateKeep")
        self.close_button = QPushButton(self.tr("Close"), objectName="generateClose")
        for b in (self.generate_button, self.cancel_button, self.keep_button, self.close_button):
            bar.addWidget(b)
        right.addLayout(bar)
        self.generate_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.keep_button.clicked.connect(self.keep)
        self.close_button.clicked.connect(self.reject)

        self.game.currentIndexChanged.connect(self._game_changed)
        self.players.valueChanged.connect(self._fill_zones)
        self.by_sets.toggled.connect(self._owned_mode)
        self._game_changed()
        self._owned_mode()
        self._update_buttons()
        self.resize(1300, 760)  # three candidates side by side

    # -- the options ------------------------------------------------------------
    def _game_changed(self) -> None:
        kt = self.game.currentData() == KILL_TEAM
        self.players.setEnabled(not kt)
        if kt:
            self.players.setValue(2)
        self.objectives.setValue(3 if kt else 4)
        self.boards.setEnabled(not kt)
        self._fill_zones()

    def _fill_zones(self) -> None:
        game = self.game.currentData()
        self.zones.clear()
        for p in presets_for(self.players.value(), game):
            self.zones.addItem(tr(p.name), p.key)
        if self.table.entry_zones and not self.new_mission:
            self.zones.addItem(self.tr("Keep the painted zones"), "keep")
        if self.players.value() == 3 and self.symmetry.currentData() == "point":
            self.symmetry.setCurrentIndex(1)

    def _owned_mode(self) -> None:
        by_piece = self.by_piece.isChecked()
        self.sets.setEnabled(not by_piece)
        for spin in self.piece_spins.values():
            spin.setEnabled(by_piece)

    def options(self) -> Options:
        by_piece = self.by_piece.isChecked()
        pieces = {code: spin.value() for code, spin in self.piece_spins.items()}
        settings.set_owned(by_piece, self.sets.value(), pieces)
        clear_names = {self.clear.item(k).text() for k in range(self.clear.count())
                       if self.clear.item(k).checkState() == Qt.Checked}
        clear = frozenset((r.board, tuple(c)) for r in self.table.regions if r.name in clear_names for c in r.cells)
        keep_objectives = self.keep_objectives.isEnabled() and self.keep_objectives.isChecked()
        return Options(
            game=self.game.currentData(), boards=self.boards.currentData() if self.boards.isEnabled() else "one",
            sets=self.sets.value(), stock=pieces if by_piece else None, players=self.players.value(),
            deployment=self.zones.currentData(), symmetry=self.symmetry.currentData(),
            density=self.density.currentData(), objectives=None if keep_objectives else self.objectives.value(),
            keep_objectives=keep_objectives, clear=clear, spread_pct=self.spread.value(),
            largest_base_mm=float(self.base.value()), allow_sight=self.allow_sight.isChecked(),
            seed=self.seed.value(), count=5, table=self.table,
            lock=self.lock.isEnabled() and self.lock.isChecked())

    # -- the work, off the UI thread ----------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        try:
            options = self.options()
        except GenerateError as e:
            self.said.setText(say(e.phrase))
            return
        self.list.clear()
        self.candidates = []
        self.said.setText(self.tr("Generating…"))
        self.progress.setRange(0, options.count)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self._cancel = threading.Event()
        cancel, relay = self._cancel, self._relay

        catalogue = self.catalogue

        def tell(signal, *args):
            try:
                signal.emit(*args)
            except RuntimeError:  # the dialog was closed meanwhile: nobody to tell
                cancel.set()

        def work():
            _yield_to_the_window()  # the window gets the processor first, as for the live analysis
            try:
                got = generate(options, catalogue, progress=lambda f, t: tell(relay.progress, f, t),
                               cancelled=cancel.is_set)
            except Exception as e:  # said in the dialog (GenerateError in words), never lost on a thread
                got = e
            tell(relay.done, got)

        self._thread = threading.Thread(target=work, name="layout-generator", daemon=True)
        self._thread.start()
        self._update_buttons()

    def cancel(self) -> None:
        self._cancel.set()
        self.said.setText(self.tr("Stopping…"))

    def _progress(self, found: int, tries: int) -> None:
        self.progress.setValue(found)
        self.said.setText(self.tr("Generating… {found} found in {tries} tries").format(found=found, tries=tries))

    def _done(self, got) -> None:
        self._thread = None
        self.progress.setVisible(False)
        if isinstance(got, GenerateError):
            self.said.setText(say(got.phrase))
        elif isinstance(got, Exception):
            self.said.setText(self.tr("The generator stopped: {error}").format(error=str(got)))
        else:
            self.result = got
            self.candidates = list(got.candidates)
            for c in self.candidates:
                item = QListWidgetItem(QIcon(mission_thumbnail(c.mission, THUMB, self.catalogue)),
                                       self.figures_text(c.figures))
                item.setToolTip(c.summary())
                self.list.addItem(item)
            if self.candidates:
                self.list.setCurrentRow(0)
                note = self.tr("Stopped: {n} found.") if got.cancelled else self.tr("{n} found in {s} s.")
                self.said.setText(note.format(n=len(self.candidates), s=f"{got.seconds:.1f}"))
            elif got.cancelled:
                self.said.setText(self.tr("Stopped before a table was found."))
            else:
                self.said.setText(self.tr("No table met the options:") + "\n" +
                                  "\n".join("• " + say(f) for f in got.failures))
            self.seed.setValue(self.seed.value() + 1)  # Generate again: the next tables
        self._update_buttons()

    def figures_text(self, f: dict) -> str:
        turn = ", ".join(f"P{p} {n}" for p, n in f["first_turn"].items())
        sight = self.tr("zones in sight") if f["zones_in_sight"] else self.tr("zones out of sight")
        return "\n".join((
            self.tr("spread {pct} %").format(pct=f"{f['spread_pct']:.1f}"), sight,
            self.tr("objectives in turn one ({inch}\"): {counts}").format(inch=f"{f['first_turn_in']:g}", counts=turn),
            self.tr("sets needed {n}, {panels} walls").format(n=f["sets_needed"], panels=f["panels"])))

    def _update_buttons(self) -> None:
        running = self.running
        self.generate_button.setEnabled(not running)
        self.generate_button.setText(self.tr("Generate &Again") if self.candidates else self.tr("&Generate"))
        self.cancel_button.setEnabled(running)
        self.keep_button.setEnabled(not running and self.list.currentRow() >= 0 and bool(self.candidates))

    # -- keeping one -------------------------------------------------------------------
    def chosen(self):
        row = self.list.currentRow()
        return self.candidates[row] if 0 <= row < len(self.candidates) else None

    def keep(self) -> bool:
        c = self.chosen()
        if c is None or self.running:
            return False
        window = self.window
        if self.new_mission:
            if not window.files.maybe_save():
                return False
            window.document.reset(c.mission, path=None, modified=True)
        else:
            window.document.apply(self.tr("Generate Table"), placed_table, c.mission)
        window.view.fit()
        self.accept()
        return True

    def reject(self) -> None:
        self._cancel.set()
        super().reject()


def placed_table(mission, generated) -> Edit:
    """The table's boards, terrain, objectives and entry zones replaced by a
    generated table's, the mission's texts kept (one undo step)."""
    same_boards = mission.boards == generated.boards
    return Edit(replace(mission, game=generated.game, players=generated.players, sets=generated.sets,
                        boards=generated.boards, pieces=generated.pieces, objectives=generated.objectives,
                        entry_zones=generated.entry_zones,
                        regions=mission.regions if same_boards else ()), EVERYTHING)


class GenerateMenu:
    """Table > Generate… and File > New Generated Table…; the dialog last
    opened is `dialog`."""

    def __init__(self, window):
        self.window = window
        self.dialog: GenerateDialog | None = None
        self.action = QAction(GenerateDialog.tr("&Generate…"), window, objectName="generateTableAction")
        self.action.setStatusTip(GenerateDialog.tr("Make fair tables from the pieces you own"))
        self.action.triggered.connect(lambda: self.open(False))
        window.menu("Table").addAction(self.action)
        self.new_action = QAction(GenerateDialog.tr("New &Generated Table…"), window,
                                  objectName="newGeneratedTableAction")
        self.new_action.setStatusTip(GenerateDialog.tr("Start a new mission on a generated table"))
        self.new_action.triggered.connect(lambda: self.open(True))
        window.menu("File").insertAction(window.files.open_action, self.new_action)

    def open(self, new_mission: bool = False) -> GenerateDialog:
        dialog = GenerateDialog(self.window, new_mission)
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()
        return dialog


__all__ = ["BOARDING_ACTIONS", "GenerateDialog", "GenerateMenu", "placed_table"]
