"""File > Export mission pack…: several mission files as one printed booklet
for an event (layout_editor/export/pack.py draws it).

PackDialog lists the missions in booklet order (add, remove, move up and
down), takes the pack's title, the organiser's line, the paper and the
language of the pack's own headings, says what the pack needs (sets and
boards, as its parts page will), and writes the PDF.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..export import ExportError
from ..export.pack import export_pack, pack_game, pack_parts
from ..games import KILL_TEAM
from ..model.mission import Mission
from . import settings


class PackDialog(QDialog):
    """PackDialog(files=(), parent=None)
      .add_files(paths)   missions in booklet order (files that cannot be
                          loaded are named in red and left out)
      .export_to(path)    write the booklet (ExportError when it cannot)
      .exported(str)      emitted with the written file's path
    """

    exported = Signal(str)

    def __init__(self, files=(), parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export mission pack"))
        self.missions: dict[str, Mission] = {}
        self.written: Path | None = None

        self.list = QListWidget()
        self.list.setMinimumHeight(160)
        add = QPushButton(self.tr("Add missions…"))
        add.clicked.connect(self._browse_missions)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove_selected)
        up = QPushButton(self.tr("Up"))
        up.clicked.connect(lambda: self.move_selected(-1))
        down = QPushButton(self.tr("Down"))
        down.clicked.connect(lambda: self.move_selected(1))
        row = QHBoxLayout()
        for b in (add, self.remove_button, up, down):
            row.addWidget(b)
        row.addStretch(1)

        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(self.tr("Mission pack"))
        self.organiser_edit = QLineEdit()
        self.organiser_edit.setPlaceholderText(self.tr("e.g. Autumn league, run by the club"))
        self.paper_box = QComboBox()
        self.paper_box.addItem("A4", "a4")
        self.paper_box.addItem(self.tr("Letter"), "letter")
        self.language_box = QComboBox()
        self.language_box.addItem("English", "en")
        self.language_box.addItem("Deutsch", "de")
        from .i18n import interface_language
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(interface_language())))
        i = self.paper_box.findData(settings.export_paper())
        self.paper_box.setCurrentIndex(max(i, 0))
        self.path_edit = QLineEdit(str(settings.export_folder() / "mission-pack.pdf"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_output)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)

        form = QFormLayout()
        form.addRow(self.tr("Title"), self.title_edit)
        form.addRow(self.tr("Organiser"), self.organiser_edit)
        form.addRow(self.tr("Paper"), self.paper_box)
        form.addRow(self.tr("Language of the pack's headings"), self.language_box)
        form.addRow(self.tr("Save as"), path_row)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020;")
        self.problems.hide()

        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Save).setText(self.tr("Export"))
        self.buttons.accepted.connect(self._export_clicked)
        self.buttons.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(self.tr("Missions, in the booklet's order (each prints in its own language):")))
        lay.addWidget(self.list, 1)
        lay.addLayout(row)
        lay.addWidget(self.problems)
        lay.addLayout(form)
        lay.addWidget(self.summary)
        lay.addWidget(self.buttons)
        self.resize(620, 560)
        self.add_files(files)

    # -- the missions ---------------------------------------------------------
    def files(self) -> list[str]:
        return [self.list.item(i).data(256) for i in range(self.list.count())]

    def add_files(self, paths) -> None:
        from ..io import MissionLoadError, load_mission
        from .file_handling import load_problem

        problems = []
        for path in paths:
            path = str(path)
            try:
                mission = load_mission(path)
            except MissionLoadError as e:
                problems.append(load_problem(e))
                continue
            except OSError as e:
                problems.append(f"{path}: {e.strerror or e}")
                continue
            self.missions[path] = mission
            item = QListWidgetItem(f"{mission.title}  —  {Path(path).name}")
            item.setData(256, path)
            self.list.addItem(item)
        self.problems.setText("\n".join(problems))
        self.problems.setVisible(bool(problems))
        self._update()

    def remove_selected(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))
        self._update()

    def move_selected(self, step: int) -> None:
        row = self.list.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(to, item)
        self.list.setCurrentRow(to)

    def _update(self) -> None:
        files = self.files()
        ok = bool(files)
        self.buttons.button(QDialogButtonBox.Save).setEnabled(ok)
        if not ok:
            self.summary.setText(self.tr("Add the mission files the pack is to hold."))
            return
        missions = [self.missions[f] for f in files]
        parts = pack_parts(missions)
        # Played one after another on one table (export/pack.py works it out);
        # kill-team missions alone are counted in killzone kits (pack_parts).
        if pack_game(missions) == KILL_TEAM:
            text = self.tr("Missions: {n} · killzone kits for the pack: {sets} · boards: {boards}")
        else:
            text = self.tr("Missions: {n} · terrain sets for the pack: {sets} · boards: {boards}")
        self.summary.setText(text.format(n=len(files), sets=parts.pack_sets, boards=parts.pack_boards))

    # -- writing ----------------------------------------------------------------
    @property
    def paper(self) -> str:
        return self.paper_box.currentData()

    @property
    def language(self) -> str:
        return self.language_box.currentData()

    def export_to(self, path) -> Path:
        files = self.files()
        out = export_pack([self.missions[f] for f in files], path, title=self.title_edit.text(),
                          organiser=self.organiser_edit.text(), paper=self.paper, language=self.language,
                          sources=files)
        settings.set_export_paper(self.paper)
        settings.set_export_folder(Path(out).parent)
        self.written = Path(out)
        self.exported.emit(str(out))
        return self.written

    def _browse_missions(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Add missions"), "",
                                                self.tr("Mission files (*.yaml *.yml);;All files (*)"))
        if paths:
            self.add_files(paths)

    def _browse_output(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export to"), self.path_edit.text(),
                                              self.tr("PDF (*.pdf)"))
        if path:
            if not path.lower().endswith(".pdf"):
                path += ".pdf"
            self.path_edit.setText(path)

    def _export_clicked(self) -> None:
        text = self.path_edit.text().strip()
        if not text:
            self._browse_output()
            text = self.path_edit.text().strip()
            if not text:
                return
        path = Path(text).expanduser()
        if path.exists():
            answer = QMessageBox.question(self, self.tr("Replace file?"),
                                          self.tr("{name} exists. Replace it?").format(name=path.name),
                                          QMessageBox.Yes | QMessageBox.No, QMessageBox.No)
            if answer != QMessageBox.Yes:
                return
        try:
            self.export_to(path)
        except ExportError as e:
            QMessageBox.warning(self, self.tr("Export failed"), str(e))
            return
        self.accept()


def install(window) -> None:
    """File > Export mission pack… in the editor's window; the mission on the
    table is in the list when it has been saved to a file."""
    action = QAction(PackDialog.tr("Export mission pack…"), window)
    action.setObjectName("export-pack")
    action.setStatusTip(PackDialog.tr("Print several missions as one booklet for an event: cover, contents, parts, "
                                      "each mission's card and setup sheet"))

    def do_pack():
        path = window.document.path
        dialog = PackDialog([path] if path else [], window)
        dialog.exported.connect(lambda p: window.show_message(PackDialog.tr("Exported {path}").format(path=p)))
        dialog.exec()

    action.triggered.connect(do_pack)
    window.add_file_action(action)
