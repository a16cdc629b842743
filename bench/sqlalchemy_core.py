"""Our SQLite backend against SQLAlchemy Core on the move's transaction, side by side.

    pip install -e ".[dev]"  # SQLAlchemy is a dev dependency for this comparison only; the bot does not use it
    python bench/sqlalchemy_core.py [--moves 1000] [--repeat 3]

The same random Santiago de Cuba game is stored twice, move by move, in two files made alike
(`Store.open`: WAL, `synchronous=FULL`, the same schema): once through the store's own
`commit_move` (the move's statements driven in one hop into aiosqlite's thread), once through
SQLAlchemy Core's asyncio engine over the same driver (`sqlite+aiosqlite`), running the very same
statements (`storage.store._commit_move`) in one `engine.begin()` transaction, each statement
awaited as SQLAlchemy's asyncio layer requires. The runs alternate, so a busy machine slows both.

The last line is JSON: per way, commit p50/p95 in ms and moves per second, and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

import games  # noqa: E402
from storage import Store, start_game  # noqa: E402
from storage.backends.steps import Execute, ExecuteMany, Query, run_async  # noqa: E402
from storage.database import SYNCHRONOUS  # noqa: E402
from storage.records import dump_state  # noqa: E402
from storage.store import _commit_move, now  # noqa: E402

ENGINE = games.get("santiago")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def moves(state, count: int, rng: random.Random) -> list[tuple[int, str, str]]:
    """(seat, code, state after) for `count` random moves, games restarted when one ends."""
    out = []
    while len(out) < count and not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0].seat
        code = rng.choice(ENGINE.legal_codes(state, seat))
        state, _ = ENGINE.apply(state, seat, code)
        if ENGINE.is_over(state):
            break
        out.append((seat, code, dump_state(ENGINE, state)))
    return out


async def prepared(folder: Path, count: int) -> tuple[Path, int, list]:
    path = folder / "base.sqlite3"
    store = await Store.open(path)
    try:
        lobby = await store.create_game(
            guild_id=1,
            channel_id=1,
            kind="santiago",
            options=ENGINE.options(None),
            creator_id=1,
            creator_name="P1",
        )
        for user in (2, 3):
            await store.join(lobby.id, user, f"P{user}")
        started = await start_game(store, lobby.id, 7)
    finally:
        await store.close()
    return path, started.record.id, moves(started.state, count, random.Random(7))


async def through_store(path: Path, game_id: int, played: list) -> list[float]:
    store = await Store.open(path)
    times = []
    try:
        for version, (seat, code, state_json) in enumerate(played):
            t = time.perf_counter()
            await store.commit_move(
                game_id, expected_version=version, seat=seat, code=code, state_json=state_json
            )
            times.append(time.perf_counter() - t)
    finally:
        await store.close()
    return times


async def _drive(conn, steps) -> None:
    """The move's statements, each awaited through SQLAlchemy Core."""

    async def perform(step):
        if isinstance(step, Query):
            return (await conn.exec_driver_sql(step.sql, step.args)).fetchall()
        if isinstance(step, Execute):
            return (await conn.exec_driver_sql(step.sql, step.args)).rowcount
        if isinstance(step, ExecuteMany):
            return await conn.exec_driver_sql(step.sql, list(step.rows))
        return None  # Serialise: SQLite's write lock serialises already

    await run_async(steps, perform)


async def through_sqlalchemy(path: Path, game_id: int, played: list) -> list[float]:
    from sqlalchemy import event
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(f"sqlite+aiosqlite:///{path}")

    @event.listens_for(engine.sync_engine, "connect")
    def _alike(dbapi_conn, _record) -> None:  # the store's durability on this connection too
        cursor = dbapi_conn.cursor()
        cursor.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    times = []
    try:
        for version, (seat, code, state_json) in enumerate(played):
            t = time.perf_counter()
            async with engine.begin() as conn:
                steps = _commit_move(
                    game_id, version, seat, code, state_json, False, now(), None, None, {}
                )
                await _drive(conn, steps)
            times.append(time.perf_counter() - t)
    finally:
        await engine.dispose()
    return times


def summary(times: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(times, 0.5) * 1000, 3),
        "p95_ms": round(percentile(times, 0.95) * 1000, 3),
        "moves_per_s": round(len(times) / sum(times), 1),
    }


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ours: list[float] = []
    core: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base, game_id, played = await prepared(folder, args.moves)
        for round_ in range(args.repeat):
            for name, way, sink in (
                ("store", through_store, ours),
                ("core", through_sqlalchemy, core),
            ):
                path = folder / f"{name}-{round_}.sqlite3"
                for suffix in ("", "-wal", "-shm"):
                    if Path(f"{base}{suffix}").exists():
                        shutil.copy(f"{base}{suffix}", f"{path}{suffix}")
                sink.extend(await way(path, game_id, played))
    figures = {"moves": len(ours), "store": summary(ours), "sqlalchemy_core": summary(core)}
    figures["p95_ratio_core_to_store"] = round(
        figures["sqlalchemy_core"]["p95_ms"] / figures["store"]["p95_ms"], 2
    )
    print(f"{'way':<18}{'p50 ms':>10}{'p95 ms':>10}{'moves/s':>10}")
    for name in ("store", "sqlalchemy_core"):
        f = figures[name]
        print(f"{name:<18}{f['p50_ms']:>10}{f['p95_ms']:>10}{f['moves_per_s']:>10}")
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
