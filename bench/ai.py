"""Strength and speed of the computer players: duels between levels in both games.

    python bench/ai.py [--games 100] [--greedy-games N] [--seed 1] [--budget B] [--workers 2]

Runs, for Santiago de Cuba and Havana: 2 players strong vs greedy and greedy vs random, and
4 players one strong against three greedy (seat levels rotated game by game). Prints a table and,
last, one JSON line with every duel's summary and whether the goals are met: strong wins at least
65% against greedy and greedy 90% against random at 2 players, strong 40% at 4 players; strong
thinks at most 0.5 s per decision on average at its default budget, greedy under 10 ms (CPU
seconds of the worker process, so other programs on the machine do not inflate them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from ai.duel import duel  # noqa: E402 - after the path fix above

DUELS = (
    (2, ("strong", "greedy"), "strong", 0.65),
    (2, ("greedy", "random"), "greedy", 0.90),
    (4, ("strong", "greedy", "greedy", "greedy"), "strong", 0.40),
)
GAMES = ("santiago", "havana")
STRONG_SECONDS, GREEDY_SECONDS = 0.5, 0.010


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games of the duels with strong")
    parser.add_argument(
        "--greedy-games", type=int, default=None, help="games of greedy vs random (default --games)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=GAMES, default=None, help="one game only")
    args = parser.parse_args()
    rows = []
    print(
        f"{'game':9} {'pl':>2} {'seats':28} {'level':7} {'win %':>6} {'goal':>5} "
        f"{'mean score':>10} {'s/decision':>10} {'minutes':>7}"
    )
    for name in GAMES if args.only is None else (args.only,):
        for players, seats, hero, goal in DUELS:
            count = args.games if "strong" in seats else (args.greedy_games or args.games)
            started = time.perf_counter()
            summary = duel(name, seats, count, args.seed, args.budget, args.workers)
            minutes = (time.perf_counter() - started) / 60
            share = summary["wins"][hero] / count
            speed = {
                level: summary["seconds_per_decision"][level]
                for level in summary["seconds_per_decision"]
            }
            rows.append(
                {
                    **summary,
                    "hero": hero,
                    "win_share": round(share, 3),
                    "goal": goal,
                    "met": share >= goal and not summary["errors"],
                    "minutes": round(minutes, 1),
                }
            )
            print(
                f"{name:9} {players:>2} {','.join(seats):28} {hero:7} {100 * share:6.1f} "
                f"{100 * goal:5.0f} {summary['mean_score'][hero]!s:>10} "
                f"{speed[hero]!s:>10} {minutes:7.1f}"
            )
    strong = [r["seconds_per_decision"].get("strong") for r in rows]
    greedy = [r["seconds_per_decision"].get("greedy") for r in rows]
    strong = max(x for x in strong if x is not None)
    greedy = max(x for x in greedy if x is not None)
    print(f"slowest mean decision: strong {strong:.3f} s, greedy {1000 * greedy:.1f} ms")
    print(
        json.dumps(
            {
                "games": args.games,
                "greedy_games": args.greedy_games or args.games,
                "seed": args.seed,
                "budget": args.budget,
                "workers": args.workers,
                "duels": rows,
                "strong_seconds_per_decision": strong,
                "greedy_seconds_per_decision": greedy,
                "speed_met": strong <= STRONG_SECONDS and greedy <= GREEDY_SECONDS,
            },
            sort_keys=True,
        )
    )


if __name__ == "__main__":
    main()
