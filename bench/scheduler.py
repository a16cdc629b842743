"""The turn clock under load: 10,000 active games whose timers fall due over a week.

A real SQLite file is filled through the store's own calls (`create_game`, `join`, `start_game`
with start times chosen so the first timers fall due evenly over the coming week; 1,000 of the
games fall due at the same instant), with what a previous run leaves: each player's DM channel,
noted with the screen DM of their first game. The real bot then restarts on it in SimCord, under
Discord's global limit of 50 requests a second (the tests' fault layer), which gives the
start-up time and memory, and virtual time is moved to that instant: the figures are the wall
time, the process's CPU time and Discord's (virtual) time from the instant the 1,000 games fall
due until none of their timers is due and the clock sleeps (every timer moved on, every DM, ping
and question sent), and the messages sent. Meanwhile a probe in another thread keeps asking
the bot's event loop to do what an interaction in another game does first (read the game, build
its state, write one row), and times each from the request to the answer. Last line: JSON.

    python bench/scheduler.py [--games 10000] [--burst 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from storage import Store, start_game  # noqa: E402
from storage.clock import DAY, HOUR, Settings, WaitPlan  # noqa: E402
from tests.bot.faults import Faults  # noqa: E402

WEEK = 7 * DAY
# Table settings a server might choose, with the time from a decision's start to its first timer.
SETTINGS = (
    Settings(),
    Settings(12 * HOUR, 2 * DAY),
    Settings(2 * DAY, 5 * DAY),
    Settings(3 * DAY, 7 * DAY),
    Settings(7 * DAY, 14 * DAY),
    Settings(7 * DAY, None),
    Settings(None, 7 * DAY),
)
# The burst: a first reminder (a DM), a second one (a ping in the channel), a turn limit (the
# table's question with its buttons), in equal parts.
BURST_KINDS = ("dm", "ping", "ask")
PROBE_EVERY = 0.02
# Seconds of Discord's time moved at once while the burst is handled (the resolution of its
# Discord time).
STEP = 1.0


def first_timer(settings: Settings) -> float:
    return min(t for t in (settings.reminders, settings.turn_limit) if t is not None)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def build(store: Store, env, guild, games: int, burst: int, at: float, seed: int):
    """`games` active games in their own channels; returns the burst's game ids by kind."""
    rng = random.Random(seed)
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(max(4, games))]
    chosen = sorted(rng.sample(range(games), burst))
    how_of = {n: BURST_KINDS[i % len(BURST_KINDS)] for i, n in enumerate(chosen)}
    burst_ids: dict[str, list[int]] = {kind: [] for kind in BURST_KINDS}
    # As a previous run leaves them: every player got a screen DM when their first game started,
    # so Discord has their DM channel and the store notes it (the bot reads it at start-up).
    noted: set[int] = set()
    for n in range(games):
        channel = guild.create_text_channel(f"table-{n}")
        kind = rng.choice(("santiago", "havana"))
        players = rng.sample(users, rng.randint(2, 4))
        how = how_of.get(n)
        if how is not None:
            settings = Settings(None, DAY) if how == "ask" else Settings()
            # The moment the decision began, so that its timer falls due exactly at `at`.
            began = at - (2 * DAY if how == "ping" else first_timer(settings))
        else:
            due = at + rng.uniform(60, WEEK - HOUR)
            fits = [s for s in SETTINGS if first_timer(s) >= due - at + HOUR]
            settings = rng.choice(fits)
            began = due - first_timer(settings)
        record = await store.create_game(
            guild_id=guild.id,
            channel_id=channel.id,
            kind=kind,
            options={},
            creator_id=players[0].id,
            creator_name=players[0].name,
            settings=settings,
        )
        for player in players[1:]:
            await store.join(record.id, player.id, player.name)
        await start_game(store, record.id, rng.randrange(2**31), at=began)
        for player in players:
            if player.id not in noted:
                noted.add(player.id)
                dm = env.backend.get_dm_channel(player.id).id
                await store.set_note(record.id, f"dm:{player.id}", f"{dm}:0")
        if how is not None:
            burst_ids[how].append(record.id)
            if how == "ping":
                # The first reminder went out a day ago: the next one is a ping at `at`.
                waits = [replace(w, reminded=1, due=at) for w in await store.waits(record.id)]
                await store.put_waits(record.id, WaitPlan((), tuple(waits)))
    return burst_ids


