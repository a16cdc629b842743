"""Resigning, handing a seat to another member and taking it back, and `/game mine`."""

from __future__ import annotations

import json
import random

import pytest

import games
from bot.text import present
from tests.bot.driver import Table, private_answer, settle_ai, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.faults import old_edits
from tests.bot.test_lobby import refused


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def resign(env, member, channel):
    asked = await member.slash(channel, "game resign")
    assert asked.ephemeral and "Resign from this game?" in text_of(asked.response)
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
    final = text_of(channel.history()[-1])
    assert "Final scores" in final and "Ranked last for resigning: ben (AI greedy)" in final


async def test_resigning_with_three_players_hands_the_seat_to_the_ai(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(2))
    await game.open("havana", 3)
    refused(await dee.slash(channel, "game resign"), "not a player")
    done = await resign(simcord_env, cai, channel)
    assert "You resigned" in text_of(answer(done))
    await settle_ai(simcord_env)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    assert record.status == "active"
    assert record.seats[2].resigned and record.seats[2].controller == "ai:greedy"
    assert any("cai resigned" in text_of(m) for m in channel.history())
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
    assert cai.mention in text_of(said) and "now plays the seat of ben" in text_of(said)
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
    async with simcord_env.bot.services.tables.lock(channel.id):
        await simcord_env.bot.services.seats.hand_to_ai(record, 2)
    back = await cai.slash(channel, "game return")
    assert "Welcome back" in text_of(answer(back))
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
    text = text_of(answer(listed))
    for where in (channel, second, third):
        assert f"<#{where.id}>" in text
    assert "waiting in the lobby" in text
    assert text.count("your decision") >= 1 and "left on the clock" in text
    # From a DM as well.
    in_dm = await ana.user.slash("game mine")
    assert f"<#{third.id}>" in text_of(answer(in_dm))
    # Dee has nothing.
    assert "no open lobby" in text_of(answer(await dee.slash(channel, "game mine")))


def channel_messages(env, channel):
    bot_id = env.bot.user.id
    stored = env.backend.messages.get(channel.id, {}).values()
    return [m for m in stored if m.author_id == bot_id and not m.is_ephemeral]


def dm_of(env, member):
    """The bot's newest DM to `member`, or None."""
    dm = env.backend.dm_channels.get(member.id)
    found = list(env.backend.messages.get(dm, {}).values()) if dm is not None else []
    return found[-1] if found else None


async def screens_sent(env):
    await env.bot.services.mail.idle()
    await env.settle()


def moderator(env, guild, name="mod"):
    import discord

    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    return guild.add_member(env.create_user(name), roles=[mods])


async def test_resigning_is_final_nobody_takes_the_seat_back(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    mod = moderator(simcord_env, guild)
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(2))
    await game.open("havana", 3)
    await resign(simcord_env, cai, channel)
    await settle_ai(simcord_env)
    store = simcord_env.bot.store
    said = len(channel_messages(simcord_env, channel))
    # The resigner, who opened the game and a moderator are all told no, politely.
    refused(await cai.slash(channel, "game substitute", member=dee), "resigning is final")
    refused(await ana.slash(channel, "game substitute", member=dee, seat=3), "resigning is final")
    refused(await mod.slash(channel, "game substitute", member=dee, seat=3), "resigning is final")
    record = await store.by_channel(channel.id)
    seat = record.seats[2]
    assert (seat.user_id, seat.resigned, seat.controller) == (cai.id, True, "ai:greedy")
    assert len(channel_messages(simcord_env, channel)) == said, "nothing was announced"
    refused(await dee.slash(channel, "game screen"), "not a player")


