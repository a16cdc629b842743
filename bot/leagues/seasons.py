"""A league's season: the start, each round paired by the Swiss system and its tables opened
as games in threads of the league's channel, the round's deadline, the next round once every
table has ended, the final standings and the one message congratulating the winners.

Everything is read again from the store each time (the round's tables, the games' results), so
a restart resumes where the season was: the round's deadline is a stored moment the turn
clock wakes for (`next_due`, `deliver`), a table whose game was not opened yet is opened, and
a round whose games all ended while the bot was down is closed. One lock per league keeps two
game endings from pairing the next round twice (the store refuses a round written twice too).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.answering import think
from bot.discord_io.guard import handler
from bot.leagues import moving
from bot.leagues.finding import find_league
from bot.leagues.names import members
from bot.leagues.overtime import absent_seats
from bot.text import moments, present
from bot.text.i18n import server_locale, text
from bot.text.preferences import Preferences
from games.league_table import meetings, winners
from games.swiss import pair_round
from storage import leagues as lg
from storage.clock import Settings

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.leagues.boards import Boards
    from bot.leagues.signup import Signups
    from bot.lobby.seated import SeatedOpening
    from bot.seats.ai_seats import AiSeats
    from bot.seats.hands import Seats
    from storage.store import Shards

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()


class Seasons:
    """The rounds of every league this process's shards serve."""

    def __init__(
        self,
        client: discord.Client,
        shards: Shards | None,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        signups: Signups,
        opening: SeatedOpening,
        seats: Seats,
        ai: AiSeats,
        boards: Boards,
        poke: Callable[[float | None], None],
    ) -> None:
        self.client, self.shards, self.preferences, self.tables = (
            client,
            shards,
            preferences,
            tables,
        )
        self.guard, self.signups, self.opening, self.seats, self.ai = (
            guard,
            signups,
            opening,
            seats,
            ai,
        )
        self.boards, self.poke = boards, poke
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        # Leagues with a game ended since their standings message was last drawn: games that
        # end together (a round's deadline) redraw it once, not once each.
        self._stale: set[int] = set()

    @property
    def store(self):
        return self.tables.store

    def _lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    def _serves(self, guild_id: int) -> bool:
        return self.shards is None or self.shards.serve(guild_id)

    def _channel(self, league: lg.League) -> discord.TextChannel | None:
        channel = self.client.get_channel(league.spec.channel_id)
        return channel if isinstance(channel, discord.TextChannel) else None

    async def idle(self) -> None:
        """Wait until nothing a game's end started is still running (tests use it)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _spawn(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a league's bookkeeping failed", exc_info=task.exception())

    # ------------------------------------------------------------------ commands

    @handler()
    async def start_command(self, interaction, locale, number: int | None) -> None:
        league = await find_league(self.store, interaction, number, ("signup",))
        if league.status == "finished":
            raise Refusal("bot.error.league_over")
        if league.status != "signup":
            raise Refusal("bot.error.league_started")
        if interaction.user.id != league.spec.creator_id:
            raise Refusal("bot.error.league_not_creator", creator=f"<@{league.spec.creator_id}>")
        people = await lg.members(self.store, league.id)
        if len(people) < max(2, league.spec.table_minimum):
            raise Refusal("bot.error.league_too_few", low=max(2, league.spec.table_minimum))
        if self._channel(league) is None:
            raise Refusal("bot.error.league_channel_gone")
        await think(interaction, ephemeral=True)
        if not await self.begin(league):
            # Started meanwhile by its set time, or members left in between.
            raise Refusal("bot.error.league_started")
        said = text(
            locale, "bot.league.signup_closed", count=len(people), names=members(locale, people)
        )
        await self.guard.reply(interaction, said)

    @handler()
    async def leave_command(self, interaction, locale, number: int | None) -> None:
        # The league's lock may be held while a round's tables open: acknowledge first.
        await think(interaction, ephemeral=True)
        league = await find_league(self.store, interaction, number, ("signup", "running"))
        if league.status == "finished":
            raise Refusal("bot.error.league_over")
        async with self._lock(league.id):
            if not await lg.leave_league(self.store, league.id, interaction.user.id):
                raise Refusal("bot.error.league_not_member")
            self.boards.kept.forget(league.id)  # the standings mark who left
            if league.status == "signup":
                said = "bot.league.unjoined"
                await self.signups.refresh(league)
            else:
                said = "bot.league.left"
                await self._hand_over(league, interaction.user.id)
        await self.guard.reply(
            interaction, text(locale, said, name=present.escape(league.spec.name))
        )

    @handler()
    async def move_command(
        self, interaction, locale, number: int | None, channel, end: bool
    ) -> None:
        """`/league move`: a league stopped because its channel is gone goes on in `channel`
        (its open round from now, for a whole round's time) or, with `end`, ends as it is."""
        await moving.move_or_end(self, interaction, locale, number, channel, end)

    async def _hand_over(self, league: lg.League, user_id: int) -> None:
        """A member who left: the AI plays their seat in the round's game still running."""
        done = await lg.rounds(self.store, league.id)
        if not done:
            return
        for table in await lg.tables(self.store, league.id, done[-1].number):
            if table.game_id is None or user_id not in table.players:
                continue
            record = await self.store.get(table.game_id)
            if record.status != "active":
                return
            async with self.tables.lock(record.channel_id):
                record = await self.store.get(table.game_id)
                seat = table.players.index(user_id)
                if record.status == "active" and record.seats[seat].ai_level is None:
                    record = await self.seats.hand_to_ai(record, seat)
                    self.ai.wake(record, self.tables.state_of(record))

    # ------------------------------------------------------------------ the season

    async def begin(self, league: lg.League) -> bool:
        """Close the sign-up and open round 1; False when the league was started already or
        has too few members (a set start then waits for its creator)."""
        async with self._lock(league.id):
            people = await lg.members(self.store, league.id)
            if len(people) < max(2, league.spec.table_minimum) or self._channel(league) is None:
                return False
            if not await lg.set_status(self.store, league.id, "running", "signup"):
                return False
            league = replace(league, status="running")
            # Standings read during the sign-up knew other members.
            self.boards.kept.forget(league.id)
            await self.signups.close(league, people)
            await self._open_round(league, 1)
            return True

    async def _open_round(self, league: lg.League, number: int) -> None:
        """Pair round `number` and open its tables (the caller holds the league's lock)."""
        active = {m.user_id for m in await lg.members(self.store, league.id) if not m.left}
        table = await lg.standings(self.store, league)
        ranking = [line.player for line in table if line.player in active]
        played = await lg.played(self.store, league.id)
        spec = league.spec
        plan = pair_round(
            ranking, meetings(played), spec.table_size, spec.table_minimum, f"{spec.seed}:{number}"
        )
        start = now()
        deadline = start + spec.round_seconds
        if await lg.start_round(self.store, league.id, number, start, deadline, list(plan)):
            self.poke(deadline)
        await self._open_tables(league, number)

    async def _open_tables(self, league: lg.League, number: int) -> None:
        """Open the round's tables still without a game, and say the round in the channel."""
        channel = self._channel(league)
        if channel is None:
            # Nowhere to open them: the league says it stopped (`/league standings`, `list`)
            # until its creator moves it to another channel or ends it (`/league move`).
            log.warning("league %s: its channel is gone; stopped at round %s", league.id, number)
            await lg.set_stopped(self.store, league.id, "channel_gone")
            return
        spec = league.spec
        ch = server_locale(self.preferences, spec.guild_id)
        names = {m.user_id: m.name for m in await lg.members(self.store, league.id)}
        settings = Settings(spec.reminders, spec.turn_limit)
        lines, opened = [], False
        tables = await lg.tables(self.store, league.id, number)
        empty = any(t.game_id is None for t in tables)  # the bot may have stopped opening one
        unattached = await lg.unattached(self.store) if empty else {}
        for table in tables:
            if table.game_id is None:
                key = lg.table_note(league.id, number, table.number)
                found = unattached.get(key)
                record = None if found is None else await self.opening.resume(found)
                if record is None:
                    record = await self.opening.open(
                        channel,
                        text(
                            ch,
                            "bot.league.thread",
                            name=spec.name,
                            round=number,
                            table=table.number,
                        ),
                        kind=spec.kind,
                        options=spec.options,
                        settings=settings,
                        seats=[
                            None if p is None else (p, names.get(p, "?")) for p in table.players
                        ],
                        creator_id=spec.creator_id,
                        notes={lg.TABLE_NOTE: key},
                    )
                await lg.attach_game(self.store, league.id, number, table.number, record.id)
                opened, thread = True, record.channel_id
            else:
                thread = (await self.store.get(table.game_id)).channel_id
            players = present.listed(
                ch,
                [
                    text(ch, "bot.league.ai") if p is None else present.escape(names.get(p, "?"))
                    for p in table.players
                ],
            )
            lines.append(
                text(
                    ch,
                    "bot.league.table",
                    table=table.number,
                    players=players,
                    thread=f"<#{thread}>",
                )
            )
        if opened:
            rounds = await lg.rounds(self.store, league.id)
            head = text(
                ch,
                "bot.league.round",
                name=present.escape(spec.name),
                round=number,
                rounds=spec.rounds,
                tables=len(lines),
                **moments.moment(rounds[number - 1].deadline),
            )
            content = present.clip("\n".join([head, *lines]), present.MAX_CONTENT)
            try:
                await channel.send(content, allowed_mentions=NONE)
            except discord.HTTPException:
                log.warning("league %s: round %s could not be announced", league.id, number)
        await self.boards.refresh(league)

    # ------------------------------------------------------------------ game ends

    def game_ended(self, record) -> None:
        """The announcer's listener: a game's result was posted."""
        self._spawn(self._after_game(record.id))

    async def _after_game(self, game_id: int) -> None:
        found = await lg.table_of_game(self.store, game_id)
        if found is None:
            return
        league_id, table = found
        self._stale.add(league_id)
        async with self._lock(league_id):
            league = await lg.league(self.store, league_id)
            if league is None or league.status != "running":
                return
            await self.boards.kept.game_ended(self.store, league, game_id)
            if league_id in self._stale:
                # Read after this: every game ended so far is in it.
                self._stale.discard(league_id)
                await self.boards.refresh(league)
            await self._round_over(league, table.round)

    async def _round_over(self, league: lg.League, number: int) -> None:
        """Once every table of the round has ended: the next round, or the season's end (the
        caller holds the league's lock)."""
        if await lg.open_tables(self.store, league.id, number):
            return
        done = await lg.rounds(self.store, league.id)
        if not done or done[-1].number != number:
            return
        if not await lg.end_round(self.store, league.id, number, now()):
            return
        active = [m for m in await lg.members(self.store, league.id) if not m.left]
        if number >= league.spec.rounds or len(active) < 2:
            await self._finish(league)
        else:
            await self._open_round(league, number + 1)

    async def _finish(self, league: lg.League) -> None:
        if not await lg.set_status(self.store, league.id, "finished", "running"):
            return
        self.boards.kept.forget(league.id)
        league = replace(league, status="finished")
        table = await self.boards.refresh(league)
        channel = self._channel(league)
        if channel is None:
            return
        ch = server_locale(self.preferences, league.spec.guild_id)
        won = winners(table)
        name = present.escape(league.spec.name)
        if won:
            content = text(
                ch,
                "bot.league.congratulations",
                name=name,
                winners=present.listed(ch, [f"<@{w}>" for w in won]),
                count=len(won),
            )
            mentions = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(w) for w in won]
            )
        else:
            content, mentions = text(ch, "bot.league.no_winner", name=name), NONE
        try:
            await channel.send(content, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("league %s: the congratulations could not be posted", league.id)

    # ------------------------------------------------------------------ the clock's moments

    async def next_due(self) -> float | None:
        for moment in await lg.due(self.store):
            if self._serves(moment.guild_id):
                return moment.at
        return None

    async def deliver(self, at: float) -> None:
        for moment in await lg.due(self.store):
            if moment.at > at:
                break
            if not self._serves(moment.guild_id):
                continue
            league = await lg.league(self.store, moment.league_id)
            if league is None:
                continue
            if moment.what == "start":
                # A start missed while the bot was down falls due at its first tick, before
                # Discord has told it of its servers: with no channel known yet, `begin` would
                # take the league for one without a channel and clear its start.
                await self.client.wait_until_ready()
                if not await self.begin(league):
                    # Too few members, or no channel: the creator starts it by hand.
                    await lg.clear_start(self.store, league.id)
            else:
                await self._overtime(league, moment.round)

    async def _overtime(self, league: lg.League, number: int) -> None:
        """The round's deadline: each game still running ends as the league says, ranked on
        the scores as they stand, or played on by the turn clock's rules, the AI taking the
        seats of the players who are absent (`_absent`)."""
        if not await lg.deadline_handled(self.store, league.id, number):
            return
        for table in await lg.tables(self.store, league.id, number):
            if table.game_id is None:
                continue
            record = await self.store.get(table.game_id)
            if record.status != "active":
                continue
            async with self.tables.lock(record.channel_id):
                record = await self.store.get(table.game_id)
                if record.status != "active":
                    continue
                if league.spec.overtime == "scores":
                    await self.seats.end_now(record, how="ended")
                    continue
                for seat in await absent_seats(self.store, record, now()):
                    record = await self.seats.hand_to_ai(record, seat)
                self.ai.wake(record, self.tables.state_of(record))

    # ------------------------------------------------------------------ restarts

    async def resume(self) -> None:
        """After a restart, once Discord is there: every running league of this process's
        servers opens the tables it had not opened, and moves on from a round whose games all
        ended while the bot was down."""
        await self.client.wait_until_ready()
        for league in await lg.leagues_in(self.store, "running"):
            if not self._serves(league.spec.guild_id):
                continue
            async with self._lock(league.id):
                done = await lg.rounds(self.store, league.id)
                if not done:
                    await self._open_round(league, 1)
                    continue
                await self._open_tables(league, done[-1].number)
                await self._round_over(league, done[-1].number)

    def start(self) -> None:
        self._spawn(self.resume())

    async def close(self) -> None:
        """Before the bot disconnects: what a game's end started stops (the store keeps where
        the season is; the next start resumes it)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
