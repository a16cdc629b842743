"""A rematch: the table of the channel's last finished game, at once, in a new lobby.

`/game rematch`, or the "Rematch" button on the final scores, asked by a player of that game,
opens a lobby with the same game, options and table settings and the same players already
seated, the seat order turned by one (each player moves one seat up, the first goes last) and
the AI seats kept with their levels. Whoever asked opens it, so they start it like any lobby;
the others are pinged once, in a message of their own (a mention added by editing notifies
nobody), and who does not want to play leaves it. Once per ended game: a rematch abandoned and
asked again opens its lobby and names the others, without pinging them again (noted on the
ended game, so a restart keeps it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.core.errors import Refusal
from bot.discord_io.announce import PARENT_CHANNEL
from bot.discord_io.guard import handler
from bot.discord_io.turn_messages import message_link, pinging
from bot.lobby import components
from bot.lobby.opening import LOBBY_MESSAGE
from bot.lobby.permissions import missing_permissions
from bot.text import present
from bot.text.i18n import channel_locale, reported_locale, text
from bot.text.preferences import Preferences
from storage import ChannelBusy, GameRecord
from storage.records import HUMAN

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.lobby.opening import Lobby

# A note of the rematch's lobby: the game it replays (a second press points to it).
REMATCH_OF = "rematch_of"
# A note of the ended game: a rematch of it has pinged its table (the next ones only name it).
REMATCH_PINGED = "rematch_pinged"


def rotated(record: GameRecord) -> list[tuple[int, str, str]]:
    """The seats of the next game: (user id, name, controller), each player one seat up.
    A person plays their own seat again (the AI stood in for some only in that game)."""
    seats = [(s.user_id, s.name, HUMAN if s.has_person else s.controller) for s in record.seats]
    return seats[1:] + seats[:1]


class Rematch:
    def __init__(
        self, preferences: Preferences, tables: Tables, guard: Guard, lobby: Lobby
    ) -> None:
        self.preferences, self.tables, self.guard, self.lobby = preferences, tables, guard, lobby

    def final_view(self, locale, record: GameRecord) -> discord.ui.View | None:
        """The "Rematch" button under a game's final scores (not under an abandoned game's, nor
        under a practice table's in the member's DMs: `/learn` opens the next one)."""
        if record.status != "finished" or record.in_dms:
            return None
        return components.rematch_view(locale, record.id)

    @handler()
    async def rematch(self, interaction: discord.Interaction, locale, game_id=None) -> None:
        """`game_id`: the game whose final scores carry the button pressed; else the
        channel's last game."""
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        async with self.tables.lock(interaction.channel_id):
            if game_id is None:
                old = await self.tables.store.last_finished(interaction.channel_id)
            else:
                old = await self.tables.game_of_component(interaction, game_id)
            if old is None or old.status != "finished":
                raise Refusal("bot.error.no_rematch")
            if old.seat_of(interaction.user.id) is None:
                raise Refusal("bot.error.rematch_not_player")
            await self._refuse_if_open(old)
            missing = missing_permissions(interaction)
            if missing:
                names = ", ".join(text(locale, f"bot.permission.{name}") for name in missing)
                raise Refusal("bot.error.bot_permissions", missing=names)
            # The lobby is this answer: acknowledged before the store is asked.
            await interaction.response.defer(thinking=True)
            await self._open(interaction, old)

    async def _refuse_if_open(self, old: GameRecord) -> None:
        here = await self.tables.store.by_channel(old.channel_id)
        if here is None:
            return
        replaying = await self.tables.store.get_note(here.id, REMATCH_OF)
        if here.status == "lobby" and replaying == str(old.id):
            lobby = await self.tables.store.get_note(here.id, LOBBY_MESSAGE)
            raise Refusal("bot.error.rematch_open", link=message_link(here, lobby))
        raise Refusal("bot.error.busy")

    async def _open(self, interaction: discord.Interaction, old: GameRecord) -> None:
        seats = rotated(old)
        notes = {REMATCH_OF: str(old.id)}
        parent = await self.tables.store.get_note(old.id, PARENT_CHANNEL)
        if parent is not None:  # a game in a thread of its own: its result goes there too
            notes[PARENT_CHANNEL] = parent
        try:
            record = await self.tables.store.create_game(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                kind=old.kind,
                options=old.options,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                settings=old.settings,
                server_locale=reported_locale(interaction),
                seats=seats,
                mode=old.mode,
                notes=notes,
            )
        except ChannelBusy:
            raise Refusal("bot.error.busy") from None
        sent = await self.lobby.show(interaction, record)
        ch = channel_locale(self.preferences, interaction)
        others = [
            s.user_id for s in record.seats if s.has_person and s.user_id != interaction.user.id
        ]
        if others:
            content = text(
                ch,
                "bot.rematch.ping",
                who=" ".join(f"<@{u}>" for u in others),
                by=present.escape(interaction.user.display_name),
                game=present.title(ch, record.kind),
                link=message_link(record, str(sent.id)),
            )
            store = self.tables.store
            pinged = await store.get_note(old.id, REMATCH_PINGED) is not None
            awake = [] if pinged else self.lobby.announcer.awake(others)
            await self.lobby.announcer.channel(record).send(
                content, allowed_mentions=pinging(awake)
            )
            if not pinged:
                await store.set_note(old.id, REMATCH_PINGED, "1")
