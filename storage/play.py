"""The single move path shared by the bot and the simulator.

Load the game, let the engine apply the action, then commit the action and the new state in one
transaction that names the version the move was computed from.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import games

from . import clock, results
from .clock import WaitPlan
from .errors import StorageError, VersionConflict
from .records import GameRecord, dump_state, result_to_json
from .store import Store


@dataclass(frozen=True)
class MoveResult:
    record: GameRecord
    state: Any
    events: list[games.Event]
    # The earliest of the timers the move started (None: it started none that will fire).
    next_due: float | None = None


def resigned_last(record: GameRecord, result: games.Result) -> games.Result:
    """Players who resigned are ranked after everybody else, and the result says so."""
    return results.resigned_last(result, resigned_seats(record))


def resigned_seats(record: GameRecord) -> tuple[int, ...]:
    return tuple(s.seat for s in record.seats if s.resigned)


def final_result(record: GameRecord, state: Any) -> games.Result:
    """The result of a game the rules have ended."""
    return resigned_last(record, games.get(record.kind).result(state))


def standing_now(record: GameRecord, state: Any, last: tuple[int, ...] = ()) -> games.Result:
    """The result of a game ended before the rules end it: the scores as they stand, the
    players who resigned last, then `last` (an absent player) after them."""
    return results.result_of(record.kind, state, resigned=resigned_seats(record), last=last)


def wait_plan(
    record: GameRecord, before: Any, after: Any, actor: int | None, at: float
) -> WaitPlan:
    """The timers after a move: a decision that goes on (a simultaneous one the actor did not
    take part in) keeps its timer; every decision that begins now gets a fresh one. Only seats
    that a person plays wait on a timer: the AI decides at once."""
    engine = games.get(record.kind)
    waiting_before = set() if before is None else {d.seat for d in engine.pending(before)}
    keep, new = [], []
    for seat in dict.fromkeys(d.seat for d in engine.pending(after)):
        found = record.seats[seat]
        if not found.has_person or found.ai_level is not None:
            continue
        if seat in waiting_before and seat != actor:
            keep.append(seat)
        else:
            new.append(clock.fresh(record.id, seat, at, record.settings, found.muted))
    return WaitPlan(tuple(keep), tuple(new))


def earliest(plan: WaitPlan) -> float | None:
    return min((w.due for w in plan.new if w.due is not None), default=None)


async def apply_move(
    store: Store,
    game_id: int,
    seat: int,
    code: str,
    *,
    expected_version: int,
    at: float | None = None,
    known: tuple[GameRecord, Any] | None = None,
    server_locale: str | None = None,
) -> MoveResult:
    """Apply `code` for `seat` and persist it, with the timers of the decisions it leaves
    waiting (`at`: the time of the move, from the caller's clock) and, at the end, the result.

    `known`: the record and state the caller already holds at `expected_version` (the bot keeps
    them from the previous move); the move is then one round trip to the store. Trusting them is
    safe: the commit's version check refuses the move if the game moved on meanwhile.
    `server_locale`: the server's Discord language the move's interaction reported, kept with
    the game in the same transaction (None: keep the stored one).

    `IllegalAction` from the engine propagates with nothing written; so does `VersionConflict`
    when the game is no longer at `expected_version` (the caller reloads and tells the player).
    """
    if known is not None and known[0].id == game_id and known[0].version == expected_version:
        record, before = known
    else:
        record = await store.get(game_id)
        before = None
    if record.status != "active":
        raise StorageError(f"{record.describe()} is {record.status}; no move can be made.")
    if record.version != expected_version:
        raise VersionConflict(
            f"{record.describe()} is at move {record.version}, not {expected_version}:"
            " another move got there first."
        )
    engine = games.get(record.kind)
    if before is None:
        before = record.state()
    if code == games.UNDO:
        # Taking a decision back needs the decisions before it: the log rebuilds them.
        log = await store.actions(game_id)
        history = games.History.of(
            games.Replay(
                record.kind,
                len(record.seats),
                record.seed,
                record.options,
                [(row.seat, row.code) for row in log],
            )
        )
        history, events = history.play(seat, code)
        state = history.state
    else:
        state, events = engine.apply(before, seat, code)
    over = engine.is_over(state)
    plan = wait_plan(record, before, state, seat, time.time() if at is None else at)
    stored = await store.commit_move(
        game_id,
        expected_version=expected_version,
        seat=seat,
        code=code,
        state_json=dump_state(engine, state),
        finished=over,
        waits=plan,
        result_json=json.dumps(result_to_json(final_result(record, state))) if over else None,
        server_locale=server_locale,
    )
    return MoveResult(stored, state, list(events), earliest(plan))


async def start_game(
    store: Store,
    game_id: int,
    seed: int,
    *,
    at: float | None = None,
    server_locale: str | None = None,
) -> MoveResult:
    """Deal the initial state for the lobby's seats and options, and make the game active."""
    record = await store.get(game_id)
    if record.status != "lobby":
        raise StorageError(f"{record.describe()} is {record.status}, not a lobby.")
    engine = games.get(record.kind)
    state = engine.new(len(record.seats), seed, record.options)
    plan = wait_plan(record, None, state, None, time.time() if at is None else at)
    stored = await store.start(
        game_id,
        seed=seed,
        state_json=dump_state(engine, state),
        waits=plan,
        server_locale=server_locale,
    )
    return MoveResult(stored, state, [])
