"""Moments as Discord timestamps, which every reader's client shows in their own language and
time zone. A moment with its time comes as two parts, so that each language words the phrase
around them ("on {date} at {time}", «{date} в {time}»): Discord's one-piece date-and-time form
has no word between them."""

from __future__ import annotations


def date(at: float) -> str:
    """The day of `at` ("3 December 2026", as the reader's Discord writes it)."""
    return f"<t:{int(at)}:D>"


def moment(at: float) -> dict[str, str]:
    """`date` and `time` of `at`, the parameters of a text that names a moment."""
    return {"date": date(at), "time": f"<t:{int(at)}:t>"}
