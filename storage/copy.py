"""`python -m storage copy SRC DST`: every game, seat, log entry, result, setting, timer and note,
the history (endings, placings, ratings), the servers' languages, the members' away days, text
board wishes and quiet hours (with the news held for their end), the outbox, the game reviews, what
members have learnt and the leagues from one database
into another (SQLite -> PostgreSQL is how an operator upgrades); every copied table is read back
and compared with its source, and every copied game is replayed on the destination.

The destination must hold no game: ids are kept as they are (the bot's buttons carry game ids),
so the copy is all or nothing, in one transaction. PostgreSQL's id sequence is moved past the
copied ids so new games do not collide with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import StorageError
from .store import Store
from .verify import Report, verify_store

# Parents before children (foreign keys), and within a table a stable order.
TABLES = (
    ("games", "id"),
    ("seats", "game_id, seat"),
    ("actions", "game_id, seq"),
    ("notes", "game_id, key"),
    ("settings", "game_id"),
    ("waits", "game_id, seat"),
    ("results", "game_id"),
    # The history is copied as it is, not recomputed: its `seq` is the order the games ended
    # in, which the ratings were computed in.
    ("endings", "game_id"),
    ("placings", "game_id, seat"),
    ("ratings", "guild_id, kind, player"),
    ("server_languages", "guild_id"),
    ("member_away", "guild_id, user_id"),
    ("member_accessibility", "guild_id, user_id"),
    # Members' quiet hours, and the news held for their end.
    ("member_quiet_hours", "user_id"),
    ("quiet_held", "user_id, game_id, kind"),
    ("outbox", "game_id, item"),
    # The reviews of ended games, done or queued, and the decisions a running one saved.
    ("reviews", "game_id"),
    ("review_steps", "game_id, step"),
    # What each member has had explained, and who turned the explanations off.
    ("lessons_met", "user_id, lesson"),
    ("member_lessons_off", "user_id"),
    # The leagues: settings, members, rounds and the tables that name their games.
    ("leagues", "id"),
    ("league_members", "league_id, user_id"),
    ("league_rounds", "league_id, round"),
    ("league_tables", "league_id, round, table_no"),
    ("league_organisers", "guild_id"),
)
BATCH = 2000


@dataclass
class Copied:
    rows: dict[str, int]
    report: Report

    def to_json(self) -> dict:
        return {"rows": self.rows, **self.report.to_json()}


async def _columns(store: Store, table: str) -> list[str]:
    """The columns of `table` in `store` (both databases are at this program's schema)."""
    if store.dialect == "postgresql":
        rows = await store._db.fetchall(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [r[0] for r in rows]
    return [r[1] for r in await store._db.fetchall(f"PRAGMA table_info({table})")]


async def copy_stores(source: Store, target: Store) -> Copied:
    existing = await target._db.fetchone("SELECT count(*) FROM games")
    if existing[0]:
        raise StorageError(
            f"{target.path} already holds {existing[0]} games; copy only into an empty database."
        )
    counts: dict[str, int] = {}
    differ: list[str] = []
    async with target._lock, target._db.transaction() as tx:
        for table, order in TABLES:
            columns = await _columns(source, table)
            names = ", ".join(columns)
            marks = ", ".join("?" * len(columns))
            rows = await source._db.fetchall(f"SELECT {names} FROM {table} ORDER BY {order}")
            for start in range(0, len(rows), BATCH):
                await tx.executemany(
                    f"INSERT INTO {table} ({names}) VALUES ({marks})",
                    [tuple(r) for r in rows[start : start + BATCH]],
                )
            counts[table] = len(rows)
            copied = await tx.fetchall(f"SELECT {names} FROM {table} ORDER BY {order}")
            if [tuple(r) for r in copied] != [tuple(r) for r in rows]:
                differ.append(f"the table {table} reads back different from its source")
        if target.dialect == "postgresql":
            for counted in ("games", "leagues"):
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{counted}', 'id'),"
                    f" (SELECT coalesce(max(id), 0) + 1 FROM {counted}), false)"
                )
    report = await verify_store(target)
    report.problems[:0] = differ
    return Copied(counts, report)


async def copy_database(source: str, target: str) -> Copied:
    """Open both (migrating each to this program's schema), copy, verify the destination."""
    src = await Store.open(source)
    try:
        dst = await Store.open(target)
        try:
            return await copy_stores(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()
