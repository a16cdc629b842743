"""What a move costs against Discord's global limit of 50 requests per second per bot: every
request the bot sends except interaction callbacks and requests on an interaction's webhook
(its follow-ups and edits of its answer), counted by the tests' fault layer
(`tests/bot/faults.py`) over whole games played through SimCord.

Each game is played as people play it (the players of `tests/bot/driver.py`: buttons, menus,
"Choose" and the private answer, now and then a typed `/game move`), with screen DMs, an AI seat
at three and four players, and now and then a decision nobody makes, which the turn clock hands
to the AI. The figure is global-bound requests per applied move, everything counted from
`/game new` to the last screen DM. Last line: JSON.

    python bench/discord_budget.py [--games 1] [--seed 1] [--routes]

`--routes` prints where the requests go (method and route, DM channels apart).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from tests.bot.driver import Table  # noqa: E402
from tests.bot.faults import Faults  # noqa: E402

GOAL = 1.2
KINDS = ("santiago", "havana")
SIZES = (2, 3, 4)
# One decision of a person in this many is left to the turn clock.
CLOCK_EVERY = 60
HOUR = 3600
# A table that reminds after 6 hours and asks what to do after 12 (then the AI plays a day later).
SETTINGS = {"reminders": str(6 * HOUR), "turn_limit": str(12 * HOUR)}
SNOWFLAKE = re.compile(r"/\d{15,}")


@dataclass
class Routes(Faults):
    """The fault layer (no rule, no limit: every request passes) that also tells where each
    global-bound request went."""

    routes: Counter = field(default_factory=Counter)

    async def _attempt(self, method: str, path: str):
        if not path.startswith(("/interactions/", "/webhooks/")):
            self.routes[(method, self._route(path))] += 1
        return await super()._attempt(method, path)

    def _route(self, path: str) -> str:
        parts = path.strip("/").split("/")
        dm = set(self.env.backend.dm_channels.values())
        where = ""
        if len(parts) > 1 and parts[0] == "channels" and parts[1].isdigit():
            where = " (DM)" if int(parts[1]) in dm else " (channel)"
        return SNOWFLAKE.sub("/{id}", path) + where


async def play(env, guild, kind: str, size: int, seed: int) -> tuple[int, bool]:
    """One whole game; the moves it applied and whether it finished."""
    rng = random.Random(seed)
    channel = guild.create_text_channel(f"{kind}-{size}-{seed}")
    ai = 1 if size >= 3 else 0
    people = [guild.add_member(env.create_user(f"p{seed}-{i}")) for i in range(size - ai)]
    table = Table(env, channel, people, rng)
    creator, *others = people
    options = {"ai_players": ai, "ai_level": "greedy"} if ai else {}
    opened = await creator.slash(channel, "game new", game=kind, **options, **SETTINGS)
    lobby = opened.response
    for player in others:
        await player.click(lobby, label="Join")
    await creator.click(lobby, label="Start")
    game_id = (await env.bot.store.by_channel(channel.id)).id
    services = env.bot.services
    for _ in range(3000):
        await services.ai.idle()
        await env.settle()
        if table.finished():
            break
        if rng.randrange(CLOCK_EVERY) == 0:
            # Nobody decides: reminded after 6 hours, the table asked after 12, the AI plays
            # the decision a day later.
            await env.advance_time(36 * HOUR + 60)
            continue
        await table.step()
    await services.mail.idle()
    await env.settle()
    record = await env.bot.store.get(game_id)
    return record.version, record.status == "finished"


async def measure(kind: str, size: int, games: int, seed: int) -> dict:
    requests = moves = finished = 0
    routes: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            Path(folder) / "budget.sqlite3", rng=random.Random(seed), ai_workers=1, ai_budget=8
        )
        async with simcord.run(bot) as env:
            counted = Routes(env, global_limit=None).install()
            guild = env.create_guild()
            for game in range(games):
                before = counted.global_bound
                routes_before = Counter(counted.routes)
                applied, done = await play(env, guild, kind, size, seed + game)
                requests += counted.global_bound - before
                routes += counted.routes - routes_before
                moves += applied
                finished += done
        if bot.store is not None:
            await bot.store.close()
    return {
        "requests": requests,
        "moves": moves,
        "per_move": round(requests / max(1, moves), 3),
        "finished": finished,
        "games": games,
        "routes": {f"{m} {p}": n for (m, p), n in routes.most_common()},
    }


async def main(games: int, seed: int) -> dict:
    return {
        f"{kind} {size}p": await measure(kind, size, games, seed)
        for kind in KINDS
        for size in SIZES
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per game and size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--routes", action="store_true", help="where the requests go")
    args = parser.parse_args()
    results = asyncio.run(main(args.games, args.seed))
    print(f"{'table':14} {'requests':>9} {'moves':>7} {'per move':>9} {'finished':>9}")
    for name, r in results.items():
        print(
            f"{name:14} {r['requests']:9d} {r['moves']:7d} {r['per_move']:9.3f}"
            f" {r['finished']:>5}/{r['games']}"
        )
        if args.routes:
            for route, count in r["routes"].items():
                print(f"    {count / max(1, r['moves']):7.3f}/move {count:6d}  {route}")
    worst = max(r["per_move"] for r in results.values())
    summary = {name: {k: v for k, v in r.items() if k != "routes"} for name, r in results.items()}
    print(json.dumps({"games": args.games, "tables": summary, "worst": worst, "goal": GOAL}))
