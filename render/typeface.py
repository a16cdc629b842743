"""Bundled fonts, chosen character by character: DejaVu Sans Condensed first, then the Noto
fallbacks.

DejaVu Sans Condensed has the capitals of DejaVu Sans (the legibility floor is a cap height,
see `draw`) in 90 % of its width: a picture of a given width holds letters 11 % taller.

Player names come from Discord and may be in any script. DejaVu Sans Condensed draws Latin, Greek,
Cyrillic, Arabic and Hebrew; every character it lacks goes to the first fallback that has a
glyph for it (Devanagari, Thai, Chinese/Japanese/Korean, then colour emoji). A text is cut into
runs of one font each; measuring and drawing walk the same runs, so what fits is what is drawn.

Fonts come only from `render/fonts/`, never from the system, so every machine draws the same
pixels. The character maps are read from the font files themselves (no extra dependency).
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# (regular, bold) per face, in the order they are tried; face 0 is the primary font.
FACES: tuple[tuple[str, str], ...] = (
    ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"),
    ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf"),
    # one weight only: a bold CJK face would double the largest file for a small gain
    ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Regular.otf"),
    ("NotoColorEmoji.ttf", "NotoColorEmoji.ttf"),
)
EMOJI = len(FACES) - 1
# The colour emoji font holds bitmaps of one size only; FreeType refuses any other size, so
# emoji are drawn at this size and scaled to the text (a little smaller than the em, as the
# bitmaps are wider than a letter).
EMOJI_PX = 109
EMOJI_SCALE = 0.9

# Names are shown in a left-to-right line, as Discord shows them: a right-to-left word keeps its
# letters' order but a space after it stays after it. (Needs the complex layout engine, which
# Pillow's wheels include; without it Arabic would not be joined either.)
LAYOUT: dict = {"direction": "ltr"} if features.check("raqm") else {}

# Characters that belong to the cluster before them (accents, joiners, variation selectors,
# skin tones): they stay in the run of the character they modify.
_ATTACHED = {"Mn", "Me", "Cf", "Sk"}


def face_path(face: int, bold: bool) -> Path:
    return FONT_DIR / FACES[face][1 if bold else 0]


@cache
def cmap(path: Path) -> frozenset[int]:
    """The code points a font file maps to glyphs (its best Unicode 'cmap' subtable)."""
    data = path.read_bytes()
    base = 0
    if data[:4] == b"ttcf":  # a collection: the first face
        (base,) = struct.unpack_from(">I", data, 12)
    (count,) = struct.unpack_from(">H", data, base + 4)
    tables = {}
    for k in range(count):
        tag, _sum, offset, _length = struct.unpack_from(">4sIII", data, base + 12 + 16 * k)
        tables[tag] = offset
    start = tables[b"cmap"]
    (n,) = struct.unpack_from(">H", data, start + 2)
    subtables = {}
    for k in range(n):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * k)
        subtables[(platform, encoding)] = start + offset
    for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 1), (0, 0)):
        if key in subtables:
            return frozenset(_read_subtable(data, subtables[key]))
    return frozenset()


def _read_subtable(data: bytes, at: int) -> set[int]:
    (fmt,) = struct.unpack_from(">H", data, at)
    points: set[int] = set()
    if fmt == 12:
        (groups,) = struct.unpack_from(">I", data, at + 12)
        for k in range(groups):
            first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
            if glyph:
                points.update(range(first, last + 1))
            else:  # a group starting at glyph 0 maps its first character to "missing"
                points.update(range(first + 1, last + 1))
    elif fmt == 4:
        (seg2,) = struct.unpack_from(">H", data, at + 6)
        segs = seg2 // 2
        ends = struct.unpack_from(f">{segs}H", data, at + 14)
        starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg2)
        deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg2)
        range_at = at + 16 + 3 * seg2
        offsets = struct.unpack_from(f">{segs}H", data, range_at)
        for k in range(segs):
            for c in range(starts[k], ends[k] + 1):
                if c == 0xFFFF:
                    continue
                if offsets[k] == 0:
                    glyph = (c + deltas[k]) & 0xFFFF
                else:
                    where = range_at + 2 * k + offsets[k] + 2 * (c - starts[k])
                    (glyph,) = struct.unpack_from(">H", data, where)
                    glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                if glyph:
                    points.add(c)
    return points


@lru_cache(maxsize=256)
def face_font(face: int, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """One face at one size (the emoji face always at its bitmap size)."""
    return ImageFont.truetype(str(face_path(face, bold)), EMOJI_PX if face == EMOJI else size)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The primary font, DejaVu Sans Condensed, at `size`."""
    return face_font(0, size, bold)


def has_glyph(face: int, ch: str, bold: bool = False) -> bool:
    return ord(ch) in cmap(face_path(face, bold))


def choose(ch: str, bold: bool = False) -> int:
    """The first face with a glyph for `ch` (the primary face if none has one)."""
    code = ord(ch)
    for face in range(len(FACES)):
        if code in cmap(face_path(face, bold)):
            return face
    return 0


@lru_cache(maxsize=8192)
def runs(s: str, bold: bool = False) -> tuple[tuple[int, str], ...]:
    """`s` cut into (face, text) runs, each drawn with one font; linear in the length."""
    out: list[list] = []
    for ch in s:
        if out:
            face = out[-1][0]
            category = unicodedata.category(ch)
            # Marks and joiners stay with their base; spaces and punctuation inside a run of a
            # fallback face stay in it, so that a right-to-left name is shaped as one piece
            # (not in the emoji face, whose space is as wide as an emoji).
            if category in _ATTACHED or (
                0 < face < EMOJI and category[0] in "ZP" and has_glyph(face, ch, bold)
            ):
                out[-1][1].append(ch)
                continue
        face = choose(ch, bold)
        if out and out[-1][0] == face:
            out[-1][1].append(ch)
        else:
            out.append([face, [ch]])
    return tuple((face, "".join(chars)) for face, chars in out)


def emoji_scale(size: int) -> float:
    return size * EMOJI_SCALE / EMOJI_PX


# Boards measure the same words move after move (a Havana board measures about 500 texts, a
# third of its drawing time before they were kept).
@lru_cache(maxsize=16384)
def advance(s: str, size: int, bold: bool = False) -> float:
    """The advance width of `s` at `size`, run by run as it is drawn."""
    total = 0.0
    for face, run in runs(s, bold):
        advance = face_font(face, size, bold).getlength(run, **LAYOUT)
        total += advance * emoji_scale(size) if face == EMOJI else advance
    return total
