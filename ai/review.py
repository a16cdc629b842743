"""The game review: every decision of an ended game judged from what its seat knew then.

    result = review(record, how=method(seed=0))        # a games.Replay: seed, options, log

For each decision still in effect at the end (an undone one is not; an undo entry is none), the
seat's determinized samples (`Model.determinize`: what the public record of the game so far leaves
open, `Model.recall`, drawn at random: in Havana the other hands, the discard piles among the
cards seen going onto them, the deck order, and the cards others have chosen face down this
round as the AI's rule for such a choice makes them, `face_down`; in Santiago de Cuba, where
every change behind a screen is made in public, only the future dice) are searched by the strong
player's own search (`ai.mcts`: `search` simulations in all over `search_samples` samples). The
search judges: its most visited code is the best, and each code's value is what the search ranks
it by (its simulations' mean blended with its prior, over the samples), read as a win chance;
the cost of the played code is the best's value less its own. With the greedy player as the
judge (the earlier method, below), a code chosen for what a searching player expects to follow
was valued by what a greedy one would do next, and the review rewarded agreeing with the greedy
player.

A cost the search puts at an inaccuracy or more is measured before anything is flagged: the
played code and the best one are played on `recheck` fresh samples, both in each (common random
numbers: their difference is measured on the same worlds), every seat greedy to the end of the
game, each deciding as the greedy level does in a game, on its own sample of what it cannot see
(`recheck_view` "own"; "whole": every seat on the whole sample, the reviewed seat's), and only
those give the decision's figures and its class (its win chances are then win
shares at the end, its points the final margin). The search's word alone flags nothing, and the
measure is independent of the search that picked the decision out, so the cost shown is not
flattered by the luck that picked it (the winner's curse).

The earlier method (`search` 0, kept for reviews stored with it): the best code chosen on a first
batch of `rollouts` samples, every candidate code played once in each, every seat greedy after
or, one decision in `epsilon` (drawn from the sample's own generator), at random, for `horizon`
decisions, then valued by a softmax of the seats' evaluations at a temperature calibrated on
greedy games played to the end (`TEMPERATURE`), or, in the games of `to_end` (Havana), to the
end of the game; then the played code and that best one valued on fresh samples, a batch of
`rollouts` at a time up to `max_rollouts` while the cost's interval still straddles a threshold;
a decision whose interval reaches a class there valued again on `recheck` fresh samples.

A code's win chance on samples is its mean win share (a shared win split), its points the mean
final margin over the best other seat. A best code that does no better than the played one is
not reported: the played code is the best found, at no cost. The analysis of a decision reads
only the state before it, the seat, its code and the public record, through the seat's samples
and its own legal codes, and its generator is seeded from the review's seed and the decision's
log entry (the search and the greedy player draw nothing else): twin games that differ in
something the seat could not know give the same analysis, and a review resumed half way gives
the same result as one run at once.

The JSON of a review (`FORMAT` 1), all win chances in percentage points (0-100) for the deciding
seat, points in the game's score:

    {"format": 1, "game": "santiago", "players": 4,
     "method": {"seed": 0, "rollouts": 8, "max_rollouts": 32, "horizon": 40,
                "to_end": ["havana"], "temperature": {"santiago": 3.0, "havana": 40.0},
                "recheck": 150, "epsilon": 0.25, "search": 160, "search_samples": 4,
                "recheck_view": "own", "value": "win", "accuracy_value": "mixed",
                "accuracy_search": {"havana": 480}, "face_down": "rule", "candidates": 8,
                "policy": "greedy",
                "thresholds": {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 15.0}, "z": 1.28},
     "total": 212,                         # decisions in effect, counted or not
     "decisions": [                        # oldest first
        {"entry": 14, "seat": 2, "code": "pawn:3", "label": <Msg JSON>, "choices": 4,
         "counted": true,                  # false: one legal code (forced); nothing below then
         "before": 31.2,                   # the position's win chance: that of its best code
         "played": 25.0, "best": 31.2,     # after the code played, after the best code found
         "best_code": "pawn:5", "best_label": <Msg JSON>,
         "cost": 6.2, "se": 2.1,           # best - played, and its standard error (0: the
                                           #   search's figures, nothing measured)
         "low": 3.5, "high": 8.9,          # cost -/+ z * se: the interval the class is read from
         "points": 1.5,                    # best - played in expected final margin (points;
                                           #   0 for the search's figures)
         "samples": 16,                    # valuing samples the figures above come from (0: the
                                           #   search's own figures)
         "chosen_on": 8,                   # further samples the best code was chosen on (the
                                           #   search's samples)
         "rechecked": 0,                   # > 0: the figures come from a valuing on this many
                                           #   fresh samples (= samples)
         "spread": 12.5,                   # best - worst code's win chance where chosen
         "mattered": true,                 # spread >= 5 or class not "ok" (the seat's
                                           #   accuracy without `accuracy_value` reads these)
         "class": "inaccuracy",
         "accuracy_cost": 2.0,             # the cost again, valued by the method's
                                           #   `accuracy_value` (its own search, of
                                           #   `accuracy_search` simulations, and measure)
         "accuracy": 92.4},                # Lichess's formula on accuracy_cost
        ...],
     "seats": [{"seat": 0, "accuracy": 84.1, "counted": 51, "mattered": 30, "mean_cost": 1.9,
                "inaccuracy": 3, "mistake": 1, "blunder": 0}, ...]}

`class` is "ok", "inaccuracy", "mistake" or "blunder": the highest threshold the interval's low
end reaches (so a cost the samples cannot tell from noise is never flagged). `accuracy` per
decision is Lichess's formula on `accuracy_cost`, the decision judged a second time with the
method's `accuracy_value` as its value (`ACCURACY_VALUE`: places and points, where a win chance
stops moving once the seat cannot win); per seat, the plain mean of its counted decisions'
accuracies. A method without `accuracy_value` (or with None), as reviews stored before it: no
`accuracy_cost`, each decision's accuracy on its own cost, and the seat's Lichess's game accuracy
(the mean of a volatility-weighted mean and the harmonic mean of its decisions' accuracies) over
the decisions that mattered (`mattered`; one without the field, from an earlier review, counts).
`spread`, `mattered`, `chosen_on`, `rechecked`, the seat's `mattered` and the method's `to_end`,
`temperature`, `recheck`, `epsilon`, `search`, `search_samples`, `recheck_view` and `value` were
added within format 1 (a method without `value` valued the win chance, as "win" does; with
"standing", every "win chance" of the review is the seat's expected share of the other seats it
finishes ahead of; with "score", its margins over each other seat squashed wide
(`ai.models.score_values`); with "mixed", half of each of these two); a method without
`recheck_view` measured with every seat on the whole sample; a method without `accuracy_search`
(or a game it does not name) judged the accuracy with `search` simulations; a method without
`face_down` dealt the others' face-down choices at random (`FACE_DOWN`); a method without
`search` (or with 0) is the earlier one, played out with greedy replies; one without the four
before it is earlier still (the squashed margin, no game to the end, no second valuing, greedy
only). A stored review is read as it was stored, never valued again: its `method` and each
decision's `rechecked` say what it was measured with (32 fresh samples before `DEFAULT_RECHECK`
became 150). A label may name a card the seat held: it is as private as the seat's own log entry.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import games
from games.undo import History

from .mcts import Valuer, grown
from .models import (
    MODELS,
    SCORE_WIDTH,
    VALUES,
    Model,
    end_values,
    margin,
    pairwise,
    win_values,
)
from .policies import greedy_code, random_code

FORMAT = 1
DEFAULT_ROLLOUTS = 8  # samples per batch; every candidate code is played once per sample
DEFAULT_MAX_ROLLOUTS = 32
MAX_CANDIDATES = 8  # above this, the played code and the best others by a one-step lookahead
# Win-chance drops, in percentage points, that make an inaccuracy, a mistake, a blunder: Lichess's
# (0.1, 0.2, 0.3 of its winning chances from -1 to 1).
THRESHOLDS = (("blunder", 15.0), ("mistake", 10.0), ("inaccuracy", 5.0))
Z = 1.28  # the class is read from cost - Z * se, the low end of an 80 % two-sided interval
# A decision whose codes all lie within this many points of win chance of each other, on the
# samples that chose the best, did not matter: whatever is played there costs less than an
# inaccuracy. A method without `accuracy_value` left it out of the seat's accuracy, where
# Lichess's weights let a run of such easy 100s drown the decisions that tell players apart; the
# plain mean on places and points keeps it, judged on its own value (a decision where every code
# has the same win chance may still cost a place or points).
MATTERS = 5.0
DEFAULT_HORIZON = 40  # greedy decisions played after a candidate code before it is valued
# Games whose look-ahead plays on to the end of the game whatever the horizon: Havana's
# evaluation says little of who will win under greedy play (calibrated on greedy games played
# to the end: bench/review.py --calibrate; the seat it puts ahead wins no more often than the
# others until the last turns), and a greedy Havana game is short and cheap enough to finish.
TO_END = ("havana",)
END_CAP = 2000  # decisions at most of a look-ahead played to the end
# The win chance of an unfinished look-ahead: a softmax over the seats' evaluations divided by
# this temperature (points of the game's score), fitted by likelihood on greedy games played to
# the end (bench/review.py --calibrate). It replaces a squash of each seat's margin alone, whose
# win chances did not add up to 1 at a table of three or four and overstated every difference.
# Fitted on greedy play; on the look-ahead's own play (a quarter at random, below) 3.5 fits a
# little better (log loss 0.944 against 0.950 a decision), not taken yet: the honesty checks in
# bench/README.md were measured with 3.0.
# Havana's is the grid's largest (its evaluation foretold the winner no better than chance); it
# serves only a look-ahead cut off at END_CAP.
TEMPERATURE = {"santiago": 3.0, "havana": 40.0}
# The share of the look-ahead's decisions played at random rather than greedily. With the greedy
# player alone after every decision, a code was worth what it is worth against greedy replies,
# and the review scored agreement with the greedy player: the strong player's seats came out
# less accurate than the greedy ones. A quarter at random blurs that bias, not enough yet
# (bench/README.md: in Santiago de Cuba the random seat now comes last in every game, but strong
# and greedy are ordered in only half of them; in Havana not at all).
EPSILON = 0.25
# The strong player's search (ai.mcts) that chooses the best code: simulations in all, and the
# seat's samples they are spread over.
DEFAULT_SEARCH = 160
SEARCH_SAMPLES = 4
# Fresh samples that measure a decision the search puts at an inaccuracy or more. The check of
# a flagged cost (bench/review.py, check 2) measures it on 100 replays, a 95 % interval of about
# +/- 11 points for a cost near 30; an unbiased cost lands in it 90 % of the time only if its own
# standard error is under about 3.7 points (|N(0, sqrt(se^2 + 5.7^2))| < 11.2 at 90 %). The
# spread of one sample's difference, some 45 points (a standard error of 8 on 32 samples), asks
# for some 150. Set from that reasoning, before any check was run with it (bench/README.md).
DEFAULT_RECHECK = 150
# How the seats play after a code in that measure (with the search as the judge): "own", each as
# the greedy level plays in a game (`ai.choose`), deciding on its own sample of what it cannot
# see (the other screens and hands guessed, no public record); "whole" (a method without the
# field), every seat greedy on the whole sample, seeing what the reviewed seat's sample holds.
# The check of a flagged cost plays the game on as its players would; with "whole" the review
# measured play by seats that read each other's screens, not the same quantity (bench/README.md).
RECHECK_VIEW = "own"
# What a code is worth to the deciding seat: "win", its chance to win (a shared win split), as
# the players' texts say; "standing", its expected share of the other seats it finishes ahead
# of (a shared place half), the same at two players. At three or four players a seat that can
# no longer win still has places to gain or lose, and "win" calls every choice it has equal
# (bench/README.md: the review's honesty checks measured with both). "score" keeps counting
# the points of a seat that has no place left to gain; "mixed" is half standing, half score.
# Kept at "win" while what the review shows players is its win chance; a method without the
# field valued "win".
VALUE = "win"

# What a seat's accuracy is read from: each counted decision's cost valued by this (a second
# search and measure, as above, on the same samples), Lichess's formula for one move on it, and
# the plain mean of those over all the seat's counted decisions. The costs, classes and chart
# players read stay in `VALUE` (win chance). Valued by win chance and weighed as Lichess weighs
# a game, the accuracy ordered the AI levels of a game as their strength in 23 games of 48; this
# one, on 48 games played after it was chosen, in 37, where Lichess's weighting of the same
# decisions' accuracies ordered 25 (bench/README.md, "Game review", eighth round): a win chance
# stops moving once a seat cannot win, where "mixed" keeps counting places and points, and
# Lichess's game accuracy forgives many small losses that a plain mean adds up.
# None (a method without the field): the accuracy from the review's own costs, Lichess's way.
ACCURACY_VALUE = "mixed"
# The second search's simulations, as a multiple of the first's, per game (a game not named:
# the same as the first). With 160, as the first, Havana's strong and greedy seats were told
# apart in 11 games of 24: the search's values lean on its prior (the greedy look-ahead), and
# with the strong player searching 140, a judge little stronger than it scored agreeing with the
# greedy player. Chosen on those games (bench/README.md, "Game review", ninth round). Santiago
# de Cuba's were told apart in 23 of 24 at 160, and its decisions are many: its judge stays.
ACCURACY_SEARCH = {"havana": 3}
# How the seat's samples deal the cards other players have already chosen face down this round
# (Havana's opening picks, its phase III cards): "rule", as the AI's rule for such a choice
# makes them (`Model.secret_choice`); "random" (a method without the field), at random. Players
# place a thief or a protection on purpose: dealt at random, the cards placed before a seat's
# decision did it less harm in the samples than at the table. By the rule, Havana's flagged costs
# lay within what replaying the real moment measured in 33 of 48 blunders, against 21
# (bench/README.md, "Game review", tenth round).
FACE_DOWN = "rule"

Progress = Callable[[int, int], None]


def decisions(record: games.Replay) -> list[Any]:
    """The decisions in effect at the end of `record`'s log, oldest first (`games.undo.Step`:
    entry, seat, code, the state before and its events); undone ones and undo entries left out."""
    history = History.start(record)
    for seat, code in record.actions:
        history, _ = history.play(seat, code)
    return list(reversed(list(history.steps())))


def analyse_decision(
    game_name: str,
    before: Any,
    seat: int,
    code: str,
    *,
    entry: int,
    how: Mapping | None = None,
    known: Any = None,
) -> dict:
    """The analysis of one decision: `seat` chose `code` in `before`, the `entry`-th of the log,
    with the parameters `how` (`method()`: seed, rollouts, max_rollouts, horizon). `known` is
    what the public record of the game so far tells of the hidden parts (`Model.recall`), None
    when only the state is given."""
    how = method() if how is None else how
    judged = _analysed(game_name, before, seat, code, entry=entry, how=how, known=known)
    other = how.get("accuracy_value")
    if other is None or not judged["counted"]:
        return judged
    search = how.get("accuracy_search", {}).get(game_name, how.get("search", 0))
    if other == how.get("value", "win") and search == how.get("search", 0):
        cost = judged["cost"]
    else:
        # The same decision judged again on the accuracy's value: the same samples (the
        # generator is the decision's), a search and measure of its own.
        cost = _analysed(
            game_name,
            before,
            seat,
            code,
            entry=entry,
            how={**how, "value": other, "accuracy_value": None, "search": search},
            known=known,
        )["cost"]
    return {**judged, "accuracy_cost": cost, "accuracy": round(move_accuracy(cost), 2)}


def _analysed(
    game_name: str,
    before: Any,
    seat: int,
    code: str,
    *,
    entry: int,
    how: Mapping,
    known: Any,
) -> dict:
    """`analyse_decision` on the method's `value` alone: its accuracy from its own cost."""
    seed = how["seed"]
    horizon = how["horizon"]
    # Reviews stored before these fields keep their method: no game to the end, the squashed
    # margin, no second valuing.
    if game_name in how.get("to_end", ()):
        horizon = END_CAP
    temperature = how.get("temperature", {}).get(game_name)
    recheck = how.get("recheck", 0)
    model = MODELS[game_name]
    game = model.game
    actions = game.legal_actions(before, seat)
    labels = {a.code: a.label for a in actions}
    out: dict[str, Any] = {
        "entry": entry,
        "seat": seat,
        "code": code,
        "label": labels[code].to_json() if code in labels else None,
        "choices": len(actions),
    }
    codes = model.prune([a.code for a in actions])
    if code not in codes:
        codes.append(code)
    if len(codes) < 2:
        return {**out, "counted": False}
    rng = random.Random(f"review:{game_name}:{seed}:{entry}")
    worlds = _Worlds(model, before, seat, rng, known, how.get("face_down", "random"))
    epsilon = how.get("epsilon", 0.0)
    # What a code is worth to the seat: its win chance, or (a method's `value` "standing") its
    # expected share of the other seats it finishes ahead of. A review without the field: win.
    valued = how.get("value", "win")
    if valued not in VALUES:
        raise ValueError(f"unknown value {valued!r}: one of {sorted(VALUES)}")

    def value(world: Any, c: str) -> tuple[float, float]:
        # The look-ahead's own chances (epsilon > 0) come from the sample's number, so that
        # every code played in one sample meets the same ones.
        noise = (
            random.Random(f"review:{game_name}:{seed}:{entry}:{worlds.used}") if epsilon else None
        )
        return _outcome(model, world, seat, c, horizon, temperature, noise, epsilon, value=valued)

    # The best code is chosen on one set of samples and valued on another: the best of several
    # noisy means is flattered by its own noise, so valuing it on the samples that chose it
    # would inflate every cost.
    search = how.get("search", 0)
    rechecked = 0
    if search:
        # The strong player's own search on the seat's samples judges: a code is valued for
        # what a searching player expects to follow, not for what a greedy one would do next
        # (with greedy replies as the judge, the review rewarded agreeing with the greedy player).
        preferred, spread, chosen_on, values = _searched(
            model,
            worlds,
            seat,
            codes,
            code,
            search,
            how.get("search_samples", SEARCH_SAMPLES),
            VALUES[valued],
        )
        pair = [code] if preferred == code else [code, preferred]
        judged = _engine(values, code, preferred)
        table = _Table(pair)
        if recheck and judged["cost"] >= THRESHOLDS[-1][1]:
            # A cost the search puts at an inaccuracy or more is measured: played against
            # preferred on fresh samples, every seat greedy to the end of the game; only that
            # measure gives the figures and the class, so nothing is flagged on the search's
            # word alone, and the cost shown is one measured on outcomes.
            measured = _measurer(game_name, worlds, seat, entry, how)
            judged, table = _rechecked(worlds, pair, code, recheck, measured)
            rechecked = recheck
    else:
        candidates = _candidates(model, worlds.first(), seat, codes, code)
        judged, table, spread, chosen_on = _played_out(
            model, worlds, seat, code, candidates, how, value
        )
        if recheck and _class(judged["low"]) != "ok":
            # Among the thousands of decisions of a game, those whose estimate came out high
            # are the ones that reach a class: flagged on the samples that measured them, their
            # costs would carry that luck (the winner's curse). A decision that reaches a class
            # is valued again on a fixed number of fresh samples, and only those give its
            # figures and class: their estimate is independent of the selection, so unbiased.
            judged, table = _rechecked(worlds, table.codes, code, recheck, value)
            rechecked = recheck
    best = judged["best_code"]
    return {
        **out,
        "counted": True,
        **judged,
        "best_label": labels[best].to_json() if best in labels else None,
        "samples": table.samples,
        "chosen_on": chosen_on,
        "rechecked": rechecked,
        "spread": round(spread, 2),
        # A cost shown on the valuing samples matters whatever the first batch said.
        "mattered": spread >= MATTERS or _class(judged["low"]) != "ok",
        "class": _class(judged["low"]),
        "accuracy": round(move_accuracy(judged["cost"]), 2),
    }


