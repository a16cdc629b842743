"""The game review (ai.review): how long a 4-player game takes to analyse, and two honesty checks.

    python bench/review.py [--only havana] [--workers 2] [--check-games 50] [--rollouts 100]
        [--check-level strong] [--check-budget 140] [--play-budget 40] [--max-blunders 0]
        [--check-class blunder] [--check-start real] [--blunders-from FILE]
        [--search 160] [--recheck 150] [--recheck-view own] [--value win]
        [--accuracy-value mixed] [--accuracy-search N] [--face-down rule] [--remeasure]
        [--review-rollouts 8] [--review-max 32] [--horizon 40] [--epsilon 0.25]
        [--seed 1]
    python bench/review.py --calibrate 60 [--seed 7]

**Time.** For each game, one 4-player game (strong, greedy, strong, greedy, the strong seats at
`--play-budget` simulations) is played, then reviewed with the review's parameters in this
process, one decision after another as the bot's worker does: wall and CPU seconds, decisions.

**Honesty check 1.** `--check-games` games per kind at one 3-player table of the three levels
(random, greedy, strong at `--play-budget`; the seats rotate through the six orders), each
reviewed: in how many does the seats' accuracy order the levels as their strength does
(strong > greedy > random)? Goal: at least 90 %. Each game is printed as it ends (both kinds run
at once), then each kind's figures. Beside the accuracy's order, three others: by the mean cost
of each seat's counted decisions (on `--accuracy-value`, the value the accuracy is read from);
by the plain mean of their accuracies (Lichess's formula for one move, no weights: with an
accuracy value, the accuracy players read); and by that plain mean over the decisions that
mattered alone (on the review's `--value`); and where the levels finished, to tell how often
their results follow their strength.

The review's parameters: `--search` simulations of the strong AI's search judge each decision
(0: the earlier judge, the greedy look-ahead of `--review-rollouts`, `--review-max`, `--horizon`
and `--epsilon`); `--recheck` fresh samples measure a decision that reaches a class, every seat
deciding on its own view there (`--recheck-view whole`: every seat on the whole sample, as
before); `--value standing` has the review value a code by the seat's expected share of the other
seats it finishes ahead of instead of its win chance (`ai.review.VALUE`), and check 2 then
measures that share; `--value score`, by its margins over each other seat squashed wide
(`ai.models.score_values`: it keeps falling with every point lost, however far behind);
`--value mixed`, by half of each. `--accuracy-value` is the value each decision is judged on
again for the accuracy (`ai.review.ACCURACY_VALUE`; "none": the accuracy from the review's own
costs, Lichess's game accuracy, as reviews before it); `--accuracy-search` the simulations of
that second judging's search in every game (default: `--search` times the factor of
`ai.review.ACCURACY_SEARCH`, 1 in a game it does not name). A judging on the accuracy's value
with the accuracy's search is done once: `--value mixed --search N --accuracy-search N`
measures the accuracy of a review with `--accuracy-search N` at about half the CPU.

**Honesty check 2.** For the blunders the reviews of check 1 flag (the first `--max-blunders` of
them, taken in turn from each game, 0: all; `--check-class` checks another class instead, or
"costly": any decision with a cost), the real state before the blunder (every hidden holding as
it was; what no seat has seen yet, the future dice and cube draws and Havana's face-down building
deck, drawn again for each rollout) is played to the end `--rollouts` times with the code played
and as many with the preferred code, everybody at `--check-level` (strong at `--check-budget`
simulations) after: is the preferred one's win share (or standing, with `--value standing`)
higher (goal: in at least 90 % of the blunders), and does the reported cost lie within the 95 %
interval of the measured difference? That interval holds the measure's noise alone; `agrees`
asks the same with the reported cost's own standard error counted too (its recheck's samples).
`--rollouts 0` runs no check 2.
The rollouts pair up (rollout i of both codes starts from the same draw of the unseen).
`--check-start seat` starts each rollout instead from the moment as the deciding seat knew it:
what that seat could not see (in Havana the other hands, the cards other seats have placed face
down this phase, their discard piles beyond what the table saw, the deck) dealt again as the
review deals it (`Model.determinize` with the public record), what no seat has seen redrawn as
above. The review's figures are expectations over exactly that; from the real moment a check
also measures what the seat could not know, such as the card an earlier seat placed face down.
`--blunders-from FILE` checks the blunders of an earlier run (its JSON line) instead, their
games played again from their seeds, and runs nothing else; with `--remeasure`, each one's
reported cost is first measured again as this review measures a flagged decision
(`ai.review.measure`: the same played and preferred codes, `--recheck` samples), the earlier
figure kept as `cost_then`. `--face-down random` deals the cards others have chosen face down
this round at random in the review's samples, as reviews did before `ai.review.FACE_DOWN`.

**Calibration** (`--calibrate N`, nothing else run). N greedy games per kind (3 and 4 players in
turn, the review's look-ahead played to the end) give, at every decision, the seats'
evaluations and who won in the end. The temperature of the review's softmax (`TEMPERATURE` of
ai/review.py) is the one of highest likelihood on a grid of 0.5 to 40 by 0.5; the line shows
it, the log loss per decision of the softmax, of the old squashed margin (normalised to sum to
1) and of no information (every seat alike), and a reliability table: the predicted and won
shares in tenths of predicted chance.

The last line is one JSON object with every figure and the parameters. The same seed gives the
same figures apart from the timings, whatever `--workers`. The workers are the bot's
(`bot.core.worker_pool`): killed, the bench leaves none of them behind.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import itertools
import json
import math
import random
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import ai  # noqa: E402 - after the path fix above
import games  # noqa: E402
from ai import review  # noqa: E402
from ai.models import MODELS, VALUES, end_values  # noqa: E402
from bot.core import worker_pool  # noqa: E402

GAMES = ("santiago", "havana")
LEVELS = ("random", "greedy", "strong")
ORDER_GOAL = CONFIRM_GOAL = 0.90
MINUTES_GOAL = 10.0


def play(kind: str, levels: tuple[str, ...], seed: int, budget: int) -> games.Replay:
    """A whole game, seat v played at `levels[v]`."""
    model = MODELS[kind]
    game = model.game
    state, log = game.new(len(levels), seed, None), []
    for i in itertools.count():
        if game.is_over(state):
            break
        seat = model.pending(state)[0][0]
        code = ai.choose(
            kind, state, seat, level=levels[seat], seed=seed * 100_000 + i, budget=budget
        )
        state, _ = game.apply(state, seat, code)
        log.append((seat, code))
    return games.Replay(kind, len(levels), seed, {}, log)


def timed_review(kind: str, seed: int, budget: int, how: dict) -> dict:
    record = play(kind, ("strong", "greedy", "strong", "greedy"), seed, budget)
    wall, cpu = time.perf_counter(), time.process_time()
    result = review.review(record, how=how)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    counted = sum(d["counted"] for d in result["decisions"])
    return {
        "game": kind,
        "decisions": result["total"],
        "counted": counted,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "cpu_s_per_decision": round(cpu / max(1, result["total"]), 3),
        "accuracy": [s["accuracy"] for s in result["seats"]],
    }


def decision_of(kind: str, game_seed: int, order, record, d: dict) -> dict:
    """A classed decision of a check game, with what replaying it from its moment needs."""
    return {
        "game": kind,
        "seed": game_seed,
        "levels": order,
        "entry": d["entry"],
        "seat": d["seat"],
        "level": order[d["seat"]],
        "played": d["code"],
        "preferred": d["best_code"],
        "cost": d["cost"],
        "se": d["se"],
        "class": d["class"],
        "actions": list(record.actions[: d["entry"]]),
    }


def level_game(kind: str, index: int, seed: int, budget: int, how: dict, flagged: str) -> dict:
    """One game of check 1: the levels' accuracies and the decisions of class `flagged` (any
    with a cost above 0 for "costly")."""
    order = list(itertools.permutations(LEVELS))[index % 6]
    game_seed = seed * 1000 + index
    record = play(kind, order, game_seed, budget)
    result = review.review(record, how=how)
    accuracy = {order[s["seat"]]: s["accuracy"] for s in result["seats"]}
    a = [accuracy[level] if accuracy[level] is not None else -1 for level in LEVELS]
    # The mean cost of every counted decision, on the value the accuracy is read from: an
    # order that weighs many small losses as their sum. A seat without one ranks last, as above.
    cost, plain, mattered = {}, {}, {}
    for seat, level in enumerate(order):
        counted = [d for d in result["decisions"] if d["seat"] == seat and d["counted"]]
        # The decisions' own accuracies, plainly averaged over those whose codes lay 5 points
        # or more apart (on the review's value: `--value mixed` for the accuracy's own): a
        # number that easy decisions, where every code is as good, do not pull towards 100.
        weighed = [d["accuracy"] for d in counted if d["mattered"]]
        mattered[level] = sum(weighed) / len(weighed) if weighed else -1.0
        mine = [d.get("accuracy_cost", d["cost"]) for d in counted]
        cost[level] = sum(mine) / len(mine) if mine else math.inf
        # Lichess's accuracy of each counted decision, averaged plainly: every decision
        # counts alike, none weighted by volatility or punished by a harmonic mean.
        plain[level] = sum(map(review.move_accuracy, mine)) / len(mine) if mine else -1.0
    blunders = [
        decision_of(kind, game_seed, order, record, d)
        for d in result["decisions"]
        if d["counted"] and (d["class"] == flagged or (flagged == "costly" and d["cost"] > 0))
    ]
    # Where each level finished: how often the levels' own results follow their strength, a
    # yardstick for how often their play can be expected to.
    final = games.History.of(record).state
    places = dict(zip(order, games.get(kind).result(final).places, strict=True))
    return {
        "accuracy": accuracy,
        "ordered": a[0] < a[1] < a[2],
        "places": places,
        "finished_in_order": places["strong"] < places["greedy"] < places["random"],
        "mean_cost": cost,
        "ordered_by_cost": cost["random"] > cost["greedy"] > cost["strong"],
        "plain_accuracy": plain,
        "ordered_by_plain": plain["random"] < plain["greedy"] < plain["strong"],
        "mattered_accuracy": mattered,
        "ordered_by_mattered": mattered["random"] < mattered["greedy"] < mattered["strong"],
        "blunders": blunders,
    }


def to_end(kind: str, state, level: str, seed: int, budget: int):
    model = MODELS[kind]
    game = model.game
    for i in itertools.count():
        if game.is_over(state):
            return game.result(state)
        seat = model.pending(state)[0][0]
        code = ai.choose(kind, state, seat, level=level, seed=seed * 10_000 + i, budget=budget)
        state, _ = game.apply(state, seat, code)


def recalled(kind: str, record: games.Replay, before) -> object:
    """What the public record of `record` tells of the hidden parts at its end, `before`: what
    the review of the decision taken there knew (`ai.review.known`)."""
    states = [step.before for step in review.decisions(record)]
    return review.known(kind, [*states, before])


def check_blunder(
    blunder: dict,
    rollouts: int,
    level: str,
    budget: int,
    seed: int,
    value: str = "win",
    start_from: str = "real",
    face_down: str = "random",
) -> dict:
    """Check 2 for one blunder: the paired win shares (or standings, `value` "standing") of
    the played and the preferred code, from the real moment or (`start_from` "seat") from the
    moment as the deciding seat knew it (the others' face-down cards dealt by `face_down`)."""
    blunder = dict(blunder)
    actions, kind = blunder.pop("actions"), blunder["game"]
    record = games.Replay(kind, len(blunder["levels"]), blunder["seed"], {}, actions)
    before = games.History.of(record).state
    seat, game, model = blunder["seat"], games.get(kind), MODELS[kind]
    known = recalled(kind, record, before) if start_from == "seat" else None
    diffs = []
    for r in range(rollouts):
        draw = random.Random(seed * 1_000_003 + r)
        start = before
        if start_from == "seat":
            start = (
                model.determinize(before, seat, draw)
                if known is None
                else model.determinize(before, seat, draw, known, face_down=face_down)
            )
        # What no seat has seen yet, drawn again for each rollout (a fresh generator alone left
        # Havana's building deck in the order it was really dealt, the same in every rollout).
        start = model.redraw_unseen(start, draw)
        shares = []
        for code in (blunder["preferred"], blunder["played"]):
            after, _ = game.apply(start, seat, code)
            result = to_end(kind, after, level, seed + r, budget)
            shares.append(end_values(result, value, model.scale)[seat])
        diffs.append((shares[0] - shares[1]) * 100)
    mean = sum(diffs) / rollouts
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, rollouts - 1) / rollouts)
    low, high = mean - 1.96 * se, mean + 1.96 * se
    return {
        **blunder,
        "measured": round(mean, 1),
        "interval": [round(low, 1), round(high, 1)],
        "start": start_from,
        "check_seed": seed,
        "confirmed": mean > 0,
        "cost_within": low <= blunder["cost"] <= high,
        "agrees": agrees(mean, se, blunder),
    }


