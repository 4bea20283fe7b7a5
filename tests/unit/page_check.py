"""What a reader of a printed page would complain about, found in the
page's display list: texts that overlap each other or cover an objective
marker, names cut with "…", and text too near the paper's edge for a
printer to print it."""
from __future__ import annotations

import math

from layout_editor.export.drawing import Circle, Clip, EndClip, Text
from layout_editor.export.fonts import text_width

EDGE_MM = 6.5
MM = 72.0 / 25.4


def text_box(op: Text) -> tuple[float, float, float, float]:
    """The box of a text's ink: cap height above the baseline, descenders below."""
    w = text_width(op.text, op.size, op.bold)
    x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[op.anchor]
    corners = [(x0, -0.72 * op.size), (x0 + w, -0.72 * op.size), (x0, 0.2 * op.size), (x0 + w, 0.2 * op.size)]
    a = math.radians(op.angle)
    ca, sa = math.cos(a), math.sin(a)
    pts = [(op.x + u * ca - v * sa, op.y + u * sa + v * ca) for u, v in corners]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def visible_texts(page):
    """(op, box) of every text that shows (texts outside a clip do not)."""
    clip = None
    out = []
    for op in page.ops:
        if isinstance(op, Clip):
            clip = (op.x, op.y, op.x + op.w, op.y + op.h)
        elif isinstance(op, EndClip):
            clip = None
        elif isinstance(op, Text):
            b = text_box(op)
            if clip is not None:
                b = (max(b[0], clip[0]), max(b[1], clip[1]), min(b[2], clip[2]), min(b[3], clip[3]))
                if b[2] - b[0] < 1.0 or b[3] - b[1] < 1.0:
                    continue
            out.append((op, b))
    return out


def markers(page):
    """The objective markers that show: white discs with a black edge (a
    marker clipped away on a tabletop sheet does not)."""
    clip, out = None, []
    for op in page.ops:
        if isinstance(op, Clip):
            clip = (op.x, op.y, op.x + op.w, op.y + op.h)
        elif isinstance(op, EndClip):
            clip = None
        elif isinstance(op, Circle) and op.fill == "#ffffff" and op.stroke:
            if clip is None or (clip[0] <= op.cx <= clip[2] and clip[1] <= op.cy <= clip[3]):
                out.append((op, clip))
    return out


def _overlap(a, b, slack: float) -> bool:
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def problems(page, edges: bool = True) -> list[str]:
    out = []
    texts = visible_texts(page)
    circles = markers(page)
    for n, (a, ba) in enumerate(texts):
        if "…" in a.text:
            out.append(f"cut: {a.text!r}")
        if edges:
            room = min(ba[0], ba[1], page.width - ba[2], page.height - ba[3]) / MM
            if room < EDGE_MM - 0.05:
                out.append(f"{room:.1f} mm from the edge: {a.text!r}")
        for b, bb in texts[n + 1:]:
            if _overlap(ba, bb, 0.3):
                out.append(f"overlap: {a.text!r} and {b.text!r}")
        raw = text_box(a)
        for c, clip in circles:
            inside = abs((raw[0] + raw[2]) / 2 - c.cx) < 0.5 and abs((raw[1] + raw[3]) / 2 - c.cy) < c.r
            if not inside and _overlap(ba, (c.cx - c.r, c.cy - c.r, c.cx + c.r, c.cy + c.r), 0.3):
                # A corner of the box may reach past the disc's curve.
                nx = min(max(c.cx, ba[0]), ba[2])
                ny = min(max(c.cy, ba[1]), ba[3])
                shown = clip is None or (clip[0] <= nx <= clip[2] and clip[1] <= ny <= clip[3])
                if shown and math.hypot(nx - c.cx, ny - c.cy) < c.r - 0.3:
                    out.append(f"covers marker: {a.text!r}")
    return out


def pdf_text_boxes(data: bytes) -> list[tuple[float, float, list[tuple[str, tuple]]]]:
    """Every text as a PDF reader finds it in the file (clipped or not: a
    clip hides ink, the text is still there for a reader, a search and a
    printer's driver), per page: (width, height, [(text, box)]), boxes in
    points from the page's top-left as text_box gives them. Read with pypdf:
    each string's matrix (text matrix times the current transformation),
    its font's size and weight, and its width from our own font metrics
    (the PDF embeds those fonts)."""
    import io

    from pypdf import PdfReader

    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        W, H = float(page.mediabox.width), float(page.mediabox.height)
        found: list = []

        def visit(text, cm, tm, font, size, found=found, H=H):
            text = text.strip("\n")
            if not text.strip() or not size:
                return
            bold = "Bold" in str((font or {}).get("/BaseFont", ""))
            w = text_width(text, size, bold)
            a, b, c, d, e, f = tm
            A, B, C, D, E, F = cm
            # text space -> user space: tm, then cm
            m = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                 e * A + f * C + E, e * B + f * D + F)
            pts = []
            for u, v in ((0.0, -0.2 * size), (w, -0.2 * size), (0.0, 0.72 * size), (w, 0.72 * size)):
                x = m[0] * u + m[2] * v + m[4]
                y = m[1] * u + m[3] * v + m[5]
                pts.append((x, H - y))
            found.append((text, (min(p[0] for p in pts), min(p[1] for p in pts),
                                 max(p[0] for p in pts), max(p[1] for p in pts))))

        page.extract_text(visitor_text=visit)
        pages.append((W, H, found))
    return pages


def pdf_edge_problems(data: bytes) -> list[str]:
    """Texts in a PDF closer than EDGE_MM to the paper's edge."""
    out = []
    for n, (W, H, texts) in enumerate(pdf_text_boxes(data), 1):
        for text, b in texts:
            room = min(b[0], b[1], W - b[2], H - b[3]) / MM
            if room < EDGE_MM - 0.05:
                out.append(f"page {n}: {room:.1f} mm from the edge: {text!r}")
    return out


def cut_by_clip(page) -> list[str]:
    """Texts a clip cuts (part shown, part not): a name cut in half."""
    clip, out = None, []
    for op in page.ops:
        if isinstance(op, Clip):
            clip = (op.x, op.y, op.x + op.w, op.y + op.h)
        elif isinstance(op, EndClip):
            clip = None
        elif isinstance(op, Text) and clip is not None:
            b = text_box(op)
            inside = b[0] >= clip[0] - 0.3 and b[1] >= clip[1] - 0.3 and b[2] <= clip[2] + 0.3 and b[3] <= clip[3] + 0.3
            apart = b[2] <= clip[0] or b[0] >= clip[2] or b[3] <= clip[1] or b[1] >= clip[3]
            if not inside and not apart:
                out.append(f"cut by the map's edge: {op.text!r}")
    return out
