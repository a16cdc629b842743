"""`/game away days:N`: a member is away from all their games in the server for N days.

While away, no reminder reaches them, the others read "away until" in the turn message and in
`/game mine`, and a decision of theirs that reaches the turn limit is played by the AI without
asking the table, that decision only: the seat stays theirs (`bot.timers.turn_clock`). A move of
their own, or `days:0`, ends it early (`bot.core.away_book` keeps it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.guard import handler
from bot.text import present
from bot.text.i18n import game_locale, text
from bot.text.preferences import Preferences

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.guard import Guard

DAY = 24 * 3600
MAX_DAYS = 30


class AwayMode:
    def __init__(
        self, preferences: Preferences, tables: Tables, guard: Guard, announcer: Announcer
    ) -> None:
        self.preferences, self.tables = preferences, tables
        self.guard, self.announcer = guard, announcer

    @handler(defer="thinking")
    async def away(self, interaction: discord.Interaction, locale, days: int) -> None:
        book = self.tables.away
        guild, user = interaction.guild_id, interaction.user.id
        if not 0 <= days <= MAX_DAYS:
            raise Refusal("bot.error.away_days", high=MAX_DAYS)
        if days == 0:
            if book.until(guild, user) is None:
                raise Refusal("bot.error.not_away")
            await book.end(guild, user)
            await self.guard.reply(interaction, text(locale, "bot.away.back"))
        else:
            until = now() + days * DAY
            # The clock asks at each of their timers whether they are away: none changes.
            await book.set(guild, user, until)
            await self.guard.reply(
                interaction, text(locale, "bot.away.set", date=present.date(until))
            )
        await self._turn_messages(guild, user)

    async def _turn_messages(self, guild: int, user: int) -> None:
        """The turn messages that wait for them say it at once, not from the next move on."""
        for found, _seat, wait in await self.tables.store.games_of(user, guild):
            if wait is None:
                continue
            async with self.tables.lock(found.channel_id):
                record = await self.tables.store.get(found.id)
                if record.status != "active":
                    continue
                locale = game_locale(self.preferences, record)
                await self.announcer.refresh(locale, record, self.tables.state_of(record))
