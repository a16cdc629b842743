"""A transaction written once, run by either backend: a generator that yields statements.

The move is the hot path. On SQLite every awaited statement is a hop to aiosqlite's thread, and
as separate awaits its five statements cost more in hand-offs than SQLite spends on them; on
PostgreSQL every statement is a round trip that must be awaited. A generator serves both: the
SQLite backend drives it to the end inside its own thread (one hop, immune to cancellation half
way), the PostgreSQL backend awaits each statement it yields. The body sees plain values either
way: `rows = yield Query(...)`, `changed = yield Execute(...)`.
"""

from __future__ import annotations

from collections.abc import Generator
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


Step = Query | Execute | ExecuteMany
Steps = Generator[Step, Any, Any]


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
        else:
            conn.executemany(step.sql, step.rows)
            result = None
