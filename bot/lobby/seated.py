"""Opening a game whose seats are already chosen, in a thread of its own, and starting it at
once: a league's tables. The same steps as a lobby opened in a thread and started (the store's
lobby with its seats, the parent channel noted, the start dealt and published), without a
person's interaction: the first turn message is posted in the thread and pings who decides."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import discord

import games
from bot.core import metrics
from bot.core.published import Published
from bot.core.timing import now
from bot.discord_io.announce import PARENT_CHANNEL
from bot.lobby.game_threads import game_thread
from bot.text import lengths, present
from bot.text.i18n import game_locale
from bot.text.preferences import Preferences
from storage import GameRecord
from storage.clock import Settings
from storage.play import start_game
from storage.records import AI_PREFIX, HUMAN

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.play.gate import Publisher

# The AI level of a table's seat that no member fills.
TABLE_AI = "greedy"


class SeatedOpening:
    """`tables`: the store and the state cache; `poke` tells the clock of the new timers;
    `publisher` posts the first turn message."""

    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        poke: Callable[[], None],
        publisher: Publisher,
        rng=None,
    ) -> None:
        self.preferences, self.tables, self.poke, self.publisher = (
            preferences,
            tables,
            poke,
            publisher,
        )
        self.rng = rng

    async def open(
        self,
        parent: discord.TextChannel,
        name: str,
        *,
        kind: str,
        options: dict,
        settings: Settings,
        seats: Sequence[tuple[int, str] | None],
        creator_id: int,
        notes: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """A thread of `parent` called `name` holding a started game of `seats` in order,
        (member id, name) or None for an AI seat. `notes` are written with the game, so that
        who opened it finds it again after a crash before it was noted elsewhere (`resume`)."""
        name = present.clip(name, lengths.THREAD_NAME)
        ai = 0
        seated = []
        for seat in seats:
            if seat is None:
                ai += 1
                seated.append((-ai, f"AI {ai}", AI_PREFIX + TABLE_AI))
            else:
                seated.append((seat[0], seat[1], HUMAN))
        game = {
            "guild_id": parent.guild.id,
            "kind": kind,
            "options": options,
            "creator_id": creator_id,
            "creator_name": seated[0][1],
            "settings": settings,
            "seats": seated,
            "notes": {PARENT_CHANNEL: str(parent.id), **(notes or {})},
        }
        async with game_thread(self.tables, parent, name) as room:
            return await self._start(
                await self.tables.store.create_game(channel_id=room.id, **game)
            )

    async def resume(self, game_id: int) -> GameRecord | None:
        """A game `open` wrote and did not return (the bot stopped in between): started now if
        it was left a lobby; as it is if it is being played (its first message is then the
        publisher's to recover); None if it has ended meanwhile (its thread was deleted, say)."""
        record = await self.tables.store.get(game_id)
        async with self.tables.lock(record.channel_id):
            record = await self.tables.store.get(game_id)
            if record.status == "lobby":
                return await self._start(record)
        return record if record.status == "active" else None

    async def _start(self, record: GameRecord) -> GameRecord:
        """Deal the lobby `record` and post its first turn message (the caller holds its lock)."""
        store = self.tables.store
        result = await start_game(store, record.id, games.fresh_seed(self.rng), at=now())
        metrics.game_started(record.guild_id)
        self.poke()
        self.tables.keep(record.id, result.record.version, result.state)
        locale = game_locale(self.preferences, result.record)
        await self.publisher.publish(Published(result.record, result.state, locale=locale))
        return result.record
