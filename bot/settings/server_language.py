"""`/game language`: the language of a server's channel messages and pictures.

Discord reports en-US as the preferred locale of every server that is not a Community server, so
a group of friends could never read the game in their own language without choosing it. The
choice is stored in SQLite and kept in memory (`Preferences.server_languages`, guild id -> language) so
that every channel message looks it up without a query. Only members who may manage the server
can change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from babel import Locale
from discord import app_commands

from bot.core.errors import Refusal
from bot.discord_io.guard import handler
from bot.text.i18n import channel_locale, game_locale, languages, text

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder
    from bot.discord_io.guard import Guard
    from bot.text.preferences import Preferences

# Back to the server's own locale (or English).
AUTOMATIC = "auto"


def native_name(lang: str) -> str:
    """A language named in itself ("Italiano", "Русский"): whoever reads the list finds theirs."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def choices() -> list[app_commands.Choice[str]]:
    found = [app_commands.Choice(name=native_name(lang), value=lang) for lang in languages()]
    return [*found, app_commands.Choice(name="Auto", value=AUTOMATIC)]


class Languages:
    """`/game language` (the guard answers and runs it)."""

    def __init__(self, store_holder: StoreHolder, preferences: Preferences, guard: Guard) -> None:
        self.store_holder, self.preferences, self.guard = store_holder, preferences, guard

    @handler()
    async def choose(self, interaction: discord.Interaction, locale, value: str) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise Refusal("bot.error.manage_server")
        if value != AUTOMATIC and value not in languages():
            raise Refusal("bot.error.bad_setting")
        chosen = None if value == AUTOMATIC else value
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.store_holder.store.set_server_language(interaction.guild_id, chosen)
        if chosen is None:
            self.preferences.server_languages.pop(interaction.guild_id, None)
        else:
            self.preferences.server_languages[interaction.guild_id] = chosen
        await self.guard.reply(
            interaction, text(channel_locale(self.preferences, interaction), "bot.language.set")
        )
        await self._turn_message(interaction.channel_id)

    async def _turn_message(self, channel_id: int | None) -> None:
        """The turn message of the channel's game speaks the new language at once, its board
        drawn again in it (the server's other games follow from their next move)."""
        record = (
            None if channel_id is None else await self.store_holder.store.by_channel(channel_id)
        )
        if record is None or record.status != "active":
            return
        announcer = self.guard.announcer
        async with announcer.tables.lock(record.channel_id):
            record = await self.store_holder.store.get(record.id)
            if record.status == "active":
                locale = game_locale(self.preferences, record)
                await announcer.refresh(locale, record, announcer.tables.state_of(record))
