"""What the journey tests (test_journeys.py) share: the registry of journeys
(every action a player can reach, by its objectName, and the test that
reaches it), the window's reachable actions, and ways to act as the
player does: click a toolbar button, choose a menu entry, answer a dialog."""
from __future__ import annotations

import fnmatch

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolButton, QWidgetAction

# action objectName (or a pattern: "lay-out-*") -> the journey test reaching it
JOURNEYS: dict[str, str] = {}


def journey(*names: str):
    """Register a test as the journey of these actions."""
    def register(test):
        for name in names:
            assert name not in JOURNEYS, f"{name} has two journeys: {JOURNEYS[name]} and {test.__name__}"
            JOURNEYS[name] = test.__name__
        return test
    return register


def journey_of(name: str) -> str | None:
    if name in JOURNEYS:
        return JOURNEYS[name]
    for pattern, test in JOURNEYS.items():
        if any(c in pattern for c in "*?[") and fnmatch.fnmatch(name, pattern):
            return test
    return None


def reachable_actions(window) -> list[QAction]:
    """Every action of the window a player can reach: in its menus, on its
    toolbars, behind its keys, or showing a dock or toolbar; not the
    separators, the submenus' own entries or a toolbar's embedded widgets
    (those are panel controls, reached through their widgets)."""
    found = []
    for a in window.findChildren(QAction):
        if a.isSeparator() or a.menu() is not None or isinstance(a, QWidgetAction):
            continue
        if not a.text() and not a.objectName():
            continue
        found.append(a)
    return found


def where(action: QAction) -> str:
    """Where a player finds an action, for a failure message."""
    from PySide6.QtWidgets import QMenu, QToolBar
    places = []
    for o in action.associatedObjects():
        if isinstance(o, QMenu):
            places.append(f"menu {o.title().replace('&', '')!r}")
        elif isinstance(o, QToolBar):
            places.append(f"toolbar {o.windowTitle()!r}")
    keys = ", ".join(s.toString() for s in action.shortcuts())
    if keys:
        places.append(f"keys {keys}")
    return "; ".join(places) or "a dock's or toolbar's Show entry"


def action(window, name: str) -> QAction:
    found = [a for a in window.findChildren(QAction) if a.objectName() == name]
    assert found, f"the window has no action {name!r}"
    return found[0]


def press(window, name: str) -> QAction:
    """Use an action as the player does: its toolbar button when it has a
    visible one (a real mouse click), else its menu entry (trigger: what
    choosing the entry does)."""
    a = action(window, name)
    for w in a.associatedObjects():
        if isinstance(w, QToolButton) and w.isVisible():
            QTest.mouseClick(w, Qt.LeftButton)
            return a
    a.trigger()
    return a


def when_modal(kind, handle, tries: int = 500) -> None:
    """Once a modal dialog of `kind` shows, run handle(dialog) (so a test can
    use an action that opens a dialog with exec() and answer it)."""
    def look(left=tries):
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, kind):
            if left:
                QTimer.singleShot(10, lambda: look(left - 1))
            return
        try:
            handle(dialog)
        except BaseException:
            # Closed, so the test goes on to fail (pytest-qt reports the
            # exception) instead of waiting on a dialog nobody answers.
            if dialog.isVisible():
                dialog.reject()
            raise

    QTimer.singleShot(0, look)
