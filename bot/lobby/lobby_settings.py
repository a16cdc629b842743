"""The lobby's menus of the table's clock: who opened the game sets the reminder interval and
the turn limit before it starts (`/game settings` does the same by command, in settings/)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.errors import Refusal
from bot.discord_io.guard import handler
from bot.settings.table_settings import with_clock

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.lobby.opening import Lobby


class LobbySettings:
    """`lobby` acknowledges the press, finds the lobby and shows it again."""

    def __init__(self, tables: Tables, guard: Guard, lobby: Lobby) -> None:
        self.tables, self.guard, self.lobby = tables, guard, lobby

    @handler()
    async def lobby_setting(
        self, interaction, locale, game_id: int, which: str, value: str
    ) -> None:
        """A lobby menu's choice: who opened the game sets the reminder interval or the turn
        limit."""
        await self.lobby.ack_lobby(interaction, True)
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby.lobby_game(interaction, game_id)
            if interaction.user.id != record.creator_id:
                raise Refusal("bot.error.not_creator_settings", creator=f"<@{record.creator_id}>")
            reminders, turn_limit = (value, None) if which == "reminders" else (None, value)
            changed = with_clock(record.settings, reminders, turn_limit)
            record = await self.tables.store.set_settings(record.id, changed)
            await self.lobby.show_lobby(interaction, record, True)
