"""The balance table beside the findings with four players: every number
whole at any panel width; the objectives' names take the room the
numbers leave them, whole when there is room, their ids at the least."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from layout_editor.io import load_mission
from layout_editor.rules.overlays import compute_balance
from layout_editor.ui.panels.findings import FindingsPanel

pytestmark = pytest.mark.qt

FOUR = Path(__file__).resolve().parents[2] / "mission_library" / "four-corners-of-the-drift.yaml"


@pytest.fixture(scope="module")
def balance():
    data = compute_balance(load_mission(FOUR))
    assert len(data.distances) == 4 and len(data.objectives) == 5
    return data


@pytest.fixture
def panel(qtbot):
    p = FindingsPanel()
    qtbot.addWidget(p)
    p.resize(330, 600)
    p.show()
    qtbot.waitExposed(p)
    return p


def labels(table):
    return [table.verticalHeaderItem(r).text() for r in range(table.rowCount() - 1)]


def whole_labels(balance):
    return [f"{oid} {name}" if name else f"Objective {oid}" for oid, name in balance.objectives]


def numbers_whole(table):
    fm = table.fontMetrics()
    return all(table.columnWidth(c) >= fm.horizontalAdvance(table.item(r, c).text())
               for r in range(table.rowCount()) for c in range(table.columnCount()))


def test_every_number_whole_in_a_side_panel_and_the_names_cut(panel, balance):
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
