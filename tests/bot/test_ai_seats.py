"""Seats played by the AI: in the lobby, through a whole game, across a restart, never DMed."""

from __future__ import annotations

import random

import pytest

from tests.bot.driver import Table, custom_ids, text_of
from tests.bot.test_lobby import refused


async def until_a_person_decides(env, game, limit: int = 200):
    """Let the AI seats move (they think in worker processes) until a person must decide."""
    for _ in range(limit):
        await env.bot.services.ai.idle()
        await env.settle()
        if game.finished() or not env.bot.services.ai.busy():
            return
    raise AssertionError("the AI seats never stopped")


@pytest.fixture
def simcord_bot(new_bot, db_path):
    """The bot of these tests: one AI worker process, and small searches to keep tests quick."""
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def test_one_person_and_two_ai_seats_play_to_the_end(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="havana", ai_players=2, ai_level="greedy")
    lobby = opened.response
    assert "AI 1 (greedy)" in text_of(lobby) and "AI 2 (greedy)" in text_of(lobby)
    await ana.click(lobby, label="Start")
    game = Table(simcord_env, channel, [ana], random.Random(5))
    for _ in range(600):
        await until_a_person_decides(simcord_env, game)
        if game.finished():
            break
        await game.step()
    assert game.finished()
    final = text_of(channel.history()[-1])
    assert "AI 1 (greedy)" in final and "AI 2 (greedy)" in final


async def test_the_ai_seat_is_never_sent_a_dm(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="santiago", ai_players=1, ai_level="random")
    await ana.click(opened.response, label="Start")
    game = Table(simcord_env, channel, [ana], random.Random(8))
    for _ in range(30):
        await until_a_person_decides(simcord_env, game)
        await game.step()
    opened_dms = {
        int(r.json["recipient_id"])
        for r in simcord_env.http_requests
        if r.method == "POST" and r.path.endswith("/users/@me/channels")
    }
    assert opened_dms == {ana.id}


async def test_the_lobby_adds_and_removes_ai_seats_for_its_creator_only(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    lobby = (await ana.slash(channel, "game new", game="havana")).response
    menu = next(i for i in custom_ids(lobby) if i.startswith("la:"))
    refused(await ben.select(lobby, ["strong"], custom_id=menu), "Only", "AI")
    await ana.select(lobby, ["strong"], custom_id=menu)
    await ana.select(lobby, ["random"], custom_id=menu)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert [s.controller for s in record.seats] == ["human", "ai:strong", "ai:random"]
    lobby = channel.history()[-1]
    assert "AI 1 (strong)" in text_of(lobby) and "AI 2 (random)" in text_of(lobby)
    refused(await ben.click(lobby, label="Remove AI"), "Only")
    await ana.click(lobby, label="Remove AI")
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert [s.controller for s in record.seats] == ["human", "ai:strong"]
    await ben.click(lobby, label="Join")
    await ana.select(lobby, ["greedy"], custom_id=menu)
    refused(await ana.select(lobby, ["greedy"], custom_id=menu), "full")
    refused(await cai.slash(channel, "game new", game="havana", ai_players=3), "already a game")


async def test_a_pending_ai_decision_is_taken_after_a_restart(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    """The AI's seat must decide when the process stops (here: it never got to think)."""
    from storage import Store, start_game

    guild, channel, (ana, ben, cai, dee) = table
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
        await store.add_ai(lobby.id, "greedy")
        await start_game(store, lobby.id, seed=11)
    finally:
        await store.close()
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    record = await simcord_env.bot.store.by_channel(channel.id)
    rows = await simcord_env.bot.store.actions(record.id)
    assert [row.seat for row in rows] == [1, 1], "the AI made both of its opening picks"
    assert "AI 1 (greedy)" in text_of(channel.history()[-1])


async def test_a_crashing_ai_falls_back_and_the_game_goes_on(simcord_env, table, caplog):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="havana", ai_players=1, ai_level="greedy")
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    # A level the AI does not have makes every call of it fail in the worker process.
    await store.set_controller(record.id, 1, "ai:broken")
    await ana.click(opened.response, label="Start")
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    rows = await store.actions(record.id)
    assert [row.seat for row in rows] == [1, 1]
    assert any("falling back" in r.getMessage() for r in caplog.records)
