"""How long Havana games last with a deck: rounds per game for random and greedy play.

    python bench/havana_length.py [--games 300] [--seed 1] [--deck FILE] [--players 2 3 4]

For each player count it prints the mean and median number of rounds and the share of games in
which somebody reached the target (the rest stopped at the round limit or ran out of buildings),
for two policies:

- random: every decision taken uniformly at random among the legal codes;
- greedy: a sensible player that keeps resource-gaining cards face up and buys, whenever it
  can, the building with the most VP per unit of cost.

Last line: JSON, the same figures per player count and policy.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.havana import GAME  # noqa: E402
from games.havana.engine import ENDS, ROWS  # noqa: E402
from games.havana.state import State  # noqa: E402

# How much a card is worth face up to a player who wants resources.
CARD_VALUE = {
    "mama": 9,
    "pesos": 8,
    "workers": 7,
    "black_market": 7,
    "architect": 6,
    "material_thief": 5,
    "peso_thief": 5,
    "debris": 4,
    "tax_collector": 4,
    "protection": 3,
    "refreshment": 2,
    "demolition": 1,
    "siesta": 0,
}


def cost_units(s: State, b: int) -> float:
    """A rough price of a building: cubes, pesos, workers and rubble on one scale."""
    red, yellow, brown, blue, rubble, pesos, workers = s.deck[b].cost
    return red + yellow + brown + blue + rubble / 3 + pesos / 2.5 + workers * 1.5 + 0.5


def _best_card(codes: list[str], prefix: str) -> str:
    return max(codes, key=lambda c: CARD_VALUE[c[len(prefix) :]])


def greedy_code(s: State, seat: int, codes: list[str], rnd: random.Random) -> str:
    kind = GAME.pending(s)[0].kind if s.phase != "pick" else "pick"
    if kind == "pick":
        return _best_card(codes, "pick:")
    if kind == "place":
        return _best_card(codes, "place:")
    if kind == "cover":
        up = s.players[seat].face_up
        from games.havana.cards import CARD_IDS

        left, right = (CARD_VALUE[CARD_IDS[c]] for c in up)
        return "cover:left" if left <= right else "cover:right"
    if kind == "buy":
        buys = [c for c in codes if c.startswith("buy:")]
        if not buys:
            return "end"

        def worth(code: str) -> float:
            r_name, _, e_name = code[4:].partition(":")
            row = s.rows[ROWS.index(r_name)]
            b = row[0] if e_name == ENDS[0] else row[-1]
            return s.deck[b].vp / cost_units(s, b)

        return max(buys, key=worth)
    if kind == "refresh":
        return _best_card([c for c in codes if c != "skip"], "refresh:")
    if kind == "demolish":
        return "skip"
    if kind == "pay":
        return codes[0]  # own worker / own cube before an exchange
    return rnd.choice(codes)


def random_code(s: State, seat: int, codes: list[str], rnd: random.Random) -> str:
    return rnd.choice(codes)


def play(players: int, seed: int, options: dict, policy) -> State:
    rnd = random.Random(seed)
    s = GAME.new(players, seed, options)
    while not GAME.is_over(s):
        d = rnd.choice(GAME.pending(s))
        codes = GAME.legal_codes(s, d.seat)
        s, _ = GAME.apply(s, d.seat, policy(s, d.seat, codes, rnd))
    return s


def measure(players: int, games: int, seed: int, options: dict, policy) -> dict:
    rounds, reached = [], 0
    for g in range(games):
        s = play(players, seed * 100_003 + g, options, policy)
        rounds.append(s.round)
        reached += s.reason == "target"
    return {
        "mean": statistics.mean(rounds),
        "median": statistics.median(rounds),
        "reached": 100 * reached / games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", default=None)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    options = GAME.options({"deck": args.deck} if args.deck else None)
    print("| players | policy | mean rounds | median rounds | reached target |")
    print("|---|---|---|---|---|")
    rows = []
    for n in args.players:
        for name, policy in (("random", random_code), ("greedy", greedy_code)):
            m = measure(n, args.games, args.seed, options, policy)
            rows.append({"players": n, "policy": name, **m})
            print(
                f"| {n} | {name} | {m['mean']:.1f} | {m['median']:.1f} | {m['reached']:.1f}% |",
                flush=True,
            )
    print(json.dumps({"games": args.games, "seed": args.seed, "deck": args.deck, "rows": rows}))


if __name__ == "__main__":
    main()
