"""The bot keeps the states of the games played lately, not of every game it ever touched: a
game that left the cache is read back from the database when next played, and plays on."""

from __future__ import annotations

import random

from tests.bot.driver import Table


async def test_games_beyond_the_cache_play_on_from_the_database(simcord_env, table):
    guild, _, (ana, ben, cai, dee) = table
    tables = simcord_env.bot.services.tables
    tables._states.size = 1
    games = []
    for n, (kind, pair) in enumerate((("santiago", [ana, ben]), ("havana", [cai, dee]))):
        channel = guild.create_text_channel(f"table-{n}")
        game = Table(simcord_env, channel, pair, random.Random(n))
        await game.open(kind, 2)
        games.append(game)
    for _ in range(12):
        for game in games:  # each move evicts the other game's state
            before = game.moves
            await game.step()
            assert game.moves == before + 1
            assert len(tables._states) <= 1
    for game in games:
        record = await simcord_env.bot.store.by_channel(game.channel.id)
        assert record.version >= 12