def measure(
    game_name: str,
    before: Any,
    seat: int,
    played: str,
    preferred: str,
    *,
    entry: int,
    how: Mapping | None = None,
    known: Any = None,
) -> dict:
    """The measure a review gives a decision that reaches a class, alone: `played` against
    `preferred` on the method's `recheck` samples of the seat's (from a generator of their own,
    not the review's), every seat greedy to the end. The figures of `analyse_decision`'s
    measured decisions (before, played, best, best_code, cost, se, low, high, points)."""
    how = method() if how is None else how
    model = MODELS[game_name]
    rng = random.Random(f"measure:{game_name}:{how['seed']}:{entry}")
    worlds = _Worlds(model, before, seat, rng, known, how.get("face_down", "random"))
    measured = _measurer(game_name, worlds, seat, entry, how)
    pair = [played] if preferred == played else [played, preferred]
    judged, _ = _rechecked(worlds, pair, played, how["recheck"], measured)
    return judged


def _measurer(
    game_name: str, worlds: _Worlds, seat: int, entry: int, how: Mapping
) -> Callable[[Any, str], tuple[float, float]]:
    """A code's value in a sample as the measure reads it: everybody greedy to the end, each
    seat on its own view of the sample (`recheck_view` "own") or on all of it."""
    model = MODELS[game_name]
    own = how.get("recheck_view") == "own"
    valued = how.get("value", "win")
    temperature = how.get("temperature", {}).get(game_name)

    def measured(world: Any, c: str) -> tuple[float, float]:
        # Both codes of one sample meet the same draws of the seats' own views.
        views = (
            random.Random(f"review:{game_name}:{how['seed']}:{entry}:{worlds.used}:own")
            if own
            else None
        )
        return _outcome(model, world, seat, c, END_CAP, temperature, views=views, value=valued)

    return measured


