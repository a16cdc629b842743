"""The history kept when a game ends: endings, placings, ratings, their rebuild and migration."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import sys

import asyncpg
import pytest

import games
from storage import Store, apply_move, start_game
from storage import history as past
from storage.backends.steps import Execute
from storage.migrations import SCHEMA_TABLE
from storage.play import final_result
from storage.records import dump_state, result_to_json
from tests.storage.storage_support import play_random_moves, seated_lobby


async def finished_game(store, seed, channel=10, players=3, kind="havana"):
    lobby = await seated_lobby(store, players, channel, kind)
    await start_game(store, lobby.id, seed)
    result = await play_random_moves(store, lobby.id, 5000, seed=seed)
    assert result.record.status == "finished"
    return result.record


async def test_a_finished_game_is_placed_and_rated_in_the_final_moves_transaction(store):
    record = await finished_game(store, seed=1)
    ended = await past.ending(store, record.id)
    assert ended is not None and ended.how == "finished" and ended.rated
    assert ended.moves == record.version
    result = json.loads((await store.result(record.id))[1])
    assert [p.place for p in sorted(ended.placings, key=lambda p: p.seat)] == result["places"]
    assert [p.score for p in sorted(ended.placings, key=lambda p: p.seat)] == result["scores"]
    board = await past.leaderboard(store, 5, "havana", least=1)
    winner = f"user:{record.seats[result['ranking'][0]].user_id}"
    last = f"user:{record.seats[result['ranking'][-1]].user_id}"
    ratings = dict(board)
    assert ratings[winner].mu > 25 > ratings[last].mu
    assert all(r.sigma < 25 / 3 and r.games == 1 for r in ratings.values())


async def test_an_abandoned_game_is_kept_in_the_history_but_not_rated(store):
    lobby = await seated_lobby(store, 2, kind="havana")
    started = await start_game(store, lobby.id, 3)
    await play_random_moves(store, lobby.id, 10, seed=3)
    record = await store.get(lobby.id)
    result = games.no_winner(games.get("havana").standing(record.state()))
    await store.end_game(
        record.id,
        status="abandoned",
        how="abandoned",
        result_json=json.dumps(result_to_json(result)),
        expected_version=record.version,
    )
    ended = await past.ending(store, started.record.id)
    assert ended.how == "abandoned" and not ended.rated
    assert await store.read("SELECT count(*) FROM ratings") == [(0,)]


def spoil():
    yield Execute("UPDATE ratings SET mu = 0")


async def test_the_rebuild_gives_the_same_numbers(database):
    async with await Store.open(database) as store:
        for seed in range(3):
            await finished_game(store, seed, players=2 + seed % 2)
        before = await store.read("SELECT * FROM ratings ORDER BY player")
        charted = await store.read("SELECT game_id, seat, mu, sigma FROM placings ORDER BY 1, 2")
        # Spoil them, so the rebuild has something to do.
        await store.transaction(spoil())
    done = subprocess.run(
        [sys.executable, "-m", "storage", "ratings", "--rebuild", str(database)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["games_rated"] == 3 and report["changed"] == len(before)
    async with await Store.open(database) as store:
        assert await store.read("SELECT * FROM ratings ORDER BY player") == before
        assert (
            await store.read("SELECT game_id, seat, mu, sigma FROM placings ORDER BY 1, 2")
            == charted
        )


async def test_history_pages_by_server_member_and_game(store):
    for seed in range(3):
        await finished_game(store, seed)
    other = await store.create_game(
        guild_id=6, channel_id=99, kind="havana", options={}, creator_id=100, creator_name="Ana"
    )
    await store.join(other.id, 101, "Ben")
    await start_game(store, other.id, 5)
    await play_random_moves(store, other.id, 5000, seed=5)
    first = await past.page(store, 5, size=2)
    assert [e.game_id for e in first.endings] == [3, 2] and first.total == 3
    second = await past.page(store, 5, size=2, older_than=first.endings[-1].seq)
    assert [e.game_id for e in second.endings] == [1] and second.newer == 2
    back = await past.page(store, 5, size=2, newer_than=second.endings[0].seq)
    assert [e.game_id for e in back.endings] == [3, 2]
    mine = await past.page(store, 6, player="user:101")
    assert [e.game_id for e in mine.endings] == [other.id]
    assert (await past.page(store, 5, kind="santiago")).total == 0
    assert await past.last_in_channel(store, 5, 10) == 3
    assert await past.last_in_channel(store, 6, 10) is None


async def test_a_members_stats_chart_and_leaderboard_add_up_their_games(store):
    places, scores = [], []
    for seed in range(3):
        record = await finished_game(store, seed, players=2)
        result = json.loads((await store.result(record.id))[1])
        places.append(result["places"][0])
        scores.append((result["scores"][0], record.id))
    (havana,) = await past.stats(store, 5, "user:100")
    assert havana.kind == "havana" and havana.games == 3
    assert havana.wins == places.count(1)
    assert havana.average_place == pytest.approx(sum(places) / 3)
    assert havana.average_score == pytest.approx(sum(s for s, _ in scores) / 3)
    best = max(s for s, _ in scores)
    assert havana.best_score == best
    assert havana.best_game == max(game for s, game in scores if s == best)
    assert havana.favourite_opening is not None and havana.rating.games == 3
    chart = await past.rating_series(store, 5, "user:100", "havana")
    assert len(chart) == 3 and chart[-1] == (havana.rating.mu, havana.rating.sigma)
    board = await past.leaderboard(store, 5, "havana")
    assert sorted(player for player, _ in board) == ["user:100", "user:101"]
    assert board[0][1].ordinal >= board[1][1].ordinal
    assert await past.names(store, 5, ["user:101"]) == {"user:101": "Player 1"}


async def test_two_games_ending_at_once_are_numbered_and_rated_one_after_the_other(database):
    """Two stores (two bot processes) make the final moves of two games at the same moment:
    both are written, one after the other, and the shared players' ratings count both."""
    first, second = await Store.open(database), await Store.open(database)
    try:
        ends = []
        for store, channel, seed in ((first, 10, 1), (second, 11, 2)):
            lobby = await seated_lobby(store, 2, channel, "havana")
            await start_game(store, lobby.id, seed)
            ends.append(await last_move(store, lobby.id, seed))
        await asyncio.gather(
            *(store.commit_move(**end) for store, end in zip((first, second), ends, strict=True))
        )
        endings = await first.read("SELECT game_id, seq FROM endings ORDER BY seq")
        assert sorted(game for game, _ in endings) == [1, 2]
        assert [seq for _, seq in endings] == [1, 2]
        rated = await first.read("SELECT games FROM ratings WHERE kind = 'havana'")
        assert sorted(rated) == [(2,), (2,)]
    finally:
        await first.close()
        await second.close()


