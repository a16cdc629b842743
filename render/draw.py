"""Shared drawing kit: text (with per-character font fallback, see `typeface`), colours, PNG
encoding and small pictograms.

Every colour that carries meaning is paired with a letter or a number, so nothing depends on
telling colours apart. Every text is drawn through `text`, which can record it with its role
and box so the layout tests can check what a player on a phone can read.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

import deflate
from PIL import Image, ImageDraw

from games.text import Msg

from . import syllables, typeface
from .captions import current, say, say_msg

FONT_DIR = typeface.FONT_DIR

# One PNG setting for every picture: deterministic bytes (Pillow writes no time chunk) and a
# compression level chosen with bench/render.py (palette PNGs: level 3 is about as small as 6 and
# twice as fast).
PNG_SETTINGS: dict = {"compress_level": 3, "optimize": False}
PALETTE_COLOURS = 256
PALETTE_SAMPLE = 3

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


def quantize(image: Image.Image) -> Image.Image:
    """The picture in 256 colours, without dithering, so the same picture always gives the same
    palette and the same bytes. Boards are flat colours and anti-aliased text, which 256 colours
    hold without visible loss, at less than half the true-colour file size.

    The palette is chosen (fast octree) on a copy reduced 3x3, which holds the same colours:
    choosing it on every pixel took longer than drawing the whole board. (Reduced 4x4, a board
    drawn 800 px wide had too few pixels of the highlight left beside the yellow flowers, and
    the two shared a colour.)"""
    if image.mode == "P":
        return image
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    sample = rgb.reduce(PALETTE_SAMPLE) if min(rgb.size) >= 8 * PALETTE_SAMPLE else rgb
    palette = sample.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


# libdeflate at level 6 gives the files zlib gives at 6 (within 1 %) in half the time; the
# compression was about half of drawing a whole board.
DEFLATE_LEVEL = 6
# A screen is a third of a board's pixels and drawn for a DM that nobody waits for: level 9
# makes it about a tenth smaller for a few milliseconds (on a board it would cost 60 ms).
SCREEN_DEFLATE_LEVEL = 9
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(image: Image.Image, level: int = DEFLATE_LEVEL) -> bytes:
    """A palette ("P") image as PNG bytes, compressed with libdeflate: Pillow's writer only
    offers zlib. Rows are stored unfiltered, as Pillow stores palette images (prediction does
    not help indices)."""
    width, height = image.size
    raw = image.tobytes()
    rows = b"".join(b"\0" + raw[y * width : (y + 1) * width] for y in range(height))
    palette = bytes(image.getpalette("RGB") or ())
    return b"".join(
        (
            PNG_SIGNATURE,
            # width, height, 8 bits per index, colour type 3 (palette), deflate, no filter
            # method beyond the standard one, not interlaced
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", deflate.zlib_compress(rows, level)),
            _chunk(b"IEND", b""),
        )
    )


def encode(image: Image.Image, level: int = DEFLATE_LEVEL) -> bytes:
    """A 256-colour palette PNG of `image` (see `quantize`), compressed at `level`."""
    return palette_png(quantize(image), level)


def encode_true_colour(image: Image.Image) -> bytes:
    """The same picture as a true-colour PNG (the yardstick of bench/render.py)."""
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
        result.append(name if name else say("pic.player", number=seat + 1))
    return result


def term(key: str, fallback: str | None = None) -> str:
    """A catalogue term in the picture's language, or a readable form of its id if the key is
    unknown."""
    text = say_msg(Msg(key))
    if text == key:
        return fallback if fallback is not None else key.rsplit(".", 1)[-1].replace("_", " ")
    return text


font = typeface.font


def length(s: str, size: int, bold: bool = False) -> float:
    """The advance width of `s` as drawn on one line (soft hyphens are not drawn)."""
    return typeface.advance(syllables.plain(s), size, bold)


LAYOUT = typeface.LAYOUT


# --- recording what is drawn ----------------------------------------------------------------------

# Texts a player must read on a phone first: whose turn it is, the demand dice, the price, the
# ships, the turn order, VP, and building costs and VP.
KEY_ROLES = frozenset({"turn", "dice", "price", "ships", "order", "vp", "cost", "last"})
# The legibility floor of every picture, in pixels where Discord shows it: a phone's client shows
# a landscape picture about PHONE_WIDTH px wide (a laptop's, 550 px: larger). There no text has
# a cap height (the height of a capital H) under MIN_CAP_PX, and names and scores none under
# NAME_CAP_PX. Cap heights are the primary font's own (see `cap_height`), so the floor holds for
# the letters a player reads, not for the em box around them. On a 1200 px board it is 37 px
# type (42 px for names). A text never shrinks under its floor: it wraps, breaks at a syllable
# (`wrap`) or says less (`fit_text`'s shorter forms), and what a picture leaves out is in the
# message or the alt text.
PHONE_WIDTH = 320
SHOWN_WIDTHS = (PHONE_WIDTH,)
MIN_CAP_PX = 7
NAME_CAP_PX = 8
# A screen is read alone, in a DM or a private reply, often on a phone: drawn this narrow, its
# smallest text (`floor_size(SCREEN_W)`) reads as a board's does. Screens are most of a game's
# DMs.
SCREEN_W = 600
# Santiago de Cuba's and Havana's boards are drawn at this scale of their layouts (see
# `scaled`): 800 px wide for a layout of 1200, which a phone shows 320 px wide and a laptop
# about 550, so no client shows them larger. A board is drawn at every person's decision: its
# pixels were most of the bot's drawing.
BOARD_SCALE = 2 / 3


@lru_cache(maxsize=2)
def cap_ratio(bold: bool = False) -> float:
    """The cap height of the primary font over its size: the ink height of "H" above the
    baseline, measured at the font's own units per em (2048), so no rounding enters."""
    units = 2048
    _left, top, _right, _bottom = font(units, bold).getbbox("H", anchor="ls")
    return -top / units


