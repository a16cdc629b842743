"""Functions shared by the storage tests: lobbies, started games and random moves."""

from __future__ import annotations

import random

import games
from storage import Store, apply_move, start_game


async def seated_lobby(
    store: Store, players: int = 3, channel: int = 10, kind: str = "santiago", **table
):
    """A lobby of `players` seats; `table`: more of `create_game`'s settings (a mode, say)."""
    record = await store.create_game(
        guild_id=5,
        channel_id=channel,
        kind=kind,
        options=games.get(kind).options(None),
        creator_id=100,
        creator_name="Ana",
        **table,
    )
    for seat in range(1, players):
        record = await store.join(record.id, 100 + seat, f"Player {seat}")
    return record


async def play_random_moves(store: Store, game_id: int, moves: int, seed: int = 0):
    """Up to `moves` uniformly random legal moves through `apply_move`; returns the last result."""
    chooser = random.Random(seed)
    record = await store.get(game_id)
    engine = games.get(record.kind)
    state, result = record.state(), None
    for _ in range(moves):
        if engine.is_over(state):
            break
        decision = chooser.choice(engine.pending(state))
        code = chooser.choice(engine.legal_codes(state, decision.seat))
        result = await apply_move(
            store, game_id, decision.seat, code, expected_version=record.version
        )
        state, record = result.state, result.record
    return result


async def started_game(store: Store, players: int = 3, channel: int = 10, seed: int = 7):
    lobby = await seated_lobby(store, players, channel)
    return await start_game(store, lobby.id, seed)
