"""Engine speed: decisions per second and random games per second, with python-chess as yardstick.

    python bench/engine.py [--games 200] [--chess-games 30] [--seed 1]

For every game in `games.NAMES` that imports, plays whole games of uniformly random legal actions
through the `Game` protocol (pending, legal_codes, apply) for 2, 3 and 4 players, then times random
playouts of python-chess (push a random legal move until the game is over). The last line is JSON.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time

import games


def bench_game(name: str, players: int, count: int, seed: int) -> dict:
    game = games.get(name)
    chooser = random.Random(seed)
    decisions = 0
    times = []
    for index in range(count):
        started = time.perf_counter()
        state = game.new(players, seed * 100_003 + index)
        while not game.is_over(state):
            pending = game.pending(state)
            decision = pending[0] if len(pending) == 1 else chooser.choice(pending)
            codes = game.legal_codes(state, decision.seat)
            state, _ = game.apply(state, decision.seat, chooser.choice(codes))
            decisions += 1
        times.append(time.perf_counter() - started)
    total = sum(times)
    return {
        "game": name,
        "players": players,
        "games": count,
        "decisions": decisions,
        "decisions_per_s": round(decisions / total),
        "games_per_s": round(count / total, 1),
        "median_game_ms": round(statistics.median(times) * 1000, 2),
    }


def bench_chess(count: int, seed: int) -> dict:
    import chess

    chooser = random.Random(seed)
    plies = 0
    started = time.perf_counter()
    for _ in range(count):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(chooser.choice(list(board.legal_moves)))
            plies += 1
    seconds = time.perf_counter() - started
    return {
        "chess_version": chess.__version__,
        "games": count,
        "plies": plies,
        "plies_per_s": round(plies / seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--chess-games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for name in games.NAMES:
        try:
            importlib.import_module(f"games.{name}")
            games.get(name)
        except (ImportError, AttributeError) as exc:
            print(f"{name}: skipped ({exc.__class__.__name__}: {exc})")
            continue
        for players in (2, 3, 4):
            row = bench_game(name, players, args.games, args.seed)
            rows.append(row)
            print(
                f"{name} {players}p: {row['decisions_per_s']:>8} decisions/s  "
                f"{row['games_per_s']:>7} games/s  median game {row['median_game_ms']} ms"
            )
    chess_row = bench_chess(args.chess_games, args.seed)
    print(
        f"python-chess {chess_row['chess_version']}: {chess_row['plies_per_s']:>8} plies/s (random playouts)"
    )
    print(json.dumps({"engines": rows, "chess": chess_row}))


if __name__ == "__main__":
    main()
