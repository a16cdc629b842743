"""The outbox: what a game's channel or a player's DM does not show yet, posted by the bot
itself, with growing waits, instead of waiting for somebody to interact.

What a channel or a DM should show is known from the stored game; a row of the outbox (in the
database, so a restart resumes it) only says that it is not shown yet. When a post still fails
after discord.py's own tries (429s in a row, 5xx, a timeout), the service that posted it calls
`failed`: the item is tried again after `BACKOFF` (or Discord's `retry_after`, if longer), by
the deliverer registered for its kind, which builds the message again from the stored state and
calls `done` once it is out. Whoever posts the item first (a later move, an interaction's
repair, the outbox) ends the row, so nothing is posted twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.core.timing import now
from bot.discord_io.dm_channels import busy
from storage import Delivery, StorageError

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder

log = logging.getLogger(__name__)

# What a failed post raises once discord.py has given up: Discord's refusal, or no answer.
UNDELIVERED = (discord.HTTPException, discord.RateLimited, TimeoutError, aiohttp.ClientError)
# Seconds before each new attempt; the last one repeats for as long as it takes.
BACKOFF = (10.0, 20.0, 40.0, 60.0, 120.0, 300.0, 600.0)
# A refusal that says something of the channel (no permission, gone): no point in hurrying.
SLOW_RETRY = 600.0

Deliverer = Callable[[int, str], Awaitable[None]]
# Told that Discord refused a game's post as "Unknown Channel": if the game's room is gone, it
# ends the table and has the game's rows forgotten.
RoomCheck = Callable[[int], Awaitable[None]]
# Discord's code for a channel (or thread) that does not exist.
UNKNOWN_CHANNEL = 10003


def retry_after(exc: BaseException) -> float:
    """Discord's own wait in a refusal, if it gave one."""
    if isinstance(exc, discord.RateLimited):
        return exc.retry_after
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", 0) or 0)
    except (TypeError, ValueError):
        return 0.0


def wait_after(exc: BaseException | None, attempts: int) -> float:
    """How long to wait after the `attempts`-th failed try."""
    wait = BACKOFF[min(max(attempts, 1), len(BACKOFF)) - 1]
    # A 403 that only says Discord is busy ("opening DMs too fast") passes like a 429.
    if isinstance(exc, discord.HTTPException) and exc.status in (403, 404) and not busy(exc):
        wait = max(wait, SLOW_RETRY)
    return max(wait, retry_after(exc)) if exc is not None else wait


def kind_of(item: str) -> str:
    return item.partition(":")[0]


