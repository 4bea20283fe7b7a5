"""Edit > Mirror to the Other Half: copy one half of the table onto the
other by a half turn or a reflection (model/mirror.py), as one undo step.
The menu's texts and the undo step's name are in the "MirrorMenu" context."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox

from ..model import edits
from ..phrases import Phrase
from ..rules.mirror_guard import MAX_CHECKED_PIECES, errors_made_by_mirror
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


def _mirror_unbroken(mission, about: str, keep: str, catalogue):
    """The mirror edit, refused when the rules find an error the mirror
    made (rules/mirror_guard.py). It asks the rules core on the UI thread,
    once per menu choice (5-15 ms on the library's tables, warm): a
    deliberate command, never a drag."""
    edit = edits.mirror_half(mission, about, keep, catalogue)
    if len(edit.mission.pieces) > MAX_CHECKED_PIECES:
        raise edits.EditRefused(Phrase("the mirrored table would have {n} pieces, more than the {most} the mirror "
                                       "checks", n=len(edit.mission.pieces), most=MAX_CHECKED_PIECES))
    made = errors_made_by_mirror(mission, edit.mission, about, keep, catalogue)
    if made:
        raise edits.EditRefused(Phrase("the mirror would break the table: {what}", what=made[0].phrase
                                       or made[0].message))
    return edit


def mirror(window, about: str, keep: str):
    """Mirror as one undo step. A refused mirror (a piece across the mirror
    line that is not its own image, an entry-zone cell on the line that
    would be both players': model/mirror.py) changes nothing; its reason,
    which names every such piece and cell, goes to the status bar as any
    refused edit's does, and into a message box, since the list may be
    longer than the status bar shows."""
    said: list[str] = []
    connection = window.document.message.connect(said.append)
    try:
        result = window.document.apply(MirrorMenu.tr("Mirror to the Other Half"),
                                       _mirror_unbroken, about, keep, window.catalogue)
    finally:
        window.document.message.disconnect(connection)
    if result is None and said:
        box = QMessageBox(QMessageBox.Warning, MirrorMenu.tr("Mirror to the Other Half"),
                          MirrorMenu.tr("The table was not mirrored."), QMessageBox.Ok, window)
        box.setObjectName("mirror-refused")
        box.setInformativeText(said[-1])
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()  # window-modal, without a nested event loop
    return result
