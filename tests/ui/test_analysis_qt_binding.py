"""The Qt binding must not eat references to None.

PySide6 6.12.0 under Python 3.11 drops a reference to None on every call of
a void method; None is not immortal before Python 3.12, so a painting editor
aborts with "none_dealloc" after a few hundred repaints (pyproject excludes
that version). This guards the environment the editor runs in."""
from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.qt


def test_void_calls_keep_none_alive(qtbot):
    from PySide6.QtCore import QObject, QRectF

    rect, obj = QRectF(), QObject()
    before = sys.getrefcount(None)
    for _ in range(500):
        rect.setWidth(3.0)
        obj.setObjectName("x")
    assert sys.getrefcount(None) - before > -50
