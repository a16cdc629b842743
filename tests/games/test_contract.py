"""Promises every game makes to the layers above it (storage, render, bot)."""

import json

import pytest

import games
from games.simulate import play_random


@pytest.mark.parametrize("name", games.NAMES)
def test_editing_the_json_of_a_state_never_changes_the_state(name):
    game = games.get(name)
    state, _ = play_random(name, 3, 11)
    before = json.dumps(game.to_json(state), sort_keys=True)
    data = game.to_json(state)
    for value in data.values():
        # Scribble over every list and dict the caller was handed, however deep.
        _scribble(value)
    assert json.dumps(game.to_json(state), sort_keys=True) == before


def _scribble(value):
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, list | dict):
                _scribble(item)
            else:
                value[index] = "x"
        value.append("x")
    elif isinstance(value, dict):
        for key in list(value):
            if isinstance(value[key], list | dict):
                _scribble(value[key])
            else:
                value[key] = "x"


@pytest.mark.parametrize("name", games.NAMES)
def test_every_game_offers_the_contract(name):
    game = games.get(name)
    assert isinstance(game, games.Game)
    assert game.min_players == 2 and game.max_players == 4
    assert str(game.title)
