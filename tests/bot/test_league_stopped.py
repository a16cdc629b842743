"""A league whose channel disappeared: its next round's tables cannot open, so it says it
stopped (in `/league standings` and `/league list`), and its creator moves it to another
channel, where the round opens, or ends it."""

from __future__ import annotations

import discord

from storage import leagues as lg
from tests.bot.driver import last_answer
from tests.bot.league_support import DAY, open_league, server, settle


def said(result) -> str:
    assert result.ephemeral
    return last_answer(result).content


async def stopped_league(env):
    """A league of duels whose channel is deleted during round 1: at the deadline the AI ends
    its games, and round 2 cannot open."""
    guild, channel, members = server(env, 4)
    other = guild.create_text_channel("elsewhere")
    league = await open_league(
        env, channel, members, name="Drifting", game="havana", players=2, rounds=2, days=1
    )
    await members[0].slash(channel, "league start")
    await settle(env)
    env.backend.delete_channel(channel.id)
    await env.advance_time(DAY + 60)
    await settle(env)
    league = await lg.league(env.bot.store, league.id)
    return league, other, members


async def test_a_stopped_league_says_so_and_its_creator_moves_it(simcord_env):
    env = simcord_env
    league, other, (creator, ana, ben, cai) = await stopped_league(env)
    store = env.bot.store
    assert league.status == "running" and league.stopped == "channel_gone"
    assert [t.game_id for t in await lg.tables(store, league.id, 2)] == [None, None]

    standings = said(await ana.slash(other, "league standings"))
    assert "**Drifting** has stopped: its channel is gone" in standings, standings
    assert "round 2 could not open" in standings and "`/league move channel:`" in standings
    listed = said(await ana.slash(other, "league list"))
    assert "stopped, its channel is gone" in listed, listed

    # Only its creator, and with one of the two options; nothing changes otherwise.
    refused = said(await ana.slash(other, "league move", channel=other))
    assert f"Only <@{creator.id}>" in refused
    unclear = said(await creator.slash(other, "league move"))
    assert "`channel:`" in unclear and "`end:True`" in unclear
    both = said(await creator.slash(other, "league move", channel=other, end=True))
    assert "one of the two" in both
    shut = other.guild.create_text_channel(
        "no-threads",
        overwrites={other.guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    cannot = said(await creator.slash(other, "league move", channel=shut))
    assert "Create Public Threads" in cannot, cannot
    assert (await lg.league(store, league.id)).stopped == "channel_gone"
    assert not other.threads and not shut.threads

    moved = said(await creator.slash(other, "league move", channel=other))
    assert f"**Drifting** goes on in <#{other.id}>" in moved and "Round 2" in moved
    await settle(env)
    league = await lg.league(store, league.id)
    assert league.stopped is None and league.spec.channel_id == other.id
    assert len(other.threads) == 2, "round 2's tables opened in the new channel"
    again = said(await creator.slash(other, "league move", channel=other))
    assert "has not stopped" in again
    assert "has stopped" not in said(await ana.slash(other, "league standings"))

    # A whole round's time from the move: the AI ends the absent members' games.
    await env.advance_time(DAY + 60)
    await settle(env)
    assert (await lg.league(store, league.id)).status == "finished"


async def test_the_creator_ends_a_stopped_league(simcord_env):
    env = simcord_env
    league, other, (creator, ana, ben, cai) = await stopped_league(env)
    store = env.bot.store
    ended = said(await creator.slash(other, "league move", end=True))
    assert "**Drifting** is over" in ended
    league = await lg.league(store, league.id)
    assert league.status == "finished" and league.stopped is None
    assert "final standings" in said(await ana.slash(other, "league standings"))
    listed = said(await ana.slash(other, "league list"))
    assert "over" in listed and "stopped" not in listed
    # Its deadline no longer falls due: nothing opens later.
    await env.advance_time(2 * DAY)
    await settle(env)
    assert not other.threads
    assert (await lg.league(store, league.id)).status == "finished"
