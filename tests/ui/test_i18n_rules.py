"""What the rules core and the model say speaks German in a German editor:
the findings panel, refused edits and drops, the measure tool's complaints,
the gap between boards, a new mission's title, with German decimal commas.
And the translation holds every phrase the rules core and the model can say."""
from __future__ import annotations

import ast
import re
import string
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from editor_helpers import make_window, node_xy
from overlay_missions import OUTSIDE, room_mission
from PySide6.QtWidgets import QApplication
from test_editor_terrain import send_drag

from layout_editor import phrases
from layout_editor.catalogue import default_catalogue
from layout_editor.model.edits import add_pieces, move_board
from layout_editor.model.mission import Objective, ObjectiveSpacing, Piece, two_board_mission
from layout_editor.rules.checks import kind_name
from layout_editor.ui import i18n
from layout_editor.ui.items.gap import GapItem
from layout_editor.ui.overlays.overlay import MEASURE
from layout_editor.ui.panels.findings import FINDING_ROLE

pytestmark = pytest.mark.qt

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "layout_editor_de.ts"
ENGLISH_WORDS = re.compile(r"\b(board|objective|overlap|would|stand|zone line|hatchway|entry zone|inside a wall)\b")


# -- the translation holds every phrase -------------------------------------------------
def rules_translations() -> dict[str, str]:
    root = ET.parse(TS).getroot()
    for context in root.findall("context"):
        if (context.findtext("name") or "") == i18n.SHARED:
            return {m.findtext("source"): m.findtext("translation") or "" for m in context.findall("message")}
    return {}


def said_templates() -> set[str]:
    """Every template the Qt-free code can say: the first argument of each
    Phrase(...) and the two of each one_or_many(...), read from the source as
    lupdate would, and the catalogue's pieces as named inside a sentence."""
    found: set[str] = set()
    for path in (ROOT / "layout_editor").rglob("*.py"):
        if "ui" in path.relative_to(ROOT / "layout_editor").parts or path.name == "phrases.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # kind_name says the catalogue's names: those are checked below.
        named = {n.lineno for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "kind_name"
                 for n in ast.walk(f) if hasattr(n, "lineno")}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or node.lineno in named:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            args = node.args[:1] if name == "Phrase" else node.args[1:3] if name == "one_or_many" else []
            for a in args:
                options = [a.body, a.orelse] if isinstance(a, ast.IfExp) else [a]
                for o in options:
                    if isinstance(o, ast.Call) and getattr(o.func, "id", "") == "QT_TR_NOOP":
                        o = o.args[0]  # marked for lupdate
                    elif len(options) > 1 or name == "one_or_many":
                        # lupdate reads Phrase("...") only when the template
                        # is its first argument, written out.
                        raise AssertionError(f"{path.name}:{node.lineno}: mark the template {ast.unparse(o)} "
                                             "QT_TR_NOOP(...) (from layout_editor.phrases) so lupdate finds it")
                    assert isinstance(o, ast.Constant) and isinstance(o.value, str), \
                        f"{path.name}:{node.lineno}: a phrase's template must be written out, so it can be translated"
                    found.add(o.value)
    found |= {str(kind_name(k)) for k in default_catalogue().pieces.values()}
    # Templates that only arrange other words need no translation.
    return {t for t in found if re.search(r"[A-Za-z]", re.sub(r"\{[^}]*\}", "", t))}


def fields(template: str) -> dict[str, str]:
    return {name: spec for _, name, spec, _ in string.Formatter().parse(template) if name}


def test_every_phrase_has_german():
    german = rules_translations()
    said = said_templates()
    assert len(said) > 100
    assert sorted(said - set(german)) == []
    for english in said:
        de = german[english]
        assert de and set(fields(de)) == set(fields(english)), english
        # The German fills in from the same fields without falling back.
        values = {n: (1.5 if spec else "x") for n, spec in fields(english).items()}
        assert phrases.say(phrases.Phrase(english, **values), lambda t: german.get(t, "")) != \
            phrases.say(phrases.Phrase(english, **values)) or de == english, english


# -- the German editor -----------------------------------------------------------------

@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, german):
    made = []

    def make(mission=None):
        w = make_window(qtbot, tmp_path, monkeypatch, mission)
        assert w.feedback.settle(8000)
        made.append(w)
        return w
    yield make
    for w in made:
        w.feedback.worker.shutdown()
        w.document.undo_stack.setClean()


