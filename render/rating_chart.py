"""A player's rating over their rated games: one line per game (Santiago de Cuba, Havana) with
a band of plus or minus one uncertainty around it, so a reader sees both where the rating went
and how sure it has become.

The caller passes every caption already in the reader's language; the same figures always give
the same bytes. Texts are at least `TEXT_MIN` px: a capital 7 px high where a phone shows the
picture 320 px wide, as on the other pictures (`draw.MIN_CAP_PX`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from . import draw as dr
from .draw import INK, MUTED, text

# narrow, so that its letters are large on a phone
W, H = 720, 450
TEXT_MIN = dr.floor_size(W)
PLOT_X0, PLOT_X1 = 96, W - 44
PLOT_Y0, PLOT_Y1 = 152, H - 92
LEGEND_Y = 88
LINE_W = 4
TICKS = 5
# One colour per line, kept apart from each other as the seat colours are.
LINE_COLOURS = (dr.SEAT_COLOURS[0], dr.SEAT_COLOURS[1], dr.SEAT_COLOURS[2], dr.SEAT_COLOURS[3])


def _step(span: float) -> float:
    span = max(span, 1.0)
    power = 10 ** math.floor(math.log10(span / TICKS))
    for factor in (1, 2, 5, 10):
        if span / (factor * power) <= TICKS:
            return factor * power
    return 10 * power


def rating_chart(
    title: str,
    lines: Sequence[tuple[str, Sequence[tuple[float, float]]]],
    x_caption: str,
    y_caption: str,
) -> Image.Image:
    """`lines`: (caption, [(mu, sigma) after each rated game, oldest first]) per game."""
    image, d = dr.new_canvas(W, H)
    dr.panel(d, (20, 20, W - 20, H - 20))
    dr.fit_text(d, (36, 32), title, W - 72, size=28, bold=True, min_size=TEXT_MIN, role="title")
    drawn = [(caption, points) for caption, points in lines if points]
    values = [v for _, points in drawn for mu, sigma in points for v in (mu - sigma, mu + sigma)]
    low = math.floor(min(values, default=0.0))
    high = math.ceil(max(values, default=50.0))
    if high - low < 5:
        low, high = low - 3, high + 3
    games = max((len(points) for _, points in drawn), default=1)

    def xpos(i: float) -> float:
        return PLOT_X0 + (i + 1) * (PLOT_X1 - PLOT_X0) / max(games, 1)

    def ypos(v: float) -> float:
        return PLOT_Y1 - (v - low) * (PLOT_Y1 - PLOT_Y0) / (high - low)

    step = _step(high - low)
    tick = math.ceil(low / step) * step
    while tick <= high:
        d.line((PLOT_X0, ypos(tick), PLOT_X1, ypos(tick)), fill=(225, 218, 200), width=1)
        shown = f"{tick:g}"
        text(
            d,
            (PLOT_X0 - 12, ypos(tick)),
            shown,
            size=TEXT_MIN,
            fill=MUTED,
            anchor="rm",
            role="tick",
        )
        tick += step
    d.line((PLOT_X0, PLOT_Y0, PLOT_X0, PLOT_Y1, PLOT_X1, PLOT_Y1), fill=INK, width=2)
    dr.fit_text(
        d,
        (36, PLOT_Y0 - 20),
        y_caption,
        W - 72,
        size=TEXT_MIN,
        bold=True,
        anchor="ls",
        min_size=TEXT_MIN,
        role="axis",
    )
    x_step = max(1, int(_step(games)))
    for i in range(x_step, games + 1, x_step):
        d.line((xpos(i - 1), PLOT_Y1, xpos(i - 1), PLOT_Y1 + 6), fill=INK, width=2)
        label = str(i)
        text(
            d,
            (xpos(i - 1), PLOT_Y1 + 10),
            label,
            size=TEXT_MIN,
            fill=MUTED,
            anchor="ma",
            role="tick",
        )
    dr.fit_text(
        d,
        ((PLOT_X0 + PLOT_X1) / 2, PLOT_Y1 + 42),
        x_caption,
        W - 72,
        size=TEXT_MIN,
        bold=True,
        anchor="ma",
        min_size=TEXT_MIN,
        role="axis",
    )

    for n, (_, points) in enumerate(drawn):
        # Each band on a layer of its own, so overlapping bands blend instead of hiding.
        band = Image.new("RGBA", image.size, (0, 0, 0, 0))
        shade = ImageDraw.Draw(band)
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        upper = [(xpos(i), ypos(mu + sigma)) for i, (mu, sigma) in enumerate(points)]
        lower = [(xpos(i), ypos(mu - sigma)) for i, (mu, sigma) in enumerate(points)]
        if len(points) == 1:
            x = xpos(0)
            shade.rectangle((x - 6, upper[0][1], x + 6, lower[0][1]), fill=(*colour, 60))
        else:
            shade.polygon(upper + lower[::-1], fill=(*colour, 60))
        image.paste(band, (0, 0), band)
    d = ImageDraw.Draw(image)
    for n, (caption, points) in enumerate(drawn):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        line = [(xpos(i), ypos(mu)) for i, (mu, _) in enumerate(points)]
        if len(line) > 1:
            d.line(line, fill=colour, width=LINE_W, joint="curve")
        x, y = line[-1]
        d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=INK)
        # The legend says which line is which in words, not by colour alone.
        room = (W - 72) // 2
        lx = 36 + n * room
        d.rectangle((lx, LEGEND_Y - 4, lx + 30, LEGEND_Y + 4), fill=colour)
        dr.fit_text(
            d,
            (lx + 38, LEGEND_Y),
            caption,
            room - 48,
            size=TEXT_MIN,
            anchor="lm",
            min_size=TEXT_MIN,
            role="legend",
        )
    return image


def rating_chart_png(
    title: str,
    lines: Sequence[tuple[str, Sequence[tuple[float, float]]]],
    x_caption: str,
    y_caption: str,
) -> bytes:
    return dr.encode(rating_chart(title, lines, x_caption, y_caption))
