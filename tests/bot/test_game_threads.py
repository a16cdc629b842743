"""Games in threads that live for weeks: the thread is opened with the longest auto-archive
duration; when it archives itself the bot reopens it to post; a thread it cannot reopen
(locked) is reported once in the channel it was opened from, and not tried again and again."""

from __future__ import annotations

import random

import discord

from tests.bot.driver import Table
from tests.bot.faults import archived_threads, timeout
from tests.bot.store_faults import asked_to_try_again, write_fails_once

A_WEEK = 10080  # minutes


async def game_in_thread(env, channel, players, kind="havana"):
    ana, ben = players
    await ana.slash(channel, "game new", game=kind, thread=True)
    (room,) = channel.threads
    lobby = next(m for m in room.history() if "new game is open" in m.content)
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    return room, Table(env, room, [ana, ben], random.Random(4))


def meta_of(env, room):
    return env.backend.get_channel(room.id).thread_metadata


def thread_patches(env, room):
    return [
        r for r in env.http_requests if r.method == "PATCH" and r.path == f"/channels/{room.id}"
    ]


async def test_an_archived_game_thread_is_reopened_and_the_game_goes_on(simcord_env, table, faults):
    guild, channel, (ana, ben, cai, dee) = table
    faults.add(archived_threads())
    room, game = await game_in_thread(simcord_env, channel, (ana, ben))
    meta = meta_of(simcord_env, room)
    assert meta.auto_archive_duration == A_WEEK
    store = simcord_env.bot.store
    before = (await store.by_channel(room.id)).version
    posts = len(room.history())
    # A week without a word in it: Discord archives the thread.
    faults.archive(room.id)
    # A press edits the turn message through its own answer; the first new message the game
    # needs finds the thread archived.
    for _ in range(12):
        await game.step()
        if not meta.archived:
            break
    assert not meta.archived
    refused = [r for r in faults.refused if r[2].startswith(f"/channels/{room.id}/messages")]
    assert refused, "the bot learnt it from Discord's refusal"
    assert len(thread_patches(simcord_env, room)) == 1
    # What Discord refused went through once the thread was open again.
    done = [(r.method, r.path) for r in simcord_env.http_requests]
    assert all((method, path) in done for _, method, path, _ in refused)
    assert len(room.history()) >= posts
    assert (await store.by_channel(room.id)).version > before
    await game.step()
    assert (await store.by_channel(room.id)).version > before + 1
    in_channel = [m.content for m in channel.history()]
    assert not any("has stopped" in c for c in in_channel)


async def test_a_locked_thread_is_reported_once_in_its_channel(simcord_env, table, faults):
    guild, _, (ana, ben, cai, dee) = table
    # As the invite link has it: the bot may not manage threads.
    channel = guild.create_text_channel(
        "no-moderation", overwrites={guild.me: discord.PermissionOverwrite(manage_threads=False)}
    )
    faults.add(archived_threads())
    room, game = await game_in_thread(simcord_env, channel, (ana, ben))
    in_channel = len(channel.history())
    # A moderator archived and locked the thread; the bot lacks Manage Threads to reopen it.
    faults.archive(room.id, locked=True)
    # Presses edit the turn message through their own answers; the first new message the
    # game needs finds the thread shut.
    for _ in range(12):
        await game.step()
        if len(channel.history()) > in_channel:
            break
    notices = channel.history()[in_channel:]
    assert len(notices) == 1
    assert "has stopped" in notices[0].content and f"<#{room.id}>" in notices[0].content
    assert not notices[0].attachments
    # The next interactions in the thread do not reopen it again, nor tell the channel again.
    await ana.slash(room, "game help")
    await simcord_env.advance_time(600)
    await ben.slash(room, "game help")
    reopenings = [r for r in faults.refused if r[1:3] == ("PATCH", f"/channels/{room.id}")]
    assert [status for *_, status in reopenings] == [403]
    assert len(channel.history()) == in_channel + 1
    assert meta_of(simcord_env, room).archived


def _one_lobby_thread(channel):
    """The channel's only thread, which holds the new game's lobby."""
    (room,) = channel.threads
    assert any("new game is open" in m.content for m in room.history())
    return room


async def test_a_thread_whose_creation_went_unanswered_holds_the_game_opened_next(
    simcord_env, table, faults
):
    """Discord made the thread and its answer was lost: the opening fails, and the next
    `/game new thread:True` opens its game in that thread, not in a second, empty one beside
    it."""
    guild, channel, (ana, ben, cai, dee) = table
    faults.add(timeout("POST", f"/channels/{channel.id}/threads", applied=True, times=1))
    await ana.slash(channel, "game new", game="havana", thread=True)
    (room,) = channel.threads
    assert await simcord_env.bot.store.by_channel(room.id) is None
    await ana.slash(channel, "game new", game="havana", thread=True)
    assert _one_lobby_thread(channel).id == room.id
    assert (await simcord_env.bot.store.by_channel(room.id)).status == "lobby"


async def test_a_thread_left_empty_by_a_failed_write_is_taken_again(
    simcord_env, table, monkeypatch
):
    """The game could not be written once the thread existed: trying again uses that thread.
    A thread that holds a game, or one of another name, is never taken."""
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    write_fails_once(monkeypatch, store)
    failed = await ana.slash(channel, "game new", game="santiago", thread=True)
    assert asked_to_try_again(failed), failed.response
    (empty,) = channel.threads
    await ana.slash(channel, "game new", game="santiago", thread=True)
    assert _one_lobby_thread(channel).id == empty.id
    # a second game of the same name gets a thread of its own; Havana's has another name
    await ben.slash(channel, "game new", game="santiago", thread=True)
    await cai.slash(channel, "game new", game="havana", thread=True)
    rooms = channel.threads
    assert len(rooms) == 3
    games_in = [await store.by_channel(r.id) for r in rooms]
    assert all(g is not None for g in games_in)
    assert len({g.id for g in games_in}) == 3


async def test_a_thread_people_talked_in_is_theirs_and_not_taken_again(
    simcord_env, table, monkeypatch
):
    """An empty thread of ours that members have since talked in is left to them: the next
    opening makes a thread of its own."""
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    write_fails_once(monkeypatch, store)
    await ana.slash(channel, "game new", game="havana", thread=True)
    (chatted,) = channel.threads
    await ben.send(chatted, "is the game here?")
    await ana.slash(channel, "game new", game="havana", thread=True)
    (room,) = [t for t in channel.threads if t.id != chatted.id]
    assert await store.by_channel(chatted.id) is None
    assert (await store.by_channel(room.id)).status == "lobby"
    assert [m.content for m in chatted.history()] == ["is the game here?"]
