"""The mission page's round switch (issue 30): a mission with a timeline
gets a button per battle round beside the hatchway taps; pressing one shows
that round's table (locks, objectives, areas, entry zones) and what happens
in it, in the mission's language. A mission without a timeline gets none.

The browser test presses every round's button through the page's
#selftest hook (headless chromium; skipped, saying why, without it)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from layout_editor.catalogue import default_catalogue
from layout_editor.export.html_page import hatchway_numbers, html_text
from layout_editor.export.html_rounds import round_data
from layout_editor.export.words import mission_words
from layout_editor.io import load_mission

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
                None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="chromium is not installed: the mission page's browser tests need it "
                                           "(apt-get install chromium)")


def _data(name):
    m = load_mission(LIBRARY / name)
    return m, round_data(m, hatchway_numbers(m, default_catalogue()), mission_words(m))


def test_a_mission_without_a_timeline_has_no_switch():
    m = load_mission(LIBRARY / "signal-relay.yaml")
    page = html_text(m)
    assert 'id="round-switch"' not in page and "round-events" not in page
    assert round_data(m, {}, mission_words(m)) is None


def test_each_round_of_the_page_is_the_models_table():
    m, data = _data("bulkhead-protocol.yaml")
    assert data["last"] == 5 and data["has_events"] == [2, 3]
    locked = [sum(s == "l" for s in t["hatches"].values()) for t in data["table"]]
    assert locked == [4, 2, 0, 0, 0]
    mast = next(str(i) for i, o in enumerate(m.objectives) if o.id == "1")
    assert [t["objectives"][mast] for t in data["table"]] == [None, None, [0, 0], [0, 0], [0, 0]]
    assert data["table"][1]["events"] == [
        "Start of the round: The station's cogitator cycles the lockdown: the bulkheads of the antenna rooms unlock."]
    page = html_text(m)
    assert page.count('data-round="') == 5 and 'class="has-events">2<' in page


def test_areas_and_entry_zones_change_and_the_words_are_german():
    m, data = _data("relief-at-the-crossing.de.yaml")
    crossing = [str(i) for i, r in enumerate(m.regions) if r.name == "Die Passage"]
    assert [{t["regions"][i] for i in crossing} for t in data["table"]] == \
        [{"clear"}, {"dark"}, {"dark"}, {"clear"}, {"clear"}]
    assert [sum(t["zones"].values()) for t in data["table"]] == [2, 2, 4, 4, 4]
    assert data["heads"][2] == "Schlachtrunde 3"
    assert data["table"][2]["events"] == ["Beginn der Runde: Entsatztrupps schneiden sich durch die Außenhülle."]
    assert data["states"]["dark"] == "dunkel"
    assert 'aria-label="Schlachtrunde zeigen"' in html_text(m)


def test_an_event_without_words_is_said_by_what_it_changes():
    m, _ = _data("vent-cycle.yaml")
    m = replace(m, timeline=tuple(replace(e, text=None) for e in m.timeline))
    data = round_data(m, hatchway_numbers(m, default_catalogue()), mission_words(m))
    assert data["table"][2]["events"] == [
        "Start of the round: Reactor core becomes impassable; Objective 1 is removed"]


@needs_chromium
def test_in_a_browser_each_round_button_shows_its_table(tmp_path):
    m = load_mission(LIBRARY / "bulkhead-protocol.yaml")
    out = tmp_path / "page.html"
    out.write_text(html_text(m), encoding="utf-8")
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--hide-scrollbars", f"--user-data-dir={tmp_path / 'profile'}", "--window-size=390,844",
                        "--virtual-time-budget=3000", "--dump-dom", out.as_uri() + "#selftest"],
                       capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="selftest-rounds"[^>]*>(.*?)</pre>', r.stdout, re.S)
    assert found, r.stdout[-2000:] + r.stderr[-2000:]
    got = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert [g["round"] for g in got] == [1, 2, 3, 4, 5]
    assert [g["locked"] for g in got] == [4, 2, 0, 0, 0]
    assert ["1" in g["objectives"] for g in got] == [False, False, True, True, True]
    assert "Nothing changes in this round." in got[0]["events"]
    assert "bulkheads of the antenna rooms unlock" in got[1]["events"]
    assert got[0]["count"] == "Hatchways: 10 open, 4 closed"


@pytest.mark.parametrize("name", sorted(p.name for p in LIBRARY.glob("*.yaml")
                                        if "timeline:" in p.read_text(encoding="utf-8")))
def test_the_page_of_a_changing_table_gives_the_mission_back_whole(name):
    """The page's share code (what a player copies from it into the editor)
    decodes to the mission, its timeline, marker kinds and locks included."""
    import html

    from layout_editor.io.share_code import decode
    from layout_editor.io.writer import dumps_mission

    m = load_mission(LIBRARY / name)
    assert m.timeline
    code = re.findall(r'<textarea id="share-code" readonly>(.*?)</textarea>', html_text(m), re.S)
    assert len(code) == 1
    back = decode(html.unescape(code[0]))
    assert back.timeline == m.timeline and back.marker_kinds == m.marker_kinds
    assert dumps_mission(back) == dumps_mission(m)
