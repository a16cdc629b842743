"""A league's set start that fell due while the bot was down is kept, and the season begins once
the bot is back and Discord has told it of the league's server; a stop between opening a
table's thread or game and noting it at the table opens no second game and no second thread."""

from __future__ import annotations

import random

import pytest

from bot.discord_io.layouts import text_of
from bot.lobby.seated import SeatedOpening
from storage import leagues as lg
from storage.backends.steps import Execute
from storage.store import Store
from tests.bot.league_support import server, settle
from tests.storage.test_storage_leagues import spec


async def test_a_set_start_missed_while_the_bot_was_down_begins_the_season_at_restart(
    simcord_env, new_bot, db_path
):
    channel, league, at = await _league_of_four(simcord_env)
    store = simcord_env.bot.store
    # The start fell due while the bot was down: at restart it is already past.
    await store.transaction(_start_passed(league.id, at - 60))
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(7)))
    await settle(simcord_env)
    found = await lg.league(simcord_env.bot.store, league.id)
    assert found.status == "running", found
    assert len(channel.threads) == 2


async def _league_of_four(env):
    """A league of four members in duels, its start an hour away: (channel, league, now)."""
    guild, channel, people = server(env, 4)
    store = env.bot.store
    at = env.now().timestamp()
    league = await lg.create_league(
        store, spec(guild_id=guild.id, channel_id=channel.id, table_size=2, starts_at=at + 3600)
    )
    for person in people:
        await lg.join_league(store, league.id, person.id, person.name)
    return channel, league, at


def _abandoned(game_id: int):
    yield Execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))


def _start_passed(league_id: int, at: float):
    yield Execute("UPDATE leagues SET starts_at = ? WHERE id = ?", (at, league_id))


class _Stopped(Exception):
    """The bot stopping at that line."""


@pytest.mark.parametrize(
    "where",
    [
        "before its game was written",
        "before its start",
        "before the table noted it",
        "and its game was abandoned",
    ],
)
async def test_a_stop_while_a_tables_game_opens_gives_the_table_one_game_at_restart(
    simcord_env, new_bot, db_path, monkeypatch, where
):
    channel, league, _ = await _league_of_four(simcord_env)

    async def stop(*args, **kwargs):
        raise _Stopped

    with monkeypatch.context() as patch:
        if where == "before its game was written":
            patch.setattr(Store, "create_game", stop)
        elif where == "before its start":
            patch.setattr(SeatedOpening, "_start", stop)
        else:
            patch.setattr(lg, "attach_game", stop)
        with pytest.raises(_Stopped):
            await simcord_env.bot.services.seasons.begin(league)
    assert len(channel.threads) == 1, "the first table's thread was made, then the bot stopped"
    (empty,) = channel.threads
    written = None
    if where != "before its game was written":
        (written,) = (await lg.unattached(simcord_env.bot.store)).values()
    if where == "and its game was abandoned":
        await simcord_env.bot.store.transaction(_abandoned(written))
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(7)))
    await settle(simcord_env)
    store = simcord_env.bot.store
    tables = await lg.tables(store, league.id, 1)
    assert len(tables) == 2 and all(t.game_id is not None for t in tables)
    if where == "and its game was abandoned":
        assert written not in {t.game_id for t in tables}, "the table got a game of its own"
        assert len(channel.threads) == 3
    else:
        assert written is None or written in {t.game_id for t in tables}
        assert len(channel.threads) == 2, "no second thread for the first table"
        assert empty.id in {(await store.get(t.game_id)).channel_id for t in tables}
    for t in tables:
        record = await store.get(t.game_id)
        assert record.status == "active"
        assert sorted(s.user_id for s in record.seats) == sorted(t.players)
        (room,) = [thread for thread in channel.threads if thread.id == record.channel_id]
        # The first turn message names the table's players.
        (first,) = room.history()
        assert all(f"<@{p}>" in text_of(first) for p in t.players), text_of(first)
    assert await lg.unattached(store) == {}
