"""Numbered schema migrations, applied in order at start-up and recorded in `PRAGMA user_version`.

Never edit a migration that has shipped: add a new one at the end. Each runs in one transaction
together with the `user_version` bump, so a crash leaves the database at the old or the new version.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# Written to the file header (`PRAGMA application_id`) so a foreign SQLite file is recognised.
APPLICATION_ID = 0x4D4C434E  # "MLCN"


@dataclass(frozen=True)
class Migration:
    version: int
    summary: str
    statements: tuple[str, ...]
    # Work SQL cannot do, run after the statements in the same transaction.
    rewrite: Callable | None = None


def rebuild_states(conn) -> None:
    """Every stored state again from its seed and log: states stored before the engines kept
    their bookkeeping (VP by source, the last move) get it, so they equal their replay. A game
    whose log does not replay is left as it is (`python -m storage verify` names it)."""
    import json

    import games

    from .records import dump_state

    rows = conn.execute(
        "SELECT g.id, g.kind, g.options, g.seed, (SELECT count(*) FROM seats WHERE game_id = g.id)"
        " FROM games AS g WHERE g.state IS NOT NULL AND g.seed IS NOT NULL"
    ).fetchall()
    for game_id, kind, options, seed, players in rows:
        actions = conn.execute(
            "SELECT seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        try:
            record = games.Replay(kind, players, seed, json.loads(options), actions)
            state = games.History.of(record).state
            text = dump_state(games.get(kind), state)
        except Exception:  # noqa: BLE001 - a damaged game stays as it was, for verify to name
            continue
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (text, game_id))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats and the append-only action log",
        (
            f"PRAGMA application_id = {APPLICATION_ID}",
            # `state` is the last column: list_active reads the others without touching the
            # overflow pages that hold a large state.
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                status TEXT NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
                options TEXT NOT NULL,
                seed INTEGER,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                creator_id INTEGER NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                state TEXT
            )""",
            # One lobby or active game per channel, enforced by the database itself.
            """CREATE UNIQUE INDEX games_one_open_per_channel
                ON games (channel_id) WHERE status IN ('lobby', 'active')""",
            """CREATE TABLE seats (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat INTEGER NOT NULL CHECK (seat >= 0),
                user_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (game_id, seat),
                UNIQUE (game_id, user_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE actions (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seq INTEGER NOT NULL CHECK (seq >= 1),
                seat INTEGER NOT NULL,
                code TEXT NOT NULL,
                at TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID""",
            # The log is the history of the game: it is only ever appended to.
            """CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
                BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
            """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
                BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
        ),
    ),
    Migration(
        2,
        "notes: the bot's small per-game key/value housekeeping",
        (
            """CREATE TABLE notes (
                game_id INTEGER NOT NULL REFERENCES games (id),
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (game_id, key)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        3,
        "seats: who plays each seat now (its person, or the AI at a level)",
        ("ALTER TABLE seats ADD COLUMN controller TEXT NOT NULL DEFAULT 'human'",),
    ),
    Migration(
        4,
        "Santiago games stored so far keep the first version's rules, so their logs replay",
        (
            "UPDATE games SET options = json_set(options, '$.first_rules', json('true'))"
            " WHERE kind = 'santiago'",
        ),
    ),
    Migration(
        5,
        "table settings, the timer of every waiting decision, muted and resigned seats, results",
        (
            # Seconds, NULL for off. A game without a row has the default settings.
            """CREATE TABLE settings (
                game_id INTEGER PRIMARY KEY REFERENCES games (id),
                reminders INTEGER,
                turn_limit INTEGER
            )""",
            """CREATE TABLE waits (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat INTEGER NOT NULL,
                since REAL NOT NULL,
                deadline REAL,
                reminded INTEGER NOT NULL DEFAULT 0,
                vote_at REAL,
                vote_message INTEGER,
                due REAL,
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID""",
            # The scheduler's one question: what falls due next.
            "CREATE INDEX waits_by_due ON waits (due) WHERE due IS NOT NULL",
            # `/game mine`: the games of one member.
            "CREATE INDEX seats_by_user ON seats (user_id)",
            "ALTER TABLE seats ADD COLUMN muted INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0",
            # How a game ended and its final standing (places, scores, winners) as JSON.
            """CREATE TABLE results (
                game_id INTEGER PRIMARY KEY REFERENCES games (id),
                ended_at TEXT NOT NULL,
                how TEXT NOT NULL CHECK (how IN ('finished', 'ended', 'resigned', 'abandoned')),
                result TEXT NOT NULL
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        6,
        "states rebuilt from their logs: the engines now keep VP by source and the last move",
        (),
        rebuild_states,
    ),
)


def backfill_history(conn) -> None:
    from .endings import backfill

    backfill(conn)


MIGRATIONS += (
    Migration(
        7,
        "history: every ended game's ending and placings, and ratings per server and game",
        (
            # `seq` numbers the endings in the order they were written: ratings replay it.
            """CREATE TABLE endings (
                game_id INTEGER PRIMARY KEY REFERENCES games (id),
                seq INTEGER NOT NULL UNIQUE,
                guild_id INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                started_at TEXT NOT NULL,
                ended_at TEXT NOT NULL,
                how TEXT NOT NULL,
                moves INTEGER NOT NULL,
                players INTEGER NOT NULL,
                rated INTEGER NOT NULL
            )""",
            # `/game history`, newest first, for the server or one game; a channel's last game.
            "CREATE INDEX endings_by_guild ON endings (guild_id, seq)",
            "CREATE INDEX endings_by_guild_kind ON endings (guild_id, kind, seq)",
            "CREATE INDEX endings_by_channel ON endings (channel_id, seq)",
            # `player`: user:<discord id>, or ai:<level> for a seat opened for the AI.
            # `mu`, `sigma`: the player's rating after this game (NULL: not rated).
            """CREATE TABLE placings (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat INTEGER NOT NULL,
                guild_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                seq INTEGER NOT NULL,
                player TEXT NOT NULL,
                place INTEGER NOT NULL,
                score INTEGER NOT NULL,
                opening TEXT,
                mu REAL,
                sigma REAL,
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID""",
            # One member's games, newest first; the second also covers `/game stats`' sums.
            "CREATE INDEX placings_by_player ON placings (guild_id, player, seq)",
            """CREATE INDEX placings_by_player_kind
                ON placings (guild_id, player, kind, seq, place, score)""",
            """CREATE TABLE ratings (
                guild_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                player TEXT NOT NULL,
                mu REAL NOT NULL,
                sigma REAL NOT NULL,
                games INTEGER NOT NULL,
                PRIMARY KEY (guild_id, kind, player)
            ) WITHOUT ROWID""",
        ),
        backfill_history,
    ),
)


MIGRATIONS += (
    Migration(
        8,
        "the language a server chose for its channel messages and pictures",
        (
            """CREATE TABLE server_languages (
                guild_id INTEGER PRIMARY KEY,
                language TEXT NOT NULL
            )""",
        ),
    ),
)

LATEST = MIGRATIONS[-1].version

assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1)), "migrations must be 1..N"


def migrate(conn, upto: int = LATEST) -> int:
    """Apply the missing migrations up to `upto` on a `sqlite3` connection in autocommit mode.

    Each migration and its `user_version` bump share one transaction; the version is read again
    inside it, so two processes opening the same new file at once do not both migrate.
    Returns the version reached.
    """
    for migration in MIGRATIONS:
        if migration.version > upto:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current >= migration.version:
                conn.execute("ROLLBACK")
                continue
            for statement in migration.statements:
                conn.execute(statement)
            if migration.rewrite is not None:
                migration.rewrite(conn)
            conn.execute(f"PRAGMA user_version = {migration.version}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return conn.execute("PRAGMA user_version").fetchone()[0]
