"""Who is away (`/game away`): a member of a server, from all their games there, until a date.

The clock asks `until` before it reminds a player or asks the table about their decision, the
turn message and `/game mine` show it to the others, and the gate ends it when the member
makes a move. The database holds it (`member_away`), so it survives restarts; this process
keeps a copy, read at start-up, because the turn message asks after every move. A server's
members are changed only by the process that runs its shard, which is this one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.timing import now

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder
    from storage import GameRecord


class AwayBook:
    def __init__(self, store_holder: StoreHolder) -> None:
        self.store_holder = store_holder
        # (guild id, user id) -> until when (POSIX seconds).
        self._until: dict[tuple[int, int], float] = {}

    async def load(self) -> None:
        self._until = await self.store_holder.store.members_away()

    def until(self, guild_id: int, user_id: int, at: float | None = None) -> float | None:
        """Until when the member is away from their games in the server (None: not away)."""
        found = self._until.get((guild_id, user_id))
        if found is None or found <= (now() if at is None else at):
            return None
        return found

    def of_seats(self, record: GameRecord, at: float | None = None) -> dict[int, float]:
        """The seats of `record` whose person is away, with until when."""
        away = {}
        for seat in record.seats:
            if seat.has_person and seat.ai_level is None:
                found = self.until(record.guild_id, seat.user_id, at)
                if found is not None:
                    away[seat.seat] = found
        return away

    async def set(self, guild_id: int, user_id: int, until: float) -> None:
        await self.store_holder.store.set_away(guild_id, user_id, until)
        self._until[(guild_id, user_id)] = until

    async def end(self, guild_id: int, user_id: int) -> bool:
        """The member is back; False if they were not away."""
        if self._until.get((guild_id, user_id)) is None:
            return False
        await self.store_holder.store.set_away(guild_id, user_id, None)
        del self._until[(guild_id, user_id)]
        return True

    async def came_back(self, guild_id: int, user_id: int) -> None:
        """The member made a move: back, if they were away (costs nothing if not)."""
        if self.until(guild_id, user_id) is not None:
            await self.end(guild_id, user_id)
