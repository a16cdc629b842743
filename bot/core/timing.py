"""The bot's one clock (SimCord moves it in tests), and a sleep a poke cuts short."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord


def now() -> float:
    return discord.utils.utcnow().timestamp()


async def nap(seconds: float, poked: Callable[[], bool]) -> None:
    """Sleep `seconds` (a plain `asyncio.sleep`, which test clocks move), or less when a poke
    cancels the sleep: the cancellation is swallowed when `poked()` says it was a poke, so a
    real one (shutting down) still goes on up."""
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        if not poked():
            raise
        asyncio.current_task().uncancel()
