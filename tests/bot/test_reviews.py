"""Game reviews in the bot: none before a game ends; after, the analysis runs by itself in its
worker process and is stored; a restart during it, or a process that died holding it, resumes
it where it was, with the result an uninterrupted analysis gives."""

from __future__ import annotations

import random

import pytest

import games
from ai import review
from bot.core.timing import now
from bot.history import review_runner as runner_module
from bot.history.review_runner import LEASE_SECONDS, POLL_SECONDS
from storage import StorageError, Store, start_game
from storage import reviews as stored
from tests.bot.driver import Table
from tests.bot.test_ai_seats import until_a_person_decides
from tests.storage.storage_support import play_random_moves

# Havana's look-ahead cut short too: played to the end, an analysis outlasts SimCord's settling.
TINY = review.method(
    seed=0, rollouts=1, max_rollouts=1, horizon=3, to_end=(), search=2, recheck=0, search_samples=1
)


def tiny(bot):
    """Tiny analyses, at the usual priority: on a busy test machine a worker at the lowest
    priority may wait longer than SimCord lets the bot settle."""
    bot.services.reviews.how = dict(TINY)
    bot.services.reviews.niceness = 0
    return bot


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return tiny(new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8, reviews="on"))


async def _replay(store: Store, game_id: int) -> games.Replay:
    record = await store.get(game_id)
    actions = [(row.seat, row.code) for row in await store.actions(game_id)]
    return games.Replay(record.kind, len(record.seats), record.seed, record.options, actions)


async def _ended_game(db_path, guild, channel, ana, ben) -> int:
    """A game of 40 moves, then abandoned: abandoned games are reviewed too."""
    store = await Store.open(db_path)
    try:
        lobby = await store.create_game(
            guild_id=guild.id,
            channel_id=channel.id,
            kind="havana",
            options={},
            creator_id=ana.id,
            creator_name="ana",
        )
        await store.join(lobby.id, ben.id, "ben")
        await start_game(store, lobby.id, seed=21)
        record = (await play_random_moves(store, lobby.id, 40, seed=4)).record
        await store.end_game(
            record.id,
            status="abandoned",
            how="abandoned",
            result_json='{"scores": [0, 0], "places": [1, 1]}',
            expected_version=record.version,
        )
        return lobby.id
    finally:
        await store.close()


async def test_a_game_played_to_its_end_is_reviewed_and_not_before(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="havana", ai_players=1, ai_level="greedy")
    await ana.click(opened.response, label="Start")
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    game = Table(simcord_env, channel, [ana], random.Random(3))
    runner = simcord_env.bot.services.reviews
    for turn in range(600):
        await until_a_person_decides(simcord_env, game)
        if game.finished():
            break
        await game.step()
        if turn == 20:
            await runner.idle()
            assert (await stored.review(store, record.id)).status == "none"
    assert game.finished()
    await runner.idle()
    done = await stored.review(store, record.id)
    assert done.status == "done"
    assert done.result == review.review(await _replay(store, record.id), how=TINY)
    assert [s["seat"] for s in done.result["seats"]] == [0, 1]
    assert done.result["total"] > 20


async def test_a_restart_during_an_analysis_resumes_it(
    simcord_env, simcord_bot, new_bot, table, db_path, monkeypatch
):
    guild, channel, (ana, ben, cai, dee) = table
    await simcord_bot.services.reviews.close()
    await simcord_bot.store.close()
    game_id = await _ended_game(db_path, guild, channel, ana, ben)
    save = stored.save_review_progress
    saves = []

    async def failing_save(*args, **kwargs):
        # The database goes away after three decisions: the runner waits for it.
        if len(saves) == 3:
            raise StorageError("the database is gone")
        saves.append(args[3])
        return await save(*args, **kwargs)

    monkeypatch.setattr(runner_module.queue, "save_review_progress", failing_save)
    first = tiny(new_bot(db_path, ai_workers=1, reviews="on"))
    await simcord_env.restart_bot(first)
    assert saves == [0, 1, 2]
    # The process stops half way: what it saved stays, the rest is done after the restart.
    await first.services.reviews.close()
    monkeypatch.undo()
    half = await stored.review(first.store, game_id)
    assert (half.status, half.done) == ("queued", 3) and half.total > 3
    await first.store.close()
    # The restart is an upgrade whose reviews judge otherwise: the review begun goes on as it
    # began, where the new method would have judged its decisions differently.
    second = tiny(new_bot(db_path, ai_workers=1, reviews="on"))
    upgraded = {**TINY, "search": 3, "face_down": "random"}
    second.services.reviews.how = upgraded
    await simcord_env.restart_bot(second)
    await second.services.reviews.idle()
    done = await stored.review(second.store, game_id)
    assert done.status == "done"
    record = await _replay(second.store, game_id)
    assert done.result == review.review(record, how=TINY)
    assert done.result != review.review(record, how=upgraded)


async def test_a_claim_left_by_a_dead_process_is_taken_again_after_its_lease(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    await simcord_bot.services.reviews.close()
    await simcord_bot.store.close()
    game_id = await _ended_game(db_path, guild, channel, ana, ben)
    store = await Store.open(db_path)
    try:
        # Another process claimed it and saved its first decision, then died.
        claim = await stored.claim_review(store, "dead", now=now(), lease=LEASE_SECONDS)
        record = games.Replay(claim.kind, claim.players, claim.seed, claim.options, claim.actions)
        first, total = review.analyse_next(review.replay_to_json(record), 0, TINY)
        first = {**first, "saved_by": "dead"}  # marked, to see that it is kept, not redone
        until = now() + LEASE_SECONDS
        assert await stored.save_review_progress(store, game_id, "dead", 0, first, total, until)
    finally:
        await store.close()
    bot = tiny(new_bot(db_path, ai_workers=1, reviews="on"))
    await simcord_env.restart_bot(bot)
    await bot.services.reviews.idle()
    assert (await stored.review(bot.store, game_id, now=now())).status == "running"
    await simcord_env.advance_time(LEASE_SECONDS + POLL_SECONDS)
    await bot.services.reviews.idle()
    done = await stored.review(bot.store, game_id)
    assert done.status == "done"
    expected = review.review(await _replay(bot.store, game_id), how=TINY)
    assert done.result["decisions"][0] == first
    assert done.result["decisions"][1:] == expected["decisions"][1:]
