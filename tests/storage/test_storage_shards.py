"""Several bot processes on one database: each sees the timers of its own shards' servers, and
a game's due timers are claimed by one process at a time, until the claim runs out."""

from __future__ import annotations

from dataclasses import replace

from storage import Store, start_game
from storage.clock import DAY, WaitPlan
from storage.store import Shards
from tests.storage.storage_support import seated_lobby

# A server id belongs to shard (id >> 22) % count.
SHARD_0_GUILD = 4 << 22
SHARD_1_GUILD = 5 << 22


async def waiting_game(store: Store, guild: int, channel: int, at: float) -> int:
    lobby = await seated_lobby(store, channel=channel)
    await store._db.execute("UPDATE games SET guild_id = ? WHERE id = ?", (guild, lobby.id))
    await start_game(store, lobby.id, seed=3, at=at)
    return lobby.id


async def test_each_process_sees_only_the_timers_of_its_own_shards(store):
    first = await waiting_game(store, SHARD_0_GUILD, 1, at=0.0)
    second = await waiting_game(store, SHARD_1_GUILD, 2, at=1000.0)
    zero, one = Shards(2, (0,)), Shards(2, (1,))
    both = Shards(2, (0, 1))
    assert {w.game_id for w in await store.due_waits(5 * DAY, shards=zero)} == {first}
    assert {w.game_id for w in await store.due_waits(5 * DAY, shards=one)} == {second}
    assert {w.game_id for w in await store.due_waits(5 * DAY, shards=both)} == {first, second}
    assert await store.next_due(shards=one) == await store.next_due(shards=zero) + 1000
    assert await store.next_due() == await store.next_due(shards=zero)


async def test_a_claim_keeps_other_processes_out_until_it_runs_out(store):
    game = await waiting_game(store, SHARD_0_GUILD, 1, at=0.0)
    assert await store.claim(game, "a", until=100.0, at=0.0)
    assert not await store.claim(game, "b", until=150.0, at=50.0)
    assert await store.claim(game, "a", until=160.0, at=60.0), "its owner may renew it"
    # The owner died without releasing: once its claim has run out another process takes it.
    assert await store.claim(game, "b", until=260.0, at=160.0)
    assert not await store.claim(game, "a", until=300.0, at=200.0)
    await store.release(game, "a")  # not its claim any more: nothing changes
    assert not await store.claim(game, "a", until=300.0, at=200.0)
    await store.release(game, "b")
    assert await store.claim(game, "a", until=300.0, at=200.0)


async def test_two_stores_racing_for_one_claim_get_it_once(store):
    import asyncio

    game = await waiting_game(store, SHARD_0_GUILD, 1, at=0.0)
    other = await Store.open(store.path if store.dialect == "sqlite" else store._db.url)
    try:
        won = await asyncio.gather(
            store.claim(game, "a", until=100.0, at=0.0),
            other.claim(game, "b", until=100.0, at=0.0),
        )
    finally:
        await other.close()
    assert sorted(won) == [False, True]


async def test_start_up_finds_the_voted_timers_of_its_own_shards_active_games(store):
    first = await waiting_game(store, SHARD_0_GUILD, 1, at=0.0)
    second = await waiting_game(store, SHARD_1_GUILD, 2, at=0.0)
    quiet = await waiting_game(store, SHARD_0_GUILD, 3, at=0.0)
    for game in (first, second):
        voted = [replace(w, vote_at=3 * DAY) for w in await store.waits(game)][:1]
        await store.put_waits(game, WaitPlan((), tuple(voted)))
    zero, one = Shards(2, (0,)), Shards(2, (1,))
    assert [w.game_id for w in await store.voted_waits(zero)] == [first]
    assert [w.game_id for w in await store.voted_waits(one)] == [second]
    assert [w.game_id for w in await store.voted_waits()] == [first, second]
    await store.abandon(second)
    assert [w.game_id for w in await store.voted_waits()] == [first]
    assert quiet not in {w.game_id for w in await store.voted_waits()}
