"""Reading share codes back from a picture: a photo or screenshot of a
card. The QR codes in it are found and decoded with zxing-cpp (a maintained
C++ reader with wheels for every platform); those that hold a share code
are returned, in either of its forms. No Qt here."""
from __future__ import annotations

from pathlib import Path


class NoCodeInImage(ValueError):
    """The picture cannot be read, or holds no share code."""


def codes_in_image(image) -> list[str]:
    """The share codes of the QR codes in a picture (a path or a PIL image),
    in the order found."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    if isinstance(image, (str, Path)):
        try:
            with Image.open(image) as img:
                img.load()
                image = img.convert("RGB")
        except (OSError, UnidentifiedImageError) as e:
            raise NoCodeInImage(f"{image}: not a picture this program can read ({e})") from None
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [r.text for r in found if r.text.strip().upper().startswith("BAM")]


def mission_from_image(path):
    """The mission of the first share code in a picture. NoCodeInImage when
    there is none; ShareCodeError when the code cannot be used."""
    from ..io.share_code import decode

    codes = codes_in_image(path)
    if not codes:
        raise NoCodeInImage(f"{path}: no share code found in the picture")
    return decode(codes[0])


__all__ = ["codes_in_image", "mission_from_image", "NoCodeInImage"]
