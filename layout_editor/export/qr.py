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
        # Find the version first: choosing the mask (the slow part) is only
        # worth it for a code that will be printed.
        if q.best_fit() > MAX_VERSION:
            return None
        q.mask_pattern = best_mask(q)
        q.make(fit=False)
    except (DataOverflowError, ValueError):
        return None
    return QR(code, q.version, tuple(tuple(bool(c) for c in row) for row in q.get_matrix()))


def _masks(n: int):
    """The eight QR mask patterns (ISO/IEC 18004), True where a module flips."""
    import numpy as np

    i, j = np.indices((n, n))
    return [
        (i + j) % 2 == 0,
        i % 2 == 0,
        j % 3 == 0,
        (i + j) % 3 == 0,
        (i // 2 + j // 3) % 2 == 0,
        (i * j) % 2 + (i * j) % 3 == 0,
        ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        ((i * j) % 3 + (i + j) % 2) % 2 == 0,
    ]


def penalty(m) -> int:
    """The mask penalty score of ISO/IEC 18004 (runs, blocks, finder-like
    patterns, dark balance), as the qrcode package scores it, with numpy."""
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    m = np.asarray(m, dtype=bool)
    n = m.shape[0]
    score = 0
    # 1: five or more of a colour in a row or column: 3 points, +1 per extra.
    for lines in (m, m.T):
        starts = np.ones(lines.shape, dtype=bool)
        starts[:, 1:] = lines[:, 1:] != lines[:, :-1]
        runs = np.bincount(np.cumsum(starts.ravel()))[1:]  # every line starts a run
        long = runs[runs >= 5]
        score += int(long.sum() - 2 * len(long))
    # 2: every 2 x 2 block of one colour: 3 points.
    block = (m[:-1, :-1] == m[1:, :-1]) & (m[:-1, :-1] == m[:-1, 1:]) & (m[:-1, :-1] == m[1:, 1:])
    score += 3 * int(block.sum())
    # 3: 1011101 with four light modules on either side: 40 points.
    a = np.array([1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], dtype=bool)
    b = a[::-1]
    for lines in (m, m.T):
        win = sliding_window_view(lines, 11, axis=1)
        score += 40 * int((win == a).all(axis=2).sum() + (win == b).all(axis=2).sum())
    # 4: 10 points per 5 % the dark share is away from half.
    dark = int(m.sum())
    score += 10 * int(abs(dark * 100 / (n * n) - 50) // 5)
    return score


def best_mask(q) -> int:
    """The mask with the least penalty. The qrcode package places the data
    eight times to score the masks; here it is placed once and each mask is
    applied to it with numpy (the placement is the slow part)."""
    import copy

    import numpy as np
    from qrcode.main import precomputed_qr_blanks

    q.makeImpl(True, 0)
    m0 = np.array(q.modules, dtype=bool)
    n = m0.shape[0]
    # Data modules: what the function patterns and the format and version
    # information leave free.
    q.modules = copy.deepcopy(precomputed_qr_blanks[q.version])
    q.setup_type_info(True, 0)
    if q.version >= 7:
        q.setup_type_number(True)
    data = np.array([[v is None for v in row] for row in q.modules], dtype=bool)
    masks = _masks(n)
    best, best_score = 0, None
    for k in range(8):
        mk = m0 ^ (data & (masks[0] ^ masks[k]))
        # The format information differs from mask to mask: write this one's.
        q.modules = [[None] * n for _ in range(n)]
        q.setup_type_info(True, k)
        for r, row in enumerate(q.modules):
            for c, v in enumerate(row):
                if v is not None:
                    mk[r, c] = v
        score = penalty(mk)
        if best_score is None or score < best_score:
            best, best_score = k, score
    return best


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
