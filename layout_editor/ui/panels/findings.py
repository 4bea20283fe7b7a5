"""The findings panel: what the rules check says about the layout, worst
first, with a severity icon and colour each. Clicking a finding asks the
editor to select and centre what it concerns (`findingActivated`).

The panel only shows findings; it never runs the check (LiveAnalysis does,
off the UI thread) and never owns mission state.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ... import memo
from ..i18n import interface_language, number, say, tr
from ..overlays.shapes import SEVERITY_COLOURS

SEVERITY_ORDER = ("error", "warning", "info")
# Count templates (one, many) and filter tips, in English; translated where
# shown, in the "FindingsPanel" context.
SEVERITY_WORDS = {"error": (QT_TRANSLATE_NOOP("FindingsPanel", "{n} error"), QT_TRANSLATE_NOOP("FindingsPanel", "{n} errors")),
                  "warning": (QT_TRANSLATE_NOOP("FindingsPanel", "{n} warning"),
                              QT_TRANSLATE_NOOP("FindingsPanel", "{n} warnings")),
                  "info": (QT_TRANSLATE_NOOP("FindingsPanel", "{n} note"), QT_TRANSLATE_NOOP("FindingsPanel", "{n} notes"))}
SEVERITY_SHOW = {"error": QT_TRANSLATE_NOOP("FindingsPanel", "Show errors"),
                 "warning": QT_TRANSLATE_NOOP("FindingsPanel", "Show warnings"),
                 "info": QT_TRANSLATE_NOOP("FindingsPanel", "Show notes")}
SEVERITY_NAMES = {"error": QT_TRANSLATE_NOOP("FindingsPanel", "Error"), "warning": QT_TRANSLATE_NOOP("FindingsPanel", "Warning"),
                  "info": QT_TRANSLATE_NOOP("FindingsPanel", "Note")}


FINDING_ROLE = Qt.ItemDataRole.UserRole + 1


def severity_icon(severity: str, size: int = 32) -> QIcon:
    """Drawn, not loaded: a red disc with "!" for errors, an amber triangle
    for warnings, a blue disc with "i" for notes; shape and colour both tell,
    for readers who cannot tell red from amber."""
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    colour = SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS["info"])
    p.setPen(QPen(colour.darker(130), size / 16))
    p.setBrush(colour)
    m = size * 0.06
    if severity == "warning":
        tri = QPolygonF([QPointF(size / 2, m), QPointF(size - m, size - m), QPointF(m, size - m)])
        p.drawPolygon(tri)
        mark, y = "!", size * 0.60
    else:
        p.drawEllipse(QRectF(m, m, size - 2 * m, size - 2 * m))
        mark, y = ("!" if severity == "error" else "i"), size * 0.52
    font = QFont()
    font.setBold(True)
    font.setPixelSize(int(size * (0.58 if severity == "warning" else 0.66)))
    path = QPainterPath()
    path.addText(0, 0, font, mark)
    r = path.boundingRect()
    path.translate(size / 2 - r.center().x(), y - r.center().y())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("white") if severity != "warning" else QColor("#3E2723"))
    p.drawPath(path)
    p.end()
    return QIcon(pm)


def _count_text(counts: dict[str, int]) -> str:
    parts = []
    for sev in SEVERITY_ORDER:
        n = counts.get(sev, 0)
        if n:
            one, many = SEVERITY_WORDS[sev]
            parts.append(FindingsPanel.tr(one if n == 1 else many).format(n=n))
    return ", ".join(parts) if parts else FindingsPanel.tr("No problems found")


def _key(finding) -> tuple:
    return (finding.severity, finding.code, finding.message)


# The findings said in the interface's language, by what they say: the
# list is filled again after every edit (a drag, several a second) with
# mostly the same findings, and saying them took 2-3 ms of the window's
# time on eight boards (Python's string formatting, phrase by phrase).
_SAID = memo.Memo("findings panel: the findings said", 1024)


def _said(text) -> str:
    key = (text, interface_language(), number(0.5))  # the language and its decimal sign
    said = _SAID.get(key)
    return said if said is not None else _SAID.put(key, say(text))


class _BalanceTable(QTableWidget):
    """The balance table, saying when its width changed (resized): the
    objectives' names are cut to the room the numbers leave them."""

    resized = Signal()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.resized.emit()


