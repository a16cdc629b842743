"""Pictures for Discord: rendering runs in a worker thread so the event loop keeps serving
other channels while Pillow draws (a board takes tens of milliseconds)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

import render

BOARD_FILE = "board.png"
SCREEN_FILE = "screen.png"
SCORES_FILE = "scores.png"


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def board(public_view: Any, names: Sequence[str]) -> discord.File:
    """The public board: built from the public view only, so it can go to a channel."""
    data = await asyncio.to_thread(render.board_png, public_view, list(names))
    return _file(data, BOARD_FILE)


async def screen(player_view: Any, names: Sequence[str]) -> discord.File:
    """One player's screen: only for that player (DM or ephemeral reply)."""
    data = await asyncio.to_thread(render.screen_png, player_view, list(names))
    return _file(data, SCREEN_FILE)


async def final_scores(kind: str, result: Any, names: Sequence[str]) -> discord.File:
    data = await asyncio.to_thread(render.final_scores_png, kind, result, list(names))
    return _file(data, SCORES_FILE)
