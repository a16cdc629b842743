"""Each game's log as moves: who made each entry of the action log and the events it caused,
replayed from the seed and kept per game, so a recap after every move replays only the new
entries (the first one replays the whole game, in a thread)."""

from __future__ import annotations

import asyncio
from typing import Any

import games
from bot.core.state_cache import StateCache

# The games whose replayed logs are kept (those played lately).
LOGS_KEPT = 256


def _extend(history: Any, steps: tuple, rows: list) -> tuple[Any, tuple]:
    added = []
    for seat, code in rows:
        history, events = history.play(seat, code)
        added.append((seat, tuple(events)))
    return history, (*steps, *added)


class GameLogs:
    def __init__(self) -> None:
        # game id -> (the replayed history, ((seat, events), ...) of every log entry)
        self.kept = StateCache(LOGS_KEPT)

    async def steps(self, store: Any, record: Any) -> tuple[tuple[int, tuple], ...]:
        """Every entry of the game's log so far, as (acting seat, its events)."""
        found = self.kept.get(record.id)
        if found is None:
            start = games.History.start(
                games.Replay(record.kind, len(record.seats), record.seed, record.options)
            )
            found = (start, ())
        history, steps = found
        rows = [(r.seat, r.code) for r in await store.actions(record.id, after=len(steps))]
        if not rows:
            return steps
        if len(rows) > 8:
            history, steps = await asyncio.to_thread(_extend, history, steps, rows)
        else:
            history, steps = _extend(history, steps, rows)
        kept = self.kept.get(record.id)
        if kept is None or len(kept[1]) < len(steps):
            self.kept[record.id] = (history, steps)
        return steps
