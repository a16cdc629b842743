"""`/learn game:`: a member's practice table against the AI in a private thread, started at
once, marked practice, one per member, and kept out of the server's history, stats, ratings and
leaderboard; two members learning in one channel never see each other's table."""

from __future__ import annotations

import random

import discord
import pytest
from simcord import SetupError

from storage import StorageError
from tests.bot.driver import Table, last_answer, settle_ai, text_of
from tests.bot.store_faults import asked_to_try_again, write_fails_once

PRACTICE_LINE = "Practice table: unrated"


def said_in(channel) -> list:
    """What the channel shows everybody, beside the note of a thread's creation."""
    return [
        m
        for m in channel.history()
        if not m.flags.ephemeral and m.type is not discord.MessageType.thread_created
    ]


async def open_practice(env, channel, member, kind, **options):
    """`/learn` in `channel`; the private thread it opened and a driver for the learner."""
    before = {t.id for t in channel.threads}
    result = await member.slash(channel, "learn", game=kind, **options)
    assert result.ephemeral, result.response.content
    (room,) = [t for t in channel.threads if t.id not in before]
    assert room.mention in result.response.content
    await settle_ai(env)
    return room, Table(env, room, [member], random.Random(len(kind)), typed=0.0)


async def play_out(env, game, room, limit: int = 3000) -> None:
    """The learner plays until the game is over (and the note that its review is on its way,
    where games are reviewed, is out)."""
    store = env.bot.store
    while await store.by_channel(room.id) is not None:
        await game.step()
        await settle_ai(env)
        assert game.moves < limit, "the game did not end"
    await env.bot.services.practice.idle()
    await env.settle()


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_a_practice_game_is_played_alone_against_the_ai_and_kept_out_of_the_history(
    simcord_env, table, kind
):
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, kind)
    store = simcord_env.bot.store
    record = await store.by_channel(room.id)
    assert record.mode == "practice" and record.status == "active"
    assert [s.has_person for s in record.seats] == [True, False, False]
    assert {s.ai_level for s in record.seats[1:]} == {"greedy"}
    # The channel itself hears nothing of it; the thread is private to the learner.
    assert not said_in(channel)
    with pytest.raises(SetupError):
        room.history(viewer=ben)
    opening = room.history()[0]
    assert "practice table of" in opening.content and ana.mention in opening.content
    assert PRACTICE_LINE in opening.content
    # Every turn message marks it in its header, in a few words rather than the sentence.
    turn = game.prompt_message()
    assert turn is not None and "(practice)**, move" in text_of(turn)
    assert PRACTICE_LINE not in text_of(turn)

    # One practice table at a time: asked again, the learner is pointed to the open one.
    again = await ana.slash(channel, "learn", game=kind)
    assert again.ephemeral and room.mention in again.response.content
    assert len(channel.threads) == 1

    await play_out(simcord_env, game, room)
    # The final scores end it; this bot reviews no games (GAME_REVIEWS off), so nothing
    # promises a review (tests/bot/test_review_pages.py has the note and the review).
    final = [m for m in room.history() if m.author.bot][-1]
    assert "Final scores" in text_of(final)
    assert PRACTICE_LINE in text_of(final)
    assert not any("review will open here" in m.content for m in room.history())
    # Nowhere in the server's history, stats, ratings or leaderboard.
    listed = await ana.slash(channel, "game history list")
    assert "game" in listed.response.content.lower()
    assert str(record.id) not in listed.response.content.split("**")[1::2]
    assert await store.read("SELECT * FROM endings") == []
    assert await store.read("SELECT * FROM ratings") == []
    stats = await ana.slash(channel, "game history stats")
    assert "has not finished a game" in stats.response.content
    board = await ana.slash(channel, "game history leaderboard", game=kind)
    assert "Nobody has" in board.response.content
    # Asked for by its number anywhere but its own thread, it is no game of this server.
    for member in (ana, ben):
        board = await member.slash(channel, "game board", game=record.id)
        assert board.ephemeral and "no such game" in board.response.content
    own = await ana.slash(room, "game log", game=record.id)
    assert "no such game" not in text_of(last_answer(own))
    # `/game mine` of a game in play marks it as practice (the next table, below).
    # Over: the learner may open another.
    assert await store.practice_table(ana.id) is None
    await open_practice(simcord_env, channel, ana, kind)
    mine = await ana.slash(channel, "game mine")
    assert "(practice)" in mine.response.content or "(practice)" in text_of(last_answer(mine))


