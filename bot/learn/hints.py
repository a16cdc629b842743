"""Hints: at a practice table, or one opened with `/game new ... hints:True`, the "Hint" button
on a player's private prompt answers, to that player alone, with the three best choices the
analysis finds from what the player can know, each with its estimated win chance and a line on
why (`ai.hints`, thought out in the AI's worker pool). Refused at rated tables, with the reason.
(The line under each AI move at a practice table is the AI seats' own: `AiSeats._told`.)"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.errors import Refusal
from bot.discord_io.guard import handler
from bot.text import present
from bot.text.i18n import text, text_msg
from storage import GameRecord

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.seats.ai_seats import AiSeats
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)


def reason_line(locale: Any, record: GameRecord, found: dict | None) -> str:
    """Why a choice is good, in the evaluation's terms (VP now, holdings, what it sets up, what
    it denies another player), never from anything hidden: the terms are read off the seat's
    own samples."""
    if not found:
        return text(locale, "bot.hint.reason.steady")
    player = found.get("player")
    who = present.seat_name(record, player, locale) if player is not None else ""
    return text(locale, f"bot.hint.reason.{found['reason']}", n=found["worth"], player=who)


class Hints:
    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        ai: AiSeats,
    ) -> None:
        self.preferences, self.tables, self.guard, self.ai = preferences, tables, guard, ai

    @handler(defer="thinking")
    async def hint(self, interaction: discord.Interaction, locale, game_id: int, seat: int):
        record = await self.tables.active_game(interaction, game_id)
        if record.rated:
            raise Refusal("bot.hint.rated")
        if self.tables.seat_of(record, interaction.user.id) != seat:
            raise Refusal("bot.error.not_your_seat")
        state = self.tables.state_of(record)
        engine = games.get(record.kind)
        deciding = [d for d in engine.pending(state) if d.seat == seat]
        if not deciding:
            raise Refusal("bot.hint.not_deciding")
        found = await self.ai.hint(record, seat)
        if not found:
            raise Refusal("bot.hint.none")
        names = present.seat_names(record, locale)
        labels = {a.code: a.label for a in engine.legal_actions(state, seat)}
        # The reply stays in the chat after the prompt above it has moved on to the next
        # decision: it names the decision it weighed, so it is not read as the new one's.
        question = text_msg(locale, deciding[0].prompt, names, markdown=True)
        lines = [text(locale, "bot.hint.title", question=question)]
        for rank, best in enumerate(found, 1):
            label = labels.get(best["code"])
            choice = text_msg(locale, label, names, markdown=True) if label else best["code"]
            lines.append(
                text(
                    locale,
                    "bot.hint.line",
                    rank=rank,
                    choice=choice,
                    chance=round(best["win"]),
                    reason=reason_line(locale, record, best),
                )
            )
        await self.guard.reply(interaction, "\n".join(lines))