class _Worlds:
    """The seat's samples of the state, drawn in order from the decision's generator."""

    def __init__(
        self,
        model: Model,
        state: Any,
        seat: int,
        rng: random.Random,
        known: Any,
        face_down: str = "random",
    ):
        self.model, self.state, self.seat, self.rng = model, state, seat, rng
        self.known, self.face_down = known, face_down
        self._drawn: list[Any] = []
        self._used = 0

    def _draw(self) -> Any:
        if self.known is None and self.face_down == "random":
            return self.model.determinize(self.state, self.seat, self.rng)
        return self.model.determinize(
            self.state, self.seat, self.rng, self.known, face_down=self.face_down
        )

    def first(self) -> Any:
        if not self._drawn:
            self._drawn.append(self._draw())
        return self._drawn[0]

    def next(self) -> Any:
        if self._used < len(self._drawn):
            world = self._drawn[self._used]
        else:
            world = self._draw()
            self._drawn.append(world)
        self._used += 1
        return world

    @property
    def used(self) -> int:
        return self._used


def _rechecked(
    worlds: _Worlds,
    pair: list[str],
    played: str,
    samples: int,
    value: Callable[[Any, str], tuple[float, float]],
) -> tuple[dict, _Table]:
    """The measure of a decision that reaches a class, whichever judge picked it out: the played
    code and the preferred one (`pair`, the played first) valued by `value` on `samples` fresh
    samples, both in each (common random numbers). Only these give the decision's figures and
    class, independent of the samples that selected it. (judged, valuing table)."""
    table = _Table(pair)
    for _ in range(samples):
        world = worlds.next()
        table.add([value(world, c) for c in pair])
    return table.judge(played, pair[-1]), table


