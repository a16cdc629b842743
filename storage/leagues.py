"""Leagues: a server's seasons of Swiss rounds, stored beside the games they are made of.

A league is a row of settings; its members sign up while it is open and may leave later (a
member who left is paired no more). Each round is paired once (`games.swiss`) and its tables
written together with the round, each table's game attached as it is opened, so a restart
opens the tables still missing. Nothing else is kept: the standings are computed again from
the stored results of the tables' games (`played`, `standings`), so they always agree with the
games.

    league = await create_league(store, LeagueSpec(...))
    await join_league(store, league.id, user_id, name) -> bool
    await start_round(store, league.id, 1, started, deadline, tables)
    await attach_game(store, league.id, 1, table_no, game_id)
    table = await standings(store, league.id)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from games.league_table import LeagueTable, Standing, TableGame
from games.league_table import standings as rank

from .backends.steps import Execute, ExecuteMany, Query
from .ratings import USER_PREFIX
from .store import Store, now

STATUSES = ("signup", "running", "finished")
OVERTIME = ("clock", "scores")
# Why a league stopped: its channel disappeared, so its next round's tables cannot open.
STOPPED = ("channel_gone",)
# The note a table's game is opened with (`table_note`) until `attach_game` notes the game at
# the table: a restart in between finds that game (`unattached`) instead of opening a second.
TABLE_NOTE = "league_table"


@dataclass(frozen=True, slots=True)
class LeagueSpec:
    """What `/league new` sets. `round_seconds`: how long a round lasts; `points`: league
    points per place at a full table; `overtime`: how a game still running at the round's
    deadline ends ("clock" or "scores"); `reminders`, `turn_limit`: every table's clock;
    `starts_at`: POSIX seconds of a set start, or None."""

    guild_id: int
    channel_id: int
    name: str
    kind: str
    options: dict
    table_size: int
    table_minimum: int
    rounds: int
    round_seconds: int
    points: tuple[int, ...]
    rated: bool
    overtime: str
    reminders: int | None
    turn_limit: int | None
    creator_id: int
    seed: str
    starts_at: float | None = None


@dataclass(frozen=True, slots=True)
class League:
    id: int
    spec: LeagueSpec
    status: str
    signup_message_id: int | None
    standings_message_id: int | None
    created_at: str
    # Why the league cannot go on (`STOPPED`), until its creator moves or ends it.
    stopped: str | None = None


@dataclass(frozen=True, slots=True)
class Member:
    user_id: int
    name: str
    left: bool


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    started_at: float
    deadline: float
    ended_at: float | None


@dataclass(frozen=True, slots=True)
class Table:
    round: int
    number: int
    game_id: int | None
    players: tuple[int | None, ...]


_COLUMNS = (
    "id, guild_id, channel_id, name, kind, options, table_size, table_minimum, rounds,"
    " round_seconds, points, rated, overtime, reminders, turn_limit, creator_id, seed,"
    " starts_at, status, signup_message_id, standings_message_id, created_at, stopped"
)


def _league(row) -> League:
    spec = LeagueSpec(
        guild_id=row[1],
        channel_id=row[2],
        name=row[3],
        kind=row[4],
        options=json.loads(row[5]),
        table_size=row[6],
        table_minimum=row[7],
        rounds=row[8],
        round_seconds=row[9],
        points=tuple(json.loads(row[10])),
        rated=bool(row[11]),
        overtime=row[12],
        reminders=row[13],
        turn_limit=row[14],
        creator_id=row[15],
        seed=row[16],
        starts_at=row[17],
    )
    return League(row[0], spec, row[18], row[19], row[20], row[21], row[22])


async def create_league(store: Store, spec: LeagueSpec) -> League:
    """A new league open for sign-up, nobody in it yet."""
    if spec.overtime not in OVERTIME:
        raise ValueError(f"overtime {spec.overtime!r}")

    def steps():
        rows = yield Query(
            "INSERT INTO leagues (guild_id, channel_id, name, kind, options, table_size,"
            " table_minimum, rounds, round_seconds, points, rated, overtime, reminders,"
            " turn_limit, creator_id, seed, starts_at, status, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?)"
            " RETURNING id",
            (
                spec.guild_id,
                spec.channel_id,
                spec.name,
                spec.kind,
                json.dumps(spec.options),
                spec.table_size,
                spec.table_minimum,
                spec.rounds,
                spec.round_seconds,
                json.dumps(list(spec.points)),
                int(spec.rated),
                spec.overtime,
                spec.reminders,
                spec.turn_limit,
                spec.creator_id,
                spec.seed,
                spec.starts_at,
                now(),
            ),
        )
        return rows[0][0]

    league_id = await store.transaction(steps())
    found = await league(store, league_id)
    assert found is not None
    return found


async def league(store: Store, league_id: int, guild_id: int | None = None) -> League | None:
    """The league, or None when there is none of that id (in that server, given `guild_id`)."""
    rows = await store.read(f"SELECT {_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
    if not rows or (guild_id is not None and rows[0][1] != guild_id):
        return None
    return _league(rows[0])


async def leagues_of(store: Store, guild_id: int) -> list[League]:
    """A server's leagues, newest first."""
    rows = await store.read(
        f"SELECT {_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
    )
    return [_league(row) for row in rows]


