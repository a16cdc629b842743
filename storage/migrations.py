"""Numbered schema migrations, applied in order at start-up, for SQLite and PostgreSQL.

Never edit a migration that has shipped: add a new one at the end. Each runs in one transaction
together with the version bump, so a crash leaves the database at the old or the new version.
SQLite keeps the version in `PRAGMA user_version`, PostgreSQL in the table `malecon_schema`.

Statements are written in SQLite's dialect; `for_postgres` turns the few differences of a table
definition into PostgreSQL's (64-bit integers, identity ids, no `WITHOUT ROWID`), and a statement
that needs another text there is given for both as `Dialects`. Rewrites are steps
(`backends.steps`), so the same body runs on both.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .backends.steps import Execute, Query, run_sync
from .errors import NotADatabase, SchemaTooNew

# Written to the file header (`PRAGMA application_id`) so a foreign SQLite file is recognised;
# on PostgreSQL, the key of the advisory lock that keeps two processes from migrating at once.
APPLICATION_ID = 0x4D4C434E  # "MLCN"
# PostgreSQL: the table naming the application and its schema version.
SCHEMA_TABLE = "malecon_schema"
APPLICATION = "malecon"


class Dialects(NamedTuple):
    """One statement whose text differs between the two databases (None: nothing to run)."""

    sqlite: str | None
    postgresql: str | None


@dataclass(frozen=True)
class Migration:
    version: int
    summary: str
    statements: tuple[str | Dialects, ...]
    # Work SQL cannot do, run after the statements in the same transaction: a function
    # returning steps.
    rewrite: Callable | None = None
    # SQLite: the migration drops a table others refer to and builds it again, so foreign keys
    # are off while it runs (they cannot be switched inside a transaction) and checked before
    # its commit.
    rebuilds_tables: bool = False


def rebuild_states(kind: str | None = None):
    """Every stored state (of games of `kind`, else of every game) again from its seed and log:
    states stored before the engines kept their bookkeeping (VP by source, the last move) get
    it, so they equal their replay. A game whose log does not replay is left as it is
    (`python -m storage verify` names it)."""
    import json

    import games

    from .records import dump_state

    rows = yield Query(
        "SELECT g.id, g.kind, g.options, g.seed, (SELECT count(*) FROM seats WHERE game_id = g.id)"
        " FROM games AS g WHERE g.state IS NOT NULL AND g.seed IS NOT NULL"
        + ("" if kind is None else " AND g.kind = ?"),
        () if kind is None else (kind,),
    )
    for game_id, game_kind, options, seed, players in rows:
        actions = yield Query(
            "SELECT seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        try:
            record = games.Replay(
                # a seed is text since migration 11 (128 bits), an integer before
                game_kind,
                players,
                int(seed),
                json.loads(options),
                list(map(tuple, actions)),
            )
            state = games.History.of(record).state
            text = dump_state(games.get(game_kind), state)
        except Exception:  # noqa: BLE001 - a damaged game stays as it was, for verify to name
            continue
        yield Execute("UPDATE games SET state = ? WHERE id = ?", (text, game_id))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats and the append-only action log",
        (
            Dialects(f"PRAGMA application_id = {APPLICATION_ID}", None),
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
            Dialects(
                """CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
                BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
                """CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'the action log is append-only'; END $$;
                CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
                FOR EACH ROW EXECUTE FUNCTION actions_append_only()""",
            ),
            Dialects(
                """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
                BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
                """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
                FOR EACH ROW EXECUTE FUNCTION actions_append_only();
                CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
                FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only()""",
            ),
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
            Dialects(
                "UPDATE games SET options = json_set(options, '$.first_rules', json('true'))"
                " WHERE kind = 'santiago'",
                "UPDATE games SET options = (options::jsonb || '{\"first_rules\": true}')::text"
                " WHERE kind = 'santiago'",
            ),
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


def backfill_history():
    from .endings import backfill

    return backfill()


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

MIGRATIONS += (
    Migration(
        9,
        "clock claims: which bot process handles a game's due timers, until when",
        (
            # A process that dies while handling leaves its claim to expire; another one (or
            # itself, restarted) takes the game then, so no deadline is lost or handled twice.
            """CREATE TABLE clock_claims (
                game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games (id),
                owner TEXT NOT NULL,
                until REAL NOT NULL
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        10,
        "games: the server's own Discord language, as the game's latest interaction reported it",
        (
            # Discord tells it only in interactions; the clock and the AI speak in the channel
            # with nobody interacting, after a restart too. NULL: not known (older games).
            "ALTER TABLE games ADD COLUMN server_locale TEXT",
        ),
    ),
)

