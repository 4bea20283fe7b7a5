"""Shared set-up for the editor's Qt tests: a window offscreen with its
autosave folder in a temporary directory (settings: conftest.settings_file), and mouse helpers that
work in table millimetres."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from layout_editor.ui import file_handling
from layout_editor.ui.main_window import MainWindow


def make_window(qtbot, tmp_path, monkeypatch, mission=None, path=None) -> MainWindow:
    monkeypatch.setattr(file_handling, "autosave_dir", lambda: tmp_path / "autosave")
    w = MainWindow(mission, path, autosave=False)
    # Closing asks about unsaved changes; at teardown nobody is there to answer.
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def view_point(w: MainWindow, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def click(w: MainWindow, x: float, y: float, modifier=Qt.NoModifier) -> None:
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, modifier, view_point(w, x, y))


def double_click(w: MainWindow, x: float, y: float) -> None:
    QTest.mouseDClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, view_point(w, x, y))


def drag(w: MainWindow, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    vp = w.view.viewport()
    a = view_point(w, *start)
    b = view_point(w, *end)
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, a)
    for k in range(1, steps + 1):
        p = QPoint(a.x() + (b.x() - a.x()) * k // steps, a.y() + (b.y() - a.y()) * k // steps)
        QTest.mouseMove(vp, p)
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, b)


def key(w: MainWindow, k, modifier=Qt.NoModifier) -> None:
    w.view.setFocus()
    QTest.keyClick(w.view, k, modifier)


def node_xy(w: MainWindow, board: str, node) -> tuple[float, float]:
    return w.scene.board_items[board].placement.node_table(node)


def undo_texts(w: MainWindow) -> list[str]:
    st = w.document.undo_stack
    return [st.text(i) for i in range(st.count())]


def answer_new_mission(game: str | None, tries: int = 200) -> None:
    """Answer File > New's question (which game) as a player would, once it
    shows: click the game's button, then OK (None: Cancel)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from layout_editor.ui.new_dialog import NewMissionDialog

    def answer(left=tries):
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewMissionDialog):
            if left:
                QTimer.singleShot(10, lambda: answer(left - 1))
            return
        if game is None:
            dialog.box.button(QDialogButtonBox.Cancel).click()
            return
        button = dialog.buttons[game]
        # On the round mark: the button is as wide as the dialog, its text is not.
        QTest.mouseClick(button, Qt.LeftButton, Qt.NoModifier, QPoint(8, button.height() // 2))
        dialog.box.button(QDialogButtonBox.Ok).click()

    QTimer.singleShot(0, answer)
