"""Edit > Mirror to the Other Half: copy one half of the table onto the
other by a half turn or a reflection (model/mirror.py), as one undo step.
The menu's texts and the undo step's name are in the "MirrorMenu" context."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ..model import edits
from .i18n import Context

MirrorMenu = Context("MirrorMenu")

# (about, keep, English text)
CHOICES = (
    ("point", "left", QT_TRANSLATE_NOOP("MirrorMenu", "Half Turn, Keeping the Left Half")),
    ("point", "right", QT_TRANSLATE_NOOP("MirrorMenu", "Half Turn, Keeping the Right Half")),
    ("point", "top", QT_TRANSLATE_NOOP("MirrorMenu", "Half Turn, Keeping the Top Half")),
    ("point", "bottom", QT_TRANSLATE_NOOP("MirrorMenu", "Half Turn, Keeping the Bottom Half")),
    ("line", "left", QT_TRANSLATE_NOOP("MirrorMenu", "Reflection, Keeping the Left Half")),
    ("line", "right", QT_TRANSLATE_NOOP("MirrorMenu", "Reflection, Keeping the Right Half")),
    ("line", "top", QT_TRANSLATE_NOOP("MirrorMenu", "Reflection, Keeping the Top Half")),
    ("line", "bottom", QT_TRANSLATE_NOOP("MirrorMenu", "Reflection, Keeping the Bottom Half")),
)


def add_mirror_menu(window, edit_menu: QMenu) -> dict[tuple[str, str], QAction]:
    """The submenu under Edit; its actions by (about, keep)."""
    menu = edit_menu.addMenu(MirrorMenu.tr("Mirror to the Other &Half"))
    menu.setObjectName("mirror-menu")
    actions: dict[tuple[str, str], QAction] = {}
    for k, (about, keep, text) in enumerate(CHOICES):
        if k == 4:
            menu.addSeparator()
        action = menu.addAction(MirrorMenu.tr(text))
        action.setObjectName(f"mirror-{about}-{keep}")
        action.triggered.connect(lambda _=False, a=about, k_=keep: mirror(window, a, k_))
        actions[(about, keep)] = action
    return actions


def mirror(window, about: str, keep: str):
    return window.document.apply(MirrorMenu.tr("Mirror to the Other Half"),
                                 edits.mirror_half, about, keep, window.catalogue)