async def test_two_members_learning_in_one_channel_never_see_each_others_table(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    ana_room, ana_game = await open_practice(simcord_env, channel, ana, "havana")
    ben_room, ben_game = await open_practice(simcord_env, channel, ben, "santiago")
    assert ana_room.id != ben_room.id
    for _ in range(4):
        await ana_game.step()
        await ben_game.step()
    await settle_ai(simcord_env)
    with pytest.raises(SetupError):
        ana_room.history(viewer=ben)
    with pytest.raises(SetupError):
        ben_room.history(viewer=ana)
    # Nothing of either table reached the channel they share, nor the other's thread.
    assert not said_in(channel)
    assert all(ben.mention not in text_of(m) for m in ana_room.history())
    assert all(ana.mention not in text_of(m) for m in ben_room.history())


async def test_learn_inside_the_practice_thread_points_to_it(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await ana.slash(channel, "learn", game="havana")
    (room,) = channel.threads
    # Inside the practice thread itself: the table is there already, and nothing else opens
    # (tests/bot/test_learn_dm.py: where no private thread can be opened, the member's DMs).
    inside = await ana.slash(room, "learn", game="santiago")
    assert inside.ephemeral and room.mention in text_of(last_answer(inside))
    assert len(channel.threads) == 1
    assert await simcord_env.bot.store.by_channel(ana.user.dm_channel.id) is None


@pytest.mark.parametrize("deleted", ["thread", "channel"])
async def test_a_practice_table_whose_thread_is_gone_gives_way_to_a_new_one(
    simcord_env, table, deleted
):
    """A moderator deletes the practice thread (or the channel, and its threads with it):
    `/learn` no longer points to a thread that is not there; the old table is ended as
    abandoned, leaving nothing in the history, and the new one opens."""
    guild, channel, (ana, ben, cai, dee) = table
    other = guild.create_text_channel("elsewhere")
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    await game.step()
    await settle_ai(simcord_env)
    store = simcord_env.bot.store
    old = await store.by_channel(room.id)
    simcord_env.backend.delete_channel(room.id if deleted == "thread" else channel.id)
    await simcord_env.settle()
    # Told of it, the bot ends the table at once (no AI plays on where nobody reads).
    assert (await store.get(old.id)).status == "abandoned"
    assert await store.practice_table(ana.id) is None

    new_room, new_game = await open_practice(simcord_env, other, ana, "santiago")
    assert new_room.id != room.id
    assert (await store.get(old.id)).status == "abandoned"
    record = await store.by_channel(new_room.id)
    assert record.status == "active" and record.kind == "santiago"
    assert (await store.practice_table(ana.id)).id == record.id
    assert await store.read("SELECT * FROM endings") == []
    assert await store.read("SELECT * FROM ratings") == []
    # The new table plays on as any other.
    await new_game.step()
    await settle_ai(simcord_env)
    assert (await store.get(record.id)).version > record.version


def deleted_unseen(env, thread_id: int) -> None:
    """The thread is deleted while the bot is down: gone from Discord, and no event of it
    ever reaches the bot (as `backend.delete_channel`, without its THREAD_DELETE)."""
    backend = env.backend
    thread = backend.get_channel(thread_id)
    del backend.channels[thread_id]
    backend.messages.pop(thread_id, None)
    backend.get_guild(thread.guild_id).thread_ids.remove(thread_id)


async def test_a_thread_deleted_while_the_bot_was_down_gives_way_too(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, "santiago")
    old = await simcord_env.bot.store.by_channel(room.id)
    await simcord_bot.store.close()
    deleted_unseen(simcord_env, room.id)
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await settle_ai(simcord_env)
    store = simcord_env.bot.store
    new_room, _ = await open_practice(simcord_env, channel, ana, "santiago")
    assert new_room.id != room.id
    assert (await store.get(old.id)).status == "abandoned"
    assert (await store.practice_table(ana.id)).channel_id == new_room.id


async def test_a_thread_still_there_is_pointed_to_after_a_restart(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await settle_ai(simcord_env)
    again = await ana.slash(channel, "learn", game="santiago")
    assert again.ephemeral and room.mention in text_of(last_answer(again))
    assert len(channel.threads) == 1
    assert (await simcord_env.bot.store.by_channel(room.id)).status == "active"


async def test_a_practice_table_that_could_not_be_written_leaves_no_thread(
    simcord_env, table, monkeypatch
):
    """The store failed once the private thread was open: the learner is told to try again,
    the empty thread goes (nobody else would ever use it), and trying again opens one table."""
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    write_fails_once(monkeypatch, store)
    failed = await ana.slash(channel, "learn", game="havana")
    assert asked_to_try_again(failed), failed.response
    assert channel.threads == []
    room, _ = await open_practice(simcord_env, channel, ana, "havana")
    assert [t.id for t in channel.threads] == [room.id]
    assert (await store.by_channel(room.id)).mode == "practice"


async def test_a_failing_store_keeps_the_practice_thread_and_says_try_again(
    simcord_env, table, monkeypatch
):
    """Where the store cannot even say whether the table was written, the thread stays (it may
    hold the table) and the learner still hears the failure politely."""
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    write, asked = type(store).create_game, type(store).ever_in_channel

    async def down(self, *args, **kwargs):
        raise StorageError("the database is down")

    monkeypatch.setattr(type(store), "create_game", down)
    monkeypatch.setattr(type(store), "ever_in_channel", down)
    failed = await ana.slash(channel, "learn", game="santiago")
    assert asked_to_try_again(failed), failed.response
    assert len(channel.threads) == 1
    monkeypatch.setattr(type(store), "create_game", write)
    monkeypatch.setattr(type(store), "ever_in_channel", asked)