async def leagues_in(store: Store, status: str) -> list[League]:
    """Every league of a status (the running ones, at start-up)."""
    rows = await store.read(
        f"SELECT {_COLUMNS} FROM leagues WHERE status = ? ORDER BY id", (status,)
    )
    return [_league(row) for row in rows]


async def set_message(store: Store, league_id: int, which: str, message_id: int | None) -> None:
    """Remember the league's sign-up or standings message (`which`: "signup", "standings")."""
    column = {"signup": "signup_message_id", "standings": "standings_message_id"}[which]
    await store.transaction(
        _one(Execute(f"UPDATE leagues SET {column} = ? WHERE id = ?", (message_id, league_id)))
    )


async def set_status(store: Store, league_id: int, status: str, was: str) -> bool:
    """`was` -> `status`; False when the league was not `was` (somebody else moved it on)."""
    changed = await store.transaction(
        _one(
            Execute(
                "UPDATE leagues SET status = ? WHERE id = ? AND status = ?",
                (status, league_id, was),
            )
        )
    )
    return changed == 1


async def set_stopped(store: Store, league_id: int, reason: str) -> bool:
    """Mark a running league stopped for `reason` (one of `STOPPED`); False when it was not
    running or was stopped already."""
    if reason not in STOPPED:
        raise ValueError(f"stopped {reason!r}")
    changed = await store.transaction(
        _one(
            Execute(
                "UPDATE leagues SET stopped = ? WHERE id = ? AND status = 'running'"
                " AND stopped IS NULL",
                (reason, league_id),
            )
        )
    )
    return changed == 1


async def move_league(
    store: Store, league_id: int, channel_id: int, started_at: float, deadline: float
) -> bool:
    """A stopped league goes on in `channel_id`: no longer stopped, its standings message
    posted there anew, and its open round (whose tables could not open) counted from
    `started_at` to a new `deadline`. False when it was not stopped."""

    def steps():
        changed = yield Execute(
            "UPDATE leagues SET channel_id = ?, stopped = NULL, standings_message_id = NULL"
            " WHERE id = ? AND stopped IS NOT NULL AND status = 'running'",
            (channel_id, league_id),
        )
        if changed != 1:
            return False
        yield Execute(
            "UPDATE league_rounds SET started_at = ?, deadline = ?, overtime = 0"
            " WHERE league_id = ? AND ended_at IS NULL",
            (started_at, deadline, league_id),
        )
        return True

    return await store.transaction(steps())


async def end_stopped(store: Store, league_id: int, at: float) -> bool:
    """A stopped league ends with its standings as they are: finished, its open round closed
    at `at` (its deadline no longer due). False when it was not stopped."""

    def steps():
        changed = yield Execute(
            "UPDATE leagues SET status = 'finished', stopped = NULL"
            " WHERE id = ? AND stopped IS NOT NULL AND status = 'running'",
            (league_id,),
        )
        if changed != 1:
            return False
        yield Execute(
            "UPDATE league_rounds SET ended_at = ?, overtime = 1"
            " WHERE league_id = ? AND ended_at IS NULL",
            (at, league_id),
        )
        return True

    return await store.transaction(steps())


