"""The outbox: what a channel or a DM does not show yet, kept across restarts on both backends."""

from __future__ import annotations

import sqlite3

import pytest

from storage import Delivery, GameNotFound, Store
from storage.migrations import LATEST, MIGRATIONS
from tests.storage.storage_support import seated_lobby


async def test_deliveries_are_kept_rescheduled_and_forgotten_across_reopening(database):
    store = await Store.open(database)
    try:
        game = await seated_lobby(store)
        await store.put_delivery(Delivery(game.id, "channel", 100.0, 1))
        await store.put_delivery(Delivery(game.id, "screen:1", 50.0, 2))
        await store.put_delivery(Delivery(game.id, "channel", 130.0, 2))
        with pytest.raises(GameNotFound):
            await store.put_delivery(Delivery(game.id + 99, "channel", 1.0, 1))
    finally:
        await store.close()
    store = await Store.open(database)
    try:
        assert await store.deliveries() == [
            Delivery(game.id, "screen:1", 50.0, 2),
            Delivery(game.id, "channel", 130.0, 2),
        ]
        await store.delivered(game.id, "screen:1")
        await store.delivered(game.id, "screen:1")  # twice is harmless
        assert await store.deliveries() == [Delivery(game.id, "channel", 130.0, 2)]
    finally:
        await store.close()


async def test_a_game_waiting_for_the_next_interaction_waits_in_the_outbox_after_upgrading(
    tmp_path,
):
    path = tmp_path / "old.sqlite3"
    before = next(m.version for m in MIGRATIONS if "outbox" in m.summary) - 1
    store = await Store.open(path)
    try:
        game = await seated_lobby(store)
        turn = await seated_lobby(store, channel=11)
    finally:
        await store.close()
    # The schema before the outbox, and what the bot of that version wrote when a channel
    # message could not be posted.
    with sqlite3.connect(path, isolation_level=None) as conn:
        conn.execute(f"PRAGMA user_version = {before}")
        conn.execute("DROP TABLE outbox")
        conn.execute("ALTER TABLE quiet_held DROP COLUMN attempts")  # later migrations'
        conn.execute("DROP TABLE review_steps")
        conn.execute("DROP TABLE reviews")
        conn.execute("DROP TABLE lessons_met")
        conn.execute("DROP TABLE member_lessons_off")
        conn.execute("DROP INDEX games_one_practice")
        conn.execute("ALTER TABLE games DROP COLUMN mode")
        conn.execute("DROP INDEX notes_by_key")
        for table in (
            "league_tables",
            "league_rounds",
            "league_members",
            "leagues",
            "league_organisers",
        ):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("INSERT INTO notes VALUES (?, 'unposted', '7')", (game.id,))
        conn.execute("INSERT INTO notes VALUES (?, 'turn_message', '1:0')", (turn.id,))
    store = await Store.open(path)
    try:
        assert await store.deliveries() == [Delivery(game.id, "channel", 0.0, 0)]
        assert await store.notes_named("unposted") == []
        assert await store.get_note(turn.id, "turn_message") == "1:0"
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
