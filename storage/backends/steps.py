"""A transaction written once, run by either backend: a generator that yields statements.

The move is the hot path. On SQLite every awaited statement is a hop to aiosqlite's thread, and
as separate awaits its five statements cost more in hand-offs than SQLite spends on them; on
PostgreSQL every statement is a round trip that must be awaited. A generator serves both: the
SQLite backend drives it to the end inside its own thread (one hop, immune to cancellation half
way), the PostgreSQL backend awaits each statement it yields. The body sees plain values either
way: `rows = yield Query(...)`, `changed = yield Execute(...)`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Query:
    """Rows (tuples or records, indexable) of a SELECT or a RETURNING."""

    sql: str
    args: tuple = ()


@dataclass(frozen=True, slots=True)
class Execute:
    """The number of rows changed."""

    sql: str
    args: tuple = ()


@dataclass(frozen=True, slots=True)
class ExecuteMany:
    sql: str
    rows: list


@dataclass(frozen=True, slots=True)
class Serialise:
    """From here to the commit, no other serialised write runs. SQLite's write lock already
    serialises every transaction; PostgreSQL's moves rely on their version check alone, so a
    move that ends a game takes the lock every other write holds (the history it writes reads
    the last ending and the players' ratings, which another ending may be changing)."""


Step = Query | Execute | ExecuteMany | Serialise
Steps = Generator[Step, Any, Any]


async def run_async(steps: Steps, perform: Callable[[Step], Awaitable[Any]]) -> Any:
    """Drive `steps`, awaiting `perform` for each statement (its result is sent back in);
    returns the generator's return value."""
    result: Any = None
    while True:
        try:
            step = steps.send(result)
        except StopIteration as done:
            return done.value
        result = await perform(step)


def run_sync(conn: Any, steps: Steps) -> Any:
    """Drive `steps` on a `sqlite3` connection; returns the generator's return value."""
    result: Any = None
    while True:
        try:
            step = steps.send(result)
        except StopIteration as done:
            return done.value
        if isinstance(step, Query):
            result = conn.execute(step.sql, step.args).fetchall()
        elif isinstance(step, Execute):
            result = conn.execute(step.sql, step.args).rowcount
        elif isinstance(step, ExecuteMany):
            conn.executemany(step.sql, step.rows)
            result = None
        else:  # Serialise: BEGIN IMMEDIATE took the file's write lock already
            result = None