def _one(step):
    def steps():
        return (yield step)

    return steps()


async def join_league(store: Store, league_id: int, user_id: int, name: str) -> bool:
    """Sign a member up while the league is open; False when they already are (or it is not
    open: the caller has checked, the condition only keeps a late click from counting)."""

    def steps():
        open_ = yield Query(
            "SELECT 1 FROM leagues WHERE id = ? AND status = 'signup'", (league_id,)
        )
        if not open_:
            return False
        changed = yield Execute(
            "INSERT INTO league_members (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (league_id, user_id) DO NOTHING",
            (league_id, user_id, name, now()),
        )
        return changed == 1

    return await store.transaction(steps())


async def leave_league(store: Store, league_id: int, user_id: int) -> bool:
    """Before the start a member's sign-up is taken back; after it they are marked as gone
    (their results stay in the standings). False when they were not a member (any more)."""

    def steps():
        rows = yield Query("SELECT status FROM leagues WHERE id = ?", (league_id,))
        if not rows:
            return False
        if rows[0][0] == "signup":
            changed = yield Execute(
                "DELETE FROM league_members WHERE league_id = ? AND user_id = ?",
                (league_id, user_id),
            )
        else:
            changed = yield Execute(
                "UPDATE league_members SET left_at = ? WHERE league_id = ? AND user_id = ?"
                " AND left_at IS NULL",
                (now(), league_id, user_id),
            )
        return changed == 1

    return await store.transaction(steps())


async def members(store: Store, league_id: int) -> list[Member]:
    """Everybody who signed up, in the order they did."""
    rows = await store.read(
        "SELECT user_id, name, left_at FROM league_members WHERE league_id = ?"
        " ORDER BY joined_at, user_id",
        (league_id,),
    )
    return [Member(user_id, name, left is not None) for user_id, name, left in rows]


async def start_round(
    store: Store,
    league_id: int,
    number: int,
    started_at: float,
    deadline: float,
    tables: list[tuple[int | None, ...]],
) -> bool:
    """Write a round and its tables (table 1 first), their games not opened yet; False when
    the round was written already (another process or an earlier start paired it)."""

    def steps():
        changed = yield Execute(
            "INSERT INTO league_rounds (league_id, round, started_at, deadline)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (league_id, round) DO NOTHING",
            (league_id, number, started_at, deadline),
        )
        if changed != 1:
            return False
        yield ExecuteMany(
            "INSERT INTO league_tables (league_id, round, table_no, players) VALUES (?, ?, ?, ?)",
            [(league_id, number, n, json.dumps(list(t))) for n, t in enumerate(tables, 1)],
        )
        return True

    return await store.transaction(steps())


async def attach_game(store: Store, league_id: int, number: int, table: int, game_id: int) -> None:
    """The game opened for a table; its `TABLE_NOTE` goes in the same transaction."""

    def steps():
        yield Execute(
            "UPDATE league_tables SET game_id = ? WHERE league_id = ? AND round = ?"
            " AND table_no = ? AND game_id IS NULL",
            (game_id, league_id, number, table),
        )
        yield Execute("DELETE FROM notes WHERE game_id = ? AND key = ?", (game_id, TABLE_NOTE))

    await store.transaction(steps())


def table_note(league_id: int, number: int, table: int) -> str:
    """The `TABLE_NOTE` of a table's game."""
    return f"{league_id}:{number}:{table}"


async def unattached(store: Store) -> dict[str, int]:
    """`table_note` -> game: the games opened for a table, not yet attached to it and not ended
    (the note of one that ended so, its thread deleted say, goes: the table gets a new game)."""

    def steps():
        yield Execute(
            "DELETE FROM notes WHERE key = ? AND game_id IN"
            " (SELECT id FROM games WHERE status NOT IN ('lobby', 'active'))",
            (TABLE_NOTE,),
        )
        rows = yield Query("SELECT game_id, value FROM notes WHERE key = ?", (TABLE_NOTE,))
        return {value: game for game, value in rows}

    return await store.transaction(steps())


async def end_round(store: Store, league_id: int, number: int, at: float) -> bool:
    """Mark a round ended; False when it was already."""
    changed = await store.transaction(
        _one(
            Execute(
                "UPDATE league_rounds SET ended_at = ? WHERE league_id = ? AND round = ?"
                " AND ended_at IS NULL",
                (at, league_id, number),
            )
        )
    )
    return changed == 1


