"""Replay every stored game from its seed and action log and compare with the stored state.

A game passes when its log is numbered 1..version, every action replays legally, the rebuilt
state equals the stored one (compared as JSON data), and `finished` agrees with the engine.
Lobbies (and lobbies abandoned before the start) have nothing to replay and are skipped.
On a damaged file, each game whose row or log sits on a bad page is named and the others are
still checked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import games

from .errors import CorruptGame, StorageError
from .exchange import EARLY_ENDS, as_written_now, canonical, first_difference
from .records import ActionRow, GameRecord
from .store import Store


@dataclass
class Report:
    games: int = 0
    verified: int = 0
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "verified": self.verified, "mismatches": len(self.problems)}


def check_game(record: GameRecord, log: list[ActionRow], how: str | None = None) -> str | None:
    """None if the stored game is what its log replays to, else what is wrong."""
    seqs = [row.seq for row in log]
    if seqs != list(range(1, len(log) + 1)):
        return "the action log has gaps or is out of order"
    if record.version != len(log):
        return f"version {record.version} but {len(log)} actions in the log"
    if record.state_json is None or record.seed is None:
        return "started but without a state or a seed"
    try:
        stored = json.loads(record.state_json)
    except ValueError as exc:
        return f"the stored state JSON does not parse ({exc})"
    try:
        engine = games.get(record.kind)
    except KeyError:
        return f"unknown game kind {record.kind!r}"
    try:
        history = games.History.start(
            games.Replay(record.kind, len(record.seats), record.seed, record.options)
        )
    except Exception as exc:  # noqa: BLE001 - every failure is reported, not raised
        return f"the initial state cannot be built ({type(exc).__name__}: {exc})"
    for row in log:
        try:
            # Through the history, so the log's undo entries replay too.
            history, _ = history.play(row.seat, row.code)
        except Exception as exc:  # noqa: BLE001
            return f"action {row.seq} ({row.code!r} by seat {row.seat}) does not replay ({exc})"
    state = history.state
    rebuilt = canonical(engine.to_json(state))
    if rebuilt != stored:
        stored = as_written_now(engine, stored, rebuilt)
    if rebuilt != stored:
        return f"the stored state differs from the replay at {first_difference(stored, rebuilt)}"
    over = engine.is_over(state)
    if record.status == "finished" and not over and how not in EARLY_ENDS:
        return "marked finished but the replay is not over"
    if record.status == "active" and over:
        return "marked active but the replay is over"
    return None


async def verify_store(store: Store) -> Report:
    report = Report()
    for game_id in await store.game_ids():
        try:
            record = await store.get(game_id)
        except CorruptGame as exc:
            report.games += 1
            report.problems.append(f"game {game_id}: {exc}")
            continue
        if record.status == "lobby" or (record.status == "abandoned" and record.seed is None):
            continue
        report.games += 1
        try:
            ended = await store.result(game_id)
            problem = check_game(
                record, await store.actions(game_id), None if ended is None else ended[0]
            )
        except CorruptGame as exc:
            problem = str(exc)
        if problem is None:
            report.verified += 1
        else:
            report.problems.append(
                f"game {record.id} ({record.kind}, {record.status}, guild {record.guild_id},"
                f" channel {record.channel_id}): {problem}"
            )
    return report


async def verify_path(path: str) -> Report:
    store = await Store.open(path)
    try:
        return await verify_store(store)
    finally:
        await store.close()


__all__ = ["Report", "StorageError", "check_game", "verify_path", "verify_store"]
