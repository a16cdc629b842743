"""Duels: whole games between levels, for strength and speed figures.

Game `i` is played from `games.simulate.game_seed(seed, i)` with the seat levels rotated by `i`,
so no level keeps the first seat; every decision gets its own seed derived from the game's. The
games are spread over worker processes, and the summary is built in game order, so everything but
the timings is the same for a seed whatever the number of workers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import games
from games.simulate import MAX_DECISIONS, game_seed

from . import choose


@dataclass(frozen=True)
class GameRecord:
    index: int
    seats: tuple[str, ...]
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    seconds: tuple[float, ...] = ()  # thinking time per seat, in CPU seconds
    decisions: tuple[int, ...] = ()  # decisions taken per seat (more than one choice)
    spans: tuple[tuple[float, ...], ...] = ()  # per seat, the CPU seconds of each decision
    error: str = ""


def seat_levels(levels: Sequence[str], index: int) -> tuple[str, ...]:
    """The levels of game `index`, seat by seat: the list rotated by `index`."""
    k = index % len(levels)
    return tuple(levels[k:]) + tuple(levels[:k])


def decision_seed(seed: int, decisions: int) -> int:
    return (seed * 1_000_003 + decisions) & ((1 << 63) - 1)


def play_game(
    name: str, levels: Sequence[str], seed: int, index: int, budget: int | None = None
) -> GameRecord:
    """Play game `index` of a duel to the end."""
    game = games.get(name)
    seats = seat_levels(levels, index)
    n = len(seats)
    gseed = game_seed(seed, index)
    spans: list[list[float]] = [[] for _ in range(n)]
    try:
        state = game.new(n, gseed)
        steps = 0
        while not game.is_over(state):
            seat = game.pending(state)[0].seat
            codes = game.legal_codes(state, seat)
            if len(codes) == 1:
                code = codes[0]
            else:
                started = time.process_time()
                code = choose(
                    name,
                    state,
                    seat,
                    level=seats[seat],
                    seed=decision_seed(gseed, steps),
                    budget=budget,
                )
                spans[seat].append(time.process_time() - started)
            state, _ = game.apply(state, seat, code)
            steps += 1
            if steps > MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    except Exception as exc:  # noqa: BLE001 - a failed game is counted, not raised
        return GameRecord(index, seats, error=f"game {index}: {type(exc).__name__}: {exc}")
    result = game.result(state)
    return GameRecord(
        index,
        seats,
        tuple(result.scores),
        tuple(result.winners),
        tuple(sum(x) for x in spans),
        tuple(len(x) for x in spans),
        tuple(tuple(x) for x in spans),
    )


def duel(
    name: str,
    levels: Sequence[str],
    count: int,
    seed: int,
    budget: int | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Play `count` games and summarise them (see `summarise`)."""
    args = [(name, tuple(levels), seed, i, budget) for i in range(count)]
    if workers <= 1:
        records = [play_game(*a) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            records = list(pool.map(_play, args))
    return summarise(name, levels, count, seed, budget, records)


def _play(args: tuple) -> GameRecord:
    return play_game(*args)


def percentile(values: list[float], share: float) -> float | None:
    """The smallest value with at least `share` of the values at or below it (None if empty)."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(share * len(ordered)) - 1)], 4)


def summarise(
    name: str,
    levels: Sequence[str],
    count: int,
    seed: int,
    budget: int | None,
    records: list[GameRecord],
) -> dict[str, Any]:
    """wins: level -> games won (a shared win split); mean_score: level -> mean final score of
    its seats; seconds_per_decision and p95_seconds_per_decision: level -> mean and 95th
    percentile of the thinking time of a real choice, in CPU seconds of its process (one core;
    other programs on the machine hardly inflate it)."""
    kinds = list(dict.fromkeys(levels))
    wins = dict.fromkeys(kinds, 0.0)
    score_sum, score_n = dict.fromkeys(kinds, 0), dict.fromkeys(kinds, 0)
    secs, dec = dict.fromkeys(kinds, 0.0), dict.fromkeys(kinds, 0)
    spans: dict[str, list[float]] = {k: [] for k in kinds}
    errors = [r.error for r in records if r.error]
    for r in records:
        if r.error:
            continue
        for seat in r.winners:
            wins[r.seats[seat]] += 1 / len(r.winners)
        for seat, level in enumerate(r.seats):
            score_sum[level] += r.scores[seat]
            score_n[level] += 1
            secs[level] += r.seconds[seat]
            dec[level] += r.decisions[seat]
            spans[level].extend(r.spans[seat])
    return {
        "game": name,
        "players": len(levels),
        "games": count,
        "seed": seed,
        "budget": budget,
        "seats": list(levels),
        "wins": {k: round(v, 3) for k, v in wins.items()},
        "mean_score": {
            k: round(score_sum[k] / score_n[k], 2) if score_n[k] else None for k in kinds
        },
        "seconds_per_decision": {k: round(secs[k] / dec[k], 4) if dec[k] else None for k in kinds},
        "p95_seconds_per_decision": {k: percentile(spans[k], 0.95) for k in kinds},
        "decisions": dec,
        "errors": len(errors),
        "error_messages": errors[:20],
    }
