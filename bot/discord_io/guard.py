"""One wrapper for every interaction handler: acknowledge, pick the locale, turn a `Refusal`
into a polite ephemeral answer, log the rest.

A handler is a method decorated with `@handler(defer=...)` on a service that has a `guard`;
it receives the interaction and the user's locale after `self`, then its own arguments:

    @handler(defer="thinking")
    async def resign(self, interaction, locale) -> None: ...

`defer`: None (the handler answers or defers itself), "thinking" (a private "thinking..."
answer follows), "update" (the pressed message will be edited), "private" (a press on a private
answer edits it, anything else gets a private answer; see `came_from_private`), "press" (a
press on any message defers an update of it, so the handler may still take its buttons away
through the interaction, and answers privately in a follow-up; a command thinks privately).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.core import metrics
from bot.core.errors import Refusal
from bot.discord_io.answering import (
    SAVED,
    answer,
    came_from_private,
    saved,
    think,
)
from bot.discord_io.outbox import UNDELIVERED
from bot.text import present
from bot.text.i18n import text, user_locale
from bot.text.preferences import Preferences

if TYPE_CHECKING:
    from bot.discord_io.announce import Announcer

log = logging.getLogger(__name__)

DEFERS = (None, "thinking", "update", "private", "press")


async def acknowledge(interaction: discord.Interaction, defer: str | None) -> None:
    """Acknowledge at once (Discord waits 3 seconds; the work may take longer)."""
    if defer == "thinking":
        await think(interaction)
    elif defer == "update":
        await interaction.response.defer()
    elif defer == "private":
        if came_from_private(interaction):
            await interaction.response.defer()
        else:
            await think(interaction)
    elif defer == "press":
        if interaction.message is not None:
            await interaction.response.defer()
        else:
            await think(interaction)


def handler(defer: str | None = None):
    """Make `method(self, interaction, locale, ...)` a guarded handler called as
    `method(interaction, ...)` (see the module's docstring)."""
    assert defer in DEFERS, defer

    def wrap(method):
        @functools.wraps(method)
        async def run(self, interaction: discord.Interaction, *args, **kwargs) -> None:
            async def work(locale) -> None:
                await acknowledge(interaction, defer)
                await method(self, interaction, locale, *args, **kwargs)

            await self.guard.run(interaction, work)

        return run

    return wrap


class Guard:
    """Answers and runs handlers. `lock` gives a channel's lock, `announcer` repairs what an
    earlier failure left unposted, `preferences` keep each user's language for their DMs,
    `on_error` is the client's error hook."""

    def __init__(
        self,
        lock: Callable[[int], asyncio.Lock],
        announcer: Announcer,
        preferences: Preferences,
        on_error: Callable[..., Awaitable[None]],
    ) -> None:
        self.lock = lock
        self.announcer = announcer
        self.preferences = preferences
        self.on_error = on_error

    def remember(self, interaction: discord.Interaction) -> discord.Locale | str:
        locale = user_locale(self.preferences, interaction)
        self.preferences.member_locales[interaction.user.id] = locale
        return locale

    async def reply(
        self, interaction: discord.Interaction, content: str, *, view=None, file=None
    ) -> None:
        """An ephemeral answer, whether or not the interaction was deferred.

        Clipped to Discord's length limit: a refusal may quote what the user typed.
        """
        await answer(
            interaction,
            present.clip(content, present.MAX_CONTENT),
            view=view,
            files=[] if file is None else [file],
        )
        if view is not None:
            # Our items are DynamicItems dispatched by custom id; discord.py would otherwise keep
            # an ephemeral view (and its 15-minute timer) alive for nothing.
            view.stop()

    async def run(
        self, interaction: discord.Interaction, work: Callable[[Any], Awaitable[None]]
    ) -> None:
        """Run one interaction's work; refusals become polite ephemeral replies.

        An unexpected error is logged and answered politely; it cannot touch another game
        because every game has its own lock and nothing is written before the engine accepts.
        Afterwards, a message that an earlier failure left unposted in this channel is posted.
        """
        locale = self.remember(interaction)
        # Repair only what earlier interactions left: one that just failed to post says so itself.
        unposted = interaction.channel_id in self.announcer.unposted
        try:
            await metrics.interaction(interaction.guild_id, work(locale))
        except Refusal as refusal:
            await self.reply(
                interaction,
                text(locale, refusal.key, **refusal.params),
                view=refusal.view,
                file=refusal.file,
            )
        except Exception:
            metrics.error(interaction.guild_id, "interaction")
            log.exception("interaction failed in channel %s", interaction.channel_id)
            # Never "nothing was changed" about a move that was saved.
            key = "bot.error.unexpected_saved" if interaction.extras.get(SAVED) else None
            with contextlib.suppress(*UNDELIVERED):
                await self.reply(interaction, text(locale, key or "bot.error.unexpected"))
            # Let the client's error hook see it too (logging, test harnesses).
            await self.on_error("interaction", interaction)
        if unposted and interaction.channel_id in self.announcer.unposted:
            async with self.lock(interaction.channel_id):
                await self.announcer.repair(interaction.channel_id)

    async def answer_saved(
        self, interaction, content: str, *, edit: bool = False, ephemeral: bool = True, view=None
    ) -> None:
        """Answer after a move was saved: a failure here, a refusal or no answer at all, is
        logged, never reported as a failed move and never the end of the move's publication (the
        move stands, and the channel shows it). `view`: the player's next choices."""
        saved(interaction)
        content = present.clip(content, present.MAX_CONTENT)
        try:
            if edit:
                await interaction.edit_original_response(content=content, view=view)
            else:
                await answer(interaction, content, view=view, ephemeral=ephemeral)
        except UNDELIVERED as exc:
            log.warning(
                "channel %s: could not answer %s after a saved move (%s)",
                interaction.channel_id,
                interaction.user.id,
                getattr(exc, "status", None) or type(exc).__name__,
            )
