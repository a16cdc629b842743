"""A member's accessibility setting is kept per server and member, across restarts, on both
databases."""

from __future__ import annotations

from storage import Store


async def test_text_boards_are_kept_per_member_across_a_reopen(database):
    async with await Store.open(database) as store:
        assert await store.text_board_members() == set()
        await store.set_text_boards(1, 10, True)
        await store.set_text_boards(1, 11, True)
        await store.set_text_boards(2, 10, False)
        await store.set_text_boards(1, 11, False)
    async with await Store.open(database) as store:
        # the same user in another server keeps that server's own choice
        assert await store.text_board_members() == {(1, 10)}
        await store.set_text_boards(2, 10, True)
        assert await store.text_board_members() == {(1, 10), (2, 10)}
