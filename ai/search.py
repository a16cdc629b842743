"""The strong player: determinized Monte Carlo tree search.

Before searching, the seat samples several complete states it cannot tell apart from the real one
(`Model.determinize`: other screens, hands and picks, the deck order and future dice are drawn,
never read). Each sample gets its own UCT tree: every simulation descends by UCB1 (each seat picks
what is best for itself), adds one node, plays a few steps with the greedy policy and values the
leaf with the evaluation, squashed to a win-probability-like number per seat. The visits of the
root's codes are summed over the samples and the most visited code is played.

The budget is a number of simulations, so one seed gives one move on any machine.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .models import Model, win_values
from .policies import actor, greedy_code

DEFAULT_BUDGET = 240  # simulations per decision, spread over the samples
SAMPLES = 6  # determinizations per decision (fewer when the budget is small)
ROLLOUT_STEPS = 4  # greedy steps after the new node before the evaluation
EXPLORATION = 0.6


class Node:
    __slots__ = ("seat", "untried", "children", "visits", "value")

    def __init__(self, model: Model, state: Any, rng: random.Random, seat: int | None = None):
        game = model.game
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0  # summed value, for the seat that chose the code leading here
        if game.is_over(state):
            self.seat, self.untried = -1, []
            return
        self.seat = actor(game, state) if seat is None else seat
        codes = model.prune(game.legal_codes(state, self.seat))
        rng.shuffle(codes)
        self.untried = codes


def search(
    model: Model, state: Any, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET
) -> str:
    """The code `seat` plays after `budget` simulations on samples of what it cannot see."""
    codes = model.prune(model.game.legal_codes(state, seat))
    if len(codes) == 1:
        return codes[0]
    samples = max(1, min(SAMPLES, budget // 8))
    visits = dict.fromkeys(codes, 0)
    values = dict.fromkeys(codes, 0.0)
    for k in range(samples):
        world = model.determinize(state, seat, rng)
        root = Node(model, world, rng, seat)
        sims = budget // samples + (1 if k < budget % samples else 0)
        for _ in range(sims):
            _simulate(model, root, world, rng)
        for code, child in root.children.items():
            visits[code] += child.visits
            values[code] += child.value

    def rank(i_code: tuple[int, str]) -> tuple:
        i, code = i_code
        n = visits[code]
        return (n, values[code] / n if n else 0.0, -i)

    return max(enumerate(codes), key=rank)[1]


def _simulate(model: Model, root: Node, world: Any, rng: random.Random) -> None:
    game = model.game
    node, state = root, world
    path: list[tuple[Node, int]] = []
    while True:
        if node.seat < 0:
            break
        if node.untried:
            code = node.untried.pop()
            state, _ = game.apply(state, node.seat, code)
            child = Node(model, state, rng)
            node.children[code] = child
            path.append((child, node.seat))
            state = _rollout(model, state)
            break
        log_n = math.log(node.visits)
        best, best_score = None, -1.0
        for code, child in node.children.items():
            score = child.value / child.visits + EXPLORATION * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = code, score
        child = node.children[best]
        state, _ = game.apply(state, node.seat, best)
        path.append((child, node.seat))
        node = child
    result = win_values(model, state)
    root.visits += 1
    for child, chooser in path:
        child.visits += 1
        child.value += result[chooser]


def _rollout(model: Model, state: Any) -> Any:
    game = model.game
    for _ in range(ROLLOUT_STEPS):
        if game.is_over(state):
            break
        seat = actor(game, state)
        codes = game.legal_codes(state, seat)
        code = greedy_code(model, state, seat, codes, chain=False)
        state, _ = game.apply(state, seat, code)
    return state