async def test_the_creator_asks_the_player_before_handing_their_seat_away(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(4))
    await game.open("santiago", 3)
    store = simcord_env.bot.store
    asked = await ana.slash(channel, "game substitute", member=dee, seat=2)
    assert "only if they agree" in text_of(answer(asked))
    record = await store.by_channel(channel.id)
    assert record.seats[1].user_id == ben.id, "nothing moves before ben agrees"
    refused(await dee.slash(channel, "game screen"), "not a player")
    request = channel_messages(simcord_env, channel)[-1]
    assert request.ping_user_ids == [ben.id] and "asks to hand your seat to dee" in text_of(request)
    request = channel.last_message
    # Nobody but ben answers for ben's seat.
    for other in (ana, cai, dee):
        refused(await other.click(request, label="Hand it over"), "Only the player of that seat")
    refused(await ana.click(request, label="Keep my seat"), "Only the player of that seat")
    assert (await store.by_channel(channel.id)).seats[1].user_id == ben.id
    # Ben says no: the seat stays his.
    await ben.click(request, label="Keep my seat")
    assert "ben keeps their seat" in text_of(channel.history()[-1])
    assert (await store.by_channel(channel.id)).seats[1].user_id == ben.id
    # Asked again, ben agrees after a restart; dee plays on and sees the seat's screen at once.
    await ana.slash(channel, "game substitute", member=dee, seat=2)
    request = channel.last_message
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await ben.click(request, label="Hand it over")
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    assert record.seats[1].user_id == dee.id and record.seats[1].controller == "human"
    told = channel_messages(simcord_env, channel)[-1]
    assert "now plays the seat of ben" in text_of(told) and told.ping_user_ids == [dee.id]
    await screens_sent(simcord_env)
    view = games.get("santiago").player_view(simcord_env.bot.services.tables.state_of(record), 1)
    assert present.figures("en", "santiago", view) in text_of(dm_of(simcord_env, dee))
    shown = await dee.slash(channel, "game screen")
    assert "Pesos" in text_of(answer(shown))


async def test_the_same_hand_over_request_asked_again_points_to_the_open_one(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    """Asked six times (once after a restart) for the same seat and member: one request in the
    channel, one ping, one pair of buttons; the others are answered privately with its link."""
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(4))
    await game.open("santiago", 3)
    before = len(channel_messages(simcord_env, channel))
    asked = await ana.slash(channel, "game substitute", member=dee, seat=2)
    assert "only if they agree" in text_of(answer(asked))
    (request,) = channel_messages(simcord_env, channel)[before:]
    for time in range(5):
        if time == 2:
            await simcord_bot.store.close()
            await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
        again = refused(
            await ana.slash(channel, "game substitute", member=dee, seat=2), "already asked ben"
        )
        assert f"/channels/{guild.id}/{channel.id}/{request.id}" in again, "with its link"
    said = channel_messages(simcord_env, channel)[before:]
    assert [m.id for m in said] == [request.id], "no new message"
    assert [u for m in said for u in m.ping_user_ids] == [ben.id], "ben is pinged once"
    # The one request still works: ben agrees, dee plays the seat.
    await ben.click(channel.last_message, label="Hand it over")
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.seats[1].user_id == dee.id


async def test_a_seat_moves_at_once_when_its_player_is_away_and_the_taker_gets_its_screen(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    eve, fay = (guild.add_member(simcord_env.create_user(n)) for n in ("eve", "fay"))
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(5))
    await game.open("havana", 3)
    store = simcord_env.bot.store
    engine = games.get("havana")

    def screen_of(record, seat):
        view = engine.player_view(simcord_env.bot.services.tables.state_of(record), seat)
        return present.figures("en", "havana", view)

    # Ben hands his own seat over: dee has its screen by DM before anything changes in it.
    assert dm_of(simcord_env, dee) is None
    await ben.slash(channel, "game substitute", member=dee)
    await screens_sent(simcord_env)
    record = await store.by_channel(channel.id)
    assert screen_of(record, 1) in text_of(dm_of(simcord_env, dee))
    # The AI stands in for cai: who opened the game may hand the seat on without asking, and
    # the channel hears who moved it (cai is told too).
    async with simcord_env.bot.services.tables.lock(channel.id):
        await simcord_env.bot.services.seats.hand_to_ai(record, 2)
    done = await ana.slash(channel, "game substitute", member=eve, seat=3)
    assert "new player" in text_of(answer(done))
    record = await store.by_channel(channel.id)
    assert record.seats[2].user_id == eve.id
    told = channel_messages(simcord_env, channel)[-1]
    assert "ana handed the seat of" in text_of(told)
    assert sorted(told.ping_user_ids) == sorted([eve.id, cai.id])
    await screens_sent(simcord_env)
    assert screen_of(record, 2) in text_of(dm_of(simcord_env, eve))
    # Dee's decision passes the turn limit: the seat may move without dee's word.
    await simcord_env.advance_time(3 * 24 * 3600)
    await ana.slash(channel, "game substitute", member=fay, seat=2)
    record = await store.by_channel(channel.id)
    assert record.seats[1].user_id == fay.id
    await screens_sent(simcord_env)
    assert screen_of(record, 1) in text_of(dm_of(simcord_env, fay))


