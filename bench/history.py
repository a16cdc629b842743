"""The history of a busy server: `/game history list`, `/game history stats` and `/game history leaderboard` on a
database holding 100,000 ended games.

One server with 40 members plays Santiago de Cuba and Havana with 2-4 players (a quarter of the
tables with an AI seat) in 20 channels; 5 % of the games are ended by resignation and 5 % are
abandoned. The rows are written as the bot writes them when a game ends (the results row, then
`storage.endings.record_end` in the same transaction, which places and rates the game), straight
into the file for speed. Then each query of the commands is timed through the store, and each
whole command through SimCord (interaction in, ephemeral answer out) for the member with the
most games. Last line: JSON.

    python bench/history.py [--games 100000] [--repeat 20] [--seed 1]
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
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from bot import create_bot  # noqa: E402
from storage import history as past  # noqa: E402
from storage.backends.steps import run_sync  # noqa: E402
from storage.endings import record_end  # noqa: E402
from storage.records import result_to_json  # noqa: E402

MEMBERS = 40
CHANNELS = 20
LEVELS = ("strong", "greedy", "random")
BUILDINGS = ("bank", "casino", "church", "sawmill", "cigar_factory", "black_market")
CARDS = ("mama", "siesta", "architect", "pesos", "workers", "protection", "refreshment")
GOAL_MS = 200


def result_of(scores: list[int]) -> games.Result:
    ranking = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    places = [1 + sum(1 for other in scores if other > mine) for mine in scores]
    return games.Result(
        scores=tuple(scores),
        winners=tuple(s for s in range(len(scores)) if places[s] == 1),
        ranking=tuple(ranking),
        places=tuple(places),
    )


def fill(path: Path, guild_id: int, channels: list[int], members: list[int], count: int, seed):
    """`count` ended games of one server, as the bot stores them."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")  # filling is not what is measured
    conn.execute("BEGIN")
    for n in range(count):
        kind = rng.choice(("santiago", "havana"))
        people = rng.sample(members, rng.randint(2, 4))
        seats = [(user, f"p{members.index(user)}", "human") for user in people]
        if len(seats) > 2 and rng.random() < 0.25:
            seats[-1] = (-1, "AI 1", "ai:" + rng.choice(LEVELS))
        began = start + timedelta(minutes=30 * n)

        def stamp(minutes: int, began: datetime = began) -> str:
            return (began + timedelta(minutes=minutes)).isoformat()

        roll = rng.random()
        how = "finished" if roll < 0.9 else "resigned" if roll < 0.95 else "abandoned"
        status = "abandoned" if how == "abandoned" else "finished"
        log = []
        for seat in range(len(seats)):
            if kind == "santiago":
                log += [(seat, "drive:1"), (seat, "pawn:" + rng.choice(BUILDINGS))]
            else:
                log += [(seat, "pick:" + c) for c in rng.sample(CARDS, 2)]
        cursor = conn.execute(
            "INSERT INTO games (guild_id, channel_id, kind, status, options, seed, version,"
            " creator_id, created_at, updated_at, state) VALUES (?, ?, ?, ?, '{}', ?, ?, ?, ?, ?,"
            " '{}')",
            (
                guild_id,
                rng.choice(channels),
                kind,
                status,
                n,
                len(log),
                people[0],
                stamp(0),
                stamp(600),
            ),
        )
        game_id = cursor.lastrowid
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, controller) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s, user, name, who) for s, (user, name, who) in enumerate(seats)],
        )
        conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, code, at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, i + 1, seat, code, stamp(i + 1)) for i, (seat, code) in enumerate(log)],
        )
        top = 120 if kind == "santiago" else 30
        result = result_of([rng.randint(0, top) for _ in seats])
        conn.execute(
            "INSERT INTO results (game_id, ended_at, how, result) VALUES (?, ?, ?, ?)",
            (game_id, stamp(600), how, json.dumps(result_to_json(result))),
        )
        run_sync(conn, record_end(game_id))
        if n % 5000 == 4999:
            conn.execute("COMMIT")
            conn.execute("BEGIN")
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def timed(repeat: int, work) -> dict:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await work()
        times.append((time.perf_counter() - start) * 1000)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(pct(times, 0.95), 2),
        "max_ms": round(max(times), 2),
    }


