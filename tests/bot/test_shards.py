"""The bot as an AutoShardedBot on PostgreSQL: games in servers of both shards, a restart, and
a turn clock that handles only the timers of the shards its process runs."""

from __future__ import annotations

import random

import discord
import pytest

from storage import start_game
from tests.bot.driver import Table
from tests.bot.test_clock import HOUR, a_table_waiting_for_cai, reminders_to


@pytest.fixture
def simcord_bot(new_bot, pg_url):
    return new_bot(pg_url, rng=random.Random(7), ai_workers=1, ai_budget=8, shard_count=2)


def server(env, shard: int):
    guild = env.create_guild(f"shard {shard}", shard_id=shard)
    channel = guild.create_text_channel("games")
    players = [
        guild.add_member(env.create_user(f"{name}{shard}")) for name in ("ana", "ben", "cai", "dee")
    ]
    return guild, channel, players


async def test_games_in_servers_of_both_shards_go_on_across_a_restart(
    simcord_env, simcord_bot, new_bot, pg_url
):
    assert isinstance(simcord_env.bot, discord.AutoShardedClient)
    tables = []
    for shard in (0, 1):
        guild, channel, players = server(simcord_env, shard)
        assert (guild.id >> 22) % 2 == shard
        game = Table(simcord_env, channel, players[:2], random.Random(shard))
        await game.open("havana", 2)
        tables.append(game)
    for _ in range(6):
        for game in tables:
            await game.step()
    store = simcord_env.bot.store
    before = [(await store.by_channel(t.channel.id)).version for t in tables]
    assert all(v >= 6 for v in before)
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(pg_url, rng=random.Random(3), shard_count=2))
    for game in tables:
        game.rng = random.Random(9)
        await game.step()
    store = simcord_env.bot.store
    after = [(await store.by_channel(t.channel.id)).version for t in tables]
    assert after == [v + 1 for v in before]


async def test_the_process_running_both_shards_reminds_players_of_both(simcord_env):
    waiting = []
    for shard in (0, 1):
        table = server(simcord_env, shard)
        await a_table_waiting_for_cai(simcord_env, table)
        waiting.append(table[2][2])
    await simcord_env.advance_time(24 * HOUR)
    assert [len(reminders_to(simcord_env, cai)) for cai in waiting] == [1, 1]


@pytest.mark.parametrize("runs", [(0,), (1,)])
async def test_a_process_handles_only_the_timers_of_its_own_shards(
    simcord_env, new_bot, pg_url, runs
):
    """Two processes share the database: this one runs `runs`; the other shard's timers stay
    as they are, for the process that runs it."""
    own = runs[0]
    await simcord_env.restart_bot(
        new_bot(pg_url, rng=random.Random(7), shard_count=2, shard_ids=runs)
    )
    store = simcord_env.bot.store
    at = simcord_env.now().timestamp()
    waiting = {}
    for shard in (0, 1):
        guild, channel, (ana, ben, cai, dee) = server(simcord_env, shard)
        lobby = await store.create_game(
            guild_id=guild.id, channel_id=channel.id, kind="havana", options={},
            creator_id=ana.id, creator_name="ana",
        )  # fmt: skip
        await store.join(lobby.id, cai.id, "cai")
        started = await start_game(store, lobby.id, seed=5, at=at)
        waiting[shard] = (lobby.id, [ana, cai], started.record)
    simcord_env.bot.services.clock.poke()
    await simcord_env.advance_time(25 * HOUR)
    for shard, (game_id, people, _) in waiting.items():
        reminded = [len(reminders_to(simcord_env, person)) for person in people]
        timers = await store.waits(game_id)
        assert timers, "both players pick a card at the start"
        if shard == own:
            assert reminded == [1, 1] and all(w.reminded == 1 for w in timers)
        else:
            assert reminded == [0, 0] and all(w.reminded == 0 for w in timers)


def thinking_for(shard: int) -> float:
    """How many decisions the AI has thought about for servers of `shard` (greedy level)."""
    from prometheus_client import REGISTRY

    labels = {"shard": str(shard), "level": "greedy"}
    return REGISTRY.get_sample_value("malecon_ai_decision_seconds_count", labels) or 0.0


@pytest.mark.parametrize("runs", [(0,), (1,)])
async def test_a_process_starting_thinks_only_for_the_ai_seats_of_its_own_shards(
    simcord_env, new_bot, pg_url, runs
):
    """An AI seat waits to decide in a game of each shard when a process running one shard
    starts: it thinks and plays for its own shard's seat, and leaves the other to the process
    that runs that shard (which resumes it when it starts)."""
    own = runs[0]
    store = simcord_env.bot.store
    at = simcord_env.now().timestamp()
    waiting = {}
    for shard in (0, 1):
        guild, channel, (ana, *_) = server(simcord_env, shard)
        lobby = await store.create_game(
            guild_id=guild.id, channel_id=channel.id, kind="havana", options={},
            creator_id=ana.id, creator_name="ana",
        )  # fmt: skip
        await store.add_ai(lobby.id, "greedy")
        # Saved, as the last process left it: the AI seat picks a card, nobody thinks yet.
        waiting[shard] = (await start_game(store, lobby.id, seed=5, at=at)).record
    thought = {s: thinking_for(s) for s in (0, 1)}
    process = dict(ai_workers=1, ai_budget=8, shard_count=2, shard_ids=runs)
    await simcord_env.restart_bot(new_bot(pg_url, rng=random.Random(7), **process))
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    store = simcord_env.bot.store
    for shard, before in waiting.items():
        version = (await store.get(before.id)).version
        thought_here = thinking_for(shard) - thought[shard]
        if shard == own:
            assert thought_here >= 1 and version > before.version
        else:
            assert thought_here == 0 and version == before.version


async def test_a_game_claimed_by_a_process_that_died_is_handled_once_its_claim_runs_out(
    simcord_env,
):
    table = server(simcord_env, 1)
    await a_table_waiting_for_cai(simcord_env, table)
    cai = table[2][2]
    store = simcord_env.bot.store
    game = await store.by_channel(table[1].id)
    at = simcord_env.now().timestamp()
    # Another process took the game's timers and was killed before it released them.
    assert await store.claim(game.id, "gone:1", until=at + 24 * HOUR + 600, at=at)
    await simcord_env.advance_time(24 * HOUR)
    assert reminders_to(simcord_env, cai) == []
    await simcord_env.advance_time(HOUR)
    assert len(reminders_to(simcord_env, cai)) == 1


async def test_metrics_count_the_moves_and_interactions_of_each_shard(simcord_env):
    from prometheus_client import REGISTRY

    from bot.core import metrics

    def figure(name, **labels):
        return REGISTRY.get_sample_value(name, labels) or 0.0

    guild, channel, players = server(simcord_env, 1)
    moves = figure("malecon_moves_total", shard="1", kind="havana")
    handled = figure("malecon_interaction_seconds_count", shard="1")
    game = Table(simcord_env, channel, players[:2], random.Random(4))
    await game.open("havana", 2)
    for _ in range(5):
        await game.step()
    version = (await simcord_env.bot.store.by_channel(channel.id)).version
    assert figure("malecon_moves_total", shard="1", kind="havana") - moves == version
    assert figure("malecon_interaction_seconds_count", shard="1") - handled >= 5
    assert figure("malecon_active_games", shard="1") >= 1

    # Served as Prometheus text on the port.
    import urllib.request

    from tests.pg_server import free_port

    port = free_port()
    metrics.serve(port)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        body = answer.read().decode()
    assert 'malecon_moves_total{kind="havana",shard="1"}' in body
