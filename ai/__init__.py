"""Computer players: pure functions from what a seat may know to one legal action code.

    code = ai.choose("santiago", state, seat, level="greedy", seed=7)

Levels: `random` (a uniformly random legal code), `greedy` (one-step lookahead with a hand-written
evaluation per game) and `strong` (determinized Monte Carlo tree search with greedy rollouts).
`state` may be the engine state or its JSON. No level reads what the seat cannot see: greedy and
strong first replace every hidden part of the state (other screens, hands and secret picks, the
deck order, the generator of future dice) by a sample drawn from the seed, so the code depends only
on the seat's view, the level, the seed and the budget. Everything is passed as arguments and no
global state changes, so `choose` can run in any worker process. A game of the registry that
has no model here (one registered from outside games/) is played at random at every level.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import games

from .mcts import DEFAULT_BUDGET, search
from .models import MODELS
from .policies import greedy_code, random_code

LEVELS = ("random", "greedy", "strong")


def choose(
    game_name: str,
    state: Any,
    seat: int,
    *,
    level: str,
    seed: int,
    budget: int | None = None,
) -> str:
    """A legal action code for `seat`, which must have a decision pending.

    `budget` is the number of search simulations of the strong level (default `DEFAULT_BUDGET`).
    Raise ValueError for an unknown game or level, or a seat with nothing to decide.
    """
    model = MODELS.get(game_name)
    if model is None and game_name not in games.names():
        raise ValueError(f"unknown game {game_name!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    game = games.get(game_name) if model is None else model.game
    if isinstance(state, Mapping):
        state = game.from_json(state)
    codes = game.legal_codes(state, seat)
    if not codes:
        raise ValueError(f"seat {seat} has nothing to decide")
    rng = random.Random(f"{game_name}:{level}:{seed}")
    if len(codes) == 1:
        return codes[0]
    if level == "random" or model is None:
        return random_code(codes, rng)
    if level == "greedy":
        world = model.determinize(state, seat, rng)
        return greedy_code(model, world, seat, codes)
    return search(model, state, seat, rng, DEFAULT_BUDGET if budget is None else budget)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "choose"]