def _played_out(
    model: Model,
    worlds: _Worlds,
    seat: int,
    code: str,
    candidates: list[str],
    how: Mapping,
    value: Callable[[Any, str], tuple[float, float]],
) -> tuple[dict, _Table, float, int]:
    """The earlier judge (`search` 0): the best code chosen on `rollouts` samples, every
    candidate played in each; then played and best valued on fresh samples, both in each
    (common random numbers), a batch at a time up to `max_rollouts` while the class is unsettled.
    The best code is chosen on one set of samples and valued on another: the best of several
    noisy means is flattered by its own noise. (judged, valuing table, spread, samples chosen
    on)."""
    rollouts, max_rollouts = how["rollouts"], how["max_rollouts"]
    chooser = _Table(candidates)
    for _ in range(rollouts):
        world = worlds.next()
        chooser.add([value(world, c) for c in candidates])
    preferred = chooser.best(code)
    pair = [code] if preferred == code else [code, preferred]
    table = _Table(pair)
    while table.samples < max_rollouts:
        for _ in range(min(rollouts, max_rollouts - table.samples)):
            world = worlds.next()
            table.add([value(world, c) for c in pair])
        if not _unsettled(table.judge(code, pair[-1])):
            break
    return table.judge(code, pair[-1]), table, chooser.spread(), chooser.samples


