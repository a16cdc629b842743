"""A game review's chart: each seat's win chance over the game, as the analysis judged it at the
seat's own decisions (like Lichess's advantage chart, one line per seat in the seat's colour;
x the move, y the win chance from 0 to 100 %).

The caller passes every caption already in the reader's language, and each seat's name for the
legend; the same figures always give the same bytes. Texts are at least `TEXT_MIN` px: a capital
7 px high where a phone shows the picture 320 px wide, as on the other pictures
(`draw.MIN_CAP_PX`). Each line carries its seat's number in a disc, so a reader who cannot tell
the colours apart still tells the lines apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import draw as dr
from .draw import INK, MUTED, text

# narrow, so that its letters are large on a phone
W, H = 720, 470
TEXT_MIN = dr.floor_size(W)
MARKER_R = math.ceil(TEXT_MIN / 1.25)  # its seat number is TEXT_MIN px (see `draw.seat_disc`)
PLOT_X0, PLOT_X1 = 96, W - 44
PLOT_Y1 = H - 92
LEGEND_Y0 = 84
LEGEND_ROW = 2 * MARKER_R + 10
LINE_W = 4
TICKS = (0, 25, 50, 75, 100)

Line = tuple[int, str, Sequence[tuple[int, float]]]  # seat, name, [(move, win chance %)]


def _x_step(moves: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if moves / step <= 6:
            return step
    return 1000


def review_chart(title: str, lines: Sequence[Line], moves: int, x_caption: str, y_caption: str):
    """`lines`: per seat, its name and its win chance (0-100) at its decisions, oldest first;
    `moves`: the game's length, the x axis's end."""
    moves = max(1, moves)
    rows = math.ceil(len(lines) / 2)
    plot_y0 = LEGEND_Y0 + rows * LEGEND_ROW + 46
    image, d = dr.new_canvas(W, H)
    dr.panel(d, (20, 20, W - 20, H - 20))
    dr.fit_text(d, (36, 32), title, W - 72, size=28, bold=True, min_size=TEXT_MIN, role="title")

    def xpos(move: float) -> float:
        return PLOT_X0 + move * (PLOT_X1 - PLOT_X0) / moves

    def ypos(chance: float) -> float:
        return PLOT_Y1 - max(0.0, min(100.0, chance)) * (PLOT_Y1 - plot_y0) / 100

    for tick in TICKS:
        d.line((PLOT_X0, ypos(tick), PLOT_X1, ypos(tick)), fill=(225, 218, 200), width=1)
        text(
            d, (PLOT_X0 - 12, ypos(tick)), str(tick), size=TEXT_MIN, fill=MUTED, anchor="rm",
            role="tick",
        )  # fmt: skip
    d.line((PLOT_X0, plot_y0, PLOT_X0, PLOT_Y1, PLOT_X1, PLOT_Y1), fill=INK, width=2)
    dr.fit_text(
        d, (36, plot_y0 - 16), y_caption, W - 72, size=TEXT_MIN, bold=True, anchor="ls",
        min_size=TEXT_MIN, role="axis",
    )  # fmt: skip
    step = _x_step(moves)
    for move in range(0, moves + 1, step):
        d.line((xpos(move), PLOT_Y1, xpos(move), PLOT_Y1 + 6), fill=INK, width=2)
        text(
            d, (xpos(move), PLOT_Y1 + 10), str(move), size=TEXT_MIN, fill=MUTED, anchor="ma",
            role="tick",
        )  # fmt: skip
    dr.fit_text(
        d, ((PLOT_X0 + PLOT_X1) / 2, PLOT_Y1 + 42), x_caption, W - 72, size=TEXT_MIN, bold=True,
        anchor="ma", min_size=TEXT_MIN, role="axis",
    )  # fmt: skip

    for seat, _, points in lines:
        colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
        drawn = [(xpos(m), ypos(c)) for m, c in points]
        if len(drawn) > 1:
            d.line(drawn, fill=colour, width=LINE_W, joint="curve")
    # The seat's number on its line (at its own place along the game, so discs never meet) and
    # in the legend beside its name: the lines are told apart in words, not by colour alone.
    room = (W - 72) // 2
    for n, (seat, name, points) in enumerate(lines):
        if points:
            at = points[min(len(points) - 1, (n + 1) * len(points) // (len(lines) + 1))]
            dr.seat_disc(d, round(xpos(at[0])), round(ypos(at[1])), seat, r=MARKER_R)
        lx = 36 + (n % 2) * room
        ly = LEGEND_Y0 + (n // 2) * LEGEND_ROW + MARKER_R
        colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
        d.rectangle((lx, ly - 3, lx + 24, ly + 3), fill=colour)
        dr.seat_disc(d, lx + 24 + MARKER_R, ly, seat, r=MARKER_R)
        dr.fit_text(
            d, (lx + 34 + 2 * MARKER_R, ly), name, room - 48 - 2 * MARKER_R, size=TEXT_MIN,
            anchor="lm", min_size=TEXT_MIN, role="legend",
        )  # fmt: skip
    return image


def review_chart_png(
    title: str, lines: Sequence[Line], moves: int, x_caption: str, y_caption: str
) -> bytes:
    return dr.encode(review_chart(title, lines, moves, x_caption, y_caption))
