"""The strong level's memory of greedy choices in its rollouts is a shortcut, never a change of
play: it must pick the same moves as a search that works every choice out again."""

from __future__ import annotations

import dataclasses
import random

import pytest
from ai_helpers import SMALL_BUDGET, positions

import games
from ai.mcts import search
from ai.models import MODELS


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_remembering_greedy_choices_changes_no_move(name, players):
    model = MODELS[name]
    forgetful = dataclasses.replace(model, key=None)
    for index, (state, seat) in enumerate(positions(name, players, seed=players * 7, count=6)):
        remembered = search(model, state, seat, random.Random(index), SMALL_BUDGET)
        worked_out = search(forgetful, state, seat, random.Random(index), SMALL_BUDGET)
        assert remembered == worked_out, (index, remembered, worked_out)
