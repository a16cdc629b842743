"""The final scores picture: one bar per player, best first, with the tie-break values, what each
score is made of, how the game ended, and a chart of every player's VP over the game.

Places come from `Result.places` (equal places are shared), the values compared after the
score from `Result.tiebreaks` named by `Result.tiebreak_names`, the parts of each score from
`Result.breakdown`, and `notes` / `reason` explain how ties were broken and why the game ended.

The picture is read on a phone, where Discord shows it about 320 px wide: every text is drawn
at least `TEXT_MIN` px, a capital 7 px high there (`draw.MIN_CAP_PX`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

import games
from games.core import Result
from games.text import players, tiebreak

from . import draw as dr
from .captions import ENGLISH, known, say, say_msg
from .draw import INK, MUTED, text

# Every caption of the picture, looked up in the picture's language (`render/captions.py`).
CAPTIONS = {
    key.removeprefix("pic.scores."): key for key in ENGLISH if key.startswith("pic.scores.")
}

# Narrow, so that its letters are large where a phone shows it 320 px wide: every text is at
# least the floor of `draw` (a capital 7 px high there), 22 px type.
W = 720
TEXT_MIN = dr.floor_size(W)

ROW_GAP = 8
HEAD_H = 66  # place, pawn, name and bar of a player's row
PART_SIZE = TEXT_MIN
PART_LINE = 30
PART_GAP = 24  # between two parts of a breakdown, with a dot in its middle
MAX_PART_LINES = 3
MAX_LABEL = 400  # a building of a custom deck may have a long name
PLACE_X, PLACE_W = 48, 64
PAWN_X = 102
NAME_X, NAME_W = 130, 200
BAR_X, BAR_END = 340, W - 104
# the tie-break values and the breakdown take the row's whole width, under its head
PART_X, PART_END = 40, W - 28

CHART_HEAD = 44  # heading of the chart panel
CHART_TOP = 40  # room for the y axis caption above the plot
PLOT_H = 240
PLOT_PAD = 24  # between the plot's frame and its lowest or highest value: a marker fits in it
PLOT_X0, PLOT_X1 = 84, W - 76
CHART_BOTTOM = 82  # x ticks and the x axis caption
MARKER_R = math.ceil(TEXT_MIN / 1.25)  # its seat number is TEXT_MIN px (see `draw.seat_disc`)
LINE_W = 4
TICKS = 5

# Notes name players; however long the names, the picture keeps a bounded height.
MAX_NOTE_LINES = 12
NOTE_LINE = 28


def _caption(key: str, **params) -> str:
    return say(CAPTIONS[key], **params)


def _game_title(kind: str) -> str:
    try:
        games.get(kind)  # a game registers its texts, its title among them, on import
    except (KeyError, ImportError):
        return kind.title()
    return say(f"{kind}.title") if known(f"{kind}.title") else kind.title()


def _ordinal(n: int) -> str:
    return _caption("place", n=n)


def _vp(value: int) -> str:
    """A number of VP as a player reads it: a typographic minus for VP given away."""
    return f"−{-value}" if value < 0 else str(value)


def _wrap(s: str, size: int, width: int, max_lines: int = MAX_NOTE_LINES) -> list[str]:
    """`s` in lines of `width` (a word too long for a line is cut when drawn), at most
    `max_lines` of them, the last ending in an ellipsis if the text goes on."""
    s, cut = dr.clip(s, max_lines * width)
    lines, cur = [], ""
    for word in s.split(" "):
        cand = (cur + " " + word).strip()
        if dr.length(cand, size) <= width or not cur:
            cur = cand
            continue
        lines.append(cur)
        cur = word
        if len(lines) == max_lines:
            cut = True
            break
    else:
        if cur:
            lines.append(cur)
    if cut and lines:
        lines[-1] = dr.fit(lines[-1] + " …", size, width, min_size=size)[0]
    return lines


# --- the breakdown of a score ---------------------------------------------------------------------


def _part_width(label: str, value: str) -> float:
    return dr.length(label + " ", PART_SIZE) + dr.length(value, PART_SIZE, True)


def _flow(parts: Sequence[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """Parts in lines of the breakdown's width, in order, none split across two lines."""
    lines: list[list[tuple[str, str]]] = []
    used = 0.0
    for part in parts:
        width = _part_width(*part)
        if lines and used + PART_GAP + width <= PART_END - PART_X:
            lines[-1].append(part)
            used += PART_GAP + width
        else:
            lines.append([part])
            used = width
    return lines


