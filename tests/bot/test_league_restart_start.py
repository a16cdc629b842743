"""A league's set start that fell due while the bot was down is kept, and the season begins once
the bot is back and Discord has told it of the league's server."""

from __future__ import annotations

import random

from storage import leagues as lg
from storage.backends.steps import Execute
from tests.bot.league_support import server, settle
from tests.storage.test_storage_leagues import spec


async def test_a_set_start_missed_while_the_bot_was_down_begins_the_season_at_restart(
    simcord_env, new_bot, db_path
):
    guild, channel, people = server(simcord_env, 4)
    store = simcord_env.bot.store
    at = simcord_env.now().timestamp()
    league = await lg.create_league(
        store, spec(guild_id=guild.id, channel_id=channel.id, table_size=2, starts_at=at + 3600)
    )
    for person in people:
        await lg.join_league(store, league.id, person.id, person.name)
    # The start fell due while the bot was down: at restart it is already past.
    await store.transaction(_start_passed(league.id, at - 60))
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(7)))
    await settle(simcord_env)
    found = await lg.league(simcord_env.bot.store, league.id)
    assert found.status == "running", found
    assert len(channel.threads) == 2


def _start_passed(league_id: int, at: float):
    yield Execute("UPDATE leagues SET starts_at = ? WHERE id = ?", (at, league_id))