def poll_often(env) -> None:
    """While a task of the bot waits on a thread (the store's), SimCord looks whether the bot is
    done every 50 ms of real time. The burst's Discord time has hundreds of instants (a new DM
    channel every half second) and that polling, not the bot, took three quarters of the wall
    time; looking every 2 ms measures the bot."""
    settle = env._settle_internal

    async def settle_often(**kwargs: object) -> None:
        kwargs.setdefault("idle", 0.002)
        await settle(**kwargs)

    env._settle_internal = settle_often


class Probe:
    """Another game's interaction, asked for from a thread every 20 ms and timed there: the time
    includes waiting for the event loop, the store's lock and its database thread."""

    def __init__(self, loop, store: Store, channel_id: int, tables) -> None:
        self.loop, self.store, self.channel_id, self.tables = loop, store, channel_id, tables
        self.times: list[float] = []
        self.lags: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    async def _work(self, asked: float) -> None:
        self.lags.append(time.perf_counter() - asked)
        record = await self.store.by_channel(self.channel_id)
        self.tables.state_of(record)
        await self.store.set_note(record.id, "bench.probe", str(asked))

    def _run(self) -> None:
        while not self._stop.is_set():
            asked = time.perf_counter()
            asyncio.run_coroutine_threadsafe(self._work(asked), self.loop).result()
            self.times.append(time.perf_counter() - asked)
            self._stop.wait(PROBE_EVERY)

    async def __aenter__(self) -> Probe:
        self._thread.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._stop.set()
        # Joined from another thread: the probe may be waiting for this loop to answer.
        await asyncio.to_thread(self._thread.join)


async def bot_messages(env) -> int:
    bot_id = env.bot.user.id
    return sum(
        1
        for stored in env.backend.messages.values()
        for m in stored.values()
        if m.author_id == bot_id
    )


