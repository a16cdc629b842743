"""The final scores picture: one bar per player, best first, with the tie-break values and notes.

Places come from `Result.places` (equal places are shared), the values compared after the
score from `Result.tiebreaks` named by `Result.tiebreak_names`, and `notes` / `reason` explain
how ties were broken and why the game ended.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.core import Result
from games.text import ENGLISH, render

from . import draw as dr
from .draw import INK, MUTED, text

W = 1200
ROW_H = 96
TITLES = {"santiago": "Santiago de Cuba", "havana": "Havana"}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# Notes name players; however long the names, the picture keeps a bounded height.
MAX_NOTE_LINES = 12


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


def final_scores(kind: str, result: Result, names: Sequence[str] | None = None) -> Image.Image:
    n = len(result.scores)
    all_names = dr.seat_names(n, names)
    notes = []
    if result.reason is not None:
        notes.extend(_wrap(render(result.reason, ENGLISH, names=all_names), 20, W - 80))
    for note in result.notes:
        notes.extend(_wrap(render(note, ENGLISH, names=all_names), 20, W - 80))
    if len(notes) > MAX_NOTE_LINES:
        notes = notes[:MAX_NOTE_LINES]
        notes[-1] = dr.fit(notes[-1] + " …", 20, W - 80, min_size=20)[0]
    height = 150 + n * ROW_H + 30 + (40 + 28 * len(notes) if notes else 0)
    im, d = dr.new_canvas(W, height)
    title = TITLES.get(kind, kind.title())
    text(d, (30, 24), f"{title} — final scores", size=34, bold=True)
    winners = ", ".join(all_names[s] for s in result.winners)
    if winners:
        label = "Winner" if len(result.winners) == 1 else "Shared win"
        dr.fit_text(
            d,
            (30, 92),
            f"{label}: {winners}",
            W - 60,
            size=26,
            bold=True,
            fill=(0, 95, 60),
            anchor="lm",
        )
    top = max(max(result.scores, default=0), 1)
    bar_x, bar_w = 420, W - 420 - 150
    tb_names = [str(m) for m in result.tiebreak_names]
    order = (
        list(result.ranking)
        if len(result.ranking) == n
        else sorted(range(n), key=lambda s: -result.scores[s])
    )
    for row, seat in enumerate(order):
        y = 140 + row * ROW_H
        place = result.places[seat] if seat < len(result.places) else row + 1
        is_winner = seat in result.winners
        dr.panel(
            d, (20, y, W - 20, y + ROW_H - 10), fill=(255, 244, 200) if is_winner else dr.PANEL
        )
        text(d, (70, y + 43), _ordinal(place), size=30, bold=True, anchor="mm")
        dr.pawn(d, 140, y + 43, seat, h=50)
        has_tiebreaks = seat < len(result.tiebreaks) and bool(tb_names)
        name_y = y + 30 if has_tiebreaks else y + 43
        dr.fit_text(d, (172, name_y), all_names[seat], 240, size=24, bold=True, anchor="lm")
        if has_tiebreaks:
            parts = [
                f"{name} {value}"
                for name, value in zip(tb_names, result.tiebreaks[seat], strict=False)
            ]
            dr.fit_text(d, (172, y + 60), " · ".join(parts), 240, size=18, fill=MUTED, anchor="lm")
        score = result.scores[seat]
        length = max(6, round(bar_w * max(score, 0) / top))
        colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
        d.rounded_rectangle(
            (bar_x, y + 18, bar_x + length, y + 68), radius=8, fill=colour, outline=INK, width=2
        )
        text(d, (bar_x + length + 12, y + 43), f"{score} VP", size=26, bold=True, anchor="lm")
    if notes:
        y = 140 + n * ROW_H + 20
        text(d, (30, y), "How it ended", size=22, bold=True)
        for i, line in enumerate(notes):
            dr.fit_text(d, (40, y + 36 + i * 28), line, W - 80, size=20, min_size=20)
    return im
