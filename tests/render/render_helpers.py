"""Shared helpers for the picture tests: decode PNG bytes and compare pictures."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

from render import draw

GOLDEN = Path(__file__).resolve().parent / "golden"
MAX_BYTES = 1_000_000
# A board's layout is 1200 px wide; the picture is drawn at `draw.BOARD_SCALE` of it.
BOARD_WIDTH = round(1200 * draw.BOARD_SCALE)


def on_board(box) -> tuple[int, ...]:
    """A box of a board's layout (its module's constants) in the pixels of the board as drawn."""
    return tuple(round(v * draw.BOARD_SCALE) for v in box)


def board_pixels(count: float) -> int:
    """`count` pixels of a board's layout, as many as they cover on the board as drawn."""
    return round(count * draw.BOARD_SCALE**2)


def decode(data: bytes) -> Image.Image:
    """A PNG that Pillow can fully read (verify() catches truncated or corrupt files)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(data)).verify()
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def check_png(data: bytes, min_width: int = BOARD_WIDTH) -> Image.Image:
    assert len(data) < MAX_BYTES, f"{len(data)} bytes"
    image = decode(data)
    assert image.width >= min_width
    return image


def differing_fraction(a: Image.Image, b: Image.Image, threshold: int = 48) -> float:
    """Share of pixels whose largest channel difference exceeds `threshold`."""
    assert a.size == b.size, (a.size, b.size)
    r, g, b_ = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    mask = largest.point(lambda v: 255 if v > threshold else 0)
    return mask.histogram()[255] / (a.width * a.height)


def compare_golden(name: str, data: bytes, tolerance: float = 0.00002) -> None:
    """Compare with tests/render/golden/<name>; MALECON_REGEN_GOLDEN=1 rewrites it on purpose."""
    path = GOLDEN / name
    if os.environ.get("MALECON_REGEN_GOLDEN") == "1" or not path.exists():
        if os.environ.get("MALECON_REGEN_GOLDEN") != "1":
            raise AssertionError(f"missing golden image {path.name}; set MALECON_REGEN_GOLDEN=1")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    expected = Image.open(path)
    actual = decode(data)
    assert actual.size == expected.size, (actual.size, expected.size)
    fraction = differing_fraction(actual, expected)
    assert fraction <= tolerance, (
        f"{name}: {fraction:.4%} of the pixels differ. If the picture or the seeded game changed "
        "on purpose, look at it and regenerate with MALECON_REGEN_GOLDEN=1."
    )
