"""A game's room gone: a moderator deleted its channel or thread (or the channel the thread was
in). The table ends there and then, abandoned as `/game abandon` would leave it (no winner, no
rating; a practice table leaves nothing in the history), with nothing posted where nobody can
read it. Otherwise it would play on unseen (the clock's reminders and stand-in moves, the AI
seats), its players would keep it among their games, and the outbox would try its posts again
every ten minutes for ever.

Discord says so with an event (`deleted`); a room deleted while the bot was down, or a thread
the bot no longer had in its cache, shows itself only when Discord refuses a post of the game
as "Unknown Channel", which the outbox reports here (`refused`)."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_io.outbox import UNDELIVERED
from storage import GameNotFound, GameRecord, VersionConflict

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.outbox import Outbox
    from bot.seats.hands import Seats

log = logging.getLogger(__name__)


async def room_gone(client: discord.Client, held: GameRecord) -> bool:
    """Whether the game's channel or thread is gone though nobody told this process: the bot's
    cache says it is there, else Discord is asked (an archived thread is not cached). A DM is
    never gone; anything but Discord's "no such channel" (which a thread of a deleted channel
    answers too) keeps the table."""
    if held.in_dms or client.get_channel(held.channel_id) is not None:
        return False
    try:
        await client.fetch_channel(held.channel_id)
    except discord.NotFound:
        return True
    except UNDELIVERED:
        return False
    return False


class GoneRooms:
    def __init__(
        self, client: discord.Client, tables: Tables, seats: Seats, outbox: Outbox
    ) -> None:
        self.client, self.tables, self.seats, self.outbox = client, tables, seats, outbox

    async def deleted(self, channel_id: int) -> None:
        """Discord's event: the channel or thread `channel_id` was deleted."""
        record = await self.tables.store.by_channel(channel_id)
        if record is not None and not record.in_dms:
            await self.end(record)

    async def refused(self, game_id: int) -> None:
        """Discord refused a post of the game as "Unknown Channel": if its room is indeed gone,
        its table ends and nothing of it is left to post."""
        try:
            record = await self.tables.store.get(game_id)
        except GameNotFound:
            return
        if await room_gone(self.client, record):
            await self.end(record)

    async def end(self, held: GameRecord) -> None:
        """The table of a room that is gone ends as abandoned (a game that had ended keeps its
        ending), and the outbox forgets what it still had to post for it."""
        async with self.tables.lock(held.channel_id):
            record = await self.tables.store.get(held.id)
            if record.status == "active":
                with contextlib.suppress(VersionConflict):
                    await self.seats.end_now(record, how="abandoned", post=False)
            elif record.status == "lobby":
                await self.tables.store.abandon(record.id)
                self.tables.forget(record.id)
        await self.outbox.forget_game(held.id)
        log.info(
            "game %s: its channel %s is gone; the table is abandoned", held.id, held.channel_id
        )
