"""The findings panel, fed with findings: worst first, icons and counts,
filters, clicking asks for the finding, selection survives a refresh; the
balance table beside them with four players."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from layout_editor.io import load_mission
from layout_editor.rules.checks import Finding
from layout_editor.rules.overlays import compute_balance
from layout_editor.ui.panels.findings import FindingsPanel, severity_icon

pytestmark = pytest.mark.qt


FINDINGS = [
    Finding("info", "sets-needed", "The layout needs 1 set."),
    Finding("warning", "objective-edge", "Objective 2 is 4.1\" from an edge.", places=((100.0, 20.0),)),
    Finding("error", "overlap", "A3 on board A overlaps B1 on board A.", pieces=(3, 4)),
]


@pytest.fixture
def panel(qtbot):
    p = FindingsPanel()
    qtbot.addWidget(p)
    p.resize(420, 300)
    p.show()
    return p


def test_worst_first_with_counts(panel):
    panel.set_findings(FINDINGS)
    assert [f.code for f in panel.visible_findings()] == ["overlap", "objective-edge", "sets-needed"]
    assert panel.summary_text() == "1 error, 1 warning, 1 note"
    lw = panel.list_widget()
    assert not lw.item(0).icon().isNull()
    # different severities, different icons
    assert lw.item(0).icon().pixmap(16).toImage() != lw.item(1).icon().pixmap(16).toImage()


def test_click_asks_for_the_finding(qtbot, panel):
    from PySide6.QtCore import Qt

    panel.set_findings(FINDINGS)
    lw = panel.list_widget()
    rect = lw.visualItemRect(lw.item(0))
    with qtbot.waitSignal(panel.findingActivated, timeout=1000) as blocker:
        qtbot.mouseClick(lw.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args[0].code == "overlap"
    assert blocker.args[0].pieces == (3, 4)


def test_filters_hide_a_severity(panel):
    panel.set_findings(FINDINGS)
    panel._filters["info"].setChecked(False)
    assert [f.code for f in panel.visible_findings()] == ["overlap", "objective-edge"]
    # the summary still counts everything
    assert panel.summary_text() == "1 error, 1 warning, 1 note"


def test_selection_survives_a_refresh(panel):
    panel.set_findings(FINDINGS)
    lw = panel.list_widget()
    lw.setCurrentRow(1)
    fresh = [Finding(f.severity, f.code, f.message, f.pieces) for f in FINDINGS]  # equal, new objects
    panel.set_findings(fresh[:2])
    assert lw.currentItem().data(Qt_user_role()).code == "objective-edge"


def Qt_user_role():
    from layout_editor.ui.panels.findings import FINDING_ROLE
    return FINDING_ROLE


def test_no_findings_says_so(panel):
    panel.set_findings([])
    assert panel.summary_text() == "No problems found"
    assert panel.visible_findings() == []
    assert panel.list_widget().count() == 1


def test_failure_is_shown(panel):
    panel.set_findings(FINDINGS)
    panel.show_failure("ValueError: bad geometry")
    assert panel._status.isVisible()
    panel.set_findings(FINDINGS)
    assert not panel._status.isVisible()


def test_icons_are_drawn():
    for sev in ("error", "warning", "info"):
        assert not severity_icon(sev).isNull()


def test_a_finding_said_again_in_another_language_is_said_anew(qtbot, request):
    """The panel remembers how each finding reads (it is filled after every
    edit), by the language and its decimal sign too: switched to German,
    the same finding reads in German, with a decimal comma."""
    from layout_editor.phrases import Phrase

    finding = Finding("warning", "objective-edge", Phrase("{mm:.0f} mm ({inches:.1f}\")", mm=104.0, inches=4.1))
    english = FindingsPanel()
    qtbot.addWidget(english)
    english.set_findings([finding])
    assert english.list_widget().item(0).text() == "104 mm (4.1\")"
    request.getfixturevalue("german")
    german = FindingsPanel()
    qtbot.addWidget(german)
    german.set_findings([finding])
    text = german.list_widget().item(0).text()
    assert text == "104 mm (4,1\")"


FOUR = Path(__file__).resolve().parents[2] / "mission_library" / "four-corners-of-the-drift.yaml"


@pytest.fixture(scope="module")
def balance():
    data = compute_balance(load_mission(FOUR))
    assert len(data.distances) == 4 and len(data.objectives) == 5
    return data


def labels(table):
    return [table.verticalHeaderItem(r).text() for r in range(table.rowCount() - 1)]


def whole_labels(balance):
    return [f"{oid} {name}" if name else f"Objective {oid}" for oid, name in balance.objectives]


def numbers_whole(table):
    fm = table.fontMetrics()
    return all(table.columnWidth(c) >= fm.horizontalAdvance(table.item(r, c).text())
               for r in range(table.rowCount()) for c in range(table.columnCount()))


def test_every_number_whole_in_a_side_panel_and_the_names_cut(qtbot, panel, balance):
    """Four players: the balance table's numbers whole at any panel width,
    the objectives' names in the room they leave, ids at the least."""
    panel.resize(330, 600)
    qtbot.waitExposed(panel)
    panel.set_balance(balance)
    table = panel.balance_table()
    assert numbers_whole(table)
    for shown, (oid, _), whole in zip(labels(table), balance.objectives, whole_labels(balance)):
        # the whole label, its start cut with an ellipsis, or the id alone
        assert shown in (whole, oid) or (shown.endswith("…") and whole.startswith(shown[:-1]))
    # no row hidden: as tall as its header and rows (and a scroll bar, if one shows)
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.height() >= table.horizontalHeader().height() + rows


def test_a_wider_panel_shows_the_whole_names_and_a_narrow_one_the_ids(qtbot, panel, balance):
    panel.resize(330, 600)
    qtbot.waitExposed(panel)
    panel.set_balance(balance)
    table = panel.balance_table()
    panel.resize(2000, 600)
    qtbot.waitUntil(lambda: labels(table) == whole_labels(balance))
    assert numbers_whole(table)

    panel.resize(120, 600)
    qtbot.waitUntil(lambda: labels(table) == [oid for oid, _ in balance.objectives])
    assert numbers_whole(table)
    # too narrow even for the ids and numbers: it scrolls sideways, every row still shown
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    bar = table.horizontalScrollBar().sizeHint().height()
    assert table.height() >= table.horizontalHeader().height() + rows + bar
    # the whole names stay in the tooltips
    assert [table.verticalHeaderItem(r).toolTip() for r in range(len(balance.objectives))] == \
        [f"Objective {oid}: {name}" for oid, name in balance.objectives]
    assert table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded
