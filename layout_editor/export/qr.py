"""The share code as a QR code on the card, drawn as vector squares so it
prints sharp at any size.

The QR code holds the share code in its Base45 form (share_code.qr_text):
the QR code's alphanumeric mode, at error correction level M (15 % of the
code may be lost), where the chat code in byte mode needed level L (7 %).
Modules are 0.58 mm: 2.3 pixels in a 100 dpi scan or render, which zbar
and zxing read (0.36 mm, 1.4 pixels, read in none).

The matrix comes from segno's public API (mask chosen by the standard's
penalty rules), at about the speed of the hand-made mask choice it replaces.
Left off (with a note) when the code needs a QR version too large for its
place on the card.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.mission import Mission
from .drawing import Page

# Version 32 (145 modules) at 0.58 mm with its quiet zone is 89 mm: a
# column of the card's back.
MAX_VERSION = 32
# A table of more pieces than this never fits the largest QR printed (version
# MAX_VERSION holds under 3,000 characters; the library's missions take 20
# or more a piece), so its share code is not made for the QR at all: for a
# hostile file of thousands of pieces, writing out the mission to learn that
# was most of the card's time.
QR_MAX_PIECES = 1000
MODULE_MM = 0.58
ERROR = "m"
QR_CAPTION = "Share code: scan, then File > Import share code"


@dataclass(frozen=True)
class QR:
    code: str      # the share code players copy (base64url)
    version: int
    matrix: tuple[tuple[bool, ...], ...]
    text: str = ""  # what the QR code holds (the Base45 form)


def qr_for(mission: Mission, share: str | None | bool = None) -> QR | None:
    """The QR of a mission's share code, or None when it does not fit.
    `share` may hold an already made code; False means no QR wanted."""
    if share is False:
        return None
    import segno
    from segno import DataOverflowError

    from ..io.share_code import encode, qr_text

    if not isinstance(share, str) and len(mission.pieces) > QR_MAX_PIECES:
        return None  # never fits: said without writing out a file of megabytes to learn it
    code = share if isinstance(share, str) else encode(mission)
    text = qr_text(code)
    try:
        q = segno.make_qr(text, error=ERROR, mode="alphanumeric", boost_error=False)
    except (DataOverflowError, ValueError):
        return None
    if q.version > MAX_VERSION:
        return None
    return QR(code, q.version, tuple(tuple(bool(c) for c in row) for row in q.matrix), text)


def qr_side(qr: QR) -> float:
    """The printed side in points, quiet zone included: modules of MODULE_MM."""
    from .drawing import MM

    return (len(qr.matrix) + 8) * MODULE_MM * MM


def draw_qr(page: Page, qr: QR, x: float, y: float, side: float, caption: str | None = QR_CAPTION,
            caption_w: float | None = None) -> None:
    """The code with its quiet zone in the square (x, y, side); the caption
    under it, wrapped to the code's width (or caption_w), never wider."""
    n = len(qr.matrix)
    quiet = 4 * side / (n + 8)  # the quiet zone a reader needs around it
    m = (side - 2 * quiet) / n
    page.rect(x, y, side, side, fill="#ffffff")
    # One rectangle per run of dark modules keeps the PDF small and fast.
    for r, row in enumerate(qr.matrix):
        c = 0
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                # A hair of overlap so no white seams show between runs.
                page.rect(x + quiet + start * m, y + quiet + r * m, (c - start) * m, m + 0.05, fill="#000000")
            else:
                c += 1
    if caption:
        from .flow import wrap

        width = min(side, caption_w or side)
        for k, line in enumerate(wrap(caption, 6.0, width)):
            page.text(x + side / 2, y + side + 7 + k * 7.5, line, 6.0, colour="#444444", anchor="middle")
