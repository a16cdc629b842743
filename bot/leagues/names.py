"""A league's members named in one line, as the sign-up message and the season's start do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.text import present

# Names a sign-up message lists before "…": a message holds 2,000 characters.
NAMES_SHOWN = 40


def members(locale: Any, people: Sequence[Any]) -> str:
    """The first NAMES_SHOWN members' names joined as the language joins names ("A, B and C");
    a list that goes on ends in "…" instead, with no "and" before its last shown name."""
    shown = [present.escape(m.name) for m in people[:NAMES_SHOWN]]
    if len(people) > NAMES_SHOWN:
        return ", ".join([*shown, "…"])
    return present.listed(locale, shown)
