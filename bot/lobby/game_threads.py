"""The public thread a new game is opened in. Discord may create a thread and the bot never
hear of it (its answer lost, the bot stopped), or the game may fail to be written after the
thread was made: the thread is then left empty. The next opening of the same name in that
channel takes it again, rather than leave a second empty thread beside it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import discord

from bot.discord_io.outbox import UNDELIVERED

if TYPE_CHECKING:
    from bot.core.tables import Tables

A_WEEK = 10080  # minutes: a thread that archives itself after a week without a word


async def left_empty(
    tables: Tables, parent: discord.TextChannel, name: str
) -> discord.Thread | None:
    """A public thread of ours called `name` that never held a game, nor a word of anyone's
    (people who talked in it made it theirs), and is not locked. Found among the threads
    Discord told us of; its history is asked only of a thread that would be taken."""
    me = parent.guild.me
    for thread in parent.threads:
        if (
            thread.name == name
            and thread.type == discord.ChannelType.public_thread
            and me is not None
            and thread.owner_id == me.id
            and not thread.locked
            and not await tables.store.ever_in_channel(thread.id)
            and await _untouched(thread)
        ):
            return thread
    return None


async def _untouched(thread: discord.Thread) -> bool:
    """Whether nobody has written in `thread` (the bot hears no one's messages: it asks)."""
    try:
        async for _ in thread.history(limit=1):
            return False
    except UNDELIVERED:
        return False  # refused or unanswered: unknown, and a thread of its own is safe
    return True


@contextlib.asynccontextmanager
async def game_thread(
    tables: Tables, parent: discord.TextChannel, name: str
) -> AsyncIterator[discord.Thread]:
    """A thread for a new game, held under its channel's lock while the game is written in it:
    an empty one of ours of that name, else a new one."""
    room = await left_empty(tables, parent, name)
    while True:
        if room is None:
            room = await parent.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=A_WEEK
            )
        async with tables.lock(room.id):
            # Asked again under the lock: another opening of the same name (a league's table,
            # a second `/game new`) may have taken it meanwhile, even one just made here
            # (Discord may tell of a new thread before its maker hears back).
            if not await tables.store.ever_in_channel(room.id):
                yield room
                return
        room = None
