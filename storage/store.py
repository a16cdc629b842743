"""The game store: one database connection (`backends`), one transaction per change.

Every operation holds the store's lock for its whole transaction, so two coroutines sharing a
store never interleave statements. Two stores (or two processes) on the same database are kept
apart by the database's locks plus optimistic concurrency: a move names the version it was
computed from, and `UPDATE ... WHERE id = ? AND version = ?` changes nothing if another move got
there first. The SQL is the portable subset the backends share (see `backends`).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import games

from .backends import open_backend
from .backends.steps import Execute, ExecuteMany, Query, Serialise, Step
from .clock import Settings, Wait, WaitPlan
from .endings import record_end
from .errors import ChannelBusy, CorruptGame, GameNotFound, StorageError, VersionConflict
from .exchange import EXPORT_FORMAT, CheckedExport, check_export
from .known import KnownRecords
from .records import (
    AI_PREFIX,
    HUMAN,
    MODES,
    PRACTICE,
    RATED,
    ActionRow,
    Delivery,
    GameRecord,
    GameSummary,
    Seat,
    dump_state,
    result_to_json,
)
from .same_game import refuse_a_stored_copy

_RECORD_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.kind, g.status, g.options, g.seed, g.version,"
    " g.creator_id, g.created_at, g.updated_at, g.state,"
    " (SELECT json_group_array(json_array(seat, user_id, name, controller, muted, resigned))"
    "    FROM (SELECT seat, user_id, name, controller, muted, resigned FROM seats"
    "          WHERE game_id = g.id ORDER BY seat) AS s),"
    " (SELECT json_array(reminders, turn_limit) FROM settings WHERE game_id = g.id),"
    " g.server_locale, g.mode"
)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _record(row: Any) -> GameRecord:
    try:
        # PostgreSQL aggregates no rows to NULL, SQLite to [].
        seated = [] if row[12] is None else json.loads(row[12])
        seats = tuple(Seat(s, u, n, c, bool(m), bool(r)) for s, u, n, c, m, r in seated)
        settings = Settings() if row[13] is None else Settings(*json.loads(row[13]))
        options = json.loads(row[5])
    except (ValueError, TypeError) as exc:
        raise CorruptGame(
            f"The stored options or seats of game {row[0]} (channel {row[2]}) cannot be read: {exc}",
            row[0],
        ) from exc
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        status=row[4],
        options=options,
        seed=None if row[6] is None else int(row[6]),  # text: seeds outgrow 64 bits
        version=row[7],
        creator_id=row[8],
        created_at=row[9],
        updated_at=row[10],
        state_json=row[11],
        seats=seats,
        settings=settings,
        server_locale=row[14],
        mode=row[15],
    )


WAIT_COLUMNS = "game_id, seat, since, deadline, reminded, vote_at, vote_message, due"


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards a bot process runs: a server belongs to shard (guild_id >> 22) % count."""

    count: int
    ids: tuple[int, ...]

    def serve(self, guild_id: int) -> bool:
        """Is the server `guild_id` one of these shards'?"""
        return (guild_id >> 22) % self.count in self.ids


def _shard_filter(shards: Shards | None) -> tuple[str, tuple]:
    if shards is None:
        return "", ()
    marks = ", ".join("?" * len(shards.ids))
    return f" WHERE (g.guild_id >> 22) % ? IN ({marks})", (shards.count, *shards.ids)


def _wait_row(w: Wait) -> tuple:
    return (w.game_id, w.seat, w.since, w.deadline, w.reminded, w.vote_at, w.vote_message, w.due)


_PUT_WAIT = (
    f"INSERT INTO waits ({WAIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (game_id, seat) DO UPDATE SET since = excluded.since,"
    " deadline = excluded.deadline, reminded = excluded.reminded, vote_at = excluded.vote_at,"
    " vote_message = excluded.vote_message, due = excluded.due"
)


def _waits_steps(game_id: int, waits: WaitPlan | None) -> list[Step]:
    """Replace the game's timers: keep those of `waits.keep`, add `waits.new`, drop the rest."""
    if waits is None:
        return []
    keep = tuple(waits.keep)
    others = f" AND seat NOT IN ({', '.join('?' * len(keep))})" if keep else ""
    steps: list[Step] = [Execute(f"DELETE FROM waits WHERE game_id = ?{others}", (game_id, *keep))]
    if waits.new:
        steps.append(ExecuteMany(_PUT_WAIT, [_wait_row(w) for w in waits.new]))
    return steps


async def _write_waits(db: Any, game_id: int, waits: WaitPlan | None) -> None:
    for step in _waits_steps(game_id, waits):
        if isinstance(step, ExecuteMany):
            await db.executemany(step.sql, step.rows)
        else:
            await db.execute(step.sql, step.args)


class _ChannelTaken(Exception):
    """The partial unique index refused a second open game in a channel."""


# A note of a game that does not exist is dropped: it must never fail the move it rides with.
_NOTE_LATER = (
    "INSERT INTO notes (game_id, key, value) SELECT ?, ?, ?"
    " WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)"
    " ON CONFLICT (game_id, key) DO UPDATE SET value = excluded.value"
)


def _notes_step(notes: dict[tuple[int, str], str]) -> list[Step]:
    rows = [(game_id, key, value, game_id) for (game_id, key), value in notes.items()]
    return [ExecuteMany(_NOTE_LATER, rows)] if rows else []


