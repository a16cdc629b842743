"""A league's standings as a picture: the league's name, then one row per player, best first,
with their rank, name and a bar as long as their league points (the points written at its end),
so the gaps between players are seen at a glance.

The caller passes every text already in the reader's language; the same standings always give
the same bytes. Every text is at least `TEXT_MIN` px: a capital 7 px high where a phone shows
the picture 320 px wide, as on the other pictures (`draw.MIN_CAP_PX`).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.numbers import format_decimal

from . import draw as dr
from .captions import current, language
from .draw import INK, MUTED, text

W = 720
TEXT_MIN = dr.floor_size(W)
TOP = 96
ROW = 44
BOTTOM = 36
RANK_X, NAME_X, BAR_X = 40, 96, 380
BAR_RIGHT = W - 110
BAR_COLOUR = dr.SEAT_COLOURS[0]


def standings(title: str, rows: Sequence[tuple[int, str, float]], points_caption: str):
    """`rows`: (rank, name, league points), best first."""
    height = TOP + ROW * max(len(rows), 1) + BOTTOM
    image, d = dr.new_canvas(W, height)
    dr.panel(d, (16, 16, W - 16, height - 16))
    dr.fit_text(d, (36, 30), title, W - 72, size=30, bold=True, min_size=TEXT_MIN, role="title")
    most = max((points for _, _, points in rows), default=0.0) or 1.0
    text(
        d,
        (W - 40, TOP - 12),
        points_caption,
        size=TEXT_MIN,
        fill=MUTED,
        anchor="rs",
        role="axis",
    )
    for n, (rank, name, points) in enumerate(rows):
        y = TOP + n * ROW + ROW / 2
        text(
            d, (NAME_X - 14, y), f"{rank}.", size=TEXT_MIN + 2, bold=True, anchor="rm", role="rank"
        )
        dr.fit_text(
            d,
            (NAME_X, y),
            name,
            BAR_X - NAME_X - 14,
            size=TEXT_MIN + 2,
            anchor="lm",
            min_size=TEXT_MIN,
            role="name",
        )
        length = (BAR_RIGHT - BAR_X) * points / most
        if length > 0:
            d.rounded_rectangle(
                (BAR_X, y - 12, BAR_X + length, y + 12), radius=6, fill=BAR_COLOUR, outline=INK
            )
        # As the picture's language writes a number: "1,5" in Italian.
        shown = format_decimal(round(points, 2), locale=current())
        text(
            d,
            (BAR_X + length + 10, y),
            shown,
            size=TEXT_MIN + 2,
            bold=True,
            anchor="lm",
            role="score",
        )
    return image


def standings_png(
    title: str,
    rows: Sequence[tuple[int, str, float]],
    points_caption: str,
    lang: str | None = None,
) -> bytes:
    """The picture in PNG, its numbers written as `lang` writes them: drawn by a picture worker,
    which knows no language but the one it is given."""
    with language(lang):
        return dr.encode(standings(title, rows, points_caption))
