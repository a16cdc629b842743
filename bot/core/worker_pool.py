"""Process pools whose workers end with the bot's process, however it ends.

A worker waits for its next task on a queue whose writing end it holds itself, so it never
sees the bot go: after a SIGKILL or an out-of-memory kill the workers lived on as orphans,
and with them the resource tracker (it ends when the last of them does), all holding the
bot's output pipes open, so whatever read the bot's output waited for an end that never came.
Each worker therefore watches the process that started it and ends as soon as it is gone.

A worker ignores SIGINT: Ctrl-C in a terminal reaches every process of the foreground group, and
each idle worker printed a KeyboardInterrupt traceback while the bot was closing its pools
in order. The bot ends its workers (closing the pools), or they end with it. A worker is born
with SIGINT blocked and unblocks it only once it ignores it: a Ctrl-C while a worker was still
importing (seconds, on a busy machine) killed it half-started, which left its pool broken for
the bot's orderly close.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Sequence

import games

# How often a worker looks at its parent where the system cannot tell it (no pidfd).
LOOK_EVERY = 1.0


class _Pool(concurrent.futures.ProcessPoolExecutor):
    def _spawn_process(self) -> None:
        # The signal mask is inherited through fork and exec; `end_with` undoes it.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super()._spawn_process()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def pool(workers: int, niceness: int = 0) -> concurrent.futures.ProcessPoolExecutor:
    """`workers` processes; with `niceness` (up to 19, the lowest priority) they give way to
    every other process of the machine."""
    # Spawned, not forked: the bot process has threads (the database's, Discord's).
    return _Pool(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=end_with,
        initargs=(os.getpid(), games.outside(), niceness),
    )


def end_with(parent: int, outside: Sequence[str] = (), niceness: int = 0) -> None:
    """In a worker: end this process when `parent`, the process that started it, ends; host
    the games it hosts from outside games/ (`games.outside`); lower its priority."""
    if os.getppid() != parent:  # gone already, before the worker was up
        os._exit(0)
    if niceness:
        os.nice(niceness)
    for module in outside:
        importlib.import_module(module)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    threading.Thread(target=_watch, args=(parent,), name="parent", daemon=True).start()


def _watch(parent: int) -> None:
    try:
        handle = os.pidfd_open(parent)
    except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
        handle = None
    if handle is None:
        while os.getppid() == parent:
            time.sleep(LOOK_EVERY)
    elif os.getppid() == parent:  # the pid is still our parent's, not a reused one
        select.select([handle], [], [])  # readable when the process has ended
    # Not `sys.exit`: nothing of the worker's is worth waiting for, and nobody reads its results.
    os._exit(0)
