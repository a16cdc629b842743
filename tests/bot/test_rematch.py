"""A rematch: `/game rematch` or the Rematch button under the final scores opens the last game's
table again (same game, options and settings, seats turned by one, AI seats kept), pings each
other person once, and is started by who asked; the refusals change nothing."""

from __future__ import annotations

import random

import discord
import pytest

from tests.bot.driver import Table, bot_messages, custom_ids, text_of
from tests.bot.driver import settle_ai as settle
from tests.bot.test_lobby import refused

DAY = 24 * 3600


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def a_finished_game(env, channel, players):
    """`players` and one AI (strong) play Santiago de Cuba with reminders every 6 hours and a
    turn limit of a day; at the limit the others end the game, which is finished with scores."""
    game = Table(env, channel, players, random.Random(3))
    await game.open(
        "santiago",
        len(players),
        ai_players=1,
        ai_level="strong",
        reminders="21600",
        turn_limit="86400",
    )
    await settle(env)
    await env.advance_time(DAY)
    await settle(env)
    asks = [m for m in bot_messages(env, channel) if "what should happen" in text_of(m)]
    assert asks, [text_of(m) for m in bot_messages(env, channel)][-3:]
    ask = next(m for m in channel.history() if m.id == asks[-1].id)
    voter = next(p for p in players if p.id in asks[-1].ping_user_ids)
    await voter.click(ask, label="End the game now")
    await settle(env)
    final = channel.history()[-1]
    assert "Final scores" in text_of(final)
    return final


async def test_a_rematch_seats_the_same_table_turned_by_one_and_pings_the_others_once(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    final = await a_finished_game(simcord_env, channel, [ana, ben, cai])
    assert any(i.startswith("rm:") for i in custom_ids(final)), "the final scores offer a rematch"
    old = await store.last_finished(channel.id)
    assert old.seats[0].user_id == ana.id and old.seats[1].controller == "ai:strong"
    before = len(bot_messages(simcord_env, channel))

    # Dee did not play: refused, and nothing is opened.
    refused(await dee.click(final, label="Rematch"), "Only a player of the last game")
    assert await store.by_channel(channel.id) is None

    # Ben asks with one tap: the lobby is open with everybody seated, one seat on.
    await ben.click(final, label="Rematch")
    new = await store.by_channel(channel.id)
    assert new.status == "lobby" and new.creator_id == ben.id
    turned = [*old.seats[1:], old.seats[0]]
    assert [s.user_id for s in new.seats] == [s.user_id for s in turned]
    assert [s.controller for s in new.seats] == [s.controller for s in turned]
    assert "ai:strong" in [s.controller for s in new.seats], "the AI seat keeps its level"
    assert (new.kind, new.options, new.settings) == (old.kind, old.options, old.settings)
    said = bot_messages(simcord_env, channel)[before:]
    lobby = [m for m in said if "a new game is open" in text_of(m)]
    assert len(lobby) == 1 and lobby[0].ping_user_ids == [], "the lobby itself pings nobody"
    pings = [m for m in said if m.ping_user_ids]
    assert len(pings) == 1 and sorted(pings[0].ping_user_ids) == sorted([ana.id, cai.id])
    assert "rematch" in text_of(pings[0]) and str(lobby[0].id) in text_of(pings[0])

    # A second tap, by him or anyone else of the table, points to the open lobby.
    again = refused(await ben.click(final, label="Rematch"), "already open")
    assert str(lobby[0].id) in again
    refused(await ana.slash(channel, "game rematch"), "already open")
    assert len(bot_messages(simcord_env, channel)) == before + 2, "no second lobby, no ping"
    assert (await store.by_channel(channel.id)).id == new.id

    # Cai does not want to play: he leaves. Ana cannot start it; Ben, who asked, does.
    room = next(m for m in channel.history() if m.id == lobby[0].id)
    await cai.click(room, label="Leave")
    refused(await ana.click(room, label="Start"), "Only")
    await ben.click(room, label="Start")
    await settle(simcord_env)
    started = await store.get(new.id)
    assert started.status == "active"
    assert [s.user_id for s in started.seats] == [s.user_id for s in turned if s.user_id != cai.id]


async def test_a_rematch_is_refused_politely_and_changes_nothing(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    # Nothing ended here yet.
    refused(await ana.slash(channel, "game rematch"), "No game has ended in this channel")
    final = await a_finished_game(simcord_env, channel, [ana, ben])
    refused(await dee.slash(channel, "game rematch"), "Only a player of the last game")
    # Another game is open in the channel: a rematch would need it gone first.
    await dee.slash(channel, "game new", game="havana", ai_players=1, ai_level="random")
    open_now = await store.by_channel(channel.id)
    refused(await ana.slash(channel, "game rematch"), "already a game in this channel")
    refused(await ana.click(final, label="Rematch"), "already a game in this channel")
    assert (await store.by_channel(channel.id)).id == open_now.id
    # A game that was abandoned leaves nothing to play again.
    await dee.slash(channel, "game start")
    await settle(simcord_env)
    await dee.slash(channel, "game abandon")
    refused(await ana.slash(channel, "game rematch"), "No game has ended in this channel")
    assert await store.by_channel(channel.id) is None


async def test_a_rematch_names_a_player_in_quiet_hours_without_pinging_them(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    final = await a_finished_game(simcord_env, channel, [ana, ben, cai])
    hour = discord.utils.utcnow().hour
    quiet = {"from": hour, "to": (hour + 2) % 24, "timezone": "UTC"}
    assert (await cai.slash(channel, "game quiet", **quiet)).ephemeral
    before = len(bot_messages(simcord_env, channel))
    await ben.click(final, label="Rematch")
    said = bot_messages(simcord_env, channel)[before:]
    (ping,) = [m for m in said if "rematch" in text_of(m) and "<@" in text_of(m)]
    assert f"<@{cai.id}>" in text_of(ping) and f"<@{ana.id}>" in text_of(ping)
    assert ping.ping_user_ids == [ana.id], "cai's quiet hours: named, not pinged"


async def test_rematches_of_one_game_ping_its_table_once_however_often_they_are_abandoned(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    """Rematch, abandon, five times over (once across a restart): every rematch opens its lobby
    and names the table, but only the first pings them."""
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    final = await a_finished_game(env, channel, [ana, ben, cai])
    before = len(bot_messages(env, channel))
    for round in range(5):
        if round == 3:
            await env.bot.store.close()
            await env.restart_bot(new_bot(db_path, rng=random.Random(7), ai_workers=1))
        final = next(m for m in channel.history() if m.id == final.id)
        await ben.click(final, label="Rematch")
        lobby = await env.bot.store.by_channel(channel.id)
        assert lobby is not None and lobby.status == "lobby", f"rematch {round + 1} opened"
        assert not (await ben.slash(channel, "game abandon")).ephemeral
        assert await env.bot.store.by_channel(channel.id) is None
    said = bot_messages(env, channel)[before:]
    named = [m for m in said if "rematch" in text_of(m) and f"<@{ana.id}>" in text_of(m)]
    assert len(named) == 5 and all(f"<@{cai.id}>" in text_of(m) for m in named), "each names them"
    pinged = sorted(u for m in said for u in m.ping_user_ids)
    assert pinged == sorted([ana.id, cai.id]), "the former table is pinged once"
