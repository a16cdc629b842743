"""The strong player: determinized Monte Carlo tree search.

Before searching, the seat samples several complete states it cannot tell apart from the real one
(`Model.determinize`: other screens, hands and picks, the deck order and future dice are drawn,
never read). Each sample gets its own UCT tree. A node knows every code of the seat deciding
there, each with a prior: the evaluation one step ahead (at the root, the greedy lookahead that
follows the seat's own steps). A simulation descends by UCB1 (every seat picks what is best for
itself), adds one node, plays on with the greedy player and values the leaf with the evaluation,
squashed to a win-probability-like number per seat. At a small table the greedy play runs to a
fixed point of the turn cycle, counted from the root (in 2-player Santiago de Cuba, the start of
the seat's second next turn), so that every leaf is valued at the same point; elsewhere it stops
after a few decisions. The visits of the root's codes are summed over the samples and the most
visited code is played.

The priors are valued right after a code, the leaves later (after the other seats have had their
turn): the two are not on the same footing, a prior being higher by whatever the others gain in
between. So a prior counts only by its difference from the node's average prior, added to the
node's average simulation result, for a few virtual visits: the search starts from the greedy
player's preferences without an optimism that would spread the simulations evenly.

The budget is a number of simulations, so one seed gives one move on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from .models import Model, win_values
from .policies import actor, greedy_code, kept_turn, own_steps

DEFAULT_BUDGET = 140  # simulations per decision, spread over the samples
SAMPLES = 4  # determinizations per decision (fewer when the budget is small)
ROLLOUT_STEPS = 6  # greedy decisions after the new node, for a game without a turn horizon
TURN_ROLLOUT_CAP = 30  # greedy decisions at most per turn of the seat that a rollout runs to
# Win-probability-like values differ by a few hundredths between good and bad codes: a larger
# constant spreads the simulations evenly and the most visited code is chance.
EXPLORATION = 0.1
PRIOR_VISITS = 3.0  # weight of a code's prior, in simulations
# Every seat's value of a state, in [0, 1]: `win_values` for the players; the game review may
# ask for another (`ai.models.VALUES`).
Valuer = Callable[[Model, Any], list[float]]


class Node:
    __slots__ = ("seat", "codes", "prior", "visits", "value", "children", "total", "sum", "pmean")

    def __init__(
        self,
        model: Model,
        state: Any,
        seat: int | None = None,
        root: bool = False,
        value: Valuer = win_values,
    ):
        game = model.game
        self.children: dict[int, Node] = {}
        self.total = 0
        self.sum = 0.0  # of the simulation results, for this node's seat
        if game.is_over(state):
            self.seat, self.codes, self.prior = -1, [], []
            self.visits, self.value = [], []
            self.pmean = 0.0
            return
        self.seat = actor(model, state) if seat is None else seat
        self.codes = model.prune(game.legal_codes(state, self.seat))
        self.prior = _priors(model, state, self.seat, self.codes, root, value)
        self.pmean = sum(self.prior) / len(self.prior)
        self.visits = [0] * len(self.codes)
        self.value = [0.0] * len(self.codes)

    def shift(self) -> float:
        """What to add to a prior to bring it to the footing of the simulation results."""
        return (self.sum / self.total if self.total else self.pmean) - self.pmean

    def ranked(self) -> list[tuple[float, float]]:
        """Each code's value as `select` ranks it before exploration (its simulations' mean
        blended with its prior), and that blend's weight in simulations."""
        shift = self.shift()
        out = []
        for i, prior in enumerate(self.prior):
            n = self.visits[i] + PRIOR_VISITS
            out.append(((self.value[i] + (prior + shift) * PRIOR_VISITS) / n, n))
        return out

    def select(self) -> int:
        log_n = math.log(self.total + 1)
        shift = self.shift()
        best, best_score = 0, -math.inf
        for i, prior in enumerate(self.prior):
            n = self.visits[i] + PRIOR_VISITS
            score = (self.value[i] + (prior + shift) * PRIOR_VISITS) / n
            score += EXPLORATION * math.sqrt(log_n / (self.visits[i] + 1))
            if score > best_score:
                best, best_score = i, score
        return best


