"""The strong player: determinized Monte Carlo tree search.

Before searching, the seat samples several complete states it cannot tell apart from the real one
(`Model.determinize`: other screens, hands and picks, the deck order and future dice are drawn,
never read). Each sample gets its own UCT tree. A node knows every code of the seat deciding
there, each with a prior: the evaluation one step ahead (at the root, the greedy lookahead that
follows the seat's own steps), counted as a few virtual visits, so the search starts from the
greedy player's judgement and departs from it only when the simulations disagree. A simulation
descends by UCB1 (every seat picks what is best for itself), adds one node, plays a few decisions
with the greedy player and values the leaf with the evaluation, squashed to a win-probability-like
number per seat. The visits of the root's codes are summed over the samples and the most visited
code is played.

The budget is a number of simulations, so one seed gives one move on any machine.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .models import Model, win_values
from .policies import actor, greedy_code, kept_turn, own_steps

DEFAULT_BUDGET = 140  # simulations per decision, spread over the samples
SAMPLES = 4  # determinizations per decision (fewer when the budget is small)
ROLLOUT_STEPS = 6  # greedy decisions after the new node before the evaluation
EXPLORATION = 0.5
PRIOR_VISITS = 3.0  # weight of a code's prior, in simulations


class Node:
    __slots__ = ("seat", "codes", "prior", "visits", "value", "children", "total")

    def __init__(self, model: Model, state: Any, seat: int | None = None, root: bool = False):
        game = model.game
        self.children: dict[int, Node] = {}
        self.total = 0
        if game.is_over(state):
            self.seat, self.codes, self.prior = -1, [], []
            self.visits, self.value = [], []
            return
        self.seat = actor(model, state) if seat is None else seat
        self.codes = model.prune(game.legal_codes(state, self.seat))
        self.prior = _priors(model, state, self.seat, self.codes, root)
        self.visits = [0] * len(self.codes)
        self.value = [0.0] * len(self.codes)

    def select(self) -> int:
        log_n = math.log(self.total + 1)
        best, best_score = 0, -1.0
        for i, prior in enumerate(self.prior):
            n = self.visits[i] + PRIOR_VISITS
            score = (self.value[i] + prior * PRIOR_VISITS) / n
            score += EXPLORATION * math.sqrt(log_n / (self.visits[i] + 1))
            if score > best_score:
                best, best_score = i, score
        return best


def _priors(model: Model, state: Any, seat: int, codes: list[str], root: bool) -> list[float]:
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
        out.append(win_values(model, after)[seat])
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
        root = Node(model, world, seat, root=True)
        sims = budget // samples + (1 if k < budget % samples else 0)
        for _ in range(sims):
            _simulate(model, root, world, memo)
        for i, code in enumerate(root.codes):
            # The prior breaks ties between equally visited codes.
            visits[code] += root.visits[i] + 0.01 * root.prior[i]
    return max(enumerate(codes), key=lambda ic: (visits[ic[1]], -ic[0]))[1]


def _simulate(model: Model, root: Node, world: Any, memo: dict | None) -> None:
    game = model.game
    node, state = root, world
    path: list[tuple[Node, int]] = []
    while node.seat >= 0:
        i = node.select()
        state, _ = game.apply(state, node.seat, node.codes[i])
        path.append((node, i))
        child = node.children.get(i)
        if child is None:
            node.children[i] = Node(model, state)
            state = _rollout(model, state, memo)
            break
        node = child
    result = win_values(model, state)
    for parent, i in path:
        parent.total += 1
        parent.visits[i] += 1
        parent.value[i] += result[parent.seat]


def _rollout(model: Model, state: Any, memo: dict | None) -> Any:
    game = model.game
    for _ in range(ROLLOUT_STEPS):
        if game.is_over(state):
            break
        seat = actor(model, state)
        if memo is None:
            code = greedy_code(model, state, seat, game.legal_codes(state, seat))
        else:
            key = model.key(state)
            code = memo.get(key)
            if code is None:
                code = memo[key] = greedy_code(model, state, seat, game.legal_codes(state, seat))
        state, _ = game.apply(state, seat, code)
    return state
