"""Strength of the strong computer player against greedy at two players, in both games.

    python bench/ai_strength.py [--games 200] [--seeds 1,2] [--workers 2] [--only santiago]
        [--budget B]

For each game and each seed, plays `--games` games of 2-player strong vs greedy with the duel
command's code (`ai.duel`): game i is built from the seed and i, and the seats alternate (strong
sits first in the even games, second in the odd ones). A game won by both seats counts half to
each. Prints one line per duel as it ends: strong's win share with its 95 % interval, the mean
scores, and strong's CPU seconds per decision (mean and 95th percentile, one core: the time of
the worker process, which other programs on the machine hardly inflate); then the seeds of each
game together. The last line is one JSON object with every duel and whether the goals are met:
strong wins at least 60 % of the games of every duel and thinks at most 0.5 s per decision on
average. The same seed gives the same figures apart from the timings, whatever `--workers`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from ai.duel import duel  # noqa: E402 - after the path fix above

GAMES = ("santiago", "havana")
SEATS = ("strong", "greedy")
WIN_GOAL, SECONDS_GOAL = 0.60, 0.5


def interval(wins: float, games: int) -> tuple[float, float]:
    """95 % Wilson interval of a win share."""
    if not games:
        return 0.0, 1.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 3), round(centre + half, 3)


def measure(name: str, games: int, seed: int, budget: int | None, workers: int) -> dict:
    started = time.perf_counter()
    summary = duel(name, SEATS, games, seed, budget, workers)
    wins = summary["wins"]["strong"]
    return {
        **summary,
        "win_share": round(wins / games, 4),
        "interval95": interval(wins, games),
        "minutes": round((time.perf_counter() - started) / 60, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per duel")
    parser.add_argument("--seeds", default="1,2", help="comma separated; one duel per seed")
    parser.add_argument("--budget", type=int, default=None, help="simulations of strong")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=GAMES, default=None, help="one game only")
    args = parser.parse_args()
    seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    if args.games < 1 or args.workers < 1 or not seeds:
        parser.error("--games and --workers must be positive, --seeds not empty")
    print("strong vs greedy, 2 players; a shared win counts half; seconds: CPU per decision")
    print(
        f"{'game':9} {'seed':>5} {'games':>5} {'strong win %':>12} {'95 % interval':>14} "
        f"{'mean score':>13} {'mean s':>7} {'p95 s':>7} {'minutes':>7}"
    )
    duels = []
    for name in GAMES if args.only is None else (args.only,):
        for seed in seeds:
            row = measure(name, args.games, seed, args.budget, args.workers)
            duels.append(row)
            low, high = row["interval95"]
            score = f"{row['mean_score']['strong']} vs {row['mean_score']['greedy']}"
            print(
                f"{name:9} {seed:5} {args.games:5} {100 * row['win_share']:12.1f} "
                f"{f'{100 * low:.1f}-{100 * high:.1f}':>14} "
                f"{score:>13} "
                f"{row['seconds_per_decision']['strong']:7.3f} "
                f"{row['p95_seconds_per_decision']['strong']:7.3f} {row['minutes']:7.1f}",
                flush=True,
            )
    pooled = {}
    for name in dict.fromkeys(r["game"] for r in duels):
        rows = [r for r in duels if r["game"] == name]
        games = sum(r["games"] for r in rows)
        wins = sum(r["wins"]["strong"] for r in rows)
        pooled[name] = {
            "seeds": [r["seed"] for r in rows],
            "games": games,
            "win_share": round(wins / games, 4),
            "interval95": interval(wins, games),
        }
        low, high = pooled[name]["interval95"]
        print(
            f"{name}: strong wins {100 * wins / games:.1f} % of {games} games "
            f"(95 % interval {100 * low:.1f}-{100 * high:.1f}), seeds {pooled[name]['seeds']}"
        )
    slowest = max(r["seconds_per_decision"]["strong"] for r in duels)
    p95 = max(r["p95_seconds_per_decision"]["strong"] for r in duels)
    met = all(r["win_share"] >= WIN_GOAL and not r["errors"] for r in duels)
    print(
        json.dumps(
            {
                "games": args.games,
                "seeds": seeds,
                "budget": args.budget,
                "workers": args.workers,
                "duels": duels,
                "pooled": pooled,
                "win_goal": WIN_GOAL,
                "strength_met": met,
                "strong_seconds_per_decision": slowest,
                "strong_p95_seconds_per_decision": p95,
                "seconds_goal": SECONDS_GOAL,
                "speed_met": slowest <= SECONDS_GOAL,
            },
            sort_keys=True,
        )
    )


if __name__ == "__main__":
    main()