def _notes_only(notes: dict[tuple[int, str], str]) -> Any:
    for step in _notes_step(notes):  # noqa: UP028
        yield step


def _commit_move(
    game_id: int,
    expected_version: int,
    seat: int,
    code: str,
    state_json: str,
    finished: bool,
    stamp: str,
    waits: WaitPlan | None,
    result_json: str | None,
    notes: dict[tuple[int, str], str],
    server_locale: str | None = None,
) -> GameRecord:
    """The move transaction as steps (`backends.steps`): one hop on SQLite. `notes`: those
    waiting to be written (`Store.note_later`), whichever games they belong to."""
    if result_json is not None:
        # Before the game's row lock, in the order every serialised write takes them.
        yield Serialise()
    changed = yield Execute(
        "UPDATE games SET state = ?, version = version + 1, status = ?, updated_at = ?,"
        " server_locale = coalesce(?, server_locale)"
        " WHERE id = ? AND version = ? AND status = 'active'",
        (
            state_json,
            "finished" if finished else "active",
            stamp,
            server_locale,
            game_id,
            expected_version,
        ),
    )
    if changed == 1:
        yield Execute(
            "INSERT INTO actions (game_id, seq, seat, code, at) VALUES (?, ?, ?, ?, ?)",
            (game_id, expected_version + 1, seat, code, stamp),
        )
        # Not `yield from`: a list cannot take the results the driver sends back.
        for step in _waits_steps(game_id, WaitPlan() if finished else waits):  # noqa: UP028
            yield step
        if result_json is not None:
            yield Execute(
                "INSERT INTO results (game_id, ended_at, how, result) VALUES (?, ?, ?, ?)",
                (game_id, stamp, "finished", result_json),
            )
            yield from record_end(game_id)
        for step in _notes_step(notes):  # noqa: UP028
            yield step
    rows = yield Query(f"SELECT {_RECORD_COLUMNS} FROM games AS g WHERE g.id = ?", (game_id,))
    if changed != 1:
        # Raising rolls the transaction back (it changed nothing anyway).
        if not rows:
            raise GameNotFound(f"There is no game {game_id}.")
        record = _record(rows[0])
        if record.status != "active":
            raise StorageError(f"{record.describe()} is {record.status}; no move can be made.")
        raise VersionConflict(
            f"{record.describe()} is at move {record.version}, not {expected_version}:"
            " another move got there first."
        )
    return _record(rows[0])


