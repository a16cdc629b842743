"""`python -m games simulate --db ...` killed with SIGKILL and started again with the same
arguments finishes every game with no error, as an uninterrupted run would have played them.

The kills are real: a child process running the command is killed once the database shows the
moment wanted. On PostgreSQL a trigger makes the child wait at one exact statement (a seat taken,
the start, a given move, the next game's creation) so the kill lands there; on SQLite the child
is killed once enough moves are stored.
"""

from __future__ import annotations

import asyncio
import functools
import json
import signal
import sqlite3
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from games.simulate import simulate
from storage import Store
from storage.copy import copy_database
from storage.simulate import sim_channel

# Waiting for a child to reach a moment: bounded, and generous for a busy machine.
PATIENCE = 180
# A key for the advisory lock the trigger waits on (the store's own keys are elsewhere).
HOLD = 0x5E1D


def command(db: str | Path, seed: int, count: int, game: str, players: int) -> list[str]:
    return [
        sys.executable, "-m", "games", "simulate", "--game", game, "--players", str(players),
        "--games", str(count), "--seed", str(seed), "--json", "--db", str(db),
    ]  # fmt: skip


class Runs:
    """Starts runs of the command as children; the `runs` fixture kills any still running."""

    def __init__(self) -> None:
        self.children: list[asyncio.subprocess.Process] = []

    async def start(self, db, seed: int, count: int, game: str = "havana", players: int = 2):
        child = await asyncio.create_subprocess_exec(
            *command(db, seed, count, game, players),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        self.children.append(child)
        return child

    async def finish(self, db, seed: int, count: int, game: str = "havana", players: int = 2):
        """Start the run (again) with these arguments and let it end: see `finished`."""
        child = await self.start(db, seed, count, game, players)
        await finished(child, seed, count, game, players)


@pytest.fixture
async def runs():
    made = Runs()
    yield made
    for child in made.children:
        if child.returncode is None:
            child.kill()
            # Not `communicate`: a failed test may have left a sibling reading its output.
            await child.wait()


class Look:
    """Reads the database under test, through one connection kept open while the test polls."""

    def __init__(self, db) -> None:
        self.db = db
        self.conn = None

    async def __aenter__(self) -> Look:
        if isinstance(self.db, Path):
            self.conn = sqlite3.connect(self.db, isolation_level=None)
        else:
            self.conn = await asyncpg.connect(self.db)
        return self

    async def __aexit__(self, *_) -> None:
        if isinstance(self.db, Path):
            self.conn.close()
        else:
            await self.conn.close()

    async def games(self) -> list[tuple[int, int, str, int, int]]:
        """(id, channel, status, version, seats) of every stored game, oldest first."""
        sql = (
            "SELECT g.id, g.channel_id, g.status, g.version,"
            " (SELECT count(*) FROM seats WHERE game_id = g.id) FROM games AS g ORDER BY g.id"
        )
        if isinstance(self.db, Path):
            return [tuple(r) for r in self.conn.execute(sql)]
        return [tuple(r) for r in await self.conn.fetch(sql)]


async def games_in(db) -> list[tuple[int, int, str, int, int]]:
    """Every stored game, read once."""
    async with Look(db) as look:
        return await look.games()


async def migrated(db) -> None:
    """The database exists before the child starts, so the test can watch it from the start."""
    await (await Store.open(db)).close()


async def kill_when(child, ready, what: str) -> None:
    """SIGKILL `child` as soon as `ready()` (a look at the database) is true."""
    deadline = time.monotonic() + PATIENCE
    while not await ready():
        if child.returncode is not None:
            out, err = await child.communicate()
            pytest.fail(f"the run ended ({child.returncode}) before {what}: {out}{err}")
        assert time.monotonic() < deadline, f"the run never reached {what}"
        await asyncio.sleep(0.02)
    child.send_signal(signal.SIGKILL)
    await child.communicate()
    assert child.returncode == -signal.SIGKILL, f"the run ended before it was killed at {what}"


async def finished(child, seed: int, count: int, game: str = "havana", players: int = 2) -> None:
    """The run ends with exit 0, every game finished, none failed, and the very games an
    uninterrupted run plays."""
    out, err = await asyncio.wait_for(child.communicate(), PATIENCE)
    assert child.returncode == 0, err.decode()
    summary = json.loads(out.decode().splitlines()[-1])
    assert (summary["finished"], summary["errors"]) == (count, 0), summary["error_messages"]
    alone = simulate(game, players, count, seed).to_json()
    assert summary["final_scores"] == alone["final_scores"]
    assert summary["decisions"] == alone["decisions"]


async def each_game_once(db, seed: int, count: int) -> None:
    """The run's games are stored once each, all finished: nothing was made twice or left."""
    stored = await games_in(db)
    channels = {sim_channel(seed, index) for index in range(count)}
    mine = [g for g in stored if g[1] in channels]
    assert sorted(g[1] for g in mine) == sorted(channels)
    assert {g[2] for g in mine} == {"finished"}


async def test_a_run_killed_again_and_again_finishes_every_game_when_started_again(database, runs):
    db = database
    await migrated(db)
    seed, count = 21, 2

    async def moves(look: Look) -> int:
        return sum(g[3] for g in await look.games())

    async def first_moves(look: Look) -> bool:
        return await moves(look) >= 1

    async def first_game_half_played(look: Look) -> bool:
        return await moves(look) >= 150

    async def second_game_begun(look: Look) -> bool:
        done = next((g[3] for g in await look.games() if g[2] == "finished"), 0)
        return bool(done) and await moves(look) >= done + 5

    # Each run is killed later than the one before: in the first game's first moves, in its
    # middle, then in the second game once the first is over.
    async with Look(db) as look:
        for moment, reached in (
            ("the first moves", first_moves),
            ("the middle of the first game", first_game_half_played),
            ("the second game", second_game_begun),
        ):
            child = await runs.start(db, seed, count, "santiago", 3)
            await kill_when(child, functools.partial(reached, look), moment)
    await runs.finish(db, seed, count, "santiago", 3)
    await each_game_once(db, seed, count)
    # Killed after its last move: started again, the run counts what is stored and adds nothing.
    before = await games_in(db)
    await runs.finish(db, seed, count, "santiago", 3)
    assert await games_in(db) == before


# Where the trigger holds the child: (table, timing, condition), and what the database then holds.
MOMENTS = {
    "created, one seat taken": ("seats", "BEFORE INSERT", "NEW.seat = 1"),
    "every seat taken, not started": (
        "games",
        "BEFORE UPDATE",
        "OLD.status = 'lobby' AND NEW.status = 'active'",
    ),
    "started, no move yet": ("actions", "BEFORE INSERT", "NEW.seq = 1"),
    "in the middle": ("actions", "BEFORE INSERT", "NEW.seq = 60"),
    "its last move under way": ("games", "BEFORE UPDATE", "NEW.status = 'finished'"),
    "the next game not created yet": ("games", "BEFORE INSERT", "NEW.channel_id = {second}"),
}


async def hold_at(conn, table: str, timing: str, condition: str) -> None:
    """Make the next writer that meets `condition` wait on an advisory lock this test holds."""
    await conn.execute(
        "CREATE FUNCTION sim_hold() RETURNS trigger LANGUAGE plpgsql AS"
        f" $$ BEGIN PERFORM pg_advisory_xact_lock({HOLD}); RETURN NEW; END $$"
    )
    await conn.execute(
        f"CREATE TRIGGER sim_hold {timing} ON {table} FOR EACH ROW WHEN ({condition})"
        " EXECUTE FUNCTION sim_hold()"
    )
    await conn.execute("SELECT pg_advisory_lock($1)", HOLD)


@pytest.mark.parametrize("moment", MOMENTS)
async def test_a_run_killed_at_any_moment_of_a_game_carries_it_on(pg_url, tmp_path, runs, moment):
    seed = 31
    # One game, but two to be killed between them.
    count = 2 if moment == "the next game not created yet" else 1
    table, timing, condition = MOMENTS[moment]
    condition = condition.format(second=sim_channel(seed, 1))
    conn = await asyncpg.connect(pg_url)
    try:
        await hold_at(conn, table, timing, condition)
        child = await runs.start(pg_url, seed, count)

        async def waiting() -> bool:
            return bool(
                await conn.fetchval(
                    "SELECT count(*) FROM pg_locks"
                    " WHERE locktype = 'advisory' AND NOT granted AND objid = $1",
                    HOLD,
                )
            )

        await kill_when(child, waiting, moment)
        await conn.execute("SELECT pg_advisory_unlock($1)", HOLD)
        # Waits for the killed child's transaction to be rolled back.
        await conn.execute(f"DROP TRIGGER sim_hold ON {table}")
    finally:
        await conn.close()
    left = [g[2:] for g in await games_in(pg_url)]
    first = simulate("havana", 2, 1, seed).decisions
    assert (
        left
        == {
            "created, one seat taken": [("lobby", 0, 1)],
            "every seat taken, not started": [("lobby", 0, 2)],
            "started, no move yet": [("active", 0, 2)],
            "in the middle": [("active", 59, 2)],
            "its last move under way": [("active", first - 1, 2)],
            "the next game not created yet": [("finished", first, 2)],
        }[moment]
    )
    # The same database carried on by PostgreSQL, and copied as it is into an SQLite file.
    copy = tmp_path / "copy.sqlite3"
    assert (await copy_database(pg_url, str(copy))).report.problems == []
    await asyncio.gather(runs.finish(pg_url, seed, count), runs.finish(copy, seed, count))
    for db in (pg_url, copy):
        await each_game_once(db, seed, count)


async def test_two_writers_on_one_database_one_killed_and_started_again(database, runs):
    db = database
    await migrated(db)
    (killed, kept), count = (41, 42), 2
    mine = {sim_channel(killed, index) for index in range(count)}
    second_game = simulate("havana", 2, 1, killed).decisions + 20
    # The other writer has more to do: it plays on while the killed one starts again.
    other = await runs.start(db, kept, count + 1)
    child = await runs.start(db, killed, count)

    async with Look(db) as look:

        async def half_way() -> bool:
            return sum(g[3] for g in await look.games() if g[1] in mine) >= second_game

        await kill_when(child, half_way, "its second game")
    # Started again while the other writer plays on: neither disturbs the other's games.
    await asyncio.gather(finished(other, kept, count + 1), runs.finish(db, killed, count))
    await each_game_once(db, killed, count)
    await each_game_once(db, kept, count + 1)


async def test_two_runs_of_the_same_arguments_at_once_play_each_game_once(pg_url, runs):
    seed, count = 51, 2
    await asyncio.gather(runs.finish(pg_url, seed, count), runs.finish(pg_url, seed, count))
    await each_game_once(pg_url, seed, count)
    assert len(await games_in(pg_url)) == count


async def test_a_run_never_carries_on_a_game_it_did_not_make(tmp_path, runs):
    db = tmp_path / "sim.sqlite3"
    await migrated(db)
    seed = 61
    child = await runs.start(db, seed, 1, "santiago", 3)
    async with Look(db) as look:

        async def under_way() -> bool:
            return sum(g[3] for g in await look.games()) >= 20

        await kill_when(child, under_way, "20 moves")
    left = await games_in(db)
    # The same seed gives the same channel, but three players' game is not two players' one.
    other = await runs.start(db, seed, 1, "santiago", 2)
    out, err = await asyncio.wait_for(other.communicate(), PATIENCE)
    assert other.returncode == 1
    assert "which this run did not make" in err.decode()
    assert json.loads(out.decode().splitlines()[-1])["errors"] == 1
    assert await games_in(db) == left
    await runs.finish(db, seed, 1, "santiago", 3)
    await each_game_once(db, seed, 1)
