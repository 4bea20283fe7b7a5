"""The QR code on the card: the share code in Base45 in the QR code's
alphanumeric mode at error correction M, made by segno; it reads back into
the same mission, from a 100 dpi render of every library card (zbar when
installed, zxing-cpp always) and from imperfect photos of it."""
from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
import segno

from layout_editor.export import build_pages, render
from layout_editor.export.drawing import MM, render_image
from layout_editor.export.qr import ERROR, MAX_VERSION, MODULE_MM, qr_for
from layout_editor.export.specimen import specimen_mission
from layout_editor.io import dumps_mission, load_mission
from layout_editor.io.share_code import decode, encode, qr_text

LIBRARY = sorted((Path(__file__).resolve().parents[2] / "mission_library").glob("*.yaml"))


def test_printed_qr_holds_the_share_code_in_alphanumeric_mode_at_level_m():
    m = specimen_mission()
    qr = qr_for(m)
    assert qr is not None and qr.code == encode(m) and qr.version <= MAX_VERSION
    assert qr.text == qr_text(qr.code) and qr.text.startswith("BAM1") and qr.text[4].isupper()
    ref = segno.make_qr(qr.text, error=ERROR, mode="alphanumeric", boost_error=False)
    assert ref.mode == "alphanumeric" and ref.error in ("M", "Q", "H")
    assert [list(r) for r in qr.matrix] == [[bool(c) for c in r] for r in ref.matrix]
    assert dumps_mission(decode(qr.text)) == dumps_mission(m)
    assert MODULE_MM >= 0.55


def _card_back(path: Path, dpi: float, tmp_path: Path | None = None):
    """The mission, its QR and the card's back as an image: rendered from
    the PDF by poppler (as a printer driver or viewer would) when pdftoppm
    is installed, else by the program's own renderer."""
    m = load_mission(path)
    pages = build_pages(m, "card", "a4")
    if tmp_path is not None and shutil.which("pdftoppm"):
        from PIL import Image

        pdf = tmp_path / "card.pdf"
        pdf.write_bytes(render(m, "card", "a4", pages=pages))
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "2", "-l", "2", "-png", "-singlefile", str(pdf),
                        str(tmp_path / "back")], check=True)
        return m, qr_for(m), Image.open(tmp_path / "back.png").convert("RGB")
    return m, qr_for(m), render_image(pages[1], dpi=dpi)


def _zxing(image) -> list[str]:
    from layout_editor.export.qr_read import codes_in_image

    return codes_in_image(image)


# zbar, a second decoder, where it is installed (.ci/run installs it on CI);
# its tests skip, saying so, elsewhere.
needs_zbar = pytest.mark.skipif(shutil.which("zbarimg") is None,
                                reason="zbarimg is not installed: the second QR decoder's checks need it "
                                       "(apt-get install zbar-tools)")


def _zbar(image, tmp_path: Path) -> list[str]:
    out = tmp_path / "scan.png"
    image.save(out)
    run = subprocess.run(["zbarimg", "-q", "--raw", str(out)], capture_output=True, text=True)
    return [line for line in run.stdout.splitlines() if line]


@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
def test_every_library_card_qr_reads_at_100_dpi(path, tmp_path):
    m, qr, image = _card_back(path, 100, tmp_path)
    assert qr is not None, "the card has its QR code"
    assert _zxing(image) == [qr.text]
    assert dumps_mission(decode(qr.text)) == dumps_mission(m)


@needs_zbar
@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
def test_library_card_qr_reads_with_zbar_too(path, tmp_path):
    m, qr, image = _card_back(path, 100, tmp_path)
    assert _zbar(image, tmp_path) == [qr.text]


def _photo(image, rng: random.Random):
    """A phone photo of the printed card: a little turned, slightly
    blurred, lit unevenly from one side."""
    from PIL import Image, ImageFilter

    img = image.convert("L").rotate(rng.uniform(-6, 6), resample=Image.BICUBIC, expand=True, fillcolor=255)
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 0.9)))
    w, h = img.size
    light = Image.linear_gradient("L").resize((w, h)).rotate(rng.choice((0, 90, 180, 270)))
    shade = light.point(lambda v: 150 + v * 105 // 255)  # 60 % to 100 % of the light
    from PIL import ImageChops

    return ImageChops.multiply(img, shade)


def _photos(tmp_path):
    path = next(p for p in LIBRARY if p.name == "severed-spine.yaml")  # the longest code
    m, qr, image = _card_back(path, 150, tmp_path)
    side = round((len(qr.matrix) + 8) * MODULE_MM * MM * 150 / 72)
    assert side > 0
    w, h = image.size
    crop = image.crop((w // 2, h // 3, w, h))  # the back's lower right: the code and some text
    rng = random.Random(15)
    return qr, [_photo(crop, rng) for _ in range(10)]


def test_a_photo_of_the_card_reads_nine_times_in_ten(tmp_path):
    qr, photos = _photos(tmp_path)
    assert sum(_zxing(p) == [qr.text] for p in photos) >= 9


@needs_zbar
def test_a_photo_of_the_card_reads_nine_times_in_ten_with_zbar(tmp_path):
    qr, photos = _photos(tmp_path)
    assert sum(_zbar(p, tmp_path) == [qr.text] for p in photos) >= 9


def test_qr_form_and_chat_form_import_alike_and_old_codes_still_do():
    m = specimen_mission()
    code = encode(m)
    assert " " not in code and code.startswith("BAM1")
    form = qr_text(code)
    assert set(form[6:]) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    assert dumps_mission(decode(form)) == dumps_mission(decode(code)) == dumps_mission(m)
    assert dumps_mission(decode(f'  "{form}"\n')) == dumps_mission(m)


def test_the_card_pdf_holds_the_qr_on_its_back():
    data = render(specimen_mission(), "card")
    assert data.startswith(b"%PDF")
