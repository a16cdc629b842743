"""The game tables: one game per channel, every move under the channel's lock.

The flow of one move: check who and what (a polite ephemeral refusal otherwise) -> channel
lock -> `storage.play.apply_move` (in `gate`, for every move) with the version the player saw (the engine validates, the
store appends the action and the new state in one transaction) -> answer the player -> post the
new turn message (public board, mention of who decides) -> DM every player whose private view
changed. Persisting comes first, so if Discord fails afterwards the next interaction sees the truth
and posts what is missing (`announce`).

`Tables` holds what every handler shares (locks, the state cache, lookups, answering); the
handlers themselves live by concern in `lobby`, `play` and `ai_seats`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

import discord

from storage import GameRecord, StorageError

from .ai_seats import AiMoves, AiSeats
from .announce import Announcer
from .clock import Clock
from .dms import Mail
from .errors import Refusal
from .gate import Gate
from .guard import Guard
from .history import HistoryViews
from .lobby import Lobby
from .past import PastGames
from .play import Play
from .replay import Replays
from .seats import Seats
from .server_language import Languages
from .state_cache import StateCache
from .stats import Statistics
from .table_settings import TableSettings

if TYPE_CHECKING:
    from .app import MaleconBot

log = logging.getLogger(__name__)

# Game ids are SQLite integers; a forged custom id may carry any number of digits.
MAX_ID = 2**63 - 1


class Tables(
    Lobby, Play, AiMoves, Seats, TableSettings, PastGames, HistoryViews, Replays, Statistics
):
    def __init__(
        self,
        bot: MaleconBot,
        *,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_budget: int | None = None,
    ) -> None:
        self.bot = bot
        # Where new games' seeds come from: `secrets` unless a test passes a seeded source.
        self.rng = rng
        self._locks: dict[int, asyncio.Lock] = {}
        # game id -> (version, state): saves parsing the stored JSON for every move.
        self._states = StateCache()
        self.mail = Mail(bot)
        self.announcer = Announcer(bot)
        self.ai = AiSeats(bot, workers=ai_workers, budget=ai_budget)
        self.clock = Clock(bot)
        self.gate = Gate(self, self.publish)
        self.guard = Guard(self.lock, self.announcer, self.mail.locales, bot.on_error)
        self.languages = Languages(bot, self.guard)

    @property
    def store(self):
        return self.bot.store

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

    async def reply(
        self, interaction: discord.Interaction, content: str, *, view=None, file=None
    ) -> None:
        await self.guard.reply(interaction, content, view=view, file=file)

    # ------------------------------------------------------------------ lookups

    async def game_here(self, channel_id: int) -> GameRecord:
        record = await self.store.by_channel(channel_id)
        if record is None:
            raise Refusal("bot.error.no_game")
        return record

    async def game_of_component(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """The game a button or menu names; it must be a game of the channel it was pressed in.

        Custom ids come back from the client, so they are checked like any other input: a
        forged or copied id cannot reach a game of another channel or server, or act from a DM.
        """
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        if not 0 < game_id <= MAX_ID:
            raise Refusal("bot.error.no_game")
        try:
            record = await self.store.get(game_id)
        except StorageError:
            raise Refusal("bot.error.no_game") from None
        if record.channel_id != interaction.channel_id or record.guild_id != interaction.guild_id:
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
            and interaction.guild_id is not None
            and known.guild_id == interaction.guild_id
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
