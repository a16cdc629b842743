"""Random play persisted move by move: `python -m games simulate ... --db PATH_OR_URL`.

Every game goes through the bot's own path: a lobby with fake seats, `start_game`, then
`apply_move` for each action. The choices are made exactly as `games.simulate.play_random`
makes them, so the same seed gives the same games with or without a database.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import games
from games.simulate import MAX_DECISIONS, Summary, chooser_for, game_seed, random_choice

from .play import apply_move, start_game
from .store import Store

SIM_GUILD = 0
# Fake Discord ids of the simulated players: seat n is user FIRST_USER + n.
FIRST_USER = 1000


def sim_channel(seed: int, index: int) -> int:
    """A channel id of its own for every simulated game (positive, fits SQLite's 64 bits)."""
    return game_seed(seed, index) >> 1 | 1


async def play_into_store(
    store: Store,
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    channel_id: int,
) -> tuple[Any, int]:
    """One random game stored move by move; returns the final state and the decisions taken.

    A game that fails half-way is abandoned (kept, but no longer blocking its channel).
    """
    engine = games.get(name)
    record = await store.create_game(
        guild_id=SIM_GUILD,
        channel_id=channel_id,
        kind=name,
        options=dict(options or {}),
        creator_id=FIRST_USER,
        creator_name="Player 1",
    )
    try:
        for seat in range(1, players):
            await store.join(record.id, FIRST_USER + seat, f"Player {seat + 1}")
        result = await start_game(store, record.id, seed)
        chooser = chooser_for(seed)
        state = result.state
        version = result.record.version
        decisions = 0
        while not engine.is_over(state):
            decision, _, code = random_choice(engine, state, chooser)
            result = await apply_move(
                store, record.id, decision.seat, code, expected_version=version
            )
            state, version = result.state, result.record.version
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
        if result.record.status != "finished":
            raise RuntimeError(f"the game is over but stored as {result.record.status}")
        return state, decisions
    except BaseException:
        current = await store.get(record.id)
        if current.status in ("lobby", "active"):
            await store.abandon(record.id)
        raise


async def _simulate(
    path: str | Path, name: str, players: int, count: int, seed: int, options: Mapping[str, Any]
) -> Summary:
    summary = Summary(game=name, players=players, games=count, seed=seed)
    engine = games.get(name)
    started = time.perf_counter()
    store = await Store.open(path)
    try:
        for index in range(count):
            try:
                state, decisions = await play_into_store(
                    store, name, players, game_seed(seed, index), options, sim_channel(seed, index)
                )
            except Exception as exc:  # noqa: BLE001 - every failure is counted, not raised
                summary.count_error(index, exc)
                continue
            summary.count_game(index, engine, state, decisions)
    finally:
        await store.close()
    summary.seconds = time.perf_counter() - started
    return summary


def simulate_into_db(
    path: str | Path,
    game: str,
    players: int,
    games_count: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Summary:
    """Like `games.simulate.simulate`, but every move is stored in the database at `path` (a
    SQLite file or a postgresql:// URL)."""
    return asyncio.run(_simulate(path, game, players, games_count, seed, dict(options or {})))
