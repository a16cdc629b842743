"""Pictures for Discord, drawn in a pool of worker processes sized to the cores.

Drawing is Python and Pillow work that holds the GIL: in threads it slowed the event loop (and
with it every channel's acknowledgements and the store's commits) while a board was drawn. In
processes it runs beside the loop, on the other cores, and several pictures of one move (the
board and the players' screens) are drawn at once. The views sent to a worker are the same
public or player views a thread would have drawn, so nothing more leaves the bot's hands.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import heapq
import io
import itertools
import logging
import multiprocessing
import os
from collections.abc import Sequence
from typing import Any

import discord

import games
import render

from .i18n import language

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"
SCREEN_FILE = "screen.png"
SCORES_FILE = "scores.png"


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# Who waits for a picture: a player (a move's board, a reply's screen) before a DM.
NOW, LATER = 0, 1


class RenderPool:
    """A process pool for the renderers, started on first use and shared by every bot of the
    process (tests start many bots; each worker opens the fonts once).

    The pool is given at most one picture per worker at a time; the others wait here, those a
    player waits for first. A busy bot draws many screen DMs: in the pool's own queue they
    would hold up the boards of the moves behind them."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or cores()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._drawing = 0
        self._queue: list[tuple[int, int, asyncio.Future]] = []
        self._order = itertools.count()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the bot process has threads (the database's, Discord's).
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    def warm(self) -> None:
        """Start the workers and let each load the renderers and fonts now, not at a player's
        first picture."""
        pool = self._executor()
        for _ in range(self.workers):
            pool.submit(render.warm)

    async def _turn(self, priority: int) -> None:
        """Wait for a free worker (in order of priority, then of asking)."""
        if self._drawing < self.workers and not self._queue:
            self._drawing += 1
            return
        ready = asyncio.get_running_loop().create_future()
        entry = (priority, next(self._order), ready)
        heapq.heappush(self._queue, entry)
        try:
            await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self._done()  # the turn was given: pass it on
            elif entry in self._queue:
                self._queue.remove(entry)
                heapq.heapify(self._queue)
            raise

    def _done(self) -> None:
        while self._queue:
            _, _, ready = heapq.heappop(self._queue)
            if not ready.done():
                ready.set_result(None)  # the turn goes over as it is
                return
        self._drawing -= 1

    async def run(self, function, *args: Any, priority: int = NOW) -> bytes:
        loop = asyncio.get_running_loop()
        call = functools.partial(function, *args)
        await self._turn(priority)
        try:
            return await loop.run_in_executor(self._executor(), call)
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): a new pool for the next pictures, and
            # this one drawn here so the move is still announced.
            log.error("the picture workers broke; starting new ones")
            self._pool = None
            return await asyncio.to_thread(call)
        finally:
            self._done()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


POOL = RenderPool()


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def board(public_view: Any, names: Sequence[str], locale: Any = None) -> discord.File:
    """The public board: built from the public view only, so it can go to a channel. Its
    words are in the language of `locale` (the channel's, or the reader's for a reply)."""
    data = await POOL.run(render.board_png, public_view, list(names), language(locale))
    return _file(data, BOARD_FILE)


async def screen(
    player_view: Any, names: Sequence[str], locale: Any = None, *, priority: int = NOW
) -> discord.File:
    """One player's screen: only for that player (DM or ephemeral reply), in their language.
    `priority`: LATER for a DM, which nobody is waiting for."""
    return screen_file(await screen_png(player_view, names, locale, priority=priority))


async def screen_png(
    player_view: Any, names: Sequence[str], locale: Any = None, *, priority: int = NOW
) -> bytes:
    """The PNG bytes of `screen` (a DM compares them with the picture it already shows)."""
    return await POOL.run(
        render.screen_png, player_view, list(names), language(locale), priority=priority
    )


def screen_file(data: bytes) -> discord.File:
    return _file(data, SCREEN_FILE)


async def final_scores(
    kind: str,
    result: Any,
    names: Sequence[str],
    vp_series: Sequence[Sequence[int]] | None = None,
    locale: Any = None,
) -> discord.File:
    """The final scores with each player's breakdown and, given the scores after every step,
    the chart of the game (nothing is hidden once it has ended)."""
    data = await POOL.run(
        render.final_scores_png,
        kind,
        result,
        list(names),
        None if vp_series is None else [list(s) for s in vp_series],
        language(locale),
    )
    return _file(data, SCORES_FILE)


def score_series(record: Any, log: Sequence[tuple[int, str]]) -> list[tuple[int, ...]]:
    """Every seat's score after each step of an ended game (ended by its rules or early)."""
    engine = games.get(record.kind)
    replay = games.Replay(record.kind, len(record.seats), record.seed, record.options, list(log))
    return [tuple(engine.standing(state).scores) for state in games.replay_states(replay)]
