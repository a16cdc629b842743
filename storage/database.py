"""Opening the database file safely: refuse foreign, damaged or newer files, then migrate.

Durability: the journal is a write-ahead log (WAL) with `synchronous=FULL`, so a commit returns only
after the log is flushed to disk. A committed move therefore survives a killed process (which WAL
with NORMAL would already give) and also a power cut or kernel crash; the price is one fsync per
move, well under a millisecond on an SSD and irrelevant at the pace of a board game.
"""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import time
from pathlib import Path

from .errors import NotADatabase, SchemaTooNew, StorageError
from .migrations import APPLICATION_ID, LATEST, migrate

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
SYNCHRONOUS = "FULL"
# How long a writer waits for another connection's transaction before giving up.
BUSY_TIMEOUT_MS = 5000
# How long start-up waits for another process that holds the file: a migration of a large
# database on a busy host outlasts any move's transaction by far.
START_WAIT_SECONDS = 300.0
# Start-up waits in slices of this: after the first it says, once, that it waits.
_WAIT_SLICE_SECONDS = 1.0
# SQLite's answers when the file, its folder or its -wal/-shm files cannot be written.
_NO_WRITE = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")

CONNECTION_PRAGMAS = (
    "PRAGMA foreign_keys = ON",
    f"PRAGMA synchronous = {SYNCHRONOUS}",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)


def not_writable(path: Path, why: str) -> StorageError:
    return StorageError(
        f"{path} cannot be written ({why}): the user running this program needs read and write"
        f" access to the file and to its folder, where SQLite keeps {path.name}-wal and"
        f" {path.name}-shm; change the owner or permissions, or use another file (DATABASE_PATH)."
    )


def check_access(path: Path) -> None:
    """Refuse a file this process may not write before SQLite touches it.

    SQLite opens a read-only file without complaint and fails only at the first write, that is at
    a player's first move; and a reader of a WAL database creates the -wal and -shm files, so a
    refused file would not even be left as it was.
    """
    if path.exists():
        if not path.is_file():
            raise NotADatabase(f"{path} is not a file.")
        if not os.access(path, os.R_OK | os.W_OK):
            raise not_writable(path, "no read and write permission on the file")
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        beside = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
        # Without a writable folder only existing, writable -wal and -shm files will do.
        if not path.exists() or not all(os.access(p, os.R_OK | os.W_OK) for p in beside):
            raise not_writable(path, f"the folder {folder} cannot be written")


def _refusal(path: Path, doing: str, exc: sqlite3.OperationalError) -> StorageError:
    if getattr(exc, "sqlite_errorname", "").startswith(_NO_WRITE):
        return not_writable(path, str(exc))
    return StorageError(f"Cannot {doing} {path}: {exc}")


def check_header(path: Path) -> None:
    """A non-empty file must start with the SQLite header; anything else is not ours to touch."""
    if not path.exists() or path.stat().st_size == 0:
        return
    if not path.is_file():
        raise NotADatabase(f"{path} is not a file.")
    with path.open("rb") as file:
        head = file.read(len(SQLITE_HEADER))
    if head != SQLITE_HEADER:
        raise NotADatabase(f"{path} is not an SQLite database (damaged or another kind of file).")


def prepare(path: Path) -> int:
    """Check the file, switch it to WAL and run the missing migrations. Returns the schema version.

    Nothing is written before the checks pass, so a foreign or newer file is left exactly as it was.
    Another process holding the file (migrating it as it starts too) is waited for, up to
    `START_WAIT_SECONDS`.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"Cannot create the folder {path.parent} ({exc.strerror}): create it, or use another"
            " file (DATABASE_PATH)."
        ) from exc
    try:
        check_access(path)
        check_header(path)
    except OSError as exc:  # a folder on the way that may not be entered...
        raise not_writable(path, exc.strerror or str(exc)) from exc
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.OperationalError as exc:
        raise _refusal(path, "open", exc) from exc
    except sqlite3.Error as exc:
        raise StorageError(f"Cannot open {path}: {exc}") from exc
    try:
        return _waiting_for_others(path, conn)
    finally:
        conn.close()


def _waiting_for_others(path: Path, conn: sqlite3.Connection) -> int:
    """`_prepare` again, in slices of SQLite's own busy wait, while another process holds the
    file; every step of it may run twice (the migrations read the version again)."""
    bound = START_WAIT_SECONDS
    started = time.monotonic()
    told = False
    while True:
        left = bound - (time.monotonic() - started)
        try:
            return _prepare(path, conn, max(0.0, min(_WAIT_SLICE_SECONDS, left)))
        except _Held:
            if time.monotonic() - started >= bound:
                raise StorageError(
                    f"Another process holds {path} (migrating it, or writing to it): gave up"
                    f" after waiting {bound:g} seconds; start again once it is done."
                ) from None
            if not told:
                told = True
                log.warning(
                    "%s is held by another process (migrating it, or writing to it): waiting"
                    " up to %g seconds for it",
                    path,
                    bound,
                )


class _Held(Exception):
    """Another connection holds the file's lock beyond this attempt's wait."""


def _failed(path: Path, doing: str, exc: sqlite3.OperationalError) -> Exception:
    if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return _Held()
    return _refusal(path, doing, exc)


def _prepare(path: Path, conn: sqlite3.Connection, wait: float) -> int:
    # SQLite's busy handler does the waiting; this attempt gives up after `wait` seconds.
    busy = f"PRAGMA busy_timeout = {math.ceil(wait * 1000)}"
    conn.execute(busy)
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        objects = conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
    except sqlite3.OperationalError as exc:
        raise _failed(path, "read", exc) from exc
    except sqlite3.DatabaseError as exc:
        raise NotADatabase(f"{path} is damaged or not a database: {exc}") from exc
    fresh = app_id == 0 and version == 0 and objects == 0
    if not fresh and app_id != APPLICATION_ID:
        raise NotADatabase(
            f"{path} is an SQLite database of another application; it was left untouched."
        )
    if version > LATEST:
        raise SchemaTooNew(
            f"{path} has schema version {version}, newer than this program knows ({LATEST});"
            " it was written by a newer version and was left untouched."
        )
    try:
        # A write transaction that changes nothing: the file must take writes now, not at
        # the first move (permissions, read-only mounts, ACLs that os.access cannot see).
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        raise _failed(path, "write to", exc) from exc
    try:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StorageError(f"{path} cannot use a write-ahead log (journal mode {mode}).")
        for pragma in CONNECTION_PRAGMAS:
            conn.execute(pragma)
        conn.execute(busy)
        return migrate(conn)
    except sqlite3.OperationalError as exc:
        raise _failed(path, "prepare", exc) from exc
    except sqlite3.DatabaseError as exc:
        raise NotADatabase(f"{path} is damaged: {exc}") from exc
