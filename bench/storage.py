"""Storage figures: moves committed per second, commit latency, and start-up with many games.

    python bench/storage.py [--moves 2000] [--finished 10000] [--active 500] [--dir FOLDER]
    python bench/storage.py --db postgresql://... [--moves 2000] [--writers 4]

1. Random Santiago games are played through `apply_move` (the bot's path) into a fresh file;
   every call is timed, and so is `commit_move` alone on the same states.
2. The floor: a bare `sqlite3` INSERT of one row holding a state of the same size, and COMMIT,
   in the same mode (WAL, the same `synchronous`) on the same disk.
3. Start-up: a file with `--finished` finished and `--active` active games (real states and
   action logs), then `Store.open` (checks + migrations) and `list_active`.

With `--db URL` (PostgreSQL; the database should be empty) steps 1 and 2 run against that
server, the floor being a bare asyncpg insert-and-commit of one row over the same connection
kind, and then `--writers` processes play games at once: total moves per second.

The last line is JSON with every figure. Goals: commit p95 at most 3x the floor's p95; start-up
under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

# This script is named like the package it measures; run as a file, its own folder would come
# first on the import path and hide the real `storage` package.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

import games  # noqa: E402
from storage import Store, apply_move, start_game  # noqa: E402
from storage.database import SYNCHRONOUS  # noqa: E402
from storage.records import dump_state  # noqa: E402
from storage.store import now  # noqa: E402

ENGINE = games.get("santiago")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def figures(latencies: list[float], total: float) -> dict[str, float]:
    return {
        "per_second": round(len(latencies) / total, 1),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 3),
        "p95_ms": round(percentile(latencies, 0.95) * 1000, 3),
    }


async def new_game(store: Store, channel: int, seed: int):
    lobby = await store.create_game(
        guild_id=1,
        channel_id=channel,
        kind="santiago",
        options=ENGINE.options(None),
        creator_id=1,
        creator_name="P1",
    )
    for user in (2, 3):
        await store.join(lobby.id, user, f"P{user}")
    return await start_game(store, lobby.id, seed)


async def bench_moves(
    path: Path | str, moves: int, channel: int = 0, seed: int = 1
) -> tuple[dict, dict, list[str]]:
    """apply_move figures, commit_move figures, and the state JSONs seen (for the floor)."""
    chooser = random.Random(seed)
    store = await Store.open(path)
    apply_times: list[float] = []
    commit_times: list[float] = []
    states: list[str] = []
    try:
        apply_total = 0.0
        while len(apply_times) < moves:
            channel += 1
            result = await new_game(store, channel, chooser.getrandbits(62))
            state, record = result.state, result.record
            while not ENGINE.is_over(state) and len(apply_times) < moves:
                decision = chooser.choice(ENGINE.pending(state))
                code = chooser.choice(ENGINE.legal_codes(state, decision.seat))
                started = time.perf_counter()
                result = await apply_move(
                    store, record.id, decision.seat, code, expected_version=record.version
                )
                elapsed = time.perf_counter() - started
                apply_total += elapsed
                apply_times.append(elapsed)
                state, record = result.state, result.record
                states.append(record.state_json)
        # commit_move alone, replaying the same sequence of states into new games.
        commit_total = 0.0
        index = 0
        while index < len(states):
            channel += 1
            game = (await new_game(store, channel, 1)).record
            for version, state_json in enumerate(states[index : index + 300]):
                started = time.perf_counter()
                await store.commit_move(
                    game.id, expected_version=version, seat=0, code="x", state_json=state_json
                )
                elapsed = time.perf_counter() - started
                commit_total += elapsed
                commit_times.append(elapsed)
            await store.abandon(game.id)
            index += 300
    finally:
        await store.close()
    return figures(apply_times, apply_total), figures(commit_times, commit_total), states


def bench_floor(path: Path, states: list[str]) -> dict:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    latencies = []
    total = 0.0
    for body in states:
        started = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute("INSERT INTO t (body) VALUES (?)", (body,))
        conn.execute("COMMIT")
        elapsed = time.perf_counter() - started
        total += elapsed
        latencies.append(elapsed)
    conn.close()
    return figures(latencies, total)


def sample_games() -> tuple[list[tuple[int, str]], str, str]:
    """A real finished game's log and final state, and a mid-game state."""
    chooser = random.Random(7)
    state = ENGINE.new(3, 7, ENGINE.options(None))
    log, middle = [], None
    while not ENGINE.is_over(state):
        decision = chooser.choice(ENGINE.pending(state))
        code = chooser.choice(ENGINE.legal_codes(state, decision.seat))
        state, _ = ENGINE.apply(state, decision.seat, code)
        log.append((decision.seat, code))
        if len(log) == 150:
            middle = dump_state(ENGINE, state)
    return log, dump_state(ENGINE, state), middle or dump_state(ENGINE, state)