async def last_move(store, game_id, seed):
    """Play a game up to its final move and give that move's `commit_move` arguments."""
    chooser = random.Random(seed)
    record = await store.get(game_id)
    engine = games.get(record.kind)
    state = record.state()
    while True:
        decision = chooser.choice(engine.pending(state))
        code = chooser.choice(engine.legal_codes(state, decision.seat))
        after, _ = engine.apply(state, decision.seat, code)
        if engine.is_over(after):
            break
        moved = await apply_move(
            store, game_id, decision.seat, code, expected_version=record.version
        )
        state, record = moved.state, moved.record
    return {
        "game_id": game_id,
        "expected_version": record.version,
        "seat": decision.seat,
        "code": code,
        "state_json": dump_state(engine, after),
        "finished": True,
        "waits": None,
        "result_json": json.dumps(result_to_json(final_result(record, after))),
    }


async def test_games_ended_before_the_history_are_backfilled_by_the_migration(database):
    async with await Store.open(database) as store:
        for seed in range(2):
            await finished_game(store, seed)
        ratings = await store.read("SELECT * FROM ratings ORDER BY player")
    # The database as version 6 left it: results, but no history (nor the later tables and
    # columns).
    later = ("ratings", "placings", "endings", "server_languages", "clock_claims", "bot_facts")
    later += ("member_away", "member_accessibility")
    later += ("member_quiet_hours", "quiet_held")
    later += ("outbox", "review_steps", "reviews")
    later += ("lessons_met", "member_lessons_off")
    later += ("league_tables", "league_rounds", "league_members", "leagues", "league_organisers")
    later_columns = ("ALTER TABLE games DROP COLUMN server_locale",)
    later_columns += ("DROP INDEX games_one_practice", "ALTER TABLE games DROP COLUMN mode")
    later_columns += ("DROP INDEX notes_by_key",)
    if isinstance(database, str):
        conn = await asyncpg.connect(database)
        try:
            for table in later:
                await conn.execute(f"DROP TABLE {table}")
            for statement in later_columns:
                await conn.execute(statement)
            await conn.execute(f"UPDATE {SCHEMA_TABLE} SET version = 6")
        finally:
            await conn.close()
    else:
        with sqlite3.connect(database, isolation_level=None) as conn:
            for table in later:
                conn.execute(f"DROP TABLE {table}")
            for statement in later_columns:
                conn.execute(statement)
            conn.execute("PRAGMA user_version = 6")
    async with await Store.open(database) as store:
        assert (await past.page(store, 5)).total == 2
        assert await store.read("SELECT * FROM ratings ORDER BY player") == ratings
