"""Seats played by the AI: think in worker processes, then move like anybody else.

Whenever a saved move (or the start, or a restart) leaves a decision to a seat the AI plays, a
task asks a process pool for a code, so a search never holds up the event loop or another
channel, and then enters the same path as a click: the channel's lock, the check that the seat
still decides what it was asked (simultaneous decisions of others do not outdate it), the one
transaction with its version check, the announcement. The AI is given only the seat's own
information (`ai.choose` samples whatever is hidden from it), and its seed comes from the game's
seed, the move number and the seat, so a game replays the same choices.

If thinking fails (a crash, a broken worker), the seat falls back to `greedy`, then `random`,
and the failure is logged: a game never waits on a broken AI.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import json
import logging
import os
import random
from typing import TYPE_CHECKING, Any

import ai
import games
from ai import hints as ai_hints
from bot.core import lone_choices, metrics, worker_pool
from bot.core.timing import now
from bot.play.gate import MoveRefused, Submitted
from bot.text.i18n import game_locale
from games import Event, Msg
from games.text import player
from storage import GameRecord, StorageError
from storage.clock import vote_closed
from storage.records import PRACTICE

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.play.gate import Gate
    from bot.text.preferences import Preferences
    from storage.store import Shards

log = logging.getLogger(__name__)

LEVELS = ai.LEVELS
DEFAULT_LEVEL = "strong"
# Tried in this order after the seat's own level fails.
FALLBACKS = ("greedy", "random")
# The note holding the move numbers the AI played for a person at the turn limit.
STAND_INS = "stand_ins"


def ai_seed(record: GameRecord, seat: int) -> int:
    """The same game at the same move gives the AI the same seed (restarts included)."""
    digest = hashlib.sha256(f"{record.seed}:{record.version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class AiSeats:
    def __init__(
        self,
        shards: Shards | None,
        preferences: Preferences,
        tables: Tables,
        gate: Gate,
        *,
        workers: int | None = None,
        budget: int | None = None,
    ) -> None:
        self.preferences = preferences
        # The shards this process runs (None: all): it resumes only their servers' AI seats.
        self.shards = shards
        self.tables = tables
        self.gate = gate
        self.workers = workers or os.cpu_count() or 1
        self.budget = budget
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._hint_pool: concurrent.futures.ProcessPoolExecutor | None = None
        # (game id, seat) -> the task thinking for that seat.
        self._tasks: dict[tuple[int, int], asyncio.Task] = {}

    def _hint_executor(self) -> concurrent.futures.ProcessPoolExecutor:
        """The AI's worker kept for hints: a person waiting for one never queues behind the AI
        seats' searches of every busy channel."""
        if self._hint_pool is None:
            self._hint_pool = worker_pool.pool(1)
        return self._hint_pool

    def warm_hints(self) -> None:
        """Start the hint worker ahead of the first hint (a process takes seconds to start),
        once a table that offers hints is in play."""
        if self._hint_pool is None:
            self._hint_executor().submit(int)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # Its workers end with the bot's process, however it ends (see worker_pool).
            self._pool = worker_pool.pool(self.workers)
        return self._pool

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        for name in ("_pool", "_hint_pool"):
            pool = getattr(self, name)
            if pool is not None:
                setattr(self, name, None)
                # Waited for, so a closed bot leaves no worker (and no semaphore) behind.
                await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def busy(self) -> bool:
        return bool(self._tasks)

    async def idle(self) -> None:
        """Wait until no AI seat is thinking or moving (tests and shutdown use it)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def wake(self, record: GameRecord, state: Any) -> None:
        """Start thinking for every AI seat that must decide in this state."""
        if record.status != "active":
            return
        if not record.rated:
            self.warm_hints()
        for decision in games.get(record.kind).pending(state):
            seat = decision.seat
            if record.seats[seat].ai_level is None or (record.id, seat) in self._tasks:
                continue
            task = asyncio.get_running_loop().create_task(self._play(record.id, seat))
            self._tasks[(record.id, seat)] = task
            task.add_done_callback(functools.partial(self._done, (record.id, seat)))

    def _done(self, key: tuple[int, int], task: asyncio.Task) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]
        if not task.cancelled() and task.exception() is not None:
            log.error("AI seat %s of game %s failed", key[1], key[0], exc_info=task.exception())

    async def resume(self) -> None:
        """After a restart: every AI decision of this process's servers that was pending is
        taken again, the AI seats' and those the AI was playing for a person who let the turn
        limit pass (the process that began them may have died before their moves were saved).

        Only this process's shards: the process that runs another shard thinks for its seats.
        """
        store = self.tables.store
        shards = self.shards
        for summary in await store.list_active():
            if summary.status != "active":
                continue
            if shards is not None and not shards.serve(summary.guild_id):
                continue
            if not any(s.controller.startswith("ai:") for s in summary.seats):
                continue
            try:
                record = await store.get(summary.id)
                self.wake(record, self.tables.state_of(record))
            except StorageError:
                log.exception("cannot resume the AI seats of game %s", summary.id)
        at = now()
        for wait in await store.voted_waits(shards):
            if not vote_closed(wait, at):
                continue
            try:
                self.stand_in(await store.get(wait.game_id), wait.seat)
            except StorageError:
                log.exception("cannot resume the AI's move for game %s", wait.game_id)

    def stand_in(self, record: GameRecord, seat: int, level: str = "greedy") -> None:
        """The AI plays one decision for a person's seat (nobody chose about it in time)."""
        key = (record.id, seat)
        if key in self._tasks:
            return
        task = asyncio.get_running_loop().create_task(self._stand_in(record.id, seat, level))
        self._tasks[key] = task
        task.add_done_callback(functools.partial(self._done, key))

    async def _stand_in(self, game_id: int, seat: int, level: str) -> None:
        record = await self.tables.store.get(game_id)
        if record.status != "active":
            return
        state = self.tables.state_of(record)
        if seat not in {d.seat for d in games.get(record.kind).pending(state)}:
            return
        code = await self.think(record, seat, level)
        await self.ai_move(record, seat, code, stand_in=True)

    async def _play(self, game_id: int, seat: int) -> None:
        """Decide for `seat` for as long as it is the seat's turn (one task per seat: a turn of
        several decisions is played by the same task, in order)."""
        unsaid: list[Event] = []
        while True:
            record = await self.tables.store.get(game_id)
            if record.status != "active" or record.seats[seat].ai_level is None:
                return
            state = self.tables.state_of(record)
            if seat not in {d.seat for d in games.get(record.kind).pending(state)}:
                return
            code = await self.think(record, seat, record.seats[seat].ai_level)
            told = [*unsaid, *await self._told(record, state, seat, code)]
            done = await self.ai_move(record, seat, code, told=told)
            if done is not None:
                unsaid = done.unsaid

    async def think(self, record: GameRecord, seat: int, level: str) -> str:
        """A legal code for `seat`, from the seat's level or, if that fails, its fallbacks."""
        state_data = json.loads(record.state_json)
        seed = ai_seed(record, seat)
        loop = asyncio.get_running_loop()
        for attempt in (level, *(f for f in FALLBACKS if f != level)):
            call = functools.partial(
                ai.choose,
                record.kind,
                state_data,
                seat,
                level=attempt,
                seed=seed,
                budget=self.budget,
            )
            try:
                with metrics.ai_decision(record.guild_id, attempt):
                    return await loop.run_in_executor(self._executor(), call)
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the AI worker pool broke while game %s seat %s thought", record.id, seat)
                self._pool = None
            except Exception:
                log.exception(
                    "AI level %s failed for game %s seat %s; falling back", attempt, record.id, seat
                )
        # Last resort, in this process: any legal move keeps the game going.
        codes = games.get(record.kind).legal_codes(self.tables.state_of(record), seat)
        return random.Random(seed).choice(codes)

    async def hint(self, record: GameRecord, seat: int) -> list[dict]:
        """The three best choices for a person's `seat` and why (`ai.hints`), thought out in the
        AI's worker pool from what the seat can know; seeded from public facts only (the game,
        its move, the seat), so what others hide cannot change it."""
        call = functools.partial(
            ai_hints.hints,
            record.kind,
            json.loads(record.state_json),
            seat,
            seed=f"{record.id}:{record.version}:{seat}",
        )
        try:
            return await asyncio.get_running_loop().run_in_executor(self._hint_executor(), call)
        except concurrent.futures.process.BrokenProcessPool:
            log.error("the hint worker broke while game %s seat %s asked", record.id, seat)
            self._hint_pool = None
            raise

    async def _told(self, record: GameRecord, state: Any, seat: int, code: str) -> list[Event]:
        """At a practice table, the line under the AI's move saying why it chose it (among the
        move's events, so no message more is posted): judged from what the learner can know,
        the choice named only when its label is public, and nothing said of a secret decision
        (a card played face down), whose choice nobody may know yet."""
        if record.mode != PRACTICE:
            return []
        engine = games.get(record.kind)
        mine = [d for d in engine.pending(state) if d.seat == seat]
        if not mine or mine[0].secret:
            return []
        found = await self.why(record, seat, code)
        if found is None:
            return []
        other = found.get("player")
        because = Msg(
            f"bot.hint.reason.{found['reason']}",
            {"n": found["worth"], "player": player(other) if other is not None else ""},
        )
        labels = {a.code: a.label for a in engine.public_actions(state, seat)}
        if code in labels:
            said = Msg(
                "bot.hint.ai_chose",
                {"who": player(seat), "choice": labels[code], "reason": because},
            )
        else:
            said = Msg("bot.hint.ai_why", {"who": player(seat), "reason": because})
        return [Event(said, seat)]

    async def why(self, record: GameRecord, seat: int, code: str) -> dict | None:
        """Why the AI's `seat` chose `code` in `record`'s state, in the evaluation's terms,
        judged from what the table's learner (its one person's seat, wherever a rematch put
        it) can know: never from the AI's own screen or hand."""
        learner = next((s.seat for s in record.seats if s.has_person), None)
        if learner is None:
            return None
        call = functools.partial(
            ai_hints.reason,
            record.kind,
            json.loads(record.state_json),
            seat,
            code,
            seed=f"{record.id}:{record.version}:{seat}",
            viewer=learner,
        )
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), call)
        except Exception:
            log.exception("no reason for the AI's move in game %s", record.id)
            return None

    async def ai_move(
        self,
        thought_at: GameRecord,
        seat: int,
        code: str,
        *,
        stand_in: bool = False,
        told: list[Event] | None = None,
    ) -> Submitted | None:
        """`stand_in`: the AI plays this one decision for a person's seat (the clock's); `told`:
        lines the table hears of with the move. The saved move (its `unsaid` lines wait for the
        seat's next one), None when it was not saved."""

        async def locate() -> GameRecord:
            return await self.tables.store.get(thought_at.id)

        def mover(record: GameRecord) -> int | None:
            if record.seats[seat].ai_level is None and not stand_in:
                return None
            return seat

        try:
            done = await self.gate.submit(
                thought_at.channel_id,
                locate,
                mover,
                [code],
                "clock" if stand_in else "ai",
                version=thought_at.version,
                made_for=seat,
                locale=lambda record: game_locale(self.preferences, record),
                told=told or (),
            )
        except MoveRefused:
            # The seat's decision changed while it thought, or another process moved first:
            # its task looks again at the game as it is now.
            return None
        if done is not None and stand_in:
            # The log keeps only codes: which moves were the clock's is a note of the game, so
            # a league's deadline tells a player who decided from one the AI stood in for.
            store = self.tables.store
            note = await store.get_note(thought_at.id, STAND_INS)
            await store.set_note(
                thought_at.id, STAND_INS, lone_choices.with_moves(note, [done.record.version + 1])
            )
        return done
