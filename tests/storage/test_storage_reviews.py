"""The queue of game reviews (SQLite and PostgreSQL): queued when a game ends and not before,
claimed by one process at a time, taken again after a dead process's lease, resumed from the
decisions saved, stored whole at the end."""

from __future__ import annotations

from storage import Store, start_game
from storage import reviews as stored
from tests.storage.storage_support import play_random_moves, seated_lobby


async def _ended_game(store: Store, channel: int = 10, **table):
    lobby = await seated_lobby(store, 2, channel, kind="havana", **table)
    await start_game(store, lobby.id, 3)
    result = await play_random_moves(store, lobby.id, 5000, seed=channel)
    assert result.record.status == "finished"
    return result.record


async def test_a_review_is_queued_at_the_end_claimed_once_resumed_and_stored(database):
    async with await Store.open(database) as store:
        lobby = await seated_lobby(store, 2, 11, kind="havana")
        await start_game(store, lobby.id, 3)
        await play_random_moves(store, lobby.id, 3)
        assert (await stored.review(store, lobby.id)).status == "none", "not before the end"
        assert await stored.claim_review(store, "a", now=0.0, lease=10.0) is None
        game = await _ended_game(store)
        assert (await stored.review(store, game.id)).status == "queued"

        claim = await stored.claim_review(store, "a", now=100.0, lease=10.0)
        assert claim is not None and claim.game_id == game.id and claim.analysed == []
        assert claim.method is None
        assert claim.kind == "havana" and claim.players == 2 and claim.seed == 3
        assert len(claim.actions) == game.version
        # Another process finds nothing while the lease runs.
        assert await stored.claim_review(store, "b", now=105.0, lease=10.0) is None
        how = {"seed": 0, "search": 160, "to_end": ["havana"]}
        assert await stored.save_review_progress(
            store, game.id, "a", 0, {"n": 0}, 3, 120.0, method=how
        )
        # The method a review began with stays its own.
        assert await stored.save_review_progress(
            store, game.id, "a", 1, {"n": 1}, 3, 120.0, method={"seed": 0, "search": 480}
        )
        status = await stored.review(store, game.id, now=110.0)
        assert (status.status, status.done, status.total) == ("running", 2, 3)

    async with await Store.open(database) as store:  # a restart; process "a" is gone
        assert await stored.claim_review(store, "b", now=115.0, lease=10.0) is None
        assert (await stored.review(store, game.id, now=121.0)).status == "queued"
        claim = await stored.claim_review(store, "b", now=121.0, lease=10.0)
        assert claim is not None and claim.analysed == [{"n": 0}, {"n": 1}] and claim.total == 3
        assert claim.method == how
        # The dead process's late save is refused: the claim is b's now.
        assert not await stored.save_review_progress(store, game.id, "a", 2, {"n": 9}, 3, 200.0)
        assert await stored.save_review_progress(store, game.id, "b", 2, {"n": 2}, 3, 140.0)
        result = {"format": 1, "total": 3, "decisions": [{"n": 0}, {"n": 1}, {"n": 2}]}
        assert not await stored.finish_review(store, game.id, "a", result, "t")
        assert await stored.finish_review(store, game.id, "b", result, "t")
        done = await stored.review(store, game.id)
        assert (done.status, done.done, done.total, done.result) == ("done", 3, 3, result)
        assert await stored.claim_review(store, "b", now=300.0, lease=10.0) is None
        assert await stored.pending_reviews(store) == 0
        assert not await stored.queue_review(store, game.id), "queued once"


async def test_an_abandoned_game_is_queued_and_a_released_claim_is_taken_at_once(database):
    async with await Store.open(database) as store:
        lobby = await seated_lobby(store, 2, 12, kind="santiago")
        result = await start_game(store, lobby.id, 5)
        result = await play_random_moves(store, lobby.id, 20)
        record = result.record
        await store.end_game(
            record.id,
            status="abandoned",
            how="abandoned",
            result_json='{"scores": [0, 0], "places": [1, 1]}',
            expected_version=record.version,
        )
        assert (await stored.review(store, record.id)).status == "queued"
        claim = await stored.claim_review(store, "a", now=0.0, lease=600.0)
        assert claim is not None and claim.game_id == record.id
        await stored.release_review(store, "a")
        again = await stored.claim_review(store, "b", now=1.0, lease=600.0)
        assert again is not None and again.game_id == record.id


async def test_a_deployment_that_reviews_practice_games_only_leaves_the_others_queued(database):
    async with await Store.open(database) as store:
        rated = await _ended_game(store, 13)
        practice = await _ended_game(store, 14, mode="practice")
        # The rated game ended first, but only the practice game is taken.
        claim = await stored.claim_review(store, "a", now=0.0, lease=600.0, practice_only=True)
        assert claim is not None and claim.game_id == practice.id
        done = {"format": 1, "total": 0, "decisions": []}
        assert await stored.finish_review(store, practice.id, "a", done, "t")
        assert await stored.claim_review(store, "a", 1.0, 600.0, practice_only=True) is None
        assert (await stored.review(store, rated.id)).status == "queued"
        # Turned on for every game later, the rated one is reviewed then.
        claim = await stored.claim_review(store, "a", now=2.0, lease=600.0)
        assert claim is not None and claim.game_id == rated.id
