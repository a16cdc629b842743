"""The review's chart of each seat's win chance: the same figures give the same bytes, and every
text is legible on a phone in every language, with 2 to 4 players and long names."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.text.i18n import text
from render import draw, review_chart
from render.review_chart import review_chart_png

NAMES = ["ana", "Bartholomew-Alexander Wolfgang", "AI 1 (strong)", "Константин Константинович"]


def _lines(players: int, moves: int = 140):
    return [
        (s, NAMES[s], [(m, 50 + 40 * ((m * (s + 3)) % 9 - 4) / 4) for m in range(s + 1, moves, 4)])
        for s in range(players)
    ]


def test_the_same_figures_draw_the_same_small_picture_and_others_another():
    first = review_chart_png("Game 7", _lines(2), 140, "move", "win chance (%)")
    assert first == review_chart_png("Game 7", _lines(2), 140, "move", "win chance (%)")
    assert first != review_chart_png("Game 7", _lines(3), 140, "move", "win chance (%)")
    assert len(first) < 120_000
    assert Image.open(io.BytesIO(first)).size == (review_chart.W, review_chart.H)
    # A seat with one counted decision, or none, is a disc or nothing: no error.
    assert review_chart_png("Game 7", [(0, "ana", [(3, 40.0)]), (1, "ben", [])], 5, "m", "%")


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["en", "de", "es", "it", "ru"])
def test_every_text_of_the_chart_is_legible_on_a_phone(lang, players):
    """Title, legend, ticks and axes, as the bot captions them: a capital at least 7 px high
    where a phone shows the picture 320 px wide, inside the picture, clear of each other."""
    with draw.recording() as drawn:
        image = review_chart.review_chart(
            text(lang, "bot.review.chart", id=12345),
            _lines(players),
            140,
            text(lang, "bot.review.chart_x"),
            text(lang, "bot.review.chart_y"),
        )
    assert {"title", "legend", "tick", "axis"} <= {t.role for t in drawn}
    for t in drawn:
        cap = draw.shown_cap(t.size, image.width)
        assert cap >= draw.MIN_CAP_PX, (t.text, cap)
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, t.text
    # The seat numbers on the lines may cross a tick's grid but never another text.
    words = [t for t in drawn if t.role]
    for i, t in enumerate(words):
        for other in words[i + 1 :]:
            assert not _overlap(t.box, other.box), (t.text, other.text)