async def picks_under_way(env, channel, players):
    """Havana's opening picks, made by everybody at once: ana has picked her two cards, ben
    and cai still pick. The turn message."""
    ana, ben, cai = players
    game = Table(env, channel, [ana, ben, cai], random.Random(6), typed=0.0)
    await game.open("havana", 3)
    turn = game.prompt_message()
    assert {p.name for p in game.named(text_of(turn))} == {"ana", "ben", "cai"}, text_of(turn)
    while ana in game.named(text_of(turn)):
        shown = await ana.click(turn, label="Choose")
        await game.answer(ana, private_answer(shown))
        turn = game.prompt_message()
    assert {p.name for p in game.named(text_of(turn))} == {"ben", "cai"}, text_of(turn)
    return game, turn


async def test_a_seat_handed_over_mid_decision_is_named_at_once_in_the_turn_message(
    simcord_env, table
):
    """cai hands his seat to dee while he still picks: the live turn message names dee at once
    (edited, not posted again), cai is gone from it, and dee is pinged exactly once."""
    guild, channel, (ana, ben, cai, dee) = table
    game, turn = await picks_under_way(simcord_env, channel, [ana, ben, cai])
    before = len(channel_messages(simcord_env, channel))

    assert (await cai.slash(channel, "game substitute", member=dee)).ephemeral
    game.players = [ana, ben, cai, dee]
    now = game.prompt_message()
    assert now.id == turn.id, "the same turn message, edited"
    assert {p.name for p in game.named(text_of(now))} == {"ben", "dee"}, text_of(now)
    assert cai.mention not in text_of(now) and "cai" not in text_of(now)
    said = channel_messages(simcord_env, channel)[before:]
    assert [u for m in said for u in m.ping_user_ids].count(dee.id) == 1, "dee pinged once"
    # Dee picks the seat's two cards from that message.
    while dee in game.named(text_of(now)):
        shown = await dee.click(now, label="Choose")
        await game.answer(dee, private_answer(shown))
        now = game.prompt_message()
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert 2 not in {d.seat for d in games.get("havana").pending(record.state())}


async def test_a_turn_message_discord_will_not_edit_gives_way_and_the_new_holder_is_pinged_once(
    simcord_env, table, faults
):
    """Two hours into the picks the turn message is too old for Discord to edit (30046): the
    hand-over posts a new turn message naming dee instead, and dee is still pinged once."""
    guild, channel, (ana, ben, cai, dee) = table
    game, turn = await picks_under_way(simcord_env, channel, [ana, ben, cai])
    await simcord_env.advance_time(2 * 3600)
    faults.add(old_edits())
    before = len(channel_messages(simcord_env, channel))

    assert (await cai.slash(channel, "game substitute", member=dee)).ephemeral
    game.players = [ana, ben, cai, dee]
    now = game.prompt_message()
    assert now.id != turn.id, "a new turn message"
    assert {p.name for p in game.named(text_of(now))} == {"ben", "dee"}, text_of(now)
    said = channel_messages(simcord_env, channel)[before:]
    assert [u for m in said for u in m.ping_user_ids].count(dee.id) == 1, "dee pinged once"
    assert any("now plays the seat of cai" in text_of(m) for m in said)


def test_the_longest_hand_over_buttons_fit_discords_limit_and_read_back():
    from bot.discord_io.components import CUSTOM_ID_LIMIT
    from bot.seats.components import HandOverButton, hand_over_view

    big = 2**63 - 1
    view = hand_over_view("en", big, 3, big, big)
    ids = [item.item.custom_id for item in view.children]
    assert ids == [f"ho:{big}:3:{big}:{big}:yes", f"ho:{big}:3:{big}:{big}:no"]
    assert all(len(i) <= CUSTOM_ID_LIMIT for i in ids)
    assert all(HandOverButton.__discord_ui_compiled_template__.fullmatch(i) for i in ids)
