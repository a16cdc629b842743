"""The move path shared by the bot and the simulator, on the real Santiago engine."""

from __future__ import annotations

import asyncio
import json

import pytest
from storage_support import play_random_moves, seated_lobby, started_game

import games
from storage import (
    ChannelBusy,
    CorruptGame,
    StorageError,
    Store,
    VersionConflict,
    apply_move,
    start_game,
)


async def test_a_games_first_notes_are_written_with_it_or_not_at_all(store):
    lobby = await seated_lobby(store, players=1, notes={"league_table": "3:1:2", "parent": "9"})
    assert await store.get_note(lobby.id, "league_table") == "3:1:2"
    assert await store.notes_named("parent") == [(lobby.id, "9")]
    # A lobby the channel cannot take leaves no note behind.
    with pytest.raises(ChannelBusy):
        await seated_lobby(store, players=1, notes={"league_table": "3:1:3"})
    assert await store.notes_named("league_table") == [(lobby.id, "3:1:2")]


async def test_join_and_leave_keep_seats_numbered_in_join_order(store):
    lobby = await seated_lobby(store, players=4)
    assert [s.user_id for s in lobby.seats] == [100, 101, 102, 103]
    after = await store.leave(lobby.id, 101)
    assert [(s.seat, s.user_id) for s in after.seats] == [(0, 100), (1, 102), (2, 103)]
    with pytest.raises(StorageError, match="no seat"):
        await store.leave(lobby.id, 101)
    with pytest.raises(StorageError, match="already have a seat"):
        await store.join(lobby.id, 102, "again")
    full = await store.join(lobby.id, 104, "Eve")
    with pytest.raises(StorageError, match="full \\(4 players\\)"):
        await store.join(full.id, 105, "Sam")


async def test_the_last_person_leaving_a_lobby_frees_the_channel(store):
    lobby = await seated_lobby(store, players=1)
    gone = await store.leave(lobby.id, 100)
    assert gone.status == "abandoned" and gone.seats == ()
    assert await store.by_channel(10) is None


async def test_start_deals_the_engines_initial_state_and_closes_the_lobby(store):
    lobby = await seated_lobby(store, players=3)
    result = await start_game(store, lobby.id, seed=99)
    engine = games.get("santiago")
    expected = engine.to_json(engine.new(3, 99, engine.options(None)))
    assert result.record.status == "active" and result.record.seed == 99
    assert json.loads(result.record.state_json) == json.loads(json.dumps(expected))
    with pytest.raises(StorageError, match="not open to join"):
        await store.join(lobby.id, 200, "Late")
    with pytest.raises(StorageError, match="started"):
        await store.leave(lobby.id, 101)
    with pytest.raises(StorageError, match="not a lobby"):
        await start_game(store, lobby.id, seed=1)


async def test_moves_are_stored_and_reload_to_the_same_state(store, tmp_path):
    started = await started_game(store)
    last = await play_random_moves(store, started.record.id, 30)
    assert last.record.version == 30
    reloaded = await store.get(started.record.id)
    engine = games.get("santiago")
    assert engine.to_json(reloaded.state()) == engine.to_json(last.state)
    assert len(await store.actions(started.record.id)) == 30


async def test_an_illegal_action_writes_nothing(store):
    started = await started_game(store)
    seat = games.get("santiago").pending(started.state)[0].seat
    with pytest.raises(games.IllegalAction):
        await apply_move(store, started.record.id, seat, "drive:999", expected_version=0)
    again = await store.get(started.record.id)
    assert again.version == 0 and again.state_json == started.record.state_json
    assert await store.actions(started.record.id) == []


async def test_a_move_computed_from_an_old_version_is_refused(store):
    started = await started_game(store)
    await play_random_moves(store, started.record.id, 2)
    engine = games.get("santiago")
    decision = engine.pending(started.state)[0]
    code = engine.legal_codes(started.state, decision.seat)[0]
    with pytest.raises(VersionConflict, match="at move 2, not 0"):
        await apply_move(store, started.record.id, decision.seat, code, expected_version=0)
    assert len(await store.actions(started.record.id)) == 2


async def test_a_game_played_to_the_end_is_finished(store):
    started = await started_game(store, players=2, seed=3)
    last = await play_random_moves(store, started.record.id, 5000, seed=3)
    assert last.record.status == "finished"
    assert games.get("santiago").is_over(last.state)
    assert await store.by_channel(10) is None


async def test_a_state_that_no_longer_parses_names_the_game(store):
    started = await started_game(store)
    game_id = started.record.id
    # Damage from outside the store, through the database's own connection.
    await store._db.execute(
        'UPDATE games SET state = \'{"format": 1, "tru\' WHERE id = ?', (game_id,)
    )
    record = await store.get(game_id)  # the rest of the record is still readable
    with pytest.raises(CorruptGame, match=f"game {game_id} \\(santiago, channel 10\\)") as caught:
        record.state()
    assert caught.value.game_id == game_id
    with pytest.raises(CorruptGame):
        await apply_move(store, game_id, 0, "anything", expected_version=0)
    with pytest.raises(CorruptGame, match=f"game {game_id}"):
        await store.export_game(game_id)
    assert await store.actions(game_id) == []


