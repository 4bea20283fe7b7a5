"""The share code as a QR code on the card, drawn as vector squares so it
prints sharp at any size. Left off (with a note) when the code needs a QR
version too dense to scan from paper at the printed size."""
from __future__ import annotations

from dataclasses import dataclass

from ..model.mission import Mission
from .drawing import Page

# A phone camera reads a printed QR code reliably down to about 0.33 mm a
# module. The card gives the code at most 150 pt (53 mm) with its quiet
# zone: version 32 (145 modules) is the densest that keeps 0.34 mm.
MAX_VERSION = 32
MODULE_MM = 0.36
MAX_SIDE = 150.0
MIN_SIDE = 96.0
QR_CAPTION = "Share code: scan, then File > Import share code"


@dataclass(frozen=True)
class QR:
    code: str
    version: int
    matrix: tuple[tuple[bool, ...], ...]


def qr_for(mission: Mission, share: str | None | bool = None) -> QR | None:
    """The QR of a mission's share code, or None when it does not fit.
    `share` may hold an already made code; False means no QR wanted."""
    if share is False:
        return None
    import qrcode
    from qrcode.exceptions import DataOverflowError

    from .share_code import encode

    code = share if isinstance(share, str) else encode(mission)
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
    q.add_data(code.encode("ascii"), optimize=0)
    try:
        q.make(fit=True)
    except (DataOverflowError, ValueError):
        return None
    if q.version > MAX_VERSION:
        return None
    return QR(code, q.version, tuple(tuple(bool(c) for c in row) for row in q.get_matrix()))


def qr_side(qr: QR) -> float:
    """The printed side in points: modules of MODULE_MM, within the room the
    card has."""
    from .drawing import MM

    return max(MIN_SIDE, min(MAX_SIDE, (len(qr.matrix) + 8) * MODULE_MM * MM))


def draw_qr(page: Page, qr: QR, x: float, y: float, side: float, caption: str | None = QR_CAPTION) -> None:
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

        for k, line in enumerate(wrap(caption, 6.0, side + 40)):
            page.text(x + side / 2, y + side + 7 + k * 7.5, line, 6.0, colour="#444444", anchor="middle")
