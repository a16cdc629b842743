"""What servers and members chose about how the bot speaks to them, kept in memory.

A server's language (`/game language`, guild id -> language) and the members who asked for the
board as text beside every picture (`/game accessibility`) are stored in the database and read
once at start-up, so channel messages sent before anyone interacts (reminders, the AI's moves
after a restart) and every DM look them up without a query. Each member's own Discord language,
as their latest interaction reported it, is remembered for their DMs (not stored: a restart
waits for their next interaction, and their DMs speak the channel's language until then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from storage import Store


class Preferences:
    def __init__(self) -> None:
        # guild id -> the language the server chose with `/game language`.
        self.server_languages: dict[int, str] = {}
        # (guild id, user id) of the members who asked for text boards.
        self.text_board_members: set[tuple[int, int]] = set()
        # user id -> the language of their latest interaction.
        self.member_locales: dict[int, discord.Locale | str] = {}

    async def load(self, store: Store) -> None:
        self.server_languages = await store.server_languages()
        self.text_board_members = await store.text_board_members()

    def server_language(self, guild_id: int | None) -> str | None:
        """The language a server chose with `/game language`, if any."""
        return None if guild_id is None else self.server_languages.get(guild_id)

    def wants_text(self, guild_id: int | None, user_id: int) -> bool:
        """Did this member ask for the text board beside every picture? In DMs (a practice
        table there belongs to no server), if they asked in any server."""
        if not guild_id:
            return any(user == user_id for _, user in self.text_board_members)
        return (guild_id, user_id) in self.text_board_members