class Outbox:
    def __init__(self, store_holder: StoreHolder) -> None:
        self.store_holder = store_holder
        # (game id, item) -> its row, as stored; what this process knows is all there is.
        self.rows: dict[tuple[int, str], Delivery] = {}
        self._tasks: dict[tuple[int, str], asyncio.Task] = {}
        # The tasks still waiting for their turn: only those are cancelled (one that is posting
        # or writing to the store finishes, then finds its row gone or replaced).
        self._asleep: set[asyncio.Task] = set()
        self._deliverers: dict[str, Deliverer] = {}
        self._room_gone: RoomCheck | None = None
        # game id -> its room's check under way
        self._checks: dict[int, asyncio.Task] = {}

    @property
    def store(self):
        return self.store_holder.store

    def register(self, kind: str, deliverer: Deliverer) -> None:
        """`deliverer(game_id, item)` posts the item again from the stored game (and calls
        `done`), or raises one of `UNDELIVERED` (tried again later)."""
        self._deliverers[kind] = deliverer

    def when_unknown_channel(self, check: RoomCheck) -> None:
        """`check(game_id)` when Discord refuses a post of the game as "Unknown Channel"."""
        self._room_gone = check

    def pending(self, game_id: int, item: str) -> bool:
        return (game_id, item) in self.rows

    async def resume(self) -> list[Delivery]:
        """At start-up: every delivery a previous run left, tried when it falls due."""
        rows = await self.store.deliveries()
        for row in rows:
            self.rows[(row.game_id, row.item)] = row
            self._wake(row)
        return rows

    async def failed(self, game_id: int, item: str, exc: BaseException | None) -> None:
        """Posting `item` failed for good this time: try again later. Discord's "Unknown
        Channel" also has the game's room checked, apart: the caller may hold the table's lock,
        which ending the game takes (a room that is gone ends the game and drops its rows)."""
        if exc is not None and self._unknown_channel(exc):
            self._check_room(game_id)
        key = (game_id, item)
        earlier = self.rows.get(key)
        attempts = 1 if earlier is None else earlier.attempts + 1
        row = Delivery(game_id, item, now() + wait_after(exc, attempts), attempts)
        self.rows[key] = row
        try:
            await self.store.put_delivery(row)
        except StorageError:
            # The game is gone, or the database is: this process still tries while it runs.
            log.exception("game %s: the outbox could not store %s", game_id, item)
        self._wake(row)

    async def done(self, game_id: int, item: str) -> None:
        """`item` is shown now (by whoever posted it)."""
        key = (game_id, item)
        if self.rows.pop(key, None) is None:
            return
        task = self._tasks.pop(key, None)
        if task in self._asleep:
            task.cancel()
        try:
            await self.store.delivered(game_id, item)
        except StorageError:
            log.exception("game %s: the outbox could not forget %s", game_id, item)

    async def forget_game(self, game_id: int) -> None:
        """Nothing of the game is posted any more (its room is gone)."""
        for key in [key for key in self.rows if key[0] == game_id]:
            await self.done(*key)

    def _wake(self, row: Delivery) -> None:
        key = (row.game_id, row.item)
        task = self._tasks.get(key)
        if task in self._asleep:
            task.cancel()
        self._tasks[key] = asyncio.get_running_loop().create_task(
            self._deliver(row), name=f"outbox-{row.game_id}-{row.item}"
        )

    async def _deliver(self, row: Delivery) -> None:
        key = (row.game_id, row.item)
        me = asyncio.current_task()
        try:
            self._asleep.add(me)
            try:
                await asyncio.sleep(max(row.due - now(), 0.0))
            finally:
                self._asleep.discard(me)
            if self.rows.get(key) is not row:
                return
            deliverer = self._deliverers.get(kind_of(row.item))
            if deliverer is None:
                log.error("game %s: nothing delivers %r; dropped", row.game_id, row.item)
                await self.done(*key)
                return
            try:
                await deliverer(row.game_id, row.item)
            except UNDELIVERED as exc:
                log.info(
                    "game %s: %s still not delivered (attempt %s: %s)",
                    row.game_id,
                    row.item,
                    row.attempts + 1,
                    exc,
                )
                if self.rows.get(key) is row:
                    await self.failed(row.game_id, row.item, exc)
            except StorageError:
                log.exception("game %s: %s dropped from the outbox", row.game_id, row.item)
                await self.done(*key)
        except Exception:  # never a cancellation: that is no Exception
            log.exception("game %s: delivering %s failed; trying again later", *key)
            if self.rows.get(key) is row:
                await self.failed(row.game_id, row.item, None)
        finally:
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]

    def _unknown_channel(self, exc: BaseException) -> bool:
        return (
            isinstance(exc, discord.NotFound)
            and exc.code == UNKNOWN_CHANNEL
            and self._room_gone is not None
        )

    def _check_room(self, game_id: int) -> None:
        if game_id in self._checks:
            return
        task = asyncio.get_running_loop().create_task(
            self._room_check(game_id), name=f"outbox-room-{game_id}"
        )
        self._checks[game_id] = task
        task.add_done_callback(lambda _: self._checks.pop(game_id, None))

    async def idle(self) -> None:
        """Wait until the rooms being checked are (tests use it)."""
        while self._checks:
            await asyncio.gather(*self._checks.values(), return_exceptions=True)

    async def _room_check(self, game_id: int) -> None:
        try:
            await self._room_gone(game_id)
        except Exception:  # the rows stay and are tried again as before
            log.exception("game %s: could not check whether its channel is gone", game_id)

    async def close(self) -> None:
        for check in list(self._checks.values()):
            check.cancel()
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._asleep.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
