"""A player's means beside their choices, in the answers only they see: their prompt opened by
what of their holdings the decision reads, and a move their holdings cannot pay for answered
with those holdings and the choices they can pay for, ready to tap."""

from __future__ import annotations

from typing import Any

from bot.core.errors import Refusal
from bot.discord_io import components
from bot.text.means import deciding_means
from storage import GameRecord


def private_prompt(locale: Any, record: GameRecord, state: Any, seat: int | None):
    """`components.prompt_for` (content, view), the content opened by the seat's means when it
    decides now."""
    content, view = components.prompt_for(locale, record, state, seat)
    if view is None:
        return content, view
    line = deciding_means(locale, record.kind, state, seat)
    return (f"{line}\n{content}" if line else content), view


def refused_move(locale: Any, record: GameRecord, state: Any, seat: int, reason: Any) -> Refusal:
    """The answer to a move the rules refused (most often one the player's holdings cannot pay
    for): the reason, then, while the seat decides, its means and the choices it has, as
    buttons. Built from the game as the gate saw it, which the refusal left unchanged."""
    content, view = private_prompt(locale, record, state, seat)
    if view is None:
        return Refusal("bot.error.illegal", reason=reason)
    return Refusal("bot.error.illegal_choices", reason=reason, current=content, view=view)
