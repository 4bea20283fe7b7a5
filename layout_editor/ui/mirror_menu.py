"""Edit > Mirror to the Other Half: copy one half of the table onto the
other by a half turn or a reflection (model/mirror.py), as one undo step.
The menu's texts are fixed texts (the "Editor" context, see i18n.py); the
undo step's name is said in the "MainWindow" context like the other edits'."""
from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ..model import edits
from . import i18n

# (about, keep, English text)
CHOICES = (
    ("point", "left", "Half Turn, Keeping the Left Half"),
    ("point", "right", "Half Turn, Keeping the Right Half"),
    ("point", "top", "Half Turn, Keeping the Top Half"),
    ("point", "bottom", "Half Turn, Keeping the Bottom Half"),
    ("line", "left", "Reflection, Keeping the Left Half"),
    ("line", "right", "Reflection, Keeping the Right Half"),
    ("line", "top", "Reflection, Keeping the Top Half"),
    ("line", "bottom", "Reflection, Keeping the Bottom Half"),
)


def add_mirror_menu(window, edit_menu: QMenu) -> dict[tuple[str, str], QAction]:
    """The submenu under Edit; its actions by (about, keep)."""
    menu = edit_menu.addMenu("Mirror to the Other &Half")
    menu.setObjectName("mirror-menu")
    actions: dict[tuple[str, str], QAction] = {}
    for k, (about, keep, text) in enumerate(CHOICES):
        if k == 4:
            menu.addSeparator()
        action = menu.addAction(text)
        action.setObjectName(f"mirror-{about}-{keep}")
        action.triggered.connect(lambda _=False, a=about, k_=keep: mirror(window, a, k_))
        actions[(about, keep)] = action
    return actions


def mirror(window, about: str, keep: str):
    return window.document.apply(i18n.tr("Mirror to the Other Half", "MainWindow"),
                                 edits.mirror_half, about, keep, window.catalogue)
