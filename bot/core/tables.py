"""The game tables: one game per channel, every change under the channel's lock.

`Tables` holds what every service shares: the store, a lock per channel, the cache of parsed
states, and the lookups of the game an interaction is about (a refusal when there is none).
Moves go through `gate`; the services are put together in `services`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.core.away_book import AwayBook
from bot.core.errors import Refusal
from bot.core.lesson_book import LessonBook
from bot.core.state_cache import StateCache
from bot.core.store_holder import StoreHolder
from storage import GameRecord, StorageError

log = logging.getLogger(__name__)

# Game ids are SQLite integers; a forged custom id may carry any number of digits.
MAX_ID = 2**63 - 1


def server_of(interaction: discord.Interaction) -> int:
    """The server an interaction's games are stored under: 0 in a DM, where a member's
    practice table is played (it belongs to no server)."""
    return interaction.guild_id or 0


class Tables:
    def __init__(self, store_holder: StoreHolder) -> None:
        self.store_holder = store_holder
        self._locks: dict[int, asyncio.Lock] = {}
        # game id -> (version, state): saves parsing the stored JSON for every move.
        self._states = StateCache()
        # Who is away from their games (`/game away`): the clock, the turn messages, the gate.
        self.away = AwayBook(store_holder)
        # What each member has had explained, and who turned explanations off.
        self.lessons = LessonBook(store_holder)

    @property
    def store(self):
        return self.store_holder.store

    def lock(self, channel_id: int) -> asyncio.Lock:
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = asyncio.Lock()
        return found

    def state_of(self, record: GameRecord) -> Any:
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        state = record.state()
        self._states[record.id] = (record.version, state)
        return state

    def keep(self, game_id: int, version: int, state: Any) -> None:
        self._states[game_id] = (version, state)

    def forget(self, game_id: int) -> None:
        self._states.pop(game_id, None)

    # ------------------------------------------------------------------ lookups

    async def game_here(self, channel_id: int) -> GameRecord:
        record = await self.store.by_channel(channel_id)
        if record is None:
            raise Refusal("bot.error.no_game")
        return record

    async def game_of_component(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """The game a button or menu names; it must be a game of the channel it was pressed in.

        Custom ids come back from the client, so they are checked like any other input: a
        forged or copied id cannot reach a game of another channel or server, nor act from a DM
        but on the game played in that DM (a member's practice table, which has no server).
        """
        if not 0 < game_id <= MAX_ID:
            raise Refusal("bot.error.no_game")
        try:
            record = await self.store.get(game_id)
        except StorageError:
            raise Refusal("bot.error.no_game") from None
        if record.channel_id != interaction.channel_id or record.guild_id != server_of(interaction):
            raise Refusal("bot.error.other_channel")
        return record

    async def active_game(
        self, interaction: discord.Interaction, game_id: int | None
    ) -> GameRecord:
        """The game a command (no id) or a component (its id) is about; it must be in play."""
        if game_id is None:
            record = await self.game_here(interaction.channel_id)
        else:
            record = await self.game_of_component(interaction, game_id)
        if record.status != "active":
            raise Refusal("bot.error.not_active")
        return record

    async def playing_game(
        self, interaction: discord.Interaction, game_id: int | None
    ) -> GameRecord:
        """Like `active_game`, from the record the store last committed or read for the channel
        when it has one: a move no longer waits for a read behind every other channel's moves.

        Safe for a move: the record is never ahead of the database, and the move's transaction
        refuses it if the game's version or status changed meanwhile (the player is then shown
        the game as it stands). Only this process changes its servers' games."""
        known = self.store.known(interaction.channel_id)
        if (
            known is not None
            and known.status == "active"
            and known.guild_id == server_of(interaction)
            and game_id in (None, known.id)
        ):
            return known
        return await self.active_game(interaction, game_id)

    @staticmethod
    def seat_of(record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refusal("bot.error.not_a_player")
        return seat
