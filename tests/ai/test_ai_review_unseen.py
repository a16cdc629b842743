"""What no seat has seen yet, drawn again (`redraw_unseen`): the review's honesty check replays a
real moment many times, each with its own unseen future and every holding as it really was."""

from __future__ import annotations

import random

import ai
from ai import sampling_havana
from ai.models import MODELS


def _states(name: str, players: int, seed: int) -> list:
    """The states before each decision of a whole game of greedy seats."""
    model = MODELS[name]
    game = model.game
    state, states = game.new(players, seed, None), []
    for i in range(2000):
        if game.is_over(state):
            break
        states.append(state)
        seat = model.pending(state)[0][0]
        state, _ = game.apply(state, seat, ai.choose(name, state, seat, level="greedy", seed=i))
    return states


def _redrawn(name: str, before, first_seed: int, times: int) -> list[dict]:
    """The moment `before` redrawn `times` times by the game's model, from generators seeded
    `first_seed`, `first_seed + 1`..., as JSON."""
    model = MODELS[name]
    return [
        model.game.to_json(model.redraw_unseen(before, random.Random(first_seed + r)))
        for r in range(times)
    ]


def _without(data: dict, *fields: str) -> dict:
    return {k: v for k, v in data.items() if k not in fields}


def test_havana_redraw_deals_the_building_deck_again_and_keeps_every_holding():
    game = MODELS["havana"].game
    moments = [s for seed in (2, 3) for s in _states("havana", 3, seed)[::20]]
    moments = [s for s in moments if len(s.stack) > 2]
    assert len(moments) >= 4, "too few moments with a building deck: the test would prove little"
    for k, before in enumerate(moments):
        real = game.to_json(before)
        redrawn = _redrawn("havana", before, k * 10, 5)
        for data in redrawn:
            # Every hand, pick, discard pile and face-up card, the rows, the box and the bag.
            assert data["players"] == real["players"]
            assert _without(data, "stack", "rng") == _without(real, "stack", "rng")
            assert sorted(data["stack"]) == sorted(real["stack"])
        assert len({tuple(d["stack"]) for d in redrawn}) > 1
        assert len({d["rng"] for d in redrawn}) == 5
        assert game.to_json(before) == real, "the real moment is left as it was"


def test_two_havana_rollouts_from_one_moment_meet_other_buildings_and_cubes():
    # Played on with the same codes, two redraws of one moment refill the rows from the deck in
    # another order or draw other cubes; the seats' hands stay what they are.
    model = MODELS["havana"]
    game = model.game
    states = _states("havana", 3, 4)
    before = next(s for s in states if len(s.stack) > 8)
    differed = False
    for r in range(1, 6):
        a = sampling_havana.redraw_unseen(before, random.Random(0))
        b = sampling_havana.redraw_unseen(before, random.Random(r))
        assert [p.hand for p in a.players] == [p.hand for p in b.players]
        for i in range(400):
            if game.is_over(a) or game.is_over(b):
                break
            seat = model.pending(a)[0][0]
            code = ai.choose("havana", a, seat, level="greedy", seed=i)
            if seat != model.pending(b)[0][0] or code not in game.legal_codes(b, seat):
                differed = True
                break
            a, _ = game.apply(a, seat, code)
            b, _ = game.apply(b, seat, code)
            if (a.rows, a.bag, a.centre) != (b.rows, b.bag, b.centre):
                differed = True
                break
        if differed:
            break
    assert differed


def test_havana_redraw_is_the_same_for_the_same_generator():
    game = MODELS["havana"].game
    before = _states("havana", 4, 5)[10]
    one = sampling_havana.redraw_unseen(before, random.Random(9))
    two = sampling_havana.redraw_unseen(before, random.Random(9))
    assert game.to_json(one) == game.to_json(two)


def test_santiago_redraw_draws_only_the_future_dice():
    game = MODELS["santiago"].game
    moments = _states("santiago", 3, 6)[::40]
    for k, before in enumerate(moments):
        real = game.to_json(before)
        redrawn = _redrawn("santiago", before, k * 10, 4)
        for data in redrawn:
            assert _without(data, "rng") == _without(real, "rng")
        assert len({d["rng"] for d in redrawn}) == 4
        assert game.to_json(before) == real
