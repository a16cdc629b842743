"""Screen DMs when Discord is busy: opening DMs too fast is waited out (the DM arrives later,
nobody is pinged in the channel), and only closed DMs (50007) get one line in the channel,
with nothing private in it."""

from __future__ import annotations

import random

from tests.bot.driver import Table
from tests.bot.faults import CANNOT_DM, DM_TOO_FAST, dm_refused

CLOSED_NOTICE = "cannot send you direct messages"


def dms_of(env, member):
    dm = env.backend.dm_channels.get(member.id)
    return [] if dm is None else list(env.backend.messages.get(dm, {}).values())


async def test_dms_opened_too_fast_arrive_later_and_nobody_is_pinged(simcord_env, table, faults):
    guild, channel, players = table
    # The clock fired for many games: Discord refuses the next five DM openings (40003).
    refusal = faults.add(dm_refused(DM_TOO_FAST, times=5))
    game = Table(simcord_env, channel, players[:3], random.Random(2))
    await game.open("santiago", 3)
    assert refusal.answered == 3  # every player's first try
    assert all(dms_of(simcord_env, member) == [] for member in players[:3])
    await simcord_env.advance_time(60)
    assert not any(CLOSED_NOTICE in m.content for m in channel.history())
    assert refusal.answered == 5
    for member in players[:3]:
        dms = dms_of(simcord_env, member)
        assert len(dms) == 1, member
        assert "Pesos" in dms[0].content
        assert [a["filename"] for a in dms[0].attachments] == ["screen.png"]
    # Each DM channel was opened once and is kept: the next screens need no opening.
    opened = len([r for r in simcord_env.http_requests if r.path == "/users/@me/channels"])
    for _ in range(8):
        await game.step()
    await simcord_env.advance_time(1)
    assert len([r for r in simcord_env.http_requests if r.path == "/users/@me/channels"]) == opened


async def test_closed_dms_get_one_line_in_the_channel_and_nothing_private(
    simcord_env, table, faults
):
    guild, channel, (ana, ben, cai, dee) = table
    faults.add(dm_refused(CANNOT_DM, users=[ben.id]))
    game = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await game.open("santiago", 2)
    store = simcord_env.bot.store
    first = (await store.by_channel(channel.id)).version
    for _ in range(20):
        await game.step()
    await simcord_env.advance_time(60)
    notices = [m for m in channel.history() if CLOSED_NOTICE in m.content]
    assert len(notices) == 1 and ben.mention in notices[0].content
    assert not notices[0].attachments
    # What Ben's screen shows (his pesos) is in no channel message: the board shows holdings
    # only as the table sees them, never under "Pesos:".
    assert not any("Pesos:" in m.content for m in channel.history())
    assert dms_of(simcord_env, ben) == []
    assert dms_of(simcord_env, ana)
    assert (await store.by_channel(channel.id)).version >= first + 20


async def test_a_screen_dm_still_refused_for_opening_too_fast_comes_within_minutes(
    simcord_env, table, faults
):
    """Discord keeps saying "too fast" (40003) past the DM's own tries: the outbox tries again
    after its growing waits, as for any busy moment, not the ten minutes a 403 of missing
    permissions waits."""
    guild, channel, (ana, ben, cai, dee) = table
    refusal = faults.add(dm_refused(DM_TOO_FAST, users=[ana.id], times=8))
    game = Table(simcord_env, channel, [ana, ben], random.Random(3))
    await game.open("santiago", 2)
    waited = 0
    while not dms_of(simcord_env, ana):
        assert waited < 300, f"no screen DM after {waited} s ({refusal.answered} refusals)"
        await simcord_env.advance_time(10)
        waited += 10
    assert refusal.answered == 8
    assert len(dms_of(simcord_env, ana)) == 1


async def test_a_restart_opens_no_dm_channel_the_players_screens_went_to(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    """Discord paces the opening of DM channels; a player's DM channel is the same in every game
    and after a restart: the bot knows it from the store and opens it only once."""
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(5), typed=0.0)
    await game.open("santiago", 2)
    await simcord_bot.services.mail.idle()
    await simcord_env.settle()
    before = {member: len(dms_of(simcord_env, member)) for member in (ana, ben)}
    assert all(before.values())

    def openings() -> int:
        return len([r for r in simcord_env.http_requests if r.path == "/users/@me/channels"])

    opened = openings()
    await simcord_bot.store.close()
    restarted = new_bot(db_path, rng=random.Random(3))
    await simcord_env.restart_bot(restarted)
    # A new game: each player's first screen DM of it is a new message, in the channel known.
    other = guild.create_text_channel("more-games")
    await Table(simcord_env, other, [ben, ana], random.Random(6)).open("havana", 2)
    await restarted.services.mail.idle()
    await simcord_env.settle()
    assert all(len(dms_of(simcord_env, m)) == before[m] + 1 for m in (ana, ben))
    assert openings() == opened
