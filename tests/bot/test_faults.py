"""The fault layer itself: each fault reaches the bot's HTTP client as Discord would send it,
and discord.py's own waiting and retrying runs on SimCord's virtual clock."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot.faults import (
    ARCHIVED_THREAD,
    DM_TOO_FAST,
    OLD_EDITS,
    archived_threads,
    bot_task,
    dm_refused,
    old_edits,
    rate_limited,
    server_error,
    timeout,
)


def channel_of(env, channel):
    return env.bot.get_partial_messageable(channel.id, guild_id=channel.guild.id)


async def test_a_route_429_is_waited_out_on_the_virtual_clock(simcord_env, table, faults):
    guild, channel, players = table
    faults.add(rate_limited("POST", f"/channels/{channel.id}/messages", retry_after=30, times=2))
    start = faults.now
    sending = bot_task(simcord_env, channel_of(simcord_env, channel).send("hello"))
    await simcord_env.advance_time(59)
    assert not sending.done()
    await simcord_env.advance_time(2)
    sent = await sending
    assert channel.history()[-1].id == sent.id
    assert [status for _, _, _, status in faults.refused] == [429, 429]
    assert faults.now - start >= 60
    assert faults.global_bound == 3
    # An interaction's answer is exempt from the global limit, and counted apart.
    await players[0].slash(channel, "game help")
    assert faults.global_bound == 3 and faults.exempt >= 1


async def test_beyond_50_requests_in_a_second_the_rest_wait_for_the_next(
    simcord_env, table, faults
):
    guild, channel, players = table
    target = channel_of(simcord_env, channel)

    async def burst():
        return await asyncio.gather(*(target.send(f"m{i}") for i in range(60)))

    sending = bot_task(simcord_env, burst())
    await simcord_env.advance_time(3)
    assert len(await sending) == 60
    assert len(channel.history()) == 60
    times = sorted(t for t, *_ in faults.refused)
    assert times and all(int(t) == int(times[0]) for t in times)
    assert {status for *_, status in faults.refused} == {429}
    assert faults.global_bound == 60 + len(faults.refused)


async def test_server_errors_timeouts_and_refusals_reach_the_bot_as_discord_sends_them(
    simcord_env, table, faults
):
    guild, channel, (ana, *_) = table
    target = channel_of(simcord_env, channel)
    # 500 twice: discord.py tries again (after 1 and 3 s) and the third attempt goes through.
    faults.add(server_error("POST", f"/channels/{channel.id}/messages", 500, times=2))
    sending = bot_task(simcord_env, target.send("after two 500s"))
    await simcord_env.advance_time(5)
    assert (await sending).content == "after two 500s"
    # 503: discord.py gives up at once.
    faults.add(server_error("POST", f"/channels/{channel.id}/messages", 503))
    with pytest.raises(discord.DiscordServerError):
        await target.send("never")
    faults.add(timeout("POST", f"/channels/{channel.id}/messages", after=10))
    sending = bot_task(simcord_env, target.send("lost"))
    await simcord_env.advance_time(11)
    with pytest.raises(TimeoutError):
        await sending
    faults.add(dm_refused(DM_TOO_FAST, users=[ana.id], times=1))
    with pytest.raises(discord.Forbidden) as refused:
        await simcord_env.bot.create_dm(discord.Object(ana.id))
    assert refused.value.code == DM_TOO_FAST
    assert [m.content for m in channel.history()] == ["after two 500s"]


async def test_old_messages_refuse_edits_and_archived_threads_refuse_posts(
    simcord_env, table, faults
):
    guild, channel, players = table
    faults.add(old_edits(), archived_threads())
    target = channel_of(simcord_env, channel)
    message = await target.send("young")
    await message.edit(content="still young")
    await simcord_env.advance_time(3601)
    with pytest.raises(discord.HTTPException) as old:
        await message.edit(content="old")
    assert old.value.code == OLD_EDITS
    thread = guild.create_text_channel(
        "threads", overwrites={guild.me: discord.PermissionOverwrite(manage_threads=False)}
    )
    room = await simcord_env.bot.get_channel(thread.id).create_thread(
        name="game", type=discord.ChannelType.public_thread
    )
    faults.archive(room.id, locked=True)
    # The bot tries to reopen it (bot/discord_io/threads.py): a locked thread stays shut.
    with pytest.raises(discord.HTTPException) as archived:
        await room.send("hello")
    assert archived.value.code == ARCHIVED_THREAD
    assert [r[1:] for r in faults.refused[-2:]] == [
        ("POST", f"/channels/{room.id}/messages", 400),
        ("PATCH", f"/channels/{room.id}", 403),
    ]
