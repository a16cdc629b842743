"""A game review in words: each player's accuracy and counts, a member's costliest decisions,
the line under the final scores, the replay's mark of an analysed decision, and the chart's
lines and alt text; read from the review's JSON (`ai.review`, FORMAT 1) as stored.

A decision's labels (what was chosen, what the analysis preferred) may name what lay behind
its player's screen (a card in hand, a face-down pick): they are said only to that player, or
when the decision's choices were open to the whole table (`shown_to`); anybody else reads
that it was a hidden choice, and its cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.numbers import format_decimal

import games
from bot.text import present
from bot.text.i18n import language, text, text_msg
from games.text import Msg

# What a class is marked with, as chess annotates a move.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
COSTLIEST = 3


def number(locale: Any, value: float) -> str:
    return format_decimal(round(value, 1), format="#,##0.0", locale=language(locale))


def seats(result: Mapping) -> list[Mapping]:
    return list(result.get("seats") or ())


def player_line(locale: Any, record: Any, seat: Mapping) -> str:
    """One player's accuracy and the counts of their inaccuracies, mistakes and blunders."""
    name = present.seat_name(record, seat["seat"], locale)
    if seat.get("accuracy") is None:
        return text(locale, "bot.review.player_none", name=name)
    return text(
        locale,
        "bot.review.player",
        name=name,
        accuracy=number(locale, seat["accuracy"]),
        inaccuracies=text(locale, "bot.review.inaccuracies", n=seat["inaccuracy"]),
        mistakes=text(locale, "bot.review.mistakes", n=seat["mistake"]),
        blunders=text(locale, "bot.review.blunders", n=seat["blunder"]),
    )


def accuracy_line(locale: Any, record: Any, result: Mapping) -> str:
    """The line under the final scores: everyone's accuracy."""
    parts = [
        text(
            locale,
            "bot.review.accuracy_of",
            name=present.seat_name(record, s["seat"], locale),
            accuracy=number(locale, s["accuracy"]),
        )
        for s in seats(result)
        if s.get("accuracy") is not None
    ]
    if not parts:
        return text(locale, "bot.review.accuracy_none")
    return text(locale, "bot.review.accuracy_line", players=", ".join(parts))


def costliest(result: Mapping, seat: int, count: int = COSTLIEST) -> list[Mapping]:
    """The seat's `count` decisions that cost most win chance (then most points), in the order
    they were taken; a decision that cost nothing is none of them."""
    mine = [
        d
        for d in result.get("decisions") or ()
        if d["seat"] == seat and d.get("counted") and (d["cost"] > 0 or d["points"] > 0)
    ]
    mine.sort(key=lambda d: (-d["cost"], -d["points"], d["entry"]))
    return sorted(mine[:count], key=lambda d: d["entry"])


def move_number(decision: Mapping) -> int:
    """The move a decision is, counted as the replay counts its steps (its log entry, 1-based):
    the replay at step `move_number - 1` is the moment it was taken."""
    return decision["entry"] + 1


def shown_to(decision: Mapping, pending: games.Decision | None, viewer_seat: int | None) -> bool:
    """May a viewer read what the decision chose and what the analysis preferred? Its own
    player may; the others when the choices were open to the whole table then."""
    if viewer_seat == decision["seat"]:
        return True
    if pending is None or pending.secret:
        return False
    if not pending.private_options:
        return True
    open_codes = set(pending.open_codes or ())
    return {decision["code"], decision.get("best_code")} <= open_codes


def _label(locale: Any, kind: str, label: Any, names: Sequence[str]) -> str:
    if label is None:  # a code the game no longer names
        return "?"
    said = games.stored_label(kind, Msg.from_json(label))
    return text_msg(locale, said, names, markdown=True)


def decision_line(
    locale: Any, record: Any, decision: Mapping, names: Sequence[str], shown: bool
) -> str:
    """A costly decision: its move, what was chosen, what the analysis preferred, and the cost
    in win chance and in points."""
    mark = MARKS.get(decision.get("class", ""), "•")
    move, chance = move_number(decision), number(locale, decision["cost"])
    points = number(locale, decision["points"])
    if not shown:
        return text(
            locale, "bot.review.decision_hidden", mark=mark, move=move, chance=chance, points=points
        )
    return text(
        locale,
        "bot.review.decision",
        mark=mark,
        move=move,
        played=_label(locale, record.kind, decision.get("label"), names),
        best=_label(locale, record.kind, decision.get("best_label"), names),
        chance=chance,
        points=points,
    )


def mark_line(
    locale: Any, record: Any, decision: Mapping, names: Sequence[str], shown: bool
) -> str | None:
    """The replay's note on the moment of an analysed decision the analysis flagged."""
    kind = decision.get("class")
    if not decision.get("counted") or kind not in MARKS:
        return None
    mark, said = MARKS[kind], text(locale, f"bot.review.class.{kind}")
    name = present.seat_name(record, decision["seat"], locale)
    chance = number(locale, decision["cost"])
    if not shown:
        return text(
            locale, "bot.review.mark_hidden", mark=mark, kind=said, name=name, chance=chance
        )
    return text(
        locale,
        "bot.review.mark",
        mark=mark,
        kind=said,
        name=name,
        played=_label(locale, record.kind, decision.get("label"), names),
        best=_label(locale, record.kind, decision.get("best_label"), names),
        chance=chance,
    )


def chart_lines(record: Any, result: Mapping, names: Sequence[str]) -> list:
    """Per seat: its name and its win chance after each of its counted decisions (by the
    analysis: the chance of the code it played), at the move of that decision."""
    lines = []
    for seat in range(len(record.seats)):
        points = [
            (move_number(d), float(d["played"]))
            for d in result.get("decisions") or ()
            if d["seat"] == seat and d.get("counted")
        ]
        lines.append((seat, names[seat], points))
    return lines


def chart_alt(locale: Any, record: Any, lines: Sequence) -> str:
    """The chart in words: each seat's win chance at its first and last counted decision."""
    said = [text(locale, "bot.review.chart", id=record.id) + ":"]
    for seat, _, points in lines:
        if not points:
            continue
        said.append(
            text(
                locale,
                "bot.review.chart_alt",
                name=present.seat_name(record, seat, locale),
                first=number(locale, points[0][1]),
                last=number(locale, points[-1][1]),
                decisions=text(locale, "bot.review.decisions", n=len(points)),
            )
        )
    return " ".join(said)