async def rounds(store: Store, league_id: int) -> list[Round]:
    rows = await store.read(
        "SELECT round, started_at, deadline, ended_at FROM league_rounds WHERE league_id = ?"
        " ORDER BY round",
        (league_id,),
    )
    return [Round(*row) for row in rows]


async def tables(store: Store, league_id: int, number: int | None = None) -> list[Table]:
    """A league's tables (of one round, given `number`), round by round, table 1 first."""
    sql = "SELECT round, table_no, game_id, players FROM league_tables WHERE league_id = ?"
    args: tuple = (league_id,)
    if number is not None:
        sql += " AND round = ?"
        args += (number,)
    rows = await store.read(sql + " ORDER BY round, table_no", args)
    return [Table(r, n, g, tuple(json.loads(p))) for r, n, g, p in rows]


async def table_of_game(store: Store, game_id: int) -> tuple[int, Table] | None:
    """(league id, table) of a league's game, or None for a game of no league."""
    rows = await store.read(
        "SELECT league_id, round, table_no, game_id, players FROM league_tables WHERE game_id = ?",
        (game_id,),
    )
    if not rows:
        return None
    league_id, r, n, g, p = rows[0]
    return league_id, Table(r, n, g, tuple(json.loads(p)))


async def played(store: Store, league_id: int) -> list[TableGame]:
    """Every table of the league whose game has ended, from the games' stored results."""
    rows = await store.read(
        "SELECT t.players, r.result FROM league_tables AS t"
        " JOIN results AS r ON r.game_id = t.game_id"
        " WHERE t.league_id = ? ORDER BY t.round, t.table_no",
        (league_id,),
    )
    return [_table_game(players, result) for players, result in rows]


async def ratings(store: Store, found: League, people: list[int]) -> dict[int, float]:
    """The members' ratings (the estimate) at the league's game on its server."""
    if not people:
        return {}
    marks = ", ".join("?" * len(people))
    rows = await store.read(
        f"SELECT player, mu FROM ratings WHERE guild_id = ? AND kind = ? AND player IN ({marks})",
        (found.spec.guild_id, found.spec.kind, *(f"{USER_PREFIX}{p}" for p in people)),
    )
    return {int(player.removeprefix(USER_PREFIX)): mu for player, mu in rows}


async def standings(store: Store, found: League) -> tuple[Standing, ...]:
    """The league's standings, computed again from its stored games."""
    everyone = [m.user_id for m in await members(store, found.id)]
    return rank(
        everyone,
        await played(store, found.id),
        found.spec.points,
        await ratings(store, found, everyone),
    )


async def open_tables(store: Store, league_id: int, number: int) -> int:
    """How many tables of a round are still to play: not opened yet, or their game running."""
    rows = await store.read(
        "SELECT count(*) FROM league_tables AS t LEFT JOIN games AS g ON g.id = t.game_id"
        " WHERE t.league_id = ? AND t.round = ?"
        " AND (t.game_id IS NULL OR g.status IN ('lobby', 'active'))",
        (league_id, number),
    )
    return rows[0][0]


@dataclass(frozen=True, slots=True)
class Due:
    """A league's moment the clock handles: a round's deadline ("deadline"), or the set start
    of a season still open for sign-up ("start")."""

    what: str
    league_id: int
    guild_id: int
    round: int
    at: float


async def due(store: Store) -> list[Due]:
    """Every deadline not handled yet and every set start of an open league, earliest first."""
    rows = await store.read(
        "SELECT 'deadline', l.id, l.guild_id, r.round, r.deadline FROM league_rounds AS r"
        " JOIN leagues AS l ON l.id = r.league_id WHERE r.overtime = 0 AND r.ended_at IS NULL"
        " UNION ALL SELECT 'start', id, guild_id, 0, starts_at FROM leagues"
        " WHERE status = 'signup' AND starts_at IS NOT NULL ORDER BY 5",
    )
    return [Due(*row) for row in rows]


