"""Export one game as JSON and import it again, rebuilt and checked by replaying its log."""

from __future__ import annotations

import asyncio
import copy
import json

import pytest
from storage_support import play_random_moves, seated_lobby, started_game

from storage import EXPORT_FORMAT, ChannelBusy, StorageError, Store, history
from storage.__main__ import main as storage_main


async def finished_export(store: Store) -> dict:
    started = await started_game(store, players=3, seed=11)
    await play_random_moves(store, started.record.id, 5000, seed=11)
    return await store.export_game(started.record.id)


async def test_a_finished_game_survives_export_and_import_into_another_file(store, tmp_path):
    exported = await finished_export(store)
    assert exported["format"] == EXPORT_FORMAT and exported["status"] == "finished"
    assert exported["seed"] == 11 and len(exported["actions"]) == exported["version"] > 0
    text = json.dumps(exported)  # plain JSON all the way down

    other = await Store.open(tmp_path / "other.sqlite3")
    try:
        imported = await other.import_game(json.loads(text))
        original = await store.get(exported["id"])
        assert imported.status == "finished" and imported.version == original.version
        assert json.loads(imported.state_json) == json.loads(original.state_json)
        assert imported.seats == original.seats and imported.options == original.options
        assert [(a.seq, a.seat, a.code, a.at) for a in await other.actions(imported.id)] == [
            (a.seq, a.seat, a.code, a.at) for a in await store.actions(original.id)
        ]
        again = await other.export_game(imported.id)
        for key in ("kind", "options", "seed", "seats", "actions", "state", "status"):
            assert again[key] == exported[key]
    finally:
        await other.close()


async def test_an_imported_finished_game_joins_the_history_and_the_ratings(store, tmp_path):
    source = await Store.open(tmp_path / "source.sqlite3")
    try:
        exported = await finished_export(source)
        kept = await history.ending(source, exported["id"])
        board = await history.leaderboard(source, 5, "santiago", least=1)
    finally:
        await source.close()
    imported = await store.import_game(exported)
    ended = await history.ending(store, imported.id)
    assert ended is not None and ended.rated and ended.moves == kept.moves
    assert [(p.seat, p.player, p.place, p.score) for p in ended.placings] == [
        (p.seat, p.player, p.place, p.score) for p in kept.placings
    ]
    assert await history.leaderboard(store, 5, "santiago", least=1) == board


async def test_an_active_game_needs_a_free_channel_to_come_back(store):
    started = await started_game(store, channel=10)
    await play_random_moves(store, started.record.id, 12)
    exported = await store.export_game(started.record.id)
    # Another server: this one holds the very game, which it would refuse as a copy.
    with pytest.raises(ChannelBusy, match="channel 10|Channel 10"):
        await store.import_game(exported, guild_id=6)
    moved = await store.import_game(exported, guild_id=6, channel_id=20)
    assert moved.status == "active" and moved.channel_id == 20 and moved.guild_id == 6
    assert moved.state_json == (await store.get(started.record.id)).state_json


async def test_a_lobby_round_trips_without_seed_or_state(store):
    lobby = await seated_lobby(store, players=2)
    exported = await store.export_game(lobby.id)
    assert exported["seed"] is None and exported["state"] is None and exported["actions"] == []
    copied = await store.import_game(exported, channel_id=11)
    assert copied.status == "lobby" and copied.seats == lobby.seats


@pytest.mark.parametrize(
    "damage, reason",
    [
        (lambda d: d["actions"][3].update(code="drive:99"), "does not replay"),
        (lambda d: d["actions"].pop(), "marked finished but its replay is not over"),
        (lambda d: d["state"].update(format=99), "state differs"),
        (lambda d: d["actions"][0].update(seq=5), "out of sequence"),
        (lambda d: d.update(format="other"), "unknown format"),
        (lambda d: d.update(kind="chess"), "unknown game kind"),
        (lambda d: d.update(seats=[]), "no seats"),
    ],
    ids=["illegal-action", "log-cut-short", "state-edited", "gap", "format", "kind", "seats"],
)
async def test_a_damaged_export_is_refused_and_nothing_is_written(store, damage, reason):
    exported = await finished_export(store)
    before = len(await store.list_active()), await store.get(exported["id"])
    bad = copy.deepcopy(exported)
    damage(bad)
    with pytest.raises(StorageError, match=reason):
        await store.import_game(bad)
    assert (len(await store.list_active()), await store.get(exported["id"])) == before
    with pytest.raises(StorageError):
        await store.get(exported["id"] + 1)


def test_export_and_import_from_the_command_line(tmp_path, capsys):
    db = str(tmp_path / "db.sqlite3")

    async def build() -> dict:
        async with await Store.open(db) as store:
            return await finished_export(store)

    exported = asyncio.run(build())
    out = tmp_path / "game.json"
    assert storage_main(["export", db, str(exported["id"]), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["actions"] == exported["actions"]
    target = str(tmp_path / "copy.sqlite3")
    assert storage_main(["import", target, str(out)]) == 0
    assert "imported as game 1" in capsys.readouterr().out
    assert storage_main(["verify", target]) == 0
    assert storage_main(["export", db, "999"]) == 2
    assert "no game 999" in capsys.readouterr().err


def test_import_refuses_a_deeply_nested_file(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"format": ' + "[" * 50_000 + "]" * 50_000 + "}")
    target = tmp_path / "copy.sqlite3"
    assert storage_main(["import", str(target), str(path)]) == 2
    assert "nested more than 32 levels deep" in capsys.readouterr().err
    assert not target.exists()
    assert storage_main(["import", str(target), str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def written_before_the_casino_was_kept_apart(state: dict) -> dict:
    """A Santiago state as a version before the Casino's own VP source wrote it: 7 sources a
    seat (the Casino's VP among the buildings') and a delivery's last move without its good."""
    from games.santiago.state import VP_BUILDINGS, VP_CASINO, VP_SOURCE_COUNT

    old, n = copy.deepcopy(state), VP_SOURCE_COUNT
    old["vp_sources"] = []
    for seat in range(len(state["vp"])):
        row = state["vp_sources"][seat * n : seat * n + n]
        row[VP_BUILDINGS] += row[VP_CASINO]
        old["vp_sources"] += row[:VP_CASINO] + row[VP_CASINO + 1 :]
    if old.get("last") and old["last"]["code"].startswith("amount:"):
        old["last"]["code"] = ":".join(old["last"]["code"].split(":")[:2])
    return old


async def test_an_export_written_before_the_casino_was_kept_apart_still_imports(store, tmp_path):
    exported = await finished_export(store)
    older = {**exported, "state": written_before_the_casino_was_kept_apart(exported["state"])}
    assert len(older["state"]["vp_sources"]) == 7 * len(exported["seats"])
    damaged = copy.deepcopy(older)
    damaged["state"]["pesos"][0] += 1

    other = await Store.open(tmp_path / "other.sqlite3")
    try:
        imported = await other.import_game(json.loads(json.dumps(older)))
        # rebuilt from its log: today's bookkeeping
        assert json.loads(imported.state_json) == exported["state"]
        # the older form excuses only its bookkeeping: anything else that differs is refused
        with pytest.raises(StorageError, match="differs from the replay"):
            await other.import_game(json.loads(json.dumps(damaged)))
    finally:
        await other.close()
