"""Shared drawing kit: bundled fonts, colours, PNG encoding and small pictograms.

Fonts come only from `render/fonts/` (DejaVu Sans, which covers Latin and Cyrillic), never from
the system, so every machine draws the same pixels. Every colour that carries meaning is paired
with a letter or a number, so nothing depends on telling colours apart.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from games.text import Msg

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# One PNG setting for every picture: deterministic bytes (Pillow writes no time chunk) and a
# compression level chosen by bench/render.py as the best speed for a file well under 1 MB.
PNG_SETTINGS: dict = {"compress_level": 3, "optimize": False}

BG = (244, 238, 224)
INK = (28, 28, 32)
MUTED = (95, 95, 105)
PANEL = (255, 252, 244)
FRAME = (120, 110, 95)
HIGHLIGHT = (255, 210, 60)
ALERT = (190, 30, 45)

# Okabe-Ito inspired seat colours; every seat marker also carries the seat number.
SEAT_COLOURS = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans from the package, cached per (size, weight) for the whole process."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", **PNG_SETTINGS)
    return out.getvalue()


# Discord names have at most 32 characters; anything longer is cut so that sentences which
# name several players ("Now: Anna, Ben — choose...") keep their end on the picture.
MAX_NAME = 40


def seat_names(players: int, names: Sequence[str] | None) -> list[str]:
    """Names in seat order; missing or blank ones become "Player N", long ones are cut."""
    result = []
    for seat in range(players):
        name = names[seat] if names is not None and seat < len(names) else ""
        name = (name or "").strip()
        if len(name) > MAX_NAME:
            name = name[: MAX_NAME - 1].rstrip() + "…"
        result.append(name if name else f"Player {seat + 1}")
    return result


def term(key: str, fallback: str | None = None) -> str:
    """A catalogue term in English, or a readable form of its id if the key is unknown."""
    text = str(Msg(key))
    if text == key:
        return fallback if fallback is not None else key.rsplit(".", 1)[-1].replace("_", " ")
    return text


# Names come from Discord and deck files and may be thousands of characters long. A readable
# glyph is wider than this many pixels, so a text with more characters than a box's width over
# it cannot fit, and only that much of it is ever measured.
MIN_GLYPH_PX = 2


def clip(text: str, width: int) -> tuple[str, bool]:
    """The part of `text` that could possibly fit in `width` pixels, and whether it was cut."""
    limit = max(0, int(width)) // MIN_GLYPH_PX + 1
    return (text[:limit], True) if len(text) > limit else (text, False)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool = False, min_size: int = 14):
    """The largest font (down to `min_size`) that fits `text` in `width`; then an ellipsis.

    Linear in the text's length whatever it holds: only the part that could fit is measured,
    each font size once, and the cut for the ellipsis is found by bisection.
    """
    text, cut = clip(text, width)
    if cut:
        size = min(size, min_size)
    while size > min_size and font(size, bold).getlength(text) > width:
        size -= 1
    f = font(size, bold)
    if not cut and f.getlength(text) <= width:
        return text, f
    # The longest prefix that fits with the ellipsis (a prefix is never narrower than a
    # shorter one, so the widths are sorted).
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if f.getlength(text[:mid] + "…") <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…", f


@lru_cache(maxsize=8192)
def _mask(s: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The anti-aliased coverage mask of a text and its offset from the anchor point.

    Boards repeat the same words move after move (names, buildings, labels), so rendering each
    text once per process and stamping its mask keeps drawing a small part of a render.
    """
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(s, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, anchor=anchor)
    return mask, left, top


def text(d: ImageDraw.ImageDraw, xy, s: str, size: int = 20, bold=False, fill=INK, anchor="la"):
    if not s:
        return
    mask, left, top = _mask(s, int(size), bool(bold), anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


def fit_text(
    d, xy, s: str, width: int, size: int = 20, bold=False, fill=INK, anchor="la", min_size=14
):
    s, f = fit(s, size, int(width), bool(bold), min(size, min_size))
    text(d, xy, s, size=f.size, bold=bold, fill=fill, anchor=anchor)


def contrast_ink(rgb) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `rgb`."""
    r, g, b = rgb[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def seat_disc(d: ImageDraw.ImageDraw, cx: int, cy: int, seat: int, r: int = 14):
    """A property marker: a disc in the seat colour with the seat number in it."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    text(
        d, (cx, cy), str(seat + 1), size=int(r * 1.25), bold=True, fill=(255, 255, 255), anchor="mm"
    )


def pawn(d: ImageDraw.ImageDraw, cx: int, cy: int, seat: int, h: int = 34):
    """A pawn (head on a cone) in the seat colour, with the seat number on its body."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    w = h * 0.75
    head = h * 0.22
    top = cy - h / 2
    d.polygon(
        [(cx - w / 2, cy + h / 2), (cx + w / 2, cy + h / 2), (cx, top + head)],
        fill=colour,
        outline=INK,
        width=2,
    )
    d.ellipse((cx - head, top, cx + head, top + 2 * head), fill=colour, outline=INK, width=2)
    text(
        d,
        (cx, cy + h * 0.22),
        str(seat + 1),
        size=int(h * 0.42),
        bold=True,
        fill=(255, 255, 255),
        anchor="mm",
    )


def cube(d: ImageDraw.ImageDraw, x: int, y: int, fill, letter: str, s: int = 30):
    """A material/good cube: coloured square with a letter (readable without colour)."""
    d.rounded_rectangle((x, y, x + s, y + s), radius=5, fill=fill, outline=INK, width=2)
    text(
        d,
        (x + s / 2, y + s / 2 + 1),
        letter,
        size=int(s * 0.55),
        bold=True,
        fill=contrast_ink(fill),
        anchor="mm",
    )


def panel(d: ImageDraw.ImageDraw, box, fill=PANEL, outline=FRAME, width=2, radius=12):
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def new_canvas(width: int, height: int, fill=BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), fill)
    return image, ImageDraw.Draw(image)