async def run(count: int, repeat: int, seed: int) -> dict:
    figures: dict = {"games": count}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        bot = create_bot(path, rng=random.Random(seed))
        try:
            async with simcord.run(bot, settle_timeout=600) as env:
                guild = env.create_guild()
                channels = [guild.create_text_channel(f"table-{i}") for i in range(CHANNELS)]
                members = [guild.add_member(env.create_user(f"p{i}")) for i in range(MEMBERS)]
                start = time.perf_counter()
                await asyncio.to_thread(
                    fill,
                    path,
                    guild.id,
                    [c.id for c in channels],
                    [m.id for m in members],
                    count,
                    seed,
                )
                figures["fill_s"] = round(time.perf_counter() - start, 1)
                figures["file_mb"] = round(path.stat().st_size / 2**20, 1)
                store = bot.store
                busiest, played = (
                    await store.read(
                        "SELECT player, count(*) FROM placings WHERE guild_id = ?"
                        " AND player LIKE 'user:%' GROUP BY player ORDER BY 2 DESC LIMIT 1",
                        (guild.id,),
                    )
                )[0]
                figures["busiest_member_games"] = played
                middle = (await past.page(store, guild.id, size=1)).endings[0].seq - count // 2

                queries = {
                    "history_newest": lambda: past.page(store, guild.id, size=8),
                    "history_middle": lambda: past.page(store, guild.id, size=8, older_than=middle),
                    "history_member": lambda: past.page(store, guild.id, player=busiest, size=8),
                    "history_member_older": lambda: past.page(
                        store, guild.id, player=busiest, kind="havana", older_than=middle, size=8
                    ),
                    "stats_member": lambda: past.stats(store, guild.id, busiest),
                    "stats_ai_strong": lambda: past.stats(store, guild.id, "ai:strong"),
                    "rating_chart_points": lambda: past.rating_series(
                        store, guild.id, busiest, "santiago"
                    ),
                    "leaderboard": lambda: past.leaderboard(store, guild.id, "santiago"),
                    "autocomplete_games": lambda: past.recent(store, guild.id, 100),
                }
                figures["queries"] = {
                    name: await timed(repeat, work) for name, work in queries.items()
                }

                asker = members[0]
                channel = channels[0]
                who = next(m for m in members if f"user:{m.id}" == busiest)

                async def page_older():
                    shown = await asker.slash(channel, "game history list")
                    message = shown.followups[-1] if shown.followups else shown.response
                    return await asker.click(message, label="Older")

                commands = {
                    "floor_help": lambda: asker.slash(channel, "game help"),
                    "history": lambda: asker.slash(channel, "game history list"),
                    "history_member": lambda: asker.slash(channel, "game history list", member=who),
                    "history_then_older": page_older,
                    "stats": lambda: asker.slash(channel, "game history stats", member=who),
                    "leaderboard": lambda: asker.slash(
                        channel, "game history leaderboard", game="santiago"
                    ),
                }
                figures["commands"] = {
                    name: await timed(max(3, repeat // 4), work) for name, work in commands.items()
                }
        finally:
            if bot.store is not None:
                await bot.store.close()
    slowest_query = max(q["p95_ms"] for q in figures["queries"].values())
    figures["slowest_query_p95_ms"] = slowest_query
    figures["goal_ms"] = GOAL_MS
    figures["met"] = slowest_query < GOAL_MS and all(
        c["p95_ms"] < GOAL_MS for c in figures["commands"].values()
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures = asyncio.run(run(args.games, args.repeat, args.seed))
    for part in ("queries", "commands"):
        print(part)
        for name, values in figures[part].items():
            print(f"  {name:22} p50 {values['p50_ms']:8.2f} ms  p95 {values['p95_ms']:8.2f} ms")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
