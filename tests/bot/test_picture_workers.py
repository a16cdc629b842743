"""Pictures are drawn in worker processes, beside the event loop: the bytes are those the
renderer gives in the bot's own process, and a worker that dies (killed, out of memory) costs
no picture: the next ones are drawn by new workers."""

from __future__ import annotations

import asyncio
import os
import signal
import time

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


async def test_a_picture_a_player_waits_for_goes_before_screen_dms_asked_earlier():
    pool = pictures.RenderPool(workers=1)
    order = []

    async def draw(label: str, priority: int, seconds: float) -> None:
        await pool.run(time.sleep, seconds, priority=priority)
        order.append(label)

    try:
        busy = asyncio.create_task(draw("busy", pictures.NOW, 0.5))
        await asyncio.sleep(0)  # it has the only worker
        dms = [asyncio.create_task(draw(f"dm {n}", pictures.LATER, 0.01)) for n in range(3)]
        await asyncio.sleep(0)
        board = asyncio.create_task(draw("board", pictures.NOW, 0.01))
        await asyncio.gather(busy, *dms, board)
    finally:
        pool.close()
    assert order == ["busy", "board", "dm 0", "dm 1", "dm 2"]


async def test_a_picture_given_up_while_waiting_does_not_hold_a_worker():
    pool = pictures.RenderPool(workers=1)
    try:
        busy = asyncio.create_task(pool.run(time.sleep, 0.3))
        await asyncio.sleep(0)
        dropped = asyncio.create_task(pool.run(time.sleep, 5, priority=pictures.LATER))
        await asyncio.sleep(0)
        dropped.cancel()
        await busy
        await asyncio.wait_for(pool.run(time.sleep, 0.01), 3)
    finally:
        pool.close()
    assert dropped.cancelled()
