"""What only a PostgreSQL database can get wrong: its schema table, foreign or newer databases,
migrations from every earlier version, the append-only log, and several processes at once."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import NotADatabase, SchemaTooNew, StorageError, Store
from storage.backends.postgres import PostgresBackend, shown
from storage.migrations import LATEST, SCHEMA_TABLE, migrate_postgres
from tests.storage.storage_support import started_game


async def sql(url: str, statement: str, *args):
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(statement, *args)
    finally:
        await conn.close()


async def test_a_new_database_is_migrated_to_the_latest_version(pg_empty_url):
    store = await Store.open(pg_empty_url)
    await store.close()
    rows = await sql(pg_empty_url, f"SELECT application, version FROM {SCHEMA_TABLE}")
    assert [tuple(r) for r in rows] == [("malecon", LATEST)]


async def test_a_database_of_another_application_is_refused_and_left_untouched(pg_empty_url):
    await sql(pg_empty_url, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total NUMERIC)")
    with pytest.raises(NotADatabase, match="another application"):
        await Store.open(pg_empty_url)
    tables = await sql(
        pg_empty_url,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
    assert [r[0] for r in tables] == ["invoices"]


async def test_a_newer_schema_is_refused_and_left_untouched(pg_url):
    await sql(pg_url, f"UPDATE {SCHEMA_TABLE} SET version = {LATEST + 1}")
    with pytest.raises(SchemaTooNew, match=f"schema version {LATEST + 1}"):
        await Store.open(pg_url)
    assert (await sql(pg_url, f"SELECT version FROM {SCHEMA_TABLE}"))[0][0] == LATEST + 1


async def test_a_server_that_cannot_be_reached_is_one_clear_error_without_the_password():
    with pytest.raises(StorageError, match="Cannot connect to") as caught:
        await Store.open("postgresql://malecon:s3cret@127.0.0.1:9/games")
    assert "s3cret" not in str(caught.value)
    assert (
        shown("postgresql://malecon:s3cret@db:5432/games")
        == "postgresql://malecon:***@db:5432/games"
    )


@pytest.mark.parametrize("start", range(1, LATEST))
async def test_every_earlier_version_is_migrated_keeping_its_games(pg_empty_url, start):
    pool = await asyncpg.create_pool(pg_empty_url, min_size=1, max_size=1)
    try:
        assert (
            await migrate_postgres(PostgresBackend(pool, pg_empty_url), "db", upto=start) == start
        )
        async with pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, status, options, creator_id,"
                " created_at, updated_at)"
                " VALUES (1, 2, 'santiago', 'lobby', '{}', 3, 't', 't')"
            )
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 3, 'Ana')"
            )
    finally:
        await pool.close()
    store = await Store.open(pg_empty_url)
    try:
        record = await store.by_channel(2)
        assert record is not None and record.seats[0].name == "Ana"
        assert record.seats[0].controller == "human"
        if start < 4:  # migration 4 marked the Santiago games stored before it
            assert record.options == {"first_rules": True}
    finally:
        await store.close()
    assert (await sql(pg_empty_url, f"SELECT version FROM {SCHEMA_TABLE}"))[0][0] == LATEST


async def test_processes_starting_at_once_on_a_new_database_migrate_it_once(pg_empty_url):
    stores = await asyncio.gather(*(Store.open(pg_empty_url) for _ in range(4)))
    for store in stores:
        await store.close()
    rows = await sql(pg_empty_url, f"SELECT version FROM {SCHEMA_TABLE}")
    assert [r[0] for r in rows] == [LATEST]


async def test_the_action_log_cannot_be_rewritten_even_by_hand(pg_url):
    store = await Store.open(pg_url)
    try:
        game = (await started_game(store)).record
        await store.commit_move(game.id, expected_version=0, seat=0, code="a", state_json="{}")
    finally:
        await store.close()
    for statement in ("DELETE FROM actions", "UPDATE actions SET code = 'b'", "TRUNCATE actions"):
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await sql(pg_url, statement)
    assert len(await sql(pg_url, "SELECT * FROM actions")) == 1


async def test_two_processes_clicking_at_once_make_exactly_one_move(pg_url):
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        game = (await started_game(first)).record
        outcomes = await asyncio.gather(
            *(
                store.commit_move(game.id, expected_version=0, seat=0, code=code, state_json="{}")
                for store, code in ((first, "a"), (second, "b"))
            ),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["GameRecord", "VersionConflict"]
        assert len(await first.actions(game.id)) == 1
        assert (await second.get(game.id)).version == 1
    finally:
        await first.close()
        await second.close()
