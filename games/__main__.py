"""Command line: `python -m games simulate --game santiago --players 3 --games 100 --seed 1 --json`."""

from __future__ import annotations

import argparse
import json
import sys

from . import NAMES, OptionError, get
from .simulate import simulate


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play games of uniformly random legal actions")
    sim.add_argument("--game", choices=NAMES, required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="end with one JSON line")
    sim.add_argument("--check", action="store_true", help="check the engine contract at each step")
    sim.add_argument("--deck", help="Havana: a building deck file instead of the bundled one")
    sim.add_argument("--open-holdings", action="store_true", help="Santiago: all holdings public")
    sim.add_argument(
        "--db",
        help="persist every move through the storage layer into this SQLite file"
        " (or sqlite:///path, or a postgresql:// URL); started again with the same arguments,"
        " a run carries on where the last one stopped",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    game = get(args.game)
    raw: dict = {}
    if args.deck:
        raw["deck"] = args.deck
    if args.open_holdings:
        raw["open_holdings"] = True
    if not game.min_players <= args.players <= game.max_players:
        print(
            f"{args.game} is played by {game.min_players} to {game.max_players} players,"
            f" not {args.players}.",
            file=sys.stderr,
        )
        return 2
    try:
        options = game.options(raw)
    except OptionError as exc:
        print(f"Bad option: {exc}", file=sys.stderr)
        return 2
    if args.db:
        from storage.simulate import simulate_into_db  # storage is optional for pure runs

        summary = simulate_into_db(args.db, args.game, args.players, args.games, args.seed, options)
    else:
        summary = simulate(
            args.game, args.players, args.games, args.seed, options, check=args.check
        )
    for message in summary.error_messages:
        print(message, file=sys.stderr)
    line = summary.to_json()
    if args.json:
        print(json.dumps(line, sort_keys=True))
    else:
        print(
            f"{summary.game}, {summary.players} players: {summary.finished}/{summary.games} finished,"
            f" {summary.errors} errors, {summary.decisions} decisions in {summary.seconds:.2f} s"
        )
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main())
