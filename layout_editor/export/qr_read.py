"""Reading share codes back from a picture: a photo or screenshot of a
card. The QR codes in it are found and decoded with zxing-cpp (a maintained
C++ reader with wheels for every platform); those that hold a share code
are returned, in either of its forms. No Qt here.

A picture comes from anyone, so it is read in bounded memory and time:
- only ordinary picture formats are opened (PNG, JPEG, WebP, BMP, GIF,
  TIFF): never one whose reader runs another program (Pillow's EPS runs
  Ghostscript) or that the user would not mean;
- its size is read from the header before anything is decoded, and a
  picture whose decoding would need more than DECODE_BYTES is not decoded
  (a 138-byte PNG may claim 60,000 x 60,000 pixels);
- a large JPEG is decoded reduced (JPEG can be decoded at 1/2, 1/4 or 1/8
  of its size at a fraction of the cost), and whatever is decoded is made
  grey and at most READ_SIDE pixels on its longer side before the QR reader
  sees it: a QR code on a card needs far fewer pixels (a share code's
  largest QR code has 177 modules a side; a photo filling a third of the
  picture with it still gives over five pixels a module);
- every picture that cannot be read, is too large, or holds no share code
  is the one NoCodeInImage, so the editor gives one clear message.
Measured in benchmarks/bench_io_limits.py: under 300 MB and a few seconds
for every hostile picture there.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

# The formats a photo or screenshot of a card comes in.
FORMATS = ("PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF")
# The longest side, in pixels, a picture is read at.
READ_SIDE = 3000
# The most memory one decoded picture may take (4 bytes a pixel counted:
# the widest ordinary mode, RGBA): 32 million pixels.
DECODE_BYTES = 128 * 1024 * 1024


class NoCodeInImage(ValueError):
    """The picture cannot be read, is too large to read, or holds no share code."""


def _open_reduced(path):
    """The picture at `path`, decoded reduced and grey, at most READ_SIDE
    pixels on its longer side; NoCodeInImage when it cannot or may not be."""
    from PIL import Image, UnidentifiedImageError

    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        raise NoCodeInImage(f"{path}: cannot read the picture ({getattr(e, 'strerror', None) or e})") from None
    if not stat.S_ISREG(st.st_mode):  # a folder, a pipe (which would block), a device
        raise NoCodeInImage(f"{path}: not a picture file")
    try:
        # The header only: Image.open decodes nothing yet. Pillow's own bomb
        # check (DecompressionBombError) is caught too; ours is stricter.
        with Image.open(path, formats=FORMATS) as img:
            w, h = img.size
            if w <= 0 or h <= 0:
                raise NoCodeInImage(f"{path}: the picture has no pixels")
            if img.format == "JPEG":
                # Decoded at 1/2, 1/4 or 1/8 of its size, at least READ_SIDE.
                scale = max(1, min(8, max(w, h) // READ_SIDE))
                img.draft("L", (max(1, w // scale), max(1, h // scale)))
                w, h = img.size
            if w * h * 4 > DECODE_BYTES:
                raise NoCodeInImage(f"{path}: the picture is too large to read ({img.size[0]:,} x "
                                    f"{img.size[1]:,} pixels; at most {DECODE_BYTES // 4:,} pixels)")
            img.load()
            grey = img.convert("L")
    except NoCodeInImage:
        raise
    except (OSError, UnidentifiedImageError, ValueError, SyntaxError, EOFError, MemoryError,
            Image.DecompressionBombError) as e:
        raise NoCodeInImage(f"{path}: not a picture this program can read ({type(e).__name__})") from None
    grey.thumbnail((READ_SIDE, READ_SIDE))  # keeps the proportions; never enlarges
    return grey


def codes_in_image(image) -> list[str]:
    """The share codes of the QR codes in a picture (a path or a PIL image),
    in the order found. NoCodeInImage when a path cannot be read."""
    import zxingcpp

    if isinstance(image, (str, Path)):
        image = _open_reduced(image)
    try:
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    except (ValueError, RuntimeError, MemoryError, TypeError) as e:
        raise NoCodeInImage(f"not a picture this program can read ({type(e).__name__})") from None
    return [r.text for r in found if r.text.strip().upper().startswith("BAM")]


def mission_from_image(path):
    """The mission of the first share code in a picture. NoCodeInImage when
    there is none (or the picture cannot be read); ShareCodeError when the
    code cannot be used."""
    from ..io.share_code import decode

    codes = codes_in_image(path)
    if not codes:
        raise NoCodeInImage(f"{path}: no share code found in the picture")
    return decode(codes[0])


__all__ = ["codes_in_image", "mission_from_image", "NoCodeInImage", "READ_SIDE", "DECODE_BYTES"]
