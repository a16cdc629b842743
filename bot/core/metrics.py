"""Prometheus metrics, per shard: moves, interaction latency, active games, reminders, AI
decisions and their time, errors and the database's time for a move; and for the process, the
picture workers that died and the pictures lost with them.

With `METRICS_PORT` set, `python -m bot` serves them on that port (`/metrics`). Each call site
in the bot is one line; without a port the figures are still counted, just not served.
A server's shard is `(guild_id >> 22) % shard_count`, the shard Discord sends its events to.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from contextlib import contextmanager

from prometheus_client import Counter, Gauge, Histogram, start_http_server

# Interactions are answered in milliseconds; an AI's search takes up to seconds.
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60)

MOVES = Counter("malecon_moves_total", "Moves saved", ["shard", "kind"])
INTERACTIONS = Histogram(
    "malecon_interaction_seconds",
    "Time to handle a command or a component",
    ["shard"],
    buckets=FAST,
)
ACTIVE_GAMES = Gauge("malecon_active_games", "Games in play", ["shard"])
REMINDERS = Counter("malecon_reminders_total", "Reminders sent", ["shard", "via"])
AI_DECISIONS = Histogram(
    "malecon_ai_decision_seconds", "Time of an AI decision", ["shard", "level"], buckets=SLOW
)
ERRORS = Counter("malecon_errors_total", "Unexpected errors", ["shard", "where"])
DATABASE = Histogram(
    "malecon_database_seconds", "Time of a move's load, rules and commit", ["shard"], buckets=FAST
)
SCREEN_DMS = Histogram(
    "malecon_screen_dm_seconds",
    "Time from a change of a player's screen to its DM showing it (or a newer one)",
    buckets=SLOW,
)

# The picture pool is the process's, not a shard's.
PICTURE_WORKERS_BROKEN = Counter(
    "malecon_picture_workers_broken_total", "Picture pools replaced after a worker died"
)
PICTURES_LOST = Counter(
    "malecon_pictures_lost_total", "Pictures given up after the workers broke twice drawing them"
)

_shard_count = 1


def count_shards(shard_count: int | None) -> None:
    """Label the figures with the shard of each server, of `shard_count` shards."""
    global _shard_count
    _shard_count = shard_count or 1


def serve(port: int | None) -> None:
    """Serve the figures on `port` (all addresses: a scraper comes from another machine)."""
    if port is not None:
        start_http_server(port)


def shard(guild_id: int | None) -> str:
    # A DM, and a practice table played in one (kept with no server, 0): Discord sends both to
    # shard 0, but they are counted apart.
    return "dm" if not guild_id else str((guild_id >> 22) % _shard_count)


def move(guild_id: int, kind: str) -> None:
    MOVES.labels(shard(guild_id), kind).inc()


def game_started(guild_id: int) -> None:
    ACTIVE_GAMES.labels(shard(guild_id)).inc()


def game_ended(guild_id: int) -> None:
    ACTIVE_GAMES.labels(shard(guild_id)).dec()


def active_games(guild_ids: list[int]) -> None:
    """The games in play at start-up, per shard."""
    counts: dict[str, int] = {}
    for guild_id in guild_ids:
        counts[shard(guild_id)] = counts.get(shard(guild_id), 0) + 1
    for label, count in counts.items():
        ACTIVE_GAMES.labels(label).set(count)


def screen_dm(waited: float) -> None:
    SCREEN_DMS.observe(waited)


def picture_workers_broken() -> None:
    PICTURE_WORKERS_BROKEN.inc()


def picture_lost() -> None:
    PICTURES_LOST.inc()


def reminded(guild_id: int, via: str) -> None:
    REMINDERS.labels(shard(guild_id), via).inc()


def error(guild_id: int | None, where: str) -> None:
    ERRORS.labels(shard(guild_id), where).inc()


@contextmanager
def timing(histogram: Histogram, *labels: str):
    started = time.perf_counter()
    try:
        yield
    finally:
        histogram.labels(*labels).observe(time.perf_counter() - started)


def ai_decision(guild_id: int, level: str):
    return timing(AI_DECISIONS, shard(guild_id), level)


def database(guild_id: int):
    return timing(DATABASE, shard(guild_id))


async def interaction(guild_id: int | None, work: Awaitable) -> None:
    with timing(INTERACTIONS, shard(guild_id)):
        await work