def broken_room():
    """Two walls on one span, and two objectives closer than the mission asks."""
    m = room_mission()
    stacked = (Piece("B1", "A", from_node=(5, 1), to_node=(5, 2)), Piece("B1", "A", from_node=(5, 1), to_node=(5, 2)))
    text = replace(m.mission, objective_spacing=ObjectiveSpacing(between_in=6.0))
    return replace(m, pieces=m.pieces + stacked, mission=text,
                   objectives=(Objective("1", (450.0, 350.0)), Objective("2", (450.0, 460.0))))


def test_findings_speak_german(window):
    w = window(broken_room())
    lw = w.feedback.panel.list_widget()
    items = [lw.item(i) for i in range(lw.count())]
    texts = [i.text() for i in items]
    findings = [i.data(FINDING_ROLE) for i in items]
    assert {f.code for f in findings} >= {"wall-on-wall", "objectives-too-close"}
    stacked = next(t for t, f in zip(texts, findings) if f.code == "wall-on-wall")
    assert stacked == ("B1 auf Spielplatte A von F/2 nach F/3 und B1 auf Spielplatte A von F/2 nach F/3 "
                       "stehen auf derselben Strecke")
    close = next(t for t, f in zip(texts, findings) if f.code == "objectives-too-close")
    # 110 mm between centres, less a 40 mm marker: 70 mm = 2.76", written the German way.
    assert close.startswith("Die Missionsziele „1“ und „2“ liegen 2,76\" auseinander (in gerader Linie")
    assert close.endswith("die Mission verlangt mindestens 6\"")
    for t in texts:
        assert not ENGLISH_WORDS.search(t), t
    tip = lw.item(texts.index(stacked)).toolTip()
    assert tip.startswith("Fehler (wall-on-wall): B1 auf Spielplatte A")
    # The route table writes inches the German way too.
    from PySide6.QtWidgets import QTableWidget
    table = w.feedback.panel.findChild(QTableWidget, "balanceTable")
    cells = [table.item(r, c).text() for r in range(table.rowCount()) for c in range(table.columnCount())
             if table.item(r, c) is not None]
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[:2] == ["S1", "S2"]
    assert cells and all(re.fullmatch(r"\d+,\d\"|\d+,\d %|—|kein Weg", t) for t in cells), cells
    # The English stays what scripts and the command line read.
    assert next(f for f in findings if f.code == "wall-on-wall").message.startswith("B1 on board A from F/2")


def test_refused_drop_and_edit_say_why_in_german(window):
    w = window(two_board_mission())
    w.document.apply("Platzieren", add_pieces, [Piece("pillar-left", "A", at=(2, 2))])
    assert not send_drag(w, "pillar-right", *node_xy(w, "A", (2, 2)))
    message = w.statusBar().currentMessage()
    assert "würde" in message and "auf Spielplatte A" in message, message
    assert not ENGLISH_WORDS.search(message), message
    w.document.apply("Platzieren", add_pieces, [Piece("pillar-right", "A", at=(2, 2))])
    message = w.statusBar().currentMessage()
    assert message.startswith("Platzieren: R würde linke Säule (L) auf Spielplatte A an C/3 überlappen"), message


def test_measuring_from_a_wall_says_so_in_german(window):
    w = window(room_mission())
    ctl = w.feedback.overlays
    said = []
    ctl.message.connect(said.append)
    ctl.request_tool(MEASURE)
    ctl.press(OUTSIDE)
    ctl.press((12.5 + 97, 12.5 + 2 * 97))  # on the west wall's line
    assert w.feedback.settle(8000)
    QApplication.processEvents()
    complaint = [m for m in said if "Wand" in m]
    assert complaint and "liegt in einer Wand" in complaint[-1], said
    assert not any("inside a wall" in m for m in said)


def test_gap_between_boards_in_german_numbers(window):
    w = window(move_board(two_board_mission(), "B", (800.0, 0.0)).mission)
    labels = [i.label.text() for i in w.scene.items() if isinstance(i, GapItem)]
    assert labels == ['96 mm (3,8")']


def test_a_new_mission_is_german(window):
    w = window()
    assert w.document.mission.title == "Neue Mission"
    assert w.document.mission.language == "de"
