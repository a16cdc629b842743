"""A small league end to end, every member absent: sign-up by buttons, the season started by
its creator, each round's duels opened in threads, the deadline handing the games to the AI,
one standings message, the winners congratulated once."""

from __future__ import annotations

import re

from bot.discord_io.layouts import text_of
from storage import leagues as lg
from tests.bot.driver import bot_messages
from tests.bot.league_support import DAY, open_league, server, settle, signup_message


async def test_a_league_of_four_plays_two_rounds_of_duels_finished_by_the_ai(simcord_env):
    env = simcord_env
    guild, channel, members = server(env, 4)
    league = await open_league(
        env, channel, members, name="Duel league", game="havana", players=2, rounds=2, days=1
    )
    assert len(await lg.members(env.bot.store, league.id)) == 4
    await members[0].slash(channel, "league start")
    await settle(env)
    assert len(channel.threads) == 2
    # each table's players said as a list is said ("p00 and p03"), with a link to its thread
    (opened,) = [text_of(m) for m in bot_messages(env, channel) if "Table 1" in text_of(m)]
    tables = [line for line in opened.splitlines() if line.startswith("Table ")]
    assert len(tables) == 2 and all(
        re.match(r"Table \d: p\d\d and p\d\d · <#\d+>", t) for t in tables
    )
    for _ in range(2):
        await env.advance_time(DAY + 60)
        await settle(env)
    found = await lg.league(env.bot.store, league.id)
    assert found.status == "finished"
    assert len(channel.threads) == 4
    said = [text_of(m) for m in bot_messages(env, channel)]
    assert sum("standings" in s for s in said) == 1, "one standings message, edited"
    final = [m for m in bot_messages(env, channel) if "Congratulations" in text_of(m)]
    assert len(final) == 1
    table = await lg.standings(env.bot.store, found)
    won = {line.player for line in table if line.rank == 1}
    assert sorted(final[0].ping_user_ids) == sorted(won)
    assert all(line.games == 2 for line in table)


async def test_the_standings_message_names_who_joined_after_the_standings_were_read(simcord_env):
    """Standings read during the sign-up know only the members then; whoever joins after and
    plays the season is in the channel's standings message all the same."""
    env = simcord_env
    guild, channel, members = server(env, 4)
    await open_league(
        env, channel, members[:3], name="Late league", game="havana", players=2, rounds=1, days=1
    )
    early = await members[1].slash(channel, "league standings")
    assert early.ephemeral
    await members[3].click(signup_message(env, channel), label="Join")
    await members[0].slash(channel, "league start")
    await settle(env)
    await env.advance_time(DAY + 60)
    await settle(env)
    (standings,) = [m for m in bot_messages(env, channel) if "standings" in text_of(m)]
    assert "p03" in text_of(standings)
