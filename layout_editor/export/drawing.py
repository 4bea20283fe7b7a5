"""Pages as display lists, and the three backends that draw them: PDF
(reportlab), SVG (text) and raster images (Pillow, for PNG maps and the
editor's page preview).

Every printed page is first built as a list of simple drawing operations in
points (1/72 inch), origin at the page's top-left corner, y downwards, as the
table's coordinates are. Building once and drawing many ways is what lets the
editor preview exactly the pages the PDF will hold (PySide6-Essentials has no
PDF renderer, and reportlab's own rasteriser needs an extra C backend).
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from xml.sax.saxutils import escape as xml_escape

from .. import memo
from .fonts import _RTL, REGULAR, _char_width, clean, register_fonts, runs

MM = 72.0 / 25.4  # points per millimetre

Colour = str  # "#rrggbb"


def rgb(colour: Colour) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(colour: Colour, amount: float, base: Colour = "#ffffff") -> Colour:
    """`amount` of colour over base (0: base, 1: colour): pale tints without
    transparency, which every backend draws the same."""
    a, b = rgb(colour), rgb(base)
    return "#{:02x}{:02x}{:02x}".format(*(round(b[i] + (a[i] - b[i]) * amount) for i in range(3)))


@dataclass(frozen=True)
class Path:
    rings: tuple[tuple[tuple[float, float], ...], ...]  # first outer, then holes (even-odd)
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None
    closed: bool = True


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    colour: Colour = "#000000"
    anchor: str = "start"  # start, middle, end
    angle: float = 0.0  # degrees, clockwise on the page


@dataclass(frozen=True)
class Clip:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class EndClip:
    pass


@dataclass
class Page:
    width: float
    height: float
    ops: list = field(default_factory=list)

    # -- building -----------------------------------------------------------
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, dash=None):
        self.ops.append(Path((((x, y), (x + w, y), (x + w, y + h), (x, y + h)),), fill, stroke, width,
                             tuple(dash) if dash else None))

    def poly(self, rings, fill=None, stroke=None, width=0.5, dash=None):
        rings = tuple(tuple((float(px), float(py)) for px, py in ring) for ring in rings)
        if rings and len(rings[0]) >= 2:
            self.ops.append(Path(rings, fill, stroke, width, tuple(dash) if dash else None))

    def line(self, points, stroke="#000000", width=0.5, dash=None):
        pts = tuple((float(px), float(py)) for px, py in points)
        if len(pts) >= 2:
            self.ops.append(Path((pts,), None, stroke, width, tuple(dash) if dash else None, closed=False))

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5, dash=None):
        self.ops.append(Circle(cx, cy, r, fill, stroke, width, tuple(dash) if dash else None))

    def text(self, x, y, text, size, bold=False, colour="#000000", anchor="start", angle=0.0):
        s = clean(text)
        if s:
            self.ops.append(Text(x, y, s, size, bold, colour, anchor, angle))

    def clip(self, x, y, w, h):
        self.ops.append(Clip(x, y, w, h))

    def end_clip(self):
        self.ops.append(EndClip())

    def texts(self) -> list[str]:
        return [op.text for op in self.ops if isinstance(op, Text)]


# ----------------------------------------------------------------------------
# PDF
# ----------------------------------------------------------------------------
def _pdf_colour(c: Colour):
    r, g, b = rgb(c)
    return r / 255.0, g / 255.0, b / 255.0


def draw_pdf_page(canvas, page: Page) -> None:
    """Draw one page's operations on a reportlab canvas (y flipped: reportlab's
    origin is the bottom-left)."""
    register_fonts()
    H = page.height
    depth = 0
    for op in page.ops:
        if isinstance(op, Path):
            p = canvas.beginPath()
            for ring in op.rings:
                p.moveTo(ring[0][0], H - ring[0][1])
                for x, y in ring[1:]:
                    p.lineTo(x, H - y)
                if op.closed:
                    p.close()
            _pdf_style(canvas, op)
            canvas.drawPath(p, stroke=1 if op.stroke else 0, fill=1 if op.fill and op.closed else 0,
                            fillMode=1)  # even-odd: holes stay holes
        elif isinstance(op, Circle):
            _pdf_style(canvas, op)
            canvas.circle(op.cx, H - op.cy, op.r, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)
        elif isinstance(op, Text):
            canvas.setFillColorRGB(*_pdf_colour(op.colour))
            rotated = bool(op.angle)
            if rotated:
                canvas.saveState()
                canvas.translate(op.x, H - op.y)
                canvas.rotate(-op.angle)
                x, y = 0.0, 0.0
            else:
                x, y = op.x, H - op.y
            # Run by run, each at the width of the runs before it: the same
            # positions text_width() measured and the other backends draw.
            x += _start_offset(op)
            for run in runs(op.text, op.bold):
                canvas.setFont(run.face.name, op.size)
                canvas.drawString(x + run.dx * op.size, y, run.text)
                x += run.width * op.size
            if rotated:
                canvas.restoreState()
        elif isinstance(op, Clip):
            canvas.saveState()
            depth += 1
            p = canvas.beginPath()
            p.rect(op.x, H - op.y - op.h, op.w, op.h)
            canvas.clipPath(p, stroke=0, fill=0)
        elif isinstance(op, EndClip) and depth:
            canvas.restoreState()
            depth -= 1
    while depth:
        canvas.restoreState()
        depth -= 1


def _start_offset(op: Text) -> float:
    """Where the text's first run starts, relative to its anchor point."""
    if op.anchor == "start":
        return 0.0
    width = sum(r.width for r in runs(op.text, op.bold)) * op.size
    return -width / 2 if op.anchor == "middle" else -width


