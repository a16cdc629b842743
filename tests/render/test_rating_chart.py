"""The rating chart of `/game history stats`: the same figures give the same bytes, a small file."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import draw, rating_chart
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
    assert Image.open(io.BytesIO(first)).size == (rating_chart.W, rating_chart.H)
    # A single rated game is a point with its band, not an error.
    assert chart([("Havana", HAVANA[:1])]).startswith(b"\x89PNG")


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


# The captions the bot passes, in its languages (translations/*.po), with a Discord name of the
# longest kind (32 characters).
CAPTIONS = {
    "en": ("{name}: rating over time", "rated games", "rating"),
    "de": ("{name}: Wertungszahl im Verlauf", "gewertete Spiele", "Wertungszahl"),
    "ru": ("{name}: динамика рейтинга", "рейтинговые партии", "рейтинг"),
    "es": ("{name}: evolución de la valoración", "partidas valoradas", "valoración"),
}


@pytest.mark.parametrize("name", ["Maximilian", "Bartholomew-Alexander Wolfgang"])
@pytest.mark.parametrize("lang", sorted(CAPTIONS))
def test_every_text_of_the_chart_is_legible_on_a_phone(lang, name):
    """Title, legend, ticks and axes: a capital at least 7 px high where a phone shows the
    picture 320 px wide, inside the picture, clear of each other."""
    title, x_caption, y_caption = CAPTIONS[lang]
    with draw.recording() as drawn:
        image = rating_chart.rating_chart(
            title.format(name=name),
            [("Santiago de Cuba", SANTIAGO), ("Havana", HAVANA)],
            x_caption,
            y_caption,
        )
    assert {"title", "legend", "tick", "axis"} <= {t.role for t in drawn}
    for t in drawn:
        cap = draw.shown_cap(t.size, image.width)
        assert cap >= draw.MIN_CAP_PX, (t.text, cap)
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, t.text
    for i, t in enumerate(drawn):
        for other in drawn[i + 1 :]:
            assert not _overlap(t.box, other.box), (t.text, other.text)
