"""The mission page (--layout html): one self-contained file that fetches
nothing, with the map, texts, parts and share code; opened in a real
browser (Debian's headless chromium) the map is drawn, tapping a hatchway
opens and closes it, two fingers zoom, layers switch off and on.

The browser tests skip, saying why, where chromium is not installed (CI
may lack it); the others need no browser."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from layout_editor.catalogue import default_catalogue
from layout_editor.cli import main as cli_main
from layout_editor.io import load_mission

LIBRARY = Path(__file__).resolve().parents[2] / "mission_library"
CAT = default_catalogue()
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
                None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="chromium is not installed: the mission page's browser tests need it "
                                           "(apt-get install chromium)")


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def hatchways(mission):
    return [p for p in mission.pieces if CAT.pieces[p.code].hatchway is not None]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = LIBRARY / "ossuary-deck.yaml"
    out = tmp_path_factory.mktemp("html") / "ossuary-deck.html"
    assert cli_main(["export", str(path), "-o", str(out), "--layout", "html"]) == 0
    return load_mission(path), out


def test_the_page_fetches_nothing_and_holds_everything(page):
    mission, out = page
    text = out.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(text)
    # No file, script, style, font or image from anywhere: nothing has a src
    # or an href, and the page's policy forbids fetching.
    assert not [t for t, a in parser.tags if "src" in a or "href" in a]
    assert not re.search(r"url\(|@import", text)
    policy = [a for t, a in parser.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert policy and "default-src 'none'" in policy[0]["content"]
    # One tappable group per hatchway, in its state as set.
    groups = [a for t, a in parser.tags if t == "g" and "hatch" in a.get("class", "").split()]
    assert len(groups) == len(hatchways(mission)) == 20
    assert sorted(a["data-open"] for a in groups) == sorted(str(int(bool(p.open))) for p in hatchways(mission))
    # The texts, the parts and the share code, which gives the mission back.
    assert mission.mission.briefing.split()[0] in text
    assert "Parts" in text and "Short wall" in text
    from layout_editor.export.html_page import _share_code
    areas = re.findall(r'<textarea id="share-code" readonly>(.*?)</textarea>', text, re.S)
    assert areas and areas[0] == _share_code(mission)
    for layer in ("layer-zones", "layer-range"):
        assert f'data-layer="{layer}"' in text


def test_a_german_mission_gets_a_german_page(tmp_path):
    from layout_editor.export.html_page import html_text

    text = html_text(load_mission(LIBRARY / "coolant-labyrinth.de.yaml"))
    assert '<html lang="de">' in text
    for word in ("Aufstellungszonen", "Bereiche", "Schotttüren wie aufgestellt", "Missionscode", "Teile"):
        assert word in text, word
    assert "Schotttüren: {open} offen, {closed} geschlossen" in text


def _chromium(*args, timeout=120):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--hide-scrollbars", *args], capture_output=True, text=True, timeout=timeout)


@needs_chromium
def test_in_a_browser_the_map_is_drawn_after_load(page, tmp_path):
    mission, out = page
    r = _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=3000", "--dump-dom",
                  out.as_uri())
    dom = r.stdout
    assert '<svg id="map"' in dom
    n_open = sum(1 for p in hatchways(mission) if p.open)
    # The script ran: it counted the hatchways into the line under the map.
    assert f'<p id="hatch-count">Hatchways: {n_open} open, {20 - n_open} closed</p>' in dom


@needs_chromium
def test_in_a_browser_tapping_a_hatchway_toggles_it(page, tmp_path):
    """The page's #selftest hook taps with pointer events aimed at the
    hatchway's place on the screen (so what is on top there is what gets the
    tap), then pinches, scrolls and switches a layer."""
    mission, out = page
    r = _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--window-size=390,844", "--virtual-time-budget=3000",
                  "--dump-dom", out.as_uri() + "#selftest")
    found = re.search(r'<pre id="selftest">(.*?)</pre>', r.stdout, re.S)
    assert found, r.stdout[-2000:] + r.stderr[-2000:]
    got = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert got["hatches"] == 20
    assert got["svg_width"] > 300  # the map spans a phone's width
    assert got["tap_reaches_hatch"] is True
    assert got["first_before"] != got["first_after"]   # a tap toggles it
    assert got["first_again"] == got["first_before"]   # and a second tap back
    assert got["after_drag"] == got["first_before"]    # dragging the map is not a tap
    first_open = got["first_after"] == "1"
    n_open = sum(1 for p in hatchways(mission) if p.open) + (1 if first_open else -1)
    assert got["count_text"] == f"Hatchways: {n_open} open, {20 - n_open} closed"
    assert got["pinch_zoom"] == pytest.approx(2.0, rel=0.05)  # fingers 60 px apart, then 120
    assert got["wheel_zoom"] < 1.0                            # scrolling down zooms out
    assert got["zones_hidden"] is True and got["zones_shown"] is True


@needs_chromium
@pytest.mark.parametrize("size", ["390,844", "1280,900"])
def test_screenshot_shows_the_map(page, tmp_path, size):
    _mission, out = page
    shot = tmp_path / "shot.png"
    _chromium(f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={size}", "--virtual-time-budget=3000",
              f"--screenshot={shot}", out.as_uri())
    img = Image.open(shot).convert("RGB")
    w, h = (int(v) for v in size.split(","))
    assert img.size == (w, h)
    colours = img.getcolors(maxcolors=1 << 20)
    board = sum(n for n, c in colours if c == (0xf4, 0xf1, 0xea))   # the boards' fill
    walls = sum(n for n, c in colours if c == (0x23, 0x23, 0x23))   # walls and pillars
    door = sum(n for n, c in colours if c == (0xf0, 0xb4, 0x00))    # closed doors (and the header's rule)
    assert board > w * h * 0.05
    assert walls > 200 and door > 50
