"""The window's shortcuts work wherever the focus is, text fields included,
except the keys a text field itself is typed and edited with.

Qt lets the focused widget claim a key before the window's shortcuts see it
(a ShortcutOverride event). Text fields claim every binding of the
platform's editing keys, and on X11 those include Emacs keys: Ctrl+E is
"end of line", Ctrl+D "delete", Ctrl+K "delete to the end" — so Ctrl+E
(File > Export) did nothing while the cursor was in the Title, although
Ctrl+N and Ctrl+S worked (issue 24).

Which keys stay the text field's (a choice: the keys a player edits text
with in every program): everything without Ctrl, Alt or Meta (typing,
arrows, Delete, Backspace, Home, End, with or without Shift); Ctrl or Alt
with an arrow, Home, End, Page Up/Down, Backspace, Delete or Insert (word
and line moves); and Undo, Redo, Cut, Copy, Paste and Select All. Any other
key the window has an enabled action for is the window's.

The filter sits on the widget that has the focus, moved with each focus
change, never on the whole application: an application filter written in
Python runs for every event of every object (each timer tick, each paint),
and while the rules threads compute, each of those waits for Python's GIL,
so the window stalled for 20-30 ms after a drop
(`benchmarks/bench_editor_feedback.py --drag`).
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

# Keys that, even with Ctrl or Alt, move or delete within the text.
EDITING_KEYS = {Qt.Key_Left, Qt.Key_Right, Qt.Key_Up, Qt.Key_Down, Qt.Key_Home, Qt.Key_End,
                Qt.Key_PageUp, Qt.Key_PageDown, Qt.Key_Backspace, Qt.Key_Delete, Qt.Key_Insert}
TEXT_STANDARD_KEYS = (QKeySequence.Undo, QKeySequence.Redo, QKeySequence.Cut, QKeySequence.Copy,
                      QKeySequence.Paste, QKeySequence.SelectAll)
COMMAND_MODIFIERS = Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier


def text_field_keeps(event) -> bool:
    """Whether a key press is one a text field edits with (see the module's notes)."""
    if not event.modifiers() & COMMAND_MODIFIERS:
        return True
    if event.key() in EDITING_KEYS:
        return True
    return any(event.matches(k) for k in TEXT_STANDARD_KEYS)


class WindowShortcutsOverText(QObject):
    """An application event filter for one main window: a key a text field
    (or any widget) in that window claims, that is not one it edits with and
    that an enabled action of the window has as its shortcut, is left to
    the window's shortcut."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.window = window
        self._watched: QWidget | None = None

    def follow(self, _old, new) -> None:
        """The focus moved to `new`: watch it instead (only a widget of
        this window: another window's keys are its own)."""
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = None
        if isinstance(new, QWidget) and shiboken6.isValid(self.window) and new.window() is self.window:
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, obj, event) -> bool:
        if event.type() != QEvent.ShortcutOverride or not isinstance(obj, QWidget):
            return False
        if obj.window() is not self.window or text_field_keeps(event):
            return False
        pressed = QKeySequence(event.keyCombination())
        for action in self.window.findChildren(QAction):
            if action.isEnabled() and any(s == pressed for s in action.shortcuts()):
                # Left unclaimed: Qt goes on to the window's shortcut.
                return True
        return False


def install(window) -> WindowShortcutsOverText:
    from PySide6.QtWidgets import QApplication

    keys = WindowShortcutsOverText(window)
    app = QApplication.instance()
    app.focusChanged.connect(keys.follow)
    keys.follow(None, app.focusWidget())
    return keys
