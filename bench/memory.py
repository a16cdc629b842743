"""Memory with many games hosted: 10,000 active games (Santiago and Havana, 2-4 players) each
touched once the way a move touches it (the record read from the store, its state parsed and
kept by the bot's state cache), then the process's RSS and the longest garbage-collection pause.

In the same run, the same games kept in an unbounded dict (what the bot did before its state
cache was bounded) give the comparison. Last line: JSON.

    python bench/memory.py [--games 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from bot.core.state_cache import StateCache  # noqa: E402
from storage import Store  # noqa: E402
from storage.records import dump_state  # noqa: E402


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def fill(path: Path, count: int, seed: int) -> None:
    """`count` active games written in one transaction (the store's own path would take an
    fsync per lobby, join and start: minutes for nothing measured here)."""
    rng = random.Random(seed)
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        for n in range(1, count + 1):
            kind = rng.choice(("santiago", "havana"))
            engine = games.get(kind)
            players = rng.randint(2, 4)
            options = engine.options(None)
            game_seed = rng.randrange(2**31)
            state = engine.new(players, game_seed, options)
            conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, kind, status, options, seed,"
                " version, creator_id, created_at, updated_at, state)"
                " VALUES (?, 1, ?, ?, 'active', ?, ?, 0, 100, 't', 't', ?)",
                (n, 1000 + n, kind, json.dumps(options), game_seed, dump_state(engine, state)),
            )
            conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(n, s, 100 + s, f"P{s}") for s in range(players)],
            )
        conn.execute("COMMIT")


async def create_schema(path: Path) -> None:
    await (await Store.open(path)).close()


def longest_collection() -> float:
    """How long a full collection takes now, in seconds."""
    start = time.perf_counter()
    gc.collect()
    return time.perf_counter() - start


class Pauses:
    """Every collection the interpreter runs by itself, timed."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._began = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self._began)


async def touch_all(path: Path, count: int, keep) -> None:
    store = await Store.open(path)
    try:
        for game_id in range(1, count + 1):
            record = await store.get(game_id)
            keep[game_id] = (record.version, record.state())
    finally:
        await store.close()


def measure(path: Path, count: int, bounded: bool) -> dict:
    gc.collect()
    gc.freeze()  # as the bot does after start-up
    before = rss_mb()
    pauses = Pauses()
    gc.callbacks.append(pauses)
    keep = StateCache() if bounded else {}
    try:
        asyncio.run(touch_all(path, count, keep))
        full = longest_collection()
    finally:
        gc.callbacks.remove(pauses)
    figures = {
        "states_kept": len(keep),
        "rss_mb": round(rss_mb(), 1),
        "rss_growth_mb": round(rss_mb() - before, 1),
        "longest_gc_pause_ms": round(pauses.longest * 1000, 1),
        "full_collection_ms": round(full * 1000, 1),
    }
    del keep
    gc.unfreeze()
    gc.collect()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.sqlite3"
        asyncio.run(create_schema(path))
        fill(path, args.games, args.seed)
        bounded = measure(path, args.games, bounded=True)
        unbounded = measure(path, args.games, bounded=False)
    print(f"{args.games} active games, each touched once")
    for name, f in (("bounded state cache", bounded), ("every state kept", unbounded)):
        print(
            f"{name:22} states {f['states_kept']:6d}  RSS {f['rss_mb']:6.1f} MB"
            f" (+{f['rss_growth_mb']})  longest GC pause {f['longest_gc_pause_ms']} ms"
            f"  full collection {f['full_collection_ms']} ms"
        )
    print(json.dumps({"games": args.games, "bounded": bounded, "unbounded": unbounded}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
