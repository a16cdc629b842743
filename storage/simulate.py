"""Random play persisted move by move: `python -m games simulate ... --db PATH_OR_URL`.

Every game goes through the bot's own path: a lobby with fake seats, `start_game`, then
`apply_move` for each action. The choices are made exactly as `games.simulate.play_random`
makes them, so the same seed gives the same games with or without a database.

A run killed at any moment carries on when started again with the same arguments. Game `index`
of a run lives in a channel derived from the run's seed (`sim_channel`), so the new run finds
there whatever its predecessor left: a finished game is counted as it is stored, a lobby is
filled and started, a game in progress goes on from its stored moves. The run's random choices
are replayed along the stored log, each logged move checked to be the one the run makes, so a
resumed game ends exactly as an uninterrupted one would. What the run cannot have made (another
game, other players or options on the same seed) is left alone and counted as an error: a run
never takes over a game that is not its own. Two runs with the same arguments at once play the
same moves, so each follows the other's instead of failing.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from games.simulate import MAX_DECISIONS, Summary, chooser_for, game_seed, random_choice

from .errors import ChannelBusy, StorageError
from .history import last_in_channel
from .play import apply_move, start_game
from .records import GameRecord
from .store import Store

SIM_GUILD = 0
# Fake Discord ids of the simulated players: seat n is user FIRST_USER + n.
FIRST_USER = 1000
# Setting up a game may lose a race against another run of the same arguments (it created the
# lobby, took a seat or started the game first); each time the channel is looked at again.
SETUP_TRIES = 20


def sim_channel(seed: int, index: int) -> int:
    """A channel id of its own for every simulated game (positive, fits SQLite's 64 bits)."""
    return game_seed(seed, index) >> 1 | 1


@dataclass(frozen=True)
class _Table:
    """The game a run plays in one channel, as the run would create it."""

    name: str
    players: int
    seed: int
    options: dict
    channel: int

    def made(self, record: GameRecord) -> bool:
        """Could this run have made `record`? (The channel already ties it to the run's seed.)"""
        users = [s.user_id for s in record.seats]
        wanted = [FIRST_USER + seat for seat in range(self.players)]
        if (record.guild_id, record.kind, record.creator_id) != (SIM_GUILD, self.name, FIRST_USER):
            return False
        if record.options != self.options:
            return False
        if record.status == "lobby":  # a lobby may have been left half-filled
            return users == wanted[: len(users)]
        return users == wanted and record.seed == self.seed


class OtherGameInChannel(ChannelBusy):
    """The channel holds a lobby or game the run did not make: it is left alone."""


async def _set_up(store: Store, table: _Table) -> GameRecord:
    """The run's game in its channel: found finished, found in play, or (re)made and started."""
    for attempt in range(SETUP_TRIES):
        try:
            record = await store.by_channel(table.channel)
            if record is None:
                last = await last_in_channel(store, SIM_GUILD, table.channel)
                if last is not None:
                    ended = await store.get(last)
                    if ended.status == "finished" and table.made(ended):
                        return ended
                record = await store.create_game(
                    guild_id=SIM_GUILD,
                    channel_id=table.channel,
                    kind=table.name,
                    options=table.options,
                    creator_id=FIRST_USER,
                    creator_name="Player 1",
                )
            if not table.made(record):
                raise OtherGameInChannel(
                    f"Channel {table.channel} holds {record.describe()}, {record.status}, which"
                    " this run did not make (another game, players or options with the same"
                    " seed); it is left alone."
                )
            if record.status == "lobby":
                for seat in range(len(record.seats), table.players):
                    record = await store.join(record.id, FIRST_USER + seat, f"Player {seat + 1}")
                record = (await start_game(store, record.id, table.seed)).record
            return record
        except OtherGameInChannel:
            raise
        except StorageError:
            if attempt == SETUP_TRIES - 1:
                raise
    raise AssertionError("unreachable")


async def _follow(
    store: Store, engine: Any, game_id: int, chooser: random.Random, state: Any, version: int
) -> tuple[Any, int]:
    """The state after the moves stored beyond `version`, each checked to be the run's choice."""
    for row in await store.actions(game_id, after=version):
        decision, _, code = random_choice(engine, state, chooser)
        if (row.seat, row.code) != (decision.seat, code):
            raise RuntimeError(
                f"move {row.seq} of game {game_id} is {row.code!r} by seat {row.seat}, not"
                f" {code!r} by seat {decision.seat} as this run plays it."
            )
        state, _ = engine.apply(state, row.seat, row.code)
        version = row.seq
    return state, version


async def _play_on(store: Store, engine: Any, record: GameRecord) -> tuple[Any, int]:
    """Play an active game of the run to its end from wherever it stands."""
    chooser = chooser_for(record.seed)
    state = engine.new(len(record.seats), record.seed, record.options)
    version, status = 0, record.status
    if record.version:
        state, version = await _follow(store, engine, record.id, chooser, state, 0)
    while not engine.is_over(state):
        drawn = chooser.getstate()
        decision, _, code = random_choice(engine, state, chooser)
        try:
            result = await apply_move(
                store, record.id, decision.seat, code, expected_version=version
            )
        except StorageError:
            # Another run of the same arguments may have made this move (or ended the game).
            chooser.setstate(drawn)
            state, moved = await _follow(store, engine, record.id, chooser, state, version)
            if moved == version:
                raise
            version, status = moved, None
        else:
            state, version, status = result.state, result.record.version, result.record.status
        if version > MAX_DECISIONS:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    if status is None:
        status = (await store.get(record.id)).status
    if status != "finished":
        raise RuntimeError(f"the game is over but stored as {status}")
    return state, version


async def play_into_store(
    store: Store,
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    channel_id: int,
) -> tuple[Any, int]:
    """One random game stored move by move; returns the final state and the decisions taken.

    A game of the run already in the channel is counted (finished) or carried on. A game that
    fails half-way is abandoned (kept, but no longer blocking its channel); an interrupted run
    leaves it in play for the next run to carry on.
    """
    engine = games.get(name)
    # Compared with what the database gives back: the options as JSON makes them.
    table = _Table(name, players, seed, json.loads(json.dumps(dict(options or {}))), channel_id)
    record = await _set_up(store, table)
    if record.status == "finished":
        return record.state(), record.version
    try:
        return await _play_on(store, engine, record)
    except Exception:
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
    SQLite file or a postgresql:// URL). Started again with the same arguments on the same
    database, it carries on where the last run stopped (see the module's notes)."""
    return asyncio.run(_simulate(path, game, players, games_count, seed, dict(options or {})))
