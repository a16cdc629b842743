"""An import takes nothing on trust that the log can tell: a record whose result, scores or
final state are not its replay's is refused with one clear line and nothing written; an honest
record, however its game ended, comes in with the result the replay gives."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json

import pytest
from storage_support import play_random_moves, seated_lobby, started_game

import games
from storage import StorageError, Store, history, start_game
from storage.__main__ import main as storage_main
from storage.play import standing_now
from storage.records import result_to_json

RATINGS = "SELECT guild_id, kind, player, mu, sigma, games FROM ratings ORDER BY 1, 2, 3"
ENDINGS = "SELECT game_id, how, moves, rated FROM endings ORDER BY seq"
PLACINGS = "SELECT game_id, seat, player, place, score FROM placings ORDER BY 1, 2"


async def finished_export(store: Store, seed: int = 11) -> dict:
    started = await started_game(store, players=3, seed=seed)
    await play_random_moves(store, started.record.id, 5000, seed=seed)
    return await store.export_game(started.record.id)


def loser_wins_999_to_0(data: dict) -> None:
    result = data["result"]["result"]
    loser = result["ranking"][-1]
    seats = range(len(result["scores"]))
    result["scores"] = [999 if s == loser else 0 for s in seats]
    result["winners"] = [loser]
    result["ranking"] = [loser] + [s for s in result["ranking"] if s != loser]
    result["places"] = [1 if s == loser else 2 for s in seats]


def one_score_raised(data: dict) -> None:
    result = data["result"]["result"]
    result["scores"][result["ranking"][-1]] += 1


def last_made_winner(data: dict) -> None:
    result = data["result"]["result"]
    result["winners"] = [result["ranking"][-1]]


def final_state_edited(data: dict) -> None:
    data["state"]["vp"][0] += 3


TAMPERED = [
    (loser_wins_999_to_0, "its result gives scores [999, 0, 0]|its result gives scores [0, "),
    (one_score_raised, "its result gives scores"),
    (last_made_winner, "its result gives winners"),
    (final_state_edited, "its state differs from the replay of its log"),
]
TAMPERED_IDS = ["loser-wins-999-0", "one-score", "winners", "final-state"]


async def what_is_kept(store: Store) -> tuple:
    """What the history and the ratings show, and every game's row."""
    return (
        await store.read(RATINGS),
        await store.read(ENDINGS),
        await store.read(PLACINGS),
        await store.read("SELECT id, status, version FROM games ORDER BY id"),
        (await history.page(store, 5)).total,
    )


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict:
    """One finished Santiago de Cuba game of three, as `python -m storage export` writes it."""
    folder = tmp_path_factory.mktemp("source")
    db = str(folder / "source.sqlite3")

    async def play() -> int:
        async with await Store.open(db) as store:
            return (await finished_export(store))["id"]

    game_id = asyncio.run(play())
    out = folder / "game.json"
    assert storage_main(["export", db, str(game_id), "-o", str(out)]) == 0
    return json.loads(out.read_text())