def _engine(values: Mapping[str, float], played: str, preferred: str) -> dict:
    """The search's own figures: each code's value (its simulations' mean blended with its
    prior, as the search ranks it) as a win chance (or standing), no measured uncertainty, no
    margin."""
    p, b = values[played] * 100, values[preferred] * 100
    cost = max(0.0, b - p)
    if cost == 0:
        preferred, b = played, p
    return {
        "before": round(b, 2),
        "played": round(p, 2),
        "best": round(b, 2),
        "best_code": preferred,
        "cost": round(cost, 2),
        # Nothing measured: the interval runs from no cost to the search's, and no class is
        # read from it.
        "se": 0.0,
        "low": 0.0,
        "high": round(cost, 2),
        "points": 0.0,
    }


def _searched(
    model: Model,
    worlds: _Worlds,
    seat: int,
    codes: list[str],
    played: str,
    budget: int,
    n: int,
    value: Valuer = win_values,
) -> tuple[str, float, int, dict[str, float]]:
    """The strong player's search (`ai.mcts`) at the root, on `n` of the seat's samples with
    `budget` simulations in all, states valued by `value`: (the most visited code, ties to the
    played one then to the first; the spread of the codes' values in points; the samples
    searched; each code's value, as the search ranks it: its simulations' mean blended with its
    prior, over the samples)."""
    visits = dict.fromkeys(codes, 0.0)
    totals = {c: [0.0, 0.0] for c in codes}  # blended value, weight
    memo: dict | None = {} if model.key is not None else None
    for k in range(n):
        sims = budget // n + (1 if k < budget % n else 0)
        root = grown(model, worlds.next(), seat, sims, memo, value)
        for i, (c, (blended, weight)) in enumerate(zip(root.codes, root.ranked(), strict=True)):
            if c not in visits:
                continue
            visits[c] += root.visits[i] + 0.01 * root.prior[i]
            totals[c][0] += blended * weight
            totals[c][1] += weight
    p = codes.index(played)
    best = max(range(len(codes)), key=lambda i: (visits[codes[i]], i == p, -i))
    values = {c: t / w for c, (t, w) in totals.items() if w}
    spread = (max(values.values()) - min(values.values())) * 100 if values else 0.0
    for c in codes:
        # A code the samples' own legal codes left out: valued as the worst seen.
        values.setdefault(c, min(values.values(), default=0.0))
    return codes[best], spread, n, values


