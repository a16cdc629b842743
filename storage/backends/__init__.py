"""The storage contract and its two backends.

A backend gives the store a handful of calls, the same on both databases:
`execute(sql, args) -> rows changed`, `executemany(sql, rows)`, `fetchone`, `fetchall`,
`transaction()` (an async context manager yielding an object with those calls and
`run_steps(steps)`, committed at its end and rolled back on any error), `run(steps)` (a transaction written as steps, see `steps`),
`close()`, and the attributes `dialect`, `where` (what to name in messages), `IntegrityError`
(what a unique or foreign key violation raises) and `DamageError` (what a damaged page raises).

`open_backend(target)`: a path or `sqlite:///path` opens SQLite; `postgresql://...` (or
`postgres://...`) opens PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path:
    """The file of a SQLite target: a path, or `sqlite:///relative` / `sqlite:////absolute`."""
    if isinstance(target, str) and target.startswith("sqlite://"):
        return Path(target[len("sqlite:///") :] if target.startswith("sqlite:///") else "")
    return Path(target)


async def open_backend(target: str | Path) -> Any:
    if is_postgres(target):
        from .postgres import PostgresBackend

        return await PostgresBackend.open(str(target))
    from .sqlite import SQLiteBackend

    return await SQLiteBackend.open(sqlite_path(target))