def _pdf_style(canvas, op) -> None:
    if op.fill:
        canvas.setFillColorRGB(*_pdf_colour(op.fill))
    if op.stroke:
        canvas.setStrokeColorRGB(*_pdf_colour(op.stroke))
        canvas.setLineWidth(op.width)
        canvas.setDash(list(op.dash) if op.dash else [])
        canvas.setLineJoin(1)
        canvas.setLineCap(0)


def write_pdf(pages: list[Page], out, title: str = "", author: str = "", subject: str = "") -> None:
    """Write pages as one PDF to a path or a binary file object."""
    from reportlab.pdfgen.canvas import Canvas

    from .. import __version__

    register_fonts()
    first = pages[0]
    # The initial font is ours, so no unembedded Helvetica is listed (print
    # shops reject PDFs with fonts that are not embedded).
    c = Canvas(out, pagesize=(first.width, first.height), pageCompression=1,
               initialFontName=REGULAR, initialFontSize=10)
    c.setTitle(clean(title))
    c.setAuthor(clean(author))
    c.setSubject(clean(subject))
    c.setCreator(f"Boarding Actions layout editor {__version__}")
    # Print at actual size: a viewer's "fit to page" would silently break
    # the tabletop sheets' scale (and the card's scale bar). Duplex flips
    # on the long edge, so a card's back reads the same way up as its front.
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    for page in pages:
        c.setPageSize((page.width, page.height))
        draw_pdf_page(c, page)
        c.showPage()
    c.save()


def pdf_bytes(pages: list[Page], **meta) -> bytes:
    buf = io.BytesIO()
    write_pdf(pages, buf, **meta)
    return buf.getvalue()


# ----------------------------------------------------------------------------
# SVG
# ----------------------------------------------------------------------------
def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _svg_style(op) -> str:
    parts = [f'fill="{op.fill}"' if op.fill and getattr(op, "closed", True) else 'fill="none"']
    if op.stroke:
        parts.append(f'stroke="{op.stroke}" stroke-width="{_fmt(op.width)}" stroke-linejoin="round"')
        if op.dash:
            parts.append(f'stroke-dasharray="{" ".join(_fmt(d) for d in op.dash)}"')
    return " ".join(parts)


def _svg_text_op(op: Text) -> str:
    weight = ' font-weight="bold"' if op.bold else ""
    rot = f' transform="rotate({_fmt(op.angle)} {_fmt(op.x)} {_fmt(op.y)})"' if op.angle else ""
    parts = runs(op.text, op.bold)
    if len(parts) == 1 and parts[0].face.name in (REGULAR, REGULAR + "-Bold") and parts[0].text == op.text:
        # One run in the shipped font, in logical order: the viewer places it.
        anchor = {"start": "start", "middle": "middle", "end": "end"}[op.anchor]
        return (f'<text x="{_fmt(op.x)}" y="{_fmt(op.y)}" font-size="{_fmt(op.size)}"{weight} '
                f'fill="{op.colour}" text-anchor="{anchor}"{rot}>{xml_escape(op.text)}</text>')
    # Several fonts, or shaped right-to-left text: one text element per run
    # at the position the layout measured, naming its font first (a viewer
    # without it falls back on DejaVu Sans or its own). The text is already
    # in visual order and viewers that ignore unicode-bidi (Qt's SVG
    # renderer) would reverse right-to-left letters again, so a run holding
    # any is written character by character: one character cannot be
    # reordered.
    x = op.x + _start_offset(op)
    common = (f'y="{_fmt(op.y)}" font-size="{_fmt(op.size)}"{weight} fill="{op.colour}" '
              f'direction="ltr" unicode-bidi="bidi-override" xml:space="preserve"')
    out = [f"<g{rot}>"]
    for run in parts:
        family = run.face.family.replace('"', "").replace("'", "").replace(",", " ")
        font = "" if family == "DejaVu Sans" else f' font-family="{xml_escape(family)}, DejaVu Sans, sans-serif"'
        px = x + run.dx * op.size
        for piece, width in _svg_pieces(run):
            if not piece.isspace():
                out.append(f'<text x="{_fmt(px)}" {common}{font}>{xml_escape(piece)}</text>')
            px += width * op.size
        x += run.width * op.size
    out.append("</g>")
    return "".join(out)