# A seed of 128 bits (games.rng.fresh_seed) does not fit the 64-bit integers of either database.
# SQLite changes a column's type only by building its table again (the documented way: a new
# table, its rows, the old one dropped, its name and its index taken over); `state` stays last.
MIGRATIONS += (
    Migration(
        11,
        "seeds as text: a game is dealt from 128 random bits, which no 64-bit integer holds",
        (
            Dialects(
                """CREATE TABLE games_seed_as_text (
                id INTEGER PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                status TEXT NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
                options TEXT NOT NULL,
                seed TEXT,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                creator_id INTEGER NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                server_locale TEXT,
                state TEXT
            )""",
                "ALTER TABLE games ALTER COLUMN seed TYPE TEXT USING seed::text",
            ),
            Dialects(
                "INSERT INTO games_seed_as_text SELECT id, guild_id, channel_id, kind, status,"
                " options, CAST(seed AS TEXT), version, creator_id, created_at, updated_at,"
                " server_locale, state"
                " FROM games ORDER BY id",
                None,
            ),
            Dialects("DROP TABLE games", None),
            Dialects("ALTER TABLE games_seed_as_text RENAME TO games", None),
            Dialects(
                """CREATE UNIQUE INDEX games_one_open_per_channel
                ON games (channel_id) WHERE status IN ('lobby', 'active')""",
                None,
            ),
        ),
        rebuilds_tables=True,
    ),
)

