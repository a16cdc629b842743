"""The bot object: `create_bot(db_path)` builds exactly what `python -m bot` runs (`reviews` says which ended games the reviews' runner analyses, as GAME_REVIEWS does; "off" unless asked)."""

from __future__ import annotations

import contextlib
import gc
import logging
import random
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_texts import CatalogueTranslator
from bot.core import command_sync, metrics
from bot.discord_io import answering, components
from bot.game_group import top_level_commands
from bot.history import reviews as review_components
from bot.history.replay import ReplayButton
from bot.history.server_history import HistoryButton
from bot.leagues import components as league_components
from bot.learn import components as learn_components
from bot.lobby import components as lobby_components
from bot.play.help import HelpButton, HelpMenu
from bot.seats import components as seats_components
from bot.services import Services
from bot.text.i18n import text, user_locale
from bot.timers import components as timer_components
from storage import Store
from storage.store import Shards

log = logging.getLogger(__name__)

# Every restart-proof button and menu, found by its custom id whatever message carries it.
COMPONENTS = (
    *components.ITEMS,
    *lobby_components.ITEMS,
    *timer_components.ITEMS,
    *seats_components.ITEMS,
    *learn_components.ITEMS,
    *league_components.ITEMS,
    HistoryButton,
    ReplayButton,
    *review_components.ITEMS,
    HelpButton,
    HelpMenu,
)


class GameTree(app_commands.CommandTree):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The last resort: log, and answer politely so the user is never left waiting."""
        if isinstance(error, app_commands.NoPrivateMessage):
            key = "bot.error.guild_only"
        elif isinstance(error, app_commands.CheckFailure):
            key = "bot.error.missing_permission"
        else:
            key = "bot.error.unexpected"
            log.error("command failed", exc_info=error)
        content = text(user_locale(interaction.client.services.preferences, interaction), key)
        with contextlib.suppress(discord.HTTPException):
            await answering.answer(interaction, content)


class MaleconBot(commands.Bot):
    """One process, many servers and channels; one game per channel."""

    def __init__(
        self,
        db_path: str | Path,
        *,
        sync_guild_id: int | None = None,
        force_sync: bool = False,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_budget: int | None = None,
        shards: Shards | None = None,
        reviews: str = "off",
    ) -> None:
        # No privileged intent: slash commands and components arrive as interactions.
        intents = discord.Intents.none()
        intents.guilds = True
        sharding = (
            {} if shards is None else {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        )
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            # Nothing pings unless a message names whom it pings (see `announce.pinging`).
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.sync_guild_id = sync_guild_id
        # Send the slash commands to Discord at start even when they did not change.
        self.force_sync = force_sync
        self.services = Services(
            self,
            db_path,
            shards=shards,
            rng=rng,
            ai_workers=ai_workers,
            ai_budget=ai_budget,
            reviews=reviews,
        )

    @property
    def store(self) -> Store | None:
        """The database, open while the bot runs."""
        return self.services.store_holder.store

    async def setup_hook(self) -> None:
        await self.services.start()
        self.add_dynamic_items(*COMPONENTS)
        for command in top_level_commands():
            self.tree.add_command(command)
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_guild_id is not None:
            guild = discord.Object(self.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            await command_sync.sync_if_changed(
                self.tree, self.application_id, self.store, guild, force=self.force_sync
            )
        await command_sync.sync_if_changed(
            self.tree, self.application_id, self.store, force=self.force_sync
        )
        # What start-up loaded lives as long as the process: keep it out of the collector's way,
        # so a full collection never stalls every channel at once.
        gc.freeze()

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        # Sent for a deleted thread, and for each known thread of a deleted channel.
        if self.store is not None:
            await self.services.rooms.deleted(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.store is not None:
            await self.services.rooms.deleted(channel.id)

    async def close(self) -> None:
        try:
            await self.services.stop()
            await super().close()
        finally:
            # The picture workers and the store end now, not with the process.
            await self.services.release()


class ShardedMaleconBot(MaleconBot, commands.AutoShardedBot):
    """The same bot running some shards of a bot split into several processes (`SHARD_COUNT`,
    `SHARD_IDS`); the processes share one PostgreSQL database."""


def create_bot(
    db_path: str | Path,
    *,
    sync_guild_id: int | None = None,
    rng: random.Random | None = None,
    ai_workers: int | None = None,
    ai_budget: int | None = None,
    shard_count: int | None = None,
    shard_ids: tuple[int, ...] | None = None,
    force_sync: bool = False,
    reviews: str = "off",
) -> MaleconBot:
    """The configured bot, not connected. `rng` seeds new games (tests pass a seeded one);
    `ai_workers` sizes the AI's process pool (default: one per core) and `ai_budget` sets the
    strong AI's simulations per decision (default: the AI's own). With `shard_count` the bot
    is an `AutoShardedBot` running `shard_ids` (default: all of them). The slash commands are
    sent to Discord at start when they changed since the last start, or always with
    `force_sync`. `reviews`: which ended games are reviewed in a worker process, "on" (all),
    "practice" (practice games; `python -m bot`'s default) or "off" (a test or bench that does
    not measure reviews leaves them off, since SimCord waits for that worker before it settles)."""
    metrics.count_shards(shard_count)
    options = dict(
        sync_guild_id=sync_guild_id,
        force_sync=force_sync,
        rng=rng,
        ai_workers=ai_workers,
        ai_budget=ai_budget,
        reviews=reviews,
    )
    if shard_count is None:
        return MaleconBot(db_path, **options)
    ids = tuple(range(shard_count)) if shard_ids is None else tuple(shard_ids)
    return ShardedMaleconBot(db_path, shards=Shards(shard_count, ids), **options)
