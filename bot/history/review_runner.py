"""The game reviews, analysed one at a time in a worker process at the lowest priority.

A game's review is queued in the store by the transaction that ends it (`storage.reviews`), so
nothing is analysed before a game ends, and a queued review outlives a restart. The runner claims
one review at a time (a claim with a lease: in a sharded deployment the process that claims first
reviews the game, and a process that died loses its claim when the lease runs out), asks its one
worker process (`os.nice(19)`: live play on the same machine always goes first) for the analysis
of one decision at a time (`ai.review.analyse_next`), saves each as it comes and renews the lease,
and stores the whole review at the end. After a restart it resumes after the last saved decision,
with the method the review began with (stored with it: an upgrade in between does not change how
its later decisions are judged), and since every decision's analysis is seeded by itself, the
result is the one an uninterrupted run gives.

It looks at the queue when a published move ends a game, and every `POLL_SECONDS` otherwise (a
game ended by a vote, a resignation or another process).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import games
from ai import review
from bot.core import worker_pool
from bot.core.store_holder import StoreHolder
from bot.core.timing import nap, now
from storage import GameRecord, StorageError
from storage import reviews as queue

log = logging.getLogger(__name__)

LOWEST_PRIORITY = 19
LEASE_SECONDS = 600.0  # a claim not renewed for this long (its process died) is taken again
POLL_SECONDS = 300.0
RETRY_SECONDS = 60.0  # after the store or the worker failed


class ReviewRunner:
    """Runs the queue of reviews by itself from `start` to `close`."""

    def __init__(
        self, holder: StoreHolder, how: Mapping | None = None, practice_only: bool = False
    ) -> None:
        self.holder = holder
        # Only practice games' reviews are run (GAME_REVIEWS=practice); the others wait queued.
        self.practice_only = practice_only
        # The review's parameters (`ai.review.method`); tests make them tiny.
        self.how = dict(review.method() if how is None else how)
        # The worker's priority: the lowest, so that live play always goes first.
        self.niceness = LOWEST_PRIORITY
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._task: asyncio.Task | None = None
        self._poked = False
        self._sleeping = False
        self._idle = asyncio.Event()
        # Set at each decision saved (tests wait on it).
        self.saved = asyncio.Event()
        # Told the id of each game whose review is stored (its final scores then say so).
        self._reviewed: list[Callable[[int], Awaitable[None]]] = []

    def when_reviewed(self, callback: Callable[[int], Awaitable[None]]) -> None:
        self._reviewed.append(callback)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="reviews")

    def poke(self, record: GameRecord, _state: Any = None) -> None:
        """A published move: a game that ended has a review to run."""
        if record.status != "active":
            self._idle.clear()
            self._look()

    async def idle(self) -> None:
        """Wait until no review is left to claim (tests use it)."""
        self._idle.clear()
        self._look()
        await self._idle.wait()

    def _look(self) -> None:
        self._poked = True
        if self._sleeping and self._task is not None:
            self._task.cancel()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        store = self.holder.store
        if store is not None:
            # Given back, so the next start (or another process) resumes it at once.
            with contextlib.suppress(StorageError):
                await queue.release_review(store, self.owner)
        if self._pool is not None:
            pool, self._pool = self._pool, None
            # Waited for, so a closed bot leaves no worker behind; a decision's analysis is short.
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool.pool(1, niceness=self.niceness)
        return self._pool

    async def _run(self) -> None:
        while True:
            try:
                claimed = await self._next()
            except concurrent.futures.process.BrokenProcessPool:
                log.exception("the review worker broke; a new one starts")
                self._pool = None
            except StorageError:
                log.exception("the game reviews wait for the database")
            except Exception:
                log.exception("the game reviews failed; they try again in %s s", RETRY_SECONDS)
            else:
                if not claimed:
                    self._idle.set()
                await self._sleep(0 if claimed else POLL_SECONDS)
                continue
            await self._sleep(RETRY_SECONDS)

    async def _sleep(self, seconds: float) -> None:
        """A plain `asyncio.sleep` (test clocks move it), cut short by a poke."""
        if self._poked:
            self._poked = False
            return
        self._sleeping = True
        try:
            await nap(seconds, lambda: self._poked)
        finally:
            self._sleeping = False
            self._poked = False

    async def _next(self) -> bool:
        """Run the next review to its end; False when there was none to claim."""
        store = self.holder.store
        if store is None:
            return False
        claim = await queue.claim_review(
            store, self.owner, now(), LEASE_SECONDS, practice_only=self.practice_only
        )
        if claim is None:
            return False
        await self._analyse(claim)
        return True

    async def _analyse(self, claim: queue.Claimed) -> None:
        record = games.Replay(claim.kind, claim.players, claim.seed, claim.options, claim.actions)
        as_json = review.replay_to_json(record)
        analysed, total = list(claim.analysed), claim.total
        # A review begun before its method was kept goes on with this process's.
        how = self.how if claim.method is None else claim.method
        loop = asyncio.get_running_loop()
        try:
            if total is None:
                total = await loop.run_in_executor(self._executor(), review.count, record)
            while len(analysed) < total:
                step = len(analysed)
                analysis, total = await loop.run_in_executor(
                    self._executor(), review.analyse_next, as_json, step, how
                )
                saved = await queue.save_review_progress(
                    self.holder.store, claim.game_id, self.owner, step, analysis, total,
                    now() + LEASE_SECONDS, method=how,
                )  # fmt: skip
                if not saved:
                    return  # another process holds it now (this one was too slow)
                analysed.append(analysis)
                self.saved.set()
            result = review.finish(record, analysed, how)
        except (StorageError, concurrent.futures.process.BrokenProcessPool):
            raise
        except Exception as exc:  # noqa: BLE001 - a game that cannot be analysed would fail forever
            # A log that does not replay, say: its review says so and ends.
            log.exception("game %s cannot be reviewed", claim.game_id)
            result = {**review.finish(record, [], how), "error": str(exc)}
        at = datetime.now(UTC).isoformat(timespec="seconds")
        if not await queue.finish_review(self.holder.store, claim.game_id, self.owner, result, at):
            return
        for callback in self._reviewed:
            try:
                await callback(claim.game_id)
            except Exception:  # telling the channel is a courtesy: the review is stored
                log.exception("game %s: its finished review was not told", claim.game_id)
