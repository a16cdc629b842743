"""A bot process for the picture worker tests: the real bot, through SimCord, plays a few moves of
a Havana game with an AI seat on a SQLite file in the given folder, so its picture workers have
drawn boards and its AI workers have thought.

`python -m tests.bot.picture_child FOLDER` then prints `ready` and the process ids of the
picture and AI workers on one line (flushed), and waits on stdin, for the test to kill it. With
`close` after the folder, the bot is closed first and the line starts with `closed`; the process
ends normally when stdin ends.
"""

from __future__ import annotations

import asyncio
import faulthandler
import random
import sys
from pathlib import Path

import simcord

from bot import create_bot
from bot.discord_io import pictures
from tests.bot.driver import Table

ai_workers: list[int] = []


async def main(folder: Path, close: bool) -> None:
    bot = create_bot(folder / "games.sqlite3", rng=random.Random(5))
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(name)) for name in ("ana", "ben")]
        game = Table(env, channel, players, random.Random(5))
        await game.open("havana", 2, ai_players=1, ai_level="random")
        for _ in range(3):
            await bot.services.ai.idle()
            await game.step()
        await bot.services.ai.idle()
        assert channel.last_message.attachments, "the moves came with pictures"
        thinking = bot.services.ai._pool
        assert thinking is not None, "the AI seat has thought"
        ai_workers.extend(thinking._processes)
    if close:
        await bot.close()
    elif bot.store is not None:
        await bot.store.close()


# Longer than any run on a busy machine: a process stuck past it prints every thread's stack and
# ends, so the test fails with the place it hung instead of waiting for ever.
STUCK = 240

if __name__ == "__main__":
    closing = sys.argv[2:] == ["close"]
    faulthandler.dump_traceback_later(STUCK, exit=True)
    asyncio.run(main(Path(sys.argv[1]), closing))
    faulthandler.cancel_dump_traceback_later()
    alive = [pid for pid in ai_workers if Path(f"/proc/{pid}").exists()]
    workers = " ".join(str(pid) for pid in [*pictures.POOL.processes(), *alive])
    print("closed" if closing else "ready", workers, flush=True)
    sys.stdin.readline()
