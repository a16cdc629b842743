"""A league belongs to one server, so to one shard: the process that runs that shard keeps its
moments (here a set start), and leaves another shard's league to the process that runs it."""

from __future__ import annotations

import random

import pytest

from storage import leagues as lg
from tests.bot.league_support import settle
from tests.bot.test_shards import server
from tests.storage.test_storage_leagues import spec


@pytest.mark.parametrize("runs", [(0,), (1,)])
async def test_a_process_starts_only_the_leagues_of_its_own_shards(
    simcord_env, new_bot, pg_url, runs
):
    own = runs[0]
    await simcord_env.restart_bot(
        new_bot(pg_url, rng=random.Random(7), shard_count=2, shard_ids=runs)
    )
    store = simcord_env.bot.store
    at = simcord_env.now().timestamp()
    leagues = {}
    for shard in (0, 1):
        guild, channel, people = server(simcord_env, shard)
        league = await lg.create_league(
            store,
            spec(guild_id=guild.id, channel_id=channel.id, table_size=2, starts_at=at + 3600),
        )
        for person in people:
            await lg.join_league(store, league.id, person.id, person.name)
        leagues[shard] = (league.id, channel)
    simcord_env.bot.services.clock.poke()
    await simcord_env.advance_time(2 * 3600)
    await settle(simcord_env)
    for shard, (league_id, channel) in leagues.items():
        found = await lg.league(store, league_id)
        if shard == own:
            assert found.status == "running" and len(channel.threads) == 2
        else:
            assert found.status == "signup" and channel.threads == []