class Store:
    """Games, seats, the action log and notes in one SQLite file or PostgreSQL database."""

    def __init__(self, db: Any):
        self._db = db
        # What messages name: the file, or the PostgreSQL URL without its password.
        self.path = getattr(db, "path", None) or db.where
        self.dialect = db.dialect
        self._lock = asyncio.Lock()
        self._closed = False
        # The records read or committed last, by channel (`known`).
        self._known = KnownRecords()
        # While a write transaction is open: the records it fetched, known once it commits.
        self._fetched: list[GameRecord] | None = None
        # (game id, key) -> value: notes to write with the next transaction (`note_later`).
        self._later: dict[tuple[int, str], str] = {}
        self._later_task: asyncio.Task | None = None

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """A path or `sqlite:///path` (the file and its folder are created if needed), or a
        `postgresql://` URL; foreign or newer databases are refused, the schema is migrated."""
        return cls(await open_backend(target))

    async def close(self) -> None:
        """Close the connection, once the notes still waiting are written; closing twice is
        harmless."""
        if self._later and not self._closed:
            await self._write_later()
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Any]:
        """One write transaction under the lock; rolled back on any error."""
        async with self._lock:
            fetched: list[GameRecord] = []
            self._fetched = fetched
            try:
                async with self._db.transaction() as db:
                    yield db
            finally:
                self._fetched = None
            # Reached only once committed: a rolled-back record is never known.
            for record in fetched:
                self._known.seen(record)

    async def _fetch_record(self, db: Any, game_id: int) -> GameRecord:
        rows = await db.fetchall(
            f"SELECT {_RECORD_COLUMNS} FROM games AS g WHERE g.id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFound(f"There is no game {game_id}.")
        record = _record(rows[0])
        if self._fetched is not None:
            self._fetched.append(record)
        else:
            self._known.seen(record)
        return record

    def known(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or game in play as this store last read or committed it, without
        asking the database (None if it has not seen one lately). Never ahead of the database,
        but behind it if another process changed the game since: fit for what a player is
        offered, never for deciding a move (a move's transaction checks the version itself)."""
        return self._known.of_channel(channel_id)

    async def _busy(self, channel_id: int) -> ChannelBusy:
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT id, kind, status FROM games"
                " WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        if rows:
            game_id, kind, status = rows[0]
            where = "a lobby" if status == "lobby" else "a game in progress"
            return ChannelBusy(f"Channel {channel_id} already has {where}: {kind} game {game_id}.")
        return ChannelBusy(f"Channel {channel_id} already has a lobby or a game in progress.")

    # -- lobby ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        kind: str,
        options: dict,
        creator_id: int,
        creator_name: str,
        settings: Settings | None = None,
        server_locale: str | None = None,
        seats: Sequence[tuple[int, str, str]] | None = None,
        mode: str = RATED,
        notes: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """A new lobby in the channel; the creator takes seat 0. `ChannelBusy` if one is open.
        `server_locale`: the server's Discord language, as the creator's interaction said.
        `seats`: (user id, name, controller) of every seat in order, the creator's among them
        (a rematch seats its table at once). `mode`: one of `MODES` (rated, hints, practice).
        `notes`: the game's first notes (`set_note`), written with it or not at all."""
        if mode not in MODES:
            raise StorageError(f"Unknown table mode {mode!r}; known: {', '.join(MODES)}.")
        settings = (settings or Settings()).checked()
        if kind not in games.names():
            raise StorageError(f"Unknown game {kind!r}; known: {', '.join(games.names())}.")
        stamp = now()
        try:
            async with self._write() as db:
                try:
                    row = await db.fetchone(
                        "INSERT INTO games (guild_id, channel_id, kind, status, options,"
                        " creator_id, created_at, updated_at, server_locale, mode)"
                        " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
                        (
                            guild_id,
                            channel_id,
                            kind,
                            json.dumps(options),
                            creator_id,
                            stamp,
                            stamp,
                            server_locale,
                            mode,
                        ),
                    )
                except self._db.IntegrityError:
                    raise _ChannelTaken from None
                game_id = row[0]
                seated = seats or [(creator_id, creator_name, HUMAN)]
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, controller)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(game_id, n, *seat) for n, seat in enumerate(seated)],
                )
                await db.execute(
                    "INSERT INTO settings (game_id, reminders, turn_limit) VALUES (?, ?, ?)",
                    (game_id, settings.reminders, settings.turn_limit),
                )
                if notes:
                    await db.executemany(
                        "INSERT INTO notes (game_id, key, value) VALUES (?, ?, ?)",
                        [(game_id, key, value) for key, value in notes.items()],
                    )
                return await self._fetch_record(db, game_id)
        except _ChannelTaken:
            # Asked after the rollback: PostgreSQL answers nothing in a failed transaction.
            raise await self._busy(channel_id) from None

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Take the next free seat of a lobby."""
        async with self._write() as db:
            record = await self._fetch_record(db, game_id)
            if record.status != "lobby":
                raise StorageError(f"{record.describe()} is {record.status}, not open to join.")
            if record.seat_of(user_id) is not None:
                raise StorageError(f"You already have a seat in {record.describe()}.")
            limit = games.get(record.kind).max_players
            if len(record.seats) >= limit:
                raise StorageError(f"{record.describe()} is full ({limit} players).")
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (game_id, len(record.seats), user_id, name),
            )
            await self._touch(db, game_id)
            return await self._fetch_record(db, game_id)

    async def add_ai(self, game_id: int, level: str) -> GameRecord:
        """Seat the AI at `level` in the next free seat of a lobby; it has no Discord user, so
        its user id is negative (unique in the game) and it is named "AI <n>"."""
        async with self._write() as db:
            record = await self._fetch_record(db, game_id)
            if record.status != "lobby":
                raise StorageError(f"{record.describe()} is {record.status}, not open to join.")
            limit = games.get(record.kind).max_players
            if len(record.seats) >= limit:
                raise StorageError(f"{record.describe()} is full ({limit} players).")
            user_id = min([0, *(s.user_id for s in record.seats)]) - 1
            number = sum(1 for s in record.seats if not s.has_person) + 1
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, controller)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, len(record.seats), user_id, f"AI {number}", AI_PREFIX + level),
            )
            await self._touch(db, game_id)
            return await self._fetch_record(db, game_id)

    async def set_controller(self, game_id: int, seat: int, controller: str) -> GameRecord:
        """Who plays `seat` from now on: its person (`human`) or the AI (`ai:<level>`)."""
        async with self._write() as db:
            changed = await db.execute(
                "UPDATE seats SET controller = ? WHERE game_id = ? AND seat = ?",
                (controller, game_id, seat),
            )
            if changed != 1:
                raise GameNotFound(f"There is no seat {seat} in game {game_id}.")
            await self._touch(db, game_id)
            return await self._fetch_record(db, game_id)

    async def substitute(self, game_id: int, seat: int, user_id: int, name: str) -> GameRecord:
        """Another member plays `seat` from now on, as a person (DMs and pings go to them).

        Resigning is final: a resigned seat stays the AI's to the end and is never handed on."""
        async with self._write() as db:
            try:
                changed = await db.execute(
                    "UPDATE seats SET user_id = ?, name = ?, controller = ?, muted = 0"
                    " WHERE game_id = ? AND seat = ? AND resigned = 0",
                    (user_id, name, HUMAN, game_id, seat),
                )
            except self._db.IntegrityError:
                raise StorageError(f"That member already has a seat in game {game_id}.") from None
            if changed != 1:
                record = await self._fetch_record(db, game_id)
                if 0 <= seat < len(record.seats) and record.seats[seat].resigned:
                    raise StorageError(
                        f"Seat {seat} of {record.describe()} was resigned: the AI plays it"
                        " to the end."
                    )
                raise GameNotFound(f"There is no seat {seat} in game {game_id}.")
            await self._touch(db, game_id)
            return await self._fetch_record(db, game_id)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Leave a lobby; later seats move up so the seats stay 0..n-1.

        The last person to leave abandons the lobby (kept, status abandoned) so it frees the channel.
        """
        async with self._write() as db:
            record = await self._fetch_record(db, game_id)
            if record.status != "lobby":
                raise StorageError(f"{record.describe()} has started; seats can no longer change.")
            seat = record.seat_of(user_id)
            if seat is None:
                raise StorageError(f"You have no seat in {record.describe()}.")
            await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # One row at a time in ascending order: each moves into the seat just vacated, so the
            # (game, seat) key never collides.
            for later in record.seats[seat + 1 :]:
                await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                    (later.seat - 1, game_id, later.seat),
                )
            status = "abandoned" if len(record.seats) == 1 else "lobby"
            await db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now(), game_id)
            )
            return await self._fetch_record(db, game_id)

    async def start(
        self,
        game_id: int,
        *,
        seed: int,
        state_json: str,
        waits: WaitPlan | None = None,
        server_locale: str | None = None,
    ) -> GameRecord:
        """Lobby -> active at version 0 with the initial state (and its decisions' timers).
        `server_locale`: as `commit_move`."""
        async with self._write() as db:
            changed = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = 0,"
                " updated_at = ?, server_locale = coalesce(?, server_locale)"
                " WHERE id = ? AND status = 'lobby'",
                (str(seed), state_json, now(), server_locale, game_id),
            )
            record = await self._fetch_record(db, game_id)
            if changed != 1:
                raise StorageError(f"{record.describe()} is {record.status}, not a lobby.")
            if waits is not None:
                await _write_waits(db, game_id, WaitPlan((), waits.new))
            return record

    # -- settings, timers and results ------------------------------------------------------

    async def set_settings(self, game_id: int, settings: Settings) -> GameRecord:
        settings.checked()
        async with self._write() as db:
            await db.execute(
                "INSERT INTO settings (game_id, reminders, turn_limit) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET reminders = excluded.reminders,"
                " turn_limit = excluded.turn_limit",
                (game_id, settings.reminders, settings.turn_limit),
            )
            await self._touch(db, game_id)
            return await self._fetch_record(db, game_id)

    async def set_seat_flags(
        self, game_id: int, seat: int, *, muted: bool | None = None, resigned: bool | None = None
    ) -> GameRecord:
        """Mute or unmute a seat's reminders; mark it resigned (final: never cleared)."""
        if resigned is False:
            raise StorageError("Resigning is final: a resigned seat stays resigned.")
        async with self._write() as db:
            if muted is not None:
                await db.execute(
                    "UPDATE seats SET muted = ? WHERE game_id = ? AND seat = ?",
                    (int(muted), game_id, seat),
                )
            if resigned is not None:
                await db.execute(
                    "UPDATE seats SET resigned = ? WHERE game_id = ? AND seat = ?",
                    (int(resigned), game_id, seat),
                )
            return await self._fetch_record(db, game_id)

    async def games_of(
        self, user_id: int, guild_id: int | None = None
    ) -> list[tuple[GameRecord, int, Wait | None]]:
        """The lobbies and active games where `user_id` has a seat (in one server, or all), most
        recently changed first, each with the seat and that seat's timer if it must decide."""
        where = "" if guild_id is None else " AND g.guild_id = ?"
        args = (user_id,) if guild_id is None else (user_id, guild_id)
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {_RECORD_COLUMNS}, s.seat FROM seats AS s JOIN games AS g"
                " ON g.id = s.game_id WHERE s.user_id = ? AND g.status IN ('lobby', 'active')"
                f"{where} ORDER BY g.updated_at DESC",
                args,
            )
            waits = await self._db.fetchall(
                f"SELECT {WAIT_COLUMNS} FROM waits WHERE (game_id, seat) IN"
                " (SELECT s.game_id, s.seat FROM seats AS s JOIN games AS g ON g.id = s.game_id"
                f" WHERE s.user_id = ? AND g.status = 'active'{where})",
                args,
            )
        timers = {(w[0], w[1]): Wait(*w) for w in waits}
        # The seat is the last column, after the record's.
        return [(_record(r), r[-1], timers.get((r[0], r[-1]))) for r in rows]

    async def waits(self, game_id: int) -> list[Wait]:
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {WAIT_COLUMNS} FROM waits WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [Wait(*r) for r in rows]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """The earliest time any timer falls due (None: nothing is waiting on a timer); with
        `shards`, only the timers of the games in those shards' servers."""
        where, args = _shard_filter(shards)
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT min(w.due) FROM waits AS w JOIN games AS g ON g.id = w.game_id{where}"
                if shards
                else "SELECT min(due) FROM waits",
                args,
            )
        return rows[0][0]

    async def due_waits(
        self, at: float, limit: int = 500, shards: Shards | None = None
    ) -> list[Wait]:
        """Timers due at `at` or before, earliest first (with `shards`: of those shards)."""
        where, args = _shard_filter(shards)
        columns = ", ".join(f"w.{c}" for c in WAIT_COLUMNS.split(", "))
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {columns} FROM waits AS w JOIN games AS g ON g.id = w.game_id"
                f"{where or ' WHERE TRUE'} AND w.due <= ? ORDER BY w.due LIMIT ?",
                (*args, at, limit),
            )
        return [Wait(*r) for r in rows]

    async def voted_waits(self, shards: Shards | None = None) -> list[Wait]:
        """The timers of active games whose other players were asked what to do (with
        `shards`: of those shards); start-up looks among them for decisions the AI plays."""
        where, args = _shard_filter(shards)
        columns = ", ".join(f"w.{c}" for c in WAIT_COLUMNS.split(", "))
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {columns} FROM waits AS w JOIN games AS g ON g.id = w.game_id"
                f"{where or ' WHERE TRUE'} AND g.status = 'active' AND w.vote_at IS NOT NULL"
                " ORDER BY w.game_id, w.seat",
                args,
            )
        return [Wait(*r) for r in rows]

    async def claim(self, game_id: int, owner: str, until: float, at: float) -> bool:
        """Take the game's due timers for `owner` until `until`: False while another owner's
        claim runs (it ends at its `until`, so a process that died loses it)."""
        async with self._write() as db:
            changed = await db.execute(
                "INSERT INTO clock_claims (game_id, owner, until) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner,"
                " until = excluded.until"
                " WHERE clock_claims.until <= ? OR clock_claims.owner = excluded.owner",
                (game_id, owner, until, at),
            )
        return changed == 1

    async def release(self, game_id: int, owner: str) -> None:
        async with self._write() as db:
            await db.execute(
                "DELETE FROM clock_claims WHERE game_id = ? AND owner = ?", (game_id, owner)
            )

    async def put_waits(self, game_id: int, waits: WaitPlan) -> None:
        """Change a game's timers outside a move (a vote, a seat handed over, muting)."""
        async with self._write() as db:
            await _write_waits(db, game_id, waits)

    async def end_game(
        self, game_id: int, *, status: str, how: str, result_json: str, expected_version: int
    ) -> GameRecord:
        """End an active game now (a vote, a resignation, abandon): the status, the standing
        and no more timers, in one transaction; `VersionConflict` if a move came first."""
        async with self._write() as db:
            changed = await db.execute(
                "UPDATE games SET status = ?, updated_at = ?"
                " WHERE id = ? AND status = 'active' AND version = ?",
                (status, now(), game_id, expected_version),
            )
            if changed != 1:
                record = await self._fetch_record(db, game_id)
                raise VersionConflict(f"{record.describe()} changed; it was not ended.")
            await db.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
            await db.execute(
                "INSERT INTO results (game_id, ended_at, how, result) VALUES (?, ?, ?, ?)",
                (game_id, now(), how, result_json),
            )
            await db.run_steps(record_end(game_id))
            return await self._fetch_record(db, game_id)

    async def result(self, game_id: int) -> tuple[str, str] | None:
        """(how, result JSON) of an ended game."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT how, result FROM results WHERE game_id = ?", (game_id,)
            )
        return (rows[0][0], rows[0][1]) if rows else None

    async def _touch(self, db: Any, game_id: int) -> None:
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now(), game_id))

    # -- play -------------------------------------------------------------------------------

    async def commit_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        code: str,
        state_json: str,
        finished: bool = False,
        waits: WaitPlan | None = None,
        result_json: str | None = None,
        server_locale: str | None = None,
    ) -> GameRecord:
        """Append the action and write the new state and version in ONE transaction.

        The same transaction writes the timers of the decisions the move leaves waiting
        (`waits`), and when the move ends the game, drops them and stores `result_json`. A
        move made in an interaction keeps the server's Discord language it reported
        (`server_locale`); a move without one (the AI, the clock) leaves the stored one.

        `VersionConflict` (nothing written) if the stored version is not `expected_version`.
        """
        async with self._lock:
            notes, self._later = self._later, {}
            steps = _commit_move(
                game_id,
                expected_version,
                seat,
                code,
                state_json,
                finished,
                now(),
                waits,
                result_json,
                notes,
                server_locale,
            )
            try:
                record = await self._db.run(steps)
            except BaseException:
                self._keep_later(notes)
                raise
            self._known.seen(record)
            return record

    async def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows of one query, under the lock (for the history and statistics readers)."""
        async with self._lock:
            return [tuple(r) for r in await self._db.fetchall(sql, args)]

    async def transaction(self, steps: Any) -> Any:
        """Run `steps` (`backends.steps`) as one write transaction (a rebuild of the ratings)."""
        async with self._write() as db:
            return await db.run_steps(steps)

    async def abandon(self, game_id: int) -> GameRecord:
        """Lobby or active -> abandoned. Nothing is deleted."""
        async with self._write() as db:
            changed = await db.execute(
                "UPDATE games SET status = 'abandoned', updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'active')",
                (now(), game_id),
            )
            record = await self._fetch_record(db, game_id)
            if changed != 1:
                raise StorageError(f"{record.describe()} is already {record.status}.")
            return record

    # -- reads ------------------------------------------------------------------------------

    async def last_finished(self, channel_id: int) -> GameRecord | None:
        """The channel's game that ended last, if it ended with scores (None: none did, or
        the last one was abandoned). Read from the history's endings, by their index."""
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {_RECORD_COLUMNS} FROM endings AS e JOIN games AS g ON g.id = e.game_id"
                " WHERE e.channel_id = ? ORDER BY e.seq DESC LIMIT 1",
                (channel_id,),
            )
        if not rows or rows[0][4] != "finished":
            return None
        return _record(rows[0])

    async def by_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or active game of the channel, if any."""
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {_RECORD_COLUMNS} FROM games AS g"
                " WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')",
                (channel_id,),
            )
            if not rows:
                self._known.ended(channel_id)
                return None
            record = _record(rows[0])
            self._known.seen(record)
            return record

    async def ever_in_channel(self, channel_id: int) -> bool:
        """Whether any game, in any state, was ever written in the channel."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT 1 FROM games WHERE channel_id = ? LIMIT 1", (channel_id,)
            )
        return bool(rows)

    async def practice_table(self, user_id: int) -> GameRecord | None:
        """The member's practice table still open (a lobby or a game in play), if any."""
        async with self._lock:
            rows = await self._db.fetchall(
                f"SELECT {_RECORD_COLUMNS} FROM games AS g"
                " WHERE g.creator_id = ? AND g.mode = ? AND g.status IN ('lobby', 'active')",
                (user_id, PRACTICE),
            )
        return _record(rows[0]) if rows else None

    async def get(self, game_id: int) -> GameRecord:
        async with self._lock:
            try:
                return await self._fetch_record(self._db, game_id)
            except self._db.DamageError as exc:
                if isinstance(exc, sqlite3.OperationalError):
                    raise
                raise CorruptGame(
                    f"Game {game_id} cannot be read: the database file is damaged ({exc}).",
                    game_id,
                ) from exc

    async def list_active(self) -> list[GameSummary]:
        """Every lobby and active game, without reading their states (fast at start-up)."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT id, guild_id, channel_id, kind, status, version, creator_id, updated_at"
                " FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
            )
            seat_rows = await self._db.fetchall(
                "SELECT s.game_id, s.seat, s.user_id, s.name, s.controller, s.muted, s.resigned"
                " FROM games AS g"
                " JOIN seats AS s ON s.game_id = g.id"
                " WHERE g.status IN ('lobby', 'active') ORDER BY s.game_id, s.seat"
            )
        seats: dict[int, list[Seat]] = {}
        for game_id, seat, user_id, name, controller, muted, resigned in seat_rows:
            seats.setdefault(game_id, []).append(
                Seat(seat, user_id, name, controller, bool(muted), bool(resigned))
            )
        return [
            GameSummary(
                id=r[0],
                guild_id=r[1],
                channel_id=r[2],
                kind=r[3],
                status=r[4],
                version=r[5],
                creator_id=r[6],
                updated_at=r[7],
                seats=tuple(seats.get(r[0], ())),
            )
            for r in rows
        ]

    async def game_ids(self) -> list[int]:
        """Every game id, oldest first (for tools such as verify).

        On a damaged file the scan stops at the first bad page. Then each id up to the highest
        one found anywhere is looked up on its own: ids on good pages are found, ids whose row
        cannot be read are kept so that the caller names them (`get` raises `CorruptGame`).
        """
        async with self._lock:
            try:
                rows = await self._db.fetchall("SELECT id FROM games ORDER BY id")
                return [r[0] for r in rows]
            except self._db.DamageError as exc:
                if isinstance(exc, sqlite3.OperationalError):
                    raise
                damage = exc
            highest = 0
            for query in (
                "SELECT max(id) FROM games",
                "SELECT max(game_id) FROM seats",
                "SELECT max(game_id) FROM actions",
                "SELECT max(game_id) FROM notes",
            ):
                try:
                    found = (await self._db.fetchall(query))[0][0]
                except sqlite3.DatabaseError:
                    continue
                highest = max(highest, found or 0)
            if highest == 0:
                raise StorageError(
                    f"{self.path} is damaged: no game can be read from it ({damage})."
                ) from damage
            ids = []
            for game_id in range(1, highest + 1):
                try:
                    rows = await self._db.fetchall("SELECT 1 FROM games WHERE id = ?", (game_id,))
                except sqlite3.DatabaseError:
                    rows = [(1,)]
                if rows:
                    ids.append(game_id)
            return ids

    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        """The action log of a game in order (only the entries after move `after`)."""
        async with self._lock:
            try:
                rows = await self._db.fetchall(
                    "SELECT seq, seat, code, at FROM actions WHERE game_id = ? AND seq > ?"
                    " ORDER BY seq",
                    (game_id, after),
                )
            except self._db.DamageError as exc:
                if isinstance(exc, sqlite3.OperationalError):
                    raise
                raise CorruptGame(
                    f"The action log of game {game_id} cannot be read: the database file is"
                    f" damaged ({exc}).",
                    game_id,
                ) from exc
        return [ActionRow(*r) for r in rows]

    async def acted_since(self, game_id: int, seat: int, version: int) -> bool:
        """Has `seat` made a move after the game was at `version`?"""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT 1 FROM actions WHERE game_id = ? AND seq > ? AND seat = ? LIMIT 1",
                (game_id, version, seat),
            )
        return bool(rows)

    # -- export / import --------------------------------------------------------------------

    async def export_game(self, game_id: int) -> dict[str, Any]:
        """One game as plain JSON: enough to rebuild it anywhere (seed, options, seats, log)."""
        record = await self.get(game_id)
        log = await self.actions(game_id)
        ended = await self.result(game_id)
        try:
            state = None if record.state_json is None else json.loads(record.state_json)
        except ValueError as exc:
            raise CorruptGame(
                f"The stored state of {record.describe()} is not JSON ({exc}), so it cannot be"
                " exported.",
                record.id,
            ) from exc
        return {
            "format": EXPORT_FORMAT,
            "id": record.id,
            "kind": record.kind,
            "status": record.status,
            "guild_id": record.guild_id,
            "channel_id": record.channel_id,
            "creator_id": record.creator_id,
            "created_at": record.created_at,
            "updated_at": record.updated_at,
            "options": record.options,
            "seed": record.seed,
            "version": record.version,
            "seats": [
                {
                    "seat": s.seat,
                    "user_id": s.user_id,
                    "name": s.name,
                    "controller": s.controller,
                    "resigned": s.resigned,
                }
                for s in record.seats
            ],
            "actions": [{"seq": a.seq, "seat": a.seat, "code": a.code, "at": a.at} for a in log],
            "state": state,
            "settings": {
                "reminders": record.settings.reminders,
                "turn_limit": record.settings.turn_limit,
            },
            "result": None if ended is None else {"how": ended[0], "result": json.loads(ended[1])},
        }

    async def import_game(
        self,
        data: dict[str, Any] | CheckedExport,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> GameRecord:
        """Store an exported game under a new id, rebuilding its state and result by replaying
        the log (`data` may be an export `check_export` has already replayed).

        The rebuilt state and result must equal the exported ones (when given) and agree with
        the status; otherwise nothing is written. A lobby or active game still needs a free
        channel. A started game the server already holds (`AlreadyStored`) would count twice,
        and is refused.
        """
        checked = (
            data if isinstance(data, CheckedExport) else await asyncio.to_thread(check_export, data)
        )
        data = checked.data
        kind = data["kind"]
        state_json = None if checked.state is None else dump_state(games.get(kind), checked.state)
        guild = data["guild_id"] if guild_id is None else guild_id
        channel = data["channel_id"] if channel_id is None else channel_id
        stamp = now()
        try:
            return await self._insert_import(checked, guild, channel, state_json, stamp)
        except _ChannelTaken:
            raise await self._busy(channel) from None

    async def _insert_import(
        self, checked: CheckedExport, guild: int, channel: int, state_json: str | None, stamp: str
    ) -> GameRecord:
        data = checked.data
        kind = data["kind"]
        status = data["status"]
        async with self._write() as db:
            await refuse_a_stored_copy(db, data, guild)
            try:
                row = await db.fetchone(
                    "INSERT INTO games (guild_id, channel_id, kind, status, options, seed, version,"
                    " creator_id, created_at, updated_at, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild,
                        channel,
                        kind,
                        status,
                        json.dumps(data["options"]),
                        None if data["seed"] is None else str(data["seed"]),
                        len(data["actions"]),
                        data["creator_id"],
                        data.get("created_at") or stamp,
                        stamp,
                        state_json,
                    ),
                )
            except self._db.IntegrityError:
                raise _ChannelTaken from None
            game_id = row[0]
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, controller, resigned)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        s["seat"],
                        s["user_id"],
                        s["name"],
                        s.get("controller", HUMAN),
                        int(s.get("resigned", False)),
                    )
                    for s in data["seats"]
                ],
            )
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, code, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, a["seq"], a["seat"], a["code"], a["at"]) for a in data["actions"]],
            )
            if checked.ending is not None:
                how, result = checked.ending
                await db.execute(
                    "INSERT INTO results (game_id, ended_at, how, result) VALUES (?, ?, ?, ?)",
                    (game_id, stamp, how, json.dumps(result_to_json(result))),
                )
                await db.run_steps(record_end(game_id))
            table = data.get("settings")
            if isinstance(table, dict):
                settings = Settings(table.get("reminders"), table.get("turn_limit")).checked()
                await db.execute(
                    "INSERT INTO settings (game_id, reminders, turn_limit) VALUES (?, ?, ?)",
                    (game_id, settings.reminders, settings.turn_limit),
                )
            return await self._fetch_record(db, game_id)

    # -- notes ------------------------------------------------------------------------------

    async def get_note(self, game_id: int, key: str) -> str | None:
        waiting = self._later.get((game_id, key))
        if waiting is not None:
            return waiting
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT value FROM notes WHERE game_id = ? AND key = ?", (game_id, key)
            )
        return rows[0][0] if rows else None

    async def set_note(self, game_id: int, key: str, value: str) -> None:
        async with self._write() as db:
            self._later.pop((game_id, key), None)
            try:
                await db.execute(
                    "INSERT INTO notes (game_id, key, value) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id, key) DO UPDATE SET value = excluded.value",
                    (game_id, key, value),
                )
            except self._db.IntegrityError:
                raise GameNotFound(f"There is no game {game_id}.") from None

    async def screen_dm_channels(self) -> dict[int, int]:
        """member id -> the DM channel their screen DMs went to (the notes `dm:<member id>`,
        whose value starts with the channel's id): a member's DM channel is the same for every
        game, so a restart need not ask Discord to open it again."""
        # Once per start, through every note: LIKE finds no index in either database, and a
        # range of keys would depend on PostgreSQL's collation.
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT key, value FROM notes WHERE key LIKE 'dm:%' ORDER BY game_id", ()
            )
        found: dict[int, int] = {}
        for key, value in rows:
            member, channel = key[3:], value.partition(":")[0]
            if member.isdigit() and channel.isdigit():
                found[int(member)] = int(channel)
        return found

    def note_later(self, game_id: int, key: str, value: str) -> None:
        """Set a note with the next move's transaction, whichever game moves next, or soon on
        its own: a caller that need not wait for it saves a transaction (and a sync to disk)
        when the store is busy. `get_note` reads it at once; `set_note` replaces it."""
        self._later[(game_id, key)] = value
        if self._later_task is None or self._later_task.done():
            self._later_task = asyncio.get_running_loop().create_task(self._write_later())

    def _keep_later(self, notes: dict[tuple[int, str], str]) -> None:
        """Notes whose transaction failed wait for the next one (newer values win)."""
        for item, value in notes.items():
            self._later.setdefault(item, value)

    async def _write_later(self) -> None:
        # Queued behind the transactions already waiting: a move among them takes the notes.
        async with self._lock:
            notes, self._later = self._later, {}
            if not notes or self._closed:
                return
            try:
                await self._db.run(_notes_only(notes))
            except StorageError:
                # Notes only help after a restart; the next transaction tries again.
                self._keep_later(notes)

    async def delete_note(self, game_id: int, key: str) -> None:
        async with self._write() as db:
            self._later.pop((game_id, key), None)
            await db.execute("DELETE FROM notes WHERE game_id = ? AND key = ?", (game_id, key))

    async def notes_named(self, key: str) -> list[tuple[int, str]]:
        """Every game's note called `key`, as (game id, value)."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT game_id, value FROM notes WHERE key = ? ORDER BY game_id", (key,)
            )
        return [(r[0], r[1]) for r in rows]

    async def fact(self, key: str) -> str | None:
        """A value the bot keeps about itself (not about a game), or None."""
        async with self._lock:
            row = await self._db.fetchone("SELECT value FROM bot_facts WHERE key = ?", (key,))
        return None if row is None else row[0]

    async def set_fact(self, key: str, value: str) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO bot_facts (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- outbox -----------------------------------------------------------------------------

    async def deliveries(self) -> list[Delivery]:
        """Everything a channel or a DM does not show yet (`outbox`), the earliest due first."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT game_id, item, due, attempts FROM outbox ORDER BY due, game_id, item"
            )
        return [Delivery(r[0], r[1], r[2], r[3]) for r in rows]

    async def put_delivery(self, delivery: Delivery) -> None:
        """Remember (or reschedule) a delivery; a game that does not exist raises
        `GameNotFound`."""
        async with self._write() as db:
            try:
                await db.execute(
                    "INSERT INTO outbox (game_id, item, due, attempts) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (game_id, item)"
                    " DO UPDATE SET due = excluded.due, attempts = excluded.attempts",
                    (delivery.game_id, delivery.item, delivery.due, delivery.attempts),
                )
            except self._db.IntegrityError:
                raise GameNotFound(f"There is no game {delivery.game_id}.") from None

    async def delivered(self, game_id: int, item: str) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM outbox WHERE game_id = ? AND item = ?", (game_id, item))

    async def server_languages(self) -> dict[int, str]:
        """Every server's chosen language (`/game language`), by guild id."""
        async with self._lock:
            rows = await self._db.fetchall("SELECT guild_id, language FROM server_languages")
        return {r[0]: r[1] for r in rows}

    async def text_board_members(self) -> set[tuple[int, int]]:
        """Every member (guild id, user id) who asked for text boards (`/game accessibility`)."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT guild_id, user_id FROM member_accessibility WHERE text_boards = 1"
            )
        return {(r[0], r[1]) for r in rows}

    async def set_text_boards(self, guild_id: int, user_id: int, on: bool) -> None:
        """Remember whether a member wants the text board beside every picture they get."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO member_accessibility (guild_id, user_id, text_boards) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET text_boards = excluded.text_boards",
                (guild_id, user_id, int(on)),
            )

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """Choose a server's language; None goes back to the server's own locale."""
        async with self._write() as db:
            if language is None:
                await db.execute("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
            else:
                await db.execute(
                    "INSERT INTO server_languages (guild_id, language) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )

    # -- members away -----------------------------------------------------------------------

    async def lessons_met(self, user_id: int) -> set[str]:
        """The kinds of decision explained to the member already (`"<game>.<kind>"`)."""
        async with self._lock:
            rows = await self._db.fetchall(
                "SELECT lesson FROM lessons_met WHERE user_id = ?", (user_id,)
            )
        return {r[0] for r in rows}

    async def meet_lesson(self, user_id: int, lesson: str) -> None:
        """Note that `lesson` was explained to the member (once: a second note changes nothing)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO lessons_met (user_id, lesson, met_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, lesson) DO NOTHING",
                (user_id, lesson, now()),
            )

    async def lessons_off(self) -> set[int]:
        """The members who turned the explanations off."""
        async with self._lock:
            rows = await self._db.fetchall("SELECT user_id FROM member_lessons_off")
        return {r[0] for r in rows}

    async def set_lessons(self, user_id: int, on: bool) -> None:
        async with self._write() as db:
            if on:
                await db.execute("DELETE FROM member_lessons_off WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO member_lessons_off (user_id) VALUES (?)"
                    " ON CONFLICT (user_id) DO NOTHING",
                    (user_id,),
                )

    async def members_away(self) -> dict[tuple[int, int], float]:
        """(guild id, user id) -> until when that member is away (past times included)."""
        async with self._lock:
            rows = await self._db.fetchall("SELECT guild_id, user_id, until FROM member_away")
        return {(r[0], r[1]): r[2] for r in rows}

    async def set_away(self, guild_id: int, user_id: int, until: float | None) -> None:
        """The member is away from their games in the server until `until` (None: back)."""
        async with self._write() as db:
            if until is None:
                await db.execute(
                    "DELETE FROM member_away WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )
            else:
                await db.execute(
                    "INSERT INTO member_away (guild_id, user_id, until) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id, user_id) DO UPDATE SET until = excluded.until",
                    (guild_id, user_id, until),
                )
