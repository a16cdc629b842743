"""Lobbies, one game per channel, optimistic concurrency and notes, on real SQLite files."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from storage import ChannelBusy, GameNotFound, StorageError, Store, VersionConflict

STATE = json.dumps({"format": 1, "board": list(range(50))})


async def open_store(tmp_path) -> Store:
    return await Store.open(tmp_path / "db.sqlite3")


async def new_lobby(store: Store, channel: int = 10, creator: int = 1):
    return await store.create_game(
        guild_id=5,
        channel_id=channel,
        kind="santiago",
        options={"open_holdings": False},
        creator_id=creator,
        creator_name="Ana",
    )


async def new_active(store: Store, channel: int = 10):
    lobby = await new_lobby(store, channel)
    return await store.start(lobby.id, seed=2**62 + 7, state_json=STATE)


async def test_a_lobby_seats_its_creator_and_is_found_by_channel(tmp_path):
    store = await open_store(tmp_path)
    try:
        lobby = await new_lobby(store)
        assert lobby.status == "lobby" and lobby.version == 0 and lobby.state_json is None
        assert lobby.seats[0].user_id == 1 and lobby.seat_of(1) == 0 and lobby.seat_of(2) is None
        assert lobby.options == {"open_holdings": False}
        assert (await store.by_channel(10)) == lobby
        assert await store.by_channel(11) is None
    finally:
        await store.close()


async def test_one_lobby_or_active_game_per_channel(tmp_path):
    store = await open_store(tmp_path)
    try:
        first = await new_active(store)
        with pytest.raises(ChannelBusy, match=f"game {first.id}"):
            await new_lobby(store)
        assert len(await store.list_active()) == 1
        await store.abandon(first.id)
        second = await new_lobby(store)
        assert (await store.by_channel(10)).id == second.id
        assert (await store.get(first.id)).status == "abandoned"
    finally:
        await store.close()


async def test_the_database_itself_refuses_a_second_open_game_in_a_channel(tmp_path):
    store = await open_store(tmp_path)
    await new_lobby(store)
    await store.close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as conn:
        insert = (
            "INSERT INTO games (guild_id, channel_id, kind, status, options, creator_id,"
            " created_at, updated_at) VALUES (5, 10, 'havana', ?, '{}', 2, 't', 't')"
        )
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            conn.execute(insert, ("active",))
        conn.execute(insert, ("finished",))  # closed games may pile up in a channel


async def test_a_move_appends_the_log_and_bumps_the_version_together(tmp_path):
    store = await open_store(tmp_path)
    try:
        game = await new_active(store)
        assert game.seed == 2**62 + 7 and game.state_json == STATE
        after = await store.commit_move(
            game.id, expected_version=0, seat=0, code="bid:2", state_json='{"n": 1}'
        )
        assert after.version == 1 and after.state_json == '{"n": 1}' and after.status == "active"
        done = await store.commit_move(
            game.id, expected_version=1, seat=1, code="pass", state_json='{"n": 2}', finished=True
        )
        assert done.status == "finished"
        assert [(a.seq, a.seat, a.code) for a in await store.actions(game.id)] == [
            (1, 0, "bid:2"),
            (2, 1, "pass"),
        ]
        assert await store.list_active() == []
        with pytest.raises(StorageError, match="finished"):
            await store.commit_move(game.id, expected_version=2, seat=0, code="x", state_json="{}")
    finally:
        await store.close()


async def test_a_stale_version_writes_nothing(tmp_path):
    store = await open_store(tmp_path)
    try:
        game = await new_active(store)
        await store.commit_move(game.id, expected_version=0, seat=0, code="a", state_json="{}")
        with pytest.raises(VersionConflict, match="another move got there first"):
            await store.commit_move(
                game.id, expected_version=0, seat=1, code="b", state_json='{"lost": 1}'
            )
        record = await store.get(game.id)
        assert record.version == 1 and record.state_json == "{}"
        assert [a.code for a in await store.actions(game.id)] == ["a"]
    finally:
        await store.close()


async def test_two_writers_racing_from_the_same_version_exactly_one_wins(tmp_path):
    path = tmp_path / "db.sqlite3"
    first = await Store.open(path)
    second = await Store.open(path)
    try:
        game = await new_active(first)
        seen = await second.get(game.id)
        assert seen.version == 0
        outcomes = await asyncio.gather(
            first.commit_move(game.id, expected_version=0, seat=0, code="one", state_json='"1"'),
            second.commit_move(game.id, expected_version=0, seat=1, code="two", state_json='"2"'),
            return_exceptions=True,
        )
        winners = [o for o in outcomes if not isinstance(o, BaseException)]
        losers = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(winners) == 1 and len(losers) == 1
        assert isinstance(losers[0], VersionConflict)
        stored = await first.get(game.id)
        log = await second.actions(game.id)
        assert stored.version == 1 and len(log) == 1
        expected = '"1"' if log[0].code == "one" else '"2"'
        assert stored.state_json == winners[0].state_json == expected
    finally:
        await first.close()
        await second.close()


async def test_many_coroutines_on_one_store_race_and_only_one_counts_per_version(tmp_path):
    store = await open_store(tmp_path)
    try:
        game = await new_active(store)
        outcomes = await asyncio.gather(
            *(
                store.commit_move(game.id, expected_version=0, seat=s, code=f"c{s}", state_json="1")
                for s in range(8)
            ),
            return_exceptions=True,
        )
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
        assert all(isinstance(o, VersionConflict) for o in outcomes if isinstance(o, BaseException))
        assert len(await store.actions(game.id)) == 1
    finally:
        await store.close()


async def test_abandon_keeps_the_game_and_refuses_twice(tmp_path):
    store = await open_store(tmp_path)
    try:
        game = await new_active(store)
        await store.commit_move(game.id, expected_version=0, seat=0, code="a", state_json="{}")
        gone = await store.abandon(game.id)
        assert gone.status == "abandoned" and gone.version == 1
        assert len(await store.actions(game.id)) == 1
        with pytest.raises(StorageError, match="already abandoned"):
            await store.abandon(game.id)
        assert await store.by_channel(10) is None
    finally:
        await store.close()


async def test_the_action_log_cannot_be_rewritten_even_by_hand(tmp_path):
    store = await open_store(tmp_path)
    game = await new_active(store)
    await store.commit_move(game.id, expected_version=0, seat=0, code="a", state_json="{}")
    await store.close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as conn:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM actions")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("UPDATE actions SET code = 'b'")


async def test_list_active_gives_lobbies_and_games_in_play_only(tmp_path):
    store = await open_store(tmp_path)
    try:
        lobby = await new_lobby(store, channel=1)
        active = await new_active(store, channel=2)
        done = await new_active(store, channel=3)
        await store.commit_move(
            done.id, expected_version=0, seat=0, code="x", state_json="{}", finished=True
        )
        listed = await store.list_active()
        assert [(g.id, g.status, g.channel_id) for g in listed] == [
            (lobby.id, "lobby", 1),
            (active.id, "active", 2),
        ]
        assert listed[1].seats[0].name == "Ana"
    finally:
        await store.close()


async def test_unknown_games_and_kinds_are_clear_errors(tmp_path):
    store = await open_store(tmp_path)
    try:
        with pytest.raises(GameNotFound, match="no game 42"):
            await store.get(42)
        with pytest.raises(StorageError, match="Unknown game 'chess'"):
            await store.create_game(
                guild_id=1, channel_id=1, kind="chess", options={}, creator_id=1, creator_name="A"
            )
        with pytest.raises(GameNotFound):
            await store.set_note(42, "k", "v")
    finally:
        await store.close()


async def test_notes_are_kept_per_game_and_overwritten(tmp_path):
    store = await open_store(tmp_path)
    try:
        game = await new_lobby(store)
        assert await store.get_note(game.id, "dm:1") is None
        await store.set_note(game.id, "dm:1", "111")
        await store.set_note(game.id, "dm:1", "222")
        await store.set_note(game.id, "closed_dms", "1,2")
        assert await store.get_note(game.id, "dm:1") == "222"
        assert await store.get_note(game.id, "closed_dms") == "1,2"
    finally:
        await store.close()
    again = await open_store(tmp_path)
    try:
        assert await again.get_note(game.id, "dm:1") == "222"
    finally:
        await again.close()


async def test_a_writer_locked_out_too_long_gets_a_clear_error_and_writes_nothing(tmp_path):
    store = await open_store(tmp_path)
    game = await new_active(store)
    blocker = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")  # another process holding the write lock
        await store._db.execute("PRAGMA busy_timeout = 50")
        with pytest.raises(StorageError, match="busy"):
            await store.commit_move(game.id, expected_version=0, seat=0, code="a", state_json="1")
        blocker.execute("ROLLBACK")
        assert (await store.get(game.id)).version == 0
        after = await store.commit_move(
            game.id, expected_version=0, seat=0, code="a", state_json="1"
        )
        assert after.version == 1
    finally:
        blocker.close()
        await store.close()