async def run(games: int, burst: int, seed: int) -> dict:
    figures: dict = {"games": games, "burst_games": burst}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        first = create_bot(path, rng=random.Random(seed))
        bots = [first]
        try:
            # The burst takes seconds of real time inside one move of the virtual clock.
            async with simcord.run(first, settle_timeout=300) as env:
                guild = env.create_guild()
                at = env.now().timestamp() + HOUR
                start = time.perf_counter()
                builder = await Store.open(path)
                # Filling the file is not what is measured: no fsync per transaction for it.
                await builder._db.execute("PRAGMA synchronous = OFF")
                try:
                    burst_ids = await build(builder, env, guild, games, burst, at, seed)
                finally:
                    await builder.close()
                figures["build_s"] = round(time.perf_counter() - start, 1)
                figures["timers"] = count(path, "SELECT count(*) FROM waits")
                figures["burst_timers"] = due_by(path, at)

                # A restart on the full file: the bot's whole setup_hook, then the clock's first
                # look at the database (it loads nothing else).
                second = create_bot(path, rng=random.Random(seed))
                bots.append(second)
                rss_before = rss_mb()
                tracemalloc.start()
                start = time.perf_counter()
                await env.restart_bot(second)
                figures["startup_s"] = round(time.perf_counter() - start, 3)
                current, peak = tracemalloc.get_traced_memory()
                tracemalloc.stop()
                figures["rss_mb"] = round(rss_mb(), 1)
                figures["rss_startup_delta_mb"] = round(figures["rss_mb"] - rss_before, 1)
                figures["startup_traced_mb"] = round(current / 2**20, 2)
                figures["startup_traced_peak_mb"] = round(peak / 2**20, 2)
                start = time.perf_counter()
                await second.store.next_due()
                figures["next_due_ms"] = round((time.perf_counter() - start) * 1000, 2)
                start = time.perf_counter()
                opened = await Store.open(path)
                figures["store_open_ms"] = round((time.perf_counter() - start) * 1000, 2)
                await opened.close()

                loop = asyncio.get_running_loop()
                quiet = min(
                    set(range(1, games + 1)) - {i for ids in burst_ids.values() for i in ids}
                )
                probe_at = (await second.store.get(quiet)).channel_id
                async with Probe(loop, second.store, probe_at, second.services.tables) as idle:
                    await asyncio.to_thread(time.sleep, 1.0)
                sent_before = await bot_messages(env)
                # Discord's global limit, which SimCord does not keep: 50 requests a second, a
                # 429 beyond (the tests' fault layer), so Discord's time is what Discord allows.
                limit = Faults(env).install(second)
                clock = second.services.clock
                poll_often(env)
                async with Probe(loop, second.store, probe_at, second.services.tables) as busy:
                    start = time.perf_counter()
                    cpu = time.process_time()
                    await env.advance_time(at - env.now().timestamp() + 1)
                    # SimCord settles as soon as nothing is left to do at this virtual instant,
                    # while the clock may still wait for Discord (its pace of DM channels, its
                    # rate limits): Discord's time runs on until no timer of the burst is due.
                    figures["first_settled_s"] = round(time.perf_counter() - start, 2)
                    figures["due_when_first_settled"] = due_by(path, at)
                    while due_by(path, at) or not clock.idle():
                        await env.advance_time(STEP)
                    figures["burst_wall_s"] = round(time.perf_counter() - start, 2)
                    figures["burst_cpu_s"] = round(time.process_time() - cpu, 2)
                    figures["burst_discord_s"] = round(env.now().timestamp() - at, 1)
                figures["messages_sent"] = await bot_messages(env) - sent_before
                figures["global_bound_requests"] = limit.global_bound
                figures["refused_by_the_global_limit"] = len(limit.refused)
                figures["still_due"] = due_by(path, at)
                figures["probe_idle_p50_ms"] = round(statistics.median(idle.times) * 1000, 2)
                figures["probes"] = len(busy.times)
                figures["probe_p50_ms"] = round(statistics.median(busy.times) * 1000, 2)
                figures["probe_p95_ms"] = round(pct(busy.times, 0.95) * 1000, 2)
                figures["max_interaction_delay_ms"] = round(max(busy.times) * 1000, 1)
                figures["max_loop_lag_ms"] = round(max(busy.lags) * 1000, 1)
        finally:
            # SimCord detaches a bot without closing it: their clocks, workers and stores end
            # here, so a failing run exits too.
            for made in bots:
                await made.close()
    return figures


def count(path: Path, query: str, *args) -> int:
    """A figure read from the file on a connection of its own."""
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(query, args).fetchone()[0]


def due_by(path: Path, at: float) -> int:
    """How many timers are due at `at` and not handled yet."""
    return count(path, "SELECT count(*) FROM waits WHERE due <= ?", at)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--burst", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    f = asyncio.run(run(args.games, min(args.burst, args.games), args.seed))
    print(f"games {f['games']} ({f['timers']} timers), built in {f['build_s']} s")
    print(
        f"restart (setup_hook)   {f['startup_s']} s, RSS {f['rss_mb']} MB (+{f['rss_startup_delta_mb']})"
    )
    print(f"first look (min due)   {f['next_due_ms']} ms; store open {f['store_open_ms']} ms")
    print(
        f"{f['burst_games']} games due at once ({f['burst_timers']} timers): handled in"
        f" {f['burst_wall_s']} s of wall time ({f['burst_cpu_s']} s of CPU),"
        f" {f['burst_discord_s']} s of Discord time, {f['messages_sent']} messages,"
        f" {f['still_due']} left due"
    )
    print(
        f"probe p50 {f['probe_p50_ms']} ms  p95 {f['probe_p95_ms']} ms"
        f"  max {f['max_interaction_delay_ms']} ms (idle p50 {f['probe_idle_p50_ms']} ms)"
    )
    print(json.dumps(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
