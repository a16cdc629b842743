"""Resigning, handing a seat to another member and taking it back, and `/game mine`."""

from __future__ import annotations

import json
import random

import pytest

from tests.bot.driver import Table
from tests.bot.test_lobby import refused


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def settle_ai(env):
    await env.bot.tables.ai.idle()
    await env.settle()


async def resign(env, member, channel):
    asked = await member.slash(channel, "game resign")
    assert asked.ephemeral and "Resign from this game?" in asked.response.content
    return await member.click(asked.response, label="Yes, resign")


async def test_resigning_in_a_two_player_game_ends_it_with_the_resigner_last(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await game.open("havana", 2)
    for _ in range(6):
        await game.step()
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    await resign(simcord_env, ben, channel)
    assert await store.by_channel(channel.id) is None, "the game is over, the channel free"
    how, stored = await store.result(record.id)
    result = json.loads(stored)
    assert how == "resigned" and result["ranking"] == [0, 1] and result["winners"] == [0]
    final = channel.history()[-1].content
    assert "Final scores" in final and "Ranked last for resigning: ben (AI greedy)" in final


async def test_resigning_with_three_players_hands_the_seat_to_the_ai(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(2))
    await game.open("havana", 3)
    refused(await dee.slash(channel, "game resign"), "not a player")
    done = await resign(simcord_env, cai, channel)
    assert "You resigned" in answer(done).content
    await settle_ai(simcord_env)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    assert record.status == "active"
    assert record.seats[2].resigned and record.seats[2].controller == "ai:greedy"
    assert any("cai resigned" in m.content for m in channel.history())
    refused(await cai.slash(channel, "game resign"), "resigned")
    refused(await cai.slash(channel, "game return"), "resigned")
    # The AI made cai's opening picks.
    rows = await store.actions(record.id)
    assert [r.seat for r in rows].count(2) == 2


async def test_a_seat_is_handed_over_and_taken_back(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    mods = guild.create_role(
        "Mods", permissions=__import__("discord").Permissions(manage_channels=True)
    )
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    game = Table(simcord_env, channel, [ana, ben], random.Random(4))
    await game.open("santiago", 2)
    store = simcord_env.bot.store
    # Ben cannot give away Ana's seat; a player cannot give a seat to someone seated.
    refused(await ben.slash(channel, "game substitute", member=cai, seat=1), "Only the player")
    refused(await ana.slash(channel, "game substitute", member=ben), "already has a seat")
    # Ben hands his own seat to Cai, who is pinged and plays from now on.
    done = await ben.slash(channel, "game substitute", member=cai)
    assert done.ephemeral
    record = await store.by_channel(channel.id)
    assert record.seats[1].user_id == cai.id and record.seats[1].controller == "human"
    said = channel.history()[-1]
    assert cai.mention in said.content and "now plays the seat of ben" in said.content
    # A moderator may hand any seat over.
    await mod.slash(channel, "game substitute", member=dee, seat=2)
    record = await store.by_channel(channel.id)
    assert record.seats[1].user_id == dee.id
    refused(await dee.slash(channel, "game return"), "playing your seat yourself")


async def test_return_takes_a_seat_back_from_the_ai(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(5))
    await game.open("havana", 3)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    # The table let the AI take Cai's seat (as at the turn limit).
    async with simcord_env.bot.tables.lock(channel.id):
        await simcord_env.bot.tables.hand_to_ai(record, 2)
    back = await cai.slash(channel, "game return")
    assert "Welcome back" in answer(back).content
    record = await store.by_channel(channel.id)
    assert record.seats[2].controller == "human"
    waits = {w.seat for w in await store.waits(record.id)}
    assert 2 in waits, "cai's clock runs again for the decision he must take"


async def test_mine_lists_the_games_of_three_channels(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    second = guild.create_text_channel("second")
    third = guild.create_text_channel("third")
    one = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await one.open("havana", 2)
    two = Table(simcord_env, second, [cai, ana], random.Random(2))
    await two.open("santiago", 2)
    await ana.slash(third, "game new", game="havana")
    listed = await ana.slash(channel, "game mine")
    assert listed.ephemeral
    text = answer(listed).content
    for where in (channel, second, third):
        assert f"<#{where.id}>" in text
    assert "waiting in the lobby" in text
    assert text.count("your decision") >= 1 and "left on the clock" in text
    # From a DM as well.
    in_dm = await ana.user.slash("game mine")
    assert f"<#{third.id}>" in answer(in_dm).content
    # Dee has nothing.
    assert "no open lobby" in answer(await dee.slash(channel, "game mine")).content
