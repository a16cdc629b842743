"""Teach as you go, in words: each kind of decision of each game has a lesson, its short form
(two to four lines opening the member's private prompt the first time they meet it) and its
full explanation (the "More" button). A lesson is named `<game>.<kind>` (the decision's kind,
`games.Decision.kind`); its texts are `bot.learn.lesson.<name>` and `bot.learn.more.<name>`. A
game without such texts (one registered from outside) teaches nothing."""

from __future__ import annotations

import re
from typing import Any

from bot.text.i18n import english, text

SHORT = "bot.learn.lesson."
FULL = "bot.learn.more."
NAME = re.compile(r"[a-z0-9_]{1,30}\.[a-z0-9_]{1,30}")


def lesson_of(kind: str, decision_kind: str) -> str | None:
    """The lesson of a game's kind of decision, None if it has none (a game may name its
    kinds of decision with its own name in front)."""
    name = f"{kind}.{decision_kind.removeprefix(kind + '.')}"
    return name if SHORT + name in english() else None


def lessons(kind: str) -> list[str]:
    """Every lesson of a game, in the catalogue's order."""
    head = f"{SHORT}{kind}."
    return [key.removeprefix(SHORT) for key in english() if key.startswith(head)]


def is_lesson(name: str) -> bool:
    return bool(NAME.fullmatch(name)) and SHORT + name in english()


def short(locale: Any, name: str) -> str:
    """The lines that open the private prompt, under a heading."""
    return "\n".join([text(locale, "bot.learn.new_decision"), text(locale, SHORT + name)])


def full(locale: Any, name: str) -> str:
    return text(locale, FULL + name)
