"""PostgreSQL through asyncpg, for several bot processes sharing one database.

The store writes SQL in a portable subset, SQLite's spelling: `?` placeholders, `ON CONFLICT`,
`RETURNING`, and SQLite's two JSON builders. Each text is translated once (and cached): `?`
becomes `$1, $2...` and `json_group_array`/`json_array` become `json_agg`/`json_build_array`.

A move (`run`) relies on the version check alone: its `UPDATE ... WHERE version = ?` takes the
game's row lock, so of two writers one changes the row and the other, once the first commits,
finds the version moved and changes nothing. Every other write (`transaction`) first takes one
advisory lock held until its commit, which serialises them across processes as SQLite's write
lock does: a lobby change reads the seats and then writes them, and must not interleave.
"""

from __future__ import annotations

import functools
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from ..errors import StorageError
from ..migrations import APPLICATION_ID, migrate_postgres
from .steps import Execute, ExecuteMany, Query, Step, Steps, run_async

_JSON = (("json_group_array(", "json_agg("), ("json_array(", "json_build_array("))
# SQLite's index hints (`INDEXED BY name`): PostgreSQL's planner takes no hints.
_HINT = re.compile(r"\s+INDEXED BY \w+")
# The key of the advisory lock every write but a move holds (see `Serialise`).
WRITE_LOCK = APPLICATION_ID + 1


@functools.lru_cache(maxsize=2048)
def translate(sql: str) -> str:
    """SQLite's spelling of the portable subset in PostgreSQL's."""
    for old, new in _JSON:
        sql = sql.replace(old, new)
    sql = _HINT.sub("", sql)
    count = 0

    def number(_: re.Match) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def shown(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def _rows_changed(status: str) -> int:
    # asyncpg answers "UPDATE 1", "INSERT 0 1", "DELETE 3"...
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _failed(exc: Exception) -> StorageError:
    return StorageError(f"The database could not be written ({exc}); nothing was saved.")


class _Connection:
    """The statements of the contract on one acquired connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Iterable = ()) -> int:
        args = tuple(args)
        if not args:
            return _rows_changed(await self.conn.execute(translate(sql)))
        return _rows_changed(await self.conn.execute(translate(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Iterable]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self.conn.executemany(translate(sql), rows)

    async def fetchall(self, sql: str, args: Iterable = ()) -> list:
        return await self.conn.fetch(translate(sql), *tuple(args))

    async def fetchone(self, sql: str, args: Iterable = ()) -> Any:
        return await self.conn.fetchrow(translate(sql), *tuple(args))

    async def run_steps(self, steps: Steps) -> Any:
        return await run_async(steps, self._perform)

    async def _perform(self, step: Step) -> Any:
        if isinstance(step, Query):
            return await self.fetchall(step.sql, step.args)
        if isinstance(step, Execute):
            return await self.execute(step.sql, step.args)
        if isinstance(step, ExecuteMany):
            await self.executemany(step.sql, step.rows)
            return None
        # Serialise; taken twice in one transaction, it is simply held
        await self.conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
        return None


class PostgresBackend:
    dialect = "postgresql"
    IntegrityError = asyncpg.IntegrityConstraintViolationError
    # PostgreSQL reports no damaged pages to a reader the way SQLite does.
    DamageError = ()

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.where = shown(url)

    @classmethod
    async def open(cls, url: str) -> PostgresBackend:
        where = shown(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=2)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(f"Cannot connect to {where}: {exc}") from exc
        backend = cls(pool, url)
        try:
            await migrate_postgres(backend, where)
        except BaseException:
            await pool.close()
            raise
        return backend

    async def close(self) -> None:
        await self._pool.close()

    async def execute(self, sql: str, args: Iterable = ()) -> int:
        async with self._pool.acquire() as conn:
            return await _Connection(conn).execute(sql, args)

    async def executemany(self, sql: str, rows: Iterable[Iterable]) -> None:
        async with self._pool.acquire() as conn:
            await _Connection(conn).executemany(sql, rows)

    async def fetchall(self, sql: str, args: Iterable = ()) -> list:
        async with self._pool.acquire() as conn:
            return await _Connection(conn).fetchall(sql, args)

    async def fetchone(self, sql: str, args: Iterable = ()) -> Any:
        async with self._pool.acquire() as conn:
            return await _Connection(conn).fetchone(sql, args)

    @asynccontextmanager
    async def _transaction(self, serialised: bool) -> AsyncIterator[_Connection]:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                bound = _Connection(conn)
                if serialised:
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                yield bound
        except self.IntegrityError:
            raise
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise _failed(exc) from exc

    def transaction(self):
        """One write transaction, serialised with every other one but moves."""
        return self._transaction(serialised=True)

    async def run(self, steps: Steps) -> Any:
        """`steps` in one transaction, guarded by the version check they carry."""
        async with self._transaction(serialised=False) as conn:
            return await conn.run_steps(steps)