class FindingsPanel(QWidget):
    """findingActivated(finding): the user clicked (or pressed Enter on) a
    finding; the editor selects and centres what it concerns."""

    findingActivated = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("FindingsPanel")
        self._findings: list = []
        self.kill_team = False  # the balance table speaks of drop zones (set_game)
        self._icons = {s: severity_icon(s) for s in SEVERITY_ORDER}

        self._summary = QLabel(FindingsPanel.tr("Checking the layout…"))
        self._summary.setObjectName("findingsSummary")
        font = self._summary.font()
        font.setBold(True)
        self._summary.setFont(font)

        # One toggle per severity: hide the notes while fixing errors.
        self._filters: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self._summary, 1)
        for sev in SEVERITY_ORDER:
            b = QToolButton()
            b.setCheckable(True)
            b.setChecked(True)
            b.setIcon(self._icons[sev])
            b.setIconSize(QSize(16, 16))
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            b.setToolTip(FindingsPanel.tr(SEVERITY_SHOW[sev]))
            b.setAutoRaise(True)
            b.toggled.connect(self._refill)
            self._filters[sev] = b
            bar.addWidget(b)

        self._list = QListWidget()
        self._list.setObjectName("findingsList")
        self._list.setWordWrap(True)
        self._list.setIconSize(QSize(20, 20))
        self._list.setSpacing(1)
        self._list.setAlternatingRowColors(True)
        self._list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self._list.itemClicked.connect(self._activate)
        self._list.itemActivated.connect(self._activate)

        self._status = QLabel("")
        self._status.setObjectName("findingsStatus")
        self._status.setWordWrap(True)
        self._status.setStyleSheet("color: #B00020;")
        self._status.setVisible(False)

        # Balance: how far each player's entry zone is from each objective
        # (route around walls, hatchways as set), the question a designer
        # asks of every symmetric mission.
        self._balance_title = QLabel("")
        self._balance_title.setObjectName("balanceTitle")
        self._balance_title.setFont(font)
        self._balance = _BalanceTable(0, 0)
        self._balance.resized.connect(self._fit_objective_names)
        self._balance_labels: list[tuple[str, str]] = []  # each objective's (id, whole label)
        self._balance_height = 0  # the table's rows and header, without a scroll bar
        self._balance.setObjectName("balanceTable")
        self._balance.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._balance.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self._balance.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._balance.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._balance_note = QLabel("")
        self._balance_note.setObjectName("balanceNote")
        self._balance_note.setWordWrap(True)
        for w in (self._balance_title, self._balance, self._balance_note):
            w.setVisible(False)

        # The findings, and beside them the designer's Hatchways tab
        # (panels/hatchways.py: which single door matters).
        from .hatchways import HatchwaysView
        self.hatchways = HatchwaysView()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("findingsTabs")
        self.tabs.addTab(self._list, FindingsPanel.tr("Findings"))
        self.tabs.addTab(self.hatchways, FindingsPanel.tr("Hatchways"))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addWidget(self.tabs, 3)
        layout.addWidget(self._status)
        layout.addWidget(self._balance_title)
        layout.addWidget(self._balance)
        layout.addWidget(self._balance_note)

    # -- what the editor calls --------------------------------------------------------
    def set_findings(self, findings: Sequence) -> None:
        """Show a new list (worst first). The selected finding stays selected
        if it is still there, so a fix elsewhere does not lose the reader."""
        self._findings = sorted(findings, key=lambda f: SEVERITY_ORDER.index(f.severity)
                                if f.severity in SEVERITY_ORDER else 3)
        self._status.setVisible(False)
        self._refill()

    def show_failure(self, message: str) -> None:
        """The check itself failed: say so instead of showing old findings
        as if they were current."""
        self._status.setText(FindingsPanel.tr("The rules check failed: {message}").format(message=message))
        self._status.setVisible(True)

    def set_game(self, kill_team: bool) -> None:
        """The open mission's game: a Kill Team player deploys in a drop
        zone, not an entry zone."""
        self.kill_team = bool(kill_team)

    # Above this, a spread between the players reads as unfair (the mission
    # library holds its symmetric missions to 10 %).
    UNFAIR_PCT = 10.0
    CELL_PADDING = 10  # px beside a balance cell's text (the cell's margins and a hair)

    def set_balance(self, data) -> None:
        """Show route distances from each player's entry zone to each
        objective (rules.overlays.BalanceData); hidden when the mission
        has no objectives or entry zones yet."""
        show = data is not None and not data.empty
        for w in (self._balance_title, self._balance, self._balance_note):
            w.setVisible(show)
        if not show:
            self._balance_labels = []
            return
        players = list(data.distances)
        table = self._balance
        # Sized to their contents, the rows would be measured again for
        # every cell and header set below (5 ms of the window's time on 16
        # objectives, after every edit): fixed while filled, measured once.
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.clear()
        table.setColumnCount(len(players) + 1)
        table.setRowCount(len(data.objectives) + 1)
        # Short headers: four players and the spread must fit a side panel.
        table.setHorizontalHeaderLabels([tr("P{n}").format(n=p) for p in players] + [FindingsPanel.tr("Spread")])
        for col, p in enumerate(players):
            tip = FindingsPanel.tr("Player {p}: route from their drop zone") if self.kill_team else \
                FindingsPanel.tr("Player {p}: route from their entry zone")
            table.horizontalHeaderItem(col).setToolTip(tip.format(p=p))
        per = data.fairness.get("per_objective", {})
        warm = QColor(SEVERITY_COLOURS["warning"])
        warm.setAlpha(70)

        def cell(row: int, col: int, text: str, tip: str = "", hot: bool = False) -> None:
            item = QTableWidgetItem(text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if tip:
                item.setToolTip(tip)
            if hot:
                item.setBackground(QBrush(warm))
            table.setItem(row, col, item)

        self._balance_labels = []
        for row, (oid, name) in enumerate(data.objectives):
            label = f"{oid} {name}" if name else tr("Objective {oid}").format(oid=oid)
            self._balance_labels.append((oid, label))
            header = QTableWidgetItem(label)  # (cut to its room below: _fit_objective_names)
            header.setToolTip(tr("Objective {oid}").format(oid=oid) + (f": {name}" if name else ""))
            table.setVerticalHeaderItem(row, header)
            for col, p in enumerate(players):
                d = data.distances[p].get(oid)
                tape = data.lengths.get(p, {}).get(oid) if data.lengths else None
                if d is not None and tape is not None:
                    # Kill Team: the move counted in whole-inch increments, the tape's length beside it
                    cell(row, col, number(d, "g") + '" (' + number(tape, ".1f") + '")',
                         FindingsPanel.tr('{move}" counted in whole-inch increments; the tape measures {tape}"').format(
                             move=number(d, "g"), tape=number(tape, ".1f")))
                else:
                    cell(row, col, FindingsPanel.tr("no route") if d is None else number(d, ".1f") + '"',
                         hot=d is None)
            f = per.get(oid, {})
            spread, lo = f.get("spread_in"), f.get("nearest_in")
            pct = 100.0 * spread / lo if spread is not None and lo else None
            cell(row, len(players), "—" if spread is None else number(spread, ".1f") + '"',
                 tip="" if pct is None else FindingsPanel.tr("the farthest player is {pct} % farther").format(pct=f"{pct:.0f}"),
                 hot=pct is not None and pct > self.UNFAIR_PCT)
        last = len(data.objectives)
        table.setVerticalHeaderItem(last, QTableWidgetItem(FindingsPanel.tr("Total")))
        totals = data.fairness.get("totals_in", {})
        for col, p in enumerate(players):
            t = totals.get(p)
            cell(last, col, "—" if t is None else number(t, ".1f") + '"')
        pct = data.fairness.get("total_spread_pct")
        cell(last, len(players), "—" if pct is None else number(pct, ".1f") + " %",
             hot=pct is not None and pct > self.UNFAIR_PCT)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The columns share the width, none narrower than its widest text:
        # a number is never cut to "20…" (four players in a side panel).
        texts = [table.item(r, c).text() for r in range(table.rowCount()) for c in range(table.columnCount())]
        cells = max(table.fontMetrics().horizontalAdvance(t) for t in texts)
        heads = max(table.horizontalHeader().fontMetrics().horizontalAdvance(table.horizontalHeaderItem(c).text())
                    for c in range(table.columnCount()))
        table.horizontalHeader().setMinimumSectionSize(max(cells, heads) + self.CELL_PADDING)
        # As tall as its rows, no taller: the findings list gets the rest.
        table.resizeRowsToContents()
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        self._balance_height = height + sum(table.rowHeight(r) for r in range(table.rowCount()))
        self._fit_objective_names()
        if self.kill_team:
            self._balance_title.setText(FindingsPanel.tr("Routes to the objective markers (hatchways opened, "
                                                         "1\" more per access point)"))
        else:
            self._balance_title.setText(FindingsPanel.tr("Routes to the objectives (hatchways as set)"))
        if pct is None:
            note = FindingsPanel.tr("A player has no route to an objective.")
        elif pct > self.UNFAIR_PCT:
            note = FindingsPanel.tr("Unequal: one player walks {pct} % farther in total; say why in the mission text, "
                       "or even it out.").format(pct=f"{pct:.0f}")
        else:
            note = FindingsPanel.tr("Even: the totals differ by {pct} %.").format(pct=number(pct, ".1f"))
        self._balance_note.setText(note)

    def _fit_objective_names(self) -> None:
        """The objectives' names cut to the room the numbers leave them (the
        table's width less its columns at their narrowest), their ids
        alone where even a cut name has none; whole in their tooltips.
        Only a panel too narrow for the ids and numbers scrolls sideways,
        and the table is then as much taller as its scroll bar."""
        table = self._balance
        if not self._balance_labels:
            return
        numbers = table.columnCount() * table.horizontalHeader().minimumSectionSize() + 2 * table.frameWidth()
        header = table.verticalHeader()
        fm = header.fontMetrics()
        over = 0  # (the header's own margins, learnt from a first try)
        for _ in range(2):
            room = max(table.width() - numbers - self.CELL_PADDING - over, 0)
            for row, (oid, label) in enumerate(self._balance_labels):
                text = fm.elidedText(label, Qt.TextElideMode.ElideRight, room)
                # a name cut to nothing, or to less than its id, says less than the id
                if text != label and (len(text) <= len(oid) + 2 or not text.startswith(oid)):
                    text = oid
                item = table.verticalHeaderItem(row)
                if item is not None and item.text() != text:
                    item.setText(text)
            need = header.sizeHint().width() + numbers
            if need <= table.width():
                break
            over += need - table.width()
        bar = table.horizontalScrollBar().sizeHint().height() if need > table.width() else 0
        table.setFixedHeight(self._balance_height + bar)

    def balance_table(self) -> QTableWidget:
        return self._balance

    def balance_note(self) -> str:
        return self._balance_note.text()

    def findings(self) -> list:
        return list(self._findings)

    def visible_findings(self) -> list:
        return [self._list.item(i).data(FINDING_ROLE) for i in range(self._list.count())
                if self._list.item(i).data(FINDING_ROLE) is not None]

    def summary_text(self) -> str:
        return self._summary.text()

    def list_widget(self) -> QListWidget:
        return self._list

    def item_for(self, finding) -> QListWidgetItem | None:
        for i in range(self._list.count()):
            item = self._list.item(i)
            if item.data(FINDING_ROLE) is finding:
                return item
        return None

    # -- inside -------------------------------------------------------------------------
    def _refill(self) -> None:
        current = self._list.currentItem()
        keep = _key(current.data(FINDING_ROLE)) if current and current.data(FINDING_ROLE) else None
        counts: dict[str, int] = {}
        for f in self._findings:
            counts[f.severity] = counts.get(f.severity, 0) + 1
        self._summary.setText(_count_text(counts))
        for sev, b in self._filters.items():
            b.setText(str(counts.get(sev, 0)))
        self._list.blockSignals(True)
        self._list.clear()
        restore = None
        for f in self._findings:
            if f.severity in self._filters and not self._filters[f.severity].isChecked():
                continue
            text = _said(getattr(f, "phrase", None) or f.message)
            text = text[:1].upper() + text[1:]  # a line in a list reads as a sentence
            item = QListWidgetItem(self._icons.get(f.severity, self._icons["info"]), text)
            item.setData(FINDING_ROLE, f)
            colour = SEVERITY_COLOURS.get(f.severity, SEVERITY_COLOURS["info"])
            bg = QColor(colour)
            bg.setAlpha(28)
            item.setBackground(QBrush(bg))
            # The code is what scripts and `layout-editor validate` print: a
            # player can look it up, so it stays as it is in every language.
            item.setToolTip(f"{FindingsPanel.tr(SEVERITY_NAMES.get(f.severity, f.severity))} ({f.code}): {text}")
            self._list.addItem(item)
            if keep is not None and _key(f) == keep:
                restore = item
        if not self._findings:
            item = QListWidgetItem(FindingsPanel.tr("The layout breaks no rule the check knows."))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self._list.addItem(item)
        if restore is not None:
            self._list.setCurrentItem(restore)
        self._list.blockSignals(False)

    def _activate(self, item: QListWidgetItem) -> None:
        finding = item.data(FINDING_ROLE)
        if finding is not None:
            self.findingActivated.emit(finding)
