"""Pictures are drawn in worker processes, beside the event loop: the bytes are those the
renderer gives in the bot's own process, and a worker that dies (killed, out of memory) costs
no picture: the next ones are drawn by new workers."""

from __future__ import annotations

import os
import signal

import games
import render
from bot import pictures
from render.demo import play


async def test_boards_come_from_other_processes_and_survive_a_killed_worker():
    engine = games.get("havana")
    view = engine.public_view(play("havana", 3, 5, 30))
    names = ["Ana", "Ben", "Cai"]
    expected = render.board_png(view, names)

    drawn = await pictures.board(view, names)
    assert drawn.fp.read() == expected
    workers = [p.pid for p in pictures.POOL._executor()._processes.values()]
    assert workers and os.getpid() not in workers

    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    again = await pictures.board(view, names)
    assert again.fp.read() == expected
    after = await pictures.screen(engine.player_view(play("havana", 3, 5, 30), 1), names)
    assert after.fp.read() == render.screen_png(
        engine.player_view(play("havana", 3, 5, 30), 1), names
    )
    fresh = [p.pid for p in pictures.POOL._executor()._processes.values()]
    assert not set(fresh) & set(workers)
