"""A game's channel or thread deleted by a moderator: its table ends there, abandoned as
`/game abandon` would leave it, instead of playing on where nobody can read it (the clock's
reminders and stand-in moves, the AI) and retrying its posts for ever."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest

from tests.bot.driver import Table, text_of
from tests.bot.test_clock import DAY, HOUR, dms, until_waiting_for


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def a_game_waiting_for(env, channel, players, absent, thread=False):
    """A game of Santiago de Cuba in `channel` (or a thread of its own there) waiting for
    `absent`; the room it is played in, and its record."""
    creator, *others = players
    if not thread:
        game = Table(env, channel, players, random.Random(3))
        await game.open("santiago", len(players))
        room = channel
    else:
        await creator.slash(channel, "game new", game="santiago", thread=True)
        (room,) = channel.threads
        lobby = next(m for m in room.history() if "new game is open" in m.content)
        for member in others:
            await member.click(lobby, label="Join")
        await creator.click(lobby, label="Start")
        game = Table(env, room, players, random.Random(3))
    await until_waiting_for(env, game, absent)
    return room, await env.bot.store.by_channel(room.id)


async def nothing_more_happens(env, record, members) -> None:
    """Days pass: no stand-in move, no reminder to anyone, nothing left to post again."""
    store = env.bot.store
    heard = {m.id: len(dms(env, m)) for m in members}
    await env.advance_time(4 * DAY)
    await env.bot.services.ai.idle()
    await env.settle()
    after = await store.get(record.id)
    assert after.status == "abandoned"
    assert {m.id: len(dms(env, m)) for m in members} == heard
    assert [d for d in await store.deliveries() if d.game_id == record.id] == []


async def deleted_while_down(env, old_bot, new_bot, channel) -> None:
    """The bot stops, `channel` is deleted with no event of it ever reaching the bot, and the
    bot starts again."""
    await old_bot.store.close()
    backend = env.backend
    del backend.channels[channel.id]
    backend.messages.pop(channel.id, None)
    backend.get_guild(channel.guild.id).channel_ids.remove(channel.id)
    await env.restart_bot(new_bot)


@pytest.mark.parametrize("room", ["channel", "thread", "thread's channel"])
async def test_a_game_whose_room_is_deleted_ends_there_abandoned(simcord_env, table, room):
    guild, channel, (ana, ben, cai, dee) = table
    where, record = await a_game_waiting_for(
        simcord_env, channel, [ana, ben, cai], cai, thread=room != "channel"
    )
    assert record.status == "active"

    simcord_env.backend.delete_channel(channel.id if room == "thread's channel" else where.id)
    await simcord_env.settle()
    store = simcord_env.bot.store
    ended = await store.get(record.id)
    assert ended.status == "abandoned", "told of it, the bot ends the table at once"
    # The players are free of it: no game of theirs is in play any more.
    other = guild.create_text_channel("elsewhere")
    mine = await ana.slash(other, "game mine")
    assert f"#{record.id}" not in text_of(mine.response)
    await nothing_more_happens(simcord_env, record, [ana, ben, cai])


async def test_a_channel_deleted_while_the_bot_was_down_ends_its_game_at_the_first_post(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    """No event tells the bot; the first post Discord refuses as "Unknown Channel" (here the
    clock's ping in the channel at 48 hours) is checked, and the table ends."""
    guild, channel, (ana, ben, cai, dee) = table
    _, record = await a_game_waiting_for(simcord_env, channel, [ana, ben, cai], cai)
    await deleted_while_down(
        simcord_env, simcord_bot, new_bot(db_path, rng=random.Random(7)), channel
    )
    store = simcord_env.bot.store
    assert (await store.get(record.id)).status == "active"

    await simcord_env.advance_time(48 * HOUR + 60)
    await simcord_env.settle()
    assert (await store.get(record.id)).status == "abandoned"
    await nothing_more_happens(simcord_env, record, [ana, ben, cai])


async def test_a_post_refused_while_the_tables_lock_is_held_ends_the_game_once_it_is_free(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    """Most posts of a game are made while its table's lock is held (a move's turn message, an
    AI's or a stand-in move, a game ended at a league's deadline). Refused as "Unknown Channel",
    such a post must not wait for the room's check, which takes that lock itself: the check
    follows once the lock is free."""
    guild, channel, (ana, ben, cai, dee) = table
    _, record = await a_game_waiting_for(simcord_env, channel, [ana, ben, cai], cai)
    await deleted_while_down(
        simcord_env, simcord_bot, new_bot(db_path, rng=random.Random(7)), channel
    )
    services = simcord_env.bot.services
    with pytest.raises(discord.NotFound) as refused:
        await simcord_env.bot.get_partial_messageable(channel.id).send("…")
    assert refused.value.code == 10003

    async with services.tables.lock(channel.id):
        told = asyncio.create_task(services.outbox.failed(record.id, "channel", refused.value))
        # the refused post's row is written while the lock is still held (a few round trips
        # to the database), then `failed` returns
        for _ in range(50):
            if told.done():
                break
            await simcord_env.bot.store.deliveries()
        assert told.done(), "the outbox waited for the table's lock, which its caller holds"
    await services.outbox.idle()
    assert (await simcord_env.bot.store.get(record.id)).status == "abandoned"
    await nothing_more_happens(simcord_env, record, [ana, ben, cai])
