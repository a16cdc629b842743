"""Every level plays only legal codes, is deterministic, and takes a state or its JSON."""

from __future__ import annotations

import random

import pytest
from ai_helpers import SMALL_BUDGET, positions

import ai
import games


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_returns_a_legal_code(name, players):
    game = games.get(name)
    for index, (state, seat) in enumerate(positions(name, players, seed=players * 31, count=6)):
        codes = game.legal_codes(state, seat)
        for level in ai.LEVELS:
            code = ai.choose(name, state, seat, level=level, seed=index, budget=SMALL_BUDGET)
            assert code in codes, (level, code, codes)


@pytest.mark.parametrize("name", games.NAMES)
def test_same_seed_same_move_and_json_gives_the_same_move(name):
    game = games.get(name)
    for index, (state, seat) in enumerate(positions(name, 3, seed=5, count=5)):
        for level in ai.LEVELS:
            first = ai.choose(name, state, seat, level=level, seed=index, budget=SMALL_BUDGET)
            again = ai.choose(name, state, seat, level=level, seed=index, budget=SMALL_BUDGET)
            from_json = ai.choose(
                name, game.to_json(state), seat, level=level, seed=index, budget=SMALL_BUDGET
            )
            assert first == again == from_json


def test_the_seed_matters_for_the_random_level():
    state, seat = positions("santiago", 2, seed=3, count=1)[0]
    codes = games.get("santiago").legal_codes(state, seat)
    picked = {ai.choose("santiago", state, seat, level="random", seed=s) for s in range(40)}
    assert len(picked) == len(codes) > 1


def test_bad_requests_are_refused():
    game = games.get("havana")
    state = game.new(2, 1)
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose("havana", state, 0, level="genius", seed=1)
    with pytest.raises(ValueError, match="unknown game"):
        ai.choose("chess", state, 0, level="random", seed=1)
    seat = game.pending(state)[0].seat
    state, _ = game.apply(state, seat, game.legal_codes(state, seat)[0])
    state, _ = game.apply(state, seat, game.legal_codes(state, seat)[0])
    with pytest.raises(ValueError, match="nothing to decide"):
        ai.choose("havana", state, seat, level="greedy", seed=1)


def test_greedy_sells_goods_the_ship_asks_for():
    """Greedy delivers when it can: price VP for a good beat keeping the good."""
    game = games.get("santiago")
    chooser = random.Random(4)
    state = game.new(2, 4)
    checked = 0
    while not game.is_over(state) and checked < 5:
        seat = game.pending(state)[0].seat
        codes = game.legal_codes(state, seat)
        if any(c.startswith("deliver:") for c in codes):
            assert ai.choose("santiago", state, seat, level="greedy", seed=1).startswith(
                "deliver:"
            ), codes
            checked += 1
        state, _ = game.apply(state, seat, chooser.choice(codes))
    assert checked == 5