def _breakdown_lines(kind: str, parts, names: Sequence[str]) -> list[list[tuple[str, str]]]:
    """One player's breakdown as lines of (label, value), at most MAX_PART_LINES of them.

    Parts worth nothing are left out. When the rest do not fit (a Havana player may own many
    buildings), the largest are kept in their order and the others summed in one last part,
    so that the values shown still add up to the score."""
    shown = [
        (
            dr.fit(say_msg(label, list(names)), PART_SIZE, MAX_LABEL, False, PART_SIZE)[0],
            value,
        )
        for label, value in parts
        if value
    ]
    if not shown:
        return [[(_caption("nothing"), "")]]
    other = _caption(f"other.{kind}" if f"other.{kind}" in CAPTIONS else "other")
    # largest first, ties to the earlier part
    by_size = sorted(range(len(shown)), key=lambda i: (-abs(shown[i][1]), i))
    for keep in range(len(shown), 0, -1):
        kept = sorted(by_size[:keep])
        items = [(shown[i][0], _vp(shown[i][1])) for i in kept]
        if keep < len(shown):
            rest = sum(shown[i][1] for i in by_size[keep:])
            items.append((other, _vp(rest)))
        lines = _flow(items)
        if len(lines) <= MAX_PART_LINES:
            return lines
    return _flow([(other, _vp(sum(v for _l, v in shown)))])


def _draw_breakdown(d, y: int, lines) -> None:
    for row, line in enumerate(lines):
        cy = y + row * PART_LINE + PART_LINE // 2
        x = float(PART_X)
        for k, (label, value) in enumerate(line):
            if k:
                d.ellipse((x + PART_GAP / 2 - 3, cy - 3, x + PART_GAP / 2 + 3, cy + 3), fill=MUTED)
                x += PART_GAP
            text(d, (x, cy), label, size=PART_SIZE, fill=MUTED, anchor="lm", role="part")
            if not value:  # a caption standing alone
                continue
            x += dr.length(label + " ", PART_SIZE)
            text(d, (x, cy), value, size=PART_SIZE, bold=True, anchor="lm", role="part_vp")
            x += dr.length(value, PART_SIZE, True)


# --- the chart of VP over the game ----------------------------------------------------------------


