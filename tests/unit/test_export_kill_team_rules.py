"""What a Kill Team card adds for the table (issue 28): the close quarters
rules of Killzone: Gallowdark (Condensed Environment, Guard, Hatchway Fight,
Operate Hatch) on every Kill Team card, the edition's ops (crit op, tac ops,
kill op, primary op) where the mission asks for them (mission: structure),
each player's territory, the centre line and the equipment on the map, the
legend and the setup key; in English and, for a German mission, every new
text in German."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.export import build_pages
from layout_editor.export.common import KT_CLOSE_QUARTERS, KT_STRUCTURE
from layout_editor.export.drawing import Circle
from layout_editor.export.drawing import Path as PathOp
from layout_editor.export.mapdraw import CENTRE_LINE
from layout_editor.export.words import words
from layout_editor.io import load_mission
from layout_editor.model.mission import Equipment

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"


@pytest.fixture(scope="module")
def official():
    m = load_mission(LIBRARY / "approved-ops-gallowdark-1.yaml")
    return replace(m, equipment=(Equipment("heavy-barricade", 1, (352.0, 150.0)),
                                 Equipment("mines", 2, (150.0, 450.0))))


def texts(pages) -> str:
    return "\n".join(t for p in pages for t in p.texts())


def test_the_card_has_the_close_quarters_rules_and_the_ops(official):
    text = texts(build_pages(official, "card"))
    for lead in ("Condensed Environment:", "Guard (1 AP):", "Hatchway Fight (1 AP):", "Operate Hatch (1 AP):",
                 "Crit op:", "Tac ops:", "Kill op:", "Primary op:"):
        assert lead in text, lead
    assert "Lethal 5+" in text and "point-blank" in text


def test_the_edition_s_ops_only_where_the_mission_asks(official):
    plain = replace(official, mission=replace(official.mission, structure=()))
    text = texts(build_pages(plain, "card"))
    assert "Crit op:" not in text and "Primary op:" not in text
    assert "Hatchway Fight (1 AP):" in text  # the close quarters rules are every Kill Team card's
    one = replace(official, mission=replace(official.mission, structure=("kill-op",)))
    text = texts(build_pages(one, "card"))
    assert "Kill op:" in text and "Crit op:" not in text


def test_the_map_draws_territories_centre_line_and_equipment(official):
    front = build_pages(official, "card")[0]
    dashed = [op for op in front.ops if isinstance(op, PathOp) and op.stroke == CENTRE_LINE and op.dash]
    assert dashed, "no centre line"
    assert "HB" in front.texts() and "M" in front.texts()
    legend = "\n".join(front.texts())
    assert "Territory, player 1" in legend and "Centre line" in legend
    assert "Heavy barricade (HB), 40 × 15 mm" in legend and "Mines (M), 20 mm across" in legend
    assert any(isinstance(op, Circle) and abs(op.r - 10.0 * 1) < 50 for op in front.ops)


def test_the_setup_key_says_territories_and_equipment(official):
    text = texts(build_pages(official, "card"))
    assert "Centre line:" in text and "the killzone above the centre line" in text
    assert "Heavy barricade" in text and "Equipment" in text


NEW_KEYS = ([lead for lead, _ in KT_CLOSE_QUARTERS] + [key for _, key in KT_CLOSE_QUARTERS]
            + [lead for lead, _ in KT_STRUCTURE.values()] + [key for _, key in KT_STRUCTURE.values()]
            + ["The ops of the battle", "Primary op: ", "KT_PRIMARY_OP", "Close quarters rules", "Territories",
               "Centre line: ", "from {start} to {end}", "the killzone above the centre line",
               "the killzone below the centre line", "the killzone left of the centre line",
               "the killzone right of the centre line", "Equipment", "Territory, player {n}", "Centre line",
               "{w:g} mm across", "{name} ({label}), {size}, in its player's colour", "Light barricade",
               "Heavy barricade", "Portable barricade", "Razor wire", "Mines", ", turned {deg:g}°",
               "{n} corners, as the map shows"])


@pytest.mark.parametrize("key", NEW_KEYS)
def test_every_new_text_has_its_german(key):
    de, en = words("de", "kill-team"), words("en", "kill-team")
    fields = dict(start="A", end="B", n=1, w=20, d=10, name="X", label="Y", size="Z", deg=90)
    assert de(key, **fields) != en(key, **fields) or key in ("{w:g} × {d:g} mm",), key


def test_the_german_card_prints_the_new_texts_in_german(official):
    german = replace(official, language="de")
    text = texts(build_pages(german, "card"))
    for lead in ("Beengte Umgebung:", "Wache (1 AP):", "Schottkampf (1 AP):", "Schott bedienen (1 AP):",
                 "Krit-Op:", "Takt-Ops:", "Kill-Op:", "Primär-Op:", "Mittellinie", "Territorium, Spieler 1",
                 "Schwere Barrikade", "Ausrüstung"):
        assert lead in text, lead
    for english in ("Condensed Environment", "Guard (1 AP)", "Hatchway Fight", "Operate Hatch", "Crit op:",
                    "Centre line", "Territory, player", "Heavy barricade", "KT_"):
        assert english not in text, english


def test_the_html_map_shows_them_too(official):
    from layout_editor.export import render

    html = render(official, "html").decode("utf-8")
    assert 'id="layer-killzone"' in html
    assert html.count('fill-opacity="0.10"') == 2          # the two territories
    assert 'stroke-dasharray="10 5"' in html                # the centre line
    assert "<title>Heavy barricade</title>" in html and "<title>Mines</title>" in html
