"""The random and greedy players, acting on a complete state (the true one, or a sample).

Greedy is a one-step lookahead: each legal code is applied and the resulting state valued by the
game's evaluation, as the margin of the seat over the best other seat. When the seat keeps the
turn after the code (a drive is followed by the citizen, the pawn and the building; a purchase by
its payments), the lookahead follows those own steps greedily before valuing, so a code is judged
by where it leads within the turn; it stops as soon as another seat acts or a new turn begins.
"""

from __future__ import annotations

import random
from typing import Any

from .models import Model, margin

# Own steps followed after a candidate code. A Havana purchase pays one unit per step.
CHAIN_STEPS = 8


def random_code(codes: list[str], rng: random.Random) -> str:
    return codes[0] if len(codes) == 1 else rng.choice(codes)


def actor(model: Model, state: Any) -> int:
    """The seat whose decision a player of the whole table takes next (the first pending)."""
    return model.pending(state)[0][0]


def greedy_code(model: Model, state: Any, seat: int, codes: list[str], chain: bool = True) -> str:
    """The code whose outcome the evaluation prefers; the first such code on equal values."""
    codes = model.prune(codes)
    if len(codes) == 1:
        return codes[0]
    secret = model.secret_choice(state, seat, codes)
    if secret is not None:
        return secret
    game = model.game
    best_code, best_value = codes[0], None
    for code in codes:
        after, events = game.apply(state, seat, code)
        if chain and kept_turn(events, seat):
            after = own_steps(model, after, seat)
        value = margin(model.scores(after), seat)
        if best_value is None or value > best_value:
            best_code, best_value = code, value
    return best_code


def own_steps(model: Model, state: Any, seat: int) -> Any:
    """Play the seat's following steps of the same turn by one-step lookahead."""
    game = model.game
    for _ in range(CHAIN_STEPS):
        if game.is_over(state):
            break
        pending = model.pending(state)
        if len(pending) != 1:
            break
        who, kind, secret = pending[0]
        if who != seat or secret or kind in model.fresh_starts:
            break
        codes = game.legal_codes(state, seat)
        code = greedy_code(model, state, seat, codes, chain=False)
        state, events = game.apply(state, seat, code)
        if not kept_turn(events, seat):
            break
    return state


def kept_turn(events: list, seat: int) -> bool:
    """No other seat acted: the engine did not move on to someone else's (forced) decisions."""
    return all(e.seat is None or e.seat == seat for e in events)
