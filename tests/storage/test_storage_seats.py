"""Who plays each seat: AI seats in a lobby, handing a seat to the AI and back, kept in exports."""

from __future__ import annotations

import pytest

from storage import StorageError
from tests.storage.storage_support import seated_lobby, started_game


async def test_ai_seats_fill_a_lobby_with_their_own_ids_and_names(store):
    lobby = await seated_lobby(store, players=1)
    lobby = await store.add_ai(lobby.id, "greedy")
    lobby = await store.add_ai(lobby.id, "strong")
    assert [(s.name, s.controller, s.ai_level) for s in lobby.seats] == [
        ("Ana", "human", None),
        ("AI 1", "ai:greedy", "greedy"),
        ("AI 2", "ai:strong", "strong"),
    ]
    ids = [s.user_id for s in lobby.seats]
    assert len(set(ids)) == 3 and all(i < 0 for i in ids[1:])
    assert not lobby.seats[1].has_person and lobby.seats[0].has_person
    # A person joins after the AI; an AI seat can leave like anybody (the seats close up).
    lobby = await store.join(lobby.id, 555, "Ben")
    lobby = await store.leave(lobby.id, lobby.seats[1].user_id)
    assert [s.name for s in lobby.seats] == ["Ana", "AI 2", "Ben"]
    lobby = await store.add_ai(lobby.id, "random")
    assert len({s.user_id for s in lobby.seats}) == 4
    with pytest.raises(StorageError, match="full"):
        await store.add_ai(lobby.id, "random")


async def test_a_seat_is_handed_to_the_ai_and_back(store):
    lobby = await seated_lobby(store, players=2)
    record = await store.set_controller(lobby.id, 1, "ai:greedy")
    assert record.seats[1].ai_level == "greedy" and record.seats[1].user_id == 101
    record = await store.set_controller(lobby.id, 1, "human")
    assert record.seats[1].ai_level is None
    listed = await store.list_active()
    assert [s.controller for s in listed[0].seats] == ["human", "human"]


async def test_exports_keep_who_plays_each_seat(store, tmp_path):
    lobby = await seated_lobby(store, players=1, channel=11)
    lobby = await store.add_ai(lobby.id, "strong")
    data = await store.export_game(lobby.id)
    assert [s["controller"] for s in data["seats"]] == ["human", "ai:strong"]
    await store.abandon(lobby.id)
    copy = await store.import_game(data)
    assert [s.controller for s in copy.seats] == ["human", "ai:strong"]
    # Exports made before seats had controllers are read as all human.
    for seat in data["seats"]:
        del seat["controller"]
    await store.abandon(copy.id)
    older = await store.import_game(data)
    assert [s.controller for s in older.seats] == ["human", "human"]


async def test_a_resigned_seat_stays_resigned_and_the_ais(store):
    game = (await started_game(store, players=3)).record
    record = await store.set_seat_flags(game.id, 2, resigned=True)
    record = await store.set_controller(game.id, 2, "ai:greedy")
    with pytest.raises(StorageError, match="resigned"):
        await store.substitute(game.id, 2, 999, "Friend")
    with pytest.raises(StorageError, match="final"):
        await store.set_seat_flags(game.id, 2, resigned=False)
    record = await store.get(game.id)
    seat = record.seats[2]
    assert (seat.user_id, seat.resigned, seat.ai_level) == (102, True, "greedy")
    # Another seat is still handed on as before.
    record = await store.substitute(game.id, 1, 999, "Friend")
    assert record.seats[1].user_id == 999 and not record.seats[1].resigned
