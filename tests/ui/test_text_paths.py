"""Text as a path (ui/items/paths.text_path): each text's outline is made
once and placed anew for each use; placed, it is the same path as made
from scratch, wherever and however tall it goes."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QPainterPath, QTransform

from layout_editor import memo
from layout_editor.ui.items import paths

pytestmark = pytest.mark.qt


def _from_scratch(text, centre, height, bold=True):
    font = QFont()
    font.setPixelSize(paths._PATH_FONT_PX)
    font.setBold(bold)
    raw = QPainterPath()
    raw.addText(0, 0, font, text)
    r = raw.boundingRect()
    s = height / paths._PATH_FONT_PX * 1.35
    t = QTransform()
    t.translate(*centre)
    t.scale(s, s)
    t.translate(-r.center().x(), -r.center().y())
    return t.map(raw)


@pytest.mark.parametrize("bold", [True, False])
def test_a_text_placed_again_is_the_path_made_from_scratch(qapp, bold):
    memo.clear_all()
    for text, centre, height in [('12.5"', (100.0, 40.0), 6.0), ('12.5"', (-3.0, 900.0), 11.0),
                                 ("no route", (5.0, 5.0), 4.0), ('12.5"', (100.0, 40.0), 6.0)]:
        got = paths.text_path(text, centre, height, bold=bold)
        want = _from_scratch(text, centre, height, bold)
        assert got.elementCount() == want.elementCount() > 0
        assert all(got.elementAt(i).x == pytest.approx(want.elementAt(i).x)
                   and got.elementAt(i).y == pytest.approx(want.elementAt(i).y)
                   for i in range(got.elementCount()))
    assert memo.stats()["text paths: each text's outline"].hits >= 2
