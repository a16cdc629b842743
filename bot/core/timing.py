"""The bot's one clock (SimCord moves it in tests)."""

from __future__ import annotations

import discord


def now() -> float:
    return discord.utils.utcnow().timestamp()
