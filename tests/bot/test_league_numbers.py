"""A league's standings as a member reads them: half points and averages written as the
reader's language writes a number."""

from __future__ import annotations

import pytest

from bot.leagues.boards import row_text
from games.league_table import Standing

# Two players shared a place: 3.5 points each, as Board Game Arena splits them.
TIED = Standing(
    player=1, rank=2, games=3, rating=None, point_units=7, opponent_units=25, unit=2, score_sum=40
)


@pytest.mark.parametrize(
    ("locale", "points", "opponents", "average"),
    [
        ("en-US", "3.5 points", "opponents 12.5", "average 13.33"),
        ("it", "3,5 punti", "12,5", "13,33"),
        ("de", "3,5 Punkte", "12,5", "13,33"),
        ("ru", "3,5 очка", "12,5", "13,33"),
        ("es-ES", "3,5 puntos", "12,5", "13,33"),
    ],
)
def test_half_points_and_averages_read_as_the_language_writes_numbers(
    locale, points, opponents, average
):
    line = row_text(locale, TIED, {1: "Ana"}, set())
    assert points in line and opponents in line and average in line, line
