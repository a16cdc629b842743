"""Pictures for Discord: rendering runs in a worker thread so the event loop keeps serving
other channels while Pillow draws (a board takes tens of milliseconds)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

import games
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


async def final_scores(
    kind: str, result: Any, names: Sequence[str], vp_series: Sequence[Sequence[int]] | None = None
) -> discord.File:
    """The final scores with each player's breakdown and, given the scores after every step,
    the chart of the game (nothing is hidden once it has ended)."""
    data = await asyncio.to_thread(
        render.final_scores_png,
        kind,
        result,
        list(names),
        None if vp_series is None else list(vp_series),
    )
    return _file(data, SCORES_FILE)


def score_series(record: Any, log: Sequence[tuple[int, str]]) -> list[tuple[int, ...]]:
    """Every seat's score after each step of an ended game (ended by its rules or early)."""
    engine = games.get(record.kind)
    replay = games.Replay(record.kind, len(record.seats), record.seed, record.options, list(log))
    return [tuple(engine.standing(state).scores) for state in games.replay_states(replay)]