async def test_a_move_from_the_state_in_hand_is_one_transaction_and_keeps_the_version_check(
    store, database
):
    """The bot holds the record and state of the previous move: the next move is one trip to
    the database (its transaction), and a state that another writer made stale is refused."""
    started = await started_game(store)
    engine = games.get("santiago")
    record, state = started.record, started.state
    statements: list[str] = []
    sqlite = store.dialect == "sqlite"
    if sqlite:  # SQLite can list the statements a connection runs
        raw = store._db.raw
        await raw._execute(raw._conn.set_trace_callback, statements.append)
    for _ in range(3):
        decision = engine.pending(state)[0]
        code = engine.legal_codes(state, decision.seat)[0]
        statements.clear()
        moved = await apply_move(
            store,
            record.id,
            decision.seat,
            code,
            expected_version=record.version,
            known=(record, state),
        )
        if sqlite:
            assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT", statements
        record, state = moved.record, moved.state
    assert engine.to_json((await store.get(record.id)).state()) == engine.to_json(state)

    other = await Store.open(database)  # another writer moves first
    try:
        decision = engine.pending(state)[0]
        code = engine.legal_codes(state, decision.seat)[0]
        await apply_move(other, record.id, decision.seat, code, expected_version=record.version)
    finally:
        await other.close()
    with pytest.raises(VersionConflict):
        await apply_move(
            store,
            record.id,
            decision.seat,
            code,
            expected_version=record.version,
            known=(record, state),
        )
    assert len(await store.actions(record.id)) == record.version + 1


async def test_the_record_known_by_channel_is_the_last_committed_one(store):
    started = await started_game(store)
    game_id = started.record.id
    assert store.known(10) == started.record
    last = await play_random_moves(store, game_id, 3)
    assert store.known(10) == last.record and last.record.version == 3
    # A refused move changes nothing, in the database or in what the store knows.
    engine = games.get("santiago")
    decision = engine.pending(started.state)[0]
    code = engine.legal_codes(started.state, decision.seat)[0]
    with pytest.raises(VersionConflict):
        await apply_move(store, game_id, decision.seat, code, expected_version=0)
    assert store.known(10) == last.record
    await store.abandon(game_id)
    assert store.known(10) is None
    lobby = await seated_lobby(store, players=2, channel=10)
    assert store.known(10) == lobby
    # Reading the channel's past game (its board, its log) does not hide the new lobby.
    assert (await store.get(game_id)).status == "abandoned"
    assert store.known(10) == lobby
    assert store.known(11) is None


async def test_a_note_set_for_later_rides_with_the_next_move(store, database):
    started = await started_game(store)
    game_id = started.record.id
    engine = games.get("santiago")
    decision = engine.pending(started.state)[0]
    code = engine.legal_codes(started.state, decision.seat)[0]
    store.note_later(game_id, "turn_message", "41:0")
    store.note_later(game_id + 1000, "turn_message", "7:1")  # no such game: dropped, harmless
    assert await store.get_note(game_id, "turn_message") == "41:0"
    # The move's transaction writes the note; the store opened anew reads it.
    await apply_move(store, game_id, decision.seat, code, expected_version=0)
    again = await Store.open(database)
    try:
        assert await again.get_note(game_id, "turn_message") == "41:0"
    finally:
        await again.close()
    # With no move to ride with, it is written on its own, and a newer value wins.
    store.note_later(game_id, "turn_message", "42:1")
    store.note_later(game_id, "turn_message", "43:1")
    await store.close()
    again = await Store.open(database)
    try:
        assert await again.get_note(game_id, "turn_message") == "43:1"
        assert await again.get_note(game_id + 1000, "turn_message") is None
    finally:
        await again.close()


async def test_a_note_for_later_waits_for_the_move_queued_before_it(tmp_path):
    """When moves queue for the store, the notes set meanwhile cost no transaction of their own."""
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        started = await started_game(store)
        engine = games.get("santiago")
        decision = engine.pending(started.state)[0]
        code = engine.legal_codes(started.state, decision.seat)[0]
        statements: list[str] = []
        raw = store._db.raw
        await raw._execute(raw._conn.set_trace_callback, statements.append)
        store.note_later(started.record.id, "turn_message", "41:0")
        # The bot's move: from the record and state it holds, straight to the transaction.
        known = (started.record, started.state)
        await apply_move(
            store, started.record.id, decision.seat, code, expected_version=0, known=known
        )
        await asyncio.sleep(0.05)  # the note's own writer had its turn
        await raw._execute(raw._conn.set_trace_callback, None)
        assert sum(s.startswith("BEGIN") for s in statements) == 1, statements
        assert any(s.startswith("INSERT INTO notes") for s in statements), statements
    finally:
        await store.close()


async def test_the_server_language_is_kept_with_the_game_and_read_back_after_reopening(database):
    """Set at creation, changed by a move that reports another, kept by a move that reports
    none (the AI, the clock), and there for a process that opens the database afresh."""
    store = await Store.open(database)
    try:
        lobby = await store.create_game(
            guild_id=5,
            channel_id=10,
            kind="santiago",
            options=games.get("santiago").options(None),
            creator_id=100,
            creator_name="Ana",
            server_locale="de",
        )
        await store.join(lobby.id, 101, "Ben")
        started = await start_game(store, lobby.id, seed=7)
        assert started.record.server_locale == "de"
        engine = games.get("santiago")
        record, state = started.record, started.state
        for reported in ("es-ES", None):
            seat = engine.pending(state)[0].seat
            code = engine.legal_codes(state, seat)[0]
            result = await apply_move(
                store,
                lobby.id,
                seat,
                code,
                expected_version=record.version,
                server_locale=reported,
            )
            record, state = result.record, result.state
            assert record.server_locale == "es-ES"
    finally:
        await store.close()
    reopened = await Store.open(database)
    try:
        assert (await reopened.by_channel(10)).server_locale == "es-ES"
    finally:
        await reopened.close()