async def deadline_handled(store: Store, league_id: int, number: int) -> bool:
    """Note that a round's deadline was handled; False when it was already (another process)."""
    changed = await store.transaction(
        _one(
            Execute(
                "UPDATE league_rounds SET overtime = 1 WHERE league_id = ? AND round = ?"
                " AND overtime = 0",
                (league_id, number),
            )
        )
    )
    return changed == 1


async def clear_start(store: Store, league_id: int) -> None:
    """A set start that could not happen (too few members): the creator starts it by hand."""
    await store.transaction(
        _one(Execute("UPDATE leagues SET starts_at = NULL WHERE id = ?", (league_id,)))
    )


async def organiser_role(store: Store, guild_id: int) -> int | None:
    """The role whose members may open leagues in a server besides Manage Server, if named."""
    rows = await store.read("SELECT role_id FROM league_organisers WHERE guild_id = ?", (guild_id,))
    return rows[0][0] if rows else None


async def set_organiser_role(store: Store, guild_id: int, role_id: int | None) -> None:
    def steps():
        if role_id is None:
            yield Execute("DELETE FROM league_organisers WHERE guild_id = ?", (guild_id,))
        else:
            yield Execute(
                "INSERT INTO league_organisers (guild_id, role_id) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id",
                (guild_id, role_id),
            )

    await store.transaction(steps())


@dataclass
class _Kept:
    table: LeagueTable
    added: set[int]
    ratings: dict[int, float]
    names: dict[int, str]
    gone: set[int]


class KeptStandings:
    """The standings of the leagues being played, kept game by game instead of read again
    whole after every game (a season of a thousand members ends 250 games a round).

    Each read counts the league's ended games in the store: when it differs from the games
    kept (a game ended that nobody told this cache of, a restart), the table is built again
    from the stored games, so it never says other than `standings`."""

    def __init__(self) -> None:
        self._kept: dict[int, _Kept] = {}

    async def standings(self, store: Store, found: League) -> tuple[Standing, ...]:
        kept = self._kept.get(found.id)
        rows = await store.read(
            "SELECT count(*) FROM league_tables AS t JOIN results AS r ON r.game_id = t.game_id"
            " WHERE t.league_id = ?",
            (found.id,),
        )
        if kept is None or rows[0][0] != len(kept.added):
            kept = await self._build(store, found)
        return kept.table.standings(kept.ratings)

    async def game_ended(self, store: Store, found: League, game_id: int) -> None:
        """Add a table's game that just ended (nothing when it is kept already)."""
        kept = self._kept.get(found.id)
        if kept is None or game_id in kept.added:
            return
        rows = await store.read(
            "SELECT t.players, r.result FROM league_tables AS t"
            " JOIN results AS r ON r.game_id = t.game_id WHERE t.game_id = ?",
            (game_id,),
        )
        if not rows:
            return
        game = _table_game(*rows[0])
        kept.table.add(game)
        kept.added.add(game_id)
        people = [p for p in game.players if p is not None and p in kept.table.games]
        kept.ratings.update(await ratings(store, found, people))

    def people(self, league_id: int) -> tuple[dict[int, str], set[int]]:
        """The members' names and who left, as of the last `standings` read (`forget` the
        league when a member leaves)."""
        kept = self._kept[league_id]
        return kept.names, kept.gone

    def forget(self, league_id: int) -> None:
        self._kept.pop(league_id, None)

    async def _build(self, store: Store, found: League) -> _Kept:
        signed = await members(store, found.id)
        everyone = [m.user_id for m in signed]
        table = LeagueTable(everyone, found.spec.points)
        rows = await store.read(
            "SELECT t.game_id, t.players, r.result FROM league_tables AS t"
            " JOIN results AS r ON r.game_id = t.game_id"
            " WHERE t.league_id = ? ORDER BY t.round, t.table_no",
            (found.id,),
        )
        for _, players, result in rows:
            table.add(_table_game(players, result))
        kept = _Kept(
            table,
            {row[0] for row in rows},
            await ratings(store, found, everyone),
            {m.user_id: m.name for m in signed},
            {m.user_id for m in signed if m.left},
        )
        self._kept[found.id] = kept
        return kept


def _table_game(players: str, result: str) -> TableGame:
    done = json.loads(result)
    return TableGame(tuple(json.loads(players)), tuple(done["places"]), tuple(done["scores"]))
