"""Ctrl-C reaches every process of the terminal's foreground group, workers too. A worker still
starting (importing, seconds on a busy machine) must not die of it: a pool with a half-started
dead worker is broken, and the bot's orderly close after Ctrl-C then has a broken pool to end."""

from __future__ import annotations

import os
import signal

from bot.core import worker_pool


def test_a_ctrl_c_while_a_worker_starts_leaves_its_pool_working():
    executor = worker_pool.pool(1)
    try:
        future = executor.submit(os.getpid)
        (pid,) = executor._processes  # spawned by `submit`, not yet through its imports
        os.kill(pid, signal.SIGINT)
        assert future.result(timeout=120) == pid
        os.kill(pid, signal.SIGINT)  # and once it runs
        assert executor.submit(os.getpid).result(timeout=120) == pid
    finally:
        executor.shutdown()