MIGRATIONS += (
    Migration(
        12,
        "bot facts: what the bot remembers about itself between starts (the synced command tree)",
        (
            """CREATE TABLE bot_facts (
                key TEXT NOT NULL PRIMARY KEY,
                value TEXT NOT NULL
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        13,
        "member away: until when a member of a server is away from all their games there",
        (
            # `until`: POSIX seconds. A row whose time has passed means nothing (it is
            # replaced by the member's next `/game away`); coming back deletes it.
            """CREATE TABLE member_away (
                guild_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                until REAL NOT NULL,
                PRIMARY KEY (guild_id, user_id)
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        14,
        "member accessibility: a member's wish for the text board beside every picture",
        (
            # One row per member who chose a setting (`/game accessibility`); no row: defaults.
            """CREATE TABLE member_accessibility (
                guild_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                text_boards INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (guild_id, user_id)
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        15,
        "quiet hours: each member's hours without DMs or pings, and what waits for their end",
        (
            """CREATE TABLE member_quiet_hours (
                user_id INTEGER NOT NULL PRIMARY KEY,
                start_hour INTEGER NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
                end_hour INTEGER NOT NULL CHECK (end_hour BETWEEN 0 AND 23),
                timezone TEXT NOT NULL
            )""",
            # One row per member, game and kind of news: a second reminder of the same turn
            # adds nothing to the message sent when the quiet hours end (`due`).
            """CREATE TABLE quiet_held (
                user_id INTEGER NOT NULL,
                game_id INTEGER NOT NULL REFERENCES games (id),
                kind TEXT NOT NULL,
                guild_id INTEGER NOT NULL,
                due REAL NOT NULL,
                PRIMARY KEY (user_id, game_id, kind)
            )""",
            "CREATE INDEX quiet_held_due ON quiet_held (due)",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        16,
        "outbox: what a game's channel or a player's DM does not show yet, and when to try again",
        (
            # `item`: "channel" (the turn message or the final scores) or "screen:<seat>" (that
            # seat's screen DM); what to post is read from the game's stored state when it is
            # delivered, so a row holds no content. `due`: POSIX time of the next attempt.
            """CREATE TABLE outbox (
                game_id INTEGER NOT NULL REFERENCES games (id),
                item TEXT NOT NULL,
                due REAL NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (game_id, item)
            )""",
            # The games that waited for the next interaction to post their channel message
            # wait in the outbox now.
            "INSERT INTO outbox (game_id, item, due, attempts)"
            " SELECT game_id, 'channel', 0, 0 FROM notes WHERE key = 'unposted'",
            "DELETE FROM notes WHERE key = 'unposted'",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        17,
        "quiet hours: held news stays until its DM is out, tried again with growing waits",
        (
            # How many times Discord refused the DM of this news (busy, down): the next try
            # waits longer. `due` is then the time of that try.
            "ALTER TABLE quiet_held ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        18,
        "game reviews: the analyses of ended games, queued, claimed, saved decision by decision",
        (
            # One row per ended game to review. `owner` and `until` are a claim's holder and
            # lease (POSIX seconds): a process that died loses its claim when the lease runs out.
            # `result` is the review's JSON (ai.review) once it is done.
            """CREATE TABLE reviews (
                game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games (id),
                queued_at TEXT NOT NULL,
                owner TEXT,
                until REAL,
                total INTEGER,
                result TEXT,
                finished_at TEXT
            )""",
            "CREATE INDEX reviews_waiting ON reviews (finished_at, queued_at)",
            # Each decision's analysis as it is made, so a restart resumes where it was.
            """CREATE TABLE review_steps (
                game_id INTEGER NOT NULL REFERENCES reviews (game_id),
                step INTEGER NOT NULL,
                analysis TEXT NOT NULL,
                PRIMARY KEY (game_id, step)
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        19,
        "learn to play: practice and hint tables, and the decisions each member has met",
        (
            # 'rated', 'hints' (unrated, hints offered) or 'practice' (one member against the
            # AI, kept out of the history, the stats and the ratings).
            "ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'rated'",
            # One practice table open per member at a time, even when two commands race.
            "CREATE UNIQUE INDEX games_one_practice ON games (creator_id)"
            " WHERE mode = 'practice' AND status IN ('lobby', 'active')",
            # Each kind of decision a member has had explained ("<game>.<kind>"), in any game
            # and server: explained once, never again.
            """CREATE TABLE lessons_met (
                user_id INTEGER NOT NULL,
                lesson TEXT NOT NULL,
                met_at TEXT NOT NULL,
                PRIMARY KEY (user_id, lesson)
            )""",
            # The members who turned the explanations off (`/game settings`); no row: on.
            """CREATE TABLE member_lessons_off (
                user_id INTEGER NOT NULL PRIMARY KEY
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        20,
        "leagues: seasons of Swiss rounds, their members, rounds and tables (each table a game)",
        (
            # `points`: JSON list, the league points of each place at a full table. `overtime`:
            # how a game still running at its round's deadline ends ("clock": the AI plays the
            # absent players' decisions to the end; "scores": ranked on the scores as they
            # stand). `options`: the game's options for every table. `round_seconds`: how long
            # a round lasts. `starts_at` (POSIX seconds): the set start, or NULL (the creator's).
            """CREATE TABLE leagues (
                id INTEGER PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                options TEXT NOT NULL,
                table_size INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 4),
                table_minimum INTEGER NOT NULL CHECK (table_minimum BETWEEN 2 AND table_size),
                rounds INTEGER NOT NULL CHECK (rounds >= 1),
                round_seconds INTEGER NOT NULL CHECK (round_seconds > 0),
                points TEXT NOT NULL,
                rated INTEGER NOT NULL,
                overtime TEXT NOT NULL CHECK (overtime IN ('clock', 'scores')),
                reminders INTEGER,
                turn_limit INTEGER,
                creator_id INTEGER NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
                seed TEXT NOT NULL,
                starts_at REAL,
                signup_message_id INTEGER,
                standings_message_id INTEGER,
                created_at TEXT NOT NULL
            )""",
            # `/league list`: a server's seasons, newest first; the running ones at start-up.
            "CREATE INDEX leagues_by_guild ON leagues (guild_id, id)",
            "CREATE INDEX leagues_by_status ON leagues (status, id)",
            # The role a server names whose members may open leagues too (Manage Server may).
            """CREATE TABLE league_organisers (
                guild_id INTEGER NOT NULL PRIMARY KEY,
                role_id INTEGER NOT NULL
            )""",
            # `left_at`: NULL while a member plays on; who left is paired no more.
            """CREATE TABLE league_members (
                league_id INTEGER NOT NULL REFERENCES leagues (id),
                user_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                joined_at TEXT NOT NULL,
                left_at TEXT,
                PRIMARY KEY (league_id, user_id)
            )""",
            # `deadline`, `ended_at`: POSIX seconds. `overtime`: 1 once the deadline was handled
            # (the games still running were ended or handed to the AI).
            """CREATE TABLE league_rounds (
                league_id INTEGER NOT NULL REFERENCES leagues (id),
                round INTEGER NOT NULL,
                started_at REAL NOT NULL,
                deadline REAL NOT NULL,
                ended_at REAL,
                overtime INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (league_id, round)
            )""",
            # The clock's next league deadline.
            "CREATE INDEX league_rounds_due ON league_rounds (overtime, deadline)",
            # `players`: JSON list in the game's seat order, a member's id or null (an AI
            # seat); the league points of a seat go to this member whoever plays it at the end.
            # A round's tables are written when it is paired, `game_id` NULL until its game is
            # opened, so a restart opens the ones still missing.
            """CREATE TABLE league_tables (
                league_id INTEGER NOT NULL REFERENCES leagues (id),
                round INTEGER NOT NULL,
                table_no INTEGER NOT NULL,
                game_id INTEGER UNIQUE REFERENCES games (id),
                players TEXT NOT NULL,
                PRIMARY KEY (league_id, round, table_no)
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        21,
        "leagues: why a league stopped (its channel is gone), until it is moved or ended",
        (
            # `stopped`: NULL while the league goes on; else why it cannot (`channel_gone`: its
            # channel disappeared, so its next round's tables cannot open). Its creator moves
            # it to another channel (which clears it) or ends it.
            "ALTER TABLE leagues ADD COLUMN stopped TEXT",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        22,
        "game reviews: the method a review began with, kept to its end across an upgrade",
        (
            # `method`: the parameters (`ai.review.method`, JSON) its first decision was
            # analysed with; NULL until then, and for a review begun before this column.
            "ALTER TABLE reviews ADD COLUMN method TEXT",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        23,
        "notes: found by their key alone",
        (
            # A league's tables not yet noted: read at each start and round by key across
            # every game, which the primary key (game first) cannot find without reading
            # every note.
            "CREATE INDEX notes_by_key ON notes (key, game_id)",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        24,
        "Santiago states rebuilt: the Casino's VP apart, a delivery's last move names its good",
        (),
        functools.partial(rebuild_states, "santiago"),
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
        checks = conn.execute("PRAGMA foreign_keys").fetchone()[0]
        if migration.rebuilds_tables:
            conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current >= migration.version:
                conn.execute("ROLLBACK")
                continue
            for statement in migration.statements:
                text = statement.sqlite if isinstance(statement, Dialects) else statement
                if text is not None:
                    conn.execute(text)
            if migration.rewrite is not None:
                run_sync(conn, migration.rewrite())
            if migration.rebuilds_tables and conn.execute("PRAGMA foreign_key_check").fetchone():
                raise sqlite3.IntegrityError(
                    f"migration {migration.version} would break a reference between tables"
                )
            conn.execute(f"PRAGMA user_version = {migration.version}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        finally:
            conn.execute(f"PRAGMA foreign_keys = {checks}")
    return conn.execute("PRAGMA user_version").fetchone()[0]


def for_postgres(statement: str | Dialects) -> str | None:
    """The PostgreSQL text of a migration statement written for SQLite."""
    if isinstance(statement, Dialects):
        return statement.postgresql
    # Discord ids and POSIX times need 64 bits and doubles; SQLite's INTEGER and REAL have them.
    # Only a table's own id counts up; `game_id INTEGER PRIMARY KEY` is a game's id given.
    text = re.sub(
        r"\bid INTEGER PRIMARY KEY\b",
        "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        statement,
    )
    text = re.sub(r"\bINTEGER\b", "BIGINT", text)
    text = re.sub(r"\bREAL\b", "DOUBLE PRECISION", text)
    return text.replace("WITHOUT ROWID", "")


async def check_postgres(db, where: str) -> int:
    """The schema version of a PostgreSQL database (0 for an empty one); refuse a database of
    another application or of a newer version before anything is written."""
    # One statement, one snapshot: another process may be creating the schema right now.
    ours, tables = await db.fetchone(
        "SELECT count(*) FILTER (WHERE table_name = ?), count(*) FROM information_schema.tables"
        " WHERE table_schema = current_schema()",
        (SCHEMA_TABLE,),
    )
    if not ours:
        if tables:
            raise NotADatabase(
                f"{where} holds tables of another application; it was left untouched."
            )
        return 0
    row = await db.fetchone(f"SELECT application, version FROM {SCHEMA_TABLE}")
    if row is None or row[0] != APPLICATION:
        raise NotADatabase(f"{where} belongs to another application; it was left untouched.")
    if row[1] > LATEST:
        raise SchemaTooNew(
            f"{where} has schema version {row[1]}, newer than this program knows ({LATEST});"
            " it was written by a newer version and was left untouched."
        )
    return row[1]


async def migrate_postgres(db, where: str, upto: int = LATEST) -> int:
    """Apply the missing migrations up to `upto` on a PostgreSQL backend. Each migration takes
    an advisory lock and reads the version again inside its transaction, so two processes
    starting at once on a new database do not both migrate."""
    await check_postgres(db, where)
    for migration in MIGRATIONS:
        if migration.version > upto:
            break
        async with db.transaction() as tx:
            await tx.execute("SELECT pg_advisory_xact_lock(?)", (APPLICATION_ID,))
            await tx.execute(
                f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE}"
                " (application TEXT NOT NULL, version INTEGER NOT NULL)"
            )
            row = await tx.fetchone(f"SELECT version FROM {SCHEMA_TABLE}")
            if row is None:
                await tx.execute(
                    f"INSERT INTO {SCHEMA_TABLE} (application, version) VALUES (?, 0)",
                    (APPLICATION,),
                )
            elif row[0] >= migration.version:
                continue
            for statement in migration.statements:
                text = for_postgres(statement)
                if text is not None:
                    await tx.execute(text)
            if migration.rewrite is not None:
                await tx.run_steps(migration.rewrite())
            await tx.execute(f"UPDATE {SCHEMA_TABLE} SET version = ?", (migration.version,))
    row = await db.fetchone(f"SELECT version FROM {SCHEMA_TABLE}")
    return row[0]