def _nice_step(span: float) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving at most TICKS intervals."""
    span = max(span, 1)
    power = 10 ** max(0, math.floor(math.log10(span / TICKS)))
    for factor in (1, 2, 5, 10):
        if span / (factor * power) <= TICKS:
            return factor * power
    return 10 * power


def _ticks(low: int, high: int) -> list[int]:
    step = _nice_step(high - low)
    first = math.ceil(low / step) * step
    return list(range(first, high + 1, step))


def _chart_height() -> int:
    return CHART_HEAD + CHART_TOP + PLOT_H + CHART_BOTTOM


def _spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near as possible to `ys`, at least `gap` apart, within [low, high]."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    out = list(ys)
    prev = None
    for i in order:
        out[i] = max(out[i], low) if prev is None else max(out[i], prev + gap)
        prev = out[i]
    overflow = prev - high if prev is not None else 0
    if overflow > 0:
        for i in order:
            out[i] -= overflow
        prev = None
        for i in reversed(order):
            out[i] = min(out[i], high) if prev is None else min(out[i], prev - gap)
            prev = out[i]
    return out


def _draw_chart(d, top: int, series: Sequence[Sequence[int]], n: int) -> None:
    dr.panel(d, (16, top, W - 16, top + _chart_height() - 10))
    dr.fit_text(
        d,
        (32, top + 14),
        _caption("chart"),
        W - 64,
        size=24,
        bold=True,
        min_size=TEXT_MIN,
        role="chart",
    )
    y0 = top + CHART_HEAD + CHART_TOP
    y1 = y0 + PLOT_H
    low = min(0, min(min(step) for step in series))
    high = max(1, max(max(step) for step in series))
    steps = max(1, len(series) - 1)
    inner0, inner1 = y0 + PLOT_PAD, y1 - PLOT_PAD

    def ypos(v: float) -> float:
        return inner1 - (v - low) * (inner1 - inner0) / (high - low)

    def xpos(i: float) -> float:
        return PLOT_X0 + i * (PLOT_X1 - PLOT_X0) / steps

    for v in _ticks(low, high):
        d.line((PLOT_X0, ypos(v), PLOT_X1, ypos(v)), fill=(225, 218, 200), width=1)
        text(
            d, (PLOT_X0 - 12, ypos(v)), str(v), size=TEXT_MIN, fill=MUTED, anchor="rm", role="tick"
        )
    text(
        d,
        (PLOT_X0 - 12, y0 - 14),
        _caption("chart.y"),
        size=TEXT_MIN,
        bold=True,
        anchor="rs",
        role="axis",
    )
    d.line((PLOT_X0, y0, PLOT_X0, y1, PLOT_X1, y1), fill=INK, width=2)
    for i in _ticks(0, steps):
        d.line((xpos(i), y1, xpos(i), y1 + 6), fill=INK, width=2)
        text(d, (xpos(i), y1 + 10), str(i), size=TEXT_MIN, fill=MUTED, anchor="ma", role="tick")
    text(
        d,
        ((PLOT_X0 + PLOT_X1) / 2, y1 + 40),
        _caption("chart.x"),
        size=TEXT_MIN,
        bold=True,
        anchor="ma",
        role="axis",
    )

    # Equal scores would draw one line over another: each seat's line sits a little apart.
    offsets = [(s - (n - 1) / 2) * LINE_W for s in range(n)]
    for s in range(n):
        colour = dr.SEAT_COLOURS[s % len(dr.SEAT_COLOURS)]
        points = [(xpos(0), ypos(series[0][s]) + offsets[s])]
        for i in range(1, len(series)):
            if series[i][s] != series[i - 1][s]:
                y_before = ypos(series[i - 1][s]) + offsets[s]
                points.append((xpos(i), y_before))
                points.append((xpos(i), ypos(series[i][s]) + offsets[s]))
        points.append((xpos(steps), ypos(series[-1][s]) + offsets[s]))
        d.line(points, fill=colour, width=LINE_W, joint="curve")
    # Seat numbers on the lines, for readers who cannot tell the colours apart: one along each
    # line (each seat at its own place, so they never meet) and one beside each line's end.
    for s in range(n):
        at = (s + 1) / (n + 1)
        value = series[min(len(series) - 1, math.floor(at * steps))][s]
        x = PLOT_X0 + at * (PLOT_X1 - PLOT_X0)
        dr.seat_disc(d, round(x), round(ypos(value) + offsets[s]), s, r=MARKER_R)
    ends = [ypos(series[-1][s]) + offsets[s] for s in range(n)]
    placed = _spread(ends, 2 * MARKER_R + 4, y0 + MARKER_R, y1 - MARKER_R)
    x_end = PLOT_X1 + 20 + MARKER_R
    for s in range(n):
        # a thin grey leader: in a seat's colour it would read as a last change of score
        d.line((PLOT_X1 + 4, ends[s], x_end, placed[s]), fill=MUTED, width=1)
        dr.seat_disc(d, x_end, round(placed[s]), s, r=MARKER_R)


# --- the picture ----------------------------------------------------------------------------------


def _tiebreak_line(result: Result, seat: int) -> str:
    """The tie-break values of a seat ("goods left 1 · pesos 3"), or "" if the game has none."""
    if seat >= len(result.tiebreaks) or not result.tiebreak_names:
        return ""
    pairs = zip(result.tiebreak_names, result.tiebreaks[seat], strict=False)
    return " · ".join(say_msg(tiebreak(name, value)) for name, value in pairs)


def _notes(result: Result, names: Sequence[str]) -> list[str]:
    notes = []
    if result.reason is not None:
        notes.extend(_wrap(say_msg(result.reason, names), TEXT_MIN, W - 80))
    for note in result.notes:
        notes.extend(_wrap(say_msg(note, names), TEXT_MIN, W - 80))
    if len(notes) > MAX_NOTE_LINES:
        notes = notes[:MAX_NOTE_LINES]
        notes[-1] = dr.fit(notes[-1] + " …", TEXT_MIN, W - 80, min_size=TEXT_MIN)[0]
    return notes


def final_scores(
    kind: str,
    result: Result,
    names: Sequence[str] | None = None,
    vp_series: Sequence[Sequence[int]] | None = None,
) -> Image.Image:
    n = len(result.scores)
    all_names = dr.seat_names(n, names)
    if vp_series is not None and any(len(step) != n for step in vp_series):
        raise ValueError(f"every step of the VP series must hold {n} scores")
    notes = _notes(result, all_names)
    # Results stored before breakdowns were kept have none: their rows are as they were.
    parts = (
        [_breakdown_lines(kind, result.breakdown[s], all_names) for s in range(n)]
        if len(result.breakdown) == n
        else [[] for _ in range(n)]
    )
    tiebreaks = [_tiebreak_line(result, s) for s in range(n)]
    under = [len(parts[s]) + bool(tiebreaks[s]) for s in range(n)]
    rows = [HEAD_H + (k * PART_LINE + 10 if k else 0) + ROW_GAP for k in under]
    rows_top = 118
    notes_top = rows_top + sum(rows) + 16
    notes_h = 36 + NOTE_LINE * len(notes) + 10 if notes else 0
    chart_top = notes_top + notes_h
    chart = bool(vp_series)
    height = chart_top + (_chart_height() + 10 if chart else 10)
    im, d = dr.new_canvas(W, height)
    _draw_title(d, kind, result, all_names)
    order = (
        list(result.ranking)
        if len(result.ranking) == n
        else sorted(range(n), key=lambda s: -result.scores[s])
    )
    y = rows_top
    for seat in order:
        place = result.places[seat] if seat < len(result.places) else order.index(seat) + 1
        _draw_row(d, y, rows[seat] - ROW_GAP, result, seat, place, all_names[seat])
        lines = ([[(tiebreaks[seat], "")]] if tiebreaks[seat] else []) + parts[seat]
        if lines:
            _draw_breakdown(d, y + HEAD_H - 4, lines)
        y += rows[seat]
    if notes:
        _draw_notes(d, notes_top, notes)
    if chart:
        _draw_chart(d, chart_top, vp_series, n)
    return im


def _draw_title(d, kind: str, result: Result, names: Sequence[str]) -> None:
    dr.fit_text(
        d,
        (24, 18),
        _caption("title", game=_game_title(kind)),
        W - 48,
        size=30,
        bold=True,
        min_size=TEXT_MIN,
        role="title",
    )
    # "Anna and Ben", as each language joins names ("Anna e Ben", «Анна и Бен»)
    winners = say_msg(players(result.winners), names) if result.winners else ""
    if winners:
        label = "winner" if len(result.winners) == 1 else "shared_win"
        dr.fit_text(
            d,
            (24, 82),
            _caption(label, names=winners),
            W - 48,
            size=26,
            bold=True,
            fill=(0, 95, 60),
            anchor="lm",
            min_size=TEXT_MIN,
            role="winner",
        )


def _draw_row(d, y: int, h: int, result: Result, seat: int, place: int, name: str) -> None:
    """A player's row: place, pawn, name, and the score as a bar and a number."""
    winner = seat in result.winners
    dr.panel(d, (16, y, W - 16, y + h), fill=(255, 244, 200) if winner else dr.PANEL)
    mid = y + HEAD_H // 2
    dr.fit_text(
        d,
        (PLACE_X, mid),
        _ordinal(place),
        PLACE_W - 8,
        size=26,
        bold=True,
        anchor="mm",
        min_size=TEXT_MIN,
        role="place",
    )
    dr.pawn(d, PAWN_X, mid, seat, h=54)
    dr.fit_text(
        d,
        (NAME_X, mid),
        name,
        NAME_W,
        size=26,
        bold=True,
        anchor="lm",
        min_size=TEXT_MIN,
        role="name",
    )
    top = max(max(result.scores, default=0), 1)
    score = result.scores[seat]
    length = max(6, round((BAR_END - BAR_X) * max(score, 0) / top))
    colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
    d.rounded_rectangle(
        (BAR_X, mid - 20, BAR_X + length, mid + 20), radius=8, fill=colour, outline=INK, width=2
    )
    dr.fit_text(
        d,
        (BAR_X + length + 10, mid),
        _caption("score", score=_vp(score)),
        W - 22 - (BAR_X + length + 10),
        size=26,
        bold=True,
        anchor="lm",
        min_size=TEXT_MIN,
        role="score",
    )


def _draw_notes(d, top: int, notes: list[str]) -> None:
    dr.fit_text(
        d,
        (24, top),
        _caption("ended"),
        W - 48,
        size=24,
        bold=True,
        min_size=TEXT_MIN,
        role="heading",
    )
    for i, line in enumerate(notes):
        dr.fit_text(
            d,
            (32, top + 36 + i * NOTE_LINE),
            line,
            W - 80,
            size=TEXT_MIN,
            min_size=TEXT_MIN,
            role="note",
        )