async def build_many(path: Path, finished: int, active: int) -> None:
    await (await Store.open(path)).close()  # the schema, through the real migrations
    log, final_state, middle_state = sample_games()
    options = json.dumps(ENGINE.options(None))
    stamp = now()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for index in range(finished + active):
        done = index < finished
        moves = log if done else log[:150]
        game_id = conn.execute(
            "INSERT INTO games (guild_id, channel_id, kind, status, options, seed, version,"
            " creator_id, created_at, updated_at, state) VALUES (?, ?, 'santiago', ?, ?, 7, ?,"
            " 1, ?, ?, ?)",
            (
                1,
                index + 1,
                "finished" if done else "active",
                options,
                len(moves),
                stamp,
                stamp,
                final_state if done else middle_state,
            ),
        ).lastrowid
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, seat, 1000 + seat, f"Player {seat}") for seat in range(3)],
        )
        conn.executemany(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
            [(game_id, seq, seat, code, stamp) for seq, (seat, code) in enumerate(moves, 1)],
        )
    conn.execute("COMMIT")
    conn.close()


async def bench_startup(path: Path, active: int) -> float:
    started = time.perf_counter()
    store = await Store.open(path)
    listed = await store.list_active()
    elapsed = time.perf_counter() - started
    await store.close()
    assert len(listed) == active, len(listed)
    return elapsed


async def pg_floor(url: str, states: list[str]) -> dict:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        # A logged table: a temporary one is written without the WAL and never waits for a flush.
        await conn.execute("CREATE TABLE bench_floor (id BIGSERIAL PRIMARY KEY, body TEXT)")
        latencies, total = [], 0.0
        for body in states:
            started = time.perf_counter()
            async with conn.transaction():
                await conn.execute("INSERT INTO bench_floor (body) VALUES ($1)", body)
            elapsed = time.perf_counter() - started
            total += elapsed
            latencies.append(elapsed)
        await conn.execute("DROP TABLE bench_floor")
    finally:
        await conn.close()
    return figures(latencies, total)


def _writer(url: str, moves: int, index: int) -> int:
    asyncio.run(bench_moves(url, moves, channel=1_000_000 * (index + 1), seed=index + 2))
    return moves


def bench_postgres(url: str, moves: int, writers: int) -> None:
    from concurrent.futures import ProcessPoolExecutor

    applied, committed, states = asyncio.run(bench_moves(url, moves, channel=10_000_000))
    floor = asyncio.run(pg_floor(url, states))
    print(f"PostgreSQL; state JSON {len(states[-1])} bytes at the end")
    print(f"apply_move : {applied}")
    print(f"commit_move: {committed}")
    print(f"floor      : {floor}")
    each = max(1, moves // writers)
    started = time.perf_counter()
    with ProcessPoolExecutor(writers) as pool:
        done = sum(pool.map(_writer, [url] * writers, [each] * writers, range(writers)))
    elapsed = time.perf_counter() - started
    # Each writer also replays its states through commit_move alone: two commits per move.
    rate = round(2 * done / elapsed, 1)
    print(f"{writers} writer processes at once: {2 * done} commits in {elapsed:.1f} s ({rate}/s)")
    line = {
        "backend": "postgresql",
        "moves": len(states),
        "apply_move": applied,
        "commit_move": committed,
        "floor": floor,
        "commit_p95_over_floor_p95": round(committed["p95_ms"] / floor["p95_ms"], 2),
        "writers": writers,
        "writers_commits_per_second": rate,
    }
    print(json.dumps(line, sort_keys=True))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python bench/storage.py")
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=500)
    parser.add_argument("--dir", help="folder for the temporary files (default: system temp)")
    parser.add_argument("--db", help="a postgresql:// URL to measure instead of SQLite")
    parser.add_argument("--writers", type=int, default=4)
    args = parser.parse_args()
    if args.db:
        bench_postgres(args.db, args.moves, args.writers)
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        base = Path(folder)
        applied, committed, states = asyncio.run(bench_moves(base / "moves.sqlite3", args.moves))
        floor = bench_floor(base / "floor.sqlite3", states)
        print(f"synchronous={SYNCHRONOUS}, WAL; state JSON {len(states[-1])} bytes at the end")
        print(f"apply_move : {applied}")
        print(f"commit_move: {committed}")
        print(f"floor      : {floor}")
        built = time.perf_counter()
        asyncio.run(build_many(base / "many.sqlite3", args.finished, args.active))
        size_mb = (base / "many.sqlite3").stat().st_size / 1e6
        print(
            f"built {args.finished} finished + {args.active} active games"
            f" ({size_mb:.0f} MB) in {time.perf_counter() - built:.1f} s"
        )
        startups = [
            asyncio.run(bench_startup(base / "many.sqlite3", args.active)) for _ in range(3)
        ]
        print(f"start-up (open + migrations + list_active): {[round(s, 3) for s in startups]} s")
    line = {
        "synchronous": SYNCHRONOUS,
        "moves": len(states),
        "apply_move": applied,
        "commit_move": committed,
        "floor": floor,
        "commit_p95_over_floor_p95": round(committed["p95_ms"] / floor["p95_ms"], 2),
        "apply_p95_over_floor_p95": round(applied["p95_ms"] / floor["p95_ms"], 2),
        "startup_games": args.finished + args.active,
        "startup_s_first": round(startups[0], 3),
        "startup_s_median": round(statistics.median(startups), 3),
        "db_mb": round(size_mb, 1),
    }
    print(json.dumps(line, sort_keys=True))


if __name__ == "__main__":
    main()
