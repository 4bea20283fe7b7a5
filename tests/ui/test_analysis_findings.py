"""The findings panel, fed with findings: worst first, icons and counts,
filters, clicking asks for the finding, selection survives a refresh."""
from __future__ import annotations

import pytest

from layout_editor.rules.checks import Finding
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
