"""Game threads that live for weeks: an archived thread is reopened before the bot posts in it.

Discord archives a thread after its auto-archive duration without activity (at most a week,
the duration games are opened with) and refuses posts and edits in it (50083). Every post and
edit of the bot goes through its HTTP client's `send_message` and `edit_message`, whoever
makes it (the turn messages, the clock, the seats), so the reopening sits there: an archived
thread the bot knows of is reopened first, and a 50083 reopens the thread and tries once more.
Reopening an unlocked thread needs only Send Messages in Threads. A locked thread needs
Manage Threads, which the bot does not ask for: the channel the thread was opened from hears
it once per game (without anything private), and the thread is not tried again for a while.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_io.announce import PARENT_CHANNEL
from bot.text import present
from bot.text.i18n import game_locale, text

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)

# "Operation cannot be performed on an archived thread".
ARCHIVED_THREAD = 50083
# A thread the bot could not reopen is left alone this long (seconds) before it tries again.
CLOSED_PAUSE = 3600.0
# The note saying the parent channel heard that the game's thread is closed.
CLOSED_NOTE = "thread_closed"


class _Refused:
    """The response of a post the bot does not even try (the thread is known to be closed)."""

    status = 400
    reason = "Bad Request"


class ThreadClosed(discord.HTTPException):
    """A post to a thread the bot could not reopen: handled wherever a failed post is."""

    def __init__(self) -> None:
        super().__init__(
            _Refused(),  # type: ignore[arg-type]
            {"code": ARCHIVED_THREAD, "message": "the thread is archived and locked"},
        )


class Threads:
    def __init__(
        self, client: discord.Client, store_holder: StoreHolder, preferences: Preferences
    ) -> None:
        self.client, self.store_holder, self.preferences = client, store_holder, preferences
        # thread id -> when (event loop time) the bot last failed to reopen it.
        self.closed: dict[int, float] = {}

    def install(self, http: Any) -> None:
        """Route the posts and edits of `http` (the bot's client) through `posting`."""
        send, edit = http.send_message, http.edit_message

        async def send_message(channel_id, *, params):
            return await self.posting(channel_id, params, lambda: send(channel_id, params=params))

        async def edit_message(channel_id, message_id, *, params):
            return await self.posting(
                channel_id, params, lambda: edit(channel_id, message_id, params=params)
            )

        http.send_message, http.edit_message = send_message, edit_message

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """A moderator unlocked or reopened the thread: posting there may work again."""
        if not after.locked or not after.archived:
            self.closed.pop(after.id, None)

    async def posting(self, channel_id: int, params: Any, attempt) -> Any:
        channel_id = int(channel_id)
        closed_at = self.closed.get(channel_id)
        if closed_at is not None:
            if asyncio.get_running_loop().time() - closed_at < CLOSED_PAUSE:
                raise ThreadClosed()
            del self.closed[channel_id]
        known = self.client.get_channel(channel_id)
        if isinstance(known, discord.Thread) and known.archived and not known.locked:
            await self._reopen(channel_id)
        try:
            return await attempt()
        except discord.HTTPException as exc:
            if exc.code != ARCHIVED_THREAD:
                raise
        await self._reopen(channel_id)
        for file in getattr(params, "files", None) or ():
            file.reset(seek=True)  # the refused attempt read them
        return await attempt()

    async def _reopen(self, thread_id: int) -> None:
        try:
            await self.client.http.edit_channel(thread_id, archived=False)
        except discord.HTTPException as exc:
            if exc.status != 403 and exc.code != ARCHIVED_THREAD:
                raise  # Discord busy: the post fails as any post may, and is made again
            self.closed[thread_id] = asyncio.get_running_loop().time()
            log.warning(
                "thread %s: archived and cannot be reopened (HTTP %s)", thread_id, exc.status
            )
            await self._tell_parent(thread_id)
            raise ThreadClosed() from exc
        log.info("thread %s: reopened after it archived itself", thread_id)

    async def _tell_parent(self, thread_id: int) -> None:
        """Say once per game, in the channel the thread was opened from, why the game stopped."""
        store = self.store_holder.store
        record = None if store is None else await store.by_channel(thread_id)
        if record is None or await store.get_note(record.id, CLOSED_NOTE):
            return
        parent_id = await store.get_note(record.id, PARENT_CHANNEL)
        if parent_id is None:
            return
        try:
            locale = game_locale(self.preferences, record)
            await self.client.get_partial_messageable(
                int(parent_id), guild_id=record.guild_id
            ).send(
                text(
                    locale,
                    "bot.thread.closed",
                    game=present.title(locale, record.kind),
                    thread=f"<#{thread_id}>",
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            log.warning("thread %s: could not tell its channel (HTTP %s)", thread_id, exc.status)
            return
        await store.set_note(record.id, CLOSED_NOTE, "1")