def cap_height(size: float, bold: bool = False) -> float:
    """The cap height in pixels of text drawn at `size` px."""
    return size * cap_ratio(bold)


def shown_cap(size: float, image_width: int, shown_width: int = PHONE_WIDTH) -> float:
    """The cap height of text of `size` px in a picture `image_width` wide, shown `shown_width`
    wide (the smaller of the regular and bold caps)."""
    return min(cap_height(size), cap_height(size, True)) * shown_width / image_width


def floor_size(image_width: int, cap: float = MIN_CAP_PX) -> int:
    """The smallest font size whose cap height is at least `cap` px at every width the client
    shows a picture `image_width` wide."""
    narrowest = min(SHOWN_WIDTHS)
    size = 1
    while shown_cap(size, image_width, narrowest) < cap:
        size += 1
    return size


@dataclass(frozen=True)
class Drawn:
    """One drawn text: its role, its ink box in the picture, its font size in the picture's
    pixels (fractional in a scaled picture, see `scaled`), the horizontal room it was fitted
    into (None if it was not fitted), and the whole text it is
    (a line of) as it was given to be fitted, soft hyphens and all (the layout tests check
    that a line holds whole words of it or a syllable ending in "-")."""

    role: str
    text: str
    box: tuple[int, int, int, int]
    size: float
    room: tuple[float, float] | None = None
    source: str | None = None


