"""Each member's DM channel, read back from the notes of the screen DMs on both backends: a
restart does not ask Discord to open it again."""

from __future__ import annotations

from storage import Store
from tests.storage.storage_support import seated_lobby


async def test_each_members_dm_channel_is_read_from_any_game_and_nothing_else(database):
    store = await Store.open(database)
    try:
        first = await seated_lobby(store)
        second = await seated_lobby(store, channel=20)
        await store.set_note(first.id, "dm:11", "501:9001")
        await store.set_note(second.id, "dm:11", "501:9002")
        await store.set_note(second.id, "dm:12", "502:9003")
        # Notes that only look alike: another key, a damaged value.
        await store.set_note(first.id, "dm_closed:13", "1")
        await store.set_note(first.id, "dm:14", "not a channel")
        await store.set_note(first.id, "turn_message", "7:0")
    finally:
        await store.close()
    store = await Store.open(database)
    try:
        assert await store.screen_dm_channels() == {11: 501, 12: 502}
    finally:
        await store.close()
