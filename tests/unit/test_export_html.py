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


class Browser:
    """Headless chromium driven over the DevTools protocol through a pipe
    (--remote-debugging-pipe: NUL-separated JSON on file descriptors 3 and
    4), so the test sends real touch and mouse input, as a finger would,
    with no WebSocket library."""

    def __init__(self, profile: Path, width: int = 390, height: int = 844):
        import os

        r3, self._w = os.pipe()   # chromium reads its commands on fd 3
        self._r, w4 = os.pipe()   # and writes its answers on fd 4

        def fds():
            os.dup2(r3, 3)
            os.dup2(w4, 4)
        self.proc = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--remote-debugging-pipe", f"--user-data-dir={profile}",
                                      f"--window-size={width},{height}", "about:blank"],
                                     pass_fds=(3, 4), preexec_fn=fds, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(r3)
        os.close(w4)
        self._buf = b""
        self._n = 0
        self.session = None
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=2,
                  mobile=True)
        self.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)

    def send(self, method: str, **params):
        import os
        import select
        import time

        self._n += 1
        msg = {"id": self._n, "method": method, "params": params}
        if self.session:
            msg["sessionId"] = self.session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        end = time.monotonic() + 30
        while True:
            while b"\0" in self._buf:
                raw, self._buf = self._buf.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._n:
                    assert "error" not in answer, answer
                    return answer["result"]
            ready, _, _ = select.select([self._r], [], [], max(0.0, end - time.monotonic()))
            assert ready, f"chromium did not answer {method}"
            chunk = os.read(self._r, 1 << 20)
            assert chunk, "chromium closed the pipe"
            self._buf += chunk

    def open(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        for _ in range(100):
            if self.js("document.readyState === 'complete' && !!document.getElementById('map')"):
                return
            import time
            time.sleep(0.05)
        raise AssertionError("the page did not finish loading")

    def js(self, expression: str):
        return self.send("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def touch(self, kind: str, *points):
        self.send("Input.dispatchTouchEvent", type=kind,
                  touchPoints=[{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)])

    def close(self) -> None:
        try:
            self.send("Browser.close")
            self.proc.wait(10)
        except Exception:
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)
            import os
            for fd in (self._w, self._r):
                try:
                    os.close(fd)
                except OSError:
                    pass


@needs_chromium
def test_real_fingers_tap_a_hatchway_and_pinch_the_map(page, tmp_path):
    """Touch input as a phone's screen sends it (DevTools Input domain, the
    page in a phone's size with touch): a tap toggles a hatchway, a mouse
    click toggles it back, a drag that starts on it only moves the map, two
    fingers spreading zoom in, the wheel zooms out."""
    mission, out = page
    b = Browser(tmp_path / "profile")
    try:
        b.open(out.as_uri())
        n_open = sum(1 for p in hatchways(mission) if p.open)
        assert b.js("document.querySelectorAll('.hatch').length") == 20
        x, y = b.js("(function(){var r=document.querySelector('.hatch .hit').getBoundingClientRect();"
                    "return [r.left+r.width/2, r.top+r.height/2]})()")
        state = "document.querySelector('.hatch').getAttribute('data-open')"
        before = b.js(state)
        b.touch("touchStart", (x, y))
        b.touch("touchEnd")
        assert b.js(state) != before
        now_open = n_open + (1 if before == "0" else -1)
        assert b.js("document.getElementById('hatch-count').textContent") == \
            f"Hatchways: {now_open} open, {20 - now_open} closed"
        for kind in ("mousePressed", "mouseReleased"):
            b.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        assert b.js(state) == before
        width = "parseFloat(document.getElementById('map').getAttribute('viewBox').split(' ')[2])"
        w0 = b.js(width)
        b.touch("touchStart", (x, y))
        for k in range(1, 6):
            b.touch("touchMove", (x + 12 * k, y + 4 * k))
        b.touch("touchEnd")
        assert b.js(state) == before and b.js(width) == pytest.approx(w0)  # moved, not toggled, not zoomed
        cx, cy = b.js("(function(){var r=document.getElementById('map').getBoundingClientRect();"
                      "return [r.left+r.width/2, r.top+r.height/2]})()")
        b.touch("touchStart", (cx - 30, cy), (cx + 30, cy))
        for k in range(1, 7):
            b.touch("touchMove", (cx - 30 - 10 * k, cy), (cx + 30 + 10 * k, cy))
        b.touch("touchEnd")
        assert w0 / b.js(width) == pytest.approx(3.0, rel=0.05)   # fingers 60 px apart, then 180
        w1 = b.js(width)
        b.send("Input.dispatchMouseEvent", type="mouseWheel", x=cx, y=cy, deltaX=0, deltaY=300)
        assert b.js(width) > w1
        b.js("document.getElementById('zoom-home').click()")
        assert b.js(width) == pytest.approx(w0)
    finally:
        b.close()


def _hostile():
    from dataclasses import replace

    m = load_mission(LIBRARY / "derelict-crossing.yaml")
    return replace(m, title="</script><script>window.hacked = 1</script>",
                   mission=replace(m.mission, briefing='<img src=x onerror="window.hacked = 2"> & "quotes"'),
                   objectives=tuple(replace(o, name="</text><script>x()</script>") for o in m.objectives))


def test_texts_stay_text():
    from layout_editor.export.html_page import html_text

    text = html_text(_hostile())
    parser = _Tags()
    parser.feed(text)
    assert [t for t, _a in parser.tags if t == "script"] == ["script", "script"]  # the page's data and code
    assert not [t for t, _a in parser.tags if t == "img"]
    assert "&lt;img src=x onerror=" in text


@needs_chromium
def test_a_map_without_hatchways_and_hostile_texts_still_work(tmp_path):
    from dataclasses import replace

    from layout_editor.export.html_page import html_text

    out = tmp_path / "bare.html"
    out.write_text(html_text(replace(_hostile(), pieces=())), encoding="utf-8")
    r = _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=3000", "--dump-dom",
                  out.as_uri() + "#selftest")
    found = re.search(r'<pre id="selftest">(.*?)</pre>', r.stdout, re.S)
    assert found, r.stderr[-2000:]
    got = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert got["hatches"] == 0 and got["pinch_zoom"] == pytest.approx(2.0, rel=0.05)
    b = Browser(tmp_path / "profile2")
    try:
        b.open(out.as_uri())
        assert b.js("typeof window.hacked") == "undefined"
        assert b.js("document.title") == "</script><script>window.hacked = 1</script>"
    finally:
        b.close()
