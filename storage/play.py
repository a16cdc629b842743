"""The single move path shared by the bot and the simulator.

Load the game, let the engine apply the action, then commit the action and the new state in one
transaction that names the version the move was computed from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import games

from .errors import StorageError, VersionConflict
from .records import GameRecord, dump_state
from .store import Store


@dataclass(frozen=True)
class MoveResult:
    record: GameRecord
    state: Any
    events: list[games.Event]


async def apply_move(
    store: Store, game_id: int, seat: int, code: str, *, expected_version: int
) -> MoveResult:
    """Apply `code` for `seat` and persist it.

    `IllegalAction` from the engine propagates with nothing written; so does `VersionConflict`
    when the game is no longer at `expected_version` (the caller reloads and tells the player).
    """
    record = await store.get(game_id)
    if record.status != "active":
        raise StorageError(f"{record.describe()} is {record.status}; no move can be made.")
    if record.version != expected_version:
        raise VersionConflict(
            f"{record.describe()} is at move {record.version}, not {expected_version}:"
            " another move got there first."
        )
    engine = games.get(record.kind)
    state, events = engine.apply(record.state(), seat, code)
    stored = await store.commit_move(
        game_id,
        expected_version=expected_version,
        seat=seat,
        code=code,
        state_json=dump_state(engine, state),
        finished=engine.is_over(state),
    )
    return MoveResult(stored, state, list(events))


async def start_game(store: Store, game_id: int, seed: int) -> MoveResult:
    """Deal the initial state for the lobby's seats and options, and make the game active."""
    record = await store.get(game_id)
    if record.status != "lobby":
        raise StorageError(f"{record.describe()} is {record.status}, not a lobby.")
    engine = games.get(record.kind)
    state = engine.new(len(record.seats), seed, record.options)
    stored = await store.start(game_id, seed=seed, state_json=dump_state(engine, state))
    return MoveResult(stored, state, [])
