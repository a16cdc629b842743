"""Why a flagged cost misses check 2's interval: the review's measure with the seats' play apart.

    python bench/review_apart.py [--only santiago] [--games 6] [--samples 150] [--rollouts 100]
        [--max-decisions 0] [--seed 1] [--search 160] [--recheck 150]

Check 1's games of `bench/review.py` (the same seeds and orders of the seats: random, greedy,
strong at 40 simulations, 3 players) are reviewed as the review measured before each seat
decided on its own view there (`recheck_view` "whole"). For every decision the review classes
(inaccuracy or more), the cost of the played code against the preferred one is valued on the very
samples the review's measure drew (its first `search_samples` skipped, the search's), both codes
in each, played to the end of the game:

- `whole`: every seat greedy on the whole sample, as the review measured (it gives back the
  review's reported cost);
- `dice`: every seat greedy on the sample with only what no seat has seen drawn again before each
  decision (`Model.redraw_unseen`: the future dice; in Havana the face-down deck too);
- `own`: every seat as check 2's players play, `ai.choose` at the greedy level, each on its own
  determinization (no public record);

and, with `--rollouts`, check 2 itself from the real moment (greedy after). Each decision is
printed as it is done, each kind's summary after; the last line is one JSON object. One process.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import math
import random
import sys
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import ai  # noqa: E402 - after the path fix above
import games  # noqa: E402
from ai import review  # noqa: E402
from ai.models import MODELS  # noqa: E402
from ai.policies import greedy_code  # noqa: E402

_spec = importlib.util.spec_from_file_location("review_bench", HERE / "review.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

VALUATIONS = ("whole", "dice", "own")


def flagged(kind: str, index: int, seed: int, how: dict) -> list[dict]:
    """The decisions the review classes in check 1's game `index` of `kind`."""
    order = list(itertools.permutations(bench.LEVELS))[index % 6]
    game_seed = seed * 1000 + index
    record = bench.play(kind, order, game_seed, 40)
    result = review.review(record, how=how)
    return [
        bench.decision_of(kind, game_seed, order, record, d)
        for d in result["decisions"]
        if d["counted"] and d["class"] != "ok"
    ]


def _to_end(model, world, seat: int, code: str, decide) -> float:
    game = model.game
    state, _ = game.apply(world, seat, code)
    for i in range(review.END_CAP):
        if game.is_over(state):
            break
        who = model.pending(state)[0][0]
        state, _ = game.apply(state, who, decide(state, who, i))
    winners = game.result(state).winners
    return 1.0 / len(winners) if seat in winners else 0.0


def _cost(rows: list[list[float]]) -> list[float]:
    diffs = [(b - p) * 100 for p, b in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
    return [round(mean, 1), round(se, 1)]


def apart(case: dict, how: dict, samples: int) -> dict:
    """The decision's cost under each valuation, on the samples the review's measure drew."""
    kind, seat, entry = case["game"], case["seat"], case["entry"]
    model = MODELS[kind]
    log = [tuple(a) for a in case["actions"]] + [(seat, case["played"])]
    steps = review.decisions(games.Replay(kind, len(case["levels"]), case["seed"], {}, log))
    step = steps[-1]
    known = review.known(kind, [s.before for s in steps])
    rng = random.Random(f"review:{kind}:{how['seed']}:{entry}")
    worlds = review._Worlds(model, step.before, seat, rng, known)
    for _ in range(how["search_samples"]):
        worlds.next()
    pair = [case["played"], case["preferred"]]
    temperature = how["temperature"].get(kind)
    rows: dict[str, list] = {v: [] for v in VALUATIONS}
    for k in range(samples):
        world = worlds.next()

        def dice(state, who, i, k=k):
            codes = model.game.legal_codes(state, who)
            if len(codes) == 1:
                return codes[0]
            seen = model.redraw_unseen(state, random.Random(f"apart:r:{k}:{i}"))
            return greedy_code(model, seen, who, codes)

        def own(state, who, i, k=k):
            return ai.choose(kind, state, who, level="greedy", seed=9_000_000 + k * 10_000 + i)

        rows["whole"].append(
            [review._outcome(model, world, seat, c, review.END_CAP, temperature)[0] for c in pair]
        )
        rows["dice"].append([_to_end(model, world, seat, c, dice) for c in pair])
        rows["own"].append([_to_end(model, world, seat, c, own) for c in pair])
    return {v: _cost(rows[v]) for v in VALUATIONS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=bench.GAMES, default="santiago")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--samples", type=int, default=review.DEFAULT_RECHECK)
    parser.add_argument("--rollouts", type=int, default=100, help="check 2's (0: not run)")
    parser.add_argument("--max-decisions", type=int, default=0, help="0: all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", type=int, default=review.DEFAULT_SEARCH)
    parser.add_argument("--recheck", type=int, default=review.DEFAULT_RECHECK)
    args = parser.parse_args()
    # The flagged costs alone are studied here, not the accuracy: no second judging for it.
    how = review.method(
        args.seed,
        recheck=args.recheck,
        search=args.search,
        recheck_view="whole",
        accuracy_value=None,
    )
    cases = []
    for index in range(args.games):
        for case in flagged(args.only, index, args.seed, how):
            if args.max_decisions and len(cases) >= args.max_decisions:
                break
            row = {k: v for k, v in case.items() if k != "actions"}
            row.update(apart(case, how, args.samples))
            if args.rollouts:
                checked = bench.check_blunder(
                    case, args.rollouts, "greedy", ai.DEFAULT_BUDGET, 1 + case["entry"]
                )
                row["check"] = checked["measured"]
                row["interval"] = checked["interval"]
                low, high = checked["interval"]
                row["within"] = {v: low <= row[v][0] <= high for v in VALUATIONS}
            print(f"decision: {row}", flush=True)
            cases.append(row)
    summary: dict = {"decisions": len(cases)}
    if args.rollouts and cases:
        for v in VALUATIONS:
            summary[v] = {
                "within": sum(c["within"][v] for c in cases),
                "mean_abs_off": round(
                    sum(abs(c[v][0] - c["check"]) for c in cases) / len(cases), 1
                ),
            }
    print(f"summary {args.only}: {summary}", flush=True)
    print(json.dumps({"parameters": vars(args), "summary": summary, "decisions": cases}))


if __name__ == "__main__":
    main()
