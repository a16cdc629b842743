"""End-to-end speed: seeded games played through SimCord, time per move from interaction to answer.

Each move is one user interaction (a button, a menu or `/game move`), timed until the bot has
finished everything it does for it (persisting, answering, the new turn message with its board
picture, DMs). In the same run a throwaway bot with one command that only replies "ok" gives the
floor. Last line: JSON.

    python bench/e2e.py [--games-per-kind 1] [--players 3] [--seed 1] [--moves N] [--floor 300]

`--moves N` stops each game after N moves (a quick run: the tests' smoke run of every bench).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import discord
import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from tests.bot.driver import Table  # noqa: E402


class TimedTable(Table):
    """The test players, with a stopwatch around each move interaction."""

    times: list[float]

    async def answer(self, player, message) -> None:
        start = time.perf_counter()
        await super().answer(player, message)
        self.times.append(time.perf_counter() - start)

    async def typed_move(self, player) -> None:
        start = time.perf_counter()
        await super().typed_move(player)
        self.times.append(time.perf_counter() - start)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def moves(games_per_kind: int, players: int, seed: int, most: int | None) -> list[float]:
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Path(folder) / "bench.sqlite3", rng=random.Random(seed))
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                members = [guild.add_member(env.create_user(f"p{i}")) for i in range(players)]
                for kind in ("santiago", "havana"):
                    for n in range(games_per_kind):
                        channel = guild.create_text_channel(f"{kind}-{n}")
                        table = TimedTable(env, channel, members, random.Random(seed + n))
                        table.times = times
                        await table.open(kind, players)
                        if most is None:
                            await table.play_to_end()
                        else:
                            while table.moves < most and not table.finished():
                                await table.step()
        finally:
            # SimCord detaches the bot without closing it: its workers and store end here.
            await bot.close()
    return times


async def floor(count: int) -> list[float]:
    """A command that only replies "ok", on the same bot in the same simulated Discord.

    It is added to the game bot's own command tree (in this script only), so both figures pay
    the same for the harness, the interaction and the reply.
    """
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Path(folder) / "floor.sqlite3")

        @bot.tree.command(name="ping", description="ok")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("ok")

        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                channel = guild.create_text_channel("floor")
                member = guild.add_member(env.create_user("floor"))
                for _ in range(count):
                    start = time.perf_counter()
                    await member.slash(channel, "ping")
                    times.append(time.perf_counter() - start)
        finally:
            await bot.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-kind", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=None, help="moves per game at most")
    parser.add_argument("--floor", type=int, default=300, help="commands timed for the floor")
    args = parser.parse_args()
    move_times = asyncio.run(moves(args.games_per_kind, args.players, args.seed, args.moves))
    floor_times = asyncio.run(floor(args.floor))
    summary = {
        "moves": len(move_times),
        "p50_ms": round(pct(move_times, 0.50), 2),
        "p95_ms": round(pct(move_times, 0.95), 2),
        "max_ms": round(max(move_times) * 1000, 2),
        "floor_p50_ms": round(pct(floor_times, 0.50), 2),
        "floor_p95_ms": round(pct(floor_times, 0.95), 2),
        "ratio_p50": round(statistics.median(move_times) / statistics.median(floor_times), 2),
        "ratio_p95": round(pct(move_times, 0.95) / pct(floor_times, 0.95), 2),
    }
    print(f"moves timed: {summary['moves']} ({args.players} players, both games)")
    print(
        f"move  p50 {summary['p50_ms']} ms  p95 {summary['p95_ms']} ms  max {summary['max_ms']} ms"
    )
    print(
        f"floor p50 {summary['floor_p50_ms']} ms  p95 {summary['floor_p95_ms']} ms (a command that replies ok)"
    )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
