"""Quiet hours in the database (SQLite and PostgreSQL): a member's hours, and the news held
for the end of them, taken once, kept until it is sent."""

from __future__ import annotations

from storage import Store
from storage import quiet as stored


async def test_hours_and_held_news_survive_reopening_and_are_taken_once(database):
    async with await Store.open(database) as store:
        game = await store.create_game(
            guild_id=1, channel_id=2, kind="santiago", options={}, creator_id=3, creator_name="a"
        )
        await stored.set_hours(store, 3, 22, 8, "Europe/Rome")
        await stored.set_hours(store, 3, 23, 7, "Asia/Kolkata")  # changed, not added
        for kind in ("turn", "turn", "screen"):  # the same news twice is held once
            await stored.hold(store, stored.Held(3, game.id, kind, 1, 500.0))
        await stored.hold(store, stored.Held(4, game.id, "ended", 1, 900.0))
    async with await Store.open(database) as store:
        assert await stored.all_hours(store) == {3: (23, 7, "Asia/Kolkata")}
        assert await stored.next_due(store) == 500.0
        assert await stored.take_due(store, 499.0, claim=800.0) == []
        taken = await stored.take_due(store, 500.0, claim=800.0)
        assert [(h.user_id, h.kind, h.due) for h in taken] == [
            (3, "screen", 800.0),
            (3, "turn", 800.0),
        ]
        assert await stored.take_due(store, 500.0, claim=800.0) == [], "taken once"
        await stored.move_due(store, 4, 600.0)
        assert await stored.next_due(store) == 600.0
        # Discord refused the DM: tried again later, and the count survives reopening.
        await stored.retry(store, 3, 800.0, due=700.0, attempts=1)
    async with await Store.open(database) as store:
        assert await stored.take_due(store, 650.0, claim=1000.0) == [
            stored.Held(4, game.id, "ended", 1, 1000.0)
        ]
        again = await stored.take_due(store, 700.0, claim=1100.0)
        assert {(h.kind, h.attempts) for h in again} == {("screen", 1), ("turn", 1)}
        await stored.sent(store, 3, 1100.0)
        # The claim of a process that stopped before sending runs out: taken again.
        assert [h.user_id for h in await stored.take_due(store, 1000.0, claim=2000.0)] == [4]
        assert await stored.next_due(store) == 2000.0
        await stored.sent(store, 4, 2000.0)
        assert await stored.next_due(store) is None
        assert await stored.clear_hours(store, 3) is True
        assert await stored.clear_hours(store, 3) is False
        assert await stored.all_hours(store) == {}
