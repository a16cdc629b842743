"""Every refusal of `/league` and its buttons is a polite private answer that changes nothing:
not allowed, bad points, already joined, not a member, not the creator, too few members, the
season started, an unknown league, a league's channel that disappeared; and what the read-only
commands answer (standings, your table, the server's leagues)."""

from __future__ import annotations

from storage import leagues as lg
from tests.bot.driver import last_answer, private_answer
from tests.bot.league_support import open_league, server, settle, signup_message
from tests.bot.test_hostile_input import forged_press


def said(result) -> str:
    """The private answer to a command or a press."""
    answer = private_answer(result)
    assert answer.ephemeral or result.ephemeral
    return answer.content


async def test_refusals_change_nothing(simcord_env):
    env = simcord_env
    guild, channel, members = server(env, 4)
    organiser, ana, ben, cai = members
    store = env.bot.store
    no = await ana.slash(channel, "league new", name="Mine", game="havana")
    assert "Only members who can manage this server" in said(no)
    bad = await organiser.slash(channel, "league new", name="L", game="havana", points="1,2,3,4")
    assert "never rising" in said(bad) and "6,4,2,0" in said(bad)
    assert await lg.leagues_of(store, guild.id) == []

    await organiser.slash(channel, "league new", name="Spring", game="havana", players=2)
    signup = signup_message(env, channel)
    assert "unknown" not in said(await ana.click(signup, label="Join"))
    twice = await ana.click(signup, label="Join")
    assert "already in this league" in said(twice)
    stranger = await ben.click(signup, label="Leave")
    assert "not in this league" in said(stranger)
    (league,) = await lg.leagues_of(store, guild.id)
    assert [m.user_id for m in await lg.members(store, league.id)] == [ana.id]
    assert "1 member so far: p01" in signup_message(env, channel).content

    few = await organiser.slash(channel, "league start")
    assert "at least 2 members" in said(few)
    await ben.click(signup, label="Join")
    # the names joined as the language joins them, not by commas alone
    assert "2 members so far: p01 and p02" in signup_message(env, channel).content
    not_mine = await ana.slash(channel, "league start")
    assert "Only <@" in said(not_mine) and "who opened the league" in said(not_mine)
    unknown = await ana.slash(channel, "league standings", league=999)
    assert "no such league" in said(unknown)
    assert (await lg.league(store, league.id)).status == "signup"

    await organiser.slash(channel, "league start")
    await settle(env)
    # A press that left before the buttons went away (or a modified client).
    late = await forged_press(env, cai, signup_message(env, channel), f"lg:{league.id}:join")
    assert "already started" in said(late)
    assert len(await lg.members(store, league.id)) == 2
    again = await organiser.slash(channel, "league start", league=league.id)
    assert "already started" in said(again)

    mine = await ana.slash(channel, "league mine")
    assert "table 1 with p02" in said(mine) and "<#" in said(mine)
    assert "no table" in said(await cai.slash(channel, "league mine"))
    listed = said(await cai.slash(channel, "league list"))
    assert f"{league.id}. **Spring**" in listed and "round 1 of 4" in listed
    table = await cai.slash(channel, "league standings")
    assert "**Spring**: standings" in said(table)
    assert last_answer(table).attachments, "with the standings picture"
    assert last_answer(table).attachments[0].description.startswith("Spring, standings: 1.")


async def test_a_league_whose_channel_disappeared_is_not_started(simcord_env):
    env = simcord_env
    guild, channel, members = server(env, 3)
    other = guild.create_text_channel("elsewhere")
    league = await open_league(env, channel, members, name="Gone", game="havana", players=2)
    env.backend.delete_channel(channel.id)
    await settle(env)
    refused = await members[0].slash(other, "league start", league=league.id)
    assert "channel no longer exists" in said(refused)
    assert (await lg.league(env.bot.store, league.id)).status == "signup"


async def test_a_role_the_server_names_may_open_leagues_too(simcord_env):
    env = simcord_env
    guild, channel, (organiser, ana, ben) = server(env, 3)
    hosts = guild.create_role("League hosts")
    member = guild.add_member(env.create_user("host"), roles=[hosts])
    refused = await member.slash(channel, "league new", name="Early", game="havana")
    assert "Only members who can manage this server" in said(refused)
    named = await ana.slash(channel, "league organisers", role=hosts)
    assert "Only members who can manage this server can name" in said(named)
    done = await organiser.slash(channel, "league organisers", role=hosts)
    assert f"<@&{hosts.id}>" in said(done)
    opened = await member.slash(channel, "league new", name="Hosted", game="havana")
    assert "sign-up message of **Hosted**" in said(opened)
    still_no = await ana.slash(channel, "league new", name="Mine", game="havana")
    assert f"organisers' role <@&{hosts.id}>" in said(still_no)
    await organiser.slash(channel, "league organisers", off=True)
    again = await member.slash(channel, "league new", name="Later", game="havana")
    assert "Only members who can manage this server can open" in said(again)
    assert [x.spec.name for x in await lg.leagues_of(env.bot.store, guild.id)] == ["Hosted"]
