"""Quiet hours in the database (SQLite and PostgreSQL): a member's hours, and the news held
for the end of them, taken once."""

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
        assert await stored.take_due(store, 499.0) == []
        taken = await stored.take_due(store, 500.0)
        assert [(h.user_id, h.kind) for h in taken] == [(3, "screen"), (3, "turn")]
        assert await stored.take_due(store, 500.0) == [], "taken once"
        await stored.move_due(store, 4, 600.0)
        assert await stored.next_due(store) == 600.0
        assert await stored.clear_hours(store, 3) is True
        assert await stored.clear_hours(store, 3) is False
        assert await stored.all_hours(store) == {}