def _candidates(model: Model, world: Any, seat: int, codes: list[str], played: str) -> list[str]:
    """The codes compared: all of them, or the played one and the others a one-step lookahead
    on the seat's first sample (never the real state) likes best."""
    if len(codes) <= MAX_CANDIDATES:
        return codes
    game = model.game
    valued = []
    for c in codes:
        after, _ = game.apply(world, seat, c)
        valued.append((-margin(model.scores(after), seat), codes.index(c), c))
    ranked = [c for _, _, c in sorted(valued) if c != played]
    return [played, *ranked[: MAX_CANDIDATES - 1]]


def _outcome(
    model: Model,
    world: Any,
    seat: int,
    code: str,
    horizon: int,
    temperature: float | None,
    noise: random.Random | None = None,
    epsilon: float = 0.0,
    views: random.Random | None = None,
    value: str = "win",
) -> tuple[float, float]:
    """(win chance, margin) of `seat` after `code` in `world`, everyone greedy for `horizon`
    decisions after: the exact win share and final margin if the game ends by then, else the
    calibrated softmax of the evaluations at `temperature` (None: the model's squashed margin,
    as Lichess squashes an engine's centipawns into a win chance) and the estimated margin.
    With `views`, each seat decides as the greedy level does in a game (`ai.choose`): on its own
    sample of what it cannot see, drawn from `views`; else on the whole of `world`. With `value`
    "standing", the first figure is the seat's standing instead (`ai.models.standing_values`:
    the exact one at the end, else its margins over each other seat squashed at `temperature`,
    as the softmax's two-seat case does); "score" or "mixed", that value (`ai.models.VALUES`),
    its standing half as "standing" reads it."""
    game = model.game
    state, _ = game.apply(world, seat, code)
    for _ in range(horizon):
        if game.is_over(state):
            break
        who = model.pending(state)[0][0]
        legal = game.legal_codes(state, who)
        if noise is not None and noise.random() < epsilon:
            choice = random_code(model.prune(legal), noise)
        elif views is not None and len(legal) > 1:
            choice = greedy_code(model, model.determinize(state, who, views), who, legal)
        else:
            choice = greedy_code(model, state, who, legal)
        state, _ = game.apply(state, who, choice)
    if game.is_over(state):
        result = game.result(state)
        return end_values(result, value, model.scale)[seat], float(
            margin(list(result.scores), seat)
        )
    scores = model.scores(state)
    if value in ("score", "mixed"):
        points = pairwise(scores, SCORE_WIDTH * model.scale)[seat]
        if value == "mixed":
            points = (pairwise(scores, temperature or model.scale)[seat] + points) / 2
        return points, margin(scores, seat)
    if value == "standing":
        return pairwise(scores, temperature or model.scale)[seat], margin(scores, seat)
    if temperature is None:
        return win_values(model, state)[seat], margin(scores, seat)
    return softmax(scores, temperature)[seat], margin(scores, seat)


