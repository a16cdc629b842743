"""A bot process for the crash test of the turn limit: the real bot with SimCord inside it, on
a database file (or PostgreSQL URL) that outlives it, so the test can kill it and start the next
process on the same database.

`stall DB RELEASE`: a table of three where cai lets the turn limit pass and the others do
not answer the table's question, so the AI is to play cai's decision. The AI's one worker is
busy with a long job meanwhile (as with another table's search) until the file RELEASE
appears, so that move is still being thought about when the process prints a JSON line (the
game, its version, the virtual time). The test kills it then, or lets it go on after another
process has made the move: it then prints a second line (the game's version, the moves made
for cai) once its own AI has done its work, and waits to be killed.

`resume DB ELAPSED`: the next process on the same database, started at the virtual time the
first one reached; it prints one JSON line once its start-up work has settled: the game's
version, who made its last move, and what the bot said in the channel meanwhile.

The server, channel and members are made before the bot starts, in the same order in both
processes, so SimCord gives them the same ids: the restarted bot finds its channel again.
The bot is imported only once the process runs: the worker processes it spawns import this
module again, and should not load the whole bot to run a job.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time

# Far longer than the test takes; the job ends early when its process is killed.
BUSY_SECONDS = 300


def busy_worker(parent: int, release: str) -> None:
    """Keep the AI's worker process busy until the test says so or the bot's process is gone."""
    end = time.monotonic() + BUSY_SECONDS
    while os.getppid() == parent and time.monotonic() < end and not os.path.exists(release):
        time.sleep(0.05)


def the_table(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cai", "dee")]
    return guild, channel, players


def say(**report) -> None:
    print(json.dumps(report), flush=True)


async def stall(db: str, release: str) -> None:
    from simcord import Env

    from bot import create_bot
    from tests.bot.test_clock import DAY, a_table_waiting_for_cai

    bot = create_bot(db, rng=random.Random(7), ai_workers=1, ai_budget=8)
    env = Env(bot)
    table = the_table(env)
    await env.start()
    with env.time_context():
        await a_table_waiting_for_cai(env, table)
        game = await bot.store.by_channel(table[1].id)
        for_cai = sum(a.seat == 2 for a in await bot.store.actions(game.id))
        bot.services.ai._executor().submit(busy_worker, os.getpid(), release)
        await env.advance_time(3 * DAY)  # the turn limit: the others are asked
        # Nobody answers for a day: the AI is to play cai's decision. Its thinking waits for
        # the busy worker, so this advance never settles; the process is killed meanwhile.
        advancing = asyncio.ensure_future(env.advance_time(DAY))
        while not bot.services.ai.busy():
            if advancing.done():
                advancing.result()
                raise AssertionError("the AI was never asked to play cai's decision")
            await asyncio.sleep(0.01)
        say(game=game.id, version=game.version, for_cai=for_cai, elapsed=env.backend.clock.elapsed)
        await bot.services.ai.idle()
        record = await bot.store.get(game.id)
        actions = await bot.store.actions(game.id)
        say(version=record.version, for_cai=sum(a.seat == 2 for a in actions))
        await asyncio.Event().wait()


async def resume(db: str, elapsed: float) -> None:
    from simcord import Env

    import render
    from bot import create_bot
    from bot.discord_io import pictures
    from tests.bot.driver import text_of
    from tests.bot.test_clock import bot_messages

    bot = create_bot(db, rng=random.Random(8), ai_workers=1, ai_budget=8)
    env = Env(bot)
    guild, channel, players = the_table(env)
    env.backend.advance_clock(elapsed)
    # SimCord gives a bot's start-up a few seconds to settle, and this one thinks and draws at
    # once: the worker processes are started first, as a long-running bot has them already.
    ready = [bot.services.ai._executor().submit(int)]
    ready += [pictures.POOL._executor().submit(render.warm) for _ in range(pictures.POOL.workers)]
    for job in ready:
        job.result()
    await env.start()
    with env.time_context():
        await bot.services.ai.idle()
        await env.settle()
        record = await bot.store.by_channel(channel.id)
        actions = await bot.store.actions(record.id)
        said = [text_of(m) for m in bot_messages(env, channel)]
        say(version=record.version, last_seat=actions[-1].seat, said=said)
        await env.shutdown()
        await bot.store.close()


if __name__ == "__main__":
    if sys.argv[1] == "stall":
        asyncio.run(stall(sys.argv[2], sys.argv[3]))
    else:
        asyncio.run(resume(sys.argv[2], float(sys.argv[3])))
