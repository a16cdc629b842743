"""`/game accessibility`: a member's wish for the text board beside every picture they get.

With `text_boards` on, the bot adds the board as structured text to what reaches that member
alone: their screen DM (their own screen and the board, as text too) and their private
prompts, `/game screen` and `/game board`. A channel's turn message is everybody's, so it stays
as it is. Stored per member (server and user) and kept in memory
(`Preferences.text_board_members`), so a DM looks it up without a query.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.core.errors import Refusal
from bot.discord_io.guard import handler
from bot.text.i18n import text

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder
    from bot.discord_io.guard import Guard
    from bot.text.preferences import Preferences


class Accessibility:
    """`/game accessibility` (the guard answers and runs it)."""

    def __init__(self, store_holder: StoreHolder, preferences: Preferences, guard: Guard) -> None:
        self.store_holder, self.preferences, self.guard = store_holder, preferences, guard

    @handler(defer="thinking")
    async def choose(
        self, interaction: discord.Interaction, locale, text_boards: bool | None
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        member = (interaction.guild_id, interaction.user.id)
        chosen = self.preferences.text_board_members
        if text_boards is None:
            on = member in chosen
            key = "bot.accessibility.is_on" if on else "bot.accessibility.is_off"
            await self.guard.reply(interaction, text(locale, key))
            return
        await self.store_holder.store.set_text_boards(*member, text_boards)
        if text_boards:
            chosen.add(member)
        else:
            chosen.discard(member)
        key = "bot.accessibility.on" if text_boards else "bot.accessibility.off"
        await self.guard.reply(interaction, text(locale, key))