def agrees(mean: float, se: float, blunder: dict) -> bool | None:
    """Whether the measured and the reported cost differ by less than their two standard errors
    allow (95 %): the interval of the measure alone leaves out the report's own sampling error.
    None for a case from a file that kept no error of its report."""
    reported = blunder.get("se")
    if reported is None:
        return None
    return abs(mean - blunder["cost"]) <= 1.96 * math.hypot(se, reported)


def greedy_outcomes(
    kind: str, games_n: int, seed: int, epsilon: float = 0.0
) -> list[tuple[list[float], list[float]]]:
    """(evaluations, final win shares) at every decision of `games_n` games played as the
    review's look-ahead plays: greedy, or at random one decision in `epsilon`."""
    model = MODELS[kind]
    game = model.game
    rows = []
    noise = random.Random(f"calibrate:{kind}:{seed}")
    for g in range(games_n):
        players = 3 + g % 2
        state, seen = game.new(players, seed * 1000 + g, None), []
        for i in itertools.count():
            if game.is_over(state):
                break
            seat = model.pending(state)[0][0]
            level = "random" if noise.random() < epsilon else "greedy"
            code = ai.choose(kind, state, seat, level=level, seed=seed * 100_000 + g * 1000 + i)
            seen.append(model.scores(state))
            state, _ = game.apply(state, seat, code)
        winners = game.result(state).winners
        shares = [1.0 / len(winners) if v in winners else 0.0 for v in range(players)]
        rows += [(scores, shares) for scores in seen]
    return rows


