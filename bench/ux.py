"""What a game costs the table: channel messages, taps and pings per decision, live prompts and
uploaded bytes (every picture of the channel and of the screen DMs; the DMs' share apart), for
whole games played through SimCord with buttons and menus only (the player of
`tests/bot/measure.py`, which the tests use too). Last line: JSON.

    python bench/ux.py [--games 3] [--players 3] [--seed 1] [--only havana] [--decisions N]

`--only` measures one table; `--decisions N` stops each game after N decisions (a quick run: the
tests' smoke run of every bench).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from tests.bot.measure import Figures, Measurer  # noqa: E402

TABLES = {
    "santiago (screens)": ("santiago", {}),
    "santiago (open holdings)": ("santiago", {"open_holdings": True}),
    "havana": ("havana", {}),
}
# Uploads: a board whenever a person decides (an edited turn message too), the final scores
# and the screen DMs, for a whole game.
GOALS = {
    "santiago (screens)": {
        "messages_per_decision": 0.45,
        "taps_per_decision": 1.1,
        "max_upload_mb_per_game": 25,
    },
    "santiago (open holdings)": {
        "messages_per_decision": 0.45,
        "taps_per_decision": 1.1,
        "max_upload_mb_per_game": 25,
    },
    "havana": {
        "messages_per_decision": 0.6,
        "taps_per_decision": 1.1,
        "max_upload_mb_per_game": 25,
    },
}


async def measure(name: str, games: int, players: int, seed: int, most: int) -> dict:
    kind, options = TABLES[name]
    total = Figures()
    uploads, dm_uploads = [], []
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Path(folder) / "ux.sqlite3", rng=random.Random(seed))
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                members = [guild.add_member(env.create_user(f"p{i}")) for i in range(players)]
                for game in range(games):
                    channel = guild.create_text_channel(f"game-{game}")
                    before, dm_before = total.upload_bytes, total.dm_upload_bytes
                    measurer = Measurer(env, channel, list(members), seed + game)
                    measurer.figures = total
                    await measurer.play(kind, players, most, **options)
                    uploads.append(total.upload_bytes - before)
                    dm_uploads.append(total.dm_upload_bytes - dm_before)
        finally:
            # SimCord leaves a detached bot open: its workers and database thread would keep
            # the process alive.
            await bot.close()
    figures = total.as_json()
    figures["upload_mb_per_game"] = [round(b / 1e6, 2) for b in uploads]
    figures["dm_upload_mb_per_game"] = [round(b / 1e6, 2) for b in dm_uploads]
    figures["max_upload_mb_per_game"] = round(max(uploads) / 1e6, 2)
    return figures


async def main(games: int, players: int, seed: int, tables, most: int) -> dict:
    return {name: await measure(name, games, players, seed, most) for name in tables}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=[kind for kind, _ in TABLES.values()], default=None)
    parser.add_argument("--decisions", type=int, default=5000, help="decisions per game at most")
    args = parser.parse_args()
    tables = [name for name, (kind, _) in TABLES.items() if args.only in (None, kind)]
    results = asyncio.run(main(args.games, args.players, args.seed, tables, args.decisions))
    print(
        f"{'table':28} {'msgs/dec':>9} {'taps/dec':>9} {'pings/chg':>10} {'live':>5}"
        f" {'MB/game (max)':>14} {'of it DMs':>10}"
    )
    for name, r in results.items():
        most = r["upload_mb_per_game"].index(r["max_upload_mb_per_game"])
        print(
            f"{name:28} {r['messages_per_decision']:9.3f} {r['taps_per_decision']:9.3f}"
            f" {r['pings_per_decider_change']:10.3f} {r['max_live_prompts']:5d}"
            f" {r['max_upload_mb_per_game']:14.2f} {r['dm_upload_mb_per_game'][most]:10.2f}"
        )
    print(
        json.dumps(
            {"players": args.players, "games": args.games, "tables": results, "goals": GOALS}
        )
    )