def _svg_pieces(run):
    """The run as (text, width at 1 pt) pieces: right-to-left letters one
    by one, everything between them together."""
    if not _RTL.search(run.text):
        return [(run.text, run.width)]
    pieces, chars, width = [], [], 0.0
    for ch in run.text:
        w = _char_width(ch, run.face.name)
        if _RTL.match(ch):
            if chars:
                pieces.append(("".join(chars), width))
                chars, width = [], 0.0
            pieces.append((ch, w))
        else:
            chars.append(ch)
            width += w
    if chars:
        pieces.append(("".join(chars), width))
    return pieces


def svg_text(page: Page, title: str = "") -> str:
    """The page as a standalone SVG document (sizes in points)."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(page.width)}pt" height="{_fmt(page.height)}pt" '
        f'viewBox="0 0 {_fmt(page.width)} {_fmt(page.height)}" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" style="font-kerning:none">',
    ]
    if title:
        out.append(f"<title>{xml_escape(clean(title))}</title>")
    out.append(f'<rect width="{_fmt(page.width)}" height="{_fmt(page.height)}" fill="#ffffff"/>')
    clip_id = 0
    open_groups = 0
    for op in page.ops:
        if isinstance(op, Path):
            d = []
            for ring in op.rings:
                d.append("M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in ring) + (" Z" if op.closed else ""))
            out.append(f'<path d="{" ".join(d)}" fill-rule="evenodd" {_svg_style(op)}/>')
        elif isinstance(op, Circle):
            out.append(f'<circle cx="{_fmt(op.cx)}" cy="{_fmt(op.cy)}" r="{_fmt(op.r)}" {_svg_style(op)}/>')
        elif isinstance(op, Text):
            out.append(_svg_text_op(op))
        elif isinstance(op, Clip):
            clip_id += 1
            out.append(f'<clipPath id="c{clip_id}"><rect x="{_fmt(op.x)}" y="{_fmt(op.y)}" '
                       f'width="{_fmt(op.w)}" height="{_fmt(op.h)}"/></clipPath><g clip-path="url(#c{clip_id})">')
            open_groups += 1
        elif isinstance(op, EndClip) and open_groups:
            out.append("</g>")
            open_groups -= 1
    out.extend("</g>" for _ in range(open_groups))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------
# Raster (Pillow)
# ----------------------------------------------------------------------------
@memo.cached(64)
def _pil_font(path: str, index: int, px: int):
    from PIL import ImageFont

    # Basic layout: the text is already shaped and in visual order (Raqm
    # would reorder right-to-left text a second time).
    return ImageFont.truetype(path, max(px, 1), index=index, layout_engine=ImageFont.Layout.BASIC)


def _pil_text(draw, x: float, y: float, op: Text, s: float) -> None:
    """Draw the text's runs with their baseline at pixel (x, y), each
    character at the position the layout measured (Pillow would kern and
    round its own way)."""
    px = round(op.size * s)
    x += _start_offset(op) * s
    for run in runs(op.text, op.bold):
        font = _pil_font(run.face.path, run.face.index, px)
        pos = x + run.dx * op.size * s
        for ch in run.text:
            draw.text((pos, y), ch, font=font, fill=op.colour, anchor="ls")
            pos += _char_width(ch, run.face.name) * op.size * s
        x += run.width * op.size * s


def _dashed(points, dash, scale):
    """Split a polyline into the drawn pieces of a dash pattern (Pillow draws
    no dashes itself)."""
    pattern = [max(d * scale, 1.0) for d in dash]
    if len(pattern) % 2:
        pattern = pattern * 2
    pieces, idx, left, on = [], 0, pattern[0], True
    current = [points[0]] if on else []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(p)
                pieces.append(current)
                current = []
            else:
                current = [p]
            on = not on
            idx = (idx + 1) % len(pattern)
            left = pattern[idx]
        left -= seg - pos
        if on:
            current.append((x1, y1))
    if on and len(current) >= 2:
        pieces.append(current)
    return pieces


# The most pixels any picture is drawn on (the VTT image, the PNG map, the
# editor's previews): about 120 MB of RGB, with a clip's layer and a mask
# at most 300 MB more. A page asked for at more is drawn without
# supersampling first, then at a lower resolution (raster_dpi).
MAX_RASTER_PIXELS = 40_000_000


def raster_dpi(page: Page, dpi: float, supersample: int = 1) -> tuple[float, int]:
    """(dpi, supersample) within MAX_RASTER_PIXELS for drawing `page`:
    supersampling is dropped first, then the resolution."""
    pixels = page.width * page.height * (dpi / 72.0) ** 2
    if pixels * supersample ** 2 <= MAX_RASTER_PIXELS:
        return dpi, supersample
    if pixels <= MAX_RASTER_PIXELS:
        return dpi, 1
    return dpi * math.sqrt(MAX_RASTER_PIXELS / pixels) * 0.999, 1


def render_image(page: Page, dpi: float = 96.0, supersample: int = 2):
    """The page as an RGB Pillow image at `dpi`. Drawn `supersample` times
    larger and scaled down, since Pillow does not antialias shapes. Never
    drawn on more than MAX_RASTER_PIXELS (raster_dpi): a huge page comes
    back smaller than asked, never as gigabytes."""
    from PIL import Image, ImageDraw

    dpi, supersample = raster_dpi(page, dpi, supersample)
    s = dpi / 72.0 * supersample
    W, H = max(1, round(page.width * s)), max(1, round(page.height * s))
    base = Image.new("RGB", (W, H), "#ffffff")
    stack = [(base, None)]  # (image drawn on, clip box in pixels)

    def target():
        return stack[-1][0]

    draw = ImageDraw.Draw(base)
    turned: dict = {}  # turned texts, drawn once each
    for op in page.ops:
        img = target()
        if isinstance(op, Clip):
            layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
            box = (round(op.x * s), round(op.y * s), round((op.x + op.w) * s), round((op.y + op.h) * s))
            stack.append((layer, box))
            draw = ImageDraw.Draw(layer)
            continue
        if isinstance(op, EndClip):
            if len(stack) > 1:
                layer, box = stack.pop()
                below = target()
                region = layer.crop(box)
                if below.mode == "RGB":
                    below.paste(region, box[:2], region)
                else:
                    below.alpha_composite(region, box[:2])
                draw = ImageDraw.Draw(below)
            continue
        if isinstance(op, Path):
            rings = [[(x * s, y * s) for x, y in ring] for ring in op.rings]
            if op.fill and op.closed:
                if len(rings) == 1:
                    if len(rings[0]) >= 3:
                        draw.polygon(rings[0], fill=op.fill)
                else:
                    # A shape with holes, through a mask the size of its
                    # box (not of the picture: maps have thousands).
                    xs = [x for ring in rings for x, _ in ring]
                    ys = [y for ring in rings for _, y in ring]
                    bx0, by0 = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
                    bx1, by1 = min(W, math.ceil(max(xs)) + 1), min(H, math.ceil(max(ys)) + 1)
                    if bx1 > bx0 and by1 > by0:
                        mask = Image.new("L", (bx1 - bx0, by1 - by0), 0)
                        md = ImageDraw.Draw(mask)
                        for n, ring in enumerate(rings):
                            if len(ring) >= 3:
                                md.polygon([(x - bx0, y - by0) for x, y in ring], fill=0 if n else 255)
                        img.paste(Image.new(img.mode, mask.size, op.fill), (bx0, by0), mask)
            if op.stroke:
                w = max(1, round(op.width * s))
                for ring in rings:
                    pts = ring + [ring[0]] if op.closed else ring
                    parts = _dashed(pts, op.dash, s) if op.dash else [pts]
                    for part in parts:
                        draw.line(part, fill=op.stroke, width=w, joint="curve")
        elif isinstance(op, Circle):
            box = [(op.cx - op.r) * s, (op.cy - op.r) * s, (op.cx + op.r) * s, (op.cy + op.r) * s]
            w = max(1, round(op.width * s)) if op.stroke else 0
            if op.dash and op.stroke:
                if op.fill:
                    draw.ellipse(box, fill=op.fill)
                n = max(24, int(op.r * s))
                pts = [((op.cx + op.r * math.cos(2 * math.pi * k / n)) * s,
                        (op.cy + op.r * math.sin(2 * math.pi * k / n)) * s) for k in range(n + 1)]
                for part in _dashed(pts, op.dash, s):
                    draw.line(part, fill=op.stroke, width=w)
            else:
                draw.ellipse(box, fill=op.fill, outline=op.stroke if op.stroke else None, width=w)
        elif isinstance(op, Text):
            if not op.angle:
                _pil_text(draw, op.x * s, op.y * s, op, s)
            else:
                # Turned text is drawn on its own square and turned: once per
                # text, size, colour and angle (a map repeats its wall codes
                # thousands of times), then pasted wherever it goes.
                key = (op.text, op.size, op.bold, op.colour, op.anchor, op.angle)
                if key not in turned:
                    width = sum(r.width for r in runs(op.text, op.bold)) * op.size * s
                    length = int(width) + int(op.size * s * 2) + 4
                    tmp = Image.new("RGBA", (2 * length, 2 * length), (0, 0, 0, 0))
                    _pil_text(ImageDraw.Draw(tmp), length, length, op, s)
                    turned[key] = (tmp.rotate(-op.angle, center=(length, length), resample=Image.BICUBIC), length)
                tmp, length = turned[key]
                pos = (round(op.x * s) - length, round(op.y * s) - length)
                # paste() clips at the image's edges, wherever the label lies.
                img.paste(tmp, pos, tmp)
    while len(stack) > 1:  # unbalanced clips: flatten what is there
        layer, box = stack.pop()
        region = layer.crop(box)
        below = target()
        if below.mode == "RGB":
            below.paste(region, box[:2], region)
        else:
            below.alpha_composite(region, box[:2])
    if supersample > 1:
        base = base.resize((max(1, round(page.width * dpi / 72.0)), max(1, round(page.height * dpi / 72.0))),
                           Image.LANCZOS)
    return base


def png_bytes(page: Page, dpi: float = 150.0) -> bytes:
    buf = io.BytesIO()
    img = render_image(page, dpi=dpi)
    img.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()


# ----------------------------------------------------------------------------
# Reusing drawn operations
# ----------------------------------------------------------------------------
def op_bounds(op) -> tuple[float, float, float, float] | None:
    """A box that holds everything the operation draws (generous for text
    and thick lines); None for clip operations."""
    if isinstance(op, Path):
        xs = [x for ring in op.rings for x, _ in ring]
        ys = [y for ring in op.rings for _, y in ring]
        w = op.width if op.stroke else 0.0
        return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)
    if isinstance(op, Circle):
        r = op.r + (op.width if op.stroke else 0.0)
        return (op.cx - r, op.cy - r, op.cx + r, op.cy + r)
    if isinstance(op, Text):
        from .fonts import text_width

        reach = text_width(op.text, op.size, op.bold) + op.size
        return (op.x - reach, op.y - reach, op.x + reach, op.y + reach)
    return None


def shifted(op, dx: float, dy: float):
    if isinstance(op, Path):
        rings = tuple(tuple((x + dx, y + dy) for x, y in ring) for ring in op.rings)
        return Path(rings, op.fill, op.stroke, op.width, op.dash, op.closed)
    if isinstance(op, Circle):
        return Circle(op.cx + dx, op.cy + dy, op.r, op.fill, op.stroke, op.width, op.dash)
    if isinstance(op, Text):
        return Text(op.x + dx, op.y + dy, op.text, op.size, op.bold, op.colour, op.anchor, op.angle)
    if isinstance(op, Clip):
        return Clip(op.x + dx, op.y + dy, op.w, op.h)
    return op


def place_ops(page: Page, ops, dx: float, dy: float, window: tuple[float, float, float, float] | None = None,
              bounds: list | None = None) -> None:
    """Copy drawn operations onto a page, moved by (dx, dy); with `window`
    (in the operations' own coordinates) only those that reach into it.
    Drawing a big map once and placing the parts each page shows keeps
    many-page exports linear in the size of the map."""
    if window is None:
        page.ops.extend(shifted(op, dx, dy) for op in ops)
        return
    wx0, wy0, wx1, wy1 = window
    boxes = bounds if bounds is not None else [op_bounds(op) for op in ops]
    for op, b in zip(ops, boxes):
        if b is None or (b[2] >= wx0 and b[0] <= wx1 and b[3] >= wy0 and b[1] <= wy1):
            page.ops.append(shifted(op, dx, dy))
