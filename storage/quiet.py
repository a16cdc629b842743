"""Quiet hours in the database: each member's hours and time zone, and the news held back
during them (which game, what kind), due when they end. Both survive restarts: the clock reads
the earliest due time when it starts.

Held news stays until its DM is out: the clock claims what is due (`take_due`), then forgets
it once Discord took the DM or refused it for good (`sent`), or puts it back for a later try
(`retry`) while Discord is busy or down."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .backends.steps import Execute, Query


@dataclass(frozen=True, slots=True)
class Held:
    user_id: int
    game_id: int
    kind: str
    guild_id: int
    due: float
    # Tries Discord refused so far (busy, down).
    attempts: int = 0


async def all_hours(store: Any) -> dict[int, tuple[int, int, str]]:
    """user id -> (start hour, end hour, time zone) of every member who set quiet hours."""
    rows = await store.read(
        "SELECT user_id, start_hour, end_hour, timezone FROM member_quiet_hours"
    )
    return {r[0]: (r[1], r[2], r[3]) for r in rows}


async def set_hours(store: Any, user_id: int, start: int, end: int, zone: str) -> None:
    def steps():
        yield Execute(
            "INSERT INTO member_quiet_hours (user_id, start_hour, end_hour, timezone)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
            " start_hour = excluded.start_hour, end_hour = excluded.end_hour,"
            " timezone = excluded.timezone",
            (user_id, start, end, zone),
        )

    await store.transaction(steps())


async def clear_hours(store: Any, user_id: int) -> bool:
    """Forget a member's quiet hours; False if they had none."""

    def steps():
        return (yield Execute("DELETE FROM member_quiet_hours WHERE user_id = ?", (user_id,)))

    return bool(await store.transaction(steps()))


async def hold(store: Any, held: Held) -> None:
    """Keep one piece of news for the end of the member's quiet hours (once per game and kind)."""

    def steps():
        yield Execute(
            "INSERT INTO quiet_held (user_id, game_id, kind, guild_id, due) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, game_id, kind) DO UPDATE SET due = excluded.due, attempts = 0",
            (held.user_id, held.game_id, held.kind, held.guild_id, held.due),
        )

    await store.transaction(steps())


async def move_due(store: Any, user_id: int, due: float) -> None:
    """The member's quiet hours changed: what waits for them is due at `due` instead."""

    def steps():
        yield Execute("UPDATE quiet_held SET due = ? WHERE user_id = ?", (due, user_id))

    await store.transaction(steps())


async def next_due(store: Any) -> float | None:
    rows = await store.read("SELECT min(due) FROM quiet_held")
    return rows[0][0] if rows else None


async def take_due(store: Any, at: float, claim: float) -> list[Held]:
    """Every held piece of news due by `at`, claimed until `claim` (its `due` then): of two
    processes sharing the database only one takes it, and news whose process stopped before
    it was sent falls due again when the claim runs out. `sent` or `retry` ends the claim."""

    def steps():
        rows = yield Query(
            "UPDATE quiet_held SET due = ? WHERE due <= ?"
            " RETURNING user_id, game_id, kind, guild_id, due, attempts",
            (claim, at),
        )
        return rows

    rows = await store.transaction(steps())
    found = [Held(*r) for r in rows]
    return sorted(found, key=lambda h: (h.user_id, h.game_id, h.kind))


async def sent(store: Any, user_id: int, claim: float) -> None:
    """The member's news claimed until `claim` is out (or can never be): forget it. News held
    again meanwhile (new quiet hours) has another `due` and stays."""

    def steps():
        yield Execute("DELETE FROM quiet_held WHERE user_id = ? AND due = ?", (user_id, claim))

    await store.transaction(steps())


async def retry(store: Any, user_id: int, claim: float, due: float, attempts: int) -> None:
    """The member's news claimed until `claim` is tried again at `due`, after `attempts`
    refusals."""

    def steps():
        yield Execute(
            "UPDATE quiet_held SET due = ?, attempts = ? WHERE user_id = ? AND due = ?",
            (due, attempts, user_id, claim),
        )

    await store.transaction(steps())