def _priors(
    model: Model, state: Any, seat: int, codes: list[str], root: bool, value: Valuer = win_values
) -> list[float]:
    """Each code's value for `seat` one step ahead; a secret choice gets its rule's preference."""
    if len(codes) == 1:
        return [0.5]
    game = model.game
    secret = model.secret_choice(state, seat, codes)
    if secret is not None:
        return [0.6 if c == secret else 0.4 for c in codes]
    out = []
    for code in codes:
        after, events = game.apply(state, seat, code)
        if root and kept_turn(events, seat):
            after = own_steps(model, after, seat)
        out.append(value(model, after)[seat])
    return out


def search(
    model: Model, state: Any, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET
) -> str:
    """The code `seat` plays after `budget` simulations on samples of what it cannot see."""
    codes = model.prune(model.game.legal_codes(state, seat))
    if len(codes) == 1:
        return codes[0]
    samples = max(1, min(SAMPLES, budget // 16))
    visits = dict.fromkeys(codes, 0.0)
    # Rollouts are greedy, so the tree's next visits replay most of an earlier rollout: remember
    # each state's greedy choice. The key is the whole state, so no sample answers for another.
    memo: dict | None = {} if model.key is not None else None
    for k in range(samples):
        world = model.determinize(state, seat, rng)
        root = grown(
            model, world, seat, budget // samples + (1 if k < budget % samples else 0), memo
        )
        for i, code in enumerate(root.codes):
            # The prior breaks ties between equally visited codes.
            visits[code] += root.visits[i] + 0.01 * root.prior[i]
    return max(enumerate(codes), key=lambda ic: (visits[ic[1]], -ic[0]))[1]


def grown(
    model: Model,
    world: Any,
    seat: int,
    sims: int,
    memo: dict | None,
    value: Valuer = win_values,
) -> Node:
    """The root of `seat`'s search on one sample, after `sims` simulations, states valued by
    `value`."""
    turns = model.rollout_turns if len(model.scores(world)) <= model.turn_horizon else None
    root = Node(model, world, seat, root=True, value=value)
    for _ in range(sims):
        _simulate(model, root, world, memo, turns, value)
    return root


def _simulate(
    model: Model,
    root: Node,
    world: Any,
    memo: dict | None,
    turns: int | None,
    value: Valuer = win_values,
) -> None:
    game = model.game
    node, state = root, world
    path: list[tuple[Node, int]] = []
    while node.seat >= 0:
        i = node.select()
        state, _ = game.apply(state, node.seat, node.codes[i])
        path.append((node, i))
        if turns is not None and _turn_starts(model, state, root.seat):
            turns -= 1
        child = node.children.get(i)
        if child is None:
            node.children[i] = Node(model, state, value=value)
            state = _rollout(model, state, memo, root.seat, turns)
            break
        node = child
    result = value(model, state)
    for parent, i in path:
        mine = result[parent.seat]
        parent.total += 1
        parent.sum += mine
        parent.visits[i] += 1
        parent.value[i] += mine


def _turn_starts(model: Model, state: Any, me: int) -> bool:
    """Does `me` start a turn in `state`?"""
    if model.game.is_over(state):
        return False
    seat, kind, _secret = model.pending(state)[0]
    return seat == me and kind == model.turn_kind


def _rollout(model: Model, state: Any, memo: dict | None, me: int, turns: int | None) -> Any:
    """Play greedily until the searching seat has reached `turns` more starts of its turn
    (counted from the root, so every leaf is valued at the same point of the turn cycle), or
    with `turns` None for a fixed number of decisions."""
    game = model.game
    if turns is not None and turns <= 0:
        return state
    for _ in range(ROLLOUT_STEPS if turns is None else TURN_ROLLOUT_CAP * turns):
        if game.is_over(state):
            break
        seat, _kind, _secret = model.pending(state)[0]
        if memo is None:
            code = greedy_code(model, state, seat, game.legal_codes(state, seat))
        else:
            key = model.key(state)
            code = memo.get(key)
            if code is None:
                code = memo[key] = greedy_code(model, state, seat, game.legal_codes(state, seat))
        state, _ = game.apply(state, seat, code)
        if turns is not None and _turn_starts(model, state, me):
            turns -= 1
            if turns <= 0:
                break
    return state
