"""Pictures for Discord, drawn in a pool of worker processes sized to the cores.

Drawing is Python and Pillow work that holds the GIL: in threads it slowed the event loop (and
with it every channel's acknowledgements and the store's commits) while a board was drawn. In
processes it runs beside the loop, on the other cores, and several pictures of one move (the
board and the players' screens) are drawn at once. The views sent to a worker are the same
public or player views a thread would have drawn, so nothing more leaves the bot's hands.
The workers end with the bot's process, however it ends (see `worker_pool`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import heapq
import io
import itertools
import logging
import os
from collections.abc import Sequence
from typing import Any

import discord

import games
import render
from bot.core import metrics, worker_pool
from bot.text import lengths
from bot.text.i18n import language
from render import describe

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
    would hold up the boards of the moves behind them. A closed bot closes the pool; a later
    picture (another bot of the process) starts it again."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or cores()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._drawing = 0
        self._queue: list[tuple[int, int, asyncio.Future]] = []
        self._order = itertools.count()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool.pool(self.workers)
        return self._pool

    def processes(self) -> list[int]:
        """The process ids of the workers running now (for `ps`, and the tests)."""
        return [] if self._pool is None else sorted(self._pool._processes or {})

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

    async def run(self, function, *args: Any, priority: int = NOW) -> Any:
        """`function(*args)` drawn by a worker. A worker that dies (killed, out of memory)
        breaks the whole pool: new workers take over and the picture is tried once more; if
        they die too, None, and the caller goes on without the picture."""
        loop = asyncio.get_running_loop()
        call = functools.partial(function, *args)
        await self._turn(priority)
        try:
            for _ in range(2):
                pool = self._executor()
                try:
                    return await loop.run_in_executor(pool, call)
                except concurrent.futures.process.BrokenProcessPool:
                    self._broken(pool)
            name = getattr(function, "__name__", function)
            log.error("no picture: the workers broke twice drawing it (%s)", name)
            metrics.picture_lost()
            return None
        finally:
            self._done()

    def _broken(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        # Every picture the pool was drawing fails at once: only the first to hear it replaces it.
        if self._pool is pool:
            log.error("a picture worker died; starting new ones")
            metrics.picture_workers_broken()
            self._pool = None
            pool.shutdown(wait=False)

    def close(self) -> None:
        """End the workers and wait for them (the picture each is drawing is finished first)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True, cancel_futures=True)


POOL = RenderPool()


def _file(data: bytes | None, name: str, description: str) -> discord.File | None:
    if data is None:
        return None
    description = lengths.clip(description, lengths.ALT_TEXT)
    return discord.File(io.BytesIO(data), filename=name, description=description)


def attached(file: discord.File | None) -> list[discord.File]:
    """The files of a message that carries `file`, a picture that may have been given up."""
    return [] if file is None else [file]


async def board(
    public_view: Any,
    names: Sequence[str],
    locale: Any = None,
    move: int | None = None,
    *,
    filename: str = BOARD_FILE,
) -> discord.File | None:
    """The public board: built from the public view only, so it can go to a channel. Its
    words are in the language of `locale` (the channel's, or the reader's for a reply); `move`,
    the number of moves played, is named on it. None when the workers broke drawing it (see
    `RenderPool.run`), as for every picture. Its alt text is `board_alt`, worded by the worker
    that draws it (`render.board_with_alt`)."""
    lang = language(locale)
    drawn = await POOL.run(
        render.board_with_alt, render.board_png, public_view, list(names), lang, move
    )
    if drawn is None:
        return None
    data, alt = drawn
    return _file(data, filename, alt)


def board_file(move: int) -> str:
    """The name of a turn message's board, after `move` moves: each picture that replaces
    another in an edited message has a name of its own, which says which position it shows."""
    return f"board-{move}.png"


def board_alt(public_view: Any, names: Sequence[str], locale: Any, move: int | None) -> str:
    """The board picture's alt text (what a screen reader says, and what a client shows while
    the picture loads), from the public view only: the position (after which move), who it
    waits for, each player's pieces and, where the game shows them, scores; then the places."""
    return describe.board_alt(public_view, list(names), language(locale), move)


def board_text(public_view: Any, names: Sequence[str], locale: Any, move: int | None) -> str:
    """The board as text a screen reader reads well (`/game board text:True`)."""
    sections = describe.board_sections(public_view, list(names), language(locale), move)
    return describe.text_board(sections)


def pieces(content: str, limit: int = lengths.CONTENT) -> list[str]:
    """A long text as messages of at most `limit` characters, cut between its sections (blank
    lines) where one fits whole in a message, else between lines."""
    size = lengths.utf16_len
    out: list[str] = []
    current = ""
    for section in content.split("\n\n"):
        if current and size(current) + 2 + size(section) > limit and size(section) <= limit:
            out.append(current)
            current = ""
        for k, line in enumerate(section.split("\n")):
            line = lengths.clip(line, limit)
            sep = "" if not current else "\n\n" if k == 0 else "\n"
            if current and size(current) + len(sep) + size(line) > limit:
                out.append(current)
                current, sep = "", ""
            current += sep + line
    if current:
        out.append(current)
    return out


def screen_text(player_view: Any, names: Sequence[str], locale: Any) -> str:
    """One player's screen as text: only for that player."""
    sections = describe.screen_sections(player_view, list(names), language(locale))
    return describe.text_board(sections)


async def screen(
    player_view: Any, names: Sequence[str], locale: Any = None, *, priority: int = NOW
) -> discord.File | None:
    """One player's screen: only for that player (DM or ephemeral reply), in their language.
    `priority`: LATER for a DM, which nobody is waiting for."""
    data = await screen_png(player_view, names, locale, priority=priority)
    return screen_file(data, screen_alt(player_view, names, locale))


async def screen_png(
    player_view: Any, names: Sequence[str], locale: Any = None, *, priority: int = NOW
) -> bytes | None:
    """The PNG bytes of `screen` (a DM compares them with the picture it already shows)."""
    return await POOL.run(
        render.screen_png, player_view, list(names), language(locale), priority=priority
    )


def screen_alt(player_view: Any, names: Sequence[str], locale: Any) -> str:
    """A screen picture's alt text: what lies behind that player's screen, so only for them."""
    return describe.screen_alt(player_view, list(names), language(locale))


def screen_file(data: bytes | None, description: str) -> discord.File | None:
    return _file(data, SCREEN_FILE, description)


async def final_scores(
    kind: str,
    result: Any,
    names: Sequence[str],
    vp_series: Sequence[Sequence[int]] | None = None,
    locale: Any = None,
) -> discord.File | None:
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
    alt = describe.scores_alt(kind, result, list(names), language(locale))
    return _file(data, SCORES_FILE, alt)


def score_series(record: Any, log: Sequence[tuple[int, str]]) -> list[tuple[int, ...]]:
    """Every seat's score after each step of an ended game (ended by its rules or early)."""
    engine = games.get(record.kind)
    replay = games.Replay(record.kind, len(record.seats), record.seed, record.options, list(log))
    return [tuple(engine.standing(state).scores) for state in games.replay_states(replay)]
