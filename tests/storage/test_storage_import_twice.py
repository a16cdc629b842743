"""The same game imported twice counts once: `python -m storage import` of a game the server
already holds (same server, game, seed, seats and moves) is refused with one line naming the
stored game and exit status 2, and the history, the statistics, the leaderboard and the ratings
stay as they were. Another server may hold its own copy."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path

import pytest
from storage_support import play_random_moves, started_game

from storage import AlreadyStored, Store, history
from storage.__main__ import main as storage_main
from storage.ratings import user_identity

RATINGS = "SELECT guild_id, kind, player, mu, sigma, games FROM ratings ORDER BY 1, 2, 3"
ENDINGS = "SELECT game_id, guild_id, how, moves, rated FROM endings ORDER BY seq"
GUILD = 5  # the server the games of storage_support are played in


async def finished_game(store: Store) -> int:
    started = await started_game(store, players=3, seed=11)
    await play_random_moves(store, started.record.id, 5000, seed=11)
    return started.record.id


@pytest.fixture(scope="module")
def export_file(tmp_path_factory) -> Path:
    """One finished Santiago de Cuba game of three, as `python -m storage export` writes it."""
    folder = tmp_path_factory.mktemp("source")
    db = str(folder / "source.sqlite3")

    async def play() -> int:
        async with await Store.open(db) as store:
            return await finished_game(store)

    game_id = asyncio.run(play())
    out = folder / "game.json"
    assert storage_main(["export", db, str(game_id), "-o", str(out)]) == 0
    return out


def what_players_see(db, winner: int) -> tuple:
    """The winner's `/game history stats`, the leaderboard, the ratings and the history."""

    async def read() -> tuple:
        async with await Store.open(db) as store:
            stats = await history.stats(store, GUILD, user_identity(winner))
            return (
                [(s.kind, s.games, s.wins, s.rating) for s in stats],
                await history.leaderboard(store, GUILD, "santiago", least=1),
                await store.read(RATINGS),
                await store.read(ENDINGS),
                (await history.page(store, GUILD)).total,
            )

    return asyncio.run(read())


def digest(db) -> str | None:
    path = Path(db)
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def test_the_same_export_imported_twice_counts_once(database, export_file, capsys):
    db = str(database)
    data = json.loads(export_file.read_text())
    winner = data["seats"][data["result"]["result"]["winners"][0]]["user_id"]
    # Another server's copy first: it is no copy of the same server's game.
    assert storage_main(["import", db, str(export_file), "--guild", "9"]) == 0
    assert storage_main(["import", db, str(export_file)]) == 0
    assert "imported as game 2" in capsys.readouterr().out
    before = what_players_see(db, winner)
    assert before[0] == [("santiago", 1, 1, before[0][0][3])], "1 game, 1 win"
    assert before[4] == 1
    file_before = digest(db)

    assert storage_main(["import", db, str(export_file)]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    lines = said.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"Cannot import game {data['id']}: it is already stored as game 2")
    assert what_players_see(db, winner) == before, "still 1 game, 1 win, the same ratings"
    assert digest(db) == file_before


def test_a_game_exported_and_imported_back_into_its_own_database_is_refused(
    database, tmp_path, capsys
):
    db = str(database)

    async def play() -> int:
        async with await Store.open(db) as store:
            return await finished_game(store)

    game_id = asyncio.run(play())
    out = tmp_path / "game.json"
    assert storage_main(["export", db, str(game_id), "-o", str(out)]) == 0
    capsys.readouterr()
    assert storage_main(["import", db, str(out)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [
        f"Cannot import game {game_id}: it is already stored as game {game_id} (same server,"
        " game, seed, seats and moves); nothing was written."
    ]


async def test_two_imports_of_one_export_at_once_store_it_once(database, export_file):
    data = json.loads(export_file.read_text())
    first, second = await Store.open(database), await Store.open(database)
    try:
        done = await asyncio.gather(
            first.import_game(data), second.import_game(data), return_exceptions=True
        )
        stored = [d for d in done if not isinstance(d, BaseException)]
        refused = [d for d in done if isinstance(d, BaseException)]
        assert len(stored) == 1 and len(refused) == 1, done
        assert isinstance(refused[0], AlreadyStored) and refused[0].game_id == stored[0].id
        assert len(await first.read(ENDINGS)) == 1
    finally:
        await first.close()
        await second.close()