@pytest.mark.parametrize("tamper, says", TAMPERED, ids=TAMPERED_IDS)
def test_the_command_line_refuses_a_tampered_record_and_writes_nothing(
    tmp_path, capsys, exported, tamper, says
):
    target = tmp_path / "bot.sqlite3"
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(exported))
    # The database already holds one rated game: its history and ratings must not move.
    assert storage_main(["import", str(target), str(honest)]) == 0
    capsys.readouterr()

    async def kept() -> tuple:
        async with await Store.open(target) as store:
            return await what_is_kept(store)

    before = asyncio.run(kept())
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    bad = copy.deepcopy(exported)
    tamper(bad)
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(bad))

    assert storage_main(["import", str(target), str(forged)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Cannot import game {exported['id']}: ")
    assert any(s in lines[0] for s in says.split("|")), lines[0]
    assert hashlib.sha256(target.read_bytes()).hexdigest() == digest
    assert asyncio.run(kept()) == before

    # The record as it was exported still comes in (to another server: this one holds it
    # already), and counts like the first copy.
    assert storage_main(["import", str(target), str(honest), "--guild", "6"]) == 0
    assert "imported as game 2" in capsys.readouterr().out
    after = asyncio.run(kept())
    assert len(after[1]) == 2 and after[1][1][1:] == before[1][0][1:]


def test_a_refused_record_does_not_create_the_database(tmp_path, capsys, exported):
    bad = copy.deepcopy(exported)
    loser_wins_999_to_0(bad)
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(bad))
    target = tmp_path / "new.sqlite3"
    assert storage_main(["import", str(target), str(forged)]) == 2
    assert "its result gives scores" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize("tamper, says", TAMPERED[:3], ids=TAMPERED_IDS[:3])
async def test_the_store_refuses_a_tampered_result_on_every_backend(store, tamper, says):
    exported = await finished_export(store)
    before = await what_is_kept(store)
    bad = copy.deepcopy(exported)
    tamper(bad)
    with pytest.raises(StorageError, match=f"^Cannot import game {exported['id']}: its result"):
        await store.import_game(bad, channel_id=20)
    assert await what_is_kept(store) == before


async def test_a_result_of_a_game_still_being_played_is_refused(store):
    started = await started_game(store)
    await play_random_moves(store, started.record.id, 8)
    exported = await store.export_game(started.record.id)
    exported["result"] = {"how": "finished", "result": {"scores": [1, 0, 0]}}
    with pytest.raises(StorageError, match="marked active but its result says it was finished"):
        await store.import_game(exported, channel_id=20)


# ---------------------------------------------------------------- honest records of every ending


async def ended_early(store: Store, how: str, channel: int) -> dict:
    """A Havana game of three ended before its rules end it, written as the bot writes it:
    by the table without its leader (`ended`), by two resignations, or abandoned."""
    lobby = await seated_lobby(store, 3, channel, "havana")
    await start_game(store, lobby.id, 5)
    await play_random_moves(store, lobby.id, 40, seed=5)
    record = await store.get(lobby.id)
    state = record.state()
    last: tuple[int, ...] = ()
    if how == "ended":
        # The leader is the one the table did without, so being put last changes the places.
        last = (games.get("havana").standing(state).ranking[0],)
    if how == "resigned":
        for seat in (0, 2):
            record = await store.set_seat_flags(record.id, seat, resigned=True)
    result = standing_now(record, state, last)
    if how == "abandoned":
        result = games.no_winner(result)
    await store.end_game(
        record.id,
        status="abandoned" if how == "abandoned" else "finished",
        how=how,
        result_json=json.dumps(result_to_json(result)),
        expected_version=record.version,
    )
    return await store.export_game(record.id)


@pytest.mark.parametrize("how", ["ended", "resigned", "abandoned", "resigned-old-export"])
async def test_an_honest_record_of_a_game_ended_early_comes_in_as_it_was(store, how):
    exported = await ended_early(store, how.removesuffix("-old-export"), channel=10)
    if how.endswith("old-export"):
        # Exports written before seats carried the flag: the result's note names who resigned.
        for seat in exported["seats"]:
            del seat["resigned"]
    imported = await store.import_game(exported, guild_id=6, channel_id=20)
    kept = json.loads((await store.result(exported["id"]))[1])
    again = json.loads((await store.result(imported.id))[1])
    assert again == kept
    first = await history.ending(store, exported["id"])
    second = await history.ending(store, imported.id)
    assert (second.how, second.rated) == (first.how, first.rated)
    assert [(p.seat, p.player, p.place, p.score) for p in second.placings] == [
        (p.seat, p.player, p.place, p.score) for p in first.placings
    ]


async def test_a_finished_game_with_a_resigned_player_comes_in_as_it_was(store):
    started = await started_game(store, players=3, seed=4)
    await store.set_seat_flags(started.record.id, 1, resigned=True)
    result = await play_random_moves(store, started.record.id, 5000, seed=4)
    assert result.record.status == "finished"
    exported = await store.export_game(started.record.id)
    assert exported["seats"][1]["resigned"] and exported["result"]["result"]["ranking"][-1] == 1
    imported = await store.import_game(exported, guild_id=6, channel_id=20)
    assert imported.seats[1].resigned
    assert (await store.result(imported.id)) == (await store.result(exported["id"]))
    # Claiming nobody resigned does not move the resigned player up.
    bad = copy.deepcopy(exported)
    bad["seats"][1]["resigned"] = False
    with pytest.raises(StorageError, match="its result gives"):
        await store.import_game(bad, channel_id=21)