def softmax(scores: Sequence[float], temperature: float) -> list[float]:
    """Each seat's win chance from the evaluations: exp(score / temperature), normalised."""
    top = max(scores)
    weights = [math.exp((x - top) / temperature) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


class _Table:
    """Each candidate's outcomes, one row per sample."""

    def __init__(self, codes: list[str]):
        self.codes = codes
        self.rows: list[list[tuple[float, float]]] = []

    @property
    def samples(self) -> int:
        return len(self.rows)

    def add(self, row: list[tuple[float, float]]) -> None:
        self.rows.append(row)

    def means(self) -> tuple[list[float], list[float]]:
        n = len(self.rows)
        wins = [sum(r[i][0] for r in self.rows) / n for i in range(len(self.codes))]
        points = [sum(r[i][1] for r in self.rows) / n for i in range(len(self.codes))]
        return wins, points

    def best(self, played: str) -> str:
        """The code with the highest mean win share; ties go to the played code, then to the
        larger margin, then to the first code."""
        wins, points = self.means()
        p = self.codes.index(played)
        b = max(range(len(self.codes)), key=lambda i: (wins[i], i == p, points[i], -i))
        return self.codes[b]

    def spread(self) -> float:
        """How far apart the codes' win chances are, in points: the best mean less the worst."""
        wins, _ = self.means()
        return (max(wins) - min(wins)) * 100

    def judge(self, played: str, preferred: str) -> dict:
        """Played against preferred, from these samples alone. A preferred code that does no
        better here than the played one is not reported: the played code is then the best found,
        at no cost, with the spread of the difference as its uncertainty."""
        n = len(self.rows)
        wins, points = self.means()
        p, b = self.codes.index(played), self.codes.index(preferred)
        diffs = [(r[b][0] - r[p][0]) * 100 for r in self.rows]
        cost = sum(diffs) / n
        # A pseudo-observation of spread 50 points: a few unanimous samples are not certainty.
        var = (sum((d - cost) ** 2 for d in diffs) + 50.0**2) / n
        se = math.sqrt(var / n)
        if cost <= 0:
            b, cost = p, 0.0
        return {
            "before": round(wins[b] * 100, 2),
            "played": round(wins[p] * 100, 2),
            "best": round(wins[b] * 100, 2),
            "best_code": self.codes[b],
            "cost": round(cost, 2),
            "se": round(se, 2),
            "low": round(cost - Z * se, 2),
            "high": round(cost + Z * se, 2),
            "points": round(points[b] - points[p], 2),
        }


def _unsettled(judged: Mapping) -> bool:
    """Would more samples change the class? The interval straddles a threshold."""
    return judged["cost"] > 0 and any(judged["low"] < t <= judged["high"] for _, t in THRESHOLDS)


def _class(low: float) -> str:
    return next((name for name, t in THRESHOLDS if low >= t), "ok")


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of one move from its win-chance drop in percentage points, with its
    point of uncertainty bonus, within 0-100."""
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * max(0.0, drop)) - 3.166924740191411
    return min(100.0, max(0.0, raw + 1.0))


def game_accuracy(before: Sequence[float], accuracies: Sequence[float], end: float) -> float | None:
    """Lichess's game accuracy of one seat: the mean of its decisions' accuracies weighted by the
    volatility of its win chance around them, averaged with their harmonic mean. `before` is the
    seat's win chance at each counted decision, `end` after its last; None without decisions."""
    n = len(accuracies)
    if n == 0:
        return None
    chances = [*before, end]
    size = min(8, max(2, len(chances) // 10))
    first = chances[:size]
    windows = [first] * (size - 2) + [
        chances[i : i + size] for i in range(max(1, len(chances) - size + 1))
    ]
    weights = [min(12.0, max(0.5, _stdev(w))) for w in windows[:n]]
    weights += [weights[-1]] * (n - len(weights))
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = n / sum(1.0 / max(1.0, a) for a in accuracies)
    return (weighted + harmonic) / 2


def _stdev(xs: Sequence[float]) -> float:
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))


def summarise(analysed: Iterable[Mapping], players: int, how: Mapping | None = None) -> list[dict]:
    """Each seat's accuracy and counts of its counted decisions. With the method `how` naming an
    `accuracy_value`, the accuracy is the plain mean of the accuracies of all its counted
    decisions; else (None: a method before the field, or decisions judged before it)
    Lichess's game accuracy over those that mattered, where a decision analysed before
    `mattered` existed counts as one that did."""
    analysed = list(analysed)
    plain = how is not None and how.get("accuracy_value") is not None
    # A review resumed across the change holds decisions judged before it: no plain mean over
    # accuracies of two kinds, Lichess's way for all.
    plain = plain and all("accuracy_cost" in d for d in analysed if d.get("counted"))
    out = []
    for seat in range(players):
        mine = [d for d in analysed if d["seat"] == seat and d.get("counted")]
        classes = {name: sum(d["class"] == name for d in mine) for name, _ in THRESHOLDS}
        weighed = [d for d in mine if d.get("mattered", True)]
        if plain:
            accuracy = sum(d["accuracy"] for d in mine) / len(mine) if mine else None
        else:
            accuracy = game_accuracy(
                [d["before"] for d in weighed],
                [d["accuracy"] for d in weighed],
                weighed[-1]["played"] if weighed else 0.0,
            )
        out.append(
            {
                "seat": seat,
                "accuracy": None if accuracy is None else round(accuracy, 1),
                "counted": len(mine),
                "mattered": len(weighed),
                "mean_cost": round(sum(d["cost"] for d in mine) / len(mine), 2) if mine else None,
                **{name: classes[name] for name in ("inaccuracy", "mistake", "blunder")},
            }
        )
    return out


def method(
    seed: int = 0,
    rollouts: int = DEFAULT_ROLLOUTS,
    max_rollouts: int = DEFAULT_MAX_ROLLOUTS,
    horizon: int = DEFAULT_HORIZON,
    recheck: int = DEFAULT_RECHECK,
    to_end: Sequence[str] = TO_END,
    epsilon: float = EPSILON,
    search: int = DEFAULT_SEARCH,
    search_samples: int = SEARCH_SAMPLES,
    recheck_view: str = RECHECK_VIEW,
    value: str = VALUE,
    accuracy_value: str | None = ACCURACY_VALUE,
    accuracy_search: Mapping[str, int] | None = None,
    face_down: str = FACE_DOWN,
) -> dict:
    """The parameters of a review, as its JSON names them. `accuracy_search`: the simulations of
    the accuracy's search per game (default: `search` times `ACCURACY_SEARCH`'s factor)."""
    if accuracy_search is None:
        accuracy_search = {game: search * k for game, k in ACCURACY_SEARCH.items()}
    return {
        "seed": seed,
        "rollouts": rollouts,
        "max_rollouts": max_rollouts,
        "horizon": horizon,
        "to_end": list(to_end),
        "temperature": dict(TEMPERATURE),
        "recheck": recheck,
        "epsilon": epsilon,
        "search": search,
        "search_samples": search_samples,
        "recheck_view": recheck_view,
        "value": value,
        "accuracy_value": accuracy_value,
        "accuracy_search": dict(accuracy_search),
        "face_down": face_down,
        "candidates": MAX_CANDIDATES,
        "policy": "greedy",
        "thresholds": {name: t for name, t in reversed(THRESHOLDS)},
        "z": Z,
    }


def review(
    record: games.Replay,
    *,
    how: Mapping | None = None,
    done: Sequence[Mapping] = (),
    progress: Progress | None = None,
) -> dict:
    """The whole review of `record` (JSON). `done` holds the analyses of its first decisions
    from an earlier, interrupted run (they are kept, not redone); `progress(done, total)` is
    called after each decision."""
    how = method() if how is None else how
    steps = decisions(record)
    analysed = [dict(d) for d in done][: len(steps)]
    for index in range(len(analysed), len(steps)):
        analysed.append(_judged(record, steps, index, how))
        if progress is not None:
            progress(len(analysed), len(steps))
    return finish(record, analysed, how)


def finish(record: games.Replay, analysed: list[dict], how: Mapping) -> dict:
    """The review's JSON from its analysed decisions."""
    return {
        "format": FORMAT,
        "game": record.game,
        "players": record.players,
        "method": dict(how),
        "total": len(analysed),
        "decisions": analysed,
        "seats": summarise(analysed, record.players, how),
    }


def replay_to_json(record: games.Replay) -> dict:
    return {
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "options": dict(record.options),
        "actions": [[s, c] for s, c in record.actions],
    }


def replay_from_json(data: Mapping) -> games.Replay:
    return games.Replay(
        data["game"],
        data["players"],
        int(data["seed"]),
        dict(data["options"]),
        [(int(s), str(c)) for s, c in data["actions"]],
    )


def analyse_next(record_json: Mapping, index: int, how: Mapping) -> tuple[dict, int]:
    """The analysis of the `index`-th decision in effect of a game given as JSON, and how many
    there are: one step of a review that a worker process runs and its caller saves."""
    record = replay_from_json(record_json)
    steps = decisions(record)
    return _judged(record, steps, index, how), len(steps)


def _judged(record: games.Replay, steps: Sequence[Any], index: int, how: Mapping) -> dict:
    """The analysis of the `index`-th decision in effect (`decisions`) of `record`, with what
    the public record up to it tells (`known`)."""
    step = steps[index]
    return analyse_decision(
        record.game,
        step.before,
        step.seat,
        step.code,
        entry=step.entry,
        how=how,
        known=known(record.game, [s.before for s in steps[: index + 1]]),
    )


def known(game_name: str, states: Sequence[Any]) -> Any:
    """What the public record of a game tells of its hidden parts, from the states of its
    decisions so far (oldest first); None for a game whose model reads no record."""
    recall = MODELS[game_name].recall
    return None if recall is None else recall(states)


def count(record: games.Replay) -> int:
    """How many decisions a review of `record` analyses (those in effect)."""
    return len(decisions(record))


__all__ = [
    "ACCURACY_SEARCH",
    "ACCURACY_VALUE",
    "DEFAULT_MAX_ROLLOUTS",
    "DEFAULT_ROLLOUTS",
    "FACE_DOWN",
    "FORMAT",
    "TEMPERATURE",
    "THRESHOLDS",
    "analyse_decision",
    "analyse_next",
    "count",
    "decisions",
    "finish",
    "game_accuracy",
    "known",
    "measure",
    "method",
    "move_accuracy",
    "replay_from_json",
    "replay_to_json",
    "review",
    "softmax",
    "summarise",
]
