"""The mission panel: the card's texts. Title, author, players, the card's
language, battle rounds, points, the objective spacing rule, briefing, rule
sections and victory conditions.

A Kill Team mission has no battle rounds and no points: its length is in
turning points (a new killzone mission has 4) and its victory points come
from its ops, each with the victory points it scores; the panel shows those
fields instead (and two players only) while the open mission is for Kill
Team.

Every change is an undo step; typing into one field merges into one step
until another edit comes between. When undo or another part of the editor
changes a text, the panel shows it (without disturbing the field being
typed in when it already holds that text).
"""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..model import edits
from ..model.mission import ObjectiveSpacing, Op, Section
from .game import is_kill_team
from .i18n import tr

# The languages the printed pages have their own words for
# (export/words.py); a file may name any other, which is then kept and shown.
CARD_LANGUAGES = (("en", QT_TRANSLATE_NOOP("MissionPanel", "English")), ("de", QT_TRANSLATE_NOOP("MissionPanel", "Deutsch")))


def _text_edit(height: int = 90) -> QPlainTextEdit:
    e = QPlainTextEdit()
    e.setTabChangesFocus(True)
    e.setMinimumHeight(height)
    return e


class MissionPanel(QScrollArea):
    def __init__(self, services):
        super().__init__()
        self.services = services
        self.document = services.document
        self._updating = False
        self.setWidgetResizable(True)
        body = QWidget()
        self.setWidget(body)
        outer = QVBoxLayout(body)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        outer.addLayout(form)

        self.title = QLineEdit()
        self.title.setPlaceholderText(self.tr("The mission's name"))
        self.title.textEdited.connect(self._title_edited)
        form.addRow(self.tr("&Title"), self.title)
        self.author = QLineEdit()
        self.author.textEdited.connect(lambda t: self._field("author", t.strip() or None, self.tr("Edit Author")))
        form.addRow(self.tr("&Author"), self.author)
        self.players = QComboBox()
        self.players.addItems([self.tr("2 players"), self.tr("3 players"), self.tr("4 players")])
        self.players.activated.connect(lambda i: self._field("players", i + 2, self.tr("Change Players"), merge=False))
        form.addRow(self.tr("&Players"), self.players)
        self.language = QComboBox()
        self.language.setToolTip(self.tr("The language the mission's texts are written in: "
                                          "the printed card uses it for its headings and legend"))
        self.language.activated.connect(
            lambda i: self._field("language", self.language.itemData(i), self.tr("Change Card Language"),
                                  merge=False))
        form.addRow(self.tr("Card &language"), self.language)
        self.rounds = QSpinBox()
        self.rounds.setRange(0, 20)
        self.rounds.setSpecialValueText(self.tr("not set"))
        self.rounds.valueChanged.connect(lambda v: self._text("battle_rounds", v or None, self.tr("Edit Battle Rounds")))
        form.addRow(self.tr("Battle &rounds"), self.rounds)
        self.points = QSpinBox()
        self.points.setRange(0, 10000)
        self.points.setSingleStep(50)
        self.points.setSpecialValueText(self.tr("not set"))
        self.points.valueChanged.connect(lambda v: self._text("points", v or None, self.tr("Edit Points")))
        form.addRow(self.tr("P&oints"), self.points)
        # Kill Team: the battle's length in turning points.
        self.turning_points = QSpinBox()
        self.turning_points.setRange(0, 20)
        self.turning_points.setSpecialValueText(self.tr("not set"))
        self.turning_points.setToolTip(self.tr("How many turning points the Kill Team battle lasts (usually 4)"))
        self.turning_points.valueChanged.connect(
            lambda v: self._text("turning_points", v or None, self.tr("Edit Turning Points")))
        form.addRow(self.tr("T&urning points"), self.turning_points)
        self.form = form
        # mission.objective_spacing: checked by the rules (Findings) when set.
        self.spacing_between = self._inches(self.tr("Objective markers at least this far apart, measured "
                                                    "between their nearest edges; the Findings say when not"))
        self.spacing_between.valueChanged.connect(lambda v: self._spacing("between_in", v))
        form.addRow(self.tr("Objectives &apart"), self.spacing_between)
        self.spacing_edge = self._inches(self.tr("Objective markers at least this far from a battlefield "
                                                 "edge; the Findings say when not"))
        self.spacing_edge.valueChanged.connect(lambda v: self._spacing("edge_in", v))
        form.addRow(self.tr("Objectives from &edge"), self.spacing_edge)

        self.briefing = _text_edit(110)
        self.briefing.textChanged.connect(
            lambda: self._text("briefing", self.briefing.toPlainText(), self.tr("Edit Briefing")))
        outer.addWidget(QLabel("<b>{}</b>".format(tr("Briefing"))))  # the card's heading too
        outer.addWidget(self.briefing)

        outer.addWidget(self._build_ops())

        box = QGroupBox(self.tr("Rule sections"))
        bl = QVBoxLayout(box)
        self.sections = QListWidget()
        self.sections.setMaximumHeight(90)
        self.sections.currentRowChanged.connect(self._show_section)
        bl.addWidget(self.sections)
        row = QHBoxLayout()
        self.add_section = QPushButton(self.tr("Add section"))
        self.add_section.clicked.connect(self._add_section)
        self.remove_section = QPushButton(self.tr("Remove"))
        self.remove_section.clicked.connect(self._remove_section)
        row.addWidget(self.add_section)
        row.addWidget(self.remove_section)
        row.addStretch(1)
        bl.addLayout(row)
        self.section_title = QLineEdit()
        self.section_title.setPlaceholderText(self.tr("Section title, e.g. Mission rules"))
        self.section_title.textEdited.connect(self._section_title_edited)
        bl.addWidget(self.section_title)
        self.section_text = _text_edit(90)
        self.section_text.textChanged.connect(self._section_text_edited)
        bl.addWidget(self.section_text)
        outer.addWidget(box)

        self.victory = _text_edit(80)
        self.victory.textChanged.connect(
            lambda: self._text("victory", self.victory.toPlainText(), self.tr("Edit Victory Conditions")))
        outer.addWidget(QLabel("<b>{}</b>".format(tr("Victory conditions"))))
        outer.addWidget(self.victory)
        outer.addStretch(1)

        self._kill_team: bool | None = None  # the game the fields were last shown for
        self.document.changed.connect(self._on_change)
        self.refresh()

    def _build_ops(self) -> QGroupBox:
        """Kill Team: the mission's ops, each with its victory points."""
        box = self.ops_box = QGroupBox(self.tr("Ops and victory points"))
        box.setToolTip(self.tr("Kill Team: what the operatives do to score, and the victory points each op scores"))
        bl = QVBoxLayout(box)
        self.ops = QListWidget()
        self.ops.setObjectName("opsList")
        self.ops.setMaximumHeight(90)
        self.ops.currentRowChanged.connect(self._show_op)
        bl.addWidget(self.ops)
        row = QHBoxLayout()
        self.add_op = QPushButton(self.tr("Add op"))
        self.add_op.clicked.connect(self._add_op)
        self.remove_op = QPushButton(self.tr("Remove"))
        self.remove_op.clicked.connect(self._remove_op)
        row.addWidget(self.add_op)
        row.addWidget(self.remove_op)
        row.addStretch(1)
        bl.addLayout(row)
        fields = QFormLayout()
        self.op_name = QLineEdit()
        self.op_name.setPlaceholderText(self.tr("The op's name, e.g. Seize the relay"))
        self.op_name.textEdited.connect(self._op_name_edited)
        fields.addRow(self.tr("&Name"), self.op_name)
        self.op_vp = QSpinBox()
        self.op_vp.setRange(0, 99)
        self.op_vp.setSpecialValueText(self.tr("not set"))
        self.op_vp.setSuffix(self.tr(" VP"))
        self.op_vp.setToolTip(self.tr("The victory points the op scores"))
        self.op_vp.valueChanged.connect(self._op_vp_changed)
        fields.addRow(self.tr("&Victory points"), self.op_vp)
        bl.addLayout(fields)
        self.op_text = _text_edit(70)
        self.op_text.setPlaceholderText(self.tr("How the op is scored"))
        self.op_text.textChanged.connect(self._op_text_edited)
        bl.addWidget(self.op_text)
        return box

    def _show_game(self, kill_team: bool) -> None:
        """Show the fields of the mission's game, hide the other's."""
        self._kill_team = kill_team
        for widget, shown in ((self.rounds, not kill_team), (self.points, not kill_team),
                              (self.turning_points, kill_team)):
            self.form.setRowVisible(widget, shown)
        self.ops_box.setVisible(kill_team)
        self.players.setEnabled(not kill_team)
        self.players.setToolTip(self.tr("Kill Team is played by two players") if kill_team else "")

    def _inches(self, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(0, 1000)  # as the file allows
        box.setDecimals(1)
        box.setSingleStep(1)
        box.setSuffix("\u2033")
        box.setSpecialValueText(self.tr("not checked"))
        box.setToolTip(tip)
        return box

    # -- from the mission -------------------------------------------------------
    def _on_change(self, change) -> None:
        if change.everything or change.text or change.entry_zones:
            self.refresh()

    def refresh(self) -> None:
        m = self.document.mission
        t = m.mission
        self._updating = True
        try:
            kill_team = is_kill_team(m)
            if kill_team != self._kill_team:
                self._show_game(kill_team)
            if self.turning_points.value() != (t.turning_points or 0):
                self.turning_points.setValue(t.turning_points or 0)
            self._refresh_ops(t.ops)
            _set_line(self.title, m.title)
            _set_line(self.author, m.author or "")
            self.players.setCurrentIndex(max(0, min(2, m.players - 2)))
            if self.rounds.value() != (t.battle_rounds or 0):
                self.rounds.setValue(t.battle_rounds or 0)
            if self.points.value() != (t.points or 0):
                self.points.setValue(t.points or 0)
            self._show_language(m.language)
            spacing = t.objective_spacing or ObjectiveSpacing()
            for box, value in ((self.spacing_between, spacing.between_in), (self.spacing_edge, spacing.edge_in)):
                if abs(box.value() - (value or 0)) > 1e-9:
                    box.setValue(value or 0)
            _set_plain(self.briefing, t.briefing or "")
            _set_plain(self.victory, t.victory or "")
            row = self.sections.currentRow()
            names = [s.title or self.tr("(untitled)") for s in t.sections]
            if self.sections.count() == len(names):
                # Rename in place: rebuilding the list would move the cursor
                # of the title being typed.
                for i, name in enumerate(names):
                    if self.sections.item(i).text() != name:
                        self.sections.item(i).setText(name)
            else:
                self.sections.blockSignals(True)
                self.sections.clear()
                self.sections.addItems(names)
                self.sections.blockSignals(False)
            if t.sections:
                row = min(max(row, 0), len(t.sections) - 1)
                if self.sections.currentRow() != row:
                    self.sections.setCurrentRow(row)
            self._show_section(self.sections.currentRow())
        finally:
            self._updating = False

    def _refresh_ops(self, ops) -> None:
        names = [self._op_label(op) for op in ops]
        if self.ops.count() == len(names):
            for i, name in enumerate(names):
                if self.ops.item(i).text() != name:
                    self.ops.item(i).setText(name)
        else:
            row = self.ops.currentRow()
            self.ops.blockSignals(True)
            self.ops.clear()
            self.ops.addItems(names)
            self.ops.blockSignals(False)
            if ops:
                self.ops.setCurrentRow(min(max(row, 0), len(ops) - 1))
        self._show_op(self.ops.currentRow())

    def _op_label(self, op) -> str:
        name = op.name or self.tr("(untitled)")
        return self.tr("{0} · {1} VP").format(name, op.vp) if op.vp is not None else name

    def _show_op(self, row: int) -> None:
        ops = self.document.mission.mission.ops
        has = 0 <= row < len(ops)
        was = self._updating
        self._updating = True
        try:
            _set_line(self.op_name, ops[row].name if has else "")
            vp = (ops[row].vp or 0) if has else 0
            if self.op_vp.value() != vp:
                self.op_vp.setValue(vp)
            _set_plain(self.op_text, ops[row].text if has else "")
        finally:
            self._updating = was
        for w in (self.op_name, self.op_vp, self.op_text, self.remove_op):
            w.setEnabled(has)

    def _show_section(self, row: int) -> None:
        sections = self.document.mission.mission.sections
        has = 0 <= row < len(sections)
        was = self._updating
        self._updating = True
        try:
            _set_line(self.section_title, sections[row].title if has else "")
            _set_plain(self.section_text, sections[row].text if has else "")
        finally:
            self._updating = was
        self.section_title.setEnabled(has)
        self.section_text.setEnabled(has)
        self.remove_section.setEnabled(has)

    def _show_language(self, language: str | None) -> None:
        self.language.clear()
        self.language.addItem(self.tr("not set (English headings)"), None)
        for code, name in CARD_LANGUAGES:
            self.language.addItem(f"{self.tr(name)} ({code})", code)
        if language is not None and language not in dict(CARD_LANGUAGES):
            self.language.addItem(language, language)  # as the file names it
        self.language.setCurrentIndex(max(0, self.language.findData(language)))

    # -- to the mission ------------------------------------------------------------
    def _title_edited(self, text: str) -> None:
        if not text.strip():
            self.services.status(self.tr("A mission needs a title; the last one is kept until you type one"))
            return
        self._field("title", text, self.tr("Edit Title"))

    def _field(self, name: str, value, text: str, merge: bool = True) -> None:
        if self._updating or getattr(self.document.mission, name) == value:
            return
        self.document.apply(text, edits.set_mission_fields, **{name: value},
                            merge_key=("field", name) if merge else None)

    def _text(self, name: str, value, text: str) -> None:
        if self._updating:
            return
        if isinstance(value, str) and not value.strip():
            value = None
        if getattr(self.document.mission.mission, name) == value:
            return
        self.document.apply(text, edits.set_mission_text, **{name: value}, merge_key=("text", name))

    def _spacing(self, key: str, value: float) -> None:
        """One objective spacing distance; 0 is not checked. Typing in one
        field (or stepping it) is one undo step."""
        if self._updating:
            return
        old = self.document.mission.mission.objective_spacing
        spacing = replace(old or ObjectiveSpacing(), **{key: value or None})
        if spacing.between_in is None and spacing.edge_in is None and not spacing.extras:
            spacing = None
        if spacing == old:
            return
        text = self.tr("Edit Objective Spacing")
        self.document.apply(text, edits.set_mission_text, objective_spacing=spacing,
                            merge_key=("spacing", key))

    def _set_section(self, row: int, section: Section, text: str, key) -> None:
        sections = list(self.document.mission.mission.sections)
        sections[row] = section
        self.document.apply(text, edits.set_sections, sections, merge_key=key)

    def _section_title_edited(self, value: str) -> None:
        row = self.sections.currentRow()
        sections = self.document.mission.mission.sections
        if self._updating or not 0 <= row < len(sections):
            return
        self._set_section(row, replace(sections[row], title=value), self.tr("Edit Section Title"), ("section-title", row))
        item = self.sections.item(row)
        if item is not None:
            item.setText(value or self.tr("(untitled)"))

    def _section_text_edited(self) -> None:
        row = self.sections.currentRow()
        sections = self.document.mission.mission.sections
        if self._updating or not 0 <= row < len(sections):
            return
        value = self.section_text.toPlainText()
        if value == sections[row].text:
            return
        self._set_section(row, replace(sections[row], text=value), self.tr("Edit Section Text"), ("section-text", row))

    # -- ops (Kill Team) ---------------------------------------------------------------
    def _set_op(self, row: int, op, text: str, key) -> None:
        ops = list(self.document.mission.mission.ops)
        ops[row] = op
        self.document.apply(text, edits.set_mission_text, ops=tuple(ops), merge_key=key)

    def _current_op(self):
        row = self.ops.currentRow()
        ops = self.document.mission.mission.ops
        if self._updating or not 0 <= row < len(ops):
            return None, None
        return row, ops[row]

    def _op_name_edited(self, value: str) -> None:
        row, op = self._current_op()
        if op is None or value == op.name:
            return
        self._set_op(row, replace(op, name=value), self.tr("Edit Op Name"), ("op-name", row))

    def _op_vp_changed(self, value: int) -> None:
        row, op = self._current_op()
        if op is None or (value or None) == op.vp:
            return
        self._set_op(row, replace(op, vp=value or None), self.tr("Edit Op Victory Points"), ("op-vp", row))

    def _op_text_edited(self) -> None:
        row, op = self._current_op()
        value = self.op_text.toPlainText()
        if op is None or value == op.text:
            return
        self._set_op(row, replace(op, text=value), self.tr("Edit Op Text"), ("op-text", row))

    def _add_op(self) -> None:
        ops = list(self.document.mission.mission.ops)
        ops.append(Op(name=self.tr("Op {0}").format(len(ops) + 1)))
        self.document.apply(self.tr("Add Op"), edits.set_mission_text, ops=tuple(ops))
        self.ops.setCurrentRow(len(ops) - 1)
        self.op_name.setFocus()
        self.op_name.selectAll()

    def _remove_op(self) -> None:
        row = self.ops.currentRow()
        ops = list(self.document.mission.mission.ops)
        if 0 <= row < len(ops):
            name = ops[row].name
            del ops[row]
            self.document.apply(self.tr("Remove Op {0}").format(name) if name else self.tr("Remove Op"),
                                edits.set_mission_text, ops=tuple(ops))

    def _add_section(self) -> None:
        sections = list(self.document.mission.mission.sections)
        sections.append(Section(title=self.tr("Rule {0}").format(len(sections) + 1), text=""))
        self.document.apply(self.tr("Add Rule Section"), edits.set_sections, sections)
        self.sections.setCurrentRow(len(sections) - 1)
        self.section_title.setFocus()
        self.section_title.selectAll()

    def _remove_section(self) -> None:
        row = self.sections.currentRow()
        sections = list(self.document.mission.mission.sections)
        if 0 <= row < len(sections):
            del sections[row]
            self.document.apply(self.tr("Remove Rule Section"), edits.set_sections, sections)


def _set_line(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        pos = edit.cursorPosition()
        edit.setText(text)
        edit.setCursorPosition(min(pos, len(text)))


def _set_plain(edit: QPlainTextEdit, text: str) -> None:
    if edit.toPlainText() != text:
        edit.setPlainText(text)
