"""The bot deals every game from a seed nobody can guess: 128 random bits from `secrets`, stored
whole, so the game played is the game of that seed."""

from __future__ import annotations

import pytest

import games


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path)  # as in production: no seed source of the test's own


async def test_each_new_game_is_dealt_from_its_own_128_bit_seed(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    other = guild.create_text_channel("more-games")
    seeds = []
    for where, (creator, joiner), kind in (
        (channel, (ana, ben), "santiago"),
        (other, (cai, dee), "havana"),
    ):
        opened = await creator.slash(where, "game new", game=kind)
        assert not opened.ephemeral, opened.response.content
        await joiner.click(opened.response, label="Join")
        await creator.click(opened.response, label="Start")
        record = await simcord_env.bot.store.by_channel(where.id)
        assert record.status == "active" and record.version == 0
        # Stored whole: the state the players see is the deal of exactly this seed.
        engine = games.get(record.kind)
        assert engine.new(len(record.seats), record.seed, record.options) == record.state()
        seeds.append(record.seed)
    assert all(seed >= 2**128 for seed in seeds)
    assert seeds[0] != seeds[1]
