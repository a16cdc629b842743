"""Schema, migrations and hostile files: the database refuses what is not ours and never touches it."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3

import pytest

from storage import NotADatabase, SchemaTooNew, Store
from storage.migrations import APPLICATION_ID, LATEST, MIGRATIONS, migrate


def tables(path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_new_file_and_folder_get_the_whole_schema_in_wal_mode(tmp_path):
    path = tmp_path / "data" / "bot.sqlite3"
    store = await Store.open(path)
    await store.close()
    assert {"games", "seats", "actions", "notes"} <= tables(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize(
    "query, args",
    [
        ("SELECT game_id, value FROM notes WHERE key = ? ORDER BY game_id", ("k",)),
        (
            "DELETE FROM notes WHERE key = ? AND game_id IN"
            " (SELECT id FROM games WHERE status NOT IN ('lobby', 'active'))",
            ("k",),
        ),
    ],
)
async def test_notes_are_found_by_key_without_reading_every_note(tmp_path, query, args):
    """What a league round asks at every start and when it opens its tables (the tables not
    yet noted) reads the notes of that key alone, however many games the server has played."""
    path = tmp_path / "bot.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        plan = " ".join(r[-1] for r in conn.execute(f"EXPLAIN QUERY PLAN {query}", args))
    assert "notes_by_key" in plan and "SCAN notes" not in plan, plan


async def test_the_connection_enforces_foreign_keys(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            await store._db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (999, 0, 1, 'x')"
            )
    finally:
        await store.close()


@pytest.mark.parametrize("start", range(LATEST))
async def test_every_earlier_version_is_migrated_keeping_its_games(tmp_path, start):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    assert migrate(conn, upto=start) == start
    if start >= 1:
        conn.execute(
            "INSERT INTO games (guild_id, channel_id, kind, status, options, creator_id,"
            " created_at, updated_at) VALUES (1, 2, 'santiago', 'lobby', '{}', 3, 't', 't')"
        )
        conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 3, 'Ana')")
    conn.close()

    store = await Store.open(path)
    try:
        if start >= 1:
            record = await store.by_channel(2)
            assert record is not None and record.seats[0].name == "Ana"
            assert record.seats[0].controller == "human"
        assert [g.channel_id for g in await store.list_active()] == ([2] if start else [])
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert {"games", "seats", "actions", "notes"} <= tables(path)


def test_migrations_are_numbered_one_to_latest():
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))


async def test_opening_twice_does_not_migrate_again(tmp_path):
    path = tmp_path / "db.sqlite3"
    for _ in range(2):
        store = await Store.open(path)
        await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_a_newer_schema_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "newer.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    before = digest(path)
    with pytest.raises(SchemaTooNew, match=f"schema version {LATEST + 1}"):
        await Store.open(path)
    assert digest(path) == before


async def test_random_bytes_are_not_a_database(tmp_path):
    path = tmp_path / "noise.sqlite3"
    path.write_bytes(os.urandom(8192))
    before = digest(path)
    with pytest.raises(NotADatabase, match="not an SQLite database"):
        await Store.open(path)
    assert digest(path) == before


async def test_a_text_file_is_not_a_database(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes\n" * 50)
    with pytest.raises(NotADatabase):
        await Store.open(path)
    assert path.read_text() == "these are my notes\n" * 50


async def test_a_damaged_database_behind_a_valid_header_is_refused(tmp_path):
    path = tmp_path / "damaged.sqlite3"
    store = await Store.open(path)
    await store.close()
    data = bytearray(path.read_bytes())
    data[16:100] = os.urandom(84)  # page size and the rest of the header are garbage
    path.write_bytes(bytes(data))
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"damaged.sqlite3{suffix}").unlink(missing_ok=True)
    with pytest.raises(NotADatabase):
        await Store.open(path)


async def test_another_applications_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        conn.execute("INSERT INTO recipes VALUES ('flan', 60)")
    before = digest(path)
    with pytest.raises(NotADatabase, match="another application"):
        await Store.open(path)
    assert digest(path) == before
    assert tables(path) == {"recipes"}


async def test_another_application_using_user_version_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (x)")
        conn.execute("PRAGMA user_version = 1")
    with pytest.raises(NotADatabase):
        await Store.open(path)


async def test_santiago_games_stored_before_the_rules_changed_still_verify(tmp_path):
    """Migration 4: a game logged under the first rules keeps them, so its log replays."""
    import json
    from pathlib import Path

    import games
    from storage.records import dump_state
    from storage.verify import verify_store

    recorded = Path(__file__).parents[1] / "games" / "santiago" / "first_rules_games.json"
    game = json.loads(recorded.read_text())["games"][0]
    engine = games.get("santiago")
    options = engine.options(game["options"])
    old_rules = engine.options({**game["options"], "first_rules": True})
    state, _ = games.replay(
        games.Replay("santiago", game["players"], game["seed"], old_rules, game["actions"])
    )
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    migrate(conn, upto=3)
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, kind, status, options, seed, version,"
        " creator_id, created_at, updated_at, state)"
        " VALUES (1, 1, 2, 'santiago', 'finished', ?, ?, ?, 3, 't', 't', ?)",
        (json.dumps(options), game["seed"], len(game["actions"]), dump_state(engine, state)),
    )
    for seat in range(game["players"]):
        conn.execute("INSERT INTO seats VALUES (1, ?, ?, ?, 'human')", (seat, 10 + seat, "p"))
    for seq, (seat, code) in enumerate(game["actions"], start=1):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?, ?, 't')", (seq, seat, code))
    conn.close()

    store = await Store.open(path)
    try:
        record = await store.get(1)
        assert record.options["first_rules"] is True
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 1
    finally:
        await store.close()


def _stored_then(tmp_path, version: int, options, actions, stored: dict):
    """A file at schema `version` holding one active 3-player Santiago game (seed 5) with its
    log and `stored` as its state, as that version wrote it."""
    import json

    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    migrate(conn, upto=version)
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, kind, status, options, seed, version,"
        " creator_id, created_at, updated_at, state)"
        " VALUES (1, 1, 2, 'santiago', 'active', ?, 5, ?, 3, 't', 't', ?)",
        (json.dumps(options), len(actions), json.dumps(stored)),
    )
    for seat in range(3):
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, ?, ?, 'p')",
            (seat, 10 + seat),
        )
    for seq, (seat, code) in enumerate(actions, start=1):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?, ?, 't')", (seq, seat, code))
    conn.close()
    return path


async def test_states_stored_before_the_engines_kept_their_bookkeeping_are_rebuilt(tmp_path):
    """Migration 6: a state without VP by source or the last move equals its replay again."""
    import json

    import games
    from storage.records import dump_state
    from storage.verify import verify_store

    engine = games.get("santiago")
    options = engine.options(None)
    state = engine.new(3, 5, options)
    actions = []
    while len(actions) < 40:
        seat = engine.pending(state)[0].seat
        code = engine.legal_codes(state, seat)[-1]
        state, _ = engine.apply(state, seat, code)
        actions.append((seat, code))
    stored = json.loads(dump_state(engine, state))
    for newer in ("vp_sources", "last", "trip"):
        stored.pop(newer, None)
    path = _stored_then(tmp_path, 5, options, actions, stored)
    store = await Store.open(path)
    try:
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 1
        assert "vp_sources" in json.loads((await store.get(1)).state_json)
    finally:
        await store.close()


async def test_havana_states_stored_with_their_whole_deck_verify_play_on_and_export(tmp_path):
    """Written by the previous version: the whole deck inside every stored state. Such a game
    still equals its replay, its next move is stored in today's smaller form, and its export
    imports elsewhere."""
    import json
    from pathlib import Path

    import games
    from storage import apply_move
    from storage.verify import verify_store

    old = json.loads(
        (Path(__file__).parents[1] / "games/havana/state_with_inline_deck.json").read_text()
    )
    path = tmp_path / "old.sqlite3"
    await (await Store.open(path)).close()  # today's schema, empty
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, kind, status, options, seed, version,"
        " creator_id, created_at, updated_at, state)"
        " VALUES (1, 1, 2, 'havana', 'active', ?, ?, ?, 10, 't', 't', ?)",
        (
            json.dumps(old["options"]),
            old["seed"],
            len(old["actions"]),
            json.dumps(old["state"]),
        ),
    )
    for seat in range(old["players"]):
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, ?, ?, 'p')",
            (seat, 10 + seat),
        )
    for seq, (seat, code) in enumerate(old["actions"], start=1):
        conn.execute("INSERT INTO actions VALUES (1, ?, ?, ?, 't')", (seq, seat, code))
    conn.close()

    store = await Store.open(path)
    try:
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 1
        exported = await store.export_game(1)
        assert isinstance(exported["state"]["options"]["deck"], list)
        copy = await store.import_game(exported, guild_id=2, channel_id=3)
        assert copy.state() == (await store.get(1)).state()

        record = await store.get(1)
        engine = games.get("havana")
        seat = engine.pending(record.state())[0].seat
        code = engine.legal_codes(record.state(), seat)[0]
        moved = await apply_move(store, 1, seat, code, expected_version=record.version)
        assert len(moved.record.state_json) < len(json.dumps(old["state"])) // 3
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 2
    finally:
        await store.close()


async def test_santiago_states_stored_before_the_casino_was_kept_apart_are_rebuilt(tmp_path):
    """Migration 24: a state with 7 VP sources a seat and a delivery's last move without its
    good is written again from its log, so it equals its replay (`verify` finds nothing)."""
    import json

    import games
    from storage.records import dump_state
    from storage.verify import verify_store
    from tests.storage.test_storage_exchange import written_before_the_casino_was_kept_apart

    engine = games.get("santiago")
    options = engine.options(None)
    state, actions, rnd = engine.new(3, 5, options), [], random.Random(5)
    while not actions or not engine.public_view(state).last_move.code.startswith("amount:"):
        seat = engine.pending(state)[0].seat
        code = rnd.choice(engine.legal_codes(state, seat))
        state, _ = engine.apply(state, seat, code)
        actions.append((seat, code))
    today = json.loads(dump_state(engine, state))
    stored = written_before_the_casino_was_kept_apart(today)
    assert stored["last"]["code"].count(":") == 1 and len(stored["vp_sources"]) == 21
    path = _stored_then(tmp_path, 23, options, actions, stored)
    store = await Store.open(path)
    try:
        assert json.loads((await store.get(1)).state_json) == today
        report = await verify_store(store)
        assert report.problems == [] and report.verified == 1
    finally:
        await store.close()
