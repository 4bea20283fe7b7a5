"""Exports and pictures in bounded memory: every raster within its pixel
budget (boards 99 m apart cannot ask for gigabytes), a pack beyond its
documented limit refused in one line, pictures that claim or hold huge sizes
answered with the one "no share code" message in bounded memory, and the
fast paths these need checked against the plain way."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path

import pytest

from layout_editor import cli
from layout_editor.export.drawing import MAX_RASTER_PIXELS, Page, raster_dpi, render_image

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "mission_library"

FAR = """format: boarding-actions-mission
version: 1
title: Far apart
players: 2
boards:
  - {id: A, at: [0, 0]}
  - {id: B, at: [99000, 99000]}
pieces:
  - {code: pillar-left, board: A, at: [2, 2]}
  - {code: pillar-left, board: B, at: [2, 2]}
objectives:
  - {id: '1', at: [300, 300]}
  - {id: '2', at: [99300, 99300]}
"""


# Runs the code given in a child of its own under a 2 GB cap and prints the
# child's exit code and peak memory: measured in a fresh interpreter, away
# from this test process (whose other children, and Qt's handling of them,
# would blur a measurement taken here).
PROBE = """
import resource, subprocess, sys
def cap():
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024 ** 3, 2 * 1024 ** 3))
run = subprocess.run([sys.executable, "-c", *sys.argv[1:]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                     preexec_fn=cap)
sys.stderr.buffer.write(run.stderr)
print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_mb(code: str, *args: str) -> tuple[int, str, float]:
    """Run `code` in a fresh interpreter under a 2 GB cap: (exit code,
    stderr, its own peak resident memory in MB)."""
    run = subprocess.run([sys.executable, "-c", PROBE, textwrap.dedent(code), *args], capture_output=True,
                         text=True, cwd=ROOT, timeout=300)
    rc, kb = run.stdout.split()
    return int(rc), run.stderr, int(kb) / 1024


# -- rasters ---------------------------------------------------------------------------------

def test_boards_99_m_apart_are_refused_for_a_virtual_tabletop_in_one_line(tmp_path):
    src = tmp_path / "far.yaml"
    src.write_text(FAR, encoding="utf-8")
    code, err, peak = peak_mb("from layout_editor.cli import main; import sys; sys.exit(main(sys.argv[1:]))",
                              "export", str(src), "-o", str(tmp_path / "far.dd2vtt"), "--layout", "uvtt")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "too large for a virtual tabletop image" in err and "40,000,000 pixels" in err
    assert not (tmp_path / "far.dd2vtt").exists()
    assert peak < 1024  # it took 23.6 GB


def test_a_vtt_map_gets_fewer_pixels_a_square_to_stay_within_the_budget():
    from layout_editor.export.uvtt import PIXELS_PER_GRID, MapTooLarge, pixels_per_grid_for

    # squares are inches: two boards side by side are about 56 x 24
    assert pixels_per_grid_for(56, 24) == PIXELS_PER_GRID  # a real table: as before
    ppg = pixels_per_grid_for(600, 100)
    assert ppg < PIXELS_PER_GRID and 600 * 100 * ppg ** 2 <= MAX_RASTER_PIXELS
    with pytest.raises(MapTooLarge):
        pixels_per_grid_for(1029, 1028)


def test_the_png_map_and_previews_of_a_huge_table_stay_within_the_budget(tmp_path, capsys):
    src = tmp_path / "far.yaml"
    src.write_text(FAR, encoding="utf-8")
    assert cli.main(["export", str(src), "-o", str(tmp_path / "far.png"), "--layout", "map-png"]) == 0
    from PIL import Image

    with Image.open(tmp_path / "far.png") as img:
        assert img.size[0] * img.size[1] <= MAX_RASTER_PIXELS
    page = Page(80_000, 80_000)  # the map page of such a table, previewed
    page.rect(0, 0, 80_000, 80_000, fill="#202020")
    image = render_image(page, dpi=96)
    assert image.size[0] * image.size[1] <= MAX_RASTER_PIXELS


def test_supersampling_goes_before_resolution():
    page = Page(595, 842)
    assert raster_dpi(page, 150, 2) == (150, 2)  # a page preview: as before
    dpi, ss = raster_dpi(page, 500, 2)
    assert ss == 1 and dpi == 500  # 500 dpi fits without supersampling
    dpi, ss = raster_dpi(page, 3000, 2)
    assert ss == 1 and page.width * page.height * (dpi / 72) ** 2 <= MAX_RASTER_PIXELS


def test_a_shape_with_holes_draws_the_same_through_its_small_mask():
    page = Page(200, 100)
    outer = [(10, 10), (190, 10), (190, 90), (10, 90)]
    hole = [(50, 30), (150, 30), (150, 70), (50, 70)]
    page.poly([outer, hole], fill="#ff0000")
    img = render_image(page, dpi=72, supersample=1)
    assert img.getpixel((20, 20)) == (255, 0, 0)      # in the shape
    assert img.getpixel((100, 50)) == (255, 255, 255)  # in the hole
    assert img.getpixel((5, 5)) == (255, 255, 255)     # outside


# -- the pack --------------------------------------------------------------------------------

def test_a_pack_beyond_its_limit_is_refused_before_any_mission_is_read(tmp_path, capsys):
    from layout_editor.export.pack import MAX_MISSIONS

    files = [str(LIBRARY / "derelict-crossing.yaml")] * (MAX_MISSIONS + 1)
    files[-1] = str(tmp_path / "never-read.yaml")  # not even there: the count is refused first
    code = cli.main(["pack", *files, "-o", str(tmp_path / "pack.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert f"at most {MAX_MISSIONS} missions, not {MAX_MISSIONS + 1}" in err
    assert not (tmp_path / "pack.pdf").exists()
    doc = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"at most {MAX_MISSIONS} missions" in doc


# -- pictures --------------------------------------------------------------------------------

def _png_claiming(width: int, height: int) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


READ = """
import sys
from layout_editor.export.qr_read import NoCodeInImage, mission_from_image
try:
    print(mission_from_image(sys.argv[1]).title)
except NoCodeInImage as e:
    print(e, file=sys.stderr)
    sys.exit(3)
"""


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    from PIL import Image

    folder = tmp_path_factory.mktemp("pictures")
    (folder / "claims-60000.png").write_bytes(_png_claiming(60_000, 60_000))
    old = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None
    try:
        Image.new("L", (20_000, 20_000), 255).save(folder / "white-20000.png")
    finally:
        Image.MAX_IMAGE_PIXELS = old
    (folder / "truncated.png").write_bytes(_png_claiming(100, 100)[:40])
    (folder / "not-a-picture.png").write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n")
    (folder / "a-folder.png").mkdir()
    os.mkfifo(folder / "a-pipe.png")
    return folder


@pytest.mark.parametrize("name", ["claims-60000.png", "white-20000.png", "truncated.png", "not-a-picture.png",
                                  "a-folder.png", "a-pipe.png", "missing.png"])
def test_every_unreadable_or_oversized_picture_is_no_code_in_bounded_memory(pictures, name):
    code, err, peak = peak_mb(READ, str(pictures / name))
    assert code == 3, err  # NoCodeInImage: the editor's one message
    assert "Traceback" not in err
    assert peak < 300


def test_a_large_photo_is_read_reduced_and_its_code_still_found(tmp_path):
    """A 9,400 x 9,400 photo of a card (it cost 1.2 GB): read at 1/4 size,
    the QR code on it still read."""
    from PIL import Image

    from layout_editor.export import build_pages
    from layout_editor.io import load_mission

    back = render_image(build_pages(load_mission(LIBRARY / "derelict-crossing.yaml"), "card", "a4")[1], dpi=150)
    photo = Image.new("RGB", (9400, 9400), (200, 190, 180))
    card = back.resize((back.width * 4, back.height * 4))
    photo.paste(card, (400, 300))
    photo.save(tmp_path / "photo.jpg", quality=90)
    del photo, card
    code, err, peak = peak_mb(READ, str(tmp_path / "photo.jpg"))
    assert code == 0, err
    assert peak < 300


# -- fast paths against the plain way --------------------------------------------------------

def _clean_plain(text) -> str:
    """clean() as it was written first: one character after another."""
    from layout_editor.export.fonts import _FONTS, _ISOLATES

    out = []
    for ch in str(text):
        cat = unicodedata.category(ch)
        if ch in "\t\n\r\x0b\x0c\u2028\u2029\x85":
            out.append(" ")
        elif cat == "Cc" or cat == "Cf" and ch not in "\u00ad\u200d" + _ISOLATES:
            continue
        elif cat == "Cs" or ch in "\ufffe\uffff" or "\ufdd0" <= ch <= "\ufdef" or (
                ord(ch) > 0xFFFF and (ord(ch) & 0xFFFE == 0xFFFE or _FONTS.face_for(ch, False) is None)):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def test_clean_is_the_plain_way():
    from layout_editor.export.fonts import clean

    rng = random.Random(25)
    pools = ["abc xyz", "\t\n\r\x0b\x0c\u2028\u2029\x85", "\x00\x1b\x7f\u200e\u202e\u2066\u2069\u00ad\u200d",
             "\ud800\udfff\ufffe\uffff\ufdd0\ufdef", "äöüß中文العربية", "\U0001F600\U0001FFFE\U00010000"]
    for _ in range(500):
        text = "".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(0, 40)))
        assert clean(text) == _clean_plain(text), repr(text)


def test_the_label_placer_places_as_looking_at_every_box_does():
    from layout_editor.export import labels

    class Everything(labels._Boxes):
        def near(self, b):
            return list(self.boxes)

    rng = random.Random(7)
    for _ in range(30):
        obstacles = [(x, y, x + rng.uniform(1, 40), y + rng.uniform(1, 15))
                     for x, y in ((rng.uniform(0, 400), rng.uniform(0, 300)) for _ in range(rng.randint(0, 80)))]
        obstacles += obstacles[:5]  # copies
        soft = [(x, y, x + 30, y + 6) for x, y in ((rng.uniform(0, 400), rng.uniform(0, 300)) for _ in range(20))]
        labs = [labels.Label(n, (rng.uniform(0, 400), rng.uniform(0, 300)), rng.uniform(10, 60), rng.uniform(5, 12),
                             clear=rng.choice([0.0, 4.0])) for n in range(rng.randint(1, 40))]
        fast = labels.Placer(obstacles, soft, bounds=(0, 0, 400, 300))
        plain = labels.Placer(obstacles, soft, bounds=(0, 0, 400, 300))
        plain.hard, plain.soft = Everything(obstacles), Everything(soft)
        assert [fast.place(lab) for lab in labs] == [plain.place(lab) for lab in labs]


def test_names_that_share_a_long_start_are_fitted_quickly_and_differ():
    from layout_editor.export.labels import fit_names

    names = ["N" * 490 + str(n) for n in range(300)]
    width = lambda text, size: len(text) * size * 0.5  # noqa: E731
    fitted = fit_names(names, 10.0, 60.0, width, min_size=8.0)
    texts = [" ".join(f.lines) for f in fitted]
    assert len(set(texts)) == len(names)


def test_the_writers_surely_fits_is_never_less_than_the_line_written():
    """_one_line skips the trial dump when _most_width says a line surely
    fits: it must never be less than what yaml writes."""
    import yaml

    from layout_editor.io.writer import _Dumper, _FlowMap, _most_width

    rng = random.Random(3)
    words = ["A1", "B", "right", "true", "null", "on", "1e3", "0x1F", "a b", "é", "x-y", "-", "", "'", '"q"',
             "#", ": ", "\x07", "\u2028", "N" * 30, "中文"]
    keys = ["code", "board", "from", "to", "on", "yes", "x-odd key", "id", "name", "é"]
    for _ in range(2000):
        data = {}
        for k in rng.sample(keys, rng.randint(1, 6)):
            kind = rng.random()
            if kind < 0.4:
                data[k] = rng.choice(words)
            elif kind < 0.7:
                data[k] = [rng.choice([0, 2, -7, 1.5, 1e-7, 123456789.123456, True, None]) for _ in range(rng.randint(0, 3))]
            else:
                data[k] = rng.choice([0, -1, 3.25, 1e21, float("inf"), True, False, None, 10 ** 12])
        text = yaml.dump(_FlowMap(data), Dumper=_Dumper, default_flow_style=False, allow_unicode=True, width=10_000,
                         sort_keys=False).strip()
        if "\n" not in text:
            assert len(text) <= _most_width(data), (data, text)
