"""Every storage command takes a PostgreSQL URL as well as a file: `storage copy` both ways,
`verify`, `export`, and two simulator processes writing to one PostgreSQL database at once."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys

import pytest

from games.simulate import simulate
from storage import Store, quiet
from storage.__main__ import main as storage_main
from storage.simulate import simulate_into_db


def last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Three finished Santiago games, one abandoned lobby and one game in play, in SQLite."""
    path = tmp_path_factory.mktemp("played") / "games.sqlite3"
    assert simulate_into_db(path, "santiago", 3, 3, 5, None).finished == 3

    async def more() -> None:
        from tests.storage.storage_support import play_random_moves, seated_lobby, started_game

        store = await Store.open(path)
        try:
            lobby = await seated_lobby(store, channel=77)
            await store.abandon(lobby.id)
            game = await started_game(store, channel=78)
            await play_random_moves(store, game.record.id, 20)
            await store.set_note(game.record.id, "bot.turn", "123")
            await store.set_server_language(5, "it")
            await quiet.set_hours(store, 9, 22, 8, "Europe/Rome")
            await quiet.hold(store, quiet.Held(9, game.record.id, "turn", 5, 1000.0))
            await a_league_playing(store, game.record)
        finally:
            await store.close()

    asyncio.run(more())
    return path


async def a_league_playing(store, game) -> None:
    """A league in its first round, whose one table is the game in play."""
    from storage import leagues as lg
    from tests.storage.test_storage_leagues import spec

    league = await lg.create_league(store, spec(kind="santiago"))
    for seat in game.seats:
        await lg.join_league(store, league.id, seat.user_id, seat.name)
    await lg.set_status(store, league.id, "running", "signup")
    await lg.start_round(store, league.id, 1, 0.0, 1.0, [tuple(s.user_id for s in game.seats)])
    await lg.attach_game(store, league.id, 1, 1, game.id)


def exports(target) -> list[dict]:
    async def read() -> list[dict]:
        store = await Store.open(target)
        try:
            return [await store.export_game(i) for i in await store.game_ids()]
        finally:
            await store.close()

    return asyncio.run(read())


HISTORY = (
    "SELECT * FROM endings ORDER BY game_id",
    "SELECT * FROM placings ORDER BY game_id, seat",
    "SELECT * FROM ratings ORDER BY guild_id, kind, player",
    "SELECT * FROM leagues ORDER BY id",
    "SELECT * FROM league_members ORDER BY league_id, user_id",
    "SELECT * FROM league_tables ORDER BY league_id, round, table_no",
)


def history(target) -> list:
    """The history tables, and what the bot shows of them: the leaderboard and the languages."""

    async def read() -> list:
        from storage import history as past

        store = await Store.open(target)
        try:
            tables = [await store.read(query) for query in HISTORY]
            guild = tables[0][0][2]  # the simulator's server
            board = await past.leaderboard(store, guild, "santiago", least=1)
            return [*tables, board, await store.server_languages()]
        finally:
            await store.close()

    return asyncio.run(read())


def test_copy_sqlite_to_postgresql_and_back_keeps_every_game(
    played, pg_empty_url, tmp_path, capsys
):
    source = tmp_path / "source.sqlite3"
    shutil.copyfile(played, source)
    assert storage_main(["copy", str(source), pg_empty_url]) == 0
    copied = last_json(capsys.readouterr().out)
    assert copied["mismatches"] == 0 and copied["verified"] == 4
    assert copied["rows"]["games"] == 5 and copied["rows"]["notes"] == 1
    assert copied["rows"]["actions"] > 100
    # Three finished games of three players, each rated in the order they ended.
    assert copied["rows"]["endings"] == 3 and copied["rows"]["placings"] == 9
    assert copied["rows"]["ratings"] >= 3 and copied["rows"]["server_languages"] == 1
    assert copied["rows"]["member_quiet_hours"] == 1 and copied["rows"]["quiet_held"] == 1
    assert copied["rows"]["leagues"] == 1 and copied["rows"]["league_members"] == 3
    assert copied["rows"]["league_rounds"] == 1 and copied["rows"]["league_tables"] == 1
    original = exports(source)
    assert exports(pg_empty_url) == original
    kept = history(source)
    assert kept[-1] == {5: "it"} and kept[-2]
    assert history(pg_empty_url) == kept

    back = tmp_path / "back.sqlite3"
    assert storage_main(["copy", pg_empty_url, f"sqlite:///{back}"]) == 0
    assert last_json(capsys.readouterr().out)["verified"] == 4
    assert exports(back) == original
    assert history(back) == kept

    # The game in play goes on in PostgreSQL, and a new game gets an id of its own.
    async def go_on() -> tuple[str | None, int]:
        store = await Store.open(pg_empty_url)
        try:
            fresh = await store.create_game(
                guild_id=1, channel_id=99, kind="havana", options={}, creator_id=1, creator_name="A"
            )
            return await store.get_note(5, "bot.turn"), fresh.id
        finally:
            await store.close()

    assert asyncio.run(go_on()) == ("123", 6)


def test_copy_into_a_database_that_holds_games_is_refused_and_changes_nothing(
    played, pg_url, capsys
):
    assert storage_main(["copy", str(played), pg_url]) == 0
    capsys.readouterr()
    assert storage_main(["copy", str(played), pg_url]) == 2
    assert "already holds 5 games" in capsys.readouterr().err
    assert len(exports(pg_url)) == 5


def test_verify_and_export_take_a_url(played, pg_url, tmp_path):
    assert run("storage", "copy", str(played), pg_url).returncode == 0
    verified = run("storage", "verify", pg_url)
    assert verified.returncode == 0, verified.stderr
    assert last_json(verified.stdout) == {"games": 4, "verified": 4, "mismatches": 0}
    exported = run("storage", "export", pg_url, "1", "-o", str(tmp_path / "one.json"))
    assert exported.returncode == 0, exported.stderr
    data = json.loads((tmp_path / "one.json").read_text())
    assert data["id"] == 1 and data["status"] == "finished"


def test_two_simulators_write_to_one_postgresql_at_once(pg_url):
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "games",
                "simulate",
                "--game",
                game,
                "--players",
                "3",
                "--games",
                "3",
                "--seed",
                str(seed),
                "--db",
                pg_url,
                "--json",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for game, seed in (("santiago", 11), ("havana", 12))
    ]
    outputs = [p.communicate(timeout=300) for p in runs]
    for process, (_, err) in zip(runs, outputs, strict=True):
        assert process.returncode == 0, err
    for (out, _), (game, seed) in zip(outputs, (("santiago", 11), ("havana", 12)), strict=True):
        figures = last_json(out)
        assert figures["errors"] == 0 and figures["finished"] == 3
        # The same seed plays the same games with or without a database.
        assert figures["final_scores"] == [list(s) for s in simulate(game, 3, 3, seed).final_scores]
    verified = run("storage", "verify", pg_url)
    assert last_json(verified.stdout) == {"games": 6, "verified": 6, "mismatches": 0}
