"""Non-interference: what a computer seat plays depends only on what that seat may see.

Twin states differ only in information hidden from the seat (other screens, hands, discard piles
and secret picks, the order of the building deck, the generator of future dice): the seat's view
is equal, the states are not, and every level must choose the same code for the same seed.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from ai_helpers import SMALL_BUDGET, TWINS, positions

import ai
import games
from ai import models


def twin_pairs(name: str, players: int, games_played: int, count: int):
    """Twins of positions taken from `games_played` random games, up to `count` per game."""
    rng = random.Random(f"twins:{name}:{players}")
    pairs = []
    for index in range(games_played):
        for state, seat in positions(name, players, seed=100 * players + index, count=count):
            twin = TWINS[name](state, seat, rng)
            if twin is not None:
                pairs.append((state, twin, seat))
    assert len(pairs) >= games_played * 4, "too few twins: the test would prove little"
    return pairs


STRONG_PAIRS = 8  # the search is slower: it is checked on the first pairs only


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_information_does_not_change_the_move(name, players):
    game = games.get(name)
    for index, (state, twin, seat) in enumerate(twin_pairs(name, players, 4, count=60)):
        assert game.to_json(state) != game.to_json(twin)
        assert game.player_view(state, seat) == game.player_view(twin, seat)
        for level in ai.LEVELS:
            if level == "strong" and index >= STRONG_PAIRS:
                continue
            kwargs = dict(level=level, seed=index, budget=SMALL_BUDGET)
            assert ai.choose(name, state, seat, **kwargs) == ai.choose(name, twin, seat, **kwargs)


@pytest.mark.parametrize("name", games.NAMES)
def test_samples_of_twins_are_equal(name):
    """The sampled complete state itself is a function of the seat's view and the seed."""
    model = models.MODELS[name]
    for state, twin, seat in twin_pairs(name, 3, 1, count=20):
        a = model.determinize(state, seat, random.Random(9))
        b = model.determinize(twin, seat, random.Random(9))
        assert model.game.to_json(a) == model.game.to_json(b)
        assert model.game.legal_codes(a, seat) == model.game.legal_codes(state, seat)


@pytest.mark.parametrize(
    ("name", "level", "games_played"),
    [("santiago", "greedy", 2), ("havana", "greedy", 12), ("santiago", "strong", 1),
     ("havana", "strong", 1)],
)  # fmt: skip
def test_twins_catch_a_player_that_reads_hidden_state(name, level, games_played, monkeypatch):
    """The twins have teeth: the same level playing on the true state instead of a sample (so
    reading the other screens, hands and the generator) is caught on some pair."""

    def leaky(state, _seat, _rng):
        return state

    monkeypatch.setitem(
        models.MODELS, name, dataclasses.replace(models.MODELS[name], determinize=leaky)
    )
    rng = random.Random(1)
    for index in range(games_played):
        for state, seat in positions(name, 3, seed=index, count=200):
            twin = TWINS[name](state, seat, rng)
            if twin is None:
                continue
            kwargs = dict(level=level, seed=index, budget=SMALL_BUDGET)
            if ai.choose(name, state, seat, **kwargs) != ai.choose(name, twin, seat, **kwargs):
                return
    pytest.fail("no twin told the leaky player apart")
