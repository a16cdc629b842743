"""Players' DM channels: opened at a steady pace, kept once open, and tried again later when
Discord is busy.

Discord limits how fast a bot opens DM channels (403 with code 40003, "opening direct messages
too fast") besides its rate limits (429 once discord.py's own waits are spent). Neither says
anything about the player, so both are waited out; only 50007 means the player's DMs are
closed. (An outage, 5xx, discord.py tries again itself; then the DM waits for the screen's next
change.) The clock firing for many games at once would open every DM in the same instant:
openings take turns instead, a few at once and then one every `OPEN_INTERVAL` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from bot.core.state_cache import StateCache
from bot.discord_io.look_back import unknown

log = logging.getLogger(__name__)

T = TypeVar("T")

# Discord error code for "Cannot send messages to this user" (DMs closed or no shared server).
CANNOT_DM = 50007
# "You are opening direct messages too fast".
OPENING_TOO_FAST = 40003
# DM channels whose id is kept (discord.py keeps only its 128 newest). A pair of ids costs some
# 200 bytes, and every one forgotten costs an opening Discord paces after a restart.
CHANNELS_KEPT = 100_000
# Openings allowed at once, then one per interval (seconds).
OPEN_BURST = 10
OPEN_INTERVAL = 0.5
# Seconds to wait before each new try when Discord is busy (or its `retry_after`, if longer):
# a minute in all, then the DM waits for the screen's next change.
BACKOFF = (10.0, 20.0, 30.0)


def busy(exc: BaseException) -> bool:
    """Discord refused for its own reasons (its pace or rate limits), not the player's."""
    if isinstance(exc, discord.RateLimited):
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.code == OPENING_TOO_FAST or exc.status == 429
    return False


def passing(exc: BaseException) -> bool:
    """A refusal that passes: Discord busy, down (5xx) or not answering. Anything else (50007,
    closed DMs, above all) would be refused again."""
    return busy(exc) or unknown(exc)


class DmChannels:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        # user id -> their DM channel's id.
        self.ids = StateCache(CHANNELS_KEPT)
        # When the next opening may start if the burst is spent (event loop time): each
        # opening books its turn at once, so they take turns in order without a lock.
        self._next_turn = 0.0

    def know(self, channels: dict[int, int]) -> None:
        """DM channels opened before (member id -> channel id, from the store at start-up): a
        restart then opens none of them again, which Discord paces (see the module's doc)."""
        for user_id, channel_id in channels.items():
            self.ids[user_id] = channel_id

    async def open(self, user_id: int) -> discord.abc.Messageable:
        known = self.ids.get(user_id)
        if known is not None:
            return self.client.get_partial_messageable(known, type=discord.ChannelType.private)
        await self._turn()
        channel = await self.client.create_dm(discord.Object(user_id))
        self.ids[user_id] = channel.id
        return channel

    async def _turn(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self._next_turn - (OPEN_BURST - 1) * OPEN_INTERVAL)
        self._next_turn = max(self._next_turn, start) + OPEN_INTERVAL
        if start > now:
            await asyncio.sleep(start - now)

    async def retrying(self, attempt: Callable[[], Awaitable[T]], what: str) -> T:
        """`attempt()`, tried again after each wait of `BACKOFF` while Discord is busy; the
        last refusal is raised."""
        waits = iter(BACKOFF)
        while True:
            try:
                return await attempt()
            except (discord.HTTPException, discord.RateLimited) as exc:
                wait = next(waits, None)
                if wait is None or not busy(exc):
                    raise
                wait = max(wait, getattr(exc, "retry_after", 0.0) or 0.0)
                log.info("%s: Discord is busy (%s), trying again in %.0f s", what, exc, wait)
            await asyncio.sleep(wait)
