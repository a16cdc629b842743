"""`/game recap`: what the others did since your last decision, only to you (the same recap
opens your private prompt and your screen DM while a decision waits for you)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord_io.guard import handler
from bot.text.i18n import text
from bot.text.recap import nothing_key, recap

if TYPE_CHECKING:
    from bot.core.game_log import GameLogs
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard


class Recaps:
    def __init__(self, tables: Tables, guard: Guard, logs: GameLogs) -> None:
        self.tables, self.guard, self.logs = tables, guard, logs

    @handler(defer="thinking")
    async def show(self, interaction, locale) -> None:
        record = await self.tables.playing_game(interaction, None)
        seat = self.tables.seat_of(record, interaction.user.id)
        steps = await self.logs.steps(self.tables.store, record)
        said = recap(locale, record, steps, seat)
        await self.guard.reply(interaction, said or text(locale, nothing_key(steps, seat)))
