"""Smaller uploads: every picture is a 256-colour palette PNG, the same view gives the same
bytes, boards stay under 100 KB and a player's screen (sent by DM at every change) under
16 KB in Santiago de Cuba and 21 KB in Havana, and the colours that carry meaning (seats,
goods, flowers, materials) keep their own colour through the palette."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import games
from games.core import Result
from render import (
    board_image,
    board_png,
    draw,
    final_scores_png,
    havana,
    santiago,
    screen_image,
    screen_png,
)
from render.demo import NAMES, play

MAX_BOARD_BYTES = 100_000
# 1000 px wide at level 6, screens took 13.3-14.7 KB and 20.2-21.1 KB; Santiago's screen has
# carried the goods in supply since they left the board (about 0.4 KB); their letters grew by
# a fifth to be read on a phone (7 px capitals at 320 px), and Havana's cards to four a row
# (about 1.5 KB each)
MAX_SCREEN_BYTES = {"santiago": 16_000, "havana": 21_000}
# a colour may move this far (largest channel difference) in the palette, no further
MAX_SHIFT = 12


def _boards():
    for kind, steps in (("santiago", 120), ("havana", 45)):
        game = games.get(kind)
        for players in (2, 3, 4):
            state = play(kind, players, 3 + players, steps)
            yield f"{kind}-{players}p", kind, game, state, NAMES[:players]


@pytest.mark.parametrize("case", list(_boards()), ids=lambda c: c[0])
def test_boards_and_screens_are_small_palette_pngs(case):
    _label, kind, game, state, names = case
    data = board_png(game.public_view(state), names)
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P" and len(image.getpalette()) <= 3 * 256
    assert len(data) < MAX_BOARD_BYTES, f"{len(data)} bytes"
    for seat in range(len(names)):
        data = screen_png(game.player_view(state, seat), names)
        assert Image.open(io.BytesIO(data)).mode == "P"
        assert len(data) < MAX_SCREEN_BYTES[kind], f"screen of seat {seat}: {len(data)} bytes"


def test_final_scores_are_a_palette_png():
    result = Result(scores=(20, 12), winners=(0,), ranking=(0, 1), places=(1, 2))
    assert Image.open(io.BytesIO(final_scores_png("havana", result, NAMES))).mode == "P"


def test_palette_encode_is_deterministic():
    game = games.get("santiago")
    view = game.public_view(play("santiago", 4, 7, 150))
    image = board_image(view, NAMES)
    assert draw.encode(image) == draw.encode(image.copy()) == board_png(view, NAMES)


@pytest.mark.parametrize("picture", ["board", "screen"])
def test_the_png_holds_exactly_the_palette_image(picture):
    game = games.get("havana")
    state = play("havana", 3, 5, 45)
    if picture == "board":
        image = board_image(game.public_view(state), NAMES)
        data = draw.encode(image)
    else:  # compressed harder than a board
        view = game.player_view(state, 1)
        image, data = screen_image(view, NAMES[:3]), screen_png(view, NAMES[:3])
    decoded = Image.open(io.BytesIO(data))
    decoded.load()  # checks every chunk's CRC
    assert decoded.size == image.size
    expected = draw.quantize(image).convert("RGB")
    assert ImageChops.difference(decoded.convert("RGB"), expected).getbbox() is None


def _meaningful(kind: str) -> dict[str, tuple[int, int, int]]:
    colours = {f"seat {k + 1}": c for k, c in enumerate(draw.SEAT_COLOURS)}
    if kind == "santiago":
        colours.update({f"good {g}": f for g, (f, _) in santiago.GOOD_STYLE.items()})
        colours.update({f"flower {c}": f for c, (f, _) in santiago.FLOWER_STYLE.items()})
    else:
        colours.update({f"cube {c}": f for c, (f, _) in havana.CUBE_STYLE.items()})
    colours["highlight"] = draw.HIGHLIGHT
    return colours


def _where(image: Image.Image, colour) -> Image.Image:
    """A mask of the pixels of exactly `colour`."""
    bands = [
        band.point(lambda v, c=c: 255 * (v == c))
        for band, c in zip(image.split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_meaningful_colours_stay_distinct_through_the_palette(kind):
    game = games.get(kind)
    view = game.public_view(play(kind, 4, 7, 150 if kind == "santiago" else 45))
    original = board_image(view, NAMES)
    encoded = Image.open(io.BytesIO(board_png(view, NAMES))).convert("RGB")
    black = Image.new("RGB", original.size)
    became: dict[str, set] = {}
    for name, colour in _meaningful(kind).items():
        mask = _where(original, colour)
        if mask.getbbox() is None:
            continue  # not on this board (white goods and flowers are the background white)
        shown = Image.composite(encoded, black, mask).getcolors(1 << 16)
        became[name] = {c for _n, c in shown if c != (0, 0, 0) or colour == (0, 0, 0)}
        for c in became[name]:
            assert max(abs(a - b) for a, b in zip(c, colour, strict=True)) <= MAX_SHIFT, (
                name,
                colour,
                c,
            )
    assert len(became) >= 9  # four seats and at least five goods or materials
    colours = _meaningful(kind)
    names = sorted(became)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            apart = max(abs(x - y) for x, y in zip(colours[a], colours[b], strict=True))
            if apart > 2 * MAX_SHIFT:  # white sugar cane and the white flower are alike on purpose
                assert not became[a] & became[b], f"{a} and {b} share a palette colour"
