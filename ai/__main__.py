"""Command line of the computer players.

    python -m ai duel --game santiago --players 2 --seats strong,greedy --games 20 --seed 1 \\
        [--budget 240] [--workers 2] [--json]

Plays the games (seat levels rotated game by game) and prints the wins (a shared win counts
half to each), mean scores and thinking time per level (mean and 95th percentile per decision);
with --json the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys

import games

from . import LEVELS
from .duel import duel


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="play games between levels")
    d.add_argument("--game", choices=games.names(), required=True)
    d.add_argument("--players", type=int, required=True)
    d.add_argument("--seats", required=True, help="levels, comma separated (one per seat or fewer)")
    d.add_argument("--games", type=int, default=10)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--budget", type=int, default=None, help="simulations of the strong level")
    d.add_argument("--workers", type=int, default=1)
    d.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = games.get(args.game)
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{args.game} is for {game.min_players} to {game.max_players} players")
    levels = [x.strip() for x in args.seats.split(",") if x.strip()]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown or not levels or len(levels) > args.players:
        parser.error(f"--seats: up to {args.players} of {', '.join(LEVELS)}")
    # Fewer levels than seats: the last one fills the table (strong,greedy at 4 = one strong).
    levels += [levels[-1]] * (args.players - len(levels))
    if args.games < 1 or args.workers < 1 or (args.budget is not None and args.budget < 1):
        parser.error("--games, --workers and --budget must be positive")
    summary = duel(args.game, levels, args.games, args.seed, args.budget, args.workers)
    print_table(summary)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 1 if summary["errors"] else 0


def print_table(summary: dict) -> None:
    print(
        f"{summary['game']}, {summary['players']} players, {summary['games']} games, "
        f"seats {','.join(summary['seats'])}"
    )
    print(
        f"{'level':8} {'wins':>7} {'win %':>6} {'mean score':>11} {'s/decision':>11} {'p95 s':>7}"
    )
    for level, wins in summary["wins"].items():
        share = 100 * wins / summary["games"]
        secs = summary["seconds_per_decision"][level]
        p95 = summary["p95_seconds_per_decision"][level]
        print(
            f"{level:8} {wins:7.1f} {share:6.1f} {summary['mean_score'][level]!s:>11} "
            f"{'-' if secs is None else f'{secs:.4f}':>11} {'-' if p95 is None else f'{p95:.4f}':>7}"
        )
    if summary["errors"]:
        print(f"errors: {summary['errors']}", file=sys.stderr)
        for line in summary["error_messages"]:
            print("  " + line, file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