_RECORD: ContextVar[list[Drawn] | None] = ContextVar("render_record", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn in this context (for the layout tests; pictures never hold it)."""
    drawn: list[Drawn] = []
    token = _RECORD.set(drawn)
    try:
        yield drawn
    finally:
        _RECORD.reset(token)


@dataclass(frozen=True)
class Piece:
    """A piece told apart by its colour: `kind` "seat" (a player's marker or pawn), "good",
    "flower" or "material", `what` the seat (0-based) or the id of the good, flower or material,
    `box` where it lies. Its mark (number or letters) is a text drawn inside `box`."""

    kind: str
    what: str | int
    box: tuple[int, int, int, int]


_PIECES: ContextVar[list[Piece] | None] = ContextVar("render_pieces", default=None)


@contextmanager
def recording_pieces() -> Iterator[list[Piece]]:
    """Collect every coloured piece drawn in this context (for the tests that check each
    carries a mark besides its colour)."""
    drawn: list[Piece] = []
    token = _PIECES.set(drawn)
    try:
        yield drawn
    finally:
        _PIECES.reset(token)


def piece(kind: str, what: str | int, box) -> None:
    """Note a coloured piece just drawn (see `Piece`)."""
    record = _PIECES.get()
    if record is not None:
        scale = _SCALE.get()
        record.append(Piece(kind, what, tuple(round(v * scale) for v in box)))


def replay(drawn: Sequence[Drawn]) -> None:
    """Record texts drawn earlier on a cached layer that is stamped into this picture."""
    record = _RECORD.get()
    if record is not None:
        record.extend(drawn)


# --- measuring and drawing text -------------------------------------------------------------------

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
    each font size once, and the cut for the ellipsis is found by bisection. Widths are
    measured run by run with the fallback fonts, exactly as the text is drawn. Soft hyphens
    are not drawn on one line.
    """
    text, cut = clip(syllables.plain(text), width)
    if cut:
        size = min(size, min_size)
    while size > min_size and length(text, size, bold) > width:
        size -= 1
    f = font(size, bold)
    if not cut and length(text, size, bold) <= width:
        return text, f
    # The longest prefix that fits with the ellipsis (a prefix is never narrower than a
    # shorter one, so the widths are sorted).
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if length(text[:mid] + "…", size, bold) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…", f


def line_height(size: int, bold: bool = False) -> int:
    """How far apart wrapped lines lie: the primary font's ascent plus descent, so that the ink
    of one line (accents, descenders) never reaches into the next."""
    ascent, descent = font(size, bold).getmetrics()
    return ascent + descent


def _prefix(text: str, fits) -> int:
    """The length of the longest prefix of `text` that `fits` (a prefix is never narrower
    than a shorter one, so bisection finds it)."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if fits(text[:mid]):
            low = mid
        else:
            high = mid - 1
    return low


def _balanced_cut(
    text: str, cuts: Sequence[tuple[int, bool]], size: int, bold: bool
) -> tuple[str, str]:
    """`text` cut in two at the one of `cuts` (sorted (position, inside a word) pairs) that makes
    the wider of the two lines narrowest; a cut inside a word ends its line in a hyphen. The
    first line widens and the second narrows as the cut moves right, so bisection finds where
    they cross: a few measurements whatever the number of cuts."""

    def halves(k: int) -> tuple[str, str]:
        at, inside = cuts[k]
        if inside:
            return syllables.first_part(text, at), text[at:]
        return text[:at].rstrip(), text[at:].lstrip()

    def wider(k: int) -> float:
        return max(length(half, size, bold) for half in halves(k))

    low, high = 0, len(cuts) - 1
    while low < high:  # the first cut whose first line is at least as wide as its second
        mid = (low + high) // 2
        first, rest = halves(mid)
        if length(first, size, bold) >= length(rest, size, bold):
            high = mid
        else:
            low = mid + 1
    return halves(min({max(low - 1, 0), low}, key=wider))


def _word_breaks(text: str, lang: str) -> list[tuple[int, bool]]:
    """Where `text` (soft hyphens and all) may break inside its words, as positions in its
    plain form (see `syllables.breaks`)."""
    out: list[tuple[int, bool]] = []
    at = 0
    for word in text.split(" "):
        out.extend((at + p, True) for p in syllables.breaks(word, lang))
        at += len(syllables.plain(word)) + 1
    return out


# How far a text shrinks before a word of it is hyphenated (then it shrinks on, to its floor).
SHRINK_BEFORE_HYPHEN = 0.85


@lru_cache(maxsize=4096)
def wrap(
    text: str,
    size: int,
    width: int,
    bold: bool = False,
    min_size: int = 14,
    height: int = 0,
    lang: str = "en",
):
    """`text` whole in `width`, on one line or, where `height` holds two, on two: the lines and
    their font, or None if it does not fit whole even at `min_size` (then the caller says
    less). A line breaks at a space, else at a syllable boundary with a hyphen (see
    `syllables`), never elsewhere inside a word. The first size at which it fits on one line
    or on two cut at a space wins (down to `min_size` for several words, to 85 % of `size`
    for one); else the largest at which it fits with a word hyphenated, down to 85 %; then
    the same below that, down to `min_size`."""
    shown = syllables.plain(text)
    if length(shown[: width // MIN_GLYPH_PX + 2], min_size, bold) > 2 * width:
        return None  # far too long (a name of thousands of characters): measure no more
    two = height >= 2 * line_height(min_size, bold)
    start, end = len(shown) - len(shown.lstrip()), len(shown.rstrip())
    spaces = [(i, False) for i, ch in enumerate(shown) if ch == " " and start < i < end]
    cuts: list[tuple[int, bool]] = []  # found only when needed: a dictionary takes a while to load
    # A text of several words wraps between them at any size down to its floor; a single word
    # is hyphenated before it shrinks much (small type reads worse than a hyphen).
    bound = max(min_size, math.ceil(size * SHRINK_BEFORE_HYPHEN))
    plans = ((size, min_size if spaces else bound, False), (size, bound, True))
    plans += ((bound - 1, min_size, False), (bound - 1, min_size, True))
    for high, low, hyphen in plans:
        if hyphen and two and not cuts:
            cuts = sorted(spaces + _word_breaks(text, lang))
        for s in range(high, low - 1, -1) if cuts or not hyphen else ():
            if not hyphen and length(shown, s, bold) <= width:
                return (shown,), font(s, bold)
            if (cuts if hyphen else spaces) and two and 2 * line_height(s, bold) <= height:
                pair = _balanced_cut(shown, cuts if hyphen else spaces, s, bold)
                if max(length(half, s, bold) for half in pair) <= width:
                    return pair, font(s, bold)
    return None


@lru_cache(maxsize=4096)
def fit_lines(
    text: str,
    size: int,
    width: int,
    bold: bool = False,
    min_size: int = 14,
    height: int = 0,
    lang: str = "en",
):
    """`text` on one line, or on two where `height` holds two lines: the lines and their font.

    Whole if it can be (see `wrap`). Only a text too long for two lines at `min_size` (a
    name of hundreds of letters) is cut: the first line full of whole words, the second ending
    in an ellipsis; a single word too long for a line is cut with an ellipsis on one line. Like
    `fit`, only the part of the text that could fit is measured, and the cuts are found by
    bisection, so the time stays linear in the text's length.
    """
    whole = wrap(text, size, width, bold, min_size, height, lang)
    if whole is not None:
        return whole
    text = syllables.plain(text)
    if height < 2 * line_height(min_size, bold):
        one, f = fit(text, size, width, bold, min_size)
        return (one,), f
    text, cut = clip(text, 2 * width)
    s = min(size, min_size)
    f = font(s, bold)
    full = _prefix(text, lambda part: length(part.rstrip(), s, bold) <= width)
    space = max((i for i, ch in enumerate(text[: full + 1]) if ch == " " and i > 0), default=0)
    if space == 0:
        return (fit(text, s, width, bold, s)[0],), f
    rest = text[space:].lstrip() + ("…" if cut else "")
    return (text[:space].rstrip(), fit(rest, s, width, bold, s)[0]), f


def _baseline(size: float, bold: bool, anchor: str) -> float:
    """How far below the anchor point the baseline lies, by the primary font's metrics."""
    ascent, descent = font(size, bold).getmetrics()
    return {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]


@lru_cache(maxsize=8192)
def _mask(s: str, size: float, bold: bool, anchor: str):
    """The anti-aliased coverage mask of a text, its offset from the anchor point, and the
    colour emoji tiles to paste over it (each with its offset).

    Boards repeat the same words move after move (names, buildings, labels), so rendering each
    text once per process and stamping its mask keeps drawing a small part of a render.
    """
    parts = typeface.runs(s, bold)
    if len(parts) == 1 and parts[0][0] == 0:
        f = font(size, bold)
        left, top, right, bottom = f.getbbox(s, anchor=anchor, **LAYOUT)
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, anchor=anchor, **LAYOUT)
        return mask, left, top, ()
    total = length(s, size, bold)
    pen = {"l": 0.0, "m": -total / 2, "r": -total}[anchor[0]]
    base = _baseline(size, bold, anchor)
    scale = typeface.emoji_scale(size)
    placed = []  # (face, run, pen x, ink box relative to the anchor point)
    for face, run in parts:
        f = typeface.face_font(face, size, bold)
        left, top, right, bottom = f.getbbox(run, anchor="ls", **LAYOUT)
        advance = f.getlength(run, **LAYOUT)
        if face == typeface.EMOJI:
            left, top, right, bottom = (v * scale for v in (left, top, right, bottom))
            advance *= scale
        placed.append((face, run, pen, (pen + left, base + top, pen + right, base + bottom)))
        pen += advance
    x0 = int(min(p[3][0] for p in placed))
    y0 = int(min(p[3][1] for p in placed))
    x1 = int(max(p[3][2] for p in placed)) + 1
    y1 = int(max(p[3][3] for p in placed)) + 1
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    md = ImageDraw.Draw(mask)
    tiles = []
    for face, run, at, box in placed:
        f = typeface.face_font(face, size, bold)
        if face != typeface.EMOJI:
            md.text((at - x0, base - y0), run, font=f, fill=255, anchor="ls", **LAYOUT)
            continue
        left, top, right, bottom = f.getbbox(run, anchor="ls", **LAYOUT)
        tile = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text(
            (-left, -top), run, font=f, anchor="ls", embedded_color=True, **LAYOUT
        )
        w, h = max(1, round(tile.width * scale)), max(1, round(tile.height * scale))
        tiles.append((tile.resize((w, h), Image.Resampling.LANCZOS), round(box[0]), round(box[1])))
    return mask, x0, y0, tuple(tiles)


def text(
    d: ImageDraw.ImageDraw,
    xy,
    s: str,
    size: int = 20,
    bold=False,
    fill=INK,
    anchor="la",
    role: str = "",
    room: tuple[float, float] | None = None,
    source: str | None = None,
):
    """Draw `s` with its anchor at `xy`; `role` names what a player reads in it (see
    KEY_ROLES), for the layout tests, and `source` the text it was fitted from."""
    s = syllables.plain(s)
    if not s:
        return
    scale = getattr(d, "scale", 1)
    # Scaled, a size stays fractional: rounded down, the smallest texts would fall under the
    # legibility floor, which is a ratio of the picture's width.
    size = int(size) if scale == 1 else int(size) * scale
    room = None if room is None else (round(room[0] * scale), round(room[1] * scale))
    mask, left, top, tiles = _mask(s, size, bool(bold), anchor)
    x, y = round(xy[0] * scale) + left, round(xy[1] * scale) + top
    d.bitmap((x, y), mask, fill=fill)
    box = [x, y, x + mask.width, y + mask.height]
    for tile, tx, ty in tiles:
        at = (round(xy[0] * scale) + tx, round(xy[1] * scale) + ty)
        d._image.paste(tile, at, tile)
        box = [
            min(box[0], at[0]),
            min(box[1], at[1]),
            max(box[2], at[0] + tile.width),
            max(box[3], at[1] + tile.height),
        ]
    record = _RECORD.get()
    if record is not None:
        whole = s if source is None else source
        record.append(Drawn(role, s, (box[0], box[1], box[2], box[3]), size, room, whole))


def fit_text(
    d,
    xy,
    s: str | Sequence[str],
    width: int,
    size: int = 20,
    bold=False,
    fill=INK,
    anchor="la",
    min_size=14,
    role: str = "",
    lines: int = 1,
    height: float | None = None,
) -> str:
    """Draw `s` fitted into `width`; returns what was drawn ("" for nothing).

    With `lines=2` it may wrap onto two lines within `height` (by default two lines at
    `size`), stacked on the anchor's vertical position: centred on it for "m", below it for
    "a"/"t", above it for "s"/"d"/"b". A text is drawn whole, shrunk at most to `min_size`
    (its floor: `floor_size` of the picture's width, a cap height of MIN_CAP_PX = 7 px where a
    phone shows the picture PHONE_WIDTH = 320 px wide, NAME_CAP_PX = 8 px for names and scores
    on a board) and broken only at a space or a syllable
    (see `wrap`). `s` may be a sequence of ways to
    say it, from the fullest to the shortest: the first that fits whole is drawn, and a
    picture says less rather than cut a word. Only when none fits (a name of hundreds of
    letters) is the last one cut with an ellipsis (see `fit_lines`); an empty last one means
    "draw nothing then"."""
    options = (s,) if isinstance(s, str) else tuple(s)
    min_size = min(size, min_size)
    room_h = 2 * line_height(size, bool(bold)) if height is None else height
    if lines == 1:
        room_h = 0
    lang = current()
    chosen, found = options[-1], None
    for option in options:
        found = wrap(option, size, int(width), bool(bold), min_size, int(room_h), lang)
        if found is not None:
            chosen = option
            break
    if not chosen:
        return ""
    if found is None:
        found = fit_lines(chosen, size, int(width), bool(bold), min_size, int(room_h), lang)
    parts, f = found
    x, y = xy
    room = {"l": (x, x + width), "m": (x - width / 2, x + width / 2), "r": (x - width, x)}
    step = line_height(f.size, bool(bold))
    # where the first line goes, in lines from the anchor: the block hangs from a top anchor,
    # stands on a bottom one and is centred on a middle one
    extra = len(parts) - 1
    first = 0.0 if anchor[1] in "at" else -extra / 2 if anchor[1] == "m" else -extra
    for i, part in enumerate(parts):
        text(
            d,
            (x, y + (first + i) * step),
            part,
            size=f.size,
            bold=bold,
            fill=fill,
            anchor=anchor,
            role=role,
            room=room[anchor[0]],
            source=chosen,
        )
    return chosen


def last_captions(name: str, whats: Sequence[str]) -> list[str]:
    """The last-move caption, from the fullest to the shortest way to say it: "Last: <name> —
    <what>"; without "Last:"; with fewer details (`whats` goes from the most detailed to the
    least); then what happened alone (the seat marker beside the caption says who)."""
    name = clip(name, 400)[0]
    out = []
    for what in whats:
        out += [say("pic.last", name=name, what=what), say("pic.last_brief", name=name, what=what)]
    out.append(whats[-1])
    return list(dict.fromkeys(out))


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
    piece("seat", seat, (cx - r, cy - r, cx + r, cy + r))


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
    piece("seat", seat, (cx - w / 2, top, cx + w / 2, cy + h / 2))


def cube(d: ImageDraw.ImageDraw, x: int, y: int, fill, letter: str, s: int = 30):
    """A material/good cube: coloured square with a letter (readable without colour)."""
    d.rounded_rectangle((x, y, x + s, y + s), radius=5, fill=fill, outline=INK, width=2)
    size = int(s * 0.55)
    fit_text(
        d,
        (x + s / 2, y + s / 2 + 1),
        letter,
        s - 4,
        size=size,
        bold=True,
        fill=contrast_ink(fill),
        anchor="mm",
        min_size=min(size, 9),
    )


def panel(d: ImageDraw.ImageDraw, box, fill=PANEL, outline=FRAME, width=2, radius=12):
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def new_canvas(width: int, height: int, fill=BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture of a layout `width` x `height`, and what draws on it: at the scale in force
    (`scaled`), the picture has that many times fewer pixels each way."""
    scale = _SCALE.get()
    image = Image.new("RGB", (round(width * scale), round(height * scale)), fill)
    return image, drawing(image)


# --- the scale of a picture -----------------------------------------------------------------------

# The layouts are written in the pixels of their full width (a board 1200 px wide). A picture
# drawn at a smaller scale has every length, line and letter of its layout scaled alike, so each
# text keeps its height over the picture's width, which is what the legibility floor is (see
# `shown_cap`): a phone shows it as large. Fewer pixels are less drawing, less to reduce to the
# palette and less to compress, for every move's board.
_SCALE: ContextVar[float] = ContextVar("render_scale", default=1)


@contextmanager
def scaled(scale: float) -> Iterator[None]:
    """Draw the pictures begun in this context at `scale` of their layout's size."""
    token = _SCALE.set(scale)
    try:
        yield
    finally:
        _SCALE.reset(token)


def scale() -> float:
    """The scale in force (1: the layout's own size)."""
    return _SCALE.get()


def drawing(image: Image.Image):
    """What draws a layout on `image` at the scale in force (Pillow's own at full size)."""
    scale = _SCALE.get()
    return ImageDraw.Draw(image) if scale == 1 else ScaledDraw(image, scale)


class ScaledDraw:
    """Pillow's drawing calls that the layouts make, with the layout's coordinates, lengths,
    radii and line widths scaled; `text` (above) scales a text's position and size. Not a
    subclass: Pillow's shapes call one another, which would scale twice."""

    def __init__(self, image: Image.Image, scale: float) -> None:
        self._image = image
        self._draw = ImageDraw.Draw(image)
        self.scale = scale

    def _xy(self, xy) -> list[float]:
        flat: list[float] = []
        for v in xy:
            if isinstance(v, (int, float)):
                flat.append(v * self.scale)
            else:
                flat.extend(c * self.scale for c in v)
        return flat

    def _width(self, width: float) -> int:
        return max(1, round(width * self.scale)) if width else 0

    def rectangle(self, xy, fill=None, outline=None, width=1) -> None:
        self._draw.rectangle(self._xy(xy), fill, outline, self._width(width))

    def rounded_rectangle(self, xy, radius=0, fill=None, outline=None, width=1, **kw) -> None:
        self._draw.rounded_rectangle(
            self._xy(xy), radius * self.scale, fill, outline, self._width(width), **kw
        )

    def ellipse(self, xy, fill=None, outline=None, width=1) -> None:
        self._draw.ellipse(self._xy(xy), fill, outline, self._width(width))

    def polygon(self, xy, fill=None, outline=None, width=1) -> None:
        self._draw.polygon(self._xy(xy), fill, outline, self._width(width))

    def line(self, xy, fill=None, width=0, joint=None) -> None:
        self._draw.line(self._xy(xy), fill, self._width(width), joint)

    def bitmap(self, xy, bitmap, fill=None) -> None:
        """`xy` in the picture's pixels: `text` places its masks itself."""
        self._draw.bitmap(xy, bitmap, fill)
