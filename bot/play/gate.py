"""The move gate: the one way a move enters a game, whoever makes it.

A click, a typed `/game move`, an undo, an AI seat and the clock's stand-in all call
`Gate.submit`: the channel's lock -> who may act (checked under it) ->
`storage.play.apply_move` with the version the mover saw (the engine validates, the store
appends the action and the new state in one transaction) -> the mover's own answer
(`on_saved`) -> the channel's message, the changed screens by DM, the AI seats that decide
next. Persisting comes first, so if Discord fails afterwards the outbox (or the next
interaction) posts what is missing from the stored game (`announce`, `outbox`).

The source (`SOURCES`) changes only what a refusal looks like: a person is told why (the gate
raises a `MoveRefused`, which the caller turns into a polite answer with the current prompt); the
AI's task just looks again at the game. Nothing else in `bot/` calls `apply_move`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core import lone_choices, metrics
from bot.core.published import Published
from bot.core.timing import now
from bot.text import present
from games import Event, IllegalAction
from storage import GameRecord, VersionConflict
from storage.play import MoveResult, apply_move

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.screen_dms import ScreenDms

log = logging.getLogger(__name__)

# Where a move comes from: a component, `/game move` or `/game undo`, an AI seat, or the AI
# standing in for a person at the turn limit.
SOURCES = ("click", "typed", "ai", "clock")
# Sources that are the AI's: an illegal code is a bug in the AI, replaced by any legal one.
AI_SOURCES = ("ai", "clock")


class MoveRefused(Exception):
    """The gate did not apply the move; `why` is one of the reasons below. `record`, `state`
    and `seat` are the game as the gate saw it (for the prompt a person is shown again)."""

    OUTDATED = "outdated"  # the component was made for a decision that is over
    NOT_DECIDING = "not_deciding"  # the seat has nothing to decide now
    ILLEGAL = "illegal"  # the engine refused the first code (`reason`: its message)
    CONFLICT = "conflict"  # another move was saved first

    def __init__(self, why: str, record: GameRecord, state: Any, seat: int, reason=None):
        super().__init__(why)
        self.why, self.record, self.state, self.seat, self.reason = why, record, state, seat, reason


@dataclass
class Submitted:
    """What the gate applied: `before` is the state the mover saw, `result` the saved game
    after every code applied (their events together), `applied` the (code, label) pairs."""

    record: GameRecord
    before: Any
    seat: int
    result: MoveResult
    applied: list[tuple[str, Any]] = field(default_factory=list)
    posted: bool = True
    # `told` lines kept for the seat's next move: this one showed nothing for them to follow.
    unsaid: list[Event] = field(default_factory=list)


class Publisher:
    """After a saved move (or a start): the channel's message, the changed screens by DM, and
    whoever listens (the AI seats that decide next start thinking)."""

    def __init__(self, mail: ScreenDms, announcer: Announcer) -> None:
        self.mail = mail
        self.announcer = announcer
        self._listeners: list[Callable[[GameRecord, Any], None]] = []

    def listen(self, listener: Callable[[GameRecord, Any], None]) -> None:
        self._listeners.append(listener)

    async def publish(self, published: Published) -> bool:
        """False when the channel message failed."""
        # The screens are drawn while the board is: both in the picture workers. The DMs wait
        # for the announcement's task itself, not for a flag it sets, so a test clock sees
        # what they wait for (an announcement waiting out Discord's rate limits).
        announced = asyncio.ensure_future(self.announcer.after_move(published))
        self.mail.queue(published, announced)
        posted = await announced
        for listener in self._listeners:
            listener(published.record, published.state)
        return posted


class Gate:
    """`tables` gives the channel locks, the store and the state cache; `poke(due)` tells the
    clock of new timers; `publisher` announces a saved move."""

    def __init__(
        self, tables: Tables, poke: Callable[[float | None], None], publisher: Publisher
    ) -> None:
        self.tables = tables
        self.poke = poke
        self.publisher = publisher

    async def submit(
        self,
        channel_id: int,
        locate: Callable[[], Awaitable[GameRecord | None]],
        seat_of: Callable[[GameRecord], int | None],
        codes: Sequence[str],
        source: str,
        *,
        version: int | None = None,
        made_for: int | None = None,
        resolve: Callable[[GameRecord, Any, int, str], str] | None = None,
        server_locale: str | None = None,
        locale: Callable[[GameRecord], Any],
        on_saved: Callable[[Submitted], Awaitable[None]] | None = None,
        interaction: discord.Interaction | None = None,
        told: Sequence[Event] = (),
    ) -> Submitted | None:
        """Apply `codes` (several in a row: a menu taking several) for the seat `seat_of`
        names in the game `locate` finds (both under the channel's lock; either may raise a
        refusal of its own, or give None: nothing to do). `version` and `made_for` say which
        decision a component was made for; `resolve` turns a typed value into a code.
        `locale` is the channel's language for the announcement; `interaction`: the person's
        that made the move, whose follow-up the next turn message may be; `told`: public lines
        the table hears of right under the move's own events (why a practice table's AI chose
        it), before whatever was taken by itself after it. A move that shows no line of its own
        while its seat decides on (the casino's "Sell VP" before its amount) says none: they
        are `unsaid`, for the caller to tell under the lines of the seat's next move."""
        assert source in SOURCES, source
        codes = list(codes)
        async with self.tables.lock(channel_id):
            record = await locate()
            if record is None or record.status != "active":
                return None
            seat = seat_of(record)
            if seat is None:
                return None
            state = self.tables.state_of(record)
            if codes != [games.UNDO]:
                await self._check(record, state, seat, version, made_for)
            if resolve is not None:
                codes[0] = resolve(record, state, seat, codes[0])
            done = await self._apply(record, state, seat, codes, source, server_locale)
            own = len(done.result.events)
            if codes != [games.UNDO]:
                # Taken again after its own undo, a lone choice would make the undo of the
                # decision before it impossible.
                await self._take_lone_choices(done, server_locale)
            if source not in AI_SOURCES:
                # A move of their own is coming back from `/game away`.
                await self.tables.away.came_back(record.guild_id, record.seats[seat].user_id)
            if on_saved is not None:
                # Saved: from here on a failure to answer must neither be reported as "nothing
                # changed" nor keep the table from hearing of the move.
                try:
                    await on_saved(done)
                except Exception:
                    log.exception("game %s: the mover's answer failed after the save", record.id)
            after = done.result
            if told and self._shows_nothing(done, own):
                done.unsaid, told = list(told), ()
            done.posted = await self.publisher.publish(
                Published(
                    after.record,
                    after.state,
                    [*after.events[:own], *told, *after.events[own:]],
                    before=state,
                    actor=seat,
                    locale=locale(after.record),
                    interaction=interaction,
                )
            )
            return done

    @staticmethod
    def _shows_nothing(done: Submitted, own: int) -> bool:
        """Whether the move showed the table no line and its seat decides on, nothing taken
        by itself in between: what it started shows under the seat's next move."""
        after = done.result
        if own != len(after.events) or present.channel_events(done.record, after.events):
            return False
        engine = games.get(done.record.kind)
        return after.record.status == "active" and done.seat in {
            d.seat for d in engine.pending(after.state)
        }

    async def _check(
        self, record: GameRecord, state: Any, seat: int, version: int | None, made_for: int | None
    ) -> None:
        """Refuse a move made for a decision that is over, or by a seat that does not decide."""
        deciders = {d.seat for d in games.get(record.kind).pending(state)}
        stale = version is not None and version != record.version
        if stale and not await self.still_open(record, seat, version, made_for, deciders):
            raise MoveRefused(MoveRefused.OUTDATED, record, state, seat)
        if seat not in deciders or (made_for is not None and made_for != seat):
            raise MoveRefused(MoveRefused.NOT_DECIDING, record, state, seat)

    async def _apply(
        self,
        record: GameRecord,
        state: Any,
        seat: int,
        codes: list[str],
        source: str,
        server_locale: str | None,
    ) -> Submitted:
        """Save `codes` one after the other. Only the first may be refused: a later one the
        engine refuses, or a move saved meanwhile, ends the series (the player is asked
        again). An AI's illegal code is a bug, replaced by any legal one."""
        engine = games.get(record.kind)
        applied: list[tuple[str, Any]] = []
        events: list = []
        result: MoveResult | None = None
        for step, chosen in enumerate(codes):
            now_state = state if result is None else result.state
            label = next(
                (a.label for a in engine.legal_actions(now_state, seat) if a.code == chosen),
                None,
            )
            at = record if result is None else result.record
            try:
                result = await self._commit(at, seat, chosen, server_locale)
            except IllegalAction as exc:
                if step > 0:
                    break
                if source not in AI_SOURCES:
                    raise MoveRefused(MoveRefused.ILLEGAL, record, state, seat, exc.msg) from None
                # A bug in the AI must not stall the game: any legal move will do.
                log.error("game %s: the AI chose %r for seat %s: %s", record.id, chosen, seat, exc)
                chosen = random.Random(chosen).choice(engine.legal_codes(state, seat))
                result = await self._commit(record, seat, chosen, server_locale)
                label = None
            except VersionConflict:
                if step > 0:
                    break
                self.tables.forget(record.id)
                raise MoveRefused(MoveRefused.CONFLICT, record, state, seat) from None
            events.extend(result.events)
            applied.append((chosen, label))
        combined = MoveResult(result.record, result.state, events)
        return Submitted(record, state, seat, combined, applied)

    async def _take_lone_choices(self, done: Submitted, server_locale: str | None) -> None:
        """After a move, take every decision it left with one choice the table can see (see
        `lone_choices`), before anyone is told: the mover's answer, the turn message
        and the log say it was taken by itself. Saved as that seat's move, through the same
        version check."""
        engine = games.get(done.record.kind)
        result, events, taken = done.result, list(done.result.events), []
        while result.record.status == "active":
            found = lone_choices.lone_choice(engine, result.record, result.state)
            if found is None:
                break
            seat, code = found
            action = next(
                a.label for a in engine.legal_actions(result.state, seat) if a.code == code
            )
            try:
                after = await self._commit(result.record, seat, code, server_locale)
            except (IllegalAction, VersionConflict):
                break
            events += [lone_choices.said(seat, action), *after.events]
            taken.append(after.record.version)
            result = after
        if taken:
            store = self.tables.store
            note = await store.get_note(result.record.id, lone_choices.NOTE)
            await store.set_note(
                result.record.id, lone_choices.NOTE, lone_choices.with_moves(note, taken)
            )
            done.result = MoveResult(result.record, result.state, events)

    async def still_open(
        self, record: GameRecord, seat: int, version: int, made_for: int | None, deciders
    ) -> bool:
        """Is a component made at `version` for `made_for`'s decision still that decision?

        It is while that seat has not acted since and still has to decide: whatever else
        happened in between were other players' independent choices (simultaneous decisions).
        """
        if made_for is None or made_for != seat or version > record.version:
            return False
        if seat not in deciders:
            return False
        return not await self.tables.store.acted_since(record.id, seat, version)

    async def _commit(
        self, record: GameRecord, seat: int, code: str, server_locale: str | None
    ) -> MoveResult:
        """Save one move of `seat` (the engine validates; one transaction; the version check)."""
        with metrics.database(record.guild_id):
            result = await apply_move(
                self.tables.store,
                record.id,
                seat,
                code,
                expected_version=record.version,
                at=now(),
                known=(record, self.tables.state_of(record)),
                server_locale=server_locale,
            )
        metrics.move(record.guild_id, record.kind)
        if result.record.status != "active":
            metrics.game_ended(record.guild_id)
        self.tables.keep(result.record.id, result.record.version, result.state)
        if result.next_due is not None:
            self.poke(result.next_due)
        return result
