"""A game dealt from 128 random bits (games.fresh_seed) is stored with its whole seed on both
databases, and the games stored before, dealt from 31-bit seeds in a 64-bit integer column,
play on after the column became text."""

from __future__ import annotations

import json
import random
import sqlite3

import asyncpg
import pytest
from storage_support import play_random_moves, seated_lobby

import games
from storage import ChannelBusy, Store, start_game
from storage.backends.postgres import PostgresBackend
from storage.migrations import migrate, migrate_postgres
from storage.records import dump_state
from storage.verify import verify_store

# The last schema with a 64-bit integer seed column.
OLD_SCHEMA = 9
OLD_SEED = 2**31 - 1


async def test_a_fresh_seed_is_stored_in_full_and_travels_in_an_export(store):
    seed = games.fresh_seed(random.Random(5))
    lobby = await seated_lobby(store, 3)
    started = await start_game(store, lobby.id, seed)
    assert started.record.seed == seed and (await store.get(lobby.id)).seed == seed
    finished = await play_random_moves(store, lobby.id, 5000, seed=5)
    assert finished.record.status == "finished"
    report = await verify_store(store)
    assert report.problems == [] and report.verified == 1
    exported = json.loads(json.dumps(await store.export_game(lobby.id)))
    assert exported["seed"] == seed
    copy = await store.import_game(exported, guild_id=6, channel_id=20)
    assert copy.seed == seed and copy.state() == finished.state


def old_game() -> tuple[str, dict, list[tuple[int, str]], str]:
    """A Santiago de Cuba game of three from a 31-bit seed, 20 moves in: options, log, state."""
    engine = games.get("santiago")
    options = engine.options(None)
    state = engine.new(3, OLD_SEED, options)
    chooser = random.Random(2)
    log = []
    for _ in range(20):
        seat = chooser.choice(engine.pending(state)).seat
        code = chooser.choice(engine.legal_codes(state, seat))
        state, _ = engine.apply(state, seat, code)
        log.append((seat, code))
    return json.dumps(options), log, dump_state(engine, state)


GAME_ROW = (
    "INSERT INTO games (guild_id, channel_id, kind, status, options, seed, version,"
    " creator_id, created_at, updated_at, state)"
    " VALUES (5, 10, 'santiago', 'active', {}, {}, {}, 100, 't', 't', {})"
)


def old_sqlite_file(path) -> None:
    options, log, state = old_game()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    assert migrate(conn, upto=OLD_SCHEMA) == OLD_SCHEMA
    conn.execute(GAME_ROW.format(*"????"), (options, OLD_SEED, len(log), state))
    for seat in range(3):
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, ?, ?, 'p')",
            (seat, 100 + seat),
        )
    for seq, (seat, code) in enumerate(log, start=1):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?, ?, 't')", (seq, seat, code))
    conn.close()


async def old_postgres_database(url: str) -> None:
    options, log, state = old_game()
    pool = await asyncpg.create_pool(url, min_size=1, max_size=1)
    try:
        backend = PostgresBackend(pool, url)
        assert await migrate_postgres(backend, "db", upto=OLD_SCHEMA) == OLD_SCHEMA
        async with pool.acquire() as conn:
            await conn.execute(
                GAME_ROW.format("$1", "$2", "$3", "$4"), options, OLD_SEED, len(log), state
            )
            for seat in range(3):
                await conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, $1, $2, 'p')",
                    seat,
                    100 + seat,
                )
            for seq, (seat, code) in enumerate(log, start=1):
                await conn.execute(
                    "INSERT INTO actions (game_id, seq, seat, code, at) VALUES (1, $1, $2, $3, 't')",
                    seq,
                    seat,
                    code,
                )
    finally:
        await pool.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_game_stored_with_a_31_bit_seed_plays_on_after_the_migration(
    request, tmp_path, backend
):
    if backend == "sqlite":
        where = tmp_path / "old.sqlite3"
        old_sqlite_file(where)
    else:
        where = request.getfixturevalue("pg_empty_url")
        await old_postgres_database(where)
    async with await Store.open(where) as store:
        record = await store.get(1)
        assert record.seed == OLD_SEED and record.version == 20
        assert (await verify_store(store)).problems == []
        finished = await play_random_moves(store, 1, 5000, seed=3)
        assert finished.record.status == "finished" and finished.record.seed == OLD_SEED
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 1
        # The channel's one open game is still the database's rule after the table was rebuilt.
        await seated_lobby(store, 2, channel=10)
        with pytest.raises(ChannelBusy):
            await seated_lobby(store, 2, channel=10)
