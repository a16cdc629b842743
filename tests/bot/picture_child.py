"""A bot process for the picture worker tests: the real bot, through SimCord, plays a few moves of
a Havana game on a SQLite file in the given folder, so its picture workers have drawn boards.

`python -m tests.bot.picture_child FOLDER` then prints `ready` and the process ids of the
picture workers on one line (flushed), and waits on stdin, for the test to kill it. With
`close` after the folder, the bot is closed first and the line starts with `closed`; the process
ends normally when stdin ends.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import simcord

from bot import create_bot, pictures
from tests.bot.driver import Table


async def main(folder: Path, close: bool) -> None:
    bot = create_bot(folder / "games.sqlite3", rng=random.Random(5))
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(name)) for name in ("ana", "ben")]
        game = Table(env, channel, players, random.Random(5))
        await game.open("havana", 2)
        for _ in range(3):
            await game.step()
        assert channel.last_message.attachments, "the moves came with pictures"
    if close:
        await bot.close()
    elif bot.store is not None:
        await bot.store.close()


if __name__ == "__main__":
    closing = sys.argv[2:] == ["close"]
    asyncio.run(main(Path(sys.argv[1]), closing))
    workers = " ".join(str(pid) for pid in pictures.POOL.processes())
    print("closed" if closing else "ready", workers, flush=True)
    sys.stdin.readline()
