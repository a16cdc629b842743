"""What a rematch and away mode keep in the database, on both backends: the channel's last
ended game, a lobby seated at once, and members away, kept across a reopening."""

from __future__ import annotations

from storage import Store
from storage.clock import Settings
from storage.records import HUMAN
from tests.storage.storage_support import seated_lobby
from tests.storage.test_storage_history import finished_game


async def test_the_last_finished_game_of_a_channel_and_a_lobby_seated_at_once(store):
    assert await store.last_finished(10) is None
    first = await finished_game(store, seed=1, channel=10)
    second = await finished_game(store, seed=2, channel=10)
    await finished_game(store, seed=3, channel=11)
    assert (await store.last_finished(10)).id == second.id != first.id
    # A lobby given up before it started is no ended game; an abandoned game is.
    lobby = await seated_lobby(store, 2, 10, "havana")
    await store.abandon(lobby.id)
    assert (await store.last_finished(10)).id == second.id
    seats = [(s.user_id, s.name, s.controller) for s in second.seats]
    turned = [*seats[1:], seats[0]]
    rematch = await store.create_game(
        guild_id=second.guild_id,
        channel_id=10,
        kind=second.kind,
        options=second.options,
        creator_id=turned[0][0],
        creator_name=turned[0][1],
        settings=Settings(6 * 3600, 24 * 3600),
        seats=turned,
    )
    assert [(s.user_id, s.name, s.controller) for s in rematch.seats] == turned
    assert all(s.controller == HUMAN for s in rematch.seats)
    assert rematch.status == "lobby" and rematch.settings == Settings(6 * 3600, 24 * 3600)
    assert (await store.last_finished(10)).id == second.id, "an open lobby is no ended game"


async def test_members_away_are_kept_and_cleared(database):
    async with await Store.open(database) as store:
        assert await store.members_away() == {}
        await store.set_away(1, 100, 1000.5)
        await store.set_away(1, 101, 2000.0)
        await store.set_away(2, 100, 3000.0)
        await store.set_away(1, 101, 2500.0)
    async with await Store.open(database) as store:
        assert await store.members_away() == {(1, 100): 1000.5, (1, 101): 2500.0, (2, 100): 3000.0}
        await store.set_away(1, 100, None)
        assert await store.members_away() == {(1, 101): 2500.0, (2, 100): 3000.0}
