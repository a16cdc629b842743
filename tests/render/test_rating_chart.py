"""The rating chart of `/game history stats`: the same figures give the same bytes, a small file."""

from __future__ import annotations

import io

from PIL import Image

from render.rating_chart import rating_chart_png

SANTIAGO = [(25 + n * 0.4, 8.3 - n * 0.2) for n in range(30)]
HAVANA = [(25 - n * 0.3, 8.3 - n * 0.25) for n in range(6)]


def chart(lines):
    return rating_chart_png("ana: rating over time", lines, "rated games", "rating")


def test_the_same_ratings_draw_the_same_small_picture_and_others_another():
    first = chart([("Santiago de Cuba", SANTIAGO), ("Havana", HAVANA)])
    assert first == chart([("Santiago de Cuba", SANTIAGO), ("Havana", HAVANA)])
    assert first != chart([("Santiago de Cuba", SANTIAGO[:-1]), ("Havana", HAVANA)])
    assert len(first) < 100_000
    assert Image.open(io.BytesIO(first)).size == (1000, 560)
    # A single rated game is a point with its band, not an error.
    assert chart([("Havana", HAVANA[:1])]).startswith(b"\x89PNG")
