"""Pictures are drawn in worker processes, beside the event loop: the bytes are those the
renderer gives in the bot's own process. A worker that dies (killed, out of memory) is replaced
and its picture drawn again; a picture that breaks the workers twice is left out and the game
goes on. The workers end with the bot: closed, or its process killed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

import games
import render
from bot.discord_io import pictures
from render.demo import play
from tests.bot import dying_render
from tests.bot.driver import Table, text_of

ROOT = Path(__file__).resolve().parents[2]
# Generous: the machine may be busy; the processes end in milliseconds once the bot's has.
PATIENCE = 60


async def test_boards_come_from_other_processes_and_survive_a_killed_worker():
    engine = games.get("havana")
    view = engine.public_view(play("havana", 3, 5, 30))
    names = ["Ana", "Ben", "Cai"]
    expected = render.board_png(view, names)

    drawn = await pictures.board(view, names)
    assert drawn.fp.read() == expected
    workers = pictures.POOL.processes()
    assert workers and os.getpid() not in workers

    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    again = await pictures.board(view, names)
    assert again.fp.read() == expected
    after = await pictures.screen(engine.player_view(play("havana", 3, 5, 30), 1), names)
    assert after.fp.read() == render.screen_png(
        engine.player_view(play("havana", 3, 5, 30), 1), names
    )
    fresh = pictures.POOL.processes()
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


async def step_to_a_new_turn(game, channel) -> None:
    """Play until the bot posts a new turn message (a pick of one card only edits the one of
    the players picking at once)."""
    posts = len(channel.history())
    for _ in range(12):
        await game.step()
        if len(channel.history()) > posts:
            return
    raise AssertionError("no new turn message")


def counted(name: str) -> float:
    return REGISTRY.get_sample_value(name) or 0.0


async def test_a_worker_killed_in_a_game_is_replaced_and_the_next_board_still_comes(
    simcord_env, table
):
    guild, channel, players = table
    game = Table(simcord_env, channel, players, random.Random(4))
    await game.open("havana", 2)
    await game.step()
    workers = pictures.POOL.processes()
    assert workers
    broken = counted("malecon_picture_workers_broken_total")
    lost = counted("malecon_pictures_lost_total")

    os.kill(workers[0], signal.SIGKILL)
    posts = len(channel.history())
    await step_to_a_new_turn(game, channel)

    turn = channel.history()[-1]
    assert len(channel.history()) > posts and game.named(text_of(turn)), text_of(turn)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert [a.filename for a in turn.attachments] == [pictures.board_file(record.version)]
    assert (await turn.attachments[0].read()).startswith(b"\x89PNG")
    # Drawn by new workers, not in the bot's process: the pool was replaced once, nothing lost.
    assert counted("malecon_picture_workers_broken_total") == broken + 1
    assert counted("malecon_pictures_lost_total") == lost
    fresh = pictures.POOL.processes()
    assert fresh and not set(fresh) & set(workers) and os.getpid() not in fresh
    await step_to_a_new_turn(game, channel)
    record = await simcord_env.bot.store.by_channel(channel.id)
    named = [a.filename for a in channel.history()[-1].attachments]
    assert named == [pictures.board_file(record.version)]


async def test_a_board_that_breaks_the_workers_twice_is_left_out_and_the_game_goes_on(
    simcord_env, table, monkeypatch
):
    guild, channel, players = table
    game = Table(simcord_env, channel, players, random.Random(4))
    await game.open("havana", 2)
    await game.step()
    broken = counted("malecon_picture_workers_broken_total")
    lost = counted("malecon_pictures_lost_total")

    monkeypatch.setattr(render, "board_png", dying_render.board_png)
    posts = len(channel.history())
    await step_to_a_new_turn(game, channel)

    turn = channel.history()[-1]
    assert len(channel.history()) > posts and game.named(text_of(turn)), text_of(turn)
    assert turn.attachments == []
    assert counted("malecon_picture_workers_broken_total") >= broken + 2
    assert counted("malecon_pictures_lost_total") >= lost + 1

    monkeypatch.undo()
    await step_to_a_new_turn(game, channel)
    record = await simcord_env.bot.store.by_channel(channel.id)
    named = [a.filename for a in channel.history()[-1].attachments]
    assert named == [pictures.board_file(record.version)]


def descendants(pid: int) -> dict[int, str]:
    """The processes `pid` started, with their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # ended meanwhile
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found[int(entry.name)] = line
    return found


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended; nobody reaped it yet


def first_line(bot: subprocess.Popen) -> list[str]:
    """The words of the child's line; a child that ended without it (stuck past its own limit,
    see `picture_child.STUCK`, or failed) fails the test with what it printed."""
    line = bot.stdout.readline()
    assert line, bot.stderr.read()
    return line.split()


def start_bot(folder: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.picture_child", str(folder), *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def end(pids) -> None:
    for pid in pids:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_workers_end_when_the_bots_process_is_killed(tmp_path):
    bot = start_bot(tmp_path)
    helpers = {}
    try:
        word, *workers = first_line(bot)
        assert word == "ready", bot.stderr.read()
        helpers = descendants(bot.pid)
        assert workers and {int(pid) for pid in workers} <= set(helpers), helpers
        assert any("resource_tracker" in line for line in helpers.values()), helpers

        bot.kill()
        # Whoever reads the bot's output sees its end: nothing else holds the pipes open.
        bot.communicate(timeout=PATIENCE)
        deadline = time.monotonic() + PATIENCE
        while any(running(pid) for pid in helpers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [line for pid, line in helpers.items() if running(pid)]
    finally:
        bot.kill()
        end(helpers)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_closed_bot_leaves_no_worker_and_leaks_nothing(tmp_path):
    bot = start_bot(tmp_path, "close")
    helpers = {}
    try:
        word, *workers = first_line(bot)
        assert word == "closed", bot.stderr.read()
        helpers = descendants(bot.pid)
        assert workers == []
        assert not [line for line in helpers.values() if "resource_tracker" not in line]
        _, errors = bot.communicate("", timeout=PATIENCE)
        assert bot.returncode == 0, errors
        assert "leaked" not in errors and "Traceback" not in errors, errors
    finally:
        bot.kill()
        end(helpers)
