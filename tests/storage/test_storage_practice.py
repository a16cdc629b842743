"""Practice tables and tables with hints: a practice game leaves nothing in the server's history,
stats or ratings (but is queued for its learner's review), a game with hints is kept unrated, and
a member has one practice table open at a time."""

from __future__ import annotations

import pytest

import games
from storage import ChannelBusy, StorageError, Store, start_game
from storage import history as past
from storage.records import AI_PREFIX, HINTS, PRACTICE
from tests.storage.storage_support import play_random_moves, seated_lobby

LEARNER = 100


async def practice_lobby(store, channel=20, kind="havana"):
    record = await store.create_game(
        guild_id=5,
        channel_id=channel,
        kind=kind,
        options=games.get(kind).options(None),
        creator_id=LEARNER,
        creator_name="Ana",
        mode=PRACTICE,
    )
    for _ in range(2):
        record = await store.add_ai(record.id, "greedy")
    return record


async def play_out(store, record, seed):
    await start_game(store, record.id, seed)
    result = await play_random_moves(store, record.id, 5000, seed=seed)
    assert result.record.status == "finished"
    return result.record


async def test_a_practice_game_is_kept_out_of_history_stats_and_ratings(store):
    lobby = await practice_lobby(store)
    assert lobby.mode == PRACTICE and not lobby.rated
    assert (await store.practice_table(LEARNER)).id == lobby.id
    assert all(s.controller.startswith(AI_PREFIX) for s in lobby.seats[1:])
    ended = await play_out(store, lobby, seed=3)
    assert await past.ending(store, ended.id) is None
    assert (await past.page(store, 5)).total == 0
    assert await past.stats(store, 5, str(LEARNER)) == []
    assert await store.read("SELECT * FROM ratings") == []
    assert await store.read("SELECT * FROM placings") == []
    # Reviewed for its learner all the same.
    assert await store.read("SELECT game_id FROM reviews") == [(ended.id,)]
    # Over: the member may open another.
    assert await store.practice_table(LEARNER) is None
    again = await practice_lobby(store, channel=21)
    assert (await store.practice_table(LEARNER)).id == again.id


async def test_a_game_with_hints_is_in_the_history_but_unrated(store):
    lobby = await store.create_game(
        guild_id=5,
        channel_id=30,
        kind="havana",
        options=games.get("havana").options(None),
        creator_id=LEARNER,
        creator_name="Ana",
        mode=HINTS,
    )
    lobby = await store.join(lobby.id, 101, "Ben")
    ended = await play_out(store, lobby, seed=4)
    assert ended.mode == HINTS
    ending = await past.ending(store, ended.id)
    assert ending is not None and ending.how == "finished" and not ending.rated
    assert await store.read("SELECT * FROM ratings") == []


async def test_one_practice_table_per_member_even_when_asked_twice_at_once(store):
    first = await practice_lobby(store, channel=20)
    with pytest.raises(ChannelBusy):
        await practice_lobby(store, channel=21)
    # Somebody else's practice, and the member's ordinary games, are not limited.
    other = await store.create_game(
        guild_id=5,
        channel_id=22,
        kind="santiago",
        options=games.get("santiago").options(None),
        creator_id=LEARNER + 1,
        creator_name="Ben",
        mode=PRACTICE,
    )
    await seated_lobby(store, channel=23)
    assert (await store.practice_table(LEARNER)).id == first.id
    assert (await store.practice_table(LEARNER + 1)).id == other.id


async def test_an_unknown_mode_is_refused(store):
    with pytest.raises(StorageError, match="mode"):
        await store.create_game(
            guild_id=5,
            channel_id=40,
            kind="havana",
            options={},
            creator_id=LEARNER,
            creator_name="Ana",
            mode="ranked",
        )


async def test_what_a_member_has_met_and_their_wish_are_kept(database):
    async with await Store.open(database) as store:
        assert await store.lessons_met(LEARNER) == set()
        await store.meet_lesson(LEARNER, "havana.pick")
        await store.meet_lesson(LEARNER, "havana.pick")
        await store.meet_lesson(LEARNER, "santiago.drive")
        await store.set_lessons(LEARNER + 1, False)
        await store.set_lessons(LEARNER + 2, False)
        await store.set_lessons(LEARNER + 2, True)
    # Opened again, as after a restart.
    async with await Store.open(database) as store:
        assert await store.lessons_met(LEARNER) == {"havana.pick", "santiago.drive"}
        assert await store.lessons_met(LEARNER + 1) == set()
        assert await store.lessons_off() == {LEARNER + 1}
