"""What a move costs against Discord's global limit of 50 requests per second per bot: every
request the bot sends except interaction callbacks and requests on an interaction's webhook
(its follow-ups and edits of its answer), counted by the tests' fault layer
(`tests/bot/faults.py`) over whole games played through SimCord.

Each game is played as people play it (`tests/bot/budget.py`: the players of
`tests/bot/driver.py` with buttons, menus, "Choose" and the private answer, now and then a
typed `/game move`), with screen DMs, an AI seat at three and four players, and now and then a
decision nobody makes, which the turn clock hands to the AI. The figure is global-bound
requests per applied move, everything counted from `/game new` to the last screen DM. Last
line: JSON.

    python bench/discord_budget.py [--games 1] [--seed 1] [--routes] [--only havana] [--sizes 2,3,4]
        [--steps N]

`--routes` prints where the requests go (method and route, DM channels apart); `--only` and
`--sizes` pick the tables, `--steps N` stops each game after N steps (a quick run: the tests'
smoke run of every bench).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from tests.bot.budget import Counted, play  # noqa: E402

GOAL = 1.2
KINDS = ("santiago", "havana")
SIZES = (2, 3, 4)


async def measure(kind: str, size: int, games: int, seed: int, most: int) -> dict:
    requests = moves = finished = 0
    routes: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            Path(folder) / "budget.sqlite3", rng=random.Random(seed), ai_workers=1, ai_budget=8
        )
        try:
            async with simcord.run(bot) as env:
                counted = Counted(env).install()
                guild = env.create_guild()
                for game in range(games):
                    played = await play(env, guild, kind, size, seed + game, counted, most)
                    requests += played.requests
                    routes += played.routes
                    moves += played.moves
                    finished += played.finished
        finally:
            # SimCord detaches the bot without closing it: its workers and store end here.
            await bot.close()
    return {
        "requests": requests,
        "moves": moves,
        "per_move": round(requests / max(1, moves), 3),
        "finished": finished,
        "games": games,
        "routes": {f"{m} {p}": n for (m, p), n in routes.most_common()},
    }


async def main(games: int, seed: int, kinds, sizes, most: int) -> dict:
    return {
        f"{kind} {size}p": await measure(kind, size, games, seed, most)
        for kind in kinds
        for size in sizes
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per game and size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--routes", action="store_true", help="where the requests go")
    parser.add_argument("--only", choices=KINDS, default=None, help="one game only")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated")
    parser.add_argument("--steps", type=int, default=3000, help="steps per game at most")
    args = parser.parse_args()
    kinds = KINDS if args.only is None else (args.only,)
    sizes = [int(n) for n in args.sizes.split(",")]
    results = asyncio.run(main(args.games, args.seed, kinds, sizes, args.steps))
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
