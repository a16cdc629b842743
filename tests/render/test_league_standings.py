"""The standings picture of a league: the same standings give the same bytes, and every text is
legible on a phone (a capital 7 px high at 320 px wide), inside the picture, clear of the
others, with long names and a row per player."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import draw, league_standings

ROWS = [(1, "Ana", 18.0), (2, "Bartholomew-Alexander Wolfgang", 14.5), (2, "Ben", 14.5)] + [
    (n, f"Player {n}", float(16 - n)) for n in range(4, 17)
]


def test_the_same_standings_draw_the_same_picture_and_others_another():
    first = league_standings.standings_png("Autumn league", ROWS, "points")
    assert first == league_standings.standings_png("Autumn league", ROWS, "points")
    assert first != league_standings.standings_png("Autumn league", ROWS[:-1], "points")
    assert Image.open(io.BytesIO(first)).width == league_standings.W
    assert len(first) < 150_000
    # Before the first game: everybody at 0, no bar, no error.
    assert league_standings.standings_png("x", [(1, "Ana", 0.0)], "points").startswith(b"\x89PNG")


@pytest.mark.parametrize("caption", ["points", "Punkte", "очки", "puntos", "punti"])
def test_every_text_is_legible_on_a_phone_and_clear_of_the_others(caption):
    with draw.recording() as drawn:
        image = league_standings.standings(
            "Liga de otoño de Santiago de Cuba, temporada de 2026", ROWS, caption
        )
    assert {"title", "rank", "name", "score", "axis"} <= {t.role for t in drawn}
    for t in drawn:
        assert draw.shown_cap(t.size, image.width) >= draw.MIN_CAP_PX, (t.text, t.size)
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, t.text
    for i, t in enumerate(drawn):
        for other in drawn[i + 1 :]:
            overlap = min(t.box[2], other.box[2]) > max(t.box[0], other.box[0]) and min(
                t.box[3], other.box[3]
            ) > max(t.box[1], other.box[1])
            assert not overlap, (t.text, other.text)


@pytest.mark.parametrize(("lang", "half"), [("en", "14.5"), ("it", "14,5"), ("de", "14,5")])
def test_half_points_are_written_as_the_picture_s_language_writes_them(lang, half):
    from render.captions import language

    with language(lang), draw.recording() as drawn:
        league_standings.standings("Autumn league", ROWS, "points")
    scores = [t.text for t in drawn if t.role == "score"]
    assert scores[:3] == ["18", half, half]


def test_the_png_a_picture_worker_draws_writes_numbers_in_the_language_it_is_given():
    """The worker has no language of its own: the standings give it theirs."""
    with draw.recording() as drawn:
        league_standings.standings_png("Autumn league", ROWS, "punti", "it")
    scores = [t.text for t in drawn if t.role == "score"]
    assert scores[:3] == ["18", "14,5", "14,5"]
