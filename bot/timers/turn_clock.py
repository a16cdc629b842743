"""The turn clock: reminders, the table's choice at the turn limit, and the AI stepping in.

The timers live in the database (`storage.clock`), written with the move that begins each
decision. One task sleeps until the earliest one falls due (a move that sets an earlier one wakes
it), handles every timer then due, game by game under the channel's lock, and sleeps again:
nothing polls, a restart resumes from the database, and a timer that fell due while the bot was
down is handled at once (with one reminder for all the ones it missed).

A timer's new state is saved before its message is sent, so a restart never sends a reminder
twice. A process that runs some shards of the bot handles only its own servers' timers, and
claims each game in the database while it handles it: two processes that run the same shard
for a moment (a restart overlapping its successor) never both handle a timer, and the claim of
a process that dies runs out, so its timers are handled once it (or another) runs again.

A decision nobody made in time keeps its timer while the AI thinks about it: the AI's move
replaces the timer in the move's own transaction, and until then it falls due again a minute
later (`storage.clock.standing_in`), so a process that dies before that move leaves the
decision to be played again, not a game waiting for ever. Reminders say only that a decision
waits, never what it is about: they go out whether or not the player's choice is forced, and
they are the same for everybody.

A member in their quiet hours (`/game quiet`) is neither reminded nor pinged: the reminder is
held and falls due when the hours end, and the same task sends what was held then, one DM per
member (`digest.py`). Their timers run on unchanged: quiet hours never lengthen a turn.

A reminder or a question to the table that Discord still refuses once discord.py has given up
waits in the outbox (`REMIND`, `ASK`): it is posted later, for the decisions still waiting then.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import socket
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.core import metrics
from bot.core.timing import nap, now
from bot.discord_io.outbox import UNDELIVERED
from bot.discord_io.turn_messages import message_link, pinging
from bot.text import present
from bot.text.i18n import game_locale, text
from bot.timers import components
from bot.timers.digest import Digests
from storage import GameRecord, StorageError
from storage.clock import (
    Wait,
    WaitPlan,
    ai_plays_once,
    due_step,
    reminders_passed,
    scheduled,
    standing_in,
)

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.outbox import Outbox
    from bot.discord_io.quiet_members import Quiet
    from bot.discord_io.screen_dms import ScreenDms
    from bot.text.preferences import Preferences
    from storage.store import Shards

log = logging.getLogger(__name__)

# After an unexpected failure, the clock tries again this much later (it never spins).
RETRY_SECONDS = 60
# With nothing due, the clock still looks once a day (a poke wakes it sooner).
IDLE_SECONDS = 24 * 3600
# How many games' timers are handled side by side.
GAMES_AT_ONCE = 4
# How long a claim on a game's timers lasts: far longer than handling them takes.
CLAIM_SECONDS = 300
# A game whose channel is busy posting a move is looked at again this much later.
BUSY_SECONDS = 10
# Outbox items: "remind:<seat>,<seat>" (the channel's reminder for those seats), "ask:<seat>"
# (the table's question about that seat's decision).
REMIND = "remind"
ASK = "ask"


class Clock:
    """`tables` gives the channel locks; `announcer` and `mail` post reminders and questions;
    `quiet` says who is in their quiet hours (their news waits, and is sent when the hours end);
    `outbox` tries again what Discord refused; what should happen to a decision nobody made in time is told to `when_expired`'s listener."""

    def __init__(
        self,
        shards: Shards | None,
        preferences: Preferences,
        tables: Tables,
        announcer: Announcer,
        mail: ScreenDms,
        quiet: Quiet,
        outbox: Outbox,
    ) -> None:
        self.preferences = preferences
        # The shards this process runs (None: all): it handles only their servers' timers.
        self.shards = shards
        self.tables = tables
        self.announcer = announcer
        self.mail = mail
        self.quiet = quiet
        self.digests = Digests(tables, announcer, mail, quiet)
        quiet.on_hold(self.poke)
        self.outbox = outbox
        outbox.register(REMIND, self._remind_again)
        outbox.register(ASK, self._ask_again)
        self._expired: list = []
        self._agendas: list = []  # other stored moments: a league's round deadlines
        self._task: asyncio.Task | None = None
        # A poke while the clock works makes it look again; a poke while it sleeps wakes it.
        self._poked = False
        self._sleeping = False
        # While it sleeps: when it wakes by itself (a timer due later needs no poke).
        self._until: float | None = None
        # Who holds a claim: this process, among those sharing the database.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"

    @property
    def store(self):
        return self.tables.store

    def when_expired(self, listener) -> None:
        """`listener(record, seat)`: the AI stands in for that decision."""
        self._expired.append(listener)

    def also(self, agenda) -> None:
        """Wake for `agenda`'s stored moments too: `next_due()` and `deliver(at)`, awaited."""
        self._agendas.append(agenda)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="turn-clock")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def idle(self) -> bool:
        """Asleep until its next timer or a poke: nothing due is being handled."""
        return self._sleeping

    def poke(self, due: float | None = None) -> None:
        """A timer may now fall due earlier than the clock thought: look again. `due`: the
        earliest of the new timers, when known; one due after the clock wakes anyway changes
        nothing (most moves: the next reminder is hours later than the earliest one), so the
        clock does not ask the database again after every move."""
        if due is not None and self._sleeping and self._until is not None and due >= self._until:
            return
        self._poked = True
        if self._sleeping and self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the turn clock failed; it tries again in %s s", RETRY_SECONDS)
                await self._sleep(RETRY_SECONDS)

    async def _sleep(self, seconds: float) -> None:
        """Sleep (a plain `asyncio.sleep`, which test clocks can move) until `seconds` pass or a
        poke cancels the sleep; a cancellation that is not a poke goes on up."""
        if self._poked:
            return
        self._sleeping = True
        self._until = now() + seconds
        try:
            await nap(seconds, lambda: self._poked)
        finally:
            self._sleeping = False
            self._until = None

    async def tick(self) -> None:
        """Handle what is due now, or sleep until the next timer (or a poke)."""
        self._poked = False
        shards = self.shards
        held = await self.digests.next_due()
        if held is not None and held <= now():
            await self.digests.deliver(now())
            held = await self.digests.next_due()
        for agenda in self._agendas:
            moment = await agenda.next_due()
            if moment is not None and moment <= now():
                await agenda.deliver(now())
                moment = await agenda.next_due()
            if moment is not None:
                held = moment if held is None else min(held, moment)
        due = await self.store.next_due(shards=shards)
        at = now()
        if due is None or due > at:
            # News held in quiet hours wakes the clock too, when the hours end.
            wake = min((d for d in (due, held) if d is not None), default=None)
            await self._sleep(IDLE_SECONDS if wake is None else min(wake - at, IDLE_SECONDS))
            return
        waits = sorted(
            await self.store.due_waits(at, shards=shards), key=lambda w: (w.game_id, w.seat)
        )
        games_due = [
            (game_id, [w.seat for w in group])
            for game_id, group in itertools.groupby(waits, key=lambda w: w.game_id)
        ]
        # Games are handled side by side (each under its own channel's lock): a thousand
        # deadlines at once must not wait for each other's Discord round trips. A few at a
        # time, the next one starting as soon as one is done.
        taken_elsewhere = []
        busy = []

        async def one(game_id: int, seats: list[int]) -> None:
            if not await self.store.claim(game_id, self.owner, at + CLAIM_SECONDS, at):
                taken_elsewhere.append(game_id)
                return
            try:
                if not await self.handle(game_id, at):
                    busy.append(game_id)
            except Exception:
                metrics.error(None, "clock")
                log.exception("game %s: its timers failed; retrying later", game_id)
                await self._postpone(game_id, seats, at + RETRY_SECONDS)
            finally:
                await self.store.release(game_id, self.owner)

        waiting = iter(games_due)
        running: set[asyncio.Task] = set()
        while True:
            for game_id, seats in itertools.islice(waiting, GAMES_AT_ONCE - len(running)):
                running.add(asyncio.ensure_future(one(game_id, seats)))
            if not running:
                break
            try:
                _, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:
                for task in running:
                    task.cancel()
                raise
        if taken_elsewhere:
            # Another process handles them now (or its claim runs out): look again later
            # instead of spinning on timers that stay due meanwhile.
            await self._sleep(RETRY_SECONDS)
        elif busy:
            await self._sleep(BUSY_SECONDS)

    async def _postpone(self, game_id: int, seats: list[int], to: float) -> None:
        current = await self.store.waits(game_id)
        later = [replace(w, due=to) for w in current if w.seat in seats]
        await self.store.put_waits(
            game_id, WaitPlan(tuple(w.seat for w in current if w.seat not in seats), tuple(later))
        )

    async def handle(self, game_id: int, at: float) -> bool:
        """Every timer of one game that is due at `at`: reminders first, then the table's
        choice at the turn limit, then the AI for decisions nobody chose about in time.

        False, and nothing done, while a move is being posted in the game's channel: the
        clock does not wait behind it (that move may well replace the timers), it looks again
        a little later."""
        record = await self.store.get(game_id)
        lock = self.tables.lock(record.channel_id)
        if lock.locked():
            return False
        async with lock:
            record = await self.store.get(game_id)
            if record.status != "active":
                await self.store.put_waits(game_id, WaitPlan())
                return True
            current = await self.store.waits(game_id)
            settings = record.settings
            steps: dict[int, str] = {}
            changed: list[Wait] = []
            away = self.tables.away.of_seats(record, at)
            for wait in current:
                seat = record.seats[wait.seat]
                step = due_step(wait, settings, seat.muted, at)
                if wait.due is None or wait.due > at or step is None:
                    continue
                if step in ("remind", "vote") and wait.seat in away:
                    # Away (`/game away`): no reminder reaches them, and at the turn limit the
                    # AI plays this one decision without asking the table; the seat stays theirs.
                    step = "away" if step == "remind" else "expired"
                    if step == "expired":
                        changed.append(ai_plays_once(wait, at))
                    else:  # passed unsent, so the next one reaches them if they are back
                        passed = reminders_passed(wait, settings, at)
                        later = replace(wait, reminded=passed)
                        changed.append(scheduled(later, settings, seat.muted))
                    steps[wait.seat] = step
                    continue
                steps[wait.seat] = step
                if step == "remind":
                    passed = reminders_passed(wait, settings, at)
                    changed.append(scheduled(replace(wait, reminded=passed), settings, seat.muted))
                elif step == "vote":
                    changed.append(scheduled(replace(wait, vote_at=at), settings, seat.muted))
                else:  # expired: the AI's move for this seat will replace the timer
                    changed.append(standing_in(wait, at))
            if not changed:
                return True
            kept = tuple(w.seat for w in current if w.seat not in steps)
            # Saved before anything is sent: a restart never repeats a reminder.
            await self.store.put_waits(game_id, WaitPlan(kept, tuple(changed)))
        # Sent without the channel's lock: a move in the channel does not wait behind the
        # clock's posts (Discord's global limit may hold them when a thousand timers fall due).
        before = {w.seat: w for w in current}
        await self._remind(record, [s for s, step in steps.items() if step == "remind"], before)
        for seat in [s for s, step in steps.items() if step == "vote"]:
            await self._ask_the_table(record, seat, before[seat], at)
        for seat in [s for s, step in steps.items() if step == "expired"]:
            for listener in self._expired:
                listener(record, seat)
        return True

    async def _remind(self, record: GameRecord, seats: list[int], before: dict[int, Wait]) -> None:
        """The first reminder of a decision is a DM; later ones (and a closed DM) are one
        ping in the channel for everybody due, so the channel gets one message, not several."""
        if not seats:
            return
        at = now()
        turn = await self.announcer.turn_message(record)
        link = message_link(record, None if turn is None else str(turn.message_id))
        ping = []
        for seat in seats:
            wait = before[seat]
            if await self.quiet.hold(record.seats[seat].user_id, record, "turn"):
                continue  # in their quiet hours: told when they end
            if wait.reminded == 0 and await self._dm_reminder(record, seat, wait, link, at):
                continue
            ping.append(seat)
        if not ping:
            return
        try:
            await self._remind_in_channel(record, ping, before, link, at)
        except UNDELIVERED as exc:
            log.warning(
                "game %s: could not post a reminder (%s); tried again later", record.id, exc
            )
            await self.outbox.failed(record.id, f"{REMIND}:{','.join(map(str, ping))}", exc)

    async def _remind_in_channel(
        self, record: GameRecord, ping: list[int], before: dict[int, Wait], link: str, at: float
    ) -> None:
        locale = game_locale(self.preferences, record)
        waited = min(at - before[s].since for s in ping)
        users = [record.seats[s].user_id for s in ping]
        content = text(
            locale,
            "bot.remind.channel",
            who=" ".join(f"<@{u}>" for u in users),
            game=present.title(locale, record.kind),
            waited=present.duration(locale, waited),
            link=link,
        )
        await self.announcer.channel(record).send(content, allowed_mentions=pinging(users))
        metrics.reminded(record.guild_id, "channel")

    async def _remind_again(self, game_id: int, item: str) -> None:
        """The outbox's turn: the channel's reminder, for those of its players still waiting
        on a decision they were reminded of."""
        record = await self.store.get(game_id)
        seats = {int(s) for s in item.partition(":")[2].split(",") if s}
        waits = {w.seat: w for w in await self.store.waits(game_id)}
        still = [s for s in sorted(seats) if s in waits and waits[s].reminded > 0]
        if record.status == "active" and still:
            turn = await self.announcer.turn_message(record)
            link = message_link(record, None if turn is None else str(turn.message_id))
            await self._remind_in_channel(record, still, waits, link, now())
        await self.outbox.done(game_id, item)

    async def _dm_reminder(
        self, record: GameRecord, seat: int, wait: Wait, link: str, at: float
    ) -> bool:
        user_id = record.seats[seat].user_id
        locale = self.mail.locale_of(user_id, record)
        content = text(
            locale,
            "bot.remind.dm",
            game=present.title(locale, record.kind),
            channel=self.mail.where(locale, record),
            waited=present.duration(locale, at - wait.since),
            link=link,
        )
        try:
            dm = await self.mail.channels.open(user_id)
            await dm.send(content)
            metrics.reminded(record.guild_id, "dm")
        except discord.HTTPException:
            # DMs closed, or no longer a member of any server we share: ping in the channel.
            return False
        return True

    async def _ask_again(self, game_id: int, item: str) -> None:
        """The outbox's turn: the table's question, if that decision still waits for it."""
        await self.outbox.done(game_id, item)
        record = await self.store.get(game_id)
        seat = int(item.partition(":")[2])
        wait = next((w for w in await self.store.waits(game_id) if w.seat == seat), None)
        asked = wait is not None and wait.vote_at is not None and wait.vote_message is None
        if record.status == "active" and asked:
            await self._ask_the_table(record, seat, wait, now())

    async def _ask_the_table(self, record: GameRecord, seat: int, wait: Wait, at: float) -> None:
        """The turn limit has passed: the other players choose what happens (first one counts)."""
        locale = game_locale(self.preferences, record)
        others = [
            s.user_id
            for s in record.seats
            if s.seat != seat and present.played_by_person(record, s.seat)
        ]
        # Named, but pinged only outside their quiet hours (told when the hours end).
        pinged = [u for u in others if not await self.quiet.hold(u, record, "ask")]
        content = text(
            locale,
            "bot.limit.ask",
            who=present.seat_name(record, seat, locale),
            waited=present.duration(locale, at - wait.since),
            others=" ".join(f"<@{u}>" for u in others) or "-",
            game=present.title(locale, record.kind),
        )
        view = components.limit_view(locale, record.id, seat, int(wait.since))
        try:
            sent = await self.announcer.channel(record).send(
                content, view=view, allowed_mentions=pinging(pinged)
            )
        except UNDELIVERED as exc:
            # Asked again later; if nobody can choose in time, the AI plays the decision.
            log.warning("game %s: could not ask the table (%s); tried again later", record.id, exc)
            await self.outbox.failed(record.id, f"{ASK}:{seat}", exc)
            return
        try:
            async with self.tables.lock(record.channel_id):
                current = {w.seat: w for w in await self.store.waits(record.id)}
                if seat in current:
                    updated = replace(current[seat], vote_message=sent.id)
                    keep = tuple(s for s in current if s != seat)
                    await self.store.put_waits(record.id, WaitPlan(keep, (updated,)))
        except StorageError:
            log.exception("game %s: could not note the table's question", record.id)