def _log_loss(rows, predict) -> float:
    return -sum(
        sum(w * math.log(max(1e-12, p)) for w, p in zip(shares, predict(scores), strict=True) if w)
        for scores, shares in rows
    ) / len(rows)


def _squashed(kind: str):
    scale = MODELS[kind].scale

    def predict(scores):
        raw = [
            1.0
            / (
                1.0
                + math.exp(
                    -max(-30.0, (x - max(y for u, y in enumerate(scores) if u != v)) / scale)
                )
            )
            for v, x in enumerate(scores)
        ]
        return [r / sum(raw) for r in raw]

    return predict


def calibrate(kind: str, games_n: int, seed: int, epsilon: float) -> dict:
    rows = greedy_outcomes(kind, games_n, seed, epsilon)
    grid = [k / 2 for k in range(1, 81)]
    losses = {t: _log_loss(rows, lambda s, t=t: review.softmax(s, t)) for t in grid}
    best = min(grid, key=lambda t: (losses[t], t))
    bins = [[0, 0.0, 0.0] for _ in range(10)]
    for scores, shares in rows:
        for p, w in zip(review.softmax(scores, best), shares, strict=True):
            b = bins[min(9, int(p * 10))]
            b[0] += 1
            b[1] += p
            b[2] += w
    return {
        "game": kind,
        "games": games_n,
        "decisions": len(rows),
        "temperature": best,
        "log_loss": round(losses[best], 4),
        "log_loss_squashed": round(_log_loss(rows, _squashed(kind)), 4),
        "log_loss_uniform": round(_log_loss(rows, lambda s: [1 / len(s)] * len(s)), 4),
        "reliability": [
            {"tenth": k, "seats": n, "predicted": round(p / n, 3), "won": round(w / n, 3)}
            for k, (n, p, w) in enumerate(bins)
            if n
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=GAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing", type=int, default=1, help="reviews timed per game (0: none)")
    parser.add_argument("--check-games", type=int, default=50)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--check-level", choices=LEVELS, default="strong")
    parser.add_argument("--check-budget", type=int, default=ai.DEFAULT_BUDGET)
    parser.add_argument("--play-budget", type=int, default=40)
    parser.add_argument("--max-blunders", type=int, default=0)
    parser.add_argument(
        "--check-class", choices=("blunder", "mistake", "inaccuracy", "costly"), default="blunder"
    )
    parser.add_argument("--review-rollouts", type=int, default=review.DEFAULT_ROLLOUTS)
    parser.add_argument("--review-max", type=int, default=review.DEFAULT_MAX_ROLLOUTS)
    parser.add_argument("--horizon", type=int, default=review.DEFAULT_HORIZON)
    parser.add_argument("--recheck", type=int, default=review.DEFAULT_RECHECK)
    parser.add_argument("--search", type=int, default=review.DEFAULT_SEARCH)
    parser.add_argument("--epsilon", type=float, default=review.EPSILON)
    parser.add_argument("--recheck-view", choices=("own", "whole"), default=review.RECHECK_VIEW)
    parser.add_argument("--value", choices=sorted(VALUES), default=review.VALUE)
    parser.add_argument(
        "--accuracy-value", choices=[*sorted(VALUES), "none"], default=review.ACCURACY_VALUE
    )
    parser.add_argument(
        "--accuracy-search", type=int, help="default: see ai.review.ACCURACY_SEARCH"
    )
    parser.add_argument("--face-down", choices=("random", "rule"), default=review.FACE_DOWN)
    parser.add_argument("--check-start", choices=("real", "seat"), default="real")
    parser.add_argument("--remeasure", action="store_true", help="with --blunders-from")
    parser.add_argument("--blunders-from", type=Path, help="an earlier run's output")
    parser.add_argument("--calibrate", type=int, default=0, help="greedy games per kind")
    args = parser.parse_args()
    if args.remeasure and not args.blunders_from:
        parser.error("--remeasure measures an earlier run's blunders: it needs --blunders-from")
    if args.blunders_from and args.rollouts < 1:
        parser.error("--blunders-from checks blunders again: it needs --rollouts of 1 or more")
    if args.calibrate:
        kinds = (args.only,) if args.only else GAMES
        rows = [calibrate(kind, args.calibrate, args.seed, args.epsilon) for kind in kinds]
        for row in rows:
            print(f"calibration: {row}", flush=True)
        print(json.dumps({"parameters": vars(args), "calibration": rows}))
        return
    how = review.method(
        args.seed,
        args.review_rollouts,
        args.review_max,
        args.horizon,
        args.recheck,
        epsilon=args.epsilon,
        search=args.search,
        recheck_view=args.recheck_view,
        value=args.value,
        accuracy_value=None if args.accuracy_value == "none" else args.accuracy_value,
        accuracy_search=(
            None if args.accuracy_search is None else dict.fromkeys(GAMES, args.accuracy_search)
        ),
        face_down=args.face_down,
    )
    kinds = (args.only,) if args.only else GAMES
    out: dict = {"parameters": {**vars(args), "method": how}}
    if args.blunders_from:
        with worker_pool.pool(args.workers) as pool:
            then, earlier = earlier_blunders(pool, args.blunders_from, kinds)
            # Measured as the earlier run reviewed and played them, so that its output can be
            # read back in turn.
            args.value = then.get("method", {}).get("value", "win")
            args.play_budget = then["play_budget"]
            out["parameters"] = {**vars(args), "method": then.get("method")}
            if args.remeasure:
                how = {**how, "value": args.value}
                jobs = [pool.submit(remeasured, case, how) for case in earlier]
                earlier = [job.result() for job in jobs]
                out["parameters"]["method"] = how
            out["blunders"] = check_blunders(pool, earlier, args)
        out["parameters"]["blunders_from"] = str(args.blunders_from)
        print(json.dumps(out))
        return
    # The bot's pools: each worker ends with this process, however it ends. A pool of its own,
    # forked, left a worker behind for every bench killed, waiting on its queue for ever.
    with worker_pool.pool(args.workers) as pool:
        out["time"] = timing(pool, kinds, args, how)
        games_done, blunders = check_levels(pool, kinds, args, how)
        out["levels"] = games_done
        if args.rollouts:
            out["blunders"] = check_blunders(pool, blunders, args)
    print(json.dumps(out))


def timing(pool, kinds, args, how) -> list[dict]:
    # One at a time, as the bot's one worker runs them: a timing beside another is no timing.
    rows = []
    for kind in kinds:
        for i in range(args.timing):
            row = pool.submit(timed_review, kind, args.seed + i, args.play_budget, how).result()
            row["goal_met"] = row["wall_s"] <= MINUTES_GOAL * 60
            print(f"time {kind}: {row}", flush=True)
            rows.append(row)
    return rows


def check_levels(pool, kinds, args, how) -> tuple[dict, list[dict]]:
    # Every game of every kind submitted at once, the kinds in turn, each printed as it ends:
    # a run stopped early still tells what it measured.
    jobs = {
        (kind, i): pool.submit(
            level_game, kind, i, args.seed, args.play_budget, how, args.check_class
        )
        for i in range(args.check_games)
        for kind in kinds
    }
    where = {job: key for key, job in jobs.items()}
    for job in concurrent.futures.as_completed(jobs.values()):
        kind, i = where[job]
        g = job.result()
        print(
            f"game {kind} {i}: ordered {g['ordered']}, accuracy {g['accuracy']}, "
            f"by mean cost {g['ordered_by_cost']}, by plain mean {g['ordered_by_plain']}, "
            f"by mattered {g['ordered_by_mattered']}, "
            f"plain { {k: round(v, 2) for k, v in g['plain_accuracy'].items()} }, "
            f"mattered { {k: round(v, 2) for k, v in g['mattered_accuracy'].items()} }, "
            f"places {g['places']}, "
            f"mean cost { {k: round(v, 3) for k, v in g['mean_cost'].items()} }, "
            f"flagged {len(g['blunders'])}",
            flush=True,
        )
    out, blunders = {}, []
    for kind in kinds:
        done = [jobs[kind, i].result() for i in range(args.check_games)]
        ordered = sum(g["ordered"] for g in done)
        pairs = _pairs(done, lambda g, b, a: (g["accuracy"][b] or 0) > (g["accuracy"][a] or 0))
        mean = {
            level: round(sum(g["accuracy"][level] or 0 for g in done) / max(1, len(done)), 1)
            for level in LEVELS
        }
        share = ordered / max(1, len(done))
        by_cost = sum(g["ordered_by_cost"] for g in done)
        by_plain = sum(g["ordered_by_plain"] for g in done)
        finished = sum(g["finished_in_order"] for g in done)
        out[kind] = {
            "games": len(done),
            "ordered": ordered,
            "share": round(share, 3),
            "pairs": pairs,
            "mean_accuracy": mean,
            "ordered_by_cost": by_cost,
            "ordered_by_plain_accuracy": by_plain,
            "ordered_by_mattered_accuracy": sum(g["ordered_by_mattered"] for g in done),
            "mean_plain_accuracy": _means(done, "plain_accuracy"),
            "mean_mattered_accuracy": _means(done, "mattered_accuracy"),
            "finished_in_order": finished,
            "pairs_by_places": _pairs(done, lambda g, b, a: g["places"][b] < g["places"][a]),
            "pairs_by_cost": _pairs(done, lambda g, b, a: g["mean_cost"][b] < g["mean_cost"][a]),
            "mean_cost": {
                level: round(sum(g["mean_cost"][level] for g in done) / max(1, len(done)), 3)
                for level in LEVELS
            },
            "goal_met": share >= ORDER_GOAL,
        }
        print(f"levels {kind}: {out[kind]}", flush=True)
        blunders += [b for g in done for b in g["blunders"]]
    return out, blunders


def _means(done: list[dict], key: str) -> dict[str, float]:
    """Each level's mean of the games' `key` figures, those of a seat without any left out."""
    out = {}
    for level in LEVELS:
        seen = [g[key][level] for g in done if g[key][level] >= 0]
        out[level] = round(sum(seen) / len(seen), 2) if seen else None
    return out


def _pairs(done: list[dict], ahead) -> dict[str, int]:
    """For each pair of levels, "stronger>weaker": in how many games `ahead(game, stronger,
    weaker)` holds."""
    return {
        f"{b}>{a}": sum(ahead(g, b, a) for g in done) for a, b in itertools.combinations(LEVELS, 2)
    }


class NotReplayed(Exception):
    """An earlier run's game no longer reaches its checked decision: the engines, the AI or
    the bench changed since."""


def replayed(case: dict, budget: int) -> dict:
    """A checked case of an earlier run with the moves before it, its game played again."""
    record = play(case["game"], tuple(case["levels"]), case["seed"], budget)
    entry = case["entry"]
    if len(record.actions) <= entry or record.actions[entry] != (case["seat"], case["played"]):
        raise NotReplayed(
            f"{case['game']} game {case['seed']} does not play again to its decision {entry}:"
            " the file was made by another version; run check 1 again"
        )
    keep = ("game", "seed", "levels", "entry", "seat", "level", "played", "preferred", "cost")
    return {
        **{k: case[k] for k in keep},
        "class": case.get("class"),
        "se": case.get("se"),
        "check_seed": case.get("check_seed"),
        "actions": list(record.actions[:entry]),
    }


def remeasured(case: dict, how: dict) -> dict:
    """`case` with its cost and error measured again by `how`'s measure of a flagged decision,
    from what its seat could know then (the public record included); the earlier cost kept."""
    record = games.Replay(case["game"], len(case["levels"]), case["seed"], {}, case["actions"])
    before = games.History.of(record).state
    judged = review.measure(
        case["game"],
        before,
        case["seat"],
        case["played"],
        case["preferred"],
        entry=case["entry"],
        how=how,
        known=recalled(case["game"], record, before),
    )
    return {**case, "cost_then": case["cost"], "cost": judged["cost"], "se": judged["se"]}


def earlier_blunders(pool, path: Path, kinds) -> tuple[dict, list[dict]]:
    """An earlier run's parameters and the cases it checked (the last line of its output), in
    its order, each with the seed its check drew from (older files: its place in that order)."""
    try:
        lines = path.read_text().strip().splitlines()
    except OSError as refused:
        raise SystemExit(f"--blunders-from {path}: {refused.strerror}") from None
    try:
        earlier = json.loads(lines[-1])
        checked = "cases" in earlier["blunders"] if "blunders" in earlier else None
        ran = "seed" in earlier["parameters"] and ("levels" in earlier or bool(checked))
    except (IndexError, ValueError, KeyError, TypeError):
        ran = False
    if not ran:
        raise SystemExit(
            f"--blunders-from {path}: its last line is not the JSON line of a run of this bench"
        )
    if checked is None:
        raise SystemExit(f"--blunders-from {path}: that run checked no blunder (--rollouts 0)")
    seed = earlier["parameters"]["seed"]
    cases = [
        {**c, "check_seed": c.get("check_seed", seed + k)}
        for k, c in enumerate(earlier["blunders"]["cases"])
    ]
    cases = [c for c in cases if c["game"] in kinds]
    budget = earlier["parameters"]["play_budget"]
    jobs = [pool.submit(replayed, c, budget) for c in cases]
    try:
        return earlier["parameters"], [job.result() for job in jobs]
    except NotReplayed as refused:
        raise SystemExit(f"--blunders-from {path}: {refused}") from None


def check_blunders(pool, blunders: list[dict], args) -> dict:
    # Taken in turn from each game kind, so that a limit leaves neither kind out.
    kinds = [[b for b in blunders if b["game"] == kind] for kind in GAMES]
    taken = [b for row in itertools.zip_longest(*kinds) for b in row if b is not None]
    chosen = taken[: args.max_blunders] if args.max_blunders else taken
    jobs = [
        pool.submit(
            check_blunder,
            b,
            args.rollouts,
            args.check_level,
            args.check_budget,
            args.seed + k if b.get("check_seed") is None else b["check_seed"],
            args.value,
            args.check_start,
            args.face_down,
        )
        for k, b in enumerate(chosen)
    ]
    checked = []
    for j in jobs:
        checked.append(j.result())
        print(f"blunder: {checked[-1]}", flush=True)
    n = len(checked)
    confirmed = sum(c["confirmed"] for c in checked)
    within = sum(c["cost_within"] for c in checked)
    judged = [c["agrees"] for c in checked if c["agrees"] is not None]
    return {
        "flagged": len(blunders),
        "checked": n,
        "confirmed": confirmed,
        "confirmed_share": round(confirmed / n, 3) if n else None,
        "cost_within": within,
        "cost_within_share": round(within / n, 3) if n else None,
        # Read beside cost_within: the same question with both figures' errors counted.
        "agrees": sum(judged) if judged else None,
        "agrees_share": round(sum(judged) / len(judged), 3) if judged else None,
        "goal_met": bool(n) and confirmed / n >= CONFIRM_GOAL and within / n >= CONFIRM_GOAL,
        "cases": checked,
    }


if __name__ == "__main__":
    main()
