"""Learning to play: how fast a hint is answered while many channels keep the AI busy, and what
a move of a practice game costs against Discord's global limit.

Hints. The bot's `AiSeats` (its worker pool and the worker it keeps for hints, started as a
table offering hints starts it) serves
`--channels` busy channels: each keeps one AI decision thinking at a time, one after the other,
at the `strong` level with `--budget` simulations, from positions of real games. Meanwhile a
person asks for a hint every `--every` seconds (`AiSeats.hint`, as the Hint button does) at a
practice table; each is timed from the ask to the answer. Goal: p95 under 3 s at 100 channels.

Requests. A member plays practice games (`/learn`, then the driver of `tests/bot/driver.py`
clicking as people do) in SimCord with the requests counted as `bench/discord_budget.py`
counts them (all but interaction callbacks and interaction webhooks); the figure is
global-bound requests per applied move, from `/learn` to the last move, against that bench's
goal.

    python bench/learn.py [--channels 100] [--hints 40] [--every 0.25] [--budget 140]
        [--workers N] [--only havana] [--steps 3000]

Last line: JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai  # noqa: E402
import games  # noqa: E402
from bench.discord_budget import GOAL as REQUEST_GOAL  # noqa: E402
from bot import create_bot  # noqa: E402
from bot.seats.ai_seats import AiSeats  # noqa: E402
from storage import GameRecord  # noqa: E402
from tests.bot.budget import Counted  # noqa: E402
from tests.bot.driver import Table, settle_ai  # noqa: E402

HINT_GOAL_S = 3.0
KINDS = ("santiago", "havana")


def positions(kind: str, count: int, seed: int) -> list[tuple[object, int]]:
    """(state, seat) of decisions with several choices, from random games."""
    game = games.get(kind)
    rng = random.Random(seed)
    found: list[tuple[object, int]] = []
    while len(found) < count:
        state = game.new(3, rng.getrandbits(32))
        while not game.is_over(state) and len(found) < count:
            decision = game.pending(state)[0]
            codes = game.legal_codes(state, decision.seat)
            if len(codes) > 1 and rng.random() < 0.2:
                found.append((state, decision.seat))
            state, _ = game.apply(state, decision.seat, rng.choice(codes))
    return found


def record_of(kind: str, state, number: int) -> GameRecord:
    """A stored game as the AI seats read it (kind, state, id and version)."""
    return GameRecord(
        id=number,
        guild_id=1,
        channel_id=number,
        kind=kind,
        status="active",
        options={},
        seed=number,
        version=number,
        creator_id=1,
        seats=(),
        created_at="",
        updated_at="",
        state_json=json.dumps(games.get(kind).to_json(state)),
        mode="practice",
    )


async def hint_latency(kinds, channels: int, hints: int, every: float, budget: int, workers):
    seats = AiSeats(None, None, None, None, workers=workers, budget=budget)
    pool = seats._executor()
    # As on a running bot, where a table offering hints starts the hint worker when it opens.
    seats.warm_hints()
    spots = {kind: positions(kind, 24, 7) for kind in kinds}
    stop = asyncio.Event()
    thought = 0

    async def busy(channel: int) -> None:
        nonlocal thought
        kind = kinds[channel % len(kinds)]
        loop = asyncio.get_running_loop()
        turn = 0
        while not stop.is_set():
            state, seat = spots[kind][(channel + turn) % len(spots[kind])]
            data = games.get(kind).to_json(state)
            call = functools.partial(
                ai.choose, kind, data, seat, level="strong", seed=turn, budget=budget
            )
            await loop.run_in_executor(pool, call)
            thought += 1
            turn += 1

    load = [asyncio.create_task(busy(c)) for c in range(channels)]
    # Let the queue fill as it does on a busy server.
    await asyncio.sleep(min(2.0, every * 4))
    waited = []
    try:
        for n in range(hints):
            kind = kinds[n % len(kinds)]
            state, seat = spots[kind][n % len(spots[kind])]
            started = time.perf_counter()
            found = await seats.hint(record_of(kind, state, 1000 + n), seat)
            waited.append(time.perf_counter() - started)
            assert found, "a hint names at least one choice"
            await asyncio.sleep(every)
    finally:
        stop.set()
        for task in load:
            task.cancel()
        await asyncio.gather(*load, return_exceptions=True)
        await seats.close()
    waited.sort()
    p95 = waited[min(len(waited) - 1, int(0.95 * len(waited)))]
    return {
        "channels": channels,
        "hints": len(waited),
        "hint_p50_s": round(waited[len(waited) // 2], 3),
        "hint_p95_s": round(p95, 3),
        "ai_decisions_meanwhile": thought,
    }


async def practice_requests(kind: str, seed: int, steps: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            Path(folder) / "learn.sqlite3", rng=random.Random(seed), ai_workers=1, ai_budget=8
        )
        try:
            async with simcord.run(bot) as env:
                env.settle_timeout = max(env.settle_timeout, 120.0)
                counted = Counted(env).install()
                guild = env.create_guild()
                channel = guild.create_text_channel(f"learn-{kind}")
                member = guild.add_member(env.create_user("learner"))
                before, routes_before = counted.global_bound, Counter(counted.routes)
                await member.slash(channel, "learn", game=kind)
                await settle_ai(env)
                (room,) = channel.threads
                game_id = (await env.bot.store.by_channel(room.id)).id
                table = Table(env, room, [member], random.Random(seed), typed=0.0)
                for _ in range(steps):
                    if await env.bot.store.by_channel(room.id) is None:
                        break
                    await table.step()
                    await settle_ai(env)
                await env.bot.services.mail.idle()
                await env.settle()
                record = await env.bot.store.get(game_id)
                requests = counted.global_bound - before
                routes = counted.routes - routes_before
        finally:
            await bot.close()
    return {
        "requests": requests,
        "moves": record.version,
        "per_move": round(requests / max(1, record.version), 3),
        "finished": record.status == "finished",
        "routes": {f"{m} {p}": n for (m, p), n in routes.most_common()},
    }


async def main(args) -> dict:
    kinds = KINDS if args.only is None else (args.only,)
    hints = await hint_latency(
        kinds, args.channels, args.hints, args.every, args.budget, args.workers
    )
    tables = {kind: await practice_requests(kind, args.seed, args.steps) for kind in kinds}
    worst = max(t["per_move"] for t in tables.values())
    return {
        **hints,
        "hint_goal_s": HINT_GOAL_S,
        "hint_ok": hints["hint_p95_s"] <= HINT_GOAL_S,
        "practice": tables,
        "worst_per_move": worst,
        "request_goal": REQUEST_GOAL,
        "requests_ok": worst <= REQUEST_GOAL,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=100, help="channels keeping the AI busy")
    parser.add_argument("--hints", type=int, default=40, help="hints asked for")
    parser.add_argument("--every", type=float, default=0.25, help="seconds between two hints")
    parser.add_argument("--budget", type=int, default=140, help="simulations per AI decision")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=KINDS, default=None, help="one game only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=3000, help="steps of a practice game at most")
    figures = asyncio.run(main(parser.parse_args()))
    for kind, t in figures["practice"].items():
        print(
            f"{kind:10} {t['requests']:6d} requests {t['moves']:5d} moves {t['per_move']:.3f}/move"
        )
    print(
        f"hints at {figures['channels']} busy channels: p50 {figures['hint_p50_s']} s,"
        f" p95 {figures['hint_p95_s']} s"
    )
    print(json.dumps(figures))
