"""File > Export… and File > Import share code…

ExportDialog shows the pages exactly as they will be written: the same
display lists the PDF is drawn from (layout_editor.export.build_pages) are
rasterised for the preview, since PySide6-Essentials has no PDF renderer.
ImportShareCodeDialog checks a pasted share code as it is typed and hands
back the mission it holds.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMargins, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QImage, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..export import EXTENSIONS, LAYOUT_NAMES, LAYOUTS, ExportError, build_pages, export_file, render_image
from ..io.share_code import ShareCodeError, decode, encode
from ..model.mission import Mission
from . import i18n, settings

PREVIEW_DPI = 60.0  # the least resolution a preview is rendered at




def pil_to_qimage(img) -> QImage:
    img = img.convert("RGB")
    data = img.tobytes("raw", "RGB")
    q = QImage(data, img.width, img.height, 3 * img.width, QImage.Format_RGB888)
    return q.copy()  # own the pixels: `data` goes away with this frame


class ExportDialog(QDialog):
    """Choose a layout and paper, look at every page, save.

    ExportDialog(mission, source_path=None, parent=None)
      .exported(str)  emitted with the written file's path
      .exec()         the dialog stays open after an export (for the next
                      layout) until the player closes it
    """

    exported = Signal(str)

    def __init__(self, mission: Mission, source_path=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export mission"))
        self.mission = mission
        self.source_path = Path(source_path) if source_path else None
        self._pages = []
        self._images: dict[int, QImage] = {}
        self._page = 0
        self._path_edited = False
        self.written: Path | None = None

        self.layout_box = QComboBox()
        for key in LAYOUTS:
            # The names live with the exporter (the command line lists them
            # too); the dialog says them in the interface's language.
            self.layout_box.addItem(i18n.tr(LAYOUT_NAMES[key]), key)
        self.paper_box = QComboBox()
        self.paper_box.addItem("A4", "a4")
        self.paper_box.addItem(self.tr("Letter"), "letter")
        self._select(self.layout_box, settings.export_layout())
        self._select(self.paper_box, settings.export_paper())
        self.path_edit = QLineEdit()
        self.path_edit.textEdited.connect(self._on_path_edited)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)

        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: #4a4f57;")
        # Said before exporting: text the fonts cannot print (named), so a
        # card does not come out with boxes or reversed words unannounced.
        self.cannot_print = QLabel()
        self.cannot_print.setObjectName("cannotPrint")
        self.cannot_print.setWordWrap(True)
        self.cannot_print.setStyleSheet("color: #b00020;")
        self.cannot_print.hide()
        self.copy_code = QPushButton(self.tr("Copy share code"))
        self.copy_code.setToolTip(self.tr("Copy the whole mission as one line of text for chats and forums"))
        self.copy_code.clicked.connect(self._copy_share_code)

        form = QFormLayout()
        form.addRow(self.tr("Layout"), self.layout_box)
        form.addRow(self.tr("Paper"), self.paper_box)
        form.addRow(self.tr("Save as"), path_row)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.about)
        left.addWidget(self.cannot_print)
        # What the last export wrote (the dialog stays open for the next).
        self.done_label = QLabel()
        self.done_label.setObjectName("exportedLabel")
        self.done_label.setWordWrap(True)
        self.done_label.setStyleSheet("color: #0b6b3a;")
        self.done_label.hide()
        left.addWidget(self.done_label)
        left.addStretch(1)
        left.addWidget(self.copy_code)

        # The whole page, scaled to fit: what matters is how the page is laid out.
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignCenter)
        self.preview.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        self.preview.setMinimumSize(560, 420)
        self.preview.setStyleSheet("background: #7b8088;")
        self.prev_button = QPushButton(self.tr("◀ Previous"))
        self.next_button = QPushButton(self.tr("Next ▶"))
        self.page_label = QLabel()
        self.page_label.setAlignment(Qt.AlignCenter)
        self.prev_button.clicked.connect(lambda: self.show_page(self._page - 1))
        self.next_button.clicked.connect(lambda: self.show_page(self._page + 1))
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.page_label, 1)
        nav.addWidget(self.next_button)
        right = QVBoxLayout()
        right.addWidget(self.preview, 1)
        right.addLayout(nav)

        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Save).setText(self.tr("Export"))
        self.buttons.accepted.connect(self._export_clicked)
        self.buttons.rejected.connect(self.reject)

        body = QHBoxLayout()
        side = QWidget()
        side.setLayout(left)
        side.setFixedWidth(300)
        body.addWidget(side)
        body.addLayout(right, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.buttons)
        self.resize(1000, 680)

        # Re-render once the choice settles, not on every intermediate step.
        self._rebuild_timer = QTimer(self, singleShot=True, interval=0)
        self._rebuild_timer.timeout.connect(self.rebuild)
        self.layout_box.currentIndexChanged.connect(self._options_changed)
        self.paper_box.currentIndexChanged.connect(self._options_changed)
        self._suggest_path()
        self.rebuild()

    # -- options ---------------------------------------------------------------
    @staticmethod
    def _select(box: QComboBox, key) -> None:
        i = box.findData(key)
        if i >= 0:
            box.setCurrentIndex(i)

    @property
    def layout_key(self) -> str:
        return self.layout_box.currentData()

    @property
    def paper(self) -> str:
        return self.paper_box.currentData()

    def set_layout(self, key: str) -> None:
        self._select(self.layout_box, key)
        self.rebuild()

    def set_paper(self, key: str) -> None:
        self._select(self.paper_box, key)
        self.rebuild()

    def _options_changed(self) -> None:
        self._suggest_path()
        self._rebuild_timer.start()

    def _on_path_edited(self, _text: str) -> None:
        self._path_edited = True

    def _suggest_path(self) -> None:
        """Beside the mission file, named after it and the layout; the
        extension follows the layout unless the user typed a name."""
        ext = EXTENSIONS[self.layout_key]
        current = self.path_edit.text().strip()
        if self._path_edited and current:
            p = Path(current)
            self.path_edit.setText(str(p.with_suffix(ext)))
            return
        if self.source_path:
            folder, stem = self.source_path.parent, self.source_path.stem
        else:
            folder = settings.export_folder()
            stem = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in self.mission.title).strip() \
                or "mission"
        suffix = {"card": "", "map-svg": "-map", "map-png": "-map", "uvtt": "", "html": ""}.get(
            self.layout_key, f"-{self.layout_key}")
        self.path_edit.setText(str(folder / f"{stem}{suffix}{ext}"))

    def _browse(self) -> None:
        ext = EXTENSIONS[self.layout_key]
        kinds = {".pdf": self.tr("PDF (*.pdf)"), ".svg": self.tr("SVG image (*.svg)"),
                 ".png": self.tr("PNG image (*.png)"),
                 ".dd2vtt": self.tr("Universal VTT map (*.dd2vtt)"), ".html": self.tr("Web page (*.html)")}
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export to"), self.path_edit.text(), kinds[ext])
        if path:
            if not path.lower().endswith(ext):
                path += ext
            self.path_edit.setText(path)
            self._path_edited = True

    # -- preview -----------------------------------------------------------------
    def rebuild(self) -> None:
        """Lay the pages out again for the chosen layout and paper."""
        self._rebuild_timer.stop()
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            self._pages = build_pages(self.mission, self.layout_key, self.paper,
                                      str(self.source_path) if self.source_path else None)
            self._images = {}
            error = None
        except ExportError as e:
            self._pages, error = [], str(e)
        finally:
            QApplication.restoreOverrideCursor()
        self.buttons.button(QDialogButtonBox.Save).setEnabled(bool(self._pages))
        if error:
            self.preview.setPixmap(QPixmap())
            self.preview.setText(error)
            self.page_label.setText("")
            self.about.setText(error)
            return
        self.about.setText(self._describe())
        self._warn_unprintable()
        self.show_page(0)

    def _warn_unprintable(self) -> None:
        from ..export.fonts import unprintable_warning
        from .i18n import say

        warning = unprintable_warning(self.mission)
        self.cannot_print.setVisible(warning is not None)
        self.cannot_print.setText(say(warning) if warning is not None else "")

    def _describe(self) -> str:
        n = len(self._pages)
        key = self.layout_key
        if key in ("map-svg", "map-png"):
            return self.tr("The map alone, for forums and chats.")
        if key == "uvtt":
            return self.tr("The map for virtual tabletops (Foundry VTT, Roll20 and others, through their Universal "
                           "VTT importers): the map image with its grid of zones, walls and pillars that block "
                           "sight, and a door for each hatchway.")
        if key == "html":
            return self.tr("One web page that opens offline on any phone or computer: the map (tap a hatchway to "
                           "open or close it, switch layers, zoom with two fingers), the texts, the parts and the "
                           "share code. The preview shows its map.")
        pages = self.tr("1 page") if n == 1 else self.tr("{n} pages").format(n=n)
        about = {
            "tabletop": self.tr("Print at 100 % (actual size), never \"fit to page\": each sheet has a 50 mm bar "
                                "to check the print with a ruler."),
            "cards": self.tr("Poker-size cards (63 x 88 mm), nine to a page; cut along the marks."),
            "setup": self.tr("The parts list and where every piece goes, board by board."),
            "card": self.tr("The map, legend and mission texts to play from."),
            "designer": self.tr("Why the mission is fair: the balance and hatchway tables, what each "
                                "player's entry zone sees of the enemy, and how far the first turn reaches."),
        }.get(key, "")
        text = f"{pages}. {about}"
        return text

    def page_count(self) -> int:
        return len(self._pages)

    def _preview_dpi(self, index: int) -> float:
        """Enough resolution for the page as large as the preview shows it
        (on a high-density screen too), within what renders quickly."""
        page = self._pages[index]
        size = self.preview.size()
        fit = min(size.width() / page.width, size.height() / page.height) * 72.0
        return max(PREVIEW_DPI, min(150.0, fit * self.devicePixelRatioF()))

    def page_image(self, index: int) -> QImage:
        """The preview of one page (rendered once, then kept)."""
        if index not in self._images:
            self._images[index] = pil_to_qimage(render_image(self._pages[index], dpi=self._preview_dpi(index)))
        return self._images[index]

    def _fit_pixmap(self) -> None:
        if not self._pages or self._page not in self._images:
            return
        pix = QPixmap.fromImage(self._images[self._page])
        pix.setDevicePixelRatio(1.0)
        room = self.preview.size() * self.devicePixelRatioF()
        scaled = pix.scaled(room.shrunkBy(QMargins(12, 12, 12, 12)), Qt.KeepAspectRatio,
                            Qt.SmoothTransformation)
        scaled.setDevicePixelRatio(self.devicePixelRatioF())
        self.preview.setPixmap(scaled)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_pixmap()

    @property
    def current_page(self) -> int:
        return self._page

    def show_page(self, index: int) -> None:
        if not self._pages:
            return
        self._page = max(0, min(index, len(self._pages) - 1))
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            image = self.page_image(self._page)
        finally:
            QApplication.restoreOverrideCursor()
        del image
        self._fit_pixmap()
        self.page_label.setText(self.tr("Page {page} of {pages}").format(page=self._page + 1,
                                                                         pages=len(self._pages)))
        self.prev_button.setEnabled(self._page > 0)
        self.next_button.setEnabled(self._page + 1 < len(self._pages))

    # -- export ---------------------------------------------------------------------
    def export_to(self, path) -> Path:
        """Write the chosen layout to `path` (ExportError when it cannot)."""
        out = export_file(self.mission, path, layout=self.layout_key, paper=self.paper,
                          source=str(self.source_path) if self.source_path else None)
        settings.set_export(self.layout_key, self.paper, Path(out).parent)
        self.written = Path(out)
        self.exported.emit(str(out))
        return self.written

    def _export_clicked(self) -> None:
        text = self.path_edit.text().strip()
        if not text:
            self._browse()
            text = self.path_edit.text().strip()
            if not text:
                return
        path = Path(text).expanduser()
        if path.exists():
            answer = QMessageBox.question(self, self.tr("Replace file?"), self.tr("{name} exists. Replace it?").format(name=path.name),
                                          QMessageBox.Yes | QMessageBox.No, QMessageBox.No)
            if answer != QMessageBox.Yes:
                return
        try:
            self.export_to(path)
        except ExportError as e:
            QMessageBox.warning(self, self.tr("Export failed"), str(e))
            return
        # The dialog stays open: the next layout is one choice away (a
        # player printing card, setup sheet and cards goes round once).
        self.done_label.setText(self.tr("✓ Exported {name}").format(name=self.written.name))
        self.done_label.setToolTip(str(self.written))
        self.done_label.show()
        self.buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Close"))

    def _copy_share_code(self) -> None:
        QGuiApplication.clipboard().setText(encode(self.mission))
        self.copy_code.setText(self.tr("Share code copied ✓"))


class ImportShareCodeDialog(QDialog):
    """Paste a share code; OK is enabled once it holds a usable mission.

    ImportShareCodeDialog(parent=None); after exec() == Accepted, `.mission`.
    ImportShareCodeDialog.get_mission(parent) -> Mission | None does both.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import share code"))
        self.mission: Mission | None = None
        self.edit = QPlainTextEdit()
        self.edit.setPlaceholderText(self.tr("Paste a share code (it starts with BAM1)"))
        self.edit.setMinimumSize(460, 140)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText(self.tr("Import"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        paste = QPushButton(self.tr("Paste"))
        paste.clicked.connect(lambda: self.edit.setPlainText(QGuiApplication.clipboard().text()))
        self.buttons.addButton(paste, QDialogButtonBox.ActionRole)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(self.tr("A share code holds a whole mission. Importing it opens the mission as a "
                                     "new, unsaved file.")))
        lay.addWidget(self.edit, 1)
        lay.addWidget(self.status)
        lay.addWidget(self.buttons)
        self.edit.textChanged.connect(self._check)
        self._check()

    def _check(self) -> None:
        text = self.edit.toPlainText()
        ok = self.buttons.button(QDialogButtonBox.Ok)
        self.mission = None
        if not text.strip():
            self.status.setText("")
            ok.setEnabled(False)
            return
        try:
            self.mission = decode(text)
        except ShareCodeError as e:
            self.status.setStyleSheet("color: #b00020;")
            from .i18n import say  # the reason is a phrase: said in the interface's language
            self.status.setText(self.tr("Not usable: {reason}").format(reason=say(e.phrase)))
            ok.setEnabled(False)
            return
        m = self.mission
        self.status.setStyleSheet("color: #0b6b3a;")
        from .game import is_kill_team
        if is_kill_team(m):
            text = self.tr("✓ {title} — Kill Team, {players} players, {boards} killzone board, {pieces} pieces, "
                           "{objectives} objective markers")
        else:
            text = self.tr("✓ {title} — {players} players, {boards} boards, {pieces} pieces, "
                           "{objectives} objectives")
        self.status.setText(text.format(
            title=m.title, players=m.players, boards=len(m.boards), pieces=len(m.pieces),
            objectives=len(m.objectives)))
        ok.setEnabled(True)

    @classmethod
    def get_mission(cls, parent: QWidget | None = None) -> Mission | None:
        dialog = cls(parent)
        if dialog.exec() == QDialog.Accepted:
            return dialog.mission
        return None


def install(window) -> list[QAction]:
    """File > Export…, Copy share code, Import share code… and Import share
    code from image… in the editor's window; their actions, in that order."""
    export = QAction(ExportDialog.tr("Export…"), window)
    export.setObjectName("export")
    export.setShortcut(QKeySequence("Ctrl+E"))
    export.setStatusTip(ExportDialog.tr("Print the mission: card, setup sheet, tabletop sheets, cards, or the map as an image"))

    def do_export():
        dialog = ExportDialog(window.document.mission, window.document.path, window)
        dialog.exported.connect(lambda path: window.show_message(ExportDialog.tr("Exported {path}").format(path=path)))
        dialog.exec()

    export.triggered.connect(do_export)
    window.add_file_action(export)

    from .pack_dialog import install as install_pack
    install_pack(window)

    copy = QAction(ExportDialog.tr("Copy share code"), window)
    copy.setObjectName("copy-share-code")
    copy.setStatusTip(ExportDialog.tr("Copy the whole mission as one line of text for chats and forums"))

    def do_copy():
        code = encode(window.document.mission)
        QGuiApplication.clipboard().setText(code)
        window.show_message(ExportDialog.tr("Share code copied ({n} characters): paste it into a chat or a forum post, "
                               "and File > Import share code… opens it").format(n=len(code)), 8000)

    copy.triggered.connect(do_copy)
    window.add_file_action(copy)

    imp = QAction(ExportDialog.tr("Import share code…"), window)
    imp.setObjectName("import-share-code")
    imp.setStatusTip(ExportDialog.tr("Open a mission someone shared as a share code"))

    def do_import():
        if not window.files.maybe_save():
            return
        mission = ImportShareCodeDialog.get_mission(window)
        if mission is not None:
            window.document.reset(mission, path=None, modified=True)
            window.show_message(ExportDialog.tr("Imported {title} from a share code").format(title=mission.title))

    imp.triggered.connect(do_import)
    window.add_file_action(imp)

    pic = QAction(ExportDialog.tr("Import share code from image…"), window)
    pic.setObjectName("import-share-code-image")
    pic.setStatusTip(ExportDialog.tr("Open a mission from a photo or screenshot of its card's QR code"))

    def do_import_image():
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from ..export.qr_read import NoCodeInImage, mission_from_image

        if not window.files.maybe_save():
            return
        path, _filter = QFileDialog.getOpenFileName(
            window, ExportDialog.tr("Import share code from image"), "",
            ExportDialog.tr("Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif *.tif *.tiff);;All files (*)"))
        if not path:
            return
        try:
            mission = mission_from_image(path)
        except (NoCodeInImage, OSError, MemoryError):
            # Every picture that cannot be read, is too large or holds no
            # code gets this one message (qr_read makes each a NoCodeInImage).
            QMessageBox.warning(window, ExportDialog.tr("Import share code from image"),
                                ExportDialog.tr("No share code found in {file}. Photograph the QR code on the back of the "
                                   "card straight on, filling much of the picture, in even light.").format(
                                    file=path))
            return
        except ShareCodeError as e:
            from .i18n import say
            QMessageBox.warning(window, ExportDialog.tr("Import share code from image"),
                                ExportDialog.tr("The QR code holds a share code that cannot be used: {reason}").format(
                                    reason=say(e.phrase)))
            return
        window.document.reset(mission, path=None, modified=True)
        window.show_message(ExportDialog.tr("Imported {title} from a picture of its QR code").format(title=mission.title))

    pic.triggered.connect(do_import_image)
    window.add_file_action(pic)
    return [export, copy, imp, pic]
