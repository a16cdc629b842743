"""The embedded backend: one SQLite file through aiosqlite (the default).

Opening checks the file and migrates it first (`storage.database.prepare`), then keeps one
connection in WAL mode with `synchronous=FULL`. A transaction is `BEGIN IMMEDIATE`: it takes the
write lock at once, so a writer that cannot get it within the busy timeout fails before it has
read anything stale.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from ..database import CONNECTION_PRAGMAS, prepare
from ..errors import StorageError
from .steps import Steps, run_sync


def _busy(exc: Exception) -> StorageError:
    return StorageError(f"The database is busy ({exc}); nothing was saved.")


def _failed(exc: Exception) -> StorageError:
    return StorageError(f"The database could not be written ({exc}); nothing was saved.")


def _transaction(conn: sqlite3.Connection, steps: Steps) -> Any:
    """`steps` in one write transaction, run in the connection's own thread."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:  # still locked after busy_timeout
        raise _busy(exc) from exc
    try:
        value = run_sync(conn, steps)
        conn.execute("COMMIT")
        return value
    except sqlite3.OperationalError as exc:  # disk full, I/O error...
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise _failed(exc) from exc
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


class SQLiteBackend:
    dialect = "sqlite"
    IntegrityError = sqlite3.IntegrityError
    # Damage met while reading (a bad page): the store names the game instead of failing.
    DamageError = sqlite3.DatabaseError

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self.where = str(path)

    @classmethod
    async def open(cls, path: Path) -> SQLiteBackend:
        await asyncio.to_thread(prepare, path)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            for pragma in CONNECTION_PRAGMAS:
                await conn.execute(pragma)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        await self._conn.close()

    async def execute(self, sql: str, args: Iterable = ()) -> int:
        cursor = await self._conn.execute(sql, tuple(args))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Iterable]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, args: Iterable = ()) -> list:
        return list(await self._conn.execute_fetchall(sql, tuple(args)))

    async def fetchone(self, sql: str, args: Iterable = ()) -> Any:
        rows = await self._conn.execute_fetchall(sql, tuple(args))
        return rows[0] if rows else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SQLiteBackend]:
        """One write transaction; rolled back on any error."""
        conn = self._conn
        try:
            await conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise _busy(exc) from exc
        try:
            yield self
            await conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise _failed(exc) from exc
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise

    async def run_steps(self, steps: Steps) -> Any:
        """`steps` inside the transaction already open (`transaction`), in one hop."""
        return await self._conn._execute(run_sync, self._conn._conn, steps)

    async def run(self, steps: Steps) -> Any:
        """`steps` in one transaction, in one hop to the connection's thread.

        aiosqlite has no public call for this, so its internal `_execute` queue is used (the
        version is pinned; the tests exercise it).
        """
        return await self._conn._execute(_transaction, self._conn._conn, steps)

    # The raw connection, for maintenance that only SQLite has (PRAGMAs in tools and tests).
    @property
    def raw(self) -> aiosqlite.Connection:
        return self._conn
